#!/usr/bin/env bash
# A scripted fight decided by conditions (run by `make demo`): Sleep leaves two goblins
# unconscious, an entangling net holds the ogre (save ends, R-CND-6), and burning oil keeps
# burning him at each of his turn starts until he falls (ongoing damage, R-CND-6). Posted in
# English (Markdown) and in Spanish (BBCode); `DEMO_FORMAT=markdown|bbcode|plain` prints both
# in one format. Every die is supplied (--dice) or comes from a fixed seed, so the story is the
# same every time; tests/test_demo_conditions.py renders its posts in markdown-it-py and bbcode.
set -euo pipefail
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PBWCOMBAT_NOW="2026-11-29T20:00:00Z"
format=()
if [ -n "${DEMO_FORMAT:-}" ]; then format=(--format "$DEMO_FORMAT"); fi

step() {
  printf '\n\033[1m$ pbwcombat %s\033[0m\n' "$*"
  pbwcombat "$@" ${format[@]+"${format[@]}"}
}

chapel="$work/ruined-chapel.toml"
cat > "$chapel" <<'TOML'
schema = 1
name = "The Ruined Chapel"
lang = "en"
format = "markdown"

[sides.party]
name = "the party"

[sides.raiders]
name = "the raiders"

[[combatants]]
id = "mira"
name = "Mira"
side = "party"
pc = true
player = "ana"
gender = "f"
initiative_mod = 2
dex_mod = 2
defense = 12
hp = 14
position = [1, 2]
saves = { fort = 1, ref = 3, will = 4 }

[[combatants.weapons]]
name = "Dagger"
attack = 1
damage = "1d4"

[[combatants.actions]]
id = "sleep"
name = "Sleep"
provokes = true
range = 20
dc = 13
save = "will"
on_save = "negates"
condition = "unconscious"
condition_rounds = 10
uses = 1

[[combatants]]
id = "aldric"
name = "Aldric"
side = "party"
pc = true
player = "bo"
initiative_mod = 1
defense = 17
hp = 28
position = [3, 2]
saves = { fort = 5, ref = 1, will = 1 }

[[combatants.weapons]]
name = "Longsword"
attack = 6
damage = "1d8+3"
crit_range = 19

[[combatants.actions]]
id = "net"
name = "Net"
range = 2
dc = 15
save = "ref"
on_save = "negates"
condition = "entangled"
condition_save = true
uses = 1

[[combatants]]
id = "tom"
name = "Brother Tom"
side = "party"
pc = true
player = "cy"
defense = 15
hp = 22
position = [2, 3]
saves = { fort = 4, ref = 0, will = 5 }

[[combatants.weapons]]
name = "Mace"
attack = 3
damage = "1d8+1"

[[combatants.actions]]
id = "oil"
name = "Burning oil"
range = 4
dc = 15
save = "ref"
on_save = "half"
damage = "1d6"
energy = "fire"
condition = "on-fire"
condition_save = true
condition_damage = "1d6"
uses = 2

[[combatants]]
id = "grak"
name = "Grak"
side = "raiders"
initiative_mod = -1
dex_mod = -1
defense = 13
hp = 26
position = [5, 2]
saves = { fort = 6, ref = 0, will = 1 }

[[combatants.weapons]]
name = "Greatclub"
attack = 8
damage = "2d8+7"
reach = 1

[[combatants]]
id = "snag"
name = "Snag"
side = "raiders"
initiative_mod = 1
dex_mod = 1
defense = 15
hp = 5
position = [8, 1]
saves = { fort = 2, ref = 1, will = -1 }

[[combatants.weapons]]
name = "Morningstar"
attack = 2
damage = "1d8"

[[combatants]]
id = "nit"
name = "Nit"
side = "raiders"
initiative_mod = 1
dex_mod = 1
defense = 15
hp = 5
position = [8, 3]
saves = { fort = 2, ref = 1, will = -1 }

[[combatants.weapons]]
name = "Morningstar"
attack = 2
damage = "1d8"

[dice]
seed = "c0de5eed00000000000000000000000000000000000000000000000000000027"
TOML
# The same encounter in Spanish: names, ids and the file's language changed, nothing else.
capilla="$work/capilla-en-ruinas.toml"
sed -e 's/^name = "The Ruined Chapel"$/name = "La capilla en ruinas"/' \
    -e 's/^lang = "en"$/lang = "es"/' -e 's/^format = "markdown"$/format = "bbcode"/' \
    -e 's/"the party"/"el grupo"/' -e 's/"the raiders"/"los saqueadores"/' \
    -e 's/"Brother Tom"/"Hermano Tomás"/' -e 's/"tom"/"tomas"/' \
    -e 's/"Sleep"/"Dormir"/' -e 's/"sleep"/"dormir"/' -e 's/"Net"/"Red"/' -e 's/"net"/"red"/' \
    -e 's/"Burning oil"/"Aceite ardiendo"/' -e 's/"oil"/"aceite"/' \
    -e 's/"on-fire"/"en-llamas"/' -e 's/"Dagger"/"Daga"/' -e 's/"Longsword"/"Espada larga"/' \
    -e 's/"Mace"/"Maza"/' -e 's/"Greatclub"/"Gran garrote"/' \
    -e 's/"Morningstar"/"Lucero del alba"/' \
    -e 's/"snag"/"rasguno"/' -e 's/"Snag"/"Rasguño"/' -e 's/"nit"/"mordisco"/' \
    -e 's/"Nit"/"Mordisco"/' "$chapel" > "$capilla"

echo "Demo encounters (conditions): $chapel and $capilla"

# fight FILE SLEEP GOBLINS NET TOM OIL: the story, with the ids of FILE's language.
fight() {
  local f="$1" sleep="$2" goblins="$3" net="$4" tom="$5" oil="$6"
  # Round 1. Mira's Sleep: both goblins fail their Will saves and fall unconscious
  # (helpless; out of the fight for R-TRN-6 while they sleep).
  step roll-initiative "$f" --dice 18,15,9,12,6,4
  step action "$f" mira "$sleep" --target "$goblins" --dice 7,9
  step next "$f"
  # Aldric closes in and throws his net: Grak fails his Reflex save and is entangled
  # (-2 attack, -2 Defense, half speed) until a Reflex save at the end of his turn.
  step move "$f" aldric 4,2
  step action "$f" aldric "$net" --target grak --dice 8
  step next "$f"
  # Grak swings at -2 and misses; his end-of-turn save fails.
  step attack "$f" grak aldric --dice 7
  step next "$f" --dice 9
  # Brother Tom's burning oil: 1d6 fire now, and Grak is on fire (1d6 at each of his turn
  # starts, until a Reflex save).
  step action "$f" "$tom" "$oil" --target grak --dice 5,4
  step next "$f"
  # Round 2. Aldric hits the entangled ogre (Defense 13 - 2).
  step next "$f"
  step attack "$f" aldric grak --dice 14,8
  # Grak burns at his turn start, hits Aldric, and fails both saves.
  step next "$f" --dice 6
  step attack "$f" grak aldric --dice 12,3,4
  step next "$f" --dice 3,11
  step next "$f"
  # Round 3. Aldric misses; the fire drops Grak at his own turn start (his bleed, his two
  # saves: a skipped turn counts): the goblins sleep on, and the fight is over.
  step next "$f"
  step attack "$f" aldric grak --dice 2
  step next "$f" --dice 6,66,16,13
  step show "$f"
  step verify "$f"
}

fight "$chapel" sleep snag,nit net tom oil
fight "$capilla" dormir rasguno,mordisco red tomas aceite
printf '\nThe demo ran on temporary files.\n'
