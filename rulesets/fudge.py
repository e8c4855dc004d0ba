"""Simultaneous Combat for Fudge: a scene of 2-16 combatants on two sides,
declarations, simultaneous 4dF combat rolls and dodges, damage rolls read on
the damage results, wound boxes.

Rules: ``shared/rules/source/fudge_simultaneous_combat.txt`` as settled by
rulings FU-1 to FU-11; the engine follows ``docs/fudge_design.md`` (sections 2,
5-8). What neither says is decided here, each decision marked [D] where built.
The tables (weapons' BD, armor, hit locations, scale, reload turns, the damage
results of FU-3) are data (``fudge.yaml``, checked by ``fudge_tables``).

A round: every able combatant declares (action, weapon, target(s), location,
whether a shot's target is aware) in scene order; then each rolls his combat
roll and/or his dodge (4dF, FU-1) in scene order, each prompt stating every
modifier of the roll (FU-10); then every attack is resolved at once (FU-2,
FU-7) and each hit gets its kevlar stop roll, damage roll and Health roll
(FU-3, FU-4) in the order found; then the round closes (aim, all-out attack's
penalty, ammunition, reloads). At any prompt the GM may end the scene
(``end``) and at a roll add a situational modifier with its reason
(``gm +1 uphill``, FU-11). When the scene ends, every wound shrugged off takes
full effect (FU-6) and the fighters see the elephant (FU-8). As Cage Match
does, the state keeps the answers given so far in the round and replays them
through :class:`Round`, which asks for the next answer where they run out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.clock import mmss
from companion.dice import FUDGE, Dice, Refused
from companion.replay import ReplayRound, SceneRuleset, read_answer, slug
from companion.ruleset import (
    SIDES,
    Answer,
    Choice,
    ChoicePrompt,
    GameOptions,
    Outcome,
    Prompt,
    Reference,
    Result,
    RollPrompt,
    Setup,
    evolve,
    option,
)
from companion.rulesets import fudge_tables as tables_mod
from companion.rulesets.fudge_cards import CardWeapon, FudgeCard, check_against
from companion.rulesets.fudge_ladder import LADDER, POOR, ladder_name, ladder_show
from companion.rulesets.fudge_tables import RANGED, Armor, Tables, Weapon

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
GM_MOD = re.compile(r"^gm\s*([+-]?\s*\d{1,2})(?:\s+(.*)|)$", re.IGNORECASE)
GM_MOST = 10
"""A GM's modifier is at most +/-10 (a typing slip beyond that is refused) [D]."""
PAIN = {
    None: {"hurt": -1, "very_hurt": -2},
    "high-pain-threshold": {"hurt": 0, "very_hurt": -1},
    "low-pain-threshold": {"hurt": -2, "very_hurt": -3},
}
"""Wound penalties (FU-4: Hurt -1, Very Hurt -2); the pain threshold gifts [R, design section 6.2]."""
RD_SHIFT: dict[str, int | None] = {"off": None, "rd-1": 1, "rd": 0, "rd-2": 2}
"""The attack RD bonus option: the bonus is RD less this (text: RD-1, RD or RD-2)."""
BULLET_RANK = {"pistol": 0, "smg": 1, "rifle": 2}
"""Kevlar's stopping dice lost against each bullet type (text: smg -1dF, rifle -2dF)."""
EXPERIENCE = ("green", "fair", "veteran")
EXPERIENCE_CAP = {"green": POOR, "fair": LADDER["Fair"]}
"""Combat experience: a Green fighter's skills are Poor, a Fair one's Fair, while in danger (text)."""
BRAWLING = ("brawl", "unarmed", "martial", "fist", "boxing", "wrestl")
"""Skill names read as unarmed melee skills for a defender holding no melee weapon [D]."""


def _fudge(n: int) -> Dice:
    return Dice.of(*(FUDGE,) * n)


def _poss(name: str) -> str:
    """``Grak's``; a name ending in s takes the apostrophe alone: ``Nell Quickfingers'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _and(words: list[str]) -> str:
    """``Scratch``, ``Scratch and Hurt``, ``Scratch, Hurt and Very Hurt``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


FOUR_DF = _fudge(4)


# --- options ------------------------------------------------------------------


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


OPTIONS = Options.specs()
LEGACY_MANEUVERS = "maneuvers"
"""The one switch for every maneuver that fights saved before FU-9 carry in their options: read as
each maneuver's own option, so they fold as they were played."""


# --- the compiled sheets -------------------------------------------------------


@dataclass(frozen=True)
class Arm:
    """One weapon on a sheet, read against the tables."""

    key: str
    """Its key in prompts: the table key (``-2`` added for a second of the same)."""
    spec: Weapon
    entry: Any
    """The sheet's weapon entry (skill, two_handed, strength, reloads, rounds)."""
    level: int
    """The wielder's skill with it (Poor when the sheet lacks the skill [D])."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def kind(self) -> str:
        kind: str = self.spec.kind
        return kind

    @property
    def ranged(self) -> bool:
        return self.spec.kind in RANGED

    @property
    def counted(self) -> bool:
        """Its shots are counted with ``reloading``: every ranged weapon (a thrown weapon's
        spare loads are the ones carried besides the one in hand)."""
        return self.ranged and self.spec.capacity is not None

    @property
    def rounds(self) -> str:
        return getattr(self.entry, "rounds", None) or "standard"

    @property
    def skill(self) -> str:
        skill: str = self.entry.skill
        return skill


@dataclass(frozen=True)
class Sheet:
    card: Any
    side: int
    slug: str
    arms: tuple[Arm, ...]
    armor: Armor | None

    @property
    def name(self) -> str:
        name: str = self.card.name
        return name

    @property
    def gift(self) -> str | None:
        gifts = set(getattr(self.card, "gifts", None) or ())
        for g in ("high-pain-threshold", "low-pain-threshold"):
            if g in gifts:
                return g
        return None

    @property
    def hurt_boxes(self) -> int:
        return int(getattr(self.card, "hurt_boxes", 1) or 1)

    def skill(self, name: str) -> int:
        level: int = self.card.skills.get(name, POOR)
        return level

    def melee_skill(self) -> tuple[str, int] | None:
        """The best melee skill on the sheet: a melee weapon's skill or an unarmed one (the first
        listed on equal levels); None with neither."""
        best: tuple[str, int] | None = None
        names = [a.skill for a in self.arms if a.kind == "melee"]
        names += [s for s in self.card.skills if any(w in s.lower() for w in BRAWLING)]
        for s in names:
            lv = self.skill(s)
            if best is None or lv > best[1]:
                best = (s, lv)
        return best

    def defends_with_dodge(self) -> bool:
        """Whether his melee defence is his Dodge: higher than his best melee skill, or no melee
        skill at all (FU-11). [D] On a tie, the melee skill (the text's melee: one weapon skill
        against the other)."""
        best = self.melee_skill()
        dodge: int = self.card.dodge
        return best is None or dodge > best[1]

    def melee_defence(self) -> tuple[str, int]:
        """The skill a defender rolls in melee when he makes no melee attack: his best melee skill
        or his Dodge, whichever is higher (FU-11); a gunman with no melee skill defends with his
        Dodge, not at Poor."""
        best = self.melee_skill()
        if best is None or self.defends_with_dodge():
            return "Dodge", self.card.dodge
        return best


def _arms(card: Any, tables: Tables) -> tuple[Arm, ...]:
    out: list[Arm] = []
    seen: dict[str, int] = {}
    for entry in card.weapons:
        seen[entry.weapon] = seen.get(entry.weapon, 0) + 1
        key = entry.weapon if seen[entry.weapon] == 1 else f"{entry.weapon}-{seen[entry.weapon]}"
        out.append(Arm(key, tables.weapon(entry.weapon), entry, card.skills.get(entry.skill, POOR)))
    return tuple(out)


# --- state --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fighter:
    """A combatant's numbers between rounds."""

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


@dataclass(frozen=True)
class FudgeState:
    tables: Tables
    sheets: tuple[Sheet, ...]
    options: Options
    fighters: tuple[Fighter, ...]
    round: int = 1
    inputs: tuple[Any, ...] = ()
    """This round's answers, read (faces, choice keys), or just typed (``Typed``)."""
    shown: int = 0
    """Log lines this round's answers have produced so far."""
    result: Result | None = None
    stalled: bool = False
    """No hit can wound any more (issue 17): said once in the log, and by the status line."""
    after: tuple[str, ...] = ()
    """What the scene's end changed (FU-6's wounds in full, FU-8's experience and gifts), in words."""


@dataclass(frozen=True, slots=True)
class Decl:
    """A combatant's declaration for the round."""

    action: str
    weapon: int | None = None
    targets: tuple[int, ...] = ()
    location: str | None = None
    unaware: tuple[int, ...] = ()
    """The targets of a ranged attack that do not know it is coming (unopposed, no dodge)."""


@dataclass(frozen=True, slots=True)
class Hit:
    attacker: int
    """Who hits (the one who rolls the damage)."""
    defender: int
    """Who is hit."""
    rd: int
    back: bool = False
    """A defender hitting back a melee attacker he beat (FU-2, FU-11), with :meth:`Round.back_arm`."""


@dataclass(frozen=True, slots=True)
class GmModifier:
    """A GM's situational modifier typed at a roll (``gm +1 uphill``, FU-11): added to that roll."""

    value: int
    reason: str


@dataclass(frozen=True, slots=True)
class EndScene:
    """``end`` typed at any prompt of the scene: the GM ends it there."""


@dataclass(frozen=True, slots=True)
class NamedGift:
    """``other iron will`` at the gift prompt: a gift of the GM's own naming (FU-8)."""

    key: str


class _Ended(Exception):
    """The GM ended the scene mid-round (raised out of :meth:`Round.take`)."""


def read_gm(text: str) -> GmModifier | None:
    """``gm +1 uphill`` read as a GM's modifier; None when ``text`` is not one.

    Raises:
        Refused: it begins with ``gm`` but does not say a modifier and its reason (D-5).
    """
    t = text.strip()
    if not t.lower().startswith("gm") or (len(t) > 2 and t[2].isalpha()):
        return None
    form = "a GM's modifier is gm, a number and its reason: gm +1 uphill, gm -2 in the dark"
    match = GM_MOD.match(t)
    if match is None:
        raise Refused(form)
    value = int(match[1].replace(" ", ""))
    reason = " ".join((match[2] or "").split())
    if not value or abs(value) > GM_MOST:
        raise Refused(f"{form} (from -{GM_MOST} to +{GM_MOST}, not 0)")
    if not reason:
        raise Refused(f"{form} (the reason is logged with it: say why)")
    return GmModifier(value, reason[:60])


@dataclass
class _Live:
    """A combatant's numbers as the round's answers change them."""

    boxes: list[list[int]]
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

    @classmethod
    def of(cls, f: Fighter) -> _Live:
        return cls(
            [list(b) for b in f.boxes],
            f.dead,
            list(f.loaded),
            list(f.spare),
            list(f.reloading),
            f.aim,
            f.tired,
            f.experience,
            f.in_danger,
            f.fell,
            f.foe,
            f.fought,
            f.gained,
        )

    def frozen(self) -> Fighter:
        return Fighter(
            tuple(tuple(b) for b in self.boxes),
            self.dead,
            tuple(self.loaded),
            tuple(self.spare),
            tuple(self.reloading),
            self.aim,
            self.tired,
            self.experience,
            self.in_danger,
            self.fell,
            self.foe,
            self.fought,
            self.gained,
        )

    def worst(self, *, shrugged: bool = False) -> str | None:
        """The worst wound box marked (``shrugged``: counting those shrugged off too)."""
        for i in range(len(BOXES) - 1, -1, -1):
            if any(m == 1 or (shrugged and m == 2) for m in self.boxes[i]):
                return BOXES[i]
        return None

    @property
    def able(self) -> bool:
        """Not Incapacitated, Near Death or dead by a wound not shrugged off (FU-4)."""
        return not self.dead and self.worst() not in ("incapacitated", "near_death")

    @property
    def status(self) -> str:
        if self.dead:
            return "dead"
        return STATUS_WORDS.get(self.worst() or "", "fighting")


# --- one round ---------------------------------------------------------------------


class Round(ReplayRound):
    """One round played from its start over the answers given so far.

    ``run()`` stops at the first answer still missing (``need``) or at the
    round's end (``done``); the log and the numbers are as far as the answers go.
    """

    def __init__(self, state: FudgeState) -> None:
        self.st = state
        self.t = state.tables
        self.o = state.options
        self.sheets = state.sheets
        self.n = len(state.sheets)
        self.i = 0
        self.taken: list[Any] = []
        self.log: list[str] = []
        self.f = [_Live.of(f) for f in state.fighters]
        self.able0 = [f.able for f in self.f]
        """Who could act when the round began: they declare and roll; the others are helpless targets."""
        self.decl: list[Decl | None] = [None] * self.n
        self.combat: dict[int, int] = {}
        """Each one's combat roll: his attack's, or (when he makes no attack) his melee defence."""
        self.guard: dict[int, int] = {}
        """The melee defence of one who attacks with a ranged weapon while attacked in melee: a roll of
        its own, his best melee skill or his Dodge (FU-11) [D]."""
        self.dodge: dict[int, int] = {}
        self.dodged: set[int] = set()
        self.gm: dict[tuple[Any, ...], list[tuple[str, int]]] = {}
        """The GM's modifiers typed at each roll (FU-11), by the roll: ("combat", x), ("dodge", x),
        ("damage", x, y), ("health", x, y)."""
        self.phase = "declarations"
        self.asking: str | None = None
        """What the current prompt is for (``location``, ``damage``), for the reference view."""
        self.last_degree: int | None = None
        self.tied: set[tuple[int, int]] = set()
        """(attacker, defender) exchanges that were ties this round."""
        self.rolling: tuple[int, str] | None = None
        """(who, ``combat``, ``guard`` or ``dodge``) of the last combat roll or dodge asked for (its odds, issue 8)."""
        self.hitting: Hit | None = None
        """The hit whose stop or damage roll was last asked for (its odds, issue 8)."""
        self.last_result: int | None = None
        self.ended = False
        self.in_scene = True
        """The scene is still on: ``end`` is taken at its prompts (not at the rolls after it, FU-8)."""
        self.after: list[str] = []
        """What the scene's end changed (FU-6's wounds, FU-8's experience), for the result panel."""
        self.result: Result | None = None
        self.unrolled: tuple[int, int, str] | None = None
        """(who, box level, wound) of a wound whose Health roll the GM's end cut off: it stands, felt
        when the scene ends (FU-6)."""
        self.need: Prompt | None = None
        self.done = False

    # --- plumbing -------------------------------------------------------------

    def take(self, prompt: Callable[[], Prompt]) -> Any:
        """The next answer (:meth:`ReplayRound.take`); the GM's ``end`` stops the round here."""
        value = super().take(prompt)
        if isinstance(value, EndScene):
            raise _Ended
        return value

    def read(self, prompt: Prompt, text: str) -> Any:
        """A typed answer read against its prompt: the GM's words first (``end``, ``gm +1 uphill``,
        a named gift), then a choice by its key or by the name it shows (``Grukk the Ogre``), or
        the faces (D-5: anything else is refused with what fits)."""
        also = {c.key for c in getattr(prompt, "also", ())}
        word = text.strip().lower()
        if word == "end" and "end" in also:
            return EndScene()
        if word == "end" and not self.in_scene:
            raise Refused("the scene is over: what is left are the rolls after it (seeing the elephant, FU-8)")
        gm = read_gm(text)
        if gm is not None:
            if "gm" not in also:
                raise Refused(
                    "a GM's modifier is added to a roll that reads its total (a combat roll, a dodge, "
                    "a damage or a Health roll), not here"
                )
            return gm
        if isinstance(prompt, ChoicePrompt):
            if "other" in also and word.split(maxsplit=1)[0:1] == ["other"] and prompt.find(word) is None:
                name = slug(word[len("other") :])
                if name == "x" or not word[len("other") :].strip():
                    raise Refused("name the gift after 'other': other iron will")
                return NamedGift(name[:30])
            choice = prompt.find(text) or prompt.find_shown(text)
            if choice is not None:
                return choice.key
            if any(o.shown for o in prompt.options):  # said as the list shows them: by name (issue 17)
                raise Refused(f"{prompt.reason}: choose one of " + ", ".join(o.shown or o.key for o in prompt.options))
        return read_answer(prompt, text)

    def also(self, *, roll: bool = False) -> tuple[Choice, ...]:
        """The GM's words a prompt of the scene takes besides its faces or options: ``end`` while
        the scene is on; ``gm`` at a roll that reads its total (FU-11)."""
        out = (END,) if self.in_scene else ()
        return out + ((GM,) if roll else ())

    def choose(self, x: int, reason: str, options: list[Choice], advised: str | None) -> str:
        also = self.also()
        key: str = self.take(
            lambda: ChoicePrompt(self.name(x), self.sheets[x].side, reason, tuple(options), advised, also)
        )
        return key

    def ask_roll(self, key: tuple[Any, ...], make: Callable[[], RollPrompt]) -> tuple[int, ...]:
        """The faces of a roll, after any GM's modifiers typed at it (FU-11): each is logged with its
        reason and the roll is asked again with it among its modifiers (FU-10). ``make`` builds the
        prompt with the GM's modifiers of ``key`` so far (:meth:`gm_parts`)."""
        while True:
            value = self.take(make)
            if not isinstance(value, GmModifier):
                faces: tuple[int, ...] = value
                return faces
            self.gm.setdefault(key, []).append((f"GM: {value.reason}", value.value))
            prompt = make()
            self.log.append(f"GM: {value.value:+d} to {_poss(prompt.who)} {prompt.reason} ({value.reason})")

    def gm_parts(self, *key: Any) -> list[tuple[str, int]]:
        return list(self.gm.get(key, []))

    def name(self, x: int) -> str:
        return self.sheets[x].name

    def enemies(self, x: int) -> list[int]:
        """The enemies that can be attacked: any not dead (design 6.1)."""
        return [y for y in range(self.n) if self.sheets[y].side != self.sheets[x].side and not self.f[y].dead]

    # --- the round ------------------------------------------------------------

    def play(self) -> None:
        try:
            self.declarations()
            if not self.ended:
                self.rolls()
                hits = self.resolve()
                self.phase = "damage"
                for hit in hits:
                    self.damage(hit)
                self.close()
        except _Ended:
            self.ended = True
            self.log.append(f"The GM ends the scene during the {self.phase}")
        fallen = None if self.ended else self.fallen_side()
        if self.ended or fallen is not None:
            self.finish(fallen)

    # --- 1. declarations (design 6.1) -------------------------------------------

    def declarations(self) -> None:
        for x in range(self.n):
            if not self.able0[x]:
                continue
            decl = self.declare(x)
            self.decl[x] = decl
            if decl.action in ATTACKS and decl.targets:
                self.f[x].foe = decl.targets[0]
            self.log.append(f"{self.name(x)}: {self.declared_words(x, decl)}")

    def declare(self, x: int) -> Decl:
        options = self.actions(x)
        keys = [c.key for c in options]
        # an empty bow advises its reload, not defending (issue 17)
        advised = next(k for k in ("attack", "reload", "defend") if k in keys)
        action = self.choose(x, "action" + self.crowded(x), options, advised)
        if action in ("defend", "all-out-defense"):
            return Decl(action)
        arms = self.fitting(x, action)
        w = arms[0] if len(arms) == 1 else self.pick_weapon(x, action, arms)
        if action == "reload":
            return Decl(action, w)
        arm = self.sheets[x].arms[w]
        first_target = self.pick_target(x, arm, action, "target", ())
        assert first_target is not None  # the action is offered only with a target to turn it on
        targets = [first_target]
        while action == "empty-the-clip" and len(targets) < MAX_CLIP_TARGETS:
            more = self.pick_target(x, arm, action, "another target", tuple(targets))
            if more is None:
                break
            targets.append(more)
        location = self.pick_location(x) if action == "hit-location" else None
        unaware: list[int] = []
        if arm.ranged and action != "aim":
            for y in targets:
                if self.able0[y] and self.pick_aware(x, y) == "unaware":
                    unaware.append(y)
        return Decl(action, w, tuple(targets), location, tuple(unaware))

    def actions(self, x: int) -> list[Choice]:
        """The actions ``x`` can take now: attack (if any weapon can), each maneuver whose option is
        on (FU-9) and that fits his weapons, defend, and reload (with ``reloading``)."""
        keys = ["attack"] + [m for m in MANEUVERS if self.o.allows(m)] + ["defend", "reload"]
        out = []
        for key in keys:
            if key in ("defend", "all-out-defense") or self.fitting(x, key):
                out.append(Choice(key, ACTION_WORDS[key], ACTION_WHY[key]))
        return out

    def crowded(self, x: int) -> str:
        """Why no melee attack is offered when every foe in reach already has the most melee
        attackers (FU-2: no more than 4), said with the action's reason; else nothing."""
        sheet = self.sheets[x]
        melee = [w for w, a in enumerate(sheet.arms) if a.kind == "melee" and self.usable(x, w)]
        foes = self.enemies(x)
        if not melee or not foes or self.targets(x, sheet.arms[melee[0]]):
            return ""
        full = [self.name(y) for y in foes if len(self.melee_attackers(y)) >= MAX_GANG]
        verb = "has" if len(full) == 1 else "have"
        return f" (no melee attack: {_and(full)} already {verb} {MAX_GANG} melee attackers, the most: FU-2)"

    def fitting(self, x: int, action: str) -> list[int]:
        """The weapons of ``x`` that can do ``action`` now (with a target where it needs one)."""
        sheet = self.sheets[x]
        out = []
        for w, arm in enumerate(sheet.arms):
            if action == "reload":
                if self.can_reload(x, w):
                    out.append(w)
                continue
            if not self.usable(x, w) or not self.fits(x, arm, action, w) or not self.targets(x, arm):
                continue
            out.append(w)
        return out

    def fits(self, x: int, arm: Arm, action: str, w: int) -> bool:
        """Whether the maneuver can be done with ``arm`` (text: each maneuver's own limits)."""
        spec = arm.spec
        loaded = self.f[x].loaded[w] if self.o.reloading and arm.counted else None
        if action in ("attack", "hit-location"):
            return True
        if action == "aim":
            return arm.ranged
        if action == "all-out-attack":
            if spec.automatic_pistol:
                return loaded is None or loaded >= 3
            return arm.kind in ("melee", "bow")
        if action == "empty-the-clip":
            return spec.fire == "auto"
        if action == "three-round-burst":
            return spec.fire in ("auto", "auto-cutoff") and (loaded is None or loaded >= 3)  # [D] needs 3 loaded
        if action == "suicidal-aggression":
            return arm.kind == "melee"
        if action == "wild-swing":
            return arm.kind == "melee" and arm.level < LADDER["Fair"]  # the sheet's skill, before any cap [D]
        return False

    def usable(self, x: int, w: int) -> bool:
        """Loaded (``reloading``) and not too heavy (``minimum_strength``: melee and thrown
        weapons by the wielder's Strength, +1 two-handed; bows by the bow's Strength)."""
        arm = self.sheets[x].arms[w]
        if self.o.reloading and arm.counted and (self.f[x].loaded[w] or 0) < 1:
            return False
        return self.strong_enough(x, w)

    def strong_enough(self, x: int, w: int) -> bool:
        """Not too heavy to use (``minimum_strength``; text)."""
        arm = self.sheets[x].arms[w]
        if self.o.minimum_strength:
            card = self.sheets[x].card
            if arm.kind in ("melee", "thrown"):
                need = self.t.min_strength(arm.entry.weapon)
                have = card.strength + (1 if getattr(arm.entry, "two_handed", False) else 0)
                return need is None or have >= need
            if arm.kind == "bow":
                own = getattr(arm.entry, "strength", None)
                return own is None or card.strength >= own
        return True

    def targets(self, x: int, arm: Arm) -> list[int]:
        """The enemies ``arm`` can be turned on: in melee, not one already attacked by 4 (FU-2)."""
        out = []
        for y in self.enemies(x):
            if arm.kind == "melee" and len(self.melee_attackers(y)) >= MAX_GANG:
                continue
            out.append(y)
        return out

    def pick_weapon(self, x: int, action: str, arms: list[int]) -> int:
        sheet = self.sheets[x]
        options = [
            Choice(sheet.arms[w].key, sheet.arms[w].name, self.weapon_why(x, w), sheet.arms[w].name) for w in arms
        ]
        key = self.choose(x, "weapon", options, sheet.arms[self.advised_weapon(x, action, arms)].key)
        return next(w for w in arms if sheet.arms[w].key == key)

    def advised_weapon(self, x: int, action: str, arms: list[int]) -> int:
        """The first that fits; to reload, the one whose reload is under way (finish it: the turns
        spent are kept, [D]), else the one with the smallest share of its capacity loaded."""
        if action != "reload":
            return arms[0]
        me = self.f[x]

        def order(w: int) -> tuple[bool, float]:
            capacity = self.sheets[x].arms[w].spec.capacity or 1
            return me.reloading[w] is None, (me.loaded[w] or 0) / capacity

        return min(arms, key=order)

    def weapon_why(self, x: int, w: int) -> str:
        arm = self.sheets[x].arms[w]
        why = f"{arm.skill} {ladder_name(arm.level)}, BD {arm.spec.bd}"
        loaded = self.f[x].loaded[w]
        if self.o.reloading and arm.counted:
            why += f", {loaded} loaded"
            left = self.f[x].reloading[w]
            if left is not None:
                why += f", reloading: {left} turn{'s' * (left != 1)} to go"
        return why

    def pick_target(self, x: int, arm: Arm, action: str, reason: str, chosen: tuple[int, ...]) -> int | None:
        ys = [y for y in self.targets(x, arm) if y not in chosen]
        if not ys and chosen:
            return None
        if len(ys) == 1 and not chosen:
            return ys[0]  # [D] one enemy to turn on: not asked, as a weapon is not when only one fits
        # the list shows each one's name; the key is the name as typed (issue 17)
        options = [Choice(self.sheets[y].slug, self.name(y), self.target_why(x, y), self.name(y)) for y in ys]
        if chosen:
            options.append(Choice("done", "no more targets"))
            advised = "done"
        else:
            advised = self.sheets[self.advised_target(x, ys)].slug
        key = self.choose(x, reason, options, advised)
        if key == "done":
            return None
        return next(y for y in ys if self.sheets[y].slug == key)

    def advised_target(self, x: int, ys: list[int]) -> int:
        """The aimed-at target, else an enemy already attacking him this round, else the one
        he fought last (his foe), else the first (design 6.1) [D]; never one already out of the
        fight while a foe still fights (issue 17), who is advised only when none does."""
        able = [y for y in ys if self.f[y].able]
        pool = able or ys
        aim = self.f[x].aim
        if aim is not None and aim[1] in pool:
            return aim[1]
        for y in pool:
            d = self.decl[y]
            if d is not None and d.action in ATTACKS and x in d.targets:
                return y
        foe = self.f[x].foe
        return foe if foe in pool else pool[0]

    def target_why(self, x: int, y: int) -> str:
        bits = []
        d = self.decl[y]
        if d is not None and d.action in ATTACKS and x in d.targets:
            bits.append("attacking you")
        n = len(self.melee_attackers(y))
        if n:
            bits.append(f"attacked in melee by {n}")
        status = self.f[y].status
        if status != "fighting":
            bits.append(status)
        return ", ".join(bits)

    def pick_location(self, x: int) -> str:
        self.asking = "location"
        options = [
            Choice(
                k,
                h.name,
                f"{h.attack:+d} to hit, {h.damage:+d} damage" + (", bypasses armor" if h.bypasses_armor else ""),
            )
            for k, h in self.t.hit_locations.items()
        ]
        key = self.choose(x, "location", options, "torso" if "torso" in self.t.hit_locations else None)
        self.asking = None
        return key

    def pick_aware(self, x: int, y: int) -> str:
        options = [
            Choice("aware", f"{self.name(y)} sees it coming", "a dodge: an opposed roll"),
            Choice("unaware", f"{self.name(y)} does not know", "unopposed against Poor, no dodge"),
        ]
        return self.choose(x, f"whether {self.name(y)} is aware", options, "aware")

    def declared_words(self, x: int, d: Decl, short: bool = False) -> str:
        """The declaration in words, without the name: ``attacks Grak with the broadsword``;
        ``short`` (a side panel's line): ``attacks Grak (head), broadsword``."""
        if d.action in ("defend", "all-out-defense"):
            return ACTION_WORDS[d.action]
        arm = self.sheets[x].arms[d.weapon]  # type: ignore[index]
        if d.action == "reload":
            return f"reloads the {arm.name}"
        at = " & ".join(self.name(y) + (" (unaware)" if y in d.unaware else "") for y in d.targets)
        verb = "aims at" if d.action == "aim" else "attacks" if d.action == "attack" else f"{ACTION_WORDS[d.action]} on"
        where = self.t.hit_locations[d.location].name.lower() if d.location else None
        if short:
            return f"{verb} {at}" + (f" ({where})" if where else "") + f", {arm.name.lower()}"
        return f"{verb} {at} with the {arm.name}" + (f", at the {where}" if where else "")

    def melee_attackers(self, y: int) -> list[int]:
        """Who has declared a melee attack on ``y`` this round (scene order)."""
        return [x for x in range(self.n) if self.is_melee(x) and y in self.decl[x].targets]  # type: ignore[union-attr]

    def is_attack(self, x: int) -> bool:
        d = self.decl[x]
        return d is not None and d.action in ATTACKS

    def is_melee(self, x: int) -> bool:
        return self.is_attack(x) and self.arm(x).kind == "melee"

    def arm(self, x: int) -> Arm:
        return self.sheets[x].arms[self.decl[x].weapon]  # type: ignore[union-attr,index]

    def shot_at(self, y: int, *, aware: bool) -> list[int]:
        """Who shoots at ``y`` this round (``aware``: of those ``y`` knows of)."""
        out = []
        for x in range(self.n):
            if self.is_attack(x) and not self.is_melee(x) and y in self.decl[x].targets:  # type: ignore[union-attr]
                if not aware or y not in self.decl[x].unaware:  # type: ignore[union-attr]
                    out.append(x)
        return out

    # --- 2. rolls (design 6.2) --------------------------------------------------------

    def rolls(self) -> None:
        """Each in scene order: his combat roll (his attack's; or, making no attack, his melee defence),
        the melee defence of one who shoots while attacked in melee (FU-11), his dodge if shot at."""
        self.phase = "rolls"
        for x in range(self.n):
            if not self.able0[x]:
                continue
            if self.is_attack(x) or self.defence_read(x):
                self.combat[x] = self.combat_roll(x)
            if self.guards(x):
                self.guard[x] = self.guard_roll(x)
            if self.shot_at(x, aware=True):
                self.dodged.add(x)
                self.dodge[x] = self.dodge_roll(x)

    def guards(self, x: int) -> bool:
        """He attacks with a ranged (or thrown) weapon and is attacked in melee: his melee defence is a
        roll of its own, his best melee skill or his Dodge (FU-11), not his shot [D]. A melee attacker's
        roll is his defence in that melee too (the text: one weapon skill against the other; in a
        gang-up, "everyone involved ... makes an attack roll")."""
        return self.is_attack(x) and not self.is_melee(x) and self.defence_read(x)

    def defence_read(self, x: int) -> bool:
        """Whether anything reads the roll ``x`` meets melee attacks with [D: a roll is asked only when it
        counts]: an attack on him that is not suicidal aggression (its blow lands whatever he rolls,
        text), a blow back, or a gang-up he must beat to hit anyone (FU-7)."""
        attackers = self.melee_attackers(x)
        if not attackers:
            return False
        if self.hits_back(x) or (len(attackers) > 1 and self.is_attack(x)):
            return True
        return any(not (self.suicidal(z) or self.suicidal(x)) for z in attackers)

    def held(self, x: int) -> int:
        """The roll ``x`` meets melee attacks with: his melee defence if it is a roll of its own, else his combat roll."""
        return self.guard[x] if x in self.guard else self.combat[x]

    def held_kind(self, x: int) -> str:
        return "guard" if self.guards(x) else "combat"

    def in_danger(self, x: int) -> bool:
        """Combat experience caps skills while his life is at risk; not an ambusher whose
        targets are all unaware and who is attacked by nobody (text) [D]."""
        d = self.decl[x]
        ambush = d is not None and d.action in ATTACKS and set(d.targets) <= set(d.unaware)
        attacked = self.melee_attackers(x) or self.shot_at(x, aware=False)
        return not ambush or bool(attacked)

    def capped(self, x: int) -> bool:
        """His combat experience caps him now: in danger this round, or ever since an opponent first
        fought back against him this scene (FU-8: the cap then holds to the scene's end)."""
        return self.f[x].fought or self.in_danger(x)

    def fought_back(self, x: int) -> bool:
        """An opponent fought back against ``x`` this round: one attacked him, or one of his targets
        met his attack with a roll (a combat roll or a dodge) (FU-8)."""
        if self.melee_attackers(x) or self.shot_at(x, aware=False):
            return True
        d = self.decl[x]
        if d is None or d.action not in ATTACKS:
            return False
        if self.is_melee(x):  # his target met it with a roll of its own (none when nothing reads it)
            return any(y in self.combat or y in self.guard for y in d.targets)
        return any(y in self.dodge and y not in d.unaware for y in d.targets)

    def skill_part(self, x: int, label: str, level: int) -> tuple[str, int]:
        """The skill rolled, capped by combat experience (text: Green Poor, Fair Fair; FU-8)."""
        exp = self.f[x].experience
        cap = EXPERIENCE_CAP.get(exp)
        if self.o.combat_experience and cap is not None and level > cap and self.capped(x):
            return f"{label} {ladder_name(level)}, capped {ladder_name(cap)} ({exp})", cap
        return f"{label} {ladder_name(level)}", level

    def personal(self, x: int, *, melee: bool = True) -> list[tuple[str, int]]:
        """Modifiers of the combatant himself: wounds (FU-4), gang-up (FU-2; on the combat
        roll only [D]: it is a melee rule, and a dodge is against shots), last round's
        all-out attack, all-out defense (text)."""
        parts: list[tuple[str, int]] = []
        pen = self.penalty(x)
        if pen:
            parts.append((WOUND_WORDS[self.f[x].worst() or "hurt"], pen))
        gang = len(self.melee_attackers(x)) if melee else 0
        if gang > 1:
            parts.append((f"gang-up of {gang}", -(gang - 1)))
        if self.f[x].tired:
            parts.append(("all-out attack last turn", -2))
        d = self.decl[x]
        if d is not None and d.action == "all-out-defense":
            parts.append(("all-out defense", 1))
        return parts

    def penalty(self, x: int) -> int:
        """The worst wound not shrugged off: Hurt -1, Very Hurt -2 (FU-4), by pain threshold [R]."""
        worst = self.f[x].worst()
        return PAIN[self.sheets[x].gift].get(worst or "", 0)

    def attack_parts(self, x: int) -> list[tuple[str, int]]:
        """Modifiers of the attack itself (text: the maneuvers, aim, firearm Strength)."""
        d = self.decl[x]
        assert d is not None
        arm = self.arm(x)
        parts: list[tuple[str, int]] = []
        if self.aimed(x):
            parts.append(("aim", 1))
        bonus = {"all-out-attack": 1, "wild-swing": 1, "three-round-burst": 1, "empty-the-clip": 1}.get(d.action)
        if bonus:
            parts.append((ACTION_WORDS[d.action], bonus))
        if d.action == "empty-the-clip" and len(d.targets) > 1:
            parts.append((f"{len(d.targets)} targets", -(len(d.targets) - 1)))
        if self.o.minimum_strength and arm.kind == "gun":
            need = self.t.min_strength(arm.entry.weapon) or 0
            short = need - self.sheets[x].card.strength
            if short > 0:
                parts.append((f"Strength {short} short", -short))
        return parts

    def scale_part(self, x: int, y: int) -> tuple[str, int] | None:
        """The attacker's scale modifier to hit ``y`` (``scale``: attacker's scale minus defender's, text)."""
        if not self.o.scale:
            return None
        diff = self.sheets[x].card.scale - self.sheets[y].card.scale
        attack, _ = self.t.scale_mods(diff)
        return (f"scale {diff:+d}", attack) if attack else None

    def target_parts(self, x: int) -> list[tuple[str, int]]:
        """The modifiers his attack has against its targets that are the same for every one of them,
        so part of the roll itself and stated in its prompt (FU-10): the hit location (text), the
        scale (text) when his targets are all of one size. [D] One roll, one result: they count in
        every comparison the roll takes part in this round (a vitals attack leaves him open)."""
        d = self.decl[x]
        assert d is not None
        parts: list[tuple[str, int]] = []
        if d.location is not None:
            h = self.t.hit_locations[d.location]
            if h.attack:
                parts.append((h.name.lower(), h.attack))
        scales = {self.scale_part(x, y) for y in d.targets}
        if len(scales) == 1:
            (one,) = scales
            if one is not None:
                parts.append(one)
        return parts

    def aimed(self, x: int) -> bool:
        """The aim bonus holds for a ranged attack on the target aimed at, with that weapon (text: Aim)."""
        d, aim = self.decl[x], self.f[x].aim
        return (
            aim is not None
            and d is not None
            and d.action in ATTACKS
            and d.weapon == aim[0]
            and aim[1] in d.targets
            and self.arm(x).ranged
        )

    def combat_parts(self, x: int) -> tuple[list[tuple[str, int]], str, str, int | None]:
        """The combat roll of ``x``: (its modifiers, what it is for, what it is against, the level it
        must reach when every comparison it takes part in is against a fixed level). Every modifier
        is here, the GM's too, so the prompt states them before the roll (FU-10) and the odds read
        them before the roll is asked for."""
        if self.is_attack(x):
            arm = self.arm(x)
            skill = self.skill_part(x, arm.skill, arm.level)
            # the gang-up is a melee rule: on a shooter's melee defence, not on his shot [D]
            extra = self.personal(x, melee=not self.guards(x)) + self.attack_parts(x) + self.target_parts(x)
            what = f"combat roll, {arm.skill}"
        else:
            name, level = self.sheets[x].melee_defence()  # his best melee skill or his Dodge (FU-11)
            skill = self.skill_part(x, name, level)
            extra = self.personal(x)
            what = f"combat roll, {name} (defending)"
        against, target = self.against(x, "combat")
        return [skill] + extra + self.gm_parts("combat", x), what, against, target

    def guard_parts(self, x: int) -> list[tuple[str, int]]:
        """The melee defence of a shooter attacked in melee (:meth:`guards`): his best melee skill or
        his Dodge (FU-11), his own modifiers (the gang-up among them), the GM's."""
        name, level = self.sheets[x].melee_defence()
        return [self.skill_part(x, name, level)] + self.personal(x) + self.gm_parts("guard", x)

    def fixed(self, x: int, y: int) -> tuple[int, str] | None:
        """The level the roll of ``x`` must reach to hit ``y`` whatever ``y`` rolls, in words; None when
        the two rolls are compared. Unopposed (an unaware or helpless target: Poor, FU-2) or suicidal
        aggression in melee (Poor, text), plus the target's armor PD (text: "including passive
        defense", FU-10), less any modifier of the pair alone (the scale of Empty the Clip)."""
        d = self.decl[x]
        assert d is not None
        melee = self.is_melee(x)
        if self.able0[y] and (melee or y not in d.unaware):
            if not (melee and (self.suicidal(x) or self.suicidal(y))):
                return None
            why = "suicidal aggression"
        else:
            who = "the target" if len(d.targets) == 1 else self.name(y)
            why = f"unopposed: {who} cannot defend"
        pd = self.pd(y)
        pair = sum(v for _, v in self.pairing(x, y))
        level = POOR + pd - pair
        if pd:
            why += f"; Poor + {_poss(self.name(y))} armor PD {pd}"
        if pair:
            why += f"; scale {pair:+d}"
        return level, f"{ladder_name(level)} ({why})"

    def against(self, x: int, kind: str) -> tuple[str, int | None]:
        """What the roll ``kind`` (``combat`` or ``guard``) of ``x`` is compared with, in words, and
        the level it must reach when every comparison it takes part in is against a fixed level
        (:meth:`fixed`). An attack roll names its targets; a defence, the melee attackers it meets:
        those whose blow it can stop (a suicidal attack lands whatever it rolls, text), those it can
        hit back (FU-2) and, ganged up on, every attacker it must beat (FU-7)."""
        levels: list[int | None] = []
        words: list[str] = []
        if kind == "combat" and self.is_attack(x):
            d = self.decl[x]
            assert d is not None
            kinds = "combat roll" if self.is_melee(x) else "dodge"
            for y in d.targets:
                one = self.fixed(x, y)
                levels.append(one[0] if one else None)
                words.append(one[1] if one else f"{_poss(self.name(y))} {kinds}")
        defence: list[str] = []
        if kind == "guard" or not self.guards(x):
            attackers = self.melee_attackers(x)
            ganged = len(attackers) > 1 and (self.is_attack(x) or self.hits_back(x))
            for z in attackers:
                if ganged or not (self.suicidal(z) or self.suicidal(x)):
                    levels.append(None)
                    defence.append(f"{_poss(self.name(z))} combat roll")
                elif self.hits_back(x):  # he hits back a suicidal attacker on Poor + PD, whatever he rolls
                    level = POOR + self.pd(z)
                    levels.append(level)
                    defence.append(f"{ladder_name(level)} (hitting back {_poss(self.name(z))} suicidal aggression)")
        if not words:
            words = defence
        shown = " & ".join(dict.fromkeys(words))
        target = levels[0] if levels and all(v is not None and v == levels[0] for v in levels) else None
        return shown, target

    def combat_note(self, x: int) -> str:
        """What else the prompt of the combat roll says: the scale against each target when his
        targets differ in size (applied to each comparison, FU-10); FU-7 when ganged up on; a
        shooter's melee defence to come (FU-11); whether a defender hits back (FU-2, FU-11)."""
        notes = []
        d = self.decl[x]
        who = self.name(x)
        if d is not None and d.action in ATTACKS and len({self.scale_part(x, y) for y in d.targets}) > 1:
            each = [f"{self.name(y)} {(self.scale_part(x, y) or ('', 0))[1]:+d}" for y in d.targets]
            notes.append("scale to hit each target: " + ", ".join(each))
        attackers = self.melee_attackers(x)
        if self.guards(x):
            names = _and([self.name(z) for z in attackers])
            notes.append(f"the defence against {_poss(names)} melee attack is a roll of its own, next (FU-11)")
        elif len(attackers) > 1 and self.is_attack(x):
            notes.append(f"ganged up on: {who} hits no one unless this roll beats every attacker (FU-7)")
        elif not self.is_attack(x) and attackers:
            notes.append(self.back_note(x))
        return "; ".join(notes)

    def back_note(self, x: int) -> str:
        """Whether a defender who makes no attack hits back, and with what (FU-2, FU-11, text)."""
        d = self.decl[x]
        who = self.name(x)
        if self.sheets[x].defends_with_dodge():
            return "defending with Dodge: no hit back (FU-11)"
        if d is not None and d.action == "all-out-defense":
            return "all-out defense: no damage dealt, even beating the attacker (text)"
        if d is not None and d.action in ("aim", "reload"):
            return f"no hit back: the turn goes to {'aiming' if d.action == 'aim' else 'reloading'} [D]"
        arm = self.back_arm(x)
        if arm is None:
            return "no melee weapon to hit back with"
        if len(self.melee_attackers(x)) > 1:
            return (
                f"ganged up on: beating every attacker, {who} hits back the attacker of {_poss(who)} choice "
                f"with the {arm.name} (FU-2), else no one (FU-7)"
            )
        return f"beating the attacker, {who} hits back with the {arm.name} (FU-2)"

    def guard_note(self, x: int) -> str:
        who = self.name(x)
        bits = [f"{_poss(who)} attack this round is the shot: no hit back [D]"]
        if len(self.melee_attackers(x)) > 1:
            bits.append(f"ganged up on: unless this roll beats every attacker, {_poss(who)} shot hits no one (FU-7)")
        return "; ".join(bits)

    def combat_roll(self, x: int) -> int:
        self.rolling = (x, "combat")

        def make() -> RollPrompt:
            parts, what, against, target = self.combat_parts(x)
            return self.roll_prompt(x, what, parts, against, target, self.combat_note(x))

        return self.roll4(x, ("combat", x), make)

    def guard_roll(self, x: int) -> int:
        """A shooter's melee defence, a roll of its own (FU-11; :meth:`guards`)."""
        self.rolling = (x, "guard")
        name, _ = self.sheets[x].melee_defence()

        def make() -> RollPrompt:
            against, target = self.against(x, "guard")
            what = f"combat roll, {name} (defending)"
            return self.roll_prompt(x, what, self.guard_parts(x), against, target, self.guard_note(x))

        return self.roll4(x, ("guard", x), make)

    def dodge_parts(self, x: int) -> list[tuple[str, int]]:
        """The dodge's modifiers, the GM's too (read by the odds before the dodge is asked for)."""
        return (
            [self.skill_part(x, "Dodge", self.sheets[x].card.dodge)]
            + self.personal(x, melee=False)
            + self.gm_parts("dodge", x)
        )

    def dodge_roll(self, x: int) -> int:
        against = " & ".join(_poss(self.name(a)) + " shot" for a in self.shot_at(x, aware=True))
        d = self.decl[x]
        aiming = self.f[x].aim is not None or (d is not None and d.action == "aim")
        note = "being made to dodge loses the aim (text: Aim)" if aiming else ""
        self.rolling = (x, "dodge")
        return self.roll4(
            x, ("dodge", x), lambda: self.roll_prompt(x, "dodge", self.dodge_parts(x), against, None, note)
        )

    def roll_prompt(
        self, x: int, what: str, parts: list[tuple[str, int]], against: str, target: int | None, note: str = ""
    ) -> RollPrompt:
        return RollPrompt(
            self.name(x),
            self.sheets[x].side,
            FOUR_DF,
            what,
            sum(v for _, v in parts),
            tuple(parts),
            against=against,
            target=target,
            note=note,
            also=self.also(roll=True),
        )

    def roll4(self, x: int, key: tuple[Any, ...], make: Callable[[], RollPrompt]) -> int:
        """A combat roll or a dodge: its faces (after any GM's modifiers), its total on the ladder, logged."""
        faces = self.ask_roll(key, make)
        prompt = make()
        total = prompt.modifier + sum(faces)
        self.last_result = total
        self.log.append(
            f"{self.name(x)} rolls {_faces(faces)}: {_sum_words(prompt.modifier_parts, faces)} = "
            f"{ladder_name(total)} ({prompt.reason})"
        )
        return total

    # --- 3. resolution (design 6.3, FU-2) ------------------------------------------------

    def resolve(self) -> list[Hit]:
        """Every attack in scene order (FU-2), then every defender's blow back (FU-2, FU-11): the
        hits, in the order found, for their damage."""
        self.phase = "resolution"
        hits = []
        for x in range(self.n):
            if not self.is_attack(x):
                continue
            for y in self.decl[x].targets:  # type: ignore[union-attr]
                hit = self.exchange(x, y)
                if hit is not None:
                    hits.append(hit)
        for x in range(self.n):
            if self.hits_back(x):
                back = self.hit_back(x)
                if back is not None:
                    hits.append(back)
        return hits

    def pairing(self, x: int, y: int) -> list[tuple[str, int]]:
        """Modifiers of the attack of ``x`` on ``y`` alone, not already in his roll: the scale when
        his targets differ in size (Empty the Clip at several), stated in the roll's prompt (FU-10)
        and applied when the pair is compared. Every other modifier is in the roll (:meth:`target_parts`)."""
        d = self.decl[x]
        if d is None or len({self.scale_part(x, z) for z in d.targets}) <= 1:
            return []
        part = self.scale_part(x, y)
        return [part] if part is not None else []

    def pd(self, y: int) -> int:
        """The defender's armor Passive Defense (``armor_pd``): RD must reach it to hit (text)."""
        armor = self.sheets[y].armor
        return armor.pd if self.o.armor_pd and armor is not None else 0

    def suicidal(self, x: int) -> bool:
        d = self.decl[x]
        return d is not None and d.action == "suicidal-aggression"

    def exchange(self, x: int, y: int) -> Hit | None:
        """The attack of ``x`` on ``y``: hit or not, and its RD (FU-2, text)."""
        mods = self.pairing(x, y)
        xr = self.combat[x] + sum(v for _, v in mods)
        shown = _poss(self.name(x)) + " " + ladder_name(self.combat[x])
        if mods:
            shown += "".join(f" {v:+d} {k}" for k, v in mods) + f" = {ladder_name(xr)}"
        pd = self.pd(y)
        d = self.decl[x]
        assert d is not None
        melee = self.is_melee(x)
        if not self.able0[y] or (not melee and y in d.unaware):
            # unopposed: against Poor, RD 0 hits (FU-2); a helpless target is one too [D]
            why = "unaware" if self.able0[y] else self.f[y].status
            return self.verdict(x, y, shown + f" vs Poor ({self.name(y)} {why})", xr - POOR, False, pd)
        if melee and (self.suicidal(x) or self.suicidal(y)):
            # suicidal aggression: each hits on at least Poor plus the other's PD, whatever the other rolls (text)
            ok = xr >= POOR + pd
            line = f"{shown} vs Poor{f' + PD {pd}' if pd else ''} (suicidal aggression)"
            blocker = self.unbeaten(x) if ok else None
            if blocker is not None:  # FU-7 binds every attack of a defender ganged up on [D]
                self.log.append(f"{line}: no hit ({self.name(x)} did not beat {self.name(blocker)})")
                return None
            self.log.append(f"{line}: {self.name(x)} {'hits' if ok else 'misses'}")
            return Hit(x, y, xr - POOR) if ok else None  # its RD, for the RD bonus: over Poor [D]
        yr = self.held(y) if melee else self.dodge[y]
        kind = "" if melee else " dodge"
        text = f"{shown} vs {_poss(self.name(y))}{kind} {ladder_name(yr)}"
        rd = xr - yr
        if rd >= 1 and xr < POOR:
            self.log.append(f"{text}: no hit (below Poor, RD {rd})")
            return None
        return self.verdict(x, y, text, rd, True, pd)

    def exchange_if(self, x: int, y: int, rolls: dict[str, dict[int, int]], *, back: bool = False) -> Hit | None:
        """:meth:`exchange` (``back``: :meth:`back_hit`) with these rolls put in, by kind (``combat``,
        ``guard``, ``dodge``; for the odds, issue 8): the round's own rule, its log, ties and rolls
        left as they were."""
        saved = self.combat, self.guard, self.dodge, self.log, self.tied
        self.combat = {**self.combat, **rolls.get("combat", {})}
        self.guard = {**self.guard, **rolls.get("guard", {})}
        self.dodge = {**self.dodge, **rolls.get("dodge", {})}
        self.log, self.tied = [], set(self.tied)
        try:
            if back:
                return None if self.unbeaten(x) is not None else self.back_hit(x, y)[0]
            return self.exchange(x, y)
        finally:
            self.combat, self.guard, self.dodge, self.log, self.tied = saved

    def rollers(self, x: int, y: int, *, back: bool = False) -> list[tuple[int, str]]:
        """The rolls, as (who, kind), that the attack of ``x`` on ``y`` reads (``back``: the blow
        ``x`` hits back at ``y``): the attacker's, a melee target's defence, a dodge, and the melee
        attackers of one ganged up on, whom he must all beat to hit anyone (FU-2, FU-7)."""
        out = [(x, self.held_kind(x) if back else "combat")]
        if back:
            out.append((y, "combat"))
        elif self.is_melee(x):
            if self.able0[y]:
                out.append((y, self.held_kind(y)))
        elif self.able0[y] and y not in self.decl[x].unaware:  # type: ignore[union-attr]
            out.append((y, "dodge"))  # an aware target dodges the shot (rolls)
        attackers = self.melee_attackers(x)
        if len(attackers) > 1:
            out += [(x, self.held_kind(x))] + [(z, "combat") for z in attackers]
        return list(dict.fromkeys(out))

    def verdict(self, x: int, y: int, text: str, rd: int, opposed: bool, pd: int) -> Hit | None:
        """Opposed: RD 1 or more hits; unopposed: RD 0 (FU-2); and RD at least the PD (text)."""
        least = 1 if opposed else 0
        if rd >= max(least, pd):
            blocker = self.unbeaten(x)
            if blocker is not None:  # ganged up on, he hits no one unless he beat them all (FU-2, FU-7)
                self.log.append(f"{text}: no hit ({self.name(x)} did not beat {self.name(blocker)}, RD {rd})")
                return None
            self.log.append(f"{text}: {self.name(x)} hits (RD {rd})")
            return Hit(x, y, rd)
        if rd >= least:
            self.log.append(f"{text}: no hit (RD {rd}, below {_poss(self.name(y))} armor PD {pd})")
        elif opposed and rd == 0:
            # two who attack each other in melee share one roll-off: its tie is said once
            if not (self.is_melee(y) and x in self.decl[y].targets and (y, x) in self.tied):  # type: ignore[union-attr]
                self.log.append(f"{text}: a tie")
            self.tied.add((x, y))
        else:
            self.log.append(f"{text}: {self.name(x)} misses (RD {rd})")
        return None

    def unbeaten(self, x: int) -> int | None:
        """A defender ganged up on (two or more melee attackers) hits only if his roll beat every
        attacker's (FU-2): otherwise he hits no one, whomever he had declared (FU-7), his melee
        target among them or not, a shot at someone else too, a blow back. The first attacker he
        did not beat, else None. The roll is the one he meets them with (:meth:`held`). [D] Beating
        them all, a declared attack goes on as declared; one who only defended chooses whom he
        hits back (:meth:`hit_back`)."""
        attackers = self.melee_attackers(x)
        if len(attackers) < 2:
            return None
        for z in attackers:
            zr = self.combat[z] + sum(v for _, v in self.pairing(z, x))
            if self.held(x) - zr < 1:
                return z
        return None

    # --- the defender's blow back (FU-2, FU-11) ---------------------------------------------

    def hits_back(self, x: int) -> bool:
        """Whether ``x`` can hit back this round: he declared ``defend`` (no attack of his own: one who
        attacks has his blow where he aimed it; aim and reload spend the turn [D]; all-out defense
        deals no damage, text), he is attacked in melee, and he defends with a melee skill and a weapon
        for it (FU-11: "defending with Dodge never hits back"). Then the opposed roll's victor hits
        (FU-2: "a RD of 1 or more is a hit by the victor")."""
        d = self.decl[x]
        return (
            self.able0[x]
            and d is not None
            and d.action == "defend"
            and bool(self.melee_attackers(x))
            and self.back_arm(x) is not None
        )

    def back_arm(self, x: int) -> Arm | None:
        """The weapon a defender hits back with: of his melee weapons with the skill he defends with
        (FU-11) and not too heavy (``minimum_strength``), the one of the highest BD; an unarmed skill
        with no weapon of its own, the tables' ``fist`` [D]; None when he defends with his Dodge or
        has nothing to hit with."""
        sheet = self.sheets[x]
        if sheet.defends_with_dodge():
            return None
        skill, level = sheet.melee_defence()
        usable = [
            a for w, a in enumerate(sheet.arms) if a.kind == "melee" and a.skill == skill and self.strong_enough(x, w)
        ]
        if usable:
            return max(usable, key=lambda a: a.spec.bd)
        if any(a.kind == "melee" and a.skill == skill for a in sheet.arms) or "fist" not in self.t.weapons:
            return None  # his weapon for it is too heavy, or the tables have no bare hands
        if not any(w in skill.lower() for w in BRAWLING):
            return None
        return Arm("fist", self.t.weapon("fist"), CardWeapon(weapon="fist", skill=skill), level)

    def back_hit(self, x: int, z: int) -> tuple[Hit | None, str]:
        """Whether the defender ``x`` hits his attacker ``z`` back with the roll he met him with, and
        the log line ('' when the attacker's line says it all: ``x`` did not beat him). Opposed: RD 1
        or more, at least Poor and at least ``z``'s PD (FU-2, text); against suicidal aggression, at
        least Poor plus ``z``'s PD whatever ``z`` rolled (text). FU-7 is the caller's."""
        r = self.held(x)
        pd = self.pd(z)
        me = self.name(x)
        if self.suicidal(z):
            ok = r >= POOR + pd
            line = f"{_poss(me)} {ladder_name(r)} vs Poor{f' + PD {pd}' if pd else ''} (suicidal aggression)"
            return (Hit(x, z, r - POOR, back=True) if ok else None), f"{line}: {me} {'hits back' if ok else 'misses'}"
        zr = self.combat[z] + sum(v for _, v in self.pairing(z, x))
        rd = r - zr
        text = f"{_poss(me)} {ladder_name(r)} vs {_poss(self.name(z))} {ladder_name(zr)}"
        if rd < 1:
            return None, ""
        if r < POOR:
            return None, f"{text}: no hit back (below Poor, RD {rd})"
        if rd < pd:
            return None, f"{text}: no hit back (RD {rd}, below {_poss(self.name(z))} armor PD {pd})"
        return Hit(x, z, rd, back=True), f"{text}: {me} hits back (RD {rd})"

    def hit_back(self, x: int) -> Hit | None:
        """The defender's blow back (:meth:`hits_back`): at the one attacker he beat; ganged up on, only
        if he beat every attacker (FU-2, FU-7), then at the attacker of his choice (FU-2), asked when
        more than one can be hit [D]."""
        me = self.name(x)
        blocker = self.unbeaten(x)
        if blocker is not None:  # ganged up on and not the victor over them all (FU-7)
            self.log.append(f"{me} hits no one back: {me} did not beat {self.name(blocker)} (FU-2, FU-7)")
            return None
        found = [(z, *self.back_hit(x, z)) for z in self.melee_attackers(x)]
        can = [(z, hit, line) for z, hit, line in found if hit is not None]
        if len(can) <= 1:
            for _, _, line in found:
                if line:
                    self.log.append(line)
            return can[0][1] if can else None
        options = [Choice(self.sheets[z].slug, self.name(z), f"RD {hit.rd}", self.name(z)) for z, hit, _ in can]
        best = max(can, key=lambda c: c[1].rd)  # the first of the largest RD
        key = self.choose(x, "whom to hit back (every attacker beaten, FU-2)", options, self.sheets[best[0]].slug)
        _, hit, line = next(c for c in can if self.sheets[c[0]].slug == key)
        self.log.append(f"{line}, the attacker of {_poss(me)} choice (FU-2)")
        return hit

    # --- 4. damage (design 6.4, FU-3, FU-4) ----------------------------------------------

    def damage(self, hit: Hit) -> None:
        x, y = hit.attacker, hit.defender
        if self.stopped(hit):
            self.wound(y, "scratch", None)
            return
        dr, kevlar = self.dr(hit)
        note = f"{_poss(self.name(y))} armor DR {dr}" + (" (never below a Scratch)" if kevlar else "") if dr else ""
        dice = _fudge(self.o.damage_dice)
        self.hitting = hit
        self.asking = "damage"

        def make() -> RollPrompt:
            parts = self.damage_parts(hit)  # the GM's modifiers typed at it among them (FU-10, FU-11)
            return RollPrompt(
                self.name(x),
                self.sheets[x].side,
                dice,
                f"damage to {self.name(y)}",
                sum(v for _, v in parts),
                tuple(parts),
                against="the damage results",
                note=note,
                also=self.also(roll=True),
            )

        faces = self.ask_roll(("damage", x, y), make)
        self.asking = None
        parts = self.damage_parts(hit)
        mod = sum(v for _, v in parts)
        total = mod + sum(faces)
        degree, wound = self.wound_of(hit, total)
        self.last_degree = degree
        text = (
            f"{self.name(x)} rolls {_faces(faces)} for damage: {_sum_words(parts, faces, level=False)} = "
            f"{ladder_show(total)}"
        )
        if dr:
            text += f", DR {dr}: {ladder_show(degree)}"
        self.log.append(f"{text}: {WOUND_WORDS[wound]}")
        self.wound(y, wound, degree)

    def hit_arm(self, hit: Hit) -> Arm:
        """The weapon of a hit: the attack's, or the one a defender hits back with (:meth:`back_arm`)."""
        if hit.back:
            arm = self.back_arm(hit.attacker)
            assert arm is not None  # a blow back is found only with a weapon to strike it
            return arm
        return self.arm(hit.attacker)

    def wound_of(self, hit: Hit, total: int) -> tuple[int, str]:
        """(degree, wound) of a damage total against the defender: less the armor's DR, read on
        the damage results (FU-3); kevlar never below a Scratch (text)."""
        dr, kevlar = self.dr(hit)
        degree = total - dr
        wound = self.t.wound_for(degree)
        if kevlar and wound == "none" and self.t.wound_for(total) != "none":
            wound = "scratch"  # kevlar is flexible: never below a Scratch (text)
        return degree, wound

    def damage_parts(self, hit: Hit) -> list[tuple[str, int]]:
        """BD and every damage modifier (FU-3, text's options and maneuvers). A blow back is the
        defender's weapon alone: no maneuver or location of an attack of his (FU-2, FU-11)."""
        x, y = hit.attacker, hit.defender
        arm, card = self.hit_arm(hit), self.sheets[x].card
        d = Decl("defend") if hit.back else self.decl[x]
        assert d is not None
        parts = [(f"{arm.name} BD", arm.spec.bd)]
        if self.o.base_damage:
            parts.append(("base damage", self.o.base_damage))
        if self.o.strength_damage:
            if arm.kind in ("melee", "thrown"):
                parts.append((f"Strength {ladder_name(card.strength)}", card.strength))
            elif arm.kind in ("bow", "crossbow"):
                own = getattr(arm.entry, "strength", None)
                if own is not None:
                    parts.append((f"{arm.name} Strength {ladder_name(own)}", own))
        maneuver = {"all-out-attack": 1, "three-round-burst": 1, "empty-the-clip": 2, "wild-swing": -2}.get(d.action)
        if maneuver:
            parts.append((ACTION_WORDS[d.action], maneuver))
        if d.action == "empty-the-clip" and len(d.targets) > 1:
            parts.append((f"{len(d.targets)} targets", -(len(d.targets) - 1)))
        if d.location is not None:
            h = self.t.hit_locations[d.location]
            if h.damage:
                parts.append((h.name.lower(), h.damage))
        if self.o.scale:
            diff = card.scale - self.sheets[y].card.scale
            _, dmg = self.t.scale_mods(diff)
            if dmg:
                parts.append((f"scale {diff:+d}", dmg))
        bonus = self.rd_bonus(hit.rd)
        if bonus:
            shift = RD_SHIFT[self.o.rd_bonus] or 0
            parts.append((f"RD {hit.rd}" + (f" - {shift}" if shift else ""), bonus))  # the option's RD-1, RD-2
        return parts + self.gm_parts("damage", x, y)

    def rd_bonus(self, rd: int) -> int:
        """The attack RD bonus (text: RD-1, RD or RD-2; a penalty too only with ``rd_penalty``)."""
        shift = RD_SHIFT[self.o.rd_bonus]
        if shift is None:
            return 0
        bonus = rd - shift
        return bonus if self.o.rd_penalty else max(0, bonus)

    def armor_against(self, hit: Hit) -> Armor | None:
        """The defender's armor if it counts against this hit (``armor_dr``): primitive armor
        against melee, thrown, bows, crossbows and small-caliber guns, and against SP/HP
        rounds [D]; kevlar against everything [R]; none at a location that bypasses it."""
        x, y = hit.attacker, hit.defender
        armor = self.sheets[y].armor
        if not self.o.armor_dr or armor is None:
            return None
        loc = None if hit.back else self.decl[x].location  # type: ignore[union-attr]
        if loc is not None and self.t.hit_locations[loc].bypasses_armor:
            return None
        arm = self.hit_arm(hit)
        if armor.kind == "primitive" and arm.kind == "gun":
            if not (arm.spec.small_caliber or arm.rounds in ("sp", "hp")):
                return None
        return armor

    def dr(self, hit: Hit) -> tuple[int, bool]:
        """(DR, whether it is kevlar's): AP -1, SP/HP +2 (text)."""
        armor = self.armor_against(hit)
        if armor is None:
            return 0, False
        dr = armor.dr
        arm = self.hit_arm(hit)
        if arm.kind == "gun":
            dr += {"ap": -1, "sp": 2, "hp": 2}.get(arm.rounds, 0)
        return max(0, dr), armor.kind == "kevlar"

    def stop_dice(self, hit: Hit) -> int:
        """Kevlar's stopping dF against this bullet: the armor's dice less 1 against SMGs, 2
        against rifles; AP counts one type higher; SP/HP: any armor gets at least 1 (text)."""
        armor = self.armor_against(hit)
        arm = self.hit_arm(hit)
        if armor is None or arm.kind != "gun":
            return 0
        n = armor.stop_dice or 0
        if n:
            n -= BULLET_RANK.get(arm.spec.bullet or "pistol", 0) + (1 if arm.rounds == "ap" else 0)
        if arm.rounds in ("sp", "hp"):
            n = max(n, 1)
        return max(0, n)

    def stopped(self, hit: Hit) -> bool:
        """The stop roll: all '-' and the bullet is through; otherwise a Scratch (text)."""
        n = self.stop_dice(hit)
        if not n:
            return False
        y = hit.defender
        armor = self.sheets[y].armor
        assert armor is not None
        self.hitting = hit
        prompt = RollPrompt(
            self.name(y),
            self.sheets[y].side,
            _fudge(n),
            f"{armor.name} stops the bullet",
            0,
            against="all '-': the bullet gets through",
            note="anything else stops it: a Scratch",
            also=self.also(),  # it reads the faces, not a total: no GM's modifier
        )
        faces = self.take(lambda: prompt)
        through = all(v == -1 for v in faces)
        self.log.append(
            f"{_poss(self.name(y))} {armor.name} rolls {_faces(faces)}: "
            + ("the bullet gets through" if through else "stops the bullet, a Scratch")
        )
        return not through

    def wound(self, y: int, wound: str, degree: int | None) -> None:
        """Mark the wound's box, else the next worse free one (FU-4); no box left: dead [R]."""
        who = self.name(y)
        if wound == "none":
            return
        me = self.f[y]
        level = next((i for i in range(BOXES.index(wound), len(BOXES)) if 0 in me.boxes[i]), None)
        if level is None:
            me.dead = True
            self.log.append(f"{who} has no wound box left at {WOUND_WORDS[wound]} or worse: dead")
            self.fall(y)
            return
        if BOXES[level] != wound:
            full = _and([WOUND_WORDS[b] for b in BOXES[BOXES.index(wound) : level]])
            self.log.append(f"{_poss(who)} {full} boxes are full: marks {WOUND_WORDS[BOXES[level]]}")
        mark = 1
        if level > 0 and self.o.health_rolls:
            assert self.hitting is not None  # a Health roll follows a hit's damage or stop roll
            try:
                mark = 2 if self.health_roll(self.hitting.attacker, y, level, degree, wound) else 1
            except _Ended:  # the GM ends the scene at the Health roll: the wound rolled stands (FU-6)
                self.unrolled = (y, level, wound)
                raise
        me.boxes[level][me.boxes[level].index(0)] = mark
        if level > 0 and mark == 1:
            me.lost_aim = True  # damaged and not shrugged off: the aim is lost (text)
        was = me.fell
        if mark == 1 and not me.able and not was:
            self.fall(y)
        word = WOUND_WORDS[BOXES[level]]
        self.log.append(
            f"{who} marks {'an' if word[0] in 'AEIOU' else 'a'} {word} box"
            + (" (shrugged off)" if mark == 2 else "")
            + (f": {me.status}" if me.status != "fighting" and mark == 1 else "")
        )

    def health_roll(self, x: int, y: int, level: int, degree: int | None, wound: str) -> bool:
        """The Health roll of ``y`` hit by ``x``: at least the damage degree and the wound is shrugged
        off until the scene ends (text; FU-6 then gives it in full). A wound moved to a worse box
        (FU-4) must be shrugged off at that box's least degree on the damage results [D]; the prompt
        says which."""
        need = degree if degree is not None else POOR
        against = f"the damage degree, {ladder_name(need)}"
        floor = self.least_degree(BOXES[level])
        if floor is not None and floor > need:
            need = floor
            box = WOUND_WORDS[BOXES[level]]
            rolled = f"damage degree {ladder_name(degree)}" if degree is not None else "a stopped bullet"
            against = (
                f"{ladder_name(need)}, the least degree of a {box}: the {WOUND_WORDS[wound]} ({rolled}) "
                f"takes a {box} box, its own being full (FU-4)"
            )
        health = self.sheets[y].card.health

        def parts() -> list[tuple[str, int]]:
            return [(f"Health {ladder_name(health)}", health)] + self.gm_parts("health", x, y)

        def make() -> RollPrompt:
            return RollPrompt(
                self.name(y),
                self.sheets[y].side,
                FOUR_DF,
                "health roll",
                sum(v for _, v in parts()),
                tuple(parts()),
                against=against,
                target=need,
                note="made: no penalty from this wound until the scene ends (then it takes full effect, FU-6)",
                also=self.also(roll=True),
            )

        faces = self.ask_roll(("health", x, y), make)
        total = sum(v for _, v in parts()) + sum(faces)
        ok = total >= need
        self.log.append(
            f"{self.name(y)} rolls {_faces(faces)} for Health: {ladder_show(total)} vs "
            f"{ladder_name(need)}: " + ("shrugs it off" if ok else "feels it")
        )
        return ok

    def least_degree(self, wound: str) -> int | None:
        rows = [r.at_least for r in self.t.damage_results if r.wound == wound]
        return min(rows) if rows else None

    def fall(self, y: int) -> None:
        self.f[y].fell = 1 + max(f.fell for f in self.f)

    # --- 5. the round's end (design 6.5) --------------------------------------------------

    def close(self) -> None:
        for x in range(self.n):
            self.close_for(x)

    def close_for(self, x: int) -> None:
        me, d = self.f[x], self.decl[x]
        if self.in_danger(x):  # the same test as the skill cap: capped in a round, he rolls after the scene
            me.in_danger = True
        if self.able0[x] and self.fought_back(x):
            me.fought = True  # from now on his combat experience caps him to the scene's end (FU-8)
        me.tired = d is not None and d.action == "all-out-attack"
        if d is not None and self.o.reloading:
            self.spend(x, d)
            if d.action == "reload":
                self.reload_turn(x, d.weapon)  # type: ignore[arg-type]
        keep = d is not None and (d.action == "aim" or self.aimed(x))
        if d is not None and d.action == "aim":
            me.aim = (d.weapon, d.targets[0])  # type: ignore[assignment]
        if not keep or me.lost_aim or x in self.dodged or not me.able:
            if me.aim is not None and keep and me.able:  # said, not lost silently
                why = "made to dodge" if x in self.dodged else "wounded and not shrugged off"
                self.log.append(f"{self.name(x)} loses the aim: {why} (text: Aim)")
            me.aim = None  # made to dodge, or damaged and not shrugged off: the aim is lost (text)

    def spend(self, x: int, d: Decl) -> None:
        """Ammunition: 1 a shot, 3 for a burst or an automatic pistol's all-out attack, all for
        empty the clip (text)."""
        if d.action not in ATTACKS:
            return
        arm = self.arm(x)
        w = d.weapon
        loaded = self.f[x].loaded[w]  # type: ignore[index]
        if not arm.counted or loaded is None:
            return
        used = 1
        if d.action == "three-round-burst" or (d.action == "all-out-attack" and arm.spec.automatic_pistol):
            used = 3
        elif d.action == "empty-the-clip":
            used = loaded
        self.f[x].loaded[w] = max(0, loaded - used)  # type: ignore[index]

    def reload_turn(self, x: int, w: int) -> None:
        """One turn of reloading; when the weapon's turns are done it is full and a spare load
        is used. Turns already spent are kept if he does something else meanwhile [D]."""
        me = self.f[x]
        left = me.reloading[w]
        if left is None:
            left = self.reload_turns(x, w) or 1
        left -= 1
        arm = self.sheets[x].arms[w]
        if left > 0:
            me.reloading[w] = left
            self.log.append(f"{self.name(x)} reloads the {arm.name}: {left} turn{'s' * (left != 1)} to go")
            return
        me.reloading[w] = None
        me.loaded[w] = arm.spec.capacity
        if me.spare[w] is not None:
            me.spare[w] -= 1  # type: ignore[operator]
        self.log.append(f"{self.name(x)} has reloaded the {arm.name} ({arm.spec.capacity} loaded)")

    def reload_turns(self, x: int, w: int) -> int | None:
        """Turns to reload (text): crossbows by how far the user's Strength is below theirs."""
        arm = self.sheets[x].arms[w]
        short = 0
        if arm.kind == "crossbow":
            own = getattr(arm.entry, "strength", None)
            short = max(0, own - self.sheets[x].card.strength) if own is not None else 0
        return self.t.reload_turns_for(arm.entry.weapon, short)

    def can_reload(self, x: int, w: int) -> bool:
        arm = self.sheets[x].arms[w]
        if not self.o.reloading or not arm.counted:
            return False
        me = self.f[x]
        if me.reloading[w] is not None:
            return True
        if (me.loaded[w] or 0) >= (arm.spec.capacity or 0) or me.spare[w] == 0:
            return False
        return self.reload_turns(x, w) is not None

    # --- whether any hit can still wound (issue 17) ----------------------------------------

    def can_wound(self) -> bool:
        """Whether any hit by the rules could still wound anyone: an able combatant with a weapon he
        can use (loaded, or to be reloaded) whose best damage against a foe still alive reaches a
        wound after the foe's armor (or a kevlar stop roll, a Scratch). An upper bound over every
        maneuver, location and RD bonus in play, with no GM's modifier: False means no hit can."""
        for x in range(self.n):
            if not self.f[x].able:
                continue
            arms = []
            for w, arm in enumerate(self.sheets[x].arms):
                if not self.strong_enough(x, w):
                    continue
                if self.o.reloading and arm.counted and (self.f[x].loaded[w] or 0) < 1:
                    if not self.can_reload(x, w):
                        continue
                arms.append(arm)
            back = self.back_arm(x)  # a defender's blow back: his bare hands, too (FU-2, FU-11)
            if back is not None:
                arms.append(back)
            if any(self.may_wound(x, y, arm) for arm in arms for y in self.enemies(x)):
                return True
        return False

    def may_wound(self, x: int, y: int, arm: Arm) -> bool:
        """Whether ``arm`` in the hands of ``x`` could wound ``y`` at best (:meth:`can_wound`)."""
        card, o = self.sheets[x].card, self.o
        top = arm.spec.bd + o.base_damage + o.damage_dice
        if o.strength_damage:
            if arm.kind in ("melee", "thrown"):
                top += card.strength
            elif arm.kind in ("bow", "crossbow"):
                top += getattr(arm.entry, "strength", None) or 0
        bonus = 0
        if o.all_out_attack and (arm.kind in ("melee", "bow") or arm.spec.automatic_pistol):
            bonus = 1
        if o.three_round_burst and arm.spec.fire in ("auto", "auto-cutoff"):
            bonus = max(bonus, 1)
        if o.empty_the_clip and arm.spec.fire == "auto":
            bonus = 2
        top += bonus
        diff = card.scale - self.sheets[y].card.scale
        if o.scale:
            top += self.t.scale_mods(diff)[1]
        if o.rd_bonus != "off":
            attack = arm.level + 4 + 2 + (max(0, self.t.scale_mods(diff)[0]) if o.scale else 0)
            other = self.sheets[y].card
            lowest = min([other.dodge, POOR, *other.skills.values()]) - 4 - (MAX_GANG - 1) - 2 - 3
            top += max(0, self.rd_bonus(attack - lowest))
        places = [(0, False)]
        if o.hit_location:
            places += [(h.damage, h.bypasses_armor) for h in self.t.hit_locations.values()]
        armor = self.sheets[y].armor
        for extra, bypass in places:
            total = top + extra
            counts = o.armor_dr and armor is not None and not bypass
            if counts and armor is not None and armor.kind == "primitive" and arm.kind == "gun":
                counts = arm.spec.small_caliber or arm.rounds in ("sp", "hp")
            if not counts or armor is None:
                if self.t.wound_for(total) != "none":
                    return True
                continue
            if arm.kind == "gun":
                n = (armor.stop_dice or 0) and max(
                    0, (armor.stop_dice or 0) - BULLET_RANK.get(arm.spec.bullet or "pistol", 0) - (arm.rounds == "ap")
                )
                if n or arm.rounds in ("sp", "hp"):
                    return True  # a bullet stopped is a Scratch (text)
            dr = armor.dr + ({"ap": -1, "sp": 2, "hp": 2}.get(arm.rounds, 0) if arm.kind == "gun" else 0)
            if self.t.wound_for(total - max(0, dr)) != "none":
                return True
            if armor.kind == "kevlar" and self.t.wound_for(total) != "none":
                return True  # kevlar never below a Scratch (text)
        return False

    # --- the scene's end ---------------------------------------------------------------

    def fallen_side(self) -> int | None:
        """A side with no able combatant (-1: both), else None."""
        down = [s for s in (0, 1) if not any(self.f[i].able for i in range(self.n) if self.sheets[i].side == s)]
        if not down:
            return None
        return down[0] if len(down) == 1 else -1

    def finish(self, fallen: int | None) -> None:
        """The scene's end: every wound shrugged off takes full effect (FU-6), the fighters see the
        elephant (FU-8), and the result names the winners still alive and says who is then out."""
        if self.ended and self.phase != "declarations":
            for x in range(self.n):  # a round cut short still put them in danger
                if self.in_danger(x):
                    self.f[x].in_danger = True
        self.in_scene = False
        before = [self.f[x].status for x in range(self.n)]
        self.phase = "the scene's end"
        self.felt_unrolled()
        self.full_effect()
        self.phase = "seeing the elephant"
        if self.o.combat_experience:
            for x in range(self.n):
                self.elephant(x)
        self.phase = "over"
        names = [
            " & ".join(s.name for i, s in enumerate(self.sheets) if s.side == side and not self.f[i].dead)
            or " & ".join(s.name for s in self.sheets if s.side == side)
            for side in (0, 1)
        ]
        losers = [" & ".join(s.name for s in self.sheets if s.side == side) for side in (0, 1)]
        # the period is the last round played: one the GM ended before any roll of it is not [D]
        unplayed = self.ended and self.before_rolls
        period = self.st.round - 1 if unplayed else self.st.round
        when = dict(period=period, fight_time=mmss(period * ROUND_SECONDS))
        ended = "the GM ended the scene"
        if unplayed:
            declared = any(d is not None for d in self.decl)
            ended += f" before round {self.st.round}" + ("'s rolls" if declared else "")
        then = [
            x
            for x in range(self.n)
            if self.f[x].status != before[x] and (fallen is None or fallen == -1 or self.sheets[x].side != fallen)
        ]
        after = "; then " + ", ".join(f"{self.name(x)} {self.f[x].status}" for x in then) if then else ""
        if fallen is None:
            self.result = Result(None, None, "ended", ended + after, **when)
        elif fallen == -1:
            self.result = Result(None, None, "incapacitated", "both sides fell" + after, **when)
        else:
            last = max((i for i in range(self.n) if self.sheets[i].side == fallen), key=lambda i: self.f[i].fell)
            detail = self.f[last].status + after  # his wounds in full (FU-6)
            self.result = Result(names[1 - fallen], losers[fallen], "incapacitated", detail, **when)
        self.log.append(self.result.headline("round"))

    def out_from_the_start(self, fallen: int) -> Result:
        """The result of a scene one side (-1: both) comes into with nobody able to fight, its cards'
        wounds marked (issue 17): over before round 1, the other side's living the winners."""
        if fallen == -1:
            return Result(None, None, "incapacitated", "both sides out before the scene began", 0, "", mmss(0))
        out = [i for i in range(self.n) if self.sheets[i].side == fallen]
        worst = max(out, key=lambda i: (self.f[i].dead, BOXES.index(self.f[i].worst() or "scratch")))
        winners = " & ".join(s.name for i, s in enumerate(self.sheets) if s.side != fallen and not self.f[i].dead)
        losers = " & ".join(self.sheets[i].name for i in out)
        detail = f"{self.f[worst].status} before the scene began"
        return Result(winners, losers, "incapacitated", detail, 0, "", mmss(0))

    @property
    def before_rolls(self) -> bool:
        """The scene was ended before this round's first roll: the round is not counted in its time."""
        return not self.combat and not self.guard and not self.dodge

    def felt_unrolled(self) -> None:
        """A wound whose Health roll the GM's end cut off stands, felt (FU-6: "once the action ends ...
        the full effects"; decisions: "wounds already rolled stand"): its box marked, said in the log
        and on the result panel."""
        if self.unrolled is None:
            return
        y, level, wound = self.unrolled
        me = self.f[y]
        was = me.status
        me.boxes[level][me.boxes[level].index(0)] = 1
        if not me.able and not me.fell:
            self.fall(y)
        word = WOUND_WORDS[BOXES[level]]
        now = me.status
        pen = PAIN[self.sheets[y].gift].get(me.worst() or "", 0)
        effect = now if now != "fighting" else (f"{pen:+d} to every roll" if pen else "no penalty")
        self.log.append(
            f"The scene is over before {_poss(self.name(y))} Health roll: the {WOUND_WORDS[wound]} rolled stands, "
            f"{'an' if word[0] in 'AEIOU' else 'a'} {word} box felt: {effect}"
        )
        self.after.append(
            f"{self.name(y)}: {word} (no Health roll), {effect}" + (f" (was {was})" if was != now else "")
        )

    def full_effect(self) -> None:
        """FU-6: "once the action ends, however, the victim immediately suffers the full effects of
        his injuries": each wound shrugged off marks its box in full, its penalty and status with it."""
        for x in range(self.n):
            me = self.f[x]
            shrugged = [BOXES[i] for i in range(len(BOXES)) for m in me.boxes[i] if m == 2]
            if not shrugged:
                continue
            if me.dead:  # his boxes as they are; nothing more befalls the dead
                me.boxes = [[1 if m else 0 for m in row] for row in me.boxes]
                continue
            was = me.status
            for row in me.boxes:
                for j, m in enumerate(row):
                    if m == 2:
                        row[j] = 1
            words = " and ".join(WOUND_WORDS[w] for w in shrugged)
            now = me.status
            pen = PAIN[self.sheets[x].gift].get(me.worst() or "", 0)
            effect = f"{now}" if now != "fighting" else (f"{pen:+d} to every roll" if pen else "no penalty")
            line = f"The scene is over: {_poss(self.name(x))} shrugged-off {words} takes full effect: {effect}"
            self.log.append(line)
            self.after.append(f"{self.name(x)}: {words} in full, {effect}" + (f" (was {was})" if was != now else ""))

    def elephant(self, x: int) -> None:
        """ "Seeing the elephant": a fighter who was in danger rolls 4dF; all '+' raises a Green or
        Fair one's combat experience one level (text); a Veteran who makes it gets a gift the GM
        names (FU-8), logged. [D] the dead do not roll."""
        me = self.f[x]
        if not me.in_danger or me.dead:
            return
        veteran = me.experience == "veteran"
        prompt = RollPrompt(
            self.name(x),
            self.sheets[x].side,
            FOUR_DF,
            "seeing the elephant",
            0,
            against="all '+'",
            note=f"all '+': the GM gives {self.name(x)} a gift (FU-8)"
            if veteran
            else f"all '+': {_poss(self.name(x))} combat experience improves one level",
        )
        faces = self.take(lambda: prompt)
        if not all(v == 1 for v in faces):
            self.log.append(f"{self.name(x)} rolls {_faces(faces)}: still {me.experience}")
            return
        if not veteran:
            me.experience = EXPERIENCE[EXPERIENCE.index(me.experience) + 1]
            self.log.append(f"{self.name(x)} rolls {_faces(faces)}: has seen the elephant, now {me.experience}")
            self.after.append(f"{self.name(x)}: now {me.experience} (seeing the elephant)")
            return
        self.log.append(f"{self.name(x)} rolls {_faces(faces)}: a Veteran improves: the GM names a gift")
        gift = self.gift(x)
        me.gained = me.gained + (gift,)
        shown = GIFTS.get(gift, gift.replace("-", " "))
        self.log.append(f"{self.name(x)} gains the gift {shown} (FU-8)")
        self.after.append(f"{self.name(x)}: gains the gift {shown}")

    def gift(self, x: int) -> str:
        """The gift the GM gives a Veteran who improved (FU-8): one of :data:`GIFTS` he lacks, or one
        the GM names (``other iron will``)."""
        have = set(getattr(self.sheets[x].card, "gifts", None) or ()) | set(self.f[x].gained)
        if "low-pain-threshold" in have:
            have.add("high-pain-threshold")  # the two thresholds cannot both be taken
        options = [Choice(k, v, "", v) for k, v in GIFTS.items() if k not in have] or [
            Choice(k, v, "", v) for k, v in GIFTS.items()
        ]
        advised = "combat-reflexes" if "combat-reflexes" not in have else None
        value = self.take(
            lambda: ChoicePrompt(
                self.name(x),
                self.sheets[x].side,
                f"the gift the GM gives {self.name(x)}",
                tuple(options),
                advised,
                (OTHER_GIFT,),
            )
        )
        return value.key if isinstance(value, NamedGift) else str(value)


# --- words ----------------------------------------------------------------------------


def _faces(faces: tuple[int, ...]) -> str:
    return " ".join({1: "+", -1: "-", 0: "0"}[v] for v in faces)


def _sum_words(
    parts: list[tuple[str, int]] | tuple[tuple[str, int], ...], faces: tuple[int, ...], *, level: bool = True
) -> str:
    """``Great (+2) - 1 (Hurt) + 1``: the first part as a ladder level (``level``) or as
    ``BD 0``, then the modifiers, then the dice."""
    dice = sum(faces)
    dice_words = f"{'-' if dice < 0 else '+'} {abs(dice)} (dice)"
    if not parts:
        return dice_words
    (label, value), rest = parts[0], parts[1:]
    text = ladder_show(value) if level else f"{label} {value}"
    for name, v in rest:
        text += f" {'-' if v < 0 else '+'} {abs(v)} ({name})"
    return f"{text} {dice_words}"


# --- the ruleset ------------------------------------------------------------------------


class Fudge(SceneRuleset):
    """Simultaneous Combat for Fudge (registered in ``companion.ruleset.GAMES``)."""

    key = "fudge"
    title = "Simultaneous Combat for Fudge"
    short_title = "Fudge"
    card_model = FudgeCard
    options = OPTIONS
    round_class = Round
    tables: ClassVar[Any] = tables_mod

    def roster_note(self, card: FudgeCard) -> str:
        return str(card.setting)

    reserved = ("done", "end", "gm", "other")
    """'done' ends a list of targets; 'end' ends the scene and 'gm' adds a GM's modifier at any
    prompt; 'other' names a gift: no combatant may be named so."""

    def card_check(self, card: Any, tables: Any) -> list[str]:
        return check_against(card, tables)

    """A card's keys against the tables in play (``companion fighters check``; a scene checks them at its start)."""
    most = 16
    """A scene of up to 16 (issue 17: "at least 12"): the side panels scroll."""
    copies = True
    """The same card several times is an NPC group: "Orc Guard 1", "Orc Guard 2" ..."""

    def new(self, setup: Setup) -> FudgeState:
        given = dict(setup.options)
        legacy = given.pop(LEGACY_MANEUVERS, None)
        if legacy is not None:  # a fight saved before FU-9: its one switch is each maneuver's own
            for m in MANEUVERS:
                given.setdefault(m.replace("-", "_"), legacy)
        options = Options.of(given)
        tables, cards, sides = self.begin(setup)
        sheets = tuple(
            Sheet(
                card,
                side,
                slug(card.name),
                _arms(card, tables),
                tables.armor(card.armor) if getattr(card, "armor", None) else None,
            )
            for card, side in zip(cards, sides)
        )
        fighters = tuple(_fresh(sheet) for sheet in sheets)
        state = FudgeState(tables, sheets, options, fighters)
        rnd = Round(state)
        fallen = rnd.fallen_side()
        if fallen is not None:  # a side comes in already out (its cards' wounds): over at once (design 6.5)
            over: FudgeState = evolve(state, result=rnd.out_from_the_start(fallen))
            return over
        started: FudgeState = evolve(state, stalled=not rnd.can_wound())
        return started

    def apply(self, state: FudgeState, answer: Answer) -> Outcome:
        """:meth:`SceneRuleset.apply`; when a round ends with no hit able to wound any more, the log
        says so once (issue 17), so the GM knows to end the scene."""
        out = super().apply(state, answer)
        new: FudgeState = out.state
        first = state.round == 1 and not state.inputs  # stalled from the start: said with the first answer
        if new.stalled and (first or not state.stalled) and new.result is None:
            return Outcome(new, out.log + (STALLED,))
        return out

    def round_end(self, rnd: Any) -> dict[str, Any]:
        """What a finished round sets beside the numbers: whether any hit can still wound; what the
        scene's end changed (FU-6, FU-8), for the result panel."""
        return {"stalled": rnd.result is None and not rnd.can_wound(), "after": tuple(rnd.after)}

    def status(self, state: FudgeState) -> str:
        line = super().status(state)
        return line + " · no hit can wound any more: end ends the scene" if state.stalled and not state.result else line

    def summary(self, state: FudgeState) -> list[str]:
        """Lines for the result panel: what the scene's end changed (wounds in full, FU-6;
        experience and gifts, FU-8), and the key that writes them to the cards."""
        if state.result is None:
            return []
        lines = list(state.after)
        if self.write_back(state):
            lines.append("f5 writes the wounds and experience to the cards")
        return lines

    # --- after the scene: what goes back on the cards (issue 17) -----------------------

    def write_back(self, state: FudgeState) -> dict[str, dict[str, Any]]:
        """What the scene changed on each combatant's card, by name: ``experience`` (seeing the
        elephant), ``gifts`` (the card's with those gained, FU-8), ``wounds`` (each level's marked
        boxes, all felt once the scene is over, FU-6). Only fields that differ from the card; empty
        before the scene is over, and for a combatant the scene left as he came."""
        if state.result is None:
            return {}
        out: dict[str, dict[str, Any]] = {}
        for sheet, me in zip(state.sheets, state.fighters):
            card = sheet.card
            change: dict[str, Any] = {}
            if me.experience != (getattr(card, "experience", None) or "veteran"):
                change["experience"] = me.experience
            if me.gained:
                change["gifts"] = list(getattr(card, "gifts", None) or ()) + list(me.gained)
            wounds = {BOXES[i]: sum(1 for m in me.boxes[i] if m) for i in range(len(BOXES))}
            wounds = {k: v for k, v in wounds.items() if v}
            if wounds != dict(getattr(card, "wounds", None) or {}):
                change["wounds"] = wounds
            if change:
                out[sheet.name] = change
        return out

    # --- what the screens show ---------------------------------------------------------

    def trackers(self, state: FudgeState) -> dict[str, dict[str, Any]]:
        rnd = self.live(state)
        out = {}
        for x, sheet in enumerate(state.sheets):
            me = rnd.f[x]
            boxes = {BOXES[i]: [m != 0 for m in me.boxes[i]] for i in range(len(BOXES))}
            row: dict[str, Any] = {
                "side": SIDES[sheet.side],
                "boxes": boxes,
                # each box felt, shrugged off (no penalty till the scene ends, FU-6) or free: the panel draws these
                "marks": {BOXES[i]: [MARK_WORDS[m] for m in me.boxes[i]] for i in range(len(BOXES))},
                "suppressed": [BOXES[i] for i in range(len(BOXES)) for m in me.boxes[i] if m == 2],
                "penalty": rnd.penalty(x),
                "status": me.status,
                "aim": 1 if me.aim is not None else 0,
                "tired": me.tired,
                # short: the side panel's line holds the target, the location and the weapon
                "action": rnd.declared_words(x, d, short=True) if (d := rnd.decl[x]) is not None else None,
                "experience": me.experience,
                "gifts": list(getattr(sheet.card, "gifts", None) or ()) + list(me.gained),
            }
            if state.options.reloading:
                counted = [(w, a) for w, a in enumerate(sheet.arms) if a.counted]
                row["ammo"] = {a.key: me.loaded[w] for w, a in counted}
                row["reloads"] = {a.key: me.spare[w] for w, a in counted}
                row["reload_turns"] = {a.key: me.reloading[w] for w, a in counted if me.reloading[w] is not None}
                # the weapon declared this round, the one in hand: the panel shows its loads alone
                d = rnd.decl[x]
                w = d.weapon if d is not None else None
                row["in_hand"] = sheet.arms[w].key if w is not None and sheet.arms[w].counted else None
            out[sheet.name] = row
        return out

    def odds(self, state: FudgeState, *, wait: bool = False) -> Any:
        """The odds of the roll asked for (issue 8): at a combat roll or a dodge, the chance of each
        exchange it takes part in to hit and of each wound; at a stop or damage roll, of each wound."""
        if state.result is not None:
            return None
        from companion.rulesets.fudge_odds import roll_odds  # the odds load only when asked for

        return roll_odds(self.live(state))

    def reference(self, state: FudgeState) -> Reference | None:
        rnd = self.live(state)
        if rnd.asking == "location":
            return locations_reference(state.tables)
        if rnd.phase == "damage" and (rnd.asking == "damage" or rnd.last_degree is not None):
            return damage_reference(state.tables, None if rnd.asking == "damage" else rnd.last_degree)
        return ladder_reference(rnd.last_result)


def _fresh(sheet: Sheet) -> Fighter:
    """A combatant as he comes into the scene: the wounds his card carries from earlier scenes
    marked (felt), his weapons loaded, his spare loads."""
    carried = dict(getattr(sheet.card, "wounds", None) or {})
    boxes = tuple(
        tuple(
            1 if i < carried.get(b, 0) else 0
            for i in range(3 if b == "scratch" else sheet.hurt_boxes if b == "hurt" else 1)
        )
        for b in BOXES
    )
    loaded = tuple(a.spec.capacity if a.counted else None for a in sheet.arms)
    spare = tuple(getattr(a.entry, "reloads", None) if a.counted else None for a in sheet.arms)
    exp = getattr(sheet.card, "experience", None) or "veteran"
    return Fighter(boxes, False, loaded, spare, tuple(None for _ in sheet.arms), None, False, exp, False, 0, None)


# --- reference tables -------------------------------------------------------------------


def ladder_reference(result: int | None) -> Reference:
    rows = tuple((word, f"{level:+d}" if level else "0") for word, level in reversed(LADDER.items()))
    levels = list(reversed(LADDER.values()))
    highlight = levels.index(result) if result in levels else None
    return Reference(
        "The Fudge ladder (FU-1)",
        ("level", "value"),
        rows,
        highlight,
        "A result is the trait plus 4dF; at least Poor is needed to hit an equal-sized target (FU-2).",
    )


def damage_reference(tables: Tables, degree: int | None) -> Reference:
    rows = []
    highlight = None
    for i, row in enumerate(tables.damage_results):
        rows.append((f"{ladder_name(row.at_least)} or better", WOUND_WORDS[row.wound]))
        if highlight is None and degree is not None and degree >= row.at_least:
            highlight = i
    last = tables.damage_results[-1].at_least
    rows.append((f"{ladder_name(last - 1)} or worse", WOUND_WORDS["none"]))
    if degree is not None and highlight is None:
        highlight = len(rows) - 1
    return Reference(
        "Damage roll results (FU-3)",
        ("damage degree", "wound"),
        tuple(rows),
        highlight,
        "BD + dF + modifiers, less the armor's DR; a wound with no box left takes the next worse (FU-4).",
    )


def locations_reference(tables: Tables) -> Reference:
    rows = tuple(
        (h.name, f"{h.attack:+d}", f"{h.damage:+d}", "yes" if h.bypasses_armor else "")
        for h in tables.hit_locations.values()
    )
    return Reference(
        "Hit locations (the project's reconstruction, FU-5)", ("location", "to hit", "damage", "bypasses armor"), rows
    )


RULESET = Fudge()
