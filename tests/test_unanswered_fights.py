"""A fight left with nothing answered is not kept: a rematch never played, a fight begun and left at
once, leaves no unfinished fight in the lists (docs/decisions.md, "A fight with no answer").

Nothing typed is lost: a fight with an answer (undone or not), an amendment or a free roll is kept
as before. The fight is made when it starts (it holds its claim, its free rolls, its export) and
dropped when it is left as it began: by Escape, a new fight, quitting, or, for one killed before
its first answer, when an app next quits.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from table_cards import NHB_CARDS, open_fight, type_answer
from test_store import SETUP
from textual.widgets import OptionList

from companion.ruleset import Answer, get_ruleset
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.home import HomeScreen
from companion.session import resume, setup_to_json, start, title_of
from companion.store import Store

KO_BOUT = ("5", "3", "g", "15", "4", "9", "1")
"""Alpha controls 17-13, takes it down, 31-13 on fight points, margin 10: a GNP KO (test_screens)."""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(NHB_CARDS)
    return tmp_path


def unfinished_rows(app) -> list[str]:
    """The home screen's unfinished fights, as listed (its line saying there are none left out)."""
    listing = app.screen.query_one("#unfinished", OptionList)
    options = [listing.get_option_at_index(i) for i in range(listing.option_count)]
    return [str(option.prompt) for option in options if option.id != "none"]


async def test_a_rematch_left_unplayed_is_not_listed_as_unfinished(data_dir: Path) -> None:
    """The review: every rematch made an unfinished fight at once. Played to a KO, ctrl+t, then
    Escape with nothing typed: home lists no unfinished fight, the store keeps only the first."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        for face in KO_BOUT:
            await type_answer(pilot, face)
        assert screen.session.over
        first = screen.session.id
        await pilot.press("ctrl+t")
        await pilot.pause()
        rematch = app.screen
        assert isinstance(rematch, FightScreen) and rematch.session.id != first
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert unfinished_rows(app) == []
        assert [s.id for s in app.store.sessions()] == [first]
        assert app.store.status(rematch.session.id) is None


async def test_a_rematch_with_one_answer_is_kept(data_dir: Path) -> None:
    """Nothing typed is lost: one answer in the rematch and it is listed, with its answer."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        for face in KO_BOUT:
            await type_answer(pilot, face)
        await pilot.press("ctrl+t")
        await pilot.pause()
        await type_answer(pilot, "5")
        await pilot.press("escape")
        await pilot.pause()
        rows = unfinished_rows(app)
        assert len(rows) == 1 and " · 1 answer · " in rows[0], rows
        assert len(app.store.sessions()) == 2 and screen.session.id in {s.id for s in app.store.sessions()}


async def test_an_answer_typed_then_undone_keeps_the_fight(data_dir: Path) -> None:
    """An undone answer can be redone after a resume (it is kept as undone): the fight stays listed."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        await type_answer(pilot, "5")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.steps == []
        await pilot.press("escape")
        await pilot.pause()
        assert len(unfinished_rows(app)) == 1


async def test_a_fight_begun_and_left_at_once_and_a_new_fight_from_it_leave_nothing(data_dir: Path) -> None:
    """A fight begun and left by Escape is gone; so is one quit with ctrl+q (the app quits with it open)."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_fight(pilot, 0, "Alpha", "Bravo")
        await pilot.press("escape")
        await pilot.pause()
        assert unfinished_rows(app) == [] and app.store.sessions() == []
        await open_fight(pilot, 0, "Alpha", "Bravo")
        await pilot.press("ctrl+q")
        await pilot.pause()
    store = Store.open(data_dir)
    assert store.sessions() == []
    store.close()


def _saved(store: Store, answers: int = 0) -> int:
    """A fight saved with ``answers`` answers, as an app would have left it."""
    session_id = store.create("nhb", setup_to_json(SETUP), title_of(SETUP))
    for seq in range(answers):
        store.append(session_id, seq, Answer("5"))
    return session_id


def test_the_store_drops_only_a_fight_with_nothing_kept(tmp_path: Path) -> None:
    """``drop_unanswered``: an open fight with no answer, amendment or free roll goes; one with any
    of them, or over, stays."""
    store = Store.open(tmp_path)
    try:
        bare = _saved(store)
        answered = _saved(store, answers=1)
        rolled = _saved(store)
        store.add_free_roll(rolled, "2d6", "3 4", 7)
        undone = _saved(store, answers=1)
        store.undo(undone, 0)
        assert store.drop_unanswered(answered) == 0 and store.status(answered) == "open"
        assert store.drop_unanswered(rolled) == 0 and store.status(rolled) == "open"
        assert store.drop_unanswered(undone) == 0 and store.status(undone) == "open"
        assert store.drop_unanswered(bare) == 1 and store.status(bare) is None
        left = _saved(store)  # one killed before its first answer: the next app to quit drops it
        assert store.drop_unanswered() == 1 and store.status(left) is None
        assert {s.id for s in store.sessions()} == {answered, rolled, undone}
    finally:
        store.close()


def test_a_session_closed_with_nothing_answered_is_dropped_and_one_resumed_with_answers_is_not(
    tmp_path: Path,
) -> None:
    """The core, for every front end: ``Session.close`` drops a fight left as it began."""
    ruleset = get_ruleset("nhb")
    store = Store.open(tmp_path)
    try:
        empty = start(store, ruleset, SETUP, random.Random(1))
        empty.close()
        assert store.status(empty.id) is None
        played = start(store, ruleset, SETUP, random.Random(1))
        played.submit("5")
        played.close()
        again = resume(store, played.id)
        again.close()
        assert store.status(played.id) == "open"
    finally:
        store.close()


def test_plain_mode_says_a_fight_left_unanswered_is_not_kept(tmp_path: Path) -> None:
    """``companion play --plain`` with the corners named and no answer before the input ends: it
    says the fight is not kept (it said "Saved: fight 1, 0 answers. Resume it with ..."), and it is not."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--data-dir", str(tmp_path), "play", "--plain", "nhb"]
        + ["--red", "Royce Gracie", "--blue", "Ken Shamrock"],
        input="",
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Nothing answered: fight 1 is not kept." in done.stdout, done.stdout + done.stderr
    assert "Resume it with" not in done.stdout
    store = Store.open(tmp_path)
    assert store.sessions() == []
    store.close()
