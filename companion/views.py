"""What a ruleset shows, typed: the view models the screens render for any game (issue 20).

A ruleset says what a fighter's panel, a scene's combatant or a card on the selection screen
holds, in the game's words and with a semantic :class:`Tone` for each mark ("tired -2" is a
warning, "DYING 3" an alarm); the screens map the tones to the theme (``$success``,
``$warning``, ``$error``) and lay the marks out. The screens hold no rule: which statuses put a
being out of the fight, what a Focus action gives, which wound box a Health roll shrugged off
are all decided here, by the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = [
    "Box",
    "BoxRow",
    "CardView",
    "CombatantView",
    "Field",
    "HitPointBar",
    "Mark",
    "Pair",
    "PanelLine",
    "Tone",
    "WoundTrack",
]


class Tone(Enum):
    """How a mark reads at the table, whatever the theme."""

    PLAIN = "plain"
    MUTED = "muted"
    """Secondary: an initiative, where a being dies while that is far off."""
    GOOD = "good"
    """In the fighter's favour: aiming, a wound shrugged off."""
    WARNING = "warning"
    """A penalty or a danger that passes: stunned, tired, a scratch."""
    DANGER = "danger"
    """Out of the fight, a wound, an empty weapon, a lasting injury."""
    NOTE = "note"
    """Something in force between fighters: a hold, a flag of the fight."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A word or figure shown with its tone: ``STUNNED 2``, ``aim``, ``holds Goblin (cat 1)``."""

    text: str
    tone: Tone = Tone.PLAIN
    short: str = ""
    """The words where room is tight (``i3`` for ``init 3``); empty: the text."""
    strong: bool = False
    """Bold."""
    alarm: bool = False
    """Reversed: the one thing the table must not miss (a being dying)."""

    def brief(self, tight: bool) -> str:
        """The text, or its short form where room is tight."""
        return self.short if tight and self.short else self.text


@dataclass(frozen=True, slots=True)
class Field:
    """A labelled figure on a fighter's panel: ``fight points: 18``."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class Pair:
    """Two ratings side by side on a fighter's panel: an attack and the defence that answers it
    (FO: ``punch 9 │ block 8``)."""

    left: str
    right: str


PanelLine = Field | Mark | Pair
"""One line of a fighter's panel: a labelled figure, a mark standing alone, or a pair."""


class Box(Enum):
    """One wound box."""

    FREE = "free"
    FELT = "felt"
    SHRUGGED = "shrugged"
    """Marked, then shrugged off by a Health roll (Fudge FU-4): no penalty."""


@dataclass(frozen=True, slots=True)
class BoxRow:
    """One wound level's boxes: ``Hurt ■▣``."""

    label: str
    short: str
    boxes: tuple[Box, ...]
    tone: Tone
    """The felt boxes' tone (a scratch warns, a wound is a danger)."""


@dataclass(frozen=True, slots=True)
class WoundTrack:
    """Wound boxes by level, with the penalty in force (Fudge)."""

    rows: tuple[BoxRow, ...]
    penalty: Mark | None = None


@dataclass(frozen=True, slots=True)
class HitPointBar:
    """Hit points as a bar: what is left, the temporary damage that comes back (PAF)."""

    value: int
    maximum: int
    temporary: int = 0
    tone: Tone = Tone.GOOD
    """The figure's and the bar's tone: the game says when a being is low."""
    temporary_mark: Mark | None = None
    """The temporary damage in words (``+3 temp``, short ``+3t``)."""


@dataclass(frozen=True, slots=True)
class CombatantView:
    """One combatant of a scene as the side panels show him."""

    name: str
    side: int
    out: bool = False
    """Out of the fight: the name is dimmed and no declaration is shown."""
    tags: tuple[Mark, ...] = ()
    """Beside the name, never cut: his status, aim, ammunition, initiative."""
    action: str = ""
    """This round's declaration."""
    track: WoundTrack | HitPointBar | None = None
    figures: str = ""
    """Figures shown beside the track where there is room (``AF 12 DF 3``)."""
    notes: tuple[Mark, ...] = ()
    """After the track, in order, cut where room ends: holds, injuries, where he dies."""


@dataclass(frozen=True, slots=True)
class CardView:
    """A card as the selection screen shows it, in the game's words."""

    name: str
    nickname: str = ""
    style: str = ""
    rows: tuple[tuple[str, str], ...] = ()
    """Labelled figures, in order (a value the rules supply says so: ``(default)``)."""
    sheet: tuple[str, ...] = ()
    """A whole character sheet, line by line, in place of the rows (Cage Match, Fudge, PAF)."""
    notes: str = ""
