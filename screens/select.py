"""Fighter selection: the roster with a filter as you type, a card with every
rating, red and blue corners, a random pick, and the cards that did not load."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from companion.cards import Roster
from companion.ruleset import SIDES, Setup, default_options, get_ruleset
from screens.widgets import card_text, escape


def _entry(card: Any) -> str:
    """A roster line: the name, and the weight class where the game pairs by it (Cage Match)."""
    weight = getattr(card, "weight_class", None)
    return escape(card.name) + (f" [dim]({weight.removesuffix('weight')})[/dim]" if weight else "")


class FighterSelectScreen(Screen[None]):
    """Choose the red and blue corners for a game.

    Args:
        game: the game's key.
    """

    CSS_PATH = "select.tcss"
    BINDINGS = [
        Binding("down", "move(1)", "Down", show=False, priority=True),
        Binding("up", "move(-1)", "Up", show=False, priority=True),
        Binding("pagedown", "move(10)", show=False, priority=True),
        Binding("pageup", "move(-10)", show=False, priority=True),
        Binding("enter", "pick", "Pick", priority=True),
        Binding("ctrl+r", "random", "Random pick"),
        Binding("ctrl+u", "unpick", "Unpick", priority=True),
        Binding("ctrl+s", "start", "Start fight"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    corners: reactive[tuple[Any, Any]] = reactive((None, None), init=False)
    """The cards in the red and blue corners (None while empty)."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.ruleset = get_ruleset(game)
        self.roster: Roster = Roster(game)
        self.shown: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="corners"):
            yield Static(id="red-corner", classes="corner")
            yield Static(id="blue-corner", classes="corner")
        with Horizontal(id="body"):
            with Vertical(id="roster-pane"):
                yield Input(placeholder="type to filter the roster", id="filter")
                yield OptionList(id="roster")
            with VerticalScroll(id="card-pane"):
                yield Static(id="card")
        yield Static(id="problems", classes="warning")
        yield Footer(show_command_palette=False)  # room for every key at 80 columns

    def on_mount(self) -> None:
        self.title = self.ruleset.title
        self.sub_title = "choose the fighters"
        self.roster = self.app.roster(self.game)
        self._show_problems()
        self._fill("")
        self.watch_corners(self.corners)
        self.query_one("#filter", Input).focus()

    def _show_problems(self) -> None:
        problems = self.roster.problems
        widget = self.query_one("#problems", Static)
        if not problems:
            widget.display = False
            return
        head = f"{len(problems)} problem{'s' * (len(problems) != 1)} in card files; those cards were skipped:"
        lines = [head] + [f"  {escape(str(p))}" for p in problems[:3]]
        if len(problems) > 3:
            lines.append(f"  ... and {len(problems) - 3} more (companion fighters check FILE lists them all)")
        widget.update("\n".join(lines))

    def _fill(self, text: str) -> None:
        self._filled = text
        needle = text.casefold().strip()
        self.shown = [
            c for c in self.roster.cards
            if not needle or needle in c.name.casefold() or needle in (getattr(c, "nickname", "") or "").casefold()
            or needle in (getattr(c, "style", "") or "").casefold()
        ]
        roster = self.query_one("#roster", OptionList)
        roster.clear_options()
        roster.add_options([Option(_entry(c), id=str(i)) for i, c in enumerate(self.shown)])
        if self.shown:
            roster.highlighted = 0
        self._show_card()

    @on(Input.Changed, "#filter")
    def _filter(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(OptionList.OptionHighlighted, "#roster")
    def _highlighted(self) -> None:
        self._show_card()

    @on(OptionList.OptionSelected, "#roster")
    def _selected(self) -> None:
        self.action_pick()

    def highlighted_card(self) -> Any | None:
        typed = self.query_one("#filter", Input).value
        if typed != getattr(self, "_filled", None):
            self._fill(typed)  # Enter typed faster than the filter's Changed message: filter first
        roster = self.query_one("#roster", OptionList)
        if roster.highlighted is None or not self.shown:
            return None
        return self.shown[roster.highlighted]

    def _show_card(self) -> None:
        card = self.highlighted_card()
        self.query_one("#card", Static).update(card_text(card) if card else "No fighter matches the filter.")

    def watch_corners(self, corners: tuple[Any, Any]) -> None:
        for side, card in enumerate(corners):
            name = escape(card.name) if card else "(empty)"
            widget = self.query_one(f"#{SIDES[side]}-corner", Static)
            widget.update(f"{SIDES[side].upper()} corner: {name}")
            widget.set_class(card is None, "empty")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return True if all(self.corners) else None
        if action == "unpick":
            return any(self.corners)
        return True

    # --- actions -------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        roster = self.query_one("#roster", OptionList)
        if not self.shown:
            return
        current = roster.highlighted or 0
        roster.highlighted = max(0, min(len(self.shown) - 1, current + delta))

    def _put(self, card: Any) -> None:
        """The next empty corner; with both full, the pick replaces blue (a change of mind)."""
        red, _ = self.corners
        if red is None:
            self.corners = (card, None)
        elif card.name == red.name:
            self.notify(f"{card.name} is already in the red corner.", severity="warning", markup=False)
        else:
            self.corners = (red, card)

    def action_pick(self) -> None:
        """Put the highlighted fighter in the next empty corner; with both full, start."""
        if all(self.corners) and self.query_one("#filter", Input).value == "":
            self.action_start()
            return
        card = self.highlighted_card()
        if card is None:
            self.notify("No fighter matches the filter: change it.", severity="warning", timeout=3)
            return
        self._put(card)
        self.query_one("#filter", Input).value = ""

    def action_random(self) -> None:
        """Fill the next corner with a random fighter (from the filtered list, if any)."""
        taken = {c.name for c in self.corners if c}
        pool = [c for c in (self.shown or self.roster.cards) if c.name not in taken]
        if not pool:
            pool = [c for c in self.roster.cards if c.name not in taken]
        if not pool:
            return
        red = self.corners[0]
        if red is not None and hasattr(red, "weight_class"):
            # Cage Match: "pick or randomly choose 2 fighters of matching weight class"
            pool = [c for c in pool if c.weight_class == red.weight_class] or pool
        self._put(self.app.rng.choice(pool))

    def action_unpick(self) -> None:
        red, blue = self.corners
        self.corners = (red, None) if blue is not None else (None, None)

    def action_start(self) -> None:
        if not all(self.corners):
            self.notify("Pick a fighter for each corner first.", severity="warning")
            return
        from screens.setup import OptionsScreen

        def chosen(options: dict[str, Any] | None) -> None:
            if options is not None:
                self.app.new_fight(Setup(self.game, tuple(self.corners), options))

        if self.ruleset.options:
            self.app.push_screen(OptionsScreen(self.ruleset, default_options(self.ruleset)), chosen)
        else:
            chosen({})
