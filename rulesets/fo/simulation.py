"""Fighters Only featherweight, simulated: the pace of a simulated bout.

FO is scored by the clock (FO-7): attacking time decides each round, so a simulated bout
needs the seconds each answer takes at the table. The simulator (:class:`companion.simulate.Walk`)
stamps each answer a whole number of seconds after the one before, drawn evenly from
:data:`ANSWER_SECONDS` (``companion simulate fo --seconds LOW-HIGH`` changes it), from the run's
own generator: the same seed gives the same figures on any number of processes. The bell
comes when the round's 5:00 is up (the roll in progress void, FO-7), and ``stall`` when a draw
would have the attacker hold the dice past the stall limit (FO-8, as the fight screen calls it:
at the limit); neither happens at the default pace under the default limit of 20 s.
"""

from __future__ import annotations

ANSWER_SECONDS = (5, 15)
"""Whole seconds an answer takes at the table, low to high (uniform): two dice picked up, rolled,
read and typed (or an attack named) take a few seconds to a quarter of a minute; 10 s on average
is about 30 answers a 5:00 round, and no hold reaches the default 20 s stall limit."""
