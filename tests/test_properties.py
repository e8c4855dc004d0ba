"""Properties of NHB bouts between random cards.

What every game keeps (whatever is typed, a session accepts it or refuses it and
nothing else happens, ruling D-5; the live state is the fold of the answers;
saving, undoing and redoing never change where the fight stands) is checked for
NHB with the other games in tests/test_contract.py. Here: the app's own rolls
end every bout, however the cards are rated.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

pytest.register_assert_rewrite("session_checks")

from session_checks import snapshot

from companion.dice import Refused
from companion.ruleset import RollPrompt, Setup
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET
from companion.session import Session

# --- strategies ------------------------------------------------------------------


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


# --- properties --------------------------------------------------------------------


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
