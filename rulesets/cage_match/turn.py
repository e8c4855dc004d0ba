"""Cage Match!: what every phase of a turn stands on (the fight's state is ``state.py``'s).

The answers (``end`` at any prompt, ruling CM-12), and :class:`TurnBase`: a turn's numbers
as its answers change them and the plumbing every phase uses. The phases build on it, each a
subclass of the one before, in the order a turn plays them (CM-5):

- ``reveal.Reveal``: both choose in secret; the reveal, each pick read (a move that
  cannot be done gives the default, CMD-2; focus spent, CM-4) and the outcome the Fight Card
  gives the two moves;
- ``rolls.RollOffs``: the dice, an attack roll or a roll-off, with every modifier;
- ``damage.Damage``: a hit read on the attack dice table, to the muscles or the
  move's head or body nerves (CM-2, CM-3, CM-11);
- ``positions.Positions``: what a move that lands does: the position changes, a
  shoot's take-down, a submission's hold;
- ``outcomes.Outcomes``: each outcome of the results table, as the text's steps;
- ``record.Record``: focus gained and drained (CM-4, CMD-15), knockouts (CM-1);
- ``combos.Combos``: Combine: the combo's stages (CMD-12, CMD-13);

and ``ruleset.Turn`` plays them, or ends the fight where the table says so. A chain, not
mixins side by side: each phase calls only what it or an earlier one defines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.dice import Refused
from companion.reader import Said
from companion.replay import ReplayRound
from companion.ruleset import (
    Choice,
    ChoicePrompt,
    Pick,
    Prompt,
    Result,
    SecretPrompt,
)
from companion.rulesets.cage_match.cards import Bonus
from companion.rulesets.cage_match.rules import Roll, Rolling
from companion.rulesets.cage_match.state import CmState, Hp
from companion.rulesets.cage_match.tables import CardTables, Cell, Move

AUTOMATIC_V_FOCUS = ("takedown", "collar_tie")
"""The position moves the text makes an automatic success against Focus (no rolls; CMD-15: a
taunter too): "Trip/Take-Down/Collar Tie"."""


END = SecretPrompt.END
"""Typed at any prompt: the table ends the fight there (ruling CM-12)."""


class TableEnds(Exception):
    """``end`` was answered: the turn stops where it is and the fight ends (ruling CM-12)."""


ENDS = Choice(END, END, "the table ends the fight here (ruling CM-12)")
"""Declared by every prompt of a turn (its ``also``): the reader and the dice tray know it."""


# --- a turn's numbers and plumbing -------------------------------------------------


class TurnBase(ReplayRound):
    """A turn's numbers as its answers change them, and the plumbing its phases share (the
    phases are its subclasses; ``cage_match.Turn`` plays them).

    ``run()`` stops at the first answer still missing (``need``) or at the
    turn's end (``done``); the log, the numbers and the position are as far as
    the answers go.
    """

    # what a turn starts from and most turns keep, said once here rather than set at every turn's
    # start (a turn is about three answers, so its start is a third of an answer's cost)
    result: Result | None = None
    cell: Cell | None = None
    reading: tuple[int, Roll | None] | None = None
    """The defender's muscle rating and the latest attack roll, for the reference."""
    _rolling: Rolling | tuple[Any, ...] | None = None

    def __init__(self, state: CmState) -> None:
        rules = state.rules
        sheets = state.sheets
        self.st = state
        self.tables = rules.tables
        self.rules = rules
        self.sheets = sheets
        self.names = (sheets[0].card.name, sheets[1].card.name)
        self.taken: list[Any] = []
        """The answers read so far this turn."""
        self.log: list[str] = []
        red, blue = state.bodies
        self.hp = [Hp(*red), Hp(*blue)]
        self.position = state.position
        self.rule = rule = rules.tables.positions[state.position]
        """The POSITION table's row of :attr:`position` (kept with it: ``positions.move_to``)."""
        self.dominant = state.dominant
        self.roles = self.roles_now()
        self.moves: list[Move] = []
        self.picks: list[Pick] = []
        self.pad = rule.pad
        self.pen = [self.penalty(0), self.penalty(1)]
        self.damaged = [False, False]
        self.full = [False, False]
        """Whether each fighter dealt a full-damage hit this turn (Combine)."""
        self.focus_dealt = [False, False]
        """Whether each fighter's focus on damage has gone with a hit this turn (CM-4: dealt once)."""
        self.landed_full: list[Move | None] = [None, None]
        self.combo_from: list[Move | None] = [None, None]
        self.followups: list[list[Move]] = [[], []]

    # --- plumbing -------------------------------------------------------------------------

    @property
    def rolling(self) -> Rolling | None:
        """The roll being asked for and how it will be read, for the odds; None at a choice."""
        said = self._rolling
        if said is not None and not isinstance(said, Rolling):
            # made only when asked for: a turn gone through again asks for none of the rolls it passes
            said = self._rolling = Rolling(*said)
        return said

    def will_roll(self, *said: Any) -> None:
        """The roll about to be asked for, said as :class:`Rolling` takes it (made when asked for)."""
        self._rolling = said

    def value(self, prompt: Prompt, reading: Any) -> Any:
        """A typed answer as the one reader read it (:func:`companion.reader.read`): ``end`` at any
        prompt (CM-12), both picks at the secret choice, a choice's key, the faces."""
        if isinstance(reading, Said):
            return END
        if isinstance(prompt, SecretPrompt) and (reading[0] is None or reading[1] is None):
            raise Refused("name a move for both corners (the app picks for a corner given as 'roll')")
        return ReplayRound.value(self, prompt, reading)

    def name(self, side: int) -> str:
        return self.names[side]

    @property
    def t(self) -> CardTables:
        """The card's tables by their old name, for ``benchmarks/cage_match_balance.py``."""
        return self.tables

    @property
    def label(self) -> str:
        return self.rule.label

    def role(self, side: int) -> str:
        """``even``, or ``dominant``/``submissive`` where the position has sides."""
        return self.roles[side]

    def roles_now(self) -> tuple[str, str]:
        """Each corner's :meth:`role` in the position as it stands: worked out where the position
        changes (the turn's start, ``positions.move_to``), not each of the many times it is read."""
        if self.rule.sides == "even":
            return ("even", "even")
        if self.dominant is None:  # sides but nobody on top: each reads the dominant side's row
            return ("dominant", "dominant")
        return ("dominant", "submissive") if self.dominant == 0 else ("submissive", "dominant")

    def penalty(self, side: int) -> int:
        """CM-3: muscles or body nerves below 30, -1; both, -2."""
        hp, penalties = self.hp[side], self.tables.penalties
        below = penalties.below
        if hp.muscle >= below and hp.body >= below:
            return 0  # most of a fight: asked four times a turn, so said first
        return penalties.both if hp.muscle < below and hp.body < below else penalties.one

    def bonuses(self, side: int, move_type: str | None = None) -> tuple[Bonus, ...]:
        """The sheet's bonuses in force for ``side`` now: in this position, on his side of it
        (issue 16: "+1 as holder" is not his when held), and for ``move_type`` if given."""
        role = self.roles[side]
        sheet = self.sheets[side]
        key = (self.position, role, move_type)
        found: tuple[Bonus, ...] | None = sheet.in_force.get(key)
        if found is None:  # the sheet's bonuses depend on nothing else a fight changes
            found = sheet.in_force[key] = tuple(
                bonus
                for bonus in sheet.card.bonuses
                if (not bonus.positions or self.position in bonus.positions)
                and (bonus.side is None or bonus.side == role)
                and (move_type is None or not bonus.types or move_type in bonus.types)
            )
        return found

    def down(self) -> bool:
        red, blue = self.hp
        return red.head <= 0 or red.body <= 0 or blue.head <= 0 or blue.body <= 0

    def take(self, prompt: Callable[[], Prompt]) -> Any:
        value = ReplayRound.take(self, prompt)
        if value == END:
            raise TableEnds
        return value

    def choose(self, side: int, reason: str, options: list[Choice], advised: str | None) -> str:
        self._rolling = None
        key: str = self.take(lambda: ChoicePrompt(self.name(side), side, reason, tuple(options), advised, (ENDS,)))
        return key
