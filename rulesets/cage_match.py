"""Cage Match!: secret simultaneous moves on action pads, muscle and nerves,
focus, positions and combos.

Rules: ``shared/rules/source/cage_match.txt`` as settled by rulings CM-1 to
CM-6; what neither prints is the project's reconstruction, numbered CMD-1 to
CMD-28 in ``docs/cage_match_design.md`` and cited where built. The pads, the
POSITION table and the Fight Card are data (``cage_match.yaml``, checked by
``cage_match_tables``); the sheets are in ``fighters/cage_match.yaml``.

A turn (CM-5): both choose in secret (one answer, ``red=jab+d1
blue=head-kick``), the reveal, the outcome the Fight Card gives, its rolls and
choices, Record (focus, KO), then Combine. The state keeps the answers given
so far in the turn and replays them through :class:`Turn`, which asks for the
next answer where they run out: each outcome reads as the text's own steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from companion.dice import Dice, Refused, d, read_faces
from companion.replay import ReplayRound, Typed, slug
from companion.ruleset import (
    Answer,
    Choice,
    ChoicePrompt,
    GameOptions,
    Gauge,
    Outcome,
    OverPrompt,
    PadOption,
    PadSide,
    Pick,
    Prompt,
    Reference,
    Result,
    RollPrompt,
    Ruleset,
    SecretPrompt,
    Setup,
    evolve,
    option,
)
from companion.rulesets import cage_match_tables as tables_mod
from companion.rulesets.cage_match_cards import Bonus, CmCard
from companion.rulesets.cage_match_tables import (
    BRUTAL_HIT,
    CODES,
    CROWD_BOOS,
    PROTECTS,
    RESULTS_TABLE,
    SHOOTS_IN,
    SLICK_MOVE,
    SPRAWL_N_BRAWL,
    SWIFT_ATTACK,
    TAUNTS,
    TRADE_BLOWS,
    TRIES_THE_TAKE_DOWN,
    WHO_FASTER,
    CardTables,
    Cell,
    Move,
    parse_cell,
)

TWO_D6 = Dice.of(d(6), d(6))
COMBO_OUTCOMES = (WHO_FASTER, SWIFT_ATTACK, SLICK_MOVE, SPRAWL_N_BRAWL, BRUTAL_HIT, SHOOTS_IN)
"""Outcomes whose full-damage hit may start a combo (text; CMD-12). Not TRADE
BLOWS or PROTECTS (text), and in SHOOTS IN only a throw."""
AUTOMATIC_V_FOCUS = ("takedown", "collar_tie")
"""The position moves the text makes an automatic success against Focus (no rolls; CMD-15: a
taunter too): "Trip/Take-Down/Collar Tie"."""
LADDER = (("past_guard", False), ("ground", False), ("ground", True), ("past_guard", True))
"""The ground seen from one fighter: (position, on top), one rung per won
escape, sweep or pass (CMD-19)."""


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
            (pad, a, b): parse_cell(text)
            for pad, rows in tables.fight_card.items()
            for a, row in rows.items()
            for b, text in row.items()
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
        kinds = {m.key: card.kind(m.key) for m in own}
        covered = {m.type for m in card.moves}
        taken = {m.key for m in own}
        for ty, move in rules.generic.items():
            if ty not in covered and move.key not in taken:
                own.append(move)
                kinds[move.key] = "generic"
        rating = card.muscle_rating or rules.tables.weight_classes.get(card.weight_class, 9)
        return cls(card, rating, tuple(own), kinds, {m.key: m for m in own})

    @property
    def name(self) -> str:
        return self.card.name

    def of_type(self, *types: str) -> list[Move]:
        return [m for m in self.moves if m.type in types]


@dataclass(frozen=True, slots=True)
class Body:
    """A fighter's hit points and focus (CM-1)."""

    muscle: int
    body: int
    head: int
    focus: int


@dataclass(frozen=True, slots=True)
class Roll:
    faces: tuple[int, ...]
    total: int

    @property
    def d6(self) -> bool:
        """Double 6s: an automatic hit (CM-2)."""
        return self.faces == (6, 6)

    @property
    def miss(self) -> bool:
        """Double 1s or a total of 2 or less (CM-2); double 6s always hit."""
        return not self.d6 and (self.faces == (1, 1) or self.total <= 2)


def beats(x: Roll, y: Roll) -> bool:
    """``x`` wins a roll-off against ``y``: double 6s beat any other roll, two
    double 6s tie (CMD-8); otherwise the higher total."""
    if x.d6 or y.d6:
        return x.d6 and not y.d6
    return x.total > y.total


@dataclass(frozen=True, slots=True)
class Clash:
    """How a roll-off reads: a pure function of the two rolls, which the turn acts on and the
    odds count (docs/odds_design.md 4.3), so the rule is written once."""

    word: str
    """What happened: ``faster``, ``tie``, ``covered``, ``half``, ``wins``, ``stopped``..."""
    by: int | None = None
    """Whose move is read on the attack dice table with his own total: 0 the lead (the
    attacker, or red in a race), 1 the other; None when no move goes through."""
    half: bool = False
    to_muscle: bool = False
    """Half damage, to the muscles (text: "1/2 damage to muscle") unless double 6s made it nerves."""


def race(lead: Roll, other: Roll) -> Clash:
    """WHO FASTER: only the high roll hits (text); a tie lands nothing (CMD-7)."""
    if beats(lead, other):
        return Clash("faster", 0)
    if beats(other, lead):
        return Clash("faster", 1)
    return Clash("tie")


def defence(attack: Roll, guard: Roll) -> Clash:
    """A defended attack (PROTECTS, SLICK MOVE): the defender beats or ties the attack roll to
    take nothing, else half to muscles; the attacker's double 6s still hit, half of double to
    the nerves, and the defender's double 6s take none (CM-2).

    Ruling CM-9: the text's defence rolls disagree (the results table against the Slick Move
    example and the Combine step); they are read by outcome, and for SLICK MOVE! and PROTECTS!
    the results table rules: beat or tie for no damage, lose for half to muscle."""
    if guard.d6:
        return Clash("negated")
    if attack.miss:
        return Clash("miss")
    if attack.d6:
        return Clash("half", 0, half=True)
    if guard.total >= attack.total:
        return Clash("covered")
    return Clash("half", 0, half=True, to_muscle=True)


def must_win(lead: Roll, other: Roll) -> Clash:
    """A take-down, a trip, a position move or a hold: win, not tie, the roll-off (text)."""
    return Clash("wins", 0) if beats(lead, other) else Clash("stopped")


def break_free(attack: Roll, breaker: Roll) -> Clash:
    """BRUTAL HIT v Break: the breaker who wins stands up taking half (none with double 6s);
    a tie or below, the attack goes through in full (text; CM-2, CMD-8)."""
    if beats(breaker, attack):
        return Clash("clean break") if breaker.d6 else Clash("breaks free", 0, half=True)
    if breaker.d6:  # both double 6s: a tie, but "a defender who also rolls double 6s takes none" (CM-2)
        return Clash("negated")
    return Clash("lands", 0)


def block(attack: Roll, guard: Roll) -> Clash:
    """A combo stage against the block: a miss ends it, the blocker's double 6s take none, a
    blocker who wins or ties takes half, else full damage (text "Combine").

    Ruling CM-9: read by outcome, a combo's block is the Combine step's own: win or tie for
    half, lose for full (not the no-damage tie of PROTECTS! and SLICK MOVE!)."""
    if attack.miss:
        return Clash("miss")
    if guard.d6:
        return Clash("negated")
    if not beats(attack, guard):
        return Clash("blocked", 0, half=True)
    return Clash("lands", 0)


@dataclass(frozen=True, slots=True)
class Blow:
    """An attack roll read on the attack dice table (CM-2): the damage and where it goes."""

    amount: int
    nerves: bool
    """To the move's head or body nerves; else to the muscles."""


def blow(roll: Roll, rating: int, base: int, *, half: bool = False, to_muscle: bool = False) -> Blow | None:
    """``roll`` read against the defender's muscle rating for a move doing ``base`` damage: None
    on a miss; double 6s double it to the nerves, a halved hit rounds down (CM-2)."""
    if roll.miss:
        return None
    nerves = roll.d6 or roll.total >= rating
    amount = base * 2 if roll.d6 else base
    if half:
        amount //= 2  # CM-2: half rounds down
        if to_muscle and not roll.d6:
            nerves = False  # text: "take 1/2 damage to muscle"
    return Blow(amount, nerves)


def aim(move: Move) -> str:
    """The nerves a move's damage goes to: its target, the body for a move with none."""
    return move.target if move.target in ("head", "body") else "body"


def harm(muscle: int, left: int, amount: int, nerves: bool, spill: bool) -> tuple[int, int]:
    """What a hit of ``amount`` takes from the muscles and from the target nerves (``left`` of
    them): muscles first unless it reads as nerves; once muscles are 0 all goes to the nerves
    (CM-2); the rest of a muscles hit is lost, or spills to the nerves with ``spill`` (CM-11)."""
    if amount <= 0:
        return 0, 0
    if not nerves and muscle > 0:
        took = min(muscle, amount)
        rest = amount - took
        return took, min(left, rest) if rest and spill else 0
    return 0, min(left, amount)


@dataclass(frozen=True, slots=True)
class Rolling:
    """The roll the turn asks for and how it will read it: what the odds of the prompt need."""

    why: str
    sides: tuple[int, ...]
    """Who rolls, in order: one attack roll, or a roll-off (red, then blue)."""
    moves: tuple[Move | None, Move | None]
    """Each corner's move for this roll (None: a defence roll)."""
    lead: int
    """Whose roll the reading takes first: the attacker, or red in a race."""
    reading: Callable[[Roll, Roll], Clash] | None
    """How the roll-off reads (:class:`Clash`); None: one attack roll, read in full."""
    strikes: bool = True
    """Whether the move that goes through is read on the attack table (a hold only taps)."""
    got: tuple[Roll, ...] = ()
    """The rolls already in (red's, when blue is asked)."""


_PAIRS = tuple(product(range(1, 7), repeat=2))


@lru_cache(maxsize=512)
def chance_to_win(mine: int, theirs: int) -> float:
    """P(a roll-off with these modifiers is won, not tied)."""
    wins = 0
    for a in _PAIRS:
        for b in _PAIRS:
            wins += beats(Roll(a, sum(a) + mine), Roll(b, sum(b) + theirs))
    return wins / 1296


@lru_cache(maxsize=512)
def expected_damage(modifier: int, damage: int, rating: int) -> float:
    """The damage an undefended attack roll deals on average (muscles and nerves alike)."""
    total = 0.0
    for faces in _PAIRS:
        roll = Roll(faces, sum(faces) + modifier)
        if not roll.miss:
            total += damage * (2 if roll.d6 else 1)
    return total / 36


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
class _Hp:
    muscle: int
    body: int
    head: int
    focus: int


class Turn(ReplayRound):
    """One turn played from its start over the answers given so far (CM-5).

    ``run()`` stops at the first answer still missing (``need``) or at the
    turn's end (``done``); the log, the numbers and the position are as far as
    the answers go.
    """

    def __init__(self, state: CmState) -> None:
        self.st = state
        self.t = state.rules.tables
        self.rules = state.rules
        self.sheets = state.sheets
        self.i = 0
        self.taken: list[Any] = []
        """The answers read so far this turn."""
        self.log: list[str] = []
        self.hp = [_Hp(b.muscle, b.body, b.head, b.focus) for b in state.bodies]
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
        self.x_used = [False, False]
        self.landed_full: list[Move | None] = [None, None]
        self.combo_from: list[Move | None] = [None, None]
        self.followups: list[list[Move]] = [[], []]
        self.reading: tuple[int, Roll | None] | None = None
        """The defender's muscle rating and the latest attack roll, for the reference."""
        self.rolling: Rolling | None = None
        """The roll being asked for and how it will be read, for the odds; None at a choice."""

    # --- plumbing -------------------------------------------------------------

    def read(self, prompt: Prompt, text: str) -> Any:
        return read(prompt, text)

    def name(self, side: int) -> str:
        return self.sheets[side].name

    @property
    def label(self) -> str:
        return self.t.positions[self.position].label

    def role(self, side: int) -> str:
        """``even``, or ``dominant``/``submissive`` where the position has sides."""
        if self.t.positions[self.position].sides == "even":
            return "even"
        return "submissive" if self.dominant is not None and self.dominant != side else "dominant"

    def penalty(self, side: int) -> int:
        """CM-3: muscles or body nerves below 30, -1; both, -2."""
        hp, p = self.hp[side], self.t.penalties
        low = (hp.muscle < p.below) + (hp.body < p.below)
        return p.both if low == 2 else p.one if low == 1 else 0

    def down(self) -> bool:
        return any(h.head <= 0 or h.body <= 0 for h in self.hp)

    # --- the turn -------------------------------------------------------------

    def take(self, prompt: Callable[[], Prompt]) -> Any:
        value = super().take(prompt)
        if value == END:
            raise TableEnds
        return value

    def play(self) -> None:
        try:
            self.play_turn()
        except TableEnds:
            self.end_by_table()

    def play_turn(self) -> None:
        picks = self.take(self.secret)
        self.reveal(picks)
        a = 1 if self.cell.actor == 1 else 0
        handler = {
            TRADE_BLOWS: self.trade_blows,
            WHO_FASTER: self.who_faster,
            SWIFT_ATTACK: self.swift_attack,
            TAUNTS: self.taunts,
            SLICK_MOVE: self.slick_move,
            SPRAWL_N_BRAWL: self.sprawl_n_brawl,
            PROTECTS: self.protects,
            BRUTAL_HIT: self.brutal_hit,
            SHOOTS_IN: self.shoots_in,
            TRIES_THE_TAKE_DOWN: self.tries_the_take_down,
            CROWD_BOOS: self.crowd_boos,
        }[self.cell.outcome]
        handler(a, 1 - a)
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
        left = [h.head + h.body for h in self.hp]
        if self.st.options.table_end == "decision" and left[0] != left[1]:
            w = 0 if left[0] > left[1] else 1
            self.log.append(f"Decision: {self.name(w)} has more head and body nerves left ({left[w]} to {left[1 - w]})")
            self.result = Result(self.name(w), self.name(1 - w), "decision", "nerves left", fought)
            return
        if self.st.options.table_end == "decision":
            self.log.append(f"Both have {left[0]} head and body nerves left: a draw")
        self.result = Result(None, None, "draw", "ended by the table", fought)

    # --- 1. choose and reveal -------------------------------------------------

    def cannot(self, side: int, move: Move, *, focus: bool = True) -> str:
        """Why ``side`` cannot do ``move`` now; empty if it can (CMD-3). Without ``focus``, only
        whether the move belongs to this position at all."""
        rule = self.t.positions[self.position]
        role = self.role(side)
        if move.type not in rule.allowed.get(role, ()):
            where = rule.label if role == "even" else f"{rule.label} ({role})"
            return f"no {move.type.replace('_', ' ')} in {where}"
        if move.positions is not None and self.position not in move.positions:
            return f"not from {rule.label}"
        if self.st.options.first_fight:
            if move.type == "shoot" and move.effect is None:
                return "no Shoot & Clinch in a First Fight"
            if move.effect is not None and move.effect.to != "standing":
                return "a First Fight stays STANDING"
        held = self.hp[side].focus
        if focus and move.cost > held:
            return f"needs {move.cost} focus, holds {held}"
        return ""

    def default_move(self, side: int) -> Move:
        """The POSITION table's default move (CMD-2): the sheet's ordinary move of that type."""
        ty = self.t.positions[self.position].default[self.role(side)]
        sheet = self.sheets[side]
        for move in sheet.moves:
            if move.type == ty and sheet.kinds[move.key] in ("move", "generic") and not self.cannot(side, move):
                return move
        return self.rules.generic[ty]  # the sheet's own is not possible here: the card's generic one

    def secret(self) -> SecretPrompt:
        pad_types = self.t.pads[self.pad]
        sides = []
        for side in (0, 1):
            sheet = self.sheets[side]
            # every move of the sheet may be named (text: one that can't be done gives the default
            # move); the pad's own come first, in the pad's order
            moves = sorted(
                sheet.moves, key=lambda m: pad_types.index(m.type) if m.type in pad_types else len(pad_types)
            )
            options = []
            for m in moves:
                why = self.cannot(side, m)
                options.append(
                    PadOption(
                        m.key,
                        m.name,
                        m.type,
                        m.cost,
                        m.dice,
                        m.damage,
                        m.target,
                        m.focus_gain,
                        sheet.kinds[m.key],
                        not why,
                        why,
                        _effect_words(self.t, m),
                        not why or not self.cannot(side, m, focus=False),
                    )
                )
            role = self.role(side)
            f = self.t.focus
            sides.append(
                PadSide(
                    sheet.name,
                    side,
                    None if role == "even" else role,
                    self.hp[side].focus,
                    tuple(options),
                    self.default_move(side).key,
                    f.dice_max,
                    f.damage_max,
                    self.roll_notes(side),
                )
            )
        return SecretPrompt(self.st.turn, self.label, self.pad, (sides[0], sides[1]))

    def roll_notes(self, side: int) -> tuple[str, ...]:
        """What changes this corner's dice and damage this turn besides the move: the
        penalty (CM-3), the sheet's bonuses here, the position's modifiers (CMD-1)."""
        notes = []
        if self.pen[side]:
            notes.append(f"{self.pen[side]:+d} to every roll: hurt (CM-3)")
        for bonus in self.bonuses(side):
            what = " ".join(f"{v:+d} {k}" for k, v in (("dice", bonus.dice), ("damage", bonus.damage)) if v)
            when = f"with {', '.join(t.replace('_', ' ') for t in bonus.types)}" if bonus.types else "on every move"
            notes.append(f"{bonus.name}: {what} {when}")
        rule = self.t.positions[self.position]
        here = rule.dice.get(self.role(side), {})
        if here:
            notes.append(f"{rule.label}: " + ", ".join(f"{t.replace('_', ' ')} {v:+d}" for t, v in here.items()))
        return tuple(notes)

    def reveal(self, picks: tuple[Pick, Pick]) -> None:
        said = []
        notes = []
        for side, pick in enumerate(picks):
            chosen = self.sheets[side].by_key[pick.move]
            why = self.cannot(side, chosen)
            move = chosen
            if why:
                move = self.default_move(side)
                notes.append(
                    f"{self.name(side)} cannot do {chosen.name} ({why}): {move.name}, the default in {self.label}"
                )
            spend = move.cost + pick.dice + pick.damage
            self.hp[side].focus -= spend  # CM-4: spent even if the move fails
            self.moves.append(move)
            self.picks.append(pick)
            extras = [
                f"{move.cost} focus" if move.cost else "",
                f"+{pick.dice} focus on dice" if pick.dice else "",
                f"+{pick.damage} focus on damage" if pick.damage else "",
            ]
            extra = ", ".join(e for e in extras if e)
            by = " (the app's pick)" if pick.by_app else ""  # D-6, CM-12: whose pick it was
            said.append(f"{self.name(side)}{by}: {chosen.name}" + (f" ({extra})" if extra else ""))
        self.log.append(f"Turn {self.st.turn}, {self.label}. " + " · ".join(said))
        self.log += notes
        t0, t1 = self.moves[0].type, self.moves[1].type
        self.cell = self.rules.cells[self.pad, t0, t1]
        who = "" if self.cell.actor is None else f" ({self.name(self.cell.actor)} acts)"
        self.log.append(f"{self.moves[0].name} v {self.moves[1].name}: {self.cell.outcome}!{who} {self.explain()}")

    def explain(self) -> str:
        """The results table's line for this outcome, in the words of the two moves chosen
        (issue 16: never a rule about moves nobody threw)."""
        return explain(self.cell, self.moves[0], self.moves[1], self.position, self.st.options.first_fight)

    # --- rolls ----------------------------------------------------------------

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

    def modifier(self, side: int, move: Move | None) -> tuple[int, tuple[tuple[str, int], ...]]:
        parts: list[tuple[str, int]] = []
        if move is not None and move.dice:
            parts.append((move.name, move.dice))
        pick = self.picks[side]
        if pick.dice:
            parts.append(("focus on dice", pick.dice * self.t.focus.dice_each))
        for bonus in self.bonuses(side, self.moves[side].type):
            if bonus.dice:
                parts.append((bonus.name, bonus.dice))
        if move is not None:
            rule = self.t.positions[self.position]
            extra = rule.dice.get(self.role(side), {}).get(move.type, 0)
            if extra:
                parts.append((rule.label, extra))
        if self.pen[side]:
            parts.append(("hurt (CM-3)", self.pen[side]))
        return sum(v for _, v in parts), tuple(parts)

    def roll(
        self, side: int, move: Move | None, why: str, *, attack_on: int | None = None, rolloff: bool = False
    ) -> Roll:
        """Prompt ``side`` for 2d6 (CM-2); ``attack_on``: the total is read as an attack
        roll against that fighter; ``rolloff``: it is compared with the other corner's first."""
        mod, parts = self.modifier(side, move)
        what = move.name.lower() if move is not None else "defence"
        against, target, note = "the other corner's roll-off", None, "double 6s beat any other roll"
        if attack_on is not None:
            rating = self.sheets[attack_on].rating
            aim = move.target if move is not None and move.target != "none" else "head/body"
            reading = (
                f"3+ hits muscles, {rating}+ the {aim}; double 6s double it, double 1s miss"
                if move is None or move.damage > 0
                else "it lands on 3 or more; double 1s miss"
            )
            self.reading = (rating, None)
            if not rolloff and move is not None and move.damage == 0:
                against, target, note = "3 or more to land", 3, reading  # a position move: no damage to read
            elif not rolloff:
                against, target, note = f"{self.name(attack_on)}'s muscle rating", rating, reading
            elif move is not None and move.damage > 0:
                note = f"double 6s beat any other roll; the total is also the attack roll: {reading}"
        if not rolloff:  # one attack roll, read in full (a roll-off has set its own)
            self.rolling = Rolling(why, (side,), (move, None) if side == 0 else (None, move), side, None)
        faces = self.take(
            lambda: RollPrompt(
                self.name(side), side, TWO_D6, f"{what} ({why})", mod, parts, against=against, target=target, note=note
            )
        )
        r = Roll(faces, sum(faces) + mod)
        if attack_on is not None:
            self.reading = (self.sheets[attack_on].rating, r)
        mark = " — double 6s!" if r.d6 else " — double 1s" if faces == (1, 1) else ""
        plus = f"{mod:+d}" if mod else ""
        self.log.append(f"{self.name(side)} rolls {faces[0]}+{faces[1]}{plus} = {r.total} for {what}{mark}")
        return r

    def rolloff(
        self,
        moves: tuple[Move | None, Move | None],
        why: str,
        *,
        lead: int,
        reading: Callable[[Roll, Roll], Clash],
        attacker: int | None = None,
        strikes: bool = True,
    ) -> tuple[tuple[Roll, Roll], Clash]:
        """Both roll, red then blue; the attacker's total is also its attack roll (CMD-6).

        Returns:
            The two rolls and how they read: ``reading`` of ``lead``'s roll and the other's,
            the same function the odds of these prompts count with.
        """
        rolls: list[Roll] = []
        for side in (0, 1):
            self.rolling = Rolling(why, (0, 1), moves, lead, reading, strikes, tuple(rolls))
            rolls.append(
                self.roll(side, moves[side], why, attack_on=1 - side if side == attacker else None, rolloff=True)
            )
        return (rolls[0], rolls[1]), reading(rolls[lead], rolls[1 - lead])

    def choose(self, side: int, reason: str, options: list[Choice], advised: str | None) -> str:
        self.rolling = None
        return self.take(lambda: ChoicePrompt(self.name(side), side, reason, tuple(options), advised))

    # --- damage and position --------------------------------------------------

    def strike(self, a: int, move: Move, roll: Roll, *, half: bool = False, to_muscle: bool = False) -> int | None:
        """Read ``roll`` on the attack dice table against the other fighter and deal
        ``move``'s damage (CM-2); None on a miss, else the damage dealt."""
        b = 1 - a
        hit = self.hit_of(a, move, roll, half=half, to_muscle=to_muscle)
        if hit is None:
            self.log.append(f"{move.name} misses")
            return None
        if move.damage <= 0:
            return 0  # a position move: its "Position:" line says it landed
        _, parts = self.damage_of(a, move)  # the focus on damage is dealt now (CM-4: once)
        if roll.d6:
            parts.append("doubled")
        if half:
            parts.append("halved")
        self.deal(b, move, hit.amount, hit.nerves, parts)
        if not half and hit.amount > 0:
            self.full[a] = True
            self.landed_full[a] = move
        return hit.amount

    def hit_of(self, a: int, move: Move, roll: Roll, *, half: bool = False, to_muscle: bool = False) -> Blow | None:
        """How ``roll`` reads for ``a``'s ``move`` against the other fighter, dealing nothing:
        None on a miss; a position move lands for no damage (for :meth:`strike` and the odds)."""
        if roll.miss:
            return None
        if move.damage <= 0:
            return Blow(0, False)
        base, _ = self.damage_of(a, move, spend=False)
        return blow(roll, self.sheets[1 - a].rating, base, half=half, to_muscle=to_muscle)

    def damage_of(self, a: int, move: Move, *, spend: bool = True) -> tuple[int, list[str]]:
        """``move``'s damage before doubling and halving: the sheet's damage bonuses for
        its type, and the focus on damage with the first damaging hit of the turn
        (CM-4: "dealt only once"; CMD-9), marked as dealt unless ``spend`` is False."""
        amount = move.damage + sum(bonus.damage for bonus in self.bonuses(a, move.type))
        parts = []
        if not self.x_used[a] and self.picks[a].damage:
            if spend:
                self.x_used[a] = True
            extra = self.picks[a].damage * self.t.focus.damage_each
            amount += extra
            parts.append(f"+{extra} focus")
        return amount, parts

    def deal(self, b: int, move: Move, amount: int, nerves: bool, parts: list[str]) -> None:
        """Record damage, muscles before nerves (CM-2), as :func:`harm` reads it."""
        hp = self.hp[b]
        target = aim(move)
        how = f" ({', '.join(parts)})" if parts else ""
        if amount <= 0:
            self.log.append(f"{move.name} lands for no damage{how}")
            return
        self.damaged[b] = True
        old = getattr(hp, target)
        muscles, lost = harm(hp.muscle, old, amount, nerves, self.st.options.muscle_spill)
        if not nerves and hp.muscle > 0:
            before = hp.muscle
            hp.muscle -= muscles
            text = f"{move.name}: {amount} to {self.name(b)}'s muscles{how} ({before} → {hp.muscle})"
            rest = amount - muscles
            if rest and self.st.options.muscle_spill:
                setattr(hp, target, old - lost)
                text += f", {rest} spills to the {target} ({old} → {getattr(hp, target)})"
            elif rest:
                text += f", the other {rest} is lost (CM-11)"
            self.log.append(text)
            return
        setattr(hp, target, old - lost)
        spot = "" if nerves else " (no muscles left)"
        self.log.append(
            f"{move.name}: {amount} to {self.name(b)}'s {target}{spot}{how} ({old} → {getattr(hp, target)})"
        )

    def move_to(self, position: str, actor: int | None = None, role: str = "even") -> None:
        if self.st.options.first_fight and position != "standing":
            return  # the text's First Fight sticks to STANDING
        rule = self.t.positions[position]
        if rule.sides == "even" or actor is None:
            dominant = None
        else:
            dominant = actor if role in ("dominant", "even") else 1 - actor
        if (position, dominant) == (self.position, self.dominant):
            return
        self.position, self.dominant = position, dominant
        top = ""
        if dominant is not None:
            top = f", {self.name(dominant)} {'holds the tie' if position == 'collar_tie' else 'on top'}"
        self.log.append(f"Position: {rule.label}{top}")

    def climb(self, a: int, rungs: int, cap: int | None = None) -> None:
        """Escape, sweep and pass: one rung of the ground ladder, two on double 6s (CMD-19), to
        rung ``cap`` at most."""
        if self.position not in ("ground", "past_guard"):
            return
        now = LADDER.index((self.position, self.dominant == a))
        to = min(len(LADDER) - 1 if cap is None else cap, now + rungs)
        position, top = LADDER[to]
        self.move_to(position, a, "dominant" if top else "submissive")

    # --- landing moves ----------------------------------------------------------

    def land(self, a: int, move: Move, roll: Roll, *, takedown: bool = True, auto: bool = False) -> bool:
        """``move`` hits with ``roll``: damage, then what its type does. False on a miss."""
        if self.strike(a, move, roll) is None:
            return False
        self.effects(a, move, roll, takedown=takedown, auto=auto)
        return True

    def effects(self, a: int, move: Move, roll: Roll | None, *, takedown: bool = True, auto: bool = False) -> None:
        if move.effect is not None:
            self.move_to(move.effect.to, a, move.effect.role)  # a special's own position (CMD-5)
        elif move.type == "shoot":
            if self.position == "standing":
                self.move_to("clinching")
            if takedown and not self.down():
                self.takedown_offer(a, auto)
        elif move.type == "takedown":
            self.move_to("ground", a, "dominant")
        elif move.type == "collar_tie":
            self.move_to("collar_tie", a, "dominant")
        elif move.type in ("pass_guard", "sweep", "escape"):
            # ruling CM-7: a won escape goes "back to GROUND (guard closed)", double 6s or not
            self.climb(a, 2 if roll is not None and roll.d6 else 1, cap=1 if move.type == "escape" else None)
        elif move.type == "break":
            self.move_to("standing")  # a won break roll-off or race: up off the ground (CM-8)
        elif move.type == "submission":
            self.hold(a, move, roll)

    def unopposed(self, a: int, move: Move) -> None:
        """Automatic success, no rolls (TRIES THE TAKE-DOWN v Focus): base damage to muscles (CMD-14)."""
        if move.damage > 0:
            amount, parts = self.damage_of(a, move)
            self.deal(1 - a, move, amount, False, parts)
        self.effects(a, move, None)

    def takedown_offer(self, a: int, auto: bool) -> None:
        """Shoot & Clinch + Take-Down: after a shoot lands, the shooter may try for GROUND."""
        b = 1 - a
        if self.st.options.first_fight:
            return
        moves = [
            m
            for m in self.sheets[a].of_type("takedown")
            if m.cost <= self.hp[a].focus and (m.positions is None or self.position in m.positions)
        ]
        if not moves:
            return
        mod_a = self.modifier(a, moves[0])[0]
        mod_b = self.modifier(b, None)[0]
        odds = 1.0 if auto else chance_to_win(mod_a, mod_b)
        options = [
            Choice(
                m.key, m.name, "automatic: Focus gives no defence" if auto else f"win (not tie) a roll-off: {odds:.0%}"
            )
            for m in moves
        ]
        options.append(Choice("stay", "Stay in the clinch"))
        # ruling CM-10: a lost take-down roll-off costs nothing, so the advice is always to try
        key = self.choose(a, "the take-down after the shoot (to GROUND on top)", options, moves[0].key)
        if key == "stay":
            self.log.append(f"{self.name(a)} stays in the clinch")
            return
        move = self.sheets[a].by_key[key]
        self.hp[a].focus -= move.cost
        self.followups[a].append(move)
        if auto:
            self.log.append(f"{move.name}: automatic against {self.moves[b].name}")
            self.unopposed(a, move)
            return
        rolls, clash = self.rolloff(
            (move, None) if a == 0 else (None, move), "take-down roll-off", lead=a, reading=must_win, attacker=a
        )
        if clash.by is not None:
            self.land(a, move, rolls[a])
        else:
            self.log.append(f"{self.name(b)} stops the take-down: they stay in the clinch")

    def hold(self, a: int, move: Move, roll: Roll | None) -> None:
        """A submission that lands is the first of the two straight wins that tap;
        double 6s count as both (text; CMD-20)."""
        b = 1 - a
        if self.down():
            return
        if roll is not None and roll.d6:
            self.log.append(f"{move.name} locked in with double 6s: two straight wins")
            self.tap(a, move)
            return
        self.log.append(f"{move.name} is on: one more won roll-off and {self.name(b)} taps")
        _, clash = self.rolloff(
            (move, None) if a == 0 else (None, move),
            f"{move.name.lower()} hold",
            lead=a,
            reading=must_win,
            strikes=False,
        )
        if clash.by is not None:
            self.tap(a, move)
        else:
            self.log.append(f"{self.name(b)} escapes the {move.name.lower()}")

    def tap(self, a: int, move: Move) -> None:
        self.log.append(f"{self.name(1 - a)} taps to the {move.name.lower()}!")
        self.result = Result(self.name(a), self.name(1 - a), "submission", move.name, self.st.turn)

    def combo_ready(self, a: int, move: Move | None) -> None:
        if move is not None and self.landed_full[a] is move:
            self.combo_from[a] = move

    # --- 2. resolve: the results table ------------------------------------------

    def trade_blows(self, a: int, b: int) -> None:
        """Both attack, no defence; full damage; no combos (text)."""
        for side in (0, 1):
            roll = self.roll(side, self.moves[side], "TRADE BLOWS", attack_on=1 - side)
            self.strike(side, self.moves[side], roll)

    def who_faster(self, a: int, b: int) -> None:
        """Roll-off: only the high roll hits (text); a tie lands nothing (CMD-7)."""
        rolls, clash = self.rolloff((self.moves[0], self.moves[1]), "WHO FASTER roll-off", lead=0, reading=race)
        if clash.by is None:
            self.log.append("A tie: neither lands")
            return
        w = clash.by
        self.log.append(f"{self.name(w)} is faster")
        self.land(w, self.moves[w], rolls[w])
        self.combo_ready(w, self.moves[w])

    def swift_attack(self, a: int, b: int) -> None:
        late = self.moves[b]
        if late.type == "taunt":
            self.log.append(f"{self.name(b)} is caught taunting")
        elif late.type == "sprawl":
            self.log.append(f"{self.name(b)}'s sprawl gamble doesn't pay off")
        else:
            self.log.append(f"{self.name(b)}'s {late.name.lower()} comes too late")
        roll = self.roll(a, self.moves[a], "SWIFT ATTACK", attack_on=b)
        self.land(a, self.moves[a], roll)
        self.combo_ready(a, self.moves[a])

    def taunts(self, a: int, b: int) -> None:
        """No rolls: the outcome's line has said so; Record gains the focus."""

    def crowd_boos(self, a: int, b: int) -> None:
        # ruling CM-8: the crowd stands the fighters up only from CLINCHING; in the COLLAR TIE (a
        # position of its own in the text) and on the ground it changes nothing
        if self.position in ("standing", "clinching"):
            self.log.append("The crowd boos!")
            self.move_to("standing")
        elif self.position == "collar_tie":
            self.log.append("The crowd boos! In the collar tie it changes nothing (only the clinch breaks up)")
        else:
            self.log.append("The crowd boos! On the ground it changes nothing: getting up takes a won roll-off")

    def defended(self, a: int, b: int, rolls: tuple[Roll, Roll], clash: Clash, verb: str) -> None:
        """A defended attack (PROTECTS, SLICK MOVE), as :func:`defence` read the roll-off."""
        move = self.moves[a]
        if clash.word == "negated":
            self.log.append(f"{self.name(b)}'s double 6s: no damage")
        elif clash.word == "miss":
            self.log.append(f"{move.name} misses")
        elif clash.word == "covered":
            self.log.append(f"{self.name(b)} {verb}: no damage")
        else:
            self.strike(a, move, rolls[a], half=clash.half, to_muscle=clash.to_muscle)

    def slick_move(self, a: int, b: int) -> None:
        """Parry + Strike: the parry roll-off, then an undefended focus-free attack."""
        moves = (self.moves[0], self.moves[1])
        rolls, clash = self.rolloff(moves, "SLICK MOVE roll-off", lead=b, reading=defence, attacker=b)
        self.defended(b, a, rolls, clash, "parries")
        if self.down():
            return
        follow = self.followup(a, ("jab", "strike", "throw", "shoot"), "the follow-up after the parry (no focus)")
        if follow is None:
            return
        roll = self.roll(a, follow, "follow-up, undefended", attack_on=b)
        self.land(a, follow, roll, takedown=False)  # text: a shoot follow-up clinches, no take-down
        self.combo_ready(a, follow)

    def followup(self, a: int, types: tuple[str, ...], reason: str, *, anywhere: tuple[str, ...] = ()) -> Move | None:
        """The acting fighter's choice of a focus-free counter; advised: most damage on average."""
        b = 1 - a
        moves = []
        for move in self.sheets[a].of_type(*types):
            if move.cost:
                continue
            if move.type in anywhere:
                if self.st.options.first_fight:
                    continue
            elif self.cannot(a, move):
                continue
            moves.append(move)
        if not moves:
            self.log.append(f"{self.name(a)} has no follow-up that needs no focus here")
            return None
        rating = self.sheets[b].rating
        score = {m.key: expected_damage(self.modifier(a, m)[0], m.damage, rating) for m in moves}
        options = [
            Choice(
                m.key,
                m.name,
                f"{m.damage} to the {m.target}, about {score[m.key]:.1f} a try" if m.damage else "no damage",
            )
            for m in moves
        ]
        best = max(moves, key=lambda m: score[m.key])
        options.append(Choice("none", "No follow-up"))  # text: "You may follow with ..."
        key = self.choose(a, reason, options, best.key)
        if key == "none":
            self.log.append(f"{self.name(a)} does not follow up")
            return None
        move = self.sheets[a].by_key[key]
        self.followups[a].append(move)
        return move

    def sprawl_n_brawl(self, a: int, b: int) -> None:
        """Sprawl + Strike, or + Trip/Take-Down that must win (not tie) a roll-off (text)."""
        self.log.append(f"{self.name(a)} sprawls: the {self.moves[b].name.lower()} fails")
        follow = self.followup(
            a, ("jab", "strike", "throw", "takedown"), "the counter after the sprawl (no focus)", anywhere=("takedown",)
        )  # CMD-23: the trip is offered STANDING too
        if follow is None:
            return
        if follow.type == "takedown":
            moves = (follow, None) if a == 0 else (None, follow)
            rolls, clash = self.rolloff(moves, "trip roll-off", lead=a, reading=must_win, attacker=a)
            if clash.by is not None:
                self.land(a, follow, rolls[a])
            else:
                self.log.append(f"{self.name(b)} stays up")
            return
        roll = self.roll(a, follow, "counter, undefended", attack_on=b)
        self.land(a, follow, roll)
        self.combo_ready(a, follow)

    def protects(self, a: int, b: int) -> None:
        """Roll-off: beat or tie to take nothing, else half to muscles; no position change, no combos."""
        rolls, clash = self.rolloff(
            (self.moves[0], self.moves[1]), "PROTECTS roll-off", lead=a, reading=defence, attacker=a
        )
        self.defended(a, b, rolls, clash, "covers up")

    def brutal_hit(self, a: int, b: int) -> None:
        move = self.moves[a]
        if self.moves[b].type == "focus":
            roll = self.roll(a, move, "BRUTAL HIT on a focusing fighter", attack_on=b)
            self.land(a, move, roll, auto=True)  # TRIES THE TAKE-DOWN: automatic v Focus (CMD-4)
            self.combo_ready(a, move)
            return
        rolls, clash = self.rolloff(
            (self.moves[0], self.moves[1]), "BRUTAL HIT: the break roll-off", lead=a, reading=break_free, attacker=a
        )
        if clash.word in ("breaks free", "clean break"):
            if clash.word == "clean break":  # CM-2: a defender rolling double 6s takes no damage (design 3.8)
                self.log.append(f"{self.name(b)} breaks free with double 6s: no damage")
            else:
                self.log.append(f"{self.name(b)} breaks free, taking half")
                if move.damage > 0:
                    self.strike(a, move, rolls[a], half=clash.half)
            self.move_to("standing")  # and no other position change (text)
            return
        if clash.word == "negated":  # both double 6s: a tie (CMD-8), but the defender takes none (CM-2)
            self.log.append(f"{self.name(b)}'s double 6s: no damage")
            self.effects(a, move, None)  # the tie's position effect; the cancelled 6-6 climb or tap nothing extra
            return
        self.land(a, move, rolls[a])
        self.combo_ready(a, move)

    def shoots_in(self, a: int, b: int) -> None:
        move = self.moves[a]
        roll = self.roll(a, move, "SHOOTS IN", attack_on=b)
        self.land(a, move, roll, auto=self.moves[b].type == "taunt")  # CMD-15: a taunter gives no defence
        if move.type == "throw":
            self.combo_ready(a, move)  # CMD-12: a shoot's second action is its take-down

    def tries_the_take_down(self, a: int, b: int) -> None:
        move = self.moves[a]
        # text: "Trip/Take-Down/Collar Tie: Automatic success vs. Focus"; the others (a pass, a
        # sweep, an escape, and a break off the ground, ruling CM-8) take a won roll-off
        if move.type in AUTOMATIC_V_FOCUS and self.moves[b].type in ("focus", "taunt"):
            self.log.append(f"{move.name}: automatic, no rolls")  # text v Focus; CMD-15 v Taunt
            self.unopposed(a, move)
            return
        moves = (self.moves[0], self.moves[1])
        rolls, clash = self.rolloff(moves, "TRIES THE TAKE-DOWN roll-off", lead=a, reading=must_win, attacker=a)
        if clash.by is not None:
            self.land(a, move, rolls[a])
        else:
            self.log.append("Lost or tied: no damage or position change")

    # --- 3. record ---------------------------------------------------------------

    def record(self) -> None:
        """Focus gains (CM-4), taunts (CMD-15), then KO (CM-1)."""
        f = self.t.focus
        outcome = self.cell.outcome
        for side in (0, 1):
            move = self.moves[side]
            if move.type == "focus":
                gain = f.focus_action_damaged if self.damaged[side] else f.focus_action
            elif move.type == "taunt" and outcome == CROWD_BOOS:
                gain = 0  # the crowd wants action: no taunt pays
            else:
                gain = move.focus_gain
            self.gain(side, gain, move.name)
            for follow in self.followups[side]:
                self.gain(side, follow.focus_gain, f"{follow.name}, follow-up")
        if outcome == TAUNTS:
            for side in (0, 1):
                move, other = self.moves[side], 1 - side
                if move.type == "taunt" and self.moves[other].type != "focus" and move.drain:
                    before = self.hp[other].focus
                    self.hp[other].focus = max(0, before - move.drain)
                    if before != self.hp[other].focus:
                        self.log.append(
                            f"{self.name(side)}'s taunt gets to {self.name(other)}: "
                            f"focus {before} → {self.hp[other].focus}"
                        )
        self.knockout()
        self.pen = [self.penalty(0), self.penalty(1)]  # CMD-11: combos roll with the new penalties

    def gain(self, side: int, amount: int, why: str) -> None:
        if amount <= 0:
            return
        hp = self.hp[side]
        before = hp.focus
        hp.focus = min(self.t.focus.max, before + amount)
        if hp.focus != before:
            self.log.append(f"{self.name(side)} +{hp.focus - before} focus ({why}): {before} → {hp.focus}")

    def knockout(self) -> None:
        out = [side for side in (0, 1) if self.hp[side].head <= 0 or self.hp[side].body <= 0]
        if len(out) == 2:
            self.log.append("Both fighters go down: a double knockout")
            self.result = Result(None, None, "draw", "double knockout", self.st.turn)  # CMD-21
        elif out:
            loser = out[0]
            where = "head" if self.hp[loser].head <= 0 else "body"
            self.log.append(f"{self.name(loser)} is knocked out ({where} nerves 0)")
            self.result = Result(self.name(1 - loser), self.name(loser), "ko", where, self.st.turn)

    # --- 4. combine ---------------------------------------------------------------

    def combine(self) -> None:
        """Stage 2 and 3 combos after a full-damage Stage 1 hit (text "Combine")."""
        if self.st.options.first_fight or self.cell.outcome not in COMBO_OUTCOMES:
            return
        for f in (0, 1):
            start = self.combo_from[f]
            if start is None or self.full[1 - f]:
                continue
            combos = []
            for combo in self.sheets[f].card.combos:
                if combo.stages[0] != start.key:
                    continue
                if combo.positions is not None and self.position not in combo.positions:
                    continue
                second = self.sheets[f].by_key[combo.stages[1]]
                if self.stage_blocked(f, second):
                    continue
                combos.append(combo)
            if not combos:
                continue
            options = [
                Choice(
                    slug(c.name),
                    c.name,
                    " → ".join(self.sheets[f].by_key[k].name for k in c.stages)
                    + f" (stage 2: {self.t.focus.combo_stage + self.sheets[f].by_key[c.stages[1]].cost}"
                    " focus)",
                )
                for c in combos
            ]
            options.append(Choice("stop", "No combo"))
            key = self.choose(f, f"a combo after the {start.name.lower()}", options, None)
            if key == "stop":
                return
            combo = next(c for c in combos if slug(c.name) == key)
            if not self.stage(f, combo.stages[1], 2) or self.result is not None or len(combo.stages) < 3:
                return
            third = self.sheets[f].by_key[combo.stages[2]]
            if self.stage_blocked(f, third):
                self.log.append(f"{self.name(f)} cannot go on to the {third.name.lower()}")
                return
            cost = self.t.focus.combo_stage + third.cost
            go = self.choose(
                f,
                f"stage 3, the {third.name.lower()} ({cost} focus)",
                [Choice("go", f"{third.name}, stage 3"), Choice("stop", "Stop the combo")],
                None,
            )
            if go == "go":
                self.stage(f, third.key, 3)
            return

    def stage_blocked(self, f: int, move: Move) -> str:
        cost = self.t.focus.combo_stage + move.cost  # CMD-13
        if cost > self.hp[f].focus:
            return f"needs {cost} focus"
        why = self.cannot(f, move)
        return "" if why.startswith("needs") else why

    def stage(self, f: int, key: str, n: int) -> bool:
        """One combo stage: pay, roll-off against the block; True if it hit in full."""
        o = 1 - f
        move = self.sheets[f].by_key[key]
        cost = self.t.focus.combo_stage + move.cost
        self.hp[f].focus -= cost
        self.log.append(f"{self.name(f)}: Stage {n}, {move.name} ({cost} focus)")
        moves = (move, None) if f == 0 else (None, move)
        rolls, clash = self.rolloff(moves, f"combo stage {n}, the block roll-off", lead=f, reading=block, attacker=f)
        rf = rolls[f]
        full = False
        if clash.word == "miss":
            self.log.append(f"{move.name} misses: the combo ends")
        elif clash.word == "negated":  # CM-2: "a defender who also rolls double 6s takes none"
            self.log.append(f"{self.name(o)}'s double 6s block it all: the combo ends")
        elif clash.word == "blocked":
            self.log.append(f"{self.name(o)} blocks: half damage, the combo ends")
            self.strike(f, move, rf, half=clash.half)  # and no take-down (text)
        else:
            self.land(f, move, rf)
            full = True
        self.knockout()
        self.pen = [self.penalty(0), self.penalty(1)]  # CMD-11: stage 3 rolls with what stage 2 left
        return full


def explain(cell: Cell, red: Move, blue: Move, position: str, first_fight: bool = False) -> str:
    """What the outcome of ``red`` v ``blue`` does (the results table, text), said of these
    two moves as the sheet names them: the acting one (``a``) and the other (``b``)."""
    a, b = (blue, red) if cell.actor == 1 else (red, blue)
    an, bn = a.name, b.name  # as the sheet writes them: "Pass the guard", "Hammer right hand"
    combo = "" if first_fight else ", may start a combo"  # the text's First Fight has no combos
    outcome = cell.outcome
    if outcome == TRADE_BLOWS:
        return "Both attack rolls, no defence: each hit does full damage. No combos."
    if outcome == WHO_FASTER:
        text = "Roll-off: only the higher roll's move lands; a tie lands nothing."
        if any(m.type in ("shoot", "throw") and m.effect is None for m in (red, blue)):
            text += " A shoot or throw that wins follows Shoots in!"
        return text
    if outcome == SWIFT_ATTACK:
        text = f"{an} lands first: an undefended attack roll, full damage{combo}."
        if a.type == "jab" and b.type in ("shoot", "throw"):
            text += " Jab beats shoot or throw."
        elif b.type == "sprawl" and position == "clinching":
            text += " The sprawl gamble didn't pay off."
        return text
    if outcome == TAUNTS:
        gains = []
        for move in (red, blue):
            if move.type == "focus":
                gains.append(f"{move.name} gains its full charge")
            elif move.type == "protect" or move.focus_gain:
                gains.append(f"{move.name} still gains its focus")
        return "No rolls" + (": " + ", ".join(dict.fromkeys(gains)) if gains else "") + "."
    if outcome == SLICK_MOVE:
        follow = "an undefended follow-up that needs no focus (no take-downs)"
        then = f"then {follow}, which may start a combo." if not first_fight else f"then {follow}."
        return f"{an} against {bn}: roll-off, beat or tie for no damage, lose for half to muscles; {then}"
    if outcome == SPRAWL_N_BRAWL:
        return (
            f"{an} stops {bn}: a counter that needs no focus, or a trip that must win (not tie) "
            "a roll-off to go to GROUND."
        )
    if outcome == PROTECTS:
        return (
            f"{an} against the cover-up: roll-off, beat or tie for no damage, lose for half to muscles; "
            "no position change, no combos."
        )
    if outcome == BRUTAL_HIT:
        if b.type == "focus":
            return f"{an} hits a focusing fighter in full (Focus gains only 3 if it is hit)."
        goes = ""
        if a.type in ("takedown", "collar_tie", "pass_guard", "sweep", "escape", "shoot", "submission"):
            goes = f"{an} succeeds" if a.damage <= 0 else f"full damage and {an} succeeds"
        return f"Roll-off: {bn} that wins stands up taking half; on a tie or below, {goes or 'full damage'}."
    if outcome == SHOOTS_IN:
        if a.effect is not None:
            return f"{bn} does not answer {an}: an attack roll; a hit takes the fight where {an} goes."
        if a.type == "shoot":
            return (
                f"{bn} does not answer {an}: an attack roll, full damage; a hit goes to CLINCHING and may "
                "try a take-down by winning (not tying) a roll-off."
            )
        return f"{bn} does not answer {an}: an attack roll, full damage{combo}."
    if outcome == TRIES_THE_TAKE_DOWN:
        if a.type == "break":  # ruling CM-8
            return f"Getting up takes a won roll-off: {an} must win (not tie) to stand; else nothing."
        if a.type in AUTOMATIC_V_FOCUS and b.type in ("focus", "taunt"):
            return f"{an} succeeds against {bn} with no rolls."
        return f"{an} must win (not tie) a roll-off against {bn}; lose or tie: no damage or position change."
    # CROWD BOOS (ruling CM-8)
    if position == "clinching":
        return "No rolls; the fighters return to STANDING. The crowd wants action!"
    return "No rolls; nothing changes. The crowd wants action!"


# --- the ruleset -----------------------------------------------------------------


class CageMatch(Ruleset):
    """The Cage Match! ruleset (registered in ``companion.ruleset.GAMES``)."""

    key = "cage_match"
    title = "Cage Match!"
    period_word = "turn"
    card_model = CmCard
    options = OPTIONS
    has_odds = True
    has_gauges = True
    has_tables = True

    tables_what = "card"

    def roster_note(self, card: CmCard) -> str:
        return card.weight_class.removesuffix("weight")

    def may_meet(self, red: CmCard, blue: CmCard) -> bool:
        return red.weight_class == blue.weight_class  # "pick or randomly choose 2 fighters of matching weight class"

    def tables_file(self) -> Any:
        """The card a fight is played with: the shipped one, a player's ``<data dir>/tables/cage_match.yaml``
        sections over it (CM-6), checked (``companion tables check``)."""
        return tables_mod.TABLES

    def card_check(self, card: CmCard, tables: dict[str, Any]) -> list[str]:
        """A sheet against the card in play (``companion fighters check``), ruling CM-7: in every
        position, on each side of it, the sheet has a focus-free move it can do there that
        counters each move the other side may choose. The generic moves fill only the types a
        sheet lists none of, so a sheet whose strikes are all for STANDING has none in the clinch.
        Lines ``fighter NAME: moves: message``."""
        rules = Rules.of(tables)
        sheet = Sheet.of(card, rules)
        t = rules.tables
        out = []
        for key, rule in t.positions.items():
            roles = ("even",) if rule.sides == "even" else ("dominant", "submissive")
            for role in roles:
                other = role if role == "even" else ("submissive" if role == "dominant" else "dominant")
                mine = {
                    m.type
                    for m in sheet.moves
                    if not m.cost and m.type in rule.allowed[role] and (m.positions is None or key in m.positions)
                }
                for theirs in rule.allowed[other]:
                    if not any(
                        tables_mod.counters(t, rules.cells[rule.pad, theirs, n], n)
                        for n in mine
                        if (rule.pad, theirs, n) in rules.cells
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
        red, blue = setup.fighters
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
        s = rules.tables.start
        body = Body(s.muscle, s.body, s.head, s.focus)
        return CmState(rules, sheets, options, (body, body))

    # --- prompts and answers ---------------------------------------------------------

    def run(self, state: CmState) -> Turn:
        """The turn played over ``state``'s answers; the last one is kept, as the
        screens ask for the prompt, the trackers, the gauges and the status of one state."""
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        turn = Turn(state).run()
        self._last = (state, turn)
        return turn

    _last: tuple[CmState, Turn] | None = None

    def prompt(self, state: CmState) -> Prompt:
        if state.result is not None:
            return OverPrompt(state.result, self.period_word)
        return self.run(state).need

    def apply(self, state: CmState, answer: Answer) -> Outcome:
        if state.result is not None:
            raise Refused("the fight is over")
        # one replay: the new answer is read against the prompt it answers when the turn reaches it
        turn = Turn(evolve(state, inputs=state.inputs + (Typed(answer.text),))).run()
        after = evolve(state, inputs=tuple(turn.taken))
        log = tuple(turn.log[state.shown :])
        if not turn.done:
            return Outcome(evolve(after, shown=len(turn.log)), log)
        bodies = tuple(Body(h.muscle, h.body, h.head, h.focus) for h in turn.hp)
        end = evolve(
            after,
            bodies=bodies,
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
        secret choice, at a choice and once the fight is over (``rulesets.cage_match_odds``;
        with ``wait``, the pad is worked out first if it is not ready)."""
        from companion.rulesets.cage_match_odds import odds  # the odds load only when asked for

        return odds(self, state, wait=wait)

    def odds_prepare(self, state: CmState) -> None:
        """Start working out the turn's pad in the background (issue 8): nothing is shown until
        the reveal, and it is worked out for every pair, whatever anyone picks."""
        if state.result is None:
            from companion.rulesets.cage_match_odds import PADS

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

    def gauges(self, state: CmState) -> dict[str, list[Gauge]]:
        """Muscle and nerves as bars with the 30 marks (CM-3), focus as pips out of 10."""
        turn = self.live(state)
        t = state.rules.tables
        below = t.penalties.below
        out = {}
        for side in (0, 1):
            hp = turn.hp[side]
            out[turn.name(side)] = [
                Gauge("muscle", "muscle", hp.muscle, t.start.muscle, below, low=hp.muscle < below),
                Gauge("body_nerves", "body", hp.body, t.start.body, below, low=hp.body < below),
                Gauge("head_nerves", "head", hp.head, t.start.head, None, low=hp.head <= t.start.head // 4),
                Gauge("focus", "focus", hp.focus, t.focus.max, pips=True),
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


def _effect_words(tables: CardTables, move: Move) -> str:
    """A special's own position change in words, for the pad: ``to GROUND, underneath``."""
    if move.effect is None:
        return ""
    to = move.effect.to
    role = {
        "even": "",
        "dominant": ", holding" if to == "collar_tie" else ", on top",
        "submissive": ", held" if to == "collar_tie" else ", underneath",
    }[move.effect.role]
    return f"to {tables.positions[to].label}{role}"


def _side_words(turn: Turn, side: int) -> str | None:
    """Who is on top (GROUND) or holds the tie (COLLAR TIE), in the game's words; None when even."""
    if turn.dominant is None or turn.t.positions[turn.position].sides == "even":
        return None
    top = turn.dominant == side
    if turn.position == "collar_tie":
        return "holds the tie" if top else "held in the tie"
    return "on top" if top else "underneath"


def _ended(state: CmState) -> Turn:
    """A finished fight's last numbers (its final turn is folded into the state)."""
    return Turn(evolve(state, inputs=()))


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
        if any(p is None for p in picks):
            raise Refused("name a move for both corners (the app picks for a corner given as 'roll')")
        return picks
    if isinstance(prompt, RollPrompt):
        return read_faces(prompt.dice, text)
    if isinstance(prompt, ChoicePrompt):
        choice = prompt.find(text)
        if choice is None:
            raise Refused("choose one of: " + ", ".join(o.key for o in prompt.options))
        return choice.key
    raise Refused("the fight is over")


def card_reference(state: CmState, pad: str, red: str | None, blue: str | None, cell: Cell | None) -> Reference:
    """The Fight Card of ``pad`` (the project's reconstruction, CM-6), red's row marked."""
    rules = state.rules
    types = rules.tables.pads[pad]
    rows = []
    for a in types:
        row = [a.replace("_", " ")]
        for b in types:
            c = rules.cells[pad, a, b]
            mark = "" if c.actor is None else (">" if c.actor == 0 else "<")
            row.append(CODES[c.outcome] + mark)
        rows.append(tuple(row))
    legend = " · ".join(f"{code} {name}" for name, code in CODES.items())
    note = "Row: your move; column: theirs; > you act, < they act. " + legend
    if cell is not None:
        note = f"{red} v {blue}: {cell.outcome}! {RESULTS_TABLE[cell.outcome]}\n" + note
    highlight = types.index(red) if red in types else None
    short = {"protect": "prot", "takedown": "trip", "collar_tie": "collar", "submission": "sub", "pass_guard": "pass"}
    return Reference(
        f"Fight Card, {pad.replace('_', ' ')} pad (project's reconstruction)",
        ("me \\ them",) + tuple(short.get(t, t) for t in types),
        tuple(rows),
        highlight,
        note,
        compact=True,
    )


def attack_table(rating: int, prompt: RollPrompt) -> Reference:
    rows = (
        ("double 1s, or 2 or less", "miss"),
        (f"3 to {rating - 1}", "damage to muscles"),
        (f"{rating}+", "damage to the move's head or body"),
        ("double 6s", "automatic hit: double damage to head or body"),
    )
    return Reference(
        "All attacks require a roll of both dice (CM-2)",
        ("roll", "result"),
        rows,
        None,
        f"{prompt.who}: {prompt.reason}, modifier {prompt.modifier:+d}. Half damage rounds down; "
        "once muscles are 0 all damage goes to the nerves.",
    )


RULESET = CageMatch()
