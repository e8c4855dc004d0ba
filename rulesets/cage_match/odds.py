"""Cage Match!'s odds (issue 8, docs/odds_design.md 4.3 and its Cage Match subsection).

Two things, both shown only after the reveal, so nothing leaks at the secret choice:

- **The roll asked for.** At each roll prompt the turn has said how it will read the roll
  (:class:`rulesets.cage_match.rules.Rolling`: one attack roll, or a roll-off and its reading,
  :func:`~rulesets.cage_match.rules.race`, :func:`~rulesets.cage_match.rules.defence`...). For every
  sum of the dice still to come (2d6 is read by its sum: 11 classes, 121 for both rolls of a
  roll-off) the odds call those same functions, then the turn's own
  :meth:`~rulesets.cage_match.ruleset.Turn.hit_of` and :func:`~rulesets.cage_match.damage.harm`: what
  happens, where the damage goes, and whether it knocks out. No apply, no second copy of
  a rule: well under a millisecond.
- **The pad.** For every pair of moves the two pads allow (no extra focus), the turn played
  from the reveal to its end, or to a choice with no advice (a combo offer), taking the
  advised follow-ups and take-downs: each fighter's damage to expect and chance to hit the
  head and the body nerves, then each move's average over the other's replies (equal
  weight). The walk replays the turn (the engine's own code) once for each way a roll can
  come out, not once for each face: the sums that the reading, the hit and the double 6s
  make alike lead to the same rest of the turn. Computed once per turn and kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from companion.odds import SUM, Background, Line, Odds, Same, classes, shown
from companion.ruleset import ChoicePrompt, Pick, RollPrompt, SecretPrompt, evolve
from companion.rulesets.cage_match.ruleset import (
    TWO_D6,
    Blow,
    Clash,
    CmState,
    Roll,
    Turn,
    aim,
    block,
    break_free,
    defence,
    harm,
    must_win,
    race,
)

SUMS = tuple((rep, float(q)) for rep, q in classes(TWO_D6, SUM))
"""2d6 by its sum (the game reads only the sum: a 2 is 1-1 and a 12 is 6-6, so the miss and the
double 6s follow from it): each sum's first faces and its chance."""
FULL = Clash("lands", 0)
"""One attack roll: the move is read in full on the attack dice table."""
REGIONS = ("muscle", "head", "body")
Rolls = tuple[Roll | None, Roll | None]
"""Red's roll and blue's (None for a corner that does not roll)."""


# --- one roll: what it and the roll-off it belongs to can do ----------------------------


@dataclass
class Exchange:
    """The chance of each way the roll (or roll-off) asked for comes out, and what it deals.

    Keys by side (0 red, 1 blue): ``miss[s]``, ``muscles[s]``, ``nerves[s]``, ``d6[s]`` and
    ``lands[s]`` are how ``s``'s move hits when it is read on the attack table (``muscles``: it
    lands on the muscles, ``nerves``: on the head or body nerves, read so or with no muscles left);
    ``dealt[s]`` is the damage ``s`` takes to expect (muscle, head, body), ``ko[s]`` the chance
    his head or body nerves reach 0.
    """

    words: dict[tuple[str, int | None], float] = field(default_factory=dict)
    """The roll-off's reading (:class:`Clash` word, and the side its move belongs to)."""
    miss: list[float] = field(default_factory=lambda: [0.0, 0.0])
    muscles: list[float] = field(default_factory=lambda: [0.0, 0.0])
    nerves: list[float] = field(default_factory=lambda: [0.0, 0.0])
    d6: list[float] = field(default_factory=lambda: [0.0, 0.0])
    lands: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """A move with no damage (a position move) that lands."""
    dealt: list[dict[str, float]] = field(default_factory=lambda: [dict.fromkeys(REGIONS, 0.0) for _ in range(2)])
    ko: list[float] = field(default_factory=lambda: [0.0, 0.0])
    strikers: set[int] = field(default_factory=set)
    """The sides whose move can be read on the attack table in this roll."""


@lru_cache(maxsize=4096)
def _ways(
    reading: Any, lead: int, strikes: bool, have: Rolls, mods: tuple[int | None, int | None]
) -> tuple[tuple[float, Rolls, Clash, int | None], ...]:
    """Every sum of the rolls still to come (``mods``: each missing corner's modifier), read by
    ``reading``: each way with its chance, the rolls, the reading and whose move goes through.
    The rolls whose reading, striker and striker's roll are alike are one way (with the first
    such rolls): nothing else of them is read after. Kept: the same numbers come up again."""
    combos: list[tuple[float, Rolls]] = [(1.0, have)]
    for side, mod in enumerate(mods):
        if mod is None:
            continue
        rolls = [(Roll(rep, sum(rep) + mod), q) for rep, q in SUMS]
        if side == 0:
            combos = [(p * q, (roll, held[1])) for p, held in combos for roll, q in rolls]
        else:
            combos = [(p * q, (held[0], roll)) for p, held in combos for roll, q in rolls]
    out: dict[tuple, list] = {}
    for p, rolls in combos:
        clash = FULL if reading is None else reading(rolls[lead], rolls[1 - lead])
        striker = None
        if clash.by is not None and strikes:
            striker = lead if clash.by == 0 else 1 - lead
        key = (clash, striker, rolls[striker] if striker is not None else None)
        if key in out:
            out[key][0] += p
        else:
            out[key] = [p, rolls, clash, striker]
    return tuple((p, rolls, clash, striker) for p, rolls, clash, striker in out.values())


def outcomes(turn: Turn) -> list[tuple[float, Rolls, Clash, int | None, Blow | None]]:
    """Each way the roll asked for (and the rest of its roll-off) can come out: its chance, the
    rolls (red's, blue's; None for a corner that does not roll), their reading, whose move goes
    through (None: nobody's) and how that move's roll reads on the attack table (None: a miss,
    or no move goes through). Empty at any prompt that is not a roll the turn reads."""
    rolling, need = turn.rolling, turn.need
    if rolling is None or not isinstance(need, RollPrompt):
        return []
    have: list[Roll | None] = [None, None]
    for side, roll in zip(rolling.sides, rolling.got):
        have[side] = roll
    mods: list[int | None] = [None, None]
    for side in rolling.sides[len(rolling.got) :]:
        mods[side] = turn.modifier(side, rolling.moves[side])[0]  # as roll() reads it
    out = []
    for p, rolls, clash, striker in _ways(
        rolling.reading, rolling.lead, rolling.strikes, (have[0], have[1]), (mods[0], mods[1])
    ):
        hit = None
        if striker is not None:
            move = rolling.moves[striker]
            if clash.half and move.damage <= 0:
                striker = None  # half of nothing: a halved position move neither lands nor hurts
            else:
                hit = turn.hit_of(striker, move, rolls[striker], half=clash.half, to_muscle=clash.to_muscle)
        out.append((p, rolls, clash, striker, hit))
    return out


def exchange(turn: Turn) -> Exchange | None:
    """The odds of the roll asked for: :func:`outcomes` added up, the damage put where
    :func:`~rulesets.cage_match.damage.harm` puts it. None at any prompt that is not such a roll."""
    ways = outcomes(turn)
    if not ways:
        return None
    rolling = turn.rolling
    ex = Exchange()
    spill = turn.st.options.muscle_spill
    alike: dict[tuple, float] = {}  # the 121 ways of a roll-off come out in a dozen different ways
    for p, rolls, clash, striker, hit in ways:
        key = (clash.word, clash.by, striker, hit, rolls[striker].d6 if striker is not None else False)
        alike[key] = alike.get(key, 0.0) + p
    for (word, by, striker, hit, d6), p in alike.items():
        key = (word, None if by is None else (rolling.lead if by == 0 else 1 - rolling.lead))
        ex.words[key] = ex.words.get(key, 0.0) + p
        if striker is None:
            if word == "miss" and rolling.strikes:  # the reading itself says the attack missed
                ex.miss[rolling.lead] += p
                ex.strikers.add(rolling.lead)
            continue
        ex.strikers.add(striker)
        if hit is None:
            ex.miss[striker] += p
            continue
        move = rolling.moves[striker]
        if move.damage <= 0:
            ex.lands[striker] += p
            continue
        if hit.amount <= 0:
            continue  # half of 1: it lands for no damage
        other = 1 - striker
        hp = turn.hp[other]
        region = aim(move)
        left = getattr(hp, region)
        took, lost = harm(hp.muscle, left, hit.amount, hit.nerves, spill)
        # where the hit lands: the muscles (what spills over still counts there), or the
        # nerves, which a muscles hit reaches too once the muscles are gone
        (ex.muscles if took else ex.nerves)[striker] += p
        if d6:
            ex.d6[striker] += p
        ex.dealt[other]["muscle"] += p * took
        ex.dealt[other][region] += p * lost
        if 0 < lost >= left:
            ex.ko[other] += p
    return ex


# --- the words the odds show ---------------------------------------------------------------


def _line(key: str, label: str, p: float, kind: str = "chance", side: int | None = None) -> Line:
    """A figure; a corner's takes the corner's colour on the bar."""
    return Line(key, label, p, kind, side)


_WORDS: dict[Any, dict[str, str]] = {
    race: {"faster": "{by} is faster", "tie": "a tie: neither lands"},
    defence: {
        "half": "{other} takes half",
        "covered": "{other} beats or ties: no damage",
        "negated": "{other}'s double 6s: no damage",
        "miss": "a miss with the {move}",
    },
    must_win: {"wins": "{lead} wins the roll-off", "stopped": "{other} wins or ties: stopped"},
    break_free: {
        "lands": "a hit with the {move}",
        "breaks free": "{other} breaks free, taking half",
        "clean break": "{other} breaks free with double 6s",
        "negated": "both double 6s: no damage",
    },
    block: {
        "lands": "a full hit with the {move}",
        "blocked": "{other} blocks: half damage",
        "negated": "{other}'s double 6s block it all",
        "miss": "a miss with the {move}",
    },
}
"""Each reading's words, in the order the detail lists them."""
_HOLD = {"wins": "{other} taps", "stopped": "{other} escapes"}
"""A hold's roll-off (:func:`must_win` that strikes nothing): the tap or the escape."""


def word_lines(turn: Turn, ex: Exchange) -> tuple[Line, ...]:
    """The roll-off's reading, each way with its chance, in the game's words."""
    rolling = turn.rolling
    lead = rolling.lead
    move = rolling.moves[lead]
    words = _HOLD if not rolling.strikes else _WORDS.get(rolling.reading, {})
    order = list(words)
    out = []
    for (word, by), p in sorted(
        ex.words.items(), key=lambda kv: (order.index(kv[0][0]) if kv[0][0] in order else len(order), kv[0][1] or 0)
    ):
        text = words.get(word, word).format(
            lead=turn.name(lead),
            other=turn.name(1 - lead),
            by=turn.name(by) if by is not None else "",
            move=move.name.lower() if move is not None else "move",
        )
        side = by if word != "stopped" else 1 - lead
        out.append(_line(f"off:{word}" if by is None else f"off:{word}:{by}", text, p, side=side))
    return tuple(out)


def striker_lines(turn: Turn, ex: Exchange, side: int) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    """How ``side``'s move reads on the attack table, and what the other takes to expect."""
    move, other = turn.rolling.moves[side], 1 - side
    name = move.name.lower()
    if move.damage <= 0:
        return (
            _line(f"lands:{side}", f"a hit with the {name}", ex.lands[side], side=side),
            _line(f"miss:{side}", f"a miss with the {name}", ex.miss[side], side=side),
        ), ()
    # short labels (the tray is a narrow column): the prompt names whose rating the roll is against
    reading = (
        _line(f"nerves:{side}", f"hits the {aim(move)}", ex.nerves[side], side=side),
        _line(f"muscles:{side}", "hits the muscles", ex.muscles[side], side=side),
        _line(f"miss:{side}", f"a miss with the {name}", ex.miss[side], side=side),
        _line(f"d6:{side}", "double 6s: double damage, to the nerves", ex.d6[side], side=side),
    )
    dealt = ex.dealt[other]
    damage = (
        _line(f"damage:{other}", f"damage to {turn.name(other)}", sum(dealt.values()), "expected", side),
        _line(f"muscle:{other}", "to the muscles", dealt["muscle"], "expected", side),
        _line(f"head:{other}", "to the head nerves", dealt["head"], "expected", side),
        _line(f"body:{other}", "to the body nerves", dealt["body"], "expected", side),
        _line(f"ko:{other}", f"knocks {turn.name(other)} out", ex.ko[other], side=side),
    )
    return reading, damage


def roll_lines(turn: Turn, ex: Exchange) -> tuple[tuple[Line, ...], tuple[tuple[str, tuple[Line, ...]], ...]]:
    """The compact lines (at most 4: the tray's column) and the detail sections of one roll."""
    rolling = turn.rolling
    words = word_lines(turn, ex) if rolling.reading is not None else ()
    sections: list[tuple[str, tuple[Line, ...]]] = [("the roll-off", words)] if words else []
    compact: list[Line] = []
    if not rolling.strikes:  # a hold: the tap or the escape
        compact += words
    elif rolling.reading is race:  # either may be faster: who, then what each takes
        compact += [w for w in words if w.key.startswith("off:faster")]
    elif rolling.reading is must_win:
        compact += [w for w in words if w.key.startswith("off:wins")]
    for side in sorted(ex.strikers):
        reading, damage = striker_lines(turn, ex, side)
        move = rolling.moves[side]
        sections.append((f"{turn.name(side)}'s {move.name.lower()}", reading))
        if damage:
            sections.append((f"{turn.name(1 - side)} takes, to expect", damage))
        if rolling.reading is race:
            if damage:
                compact.append(damage[0])
        elif damage:
            compact += [*reading[: 4 - len(compact) - 1], damage[0]]
        else:
            compact += reading[: 4 - len(compact)]
    if not compact:  # no move can go through (a defender's double 6s rolled first): how the roll-off reads
        compact += words
    return tuple(compact[:4]), tuple(sections)


# --- the pad: every pair of moves, played from the reveal ----------------------------------


@dataclass
class Cell:
    """One pair of moves: for each side, the damage it deals to expect this turn and the chance
    it hurts the other's head and body nerves, knocks him out or makes him tap."""

    damage: list[float] = field(default_factory=lambda: [0.0, 0.0])
    head: list[float] = field(default_factory=lambda: [0.0, 0.0])
    body: list[float] = field(default_factory=lambda: [0.0, 0.0])
    ko: list[float] = field(default_factory=lambda: [0.0, 0.0])
    tap: list[float] = field(default_factory=lambda: [0.0, 0.0])
    stopped: float = 0.0
    """The chance the walk stopped at a choice with no advice (a combo offer) before the end."""
    replays: int = 0


def _leaf(start: CmState, turn: Turn, p: float, cell: Cell) -> None:
    """The turn's numbers so far against its start: what each side dealt the other."""
    for side in (0, 1):
        before, after = start.bodies[1 - side], turn.hp[1 - side]
        cell.damage[side] += p * (
            (before.muscle - after.muscle) + (before.head - after.head) + (before.body - after.body)
        )
        if after.head < before.head:
            cell.head[side] += p
        if after.body < before.body:
            cell.body[side] += p
        if before.head > 0 and before.body > 0 and (after.head <= 0 or after.body <= 0):
            cell.ko[side] += p
        result = turn.result
        if result is not None and result.method == "submission" and result.winner == turn.name(side):
            cell.tap[side] += p


def _signature(clash: Clash, striker: int | None, hit: Blow | None, rolls: Rolls) -> tuple:
    """What the rest of the turn reads of a roll: its reading, whose move goes through, how it hits
    and its double 6s (a ground rung, a hold locked in). Sums alike in these play out alike."""
    d6 = rolls[striker].d6 if striker is not None else None
    return clash.word, clash.by, striker, hit, d6


def walk(start: CmState, inputs: tuple[Any, ...], p: float, cell: Cell) -> None:
    """Play the turn over ``inputs`` and on to its end, adding each way's figures to ``cell``."""
    turn = Turn(evolve(start, inputs=inputs)).run()
    cell.replays += 1
    need = turn.need
    if turn.done or turn.result is not None:
        _leaf(start, turn, p, cell)
        return
    if isinstance(need, ChoicePrompt):
        if need.advised is None:  # a combo offer: the players' own choice, not followed
            cell.stopped += p
            _leaf(start, turn, p, cell)
            return
        walk(start, inputs + (need.advised,), p, cell)
        return
    groups: dict[tuple, tuple[float, Rolls]] = {}
    for q, rolls, clash, striker, hit in outcomes(turn):
        sig = _signature(clash, striker, hit, rolls)
        held = groups.get(sig)
        groups[sig] = (held[0] + q, held[1]) if held else (q, rolls)
    rolling = turn.rolling
    for q, rolls in groups.values():
        new = tuple(rolls[side].faces for side in rolling.sides[len(rolling.got) :])
        walk(start, inputs + new, p * q, cell)


def cell_of(start: CmState, red: str, blue: str) -> Cell:
    """The turn from ``start`` (a turn's first state) with these picks and no extra focus."""
    cell = Cell()
    walk(start, ((Pick(red), Pick(blue)),), 1.0, cell)
    return cell


@dataclass
class Pad:
    """The whole pad of a turn: each corner's allowed moves and every pair's :class:`Cell`."""

    moves: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]
    """Each corner's moves the pad allows: (key, name)."""
    cells: dict[tuple[str, str], Cell]
    replays: int = 0
    shown: dict[tuple, Any] = field(default_factory=dict)
    """Its detail sections as last shown, by the moves done and the names (the same all turn)."""

    def average(self, side: int, key: str) -> tuple[float, float, float, float, float]:
        """``side``'s move ``key``: its damage and its head, body, knockout and tap chances,
        averaged over the other's replies."""
        cells = [self.cells[(key, k) if side == 0 else (k, key)] for k, _ in self.moves[1 - side]]
        return tuple(
            sum(getattr(c, what)[side] for c in cells) / len(cells)  # type: ignore[return-value]
            for what in ("damage", "head", "body", "ko", "tap")
        )


def turn_start(state: CmState) -> CmState:
    """The turn's first state: its answers dropped."""
    return evolve(state, inputs=(), shown=0)


def pad_of(state: CmState) -> Pad:
    """Every pair the turn's pads allow, walked (a few hundred replays: :class:`Pads` keeps it)."""
    start = turn_start(state)
    secret = Turn(start).run().need
    assert isinstance(secret, SecretPrompt)
    moves = tuple(tuple((o.key, o.name) for o in side.options if o.allowed) for side in secret.sides)
    cells = {(r, b): cell_of(start, r, b) for r, _ in moves[0] for b, _ in moves[1]}
    return Pad(moves, cells, sum(c.replays for c in cells.values()))  # type: ignore[arg-type]


class Pads:
    """Each turn's :class:`Pad`, worked out in the background and kept (:class:`Background`: one
    thread, only the latest turn asked for, the last few turns kept for undo). Asked for at the
    secret choice, whatever anyone picks, so it is usually ready by the reveal; never shown before
    it. A pad that cannot be worked out is left out, not retried.

    Args:
        keep: how many turns' pads to keep.
    """

    def __init__(self, keep: int = 4) -> None:
        self.background = Background(keep, latest=True, name="cage match pad")

    @staticmethod
    def key(state: CmState) -> tuple:
        """What a turn's pad depends on: the sheets and the card (the very objects: the same for a
        whole fight), the options, the turn's numbers and position."""
        return (
            Same(state.sheets),
            Same(state.rules),
            state.options,
            state.turn,
            state.bodies,
            state.position,
            state.dominant,
        )

    def peek(self, state: CmState) -> Pad | None:
        """The turn's pad if it is ready, else None (nothing started)."""
        return self.background.peek(self.key(state))

    def ready(self, state: CmState) -> bool:
        """Whether the turn's pad has been worked out (a pad that failed counts: nothing to wait for)."""
        return self.background.ready(self.key(state))

    def want(self, state: CmState) -> None:
        """Work the turn's pad out in the background, unless it is ready (a turn asked for
        before it and not yet begun is dropped)."""
        self.background.start(self.key(state), lambda: pad_of(state))

    def get(self, state: CmState) -> Pad | None:
        """The turn's pad, worked out here if it is not ready (the command line, the tests)."""
        pad: Pad | None = self.background.get(self.key(state), lambda: pad_of(state))
        return pad

    def clear(self) -> None:
        """Forget every pad (the benchmark's cold case)."""
        self.background.clear()


PADS = Pads()


def _figures(head: float, body: float, ko: float, tap: float) -> str:
    """The chances a pad line names: the head and the body nerves hurt, and a knockout and a tap
    where there is a chance of one."""
    text = f"head {shown(head)} · body {shown(body)}"
    text += f" · KO {shown(ko)}" if ko else ""
    return text + (f" · tap {shown(tap)}" if tap else "")


def pad_sections(turn: Turn, pad: Pad) -> tuple[tuple[str, tuple[Line, ...]], ...]:
    """The pad in the detail view: each corner's moves averaged over the other's replies (equal
    weight), then the move each did this turn against each reply. Each line: the damage it deals
    to expect this turn, and the chances it hurts the head and the body nerves."""
    done = [turn.moves[side].key for side in (0, 1)]
    key = (*done, turn.name(0), turn.name(1))
    if key not in pad.shown:
        pad.shown[key] = _pad_sections(turn, pad, done)
    return pad.shown[key]


def _pad_sections(turn: Turn, pad: Pad, done: list[str]) -> tuple[tuple[str, tuple[Line, ...]], ...]:
    out = []
    for side in (0, 1):
        other = 1 - side
        rows = []
        for key, name in pad.moves[side]:
            damage, head, body, ko, tap = pad.average(side, key)
            mark = " (picked)" if key == done[side] else ""
            rows.append(
                _line(f"pad:{side}:{key}", f"{name}{mark}: {_figures(head, body, ko, tap)}", damage, "expected", side)
            )
        out.append((f"{turn.name(side)}'s moves, on average over {turn.name(other)}'s replies", tuple(rows)))
    for side in (0, 1):
        other = 1 - side
        if done[side] not in dict(pad.moves[side]):
            continue  # a move the pad did not offer (the default of one it could not do)
        rows = []
        for key, name in pad.moves[other]:
            cell = pad.cells[(done[side], key) if side == 0 else (key, done[side])]
            mark = " (picked)" if key == done[other] else ""
            figures = _figures(cell.head[side], cell.body[side], cell.ko[side], cell.tap[side])
            rows.append(_line(f"cell:{side}:{key}", f"v {name}{mark}: {figures}", cell.damage[side], "expected", side))
        out.append((f"{turn.name(side)}'s {turn.moves[side].name.lower()} against each reply", tuple(rows)))
    return tuple(out)


PAD_BASIS = (
    "the pad: each pair of moves with no extra focus, equal weight for each reply, played to the turn's "
    "end with the advised follow-ups and take-downs (a combo offer stops it)"
)


def odds(ruleset: Any, state: CmState, *, wait: bool = False) -> Odds | None:
    """The odds at ``state``'s prompt: None at the secret choice (the pad is worked out meanwhile,
    and shown only after the reveal), at a choice and once the fight is over.

    Args:
        ruleset: the Cage Match ruleset (its live turn).
        state: the fight as it stands.
        wait: work the pad out here if it is not ready (the command line, tests), instead of in
            the background, showing the roll's odds alone meanwhile.
    """
    if state.result is not None:
        return None
    turn = ruleset.live(state)
    if isinstance(turn.need, SecretPrompt):
        PADS.want(state)
        return None
    ex = exchange(turn)
    if ex is None:
        return None
    lines, sections = roll_lines(turn, ex)
    pad = PADS.get(state) if wait else PADS.peek(state)
    waiting = not wait and not PADS.ready(state)
    if waiting:
        PADS.want(state)
    if pad is not None:
        sections += pad_sections(turn, pad)
    basis = "exact: 2d6 read by its sum; " + PAD_BASIS
    need = turn.need
    return Odds(f"{need.who}: {need.reason}", lines, sections, basis=basis, pending=("the pad",) if waiting else ())
