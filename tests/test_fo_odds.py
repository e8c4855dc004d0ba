"""FO's odds (issue 8, docs/odds_design.md 4.2) against brute force: all 36 faces of every
2d6 typed through ``apply`` as a player types them, each roll read from the faces and the
rating as the rules text reads it (FO-2 to FO-6), sums kept as exact fractions. The odds
walk 15 classes of faces (the ruleset's claim) over a coarser key; they must agree."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

import pytest

from companion.odds import SUM, SUM_DOUBLE, classes, faces, shown
from companion.ruleset import Answer, Setup
from companion.rulesets.fo import odds as fo_odds
from companion.rulesets.fo.cards import FoCard
from companion.rulesets.fo.rules import TWO_D6, chance_lands
from companion.rulesets.fo.ruleset import RULESET
from companion.rulesets.fo.state import FoState
from companion.session import Session

RED = FoCard(
    name="Red Fox",
    punch=9,
    kick=7,
    takedown=5,
    block=6,
    check=5,
    td_defence=6,
    gnp=6,
    submission=4,
    guard=5,
    sub_defence=5,
)
BLUE = FoCard(
    name="Blue Jay",
    punch=7,
    kick=8,
    takedown=4,
    block=8,
    check=7,
    td_defence=8,
    gnp=6,
    submission=4,
    guard=7,
    sub_defence=7,
)
GRINDER = FoCard(
    name="Grinder",
    punch=5,
    kick=4,
    takedown=9,
    block=7,
    check=6,
    td_defence=9,
    gnp=9,
    submission=8,
    guard=8,
    sub_defence=9,
)
"""A wrestler: takedowns thrown often, the ground his place."""


def start(red: FoCard = RED, blue: FoCard = BLUE) -> FoState:
    return RULESET.new(Setup("fo", (red, blue), {}))


def typed(state: FoState, text: str) -> FoState:
    return RULESET.apply(state, Answer(text, clock=state.clock)).state


def choices(red: FoCard, blue: FoCard, seeds=range(12)) -> list[FoState]:
    """Attack choices met in app-rolled fights, one for each position that matters (who
    attacks, standing or on the ground, strikes in a row, ground attacks so far)."""
    out: dict = {}
    for state in rolled(red, blue, seeds):
        if state.step == "choose":
            out.setdefault((state.attacker, state.ground, state.streak, state.ground_attacks), state)
    return list(out.values())


def rolled(red: FoCard, blue: FoCard, seeds) -> list[FoState]:
    """Every state of app-rolled fights."""
    out = []
    for seed in seeds:
        session = Session(RULESET, Setup("fo", (red, blue), {}), rng=random.Random(seed))
        while not session.over and len(session.steps) < 300:
            out.append(session.state)
            session.roll()
    return out


def exact(state: FoState) -> Counter:
    """{event: Fraction} from an attack or defence state on, by every face typed: the events
    of this exchange's rolls (read from the faces and the prompt's rating), and how the fight
    ends if it ends on the ground with this attacker on top, following his advised ground
    attacks (the app's choice) until they stand or it ends."""
    top = state.attacker
    memo: dict = {}

    def go(state: FoState, first: bool) -> Counter:
        key = (dataclasses.replace(state, last_roll=None), first)  # the engine never reads last_roll
        if key in memo:
            return memo[key]
        out: Counter = Counter()
        prompt = RULESET.prompt(state)
        if prompt.kind == "choice":
            nxt = go(typed(state, prompt.advised), first)
            memo[key] = nxt
            return nxt
        target = prompt.target
        for (a, b), q in faces(prompt.dice).items():
            after = typed(state, f"{a} {b}")
            events = []
            if first and state.step == "attack":
                if after.step == "defend":
                    events.append("thrown")
                if a == b == 1:
                    events.append("my_snake_eyes")
                elif a == b:
                    events.append("double")  # FO-3, FO-6: a knockdown, or a submission on the ground
            if first and state.step == "defend":
                if a == b == 1:
                    events.append("their_snake_eyes")
                elif a == b:
                    events.append("countered")  # FO-4, FO-6: a counter, or a scramble
                elif a + b > target:
                    events.append("lands")
            if after.result is not None:
                if state.ground and after.result.winner == after.fighters[top].name:
                    events.append("ground_finish")
                nxt: Counter = Counter()
            elif after.step == "defend":
                nxt = go(after, first)
            elif after.ground and after.attacker == top:
                nxt = go(after, False)
            else:
                nxt = Counter()
            for e in events:
                out[e] += q
            for e, p in nxt.items():
                out[e] += q * p
        memo[key] = out
        return out

    return go(state, True)


def agrees(figures: dict[str, float], want: Counter) -> None:
    for name in ("thrown", "lands", "countered", "my_snake_eyes", "their_snake_eyes", "double", "ground_finish"):
        assert abs(Fraction(figures[name]) - want[name]) < Fraction(1, 10**12), name


@pytest.fixture(autouse=True)
def fresh_walks():
    fo_odds.WALKS.clear()


# --- the attack choice ----------------------------------------------------------------


@pytest.mark.parametrize("red, blue", [(RED, BLUE), (GRINDER, RED)], ids=["strikers", "grinder"])
def test_each_attack_at_the_choice_is_every_face_typed(red, blue) -> None:
    """For every attack the attacker could choose, at choices standing (after 0, 1 and 2
    strikes landed) and on the ground (after 0 to 2 ground attacks): the chance it is thrown,
    lands, is countered (or scrambled), of snake eyes for either, of the attacker's double,
    and of a finish from the ground."""
    states = choices(red, blue)
    if red is GRINDER:  # and the third ground attack, the last before the referee stands them up (FO-6)
        third = start(GRINDER, RED)
        for text in ("1 2", "5 6", "takedown", "1 2", "5 6", "gnp", "1 2", "1 2", "gnp", "1 2", "2 1"):
            third = typed(third, text)
        assert third.step == "choose" and third.ground and third.ground_attacks == 2
        states.append(third)
    assert {(s.ground, s.streak) for s in states} >= {(False, 0), (False, 1), (False, 2), (True, 0)}
    for state in states:
        me = state.attacker
        odds = RULESET.odds(state)
        prompt = RULESET.prompt(state)
        for option in prompt.options:
            want = exact(typed(state, option.key))
            f = {line.key: line.p for line in odds.section(option.key)}
            agrees(
                {
                    "thrown": f["thrown"],
                    "lands": f["lands"],
                    "countered": f["countered"],
                    "my_snake_eyes": f["my_snake_eyes"],
                    "their_snake_eyes": f["their_snake_eyes"],
                    "double": f["double"],
                    "ground_finish": f.get("ground_finish", 0.0),
                },
                want,
            )
            line = odds.line(option.key)
            if state.ground:  # the attack ends the fight now: it lands, or a double, or snake eyes
                now = want["lands"] + want["double"] + want["my_snake_eyes"]
                assert abs(Fraction(line.p) - now) < Fraction(1, 10**12)
                assert line.label == f"{option.key} ends it, a scramble {shown(f['countered'])}"
            else:
                assert abs(Fraction(line.p) - want["lands"]) < Fraction(1, 10**12)
                assert line.label == f"{option.key} lands, a counter {shown(f['countered'])}"
            assert line.side == me
        if state.ground:  # the chance to finish from the ground, the advised attacks all through
            ground = odds.line("ground_finish")
            want = exact(typed(state, prompt.advised))["ground_finish"]
            assert abs(Fraction(ground.p) - want) < Fraction(1, 10**12) and "finishes from the ground" in ground.label


def test_the_choices_lands_is_the_walks() -> None:
    """The choice's own "lands N%" (``fo.chance_lands``, written from FO-3 and FO-4) is the
    walk's chance the attack lands, standing and on the ground."""
    for state in choices(GRINDER, RED, seeds=range(3)):
        me, them = state.fighters[state.attacker], state.fighters[1 - state.attacker]
        odds = RULESET.odds(state)
        for option in RULESET.prompt(state).options:
            lands = {line.key: line.p for line in odds.section(option.key)}["lands"]
            defence = {
                "punch": "block",
                "kick": "check",
                "takedown": "td_defence",
                "gnp": "guard",
                "submission": "sub_defence",
            }[option.key]
            assert lands == pytest.approx(chance_lands(getattr(me, option.key), getattr(them, defence)), abs=1e-12)
            assert f"lands {lands:.0%}" in option.why


# --- the rolls ----------------------------------------------------------------------------


def test_the_attack_and_defence_rolls_given_the_attack_chosen() -> None:
    state = typed(typed(typed(start(), "3 4"), "5 6"), "takedown")  # Red Fox attacks first and shoots
    odds = RULESET.odds(state)
    want = exact(state)
    by = {line.key: line.p for line in odds.lines}
    assert odds.title == "Red Fox's takedown"
    for key in ("thrown", "lands", "countered"):
        assert abs(Fraction(by[key]) - want[key]) < Fraction(1, 10**12)
    assert abs(Fraction(by["snake_eyes"]) - want["my_snake_eyes"] - want["their_snake_eyes"]) < Fraction(1, 10**12)
    assert abs(Fraction(by["ground_finish"]) - want["ground_finish"]) < Fraction(1, 10**12)
    defend = typed(state, "1 2")  # thrown: Blue Jay's TD defence
    odds = RULESET.odds(defend)
    want = exact(defend)
    by = {line.key: line.p for line in odds.lines}
    assert odds.title == "Blue Jay's TD defence against the takedown"
    held = 1 - want["lands"] - want["countered"] - want["their_snake_eyes"]
    assert abs(Fraction(by["held"]) - held) < Fraction(1, 10**12)
    for key in ("lands", "countered"):
        assert abs(Fraction(by[key]) - want[key]) < Fraction(1, 10**12)


@pytest.mark.parametrize("answers", [(), ("3 4",)], ids=["red", "blue"])
def test_the_roll_off_a_tie_re_rolled(answers) -> None:
    """FO-2: the lower total attacks first; a tie re-rolls. One round of the roll-off by every
    face typed gives each side's chance and the tie's q; re-rolled again and again, each side's
    chance is its share of the rest, p / (1 - q) (the series the odds solve as a loop)."""
    state = start(GRINDER, RED)
    for text in answers:
        state = typed(state, text)
    head = start(GRINDER, RED)
    first: Counter = Counter()
    for (a, b), q in faces(TWO_D6).items():
        after = typed(state, f"{a} {b}")
        blue_next = after.step == "rolloff" and after.roller == 1  # from red's roll: blue's comes next
        for (c, e), r in faces(TWO_D6).items() if blue_next else [((0, 0), Fraction(1))]:
            end = typed(after, f"{c} {e}") if blue_next else after
            if end.step == "choose":
                first[end.attacker] += q * r
            else:
                assert end == dataclasses.replace(head, clock=end.clock)  # a tie: back to red's roll
                first["tie"] += q * r
    odds = RULESET.odds(state)
    me = state.roller
    if state.roller == 0:
        assert abs(Fraction(odds.line(f"first:{me}").p) - first[me] / (1 - first["tie"])) < Fraction(1, 10**12)
    else:  # blue's roll: a tie goes back to red's roll, whose own chance is then the series above
        red_first = exact_roll_off(start(GRINDER, RED))
        want = first[me] + first["tie"] * (1 - red_first)
        assert abs(Fraction(odds.line(f"first:{me}").p) - want) < Fraction(1, 10**12)
    assert "attacks first" in odds.line(f"first:{me}").label and odds.remainder == 0


def exact_roll_off(state: FoState) -> Fraction:
    """Red's chance to attack first from red's roll-off, re-rolls and all (every face typed)."""
    won = tie = Fraction(0)
    for (a, b), q in faces(TWO_D6).items():
        blue = typed(state, f"{a} {b}")
        for (c, e), r in faces(TWO_D6).items():
            end = typed(blue, f"{c} {e}")
            if end.step == "choose":
                won += q * r * (end.attacker == 0)
            else:
                tie += q * r
    return won / (1 - tie)


def test_the_faces_each_class_stands_for_read_alike() -> None:
    """The ruleset's claim (``Fo.odds_faces``): at every roll, each of the 36 faces leads to a
    state with the same odds key, result and reading as its class's representative."""
    seen = Counter()
    for state in rolled(GRINDER, BLUE, seeds=range(4)):
        if state.step in ("rolloff", "attack", "defend"):
            grouping = RULESET.odds_faces(state)
            assert grouping == (SUM if state.step == "rolloff" else SUM_DOUBLE)
            reps = classes(TWO_D6, grouping)
            by_rep = {rep: typed(state, f"{rep[0]} {rep[1]}") for rep, _ in reps}

            def cls(f):
                return sum(f) if grouping == SUM else (sum(f), f[0] == f[1])  # noqa: B023 - called in this loop

            for face in faces(TWO_D6):
                rep = next(r for r, _ in reps if cls(r) == cls(face))
                after, want = typed(state, f"{face[0]} {face[1]}"), by_rep[rep]
                assert RULESET.odds_key(after) == RULESET.odds_key(want)
                assert (after.result and after.result.method) == (want.result and want.result.method)
                if state.step != "rolloff":
                    assert after.last_roll[3] == want.last_roll[3]
            seen[state.step] += 1
    assert seen["attack"] >= 5 and seen["defend"] >= 3 and seen["rolloff"] >= 2


def test_no_odds_once_the_fight_is_over() -> None:
    state = typed(typed(typed(start(), "3 4"), "5 6"), "punch")
    state = typed(state, "1 1")  # snake eyes: a KO
    assert state.result is not None and RULESET.odds(state) is None


# --- by the dice tray -------------------------------------------------------------------


async def test_the_odds_by_the_tray_appear_update_and_hide(tmp_path) -> None:
    """Issue 8 on the fight screen: at the roll-off, who attacks first; at the attack choice,
    each attack's chance to land, be thrown, be countered, and of snake eyes; ctrl+o hides
    them and shows them again."""
    from table_cards import FO_CARDS, assert_odds_hide_and_show, open_fight, text_of, type_answer
    from textual.widgets import Static

    from companion.screens.app import make_app

    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fo.yaml").write_text(FO_CARDS)
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_fight(pilot, 1, "red fox", "blue jay")
        box = screen.query_one("#odds", Static)
        assert box.display and "Red Fox attacks first" in text_of(box)
        await type_answer(pilot, "3 4")
        assert box.display and "Blue Jay attacks first" in text_of(box)
        await type_answer(pilot, "5 6")  # Red Fox 7 to 11: Red Fox attacks
        assert screen.session.prompt.kind == "choice"
        expected = RULESET.odds(screen.session.state)
        shown = text_of(box)
        for key in ("punch", "kick", "takedown"):
            line = expected.line(key)
            assert line.label in shown and line.shown() in shown and line.label.startswith(f"{key} lands, a counter ")
        await assert_odds_hide_and_show(pilot, box)
