"""Bradu's SIMple NHB: what the card editor shows of a card (issue 23): the charts a card leaves to
the rules, worked out from its ratings (ruling NHB-6)."""

from __future__ import annotations

from companion.rulesets.nhb.cards import RATINGS, NhbCard
from companion.sheet import DerivedFigure


def figures(card: NhbCard) -> tuple[DerivedFigure, ...]:
    """The ground finish chart and the submission chart (the card's, else NHB-6's), and the
    ratings' total (a yardstick between cards, not a rule)."""
    if card.ground_chart:
        chart_terms = "the card's"
    elif card.chart == "striker":
        chart_terms = f"standup {card.standup} >= ground {card.ground} + 3 (NHB-6)"
    elif card.chart == "submission":
        chart_terms = f"ground {card.ground} >= standup {card.standup} + 3 (NHB-6)"
    else:
        chart_terms = f"standup {card.standup} and ground {card.ground} within 2 (NHB-6)"
    subs_terms = "the card's" if card.sub_chart else "generic unless the card says (NHB-6)"
    total = sum(getattr(card, key) for key in RATINGS)
    return (
        DerivedFigure("chart", "ground chart", card.chart, chart_terms),
        DerivedFigure("subs", "submission chart", card.subs, subs_terms),
        DerivedFigure("total", "ratings", str(total), " + ".join(str(getattr(card, key)) for key in RATINGS)),
    )
