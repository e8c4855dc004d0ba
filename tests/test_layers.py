"""The layers' contracts name every module (issue 20).

lint-imports (.ci/layers) checks the modules each contract names and refuses a name that does
not exist, but a module that no contract names is not checked at all: a new companion/*.py
could import Textual, a new rulesets/nhb_*.py another game, and every contract would stay
kept. These tests hold the lists in pyproject.toml ([tool.importlinter]) to the files on disk.
"""

from __future__ import annotations

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


def test_each_ruleset_module_belongs_to_one_game_that_forbids_the_others() -> None:
    games = {key.removeprefix("game-"): c for key, c in contracts().items() if key.startswith("game-")}
    assert len(games) >= 5
    everything = modules("rulesets", "companion.rulesets")
    owners: dict[str, list[str]] = {m: [] for m in everything}
    for game, contract in games.items():
        assert contract["type"] == "forbidden"
        for module in contract["source_modules"]:
            name = module.removeprefix("companion.rulesets.")
            assert name == game or name.startswith(game + "_"), f"{module} is not one of {game}'s modules"
            owners.setdefault(module, []).append(game)
    unplaced = {m: g for m, g in sorted(owners.items()) if len(g) != 1}
    assert unplaced == {}, "each rulesets/*.py is one game's: add a new one to its game's contract"
    for game, contract in games.items():
        own = set(contract["source_modules"])
        assert sorted(set(contract["forbidden_modules"]) ^ (everything - own)) == [], (
            f"game-{game} must forbid every other game's module, and only those"
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
