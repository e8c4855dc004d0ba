"""Paul's Adventures In Fantasy: the findings of the audit after issue 18, each with fixed dice, as
tests/test_paf_rules.py plays them (its cards: every stat 12, combat level 0, natural d20 10, so AF 40, DF 0
and 5 in leather [R], MHP 12, dead at -12; the footman's mace 1d6+1, blunt, with a wooden butt, R-22; the
long sword 1d8, edged, with a metal pommel).

Answers as a script types them: each able being's 1d6 initiative in scene order, then each initiative
group, highest first. The text is shared/rules/source/paf_combat_module.txt; the rulings PA-1 to PA-12 and
D-2; the decisions are docs/decisions.md's.
"""

from __future__ import annotations

import pytest
from test_paf_rules import ALDRIC, BRAWLER, CLUB, GRAK, SWORD, VICTIM, char, orc, play, prompt, scene, track, with_hp

from companion.dice import Refused
from companion.replay import number_copies
from companion.ruleset import Answer, OverPrompt, RollPrompt
from companion.rulesets.paf.ruleset import RULESET, PafResult

NO_CRIT = "; no critical or fumble (decided: the damage table's own rows)"


def keys(state) -> list[str]:
    return [o.key for o in prompt(state).options]


# --- 1. fumble 98: the NEXT attack alone (text, PA-11) ----------------------------------------------------


def test_a_distraction_helps_the_first_shot_of_a_volley_alone():
    """Fumble 98 "distracted, opponents next attack is at +3" (3 x 4% = 12, R-14). The Dummy (6) fumbles
    (needed 40, fumble on 7 or less: 01), rolls 98; the Archer's long bow shoots twice a round: shot 1
    needs 40 - 12 = 28, shot 2 the plain 40 (both used to get it: the reset waited for the group)."""
    archer = char("Archer", weapons=[{"weapon": "Bow, Long"}])
    s, log = play(scene(archer, char("Dummy", weapons=CLUB)), "1", "6", "attack", "01", "98")
    assert "Dummy: the next attack on Dummy -12 to the chance to miss" in log
    s, _ = play(s, "shoot", "short")
    p = prompt(s)
    assert (p.reason, p.target) == ("shot 1 of 2", 28)
    assert p.against == "28 or more hits Dummy (needed 28 = AF 40 + DF 0 - 12 (defender distracted))"
    s, log = play(s, "10")
    assert "Dummy's distraction is spent on Archer's attack (fumble 98)" in log
    p = prompt(s)
    assert (p.reason, p.target, p.against) == ("shot 2 of 2", 40, "40 or more hits Dummy (needed 40 = AF 40 + DF 0)")


def test_a_distraction_helps_one_of_a_tied_group_alone():
    """The next attack is one attack, not every attack of the next initiative group: Aldric and Bera both
    roll 1 (one group, PA-6); Aldric's attack on the distracted Dummy needs 28, Bera's after it 40."""
    s = scene(ALDRIC, char("Bera"), char("Dummy", weapons=CLUB), sides=(0, 0, 1))
    s, _ = play(s, "1", "1", "6", "attack", "aldric", "01", "98", "attack")
    assert prompt(s).target == 28
    s, _ = play(s, "10", "attack")
    assert (prompt(s).who, prompt(s).target) == ("Bera", 40)


# --- 2. temporary damage is not "below 0" (PA-5, PA-7) -------------------------------------------------------


def test_temporary_damage_knocks_out_without_needing_help():
    """PA-5 "At negative hit points they are unable to heal without outside help" reads the real hit points:
    the Victim at 3 takes a Glance (index 70 - 44 = 26: 2 + 3 strength = 5 points, 1 real and 4 temporary,
    PA-7): 3 - 5 = -2 on the tracker but 2 real: unconscious, not "needs help" (it used to say so, and the
    result "below 0, needs help"); no help is asked after the scene, and the 4 come back."""
    s = with_hp(scene(BRAWLER, VICTIM), 1, 3)
    s, log = play(s, "5", "3", "pummel", "70")
    assert "Victim loses 5 hit points (4 temporary): -2/12" in log
    assert "Victim is unconscious (PA-5)" in log
    v = track(s, "Victim")
    assert (v["hp"], v["temporary"], v["status"]) == (-2, 4, "unconscious")
    s, log = play(s, "bed", "1")  # no help asked: nobody is below 0 for real
    assert "Victim heals 3 in 1 day in bed (and 4 temporary back): 5/12" in log
    p = prompt(s)
    assert isinstance(p, OverPrompt) and p.result.detail == "unconscious"
    assert log[-1] == "Brawler def. Victim by incapacitation (unconscious), round 1"


def test_real_damage_below_zero_still_needs_help():
    """PA-5: the real hit points below 0: unconscious and needing help (the mace: 5 + 1 = 6 on Grak at 3)."""
    s = with_hp(scene(ALDRIC, GRAK), 1, 3)
    s, log = play(s, "5", "3", "attack", "50", "5")
    assert "Grak is unconscious, needs help to heal (PA-5)" in log
    assert track(s, "Grak")["status"] == "needs_help"


# --- 3. the script's help (companion/cli.py's PAF paragraph) ---------------------------------------------------


def test_the_script_help_says_the_round_as_it_is_asked():
    """A round opens with initiative (the condition is an action, `none` is refused as a face); `end` at any
    prompt, `gm +N REASON` at a roll to hit; a card named again is an NPC group."""
    from companion.cli import SCRIPT_HELP

    paf = SCRIPT_HELP[SCRIPT_HELP.index("PAF:") :].split("\n\n")[0]
    assert "GM's condition (none" not in paf
    assert "every being's initiative d6" in paf and "condition" in paf
    assert '"end"' in paf and '"gm +5 REASON"' in paf and "NPC group" in paf


# --- 4. pummels, grapples and overbears never crit or fumble (decided) ---------------------------------------


@pytest.mark.parametrize("action, roll", [("pummel", "01"), ("pummel", "00"), ("grapple", "01"), ("overbear", "00")])
def test_no_critical_or_fumble_on_a_non_lethal_roll(action, roll):
    """The text: these attacks "proceed much as normal attacking goes", then read their own damage table
    by the index; its critical tables are by weapon (blunt, edged, missile) and its rows are their best and
    worst (Crushing Blow, Total Miss): decided, no critical or fumble roll, and the prompt's note says so.
    Aldric's pummel on Grak needs 76 + 22 = 98: 01 misses (no fumble), 00 hits (index 100 - 98 + 5 = 7, no
    critical)."""
    s, _ = play(scene(ALDRIC, GRAK), "5", "3", action)
    p = prompt(s)
    assert p.note.endswith(NO_CRIT)
    s, log = play(s, roll)
    assert not any("fumble" in line or "critical" in line for line in log), log
    assert prompt(s).reason not in ("critical", "fumble")


# --- 5. grappling >95 puts on no hold; the bastard sword and the shield (PA-10) -------------------------


def test_kick_knee_gouge_is_blows_and_a_stun_not_a_hold():
    """Grappling ">95 Kick/Knee/Gouge & Stunned": no "//", no hold named (R-23): 8 points (2 real, 6
    temporary, PA-7) and the stun, and Grak is free: not held, so not only "break or wait". Aldric's GOAF
    -39 + Grak's GODF 39 = 0 needed; roll 96: index 96."""
    s, log = play(scene(ALDRIC, char("Grak")), "5", "2", "grapple", "96")
    assert any("index 96, Kick/Knee/Gouge & Stunned: 8 points (2 real, 6 temporary)" in line for line in log)
    assert "Kick/Knee/Gouge: blows, not a hold (category 7, no hold put on)" in log
    assert "Grak is stunned for 1 round" in log and "Grak cannot act (stunned)" in log
    assert not any(" holds Grak" in line for line in log)
    g = track(s, "Grak")
    assert g["held_by"] is None and track(s, "Aldric")["holding"] is None
    s, _ = play(s, "5", "2", "wait")
    assert "attack" in keys(s) and "break" not in keys(s)


def test_a_break_at_96_or_more_breaks_any_hold_and_stuns_the_holder():
    """R-23: the row still ranks 7, so a break that reaches it ties or beats any hold (PA-7); its blows and its
    stun land on the holder. Aldric holds Grak (30: Arm Lock, category 2); Grak's break needs GOAF -39 + GODF
    39 = 0; roll 96: index 96, broken, 8 points to Aldric (2 real, 6 temporary) and Aldric stunned for 1
    round: his turn of this round has come (5 before 2), so it costs round 2's (PA-12)."""
    s, _ = play(scene(ALDRIC, char("Grak")), "5", "2", "grapple", "30")
    assert track(s, "Grak")["held_by"] == {"name": "Aldric", "category": 2}
    s, log = play(s, "break")
    assert prompt(s).against == ("1 or more, then category 2 or better breaks the hold (needed 0 = GOAF -39 + GODF 39)")
    s, log = play(s, "96")
    assert (
        "Grak rolls 96: index 96, category 7: breaks the hold (Kick/Knee/Gouge, 8 points: 2 real, 6 temporary)"
    ) in log
    assert "Aldric is stunned for 1 round" in log
    assert track(s, "Grak")["held_by"] is None
    assert (track(s, "Aldric")["hp"], track(s, "Aldric")["temporary"]) == (4, 6)
    s, log = play(s, "2")
    assert "Aldric: stunned, no initiative" in log


def test_the_grappling_odds_count_no_hold_at_96():
    """The odds read the rows as the engine does: a grapple needing 0 holds on 1-95 alone (95%)."""
    s, _ = play(scene(ALDRIC, char("Grak")), "5", "2", "grapple")
    odds = {line.key: line.p for line in RULESET.odds(s).lines}
    assert odds["hold"] == pytest.approx(0.95)


def test_the_dropped_shield_is_a_term_of_the_need():
    """PA-10: the great sword's wielder carries a shield (card DF 5) that gives none while the sword is in his
    hands: the need says so (it used to show DF 0 and no why)."""
    knight = char("Knight", strength=18, shield=True, weapons=[{"weapon": "Sword, Great"}, {"weapon": "Sword, Short"}])
    s, _ = play(scene(ALDRIC, knight), "5", "3", "attack")
    assert prompt(s).against == (
        "40 or more hits Knight (needed 40 = AF 40 + DF 5 - 5 (no shield: two hands on the Sword, Great, PA-10))"
    )
    s, _ = play(s, "10", "attack", "sword-short", "10", "5", "3", "attack")
    assert prompt(s).against == "45 or more hits Knight (needed 45 = AF 40 + DF 5)"


# --- smaller findings ---------------------------------------------------------------------------------------------


def test_00_is_logged_as_00():
    """D-2: "00" is 100, and the log writes it as the dice show it, as the attack line does: the critical's 00
    (edged: decapitated) and the fumble's 00 (roll 3 times)."""
    _, log = play(scene(char("Aldric", weapons=SWORD), GRAK), "5", "3", "attack", "00", "00")
    assert "Aldric rolls 00: a critical hit (95+, PA-3)" in log
    assert "critical 00 (edged): decapitated, immediate death" in log
    assert not any("100" in line for line in log)
    _, log = play(scene(ALDRIC, GRAK), "5", "3", "attack", "05", "00", "99", "98", "98", "98")
    assert "fumble 00: roll 3 times, ignoring rolls of 99 or 00" in log
    assert "fumble 99: ignored, roll again" in log
    assert not any("100" in line for line in log)


def test_nobody_can_attack_says_why():
    """PA-12 "the result says why": the row that took each being's attacks. Aldric's mace (critical 95+ on
    Grak in leather) breaks Grak's weapon arm (blunt 77 "weapon arm broken, no attacks"); in round 2 Aldric
    fumbles a "critical hit, self" (87) and breaks his own (77)."""
    s, _ = play(scene(ALDRIC, GRAK), "5", "3", "attack", "97", "77", "3", "wait", "5", "3", "attack", "05", "87")
    s, log = play(s, "77", "2")
    assert (
        "The scene is over: nobody can attack any more (PA-12): Aldric (weapon arm broken, no attacks: blunt "
        "critical 77); Grak (weapon arm broken, no attacks: blunt critical 77). The aftermath: rest and healing"
    ) in log


def test_a_helpless_pummel_shows_its_index():
    """Pummeling's "Helpless HIT" (PA-7): a hit whatever the roll, never a Total Miss [D]; the index the roll
    gives is said before it is read as 1: Aldric's pummel on the helpless Grak needs 98, rolls 10: index
    10 - 98 + 5 (the mace's wooden butt) = -83, read as 1."""
    s, _ = play(with_hp(scene(ALDRIC, GRAK), 1, 0), "5", "pummel")
    s, log = play(s, "10")
    assert any(
        "Aldric rolls 10, needs 98: index -83, read as 1 (helpless: a hit), Ineffective, Strike Again" in line
        for line in log
    )


def test_a_counter_chooses_its_weapon_and_says_it():
    """Overbear's "Opponent may counter" [D]: one attack at once. Grak carries a javelin and a two-handed
    sword: the counter asks which (the one in hand advised, his card's first) and the log names it; then
    the attack needs Grak's AF 35 (strength 17: -5) + Aldric's DF 0."""
    grak = char("Grak", strength=17, weapons=[{"weapon": "Javelin"}, {"weapon": "Sword, Two-Handed"}])
    s, _ = play(scene(ALDRIC, grak), "5", "2", "overbear", "15")
    p = prompt(s)
    assert (p.who, p.reason, keys(s)) == ("Grak", "counter", ["none", "attack", "pummel", "grapple"])
    assert p.options[1].why == "with a weapon: Javelin, Sword, Two-Handed"
    s, _ = play(s, "attack")
    p = prompt(s)
    assert (p.reason, keys(s), p.advised) == ("weapon", ["javelin", "sword-two-handed"], "javelin")
    s, log = play(s, "sword-two-handed")
    assert "Grak counters: attacks Aldric with the Sword, Two-Handed" in log
    assert (prompt(s).reason, prompt(s).target) == ("attack", 35)


def test_a_counter_cannot_take_up_a_weapon_its_own_fumble_just_dropped():
    """PA-6: a tied group's effects land after all its attacks; a weapon a fumble of the group dropped is
    nonetheless out of the hand for the rest of the group [D]: Grak (3) fumbles with his club (05, then 55
    "lose grip, drop weapon"); Aldric (3, the same group) overbears him and bounces off (15): Grak's counter
    takes his dagger, the one weapon left in hand."""
    grak = char("Grak", weapons=[{"weapon": "Club"}, {"weapon": "Dagger"}])
    s, log = play(scene(grak, ALDRIC), "3", "3", "attack", "club", "05", "55")
    assert "Grak: drops the Club" in log
    s, _ = play(s, "overbear", "15")
    assert prompt(s).reason == "counter" and prompt(s).options[1].why == "with the Dagger"
    s, log = play(s, "attack")
    assert "Grak counters: attacks Aldric with the Dagger" in log


def test_edged_63_cites_its_reading():
    """R-13: edged 63 "shield destroyed (no effect if shielded)" is read "no effect if no shield": the log
    says so where it acts (it used to read as a contradiction)."""
    s, log = play(scene(char("Aldric", weapons=SWORD), char("Tin", shield=True)), "5", "3", "attack", "97", "63", "4")
    i = log.index("critical 63 (edged): shield destroyed (no effect if shielded)")
    assert log[i + 1] == (
        'read as "no effect if no shield" (R-13: as printed it could never act; the option shield_row=printed '
        "plays it so)"
    )
    assert log[i + 2] == "Tin: shield destroyed"
    assert track(s, "Tin")["shield"] is False


def test_a_fumble_s_later_rows_do_nothing_to_a_weapon_already_dropped():
    """Fumble 00 "roll 3 times": 55 drops the mace; 64 (weapon tangled) and 66 (weapon knocked away) find no
    weapon in hand: no effect, said so, and no d8/d10 asked for the knocked-away mace [D]."""
    s, log = play(scene(ALDRIC, GRAK), "5", "3", "attack", "05", "00", "55", "64", "66")
    assert "Aldric: drops the Mace, Footmans" in log
    assert log.count("no effect: the Mace, Footmans is no longer in Aldric's hand (dropped)") == 2
    assert not any("tangled" in line and line.startswith("Aldric:") for line in log)
    assert not any("feet away" in line for line in log)
    assert prompt(s).who == "Grak" and prompt(s).reason == "action"
    assert track(s, "Aldric")["weapons"] == {"Mace, Footmans": "dropped"}


def test_a_leg_grabbed_is_said():
    """Overbear "Slid Down, Grab Leg" [D]: the log says the leg is held (GOAF -39 + GODF 39 = 0; 30: index 30)."""
    s, log = play(scene(ALDRIC, char("Grak")), "5", "2", "overbear", "30")
    assert "Aldric grabs Grak's leg: he holds it while he keeps at Grak (+10 a foot held to overbear)" in log
    assert track(s, "Grak")["legs_held_by"] == ["Aldric"]


def test_a_scene_won_by_a_death_says_dead():
    """A kill is a death, not an "incapacitation": the headline reads "(dead)" [D]; the protocol's result
    stays as it was (method incapacitated, detail dead)."""
    s, _ = play(scene(char("Aldric", weapons=SWORD), GRAK), "5", "3", "attack", "00", "00")
    s, log = play(s, "none")
    assert log[-1] == "Aldric def. Grak (dead), round 1"
    p = prompt(s)
    assert isinstance(p.result, PafResult) and p.headline() == log[-1]
    assert p.result.to_json() == {
        "winner": "Aldric",
        "loser": "Grak",
        "method": "incapacitated",
        "detail": "dead",
        "period": 1,
        "time": "",
        "fight_time": "0:10",
    }


# --- NPC groups (Paf.copies) ------------------------------------------------------------------------------------


def test_an_npc_group_is_numbered():
    """The same card several times is an NPC group (as Fudge): "Orc 1", "Orc 2", each its own being, target
    and tracker (companion.replay.number_copies; Paf.copies turns it on for the CLI and the screens)."""
    assert RULESET.copies is True
    s = scene(*number_copies([ALDRIC, orc("Orc"), orc("Orc")]), sides=(0, 1, 1))
    assert list(RULESET.trackers(s)) == ["Aldric", "Orc 1", "Orc 2"]
    s, _ = play(s, "5", "2", "1", "attack")
    assert keys(s) == ["orc-1", "orc-2"]
    s, log = play(s, "orc-2")
    assert "Aldric attacks Orc 2 with the Mace, Footmans" in log


def test_a_being_named_end_is_refused():
    """``end`` is a word of every prompt: no being may be called so (its key would read as it)."""
    with pytest.raises(ValueError, match="word of the prompts"):
        scene(ALDRIC, char("End"))


# --- the GM's words: end at any prompt, a modifier at a roll to hit ----------------------------------------------


def test_the_gm_ends_the_scene_at_a_damage_roll():
    """`end` at any prompt of the scene (not only an action): at Aldric's damage roll the scene ends there,
    the hit's damage never rolled; the aftermath follows."""
    s, _ = play(scene(ALDRIC, GRAK), "5", "3", "attack", "50")
    p = prompt(s)
    assert p.reason == "damage" and [c.key for c in p.also] == ["end"]
    s, log = play(s, "end")
    assert "The GM ends the scene at Aldric's roll for damage" in log
    assert prompt(s).reason == "rest" and prompt(s).also == ()
    s, log = play(s, "none")
    assert track(s, "Grak")["hp"] == 12
    assert log[-1] == "Draw (the GM ended the scene), round 1"


def test_the_gm_ends_the_scene_at_his_own_condition_prompt():
    s, _ = play(scene(ALDRIC, GRAK), "5", "3", "condition")
    s, log = play(s, "end")
    assert "The GM ends the scene at the GM's choice of condition" in log


def test_a_gm_modifier_is_a_term_of_the_need():
    """The text's DF "Misc. Bonuses (Like that tree in the way)": the GM types ``gm +5 tree`` at the roll; it
    is added to the number needed as PA-1 adds every term (+ is harder), logged with its reason, and the
    thresholds follow the need (45 + 5 = 50: still critical on 95+; then -20: 30, critical on 93+, fumble
    on 6 or less, PA-3). Each is asked again with the new need."""
    s = play(scene(ALDRIC, GRAK), "5", "3", "attack")[0]
    assert [c.key for c in prompt(s).also] == ["end", "gm"]
    s, log = play(s, "gm +5 tree")
    assert log == ["GM: +5 to the number Aldric needs against Grak (tree)"]
    p = prompt(s)
    assert (p.target, p.against) == (50, "50 or more hits Grak (needed 50 = AF 40 + DF 5 + 5 (GM: tree))")
    s, _ = play(s, "gm -20 asleep on watch")
    p = prompt(s)
    assert p.target == 30 and p.against.endswith("+ 5 (GM: tree) - 20 (GM: asleep on watch))")
    assert p.note == "critical on 93+, fumble on 6 or less"
    odds = {line.key: line.p for line in RULESET.odds(s).lines}
    assert odds["hit"] == pytest.approx(0.71)  # 30..100
    s, log = play(s, "30")
    assert "Aldric rolls 30, needs 30: hits Grak" in log


def test_a_gm_modifier_on_a_pummel_and_a_break():
    """The GM's modifier at the non-lethal rolls too, in their need and so in the index (PA-7: roll - need)."""
    s, _ = play(scene(BRAWLER, VICTIM), "5", "3", "pummel", "gm +6 slippery")
    p = prompt(s)
    assert p.target == 50 and p.against == "50 or more hits Victim (needed 50 = PAF 40 + PDF 4 + 6 (GM: slippery))"
    assert p.note == "damage index = roll - 50" + NO_CRIT
    s, _ = play(scene(ALDRIC, char("Grak")), "5", "2", "grapple", "30", "break", "gm -10 oiled")
    assert prompt(s).against == (
        "1 or more, then category 2 or better breaks the hold (needed -10 = GOAF -39 + GODF 39 - 10 (GM: oiled))"
    )


@pytest.mark.parametrize(
    "text, why",
    [
        ("gm +5", "say why"),
        ("gm 0 tree", "not 0"),
        ("gm +101 tree", "from -100 to \\+100"),
        ("gm tree", "a GM's modifier is gm, a number and its reason"),
    ],
)
def test_a_gm_modifier_that_says_no_number_or_no_reason_is_refused(text, why):
    s = play(scene(ALDRIC, GRAK), "5", "3", "attack")[0]
    with pytest.raises(Refused, match=why):
        RULESET.apply(s, Answer(text))


@pytest.mark.parametrize("answers", [("5",), ("5", "3"), ("5", "3", "attack", "50")])
def test_a_gm_modifier_is_refused_where_no_need_is_read(answers):
    """At initiative, an action, a damage roll: no number needed, no GM's modifier (D-5)."""
    s = play(scene(ALDRIC, GRAK), *answers)[0]
    assert isinstance(prompt(s), (RollPrompt,)) or prompt(s).reason == "action"
    with pytest.raises(Refused, match="roll to hit"):
        RULESET.apply(s, Answer("gm +5 tree"))
