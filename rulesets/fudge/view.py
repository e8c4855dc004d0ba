"""A Fudge combatant as the scene's side panels show him (issue 20's view models): the wound
boxes by level (ruling FU-4's order), which were shrugged off (FU-6), the penalty in force,
out of the fight, aiming, tired after an all-out attack, each counted weapon's loads."""

from __future__ import annotations

from typing import Any

from companion.ruleset import side_index
from companion.rulesets.fudge.rules import TIRED
from companion.views import Box, BoxRow, CombatantView, Mark, Tone, WoundTrack

WOUND_LEVELS = (
    ("scratch", "Scratch", "Scr"),
    ("hurt", "Hurt", "Hurt"),
    ("very_hurt", "V.Hurt", "VH"),
    ("incapacitated", "Inc", "Inc"),
    ("near_death", "ND", "ND"),
)
"""The wound boxes in order of severity (ruling FU-4): the tracker's key, its word, its short word
(for a long Hurt track that leaves no room for the full ones)."""

TIRED_MARK = Mark(f"tired {TIRED:+d}", Tone.WARNING, strong=True)
"""Last round's all-out attack: -2 to everything this round."""


def _level(key: str) -> str:
    """A wound level's key as the tracker writes it (``very hurt`` is ``very_hurt``)."""
    return key.strip().lower().replace(" ", "_")


def box_marks(
    boxes: dict[str, list[bool]], suppressed: list[str] | tuple[str, ...], marks: dict[str, list[str]] | None
) -> dict[str, list[Box]]:
    """Each box felt, shrugged off or free: the trackers' ``marks`` where given, else read from
    ``boxes`` and ``suppressed`` (one entry a shrugged box: that many of the level's last marks)."""
    if marks:
        return {key: [Box(mark) for mark in marks.get(key, ())] for key, _, _ in WOUND_LEVELS}
    out = {}
    counts = [_level(level) for level in suppressed]
    for key, _, _ in WOUND_LEVELS:
        row = [Box.FELT if marked else Box.FREE for marked in boxes.get(key, ())]
        left = counts.count(key)
        for i in range(len(row) - 1, -1, -1):  # the last marked ones are the shrugged ones
            if left and row[i] is Box.FELT:
                row[i] = Box.SHRUGGED
                left -= 1
        out[key] = row
    return out


def wound_track(
    boxes: dict[str, list[bool]],
    suppressed: list[str] | tuple[str, ...] = (),
    marks: dict[str, list[str]] | None = None,
    penalty: int = 0,
) -> WoundTrack:
    """The wound boxes by level (the levels a card has boxes for), and the penalty in force.

    Args:
        boxes: each level's boxes, True where marked.
        suppressed: a level for each box a Health roll shrugged off.
        marks: each box as ``felt``, ``shrugged`` or ``free`` (the trackers' ``marks``), which says
            which box is which: one felt Hurt and one shrugged is ``Hurt ■▣`` beside a -1 (issue 17).
        penalty: the penalty to every roll from the wounds felt (-1 a warning, worse a danger).
    """
    rows = box_marks(boxes, suppressed, marks)
    track = tuple(
        BoxRow(word, short, tuple(rows[key]), Tone.WARNING if key == "scratch" else Tone.DANGER)
        for key, word, short in WOUND_LEVELS
        if rows.get(key)
    )
    shown = Mark(f"{penalty:+d}", Tone.WARNING if penalty == -1 else Tone.DANGER, strong=True) if penalty else None
    return WoundTrack(track, shown)


def _ammo(numbers: dict[str, Any]) -> list[Mark]:
    """Each counted weapon's loads, ``longbow 1+19`` (loaded + spare), and reload turns left; once a
    counted weapon is declared this round (``in_hand``), that weapon's alone."""
    parts: list[Mark] = []
    ammo = numbers.get("ammo") or {}
    in_hand = numbers.get("in_hand")
    if in_hand in ammo:
        ammo = {in_hand: ammo[in_hand]}
    reloads = numbers.get("reloads") or {}
    turns = numbers.get("reload_turns") or {}
    for weapon, loaded in ammo.items():
        spare = reloads.get(weapon)
        text = f"{weapon} {loaded}" + (f"+{spare}" if spare is not None else "")
        parts.append(Mark(text, Tone.DANGER if not loaded else Tone.PLAIN))
        left = turns.get(weapon)
        if left:
            parts.append(Mark(f"reload {left}", Tone.WARNING))
    return parts


def combatant_view(name: str, numbers: dict[str, Any]) -> CombatantView:
    """A combatant from his trackers (design §7): out of the fight when his status is not
    ``fighting`` (no declaration then), his marks beside the name, the wound track."""
    status = str(numbers.get("status") or "fighting")
    out = status != "fighting"
    tags: list[Mark] = []
    if out:
        tags.append(Mark(status.upper(), Tone.DANGER, strong=True))
    if numbers.get("aim"):
        tags.append(Mark("aim", Tone.GOOD, strong=True))
    if numbers.get("tired") and not out:
        tags.append(TIRED_MARK)
    tags += _ammo(numbers)
    track = wound_track(
        numbers.get("boxes") or {}, numbers.get("suppressed") or (), numbers.get("marks"), numbers.get("penalty") or 0
    )
    return CombatantView(
        name,
        side_index(numbers.get("side")),
        out=out,
        tags=tuple(tags),
        action=str(numbers.get("action") or "") if not out else "",
        track=track,
    )
