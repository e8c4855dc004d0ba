"""The game contract is declared (issue 20): the core and the screens call a ruleset's hooks and
read its capability flags, never probe it by name, and name no game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.games import GAMES
from companion.ruleset import Ruleset, TimedRuleset, get_ruleset
from companion.sheet import SheetSpec

REPO = Path(__file__).resolve().parent.parent
CORE_AND_SCREENS = sorted((REPO / "companion").glob("*.py")) + sorted((REPO / "screens").glob("*.py"))

GAME_WORDS_ALLOWED: set[tuple[str, str]] = set()
"""Where a game's key may stand in the core or the screens, and why."""

STILL_GAME_SPECIFIC: set[str] = set()
"""Modules of the core or the screens that still name a game (none since the character sheet draws
any game's ``Ruleset.sheet``, issue 20 deliverable 3)."""


def test_nothing_probes_a_ruleset_by_name() -> None:
    offenders = []
    for path in CORE_AND_SCREENS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
            ):
                target = ast.unparse(node.args[0]) if node.args else ""
                if "ruleset" in target or target.endswith(".game"):
                    offenders.append(f"{path.relative_to(REPO)}:{node.lineno}: {ast.unparse(node)}")
    assert offenders == []


def test_no_game_is_named_in_the_core_or_the_screens() -> None:
    keys = "|".join(sorted(GAMES, key=len, reverse=True))
    pattern = re.compile(rf"""(["']|rulesets\.)({keys})(["']|\b)""")
    found = []
    for path in CORE_AND_SCREENS:
        where = str(path.relative_to(REPO))
        if where in STILL_GAME_SPECIFIC:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in pattern.finditer(line):
                if (where, match[2]) not in GAME_WORDS_ALLOWED:
                    found.append(f"{where}:{number}: {line.strip()}")
    assert found == []


def test_every_registered_game_declares_the_contract() -> None:
    """Each game's ruleset is a Ruleset whose four hooks are its own; a capability flag set is a
    hook overridden (a game that says it has odds computes them)."""
    for key, game in GAMES.items():
        ruleset = get_ruleset(key)
        assert isinstance(ruleset, Ruleset), key
        assert ruleset.key == key and game.title
        kind = type(ruleset)
        for hook in ("new", "prompt", "apply", "trackers"):
            assert getattr(kind, hook) is not getattr(Ruleset, hook), f"{key} does not write {hook}"
        if ruleset.has_odds:
            assert kind.odds is not Ruleset.odds, key
        if ruleset.has_gauges:
            assert kind.gauges is not Ruleset.gauges, key
        if ruleset.has_tables:
            assert kind.tables_file is not Ruleset.tables_file, key
        if ruleset.has_sheet:
            assert isinstance(ruleset.sheet(ruleset.tables_for(None)), SheetSpec), key
        else:
            assert ruleset.sheet(None) is None, key
        if ruleset.round_seconds is not None:
            assert isinstance(ruleset, TimedRuleset), key
        if game.tournament is not None:
            assert get_ruleset(game.tournament).roster == key
        assert game.cards is None or game.cards.is_file(), key


def test_the_screens_probe_no_card_and_hold_no_game_words() -> None:
    """Deliverable 3: what a card or a tracker means is the ruleset's (``card_view``, ``panel_lines``,
    ``combatants``): the screens ask no card whether it has a sheet, pairs or a nickname, and keep no
    table of a game's words (the old ``_LABELS``, FO's short rating words, PAF's OUT statuses)."""
    offenders = []
    for path in sorted((REPO / "screens").glob("*.py")):
        where = str(path.relative_to(REPO))
        if where in STILL_GAME_SPECIFIC:
            continue
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
            ):
                target = ast.unparse(node.args[0]) if node.args else ""
                if target not in ("self", "self.app"):
                    offenders.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
        for word in (
            "companion.rulesets",
            "sheet_lines",
            "stat_pairs",
            '"tired',
            '"unconscious"',
            '"fight_points"',
            "}_tournament",
            '"attack_seconds"',
        ):
            if word in text:
                offenders.append(f"{where}: {word}")
    assert offenders == []
