"""`verify`: recompute every logged generator roll from the seed (R-DIC-2), for the players."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pbwcombat.dice import generated_face, generator_key


@dataclass
class Report:
    generated: int = 0
    supplied: int = 0
    mismatches: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    commitment: str = ""

    @property
    def ok(self) -> bool:
        return not self.mismatches and not self.gaps


def commitment_of(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def verify_records(seed_hex: str, records: Iterable[dict[str, Any]]) -> Report:
    """Every generator roll must equal the recomputed face, and counters must follow on from
    each other (a gap would be a roll someone kept out of the log)."""
    report = Report(commitment=commitment_of(seed_hex))
    seed = bytes.fromhex(seed_hex)
    expected_n = 0  # the generator starts at 0 when the seed is made
    for record in records:
        key = generator_key(seed, str(record.get("salt", "")))
        version = record.get("version")
        for i, roll in enumerate(record.get("rolls", [])):
            n = roll.get("n")
            if n is None:
                report.supplied += 1
                continue
            report.generated += 1
            if n != expected_n:
                report.gaps.append(f"command {version}: roll #{n} where #{expected_n} was due")
            expected_n = n + 1
            _check(report, key, roll, f"command {version}, die {i + 1}")
        for die in _dice_in(record.get("events", [])):
            if die.get("n") is not None:
                _check(report, key, die, f"command {version}, post")
    return report


def _check(report: Report, key: bytes, die: dict[str, Any], where: str) -> None:
    try:
        face = generated_face(key, int(die["n"]), int(die["sides"]))
    except (KeyError, TypeError, ValueError):
        report.mismatches.append(f"{where}: malformed die {die!r}")
        return
    if face != die.get("face"):
        report.mismatches.append(f"{where} (#{die['n']}, d{die['sides']}): logged "
                                 f"{die.get('face')}, recomputed {face}")


def _dice_in(value: Any) -> Iterable[dict[str, Any]]:
    """Every die dict ({sides, face, n}) inside the events as shown in the posts."""
    if isinstance(value, dict):
        if {"sides", "face", "n"} <= value.keys():
            yield value
            return
        for v in value.values():
            yield from _dice_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _dice_in(v)
