"""Issue 21 item 3: an answer redraws what changed, not the whole screen. What the terminal shows is
what the app's updates drew, one after the other, on the terminal as it was: each update (a
partial one, a few lines or pieces of lines, or a whole screen) is applied here to a terminal of
cells, and after every answer of a fight, and every step of Cage Match's action pad, it must be
what a whole redraw of the screen shows. A part the screen no longer repaints (the ring holding its
height, the focus leaving the answer box without the whole screen painted again) would show stale
cells here."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from table_cards import CM_CARDS, FO_CARDS, Still, open_fight
from textual._compositor import CompositorUpdate

from companion.ruleset import OverPrompt, SecretPrompt
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.pad import ActionPad


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fo.yaml").write_text(FO_CARDS)
    (tmp_path / "fighters" / "cm.yaml").write_text(CM_CARDS)
    return tmp_path


Cell = tuple[str, Style | None]


class Terminal:
    """A terminal of cells that the app's updates are written to, as a real one would take them."""

    def __init__(self, width: int, height: int) -> None:
        self.console = Console(width=width, height=height, force_terminal=True, color_system="truecolor")
        self.cells: list[list[Cell]] = [[(" ", None)] * width for _ in range(height)]

    def apply(self, update: Any) -> None:
        x = y = 0
        options = self.console.options
        for segment in update.__rich_console__(self.console, options):
            assert isinstance(segment, Segment)
            if segment.control:
                for control in segment.control:
                    if control[0].name == "CURSOR_MOVE_TO":
                        x, y = control[1] - 1, control[2] - 1
                continue
            if segment.text == "\n":
                x, y = 0, y + 1
                continue
            style = segment.style
            plain = None  # what the cell looks like: the style without its meta (the mouse's actions)
            if style is not None:
                plain = Style(
                    color=style.color,
                    bgcolor=style.bgcolor,
                    bold=style.bold,
                    dim=style.dim,
                    italic=style.italic,
                    underline=style.underline,
                    reverse=style.reverse,
                    strike=style.strike,
                )
            for char in segment.text:
                if 0 <= y < len(self.cells) and 0 <= x < len(self.cells[y]):
                    self.cells[y][x] = (char, plain)
                x += cell_len(char)

    def rows(self) -> list[str]:
        return ["".join(char for char, _ in row) for row in self.cells]


def watch(app: Any, size: tuple[int, int]) -> Terminal:
    """Every update the app draws, written to a terminal of ``size``."""
    terminal = Terminal(*size)
    display = app._display

    def drawn(screen: Any, renderable: Any) -> None:
        if isinstance(renderable, CompositorUpdate) and not app._batch_count:
            terminal.apply(renderable)
        display(screen, renderable)

    app._display = drawn
    return terminal


def assert_as_drawn_whole(app: Any, terminal: Terminal, when: str) -> None:
    """The terminal as the updates left it is the screen drawn whole now, every line of every widget
    drawn afresh (Textual keeps each widget's drawn lines until the widget asks to be drawn again:
    a line kept where it should have been drawn again would be drawn whole as kept)."""
    for widget in app.screen.walk_children(with_self=True):
        widget._styles_cache.clear()
    whole = Terminal(*app.size)
    whole.apply(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    for y, (drawn, fresh) in enumerate(zip(terminal.cells, whole.cells)):
        assert drawn == fresh, f"{when}: row {y} drawn {terminal.rows()[y]!r}, the screen shows {whole.rows()[y]!r}"


async def settle(pilot: Any) -> None:
    for _ in range(3):  # the answer's frame, and those Textual asks for after it
        await pilot.pause()


async def turn_on_the_pad(pilot: Any, app: Any, terminal: Terminal) -> None:
    """A Cage Match turn on the action pad: each corner past its cover, the app picking for him, then
    the reveal; the terminal checked at each step."""
    screen = app.screen
    await pilot.press("enter")  # the pad opens
    await settle(pilot)
    assert_as_drawn_whole(app, terminal, "the pad opened")
    pad = screen.query_one(ActionPad)
    for side in (0, 1):
        await pilot.press("enter" if side == 0 else "b")
        await settle(pilot)
        assert_as_drawn_whole(app, terminal, f"corner {side}'s pad")
        if pad.side == side and pad.stage != "ready":
            await pilot.press("ctrl+r")  # the app picks for this corner
            await settle(pilot)
    await pilot.press("enter")  # the reveal
    await settle(pilot)


@pytest.mark.parametrize("size", [(100, 30), (80, 24)], ids=["100x30", "80x24"])
@pytest.mark.parametrize("game", ["fo", "cage_match"])
async def test_what_each_answer_drew_is_the_screen(data_dir: Path, game: str, size: tuple[int, int]) -> None:
    app = make_app(data_dir, rng=random.Random(3), now=Still())
    terminal = watch(app, size)
    async with app.run_test(size=size) as pilot:
        row, red, blue = (1, "red fox", "blue jay") if game == "fo" else (2, "red rooster", "blue heron")
        screen = await open_fight(pilot, row, red, blue)
        assert isinstance(screen, FightScreen)
        await settle(pilot)
        assert_as_drawn_whole(app, terminal, "the fight opened")
        turns = 0
        for n in range(30):
            prompt = screen.session.prompt
            if isinstance(prompt, OverPrompt):
                break
            if isinstance(prompt, SecretPrompt) and turns < 3:
                turns += 1
                await turn_on_the_pad(pilot, app, terminal)
            else:
                await pilot.press("ctrl+r")  # the app answers for the table
                await settle(pilot)
            assert_as_drawn_whole(app, terminal, f"answer {n + 1} ({prompt.kind})")
        assert len(screen.session.steps) >= 10
        assert game == "fo" or turns == 3
