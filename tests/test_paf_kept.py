"""Paul's Adventures In Fantasy: what a fight keeps so that an answer costs less (issue 21, item 2),
and that what it keeps never changes what a fight says.

A round is replayed and goes on at every answer; what it works out again and again is found once:
the tables' rows by needed roll and by score and their weapons (``tables.lookups``), the roll a
being needs against another, the words of its attack, wrestling and damage rolls, its words in a
target list and what it pummels with, and the prompts it is asked (kept a fight with the being), a
being's live numbers copied from and frozen back to its :class:`Fighter` in one go; exact numbers
worked in whole numbers where they are whole. Each is checked here against the long way it
replaced, a fight played live against the same fight replayed from its answers, and scenes played
at random against the same scenes folded by beings that keep nothing.
"""

from __future__ import annotations

import dataclasses
import gc
import math
import random
from fractions import Fraction

import pytest
from test_paf_rules import ALDRIC, GRAK, SWORD, TABLES, char, play, prompt, scene, with_hp

from companion import cli
from companion.dice import roll_text
from companion.ruleset import RollPrompt, Setup, evolve, get_ruleset
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.attack import damage_total
from companion.rulesets.paf.cards import is_melee, is_missile
from companion.rulesets.paf.round import END, GM, GM_NOT_HERE
from companion.rulesets.paf.ruleset import RULESET, Paf, PafState
from companion.rulesets.paf.state import D6, Fighter, _Live
from companion.session import Session, fold

PARSED = pt.parse(TABLES)


def _searched(rows: list[pt.Threshold], needed: int | float | Fraction) -> int | None:
    """The threshold as a search of the rows finds it (the long way the lookups replaced)."""
    n = pt.needed_index(needed)
    return next(row.threshold for row in rows if row.low <= n <= row.high)


# --- the tables' rows, found once ----------------------------------------------------------------


@pytest.mark.parametrize("needed", [*range(-15, 131), Fraction(115, 2), Fraction(-25, 2), 99.5, Fraction(201, 2)])
def test_the_thresholds_found_once_are_the_rows_of_the_table(needed):
    """PA-3: the critical and fumble thresholds by needed roll are the rows' (R-16: rounded up, held to 0-100)."""
    assert pt.critical_threshold(PARSED, needed) == _searched(PARSED.critical_thresholds, needed)
    assert pt.fumble_threshold(PARSED, needed) == _searched(PARSED.fumble_thresholds, needed)


def test_the_strength_rows_found_once_are_the_rows_of_the_table():
    for row in PARSED.strength:
        assert pt.strength_row(PARSED, row.score) is row
        assert pt.strength_adjustment(PARSED, row.score, "damage") == row.damage


def test_the_weapons_found_once_are_those_of_the_tables():
    """R-10: melee weapons are the weapons table's rows not read on the missile critical table; the
    missiles table's are shot or thrown."""
    keys = {*PARSED.weapons, *PARSED.missiles, "Lightsaber"}
    found = pt.lookups(PARSED)
    assert {key for key in keys if key in found.melee} == {key for key in keys if is_melee(PARSED, key)}
    assert {key for key in keys if key in found.missiles} == {key for key in keys if is_missile(PARSED, key)}
    assert "Arrow" not in found.melee and "Sword, Long" in found.melee


def test_a_row_the_tables_lack_is_still_said():
    """Tables built without the check (a row missing): the lookup says what is missing, as it did."""
    holed = PARSED.model_copy(
        update={
            "critical_thresholds": PARSED.critical_thresholds[:-1],
            "strength": PARSED.strength[1:],
        }
    )
    last = PARSED.critical_thresholds[-1]
    assert pt.critical_threshold(holed, last.low - 1) == pt.critical_threshold(PARSED, last.low - 1)
    with pytest.raises(LookupError, match=f"no threshold row for a needed roll of {last.high}"):
        pt.critical_threshold(holed, last.high)
    lowest = PARSED.strength[0].score
    with pytest.raises(LookupError, match=f"strength {lowest} is not on the table"):
        pt.strength_row(holed, lowest)


def test_the_lookups_are_found_once_for_the_tables_in_play():
    assert pt.lookups(PARSED) is pt.lookups(PARSED)
    other = pt.parse(TABLES)  # the same data, other tables: looked up on their own
    assert pt.lookups(other) is not pt.lookups(PARSED)
    assert id(other) in pt._LOOKUPS
    key = id(other)
    del other  # a fight's end: its tables let go take their lookups with them
    gc.collect()
    assert key not in pt._LOOKUPS


# --- the roll needed, kept a fight ----------------------------------------------------------------


def to_attack(state: PafState) -> PafState:
    """Round 1: no condition, Aldric 5 and Grak 3 at initiative, Aldric attacks."""
    state, _ = play(state, "5", "3", "attack")
    return state


def test_the_need_kept_is_the_need_worked_out():
    """PA-2: the need kept for Aldric against Grak is AF 40 + DF 5 = 45, the same object asked again."""
    state = to_attack(scene(ALDRIC, GRAK))
    rnd = RULESET.live(state)
    need = rnd.needed(0, 1, 0, "melee", [])
    assert rnd.needed(0, 1, 0, "melee", []) is need
    fresh = ps.needed_to_hit(rnd.af(0, 0, "melee"), rnd.numbers(1).df, [])
    assert need == fresh and need.value == 45


def test_a_gm_modifier_makes_another_need_and_leaves_the_kept_one():
    """The GM's ``gm +5 tree`` is a term of its own (a need of its own); the next attack needs 45 again."""
    state = to_attack(scene(ALDRIC, GRAK))
    assert prompt(state).target == 45
    state, log = play(state, "gm +5 tree in the way")
    assert log == ["GM: +5 to the number Aldric needs against Grak (tree in the way)"]
    asked = prompt(state)
    assert isinstance(asked, RollPrompt) and asked.target == 50
    assert asked.against == "50 or more hits Grak (needed 50 = AF 40 + DF 5 + 5 (GM: tree in the way))"
    # Aldric misses, Grak waits; round 2: Aldric attacks again without the GM's modifier
    state, _ = play(state, "44", "wait", "5", "3", "attack")
    asked = prompt(state)
    assert asked.target == 45 and asked.against == "45 or more hits Grak (needed 45 = AF 40 + DF 5)"


def test_a_penalty_makes_another_need():
    """PA-11: a struck weapon arm's "hit probability" penalty is a term of the need; the kept need without
    it is not read for it."""
    plain = to_attack(scene(ALDRIC, GRAK))
    assert prompt(plain).target == 45
    fighters = list(scene(ALDRIC, GRAK).fighters)
    fighters[0] = dataclasses.replace(fighters[0], penalty=8)
    hurt = to_attack(evolve(scene(ALDRIC, GRAK), fighters=tuple(fighters)))
    assert prompt(hurt).target == 53 and "+ 8 (hit probability)" in prompt(hurt).against
    assert prompt(plain).target == 45


def test_what_a_pummel_strikes_with_follows_the_weapons_state():
    """PA-11, R-22: a long sword's metal pommel (+10) while it is ready; dropped, a bare fist. The tool kept
    for the ready sword is not the dropped sword's."""
    swordsman = char("Bera", weapons=SWORD)
    state = scene(swordsman, GRAK)
    rnd = RULESET.live(state)
    tool = rnd.pummel_tool(0)
    assert tool is not None and tool.mod == 10 and tool.words == "Metal Pummel (Sword, Long)"
    assert rnd.pummel_tool(0) is tool
    rnd.f[0].weapons = ("dropped",)
    assert rnd.pummel_tool(0) is None
    rnd.f[0].weapons = ("ready",)
    assert rnd.pummel_tool(0) is tool


# --- the prompts a being is asked, kept a fight -----------------------------------------------------


def test_a_roll_asked_again_is_the_same_prompt_as_made_anew():
    """PA-6: Aldric's initiative is the same prompt round after round, and his attack roll on Grak too;
    each is the prompt the round would make anew (a GM's modifier makes one of its own)."""
    state = scene(ALDRIC, GRAK)
    first = prompt(state)
    assert first == RollPrompt(
        "Aldric",
        0,
        D6,
        "initiative",
        note="higher acts first; equal rolls act together (PA-6)",
        also=(END,),
        closed=(GM_NOT_HERE,),
    )
    attacking = to_attack(state)
    attack = prompt(attacking)
    modified, _ = play(attacking, "gm +5 tree")
    assert prompt(modified) is not attack and prompt(modified).target == 50
    # Aldric misses, Grak waits: round 2 asks the same prompts again, the very same
    second, _ = play(modified, "44", "wait")
    assert prompt(second) is first
    again, _ = play(second, "5", "3", "attack")
    assert prompt(again) is attack and attack.target == 45 and attack.also == (END, GM)


def test_an_action_prompt_kept_offers_what_the_being_may_do_now():
    """Design 2: Aldric's action prompt is kept by the actions it offers: the same round after round; a
    slipped helm (fumble 93-97) offers fixing it, a prompt of its own."""
    state, _ = play(scene(ALDRIC, GRAK), "5", "3")
    asked = prompt(state)
    assert [option.key for option in asked.options] == [
        "attack",
        "pummel",
        "grapple",
        "overbear",
        "move",
        "wait",
        "condition",
    ]
    assert asked.advised == "attack"
    state, _ = play(state, "wait", "wait", "5", "3")
    assert prompt(state) is asked
    fighters = list(state.fighters)
    fighters[0] = dataclasses.replace(fighters[0], slipped="penalty")
    slipped, _ = play(evolve(state, fighters=tuple(fighters), inputs=()), "5", "3")
    offered = prompt(slipped)
    assert "fix" in [option.key for option in offered.options] and offered is not asked
    assert prompt(play(slipped, "wait", "wait", "5", "3")[0]) is offered


def test_a_target_list_says_each_target_as_it_stands():
    """Design 2: a target list kept by its words: Grak hurt (7/12) is said so at the next turn, a prompt of
    its own; Grum, untouched, reads as he did."""
    grum = char("Grum", armor="leather")
    state, _ = play(scene(ALDRIC, GRAK, grum, sides=(0, 1, 1)), "5", "3", "2", "attack")
    asked = prompt(state)
    assert [(option.key, option.why) for option in asked.options] == [
        ("grak", "needs 45+, 12/12 hp"),
        ("grum", "needs 45+, 12/12 hp"),
    ]
    state, log = play(state, "grak", "45", "4", "wait", "wait", "5", "3", "2", "attack")
    assert "Grak loses 5 hit points: 7/12" in log
    hurt = prompt(state)
    assert hurt is not asked
    assert [(option.key, option.why) for option in hurt.options] == [
        ("grak", "needs 45+, 7/12 hp"),
        ("grum", "needs 45+, 12/12 hp"),
    ]


# --- exact numbers in whole numbers -----------------------------------------------------------------


@pytest.mark.parametrize("needed", [Fraction(115, 2), Fraction(-25, 2), Fraction(173, 3), Fraction(40), Fraction(-7)])
def test_a_damage_index_in_whole_numbers_is_the_exact_difference_floored(needed):
    """PA-7, R-17: the roll less the need, rounded down, plus the modifications: as exact Fractions."""
    for roll in range(1, 101):
        for mods in ([], [5], [-10, 3], [Fraction(5, 2)]):
            exact = math.floor(Fraction(roll) - needed) + int(sum(Fraction(m) for m in mods))
            assert ps.nonlethal_index(roll, needed, mods) == exact


@pytest.mark.parametrize("share", [0.25, 0.5, 0.75, 1.0, 0.0, 1 / 3])
def test_a_real_share_in_whole_numbers_is_the_exact_product_floored(share):
    """PA-7, R-20: the real share of non-lethal points rounded down, the rest temporary."""
    for points in range(-3, 60):
        real = math.floor(Fraction(points) * Fraction(share).limit_denominator(1000)) if points > 0 else 0
        assert ps.split_damage(points, share) == (real, max(0, points) - real)


def test_a_need_of_whole_terms_given_as_ints_is_the_need_of_fractions():
    """A need's terms are made exact: whole terms given as ints (as a round gives them) make the same
    figure, term for term, as Fractions do."""
    terms = [("hit probability", 8), ("defender distracted", -12), ("short range", 5)]
    as_ints = ps.needed_to_hit(Fraction(40), Fraction(11, 2), terms)
    as_fractions = ps.needed_to_hit(Fraction(40), Fraction(11, 2), [(label, Fraction(n)) for label, n in terms])
    assert as_ints == as_fractions and repr(as_ints) == repr(as_fractions)
    assert all(type(part.amount) is Fraction for part in as_ints.parts)


# --- a being's live numbers ------------------------------------------------------------------------


def test_a_live_copy_freezes_back_to_its_fighter():
    fighter = scene(ALDRIC, GRAK).fighters[0]
    live = _Live(fighter)
    assert live.hp == 12 and live.weapons == fighter.weapons
    assert live.frozen() is fighter  # unchanged: the same numbers
    live.hp -= 4
    live.last_action = "attack"
    frozen = live.frozen()
    assert frozen == dataclasses.replace(fighter, hp=8, last_action="attack")
    assert isinstance(frozen, Fighter) and fighter.hp == 12
    with pytest.raises(dataclasses.FrozenInstanceError):
        frozen.hp = 1  # type: ignore[misc]


def test_a_live_copy_takes_no_field_a_fighter_lacks():
    live = _Live(scene(ALDRIC, GRAK).fighters[0])
    live.hp = 3
    live.mood = "grim"  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="mood"):
        live.frozen()


def test_a_fallen_being_is_frozen_as_it_fell():
    """PA-5: Grak at 2 hit points takes the mace's 4 and falls; no rest given, the scene's end keeps his
    numbers as he fell, and Aldric's as they were (unchanged: the very numbers he started with)."""
    start = with_hp(scene(ALDRIC, GRAK), 1, 2)
    state, log = play(to_attack(start), "45", "3", "none")
    assert "Grak loses 4 hit points: -2/12" in log and state.result is not None
    assert state.fighters[1].hp == -2 and state.fighters[1].fell and state.fighters[1].last_action is None
    assert state.fighters[0] == dataclasses.replace(start.fighters[0], last_action="attack")


# --- the damage of a blow ---------------------------------------------------------------------------


@pytest.mark.parametrize("mult", [1, 2, 3, 0.5, 1.5])
def test_a_blow_s_damage_is_the_exact_product(mult):
    """PA-4: the dice and their plus times the multiplier, then the strength; at least 1 [D]."""
    for dice_sum in range(1, 13):
        for plus in (-1, 0, 2):
            for adj in (-3, 0, 1):
                exact = max(1, math.floor((dice_sum + plus) * Fraction(mult).limit_denominator(10)) + adj)
                assert damage_total(dice_sum, plus, mult, adj) == exact


# --- what a fight says, kept or not -----------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 17, 2026])
def test_a_fight_replayed_from_its_answers_is_the_fight_as_played(seed):
    """Fights the app rolls itself (seeded, as benchmarks/bench_answers.py plays them), their answers
    folded again from a new start by a new ruleset (nothing kept: new beings, new tables), and each
    state's prompt asked of another new ruleset (each round replayed from its start, as on resume):
    they say what the live play said."""
    session = cli.session_for(get_ruleset("paf"), cli.build_parser().parse_args(["script", "paf"]))
    session.rng = random.Random(seed)
    said = []
    while not session.over and len(said) < 400:
        session.roll()
        said.append((session.prompt, session.steps[-1].log))
    fresh = Paf()
    start = fresh.new(session.setup)
    assert start.beings[0] is not session.start.beings[0] and start.tables is not session.start.tables
    steps = fold(fresh, start, session.answers)
    assert [(fresh.prompt(step.state), step.log) for step in steps] == said
    again = Paf()
    assert [again.prompt(step.state) for step in steps] == [asked for asked, _ in said]


class _Forgets(dict):  # type: ignore[type-arg]
    """A being's keeping that keeps nothing: everything is worked out the long way, every time."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


@pytest.mark.parametrize("seed", [5, 8, 13])
def test_a_scene_played_with_nothing_kept_says_what_the_fight_said(seed):
    """Scenes of four to six from the shipped roster on two sides, each being's choices made at random
    (conditions, pummels, grapples, the targets and weapons it is offered) and a GM's modifier now and
    then: folded again by beings that keep nothing (no prompt, need, words or numbers kept), every
    prompt and log line is the fight's as played."""
    rng = random.Random(seed)
    names = [card.name for card in cli.roster_for(RULESET, cli.data_dir(None), []).cards]
    red, blue = rng.sample(names, 3), [rng.choice(names) for _ in range(rng.randint(1, 3))]
    argv = ["script", "paf", *(f"--red={name}" for name in red), *(f"--blue={name}" for name in blue)]
    session = cli.session_for(get_ruleset("paf"), cli.build_parser().parse_args(argv))
    session.rng = rng
    said = []
    while not session.over and len(said) < 300:
        asked = session.prompt
        if isinstance(asked, RollPrompt):
            text = roll_text(asked.dice, rng)
            if rng.random() < 0.05 and any(word.key == "gm" for word in asked.also):
                text = "gm +5 tree in the way"
        else:
            text = rng.choice(asked.options).key if rng.random() < 0.5 else (asked.advised or asked.options[0].key)
        session.submit(text)
        said.append((session.prompt, session.steps[-1].log))
    start = session.start
    forgetful = tuple(
        dataclasses.replace(being, numbers=_Forgets(), needs=_Forgets(), prompts=_Forgets()) for being in start.beings
    )
    fresh = Paf()
    steps = fold(fresh, evolve(start, beings=forgetful), session.answers)
    assert [(fresh.prompt(step.state), step.log) for step in steps] == said
    assert not any(being.prompts or being.needs or being.numbers for being in forgetful)


def test_a_session_resumed_from_its_answers_asks_the_same():
    """A fight's answers folded into a new session (as resume does) ask what the fight asked."""
    session = Session(RULESET, Setup("paf", (ALDRIC, GRAK), {}, TABLES, ()), rng=random.Random(5))
    for _ in range(40):
        if session.over:
            break
        session.roll()
    resumed = Session(Paf(), session.setup)
    for answer in session.answers:
        resumed.submit(answer.text, virtual=answer.virtual)
    assert resumed.prompt == session.prompt and resumed.log() == session.log()
