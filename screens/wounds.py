"""A combatant with a wound track (Fudge, design §7) in a side panel: two or three lines with
the wound boxes, the penalty in force, his marks (status, aim, ammunition) and this round's
declaration, as his ruleset's view gives them."""

from __future__ import annotations

from companion.screens.widgets import TONE_STYLES, escape, mark_markup
from companion.views import Box, CombatantView, Tone, WoundTrack

LEGEND = "□ free ■ wound ▣ shrugged off"
"""What the boxes mean, under each side's panel."""

LINE_WIDTH = 44
"""The text width of a combatant's line in a side panel (the panel is 48 wide)."""

NAME_CELLS = 17
"""The cells a long name keeps when the declaration beside it needs the room."""

GLYPHS = {Box.FELT: "■", Box.SHRUGGED: "▣", Box.FREE: "□"}


def _plain(parts: list[tuple[str, str]]) -> int:
    """The printed width of ``parts`` (plain text, markup) joined by spaces."""
    return sum(len(p) for p, _ in parts) + max(0, len(parts) - 1)


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, an ellipsis marking a cut."""
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _box_pieces(track: WoundTrack, short: bool = False) -> list[tuple[str, str]]:
    """Each wound level as (plain, markup): its word and one glyph a box."""
    out = []
    for row in track.rows:
        colour = TONE_STYLES[row.tone]
        cells = {
            Box.FELT: f"[b {colour}]■[/]",
            Box.SHRUGGED: f"[{TONE_STYLES[Tone.GOOD]}]▣[/]",
            Box.FREE: "[dim]□[/dim]",
        }
        label = row.short if short else row.label
        out.append(
            (f"{label} {''.join(GLYPHS[b] for b in row.boxes)}", f"{label} {''.join(cells[b] for b in row.boxes)}")
        )
    return out


def wound_boxes(track: WoundTrack) -> tuple[str, str]:
    """The wound track in one line: ``Scratch ■■□ Hurt ■▣ V.Hurt □ Inc □ ND □``, as plain text
    and as markup (felt marks in their row's tone, shrugged-off marks good)."""
    pieces = _box_pieces(track)
    return " ".join(p for p, _ in pieces), " ".join(m for _, m in pieces)


def wound_rows(track: WoundTrack, width: int) -> list[tuple[str, str]]:
    """The wound track in as few lines of ``width`` as it fits: one line with the full words, else
    the short words, else wrapped after a level (a card with many Hurt boxes, issue 17)."""
    for short in (False, True):
        pieces = _box_pieces(track, short=short)
        if _plain(pieces) <= width:
            return [(" ".join(p for p, _ in pieces), " ".join(m for _, m in pieces))]
    rows: list[list[tuple[str, str]]] = [[]]
    for piece in pieces:
        if rows[-1] and _plain(rows[-1] + [piece]) > width:
            rows.append([])
        rows[-1].append(piece)
    return [(" ".join(p for p, _ in row), " ".join(m for _, m in row)) for row in rows]


def name_markup(view: CombatantView, name: str, acting: bool) -> str:
    """The name as cut: dimmed out of the fight, in the accent when the prompt is his."""
    if view.out:
        return f"[dim]{escape(name)}[/dim]"
    if acting:
        return f"[b $text-accent]{escape(name)}[/]"
    return f"[b]{escape(name)}[/b]"


def combatant_lines(view: CombatantView, acting: bool, width: int = LINE_WIDTH, roomy: bool = False) -> list[str]:
    """One combatant with a wound track as lines of markup: two, or three when there is room.

    The name line: a marker when the prompt is his, the name, his marks (status, aim, ammunition)
    and (two lines) this round's declaration, cut to fit. Roomy, the declaration has a line of
    its own. The last line: the wound boxes and the penalty in force.

    Args:
        view: the combatant as his ruleset shows him.
        acting: the prompt is his.
        width: the cells a line may take.
        roomy: three lines (the declaration whole on the second), for a scene of few.
    """
    action = view.action
    tail = [(mark.text, mark_markup(mark)) for mark in view.tags]  # what follows the name: never cut
    marker = ("▶ ", "[b $text-accent]▶[/] ") if acting else ("  ", "  ")
    body = width - len(marker[0])
    tail_cells = _plain(tail) + 1 if tail else 0
    name = cut(view.name, max(4, body - tail_cells))
    parts = list(tail)
    if action and not roomy:
        room = body - len(name) - 1 - tail_cells
        if room < 8 and len(name) > NAME_CELLS:  # the declaration is worth more than a long name's end
            name = cut(view.name, max(4, NAME_CELLS))
            room = body - len(name) - 1 - tail_cells
        if room >= 4:
            short = cut(action, room)
            parts.insert(0, (short, f"[i]{escape(short)}[/i]"))
    first = marker[1] + name_markup(view, name, acting)
    if parts:
        gap = " " * max(1, body - len(name) - _plain(parts))
        first += gap + " ".join(m for _, m in parts)
    lines = [first]
    if roomy:
        said = cut(action, body) if action else ""
        lines.append(f"  [i]{escape(said)}[/i]" if said else "  [dim]-[/dim]" if not view.out else "")
    track = view.track
    if not isinstance(track, WoundTrack):
        return lines
    penalty = track.penalty
    shown_penalty = penalty.text if penalty is not None else ""
    room = len(shown_penalty) + 1 if penalty is not None else 0
    rows = wound_rows(track, width - room)
    for i, (plain, boxes) in enumerate(rows):
        # indented under the name, less where many Hurt boxes and a penalty need the room
        indent = max(0, min(2, width - len(plain) - (room if i == 0 else 0)))
        line = " " * indent + boxes
        if penalty is not None and i == 0:
            line += " " * max(1, width - indent - len(plain) - len(shown_penalty)) + mark_markup(penalty)
        lines.append(line)
    return lines
