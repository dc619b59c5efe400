"""Every event type renders, in both languages and every format, by the narrator's table.

An event type without a row in `render.narrate.NARRATION` fails here (it used to vanish from
the post silently, as `MadeFlatFooted` did). A field that picks a catalogue key (a `cause`,
a `reason`) gets its values listed in VARIANTS, so each key is rendered too.
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any

import pytest
from helpers import ROOT

from pbwcombat import events as ev
from pbwcombat.dice import Die, Mod, Roll, RolledTerm
from pbwcombat.frozen import Value
from pbwcombat.render.markup import Plain
from pbwcombat.render.narrate import NARRATION, Narrator
from pbwcombat.render.post import narrator, render
from pbwcombat.service import load

LANGS = ("en", "es")
FORMATS = ("bbcode", "markdown", "plain", "json")

EVENT_TYPES = sorted(ev.EVENTS, key=lambda c: c.__name__)

# Events that are bookkeeping only: their effects are told by other events.
SILENT = {"TurnEnded", "ActionSpent", "AttackRecorded", "DeclarationTaken",
          "FlatFootedEnded", "AooUsed", "StreakSet", "Escaped",
          "ConditionTicked", "SkippedTurnCounted", "TurnHandedOver", "UsesSpent",
          "PresenceEngaged", "PresenceEnded",  # R-ENG-5: `show` tells it
          "ConfusionCleared",
          "AidUsed", "AidEnded"}  # R-ACT-12: the aided roll shows the bonus

# Values of fields that choose a catalogue key; each is rendered.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "ReadyHeld": [{"reason": r} for r in ("out_of_reach", "out_of_range", "target_down",
                                          "no_ammo", "into_melee", "too_far", "illegal")],
    "ReadyCleared": [{"lost": True}],
    "HpChanged": [{"cause": c} for c in ("damage", "gm", "healing", "bleed", "strain")]
    + [{"cause": "healing", "pc": False}, {"status": "dying", "hp": -1}],
    "TurnSkipped": [{"reason": r} for r in ("dying", "stable", "unaware", "newcomer", "unconscious",
                                            "paralyzed", "stunned", "confused")]
    + [{"reason": "dying", "pc": False}],
    "AttackRolled": [{"kind": k} for k in ("attack", "aoo", "free")]
    + [{"hit": True}, {"threat": True}, {"flat_footed": True}, {"conditions": ()},
       {"conditions": ("prone",), "flat_footed": True}],
    "AttackRefused": [{"reason": r} for r in ("fell", "forfeit", "no_ammo", "into_melee")],
    "ActionTaken": [{"action": ""}, {"target_names": ()}]
    + [{"economy": c} for c in ("move", "full", "free")],
    "CheckRolled": [{"dc": None}, {"success": False}],
    "SaveRolled": [{"save": k, "success": False} for k in ("fort", "will")]
    + [{"save": "ref", "against": "entangled"}],  # R-CND-6
    "ConfusionRolled": [{"band": b, "by_first": f} for b, f in (  # R-CND-7
        ("attack", True), ("attack", False), ("normal", False), ("nothing", False),
        ("flee", False))],
    "MissChanceRolled": [{"missed": False}, {"source": "concealment"}],  # R-CND-8
    "OngoingDamageRolled": [{"energy": "fire"}],
    "EffectRolled": [{"effect": "heal"}],
    "SaveReduced": [{"how": "negates"}],
    "Added": [{"at": None}],
    "MoveStopped": [{"reason": r} for r in ("fell", "disengage", "intercepted")],
    "DisengageResolved": [{"auto": a} for a in ("", "opponents_down", "not_attacked",
                                                "no_ammo", "out_of_range",
                                                "first_in_order")]
    + [{"success": False}, {"reckless": True}],
    "InterceptResolved": [{"won": False}, {"forfeit": True}, {"movement": True}],
    "CombatEnded": [{"by_hand": True}, {"winner": ""}, {"fallen": ()}],
    "RoundStarted": [{"surprise": True}],
    "StreakReset": [{"idle": True}],
    "CombatStarted": [{"surprise": True}, {"surprise": True, "names": ()}],
    "TurnStarted": [{"deadline": "2026-11-30 12:00"}, {"members": ()},
                    {"members": (), "absent": "2026-12-01 12:00"},
                    {"members": (), "deadline": "2026-11-30 12:00"}],
    "ConditionApplied": [{"save": "will:15", "damage": "1d6", "energy": "fire",
                          "attack": 1, "saves": -1},  # R-CND-6/10
                         {"turns": None}, {"replaced": True}, {"ends": "end", "turns": 0},
                         {"ends": "end", "turns": 1}, {"turns": 1}, {"condition": "prone"},
                         {"condition": "prone", "gender": "f"}],
    "ConditionRemoved": [{"reason": r} for r in ("removed", "expired", "of_gone", "stood")],
    "OrderSet": [{"reroll": True}],
    "FreeRolled": [{"name": ""}],
    "BleedRolled": [{"stabilized": True}],
    "CriticalConfirmRolled": [{"confirmed": True}],
    "DamageRolled": [{"critical": True, "multiplier": 3}],
    "Moved": [{"run": True}, {"step": True}],
    "Engaged": [{"missile": True}],
    "Disengaged": [{"missile": True}],
    "OrdersFollowed": [{"orders": o} for o in ("attack-weakest", "guard", "flee")],
    "Declared": [{"replaces": ("move", "3,4")}],
    "TempHpChanged": [{"way": w} for w in ("kept", "absorbed")] + [{"pc": True}],
    "NonlethalChanged": [{"cause": "healing"}, {"state": ""}, {"state": "unconscious"},
                         {"pc": True}, {"cause": "healing", "pc": True, "state": ""}],
    "DamageReduced": [{"steps": (("resist", "cold", 5),)}],
    "RoundDue": [{"why": "all-declared"}, {"why": "deadline"}],  # R-PAC-4
    "OrdersSet": [{"rules": ()}],  # R-ORD-4: --clear
    "AbsenceCleared": [{"expired": True}],  # R-PAC-2
    "Reminded": [{"declared": True, "left": -7300}, {"names": ()}, {"deadline": ""},
                 {"left": 1800}],  # R-PAC-3
}

# Sample values by field name, then by type.
BY_NAME: dict[str, Any] = {
    "status": "ok", "status_before": "ok", "cause": "damage", "reason": "dying",
    "kind": "attack", "auto": "", "hp": 7, "before": 10, "max_hp": 10, "player": "@ana",
    "at": (1, 2), "start": (0, 0), "path": ((1, 1), (1, 2)), "order": ("a", "b"),
    "totals": (17, 12), "names": ("Aldric", "Grak"), "action": ("attack", "grak"),
    "algorithm": "HMAC-SHA256", "commitment": "ab" * 32, "expr": "1d6+1", "multiplier": 2,
    "economy": "standard", "how": "half", "save": "ref", "effect": "damage",
    "data": {"id": "x", "side": "a", "defense": 1, "hp": 1},
    "orders": "attack-nearest",
    "way": "gained", "state": "staggered",  # R-HP-6/7
    "steps": (("dr", "5/magic", 5), ("immune", "fire", 7)),  # R-HP-8
    "changes": (("combatants.x.defense", "13", "18"), ("combatants.x.position", "[1, 2]",
                "[3, 4]"), ("rules.death_at", "-10", "-12")),
}
SAMPLE_ROLL = Roll((RolledTerm(1, 1, 20, (Die(20, 14, 3),)),), (Mod(2, "attack"),), 16)


def sample(hint: Any, name: str) -> Any:
    if name in BY_NAME:
        return BY_NAME[name]
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return sample(inner[0], name)
    if hint is Roll:
        return SAMPLE_ROLL
    if hint is bool:
        return False
    if hint is int:
        return 3
    if hint is str:
        return "Aldric [x] *y*"
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return (sample(args[0], name), sample(args[0], name + "_2"))
        return tuple(sample(a, name) for a in args)
    raise AssertionError(f"no sample for {name}: {hint} (add it to BY_NAME)")


def make(cls: type[Value], **over: Any) -> ev.Event:
    hints = typing.get_type_hints(cls)
    values = {f: sample(hints[f], f) for f in cls._fields}
    values.update(over)
    event: ev.Event = cls(**values)
    return event


CASES = [pytest.param(make(cls, **over), id=f"{cls.__name__}-{i}")
         for cls in EVENT_TYPES
         for i, over in enumerate([{}] + VARIANTS.get(cls.__name__, []))]


def test_every_event_type_has_a_narration_row() -> None:
    missing = [c.__name__ for c in EVENT_TYPES if c not in NARRATION]
    assert missing == []
    assert set(NARRATION) <= set(EVENT_TYPES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("event", CASES)
def test_every_event_renders(event: ev.Event, fmt: str, lang: str) -> None:
    enc = load(ROOT / "encounters" / "goblin-ambush.toml")[1]
    post = render(enc, [event], fmt, lang, gm=False)
    gm_post = render(enc, [event], fmt, lang, gm=True)
    if fmt == "json":
        data = json.loads(post)
        assert data["events"][0]["type"] == ev.event_type(event)
        text = data["text"]
    else:
        text = post
    lines = narrator(enc, "plain" if fmt == "json" else fmt, lang, False).lines([event])
    if ev.event_type(event) in SILENT:
        assert lines == []
    else:
        assert len(lines) == 1 and lines[0].strip(), lines
        assert lines[0].strip() in text or fmt != "plain"
    assert gm_post.strip()


def test_an_event_without_a_row_is_an_error_not_a_blank_line() -> None:
    class Unknown(Value):
        who: str

    with pytest.raises(LookupError, match="NARRATION"):
        Narrator(Plain(), "en").lines([Unknown("x")])


def test_R_INI_5_newcomers_made_flat_footed_are_named_in_both_languages() -> None:
    e = ev.MadeFlatFooted(("nit",), ("Nit",))
    assert Narrator(Plain(), "en").lines([e]) == ["Flat-footed until their first turn: Nit."]
    # R-OUT-5: one name, singular agreement
    assert Narrator(Plain(), "es").lines([e]) == ["Desprevenido hasta su primer turno: Nit."]
    old = ev.from_dict({"type": "MadeFlatFooted", "who": ["nit"]})  # a 0.1 journal
    assert Narrator(Plain(), "en").lines([old]) == ["Flat-footed until their first turn: nit."]
