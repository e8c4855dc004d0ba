"""The test cards the screen, snapshot and crash tests play with: fixed, so a
change to the shipped rosters never moves a test."""

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


async def open_fight(pilot, game_row: int, red: str, blue: str, options: dict | None = None):
    """From home, as a player: the game ``game_row`` rows down, the corners picked by
    filtering (typing itself is tested in the selection test), ``options`` set on the
    options screen, then Start. Returns the fight screen."""
    from textual.widgets import Input

    from screens.fight import FightScreen
    from screens.select import FighterSelectScreen
    from screens.setup import OptionsScreen

    await pilot.press(*["down"] * game_row, "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, FighterSelectScreen)
    for name in (red, blue):
        pilot.app.screen.query_one("#filter", Input).value = name
        await pilot.pause()
        await pilot.press("enter")
    await pilot.press("enter")  # both corners full: on to the options
    await pilot.pause()
    assert isinstance(pilot.app.screen, OptionsScreen)
    pilot.app.screen.chosen.update(options or {})
    await pilot.press("ctrl+s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, FightScreen)
    return screen
