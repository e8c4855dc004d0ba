"""A fold plays each round once over its answers (issue 21 item 2: :meth:`companion.replay.Rounds.outcomes`),
and says what the same answers say applied one by one.

A saved fight resumed, an undo and an amendment fold a fight's answers from a state. The games whose
rounds are replayed (Cage Match's turns, Fudge's and PAF's rounds) hand a round as many answers as it
can take at once, and it takes its own as a replay does, at its prompts, counting where each answer's
lines end: no switch to the round's greenlet and back at every answer. Checked here, for each of those
games: seeded fights the app rolls itself (a GM's modifier, ``end`` and the choices typed now and then),
folded so and applied one by one on a ruleset of its own, say the same at every step (the state, the
log, the prompt after it); with a round handed fewer answers than it takes (it is handed them again
with the next ones); from a state in the middle of a round (its round kept, or not); with an answer
that does not fit in the middle (the same refusal); and the answer after a fold that stops in a round
says what it says one by one.
"""

from __future__ import annotations

import random
import re
import shlex
from typing import Any

import pytest

from companion import cli, replay
from companion.dice import Refused, roll_text
from companion.ruleset import Answer, ChoicePrompt, RollPrompt, SecretPrompt, get_ruleset
from companion.session import Session, fold

ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")

FIGHTS = {
    "cage_match": ["", "--option first_fight=true", "--option table_end=decision --option muscle_spill=true"],
    "fudge": [
        "",
        '--fighters tests/golden/fudge_cards.yaml --red "Hal Brandt" --blue "Bors Holt" --blue "Bors Holt" '
        '--blue "Kit Swale" --option health_rolls=on --option hit_location=on',
        '--fighters tests/golden/fudge_cards.yaml --red "Kit Swale" --red "Ada Fenn" --blue "Hal Brandt" '
        '--blue "Vera Lund" --option armor_pd=on --option aim=on --option all_out_attack=on --option reloading=on '
        "--option empty_the_clip=on",
    ],
    "paf": ["", "--fighters tests/golden/paf_cards.yaml"],
}
"""Each game's fights: the cast and options after ``companion script GAME``."""


def played(game: str, args: str, seed: int, most: int = 300) -> Session:
    """A fight the app rolls itself, seeded, with the table's own words typed now and then: a choice
    not the advised one, a GM's modifier at a roll that takes one, ``end`` (rarely)."""
    argv = ["script", game, *shlex.split(args)]
    session = cli.session_for(get_ruleset(game), cli.build_parser().parse_args(argv))
    rng = session.rng = random.Random(seed)
    while not session.over and len(session.answers) < most:
        asked = session.prompt
        words = {word.key for word in getattr(asked, "also", ())}
        text: str | None = None
        dice = rng.random()
        if dice < 0.004 and "end" in words:
            text = "end"
        elif isinstance(asked, RollPrompt) and dice < 0.08 and "gm" in words:
            text = f"gm {rng.choice(['+1', '-2'])} uphill"
        elif isinstance(asked, RollPrompt) and dice < 0.5:
            text = roll_text(asked.dice, rng)
        elif isinstance(asked, ChoicePrompt) and dice < 0.4:
            text = rng.choice(asked.options).key
        try:
            session.roll() if text is None or isinstance(asked, SecretPrompt) else session.submit(text)
        except Refused:
            session.roll()
    return session


def said(ruleset: Any, steps: list[Any]) -> list[tuple[str, tuple[str, ...], str]]:
    """What each step says: its state (no object's address), its log, the prompt after it."""
    return [(ADDRESS.sub("", repr(step.state)), step.log, repr(ruleset.prompt(step.state))) for step in steps]


def one_by_one(game: str, start: Any, answers: list[Answer]) -> list[tuple[str, tuple[str, ...], str]]:
    """The answers applied one by one (no fold), on a ruleset of their own."""
    ruleset = type(get_ruleset(game))()
    state, out = start, []
    for answer in answers:
        state, log = ruleset.apply(state, answer)
        out.append((ADDRESS.sub("", repr(state)), log, repr(ruleset.prompt(state))))
    return out


def saved(session: Session) -> list[Answer]:
    """The fight's answers as a save gives them back: the text, read again where folded."""
    return [answer.typed() for answer in session.answers]


CASES = [(game, args) for game, fights in FIGHTS.items() for args in fights]


@pytest.mark.parametrize(("game", "args"), CASES)
def test_a_fold_says_what_the_answers_say_one_by_one(game: str, args: str) -> None:
    rounds = 0
    for seed in range(8):
        session = played(game, args, seed)
        answers = saved(session)
        ruleset = type(get_ruleset(game))()
        steps = fold(ruleset, session.start, answers)
        assert said(ruleset, steps) == one_by_one(game, session.start, answers), seed
        rounds += sum(not step.state.inputs for step in steps)
    assert rounds > 12  # the fights came to many rounds' ends


@pytest.mark.parametrize("most", [1, 2, 3])
@pytest.mark.parametrize("game", sorted(FIGHTS))
def test_a_round_handed_fewer_answers_than_it_takes_goes_on_one_by_one(game: str, most: int, monkeypatch) -> None:
    for seed in range(3):
        session = played(game, FIGHTS[game][-1], seed)
        answers = saved(session)
        expected = one_by_one(game, session.start, answers)
        monkeypatch.setattr(replay, "FOLD_MOST", most)
        ruleset = type(get_ruleset(game))()
        assert said(ruleset, fold(ruleset, session.start, answers)) == expected, seed
        monkeypatch.undo()


@pytest.mark.parametrize("game", sorted(FIGHTS))
def test_a_fold_from_the_middle_of_a_round_kept_or_not(game: str) -> None:
    """The later answers folded from a state in the middle of a round (an amendment undone folds so):
    on the ruleset that folded the earlier ones (the round waits for that state, kept) and on a fresh
    one (the round replayed from its start, then handed the rest)."""
    for seed in range(4):
        session = played(game, FIGHTS[game][-1], seed)
        answers = saved(session)
        expected = one_by_one(game, session.start, answers)
        cuts = [k for k in range(1, len(answers)) if session.steps[k - 1].state.inputs][:: max(1, len(answers) // 9)]
        assert cuts
        for cut in cuts:
            ruleset = type(get_ruleset(game))()
            head = fold(ruleset, session.start, answers[:cut])
            tail = fold(ruleset, head[-1].state, answers[cut:])
            assert said(ruleset, head + tail) == expected, (seed, cut)
            fresh = type(get_ruleset(game))()
            assert said(fresh, fold(fresh, head[-1].state, answers[cut:])) == expected[cut:], (seed, cut)


@pytest.mark.parametrize("game", sorted(FIGHTS))
def test_an_answer_that_does_not_fit_is_refused_in_a_fold_as_one_by_one(game: str) -> None:
    """A saved answer that no longer fits, in the middle of a round, or one after the fight's end: the
    fold is refused there, with the words the answer refused one by one gets."""
    ended = 0
    for seed in range(3):
        session = played(game, FIGHTS[game][-1], seed)
        answers = saved(session)
        expected = one_by_one(game, session.start, answers)
        for cut in range(2, len(answers), max(1, len(answers) // 7)):
            wrong = [*answers[:cut], Answer("banana 17"), *answers[cut:]]
            ruleset = type(get_ruleset(game))()
            state = session.start
            for answer in answers[:cut]:
                state = ruleset.apply(state, answer).state
            with pytest.raises(Refused) as alone:
                ruleset.apply(state, wrong[cut])
            with pytest.raises(Refused) as folded:
                fold(type(get_ruleset(game))(), session.start, wrong)
            assert folded.value.reason == alone.value.reason, (seed, cut)
            # from a state whose round waits kept (folded to it): refused there, it waits on unchanged
            ruleset = type(get_ruleset(game))()
            head = fold(ruleset, session.start, answers[:cut])
            with pytest.raises(Refused) as kept:
                fold(ruleset, head[-1].state, wrong[cut:])
            assert kept.value.reason == alone.value.reason, (seed, cut)
            state, tail = head[-1].state, []  # the table answers on, one by one, from the round kept
            for answer in answers[cut:]:
                state, log = ruleset.apply(state, answer)
                tail.append((ADDRESS.sub("", repr(state)), log, repr(ruleset.prompt(state))))
            assert tail == expected[cut:], (seed, cut)
        if session.over:  # an answer after the fight's end: refused as the fight is over
            ruleset = type(get_ruleset(game))()
            with pytest.raises(Refused) as alone:
                ruleset.apply(session.state, answers[-1])
            with pytest.raises(Refused) as folded:
                fold(type(get_ruleset(game))(), session.start, [*answers, answers[-1]])
            assert folded.value.reason == alone.value.reason == RULESET_OVER[game], seed
            ended += 1
    assert ended  # a fight came to its end


RULESET_OVER = {"cage_match": "the fight is over", "fudge": "the scene is over", "paf": "the scene is over"}
"""What each game says to an answer once its fight is over."""


@pytest.mark.parametrize("game", sorted(FIGHTS))
def test_the_answer_after_a_fold_that_stops_in_a_round_goes_on_from_its_prompt(game: str) -> None:
    """Resumed, a fight goes on from the prompt the fold stopped at (the round replayed to it, as after
    an undo): the next answer says what it says one by one."""
    for seed in range(4):
        session = played(game, FIGHTS[game][-1], seed)
        answers = saved(session)
        expected = one_by_one(game, session.start, answers)
        cut = next(k for k in range(len(answers) // 2, len(answers)) if session.steps[k - 1].state.inputs)
        ruleset = type(get_ruleset(game))()
        steps = fold(ruleset, session.start, answers[:cut])
        state = steps[-1].state
        waiting = ruleset.run(state)
        assert waiting.need is not None and not waiting.done  # it asks for the next answer
        after, log = ruleset.apply(state, answers[cut])
        assert (ADDRESS.sub("", repr(after)), log, repr(ruleset.prompt(after))) == expected[cut], seed


@pytest.mark.parametrize("game", ["paf", "fudge", "cage_match"])
def test_saying_what_the_app_chose_keeps_the_round_of_the_prompt_in_play(game: str) -> None:
    """The review: the play-by-play's mark of an answer the app gave ("the app chose ...") asked the ruleset
    for the prompt before it, which let go of the round a scene game keeps for the prompt in play, so the
    next answer replayed its round from the start. The app's own choices keep their prompt for it."""
    from companion.amending import app_did

    argv = ["script", game, *shlex.split(FIGHTS[game][0])]
    session = cli.session_for(get_ruleset(game), cli.build_parser().parse_args(argv))
    session.rng = random.Random(3)
    rounds = session.ruleset._turns if game == "cage_match" else session.ruleset._rounds
    marks: list[str] = []
    kept_choices = 0
    for _ in range(60):
        if session.over:
            break
        asked = session.prompt
        session.roll()
        assert session.prompt is not None  # the screen asks the prompt in play, then marks the answer
        kept = any(place is not None and place[0] is session.state for place in rounds._places())
        marks.append(app_did(session, len(session.steps) - 1))
        assert kept == any(place is not None and place[0] is session.state for place in rounds._places())
        kept_choices += kept and marks[-1].startswith("the app chose")
        chose = isinstance(asked, ChoicePrompt) and len(asked.options) > 1
        assert marks[-1].startswith("the app chose") == chose, (asked, marks[-1])
    assert kept_choices and "by the app" in marks
