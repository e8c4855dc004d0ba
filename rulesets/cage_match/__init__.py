"""Cage Match!: the descriptor (light; the rules load from ``ruleset.py`` when a fight needs them)."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game

_CARDS = Path(__file__).resolve().parents[2] / "fighters" / "cage_match.yaml"
"""The shipped roster (in ``companion.fighters``, the repository's ``fighters/``)."""

GAME = Game(
    "cage_match", "Cage Match!", "Cage Match", "companion.rulesets.cage_match.ruleset:RULESET", cards=_CARDS, order=3
)
