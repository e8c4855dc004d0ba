"""Simultaneous Combat for Fudge: the descriptor (light; the rules load from ``ruleset.py`` when a fight needs them)."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game

_CARDS = Path(__file__).resolve().parents[2] / "fighters" / "fudge.yaml"
"""The shipped roster (in ``companion.fighters``, the repository's ``fighters/``)."""

GAME = Game(
    "fudge", "Simultaneous Combat for Fudge", "Fudge", "companion.rulesets.fudge.ruleset:RULESET", cards=_CARDS, order=4
)
