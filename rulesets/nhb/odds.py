"""NHB's odds (issue 8, docs/odds_design.md 4.1): at each prompt, the chance of taking
control, of winning the segment's fight points, of a finish and of each method, given the
totals so far; and each fighter's chance to win the bout.

Every figure comes from walking the ruleset's own steps (:meth:`rulesets.nhb.ruleset.Nhb.advance`,
which is ``apply`` without the text and the log) over every face of every die, and reading
what happened from the state each step leads to (:class:`companion.odds.Walk`). There is no
second copy of the rules here: the walk only reads ``controller``, ``winner``, ``finish``,
``result`` and ``segment`` off the states the engine makes.

- **Exploding dice** (ruling D-4) are followed to ``depth`` explosions in a row (3 by
  default); the chance beyond is the odds' remainder (1e-4 of each exploding roll).
- **Re-rolls** (a control tie between equal ratings, NHB-2; a fight-points tie, NHB-4) are
  loops back to the roll-off's first state, solved exactly (the geometric series).
- **Choices** later in the bout are made as ``companion simulate`` makes them: the advised
  place (NHB-3), each place at even chances where neither is advised.
- **The segment** is walked at the prompt (a few thousand steps at a segment's first roll,
  kept for the rest of the segment); **the bout** needs every later segment too, so its
  table is computed once per matchup in the background (:class:`companion.odds.Background`)
  and shown from the first prompt after it is ready.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable
from itertools import product
from typing import Any

from companion.odds import Background, Branch, Line, Memo, Odds, Walk
from companion.rulesets.nhb.rules import PLACES
from companion.rulesets.nhb.ruleset import Nhb
from companion.rulesets.nhb.state import NhbState

DEPTH = 3
"""Explosions in a row followed before the rest is counted as the remainder."""

CUT = ("cut",)
"""An exploding roll past the depth: its chance is the remainder."""
SEG = "seg"
"""The first word of an event of the segment in play (the next segment's are dropped)."""
SEG_CUT = (SEG, "cut")
METHODS = ("ko", "tko", "submission")
SHORT = {"ko": "KO", "tko": "TKO", "submission": "sub"}
"""Methods as the compact view writes them."""
METHOD_WORDS = {"ko": "KO", "tko": "TKO", "submission": "submission", "decision": "decision", "draw": "draw"}

BOUT_TABLES = Background(keep=4, name="nhb bout table")
"""The whole-bout table of each matchup (cards, options, depth), computed in the background."""
SEGMENT_WALKS = Memo(keep=4)
"""The segment walk of each matchup, kept across prompts."""


def _this_segment(value: dict) -> dict:
    """The figures a segment passes back to the one before: the bout's, not its own."""
    return {e: v for e, v in value.items() if e[0] != SEG}


class NhbWalk:
    """The walk of one matchup, over :meth:`Nhb.advance`.

    Args:
        ruleset: the NHB ruleset (its ``advance``, ``draw`` and ``odds_key``).
        state: any state of the bout (its cards and options are the walk's).
        bout: walk on into later segments (the bout table), or stop at the segment's end.
        depth: explosions in a row followed.
    """

    def __init__(self, ruleset: Nhb, state: NhbState, *, bout: bool, depth: int = DEPTH) -> None:
        self.ruleset = ruleset
        self.bout = bout
        self.depth = depth
        self.names = tuple(f.name for f in state.fighters)
        self.walk = Walk(self.expand, ruleset.odds_key)
        self.wheres: list[NhbState] = []
        """Every controller's choice met (the table walks both places of each)."""
        self._ranges: dict[tuple, list[tuple[int, ...]]] = {}

    def expand(self, state: NhbState) -> Iterable[Branch]:
        ruleset = self.ruleset
        kind, what = ruleset.draw(state)
        if kind == "choice":
            keys, advised = what
            self.wheres.append(state)
            picks = (advised,) if advised else keys  # as the simulator plays (NHB-3)
            p = 1.0 / len(picks)
            return [(p, (), ruleset.advance(state, k), None) for k in picks]
        if kind == "over":  # only a prompt at the end asks: nothing more happens
            return ()
        rolls = self._ranges.get(what)
        if rolls is None:
            rolls = self._ranges[what] = list(product(*(range(lo, hi + 1) for lo, hi in what)))
        p = 1.0 / len(rolls)
        advance = ruleset.advance
        return [self.branch(state, advance(state, faces), p) for faces in rolls]

    def branch(self, before: NhbState, after: NhbState, p: float) -> Branch:
        """What one face did, read off the state it led to."""
        if len(after.exploded) > self.depth:
            return p, (CUT, SEG_CUT), None, None
        step = before.step
        if step == "finish" and after.finish is not None and before.finish is None:
            # a finish found on the chart (NHB-5, NHB-6): the bout's winner and method are settled
            w, method = after.winner, after.finish.method
            return p, ((SEG, "finish", w, method), ("bout", w, method)), None, None
        if after.result is not None:  # the last segment went the distance: a decision or a draw (NHB-8)
            result = after.result
            w = None if result.winner is None else self.names.index(result.winner)
            return p, (("bout", w, result.method),), None, None
        if step == "control" and after.step == "where":
            return p, ((SEG, "control", after.controller),), after, None
        if step == "fight" and after.step == "finish":
            return p, ((SEG, "fp", after.winner),), after, None
        if after.segment != before.segment:  # no finish: on to the next segment
            return p, (), (after if self.bout else None), _this_segment
        return p, (), after, None

    def value(self, state: NhbState) -> dict[Hashable, float]:
        return self.walk.value(state)

    def places(self, state: NhbState) -> dict[str, dict[Hashable, float]]:
        """At the controller's choice (NHB-3): the figures of each place."""
        return {place: self.value(self.ruleset.advance(state, place)) for place in PLACES}


def bout_table(ruleset: Nhb, state: NhbState, depth: int = DEPTH) -> NhbWalk:
    """The whole bout walked from its first state, both places at every choice: after this,
    every prompt of the bout is a lookup."""
    start = NhbState(fighters=state.fighters, options=state.options)  # as Nhb.new makes it
    table = NhbWalk(ruleset, start, bout=True, depth=depth)
    table.value(start)
    done = 0
    while done < len(table.wheres):  # the other place may meet choices of its own
        table.places(table.wheres[done])
        done += 1
    return table


def bout_figures(ruleset: Nhb, state: NhbState, depth: int = DEPTH) -> dict[str, Any]:
    """The bout's figures from its first state: each side's wins and each method's share of all
    bouts (``ko``, ``tko``, ``submission``, ``decision``, ``draw``), and the probability the walk
    left unexplored (``remainder``)."""
    table = bout_table(ruleset, state, depth)
    v = table.value(NhbState(fighters=state.fighters, options=state.options))
    methods = {m: sum(_get(v, "bout", s, m) for s in (0, 1)) for m in (*METHODS, "decision")}
    methods["draw"] = _get(v, "bout", None, "draw")
    wins = (_wins(v, 0), _wins(v, 1))
    return {"wins": wins, "methods": methods, "remainder": max(0.0, 1.0 - sum(methods.values()))}


# --- the odds of a prompt ----------------------------------------------------------


def matchup(state: NhbState, depth: int) -> Hashable:
    """What a walk is for: the two cards, the options, the depth (the same all through a bout)."""
    return (state.fighters, state.options, depth)


def odds(
    ruleset: Nhb, state: NhbState, *, depth: int = DEPTH, wait: bool = False, start_table: bool = True
) -> Odds | None:
    """The odds at ``state``'s prompt, or None when the bout is over.

    Args:
        ruleset: the NHB ruleset whose steps are walked.
        state: the bout as it stands.
        depth: explosions in a row followed (the rest is the remainder).
        wait: compute the bout table here if it is not ready (the command line, tests),
            instead of starting it in the background and showing the segment's figures alone
            until it is.
        start_table: start the bout table in the background if it is not ready (the
            benchmark's cold case and the one-roll tests leave it).
    """
    if state.result is not None:
        return None
    key = matchup(state, depth)
    build = lambda: bout_table(ruleset, state, depth)  # noqa: E731
    table: NhbWalk | None = BOUT_TABLES.get(key, build) if wait else BOUT_TABLES.peek(key)
    if state.step in ("sub", "seconds"):
        shown_odds = _finish_found(ruleset, state)
    else:
        deep = len(state.exploded) > depth  # a roll past the table's depth: followed further, this segment only
        walker = table if table is not None and not deep and table.walk.known(state) is not None else None
        if walker is None:
            walker = SEGMENT_WALKS.get_or(
                (key, len(state.exploded) if deep else 0),
                lambda: NhbWalk(ruleset, state, bout=False, depth=len(state.exploded) + depth if deep else depth),
            )
        failed = BOUT_TABLES.failed(key)
        shown_odds = _shown(state, walker, waiting=table is None and failed is None)
        if failed is not None:  # no bout figures, and no "working" for ever
            shown_odds = dataclasses.replace(
                shown_odds, basis=shown_odds.basis + "; the bout's table failed: " + failed
            )
    if table is None and start_table:
        BOUT_TABLES.start(key, build)  # after the segment's figures: they come first
    return shown_odds


def prepare(ruleset: Nhb, state: NhbState, depth: int = DEPTH) -> None:
    """Start the matchup's bout table in the background now (e.g. once both corners are
    chosen), so that the first prompt's odds are a lookup too."""
    BOUT_TABLES.start(matchup(state, depth), lambda: bout_table(ruleset, state, depth))


def _shown(state: NhbState, walker: NhbWalk, *, waiting: bool) -> Odds:
    """The figures of ``state`` in the game's words (``walker`` has them, or walks them now);
    ``waiting``: the bout's table is still being computed."""
    bout = walker.bout
    names = walker.names
    step = state.step
    me = state.controller if step == "where" else state.roller
    lines: list[Line] = []
    sections: list[tuple[str, tuple[Line, ...]]] = []
    v = walker.value(state)
    if step == "where":
        for place, pv in walker.places(state).items():
            # short labels (the tray is a narrow column); the prompt names the controller and the
            # advised place, f9 has every figure
            if bout:
                lines.append(Line(f"place:{place}", f"{place}: wins the bout", _wins(pv, me), side=me))
            else:
                lines.append(Line(f"place:{place}", f"{place}: wins the points", _get(pv, SEG, "fp", me), side=me))
            sections.append((place, _segment_lines(pv, names, "fight") + (_bout_lines(pv, names) if bout else ())))
        title = f"where the segment is fought, segment {state.segment}"
    else:
        # the compact lines are the roller's (the prompt names him; the bar takes his corner's
        # colour) and short enough for the tray's column; f9 has the methods and both corners
        if step == "control":
            lines.append(Line("control", "takes control", _get(v, SEG, "control", me), side=me))
        if step in ("control", "fight"):
            lines.append(Line("fp", "wins the segment", _get(v, SEG, "fp", me), side=me))
        lines.append(
            Line("finish", f"a finish ({_top_method(v, state.winner if step == 'finish' else None)})", _finishes(v))
        )
        if bout:
            lines.append(Line("bout", "wins the bout", _wins(v, me), side=me))
        sections.append(("this segment", _segment_lines(v, names, step)))
        if bout:
            sections.append(("the bout", _bout_lines(v, names)))
        title = _title(step, state)
    remainder = v.get(CUT, 0.0) if bout else v.get(SEG_CUT, 0.0)
    basis = f"exact to {walker.depth} explosions in a row; later choices: the advised place"
    if not bout and not waiting:  # a roll past the table's depth (a 1 in 10,000 chance): no bout figures
        basis += f"; the bout's odds follow {DEPTH} explosions in a row, not this many"
    pending = ("the bout",) if waiting else ()
    return Odds(title, tuple(lines), tuple(sections), remainder, basis, pending)


def _title(step: str, state: NhbState) -> str:
    segment = f"segment {state.segment}"
    if step == "control":
        return f"control, {segment}"
    if step == "fight":
        return f"fight points ({state.place}), {segment}"
    return f"the finish, {segment}"


def _get(v: dict, *event: Any) -> float:
    return v.get(event, 0.0)


def _finishes(v: dict, w: int | None = None) -> float:
    sides = (0, 1) if w is None else (w,)
    return sum(v.get((SEG, "finish", s, m), 0.0) for s in sides for m in METHODS)


def _top_method(v: dict, w: int | None) -> str:
    """The likeliest method of a finish, as the compact view names it (``most by sub``)."""
    sides = (0, 1) if w is None else (w,)
    by = {m: sum(v.get((SEG, "finish", s, m), 0.0) for s in sides) for m in METHODS}
    return f"most by {SHORT[max(METHODS, key=lambda m: by[m])]}"


def _wins(v: dict, side: int) -> float:
    return sum(p for e, p in v.items() if e[0] == "bout" and e[1] == side)


def _segment_lines(v: dict, names: tuple[str, str], step: str) -> tuple[Line, ...]:
    out = []
    if step == "control":
        out += [Line(f"control:{s}", f"{names[s]} takes control", _get(v, SEG, "control", s), side=s) for s in (0, 1)]
    if step in ("control", "fight"):
        out += [Line(f"fp:{s}", f"{names[s]} wins the fight points", _get(v, SEG, "fp", s), side=s) for s in (0, 1)]
    for s in (0, 1):
        out += [
            Line(f"finish:{s}:{m}", f"{names[s]} by {METHOD_WORDS[m]}", _get(v, SEG, "finish", s, m), side=s)
            for m in METHODS
        ]
    out.append(
        Line("distance", "no finish: the segment goes 10 minutes", max(0.0, 1.0 - _finishes(v) - v.get(SEG_CUT, 0.0)))
    )
    return tuple(out)


def _bout_lines(v: dict, names: tuple[str, str]) -> tuple[Line, ...]:
    out = []
    for s in (0, 1):
        out.append(Line(f"bout:{s}", f"{names[s]} wins", _wins(v, s), side=s))
        out += [
            Line(f"bout:{s}:{m}", f"{names[s]} by {METHOD_WORDS[m]}", _get(v, "bout", s, m), side=s)
            for m in (*METHODS, "decision")
        ]
    out.append(Line("bout:draw", "a draw", _get(v, "bout", None, "draw")))
    return tuple(out)


def _finish_found(ruleset: Nhb, state: NhbState) -> Odds:
    """After a finish is found the bout is settled: the submission's hold by chance (NHB-6),
    read off each face as the engine takes it; the seconds change only the time (NHB-7)."""
    names = tuple(f.name for f in state.fighters)
    w, method = state.winner, state.finish.method
    settled = Line("bout", f"{names[w]} wins by {METHOD_WORDS[method]}", 1.0, side=w)
    if state.step == "seconds":
        return Odds("the exact seconds", (settled,), basis="exact: the seconds change only the time")
    _kind, ranges = ruleset.draw(state)
    rolls = list(product(*(range(lo, hi + 1) for lo, hi in ranges)))
    holds: dict[str, float] = {}
    for faces in rolls:
        detail = ruleset.advance(state, faces).finish.detail
        holds[detail] = holds.get(detail, 0.0) + 1.0 / len(rolls)
    ranked = sorted(holds.items(), key=lambda kv: -kv[1])
    lines = (settled,) + tuple(Line(f"sub:{d}", d, p, side=w) for d, p in ranked[:3])
    chart = state.fighters[w].subs
    section = tuple(Line(f"sub:{d}", d, p, side=w) for d, p in ranked)
    return Odds(f"the submission ({chart} chart)", lines, ((f"{chart} chart", section), ("the bout", (settled,))))
