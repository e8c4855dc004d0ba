"""Cage Match!: secret simultaneous moves on action pads, muscle and nerves,
focus, positions and combos.

Rules: ``shared/rules/source/cage_match.txt`` as settled by rulings CM-1 to
CM-6; what neither prints is the project's reconstruction, numbered CMD-1 to
CMD-28 in ``docs/cage_match_design.md`` and cited where built. The pads, the
POSITION table and the Fight Card are data (``tables.yaml``, checked by
``tables.py``); the sheets are in ``fighters/cage_match.yaml`` (``cards.py``).

A turn (CM-5): both choose in secret (one answer, ``red=jab+d1
blue=head-kick``), the reveal, the outcome the Fight Card gives, its rolls and
choices, Record (focus, KO), then Combine. The state keeps the answers given
so far in the turn and replays them through :class:`Turn`, which asks for the
next answer where they run out: each outcome reads as the text's own steps.

The code, by step (``docs/cage_match_design.md``), in the game's package: ``rules.py`` (how a
roll and a roll-off read), ``state.py`` (the options, the sheets, the state), ``turn.py`` (the
turn's numbers and plumbing), then one module a step, each class built on the one before:
``reveal``, ``rolls``, ``damage``, ``positions``, ``outcomes``, ``record``, ``combos``; here the
:class:`Turn` that plays them, and the ruleset; ``reference.py`` the rules reference, ``odds.py``
the odds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any, cast

from companion.dice import Refused
from companion.replay import Rounds
from companion.ruleset import (
    Answer,
    Gauge,
    Outcome,
    OverPrompt,
    Prompt,
    Reference,
    Result,
    RollPrompt,
    Ruleset,
    SecretPrompt,
    Setup,
    evolve,
)
from companion.rulesets.cage_match import simulation
from companion.rulesets.cage_match import tables as tables_mod
from companion.rulesets.cage_match.cards import CmCard
from companion.rulesets.cage_match.combos import Combos
from companion.rulesets.cage_match.damage import Blow, aim, harm
from companion.rulesets.cage_match.reference import attack_table, card_reference
from companion.rulesets.cage_match.rules import (
    TWO_D6,
    Clash,
    Roll,
    block,
    break_free,
    defence,
    expected_damage,
    must_win,
    race,
)
from companion.rulesets.cage_match.state import OPTIONS, Body, CmState, Options, Rules, Sheet, frozen_body
from companion.rulesets.cage_match.tables import (
    BRUTAL_HIT,
    CROWD_BOOS,
    PROTECTS,
    SHOOTS_IN,
    SLICK_MOVE,
    SPRAWL_N_BRAWL,
    SWIFT_ATTACK,
    TAUNTS,
    TRADE_BLOWS,
    TRIES_THE_TAKE_DOWN,
    WHO_FASTER,
)
from companion.rulesets.cage_match.turn import TableEnds
from companion.views import CardView, Mark, PanelLine, Tone

__all__ = [
    "RULESET",
    "TWO_D6",
    "Blow",
    "Body",
    "Clash",
    "CmState",
    "Roll",
    "Turn",
    "aim",
    "block",
    "break_free",
    "defence",
    "expected_damage",
    "harm",
    "must_win",
    "race",
]
"""What this module has always offered (the names now defined in the step modules among them)."""


# --- one turn -------------------------------------------------------------------

OUTCOME_STEPS = {
    TRADE_BLOWS: "trade_blows",
    WHO_FASTER: "who_faster",
    SWIFT_ATTACK: "swift_attack",
    TAUNTS: "taunts",
    SLICK_MOVE: "slick_move",
    SPRAWL_N_BRAWL: "sprawl_n_brawl",
    PROTECTS: "protects",
    BRUTAL_HIT: "brutal_hit",
    SHOOTS_IN: "shoots_in",
    TRIES_THE_TAKE_DOWN: "tries_the_take_down",
    CROWD_BOOS: "crowd_boos",
}
"""Each outcome of the results table and the :class:`Turn`'s step that plays it (``outcomes.py``)."""


class Turn(Combos):
    """One turn played from its start over the answers given so far (CM-5): the secret choice
    and the reveal, the outcome, Record, then Combine; or the fight ended by the table.

    ``run()`` stops at the first answer still missing (``need``) or at the
    turn's end (``done``); the log, the numbers and the position are as far as
    the answers go.
    """

    def play(self) -> None:
        try:
            self.play_turn()
        except TableEnds:
            self.end_by_table()

    def play_turn(self) -> None:
        picks = self.take(self.secret)
        self.reveal(picks)
        cell = self.cell
        assert cell is not None  # read at the reveal
        actor = 1 if cell.actor == 1 else 0
        getattr(self, OUTCOME_STEPS[cell.outcome])(actor, 1 - actor)
        if self.result is None:
            self.record()
        if self.result is None:
            self.combine()

    def end_by_table(self) -> None:
        """The table stops the fight (ruling CM-12), before this turn's picks or during it with
        the numbers as they stand: a draw, or with the option a decision to the fighter with
        more head plus body nerves left."""
        if self.moves:
            fought = self.st.turn
            self.log.append(f"The table ends the fight during turn {fought}")
        else:
            fought = self.st.turn - 1
            self.log.append(f"The table ends the fight after {fought} turn{'s' * (fought != 1)}")
        left = [hp.head + hp.body for hp in self.hp]
        if self.st.options.table_end == "decision" and left[0] != left[1]:
            winner = 0 if left[0] > left[1] else 1
            self.log.append(
                f"Decision: {self.names[winner]} has more head and body nerves left "
                f"({left[winner]} to {left[1 - winner]})"
            )
            self.result = Result(self.names[winner], self.names[1 - winner], "decision", "nerves left", fought)
            return
        if self.st.options.table_end == "decision":
            self.log.append(f"Both have {left[0]} head and body nerves left: a draw")
        self.result = Result(None, None, "draw", "ended by the table", fought)


# --- the ruleset -----------------------------------------------------------------


class CageMatch(Ruleset):
    """The Cage Match! ruleset (registered in ``companion.ruleset.GAMES``)."""

    key = "cage_match"
    title = "Cage Match!"
    period_word = "turn"
    card_model = CmCard
    has_sheet = True
    """The card editor made from the card model (issue 23): the moves as rows, the hit points beside."""

    def card_figures(self, card: CmCard, tables: Any) -> tuple[Any, ...]:
        from companion.rulesets.cage_match.sheet import figures

        return figures(card, tables)

    options = OPTIONS
    has_odds = True
    has_gauges = True
    has_tables = True
    standing = frozenset({"position", "side"})

    tables_what = "card"
    simulated = True
    memo = False  # a whole turn's numbers: a bout's states seldom repeat
    strategies = simulation.STRATEGIES
    simulated_turns = simulation.TURNS

    def advise(self, state: CmState, prompt: SecretPrompt, side: int) -> str:
        """The ``advice`` strategy's pick (``simulation.advise``: the most damage to expect)."""
        return simulation.advise(self.run(state), prompt, side)

    def panel_lines(self, card: CmCard, numbers: dict[str, Any]) -> tuple[PanelLine, ...]:
        """The trackers, the penalty below 30 muscle (CM-2) said as what it does."""
        lines: list[PanelLine] = []
        for key, value in numbers.items():
            if key == "penalty" and value:
                lines.append(Mark(f"{value:+d} to all dice", Tone.DANGER, strong=True))
            else:
                lines += super().panel_lines(card, {key: value})
        return tuple(lines)

    def card_view(self, card: CmCard, tables: Any = None) -> CardView:
        """The whole Fight Card sheet."""
        return replace(super().card_view(card, tables), rows=(), sheet=tuple(card.sheet_lines()))

    def roster_note(self, card: CmCard) -> str:
        weight: str = card.weight_class
        return weight.removesuffix("weight")

    def may_meet(self, red: CmCard, blue: CmCard) -> bool:
        matching: bool = red.weight_class == blue.weight_class
        return matching  # "pick or randomly choose 2 fighters of matching weight class"

    def tables_file(self) -> Any:
        """The card a fight is played with: the shipped one, a player's ``<data dir>/tables/cage_match.yaml``
        sections over it (CM-6), checked (``companion tables check``)."""
        return tables_mod.TABLES

    def card_check(self, card: CmCard, tables: dict[str, Any]) -> list[str]:  # type: ignore[override]
        """A sheet against the card in play (``companion fighters check``), ruling CM-7: in every
        position, on each side of it, the sheet has a focus-free move it can do there that
        counters each move the other side may choose. The generic moves fill only the types a
        sheet lists none of, so a sheet whose strikes are all for STANDING has none in the clinch.
        Lines ``fighter NAME: moves: message``."""
        rules = Rules.of(tables)
        sheet = Sheet.of(card, rules)
        card_tables = rules.tables
        out = []
        for key, rule in card_tables.positions.items():
            roles = ("even",) if rule.sides == "even" else ("dominant", "submissive")
            for role in roles:
                other = role if role == "even" else ("submissive" if role == "dominant" else "dominant")
                mine = {
                    move.type
                    for move in sheet.moves
                    if not move.cost
                    and move.type in rule.allowed[role]
                    and (move.positions is None or key in move.positions)
                }
                for theirs in rule.allowed[other]:
                    if not any(
                        tables_mod.counters(card_tables, rules.cells[rule.pad, theirs, reply], reply)
                        for reply in mine
                        if (rule.pad, theirs, reply) in rules.cells
                    ):
                        side = "" if role == "even" else f" ({role})"
                        out.append(
                            f"fighter {card.name}: moves: nothing on the sheet answers a "
                            f"{theirs.replace('_', ' ')} in {rule.label}{side} (ruling CM-7: every move has a "
                            "counter; a listed move of a type replaces the generic one, so give it the "
                            "positions where it is needed)"
                        )
        return out

    def new(self, setup: Setup) -> CmState:
        options = Options.of(setup.options)
        rules = Rules.of(setup.tables if setup.tables is not None else tables_mod.load())
        if len(setup.fighters) != 2:
            raise ValueError("a Cage Match fight needs two fighters")
        red, blue = cast("tuple[CmCard, CmCard]", setup.fighters)
        if red.name == blue.name:
            raise ValueError(
                f"{red.name} cannot fight himself: the log and the trackers could not tell the corners apart"
            )
        if red.weight_class != blue.weight_class and not options.catchweight:
            raise ValueError(
                f"{red.name} is a {red.weight_class} and {blue.name} a {blue.weight_class}: the text "
                "pairs fighters of matching weight class (turn on the catchweight option to allow it)"
            )
        sheets = (Sheet.of(red, rules), Sheet.of(blue, rules))
        start = rules.tables.start
        body = Body(start.muscle, start.body, start.head, start.focus)
        return CmState(rules, sheets, options, (body, body))

    # --- prompts and answers ---------------------------------------------------------

    def run(self, state: CmState) -> Turn:
        """The turn played over ``state``'s answers (the last two states' kept: :class:`Rounds`)."""
        turn: Turn = self._turns.of(state)
        return turn

    @cached_property
    def _turns(self) -> Rounds:
        return Rounds(Turn)

    def prompt(self, state: CmState) -> Prompt:
        if state.result is not None:
            return OverPrompt(state.result, self.period_word)
        need = self.run(state).need
        assert need is not None  # a turn's answers never reach its end: apply folds a finished turn
        return need

    def apply(self, state: CmState, answer: Answer) -> Outcome:
        if state.result is not None:
            raise Refused("the fight is over")
        # the turn goes on from its prompt (replayed from its start only where none waits: an undo, a resume)
        turn, after, log = self._turns.go_on(state, answer)
        if not turn.done:
            return Outcome(after, log)
        return self.answered(state, after, log, turn)

    def outcomes(self, state: CmState, answers: Sequence[Answer]) -> list[Outcome]:
        """Each turn played once over its answers (:meth:`companion.replay.Rounds.outcomes`)."""
        return self._turns.outcomes(state, answers, self.apply, self.answered)

    def answered(self, state: CmState, after: CmState, log: tuple[str, ...], done: Turn | None) -> Outcome:
        """What an answer at ``state`` comes to once its turn has taken it: ``after``, the turn waiting
        at its next prompt; or, where it finished the turn ``done``, the next turn's state."""
        if done is None:
            return Outcome(after, log)
        turn = done
        red, blue = turn.hp
        end = evolve(
            after,
            bodies=(frozen_body(red), frozen_body(blue)),
            turn=state.turn + 1,
            position=turn.position,
            dominant=turn.dominant,
            inputs=(),
            shown=0,
            result=turn.result,
        )
        return Outcome(end, log)

    def odds(self, state: CmState, *, wait: bool = False) -> Any:
        """The odds of the roll asked for (issue 8), only after the reveal: each way the roll (and
        its roll-off) reads, where the damage goes and what to expect; and the pad, each move's
        damage and chance to hurt the head and the body over the other's replies. None at the
        secret choice, at a choice and once the fight is over (``rulesets.cage_match.odds``;
        with ``wait``, the pad is worked out first if it is not ready)."""
        from companion.rulesets.cage_match.odds import odds  # the odds load only when asked for

        return odds(self, state, wait=wait)

    def odds_prepare(self, state: CmState) -> None:
        """Start working out the turn's pad in the background (issue 8): nothing is shown until
        the reveal, and it is worked out for every pair, whatever anyone picks."""
        if state.result is None:
            from companion.rulesets.cage_match.odds import PADS

            PADS.want(state)

    # --- what the screens show ---------------------------------------------------------

    def live(self, state: CmState) -> Turn:
        """The turn as far as its answers go: numbers and position as they stand now."""
        return self.run(state) if state.result is None else _ended(state)

    def trackers(self, state: CmState) -> dict[str, dict[str, Any]]:
        turn = self.live(state)
        out = {}
        for side in (0, 1):
            hp = turn.hp[side]
            out[turn.name(side)] = {
                "muscle": hp.muscle,
                "body_nerves": hp.body,
                "head_nerves": hp.head,
                "focus": hp.focus,
                "position": turn.label.split(" - ")[-1],  # "PAST GUARD": one line of a tracker panel
                "side": _side_words(turn, side),
                "penalty": turn.penalty(side) or None,
            }
        return out

    # a list for each fighter, as the fight screen's panel takes them (the base declares tuples)
    def gauges(self, state: CmState) -> dict[str, list[Gauge]]:  # type: ignore[override]
        """Muscle and nerves as bars with the 30 marks (CM-3), focus as pips out of 10."""
        turn = self.live(state)
        tables = state.rules.tables
        below = tables.penalties.below
        out = {}
        for side in (0, 1):
            hp = turn.hp[side]
            out[turn.name(side)] = [
                Gauge("muscle", "muscle", hp.muscle, tables.start.muscle, below, low=hp.muscle < below),
                Gauge("body_nerves", "body", hp.body, tables.start.body, below, low=hp.body < below),
                Gauge("head_nerves", "head", hp.head, tables.start.head, None, low=hp.head <= tables.start.head // 4),
                Gauge("focus", "focus", hp.focus, tables.focus.max, pips=True),
            ]
        return out

    def status(self, state: CmState) -> str:
        turn = self.live(state)
        text = f"Turn {state.result.period if state.result else state.turn} · {turn.label}"  # who is on top: the panels
        if state.options.first_fight:
            text += " · First Fight"
        return text

    def reference(self, state: CmState) -> Reference | None:
        turn = self.live(state)
        need = turn.need
        if isinstance(need, RollPrompt) and turn.reading is not None:  # an attack is being rolled this turn
            return attack_table(turn.reading[0], need)
        if turn.cell is not None:
            return card_reference(state, turn.pad, turn.moves[0].type, turn.moves[1].type, turn.cell)
        pad = turn.pad
        return card_reference(state, pad, None, None, None)


def _side_words(turn: Turn, side: int) -> str | None:
    """Who is on top (GROUND) or holds the tie (COLLAR TIE), in the game's words; None when even."""
    if turn.dominant is None or turn.tables.positions[turn.position].sides == "even":
        return None
    top = turn.dominant == side
    if turn.position == "collar_tie":
        return "holds the tie" if top else "held in the tie"
    return "on top" if top else "underneath"


def _ended(state: CmState) -> Turn:
    """A finished fight's last numbers (its final turn is folded into the state)."""
    return Turn(evolve(state, inputs=()))


RULESET = CageMatch()
