"""Fighters Only featherweight: the rules reference (the ``reference(state)`` hook, f1): both
stat cards side by side, the stat the roll in play is made against marked."""

from __future__ import annotations

from companion.ruleset import Reference
from companion.rulesets.fo.cards import stat_word
from companion.rulesets.fo.state import FoState
from companion.rulesets.fo.tables import DEFENCE

STATS = ("punch", "kick", "takedown", "block", "check", "td_defence", "gnp", "submission", "guard", "sub_defence")
"""A card's stats in the order the reference lists them."""


def stat_reference(state: FoState) -> Reference:
    """Both cards' stats (FO-1), the attack or the defence being rolled marked."""
    red, blue = state.fighters
    rows = tuple((stat_word(stat), str(getattr(red, stat)), str(getattr(blue, stat))) for stat in STATS)
    highlight = None
    if state.step == "attack" and state.move:
        highlight = STATS.index(state.move)
    elif state.step == "defend" and state.move:
        highlight = STATS.index(DEFENCE[state.move])
    note = "roll 2d6 at or under the rating; any double: knockdown standing, submission on the ground (attacker), counter or scramble (defender); 1-1 a KO"
    return Reference("Stat cards (FO-1)", ("stat", red.name, blue.name), rows, highlight, note)
