"""Toasts never cover the answer box (play-testing backlog): a note that shows while the player types
(the fight exported, an answer amended, the app's own roll refused) stands where the rows the
question, the box and the line under it take stay as they were."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import screen_shows, screen_text
from textual.widgets import Input

from companion.ruleset import Setup, default_options, get_ruleset
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.widgets import DiceTray


def start(app, game: str) -> FightScreen:
    """A fight of the game's first cards from its shipped roster: two a side in a scene."""
    ruleset = get_ruleset(game)
    cards = list(app.roster(game).cards)
    if ruleset.scenes:
        setup = Setup(game, tuple(cards[:4]), default_options(ruleset), sides=(0, 0, 1, 1))
    else:
        setup = Setup(game, tuple(cards[:2]), default_options(ruleset))
    assert app.new_fight(setup)
    return app.screen


def answer_rows(screen: FightScreen) -> range:
    """The rows of the question, the answer box and the line under it."""
    tray = screen.query_one(DiceTray).region
    top = min(w.region.y for w in screen.query("#status, #prompt-box, #prompt") if w.region.height)
    return range(top, tray.bottom)


@pytest.mark.parametrize(
    ("game", "size"),
    [("nhb", (80, 24)), ("nhb", (60, 20)), ("fudge", (60, 20)), ("fudge", (80, 24)), ("paf", (60, 20))],
)
async def test_three_toasts_leave_the_question_and_the_box_as_they_were(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        screen = start(app, game)
        await pilot.pause()
        box = screen.query_one("#faces", Input)
        await pilot.press("z")  # half typed: the line under the box says what is wrong
        await pilot.pause()
        rows = answer_rows(screen)
        before = screen_text(app).splitlines()
        for _ in range(3):  # three exports, three toasts at once
            await pilot.press("ctrl+e")
            await pilot.pause()
        shown = await screen_shows(pilot, "Export")
        assert "Export" in shown, shown  # the toasts do show
        after = shown.splitlines()
        assert [after[row] for row in rows] == [before[row] for row in rows], shown
        assert box.value == "z" and app.focused is box
