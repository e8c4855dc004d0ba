"""The free dice roller (issue 23 item 3), opened by ``ctrl+d`` on any screen: type an expression
in the notation of the five games (``2d6+3``, ``d%``, ``d10!``, ``4dF``, ``4d6kh3``), Enter rolls it
with the app's generator and shows the faces, the total and the exact odds of that total.

Its history is kept with the fight it was opened in (in the store, apart from the fight's answers:
a free roll is never an answer, and undo does not touch it), so it is there again when the fight
is resumed; opened outside a fight, the history lasts for the app's run."""

from __future__ import annotations

import random
import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from companion import roller
from companion.screens.widgets import escape
from companion.store import FreeRoll, Store, StoreError


class RollerScreen(ModalScreen[None]):
    """Roll dice free of the fight's prompts.

    Args:
        rng: the app's generator (seeded in tests).
        history: the rolls so far, first first; outside a fight, the app's list for its run,
            added to here.
        store: where a fight's rolls are kept (None: outside a fight).
        session_id: the fight the roller was opened in (None: outside a fight).
    """

    CSS_PATH = "roller.tcss"
    BINDINGS = [Binding("escape", "dismiss", "Close")]

    def __init__(
        self,
        rng: random.Random,
        history: list[FreeRoll],
        *,
        store: Store | None = None,
        session_id: int | None = None,
    ) -> None:
        super().__init__()
        self.rng = rng
        self.history = history
        """The rolls shown, first first."""
        self.store = store
        self.session_id = session_id
        self.last: roller.Roll | None = None
        """The latest roll made here."""

    def compose(self) -> ComposeResult:
        with Vertical(id="roller"):
            whose = "this fight's rolls, kept with it" if self.session_id is not None else "rolls kept until you quit"
            yield Label(f"Dice roller: {whose}", id="roll-title")
            yield Input(placeholder=roller.EXAMPLES, id="expression")
            yield Static(f"Type dice ({escape(roller.EXAMPLES)}) and press Enter.", id="roll-result")
            yield Label("History", id="roll-history-title")
            with VerticalScroll(id="roll-history-box"):
                yield Static(id="roll-history")
            apart = " · never an answer of the fight" if self.session_id is not None else ""
            yield Label(f"enter rolls · escape or ctrl+d closes{apart}", classes="muted")

    def on_mount(self) -> None:
        self._show_history()
        self.query_one("#expression", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        result = self.query_one("#roll-result", Static)
        try:
            expression = roller.parse(event.value)
        except roller.BadExpression as exc:
            result.set_class(True, "error")
            result.update(escape(str(exc)))
            return
        roll = expression.roll(self.rng)
        self.last = roll
        lines = [f"[b]{escape(roll.line)}[/b]", *map(escape, roller.odds_lines(roll))]
        result.set_class(False, "error")
        kept = self._keep(roll)
        if kept:
            lines.append(f"[$text-warning]{escape(kept)}[/]")
        result.update("\n".join(lines))
        self._show_history()
        # Enter rolls the same again; typing replaces it with a new expression
        self.query_one("#expression", Input).select_all()

    def _keep(self, roll: roller.Roll) -> str | None:
        """Add the roll to the history (and to the fight's, in the store); why it was not saved, if not."""
        expression, faces = roll.expression.text, roll.faces
        if self.store is not None and self.session_id is not None:
            try:
                self.history.append(self.store.add_free_roll(self.session_id, expression, faces, roll.total))
                return None
            except StoreError as exc:
                self.history.append(FreeRoll(len(self.history) + 1, expression, faces, roll.total, time.time()))
                return f"Not kept with the fight ({exc}): shown here until the roller closes."
        self.history.append(FreeRoll(len(self.history) + 1, expression, faces, roll.total, time.time()))
        return None

    def _show_history(self) -> None:
        rows = [
            f"{r.seq:>3}. {time.strftime('%H:%M', time.localtime(r.at))}  {escape(r.expression)}: "
            f"{escape(r.faces)} = [b]{r.total}[/b]"
            for r in reversed(self.history)
        ]
        self.query_one("#roll-history", Static).update("\n".join(rows) or "[dim]no rolls yet[/dim]")
