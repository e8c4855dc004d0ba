"""What the scene games share from the core (companion.replay, issue 20): the GM's modifier read
once for every game, within the game's limit, and the state every scene keeps between rounds."""

from __future__ import annotations

import dataclasses

import pytest

from companion.dice import Refused
from companion.replay import GmModifier, GmModifiers, SceneState
from companion.ruleset import Answer, evolve

SMALL = GmModifiers(10, "gm +1 uphill, gm -2 in the dark")
LARGE = GmModifiers(100, "gm +5 tree in the way, gm -10 asleep on watch")


def refusal(reader: GmModifiers, text: str) -> str:
    with pytest.raises(Refused) as caught:
        reader.read(text)
    return caught.value.reason


def test_a_gm_modifier_is_gm_a_signed_number_and_its_reason() -> None:
    assert SMALL.read("gm +1 uphill") == GmModifier(1, "uphill")
    assert SMALL.read("  GM - 3   in   the dark ") == GmModifier(-3, "in the dark")
    assert LARGE.read("gm 100 " + "x" * 80) == GmModifier(100, "x" * 60)  # the reason as the log keeps it
    assert SMALL.read("gmork") is None and SMALL.read("grapple") is None and SMALL.read("3 4") is None
    form = "a GM's modifier is gm, a number and its reason: gm +1 uphill, gm -2 in the dark"
    assert refusal(SMALL, "gm +1") == f"{form} (the reason is logged with it: say why)"
    assert refusal(SMALL, "gm uphill") == form


def test_the_limit_and_the_digits_are_the_games() -> None:
    assert refusal(SMALL, "gm 0 tree").endswith("(from -10 to +10, not 0)")
    assert refusal(SMALL, "gm -11 tree").endswith("(from -10 to +10, not 0)")
    assert refusal(SMALL, "gm +100 tree").endswith("-2 in the dark")  # three digits: not the form at all
    assert LARGE.read("gm -100 tree") == GmModifier(-100, "tree")
    assert refusal(LARGE, "gm +101 tree").endswith("(from -100 to +100, not 0)")
    assert refusal(LARGE, "gm +1000 tree").endswith("gm -10 asleep on watch")


def test_both_scene_games_read_the_gm_through_the_core() -> None:
    from companion.rulesets.fudge import state as fudge
    from companion.rulesets.paf import round as paf

    assert (fudge.GM_MODIFIERS.most, paf.GM_MODIFIERS.most) == (10, 100)
    assert fudge.read_gm("gm +1 uphill") == paf.read_gm("gm +1 uphill") == GmModifier(1, "uphill")


def test_a_scene_state_is_the_cores_with_the_games_own_fields() -> None:
    from companion.rulesets.fudge.state import FudgeState
    from companion.rulesets.paf.state import PafState

    @dataclasses.dataclass(frozen=True)
    class DuelState(SceneState[dict[str, int], dict[str, int], int]):
        duelists: tuple[str, ...] = dataclasses.field(kw_only=True)

    state = DuelState({}, {}, (3, 4), duelists=("Anna", "Boris"))
    assert (state.round, state.inputs, state.shown, state.result) == (1, (), 0, None)
    later = evolve(state, round=2, inputs=("3",))
    assert (
        later.duelists == ("Anna", "Boris") and later.fighters == (3, 4) and (later.round, later.inputs) == (2, ("3",))
    )
    assert issubclass(FudgeState, SceneState) and issubclass(PafState, SceneState)
    core = [f.name for f in dataclasses.fields(SceneState)]
    for game in (FudgeState, PafState):
        assert [f.name for f in dataclasses.fields(game)][: len(core)] == core


# --- rounds kept waiting at their prompt (issue 21) -------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Tally:
    inputs: tuple[object, ...] = ()
    shown: int = 0


class _Counting:
    """A round that asks for words for ever, counting how often it is played from its start."""

    started = 0
    ended = 0

    def __init__(self, st: _Tally) -> None:
        from companion.replay import ReplayRound

        class Round(ReplayRound):
            def __init__(self, st: _Tally) -> None:
                self.st, self.taken, self.log = st, [], []

            def read(self, prompt: object, text: str) -> object:
                if text == "no":
                    raise Refused("not that")
                return text

            def play(self) -> None:
                _Counting.started += 1
                try:
                    while True:
                        self.log.append(self.take(lambda: "say a word"))
                except BaseException:
                    _Counting.ended += 1
                    raise

        self.round = Round(st)


def test_a_waiting_round_goes_on_and_one_let_go_is_freed() -> None:
    """A round goes on from its prompt with each answer (played from its start once); a refusal
    leaves it waiting; a round let go while it waits is ended at its prompt (GreenletExit) and freed,
    not kept for ever by its own waiting frame."""
    import gc
    import weakref

    from companion.replay import Played, Rounds

    rounds = Rounds(lambda st: _Counting(st).round)
    state = _Tally()
    _Counting.started = _Counting.ended = 0
    for word in ("a", "b", "c"):
        played = rounds.answered(state, Answer(word))
        state = _Tally(tuple(played.round.taken))
        rounds.keep(state, played)
        assert rounds.of(state) is played.round
    assert _Counting.started == 1 and played.round.log == ["a", "b", "c"]
    with pytest.raises(Refused):
        rounds.answered(state, Answer("no"))
    assert rounds.answered(state, Answer("d")).round is played.round and _Counting.started == 1

    made = [Played(_Counting(_Tally()).round) for _ in range(50)]
    alive = [weakref.ref(p.round) for p in made]
    del made, played
    gc.collect()
    assert sum(ref() is not None for ref in alive) == 0
    assert _Counting.ended >= 50


def test_a_preview_leaves_the_waiting_round_to_enter() -> None:
    """Session.check previews an answer on a copy of the state: the round kept waiting for the fight's
    state is left for submit, which goes on from it rather than replaying the round (issue 21)."""
    import random

    from companion.cards import load_roster
    from companion.ruleset import Setup
    from companion.rulesets.fudge.ruleset import RULESET
    from companion.session import Session

    roster = load_roster("fudge", RULESET.card_model)
    session = Session(RULESET, Setup("fudge", tuple(roster.cards[:2])), rng=random.Random(1))
    session.roll()
    kept = RULESET.run(session.state)
    prompt = session.prompt
    typed = prompt.advised if getattr(prompt, "advised", None) else "0 0 0 0"
    session.check(typed)
    session.check(typed)
    assert RULESET.run(session.state) is kept  # the previews took nothing
    session.submit(typed)
    assert RULESET.run(session.state) is kept  # Enter went on from it: the same round, further on
