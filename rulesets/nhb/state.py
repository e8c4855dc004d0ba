"""Bradu's SIMple NHB: where a bout stands (immutable, one per answer) and its options."""

from __future__ import annotations

from dataclasses import dataclass

from companion.ruleset import GameOptions, Result, option
from companion.rulesets.nhb.cards import NhbCard

FIGHT_DICE = ("d20", "d10!")
"""The fight points die, in notation: the text's order of events, or its first description (NHB-4)."""


@dataclass(frozen=True, slots=True)
class Options(GameOptions):
    """The rules options in force (rulings NHB-4, NHB-7, NHB-8)."""

    segments: int = option(3, "Segments of 10 minutes", (1, 2, 3, 4, 5), "ruling NHB-8")
    fight_die: str = option(
        "d20",
        "Fight points die",
        FIGHT_DICE,
        "d20 is the text's order of events; d10! its first description (NHB-4)",
    )
    exact_time: bool = option(
        True,
        "Exact seconds of a finish",
        (True, False),
        "roll d6 and d10 for the seconds when the fight points differ by 1-9; a margin of 10 or more sets "
        "them without a roll; off: the minute only, M:00 (NHB-7)",
    )


@dataclass(frozen=True, slots=True)
class Finish:
    """A finish found on a chart, waiting for its submission and time rolls."""

    method: str
    detail: str
    dominant: bool = False


@dataclass(frozen=True)
class NhbState:
    """Where a bout stands. Immutable: every answer makes a new one."""

    fighters: tuple[NhbCard, NhbCard]
    options: Options
    segment: int = 1
    segments_won: tuple[int, int] = (0, 0)
    last_winner: int | None = None
    """Winner of the latest segment, for "winning so far" (NHB-8)."""
    step: str = "control"
    """control, where, fight, finish, sub, seconds or over."""
    roller: int = 0
    """The side whose roll is asked now."""
    exploded: tuple[int, ...] = ()
    """Faces of the exploding roll in progress (ruling D-4)."""
    totals: tuple[int | None, int | None] = (None, None)
    """This step's totals by side: control, fight points or finish."""
    controller: int | None = None
    place: str | None = None
    fight_points: tuple[int, int] | None = None
    winner: int | None = None
    """The segment's fight-point winner."""
    finish: Finish | None = None
    result: Result | None = None
    used: tuple[str, int] | None = None
    """The last chart read and its row, for the rules reference."""

    def __hash__(self) -> int:
        # The cards hash by name here: hashing the pydantic models field by field
        # made hashing a state the simulator's slowest step. Equal states have
        # equal cards, so they still hash alike.
        return hash(
            (
                self.fighters[0].name,
                self.fighters[1].name,
                self.segment,
                self.segments_won,
                self.last_winner,
                self.step,
                self.roller,
                self.exploded,
                self.totals,
                self.controller,
                self.place,
                self.fight_points,
                self.winner,
                self.finish,
                self.result,
            )
        )
