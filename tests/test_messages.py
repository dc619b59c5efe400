"""Keyed messages (docs/dev/messages.md): an error carries a key and fields, both catalogues
say every key with the same fields, and no code reads a message's text back."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import ROOT

from pbwcombat.errors import IllegalAction, Message, Refused, UsageError
from pbwcombat.render.catalog import EN, ES
from pbwcombat.render.messages import said, text

PACKAGE = ROOT / "pbwcombat"
FIELD = re.compile(r"\{(\w+?)(?:_[gn])?(?::[^}]*)?\}")
ERRORS = {"IllegalAction", "Refused", "UsageError", "Conflict", "CannotWrite",
          "EncounterMissing", "Locked", "Message"}
# Spanish leaves out what it does not say (an untranslated condition or status word, a
# distance the English adds for the GM): every other field is in both languages.
SPANISH_OMITS = {"msg_action_out_of_range": {"distance", "range"},
                 "msg_cannot_act_held": {"state"}, "msg_cannot_act_state": {"state"},
                 "msg_only_move_action_held": {"state"}, "msg_cannot_run_held": {"state"},
                 "msg_only_crawl_held": {"state"}}


def _keys(lang: dict[str, str]) -> set[str]:
    return {k for k in lang if k.startswith("msg_")}


def test_every_message_key_has_both_languages_with_the_same_fields():
    assert _keys(EN) == _keys(ES)
    differ = {k: set(FIELD.findall(EN[k])) ^ set(FIELD.findall(ES[k])) for k in _keys(EN)}
    assert {k: v for k, v in differ.items() if v} == SPANISH_OMITS


def _sources() -> list[tuple[Path, ast.AST]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.rglob("*.py"))]


def _key_literals(node: ast.expr) -> list[str] | None:
    """The keys an error's key argument can be: a literal, either side of a conditional,
    or the values of the module-level table it is looked up in; None if not one of those."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _key_literals(node.body), _key_literals(node.orelse)
        return None if a is None or b is None else a + b
    return None


def _calls() -> list[tuple[str, str, ast.Call, dict[str, set[str]]]]:
    found = []
    for path, tree in _sources():
        assigned = _assigned_keys(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ERRORS and node.args:
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.func.id, node,
                              assigned))
    return found


def _assigned_keys(tree: ast.AST) -> dict[str, set[str]]:
    """`name = "key"` / `name = "a" if … else "b"` / `TABLE = {…: "key"}` in a module:
    where a key is chosen before the raise."""
    keys: dict[str, set[str]] = {}
    if True:
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name):
                value = node.value
                found = _key_literals(value) if not isinstance(value, ast.Dict) else \
                    [v.value for v in value.values
                     if isinstance(v, ast.Constant) and isinstance(v.value, str)]
                if found:
                    keys.setdefault(node.targets[0].id, set()).update(found)
    return keys


def test_every_error_raised_names_a_catalogue_key():
    """A new refusal adds `msg_<key>` to catalog/en.py and catalog/es.py; an English text
    where the key goes (the old way) fails here."""
    calls = _calls()
    assert len(calls) > 150
    missing, unread = [], []
    for where, kind, call, assigned in calls:
        if where.startswith("pbwcombat/errors.py"):  # the classes themselves
            continue
        arg = call.args[1] if kind == "IllegalAction" else call.args[0]
        if isinstance(arg, ast.Attribute) and arg.attr == "key":
            continue  # a message made again from one that had its key checked here
        keys = _key_literals(arg)
        if keys is None and isinstance(arg, ast.Name):
            keys = sorted(assigned.get(arg.id, ()))
        if keys is None and isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name):
            keys = sorted(assigned.get(arg.value.id, ()))  # TABLE[x]
        if keys is None and isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) \
                and isinstance(arg.func.value, ast.Name):  # TABLE.get(x, "default")
            keys = sorted(assigned.get(arg.func.value.id, ())) + \
                [a.value for a in arg.args[1:] if isinstance(a, ast.Constant)]
        if not keys:
            unread.append(where)
            continue
        missing += [f"{where}: {k}" for k in keys if f"msg_{k}" not in EN]
    assert unread == [] and missing == []


def test_no_code_reads_a_message_back():
    """No rule id parsed out of a message, no branch on a substring of one."""
    pattern = re.compile(r"in str\(e|in e\.message|\.message\.(startswith|endswith)|"
                         r"in err\.message|MESSAGES_ES|split_rule|R-\[A-Z\]")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted(PACKAGE.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert found == []


def test_a_refusal_says_its_rule_first_on_stderr_and_after_in_a_post():
    err = IllegalAction("R-TRN-3", "has_used_whole_turn", name="Ana")
    assert said(err, "en", post=False) == "R-TRN-3: Ana has used the whole turn"
    assert said(err, "es", post=True) == "Ana ya ha usado todo el turno (R-TRN-3)"
    assert said(err, "es", rule_ids=False) == "Ana ya ha usado todo el turno"
    assert err.message == "R-TRN-3: Ana has used the whole turn" and err.rule == "R-TRN-3"
    refused = Refused("nothing_to_undo", rule="R-LOG-1")
    assert said(refused, "es", post=False) == "R-LOG-1: no hay nada que deshacer"


def test_a_usage_error_cites_its_rule_in_its_own_words():
    err = UsageError("add_given_twice", rule="R-ACT-7", square="(3,4)")
    assert err.rule == "R-ACT-7"
    assert said(err, "en", post=False) == "add --at: (3,4) is given twice (R-ACT-7)"
    assert said(err, "es", post=False) == "add --at: (3,4) aparece dos veces (R-ACT-7)"


@pytest.mark.parametrize(("lang", "said_"), [
    ("es", "no se pudo imprimir la salida (tubería rota); no se ha cambiado el encuentro"),
    ("en", "the output could not be printed (broken pipe); the encounter was not changed")])
def test_a_nested_message_is_said_in_the_same_language(lang, said_):
    assert text(Message("output_unprinted", reason=Message("broken_pipe")), lang) == said_


def test_genders_agree_with_the_name_in_a_field():
    err = IllegalAction("R-HP-1", "already_dead", name="Nita")
    assert said(err, "es", {"Nita": "f"}, rule_ids=False) == "Nita ya está muerta"
    assert said(err, "es", {}, rule_ids=False) == "Nita ya está muerto"
