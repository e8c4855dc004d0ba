"""A scene's side panels (Fudge, design §7): each combatant in two lines, with the
wound tracker, the penalty in force, status, ammunition, aim and this round's
declaration. They render the ruleset's trackers; they own nothing."""

from __future__ import annotations

from typing import Any

from textual.geometry import Region
from textual.widget import Widget

from companion.ruleset import SIDES
from companion.screens.widgets import FighterPanel, escape, show_text

WOUND_LEVELS = (
    ("scratch", "Scratch"),
    ("hurt", "Hurt"),
    ("very_hurt", "V.Hurt"),
    ("incapacitated", "Inc"),
    ("near_death", "ND"),
)
"""The wound boxes in order of severity (ruling FU-4), with the words the tracker shows."""

LEGEND = "□ free ■ wound ▣ shrugged off"
"""What the boxes mean, under each side's panel."""

LINE_WIDTH = 44
"""The text width of a combatant's line in a side panel (the panel is 48 wide)."""

NAME_CELLS = 17
"""The cells a long name keeps when the declaration beside it needs the room."""

ROOMY_SCENE = 6
"""Up to this many combatants, each takes three lines (his declaration whole on
one); more (up to 8) take two: every one stays in view at 80x24."""


def _plain(parts: list[tuple[str, str]]) -> int:
    """The printed width of ``parts`` (plain text, markup) joined by spaces."""
    return sum(len(p) for p, _ in parts) + max(0, len(parts) - 1)


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, an ellipsis marking a cut."""
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _level(key: str) -> str:
    """A wound level's key as the tracker writes it (``very hurt`` is ``very_hurt``)."""
    return key.strip().lower().replace(" ", "_")


SHORT_WORDS = {"scratch": "Scr", "hurt": "Hurt", "very_hurt": "VH", "incapacitated": "Inc", "near_death": "ND"}
"""The words when a long Hurt track leaves no room for the full ones."""


def _box_marks(
    boxes: dict[str, list[bool]], suppressed: list[str] | tuple[str, ...], marks: dict[str, list[str]] | None
) -> dict[str, list[str]]:
    """Each box as ``felt``, ``shrugged`` or ``free``: the trackers' ``marks`` where given, else read
    from ``boxes`` and ``suppressed`` (one entry a shrugged box: that many of the level's marks)."""
    if marks:
        return {key: list(marks.get(key, ())) for key, _ in WOUND_LEVELS}
    out = {}
    counts = [_level(level) for level in suppressed]
    for key, _ in WOUND_LEVELS:
        row = ["felt" if m else "free" for m in boxes.get(key, ())]
        n = counts.count(key)
        for i in range(len(row) - 1, -1, -1):  # the last marked ones are the shrugged ones
            if n and row[i] == "felt":
                row[i] = "shrugged"
                n -= 1
        out[key] = row
    return out


def _box_pieces(
    boxes: dict[str, list[bool]],
    suppressed: list[str] | tuple[str, ...] = (),
    marks: dict[str, list[str]] | None = None,
    short: bool = False,
) -> list[tuple[str, str]]:
    """Each wound level as (plain, markup): its word and one glyph a box."""
    rows = _box_marks(boxes, suppressed, marks)
    out = []
    for key, word in WOUND_LEVELS:
        row = rows.get(key) or []
        if not row:
            continue
        colour = "$warning" if key == "scratch" else "$error"
        glyphs = {"felt": "■", "shrugged": "▣", "free": "□"}
        cells = {
            "felt": f"[b {colour}]■[/]",
            "shrugged": "[$success]▣[/]",
            "free": "[dim]□[/dim]",
        }
        label = SHORT_WORDS[key] if short else word
        out.append((f"{label} {''.join(glyphs[m] for m in row)}", f"{label} {''.join(cells[m] for m in row)}"))
    return out


def wound_boxes(
    boxes: dict[str, list[bool]],
    suppressed: list[str] | tuple[str, ...] = (),
    marks: dict[str, list[str]] | None = None,
) -> tuple[str, str]:
    """The wound tracker in one line: ``Scratch ■■□ Hurt ■▣ V.Hurt □ Inc □ ND □``.

    Args:
        boxes: each level's boxes, True where marked.
        suppressed: a level for each box a Health roll shrugged off.
        marks: each box as ``felt``, ``shrugged`` or ``free`` (the trackers' ``marks``), which says
            which box is which: one felt Hurt and one shrugged is ``Hurt ■▣`` beside a -1 (issue 17).

    Returns:
        The line as plain text and as markup (felt marks in the theme's warning and error colours,
        shrugged-off marks in its success colour).
    """
    pieces = _box_pieces(boxes, suppressed, marks)
    return " ".join(p for p, _ in pieces), " ".join(m for _, m in pieces)


def wound_rows(numbers: dict[str, Any], width: int) -> list[tuple[str, str]]:
    """The wound tracker in as few lines of ``width`` as it fits: one line with the full words, else
    the short words, else wrapped after a level (a card with many Hurt boxes, issue 17)."""
    args = (numbers.get("boxes") or {}, numbers.get("suppressed") or (), numbers.get("marks"))
    for short in (False, True):
        pieces = _box_pieces(*args, short=short)
        if _plain(pieces) <= width:
            return [(" ".join(p for p, _ in pieces), " ".join(m for _, m in pieces))]
    rows: list[list[tuple[str, str]]] = [[]]
    for piece in pieces:
        if rows[-1] and _plain(rows[-1] + [piece]) > width:
            rows.append([])
        rows[-1].append(piece)
    return [(" ".join(p for p, _ in row), " ".join(m for _, m in row)) for row in rows]


def _ammo(numbers: dict[str, Any]) -> list[tuple[str, str]]:
    """Each ranged weapon's loads, ``longbow 1+19`` (loaded + spare), and reload turns left; once a
    counted weapon is declared this round (``in_hand``), that weapon's alone."""
    parts: list[tuple[str, str]] = []
    ammo = numbers.get("ammo") or {}
    in_hand = numbers.get("in_hand")
    if in_hand in ammo:
        ammo = {in_hand: ammo[in_hand]}
    reloads = numbers.get("reloads") or {}
    turns = numbers.get("reload_turns") or {}
    for weapon, loaded in ammo.items():
        spare = reloads.get(weapon)
        text = f"{weapon} {loaded}" + (f"+{spare}" if spare is not None else "")
        style = "$error" if not loaded else ""
        parts.append((text, f"[{style}]{escape(text)}[/]" if style else escape(text)))
        left = turns.get(weapon)
        if left:
            parts.append((f"reload {left}", f"[$warning]reload {left}[/]"))
    return parts


def combatant_lines(
    card: Any, numbers: dict[str, Any], acting: bool, width: int = LINE_WIDTH, roomy: bool = False
) -> list[str]:
    """One combatant as lines of markup: two, or three when there is room.

    The name line: a marker when the prompt is his, the name, his status when
    he is out of the fight, aim and ammunition, and (two lines) this round's
    declared action, cut to fit. Roomy, the declaration has a line of its own.
    The last line: the wound boxes and the penalty in force.

    Args:
        card: the combatant's card.
        numbers: his trackers (design §7).
        acting: the prompt is his.
        width: the cells a line may take.
        roomy: three lines (the declaration whole on the second), for a scene of few.
    """
    status = str(numbers.get("status") or "fighting")
    out = status != "fighting"
    action = str(numbers.get("action") or "") if not out else ""
    tail: list[tuple[str, str]] = []  # what follows the name: never cut
    if out:
        tail.append((status.upper(), f"[b $error]{escape(status.upper())}[/]"))
    if numbers.get("aim"):
        tail.append(("aim", "[b $success]aim[/]"))
    if numbers.get("tired") and not out:  # last round's all-out attack: -2 to everything this round
        tail.append(("tired -2", "[b $warning]tired -2[/]"))
    tail += _ammo(numbers)
    marker = ("▶ ", "[b $accent]▶[/] ") if acting else ("  ", "  ")
    body = width - len(marker[0])
    tail_cells = _plain(tail) + 1 if tail else 0
    name = _cut(card.name, max(4, body - tail_cells))
    parts = list(tail)
    if action and not roomy:
        room = body - len(name) - 1 - tail_cells
        if room < 8 and len(name) > NAME_CELLS:  # the declaration is worth more than a long name's end
            name = _cut(card.name, max(4, NAME_CELLS))
            room = body - len(name) - 1 - tail_cells
        if room >= 4:
            short = _cut(action, room)
            parts.insert(0, (short, f"[i]{escape(short)}[/i]"))
    if out:
        shown = f"[dim]{escape(name)}[/dim]"
    elif acting:
        shown = f"[b $accent]{escape(name)}[/]"
    else:
        shown = f"[b]{escape(name)}[/b]"
    first = marker[1] + shown
    if parts:
        gap = " " * max(1, body - len(name) - _plain(parts))
        first += gap + " ".join(m for _, m in parts)
    lines = [first]
    if roomy:
        said = _cut(action, body) if action else ""
        lines.append(f"  [i]{escape(said)}[/i]" if said else "  [dim]-[/dim]" if not out else "")
    penalty = numbers.get("penalty") or 0
    shown_penalty = f"{penalty:+d}" if penalty else ""
    rows = wound_rows(numbers, width - (len(shown_penalty) + 1 if penalty else 0))
    for i, (plain, boxes) in enumerate(rows):
        # indented under the name, less where many Hurt boxes and a penalty need the room
        indent = max(0, min(2, width - len(plain) - (len(shown_penalty) + 1 if penalty and i == 0 else 0)))
        line = " " * indent + boxes
        if penalty and i == 0:
            colour = "$warning" if penalty == -1 else "$error"
            line += " " * max(1, width - indent - len(plain) - len(shown_penalty)) + f"[b {colour}]{shown_penalty}[/]"
        lines.append(line)
    return lines


class SidePanel(FighterPanel):
    """One side of a scene: its combatants, each in two lines (Fudge: the wound boxes).

    Another game's panel names its own ``legend`` and ``lines_of`` (one combatant's lines).
    """

    legend = LEGEND
    """What the panel's marks mean, on its lower border."""
    lines_of = staticmethod(combatant_lines)

    def show_side(
        self, side: int, combatants: list[tuple[Any, dict[str, Any]]], acting: str | None, roomy: bool = False
    ) -> None:
        """Render ``combatants`` (each card with its trackers), marking the one named ``acting``.

        Args:
            side: 0 red, 1 blue.
            combatants: the side's cards in scene order, each with its trackers.
            acting: the name of the combatant whose prompt it is, or None.
            roomy: three lines a combatant (the declaration whole) rather than two.
        """
        self.border_title = f"{SIDES[side].upper()} side"
        self.border_subtitle = self.legend
        lines: list[str] = []
        at: tuple[int, int] | None = None
        for card, numbers in combatants:
            mine = self.lines_of(card, numbers, card.name == acting, roomy=roomy)
            if card.name == acting:
                at = (len(lines), len(mine))
            lines += mine
        show_text(self, "\n".join(lines))
        self.set_class(at is not None, "acting")
        if at is not None:
            # a scene of many scrolls its sides (issue 17): the combatant whose prompt it is stays in view
            self.call_after_refresh(self._into_view, *at)

    def _into_view(self, line: int, height: int) -> None:
        """Scroll the panels' container so that ``height`` lines from ``line`` of this panel show."""
        box = self.parent
        if not isinstance(box, Widget) or not self.is_mounted:
            return
        top = self.virtual_region.y + 1 + line  # under the border
        box.scroll_to_region(Region(0, top, self.size.width, height), animate=False, immediate=True)
