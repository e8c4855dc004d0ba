"""Simultaneous Combat for Fudge, rule by rule, with fixed dice.

The tests drive the pure ruleset (``RULESET.apply`` / ``prompt`` / ``trackers``)
with typed answers as a script would: choice keys (``attack``, ``grak``,
``aware``) and the faces of each 4dF roll (``+ + 0 -``). Each test names what
it checks: the text (shared/rules/source/fudge_simultaneous_combat.txt), a
ruling (FU-1 to FU-5) or a decision of rulesets/fudge.py ([D]).

The cards are built here, and the tables are the shipped ones with the
weapons, armor and hit locations replaced by test rows whose numbers keep the
arithmetic obvious (sword BD 0, club BD 1 ...), so nothing here depends on the
roster or on the reconstructed [R] numbers. The damage results (FU-3), the
scale table's +10 row and the reload turns are the shipped binding ones.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from scene_play import ScenePlay

from companion.dice import Refused
from companion.ruleset import Answer, ChoicePrompt, OverPrompt, RollPrompt, default_options, evolve
from companion.rulesets import fudge_tables
from companion.rulesets.fudge import RULESET, FudgeState
from companion.rulesets.fudge_cards import FudgeCard

P = "primitive"
M = "modern"


def _gun(name, bd, gun_class, bullet, capacity, fire, reload="standard", **extra):
    return {
        "name": name,
        "kind": "gun",
        "bd": bd,
        "setting": M,
        "gun_class": gun_class,
        "bullet": bullet,
        "capacity": capacity,
        "reload": reload,
        "fire": fire,
        **extra,
    }


WEAPONS = {
    "sword": {"name": "Sword", "kind": "melee", "bd": 0, "min_strength": "Fair", "setting": P},
    "club": {"name": "Club", "kind": "melee", "bd": 1, "min_strength": "Good", "setting": P},
    "knife": {"name": "Knife", "kind": "melee", "bd": -2, "min_strength": "Poor", "setting": P},
    "javelin": {
        "name": "Javelin",
        "kind": "thrown",
        "bd": 0,
        "min_strength": "Fair",
        "setting": P,
        "capacity": 1,
        "reload": "standard",
    },
    "bow": {"name": "Bow", "kind": "bow", "bd": 0, "setting": P, "capacity": 1, "reload": "standard"},
    "crossbow": {"name": "Crossbow", "kind": "crossbow", "bd": 1, "setting": P, "capacity": 1, "reload": "standard"},
    "pistol": _gun("Pistol", 0, "large-pistol", "pistol", 6, "semi", automatic_pistol=True),
    "derringer": _gun("Derringer", -1, "small-pistol", "pistol", 2, "semi", small_caliber=True),
    "smg": _gun("SMG", 0, "smg", "smg", 30, "auto"),
    "rifle": _gun("Rifle", 2, "rifle", "rifle", 20, "auto-cutoff"),
    "six-gun": _gun("Six-gun", 1, "large-pistol", "pistol", 6, "single", reload="revolver-single"),
}
ARMOR = {
    "leather": {"name": "Leather", "kind": "primitive", "dr": 1, "pd": 1},
    "plate": {"name": "Plate", "kind": "primitive", "dr": 2, "pd": 2},
    "kevlar-i": {"name": "Kevlar I", "kind": "kevlar", "dr": 1, "pd": 0, "stop_dice": 1},
    "kevlar-ii": {"name": "Kevlar II", "kind": "kevlar", "dr": 2, "pd": 0, "stop_dice": 2},
    "kevlar-iii": {"name": "Kevlar III", "kind": "kevlar", "dr": 3, "pd": 0, "stop_dice": 3},
}
LOCATIONS = {
    "torso": {"name": "Torso", "attack": 0, "damage": 0},
    "vitals": {"name": "Vitals", "attack": -3, "damage": 3},
    "gap": {"name": "Gap", "attack": -1, "damage": 0, "bypasses_armor": True},
}
TABLES = {**fudge_tables.load(), "weapons": WEAPONS, "armor": ARMOR, "hit_locations": LOCATIONS}

SKILLS = {"Sword": "Fair", "Bow": "Fair", "Gun": "Fair", "Brawling": "Fair"}


def card(name: str, *weapons: str, **fields) -> FudgeCard:
    """A sheet: every trait Fair unless given; weapons by key, with the skill their kind uses."""
    skill_of = {"melee": "Sword", "thrown": "Sword", "bow": "Bow", "crossbow": "Bow", "gun": "Gun"}
    entries = []
    for w in weapons or ("sword",):
        entry = {"weapon": w, "skill": skill_of[WEAPONS[w]["kind"]]}
        if WEAPONS[w]["kind"] in ("bow", "crossbow"):
            entry["strength"] = "Fair"
        entries.append(entry)
    data = {
        "name": name,
        "setting": P,
        "skills": dict(SKILLS),
        "dodge": "Fair",
        "strength": "Fair",
        "health": "Fair",
        "weapons": entries,
    }
    for key, value in fields.items():
        if key in SKILLS:
            data["skills"][key] = value
        else:
            data[key] = value
    return FudgeCard.model_validate(data)


PLAY = ScenePlay(RULESET, TABLES)
scene, play, prompt, track = PLAY.scene, PLAY.play, PLAY.prompt, PLAY.track


def marked(state: FudgeState, name: str) -> dict[str, int]:
    return {level: sum(boxes) for level, boxes in track(state, name)["boxes"].items()}


def with_boxes(state: FudgeState, index: int, **levels: int) -> FudgeState:
    """A state whose combatant ``index`` already has ``levels`` boxes marked (scratch=3 ...)."""
    from companion.rulesets.fudge import BOXES

    f = state.fighters[index]
    boxes = tuple(tuple(1 if i < levels.get(b, 0) else 0 for i in range(len(f.boxes[n]))) for n, b in enumerate(BOXES))
    fighters = list(state.fighters)
    fighters[index] = dataclasses.replace(f, boxes=boxes)
    return evolve(state, fighters=tuple(fighters))


A = card("Aldric")
B = card("Grak")


# --- setup -----------------------------------------------------------------------------------


def test_every_option_is_off_by_default():
    """FU-5: every optional rule is a named option, off by default (4 damage dice: the basic rule)."""
    assert default_options(RULESET) == {
        "health_rolls": False,
        "armor_dr": False,
        "armor_pd": False,
        "strength_damage": False,
        "scale": False,
        "reloading": False,
        "minimum_strength": False,
        "damage_dice": 4,
        "rd_bonus": "off",
        "rd_penalty": False,
        "combat_experience": False,
        "maneuvers": False,
        "base_damage": 0,
    }
    assert RULESET.key == "fudge" and RULESET.period_word == "round" and RULESET.card_model is FudgeCard


@pytest.mark.parametrize(
    "cards,sides,why",
    [
        ((A,), (), "2 to 8"),
        (tuple(card(f"F{i}") for i in range(9)), (0,) * 8 + (1,), "2 to 8"),
        ((A, B, card("Third")), (), "needs each combatant's side"),
        ((A, B), (0, 0), "each side"),
        ((A, B), (0, 2), "0 (red) or 1 (blue)"),
        ((A, B, card("Third")), (0, 1), "for each of the 3"),
        ((A, card("Aldric")), (), "tell apart"),
    ],
)
def test_a_bad_scene_is_refused_with_the_reason(cards, sides, why):
    """Design 6: 2-8 combatants on two sides, each side at least one."""
    with pytest.raises(ValueError, match=re.escape(why)):
        scene(*cards, sides=sides)


def test_a_card_whose_weapon_is_not_in_the_tables_is_refused():
    """Design 3: weapon and armor keys are checked against the scene's tables."""
    odd = FudgeCard.model_validate(
        {
            "name": "Odd",
            "setting": P,
            "skills": {"Sword": "Fair"},
            "dodge": "Fair",
            "strength": "Fair",
            "health": "Fair",
            "armor": "mithril",
            "weapons": [{"weapon": "vorpal-blade", "skill": "Sword"}],
        }
    )
    with pytest.raises(ValueError) as exc:
        scene(odd, B)
    assert "vorpal-blade" in str(exc.value) and "mithril" in str(exc.value) and "Odd" in str(exc.value)


def test_a_scene_of_many_on_two_sides():
    """Setup.sides gives each fighter's side; trackers say which."""
    s = scene(A, card("Bryn"), B, sides=(0, 0, 1))
    assert [track(s, n)["side"] for n in ("Aldric", "Bryn", "Grak")] == ["red", "red", "blue"]
    assert RULESET.status(s) == "Round 1: declarations"


# --- FU-1, FU-2: the combat roll ------------------------------------------------------------------


def test_a_result_is_the_trait_plus_4dF():
    """FU-1: Great (+2) + 1 on the dice is Superb; the prompt carries the skill as the modifier."""
    s = scene(card("Aldric", Sword="Great"), card("Grak", Sword="Good"))
    s, log = play(s, "attack", "attack")
    p = prompt(s)
    assert isinstance(p, RollPrompt) and p.dice.notation == "4dF" and p.modifier == 2
    assert p.modifier_parts == (("Sword Great", 2),)
    s, log = play(s, "+ + 0 -", "0 0 0 0")
    assert "Aldric rolls + + 0 -: Great (+2) + 1 (dice) = Superb (combat roll, Sword)" in log
    assert "Aldric's Superb vs Grak's Good: Aldric hits (RD 2)" in log


def test_an_opposed_tie_is_no_hit_and_the_round_moves_on():
    """FU-2: RD 0 in an opposed roll is a tie, nothing happens; two attacking each other
    make one roll-off, so its tie is said once, not once for each of them."""
    s, log = play(scene(A, B), "attack", "attack", "0 0 0 0", "+ - 0 0")
    assert [line for line in log if "a tie" in line] == ["Aldric's Fair vs Grak's Fair: a tie"]
    assert RULESET.status(s) == "Round 2: declarations"
    assert prompt(s).reason == "action" and prompt(s).who == "Aldric"


def test_the_higher_melee_roll_hits_and_the_damage_roll_follows():
    """FU-2: RD 1 or more is a hit by the victor; FU-3: then the attacker rolls damage."""
    s, log = play(scene(A, B), "attack", "attack", "0 0 0 0", "+ 0 0 0")
    assert "Grak hits (RD 1)" in log[-1] or "Grak hits (RD 1)" in " ".join(log)
    p = prompt(s)
    assert isinstance(p, RollPrompt) and p.who == "Grak" and p.reason == "damage to Aldric"


def test_a_defender_who_declared_no_attack_deals_no_damage():
    """Design 6.3: with one attacker, the defender hits back only if he declared him his melee target."""
    s, log = play(scene(A, B), "attack", "defend", "0 0 0 0", "+ + + +")
    assert "Aldric misses (RD -4)" in " ".join(log)
    assert prompt(s).reason == "action"  # no damage roll: round 2


def test_at_least_poor_is_needed_to_hit():
    """FU-2: a minimum roll of Poor is required to hit an equal-sized target."""
    s = scene(card("Aldric", Sword="Terrible"), card("Grak", Sword="Terrible"))
    s, log = play(s, "attack", "attack", "0 0 0 0", "- - - -")
    assert "Aldric's Terrible vs Grak's Terrible-4: no hit (below Poor, RD 4)" in log
    assert prompt(s).reason == "action"


def test_a_ranged_attack_is_against_the_dodge():
    """Text: ranged combat is the attacker's weapon skill against the defender's dodge."""
    s = scene(card("Aldric", "bow"), card("Grak", dodge="Good"))
    s, _ = play(s, "attack", "aware", "defend")
    p = prompt(s)
    assert p.who == "Aldric" and p.against == "Grak's dodge"
    s, _ = play(s, "+ 0 0 0")
    p = prompt(s)
    assert p.who == "Grak" and p.reason == "dodge" and p.modifier == 1
    s, log = play(s, "0 0 0 0")
    assert "Aldric's Good vs Grak's dodge Good: a tie" in log


def test_the_gang_up_penalty_is_on_the_combat_roll_not_the_dodge():
    """FU-2's gang-up is a melee rule: two swordsmen give Grak -1 on his combat roll,
    but his dodge against the archer's shot has none [D]."""
    s = scene(card("Orc A"), card("Orc B"), card("Archer", "bow"), card("Grak", dodge="Good"), sides=(0, 0, 0, 1))
    s, _ = play(s, "attack", "attack", "attack", "aware", "attack", "orc-a", "0 0 0 0", "0 0 0 0", "0 0 0 0")
    p = prompt(s)
    assert p.who == "Grak" and p.reason.startswith("combat roll") and ("gang-up of 2", -1) in p.modifier_parts
    s, _ = play(s, "0 0 0 0")
    p = prompt(s)
    assert p.who == "Grak" and p.reason == "dodge" and p.modifier == 1
    assert not any(label.startswith("gang-up") for label, _ in p.modifier_parts)


def test_an_unaware_target_is_an_unopposed_roll_against_poor():
    """FU-2: unopposed rolls hit on RD 0 or better; design 6.1: an unaware target does not dodge."""
    s = scene(card("Aldric", "bow"), B)
    s, _ = play(s, "attack", "unaware", "defend")
    p = prompt(s)
    assert p.target == -2 and p.against.startswith("Poor")
    s, log = play(s, "- - 0 0")  # Poor: RD 0
    assert "Aldric's Poor vs Poor (Grak unaware): Aldric hits (RD 0)" in log
    assert prompt(s).reason == "damage to Grak"  # Grak rolled nothing


def test_a_helpless_target_is_hit_unopposed():
    """[D] An Incapacitated target neither declares nor rolls: an attack on him is unopposed against Poor."""
    s = with_boxes(scene(A, card("Bryn"), B, sides=(0, 1, 1)), 1, incapacitated=1)
    assert track(s, "Bryn")["status"] == "incapacitated"
    s, _ = play(s, "attack", "bryn", "defend")  # Bryn is not asked
    s, log = play(s, "- - 0 0")
    assert "Aldric's Poor vs Poor (Bryn incapacitated): Aldric hits (RD 0)" in log


# --- FU-2: gang-up ------------------------------------------------------------------------------------


def gang_of_three() -> FudgeState:
    orcs = [card(f"Orc {c}") for c in "ABC"]
    s = scene(*orcs, card("Hero"), sides=(0, 0, 0, 1))
    s, _log = play(s, "attack", "attack", "attack", "attack")
    assert prompt(s).reason == "target" and prompt(s).advised == "orc-a"  # an enemy already attacking him
    s, _ = play(s, "orc-c")
    return s


def test_gang_up_of_three_gives_the_defender_minus_two():
    """FU-2: -1 per attacker after the first."""
    s, _ = play(gang_of_three(), "0 0 0 0", "0 0 0 0", "0 0 0 0")
    p = prompt(s)
    assert p.who == "Hero" and p.modifier == -2 and ("gang-up of 3", -2) in p.modifier_parts


def test_a_defender_who_beats_every_attacker_hits_his_choice():
    """FU-2: if the defender beats every attacker, he hits the attacker of his choice; none hits him."""
    s, log = play(gang_of_three(), "0 0 0 0", "0 0 0 0", "0 0 0 0", "+ + + +")  # Hero: 0 - 2 + 4 = Great
    assert "Hero's Great vs Orc C's Fair: Hero hits (RD 2)" in log
    assert sum("hits" in line for line in log) == 1
    assert prompt(s).reason == "damage to Orc C"


def test_otherwise_every_attacker_above_the_defender_hits():
    """FU-2: otherwise every attacker who rolled better than the defender hits him; the defender none."""
    s, log = play(gang_of_three(), "0 0 0 0", "- - 0 0", "- - - 0", "0 0 0 0")  # Hero Poor
    assert "Orc A's Fair vs Hero's Poor: Orc A hits (RD 2)" in log
    assert "Orc B's Poor vs Hero's Poor: a tie" in log
    assert "Hero's Poor vs Orc C's Terrible: no hit (Hero did not beat Orc A, RD 1)" in log
    assert prompt(s).reason == "damage to Hero" and prompt(s).who == "Orc A"


def test_the_advised_target_is_the_one_he_attacked_last_round():
    """[D] design 6.1: with no aim and nobody attacking him yet this round, the advice is the
    enemy he attacked last round while he is still there to attack, not the first listed."""
    s = scene(A, card("Bryn"), B, sides=(0, 1, 1))
    s, _ = play(s, "attack")
    assert prompt(s).reason == "target" and prompt(s).advised == "bryn"  # nothing to go by: the first
    s, _ = play(s, "grak", "defend", "defend", "0 0 0 0", "- - - -", "0 0 0 0")
    assert RULESET.status(s) == "Round 2: declarations"
    s, _ = play(s, "attack")
    assert prompt(s).reason == "target" and prompt(s).advised == "grak"


def test_no_more_than_four_attack_one_defender_in_melee():
    """FU-2: at most 4 attackers of equal size; a fifth cannot pick him as a melee target."""
    five = [card(f"Orc {c}") for c in "ABCDE"]
    s = scene(*five, card("Hero"), sides=(0, 0, 0, 0, 0, 1))
    s, _ = play(s, "attack", "attack", "attack", "attack")
    p = prompt(s)
    assert p.who == "Orc E" and [o.key for o in p.options] == ["defend"]
    s, _ = play(s, "defend", "defend")
    p = prompt(s)
    assert p.who == "Orc A"
    s, _ = play(s, "0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0")
    assert prompt(s).modifier == -3  # the most a gang-up takes off


# --- FU-3: damage -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faces,wound",
    [
        ("- - - 0", "none"),
        ("- - 0 0", "scratch"),
        ("- 0 0 0", "hurt"),
        ("0 0 0 0", "very_hurt"),
        ("+ 0 0 0", "incapacitated"),
        ("+ + 0 0", "near_death"),
        ("+ + + +", "near_death"),
    ],
)
def test_the_damage_roll_is_bd_plus_4dF_read_on_the_damage_results(faces, wound):
    """FU-3: Terrible or below no wound, Poor Scratch, Mediocre Hurt, Fair Very Hurt, Good Incapacitated,
    Great or better Near Death (sword BD 0)."""
    s, _ = play(scene(A, B), "attack", "defend", "+ 0 0 0", "0 0 0 0")
    p = prompt(s)
    assert p.modifier_parts == (("Sword BD", 0),) and p.against == "the damage results"
    s, _log = play(s, faces)
    got = {k: v for k, v in marked(s, "Grak").items() if v}
    assert got == ({} if wound == "none" else {wound: 1})


def test_damage_dice_option_rolls_fewer_dice():
    """Text "Reduced Damage Variability": 1dF to 3dF."""
    s, _ = play(scene(A, B, damage_dice=2), "attack", "defend", "+ 0 0 0", "0 0 0 0")
    assert prompt(s).dice.notation == "2dF"
    s, _log = play(s, "+ +")
    assert marked(s, "Grak")["near_death"] == 1


def test_base_damage_option_shifts_every_weapon():
    """Text "Modify base damage"."""
    s, _ = play(scene(A, B, base_damage=-2), "attack", "defend", "+ 0 0 0", "0 0 0 0")
    assert prompt(s).modifier == -2 and ("base damage", -2) in prompt(s).modifier_parts


@pytest.mark.parametrize(
    "variant,penalty,rd,bonus",
    [
        ("rd-1", False, 3, 2),
        ("rd", False, 3, 3),
        ("rd-2", False, 3, 1),
        ("rd-2", False, 1, 0),
        ("rd-2", True, 1, -1),
        ("rd-1", True, 1, 0),
        ("off", True, 3, 0),
    ],
)
def test_attack_rd_bonus_variants(variant, penalty, rd, bonus):
    """Text "Attack RD Bonus": RD-1 (a hit by 2 gives +1), RD or RD-2; a penalty only if so chosen."""
    s = scene(A, B, rd_bonus=variant, rd_penalty=penalty)
    mine = {1: "+ 0 0 0", 3: "+ + + 0"}[rd]
    s, _ = play(s, "attack", "defend", mine, "0 0 0 0")
    assert prompt(s).modifier == bonus


def test_strength_damage_melee_uses_the_wielder_and_bows_their_own_strength():
    """Text "Strength Damage Modifier": the wielder's Strength for melee, the bow's for bows, none for guns."""
    strong = card("Aldric", strength="Great")
    s, _ = play(scene(strong, B, strength_damage=True), "attack", "defend", "+ 0 0 0", "0 0 0 0")
    assert ("Strength Great", 2) in prompt(s).modifier_parts
    archer = FudgeCard.model_validate(
        {
            "name": "Aldric",
            "setting": P,
            "skills": {"Bow": "Fair"},
            "dodge": "Fair",
            "strength": "Great",
            "health": "Fair",
            "weapons": [{"weapon": "bow", "skill": "Bow", "strength": "Good"}],
        }
    )
    s, _ = play(scene(archer, B, strength_damage=True), "attack", "unaware", "defend", "0 0 0 0")
    assert prompt(s).modifier_parts == (("Bow BD", 0), ("Bow Strength Good", 1))
    gunman = card("Aldric", "pistol", strength="Great")
    s, _ = play(scene(gunman, B, strength_damage=True), "attack", "unaware", "defend", "0 0 0 0")
    assert prompt(s).modifier_parts == (("Pistol BD", 0),)


def test_scale_plus_ten_gives_minus_two_to_hit_and_plus_five_damage():
    """Text "Scale Modifiers": a T-Rex (scale 10) gets -2 to hit and +5 damage against a human."""
    rex = card("Rex", Sword="Superb", scale=10)
    s, log = play(scene(rex, B, scale=True), "attack", "defend", "0 0 0 0", "0 0 0 0")
    assert "Rex's Superb -2 scale +10 = Good vs Grak's Fair: Rex hits (RD 1)" in log
    assert ("scale +10", 5) in prompt(s).modifier_parts and prompt(s).modifier == 5
    s, log = play(scene(rex, B), "attack", "defend", "0 0 0 0", "0 0 0 0")  # off: no scale
    assert "Rex's Superb vs Grak's Fair: Rex hits (RD 3)" in log


def test_scale_works_the_other_way_for_the_smaller():
    """Text: subtract the defender's scale from the attacker's: -10 gives +2 to hit, -5 damage."""
    rex = card("Rex", scale=10)
    s, log = play(scene(A, rex, scale=True), "attack", "defend", "0 0 0 0", "0 0 0 0")
    assert "Aldric's Fair +2 scale -10 = Great vs Rex's Fair: Aldric hits (RD 2)" in log
    assert prompt(s).modifier == -5


# --- armor: PD, DR, kevlar ------------------------------------------------------------------------------------


def test_plate_pd_2_makes_a_good_defender_need_superb():
    """Text "Armor Passive Defense": against plate (PD 2) and a Good roll, at least Superb hits."""
    knight = card("Grak", armor="plate")
    great = play(scene(A, knight, armor_pd=True), "attack", "defend", "+ + 0 0", "+ 0 0 0")
    assert "Aldric's Great vs Grak's Good: no hit (RD 1, below Grak's armor PD 2)" in great[1]
    superb = play(scene(A, knight, armor_pd=True), "attack", "defend", "+ + + 0", "+ 0 0 0")
    assert "Aldric's Superb vs Grak's Good: Aldric hits (RD 2)" in superb[1]
    off = play(scene(A, knight), "attack", "defend", "+ + 0 0", "+ 0 0 0")
    assert "Aldric's Great vs Grak's Good: Aldric hits (RD 1)" in off[1]


def test_leather_pd_1_matters_in_unopposed_rolls():
    """Text: unopposed, RD 0 normally hits; against leather (PD 1) RD 1 is needed."""
    s = scene(card("Aldric", "bow"), card("Grak", armor="leather"), armor_pd=True)
    s, log = play(s, "attack", "unaware", "defend", "- - 0 0")
    assert "Aldric's Poor vs Poor (Grak unaware): no hit (RD 0, below Grak's armor PD 1)" in log


def test_dr_2_turns_incapacitated_into_hurt():
    """Text "Armor Damage Resistance": DR 2 reduces an Incapacitated result to Hurt."""
    s, _ = play(scene(A, card("Grak", armor="plate"), armor_dr=True), "attack", "defend", "+ 0 0 0", "0 0 0 0")
    assert prompt(s).note.startswith("Grak's armor DR 2")
    s, log = play(s, "+ 0 0 0")  # Good: Incapacitated, less 2: Mediocre
    assert "DR 2: Mediocre (-1): Hurt" in log[0]
    assert marked(s, "Grak")["hurt"] == 1 and marked(s, "Grak")["incapacitated"] == 0


def test_dr_2_leaves_superb_plus_one_at_near_death():
    """Text: Superb+1 damage reduced to Great is still Near Death."""
    club = card("Aldric", "club", strength="Good")  # club BD 1
    s, _ = play(scene(club, card("Grak", armor="plate"), armor_dr=True), "attack", "defend", "+ 0 0 0", "0 0 0 0")
    s, log = play(s, "+ + + 0")  # 1 + 3 = Legendary (Superb+1), less 2: Great
    assert "= Legendary (+4), DR 2: Great (+2): Near Death" in log[0]


def test_primitive_armor_counts_only_against_small_caliber_guns():
    """Text: primitive armor's DR still works against small-caliber pistols, not anything larger."""
    big = play(
        scene(card("Aldric", "pistol"), card("Grak", armor="plate"), armor_dr=True),
        "attack",
        "unaware",
        "defend",
        "0 0 0 0",
    )[0]
    assert prompt(big).note == ""
    small = play(
        scene(card("Aldric", "derringer"), card("Grak", armor="plate"), armor_dr=True),
        "attack",
        "unaware",
        "defend",
        "0 0 0 0",
    )[0]
    assert prompt(small).note.startswith("Grak's armor DR 2")


def shot(gun: str, armor: str, rounds: str | None = None, **options):
    """Aldric shoots an unaware Grak wearing ``armor`` and hits: the state at the next prompt."""
    entry = {"weapon": gun, "skill": "Gun"} | ({"rounds": rounds} if rounds else {})
    shooter = FudgeCard.model_validate(
        {
            "name": "Aldric",
            "setting": M,
            "skills": {"Gun": "Fair"},
            "dodge": "Fair",
            "strength": "Fair",
            "health": "Fair",
            "weapons": [entry],
        }
    )
    s = scene(shooter, card("Grak", armor=armor), armor_dr=True, **options)
    return play(s, "attack", "unaware", "defend", "0 0 0 0")[0]


@pytest.mark.parametrize(
    "gun,armor,rounds,dice",
    [
        ("pistol", "kevlar-ii", None, 2),  # pistol rounds: the armor's dF
        ("smg", "kevlar-ii", None, 1),  # text: against submachine guns -1dF
        ("rifle", "kevlar-iii", None, 1),  # text: against rifle rounds -2dF
        ("rifle", "kevlar-ii", None, 0),  # reduced to 0: cannot stop the bullet
        ("pistol", "kevlar-ii", "ap", 1),  # AP: one bullet type higher
        ("rifle", "kevlar-iii", "ap", 0),  # text: AP rifle rounds can't be stopped by infantry armor
        ("rifle", "kevlar-i", "sp", 1),  # SP/HP: any armor gets at least 1dF
        ("pistol", "leather", "hp", 1),  # ... primitive armor too
        ("pistol", "leather", None, 0),  # primitive armor never stops a bullet otherwise
    ],
)
def test_kevlar_stop_dice(gun, armor, rounds, dice):
    """Text "Armor Damage Resistance": kevlar's stopping dF; FU-5."""
    p = prompt(shot(gun, armor, rounds))
    if dice:
        assert p.who == "Grak" and p.dice.notation == ("dF" if dice == 1 else f"{dice}dF")
        assert "stops the bullet" in p.reason
    else:
        assert p.who == "Aldric" and p.reason == "damage to Grak"


def test_kevlar_stops_unless_every_die_is_minus():
    """Text: all dice '-': not stopped; otherwise stopped and the wearer only suffers a Scratch."""
    s, log = play(shot("pistol", "kevlar-ii"), "- 0")
    assert "stops the bullet, a Scratch" in log[0] and marked(s, "Grak")["scratch"] == 1
    s, log = play(shot("pistol", "kevlar-ii"), "- -")
    assert "the bullet gets through" in log[0]
    assert prompt(s).reason == "damage to Grak" and prompt(s).note.startswith("Grak's armor DR 2")


def test_kevlar_never_reduces_damage_below_a_scratch():
    """Text: because kevlar is flexible it can never reduce damage below a Scratch."""
    s, log = play(shot("rifle", "kevlar-iii"), "-", "- - - 0")  # 2 - 3 = Mediocre (Hurt), less DR 3: none
    assert log[1] == (
        "Aldric rolls - - - 0 for damage: Rifle BD 2 - 3 (dice) = Mediocre (-1), DR 3: Terrible-1 (-4): Scratch"
    )
    assert marked(s, "Grak")["scratch"] == 1


def test_ap_rounds_lower_dr_and_sp_rounds_raise_it():
    """Text: AP gives -1 to the armor's DR; SP/HP an extra +2 DR."""
    s, _ = play(shot("pistol", "kevlar-ii", "ap"), "- ")
    assert prompt(s).note.startswith("Grak's armor DR 1")
    s, _ = play(shot("pistol", "kevlar-ii", "sp"), "- -")
    assert prompt(s).note.startswith("Grak's armor DR 4")


def test_armor_dr_off_means_no_stop_roll_and_no_dr():
    """FU-5: armor DR (and the kevlar stopping dice) is an option."""
    entry = {"weapon": "pistol", "skill": "Gun"}
    shooter = FudgeCard.model_validate(
        {
            "name": "Aldric",
            "setting": M,
            "skills": {"Gun": "Fair"},
            "dodge": "Fair",
            "strength": "Fair",
            "health": "Fair",
            "weapons": [entry],
        }
    )
    s = play(scene(shooter, card("Grak", armor="kevlar-ii")), "attack", "unaware", "defend", "0 0 0 0")[0]
    assert prompt(s).reason == "damage to Grak" and prompt(s).note == ""


# --- FU-4: wounds, health rolls ------------------------------------------------------------------------------


def hit_for(s: FudgeState, damage: str) -> tuple[FudgeState, list[str]]:
    """Aldric hits Grak (who defends) by RD 1 and rolls ``damage``."""
    return play(s, "attack", "defend", "+ 0 0 0", "0 0 0 0", damage)


def test_a_wound_with_no_box_left_takes_the_next_worse_free_box():
    """FU-4: 3 Scratch boxes; a fourth Scratch marks the Hurt box; a Hurt then marks Very Hurt."""
    s = scene(A, B)
    for _ in range(3):
        s, _ = hit_for(s, "- - 0 0")
    assert marked(s, "Grak")["scratch"] == 3
    s, log = hit_for(s, "- - 0 0")
    assert "Grak's Scratch boxes are full: marks Hurt" in log
    assert marked(s, "Grak") == {"scratch": 3, "hurt": 1, "very_hurt": 0, "incapacitated": 0, "near_death": 0}
    s, log = hit_for(s, "- 0 0 0")
    assert marked(s, "Grak")["very_hurt"] == 1


def test_extra_hurt_boxes_from_the_sheet():
    """FU-4: the sheet may add Hurt boxes."""
    s = scene(A, card("Grak", hurt_boxes=2))
    assert len(track(s, "Grak")["boxes"]["hurt"]) == 2
    s, _ = hit_for(s, "- 0 0 0")
    s, _ = hit_for(s, "- 0 0 0")
    assert marked(s, "Grak")["hurt"] == 2 and marked(s, "Grak")["very_hurt"] == 0


def test_no_box_left_at_all_is_dead():
    """Design 6.4 [R, standard Fudge]: a wound with no box left at or above its level: dead."""
    s = with_boxes(scene(A, card("Bryn"), B, sides=(0, 1, 1)), 2, near_death=1)
    s, _ = play(s, "attack", "grak", "defend", "0 0 0 0")  # Grak is helpless: unopposed, Bryn not attacked
    s, log = play(s, "+ + 0 0")
    assert "Grak has no wound box left at Near Death or worse: dead" in log
    assert track(s, "Grak")["status"] == "dead"
    assert prompt(s).who == "Aldric"
    assert all(o.key != "grak" for o in getattr(prompt(s), "options", ()))


@pytest.mark.parametrize(
    "gift,hurt,very", [(None, -1, -2), ("high-pain-threshold", 0, -1), ("low-pain-threshold", -2, -3)]
)
def test_wound_penalties(gift, hurt, very):
    """FU-4: Hurt -1, Very Hurt -2 to the next rolls; the pain threshold gifts [R]."""
    grak = card("Grak", gifts=[gift] if gift else [])
    s, _ = hit_for(scene(A, grak), "- 0 0 0")
    assert track(s, "Grak")["penalty"] == hurt
    s, _ = play(s, "attack", "defend", "0 0 0 0")
    assert prompt(s).modifier == hurt
    s2, _ = hit_for(scene(A, grak), "0 0 0 0")
    assert track(s2, "Grak")["penalty"] == very


def test_health_roll_shrugs_off_even_incapacitated():
    """Text "Health Rolls": a Health roll at least the damage degree: no penalties until the action
    ends; any level can be shrugged off, Incapacitated and Near Death too."""
    s, _ = play(scene(A, B, health_rolls=True), "attack", "defend", "+ 0 0 0", "0 0 0 0", "+ 0 0 0")
    p = prompt(s)
    assert p.who == "Grak" and p.reason == "health roll" and p.target == 1  # Good: the damage degree
    s, log = play(s, "+ 0 0 0")  # Fair + 1 = Good
    assert log[:2] == [
        "Grak rolls + 0 0 0 for Health: Good (+1) vs Good: shrugs it off",
        "Grak marks an Incapacitated box (shrugged off)",
    ]
    t = track(s, "Grak")
    assert t["status"] == "fighting" and t["penalty"] == 0 and t["suppressed"] == ["incapacitated"]
    assert prompt(s).reason == "action"  # the scene goes on


def test_a_failed_health_roll_takes_the_wound_in_full():
    """Text: the Health roll's degree must reach the damage degree."""
    s, _log = play(scene(A, B, health_rolls=True), "attack", "defend", "+ 0 0 0", "0 0 0 0", "+ 0 0 0", "0 0 0 0")
    assert track(s, "Grak")["status"] == "incapacitated"
    assert isinstance(prompt(s), OverPrompt)


def test_no_health_roll_for_a_scratch_or_without_the_option():
    """Text: only a wound worse than a Scratch; FU-5: an option."""
    s, _ = play(scene(A, B, health_rolls=True), "attack", "defend", "+ 0 0 0", "0 0 0 0", "- - 0 0")
    assert prompt(s).reason == "action"
    s, _ = play(scene(A, B), "attack", "defend", "+ 0 0 0", "0 0 0 0", "- 0 0 0")
    assert prompt(s).reason == "action"


# --- combat experience ---------------------------------------------------------------------------------------------


def test_green_is_capped_at_poor_and_fair_at_fair():
    """Text "Combat Experience": in danger, a Green fighter's skills are Poor, a Fair one's Fair."""
    s = scene(
        card("Aldric", Sword="Superb", experience="green"),
        card("Grak", Sword="Great", experience="fair"),
        combat_experience=True,
    )
    s, _ = play(s, "attack", "attack")
    assert prompt(s).modifier == -2 and prompt(s).modifier_parts[0][0].endswith("capped Poor (green)")
    s, _ = play(s, "0 0 0 0")
    assert prompt(s).modifier == 0
    off = play(scene(card("Aldric", Sword="Superb", experience="green"), B), "attack", "attack")[0]
    assert prompt(off).modifier == 3


def test_an_ambusher_is_not_capped_while_the_surprise_lasts():
    """Text: an ambusher doesn't receive this penalty while the element of surprise lasts."""
    s = scene(card("Aldric", "bow", Bow="Great", experience="green"), B, combat_experience=True)
    s, _ = play(s, "attack", "unaware", "defend")
    assert prompt(s).modifier == 2


def test_seeing_the_elephant_after_the_scene():
    """Text: after a battle where he was in danger, all dF '+' upgrades his combat experience."""
    s = scene(card("Aldric", experience="green"), card("Grak", experience="fair"), combat_experience=True)
    s, _ = play(s, "attack", "attack", "+ 0 0 0", "0 0 0 0", "+ 0 0 0")  # Grak Incapacitated
    p = prompt(s)
    assert p.who == "Aldric" and p.reason == "seeing the elephant"
    s, log = play(s, "+ + + +")
    assert "Aldric rolls + + + +: has seen the elephant, now fair" in log
    assert prompt(s).who == "Grak"
    s, log = play(s, "+ + + 0")
    assert "Grak rolls + + + 0: still fair" in log
    assert isinstance(prompt(s), OverPrompt)
    assert track(s, "Aldric")["experience"] == "fair"


def test_a_shooter_capped_in_the_fight_rolls_to_see_the_elephant():
    """Text: the cap applies "whenever an inexperienced fighter's life is at risk", and "after every
    battle in which a fighter was in danger" he rolls: one test for both. A green archer shooting
    at a foe who knows (no ambush), never attacked himself, is capped and then rolls."""
    s = scene(card("Aldric", "bow", Bow="Great", experience="green"), B, combat_experience=True)
    s, _ = play(s, "attack", "aware", "defend")
    assert prompt(s).modifier_parts[0][0].endswith("capped Poor (green)")
    s, _ = play(s, "0 0 0 0", "0 0 0 0", "end")
    p = prompt(s)
    assert p.who == "Aldric" and p.reason == "seeing the elephant"


# --- reloading, minimum strength --------------------------------------------------------------------------------------


def test_a_bow_is_reloaded_in_one_turn_and_spares_are_counted():
    """Text "Reloading Weapons": most weapons take one full turn; design 6.5: 1 a shot."""
    archer = FudgeCard.model_validate(
        {
            "name": "Aldric",
            "setting": P,
            "skills": {"Bow": "Fair"},
            "dodge": "Fair",
            "strength": "Fair",
            "health": "Fair",
            "weapons": [{"weapon": "bow", "skill": "Bow", "strength": "Fair", "reloads": 1}],
        }
    )
    s = scene(archer, B, reloading=True)
    assert track(s, "Aldric")["ammo"] == {"bow": 1} and track(s, "Aldric")["reloads"] == {"bow": 1}
    assert track(s, "Aldric")["in_hand"] is None  # nothing declared yet
    s, _ = play(s, "attack", "aware")
    assert track(s, "Aldric")["in_hand"] == "bow"  # declared: the panel shows this weapon's loads
    s, _ = play(s, "defend", "0 0 0 0", "+ 0 0 0")
    assert track(s, "Aldric")["ammo"] == {"bow": 0}
    assert [o.key for o in prompt(s).options] == ["defend", "reload", "end"]
    s, log = play(s, "reload", "defend")
    assert "Aldric has reloaded the Bow (1 loaded)" in log
    assert track(s, "Aldric")["ammo"] == {"bow": 1} and track(s, "Aldric")["reloads"] == {"bow": 0}
    s, _ = play(s, "attack", "aware", "defend", "0 0 0 0", "+ 0 0 0")
    assert "reload" not in [o.key for o in prompt(s).options]  # no spare left


@pytest.mark.parametrize("own,turns", [("Fair", 1), ("Good", 2), ("Great", 6), ("Superb", None)])
def test_crossbow_reload_by_strength_difference(own, turns):
    """Text: 2 turns if the user's Strength is 1 less than the crossbow's, 6 (goat's foot) if 2 less;
    [R] 3 less: he cannot reload it."""
    xbow = FudgeCard.model_validate(
        {
            "name": "Aldric",
            "setting": P,
            "skills": {"Bow": "Fair"},
            "dodge": "Fair",
            "strength": "Fair",
            "health": "Fair",
            "weapons": [{"weapon": "crossbow", "skill": "Bow", "strength": own}],
        }
    )
    s = scene(xbow, B, reloading=True)
    s, _ = play(s, "attack", "unaware", "defend", "- - - -")
    if turns is None:
        assert [o.key for o in prompt(s).options] == ["defend", "end"]
        return
    s, _log = play(s, "reload", "defend")
    if turns == 1:
        assert track(s, "Aldric")["ammo"] == {"crossbow": 1}
    else:
        assert track(s, "Aldric")["reload_turns"] == {"crossbow": turns - 1}


def test_single_ejecting_revolver_takes_six_turns_and_turns_spent_are_kept():
    """Text: single-ejecting revolvers take 6 turns; [D] doing something else keeps the turns spent."""
    s = scene(card("Aldric", "six-gun"), B, reloading=True)
    for _ in range(6):
        s, _ = play(s, "attack", "unaware", "defend", "- - - -")
    assert track(s, "Aldric")["ammo"] == {"six-gun": 0}
    s, log = play(s, "reload", "defend")
    assert "Aldric reloads the Six-gun: 5 turns to go" in log
    s, _ = play(s, "defend", "defend")
    assert track(s, "Aldric")["reload_turns"] == {"six-gun": 5}
    for _ in range(4):
        s, _ = play(s, "reload", "defend")
    s, log = play(s, "reload", "defend")
    assert "Aldric has reloaded the Six-gun (6 loaded)" in log and track(s, "Aldric")["reload_turns"] == {}


def test_without_reloading_ammunition_is_not_counted():
    """FU-5: reloading is an option."""
    s = scene(card("Aldric", "bow"), B)
    s, _ = play(s, "attack", "unaware", "defend", "- - - -")
    assert "attack" in [o.key for o in prompt(s).options] and "ammo" not in track(s, "Aldric")


def test_minimum_strength_melee_and_two_hands():
    """Text: below the minimum Strength a weapon can't be wielded; two hands give +1 effective Strength."""
    weak = card("Aldric", "club")  # club needs Good, Aldric is Fair
    s = scene(weak, B, minimum_strength=True)
    assert [o.key for o in prompt(s).options] == ["defend", "end"]
    assert "attack" in [o.key for o in prompt(scene(weak, B)).options]
    both = FudgeCard.model_validate(
        {
            "name": "Aldric",
            "setting": P,
            "skills": {"Sword": "Fair"},
            "dodge": "Fair",
            "strength": "Fair",
            "health": "Fair",
            "weapons": [{"weapon": "club", "skill": "Sword", "two_handed": True}],
        }
    )
    assert "attack" in [o.key for o in prompt(scene(both, B, minimum_strength=True)).options]


def test_minimum_strength_bow_and_gun():
    """Text: a bow stronger than its wielder can't be used; a gunman gets -1 per Strength level short."""
    bow = FudgeCard.model_validate(
        {
            "name": "Aldric",
            "setting": P,
            "skills": {"Bow": "Fair"},
            "dodge": "Fair",
            "strength": "Fair",
            "health": "Fair",
            "weapons": [{"weapon": "bow", "skill": "Bow", "strength": "Good"}],
        }
    )
    assert [o.key for o in prompt(scene(bow, B, minimum_strength=True)).options] == ["defend", "end"]
    weak = card("Aldric", "pistol", strength="Poor")  # a large pistol needs Fair
    s, _ = play(scene(weak, B, minimum_strength=True), "attack", "unaware", "defend")
    assert ("Strength 2 short", -2) in prompt(s).modifier_parts and prompt(s).modifier == -2


# --- maneuvers -------------------------------------------------------------------------------------------------------


def actions(s: FudgeState) -> list[str]:
    return [o.key for o in prompt(s).options]


def test_maneuvers_are_offered_only_with_the_option_and_as_the_weapons_fit():
    """FU-5: the maneuvers are an option; text: each maneuver's own weapons."""
    assert actions(scene(A, B)) == ["attack", "defend", "end"]
    assert actions(scene(A, B, maneuvers=True)) == [
        "attack",
        "all-out-attack",
        "all-out-defense",
        "hit-location",
        "suicidal-aggression",
        "defend",
        "end",
    ]
    assert actions(scene(card("Aldric", Sword="Mediocre"), B, maneuvers=True)) == [
        "attack",
        "all-out-attack",
        "all-out-defense",
        "hit-location",
        "suicidal-aggression",
        "wild-swing",
        "defend",
        "end",
    ]
    assert actions(scene(card("Aldric", "smg"), B, maneuvers=True)) == [
        "attack",
        "aim",
        "all-out-defense",
        "empty-the-clip",
        "hit-location",
        "three-round-burst",
        "defend",
        "end",
    ]
    assert actions(scene(card("Aldric", "rifle"), B, maneuvers=True)) == [
        "attack",
        "aim",
        "all-out-defense",
        "hit-location",
        "three-round-burst",
        "defend",
        "end",
    ]
    assert "all-out-attack" in actions(scene(card("Aldric", "pistol"), B, maneuvers=True))  # automatic pistol
    assert "all-out-attack" in actions(scene(card("Aldric", "bow"), B, maneuvers=True))


def test_aim_gives_plus_one_next_turn_on_the_same_target():
    """Text "Aim": forfeit the attack; +1 to hit on the next and subsequent turns."""
    s = scene(card("Aldric", "bow"), B, maneuvers=True)
    s, log = play(s, "aim", "defend")
    assert "Aldric: aims at Grak with the Bow" in log and track(s, "Aldric")["aim"] == 1
    s, _ = play(s, "attack", "aware", "defend")
    assert ("aim", 1) in prompt(s).modifier_parts
    s, _ = play(s, "0 0 0 0", "+ + + +")
    assert track(s, "Aldric")["aim"] == 1  # kept while the same target is attacked
    s, _ = play(s, "attack", "aware", "defend")
    assert ("aim", 1) in prompt(s).modifier_parts


def test_aim_is_lost_when_forced_to_dodge():
    """Text: if the character is forced to dodge ... he loses the bonus."""
    s = scene(card("Aldric", "bow"), card("Grak", "bow"), maneuvers=True)
    s, _ = play(s, "aim", "attack", "aware", "0 0 0 0", "+ + + +")  # Grak shoots, Aldric dodges
    assert track(s, "Aldric")["aim"] == 0


def test_aim_is_lost_when_hurt_and_not_shrugged_off():
    """Text: if he is damaged (and fails the Health roll) he loses the bonus."""
    s = scene(card("Aldric", "bow"), card("Grak", "bow"), maneuvers=True)
    s, _ = play(s, "aim", "attack", "unaware", "0 0 0 0", "- 0 0 0")  # Hurt
    assert track(s, "Aldric")["aim"] == 0
    s = scene(card("Aldric", "bow"), card("Grak", "bow"), maneuvers=True)
    s, _ = play(s, "aim", "attack", "unaware", "0 0 0 0", "- - 0 0")  # a Scratch does not
    assert track(s, "Aldric")["aim"] == 1


def test_all_out_attack_plus_one_then_minus_two():
    """Text "All-out Attack": +1 to hit and damage; -2 to any action next turn."""
    s = scene(A, B, maneuvers=True)
    s, _ = play(s, "all-out-attack", "defend")
    assert ("all-out attack", 1) in prompt(s).modifier_parts and prompt(s).modifier == 1
    s, _ = play(s, "0 0 0 0", "0 0 0 0")
    assert prompt(s).modifier_parts == (("Sword BD", 0), ("all-out attack", 1))
    s, _ = play(s, "- - - -", "attack", "defend")
    assert ("all-out attack last turn", -2) in prompt(s).modifier_parts


def test_all_out_defense_plus_one_and_no_damage():
    """Text "All-out Defense": +1 to skill, and winning the opposed roll inflicts no damage."""
    s, _ = play(scene(A, B, maneuvers=True), "attack", "all-out-defense", "0 0 0 0")
    assert prompt(s).modifier == 1 and ("all-out defense", 1) in prompt(s).modifier_parts
    s, _ = play(s, "+ + + +")
    assert prompt(s).reason == "action"  # no damage either way


def test_all_out_defense_helps_the_dodge():
    """Text: especially useful for people dodging missile fire."""
    s, _ = play(scene(card("Aldric", "bow"), B, maneuvers=True), "attack", "aware", "all-out-defense", "0 0 0 0")
    assert prompt(s).reason == "dodge" and prompt(s).modifier == 1


def test_empty_the_clip_at_two_targets():
    """Text "Empty the Clip": +1 to hit, +2 damage, -1 to both for two targets; empties the clip."""
    s = scene(card("Aldric", "smg"), card("Grak"), card("Bryn"), sides=(0, 1, 1), maneuvers=True, reloading=True)
    s, _ = play(s, "empty-the-clip", "grak")
    p = prompt(s)
    assert p.reason == "another target" and p.advised == "done"
    s, _ = play(s, "bryn", "aware", "aware", "defend", "defend")
    p = prompt(s)
    assert p.who == "Aldric" and p.modifier == 0
    assert p.modifier_parts[1:] == (("empty the clip", 1), ("2 targets", -1))
    s, log = play(s, "+ 0 0 0", "0 0 0 0", "0 0 0 0")
    assert "Aldric's Good vs Grak's dodge Fair: Aldric hits (RD 1)" in log
    assert "Aldric's Good vs Bryn's dodge Fair: Aldric hits (RD 1)" in log
    assert prompt(s).modifier_parts == (("SMG BD", 0), ("empty the clip", 2), ("2 targets", -1))
    assert prompt(s).reason == "damage to Grak"
    s, _ = play(s, "- - - -")
    assert prompt(s).reason == "damage to Bryn"
    s, _ = play(s, "- - - -")
    assert track(s, "Aldric")["ammo"] == {"smg": 0}


def test_three_round_burst():
    """Text "Three-Round Burst": +1 to hit and damage, 3 rounds of ammunition."""
    s = scene(card("Aldric", "rifle"), B, maneuvers=True, reloading=True)
    s, _ = play(s, "three-round-burst", "unaware", "defend")
    assert ("three-round burst", 1) in prompt(s).modifier_parts
    s, _ = play(s, "0 0 0 0")
    assert prompt(s).modifier_parts == (("Rifle BD", 2), ("three-round burst", 1))
    s, _ = play(s, "- - - -")
    assert track(s, "Aldric")["ammo"] == {"rifle": 17}


def test_automatic_pistol_all_out_attack_uses_three_rounds():
    """Text: for automatic pistols, all-out attack uses up 3 rounds."""
    s = scene(card("Aldric", "pistol"), B, maneuvers=True, reloading=True)
    s, _ = play(s, "all-out-attack", "unaware", "defend", "- - - -")
    assert track(s, "Aldric")["ammo"] == {"pistol": 3}


def test_hit_location_vitals():
    """Text "Hit Location": vitals -X to hit, +X damage (at most 3)."""
    s = scene(card("Aldric", Sword="Superb"), B, maneuvers=True)
    s, _ = play(s, "hit-location")
    p = prompt(s)
    assert p.reason == "location" and p.advised == "torso"
    assert RULESET.reference(s).title.startswith("Hit locations")
    s, log = play(s, "vitals")
    assert "Aldric: hit location on Grak with the Sword, at the vitals" in log
    assert track(s, "Aldric")["action"] == "hit location on Grak (vitals), sword"  # the side panel's short form
    s, log = play(s, "defend", "0 0 0 0", "0 0 0 0")
    assert "Aldric's Superb -3 vitals = Fair vs Grak's Fair: a tie" in log
    s, _ = play(
        scene(card("Aldric", Sword="Superb"), B, maneuvers=True),
        "hit-location",
        "vitals",
        "defend",
        "+ 0 0 0",
        "0 0 0 0",
    )
    assert ("vitals", 3) in prompt(s).modifier_parts


def test_hit_location_that_bypasses_armor():
    """Text: armor could be bypassed by an attack to its joints [R: the table's gap row]."""
    s = scene(card("Aldric", Sword="Great"), card("Grak", armor="plate"), maneuvers=True, armor_dr=True)
    s, _ = play(s, "hit-location", "gap", "defend", "0 0 0 0", "0 0 0 0")
    assert prompt(s).note == ""


def test_suicidal_aggression_both_hit():
    """Text "Suicidal Aggression": either hits on at least Poor (plus PD); both may hit at once."""
    s = scene(A, B, maneuvers=True)
    s, log = play(s, "suicidal-aggression", "attack", "- - 0 0", "+ + + +")
    assert "Aldric's Poor vs Poor (suicidal aggression): Aldric hits" in log
    assert "Grak's Legendary vs Poor (suicidal aggression): Grak hits" in log
    assert prompt(s).reason == "damage to Grak"
    s, _ = play(s, "- - 0 0")
    assert prompt(s).reason == "damage to Aldric"


def test_suicidal_aggression_below_poor_misses():
    """Text: at least a Poor roll is required."""
    _s, log = play(scene(A, B, maneuvers=True), "suicidal-aggression", "defend", "- - - 0", "- - - -")
    assert "Aldric's Terrible vs Poor (suicidal aggression): Aldric misses" in log


def test_wild_swing():
    """Text "Wild Swing": +1 to hit, -2 damage; only melee, skill below Fair."""
    s = scene(card("Aldric", Sword="Mediocre"), B, maneuvers=True)
    s, _ = play(s, "wild-swing", "defend")
    assert prompt(s).modifier == 0 and ("wild swing", 1) in prompt(s).modifier_parts
    s, _ = play(s, "+ 0 0 0", "0 0 0 0")
    assert prompt(s).modifier_parts == (("Sword BD", 0), ("wild swing", -2))


# --- the scene's end, trackers, refusals --------------------------------------------------------------------------


def test_the_scene_ends_when_a_side_has_no_able_combatant():
    """Design 6.5: the other side wins, method incapacitated, detail the worst wound of the last to fall."""
    s = scene(A, card("Bryn"), B, sides=(0, 0, 1))
    s, _ = play(s, "attack", "attack", "defend", "+ 0 0 0", "+ 0 0 0", "0 0 0 0")
    s, log = play(s, "+ 0 0 0")  # Aldric: Incapacitated
    assert prompt(s).reason == "damage to Grak"
    s, log = play(s, "+ + + 0")  # Bryn: Near Death
    p = prompt(s)
    assert isinstance(p, OverPrompt)
    r = p.result
    assert (r.winner, r.loser, r.method, r.detail, r.period, r.fight_time) == (
        "Aldric & Bryn",
        "Grak",
        "incapacitated",
        "near death",
        1,
        "0:03",
    )
    assert log[-1] == "Aldric & Bryn def. Grak by incapacitation (near death), round 1"
    assert RULESET.status(s) == "Round 1: over"


def test_the_gm_ends_the_scene():
    """Design 6.1: the first declaration of a round offers end: method ended, no winner."""
    s, _ = play(scene(A, B), "attack", "defend", "0 0 0 0", "0 0 0 0")
    assert RULESET.status(s) == "Round 2: declarations"
    s, _log = play(s, "end")
    r = prompt(s).result
    assert (r.winner, r.loser, r.method, r.period, r.fight_time) == (None, None, "ended", 2, "0:03")
    assert "end" not in actions(play(scene(A, B), "attack")[0])  # only at the first declaration


def test_bad_answers_are_refused_and_the_state_is_unchanged():
    """Design: a refusal leaves the state as it was (ruling D-5)."""
    s = scene(A, B)
    with pytest.raises(Refused, match="choose one of attack, defend, end"):
        RULESET.apply(s, Answer("jump"))
    s, _ = play(s, "attack", "defend")
    with pytest.raises(Refused, match="expected 4 faces"):
        RULESET.apply(s, Answer("+ +"))
    with pytest.raises(Refused, match="not a face"):
        RULESET.apply(s, Answer("+ + 7 -"))
    assert s.inputs == ("attack", "defend") and prompt(s).who == "Aldric"
    s2, _ = play(s, "+-0+")
    assert s2.inputs[-1] == (1, -1, 0, 1)


def test_trackers_hold_every_number_the_screens_draw():
    """Design 7."""
    s = scene(A, B, reloading=True)
    s, _ = play(s, "attack")
    t = track(s, "Aldric")
    assert set(t) >= {
        "side",
        "boxes",
        "suppressed",
        "penalty",
        "status",
        "ammo",
        "reloads",
        "reload_turns",
        "aim",
        "action",
        "experience",
    }
    assert t["action"] == "attacks Grak, sword" and t["status"] == "fighting"
    assert t["boxes"] == {
        "scratch": [False] * 3,
        "hurt": [False],
        "very_hurt": [False],
        "incapacitated": [False],
        "near_death": [False],
    }
    assert "ammo" not in track(scene(A, B), "Aldric")


def test_reference_shows_the_damage_results_at_a_damage_roll():
    """Design 8: at a damage roll the damage results, the row hit marked after it; otherwise the ladder."""
    s = scene(A, B, health_rolls=True)
    assert RULESET.reference(s).title.startswith("The Fudge ladder")
    s, _ = play(s, "attack", "defend", "+ 0 0 0", "0 0 0 0")
    ref = RULESET.reference(s)
    assert ref.title.startswith("Damage roll results") and ref.highlight is None
    s, _ = play(s, "0 0 0 0")  # Fair: Very Hurt; the Health roll is asked
    ref = RULESET.reference(s)
    assert ref.rows[ref.highlight] == ("Fair or better", "Very Hurt")


def test_a_round_replays_the_same_from_its_answers():
    """Design: the state is a fold of the answers; the same answers give the same log."""
    answers = ("attack", "attack", "+ 0 0 0", "0 0 0 0", "- 0 0 0", "attack", "attack", "0 0 0 0", "0 0 0 0")
    a = play(scene(A, B), *answers)
    b = play(scene(A, B), *answers)
    assert a[1] == b[1] and RULESET.trackers(a[0]) == RULESET.trackers(b[0])
    assert isinstance(prompt(a[0]), (RollPrompt, ChoicePrompt))
