"""Simulated scenes of many on two sides (issue 21): the scene games' figures, through the
table's own engine.

A scene is played the way the app plays a virtual roll (ruling D-6), answer by answer: at a
roll the prompted dice are rolled with ``Random.randint`` as :func:`companion.dice.roll_faces`
rolls them and typed as the dice show them (``+ - 0 +``, ``00``); at a choice the advised
option is taken, else one at random as :meth:`companion.session.Session.roll` chooses. Each
answer goes through the ruleset's own ``advance`` (``apply`` on the typed text by default), so
with one generator a simulated scene is the scene the app plays rolling every prompt.

Unlike a bout (:class:`companion.simulate.Chain`), a scene is played without a memory of the
states it has met: a scene's state holds the round's answers so far, and states rarely repeat
(measured on the shipped rosters, issue 21: 3% of the dice steps of a PAF two against two met
a state met before, 5% of a Fudge three against three, 27% of a Fudge two against one, nearly
all at the scene's first roll), while such a memory would keep a state for every step of
every scene. A scene costs what the engine's steps cost.

What a game counts at a scene's end is its own (:meth:`companion.ruleset.Ruleset.scene_figures`,
a :class:`SceneFigures`): which side won, and each combatant's ending (:class:`Ending`: fell,
died, his level in the game's words, what else it counts). Where nothing can end a scene by
itself (no hit can wound any more) or it has gone on past the game's limit, the game says what
the GM types to end it (:meth:`SceneFigures.end_answer`).

A run is split into chunks of :data:`SCENE_CHUNK` scenes, each with its own generator seeded
from the run's seed and the chunk's index (as :func:`companion.simulate.run_job` seeds a
bout's chunk), shared among processes when the run is long: the same seed gives the same
figures on one core or many.
"""

from __future__ import annotations

import math
import random
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from companion.ruleset import SIDES, ChoicePrompt, OverPrompt, Result, RollPrompt, Ruleset, Setup
from companion.simulate import ensure_resource_tracker, pooled, wilson

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

__all__ = [
    "Ending",
    "SceneEnding",
    "SceneFigures",
    "SceneJob",
    "SceneTally",
    "play_scene",
    "round_rows",
    "run_scene_job",
    "run_scenes",
    "scene_plan",
    "scene_workers",
]


# --- what a game counts ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ending:
    """One combatant at a simulated scene's end, as the simulator counts him."""

    level: str
    """How he ended, one of the game's :attr:`SceneFigures.levels` (Fudge: his worst wound)."""
    fell: bool
    """He was out of the fight at some time in the scene (:attr:`SceneFigures.fell_word`)."""
    died: bool
    lost: int = 0
    """What else the game counts of him (:attr:`SceneFigures.lost_word`: PAF's hit points lost);
    0 where it counts nothing more."""


@dataclass(frozen=True, slots=True)
class SceneEnding:
    """A simulated scene's end as the simulator counts it: the side that won, and each combatant."""

    winner: int | None
    """The side that won (0 red, 1 blue); None where no side did (both fell, the GM ended it)."""
    combatants: tuple[Ending, ...]
    """Each combatant's ending, in scene order."""


class SceneFigures:
    """What a scene game's simulated scenes count, in its words: a game's ``simulation.py``
    subclasses it, and its ruleset's :meth:`companion.ruleset.Ruleset.scene_figures` returns one."""

    levels: ClassVar[tuple[str, ...]] = ()
    """The levels a combatant may end at, least first, in the game's words (Fudge: no wound,
    Scratch ... Near Death, dead)."""
    level_word: ClassVar[str] = "at the end"
    """What a level is (Fudge: ``worst wound``)."""
    fell_word: ClassVar[str] = "fell"
    """What falling is (out of the fight), in the game's words (Fudge: ``Incapacitated or worse``)."""
    died_word: ClassVar[str] = "died"
    lost_word: ClassVar[str] = ""
    """What :attr:`Ending.lost` counts (PAF: ``hit points lost``); empty: nothing."""

    def ending(self, state: Any, result: Result) -> SceneEnding:
        """The scene's end, from its last state and result."""
        raise NotImplementedError

    def end_answer(self, state: Any) -> str | None:
        """What the GM types now to end the scene: where nothing can end it by itself (Fudge: no
        hit can wound any more) or it has gone on past the game's limit of rounds; None: play on."""
        return None

    @staticmethod
    def winning_side(result: Result, members: Iterable[tuple[str, int]]) -> int | None:
        """The side that won: the other of the side the result's loser names, every one of that side
        joined by `` & `` as the games' scene ends name them (``members``: each combatant's name and
        side, in scene order); None where no side won."""
        if result.winner is None:
            return None
        everyone = list(members)
        for side in (0, 1):
            if result.loser == " & ".join(name for name, of in everyone if of == side):
                return 1 - side
        raise ValueError(f"the result's loser {result.loser!r} is not a side of the scene")


# --- one scene -----------------------------------------------------------------------------

MAX_ANSWERS = 200_000
"""A scene that has taken this many answers without ending is a game's fault, said as an error."""


def typed_faces(prompt: RollPrompt, faces: Sequence[int]) -> str:
    """The faces as a player types them: ``+ - 0 +`` for Fudge dice, ``00`` for a percentile 100."""
    return " ".join(die.face_text(face) for die, face in zip(prompt.dice.dice, faces))


def play_scene(
    ruleset: Ruleset, start: Any, figures: SceneFigures, randint: Callable[[int, int], int]
) -> tuple[Any, Result]:
    """Play one scene from ``start`` with ``randint`` (a ``Random.randint``): its last state and
    result.

    Each answer is the one :meth:`companion.session.Session.roll` gives with that generator
    (the dice rolled as :func:`companion.dice.roll_faces` rolls them, the advised choice, else
    one at random as ``Random.choice`` draws it), or the GM's end where the game says he would
    type it (:meth:`SceneFigures.end_answer`).
    """
    state = start
    prompt_of, advance, end_answer = ruleset.prompt, ruleset.advance, figures.end_answer
    ended = False
    for _ in range(MAX_ANSWERS):
        prompt = prompt_of(state)
        if isinstance(prompt, OverPrompt):
            return state, prompt.result
        ending = None if ended else end_answer(state)
        if ending is not None:  # once: what follows the GM's end (an aftermath's prompts) is answered as any
            text, ended = ending, True
        elif isinstance(prompt, RollPrompt):
            text = typed_faces(prompt, [randint(die.low, die.high) for die in prompt.dice.dice])
        elif isinstance(prompt, ChoicePrompt):
            options = prompt.options
            text = prompt.advised or options[randint(0, len(options) - 1)].key  # as Random.choice draws
        else:
            raise ValueError(f"a {prompt.kind} prompt cannot be simulated (only rolls and choices)")
        state = advance(state, text)
    raise RuntimeError(f"a {ruleset.title} scene took {MAX_ANSWERS:,} answers without ending")


# --- the figures ---------------------------------------------------------------------------

PERCENTILES = (10, 25, 50, 75, 90)
"""The rounds' percentiles reported."""


@dataclass
class SceneTally:
    """The figures of simulated scenes, added up (plain counts: a chunk's crosses from a worker
    process cheaply).

    Args:
        names: the combatants in scene order.
        sides: each one's side (0 red, 1 blue).
    """

    names: tuple[str, ...]
    sides: tuple[int, ...]
    scenes: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    """Scenes won by each side (0, 1)."""
    methods: Counter[str] = field(default_factory=Counter)
    """How the scenes ended, as their results say it (``incapacitated``, ``ended``, ``draw``)."""
    rounds: Counter[int] = field(default_factory=Counter)
    """Scenes by the round they ended in (the result's period)."""
    fell: list[int] = field(default_factory=list)
    died: list[int] = field(default_factory=list)
    levels: list[Counter[str]] = field(default_factory=list)
    lost: list[Counter[int]] = field(default_factory=list)
    stopped: bool = False
    """The run was stopped before it was done: these are partial figures."""

    def __post_init__(self) -> None:
        n = len(self.names)
        self.fell = self.fell or [0] * n
        self.died = self.died or [0] * n
        self.levels = self.levels or [Counter() for _ in range(n)]
        self.lost = self.lost or [Counter() for _ in range(n)]

    @property
    def n(self) -> int:
        return self.scenes

    def record(self, ending: SceneEnding, result: Result) -> None:
        """Count one scene."""
        self.scenes += 1
        if ending.winner is not None:
            self.wins[ending.winner] += 1
        self.methods[result.method] += 1
        self.rounds[result.period] += 1
        for i, one in enumerate(ending.combatants):
            self.fell[i] += one.fell
            self.died[i] += one.died
            self.levels[i][one.level] += 1
            self.lost[i][one.lost] += 1

    def add(self, other: SceneTally) -> None:
        self.scenes += other.scenes
        self.wins.update(other.wins)
        self.methods.update(other.methods)
        self.rounds.update(other.rounds)
        for i in range(len(self.names)):
            self.fell[i] += other.fell[i]
            self.died[i] += other.died[i]
            self.levels[i].update(other.levels[i])
            self.lost[i].update(other.lost[i])

    def leaders(self) -> str:
        """The figures so far in one line (a progress bar's): each side's wins, ``red 61.0%, blue
        35.2%``; empty before the first scene."""
        n = self.scenes
        return ", ".join(f"{SIDES[side]} {100 * self.wins[side] / n:.1f}%" for side in (0, 1)) if n else ""

    def summary(self, figures: SceneFigures) -> dict[str, Any]:
        """The figures as the ``--json`` object (README, "Simulating a scene"), shares rounded to
        4 places; ``figures`` gives the game's words and levels."""
        n = self.scenes
        share = (lambda k: round(k / n, 4)) if n else (lambda k: 0.0)

        def span(k: int) -> list[float]:
            return [round(x, 4) for x in wilson(k, n)]

        combatants: dict[str, Any] = {}
        for i, name in enumerate(self.names):
            levels = {level: share(self.levels[i][level]) for level in figures.levels}
            others = sorted(set(self.levels[i]) - set(figures.levels))
            levels.update({level: share(self.levels[i][level]) for level in others})  # never left out
            one: dict[str, Any] = {
                "side": SIDES[self.sides[i]],
                "fell": share(self.fell[i]),
                "fell_interval": span(self.fell[i]),
                "died": share(self.died[i]),
                "died_interval": span(self.died[i]),
                "levels": levels,
            }
            if figures.lost_word:
                lost = self.lost[i]
                one["lost"] = {
                    "mean": round(sum(k * c for k, c in lost.items()) / n, 2) if n else 0.0,
                    "median": _percentile(lost, 50),
                    "p90": _percentile(lost, 90),
                    "max": max(lost, default=0),
                }
            combatants[name] = one
        rounds = self.rounds
        out: dict[str, Any] = {
            "n": n,
            "sides": {SIDES[side]: [m for m, s in zip(self.names, self.sides) if s == side] for side in (0, 1)},
            "wins": {SIDES[side]: share(self.wins[side]) for side in (0, 1)},
            "wins_interval": {SIDES[side]: span(self.wins[side]) for side in (0, 1)},
            "no_winner": share(n - self.wins[0] - self.wins[1]),
            "methods": {method: share(k) for method, k in self.methods.most_common()},
            "rounds": {
                "median": _percentile(rounds, 50),
                "mean": round(sum(k * c for k, c in rounds.items()) / n, 2) if n else 0.0,
                "percentiles": {str(p): _percentile(rounds, p) for p in PERCENTILES},
                "distribution": {str(k): share(rounds[k]) for k in sorted(rounds)},
            },
            "words": {
                "fell": figures.fell_word,
                "died": figures.died_word,
                "level": figures.level_word,
                "levels": list(figures.levels),
                "lost": figures.lost_word or None,
            },
            "combatants": combatants,
        }
        if self.stopped:
            out["stopped"] = True
        return out


def _percentile(counts: Counter[int], p: int) -> int | None:
    """The value at or below which ``p`` percent of the counted values lie (the lowest such);
    None with nothing counted."""
    total = sum(counts.values())
    if not total:
        return None
    need = math.ceil(total * p / 100) or 1
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= need:
            return value
    raise AssertionError("unreachable")


SIDE_WIDTH = 40
"""The most a side's name takes in the wins table before its members are counted instead."""


def side_name(names: list[str], width: int = SIDE_WIDTH) -> str:
    """A side as the wins table names it: its combatants, as a scene's result names a side (``Ash
    Redhand & Bo Blackwood``), the first and how many more where they are many (``Orc Raider 1 & 5
    more``); the duel simulator names its corners by their fighters, never ``red side``. The scene
    simulator's screen and ``companion simulate``'s table alike."""
    whole = " & ".join(names)
    if len(whole) <= width or len(names) < 2:
        return whole if len(whole) <= width else whole[: width - 1] + "…"
    first = names[0] if len(names[0]) <= width - 12 else names[0][: width - 13] + "…"
    return f"{first} & {len(names) - 1} more"


def round_rows(distribution: dict[str, float], most: int = 12) -> list[tuple[str, float]]:
    """The rounds' distribution as at most ``most`` rows: a round a row, or ranges of equal width
    (``4-6``) when the scenes end over more rounds than that; a long tail beyond the 95th percentile
    in one last row (``31+``)."""
    counts = sorted((int(k), share) for k, share in distribution.items())
    if not counts:
        return []
    low, high = counts[0][0], counts[-1][0]
    if high - low + 1 > most:  # the tail past 95% of the scenes in one row
        seen = 0.0
        for k, share in counts:
            seen += share
            if seen >= 0.95 - 1e-9:
                high = k
                break
    rows: list[tuple[str, float]] = []
    width = max(1, -(-(high - low + 1) // (most - 1 if high < counts[-1][0] else most)))
    # every range as wide as the others: the last one reaches its full width (it was cut short,
    # ``26-28``, ``29``, ``30+``: the new-user trial), and the tail begins after it
    high = low + width * -(-(high - low + 1) // width) - 1
    for start in range(low, high + 1, width):
        end = start + width - 1
        share = sum(s for k, s in counts if start <= k <= end)
        rows.append((str(start) if start == end else f"{start}-{end}", share))
    tail = sum(s for k, s in counts if k > high)
    if tail:
        rows.append((f"{high + 1}+", tail))
    return rows


# --- runs --------------------------------------------------------------------------------

SCENE_CHUNK = 50
"""Scenes in one chunk, each chunk with its own generator (seeded from the run's seed and the
chunk's index): a run gives the same figures on one core or many. A scene costs a thousand
bouts, so a chunk is small enough for the progress to move every second or so."""
SCENES_PARALLEL_FROM = 200
"""From this many scenes a run is shared among processes, one a core."""


@dataclass(frozen=True)
class SceneJob:
    """One chunk of a run of scenes, as sent to a worker process (plain data: it is pickled)."""

    game: str
    cards: tuple[dict[str, Any], ...]
    """The combatants' cards as stored (``model_dump``), in scene order, copies numbered."""
    sides: tuple[int, ...]
    options: dict[str, Any]
    tables: dict[str, Any] | None
    seed: int
    index: int
    count: int


def scene_plan(
    game: str,
    cards: tuple[Any, ...],
    sides: tuple[int, ...],
    n: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    tables: dict[str, Any] | None = None,
    chunk: int = SCENE_CHUNK,
) -> Iterator[SceneJob]:
    """The chunks of a run of ``n`` scenes of ``cards`` on ``sides``, made as they are played."""
    dumped = tuple(card.model_dump(mode="json", exclude_none=True) for card in cards)
    index = 0
    while n > 0:
        count = min(chunk, n)
        yield SceneJob(game, dumped, tuple(sides), dict(options or {}), tables, seed, index, count)
        n -= count
        index += 1


_LOCAL = threading.local()


def _scene_of(job: SceneJob) -> tuple[Ruleset, Any, SceneFigures, tuple[str, ...]]:
    """The ruleset, the scene's first state, what it counts and the names, kept across the
    chunks of a run (one a thread)."""
    from companion.ruleset import get_ruleset

    key = (job.game, repr(job.cards), job.sides, repr(sorted(job.options.items())), repr(job.tables))
    kept = getattr(_LOCAL, "scene", None)
    if kept is None or kept[0] != key:
        ruleset = get_ruleset(job.game)
        figures = ruleset.scene_figures()
        if figures is None:
            raise ValueError(f"{ruleset.title} scenes cannot be simulated")
        cards = tuple(ruleset.card_model.model_validate(c) for c in job.cards)
        start = ruleset.new(Setup(job.game, cards, job.options, job.tables, job.sides))
        kept = _LOCAL.scene = (key, (ruleset, start, figures, tuple(c.name for c in cards)))  # type: ignore[attr-defined]
    found: tuple[Ruleset, Any, SceneFigures, tuple[str, ...]] = kept[1]
    return found


def run_scene_job(job: SceneJob) -> SceneTally:
    """Play one chunk: ``job.count`` scenes with the chunk's own generator."""
    ruleset, start, figures, names = _scene_of(job)
    rng = random.Random(f"{job.seed}/{job.index}")
    tally = SceneTally(names, job.sides)
    for _ in range(job.count):
        state, result = play_scene(ruleset, start, figures, rng.randint)
        tally.record(figures.ending(state, result), result)
    return tally


def scene_workers(n: int) -> int:
    """Processes for a run of ``n`` scenes: one a core from :data:`SCENES_PARALLEL_FROM` on, else 1."""
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cores) if n >= SCENES_PARALLEL_FROM else 1


def run_scenes(
    jobs: Iterator[SceneJob] | Sequence[SceneJob],
    into: SceneTally,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> SceneTally:
    """Run ``jobs`` and add their figures into ``into``, in chunk order (a progress bar that shows
    the figures so far reads it between chunks).

    Args:
        workers: processes to share the chunks among; 1 runs them here.
        progress: called with 0 at once, then with the count done after each chunk.
        cancelled: asked between chunks; True stops the run (the figures are partial).

    Ctrl+C stops the run the same way: the chunks done are kept, ``stopped`` is set, and every
    worker process is ended at once.
    """
    done = 0
    try:
        if progress is not None:
            progress(0)
        if workers <= 1:
            for job in jobs:
                if cancelled is not None and cancelled():
                    into.stopped = True
                    break
                into.add(run_scene_job(job))
                done += job.count
                if progress is not None:
                    progress(done)
        else:
            into.stopped = _run_scenes_parallel(iter(jobs), into, workers, progress, cancelled)
    except KeyboardInterrupt:
        into.stopped = True
    return into


def _run_scenes_parallel(
    jobs: Iterator[SceneJob],
    total: SceneTally,
    workers: int,
    progress: Callable[[int], None] | None,
    cancelled: Callable[[], bool] | None,
) -> bool:
    """The chunks on ``workers`` processes, a few in flight a worker, added in chunk order;
    whether the run was stopped."""
    import multiprocessing

    context: BaseContext
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("fork")  # the command line: one thread, forking is safe
    else:
        context = multiprocessing.get_context("spawn")  # the app runs this from a thread
        ensure_resource_tracker()
    done = 0

    def take(job: SceneJob, chunk: SceneTally) -> None:
        nonlocal done
        total.add(chunk)
        done += job.count
        if progress is not None:
            progress(done)

    return pooled(jobs, run_scene_job, take, context, workers, cancelled)
