"""A session: a fight's setup plus the answers given so far, folded.

Undo drops the last answer, redo puts it back; saving stores each answer the
moment it is accepted; resuming folds the stored answers again
(docs/design.md). Screens hold a session and watch it; they never change a
fight's state any other way.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, TypeVar

from companion.dice import Refused, roll_text
from companion.reader import read
from companion.ruleset import (
    Answer,
    ChoicePrompt,
    Outcome,
    OverPrompt,
    Prompt,
    RollPrompt,
    Ruleset,
    SecretPrompt,
    Setup,
    TimedRuleset,
)
from companion.store import SavedAmendment, StoreError, answer_of_row

ROLL_WORD = "roll"
"""Typed as an answer, asks the app to roll the prompted dice (ruling D-6)."""

T = TypeVar("T")


class Step(NamedTuple):
    """One accepted answer, the state it led to and what it logged (a named tuple:
    one is kept per answer)."""

    answer: Answer
    state: Any
    log: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Amendment:
    """A past answer changed (issue 23): the fight folded again from it, the later answers that
    still fit kept, the first that no longer fits asked again.

    Answers are numbered for the player from 1 (:attr:`number`), as the fight screen's list of
    answers and ``companion script``'s ``amend N TEXT`` count them; :attr:`index` is the answer's
    place in :attr:`Session.answers` (from 0), as the store keeps it.
    """

    index: int
    who: str
    """Who answered it: the fighter the prompt was for, or both corners at a secret choice."""
    at: float
    """When it was amended (wall clock, seconds since the epoch)."""
    old: Answer
    given: tuple[Answer, ...]
    """What the new text gave: one answer, or one a die for an exploding die typed in one go."""
    kept: int
    """How many of the later answers still fit and were kept."""
    before: tuple[Answer, ...]
    """The answers from :attr:`index` on as they were: the old one, the kept, the dropped."""
    redo: tuple[Answer, ...] = ()
    """The redo stack as it was (undoing the amendment gives it back)."""
    id: int | None = None
    """Its id in the store (None for a fight not saved)."""
    chained: int = 0
    """The old answer's own exploding dice after it (``10`` then ``4`` amended to ``7``): they went
    with it, neither kept nor dropped."""
    skipped: tuple[int, ...] = ()
    """The later answers dropped although an answer after them was kept, by their place among the
    later answers (from 0, after :attr:`chained`): those between an answer that no longer fit and
    a clock event after it that still applies (FO's bell, :meth:`Ruleset.clock_event`), which is
    kept with the answers after it that still fit."""

    @property
    def number(self) -> int:
        """The answer's number as the player counts them (from 1)."""
        return self.index + 1

    @property
    def new(self) -> str:
        """The new text as taken (``7``; ``10 4`` for an exploding die typed in one go)."""
        return " ".join(answer.text for answer in self.given)

    @property
    def later(self) -> tuple[Answer, ...]:
        """The answers after the amended one (and its own exploding dice) as they were."""
        return self.before[1 + self.chained :]

    @property
    def reach(self) -> int:
        """How many of :attr:`later` the kept ones reach to (the kept and the skipped among them)."""
        return self.kept + len(self.skipped)

    def kept_at(self, place: int) -> int | None:
        """Where later answer ``place`` (from 0) stands among the kept (from 0), or None if dropped."""
        if place >= self.reach or place in self.skipped:
            return None
        return place - sum(1 for skip in self.skipped if skip < place)

    def moved(self) -> dict[int, int]:
        """Where each answer from :attr:`index` on stands after the amendment, old place to new (from 0), those
        dropped left out: the amended answer's last die to the last of the new text's, each later answer
        kept to its place among the kept. What follows an answer (the round clock set by hand after it)
        moves with it (the review)."""
        index, given = self.index, len(self.given)
        out = {index + self.chained: index + given - 1}
        start = index + 1 + self.chained
        for place in range(len(self.later)):
            kept = self.kept_at(place)
            if kept is not None:
                out[start + place] = index + given + kept
        return out

    def split(self, later: Sequence[T]) -> tuple[list[T], list[T]]:
        """``later``, one item for each of :attr:`later` in order (the answers, or their words), as the
        amendment split them: the kept, in order, and the dropped (those :attr:`skipped`, then the rest)."""
        reach, skipped = self.reach, self.skipped
        kept = [item for place, item in enumerate(later[:reach]) if place not in skipped]
        return kept, [later[place] for place in skipped] + list(later[reach:])

    @property
    def kept_answers(self) -> tuple[Answer, ...]:
        return tuple(self.split(self.later)[0])

    @property
    def dropped(self) -> tuple[Answer, ...]:
        """The later answers that no longer fit, in order: those :attr:`skipped` for a clock event
        that still applies, then the rest, the first of which is asked again. Undoing the amendment
        gives them back; they are also kept in the store's record of it."""
        return tuple(self.split(self.later)[1])

    @property
    def asks_again(self) -> bool:
        """Whether an answer no longer fits at the end of what was kept: its prompt is asked again."""
        return len(self.later) > self.reach


def asked(prompt: Prompt) -> tuple[Any, ...]:
    """What a prompt asks, for telling whether an answer still fits it after an amendment: the
    kind, who, the dice (and whether it is an exploding die's next one), the reason and the
    choices; not the modifiers or the target, which an amended roll before it may change."""
    if isinstance(prompt, RollPrompt):
        return ("roll", prompt.who, prompt.side, prompt.dice.notation, prompt.reason, prompt.running is None)
    if isinstance(prompt, ChoicePrompt):
        return ("choice", prompt.who, prompt.side, prompt.reason, tuple(o.key for o in prompt.options))
    if isinstance(prompt, SecretPrompt):
        return ("secret", prompt.position, tuple((s.who, tuple(o.key for o in s.options)) for s in prompt.sides))
    return (prompt.kind,)


def _continues(prompt: Prompt) -> bool:
    """Whether ``prompt`` asks for an exploding die's next face (the answer before it exploded)."""
    return isinstance(prompt, RollPrompt) and prompt.running is not None


class CorruptSave(Exception):
    """A stored fight whose answers no longer fold (edited or damaged)."""


class NotSaved(Refused):
    """An answer (an undo, a redo) the store could not save (a full disk, a read-only or locked
    store, another app's write): refused with the reason, and the fight is unchanged."""


@contextmanager
def _saving() -> Iterator[None]:
    try:
        yield
    except StoreError as exc:
        raise NotSaved(f"not saved, so not taken: {exc}") from None


def fold(ruleset: Ruleset, start: Any, answers: Iterable[Answer]) -> list[Step]:
    """Apply ``answers`` in order from ``start`` (the ruleset's :meth:`~companion.ruleset.Ruleset.outcomes`);
    ``Refused`` at the first that does not fit."""
    given = answers if isinstance(answers, list) else list(answers)
    # each step made from its tuple straight (not through the named tuple's ``__new__``, a Python
    # function): one an answer, and a fold is many
    return [
        _TUPLE_NEW(Step, (answer, state, log)) for answer, (state, log) in zip(given, ruleset.outcomes(start, given))
    ]


_TUPLE_NEW = tuple.__new__


class Session:
    """One fight in play.

    Args:
        ruleset: the game.
        setup: the fighters and options.
        rng: the generator for virtual rolls (seeded for reproducible scripts).
        store: where each accepted answer is saved, or None.
        session_id: the stored session's id when ``store`` is given.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        setup: Setup,
        *,
        rng: random.Random | None = None,
        store: Any = None,
        session_id: int | None = None,
    ) -> None:
        if setup.sides and setup.sides != (0, 1) and not ruleset.scenes:
            raise ValueError(f"{ruleset.title} is one fighter against another, red against blue")
        self.ruleset = ruleset
        self.setup = setup
        self.start = ruleset.new(setup)
        self.steps: list[Step] = []
        self.redo_stack: list[Answer] = []
        """Undone answers, the next to redo last."""
        self.rng = rng or random.Random()
        self.store = store
        self.id = session_id
        self._watchers: list[Callable[[Session], None]] = []
        self._prompt: tuple[Any, Prompt] | None = None
        self._closed = False
        self.amendments: list[Amendment] = []
        """The fight's amendments (issue 23), oldest first; one undone is taken out."""
        self._chosen: tuple[Step, ChoicePrompt] | None = None
        """The latest choice the app made (:meth:`roll`) and its prompt: what the play-by-play says the
        app chose (:func:`companion.amending.app_did`) without asking the ruleset for a past prompt,
        which in a scene game would let go of the round kept for the prompt in play."""
        self._amended: tuple[Amendment, Step] | None = None
        """The latest amendment with the last step it left: undo takes it back while that step is
        still the last and nothing waits to be redone (nothing was done since)."""
        self._under: list[Amendment] = []
        """The amendments undo reaches after the latest, the next last: each was still undoable when
        the one after it was made (play-testing backlog: undo walks back through amendments in order)."""

    # --- reading -------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.start

    @property
    def prompt(self) -> Prompt:
        """The current prompt (kept per state: screens ask for it many times a change)."""
        state = self.state
        cached = self._prompt
        if cached is None or cached[0] is not state:
            cached = self._prompt = (state, self.ruleset.prompt(state))
        return cached[1]

    @property
    def over(self) -> bool:
        return self.prompt.kind == "over"

    @property
    def answers(self) -> list[Answer]:
        return [s.answer for s in self.steps]

    def log(self) -> list[tuple[str, bool]]:
        """Every log line so far; the first line of a virtual roll's step is marked True."""
        return [(line, step.answer.virtual and i == 0) for step in self.steps for i, line in enumerate(step.log)]

    def watch(self, callback: Callable[[Session], None]) -> None:
        """Call ``callback`` after every change (answer, undo, redo)."""
        self._watchers.append(callback)

    def unwatch(self, callback: Callable[[Session], None]) -> None:
        if callback in self._watchers:
            self._watchers.remove(callback)

    # --- changing ------------------------------------------------------------

    def stall_due_by(self, clock: float | None) -> float | None:
        """The reading at which the round clock turns the dice over by itself (FO-8) before an
        answer stamped ``clock`` is given: the attacker's hold began where the dice came to him
        (:meth:`TimedRuleset.hold_began`: FO's choice of attack is no roll, so it does not restart
        the count), and the fight screen's clock gives ``stall`` once he has held them longer than
        the game's stall limit (:meth:`TimedRuleset.stall_due`), stamped at the limit; None where it
        does not (no stamp, no round clock, the limit off or not passed, nobody holding the dice).
        An answer stamped exactly at the limit comes before the stall: a hold of the limit is not
        longer than it.

        ``companion script`` and plain mode read stamped answers with it, so a line stamped past
        the limit meets the prompt the app would have asked by then (the new-user trial: ``@0:10
        2 2`` then ``@0:50 punch`` took a punch held 40 seconds). The fold itself never stalls: a
        fight played on the screen may hold answers stamped further apart than the limit with no
        stall between them (an undo restarts the count: "putting a mistake right never turns the dice
        over by itself", docs/decisions.md), and it must fold again as it was played; where such a
        fight's latest answer already came past the limit, the stall is stamped at that answer.
        """
        ruleset = self.ruleset
        if clock is None or not isinstance(ruleset, TimedRuleset) or self.over:
            return None
        state = self.state
        since = ruleset.hold_began(state)
        limit = ruleset.stall_limit(state)
        if not limit or not ruleset.stall_due(state, clock - since):
            return None
        if ruleset.round_seconds is not None and since + limit >= ruleset.round_seconds:
            return None  # the bell rings first (FO-7)
        return max(since + limit, ruleset.clock_reading(state))

    def submit(self, text: str, *, virtual: bool = False, clock: float | None = None) -> Step:
        """Give the answer ``text`` to the current prompt.

        ``roll`` asks the app to roll the prompted dice. The answer is saved
        before this returns.

        Raises:
            Refused: the answer does not fit; nothing changes (ruling D-5).
        """
        text = text.strip()
        prompt = self.prompt
        if isinstance(prompt, SecretPrompt) and not virtual:
            text, virtual = prompt.fill(text, self.rng)  # "red=roll": the app picks for that corner
        elif text.lower() == ROLL_WORD and not virtual:
            return self.roll(clock=clock)
        exploded = None if virtual else self._exploded(text)
        if exploded is not None:
            self._fold(exploded, clock)  # all or nothing: a die refused stores none of them
            return [self.submit(part, clock=clock) for part in exploded][-1]  # one answer a die
        # the one reader, once: a refusal says what fits, in the words the tray's preview says; the
        # ruleset takes what it read
        answer = Answer(text, virtual, clock, read(prompt, text))
        outcome = self.ruleset.apply(self.state, answer)
        step = Step(answer, outcome.state, outcome.log)
        if self.store is not None:
            after = self.ruleset.prompt(step.state)
            with _saving():  # the answer and, if it ends the fight, the result: one transaction
                self.store.append(self.id, len(self.steps), answer, _result_of(after))
            self._prompt = (step.state, after)
        self.steps.append(step)
        self.redo_stack.clear()
        self._changed()
        return step

    def check(self, text: str, *, clock: float | None = None) -> Outcome:
        """What ``text`` would do at the current prompt, done to nothing: the outcome, or Refused
        with the reason :meth:`submit` would give. The dice tray previews an answer through this,
        so what it shows as taken is what Enter takes (issue 21); a ruleset is pure, so this
        changes nothing."""
        text = text.strip()
        prompt = self.prompt
        if text.lower() == ROLL_WORD:
            if isinstance(prompt, OverPrompt):
                raise Refused("the fight is over")  # as roll() says
            return Outcome(self.state)  # the app rolls: not the typed text's to say
        if isinstance(prompt, SecretPrompt):
            # a corner given as "roll" is picked as submit picks it, with a copy of the generator: the
            # preview draws nothing the fight's own next pick would draw
            text, _ = prompt.fill(text, copy.copy(self.rng))
        exploded = self._exploded(text)
        # a copy: equal, but nothing is kept for it, so the round kept waiting at this state's prompt
        # (companion.replay.Played) is left for submit to go on from, not used up by the preview
        state = copy.copy(self.state)
        if exploded is not None:
            return self._fold(exploded, clock, state)
        return self.ruleset.apply(state, Answer(text, False, clock, read(prompt, text)))  # read as submit reads it

    def _exploded(self, text: str) -> list[str] | None:
        """An exploding die typed in one go, ``10 4`` (issue 21): the faces, each but the last the
        die's top face, to answer in turn; None for anything else (read as typed)."""
        prompt = self.prompt
        faces = text.split()
        if not isinstance(prompt, RollPrompt) or len(prompt.dice.dice) != 1 or len(faces) < 2:
            return None
        die = prompt.dice.dice[0]
        if not die.explodes:
            return None
        for face in faces[:-1]:
            try:
                if die.read(face) != die.sides:
                    return None
            except Refused:
                return None
        return faces

    def _fold(self, texts: list[str], clock: float | None, state: Any = None) -> Outcome:
        """The answers ``texts`` in turn on the pure ruleset from ``state`` (the current one by
        default): the last outcome with every line logged, or Refused with the first refusal
        (nothing is changed either way)."""
        state, lines = self.state if state is None else state, list[str]()
        for text in texts:
            outcome = self.ruleset.apply(state, Answer(text, False, clock))
            state, lines = outcome.state, lines + list(outcome.log)
        return Outcome(state, tuple(lines))

    def roll(self, *, clock: float | None = None) -> Step:
        """Let the app answer for the player (ruling D-6): roll the prompted dice,
        or at a choice take the advised option, and choose at random where none
        is advised (NHB: "you can choose randomly")."""
        prompt = self.prompt
        if isinstance(prompt, RollPrompt):
            text = roll_text(prompt.dice, self.rng)
        elif isinstance(prompt, ChoicePrompt):
            text = prompt.advised or self.rng.choice(prompt.options).key
        elif isinstance(prompt, SecretPrompt):
            text, _ = prompt.fill(ROLL_WORD, self.rng)  # a random move each, never advice
        else:
            raise Refused("the fight is over")
        step = self.submit(text, virtual=True, clock=clock)
        if isinstance(prompt, ChoicePrompt):
            self._chosen = (step, prompt)
        return step

    def chosen_at(self, index: int) -> ChoicePrompt | None:
        """The prompt of answer ``index`` if it is the latest choice the app made (:meth:`roll`)."""
        chosen = self._chosen
        if chosen is not None and 0 <= index < len(self.steps) and self.steps[index] is chosen[0]:
            return chosen[1]
        return None

    def undo(self) -> Answer | None:
        """Drop the last answer; it can be redone. None when there is nothing to undo."""
        amended = self.amended
        if amended is not None:
            return self._unamend(amended)
        if not self.steps:
            return None
        if self.store is not None:
            with _saving():
                self.store.undo(self.id, len(self.steps) - 1)
        step = self.steps.pop()
        self.redo_stack.append(step.answer)
        self._changed()
        return step.answer

    def redo(self) -> Step | None:
        """Give the last undone answer again. None when there is nothing to redo."""
        if not self.redo_stack:
            return None
        answer = self.redo_stack[-1]
        outcome = self.ruleset.apply(self.state, answer)
        step = Step(answer, outcome.state, outcome.log)
        if self.store is not None:
            after = self.ruleset.prompt(step.state)
            with _saving():
                self.store.redo(self.id, len(self.steps), _result_of(after))
            self._prompt = (step.state, after)
        self.redo_stack.pop()
        self.steps.append(step)
        self._changed()
        return step

    def replay(self, answers: Iterable[Answer], redo: Iterable[Answer] = ()) -> None:
        """Fold stored ``answers`` (resume); ``CorruptSave`` if one does not fit."""
        try:
            self.steps = fold(self.ruleset, self.start, answers)
        except Refused as exc:
            raise CorruptSave(f"a saved answer no longer fits the game: {exc.reason}") from exc
        except Exception as exc:  # a damaged value (e.g. an answer stored as a blob) is a corrupt save too
            raise CorruptSave(f"a saved answer cannot be replayed: {type(exc).__name__}: {exc}") from exc
        self.redo_stack = list(redo)
        self._changed()

    # --- amending a past answer (issue 23) -------------------------------------

    @property
    def amended(self) -> Amendment | None:
        """The amendment undo takes back now: the latest, when nothing was done since it."""
        pending = self._amended
        if pending is None or self.redo_stack or not self.steps or self.steps[-1] is not pending[1]:
            return None
        return pending[0]

    def before(self, index: int) -> Session:
        """This fight as it was before answer ``index`` (from 0), a copy neither saved nor watched:
        its prompt is what that answer answered, and its :meth:`check` previews a text amending it."""
        scratch = Session(self.ruleset, self.setup, rng=self.rng)
        scratch.start = self.start
        scratch.steps = self.steps[: max(0, index)]
        return scratch

    def amend(self, index: int, text: str) -> Amendment:
        """Give ``text`` in place of answer ``index`` (from 0, as in :attr:`answers`; the player's
        number less one) and fold the fight again from it.

        The text is read as :meth:`submit` reads it at that answer's prompt (``roll`` has the app
        roll; an exploding die may be typed in one go). Each later answer is kept while it still
        fits: its prompt asks what it asked when it was typed (:func:`asked`) and the answer is
        still accepted there. The first that does not fit is asked again, and it and those after
        it are dropped (:attr:`Amendment.dropped`). The redo stack is emptied; all of it is saved
        in one transaction with the amendment's record, and :meth:`undo` right after gives the
        fight back as it was.

        Raises:
            Refused: no such answer, the text does not fit the prompt (the reader's own reason), it
                is the answer already, or it could not be saved; nothing changes.
        """
        steps = self.steps
        under = self.amended  # undoable now: undo reaches it again once this one is taken back
        if not 0 <= index < len(steps):
            if not steps:
                raise Refused("there is no answer to amend yet")
            raise Refused(f"there is no answer {index + 1}: the answers are numbered 1 to {len(steps)}")
        old = steps[index].answer
        # submit reads the text on a copy exactly as it reads it at the table, and this fight is
        # changed only once all of it is saved
        scratch = self.before(index)
        then = scratch.prompt
        scratch.submit(text, clock=old.clock)
        given = tuple(step.answer for step in scratch.steps[index:])
        if [a.text for a in given] == [old.text]:
            raise Refused(f"answer {index + 1} is {old.text} already")
        kept = 0
        first = index + 1
        while first < len(steps) and _continues(self.ruleset.prompt(steps[first - 1].state)):
            first += 1  # the old answer's own exploding dice go with it (it may not explode now)
        skipped: list[int] = []
        j = first
        while j < len(steps):
            answer = steps[j].answer.typed()  # read again where it is given now
            # the same question (the prompt asks what it asked), and the answer still fits (e.g. focus
            # not spent): kept; else it is asked again
            outcome = None
            if asked(self.ruleset.prompt(steps[j - 1].state)) == asked(scratch.prompt):
                with suppress(Refused):
                    outcome = self.ruleset.apply(scratch.state, answer)
            if outcome is None:
                # the clock ran on whatever the dice said: a clock event after it (FO's bell, FO-7) still
                # applies, with the answers after it that still fit; those between are dropped
                at = next((k for k in range(j, len(steps)) if self.ruleset.clock_event(steps[k].answer)), None)
                if at is None:
                    break
                answer = steps[at].answer.typed()
                try:
                    outcome = self.ruleset.apply(scratch.state, answer)
                except Refused:
                    break  # it no longer applies (the fight is over before it): dropped, said by the summary
                skipped += range(j - first, at - first)
                j = at
            scratch.steps.append(Step(answer, outcome.state, outcome.log))
            kept += 1
            j += 1
        amendment = Amendment(
            index,
            _who(then),
            time.time(),
            old,
            given,
            kept,
            tuple(step.answer for step in steps[index:]),
            tuple(self.redo_stack),
            chained=first - index - 1,
            skipped=tuple(skipped),
        )
        if self.store is not None:
            after = self.ruleset.prompt(scratch.state)
            with _saving():  # the answers, the fight's state and the record: one transaction
                row = self.store.amend(
                    self.id,
                    index,
                    [step.answer for step in scratch.steps[index:]],
                    _result_of(after),
                    who=amendment.who,
                    at=amendment.at,
                    old=old.text,
                    new=amendment.new,
                    before=list(amendment.before),
                    redo=list(amendment.redo),
                    kept=kept,
                    chained=amendment.chained,
                    skipped=amendment.skipped,
                    follows=under.id if under is not None else None,
                )
            amendment = replace(amendment, id=row)
            self._move_clock_marks(amendment.moved(), steps, scratch.steps)
        self.steps = scratch.steps
        self.redo_stack = []
        self.amendments.append(amendment)
        self._under = [*self._under, under] if under is not None else []
        self._amended = (amendment, self.steps[-1])
        self._changed()
        return amendment

    def _move_clock_marks(self, moves: dict[int, int], was: list[Step], now: list[Step]) -> None:
        """The round clock's marks kept after the answers ``moves`` moves (old place to new, from 0; ``was``
        and ``now``, the steps before and after) follow them: an amendment skipping answers before a kept
        bell, or retyping the answer a mark follows, no longer leaves them behind (the review). Not saved
        (a full disk): they stay where they were, as before."""
        move = getattr(self.store, "move_clock_marks", None)
        if move is None or self.id is None:
            return
        pairs: dict[tuple[int, tuple[str, float | None]], tuple[int, tuple[str, float | None]]] = {}
        for old, new in moves.items():
            if old < len(was) and new < len(now):
                a, b = was[old].answer, now[new].answer
                if (old, a.text, a.clock) != (new, b.text, b.clock):
                    pairs[(old + 1, (a.text, a.clock))] = (new + 1, (b.text, b.clock))
        if pairs:
            with suppress(StoreError):
                move(self.id, pairs)

    def _unamend(self, amendment: Amendment) -> Answer:
        """Undo ``amendment``: the answers from it on and the redo stack as they were before it."""
        index = amendment.index
        base = self.steps[:index]
        try:
            steps = base + fold(self.ruleset, base[-1].state if base else self.start, amendment.before)
        except Refused as exc:  # they were folded before the amendment: cannot happen with this ruleset
            raise Refused(f"the amendment cannot be undone: {exc.reason}") from exc
        if self.store is not None and amendment.id is not None:
            after = self.ruleset.prompt(steps[-1].state)
            with _saving():
                self.store.unamend(
                    self.id, amendment.id, index, list(amendment.before), list(amendment.redo), _result_of(after)
                )
            self._move_clock_marks({new: old for old, new in amendment.moved().items()}, self.steps, steps)
        self.steps = steps
        self.redo_stack = list(amendment.redo)
        if amendment in self.amendments:
            self.amendments.remove(amendment)
        # the fight is as the amendment before left it: the next undo takes that one back
        self._amended = (self._under.pop(), self.steps[-1]) if self._under and self.steps else None
        self._changed()
        return amendment.given[0]

    def recall(self, saved: list[SavedAmendment]) -> None:
        """The stored amendments of a fight resumed; the last is undoable if nothing was done since,
        and after it, in turn, each it was made right after (its record's ``follows``), while not
        taken back."""
        by_id: dict[int, Amendment] = {}
        follows: dict[int, int] = {}
        undoable: Amendment | None = None
        for record in saved:
            try:
                amendment = Amendment(
                    record.seq,
                    record.who,
                    record.at,
                    answer_of_row(record.record["before"][0]),
                    tuple(answer_of_row(row) for row in record.record["given"]),
                    int(record.record["kept"]),
                    tuple(answer_of_row(row) for row in record.record["before"]),
                    tuple(answer_of_row(row) for row in record.record["redo"]),
                    record.id,
                    int(record.record.get("chained", 0)),  # none in a record made before it was kept
                    tuple(int(place) for place in record.record.get("skipped", ())),  # none before clock events
                )
            except (KeyError, IndexError, TypeError, ValueError):
                continue  # a damaged record: the fight itself folds; this amendment is no longer undoable
            self.amendments.append(amendment)
            by_id[record.id] = amendment
            before = record.record.get("follows")
            if isinstance(before, int):
                follows[record.id] = before
            if record.undoable and self.steps:
                undoable = amendment
        if undoable is not None:
            self._amended = (undoable, self.steps[-1])
            # the amendments undo reaches after it: each it was made right after, the nearest last
            under: list[Amendment] = []
            at = follows.get(undoable.id) if undoable.id is not None else None
            while at is not None and at in by_id and len(under) < len(by_id):
                under.insert(0, by_id[at])
                at = follows.get(at)
            self._under = under

    @property
    def unanswered(self) -> bool:
        """Nothing answered yet, nor undone, nor amended: the fight is as it began."""
        return not self.steps and not self.redo_stack and not self.amendments

    def close(self) -> None:
        """Let go of the fight in the store (another app may then open it); a fight left with
        nothing answered is not kept (:meth:`companion.store.Store.drop_unanswered`)."""
        if self.store is not None and self.id is not None and not self._closed:
            self._closed = True
            drop = getattr(self.store, "drop_unanswered", None)
            if self.unanswered and drop is not None:
                drop(self.id)
            self.store.release(self.id)

    def _changed(self) -> None:
        for callback in list(self._watchers):
            callback(self)


def _who(prompt: Prompt) -> str:
    """Who answers ``prompt``: its fighter, or both corners' names at a secret choice."""
    if isinstance(prompt, SecretPrompt):
        return " and ".join(side.who for side in prompt.sides)
    return str(getattr(prompt, "who", ""))


def _result_of(prompt: Prompt) -> dict[str, Any] | None:
    """The result to store with an answer: the fight's, if the answer ended it."""
    return prompt.result.to_json() if prompt.kind == "over" else None


# --- saved sessions ------------------------------------------------------------


def setup_to_json(setup: Setup) -> dict[str, Any]:
    """The setup as stored: cards are copied in, so a fight resumes even if its card file changed."""
    data: dict[str, Any] = {
        "game": setup.game,
        "fighters": [card.model_dump(mode="json", exclude_none=True) for card in setup.fighters],
        "options": dict(setup.options),
    }
    if setup.tables is not None:
        data["tables"] = setup.tables
    if setup.sides:
        data["sides"] = list(setup.sides)
    return data


def setup_from_json(data: dict[str, Any]) -> Setup:
    """Read a stored setup; ``CorruptSave`` saying what is wrong."""
    from companion.ruleset import get_ruleset

    try:
        ruleset = get_ruleset(data["game"])
        cards = tuple(_card_of(ruleset, card, i) for i, card in enumerate(data["fighters"], start=1))
        options = dict(data.get("options", {}))
        tables = data.get("tables")
        if tables is not None and not isinstance(tables, dict):
            raise ValueError("its tables are not a mapping")
        sides = tuple(data.get("sides", ()))
        if any(side not in (0, 1) for side in sides) or (sides and len(sides) != len(cards)):
            raise ValueError(f"its sides {list(sides)} are not one 0 (red) or 1 (blue) per fighter")
    except Exception as exc:  # any damage to the stored JSON is a corrupt save
        raise CorruptSave(f"the saved setup cannot be read: {exc}") from exc
    return Setup(data["game"], cards, options, tables, sides)


def _card_of(ruleset: Ruleset, card: Any, number: int) -> Any:
    """A stored card read by its game's model; ValueError saying each problem as ``companion
    fighters check`` says it (the field, what was given, what is allowed), not pydantic's text."""
    from pydantic import ValidationError

    from companion.cards import card_problems

    try:
        return ruleset.card_model.model_validate(card)
    except ValidationError as exc:
        given = card.get("name") if isinstance(card, dict) else None
        name = given if isinstance(given, str) else f"#{number}"
        problems = card_problems(exc, ruleset.card_model, "its setup", name)
        raise ValueError("; ".join(str(problem).removeprefix("its setup: ") for problem in problems)) from None


def title_of(setup: Setup) -> str:
    """``Royce Gracie vs Ken Shamrock``; a scene: ``A & B vs C & D & E``."""
    if not setup.sides:
        return " vs ".join(setup.names)
    return " vs ".join(" & ".join(n for i, n in enumerate(setup.names) if setup.side_of(i) == side) for side in (0, 1))


def start(store: Any, ruleset: Ruleset, setup: Setup, rng: random.Random | None = None) -> Session:
    """A new fight, saved in ``store`` from its first answer on."""
    session = Session(ruleset, setup, rng=rng, store=store)  # new() refuses a bad setup before anything is saved
    # a fight over at its start (a side that comes in out) is stored finished, with its result
    session.id = store.create(setup.game, setup_to_json(setup), title_of(setup), _result_of(session.prompt))
    store.claim(session.id)
    return session


def resume(store: Any, session_id: int, rng: random.Random | None = None) -> Session:
    """A saved fight, folded to where it was; ``CorruptSave`` if it cannot be."""
    from companion.ruleset import get_ruleset

    store.claim(session_id)  # FightOpenElsewhere: another app has it open
    try:
        try:
            game, data, live, redo = store.load(session_id)
        except (KeyError, ValueError) as exc:
            raise CorruptSave(str(exc.args[0]) if exc.args else str(exc)) from exc  # a KeyError's str quotes it
        setup = setup_from_json(data)
        try:
            session = Session(get_ruleset(game), setup, rng=rng, store=store, session_id=session_id)
        except (KeyError, ValueError) as exc:
            raise CorruptSave(f"the saved setup cannot be used: {exc}") from exc
        session.replay(live, redo)
        recorded = getattr(store, "amendments", None)
        if recorded is not None:
            session.recall(recorded(session_id))
    except BaseException:
        store.release(session_id)
        raise
    if (store.status(session_id) == "over") != session.over:
        # the fight's log says whether it is over: a fight saved by an earlier companion that was
        # killed between its last answer and marking it over is put right here
        with suppress(StoreError):  # read-only, full: the list stays as it was; the fight itself is right
            store.finish(session_id, _result_of(session.prompt))
    return session
