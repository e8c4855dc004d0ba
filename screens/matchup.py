"""The matchup simulator: many bouts (or tournaments) of the chosen fighters played
by the rules engine with the app's own dice, and what they add up to.

The figures are :meth:`companion.simulate.Tally.summary` as the engine gives
them (the same as ``companion simulate --json`` for the same seed and count);
this screen only lays them out. The run goes on in a worker thread, so the
screen stays live: a progress bar, and a key that stops the run and keeps the
bouts already played (shown as partial figures).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections import Counter
from typing import Any

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, ProgressBar, Select, Static
from textual.worker import get_current_worker

from companion.games import GAMES
from companion.ruleset import PREFER, SIDES, Ruleset, Setup, TimedRuleset, default_options, get_ruleset
from companion.screens.widgets import GameHeader, escape
from companion.simulate import (
    Tally,
    ensure_resource_tracker,
    parse_pace,
    plan,
    run,
    strategy_problem,
    workers_for,
)

COUNTS = (100, 1_000, 10_000, 100_000)
"""How many bouts (or tournaments) a run can play."""
DEFAULT_COUNT = 10_000
DEFAULT_TOURNAMENTS = 1_000
"""Fewer tournaments than bouts by default: a tournament of 16 is 15 bouts."""
DEFAULT_WALKED = 1_000
"""Fewer bouts by default of a game whose bouts are walked afresh (``Ruleset.memo`` False: a round
clock, secret choices): some tens to a thousand a second, where a remembered bout is a hundred
thousand; a thousand shows its figures in seconds."""
METHODS = (("ko", "KO"), ("tko", "TKO"), ("submission", "submission"), ("decision", "decision"), ("draw", "draw"))
"""The methods in the order shown, with their labels."""
TOP_SUBMISSIONS = 5
CHART_COLUMNS = 30
"""Columns of the finish-time chart: one a minute for bouts of up to 30 minutes."""
CHART_ROWS = 3
BAR_WIDTH = 15
"""Characters of a method bar at 100%."""
NAME_WIDTH = 20
_EIGHTHS = " ▏▎▍▌▋▊▉█"
_RISING = " ▁▂▃▄▅▆▇█"


PREFER_HINT = "moves, best first"
"""The preference box's hint, whole in the box at 80 columns (it was cut to ``moves, first choic``)."""


def pct(share: float) -> str:
    """A share as the screen shows it: ``69.9%`` (the CLI's rounding)."""
    return f"{100 * share:.1f}%"


def interval(bounds: list[float] | tuple[float, float]) -> str:
    """A 95% interval as the screen shows it: ``69.0-70.8%``."""
    lo, hi = bounds
    return f"{100 * lo:.1f}-{100 * hi:.1f}%"


def hbar(share: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar of ``share`` of ``width`` characters, to an eighth of one."""
    eighths = round(max(0.0, min(1.0, share)) * width * 8)
    if share > 0 and eighths == 0:
        eighths = 1  # a method that happened shows, however rare
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def finish_chart(
    minutes: Counter[int], columns: int = CHART_COLUMNS, rows: int = CHART_ROWS, unit: str = "min"
) -> list[str]:
    """Finished bouts by minute of fight time as ``rows`` lines of rising bars and an axis.

    One column a minute while the finishes fit in ``columns`` minutes, else a
    column for each few minutes. Bars are scaled to the tallest column. (``unit``: what a
    column counts, where it is not minutes: a game without a clock counts turns.)
    """
    last = max(minutes, default=0)
    per = max(1, math.ceil((last + 1) / columns))
    buckets = [0] * columns
    for minute, count in minutes.items():
        buckets[min(columns - 1, minute // per)] += count
    peak = max(buckets)
    levels = [0 if not peak else max(1 if k else 0, round(k / peak * rows * 8)) for k in buckets]
    lines = []
    for row in reversed(range(rows)):
        cells = []
        for level in levels:
            filled = level - row * 8
            cells.append("█" if filled >= 8 else _RISING[filled] if filled > 0 else " ")
        lines.append("".join(cells).rstrip())
    axis = [" "] * (columns + 4)
    for column in range(0, columns, 5):
        mark = str(column * per)
        axis[column : column + len(mark)] = mark
    lines.append("".join(axis).rstrip() + f" {unit}")
    return lines


class MatchupScreen(GameHeader, Screen[None]):
    """Simulate a matchup (two cards, red then blue) or a tournament (its entrants
    in bracket order) many times and show who wins, how and how fast.

    Args:
        game: the game's key (``nhb``; ``nhb_tournament`` is read as a tournament of NHB).
        cards: the two corners' cards, or a tournament's 4, 8 or 16 entrants.
        tournament: simulate tournaments of ``cards`` rather than bouts.
    """

    CSS_PATH = "matchup.tcss"
    AUTO_FOCUS = "#run"
    BINDINGS = [
        Binding("r", "run", "Run", priority=True),
        Binding("enter", "run", "Run", show=False),
        Binding("s", "stop", "Stop", priority=True),
        Binding("n", "new_seed", "New seed", priority=True),
        Binding("o", "options", "Options", priority=True),
        Binding("escape", "back", "Back"),
        Binding("down", "scroll_figures(1)", show=False),
        Binding("up", "scroll_figures(-1)", show=False),
        Binding("pagedown", "scroll_figures(10)", show=False),
        Binding("pageup", "scroll_figures(-10)", show=False),
    ]

    running: reactive[bool] = reactive(False, bindings=True)
    """A run is going on (Run and New seed are off, Stop is on)."""

    def __init__(self, game: str, cards: tuple, tournament: bool = False) -> None:
        super().__init__()
        ruleset = get_ruleset(game)
        self.game: str = ruleset.roster
        """The game the bouts are of (a tournament ruleset's key is read as its game's)."""
        self.tournament = tournament or self.game != game
        self.cards = tuple(cards)
        walked = not ruleset.memo and not self.tournament
        self.count = DEFAULT_TOURNAMENTS if self.tournament else DEFAULT_WALKED if walked else DEFAULT_COUNT
        """Bouts (or tournaments) the next run plays."""
        self.seed = 0
        """The seed of the next run (drawn from the app's generator on mount)."""
        self.ruleset = get_ruleset(self.game)
        self.options: dict[str, Any] = default_options(self.ruleset)
        self.strategies: tuple[str, str] | None = None
        """Red's and blue's strategy for the next run, where the game has strategies (read at Run)."""
        self.seconds: tuple[int, int] | None = None
        """A timed game's pace for the next run (read at Run)."""
        self.tables: dict[str, Any] | None = None
        """The tables in play (the game's shipped ones with the player's file over them), read at Run."""
        self.tally: Tally | None = None
        """The last run's figures (partial when ``tally.stopped``)."""
        self.summary: dict[str, Any] | None = None
        self._stop = threading.Event()
        self._app: App | None = None
        """The app, kept for the run's thread (set on mount)."""
        self._progress_total = 0

    @property
    def noun(self) -> str:
        return "tournaments" if self.tournament else "bouts"

    @property
    def timed(self) -> TimedRuleset | None:
        """The game where it runs against a round clock (its pace is a control), else None."""
        return self.ruleset if isinstance(self.ruleset, TimedRuleset) and not self.tournament else None

    # --- layout --------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self._who(), id="who")
        with Horizontal(id="controls"):
            yield Label(self.noun.capitalize(), classes="field")
            yield Select(
                [(f"{k:,}", k) for k in COUNTS],
                value=self.count,
                allow_blank=False,
                id="count",
                compact=True,
            )
            yield Label("Seed", classes="field")
            yield Input(restrict=r"[0-9]*", max_length=9, id="seed", compact=True)
            if self.timed is not None:
                low, high = self.timed.answer_seconds
                yield Label("Seconds", classes="field")
                yield Input(f"{low}-{high}", restrict=r"[0-9 -]*", max_length=9, id="seconds", compact=True)
            yield Button("Run (r)", id="run", variant="primary", compact=True)
        if self.ruleset.strategies and not self.tournament:
            with Horizontal(id="strategies"):
                for side in SIDES:
                    yield Label(side.capitalize(), classes="field")
                    yield Select(
                        [(f"{name}:" if name == PREFER else name, name) for name in self.ruleset.strategies],
                        value=self.ruleset.strategies[0],
                        allow_blank=False,
                        id=f"{side}-strategy",
                        compact=True,
                    )
                    yield Input(placeholder=PREFER_HINT, id=f"{side}-prefer", compact=True, disabled=True)
        with Horizontal(id="progress-row"):
            yield ProgressBar(total=self.count, show_eta=False, id="progress")
            yield Static(id="done", classes="muted")
        yield Static(id="status")
        with VerticalScroll(id="figures"):
            yield Static(id="champions")
            with Horizontal(id="columns"):
                with Vertical(id="left"):
                    yield Static(id="wins")
                    yield Static(id="finishes")
                    yield Static(id="submissions")
                with Vertical(id="right"):
                    yield Static(id="methods")
                    yield Static(id="chart")
            if self.tournament:
                yield Static(self._bracket_text(), id="bracket")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self._app = self.app
        self.title = get_ruleset(self.game).title
        self.sub_title = "tournament simulator" if self.tournament else "matchup simulator"
        self.fit_header()
        self.set_seed(getattr(self.app, "rng", random).randrange(1, 1_000_000))
        self.query_one("#champions").display = False
        self.query_one("#columns").display = False
        how = "the advised choice is always taken"
        if self.ruleset.strategies and not self.tournament:
            how = "each corner picks by his strategy: advice, random, or prefer: the moves typed beside it"
        elif self.timed is not None:
            how = "each roll takes the seconds beside the seed, a choice a few, the bell and stalling as the rules bring them"
        self._status(
            f"r or Enter plays the {self.noun} with the rules engine and the app's own dice "
            f"({how}). The same seed gives the same figures.",
            muted=True,
        )

    def _who(self) -> str:
        names = [escape(card.name) for card in self.cards]
        if self.tournament:
            rounds = max(1, len(names).bit_length() - 1)
            return f"[b]Tournament of {len(names)}[/b] [dim](the champion wins {rounds} bouts; first round below)[/dim]"
        if len(names) == 2:
            return f"[b $text-error]{names[0]}[/] [dim](red)[/dim]  v  [b $text-primary]{names[1]}[/] [dim](blue)[/dim]"
        return ", ".join(names)

    def _bracket_text(self) -> str:
        """The first round as entered: 1 v 2, 3 v 4, ... (red first)."""
        lines = ["[b]First round[/b] [dim](red v blue; each later bout pairs the winners of two neighbours)[/dim]"]
        for k in range(0, len(self.cards) - 1, 2):
            lines.append(f"  {escape(self.cards[k].name)}  v  {escape(self.cards[k + 1].name)}")
        return "\n".join(lines)

    def _status(self, text: str, *, muted: bool = False, partial: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.set_class(muted, "muted")
        status.set_class(partial, "partial")
        status.update(text)

    # --- the controls ----------------------------------------------------------

    def set_seed(self, seed: int) -> None:
        """Show ``seed`` in the seed box: the next run plays with it."""
        self.seed = seed
        self.query_one("#seed", Input).value = str(seed)

    @on(Select.Changed, "#count")
    def _count_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.count = event.value

    @on(Input.Changed, "#seed")
    def _seed_changed(self, event: Input.Changed) -> None:
        if event.value.isdigit():
            self.seed = int(event.value)

    @on(Select.Changed, "#red-strategy, #blue-strategy")
    def _strategy_changed(self, event: Select.Changed) -> None:
        """A preference list is typed in the box beside its corner: open only for ``prefer``."""
        side = (event.select.id or "").removesuffix("-strategy")
        box = self.query_one(f"#{side}-prefer", Input)
        box.disabled = event.value != PREFER
        if not box.disabled:
            box.focus()

    @on(Input.Submitted, "#seed, #seconds, #red-prefer, #blue-prefer")
    @on(Button.Pressed, "#run")
    def _run_pressed(self) -> None:
        self.action_run()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        typing = self.focused is not None and self.focused.id in ("red-prefer", "blue-prefer")
        if typing and not self.running and action in ("run", "stop", "new_seed", "options"):
            return False  # r, s, n and o are letters of the moves typed there (Enter runs); s stops a run
        if action == "options" and not self.options_ruleset.options:
            return False  # a game without options
        if action in ("run", "new_seed", "options"):
            return None if self.running else True
        if action == "stop":
            return True if self.running else None
        return True

    @property
    def options_ruleset(self) -> Ruleset:
        """The ruleset whose options a run takes: a tournament's night, else the bouts' game."""
        night = GAMES[self.game].tournament
        return get_ruleset(night) if self.tournament and night is not None else self.ruleset

    def action_options(self) -> None:
        """The game's rules options for the next run (``o``), on the options screen a fight starts
        from, showing those of the last run (play-testing backlog)."""
        if self.running or not self.options_ruleset.options:
            return
        from companion.screens.setup import OptionsScreen

        def chosen(options: dict[str, Any] | None) -> None:
            if options is None:
                return
            self.options = dict(options)
            said = self.options_said() or " · the default options"
            self._status(f"The next run plays with these options{said}: r runs.", muted=True)

        self.app.push_screen(
            OptionsScreen(self.options_ruleset, self.options, start="Use them", remember=False), chosen
        )

    def options_said(self) -> str:
        """The options of the next run that are not the game's defaults, as the status line says
        them (`` · options: fight points die d20``); empty where all are the defaults."""
        changed = [
            f"{spec.label.lower()} {spec.shown(self.options[spec.key])}"
            for spec in self.options_ruleset.options
            if spec.key in self.options and self.options[spec.key] != spec.default
        ]
        return f" · options: {escape(', '.join(changed))}" if changed else ""

    def action_new_seed(self) -> None:
        if not self.running:
            self.set_seed(getattr(self.app, "rng", random).randrange(1, 1_000_000))

    def action_run(self) -> None:
        if self.running:
            return
        if not self.query_one("#seed", Input).value.isdigit():
            self.notify(
                "Type a seed (a whole number), or press n for a new one.", title="Seed", severity="error", markup=False
            )
            return
        if not self._setup_ok():
            return
        self._stop.clear()
        self.running = True
        self.query_one("#figures").add_class("stale")
        self._progress_total = self.count
        self.query_one("#progress", ProgressBar).update(total=self.count, progress=0)
        self._show_done(0)
        self._status(
            f"Running {self.count:,} {self.noun}, seed {self.seed}... s stops and keeps what is done.", muted=True
        )
        if workers_for(self.count, walked=not self.ruleset.memo, forked=False) > 1:
            try:
                ensure_resource_tracker()  # from the app's thread: the worker's would race the screen's stderr
            except Exception as exc:  # noqa: BLE001 - the run then fails with the reason; never a traceback
                self.log.warning(f"resource tracker: {exc}")
        self.simulate(self.count, self.seed)

    def _setup_ok(self) -> bool:
        """Ask the game whether these cards can meet (a fighter against himself, a
        bracket of the wrong size); the reason as a notification when not."""
        if not get_ruleset(self.game).simulated:  # prompts of rolls and advised choices only: no player needed
            self.notify(
                f"{get_ruleset(self.game).title} bouts cannot be simulated yet.",
                title="This cannot be simulated",
                severity="error",
                timeout=10,
                markup=False,
            )
            return False
        night = GAMES[self.game].tournament
        game = night if self.tournament and night is not None else self.game
        try:
            ruleset = get_ruleset(game)
            self.tables = None if self.tournament else self.ruleset.tables_for(getattr(self.app, "directory", None))
            start = ruleset.new(Setup(game, self.cards, self.options, self.tables))
        except Exception as exc:  # noqa: BLE001 - the game says why; never a traceback
            reason = exc.args[0] if exc.args else exc
            self.notify(str(reason), title="This cannot be simulated", severity="error", timeout=10, markup=False)
            return False
        return self._model_ok(start)

    def _model_ok(self, start: Any) -> bool:
        """Read the pace and each corner's strategy from their boxes; a mistake as a notification."""
        problems = []
        self.seconds = None
        if self.timed is not None:
            try:
                self.seconds = parse_pace(self.query_one("#seconds", Input).value)
            except ValueError as exc:
                problems.append(f"Seconds: {exc}")
        self.strategies = None
        if self.ruleset.strategies and not self.tournament:
            chosen = []
            for side, corner in enumerate(SIDES):
                name = str(self.query_one(f"#{corner}-strategy", Select).value)
                if name == PREFER:
                    name = f"{PREFER}:{self.query_one(f'#{corner}-prefer', Input).value.replace(' ', '')}"
                problem = strategy_problem(self.ruleset, start, side, name)
                if problem:
                    problems.append(f"{corner.capitalize()}: {problem}")
                chosen.append(name)
            self.strategies = (chosen[0], chosen[1])
        if problems:
            self.notify(
                "\n".join(problems), title="This cannot be simulated", severity="error", timeout=10, markup=False
            )
            return False
        return True

    def _model_words(self) -> str:
        """The strategies, pace and options of the run, as the status line says them (empty: none)."""
        return self._model_parts() + self.options_said()

    def _model_parts(self) -> str:
        parts = []
        if self.strategies is not None:
            parts.append(f"red {self.strategies[0]}, blue {self.strategies[1]}")
        if self.seconds is not None:
            choice = self.timed.choice_seconds if self.timed is not None else None
            if choice is None:
                parts.append(f"{self.seconds[0]}-{self.seconds[1]} s an answer")
            else:  # the pace model: a roll the seconds typed, a choice the game's own few (FO-8 counts both)
                parts.append(f"{self.seconds[0]}-{self.seconds[1]} s a roll, {choice[0]}-{choice[1]} s a choice")
        return "".join(f" · {escape(part)}" for part in parts)

    def action_stop(self) -> None:
        """Stop the run after the chunk in hand; the figures so far are shown, marked partial."""
        if self.running:
            self._stop.set()
            self._status("Stopping after the bouts in hand...", muted=True)

    def action_scroll_figures(self, lines: int) -> None:
        """Scroll the figures (a tournament of 16 is taller than the screen)."""
        figures = self.query_one("#figures", VerticalScroll)
        figures.scroll_relative(y=lines, animate=False)

    def action_back(self) -> None:
        self._stop.set()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self._stop.set()  # a run left behind stops at its next chunk

    # --- the run ---------------------------------------------------------------

    @work(thread=True, exclusive=True, exit_on_error=False, group="simulate")
    def simulate(self, n: int, seed: int) -> None:
        """Play the run in this thread; the screen is updated from the app's thread."""
        worker = get_current_worker()
        names = tuple(card.name for card in self.cards)
        so_far = Tally(names)
        read_at = [-1.0]

        def progress(done: int) -> None:
            # the figures so far are read here, in the run's thread, between two chunks (the tally is
            # not being added to), at most four times a second
            now = time.monotonic()
            leaders = ""
            if done and now - read_at[0] >= 0.25:
                read_at[0], leaders = now, so_far.leaders()
            self._from_thread(self._show_done, done, leaders)

        try:
            jobs = plan(
                self.game,
                self.cards,
                n,
                seed,
                options=self.options,
                tables=self.tables,
                tournament=self.tournament,
                strategies=self.strategies or ("", ""),
                seconds=self.seconds,
            )
            tally = run(
                jobs,
                names,
                workers=workers_for(n, walked=not self.ruleset.memo, forked=False),
                progress=progress,
                cancelled=lambda: self._stop.is_set() or worker.is_cancelled,
                into=so_far,
            )
            self._from_thread(self._finished, tally, n, seed)
        except Exception as exc:  # noqa: BLE001 - never a traceback: the reason, and the screen stays
            self._from_thread(self._failed, exc)

    def _from_thread(self, callback, *args) -> None:
        """Call ``callback`` in the app's thread; nothing once the screen has gone or
        the app has closed (a detached screen cannot even name its app)."""
        app = self._app
        if app is None or not app.is_running or not self.is_attached:
            return
        app.call_from_thread(callback, *args)

    def _show_done(self, done: int, leaders: str = "") -> None:
        """The count done; the figures so far when they were read, on the status line (kept until
        read again), so a run stopped early shows what it had."""
        if not self.is_attached:
            return
        self.query_one("#progress", ProgressBar).update(progress=done)
        self.query_one("#done", Static).update(f"{done:,} of {self._progress_total:,} {self.noun}")
        if leaders and self.running:
            self._status(
                f"Running {self._progress_total:,} {self.noun}, seed {self.seed}: so far {escape(leaders)}. "
                "s stops and keeps what is done.",
                muted=True,
            )

    def _failed(self, exc: Exception) -> None:
        self.running = False
        if not self.is_attached:
            return
        self.query_one("#figures").remove_class("stale")
        self._status("The run failed: no figures.", muted=True)
        self.notify(
            f"{type(exc).__name__}: {exc}", title="The simulation failed", severity="error", timeout=15, markup=False
        )

    def _finished(self, tally: Tally, n: int, seed: int) -> None:
        if not self.is_attached:
            return
        self.running = False
        self.query_one("#figures").remove_class("stale")
        self.tally = tally
        self.summary = tally.summary()
        done = self.summary["n"]
        model = self._model_words()
        if tally.stopped:
            self._status(
                f"[b]PARTIAL[/b]: stopped after {done:,} of {n:,} {self.noun} (seed {seed}){model}", partial=True
            )
        else:
            extra = f" ({self.summary['bouts']:,} bouts)" if self.tournament else ""
            self._status(f"{done:,} {self.noun}{extra}, seed {seed}{model}")
        self.show_figures(tally)

    # --- the figures -----------------------------------------------------------

    def show_figures(self, tally: Tally) -> None:
        """Lay out ``tally``'s summary."""
        summary = tally.summary()
        self.query_one("#columns").display = True
        champions = self.query_one("#champions", Static)
        champions.display = self.tournament
        if self.tournament:
            champions.update(self._champions_text(summary))
        wins = self.query_one("#wins", Static)
        wins.display = not self.tournament
        wins.update(self._wins_text(summary))
        self.query_one("#finishes", Static).update(self._finishes_text(summary))
        self.query_one("#submissions", Static).update(self._submissions_text(summary))
        self.query_one("#methods", Static).update(self._methods_text(summary))
        self.query_one("#chart", Static).update(self._chart_text(tally))

    @staticmethod
    def _padded(name: str) -> str:
        short = name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"
        return escape(f"{short:<{NAME_WIDTH}}")

    def _champions_text(self, summary: dict[str, Any]) -> str:
        won_bouts = summary["wins"]
        lines = [f"[b]{'Tournament wins':<{NAME_WIDTH}}[/b]  [dim]{'share':>6}  {'95% interval':<13}  bouts won[/dim]"]
        ranked = sorted(summary["champions"].items(), key=lambda kv: -kv[1])
        for name, share in ranked:
            bouts = pct(won_bouts[name]) if name in won_bouts else "0.0%"
            lines.append(
                f"{self._padded(name)}  {pct(share):>6}  {interval(summary['champions_interval'][name]):<13}  "
                f"{bouts:>6}"
            )
        lines.append(f"[dim]bouts won: a share of all {summary['bouts']:,} bouts[/dim]")
        return "\n".join(lines)

    def _wins_text(self, summary: dict[str, Any]) -> str:
        if self.tournament:  # each entrant's bouts are in the table above; a bracket has no draws
            return ""
        lines = [f"[b]{'Wins':<{NAME_WIDTH}}[/b]  [dim]{'share':>6}  95% interval[/dim]"]
        for name, share in summary["wins"].items():
            lines.append(f"{self._padded(name)}  {pct(share):>6}  {interval(summary['wins_interval'][name])}")
        lines.append(f"{'draws':<{NAME_WIDTH}}  {pct(summary['draws']):>6}")
        return "\n".join(lines)

    def _finishes_text(self, summary: dict[str, Any]) -> str:
        if "median_finish_period" in summary:  # a game without a clock: its turns
            word = self.ruleset.period_word
            finish = summary["median_finish_period"]
            return "\n".join(
                [
                    f"[b]{'Finishes':<{NAME_WIDTH}}[/b]  median {f'{word} {finish}' if finish is not None else 'none'}",
                    f"  bouts end at median {word} {summary['median_period']}",
                    f"  decisions {pct(summary['methods']['decision']):>6}",
                ]
            )
        inside = summary["inside"]
        median = summary["median_finish"] or "no finish"
        decisions = pct(summary["methods"]["decision"])
        return "\n".join(
            [
                f"[b]{'Finishes':<{NAME_WIDTH}}[/b]  median {median}",
                f"  inside  1:00  {pct(inside['1']):>6}   decisions {decisions:>6}",
                f"  inside  5:00  {pct(inside['5']):>6}",
                f"  inside 10:00  {pct(inside['10']):>6}",
            ]
        )

    def _submissions_text(self, summary: dict[str, Any]) -> str:
        subs = list(summary["submissions"].items())
        if not subs:
            return "[b]Submissions[/b]  [dim]none[/dim]"
        lines = [f"[b]{'Top submissions':<{NAME_WIDTH}}[/b]  [dim]{'share':>6}[/dim]"]
        for name, share in subs[:TOP_SUBMISSIONS]:
            lines.append(f"{self._padded(name)}  {pct(share):>6}")
        if len(subs) > TOP_SUBMISSIONS:
            rest = sum(share for _, share in subs[TOP_SUBMISSIONS:])
            lines.append(f"[dim]{len(subs) - TOP_SUBMISSIONS} more: {pct(rest)} in all[/dim]")
        return "\n".join(lines)

    def _methods_text(self, summary: dict[str, Any]) -> str:
        lines = ["[b]How bouts end[/b]"]
        for key, word in METHODS:
            share = summary["methods"][key]
            lines.append(f"{word:<10} {pct(share):>6} [$text-accent]{hbar(share)}[/]")
        return "\n".join(lines)

    def _chart_text(self, tally: Tally) -> str:
        minutes, unit = tally.finish_minutes(), "minute"
        if not minutes:  # a game without a clock: its finishes by turn
            minutes, unit = tally.finish_periods(), self.ruleset.period_word
        bouts = tally.n
        if not minutes:
            return "[b]Finish times[/b]  [dim]no bout was finished[/dim]"
        rows = finish_chart(minutes, unit="min" if unit == "minute" else unit)
        peak = max(minutes.values())
        head = f"[b]Finishes by {unit}[/b] [dim](peak {pct(peak / bouts)})[/dim]"
        bars = [f"[$text-primary]{row}[/]" if row else "" for row in rows[:-1]]
        return "\n".join([head, *bars, f"[dim]{rows[-1]}[/dim]"])
