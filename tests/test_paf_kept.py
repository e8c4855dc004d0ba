"""Paul's Adventures In Fantasy: what a fight keeps so that an answer costs less (issue 21, item 2),
and that what it keeps never changes what a fight says.

A round is replayed and goes on at every answer; what it works out again and again is found once:
the tables' rows by needed roll and by score and their weapons (``tables.lookups``), the roll a
being needs against another, the words of its attack roll and what it pummels with (kept a fight
with the being), a being's live numbers copied from and frozen back to its :class:`Fighter` in
one go. Each is checked here against the
long way it replaced, and a fight played live against the same fight replayed from its answers.
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
from companion.ruleset import RollPrompt, Setup, evolve, get_ruleset
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.attack import damage_total
from companion.rulesets.paf.cards import is_melee, is_missile
from companion.rulesets.paf.ruleset import RULESET, Paf, PafState
from companion.rulesets.paf.state import Fighter, _Live
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
