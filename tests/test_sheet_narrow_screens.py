"""The card editor at 80x24 and 60x20 (play-testing backlog): a Cage Match card's boxes were a
third of the form's width at 80 columns (a move's positions cut at 15 characters) and its derived
numbers a column of 14; at 60 the form was wider than the screen. Below 130 columns the numbers
now go under the form, which takes the whole width; below 70 a move's or a bonus's fields are one
a line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import screen_text
from textual.widgets import Input

from companion.screens.app import make_app
from companion.screens.sheet import SheetScreen

POSITIONS = "standing, clinching, collar-tie"
"""A move's positions as a Cage Match card has them (Greg O'Connor's body hook, uppercut)."""


@pytest.mark.parametrize(("size", "widest"), [((80, 24), 22), ((60, 20), 40), ((120, 30), 40), ((140, 30), 20)])
async def test_a_cage_match_cards_boxes_are_readable(tmp_path: Path, size: tuple[int, int], widest: int) -> None:
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.open_game("cage_match")
        await pilot.pause()
        await pilot.press("down", "ctrl+e")  # the highlighted card in the editor
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SheetScreen)
        width = size[0]
        texts = [box for box in screen.query(Input) if not box.has_class("num")]
        assert texts and all(box.region.width >= widest for box in texts), sorted(
            (box.region.width, box.id) for box in texts
        )[:3]
        assert all(box.region.right <= width for box in texts)  # none past the screen's edge
        numbers = screen.query_one("#sheet-numbers")
        assert numbers.region.width >= (width - 2 if width < 130 else 40)
        assert "hit points 160" in screen_text(app)
        # a move's positions typed, in full where the fields are one a line (at 80 columns the box,
        # 23 wide, scrolls as it is typed: 31 characters do not fit beside another field)
        box = screen.query_one("#moves__positions-2", Input)
        box.focus()
        await pilot.pause()
        box.value = ""
        await pilot.press(*["space" if c == " " else c for c in POSITIONS])
        await pilot.pause()
        assert box.value == POSITIONS
        if width < 70:
            assert POSITIONS in screen_text(app)
