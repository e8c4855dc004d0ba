"""A tournament night: a single-elimination bracket of bouts of one game.

The bracket is a ruleset like any other (``nhb_tournament``): its answers are
the bouts' answers in order, with one ``begin`` between bouts, so a tournament
is stored, undone (back into the previous bout) and resumed exactly as a fight
is (docs/design.md). The game supplies the bouts and what a win costs the
winner (ruling NHB-9 for NHB):

- ``injury(state) -> (loss, why)``: the rating loss a bout's winner carries on;
- ``injured(card, loss) -> card``: the card fighting at that loss;
- ``draws_possible(state) -> bool``: whether a bout with these options can end
  drawn, which a bracket cannot carry on from.

:class:`Bracket` holds the draw and the results; the simulator
(``companion.simulate``) runs its tournaments through the same class.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.dice import Refused
from companion.reader import choice_of
from companion.ruleset import (
    Answer,
    Choice,
    ChoicePrompt,
    Gauge,
    OptionSpec,
    Outcome,
    OverPrompt,
    Prompt,
    Reference,
    Result,
    Ruleset,
    Setup,
    evolve,
)
from companion.views import CardView, PanelLine

SIZES = (4, 8, 16)
"""Bracket sizes (ruling NHB-9)."""
BEGIN = "begin"
"""The answer that starts the next bout."""


@dataclass(frozen=True, slots=True)
class BoutRecord:
    """A finished bout of the bracket."""

    red: int
    """The red corner's entrant index."""
    blue: int
    winner: int
    """The winner's entrant index."""
    result: Result
    loss: int
    """The rating loss the winner carries on from this bout (NHB-9)."""


def round_names(size: int) -> tuple[str, ...]:
    """The rounds of a bracket of ``size``: ``("quarter-final", "semi-final", "final")`` for 8."""
    names = ("final", "semi-final", "quarter-final", "first round")
    rounds = size.bit_length() - 1
    return tuple(reversed(names[:rounds]))


@dataclass(frozen=True)
class Bracket:
    """The draw and the bouts fought so far.

    Entrants are in bracket order: the first round pairs 1 v 2, 3 v 4, and
    so on (the first named is red); each later bout pairs the winners of two
    neighbouring bouts, the upper one red.
    """

    entrants: tuple[Any, ...]
    done: tuple[BoutRecord, ...] = ()
    losses: tuple[int, ...] = ()
    """Each entrant's rating loss so far (NHB-9), by entrant index."""

    def __post_init__(self) -> None:
        if len(self.entrants) not in SIZES:
            raise ValueError(f"a tournament needs 4, 8 or 16 entrants, not {len(self.entrants)}")
        names = [card.name for card in self.entrants]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"{', '.join(twice)} cannot be entered twice")
        if not self.losses:
            object.__setattr__(self, "losses", (0,) * len(self.entrants))

    @property
    def size(self) -> int:
        return len(self.entrants)

    @property
    def bouts(self) -> int:
        """How many bouts the night has."""
        return self.size - 1

    def placing(self, k: int) -> tuple[int, int, int]:
        """Bout ``k`` (from 0) as ``(round, number in the round, bouts in the round)``;
        the round and the number count from 0."""
        count = self.size // 2
        first = 0
        rnd = 0
        while k >= first + count:
            first += count
            count //= 2
            rnd += 1
        return rnd, k - first, count

    def bout_name(self, k: int) -> str:
        """``quarter-final 2 of 4``, ``final``."""
        rnd, i, count = self.placing(k)
        name = round_names(self.size)[rnd]
        return name if count == 1 else f"{name} {i + 1} of {count}"

    def pairing(self, k: int) -> tuple[int, int]:
        """The entrant indices of bout ``k`` (red, blue); its feeding bouts must be done."""
        rnd, i, _count = self.placing(k)
        if rnd == 0:
            return 2 * i, 2 * i + 1
        previous = k - i - self.size // 2**rnd  # the first bout of the round before
        return self.done[previous + 2 * i].winner, self.done[previous + 2 * i + 1].winner

    @property
    def next_bout(self) -> int | None:
        """The index of the next bout, or None when the night is over."""
        k = len(self.done)
        return k if k < self.bouts else None

    def card(self, entrant: int, game: Any, loss: int | None = None) -> Any:
        """An entrant's card as they fight now, at their rating loss (NHB-9), or at ``loss``."""
        loss = self.losses[entrant] if loss is None else loss
        return game.injured(self.entrants[entrant], loss) if loss else self.entrants[entrant]

    def loss_before(self, entrant: int, k: int) -> int:
        """The rating loss ``entrant`` carries into bout ``k`` (NHB-9): what their wins before it cost."""
        return sum(b.loss for b in self.done[:k] if b.winner == entrant)

    def record(self, red: int, blue: int, result: Result, loss: int) -> Bracket:
        """The bracket after bout ``red`` v ``blue`` ended in ``result`` (which has a winner)."""
        winner = red if result.winner == self.entrants[red].name else blue
        bout = BoutRecord(red, blue, winner, result, loss)
        losses = list(self.losses)
        losses[bout.winner] += loss
        return Bracket(self.entrants, self.done + (bout,), tuple(losses))

    @property
    def champion(self) -> int | None:
        return self.done[-1].winner if len(self.done) == self.bouts else None

    def alive(self) -> set[int]:
        """Entrants not yet beaten."""
        beaten = {b.blue if b.winner == b.red else b.red for b in self.done}
        return set(range(self.size)) - beaten


@dataclass(frozen=True)
class TournamentState:
    bracket: Bracket
    options: dict[str, Any]
    tables: dict[str, Any] | None = None
    bout: Any = None
    """The game state of the bout in play; None between bouts."""
    pairing: tuple[int, int] | None = None
    """The entrants of the bout in play."""


class Tournament(Ruleset):
    """A bracket of one game's bouts, played as one session.

    Args:
        game: the game's ruleset (with ``injury``, ``injured`` and ``draws_possible``).
        key: the tournament's own game key (``nhb_tournament``).
        options: the rules options a night offers (the game's, by default).
    """

    has_odds = True
    """A bout of the night shows the odds its game gives a single bout (issue 22); a game without
    odds gives none (:meth:`odds`)."""

    def __init__(self, game: Ruleset, key: str, options: tuple[OptionSpec, ...] | None = None) -> None:
        self.game = game
        self.key = key
        self.title = f"{game.title} tournament night"
        self.period_word = game.period_word
        self.card_model = game.card_model
        self.options = game.options if options is None else options

    @property
    def roster(self) -> str:
        """The game whose cards are entered."""
        return self.game.key

    # --- the protocol --------------------------------------------------------

    def new(self, setup: Setup) -> TournamentState:
        bracket = Bracket(tuple(setup.fighters))
        # the game checks the options on a first pairing: a bad option is refused before anything is saved
        first = self.game.new(
            Setup(self.game.key, (bracket.entrants[0], bracket.entrants[1]), setup.options, setup.tables)
        )
        if self.game.draws_possible(first):
            raise ValueError("a drawn bout cannot go on in a bracket: choose an odd number of segments")
        return TournamentState(bracket, dict(setup.options), setup.tables)

    def prompt(self, state: TournamentState) -> Prompt:
        bracket = state.bracket
        if state.bout is not None:
            prompt: Prompt = self.game.prompt(state.bout)
            return prompt
        k = bracket.next_bout
        if k is None:
            return OverPrompt(self.result(state), self.period_word)
        red, blue = (bracket.entrants[i].name for i in bracket.pairing(k))
        return ChoicePrompt(
            "The referee",
            0,
            f"to begin the {bracket.bout_name(k)}: {red} v {blue}",
            (Choice(BEGIN, "begin the bout", f"{red} (red) v {blue} (blue)"),),
            BEGIN,
        )

    def apply(self, state: TournamentState, answer: Answer) -> Outcome:
        bracket = state.bracket
        if state.bout is None:
            k = bracket.next_bout
            if k is None:
                raise Refused("the tournament is over: nothing more to roll")
            begin = self.prompt(state)
            assert isinstance(begin, ChoicePrompt)
            choice_of(answer, lambda: begin)  # the one reader: begin, or a start of it (Enter on the tray takes it)
            return self._begin(state, k)
        outcome = self.game.apply(state.bout, answer)
        bout = outcome.state
        if self.game.prompt(bout).kind != "over":
            return Outcome(evolve(state, bout=bout), outcome.log)
        return self._bout_over(state, bout, outcome.log)

    def trackers(self, state: TournamentState) -> dict[str, dict[str, Any]]:
        bracket = state.bracket
        wins = [0] * bracket.size
        for bout in bracket.done:
            wins[bout.winner] += 1
        alive = bracket.alive()
        out = {
            card.name: {"rating_loss": bracket.losses[i], "wins": wins[i], "out": i not in alive}
            for i, card in enumerate(bracket.entrants)
        }
        if state.bout is not None:
            for name, numbers in self.game.trackers(state.bout).items():
                out[name] = {**out[name], **numbers}
        return out

    def reference(self, state: TournamentState) -> Reference | None:
        if state.bout is not None:
            reference: Reference | None = self.game.reference(state.bout)
            return reference
        return self.bracket_reference(state)

    # --- what the screens also read -------------------------------------------

    def status(self, state: TournamentState) -> str:
        bracket = state.bracket
        k = bracket.next_bout
        if k is None:
            return "The tournament is over"
        where = bracket.bout_name(k).capitalize()
        bout = self.game.status(state.bout) if state.bout is not None else ""
        return f"{where} · {bout}" if bout else where

    def odds(self, state: TournamentState, *, wait: bool = False) -> Any:
        """The odds of the bout in play, as the game gives a single bout's; none between bouts."""
        if state.bout is None or not self.game.has_odds:
            return None
        return self.game.odds(state.bout, wait=wait)

    def odds_prepare(self, state: TournamentState) -> None:
        if state.bout is not None:
            self.game.odds_prepare(state.bout)

    def corners(self, state: TournamentState) -> tuple[Any, Any]:
        """The two cards to show: the bout in play (at their losses), else the next one, else the finalists."""
        bracket = state.bracket
        if state.bout is not None:
            return tuple(state.bout.fighters)
        k = bracket.next_bout
        if k is None:  # the finalists as the night leaves them: at the whole loss their panels say (NHB-9)
            final = bracket.done[-1]
            return tuple(bracket.card(i, self.game) for i in (final.red, final.blue))
        red, blue = bracket.pairing(k)
        return bracket.card(red, self.game), bracket.card(blue, self.game)

    def ratings(self, card: Any) -> dict[str, int]:
        return self.game.ratings(card)

    # a night's panels and cards read as its game's
    def label(self, key: str) -> str:
        return self.game.label(key)

    def panel_lines(self, card: Any, numbers: dict[str, Any]) -> tuple[PanelLine, ...]:
        return self.game.panel_lines(card, numbers)

    def card_view(self, card: Any, tables: Any = None) -> CardView:
        return self.game.card_view(card, tables)

    def card_words(self, card: Any) -> tuple[str, ...]:
        return self.game.card_words(card)

    def total_text(self, prompt: Any, total: int, faces: tuple[int, ...] = ()) -> str:
        return self.game.total_text(prompt, total, faces)

    def gauges(self, state: TournamentState) -> dict[str, tuple[Gauge, ...]]:
        return self.game.gauges(state.bout) if state.bout is not None else {}

    def in_bout(self, state: TournamentState) -> bool:
        return state.bout is not None

    def result(self, state: TournamentState) -> Result:
        """The night's result: the champion over the other finalist, as the final ended."""
        bracket = state.bracket
        final = bracket.done[-1]
        champion = bracket.entrants[final.winner].name
        return Result(
            champion,
            final.result.loser,
            final.result.method,
            f"won the tournament; final: {final.result.detail}" if final.result.detail else "won the tournament",
            final.result.period,
            final.result.time,
            final.result.fight_time,
        )

    def bracket_reference(self, state: TournamentState) -> Reference:
        """Every bout of the night so far and the next one, as a table."""
        bracket = state.bracket
        rows = []
        for k, bout in enumerate(bracket.done):
            r = bout.result
            how = r.method.upper() if r.method in ("ko", "tko") else r.method
            if r.detail and r.detail.lower() != how.lower():
                how += f" ({r.detail})"
            loss = f", on at -{bracket_loss(bracket, k)}" if bout.loss else ""
            rows.append(
                (
                    bracket.bout_name(k),
                    f"{bracket.entrants[bout.red].name} v {bracket.entrants[bout.blue].name}",
                    f"{r.winner}: {how} {r.time} ({self.period_word[:3]}. {r.period}){loss}",
                )
            )
        upcoming = bracket.next_bout
        highlight = None
        if upcoming is not None:
            red, blue = bracket.pairing(upcoming)
            rows.append(
                (bracket.bout_name(upcoming), f"{bracket.entrants[red].name} v {bracket.entrants[blue].name}", "next")
            )
            highlight = len(rows) - 1
        return Reference(
            "The bracket",
            ("bout", "fighters", "result"),
            tuple(rows),
            highlight,
            "ruling NHB-9: a winner's ratings drop for the rest of the night",
        )

    # --- steps ---------------------------------------------------------------

    def _begin(self, state: TournamentState, k: int) -> Outcome:
        bracket = state.bracket
        red, blue = bracket.pairing(k)
        cards = (bracket.card(red, self.game), bracket.card(blue, self.game))
        bout = self.game.new(Setup(self.game.key, cards, state.options, state.tables))
        log = [f"{bracket.bout_name(k).capitalize()}: {cards[0].name} (red) v {cards[1].name} (blue)"]
        for i in (red, blue):
            if bracket.losses[i]:
                log.append(f"{bracket.entrants[i].name} fights at -{bracket.losses[i]} on every rating (ruling NHB-9)")
        return Outcome(evolve(state, bout=bout, pairing=(red, blue)), tuple(log))

    def _bout_over(self, state: TournamentState, bout: Any, log: tuple[str, ...]) -> Outcome:
        over = self.game.prompt(bout)
        assert isinstance(over, OverPrompt)  # the caller saw the bout's prompt is "over"
        result = over.result
        if result.winner is None:
            raise AssertionError("new() refuses options that allow a draw")
        loss, why = self.game.injury(bout)
        assert state.pairing is not None  # set by _begin with the bout
        red, blue = state.pairing
        bracket = state.bracket.record(red, blue, result, loss)
        winner = result.winner
        lines = list(log)
        if bracket.champion is not None:
            lines.append(f"{winner} wins the tournament!")
        elif loss:
            lines.append(f"{winner} goes on at -{bracket.losses[bracket.done[-1].winner]} on every rating ({why})")
        else:
            lines.append(f"{winner} goes on unhurt ({why})")
        return Outcome(evolve(state, bracket=bracket, bout=None, pairing=None), tuple(lines))


def bracket_loss(bracket: Bracket, k: int) -> int:
    """The winner of bout ``k``'s total loss after it."""
    winner = bracket.done[k].winner
    return sum(b.loss for b in bracket.done[: k + 1] if b.winner == winner)
