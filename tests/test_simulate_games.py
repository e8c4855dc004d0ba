"""Simulated FO and Cage Match bouts (issue 21, item 4): a timed game's pace (FO-7, FO-8), each
corner's strategy at the secret choice (CM-5), the table's end (CM-12), the strategy matrix, and
the same engine as the table: a simulated bout is the one ``companion script`` plays from the
same answers."""

from __future__ import annotations

import io
import json
import random

import pytest
import tiers
from test_simulate import simulate  # `companion simulate` run in-process, its status and output

from companion import cli
from companion.clock import mmss
from companion.ruleset import Answer, SecretPrompt, Setup, default_options, get_ruleset
from companion.rulesets.cage_match.rules import expected_damage
from companion.rulesets.cage_match.simulation import TURNS
from companion.session import Session
from companion.simulate import Walk, plan, run

FO = get_ruleset("fo")
CM = get_ruleset("cage_match")
FO_ROSTER = tiers.shipped_roster("fo")
CM_ROSTER = tiers.shipped_roster("cage_match")
CONOR, ALDO = FO_ROSTER.find("Conor McGregor"), FO_ROSTER.find("José Aldo")
GREG, FRANK = CM_ROSTER.find("Greg O'Connor"), CM_ROSTER.find("Frank Duke")


def fo_setup(**options) -> Setup:
    return Setup("fo", (CONOR, ALDO), {**default_options(FO), **options})


def cm_setup(**options) -> Setup:
    return Setup("cage_match", (GREG, FRANK), {**default_options(CM), **options}, tiers.shipped_tables("cage_match"))


def fold(ruleset, setup: Setup, answers: list[Answer]):
    """The states the answers go through, from the start (the first is the start)."""
    states = [ruleset.new(setup)]
    for answer in answers:
        states.append(ruleset.apply(states[-1], answer).state)
    return states


# --- FO: the clock -----------------------------------------------------------------------------


@pytest.mark.parametrize("seconds, seed", [((5, 15), 1), ((5, 15), 2), ((18, 40), 3), ((30, 90), 4)])
def test_a_simulated_fo_bout_is_the_bout_companion_script_plays_from_its_stamped_answers(
    tmp_path, monkeypatch, seconds, seed
):
    """The walk's answers typed as ``@M:SS`` lines into ``companion script`` end the same bout:
    the same result, the same attacking time and rounds (FO-7); a slow pace brings stalls
    (FO-8) and bells."""
    walk = Walk(FO, fo_setup(), seconds=seconds)
    answers: list[Answer] = []
    state, result = walk.play(random.Random(seed).randint, answers)
    lines = [f"@{mmss(a.clock)} {a.text}" for a in answers]
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    status = cli.main(["script", "fo", "--red", "Conor McGregor", "--blue", "José Aldo"])
    emitted = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0 and not [e for e in emitted if "refused" in e]
    final = emitted[-1]["final"]
    assert final["over"] and final["result"] == result.to_json()
    assert final["trackers"] == FO.trackers(state)
    if seconds[0] >= 20:  # every hold passes the 20 s limit: the dice are turned over at it
        assert any(a.text == "stall" for a in answers)


def test_a_stall_comes_at_the_limit_and_the_bell_at_five_minutes():
    """FO-8: a draw that has the attacker hold the dice longer than the stall limit, counted from where
    they came to him through his choice, is ``stall`` stamped at the limit; FO-7: an answer that would
    come at or after 5:00 is the bell, stamped 5:00, and the next round starts at 0:00."""
    walk = Walk(FO, fo_setup(stall_limit=20), seconds=(15, 30))
    answers: list[Answer] = []
    walk.play(random.Random(8).randint, answers)
    states = fold(FO, fo_setup(stall_limit=20), answers)
    kinds = set()
    for before, answer in zip(states, answers):
        gap = answer.clock - before.clock
        held = answer.clock - FO.hold_began(before)
        if answer.text == "bell":
            kinds.add("bell")
            assert answer.clock == 300 and before.clock + 15 > 300 - 30
        elif answer.text == "stall":
            kinds.add("stall")
            assert held == 20 and not FO.stall_due(before, held) and FO.stall_due(before, held + 0.1)
        else:
            assert 1 <= gap <= 4 if before.step == "choose" else 15 <= gap <= 30  # CHOICE_SECONDS, --seconds
            assert not FO.stall_due(before, held)  # never held longer than the limit (not while the defender rolls)
    assert kinds == {"bell", "stall"}


def test_a_choice_and_a_roll_that_together_pass_the_limit_stall():
    """FO-8: naming the attack is no roll, so a choice of 4 s and a roll of 17 s hold the dice 21 s,
    longer than the 20 s limit: the walk turns them over at the limit, 20 s after they came to the
    attacker, before his roll; a choice of 4 s and a roll of 16 s (20 s, the limit) do not stall."""

    def paced(choice: int, roll: int) -> list[Answer]:
        answers: list[Answer] = []
        walk = Walk(FO, fo_setup(stall_limit=20), seconds=(roll, roll), choice_seconds=(choice, choice))
        walk.play(random.Random(3).randint, answers)
        return answers

    late = paced(4, 17)
    rolloff_done = next(i for i, a in enumerate(late) if a.text in ("punch", "kick", "takedown")) - 1
    came = late[rolloff_done].clock
    assert [(a.text, a.clock - came) for a in late[rolloff_done + 2 : rolloff_done + 3]] == [("stall", 20)]
    assert late[rolloff_done + 1].clock - came == 4  # the choice, stamped 4 s after the dice came
    states = fold(FO, fo_setup(stall_limit=20), late[: rolloff_done + 3])
    assert states[-1].attacker != states[rolloff_done + 1].attacker  # the dice turned over
    on_time = paced(4, 16)
    assert all(a.text != "stall" for a in on_time)


def test_attacking_time_follows_the_pace():
    """A constant pace twice as slow plays the same dice (a draw of one value still takes the
    same bits), each answer stamped twice as late: twice the attacking time before the bell."""
    fast, slow = [], []
    Walk(FO, fo_setup(stall_limit=0), seconds=(6, 6), choice_seconds=(2, 2)).play(random.Random(5).randint, fast)
    Walk(FO, fo_setup(stall_limit=0), seconds=(12, 12), choice_seconds=(4, 4)).play(random.Random(5).randint, slow)
    k = 24  # 24 answers of at most 12 s: 4:48 at most, before the bell
    assert [a.text for a in fast[:k]] == [a.text for a in slow[:k]]
    before_fast = fold(FO, fo_setup(stall_limit=0), fast[:k])[-1]
    before_slow = fold(FO, fo_setup(stall_limit=0), slow[:k])[-1]
    assert sum(before_fast.attack_seconds) > 0
    assert before_slow.attack_seconds == tuple(2 * s for s in before_fast.attack_seconds)


def test_a_slower_pace_leaves_fewer_exchanges_a_round_and_more_decisions():
    cards = (CONOR, ALDO)
    names = ("Conor McGregor", "José Aldo")
    quick = run(plan("fo", cards, 600, 3, options=default_options(FO), seconds=(2, 4)), names).summary()
    slow = run(plan("fo", cards, 600, 3, options=default_options(FO), seconds=(40, 60)), names).summary()
    assert slow["methods"]["decision"] > quick["methods"]["decision"] + 0.2


# --- Cage Match: the strategies ------------------------------------------------------------------


def test_two_random_corners_play_the_bout_the_app_plays_with_the_same_generator():
    """``random`` picks as ``Session.roll`` picks at the pad (SecretPrompt.fill), so with one
    generator the walk's bout is the app's, die for die."""
    setup = cm_setup()
    walk = Walk(CM, setup, strategies=("random", "random"))
    by_walk, by_session = random.Random(21), random.Random(21)
    for _ in range(6):
        _, result = walk.play(by_walk.randint)
        session = Session(CM, setup, rng=by_session)
        while not session.over:
            session.roll()
        assert result == session.prompt.result
    assert by_walk.random() == by_session.random()


def secret_steps(setup: Setup, strategies: tuple[str, str], seed: int):
    """Each secret choice of a walked bout: the state before it, its prompt and the answer."""
    answers: list[Answer] = []
    Walk(CM, setup, strategies=strategies).play(random.Random(seed).randint, answers)
    states = fold(CM, setup, answers)
    for state, answer in zip(states, answers):
        prompt = CM.prompt(state)
        if isinstance(prompt, SecretPrompt):
            yield state, prompt, prompt.parse(answer.text)


def test_a_preference_list_picks_its_first_move_the_corner_may_do():
    """``prefer:hammer-right,jab``: the hammer right (a power move, 2 focus) whenever Greg holds
    the focus and the position allows it, else the jab (which gains him focus), else the pad's
    default (protect)."""
    picked = set()
    for _, prompt, (red, _blue) in secret_steps(cm_setup(), ("prefer:hammer-right,jab", "random"), 4):
        pad = prompt.sides[0]
        allowed = {o.key for o in pad.options if o.allowed}
        want = "hammer-right" if "hammer-right" in allowed else "jab" if "jab" in allowed else pad.default
        assert red.move == want and red.by_app
        picked.add(want)
    assert {"hammer-right", "jab"} <= picked


def test_a_preference_may_spend_focus():
    """``prefer:cross+d1,jab``: the cross with a focus on the dice once one is held, the jab before."""
    seen = set()
    for _state, prompt, (red, _blue) in secret_steps(cm_setup(), ("prefer:cross+d1,jab", "advice"), 2):
        if prompt.sides[0].focus >= 1 and prompt.legal(0, "cross+d1"):
            assert (red.move, red.dice) == ("cross", 1)
            seen.add("cross+d1")
        elif prompt.legal(0, "jab"):
            assert (red.move, red.dice) == ("jab", 0)
            seen.add("jab")
    assert seen == {"cross+d1", "jab"}


def test_advice_picks_the_move_with_the_most_damage_to_expect():
    """At the first turn each corner's advice is the allowed move whose one try deals the most on
    average against the other's muscle rating (the follow-up advice's rule)."""
    state = CM.new(cm_setup())
    prompt = CM.prompt(state)
    turn = CM.run(state)
    for side in (0, 1):
        advised = CM.advise(state, prompt, side)
        sheet, rating = state.sheets[side], state.sheets[1 - side].rating
        scores = {
            o.key: expected_damage(sheet.by_key[o.key].dice + turn.pen[side], sheet.by_key[o.key].damage, rating)
            for o in prompt.sides[side].options
            if o.allowed
        }
        assert scores[advised] == max(scores.values()) > 0
    assert CM.advise(state, prompt, 0) == "uppercut"


def test_two_corners_that_only_protect_are_stopped_by_the_table():
    """CM-12: the table ends a bout still going after the simulator's turns: a draw by default,
    a decision on nerves left with the option."""
    walk = Walk(CM, cm_setup(), strategies=("prefer:protect", "prefer:protect"))
    answers: list[Answer] = []
    _, result = walk.play(random.Random(1).randint, answers)
    assert answers[-1].text == "end"
    assert (result.method, result.detail, result.period) == ("draw", "ended by the table", TURNS)


# --- the runs and the command line --------------------------------------------------------------


@pytest.mark.parametrize(
    "game, cards, n, chunk, kwargs",
    [
        ("fo", (CONOR, ALDO), 300, 75, {"seconds": (5, 25)}),
        ("cage_match", (GREG, FRANK), 48, 12, {"strategies": ("advice", "random")}),
    ],
)
def test_the_same_seed_gives_the_same_figures_on_one_process_or_two(game, cards, n, chunk, kwargs):
    options = default_options(get_ruleset(game))
    names = tuple(c.name for c in cards)
    jobs = plan(game, cards, n, 17, options=options, chunk=chunk, **kwargs)
    one = run(jobs, names, workers=1).summary()
    two = run(jobs, names, workers=2).summary()
    assert one == two and sum(one["wins"].values()) + one["draws"] == pytest.approx(1, abs=1e-3)
    other = run(plan(game, cards, n, 18, options=options, chunk=chunk, **kwargs), names, workers=1).summary()
    assert other != one


def test_cli_fo_says_its_pace_and_repeats_with_the_seed(tmp_path, monkeypatch):
    args = ("fo", "Conor McGregor", "José Aldo", "-n", "300", "--seed", "5", "--json")
    status, out, err = simulate(tmp_path, monkeypatch, *args)
    data = json.loads(out)
    assert status == 0 and err == ""
    assert data["seconds"] == [5, 15] and data["n"] == 300 and "strategies" not in data
    assert data["choice_seconds"] == [1, 4]  # the pace model: an attack named is quick (FO's CHOICE_SECONDS)
    assert data == json.loads(simulate(tmp_path, monkeypatch, *args)[1])
    slow = json.loads(simulate(tmp_path, monkeypatch, *args, "--seconds", "30-60")[1])
    assert slow["seconds"] == [30, 60] and slow["choice_seconds"] == [1, 4] and slow["methods"] != data["methods"]
    status, text, _ = simulate(tmp_path, monkeypatch, "fo", "Conor McGregor", "José Aldo", "-n", "200", "--seed", "5")
    assert (
        status == 0
        and "Pace: each roll 5-15 s after the answer before, each choice 1-4 s" in text
        and "Finishes: median" in text
    )


def test_cli_cage_match_plays_each_corners_strategy(tmp_path, monkeypatch):
    base = ("cage_match", "Greg O'Connor", "Frank Duke", "-n", "40", "--seed", "3", "--json")
    status, out, _ = simulate(tmp_path, monkeypatch, *base, "--strategy", "red=advice", "--strategy", "blue=random")
    data = json.loads(out)
    assert status == 0 and data["strategies"] == {"red": "advice", "blue": "random"}
    assert data["median_finish"] is None and isinstance(data["median_period"], int)
    default = json.loads(simulate(tmp_path, monkeypatch, *base)[1])
    assert default["strategies"] == {"red": "advice", "blue": "advice"}
    both = json.loads(simulate(tmp_path, monkeypatch, *base, "--strategy", "advice")[1])
    assert both == default
    status, text, _ = simulate(tmp_path, monkeypatch, *base[:-1], "--strategy", "blue=prefer:parry,jab")
    assert status == 0 and "Strategies: red advice, blue prefer:parry,jab" in text and "median turn" in text


def test_cli_matrix_rows_are_reds_strategy_and_its_diagonal_is_the_plain_run(tmp_path, monkeypatch):
    base = ("cage_match", "Greg O'Connor", "Frank Duke", "-n", "12", "--seed", "6", "--json")
    status, out, _ = simulate(tmp_path, monkeypatch, *base, "--matrix", "--strategy", "prefer:cross,jab")
    matrix = json.loads(out)
    assert status == 0
    assert matrix["strategies"] == ["advice", "random", "prefer:cross,jab"]
    assert (matrix["red"], matrix["blue"]) == ("Greg O'Connor", "Frank Duke")
    for table in (matrix["wins"]["Greg O'Connor"], matrix["wins"]["Frank Duke"], matrix["draws"], matrix["cells"]):
        assert len(table) == 3 and all(len(row) == 3 for row in table)
    for row, red in enumerate(matrix["strategies"]):
        for column, blue in enumerate(matrix["strategies"]):
            cell = matrix["cells"][row][column]
            assert cell["strategies"] == {"red": red, "blue": blue}
            assert matrix["wins"]["Greg O'Connor"][row][column] == cell["wins"]["Greg O'Connor"]
    plain = json.loads(simulate(tmp_path, monkeypatch, *base, "--strategy", "advice")[1])
    assert matrix["cells"][0][0] == plain
    mixed = json.loads(
        simulate(tmp_path, monkeypatch, *base, "--strategy", "red=random", "--strategy", "blue=prefer:cross,jab")[1]
    )
    assert matrix["cells"][1][2] == mixed
    status, text, _ = simulate(
        tmp_path, monkeypatch, "cage_match", "Greg O'Connor", "Frank Duke", "-n", "3", "--matrix"
    )
    assert status == 0 and "rows Greg O'Connor's strategy (red), columns Frank Duke's (blue)" in text
    assert "Frank Duke wins:" in text and "random" in text.splitlines()[2]


@pytest.mark.parametrize(
    "args, message",
    [
        (("nhb", "Royce Gracie", "Ken Shamrock", "--strategy", "advice"), "has no strategies to choose"),
        (("nhb", "Royce Gracie", "Ken Shamrock", "--seconds", "5-15"), "keeps no round clock"),
        (("fo", "Conor McGregor", "José Aldo", "--seconds", "15-5"), "write LOW-HIGH"),
        (("fo", "Conor McGregor", "José Aldo", "--seconds", "0-0"), "HIGH 1 or more"),
        (("fo", "Conor McGregor", "José Aldo", "--matrix"), "no strategies"),
        (("cage_match", "Greg O'Connor", "Frank Duke", "--strategy", "clever"), "no strategy 'clever'"),
        (("cage_match", "Greg O'Connor", "Frank Duke", "--strategy", "green=advice"), "the corner is red or blue"),
        (("cage_match", "Greg O'Connor", "Frank Duke", "--strategy", "prefer:"), "name the moves to prefer"),
        (("cage_match", "Greg O'Connor", "Frank Duke", "--strategy", "red=prefer:flying-knee"), "not one of Greg"),
        (("cage_match", "Greg O'Connor", "Frank Duke", "--strategy", "prefer:jab+q2"), "+dN for focus"),
        (("cage_match", "Greg O'Connor", "Frank Duke", "--strategy", "random:jab"), "random takes no list"),
    ],
)
def test_cli_strategy_and_pace_mistakes_exit_2_with_a_reason(tmp_path, monkeypatch, args, message):
    status, out, err = simulate(tmp_path, monkeypatch, *args, "-n", "10")
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_walked_bouts_are_shared_among_processes_from_twenty_of_their_chunks(monkeypatch):
    """A walked bout costs a millisecond or more (FO, Cage Match): a run is shared among the cores
    from 1,000 bouts, not from the 50,000 a chain's run needs to gain from a second process (each
    process builds its own chain: issue 21)."""
    import os

    from companion import simulate

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert simulate.workers_for(999, walked=True) == 1 and simulate.workers_for(1_000, walked=True) == 2
    assert simulate.workers_for(49_999) == 1 and simulate.workers_for(50_000) == 2
    assert simulate.workers_for(50_000, forked=False) == 1  # spawned workers would build their chains cold
