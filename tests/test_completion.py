"""Shell completion (SPEC "Shell completion"), driven the way the shells drive it: bash sets
`_PBWCOMBAT_COMPLETE=complete_bash` with COMP_WORDS/COMP_CWORD, zsh and fish set
`_TYPER_COMPLETE_ARGS` (fish also `_TYPER_COMPLETE_FISH_ACTION`), and run `pbwcombat` bare."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import AXE, SWORD, build, fighter

from pbwcombat import menu
from pbwcombat.actions import COSTS, DECLARABLE
from pbwcombat.cli.options import FORMATS
from pbwcombat.completion import _action_ids

BOW = {"id": "bow", "name": "Bow", "kind": "ranged", "attack": 3, "damage": "1d8", "range": 10}


@pytest.fixture
def fight_file(encounter: Any) -> Path:
    path: Path = encounter(build(
        fighter("ann", "pcs", (0, 0), weapons=(SWORD, BOW)),
        fighter("bob", "pcs", (0, 1)),
        fighter("cid", "pcs", (0, 2), hp=-12),  # dead
        fighter("orc", "orcs", (1, 0), weapons=(AXE,)),
        fighter("gob", "orcs", (1, 1)),
        fighter("rat", "orcs", (1, 2), hp=-15),  # dead
        fighter("ogre", "orcs", (3, 3), removed=True),
    ))
    return path


@pytest.fixture
def bash(run: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """`bash("attack", path, "ann", "")` → (exit code, candidates, stderr): the last word is
    the one being completed."""

    def _complete(*words: object) -> tuple[int, list[str], str]:
        line = ["pbwcombat", *map(str, words)]
        monkeypatch.setenv("_PBWCOMBAT_COMPLETE", "complete_bash")
        monkeypatch.setenv("COMP_WORDS", " ".join(line))
        monkeypatch.setenv("COMP_CWORD", str(len(line) - 1))
        r = run()
        return r.code, r.out.splitlines(), r.err

    return _complete


def candidates(bash: Any, *words: object) -> list[str]:
    code, out, err = bash(*words)
    assert code == 0 and err == ""
    return out


def test_commands_complete(bash: Any) -> None:
    assert candidates(bash, "att") == ["attack"]
    assert candidates(bash, "d") == ["delay", "disengage", "declare", "dice"]
    assert candidates(bash, "dice", "") == ["commit", "salt", "reveal"]


def test_options_complete(bash: Any, fight_file: Path) -> None:
    assert candidates(bash, "attack", fight_file, "ann", "orc", "--w") == ["--weapon"]
    assert "--run" in candidates(bash, "move", fight_file, "ann", "--")


def test_option_choices_complete_without_a_file(bash: Any) -> None:
    assert candidates(bash, "attack", "nowhere.toml", "a", "b", "--format", "") == list(FORMATS)
    assert candidates(bash, "show", "nowhere.toml", "--lang", "") == ["es", "en"]
    assert candidates(bash, "attack", "x.toml", "a", "b", "--on-intercept", "f") == ["forfeit"]


def test_attack_attacker_is_any_living_combatant(bash: Any, fight_file: Path) -> None:
    assert candidates(bash, "attack", fight_file, "") == ["ann", "bob", "orc", "gob"]


def test_attack_targets_are_the_attackers_living_enemies(bash: Any, fight_file: Path) -> None:
    assert candidates(bash, "attack", fight_file, "ann", "") == ["orc", "gob"]
    assert candidates(bash, "attack", fight_file, "orc", "") == ["ann", "bob"]
    assert candidates(bash, "attack", fight_file, "ann", "g") == ["gob"]


def test_weapon_ids_after_weapon(bash: Any, fight_file: Path) -> None:
    assert candidates(bash, "attack", fight_file, "ann", "orc", "--weapon", "") == [
        "sword", "bow"]
    assert candidates(bash, "attack", fight_file, "orc", "ann", "--weapon", "") == ["axe"]
    assert candidates(bash, "attack", fight_file, "ann", "orc", "--weapon", "b") == ["bow"]


def test_intercept_wards_are_the_defenders_living_allies(bash: Any, fight_file: Path) -> None:
    assert candidates(bash, "intercept", fight_file, "bob", "") == ["ann"]
    assert candidates(bash, "intercept", fight_file, "gob", "") == ["orc"]


@pytest.mark.parametrize("command", ["move", "delay", "act", "disengage", "declare"])
def test_most_actions_take_living_combatants(bash: Any, fight_file: Path, command: str) -> None:
    assert candidates(bash, command, fight_file, "") == ["ann", "bob", "orc", "gob"]


def test_hp_completes_the_last_id_of_a_list_of_anyone_in_the_fight(bash: Any,
                                                                  fight_file: Path) -> None:
    assert candidates(bash, "hp", fight_file, "") == ["ann", "bob", "cid", "orc", "gob", "rat"]
    assert candidates(bash, "hp", fight_file, "orc,g") == ["orc,gob"]
    assert candidates(bash, "hp", fight_file, "orc,") == [
        "orc,ann", "orc,bob", "orc,cid", "orc,gob", "orc,rat"]


def test_condition_names_after_condition_who(bash: Any, fight_file: Path, run: Any) -> None:
    from pbwcombat.rules.effects import EFFECTS

    # every condition with an effect (R-CND-5), in the table's order
    assert candidates(bash, "condition", fight_file, "orc", "") == list(EFFECTS)
    assert "prone" in EFFECTS and "flat-footed" in EFFECTS
    assert candidates(bash, "condition", fight_file, "orc", "stu") == ["stunned"]
    assert candidates(bash, "condition", fight_file, "orc", "st") == ["stunned", "staggered"]


def test_condition_remove_offers_the_conditions_the_target_has(bash: Any, fight_file: Path,
                                                               run: Any) -> None:
    assert run("condition", fight_file, "orc", "prone").code == 0
    assert run("condition", fight_file, "orc", "on-fire").code == 0
    from pbwcombat.rules.effects import EFFECTS

    # the table's conditions, then the target's own slugs without an effect
    assert candidates(bash, "condition", fight_file, "orc", "") == [*EFFECTS, "on-fire"]
    assert candidates(bash, "condition", fight_file, "--remove", "orc", "") == [
        "prone", "on-fire"]


def test_declare_completes_the_declared_action(bash: Any, fight_file: Path) -> None:
    assert candidates(bash, "declare", fight_file, "ann", "") == list(DECLARABLE)
    assert "attack" in DECLARABLE and "intercept" in DECLARABLE
    assert candidates(bash, "declare", fight_file, "ann", "attack", "") == ["orc", "gob"]
    assert candidates(bash, "declare", fight_file, "ann", "attack", "orc", "--weapon", "") == [
        "sword", "bow"]


ACTIONS = """
[[combatants.actions]]
id = "sleep"
name = "Sleep"

[[combatants.actions]]
id = "potion"
name = "Potion of healing"
heal = "1d8+1"
"""


def test_action_ids_after_action_who(bash: Any, encounter: Any) -> None:
    path = encounter(build(fighter("mira", "pcs", (0, 0)) + ACTIONS,
                           fighter("snag", "gobs", (1, 0)), fighter("nit", "gobs", (2, 0))))
    # R-ACT-8: its own actions first, then the built-in table's rows (not the commands)
    rows = [r for r in menu.rows() if r not in menu.COMMANDS]
    assert candidates(bash, "action", path, "mira", "") == ["sleep", "potion", *rows]
    assert candidates(bash, "action", path, "mira", "po") == ["potion"]
    assert candidates(bash, "action", path, "mira", "dr") == [
        "draw-hidden-weapon", "drink-potion", "draw-weapon", "drop-item", "drop-prone"]
    assert candidates(bash, "action", path, "snag", "") == rows
    assert "charge" not in rows and "delay" not in rows and "trip" in rows
    assert candidates(bash, "action", path, "mira", "sleep", "--target", "snag,") == [
        "snag,mira", "snag,nit"]
    assert candidates(bash, "action", path, "mira", "--cost", "") == list(COSTS)
    assert candidates(bash, "declare", path, "mira", "action", "") == ["sleep", "potion", *rows]


def test_action_ids_are_read_from_the_combatants_actions_table() -> None:
    doc = {"combatants": [{"id": "mira", "actions": [{"id": "sleep"}, {"id": "potion"}]},
                          {"id": "ann", "actions": [{"id": "rage"}]}]}
    assert _action_ids(doc, "mira")[:3] == ["sleep", "potion", "activate-magic-item"]
    assert _action_ids(doc, "bob") == _action_ids({}, "bob") == menu.offered()


@pytest.mark.parametrize("text", [None, "this is [not toml", "schema = 1\n[[combatants]]\n"])
def test_an_unreadable_or_invalid_file_completes_nothing_and_prints_nothing(
        bash: Any, encounter: Any, tmp_path: Path, text: str | None) -> None:
    path = tmp_path / "missing.toml" if text is None else encounter(text)
    for words in (("attack", path, ""), ("attack", path, "ann", ""),
                  ("attack", path, "ann", "orc", "--weapon", ""), ("hp", path, "a,")):
        code, out, err = bash(*words)
        assert (code, out, err) == (0, [], "")


def test_the_file_position_prints_nothing_in_bash(bash: Any) -> None:
    assert bash("attack", "") == (0, [], "")  # bash's `-o default` completes file names


def test_zsh(run: Any, monkeypatch: pytest.MonkeyPatch, fight_file: Path) -> None:
    monkeypatch.setenv("_PBWCOMBAT_COMPLETE", "complete_zsh")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", f"pbwcombat attack {fight_file} ann ")
    r = run()
    assert (r.code, r.err) == (0, "")
    assert r.out == "_arguments '*: :((\"orc\"\n\"gob\"))'\n"
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", f"pbwcombat intercept {fight_file} bob a")
    assert run().out == "_arguments '*: :((\"ann\"))'\n"
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", "pbwcombat attack nowhere.toml ann ")
    assert (run().out, run().code) == ("", 0)
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", "pbwcombat attack ")
    assert run().out == "_files\n"  # the encounter file: zsh completes file names


def test_fish(run: Any, monkeypatch: pytest.MonkeyPatch, fight_file: Path) -> None:
    monkeypatch.setenv("_PBWCOMBAT_COMPLETE", "complete_fish")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", f"pbwcombat attack {fight_file} ann orc --weapon ")
    monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "get-args")
    r = run()
    assert (r.code, r.out, r.err) == (0, "sword\nbow\n", "")
    monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "is-args")
    assert run().code == 0  # candidates: fish shows them, not file names
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", "pbwcombat attack nowhere.toml ann ")
    r = run()
    assert (r.code, r.out, r.err) == (1, "", "")  # none: fish may complete file names
    monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "get-args")
    assert run().out == ""


@pytest.mark.parametrize("shell, needle", [
    ("bash", "_PBWCOMBAT_COMPLETE=complete_bash"),
    ("zsh", "_PBWCOMBAT_COMPLETE=complete_zsh"),
    ("fish", "_PBWCOMBAT_COMPLETE=complete_fish"),
])
def test_show_completion_prints_the_script(run: Any, shell: str, needle: str) -> None:
    r = run("--show-completion", shell)
    assert r.code == 0 and needle in r.out and "pbwcombat" in r.out


def test_the_source_instruction_prints_the_script(run: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_PBWCOMBAT_COMPLETE", "source_zsh")
    r = run()
    assert r.code == 0 and "_PBWCOMBAT_COMPLETE=complete_zsh" in r.out
    monkeypatch.setenv("_PBWCOMBAT_COMPLETE", "complete_tcsh")
    r = run()
    assert r.code == 1 and r.out == "" and "not supported" in r.err


def test_show_completion_for_another_shell_is_a_usage_error(run: Any) -> None:
    r = run("--show-completion", "tcsh")
    assert r.code == 2 and "bash, zsh, fish" in r.err


def test_install_completion_for_bash(run: Any, monkeypatch: pytest.MonkeyPatch,
                                     tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    r = run("--install-completion", "bash")
    assert r.code == 0, r.err
    script = tmp_path / ".bash_completions" / "pbwcombat.sh"
    assert "_PBWCOMBAT_COMPLETE=complete_bash" in script.read_text()
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text()


def test_root_help_lists_the_completion_options(run: Any) -> None:
    out = run("--help").out
    assert "--install-completion" in out and "--show-completion" in out


def test_R_LOG_2_set_completes_combatants_rules_and_their_keys(bash: Any, fight_file: Path
                                                               ) -> None:
    assert "rules.engagement" in candidates(bash, "set", fight_file, "rules.e")
    assert candidates(bash, "set", fight_file, "o") == ["orc"]  # the removed ogre is out
    assert candidates(bash, "set", fight_file, "ann", "def") == ["defense"]
    assert candidates(bash, "set", fight_file, "ann", "weapons.bow.ra") == ["weapons.bow.range"]
    assert candidates(bash, "set", fight_file, "rules.engagement", "") == []


def test_issue_29_a_command_built_alone_completes_as_the_whole_app(
        bash: Any, fight_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Completion builds only the command on the line (issue 29: the whole app's conversion
    was a quarter of a completion's time); every line of every command, ids, weapons,
    options and their values, completes exactly as it does through the whole app."""
    from pbwcombat.cli import shell
    from pbwcombat.cli.options import _COMMANDS, _GROUPS

    lines: list[tuple[str, ...]] = []
    names = [(name,) for name in _COMMANDS] + [
        (group, sub) for group, (subs, _) in _GROUPS.items() for sub in subs]
    for name in names:
        for tail in (("",), ("a",), ("ann", ""), ("ann", "o"), ("ann", "orc", ""),
                     ("--",), ("ann", "--weapon", ""), ("ann", "--format", ""),
                     ("--lang", ""), ("ann", "gob,", "")):
            lines.append((*name, str(fight_file), *tail))
    alone = [bash(*line) for line in lines]
    monkeypatch.setattr(shell, "completing", lambda args: (shell.click_command(None), args,
                                                           "pbwcombat"))
    whole = [bash(*line) for line in lines]
    assert alone == whole
    assert sum(bool(out) for _, out, _ in alone) > len(lines) / 3  # most lines complete
