#!/usr/bin/env bash
# A third scripted fight (run by `make demo` after demo-actions.sh): set up in four commands
# from the sources a GM already has. Two orcs and an ogre come from the bundled SRD 3.5
# bestiary (`add --srd`), a kobold from a stat block pasted in the SRD's layout
# (`add --statblock -`), the party from its roster (`add --from`); `odds` says how it may go,
# a round is declared and resolved (the monsters by standing orders), and `party save`
# writes the PCs' state back to (a copy of) the roster.
# A fixed seed and a few supplied faces make the story the same every time.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fight="$work/orc-raid.toml"
roster="$work/party.toml"
cp "$here/encounters/party.toml" "$roster"
cat > "$fight" <<'TOML'
name = "Orc raid at the ford"
lang = "en"
format = "plain"

[rules]
default_action = "attack-nearest"

[dice]
seed = "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d2"
TOML
export PBWCOMBAT_NOW="2026-11-29T20:00:00Z"

step() {
  printf '\n\033[1m$ pbwcombat %s\033[0m\n' "$*"
  pbwcombat "$@"
}

echo "Demo encounter: $fight (a roster copy beside it)"
step srd search orc
step srd show ogre
step add "$fight" orc --srd orc --count 2 --side raiders --at 3,2 3,3
step add "$fight" brute --srd ogre --side raiders --roll-hp --at 5,2
printf '\n\033[1m$ pbwcombat add %s %s < kobold.txt\033[0m\n' "$fight" \
  "--statblock - --name Kobold --side raiders --at 4,4"
pbwcombat add "$fight" --statblock - --name Kobold --side raiders --at 4,4 \
  < "$here/tests/data/statblocks/kobold-1st-level-warrior.txt"
step add "$fight" --from "$roster" --at 2,2 1,3 2,3
step odds "$fight" --runs 300 --seed 26 --jobs 1
step roll-initiative "$fight"
step show "$fight" --map
step declare "$fight" aldric attack orc-1 --weapon longsword
step declare "$fight" brother-tom attack orc-2 --weapon mace
step resolve "$fight"
step party save "$fight" "$roster"
printf '\nThe demo ran on copies; encounters/ is untouched.\n'
