"""The scene simulator (issue 21): many scenes of the sides picked, played by the rules engine with
the app's own dice, and what they add up to: each side's wins, the rounds a scene lasts, and each
combatant's chance to fall and to die and how he ends, in the game's words.

The figures are :meth:`companion.simulate_scenes.SceneTally.summary` as the engine gives them (the
same as ``companion simulate GAME --red ... --blue ... --json`` for the same seed, count, options
and tables); this screen only lays them out. The controls, the run in a worker thread, the
progress bar and the stop key are the matchup simulator's (:class:`MatchupScreen`).
"""

from __future__ import annotations

import random
import time
from typing import Any

from textual import events, work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Header, Input, Label, ProgressBar, Select, Static
from textual.worker import get_current_worker

from companion.ruleset import SIDES, Setup, get_ruleset
from companion.screens.matchup import MatchupScreen, hbar, interval, pct
from companion.screens.widgets import escape
from companion.simulate import ensure_resource_tracker
from companion.simulate_scenes import SceneTally, round_rows, run_scenes, scene_plan, scene_workers, side_name

SCENE_COUNTS = (50, 200, 1_000, 5_000)
"""How many scenes a run can play (a scene costs as much as a thousand bouts)."""
DEFAULT_SCENES = 200
SIDE_STYLE = ("$text-error", "$text-primary")
NAME_WIDTH = 22
FIGURE_WIDTH = len(" 30.5% (25.1-36.4%)")
"""A share and its interval, as a combatant's row gives them under their heading."""


class SceneMatchupScreen(MatchupScreen):
    """Simulate a scene (its combatants on two sides) many times and show who wins, how long it
    takes and how each combatant ends.

    Args:
        game: a scene game's key (a ruleset with ``scenes`` and ``simulated``).
        cards: the combatants in scene order, an NPC group's copies numbered.
        sides: each one's side (0 red, 1 blue).
        options: the rules options (the game's defaults where not given).
        tables: the tables in play (the shipped ones where None).
    """

    DEFAULT_CSS = """
    SceneMatchupScreen #rounds {
        height: auto;
        margin-bottom: 1;
    }
    """

    def __init__(
        self,
        game: str,
        cards: tuple[Any, ...],
        sides: tuple[int, ...],
        options: dict[str, Any] | None = None,
        tables: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(game, cards)
        self.sides = tuple(sides)
        self.tables = tables
        if options is not None:
            self.options = dict(options)
        self.count = DEFAULT_SCENES
        self.scene_tally: SceneTally | None = None
        """The last run's figures (partial when ``stopped``)."""

    @property
    def noun(self) -> str:
        return "scenes"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self._who(), id="who")
        with Horizontal(id="controls"):
            yield Label("Scenes", classes="field")
            yield Select(
                [(f"{k:,}", k) for k in SCENE_COUNTS], value=self.count, allow_blank=False, id="count", compact=True
            )
            yield Label("Seed", classes="field")
            yield Input(restrict=r"[0-9]*", max_length=9, id="seed", compact=True)
            yield Button("Run (r)", id="run", variant="primary", compact=True)
        with Horizontal(id="progress-row"):
            yield ProgressBar(total=self.count, show_eta=False, id="progress")
            yield Static(id="done", classes="muted")
        yield Static(id="status")
        with VerticalScroll(id="figures"):
            yield Static(id="wins")
            yield Static(id="rounds")
            yield Static(id="combatants")
        yield Footer(show_command_palette=False)

    def on_mount(self, event: events.Mount | None = None) -> None:
        if event is not None:  # Textual passes it: the matchup screen's own mount lays out figures this one has not
            event.prevent_default()
        self._app = self.app
        self.title = get_ruleset(self.game).title
        self.sub_title = "scene simulator"
        self.fit_header()
        self.set_seed(getattr(self.app, "rng", random).randrange(1, 1_000_000))
        for part in ("#wins", "#rounds", "#combatants"):
            self.query_one(part).display = False
        self._status(
            "r or Enter plays the scenes with the rules engine and the app's own dice (the advised "
            "choice is always taken; the GM ends a scene no hit can end). The same seed gives the same figures.",
            muted=True,
        )

    def _who(self) -> str:
        lines = []
        for side in (0, 1):
            names = " & ".join(escape(c.name) for c, s in zip(self.cards, self.sides) if s == side)
            lines.append(f"[b {SIDE_STYLE[side]}]{SIDES[side].upper()}[/] {names}")
        return "\n".join(lines)

    def _setup_ok(self) -> bool:
        """Ask the game whether this scene can be played (and simulated); the reason when not."""
        ruleset = get_ruleset(self.game)
        try:
            if not ruleset.simulated or ruleset.scene_figures() is None:
                raise ValueError(f"{ruleset.title} scenes cannot be simulated yet.")
            ruleset.new(Setup(self.game, self.cards, self.options, self.tables, self.sides))
        except Exception as exc:  # noqa: BLE001 - the game says why; never a traceback
            reason = exc.args[0] if exc.args else exc
            self.notify(str(reason), title="This cannot be simulated", severity="error", timeout=10, markup=False)
            return False
        return True

    def action_run(self) -> None:
        if not self.running and scene_workers(self.count) > 1:
            try:
                ensure_resource_tracker()  # from the app's thread: the worker's would race the screen's stderr
            except Exception as exc:  # noqa: BLE001 - the run then fails with the reason; never a traceback
                self.log.warning(f"resource tracker: {exc}")
        super().action_run()

    @work(thread=True, exclusive=True, exit_on_error=False, group="simulate")
    def simulate(self, n: int, seed: int) -> None:
        """Play the run in this thread; the screen is updated from the app's thread."""
        worker = get_current_worker()
        so_far = SceneTally(tuple(card.name for card in self.cards), self.sides)
        read_at = [-1.0]

        def progress(done: int) -> None:
            now = time.monotonic()
            leaders = ""
            if done and now - read_at[0] >= 0.25:  # between two chunks: the tally is not being added to
                read_at[0], leaders = now, so_far.leaders()
            self._from_thread(self._show_done, done, leaders)

        try:
            jobs = scene_plan(self.game, self.cards, self.sides, n, seed, options=self.options, tables=self.tables)
            tally = run_scenes(
                jobs,
                so_far,
                workers=scene_workers(n),
                progress=progress,
                cancelled=lambda: self._stop.is_set() or worker.is_cancelled,
            )
            self._from_thread(self._scenes_done, tally, n, seed)
        except Exception as exc:  # noqa: BLE001 - never a traceback: the reason, and the screen stays
            self._from_thread(self._failed, exc)

    def _scenes_done(self, tally: SceneTally, n: int, seed: int) -> None:
        if not self.is_attached:
            return
        self.running = False
        self.query_one("#figures").remove_class("stale")
        figures = get_ruleset(self.game).scene_figures()
        assert figures is not None  # checked before the run
        self.scene_tally = tally
        self.summary = tally.summary(figures)
        done = self.summary["n"]
        if tally.stopped:
            self._status(
                f"[b]PARTIAL[/b]: stopped after {done:,} of {n:,} scenes (seed {seed}){self.options_said()}",
                partial=True,
            )
        else:
            self._status(f"{done:,} scenes, seed {seed}{self.options_said()}")
        self.show_scene_figures(self.summary)

    # --- the figures -----------------------------------------------------------

    def show_scene_figures(self, summary: dict[str, Any]) -> None:
        """Lay out a scene run's summary."""
        for part, text in (
            ("#wins", self._sides_text(summary)),
            ("#rounds", self._rounds_text(summary)),
            ("#combatants", self._combatants_text(summary)),
        ):
            widget = self.query_one(part, Static)
            widget.display = True
            widget.update(text)

    @staticmethod
    def _padded(name: str, width: int = NAME_WIDTH) -> str:
        short = name if len(name) <= width else name[: width - 1] + "…"
        return escape(f"{short:<{width}}")

    def _sides_text(self, summary: dict[str, Any]) -> str:
        labels = {side: side_name(names) for side, names in summary["sides"].items()}
        width = max([NAME_WIDTH, *(len(label) for label in labels.values())])
        lines = [f"[b]{'Wins':<{width}}[/b]  [dim]{'share':>6}  95% interval[/dim]"]
        for side, share in summary["wins"].items():
            colour = SIDE_STYLE[SIDES.index(side)]
            lines.append(
                f"[b {colour}]{escape(f'{labels[side]:<{width}}')}[/]  {pct(share):>6}  "
                f"{interval(summary['wins_interval'][side])}"
            )
        lines.append(f"{'no winner':<{width}}  {pct(summary['no_winner']):>6}")
        ends = ", ".join(f"{escape(method)} {pct(share)}" for method, share in summary["methods"].items())
        lines.append(f"[dim]scenes end: {ends}[/dim]")
        return "\n".join(lines)

    def _rounds_text(self, summary: dict[str, Any]) -> str:
        rounds = summary["rounds"]
        cuts = " · ".join(f"{p}% by {r}" for p, r in rounds["percentiles"].items() if p != "50")
        lines = [f"[b]Rounds[/b]  median {rounds['median']}, mean {rounds['mean']}  [dim]{cuts}[/dim]"]
        for label, share in round_rows(rounds["distribution"], most=8):
            lines.append(f"  {label:>7}  {pct(share):>6} [$text-accent]{hbar(share, 30)}[/]")
        return "\n".join(lines)

    def _combatants_text(self, summary: dict[str, Any]) -> str:
        words = summary["words"]
        # each figure under its heading, once: the rows say the shares and their intervals only
        fell_width = max(len(words["fell"]), FIGURE_WIDTH)
        lines = [
            f"[b]{'Combatant':<{NAME_WIDTH}}[/b]  [dim]{escape(words['fell'].ljust(fell_width))}  "
            f"{escape(words['died'])}   (95% intervals)[/dim]"
        ]
        for name, one in summary["combatants"].items():
            colour = SIDE_STYLE[SIDES.index(one["side"])]
            fell = f"{pct(one['fell']):>6} ({interval(one['fell_interval'])})"
            lines.append(
                f"[{colour}]{self._padded(name)}[/]  {fell:<{fell_width}}  "
                f"{pct(one['died']):>6} ({interval(one['died_interval'])})"
            )
            levels = [f"{escape(level)} {pct(share)}" for level, share in one["levels"].items() if share]
            lines.append(f"  [dim]{escape(words['level'])}:[/dim] " + ", ".join(levels))
            if words["lost"] and "lost" in one:
                lost = one["lost"]
                lines.append(
                    f"  [dim]{escape(words['lost'])}:[/dim] mean {lost['mean']}, median {lost['median']}, "
                    f"90% {lost['p90']} or fewer, most {lost['max']}"
                )
        return "\n".join(lines)
