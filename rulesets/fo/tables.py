"""Fighters Only featherweight: the game's numbers, as constants in code.

The FO text prints no table: its numbers are rules said in words (a 5:00 round, the defence that
answers each attack, a knockdown on the third strike landed in a row, a stand-up after the third
ground attack defended); a fighter's own numbers are on his card. So there is no ``tables.yaml``
and no GM's file over it (``Ruleset.has_tables`` stays off), as before the package layout: a GM's
file would have to be stored with each fight (as Cage Match's card is) for a resumed fight to
play the same, and the rules (``rules.py``) and the odds (``odds.py``) that read these numbers
would read them from the state: new behaviour, not a move. Here is where they are read from.
"""

from __future__ import annotations

ROUND_SECONDS = 300.0
"""A round on the stopwatch: 5:00 (FO-7)."""

STANDING_ATTACKS = ("punch", "kick", "takedown")
GROUND_ATTACKS = ("gnp", "submission")
DEFENCE = {"punch": "block", "kick": "check", "takedown": "td_defence", "gnp": "guard", "submission": "sub_defence"}
"""The defence that answers each attack (FO-4, FO-6)."""
STRIKES_FOR_KNOCKDOWN = 3
"""Strikes landed in a row for a knockdown (FO-4)."""
GROUND_ATTACKS_BEFORE_STANDUP = 3
"""Ground attacks defended before the referee stands them up (FO-6)."""
