"""Simultaneous Combat for Fudge: the rules reference (the ``reference(state)`` hook, f1): the
trait ladder, the damage results and the hit locations."""

from __future__ import annotations

from companion.ruleset import Reference
from companion.rulesets.fudge.rules import LADDER, ladder_name
from companion.rulesets.fudge.state import WOUND_WORDS
from companion.rulesets.fudge.tables import Tables


def ladder_reference(result: int | None) -> Reference:
    """The trait ladder (FU-1), the result of the roll just made marked."""
    rows = tuple((word, f"{level:+d}" if level else "0") for word, level in reversed(LADDER.items()))
    levels = list(reversed(LADDER.values()))
    highlight = levels.index(result) if result in levels else None
    return Reference(
        "The Fudge ladder (FU-1)",
        ("level", "value"),
        rows,
        highlight,
        "A result is the trait plus 4dF; at least Poor is needed to hit an equal-sized target (FU-2).",
    )


def damage_reference(tables: Tables, degree: int | None) -> Reference:
    """The damage results (FU-3), the row of the damage degree just rolled marked."""
    rows = []
    highlight = None
    for index, row in enumerate(tables.damage_results):
        rows.append((f"{ladder_name(row.at_least)} or better", WOUND_WORDS[row.wound]))
        if highlight is None and degree is not None and degree >= row.at_least:
            highlight = index
    last = tables.damage_results[-1].at_least
    rows.append((f"{ladder_name(last - 1)} or worse", WOUND_WORDS["none"]))
    if degree is not None and highlight is None:
        highlight = len(rows) - 1
    return Reference(
        "Damage roll results (FU-3)",
        ("damage degree", "wound"),
        tuple(rows),
        highlight,
        "BD + dF + modifiers, less the armor's DR; a wound with no box left takes the next worse (FU-4).",
    )


def locations_reference(tables: Tables) -> Reference:
    """The hit locations (the project's reconstruction, FU-5)."""
    rows = tuple(
        (location.name, f"{location.attack:+d}", f"{location.damage:+d}", "yes" if location.bypasses_armor else "")
        for location in tables.hit_locations.values()
    )
    return Reference(
        "Hit locations (the project's reconstruction, FU-5)", ("location", "to hit", "damage", "bypasses armor"), rows
    )
