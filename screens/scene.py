"""Fighter selection for a scene of many (Fudge, PAF; design issue 6): the game master
puts cards on the red or the blue side, 2 to the game's most (Fudge 16, PAF 8) and at
least one a side, sees each card, takes one back, and starts. Where the game takes
NPC groups (Fudge, issue 17), a card put in again is one more of its group: "Orc Guard
x3", numbered "Orc Guard 1" to "Orc Guard 3" when the scene starts.

The roster, the filter and the card come from the two-corner selection screen;
only what is picked, and how, differs."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Footer, Header, Input, OptionList, Static

from companion.ruleset import SIDES, Setup
from companion.screens.select import FighterSelectScreen
from companion.screens.widgets import escape

MIN_SCENE = 2
"""The fewest combatants a scene takes (design §6)."""
MAX_SCENE = 8
"""The most combatants a scene takes where the game says no other (design §6; Fudge takes 16)."""

SIDE_STYLE = ("$text-error", "$text-primary")
"""Each side's colour, as theme variables (red, blue)."""


def scene_order(placed: tuple[tuple[Any, int], ...]) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    """The cards and their sides in scene order: the red side as picked, then the blue.

    Args:
        placed: each card with its side (0 red, 1 blue), in the order picked.

    Returns:
        The cards and the matching sides, as ``Setup.fighters`` and ``Setup.sides``
        take them (the order ``companion script --red ... --blue ...`` gives too); the
        copies of a card (an NPC group) together, where its first was picked.
    """
    ordered: list[tuple[Any, int]] = []
    for side in (0, 1):
        mine = [p for p in placed if p[1] == side]
        names = list(dict.fromkeys(card.name for card, _ in mine))  # an NPC group's copies together
        ordered += sorted(mine, key=lambda p: names.index(p[0].name))
    return tuple(card for card, _ in ordered), tuple(side for _, side in ordered)


class SceneSelectScreen(FighterSelectScreen):
    """Choose the combatants of a scene and their sides.

    Enter puts the highlighted card on the side being filled, ``ctrl+o`` turns
    to the other side, ``ctrl+u`` clears the filter if one is typed, else takes
    back the highlighted card if it is in the scene (else the last picked),
    ``ctrl+s`` goes on to the options.

    Args:
        game: the game's key (a ruleset with ``scenes = True``).
    """

    CSS_PATH = ["select.tcss", "scene.tcss"]
    BINDINGS = [
        Binding("down", "move(1)", "Down", show=False, priority=True),
        Binding("up", "move(-1)", "Up", show=False, priority=True),
        Binding("pagedown", "move(10)", show=False, priority=True),
        Binding("pageup", "move(-10)", show=False, priority=True),
        Binding("enter", "pick", "Add", priority=True),
        Binding("ctrl+o", "side(1)", "To blue", priority=True),
        Binding("ctrl+o", "side(0)", "To red", priority=True),
        Binding("ctrl+r", "random", "Random"),
        Binding("ctrl+u", "unpick", "Remove", priority=True),
        Binding("ctrl+s", "start", "Start"),
        # the card says it (the footer keeps Quit at 80 columns)
        Binding(
            "ctrl+n", "new_card", "New card", show=False, tooltip="the card editor: a new card saved to the data folder"
        ),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    placed: reactive[tuple[tuple[Any, int], ...]] = reactive((), init=False)
    """The cards in the scene with their sides (0 red, 1 blue), in the order picked."""
    filling: reactive[int] = reactive(0, init=False)
    """The side the next pick goes to."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="scene-sides"):
            yield Static(id="red-side", classes="scene-side")
            yield Static(id="blue-side", classes="scene-side")
        with Horizontal(id="body"):
            with Vertical(id="roster-pane"):
                yield Input(placeholder="type to filter the roster", id="filter")
                yield OptionList(id="roster")
            with VerticalScroll(id="card-pane"):
                yield Static(id="card")
        yield Static(id="problems", classes="warning")
        yield Footer(show_command_palette=False, compact=True)

    @property
    def most(self) -> int:
        """The most combatants the game's scene takes."""
        return self.ruleset.most

    @property
    def copies(self) -> bool:
        """The game takes the same card more than once (an NPC group, numbered at the start)."""
        return self.ruleset.copies

    def show_start(self) -> None:
        self.title = self.ruleset.title
        self.sub_title = f"a scene: {MIN_SCENE} to {self.most} combatants on two sides"
        self.fit_header()
        self.roster = self.app.roster(self.game)
        self._show_problems()
        self._fill("")
        self._show_sides()
        self.query_one("#filter", Input).focus()

    # --- reading -------------------------------------------------------------

    def side_of(self, card: Any) -> int | None:
        """The side ``card`` is on, or None when it is not in the scene."""
        return next((side for c, side in self.placed if c.name == card.name), None)

    def entry(self, card: Any) -> str:
        """A roster line: R or B where the card is placed (xN for a group), the name, the setting."""
        setting = self.ruleset.roster_note(card)
        side = self.side_of(card)
        mark = f"[b {SIDE_STYLE[side]}]{SIDES[side][0].upper()}[/] " if side is not None else "  "
        count = sum(1 for c, _ in self.placed if c.name == card.name)
        many = f" [b]x{count}[/b]" if count > 1 else ""
        return mark + escape(card.name) + many + (f" [dim]({escape(str(setting))})[/dim]" if setting else "")

    def _show_sides(self) -> None:
        """Each side's combatants in scene order (a group as one entry, ``Orc Guard x3``), and which
        side a pick goes to."""
        cards, sides = scene_order(self.placed)
        n = len(cards)
        for side in (0, 1):
            groups: list[tuple[int, str, int]] = []  # (scene number of the first, name, how many)
            for i, (c, s) in enumerate(zip(cards, sides), 1):
                if s != side:
                    continue
                if groups and groups[-1][1] == c.name:
                    groups[-1] = (groups[-1][0], c.name, groups[-1][2] + 1)
                else:
                    groups.append((i, c.name, 1))
            names = [
                f"[dim]{i}[/dim] {escape(name)}" if k == 1 else f"[dim]{i}-{i + k - 1}[/dim] {escape(name)} [b]x{k}[/b]"
                for i, name, k in groups
            ]
            head = f"[b {SIDE_STYLE[side]}]{SIDES[side].upper()} side[/]"
            if side == self.filling:
                head += " [b]◀ Enter adds here[/b]" if n < self.most else " [dim](full)[/dim]"
            widget = self.query_one(f"#{SIDES[side]}-side", Static)
            widget.update(head + "\n" + (" · ".join(names) if names else "[dim](nobody yet)[/dim]"))
            widget.set_class(side == self.filling, "filling")
        self.refresh_bindings()

    def watch_placed(self) -> None:
        roster = self.query_one("#roster", OptionList)
        for i, card in enumerate(self.shown):  # mark each card's side, keeping the highlight
            roster.replace_option_prompt_at_index(i, self.entry(card))
        self._show_sides()

    def watch_filling(self) -> None:
        self._show_sides()

    def ready(self) -> str | None:
        """Why the scene cannot start yet, or None when it can."""
        n = len(self.placed)
        sides = {side for _, side in self.placed}
        if n < MIN_SCENE or sides != {0, 1}:
            return "Put at least one combatant on each side (ctrl+o turns to the other side)."
        if n > self.most:
            return f"A scene takes at most {self.most} combatants."
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return True if self.ready() is None else None
        if action == "side":
            return parameters != (self.filling,)
        if action == "unpick":
            return True if self.placed else None
        if action == "simulate":  # the scene simulator, where the game's scenes are simulated (issue 21)
            return (True if self.ready() is None else None) if self.ruleset.simulated else False
        if action in ("tournament", "start_tournament"):
            return False  # the two-corner screen's keys: a scene has no tournament
        return True

    # --- actions -------------------------------------------------------------

    def _put(self, card: Any) -> None:
        """Put ``card`` on the side being filled: once, or again as one more of its group where the
        game takes NPC groups."""
        side = self.side_of(card)
        if side is not None and not self.copies:
            self.notify(
                f"{card.name} is already on the {SIDES[side]} side (ctrl+u takes a card back).",
                severity="warning",
                markup=False,
                timeout=4,
            )
        elif len(self.placed) >= self.most:
            self.notify(
                f"A scene takes at most {self.most} combatants: ctrl+s starts it.", severity="warning", timeout=4
            )
        else:
            self.placed = self.placed + ((card, self.filling),)
            if side is not None and sum(1 for c, _ in self.placed if c.name == card.name) == 2:
                self.notify(  # said once, when the group forms
                    f"{card.name} x2: an NPC group, each numbered when the scene starts (ctrl+u takes one back).",
                    markup=False,
                    timeout=4,
                )

    def action_pick(self) -> None:
        """Put the highlighted card on the side being filled."""
        card = self.highlighted_card()
        if card is None:
            self.notify("No fighter matches the filter: change it.", severity="warning", timeout=3)
            return
        self._put(card)
        self.query_one("#filter", Input).value = ""
        self._last_put = card.name

    _last_put: str | None = None
    """The card last put on a side: the whole roster shown again keeps it highlighted, so Enter
    again puts one more of it (an NPC group), as a table filling a side of orcs expects (issue 22
    review: the highlight went to the roster's top)."""

    def _fill(self, text: str) -> None:
        super()._fill(text)
        named = [i for i, c in enumerate(self.shown) if c.name == self._last_put]
        if not text.strip() and named:
            self.query_one("#roster", OptionList).highlighted = named[0]
            self._show_card()

    def action_side(self, side: int) -> None:
        """The next picks go to ``side``."""
        self.filling = side

    def action_random(self) -> None:
        """A random card not yet in the scene (from the filtered list, if any) on the side being filled."""
        taken = {c.name for c, _ in self.placed}
        pool = [c for c in self.shown if c.name not in taken] or [c for c in self.roster.cards if c.name not in taken]
        pool = [c for c in pool if self.ruleset.can_fight(c)] or pool  # not the dead, while others can
        if pool:
            self._put(self.app.rng.choice(pool))

    def action_unpick(self) -> None:
        """Clear the typed filter first; else take the highlighted card out of the scene if it is
        in it, else the last one picked."""
        if self.clear_filter() or not self.placed:
            return
        card = self.highlighted_card()
        if card is not None and self.side_of(card) is not None:
            last = max(i for i, p in enumerate(self.placed) if p[0].name == card.name)  # one of a group at a time
            self.placed = self.placed[:last] + self.placed[last + 1 :]
            gone = card
        else:
            gone = self.placed[-1][0]
            self.placed = self.placed[:-1]
        self.notify(f"{gone.name} is out of the scene.", timeout=3, markup=False)

    def refresh_picks(self, name: str) -> None:
        """The combatants holding the card called ``name`` given its saved figures."""
        self.placed = tuple((self.fresh(card, name), side) for card, side in self.placed)

    def card_tables(self) -> Any | None:
        """The tables a card's numbers are derived with (the game's ``tables_for``), or None."""
        if not hasattr(self, "_tables"):
            self._tables = None
            if self.ruleset.has_tables:
                try:
                    self._tables = self.ruleset.tables_for(self.app.directory)
                except ValueError:
                    self._tables = None  # the tables' own problems show when the fight starts
        return self._tables

    def _scene(self) -> tuple[tuple[Any, ...], tuple[int, ...]]:
        """The cards and their sides in scene order, an NPC group's copies numbered."""
        cards, sides = scene_order(self.placed)
        if self.copies:  # an NPC group: "Orc Guard 1", "Orc Guard 2" ... (issue 17)
            from companion.replay import number_copies

            cards = number_copies(cards)
        return cards, sides

    def action_simulate(self) -> None:
        """Many virtual scenes of the sides picked (issue 21), with the tables in play and the game's
        default options (``o`` there picks others): who wins, in how many rounds, and how
        each combatant ends."""
        why = self.ready()
        if why is not None:
            self.notify(why, title="Not yet", severity="warning", timeout=5)
            return
        try:
            tables = self.ruleset.tables_for(self.app.directory)
        except ValueError as exc:  # the GM's own tables cannot be played: say why, as a fight would
            self.notify(str(exc), title="This cannot be simulated", severity="error", timeout=20, markup=False)
            return
        from companion.screens.scene_matchup import SceneMatchupScreen  # the simulator loads when first wanted

        cards, sides = self._scene()
        self.app.push_screen(SceneMatchupScreen(self.game, cards, sides, tables=tables))

    def action_start(self) -> None:
        """Check the scene, ask for the options, then start the fight."""
        why = self.ready()
        if why is not None:
            self.notify(why, title="Not yet", severity="warning", timeout=5)
            return
        from companion.screens.setup import OptionsScreen

        cards, sides = self._scene()

        def chosen(options: dict[str, Any] | None) -> None:
            if options is not None:
                self.app.new_fight(Setup(self.game, cards, options, sides=sides))

        if self.ruleset.options:
            self.app.push_screen(OptionsScreen(self.ruleset), chosen)
        else:
            chosen({})
