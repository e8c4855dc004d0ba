"""Driving a scene game's ruleset (Fudge, PAF) in rules tests: a scene from cards,
typed answers played through it, the prompt and a combatant's trackers."""

from __future__ import annotations

from typing import Any, NamedTuple

from companion.ruleset import Answer, Setup


class ScenePlay(NamedTuple):
    """A scene game's ruleset with the tables its tests play under."""

    ruleset: Any
    tables: dict[str, Any]

    def scene(self, *cards: Any, sides: tuple[int, ...] = (), **options: Any) -> Any:
        """A new scene of ``cards`` on ``sides`` with the named options."""
        return self.ruleset.new(Setup(self.ruleset.key, tuple(cards), options, self.tables, tuple(sides)))

    def play(self, state: Any, *answers: str) -> tuple[Any, list[str]]:
        """The state after each typed answer, and the log lines they gave."""
        log: list[str] = []
        for text in answers:
            out = self.ruleset.apply(state, Answer(text))
            state = out.state
            log += out.log
        return state, log

    def prompt(self, state: Any) -> Any:
        return self.ruleset.prompt(state)

    def track(self, state: Any, name: str) -> dict[str, Any]:
        """One combatant's trackers."""
        return self.ruleset.trackers(state)[name]
