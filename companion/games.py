"""The registry of games: each game is a plug-in, found through the entry-point group
``companion.games`` (issue 20).

A game's distribution declares one line in its ``pyproject.toml``::

    [project.entry-points."companion.games"]
    mygame = "my_package:GAME"

where ``GAME`` is a :class:`Game`: the game's key, titles and where its ruleset and shipped
cards are. The five shipped games register the same way (``companion.rulesets``). Reading the
registry imports only the descriptors, never a ruleset: the home screen and ``--help`` list
the games without loading their rules; :meth:`Game.load` loads one when a fight needs it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ruleset import Ruleset

GROUP = "companion.games"
"""The entry-point group games register in."""


@dataclass(frozen=True, slots=True)
class Game:
    """What the app knows of a game before loading its rules."""

    key: str
    """The game's key: ``companion script KEY``, the stored fights' ``game``, card files' ``game:``."""
    title: str
    """Its name as the home screen lists it."""
    short: str
    """Its name in a word or two, for lists of saved fights (``NHB``, ``Cage Match``)."""
    ruleset: str
    """Where its :class:`~companion.ruleset.Ruleset` instance is: ``module:NAME``."""
    cards: Path | None = None
    """Its shipped card file (``{game: KEY, fighters: [...]}``); None: only the player's cards."""
    tournament: str | None = None
    """The key of the game that plays a tournament night of this one, if any."""
    night: bool = False
    """This game is a tournament night of another: entered from that game's fighter selection,
    not listed on the home screen, its fights titled by their entrants."""
    order: int = 100
    """Where the home screen lists it (lower first; then by title)."""

    def load(self) -> Ruleset:
        """The game's ruleset (its module imported the first time)."""
        module, _, name = self.ruleset.partition(":")
        ruleset: Ruleset = getattr(importlib.import_module(module), name or "RULESET")
        return ruleset


class Registry(Mapping[str, Game]):
    """Every registered game by key, read from the entry points the first time it is asked."""

    def __init__(self) -> None:
        self._games: dict[str, Game] | None = None
        self.problems: list[str] = []
        """Entry points that could not be read as a game (named, with the reason)."""

    def _load(self) -> dict[str, Game]:
        if self._games is None:
            found: list[Game] = []
            for point in entry_points(group=GROUP):
                try:
                    game = point.load()
                except Exception as exc:  # noqa: BLE001  # a broken plug-in must not stop the other games: said, skipped
                    self.problems.append(f"game {point.name!r} ({point.value}) cannot be loaded: {exc}")
                    continue
                if not isinstance(game, Game) or game.key != point.name:
                    self.problems.append(f"game {point.name!r} ({point.value}) is not a Game named {point.name!r}")
                    continue
                found.append(game)
            found.sort(key=lambda g: (g.order, g.title))
            self._games = {game.key: game for game in found}
        return self._games

    def refresh(self) -> None:
        """Read the entry points again (after a distribution is installed in this process)."""
        self._games = None
        self.problems = []

    def __getitem__(self, key: str) -> Game:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def listed(self) -> list[Game]:
        """The games the home screen lists (not the tournament nights), in order."""
        return [game for game in self._load().values() if not game.night]


GAMES = Registry()
"""Every playable game, by key, in the home screen's order."""
