"""The core and the rulesets never import Textual (docs/design.md: screens -> rulesets -> core;
``companion script`` and ``companion fighters`` do not pay for the app)."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.cards import load_roster
from companion.rulesets.nhb.cards import NhbCard

REPO = Path(__file__).resolve().parent.parent
CORE_DIRS = ("companion", "rulesets")
PACKAGE = {"companion": "companion", "rulesets": "companion.rulesets"}
"""Each core folder's import name (the wheel maps rulesets/ inside companion)."""

CARDS = """\
game: nhb
fighters:
  - {name: Red Rover, control: 10, standup: 10, ground: 10, finishing: 5, toughness: 5}
  - {name: Blue Moon, control: 9, standup: 10, ground: 10, finishing: 5, toughness: 5}
"""
FIGHT = "5\n5\nground\n15\n5\n9\n1\n"  # red takes control, ground, 27-15 on fight points, GNP TKO at 0:50

PROBE = textwrap.dedent(
    """
    import contextlib, importlib, io, json, pkgutil, runpy, sys

    import companion, companion.rulesets

    imported = []
    # the core's own modules (not its screens), and every module of each game's package
    found = [*pkgutil.iter_modules(companion.__path__, "companion."),
             *pkgutil.walk_packages(companion.rulesets.__path__, "companion.rulesets.")]
    for info in found:
        if info.ispkg or info.name.endswith(".__main__"):
            continue  # __main__ would run the command line; run below through runpy
        importlib.import_module(info.name)
        imported.append(info.name)

    from companion import cli

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        list_rc = cli.main(["fighters", "list", "nhb"])
    listed = out.getvalue().splitlines()

    out = io.StringIO()
    sys.stdin = io.StringIO(FIGHT)
    with contextlib.redirect_stdout(out):
        script_rc = cli.main(
            ["script", "nhb", "--fighters", CARDS, "--red", "Red Rover", "--blue", "Blue Moon",
             "--option", "segments=1", "--seed", "3"]
        )
    script = [json.loads(line) for line in out.getvalue().splitlines()]

    out = io.StringIO()
    sys.argv = ["companion", "fighters", "check", CARDS]
    with contextlib.redirect_stdout(out):
        try:
            runpy.run_module("companion", run_name="__main__")  # python -m companion
        except SystemExit as exc:
            main_rc = exc.code

    loaded = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
    screens = sorted(m for m in sys.modules if m == "companion.screens" or m.startswith("companion.screens."))
    print(json.dumps({
        "imported": imported, "list_rc": list_rc, "listed": listed, "script_rc": script_rc,
        "script": script, "main_rc": main_rc, "check": out.getvalue(), "textual": loaded, "screens": screens,
    }))
    """
)


@pytest.mark.slow  # a real process
def test_core_runs_without_importing_textual(tmp_path: Path) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text(CARDS)
    code = f"FIGHT = {FIGHT!r}\nCARDS = {str(cards)!r}\n" + PROBE
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data")}
    run = subprocess.run(  # noqa: PLW1510 - the exit status is asserted
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO, timeout=120
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.splitlines()[-1])

    expected = {
        ".".join((PACKAGE[d], *p.relative_to(REPO / d).with_suffix("").parts))
        for d in CORE_DIRS
        for p in (REPO / d).rglob("*.py")
        if p.stem not in ("__init__", "__main__")
    }
    assert set(report["imported"]) == expected
    assert {
        "companion.cli",
        "companion.dice",
        "companion.session",
        "companion.store",
        "companion.rulesets.nhb.ruleset",
    } <= expected

    assert report["list_rc"] == 0
    assert report["listed"] == load_roster("nhb", NhbCard).names() and len(report["listed"]) >= 24

    assert report["script_rc"] == 0
    assert report["script"][0]["prompt"]["who"] == "Red Rover"
    assert report["script"][-1]["final"]["over"] is True
    assert report["script"][-1]["final"]["result"]["winner"] == "Red Rover"
    assert report["script"][-1]["final"]["result"]["method"] == "tko"

    assert report["main_rc"] == 0
    assert report["check"].strip().endswith("2 cards loaded, 0 problems")

    assert report["textual"] == [], "the core imported Textual"
    assert report["screens"] == [], "the core imported the screens package"


TEXTUAL_IMPORT = re.compile(
    r"""^\s*(?:import\s+textual\b|from\s+textual\b|.*\b(?:import_module|__import__)\(\s*['"]textual\b)""",
    re.MULTILINE,
)


def core_sources() -> list[Path]:
    files = sorted(p for d in CORE_DIRS for p in (REPO / d).rglob("*.py"))
    assert files, "no sources found"
    return files


def test_no_textual_import_in_core_sources() -> None:
    offenders = []
    for path in core_sources():
        for match in TEXTUAL_IMPORT.finditer(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(REPO)}: {match.group(0).strip()}")
    assert offenders == []


def test_the_textual_pattern_catches_what_it_should() -> None:
    caught = [
        "import textual",
        "from textual.app import App",
        "    from textual import on",
        "x = importlib.import_module('textual.app')",
    ]
    missed = ["import textualize", "# textual is imported lazily by screens", "from companion import textual_free"]
    assert all(TEXTUAL_IMPORT.search(line) for line in caught)
    assert not any(TEXTUAL_IMPORT.search(line) for line in missed)


def test_core_imports_screens_only_lazily() -> None:
    """Dependencies run one way: the core may start the app from inside a function, never at import."""
    offenders = []
    for path in core_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:  # module level only
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] == "textual" or name.startswith("companion.screens"):
                    offenders.append(f"{path.relative_to(REPO)}: {name}")
    assert offenders == []


def test_rulesets_import_no_other_ruleset() -> None:
    """A game's modules may import each other (``cage_match.ruleset`` and its tables), never
    another game's: the game of a module is its package (``rulesets/<game>/``)."""
    offenders = []
    for path in (REPO / "rulesets").glob("*/*.py"):
        game = path.parent.name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            imported = []
            if isinstance(node, ast.ImportFrom) and node.module == "companion.rulesets":
                imported = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("companion.rulesets."):
                imported = [node.module.split(".")[2]]
            elif isinstance(node, ast.Import):
                imported = [a.name.split(".")[2] for a in node.names if a.name.startswith("companion.rulesets.")]
            offenders += [f"{game}/{path.name} imports rulesets.{m}" for m in imported if m != game]
    assert offenders == []


def test_every_ruleset_module_is_in_a_game_package() -> None:
    """rulesets/ holds one package a game and no module of its own but ``__init__`` (nothing for
    the check above to leave out), and each package is a registered game's."""
    from companion.games import GAMES

    loose = sorted(p.name for p in (REPO / "rulesets").glob("*.py") if p.name != "__init__.py")
    assert loose == []
    packages = {p.parent.name for p in (REPO / "rulesets").glob("*/__init__.py")}
    shipped = {g.ruleset.split(".")[2] for g in GAMES.values() if g.ruleset.startswith("companion.rulesets.")}
    assert packages == shipped
