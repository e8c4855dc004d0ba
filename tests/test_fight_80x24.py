"""The fight screen at 80x24, as a player sees it (docs/decisions.md, "The fight screen at 80x24"):
the play-by-play holds still when a fighter's line above the prompt grows, the list of answers to
amend shows as many as fit, and the "Amended" notice leaves the play-by-play's lines in view."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from table_cards import Still, open_fight, screen_text, two_corner_games, type_answer
from textual.geometry import Region
from textual.widgets import RichLog

from companion.ruleset import ChoicePrompt, OverPrompt, RollPrompt, SecretPrompt
from companion.screens.app import make_app
from companion.screens.fight import FightScreen


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return two_corner_games(tmp_path)


def top_needed(screen: FightScreen) -> int:
    """The rows the fighters' lines and the prompt's column need now: what the ring and the lines
    above it would take without the height they hold."""
    centre = screen.query_one("#centre")
    column = sum(part.outer_size.height for part in centre.children if part.display)
    return screen.query_one("#corners").outer_size.height + column


async def answered(pilot) -> None:
    """The app answers for the table (ctrl+r); the ring holds its height a frame after the answer's."""
    await pilot.press("ctrl+r")
    await pilot.pause()
    await pilot.pause()


async def test_cage_match_at_80x24_the_log_moves_only_for_a_row_the_top_never_needed(data_dir: Path) -> None:
    # seed 4: at answer 35 Blue Heron's line takes a second row (his penalty) at a secret choice,
    # whose column is short; the log moved down two rows there, and back up when the line went
    app = make_app(data_dir, rng=random.Random(4), now=Still())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 2, "red rooster", "blue heron")
        await answered(pilot)  # the first answer fits the ring to the fight's first roll
        log = screen.query_one("#log", RichLog)
        at, most = log.region.y, top_needed(screen)
        corners_grew = moved = 0
        corners = screen.query_one("#corners").outer_size.height
        for _ in range(120):
            if isinstance(screen.session.prompt, OverPrompt):
                break
            await answered(pilot)
            needed = top_needed(screen)
            now = screen.query_one("#corners").outer_size.height
            corners_grew += now > corners
            corners = now
            if log.region.y != at:
                moved += 1
                # down only, and only for a row the lines and the column together never needed
                assert log.region.y > at and needed > most, (len(screen.session.steps), at, log.region.y, needed, most)
                at = log.region.y
            most = max(most, needed)
        # the fight went through what the test is about: a fighter's line grew during it
        assert corners_grew and len(screen.session.steps) > 40
        assert log.region.height >= 4  # the rule and three lines (LOG_KEEPS)


async def test_a_finished_fo_fights_amend_list_at_80x24_shows_as_many_answers_as_fit(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1), now=Still())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 1, "red fox", "blue jay")
        for _ in range(300):
            if screen.session.over:
                break
            await pilot.press("ctrl+r")
            await pilot.pause()
        await pilot.pause()
        assert screen.session.over and len(screen.session.steps) >= 8
        log = screen.query_one("#log", RichLog)
        before = (log.region, screen.query_one("#result").region)
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.pause()
        shown = re.findall(r"^[^#\w]*#(\d+) ", screen_text(app), flags=re.MULTILINE)
        # it showed one (the last) under the held ring, the result and the list's own frame
        assert len(shown) >= 6, shown
        assert shown[-1] == str(len(screen.session.steps))  # the last answer, highlighted, in view
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        # Escape: the result and the play-by-play where they were
        assert (log.region, screen.query_one("#result").region) == before


@pytest.mark.parametrize(
    ("row", "red", "blue", "answers"),
    [(1, "red fox", "blue jay", 300), (2, "red rooster", "blue heron", 12)],
    ids=["fo-finished", "cage-match-at-a-secret-choice"],
)
async def test_the_amended_notice_leaves_the_play_by_play_and_the_question_in_view(
    data_dir: Path, row: int, red: str, blue: str, answers: int
) -> None:
    app = make_app(data_dir, rng=random.Random(1), now=Still())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_fight(pilot, row, red, blue)
        for _ in range(answers + 60):  # FO to its end; Cage Match to a turn's secret choice right after a roll
            session = screen.session
            if session.over or (
                len(session.steps) >= answers
                and isinstance(session.prompt, SecretPrompt)
                and isinstance(session.before(len(session.steps) - 1).prompt, RollPrompt)
            ):
                break
            await pilot.press("ctrl+r")
            await pilot.pause()
        await pilot.press("ctrl+g")  # the last answer highlighted: Enter picks it
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+r")  # its new value rolled by the app
        await pilot.pause()
        await pilot.pause()
        await pilot.pause()
        assert screen.session.amended is not None
        # Textual's toast, queried by its type's name (its module is private)
        notice = next(toast for toast in screen.query("Toast") if "amended" in str(toast.render()))
        log = screen.query_one("#log", RichLog)
        assert "(amended)" in "".join(strip.text for strip in log.lines[-log.region.height :])
        # it stood over the play-by-play's lines, the mark "(amended)" under it
        assert not notice.region.overlaps(log.region), (notice.region, log.region)
        for part in ("#status", "#prompt", "#tray"):
            widget = screen.query_one(part)
            assert not widget.display or not notice.region.overlaps(widget.region), part
        assert notice.region.height >= 3 and Region(0, 0, 80, 24).contains_region(notice.region)


async def test_a_cage_match_combos_second_stage_stays_in_view_at_80x24(data_dir: Path) -> None:
    # seed 1: after 21 answers Red Rooster's jab landed in full and his One-two is offered (CMD-12)
    app = make_app(data_dir, rng=random.Random(1), now=Still())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 2, "red rooster", "blue heron")
        for _ in range(21):
            await pilot.press("ctrl+r")
            await pilot.pause()
        prompt = screen.session.prompt
        assert isinstance(prompt, ChoicePrompt) and "combo" in prompt.reason, prompt
        await type_answer(pilot, "one-two")
        staged = 0
        for faces in ("3 2", "4 4"):  # the block roll-off, each corner's roll (CM-9)
            await pilot.pause()
            await pilot.pause()
            prompt = screen.session.prompt
            assert isinstance(prompt, RollPrompt) and "combo stage 2" in prompt.reason, prompt
            staged += 1
            shown = screen_text(app)
            ring = screen.query_one("#ring").region
            # the question whole, the box and the line under it, inside the ring and on the screen
            for part in ("#prompt", "#tray"):
                region = screen.query_one(part).region
                assert ring.contains_region(region) and Region(0, 0, 80, 24).contains_region(region), part
            assert prompt.reason in shown.replace("\n ", " ")
            # the play-by-play's line that began the stage is among its last lines in view
            assert "Stage 2, Cross" in shown, shown
            await type_answer(pilot, faces)
        assert staged == 2
