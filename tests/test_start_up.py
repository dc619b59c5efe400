"""Issue 29, start-up: what each command imports and compiles is deferred to where it is
needed, and deferring never changes what a command does.

The patterns compiled on first use (`pbwcombat.patterns`) are skipped when a cheap test shows
they cannot match; those tests must give exactly what the pattern gives (R-OUT-7)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from helpers import ENCOUNTERS, NOW

from pbwcombat.render import markup
from pbwcombat.rules import ALWAYS

PBW = str(Path(sys.executable).parent / "pbwcombat")

TEXTS = [
    "hero", "Ogre", "Gob 8)", "O:-) saint", "smile :) again", "no smile : ) here", "???",
    "bob@host.tld", "see www.example.com now", "https://x.org/a", "a.b", "end.", "3.5",
    "mailto:bob", "C:-)", "::)", "ratio 8O", "Orc chief", "x:y", "www2.site",
]


@pytest.mark.parametrize("text", TEXTS)
def test_R_OUT_7_unsmiley_skips_only_text_without_a_smiley_code(text: str) -> None:
    full = markup._SMILEY().sub(lambda m: m.group(0).translate(markup._FULLWIDTH), text)
    assert markup.unsmiley(text) == full


@pytest.mark.parametrize("text", TEXTS)
def test_R_OUT_7_unlink_skips_only_text_without_a_colon_or_a_dot(text: str) -> None:
    full = markup._SCHEME().sub(markup.FULLWIDTH_COLON, text)
    full = markup._HOSTLIKE().sub(lambda m: m.group(0).replace(".", markup.ONE_DOT_LEADER),
                                  full)
    assert markup.unlink(text) == full


# -- the rule families, imported per action type (pbwcombat.dispatch, rules.NEEDS) -----------

SEED = "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d1"
# Every action type at least once, legal or refused alike (a refusal compares too: its exit
# code and words), on the demo's mill fight with the party added.
LINE = [
    ["validate"], ["add", "--from", "{party}", "--at", "2,2", "1,3", "1,2"],
    ["dice", "commit"], ["dice", "salt", "players-chose-this"],
    ["roll-initiative", "--dice", "12,5,8,16,18,9"],
    ["action", "mira", "hold-person", "--target", "krag", "--dice", "6"], ["next"],
    ["attack", "aldric", "snag", "--full", "--dice", "15,4"], ["next"], ["next"],
    ["action", "brother-tom", "--text", "prays", "--cost", "standard"], ["next"],
    ["move", "grub", "2,4", "--no-aoo", "aldric"], ["attack", "grub", "mira", "--dice", "18,6"],
    ["hp", "grub", "-3"], ["condition", "grub", "prone"], ["roll", "1d20+2", "--who", "grub"],
    ["ready", "grub", "attack", "mira", "--when", "mira moves"], ["next"],
    ["intercept", "brother-tom", "mira"], ["delay", "brother-tom"], ["act", "brother-tom"],
    ["disengage", "mira", "--to", "0,0"], ["set", "krag", "defense", "14"],
    ["orders", "snag", "--rule", "always: attack-nearest"], ["absent", "snag", "--until", "2d"],
    ["remind"], ["next", "--if-idle", "1h"],
    ["add", "goblin", "--like", "grub", "--count", "2", "--at", "9,1", "9,3", "--initiative"],
    ["declare", "krag", "attack", "aldric"], ["resolve"], ["show"], ["log", "--last", "3"],
    ["map"], ["undo"], ["remove", "grub"], ["end"], ["verify"],
]

# One interpreter with every family loaded before the first command: the reference.
ALL_LOADED = """
import contextlib, io, json, sys
import pbwcombat.rules
pbwcombat.rules.families()
from pbwcombat.cli import main
results = []
for argv in json.loads(sys.argv[1]):
    out, err, code = io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as e:
            code = e.code or 0
    results.append([code, out.getvalue(), err.getvalue()])
print(json.dumps(results))
"""


def _mill_fight(folder: Path) -> Path:
    fight = folder / "mill-fight.toml"
    fight.write_text((ENCOUNTERS / "mill-fight.toml").read_text()
                     + f'\n[dice]\nseed = "{SEED}"\n')
    return fight


def _unchained(text: str) -> str:
    """A post without its chain mark lines (R-LOG-8: random digits each run)."""
    return "\n".join(line for line in text.splitlines() if "\u26d3" not in line)


def _argv(words: list[str], fight: Path) -> list[str]:
    words = [w.format(party=ENCOUNTERS / "party.toml") for w in words]
    at = 2 if words[0] == "dice" else 1
    return [*words[:at], str(fight), *words[at:]]


def test_every_action_posts_as_with_every_rule_family_loaded(tmp_path: Path) -> None:
    """Each command in a fresh interpreter (the families its action needs, imported as it
    meets them) gives the post, the exit code, the words on stderr and the file that one
    interpreter with every family loaded first gives, command after command."""
    env = dict(os.environ, PBWCOMBAT_NOW=NOW)
    lazy_dir, full_dir = tmp_path / "lazy", tmp_path / "full"
    lazy_dir.mkdir()
    full_dir.mkdir()
    lazy_fight, full_fight = _mill_fight(lazy_dir), _mill_fight(full_dir)
    done = subprocess.run([sys.executable, "-c", ALL_LOADED,
                           json.dumps([_argv(w, full_fight) for w in LINE])],
                          env=env, capture_output=True, text=True, timeout=600, check=True)
    reference = json.loads(done.stdout)
    for words, (code, out, err) in zip(LINE, reference, strict=True):
        ran = subprocess.run([PBW, *_argv(words, lazy_fight)], env=env, capture_output=True,
                             text=True, timeout=120, check=False)
        where = " ".join(words)
        out, err = (text.replace(str(full_dir), str(lazy_dir)) for text in (out, err))
        assert ran.returncode == code, (where, ran.stderr)
        assert _unchained(ran.stdout) == _unchained(out), where
        assert ran.stderr == err, where
    assert lazy_fight.read_text() == full_fight.read_text()
    assert [code for code, _, _ in reference].count(0) >= len(LINE) * 2 // 3  # mostly applied


def test_an_attack_imports_the_families_it_needs_not_every_family(tmp_path: Path) -> None:
    """Issue 29: the first attack of a command imports its own family (charge, which handles
    `attack`), the one that guards it (confusion) and `rules.ALWAYS`, not, say, newcomers."""
    fight = _mill_fight(tmp_path)
    probe = """
import sys
from pbwcombat.cli import main
main(sys.argv[1:])
loaded = {m.rpartition(".")[2] for m in sys.modules if m.startswith("pbwcombat.rules.")}
sys.stderr.write(" ".join(sorted(loaded)))
"""
    env = dict(os.environ, PBWCOMBAT_NOW=NOW)
    for words in LINE[1], LINE[4]:  # the party joins, initiative
        subprocess.run([PBW, *_argv(words, fight)], env=env, check=True, capture_output=True)
    done = subprocess.run([sys.executable, "-c", probe, "attack", str(fight), "aldric", "snag",
                           "--force", "--dice", "15,4"], env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    loaded = set(done.stderr.split())
    assert {"charge", "confusion", *ALWAYS} <= loaded, done.stderr
    assert not {"newcomers", "gm_set", "rolls", "initiative", "declared"} & loaded


def test_each_fold_is_registered_for_the_event_type_it_is_annotated_with() -> None:
    """evolve's folds name their event type twice, in `register(…)` (cheap at import) and in
    the annotation (for mypy and the reader): the two agree."""
    from pbwcombat import evolve

    folds = {kind: fold for kind, fold in evolve._fold.registry.items() if kind is not object}
    assert len(folds) >= 60
    for kind, fold in folds.items():
        first = typing.get_type_hints(fold)[fold.__code__.co_varnames[0]]
        assert first is kind, (kind, fold)


def test_R_ORD_4_the_rule_player_is_registered_once_dispatch_is_imported() -> None:
    """`odds` plays standing orders before it dispatches any action (a fight already in
    combat): R-ORD-4's rules must be playable as soon as the tables are imported."""
    probe = ("import pbwcombat.dispatch\nfrom pbwcombat.rules.orders import RULE_PLAYER\n"
             "print(len(RULE_PLAYER))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "1"


@pytest.mark.parametrize(("argv0", "collecting"), [
    ("/usr/local/bin/pbwcombat", False),  # the installed command
    ("-c", True),                          # a library user's process
])
def test_only_the_command_turns_the_garbage_collector_off(argv0: str,
                                                          collecting: bool) -> None:
    """A command is one short process that leaves no cyclic garbage, so it runs without the
    collector's passes (docs/dev/speed.md); a process that imports pbwcombat keeps its own."""
    probe = (f"import sys\nsys.argv[0] = {argv0!r}\nimport gc, pbwcombat.cli\n"
             "print(gc.isenabled())")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == str(collecting)
