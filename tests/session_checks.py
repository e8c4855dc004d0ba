"""Random play for the property tests: steps of play drawn as integers (:func:`play_steps`,
:func:`decode`), what a refusal must leave as it was (:func:`snapshot`), and one play loop
(:func:`apply_ops`) with the checks every answer gets. The contract suite (tests/test_contract.py)
plays every game with them; a game's own property tests add its rules' invariants (``after``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.session import Session


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
    fitting: Callable[[Any, random.Random], Any],
    wrong: Callable[[Any, random.Random], Any],
    after: Callable[[Any, Any], None] | None = None,
) -> None:
    """Play ``ops`` (:func:`decode`'s steps) on ``session``. ``fitting(prompt, rng)`` and ``wrong(prompt,
    rng)`` give the text typed (or an answer with ``text`` and ``clock``, the round clock's stamp).

    Nothing but Refused escapes from submit; a refusal says why and changes nothing; an answer that
    fits (or the app's roll) is accepted, one made to be wrong is refused, nothing is accepted after the
    end; an accepted answer is recorded as typed with its stamp, the app's "roll" as the text a player
    would type for it (the same text typed gives the same step), marked virtual (D-6). ``after(state
    before, state after)`` checks each accepted step and redo."""
    from companion.dice import Refused
    from companion.ruleset import Answer

    for op in ops:
        if op[0] == "undo":
            session.undo()
            continue
        if op[0] == "redo":
            before = session.state
            step = session.redo()
            if step is not None and after is not None:
                after(before, step.state)
            continue
        kind, code = op
        rng = random.Random(code)
        prompt, state = session.prompt, session.state
        over = prompt.kind == "over"
        if kind == "fit" and not over:
            typed = fitting(prompt, rng)
        elif kind in ("fit", "wrong"):
            typed = wrong(prompt, rng)
        elif kind == "roll":
            typed = rng.choice(["roll", "ROLL", " roll "])
        else:
            typed = code
        text, clock = (typed, None) if isinstance(typed, str) else (typed.text, typed.clock)
        shown = f"{text!r}" + ("" if clock is None else f" @ {clock}")
        before, steps_before = snapshot(session), len(session.steps)
        try:
            step = session.submit(text, clock=clock)
        except Refused as exc:
            assert exc.reason, "a refusal says why"
            assert snapshot(session) == before, f"refusing {shown} changed the session"
            assert over or kind not in ("fit", "roll"), f"{shown} fits {prompt} but was refused: {exc.reason}"
            continue
        assert not over, f"{shown} accepted after the end"
        assert kind != "wrong", f"{shown} was made to be refused at {prompt} but was accepted"
        assert session.steps[-1] is step and session.redo_stack == []
        assert step.answer.clock == clock, (shown, step.answer)
        word = text.strip().lower()
        if word == "roll":
            assert step.answer.virtual and step.answer.text.strip().lower() != "roll", (shown, step.answer)
            typed_again = session.ruleset.apply(state, Answer(step.answer.text, clock=clock))
            assert typed_again == (step.state, step.log), (
                f"the app's roll {step.answer.text!r} typed gives another step"
            )
        elif len(session.steps) - steps_before > 1:  # an exploding die typed in one go ("10 4"): a die an answer
            taken = session.steps[steps_before:]
            assert [each.answer.text for each in taken] == text.split(), (shown, [each.answer for each in taken])
        elif "roll" not in word:  # (a Cage Match corner's "red=roll" is the app's pick for that corner only)
            assert not step.answer.virtual and step.answer.text == text.strip(), (shown, step.answer)
        if after is not None:
            after(state, step.state)
