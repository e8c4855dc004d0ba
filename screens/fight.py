"""The fight: both fighters with their live numbers, the prompt and the dice
tray, the play-by-play, undo and redo, the rules reference and the result."""

from __future__ import annotations

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, RichLog, Static

from companion.dice import Refused
from companion.ruleset import ChoicePrompt, OverPrompt
from companion.session import Session
from screens.widgets import DiceTray, FighterPanel, prompt_text


class FightScreen(Screen[None]):
    """One fight in play. The session holds the state; this screen watches it.

    Args:
        session: the fight, already saved in the app's store.
    """

    CSS_PATH = "fight.tcss"
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll for me", id="roll"),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("f1", "reference", "Rules table", id="reference"),
        Binding("ctrl+t", "rematch", "Rematch", id="rematch"),
        Binding("ctrl+n", "new_fight", "New fight", id="new_fight"),
        Binding("escape", "home", "Home", id="home"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="ring"):
            yield FighterPanel(id="red", classes="fighter")
            with Vertical(id="centre"):
                yield Static(id="status")
                yield Static(id="prompt")
                yield DiceTray(id="tray")
                yield Static(id="result")
            yield FighterPanel(id="blue", classes="fighter")
        yield RichLog(id="log", markup=True, wrap=True, auto_scroll=True)
        yield Footer(show_command_palette=False)  # room for every key at 80 columns

    def on_mount(self) -> None:
        self.title = self.session.ruleset.title
        self.sub_title = " vs ".join(self.session.setup.names)
        self.session.watch(self._changed)
        self._render_all(rewrite_log=True)
        if not self.session.over:
            self.query_one("#faces", Input).focus()

    def on_unmount(self) -> None:
        self.session.unwatch(self._changed)

    # --- rendering -----------------------------------------------------------

    def _changed(self, session: Session) -> None:
        self._render_all(rewrite_log=True)

    def _render_all(self, *, rewrite_log: bool) -> None:
        session = self.session
        ruleset = session.ruleset
        state = session.state
        prompt = session.prompt
        trackers = ruleset.trackers(state)
        acting = getattr(prompt, "side", None)
        for side, name in enumerate(session.setup.names):
            panel = self.query_one("#red" if side == 0 else "#blue", FighterPanel)
            panel.show(side, name, trackers.get(name, {}), acting == side)
        status = []
        period = getattr(state, "segment", None)
        if period is not None:
            status.append(f"{ruleset.period_word.capitalize()} {period}")
        status.append(f"{len(session.steps)} answers")
        if session.redo_stack:
            status.append(f"{len(session.redo_stack)} to redo")
        self.query_one("#status", Static).update(" · ".join(status))
        over = isinstance(prompt, OverPrompt)
        self.query_one("#prompt", Static).update(prompt_text(prompt))
        tray = self.query_one(DiceTray)
        tray.set_prompt(prompt)
        self.query_one("#prompt").display = not over
        tray.display = not over
        result = self.query_one("#result", Static)
        if over:
            r = prompt.result
            lines = [f"[b]{escape(r.headline(ruleset.period_word))}[/b]"]
            if r.fight_time and r.fight_time != r.time:
                lines.append(f"fight time {r.fight_time}")
            lines.append("[dim]ctrl+t rematch · ctrl+n new fight\nctrl+z undo · escape home[/dim]")
            result.update("\n".join(lines))
            result.display = True
        else:
            result.display = False
        if rewrite_log:
            log = self.query_one("#log", RichLog)
            log.clear()
            for line, virtual in session.log():
                mark = " [dim](app roll)[/dim]" if virtual else ""
                log.write(f"{escape(line)}{mark}")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # hidden (False) rather than greyed where a key cannot apply, so the
        # footer holds every key that can at 80 columns
        over = self.session.over
        if action == "roll":
            return False if over else None if isinstance(self.session.prompt, ChoicePrompt) else True
        if action == "undo":
            return True if self.session.steps else None
        if action == "redo":
            return bool(self.session.redo_stack)
        if action in ("rematch", "new_fight"):
            return over
        return True

    # --- answering -----------------------------------------------------------

    @on(DiceTray.Answered)
    def _answered(self, event: DiceTray.Answered) -> None:
        text = event.text
        prompt = self.session.prompt
        if not text.strip() and isinstance(prompt, ChoicePrompt) and prompt.advised:
            text = prompt.advised  # Enter on an empty tray takes the advised choice
        try:
            self.session.submit(text)
        except Refused as exc:
            self.query_one(DiceTray).refuse(exc.reason)

    def action_roll(self) -> None:
        try:
            self.session.roll()
        except Refused as exc:
            self.query_one(DiceTray).refuse(exc.reason)

    def action_undo(self) -> None:
        answer = self.session.undo()
        if answer is None:
            self.notify("Nothing to undo: this is the first roll.")

    def action_redo(self) -> None:
        try:
            step = self.session.redo()
        except Refused as exc:  # cannot happen with an unchanged ruleset; say so rather than crash
            self.notify(f"Cannot redo: {exc.reason}", severity="error")
            return
        if step is None:
            self.notify("Nothing to redo.")

    def action_reference(self) -> None:
        from screens.reference import ReferenceScreen

        reference = self.session.ruleset.reference(self.session.state)
        if reference is None:
            self.notify("No table is in use at this step.")
            return
        self.app.push_screen(ReferenceScreen(reference))

    def action_rematch(self) -> None:
        if not self.session.over:
            return
        self.app.new_fight(self.session.setup)

    def action_new_fight(self) -> None:
        if not self.session.over:
            return
        from screens.select import FighterSelectScreen

        game = self.session.setup.game
        self.app.back_home()
        self.app.push_screen(FighterSelectScreen(game))

    def action_home(self) -> None:
        """Back to the home screen; the fight stays saved and can be resumed."""
        self.app.back_home()
