"""The free dice roller on the screens (issue 23 item 3), with Pilot: ``ctrl+d`` opens it from home
and from a fight, Enter rolls, a bad expression is refused in place, the keys screen lists it, and
a fight's rolls stay with that fight (not its answers, untouched by undo) when it is resumed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import NHB_CARDS, open_fight, screen_shows, text_of, type_answer
from textual.widgets import Input, Static

from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.home import HomeScreen
from companion.screens.keys import KeysScreen
from companion.screens.roller import RollerScreen


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(NHB_CARDS)
    return tmp_path


async def roll(pilot, expression: str) -> str:
    """Type ``expression`` in the roller and press Enter; what the roller shows under the box."""
    screen = pilot.app.screen
    assert isinstance(screen, RollerScreen)
    screen.query_one("#expression", Input).value = expression
    await pilot.press("enter")
    await pilot.pause()
    return text_of(screen.query_one("#roll-result", Static))


def history(screen: RollerScreen) -> list[str]:
    return text_of(screen.query_one("#roll-history", Static)).splitlines()


async def test_ctrl_d_opens_the_roller_at_home_and_enter_rolls_with_the_app_s_dice(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(7))
    expected = random.Random(7)
    a, b = expected.randint(1, 6), expected.randint(1, 6)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("ctrl+d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RollerScreen) and screen.session_id is None
        shows = await screen_shows(pilot, "Dice roller")
        assert "rolls kept until you quit" in shows and "answer of the fight" not in shows  # no fight open
        shown = await roll(pilot, "2d6+3")
        assert f"2d6+3: [{a} {b}] +3 = {a + b + 3}" in shown
        assert f"chance of exactly {a + b + 3}: " in shown and "mean 10, range 5 to 15" in shown
        assert history(screen)[0].endswith(f"2d6+3: [{a} {b}] +3 = {a + b + 3}")
        await pilot.press("enter")  # the expression stays in the box: Enter rolls it again
        await pilot.pause()
        assert len(history(screen)) == 2 and history(screen)[0].lstrip().startswith("2.")
        await pilot.press("d", "percent_sign", "enter")  # typing replaces the expression rolled
        await pilot.pause()
        assert screen.query_one("#expression", Input).value == "d%"
        assert history(screen)[0].split("  ")[-1].startswith("d%: [")
        assert len(history(screen)) == 3
        await pilot.press("ctrl+d")  # closes it, as escape does
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("ctrl+d")  # opened again in the same run: the history is still there
        await pilot.pause()
        assert len(history(app.screen)) == 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_bad_expression_is_refused_in_the_roller_and_nothing_is_rolled(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+d")
        await pilot.pause()
        screen = app.screen
        shown = await roll(pilot, "1000d6")
        assert "'1000d6' is too many dice: at most 100 dice in all" in shown
        assert screen.query_one("#roll-result", Static).has_class("error")
        assert screen.last is None and screen.history == []
        assert "no rolls yet" in text_of(screen.query_one("#roll-history", Static))
        shown = await roll(pilot, "d7x")
        assert "'x' is not dice notation" in shown
        shown = await roll(pilot, "4dF")
        assert not screen.query_one("#roll-result", Static).has_class("error") and "4dF: [" in shown


async def test_the_keys_screen_lists_the_roller(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        assert ("^d", "Dice roller") in app.screen.rows
        await pilot.press("escape")
        await open_fight(pilot, 0, "Alpha", "Bravo")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen) and ("^d", "Dice roller") in app.screen.rows


async def test_a_fight_s_rolls_stay_with_it_apart_from_its_answers_and_come_back_on_resume(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(100, 30)) as pilot:
        fight = await open_fight(pilot, 0, "Alpha", "Bravo")
        await type_answer(pilot, "5")
        fight.query_one("#faces", Input).value = "3"  # typed in the answer box, not yet sent
        await pilot.press("ctrl+d")  # the answer box has the focus: ctrl+d still opens the roller
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RollerScreen) and screen.session_id == fight.session.id
        shows = await screen_shows(pilot, "Dice roller")
        assert "this fight's rolls, kept with it" in shows and "never an answer of the fight" in shows
        first = await roll(pilot, "d10!")
        second = await roll(pilot, "2d20kl1")
        assert "d10!: [" in first and "2d20kl1: [" in second
        assert [r.expression for r in app.store.free_rolls(fight.session.id)] == ["d10!", "2d20kl1"]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is fight
        assert fight.query_one("#faces", Input).value == "3"  # the answer box as it was
        assert [a.text for a in fight.session.answers] == ["5"]  # never a game answer
        await pilot.press("ctrl+z")  # undo the game's answer: the free rolls stay
        await pilot.pause()
        assert fight.session.answers == []
        assert len(app.store.free_rolls(fight.session.id)) == 2
        await type_answer(pilot, "5")
        session_id = fight.session.id
        await pilot.press("escape")  # home: the fight stays saved
        await pilot.pause()
        await pilot.press("ctrl+d")  # outside the fight: the run's own history, none yet
        await pilot.pause()
        assert app.screen.session_id is None and app.screen.history == []
        await roll(pilot, "d6")
        await pilot.press("escape")
        await pilot.pause()
        assert app.resume_fight(session_id)
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, FightScreen) and resumed.session.id == session_id
        await pilot.press("ctrl+d")
        await pilot.pause()
        rows = history(app.screen)
        assert len(rows) == 2 and "2d20kl1: [" in rows[0] and "d10!: [" in rows[1]  # latest first
        assert not any("d6: [" in row and "d10" not in row for row in rows)  # home's roll is not the fight's
        await roll(pilot, "4dF")
        assert [r.seq for r in app.store.free_rolls(session_id)] == [1, 2, 3]
    again = make_app(data_dir, rng=random.Random(1))  # a new run: the fight's rolls are in the store
    async with again.run_test(size=(100, 30)) as pilot:
        assert again.resume_fight(session_id)
        await pilot.pause()
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert [row.split(": [")[0].split()[-1] for row in history(again.screen)] == ["4dF", "2d20kl1", "d10!"]
        assert [a.text for a in again.screen_stack[-2].session.answers] == ["5"]


async def test_the_roller_opened_over_the_rules_table_is_the_fight_s(data_dir: Path) -> None:
    """Over another screen of the fight (the rules table, f1), the roller is still the fight's."""
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(100, 30)) as pilot:
        fight = await open_fight(pilot, 0, "Alpha", "Bravo")
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is not fight
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert isinstance(app.screen, RollerScreen) and app.screen.session_id == fight.session.id
