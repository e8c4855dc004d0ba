"""The fight screen's odds panel: the odds of the roll asked for, by the dice tray (issue 8),
for a game that shows odds (``Ruleset.has_odds``); hidden and shown again with ``ctrl+o``, the
choice kept in the store for the next fight, and the whole distribution on ``f9``."""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, Any

from textual.widgets import Static

from companion.ruleset import card_name
from companion.screens.widgets import odds_reference, odds_text, show_text
from companion.store import Store, StoreError

if TYPE_CHECKING:
    from textual.timer import Timer

    from companion.screens.fight import FightScreen


class FightOdds:
    """The odds by the tray of one fight screen.

    Args:
        screen: the fight screen whose ``#odds`` box it fills.
    """

    def __init__(self, screen: FightScreen) -> None:
        self.screen = screen
        self.shown = True
        """The odds of each roll by the tray (ctrl+o hides them; the choice is kept in the store)."""
        self._again: Timer | None = None
        """The look-again while a table is still being computed (one at a time)."""
        self._store: Store | None = None

    def mount(self, store: Store) -> None:
        """The player's last choice, kept in ``store``; a slow table (NHB's whole bout) starts in
        the background now."""
        session = self.screen.session
        self._store = store
        self.shown = store.setting("odds", "shown") != "hidden"
        if self.shown and not session.over:
            session.ruleset.odds_prepare(session.state)

    def render(self, over: bool) -> None:
        """The odds of the roll asked for, unless hidden or the fight is over."""
        session = self.screen.session
        box = self.screen.query_one("#odds", Static)
        odds = session.ruleset.odds(session.state) if self.shown and not over else None
        box.display = odds is not None
        if odds is not None:
            show_text(box, odds_text(odds, names=self._corner_names()))
            if odds.pending:  # a table still being computed: look again soon, while the prompt is the same
                asked = session.state
                if self._again is not None:
                    self._again.stop()  # one look-again at a time, however often the odds are drawn
                self._again = self.screen.set_timer(0.3, lambda: self._look_again(asked))

    def _corner_names(self) -> tuple[str, str] | None:
        """The two corners' names, whose chances the lines are (a night's bout in play); None in a
        scene of many, whose lines name whom they are about."""
        session = self.screen.session
        ruleset = session.ruleset
        if ruleset.scenes:
            return None
        cards = ruleset.corners(session.state)
        names = tuple(card_name(card) for card in cards) if cards is not None else session.setup.names
        return (names[0], names[1]) if len(names) == 2 else None

    def _look_again(self, asked: Any) -> None:
        screen = self.screen
        if screen.is_attached and screen.session.state is asked:
            self.render(screen.session.over)

    def toggle(self) -> None:
        """Show or hide the odds (a player who would rather not see them); kept for the next fight."""
        self.shown = not self.shown
        if self._store is not None:
            with suppress(StoreError):  # kept for this fight only: the store cannot be written (said elsewhere)
                self._store.set_setting("odds", "shown" if self.shown else "hidden")
        self.render(self.screen.session.over)
        self.screen.notify(
            "The odds are shown." if self.shown else "The odds are hidden (ctrl+o shows them).", timeout=3
        )

    def detail(self) -> None:
        """The whole distribution of the roll's odds (f9), as a table; shown even when the odds by
        the tray are hidden, since the player asked for them."""
        from companion.screens.reference import ReferenceScreen

        session = self.screen.session
        odds = None if session.over else session.ruleset.odds(session.state)
        if odds is None:
            self.screen.notify("No odds at this step: they come with a roll.", timeout=3)
            return
        self.screen.app.push_screen(ReferenceScreen(odds_reference(odds)))
