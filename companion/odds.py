"""Exact odds of a roll (issue 8, docs/odds_design.md): the distributions of dice, and
what an odds answer is. The core never imports Textual.

A ruleset that shows odds has ``odds(state) -> Odds | None`` and computes them from its
own rule functions (the ones ``apply`` calls), over these distributions, or by walking its
own steps over every class of faces (:class:`Walk`): never a second copy of the rules. The
distributions are exact ``Fraction``; the walker and the answer's lines carry floats (exact
up to rounding) for speed, display and JSON. Tables too slow for a prompt are computed once
in the background (:class:`Background`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from companion.dice import Dice, Die

Dist = dict[Any, Fraction]
"""An outcome to its probability."""


@dataclass(frozen=True, slots=True)
class Line:
    """One figure of the odds: a chance (0..1) or an expected value."""

    key: str
    """A stable id, for tests and JSON: ``hit``, ``critical``, ``damage``."""
    label: str
    """In the game's words: ``hits Orc Raider``."""
    p: float
    kind: str = "chance"
    """``chance`` or ``expected``."""
    side: int | None = None
    """The corner the figure is for (0 red, 1 blue), where it is one fighter's."""

    def shown(self) -> str:
        """``42%`` for a chance, ``4.5`` for an expected value."""
        if self.kind == "expected":
            return f"{self.p:.1f}"
        if 0 < self.p < 0.005:
            return "<1%"
        if 0.995 < self.p < 1:
            return ">99%"
        return f"{self.p:.0%}"


@dataclass(frozen=True, slots=True)
class Odds:
    """The odds of the prompt in play."""

    title: str
    """What is rolled for: ``Sir Roderick's attack on Orc Raider``."""
    lines: tuple[Line, ...]
    """The compact view: the few figures that matter."""
    sections: tuple[tuple[str, tuple[Line, ...]], ...] = ()
    """The detail view: whole distributions, each under its heading."""
    remainder: float = 0.0
    """The probability cut off (exploding dice past the stated depth)."""
    basis: str = "exact"
    pending: tuple[str, ...] = ()
    """What is still being computed (a table in the background): shown when ready, never guessed."""

    def line(self, key: str) -> Line | None:
        """The compact view's line ``key``, or None."""
        return next((x for x in self.lines if x.key == key), None)

    def section(self, title: str) -> tuple[Line, ...]:
        """The detail view's lines under ``title`` (none if there is no such section)."""
        return next((ls for t, ls in self.sections if t == title), ())

    def to_json(self) -> dict[str, Any]:
        def lines(ls: Iterable[Line]) -> list[dict[str, Any]]:
            out = []
            for x in ls:
                one = {"key": x.key, "label": x.label, "p": x.p, "kind": x.kind}
                if x.side is not None:
                    one["side"] = x.side
                out.append(one)
            return out

        out = {
            "title": self.title,
            "lines": lines(self.lines),
            "sections": [{"title": t, "lines": lines(ls)} for t, ls in self.sections],
            "remainder": self.remainder,
            "basis": self.basis,
        }
        if self.pending:
            out["pending"] = list(self.pending)
        return out

    def text(self, detail: bool = False) -> str:
        """The odds as plain text (``companion odds``): the compact lines, then with ``detail``
        each section, then the basis and what is cut off or still pending."""
        out = [self.title]
        out += [f"  {x.shown():>5}  {x.label}" for x in self.lines]
        if detail:
            for title, ls in self.sections:
                out.append(f"{title}:")
                out += [f"  {x.shown():>5}  {x.label}" for x in ls]
        foot = self.basis
        if self.remainder:
            foot += f"; {self.remainder:.2g} of the chance not followed"
        if self.pending:
            foot += f"; still working: {', '.join(self.pending)}"
        out.append(f"({foot})")
        return "\n".join(out)


def shown(p: float) -> str:
    """A chance as a line shows it (``42%``, ``<1%``), for figures written into a label."""
    return Line("", "", p).shown()


def die_faces(die: Die) -> list[int]:
    """The values a die reads as, each equally likely (a d10's 0 reads 10, percentile 00 reads 100)."""
    return list(range(die.low, die.high + 1))


def faces(dice: Dice) -> Dist:
    """Every combination of the dice's faces (the full product), each with its chance."""
    each = [die_faces(die) for die in dice.dice]
    n = 1
    for values in each:
        n *= len(values)
    return {combo: Fraction(1, n) for combo in product(*each)}


def sum_dist(dice: Dice) -> Dist:
    """The distribution of the dice's total (2d6: 11 sums; 4dF: 9), by convolution."""
    out: Dist = {0: Fraction(1)}
    for die in dice.dice:
        values = die_faces(die)
        p = Fraction(1, len(values))
        nxt: defaultdict[int, Fraction] = defaultdict(Fraction)
        for total, q in out.items():
            for v in values:
                nxt[total + v] += q * p
        out = dict(nxt)
    return out


def exploding_dist(die: Die, depth: int = 3) -> tuple[Dist, Fraction]:
    """An exploding die's total (ruling D-4: its top face adds one more roll), followed to
    ``depth`` explosions; the chance left beyond that depth is returned as the remainder.

    Returns:
        (total to chance, remainder): the chances sum to 1 - remainder.
    """
    values = die_faces(die)
    p = Fraction(1, len(values))
    top = die.high
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    carried = {0: Fraction(1)}  # totals so far that rolled the top face every time
    for _ in range(depth + 1):
        again: defaultdict[int, Fraction] = defaultdict(Fraction)
        for total, q in carried.items():
            for v in values:
                if v == top:
                    again[total + v] += q * p
                else:
                    out[total + v] += q * p
        carried = dict(again)
    return dict(out), sum(carried.values(), Fraction(0))


def expect(dist: Dist, value: Callable[[Any], Fraction | int | float]) -> Fraction:
    """The expected value of ``value(outcome)`` over ``dist``."""
    return sum((q * Fraction(value(o)) for o, q in dist.items()), Fraction(0))


def chance(dist: Dist, event: Callable[[Any], bool]) -> Fraction:
    """The chance of ``event(outcome)`` over ``dist``."""
    return sum((q for o, q in dist.items() if event(o)), Fraction(0))


# --- face classes (docs/odds_design.md 2.2) -----------------------------------

EACH = "each"
"""Every face of the dice apart: the game reads each die (the default claim)."""
SUM = "sum"
"""Faces with the same total read alike."""
SUM_DOUBLE = "sum_double"
"""Faces with the same total and the same "is it a double" read alike (FO's 2d6)."""


@lru_cache(maxsize=64)
def classes(dice: Dice, grouping: str = EACH) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """The dice's faces grouped as the game reads them, each class as one representative
    (its first face in order) and the class's chance. Which grouping a prompt may use is the
    ruleset's claim (``odds_faces``); the tests check each claim against every face.
    Computed once for each dice and grouping.
    """
    if grouping == EACH:
        return tuple(faces(dice).items())
    if grouping not in (SUM, SUM_DOUBLE):
        raise ValueError(f"no grouping {grouping!r}")
    out: dict[Any, tuple[tuple[int, ...], Fraction]] = {}
    for combo, q in faces(dice).items():
        total = sum(combo)
        cls = (total, len(set(combo)) == 1) if grouping == SUM_DOUBLE else total
        rep, held = out.get(cls, (combo, Fraction(0)))
        out[cls] = (rep, held + q)
    return tuple(out.values())


# --- the walker (docs/odds_design.md 2.3) ---------------------------------------

Figures = dict[Hashable, float]
"""A state's value in a :class:`Walk`: each event to its chance from there on (or, for a state
inside a re-roll loop, each loop head to its chance of going back to it)."""

Branch = tuple[float, tuple[Hashable, ...], Any, Callable[[Figures], Figures] | None]
"""One way a state goes on: its chance, the events it makes happen, the state it leads to
(None where the question is settled) and, where the child's figures are not all wanted,
a function that keeps those that are (e.g. NHB's next segment: the bout's, not the segment's)."""


class Walk:
    """Exact odds by walking a ruleset's own steps over every face class, depth first.

    ``expand(state)`` gives the state's branches (:data:`Branch`): it steps the ruleset
    (``apply`` or ``advance``) on each face class or advised choice and says which events
    each step made happen. A state's value is ``{event: chance it happens from here on}``;
    values are kept by ``key(state)`` (the game's odds key), so a state met again is a lookup.

    A re-roll that leads back to a state still being walked (a tie that both re-roll) is no
    remainder: it is solved exactly. If a state comes back to itself with chance q, its
    other figures are divided by 1 - q, the sum of the re-rolls' geometric series. A state
    inside such a loop is kept with its chance of going back to the loop's head, and resolved
    against the head's value when it is asked for after the head is done.

    Figures are floats: exact up to rounding (the tests compare them with ``Fraction``
    brute force).
    """

    def __init__(self, expand: Callable[[Any], Iterable[Branch]], key: Callable[[Any], Hashable]) -> None:
        self.expand = expand
        self.key = key
        self.memo: dict[Hashable, tuple[Figures, Figures | None]] = {}
        """Each state walked, by key: its figures and its chances of going back to a loop head."""
        self.states: dict[Hashable, Any] = {}
        """The state walked for each key (the tests check each against the rules)."""
        self._stack: set[Hashable] = set()
        self.steps = 0
        """Branches followed so far (for the benchmark)."""

    def value(self, state: Any) -> dict[Hashable, float]:
        """The chance of each event from ``state`` on (walked once, then looked up)."""
        k = self.key(state)
        got = self.memo.get(k)
        if got is None:
            got = self._solve(state, k)
        ev, loops = got
        return self._resolve(ev, loops)[0] if loops else ev

    def known(self, state: Any) -> dict[Hashable, float] | None:
        """The figures of ``state`` if it has been walked, else None (no walking)."""
        got = self.memo.get(self.key(state))
        if got is None:
            return None
        ev, loops = got
        return self._resolve(ev, loops)[0] if loops else ev

    def _resolve(self, ev: Figures, loops: Figures) -> tuple[Figures, Figures | None]:
        """Put in the values of finished loop heads: V = ev + q * V(head)."""
        out = dict(ev)
        left: Figures = {}
        for head, q in loops.items():
            if head in self._stack:
                left[head] = q
                continue
            hev, hloops = self.memo[head]
            if hloops:
                hev, more = self._resolve(hev, hloops)
                for h2, q2 in (more or {}).items():
                    left[h2] = left.get(h2, 0.0) + q * q2
            for e, v in hev.items():
                out[e] = out.get(e, 0.0) + q * v
        return out, left or None

    def _solve(self, state: Any, k: Hashable) -> tuple[Figures, Figures | None]:
        memo, stack, key = self.memo, self._stack, self.key
        stack.add(k)
        self.states[k] = state
        total: Figures = {}
        loops: Figures = {}
        # faces that lead to the same state are added up first, then walked once
        children: dict[tuple[Hashable, Callable[[Figures], Figures] | None], tuple[float, Any]] = {}
        for p, events, child, keep in self.expand(state):
            self.steps += 1
            for e in events:
                total[e] = total.get(e, 0.0) + p
            if child is None:
                continue
            ck = key(child)
            if ck in stack:  # a re-roll back to a state being walked: a loop, solved below
                loops[ck] = loops.get(ck, 0.0) + p
                continue
            held = children.get((ck, keep))
            children[ck, keep] = (p + held[0], child) if held else (p, child)
        for (ck, keep), (p, child) in children.items():
            got = memo.get(ck)
            if got is None:
                got = self._solve(child, ck)
            ev, lp = got
            if lp:
                ev, lp = self._resolve(ev, lp)
            if keep is not None:
                ev = keep(ev)
            for e, v in ev.items():
                total[e] = total.get(e, 0.0) + p * v
            if lp:
                for h, v in lp.items():
                    loops[h] = loops.get(h, 0.0) + p * v
        stack.discard(k)
        q = loops.pop(k, 0.0)
        if q:
            f = 1.0 / (1.0 - q)
            total = {e: v * f for e, v in total.items()}
            loops = {h: v * f for h, v in loops.items()}
        got = (total, loops or None)
        memo[k] = got
        return got


# --- tables computed once, in the background (docs/odds_design.md 2.4) ----------


_IDLE = object()
"""What the worker is computing when it computes nothing."""


class Background:
    """Values too slow for a prompt (NHB's whole-bout table, Cage Match's pad), each worked out
    once by one background thread and kept. Nothing is guessed meanwhile: until a value is ready
    it is None, and the odds say what is still working. A value whose computation raised is not
    tried again: :meth:`failed` says why, and the odds say so instead of working for ever.

    Args:
        keep: how many values to keep (the least recently asked for goes first).
        latest: only the latest value asked for waits its turn: one asked for before it and not
            yet begun is dropped (Cage Match's pad of a turn answered quickly). Otherwise every
            value asked for is worked out, in the order asked.
        name: the worker thread's name.
    """

    def __init__(self, keep: int = 8, *, latest: bool = False, name: str = "odds table") -> None:
        self.keep = keep
        self.latest = latest
        self.name = name
        self._done: OrderedDict[Hashable, Any] = OrderedDict()
        self._failed: dict[Hashable, str] = {}
        """Values whose computation raised: not tried again, and not waited for."""
        self._queue: OrderedDict[Hashable, Callable[[], Any]] = OrderedDict()
        """Values asked for and not yet begun, in order."""
        self._running: Any = _IDLE
        """The key the worker is computing (forgotten by :meth:`clear`)."""
        self._generation = 0
        """Counts :meth:`clear`: a value begun before the latest clear is not kept."""
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)

    def peek(self, key: Hashable) -> Any:
        """The value for ``key`` if it is ready, else None (nothing is started)."""
        with self._lock:
            if key in self._done:
                self._done.move_to_end(key)
                return self._done[key]
        return None

    def ready(self, key: Hashable) -> bool:
        """Whether there is nothing to wait for: the value is ready, or failed."""
        with self._lock:
            return key in self._done or key in self._failed

    def failed(self, key: Hashable) -> str | None:
        """Why the value for ``key`` could not be computed (None: it did not fail)."""
        with self._lock:
            return self._failed.get(key)

    def start(self, key: Hashable, compute: Callable[[], Any]) -> None:
        """Compute the value for ``key`` in the background, unless it is ready, asked for already,
        being computed, or has failed."""
        with self._lock:
            if key in self._done or key in self._failed or key in self._queue or self._is_running(key):
                return
            if self.latest:
                self._queue.clear()
            self._queue[key] = compute
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name=self.name, daemon=True)
                self._worker.start()

    def get(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The value for ``key``, computed here if it is not ready (waiting for the worker if it
        is computing it): for the command line and the tests. None for a value that failed."""
        with self._changed:
            while self._is_running(key):
                self._changed.wait()
            if key in self._done:
                self._done.move_to_end(key)
                return self._done[key]
            if key in self._failed:
                return None
            self._queue.pop(key, None)  # asked for but not begun: computed here instead
            generation = self._generation
        value = compute()
        with self._lock:
            if generation == self._generation:
                self._keep(key, value)
        return value

    def wait(self, timeout: float | None = None) -> None:
        """Wait until every value asked for has been computed (at most ``timeout`` seconds)."""
        with self._changed:
            self._changed.wait_for(lambda: not self._queue and self._running is _IDLE, timeout)

    def clear(self) -> None:
        """Forget every value, and every value asked for (the benchmark's cold case, the tests);
        a value being computed is not kept."""
        with self._changed:
            self._done.clear()
            self._failed.clear()
            self._queue.clear()
            self._running = _IDLE
            self._generation += 1
            self._changed.notify_all()

    def _is_running(self, key: Hashable) -> bool:
        return self._running is not _IDLE and self._running == key

    def _work(self) -> None:
        while True:
            with self._changed:
                if not self._queue:
                    self._worker = None
                    self._changed.notify_all()
                    return
                key, compute = self._queue.popitem(last=False)
                self._running = key
                generation = self._generation
            try:
                value, error = compute(), None
            except Exception as exc:  # noqa: BLE001 - a thread's error would be lost (or scribble on the app)
                value, error = None, f"{type(exc).__name__}: {exc}"
            with self._changed:
                if generation == self._generation:
                    if error is None:
                        self._keep(key, value)
                    else:
                        self._failed[key] = error
                    self._running = _IDLE
                self._changed.notify_all()

    def _keep(self, key: Hashable, value: Any) -> None:
        self._done[key] = value
        self._done.move_to_end(key)
        while len(self._done) > self.keep:
            self._done.popitem(last=False)


class Same:
    """A part of a :class:`Background` key equal only to the very object it holds (which it keeps
    alive, so its id is never another object's): for what is costly or impossible to hash by
    content, the same all through a fight (Cage Match's sheets and card)."""

    __slots__ = ("held",)

    def __init__(self, held: Any) -> None:
        self.held = held

    def __hash__(self) -> int:
        return id(self.held)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.held is self.held


class Memo(OrderedDict[Hashable, Any]):
    """A small least-recently-used store (a walk per matchup, kept across prompts)."""

    def __init__(self, keep: int = 8) -> None:
        super().__init__()
        self.keep = keep

    def get_or(self, key: Hashable, make: Callable[[], Any]) -> Any:
        if key in self:
            self.move_to_end(key)
            return self[key]
        value = self[key] = make()
        while len(self) > self.keep:
            self.popitem(last=False)
        return value
