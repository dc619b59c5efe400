"""The layers (docs/dev/architecture.md): imports run one way, and nothing imports in a circle.

Every `import` in the package is read with `ast`, including imports inside functions: a lazy
import is still a dependency (it may be lazy for start-up time, never to hide a cycle).
"""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pbwcombat"

# Lowest first. A module may import its own layer and the layers listed as below it.
BASE = "base"          # values, schema records, errors, dice, the model, events, clocks
ENGINE = "engine"      # Resolution, evolve (folding events into state), the action values
RULES = "rules"        # pbwcombat/rules/*: every rule decision
DISPATCH = "dispatch"  # {action type: handler}
RENDER = "render"      # pbwcombat/render/*: posts, maps, the catalogue
STORE = "store"        # files, lock, journal
APP = "app"            # one command end to end (service), starter files, completion
CLI = "cli"            # typer: parsing the command line, exit codes

MAY_IMPORT: dict[str, set[str]] = {
    BASE: {BASE},
    ENGINE: {BASE, ENGINE},
    RULES: {BASE, ENGINE, RULES},
    DISPATCH: {BASE, ENGINE, RULES, DISPATCH},
    RENDER: {BASE, RENDER},
    STORE: {BASE, STORE},
    APP: {BASE, ENGINE, RULES, DISPATCH, RENDER, STORE, APP},
    CLI: {BASE, ENGINE, RULES, DISPATCH, RENDER, STORE, APP, CLI},
}

LAYER_OF: dict[str, str] = {
    "pbwcombat": BASE,
    "pbwcombat.frozen": BASE,
    "pbwcombat.schema": BASE,
    "pbwcombat.core_schema": BASE,  # pydantic-core's validator without its package (start-up)
    "pbwcombat.errors": BASE,
    "pbwcombat.dice": BASE,
    "pbwcombat.geometry": BASE,
    "pbwcombat.model": BASE,
    "pbwcombat.combatant": BASE,  # a combatant's records (model.py re-exports them)
    "pbwcombat.traits": BASE,  # the Turn 3 definition keys the model validates
    "pbwcombat.readying": BASE,  # R-RDY-1: the forms of a readied plan and its trigger
    "pbwcombat.menu": BASE,  # the Actions in Combat table (R-ACT-8): data every layer reads
    "pbwcombat.forms": BASE,
    "pbwcombat.references": BASE,
    "pbwcombat.document": BASE,
    "pbwcombat.events": BASE,  # a package: base, one module per family of facts, codec
    "pbwcombat.clock": BASE,
    "pbwcombat.orders_text": BASE,  # R-ORD-4 rules as text: the model validates `orders`
    "pbwcombat.cleaning": BASE,
    "pbwcombat.regular": BASE,  # opening only regular files, never blocking (os, stat)
    "pbwcombat.patterns": BASE,  # regular expressions compiled on first use (start-up)
    "pbwcombat.digests": BASE,  # SHA-256, HMAC, BLAKE2b without OpenSSL (start-up)
    "pbwcombat.verify": APP,
    "pbwcombat.journal": STORE,
    "pbwcombat.journal_book": STORE,  # the journal opened once, read from its end
    "pbwcombat.journal_index": STORE,  # the journal's index in the lock file (issue 29)
    "pbwcombat.journal_keys": STORE,  # its --key table, read and written in place (issue 29)
    "pbwcombat.journal_patch": STORE,  # journal format 4: the lines a record changed
    "pbwcombat.journal_texts": STORE,  # format 4: which whole texts, a state rebuilt
    "pbwcombat.engine": ENGINE,
    "pbwcombat.evolve": ENGINE,
    "pbwcombat.actions": BASE,  # action values: posts read a declared act with its parser
    "pbwcombat.rules": RULES,
    "pbwcombat.rules.effects": BASE,  # condition effects as data, read by the model and posts
    "pbwcombat.dispatch": DISPATCH,
    "pbwcombat.render": RENDER,
    "pbwcombat.render.catalog": BASE,  # the texts: data every layer may read (errors say English)
    "pbwcombat.store": STORE,
    "pbwcombat.service": APP,
    "pbwcombat.sim": APP,  # odds: plays whole fights through the dispatch table (R-SIM)
    "pbwcombat.starter": APP,
    "pbwcombat.roster": APP,
    "pbwcombat.completion": APP,
    "pbwcombat.cli": CLI,
    "pbwcombat.__main__": CLI,
}

# Only the command line knows about typer (and click, underneath it).
UI_LIBRARIES = ("typer", "click")


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> str:
    """The layer of a module: its own entry, else its package's (rules.x → rules); a new
    top-level module counts as the application layer until it is given a place above."""
    name = module
    while name and name != "pbwcombat":
        if name in LAYER_OF:
            return LAYER_OF[name]
        name = name.rpartition(".")[0]
    return LAYER_OF["pbwcombat"] if module == "pbwcombat" else APP


def _imports(path: Path, module: str) -> list[tuple[str, int]]:
    """(imported module, line) for every import in the file, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.append((target, node.lineno))
            for alias in node.names:  # `from pbwcombat.rules import attack` names a module
                sub = f"{target}.{alias.name}"
                if (PACKAGE.parent / sub.replace(".", "/")).with_suffix(".py").exists():
                    found.append((sub, node.lineno))
    return found


def import_graph() -> dict[str, dict[str, int]]:
    """{module: {imported pbwcombat module: line}} and, under key "", the UI imports."""
    graph: dict[str, dict[str, int]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        edges = graph.setdefault(module, {})
        for target, line in _imports(path, module):
            if target.split(".")[0] in UI_LIBRARIES or target.startswith("pbwcombat"):
                edges.setdefault(target, line)
    return graph


GRAPH = import_graph()


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def _package_edges() -> dict[str, set[str]]:
    """Edges between pbwcombat modules; a package `__init__` named on the way is not an edge
    (importing `pbwcombat.rules.attack` runs `pbwcombat/rules/__init__.py`, which is empty)."""
    modules = set(GRAPH)
    return {m: {t for t in targets if t in modules and t != m and t not in ("pbwcombat",)
                and not (PACKAGE.parent / t.replace(".", "/") / "__init__.py").exists()}
            for m, targets in GRAPH.items()}


def test_the_graph_sees_the_known_edges() -> None:
    """The parser is not blind: edges we know exist are found (at top level and in a function)."""
    assert "pbwcombat.rules.attack" in GRAPH["pbwcombat.rules"]  # inside families()
    assert "pbwcombat.rules" in GRAPH["pbwcombat.dispatch"]
    assert "pbwcombat.engine" in GRAPH["pbwcombat.rules.attack"]
    assert "typer" in GRAPH["pbwcombat.cli.options"]
    assert "pbwcombat.service" in GRAPH["pbwcombat.cli.options"]  # imported inside functions


def test_no_import_cycles() -> None:
    cycle = _find_cycle(_package_edges())
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


def test_a_module_not_in_the_table_counts_as_the_application_layer() -> None:
    assert layer("pbwcombat.something_new") == APP
    assert layer("pbwcombat.rules.something_new") == RULES
    assert layer("pbwcombat") == BASE


def test_cycle_finder_finds_a_cycle() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def _backward_imports() -> list[str]:
    wrong = []
    for module, targets in GRAPH.items():
        mine = layer(module)
        for target, line in targets.items():
            if target.split(".")[0] in UI_LIBRARIES:
                if mine != CLI:
                    wrong.append(f"{module}:{line} imports {target} (only the cli may)")
                continue
            theirs = layer(target)
            if theirs not in MAY_IMPORT[mine]:
                wrong.append(f"{module}:{line} ({mine}) imports {target} ({theirs})")
    return wrong


def test_imports_go_down_the_layers_only() -> None:
    assert _backward_imports() == []


@pytest.mark.parametrize("module, forbidden", [
    ("pbwcombat.rules.attack", ("pbwcombat.render.post", "pbwcombat.store", "pbwcombat.cli")),
    ("pbwcombat.render.post", ("pbwcombat.store", "pbwcombat.rules.turns")),
    ("pbwcombat.service", ("typer",)),
])
def test_the_layer_table_forbids_what_the_issue_forbids(module: str,
                                                         forbidden: tuple[str, ...]) -> None:
    for target in forbidden:
        allowed = layer(target) in MAY_IMPORT[layer(module)] \
            and target.split(".")[0] not in UI_LIBRARIES
        assert not allowed, f"{module} → {target} should be refused"


def test_every_action_has_a_typed_handler() -> None:
    """dispatch.HANDLERS: one entry per action class, keyed by the type its handler takes."""
    from pbwcombat import actions, dispatch

    action_types = {cls for cls in vars(actions).values()
                    if isinstance(cls, type) and issubclass(cls, actions.Action)
                    and cls is not actions.Action}
    assert set(dispatch.HANDLERS) == action_types
    for kind, handler in dispatch.HANDLERS.items():
        hints = typing.get_type_hints(handler)
        taken = [h for name, h in hints.items() if name not in ("res", "return")]
        assert taken == [kind], f"{handler.__name__} takes {taken}, registered for {kind}"


MAX_LINES = 800  # issue 21: a module has one job; past this it has several


def test_issue_21_no_module_over_800_lines() -> None:
    """Every module of the package, tests' helpers aside, stays within 800 lines: a bigger one
    is split by job (events/, narrate_*.py, combatant.py, catalog/*_messages.py)."""
    big = {str(p.relative_to(PACKAGE.parent)): n for p in sorted(PACKAGE.rglob("*.py"))
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert big == {}


def test_the_size_check_counts_lines() -> None:
    """The check is not blind: the package's biggest module is counted, above 400 lines."""
    sizes = [len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.rglob("*.py")]
    assert len(sizes) > 100 and 400 < max(sizes) <= MAX_LINES
