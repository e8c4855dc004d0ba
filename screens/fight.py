"""The fight: both fighters with their live numbers (or a scene's two sides), the prompt and
the dice tray, the play-by-play, undo and redo, the rules reference and the result.

The screen is composed of parts each game turns on through its ruleset's declared
capabilities: a round clock (:mod:`.fight_clock`, a ``TimedRuleset``), a tournament night
(:mod:`.fight_night`, a ruleset whose ``corners`` change with the bout), the odds by the tray
(:mod:`.fight_odds`, ``has_odds``), and one layout per kind of sides (two corners, or a scene's
two sides of wound boxes or hit point bars)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Input, RichLog, Static

from companion.amending import app_did, standing, was_shown
from companion.clock import RoundClock
from companion.dice import Refused
from companion.ruleset import ChoicePrompt, Outcome, OverPrompt, Prompt, Reference, SecretPrompt, TimedRuleset
from companion.screens.fight_amend import AnswerList, FightAmend
from companion.screens.fight_clock import FightClock
from companion.screens.fight_night import FightNight
from companion.screens.fight_odds import FightOdds
from companion.screens.pad import ActionPad
from companion.screens.sides import ROOMY_SCENE, SidePanel
from companion.screens.stopwatch import RoundTimer, StopwatchScreen, TimerView
from companion.screens.toasts import SPARED
from companion.screens.widgets import (
    DiceTray,
    FighterPanel,
    KeyFooter,
    LinePanel,
    PlayByPlay,
    corner_lines,
    escape,
    fit_title,
    prompt_text,
    show_text,
)
from companion.session import NotSaved, Session, title_of


class PromptScroll(VerticalScroll, can_focus=False):
    """A scene's prompt, scrolled by Up and Down while the answer box keeps the focus."""


class Ring(Horizontal):
    """Two corners' panels and the prompt's column between them, above the play-by-play. It keeps
    the tallest height it has had in the fight (the lead's call, issue 21 item 3; docs/decisions.md):
    it grows when the prompt's column needs a line it never had and never shrinks back, so the
    play-by-play under it stays where it is from one answer to the next (each move drew the log,
    its scroll bar and both panels again, and moved the lines the player reads). The height is
    held by the prompt's column (the ring is as tall as it, or as its panels need): the column's
    own rows are then not laid out and drawn again either. A resized terminal lets go of the
    height held: the ring fits the new size and holds from there.

    On a narrow screen the panels are the fighters' lines above the ring, and they are held with
    it: the rows held are those of the lines and the column together, so a fighter's line that
    grows (a second line for his penalty) takes a row from the column's held rows, not from the
    play-by-play, and one that shrinks gives it back to the column (docs/decisions.md, "The fight
    screen at 80x24")."""

    _held = 0
    """The tallest the fighters' lines above it and the prompt's column have been laid out together
    since the fight began (or the terminal was resized)."""

    _above = 0
    """The rows the fighters' lines take above the ring now (none beside the panels)."""

    loose = False
    """The height held is let go for a while (the list of answers to amend takes the rows), and
    taken up again after."""

    def fit(self, above: int) -> None:
        """Before the layout of an answer: the fighters' lines take ``above`` rows over the ring, and
        the column holds what they leave of the rows held."""
        self._above = above
        self._hold_column()

    def hold(self) -> None:
        """Hold the height the lines above and the prompt's column are laid out at now, if it is the
        tallest yet."""
        if not self.is_mounted or self.loose:
            return  # the fight screen was closed before the frame came, or the height is let go
        height = self._above + self.query_one("#centre").outer_size.height
        if height > self._held:
            self._held = height
            self._hold_column()

    def let_go(self) -> None:
        """Forget the height held (the terminal was resized): the column takes what it needs again."""
        self._held = 0
        self._hold_column()

    def slacken(self, loose: bool) -> None:
        """Let go of the height held for a while (``loose``), or take it up again, as it was."""
        self.loose = loose
        self._hold_column()

    def _hold_column(self) -> None:
        least = max(self._held - self._above, 0) if self._held and not self.loose else None
        centre = self.query_one("#centre")
        shown = centre.styles.min_height
        # set only when it changes: setting a style lays the screen out again (issue 21)
        if (None if shown is None else shown.value) != least:
            centre.styles.min_height = least


COMPACT_BELOW = 90
"""Below this many columns the corners' panels leave the prompt too little room: each fighter
is shown in a line above it (issue 22: at 60 columns the prompt had 16)."""

SCENE_COMPACT_BELOW = 80
"""Below this many columns a scene's sides (48 columns) leave the prompt too little room (12 at 60:
issue 22, "Quickfi/ngers"): they stand above it. At 80 the prompt has its 32 columns beside them."""

LOG_KEEPS = 4
"""Rows the play-by-play keeps on a narrow screen: its rule and its last three lines."""

RING_LEAST = 8
"""Rows the prompt's column keeps whatever the play-by-play would like: the status, the prompt
and the answer box."""

ROOMY_CORNERS = 24
"""From this many rows a narrow screen gives each fighter two lines, below it one."""


class FightScreen(Screen[None]):
    """One fight in play. The session holds the state; this screen watches it.

    Args:
        session: the fight, already saved in the app's store.
    """

    CSS_PATH = ["fight.tcss", "pad.tcss"]  # the action pad is a part of this screen
    AUTO_FOCUS = ""  # the dice tray is focused by hand: at a secret choice it is hidden and must not be
    BINDINGS = [
        Binding("enter", "pad", "Action pad", id="pad"),
        Binding("ctrl+r", "roll", "Roll", id="roll"),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("f1", "reference", "Rules", id="reference"),
        Binding("f2", "clock", "Clock", id="clock"),
        Binding("f3", "stall", "Stall", id="stall"),
        # not in the footer: with redo on offer FO's keys would push Quit off it at 80 columns (issue 22);
        # ? lists it, and the round clock's line says f2
        Binding("f4", "stopwatch", "Watch", id="stopwatch", show=False),
        Binding("f6", "bracket", "Bracket", id="bracket"),
        # short words: with redo on offer every key still fits the footer at 80 columns
        Binding("f7", "roll_bout", "Bout", id="roll_bout", tooltip="the app rolls the rest of this bout"),
        Binding("f8", "roll_night", "Night", id="roll_night", tooltip="the app rolls the rest of the tournament"),
        Binding("f5", "write_back", "Cards", id="write_back", tooltip="write the scene's wounds and experience"),
        Binding("ctrl+t", "rematch", "Rematch", id="rematch"),
        Binding("ctrl+n", "new_fight", "New fight", id="new_fight"),
        Binding("escape", "home", "Home", id="home"),
        # not in the footer (no room at 80 columns); ? lists it (issue 23)
        Binding("ctrl+g", "amend", "Amend an answer", id="amend", show=False, priority=True),
        Binding("ctrl+o", "toggle_odds", "Odds", id="odds", tooltip="show or hide the odds of the roll"),
        Binding("f9", "odds_detail", "Odds detail", show=False, tooltip="the whole distribution of the roll's odds"),
        Binding("pageup", "log_page(-1)", "Scroll log", show=False),
        Binding("pagedown", "log_page(1)", "Scroll log", show=False),
        # the one-line answer box has no use for up and down (its own would scroll it):
        # they scroll a long list of choices
        Binding("up", "prompt_scroll(-1)", "Choices", show=False, priority=True),
        Binding("down", "prompt_scroll(1)", "Choices", key_display="↑↓", priority=True),
        # before the answer box: no answer of any game has a "?" in it (issue 22)
        Binding("question_mark", "app.keys", "Keys", show=False, priority=True),
        # not in the footer (room at 80 columns): ? lists it (issue 23); before the answer box, whose own
        # ctrl+e (to the end of the line) End does as well
        Binding(
            "ctrl+e", "export", "Export", show=False, priority=True, tooltip="write the fight as Markdown and JSON"
        ),
    ]

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's own, but a change of focus does not paint the whole screen again: the widgets that
    gain and lose it restyle themselves (their ``:focus`` rules, the answer box's cursor) and the
    footer its keys. At a secret choice the answer box gives up the focus, and gets it back at the
    reveal: the whole screen was drawn again at the answer before each Cage Match turn (issue 21
    item 3)."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._shown_steps: list = []
        """The steps whose log lines the play-by-play shows."""
        self._log_width = 0
        """The screen's width the play-by-play was last wrapped to."""
        ruleset = session.ruleset
        self.round_clock = FightClock(self, ruleset) if isinstance(ruleset, TimedRuleset) else None
        """The round stopwatch of a timed game (FO); None for the others."""
        self.night = FightNight(self) if ruleset.corners(session.state) is not None else None
        """A tournament night: its two cards to show change with the bout (``Ruleset.corners``)."""
        self._night = self.night is not None
        self.odds = FightOdds(self)
        """The odds by the tray (for a game that shows them)."""
        self._rolling = False
        """The app is rolling many answers in a row: the screen is drawn once, at the end."""
        self._pad: ActionPad | None = None
        """The action pad of a secret choice (Cage Match), mounted the first time it opens and then
        shown and hidden over the ring: closing it redraws what the reveal changed, where closing a
        screen of its own drew the whole fight screen again (issue 21 item 3)."""
        self._scene = ruleset.scenes
        """A scene of many on two sides (Fudge): the sides are listed on the left,
        the prompt, the tray and the play-by-play on the right."""
        self._shown_prompt: Prompt | None = None
        """The prompt on screen (a long one scrolls in a scene; a new one starts at its top)."""
        self.amending = FightAmend(self)
        """Amending a past answer (ctrl+g, issue 23)."""

    @property
    def clock(self) -> RoundClock | None:
        """The round stopwatch of a timed game, made on mount; None for the others."""
        return self.round_clock.clock if self.round_clock is not None else None

    @property
    def show_odds(self) -> bool:
        """The odds of each roll are shown by the tray (ctrl+o hides them)."""
        return self.odds.shown

    @contextmanager
    def drawn_once(self) -> Iterator[None]:
        """Many answers in a row (the app rolling a bout): the screen is drawn once, at the end."""
        self._rolling = True
        try:
            yield
        finally:
            self._rolling = False
            self._changed(self.session)

    def compose(self) -> ComposeResult:
        yield Header()
        yield from self._compose_scene() if self._scene else self._compose_ring()
        yield KeyFooter(show_command_palette=False, compact=True)  # room for every key at 80 columns

    def _compose_scene(self) -> ComposeResult:
        """A scene of many: the two sides listed on the left; the prompt, the tray and the
        play-by-play on the right."""
        with Horizontal(id="scene"):
            with Vertical(id="sides"):
                yield SidePanel(id="red-side", classes="side")
                yield SidePanel(id="blue-side", classes="side")
            with Vertical(id="centre"):
                yield Static(id="status")
                with PromptScroll(id="prompt-box"):
                    yield Static(id="prompt")
                yield DiceTray(self.session.ruleset, self._dry_run, self._answered, id="tray")
                yield Static(id="odds")
                yield Static(id="result")
                # wrapped to the column: RichLog's own minimum width (78) would cut the lines
                yield PlayByPlay(id="log", markup=True, wrap=True, auto_scroll=True, min_width=20)
                yield AnswerList(id="answers")  # in the log's place while an answer to amend is picked

    def _compose_ring(self) -> ComposeResult:
        """Two corners: red's panel, the prompt and the tray, blue's panel; the round timer above
        them in a timed game, the play-by-play below."""
        if self.round_clock is not None:
            yield RoundTimer(id="timer")
        yield LinePanel(id="corners")  # shown instead of the panels on a narrow screen
        with Ring(id="ring"):
            yield FighterPanel(id="red", classes="fighter")
            with Vertical(id="centre"):
                yield Static(id="status")
                yield Static(id="prompt")
                yield DiceTray(self.session.ruleset, self._dry_run, self._answered, id="tray")
                yield Static(id="odds")
                yield Static(id="result")
            yield FighterPanel(id="blue", classes="fighter")
        # wrapped to the log's own width, not RichLog's default of at least 78 columns (issue 22)
        yield PlayByPlay(id="log", markup=True, wrap=True, auto_scroll=True, min_width=20)
        yield AnswerList(id="answers")  # in the log's place while an answer to amend is picked

    def on_mount(self) -> None:
        self.odds.mount(self.app.store)
        self.title = self.session.ruleset.title
        self.sub_title = title_of(self.session.setup)  # the header shows it as plain text: no markup escapes
        self._fit_title()
        if self.round_clock is not None:
            self.round_clock.mount()
        self.session.watch(self._changed)
        self.set_class(self._compact(self.app.size.width), "compact")
        if not self._scene:
            # bars take two lines each: the ring grows so the position and the penalty stay in view
            self.query_one("#ring").set_class(self.session.ruleset.has_gauges, "gauges")
        self._render_all()
        if not self.session.over and not isinstance(self.session.prompt, SecretPrompt):
            self.query_one("#faces", Input).focus()

    def on_unmount(self) -> None:
        if self.round_clock is not None:
            self.round_clock.left()  # its reading kept: a resumed fight's clock stands where it was left
        self.session.unwatch(self._changed)
        self.session.close()  # another app may open the fight now (issue 19)

    # --- rendering -----------------------------------------------------------

    def _changed(self, session: Session) -> None:
        self.query_one("#log").remove_class(SPARED)  # an "Amended" notice's lines are past now
        if self._rolling:
            return  # drawn once when the app's run of rolls ends (a tournament keeps no round clock)
        if self.round_clock is not None:
            self.round_clock.changed(session)
        self._render_all()

    def _render_log(self) -> None:
        """Append the new steps' lines; after an undo or a redo, write the log afresh."""
        log = self.query_one("#log", RichLog)
        steps = self.session.steps
        shown = self._shown_steps
        # steps only grow by answers and shrink by undo: checking the last shown one is enough
        fresh = len(shown) > len(steps) or (bool(shown) and steps[len(shown) - 1] is not shown[-1])
        # the round clock set by hand between answers (FO-7): its lines after the answer they follow
        clocked = self.round_clock.lines_after if self.round_clock is not None else None
        if fresh or (clocked is not None and not shown):  # no answer shown: at most a clock's lines, again
            log.clear()
            shown = []
            for line in clocked(0) if clocked is not None else ():
                log.write(f"[dim]{escape(line)}[/dim]")
        new = steps[len(shown) :]
        amended = standing(self.session) if new else {}
        for index, step in enumerate(new, start=len(shown)):
            for i, line in enumerate(step.log):
                mark = f" [dim]({escape(app_did(self.session, index))})[/dim]" if step.answer.virtual and i == 0 else ""
                mark += " [dim](amended)[/dim]" if index in amended and i == 0 else ""
                log.write(f"{escape(line)}{mark}")
            for line in clocked(index + 1) if clocked is not None else ():
                log.write(f"[dim]{escape(line)}[/dim]")
        if new and log.auto_scroll:
            # at its new lines in this frame: the write's own scroll waits for the refresh, a frame
            # later (issue 21); it still follows, for a log the layout resized meanwhile
            log.scroll_end(animate=False, immediate=True, x_axis=False)
        self._shown_steps = list(steps)

    def on_resize(self, event: events.Resize) -> None:
        """A scene's panels take three lines a combatant when the terminal grows tall enough; the title
        fits the width; the play-by-play is wrapped afresh to the new width (issue 22: lines written
        at 60 columns stayed 19 characters wide after growing to 80)."""
        if not self.is_mounted:
            return
        compact = self._compact(event.size.width)
        turned = compact != self.has_class("compact")
        self.set_class(compact, "compact")
        if not self._scene:
            ring = self.query_one(Ring)
            ring.let_go()  # it fits the new size, and holds from there
            self.call_after_refresh(ring.hold)
        if self._scene:
            self._render_sides(self._who_acts())
        elif compact or turned:
            self._render_all()  # the corners' lines fit the new size; the panels show what they missed
        self._fit_title()
        if event.size.width != self._log_width:
            self._log_width = event.size.width
            self.call_after_refresh(self._rewrap_log)  # once the log has its new width

    def _fit_ring(self, corner_rows: int | None) -> None:
        """On a narrow screen (``corner_rows``: the fighters' lines above it) the prompt's column
        stops short of the play-by-play's last lines (issue 22: at 60x20 FO and Cage Match showed
        none, so a counter or the other corner's pick was never seen): what does not fit under
        the answer box (the odds first) is cut. Beside the panels it takes what it needs."""
        ring = self.query_one(Ring)
        ring.fit(corner_rows or 0)
        most = None
        if corner_rows is not None:
            timer = 2 if self.round_clock is not None else 0
            room = self.app.size.height - 2 - timer - corner_rows - LOG_KEEPS  # less the header and footer
            most = max(RING_LEAST, room)
        # set only when it changes: setting a style, even to what it was, lays the screen out
        # again and repaints the ring (issue 21)
        shown = ring.styles.max_height
        if (None if shown is None else shown.value) != most:
            ring.styles.max_height = most

    def _compact(self, width: int) -> bool:
        """Whether ``width`` is too narrow for the panels beside the prompt: then the corners are a
        line each above it, or a scene's sides stand above it, a line less each combatant."""
        return width < (SCENE_COMPACT_BELOW if self._scene else COMPACT_BELOW)

    def rewrite_log(self) -> None:
        """The play-by-play written afresh (a round clock set by hand puts its line among the answers')."""
        self._rewrap_log()

    def _rewrap_log(self) -> None:
        """Every line of the play-by-play written again, wrapped to the log's width now."""
        self._shown_steps = []
        self.query_one("#log", RichLog).clear()
        self._render_log()

    def _fit_title(self) -> None:
        fit_title(self, self.session.ruleset)

    def _dry_run(self, text: str) -> Outcome:
        """What ``text`` would do now (the tray's preview), with the round clock's reading where it runs;
        a clock reading typed to set the clock by hand says what Enter will do with it."""
        if self.amending.active:
            return self.amending.check(text)
        if self.round_clock is not None:
            seconds = self.round_clock.typed_reading(text)
            if seconds is not None:
                return Outcome(self.session.state, (self.round_clock.setting_said(seconds),))
        return self.session.check(text, clock=self._stamp())

    def _who_acts(self) -> str | None:
        """The combatant the prompt is for, in a scene (none once it is over)."""
        prompt = self.session.prompt
        return None if isinstance(prompt, OverPrompt) else prompt.who

    def _render_all(self) -> None:
        session = self.session
        ruleset = session.ruleset
        state = session.state
        prompt = session.prompt
        trackers = ruleset.trackers(state)
        gauges = ruleset.gauges(state)  # bars and pips, where a game has them
        acting = None if isinstance(prompt, (OverPrompt, SecretPrompt)) else prompt.side
        cards = session.setup.fighters
        corners = ruleset.corners(state)
        if corners is not None:
            cards = corners
            if not ruleset.in_bout(state):
                acting = None  # the referee's "begin" is nobody's turn
            names = " vs ".join(card.name for card in cards)
            if self.sub_title != names:
                self.sub_title = names
                self._fit_title()
        if self._scene:
            self._render_sides(self._who_acts())
            cards = ()
        compact = self.has_class("compact") and not self._scene  # a line a corner
        rows: list[str] = []  # the fighters' lines on a narrow screen
        for side, card in enumerate(cards):
            panel = self.query_one("#red" if side == 0 else "#blue", FighterPanel)
            # what the round timer shows is not shown again
            skip = self.round_clock.ruleset.clock_keys if self.round_clock is not None else ()
            numbers = trackers.get(card.name, {})
            if self.night is not None:
                numbers = self.night.entrant_numbers(card, numbers)
            shown = gauges.get(card.name)
            skipped = skip + tuple(gauge.key for gauge in shown or ())  # drawn as bars and pips
            numbers = {key: value for key, value in numbers.items() if key not in skipped}
            figures = ruleset.panel_lines(card, numbers)
            if compact:
                room = self.size.width - 2  # the line's padding
                most = 1 if self.size.height < ROOMY_CORNERS else 2  # the play-by-play keeps some lines
                ratings = frozenset(ruleset.label(key) for key in type(card).model_fields)
                rows += corner_lines(side, card, figures, acting == side, shown or (), room, most, ratings)
            else:
                panel.show(side, card, figures, acting == side, shown)
        if compact:
            self.query_one("#corners", LinePanel).show_lines(rows)
        if not self._scene:
            self._fit_ring(len(rows) if compact else None)
            self.call_after_refresh(self.query_one(Ring).hold)  # once laid out for this answer
        status = [line for line in (ruleset.status(state),) if line]
        n = len(session.steps)
        status.append(f"{n} answer{'s' * (n != 1)}")
        if session.redo_stack:
            status.append(f"{len(session.redo_stack)} to redo")
        show_text(self.query_one("#status", Static), " · ".join(status))
        self._render_timer()
        over = isinstance(prompt, OverPrompt)
        if prompt is not self._shown_prompt and self._scene:
            self._shown_prompt = prompt
            self.query_one("#prompt-box").scroll_home(animate=False)  # a new question is read from its top
        show_text(self.query_one("#prompt", Static), self._prompt_text(prompt))
        tray = self.query_one(DiceTray)
        tray.set_prompt(prompt)
        secret = isinstance(prompt, SecretPrompt)
        self.odds.render(over)
        self.query_one("#prompt").display = not over
        # a secret choice is never typed here, where the other corner could read it: the action pad takes it
        tray.display = not over and not secret
        box = self.query_one("#faces", Input)
        if secret and box.has_focus:
            self.set_focus(None)  # Enter then reaches the screen: it opens the pad
        elif not over and not secret and self.is_current and not self.pad_open and not box.has_focus:
            box.focus()  # e.g. after undoing out of a finished bout (never from an open pad: it takes the keys)
        result = self.query_one("#result", Static)
        if self.night is not None and (over or self.night.between()):
            show_text(result, "\n".join(self.night.result_lines(over)))
            result.display = True
        elif over:
            r = prompt.result
            lines = [f"[b]{escape(r.headline(ruleset.period_word))}[/b]"]
            if r.fight_time and r.fight_time != r.time:
                lines.append(f"fight time {r.fight_time}")
            lines += [escape(line) for line in ruleset.summary(state)]
            if self.check_action("write_back", ()):  # what the scene changed on its cards (issue 17)
                lines.append("f5 writes what the scene changed to the cards")
            lines.append("[dim]ctrl+t rematch · ctrl+n new fight\nctrl+z undo · escape home[/dim]")
            show_text(result, "\n".join(lines))
            result.display = True
        else:
            result.display = False
        self._render_log()
        self.amending.render()
        self._refresh_keys()

    @property
    def scene(self) -> bool:
        """A scene of many on two sides (the prompt is drawn narrow)."""
        return self._scene

    def slacken_ring(self, loose: bool) -> None:
        """Let go of the ring's held rows while the list of answers to amend shows (``loose``), or
        hold them again as they were (a scene has no ring)."""
        if not self._scene:
            self.query_one(Ring).slacken(loose)

    def render_fight(self) -> None:
        """Draw the whole fight as it is now (after leaving amend mode)."""
        self._render_all()

    def _render_sides(self, acting: str | None) -> None:
        """A scene's two sides, each combatant as the ruleset shows him; ``acting`` is marked."""
        views = self.session.ruleset.combatants(self.session.state)
        # three lines a combatant (holds and injuries whole) when few, or when the terminal is tall
        # enough for them all: two panels' borders, the header and the footer besides
        roomy = not self.has_class("compact") and (
            len(views) <= ROOMY_SCENE or 3 * len(views) + 6 <= self.app.size.height
        )
        for side in (0, 1):
            panel = self.query_one(f"#{'red' if side == 0 else 'blue'}-side", SidePanel)
            # standing above the prompt (a narrow screen), a side's lines take its whole width
            # (less its border, padding and a scrollbar's room)
            width = max(20, self.app.size.width - 6) if self.has_class("compact") else None
            panel.show_side(side, [view for view in views if view.side == side], acting, roomy, width)

    # --- tournament nights (ruling NHB-9) -------------------------------------

    def _prompt_text(self, prompt: Prompt) -> str:
        """The prompt; between a tournament's bouts, the next bout in the table's words."""
        if self.night is None or isinstance(prompt, OverPrompt) or self.session.ruleset.in_bout(self.session.state):
            return prompt_text(prompt, narrow=self._scene)
        return self.night.next_bout_text()

    def action_bracket(self) -> None:
        if self.night is not None:
            self.night.show_bracket()

    def action_roll_bout(self) -> None:
        if self.night is not None and not self.session.over:
            self.night.roll_bout()

    def action_roll_night(self) -> None:
        if self.night is not None and not self.session.over:
            self.night.roll_night()

    def _refresh_keys(self) -> None:
        """Refresh the footer only when a key comes or goes: the footer rebuilds itself."""
        keys = tuple(self.check_action(b.action.split("(")[0], ()) for b in self.BINDINGS)
        if keys != getattr(self, "_keys", None):
            self._keys = keys
            self.refresh_bindings()

    # --- the round clock (timed games) ----------------------------------------

    def timer_view(self) -> TimerView | None:
        """What the timers show now; None for an untimed game."""
        return self.round_clock.view() if self.round_clock is not None else None

    def _render_timer(self) -> None:
        if self.round_clock is not None:
            self.round_clock.render()

    def tick(self) -> None:
        """Ten times a second while the clock runs (the stopwatch screen ticks it too)."""
        if self.round_clock is not None:
            self.round_clock.tick()

    def action_clock(self) -> None:
        """Start, pause or resume the round clock; pausing pauses attacking time."""
        if self.round_clock is not None:
            self.round_clock.toggle()
            self._refresh_keys()
            self.query_one(DiceTray).preview_again()  # a reading typed in the box may be taken now

    def action_stall(self) -> None:
        """Call stalling now (FO-8): the answer ``stall``, logged and undoable."""
        if self.round_clock is not None:
            self.round_clock.stall()

    def action_stopwatch(self) -> None:
        if self.clock is not None:
            self.app.push_screen(StopwatchScreen(self))

    def _stamp(self) -> float | None:
        """The round clock's reading for an answer, or None in an untimed game."""
        return None if self.clock is None else self.clock.elapsed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # hidden (False) where a key cannot apply at all, so the footer holds every
        # key that can at 80 columns; greyed (None) where it can later (undo)
        if self.pad_open:
            return False  # every key is the action pad's while it shows, as on a screen of its own
        over = self.session.over
        if self.amending.picking and action in ("pad", "prompt_scroll", "roll"):
            return False  # the arrows and Enter move in and pick from the list of answers
        if action == "amend":
            return not self.amending.active  # with no answer yet it says there is nothing to amend
        if action == "roll":
            return not over or self.amending.active
        if action == "pad":
            return isinstance(self.session.prompt, SecretPrompt) and not self.amending.active
        if action == "undo":
            return True if self.session.steps else None
        if action == "redo":
            return bool(self.session.redo_stack)
        if action in ("rematch", "new_fight"):
            return over
        if action == "write_back":  # a scene that changed its combatants' cards (Fudge, issue 17)
            return over and bool(self.session.ruleset.write_back(self.session.state))
        if action in ("clock", "stall", "stopwatch"):
            return self.clock is not None and not over
        if action == "bracket":
            return self._night
        if action in ("roll_bout", "roll_night"):
            return self._night and not over
        if action in ("toggle_odds", "odds_detail"):
            return self.session.ruleset.has_odds
        if action == "prompt_scroll":
            # a scene's list of more than three choices, each with its why, outgrows its box at 80x24
            prompt = self.session.prompt
            return self._scene and isinstance(prompt, ChoicePrompt) and len(prompt.options) > 3
        return True

    # --- answering -----------------------------------------------------------

    def _answered(self, event: DiceTray.Answered) -> None:
        """An answer typed in the tray, taken at its Enter (the tray calls this at once)."""
        text = event.text
        if self.amending.active:
            self.amending.amend(text, event)
            return
        prompt = self.session.prompt
        if not text.strip() and isinstance(prompt, ChoicePrompt) and prompt.advised:
            text = prompt.advised  # Enter on an empty tray takes the advised choice
        seconds = None if self.round_clock is None else self.round_clock.typed_reading(text)
        try:
            if seconds is not None and self.round_clock is not None:  # the clock set by hand (issue 22)
                said = self.round_clock.set_by_hand(seconds)  # a fighter's name in it: not str.capitalize
                self.notify(said[:1].upper() + said[1:] + ".", timeout=8, markup=False)
                return
            before = self.session.state
            self.session.submit(text, clock=self._stamp())
        except Refused as exc:
            self.query_one(DiceTray).refuse(exc.reason, event)
            return
        self._round_begins(before)
        self._remind_paused()

    def _remind_paused(self) -> None:
        if self.round_clock is not None:
            self.round_clock.remind_paused()

    def action_roll(self) -> None:
        if self.amending.active:
            self.amending.roll()
            return
        before = self.session.state
        try:
            self.session.roll(clock=self._stamp())
        except Refused as exc:
            self.query_one(DiceTray).refuse(exc.reason)
            return
        self._round_begins(before)

    def _round_begins(self, before: Any) -> None:
        """The first answer of a round (its roll-off), taken at ``before``, starts a clock still at 0:00."""
        if self.round_clock is not None and self.round_clock.round_begins(before):
            self.action_clock()

    def action_undo(self) -> None:
        self.app.clear_notifications()  # e.g. a bell's notice the undo takes back
        if self.round_clock is not None:
            self.round_clock.given_back()
        self.amending.cancel(quiet=True)
        amended = self.session.amended  # undo right after an amendment takes it back (issue 23)
        try:
            answer = self.session.undo()
        except Refused as exc:  # not saved (issue 19): the fight is as it was
            self.notify(f"Cannot undo: {exc.reason}", severity="error", timeout=10, markup=False)
            return
        if amended is not None:
            self.notify(
                f"Amendment undone: answer #{amended.number} is {was_shown(self.session, amended)} again, and the fight as it was.",
                timeout=6,
                markup=False,
            )
        elif answer is None:
            self.notify("Nothing to undo: this is the first roll.")

    def action_redo(self) -> None:
        self.amending.cancel(quiet=True)
        if self.round_clock is not None:
            self.round_clock.given_back()
        try:
            step = self.session.redo()
        except Refused as exc:  # cannot happen with an unchanged ruleset; say so rather than crash
            self.notify(f"Cannot redo: {exc.reason}", severity="error")
            return
        if step is None:
            self.notify("Nothing to redo.")

    @property
    def pad_open(self) -> bool:
        """Whether the action pad is shown over the fight (a turn's picks being made)."""
        return self._pad is not None and self._pad.is_open

    async def open_pad(
        self, prompt: SecretPrompt, reference: Reference | None, done: Callable[[str | None], None]
    ) -> None:
        """Show the action pad for ``prompt`` over the ring; ``done`` is told the answer when it closes
        (None: backed out). Mounted the first time, then the same pad shown afresh each turn."""
        if self._pad is None:
            self._pad = ActionPad(id="pad")
            await self.mount(self._pad)
        await self._pad.open(prompt, reference, done)
        self._refresh_keys()

    async def action_pad(self) -> None:
        """Open the action pad for the turn's secret choice (Cage Match)."""
        prompt = self.session.prompt
        if not isinstance(prompt, SecretPrompt) or self.pad_open:
            return

        def revealed(answer: str | None) -> None:
            self._refresh_keys()  # the fight's keys are back
            if answer is None:
                self.notify("Nothing was picked: Enter opens the pad again.", timeout=3)
                return
            try:
                self.session.submit(answer)
            except NotSaved as exc:  # the store could not save them (issue 19)
                self.notify(f"The picks were {exc.reason}: Enter opens the pad to pick again.", severity="error")
            except Refused:  # the pad checks what it lets through; the reason would name a pick
                self.notify("The picks were not accepted: Enter opens the pad to pick again.", severity="error")

        reference = self.session.ruleset.reference(self.session.state)  # at a secret choice: the pad's card, no row
        await self.open_pad(prompt, reference, revealed)

    def action_reference(self) -> None:
        from companion.screens.reference import ReferenceScreen

        reference = self.session.ruleset.reference(self.session.state)
        if reference is None:
            self.notify(
                "No table is in use at this step: f1 shows the table a roll reads, when a roll reads one.", timeout=4
            )
            return
        words = tuple(str(value) for value in self.session.prompt.to_json().values())  # rulings the prompt cites
        self.app.push_screen(ReferenceScreen(reference, words))

    def action_write_back(self) -> None:
        """After a scene: its wounds and experience written to the cards, as a diff to confirm (Fudge)."""
        from companion.screens.writeback import offer_write_back

        offer_write_back(self, self.session)

    def action_rematch(self) -> None:
        """The same fighters again, each from his card as it is now (a scene's wounds written back
        since, a card edited on the sheet): :mod:`companion.rematch`. A card gone or broken is said,
        and no rematch starts."""
        if not self.session.over:
            return
        from companion.rematch import CardsGone, fresh_setup

        setup = self.session.setup
        try:
            setup, changed = fresh_setup(setup, self.app.roster(setup.game))
        except CardsGone as exc:
            lines = "\n".join(exc.lines)
            self.notify(
                f"{lines}\nctrl+n picks the fighters afresh.",
                title="No rematch",
                severity="error",
                timeout=20,
                markup=False,
            )
            return
        if self.app.new_fight(setup) and changed:
            self.app.notify(
                f"The rematch starts from the cards as they are now: {', '.join(changed)} changed since the last fight.",
                title="Rematch",
                timeout=8,
                markup=False,
            )

    def action_new_fight(self) -> None:
        if not self.session.over:
            return
        from companion.screens.select import selection_screen

        game = self.session.setup.game  # a tournament's key opens its game's roster, entering a night
        self.app.back_home()
        self.app.push_screen(selection_screen(game))

    def action_log_page(self, direction: int) -> None:
        """Page Up / Page Down scroll the play-by-play, whatever has the focus."""
        log = self.query_one("#log", RichLog)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    def action_toggle_odds(self) -> None:
        """Show or hide the odds (a player who would rather not see them); kept for the next fight."""
        self.odds.toggle()

    def action_odds_detail(self) -> None:
        """The whole distribution of the roll's odds (f9)."""
        self.odds.detail()

    def action_prompt_scroll(self, direction: int) -> None:
        """Up / Down scroll the prompt when its choices are more than its box shows (a scene)."""
        if self._scene:
            box = self.query_one("#prompt-box")
            box.scroll_to(y=box.scroll_y + 3 * direction, animate=False)

    def action_export(self) -> None:
        """Write the fight as it is now, finished or not, as Markdown and JSON to the data folder's
        ``exports`` (issue 23), and say where."""
        from companion.export import ExportError, of_session, write_exports

        try:
            paths = write_exports(of_session(self.session, self.app.store), self.app.directory)
        except ExportError as exc:
            self.notify(f"Not exported: {exc}", title="Export", severity="error", timeout=15, markup=False)
            return
        names = " and ".join(path.name for path in paths)
        self.notify(f"Written {names} to {paths[0].parent}", title="Export", timeout=10, markup=False)

    def action_home(self) -> None:
        """Back to the home screen; the fight stays saved and can be resumed. While amending an
        answer, Escape leaves that instead, nothing amended."""
        if self.amending.active:
            self.amending.cancel()
            return
        if self.round_clock is not None:  # its reading kept first: a clock run before the first roll keeps the fight
            self.round_clock.left()
        self.session.close()  # now, not at unmount: a fight left unanswered is gone before home lists the fights
        self.app.back_home()

    def action_amend(self) -> None:
        """Pick a past answer to amend (ctrl+g, issue 23)."""
        self.amending.pick()

    def on_option_list_option_selected(self, event: AnswerList.OptionSelected) -> None:
        if self.amending.picking and event.option.id is not None:
            event.stop()
            self.amending.picked(int(event.option.id))
