"""Paul's Adventures In Fantasy: the descriptor (light; the rules load from ``ruleset.py`` when a fight needs them)."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game

_CARDS = Path(__file__).resolve().parents[2] / "fighters" / "paf.yaml"
"""The shipped roster (in ``companion.fighters``, the repository's ``fighters/``)."""

GAME = Game(
    "paf", "Paul's Adventures In Fantasy", "PAF", "companion.rulesets.paf.ruleset:RULESET", cards=_CARDS, order=5
)
