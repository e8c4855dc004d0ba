"""Checks every game's property tests make of a session after random play:
folding its answers gives the live state, and undo all then redo all gives
the same fight. Both take the ruleset, so NHB and FO share one copy."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from companion.dice import Refused
from companion.session import Session, fold


def assert_fold_is_the_live_state(ruleset: Any, setup: Any, session: Session) -> None:
    steps = fold(ruleset, ruleset.new(setup), session.answers)
    assert [s.answer for s in steps] == session.answers
    assert (steps[-1].state if steps else ruleset.new(setup)) == session.state
    assert [line for s in steps for line in s.log] == [line for line, _ in session.log()]
    for mine, folded in zip(session.steps, steps):
        assert mine.state == folded.state


def assert_undo_all_redo_all_round_trips(ruleset: Any, setup: Any, session: Session) -> None:
    state, prompt, log, answers = session.state, session.prompt, session.log(), session.answers
    pending = list(session.redo_stack)
    n = len(answers)
    for i in range(n):
        assert session.undo() == answers[n - 1 - i]
    assert session.undo() is None
    assert session.state == ruleset.new(setup) and session.log() == []
    assert session.redo_stack == pending + answers[::-1]
    for i in range(n):
        assert session.redo().answer == answers[i]  # a redone answer keeps its clock stamp too
    assert (session.state, session.prompt, session.log(), session.answers) == (state, prompt, log, answers)
    assert session.redo_stack == pending


def decode(n: int, junk: list[str], vocab: list[str]) -> tuple[Any, ...]:
    """One step of play from one integer (far cheaper for hypothesis to draw than nested one_of)."""
    kind, n = n % 20, n // 20
    n = n * 2654435761 % 2**32  # spread the bits: hypothesis draws mostly small integers
    if kind < 11:
        return ("fit", n)  # fits whatever the prompt is then, typed in any allowed form
    if kind == 11:
        return ("roll", n)  # the app answers
    if kind < 14:
        return ("wrong", n)  # made to be refused at whatever the prompt is then
    if kind < 16 or (kind == 16 and not junk):
        return ("answer", vocab[n % len(vocab)])
    if kind == 16:
        return ("answer", junk[n % len(junk)])  # any text at all
    return ("undo",) if kind < 19 else ("redo",)


def play_steps(vocab: list[str], most: int) -> Any:
    """A hypothesis strategy: up to ``most`` steps of play (:func:`decode`), long enough to finish
    many fights (plain st.lists stays short: its lists average a handful)."""
    from hypothesis import strategies as st

    return st.builds(
        lambda codes, junk: [decode(n, junk, vocab) for n in codes],
        st.integers(0, most).flatmap(lambda n: st.lists(st.integers(0, 2**28), min_size=n, max_size=n)),
        st.lists(st.text(max_size=10), max_size=6),
    )


def snapshot(session: Session) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (session.state, session.prompt, session.log(), session.answers, list(session.redo_stack))


def apply_ops(
    session: Session,
    ops: list[tuple[Any, ...]],
    *,
    fitting: Callable[[Any, random.Random], str],
    wrong: Callable[[Any, random.Random], str],
    after: Callable[[Any, Any], None],
) -> None:
    """Play ``ops`` (:func:`decode`'s steps) on ``session``: nothing but Refused escapes from
    submit, a refusal says why and changes nothing, an answer that fits is accepted, one made to
    be wrong is refused, nothing is accepted after the end, the app's own "roll" is marked
    virtual and fits; ``after(state before, state after)`` checks each accepted step and redo."""
    from companion.dice import Refused, read_faces
    from companion.ruleset import ChoicePrompt, RollPrompt

    for op in ops:
        if op[0] == "undo":
            session.undo()
            continue
        if op[0] == "redo":
            before = session.state
            step = session.redo()
            if step is not None:
                after(before, step.state)
            continue
        kind, code = op
        rng = random.Random(code)
        prompt, state = session.prompt, session.state
        over = prompt.kind == "over"
        if kind == "fit" and not over:
            text = fitting(prompt, rng)
        elif kind in ("fit", "wrong"):
            text = wrong(prompt, rng)
        elif kind == "roll":
            text = rng.choice(["roll", "ROLL", " roll "])
        else:
            text = code
        before = snapshot(session)
        try:
            step = session.submit(text)
        except Refused as exc:
            assert exc.reason, "a refusal says why"
            assert snapshot(session) == before, f"refusing {text!r} changed the session"
            assert over or kind not in ("fit", "roll"), f"{text!r} fits {prompt} but was refused: {exc.reason}"
            continue
        assert not over, f"{text!r} accepted after the end"
        assert kind != "wrong", f"{text!r} was made to be refused at {prompt} but was accepted"
        assert session.steps[-1] is step and session.redo_stack == []
        is_roll = text.strip().lower() == "roll"
        assert step.answer.virtual == is_roll, (text, step.answer)
        if is_roll and isinstance(prompt, RollPrompt):
            read_faces(prompt.dice, step.answer.text)
        if is_roll and isinstance(prompt, ChoicePrompt):
            assert prompt.find(step.answer.text) is not None
        after(state, step.state)


def assert_resumes_as_it_was(
    ruleset: Any, setup: Any, directory: Any, seed: int, play: Callable[[Session], None]
) -> None:
    """A fight started in a store in ``directory``, played by ``play`` and the store closed, resumes
    from a fresh store as it was: setup, answers, state, prompt, log, redo, trackers and status."""
    from companion.session import resume, start
    from companion.store import Store

    store = Store.open(directory)
    session = start(store, ruleset, setup, rng=random.Random(seed))
    play(session)
    store.close()
    again = Store.open(directory)
    try:
        resumed = resume(again, session.id)
        assert resumed.setup == setup
        assert resumed.answers == session.answers
        assert resumed.state == session.state
        assert resumed.prompt == session.prompt
        assert resumed.log() == session.log()
        assert resumed.redo_stack == session.redo_stack
        assert ruleset.trackers(resumed.state) == ruleset.trackers(session.state)
        (row,) = again.sessions()
        assert row.status == ("over" if session.over else "open")
    finally:
        again.close()


def assert_wrong_answers_change_nothing(
    ruleset: Any,
    setup: Any,
    seed: int,
    steps: int,
    tries: int,
    *,
    fitting: Callable[[Any, random.Random], str],
    wrong: Callable[[Any, random.Random], str],
) -> None:
    """Play ``steps`` fitting answers (never the GM's end), then answers made to be wrong there:
    each is refused with a reason and nothing changes."""
    rng = random.Random(seed)
    session = Session(ruleset, setup, rng=random.Random(seed))
    for _ in range(steps):
        if session.over:
            break
        session.submit(fitting(session.prompt, rng))
    for _ in range(tries):
        before = snapshot(session)
        text = wrong(session.prompt, rng)
        with pytest.raises(Refused) as refused:
            session.submit(text)
        assert refused.value.reason
        assert snapshot(session) == before, f"refusing {text!r} changed the session"


def fitting_choice(prompt: Any, rng: random.Random, *, no_end: bool = False) -> str:
    """A choice prompt's answer that must be accepted: a key or an unambiguous start of it (upper
    case now and then); with ``no_end`` never the GM's end, where there is another."""
    options = [o for o in prompt.options if not (no_end and o.key == "end")] or list(prompt.options)
    key = rng.choice(options).key
    names = [
        key[:i] for i in range(1, len(key) + 1) if prompt.find(key[:i]) is not None and prompt.find(key[:i]).key == key
    ]
    text = rng.choice(names)
    return text.upper() if rng.random() < 0.2 else text
