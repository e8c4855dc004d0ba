"""The scene simulator (issue 21, item 4: ``companion simulate fudge|paf --red A --blue B``): the
table's own engine answered as the app answers, each combatant's end counted as the game's state
says it, seeds, processes, the JSON the README documents, and the command line."""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path

import pytest
import tiers

from companion import cli
from companion.games import GAMES
from companion.replay import number_copies
from companion.ruleset import Setup, evolve, get_ruleset
from companion.session import Session
from companion.simulate_scenes import (
    SceneTally,
    play_scene,
    run_scene_job,
    run_scenes,
    scene_plan,
)

FUDGE = get_ruleset("fudge")
PAF = get_ruleset("paf")
FUDGE_CARDS = """\
game: fudge
fighters:
  - {name: Titan, setting: primitive, skills: {Sword: Superb}, dodge: Superb, strength: Superb, health: Superb,
     weapons: [{weapon: greatsword, skill: Sword}]}
  - {name: Peasant, setting: primitive, skills: {Brawling: Terrible}, dodge: Terrible, strength: Poor,
     health: Terrible, weapons: [{weapon: fist, skill: Brawling}]}
  - {name: Ash Redhand, setting: primitive, skills: {Sword: Great}, dodge: Fair, strength: Good, health: Good,
     weapons: [{weapon: broadsword, skill: Sword}]}
  - {name: Dag Bluecoat, setting: primitive, skills: {Spear: Fair}, dodge: Poor, strength: Fair, health: Fair,
     weapons: [{weapon: spear, skill: Spear, two_handed: true}]}
"""
"""A huge mismatch (a Superb greatsword against a Terrible fist), and an even-ish pair."""

JSON_KEYS = {"n", "seed", "sides", "wins", "wins_interval", "no_winner", "methods", "rounds", "words", "combatants"}
"""The keys of ``companion simulate fudge|paf --json``, as the README lists them."""
COMBATANT_KEYS = {"side", "fell", "fell_interval", "died", "died_interval", "levels"}


def fudge_cards(*names: str) -> tuple:
    import yaml

    found = {data["name"]: data for data in yaml.safe_load(FUDGE_CARDS)["fighters"]}
    return tuple(FUDGE.card_model.model_validate(found[name]) for name in names)


def paf_cards(*names: str) -> tuple:
    roster = tiers.shipped_roster("paf")
    return number_copies(tuple(roster.find(name) for name in names))


def scene(ruleset, cards, sides, options=None) -> Setup:
    return Setup(ruleset.key, cards, dict(options or {}), None, sides)


def session_scene(ruleset, setup: Setup, rng: random.Random) -> Session:
    """One scene as the app plays it when every prompt is rolled by the app (ruling D-6)."""
    session = Session(ruleset, setup, rng=rng)
    while not session.over:
        session.roll()
    return session


# --- the same engine as the table ------------------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, setup",
    [
        (FUDGE, scene(FUDGE, fudge_cards("Ash Redhand", "Dag Bluecoat"), (0, 1))),
        (FUDGE, scene(FUDGE, fudge_cards("Ash Redhand", "Peasant", "Dag Bluecoat"), (0, 0, 1), {"health_rolls": True})),
        (PAF, scene(PAF, paf_cards("Pip Underbough", "Goblin Skulker", "Kobold Cutthroat"), (0, 1, 1))),
    ],
    ids=["fudge-1v1", "fudge-2v1-health", "paf-1v2"],
)
def test_a_simulated_scene_is_the_scene_the_app_rolls_with_the_same_generator(ruleset, setup):
    """Issue 21: "with the app's own engine through the same typed entry". With one generator a
    simulated scene is the scene a session plays when the app rolls every prompt: the same result,
    the same last state's figures, and the same dice drawn, no more, no fewer."""
    figures = ruleset.scene_figures()
    start = ruleset.new(setup)
    for seed in range(6):
        by_sim, by_session = random.Random(seed), random.Random(seed)
        state, result = play_scene(ruleset, start, figures, by_sim.randint)
        session = session_scene(ruleset, setup, by_session)
        assert result == session.prompt.result
        assert figures.ending(state, result) == figures.ending(session.state, session.prompt.result)
        assert by_sim.random() == by_session.random()


def _fudge_by_trackers(ruleset, session: Session) -> list[tuple[bool, bool, str]]:
    """Each combatant's (fell, died, worst wound) read from the game's own trackers, as the side
    panels show them: not the simulator's reading of the state."""
    out = []
    for numbers in ruleset.trackers(session.state).values():
        marked = [box for box, row in numbers["boxes"].items() if any(row)]
        worst = marked[-1] if marked else "none"
        status = numbers["status"]
        out.append((status in ("incapacitated", "near death", "dead"), status == "dead", worst))
    return out


def test_fudge_falls_deaths_and_wounds_are_counted_as_the_trackers_say():
    """A chunk's figures, against the same chunk's scenes played by sessions with the chunk's own
    generator, each combatant read from the trackers the side panels draw (FU-4: Incapacitated,
    Near Death, dead; the worst box marked)."""
    cards = fudge_cards("Ash Redhand", "Peasant", "Dag Bluecoat")
    sides = (0, 0, 1)
    (job,) = scene_plan("fudge", cards, sides, 12, seed=5, options={"health_rolls": True})
    tally = run_scene_job(job)
    rng = random.Random(f"{job.seed}/{job.index}")  # the chunk's own generator
    setup = scene(FUDGE, cards, sides, {"health_rolls": True})
    fell, died = [0, 0, 0], [0, 0, 0]
    worst: list[dict[str, int]] = [{}, {}, {}]
    wins = [0, 0]
    for _ in range(job.count):
        session = session_scene(FUDGE, setup, rng)
        for i, (f, d, w) in enumerate(_fudge_by_trackers(FUDGE, session)):
            fell[i] += f
            died[i] += d
            key = "dead" if d else w
            worst[i][key] = worst[i].get(key, 0) + 1
        result = session.prompt.result
        if result.winner is not None:
            wins[0 if result.loser == "Dag Bluecoat" else 1] += 1
    assert tally.fell == fell and tally.died == died
    assert (tally.wins[0], tally.wins[1]) == tuple(wins)
    words = {"none": "no wound", "scratch": "Scratch", "hurt": "Hurt", "very_hurt": "Very Hurt"}
    words |= {"incapacitated": "Incapacitated", "near_death": "Near Death", "dead": "dead"}
    for i in range(3):
        assert dict(tally.levels[i]) == {words[k]: v for k, v in worst[i].items()}
    assert sum(fell) > 0  # the scenes did put someone out of the fight


def test_paf_falls_deaths_and_hit_points_are_counted_as_the_trackers_say():
    """PA-5: 0 hit points or below is out of the fight, dead at the death number; the hit points
    lost are the trackers' (after the aftermath's advised rest, none: the temporary damage back)."""
    cards = paf_cards("Pip Underbough", "Goblin Skulker", "Kobold Cutthroat")
    sides = (0, 1, 1)
    (job,) = scene_plan("paf", cards, sides, 8, seed=2)
    tally = run_scene_job(job)
    rng = random.Random(f"{job.seed}/{job.index}")
    setup = scene(PAF, cards, sides)
    died, lost, levels = [0, 0, 0], [0, 0, 0], [{}, {}, {}]
    for _ in range(job.count):
        session = session_scene(PAF, setup, rng)
        for i, numbers in enumerate(PAF.trackers(session.state).values()):
            status = numbers["status"]
            died[i] += status == "dead"
            lost[i] += numbers["max_hp"] - numbers["hp"]
            word = {"dead": "dead", "needs_help": "below 0", "unconscious": "unconscious"}.get(status)
            if word is None:
                word = "wounded" if numbers["hp"] < numbers["max_hp"] else "unhurt"
            levels[i][word] = levels[i].get(word, 0) + 1
    assert tally.died == died
    assert [sum(k * c for k, c in counts.items()) for counts in tally.lost] == lost
    assert [dict(counts) for counts in tally.levels] == levels
    summary = tally.summary(PAF.scene_figures())
    assert all(one["fell"] >= one["died"] for one in summary["combatants"].values())


# --- mismatches: figures that can fail -----------------------------------------------------------


def test_a_side_that_cannot_lose_wins_every_scene_and_the_other_falls_every_time():
    cards = fudge_cards("Titan", "Peasant")
    tally = run_scenes(scene_plan("fudge", cards, (0, 1), 60, seed=1), SceneTally(("Titan", "Peasant"), (0, 1)))
    summary = tally.summary(FUDGE.scene_figures())
    assert summary["n"] == 60 and summary["wins"] == {"red": 1.0, "blue": 0.0}
    assert summary["wins_interval"]["red"][0] > 0.93
    titan, peasant = summary["combatants"]["Titan"], summary["combatants"]["Peasant"]
    assert peasant["fell"] == 1.0 and titan["fell"] == 0.0
    assert sum(peasant["levels"][w] for w in ("Incapacitated", "Near Death", "dead")) == pytest.approx(1.0)
    assert titan["levels"]["no wound"] > 0.9  # a fist against Superb: a Scratch at most, seldom
    assert summary["rounds"]["median"] <= 2 and summary["rounds"]["percentiles"]["90"] <= 5
    swapped = run_scenes(
        scene_plan("fudge", cards[::-1], (0, 1), 60, seed=1), SceneTally(("Peasant", "Titan"), (0, 1))
    ).summary(FUDGE.scene_figures())
    assert swapped["wins"] == {"red": 0.0, "blue": 1.0}  # the sides are read from the result, not assumed


def test_paf_a_giant_against_a_kobold():
    cards = paf_cards("Hill Giant", "Kobold Cutthroat")
    summary = run_scenes(
        scene_plan("paf", cards, (0, 1), 40, seed=3), SceneTally(("Hill Giant", "Kobold Cutthroat"), (0, 1))
    ).summary(PAF.scene_figures())
    assert summary["wins"]["red"] == 1.0 and summary["no_winner"] == 0.0
    giant, kobold = summary["combatants"]["Hill Giant"], summary["combatants"]["Kobold Cutthroat"]
    assert kobold["fell"] == 1.0 and giant["fell"] == 0.0
    assert kobold["lost"]["median"] > giant["lost"]["median"]
    assert summary["methods"] == {"incapacitated": 1.0}


# --- the GM's end ---------------------------------------------------------------------------------


def test_a_scene_no_hit_can_end_is_ended_by_the_gm_as_the_table_would():
    """Issue 17: where no hit can wound any more, the status line says "end ends the scene": the
    simulator's GM types it, and the scene ends without a winner."""
    setup = scene(FUDGE, fudge_cards("Ash Redhand", "Dag Bluecoat"), (0, 1))
    stalled = evolve(FUDGE.new(setup), stalled=True)
    state, result = play_scene(FUDGE, stalled, FUDGE.scene_figures(), random.Random(1).randint)
    assert result.method == "ended" and result.winner is None
    assert FUDGE.scene_figures().ending(state, result).winner is None


def test_the_gms_end_is_typed_once_and_the_aftermath_is_answered_after_it():
    """PAF: a scene past the simulator's limit of rounds is ended by the GM; the aftermath that
    follows (rest, PA-5) is answered as any prompt, not with a second end (it refused one)."""
    from companion.rulesets.paf.simulation import MAX_ROUNDS

    setup = scene(PAF, paf_cards("Hill Giant", "Kobold Cutthroat"), (0, 1))
    late = evolve(PAF.new(setup), round=MAX_ROUNDS + 1)
    _state, result = play_scene(PAF, late, PAF.scene_figures(), random.Random(1).randint)
    assert result.method == "ended" and result.period == MAX_ROUNDS + 1


# --- seeds and processes ---------------------------------------------------------------------------


def _figures(workers: int, seed: int = 4) -> dict:
    cards = fudge_cards("Ash Redhand", "Peasant", "Dag Bluecoat")
    jobs = scene_plan("fudge", cards, (0, 0, 1), 24, seed, chunk=6)
    return run_scenes(jobs, SceneTally(tuple(c.name for c in cards), (0, 0, 1)), workers=workers).summary(
        FUDGE.scene_figures()
    )


def test_the_same_seed_gives_the_same_figures_on_one_process_or_two_and_another_seed_others():
    one = _figures(1)
    assert one == _figures(2)
    assert one != _figures(1, seed=5)
    assert one["n"] == 24


def test_chunks_have_their_own_generators_so_their_order_does_not_matter():
    cards = fudge_cards("Ash Redhand", "Dag Bluecoat")
    jobs = list(scene_plan("fudge", cards, (0, 1), 9, 7, chunk=3))
    assert [(job.index, job.count) for job in jobs] == [(0, 3), (1, 3), (2, 3)]
    forwards, backwards = SceneTally(("A", "B"), (0, 1)), SceneTally(("A", "B"), (0, 1))
    for job in jobs:
        forwards.add(run_scene_job(job))
    for job in reversed(jobs):
        backwards.add(run_scene_job(job))
    assert forwards == backwards


def test_a_stopped_run_keeps_the_chunks_done():
    cards = fudge_cards("Titan", "Peasant")
    done: list[int] = []
    tally = run_scenes(
        scene_plan("fudge", cards, (0, 1), 20, 1, chunk=5),
        SceneTally(("Titan", "Peasant"), (0, 1)),
        progress=done.append,
        cancelled=lambda: done[-1] >= 10,
    )
    assert tally.stopped and tally.n == 10 and done == [0, 5, 10]
    assert tally.summary(FUDGE.scene_figures())["stopped"] is True


# --- the contract ----------------------------------------------------------------------------------


def test_every_simulated_scene_game_says_what_its_scenes_count():
    """The core names no game: a scene game the simulator plays declares its figures (levels in its
    own words), and a game that does not is refused with the games that can be."""
    simulated = [key for key in GAMES if get_ruleset(key).simulated and get_ruleset(key).scenes]
    assert {"fudge", "paf"} <= set(simulated)
    for key in simulated:
        figures = get_ruleset(key).scene_figures()
        assert figures is not None and figures.levels and figures.fell_word, key
    assert get_ruleset("nhb").scene_figures() is None


# --- the command line ------------------------------------------------------------------------------


def simulate(tmp_path: Path, monkeypatch, *args: str) -> tuple[int, str, str]:
    (tmp_path / "fighters").mkdir(exist_ok=True)
    (tmp_path / "fighters" / "fudge_test.yaml").write_text(FUDGE_CARDS)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    status = cli.main(["simulate", *args])
    return status, out.getvalue(), err.getvalue()


def test_cli_json_has_the_documented_keys_and_repeats_with_the_seed(tmp_path, monkeypatch):
    args = ("fudge", "--red", "Titan", "--red", "Ash Redhand", "--blue", "Peasant", "-n", "30", "--seed", "9")
    status, out, err = simulate(tmp_path, monkeypatch, *args, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert set(data) == JSON_KEYS
    assert data["n"] == 30 and data["seed"] == 9
    assert data["sides"] == {"red": ["Titan", "Ash Redhand"], "blue": ["Peasant"]}
    assert set(data["combatants"]) == {"Titan", "Ash Redhand", "Peasant"}
    assert all(set(one) == COMBATANT_KEYS for one in data["combatants"].values())  # Fudge counts no points lost
    assert data["words"]["levels"] == [
        "no wound",
        "Scratch",
        "Hurt",
        "Very Hurt",
        "Incapacitated",
        "Near Death",
        "dead",
    ]
    assert set(data["rounds"]) == {"median", "mean", "percentiles", "distribution"}
    assert set(data["rounds"]["percentiles"]) == {"10", "25", "50", "75", "90"}
    assert sum(data["wins"].values()) + data["no_winner"] == pytest.approx(1, abs=1e-3)
    assert sum(data["rounds"]["distribution"].values()) == pytest.approx(1, abs=1e-3)
    for one in data["combatants"].values():
        assert sum(one["levels"].values()) == pytest.approx(1, abs=1e-3)
    assert data == json.loads(simulate(tmp_path, monkeypatch, *args, "--json")[1])
    status, text, _ = simulate(tmp_path, monkeypatch, *args)
    assert "30 scenes, seed 9" in text and "Titan & Ash Redhand" in text
    assert "Incapacitated or worse" in text and "Worst wound" in text and "Rounds: median" in text


def test_cli_paf_scene_with_an_npc_group_counts_hit_points_lost(tmp_path, monkeypatch):
    args = ("paf", "--red", "Hill Giant", "--blue", "Kobold Cutthroat", "--blue", "Kobold Cutthroat")
    status, out, _ = simulate(tmp_path, monkeypatch, *args, "-n", "12", "--seed", "2", "--json")
    data = json.loads(out)
    assert status == 0 and set(data) == JSON_KEYS
    assert data["sides"]["blue"] == ["Kobold Cutthroat 1", "Kobold Cutthroat 2"]  # the group numbered
    assert data["words"]["lost"] == "hit points lost"
    assert all(set(one) == COMBATANT_KEYS | {"lost"} for one in data["combatants"].values())
    assert set(data["combatants"]["Hill Giant"]["lost"]) == {"mean", "median", "p90", "max"}
    status, text, _ = simulate(tmp_path, monkeypatch, *args, "-n", "12", "--seed", "2")
    assert "Hit points lost" in text and "fell (0 HP or below)" in text


@pytest.mark.parametrize(
    "args, message",
    [
        (("fudge", "--red", "Titan"), "name each side"),
        (("fudge", "--red", "Titan", "--blue", "Nobody Atall"), "no fighter called 'Nobody Atall'"),
        (("fudge", "--tournament", "Titan", "Peasant", "Ash Redhand", "Dag Bluecoat"), "has no tournament"),
        (("fudge", "--red", "Titan", "--blue", "Peasant", "-n", "0"), "-n must be at least 1"),
        (("fudge", "--red", "Titan", "--blue", "Peasant", "--option", "damage_dice=9"), "damage_dice"),
        (("paf", "--red", "Hill Giant", "--blue", *["Orc Raider", "--blue"] * 7, "Orc Raider"), "2 to 8"),
        (("nhb", "--red", "Royce Gracie", "--red", "Ken Shamrock", "--blue", "Dan Severn"), "one fighter for each"),
    ],
)
def test_cli_scene_mistakes_exit_2_with_a_reason(tmp_path, monkeypatch, args, message):
    status, out, err = simulate(tmp_path, monkeypatch, *args)
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_cli_two_corner_games_take_red_and_blue_too(tmp_path, monkeypatch):
    by_flags = simulate(tmp_path, monkeypatch, "nhb", "--red", "Royce Gracie", "--blue", "Ken Shamrock", "-n", "200")
    assert by_flags[0] == 0 and "200 bouts" in by_flags[1]


def test_the_readme_documents_every_key_of_the_json():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Simulating a scene", 1)[1].split("\n### ", 1)[0]
    for key in sorted(JSON_KEYS | COMBATANT_KEYS | {"lost", "stopped", "percentiles", "distribution"}):
        assert f"`{key}`" in section or f'`"{key}"' in section, key


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_cli_shows_a_progress_bar_with_each_sides_wins_so_far(tmp_path, monkeypatch):
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fudge_test.yaml").write_text(FUDGE_CARDS)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    out, err = io.StringIO(), _Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    args = ["simulate", "fudge", "--red", "Titan", "--blue", "Peasant", "-n", "100", "--seed", "1", "--workers", "1"]
    assert cli.main(args) == 0
    bar = err.getvalue()
    assert "0/100 scenes" in bar and "50/100 scenes · red 100.0%, blue 0.0%" in bar and "100/100 scenes" in bar
    assert bar.endswith("\r\033[K") and "100 scenes, seed 1" in out.getvalue()


def _bins(lines: list[str]) -> list[tuple[int, int | None]]:
    """The histogram's rows as (first round, last round), None for the open last row (``22+``)."""
    rows = []
    for line in lines:
        label = line.split()[0]
        if label.endswith("+"):
            rows.append((int(label[:-1]), None))
        else:
            first, _, last = label.partition("-")
            rows.append((int(first), int(last or first)))
    return rows


def test_the_rounds_histogram_has_even_ranges_up_to_the_open_last_one(tmp_path, monkeypatch):
    """The new-user trial: ``26-28 3.8%``, ``29 0.6%``, ``30+ 4.6%``; each range as wide as the
    others, the open row right after the last, the shares adding up to the whole."""
    args = ("paf", "--red", "Sir Roderick Vane", "--red", "Durin Stonefist", "--blue", "Orc Raider")
    status, out, _ = simulate(tmp_path, monkeypatch, *args, "--blue", "Orc Raider", "--blue", "Goblin Skulker",
                              "-n", "200", "--seed", "5", "--workers", "1")  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Rounds:")) + 1
    rows = [line for line in lines[start:] if line.startswith("  ") and "%" in line][:12]
    rows = rows[: next((i + 1 for i, row in enumerate(rows) if row.split()[0].endswith("+")), len(rows))]
    bins = _bins(rows)
    assert bins[-1][1] is None, rows  # these scenes run long: an open last row
    widths = {last - first + 1 for first, last in bins[:-1] if last is not None}
    assert len(widths) == 1 and widths != {1}, rows
    for (_, last), (first, _) in itertools.pairwise(bins):
        assert last is not None and first == last + 1, rows  # no round left out, none counted twice
    assert sum(float(row.split()[1].rstrip("%")) for row in rows) == pytest.approx(100, abs=0.2)


@pytest.mark.parametrize("spread", [range(2, 41), range(2, 15), range(1, 4)])
def test_round_rows_are_even_for_any_spread(spread):
    from companion.simulate_scenes import round_rows

    distribution = {str(k): 1 / len(spread) for k in spread}
    rows = round_rows(distribution)
    labels = [label for label, _ in rows]
    closed = [label for label in labels if not label.endswith("+")]
    widths = {int(b) - int(a) + 1 for a, _, b in (label.partition("-") for label in closed) if b} or {1}
    assert len(widths) == 1, labels
    assert len(rows) <= 12 and sum(share for _, share in rows) == pytest.approx(1)


def test_cli_wins_rows_name_each_side_by_its_combatants_as_the_screen_does(tmp_path, monkeypatch):
    """The review: the table's wins rows said ``red`` and ``blue``. They name each side as the scene
    simulator's screen does (``side_name``): its combatants, and where they are many the first and
    how many more; the ``red``/``blue`` lines above it still say which side the side column means."""
    args = ("paf", "--red", "Hill Giant", *["--blue", "Kobold Cutthroat"] * 6, "-n", "12", "--seed", "2")
    status, text, _ = simulate(tmp_path, monkeypatch, *args)
    assert status == 0
    lines = text.splitlines()
    head = lines.index("Sides' wins (95% interval):")
    wins = lines[head + 1 : head + 4]
    assert wins[0].startswith("  Hill Giant  ") and "%" in wins[0]
    assert wins[1].startswith("  Kobold Cutthroat 1 & 5 more  ") and "%" in wins[1]
    assert wins[2].startswith("  no winner  ")
    assert not any(line.split()[0] in ("red", "blue") for line in wins)
    assert lines[1:3] == [
        "  red   Hill Giant",
        "  blue  " + " & ".join(f"Kobold Cutthroat {i}" for i in range(1, 7)),
    ]
