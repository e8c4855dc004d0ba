"""The contract every game keeps, checked once for every registered game (issue 20).

A fight is a log of answers folded through a pure ruleset (docs/design.md). Whatever the game,
then:

- the fold of the stored answers is the live fight: the same state after every answer, the same log,
  the same prompt and trackers, from a fresh start too (the same answers always give the same fight);
- undo then redo gives back the same fight, a few answers back or all the way to the first;
- an answer that does not fit is refused with a reason and changes nothing: not the state, not the
  log, not the answers, not the redo stack, not the store; after the end nothing is taken;
- a fight saved answer by answer resumes from a fresh store as it was (setup, answers with their
  virtual flag and clock stamp, state, prompt, log, redo stack, trackers, the store's listing);
- a fight typed into ``companion script`` (with the same ``--seed``) is the fight played live: the
  same prompts, acceptances, refusals and reasons, logs, final trackers and result, exit status;
- every prompt can be answered: each option of a choice, the lowest and the highest faces of a
  roll, each move of a secret pad, an answer a player would type, and the app's own roll (D-6);
  and every state shows what the table needs: a prompt, each fighter's trackers, the rules table.

Every random fight plays answers that fit (which must be accepted), answers made to be wrong (which
must be refused), the app's ``roll``, odd words and undo/redo, as tests/session_checks.py decodes
them. Each game supplies only its strategies (tests/strategies.py): how to draw a fight from its
shipped roster, and how to pick an answer that fits, or one that does not, at a prompt. Its own
rules' invariants stay in its own property tests (tests/test_*_properties.py).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import tiers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

pytest.register_assert_rewrite("scripting", "session_checks")

import scripting
import session_checks
from strategies import STRATEGIES, Fight, Strategy, Typed

from companion import cli
from companion import ruleset as registry
from companion.dice import Refused
from companion.replay import number_copies
from companion.ruleset import (
    Answer,
    ChoicePrompt,
    OverPrompt,
    Reference,
    RollPrompt,
    SecretPrompt,
    Setup,
    evolve,
    get_ruleset,
)
from companion.session import Session, fold, resume, start
from companion.store import Store

GAMES = list(registry.GAMES)
"""Every registered game: the one place this suite names them."""
SEEDS = st.integers(0, 2**16)
"""Seeds of the app's own rolls."""
IN_MEMORY = Path("/dev/shm")


@contextmanager
def folder(tmp_path_factory: Any) -> Iterator[Path]:
    """A data folder of its own for one example, removed after it. In memory (``/dev/shm``) where the
    system has one: these tests are about what a store holds and gives back, not about the disk (that is
    tests/test_store_faults.py and tests/test_crash_resume.py), and an answer committed there costs a
    fortieth of one synced to disk."""
    memory = IN_MEMORY.is_dir() and os.access(IN_MEMORY, os.W_OK)
    path = Path(
        tempfile.mkdtemp(prefix="companion-contract-", dir=IN_MEMORY if memory else tmp_path_factory.getbasetemp())
    )
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def contract(base: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A property of the contract, ``prop(game, tmp_path_factory, data)``, as one test a registered game.

    Each game's Hypothesis run tries ``base`` examples times the game's own ``scale`` (a game whose
    fights are quick to play gets more), under the profile in force (tiers.examples); every value is
    drawn from ``data`` with a label, so that a failure prints the fight, the answers and the seed.
    The tests are marked slow, as conftest.py marks every property test.
    """

    def decorate(prop: Callable[..., None]) -> Callable[..., None]:
        @pytest.mark.slow
        @pytest.mark.parametrize("game", GAMES)
        def test(game: str, tmp_path_factory: Any) -> None:
            n = examples(max(1, round(base * STRATEGIES[game].scale)))

            @settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])
            @given(data=st.data())
            def run(data: Any) -> None:
                prop(game, tmp_path_factory, data)

            run()

        test.__name__ = test.__qualname__ = prop.__name__
        test.__doc__ = prop.__doc__
        return test

    return decorate


def test_every_registered_game_has_a_strategy() -> None:
    """A game added to the registry is held to the contract at once: it must bring its strategies."""
    assert sorted(STRATEGIES) == sorted(GAMES), "tests/strategies.py needs a Strategy for each registered game"


# --- a fight, as the command line would make it -------------------------------------------------------


def setup_of(game: str, fight: Fight) -> Setup:
    """The setup ``companion script GAME`` makes of ``fight`` with an empty data folder: the shipped
    roster's cards (a tournament enters its game's), an NPC group numbered, the shipped tables."""
    ruleset = get_ruleset(game)
    roster = tiers.shipped_roster(getattr(ruleset, "roster", game))
    cards = tuple(roster.find(name) for name in fight.names)
    assert all(card is not None for card in cards), fight.names
    if getattr(ruleset, "copies", False):
        cards = number_copies(cards)
    tables = tiers.shipped_tables(game) if hasattr(ruleset, "tables_for") else None
    return Setup(game, cards, dict(fight.options), tables, fight.sides)


def script_args(fight: Fight) -> list[str]:
    """``fight`` on the command line: its cards by name, each on its side, and its options."""
    args: list[str] = []
    if fight.sides:
        for name, side in zip(fight.names, fight.sides):
            args += ["--red" if side == 0 else "--blue", name]
    elif len(fight.names) == 2:
        args += ["--red", fight.names[0], "--blue", fight.names[1]]
    else:
        for name in fight.names:
            args += ["--fighter", name]
    for key, value in fight.options.items():
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        args += ["--option", f"{key}={shown}"]
    return args


# --- playing ----------------------------------------------------------------------------------------------


snapshot = session_checks.snapshot


def typed_for(strategy: Strategy, session: Session, kind: str, code: Any) -> Typed:
    """The answer a step of play (session_checks.decode) types at the session's prompt now."""
    ruleset, state, prompt = session.ruleset, session.state, session.prompt
    rng = random.Random(code)
    if kind == "fit" and prompt.kind != "over":
        return strategy.fitting(ruleset, state, prompt, rng)
    if kind in ("fit", "wrong"):
        return strategy.wrong(ruleset, state, prompt, rng)
    if kind == "roll":
        return Typed(rng.choice(["roll", "ROLL", " roll "]))
    return Typed(code)  # a word of the game's, or any text at all


def check_prompt(setup: Setup, prompt: Any) -> None:
    """A prompt the table can act on, which the script protocol can write."""
    json.dumps(prompt.to_json())
    names = set(setup.names)
    if isinstance(prompt, RollPrompt):
        assert prompt.dice.dice and prompt.side in (0, 1), prompt
        assert prompt.who in names or prompt.who == "GM", prompt
    elif isinstance(prompt, ChoicePrompt):
        keys = [o.key for o in prompt.options]
        assert keys and len(set(keys)) == len(keys), keys
        assert all(prompt.find(k) is not None and prompt.find(k).key == k for k in keys), keys
        assert prompt.advised is None or prompt.advised in keys, (prompt.advised, keys)
    elif isinstance(prompt, SecretPrompt):
        assert [pad.side for pad in prompt.sides] == [0, 1], prompt
        for pad in prompt.sides:
            keys = [o.key for o in pad.options]
            assert keys and len(set(keys)) == len(keys) and pad.default in keys, (pad.who, keys, pad.default)
    else:
        assert isinstance(prompt, OverPrompt), prompt
        result = prompt.result
        assert result.method, result
        assert result.winner is None or result.winner != result.loser, result


def check_state(ruleset: Any, setup: Setup, state: Any) -> None:
    """What the table sees of ``state``: a prompt it can act on; each fighter's trackers, by name in the
    setup's order, which the script protocol can write; the rules table of the step, if any, whose
    marked row is one of its rows, each row as wide as its columns."""
    check_prompt(setup, ruleset.prompt(state))
    trackers = ruleset.trackers(state)
    assert list(trackers) == list(setup.names), (list(trackers), setup.names)
    json.dumps(trackers)
    table = ruleset.reference(state)
    if table is not None:
        assert isinstance(table, Reference), table
        assert table.highlight is None or 0 <= table.highlight < len(table.rows), (table.title, table.highlight)
        assert all(len(row) == len(table.columns) for row in table.rows), table.title


def play(strategy: Strategy, session: Session, ops: list[tuple[Any, ...]]) -> None:
    """Play ``ops`` on ``session`` (session_checks.apply_ops: a refusal says why and changes nothing, an
    answer that fits is taken, one made to be wrong is not, nothing after the end, the app's roll is
    recorded as the text a player would type); every state reached is one the table can see and act on."""
    ruleset, setup = session.ruleset, session.setup
    check_state(ruleset, setup, session.state)
    session_checks.apply_ops(
        session,
        ops,
        fitting=lambda prompt, rng: strategy.fitting(ruleset, session.state, prompt, rng),
        wrong=lambda prompt, rng: strategy.wrong(ruleset, session.state, prompt, rng),
        after=lambda before, now: check_state(ruleset, setup, now),
    )


def ops_of(strategy: Strategy) -> Any:
    return session_checks.play_steps(list(strategy.words), strategy.steps)


def random_fight(game: str, data: Any) -> tuple[Setup, Fight, list[tuple[Any, ...]], int]:
    """A fight of ``game`` from its strategy, steps of random play, and the seed of the app's rolls."""
    strategy = STRATEGIES[game]
    fight = data.draw(strategy.fights, label="fight")
    ops = data.draw(ops_of(strategy), label="play")
    seed = data.draw(SEEDS, label="seed")
    return setup_of(game, fight), fight, ops, seed


# --- the fold is the live fight ---------------------------------------------------------------------------


@contract(40)
def test_the_fold_of_the_answers_is_the_live_fight(game: str, tmp_path_factory: Any, data: Any) -> None:
    """Folding the answers of a fight played at random, from a start made afresh, gives each answer's
    state and log as the live session had them, and the same prompt and trackers at the end."""
    setup, _, ops, seed = random_fight(game, data)
    ruleset = get_ruleset(game)
    session = Session(ruleset, setup, rng=random.Random(seed))
    play(STRATEGIES[game], session, ops)

    start_state = ruleset.new(setup)
    assert start_state == session.start, "new() of the same setup gives another start"
    steps = fold(ruleset, start_state, session.answers)
    assert [s.answer for s in steps] == session.answers
    for number, (live, folded) in enumerate(zip(session.steps, steps), start=1):
        assert folded.state == live.state, f"answer {number} ({live.answer}) folds to another state"
        assert folded.log == live.log, f"answer {number} ({live.answer}) folds to another log"
    state = steps[-1].state if steps else start_state
    assert state == session.state
    assert ruleset.prompt(state) == session.prompt
    assert ruleset.trackers(state) == ruleset.trackers(session.state)
    assert [line for s in steps for line in s.log] == [line for line, _ in session.log()]


@contract(25)
def test_an_answer_goes_on_from_the_waiting_round_as_a_replay_from_its_start(
    game: str, tmp_path_factory: Any, data: Any
) -> None:
    """A round kept waiting at its prompt and gone on with each answer (companion.replay.Played,
    issue 21) gives what replaying the round from its start over the same answers gives: an equal
    state that no round waits for (a copy: a resumed fight's) takes every answer to the same state
    and log, and shows the same prompt and trackers."""
    setup, _, ops, seed = random_fight(game, data)
    ruleset = get_ruleset(game)
    session = Session(ruleset, setup, rng=random.Random(seed))
    play(STRATEGIES[game], session, ops)
    before = session.start
    for number, step in enumerate(session.steps, start=1):
        replayed = ruleset.apply(evolve(before), step.answer)  # a copy: nothing kept for it, so replayed
        assert replayed.state == step.state, f"answer {number} ({step.answer}) replayed gives another state"
        assert replayed.log == step.log, f"answer {number} ({step.answer}) replayed gives another log"
        copy = evolve(step.state)
        assert ruleset.prompt(copy) == ruleset.prompt(step.state)
        assert ruleset.trackers(copy) == ruleset.trackers(step.state)
        before = step.state


# --- undo and redo -------------------------------------------------------------------------------------------


@contract(40)
def test_undo_then_redo_gives_back_the_same_fight(game: str, tmp_path_factory: Any, data: Any) -> None:
    """A few answers back and forward again: the same state, prompt, log and trackers at every step;
    then all the way back to the start (nothing to undo there) and all the way forward again."""
    setup, _, ops, seed = random_fight(game, data)
    back = data.draw(st.integers(1, 8), label="back")
    ruleset = get_ruleset(game)
    session = Session(ruleset, setup, rng=random.Random(seed))
    play(STRATEGIES[game], session, ops)

    def now() -> tuple[Any, ...]:
        return session.state, session.prompt, session.log(), session.answers, ruleset.trackers(session.state)

    pending = list(session.redo_stack)
    trail = [now()]
    undone = []
    for _ in range(min(back, len(session.steps))):
        undone.append(session.undo())
        trail.append(now())
    assert session.redo_stack == pending + undone
    trail.pop()
    while trail:
        session.redo()
        assert now() == trail.pop()
    assert session.redo_stack == pending

    whole = now()
    answers = session.answers
    n = len(answers)
    for i in range(n):
        assert session.undo() == answers[n - 1 - i]
    assert session.undo() is None
    assert (
        session.state == ruleset.new(setup) and session.log() == [] and session.prompt == ruleset.prompt(session.start)
    )
    assert session.redo_stack == pending + answers[::-1]
    for i in range(n):
        assert session.redo().answer == answers[i]  # a redone answer keeps its virtual flag and clock stamp
    assert now() == whole
    assert session.redo_stack == pending


# --- a wrong answer changes nothing ------------------------------------------------------------------------


def saved(store: Store, session_id: int) -> tuple[Any, ...]:
    """Everything the store holds of the fight, and its listing."""
    return store.load(session_id), store.status(session_id), store.sessions()


@contract(40)
def test_a_wrong_answer_is_refused_and_changes_nothing(game: str, tmp_path_factory: Any, data: Any) -> None:
    """Play a while with answers that fit (or the app's roll), then answers made to be wrong there:
    each is refused with a reason, and the state, the log, the answers, the redo stack and the store
    are as they were. A fight played to its end takes nothing more, not even the app's roll."""
    strategy = STRATEGIES[game]
    fight = data.draw(strategy.fights, label="fight")
    steps = data.draw(st.integers(0, strategy.steps // 2), label="steps")
    tries = data.draw(st.integers(1, 6), label="tries")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    setup = setup_of(game, fight)
    ruleset = get_ruleset(game)
    rng = random.Random(seed)
    with folder(tmp_path_factory) as directory:
        store = Store.open(directory)
        try:
            session = start(store, ruleset, setup, rng=random.Random(seed))
            for _ in range(steps):
                if session.over:
                    break
                if rng.random() < 0.1:
                    session.roll()
                else:
                    typed = strategy.fitting(ruleset, session.state, session.prompt, rng)
                    session.submit(typed.text, clock=typed.clock)
            if session.steps and rng.random() < 0.3:
                session.undo()  # a redo stack to keep too
            for _ in range(tries):
                before = snapshot(session), saved(store, session.id)
                typed = strategy.wrong(ruleset, session.state, session.prompt, rng)
                with pytest.raises(Refused) as refused:
                    session.submit(typed.text, clock=typed.clock)
                assert refused.value.reason, typed
                assert (snapshot(session), saved(store, session.id)) == before, f"refusing {typed} changed the fight"
            if session.over:
                before = snapshot(session), saved(store, session.id)
                for text in ("roll", *strategy.words[:5]):
                    with pytest.raises(Refused):
                        session.submit(text)
                with pytest.raises(Refused):
                    session.roll()
                assert (snapshot(session), saved(store, session.id)) == before
        finally:
            store.close()


# --- a saved fight resumes as it was ------------------------------------------------------------------------


@contract(25)
def test_a_resumed_fight_is_the_fight_as_it_was(game: str, tmp_path_factory: Any, data: Any) -> None:
    """Every answer, undo and redo saved as it is given; a fresh store resumes the fight: the setup (cards,
    options, sides, tables), the answers with their virtual flag and clock stamp, the state, the prompt,
    the log, the redo stack, the trackers (the round clock's reading too), and the listing."""
    setup, _, ops, seed = random_fight(game, data)
    ruleset = get_ruleset(game)
    with folder(tmp_path_factory) as directory:
        store = Store.open(directory)
        try:
            session = start(store, ruleset, setup, rng=random.Random(seed))
            play(STRATEGIES[game], session, ops)
        finally:
            store.close()
        check_resumed(game, ruleset, setup, session, Store.open(directory))


def check_resumed(game: str, ruleset: Any, setup: Setup, session: Session, again: Store) -> None:
    """``session`` as a fresh store ``again`` gives it back."""
    try:
        assert again.notice is None
        resumed = resume(again, session.id)
        assert resumed.setup == setup
        assert resumed.answers == session.answers
        assert [(a.virtual, a.clock) for a in resumed.answers] == [(a.virtual, a.clock) for a in session.answers]
        assert resumed.state == session.state
        assert resumed.prompt == session.prompt
        assert resumed.log() == session.log()
        assert resumed.redo_stack == session.redo_stack
        assert ruleset.trackers(resumed.state) == ruleset.trackers(session.state)
        if hasattr(ruleset, "clock_reading"):
            assert ruleset.clock_reading(resumed.state) == ruleset.clock_reading(session.state)
        (row,) = again.sessions()
        assert (row.id, row.game, row.status, row.answers) == (
            session.id,
            game,
            "over" if session.over else "open",
            len(session.answers),
        )
        assert row.result == (session.prompt.result.to_json() if session.over else None)
        resumed.close()
    finally:
        again.close()


# --- a fight typed into companion script is the fight played live ----------------------------------------------


def scriptable(typed: Typed) -> bool:
    """An answer a script's line can carry: not blank, no comment, no line break, no stamp of its own."""
    text = typed.text.strip()
    return bool(text) and not any(c in text for c in "#\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029") and text[0] != "@"


def line_of(typed: Typed) -> str:
    if typed.clock is None:
        return typed.text
    return f"@{typed.clock // 60}:{typed.clock % 60:02d} {typed.text}"


@contract(20)
def test_a_fight_typed_into_companion_script_is_the_fight_played_live(
    game: str, tmp_path_factory: Any, data: Any
) -> None:
    """The same answers (the app's rolls with the same seed) give, line for line, what the session gave:
    each prompt before its answer, each answer accepted (as recorded, virtual or not, with its stamp) with
    its log or refused with its reason, the final trackers and result, and exit status 1 for a refusal."""
    strategy = STRATEGIES[game]
    setup, fight, ops, seed = random_fight(game, data)
    session = Session(get_ruleset(game), setup, rng=random.Random(seed))
    expected: list[dict[str, Any]] = []
    lines: list[str] = []
    prompted = refused = False
    for op in ops:
        if session.over:
            break
        if op[0] in ("undo", "redo"):
            continue  # a script has no undo
        if not prompted:
            expected.append({"prompt": session.prompt.to_json()})
            prompted = True
        typed = typed_for(strategy, session, *op)
        if not scriptable(typed):
            continue
        lines.append(line_of(typed))
        # FO-8: the stalls the fight screen's clock would have called before a stamped line, as it calls them
        stalled = False
        try:  # a line that will not be taken is refused before its stalls, and takes none (as the script does)
            stalls = list(cli.stalls_before(session, typed.clock, typed.text))
        except Refused as exc:
            refused = True
            expected.append({"refused": typed.text.strip(), "reason": exc.reason})
            continue
        for stall in stalls:
            stamp = cli.seconds(stall.answer.clock)
            expected.append(
                {"accepted": "stall", "virtual": False, "log": list(stall.log), "clock": stamp, "by": "stall limit"}
            )
            stalled = True
        if stalled:
            expected.append({"prompt": session.prompt.to_json()})
        before, state_before = len(session.steps), session.state
        try:
            step = session.submit(typed.text, clock=typed.clock)
        except Refused as exc:
            refused = True
            expected.append({"refused": typed.text.strip(), "reason": exc.reason})
            continue
        taken = session.steps[before:]  # a line may be several answers: an exploding die typed in one go
        said = typed.text.strip() if len(taken) > 1 else step.answer.text
        log = [line for each in taken for line in each.log]
        accepted: dict[str, Any] = {"accepted": said, "virtual": step.answer.virtual, "log": log}
        # a timed game's answer says its clock reading, stamped or not (an unstamped one: the reading it was
        # taken at, as the app stamps every answer it takes)
        clock = typed.clock if typed.clock is not None else cli.taken_at(session.ruleset, state_before, session.state)
        if clock is not None:
            accepted["clock"] = cli.seconds(clock)
        expected.append(accepted)
        prompted = False
    if not session.over and not prompted:
        expected.append({"prompt": session.prompt.to_json()})
    prompt = session.prompt
    result = prompt.result.to_json() if isinstance(prompt, OverPrompt) else None
    trackers = session.ruleset.trackers(session.state)
    expected.append({"final": {"over": session.over, "result": result, "trackers": trackers}})

    args = ["script", game, *script_args(fight), "--seed", str(seed)]
    with folder(tmp_path_factory) as data_dir:
        proc = scripting.run(data_dir, *args, stdin="".join(line + "\n" for line in lines))
    assert proc.stderr == "", proc.stderr
    got = [json.loads(line) for line in proc.stdout.splitlines()]
    want = json.loads(json.dumps(expected))
    for number, (mine, theirs) in enumerate(zip(want, got), start=1):
        assert theirs == mine, f"line {number} of companion script {' '.join(args)}"
    assert len(got) == len(want), f"{len(got)} lines written, {len(want)} expected"
    assert proc.returncode == (1 if refused else 0)


# --- every prompt can be answered ------------------------------------------------------------------------------


def extremes(prompt: RollPrompt) -> list[str]:
    """The lowest and the highest faces of each die of the prompt, as typed."""
    return [" ".join(die.face_text(getattr(die, end)) for die in prompt.dice.dice) for end in ("low", "high")]


def answers_at(prompt: Any, rng: random.Random) -> list[str]:
    """Answers the prompt must take: each option of a choice, the extreme faces of a roll, each move of a
    secret pad (the other corner on its default move); four of them at most, at random."""
    if isinstance(prompt, RollPrompt):
        return extremes(prompt)
    if isinstance(prompt, ChoicePrompt):
        keys = [o.key for o in prompt.options]
    elif isinstance(prompt, SecretPrompt):
        red, blue = prompt.sides
        keys = [f"red={o.key} blue={blue.default}" for o in red.options]
        keys += [f"red={red.default} blue={o.key}" for o in blue.options]
    else:
        return []
    return keys if len(keys) <= 4 else rng.sample(keys, 4)


@contract(15)
def test_every_prompt_can_be_answered(game: str, tmp_path_factory: Any, data: Any) -> None:
    """At each prompt of a fight played by a player's answers and the app's rolls, each of the answers
    the prompt offers is taken (and the state it would lead to has a prompt of its own); the player's
    answer and the app's roll are both taken; at the end, neither is."""
    strategy = STRATEGIES[game]
    setup = setup_of(game, data.draw(strategy.fights, label="fight"))
    seed = data.draw(SEEDS, label="seed")
    ruleset = get_ruleset(game)
    rng = random.Random(seed)
    session = Session(ruleset, setup, rng=random.Random(seed))
    for _ in range(strategy.steps):
        prompt, state = session.prompt, session.state
        check_state(ruleset, setup, state)
        if prompt.kind == "over":
            break
        for text in answers_at(prompt, rng):
            try:
                outcome = ruleset.apply(state, Answer(text))
            except Refused as exc:
                raise AssertionError(f"{text!r} is offered at {prompt} but refused: {exc.reason}") from None
            check_prompt(setup, ruleset.prompt(outcome.state))
        assert session.state is state, "trying the answers changed the fight"
        if rng.random() < 0.3:
            step = session.roll()
            assert step.answer.virtual
        else:
            typed = strategy.fitting(ruleset, state, prompt, rng)
            try:
                session.submit(typed.text, clock=typed.clock)
            except Refused as exc:
                raise AssertionError(f"{typed} fits {prompt} but was refused: {exc.reason}") from None
    if session.over:
        before = snapshot(session)
        with pytest.raises(Refused):
            session.roll()
        with pytest.raises(Refused):
            session.submit(strategy.wrong(ruleset, session.state, session.prompt, rng).text)
        assert snapshot(session) == before
