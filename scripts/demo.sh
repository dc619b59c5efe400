#!/usr/bin/env bash
# `make demo`: a short scripted fight on a temp copy of an example encounter, printing each post.
# Dice are supplied with --dice where the demo needs a particular outcome (a critical, a failed
# disengage); everything else comes from the encounter's own generator.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fight="$work/goblin-ambush.toml"
cp "$here/encounters/goblin-ambush.toml" "$fight"
export PBWCOMBAT_NOW="2026-11-29T20:00:00Z"

step() {
  printf '\n\033[1m$ pbwcombat %s\033[0m\n' "$*"
  pbwcombat "$@"
}

step validate "$fight"
step roll-initiative "$fight" --dice 18,15,4,9,12
step show "$fight" --map
step move "$fight" aldric 4,2
step attack "$fight" aldric grak --dice 19,17,6 --format plain
step next "$fight"
step intercept "$fight" mira aldric --force --dry-run
step attack "$fight" mira nit --format plain
step next "$fight"
step move "$fight" snag 3,3 --dice 3 --format plain
step attack "$fight" snag aldric --format plain
step next "$fight"
step attack "$fight" nit mira --format plain
step next "$fight"
step disengage "$fight" grak --dice 2,15
step next "$fight"
step roll "$fight" 1d20+2 --who brother-tom --reason "Heal check"
step hp "$fight" aldric +1d8
step next "$fight" --lang es
step log "$fight" --last 2 --format plain
step undo "$fight"
step show "$fight" --format markdown
printf '\nThe demo ran on a copy (%s); the example in encounters/ is untouched.\n' "$fight"
