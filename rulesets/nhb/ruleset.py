"""Bradu's SIMple NHB: early-UFC bouts in 10-minute segments.

Rules: ``shared/rules/source/nhb.txt`` as settled by rulings NHB-1 to NHB-11.
The charts are data in ``nhb.yaml`` beside this module.

One segment, in prompt order (ruling NHB-10):

1. control: red rolls d10! + control (and its explosions), then blue; the
   higher total takes control (NHB-2);
2. where: the controller chooses standup or ground, the advised one marked (NHB-3);
3. fight points: red then blue roll d20 + the rating for where, +2 for the
   controller; the higher total wins the segment, a tie re-rolls (NHB-4);
4. finish: winner d10 + finishing + fight points // 10, then loser d10 +
   toughness; a positive margin is read on a chart (NHB-5, NHB-6);
5. a submission rolls d20 on the winner's submission chart (NHB-6);
6. the time of the finish, with the exact seconds from d6 and a d10 digit (NHB-7).

With no finish the segment goes 10 minutes and the next one begins, up to
``segments`` (NHB-8), then a decision.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.clock import mmss
from companion.dice import DIGIT, Dice, Refused, d, read_faces
from companion.ruleset import (
    Answer,
    Choice,
    ChoicePrompt,
    GameOptions,
    Outcome,
    OverPrompt,
    Prompt,
    Reference,
    Result,
    RollPrompt,
    Ruleset,
    Setup,
    evolve,
    option,
)
from companion.tables import TablesFile
from companion.tournament import Tournament

PLACES = ("standup", "ground")
D10X = d(10, explodes=True)
"""The exploding d10 of control (ruling NHB-2) and the d10! fight die (NHB-4)."""
D10 = d(10)
D20 = d(20)
SECONDS = Dice.of(d(6), DIGIT)
"""The exact-seconds roll, typed d6 then d10 (ruling NHB-10)."""
_ONE = {die: Dice.of(die) for die in (D10X, D10, D20)}
"""Each one-die roll's Dice, made once: folding a long session reads thousands."""
_RANGES = {dice: tuple((die.low, die.high) for die in dice.dice) for dice in (*_ONE.values(), SECONDS)}
SEGMENT_MINUTES = 10


class NhbCard(BaseModel):
    """A fighter card (ruling NHB-11)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    nickname: str | None = None
    style: str | None = None
    control: int = Field(ge=1, le=20)
    standup: int = Field(ge=1, le=20)
    ground: int = Field(ge=1, le=20)
    finishing: int = Field(ge=1, le=10)
    """The text's "killer instinct" (KI)."""
    toughness: int = Field(ge=1, le=10)
    ground_chart: Literal["striker", "hybrid", "submission"] | None = None
    sub_chart: Literal["generic", "wrestling", "jiu-jitsu"] | None = None
    notes: str | None = None

    @property
    def chart(self) -> str:
        """The ground finish chart: the card's, else from the ratings (ruling NHB-6)."""
        if self.ground_chart:
            return self.ground_chart
        if self.standup >= self.ground + 3:
            return "striker"
        if self.ground >= self.standup + 3:
            return "submission"
        return "hybrid"

    @property
    def subs(self) -> str:
        """The submission chart: the card's, else generic (ruling NHB-6)."""
        return self.sub_chart or "generic"


# --- the charts --------------------------------------------------------------


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)

    low: int = Field(alias="from", ge=1)
    high: int | None = Field(default=None, alias="to")
    method: Literal["ko", "tko", "submission"] | None = None
    detail: str
    dominant: bool = False
    rare: str | None = None
    loss: int | None = None

    def covers(self, n: int) -> bool:
        return self.low <= n and (self.high is None or n <= self.high)

    @property
    def span(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.high == self.low else f"{self.low}-{self.high}"


class _Injury(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)

    low: int = Field(alias="from", ge=1)
    high: int | None = Field(default=None, alias="to")
    loss: int = Field(ge=0)


class Tables(BaseModel):
    """The charts of ``nhb.yaml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    standup_chart: tuple[_Row, ...]
    ground_charts: dict[Literal["striker", "hybrid", "submission"], tuple[_Row, ...]]
    sub_charts: dict[Literal["generic", "wrestling", "jiu-jitsu"], tuple[_Row, ...]]
    tournament_injuries: tuple[_Injury, ...]


def _check_chart(name: str, rows: tuple[_Row, ...], top: int | None) -> list[str]:
    """A chart must cover 1 to ``top`` (or upward without end) with no gap or overlap."""
    problems = []
    expect = 1
    for row in rows:
        if row.low != expect:
            problems.append(f"{name}: row {row.span} should start at {expect}")
        if row.high is None:
            expect = None
            break
        expect = row.high + 1
    if top is None and expect is not None:
        problems.append(f"{name}: the last row should run on upward (no 'to')")
    if top is not None and expect != top + 1:
        problems.append(f"{name}: rows should cover 1 to {top}")
    return problems


def _charts_cover(tables: Tables) -> list[str]:
    problems = _check_chart("standup_chart", tables.standup_chart, None)
    for key in ("striker", "hybrid", "submission"):
        problems += _check_chart(f"ground_charts.{key}", tables.ground_charts.get(key, ()), None)
    for key in ("generic", "wrestling", "jiu-jitsu"):
        problems += _check_chart(f"sub_charts.{key}", tables.sub_charts.get(key, ()), 20)
    return problems


TABLES = TablesFile(
    Path(__file__).with_name("tables.yaml"), Tables, what="charts", consistency=_charts_cover, name="nhb.yaml"
)
"""The charts (companion.tables): the shipped file only (NHB takes no GM's file over it)."""


def load_tables(path: Path) -> Tables:
    """Read and check the charts; ``TablesError`` (a ``ValueError``) naming the file and the chart
    of every problem."""
    return TABLES.read(path)


# --- state -------------------------------------------------------------------


FIGHT_DICE = ("d20", "d10!")
"""The fight points die, in notation: the text's order of events, or its first description (NHB-4)."""
FIGHT_DIE = {notation: Dice.parse(notation).dice[0] for notation in FIGHT_DICE}
"""Each choice's die (D20, D10X)."""


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
        True, "Exact seconds of a finish", (True, False), "roll d6 and d10 for the seconds (NHB-7)"
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


def _other(side: int) -> int:
    return 1 - side


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
    total = 60 * minutes + seconds
    text = _CLOCK.get(total)
    if text is None:
        text = _CLOCK[total] = mmss(total)
    return text


RATINGS = ("control", "standup", "ground", "finishing", "toughness")
"""A card's five ratings, in the order a panel lists them."""


class Nhb(Ruleset):
    """The NHB ruleset (registered as ``nhb``)."""

    key = "nhb"
    title = "Bradu's SIMple NHB"
    period_word = "segment"
    card_model = NhbCard
    has_odds = True
    simulated = True
    options = Options.specs()

    def __init__(self, tables_path: Path | None = None) -> None:
        self._tables_path = tables_path or TABLES.shipped
        self._losses: dict[int, int] = {}

    @cached_property
    def tables(self) -> Tables:
        return load_tables(self._tables_path)

    # --- protocol ------------------------------------------------------------

    def new(self, setup: Setup) -> NhbState:
        if len(setup.fighters) != 2:
            raise ValueError("an NHB bout needs exactly two fighters")
        options = Options.of(setup.options)
        red, blue = setup.fighters
        if red.name == blue.name:
            raise ValueError(f"{red.name} cannot fight himself: choose another fighter for the blue corner")
        return NhbState(fighters=(red, blue), options=options)

    def prompt(self, state: NhbState) -> Prompt:
        if state.result is not None:
            return OverPrompt(state.result, self.period_word)
        step = state.step
        if step == "where":
            return self._where_prompt(state)
        me = state.fighters[state.roller]
        if step == "control":
            parts = self._control_parts(state, state.roller)
            return self._roll(state, D10X, "control", parts, "the other fighter's control total")
        if step == "fight":
            parts = self._fight_parts(state, state.roller)
            die = FIGHT_DIE[state.options.fight_die]
            return self._roll(state, die, f"fight points ({state.place})", parts, "the other fighter's fight points")
        if step == "finish":
            parts = self._finish_parts(state, state.roller)
            if state.roller == state.winner:
                return self._roll(state, D10, "the finish", parts, "the loser's toughness roll")
            return self._roll(state, D10, "toughness (to survive the finish)", parts, "the winner's finish roll")
        if step == "sub":
            chart = me.subs
            return RollPrompt(me.name, state.roller, _ONE[D20], f"the submission ({chart} chart)")
        if step == "seconds":
            return RollPrompt(
                me.name,
                state.roller,
                SECONDS,
                "the exact seconds: d6 then d10 (0-9)",
                against="seconds = 10 x (d6 - 1) + d10",
            )
        raise AssertionError(f"no prompt for step {step!r}")

    def apply(self, state: NhbState, answer: Answer) -> Outcome:
        if state.result is not None:
            raise Refused("the bout is over: nothing more to roll")
        step = state.step
        if step == "where":
            choice = self._where_prompt(state).find(answer.text)
            if choice is None:
                raise Refused("choose standup or ground (s or g)")
            return self._where(state, choice.key, True)
        return self._steps[step](self, state, read_faces(self._dice(state), answer.text), True)

    def advance(self, state: NhbState, outcome: tuple[int, ...] | str) -> NhbState:
        """The state after ``outcome`` (the faces as numbers, or a choice's key),
        by the same rules as :meth:`apply` with no text read and no log written:
        the simulator's path (``companion.simulate``)."""
        if state.step == "where":
            return self._where(state, outcome, False).state
        return self._steps[state.step](self, state, outcome, False).state

    def draw(self, state: NhbState) -> tuple[str, Any]:
        """What the next step asks for, without building its prompt (the simulator's
        path): ``("over", result)``, ``("choice", (keys, advised))`` or ``("roll",
        ((low, high), ...))`` for the dice in the order typed."""
        if state.result is not None:
            return "over", state.result
        if state.step == "where":
            side = state.controller
            return "choice", (PLACES, advised_place(state.fighters[side], state.fighters[_other(side)]))
        return "roll", _RANGES[self._dice(state)]

    def odds(self, state: NhbState, *, wait: bool = False) -> Any:
        """The odds of the prompt in play (issue 8): control, fight points, the finish and
        its methods for the segment, and the bout once its table is ready (``rulesets.nhb.odds``;
        with ``wait``, the table is computed first if it is not ready)."""
        from companion.rulesets.nhb.odds import odds  # the odds load only when asked for

        return odds(self, state, wait=wait)

    def odds_prepare(self, state: NhbState) -> None:
        """Start the bout's odds table in the background (issue 8), before the first prompt
        asks for it: a screen may call this once both corners are chosen."""
        from companion.rulesets.nhb.odds import prepare

        prepare(self, state)

    def memo_key(self, state: NhbState, injuries: bool = True) -> Any:
        """What the rest of the bout depends on, for the simulator's memory: states
        with equal keys go on alike, to the same results and (with ``injuries``, a
        tournament's chain) the same NHB-9 loss.

        After the fight points, the pair itself no longer matters, only what the
        rules read from it: the winner's points // 10 for the finish roll (NHB-5),
        the difference for the time (NHB-7; from 21 on it is 0:05) and, as the
        loss they cost (NHB-9), the loser's points and, while a decision can
        still come, the winner's. Nor does what no result reads: the latest
        segment's winner (the segment's end replaces it), a finish's
        ``dominant`` (a log word), a submission's detail before its roll.
        Everything else read later is kept. Before the fight points, the state
        is its key but for the cards and options, which are the same all
        through one bout (the simulator keeps one matchup's states together).
        """
        step = state.step
        if step in ("control", "where", "fight"):
            # a short tuple hashes and compares faster than the whole state
            return (
                step,
                state.roller,
                state.exploded,
                state.totals,
                state.controller,
                state.place,
                state.segment,
                state.segments_won,
                state.last_winner,
            )
        if step == "over":
            return None  # an ending is kept by its result, never by a key
        w = state.winner
        fw, fl = state.fight_points[w], state.fight_points[1 - w]
        # a single bout carries no loss on: states that differ only in it go on alike
        loss = self._loss_for(fl) if injuries else None
        # a difference of 21 or more finishes at 0:05, like 21 (NHB-7)
        difference = min(fw - fl, 21)
        if step == "finish":
            # once the winner has rolled, his points // 10 are in his total; with no
            # finish in the last segment, the bout's loser (who may have won this
            # segment) costs the decision's winner by his own points (NHB-9)
            tens = fw // 10 if state.roller == w else None
            decision_loss = self._loss_for(fw) if injuries else None
            return (
                step,
                state.roller,
                w,
                state.totals,
                tens,
                difference,
                loss,
                decision_loss,
                state.place,
                state.segment,
                state.segments_won,
            )
        if step == "sub":  # the submission chart's roll gives the detail
            return (step, w, difference, loss, state.segment)
        return (step, w, state.finish.method, state.finish.detail, difference, loss, state.segment)  # seconds

    def odds_key(self, state: NhbState) -> Any:
        """What the odds from ``state`` on depend on (issue 8, docs/odds_design.md 4.1):
        states with equal keys have equal odds. Coarser than :meth:`memo_key`: the odds
        read who wins and how, never the time (NHB-7) or a tournament's loss (NHB-9).

        At the finish the fight points matter only as the winner's points // 10 (NHB-5),
        and only until he has rolled them into his total; a submission's roll and the
        seconds read the winner and his chart (the cards are the same all through a bout).
        """
        step = state.step
        if step in ("control", "where", "fight"):
            return self.memo_key(state, injuries=False)
        if step == "finish":
            w = state.winner
            tens = state.fight_points[w] // 10 if state.roller == w else None
            return (step, state.roller, w, state.totals, tens, state.place, state.segment, state.segments_won)
        if step in ("sub", "seconds"):
            return (step, state.winner, state.finish, state.segment)
        return (step, state.result)

    def _loss_for(self, points: int) -> int:
        """The rating loss ``points`` fight points cost a winner (NHB-9; thresholds are data)."""
        losses = self._losses
        loss = losses.get(points)
        if loss is None:  # the simulator asks for every state it keeps: read the rows once a value
            rows = self.tables.tournament_injuries
            loss = losses[points] = next(
                (r.loss for r in rows if r.low <= points and (r.high is None or points <= r.high)), 0
            )
        return loss

    def _dice(self, state: NhbState) -> Dice:
        step = state.step
        if step == "control":
            return _ONE[D10X]
        if step == "fight":
            return _ONE[FIGHT_DIE[state.options.fight_die]]
        if step == "finish":
            return _ONE[D10]
        if step == "sub":
            return _ONE[D20]
        return SECONDS

    # --- tournament nights (companion.tournament, ruling NHB-9) ---------------

    def injury(self, state: NhbState) -> tuple[int, str]:
        """The rating loss the bout's winner carries on, and why (ruling NHB-9): by the
        loser's fight points in the deciding segment (the last one fought, for a decision)."""
        result = state.result
        loser = 0 if result.loser == state.fighters[0].name else 1
        points = state.fight_points[loser]
        return self._loss_for(points), f"{result.loser} scored {points} fight points in the deciding segment"

    def ratings(self, card: NhbCard) -> dict[str, int]:
        return {key: getattr(card, key) for key in RATINGS}

    def injured(self, card: NhbCard, loss: int) -> NhbCard:
        """``card`` at ``loss`` on every rating, none below 1 (ruling NHB-9)."""
        return card.model_copy(update={k: max(1, getattr(card, k) - loss) for k in RATINGS})

    def draws_possible(self, state: NhbState) -> bool:
        """An even number of segments can end level (ruling NHB-8)."""
        return state.options.segments % 2 == 0

    def status(self, state: NhbState) -> str:
        """Where the bout stands, for the fight screen's status line."""
        return f"Segment {state.segment} of {state.options.segments}"

    def trackers(self, state: NhbState) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for side, card in enumerate(state.fighters):
            out[card.name] = {
                "control": card.control,
                "standup": card.standup,
                "ground": card.ground,
                "finishing": card.finishing,
                "toughness": card.toughness,
                "segments_won": state.segments_won[side],
                "controller": state.controller == side,
                "fight_points": state.fight_points[side] if state.fight_points else None,
            }
        return out

    def reference(self, state: NhbState) -> Reference:
        if state.step in ("control", "where", "fight") and state.result is None:
            return self._ratings_reference(state)
        if state.step == "finish":
            return self._chart_reference(*self._finish_chart(state))
        if state.step == "sub":
            chart = state.fighters[state.winner].subs
            return self._chart_reference(f"sub:{chart}", self.tables.sub_charts[chart])
        if state.step == "seconds":
            return self.table_reference(
                "time", state.fight_points[state.winner] - state.fight_points[_other(state.winner)]
            )
        if state.used is not None:
            return self.table_reference(*state.used)
        return self._ratings_reference(state)

    # --- prompts -------------------------------------------------------------

    def _roll(self, state: NhbState, die, reason: str, parts, against: str) -> RollPrompt:
        me = state.fighters[state.roller]
        total = sum(v for _, v in parts)
        target = state.totals[_other(state.roller)]
        if state.exploded:
            return RollPrompt(
                me.name,
                state.roller,
                _ONE[die],
                f"{reason} (explosion: roll again and add)",
                total,
                tuple(parts),
                running=sum(state.exploded) + total,
                against=against,
                target=target,
            )
        return RollPrompt(me.name, state.roller, _ONE[die], reason, total, tuple(parts), against=against, target=target)

    def _where_prompt(self, state: NhbState) -> ChoicePrompt:
        side = state.controller
        me, them = state.fighters[side], state.fighters[_other(side)]
        advised = advised_place(me, them)
        options = tuple(
            Choice(
                place,
                place,
                f"{getattr(me, place)} vs {getattr(them, place)} ({getattr(me, place) - getattr(them, place):+d})",
            )
            for place in PLACES
        )
        return ChoicePrompt(me.name, side, "where the segment is fought", options, advised)

    def _control_parts(self, state: NhbState, side: int) -> list[tuple[str, int]]:
        parts = [("control", state.fighters[side].control)]
        if state.segment >= 2 and winning_so_far(state) == side:
            parts.append(("winning so far", 2))  # ruling NHB-2, NHB-8
        return parts

    def _fight_parts(self, state: NhbState, side: int) -> list[tuple[str, int]]:
        parts = [(state.place, getattr(state.fighters[side], state.place))]
        if state.controller == side:
            parts.append(("control", 2))  # ruling NHB-4
        return parts

    def _finish_parts(self, state: NhbState, side: int) -> list[tuple[str, int]]:
        card = state.fighters[side]
        if side == state.winner:
            return [("finishing", card.finishing), ("fight points / 10", state.fight_points[side] // 10)]
        return [("toughness", card.toughness)]

    # --- the steps -----------------------------------------------------------

    def _exploding(self, state: NhbState, face: int, die, parts, reason: str, log: bool):
        """Take one face of an exploding (or plain) die.

        Returns (state, total, log): total is None while the die keeps
        exploding, its faces kept in ``state.exploded`` (ruling D-4).
        """
        if die.explodes and face == die.sides:  # ruling D-4
            lines = (
                (f"{state.fighters[state.roller].name} rolls {face} for {reason}: it explodes, roll again",)
                if log
                else ()
            )
            return evolve(state, exploded=state.exploded + (face,)), None, lines
        faces = state.exploded + (face,)
        if state.exploded:
            state = evolve(state, exploded=())
        total = sum(faces)
        for _, v in parts:
            total += v
        if not log:
            return state, total, ()
        mods = "".join(f" + {v}" if v >= 0 else f" - {-v}" for _, v in parts)
        shown = " + ".join(map(str, faces)) if len(faces) > 1 else str(face)
        return state, total, (f"{state.fighters[state.roller].name} rolls {shown}{mods} = {total} for {reason}",)

    # Each step takes the faces as numbers (or the choice's key) and writes its
    # log lines only when ``log`` is true: the table and the simulator run the
    # same code, the simulator without the words.

    def _control(self, state: NhbState, faces: tuple[int, ...], log: bool) -> Outcome:
        side = state.roller
        parts = self._control_parts(state, side)
        state, total, lines = self._exploding(state, faces[0], D10X, parts, "control", log)
        if total is None:
            return Outcome(state, lines)
        totals = _set(state.totals, side, total)
        if side == 0:
            return Outcome(evolve(state, totals=totals, roller=1), lines)
        red, blue = totals
        if red == blue:
            # ruling NHB-2: a tie goes to the higher control rating; equal ratings re-roll
            rc, bc = (f.control for f in state.fighters)
            if rc == bc:
                if log:
                    lines += (f"Control tied at {red} with equal control ratings: both re-roll",)
                return Outcome(evolve(state, totals=(None, None), roller=0), lines)
            winner = 0 if rc > bc else 1
            why = f"tied at {red}; the higher control rating ({max(rc, bc)}) takes it" if log else ""
        else:
            winner = 0 if red > blue else 1
            why = f"{max(red, blue)} to {min(red, blue)}" if log else ""
        if log:
            lines += (f"{state.fighters[winner].name} takes control ({why})",)
        return Outcome(evolve(state, totals=(None, None), roller=winner, controller=winner, step="where"), lines)

    def _where(self, state: NhbState, place: str, log: bool) -> Outcome:
        lines: tuple[str, ...] = ()
        if log:
            advised = advised_place(state.fighters[state.controller], state.fighters[_other(state.controller)])
            me = state.fighters[state.controller].name
            note = f" (overriding the advised {advised})" if advised and place != advised else ""
            lines = (f"{me} takes it to the {place}{note}" if place == "ground" else f"{me} keeps it standing{note}",)
        return Outcome(evolve(state, place=place, step="fight", roller=0), lines)

    def _fight(self, state: NhbState, faces: tuple[int, ...], log: bool) -> Outcome:
        side = state.roller
        parts = self._fight_parts(state, side)
        die = FIGHT_DIE[state.options.fight_die]
        state, total, lines = self._exploding(state, faces[0], die, parts, "fight points", log)
        if total is None:
            return Outcome(state, lines)
        totals = _set(state.totals, side, total)
        if side == 0:
            return Outcome(evolve(state, totals=totals, roller=1), lines)
        red, blue = totals
        if red == blue:
            if log:
                lines += (f"Fight points tied at {red}: both re-roll",)  # ruling NHB-4
            return Outcome(evolve(state, totals=(None, None), roller=0), lines)
        winner = 0 if red > blue else 1
        if log:
            name = state.fighters[winner].name
            lines += (f"{name} wins the segment on fight points, {max(red, blue)} to {min(red, blue)}",)
        state = evolve(
            state, totals=(None, None), fight_points=(red, blue), winner=winner, roller=winner, step="finish"
        )
        return Outcome(state, lines)

    def _finish(self, state: NhbState, faces: tuple[int, ...], log: bool) -> Outcome:
        side = state.roller
        parts = self._finish_parts(state, side)
        reason = "the finish" if side == state.winner else "toughness"
        state, total, lines = self._exploding(state, faces[0], D10, parts, reason, log)
        totals = _set(state.totals, side, total)
        if side == state.winner:
            return Outcome(evolve(state, totals=totals, roller=_other(side)), lines)
        margin = totals[state.winner] - total
        if margin <= 0:
            # ruling NHB-5: no finish, the segment goes the full 10 minutes
            if log:
                lines += (f"{state.fighters[side].name} survives the segment (margin {margin})",)
            return self._segment_ends(state, lines, log)
        chart_id, rows = self._finish_chart(state)
        index = _row_index(rows, margin)
        row = rows[index]
        finish = Finish(row.method, row.detail, row.dominant)
        if log:
            what = "a dominant submission" if row.dominant else row.detail
            lines += (f"Margin {margin} on the {_chart_title(chart_id)}: {what}",)
        if row.method == "submission":
            changes = dict(step="sub", roller=state.winner)
            return Outcome(evolve(state, totals=(None, None), finish=finish, used=(chart_id, index), **changes), lines)
        return self._to_time(state, lines, log, totals=(None, None), finish=finish, used=(chart_id, index))

    def _sub(self, state: NhbState, faces: tuple[int, ...], log: bool) -> Outcome:
        (face,) = faces
        card = state.fighters[state.winner]
        rows = self.tables.sub_charts[card.subs]
        index = _row_index(rows, face)
        row = rows[index]
        detail = row.detail
        lines: tuple[str, ...] = ()
        if log:
            line = f"{card.name} rolls {face} on the {card.subs} submission chart: {detail}"
            if row.rare:
                line += f" (one of: {row.rare})"  # ruling NHB-6: logged, no further roll
            lines = (line,)
        finish = Finish(state.finish.method, detail, state.finish.dominant)
        return self._to_time(state, lines, log, finish=finish, used=(f"sub:{card.subs}", index))

    def _seconds(self, state: NhbState, faces: tuple[int, ...], log: bool) -> Outcome:
        d6, digit = faces
        seconds = 10 * (d6 - 1) + digit  # ruling NHB-7
        lines = (f"{state.fighters[state.roller].name} rolls {d6} and {digit}: {seconds} seconds",) if log else ()
        return self._over(state, seconds, lines, log)

    _steps = {"control": _control, "fight": _fight, "finish": _finish, "sub": _sub, "seconds": _seconds}
    """The roll steps by ``NhbState.step`` (``where`` is a choice)."""

    # --- endings -------------------------------------------------------------

    def _to_time(self, state: NhbState, lines: tuple[str, ...], log: bool, **changes: Any) -> Outcome:
        """On to the time of the finish, with ``changes`` (the finish found) made to ``state``."""
        difference = state.fight_points[state.winner] - state.fight_points[_other(state.winner)]
        if difference < 10 and state.options.exact_time:
            return Outcome(evolve(state, step="seconds", roller=state.winner, **changes), lines)
        return self._over(state, None, lines, log, **changes)

    def _over(self, state: NhbState, seconds: int | None, lines: tuple[str, ...], log: bool, **changes: Any) -> Outcome:
        w, lost = state.winner, _other(state.winner)
        difference = state.fight_points[w] - state.fight_points[lost]
        minutes, secs = finish_time(difference, seconds)
        fight_minutes = SEGMENT_MINUTES * (state.segment - 1) + minutes
        finish = changes.get("finish", state.finish)
        # winner, loser, method, detail, period, time, fight_time: by position, which
        # is quicker, as the simulator makes one for every ending it meets
        result = Result(
            state.fighters[w].name,
            state.fighters[lost].name,
            finish.method,
            finish.detail,
            state.segment,
            clock(minutes, secs),
            clock(fight_minutes, secs),
        )
        state = evolve(state, step="over", result=result, **changes)
        if log:
            dominant = " (dominant)" if state.finish.dominant else ""
            lines += (f"{result.headline(self.period_word)}{dominant}",)
        return Outcome(state, lines)

    def _segment_ends(self, state: NhbState, lines: tuple[str, ...], log: bool) -> Outcome:
        won = _set(state.segments_won, state.winner, state.segments_won[state.winner] + 1)
        if log:
            name = state.fighters[state.winner].name
            red_name, blue_name = (f.name for f in state.fighters)
            lines += (
                f"End of segment {state.segment}: {name} takes it; segments won: {red_name} {won[0]}, {blue_name} {won[1]}",
            )
        if state.segment < state.options.segments:
            nxt = evolve(
                state,
                segments_won=won,
                last_winner=state.winner,
                segment=state.segment + 1,
                step="control",
                roller=0,
                controller=None,
                place=None,
                fight_points=None,
                winner=None,
                totals=(None, None),
            )
            return Outcome(nxt, lines)
        # ruling NHB-8: decision to the fighter who won more segments; equal is a draw
        period = state.options.segments
        end = clock(SEGMENT_MINUTES, 0)
        total = clock(SEGMENT_MINUTES * period, 0)
        score = f"segments {max(won)}-{min(won)}"
        if won[0] == won[1]:
            result = Result(None, None, "draw", score, period, end, total)
        else:
            w = 0 if won[0] > won[1] else 1
            result = Result(
                state.fighters[w].name, state.fighters[_other(w)].name, "decision", score, period, end, total
            )
        state = evolve(
            state, segments_won=won, last_winner=state.winner, step="over", result=result, totals=(None, None)
        )
        return Outcome(state, lines + (result.headline(self.period_word),) if log else ())

    # --- the reference view --------------------------------------------------

    def _finish_chart(self, state: NhbState) -> tuple[str, tuple[_Row, ...]]:
        if state.place == "standup":
            return "standup", self.tables.standup_chart
        chart = state.fighters[state.winner].chart
        return f"ground:{chart}", self.tables.ground_charts[chart]

    def table_reference(self, chart_id: str, highlight: int | None = None) -> Reference:
        """A chart by id (``standup``, ``ground:hybrid``, ``sub:generic``) and its row,
        or the time table (``time``) with the fight points difference to mark."""
        if chart_id == "time":
            rows = [("10+", "0:59 down to 0:05 (60 s - 5 s per point over 10)")]
            rows += [(str(d), f"minute {SEGMENT_MINUTES - d}") for d in range(9, 0, -1)]
            # rows run 10+, 9 .. 1
            index = None if highlight is None else (0 if highlight >= 10 else 10 - highlight)
            return Reference(
                "Time of the finish (fight points difference)",
                ("difference", "finish"),
                tuple(rows),
                index,
                "seconds: 10 x (d6 - 1) + d10 (0-9), ruling NHB-7",
            )
        kind, _, name = chart_id.partition(":")
        if kind == "standup":
            rows = self.tables.standup_chart
        elif kind == "ground":
            rows = self.tables.ground_charts[name]
        else:
            rows = self.tables.sub_charts[name]
        return self._chart_reference(chart_id, rows, highlight)

    def _chart_reference(self, chart_id: str, rows, highlight: int | None = None) -> Reference:
        body = []
        notes = []
        for row in rows:
            text = row.detail + (" (dominant)" if row.dominant else "")
            if row.rare:
                text += " (below)"
                notes.append(f"{row.span}: one of {row.rare}")  # a long list reads better wrapped
            body.append((row.span, text))
        if chart_id.startswith("sub:"):
            return Reference(
                _chart_title(chart_id).capitalize(), ("d20", "result"), tuple(body), highlight, "; ".join(notes)
            )
        # ruling NHB-5: the finish charts start above a margin of 0
        body.insert(0, ("0 or less", "no finish: the segment goes 10 minutes"))
        shifted = None if highlight is None else highlight + 1
        return Reference(_chart_title(chart_id).capitalize(), ("margin", "result"), tuple(body), shifted)

    def _ratings_reference(self, state: NhbState) -> Reference:
        red, blue = state.fighters
        keys = ("control", "standup", "ground", "finishing", "toughness")
        rows = tuple(
            (k, str(getattr(red, k)), str(getattr(blue, k)), f"{getattr(red, k) - getattr(blue, k):+d}") for k in keys
        )
        highlight = None
        if state.step == "control":
            highlight = 0
        elif state.step == "fight" and state.place:
            highlight = keys.index(state.place)
        note = "control: d10 (0 = 10, explodes) + control, +2 winning so far from segment 2"
        if state.step == "where":
            note = "advised: the larger of the standup and ground differences (ruling NHB-3)"
        elif state.step == "fight":
            note = f"fight points: {state.options.fight_die} + {state.place}, +2 for the controller"
        return Reference("Ratings", ("rating", red.name, blue.name, "red - blue"), rows, highlight, note)


def _chart_title(chart_id: str) -> str:
    kind, _, name = chart_id.partition(":")
    if kind == "standup":
        return "standup finish chart"
    if kind == "ground":
        return f"{name} ground chart"
    if kind == "sub":
        return f"{name} submission chart"
    return "time table"


_ROW_INDEX: dict[int, tuple[tuple, tuple[int, ...]]] = {}
"""Each chart (by id, kept alive with it) and its row for every number from 0 up
to its last row's start (-1 for none): reading a chart is then one lookup."""


def _row_index(rows, n: int) -> int:
    known = _ROW_INDEX.get(id(rows))
    if known is None or known[0] is not rows:
        top = rows[-1].low
        index = tuple(next((i for i, row in enumerate(rows) if row.covers(k)), -1) for k in range(top + 1))
        known = _ROW_INDEX[id(rows)] = (rows, index)
    index = known[1]
    if n < len(index):
        if index[n] >= 0:
            return index[n]
    elif rows[-1].covers(n):
        return len(rows) - 1
    raise AssertionError(f"chart has no row for {n}")  # load_tables checks coverage


def _set(pair: tuple, side: int, value) -> tuple:
    return (value, pair[1]) if side == 0 else (pair[0], value)


RULESET = Nhb()
TOURNAMENT = Tournament(
    RULESET,
    "nhb_tournament",
    tuple(  # a drawn bout cannot go on in a bracket: only odd numbers of segments (NHB-8)
        dataclasses.replace(spec, choices=(1, 3, 5), help="odd only in a tournament: a bout must have a winner")
        if spec.key == "segments"
        else spec
        for spec in RULESET.options
    ),
)
"""A tournament night of NHB bouts (ruling NHB-9), registered as ``nhb_tournament``."""
