"""The layers' contracts name every module, and every game is laid out alike (issue 20).

lint-imports (.ci/layers) checks the modules each contract names and refuses a name that does
not exist, but a module that no contract names is not checked at all: a new companion/*.py
could import Textual, a new game's package another game, and every contract would stay kept.
These tests hold the lists in pyproject.toml ([tool.importlinter]) to the files on disk, and
each shipped game's package (rulesets/<game>/) to the same files.
"""

from __future__ import annotations

import ast
import importlib
import tomllib
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def contracts() -> dict[str, dict[str, Any]]:
    with (REPO / "pyproject.toml").open("rb") as f:
        config = tomllib.load(f)["tool"]["importlinter"]
    assert config["root_package"] == "companion"
    return {c["id"]: c for c in config["contracts"]}


def modules(folder: str, package: str) -> set[str]:
    found = {f"{package}.{p.stem}" for p in (REPO / folder).glob("*.py") if p.stem != "__init__"}
    assert found, f"no modules in {folder}/"
    return found


def game_packages() -> set[str]:
    """Each game's package (``rulesets/<game>/``) by its installed name."""
    found = {f"companion.rulesets.{p.parent.name}" for p in (REPO / "rulesets").glob("*/__init__.py")}
    assert found, "no game packages in rulesets/"
    return found


def test_the_core_contract_names_every_core_module() -> None:
    core = contracts()["core"]
    assert core["type"] == "forbidden"
    assert core["as_packages"] is False  # "companion" is the package's __init__, not everything in it
    named, on_disk = set(core["source_modules"]), {"companion"} | modules("companion", "companion")
    assert sorted(on_disk - named) == [], "core modules the core contract does not name"
    assert sorted(named - on_disk) == [], "names in the core contract with no companion/*.py"
    assert set(core["forbidden_modules"]) >= {
        "companion.rulesets",
        "companion.rulesets.**",
        "companion.screens",
        "companion.screens.**",
        "textual",
    }


def test_the_rulesets_contract_covers_the_whole_package() -> None:
    rulesets = contracts()["rulesets"]
    assert rulesets["source_modules"] == ["companion.rulesets"]  # as a package: every module in it
    assert set(rulesets["forbidden_modules"]) == {"companion.screens", "textual"}


def test_each_game_package_has_a_contract_that_forbids_the_others() -> None:
    """One contract a game, naming its package (every module in it, as_packages by default) and
    forbidding every other game's package; no module of rulesets/ is outside a game's package."""
    games = {key.removeprefix("game-"): c for key, c in contracts().items() if key.startswith("game-")}
    packages = game_packages()
    assert {f"companion.rulesets.{game}" for game in games} == packages, "run .ci/game-contracts"
    assert [p.name for p in (REPO / "rulesets").glob("*.py")] == ["__init__.py"], "a module outside a game's package"
    for game, contract in games.items():
        own = f"companion.rulesets.{game}"
        assert contract["type"] == "forbidden"
        assert contract.get("as_packages", True), f"game-{game} must cover its whole package"
        assert contract["source_modules"] == [own]
        assert sorted(contract["forbidden_modules"]) == sorted(packages - {own}), (
            f"game-{game} must forbid every other game's package, and only those"
        )


def test_the_core_finds_the_app_by_its_entry_point_and_says_when_it_is_missing(monkeypatch) -> None:
    """The command line starts the full-screen app it finds in ``companion.front_ends`` (issue 20: the
    core imports no screen); with none installed it says so, and what it looked for."""
    import importlib.metadata

    import pytest

    from companion import cli

    assert cli.front_end("app").__module__ == "companion.screens.app"
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **_: ())
    with pytest.raises(cli.UsageError, match="no front end 'app' is installed"):
        cli.front_end("app")


# --- one layout per game ------------------------------------------------------------------------

GAME_FILES = (
    "__init__.py",  # the descriptor(s), light: companion.games and pathlib only
    "ruleset.py",  # the Ruleset subclass and RULESET
    "cards.py",  # the card model
    "tables.py",  # the game's tables (through companion.tables, with tables.yaml, where it has data)
    "state.py",  # the state dataclasses and the options
    "rules.py",  # the rules as pure functions
    "odds.py",  # the odds
    "reference.py",  # the rules reference (the reference(state) hook)
)
"""The files every shipped game's package has; its round's steps are modules of their own beside
them, named in the game's words."""


def games() -> list[Path]:
    found = sorted(p.parent for p in (REPO / "rulesets").glob("*/__init__.py"))
    assert len(found) >= 5
    return found


def test_every_game_package_has_the_same_files() -> None:
    missing = {
        folder.name: [name for name in GAME_FILES if not (folder / name).is_file()]
        for folder in games()
        if any(not (folder / name).is_file() for name in GAME_FILES)
    }
    assert missing == {}


def test_a_games_tables_file_is_tables_yaml_beside_its_tables_module() -> None:
    """Where a game's tables are data, ``tables.py`` reads them through the core's TablesFile from
    ``tables.yaml`` beside it, the package's only YAML; a game with none (FO) ships no YAML."""
    from companion.tables import TablesFile

    for folder in games():
        module = importlib.import_module(f"companion.rulesets.{folder.name}.tables")
        declared = [value for value in vars(module).values() if isinstance(value, TablesFile)]
        yaml = sorted(p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
        if declared:
            assert [Path(tables.shipped).resolve() for tables in declared] == [(folder / "tables.yaml").resolve()]
            assert yaml == ["tables.yaml"], folder.name
        else:
            assert yaml == [], folder.name


def test_a_games_descriptor_is_light_and_names_its_ruleset() -> None:
    """Listing the games imports the descriptors alone (companion.games and pathlib): never a rule."""
    from companion.games import Game

    for folder in games():
        tree = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
        assert imported <= {"__future__", "pathlib", "companion.games"}, folder.name
        package = importlib.import_module(f"companion.rulesets.{folder.name}")
        descriptors = [value for value in vars(package).values() if isinstance(value, Game)]
        assert descriptors, folder.name
        for game in descriptors:
            assert game.ruleset.startswith(f"companion.rulesets.{folder.name}.ruleset:"), game.key
