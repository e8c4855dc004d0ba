"""Paul's Adventures In Fantasy: rulings PA-8 to PA-12 and what a GM expects beside them (issue 18),
each with fixed dice, as tests/test_paf_rules.py does (its cards: every stat 12, combat level 0, natural
d20 10, so AF 40 and DF 0, 5 in leather [R]; the footman's mace 1d6+1 with a wooden butt, R-22).

Answers as a script types them: each able being's 1d6 initiative in scene order, then each initiative
group, highest first (the GM's ``condition`` is chosen at any being's action, and holds until changed).
"""

from __future__ import annotations

import dataclasses

import pytest
from test_paf_rules import ALDRIC, CLUB, GRAK, SWORD, char, orc, play, prompt, scene, track, with_hp

from companion.ruleset import ChoicePrompt, OverPrompt, RollPrompt, evolve
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.ruleset import RULESET, fumble_reference

TABLES = pt.parse(pt.load())


def keys(state) -> list[str]:
    return [o.key for o in prompt(state).options]


def with_fighter(state, index: int, **changes):
    fighters = list(state.fighters)
    fighters[index] = dataclasses.replace(fighters[index], **changes)
    return evolve(state, fighters=tuple(fighters))


# --- PA-8: slings, bows and crossbows shoot -------------------------------------------------------


def test_a_sling_shoots_takes_no_strength_and_is_not_spent():
    """PA-8: a sling shoots, it is not thrown: no strength adjustment (strength 18: -7 to miss, +2 damage)
    unless its card says it was made for that strength, and a sling its card does not count is never gone.
    AF 40 + DF 5 = 45 at short range; the bullet 2-5 (1d4+1) without the +2."""
    slinger = char("Slinger", strength=18, weapons=[{"weapon": "Sling, Bullet"}])
    s, log = play(scene(slinger, GRAK), "5", "3", "shoot", "short")
    assert "Slinger shoots the Sling, Bullet at Grak (short range)" in log
    p = prompt(s)
    assert p.reason == "shot" and p.target == 45 and p.against == "45 or more hits Grak (needed 45 = AF 40 + DF 5)"
    s, _ = play(s, "50")
    p = prompt(s)
    assert p.reason == "damage" and p.dice.notation == "d4" and p.modifier == 1
    s, log = play(s, "3")
    assert "Slinger rolls 3 +1 = 4 damage to Grak" in log
    assert track(s, "Slinger")["weapons"] == {"Sling, Bullet": "ready"}  # not thrown away
    s, _ = play(s, "wait", "5", "3")
    assert "shoot" in keys(s)


def test_a_sling_made_for_its_wielder_takes_his_strength():
    """PA-8 "the Strength Bonus only applies if the weapon was made for that strength": the card says so
    (``made_for_strength: true``): 45 - 7 = 38, and the bullet's damage +2."""
    slinger = char("Slinger", strength=18, weapons=[{"weapon": "Sling, Bullet", "made_for_strength": True}])
    s, _ = play(scene(slinger, GRAK), "5", "3", "shoot", "short")
    assert prompt(s).against == "38 or more hits Grak (needed 38 = AF 33 + DF 5)"
    s, _ = play(s, "50")
    assert prompt(s).modifier == 3  # 1d4+1 and +2 for strength 18


def test_a_sling_counts_its_ammunition_only_where_the_card_counts_it():
    """PA-8: "counts its ammunition only where the card counts it": one stone, one shot; the sling stays in
    hand (ready), there is nothing left to shoot."""
    slinger = char("Slinger", weapons=[{"weapon": "Sling, Stone", "ammo": 1}, {"weapon": "Sword, Long"}])
    s, _ = play(scene(slinger, GRAK), "5", "3", "shoot", "short", "20", "wait")
    t = track(s, "Slinger")
    assert t["ammo"] == {"Sling, Stone": 0} and t["weapons"] == {"Sling, Stone": "ready", "Sword, Long": "ready"}
    s, _ = play(s, "5", "3")
    assert "shoot" not in keys(s) and "attack" in keys(s)


def test_a_bow_and_a_crossbow_shoot_too():
    """PA-8 names all three: the tables' missiles that shoot (``shoots``, or the name's first word)."""
    assert [pt.shoots(TABLES, k) for k in ("Bow, Long", "Crossbow, Heavy", "Sling, Stone", "Dagger", "Axe")] == [
        True,
        True,
        True,
        False,
        False,
    ]


# --- PA-9: fumbles act only on what their row names -----------------------------------------------


def test_fumble_62_neither_attacks_the_next_round_alone():
    """Fumble 62-63 "shield tangled with opponent, neither attacks next round.": PA-9, the next round
    alone. Aldric (5, shielded) fumbles before Grak (3) has acted: Grak still attacks this round; in round 2
    neither may attack; in round 3 both may again (it used to cost Grak two rounds' attacks)."""
    s, log = play(scene(char("Aldric", shield=True), GRAK), "5", "3", "attack", "05", "62")
    assert "fumble 62: shield tangled with opponent, neither attacks next round." in log
    assert "Aldric: no attack next round, Grak cannot attack next round" in log
    assert prompt(s).who == "Grak" and "attack" in keys(s)
    s, _ = play(s, "wait", "5", "3")
    assert prompt(s).who == "Aldric" and not {"attack", "pummel", "grapple", "overbear"} & set(keys(s))
    s, _ = play(s, "wait")
    assert prompt(s).who == "Grak" and not {"attack", "pummel", "grapple", "overbear"} & set(keys(s))
    s, _ = play(s, "wait", "5", "3")
    assert "attack" in keys(s)
    s, _ = play(s, "wait")
    assert "attack" in keys(s)


def test_fumble_62_without_a_shield_has_no_effect():
    """PA-9: "shield tangled" needs a shield (as row 60-61 says): Aldric has none, so nobody loses an
    attack."""
    s, log = play(scene(ALDRIC, GRAK), "5", "3", "attack", "05", "62")
    assert "no effect: Aldric has no shield (PA-9)" in log
    s, _ = play(s, "wait", "5", "3")
    assert "attack" in keys(s)


@pytest.mark.parametrize("roll", ["93", "96"])
def test_a_helm_slips_only_on_a_helm(roll):
    """PA-9: "helm slips" (93-95, 96-97) needs a helm: without one, no effect, no dexterity roll, nothing
    to fix; with one, the dexterity roll to fix it at once."""
    s, log = play(scene(ALDRIC, GRAK), "5", "3", "attack", "05", roll)
    assert "no effect: Aldric has no helm (PA-9)" in log
    assert prompt(s).who == "Grak" and prompt(s).reason == "action"
    s, _ = play(s, "wait", "5", "3")
    assert "fix" not in keys(s) and "attack" in keys(s)
    s, _ = play(scene(char("Aldric", helm="open"), GRAK), "5", "3", "attack", "05", roll)
    assert prompt(s).reason == "dexterity check"


# --- PA-10: two hands and the minimum strength --------------------------------------------------------


HERO = char(
    "Hero",
    strength=17,
    armor="leather",
    shield=True,
    weapons=[{"weapon": "Sword, Two-Handed"}, {"weapon": "Dagger"}],
)
"""Leather 5 and a shield 5 [R]: DF 10, but 5 while the two-handed sword is in his hands (PA-10)."""


def test_a_two_handed_weapon_leaves_the_shield_no_defense_while_it_is_used():
    """PA-10: "a weapon that requires two hands cannot be used with a shield (the shield's defense does not
    count while it is used)". The hero starts with his first weapon, the two-handed sword: DF 5, Grak needs
    40 + 5; once he fights with his dagger the shield counts again: 40 + 10."""
    s = scene(HERO, GRAK)
    assert track(s, "Hero")["df"] == 5
    s, _ = play(s, "3", "5", "attack")
    p = prompt(s)
    # the shield's loss is a term of the need of its own, with why (the audit after issue 18)
    assert p.target == 45 and p.against == (
        "45 or more hits Hero (needed 45 = AF 40 + DF 10 - 5 (no shield: two hands on the Sword, Two-Handed, PA-10))"
    )
    s, _ = play(s, "10", "attack", "dagger", "10")
    assert track(s, "Hero")["df"] == 10
    s, _ = play(s, "3", "5", "attack")
    assert prompt(s).target == 50
    s, _ = play(s, "10", "attack", "sword-two-handed")
    assert track(s, "Hero")["df"] == 5


def test_a_bastard_sword_leaves_the_shield_no_defense_too():
    """PA-10 wins over R-3 (the audit after issue 18): the bastard sword's row says "Requires Two Hands"; its
    "As Bastard 1 Hand" lets it be held in one with the same dice, but a weapon that requires two hands
    cannot be used with a shield: DF 10 - 5 while it is in his hand, and the need says why."""
    knight = char("Knight", strength=14, armor="leather", shield=True, weapons=[{"weapon": "Sword, Bastard"}])
    s = scene(knight, GRAK)
    assert track(s, "Knight")["df"] == 5
    s, _ = play(s, "3", "5", "attack")
    assert prompt(s).against == (
        "45 or more hits Knight (needed 45 = AF 40 + DF 10 - 5 (no shield: two hands on the Sword, Bastard, PA-10))"
    )


def test_a_weapon_above_the_wielders_strength_is_refused_naming_both():
    """PA-10: "a weapon below the wielder's minimum strength is refused by the card check, naming both":
    the two-handed sword's Min. Str 17 against strength 4."""
    weak = char("Weakling", strength=4, shield=True, weapons=[{"weapon": "Sword, Two-Handed"}])
    with pytest.raises(ValueError) as err:
        scene(weak, GRAK)
    assert (
        "fighter Weakling: weapons.0.weapon: Sword, Two-Handed needs strength 17 (Min. Str, PA-10); Weakling has "
        "strength 4" in str(err.value)
    )


# --- PA-11: the condition list serves non-lethal attacks; the attacker's own everywhere ------------------


def test_a_sword_takes_no_condition_modifier_a_pummel_takes_them_all():
    """PA-11: "The condition list printed for pummeling serves pummeling, grappling and overbear only": Grak
    slowed (by the GM, at Aldric's action) with a movement base of 24 is no easier nor harder to hit with the
    mace (40 + 5), but a pummel (PAF 76 + PDF 22) takes "Defender Slowed -10%" and "For every 6\\" over 12\\"
    +5%" twice; the mace's wooden butt is "Wooded Butt or Mailed Fist +5%" on the index (R-22)."""
    fast = char("Grak", armor="leather", movement=24)
    s, _ = play(scene(ALDRIC, fast), "5", "3", "condition", "slowed:grak", "none", "attack")
    assert prompt(s).against == "45 or more hits Grak (needed 45 = AF 40 + DF 5)"
    s, _ = play(scene(ALDRIC, fast), "5", "3", "condition", "slowed:grak", "none", "pummel")
    p = prompt(s)
    assert p.against == (
        "98 or more hits Grak (needed 98 = PAF 76 + PDF 22 - 10 (defender slowed) + 10 (defender's movement 24\"))"
    )
    assert (
        p.note
        == "damage index = roll - 98 +5 (Wooded Butt or Mailed Fist (Mace, Footmans)); no critical or fumble (decided: the damage table's own rows)"
    )


def test_a_stunned_defender_is_easier_to_pummel_not_to_stab():
    """PA-11: "Stunned -20%" is the pummeling list's: the sword on a stunned Grak needs AF + DF alone."""
    s = with_fighter(scene(ALDRIC, GRAK), 1, stunned_until=2)
    s, _ = play(s, "5", "attack")
    assert prompt(s).target == 45
    s, _ = play(with_fighter(scene(ALDRIC, GRAK), 1, stunned_until=2), "5", "pummel")
    assert prompt(s).target == 78 and "- 20 (defender stunned)" in prompt(s).against


def test_a_struck_weapon_arm_hampers_the_pummel_too():
    """PA-11: the attacker's own penalties apply to every attack he makes. Aldric's blow (blunt critical 73
    "weapon arm struck, hit probability -2": 2 x 4% = +8 to Grak's chance to miss, R-14) then Grak's pummel
    on him: PAF 76 + PDF 12 + 8 = 96 (it used to be 88); his grapple: GOAF -24 (leather) + GODF 39 + 8."""
    s, log = play(scene(ALDRIC, GRAK), "5", "3", "attack", "97", "73", "3")
    assert "critical 73 (blunt): weapon arm struck, hit probability -2" in log
    s, _ = play(s, "pummel")
    assert prompt(s).against == "96 or more hits Aldric (needed 96 = PAF 76 + PDF 12 + 8 (hit probability))"
    s, _ = play(scene(ALDRIC, GRAK), "5", "3", "attack", "97", "73", "3", "grapple")
    assert prompt(s).against == "23 or more hits Aldric (needed 23 = GOAF -24 + GODF 39 + 8 (hit probability))"


def test_distracted_helps_the_next_pummel_and_is_spent():
    """Fumble 98 "distracted, opponents next attack is at +3" (3 x 4% = 12, R-14): PA-11 on a pummel too
    (it used to be skipped): PAF 76 + PDF 22 - 12 = 86; spent by that roll, the next pummel needs 98."""
    s, log = play(scene(ALDRIC, GRAK), "3", "5", "attack", "05", "98", "pummel")
    assert "Grak: the next attack on Grak -12 to the chance to miss" in log
    assert prompt(s).against == "86 or more hits Grak (needed 86 = PAF 76 + PDF 22 - 12 (defender distracted))"
    s, _ = play(s, "40", "3", "5", "wait", "pummel")
    assert prompt(s).target == 98


def test_metal_pummel_and_mailed_fist_are_the_texts_words():
    """PA-11 with R-22: a pummel takes the best the attacker has: a long sword's metal pommel ("Metal
    Pummel +10%") before a spear's wooden butt or a mail fist (+5); the sword's magic +1 (4%) counts too.
    A club and chain: the mailed fist. A club and no metal armor: a bare fist, no mod."""
    knight = char("Knight", weapons=[{"weapon": "Sword, Long", "magic": 1}, {"weapon": "Spear"}], armor="chain")
    s, _ = play(scene(knight, GRAK), "5", "3", "pummel")
    p = prompt(s)
    assert p.against == "94 or more hits Grak (needed 94 = PAF 76 + PDF 22 - 4 (magic +1 x 4 (Sword, Long)))"
    assert (
        p.note
        == "damage index = roll - 94 +10 (Metal Pummel (Sword, Long)); no critical or fumble (decided: the damage table's own rows)"
    )
    s, log = play(s, "00")  # index 100 - 94 + 10 = 16: Ineffective, Strike Again
    assert any("index 16, Ineffective, Strike Again" in line for line in log)
    s, _ = play(scene(char("Knight", weapons=CLUB, armor="chain"), GRAK), "5", "3", "pummel")
    assert (
        prompt(s).note
        == "damage index = roll - 98 +5 (Wooded Butt or Mailed Fist (chain)); no critical or fumble (decided: the damage table's own rows)"
    )
    s, _ = play(scene(char("Knight", weapons=CLUB), GRAK), "5", "3", "pummel")
    assert prompt(s).note == "damage index = roll - 98; no critical or fumble (decided: the damage table's own rows)"


def test_a_card_s_attack_bonus_helps_every_attack():
    """The GM's expectation: ``misc.attack: 5`` is a bonus (AF 40 - 5 = 35; the tables keep their signs,
    the card's bonus is converted, PA-1); PA-11: it helps his pummel too (76 + 22 - 5 = 93)."""
    hero = char("Hero", misc={"attack": 5}, weapons=CLUB)
    assert track(scene(hero, GRAK), "Hero")["af"] == 35
    s, _ = play(scene(hero, GRAK), "5", "3", "attack")
    assert prompt(s).target == 40
    s, _ = play(scene(hero, GRAK), "5", "3", "pummel")
    assert prompt(s).against == "93 or more hits Grak (needed 93 = PAF 76 + PDF 22 - 5 (misc attack bonus +5))"


# --- PA-12: stunned N costs N turns; a melee where nobody can attack ends ------------------------------


def test_a_crushing_blow_stuns_for_the_victims_next_turn_only():
    """Pummeling ">00 Crushing Blow, Stunned Opponent" [D] 1 round; PA-12 costs exactly one turn. The
    Brawler (PAF 100 - 20 - 20 - 80 = -20) on the Victim (PDF 4): needed -16, a roll of 90 is index 106,
    10 + 3 points (3 real). The Victim (3) has not acted when the Brawler (5) lands it: he loses round 1's
    turn and rolls initiative in round 2 (it used to cost round 2 as well)."""
    brawler = char("Brawler", strength=20, agility=20, combat_level=20, weapons=CLUB)
    victim = char("Victim", agility=4, constitution=20, stamina=20)  # MHP 26
    s, log = play(scene(brawler, victim), "5", "3", "pummel", "90")
    assert any("index 106, Crushing Blow, Stunned Opponent" in line for line in log)
    assert "Victim is stunned for 1 round" in log and "Victim cannot act (stunned)" in log
    assert track(s, "Victim")["status"] == "fighting"
    s, log = play(s, "5", "3")
    assert "Victim rolls 3 for initiative" in log


def test_a_melee_where_nobody_can_attack_ends_by_itself():
    """PA-12: "A melee in which no one can attack any more ends by itself, and the result says why". Aldric's
    long sword (needed 45, critical 95+) takes Grak's weapon arm at the wrist (edged 86); in round 2 Aldric
    fumbles (05) a "critical hit, self" (87) and takes his own (86): nobody can attack, the scene ends at
    once (Grak is not asked), a draw, and the aftermath follows."""
    s, log = play(scene(char("Aldric", weapons=SWORD), GRAK), "5", "3", "attack", "97", "86", "3")
    assert "critical 86 (edged): weapon arm removed at wrist" in log
    assert prompt(s).who == "Grak" and keys(s) == ["move", "wait", "condition"]
    s, log = play(s, "wait", "5", "3", "attack", "05", "87", "86")
    assert "fumble 87: critical hit, self" in log and "critical 86 (edged): weapon arm removed at wrist" in log
    assert (prompt(s).reason, prompt(s).note) == ("damage", "on Aldric (medium)")  # his own sword, on himself
    s, log = play(s, "2")
    assert (
        "The scene is over: nobody can attack any more (PA-12): Aldric (weapon arm removed at wrist: edged "
        "critical 86); Grak (weapon arm removed at wrist: edged critical 86). The aftermath: rest and healing"
    ) in log
    assert not any(line.startswith("Grak") and "waits" in line for line in log)
    assert prompt(s).reason == "rest"
    s, log = play(s, "none")
    p = prompt(s)
    assert isinstance(p, OverPrompt)
    assert (p.result.winner, p.result.method, p.result.detail) == (None, "draw", "nobody can attack any more (PA-12)")
    assert log[-1] == "Draw (nobody can attack any more (PA-12)), round 2"


@pytest.mark.parametrize("temporary, over", [(((1, 4),), False), ((), True)])
def test_a_being_who_will_come_to_can_still_attack(temporary, over):
    """PA-12 is "no one can attack any more": Aldric and Grak have no attacks left; Bera, knocked out at -2,
    still can once her 4 temporary points come back (PA-7), so the melee goes on; without them (-2 real,
    below 0: she does not come to in a fight) nobody can, and it ends after the first group."""
    s = scene(char("Aldric", weapons=SWORD), GRAK, char("Bera"), sides=(0, 1, 1))
    s = with_fighter(with_fighter(s, 0, no_attacks=True), 1, no_attacks=True)
    s = with_fighter(s, 2, hp=-2, temporary=temporary)
    s, log = play(s, "5", "3", "wait")
    assert any("nobody can attack any more" in line for line in log) is over
    assert (prompt(s).reason == "rest") is over


# --- PA-5: help for a fallen friend ---------------------------------------------------------------------


def test_a_fallen_friend_is_helped_and_heals():
    """PA-5 "At negative hit points they are unable to heal without outside help": Aldric's ``help`` (his
    action this round, in the log) lets Bera (-2) heal: the GM ends the scene, two days in bed: -2 + 6 = 4."""
    s = with_hp(scene(ALDRIC, char("Bera"), GRAK, sides=(0, 0, 1)), 1, -2)
    s, _ = play(s, "5", "3")
    assert "help" in keys(s)
    s, log = play(s, "help")
    assert "Aldric helps Bera: Bera can heal (PA-5)" in log
    assert track(s, "Bera")["helped"] is True and track(s, "Bera")["status"] == "needs_help"
    assert "help" not in keys(play(s, "wait", "5", "3")[0])  # helped once is enough
    s, log = play(s, "end", "bed", "2")
    assert "Bera heals 6 in 2 days in bed, helped: 4/12" in log
    assert track(s, "Bera")["hp"] == 4


def test_help_asks_which_friend_when_two_are_down():
    s = with_hp(with_hp(scene(ALDRIC, char("Bera"), char("Cole"), GRAK, sides=(0, 0, 0, 1)), 1, -2), 2, -3)
    s, _ = play(s, "5", "3", "help")
    p = prompt(s)
    assert (p.who, p.reason, [o.key for o in p.options]) == ("Aldric", "ally", ["bera", "cole"])
    s, log = play(s, "cole")
    assert "Aldric helps Cole: Cole can heal (PA-5)" in log
    assert track(s, "Cole")["helped"] and not track(s, "Bera")["helped"]


def test_the_gm_helps_the_fallen_after_the_scene():
    """PA-5 after the scene: with rest to give, the GM says who of those below 0 is helped: ``all``."""
    s = with_hp(with_hp(scene(ALDRIC, char("Bera"), char("Cole"), GRAK, sides=(0, 0, 0, 1)), 1, -2), 2, -3)
    s, _ = play(s, "5", "3", "end", "resting", "3")
    p = prompt(s)
    assert (p.who, p.reason, [o.key for o in p.options]) == ("GM", "help", ["none", "all", "help:bera", "help:cole"])
    s, log = play(s, "all")
    assert "Bera is helped after the scene: Bera can heal (PA-5)" in log
    assert (
        "Bera heals 6 in 3 days resting, helped: 4/12" in log and "Cole heals 6 in 3 days resting, helped: 3/12" in log
    )


# --- slowed and hastened hold until changed ---------------------------------------------------------


def test_slowed_and_hastened_hold_until_changed_and_are_not_asked_every_round():
    """The GM's magic (design 3 [D]): set at a being's action, then that being's action again; the next
    rounds open at initiative, the condition holding (hastened: +10 to pummel him) until the GM clears it."""
    s, log = play(scene(ALDRIC, GRAK), "5", "3", "condition")
    p = prompt(s)
    assert (p.who, p.reason, p.advised) == ("GM", "condition", "none")
    s, log = play(s, "hastened:grak", "none")
    assert "Grak is hastened" in log and (prompt(s).who, prompt(s).reason) == ("Aldric", "action")
    s, _ = play(s, "wait", "wait")
    assert prompt(s).reason == "initiative" and track(s, "Grak")["condition"] == "hastened"
    s, _ = play(s, "5", "3", "pummel")
    assert "+ 10 (defender hastened)" in prompt(s).against
    s, log = play(s, "10", "wait", "5", "3", "condition", "clear:grak", "none", "pummel")
    assert "Grak is no longer hastened" in log and "hastened" not in prompt(s).against


# --- the fumble table's misprint -----------------------------------------------------------------


def test_the_fumble_table_shows_damage_where_the_print_says_daamage():
    """R-21: fumble 77-78 "hit self, normal daamage" is shown "damage"; the table keeps the printed text."""
    s, log = play(scene(ALDRIC, GRAK), "5", "3", "attack", "05", "77")
    assert "fumble 77: hit self, normal damage" in log
    ref = RULESET.reference(s)
    assert ref.rows[ref.highlight] == ("77-78", "hit self, normal damage")
    assert pt.fumble_row(TABLES, 77).text == "hit self, normal daamage"
    assert all("daamage" not in words for _, words in fumble_reference(TABLES, None).rows)


def test_the_monster_cards_hit_points_against_the_monster_table():
    """A Kobold's 4+D4 is 5 to 8: 999 is refused naming the dice; ``hp_off_table: true`` says it is meant."""
    with pytest.raises(ValueError, match=r"hp: 999 is off the monster table's 4\+D4 for a Kobold \(5 to 8\)"):
        scene(ALDRIC, orc("Kobold", monster="Kobold", hp=999))
    s = scene(ALDRIC, orc("Kobold", monster="Kobold", hp=999, hp_off_table=True))
    assert track(s, "Kobold")["max_hp"] == 999
    assert isinstance(prompt(scene(ALDRIC, orc("Kobold", monster="Kobold", hp=8))), RollPrompt)
    assert not isinstance(prompt(s), ChoicePrompt)


def test_a_round_in_which_nobody_can_act_passes_by_itself():
    """Found by the random-play property once the round no longer opened with the GM's condition: Aldric and
    Grak (initiative 4 each, simultaneous, PA-6) stun each other for 2 rounds (blunt critical 83, after both
    have acted: PA-12, rounds 2 and 3). Nobody can act in those rounds and nothing is asked: they pass by
    themselves, logged, and round 4 opens at initiative (the engine used to stop with no prompt at all)."""
    s, _ = play(scene(ALDRIC, GRAK), "4", "4", "attack", "97", "83", "2", "3", "attack", "97", "83", "2")
    s, log = play(s, "3")
    assert log[-7:] == [
        "Round 2",
        "Aldric: stunned, no initiative",
        "Grak: stunned, no initiative",
        "Round 3",
        "Aldric: stunned, no initiative",
        "Grak: stunned, no initiative",
        "Round 4",
    ]
    p = prompt(s)
    assert (s.round, p.reason, p.who) == (4, "initiative", "Aldric")
    assert track(s, "Aldric")["hp"] == 8 and track(s, "Grak")["hp"] == 8


def test_the_advised_target_is_one_still_fighting():
    """[D] with PA-11 (a sword on the helpless needs its roll): Aldric holds Bera, who falls unconscious; at his
    next attack the advised target is Grak, still fighting, not the helpless Bera he holds (before she fell,
    the held one was advised)."""
    s, _ = play(scene(ALDRIC, char("Bera"), GRAK, sides=(0, 1, 1)), "5", "2", "1", "grapple", "bera", "30")
    assert track(s, "Bera")["held_by"] == {"name": "Aldric", "category": 2}
    s, _ = play(s, "wait", "wait", "5", "2", "1", "attack")
    assert prompt(s).reason == "target" and prompt(s).advised == "bera"
    s, _ = play(s, "bera", "10", "wait", "wait")
    s = with_fighter(s, 1, hp=0)
    s, _ = play(s, "5", "1", "attack")
    p = prompt(s)
    assert track(s, "Bera")["held_by"] is not None and track(s, "Bera")["status"] == "unconscious"
    assert p.reason == "target" and p.advised == "grak"
