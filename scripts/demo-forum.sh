#!/usr/bin/env bash
# A forum round that runs while the GM sleeps (run by `make demo`): three days of cron-like
# calls on a temp copy of encounters/mill-fight.toml with the party joined from the roster.
# Every round is declared (rules.flow = "declared"), with the file's 48-hour deadline. The clock is
# PBWCOMBAT_NOW, stepped six hours at a time; at each step "cron" runs
#   pbwcombat remind FILE --if-due 12h
#   pbwcombat resolve FILE --when-all-declared --if-idle 48h
# and posts whatever they print (nothing printed, nothing written, when nothing is due).
# Aldric declares with fallbacks, Brother Tom's player is away (his character follows its
# orders), Mira's player is reminded once and declares a plan; the round resolves at the
# first cron run after the last declaration, long before the deadline.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fight="$work/mill-fight.toml"
cp "$here/encounters/mill-fight.toml" "$fight"
printf '\n[dice]\nseed = "%s"\n' "f0f0f0f0a0bbc0ba7de0000000000000000000000000000000000000000000d2" \
  >> "$fight"
start=$(date -u -d "2026-12-01T20:00:00Z" +%s)

at() {  # the clock, HOURS after the start of the round
  PBWCOMBAT_NOW="$(date -u -d "@$((start + $1 * 3600))" +%Y-%m-%dT%H:%M:%SZ)"
  export PBWCOMBAT_NOW
}

step() {
  printf '\n\033[1m[%s] $ pbwcombat %s\033[0m\n' "$PBWCOMBAT_NOW" "$*"
  pbwcombat "$@"
}

cron() {  # what the crontab of docs/en/forum.md runs every hour (here every six)
  local out
  out="$(pbwcombat remind "$fight" --if-due 12h)"
  if [ -n "$out" ]; then printf '\n\033[1m[%s] cron: remind\033[0m\n%s\n' "$PBWCOMBAT_NOW" "$out"; fi
  out="$(pbwcombat resolve "$fight" --when-all-declared --if-idle 48h)"
  if [ -n "$out" ]; then printf '\n\033[1m[%s] cron: resolve\033[0m\n%s\n' "$PBWCOMBAT_NOW" "$out"; fi
}

echo "Demo encounter: a copy of encounters/mill-fight.toml in $work"
at 0
step add "$fight" --from "$here/encounters/party.toml" --at 2,2 1,3 1,2
step set "$fight" rules.flow declared
# Orders for when nobody decides: the goblins run when their boss falls; Brother Tom heals.
step orders "$fight" krag "hp < 30% -> flee" "attack-weakest"
step orders "$fight" snag "down krag -> flee" "attack nearest"
step orders "$fight" grub "down krag -> flee" "attack nearest"
step orders "$fight" brother-tom "ally-down -> action cure --target weakest-ally" \
  "attack nearest"
step roll-initiative "$fight"
step show "$fight"

# Day 1. Aldric's player declares with fallbacks; Brother Tom's player will be away.
at 2
step declare "$fight" aldric attack snag --else attack grub --else move 3,2
at 3
step absent "$fight" brother-tom --until 3d
for hour in 6 12 18 24 30; do at "$hour"; cron; done
# Day 2. The deadline (48 h) is 12 hours away at hour 36: Mira's player is reminded, once.
for hour in 36; do at "$hour"; cron; done
at 39
step declare "$fight" mira move 2,3 then action burning-hands --target grub
step show "$fight"
# The next cron run resolves at once: everyone with a player has declared or is absent.
for hour in 42 48 54 60 66 72; do at "$hour"; cron; done
step show "$fight"
