"""Simultaneous Combat for Fudge: a scene of 2-8 combatants on two sides,
declarations, simultaneous 4dF combat rolls and dodges, damage rolls read on
the damage results, wound boxes.

Rules: ``shared/rules/source/fudge_simultaneous_combat.txt`` as settled by
rulings FU-1 to FU-5; the engine follows ``docs/fudge_design.md`` (sections 2,
5-8). What neither says is decided here, each decision marked [D] where built.
The tables (weapons' BD, armor, hit locations, scale, reload turns, the damage
results of FU-3) are data (``fudge.yaml``, checked by ``fudge_tables``).

A round: every able combatant declares (action, weapon, target(s), location,
whether a shot's target is aware) in scene order; then each rolls his combat
roll and/or his dodge (4dF, FU-1) in scene order; then every attack is resolved
at once (FU-2) and each hit gets its kevlar stop roll, damage roll and Health
roll (FU-3, FU-4) in the order found; then the round closes (aim, all-out
attack's penalty, ammunition, reloads). As Cage Match does, the state keeps the
answers given so far in the round and replays them through :class:`Round`,
which asks for the next answer where they run out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.clock import mmss
from companion.dice import FUDGE, Dice
from companion.replay import ReplayRound, SceneRuleset, slug
from companion.ruleset import (
    SIDES,
    Choice,
    ChoicePrompt,
    OptionSpec,
    Prompt,
    Reference,
    Result,
    RollPrompt,
    Setup,
    resolve_options,
)
from companion.rulesets import fudge_tables as tables_mod
from companion.rulesets.fudge_cards import FudgeCard, check_against
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
    "end": "end the scene",
}
ACTION_WHY = {
    "attack": "a combat roll against the target's combat roll (melee) or dodge (ranged)",
    "aim": "no attack now; +1 to hit the same target next turn and after (text: Aim)",
    "all-out-attack": "+1 to hit and damage, -2 to everything next turn",
    "all-out-defense": "+1 to the combat roll or dodge; no damage dealt",
    "empty-the-clip": "+1 to hit, +2 damage, -1 to both per target after the first; empties the gun",
    "hit-location": "aim for a hit location: its attack penalty and damage bonus",
    "suicidal-aggression": "hit on Poor (+PD) whatever he rolls; so can his foe",
    "three-round-burst": "+1 to hit and damage, 3 rounds",
    "wild-swing": "+1 to hit, -2 damage (weapon skill below Fair)",
    "defend": "no attack; rolls only if attacked",
    "reload": "a turn spent reloading",
    "end": "the GM ends the scene here (no winner)",
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
PAIN = {
    None: {"hurt": -1, "very_hurt": -2},
    "high-pain-threshold": {"hurt": 0, "very_hurt": -1},
    "low-pain-threshold": {"hurt": -2, "very_hurt": -3},
}
"""Wound penalties (FU-4: Hurt -1, Very Hurt -2); the pain threshold gifts [R, design section 6.2]."""
BULLET_RANK = {"pistol": 0, "smg": 1, "rifle": 2}
"""Kevlar's stopping dice lost against each bullet type (text: smg -1dF, rifle -2dF)."""
EXPERIENCE = ("green", "fair", "veteran")
EXPERIENCE_CAP = {"green": POOR, "fair": LADDER["Fair"]}
"""Combat experience: a Green fighter's skills are Poor, a Fair one's Fair, while in danger (text)."""
BRAWLING = ("brawl", "unarmed", "martial", "fist", "boxing", "wrestl")
"""Skill names read as unarmed melee skills for a defender holding no melee weapon [D]."""


def _fudge(n: int) -> Dice:
    return Dice.of(*(FUDGE,) * n)


FOUR_DF = _fudge(4)


# --- options ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    health_rolls: bool = False
    armor_dr: bool = False
    armor_pd: bool = False
    strength_damage: bool = False
    scale: bool = False
    reloading: bool = False
    minimum_strength: bool = False
    damage_dice: int = 4
    rd_bonus: str = "off"
    rd_penalty: bool = False
    combat_experience: bool = False
    maneuvers: bool = False
    base_damage: int = 0


_OFF_ON = (False, True)
OPTIONS = (
    OptionSpec(
        "health_rolls",
        "Health rolls",
        False,
        _OFF_ON,
        "a Health roll after any wound worse than a Scratch; made, it is shrugged off till the scene ends",
    ),
    OptionSpec(
        "armor_dr",
        "Armor DR",
        False,
        _OFF_ON,
        "armor reduces the damage degree; kevlar's stopping dice; AP, SP and HP rounds",
    ),
    OptionSpec("armor_pd", "Armor PD", False, _OFF_ON, "passive defence: the attack's RD must reach the armor's PD"),
    OptionSpec(
        "strength_damage",
        "Strength damage",
        False,
        _OFF_ON,
        "Strength adds to melee and thrown damage; a bow's or crossbow's own Strength to its damage",
    ),
    OptionSpec(
        "scale",
        "Scale modifiers",
        False,
        _OFF_ON,
        "attacker's scale minus defender's gives attack and damage modifiers (+10: -2 to hit, +5 damage)",
    ),
    OptionSpec("reloading", "Reloading", False, _OFF_ON, "ammunition is counted; reloading takes turns"),
    OptionSpec(
        "minimum_strength",
        "Minimum Strength",
        False,
        _OFF_ON,
        "weapons too heavy cannot be used; firearms -1 to skill per Strength level short",
    ),
    OptionSpec("damage_dice", "Damage dice", 4, (4, 3, 2, 1), "dF rolled for damage (4: the basic rule)"),
    OptionSpec(
        "rd_bonus",
        "Attack RD bonus",
        "off",
        ("off", "rd-1", "rd", "rd-2"),
        "the attack's relative degree adds to damage: RD-1, RD or RD-2",
    ),
    OptionSpec("rd_penalty", "RD penalty", False, _OFF_ON, "with the RD bonus: a negative bonus is applied too"),
    OptionSpec(
        "combat_experience",
        "Combat experience",
        False,
        _OFF_ON,
        "Green fighters' skills Poor, Fair ones' Fair while in danger; the improvement roll after the scene",
    ),
    OptionSpec(
        "maneuvers",
        "Maneuvers",
        False,
        _OFF_ON,
        "aim, all-out attack and defense, empty the clip, hit location, suicidal aggression, "
        "three-round burst, wild swing",
    ),
    OptionSpec("base_damage", "Modify base damage", 0, (-2, -1, 0, 1, 2), "every weapon's base damage shifted"),
)


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
        return self.spec.kind

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
        return self.entry.skill


@dataclass(frozen=True)
class Sheet:
    card: Any
    side: int
    slug: str
    arms: tuple[Arm, ...]
    armor: Armor | None

    @property
    def name(self) -> str:
        return self.card.name

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
        return self.card.skills.get(name, POOR)

    def melee_defence(self) -> tuple[str, int]:
        """The skill a defender holding no attack rolls in melee: his best melee weapon's
        skill or unarmed skill, else Poor (design section 3) [D]."""
        best: tuple[str, int] | None = None
        names = [a.skill for a in self.arms if a.kind == "melee"]
        names += [s for s in self.card.skills if any(w in s.lower() for w in BRAWLING)]
        for s in names:
            lv = self.skill(s)
            if best is None or lv > best[1]:
                best = (s, lv)
        return best or ("default", POOR)


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
    defender: int
    rd: int


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
        self.dodge: dict[int, int] = {}
        self.dodged: set[int] = set()
        self.phase = "declarations"
        self.asking: str | None = None
        """What the current prompt is for (``location``, ``damage``), for the reference view."""
        self.last_degree: int | None = None
        self.tied: set[tuple[int, int]] = set()
        """(attacker, defender) exchanges that were ties this round."""
        self.rolling: tuple[int, str] | None = None
        """(who, ``combat`` or ``dodge``) of the last combat roll or dodge asked for (its odds, issue 8)."""
        self.hitting: Hit | None = None
        """The hit whose stop or damage roll was last asked for (its odds, issue 8)."""
        self.last_result: int | None = None
        self.ended = False
        self.result: Result | None = None
        self.need: Prompt | None = None
        self.done = False

    # --- plumbing -------------------------------------------------------------

    def choose(self, x: int, reason: str, options: list[Choice], advised: str | None) -> str:
        return self.take(lambda: ChoicePrompt(self.name(x), self.sheets[x].side, reason, tuple(options), advised))

    def name(self, x: int) -> str:
        return self.sheets[x].name

    def enemies(self, x: int) -> list[int]:
        """The enemies that can be attacked: any not dead (design 6.1)."""
        return [y for y in range(self.n) if self.sheets[y].side != self.sheets[x].side and not self.f[y].dead]

    # --- the round ------------------------------------------------------------

    def play(self) -> None:
        self.declarations()
        if not self.ended:
            self.rolls()
            hits = self.resolve()
            self.phase = "damage"
            for hit in hits:
                self.damage(hit)
            self.close()
        fallen = self.fallen_side()
        if self.ended or fallen is not None:
            self.finish(fallen)

    # --- 1. declarations (design 6.1) -------------------------------------------

    def declarations(self) -> None:
        first = True
        for x in range(self.n):
            if not self.able0[x]:
                continue
            decl = self.declare(x, first)
            first = False
            if decl is None:
                self.ended = True
                self.log.append(f"{self.name(x)}: the GM ends the scene")
                return
            self.decl[x] = decl
            if decl.action in ATTACKS and decl.targets:
                self.f[x].foe = decl.targets[0]
            self.log.append(f"{self.name(x)}: {self.declared_words(x, decl)}")

    def declare(self, x: int, first: bool) -> Decl | None:
        options = self.actions(x)
        if first:
            options.append(Choice("end", ACTION_WORDS["end"], ACTION_WHY["end"]))
        keys = [c.key for c in options]
        advised = "attack" if "attack" in keys else "defend"
        action = self.choose(x, "action", options, advised)
        if action == "end":
            return None
        if action in ("defend", "all-out-defense"):
            return Decl(action)
        arms = self.fitting(x, action)
        w = arms[0] if len(arms) == 1 else self.pick_weapon(x, action, arms)
        if action == "reload":
            return Decl(action, w)
        arm = self.sheets[x].arms[w]
        targets = [self.pick_target(x, arm, action, "target", ())]
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
        """The actions ``x`` can take now: attack (if any weapon can), the maneuvers that fit
        his weapons (with ``maneuvers``), defend, and reload (with ``reloading``)."""
        keys = ["attack"]
        if self.o.maneuvers:
            keys += list(MANEUVERS)
        keys += ["defend", "reload"]
        out = []
        for key in keys:
            if key in ("defend", "all-out-defense") or self.fitting(x, key):
                out.append(Choice(key, ACTION_WORDS[key], ACTION_WHY[key]))
        return out

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
        options = [Choice(sheet.arms[w].key, sheet.arms[w].name, self.weapon_why(x, w)) for w in arms]
        key = self.choose(x, "weapon", options, sheet.arms[arms[0]].key)
        return next(w for w in arms if sheet.arms[w].key == key)

    def weapon_why(self, x: int, w: int) -> str:
        arm = self.sheets[x].arms[w]
        why = f"{arm.skill} {ladder_name(arm.level)}, BD {arm.spec.bd}"
        loaded = self.f[x].loaded[w]
        if self.o.reloading and arm.counted:
            why += f", {loaded} loaded"
        return why

    def pick_target(self, x: int, arm: Arm, action: str, reason: str, chosen: tuple[int, ...]) -> int | None:
        ys = [y for y in self.targets(x, arm) if y not in chosen]
        if not ys and chosen:
            return None
        if len(ys) == 1 and not chosen:
            return ys[0]  # [D] one enemy to turn on: not asked, as a weapon is not when only one fits
        options = [Choice(self.sheets[y].slug, self.name(y), self.target_why(x, y)) for y in ys]
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
        he fought last (his foe), else the first (design 6.1) [D]."""
        aim = self.f[x].aim
        if aim is not None and aim[1] in ys:
            return aim[1]
        for y in ys:
            d = self.decl[y]
            if d is not None and d.action in ATTACKS and x in d.targets:
                return y
        foe = self.f[x].foe
        return foe if foe in ys else ys[0]

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
            Choice("aware", f"{self.name(y)} sees it coming", "he dodges: an opposed roll"),
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
        self.phase = "rolls"
        for x in range(self.n):
            if not self.able0[x]:
                continue
            if self.is_attack(x) or self.melee_attackers(x):
                self.combat[x] = self.combat_roll(x)
            if self.shot_at(x, aware=True):
                self.dodged.add(x)
                self.dodge[x] = self.dodge_roll(x)

    def in_danger(self, x: int) -> bool:
        """Combat experience caps skills while his life is at risk; not an ambusher whose
        targets are all unaware and who is attacked by nobody (text) [D]."""
        d = self.decl[x]
        ambush = d is not None and d.action in ATTACKS and set(d.targets) <= set(d.unaware)
        attacked = self.melee_attackers(x) or self.shot_at(x, aware=False)
        return not ambush or bool(attacked)

    def skill_part(self, x: int, label: str, level: int) -> tuple[str, int]:
        """The skill rolled, capped by combat experience (text: Green Poor, Fair Fair)."""
        exp = self.f[x].experience
        cap = EXPERIENCE_CAP.get(exp)
        if self.o.combat_experience and cap is not None and level > cap and self.in_danger(x):
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
        """The combat roll of ``x``: (its modifiers, what it is for, what it is against, the level an
        unopposed attack must reach). The odds read the modifiers before the roll is asked for."""
        sheet = self.sheets[x]
        if self.is_attack(x):
            arm = self.arm(x)
            skill = self.skill_part(x, arm.skill, arm.level)
            extra = self.attack_parts(x)
            what = f"combat roll, {arm.skill}"
            against, unopposed = self.attack_against(x)
        else:
            name, level = sheet.melee_defence()
            skill = self.skill_part(x, name, level)
            extra = []
            what = f"combat roll, {name} (defending)"
            against = " & ".join(self.name(a) + "'s combat roll" for a in self.melee_attackers(x))
            unopposed = False
        target = POOR if unopposed and not self.melee_attackers(x) else None
        return [skill] + self.personal(x) + extra, what, against, target

    def combat_roll(self, x: int) -> int:
        parts, what, against, target = self.combat_parts(x)
        self.rolling = (x, "combat")
        return self.roll4(x, what, parts, against, target)

    def attack_against(self, x: int) -> tuple[str, bool]:
        """What the attack roll is compared with, in words; and whether it is unopposed throughout."""
        d = self.decl[x]
        assert d is not None
        if all(y in d.unaware or not self.able0[y] for y in d.targets):
            return "Poor (unopposed: the target cannot defend)", True
        kind = "combat roll" if self.is_melee(x) else "dodge"
        return " & ".join(f"{self.name(y)}'s {kind}" for y in d.targets), False

    def dodge_parts(self, x: int) -> list[tuple[str, int]]:
        """The dodge's modifiers (read by the odds before the dodge is asked for)."""
        return [self.skill_part(x, "Dodge", self.sheets[x].card.dodge)] + self.personal(x, melee=False)

    def dodge_roll(self, x: int) -> int:
        against = " & ".join(self.name(a) + "'s shot" for a in self.shot_at(x, aware=True))
        note = "being made to dodge loses the aim" if self.f[x].aim is not None else ""
        self.rolling = (x, "dodge")
        return self.roll4(x, "dodge", self.dodge_parts(x), against, None, note)

    def roll4(
        self, x: int, what: str, parts: list[tuple[str, int]], against: str, target: int | None, note: str = ""
    ) -> int:
        mod = sum(v for _, v in parts)
        prompt = RollPrompt(
            self.name(x),
            self.sheets[x].side,
            FOUR_DF,
            what,
            mod,
            tuple(parts),
            against=against,
            target=target,
            note=note,
        )
        faces = self.take(lambda: prompt)
        total = mod + sum(faces)
        self.last_result = total
        self.log.append(
            f"{self.name(x)} rolls {_faces(faces)}: {_sum_words(parts, faces)} = {ladder_name(total)} ({what})"
        )
        return total

    # --- 3. resolution (design 6.3, FU-2) ------------------------------------------------

    def resolve(self) -> list[Hit]:
        self.phase = "resolution"
        hits = []
        for x in range(self.n):
            if not self.is_attack(x):
                continue
            for y in self.decl[x].targets:  # type: ignore[union-attr]
                hit = self.exchange(x, y)
                if hit is not None:
                    hits.append(hit)
        return hits

    def pairing(self, x: int, y: int) -> list[tuple[str, int]]:
        """Modifiers of the attack of ``x`` on ``y`` alone: scale (attacker's minus defender's,
        text), hit location (text)."""
        parts = []
        if self.o.scale:
            diff = self.sheets[x].card.scale - self.sheets[y].card.scale
            attack, _ = self.t.scale_mods(diff)
            if attack:
                parts.append((f"scale {diff:+d}", attack))
        loc = self.decl[x].location  # type: ignore[union-attr]
        if loc is not None:
            h = self.t.hit_locations[loc]
            if h.attack:
                parts.append((h.name.lower(), h.attack))
        return parts

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
        shown = self.name(x) + "'s " + ladder_name(self.combat[x])
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
            self.log.append(f"{line}: {self.name(x)} {'hits' if ok else 'misses'}")
            return Hit(x, y, xr - POOR) if ok else None  # its RD, for the RD bonus: over Poor [D]
        yr = self.combat[y] if melee else self.dodge[y]
        kind = "" if melee else " dodge"
        text = f"{shown} vs {self.name(y)}'s{kind} {ladder_name(yr)}"
        rd = xr - yr
        if rd >= 1 and xr < POOR:
            self.log.append(f"{text}: no hit (below Poor, RD {rd})")
            return None
        if melee and rd >= max(1, pd):
            blocker = self.unbeaten(x, y)
            if blocker is not None:  # a defender ganged up on hits his choice only if he beats them all (FU-2)
                self.log.append(f"{text}: no hit ({self.name(x)} did not beat {self.name(blocker)}, RD {rd})")
                return None
        return self.verdict(x, y, text, rd, True, pd)

    def exchange_if(self, x: int, y: int, combat: dict[int, int], dodge: dict[int, int]) -> Hit | None:
        """:meth:`exchange` with these combat rolls and dodges put in (for the odds, issue 8): the
        round's own rule, its log, ties and rolls left as they were."""
        saved = self.combat, self.dodge, self.log, self.tied
        self.combat, self.dodge, self.log, self.tied = (
            {**self.combat, **combat},
            {**self.dodge, **dodge},
            [],
            set(self.tied),
        )
        try:
            return self.exchange(x, y)
        finally:
            self.combat, self.dodge, self.log, self.tied = saved

    def rollers(self, x: int, y: int) -> tuple[list[int], list[int]]:
        """Whose combat rolls and whose dodges the exchange of ``x`` on ``y`` reads: the attacker's, a
        melee target's, the other attackers of a defender countering one of them (FU-2), a dodge."""
        combat, dodge = [x], []
        if self.is_melee(x):
            if self.able0[y]:
                combat.append(y)
            attackers = self.melee_attackers(x)
            if y in attackers and len(attackers) > 1:
                combat += [z for z in attackers if z not in combat]
        elif self.able0[y] and y not in self.decl[x].unaware:  # type: ignore[union-attr]
            dodge.append(y)  # an aware target dodges the shot (rolls)
        return combat, dodge

    def verdict(self, x: int, y: int, text: str, rd: int, opposed: bool, pd: int) -> Hit | None:
        """Opposed: RD 1 or more hits; unopposed: RD 0 (FU-2); and RD at least the PD (text)."""
        least = 1 if opposed else 0
        if rd >= max(least, pd):
            self.log.append(f"{text}: {self.name(x)} hits (RD {rd})")
            return Hit(x, y, rd)
        if rd >= least:
            self.log.append(f"{text}: no hit (RD {rd}, below {self.name(y)}'s armor PD {pd})")
        elif opposed and rd == 0:
            # two who attack each other in melee share one roll-off: its tie is said once
            if not (self.is_melee(y) and x in self.decl[y].targets and (y, x) in self.tied):  # type: ignore[union-attr]
                self.log.append(f"{text}: a tie")
            self.tied.add((x, y))
        else:
            self.log.append(f"{text}: {self.name(x)} misses (RD {rd})")
        return None

    def unbeaten(self, x: int, y: int) -> int | None:
        """When ``x`` strikes back at ``y``, one of his several melee attackers, he must have
        beaten every one of them (FU-2): the first he did not beat, else None. [D] the counter
        of a defender ganged up on is his declared melee target among them."""
        attackers = self.melee_attackers(x)
        if y not in attackers or len(attackers) < 2:
            return None
        for z in attackers:
            if z == y:
                continue
            zr = self.combat[z] + sum(v for _, v in self.pairing(z, x))
            if self.combat[x] - zr < 1:
                return z
        return None

    # --- 4. damage (design 6.4, FU-3, FU-4) ----------------------------------------------

    def damage(self, hit: Hit) -> None:
        x, y = hit.attacker, hit.defender
        if self.stopped(hit):
            self.wound(y, "scratch", None)
            return
        parts = self.damage_parts(hit)
        mod = sum(v for _, v in parts)
        dr, kevlar = self.dr(hit)
        note = f"{self.name(y)}'s armor DR {dr}" + (" (never below a Scratch)" if kevlar else "") if dr else ""
        dice = _fudge(self.o.damage_dice)
        self.hitting = hit
        self.asking = "damage"
        prompt = RollPrompt(
            self.name(x),
            self.sheets[x].side,
            dice,
            f"damage to {self.name(y)}",
            mod,
            tuple(parts),
            against="the damage results",
            note=note,
        )
        faces = self.take(lambda: prompt)
        self.asking = None
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
        """BD and every damage modifier (FU-3, text's options and maneuvers)."""
        x, y = hit.attacker, hit.defender
        arm, d, card = self.arm(x), self.decl[x], self.sheets[x].card
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
            parts.append((f"RD {hit.rd}", bonus))
        return parts

    def rd_bonus(self, rd: int) -> int:
        """The attack RD bonus (text: RD-1, RD or RD-2; a penalty too only with ``rd_penalty``)."""
        shift = {"off": None, "rd-1": 1, "rd": 0, "rd-2": 2}[self.o.rd_bonus]
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
        loc = self.decl[x].location  # type: ignore[union-attr]
        if loc is not None and self.t.hit_locations[loc].bypasses_armor:
            return None
        arm = self.arm(x)
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
        arm = self.arm(hit.attacker)
        if arm.kind == "gun":
            dr += {"ap": -1, "sp": 2, "hp": 2}.get(arm.rounds, 0)
        return max(0, dr), armor.kind == "kevlar"

    def stop_dice(self, hit: Hit) -> int:
        """Kevlar's stopping dF against this bullet: the armor's dice less 1 against SMGs, 2
        against rifles; AP counts one type higher; SP/HP: any armor gets at least 1 (text)."""
        armor = self.armor_against(hit)
        arm = self.arm(hit.attacker)
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
        )
        faces = self.take(lambda: prompt)
        through = all(v == -1 for v in faces)
        self.log.append(
            f"{self.name(y)}'s {armor.name} rolls {_faces(faces)}: "
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
            self.log.append(f"{who}'s {WOUND_WORDS[wound]} boxes are full: marks {WOUND_WORDS[BOXES[level]]}")
        mark = 1
        if level > 0 and self.o.health_rolls:
            mark = 2 if self.health_roll(y, level, degree) else 1
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

    def health_roll(self, y: int, level: int, degree: int | None) -> bool:
        """The Health roll: at least the damage degree and the wound is shrugged off until the
        scene ends (text). A wound moved to a worse box (FU-4) must be shrugged off at that
        box's least degree on the damage results [D]."""
        need = degree if degree is not None else POOR
        floor = self.least_degree(BOXES[level])
        if floor is not None and floor > need:
            need = floor
        health = self.sheets[y].card.health
        parts = ((f"Health {ladder_name(health)}", health),)
        prompt = RollPrompt(
            self.name(y),
            self.sheets[y].side,
            FOUR_DF,
            "health roll",
            health,
            parts,
            against=f"the damage degree, {ladder_name(need)}",
            target=need,
            note="made: no penalty from this wound until the scene ends",
        )
        faces = self.take(lambda: prompt)
        total = health + sum(faces)
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
        me.tired = d is not None and d.action == "all-out-attack"
        if d is not None and self.o.reloading:
            self.spend(x, d)
            if d.action == "reload":
                self.reload_turn(x, d.weapon)  # type: ignore[arg-type]
        keep = d is not None and (d.action == "aim" or self.aimed(x))
        if d is not None and d.action == "aim":
            me.aim = (d.weapon, d.targets[0])  # type: ignore[assignment]
        if not keep or me.lost_aim or x in self.dodged or not me.able:
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

    # --- the scene's end ---------------------------------------------------------------

    def fallen_side(self) -> int | None:
        """A side with no able combatant (-1: both), else None."""
        down = [s for s in (0, 1) if not any(self.f[i].able for i in range(self.n) if self.sheets[i].side == s)]
        if not down:
            return None
        return down[0] if len(down) == 1 else -1

    def finish(self, fallen: int | None) -> None:
        self.phase = "seeing the elephant"
        if self.o.combat_experience:
            for x in range(self.n):
                self.elephant(x)
        self.phase = "over"
        names = [" & ".join(s.name for s in self.sheets if s.side == side) for side in (0, 1)]
        period = self.st.round
        rounds = period - 1 if self.ended else period
        when = dict(period=period, fight_time=mmss(rounds * ROUND_SECONDS))
        if fallen is None:
            self.result = Result(None, None, "ended", "the GM ended the scene", **when)
        elif fallen == -1:
            self.result = Result(None, None, "incapacitated", "both sides fell", **when)
        else:
            last = max((i for i in range(self.n) if self.sheets[i].side == fallen), key=lambda i: self.f[i].fell)
            self.result = Result(names[1 - fallen], names[fallen], "incapacitated", self.f[last].status, **when)
        self.log.append(self.result.headline("round"))

    def elephant(self, x: int) -> None:
        """ "Seeing the elephant": a Green or Fair fighter who was in danger rolls 4dF; all '+'
        raises his combat experience one level (text). [D] the dead do not roll."""
        me = self.f[x]
        if me.experience == "veteran" or not me.in_danger or me.dead:
            return
        prompt = RollPrompt(
            self.name(x),
            self.sheets[x].side,
            FOUR_DF,
            "seeing the elephant",
            0,
            against="all '+'",
            note="all '+': his combat experience improves one level",
        )
        faces = self.take(lambda: prompt)
        if all(v == 1 for v in faces):
            me.experience = EXPERIENCE[EXPERIENCE.index(me.experience) + 1]
            self.log.append(f"{self.name(x)} rolls {_faces(faces)}: has seen the elephant, now {me.experience}")
        else:
            self.log.append(f"{self.name(x)} rolls {_faces(faces)}: still {me.experience}")


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
    tables = tables_mod
    reserved = ("done",)
    """'done' ends a list of targets."""
    card_check = staticmethod(check_against)
    """A card's keys against the tables in play (``companion fighters check``; a scene checks them at its start)."""

    def new(self, setup: Setup) -> FudgeState:
        options = Options(**resolve_options(self.options, setup.options))
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
        return FudgeState(tables, sheets, options, fighters)

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
                "suppressed": [BOXES[i] for i in range(len(BOXES)) for m in me.boxes[i] if m == 2],
                "penalty": rnd.penalty(x),
                "status": me.status,
                "aim": 1 if me.aim is not None else 0,
                "tired": me.tired,
                # short: the side panel's line holds the target, the location and the weapon
                "action": rnd.declared_words(x, rnd.decl[x], short=True) if rnd.decl[x] else None,  # type: ignore[arg-type]
                "experience": me.experience,
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

    def odds(self, state: FudgeState) -> Any:
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
    boxes = tuple(tuple([0] * (3 if b == "scratch" else sheet.hurt_boxes if b == "hurt" else 1)) for b in BOXES)
    loaded = tuple(a.spec.capacity if a.counted else None for a in sheet.arms)
    spare = tuple(getattr(a.entry, "reloads", None) if a.counted else None for a in sheet.arms)
    exp = getattr(sheet.card, "experience", None) or "veteran"
    return Fighter(boxes, False, loaded, spare, tuple(None for _ in sheet.arms), None, False, exp, False, 0)


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
