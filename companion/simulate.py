"""Simulated bouts through the table's own rules engine (issue 5).

A bout is played the way the app plays a virtual roll (ruling D-6): the
prompted dice are rolled with ``Random.randint`` as :func:`companion.dice.roll_faces`
rolls them, and the advised choice is taken (one at random where none is
advised, as :meth:`companion.session.Session.roll` chooses). Every step is the
ruleset's own: ``advance`` (``apply`` without reading text or writing the log)
where the ruleset has it, else ``apply`` on the text a player would type. So
the simulator has no rules of its own, and with one generator it plays exactly
the bout the app would.

What makes it fast is memory: a :class:`Chain` numbers each state the engine
reaches and keeps, for each, where each outcome of its roll leads. After a few
thousand bouts most steps are a list lookup, and a bout costs little more than
drawing its dice. A ruleset may say which states go on alike (``memo_key``),
so that fewer are kept. Optional ruleset methods the chain uses:

- ``advance(state, outcome) -> state``: the faces as numbers, or a choice's key;
- ``draw(state) -> (kind, what)``: ``("roll", ((low, high), ...))``,
  ``("choice", (keys, advised))`` or ``("over", result)``, cheaper than a prompt;
- ``memo_key(state, injuries)``: equal keys, equal futures: the same results and,
  where ``injuries`` (a tournament's chain), the same rating loss (the state
  itself by default);
- ``injury(state) -> (loss, why)``: a tournament winner's rating loss (NHB-9).

A game whose states seldom repeat (``Ruleset.memo`` False: a round clock's readings, a whole
turn's numbers) is walked instead (:class:`Walk`): each answer through ``apply`` as
typed, with a timed game's clock stamps and each corner's strategy at a secret choice
(``Ruleset.strategies``, ``pick``, ``advise``), nothing kept between bouts.

A run is split into chunks, each with its own generator seeded from the run's
seed and the chunk's index, and shared among processes when it is long: the
same seed gives the same figures on one core or many. The chunks are made as
they are played (:class:`Plan`), so a run of any length holds a few at a time,
and progress is reported from the start (issue 19). Ctrl+C stops every worker
process at once.

On processes (issue 21), each worker plays its batches of chunks on a chain of
its own and sends back, after each, its bouts so far counted by ending in its
own numbering (:class:`Counts`): the parent keeps the latest array of each
worker in place of the one before and adds nothing while they play; the
endings cross once, as values, and the figures read them so (:meth:`Tally._rows`),
without making a result of each. What the second process cannot share is the
chain's building: see :data:`PARALLEL_FROM`.
"""

from __future__ import annotations

import dataclasses
import gc
import itertools
import math
import operator
import os
import random
import re
import threading
import time
from array import array
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, overload

from companion.clock import seconds_of
from companion.ruleset import (
    APP_MARK,
    PREFER,
    Answer,
    ChoicePrompt,
    OverPrompt,
    Result,
    RollPrompt,
    Ruleset,
    SecretPrompt,
    Setup,
    TimedRuleset,
)

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

__all__ = ["Chain", "Job", "Plan", "Tally", "Walk", "plan", "run", "run_job", "wilson", "workers_for"]


def _randint_from_bits(rng: random.Random, low: int, high: int) -> int:
    """``rng.randint(low, high)`` as CPython draws it from ``getrandbits`` (``_randbelow``)."""
    sides = high - low + 1
    bits = sides.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= sides:
        drawn = rng.getrandbits(bits)
    return low + drawn


def _same_draws() -> bool:
    """Whether this Python's ``Random.randint`` draws as :func:`_randint_from_bits` does: checked on
    dice of every size the games roll, so a chain's fast path plays the bouts the app would."""
    ranges = [(1, 6), (1, 10), (0, 9), (1, 20), (1, 100), (-1, 1), (0, 0), (0, 4), (1, 4), (1, 8), (1, 12)]
    mine, theirs = random.Random(2026), random.Random(2026)
    return all(
        _randint_from_bits(mine, low, high) == theirs.randint(low, high) for _ in range(200) for low, high in ranges
    )


RANDINT_FROM_BITS = _same_draws()
"""This Python's ``Random.randint`` is ``getrandbits`` with rejection, as :meth:`Chain.bout_bits`
draws: checked when the module loads (else the chain draws with ``randint`` itself)."""


class Chain:
    """One matchup's bout as a table of the engine's transitions, built as it is walked.

    Args:
        ruleset: the game (its prompts must be rolls or choices).
        setup: the two cards and the options.
        injuries: keep each ending's tournament rating loss (``ruleset.injury``);
            a run of single bouts needs none.

    Every state where the bout goes on is kept once (by its ``memo_key``) in
    :attr:`states`, and each die it rolls is a node: ``nodes[n]`` is the die
    as ``(low, high, row)``, and ``row[face - low]`` is where that face leads:
    the next node, ``-1`` until it is first met, or ``-2 - r`` for the ``r``-th
    ending in :attr:`results`. A roll of two dice is two nodes, the first
    leading to the second, so a bout is one lookup a die whatever it rolls. A
    choice among ``n`` unadvised options is a die of 0 to n-1; an advised one
    is no die, so the state before it is never kept, its key leading straight
    to the node after. Ends are kept by result, not by state: nothing follows
    them, and many states end alike.
    """

    def __init__(self, ruleset: Ruleset, setup: Setup, *, injuries: bool = True) -> None:
        self.ruleset = ruleset
        self.states: list[Any] = []
        self.ids: dict[Any, int] = {}
        """Each key met and its state's first node (or ending, ``-2 - r``)."""
        self.dice: list[tuple[tuple[int, int], ...]] = []
        """Each kept state's dice as ``(low, high)`` in the order rolled."""
        self.keys: list[tuple[str, ...] | None] = []
        """Each kept state's choice keys by face (a die of 0 to n-1); None for a roll."""
        self.nodes: list[tuple[int, int, list[int], int, int]] = []
        self.at: list[tuple[int, tuple[int, ...]]] = []
        """Each node's state (its index in :attr:`states`) and the faces of its
        roll rolled before the node's die."""
        self._advance = ruleset.advance
        self._draw = ruleset.draw
        self.results: list[tuple[Result, int]] = []
        """Every way a bout has ended so far, in the order first met: the result
        and the rating loss its winner carries on in a tournament (0 outside one)."""
        self.endings: list[Result] = []
        """The result of each of :attr:`results`, alone (what a chunk's counts are counts of)."""
        self._result_ids: dict[tuple[Result, int], int] = {}
        self._injury = ruleset.injury if injuries else None
        self._key = ruleset.memo_key
        self.start = self._intern(ruleset.new(setup))
        if self.start < 0:
            raise ValueError("the bout is over before it starts")

    def _intern(self, state: Any) -> int:
        """The first node of ``state`` (or its ending as ``-2 - r``), kept the first time."""
        key = self._key(state, self._injury is not None)
        known = self.ids.get(key)
        if known is not None:
            return known
        kind, what = self._draw(state)
        if kind == "over":
            return -2 - self._ending(state, what)
        if kind == "roll":
            dice, keys = what, None
        else:
            options, advised = what
            if advised:  # taken without a die, as Session.roll takes it
                number = self.ids[key] = self._intern(self._take(state, advised))
                return number
            # else one at random: randint(0, n - 1) draws as Random.choice does in Session.roll
            dice, keys = ((0, len(options) - 1),), options
        self.states.append(state)
        self.dice.append(dice)
        self.keys.append(keys)
        number = self.ids[key] = self._node(len(self.states) - 1, ())
        return number

    def _node(self, index: int, rolled: tuple[int, ...]) -> int:
        """A new node: the die of state ``index`` after the faces ``rolled``."""
        low, high = self.dice[index][len(rolled)]
        sides = high - low + 1
        self.nodes.append((low, high, [-1] * sides, sides, sides.bit_length()))
        self.at.append((index, rolled))
        return len(self.nodes) - 1

    def _take(self, state: Any, taken: Any) -> Any:
        """The engine's next state after ``taken`` (the faces, or a choice's key)."""
        return self._advance(state, taken)

    def _ending(self, state: Any, result: Result) -> int:
        """The index of the ending ``state`` is in :attr:`results`."""
        # in a tournament the winner's rating loss comes from the bout's last state (NHB-9)
        ending = (result, self._injury(state)[0] if self._injury else 0)
        r = self._result_ids.get(ending)
        if r is None:
            r = self._result_ids[ending] = len(self.results)
            self.results.append(ending)
            self.endings.append(result)
        return r

    def step(self, number: int, face: int) -> int:
        """Where ``face`` of node ``number`` leads, asking the engine the first time."""
        low, _high, row, _sides, _bits = self.nodes[number]
        index, rolled = self.at[number]
        keys = self.keys[index]
        if keys is not None:
            taken: Any = keys[face]
        else:
            taken = rolled + (face,)
            if len(taken) < len(self.dice[index]):  # the roll's next die
                after = row[face - low] = self._node(index, taken)
                return after
        after = row[face - low] = self._intern(self._take(self.states[index], taken))
        return after

    def bout(self, randint: Callable[[int, int], int]) -> int:
        """Play one bout with ``randint`` (a ``Random.randint``); the index of its result.

        The dice are drawn as :func:`companion.dice.roll_faces` draws them and a
        choice is made as :meth:`companion.session.Session.roll` makes it, so a
        bout is the one the app would play rolling every prompt with that generator.
        """
        nodes, step = self.nodes, self.step
        number = self.start
        while True:
            low, high, row, _sides, _bits = nodes[number]
            face = randint(low, high)
            after = row[face - low]
            if after < 0:
                if after == -1:
                    after = step(number, face)
                if after < 0:
                    return -2 - after
            number = after

    def bout_bits(self, getrandbits: Callable[[int], int]) -> int:
        """:meth:`bout` with ``Random.randint`` done here, as CPython's does it from
        ``getrandbits`` (:data:`RANDINT_FROM_BITS` says it is so for this Python): the same faces
        from the same generator, without randint's three calls in Python a die. Drawing the dice
        was nearly half a bout's cost (issue 21)."""
        nodes, step = self.nodes, self.step
        number = self.start
        while True:
            low, _high, row, sides, bits = nodes[number]
            drawn = getrandbits(bits)
            while drawn >= sides:
                drawn = getrandbits(bits)
            after = row[drawn]
            if after < 0:
                if after == -1:
                    after = step(number, low + drawn)
                if after < 0:
                    return -2 - after
            number = after

    def counts(self, n: int, rng: random.Random) -> Counter[int]:
        """Play ``n`` bouts; how many ended in each of :attr:`endings`, by its index (only those
        met: a matchup meets tens of thousands of endings, each bout's time among them)."""
        if RANDINT_FROM_BITS and type(rng) is random.Random:
            bout_bits, bits = self.bout_bits, rng.getrandbits
            return Counter(bout_bits(bits) for _ in itertools.repeat(None, n))
        bout, draw = self.bout, rng.randint
        return Counter(bout(draw) for _ in itertools.repeat(None, n))

    def run(self, n: int, rng: random.Random) -> Counter[Result]:
        """Play ``n`` bouts; how many ended in each result."""
        endings = self.endings
        return Counter({endings[r]: k for r, k in self.counts(n, rng).items()})


class Walk:
    """One matchup's bout played answer by answer through the engine's own ``apply``, nothing
    kept between bouts: for a game whose states seldom repeat (``Ruleset.memo`` False: a round
    clock's readings, a whole turn's numbers), where a :class:`Chain` would keep every state
    it met. Each answer is the text a table would type, with the clock stamp a timed game's
    answers carry:

    - a roll: the faces, drawn as :func:`companion.dice.roll_faces` draws them;
    - a choice or a secret choice: each corner's pick by his strategy (``Ruleset.pick``;
      a pick of the app's is marked ``@app``, as :meth:`SecretPrompt.fill` marks it), or the
      table's ``end`` where the game stops a bout that goes on (``Ruleset.table_end``);
    - a timed game (a :class:`TimedRuleset`): before each answer, the seconds it takes are
      drawn (``randint(low, high)``, whole seconds: the pace for a roll, the game's
      ``choice_seconds`` for a choice) and it is stamped that long after the latest answer; if
      the attacker would then have held the dice longer than the stall limit, counted from where
      they came to him (``TimedRuleset.hold_began``: FO's choice of attack is no roll), the answer
      is ``stall`` at the limit (FO-8, as the fight screen stamps it), and if the round's time runs
      out first, ``bell`` (FO-7). A new draw follows either.

    So with two corners playing ``random`` (or none) and one generator, a bout is the one the
    app plays rolling every prompt with ``Session.roll``.

    Args:
        ruleset: the game.
        setup: the two cards and the options.
        strategies: red's and blue's strategy (``Ruleset.strategies``); "" plays as the app does.
        seconds: a timed game's pace for a roll, ``(low, high)``; None: the game's ``answer_seconds``
            (a choice's is the game's ``choice_seconds``, else the same).
        choice_seconds: a timed game's pace for a choice, ``(low, high)``; None: the game's
            ``choice_seconds``, else ``seconds``.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        setup: Setup,
        *,
        strategies: tuple[str, str] = ("", ""),
        seconds: tuple[int, int] | None = None,
        choice_seconds: tuple[int, int] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.strategies = strategies
        self.timed: TimedRuleset | None = ruleset if isinstance(ruleset, TimedRuleset) else None
        self.seconds = (seconds or self.timed.answer_seconds) if self.timed is not None else None
        self.choice_seconds = (
            (choice_seconds or self.timed.choice_seconds or self.seconds) if self.timed is not None else None
        )
        self.start = ruleset.new(setup)
        self.results: list[tuple[Result, int]] = []
        """Every way a bout has ended so far, in the order first met (no rating loss: 0)."""
        self.endings: list[Result] = []
        """The result of each of :attr:`results`, alone (what a chunk's counts are counts of)."""
        self._result_ids: dict[Result, int] = {}

    def play(self, randint: Callable[[int, int], int], answers: list[Answer] | None = None) -> tuple[Any, Result]:
        """One bout from the start to its end: the last state and the result. Each answer given
        is added to ``answers`` where it is a list (the script of the bout)."""
        ruleset, timed = self.ruleset, self.timed
        apply = ruleset.apply
        state = self.start
        while True:
            prompt = ruleset.prompt(state)
            if isinstance(prompt, OverPrompt):
                return state, prompt.result
            clock: float | None = None
            text: str | None = None
            if timed is not None and self.seconds is not None and self.choice_seconds is not None:
                now = timed.clock_reading(state)
                clock = now + randint(*(self.choice_seconds if isinstance(prompt, ChoicePrompt) else self.seconds))
                began = timed.hold_began(state)
                if timed.stall_due(state, clock - began):  # held longer than the limit: turned over at it (FO-8)
                    clock, text = max(began + timed.stall_limit(state), now), STALL
                if timed.round_seconds is not None and clock >= timed.round_seconds:
                    text, clock = BELL, timed.round_seconds  # the bell first: the roll in progress is void (FO-7)
            if text is None:
                text = self._answer(state, prompt, randint)
            answer = Answer(text, True, clock)
            if answers is not None:
                answers.append(answer)
            state = apply(state, answer).state

    def _answer(self, state: Any, prompt: Any, randint: Callable[[int, int], int]) -> str:
        """What the table types at ``prompt``: the faces, a corner's choice, or both picks."""
        if isinstance(prompt, RollPrompt):
            return " ".join(die.face_text(randint(die.low, die.high)) for die in prompt.dice.dice)
        pick, strategies = self.ruleset.pick, self.strategies
        if isinstance(prompt, SecretPrompt):
            end = self.ruleset.table_end(state, prompt)
            if end is not None:
                return end
            red, blue = (pick(state, prompt, side, strategies[side], randint) for side in (0, 1))
            return f"red={red}{APP_MARK} blue={blue}{APP_MARK}"
        return pick(state, prompt, prompt.side, strategies[prompt.side], randint)

    def bout(self, randint: Callable[[int, int], int]) -> int:
        """Play one bout with ``randint``; the index of its result in :attr:`results`."""
        result = self.play(randint)[1]
        r = self._result_ids.get(result)
        if r is None:
            r = self._result_ids[result] = len(self.results)
            self.results.append((result, 0))
            self.endings.append(result)
        return r

    def counts(self, n: int, rng: random.Random) -> Counter[int]:
        """Play ``n`` bouts; how many ended in each of :attr:`endings`, by its index."""
        bout, draw = self.bout, rng.randint
        return Counter(bout(draw) for _ in itertools.repeat(None, n))

    def run(self, n: int, rng: random.Random) -> Counter[Result]:
        """Play ``n`` bouts; how many ended in each result."""
        endings = self.endings
        return Counter({endings[r]: k for r, k in self.counts(n, rng).items()})


def strategy_problem(ruleset: Ruleset, start: Any, side: int, strategy: str) -> str | None:
    """What is wrong with ``strategy`` for corner ``side`` of the bout that begins at ``start``
    (``Ruleset.strategies``; a ``prefer`` list's moves are looked for on his pad at the first
    secret choice); None when it can be played."""
    kind, colon, items = strategy.strip().partition(":")
    known = ", ".join(f"{s}:A,B,..." if s == PREFER else s for s in ruleset.strategies)
    if kind not in ruleset.strategies:
        return f"no strategy {strategy!r}; {ruleset.title}'s: {known}"
    if kind != PREFER:
        return f"{kind} takes no list" if colon else None
    wanted = [item.strip() for item in items.split(",") if item.strip()]
    if not wanted:
        return "name the moves to prefer, in order: prefer:A,B,..."
    prompt = ruleset.prompt(start)
    if isinstance(prompt, SecretPrompt):
        pad = prompt.sides[side]
        for item in wanted:
            word, plus, spend = item.lower().partition("+")
            found = pad.find(word)
            if found is None or isinstance(found, tuple):
                moves = ", ".join(o.key for o in pad.options)
                return f"{item!r} is not one of {pad.who}'s moves ({moves})"
            if plus and not re.fullmatch(r"(\+[dx]\d+)+", plus + spend):
                return f"{item!r}: after the move write +dN for focus on dice and +xN on damage"
    return None


def parse_pace(text: str) -> tuple[int, int]:
    """A timed game's pace as typed, ``LOW-HIGH`` whole seconds an answer (``5-15``); ValueError
    with the reason when it is not one (HIGH must be 1 or more: the clock must move)."""
    match = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if not match or int(match[1]) > int(match[2]) or int(match[2]) < 1:
        raise ValueError(f"{text!r}: write LOW-HIGH in whole seconds, LOW up to HIGH, HIGH 1 or more (e.g. 5-15)")
    return int(match[1]), int(match[2])


STALL = "stall"
BELL = "bell"
"""A timed game's answers for stalling and the bell (FO-8, FO-7), as the fight screen gives them."""


# --- the figures -------------------------------------------------------------


def wilson(hits: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``hits / n``."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


INSIDE = (1, 5, 10)
"""The finish marks reported: inside 1, 5 and 10 minutes of fight time."""


@dataclass(eq=False)
class Tally:
    """Results of simulated bouts (or tournaments), added up.

    ``champions`` counts tournament wins; :attr:`bouts` counts every bout's result. A chunk's
    bouts come as counts by ending (a chain's :attr:`Chain.endings`) and are added as numbers,
    each ending found by its identity: the counter of results is made only when it is read
    (hashing a result is a call into Python; adding a count is not).
    """

    names: tuple[str, ...]
    settled: Counter[Result] = field(default_factory=Counter)
    """The bouts counted by result so far; read :attr:`bouts`, which adds in the counts not yet settled."""
    champions: Counter[str] = field(default_factory=Counter)
    tournaments: int = 0
    stopped: bool = False
    """The run was stopped (Ctrl+C) before it was done: these are partial figures."""
    _endings: list[Result] = field(default_factory=list, init=False, repr=False)
    _index: dict[int, int] = field(default_factory=dict, init=False, repr=False)
    """Where each ending (by its identity: :attr:`_endings` holds it) is in :attr:`_endings`."""
    _pending: list[int] = field(default_factory=list, init=False, repr=False)
    """Bouts counted by ending (as :attr:`_endings`) and not yet added to :attr:`settled`."""
    _source: tuple[list[Result], Counter[int]] | None = field(default=None, init=False, repr=False)
    _numbering: dict[int, tuple[list[Result], list[int]]] = field(default_factory=dict, init=False, repr=False)
    """Each list of endings counts have come by (by its identity): the list, and where each of its
    endings is in :attr:`_endings`."""
    _sources: dict[Hashable, _Source] = field(default_factory=dict, init=False, repr=False)
    """Each worker's bouts as it last sent them (:class:`Counts`), by its source: added into
    :attr:`settled` by value only when they are read."""

    @classmethod
    def counted(cls, names: tuple[str, ...], endings: list[Result], counts: Counter[int]) -> Tally:
        """A chunk's figures: ``counts[r]`` bouts ended in ``endings[r]``."""
        tally = cls(names)
        tally._source = (endings, counts)
        return tally

    @property
    def bouts(self) -> Counter[Result]:
        """Every bout's result, counted."""
        self.settle()
        return self.settled

    @bouts.setter
    def bouts(self, value: Counter[Result]) -> None:
        self._endings, self._index, self._pending, self._source, self._numbering = [], {}, [], None, {}
        self._sources = {}
        self.settled = value

    def _replace(self, source: Hashable, endings: list[tuple[type, tuple[Any, ...]]], totals: array[int]) -> None:
        """A worker's bouts so far, in place of what it sent before: ``totals[r]`` ended in
        ``endings[r]`` (a result's class and values; the list only grows)."""
        kept = self._sources.get(source)
        if kept is None:
            kept = self._sources[source] = _Source(endings)
        kept.totals = totals

    def _fold(self) -> None:
        """Add what the workers sent since the last fold into :attr:`settled`, by value: each
        ending's result is made here once, and the same ending from two workers is one result."""
        merged: dict[tuple[type, tuple[Any, ...]], int] = {}
        get = merged.get
        for kept in self._sources.values():
            endings = kept.endings
            for at, k in kept.unfolded():
                ending = endings[at]
                merged[ending] = get(ending, 0) + k
            kept.folded = kept.totals
        if merged:
            settled = self.settled
            for (cls, values), k in merged.items():
                settled[_result_from(cls, values)] += k

    def _rows(self) -> list[tuple[tuple[Any, str, str, int, str], int]]:
        """Every bout's figures, ``((winner, method, detail, period, fight_time), count)``, an ending
        a row (two rows may have the same figures: a reader adds them up): the workers' endings read
        from the values they were sent as, with C loops, no result made for them (made and hashed
        in Python, the results of a run on two processes cost the parent a tenth of it)."""
        rows = [(_FIGURES(result), k) for result, k in self._settle_counts().items()]
        for kept in self._sources.values():
            rows.extend(kept.rows())
        return rows

    def _unfolded(self, names: tuple[str, ...]) -> tuple[int, Counter[str]]:
        """The bouts the workers sent since the last fold and each fighter's wins among them,
        added with C loops (a progress bar reads them a few times a second while the workers play)."""
        n, wins = 0, Counter[str]()
        for kept in self._sources.values():
            totals, folded = kept.totals, kept.folded
            if totals is folded:
                continue
            n += sum(totals) - sum(folded)
            for name, mask in kept.masks(names).items():
                wins[name] += sum(itertools.compress(totals, mask)) - sum(itertools.compress(folded, mask))
        return n, wins

    def settle(self) -> None:
        """Add the counts kept as numbers, and the workers', into :attr:`settled`."""
        if self._sources:
            self._fold()
        self._settle_counts()

    def _settle_counts(self) -> Counter[Result]:
        """:attr:`settled` with the counts kept as numbers added, but not the workers' (:meth:`_fold`)."""
        if self._source is not None:
            endings, counts = self._source
            self._source = None
            self._take(endings, counts.items())
        pending, endings = self._pending, self._endings
        settled = self.settled
        for at, k in enumerate(pending):
            if k:
                pending[at] = 0  # first: a Ctrl+C between the two never counts a chunk twice
                settled[endings[at]] += k
        return settled

    def _take(self, endings: list[Result], counts: Iterable[tuple[int, int]]) -> None:
        """Add ``k`` bouts ending in ``endings[r]`` for each ``(r, k)`` of ``counts``, as numbers.
        ``endings`` is a list that only grows (a chain's, a worker's as the parent has it): where
        each of its endings is in :attr:`_endings` is worked out once, as it is first met."""
        kept = self._numbering.get(id(endings))
        if kept is None:
            kept = self._numbering[id(endings)] = (endings, [])  # holding the list keeps its id its own
        positions = kept[1]
        if len(positions) < len(endings):
            index, mine, pending = self._index, self._endings, self._pending
            for result in endings[len(positions) :]:
                at = index.get(id(result))
                if at is None:
                    at = index[id(result)] = len(mine)
                    mine.append(result)
                    pending.append(0)
                positions.append(at)
        pending = self._pending
        for r, k in counts:
            pending[positions[r]] += k

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return (self.names, self.bouts, self.champions, self.tournaments, self.stopped) == (
            other.names,
            other.bouts,
            other.champions,
            other.tournaments,
            other.stopped,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, as a plain dataclass is

    def __reduce__(self) -> tuple[Any, ...]:
        # A tally crosses from a worker process as plain tuples: pickling and reading back its ~1,400
        # result objects cost a fifth of playing the chunk (issue 21). A chunk of bouts crosses as
        # counts instead (:func:`_play_for_parent`).
        classes: dict[type, int] = {}
        rows = [
            (classes.setdefault(type(result), len(classes)), _values_of(result), count)
            for result, count in self.bouts.items()
        ]
        state = (self.names, tuple(classes), rows, dict(self.champions), self.tournaments, self.stopped)
        return (_tally_from, state)

    def add(self, other: Tally) -> None:
        if other._sources:
            other._fold()
        if other._source is not None:
            endings, counts = other._source
            self._take(endings, counts.items())
        if other._pending:
            self._take(other._endings, ((at, k) for at, k in enumerate(other._pending) if k))
        if other.settled:
            self.settled.update(other.settled)
        self.champions.update(other.champions)
        self.tournaments += other.tournaments

    @property
    def n(self) -> int:
        # while the workers play, without making their results
        return self._unfolded(())[0] + sum(self._settle_counts().values())

    def leaders(self) -> str:
        """The figures so far in one line (a progress bar's): each fighter's wins (``Royce Gracie
        69.2%, Ken Shamrock 30.8%``), or for nights the leading entrant's (``leading: Royce Gracie
        51.6%``); empty before the first bout."""
        if self.tournaments:
            name, nights = self.champions.most_common(1)[0]
            return f"leading: {name} {100 * nights / self.tournaments:.1f}%"
        n, wins = self._unfolded(self.names)
        settled = self._settle_counts()
        for result, times in settled.items():
            if result.winner is not None:
                wins[result.winner] += times
        n += sum(settled.values())
        return ", ".join(f"{name} {100 * wins[name] / n:.1f}%" for name in self.names) if n else ""

    def finish_minutes(self) -> Counter[int]:
        """How many bouts were finished in each minute of fight time (0 is 0:00-0:59);
        decisions and draws are not finishes and are left out."""
        out: Counter[int] = Counter()
        for (_winner, method, _detail, _period, fight_time), count in self._rows():
            if method in ("ko", "tko", "submission") and fight_time:  # a game without a clock: none
                out[seconds_of(fight_time) // 60] += count
        return out

    def finish_periods(self) -> Counter[int]:
        """How many bouts of a game without a clock were finished in each period (turn)."""
        out: Counter[int] = Counter()
        for (_winner, method, _detail, period, fight_time), count in self._rows():
            if method in ("ko", "tko", "submission") and not fight_time:
                out[period] += count
        return out

    def summary(self) -> dict[str, Any]:
        """The figures as the ``--json`` object, shares rounded to 4 places.

        ``n`` is the bouts run, or the tournaments (with ``bouts`` their bouts
        in all). Every share is of all bouts, but ``champions`` (of tournaments). A game that
        keeps no clock (its results have no ``fight_time``: a game of turns) has no finish
        times (``median_finish`` None, ``inside`` 0) but ``median_finish_period``, the period
        (turn) the middle finish came in (None with no finish), and ``median_period``, the
        period the middle bout ended in.
        """
        wins: Counter[str] = Counter()
        methods: Counter[str] = Counter(dict.fromkeys(("ko", "tko", "submission", "decision", "draw"), 0))
        submissions: Counter[str] = Counter()
        inside = Counter({str(m): 0 for m in INSIDE})
        # one pass, added up by time and by period first: a run's tens of thousands of endings
        # share some thousands of finish times, each read (seconds_of) once
        n, clockless = 0, False
        times: dict[str, int] = {}
        by_period: dict[int, int] = {}
        finished_by_period: dict[int, int] = {}
        for (winner, method, detail, period, fight_time), count in self._rows():
            n += count
            if winner is not None:
                wins[winner] += count
            methods[method] += count
            by_period[period] = by_period.get(period, 0) + count
            if not fight_time:
                clockless = True
            if method in ("ko", "tko", "submission"):
                if method == "submission":
                    submissions[detail] += count
                if fight_time:
                    times[fight_time] = times.get(fight_time, 0) + count
                else:
                    finished_by_period[period] = finished_by_period.get(period, 0) + count
        share = (lambda k: round(k / n, 4)) if n else (lambda k: 0.0)
        finishes = [(seconds_of(fight_time), count) for fight_time, count in times.items()]
        for seconds, count in finishes:
            for mark in INSIDE:
                if seconds < 60 * mark:  # a finish at 5:00 is in minute 5, not inside 5 minutes
                    inside[str(mark)] += count
        periods, finish_periods = list(by_period.items()), list(finished_by_period.items())
        out: dict[str, Any] = {
            "n": self.tournaments or n,
            "wins": {name: share(wins[name]) for name in self.names},
            "wins_interval": {name: [round(x, 4) for x in wilson(wins[name], n)] for name in self.names},
            "draws": share(methods["draw"]),
            "methods": {m: share(k) for m, k in methods.items()},
            "submissions": {s: share(k) for s, k in submissions.most_common()},
            "median_finish": _median(finishes),
            "inside": {m: share(k) for m, k in inside.items()},
        }
        if clockless:
            out["median_finish_period"] = _middle(finish_periods)
            out["median_period"] = _middle(periods)
        if self.tournaments:
            t = self.tournaments
            out["bouts"] = n
            out["champions"] = {name: round(self.champions[name] / t, 4) for name in self.names}
            out["champions_interval"] = {
                name: [round(x, 4) for x in wilson(self.champions[name], t)] for name in self.names
            }
        if self.stopped:
            out["stopped"] = True
        return out


class _Source:
    """A worker's bouts as the parent keeps them (:meth:`Tally._replace`)."""

    __slots__ = ("_masks", "endings", "folded", "totals")

    def __init__(self, endings: list[tuple[type, tuple[Any, ...]]]) -> None:
        self.endings = endings
        """Its endings as values, in its numbering (the parent's copy, which only grows)."""
        self.totals: array[int] = array("q")
        """Its bouts so far by ending, as last sent."""
        self.folded: array[int] = array("q")
        """The totals already added into the tally's :attr:`Tally.settled`."""
        self._masks: dict[str, bytearray] = {}

    def deltas(self) -> Sequence[int]:
        """The bouts sent since the last fold, by ending (the totals alone until a fold)."""
        totals, folded = self.totals, self.folded
        if totals is folded:
            return ()
        return list(map(operator.sub, totals, folded)) + totals[len(folded) :].tolist() if folded else totals

    def unfolded(self) -> Iterator[tuple[int, int]]:
        """``(r, k)``: ``k`` bouts sent since the last fold ended in ending ``r`` (none left out but 0)."""
        deltas = self.deltas()
        return ((at, deltas[at]) for at in itertools.compress(range(len(deltas)), deltas))

    def rows(self) -> list[tuple[tuple[Any, str, str, int, str], int]]:
        """The figures of each ending with bouts sent since the last fold, and how many."""
        deltas = self.deltas()
        if not deltas:
            return []
        endings = self.endings[: len(deltas)]
        classes = set(map(operator.itemgetter(0), endings))
        if len(classes) == 1:  # one game's endings: each read by one getter, in C
            figures: Iterable[tuple[Any, str, str, int, str]] = map(
                _figure_getter(classes.pop()), map(operator.itemgetter(1), endings)
            )
        else:
            figures = (_figure_getter(cls)(values) for cls, values in endings)
        return list(itertools.compress(zip(figures, deltas), deltas))

    def masks(self, names: tuple[str, ...]) -> dict[str, bytearray]:
        """For each name, which of the endings he won (1) or not (0), for ``itertools.compress``."""
        endings = self.endings
        for name in names:
            mask = self._masks.setdefault(name, bytearray())
            if len(mask) < len(endings):
                mask.extend(_winner_of(cls, values) == name for cls, values in endings[len(mask) :])
        return {name: self._masks[name] for name in names}


def _winner_of(cls: type, values: tuple[Any, ...]) -> Any:
    """The ``winner`` among a result's values (as :func:`_values_of` lists them)."""
    at = _WINNER_AT.get(cls)
    if at is None:
        at = _WINNER_AT[cls] = [f.name for f in dataclasses.fields(cls)].index("winner")
    return values[at]


_WINNER_AT: dict[type, int] = {}
FIGURE_FIELDS = ("winner", "method", "detail", "period", "fight_time")
"""What the figures read of a result (:meth:`Tally._rows`)."""
_FIGURES = operator.attrgetter(*FIGURE_FIELDS)
_FIGURE_GETTERS: dict[type, Callable[[tuple[Any, ...]], tuple[Any, str, str, int, str]]] = {}


def _figure_getter(cls: type) -> Callable[[tuple[Any, ...]], tuple[Any, str, str, int, str]]:
    """What reads the figure fields (:data:`FIGURE_FIELDS`) of a result of ``cls`` sent as values
    (:func:`_values_of`), as :data:`_FIGURES` reads them of a result."""
    getter = _FIGURE_GETTERS.get(cls)
    if getter is None:
        names = [f.name for f in dataclasses.fields(cls)]
        getter = _FIGURE_GETTERS[cls] = operator.itemgetter(*(names.index(name) for name in FIGURE_FIELDS))
    return getter


_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_INTERNED: dict[tuple[type, tuple[Any, ...]], Result] = {}
"""Each result read back from a worker, once: the same ending is the same object, chunk after chunk."""


def _values_of(result: Result) -> tuple[Any, ...]:
    """A result's fields in order, as a tuple (its class's getter made once)."""
    cls = type(result)
    getter = _GETTERS.get(cls)
    if getter is None:
        names = [f.name for f in dataclasses.fields(result)]
        get = operator.attrgetter(*names)
        getter = _GETTERS[cls] = (lambda r: (get(r),)) if len(names) == 1 else get
    return getter(result)


def _result_from(cls: type, values: tuple[Any, ...]) -> Result:
    """A result read back from a worker: the same ending is the same object, chunk after chunk."""
    if len(_INTERNED) > 100_000:  # many runs in one app: keep the memory flat (a tally merges by value)
        _INTERNED.clear()
    key = (cls, values)
    result = _INTERNED.get(key)
    if result is None:
        result = _INTERNED[key] = cls(*values)
    return result


def _tally_from(
    names: tuple[str, ...],
    classes: tuple[type, ...],
    rows: list[tuple[int, tuple[Any, ...], int]],
    champions: dict[str, int],
    tournaments: int,
    stopped: bool,
) -> Tally:
    """A tally as :meth:`Tally.__reduce__` sent it."""
    bouts: Counter[Result] = Counter()
    for kind, values, count in rows:
        bouts[_result_from(classes[kind], values)] = count
    return Tally(names, bouts, Counter(champions), tournaments, stopped)


def _median(finishes: Iterable[tuple[int, int]]) -> str | None:
    """The middle finish time (the lower one of an even count), ``M:SS``; None with no finish."""
    seconds = _middle(finishes)
    return None if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"


def _middle(counted: Iterable[tuple[int, int]]) -> int | None:
    """The middle value of ``(value, count)`` pairs (the lower one of an even count); None if none."""
    ordered = sorted(counted)
    total = sum(count for _, count in ordered)
    if not total:
        return None
    middle = (total + 1) // 2
    seen = 0
    for value, count in ordered:
        seen += count
        if seen >= middle:
            return value
    raise AssertionError("unreachable")


def chunks(n: int, size: int) -> Iterator[tuple[int, int]]:
    """``(index, count)`` of each chunk of a run of ``n``: the same split on any number of cores."""
    index = 0
    while n > 0:
        count = min(size, n)
        yield index, count
        n -= count
        index += 1


# --- runs --------------------------------------------------------------------

CHUNK = 2_000
"""Bouts (or tournaments) in one chunk: each chunk has its own generator, seeded
from the run's seed and the chunk's index, so a run gives the same figures on
one core or many."""
WALKED_CHUNK = 50
"""Bouts in one chunk of a game whose bouts are walked afresh (``Ruleset.memo`` False: some tens
to a thousand a second): the progress and the figures so far move every second or so."""
PARALLEL_FROM = 50_000
"""From this many bouts a chain's run is shared among processes, one a core (forked: see
:func:`workers_for`). Each process builds its own chain, and building it is most of a short run
(the ruleset's ``advance`` for each state and roll met the first time: NHB's is 0.45 s of the
0.62 s of a cold chain's first 100,000 bouts), so two processes can at best take as long as one
chain's first n/2 bouts: 1.46x one at 100,000 (0.42 s against 0.62 s, process CPU), 1.52x at a
million, 1.65x at 2 million, 1.79x at 4 million (``benchmarks/bench_simulate.py N`` prints this
"at best" for its N). Measured on the 2-core machine of issue 21 (Royce Gracie v Ken Shamrock,
seed 7, each run a fresh process, one process then two, the pairs where the machine stayed 80-100%
idle; others' work came and went all session):

- 10,000 bouts: 0.17 s on one process, 0.15-0.16 s on two (1.08-1.11x);
- 20,000: 0.25-0.26 s, 0.24-0.28 s (0.95-1.06x: each worker's first, cold chunk costs it 0.08 s,
  and starting the workers and reading the figures 0.03-0.04 s);
- 50,000: 0.41-0.44 s, 0.34-0.37 s (1.12-1.28x);
- 100,000: 0.62-0.68 s, 0.49-0.57 s (1.19-1.32x; each worker 0.42-0.46 s of CPU, the rest starting
  them and the figures);
- 2 million: 4.0-4.1 s, 2.4-3.0 s (1.34-1.67x).

So two processes from 50,000 bouts. 1.6x at 100,000 bouts is out of reach with a chain each; a
chain shared among the processes in shared memory was tried (branch ``scale``) and gave
1.1-1.16x."""
WALKED_PARALLEL_FROM = 1_000
"""From this many bouts walked afresh (FO, Cage Match: a millisecond or more each, the rules' own
work) a run is shared among processes: two gave about 2x."""


@dataclass(frozen=True)
class Job:
    """One chunk of a run, as sent to a worker process (plain data: it is pickled)."""

    game: str
    cards: tuple[dict[str, Any], ...]
    """The cards as stored (``model_dump``): two for bouts, the entrants for a tournament."""
    options: dict[str, Any]
    tables: dict[str, Any] | None
    tournament: bool
    draw: str
    """``order`` (the bracket as entered) or ``random`` (drawn afresh for each tournament)."""
    seed: int
    index: int
    count: int
    strategies: tuple[str, str] = ("", "")
    """Red's and blue's strategy (``Ruleset.strategies``; "" plays as the app does)."""
    seconds: tuple[int, int] | None = None
    """A timed game's pace, whole seconds an answer (None: the game's own): see :class:`Walk`."""


class Plan(Sequence[Job]):
    """The chunks of a run, each made when it is asked for: the plan of a run of 10**12 bouts
    is as small as one of 10. A sequence (its length, an index, a slice, reversed)."""

    def __init__(self, template: Job, n: int, chunk: int, indices: range | None = None) -> None:
        self._template = template
        self._n = n
        self._chunk = chunk
        self._indices = indices if indices is not None else range(-(-n // chunk))

    def __len__(self) -> int:
        return len(self._indices)

    @overload
    def __getitem__(self, i: int) -> Job: ...

    @overload
    def __getitem__(self, i: slice) -> Plan: ...

    def __getitem__(self, i: int | slice) -> Job | Plan:
        if isinstance(i, slice):
            return Plan(self._template, self._n, self._chunk, self._indices[i])
        index = self._indices[i]
        count = min(self._chunk, self._n - index * self._chunk)
        return dataclasses.replace(self._template, index=index, count=count)


_LOCAL = threading.local()


def worker_cache() -> dict[Hashable, Any]:
    """This thread's cards and chains, kept across the chunks of a run: one a
    thread, so two runs in one app (one stopping, one starting) never share."""
    cache = getattr(_LOCAL, "cache", None)
    if cache is None:
        cache = _LOCAL.cache = {}
    return cache


def _setup_of(job: Job) -> tuple[Ruleset, tuple[Any, ...]]:
    from companion.ruleset import get_ruleset

    cache = worker_cache()
    key = (
        ("cards", job.game, repr(job.cards), repr(sorted(job.options.items())), repr(job.tables), job.tournament)
        + (job.strategies, job.seconds)  # a walk plays its strategies and pace: another run's is not this one's
    )
    if cache.get("key") != key:
        cache.clear()
        ruleset = get_ruleset(job.game)
        cards = tuple(ruleset.card_model.model_validate(c) for c in job.cards)
        cache["key"] = key
        cache["setup"] = (ruleset, cards)
    setup: tuple[Ruleset, tuple[Any, ...]] = cache["setup"]
    return setup


def _chain(ruleset: Ruleset, job: Job, key: tuple[Hashable, ...], red: Any, blue: Any) -> Chain | Walk:
    cache = worker_cache()
    chain = cache.get(key)
    if chain is None:
        setup = Setup(ruleset.key, (red, blue), job.options, job.tables)
        if ruleset.memo:
            chain = cache[key] = Chain(ruleset, setup, injuries=job.tournament)
        else:
            chain = cache[key] = Walk(ruleset, setup, strategies=job.strategies, seconds=job.seconds)
    return chain


def run_job(job: Job) -> Tally:
    """Play one chunk: ``job.count`` bouts, or tournaments, with the chunk's own generator."""
    from companion.tournament import Bracket

    ruleset, cards = _setup_of(job)
    rng = random.Random(f"{job.seed}/{job.index}")
    randint = rng.randint
    tally = Tally(tuple(c.name for c in cards))
    if not job.tournament:
        chain = _chain(ruleset, job, ("bout",), *cards)
        return Tally.counted(tally.names, chain.endings, chain.counts(job.count, rng))
    bouts = tally.settled
    fast, getrandbits = RANDINT_FROM_BITS and type(rng) is random.Random, rng.getrandbits
    for _ in range(job.count):
        order = list(range(len(cards)))
        if job.draw == "random":
            rng.shuffle(order)
        bracket = Bracket(tuple(cards[i] for i in order))
        while (k := bracket.next_bout) is not None:
            red, blue = bracket.pairing(k)
            key = (order[red], bracket.losses[red], order[blue], bracket.losses[blue])
            chain = worker_cache().get(key) or _chain(
                ruleset, job, key, bracket.card(red, ruleset), bracket.card(blue, ruleset)
            )
            ended = chain.bout_bits(getrandbits) if fast and isinstance(chain, Chain) else chain.bout(randint)
            result, loss = chain.results[ended]
            bouts[result] += 1
            bracket = bracket.record(red, blue, result, loss)
        champion = bracket.champion
        assert champion is not None  # the night is over: its last bout is played
        tally.champions[bracket.entrants[champion].name] += 1
        tally.tournaments += 1
    return tally


_RUN: dict[str, Any] = {"token": None, "sent": {}, "totals": {}}
"""In a worker process, for the run it plays (its token): how many of each chain's endings the parent
has been sent, and the bouts of every chunk played so far counted by ending, by (process, the chain's
list of endings)."""


@dataclass(frozen=True)
class Counts:
    """The bouts a worker has played so far in a run, as it sends them to the parent after a batch of
    chunks: counted by ending in its own numbering (a dense array the parent keeps as it comes,
    replacing the one before: nothing to add up while the workers play), and only the endings the
    parent has not been sent before (by this worker, for this chain), as plain values."""

    source: tuple[int, int]
    """The worker process and its chain's list of endings: whose numbering the counts use."""
    known: int
    """How many of the source's endings the parent had been sent before this batch."""
    new: tuple[tuple[type, tuple[Any, ...]], ...]
    """The endings met since, each as its class and its fields' values."""
    totals: array[int]
    """How many bouts this worker has played in all (this batch and every one before it) that
    ended in each of the source's endings, by its index."""


def _play_for_parent(job: Job, token: str = "") -> Tally | None:
    """Play a chunk in a worker process, for the parent: a tournament's nights as a tally; a chunk
    of bouts is counted into the worker's totals for the run ``token`` (None: see :func:`_sent`)."""
    if _RUN["token"] != token:  # a new run: nothing sent, nothing counted yet
        _RUN.update(token=token, sent={}, totals={})
    tally = run_job(job)
    if tally._source is None:  # a tournament's nights: as the tally itself
        return tally
    endings, counts = tally._source
    source = (os.getpid(), id(endings))
    totals = _RUN["totals"].get(source)
    if totals is None:
        totals = _RUN["totals"][source] = (endings, array("q"))
    dense = totals[1]
    if len(dense) < len(endings):
        dense.frombytes(bytes(dense.itemsize * (len(endings) - len(dense))))
    for r, k in counts.items():  # a chunk meets ~1,500 endings of its chain's tens of thousands
        dense[r] += k
    return None


def _sent() -> list[Counts]:
    """The worker's totals so far, each with the endings the parent has not been sent yet."""
    out = []
    sent: dict[tuple[int, int], int] = _RUN["sent"]
    for source, (endings, dense) in _RUN["totals"].items():
        known, met = sent.get(source, 0), len(endings)
        sent[source] = met
        new = tuple((type(result), _values_of(result)) for result in endings[known:met])
        out.append(Counts(source, known, new, array("q", dense)))
    return out


BATCH_BOUTS = 16_000
"""At most about how many bouts a worker plays between two messages to the parent (several of a
chain's chunks; a walked game's chunk alone); a run's batches are smaller where they must be, so
that each worker gets several (:func:`_batch_bouts`)."""
BATCHES_A_WORKER = 8
"""At least about this many batches for each worker: the one a worker is still playing when the
other has none left is the run's tail, where one process plays alone."""


def _batch_bouts(n: int, workers: int) -> int:
    """About how many bouts a batch of a run of ``n`` on ``workers`` processes holds."""
    return max(1, min(BATCH_BOUTS, n // (workers * BATCHES_A_WORKER)))


def _batches(
    jobs: Iterator[Job], size: int = BATCH_BOUTS, left: int = 0, workers: int = 1
) -> Iterator[tuple[Job, ...]]:
    """The chunks in order, a few consecutive ones together: one chunk first, then twice as many
    each batch up to about ``size`` bouts (the first, from a cold chain, cost the most: the
    figures so far come from the start, and a run stopped in its first second keeps some), and
    towards the end of the run's ``left`` bouts on ``workers`` processes, no more than a share of
    what is left, down to a chunk, so that no worker plays long alone at the end."""
    batch: list[Job] = []
    bouts, most = 0, 1
    limit = min(size, most)
    for job in jobs:
        batch.append(job)
        bouts += job.count
        if bouts >= limit:
            yield tuple(batch)
            left -= bouts
            batch, bouts, most = [], 0, 2 * bouts
            limit = min(size, most, max(1, left // (2 * workers)) if left > 0 else size)
    if batch:
        yield tuple(batch)


def _play_batch(task: tuple[str, tuple[Job, ...]]) -> list[Tally | Counts]:
    """Play a batch of chunks in a worker process for the run of the task's token: a tournament's
    nights as tallies, a batch of bouts as the worker's totals so far (:class:`Counts`)."""
    token, batch = task
    nights = [tally for job in batch if (tally := _play_for_parent(job, token)) is not None]
    return [*nights, *_sent()]


class _Endings:
    """The parent's copy of each worker chain's endings, as plain values (:class:`Counts`)."""

    def __init__(self) -> None:
        self._by_source: dict[tuple[int, int], list[tuple[type, tuple[Any, ...]]]] = {}

    def add(self, total: Tally, chunk: Tally | Counts) -> None:
        if isinstance(chunk, Tally):
            total.add(chunk)
            return
        endings = self._by_source.setdefault(chunk.source, [])
        if chunk.known != len(endings):  # a worker's batches are sent and read in the order it played them
            raise RuntimeError(f"a batch of {chunk.source} came with endings from {chunk.known}, not {len(endings)}")
        endings.extend(chunk.new)
        total._replace(chunk.source, endings, chunk.totals)


def _quiet_worker() -> None:
    """Workers leave Ctrl+C to the parent, which stops the run and keeps what is done."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(
    jobs: Sequence[Job],
    names: tuple[str, ...],
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    into: Tally | None = None,
) -> Tally:
    """Run ``jobs`` and add up their figures, in chunk order.

    Args:
        jobs: the chunks (see :func:`plan`), played as they come.
        names: the fighters, in the order the figures list them.
        workers: processes to share the chunks among; 1 runs them here.
        progress: called with 0 at once, then with the count done after each chunk.
        cancelled: asked between chunks; True stops the run (the figures are partial).
        into: the tally to add the chunks into, as they come (a progress bar that shows the
            figures so far reads it); a new one by default.

    Ctrl+C stops the run the same way: the chunks done are kept,
    ``Tally.stopped`` is set, and every worker process is ended at once.
    """
    total = into if into is not None else Tally(names)
    done = 0
    try:
        if progress is not None:
            progress(0)  # the bar shows before the first chunk is played
        if workers <= 1:
            for job in jobs:
                if cancelled is not None and cancelled():
                    total.stopped = True
                    break
                total.add(run_job(job))
                done += job.count
                if progress is not None:
                    progress(done)
        else:
            total.stopped = _run_parallel(jobs, total, workers, progress, cancelled)
    except KeyboardInterrupt:
        total.stopped = True
    return total


def ensure_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with a real standard error.

    The first worker process starts the tracker, which hands it
    ``sys.stderr.fileno()``. Under a full-screen app that stream is the app's
    capture, whose ``fileno()`` is -1, and the start fails ("bad value(s) in
    fds_to_keep"). A front end may call this from its own thread first; once
    running, the tracker serves every later run.
    """
    import contextlib
    import sys
    from multiprocessing import resource_tracker

    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable or sys.__stderr__ is None:
        resource_tracker.ensure_running()
        return
    with contextlib.redirect_stderr(sys.__stderr__):
        resource_tracker.ensure_running()


def _run_parallel(
    jobs: Sequence[Job],
    total: Tally,
    workers: int,
    progress: Callable[[int], None] | None,
    cancelled: Callable[[], bool] | None,
) -> bool:
    import multiprocessing
    import threading

    done = 0
    context: BaseContext
    if not jobs:
        return False
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        # A process with one thread (the command line) forks its workers at once. Playing the first
        # chunks here first, so that each worker started with that chain warm, was measured and
        # dropped (issue 21): a worker's chain after the parent's w bouts and its own share of the
        # rest has met about what one chain meets in (n + w) / 2 bouts, so the run took as long as
        # that, more than n / 2 the more the parent played, all of it alone.
        context = multiprocessing.get_context("fork")
    else:
        # spawn, not fork: the app runs this from a thread, and a forked child of
        # a threaded process can hang
        context = multiprocessing.get_context("spawn")
        ensure_resource_tracker()
    # A batch is some consecutive chunks sent and sent back as one: a chain's chunk takes a few
    # milliseconds, and the parent's share of each message is then a small part of the run.
    endings = _Endings()

    def take(task: tuple[str, tuple[Job, ...]], chunks: list[Tally | Counts]) -> None:
        nonlocal done
        for chunk in chunks:
            endings.add(total, chunk)
        done += sum(job.count for job in task[1])
        if progress is not None:
            progress(done)

    token = f"{os.getpid()}/{id(total)}/{time.monotonic_ns()}"
    n = (len(jobs) - 1) * jobs[0].count + jobs[-1].count  # every chunk but the last is whole
    batches = _batches(iter(jobs), _batch_bouts(n, workers), n, workers)
    tasks = ((token, batch) for batch in batches)
    return pooled(tasks, _play_batch, take, context, workers, cancelled)


TaskT = TypeVar("TaskT")
ResultT = TypeVar("ResultT")


def pooled(
    tasks: Iterator[TaskT],
    play: Callable[[TaskT], ResultT],
    take: Callable[[TaskT, ResultT], None],
    context: BaseContext,
    workers: int,
    cancelled: Callable[[], bool] | None,
) -> bool:
    """Play ``tasks`` on ``workers`` processes of ``context``, two in flight a worker and the next
    sent as one comes back (a run holds a few whatever its length), each result given to ``take``
    in the tasks' order (same seed, same figures; a run stopped early keeps the first tasks
    whole); whether the run was stopped (``cancelled``, asked while waiting). Stopped by it, by
    Ctrl+C or an error, every worker is ended at once, not at its task's end. ``play`` is pickled
    by name: a module's function.

    Each worker has a pipe of its own, read as soon as it sends, so none waits on another's
    result or on the parent; nothing is shared among them, so ending them can never wait on a
    lock one of them held (``multiprocessing.Pool.terminate`` can hang so when a worker is
    waiting for a task: the flake of the Ctrl+C test in issue 21)."""
    from multiprocessing.connection import wait

    pipes: list[Any] = []
    processes: list[Any] = []
    try:
        # Forked workers share the parent's objects page by page until they write to one; the cyclic
        # collector, run in a worker, writes to every object it walks, so each worker copied most of the
        # parent's heap. Frozen, the objects the workers inherit are left out of their collections
        # (issue 21: two processes about 8% quicker at 100,000 bouts); the parent's own are let go after.
        gc.freeze()
        try:
            for _ in range(workers):
                mine, theirs = context.Pipe()
                process = context.Process(target=_serve, args=(theirs, play), daemon=True)  # type: ignore[attr-defined]
                process.start()
                theirs.close()
                pipes.append(mine)
                processes.append(process)
        finally:
            gc.unfreeze()
        order: deque[tuple[TaskT, int]] = deque()
        """Every task sent and not yet taken, in the tasks' order, with its worker."""
        back: dict[int, deque[Any]] = {w: deque() for w in range(workers)}
        """Each worker's results received and not yet taken, in the order it played them."""
        left = True

        def send(w: int) -> None:
            nonlocal left
            task = next(tasks, None) if left else None
            if task is None:
                left = False
                return
            pipes[w].send(task)
            order.append((task, w))

        for _ in range(2):
            for w in range(workers):
                send(w)
        while order:
            task, w = order[0]
            if not back[w]:
                if cancelled is not None and cancelled():
                    return True
                for ready in wait([pipes[v] for v in range(workers) if _waiting(order, back, v)], timeout=0.2):
                    v = pipes.index(ready)
                    try:
                        back[v].append(pipes[v].recv())
                    except EOFError:  # killed (out of memory, a signal): said, never waited for
                        processes[v].join(1)
                        code = processes[v].exitcode
                        raise RuntimeError(f"a worker process ended without its result (exit code {code})") from None
                    send(v)  # a worker always has the next task at hand
                continue
            order.popleft()
            ok, value = back[w].popleft()
            if not ok:
                raise value
            take(task, value)
        return False
    finally:
        for process in processes:  # ended at once, done or not: nothing is left to wait for
            if process.is_alive():
                process.kill()
        for process in processes:
            process.join()
        for pipe in pipes:
            pipe.close()


def _waiting(order: deque[tuple[Any, int]], back: dict[int, deque[Any]], w: int) -> bool:
    """Whether worker ``w`` has a task whose result has not come back yet."""
    return sum(1 for _, v in order if v == w) > len(back[w])


def _serve(pipe: Any, play: Callable[[Any], Any]) -> None:
    """A worker process: play each task that comes down ``pipe`` and send back ``(True, result)``,
    or ``(False, error)``; stop when the parent's end closes."""
    _quiet_worker()
    while True:
        try:
            task = pipe.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, play(task))
        except Exception as exc:  # noqa: BLE001 - the parent raises it
            answer = (False, exc)
        pipe.send(answer)


def plan(
    game: str,
    cards: tuple[Any, ...],
    n: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    tables: dict[str, Any] | None = None,
    tournament: bool = False,
    draw: str = "order",
    chunk: int | None = None,
    strategies: tuple[str, str] = ("", ""),
    seconds: tuple[int, int] | None = None,
) -> Plan:
    """The chunks of a run of ``n`` bouts (or tournaments) of ``cards``, made as they are played
    (``strategies``, ``seconds``: red's and blue's strategy and a timed game's pace, :class:`Walk`;
    ``chunk``: bouts a chunk, by default :data:`CHUNK`, or :data:`WALKED_CHUNK` for a walked game)."""
    if chunk is None:
        from companion.ruleset import get_ruleset

        chunk = CHUNK if get_ruleset(game).memo else WALKED_CHUNK
    dumped = tuple(card.model_dump(mode="json", exclude_none=True) for card in cards)
    job = Job(game, dumped, dict(options or {}), tables, tournament, draw, seed, 0, 0, strategies, seconds)
    return Plan(job, n, chunk)


def workers_for(n: int, *, walked: bool = False, forked: bool = True) -> int:
    """Processes for a run of ``n``: one a core from :data:`PARALLEL_FROM` on, else 1; for bouts
    ``walked`` afresh (``Ruleset.memo`` False), from :data:`WALKED_PARALLEL_FROM`. A run that cannot
    fork its workers (the app runs from a thread, so its workers are spawned) shares a chain's bouts
    never: a spawned worker starts a new interpreter and imports the app before it builds its chain,
    and two were slower than one (issue 21 review)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if not walked and not forked:
        return 1
    start = WALKED_PARALLEL_FROM if walked else PARALLEL_FROM
    return max(1, cores) if n >= start else 1
