"""The rules options of a game, chosen before a fight starts."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select

from companion.ruleset import OptionSpec, Ruleset


class OptionsScreen(ModalScreen[dict[str, Any] | None]):
    """Pick each option; Start returns them, Escape returns None.

    Args:
        ruleset: the game whose options these are.
        chosen: the values to show first (the defaults).
        start: what ctrl+s and the first button do with them (the simulator's: use them for
            its next run).
    """

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#options Select"
    """The first option has the keys at once (not the list around it, which shows no focus)."""
    BINDINGS = [
        Binding("ctrl+s", "start", "Start fight", priority=True),
        Binding("escape", "dismiss(None)", "Cancel"),
    ]

    def __init__(self, ruleset: Ruleset, chosen: dict[str, Any], start: str = "Start fight") -> None:
        super().__init__()
        self.ruleset = ruleset
        self.chosen = dict(chosen)
        self.start = start

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(f"{self.ruleset.title}: rules options", id="title")
            # many options (Fudge has 13) scroll inside the dialog; the buttons stay in view
            with VerticalScroll(id="options"):
                for spec in self.ruleset.options:
                    with Horizontal(classes="option"):
                        yield Label(spec.label, classes="name")
                        yield Select(
                            [(spec.shown(c), c) for c in spec.choices],
                            value=self.chosen.get(spec.key, spec.default),
                            allow_blank=False,
                            id=f"opt-{spec.key}",
                            compact=True,
                        )
                    yield Label(spec.help, classes="help")
            with Horizontal(id="buttons"):
                yield Button(f"{self.start} (ctrl+s)", variant="primary", id="start", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def _spec(self, select: Select) -> OptionSpec:
        key = (select.id or "").removeprefix("opt-")
        return next(s for s in self.ruleset.options if s.key == key)

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        self.chosen[self._spec(event.select).key] = event.value

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        self.dismiss(dict(self.chosen))

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
