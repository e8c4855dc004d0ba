"""Cage Match!: what the card editor shows of a sheet (issue 23): the muscle rating in play (the
sheet's, else its weight class's, CM-2) and the hit points a fighter starts with (the card's
``start``), and the moves the generic ones fill in."""

from __future__ import annotations

from typing import Any

from companion.rulesets.cage_match.cards import CmCard
from companion.rulesets.cage_match.tables import TYPES, CardTables
from companion.sheet import DerivedFigure


def figures(card: CmCard, tables: dict[str, Any] | None) -> tuple[DerivedFigure, ...]:
    """The figures with the card in play (None: no figures of the tables, the rating alone)."""
    t = CardTables.model_validate(tables) if tables is not None else None
    classes = t.weight_classes if t is not None else {"featherweight": 8, "middleweight": 9}
    if card.muscle_rating is not None:
        rating = DerivedFigure("rating", "muscle rating", str(card.muscle_rating), "the sheet's")
    else:
        value = classes.get(card.weight_class, 9)
        rating = DerivedFigure("rating", "muscle rating", str(value), f"{card.weight_class}'s (CM-2)")
    out = [rating]
    if t is not None:
        start = t.start
        out.append(
            DerivedFigure(
                "hp",
                "hit points",
                f"{start.muscle + start.body + start.head}",
                f"muscle {start.muscle} + body {start.body} + head {start.head} (the card's start)",
            )
        )
    listed = {m.type for m in card.moves}
    generic = [t_ for t_ in TYPES if t_ not in listed]
    out.append(DerivedFigure("generic", "generic moves", str(len(generic)), ", ".join(generic) or "none"))
    return tuple(out)
