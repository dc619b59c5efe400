#!/usr/bin/env bash
# A scripted fight of the d20 action menu (run by `make demo`): a charge, a spell cast
# defensively, aid another, a coup de grace on a sleeping guard, a trip in a full attack and a
# flanked, half-covered archer (R-ACT-8…12, R-CIR-1), posted once in English and once in
# Spanish. Supplied faces (--dice) make the story the same every time.
set -euo pipefail
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PBWCOMBAT_NOW="2026-11-30T20:00:00Z"

step() {
  printf '\n\033[1m$ pbwcombat %s\033[0m\n' "$*"
  pbwcombat "$@"
}

write_fight() {  # $1 file, $2 lang
  cat > "$1" <<EOF
schema = 1
name = "The ogre's bridge"
lang = "$2"
format = "plain"

[dice]
seed = "5eed0f0a0bbc0ba7de000000000000000000000000000000000000000000a8e1"

[[combatants]]
id = "guard"
name = "Goblin guard"
side = "monsters"
defense = 12
hp = 9
position = [3, 5]
saves = { fort = 1, will = 0 }

[[combatants.weapons]]
id = "spear"
name = "Spear"
attack = 2
damage = "1d8"

[[combatants]]
id = "aldric"
name = "Aldric"
side = "party"
pc = true
player = "Ann"
defense = 15
hp = 30
str_mod = 3
position = [0, 0]

[[combatants.weapons]]
id = "sword"
name = "Longsword"
attack = 6
damage = "1d8+3"
attacks = [6, 1]

[[combatants]]
id = "mira"
name = "Mira"
side = "party"
pc = true
player = "Bea"
gender = "f"
defense = 13
hp = 14
concentration = 6
feats = ["combat-casting"]
position = [3, 4]

[[combatants.weapons]]
id = "dagger"
name = "Dagger"
attack = 2
damage = "1d4"

[[combatants.actions]]
id = "sleep"
name = "Sleep"
spell_level = 1
dc = 13
save = "will"
condition = "unconscious"
uses = 2

[[combatants]]
id = "tom"
name = "Brother Tom"
side = "party"
pc = true
player = "Cal"
defense = 16
hp = 20
skills = { heal = 6 }
position = [7, 1]

[[combatants.weapons]]
id = "mace"
name = "Mace"
attack = 3
damage = "1d8"

[[combatants]]
id = "ogre"
name = "Ogre"
side = "monsters"
defense = 12
hp = 40
str_mod = 5
size = "large"
position = [6, 0]

[[combatants.weapons]]
id = "club"
name = "Greatclub"
attack = 8
damage = "2d8+5"

[[combatants]]
id = "archer"
name = "Goblin archer"
side = "monsters"
defense = 12
hp = 8
position = [8, 2]

[[combatants.weapons]]
id = "bow"
name = "Shortbow"
kind = "ranged"
attack = 3
damage = "1d6"
range = 12
EOF
}

play() {  # $1 lang
  local fight="$work/bridge-$1.toml"
  write_fight "$fight" "$1"
  echo
  echo "== The ogre's bridge ($1): $fight =="
  step validate "$fight"
  step roll-initiative "$fight" --dice 20,18,16,14,5,3
  step next "$fight"                                   # the guard waits
  # Round 1. Aldric charges the ogre: a straight line to the nearest square, +2, −2 Defense.
  step attack "$fight" aldric ogre --charge --dice 16,5
  step next "$fight"
  # Mira, next to the guard, casts Sleep defensively: concentration instead of an AoO.
  step action "$fight" mira sleep --target guard --defensively --dice 9,4
  step next "$fight"
  # Brother Tom aids Aldric against the ogre: +2 on Aldric's next attack roll against it.
  step action "$fight" tom aid-another --target aldric --against ogre --dice 12
  step next "$fight"
  # The ogre swings at the charging Aldric (−2 Defense until his turn).
  step attack "$fight" ogre aldric --dice 7,3,2
  step next "$fight"
  step next "$fight"                                   # the archer waits
  # Round 2 (the sleeping guard's turn passes). Aldric's full attack: the first roll a trip.
  step attack "$fight" aldric ogre --full --trip --dice 3,15,18,4,14,6
  step next "$fight"
  # Mira finishes the sleeping guard: a coup de grace, automatic critical, Fortitude or die.
  step action "$fight" mira coup-de-grace --target guard --dice 3,4,5
  step next "$fight"
  # Tom strikes the archer, flanked (with Aldric's help from across) and half behind a cart.
  step attack "$fight" tom archer --flanking --cover half --dice 12,5
  step show "$fight" --format plain
}

play en
play es
