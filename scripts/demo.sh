#!/usr/bin/env bash
# `make demo`: a scripted fight on a temp copy of an example encounter, printing each post.
# The copy gets a fixed dice seed so the demo tells the same story every time; a few faces are
# supplied with --dice (as a GM copying a forum roller would) to show a critical.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fight="$work/goblin-ambush.toml"
cp "$here/encounters/goblin-ambush.toml" "$fight"
printf '\n[dice]\nseed = "%s"\n' "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d0" \
  >> "$fight"
export PBWCOMBAT_NOW="2026-11-29T20:00:00Z"

step() {
  printf '\n\033[1m$ pbwcombat %s\033[0m\n' "$*"
  pbwcombat "$@"
}

echo "Demo encounter: a copy of encounters/goblin-ambush.toml in $work"
step validate "$fight"
step dice commit "$fight"
step roll-initiative "$fight" --dice 18,15,4,9,12
step show "$fight" --map
# Round 1, one command at a time.
step move "$fight" aldric 4,2
step attack "$fight" aldric snag --dice 19,17
step next "$fight"
step attack "$fight" mira nit --weapon longbow
step next "$fight"
step attack "$fight" nit mira
step next "$fight"
step disengage "$fight" grak --to 6,2
step attack "$fight" grak aldric
step next "$fight"
step intercept "$fight" brother-tom mira
step next "$fight"
# Round 2, declared by the players and resolved in one post.
step declare "$fight" aldric attack grak --weapon longsword
step declare "$fight" mira attack grak --weapon longbow
step declare "$fight" nit attack mira
step declare "$fight" grak attack aldric
step declare "$fight" brother-tom move 5,3
step show "$fight" --format plain
step resolve "$fight"
step map "$fight" --format markdown
step hp "$fight" grak,nit -2d6 --lang es
step log "$fight" --last 1 --format plain
step undo "$fight"
step verify "$fight"
printf '\nThe demo ran on a copy; encounters/ is untouched.\n'
