"""Issue 21 item 3, the lead's call: in a two corners' fight the ring (the panels and the prompt's
column between them) keeps a steady height. It grows when the prompt's column needs a line it
never had and never shrinks back during the fight, so the play-by-play under it stays where it is
from one answer to the next; a resized terminal lets go of the height held. At 80x24 and 60x20 the
prompt, the answer box and the play-by-play's last lines stay in view all the same."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import Still, open_fight, screen_text, two_corner_games
from textual.geometry import Region
from textual.widgets import RichLog

from companion.ruleset import OverPrompt
from companion.screens.app import make_app
from companion.screens.fight import LOG_KEEPS, FightScreen


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return two_corner_games(tmp_path)


GAMES = {
    # game: (its row on the home screen, red, blue)
    "nhb": (0, "alpha", "bravo"),
    "fo": (1, "red fox", "blue jay"),
    "cage_match": (2, "red rooster", "blue heron"),
}


def heights(screen: FightScreen) -> tuple[int, int, int]:
    """The ring's height, the rows the prompt's column needs now (the status, the prompt, the tray,
    the odds and the result: what the ring would be without the height it holds) and the row the
    play-by-play starts at."""
    ring, centre, log = (screen.query_one(part) for part in ("#ring", "#centre", "#log"))
    needed = sum(part.outer_size.height + part.styles.margin.height for part in centre.children if part.display)
    return ring.outer_size.height, needed, log.region.y


async def answered(pilot, screen: FightScreen) -> None:
    """The app answers the prompt for the table (ctrl+r: a roll, a choice, both corners' picks)."""
    await pilot.press("ctrl+r")
    await pilot.pause()
    await pilot.pause()  # the ring holds its height once laid out: a frame after the answer's


def assert_in_view(screen: FightScreen, size: tuple[int, int]) -> None:
    """The prompt, the answer box and the play-by-play's last lines are on the screen."""
    whole = Region(0, 0, *size)
    for part in ("#prompt", "#faces"):
        region = screen.query_one(part).region
        assert region and whole.contains_region(region), (part, region)
    log = screen.query_one("#log", RichLog)
    assert whole.contains_region(log.region) and log.region.height >= LOG_KEEPS, log.region
    last = log.lines[-1].text.strip()[:30]
    assert last in screen_text(screen.app), last  # the newest line is in view, not scrolled off


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_ring_grows_and_never_shrinks_back_so_the_log_stays_put(data_dir: Path, game: str) -> None:
    row, red, blue = GAMES[game]
    app = make_app(data_dir, rng=random.Random(3), now=Still())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_fight(pilot, row, red, blue)
        await pilot.pause()
        before = heights(screen)
        shorter = 0  # answers whose column was shorter than the ring held
        for _ in range(30):
            if isinstance(screen.session.prompt, OverPrompt):
                break
            await answered(pilot, screen)
            now = heights(screen)
            ring, needed, log_at = now
            assert ring >= before[0] and log_at == before[2] + ring - before[0], (before, now)
            assert ring >= needed  # the column is never cut
            shorter += needed < ring
            before = now
        # the test would fail with a ring that follows its column: it was shorter after some answers
        assert shorter > 0 and len(screen.session.steps) >= 5


async def test_a_resized_terminal_lets_go_of_the_height_held(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(3), now=Still())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_fight(pilot, 2, "red rooster", "blue heron")
        await pilot.pause()
        for _ in range(30):  # to an answer where the column is shorter than the ring holds
            await answered(pilot, screen)
            ring, needed, _ = heights(screen)
            if needed < ring:
                break
        assert needed < ring
        await pilot.resize_terminal(110, 30)
        await pilot.pause()
        await pilot.pause()
        ring, needed, _ = heights(screen)
        least = 12 if screen.session.ruleset.has_gauges else 11  # the stylesheet's min-height
        assert ring == max(least, needed)  # fitted to the new size, nothing held from before
        held = ring
        for _ in range(10):  # and it holds again from there
            await answered(pilot, screen)
            assert heights(screen)[0] >= held
            held = heights(screen)[0]


@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=["80x24", "60x20"])
@pytest.mark.parametrize("game", ["fo", "cage_match"])
async def test_on_a_narrow_screen_the_prompt_the_box_and_the_last_lines_stay_in_view(
    data_dir: Path, game: str, size: tuple[int, int]
) -> None:
    row, red, blue = GAMES[game]
    app = make_app(data_dir, rng=random.Random(5), now=Still())
    async with app.run_test(size=size) as pilot:
        screen = await open_fight(pilot, row, red, blue)
        await pilot.pause()
        held = heights(screen)[0]
        for _ in range(25):
            if isinstance(screen.session.prompt, OverPrompt):
                break
            await answered(pilot, screen)
            assert heights(screen)[0] >= held
            held = heights(screen)[0]
            if screen.query_one("#tray").display:
                assert_in_view(screen, size)
