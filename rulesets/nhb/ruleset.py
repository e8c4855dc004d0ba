"""Bradu's SIMple NHB: early-UFC bouts in 10-minute segments.

Rules: ``shared/rules/source/nhb.txt`` as settled by rulings NHB-1 to NHB-11.
This module is the state machine; beside it in the game's package: the card (``cards.py``),
the charts (``tables.py``, data in ``tables.yaml``), the state (``state.py``), the rules as
pure functions (``rules.py``), the odds (``odds.py``) and the rules reference (``reference.py``).

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
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from companion.dice import Dice, Refused
from companion.reader import choice_of, faces_of
from companion.ruleset import (
    Answer,
    Choice,
    ChoicePrompt,
    Outcome,
    OverPrompt,
    Prompt,
    Reference,
    Result,
    RollPrompt,
    Ruleset,
    Setup,
    evolve,
)
from companion.rulesets.nhb.cards import RATINGS, NhbCard
from companion.rulesets.nhb.reference import step_reference
from companion.rulesets.nhb.rules import (
    D10,
    D10X,
    D20,
    FIGHT_DIE,
    PLACES,
    SECONDS,
    SEGMENT_MINUTES,
    advised_place,
    clock,
    finish_chart,
    finish_time,
    other_side,
    winning_so_far,
    with_side,
)
from companion.rulesets.nhb.state import Finish, NhbState, Options
from companion.rulesets.nhb.tables import TABLES, Tables, chart_title, load_tables, row_index
from companion.tournament import Tournament
from companion.views import CardView

_ONE = {die: Dice.of(die) for die in (D10X, D10, D20)}
"""Each one-die roll's Dice, made once: folding a long session reads thousands."""
_RANGES = {dice: tuple((die.low, die.high) for die in dice.dice) for dice in (*_ONE.values(), SECONDS)}


def _exact_seconds(d6: int, digit: int) -> int:
    """The exact seconds of a finish from its roll, d6 then d10 read 0-9 (ruling NHB-7)."""
    return 10 * (d6 - 1) + digit


def _seconds_said(seconds: int) -> str:
    """``27 seconds``, ``1 second`` (issue 22)."""
    return f"{seconds} second{'s' * (seconds != 1)}"


class Nhb(Ruleset):
    """The NHB ruleset (registered as ``nhb``)."""

    key = "nhb"
    title = "Bradu's SIMple NHB"
    period_word = "segment"
    card_model = NhbCard
    has_sheet = True
    """The card editor made from the card model (issue 23), with the charts NHB-6 derives."""

    def card_figures(self, card: NhbCard, tables: Any) -> tuple[Any, ...]:
        from companion.rulesets.nhb.sheet import figures

        return figures(card)

    has_odds = True
    simulated = True
    options = Options.specs()
    words: ClassVar[dict[str, str]] = {"sub_chart": "submission chart"}

    def card_view(self, card: NhbCard, tables: Any = None) -> CardView:
        """The card's fields, then the charts it leaves to the rules as such (ruling NHB-6)."""
        view = super().card_view(card, tables)
        given = card.model_dump(exclude_none=True)
        defaults = tuple(
            (self.label(key), f"{value} (default)")
            for key, value in (("ground_chart", card.chart), ("sub_chart", card.subs))
            if key not in given
        )
        return dataclasses.replace(view, rows=view.rows + defaults)

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
        # as the session read it (companion.reader), else read here: the prompt's dice alone are built
        # for a roll, not its words
        if step == "where":
            return self._where(state, choice_of(answer, lambda: self._where_prompt(state)).key, True)
        return self._steps[step](self, state, faces_of(answer, self._dice(state)), True)

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
            return "choice", (PLACES, advised_place(state.fighters[side], state.fighters[other_side(side)]))
        return "roll", _RANGES[self._dice(state)]

    def total_text(self, prompt: Any, total: int, faces: tuple[int, ...] = ()) -> str:
        """The exact seconds' roll reads as the seconds it gives, as Enter logs them (ruling NHB-7:
        10 x (d6 - 1) + d10), not as the sum of its faces; every other roll as its total."""
        if prompt.dice == SECONDS and len(faces) == len(SECONDS.dice):
            return _seconds_said(_exact_seconds(*faces))
        return str(total)

    def odds(self, state: NhbState, *, wait: bool = False) -> Any:
        """The odds of the prompt in play (issue 8): control, fight points, the finish and
        its methods for the segment, and the bout once its table is ready (``rulesets.nhb.odds``;
        with ``wait``, the table is computed first if it is not ready)."""
        from companion.rulesets.nhb.odds import odds  # the odds load only when asked for

        return odds(self, state, wait=wait)

    def exact_figures(self, state: NhbState) -> dict[str, Any]:
        """The whole bout's figures from the odds engine's table (issue 21): each side's wins and
        each method, exactly as the rules give them (to the walk's depth; ``remainder`` is the rest)."""
        from companion.rulesets.nhb.odds import bout_figures

        return bout_figures(self, state)

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
        winner = state.winner
        winner_points, loser_points = state.fight_points[winner], state.fight_points[1 - winner]
        # a single bout carries no loss on: states that differ only in it go on alike
        loss = self._loss_for(loser_points) if injuries else None
        # a difference of 21 or more finishes at 0:05, like 21 (NHB-7)
        difference = min(winner_points - loser_points, 21)
        if step == "finish":
            # once the winner has rolled, his points // 10 are in his total; with no
            # finish in the last segment, the bout's loser (who may have won this
            # segment) costs the decision's winner by his own points (NHB-9)
            tens = winner_points // 10 if state.roller == winner else None
            decision_loss = self._loss_for(winner_points) if injuries else None
            return (
                step,
                state.roller,
                winner,
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
            return (step, winner, difference, loss, state.segment)
        return (step, winner, state.finish.method, state.finish.detail, difference, loss, state.segment)  # seconds

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
            winner = state.winner
            tens = state.fight_points[winner] // 10 if state.roller == winner else None
            return (step, state.roller, winner, state.totals, tens, state.place, state.segment, state.segments_won)
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
        return card.model_copy(update={rating: max(1, getattr(card, rating) - loss) for rating in RATINGS})

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
        return step_reference(self.tables, state)

    # --- prompts -------------------------------------------------------------

    def _roll(self, state: NhbState, die, reason: str, parts, against: str) -> RollPrompt:
        me = state.fighters[state.roller]
        total = sum(v for _, v in parts)
        target = state.totals[other_side(state.roller)]
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
        me, them = state.fighters[side], state.fighters[other_side(side)]
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
        # each term labelled (issue 22): the dice, then each rating or bonus by its name
        mods = "".join(f" + {v} ({name})" if v >= 0 else f" - {-v} ({name})" for name, v in parts)
        shown = " + ".join(map(str, faces))
        if mods or len(faces) > 1:
            shown += f" (d{die.sides}{'!' if die.explodes else ''})"
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
        totals = with_side(state.totals, side, total)
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
            advised = advised_place(state.fighters[state.controller], state.fighters[other_side(state.controller)])
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
        totals = with_side(state.totals, side, total)
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
        totals = with_side(state.totals, side, total)
        if side == state.winner:
            return Outcome(evolve(state, totals=totals, roller=other_side(side)), lines)
        margin = totals[state.winner] - total
        if margin <= 0:
            # ruling NHB-5: no finish, the segment goes the full 10 minutes
            if log:
                lines += (f"{state.fighters[side].name} survives the segment (margin {margin})",)
            return self._segment_ends(state, lines, log)
        chart_id, rows = finish_chart(self.tables, state.place, state.fighters[state.winner])
        index = row_index(rows, margin)
        row = rows[index]
        finish = Finish(row.method, row.detail, row.dominant)
        if log:
            what = "a dominant submission" if row.dominant else row.detail
            lines += (f"Margin {margin} on the {chart_title(chart_id)}: {what}",)
        if row.method == "submission":
            changes = dict(step="sub", roller=state.winner)
            return Outcome(evolve(state, totals=(None, None), finish=finish, used=(chart_id, index), **changes), lines)
        return self._to_time(state, lines, log, totals=(None, None), finish=finish, used=(chart_id, index))

    def _sub(self, state: NhbState, faces: tuple[int, ...], log: bool) -> Outcome:
        (face,) = faces
        card = state.fighters[state.winner]
        rows = self.tables.sub_charts[card.subs]
        index = row_index(rows, face)
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
        seconds = _exact_seconds(d6, digit)
        lines = (
            (f"{state.fighters[state.roller].name} rolls {d6} and {digit}: {_seconds_said(seconds)}",) if log else ()
        )
        return self._over(state, seconds, lines, log)

    _steps = {"control": _control, "fight": _fight, "finish": _finish, "sub": _sub, "seconds": _seconds}
    """The roll steps by ``NhbState.step`` (``where`` is a choice)."""

    # --- endings -------------------------------------------------------------

    def _to_time(self, state: NhbState, lines: tuple[str, ...], log: bool, **changes: Any) -> Outcome:
        """On to the time of the finish, with ``changes`` (the finish found) made to ``state``."""
        difference = state.fight_points[state.winner] - state.fight_points[other_side(state.winner)]
        if difference < 10 and state.options.exact_time:
            return Outcome(evolve(state, step="seconds", roller=state.winner, **changes), lines)
        return self._over(state, None, lines, log, **changes)

    def _over(self, state: NhbState, seconds: int | None, lines: tuple[str, ...], log: bool, **changes: Any) -> Outcome:
        winner, loser = state.winner, other_side(state.winner)
        difference = state.fight_points[winner] - state.fight_points[loser]
        minutes, secs = finish_time(difference, seconds)
        fight_minutes = SEGMENT_MINUTES * (state.segment - 1) + minutes
        finish = changes.get("finish", state.finish)
        # winner, loser, method, detail, period, time, fight_time: by position, which
        # is quicker, as the simulator makes one for every ending it meets
        result = Result(
            state.fighters[winner].name,
            state.fighters[loser].name,
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
        won = with_side(state.segments_won, state.winner, state.segments_won[state.winner] + 1)
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
            winner = 0 if won[0] > won[1] else 1
            result = Result(
                state.fighters[winner].name,
                state.fighters[other_side(winner)].name,
                "decision",
                score,
                period,
                end,
                total,
            )
        state = evolve(
            state, segments_won=won, last_winner=state.winner, step="over", result=result, totals=(None, None)
        )
        return Outcome(state, lines + (result.headline(self.period_word),) if log else ())


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
