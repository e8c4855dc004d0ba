"""The five shipped games, each registered as a plug-in through the entry-point group
``companion.games`` (see ``pyproject.toml`` and :mod:`companion.games`), as any other game's
distribution would register. Only these descriptors are read to list the games; a game's rules
load when a fight of it needs them."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game

_CARDS = Path(__file__).resolve().parent.parent / "fighters"
"""The shipped rosters (``companion.fighters``: the repository's ``fighters/``)."""

NHB = Game(
    "nhb",
    "Bradu's SIMple NHB",
    "NHB",
    "companion.rulesets.nhb.ruleset:RULESET",
    cards=_CARDS / "nhb.yaml",
    tournament="nhb_tournament",
    order=1,
)
NHB_TOURNAMENT = Game(
    "nhb_tournament",
    "Bradu's SIMple NHB tournament night",
    "NHB tournament",
    "companion.rulesets.nhb.ruleset:TOURNAMENT",
    cards=_CARDS / "nhb.yaml",
    night=True,
    order=1,
)
FO = Game(
    "fo",
    "Fighters Only featherweight",
    "FO",
    "companion.rulesets.fo.ruleset:RULESET",
    cards=_CARDS / "fo.yaml",
    order=2,
)
CAGE_MATCH = Game(
    "cage_match",
    "Cage Match!",
    "Cage Match",
    "companion.rulesets.cage_match.ruleset:RULESET",
    cards=_CARDS / "cage_match.yaml",
    order=3,
)
FUDGE = Game(
    "fudge",
    "Simultaneous Combat for Fudge",
    "Fudge",
    "companion.rulesets.fudge.ruleset:RULESET",
    cards=_CARDS / "fudge.yaml",
    order=4,
)
PAF = Game(
    "paf",
    "Paul's Adventures In Fantasy",
    "PAF",
    "companion.rulesets.paf.ruleset:RULESET",
    cards=_CARDS / "paf.yaml",
    order=5,
)
