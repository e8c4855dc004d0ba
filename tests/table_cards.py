"""The test cards the screen, snapshot and crash tests play with: fixed, so a
change to the shipped rosters never moves a test."""

from pathlib import Path

NHB_CARDS = """\
game: nhb
fighters:
  - {name: Alpha One, control: 12, standup: 10, ground: 14, finishing: 6, toughness: 6}
  - {name: Bravo Two, control: 10, standup: 12, ground: 9, finishing: 5, toughness: 7}
"""
"""Alpha One (ground 14 >= standup 10 + 3: the submission chart, NHB-6) and Bravo Two."""

FO_CARDS = """\
game: fo
fighters:
  - {name: Red Fox, punch: 9, kick: 7, takedown: 5, block: 6, check: 5, td_defence: 6, gnp: 6, submission: 4, guard: 5, sub_defence: 5}
  - {name: Blue Jay, punch: 7, kick: 8, takedown: 4, block: 8, check: 7, td_defence: 8, gnp: 6, submission: 4, guard: 7, sub_defence: 7}
"""
"""Red Fox and Blue Jay, two featherweights."""


CM_CARDS = """\
game: cage_match
fighters:
  - name: Red Rooster
    weight_class: middleweight
    style: boxing
    moves:
      - {key: jab, name: Jab, type: jab, focus_cost: 0, dice: 1, damage: 4, target: head, focus_gain: 1}
      - {key: cross, name: Cross, type: strike, focus_cost: 0, dice: 0, damage: 7, target: head}
    power_moves:
      - {key: hammer-right, name: Hammer right hand, type: strike, focus_cost: -2, dice: -1, damage: 13, target: head}
    combos:
      - {name: One-two, stages: [jab, cross]}
  - name: Blue Heron
    weight_class: middleweight
    style: kickboxing
    moves:
      - {key: low-kick, name: Low kick, type: strike, focus_cost: 0, dice: 0, damage: 5, target: body, focus_gain: 1}
      - {key: teep, name: Teep, type: jab, focus_cost: 0, dice: 1, damage: 3, target: body, focus_gain: 1}
"""
"""Two middleweight sheets: Red Rooster has a power move only he has (the
hammer right), to look for on screen before the reveal."""


async def pick_corners(pilot, game_row: int, red: str, blue: str) -> None:
    """From home, as a player: the game ``game_row`` rows down, its two corners picked by
    filtering (typing itself is tested in the selection test)."""
    from textual.widgets import Input

    from companion.screens.select import FighterSelectScreen

    await pilot.press(*["down"] * game_row, "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, FighterSelectScreen)
    for name in (red, blue):
        pilot.app.screen.query_one("#filter", Input).value = name
        await pilot.pause()
        await pilot.press("enter")


async def open_fight(pilot, game_row: int, red: str, blue: str, options: dict | None = None):
    """From home, as a player: the corners picked (:func:`pick_corners`), ``options`` set on the
    options screen, then Start. Returns the fight screen."""
    await pick_corners(pilot, game_row, red, blue)
    await pilot.press("enter")  # both corners full: on to the options
    await pilot.pause()
    return await choose_options(pilot, options)


async def choose_options(pilot, options: dict | None):
    """On the options screen: set ``options``, then Start. Returns the fight screen."""
    from companion.screens.fight import FightScreen
    from companion.screens.setup import OptionsScreen

    assert isinstance(pilot.app.screen, OptionsScreen)
    pilot.app.screen.chosen.update(options or {})
    await pilot.press("ctrl+s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, FightScreen), screen
    return screen


def two_corner_games(directory: Path) -> Path:
    """``directory`` as a data folder with the NHB, FO and Cage Match test cards (the screens' size tests)."""
    (directory / "fighters").mkdir()
    for name, text in (("nhb", NHB_CARDS), ("fo", FO_CARDS), ("cm", CM_CARDS)):
        (directory / "fighters" / f"{name}.yaml").write_text(text)
    return directory


class Still:
    """A time source that stands still: FO's round clock never rings the bell in a test."""

    def __call__(self) -> float:
        return 100.0


def text_of(widget) -> str:
    """What a Static shows, as plain text."""
    return str(widget.render())


def log_lines(screen) -> list[str]:
    """The play-by-play's lines as shown."""
    from textual.widgets import RichLog

    return [strip.text for strip in screen.query_one("#log", RichLog).lines]


async def assert_odds_hide_and_show(pilot, box) -> None:
    """ctrl+o hides the odds by the tray, and a second ctrl+o shows them again as they were (issue 8)."""
    shown = text_of(box)
    await pilot.press("ctrl+o")
    await pilot.pause()
    assert not box.display
    await pilot.press("ctrl+o")
    await pilot.pause()
    assert box.display and text_of(box) == shown


async def type_answer(pilot, text: str) -> None:
    """Type ``text`` into the dice tray and press Enter."""
    from textual.widgets import Input

    box = pilot.app.screen.query_one("#faces", Input)
    box.value = text
    await pilot.press("enter")
    await pilot.pause()


def screen_text(app) -> str:
    """Everything the terminal shows now, as plain text a line a row: what the
    players can read (the screen, its notifications, the footer)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text(styles=False)


async def screen_shows(pilot, text: str) -> str:
    """What the terminal shows once it shows ``text`` (or after a second: the caller's assert
    says what is missing). The footer is redrawn a frame after the keys change, later on a
    busy machine: a test that reads it waits for it, as a player's eye does."""
    for _ in range(20):
        shown = screen_text(pilot.app)
        if text in shown:
            return shown
        await pilot.pause(0.05)
    return screen_text(pilot.app)


NHB_MORE_CARDS = """\
game: nhb
fighters:
  - {name: Charlie Three, control: 11, standup: 11, ground: 11, finishing: 6, toughness: 6}
  - {name: Delta Four, control: 9, standup: 13, ground: 8, finishing: 7, toughness: 7}
  - {name: Echo Five, control: 13, standup: 9, ground: 13, finishing: 5, toughness: 6}
  - {name: Foxtrot Six, control: 10, standup: 10, ground: 10, finishing: 6, toughness: 8}
  - {name: Golf Seven, control: 12, standup: 12, ground: 7, finishing: 7, toughness: 5}
  - {name: Hotel Eight, control: 8, standup: 11, ground: 12, finishing: 5, toughness: 7}
"""
"""Six more NHB cards: with :data:`NHB_CARDS`, the eight entrants of a tournament night."""


async def enter_tournament(pilot, names: list[str]) -> None:
    """From home, as a player: NHB, ``ctrl+t`` for a tournament, and each of
    ``names`` entered by filtering and Enter, in that order."""
    from textual.widgets import Input

    from companion.screens.select import FighterSelectScreen

    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, FighterSelectScreen)
    await pilot.press("ctrl+t")
    await pilot.pause()
    for name in names:
        pilot.app.screen.query_one("#filter", Input).value = name
        await pilot.pause()
        await pilot.press("enter")
    await pilot.pause()
