"""Properties of sessions over any sequence of answers, on NHB.

A fight is a log of answers (shared/DESIGN.md): whatever is typed, a session
either accepts it or refuses it (ruling D-5) and nothing else happens; the live
state is always the fold of the answers; saving, undoing and redoing never
change where the fight stands.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

pytest.register_assert_rewrite("session_checks")

import session_checks

from companion.dice import Kind, Refused, read_faces, roll_text
from companion.ruleset import Answer, ChoicePrompt, RollPrompt, Setup
from companion.rulesets.nhb import RULESET, NhbCard
from companion.session import Session, resume, start
from companion.store import Store

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- strategies ------------------------------------------------------------------

VOCAB = (
    [str(n) for n in range(22)]  # d10 (0-10) and d20 (1-20) faces, and faces no die here has
    + ["00", "010", "-1", "4 6", "6 0", "4 10", "0 6", "7 3", "1 2 3", "5,5", "2.5", "1d6", "²", "9" * 50]
    + ["standup", "ground", "s", "g", "st", "gr", "GROUND", " ground ", "stand", "grounded", "sg", "+ - 0 +"]
    + ["roll", "ROLL", " roll ", "roll 5", "", " ", "#", "undo"]
)
"""Typed answers: fitting, out of range, choices where rolls are asked, and no answer at all."""


def decode(n: int, junk: list[str]) -> tuple[Any, ...]:
    """One step of play from one integer (far cheaper for hypothesis to draw than nested one_of)."""
    kind, n = n % 10, n // 10
    if kind < 5:
        return ("fit", n)  # an answer that fits whatever the prompt is then
    if kind < 7 or (kind == 7 and not junk):
        return ("answer", VOCAB[n % len(VOCAB)])
    if kind == 7:
        return ("answer", junk[n % len(junk)])  # any text at all
    return ("undo",) if kind == 8 else ("redo",)


OPS = st.builds(
    lambda codes, junk: [decode(n, junk) for n in codes],
    st.integers(0, 120).flatmap(lambda n: st.lists(st.integers(0, 2**20), min_size=n, max_size=n)),
    st.lists(st.text(max_size=8), max_size=6),
)
"""Long enough to finish a bout (plain st.lists stays short: its lists average a handful)."""


def cards(name: str) -> st.SearchStrategy[NhbCard]:
    rating = st.integers(1, 20)
    tenth = st.integers(1, 10)
    return st.builds(
        NhbCard,
        name=st.just(name),
        control=rating,
        standup=rating,
        ground=rating,
        finishing=tenth,
        toughness=tenth,
        ground_chart=st.sampled_from([None, "striker", "hybrid", "submission"]),
        sub_chart=st.sampled_from([None, "generic", "wrestling", "jiu-jitsu"]),
    )


SETUPS = st.builds(
    lambda red, blue, segments, die, exact: Setup(
        "nhb", (red, blue), {"segments": segments, "fight_die": die, "exact_time": exact}
    ),
    cards("Red"),
    cards("Blue"),
    st.integers(1, 5),
    st.sampled_from(["d20", "d10!"]),
    st.booleans(),
)


def snapshot(session: Session) -> tuple[Any, ...]:
    return (session.state, session.prompt, session.log(), session.answers, list(session.redo_stack))


def fitting(prompt: Any, n: int) -> str:
    """Text that answers ``prompt``, chosen by ``n``, typed as a player might type it."""
    if isinstance(prompt, RollPrompt):
        text = roll_text(prompt.dice, random.Random(n))
        if text == "10" and prompt.dice.dice[0].kind == Kind.D10 and n % 2:
            return "0"  # a d10's 0 face is 10 (ruling D-1)
        return text
    if isinstance(prompt, ChoicePrompt):
        key = prompt.options[n % len(prompt.options)].key
        return key[: 1 + n % len(key)]  # any unambiguous start of the key
    return str(n % 11)  # the fight is over: refused


def run(session: Session, ops: list[tuple[str, ...]]) -> tuple[int, int]:
    """Apply ``ops``; every refusal must leave the session as it was. Returns (accepted, refused)."""
    accepted = refused = 0
    for op in ops:
        if op[0] == "undo":
            session.undo()
            continue
        if op[0] == "redo":
            session.redo()
            continue
        prompt = session.prompt
        text = op[1] if op[0] == "answer" else fitting(prompt, op[1])
        before = snapshot(session)
        try:
            step = session.submit(text)
        except Refused as exc:
            refused += 1
            assert exc.reason, "a refusal says why"
            assert snapshot(session) == before
            assert op[0] != "fit" or prompt.kind == "over", f"{text!r} fits {prompt} but was refused: {exc.reason}"
            continue
        accepted += 1
        assert session.steps[-1] is step and session.redo_stack == []
        if text.strip().lower() == "roll":
            # ruling D-6: the app's roll (or choice) is recorded as the text a player would type, marked virtual
            assert step.answer.virtual
            if isinstance(prompt, RollPrompt):
                read_faces(prompt.dice, step.answer.text)
            else:
                assert step.answer.text in [o.key for o in prompt.options]
            assert RULESET.apply(before[0], Answer(step.answer.text)).state == step.state
        else:
            assert not step.answer.virtual and step.answer.text == text.strip()
    return accepted, refused


# --- properties --------------------------------------------------------------------


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_any_answers_are_accepted_or_refused_and_a_refusal_changes_nothing(setup, ops, seed) -> None:
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(session, ops)  # anything but Refused escaping from submit fails the test


@settings(max_examples=examples(100), deadline=None)
@given(setup=SETUPS, seed=st.integers(0, 2**16))
def test_rolling_every_die_always_ends_the_fight(setup, seed) -> None:
    """'roll' at every roll prompt and the advised (else first) place at every choice ends every bout."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    for _ in range(2000):
        if session.over:
            break
        prompt = session.prompt
        if isinstance(prompt, RollPrompt):
            session.submit("roll")
        else:
            step = session.submit("roll")  # the app chooses: the advised place, else at random
            assert step.answer.virtual and step.answer.text in [o.key for o in prompt.options]
            if prompt.advised:
                assert step.answer.text == prompt.advised
    assert session.over
    result = session.prompt.result
    assert result.method in ("ko", "tko", "submission", "decision", "draw")
    assert 1 <= result.period <= setup.options["segments"]
    with_refusal = snapshot(session)
    for text in ("roll", "5", "ground"):
        try:
            session.submit(text)
        except Refused:
            pass
        else:
            raise AssertionError(f"{text!r} accepted after the end")
    assert snapshot(session) == with_refusal


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_the_fold_of_the_answers_is_the_live_state(setup, ops, seed) -> None:
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(session, ops)
    session_checks.assert_fold_is_the_live_state(RULESET, setup, session)


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_undo_all_then_redo_all_gives_the_same_fight(setup, ops, seed) -> None:
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(session, ops)
    session_checks.assert_undo_all_redo_all_round_trips(RULESET, setup, session)


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_save_and_reload_gives_the_same_fight(tmp_path_factory, setup, ops, seed) -> None:
    directory = Path(tempfile.mkdtemp(dir=tmp_path_factory.getbasetemp()))
    store = Store.open(directory)
    session = start(store, RULESET, setup, rng=random.Random(seed))
    run(session, ops)
    store.close()

    again = Store.open(directory)
    try:
        assert again.notice is None
        resumed = resume(again, session.id)
        assert resumed.answers == session.answers  # text, virtual flag and clock
        assert resumed.state == session.state
        assert resumed.prompt == session.prompt
        assert resumed.log() == session.log()
        assert resumed.redo_stack == session.redo_stack
        (row,) = again.sessions()
        assert row.status == ("over" if session.over else "open")
        assert row.result == (session.prompt.result.to_json() if session.over else None)
        assert row.answers == len(session.answers)
    finally:
        again.close()
