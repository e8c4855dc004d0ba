"""Fighters Only featherweight: what the card editor shows of a card (issue 23): each stat's chance,
2d6 at or under it (rulings FO-3, FO-4), each attack beside the defence that answers it."""

from __future__ import annotations

from companion.rulesets.fo.cards import FoCard, stat_word
from companion.sheet import DerivedFigure


def at_or_under(stat: int) -> float:
    """The chance that 2d6 rolls ``stat`` or under (doubles aside)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= stat) / 36


def figures(card: FoCard) -> tuple[DerivedFigure, ...]:
    """Each pair: the attack and its defence, with the chance each roll succeeds."""
    out = []
    for attack, defence in FoCard.stat_pairs:
        a, d = getattr(card, attack), getattr(card, defence)
        terms = f"2d6 <= {a}: {at_or_under(a):.0%} · {stat_word(defence)} 2d6 <= {d}: {at_or_under(d):.0%}"
        out.append(DerivedFigure(attack, f"{stat_word(attack)} {a} | {stat_word(defence)} {d}", "", terms))
    return tuple(out)
