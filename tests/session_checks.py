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
