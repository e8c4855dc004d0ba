"""Simultaneous Combat for Fudge, rule by rule, with fixed dice.

The tests drive the pure ruleset (``RULESET.apply`` / ``prompt`` / ``trackers``)
with typed answers as a script would: choice keys (``attack``, ``grak``,
``aware``) and the faces of each 4dF roll (``+ + 0 -``). Each test names what
it checks: the text (shared/rules/source/fudge_simultaneous_combat.txt), a
ruling (FU-1 to FU-5) or a decision of rulesets/fudge/ruleset.py ([D]).

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
from companion.replay import number_copies
from companion.ruleset import Answer, ChoicePrompt, OverPrompt, RollPrompt, default_options, evolve
from companion.rulesets.fudge import tables as fudge_tables
from companion.rulesets.fudge.cards import FudgeCard
from companion.rulesets.fudge.ruleset import MANEUVERS, RULESET, FudgeState

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
    from companion.rulesets.fudge.ruleset import BOXES

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
        "aim": False,
        "all_out_attack": False,
        "all_out_defense": False,
        "empty_the_clip": False,
        "hit_location": False,
        "suicidal_aggression": False,
        "three_round_burst": False,
        "wild_swing": False,
        "base_damage": 0,
    }
    assert RULESET.key == "fudge" and RULESET.period_word == "round" and RULESET.card_model is FudgeCard


@pytest.mark.parametrize(
    "cards,sides,why",
    [
        ((A,), (), "2 to 16"),
        (tuple(card(f"F{i}") for i in range(17)), (0,) * 16 + (1,), "2 to 16 combatants, not 17"),
        ((A, B, card("Third")), (), "needs each combatant's side"),
        ((A, B), (0, 0), "each side"),
        ((A, B), (0, 2), "0 (red) or 1 (blue)"),
        ((A, B, card("Third")), (0, 1), "for each of the 3"),
        ((A, card("Aldric")), (), "tell apart"),
    ],
)
def test_a_bad_scene_is_refused_with_the_reason(cards, sides, why):
    """Design 6: 2-16 combatants on two sides (issue 17: at least 12), each side at least one."""
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


def test_a_melee_defender_who_beats_his_attacker_hits_him_back():
    """FU-2 ("a RD of 1 or more is a hit by the victor") and FU-11 ("defending with Dodge never hits back",
    so one defending with a melee skill can): Grak only defends, with his Sword; beating Aldric by 4 he hits
    him, and rolls the damage with his sword. (The audit: Sir Aldric defending beat Thorgrim by 3 and hit
    no one.)"""
    s, _ = play(scene(A, B), "attack", "defend")
    s, _ = play(s, "0 0 0 0")
    p = prompt(s)
    assert (p.who, p.reason, p.against) == ("Grak", "combat roll, Sword (defending)", "Aldric's combat roll")
    assert p.note == "beating the attacker, Grak hits back with the Sword (FU-2)"
    s, log = play(s, "+ + + +")
    assert log[-2:] == [
        "Aldric's Fair vs Grak's Legendary: Aldric misses (RD -4)",
        "Grak's Legendary vs Aldric's Fair: Grak hits back (RD 4)",
    ]
    p = prompt(s)
    assert (p.who, p.reason, p.modifier_parts) == ("Grak", "damage to Aldric", (("Sword BD", 0),))
    s, log = play(s, "+ 0 0 0")  # BD 0 + 1 = Good: Incapacitated (FU-3)
    assert log[:2] == [
        "Grak rolls + 0 0 0 for damage: Sword BD 0 + 1 (dice) = Good (+1): Incapacitated",
        "Aldric marks an Incapacitated box: incapacitated",
    ]
    assert prompt(s).result.winner == "Grak"


def test_a_defender_hits_back_only_when_he_wins_by_the_rules():
    """FU-2: a tie is nothing, the attacker's win is his alone; the blow back needs at least Poor (FU-2) and
    the attacker's armor PD (text: Armor PD); the RD bonus counts its RD (text)."""
    s, log = play(scene(A, B), "attack", "defend", "0 0 0 0", "0 0 0 0")
    assert log[-2:] == ["Aldric's Fair vs Grak's Fair: a tie", "Round 2"]
    low = scene(card("Aldric", Sword="Terrible"), card("Grak", Sword="Terrible", Brawling="Terrible", dodge="Terrible"))
    s, log = play(low, "attack", "defend", "- - - -", "- 0 0 0")  # Terrible-4 v Terrible-1: RD 3 below Poor
    assert log[-2:] == ["Grak's Terrible-1 vs Aldric's Terrible-4: no hit back (below Poor, RD 3)", "Round 2"]
    plated = scene(card("Aldric", armor="plate"), B, armor_pd=True, rd_bonus="rd-1")
    s, log = play(plated, "attack", "defend", "0 0 0 0", "+ 0 0 0")  # RD 1, below plate's PD 2
    assert log[-2:] == ["Grak's Good vs Aldric's Fair: no hit back (RD 1, below Aldric's armor PD 2)", "Round 2"]
    s, log = play(plated, "attack", "defend", "0 0 0 0", "+ + + 0")  # RD 3
    assert log[-1] == "Grak's Superb vs Aldric's Fair: Grak hits back (RD 3)"
    assert ("RD 3 - 1", 2) in prompt(s).modifier_parts  # the RD-1 bonus, written as the option reads


@pytest.mark.parametrize(
    "action,note",
    [
        ("all-out-defense", "all-out defense: no damage dealt, even beating the attacker (text)"),
        ("aim", "no hit back: the turn goes to aiming (our reading, docs/decisions.md)"),
    ],
)
def test_all_out_defense_and_aim_never_hit_back(action, note):
    """Text: all-out defense "if he wins the opposed roll no damage is inflicted"; aim "forfeits his attack
    this turn" [D: no blow back either]."""
    grak = card("Grak", "bow", "sword")
    s, _ = play(scene(A, grak, all_out_defense=True, aim=True), "attack", action, "0 0 0 0")
    assert prompt(s).note == note
    s, log = play(s, "+ + + +")
    assert not any("hits back" in line for line in log) and prompt(s).reason == "action"


def test_defending_with_dodge_never_hits_back():
    """FU-11: "defending with Dodge never hits back"; the prompt says so before the roll (FU-10)."""
    nimble = card("Grak", Sword="Poor", Brawling="Poor", dodge="Good")
    s, _ = play(scene(A, nimble), "attack", "defend", "0 0 0 0")
    p = prompt(s)
    assert p.reason == "combat roll, Dodge (defending)" and p.note == "defending with Dodge: no hit back (FU-11)"
    s, log = play(s, "+ + + +")
    assert log[-2:] == ["Aldric's Fair vs Grak's Legendary+1: Aldric misses (RD -5)", "Round 2"]


def test_an_unarmed_defender_hits_back_with_his_fists():
    """[D] A defender whose best melee skill is an unarmed one and who carries no weapon for it hits back with
    the tables' fist (the shipped tables: "punches and kicks; also the modern brawler's"); without a fist in
    the tables, he does not hit back."""
    fists = {**TABLES, "weapons": {**WEAPONS, "fist": {**WEAPONS["knife"], "name": "Fist", "bd": -3}}}
    boxer = card("Grak", "bow", Brawling="Good")  # a bow, and Brawling Good over Dodge Fair
    with_fist = ScenePlay(RULESET, fists)
    s, _ = with_fist.play(with_fist.scene(A, boxer), "attack", "defend", "0 0 0 0")
    assert with_fist.prompt(s).note == "beating the attacker, Grak hits back with the Fist (FU-2)"
    s, log = with_fist.play(s, "+ 0 0 0")
    assert log[-1] == "Grak's Great vs Aldric's Fair: Grak hits back (RD 2)"
    assert with_fist.prompt(s).modifier_parts == (("Fist BD", -3),)
    s, _ = play(scene(A, boxer), "attack", "defend", "0 0 0 0")
    assert prompt(s).note == "no melee weapon to hit back with"
    s, log = play(s, "+ 0 0 0")
    assert not any("hits back" in line for line in log)


def test_a_defender_ganged_up_on_who_beats_every_attacker_hits_the_one_he_chooses():
    """FU-2: "If the defender beats every attacker's roll (penalty included), then he can hit the attacker of
    his choice"; [D] one who only defended is asked whom, after the rolls, of those his roll can hit (the
    advised: the one he beat by most). The audit: Thorgrim beat four Wat Millers by 4 and hit no one."""
    s = scene(card("Orc A"), card("Orc B"), card("Orc C"), card("Hero", Sword="Superb"), sides=(0, 0, 0, 1))
    s, _ = play(s, "attack", "attack", "attack", "defend", "0 0 0 0", "- 0 0 0", "0 0 0 0")
    p = prompt(s)
    assert ("gang-up of 3", -2) in p.modifier_parts
    assert "beating every attacker, Hero hits back the attacker of Hero's choice with the Sword" in p.note
    s, log = play(s, "+ + 0 0")  # Superb 3 - 2 + 2 = Superb: beats Fair, Mediocre, Fair
    p = prompt(s)
    assert isinstance(p, ChoicePrompt) and p.who == "Hero"
    assert p.reason == "whom to hit back (every attacker beaten, FU-2)"
    assert [o.key for o in p.options] == ["orc-a", "orc-b", "orc-c"] and p.advised == "orc-b"  # beaten by most
    assert [c.key for c in p.also] == ["end"]
    s, log = play(s, "orc-c")
    assert log == ["Hero's Superb vs Orc C's Fair: Hero hits back (RD 3), the attacker of Hero's choice (FU-2)"]
    assert prompt(s).reason == "damage to Orc C" and prompt(s).who == "Hero"


def test_a_defender_ganged_up_on_who_does_not_beat_them_all_hits_no_one_back():
    """FU-7: a ganged-up defender who does not beat every attacker's roll hits no one."""
    s = scene(card("Orc A"), card("Orc B"), card("Hero", Sword="Superb"), sides=(0, 0, 1))
    s, log = play(s, "attack", "attack", "defend", "+ + 0 0", "- - 0 0", "0 0 0 0")  # Hero 3 - 1 = Great
    assert "Orc A's Great vs Hero's Great: a tie" in log
    assert "Hero hits no one back: Hero did not beat Orc A (FU-2, FU-7)" in log
    assert prompt(s).reason == "action"


def test_a_defender_against_suicidal_aggression_hits_back_on_poor():
    """Text, Suicidal Aggression: "either combatant hits if their attack's rolled degree is at least equal to the
    minimum required (including passive defense)": a defender with a melee skill hits the suicidal attacker
    back on Poor plus his PD, whatever he rolled; the prompt says it is against Poor (FU-10)."""
    s = scene(A, B, suicidal_aggression=True)
    s, _ = play(s, "suicidal-aggression", "defend", "+ + + +")
    p = prompt(s)
    assert (p.against, p.target) == ("Poor (hitting back Aldric's suicidal aggression)", -2)
    s, log = play(s, "- - 0 0")  # Grak Poor
    assert log[-2:] == [
        "Aldric's Legendary vs Poor (suicidal aggression): Aldric hits",
        "Grak's Poor vs Poor (suicidal aggression): Grak hits back",
    ]


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
    # the audit: only "defend", with no word why; the prompt says it
    assert p.reason == "action (no melee attack: Hero already has 4 melee attackers, the most: FU-2)"
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
    s, _ = play(scene(rex, B, scale=True), "attack", "defend")
    p = prompt(s)  # FU-10: the scale is in the prompt, before the roll
    assert p.modifier_parts == (("Sword Superb", 3), ("scale +10", -2)) and p.modifier == 1
    s, log = play(s, "0 0 0 0", "0 0 0 0")
    assert "Rex rolls 0 0 0 0: Superb (+3) - 2 (scale +10) + 0 (dice) = Good (combat roll, Sword)" in log
    assert "Rex's Good vs Grak's Fair: Rex hits (RD 1)" in log
    assert ("scale +10", 5) in prompt(s).modifier_parts and prompt(s).modifier == 5
    s, log = play(scene(rex, B), "attack", "defend", "0 0 0 0", "0 0 0 0")  # off: no scale
    assert "Rex's Superb vs Grak's Fair: Rex hits (RD 3)" in log


def test_scale_works_the_other_way_for_the_smaller():
    """Text: subtract the defender's scale from the attacker's: -10 gives +2 to hit, -5 damage."""
    rex = card("Rex", scale=10)
    s, log = play(scene(A, rex, scale=True), "attack", "defend", "0 0 0 0", "0 0 0 0")
    assert "Aldric rolls 0 0 0 0: Fair (0) + 2 (scale -10) + 0 (dice) = Great (combat roll, Sword)" in log
    assert "Aldric's Great vs Rex's Fair: Aldric hits (RD 2)" in log
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
    s, _ = play(s, "attack", "unaware", "defend")
    p = prompt(s)  # FU-10: the level to reach, PD included, before the roll (the audit: it said Poor, -2)
    assert (p.against, p.target) == ("Mediocre (unopposed: the target cannot defend; Poor + Grak's armor PD 1)", -1)
    s, log = play(s, "- - 0 0")
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


def test_a_wound_moved_past_several_full_levels_says_so_and_its_health_roll_says_why():
    """FU-4: a Scratch with the Scratch and Hurt boxes full marks Very Hurt; the log names both full levels,
    and the Health roll's prompt says why it must reach Fair when the damage degree was Poor [D: the worse
    box's least degree] (the audit: "Scratch boxes are full", "the damage degree, Fair")."""
    s = with_boxes(scene(A, B, health_rolls=True), 1, scratch=3, hurt=1)
    s, log = hit_for(s, "- - 0 0")  # Poor: a Scratch
    assert "Grak's Scratch and Hurt boxes are full: marks Very Hurt" in log
    p = prompt(s)
    assert p.reason == "health roll" and p.target == 0
    assert p.against == (
        "Fair, the least degree of a Very Hurt: the Scratch (damage degree Poor) takes a Very Hurt box, "
        "its own being full (FU-4)"
    )
    s, log = play(s, "- 0 0 0")  # Fair - 1 = Mediocre: below Fair, felt
    assert log[0] == "Grak rolls - 0 0 0 for Health: Mediocre (-1) vs Fair: feels it"
    s = with_boxes(scene(A, B, health_rolls=True), 1, hurt=1)
    s, _ = hit_for(s, "- 0 0 0")  # Mediocre: Hurt, into the Very Hurt box
    assert prompt(s).against.startswith("Fair, the least degree of a Very Hurt: the Hurt (damage degree Mediocre)")
    s, _ = hit_for(scene(A, B, health_rolls=True), "0 0 0 0")  # Fair: Very Hurt in its own box
    assert prompt(s).against == "the damage degree, Fair"


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
    assert [o.key for o in prompt(s).options] == ["defend", "reload"]
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
        assert [o.key for o in prompt(s).options] == ["defend"]
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


def test_the_reload_advised_is_the_one_under_way_then_the_emptiest():
    """[D] Turns spent reloading are kept: the advice is to finish the reload under way (the audit: a pistol
    with 14 of 15 loaded was advised over the crossbow half reloaded), else the weapon least loaded."""
    s = scene(card("Aldric", "six-gun", "bow"), B, reloading=True)
    s, _ = play(s, "attack", "six-gun", "unaware", "defend", "- - - -")  # 5 of 6 left
    s, _ = play(s, "attack", "bow", "unaware", "defend", "- - - -")  # the bow: 0 of 1
    s, _ = play(s, "reload")
    p = prompt(s)
    assert p.reason == "weapon" and p.advised == "bow"  # 0 of 1 loaded before 5 of 6
    s, log = play(s, "six-gun", "defend")
    assert "Aldric reloads the Six-gun: 5 turns to go" in log
    s, _ = play(s, "reload")
    p = prompt(s)
    assert p.advised == "six-gun"  # the reload under way
    assert {o.key: o.why for o in p.options}["six-gun"] == "Gun Fair, BD 1, 5 loaded, reloading: 5 turns to go"


def test_without_reloading_ammunition_is_not_counted():
    """FU-5: reloading is an option."""
    s = scene(card("Aldric", "bow"), B)
    s, _ = play(s, "attack", "unaware", "defend", "- - - -")
    assert "attack" in [o.key for o in prompt(s).options] and "ammo" not in track(s, "Aldric")


def test_minimum_strength_melee_and_two_hands():
    """Text: below the minimum Strength a weapon can't be wielded; two hands give +1 effective Strength."""
    weak = card("Aldric", "club")  # club needs Good, Aldric is Fair
    s = scene(weak, B, minimum_strength=True)
    assert [o.key for o in prompt(s).options] == ["defend"]
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
    assert [o.key for o in prompt(scene(bow, B, minimum_strength=True)).options] == ["defend"]
    weak = card("Aldric", "pistol", strength="Poor")  # a large pistol needs Fair
    s, _ = play(scene(weak, B, minimum_strength=True), "attack", "unaware", "defend")
    assert ("Strength 2 short", -2) in prompt(s).modifier_parts and prompt(s).modifier == -2


# --- maneuvers -------------------------------------------------------------------------------------------------------


def actions(s: FudgeState) -> list[str]:
    return [o.key for o in prompt(s).options]


def test_maneuvers_are_offered_only_with_the_option_and_as_the_weapons_fit():
    """FU-5: the maneuvers are an option; text: each maneuver's own weapons."""
    assert actions(scene(A, B)) == ["attack", "defend"]
    assert actions(scene(A, B, maneuvers=True)) == [
        "attack",
        "all-out-attack",
        "all-out-defense",
        "hit-location",
        "suicidal-aggression",
        "defend",
    ]
    assert actions(scene(card("Aldric", Sword="Mediocre"), B, maneuvers=True)) == [
        "attack",
        "all-out-attack",
        "all-out-defense",
        "hit-location",
        "suicidal-aggression",
        "wild-swing",
        "defend",
    ]
    assert actions(scene(card("Aldric", "smg"), B, maneuvers=True)) == [
        "attack",
        "aim",
        "all-out-defense",
        "empty-the-clip",
        "hit-location",
        "three-round-burst",
        "defend",
    ]
    assert actions(scene(card("Aldric", "rifle"), B, maneuvers=True)) == [
        "attack",
        "aim",
        "all-out-defense",
        "hit-location",
        "three-round-burst",
        "defend",
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
    """Text: if the character is forced to dodge ... he loses the bonus. Taken the same round as the dodge,
    too: the dodge's prompt says so before it is rolled and the log when it is lost (the audit: silently)."""
    s = scene(card("Aldric", "bow"), card("Grak", "bow"), maneuvers=True)
    s, _ = play(s, "aim", "attack", "aware")  # Grak shoots, Aldric dodges
    p = prompt(s)
    assert (p.who, p.reason, p.note) == ("Aldric", "dodge", "being made to dodge loses the aim (text: Aim)")
    s, log = play(s, "0 0 0 0", "+ + + +", "- - - -")  # dodge, Grak's shot hits, no wound
    assert log[-2:] == ["Aldric loses the aim: made to dodge (text: Aim)", "Round 2"]
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
    s, _ = play(s, "defend")
    p = prompt(s)  # FU-10: the location's penalty is in the prompt, before the roll (not +3, then -3 in the log)
    assert p.modifier_parts == (("Sword Superb", 3), ("vitals", -3)) and p.modifier == 0
    s, log = play(s, "0 0 0 0", "0 0 0 0")
    assert "Aldric rolls 0 0 0 0: Superb (+3) - 3 (vitals) + 0 (dice) = Fair (combat roll, Sword)" in log
    assert "Aldric's Fair vs Grak's Fair: a tie" in log
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


def test_suicidal_aggression_prompts_state_poor_not_the_foes_roll():
    """FU-10 with the text's Suicidal Aggression ("either combatant hits if their attack's rolled degree is at
    least equal to the minimum required (including passive defense)"): each prompt says Poor (plus PD), not
    the other's roll, which it is never compared with (the audit: "against Wat Miller's combat roll")."""
    s = scene(A, card("Grak", armor="leather"), suicidal_aggression=True, hit_location=True, armor_pd=True)
    s, _ = play(s, "suicidal-aggression", "hit-location", "vitals")
    p = prompt(s)
    assert (p.who, p.against, p.target) == ("Aldric", "Mediocre (suicidal aggression; Poor + Grak's armor PD 1)", -1)
    s, _ = play(s, "- 0 0 0")  # Aldric Mediocre: hits Grak through PD 1
    p = prompt(s)
    assert (p.who, p.against, p.target) == ("Grak", "Poor (suicidal aggression)", -2)
    assert ("vitals", -3) in p.modifier_parts
    s, log = play(s, "+ + 0 0")  # Grak 0 - 3 + 2 = Mediocre
    assert log[-2:] == [
        "Aldric's Mediocre vs Poor + PD 1 (suicidal aggression): Aldric hits",
        "Grak's Mediocre vs Poor (suicidal aggression): Grak hits",
    ]


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
    """Design 6.1: the GM's end at a round's first declaration: method ended, no winner. [D] The period is the
    last round played: "before round 2" names the round never played (the audit: not "round 2"). It is said as
    the GM's, not a combatant's, and it is taken at a declaration as at any prompt, as a word of ``also``."""
    s, _ = play(scene(A, B), "attack", "defend", "0 0 0 0", "0 0 0 0")
    assert RULESET.status(s) == "Round 2: declarations"
    assert actions(s) == ["attack", "defend"] and [c.key for c in prompt(s).also] == ["end"]
    s, log = play(s, "end")
    assert log == [
        "The GM ends the scene during the declarations",
        "Draw (the GM ended the scene before round 2), round 1",
    ]
    r = prompt(s).result
    assert (r.winner, r.loser, r.method, r.detail, r.period, r.fight_time) == (
        None,
        None,
        "ended",
        "the GM ended the scene before round 2",
        1,
        "0:03",
    )
    assert RULESET.status(s) == "Round 1: over"
    s, _ = play(scene(A, B), "end")  # before anything was played: round 0, no time
    r = prompt(s).result
    assert (r.detail, r.period, r.fight_time) == ("the GM ended the scene before round 1", 0, "0:00")


@pytest.mark.parametrize("typed", ["e", "en", "E", "end the scene"])
def test_only_the_whole_word_end_ends_the_scene(typed):
    """Issue 17 audit: a start of "end" (``e``) at the first declaration ended the whole scene unasked. The GM's
    end is no option of the choice any more, so no start of it is taken: refused (D-5), nothing changes."""
    s = scene(A, B)
    with pytest.raises(Refused, match="choose one of attack, defend"):
        RULESET.apply(s, Answer(typed))
    s, _ = play(s, "END")  # the whole word, in any case
    assert prompt(s).result.method == "ended"


def test_bad_answers_are_refused_and_the_state_is_unchanged():
    """Design: a refusal leaves the state as it was (ruling D-5)."""
    s = scene(A, B)
    with pytest.raises(Refused, match=r"^action: choose one of attack, defend \(or type end\)$"):
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


# --- issue 17: FU-6, wounds shrugged off take full effect when the scene ends -----------------------------------


def test_a_shrugged_off_incapacitated_takes_full_effect_when_the_scene_ends():
    """FU-6 ("once the action ends, however, the victim immediately suffers the full effects"): Aldric
    shrugs off Incapacitated in round 1 and wins in round 2; at the end he is incapacitated, in the
    trackers, the result (a winner then out is said so) and the log."""
    s = scene(card("Aldric", health="Superb"), B, health_rolls=True)
    s, _ = play(s, "attack", "attack", "0 0 0 0", "+ 0 0 0")  # Grak Good v Aldric Fair: RD 1
    s, _ = play(s, "+ 0 0 0")  # Grak's damage: BD 0 + 1 = Good: Incapacitated
    s, log = play(s, "0 0 0 0")  # Aldric's Health: Superb >= Good: shrugged off
    assert "Aldric marks an Incapacitated box (shrugged off)" in log
    assert track(s, "Aldric")["status"] == "fighting" and track(s, "Aldric")["penalty"] == 0
    s, _ = play(s, "attack", "attack", "+ + + +", "0 0 0 0")  # Aldric Legendary v Fair: RD 4
    s, _ = play(s, "+ + 0 0")  # Great: Near Death
    s, log = play(s, "0 0 0 0")  # Grak's Health: Fair < Great: felt; blue is down
    assert "The scene is over: Aldric's shrugged-off Incapacitated takes full effect: incapacitated" in log
    r = prompt(s).result
    assert (r.winner, r.loser, r.detail) == ("Aldric", "Grak", "near death; then Aldric incapacitated")
    assert log[-1] == "Aldric def. Grak by incapacitation (near death; then Aldric incapacitated), round 2"
    t = track(s, "Aldric")
    assert (t["status"], t["suppressed"], t["marks"]["incapacitated"]) == ("incapacitated", [], ["felt"])
    assert s.after == ("Aldric: Incapacitated in full, incapacitated (was fighting)",)
    assert RULESET.summary(s)[0] == "Aldric: Incapacitated in full, incapacitated (was fighting)"


def test_a_shrugged_off_hurt_gives_its_penalty_when_the_gm_ends_the_scene():
    """FU-6 at the GM's end; issue 17 point 7: each box is felt or shrugged off, not each level."""
    s = scene(A, card("Grak", hurt_boxes=2), health_rolls=True)
    s, _ = hit_for(s, "- 0 0 0")  # Mediocre: Hurt
    s, _ = play(s, "- - - -")  # Health Terrible-1 < Mediocre: felt
    s, _ = hit_for(s, "- 0 0 0")
    s, log = play(s, "0 0 0 0")  # Fair >= Mediocre: the second Hurt shrugged off
    t = track(s, "Grak")
    assert t["marks"]["hurt"] == ["felt", "shrugged"] and t["penalty"] == -1 and t["suppressed"] == ["hurt"]
    s, log = play(s, "end")
    assert "The scene is over: Grak's shrugged-off Hurt takes full effect: -1 to every roll" in log
    t = track(s, "Grak")
    assert t["marks"]["hurt"] == ["felt", "felt"] and t["suppressed"] == [] and t["penalty"] == -1
    assert prompt(s).result.detail == "the GM ended the scene before round 3"  # nobody's status changed


def test_several_shrugged_off_wounds_are_listed_once_each_level_when_the_scene_ends():
    """FU-6 (the audit): Grak shrugs off two Hurts and a Very Hurt; at the GM's end the log said "Grak's
    shrugged-off Hurt and Hurt and Very Hurt takes full effect", a level a box and the verb singular. Each
    level is named once, with its count of boxes, and several take full effect."""
    s = scene(A, card("Grak", hurt_boxes=2), health_rolls=True)
    s, _ = hit_for(s, "- 0 0 0")  # Mediocre: Hurt
    s, _ = play(s, "0 0 0 0")  # Health Fair >= Mediocre: shrugged off
    s, _ = hit_for(s, "- 0 0 0")
    s, _ = play(s, "0 0 0 0")  # the second Hurt box, shrugged off too
    s, _ = hit_for(s, "0 0 0 0")  # Fair: Very Hurt
    s, _ = play(s, "0 0 0 0")  # Fair >= Fair: shrugged off
    assert track(s, "Grak")["suppressed"] == ["hurt", "hurt", "very_hurt"]
    s, log = play(s, "end")
    assert (
        "The scene is over: Grak's shrugged-off Hurt (2 boxes) and Very Hurt take full effect: -2 to every roll" in log
    )
    assert s.after == ("Grak: Hurt (2 boxes) and Very Hurt in full, -2 to every roll",)


def test_the_wound_penalty_is_the_worst_box_felt_on_combat_rolls_and_not_on_the_health_roll():
    """FU-4 (Hurt -1, Very Hurt -2) and docs/decisions.md (the audit): Grak, Hurt and then Very Hurt, rolls at
    -2, not -3 (the worst box felt, not the boxes added up); his combat roll lists it, his Health roll does not
    (Health and the GM's modifiers alone)."""
    s = scene(A, card("Grak"), health_rolls=True)
    s, _ = hit_for(s, "- 0 0 0")  # Mediocre: Hurt
    s, _ = play(s, "- - - -")  # Health Terrible-1 < Mediocre: felt
    s, _ = play(s, "attack", "defend", "+ 0 0 0")
    assert ("Hurt", -1) in prompt(s).modifier_parts  # Grak's melee defence, at -1
    s, _ = play(s, "0 0 0 0", "0 0 0 0")  # Aldric Good v Grak Mediocre: RD 2; damage Fair: Very Hurt
    health = prompt(s)
    assert (health.reason, health.modifier_parts, health.modifier) == ("health roll", (("Health Fair", 0),), 0)
    s, _ = play(s, "- - - -")  # felt
    assert track(s, "Grak")["penalty"] == -2
    s, _ = play(s, "attack", "defend", "+ 0 0 0")
    assert prompt(s).modifier_parts == (("Sword Fair", 0), ("Very Hurt", -2))


# --- FU-7: a ganged-up defender hits no one unless he beats every attacker -------------------------------------


def gang_on_hero(hero: FudgeState | None = None, *hero_answers: str) -> FudgeState:
    """Orc A and Orc B attack Hero in melee; the Shaman (their side) only defends; Hero answers."""
    s = scene(card("Orc A"), card("Orc B"), card("Shaman"), hero or card("Hero"), sides=(0, 0, 0, 1))
    s, _ = play(s, "attack", "attack", "defend", *hero_answers)
    return s


def test_a_ganged_up_defender_who_attacks_a_third_hits_no_one_unless_he_beats_every_attacker():
    """FU-7 (FU-2 as written): Hero, ganged up on by two, attacks the Shaman. Beaten by Orc A, he hits no
    one, whomever he had declared; the old decision (he still hit his own target) is gone."""
    s = gang_on_hero(None, "attack", "shaman")
    p = prompt(s)
    assert p.who == "Orc A"
    s, _ = play(s, "+ + 0 0", "- - 0 0", "- - - -")  # Orc A Great, Orc B Poor, the Shaman Terrible-1
    p = prompt(s)  # Hero's prompt states the gang-up and what it means (FU-10)
    assert p.who == "Hero" and ("gang-up of 2", -1) in p.modifier_parts
    assert p.note == "ganged up on: Hero hits no one unless this roll beats every attacker (FU-7)"
    s, log = play(s, "+ + 0 0")  # Hero: 0 - 1 + 2 = Good: beats Orc B and the Shaman, not Orc A
    assert "Hero's Good vs Shaman's Terrible-1: no hit (Hero did not beat Orc A, RD 5)" in log
    assert "Orc A's Great vs Hero's Good: Orc A hits (RD 1)" in log
    assert prompt(s).reason == "damage to Hero" and prompt(s).who == "Orc A"
    s, _ = play(s, "- - - -")
    assert prompt(s).reason == "action"  # no damage roll for Hero: he hit no one


def test_a_ganged_up_defender_who_beats_every_attacker_hits_his_declared_target():
    """FU-2: beating every attacker's roll (the gang-up penalty included), his attack goes on [D: as declared]."""
    s = gang_on_hero(None, "attack", "shaman")
    s, log = play(s, "0 0 0 0", "- - 0 0", "- - - -", "+ + + +")  # Hero 0 - 1 + 4 = Superb
    assert "Hero's Superb vs Shaman's Terrible-1: Hero hits (RD 7)" in log
    assert prompt(s).reason == "damage to Shaman"


def test_a_ganged_up_archer_shooting_someone_else_hits_no_one_unless_he_beats_them_all():
    """FU-7: 'whomever he had declared': a shot at a third too. FU-11: the archer meets the melee attacks
    with his best melee skill or his Dodge, a roll of its own after his shot [D], and it is that roll that
    must beat every attacker; the gang-up's -1 is on it, not on the shot (a melee rule [D])."""
    archer = card("Hero", "bow")
    s = gang_on_hero(archer, "attack", "shaman", "aware")
    s, _ = play(s, "+ + + +", "0 0 0 0", "- - - -")  # Orc A Legendary, Orc B Fair; the Shaman's dodge Terrible-1
    p = prompt(s)
    assert (p.who, p.reason, p.modifier_parts) == ("Hero", "combat roll, Bow", (("Bow Fair", 0),))
    assert p.note == "the defence against Orc A and Orc B's melee attack is a roll of its own, next (FU-11)"
    s, _ = play(s, "+ + + +")  # the shot: Fair + 4 = Legendary
    p = prompt(s)
    assert (p.who, p.reason) == ("Hero", "combat roll, Brawling (defending)")
    assert p.modifier_parts == (("Brawling Fair", 0), ("gang-up of 2", -1))
    assert p.against == "Orc A's combat roll & Orc B's combat roll"
    assert "unless this roll beats every attacker, Hero's shot hits no one (FU-7)" in p.note
    s, log = play(s, "+ + + +")  # the defence: 0 - 1 + 4 = Superb, below Orc A's Legendary
    assert "Hero's Legendary vs Shaman's dodge Terrible-1: no hit (Hero did not beat Orc A, RD 8)" in log
    assert "Orc A's Legendary vs Hero's Superb: Orc A hits (RD 1)" in log
    s = gang_on_hero(archer, "attack", "shaman", "aware")
    s, log = play(s, "+ + 0 0", "0 0 0 0", "- - - -", "+ + + +", "+ + + +")  # Orc A Great: Superb beats him by 1
    assert "Hero's Legendary vs Shaman's dodge Terrible-1: Hero hits (RD 8)" in log


def test_one_attacker_is_no_gang_up_and_both_blows_land():
    """[D] kept: attacked by one foe while he attacks another, he is not ganged up on (FU-2: "more than
    one enemy"): he hits his own target if he beats its roll, and his attacker hits him too."""
    s = scene(card("Orc A"), card("Shaman"), card("Hero"), sides=(0, 0, 1))
    s, _ = play(s, "attack", "defend", "attack", "shaman")
    s, log = play(s, "+ + 0 0", "- - - -", "+ 0 0 0")  # Orc A Great, the Shaman Terrible-1, Hero Good
    assert "Orc A's Great vs Hero's Good: Orc A hits (RD 1)" in log
    assert "Hero's Good vs Shaman's Terrible-1: Hero hits (RD 5)" in log


# --- FU-8: combat experience --------------------------------------------------------------------------------------


def test_once_an_opponent_fought_back_the_cap_holds_to_the_scenes_end():
    """FU-8: a Green archer ambushes Grak (uncapped); Grak attacks him (capped); in round 3 he ambushes
    again while Grak only defends, and the cap still holds. Without Grak fighting back, it does not."""
    green = card("Aldric", "bow", Bow="Superb", experience="green")
    s = scene(green, B, combat_experience=True)
    s, _ = play(s, "attack", "unaware", "defend")
    assert prompt(s).modifier == 3  # the ambush: no cap (text)
    s, _ = play(s, "0 0 0 0", "- - - -")  # Superb v Poor: a hit; no wound
    s, _ = play(s, "attack", "unaware", "defend")
    assert prompt(s).modifier == 3  # nobody has fought back yet: still uncapped
    s, _ = play(s, "- - - -", "- - - -")  # Mediocre v Poor: a hit; no wound
    s, _ = play(s, "attack", "unaware", "attack")  # round 3: Grak attacks him
    assert prompt(s).modifier == -2 and prompt(s).modifier_parts[0][0] == "Bow Superb, capped Poor (green)"
    s, _ = play(s, "0 0 0 0")  # Poor v Poor (unaware): a hit
    p = prompt(s)  # his melee defence, a roll of its own (FU-11), capped too
    assert p.reason == "combat roll, Brawling (defending)" and p.modifier_parts == (
        ("Brawling Fair, capped Poor (green)", -2),
    )
    s, _ = play(s, "0 0 0 0", "- - - -")  # his defence Poor; Grak Terrible-1 misses
    s, _ = play(s, "- - - -")
    s, _ = play(s, "attack", "unaware", "defend")  # round 4: an ambush again, Grak only defends
    assert prompt(s).modifier == -2  # FU-8: the cap holds for the rest of the scene
    assert track(s, "Aldric")["experience"] == "green"


def test_a_veteran_who_sees_the_elephant_gets_a_gift_the_gm_names():
    """FU-8: a Veteran's improvement roll is made as for the others; on all '+' the app asks the GM to
    name the gift and logs it. Grak, Near Death but alive, rolls too."""
    s = scene(A, B, combat_experience=True)
    s, _ = play(s, "attack", "defend", "+ 0 0 0", "0 0 0 0", "+ + 0 0")  # Great: Near Death
    p = prompt(s)
    # the prompts name the combatant, never "him" (the audit: Maeve was "him")
    assert (p.who, p.reason, p.note) == ("Aldric", "seeing the elephant", "all '+': the GM gives Aldric a gift (FU-8)")
    assert p.also == ()  # the scene is over: no end, no GM's modifier on a roll read by its faces
    with pytest.raises(Refused, match="the scene is over: what is left are the rolls after it"):
        RULESET.apply(s, Answer("end"))
    s, log = play(s, "+ + + +")
    assert log == ["Aldric rolls + + + +: a Veteran improves: the GM names a gift"]
    p = prompt(s)
    assert isinstance(p, ChoicePrompt) and p.reason == "the gift the GM gives Aldric"
    assert p.advised == "combat-reflexes" and [c.key for c in p.also] == ["other"]
    s, log = play(s, "combat-reflexes")
    assert log == ["Aldric gains the gift Combat Reflexes (FU-8)"]
    s, log = play(s, "+ + + -")
    assert log[0] == "Grak rolls + + + -: still veteran"
    assert isinstance(prompt(s), OverPrompt)
    assert track(s, "Aldric")["gifts"] == ["combat-reflexes"] and track(s, "Aldric")["experience"] == "veteran"
    assert RULESET.write_back(s) == {
        "Aldric": {"gifts": ["combat-reflexes"]},
        "Grak": {"wounds": {"near_death": 1}},
    }


def test_the_gm_may_name_a_gift_of_his_own():
    """FU-8: "the GM should give him a gift (such as Combat Reflexes)": any gift, named."""
    s = scene(A, B, combat_experience=True)
    s, _ = play(s, "attack", "defend", "+ 0 0 0", "0 0 0 0", "+ + 0 0", "+ + + +")
    with pytest.raises(Refused, match="name the gift after 'other'"):
        RULESET.apply(s, Answer("other"))
    s, log = play(s, "other Iron Will", "0 0 0 0")
    assert log[0] == "Aldric gains the gift iron will (FU-8)"
    assert track(s, "Aldric")["gifts"] == ["iron-will"]


# --- FU-9: each maneuver its own option -------------------------------------------------------------------------------


def test_each_maneuver_is_its_own_option_in_any_combination():
    """FU-9: each optional rule and each maneuver is its own option, in any combination (text: "any or all
    of them ... in any combination")."""
    assert actions(scene(A, B, all_out_defense=True)) == ["attack", "all-out-defense", "defend"]
    assert actions(scene(A, B, hit_location=True, wild_swing=True)) == ["attack", "hit-location", "defend"]
    weak = card("Aldric", Sword="Poor")
    assert actions(scene(weak, B, wild_swing=True)) == ["attack", "wild-swing", "defend"]
    smg = card("Aldric", "smg")
    assert actions(scene(smg, B, aim=True, empty_the_clip=True)) == ["attack", "aim", "empty-the-clip", "defend"]
    assert actions(scene(smg, B, three_round_burst=True)) == ["attack", "three-round-burst", "defend"]
    assert actions(scene(A, B, suicidal_aggression=True, all_out_attack=True)) == [
        "attack",
        "all-out-attack",
        "suicidal-aggression",
        "defend",
    ]


def test_a_fight_saved_with_the_one_maneuvers_switch_still_folds():
    """FU-9: a setup stored before the maneuvers were split reads its one switch as each maneuver's own."""
    old = scene(A, B, maneuvers=True)
    assert all(getattr(old.options, m.replace("-", "_")) for m in MANEUVERS)
    assert actions(old) == ["attack", "all-out-attack", "all-out-defense", "hit-location", "suicidal-aggression"] + [
        "defend",
    ]


# --- FU-10, FU-11: the prompt states every modifier; the GM's modifier; defending in melee ------------------------------


def test_a_gm_modifier_with_its_reason_on_a_combat_roll_a_damage_roll_and_a_health_roll():
    """FU-11: a GM may add a situational modifier to any roll, logged with its reason; FU-10: the prompt
    then states it before the roll."""
    s, _ = play(scene(A, B, health_rolls=True), "attack", "defend")
    assert [c.key for c in prompt(s).also] == ["end", "gm"]
    s, log = play(s, "gm +1 uphill")
    assert log == ["GM: +1 to Aldric's combat roll, Sword (uphill)"]
    p = prompt(s)
    assert p.who == "Aldric" and p.modifier_parts == (("Sword Fair", 0), ("GM: uphill", 1)) and p.modifier == 1
    s, log = play(s, "gm -2 mud", "gm +2 the sun behind him")  # several, each with its reason
    assert prompt(s).modifier == 1
    s, log = play(s, "0 0 0 0", "0 0 0 0")
    assert (
        "Aldric rolls 0 0 0 0: Fair (0) + 1 (GM: uphill) - 2 (GM: mud) + 2 (GM: the sun behind him) + 0 (dice) "
        "= Good (combat roll, Sword)"
    ) in log
    assert "Aldric's Good vs Grak's Fair: Aldric hits (RD 1)" in log
    s, log = play(s, "gm +1 a clean cut")
    p = prompt(s)
    assert p.reason == "damage to Grak" and p.modifier_parts == (("Sword BD", 0), ("GM: a clean cut", 1))
    s, _ = play(s, "0 0 0 0")  # 0 + 1 = Good: Incapacitated
    s, log = play(s, "gm -1 he is tired")
    assert log == ["GM: -1 to Grak's health roll (he is tired)"]
    assert prompt(s).modifier == -1 and prompt(s).target == 1
    s, log = play(s, "+ + 0 0")  # Fair - 1 + 2 = Good >= Good: shrugged off
    assert "Grak rolls + + 0 0 for Health: Good (+1) vs Good: shrugs it off" in log


def test_a_gm_modifier_is_refused_where_no_total_is_read():
    """FU-11 at a stop roll (its faces, not a total, decide) or a choice: refused with the reason (D-5)."""
    s = shot("pistol", "kevlar-ii")
    assert prompt(s).reason.endswith("stops the bullet") and [c.key for c in prompt(s).also] == ["end"]
    with pytest.raises(Refused, match="a GM's modifier is added to a roll that reads its total"):
        RULESET.apply(s, Answer("gm +1 luck"))
    with pytest.raises(Refused, match="a GM's modifier is added to a roll"):
        RULESET.apply(scene(A, B), Answer("gm +1 uphill"))
    for bad in ("gm", "gm +1", "gm 0 nothing", "gm +11 a lot"):
        with pytest.raises(Refused, match="a GM's modifier is gm, a number and its reason"):
            RULESET.apply(play(scene(A, B), "attack", "defend")[0], Answer(bad))


def test_in_melee_a_defender_rolls_his_best_melee_skill_or_his_dodge():
    """FU-11: whichever is higher; a gunman with no melee skill defends with his Dodge, not at Poor."""
    nimble = card("Grak", Sword="Poor", Brawling="Poor", dodge="Good")
    s, _ = play(scene(A, nimble), "attack", "defend")
    s, _ = play(s, "0 0 0 0")
    p = prompt(s)
    assert (p.who, p.reason, p.modifier_parts) == ("Grak", "combat roll, Dodge (defending)", (("Dodge Good", 1),))
    gunman = FudgeCard.model_validate(
        {
            "name": "Grak",
            "setting": M,
            "skills": {"Gun": "Good"},
            "dodge": "Mediocre",
            "strength": "Fair",
            "health": "Fair",
            "weapons": [{"weapon": "pistol", "skill": "Gun"}],
        }
    )
    s, _ = play(scene(A, gunman), "attack", "defend", "0 0 0 0")
    assert prompt(s).modifier_parts == (("Dodge Mediocre", -1),)
    s, _ = play(scene(A, card("Grak", Sword="Good", dodge="Good")), "attack", "defend", "0 0 0 0")
    assert prompt(s).modifier_parts == (("Sword Good", 1),)  # [D] a tie: the melee skill


# --- issue 17 point 8: the smaller things ------------------------------------------------------------------------------


def test_the_dead_are_not_listed_among_the_winners():
    """Issue 17: a winner's side that lost a man to death names only those alive."""
    s = with_boxes(scene(A, card("Bryn"), B, sides=(0, 0, 1)), 1, near_death=1)
    f = list(s.fighters)
    f[1] = dataclasses.replace(f[1], dead=True)
    s = evolve(s, fighters=tuple(f))
    s, _ = play(s, "attack", "defend", "+ 0 0 0", "0 0 0 0", "+ + 0 0")
    r = prompt(s).result
    assert (r.winner, r.loser) == ("Aldric", "Grak")


def test_an_empty_bow_advises_its_reload():
    """Issue 17: an archer whose bow is empty is advised to reload, not to defend."""
    s = scene(card("Aldric", "bow"), B, reloading=True)
    s, _ = play(s, "attack", "unaware", "defend", "- - - -")  # a miss; the bow is empty
    p = prompt(s)
    assert p.who == "Aldric" and "attack" not in [o.key for o in p.options] and p.advised == "reload"


def test_the_advised_target_is_never_one_already_out():
    """Issue 17: with an able foe still there, the one he fought last (now Near Death) is not advised."""
    s = scene(A, card("Bryn"), B, sides=(0, 1, 1))
    s, _ = play(s, "attack", "bryn", "defend", "defend", "+ + + +", "- - - -", "+ + 0 0")  # Bryn: Near Death
    assert track(s, "Bryn")["status"] == "near death"
    s, _ = play(s, "attack")
    assert prompt(s).reason == "target" and prompt(s).advised == "grak"


def test_targets_are_shown_by_name_and_typed_by_name():
    """Issue 17: the choices show the combatants' names (the keys stay as the script protocol has them)."""
    s = scene(A, card("Grukk the Ogre"), B, sides=(0, 1, 1))
    s, _ = play(s, "attack")
    p = prompt(s)
    assert [(o.key, o.shown) for o in p.options] == [("grukk-the-ogre", "Grukk the Ogre"), ("grak", "Grak")]
    s, log = play(s, "Grukk the Ogre")
    assert log == ["Aldric: attacks Grukk the Ogre with the Sword"]
    s2, _ = play(play(scene(A, card("Grukk the Ogre"), B, sides=(0, 1, 1)), "attack")[0], "grukk t")
    assert s2.inputs == s.inputs


# --- issue 17 point 9: the GM ends the scene at any prompt; no hit can wound ----------------------------------------------


def test_the_gm_ends_the_scene_at_any_prompt():
    """Issue 17: end at a roll mid-round: the wounds already dealt stand, the round counts in the time, and
    the scene's end (FU-6) follows."""
    s, _ = play(scene(A, B), "attack", "attack", "+ 0 0 0", "0 0 0 0", "- 0 0 0")  # Grak: Hurt
    s, _ = play(s, "attack", "attack")
    assert [c.key for c in prompt(s).also] == ["end", "gm"]
    s, log = play(s, "end")
    assert log[0] == "The GM ends the scene during the rolls"
    r = prompt(s).result
    # no roll made in round 2: the last round played is 1 [D]
    assert (r.winner, r.method, r.detail, r.period, r.fight_time) == (
        None,
        "ended",
        "the GM ended the scene before round 2's rolls",
        1,
        "0:03",
    )
    assert marked(s, "Grak")["hurt"] == 1
    s, _ = play(scene(A, B), "attack", "attack", "0 0 0 0", "end")  # ended after a roll of round 1
    assert prompt(s).result.fight_time == "0:03"
    s, log = play(scene(A, B), "attack")
    assert [c.key for c in prompt(s).also] == ["end"]  # a choice too
    s, _ = play(s, "end")
    assert prompt(s).result.fight_time == "0:00"


def test_the_app_says_when_no_hit_can_wound_any_more():
    """Issue 17: two fist fighters at 1dF with base damage -2: fist BD -3 - 2 + 1 at best is Terrible-2,
    below the least wound (FU-3): the status says so from the start, the log once; end ends the scene."""
    fists = {**TABLES, "weapons": {**WEAPONS, "fist": {**WEAPONS["knife"], "name": "Fist", "bd": -3}}}
    play17 = ScenePlay(RULESET, fists)

    def brawler(name: str) -> FudgeCard:
        return FudgeCard.model_validate(
            {
                "name": name,
                "setting": P,
                "skills": {"Brawling": "Fair"},
                "dodge": "Fair",
                "strength": "Fair",
                "health": "Fair",
                "weapons": [{"weapon": "fist", "skill": "Brawling"}],
            }
        )

    s = play17.scene(brawler("Aldric"), brawler("Grak"), damage_dice=1, base_damage=-2)
    assert s.stalled and RULESET.status(s).endswith("no hit can wound any more: end ends the scene")
    s, log = play17.play(s, "attack")
    assert log[-1].startswith("No hit can wound any more")
    s, log = play17.play(s, "attack", "0 0 0 0", "0 0 0 0")
    assert not any(line.startswith("No hit") for line in log)  # said once
    live = play17.scene(brawler("Aldric"), brawler("Grak"), damage_dice=1)  # BD -3 + 1: Poor, a Scratch
    assert not live.stalled and not RULESET.status(live).endswith("end ends the scene")


def test_no_wound_possible_counts_armor_kevlar_and_the_options():
    """Issue 17: the check is an upper bound by the rules: DR counts against it, a kevlar stop roll can
    always Scratch, a hit location that bypasses armor or adds damage is counted when in play."""
    a, b = card("Aldric", "knife", armor="plate"), card("Grak", "knife", armor="plate")  # BD -2 v DR 2
    assert scene(a, b, armor_dr=True, damage_dice=1).stalled  # -2 + 1 = Mediocre, DR 2: Terrible
    assert not scene(a, b, damage_dice=1).stalled  # no DR: Mediocre is a Hurt
    assert not scene(a, b, armor_dr=True, damage_dice=1, hit_location=True).stalled  # the gap: no DR
    assert not scene(a, b, armor_dr=True, damage_dice=1, rd_bonus="rd").stalled  # a big RD adds damage
    gun = shot("derringer", "kevlar-iii", damage_dice=1, base_damage=-2)
    assert not gun.stalled  # kevlar's stop roll: a Scratch at worst


# --- NPC groups, scenes of up to 16, any number of Hurt boxes, the cards after the scene ---------------------------------


def test_the_same_card_several_times_is_a_numbered_npc_group():
    """Issue 17: three Orc Guards are Orc Guard 1, 2 and 3; a number another card holds is skipped."""
    orc = card("Orc Guard")
    cards = number_copies([A, orc, orc, card("Orc Guard 2"), orc])
    assert [c.name for c in cards] == ["Aldric", "Orc Guard 1", "Orc Guard 3", "Orc Guard 2", "Orc Guard 4"]
    s = scene(*number_copies([A, orc, orc, orc]), sides=(0, 1, 1, 1))
    s, _ = play(s, "attack")
    assert [o.key for o in prompt(s).options] == ["orc-guard-1", "orc-guard-2", "orc-guard-3"]


def test_a_scene_of_sixteen_plays():
    """Issue 17: scenes larger than 8, up to 16."""
    cards = number_copies([A] * 8 + [B] * 8)
    s = scene(*cards, sides=(0,) * 8 + (1,) * 8)
    assert len(RULESET.trackers(s)) == 16 and "Grak 8" in RULESET.trackers(s)
    for _ in range(16):  # every one declares an attack, on the advised target
        assert prompt(s).reason == "action"
        s, _ = play(s, "attack")
        while prompt(s).reason == "target":
            s, _ = play(s, prompt(s).advised)
    assert prompt(s).reason.startswith("combat roll")


def test_a_card_with_twelve_hurt_boxes():
    """Issue 17: any number of Hurt boxes a card names (FU-4: the sheet may add Hurt boxes)."""
    s = scene(A, card("Grak", hurt_boxes=12))
    assert len(track(s, "Grak")["boxes"]["hurt"]) == 12
    for _ in range(12):
        s, _ = hit_for(s, "- 0 0 0")
    assert marked(s, "Grak")["hurt"] == 12 and marked(s, "Grak")["very_hurt"] == 0
    s, log = hit_for(s, "- 0 0 0")
    assert "Grak's Hurt boxes are full: marks Very Hurt" in log


def test_wounds_carried_on_the_card_start_the_scene_marked():
    """Issue 17: wounds written back to a card are there in its next scene (felt: FU-6 gave them in full)."""
    s = scene(A, card("Grak", wounds={"scratch": 2, "hurt": 1}))
    assert marked(s, "Grak") == {"scratch": 2, "hurt": 1, "very_hurt": 0, "incapacitated": 0, "near_death": 0}
    assert track(s, "Grak")["penalty"] == -1
    s = scene(A, card("Grak", wounds={"incapacitated": 1}), card("Bryn"), sides=(0, 1, 1))
    assert track(s, "Grak")["status"] == "incapacitated" and prompt(s).who == "Aldric"


def test_what_the_scene_writes_back_to_the_cards():
    """Issue 17: experience gained, gifts and the wound boxes (all felt at the end, FU-6); nothing before the
    scene is over, nothing for one the scene left as he came."""
    s = scene(card("Aldric", experience="green"), B, card("Cade"), sides=(0, 1, 0), combat_experience=True)
    assert RULESET.write_back(s) == {}
    # Aldric (capped Poor) -2 + 2 = Fair v Grak's Mediocre: RD 1; damage 0 + 2 = Great: Near Death
    s, _ = play(s, "attack", "defend", "defend", "+ + 0 0", "- 0 0 0", "+ + 0 0")
    assert prompt(s).reason == "seeing the elephant"
    s, _ = play(s, "+ + + +", "0 0 0 0", "0 0 0 0")  # Aldric, Grak, Cade (all in danger) roll
    assert isinstance(prompt(s), OverPrompt)
    changes = RULESET.write_back(s)
    assert changes == {"Aldric": {"experience": "fair"}, "Grak": {"wounds": {"near_death": 1}}}


def test_one_who_died_is_written_back_dead_and_comes_into_the_next_scene_dead():
    """Issue 17 and FU-4: a combatant killed (a wound with no box left) is written back dead, not only with his
    boxes, which alone would bring him back Near Death (the new-user trial: the ogre came back). With the card
    written back he comes into the next scene dead, his side out from the start (design 6.5)."""
    grak = card("Grak", wounds={"near_death": 1})  # Near Death from an earlier scene: helpless
    s = scene(A, card("Bryn"), grak, sides=(0, 1, 1))
    s, _ = play(s, "attack", "grak", "defend", "0 0 0 0")  # unopposed: Bryn is not attacked
    s, log = play(s, "+ + 0 0")
    assert "Grak has no wound box left at Near Death or worse: dead" in log
    s, _ = play(s, "end")
    assert isinstance(prompt(s), OverPrompt)
    changes = RULESET.write_back(s)
    assert changes == {"Grak": {"dead": True}}  # his boxes are as his card had them
    dead = grak.model_copy(update=changes["Grak"])
    assert "dead (died in an earlier scene)" in dead.sheet_lines()
    again = scene(A, dead)
    r = prompt(again).result
    assert (r.winner, r.method, r.detail, r.period) == ("Aldric", "incapacitated", "dead before the scene began", 0)
    assert track(again, "Grak")["status"] == "dead"
    # with a living friend the scene goes on without him; a card already dead is not written again
    s, _ = play(scene(A, card("Bryn"), dead, sides=(0, 1, 1)), "end")
    assert isinstance(prompt(s), OverPrompt) and track(s, "Grak")["status"] == "dead"
    assert "Grak" not in RULESET.write_back(s)


def test_the_22_rifle_is_not_a_small_caliber_pistol():
    """Issue 17 (text: primitive armor "can be safely ignored by ... rifles"): with the shipped tables, leather's
    DR counts against the .22 pistol and not against the .22 rifle."""
    from tiers import shipped_tables

    shipped = ScenePlay(RULESET, shipped_tables("fudge"))

    def gunman(weapon: str) -> FudgeCard:
        return FudgeCard.model_validate(
            {
                "name": "Aldric",
                "setting": M,
                "skills": {"Gun": "Fair"},
                "dodge": "Fair",
                "strength": "Fair",
                "health": "Fair",
                "weapons": [{"weapon": weapon, "skill": "Gun"}],
            }
        )

    target = FudgeCard.model_validate(
        {
            "name": "Grak",
            "setting": P,
            "skills": {"Sword": "Fair"},
            "dodge": "Fair",
            "strength": "Fair",
            "health": "Fair",
            "weapons": [{"weapon": "broadsword", "skill": "Sword"}],
            "armor": "leather",
        }
    )
    for weapon, note in (("pistol-22", "Grak's armor DR 1"), ("rifle-22", "")):
        s = shipped.scene(gunman(weapon), target, armor_dr=True)
        s, _ = shipped.play(s, "attack", "unaware", "defend", "0 0 0 0")
        assert shipped.prompt(s).reason == "damage to Grak" and shipped.prompt(s).note == note, weapon


def test_suicidal_aggression_is_no_way_out_of_a_gang_up():
    """FU-7 binds every attack of a defender ganged up on [D]: his suicidal aggression (each hits on Poor,
    text) hits no one unless he beats every attacker; theirs on him land as the maneuver says."""
    s = scene(card("Orc A"), card("Orc B"), card("Hero"), sides=(0, 0, 1), suicidal_aggression=True)
    s, _ = play(s, "attack", "attack", "suicidal-aggression", "orc-a")
    s, log = play(s, "+ 0 0 0", "0 0 0 0", "0 0 0 0")  # Orc A Good, Orc B Fair, Hero 0 - 1 = Mediocre
    assert "Hero's Mediocre vs Poor (suicidal aggression): no hit (Hero did not beat Orc A)" in log
    assert "Orc A's Good vs Poor (suicidal aggression): Orc A hits" in log


def test_the_dead_take_no_full_effect_line():
    """FU-6 for the dead: their boxes are felt, and nothing more is said of them (nothing more befalls them)."""
    s = scene(A, card("Bryn"), B, sides=(0, 0, 1))
    f = list(s.fighters)
    boxes = tuple((2,) if i >= 3 else tuple(0 for _ in row) for i, row in enumerate(f[0].boxes))
    f[0] = dataclasses.replace(f[0], boxes=boxes, dead=True)
    s, log = play(evolve(s, fighters=tuple(f)), "end")
    assert not any("Aldric's shrugged-off" in line for line in log)
    t = track(s, "Aldric")
    assert t["status"] == "dead" and t["marks"]["near_death"] == ["felt"] and t["suppressed"] == []


# --- the audit after issue 17 --------------------------------------------------------------------------------------------


def test_the_gm_ending_at_a_health_roll_keeps_the_wound_rolled():
    """FU-6 and the decision "wounds already rolled stand": ended at the Health roll, the wound just rolled is
    marked, felt (no Health roll was made to shrug it off), and the result says whom it put out (the audit:
    the wound was dropped and the tracker read fighting)."""
    s, _ = play(scene(A, B, health_rolls=True), "attack", "defend", "+ 0 0 0", "0 0 0 0")  # RD 1
    s, _ = play(s, "+ 0 0 0")  # BD 0 + 1 = Good: Incapacitated
    assert prompt(s).reason == "health roll" and prompt(s).who == "Grak"
    s, log = play(s, "end")
    assert log == [
        "The GM ends the scene during the damage",
        "The scene is over before Grak's Health roll: the Incapacitated rolled stands, an Incapacitated box felt: "
        "incapacitated",
        "Draw (the GM ended the scene; then Grak incapacitated), round 1",
    ]
    r = prompt(s).result
    assert (r.method, r.detail, r.period, r.fight_time) == (
        "ended",
        "the GM ended the scene; then Grak incapacitated",
        1,
        "0:03",
    )
    t = track(s, "Grak")
    assert (t["status"], t["marks"]["incapacitated"], t["suppressed"]) == ("incapacitated", ["felt"], [])
    assert s.after == ("Grak: Incapacitated (no Health roll), incapacitated (was fighting)",)
    assert RULESET.write_back(s) == {"Grak": {"wounds": {"incapacitated": 1}}}
    # a Hurt cut off so: felt, its penalty said; nobody is put out
    s, _ = play(scene(A, B, health_rolls=True), "attack", "defend", "+ 0 0 0", "0 0 0 0", "- 0 0 0", "end")
    assert marked(s, "Grak")["hurt"] == 1 and track(s, "Grak")["penalty"] == -1
    assert prompt(s).result.detail == "the GM ended the scene"


def maeve() -> FudgeCard:
    """An archer whose Dodge (Good) is above her best melee skill (Brawling Mediocre)."""
    return card("Maeve", "bow", Bow="Superb", Brawling="Mediocre", dodge="Good")


def test_a_shooter_attacked_in_melee_defends_with_her_best_melee_skill_or_dodge():
    """FU-11: in melee a defender rolls his best melee skill or his Dodge. Maeve shoots Grak while he attacks
    her with his sword: her shot is her Bow roll against his dodge, her defence a roll of its own, her Dodge,
    and each prompt says what it is for [D: the ruling over the old one-roll call]. (The audit: her Bow roll
    met his sword.)"""
    s, _ = play(scene(maeve(), B), "attack", "aware", "attack")
    p = prompt(s)
    assert (p.who, p.reason, p.modifier_parts, p.against) == (
        "Maeve",
        "combat roll, Bow",
        (("Bow Superb", 3),),
        "Grak's dodge",
    )
    assert p.note == "the defence against Grak's melee attack is a roll of its own, next (FU-11)"
    s, log = play(s, "0 0 0 0")  # her shot: Superb
    p = prompt(s)
    assert (p.who, p.reason, p.modifier_parts, p.against) == (
        "Maeve",
        "combat roll, Dodge (defending)",
        (("Dodge Good", 1),),
        "Grak's combat roll",
    )
    assert p.note == "Maeve's attack this round is the shot: no hit back (our reading, docs/decisions.md)"
    s, _ = play(s, "0 0 0 0")  # her defence: Good
    assert (prompt(s).who, prompt(s).reason, prompt(s).against) == ("Grak", "combat roll, Sword", "Maeve's combat roll")
    s, _ = play(s, "+ + 0 0")  # Grak's sword: Great
    assert (prompt(s).who, prompt(s).reason, prompt(s).against) == ("Grak", "dodge", "Maeve's shot")
    s, log = play(s, "0 0 0 0")  # his dodge: Fair
    assert log[-2:] == [
        "Maeve's Superb vs Grak's dodge Fair: Maeve hits (RD 3)",
        "Grak's Great vs Maeve's Good: Grak hits (RD 1)",
    ]
    assert prompt(s).reason == "damage to Grak" and prompt(s).who == "Maeve"
    s, _ = play(s, "- - - -")
    assert prompt(s).reason == "damage to Maeve" and prompt(s).who == "Grak"


def test_a_gunman_attacked_in_melee_defends_with_his_fists_and_never_hits_back():
    """FU-11 with a melee skill: he meets the attack with it, but his attack this round is his shot [D]: beating
    the swordsman, he hits him with nothing but the shot."""
    gunman = card("Aldric", "pistol", Brawling="Good")
    s, _ = play(scene(gunman, B), "attack", "aware", "attack", "0 0 0 0")
    p = prompt(s)
    assert (p.reason, p.modifier_parts) == ("combat roll, Brawling (defending)", (("Brawling Good", 1),))
    s, log = play(s, "+ + + +", "- - - -", "+ + + +")  # his defence Legendary+1 v Grak's Terrible-1
    assert "Grak's Terrible-1 vs Aldric's Legendary+1: Grak misses (RD -9)" in log
    assert not any("hits back" in line for line in log)


def test_a_side_already_out_ends_the_scene_at_once():
    """Design 6.5: the scene ends when a side has no able combatant, so one that comes in with every card out
    (its wounds carried) is over before round 1 (the audit: a round was played first)."""
    s = scene(A, card("Grak", wounds={"near_death": 1}))
    p = prompt(s)
    assert isinstance(p, OverPrompt)
    r = p.result
    assert (r.winner, r.loser, r.method, r.detail, r.period, r.fight_time) == (
        "Aldric",
        "Grak",
        "incapacitated",
        "near death before the scene began",
        0,
        "0:00",
    )
    with pytest.raises(Refused):
        RULESET.apply(s, Answer("attack"))
    both = scene(card("Aldric", wounds={"incapacitated": 1}), card("Grak", wounds={"near_death": 1}))
    assert prompt(both).result.detail == "both sides out before the scene began" and prompt(both).result.winner is None
    assert not isinstance(prompt(scene(A, card("Grak", wounds={"very_hurt": 1}))), OverPrompt)


def test_a_name_ending_in_s_takes_the_apostrophe_alone():
    """The audit: "Nell Quickfingers's"."""
    s, log = play(scene(card("Jess"), B), "attack", "attack", "0 0 0 0", "0 0 0 0")
    assert "Jess' Fair vs Grak's Fair: a tie" in log
    s, _ = play(scene(B, card("Jess")), "attack", "attack")
    assert prompt(s).against == "Jess' combat roll"


# --- issue 21: what a round reads once a scene ------------------------------------------------------


def test_a_state_given_other_sheets_reads_their_names_not_the_scenes_it_came_from():
    """Issue 21: a round reads each one's name and enemies once a scene (kept on the state, and
    copied along as the state evolves); a state evolved with other sheets reads theirs again."""
    s, _ = play(scene(A, B), "attack")  # Aldric declared: the scene's names and sides read, and kept
    assert prompt(s).who == "Grak"
    other = scene(card("Bryn"), card("Tor"))
    moved = evolve(s, sheets=other.sheets, inputs=())
    assert prompt(moved).who == "Bryn" and prompt(moved).reason.startswith("action")
