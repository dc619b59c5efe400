"""The checks of an encounter that no single record can make (SPEC: the encounter file):
duplicate ids, references to unknown combatants, positions on some combatants only, two on one
square. `document` runs them on every load, `validate` reports them, `add` checks newcomers."""

from __future__ import annotations

from pbwcombat.model import Encounter


def reference_problems(enc: Encounter) -> list[str]:
    """Problems pydantic cannot see alone: duplicate ids, unknown references, positions."""
    problems: list[str] = []
    ids: dict[str, int] = {}
    for i, c in enumerate(enc.combatants):
        if c.id in ids:
            problems.append(f'combatants[{i}].id: duplicate id "{c.id}"')
        ids.setdefault(c.id, i)
        seen: set[str] = set()
        for j, w in enumerate(c.weapons):
            if w.id in seen:
                problems.append(f'combatants[{i}].weapons[{j}].id: duplicate weapon id "{w.id}"')
            seen.add(w.id)
        acts: set[str] = set()
        for j, a in enumerate(c.actions):
            if a.id in acts:
                problems.append(f'combatants[{i}].actions[{j}].id: duplicate action id "{a.id}"')
            acts.add(a.id)
    with_pos = [c.position is not None for c in enc.combatants]
    if any(with_pos) and not all(with_pos):
        for i, has in enumerate(with_pos):
            if not has:
                problems.append(
                    f"combatants[{i}].position: missing (positions on some combatants only)"
                )
    squares: dict[tuple[int, int], int] = {}
    for i, c in enumerate(enc.combatants):
        if c.position is not None and not c.removed and c.status != "dead":
            if c.position in squares:
                other = enc.combatants[squares[c.position]].id
                problems.append(f"combatants[{i}].position: square taken by \"{other}\"")
            squares.setdefault(c.position, i)
    for i, c in enumerate(enc.combatants):
        for key in ("engaged", "missile_engaged"):
            for ref in getattr(c, key):
                if ref not in ids:
                    problems.append(f'combatants[{i}].{key}: unknown combatant "{ref}"')
            if getattr(c, key) and not enc.rules.engagement:
                problems.append(f"combatants[{i}].{key}: nobody is engaged with "
                                "rules.engagement = false (R-ENG-0); empty it, or use "
                                "`pbwcombat set FILE rules.engagement false`")
        for cid in _ordered_ids(c.orders):  # R-ORD-4: ids its orders name
            if cid not in ids:
                problems.append(f'combatants[{i}].orders: unknown combatant "{cid}"')
        if c.guarding is not None and c.guarding not in ids:
            problems.append(f'combatants[{i}].guarding: unknown combatant "{c.guarding}"')
        for ref in c.attacked_by:
            if ref not in ids:
                problems.append(f'combatants[{i}].attacked_by: unknown combatant "{ref}"')
        for name, cond in c.conditions.items():
            if cond.of is not None and cond.of not in ids:
                problems.append(f'combatants[{i}].conditions.{name}.of: unknown combatant '
                                f'"{cond.of}"')
    sides = {c.side for c in enc.combatants}
    for i, c in enumerate(enc.combatants):
        if isinstance(c.aware, list):
            for j, ref in enumerate(c.aware):
                if ref not in ids and ref not in sides:
                    problems.append(f'combatants[{i}].aware[{j}]: "{ref}" is neither a '
                                    "combatant id nor a side")
    for ref in enc.state.group_spent:
        if ref not in ids:
            problems.append(f'state.group_spent: unknown combatant "{ref}"')
    for key in ("order", "acted", "delaying"):
        for j, ref in enumerate(getattr(enc.state, key)):
            if ref not in ids:
                problems.append(f'state.{key}[{j}]: unknown combatant "{ref}"')
    if len(set(enc.state.order)) != len(enc.state.order):
        problems.append("state.order: an id appears twice")
    if enc.state.turn and enc.state.turn not in ids:
        problems.append(f'state.turn: unknown combatant "{enc.state.turn}"')
    for ref in enc.state.declarations:
        if ref not in ids:
            problems.append(f'state.declarations: unknown combatant "{ref}"')
    return problems


def _ordered_ids(orders: str | tuple[str, ...] | None) -> list[str]:
    from pbwcombat.orders_text import referenced_ids, rules_of

    return list(dict.fromkeys(cid for rule in rules_of(orders) for cid in referenced_ids(rule)))
