"""Fighter card files: validation, problem reports, precedence, ``companion fighters check``."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

pytest.register_assert_rewrite("scripting")

import scripting

from companion.cards import SHIPPED_DIR, Problem, Roster, allowed, load_file, load_roster, read_file
from companion.rulesets.nhb.cards import NhbCard

FIELDS = "name, nickname, style, control, standup, ground, finishing, toughness, ground_chart, sub_chart, notes"
REPO = Path(__file__).resolve().parent.parent


def card(name: str, control: int = 10, **extra: object) -> str:
    """One card of a YAML ``fighters:`` list, as a player would write it."""
    lines = [f"  - name: {name}", f"    control: {control}", "    standup: 10", "    ground: 10"]
    lines += ["    finishing: 5", "    toughness: 5"]
    lines += [f"    {key}: {value}" for key, value in extra.items()]
    return "\n".join(lines) + "\n"


def card_file(path: Path, *cards: str, game: str = "nhb", head: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{head}game: {game}\nfighters:\n" + "".join(cards), encoding="utf-8")
    return path


def load(path: Path) -> tuple[list[NhbCard], list[Problem]]:
    return load_file(path, "nhb", NhbCard)


def only_problem(path: Path) -> Problem:
    _cards, problems = load(path)
    assert len(problems) == 1, problems
    return problems[0]


# --- one file ------------------------------------------------------------------


def test_a_good_file_loads_every_card(tmp_path: Path) -> None:
    path = card_file(
        tmp_path / "good.yaml",
        card(
            "Alpha",
            12,
            nickname="The First",
            style="judo",
            ground_chart="striker",
            sub_chart="jiu-jitsu",
            notes="a note",
        ),
        card("Beta", 3),
    )
    cards, problems = load(path)
    assert problems == []
    assert [c.name for c in cards] == ["Alpha", "Beta"]
    alpha = cards[0]
    assert isinstance(alpha, NhbCard)
    assert (alpha.control, alpha.standup, alpha.ground, alpha.finishing, alpha.toughness) == (12, 10, 10, 5, 5)
    assert (alpha.nickname, alpha.style, alpha.ground_chart, alpha.sub_chart) == (
        "The First",
        "judo",
        "striker",
        "jiu-jitsu",
    )
    assert alpha.notes == "a note"
    assert cards[1].nickname is None and cards[1].ground_chart is None


def test_unknown_field_is_named_with_the_fields_allowed(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("Extra", reach=70))
    problem = only_problem(path)
    assert (problem.file, problem.fighter, problem.field) == (str(path), "Extra", "reach")
    assert problem.message == f"unknown field; fields allowed: {FIELDS}"
    assert str(problem) == f"{path}: fighter Extra: reach: unknown field; fields allowed: {FIELDS}"


@pytest.mark.parametrize(
    "field, value, allowed_text",
    [
        ("control", 25, "a whole number from 1 to 20"),
        ("control", 0, "a whole number from 1 to 20"),
        ("standup", 21, "a whole number from 1 to 20"),
        ("ground", -3, "a whole number from 1 to 20"),
        ("finishing", 11, "a whole number from 1 to 10"),
        ("toughness", 0, "a whole number from 1 to 10"),
    ],
)
def test_out_of_range_rating_says_what_is_allowed(tmp_path: Path, field: str, value: int, allowed_text: str) -> None:
    text = card("Rated").replace(f"    {field}: ", f"    {field}: {value} #", 1)
    path = card_file(tmp_path / "f.yaml", text)
    problem = only_problem(path)
    assert (problem.file, problem.fighter, problem.field) == (str(path), "Rated", field)
    assert problem.message == f"{value} is not allowed: {allowed_text}"


def test_yaml_no_as_a_name_is_refused_as_a_bool_with_a_hint(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("no"))
    assert yaml.safe_load(path.read_text())["fighters"][0]["name"] is False  # the YAML 1.1 trap itself
    problem = only_problem(path)
    assert (problem.fighter, problem.field) == ("#1", "name")
    assert problem.message.startswith("False (YAML reads yes/no/on/off as true/false) is not allowed: text")
    assert "quoted if YAML" in problem.message


def test_yaml_yes_as_a_rating_is_refused_as_a_bool(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("Yes Man").replace("control: 10", "control: yes"))
    problem = only_problem(path)
    assert (problem.fighter, problem.field) == ("Yes Man", "control")
    assert problem.message == (
        "True (YAML reads yes/no/on/off as true/false) is not allowed: a whole number from 1 to 20"
    )


def test_yaml_sexagesimal_rating_is_refused(tmp_path: Path) -> None:
    """YAML 1.1 reads 1:30 as 90: a number not in decimal is refused where it is written (issue 19)."""
    path = card_file(tmp_path / "f.yaml", card("Clock").replace("control: 10", "control: 1:30"))
    assert yaml.safe_load(path.read_text())["fighters"][0]["control"] == 90  # YAML 1.1 reads 1:30 as 90
    problem = only_problem(path)
    assert (problem.fighter, problem.field) == ("Clock", "control")  # the card named, not the whole file
    assert problem.message.startswith(
        "at line 4: '1:30' is not a decimal number (YAML 1.1 reads it as 90, minutes:seconds)"
    )


def test_a_fractional_rating_is_refused(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("Half").replace("control: 10", "control: 10.5"))
    problem = only_problem(path)
    assert (problem.fighter, problem.field, problem.message) == (
        "Half",
        "control",
        "10.5 is not allowed: a whole number from 1 to 20",
    )


def test_a_chart_outside_its_choices_is_refused(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("Boxer", ground_chart="boxer"))
    problem = only_problem(path)
    assert (problem.fighter, problem.field) == ("Boxer", "ground_chart")
    assert problem.message == "'boxer' is not allowed: one of striker, hybrid, submission (optional)"


def test_missing_field_says_what_it_should_be(tmp_path: Path) -> None:
    text = card("Partial").replace("    toughness: 5\n", "")
    path = card_file(tmp_path / "f.yaml", text)
    problem = only_problem(path)
    assert (problem.file, problem.fighter, problem.field) == (str(path), "Partial", "toughness")
    assert problem.message == "missing; a whole number from 1 to 10"


def test_missing_name_labels_the_card_by_position(tmp_path: Path) -> None:
    text = card("Gone").replace("  - name: Gone\n    control", "  - control")
    path = card_file(tmp_path / "f.yaml", card("First"), text)
    cards, problems = load(path)
    assert [c.name for c in cards] == ["First"]
    assert [(p.fighter, p.field) for p in problems] == [("#2", "name")]
    assert problems[0].message.startswith("missing; text")


def test_wrong_game_is_refused_naming_both(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("Alpha"), game="fo")
    cards, problems = load(path)
    assert cards == []
    assert problems == [Problem(str(path), "game is 'fo', expected 'nhb'", field="game")]


def test_missing_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text("fighters:\n" + card("Alpha"))
    cards, problems = load(path)
    assert cards == [] and problems == [Problem(str(path), "game is None, expected 'nhb'", field="game")]


@pytest.mark.parametrize("text", ["- a\n- b\n", "", "just words\n", "42\n"])
def test_a_file_that_is_not_a_mapping(tmp_path: Path, text: str) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(text)
    cards, problems = load(path)
    assert cards == []
    assert problems == [Problem(str(path), "should be a mapping with 'game: GAME' and 'fighters: [...]'")]


def test_fighters_that_is_not_a_list(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text("game: nhb\nfighters: 3\n")
    assert load(path) == ([], [Problem(str(path), "should list its cards under 'fighters:'", field="fighters")])


def test_a_card_that_is_not_a_mapping_is_skipped(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("Alpha"), "  - just a string\n", card("Gamma"))
    cards, problems = load(path)
    assert [c.name for c in cards] == ["Alpha", "Gamma"]
    assert problems == [Problem(str(path), "a card should be a mapping of field: value", "#2")]


def test_unknown_top_level_key_is_reported_and_cards_still_load(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("Alpha"), head="version: 2\n")
    cards, problems = load(path)
    assert [c.name for c in cards] == ["Alpha"]
    assert problems == [Problem(str(path), "unknown top-level keys ['version']; allowed: game, fighters")]


@pytest.mark.parametrize(
    "text, line",
    [
        ("game: nhb\nfighters:\n  - name: A\n    control: 10\n   standup: 10\n", 5),
        ("game: nhb\nfighters:\n  - name: A\n    notes: a: b\n", 4),
        ("game: nhb\nfighters:\n\t- name: A\n", 3),
    ],
)
def test_invalid_yaml_names_the_line(tmp_path: Path, text: str, line: int) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(text)
    cards, problems = load(path)
    assert cards == [] and len(problems) == 1
    assert problems[0].file == str(path)
    assert problems[0].message.startswith(f"is not valid YAML at line {line}, column ")


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(b"game: nhb\nfighters:\n  - name: \xff\xfe\n")
    assert load(path) == ([], [Problem(str(path), "is not UTF-8 text")])


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "missing.yaml"
    cards, problems = load(path)
    assert cards == [] and len(problems) == 1
    assert problems[0].message.startswith("cannot be read: ")


def test_absurdly_nested_yaml_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("game: nhb\nfighters: " + "[" * 2000 + "]" * 2000 + "\n")
    data, problem = read_file(path)
    assert data is None and problem is not None
    assert problem.file == str(path) and "nested too deeply" in problem.message


def test_duplicate_names_keep_the_first(tmp_path: Path) -> None:
    path = card_file(tmp_path / "f.yaml", card("Twin", 4), card("Other"), card("Twin", 17))
    cards, problems = load(path)
    assert [(c.name, c.control) for c in cards] == [("Twin", 4), ("Other", 10)]
    assert problems == [Problem(str(path), "a second card with this name (the first is kept)", "Twin", "name")]


def test_every_problem_is_reported_at_once_and_good_cards_load(tmp_path: Path) -> None:
    path = card_file(
        tmp_path / "f.yaml",
        card("Good One"),
        card("no"),
        card("Clock").replace("control: 10", "control: '12'"),
        card("Too High", 25),
        card("Extra", reach=70),
        card("Missing").replace("    toughness: 5\n", ""),
        card("Good One", 11),
        card("Chart", ground_chart="boxer"),
        "  - just a string\n",
        card("Good Two", notes="fine"),
        card("Two Wrongs", 0).replace("finishing: 5", "finishing: 99"),
    )
    cards, problems = load(path)
    assert [c.name for c in cards] == ["Good One", "Good Two"]
    assert [(p.fighter, p.field) for p in problems] == [
        ("#2", "name"),
        ("Clock", "control"),
        ("Too High", "control"),
        ("Extra", "reach"),
        ("Missing", "toughness"),
        ("Good One", "name"),
        ("Chart", "ground_chart"),
        ("#9", None),
        ("Two Wrongs", "control"),
        ("Two Wrongs", "finishing"),
    ]
    assert all(p.file == str(path) for p in problems)
    assert problems[-1].message == "99 is not allowed: a whole number from 1 to 10"


def test_allowed_describes_each_field() -> None:
    assert allowed(NhbCard, "control") == "a whole number from 1 to 20"
    assert allowed(NhbCard, "toughness") == "a whole number from 1 to 10"
    assert allowed(NhbCard, "sub_chart") == "one of generic, wrestling, jiu-jitsu (optional)"
    assert allowed(NhbCard, "name").startswith("text (quoted if")
    assert allowed(NhbCard, "notes").endswith("(optional)")
    assert allowed(NhbCard, "reach") == f"fields allowed: {FIELDS}"


# --- rosters: shipped < user dir < extra files ----------------------------------


def test_precedence_shipped_then_user_dir_then_extra_files(tmp_path: Path) -> None:
    shipped = card_file(tmp_path / "shipped" / "nhb.yaml", card("Ann", 1), card("Bob", 2), card("Cat", 3))
    user = card_file(tmp_path / "data" / "fighters" / "mine.yaml", card("Bob", 12), card("Dan", 14))
    user_yml = card_file(tmp_path / "data" / "fighters" / "more.yml", card("Eve", 15))
    extra = card_file(tmp_path / "extra.yaml", card("Cat", 20), card("Bob", 19), card("Fay", 16))
    roster = load_roster(
        "nhb", NhbCard, user_dir=tmp_path / "data" / "fighters", extra_files=[extra], shipped_dir=tmp_path / "shipped"
    )
    assert roster.problems == []
    # a replaced card keeps its place in the roster; new ones are added in file order
    assert [(c.name, c.control) for c in roster.cards] == [
        ("Ann", 1),
        ("Bob", 19),
        ("Cat", 20),
        ("Dan", 14),
        ("Eve", 15),
        ("Fay", 16),
    ]
    assert roster.source == {
        "Ann": str(shipped),
        "Bob": str(extra),
        "Cat": str(extra),
        "Dan": str(user),
        "Eve": str(user_yml),
        "Fay": str(extra),
    }


def test_user_dir_card_replaces_a_shipped_one(tmp_path: Path) -> None:
    shipped = load_roster("nhb", NhbCard)
    first = shipped.cards[0].name
    card_file(tmp_path / "fighters" / "mine.yaml", card(first, 1, notes="house rules"))
    roster = load_roster("nhb", NhbCard, user_dir=tmp_path / "fighters")
    assert roster.problems == []
    assert roster.names() == shipped.names()
    assert roster.cards[0].control == 1 and roster.cards[0].notes == "house rules"
    assert roster.source[first] == str(tmp_path / "fighters" / "mine.yaml")


def test_a_user_dir_file_of_another_game_is_ignored(tmp_path: Path) -> None:
    shipped = card_file(tmp_path / "shipped" / "nhb.yaml", card("Ann"))
    card_file(tmp_path / "fighters" / "fo.yaml", "  - name: Featherweight\n    punch: 7\n", game="fo")
    card_file(tmp_path / "fighters" / "nhb.yaml", card("Dan"))
    roster = load_roster("nhb", NhbCard, user_dir=tmp_path / "fighters", shipped_dir=shipped.parent)
    assert roster.problems == []
    assert roster.names() == ["Ann", "Dan"]


def test_an_extra_file_of_another_game_is_reported(tmp_path: Path) -> None:
    shipped = card_file(tmp_path / "shipped" / "nhb.yaml", card("Ann"))
    other = card_file(tmp_path / "fo.yaml", "  - name: Featherweight\n", game="fo")
    roster = load_roster("nhb", NhbCard, extra_files=[other], shipped_dir=shipped.parent)
    assert roster.names() == ["Ann"]
    assert roster.problems == [Problem(str(other), "game is 'fo', expected 'nhb'", field="game")]


def test_roster_reports_problems_of_every_file_and_loads_the_rest(tmp_path: Path) -> None:
    shipped = card_file(tmp_path / "shipped" / "nhb.yaml", card("Ann"))
    bad_user = tmp_path / "fighters" / "broken.yaml"
    bad_user.parent.mkdir()
    bad_user.write_text("- not\n- a mapping\n")
    card_file(tmp_path / "fighters" / "ok.yaml", card("Dan"), card("Zed", 30))
    extra = card_file(tmp_path / "extra.yaml", card("Fay").replace("ground: 10", "ground: 25"), card("Gil"))
    roster = load_roster(
        "nhb", NhbCard, user_dir=tmp_path / "fighters", extra_files=[extra], shipped_dir=shipped.parent
    )
    assert roster.names() == ["Ann", "Dan", "Gil"]
    assert [(Path(p.file).name, p.fighter, p.field) for p in roster.problems] == [
        ("broken.yaml", None, None),
        ("ok.yaml", "Zed", "control"),
        ("extra.yaml", "Fay", "ground"),
    ]


def test_a_missing_user_dir_is_fine(tmp_path: Path) -> None:
    roster = load_roster("nhb", NhbCard, user_dir=tmp_path / "nowhere")
    assert roster.problems == [] and roster.names() == load_roster("nhb", NhbCard).names()


def test_roster_find_exact_then_case_insensitive() -> None:
    a, b = (
        NhbCard(name="Ann", control=1, standup=1, ground=1, finishing=1, toughness=1),
        NhbCard(name="ANN", control=2, standup=1, ground=1, finishing=1, toughness=1),
    )
    roster = Roster("nhb")
    roster.add([a, b], "x")
    assert roster.find("ANN") is b and roster.find("Ann") is a and roster.find("ann") is a
    assert roster.find("Bob") is None
    jose = NhbCard(name="José Aldo", control=1, standup=1, ground=1, finishing=1, toughness=1)
    roster.add([jose], "x")
    assert roster.find("jose aldo") is jose and roster.find("JOSÉ ALDO") is jose  # issue 22: no accents asked


# --- the shipped roster ------------------------------------------------------------


def test_the_shipped_roster_loads_cleanly() -> None:
    path = SHIPPED_DIR / "nhb.yaml"
    assert path == REPO / "fighters" / "nhb.yaml"
    cards, problems = load(path)
    assert problems == []
    assert len(cards) >= 24
    assert len({c.name for c in cards}) == len(cards)
    for c in cards:
        assert isinstance(c.notes, str) and c.notes.strip(), f"{c.name} has no notes"
    roster = load_roster("nhb", NhbCard)
    assert roster.problems == [] and roster.names() == [c.name for c in cards]


# --- companion fighters check ------------------------------------------------------


def companion(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    """``companion ARGS`` with its data folder at ``data`` (run in this process: tests/scripting.py)."""
    data.mkdir(parents=True, exist_ok=True)
    return scripting.run(data, *args)


def test_check_lists_every_problem_and_exits_1(tmp_path: Path) -> None:
    path = card_file(
        tmp_path / "bad.yaml",
        card("Good One"),
        card("no"),
        card("Clock").replace("control: 10", "control: '12'"),
        card("Too High", 25),
        card("Extra", reach=70),
        card("Missing").replace("    toughness: 5\n", ""),
        card("Good One", 11),
    )
    run = companion("fighters", "check", str(path), data=tmp_path / "data")
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    lines = run.stdout.splitlines()
    assert lines == [
        f"{path}: fighter #2: name: False (YAML reads yes/no/on/off as true/false) is not allowed: "
        "text (quoted if YAML could read it as something else: 'no', '1:30')",
        f"{path}: fighter Clock: control: '12' is not allowed: a whole number from 1 to 20",
        f"{path}: fighter Too High: control: 25 is not allowed: a whole number from 1 to 20",
        f"{path}: fighter Extra: reach: unknown field; fields allowed: {FIELDS}",
        f"{path}: fighter Missing: toughness: missing; a whole number from 1 to 10",
        f"{path}: fighter Good One: name: a second card with this name (the first is kept)",
        f"{path}: 1 card loaded, 6 problems",
    ]


def test_check_a_good_file_exits_0(tmp_path: Path) -> None:
    path = card_file(tmp_path / "good.yaml", card("Alpha"), card("Beta", notes="ok"))
    run = companion("fighters", "check", str(path), data=tmp_path / "data")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines() == [f"{path}: 2 cards loaded, 0 problems"]
    assert run.stderr == ""


def test_check_the_shipped_roster_exits_0(tmp_path: Path) -> None:
    run = companion("fighters", "check", str(SHIPPED_DIR / "nhb.yaml"), data=tmp_path / "data")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("cards loaded, 0 problems")


@pytest.mark.parametrize(
    "text, message",
    [
        ("game: nhb\nfighters:\n  - name: A\n    control: 10\n   standup: 10\n", "is not valid YAML at line 5, column"),
        ("- a\n- b\n", "should be a mapping with 'game: GAME' and 'fighters: [...]'"),
        ("game: chess\nfighters: []\n", "game: 'chess' is not a game here; one of: nhb, fo"),
        ("game: nhb\nfighters: 3\n", "fighters: should list its cards under 'fighters:'"),
        ("game: nhb\nfighters: " + "[" * 2000 + "]" * 2000 + "\n", "nested too deeply"),
    ],
    ids=["invalid-yaml", "not-a-mapping", "other-game", "fighters-not-a-list", "deep"],
)
def test_check_a_broken_file_exits_1_without_traceback(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    run = companion("fighters", "check", str(path), data=tmp_path / "data")
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert run.stdout.startswith(f"{path}: ") and message in run.stdout


def test_check_a_file_whose_game_is_a_list_exits_1_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "listgame.yaml"
    path.write_text("game: [nhb]\nfighters: []\n")
    run = companion("fighters", "check", str(path), data=tmp_path / "data")
    assert "Traceback" not in run.stderr
    assert run.returncode == 1


def test_check_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    run = companion("fighters", "check", str(tmp_path / "nope.yaml"), data=tmp_path / "data")
    assert run.returncode == 2
    assert run.stderr == f"companion: card file {tmp_path / 'nope.yaml'} does not exist\n"


def test_fighters_list_merges_the_user_dir_and_ignores_other_games(tmp_path: Path) -> None:
    data = tmp_path / "data"
    card_file(data / "fighters" / "mine.yaml", card("Zz Local Hero"))
    card_file(data / "fighters" / "fo.yaml", "  - name: Not Nhb\n", game="fo")
    run = companion("fighters", "list", "nhb", data=data)
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.splitlines() == load_roster("nhb", NhbCard).names() + ["Zz Local Hero"]


def test_fighters_list_warns_about_a_bad_user_card(tmp_path: Path) -> None:
    data = tmp_path / "data"
    card_file(data / "fighters" / "mine.yaml", card("Good Local"), card("Bad Local", 25))
    run = companion("fighters", "list", "nhb", data=data)
    assert run.returncode == 0
    assert "Good Local" in run.stdout.splitlines() and "Bad Local" not in run.stdout
    assert run.stderr == (
        f"companion: warning: {data / 'fighters' / 'mine.yaml'}: fighter Bad Local: control: "
        "25 is not allowed: a whole number from 1 to 20\n"
    )


def test_a_yaml_file_read_twice_is_parsed_once_and_a_change_is_read_afresh(tmp_path) -> None:
    """The tables' YAML takes most of a second to parse: the same text is parsed once, each reader gets
    its own copy to change, and a file changed in place (even in the same instant, to the same size) is
    read as it now is."""
    from companion import yamlfile

    path = tmp_path / "t.yaml"
    path.write_text("a: [1, 2]\n", encoding="utf-8")
    first, _ = yamlfile.read_yaml(path)
    first["a"].append(3)
    again, _ = yamlfile.read_yaml(path)
    assert again == {"a": [1, 2]}
    path.write_text("a: [1, 5]\n", encoding="utf-8")
    assert yamlfile.read_yaml(path) == ({"a": [1, 5]}, None)
    path.write_text("a: [\n", encoding="utf-8")
    data, problem = yamlfile.read_yaml(path)
    assert data is None and "is not valid YAML" in problem
