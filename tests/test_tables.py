"""The one tables loader (companion/tables.py, issue 20): the shipped file, a GM's file over it
section by section, and every problem explained as ``FILE: section.field: message``, on a small
made-up game's tables (no game of the app), then on each game's own."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, field_validator
from pydantic_core import PydanticCustomError

from companion.ruleset import get_ruleset
from companion.tables import TablesError, TablesFile, allowed_here, model_at, user_file


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _grade(value: Any) -> int:
    if value in ("low", "high", 1, 2) and not isinstance(value, bool):  # a word, or as stored
        return {"low": 1, "high": 2}.get(value, value)
    raise PydanticCustomError("grade", "{value} is not a grade: write low or high", {"value": value})


Grade = Annotated[int, BeforeValidator(_grade)]
KEY = r"^[a-z]+$"
Key = Annotated[str, StringConstraints(pattern=KEY)]


class Blade(_Strict):
    name: str
    reach: int = Field(ge=1, le=5)
    grade: Grade = 1
    edge: Literal["sharp", "blunt"] = "sharp"


class Rule(_Strict):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    first_blood: bool = Field(alias="first-blood")
    rounds: int = Field(ge=1, le=9)


class Tables(_Strict):
    version: Literal[1]
    blades: dict[Key, Blade]
    rules: Rule
    ranks: list[Blade] = []

    @field_validator("ranks")
    @classmethod
    def _reach_grows(cls, rows: list[Blade]) -> list[Blade]:
        out = [
            f"{i}.reach: {row.reach} is not above the row before"
            for i, row in enumerate(rows)
            if i and row.reach <= rows[i - 1].reach
        ]
        if out:
            raise ValueError("\n".join(out))
        return rows


def _consistency(t: Tables) -> list[str]:
    return (
        [f"rules.rounds: {t.rules.rounds} rounds, more than the blades ({len(t.blades)})"]
        if t.rules.rounds > len(t.blades)
        else []
    )


SHIPPED = """\
version: 1
blades:
  sabre: {name: Sabre, reach: 3}
  dagger: {name: Dagger, reach: 1, grade: high}
rules: {first-blood: true, rounds: 2}
"""


@pytest.fixture
def game(tmp_path: Path) -> TablesFile[Tables]:
    shipped = tmp_path / "shipped" / "duel.yaml"
    shipped.parent.mkdir()
    shipped.write_text(SHIPPED, encoding="utf-8")
    return TablesFile(shipped, Tables, consistency=_consistency, patterns={KEY: "a key is lowercase letters"})


def gm(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tables" / "duel.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems(game: TablesFile[Tables], user: Path | None) -> list[str]:
    with pytest.raises(TablesError) as caught:
        game.load(user)
    assert str(caught.value) == "\n".join(caught.value.problems)
    return caught.value.problems


# --- the shipped file and a GM's file over it -------------------------------------------------


def test_the_shipped_tables_as_plain_data_and_back(game: TablesFile[Tables], tmp_path: Path) -> None:
    data = game.load()
    assert data["blades"]["dagger"] == {"name": "Dagger", "reach": 1, "grade": 2, "edge": "sharp"}
    assert game.parse(data) == game.merged() == game.read()
    assert game.load(tmp_path / "nowhere.yaml") == data  # no GM's file: the shipped tables
    assert game.sections == ("version", "blades", "rules", "ranks")


def test_a_gms_section_replaces_the_shipped_one_whole(game: TablesFile[Tables], tmp_path: Path) -> None:
    user = gm(tmp_path, "blades:\n  foil: {name: Foil, reach: 2}\n  epee: {name: Epee, reach: 3}\n")
    data = game.load(user)
    assert list(data["blades"]) == ["foil", "epee"] and data["rules"] == game.load()["rules"]
    assert game.check_file(user) == ([], ["blades"])


def test_a_bad_gm_file_names_the_file_the_section_and_the_field(game: TablesFile[Tables], tmp_path: Path) -> None:
    user = gm(
        tmp_path,
        "blades:\n"
        "  sabre: {name: Sabre, reach: 7, colour: red}\n"
        "  Foil: {name: Foil, reach: 2, grade: 3}\n"
        "  axe: {reach: 1, edge: jagged}\n"
        "rules: {first-blood: true, rounds: no}\n"
        "ranks: [{name: A, reach: 3}, {name: B, reach: 2}]\n",
    )
    over = f"{user} (over the shipped tables)"
    assert problems(game, user) == [
        f"{over}: blades.sabre.reach: 7 is not allowed: Input should be less than or equal to 5",
        f"{over}: blades.sabre.colour: unknown field; fields: name, reach, grade, edge",
        f"{over}: blades.Foil: 'Foil' is not allowed: a key is lowercase letters",
        f"{over}: blades.Foil.grade: 3 is not a grade: write low or high",
        f"{over}: blades.axe.name: missing; fields: name, reach, grade, edge",
        f"{over}: blades.axe.edge: 'jagged' is not allowed: Input should be 'sharp' or 'blunt'",
        f"{over}: rules.rounds: False (YAML reads no/yes/on/off as false/true: quote it) is not allowed: "
        "Input should be a valid integer",
        f"{over}: ranks.1.reach: 2 is not above the row before",
    ]


def test_the_whole_is_checked_across_sections_and_the_gms_file_named(game: TablesFile[Tables], tmp_path: Path) -> None:
    """A problem in a shipped section that the GM's other sections cause names the GM's file."""
    user = gm(tmp_path, "rules: {first-blood: true, rounds: 5}\n")
    assert problems(game, user) == [
        f"{user} (over the shipped tables): rules.rounds: 5 rounds, more than the blades (2)"
    ]
    assert game.check_file(user) == (problems(game, user), [])


def test_unknown_sections_are_named_and_the_rest_still_checked(game: TablesFile[Tables], tmp_path: Path) -> None:
    user = gm(tmp_path, "blade: {}\n3: x\nrules: {first-blood: true, rounds: 0}\n")
    assert problems(game, user) == [
        f"{user}: blade: unknown section; sections: version, blades, rules, ranks",
        f"{user}: 3: unknown section; sections: version, blades, rules, ranks",
        f"{user} (over the shipped tables): rules.rounds: 0 is not allowed: Input should be greater than or equal to 1",
    ]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("- a\n- list\n", "should be a mapping of some of the sections version, blades, rules, ranks"),
        ("blades: {sabre: [\n", "is not valid YAML at line 2, column 1: "),
        (
            "blades:\n  010: {name: Eight, reach: 1}\n",
            "at line 2, column 3: '010' is not a decimal number (YAML 1.1 reads it as 8",
        ),
        (
            "rules: {first-blood: true, rounds: 1:30}\n",
            "'1:30' is not a decimal number (YAML 1.1 reads it as 90, minutes:seconds)",
        ),
        ("rules: {rounds: 1, rounds: 2}\n", "the key 'rounds' is given twice in one mapping (at line 1 and at line 1)"),
    ],
)
def test_a_file_that_is_not_tables_is_said_through_the_yaml_reader(
    game: TablesFile[Tables], tmp_path: Path, text: str, said: str
) -> None:
    user = gm(tmp_path, text)
    (problem,) = problems(game, user)
    assert problem.startswith(f"{user}: ") and said in problem


def test_an_alias_bomb_is_refused_before_it_is_built(game: TablesFile[Tables], tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    user = gm(tmp_path, "\n".join(lines) + "\n")
    (problem,) = problems(game, user)
    assert problem.startswith(f"{user}: its aliases (*name) repeat ") and "more than the 10,000 allowed" in problem


def test_tables_checked_alone_name_the_file_given(game: TablesFile[Tables]) -> None:
    data = game.load()
    data["version"] = 2
    data["blades"]["sabre"]["name"] = {"SABRE": "long"}
    del data["rules"]
    tables, found = game.check(data)
    assert tables is None
    assert found == [
        "duel.yaml: version: 2 is not allowed: Input should be 1",
        "duel.yaml: blades.sabre.name: {'SABRE': 'long'} is not allowed: Input should be a valid string "
        '(quote a text that holds a colon: "SABRE: long")',
        "duel.yaml: rules: missing",
    ]
    assert game.check([1, 2], "stored") == (
        None,
        ["stored: should be a mapping of the sections version, blades, rules, ranks"],
    )
    with pytest.raises(TablesError, match=r"^the fight's stored tables: version: 2 is not allowed"):
        game.parse(data)


def test_a_named_shipped_file_is_called_by_its_name(game: TablesFile[Tables]) -> None:
    """A game's package ships ``tables.yaml`` and names it ``GAME.yaml`` in problems (issue 20)."""
    named = dataclasses.replace(game, name="fencing.yaml")
    data = named.load()
    data["version"] = 2
    data["blades"]["sabre"]["colour"] = "red"
    assert named.label == "fencing.yaml" and game.label == "duel.yaml"
    assert named.check(data)[1] == [
        "fencing.yaml: version: 2 is not allowed: Input should be 1",
        "fencing.yaml: blades.sabre.colour: unknown field; fields: name, reach, grade, edge",
    ]
    assert named.merged() == game.merged()  # a name, not another file


def test_where_a_field_is_found_in_the_model() -> None:
    assert model_at(Tables, ()) is Tables
    assert model_at(Tables, ("blades", "sabre")) is Blade
    assert model_at(Tables, ("ranks", 0)) is Blade
    assert model_at(Tables, ("rules",)) is Rule
    assert model_at(Tables, ("blades", "sabre", "reach")) is None
    assert allowed_here(Tables, ("rules",)) == "fields: first-blood, rounds"
    assert allowed_here(Tables, ()) == "sections: version, blades, rules, ranks"
    assert allowed_here(Tables, ("version", 0), Path("x/duel.yaml")) == "see duel.yaml"


def test_the_gms_file_is_in_the_data_folders_tables() -> None:
    assert user_file(Path("/data"), "paf") == Path("/data/tables/paf.yaml")
    assert user_file(None, "paf") is None


# --- each game's tables through it -------------------------------------------------------------


@pytest.mark.parametrize("game", ["cage_match", "fudge", "paf", "nhb", "fo"])
def test_every_game_reads_its_tables_through_the_core(game: str, tmp_path: Path) -> None:
    ruleset = get_ruleset(game)
    tables = ruleset.tables_file()
    assert (tables is not None) == ruleset.has_tables
    if tables is None:
        assert ruleset.tables_for(tmp_path) is None
        with pytest.raises(ValueError, match="has no tables file"):
            ruleset.check_tables(tmp_path / "x.yaml")
        return
    assert ruleset.tables_for(None) == ruleset.tables_for(tmp_path) == tables.load()
    mine = gm(tmp_path, f"{tables.sections[1]}: 12\nnot_a_section: 1\n").rename(tmp_path / "tables" / f"{game}.yaml")
    with pytest.raises(TablesError) as caught:
        ruleset.tables_for(tmp_path)
    first, second = caught.value.problems[:2]
    assert first == f"{mine}: not_a_section: unknown section; sections: {', '.join(tables.sections)}"
    assert second.startswith(f"{mine} (over the shipped {tables.what}): {tables.sections[1]}: 12 is not allowed: ")
    assert ruleset.check_tables(mine) == (caught.value.problems, [])


def test_nhbs_charts_are_read_through_the_core_too(tmp_path: Path) -> None:
    from companion.rulesets.nhb.ruleset import Nhb
    from companion.rulesets.nhb.tables import TABLES, load_tables

    assert load_tables(TABLES.shipped) == Nhb().tables
    bad = tmp_path / "nhb.yaml"
    bad.write_text(TABLES.shipped.read_text(encoding="utf-8").replace("from: 1", "from: 2", 1), encoding="utf-8")
    with pytest.raises(TablesError) as caught:
        load_tables(bad)
    assert caught.value.problems[0].startswith(f"{bad}: standup_chart: row ")
