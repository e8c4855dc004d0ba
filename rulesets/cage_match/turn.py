"""Cage Match!: a fight's state, and what every phase of a turn stands on.

The options, the checked card and the sheets in the shape a turn reads them, the state between
turns, the answers (``end`` at any prompt, ruling CM-12), and :class:`TurnBase`: a turn's numbers
as its answers change them and the plumbing every phase uses. The phases build on it, each a
subclass of the one before, in the order a turn plays them (CM-5):

- ``cage_match_reveal.Reveal``: both choose in secret; the reveal, each pick read (a move that
  cannot be done gives the default, CMD-2; focus spent, CM-4) and the outcome the Fight Card
  gives the two moves;
- ``cage_match_rolls.RollOffs``: the dice, an attack roll or a roll-off, with every modifier;
- ``cage_match_damage.Damage``: a hit read on the attack dice table, to the muscles or the
  move's head or body nerves (CM-2, CM-3, CM-11);
- ``cage_match_positions.Positions``: what a move that lands does: the position changes, a
  shoot's take-down, a submission's hold;
- ``cage_match_outcomes.Outcomes``: each outcome of the results table, as the text's steps;
- ``cage_match_record.Record``: focus gained and drained (CM-4, CMD-15), knockouts (CM-1);
- ``cage_match_combos.Combos``: Combine: the combo's stages (CMD-12, CMD-13);

and ``cage_match.Turn`` plays them, or ends the fight where the table says so. A chain, not
mixins side by side: each phase calls only what it or an earlier one defines.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.dice import Refused, read_faces
from companion.replay import ReplayRound
from companion.ruleset import (
    Choice,
    ChoicePrompt,
    GameOptions,
    OverPrompt,
    Pick,
    Prompt,
    Result,
    RollPrompt,
    SecretPrompt,
    option,
)
from companion.rulesets.cage_match import tables as tables_mod
from companion.rulesets.cage_match.cards import Bonus, CmCard
from companion.rulesets.cage_match.rules import Roll, Rolling
from companion.rulesets.cage_match.tables import CardTables, Cell, Move, parse_cell

AUTOMATIC_V_FOCUS = ("takedown", "collar_tie")
"""The position moves the text makes an automatic success against Focus (no rolls; CMD-15: a
taunter too): "Trip/Take-Down/Collar Tie"."""


# --- options ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options(GameOptions):
    first_fight: bool = option(
        False, "First Fight", (False, True), "the text's first game: STANDING only, no Shoot & Clinch, no combos"
    )
    """The text's First Fight: STANDING only, no Shoot & Clinch, no combos."""
    catchweight: bool = option(
        False, "Catchweight", (False, True), "allow fighters of different weight classes (the text: matching classes)"
    )
    """Allow fighters of different weight classes (CMD-22)."""
    table_end: str = option(
        "draw",
        "A fight the table ends",
        ("draw", "decision"),
        "answer 'end' at a turn's secret choice to stop a fight (ruling CM-12)",
        ("a draw", "a decision: more head plus body nerves left wins, equal is a draw"),
    )
    """How a fight the table ends is scored (ruling CM-12): ``draw``, or ``decision`` to the
    fighter with more head plus body nerves left."""
    muscle_spill: bool = option(
        False,
        "Muscle damage spills over",
        (False, True),
        "damage beyond the muscles left goes on to the head or body (off: it is lost, ruling CM-11)",
    )
    """A muscles hit bigger than the muscles left spills to the move's target nerves; off by
    default: "once muscles are reduced to 0" governs later hits (ruling CM-11)."""


OPTIONS = Options.specs()


# --- the compiled card and sheets --------------------------------------------


@dataclass(frozen=True)
class Rules:
    """The checked tables in the shape the turn reads them."""

    tables: CardTables
    cells: dict[tuple[str, str, str], Cell]
    generic: dict[str, Move]

    @classmethod
    def of(cls, data: dict[str, Any]) -> Rules:
        tables, problems = tables_mod.check(data, "the fight's stored card")
        if tables is None:
            raise ValueError("the Cage Match card is not playable:\n" + "\n".join(problems))
        cells = {
            (pad, mine, theirs): parse_cell(text)
            for pad, rows in tables.fight_card.items()
            for mine, row in rows.items()
            for theirs, text in row.items()
        }
        generic: dict[str, Move] = {}
        for move in tables.generic_moves:
            generic.setdefault(move.type, move)
        return cls(tables, cells, generic)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Sheet:
    """A fighter's sheet with the generic moves filling the types it lacks (CMD-26)."""

    card: CmCard
    rating: int
    moves: tuple[Move, ...]
    kinds: dict[str, str]
    by_key: dict[str, Move]

    @classmethod
    def of(cls, card: CmCard, rules: Rules) -> Sheet:
        own = list(card.moves) + list(card.power_moves) + list(card.specials)
        kinds = {mine.key: card.kind(mine.key) for mine in own}
        covered = {mine.type for mine in card.moves}
        taken = {mine.key for mine in own}
        for move_type, move in rules.generic.items():
            if move_type not in covered and move.key not in taken:
                own.append(move)
                kinds[move.key] = "generic"
        rating = card.muscle_rating or rules.tables.weight_classes.get(card.weight_class, 9)
        return cls(card, rating, tuple(own), kinds, {mine.key: mine for mine in own})

    @property
    def name(self) -> str:
        return self.card.name

    def of_type(self, *types: str) -> list[Move]:
        return [move for move in self.moves if move.type in types]


@dataclass(frozen=True, slots=True)
class Body:
    """A fighter's hit points and focus (CM-1)."""

    muscle: int
    body: int
    head: int
    focus: int


# --- state --------------------------------------------------------------------


@dataclass(frozen=True)
class CmState:
    """Where a fight stands at the start of a turn, plus the answers given in it so far."""

    rules: Rules
    sheets: tuple[Sheet, Sheet]
    options: Options
    bodies: tuple[Body, Body]
    turn: int = 1
    position: str = "standing"
    dominant: int | None = None
    """The fighter on top (GROUND), holding the tie (COLLAR TIE); None when even."""
    inputs: tuple[Any, ...] = ()
    """This turn's answers, read: the two picks, then faces and choice keys."""
    shown: int = 0
    """Log lines this turn's answers have produced so far."""
    result: Result | None = None


@dataclass
class Hp:
    """A fighter's hit points and focus as the turn's answers change them (:class:`Body` between turns)."""

    muscle: int
    body: int
    head: int
    focus: int


END = SecretPrompt.END
"""Typed at any prompt: the table ends the fight there (ruling CM-12)."""


class TableEnds(Exception):
    """``end`` was answered: the turn stops where it is and the fight ends (ruling CM-12)."""


def read(prompt: Prompt | None, text: str) -> Any:
    """The typed answer read against the prompt it answers; Refused (D-5) if it does not fit."""
    if prompt is not None and not isinstance(prompt, OverPrompt) and text.strip().lower() == END:
        return END  # ruling CM-12: the table ends the fight, at any prompt of any turn
    if isinstance(prompt, SecretPrompt):
        picks = prompt.parse(text)
        if any(pick is None for pick in picks):
            raise Refused("name a move for both corners (the app picks for a corner given as 'roll')")
        return picks
    if isinstance(prompt, RollPrompt):
        return read_faces(prompt.dice, text)
    if isinstance(prompt, ChoicePrompt):
        choice = prompt.find(text)
        if choice is None:
            raise Refused("choose one of: " + ", ".join(option.key for option in prompt.options))
        return choice.key
    raise Refused("the fight is over")


# --- a turn's numbers and plumbing -------------------------------------------------


class TurnBase(ReplayRound):
    """A turn's numbers as its answers change them, and the plumbing its phases share (the
    phases are its subclasses; ``cage_match.Turn`` plays them).

    ``run()`` stops at the first answer still missing (``need``) or at the
    turn's end (``done``); the log, the numbers and the position are as far as
    the answers go.
    """

    def __init__(self, state: CmState) -> None:
        self.st = state
        self.tables = state.rules.tables
        self.rules = state.rules
        self.sheets = state.sheets
        self.i = 0
        self.taken: list[Any] = []
        """The answers read so far this turn."""
        self.log: list[str] = []
        self.hp = [Hp(body.muscle, body.body, body.head, body.focus) for body in state.bodies]
        self.position = state.position
        self.dominant = state.dominant
        self.result: Result | None = None
        self.need: Prompt | None = None
        self.done = False
        self.moves: list[Move] = []
        self.picks: list[Pick] = []
        self.cell: Cell | None = None
        self.pad = state.rules.tables.positions[state.position].pad
        self.pen = [self.penalty(0), self.penalty(1)]
        self.damaged = [False, False]
        self.full = [False, False]
        """Whether each fighter dealt a full-damage hit this turn (Combine)."""
        self.focus_dealt = [False, False]
        """Whether each fighter's focus on damage has gone with a hit this turn (CM-4: dealt once)."""
        self.landed_full: list[Move | None] = [None, None]
        self.combo_from: list[Move | None] = [None, None]
        self.followups: list[list[Move]] = [[], []]
        self.reading: tuple[int, Roll | None] | None = None
        """The defender's muscle rating and the latest attack roll, for the reference."""
        self.rolling: Rolling | None = None
        """The roll being asked for and how it will be read, for the odds; None at a choice."""

    # --- plumbing -------------------------------------------------------------------------

    def read(self, prompt: Prompt, text: str) -> Any:
        return read(prompt, text)

    def name(self, side: int) -> str:
        return self.sheets[side].name

    @property
    def t(self) -> CardTables:
        """The card's tables by their old name, for ``benchmarks/cage_match_balance.py``."""
        return self.tables

    @property
    def label(self) -> str:
        return self.tables.positions[self.position].label

    def role(self, side: int) -> str:
        """``even``, or ``dominant``/``submissive`` where the position has sides."""
        if self.tables.positions[self.position].sides == "even":
            return "even"
        return "submissive" if self.dominant is not None and self.dominant != side else "dominant"

    def penalty(self, side: int) -> int:
        """CM-3: muscles or body nerves below 30, -1; both, -2."""
        hp, penalties = self.hp[side], self.tables.penalties
        low = (hp.muscle < penalties.below) + (hp.body < penalties.below)
        return penalties.both if low == 2 else penalties.one if low == 1 else 0

    def bonuses(self, side: int, move_type: str | None = None) -> list[Bonus]:
        """The sheet's bonuses in force for ``side`` now: in this position, on his side of it
        (issue 16: "+1 as holder" is not his when held), and for ``move_type`` if given."""
        role = self.role(side)
        return [
            bonus
            for bonus in self.sheets[side].card.bonuses
            if (not bonus.positions or self.position in bonus.positions)
            and (bonus.side is None or bonus.side == role)
            and (move_type is None or not bonus.types or move_type in bonus.types)
        ]

    def down(self) -> bool:
        return any(hp.head <= 0 or hp.body <= 0 for hp in self.hp)

    def take(self, prompt: Callable[[], Prompt]) -> Any:
        value = super().take(prompt)
        if value == END:
            raise TableEnds
        return value

    def choose(self, side: int, reason: str, options: list[Choice], advised: str | None) -> str:
        self.rolling = None
        key: str = self.take(lambda: ChoicePrompt(self.name(side), side, reason, tuple(options), advised))
        return key
