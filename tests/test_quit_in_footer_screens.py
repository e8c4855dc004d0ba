"""Quit is never the key a footer cuts off (play-testing backlog): at 60 columns the keys of the
fighter selection and of a Fighters Only fight are more than the footer's width, and the app's
own key, Quit, came last, cut off. Every screen a player passes through on the way to a fight
and in it shows ``^q Quit`` on its bottom line, at 60x20 and at 80x24; and Quit quits."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import screen_shows

from companion.ruleset import GAMES, get_ruleset
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.sheet import SheetScreen

QUIT = "^q Quit"


async def bottom_line(pilot) -> str:
    """The terminal's last row, once it shows Quit (or after a second: the caller's assert says)."""
    return (await screen_shows(pilot, QUIT)).splitlines()[-1]


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
@pytest.mark.parametrize("game", [game.key for game in GAMES.listed()])
async def test_every_screen_to_a_fight_keeps_quit_in_its_footer(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, rng=random.Random(2))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert QUIT in await bottom_line(pilot), "home"
        app.open_game(game)  # the palette's "New fight: <game>"
        await pilot.pause()
        assert QUIT in await bottom_line(pilot), "the selection, empty"
        if get_ruleset(game).scenes:
            await pilot.press("enter", "ctrl+o", "down", "enter")  # one a side
        else:
            await pilot.press("enter", "down", "enter")  # red, then blue
        await pilot.pause()
        line = await bottom_line(pilot)
        assert QUIT in line, f"the selection, both picked: {line!r}"
        await pilot.press("ctrl+e")  # the highlighted card in the card editor
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert QUIT in await bottom_line(pilot), "the card editor"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+s")  # the options
        await pilot.pause()
        await pilot.press("ctrl+s")  # the fight, with the defaults
        await pilot.pause()
        assert isinstance(app.screen, FightScreen), app.screen
        line = await bottom_line(pilot)
        assert QUIT in line, f"the fight: {line!r}"
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert QUIT in await bottom_line(pilot), "the fight, after an answer"
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0
