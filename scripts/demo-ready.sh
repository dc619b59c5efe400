#!/usr/bin/env bash
# The door ambush (run by `make demo`): readied actions as a forum GM plays them (R-RDY).
# On Monday Mira's player posts "if the goblin comes through the door, I shoot it" and
# Aldric's "and if it runs past me, I swing"; on Wednesday the goblin's turn comes, it moves,
# and both readied attacks fire in the middle of its move, in initiative order. The same
# fight then in Spanish. Fixed seeds and supplied faces (--dice) tell the same story every
# time.
set -euo pipefail
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step() {
  printf '\n\033[1m$ pbwcombat %s\033[0m\n' "$*"
  pbwcombat "$@"
}

# The corridor: Mira (bow) at the far end, Aldric beside it, the door at (5,2), the goblin
# behind it. $1 file, $2 language, $3 the goblin's name, $4 the bow's, $5 the sword's, $6 the
# encounter's.
hall() {
  cat > "$1" <<EOF
schema = 1
name = "$6"
lang = "$2"
format = "plain"

[dice]
seed = "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000a7"

[[combatants]]
id = "mira"
name = "Mira"
gender = "f"
side = "heroes"
pc = true
player = "Ana"
defense = 14
hp = 16
position = [0, 2]

[[combatants.weapons]]
id = "bow"
name = "$4"
kind = "ranged"
attack = 5
damage = "1d8"
range = 12

[[combatants]]
id = "aldric"
name = "Aldric"
side = "heroes"
pc = true
player = "Bruno"
defense = 16
hp = 22
position = [3, 3]

[[combatants.weapons]]
id = "sword"
name = "$5"
attack = 5
damage = "1d8+2"

[[combatants]]
id = "gob"
name = "$3"
side = "monsters"
defense = 13
hp = 9
position = [7, 2]

[[combatants.weapons]]
id = "spear"
name = "Spear"
attack = 2
damage = "1d8"
EOF
}

play() {
  local fight="$1"
  # Monday evening: initiative, and the two players post their readied actions.
  export PBWCOMBAT_NOW="2026-11-30T19:00:00Z"
  step roll-initiative "$fight" --dice 17,12,8
  step ready "$fight" mira attack any --weapon bow --when enters:5,2
  step next "$fight"
  step ready "$fight" aldric attack any --when passes
  step show "$fight"           # what the players see: the plans, not the triggers
  step show "$fight" --gm      # what the GM sees
  # Wednesday: the goblin's turn. It moves through the door: Mira's arrow flies when it
  # enters (5,2); Aldric swings when it comes within his reach at (4,2), and, engaged, it
  # must disengage to run on past him (R-RDY-4): it fails and stops there.
  export PBWCOMBAT_NOW="2026-12-02T18:30:00Z"
  step next "$fight"
  step move "$fight" gob 1,2 --dice 12,3,4,3,17
  step show "$fight" --gm --map
  # Thursday: round 2 begins. Mira's and Aldric's places in the order are now just before
  # the goblin (R-RDY-3).
  export PBWCOMBAT_NOW="2026-12-03T09:00:00Z"
  step next "$fight"
  step log "$fight" --last 2 --format plain
}

fight="$work/door.toml"
hall "$fight" en Goblin Longbow Longsword "The door"
echo "Demo encounter (English): $fight"
play "$fight"

puerta="$work/puerta.toml"
hall "$puerta" es Trasgo "Arco largo" "Espada larga" "La puerta"
echo
echo "Encuentro de demostración (español): $puerta"
play "$puerta"
