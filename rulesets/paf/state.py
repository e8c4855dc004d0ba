"""Paul's Adventures In Fantasy: a scene's state and the words it is played in.

What every phase of the round (:mod:`rulesets.paf.ruleset`) reads: the options, the dice, each
being's card and place (:class:`Being`), its numbers between rounds (:class:`Fighter`) and
the mutable copy a round changes (:class:`_Live`), the state the ruleset keeps
(:class:`PafState`), and the words of its prompts and logs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from companion.dice import PERCENT, Dice, d, parse_roll
from companion.replay import SceneState
from companion.ruleset import GameOptions, option
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf.cards import PafCard
from companion.rulesets.paf.tables import Tables

ROUND_SECONDS = 10
"""PA-6: a melee round is 10 seconds."""
ACTIONS = (
    "attack",
    "shoot",
    "pummel",
    "grapple",
    "overbear",
    "break",
    "move",
    "wait",
    "help",
    "fix",
    "recover",
    "condition",
)
ACTION_WHY = {
    "attack": "a melee attack: percentile against AF + DF (PA-2)",
    "shoot": "shoot (sling, bow, crossbow) or throw a missile weapon (its rate of fire a round, range modifier)",
    "pummel": "non-lethal: PAF + PDF, 25% of the damage real (PA-7)",
    "grapple": "non-lethal: GOAF + GODF; a hit puts a hold on the target (PA-7)",
    "overbear": "non-lethal: GOAF + GODF, 50% of the damage real (PA-7)",
    "break": "held: a grapple roll; a category equal to or above the hold's breaks it (PA-7)",
    "move": "move instead of attacking (PA-6); lets go of a hold",
    "wait": "do nothing this round (braced against an overbear)",
    "help": "help a fallen friend below 0: he can heal (PA-5)",
    "fix": "roll dexterity or less on d20 to fix the slipped helm",
    "recover": "pick up the dropped weapon (no attack this round)",
    "condition": "the GM: a being is slowed or hastened (magic), or no longer; it holds until changed",
}
NON_LETHAL = {"pummel": "pummeling", "grapple": "grappling", "overbear": "overbear"}
"""An action and the table it reads."""


# --- options ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options(GameOptions):
    monster_death: int = option(
        ps.MONSTER_DEATH,
        "Monsters die at",
        (-10, -5, 0, -15, -20),
        "PA-5: the negative constant at which a monster dies (the text: arbitrarily -10)",
    )
    character_death: str = option(
        "constitution",
        "Characters die at",
        ("constitution", "-10"),
        "PA-5: minus their constitution (the author's use), or -10 like monsters",
        ("minus constitution", "-10, as monsters"),
    )
    hit_probability: int = option(
        4,
        "Hit probability point",
        (4, 1),
        'R-14: the percent of one point of the tables\' "hit probability -2" and "+3" '
        "(4: the text's conversion of other systems' pluses, +1 -> 4%; 1: read as percent)",
        ("4% a point", "1% a point"),
    )
    turn_rounds: int = option(
        1,
        "A turn is",
        (1, 6),
        'melee rounds in the tables\' "turn" (death in 2-12 turns, half speed for 1 turn)',
        ("1 round", "6 rounds"),
    )
    shield_row: str = option(
        "no_shield",
        "Shield destroyed rows",
        ("no_shield", "printed"),
        'R-13: edged critical 63 "shield destroyed (no effect if shielded)": no effect only '
        "without a shield, as row 64 and the blunt table read (no_shield), or as printed (it never acts)",
        ("no effect without a shield", "as printed: never acts"),
    )


OPTIONS = Options.specs()


# --- dice ------------------------------------------------------------------------


@lru_cache(maxsize=256)
def dice_of(dice: str) -> tuple[Dice, int]:
    """The dice to type for ``dice`` (its faces) and the number added to them (``1d6+1``).

    Cached: a damage roll asks it of its weapon's printed dice at every blow; the text is a str and
    the answer immutable (a frozen Dice, an int), and the tables print few dice (256 at most kept)."""
    return parse_roll(dice)


D6 = Dice.of(d(6))
D20 = Dice.of(d(20))
D_PERCENT = Dice.of(PERCENT)


def pct(roll: int) -> str:
    """A percentile roll as the dice show it: ``07``, ``45``, ``00`` for 100 (D-2)."""
    return "00" if roll == 100 else f"{roll:02d}"


def hits_words(low: int) -> str:
    """``45 or more hits``; ``no roll hits`` when the need is above 100 (PA-2: 00 is 100)."""
    return "no roll hits" if low > 100 else f"{low} or more hits"


def roll_target(low: int) -> int | None:
    """The lowest roll that hits, as a prompt shows it beside its words; None where no roll does (a
    new-user trial met "no roll hits ... (101)")."""
    return low if low <= 100 else None


# --- state ------------------------------------------------------------------------


@dataclass(frozen=True)
class Being:
    """A combatant's card and place in the scene (never changes)."""

    card: PafCard
    side: int
    slug: str
    weapon_keys: tuple[str, ...]
    """Each weapon's key in prompts (its name as a slug)."""
    numbers: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    """The card's derived numbers by (weapon, stats lost, monster death): a replay reads them often."""
    needs: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    """The rolls it needs against the others, the words of its attack rolls and what it pummels with,
    kept a fight (:meth:`rulesets.paf.numbers.LiveNumbers.roll_needed`,
    :meth:`rulesets.paf.attack.Attacks.attack_words`, :meth:`rulesets.paf.nonlethal.NonLethal.pummel_tool`)."""
    prompts: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    """The prompts it is asked (each with the callable that gives it), kept a fight by what they say (:meth:`rulesets.paf.round.RoundBase.roll`,
    :meth:`rulesets.paf.round.RoundBase.choose`): a prompt is immutable, and most come again round after
    round (its initiative, its actions, its attack on the same defender)."""

    # cached on the instance (a frozen dataclass over a frozen card: they never change); every prompt
    # and log line of a round asks the name

    @cached_property
    def name(self) -> str:
        return self.card.name

    @cached_property
    def character(self) -> bool:
        kind: str = self.card.kind  # the card's Literal reads as Any
        return kind == "character"


@dataclass(frozen=True)
class Fighter:
    """A being's numbers between rounds. Rounds are numbered from 1; ``*_until`` is the
    last round an effect lasts (0: none).

    Not a slots class: its fields are its ``__dict__``, which a round's live copy (:class:`_Live`)
    copies in one go at the round's start and a finished round's freezes back in one go (32 fields
    set one by one were most of a round's start and end)."""

    hp: int
    """Current hit points, temporary (non-lethal) damage included (PA-5, PA-7)."""
    max_hp: int
    dead_at: int
    temporary: tuple[tuple[int, int], ...] = ()
    """Non-lethal damage still to recover: (round taken, points), oldest first (PA-7)."""
    dead: bool = False
    stunned_until: int = 0
    """The last round it is stunned: "stunned N rounds" costs exactly N of its turns (PA-12)."""
    no_action_rounds: tuple[int, ...] = ()
    """The rounds in which it can do nothing ("no action next round": that round alone, PA-9)."""
    no_attack_rounds: tuple[int, ...] = ()
    """The rounds in which it cannot attack ("neither attacks next round": that round alone, PA-9)."""
    no_attacks: bool = False
    """Lasting: a broken or lost weapon arm (until healed, beyond the scene)."""
    no_attacks_why: str = ""
    """What took the attacks away, as the table's row says it (PA-12's end names it)."""
    penalty: int = 0
    """Lasting: the printed "hit probability -N" (R-14), in percent to the chance to miss."""
    slipped: str | None = None
    """Helm slipped (fumble 93-97): ``penalty`` (hit prob. -6) or ``no_attacks``, until fixed."""
    shield: bool = False
    shield_off_until: int = 0
    helm: str = "none"
    weapons: tuple[str, ...] = ()
    """Per card weapon: ``ready``, ``dropped`` (may be recovered) or ``gone``."""
    in_hand: int | None = None
    """The weapon last taken in hand (the card's first at the start): a two-handed one leaves the
    shield no defense while it is used (PA-10)."""
    ammo: tuple[int | None, ...] = ()
    next_shot: tuple[int, ...] = ()
    """Per weapon: the first round it may shoot again (heavy crossbow, R-4)."""
    stat_loss: tuple[tuple[str, int], ...] = ()
    injuries: tuple[str, ...] = ()
    movement: str = "normal"
    """``normal``, ``halved`` or ``none`` (lasting)."""
    halved_until: int = 0
    dying_at: int | None = None
    """The round at whose close it dies (death in N turns)."""
    dies_in_days: int | None = None
    exposed: int = 0
    """The fumbler's "opponents next attack is at +3", in percent off the next attack on it."""
    held_by: tuple[int, int] | None = None
    """(holder, category) of a grapple hold (PA-7)."""
    feet_held_by: tuple[int, ...] = ()
    """Who holds each held foot (overbear's "Grab Leg"; two at most) [D]."""
    last_action: str | None = None
    condition: str | None = None
    """``slowed`` or ``hastened`` (the GM's condition choice)."""
    fell: int = 0
    """The order in which it stopped being able (0: still able)."""
    helped: bool = False
    """Below 0 and helped (PA-5 "unable to heal without outside help"): it heals in the aftermath."""

    @property
    def feet_held(self) -> int:
        return len(self.feet_held_by)


class _Live:
    """A mutable copy of a :class:`Fighter` while a round is replayed."""

    # Fighter's fields, declared for the type checker only (copied from the Fighter's ``__dict__`` in __init__): a field
    # added to Fighter is added here too.
    hp: int
    max_hp: int
    dead_at: int
    temporary: tuple[tuple[int, int], ...]
    dead: bool
    stunned_until: int
    no_action_rounds: tuple[int, ...]
    no_attack_rounds: tuple[int, ...]
    no_attacks: bool
    no_attacks_why: str
    penalty: int
    slipped: str | None
    shield: bool
    shield_off_until: int
    helm: str
    weapons: tuple[str, ...]
    in_hand: int | None
    ammo: tuple[int | None, ...]
    next_shot: tuple[int, ...]
    stat_loss: tuple[tuple[str, int], ...]
    injuries: tuple[str, ...]
    movement: str
    halved_until: int
    dying_at: int | None
    dies_in_days: int | None
    exposed: int
    held_by: tuple[int, int] | None
    feet_held_by: tuple[int, ...]
    last_action: str | None
    condition: str | None
    fell: int
    helped: bool

    __slots__ = ("__dict__", "_was")
    # the fields in the __dict__, the Fighter copied in a slot of its own: the two dicts are compared as
    # they are at the round's end, without a copy made to take the Fighter out first

    def __init__(self, fighter: Fighter) -> None:
        self.__dict__ = fighter.__dict__.copy()  # the fields, as the frozen numbers have them, in one go
        self._was = fighter

    def frozen(self) -> Fighter:
        values, was = self.__dict__, self._was
        if values == was.__dict__:
            return was  # unchanged this round: the same numbers, already frozen (and immutable)
        values = values.copy()  # the live copy may go on changing; the frozen numbers never do
        # only a Fighter's fields are ever set on a live copy (copied from its dict, none ever deleted):
        # any other would be one more
        if len(values) != len(was.__dict__):
            raise AttributeError(f"a live copy's fields are a Fighter's: {sorted(values.keys() ^ was.__dict__.keys())}")
        # the changed numbers frozen as Fighter's __init__ would set them (a frozen dataclass refuses
        # setattr; companion.ruleset.evolve makes its copies so too)
        made: Fighter = object.__new__(Fighter)
        object.__setattr__(made, "__dict__", values)
        return made

    @property
    def temp_total(self) -> int:
        temporary = self.temporary
        return sum(points for _, points in temporary) if temporary else 0  # most beings have none

    @property
    def real_hp(self) -> int:
        """The hit points without the temporary damage, which comes back by itself (PA-7): what PA-5's
        "below 0" and "dead at" read."""
        temporary = self.temporary
        return self.hp + sum(points for _, points in temporary) if temporary else self.hp  # most have none

    @property
    def feet_held(self) -> int:
        return len(self.feet_held_by)

    @property
    def able(self) -> bool:
        """Conscious and alive (PA-5: at 0 hit points unconscious)."""
        return not self.dead and self.hp > 0


@dataclass(frozen=True)
class PafState(SceneState[Tables, Options, Fighter]):
    """Where a scene stands between rounds (the fields every scene has are :class:`SceneState`'s)."""

    beings: tuple[Being, ...] = field(kw_only=True)
    """Each being of the scene, in scene order."""
    healed: tuple[str, ...] = ()
    """The aftermath, in words (PA-5 healing)."""
