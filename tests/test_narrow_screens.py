"""Issue 22: the fight screen on a narrow terminal. Below 90 columns the corners' panels would
leave the prompt 11-16 columns (60x20): each fighter is a line above the prompt instead, his
trackers first, and nothing a player needs leaves the screen; growing the terminal brings the
panels back, drawn."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from table_cards import open_fight, text_of, two_corner_games
from textual.content import Content
from textual.widgets import Static

from companion.screens.app import make_app
from companion.screens.fight import COMPACT_BELOW
from companion.screens.stopwatch import RoundTimer
from companion.screens.widgets import FighterPanel, LinePanel

GAMES = [
    # (game row on home, red, blue, what red's line shows first after his name)
    pytest.param(0, "alpha", "bravo", "segments won 0", id="nhb"),
    pytest.param(1, "red fox", "blue jay", "rounds won 0", id="fo"),
    pytest.param(2, "red rooster", "blue heron", "muscle 60", id="cage_match"),
]


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return two_corner_games(tmp_path)


def corner_rows(screen) -> list[str]:
    return text_of(screen.query_one("#corners", LinePanel)).splitlines()


@pytest.mark.parametrize(("row", "red", "blue", "first"), GAMES)
async def test_below_90_columns_each_fighter_is_a_line_above_a_whole_width_prompt(
    data_dir: Path, row: int, red: str, blue: str, first: str
) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await open_fight(pilot, row, red, blue)
        await pilot.pause()
        names = [card.name for card in screen.session.setup.fighters]
        assert screen.has_class("compact")
        assert not any(panel.display for panel in screen.query(FighterPanel))
        assert screen.query_one("#centre").size.width >= 56  # was 16 beside two panels of 22
        rows = corner_rows(screen)
        assert len(rows) == 2  # 20 rows: one line a fighter, the play-by-play keeps its room
        assert [names[0] in rows[0], names[1] in rows[1]] == [True, True]
        # the fight's trackers come before the card's ratings, so a cut line keeps them
        after_name = rows[0].split(names[0], 1)[1]
        assert after_name.startswith(f" · {first}"), rows[0]
        assert all(len(line) <= 58 for line in rows)
        prompt = text_of(screen.query_one("#prompt", Static))
        assert prompt and "\n" not in prompt.split(":")[0]  # the prompt reads on whole lines now

        await pilot.resize_terminal(COMPACT_BELOW - 5, 24)
        await pilot.pause()
        assert len(corner_rows(screen)) >= 2 and screen.has_class("compact")

        await pilot.resize_terminal(120, 30)  # wide again: the panels, drawn with what they missed
        await pilot.pause()
        assert not screen.has_class("compact")
        assert not screen.query_one("#corners").display
        panels = list(screen.query(FighterPanel))
        assert all(panel.display for panel in panels)
        assert names[0] in str(panels[0].border_title) and text_of(panels[0]).strip()


async def test_two_lines_a_fighter_where_the_terminal_is_taller(data_dir: Path) -> None:
    """At 85x24 FO's ratings follow the trackers onto a second line (each pair whole)."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(85, 24)) as pilot:
        screen = await open_fight(pilot, 1, "red fox", "blue jay")
        await pilot.pause()
        rows = corner_rows(screen)
        assert len(rows) == 4
        assert rows[1].startswith("    ") and rows[3].startswith("    ")  # continued under the name
        pairs = [part.strip(" …") for line in rows for part in line.split(" · ") if "/" in part]
        assert "punch 9/block 6" in pairs
        assert all(re.fullmatch(r"\S+ \d+/\S+ \d+", part) for part in pairs), pairs  # none broken


async def test_the_round_timer_keeps_both_fighters_at_60_columns(data_dir: Path) -> None:
    """Issue 22: at 60 columns FO's timer line cut blue's time and name; it shortens the bars
    and the names instead."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await open_fight(pilot, 1, "red fox", "blue jay")
        await pilot.pause()
        strip = text_of(screen.query_one(RoundTimer)).splitlines()[1].strip()
        assert strip.startswith("Red Fox") and strip.endswith("Blue Jay")
        assert strip.count("0:00") == 2 and len(strip) <= 58
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        wide = text_of(screen.query_one(RoundTimer)).splitlines()[1]
        assert "░" * 10 in wide and "attacking" in wide  # the full bars where there is room


@pytest.mark.parametrize("game", ["fudge", "paf"])
async def test_below_80_columns_a_scenes_sides_stand_above_a_whole_width_prompt(tmp_path: Path, game: str) -> None:
    """Issue 22: at 60x20 a scene's sides (48 columns) left its prompt 12 ("Quickfi/ngers"): below
    80 columns they stand above it, their lines as wide as the screen, two a combatant; at 80 and
    more they are beside it again."""
    from companion.ruleset import Setup, default_options, get_ruleset
    from companion.screens.sides import SidePanel

    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(60, 20)) as pilot:
        ruleset = get_ruleset(game)
        roster = app.roster(game)
        cards = tuple(roster.find(name) for name in roster.names()[:3])
        assert app.new_fight(Setup(game, cards, default_options(ruleset), sides=(0, 0, 1)))
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("compact")
        assert screen.query_one("#centre").size.width >= 56 and screen.query_one("#sides").size.width == 60
        red = screen.query_one("#red-side", SidePanel)
        lines = text_of(red).splitlines()
        assert len(lines) == 4  # two combatants, two lines each
        assert cards[0].name in lines[0] and cards[1].name in lines[2]
        assert red.size.width >= 52 and all(len(line) <= red.size.width for line in lines)

        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not screen.has_class("compact")
        assert screen.query_one("#sides").size.width == 48
        assert len(text_of(red).splitlines()) == 6  # three lines each beside the prompt, as before


def test_a_side_standing_above_the_prompt_writes_its_lines_to_the_width_given() -> None:
    """The width a side's lines may take follows the screen where the sides stand above the prompt:
    a long declaration cut at 44 cells beside it is whole above it, at 66."""
    from companion.screens.wounds import combatant_lines
    from companion.views import Box, BoxRow, CombatantView, Tone, WoundTrack

    track = WoundTrack((BoxRow("Scratch", "Scr", (Box.FREE,) * 3, Tone.WARNING),))
    view = CombatantView("Thorgrim Axebreaker", 0, action="attacks Grukk the Ogre with the greatsword", track=track)
    beside = combatant_lines(view, acting=False)
    above = combatant_lines(view, acting=False, width=66)
    assert len(Content.from_markup(beside[0]).plain) == 44 and beside[0].endswith("…[/i]")
    assert "attacks Grukk the Ogre with the greatsword" in Content.from_markup(above[0]).plain


async def test_every_screen_of_a_game_takes_its_short_name_where_the_whole_title_is_cut(tmp_path: Path) -> None:
    """Issue 22: at 80 columns the scene selection's header read "... 2 to 16 combatants o…": the
    header shows 62 cells at 80 columns, and the screens took 70 for it. A title and sub title that
    fit are shown whole; else the game's short name, on every screen of a game."""
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down", "enter")  # Fudge: its scene selection
        await pilot.pause()
        screen = app.screen
        assert screen.sub_title == "a scene: 2 to 16 combatants on two sides"
        assert screen.title == "Fudge"  # 29 + 3 + 40 cells would not fit in 62
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert screen.title == "Simultaneous Combat for Fudge"


def test_a_cut_corner_line_keeps_its_ellipsis_within_the_line() -> None:
    """Issue 22 review: a line cut to fit wrapped its "…" onto a line of its own (2 cells late)."""
    from companion.screens.widgets import corner_lines
    from companion.views import Field

    class Card:
        name = "Ken Shamrock"

    figures = tuple(
        Field(label, value)
        for label, value in (
            ("segments won", "1"),
            ("control", "16"),
            ("standup", "12"),
            ("ground", "17"),
            ("finishing", "8"),
        )
    )
    for room in range(30, 80):
        rows = corner_lines(1, Card(), figures, False, room=room, most=1)
        assert len(rows) == 1 and len(Content.from_markup(rows[0]).plain) <= room, (room, rows)
