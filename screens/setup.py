"""The rules options of a game, chosen before a fight starts."""

from __future__ import annotations

import contextlib
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select

from companion.ruleset import OptionSpec, Ruleset, default_options, resolve_options
from companion.store import Store, StoreError


def remembered_options(store: Store, ruleset: Ruleset) -> dict[str, Any]:
    """The game's rules options as chosen for its last fight (a new-user trial set six Fudge options again
    for every scene); the defaults the first time, and for any option kept that no longer fits."""
    chosen = default_options(ruleset)
    for key, value in store.last_options(ruleset.key).items():
        try:
            chosen[key] = resolve_options(ruleset.options, {key: value})[key]
        except (ValueError, TypeError):  # an option since dropped, or a value it no longer has
            continue
    return chosen


class OptionsScreen(ModalScreen[dict[str, Any] | None]):
    """Pick each option; Start returns them, Escape returns None.

    Args:
        ruleset: the game whose options these are.
        chosen: the values to show first; None: those of the game's last fight
            (:func:`remembered_options`), else its defaults.
        start: what ctrl+s and the first button do with them (the simulator's: use them for
            its next run).
        remember: keep the options started with for the game's next fight.
    """

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#options Select"
    """The first option has the keys at once (not the list around it, which shows no focus)."""
    BINDINGS = [
        Binding("ctrl+s", "start", "Start fight", priority=True),
        Binding("escape", "dismiss(None)", "Cancel"),
        Binding("ctrl+b", "defaults", "Defaults", priority=True),  # ctrl+d is the dice roller everywhere
    ]

    def __init__(
        self,
        ruleset: Ruleset,
        chosen: dict[str, Any] | None = None,
        start: str = "Start fight",
        *,
        remember: bool = True,
    ) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.given = chosen
        self.chosen: dict[str, Any] = {}
        self.start = start
        self.remember = remember

    def compose(self) -> ComposeResult:
        store = getattr(self.app, "store", None)
        if self.given is not None:
            self.chosen = dict(self.given)
        else:
            self.chosen = (
                remembered_options(store, self.ruleset) if store is not None else default_options(self.ruleset)
            )
        with Vertical(id="dialog"):
            yield Label(f"{self.ruleset.title}: rules options", id="title")
            if self.given is None and self.chosen != default_options(self.ruleset):
                yield Label("as at your last fight of this game; ctrl+b: back to the defaults", id="kept")
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
        store = getattr(self.app, "store", None)
        if self.remember and store is not None:
            with contextlib.suppress(StoreError):  # a convenience: a read-only store keeps none
                store.keep_options(self.ruleset.key, self.chosen)
        self.dismiss(dict(self.chosen))

    def action_defaults(self) -> None:
        """Every option back to the game's default."""
        for spec in self.ruleset.options:
            self.query_one(f"#opt-{spec.key}", Select).value = spec.default
        self.chosen = default_options(self.ruleset)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
