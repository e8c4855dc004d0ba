"""Paul's Adventures In Fantasy: the rules reference (the ``reference(state)`` hook, f1): the
critical and fumble thresholds, the critical hits and fumbles tables, the non-lethal damage tables.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.ruleset import Reference
from companion.rulesets.paf.rules import show
from companion.rulesets.paf.state import pct
from companion.rulesets.paf.tables import Tables, critical_threshold, fumble_threshold, needed_index


def thresholds_reference(tables: Tables, needed: Any) -> Reference:
    """PA-3: the critical and fumble thresholds by the needed roll, the row in use marked."""
    cuts = sorted({row.low for row in tables.critical_thresholds} | {row.low for row in tables.fumble_thresholds})
    rows = []
    in_use = needed_index(needed)
    highlight = None
    for number, low in enumerate(cuts):
        high = cuts[number + 1] - 1 if number + 1 < len(cuts) else 100
        critical, fumble = critical_threshold(tables, low), fumble_threshold(tables, low)
        rows.append(
            (
                f"{low}-{high}" if high != low else str(low),
                f"{critical}+" if critical else "---",
                f"{fumble} or less" if fumble else "---",
            )
        )
        if low <= in_use <= high:
            highlight = number
    return Reference(
        "To critically hit / to fumble (PA-3)",
        ("needed", "critical", "fumble"),
        tuple(rows),
        highlight,
        f"Needed {show(Fraction(needed))}: a roll equal to or above it hits (PA-2).",
    )


def _span(low: int | None, high: int | None) -> str:
    """A row's rolls: ``05-10``, ``95 or more``, ``20 or less``."""
    if low is None:
        return f"{high} or less"
    if high is None:
        return f"{low} or more"
    return pct(low) if low == high else f"{pct(low)}-{pct(high)}"


def critical_reference(tables: Tables, kind: str, roll: int | None) -> Reference:
    """The critical hits table of a kind of weapon (PA-3), the row rolled marked."""
    rows = getattr(tables.criticals, kind)
    highlight = next(
        (number for number, row in enumerate(rows) if roll is not None and row.low <= roll <= row.high), None
    )
    return Reference(
        f"Critical hits ({kind} weapons) (PA-3)",
        ("roll", "effect"),
        tuple((_span(row.low, row.high), row.words) for row in rows),
        highlight,
    )


def fumble_reference(tables: Tables, roll: int | None) -> Reference:
    """The fumbles table (PA-3), the row rolled marked."""
    rows = tables.fumbles
    highlight = next(
        (number for number, row in enumerate(rows) if roll is not None and row.low <= roll <= row.high), None
    )
    return Reference(
        "Fumbles (PA-3)",
        ("roll", "effect"),
        tuple((_span(row.low, row.high), row.words) for row in rows),
        highlight,
    )


def nonlethal_reference(tables: Tables, table: str, index: int | None) -> Reference:
    """A non-lethal damage table (pummeling or grappling, PA-7), the row of the index marked."""
    nonlethal = getattr(tables, table)
    rows = []
    highlight = None
    for number, row in enumerate(nonlethal.damage):
        points = "" if row.points is None else f"{row.points}" + (" + Str" if row.plus_strength else "")
        rows.append((_span(row.low, row.high), row.text, points))
        if index is not None and (row.low is None or row.low <= index) and (row.high is None or index <= row.high):
            highlight = number
    return Reference(
        f"{table.capitalize()} damage ({int(nonlethal.share * 100)}% actual, PA-7)",
        ("index", "result", "points"),
        tuple(rows),
        highlight,
        "Index = roll - needed + damage modifications; the rest is temporary, recovered 1 a round "
        "after 10 rounds (PA-7).",
    )
