"""Cage Match!: the rules reference (the ``reference(state)`` hook, f1): the Fight Card of the pad
in play with red's row marked, and the attack dice table while an attack is rolled."""

from __future__ import annotations

from companion.ruleset import Reference, RollPrompt
from companion.rulesets.cage_match.state import CmState
from companion.rulesets.cage_match.tables import CODES, RESULTS_TABLE, Cell


def card_reference(state: CmState, pad: str, red: str | None, blue: str | None, cell: Cell | None) -> Reference:
    """The Fight Card of ``pad`` (the project's reconstruction, CM-6), red's row marked."""
    rules = state.rules
    types = rules.tables.pads[pad]
    rows = []
    for mine in types:
        row = [mine.replace("_", " ")]
        for theirs in types:
            here = rules.cells[pad, mine, theirs]
            mark = "" if here.actor is None else (">" if here.actor == 0 else "<")
            row.append(CODES[here.outcome] + mark)
        rows.append(tuple(row))
    legend = " · ".join(f"{code} {name}" for name, code in CODES.items())
    note = "Row: your move; column: theirs; > you act, < they act. " + legend
    if cell is not None:
        note = f"{red} v {blue}: {cell.outcome}! {RESULTS_TABLE[cell.outcome]}\n" + note
    highlight = types.index(red) if red in types else None
    short = {"protect": "prot", "takedown": "trip", "collar_tie": "collar", "submission": "sub", "pass_guard": "pass"}
    return Reference(
        f"Fight Card, {pad.replace('_', ' ')} pad (project's reconstruction)",
        ("me \\ them",) + tuple(short.get(move_type, move_type) for move_type in types),
        tuple(rows),
        highlight,
        note,
        compact=True,
    )


def attack_table(rating: int, prompt: RollPrompt) -> Reference:
    """The attack dice table (CM-2) against a muscle rating, for the roll ``prompt`` asks."""
    rows = (
        ("double 1s, or 2 or less", "miss"),
        (f"3 to {rating - 1}", "damage to muscles"),
        (f"{rating}+", "damage to the move's head or body"),
        ("double 6s", "automatic hit: double damage to head or body"),
    )
    return Reference(
        "All attacks require a roll of both dice (CM-2)",
        ("roll", "result"),
        rows,
        None,
        f"{prompt.who}: {prompt.reason}, modifier {prompt.modifier:+d}. Half damage rounds down; "
        "once muscles are 0 all damage goes to the nerves.",
    )
