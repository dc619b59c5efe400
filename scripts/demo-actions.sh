#!/usr/bin/env bash
# A second scripted fight (run by `make demo` after demo.sh): actions beyond attacks, on temp
# copies of encounters/mill-fight.toml (English) and encounters/pelea-en-el-molino.toml
# (Spanish). The party joins from the roster encounters/party.toml (`add --from`); a spell
# with a saving throw, a potion, a full attack, a declined attack of opportunity, an ad hoc
# action and goblin reinforcements (`add --like … --initiative`). Fixed seeds and a few
# supplied faces (--dice) make the story the same every time.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fight="$work/mill-fight.toml"
cp "$here/encounters/mill-fight.toml" "$fight"
printf '\n[dice]\nseed = "%s"\n' "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d1" \
  >> "$fight"
export PBWCOMBAT_NOW="2026-11-29T20:00:00Z"

step() {
  printf '\n\033[1m$ pbwcombat %s\033[0m\n' "$*"
  pbwcombat "$@"
}

echo "Demo encounter: copies of encounters/mill-fight.toml and pelea-en-el-molino.toml in $work"
step validate "$fight"
# The party comes from the roster, each on its square.
step add "$fight" --from "$here/encounters/party.toml" --at 2,2 1,3 1,2
step roll-initiative "$fight" --dice 12,5,8,16,18,9
# Round 1. Mira holds Krag (Will save, negates; paralyzed until her 2nd next turn).
step action "$fight" mira hold-person --target krag --dice 6
step next "$fight"
# Aldric's full attack (attacks = [6, 1]): Snag drops to the first blow, so the second has
# no standing target named after him and is not made (R-ACT-5).
step attack "$fight" aldric snag --full --dice 15,4
step next "$fight"
step next "$fight"          # Snag is disabled; the GM passes; Krag is paralyzed (skipped)
step action "$fight" brother-tom --text "raises his holy symbol and prays" --cost standard
step next "$fight"
# Grub runs past Aldric to reach Mira; Aldric's player: "I let the goblin go".
step move "$fight" grub 2,4 --no-aoo aldric
step attack "$fight" grub mira --dice 18,6
step next "$fight"
# Round 2. Burning Hands next to Grub provokes his attack of opportunity first (R-ACT-2),
# then Grub's Reflex save (half damage on a success); then Mira draws her dagger, a row of the
# built-in Actions in Combat table (a move action that does not provoke, R-ACT-8). Her potion
# (`kind = "drink-potion"`) is a standard action, as the SRD says: it waits for another turn.
step action "$fight" mira burning-hands --target grub --dice 3,15,3,2
step action "$fight" mira draw-weapon --text "her silver dagger"
step next "$fight"
# Three more goblins come round the mill and roll initiative at once.
step add "$fight" goblin --like grub --count 3 --name Goblin --at 9,1 9,3 9,5 --initiative
# Aldric steps 5 ft and makes a full attack (a 5-ft step is allowed with it).
step move "$fight" aldric 2,3 --step
step attack "$fight" aldric grub --full --dice 5,16,3
step show "$fight" --map --format plain
step log "$fight" --last 3 --format plain

# The same kind of fight in Spanish, the party written in the file itself.
pelea="$work/pelea-en-el-molino.toml"
cp "$here/encounters/pelea-en-el-molino.toml" "$pelea"
printf '\n[dice]\nseed = "%s"\n' "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000e5" \
  >> "$pelea"
step roll-initiative "$pelea" --dice 17,15,9,4,2
# Manos ardientes: Rasguño falla la salvación de Reflejos, Mordisco la supera (mitad).
step action "$pelea" mira manos-ardientes --target rasguno,mordisco --dice 8,16,3,4
step next "$pelea"
# Ataque completo: Rasguño ya ha caído, así que el primer golpe va a Mordisco.
step attack "$pelea" aldric rasguno,mordisco --full --dice 14,5,2
step next "$pelea"
# El resto del asalto, declarado: el hermano Tomás bebe su poción; Mordisco ataca a Aldric.
step declare "$pelea" hermano-tomas action pocion --target hermano-tomas
step declare "$pelea" mordisco move 5,1 --withdraw
step resolve "$pelea"
step verify "$fight"
printf '\nThe demo ran on copies; encounters/ is untouched.\n'
