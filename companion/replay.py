"""A round (or turn) replayed from its answers, as Cage Match, Fudge and PAF play them;
and the ruleset the scene games (Fudge, PAF) build on it (design 6: many on two sides).

Such a ruleset keeps, between rounds, each combatant's numbers; within a round it keeps
only the answers given so far and replays the round over them (:class:`ReplayRound`).
The round stops at the first answer it lacks and asks for it; a just-typed answer is
read against the very prompt it answers, so a refusal leaves the state as it was.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from greenlet import getcurrent, greenlet

from companion.dice import Refused
from companion.reader import read
from companion.ruleset import (
    Answer,
    Choice,
    Outcome,
    OverPrompt,
    Prompt,
    Result,
    Ruleset,
    Setup,
    card_name,
    evolve,
    waiting_at,
)

if TYPE_CHECKING:
    from companion.tables import TablesFile


def slug(text: str) -> str:
    """A name as the log and the prompts' keys spell it: lower case, words joined by ``-``."""
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in text)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-") or "x"


TablesT = TypeVar("TablesT")
OptionsT = TypeVar("OptionsT")
FighterT = TypeVar("FighterT")


@dataclass(frozen=True)
class SceneState(Generic[TablesT, OptionsT, FighterT]):
    """Where a scene stands between rounds, as :class:`SceneRuleset` keeps it: a game's state is a
    subclass naming the types of its tables, options and combatants' numbers
    (``SceneState[Tables, Options, Fighter]``) and adding its own fields (its cards, in its own
    word, keyword-only; what the scene's end changed)."""

    tables: TablesT
    """The game's checked tables in play."""
    options: OptionsT
    """The game's options in force."""
    fighters: tuple[FighterT, ...]
    """Each combatant's numbers between rounds (a finished round's ``f``, frozen)."""
    round: int = 1
    inputs: tuple[Any, ...] = ()
    """This round's answers, read (faces, choice keys); a round being played is also handed answers
    not yet taken (each an :class:`companion.ruleset.Answer`), which it reads at their prompts."""
    shown: int = 0
    """Log lines this round's answers have produced so far."""
    result: Result | None = None


@dataclass(frozen=True, slots=True)
class EndScene:
    """``end`` typed at any prompt of the scene: the GM ends it there."""


@dataclass(frozen=True, slots=True)
class GmModifier:
    """A GM's modifier typed at a roll (``gm +1 uphill``), with its reason: added to what the game
    adds it to (the roll, or the number it needs) and logged."""

    value: int
    reason: str


@dataclass(frozen=True)
class GmModifiers:
    """How a scene game reads a GM's modifier, ``gm``, a signed number and its reason (ruling D-5:
    anything else that begins with ``gm`` is refused, saying the form).

    Args:
        most: the largest modifier either way (0 is refused too); a number of more digits than
            it has is refused as not the form.
        examples: two modifiers as the refusal shows them (``gm +1 uphill, gm -2 in the dark``).
    """

    most: int
    examples: str

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """``gm``, a signed number of at most the digits of :attr:`most`, then the reason."""
        return re.compile(rf"^gm\s*([+-]?\s*\d{{1,{len(str(self.most))}}})(?:\s+(.*)|)$", re.IGNORECASE)

    def read(self, text: str) -> GmModifier | None:
        """``text`` read as a GM's modifier; None when it is not one (``gmork`` is a name).

        Raises:
            Refused: it begins with ``gm`` but does not say a modifier and its reason (D-5).
        """
        typed = text.strip()
        if not typed.lower().startswith("gm") or (len(typed) > 2 and typed[2].isalpha()):
            return None
        form = f"a GM's modifier is gm, a number and its reason: {self.examples}"
        match = self.pattern.match(typed)
        if match is None:
            raise Refused(form)
        value = int(match[1].replace(" ", ""))
        reason = " ".join((match[2] or "").split())
        if not value or abs(value) > self.most:
            raise Refused(f"{form} (from -{self.most} to +{self.most}, not 0)")
        if not reason:
            raise Refused(f"{form} (the reason is logged with it: say why)")
        return GmModifier(value, reason[:60])


class Need(Exception):
    """The round has no answer for this prompt yet."""

    def __init__(self, prompt: Prompt) -> None:
        self.prompt = prompt


def number_copies(cards: Sequence[Any]) -> tuple[Any, ...]:
    """The cards of a scene with each card that is there more than once numbered: three
    ``Orc Guard`` are ``Orc Guard 1``, ``Orc Guard 2`` and ``Orc Guard 3`` (an NPC group).
    A number another card's name already takes is skipped; a card there once keeps its name.

    Args:
        cards: pydantic cards with a ``name``, in scene order.
    """
    names = [card_name(c) for c in cards]
    taken = {slug(n) for n in names}
    count: dict[str, int] = {}
    for name in names:
        count[name] = count.get(name, 0) + 1
    made: dict[str, int] = {}
    out = []
    for card, name in zip(cards, names):
        if count[name] == 1:
            out.append(card)
            continue
        n = made.get(name, 0)
        while True:
            n += 1
            numbered = f"{name} {n}"
            if slug(numbered) not in taken:
                break
        made[name] = n
        taken.add(slug(numbered))
        out.append(card.model_copy(update={"name": numbered}))
    return tuple(out)


class ReplayRound:
    """A round played from its start over the answers given so far (``st.inputs``), and then,
    when it is :class:`Played` live, on from its prompt with each answer that comes.

    A subclass sets ``st`` (the state between rounds) and writes :meth:`play`, asking
    for each answer with :meth:`take`: the round reads as the rule text does, one step after
    another, whether it is replayed or goes on.
    """

    st: Any
    taken: list[Any]
    """The answers used, read (a subclass's ``__init__`` makes it empty)."""
    log: list[str]
    """The round's lines so far (a subclass's ``__init__`` makes it empty)."""
    i: int = 0
    """How many of the answers the replay has used."""
    need: Prompt | None = None
    """The prompt the round stopped at (None when it is done)."""
    done: bool = False
    live: bool = False
    """Played live (:class:`Played`): at the first answer it lacks, the round waits for it
    rather than stopping."""
    refused: Refused | None = None
    """Why the last answer fed to a waiting round did not fit its prompt."""
    asked: Prompt | None = None
    """The prompt the last answer was read against, where it was made (a stored answer, read
    before, is taken without one): a step that reads its prompt again after the answer need not
    make it twice."""
    marks: list[int] | None = None
    """Where a fold hands the round many answers at once (:meth:`Rounds.outcomes`): the log's length
    as each answer not yet taken is asked for, the end of the lines the answer before it logged
    (what ``shown`` is at that prompt); None: not counted."""

    def play(self) -> None:
        raise NotImplementedError

    def read(self, prompt: Prompt, text: str) -> Any:
        """A typed answer read against the prompt it answers, by the one reader
        (:func:`companion.reader.read`), then taken as the round takes it (:meth:`value`)."""
        return self.value(prompt, read(prompt, text))

    def value(self, prompt: Prompt, reading: Any) -> Any:
        """What the round takes for ``reading`` (:data:`companion.reader.Reading`): a choice by its
        key, faces as read; a game that declares words of its own (a prompt's ``also``) takes those.

        Raises:
            Refused: the reading does not fit where the round is (ruling D-5).
        """
        return reading.key if isinstance(reading, Choice) else reading

    def taken_as(self, prompt: Prompt, text: str, reading: Any) -> Any:
        """What the round takes for an answer at ``prompt``: the session's ``reading`` of it, or its
        ``text`` read here where nobody has read it yet (a saved fight folded on resume)."""
        return self.read(prompt, text) if reading is None else self.value(prompt, reading)

    def run(self) -> ReplayRound:
        """Play as far as the answers go."""
        try:
            self.play()
            self.done = True
        except Need as need:
            self.need = need.prompt
        return self

    def take(self, prompt: Callable[[], Prompt]) -> Any:
        """The next answer of the round, or stop here asking ``prompt()`` (made only then:
        a replay builds no prompt it already has the answer to). A just-typed answer is
        read against it here: ``Refused`` (ruling D-5) leaves the caller's state as it was."""
        i, inputs = self.i, self.st.inputs
        if i < len(inputs):
            value = inputs[i]
            if isinstance(value, Answer):  # handed, not yet taken: read at its prompt, made here
                asked = self.asked = prompt()
                marks = self.marks
                if marks is not None:
                    marks.append(len(self.log))
                value = self.taken_as(asked, value.text, value.reading)
            else:
                self.asked = None
            self.i = i + 1
            self.taken.append(value)
            return value
        if self.live:
            return self._wait(prompt())
        raise Need(prompt())

    def _wait(self, asked: Prompt) -> Any:
        """Wait at ``asked`` for an answer that fits it (:meth:`Played.feed` brings each typed one)."""
        self.need = asked
        while True:
            # no local of the greenlet itself: its waiting frame would hold it, a cycle the collector
            # cannot see through, and a round let go would never be freed
            parent = getcurrent().parent
            assert parent is not None  # a round played live runs in a greenlet of its own
            answer: Answer = parent.switch()
            del parent
            try:
                # the session read it at this very prompt (issue 21: once); an answer nobody has
                # read yet (a saved fight folded on resume) is read here, by the same reader
                value = self.taken_as(asked, answer.text, answer.reading)
            except Refused as refused:  # said to whoever fed it; the round waits on here, unchanged
                self.refused = refused
                continue
            break
        self.need = None
        self.asked = asked
        self.i += 1
        self.taken.append(value)
        return value


FOLD_MOST = 64
"""The most answers a fold hands a round at once (:meth:`Rounds.outcomes`): more than a round takes
(it leaves the rest to the rounds after it); a round that takes them all waits for the next as
played live."""

Answered = Callable[[Any, Any, tuple[str, ...], Any], Outcome]
"""What a ruleset makes of an answer its round has taken: ``(state, after, log, done)``
(:meth:`Rounds.outcomes`)."""

_new = object.__new__
_set = object.__setattr__

_IDLE = object()
"""What a greenlet hands back when its round is done: it waits, idle, for the next round to play."""

_FIBERS = threading.local()
"""Each thread's idle greenlets (a greenlet goes on only in the thread that made it)."""

IDLE_MOST = 4
"""Idle greenlets a thread keeps: the rounds in play at once are few (the fight's, a preview's)."""


def _play_live(rnd: ReplayRound) -> None:
    """Play rounds one after another, each as far as it goes: a round done, the greenlet waits idle
    for the next (making a greenlet costs more than a short round's answers: Cage Match's turn is
    three). It holds no round while idle, so nothing is kept alive by it."""
    while True:
        rnd.play()
        rnd.done = True
        del rnd
        parent = getcurrent().parent
        assert parent is not None
        rnd = parent.switch(_IDLE)
        del parent


def _idle_fibers() -> list[greenlet]:
    fibers: list[greenlet] | None = getattr(_FIBERS, "idle", None)
    if fibers is None:
        fibers = _FIBERS.idle = []
    return fibers


class Played:
    """A round played live: as far as its answers go, then waiting at its prompt in a greenlet of its
    own, so that the next answer goes on from there instead of replaying the round from its start
    (issue 21). A round written as the text reads stays so; only where it waits differs.

    The round goes on in place: once fed, it is the next state's round, no longer the one before.
    ``Refused`` from reading an answer at the prompt (ruling D-5) leaves it waiting, unchanged.
    """

    __slots__ = ("_fiber", "round")

    def __init__(self, rnd: ReplayRound) -> None:
        rnd.live = True
        self.round = rnd
        # the greenlet holds the round, the round not the greenlet, and the waiting frame holds neither
        # the greenlet nor its parent: no cycle, so a round dropped while it waits is ended
        # (GreenletExit at its prompt) as soon as it is let go
        idle = _idle_fibers()
        fiber = self._fiber = idle.pop() if idle else greenlet(_play_live)
        fiber.parent = getcurrent()
        if fiber.switch(rnd) is _IDLE:
            self._let_go(fiber)

    @property
    def waiting(self) -> bool:
        """The round waits at its prompt for an answer."""
        return not self.round.done and not self._fiber.dead

    def feed(self, answer: Answer) -> None:
        """Go on from the prompt with ``answer``, to the next prompt or the round's end.

        Raises:
            Refused: the answer does not fit the prompt (the round still waits there, unchanged) or
                the round refused it further on (the round is spent: it is not :attr:`waiting`).
        """
        rnd, fiber = self.round, self._fiber
        rnd.refused = None
        fiber.parent = getcurrent()  # back to whoever feeds it, wherever it was made
        if fiber.switch(answer) is _IDLE:
            self._let_go(fiber)
        if rnd.refused is not None:
            raise rnd.refused

    @staticmethod
    def _let_go(fiber: greenlet) -> None:
        """The round done, its greenlet waits idle for another (a few are kept; the rest are ended)."""
        idle = _idle_fibers()
        if len(idle) < IDLE_MOST:
            idle.append(fiber)


class Rounds:
    """Played rounds by the state's identity, each waiting at its prompt (:class:`Played`), in two
    places: the round of the state asked about last (the prompt, the trackers and the panels ask
    about the fight's state), and the round of the latest answer's result (an answer goes on from
    the round its state keeps, and the result's is asked about next). A preview of an answer
    (:meth:`companion.session.Session.check`, on a copy of the state) replays the round and keeps
    its result in the second place: it never takes the first, so Enter goes on from the round the
    fight's state keeps. A state none is kept for (after an undo, on resume) is replayed from its
    round's start.

    One set a thread: a greenlet goes on only in the thread that made it (the odds and the simulator
    run in threads of their own).

    Args:
        make: the round over a state (its round class).
    """

    def __init__(self, make: Callable[[Any], ReplayRound]) -> None:
        self._make = make
        self._local = threading.local()

    def _places(self) -> list[tuple[Any, Played] | None]:
        """``[asked, answered]`` of this thread."""
        try:
            places: list[tuple[Any, Played] | None] = self._local.places
        except AttributeError:  # this thread's first
            places = self._local.places = [None, None]
        return places

    def keep(self, state: Any, played: Played) -> None:
        """Keep ``played`` as the round of ``state``, an answer's result (the one kept so before is let go)."""
        self._places()[1] = (state, played)

    def of(self, state: Any) -> Any:
        """The round of ``state``, played as far as its answers go (kept as the state asked about)."""
        places = self._places()
        for place, kept in enumerate(places):
            if kept is not None and kept[0] is state:
                if place == 1:  # the latest answer's result, asked about now: the fight's state
                    places[0], places[1] = kept, None
                return kept[1].round
        played = Played(self._make(state))
        places[0] = (state, played)
        return played.round

    def answered(self, state: Any, answer: Answer) -> Played:
        """``state``'s round gone on with ``answer`` (it is the next state's then: :meth:`keep`
        it there); replayed from its start with the answer's text last where none waits for it.

        Raises:
            Refused: ``answer`` does not fit (D-5): ``state`` keeps its round as it was.
        """
        return self._answered(self._places(), state, answer)

    def _answered(self, places: list[tuple[Any, Played] | None], state: Any, answer: Answer) -> Played:
        asked, answering = places
        played: Played | None = None
        if asked is not None and asked[0] is state:
            place, played = 0, asked[1]
        elif answering is not None and answering[0] is state:
            place, played = 1, answering[1]
        if played is None or not played.waiting:  # none waits for it: replayed from its start
            return Played(self._make(evolve(state, inputs=state.inputs + (answer,))))
        places[place] = None  # fed, it is no longer this state's round
        try:
            played.feed(answer)
        except Refused:
            if played.waiting:  # refused at the prompt: nothing changed, it waits for this state still
                places[place] = (state, played)
            raise
        return played

    def go_on(self, state: Any, answer: Answer) -> tuple[Any, Any, tuple[str, ...]]:
        """``state``'s round gone on with ``answer`` (:meth:`answered`): the round, the state
        with the round's answers so far (kept as its round's where the round waits on: its ``shown``
        the lines logged) and the lines this answer logged. A finished round is the caller's to fold
        into the next round's state: the state is then ``state`` as it was (its answers are the
        round's, let go).

        Raises:
            Refused: ``answer`` does not fit (D-5): ``state`` keeps its round as it was.
        """
        places = self._places()  # once an answer: the two places are looked at and set here
        played = self._answered(places, state, answer)
        rnd: Any = played.round
        log = tuple(rnd.log[state.shown :])
        if rnd.done:
            return rnd, state, log
        after = waiting_at(state, tuple(rnd.taken), len(rnd.log))
        places[1] = (after, played)  # kept as the round of the answer's result (:meth:`keep`)
        return rnd, after, log

    def outcomes(
        self,
        state: Any,
        answers: Sequence[Answer],
        apply: Callable[[Any, Answer], Outcome],
        answered: Answered,
    ) -> list[Outcome]:
        """Each of ``answers``' outcomes in turn from ``state`` (a fold: a saved fight resumed, an undo,
        an amendment), the same as ``apply`` gives them answer by answer, each round played once over
        its answers: handed as many as :data:`FOLD_MOST` at once, a round takes those that are its own
        at its prompts as a replay does (:meth:`ReplayRound.take`), played through (:meth:`ReplayRound.run`)
        with no greenlet to switch to and back at every answer (issue 21 item 2: the most of an answer's
        cost was the machinery's), and leaves the rest to the rounds after it. Where each answer's lines
        end is what the round counts as it asks for the next (:attr:`ReplayRound.marks`): each answer's
        state is the one ``apply`` gives, waiting at that prompt. The round the fold stops in (its last,
        or one that takes more than it was handed) is not kept waiting: the next answer, or the prompt
        asked of the last state, replays it from its start (:meth:`of`), as after an undo.

        A round that waits kept for a state the fold comes to (PAF keeps its next round at each round's
        end; a fold from the middle of a round) is not played again: it goes on from its prompt with
        the answer there (:meth:`Played.feed`), the answers after it handed it the same way (its
        ``st`` given them after those it took; put back as it was where the first is refused at its
        prompt, so it waits on for that state unchanged), and it is kept where it waits on.

        Args:
            apply: the ruleset's own, for an answer at a state whose fight is over (it refuses), or at
                one whose round takes no answer.
            answered: what the ruleset makes of an answer once its round has taken it (its ``apply``
                after :meth:`go_on`): ``answered(state, after, log, done)``, ``done`` the round it
                finished, else None.

        Raises:
            Refused: at the first answer that does not fit, as ``apply`` would.
        """
        out: list[Outcome] = []
        add = out.append
        places = self._places()
        i, n = 0, len(answers)
        while i < n:
            used = 0
            if state.result is None:  # else the fight is over: as apply has it (a refusal), below
                asked = places[0]
                place = 0 if asked is not None and asked[0] is state else 1  # as :meth:`_answered` looks
                kept = places[place]
                played = kept[1] if kept is not None and kept[0] is state else None
                first = len(state.inputs)
                if played is not None and played.waiting:
                    # a round waits kept for this state (PAF keeps its next round so; a fold from the middle of
                    # a round): it goes on from its prompt with the first answer, the rest handed it as above
                    rnd: Any = played.round
                    places[place] = None  # fed, it is no longer this state's round
                    # its inputs: those it took, then the first (taken at the prompt), then those handed it
                    st = rnd.st
                    rnd.st = waiting_at(st, tuple(rnd.taken) + tuple(answers[i : i + FOLD_MOST]), st.shown)
                    marks = rnd.marks = [state.shown]  # the first is taken at the prompt it waits at, uncounted
                    try:
                        played.feed(answers[i])
                    except Refused:
                        if played.waiting:  # refused at its prompt: nothing changed, it waits for this state still
                            rnd.st, rnd.marks = st, None
                            places[place] = (state, played)
                        raise
                    rnd.marks = None
                else:
                    # the state with the answers handed (``evolve(state, inputs=...)``, the cheaper way: a round a time)
                    rnd = self._make(waiting_at(state, state.inputs + tuple(answers[i : i + FOLD_MOST]), state.shown))
                    marks = rnd.marks = []
                    rnd.run()  # as far as its answers go: each of its own, or every one handed it
                    played = None
                used = rnd.i - first
            if not used:  # the fight is over, or its round took none (over by itself): as apply has it
                outcome = apply(state, answers[i])
                add(outcome)
                state = outcome.state
                i += 1
                continue
            taken, log = rnd.taken, rnd.log
            shown = state.shown
            for k in range(1, used):  # each answer it took but the last: it waited at the next prompt
                end = marks[k]
                # ``waiting_at(state, ...)``, written out: at every answer
                attrs = state.__dict__.copy()
                attrs["inputs"] = tuple(taken[: first + k])
                attrs["shown"] = end
                after = _new(state.__class__)
                _set(after, "__dict__", attrs)
                outcome = answered(state, after, tuple(log[shown:end]), None)
                add(outcome)
                state, shown = outcome.state, end
            lines = tuple(log[shown:])
            if rnd.done:
                outcome = answered(state, state, lines, rnd)
            else:  # it took every answer handed it and asks for more
                after = waiting_at(state, tuple(taken), len(log))
                if played is not None:  # it waits on, live: kept, as go_on keeps it
                    places[1] = (after, played)
                outcome = answered(state, after, lines, None)
            add(outcome)
            state = outcome.state
            i += used
        return out


class SceneRuleset(Ruleset):
    """The ruleset of a scene game: answers replayed through its round class.

    A subclass names its ``round_class`` (a :class:`ReplayRound` with ``log``,
    ``result``, ``f`` (each combatant's live numbers, with ``frozen()``) and ``phase``),
    its ``tables`` module (``TABLES``, its :class:`companion.tables.TablesFile`; ``load``, ``parse``) and
    the word for one of its combatants.
    """

    period_word = "round"
    has_odds = True
    has_tables = True
    scenes = True
    """A scene of many on two sides (``Setup.sides``), not one corner against another."""
    round_class: ClassVar[type]
    tables: ClassVar[Any]
    being_word: ClassVar[str] = "combatant"

    @cached_property
    def _rounds(self) -> Rounds:
        return Rounds(self.round_class)

    def tables_file(self) -> TablesFile[Any]:
        """The tables of the game's ``tables`` module (its ``TABLES``)."""
        tables: TablesFile[Any] = self.tables.TABLES
        return tables

    def run(self, state: Any) -> Any:
        """The round over the state's answers (the last two states' kept: :class:`Rounds`)."""
        return self._rounds.of(state)

    def prompt(self, state: Any) -> Prompt:
        if state.result is not None:
            return OverPrompt(state.result, self.period_word)
        need: Prompt | None = self.run(state).need
        assert need is not None
        return need

    def apply(self, state: Any, answer: Answer) -> Outcome:
        if state.result is not None:
            raise Refused("the scene is over")
        rnd, after, log = self._rounds.go_on(state, answer)
        return self.answered(state, after, log, rnd if rnd.done else None)

    def outcomes(self, state: Any, answers: Sequence[Answer]) -> list[Outcome]:
        """Each round played once over its answers (:meth:`Rounds.outcomes`)."""
        return self._rounds.outcomes(state, answers, self.apply, self.answered)

    def answered(self, state: Any, after: Any, log: tuple[str, ...], done: Any) -> Outcome:
        """What an answer at ``state`` comes to once its round has taken it (:meth:`apply`, a fold's
        :meth:`outcomes`): ``after``, the round waiting at its next prompt, and the lines ``log``; or,
        where it finished the round ``done``, the next round's state (the round's numbers frozen)."""
        if done is None:
            return Outcome(after, log)
        rnd = done
        fighters = tuple([f.frozen() for f in rnd.f])  # a list made whole, not a generator: at every round
        end = evolve(
            after,
            fighters=fighters,
            round=state.round + (rnd.result is None),
            inputs=(),
            shown=0,
            result=rnd.result,
            **self.round_end(rnd),
        )
        if rnd.result is None:
            log += (f"Round {state.round + 1}",)
        return Outcome(end, log)

    def round_end(self, rnd: Any) -> dict[str, Any]:
        """More of the state a finished round sets (none here)."""
        return {}

    def status(self, state: Any) -> str:
        if state.result is not None:
            return f"Round {state.result.period}: over"
        return f"Round {state.round}: {self.live(state).phase}"

    def live(self, state: Any) -> Any:
        """The round as far as its answers go."""
        return self.run(state) if state.result is None else self.round_class(evolve(state, inputs=()))

    reserved: ClassVar[tuple[str, ...]] = ()
    """Words of the prompts no combatant may be named (his key would read as the word)."""

    def begin(self, setup: Setup) -> tuple[Any, tuple[Any, ...], tuple[int, ...]]:
        """What every scene starts from: the tables in play (checked), the cards (each of this
        game, each name told apart from the others and from the prompts' words, each key in the
        tables), each one's side.

        Raises:
            ValueError: why the scene cannot start.
        """
        tables = self.tables.parse(setup.tables if setup.tables is not None else self.tables.load())
        cards = tuple(setup.fighters)
        sides = self.sides(setup, len(cards))
        who = self.being_word
        seen: dict[str, str] = {}
        for card in cards:
            if not isinstance(card, self.card_model):
                raise ValueError(f"{getattr(card, 'name', card)!r} is not a {self.short_title} card")
            name = card_name(card)
            key = slug(name)
            if key in seen:
                raise ValueError(
                    f"{name} and {seen[key]}: two {who}s the log and the targets could not "
                    "tell apart; give each a name of its own"
                )
            if key in self.reserved:
                raise ValueError(f"{name!r} cannot be a {who}'s name: it is a word of the prompts")
            seen[key] = name
        problems = [p for card in cards for p in self.card_check(card, tables)]
        if problems:
            raise ValueError("the scene cannot start:\n  " + "\n  ".join(problems))
        return tables, cards, sides

    most: ClassVar[int] = 8
    """The most combatants a scene takes (a game whose screens show more may raise it)."""
    copies: ClassVar[bool] = False
    """The same card may be in a scene several times (an NPC group), each copy numbered
    (:func:`number_copies`)."""

    def sides(self, setup: Setup, n: int) -> tuple[int, ...]:
        """Each combatant's side (design 6): 2 to :attr:`most` on two sides, each side at least one."""
        who = self.being_word
        if not 2 <= n <= self.most:
            raise ValueError(f"a {self.short_title} scene has 2 to {self.most} {who}s, not {n}")
        sides = tuple(getattr(setup, "sides", ()) or ())
        if not sides:
            if n != 2:
                raise ValueError(f"a scene of {n} needs each {who}'s side (0 red or 1 blue)")
            sides = (0, 1)
        if len(sides) != n or any(s not in (0, 1) for s in sides):
            raise ValueError(f"sides {list(sides)}: give one side, 0 (red) or 1 (blue), for each of the {n} {who}s")
        if len(set(sides)) != 2:
            raise ValueError(f"a scene needs at least one {who} on each side (red and blue)")
        return sides

    short_title: ClassVar[str]
    """The game in a word or two ("Fudge", "PAF")."""
