"""Cage Match!'s action pads, POSITION table and Fight Card as data, and the
check that refuses an incomplete or inconsistent card (ruling CM-6).

The text never prints them: ``tables.yaml`` beside this module is the
project's reconstruction (docs/cage_match_design.md, decisions CMD-1 to
CMD-28). A player replaces any section with their own printed card by putting
a file with those sections in ``<data dir>/tables/cage_match.yaml``; the merged
whole is checked here, every problem reported at once, before a fight starts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.tables import TablesError as TablesError
from companion.tables import TablesFile

SHIPPED = Path(__file__).with_name("tables.yaml")

# --- action types (the code resolves them, so they are not data) ------------

ATTACKS = ("jab", "strike", "shoot", "throw", "gnp", "submission")
"""Types read on the attack dice table (CM-2)."""
POSITION_MOVES = ("takedown", "collar_tie", "pass_guard", "sweep", "escape")
"""Types that change the position when they succeed."""
OTHERS = ("break", "parry", "sprawl", "protect", "focus", "taunt")
TYPES = ATTACKS + POSITION_MOVES + OTHERS
POSITIONS = ("standing", "clinching", "collar_tie", "ground", "past_guard")
"""The text's five positions; the code moves fighters between these keys."""

TRADE_BLOWS = "TRADE BLOWS"
WHO_FASTER = "WHO FASTER"
SWIFT_ATTACK = "SWIFT ATTACK"
TAUNTS = "TAUNTS"
SLICK_MOVE = "SLICK MOVE"
SPRAWL_N_BRAWL = "SPRAWL N' BRAWL"
PROTECTS = "PROTECTS"
BRUTAL_HIT = "BRUTAL HIT"
SHOOTS_IN = "SHOOTS IN"
TRIES_THE_TAKE_DOWN = "TRIES THE TAKE-DOWN"
CROWD_BOOS = "CROWD BOOS"
BOTH_SIDED = (TRADE_BLOWS, WHO_FASTER, TAUNTS, CROWD_BOOS)
ONE_SIDED = (SWIFT_ATTACK, SLICK_MOVE, SPRAWL_N_BRAWL, PROTECTS, BRUTAL_HIT, SHOOTS_IN, TRIES_THE_TAKE_DOWN)
OUTCOMES = BOTH_SIDED + ONE_SIDED

RESULTS_TABLE: dict[str, str] = {
    TRADE_BLOWS: "Both attack rolls, no defence; hits do full damage. No combos.",
    WHO_FASTER: "Roll-off: only the high roll hits, full damage, may start a combo (a shoot follows Shoots in!).",
    SWIFT_ATTACK: "The striker's attack roll: full damage, may start a combo. Jab beats shoot or throw.",
    TAUNTS: "No rolls. Focus gains its full 6; a protecting fighter still gains 1.",
    SLICK_MOVE: "Roll-off: the parrier beats or ties to take nothing, else half to muscles; "
    "then an undefended follow-up that needs no focus (no take-downs), may start a combo.",
    SPRAWL_N_BRAWL: "The shoot fails; the sprawler counters with a focus-free attack, or a trip that "
    "must win (not tie) a roll-off to go to GROUND.",
    PROTECTS: "Roll-off: the protector beats or ties to take nothing, else half to muscles; "
    "no position change, no combos.",
    BRUTAL_HIT: "The attack roll hits in full (v Focus); v Break a roll-off: the breaker who wins "
    "stands up taking half, else full damage and the take-down succeeds.",
    SHOOTS_IN: "The shooter's attack roll: full damage; a shoot goes to CLINCHING and may try a "
    "take-down by winning (not tying) a roll-off.",
    TRIES_THE_TAKE_DOWN: "Automatic against Focus (no rolls); otherwise win (not tie) a roll-off to "
    "change position; lose or tie: nothing.",
    CROWD_BOOS: "No rolls; the fighters return to STANDING. The crowd wants action!",
}
"""The results table (text), one line each, for the log and the reference."""

CODES = {
    TRADE_BLOWS: "TB",
    WHO_FASTER: "WF",
    SWIFT_ATTACK: "SA",
    TAUNTS: "TA",
    SLICK_MOVE: "SM",
    SPRAWL_N_BRAWL: "SB",
    PROTECTS: "PR",
    BRUTAL_HIT: "BH",
    SHOOTS_IN: "SI",
    TRIES_THE_TAKE_DOWN: "TT",
    CROWD_BOOS: "CB",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


Kebab = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", min_length=1, max_length=30)
TypeName = Literal[TYPES]  # type: ignore[valid-type]
PositionName = Literal[POSITIONS]  # type: ignore[valid-type]


class Effect(_Strict):
    """Where a special puts the fight when it lands (text: "aside from some special actions")."""

    to: PositionName
    role: Literal["dominant", "submissive", "even"] = "even"
    """The special's user's side in the new position."""


class Move(_Strict):
    """One action on a character sheet (text: "Character sheet, action entries")."""

    key: str = Kebab
    """What players type in answers: ``head-kick``."""
    name: str = Field(min_length=1, max_length=40)
    type: TypeName
    """Its action type: the fight card is read by it."""
    focus_cost: int = Field(ge=-10, le=0)
    """As printed: -1 costs one focus."""
    dice: int = Field(ge=-4, le=4)
    damage: int = Field(ge=0, le=30)
    target: Literal["head", "body", "none"]
    """The Head/Body indicator; ``none`` for moves that do no damage."""
    focus_gain: int = Field(default=0, ge=0, le=10)
    positions: list[PositionName] | None = None
    """Where it can be done; by default wherever its type is allowed."""
    drain: int | None = Field(default=None, ge=0, le=10)
    """Taunts only: focus the other fighter loses in TAUNTS! (CMD-15)."""
    effect: Effect | None = None
    """Specials only: the position it leads to when it lands."""

    @property
    def cost(self) -> int:
        return -self.focus_cost


class PositionRule(_Strict):
    label: str = Field(min_length=1)
    pad: str
    sides: Literal["even", "dominant"]
    """``even``: both fighters alike; ``dominant``: a dominant and a submissive side."""
    allowed: dict[str, list[TypeName]]
    dice: dict[str, dict[TypeName, int]] = {}
    default: dict[str, TypeName]


class Start(_Strict):
    muscle: int = Field(ge=1, le=200)
    body: int = Field(ge=1, le=200)
    head: int = Field(ge=1, le=200)
    focus: int = Field(ge=0, le=10)


class FocusRules(_Strict):
    max: int = Field(ge=1, le=30)
    dice_max: int = Field(ge=0, le=5)
    dice_each: int = Field(ge=0, le=5)
    damage_max: int = Field(ge=0, le=5)
    damage_each: int = Field(ge=0, le=20)
    focus_action: int = Field(ge=0, le=30)
    focus_action_damaged: int = Field(ge=0, le=30)
    combo_stage: int = Field(ge=0, le=10)


class Penalties(_Strict):
    below: int = Field(ge=0, le=200)
    one: int = Field(ge=-6, le=0)
    both: int = Field(ge=-6, le=0)


class CardTables(_Strict):
    """The whole card file (``tables.yaml``)."""

    version: Literal[1]
    text_anchors: bool
    start: Start
    focus: FocusRules
    penalties: Penalties
    weight_classes: dict[str, int]
    pads: dict[str, list[TypeName]]
    positions: dict[str, PositionRule]
    generic_moves: list[Move]
    fight_card: dict[str, dict[str, dict[str, str]]]


_CELL = re.compile(r"^(?P<outcome>[A-Z][A-Z' -]*?)!?(?::\s*(?P<side>me|them))?$")


@dataclass(frozen=True, slots=True)
class Cell:
    """One Fight Card cell read from the row's side: the outcome and who acts."""

    outcome: str
    actor: int | None
    """0: the row's fighter acts, 1: the column's, None: both."""


def parse_cell(text: str) -> Cell | None:
    match = _CELL.match(text.strip()) if isinstance(text, str) else None
    if not match or match["outcome"] not in OUTCOMES:
        return None
    side = match["side"]
    return Cell(match["outcome"], None if side is None else (0 if side == "me" else 1))


def _mirror(cell: Cell) -> Cell:
    return Cell(cell.outcome, None if cell.actor is None else 1 - cell.actor)


def _fits(outcome: str, a: str, b: str) -> bool:
    """Whether ``outcome`` can be resolved with the acting type ``a`` against ``b``
    (design section 2.6): the engine has a meaning for every cell the check lets in."""
    moving = ATTACKS + POSITION_MOVES
    if outcome == TRADE_BLOWS:
        both = ("jab", "strike", "gnp", "throw")
        return a in both and b in both
    if outcome == WHO_FASTER:
        racing = moving + ("break",)  # a break races a move that goes somewhere else (CM-8)
        return a in racing and b in racing
    if outcome == SWIFT_ATTACK:
        return a in ("jab", "strike", "gnp") and b not in ("protect", "parry", "focus", "break")
    if outcome == SLICK_MOVE:
        return a == "parry" and b in ("jab", "strike")
    if outcome == SPRAWL_N_BRAWL:
        return a == "sprawl" and b in ("shoot", "takedown")
    if outcome == PROTECTS:
        return a in ATTACKS and b == "protect"
    if outcome == BRUTAL_HIT:
        return (a in ATTACKS and b == "focus") or (a in moving and b == "break")
    if outcome == SHOOTS_IN:
        return a in ("shoot", "throw") and b in ("parry", "sprawl", "taunt")
    if outcome == TRIES_THE_TAKE_DOWN:
        # ruling CM-8: getting up from the ground (a break) is a won roll-off too
        return a in POSITION_MOVES + ("break",) and b not in ATTACKS
    return True  # TAUNTS, CROWD BOOS: nobody attacks


TEXT_ANCHORS: tuple[tuple[str, str, str, str, str], ...] = (
    ("standing", "jab", "shoot", "SWIFT ATTACK: me", "jab beats shoot or throw"),
    ("standing", "jab", "throw", "SWIFT ATTACK: me", "jab beats shoot or throw"),
    ("standing", "parry", "strike", "SLICK MOVE: me", "parry against a strike is a slick move"),
    ("standing", "parry", "jab", "SLICK MOVE: me", "parry against a strike is a slick move"),
    ("standing", "sprawl", "shoot", "SPRAWL N' BRAWL: me", "sprawl against a shoot is sprawl n' brawl"),
    ("standing", "taunt", "taunt", "CROWD BOOS", "taunt against taunt: the crowd boos"),
    ("clinching", "taunt", "taunt", "CROWD BOOS", "taunt against taunt: the crowd boos"),
    ("clinching", "strike", "sprawl", "SWIFT ATTACK: me", "in CLINCHING the sprawl gamble didn't pay off"),
    ("clinching", "takedown", "focus", "TRIES THE TAKE-DOWN: me", "take-down: automatic success v focus"),
    ("clinching", "collar_tie", "focus", "TRIES THE TAKE-DOWN: me", "collar tie: automatic success v focus"),
    ("clinching", "takedown", "protect", "TRIES THE TAKE-DOWN: me", "take-down: win the roll-off v protect"),
    ("clinching", "collar_tie", "protect", "TRIES THE TAKE-DOWN: me", "collar tie: win the roll-off v protect"),
    ("clinching", "takedown", "break", "BRUTAL HIT: me", "to break, win the roll-off, else the take-down succeeds"),
    ("clinching", "collar_tie", "break", "BRUTAL HIT: me", "to break, win the roll-off, else the collar tie succeeds"),
)
"""Cells the text fixes (ruling CM-6; results table). Focus against every attack
(Brutal Hit) and focus/protect against each other (Taunts) are checked on every pad."""


def _consistency(t: CardTables) -> list[str]:
    out: list[str] = []
    for key in POSITIONS:
        if key not in t.positions:
            out.append(f"positions: the text's position {key!r} is missing (positions: {', '.join(POSITIONS)})")
    for key, rule in t.positions.items():
        where = f"positions.{key}"
        if key not in POSITIONS:
            out.append(f"{where}: not one of the text's positions ({', '.join(POSITIONS)})")
        pad = t.pads.get(rule.pad)
        if pad is None:
            out.append(f"{where}.pad: {rule.pad!r} is not a pad (pads: {', '.join(t.pads)})")
            continue
        roles = ("even",) if rule.sides == "even" else ("dominant", "submissive")
        for section in ("allowed", "default"):
            given = set(getattr(rule, section))
            if given != set(roles):
                out.append(
                    f"{where}.{section}: needs exactly {', '.join(roles)} (has {', '.join(sorted(given)) or 'none'})"
                )
        for role, types in rule.allowed.items():
            for ty in types:
                if ty not in pad:
                    out.append(f"{where}.allowed.{role}: {ty!r} is not on the {rule.pad} pad")
        for role, ty in rule.default.items():
            if ty not in rule.allowed.get(role, ()):
                out.append(f"{where}.default.{role}: {ty!r} is not allowed to the {role} side")
        for role in rule.dice:
            if role not in roles:
                out.append(f"{where}.dice: {role!r} is not a side here ({', '.join(roles)})")
    used = {rule.pad for rule in t.positions.values()}
    for pad in t.pads:
        if pad not in used:
            out.append(f"pads.{pad}: no position uses this pad")
    have = {m.type for m in t.generic_moves}
    on_pads = {ty for types in t.pads.values() for ty in types}
    for ty in sorted(on_pads - have):
        out.append(f"generic_moves: no move of type {ty!r} (every type on a pad needs one)")
    for m in t.generic_moves:
        if m.drain is not None and m.type != "taunt":  # design 4.2, CMD-15: only a taunt drains
            out.append(f"generic_moves.{m.key}: 'drain' is only for taunts")
    keys = [m.key for m in t.generic_moves]
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        out.append(f"generic_moves: key {key!r} is used twice")
    if t.start.focus > t.focus.max:
        out.append(f"start.focus: {t.start.focus} is more than focus.max ({t.focus.max})")
    for cls in ("featherweight", "middleweight"):
        if cls not in t.weight_classes:
            out.append(f"weight_classes: {cls} is missing (the sheets' classes: featherweight, middleweight)")
    for cls, rating in t.weight_classes.items():
        if not 2 <= rating <= 12:
            out.append(f"weight_classes.{cls}: muscle rating {rating} is not 2-12 (the text: 8 feather, 9 middle)")
    out += _card_problems(t)
    return out


def _card_problems(t: CardTables) -> list[str]:
    out: list[str] = []
    card = t.fight_card
    for pad in card:
        if pad not in t.pads:
            out.append(f"fight_card.{pad}: not a pad (pads: {', '.join(t.pads)})")
    cells: dict[tuple[str, str, str], Cell] = {}
    for pad, types in t.pads.items():
        rows = card.get(pad, {})
        for a, row in rows.items():
            if a not in types:
                out.append(f"fight_card.{pad}.{a}: {a} is not on the {pad} pad")
                continue
            for b, text in row.items():
                where = f"fight_card.{pad}.{a}.{b}"
                if b not in types:
                    out.append(f"{where}: {b} is not on the {pad} pad")
                    continue
                cell = parse_cell(text)
                if cell is None:
                    out.append(
                        f"{where}: {text!r} is not an outcome (one of {', '.join(OUTCOMES)}; "
                        "one-sided ones with ': me' or ': them')"
                    )
                    continue
                if cell.outcome in BOTH_SIDED and cell.actor is not None:
                    out.append(f"{where}: {cell.outcome} is both-sided: drop ': me'/': them'")
                    continue
                if cell.outcome in ONE_SIDED and cell.actor is None:
                    out.append(f"{where}: {cell.outcome} needs the side that acts (': me' or ': them')")
                    continue
                if a == b and cell.actor is not None:
                    # a move against itself: a side would always favour red
                    out.append(
                        f"{where}: a move against itself cannot give one side the outcome; "
                        f"use a both-sided one ({', '.join(BOTH_SIDED)})"
                    )
                    continue
                cells[pad, a, b] = cell
        given_pairs = {(a, b) for a, row in rows.items() for b in row}  # a bad cell is reported once, above
        missing = [(a, b) for a in types for b in types if (a, b) not in given_pairs]
        given = len(types) ** 2 - len(missing)
        for a, b in missing:
            out.append(
                f"fight_card.{pad}: no cell for ({a}, {b}): every ordered pair of the pad's "
                f"{len(types)} types needs one ({len(types) ** 2} cells, {given} given)"
            )
    for (pad, a, b), cell in cells.items():
        other = cells.get((pad, b, a))
        if other is not None and a < b and other != _mirror(cell):
            out.append(
                f"fight_card.{pad}: ({a}, {b}) is {_show(cell)!r} but ({b}, {a}) is {_show(other)!r}; "
                "the two cells must be one outcome seen from both sides"
            )
        if cell.actor is not None or cell.outcome in (TRADE_BLOWS, WHO_FASTER):
            acting, against = (a, b) if cell.actor in (0, None) else (b, a)
            if not _fits(cell.outcome, acting, against):
                out.append(
                    f"fight_card.{pad}.{a}.{b}: {_show(cell)!r} cannot be resolved with {acting} "
                    f"acting against {against}"
                )
    if not out:  # the counters are read off a card whose every cell is whole and resolvable
        out += counter_problems(t, cells)
    if t.text_anchors:
        out += _anchor_problems(t, cells)
    return out


def counters(t: CardTables, cell: Cell, n: str) -> bool:
    """Whether the column's move type ``n`` counters the row's move in ``cell`` (ruling CM-7): it
    makes the row's move deal no damage and gains something, damage, a position or focus.

    Read by outcome, the counterer's side of the results table:

    - an outcome where ``n`` alone acts (Swift Attack, Slick Move, Sprawl n' Brawl, Brutal Hit,
      Shoots In, Tries the Take-Down): the row's move never lands, or is parried, and ``n``
      attacks or moves;
    - WHO FASTER: the faster move lands and only it; ``n`` wins the race as often as it loses
      it. The ruling's own way out from under the past guard is such a race;
    - TAUNTS and CROWD BOOS: nothing lands; ``n`` gains focus if it is Focus (the full 6),
      Protect ("still gains 1") or a move that generates focus (TAUNTS only: "no taunt pays"
      when the crowd boos).

    ``n`` protecting against the row's move (PROTECTS) is no counter ("it only halves damage"),
    nor is TRADE BLOWS, nor any outcome where the row's move acts alone (a Brutal Hit's breaker
    still takes half). (An ``n`` that attacks a protector acts alone: it counters the Protect.)
    """
    if cell.actor == 1:
        return True
    if cell.actor == 0:
        return False
    if cell.outcome == WHO_FASTER:
        return True
    if cell.outcome in (TAUNTS, CROWD_BOOS):
        if n in ("focus", "protect"):
            return True
        gains = max((m.focus_gain for m in t.generic_moves if m.type == n), default=0)
        return cell.outcome == TAUNTS and gains > 0
    return False


def counter_problems(t: CardTables, cells: dict[tuple[str, str, str], Cell]) -> list[str]:
    """Every move a fighter can choose in a position that the other cannot answer there
    (ruling CM-7: "every move has a counter" binds every pad), naming the position, the side,
    the pad and the move, and what the other could do."""
    out = []
    for rule in t.positions.values():
        pad = rule.pad
        roles = ("even",) if rule.sides == "even" else ("dominant", "submissive")
        for role in roles:
            other = role if role == "even" else ("submissive" if role == "dominant" else "dominant")
            replies = rule.allowed.get(other, [])
            for m in rule.allowed.get(role, []):
                if any(counters(t, cells[pad, m, n], n) for n in replies if (pad, m, n) in cells):
                    continue
                side = "" if role == "even" else f" ({role})"
                out.append(
                    f"fight_card.{pad}: {m!r} has no counter in {rule.label}{side}: none of the other "
                    f"side's moves ({', '.join(replies)}) makes it deal no damage and gains damage, a "
                    "position or focus (ruling CM-7: every move has a counter; PROTECTS only halves)"
                )
    return out


def _show(cell: Cell) -> str:
    return cell.outcome + ("" if cell.actor is None else (": me" if cell.actor == 0 else ": them"))


def _anchor_problems(t: CardTables, cells: dict[tuple[str, str, str], Cell]) -> list[str]:
    out = []
    expected = [(pad, a, b, want, why) for pad, a, b, want, why in TEXT_ANCHORS]
    for pad, types in t.pads.items():
        for x in types:
            if x in ATTACKS and "focus" in types:
                expected.append((pad, "focus", x, "BRUTAL HIT: them", "focus against an attack is a brutal hit"))
        for a in ("focus", "protect"):
            for b in ("focus", "protect"):
                if a in types and b in types:
                    expected.append((pad, a, b, "TAUNTS", "the focuser gains 6, a protector still 1"))
    for pad, a, b, want, why in expected:
        cell = cells.get((pad, a, b))
        if cell is not None and pad in t.pads and a in t.pads[pad] and b in t.pads[pad] and _show(cell) != want:
            out.append(
                f"fight_card.{pad}.{a}.{b} must be {want!r} (the text: {why}); "
                "set text_anchors: false to play your printed card as printed"
            )
    return out


TABLES = TablesFile(SHIPPED, CardTables, what="card", consistency=_consistency, name="cage_match.yaml")
"""The card: the shipped file, a player's sections over it (companion.tables)."""
SECTIONS = TABLES.sections
check = TABLES.check
"""Validate a whole card; (the tables, []) or (None, every problem found)."""
load = TABLES.load
"""The shipped card with the sections of a player's file (if it exists) put over it, checked, as
plain data (stored with each fight's setup); TablesError with every problem, each naming the
file and the section."""
