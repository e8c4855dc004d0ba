"""Cage Match!, simulated: how a corner picks at the secret choice, and when the table stops.

Both corners pick in secret each turn (CM-5), so a simulated bout needs a way of picking for
each: a *strategy* (``companion simulate cage_match --strategy red=advice --strategy
blue=random``; ``Ruleset.pick`` plays them):

- ``advice``: the pick :func:`advise` gives, the rule the app already advises a free choice of
  attack by (a follow-up's advice, ``outcomes.Outcomes.followup``): of the moves the pad allows,
  the one with the most damage to expect on one try (:func:`~.rules.expected_damage`: the move's
  dice modifier here, its damage, doubled on double 6s, against the other's muscle rating), no
  extra focus; a move of no damage only where the pad allows nothing else; the pad's order breaks
  a tie. It does not read the other corner's likely reply, so it is a striker's plan a counter
  can beat (the ``--matrix`` shows by how much);
- ``random``: a move the pad allows, at random, as the app picks for a corner (``Session.roll``);
- ``prefer:A,B,...``: the first of these moves the corner may do now (with its focus, e.g.
  ``head-kick+x2``), else the pad's default move.

At the choices inside a turn (a follow-up, a take-down) ``advice`` and ``random`` take the
advised option, as the app does, and a ``prefer`` list its first key offered.

A bout that no knockout or submission ends (two corners that only protect) is stopped by the
table at the secret choice after :data:`TURNS` turns, with the answer ``end`` (ruling CM-12): a
draw, or with the option ``table_end=decision`` a decision on nerves left.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from companion.ruleset import Pick, SecretPrompt
from companion.rulesets.cage_match.rules import expected_damage

if TYPE_CHECKING:
    from companion.rulesets.cage_match.ruleset import Turn

STRATEGIES = ("advice", "random", "prefer")
"""The strategies a corner may play (``Ruleset.pick``), the default first."""

TURNS = 100
"""A simulated bout still going after this many turns is ended by the table (CM-12). Bouts of
the shipped fighters picking at random end by knockout or submission in about 40 turns, almost
never past 80; one still going at 100 is one the two corners' plans cannot finish."""


def advise(turn: Turn, prompt: SecretPrompt, side: int) -> str:
    """The ``advice`` pick for corner ``side`` at the turn's secret choice (``turn``: the turn
    played to it): see the module's words."""
    pad = prompt.sides[side]
    sheet = turn.sheets[side]
    rating = turn.sheets[1 - side].rating
    probe = copy.copy(turn)  # the turn's own modifier, read as if the move were picked
    best, most = pad.default, -1.0
    for option in pad.options:
        if not option.allowed:
            continue
        move = sheet.by_key[option.key]
        probe.picks, probe.moves = [Pick(move.key)] * 2, [move] * 2
        score = expected_damage(probe.modifier(side, move)[0], move.damage, rating) if move.damage else 0.0
        if score > most:
            best, most = option.key, score
    return best
