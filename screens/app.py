"""The Textual app: holds the store and the data directory; screens do the rest."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import time
import weakref
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, ScreenStackError, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.theme import Theme

from companion.ruleset import GAMES, Setup, get_ruleset
from companion.session import CorruptSave, Session, resume, start
from companion.store import FreeRoll, Store, StoreError

if TYPE_CHECKING:
    from companion.cards import Roster


class CompanionApp(App[None]):
    """The table's referee.

    Args:
        directory: the data directory (database and the user's cards).
        rng: the generator for the app's own rolls; seeded in tests.
        now: the time source of the round clocks; a fake one in tests.
    """

    TITLE = "companion"
    SUB_TITLE = "a referee for dice fights"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
        Binding("question_mark", "keys", "Keys", show=False),
        # any screen, even with an answer box focused (whose ctrl+d would delete a character: the
        # delete key still does); not in the footer, which has no room at 80 columns: ? lists it
        Binding("ctrl+d", "roller", "Dice roller", show=False, priority=True, id="roller"),
    ]

    def __init__(
        self,
        directory: Path,
        *,
        rng: random.Random | None = None,
        now: Callable[[], float] = time.monotonic,
        store: Store | None = None,
    ) -> None:
        super().__init__()
        self.directory = directory
        self.rng = rng or random.Random()
        self.now = now
        """The time source of the round clocks (a fake one in tests)."""
        self.store = store if store is not None else Store.open(directory)
        self.free_rolls: list[FreeRoll] = []
        """The free roller's rolls made outside a fight, for this run (a fight's are kept with it)."""
        self._footers_watched: weakref.WeakSet[Screen[object]] = weakref.WeakSet()
        """The screens whose footer keeps Quit in view when their keys are more than its width."""
        self.last_fight: int | None = None
        """The saved fight shown last: home highlights it when the player comes back (issue 22)."""

    def on_mount(self) -> None:
        from companion.screens.home import HomeScreen

        chosen = self.store.setting("theme", "")
        if chosen in self.available_themes:  # the theme chosen last, kept across launches (issue 22)
            self.theme = chosen
        self.theme_changed_signal.subscribe(self, self._keep_theme)
        # a screen's toasts kept off its answer box (screens/toasts.py): on a new screen, as they show
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        self.push_screen(HomeScreen())
        if self.store.notice:
            self.notify(self.store.notice, title="Saved fights", severity="error", timeout=30, markup=False)
        if self.store.read_only:
            self.notify(
                f"{self.store.read_only[0].upper()}{self.store.read_only[1:]}: past fights can be looked at, "
                "but no answer can be saved, so no fight can be played.",
                title="Saved fights",
                severity="warning",
                timeout=30,
                markup=False,
            )

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Textual's toast, kept off the answer box of the screen it shows on (screens/toasts.py)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        self._place_toasts()
        # and again once the toast is laid out: a toast kept off a widget spared goes where its rows fit
        self.set_timer(0.1, self._place_toasts)

    def _on_screen_change(self, screen: Screen[object]) -> None:
        """A screen comes on top: its toasts placed, and its footer watched for room for Quit."""
        from companion.screens.keys import keep_quit_in_view

        self._place_toasts()
        if screen not in self._footers_watched:  # each screen once: its footer is laid out again with its keys
            self._footers_watched.add(screen)
            screen.screen_layout_refresh_signal.subscribe(screen, keep_quit_in_view)

    def on_resize(self) -> None:
        self._place_toasts()  # the answer box moves with the layout (a scene's sides go above it)

    def _place_toasts(self) -> None:
        """Keep the toasts of the screen on top clear of its answer box, once its layout is done."""
        from companion.screens.toasts import keep_toasts_clear

        def place() -> None:
            with contextlib.suppress(ScreenStackError):  # the app is closing: no screen left
                keep_toasts_clear(self.screen)

        self.call_after_refresh(place)

    def _keep_theme(self, theme: Theme) -> None:
        """Save the theme chosen (in the palette, or ctrl+p then Theme) for the next launch."""
        with contextlib.suppress(StoreError):  # a read-only store: this launch keeps it all the same
            self.store.set_setting("theme", theme.name)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The palette's commands (ctrl+p): Textual's own (the theme, the keys, quit), then the app's:
        a new fight of each game, the latest unfinished fight, the keys of this screen (issue 22)."""
        yield from super().get_system_commands(screen)
        for game in GAMES.listed():
            yield SystemCommand(
                f"New fight: {game.title}",
                "choose the fighters (f5 there simulates them)",
                partial(self.open_game, game.key),
            )
        latest = self.store.sessions("open", limit=1)
        if latest:
            yield SystemCommand("Resume the latest fight", latest[0].title, partial(self.resume_fight, latest[0].id))
        yield SystemCommand("Keys of this screen", "every key here and what it does (?)", self.action_keys)

    def open_game(self, game: str) -> None:
        """The fighter selection of ``game``, above home."""
        from companion.screens.select import selection_screen

        self.back_home()
        self.push_screen(selection_screen(game))

    def action_keys(self) -> None:
        """The keys of the screen the player is on (``?``, issue 22)."""
        from companion.screens.keys import KeysScreen

        if isinstance(self.screen, ModalScreen):
            return  # a question or a table is open: its own keys are said on it
        self.push_screen(KeysScreen(self.screen))

    def action_roller(self) -> None:
        """The free dice roller (``ctrl+d``, issue 23 item 3); ``ctrl+d`` in it closes it. Opened
        during a fight (the fight's screen anywhere below), its history is that fight's, in the store."""
        from companion.screens.fight import FightScreen
        from companion.screens.roller import RollerScreen

        if isinstance(self.screen, RollerScreen):
            self.screen.dismiss()
            return
        session = next((s.session for s in reversed(self.screen_stack) if isinstance(s, FightScreen)), None)
        if session is not None and session.id is not None:
            history = self.store.free_rolls(session.id)
            self.push_screen(RollerScreen(self.rng, history, store=self.store, session_id=session.id))
        else:
            self.push_screen(RollerScreen(self.rng, self.free_rolls))

    def roster(self, game: str) -> Roster:
        """The game's cards, read afresh so a newly added card file shows up; a card naming what the
        tables in play lack is refused with its other problems."""
        from companion.cards import keys_check_for, load_roster  # pydantic and YAML: when a roster is first wanted

        ruleset = get_ruleset(game)  # a tournament enters its game's cards (its roster)
        return load_roster(
            ruleset.roster,
            ruleset.card_model,
            user_dir=self.directory / "fighters",
            keys_check=keys_check_for(ruleset, self.directory),
        )

    def back_home(self) -> None:
        """Close every screen above the home screen."""
        from companion.screens.home import HomeScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def new_fight(self, setup: Setup) -> bool:
        """Start and show a new saved fight (above home: Escape from it goes home).

        False, with the reason on screen, when the game refuses the setup (Cage
        Match: fighters of different weight classes, or the player's own card
        file with problems).
        """
        from companion.screens.fight import FightScreen

        ruleset = get_ruleset(setup.game)
        try:
            if setup.tables is None:
                # the tables are stored with the fight: a rematch or a resume plays the same ones
                setup = dataclasses.replace(setup, tables=ruleset.tables_for(self.directory))
            session = start(self.store, ruleset, setup, self.rng)
        except (ValueError, StoreError) as exc:  # StoreError: the store cannot save a new fight (read-only, full)
            self.notify(str(exc), title="This fight cannot start", severity="error", timeout=20, markup=False)
            return False
        self.clear_notifications()  # e.g. why a first try could not start
        self.back_home()
        self.last_fight = session.id
        self.push_screen(FightScreen(session))
        return True

    def resume_fight(self, session_id: int) -> bool:
        """Show a saved fight where it was left; False (with a message) if it cannot be read."""
        from companion.screens.fight import FightScreen

        try:
            session: Session = resume(self.store, session_id, self.rng)
        except (CorruptSave, StoreError) as exc:  # StoreError: another app has it open (FightOpenElsewhere)
            self.notify(
                f"This fight cannot be resumed: {exc}", title="Saved fight", severity="error", timeout=15, markup=False
            )
            return False
        self.clear_notifications()  # e.g. why a first try could not start
        self.back_home()
        self.last_fight = session.id
        self.push_screen(FightScreen(session))
        return True

    def on_unmount(self) -> None:
        # forgotten fights could be brought back until now; a read-only or full store keeps them
        # forgotten, purged at a later quit
        with contextlib.suppress(StoreError):
            self.store.purge_forgotten()
        self.store.drop_unanswered()  # a fight left as it began (killed before its first answer) is not kept
        self.store.close()


def make_app(
    directory: Path,
    *,
    rng: random.Random | None = None,
    now: Callable[[], float] = time.monotonic,
    store: Store | None = None,
) -> CompanionApp:
    """The app factory the command line and the tests use (``store``: one opened already, else
    the directory's; :class:`companion.store.StoreError` when it cannot be opened)."""
    return CompanionApp(directory, rng=rng, now=now, store=store)
