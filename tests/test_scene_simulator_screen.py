"""The scene simulator on screen (issue 21), driven with Pilot as a game master drives it: sides
picked in the scene selection, f5, a count and a seed, r; the figures shown are the engine's own
for that seed (the same as ``companion simulate GAME --red ... --blue ... --json``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import screen_text
from test_simulate_scenes import FUDGE_CARDS
from textual.widgets import Input, Select

from companion.games import GAMES
from companion.replay import number_copies
from companion.ruleset import default_options, get_ruleset
from companion.screens.app import make_app
from companion.screens.scene import SceneSelectScreen
from companion.screens.scene_matchup import SceneMatchupScreen
from companion.screens.setup import OptionsScreen
from companion.simulate_scenes import SceneTally, run_scenes, scene_plan

FUDGE_ROW = 3
"""Fudge's row in the home screen's games list."""


def pc(share: float) -> str:
    return f"{100 * share:.1f}%"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fudge_test.yaml").write_text(FUDGE_CARDS)
    return tmp_path


async def pick(pilot, names: list[str]) -> None:
    for name in names:
        pilot.app.screen.query_one("#filter", Input).value = name
        await pilot.pause()
        await pilot.press("enter")
    await pilot.pause()


def expected(game: str, cards: tuple, sides: tuple[int, ...], n: int, seed: int, data_dir: Path) -> dict:
    """The figures the engine gives for the run, computed here, not by the screen."""
    ruleset = get_ruleset(game)
    jobs = scene_plan(
        game, cards, sides, n, seed, options=default_options(ruleset), tables=ruleset.tables_for(data_dir)
    )
    tally = run_scenes(jobs, SceneTally(tuple(c.name for c in cards), sides))
    figures = ruleset.scene_figures()
    assert figures is not None
    return tally.summary(figures)


async def test_a_game_master_simulates_the_scene_picked_and_reads_the_engines_figures(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*["down"] * FUDGE_ROW, "enter")
        await pilot.pause()
        select = app.screen
        assert isinstance(select, SceneSelectScreen)
        await pilot.press("f5")  # nobody picked yet: the key says why and stays
        await pilot.pause()
        assert app.screen is select
        await pick(pilot, ["Titan", "Ash Redhand"])
        await pilot.press("ctrl+o")
        await pick(pilot, ["Peasant"])
        await pilot.press("f5")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SceneMatchupScreen)
        text = screen_text(app)
        assert "RED Titan & Ash Redhand" in text and "BLUE Peasant" in text
        screen.query_one("#count", Select).value = 50
        screen.query_one("#seed", Input).value = "11"
        await pilot.pause()
        await pilot.press("r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        roster = app.roster("fudge")
        cards = tuple(roster.find(name) for name in ("Titan", "Ash Redhand", "Peasant"))
        want = expected("fudge", cards, (0, 0, 1), 50, 11, data_dir)
        assert screen.summary == want
        text = screen_text(app)
        assert "50 scenes, seed 11" in text
        # each side named by its combatants, as the duel simulator names its corners (not "red side")
        assert "red side" not in text and "blue side" not in text
        red = next(line for line in text.splitlines() if line.strip().startswith("Titan & Ash Redhand") and "%" in line)
        assert pc(want["wins"]["red"]) in red
        assert next(line for line in text.splitlines() if line.strip().startswith("Peasant ") and "%" in line)
        assert "{:.1f}-{:.1f}%".format(*(100 * x for x in want["wins_interval"]["red"])) in red
        assert f"median {want['rounds']['median']}, mean {want['rounds']['mean']}" in text
        screen.query_one("#figures").scroll_end(animate=False)  # the last combatant, below the fold at 80x24
        await pilot.pause()
        text = screen_text(app)
        heading = next(line for line in text.splitlines() if line.strip().startswith("Combatant"))
        assert "Incapacitated or worse" in heading and "dead" in heading and "(95% intervals)" in heading
        peasant = [line for line in text.splitlines() if line.strip().startswith("Peasant")][-1]  # not the wins'
        one = want["combatants"]["Peasant"]
        # the heading's words said once: the row gives the shares, each with its interval (a 0 too)
        assert "Incapacitated" not in peasant and "dead" not in peasant
        fell = "{} ({:.1f}-{:.1f}%)".format(pc(one["fell"]), *(100 * x for x in one["fell_interval"]))
        died = "{} ({:.1f}-{:.1f}%)".format(pc(one["died"]), *(100 * x for x in one["died_interval"]))
        assert fell in peasant and died in peasant
        assert peasant.index(fell) < peasant.index(died)
        await pilot.press("escape")  # back to the picks, as they were
        await pilot.pause()
        assert app.screen is select and len(select.placed) == 3


async def test_a_paf_group_is_simulated_with_its_hit_points_lost(tmp_path: Path) -> None:
    """PAF: an NPC group numbered as the scene would number it; the hit points lost shown."""
    app = make_app(tmp_path, rng=random.Random(2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        roster = app.roster("paf")
        cards = number_copies(tuple(roster.find(n) for n in ("Hill Giant", "Kobold Cutthroat", "Kobold Cutthroat")))
        tables = get_ruleset("paf").tables_for(tmp_path)
        screen = SceneMatchupScreen("paf", cards, (0, 1, 1), tables=tables)
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#count", Select).value = 50
        screen.query_one("#seed", Input).value = "3"
        await pilot.pause()
        await pilot.press("r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        want = expected("paf", cards, (0, 1, 1), 50, 3, tmp_path)
        assert screen.summary == want
        screen.query_one("#figures").scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(app)
        assert "hit points lost: mean" in text and "Kobold Cutthroat 2" in text


@pytest.mark.parametrize("game", [game.key for game in GAMES.listed() if get_ruleset(game.key).scenes])
async def test_the_scene_simulator_plays_the_options_picked_with_o(tmp_path: Path, game: str) -> None:
    """Play-testing backlog: ``o`` opens the game's rules options (the screen a fight starts from),
    the first option changed with the keys, ctrl+s uses them: the run's figures are the engine's
    for those options, the status line says the one changed, and ``o`` again shows them."""
    ruleset = get_ruleset(game)
    first = ruleset.options[0]
    other = next(choice for choice in first.choices if choice != first.default)
    app = make_app(tmp_path, rng=random.Random(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        roster = app.roster(game)
        cards = tuple(list(roster.cards)[:2])
        screen = SceneMatchupScreen(game, cards, (0, 1), tables=ruleset.tables_for(tmp_path))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        options = app.screen
        assert isinstance(options, OptionsScreen) and "Use them (ctrl+s)" in screen_text(app)
        await pilot.press("enter")  # the first option's list
        await pilot.pause()
        index = first.choices.index(other) - first.choices.index(first.default)
        await pilot.press(*(["down"] * index if index > 0 else ["up"] * -index), "enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and screen.options[first.key] == other
        assert f"{first.label.lower()} {first.shown(other)}" in screen_text(app).replace("\n ", " ")
        screen.query_one("#count", Select).value = 50
        screen.query_one("#seed", Input).value = "5"
        await pilot.pause()
        await pilot.press("r")
        await app.workers.wait_for_complete()
        while screen.running:
            await pilot.pause(0.05)
        chosen = default_options(ruleset) | {first.key: other}
        jobs = scene_plan(game, cards, (0, 1), 50, 5, options=chosen, tables=ruleset.tables_for(tmp_path))
        tally = run_scenes(jobs, SceneTally(tuple(c.name for c in cards), (0, 1)))
        assert screen.summary == tally.summary(ruleset.scene_figures())
        assert "50 scenes, seed 5 · options:" in screen_text(app)
        await pilot.press("o")  # the options of the last run, to change again
        await pilot.pause()
        assert app.screen.chosen[first.key] == other
        await pilot.press("escape")  # nothing changed
        await pilot.pause()
        assert app.screen is screen and screen.options == chosen


async def test_the_matchup_simulator_takes_the_options_too(tmp_path: Path) -> None:
    """The duel games' simulator (its base) offers them the same way: NHB's segments."""
    from companion.screens.matchup import MatchupScreen

    app = make_app(tmp_path, rng=random.Random(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        roster = app.roster("nhb")
        screen = MatchupScreen("nhb", (roster.find("Royce Gracie"), roster.find("Ken Shamrock")))
        await app.push_screen(screen)
        await pilot.pause()
        assert "o Options" in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)
        app.screen.chosen["segments"] = 5
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and screen.options["segments"] == 5
