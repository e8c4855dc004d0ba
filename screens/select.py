"""Fighter selection: the roster with a filter as you type, a card with every
rating, red and blue corners, a random pick, and the cards that did not load.

For a game that has tournament nights (NHB, ruling NHB-9) the same screen
enters a bracket's fighters instead of two corners: ``ctrl+t`` switches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from companion.cards import NAME_MAX, Roster
from companion.ruleset import GAMES, SIDES, Ruleset, Setup, get_ruleset
from companion.screens.widgets import GameHeader, card_text, escape
from companion.tournament import SIZES
from companion.words import folded, shown

IN_ORDER = "order"
"""The draw as entered: 1 v 2, 3 v 4, ... (the first named of each pair is red)."""
AT_RANDOM = "random"
"""The draw shuffled by the app's generator."""


def _entry(ruleset: Ruleset, card: Any) -> str:
    """A roster line: the name, and what the game says of the card beside it (Cage Match: the
    weight class it pairs by)."""
    note = ruleset.roster_note(card)
    return escape(card.name) + (f" [dim]({escape(note)})[/dim]" if note else "")


def selection_screen(game: str) -> FighterSelectScreen:
    """The fighter selection for ``game``: two corners (or a tournament's entrants),
    or a scene of many on two sides where the game plays scenes (Fudge)."""
    if get_ruleset(game).scenes:
        from companion.screens.scene import SceneSelectScreen

        return SceneSelectScreen(game)
    return FighterSelectScreen(game)


class FilterBox(Input):
    """The roster's filter: every key a name has is typed into it; ``?`` (in no name) is left to the
    key help (issue 22)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character != "?" and super().check_consume_key(key, character)


class DrawScreen(ModalScreen[str | None]):
    """How the entrants meet: in the order entered, or drawn at random.

    Args:
        entrants: the names in the order entered.
    """

    BINDINGS = [
        Binding("o", "draw('order')", "In order", show=False),
        Binding("r", "draw('random')", "At random", show=False),
        Binding("escape", "dismiss(None)", "Back"),
    ]
    DEFAULT_CSS = """
    DrawScreen {
        align: center middle;
    }
    DrawScreen > Vertical {
        width: 60;
        max-width: 100%;
        height: auto;
        border: thick $primary;
        background: $surface;
        padding: 1 2;
    }
    DrawScreen #draw-title {
        text-style: bold;
        margin-bottom: 1;
    }
    DrawScreen OptionList {
        height: auto;
    }
    """

    def __init__(self, entrants: tuple[str, ...]) -> None:
        super().__init__()
        self.entrants = entrants

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"The draw for {len(self.entrants)} entrants", id="draw-title")
            yield OptionList(
                Option("[b]o[/b]  in the order entered [dim](1 v 2, 3 v 4, ...)[/dim]", id=IN_ORDER),
                Option("[b]r[/b]  drawn at random [dim](the app shuffles them)[/dim]", id=AT_RANDOM),
                id="draw",
            )
            yield Label("Enter chooses · escape goes back to the entrants", classes="muted")

    def on_mount(self) -> None:
        self.query_one("#draw", OptionList).highlighted = 0

    @on(OptionList.OptionSelected, "#draw")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_draw(self, draw: str) -> None:
        self.dismiss(draw)


class FighterSelectScreen(GameHeader, Screen[None]):
    """Choose the red and blue corners for a game, or a tournament's entrants.

    Args:
        game: the game's key; a tournament's key (``nhb_tournament``) opens
            its game's roster with the tournament entry switched on.
    """

    CSS_PATH = "select.tcss"
    BINDINGS = [
        Binding("down", "move(1)", "Down", show=False, priority=True),
        Binding("up", "move(-1)", "Up", show=False, priority=True),
        Binding("pagedown", "move(10)", show=False, priority=True),
        Binding("pageup", "move(-10)", show=False, priority=True),
        Binding("question_mark", "app.keys", "Keys", show=False, priority=True),  # before the filter: no name has one
        Binding("enter", "pick", "Pick", priority=True),
        Binding("ctrl+r", "random", "Random"),
        Binding("ctrl+u", "unpick", "Unpick", priority=True),
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+s", "start_tournament", "Start"),
        Binding("ctrl+t", "tournament(True)", "Tournament"),
        Binding("ctrl+t", "tournament(False)", "One bout"),
        Binding("f5", "simulate", "Simulate"),
        # the card editor (issue 23): said under the card, not in a footer that has room for no more
        Binding("ctrl+n", "new_card", "New card", show=False, priority=True),
        Binding("ctrl+e", "edit_card", "Edit card", show=False, priority=True),  # before the filter's end-of-line
        Binding("escape", "app.pop_screen", "Back"),
    ]

    corners: reactive[tuple[Any, Any]] = reactive((None, None), init=False)
    """The cards in the red and blue corners (None while empty)."""
    entrants: reactive[tuple[Any, ...]] = reactive((), init=False)
    """A tournament's fighters in the order entered."""
    tournament: reactive[bool] = reactive(False, init=False)
    """Entering a tournament's fighters rather than two corners."""

    def __init__(self, game: str) -> None:
        super().__init__()
        ruleset = get_ruleset(game)
        entering = ruleset.roster != game  # a tournament enters its game's cards
        self.game = ruleset.roster
        self.ruleset = get_ruleset(self.game)
        self.tournament_key: str | None = GAMES[self.game].tournament
        """The game's tournament night, where it has one."""
        self.roster: Roster = Roster(self.game)
        self.shown: list[Any] = []
        self.set_reactive(FighterSelectScreen.tournament, entering)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="corners"):
            yield Static(id="red-corner", classes="corner")
            yield Static(id="blue-corner", classes="corner")
        yield Static(id="entrants")
        with Horizontal(id="body"):
            with Vertical(id="roster-pane"):
                yield FilterBox(placeholder="type to filter the roster", id="filter")
                yield OptionList(id="roster")
            with VerticalScroll(id="card-pane"):
                yield Static(id="card")
        yield Static(id="problems", classes="warning")
        yield Footer(show_command_palette=False, compact=True)  # room for every key at 80 columns

    def on_mount(self) -> None:
        self.show_start()

    def show_start(self) -> None:
        """Fill the screen when it is mounted (a scene's selection fills its own)."""
        self.title = self.ruleset.title
        self.roster = self.app.roster(self.game)
        self._show_problems()
        self._fill("")
        self.watch_corners(self.corners)
        self.watch_tournament(self.tournament)
        self.query_one("#filter", Input).focus()

    def _show_problems(self) -> None:
        problems = self.roster.problems
        widget = self.query_one("#problems", Static)
        if not problems:
            widget.display = False
            return
        head = f"{len(problems)} problem{'s' * (len(problems) != 1)} in card files; {escape(self._left_out())}:"
        lines = [head] + [f"  {escape(str(p))}" for p in problems[:3]]
        if len(problems) > 3:
            lines.append(f"  ... and {len(problems) - 3} more (companion fighters check FILE lists them all)")
        widget.update("\n".join(lines))

    def _left_out(self) -> str:
        """What the problems keep out of the roster, in words: the cards named, and every card of a
        file none of whose cards loaded (a file that cannot be read at all)."""
        problems = self.roster.problems
        cards = list(dict.fromkeys(p.fighter for p in problems if p.fighter is not None))
        loaded = set(self.roster.source.values())
        files = list(dict.fromkeys(Path(p.file).name for p in problems if p.file not in loaded))
        whole = [f for f in files if not any(p.fighter is not None and Path(p.file).name == f for p in problems)]
        parts = [", ".join(shown(c, NAME_MAX) for c in cards)] if cards else []
        parts += [f"every card of {', '.join(shown(f) for f in whole)}"] if whole else []
        return "left out of the roster: " + "; ".join(parts) if parts else "every card loaded"

    def _fill(self, text: str) -> None:
        self._filled = text
        needle = folded(text).strip()  # without case or accents: "jose" finds José Aldo
        shown = [
            c
            for c in self.roster.cards
            if not needle
            or needle in folded(c.name)
            or any(needle in folded(word) for word in self.ruleset.card_words(c))
        ]
        if needle:
            # names first: "dan" finds Dan Severn before Ken Shamrock, "the World's Most Dangerous Man"
            shown.sort(key=lambda c: needle not in folded(c.name))
        self.shown = shown
        roster = self.query_one("#roster", OptionList)
        roster.clear_options()
        roster.add_options([Option(self.entry(c), id=str(i)) for i, c in enumerate(self.shown)])
        if self.shown:
            roster.highlighted = 0
        self._show_card()

    def entry(self, card: Any) -> str:
        """The roster line of ``card``."""
        return _entry(self.ruleset, card)

    @on(Input.Changed, "#filter")
    def _filter(self, event: Input.Changed) -> None:
        if event.value != getattr(self, "_filled", None):  # not already filled (clear_filter fills at once)
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
        text = card_text(self.ruleset.card_view(card, self.card_tables())) if card else "No fighter matches the filter."
        if self.ruleset.has_sheet and card:  # above the card: a long one (Cage Match's) scrolls
            text = "[dim]ctrl+e edits this card · ctrl+n makes a new one[/dim]\n" + text
        self.query_one("#card", Static).update(text)

    def card_tables(self) -> Any | None:
        """The tables a card's figures are derived with; None: the card alone (a scene's selection has them)."""
        return None

    def watch_corners(self, corners: tuple[Any, Any]) -> None:
        for side, card in enumerate(corners):
            name = escape(card.name) if card else "(empty)"
            widget = self.query_one(f"#{SIDES[side]}-corner", Static)
            widget.update(f"{SIDES[side].upper()} corner: {name}")
            widget.set_class(card is None, "empty")
        self.refresh_bindings()

    def watch_tournament(self, tournament: bool) -> None:
        self.sub_title = "enter the tournament's fighters" if tournament else "choose the fighters"
        self.fit_header()
        self.query_one("#corners").display = not tournament
        self.query_one("#entrants").display = tournament
        self.watch_entrants(self.entrants)

    def watch_entrants(self, entrants: tuple[Any, ...]) -> None:
        n = len(entrants)
        widget = self.query_one("#entrants", Static)
        if not n:
            widget.update("[b]Tournament[/b]: Enter enters the highlighted fighter · 4, 8 or 16 make a bracket")
        else:
            if n in SIZES:
                wanted = "ctrl+s starts"
            elif n < SIZES[-1]:
                size = next(size for size in SIZES if size > n)
                wanted = f"{size - n} more for {size}"
            else:
                wanted = ""
            names = " · ".join(f"[dim]{i}[/dim] {escape(card.name)}" for i, card in enumerate(entrants, 1))
            widget.update(f"[b]{n} entered[/b] [dim]({wanted})[/dim]: {names}")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # hidden (False) where a key cannot apply at all, so the footer fits 80 columns;
        # greyed (None) where it can once more is picked
        if action == "start":
            return (True if all(self.corners) else None) if not self.tournament else False
        if action == "start_tournament":
            return self.tournament  # always on: pressed too soon, it says how many a bracket takes
        if action == "tournament":
            return self.tournament_key is not None and parameters != (self.tournament,)
        if action == "simulate":
            return self.ruleset.simulated  # a game the simulator plays; it says what it needs
        if action == "unpick":
            return bool(self.entrants) if self.tournament else any(self.corners)
        if action in ("new_card", "edit_card"):
            return self.ruleset.has_sheet  # a game with a card editor (every game shipped)
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

    def _enter(self, card: Any) -> None:
        """Add ``card`` to the tournament's entrants, at the end of the draw."""
        if any(c.name == card.name for c in self.entrants):
            self.notify(f"{card.name} is already entered.", severity="warning", markup=False)
        elif len(self.entrants) >= SIZES[-1]:
            self.notify(f"A bracket takes at most {SIZES[-1]} fighters.", severity="warning")
        else:
            self.entrants = self.entrants + (card,)

    def action_pick(self) -> None:
        """Put the highlighted fighter in the next empty corner (with both full, start),
        or at the end of the tournament's entrants."""
        if not self.tournament and all(self.corners) and self.query_one("#filter", Input).value == "":
            self.action_start()
            return
        card = self.highlighted_card()
        if card is None:
            self.notify("No fighter matches the filter: change it.", severity="warning", timeout=3)
            return
        if self.tournament:
            self._enter(card)
        else:
            self._put(card)
        self.query_one("#filter", Input).value = ""

    def action_random(self) -> None:
        """Fill the next corner with a random fighter (from the filtered list, if any),
        or enter one not entered yet."""
        if self.tournament:
            entered = {c.name for c in self.entrants}
            pool = [c for c in self.shown if c.name not in entered]
            pool = pool or [c for c in self.roster.cards if c.name not in entered]
            if pool:
                self._enter(self.app.rng.choice(pool))
            return
        taken = {c.name for c in self.corners if c}
        pool = [c for c in (self.shown or self.roster.cards) if c.name not in taken]
        if not pool:
            pool = [c for c in self.roster.cards if c.name not in taken]
        if not pool:
            return
        red = self.corners[0]
        if red is not None:  # e.g. Cage Match: "pick or randomly choose 2 fighters of matching weight class"
            pool = [c for c in pool if self.ruleset.may_meet(red, c)] or pool
        pool = [c for c in pool if self.ruleset.can_fight(c)] or pool  # not one who cannot, while others can
        self._put(self.app.rng.choice(pool))

    def clear_filter(self) -> bool:
        """Clear the filter if anything is typed in it (ctrl+u, as in a shell's line), keeping the
        highlighted card highlighted in the whole roster; True if it was."""
        box = self.query_one("#filter", Input)
        if not box.value:
            return False
        card = self.highlighted_card()
        box.value = ""
        self._fill("")
        if card is not None and card in self.shown:
            self.query_one("#roster", OptionList).highlighted = self.shown.index(card)
        return True

    def action_unpick(self) -> None:
        """Clear the typed filter first; else take back the last pick: blue, then red; in a
        tournament the last entered."""
        if self.clear_filter():
            return
        if self.tournament:
            self.entrants = self.entrants[:-1]
            return
        red, blue = self.corners
        self.corners = (red, None) if blue is not None else (None, None)

    def action_tournament(self, on: bool) -> None:
        """Switch between entering a tournament and choosing two corners; each keeps its picks."""
        if self.tournament_key is not None:
            self.tournament = on

    def action_start_tournament(self) -> None:
        """Check the number entered, ask for the draw, then the options, then start the night."""
        n = len(self.entrants)
        if not self.tournament or self.tournament_key is None:
            return
        if n not in SIZES:
            self.notify(
                f"A tournament needs 4, 8 or 16 fighters: {n} {'is' if n == 1 else 'are'} entered.",
                title="Not yet",
                severity="warning",
                timeout=6,
            )
            return
        from companion.screens.setup import OptionsScreen

        ruleset = get_ruleset(self.tournament_key)
        entrants = tuple(self.entrants)

        def chosen(options: dict[str, Any] | None, cards: tuple[Any, ...]) -> None:
            if options is not None:
                self.app.new_fight(Setup(self.tournament_key, cards, options))

        def drawn(draw: str | None) -> None:
            if draw is None:
                return
            cards = list(entrants)
            if draw == AT_RANDOM:
                self.app.rng.shuffle(cards)  # the app's generator: seeded in tests
            self.app.push_screen(OptionsScreen(ruleset), lambda options: chosen(options, tuple(cards)))

        self.app.push_screen(DrawScreen(tuple(c.name for c in entrants)), drawn)

    def action_new_card(self) -> None:
        """The card editor on a new card: once saved it joins the roster, highlighted (issue 23)."""
        if self.ruleset.has_sheet:
            from companion.screens.sheet import SheetScreen

            self.app.push_screen(SheetScreen(self.game), self._card_saved)

    def action_edit_card(self) -> None:
        """The card editor on the highlighted card: saved, it replaces the card in the data folder
        (a shipped card: a copy there). A fight begun with the old card keeps it (its setup holds
        its cards)."""
        card = self.highlighted_card()
        if card is None:
            self.notify("No fighter matches the filter: change it.", severity="warning", timeout=3)
            return
        if self.ruleset.has_sheet:
            from companion.screens.sheet import SheetScreen

            try:
                screen = SheetScreen(self.game, card)
            except ValueError as exc:
                self.notify(str(exc), severity="warning", timeout=4, markup=False)
                return
            self.app.push_screen(screen, self._card_saved)

    def _card_saved(self, name: str | None) -> None:
        """The roster read again after a card is saved, the card highlighted; a corner or an entrant
        holding the card's old figures is given the new ones."""
        if not name:
            return
        self.roster = self.app.roster(self.game)
        self._show_problems()
        self.refresh_picks(name)
        box = self.query_one("#filter", Input)
        box.value = name
        self._fill(name)  # at once, not waiting for the filter's Changed message
        box.focus()

    def fresh(self, card: Any, name: str) -> Any:
        """``card`` as the roster has it now where it is the card called ``name``, else itself."""
        if card is None or card.name != name:
            return card
        return self.roster.find(name) or card

    def refresh_picks(self, name: str) -> None:
        """The corners and the entrants holding the card called ``name`` given its saved figures."""
        red, blue = self.corners
        self.corners = (self.fresh(red, name), self.fresh(blue, name))
        self.entrants = tuple(self.fresh(c, name) for c in self.entrants)

    def action_simulate(self) -> None:
        """Many virtual bouts (or nights) of the fighters picked, to see the odds."""
        cards = tuple(self.entrants) if self.tournament else tuple(c for c in self.corners if c)
        if len(cards) not in (SIZES if self.tournament else (2,)):
            want = "4, 8 or 16 entrants" if self.tournament else "both corners"
            self.notify(f"Pick {want} first: the simulator runs them.", severity="warning", timeout=4)
            return
        from companion.screens.matchup import MatchupScreen  # the simulator loads when first wanted

        self.app.push_screen(MatchupScreen(game=self.game, cards=cards, tournament=self.tournament))

    def action_start(self) -> None:
        if not all(self.corners):
            self.notify("Pick a fighter for each corner first.", severity="warning")
            return
        from companion.screens.setup import OptionsScreen

        def chosen(options: dict[str, Any] | None) -> None:
            if options is not None:
                self.app.new_fight(Setup(self.game, tuple(self.corners), options))

        if self.ruleset.options:
            self.app.push_screen(OptionsScreen(self.ruleset), chosen)
        else:
            chosen({})
