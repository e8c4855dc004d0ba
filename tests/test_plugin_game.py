"""A sixth game as a plug-in (issue 20): ``tests/data/sixth_game`` is a distribution of its own,
one package (``dice_duel``) and one entry-point line in the group ``companion.games``. Installed
beside companion, with nothing else edited, it is listed, played in the app and in ``companion
script``, and its stored fight resumes: the screens and the command line know a game only
through the registry and the declared :class:`companion.ruleset.Ruleset`."""

from __future__ import annotations

import importlib
import json
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from scripting import run
from table_cards import log_lines, open_fight, text_of, type_answer
from textual.widgets import OptionList, Static

from companion.games import GAMES
from companion.screens.app import make_app
from companion.screens.home import HomeScreen

pytestmark = pytest.mark.slow

SIXTH = Path(__file__).parent / "data" / "sixth_game"


@pytest.fixture(scope="module")
def dice_duel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """``pip install`` of the sixth game's distribution into a folder put on ``sys.path`` (as a
    second site-packages would be): built from a copy, so the repository gets no build files."""
    source = tmp_path_factory.mktemp("source") / "sixth_game"
    shutil.copytree(SIXTH, source)
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target", str(target)]
        + [str(source)],
        check=True,
    )
    sys.path.insert(0, str(target))
    importlib.invalidate_caches()
    GAMES.refresh()
    try:
        yield target
    finally:
        sys.path.remove(str(target))
        sys.modules.pop("dice_duel", None)
        importlib.invalidate_caches()
        GAMES.refresh()


def test_the_sixth_game_is_registered_by_its_entry_point_alone(dice_duel: Path) -> None:
    assert "dice_duel" in GAMES and GAMES.problems == []
    assert [g.key for g in GAMES.listed()][-1] == "dice_duel"  # after the five shipped games (order 100)
    assert GAMES["dice_duel"].load().title == "Dice Duel"


def test_the_sixth_game_plays_in_companion_script(dice_duel: Path, tmp_path: Path) -> None:
    """Anna (might 2) 3+2=5 v Boris (might 1) 3+1=4: a touch; 6+2=8 v 1+1=2: two touches, she wins."""
    proc = run(tmp_path, "script", "dice_duel", "--red", "Anna", "--blue", "Boris", stdin="3\n3\n6\n1\n")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert lines[0]["prompt"]["who"] == "Anna" and lines[0]["prompt"]["modifier"] == 2
    logs = [entry for line in lines for entry in line.get("log", ())]
    assert logs == ["Anna rolls 3: 5", "Boris rolls 3: 4", "Anna scores a touch (1-0)"] + [
        "Anna rolls 6: 8",
        "Boris rolls 1: 2",
        "Anna scores a touch (2-0)",
    ]
    final = lines[-1]["final"]
    assert final["result"]["winner"] == "Anna" and final["trackers"]["Anna"] == {"touches": 2, "match_point": False}
    # a face a d6 does not have is refused with the reason, as for any game (ruling D-5)
    proc = run(tmp_path, "script", "dice_duel", "--red", "Anna", "--blue", "Boris", stdin="7\n")
    assert proc.returncode == 1 and "7 is not a face" in proc.stdout + proc.stderr


async def test_the_sixth_game_plays_in_the_app_and_resumes(dice_duel: Path, tmp_path: Path) -> None:
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        assert games.option_count == 6 and games.get_option_at_index(5).id == "dice_duel"
        screen = await open_fight(pilot, 5, "Anna", "Boris")
        assert "Anna: roll d6 for the exchange, +2" in text_of(screen.query_one("#prompt", Static))
        await type_answer(pilot, "3")
        await type_answer(pilot, "3")
        assert "Anna scores a touch (1-0)" in log_lines(screen)
        # the panels in the game's own words and tones (issue 20: the screens render any game's view)
        assert "touches scored: 1" in text_of(screen.query_one("#red", Static))
        assert "MATCH POINT" in text_of(screen.query_one("#red", Static))
        assert "MATCH POINT" not in text_of(screen.query_one("#blue", Static))
        await pilot.press("escape")  # home: the fight is saved, unfinished
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        unfinished = app.screen.query_one("#unfinished", OptionList)
        assert "Anna vs Boris · Duel · 2 answers" in str(unfinished.get_option_at_index(0).prompt)
        unfinished.focus()
        await pilot.press("enter")  # resumed where it was
        await pilot.pause()
        screen = app.screen
        await type_answer(pilot, "6")
        await type_answer(pilot, "1")
        assert screen.session.over
        assert "Anna def. Boris by touches (2 touches), exchange 2" in text_of(screen.query_one("#result", Static))
