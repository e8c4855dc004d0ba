"""Fighters Only featherweight, simulated: the pace of a simulated bout.

FO is scored by the clock (FO-7): attacking time decides each round, so a simulated bout
needs the seconds each answer takes at the table. The simulator (:class:`companion.simulate.Walk`)
stamps each answer a whole number of seconds after the one before, drawn evenly: a roll from
:data:`ANSWER_SECONDS` (``companion simulate fo --seconds LOW-HIGH`` changes it), an attack named
from :data:`CHOICE_SECONDS`, from the run's own generator: the same seed gives the same figures on
any number of processes. The bell comes when the round's 5:00 is up (the roll in progress void,
FO-7), and ``stall`` when a draw would have the attacker hold the dice longer than the stall limit
(FO-8: from where the dice came to him, through his choice, to his roll; stamped at the limit, as
the fight screen stamps it); neither happens at the default pace under the default limit of 20 s
(a choice and a roll together take at most 4 + 15 = 19 s).
"""

from __future__ import annotations

ANSWER_SECONDS = (5, 15)
"""Whole seconds a roll takes at the table, low to high (uniform): two dice picked up, rolled, read
and typed take a few seconds to a quarter of a minute."""

CHOICE_SECONDS = (1, 4)
"""Whole seconds an attack named takes at the table, low to high (uniform): a word said and typed
by a player who has the dice in his hand. With a roll after it, a hold is 6-19 s: under the default
20 s stall limit (FO-8 counts the choice and the roll together). An exchange of a choice and a roll
is about 12 s on average, 22 s with the defender's roll."""
