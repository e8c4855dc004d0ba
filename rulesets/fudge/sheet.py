"""Simultaneous Combat for Fudge: the card editor's choices and figures (issue 23): ladder words for
the traits (FU-1), the keys of the tables in play for weapons and armor, and each weapon's skill and
the wound track the sheet makes (FU-4)."""

from __future__ import annotations

from typing import Any

from companion.rulesets.fudge.cards import FudgeCard
from companion.rulesets.fudge.rules import BOTTOM, TOP, ladder_name, ladder_show
from companion.rulesets.fudge.tables import parse
from companion.sheet import DerivedFigure

WORDS = tuple(ladder_name(level) for level in range(BOTTOM - 1, TOP + 4))
"""The ladder words a trait is chosen from: Terrible-1 to Legendary+3."""


def choices(tables: dict[str, Any] | None) -> dict[str, tuple[str, ...]]:
    """The traits' ladder words; the weapons and armor of the tables in play."""
    out = dict.fromkeys(("dodge", "strength", "health", "skills__value", "weapons__strength"), WORDS)
    if tables is not None:
        t = parse(tables)
        out["weapons__weapon"] = tuple(t.weapons)
        out["armor"] = tuple(t.armors)
    return out


def figures(card: FudgeCard, tables: dict[str, Any] | None) -> tuple[DerivedFigure, ...]:
    """Each weapon with the skill it is used at; the wound boxes."""
    out = []
    for i, w in enumerate(card.weapons):
        level = card.skill_level(w.skill)
        out.append(DerivedFigure(f"weapon{i}", w.weapon, ladder_show(level), f"{w.skill} {ladder_show(level)}"))
    boxes = f"3 scratch, {card.hurt_boxes} hurt, 1 very hurt, 1 incapacitated, 1 near death"
    out.append(DerivedFigure("wounds", "wound boxes", str(3 + card.hurt_boxes + 3), boxes + " (FU-4)"))
    return tuple(out)
