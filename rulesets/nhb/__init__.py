"""Bradu's SIMple NHB and its tournament nights: the descriptors (light; the rules load from
``ruleset.py`` when a fight needs them)."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game

_CARDS = Path(__file__).resolve().parents[2] / "fighters" / "nhb.yaml"
"""The shipped roster (in ``companion.fighters``, the repository's ``fighters/``)."""

GAME = Game(
    "nhb",
    "Bradu's SIMple NHB",
    "NHB",
    "companion.rulesets.nhb.ruleset:RULESET",
    cards=_CARDS,
    tournament="nhb_tournament",
    order=1,
)
TOURNAMENT_NIGHT = Game(
    "nhb_tournament",
    "Bradu's SIMple NHB tournament night",
    "NHB tournament",
    "companion.rulesets.nhb.ruleset:TOURNAMENT",
    cards=_CARDS,
    night=True,
    order=1,
)
