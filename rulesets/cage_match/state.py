"""Cage Match!: a fight's state: the options, the checked card and the sheets in the shape a turn
reads them, each fighter's hit points and focus, and where the fight stands between turns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from companion.replay import slug
from companion.ruleset import GameOptions, Result, option
from companion.rulesets.cage_match import tables as tables_mod
from companion.rulesets.cage_match.cards import CmCard
from companion.rulesets.cage_match.tables import CardTables, Cell, Move, parse_cell

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
    pads: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """This sheet's side of the secret choice's pad (a frozen :class:`PadSide`) with its default move
    (CMD-2), by what they depend on (the corner, the pad, the position, the corner's role there, the
    focus he holds and his penalty): worked out once a fight, not at every turn; a few dozen keys a
    fight, gone with the fight's state."""
    prompts: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """This sheet's roll prompts (frozen), each with the words its log line says of the roll (the
    modifier, the move), by what each is made of (the corner, the move, the revealed move's
    type, the focus on dice, the position, the role, the penalty, why and against whom): the why of a
    roll is one of the turn's own words, so a few hundred keys a fight at most, gone with the fight's
    state."""
    in_force: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """The sheet's bonuses in force, by what they depend on (the position, the corner's role there
    and the move type): the sheet, its card and the card's positions never change in a fight, so
    a few keys a fight, gone with the fight's state."""
    combo_keys: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    """Each of the card's combos by name, the key a combo offer gives it (its name as the log spells
    it): said once a fight, not at every offer."""
    pad_orders: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The sheet's moves in each pad's order (the pad's own first), by the pad: said once a fight."""
    options: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """Each move as a pad offers it (a frozen :class:`PadOption`), by what it depends on
    (``reveal.Reveal.pad_option``): a few dozen keys a fight, gone with the fight's state."""
    offers: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """The follow-up offers of the outcomes that give one (``outcomes.Outcomes.followup_offer``), by
    what each depends on: a few dozen keys a fight, gone with the fight's state."""
    outcomes: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """The red sheet's: each pair of moves revealed, with the Fight Card's cell for them and the
    reveal's line saying the outcome (``reveal.Reveal.reveal``), by the moves, the pad and the
    position: a few dozen keys a fight, gone with the fight's state."""
    combo_offers: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The card's combos by the move they start with, each with its option at a combo offer
    (``combos.Combos.combo_offers``): said once a fight, not at every offer."""

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
        combo_keys = {combo.name: slug(combo.name) for combo in card.combos}
        return cls(card, rating, tuple(own), kinds, {mine.key: mine for mine in own}, combo_keys=combo_keys)

    @property
    def name(self) -> str:
        return self.card.name

    def of_type(self, *types: str) -> list[Move]:
        return [move for move in self.moves if move.type in types]


class Body(NamedTuple):
    """A fighter's hit points and focus (CM-1), between turns.

    A named tuple, not a frozen dataclass: two are made at every turn's end, and a frozen
    dataclass's ``__init__`` (one ``object.__setattr__`` a field) costs twice as much."""

    muscle: int
    body: int
    head: int
    focus: int


_TUPLE_NEW = tuple.__new__


def frozen_body(hp: Hp) -> Body:
    """``hp`` as a turn leaves it, frozen for the state between turns (two a turn: made from the
    tuple straight, not through the named tuple's ``__new__``, a Python function, which costs twice
    as much)."""
    return _TUPLE_NEW(Body, (hp.muscle, hp.body, hp.head, hp.focus))


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


@dataclass(slots=True)
class Hp:
    """A fighter's hit points and focus as the turn's answers change them (:class:`Body` between turns)."""

    muscle: int
    body: int
    head: int
    focus: int
