"""Properties of Fighters Only bouts over any sequence of stamped answers.

What every game keeps (a refusal changes nothing, the fold of the answers is the
live state, saving, undoing and redoing never change where the fight stands) is
checked for FO with the other games in tests/test_contract.py. Here, between
random cards, with any clock stamps: an answer that fits the prompt with a stamp
that runs forward inside the round is never refused, one stamped backwards or at
5:00 is (only the bell is taken then), stall only while the attacker holds the
dice (FO-8); FO's attacking time (FO-7) always adds up: never negative, never
more than the clock has run this round, never more than 5:00 in a finished
round, and equal to the time each side held the dice between the stamps; the
app's rolls with the bell rung now and then end every bout.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FO_WORDS
from tiers import examples

from companion.clock import mmss
from companion.dice import Refused, read_faces, roll_text
from companion.ruleset import Answer, ChoicePrompt, RollPrompt, Setup
from companion.rulesets.fo.cards import FoCard
from companion.rulesets.fo.rules import TWO_D6, rounds_won, scores
from companion.rulesets.fo.ruleset import RULESET
from companion.rulesets.fo.state import FoState
from companion.rulesets.fo.tables import ROUND_SECONDS
from companion.session import Session

SETTINGS = settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])

STATS = ("punch", "kick", "takedown", "block", "check", "td_defence", "gnp", "submission", "guard", "sub_defence")
EPS = 1e-6
"""Attacking time is a sum of float differences: compared to within a microsecond."""

# --- strategies ------------------------------------------------------------------

VOCAB = FO_WORDS
"""Typed answers: faces (fitting or not), choice keys and prefixes, stall, bell, roll and no answer."""


def decode(n: int, junk: list[str]) -> tuple[Any, ...]:
    """One step of play from one integer (far cheaper for hypothesis to draw than nested one_of).

    Returns (kind, code, stamp code): the kind of step, what picks its text,
    and what picks its clock stamp.
    """
    kind, n = n % 20, n // 20
    n = n * 2654435761 % 2**32  # spread the bits: hypothesis draws mostly small integers
    code, stamp = n % 65536, n >> 16
    if kind < 10 or kind == 19:
        return ("fit", code, stamp)  # fits whatever the prompt is then, stamped forward inside the round
    if kind == 10:
        return ("roll", code, stamp)  # the app rolls (or takes the advice), stamped forward
    if kind == 11:
        return ("stall", code, stamp)  # any stamp
    if kind == 12:
        return ("bell", code, stamp)  # any stamp
    if kind < 15 or (kind == 15 and not junk):
        return ("answer", VOCAB[code % len(VOCAB)], stamp)  # any stamp
    if kind == 15:
        return ("answer", junk[code % len(junk)], stamp)  # any text at all
    if kind == 16:
        return ("late", code, stamp)  # fitting text, but stamped backwards or at/after 5:00
    return ("undo",) if kind == 17 else ("redo",)


OPS = st.builds(
    lambda codes, junk: [decode(n, junk) for n in codes],
    st.integers(0, 150).flatmap(lambda n: st.lists(st.integers(0, 2**28), min_size=n, max_size=n)),
    st.lists(st.text(max_size=8), max_size=6),
)
"""Long enough to finish a bout (plain st.lists stays short: its lists average a handful)."""


def cards(name: str) -> st.SearchStrategy[FoCard]:
    stat = st.integers(1, 10)
    return st.builds(FoCard, name=st.just(name), **dict.fromkeys(STATS, stat))


SETUPS = st.builds(
    lambda red, blue, rounds, stall: Setup("fo", (red, blue), {"rounds": rounds, "stall_limit": stall}),
    cards("Red"),
    cards("Blue"),
    st.sampled_from([3, 5]),
    st.sampled_from([0, 10, 15, 20, 30, 45, 60]),
)


def forward(code: int, clock: float) -> float | None:
    """A stamp that fits: none (the latest reading), the latest reading again, or later inside the round."""
    mode, k = code % 8, code // 8
    if mode == 0:
        return None
    if mode == 1:
        return clock
    later = clock + k % 40 + (k // 40 % 8) / 8 * (mode % 2)
    return later if later < ROUND_SECONDS else clock


def late(code: int, clock: float) -> float:
    """A stamp that never fits: before the latest reading, or at or after 5:00."""
    mode, k = code % 4, code // 4
    if mode == 0:
        return clock - 0.001
    if mode == 1:
        return clock - 1 - (k % 90)
    if mode == 2:
        return ROUND_SECONDS
    return ROUND_SECONDS + 0.5 + (k % 1000)


def anystamp(code: int, clock: float) -> float | None:
    """Any stamp: forward, backwards or past the end of the round."""
    return forward(code // 2, clock) if code % 2 else late(code // 2, clock)


def fits_clock(stamp: float | None, clock: float) -> bool:
    return stamp is None or clock <= stamp < ROUND_SECONDS


def snapshot(session: Session) -> tuple[Any, ...]:
    return (session.state, session.prompt, session.log(), session.answers, list(session.redo_stack))


def fitting(prompt: Any, n: int) -> str:
    """Text that answers ``prompt``, chosen by ``n``, typed as a player might type it."""
    if isinstance(prompt, RollPrompt):
        a, b = roll_text(prompt.dice, random.Random(n)).split()
        return (f"{a} {b}", f"{a},{b}", f" {a}  {b} ", f"{a}, {b}")[n % 4]
    if isinstance(prompt, ChoicePrompt):
        key = prompt.options[n % len(prompt.options)].key
        text = key[: 1 + (n // 3) % len(key)]  # any unambiguous start of the key
        return text.upper() if n % 5 == 0 else text
    return ("3 4", "punch", "gnp")[n % 3]  # the fight is over: refused


def run(session: Session, ops: list[tuple[Any, ...]]) -> list[FoState]:
    """Apply ``ops``; every refusal must leave the session as it was, and every
    answer that fits must be accepted. Returns every state an accepted answer led to."""
    seen: list[FoState] = []
    for op in ops:
        if op[0] == "undo":
            session.undo()
            continue
        if op[0] == "redo":
            step = session.redo()
            if step is not None:
                seen.append(step.state)
            continue
        kind, code, stamp_code = op
        prompt, state = session.prompt, session.state
        over = prompt.kind == "over"
        if kind == "fit":
            text, clock = fitting(prompt, code), forward(stamp_code, state.clock)
        elif kind == "roll":
            text, clock = ("roll", "ROLL", " roll ")[code % 3], forward(stamp_code, state.clock)
        elif kind == "stall":
            text, clock = ("stall", "STALL", " Stall ")[code % 3], anystamp(stamp_code, state.clock)
        elif kind == "bell":
            text, clock = ("bell", "BELL", " bell ")[code % 3], anystamp(stamp_code, state.clock)
        elif kind == "late":
            text, clock = fitting(prompt, code), late(stamp_code, state.clock)
        else:
            text, clock = code, anystamp(stamp_code, state.clock)
        word = text.strip().lower()
        good_clock = fits_clock(clock, state.clock)
        before = snapshot(session)
        try:
            step = session.submit(text, clock=clock)
        except Refused as exc:
            assert exc.reason, "a refusal says why"
            assert snapshot(session) == before, f"refusing {text!r} @ {clock} changed the session"
            if not over:
                assert kind not in ("fit", "roll", "bell"), (
                    f"{text!r} @ {clock} fits {prompt} but was refused: {exc.reason}"
                )
                holds = state.step in ("choose", "attack", "defend")  # the attacker holds the dice (FO-8)
                assert not (kind == "stall" and good_clock and holds), f"stall @ {clock} refused: {exc.reason}"
            continue
        seen.append(step.state)
        assert not over, f"{text!r} accepted after the end"
        assert session.steps[-1] is step and session.redo_stack == []
        assert step.answer.clock == clock
        if word == "bell":
            if state.round < state.options.rounds:
                assert step.state.round == state.round + 1 and step.state.clock == 0 and step.state.result is None
            else:
                assert step.state.result is not None and step.state.result.method in ("decision", "draw")
                assert step.state.clock == ROUND_SECONDS
            assert len(step.state.rounds) == len(state.rounds) + 1
        else:
            assert good_clock, f"{text!r} accepted with stamp {clock} after a reading of {state.clock}"
            assert kind != "late"
            assert step.state.clock == (state.clock if clock is None else clock)
            assert step.state.round == state.round and step.state.rounds == state.rounds
        if word == "stall":
            assert state.step in ("choose", "attack", "defend"), f"stall accepted at {state.step}"
            assert step.state.attacker == 1 - state.attacker and step.state.step == "choose" and not step.state.ground
        if word == "roll":
            # ruling D-6: the app's roll (or advised choice) is recorded as the text a player would type
            assert step.answer.virtual
            if isinstance(prompt, RollPrompt):
                read_faces(prompt.dice, step.answer.text)
            else:
                assert step.answer.text == prompt.advised
            assert RULESET.apply(state, Answer(step.answer.text, clock=clock)).state == step.state
        else:
            assert not step.answer.virtual and step.answer.text == text.strip()
    return seen


def check_times(state: FoState) -> None:
    """The attacking-time invariants of one state (FO-7)."""
    red, blue = state.attack_seconds
    assert red >= 0 and blue >= 0, state.attack_seconds
    assert 0 <= state.clock <= ROUND_SECONDS
    assert red + blue <= state.clock + EPS, f"{state.attack_seconds} attacking by {state.clock}"
    if state.result is None and state.step != "rolloff":
        assert state.since <= state.clock
        assert red + blue <= state.since + EPS  # banked only up to when the dice last passed
    decided = state.result is not None and state.result.method in ("decision", "draw")
    assert len(state.rounds) == state.round - 1 + decided
    assert len(state.rounds) <= state.options.rounds
    if decided:
        assert state.round == state.options.rounds and state.clock == ROUND_SECONDS
        assert state.rounds[-1] == state.attack_seconds
    for r, b in state.rounds:
        assert r >= 0 and b >= 0 and r + b <= ROUND_SECONDS + EPS, (r, b)
        card = scores(((r, b),))
        assert card in ((10, 9), (9, 10), (10, 10))
        assert card == ((10, 10) if r == b else (10, 9) if r > b else (9, 10)), (r, b, card)
    assert scores(state.rounds) == points(state.rounds)
    won = rounds_won(state.rounds)
    assert won == (sum(r > b for r, b in state.rounds), sum(b > r for r, b in state.rounds))


def points(rounds: tuple[tuple[float, float], ...]) -> tuple[int, int]:
    """The score cards counted here: 10-9 to more attacking time in a round, 10-10 when equal (FO-7)."""
    red = sum(10 if r >= b else 9 for r, b in rounds)
    blue = sum(10 if b >= r else 9 for r, b in rounds)
    return red, blue


def holder(state: FoState) -> int | None:
    """Who is attacking while the clock runs after ``state``: nobody in the roll-off or after the end."""
    if state.result is not None or state.step == "rolloff":
        return None
    return state.attacker


# --- properties --------------------------------------------------------------------


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_attacking_time_adds_up(setup, ops, seed) -> None:
    """Property 5 (FO-7): in every state reached, including those later undone, attacking
    time is never negative, never more than the clock has run this round (5:00 after the
    bell), each finished round's pair is at most 5:00 and scores 10-9 or 10-10. Along the
    live answers it equals a plain count: each stretch between two readings of the clock
    (to 5:00 at the bell) goes to whoever held the dice during it."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    for state in run(session, ops):
        check_times(state)

    state = RULESET.new(setup)
    check_times(state)
    reading, held, finished = 0.0, [0.0, 0.0], []
    for step in session.steps:
        bell = step.answer.text.strip().lower() == "bell"
        until = ROUND_SECONDS if bell else (reading if step.answer.clock is None else step.answer.clock)
        assert until >= reading
        side = holder(state)
        if side is not None:
            held[side] += until - reading
        state = step.state
        check_times(state)
        if bell:
            finished.append(tuple(held))
            if state.result is None:  # the next round: the clock and the count start again
                reading, held = 0.0, [0.0, 0.0]
            else:  # the last bell: the fight ends at 5:00 with the round's count
                reading = ROUND_SECONDS
        else:
            reading = until
        assert state.clock == reading
        live = RULESET.live_attack_seconds(state, reading)  # banked, plus the holder's time since the dice passed
        assert math.isclose(live[0], held[0], abs_tol=EPS), (live, held)
        assert math.isclose(live[1], held[1], abs_tol=EPS), (live, held)
        assert len(state.rounds) == len(finished)
        for got, want in zip(state.rounds, finished):
            assert math.isclose(got[0], want[0], abs_tol=EPS) and math.isclose(got[1], want[1], abs_tol=EPS)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=SETUPS,
    seed=st.integers(0, 2**16),
    every=st.integers(1, 60),
    paces=st.lists(st.integers(0, 30), min_size=1, max_size=20),
)
def test_rolling_every_prompt_with_a_bell_every_n_answers_ends_every_fight(setup, seed, every, paces) -> None:
    """Property 6: 'roll' at every prompt (the advised attack at every choice) with the bell
    rung every ``every`` answers ends the fight within rounds x ``every`` answers."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    rounds = setup.options["rounds"]
    limit = rounds * every
    count = 0
    while not session.over:
        assert count < limit, f"not over after {count} answers, a bell every {every}"
        count += 1
        prompt, state = session.prompt, session.state
        if count % every == 0:
            session.submit("bell", clock=ROUND_SECONDS)
            continue
        clock = state.clock + paces[count % len(paces)]
        step = session.submit("roll", clock=clock if clock < ROUND_SECONDS else None)
        assert step.answer.virtual
        if isinstance(prompt, ChoicePrompt):
            assert prompt.advised in [o.key for o in prompt.options] and step.answer.text == prompt.advised
        else:
            read_faces(TWO_D6, step.answer.text)
    state, result = session.state, session.prompt.result
    check_times(state)
    names = setup.names
    assert result.method in ("ko", "tko", "submission", "decision", "draw")
    assert 1 <= result.period <= rounds and result.period == state.round
    if result.method in ("decision", "draw"):
        assert count % every == 0 and len(state.rounds) == rounds
        assert (result.time, result.fight_time) == ("5:00", f"{5 * rounds}:00")
        won = (sum(r > b for r, b in state.rounds), sum(b > r for r, b in state.rounds))
        card = points(state.rounds)
        if result.method == "draw":
            assert won[0] == won[1] and result.winner is None and result.loser is None
        else:
            w = 0 if won[0] > won[1] else 1
            assert won[w] > won[1 - w]
            assert (result.winner, result.loser) == (names[w], names[1 - w])
            assert result.detail == f"{card[w]}-{card[1 - w]}"
    else:
        assert result.winner in names and {result.winner, result.loser} == set(names)
        assert len(state.rounds) == state.round - 1
        whole = int(state.clock)
        assert result.time == mmss(state.clock)
        assert result.fight_time == f"{5 * (state.round - 1) + whole // 60}:{whole % 60:02d}"
    after = snapshot(session)
    for text in ("roll", "bell", "stall", "3 4", "punch"):
        try:
            session.submit(text, clock=0.0)
        except Refused:
            pass
        else:
            raise AssertionError(f"{text!r} accepted after the end")
    assert snapshot(session) == after


@pytest.mark.parametrize("stamp", [math.nan, math.inf, -math.inf])
def test_a_stamp_that_is_not_a_time_is_refused(stamp) -> None:
    """Property 1 with a stamp no clock shows: refused, nothing changes. (NaN used to pass both
    clock checks in Fo.apply, since NaN < x and NaN >= 300 are both False; after it the clock
    no longer ran forward, and a finish raised ValueError from int(nan).)"""
    red = FoCard(name="Red", **dict.fromkeys(STATS, 7))
    blue = FoCard(name="Blue", **dict.fromkeys(STATS, 7))
    session = Session(RULESET, Setup("fo", (red, blue), {}))
    session.submit("1 2", clock=10.0)
    for text in ("3 4", "roll"):  # the roll-off's second roll
        before = snapshot(session)
        try:
            session.submit(text, clock=stamp)
        except Refused as exc:
            assert exc.reason
        else:
            raise AssertionError(f"{text!r} stamped {stamp} was accepted")
        assert snapshot(session) == before
    session.submit("3 4", clock=20.0)
    assert session.prompt.kind == "choice"
    for text in ("punch", "stall", "p"):
        before = snapshot(session)
        try:
            session.submit(text, clock=stamp)
        except Refused:
            pass
        else:
            raise AssertionError(f"{text!r} stamped {stamp} was accepted")
        assert snapshot(session) == before
    session.submit("bell", clock=ROUND_SECONDS)
    assert session.state.round == 2 and session.state.rounds == ((280.0, 0.0),)  # Red held the dice from 0:20
