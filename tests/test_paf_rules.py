"""Paul's Adventures In Fantasy, the melee round, rule by rule with fixed dice.

The tests drive the pure ruleset (``RULESET.apply`` / ``prompt`` / ``trackers``)
with typed answers as a script would: choice keys (``none``, ``attack``,
``orc-a``) and the faces of each roll (``45`` for the percentile, ``00`` = 100,
``3`` for a d6). Each test names what it checks: the text
(shared/rules/source/paf_combat_module.txt), a ruling (PA-1 to PA-12) or a
decision of rulesets/paf/ruleset.py ([D]). The tables are the shipped ones.

A round's answers: each able being's 1d6 initiative in scene order, then each
initiative group, highest first (the GM's ``condition`` is chosen at any being's
action; ``end`` at any prompt ends the scene).

The cards keep the arithmetic obvious: every stat 12 (no adjustment), combat
level 0 and natural d20 10, so AF = 30 + 10 = 40, DF = 0 (+5 in leather [R]),
MHP = constitution 12 (PA-1, PA-5). The Footman's Mace is 2-7 (1d6+1) against
a medium defender and blunt (R-10); the long sword 1-8 (1d8), edged.
"""

from __future__ import annotations

import dataclasses

import pytest
from scene_play import ScenePlay

from companion.dice import Refused
from companion.ruleset import Answer, ChoicePrompt, OverPrompt, RollPrompt, default_options, evolve
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.cards import PafCard
from companion.rulesets.paf.ruleset import RULESET, PafState

TABLES = pt.load()
STATS = dict(
    strength=12,
    intelligence=12,
    wisdom=12,
    constitution=12,
    dexterity=12,
    charisma=12,
    comeliness=12,
    ego=12,
    agility=12,
    swim=12,
    mechanical=12,
    stamina=12,
)
MACE = [{"weapon": "Mace, Footmans"}]
SWORD = [{"weapon": "Sword, Long"}]


def char(name: str, weapons=MACE, **fields) -> PafCard:
    stats = dict(STATS)
    for key in list(fields):
        if key in STATS:
            stats[key] = fields.pop(key)
    data = dict(
        name=name,
        kind="character",
        race="Human",
        stats=stats,
        combat_level=0,
        natural_d20=10,
        weight=150,
        movement=12,
        size="medium",
        weapons=weapons,
    )
    data.update(fields)
    return PafCard.model_validate(data)


def orc(name: str, **fields) -> PafCard:
    """Level 1 (AF 52), AC 10 and d20 8: DF = 0 x 3 + 2 x 1 - 10 + 8 = 0."""
    data = dict(
        name=name,
        kind="monster",
        monster="Orc",
        level="1",
        ac=10,
        df_d20=8,
        hp=12,
        size="medium",
        weapons=[{"weapon": "Scimitar"}],
    )
    data.update(fields)
    return PafCard.model_validate(data)


PLAY = ScenePlay(RULESET, TABLES)
scene, play, prompt, track = PLAY.scene, PLAY.play, PLAY.prompt, PLAY.track


def with_hp(state: PafState, index: int, hp: int) -> PafState:
    fighters = list(state.fighters)
    fighters[index] = dataclasses.replace(fighters[index], hp=hp)
    return evolve(state, fighters=tuple(fighters))


ALDRIC = char("Aldric")
GRAK = char("Grak", armor="leather")  # DF 5 [R]: Aldric needs 45


# --- setup -----------------------------------------------------------------------------------


def test_the_ruleset_and_its_options():
    """PA-5: monsters die at -10 (an option); characters at minus constitution."""
    assert RULESET.key == "paf" and RULESET.period_word == "round" and RULESET.card_model is PafCard
    assert RULESET.scenes is True and RULESET.title == "Paul's Adventures In Fantasy"
    assert default_options(RULESET) == {
        "monster_death": -10,
        "character_death": "constitution",
        "hit_probability": 4,
        "turn_rounds": 1,
        "shield_row": "no_shield",
    }


@pytest.mark.parametrize(
    "cards, sides, words",
    [
        ((ALDRIC,), (), "2 to 8 beings"),
        (tuple(char(f"B{i}") for i in range(9)), (0,) * 4 + (1,) * 5, "2 to 8 beings"),
        ((ALDRIC, GRAK, char("Bera")), (), "needs each being's side"),
        ((ALDRIC, GRAK), (0, 0), "at least one being on each side"),
        ((ALDRIC, char("aldric")), (), "tell apart"),
        ((ALDRIC, GRAK), (0, 2), r"0 \(red\) or 1 \(blue\)"),
    ],
)
def test_bad_scenes_are_refused(cards, sides, words):
    with pytest.raises(ValueError, match=words):
        scene(*cards, sides=sides)


def test_a_card_that_does_not_fit_the_tables_is_refused():
    bad = char("Bad", weapons=[{"weapon": "Lightsaber"}])
    with pytest.raises(ValueError, match="Lightsaber"):
        scene(ALDRIC, bad)


def test_trackers_at_the_start():
    """PA-1, PA-5: AF 40, DF 0 and 5 in leather, MHP 12; dead at -12 (character), -10 (monster)."""
    s = scene(ALDRIC, GRAK, orc("Orc"), sides=(0, 1, 1))
    a, g, o = track(s, "Aldric"), track(s, "Grak"), track(s, "Orc")
    assert (a["hp"], a["max_hp"], a["af"], a["df"], a["dead_at"], a["status"]) == (12, 12, 40, 0, -12, "fighting")
    assert (g["df"], g["side"], g["kind"]) == (5, "blue", "character")
    assert (o["hp"], o["af"], o["df"], o["dead_at"], o["kind"]) == (12, 52, 0, -10, "monster")
    assert a["temporary"] == 0 and a["held_by"] is None and a["injuries"] == []


# --- the attack roll (PA-2, PA-3) -----------------------------------------------------------


def to_attack(state: PafState) -> PafState:
    """Round 1: no condition, Aldric 5 and Grak 3 at initiative, Aldric attacks."""
    state, _ = play(state, "5", "3", "attack")
    return state


def test_the_prompt_carries_the_number_needed_and_the_thresholds():
    """PA-2: AF 40 + DF 5 = 45 as the target; PA-3: N 41-50 crits on 95+ and fumbles on 8 or less."""
    p = prompt(to_attack(scene(ALDRIC, GRAK)))
    assert isinstance(p, RollPrompt) and p.dice.notation == "d%" and p.reason == "attack"
    assert p.target == 45 and p.who == "Aldric"
    assert "AF 40 + DF 5" in p.against
    assert p.note == "critical on 95+, fumble on 8 or less"


def test_a_hit_exactly_at_the_number_needed():
    """PA-2: a roll equal to the chance to miss hits."""
    s, log = play(to_attack(scene(ALDRIC, GRAK)), "45")
    assert "Aldric rolls 45, needs 45: hits Grak" in log
    p = prompt(s)
    assert p.reason == "damage" and p.dice.notation == "d6" and p.modifier == 1  # 2-7 is 1d6+1 (R-1, PA-4)
    s, log = play(s, "3")
    assert "Grak loses 4 hit points: 8/12" in log
    assert track(s, "Grak")["hp"] == 8


def test_a_miss_one_below():
    s, log = play(to_attack(scene(ALDRIC, GRAK)), "44")
    assert "Aldric rolls 44, needs 45: misses Grak" in log
    p = prompt(s)
    assert isinstance(p, ChoicePrompt) and p.who == "Grak" and p.reason == "action"
    assert track(s, "Grak")["hp"] == 12


@pytest.mark.parametrize("roll, next_reason", [("95", "critical"), ("94", "damage"), ("00", "critical")])
def test_n_41_50_crits_on_95_or_more(roll, next_reason):
    """PA-3: needed 45 (row 41-50): 95 and up is a critical hit; 00 is 100 (D-2)."""
    s, _ = play(to_attack(scene(ALDRIC, GRAK)), roll)
    assert prompt(s).reason == next_reason


@pytest.mark.parametrize("roll, fumbles", [("08", True), ("8", True), ("01", True), ("09", False)])
def test_n_41_50_fumbles_on_8_or_less(roll, fumbles):
    s, log = play(to_attack(scene(ALDRIC, GRAK)), roll)
    p = prompt(s)
    assert (p.reason == "fumble") is fumbles
    assert ("Aldric fumbles (8 or less, PA-3)" in log) is fumbles


def test_the_reference_shows_the_threshold_row_then_the_critical_row():
    """Design: the threshold tables at an attack roll; the critical table with the rolled row."""
    s = to_attack(scene(char("Aldric", strength=16), GRAK))
    ref = RULESET.reference(s)
    assert ref is not None and ref.rows[ref.highlight] == ("41-50", "95+", "8 or less")
    s, _ = play(s, "96", "40")
    ref = RULESET.reference(s)
    assert ref.title.startswith("Critical hits (blunt") and ref.rows[ref.highlight] == ("32-64", "triple damage")


# --- criticals ---------------------------------------------------------------------------


def test_a_blunt_critical_triples_the_weapon_damage_not_the_strength():
    """PA-3 blunt 32-64 "triple damage"; [D] the multiplier takes the weapon's damage (1d6+1), then the
    strength adjustment (strength 16: +1 damage, -4 to miss, so 36 + 5 = 41: N 41-50)."""
    s = to_attack(scene(char("Aldric", strength=16), GRAK))
    assert prompt(s).target == 41
    s, log = play(s, "95", "40")
    assert "critical 40 (blunt): triple damage" in log
    p = prompt(s)
    assert p.reason == "damage" and "x3" in p.note
    s, log = play(s, "2")
    assert "Aldric rolls (2 +1) x3 +1 (strength) = 10 damage to Grak" in log
    assert track(s, "Grak")["hp"] == 2


def test_stunned_1_round_before_his_turn_costs_this_turn_only():
    """Blunt 83-84 "chest struck, stunned 1-6 rounds": the d6 rolled. PA-12: "stunned N rounds" costs the
    victim exactly N of his turns: Grak (initiative 3) is stunned for 1 by Aldric (5) before his turn, so he
    loses round 1's turn and acts again in round 2 (it used to cost round 2 as well)."""
    s, _ = play(to_attack(scene(ALDRIC, GRAK)), "97", "83")
    assert prompt(s).reason == "stunned"
    s, log = play(s, "1", "3")  # stunned 1 round; damage 3 + 1
    assert "Grak is stunned for 1 round" in log and "Grak cannot act (stunned)" in log
    assert track(s, "Grak")["hp"] == 8
    # round 2 begins: Grak rolls initiative and acts
    assert track(s, "Grak")["status"] == "fighting" and track(s, "Grak")["stunned"] == 0
    s, log = play(s, "4", "5")
    assert "Grak rolls 5 for initiative" in log
    assert (prompt(s).who, prompt(s).reason) == ("Grak", "action")


def test_stunned_1_round_after_his_turn_costs_the_next_turn():
    """PA-12: Grak (initiative 5) has waited when Aldric (3) stuns him for 1 round: he loses round 2's turn,
    no more ("STUNNED" in round 2, no initiative), and rolls again in round 3."""
    s, _ = play(scene(ALDRIC, GRAK), "3", "5", "wait", "attack", "97", "83", "1", "3")
    assert track(s, "Grak")["status"] == "stunned" and track(s, "Grak")["stunned"] == 0
    s, log = play(s, "4")  # round 2: only Aldric rolls initiative
    assert "Grak: stunned, no initiative" in log
    s, _ = play(s, "wait")
    assert track(s, "Grak")["status"] == "fighting"
    s, log = play(s, "4", "2")  # round 3: both roll
    assert "Grak rolls 2 for initiative" in log


def test_stunned_2_rounds_before_his_turn_costs_two_turns():
    """PA-12: stunned for 2 before his turn of round 1: rounds 1 and 2 lost, round 3 his again; the tracker
    counts the turns still to lose after this round (1 in round 1, none in round 2)."""
    s, log = play(to_attack(scene(ALDRIC, GRAK)), "97", "83", "2", "3")
    assert "Grak is stunned for 2 rounds" in log and "Grak cannot act (stunned)" in log
    s, log = play(s, "4")
    assert "Grak: stunned, no initiative" in log and track(s, "Grak")["stunned"] == 0
    s, log = play(s, "wait", "4", "2")
    assert "Grak rolls 2 for initiative" in log


@pytest.mark.parametrize("helm, dead, hp", [("none", True, 12), ("open", False, 8)])
def test_an_edged_critical_no_effect_if_helmed(helm, dead, hp):
    """PA-3 edged 99 "decapitated, immediate death (no effect if helmed)": read the defender's helm. [D] a
    being killed outright is asked no damage roll; a helmed one takes the blow's damage (4)."""
    s = to_attack(scene(char("Aldric", weapons=SWORD), char("Grak", armor="leather", helm=helm)))
    s, log = play(s, "96", "99", *(() if dead else ("4",)))
    assert ("no damage roll: the blow kills outright" in log) is dead
    assert "critical 99 (edged): decapitated, immediate death (no effect if helmed)" in log
    assert ("no effect: Grak is helmed" in log) is not dead
    g = track(s, "Grak")
    assert g["hp"] == hp and (g["status"] == "dead") is dead
    if dead:
        assert isinstance(prompt(s), ChoicePrompt) and prompt(s).reason == "rest"


def test_an_edged_critical_if_helmed_takes_the_helm_instead():
    """Edged 70 "ear removed (helm removed if helmed)"."""
    s = to_attack(scene(char("Aldric", weapons=SWORD), char("Grak", armor="leather", helm="nasal")))
    s, _ = play(s, "96", "70", "4")
    g = track(s, "Grak")
    assert g["helm"] == "none" and g["injuries"] == []


def test_roll_again_if_no_shield():
    """Blunt 67-68 "shield broken (roll again if no shield)": a second critical percentile."""
    s, log = play(to_attack(scene(ALDRIC, GRAK)), "96", "67")
    assert "Grak has no shield: roll again" in log and prompt(s).reason == "critical"
    s2 = to_attack(scene(ALDRIC, char("Grak", armor="leather", shield=True)))  # DF 10 with the shield [R]
    assert prompt(s2).target == 50
    s2, _ = play(s2, "97", "67", "2")
    assert track(s2, "Grak")["shield"] is False and track(s2, "Grak")["df"] == 5


@pytest.mark.parametrize(
    "shield, option, destroyed", [(True, {}, True), (False, {}, False), (True, {"shield_row": "printed"}, False)]
)
def test_edged_63_shield_destroyed(shield, option, destroyed):
    """Edged 63 "shield destroyed (no effect if shielded)": R-13 [D] read as "no effect if no shield" (as
    row 64 and the blunt table), option shield_row "printed" keeps it as printed: never acts."""
    grak = char("Grak", armor="leather", shield=shield)
    s = to_attack(scene(char("Aldric", weapons=SWORD), grak, **option))
    s, log = play(s, "99", "63", "2")
    assert "critical 63 (edged): shield destroyed (no effect if shielded)" in log
    assert ("no effect: Grak has no shield" in log) is (not shield)
    assert ("no effect: Grak is shielded" in log) is (shield and not destroyed)
    assert track(s, "Grak")["shield"] is (shield and not destroyed)


def test_a_stat_loss_is_rolled_and_the_numbers_re_derived():
    """Blunt 81-82 "hand struck, dexterity down 1-5 pts." (1d5): dexterity 12 -> 9 changes the
    missile AF (+3 to miss at 9, PA-1) through the card, not a patch."""
    s, log = play(to_attack(scene(ALDRIC, char("Grak", armor="leather", weapons=[{"weapon": "Dagger"}]))), "96", "81")
    p = prompt(s)
    assert p.dice.notation == "d5" and p.reason == "dexterity loss"
    assert p.note == "the dexterity Grak loses; a d5: a d10 halved, rounded up"  # how a table rolls a d5
    s, log = play(s, "3", "2")
    assert "Grak loses 3 dexterity" in log
    assert "dexterity -3" in track(s, "Grak")["injuries"]


# --- fumbles -----------------------------------------------------------------------------


def test_a_fumble_hit_friend():
    """Fumble 83-84 "hit friend, normal damage": [D] the first able being of his side other than
    himself takes his own weapon's damage."""
    s = scene(ALDRIC, char("Bera"), GRAK, sides=(0, 0, 1))
    s, _ = play(s, "6", "2", "1", "attack")
    s, _ = play(s, "05")
    assert prompt(s).reason == "fumble" and RULESET.reference(s).title.startswith("Fumble")  # f1: its table
    s, log = play(s, "83")
    assert "fumble 83: hit friend, normal damage" in log
    p = prompt(s)
    assert p.reason == "damage to a friend" and p.who == "Aldric" and "Bera" in p.note
    s, log = play(s, "3")
    assert track(s, "Bera")["hp"] == 8 and track(s, "Grak")["hp"] == 12
    assert prompt(s).who == "Bera"


def test_a_fumble_hit_self_half_damage():
    """Fumble 75-76 "hit self, half damage": (3 + 1) / 2 = 2."""
    s, _ = play(to_attack(scene(ALDRIC, GRAK)), "03", "75", "3")
    assert track(s, "Aldric")["hp"] == 10


def test_a_fumble_with_a_dexterity_check():
    """Fumble 01-19 "slip, roll dexterity or less on d20 or fall stunned for 1-4 rnds.": made, nothing."""
    s, log = play(to_attack(scene(ALDRIC, GRAK)), "02", "10", "12")
    assert "Aldric rolls 12 against dexterity 12: made" in log
    assert prompt(s).who == "Grak"
    s, log = play(to_attack(scene(ALDRIC, GRAK)), "02", "10", "13", "2")
    assert "Aldric is stunned for 2 rounds" in log


def test_a_fumble_roll_twice_ignoring_99_and_00():
    """Fumble 99 "roll twice, ignoring rolls of 99 or 00": [D] those are rolled again."""
    s, log = play(to_attack(scene(ALDRIC, GRAK)), "04", "99", "00", "35")
    assert "fumble 00: ignored, roll again" in log
    assert "fumble 35: trip and fall, stunned for 1-6 rounds" in log
    assert prompt(s).reason == "stunned"
    s, log = play(s, "1", "55")
    assert "fumble 55: lose grip, drop weapon" in log
    assert track(s, "Aldric")["weapons"] == {"Mace, Footmans": "dropped"}


# --- initiative (PA-6) -----------------------------------------------------------------------


def test_initiative_ties_are_simultaneous():
    """PA-6 "ties imply simultaneous attack": Grak, knocked out by Aldric's blow, still strikes back
    in the same group; the damage of both lands after both attacks."""
    s = with_hp(scene(ALDRIC, GRAK), 1, 1)
    s, _log = play(s, "4", "4", "attack", "50", "3")
    assert track(s, "Grak")["hp"] == 1  # not yet: the group's damage waits
    assert RULESET.status(s) == "Round 1: initiative 4, 2 tied: damage lands after all strike (PA-6)"
    p = prompt(s)
    assert p.who == "Grak" and p.reason == "action"
    s, _log = play(s, "attack", "60", "2")
    assert track(s, "Grak")["hp"] == -3 and track(s, "Aldric")["hp"] == 9
    assert track(s, "Grak")["status"] == "needs_help"


def test_the_higher_initiative_strikes_first():
    """PA-6: higher acts first; a being knocked out before its turn does not act."""
    s = with_hp(scene(ALDRIC, GRAK), 1, 1)
    s, log = play(s, "5", "4", "attack", "50", "3")
    assert "Grak is unconscious, needs help to heal (PA-5)" in log
    assert prompt(s).reason == "rest"
    assert track(s, "Aldric")["hp"] == 12


# --- hit points (PA-5) -----------------------------------------------------------------------


def test_unconscious_at_zero():
    """PA-5: "At zero hit points they go unconscience"; the scene ends, Aldric's side wins."""
    s = with_hp(scene(ALDRIC, GRAK), 1, 4)
    s, _log = play(to_attack(s), "50", "3")
    g = track(s, "Grak")
    assert g["hp"] == 0 and g["status"] == "unconscious"
    s, _log = play(s, "none")
    p = prompt(s)
    assert isinstance(p, OverPrompt)
    assert p.result.winner == "Aldric" and p.result.loser == "Grak" and p.result.detail == "unconscious"
    assert p.result.fight_time == "0:10"


@pytest.mark.parametrize("damage_face, status", [("3", "needs_help"), ("4", "dead")])
def test_a_character_dies_at_minus_constitution(damage_face, status):
    """PA-5: below 0 unable to heal without help; dead at -constitution (4 here)."""
    s = with_hp(scene(ALDRIC, char("Grak", armor="leather", constitution=4)), 1, 1)
    s, _ = play(to_attack(s), "50", damage_face)
    assert track(s, "Grak")["status"] == status and track(s, "Grak")["dead_at"] == -4


def test_the_character_death_option():
    """PA-5: "This constant may be arbitrarily set to -10"."""
    s = with_hp(scene(ALDRIC, char("Grak", armor="leather", constitution=4), character_death="-10"), 1, 1)
    s, _ = play(to_attack(s), "50", "4")
    assert track(s, "Grak")["status"] == "needs_help" and track(s, "Grak")["hp"] == -4


@pytest.mark.parametrize(
    "hp, options, status", [(-4, {}, "dead"), (-3, {}, "needs_help"), (-3, {"monster_death": -5}, "dead")]
)
def test_a_monster_dies_at_minus_ten(hp, options, status):
    """PA-5: monsters at -10 (option). PA-11: "Helpless HIT" is the pummeling list's, so a sword or mace
    on a helpless being needs its roll like any other (AF 40 + DF 0)."""
    s = with_hp(scene(ALDRIC, orc("Orc A"), orc("Orc B"), sides=(0, 1, 1), **options), 1, hp)
    s, log = play(s, "5", "2", "attack", "orc-a")
    assert not any("helpless" in line for line in log)
    assert prompt(s).reason == "attack" and prompt(s).target == 40
    s, log = play(s, "40")
    assert prompt(s).reason == "damage"
    s, log = play(s, "5")  # 5 + 1 = 6
    assert track(s, "Orc A")["hp"] == hp - 6 and track(s, "Orc A")["status"] == status


# --- non-lethal (PA-7) -----------------------------------------------------------------------


CLUB = [{"weapon": "Club"}]
"""A club gives no pummeling damage mod (no wooden butt or metal pommel, R-22)."""
BRAWLER = char("Brawler", strength=20, agility=20, combat_level=5, weapons=CLUB)  # PAF 100 - 20 - 20 - 20 = 40; +3
VICTIM = char("Victim", agility=4)  # PDF 2 x 0 + 4 + 0 = 4


def test_pummel_needed_and_a_total_miss_at_exactly_the_need():
    """PA-7: PAF + PDF = 44; R-12: index 0 (the roll equal to the need) is a Total Miss."""
    s, _ = play(scene(BRAWLER, VICTIM), "5", "3", "pummel")
    p = prompt(s)
    assert p.target == 44 and "PAF 40 + PDF 4" in p.against
    s, log = play(s, "44")
    assert any("index 0, Total Miss" in line for line in log)
    assert track(s, "Victim")["hp"] == track(s, "Victim")["max_hp"]


def test_pummel_damage_is_25_percent_real_and_recovers_after_10_rounds():
    """PA-7: index 70 - 44 = 26: Glance, 2 + strength 3 = 5 points, 25% real (1, rounded down, R-20),
    4 temporary; "recovery will start after 10 melee rounds ... 1 point per round": from the 11th
    round after it was taken."""
    s, log = play(scene(BRAWLER, VICTIM), "5", "3", "pummel", "70", "wait")
    assert any("index 26, Glance: 5 points (1 real, 4 temporary)" in line for line in log)
    v = track(s, "Victim")
    assert (v["hp"], v["temporary"]) == (7, 4)
    for _ in range(10):  # rounds 2-11
        s, _ = play(s, "5", "3", "wait", "wait")
    assert (track(s, "Victim")["hp"], track(s, "Victim")["temporary"]) == (7, 4)
    s, log = play(s, "5", "3", "wait", "wait")  # round 12
    assert "Victim recovers 1 temporary hit point: 8/12" in log
    assert (track(s, "Victim")["hp"], track(s, "Victim")["temporary"]) == (8, 3)
    s, _ = play(s, "5", "3", "wait", "wait")
    assert (track(s, "Victim")["hp"], track(s, "Victim")["temporary"]) == (9, 2)


def test_pummel_strike_again():
    """PA-7 "Ineffective, Strike Again": one more roll at once (index 1-20)."""
    s, log = play(scene(BRAWLER, VICTIM), "5", "3", "pummel", "50")
    assert any("index 6, Ineffective, Strike Again" in line for line in log)
    assert prompt(s).reason == "pummel again"


def test_a_grapple_hold_and_breaking_it():
    """PA-7: GOAF -39 (0 - 12 - 12 - 15) + GODF 39 = 0 needed; roll 30: index 30 - 0 = 30, Arm Lock, a hold of
    category 2 and 2 points (all temporary). The held being may only break or wait; a break roll of
    category 1 fails, of category 3 ("tie or exceed") breaks it and deals its 3 points to the holder."""
    s, log = play(scene(ALDRIC, char("Grak")), "5", "2", "grapple", "30")
    assert any("index 30, Arm Lock//Forearm/Elbow Smash: 2 points (0 real, 2 temporary)" in line for line in log)
    g = track(s, "Grak")
    assert g["held_by"] == {"name": "Aldric", "category": 2} and (g["hp"], g["temporary"]) == (10, 2)
    assert track(s, "Aldric")["holding"] == {"name": "Grak", "category": 2}
    p = prompt(s)
    assert [o.key for o in p.options] == ["break", "wait", "condition"]
    s, log = play(s, "break", "20")
    assert any("category 1, below the hold's 2: the hold holds" in line for line in log)
    assert track(s, "Grak")["held_by"] is not None
    s, log = play(s, "5", "2", "wait", "break", "50")
    assert any("category 3: breaks the hold" in line for line in log)
    assert track(s, "Grak")["held_by"] is None and track(s, "Aldric")["holding"] is None
    a = track(s, "Aldric")
    assert (a["hp"], a["temporary"]) == (9, 3)


def test_the_holder_attacks_the_held_with_no_modifier():
    """PA-11: no condition list for a lethal attack: the holder's mace on the held being needs AF 40 + DF 0,
    as on anybody (the engine used to take 20 off, as against a stunned defender)."""
    s, _ = play(scene(ALDRIC, char("Grak")), "5", "2", "grapple", "30", "wait")
    s, _ = play(s, "5", "2", "attack")
    p = prompt(s)
    assert p.target == 40 and p.against == "40 or more hits Grak (needed 40 = AF 40 + DF 0)"


def test_an_overbear_bounced_off_lets_the_opponent_counter():
    """PA-7 overbear "<21 Bounced off or avoided, Opponent may counter" (need 0: index 15 - 0 = 15); [D] the
    counter is one attack at once, and a counter is not itself countered."""
    s, log = play(scene(ALDRIC, char("Grak")), "5", "2", "overbear", "15")
    assert any("index 15, Bounced off or avoided, Opponent may counter" in line for line in log)
    p = prompt(s)
    assert (
        p.who == "Grak"
        and p.reason == "counter"
        and [o.key for o in p.options] == ["none", "attack", "pummel", "grapple"]
    )
    s, _ = play(s, "attack")
    assert prompt(s).reason == "attack" and prompt(s).target == 40


def test_a_need_below_one_counts_in_the_damage_index():
    """PA-7 "subtract what the attacker needed to roll from what he did": GOAF -23 + GODF 17 = -6
    needed; a roll of 40 is index 46 (Head/Finger Lock, category 3), not 39 (Arm Lock, the roll less
    the lowest roll that hits); the prompt's note says so."""
    weak = dict(strength=4, dexterity=4, agility=4, weapons=CLUB)  # a mace needs strength 10 (PA-10)
    s, _ = play(scene(char("Weakling", **weak), char("Grak", weight=90, **weak)), "5", "2", "grapple")
    p = prompt(s)
    assert p.target == 1 and p.against == "1 or more hits Grak (needed -6 = GOAF -23 + GODF 17)"
    assert p.note == "damage index = roll + 6; no critical or fumble (decided: the damage table's own rows)"
    s, log = play(s, "40")
    assert any("index 46, Head/Finger Lock//Bite" in line for line in log)
    assert track(s, "Grak")["held_by"] == {"name": "Weakling", "category": 3}


MIGHTY_ORC = orc("Orc", ac=6, weight=200, strength=16, agility=8)
"""[D] a monster's non-lethal factors: armor bonus (10 - AC 6) x 3 = 12, LVL 1, its card's stats and weight:
GOAF 3 x 12 - 8 - 16 - 200/10 = -8; GODF 8 + 16 + 20 - 12 = 32; its strength 16 adds 1 to its blows."""


def test_a_monster_is_grappled_and_breaks_the_hold_by_its_own_factors():
    """[D] docs/decisions.md: Aldric's GOAF -39 + the orc's GODF 32 = -7 needed; roll 30: index 37, Arm Lock
    (category 2). The orc's break: its GOAF -8 + Aldric's GODF 39 = 31; roll 50: index 19, category 1, the
    hold holds; roll 70: index 39, category 2 ties: broken, Forearm/Elbow Smash 2 + 1 (strength 16) = 3
    points to Aldric, all temporary (PA-7: 25% real)."""
    s, log = play(scene(ALDRIC, MIGHTY_ORC), "5", "2", "grapple")
    p = prompt(s)
    assert p.target == 1 and p.against == "1 or more hits Orc (needed -7 = GOAF -39 + GODF 32)"
    s, log = play(s, "30")
    assert any("index 37, Arm Lock//Forearm/Elbow Smash: 2 points (0 real, 2 temporary)" in line for line in log)
    assert track(s, "Orc")["held_by"] == {"name": "Aldric", "category": 2}
    assert [o.key for o in prompt(s).options] == ["break", "wait", "condition"]
    s, log = play(s, "break")
    assert prompt(s).target == 31
    s, log = play(s, "50")
    assert any("index 19, category 1, below the hold's 2: the hold holds" in line for line in log)
    s, log = play(s, "5", "2", "wait", "break", "70")
    assert any(
        "index 39, category 2: breaks the hold (Forearm/Elbow Smash, 3 points: 0 real, 3 temporary)" in line
        for line in log
    )
    a = track(s, "Aldric")
    assert (a["hp"], a["temporary"], a["holding"]) == (9, 3, None)


def test_a_monster_pummels_grapples_and_overbears_with_12_for_a_stat_not_given():
    """[D] a monster card without stats or weight: agility and strength 12, a medium being 150 lbs, AC 10
    (armor 0), LVL 1: PAF 100 - 12 - 12 - 4 = 72; Aldric's PDF 0 + 12 + 0 = 12: 84 needed to pummel."""
    s, _ = play(scene(ALDRIC, orc("Orc")), "2", "5")
    assert [o.key for o in prompt(s).options] == [
        "attack",
        "pummel",
        "grapple",
        "overbear",
        "move",
        "wait",
        "condition",
    ]
    s, _ = play(s, "pummel")
    assert prompt(s).target == 84 and "PAF 72 + PDF 12" in prompt(s).against


def test_a_need_above_100_says_no_roll_hits():
    """PA-2 (00 is 100): a 2,000 lb giant (GODF 12 + 12 + 200 - 0 = 224) cannot be grappled by Aldric
    (GOAF -39): needed 185, and the prompt says no roll hits rather than asking for 185."""
    s, _ = play(scene(ALDRIC, orc("Giant", weight=2000)), "5", "2", "grapple")
    assert prompt(s).against == "no roll hits Giant (needed 185 = GOAF -39 + GODF 224)"
    assert prompt(s).target is None  # no number beside the words: the tray said "... GODF 224) (101)"
    from companion.screens.widgets import prompt_text

    assert "against: no roll hits Giant (needed 185 = GOAF -39 + GODF 224)\n" in prompt_text(prompt(s)) + "\n"
    s, log = play(s, "00")
    assert any("needs 101: misses" in line for line in log)


def test_the_target_list_says_the_roll_each_target_needs():
    """The target is chosen after the weapon: each offered with the roll it needs (PA-2) and its hit points;
    Aldric's mace (AF 40) on Grak (DF 5 [R]) needs 45, on Bera (DF 0) 40."""
    s, _ = play(scene(ALDRIC, GRAK, char("Bera"), sides=(0, 1, 1)), "6", "2", "1", "attack")
    p = prompt(s)
    assert p.reason == "target"
    assert [(o.key, o.why) for o in p.options] == [("grak", "needs 45+, 12/12 hp"), ("bera", "needs 40+, 12/12 hp")]
    # PA-11: an unconscious foe needs the attack's roll too; a pummel hits him without one (Helpless HIT)
    s0 = with_hp(scene(ALDRIC, GRAK, char("Bera"), sides=(0, 1, 1)), 2, 0)
    s, _ = play(s0, "6", "2", "attack")
    assert prompt(s).options[1].why == "needs 40+, 0/12 hp, unconscious"
    s, _ = play(s0, "6", "2", "pummel")
    assert prompt(s).options[1].why == "helpless: hit without a roll, 0/12 hp, unconscious"


def test_the_range_choice_says_each_band_s_distance():
    """R-6: short, medium and long range out to the missile table's distances, with their modifiers."""
    archer = char("Archer", weapons=[{"weapon": "Bow, Short", "ammo": 3}])
    s, _ = play(scene(archer, char("Grak")), "5", "2", "shoot")
    p = prompt(s)
    assert p.reason == "range"
    assert [o.why for o in p.options] == ["out to 5, +0 to miss", "out to 10, +10 to miss", "out to 15, +25 to miss"]


def test_a_monster_s_dexterity_check_says_why_it_is_12():
    """Fumble 01-19 "slip, roll dexterity or less on d20": [D] a monster card without dexterity is 12."""
    s, _ = play(scene(orc("Orc"), ALDRIC), "5", "2", "attack", "02", "10")
    p = prompt(s)
    assert (
        p.reason == "dexterity check" and p.against == "dexterity 12 or less (12: a monster's card gives no dexterity)"
    )
    s, _ = play(scene(orc("Orc", dexterity=15), ALDRIC), "5", "2", "attack", "02", "10")
    assert prompt(s).against == "dexterity 15 or less"


def test_a_grabbed_leg_is_let_go_when_the_holder_turns_to_something_else():
    """Overbear 21-40 "Slid Down, Grab Leg" (need 0: roll 30): Aldric holds one of Grak's feet [D]; he keeps it
    while he waits or overbears Grak, and lets go when he attacks instead."""
    s, _ = play(scene(ALDRIC, char("Grak")), "5", "2", "overbear", "30")
    assert track(s, "Grak")["legs_held_by"] == ["Aldric"] and track(s, "Aldric")["holding_legs"] == ["Grak"]
    s, _ = play(s, "wait", "5", "2", "wait")
    assert track(s, "Grak")["legs_held_by"] == ["Aldric"]
    s, log = play(s, "wait", "5", "2", "attack")
    assert "Aldric lets go of Grak's leg" in log
    assert track(s, "Grak")["legs_held_by"] == [] and track(s, "Aldric")["holding_legs"] == []


def test_a_fallen_holder_lets_go_of_the_leg():
    """[D] a holder who falls lets go of every hold, a leg too."""
    s, _ = play(scene(ALDRIC, char("Grak")), "5", "2", "overbear", "30")
    s = with_hp(s, 0, 1)
    s, log = play(s, "attack", "50", "3")  # Grak's mace: 3 + 1 = 4 on Aldric's 1
    assert track(s, "Aldric")["status"] != "fighting" and "Aldric lets go of Grak" in log
    assert track(s, "Grak")["legs_held_by"] == []


# --- missiles --------------------------------------------------------------------------------


def test_a_short_bow_shoots_twice_a_round_and_counts_its_arrows():
    """Missile rate 2 a round; medium range +10 (R-6); [D] a bow takes no strength (not "made for
    that strength"): strength 20 leaves AF 40 and the arrow's 1-6 without +3."""
    archer = char("Archer", strength=20, weapons=[{"weapon": "Bow, Short", "ammo": 3}])
    s, _ = play(scene(archer, char("Grak")), "5", "2", "shoot", "medium")
    p = prompt(s)
    assert p.reason == "shot 1 of 2" and p.target == 50
    s, log = play(s, "55", "3", "10")
    assert "Archer rolls 3 = 3 damage to Grak" in log
    assert prompt(s).who == "Grak"
    assert track(s, "Archer")["ammo"] == {"Bow, Short": 1}


def test_the_last_dagger_is_one_throw():
    """Daggers are thrown 2 a round, but a being with one dagger throws it once: one shot, not
    "1 of 2"; then it is gone [D]."""
    thrower = char("Thrower", weapons=[{"weapon": "Dagger", "ammo": 1}, {"weapon": "Club"}])
    s, _ = play(scene(thrower, char("Grak")), "5", "2", "shoot", "dagger", "short")
    p = prompt(s)
    assert p.reason == "shot"
    s, log = play(s, "10")
    assert not any("nothing left to shoot" in line for line in log)
    assert prompt(s).who == "Grak" and track(s, "Thrower")["weapons"]["Dagger"] == "gone"


def test_a_fumble_after_the_last_dagger_is_thrown_drops_nothing():
    """Fumble 55 "lose grip, drop weapon" on the throw of the last dagger: [D] it has left the hand, so
    nothing is dropped, and nothing can be picked up with nothing left to throw."""
    thrower = char("Thrower", weapons=[{"weapon": "Dagger", "ammo": 1}, {"weapon": "Club"}])
    s, _ = play(scene(thrower, char("Grak")), "5", "2", "shoot", "dagger", "short")
    s, log = play(s, "05", "55")
    assert "fumble 55: lose grip, drop weapon" in log
    assert any("nothing in hand (the last Dagger was thrown)" in line for line in log)
    assert track(s, "Thrower")["weapons"] == {"Dagger": "gone", "Club": "ready"}
    s, _ = play(s, "wait", "5", "2")
    assert "recover" not in [o.key for o in prompt(s).options]


def test_a_fumble_ends_the_volley():
    """A short bow shoots 2 a round; [D] a fumble on the first shot (05: fumble 55 "lose grip, drop weapon")
    ends the volley: no second shot, and the bow lies dropped."""
    archer = char("Archer", weapons=[{"weapon": "Bow, Short", "ammo": 6}, {"weapon": "Club"}])
    s, _ = play(scene(archer, char("Grak")), "5", "2", "shoot", "bow-short", "short")
    assert prompt(s).reason == "shot 1 of 2"
    s, log = play(s, "05", "55")
    assert "Archer's fumble ends the volley: no shot 2 of 2" in log
    assert prompt(s).who == "Grak" and track(s, "Archer")["weapons"]["Bow, Short"] == "dropped"
    assert track(s, "Archer")["ammo"] == {"Bow, Short": 5}


def test_a_thrown_weapon_the_card_does_not_count_is_thrown_once():
    """[D] a thrown weapon without an ammo count is the one in hand: one throw (not the dagger's 2 a
    round), then it is gone; the log says it is thrown, not shot."""
    thrower = char("Thrower", weapons=[{"weapon": "Dagger"}, {"weapon": "Club"}])
    s, log = play(scene(thrower, char("Grak")), "5", "2", "shoot", "dagger", "short")
    assert "Thrower throws the Dagger at Grak (short range)" in log
    assert prompt(s).reason == "shot"
    s, _ = play(s, "10")
    assert track(s, "Thrower")["weapons"] == {"Dagger": "gone", "Club": "ready"}


def test_a_heavy_crossbow_shoots_every_other_round():
    """R-4: the heavy crossbow's 1/2 a round."""
    xbow = char("Archer", weapons=[{"weapon": "Crossbow, Heavy"}, {"weapon": "Sword, Long"}])
    s, _ = play(scene(xbow, char("Grak")), "5", "2", "shoot", "short", "20", "wait")
    s, _ = play(s, "5", "2")
    assert "shoot" not in [o.key for o in prompt(s).options]
    s, _ = play(s, "wait", "wait", "5", "2")
    assert "shoot" in [o.key for o in prompt(s).options]


# --- answers refused (D-5) ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["7", "attac k", "shoot"])
def test_a_choice_that_is_not_offered_is_refused(text):
    """D-5: refused with what is allowed; the state does not change."""
    s0, _ = play(scene(ALDRIC, GRAK), "5", "3")
    with pytest.raises(Refused, match="action: choose one of"):
        RULESET.apply(s0, Answer(text))
    assert prompt(s0).reason == "action" and s0.inputs == ((5,), (3,))


@pytest.mark.parametrize("text", ["101", "0", "x", "4 5"])
def test_a_percentile_that_is_no_face_is_refused(text):
    s = to_attack(scene(ALDRIC, GRAK))
    with pytest.raises(Refused):
        RULESET.apply(s, Answer(text))
    assert prompt(s).reason == "attack"


# --- the end and the aftermath (PA-5) -------------------------------------------------------


def test_the_gm_ends_the_scene_and_the_beings_heal():
    """Design 8: ``end`` (typed in full at any prompt, no longer an option of the action); then rest (bed: 3
    a day, PA-5) and days, not above MHP; [D] a being below 0 needs help and does not heal."""
    s = with_hp(with_hp(scene(ALDRIC, GRAK, char("Hurt"), sides=(0, 1, 1)), 1, 3), 2, -2)
    s, _ = play(s, "5", "3")
    p = prompt(s)
    assert "end" not in [o.key for o in p.options] and [c.key for c in p.also] == ["end"]
    s, log = play(s, "end")
    assert "The GM ends the scene at Aldric's choice of action" in log
    p = prompt(s)
    assert p.reason == "rest" and p.advised == "none" and p.who == "GM"
    s, log = play(s, "bed", "2")
    p = prompt(s)  # PA-5: who of the fallen below 0 is helped
    assert (p.who, p.reason, p.advised) == ("GM", "help", "none")
    assert [o.key for o in p.options] == ["none", "help:hurt"]
    s, log = play(s, "none")
    assert "Grak heals 6 in 2 days in bed: 9/12" in log
    assert "Hurt is below 0 and needs help: no healing (-2/12)" in log
    p = prompt(s)
    assert isinstance(p, OverPrompt) and p.result.method == "ended" and p.result.winner is None
    assert track(s, "Grak")["hp"] == 9 and track(s, "Aldric")["hp"] == 12
    with pytest.raises(Refused):
        RULESET.apply(s, Answer("none"))


def test_temporary_damage_is_recovered_after_the_scene():
    """[D] the aftermath is longer than 10 rounds: temporary damage all comes back."""
    s, _ = play(scene(BRAWLER, VICTIM), "5", "3", "pummel", "70", "end", "none")
    v = track(s, "Victim")
    assert (v["hp"], v["temporary"]) == (11, 0)


def test_the_result_says_how_the_last_fell_before_the_aftermath_heals():
    """PA-7: a Glance of 5 (1 real, 4 temporary) puts the Victim at 5 hit points to 0: unconscious.
    [D] The aftermath gives the temporary damage back, but the result still says how he fell."""
    s = with_hp(scene(BRAWLER, VICTIM), 1, 5)
    s, log = play(s, "5", "3", "pummel", "70")
    assert track(s, "Victim")["status"] == "unconscious"
    s, log = play(s, "none")
    p = prompt(s)
    assert isinstance(p, OverPrompt) and p.result.detail == "unconscious"
    assert track(s, "Victim")["hp"] == 4  # the 4 temporary points came back
    assert log[-1] == "Brawler def. Victim by incapacitation (unconscious), round 1"


def test_a_result_below_zero_is_said_in_words():
    """PA-5: below 0, "unable to heal without help" (the status key needs_help, said in words)."""
    s = with_hp(scene(ALDRIC, GRAK), 1, 1)
    s, _ = play(s, "4", "4", "attack", "50", "3", "attack", "60", "2", "none")
    assert prompt(s).result.detail == "below 0, needs help"


def test_status_line():
    s = scene(ALDRIC, GRAK)
    assert RULESET.status(s) == "Round 1: initiative"
    s, _ = play(s, "5", "3")
    assert RULESET.status(s) == "Round 1: initiative 5"


def test_the_options_say_what_each_choice_means():
    """The setup screen lists each choice with its words (the raw value is what --option takes)."""
    specs = {o.key: o for o in RULESET.options}
    assert specs["shield_row"].shown("no_shield") == "no_shield: no effect without a shield"
    assert specs["character_death"].shown("constitution") == "constitution: minus constitution"
    assert specs["monster_death"].shown(-10) == "-10"
    assert all(not o.words or len(o.words) == len(o.choices) for o in RULESET.options)


def test_a_weapon_choice_lists_the_weapons_by_their_names():
    """A being with two weapons to attack with is asked which: the list shows the table's names ("Sword, Long"),
    as Fudge's weapons and PAF's targets show theirs (the new-user trial: it showed ``sword-long``); the name
    or the key may be typed, and a refusal tells names with commas in them apart by a slash."""
    s, _ = play(scene(char("Wulf", weapons=[{"weapon": "Sword, Long"}, {"weapon": "Dagger"}]), char("Grak")), "5", "2")
    s, _ = play(s, "attack")
    p = prompt(s)
    assert p.reason == "weapon" and [(o.key, o.shown) for o in p.options] == [
        ("sword-long", "Sword, Long"),
        ("dagger", "Dagger"),
    ]
    with pytest.raises(Refused, match=r"^weapon: choose one of Sword, Long / Dagger \(or type end\)$"):
        RULESET.apply(s, Answer("axe"))
    by_name, _ = play(s, "Sword, Long")
    by_key, _ = play(s, "sword-long")
    assert by_name.inputs[-1] == by_key.inputs[-1] == "sword-long" and prompt(by_name).reason == "attack"
