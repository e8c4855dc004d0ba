"""Home: pick a game, resume an unfinished fight, see finished ones."""

from __future__ import annotations

import time

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from companion.games import GAMES
from companion.screens.widgets import escape
from companion.store import StoreError
from companion.words import count


def _short(game: str) -> str:
    """A game's name short enough for one line of a list (its key, if it is no longer installed)."""
    return GAMES[game].short if game in GAMES else game


def _title(game: str, title: str) -> str:
    """A saved fight's title; a tournament's (every entrant, ``A vs B vs ...``) cut to its first two."""
    names = title.split(" vs ")
    if game in GAMES and GAMES[game].night and len(names) > 2:
        return f"{len(names)} entrants: {names[0]}, {names[1]}, ..."
    return title


def _when(stamp: float) -> str:
    return time.strftime("%d %b %H:%M", time.localtime(stamp))


def _outcome(game: str, result: dict) -> str:
    """A stored result in one line (``Result.headline``), or what can be said of a damaged one."""
    from companion.ruleset import Result

    try:
        if game not in GAMES:  # a game no longer installed: its result as any game's
            return Result(**result).headline()
        ruleset = GAMES[game].load()
        return ruleset.result_type(**result).headline(ruleset.period_word)
    except (TypeError, ValueError):
        return "result unreadable"


class HomeScreen(Screen[None]):
    """The first screen."""

    CSS_PATH = "home.tcss"
    BINDINGS = [
        Binding("enter", "open", "Open", show=True),
        Binding("tab", "app.focus_next", "Next list", show=True),
        Binding("delete", "forget", "Forget fight"),
        Binding("ctrl+z", "bring_back", "Bring back", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.forgotten: list[tuple[int, str]] = []
        """The fights forgotten here, latest last, with their names: ctrl+z brings the latest back
        until the app quits (then they are deleted for good)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="games-pane"):
                yield Label("Games", classes="heading")
                yield OptionList(id="games")
            with Vertical(id="fights-pane"):
                yield Label("Unfinished fights: Enter resumes", id="unfinished-heading", classes="heading")
                yield OptionList(id="unfinished")
                yield Label("Finished fights", id="finished-heading", classes="heading")
                yield OptionList(id="finished")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        for game in GAMES.listed():
            games.add_option(Option(game.title, id=game.key))
        games.highlighted = 0
        games.focus()

    def on_screen_resume(self) -> None:
        self.refresh_fights()
        left = getattr(self.app, "last_fight", None)
        if left is not None:  # back from a fight: it is the one highlighted in the list it is now in (issue 22)
            self._highlight(left, focus=False)
        focused = self.focused
        if isinstance(focused, OptionList) and focused.get_option_at_index(0).id == "none":
            self.query_one("#games", OptionList).focus()  # e.g. back from the last unfinished fight, now over

    def _highlight(self, session_id: int, *, focus: bool = True) -> bool:
        """Highlight the saved fight ``session_id`` in its list (and ``focus`` the list); False if it
        is in neither. Tab then lands on it: del names the fight just left, not another."""
        for name in ("#unfinished", "#finished"):
            listed = self.query_one(name, OptionList)
            try:
                index = listed.get_option_index(str(session_id))
            except OptionDoesNotExist:  # not in this list
                continue
            listed.highlighted = index
            if focus:
                listed.focus()
            return True
        return False

    def refresh_fights(self) -> None:
        """List the saved fights afresh (after a fight, or a forget)."""
        store = self.app.store
        unfinished = self.query_one("#unfinished", OptionList)
        unfinished.clear_options()
        for saved in store.sessions("open"):
            label = (
                f"{_title(saved.game, saved.title)} · {_short(saved.game)} · "
                f"{count(saved.answers, 'answer')} · {_when(saved.updated)}"
            )
            if store.held_elsewhere(saved.id):
                label += " · open in another companion"
            unfinished.add_option(Option(escape(label), id=str(saved.id)))
        # how many, said over each list: a list longer than its share of the pane scrolls
        open_count = unfinished.option_count
        self.query_one("#unfinished-heading", Label).update(
            f"Unfinished fights ({open_count}): Enter resumes" if open_count else "Unfinished fights"
        )
        if not open_count:
            unfinished.add_option(Option("none", id="none", disabled=True))
        else:
            unfinished.highlighted = 0
        finished = self.query_one("#finished", OptionList)
        finished.clear_options()
        for saved in store.sessions("over"):
            outcome = _outcome(saved.game, saved.result or {})
            if not (saved.result or {}).get("winner"):  # a draw names nobody: whose fight it was
                outcome = f"{_title(saved.game, saved.title)}: {outcome}"
            label = f"{outcome} · {_short(saved.game)} · {_when(saved.updated)}"
            finished.add_option(Option(escape(label), id=str(saved.id)))
        over_count = finished.option_count
        self.query_one("#finished-heading", Label).update(
            f"Finished fights ({over_count})" if over_count else "Finished fights"
        )
        if not over_count:
            finished.add_option(Option("none yet", id="none", disabled=True))
        else:
            finished.highlighted = 0

    @on(OptionList.OptionSelected, "#games")
    def _game_chosen(self, event: OptionList.OptionSelected) -> None:
        from companion.screens.select import selection_screen

        try:
            screen = selection_screen(event.option.id)  # two corners, or a scene of many (Fudge)
        except ImportError as exc:  # a game whose module is missing or broken: say so, stay home
            self.notify(f"This game cannot be loaded: {exc}", title="Game", severity="error", timeout=10, markup=False)
            return
        self.app.push_screen(screen)

    @on(OptionList.OptionSelected, "#unfinished, #finished")
    def _fight_chosen(self, event: OptionList.OptionSelected) -> None:
        """Resume an unfinished fight, or show a finished one with its result."""
        if event.option.id and event.option.id != "none":
            self.app.resume_fight(int(event.option.id))

    def action_open(self) -> None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.highlighted is not None:
            focused.action_select()

    def action_forget(self) -> None:
        """Forget the highlighted saved fight, after asking."""
        from companion.screens.confirm import ConfirmScreen

        focused = self.focused
        if not isinstance(focused, OptionList) or focused.id == "games" or focused.highlighted is None:
            self.notify("Highlight a saved fight first (Tab moves to the lists).", timeout=3)
            return
        option = focused.get_option_at_index(focused.highlighted)
        if not option.id or option.id == "none":
            return
        session_id = int(option.id)

        name = str(option.prompt)  # escaped already

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    self.app.store.forget(session_id)
                except StoreError as exc:  # another app has it open, or the store cannot be written
                    self.notify(f"The fight was not forgotten: {exc}", severity="error", timeout=10, markup=False)
                    return
                self.forgotten.append((session_id, name))
                self.notify(f"Forgotten: {name}. ctrl+z brings it back (until you quit).", timeout=8)
                self.refresh_fights()

        question = f"Forget {name}? ctrl+z on this screen brings it back until you quit."
        self.app.push_screen(ConfirmScreen(question, "Forget"), answered)

    def action_bring_back(self) -> None:
        """Bring back the fight forgotten last (issue 22)."""
        if not self.forgotten:
            self.notify("No fight was forgotten: nothing to bring back.", timeout=3)
            return
        session_id, name = self.forgotten[-1]
        try:
            self.app.store.bring_back(session_id)
        except (StoreError, KeyError) as exc:
            self.notify(f"The fight could not be brought back: {exc}", severity="error", timeout=10, markup=False)
            return
        self.forgotten.pop()
        self.refresh_fights()
        self._highlight(session_id)
        self.notify(f"Brought back: {name}.", timeout=4)
