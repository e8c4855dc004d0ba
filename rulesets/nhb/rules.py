"""Bradu's SIMple NHB: the rules as pure functions of the cards and the numbers rolled, which
the ruleset's steps (``ruleset.py``) and the odds (``odds.py``) read: the dice, who is winning so
far, the advised place, which chart a finish is read on, and the time of a finish."""

from __future__ import annotations

from typing import TypeVar

from companion.clock import mmss
from companion.dice import DIGIT, Dice, d
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.state import FIGHT_DICE, NhbState
from companion.rulesets.nhb.tables import Chart, Tables

PLACES = ("standup", "ground")
D10X = d(10, explodes=True)
"""The exploding d10 of control (ruling NHB-2) and the d10! fight die (NHB-4)."""
D10 = d(10)
D20 = d(20)
SECONDS = Dice.of(d(6), DIGIT)
"""The exact-seconds roll, typed d6 then d10 (ruling NHB-10)."""
SEGMENT_MINUTES = 10
FIGHT_DIE = {notation: Dice.parse(notation).dice[0] for notation in FIGHT_DICE}
"""Each choice's die (D20, D10X)."""

Value = TypeVar("Value")


def other_side(side: int) -> int:
    """The other corner: blue for red, red for blue."""
    return 1 - side


def with_side(pair: tuple[Value, Value], side: int, value: Value) -> tuple[Value, Value]:
    """``pair`` (red's, blue's) with ``side``'s replaced by ``value``."""
    return (value, pair[1]) if side == 0 else (pair[0], value)


def winning_so_far(state: NhbState) -> int | None:
    """Who is "winning so far" (ruling NHB-8): more segments won, else the latest winner."""
    red, blue = state.segments_won
    if red != blue:
        return 0 if red > blue else 1
    return state.last_winner


def advised_place(controller: NhbCard, opponent: NhbCard) -> str | None:
    """The place to advise the controller (ruling NHB-3), or None when even."""
    standup = controller.standup - opponent.standup
    ground = controller.ground - opponent.ground
    if standup != ground:
        return "standup" if standup > ground else "ground"
    if controller.standup != controller.ground:
        return "standup" if controller.standup > controller.ground else "ground"
    return None


def finish_chart(tables: Tables, place: str | None, winner: NhbCard) -> tuple[str, Chart]:
    """The chart a finish is read on, by id and rows (ruling NHB-6): the standup chart, else the
    winner's ground chart."""
    if place == "standup":
        return "standup", tables.standup_chart
    chart = winner.chart
    return f"ground:{chart}", tables.ground_charts[chart]


def finish_time(difference: int, seconds: int | None) -> tuple[int, int]:
    """Minute and second of a finish within its segment (ruling NHB-7).

    Args:
        difference: winner's fight points minus loser's, at least 1.
        seconds: from the d6 and d10 roll, or None when exact time is off.
    """
    if difference >= 10:
        return 0, max(5, min(59, 60 - 5 * (difference - 10)))
    return SEGMENT_MINUTES - difference, seconds or 0


_CLOCK: dict[int, str] = {}
"""``M:SS`` by seconds, each written once: the simulator times every ending it meets."""


def clock(minutes: int, seconds: int) -> str:
    """``M:SS`` of ``minutes`` and ``seconds``."""
    total = 60 * minutes + seconds
    text = _CLOCK.get(total)
    if text is None:
        text = _CLOCK[total] = mmss(total)
    return text
