"""Issue 23, item 2 on the screens (Pilot): ctrl+e in a fight writes it, as it is now, as Markdown
and JSON to ``<data dir>/exports/`` and says where: in a bout of two corners, a scene (Fudge,
PAF) and a tournament night's bouts; a folder that cannot be made is said, and nothing changes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_export import lines_of
from textual.widgets import Input

from companion import cli, export
from companion.ruleset import Setup, get_ruleset
from companion.screens.app import make_app
from companion.screens.fight import FightScreen


def notes(app: object) -> str:
    """The notifications on show (toasts are not in a headless screen's text)."""
    return "\n".join(f"{n.title}: {n.message}" for n in app._notifications)  # type: ignore[attr-defined]


def setup_of(game: str) -> Setup:
    args, _ = lines_of(game)
    return cli.session_for(get_ruleset(game), cli.build_parser().parse_args(["script", game, *args])).setup


@pytest.mark.parametrize("game", ["nhb", "fudge", "paf", "cage_match", "nhb_tournament"])
async def test_ctrl_e_writes_the_fight_to_the_exports_folder_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    setup = setup_of(game)
    app = make_app(tmp_path, rng=random.Random(5))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.new_fight(setup)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FightScreen)
        for _ in range(3):
            await pilot.press("ctrl+r")  # the app rolls (or picks) three times
        await pilot.pause()
        box = screen.query_one("#faces", Input)
        if box.display and box.has_focus:
            box.value = "4"  # half typed: ctrl+e is the screen's, the box keeps its text
        await pilot.press("ctrl+e")
        await pilot.pause()
        folder = tmp_path / "exports"
        stem = f"fight-{screen.session.id}-{game}"
        assert f"Export: Written {stem}.md and {stem}.json to {folder}" in notes(app)
        text = (folder / f"{stem}.md").read_text(encoding="utf-8")
        assert "unfinished · 3 answers" in text
        assert "app-rolled" in text or "the app's pick" in text
        data = json.loads((folder / f"{stem}.json").read_text(encoding="utf-8"))
        assert data["answers"] == [{"text": a.text, "virtual": True, "clock": a.clock} for a in screen.session.answers]
        session, answers = export.replay(data)
        assert answers == screen.session.answers and session.setup.names == setup.names
        if box.display and box.has_focus:
            assert box.value == "4"
        assert len(screen.session.answers) == 3  # nothing answered by the key


async def test_an_exports_folder_that_cannot_be_made_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    (tmp_path / "exports").write_text("a file where the folder would be")
    app = make_app(tmp_path, rng=random.Random(5))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.new_fight(setup_of("nhb"))
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert f"Export: Not exported: cannot make the folder {tmp_path / 'exports'}: File exists" in notes(app)
        assert isinstance(app.screen, FightScreen) and not app.screen.session.answers
        await pilot.press("question_mark")  # the keys screen lists it
        await pilot.pause()
        assert ("^e", "Export") in app.screen.rows
