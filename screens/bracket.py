"""The bracket of a tournament night (ruling NHB-9): the bouts by rounds, with
who won, how and when, and the rating loss each fighter carries into a bout,
filling in as the bouts finish."""

from __future__ import annotations

from typing import Any, NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from companion.screens.widgets import GameHeader, escape
from companion.session import Session
from companion.tournament import Bracket, round_names

BLOCK = 4
"""Lines a bout takes: red, blue, how it ended, when."""
GAP = 1
"""Blank lines between two bouts of the first round."""

SHORT_ROUND = {"first round": "R1", "quarter-final": "QF", "semi-final": "SF", "final": "final"}
"""Round names short enough for a narrow column."""


def _how(result: Any) -> str:
    """``TKO (GNP TKO)``, ``submission (armbar)``: the method as a headline says it."""
    how = result.method.upper() if result.method in ("ko", "tko") else result.method
    if result.detail and result.detail.lower() != how.lower():
        how += f" ({result.detail})"
    return how


def _short_name(bracket: Bracket, k: int) -> str:
    """``QF 2``, ``SF 1``, ``final``."""
    rnd, i, count = bracket.placing(k)
    name = SHORT_ROUND.get(round_names(bracket.size)[rnd], round_names(bracket.size)[rnd])
    return name if count == 1 else f"{name} {i + 1}"


def _round_starts(bracket: Bracket) -> list[int]:
    """The index of each round's first bout."""
    starts, first, count = [], 0, bracket.size // 2
    while count:
        starts.append(first)
        first += count
        count //= 2
    return starts


class Column(NamedTuple):
    """One column of the drawn bracket: a round's bouts, or the lines joining two rounds."""

    heading: str
    lines: list[str]
    joins: bool = False
    """The lines that join a round's bouts to the next round's."""


def bracket_columns(bracket: Bracket, period_word: str, in_play: bool) -> list[Column]:
    """The bracket as text columns in Textual markup: each round, and between two
    rounds the lines joining them.

    Each bout is :data:`BLOCK` lines (red, blue, how, when) placed level with the
    middle of the two bouts that feed it, as a bracket is drawn on paper.

    Args:
        bracket: the draw and the bouts fought so far.
        period_word: what the game calls a period (``segment``).
        in_play: whether the next bout has begun.
    """
    starts = _round_starts(bracket)
    height = bracket.size // 2 * (BLOCK + GAP) - GAP
    tops: dict[int, int] = {}
    columns: list[Column] = []
    names = round_names(bracket.size)
    for rnd, first in enumerate(starts):
        count = bracket.size // 2 ** (rnd + 1)
        lines = [""] * height
        joins = [""] * height
        for i in range(count):
            k = first + i
            if rnd == 0:
                top = i * (BLOCK + GAP)
                feeders: tuple[int | None, int | None] = (None, None)
            else:
                a, b = starts[rnd - 1] + 2 * i, starts[rnd - 1] + 2 * i + 1
                top = (tops[a] + tops[b]) // 2
                feeders = (a, b)
                # from under the upper bout's names down to the lower bout's first name
                upper, lower = tops[a] + 1, tops[b]
                for row in range(upper, lower + 1):
                    joins[row] = " │ "
                joins[upper], joins[lower] = "─┐ ", "─┘ "
                joins[top + 1] = " ├─"
            tops[k] = top
            for line, text in enumerate(_bout_lines(bracket, k, feeders, period_word, in_play)):
                lines[top + line] = text
        if count == 1 and bracket.champion is not None:
            champion = bracket.champion
            loss = bracket.losses[champion]
            at = f" [dim]-{loss}[/dim]" if loss else ""
            lines[tops[first] + BLOCK + 1] = "[b $text-success]Champion[/]"
            lines[tops[first] + BLOCK + 2] = f"[b]{escape(bracket.entrants[champion].name)}[/b]{at}"
        if rnd:
            columns.append(Column("", [f"[dim]{line}[/dim]" if line else "" for line in joins], True))
        plural = "s" if count > 1 and names[rnd].endswith("final") else ""  # quarter-finals, first round
        columns.append(Column(names[rnd].capitalize() + plural, lines))
    return columns


def _bout_lines(
    bracket: Bracket, k: int, feeders: tuple[int | None, int | None], period_word: str, in_play: bool
) -> list[str]:
    """The lines of bout ``k``: each corner with the loss carried in, then the result or what is to come."""
    done = bracket.done[k] if k < len(bracket.done) else None
    corners: list[int | None] = []
    for side, feeder in enumerate(feeders):
        if feeder is None:
            corners.append(2 * bracket.placing(k)[1] + side)
        elif feeder < len(bracket.done):
            corners.append(bracket.done[feeder].winner)
        else:
            corners.append(None)
    lines = []
    for side, entrant in enumerate(corners):
        if entrant is None:
            lines.append(f"[dim]  winner of {_short_name(bracket, feeders[side])}[/dim]")
            continue
        name = escape(bracket.entrants[entrant].name)
        loss = bracket.loss_before(entrant, k)
        at = f" [dim]-{loss}[/dim]" if loss else ""
        if done is None:
            lines.append(f"  {name}{at}")
        elif done.winner == entrant:
            lines.append(f"[b $text-success]▶[/] [b]{name}[/b]{at}")
        else:
            lines.append(f"  [dim]{name}[/dim]{at}")
    if done is not None:
        r = done.result
        lines.append(f"  [i]{escape(_how(r))}[/i]")
        word = period_word if bracket.size < 16 else f"{period_word[:3]}."  # four rounds: narrow columns
        when = f"{word} {r.period}, {r.time}" if r.time else f"{word} {r.period}"
        lines.append(f"  [dim]{when}[/dim]")
    elif k == bracket.next_bout:
        lines.append("  [b $text-accent]in play[/]" if in_play else "  [b $text-accent]next[/]")
        lines.append("")
    else:
        lines += ["", ""]
    return lines


class BracketScreen(GameHeader, Screen[None]):
    """The night's bracket, drawn by rounds.

    Args:
        session: the tournament (a session of a ``Tournament`` ruleset).
    """

    CSS_PATH = "bracket.tcss"
    BINDINGS = [
        Binding("escape", "dismiss", "Back"),
        Binding("f6", "dismiss", "Back", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Header()
        state = self.session.state
        bracket: Bracket = state.bracket
        columns = bracket_columns(bracket, self.session.ruleset.period_word, self.session.ruleset.in_bout(state))
        with VerticalScroll(id="bracket"), Horizontal(id="rounds"):
            rnd = 0
            for column in columns:
                text = "\n".join([f"[b $text-accent]{column.heading}[/]" if column.heading else "", *column.lines])
                if column.joins:
                    yield Static(text, classes="joins")
                else:
                    yield Static(text, classes="round", id=f"round-{rnd}")
                    rnd += 1
        yield Static(self._note(bracket), id="note")
        yield Footer(show_command_palette=False)

    def _note(self, bracket: Bracket) -> str:
        """Where the night stands, and what the numbers after the names are."""
        fought = len(bracket.done)
        where = f"{fought} of {bracket.bouts} bouts fought"
        if bracket.champion is not None:
            where = f"{escape(bracket.entrants[bracket.champion].name)} is the champion"
        return f"{where} · [dim]-N: every rating N lower (ruling NHB-9)[/dim]"

    @property
    def header_ruleset(self) -> Any:
        return self.session.ruleset

    def on_mount(self) -> None:
        self.title = self.session.ruleset.title
        self.sub_title = f"the bracket of {self.session.state.bracket.size}"
        self.fit_header()
