"""Simultaneous Combat for Fudge: what a scene is made of.

The rules' words and numbers (wound boxes, actions, maneuvers, the GM's words), the options,
the sheets compiled against the tables, the state kept between rounds, the answers only a GM
types, a combatant's numbers as a round changes them, and the words a roll is logged in. The
round's phases (``rulesets/fudge/round.py`` and the modules built on it) and the ruleset
(``rulesets/fudge/ruleset.py``) read these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property, lru_cache
from typing import Any, NamedTuple, cast

from companion.dice import FUDGE, Dice
from companion.replay import GmModifiers, SceneState
from companion.ruleset import Choice, GameOptions, option
from companion.rulesets.fudge.rules import LADDER, POOR, ladder_name, ladder_show
from companion.rulesets.fudge.tables import RANGED, Armor, Tables, Weapon

BOXES = ("scratch", "hurt", "very_hurt", "incapacitated", "near_death")
"""The wound boxes, least first (FU-4); ``none`` is no wound."""
WOUND_WORDS = {
    "none": "no wound",
    "scratch": "Scratch",
    "hurt": "Hurt",
    "very_hurt": "Very Hurt",
    "incapacitated": "Incapacitated",
    "near_death": "Near Death",
}
_WORST_FIRST = tuple(range(len(BOXES) - 1, -1, -1))
"""The wound levels, worst first (:meth:`Live.worst` reads them so)."""
STATUS_WORDS = {"incapacitated": "incapacitated", "near_death": "near death"}
MARK_WORDS = {0: "free", 1: "felt", 2: "shrugged"}
"""A wound box: free, marked and felt, or marked but shrugged off by a Health roll (till the scene ends, FU-6)."""
STALLED = "No hit can wound any more (no weapon in use reaches a wound past the armor): end ends the scene"
ROUND_SECONDS = 3
"""A combat round is about 3 seconds (text: "one full turn (approximately 3 seconds)"); fight_time [D]."""
MAX_GANG = 4
"""No more than 4 attackers of equal size gang up on one defender in melee (FU-2)."""
MAX_CLIP_TARGETS = 4
"""Empty the Clip at up to 4 close targets [D: the design's limit; the text says "etc."]."""

ATTACKS = (
    "attack",
    "all-out-attack",
    "empty-the-clip",
    "hit-location",
    "suicidal-aggression",
    "three-round-burst",
    "wild-swing",
)
"""Actions that attack; the others (aim, all-out-defense, defend, reload) roll only if attacked."""
ACTION_WORDS = {
    "attack": "attack",
    "aim": "aim",
    "all-out-attack": "all-out attack",
    "all-out-defense": "all-out defense",
    "empty-the-clip": "empty the clip",
    "hit-location": "hit location",
    "suicidal-aggression": "suicidal aggression",
    "three-round-burst": "three-round burst",
    "wild-swing": "wild swing",
    "defend": "defend",
    "reload": "reload",
}
ACTION_WHY = {
    "attack": "a combat roll against the target's combat roll (melee) or dodge (ranged)",
    "aim": "no attack now; +1 to hit the same target next turn and after (text: Aim)",
    "all-out-attack": "+1 to hit and damage, -2 to everything next turn",
    "all-out-defense": "+1 to the combat roll or dodge; no damage dealt",
    "empty-the-clip": "+1 to hit, +2 damage, -1 to both per target after the first; empties the gun",
    "hit-location": "aim for a hit location: its attack penalty and damage bonus",
    "suicidal-aggression": "hit on Poor (+PD) whatever the foe rolls; so can the foe",
    "three-round-burst": "+1 to hit and damage, 3 rounds",
    "wild-swing": "+1 to hit, -2 damage (weapon skill below Fair)",
    "defend": "no attack; rolls only if attacked in melee (best melee skill or Dodge, FU-11): a melee "
    "skill that beats the attacker hits back (FU-2)",
    "reload": "a turn spent reloading",
}
ACTION_CHOICES = {key: Choice(key, ACTION_WORDS[key], ACTION_WHY[key]) for key in ACTION_WORDS}
"""Each action as the action prompt offers it: the same every time it is offered (made once)."""
MANEUVERS = (
    "aim",
    "all-out-attack",
    "all-out-defense",
    "empty-the-clip",
    "hit-location",
    "suicidal-aggression",
    "three-round-burst",
    "wild-swing",
)
"""The text's maneuvers, each its own option (FU-9: ``all-out-attack`` is the option ``all_out_attack``)."""
END = Choice("end", "end", "the GM ends the scene here (no winner)")
"""Taken at any prompt of the scene, typed in full: the GM ends it (issue 17). Never an option of a
choice, where a start of it (``e``) would be taken for it."""
GM = Choice(
    "gm", "gm +N REASON", "a GM's situational modifier to this roll, with its reason, e.g. gm +1 uphill (FU-11)"
)
"""Taken at a roll that reads its total: a GM's modifier added to it, logged with its reason (FU-11)."""
END_AFTER = Choice("end", "end", "the scene is over: what is left are the rolls after it (seeing the elephant, FU-8)")
"""``end`` once the scene is over: refused, saying why."""
GM_NOT_HERE = Choice(
    "gm",
    "gm +N REASON",
    "a GM's modifier is added to a roll that reads its total (a combat roll, a dodge, a damage or a Health roll), "
    "not here",
)
"""``gm`` at a prompt that reads no total: refused, saying where it is taken."""
OTHER_GIFT = Choice("other", "other NAME", "a gift of the GM's own naming, e.g. other iron will")
GIFTS = {
    "combat-reflexes": "Combat Reflexes",
    "danger-sense": "Danger Sense",
    "hard-to-kill": "Hard to Kill",
    "high-pain-threshold": "High Pain Threshold",
    "rapid-healing": "Rapid Healing",
    "tough-hide": "Tough Hide",
    "ambidextrous": "Ambidextrous",
}
"""Gifts a GM may give a Veteran who improves (FU-8; the text names Combat Reflexes; the others are
Fudge gifts that touch combat [D]); any other may be named. Only the pain thresholds change a roll here."""
GM_MOST = 10
"""A GM's modifier is at most +/-10 (a typing slip beyond that is refused) [D]."""
GM_MODIFIERS = GmModifiers(GM_MOST, "gm +1 uphill, gm -2 in the dark")
"""A GM's situational modifier typed at a roll (``gm +1 uphill``, FU-11): added to that roll."""
read_gm = GM_MODIFIERS.read
PAIN = {
    None: {"hurt": -1, "very_hurt": -2},
    "high-pain-threshold": {"hurt": 0, "very_hurt": -1},
    "low-pain-threshold": {"hurt": -2, "very_hurt": -3},
}
"""Wound penalties (FU-4: Hurt -1, Very Hurt -2); the pain threshold gifts [R, design section 6.2]."""
RD_SHIFT: dict[str, int | None] = {"off": None, "rd-1": 1, "rd": 0, "rd-2": 2}
"""The attack RD bonus option: the bonus is RD less this (text: RD-1, RD or RD-2)."""
ATTACK_BONUS = {"all-out-attack": 1, "wild-swing": 1, "three-round-burst": 1, "empty-the-clip": 1}
"""The maneuvers' bonus to hit (text)."""
DAMAGE_BONUS = {"all-out-attack": 1, "three-round-burst": 1, "empty-the-clip": 2, "wild-swing": -2}
"""The maneuvers' damage modifier (text)."""
ROUNDS_DR = {"ap": -1, "sp": 2, "hp": 2}
"""What a gun's rounds do to the armor's DR (text: AP -1, SP and HP +2)."""
BULLET_RANK = {"pistol": 0, "smg": 1, "rifle": 2}
"""Kevlar's stopping dice lost against each bullet type (text: smg -1dF, rifle -2dF)."""
EXPERIENCE = ("green", "fair", "veteran")
EXPERIENCE_CAP = {"green": POOR, "fair": LADDER["Fair"]}
"""Combat experience: a Green fighter's skills are Poor, a Fair one's Fair, while in danger (text)."""
BRAWLING = ("brawl", "unarmed", "martial", "fist", "boxing", "wrestl")
"""Skill names read as unarmed melee skills for a defender holding no melee weapon [D]."""


@lru_cache(maxsize=8)  # a damage or stop roll asks for its dice each time: the same frozen dice
def fudge_dice(count: int) -> Dice:
    return Dice.of(*(FUDGE,) * count)


@lru_cache(maxsize=256)  # pure, and said of the same few names at every roll: worked out once a name
def possessive(name: str) -> str:
    """``Grak's``; a name ending in s takes the apostrophe alone: ``Nell Quickfingers'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def listed(words: list[str]) -> str:
    """``Scratch``, ``Scratch and Hurt``, ``Scratch, Hurt and Very Hurt``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


FOUR_DF = fudge_dice(4)


# --- options ------------------------------------------------------------------------------


_OFF_ON = (False, True)


@dataclass(frozen=True, slots=True)
class Options(GameOptions):
    health_rolls: bool = option(
        False,
        "Health rolls",
        _OFF_ON,
        "a Health roll after any wound worse than a Scratch; made, it is shrugged off till the scene ends",
    )
    armor_dr: bool = option(
        False, "Armor DR", _OFF_ON, "armor reduces the damage degree; kevlar's stopping dice; AP, SP and HP rounds"
    )
    armor_pd: bool = option(False, "Armor PD", _OFF_ON, "passive defence: the attack's RD must reach the armor's PD")
    strength_damage: bool = option(
        False,
        "Strength damage",
        _OFF_ON,
        "Strength adds to melee and thrown damage; a bow's or crossbow's own Strength to its damage",
    )
    scale: bool = option(
        False,
        "Scale modifiers",
        _OFF_ON,
        "attacker's scale minus defender's gives attack and damage modifiers (+10: -2 to hit, +5 damage)",
    )
    reloading: bool = option(False, "Reloading", _OFF_ON, "ammunition is counted; reloading takes turns")
    minimum_strength: bool = option(
        False,
        "Minimum Strength",
        _OFF_ON,
        "weapons too heavy cannot be used; firearms -1 to skill per Strength level short",
    )
    damage_dice: int = option(4, "Damage dice", (4, 3, 2, 1), "dF rolled for damage (4: the basic rule)")
    rd_bonus: str = option(
        "off",
        "Attack RD bonus",
        ("off", "rd-1", "rd", "rd-2"),
        "the attack's relative degree adds to damage: RD-1, RD or RD-2",
    )
    rd_penalty: bool = option(False, "RD penalty", _OFF_ON, "with the RD bonus: a negative bonus is applied too")
    combat_experience: bool = option(
        False,
        "Combat experience",
        _OFF_ON,
        "Green fighters' skills Poor, Fair ones' Fair while in danger; the improvement roll after the scene",
    )
    aim: bool = option(False, "Maneuver: aim", _OFF_ON, "a turn aiming: +1 to hit the same target next turn and on")
    all_out_attack: bool = option(
        False,
        "Maneuver: all-out attack",
        _OFF_ON,
        "melee, bows, automatic pistols: +1 to hit and damage, -2 to everything next turn",
    )
    all_out_defense: bool = option(
        False, "Maneuver: all-out defense", _OFF_ON, "+1 to defend or dodge; no damage dealt"
    )
    empty_the_clip: bool = option(
        False,
        "Maneuver: empty the clip",
        _OFF_ON,
        "fully automatic guns: +1 to hit, +2 damage, -1 to both per extra target",
    )
    hit_location: bool = option(
        False, "Maneuver: hit location", _OFF_ON, "aim for a location: its penalty to hit and its damage (vitals -3/+3)"
    )
    suicidal_aggression: bool = option(
        False, "Maneuver: suicidal aggression", _OFF_ON, "melee: each hits on Poor or better, whatever the other rolls"
    )
    three_round_burst: bool = option(
        False, "Maneuver: three-round burst", _OFF_ON, "fully automatic guns: +1 to hit and damage, three rounds"
    )
    wild_swing: bool = option(False, "Maneuver: wild swing", _OFF_ON, "melee, skill below Fair: +1 to hit, -2 damage")
    base_damage: int = option(0, "Modify base damage", (-2, -1, 0, 1, 2), "every weapon's base damage shifted")

    def allows(self, maneuver: str) -> bool:
        """Whether the maneuver ``maneuver`` (``all-out-attack``) is in play: its own option (FU-9)."""
        return bool(getattr(self, maneuver.replace("-", "_")))

    def offered(self) -> tuple[str, ...]:
        """The actions a declaration may offer, in the prompt's order: attack, each maneuver in play
        (FU-9), defend, reload (:func:`actions_offered`)."""
        return actions_offered(self)


OPTIONS = Options.specs()


@lru_cache(maxsize=64)
def actions_offered(options: Options) -> tuple[str, ...]:
    """:meth:`Options.offered`, worked out once for each set of options (a round asks at its start;
    the options are frozen, and a fight keeps its own)."""
    return ("attack", *[maneuver for maneuver in MANEUVERS if options.allows(maneuver)], "defend", "reload")


LEGACY_MANEUVERS = "maneuvers"
"""The one switch for every maneuver that fights saved before FU-9 carry in their options: read as
each maneuver's own option, so they fold as they were played."""


# --- the compiled sheets ------------------------------------------------------------------


@dataclass(frozen=True)
class Arm:
    """One weapon on a sheet, read against the tables.

    Frozen, as are its spec and entry: what is read from them is worked out once, on first
    asking, and kept on the arm (its ``__dict__``, not a field: equality and the fields are as
    before). A round asks them at every declaration and roll; a fight's arms last as long as the fight."""

    key: str
    """Its key in prompts: the table key (``-2`` added for a second of the same)."""
    spec: Weapon
    entry: Any
    """The sheet's weapon entry (skill, two_handed, strength, reloads, rounds)."""
    level: int
    """The wielder's skill with it (Poor when the sheet lacks the skill [D])."""

    @cached_property
    def name(self) -> str:
        return self.spec.name

    @cached_property
    def kind(self) -> str:
        kind: str = self.spec.kind
        return kind

    @cached_property
    def ranged(self) -> bool:
        return self.spec.kind in RANGED

    @cached_property
    def counted(self) -> bool:
        """Its shots are counted with ``reloading``: every ranged weapon (a thrown weapon's
        spare loads are the ones carried besides the one in hand)."""
        return self.ranged and self.spec.capacity is not None

    @cached_property
    def rounds(self) -> str:
        return getattr(self.entry, "rounds", None) or "standard"

    @cached_property
    def skill(self) -> str:
        skill: str = self.entry.skill
        return skill

    @cached_property
    def why(self) -> str:
        """What the weapon prompt says of it: ``Sword Great, BD 0`` (its loads are the round's)."""
        return f"{self.skill} {ladder_name(self.level)}, BD {self.spec.bd}"

    @cached_property
    def choice(self) -> Choice:
        """The weapon as the weapon prompt offers it when its loads are not counted."""
        return Choice(self.key, self.name, self.why, self.name)


@dataclass(frozen=True)
class Sheet:
    """A combatant's sheet compiled against the tables.

    Frozen, and its card a frozen model: what is read from it alone (his pain threshold, his
    melee skill and defence) is worked out once, on first asking, and kept on the sheet (its
    ``__dict__``, not a field: equality and the fields are as before). A round asks them at
    every prompt; a fight's sheets last as long as the fight."""

    card: Any
    side: int
    slug: str
    arms: tuple[Arm, ...]
    armor: Armor | None

    @cached_property
    def name(self) -> str:
        name: str = self.card.name
        return name

    @cached_property
    def gift(self) -> str | None:
        gifts = set(getattr(self.card, "gifts", None) or ())
        for gift in ("high-pain-threshold", "low-pain-threshold"):
            if gift in gifts:
                return gift
        return None

    @cached_property
    def awareness(self) -> tuple[str, tuple[Choice, Choice]]:
        """The prompt's reason and options when he is shot at: does he see it coming? Made once,
        on first asking, and kept on the frozen sheet (a round asks it at every shot)."""
        name = self.name
        return f"whether {name} is aware", (
            Choice("aware", f"{name} sees it coming", "a dodge: an opposed roll"),
            Choice("unaware", f"{name} does not know", "unopposed against Poor, no dodge"),
        )

    # --- what a fight works out once for him and keeps (each a dict by what it is made of) ---
    # on the frozen sheet, its ``__dict__``: a fight's sheets are its own, made at its start

    @cached_property
    def kept_prompts(self) -> dict[tuple[Any, ...], Any]:
        """His choice prompts (:meth:`RoundBase.choose_kept`)."""
        return {}

    @cached_property
    def kept_rolls(self) -> dict[tuple[Any, ...], Any]:
        """His roll prompts (:meth:`RoundBase.roll_kept`)."""
        return {}

    @cached_property
    def kept_lines(self) -> dict[tuple[int, tuple[int, ...]], tuple[Any, str]]:
        """His rolls' lines in the log, by the prompt's identity and the faces (:meth:`Rolls.roll4`)."""
        return {}

    @cached_property
    def kept_actions(self) -> dict[tuple[Any, ...], Any]:
        """What he can declare (:meth:`Declarations._can`)."""
        return {}

    @cached_property
    def kept_words(self) -> dict[tuple[Any, ...], tuple[Any, str]]:
        """His declarations in words, each with the tables they were said by (:meth:`Declarations.declared_words`)."""
        return {}

    @cached_property
    def kept_scenes(self) -> dict[int, tuple[Sheet, ...]]:
        """The scenes' sheets what he keeps was worked out among, by their ids (:meth:`RoundBase.scene_id`)."""
        return {}

    @cached_property
    def kept_whole(self) -> dict[tuple[Any, ...], tuple[Any, Any, Any]]:
        """His combat rolls, melee defences and dodges whole, by everything they read (:meth:`Rolls.whole_roll`)."""
        return {}

    @cached_property
    def kept_targets(self) -> dict[str, Choice]:
        """He as a target, by the words said of him (:meth:`as_target`)."""
        return {}

    def as_target(self, why: str) -> Choice:
        """He as a target prompt offers him, with ``why`` (``attacking you``): made once for each
        ``why`` and kept on the frozen sheet (its ``__dict__``, as :attr:`awareness`), for a target
        is offered at every declaration, in few different words."""
        kept = self.kept_targets
        choice = kept.get(why)
        if choice is None:
            choice = kept[why] = Choice(self.slug, self.name, why, self.name)
        return choice

    @cached_property
    def melee_weapons(self) -> tuple[int, ...]:
        """His melee weapons, by their place in :attr:`arms` (each declaration asks)."""
        return tuple(weapon for weapon, arm in enumerate(self.arms) if arm.kind == "melee")

    @property
    def hurt_boxes(self) -> int:
        return int(getattr(self.card, "hurt_boxes", 1) or 1)

    def skill(self, name: str) -> int:
        level: int = self.card.skills.get(name, POOR)
        return level

    def melee_skill(self) -> tuple[str, int] | None:
        """The best melee skill on the sheet: a melee weapon's skill or an unarmed one (the first
        listed on equal levels); None with neither."""
        return self._melee_skill

    @cached_property
    def _melee_skill(self) -> tuple[str, int] | None:
        best: tuple[str, int] | None = None
        names = [arm.skill for arm in self.arms if arm.kind == "melee"]
        names += [skill for skill in self.card.skills if any(word in skill.lower() for word in BRAWLING)]
        for skill in names:
            level = self.skill(skill)
            if best is None or level > best[1]:
                best = (skill, level)
        return best

    def defends_with_dodge(self) -> bool:
        """Whether his melee defence is his Dodge: higher than his best melee skill, or no melee
        skill at all (FU-11). [D] On a tie, the melee skill (the text's melee: one weapon skill
        against the other)."""
        return self._dodges

    @cached_property
    def _dodges(self) -> bool:
        best = self.melee_skill()
        dodge: int = self.card.dodge
        return best is None or dodge > best[1]

    def melee_defence(self) -> tuple[str, int]:
        """The skill a defender rolls in melee when he makes no melee attack: his best melee skill
        or his Dodge, whichever is higher (FU-11); a gunman with no melee skill defends with his
        Dodge, not at Poor."""
        return self._melee_defence

    @cached_property
    def _melee_defence(self) -> tuple[str, int]:
        best = self.melee_skill()
        if best is None or self.defends_with_dodge():
            return "Dodge", self.card.dodge
        return best


def arms_of(card: Any, tables: Tables) -> tuple[Arm, ...]:
    out: list[Arm] = []
    seen: dict[str, int] = {}
    for entry in card.weapons:
        seen[entry.weapon] = seen.get(entry.weapon, 0) + 1
        key = entry.weapon if seen[entry.weapon] == 1 else f"{entry.weapon}-{seen[entry.weapon]}"
        out.append(Arm(key, tables.weapon(entry.weapon), entry, card.skills.get(entry.skill, POOR)))
    return tuple(out)


# --- state --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fighter:
    """A combatant's numbers between rounds (made at every round's end: :meth:`made`)."""

    boxes: tuple[tuple[int, ...], ...]
    """Per wound level (:data:`BOXES`): 0 free, 1 marked, 2 marked but shrugged off by a Health roll."""
    dead: bool = False
    loaded: tuple[int | None, ...] = ()
    """Per weapon: shots loaded (None: not counted)."""
    spare: tuple[int | None, ...] = ()
    """Per weapon: spare loads (None: unlimited)."""
    reloading: tuple[int | None, ...] = ()
    """Per weapon: turns of reloading still to do, None when no reload is under way."""
    aim: tuple[int, int] | None = None
    """(weapon, target) aimed at: +1 to hit it (text: Aim)."""
    tired: bool = False
    """An all-out attack last round: -2 to everything this round (text)."""
    experience: str = "veteran"
    in_danger: bool = False
    """Was attacked or in a melee this scene (combat experience's improvement roll)."""
    fell: int = 0
    """The order in which he stopped being able (0: still able); the last to fall gives the result's detail."""
    foe: int | None = None
    """Whom he last attacked (the first of his targets): the advised target while still there [D]."""
    fought: bool = False
    """An opponent has fought back against him (attacked him, or met his attack with a roll): with
    combat experience, his cap holds from then to the scene's end (FU-8)."""
    gained: tuple[str, ...] = ()
    """Gifts the GM gave him after the scene (a Veteran who improved, FU-8)."""

    @classmethod
    def made(cls, *values: Any) -> Fighter:
        """``Fighter(*values)``, every field given in order, several times faster: every combatant's
        is made at every round's end, and a frozen dataclass's ``__init__`` sets each field through
        ``object.__setattr__``. Its ``__dict__`` is filled whole instead (no slots, for that), as
        :func:`companion.ruleset.evolve` copies a state's."""
        if len(values) != len(_FIGHTER_FIELDS):
            raise TypeError(f"a fighter is made of {len(_FIGHTER_FIELDS)} values, not {len(values)}")
        fighter = object.__new__(cls)
        fighter.__dict__.update(zip(_FIGHTER_FIELDS, values))
        return fighter


_FIGHTER_FIELDS = tuple(each.name for each in fields(Fighter))
_NEW = object.__new__
_SET = object.__setattr__  # a frozen dataclass refuses plain setattr


@dataclass(frozen=True)
class FudgeState(SceneState[Tables, Options, Fighter]):
    """Where a scene stands between rounds (the fields every scene has are :class:`SceneState`'s)."""

    sheets: tuple[Sheet, ...] = field(kw_only=True)
    """Each combatant's sheet compiled against the tables, in scene order."""
    stalled: bool = False
    """No hit can wound any more (issue 17): said once in the log, and by the status line."""
    after: tuple[str, ...] = ()
    """What the scene's end changed (FU-6's wounds in full, FU-8's experience and gifts), in words."""

    @property
    def cast(self) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
        """Each combatant's name, and his enemies (dead or alive, in scene order), read from the
        sheets once a scene: every round asks. Kept in the state's ``__dict__`` (not a field) with
        the sheets it was read from, so a state evolved from this one (which copies it) reads it
        again only if its sheets are others."""
        kept = self.__dict__.get("_cast")
        if kept is None or kept[0] is not self.sheets:
            names = tuple(sheet.name for sheet in self.sheets)
            others = tuple(
                tuple(enemy for enemy, them in enumerate(self.sheets) if them.side != sheet.side)
                for sheet in self.sheets
            )
            kept = self.__dict__["_cast"] = (
                self.sheets,
                names,
                others,
            )  # frozen: its dict written as cached_property does
        return kept[1], kept[2]


class Decl(NamedTuple):
    """A combatant's declaration for the round (a named tuple: one is made at every declaration,
    kept by the round alone, and a frozen dataclass is several times slower to make)."""

    action: str
    weapon: int | None = None
    targets: tuple[int, ...] = ()
    location: str | None = None
    unaware: tuple[int, ...] = ()
    """The targets of a ranged attack that do not know it is coming (unopposed, no dodge)."""


class Hit(NamedTuple):
    """A hit found by the resolution, for its damage (a named tuple, as :class:`Decl` is)."""

    attacker: int
    """Who hits (the one who rolls the damage)."""
    defender: int
    """Who is hit."""
    rd: int
    back: bool = False
    """A defender hitting back a melee attacker he beat (FU-2, FU-11), with :meth:`Round.back_arm`."""


@dataclass(frozen=True, slots=True)
class NamedGift:
    """``other iron will`` at the gift prompt: a gift of the GM's own naming (FU-8)."""

    key: str


class SceneEnded(Exception):
    """The GM ended the scene mid-round (raised out of :meth:`Round.take`)."""


@dataclass(slots=True)
class Live:
    """A combatant's numbers as the round's answers change them (slots: two are made every round,
    and read at every prompt)."""

    boxes: Sequence[Sequence[int]]
    """His fighter's own rows until the round marks a box (:meth:`mark`): copied into lists then, so
    that a round that wounds nobody (most) copies no boxes in and none out."""
    dead: bool
    loaded: list[int | None]
    spare: list[int | None]
    reloading: list[int | None]
    aim: tuple[int, int] | None
    tired: bool
    experience: str
    in_danger: bool
    fell: int
    foe: int | None
    fought: bool
    gained: tuple[str, ...]
    lost_aim: bool = False
    _worst: str | bool | None = field(default=False, init=False, repr=False, compare=False)
    """:meth:`worst` once read (False: not yet): asked at every prompt, roll and status, and changed
    only where a box is marked (:meth:`mark`, :meth:`feel_all`), which drop it."""

    @classmethod
    def of(cls, fighter: Fighter, counted: bool = True) -> Live:
        """His fighter's numbers, live. ``counted``: his loads are counted (``reloading``), and a
        round may change them: copied into lists. Without the option they are his fighter's own
        tuples, read and never written (the only writers, :meth:`RoundEnd.spend` and
        :meth:`RoundEnd.reload_turn`, run with it alone): made every round, not copied for nothing."""
        if counted:
            loaded, spare, reloading = list(fighter.loaded), list(fighter.spare), list(fighter.reloading)
        else:
            loaded, spare, reloading = cast(Any, fighter.loaded), cast(Any, fighter.spare), cast(Any, fighter.reloading)
        return cls(
            fighter.boxes,
            fighter.dead,
            loaded,
            spare,
            reloading,
            fighter.aim,
            fighter.tired,
            fighter.experience,
            fighter.in_danger,
            fighter.fell,
            fighter.foe,
            fighter.fought,
            fighter.gained,
        )

    def frozen(self) -> Fighter:
        """His numbers frozen for the state between rounds: every combatant's, at every round's end, so
        made as :meth:`Fighter.made` makes one (its ``__dict__`` filled whole), from the dict written
        out: no values zipped with the fields' names (each field is here, in order: a test checks)."""
        boxes = self.boxes
        fighter = _NEW(Fighter)
        _SET(
            fighter,
            "__dict__",
            {
                "boxes": boxes if isinstance(boxes, tuple) else tuple([tuple(row) for row in boxes]),
                "dead": self.dead,
                "loaded": tuple(self.loaded),
                "spare": tuple(self.spare),
                "reloading": tuple(self.reloading),
                "aim": self.aim,
                "tired": self.tired,
                "experience": self.experience,
                "in_danger": self.in_danger,
                "fell": self.fell,
                "foe": self.foe,
                "fought": self.fought,
                "gained": self.gained,
            },
        )
        return fighter

    def mark(self, level: int, mark: int) -> None:
        """Mark the first free box of wound level ``level`` (:data:`BOXES`): 1 felt, 2 shrugged off.
        The boxes change here and in :meth:`feel_all` alone."""
        if isinstance(self.boxes, tuple):  # his fighter's own rows till now: copied at the round's first mark
            self.boxes = [list(row) for row in self.boxes]
        row = cast(list[int], self.boxes[level])
        row[row.index(0)] = mark
        self._worst = False

    def feel_all(self) -> None:
        """Every box shrugged off felt in full (FU-6)."""
        self.boxes = [[1 if mark else 0 for mark in row] for row in self.boxes]
        self._worst = False

    def worst(self) -> str | None:
        """The worst wound box marked and felt (not one shrugged off)."""
        found = self._worst
        if found is False:
            # a plain loop, no generator: read for every combatant at every round's start (who is able)
            found = None
            boxes = self.boxes
            for level in _WORST_FIRST:
                if 1 in boxes[level]:
                    found = BOXES[level]
                    break
            self._worst = found
        return found  # type: ignore[return-value]

    @property
    def able(self) -> bool:
        """Not Incapacitated, Near Death or dead by a wound not shrugged off (FU-4)."""
        return not self.dead and self.worst() not in ("incapacitated", "near_death")

    @property
    def status(self) -> str:
        if self.dead:
            return "dead"
        return STATUS_WORDS.get(self.worst() or "", "fighting")


# --- words --------------------------------------------------------------------------------


_FACE_WORDS = {1: "+", -1: "-", 0: "0"}
"""A Fudge die's face as the log writes it."""


@lru_cache(maxsize=256)  # pure: the 81 throws of 4dF, each logged in words at every roll
def faces_words(faces: tuple[int, ...]) -> str:
    return " ".join([_FACE_WORDS[face] for face in faces])


def sum_words(
    parts: list[tuple[str, int]] | tuple[tuple[str, int], ...], faces: tuple[int, ...], *, level: bool = True
) -> str:
    """``Great (+2) - 1 (Hurt) + 1``: the first part as a ladder level (``level``) or as
    ``BD 0``, then the modifiers, then the dice."""
    return _sum_words(tuple(parts), sum(faces), level)


@lru_cache(maxsize=1024)  # pure, and said of a fighter's same few modifiers at every roll: worked out once
def _sum_words(parts: tuple[tuple[str, int], ...], dice: int, level: bool) -> str:
    dice_words = f"{'-' if dice < 0 else '+'} {abs(dice)} (dice)"
    if not parts:
        return dice_words
    (label, value), rest = parts[0], parts[1:]
    text = ladder_show(value) if level else f"{label} {value}"
    for name, modifier in rest:
        text += f" {'-' if modifier < 0 else '+'} {abs(modifier)} ({name})"
    return f"{text} {dice_words}"
