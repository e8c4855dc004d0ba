"""Checks every game's property tests make of a session after random play:
folding its answers gives the live state, and undo all then redo all gives
the same fight. Both take the ruleset, so NHB and FO share one copy."""

from __future__ import annotations

from typing import Any

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
