"""A being with a hit point bar (PAF, design "Trackers") in a side panel: the bar with real
damage and temporary, non-lethal damage drawn apart, his marks (status, initiative), his
notes (holds, injuries, where he dies) and this round's action, as his ruleset's view gives
them; the being whose prompt it is is marked.

Four beings a side fit at 80x24 (two lines each when more than six are in the
scene, three when there is room)."""

from __future__ import annotations

from collections.abc import Iterable

from companion.screens.widgets import TONE_STYLES, escape, mark_markup
from companion.screens.wounds import cut, name_markup
from companion.views import CombatantView, HitPointBar, Tone

LINE_WIDTH = 44
"""The text width of a being's line (the side panel is 48 wide)."""

BAR_ROOMY = 16
BAR_TIGHT = 12
"""The hit point bar's cells, three lines a being or two."""

LEGEND = "█ hp ▒ temporary damage ░ lost"
"""What the bar's cells mean, under each side's panel."""


def hp_bar(bar: HitPointBar, cells: int) -> tuple[str, str]:
    """The hit point bar (plain, markup) in ``cells``: the hit points the being has now solid
    (every damage taken off), the temporary (non-lethal) damage that will come back shaded
    after it, the rest lost. The solid part is in the bar's tone (the game says when a being
    is low)."""
    hp, temporary = bar.value, bar.temporary
    max_hp = max(1, bar.maximum)
    now = max(0, min(max_hp, hp))
    back = max(0, min(max_hp, hp + max(0, temporary)))
    n_solid = round(now * cells / max_hp)
    n_back = round(back * cells / max_hp)
    if now > 0:
        n_solid = max(1, n_solid)  # one point left still shows a sliver
    if back > now:
        n_back = max(n_solid + 1, n_back)
    n_solid = min(cells, n_solid)
    n_temp = max(0, min(cells, n_back) - n_solid)
    n_lost = cells - n_solid - n_temp
    colour = TONE_STYLES[bar.tone] or TONE_STYLES[Tone.GOOD]
    plain = "█" * n_solid + "▒" * n_temp + "░" * n_lost
    markup = ""
    if n_solid:
        markup += f"[{colour}]{'█' * n_solid}[/]"
    if n_temp:
        markup += f"[{TONE_STYLES[Tone.WARNING]}]{'▒' * n_temp}[/]"
    if n_lost:
        markup += f"[dim]{'░' * n_lost}[/dim]"
    return plain, markup


def _join(parts: Iterable[tuple[str, str]]) -> tuple[str, str]:
    parts = [p for p in parts if p[0]]
    return " ".join(p for p, _ in parts), " ".join(m for _, m in parts)


def _fit(parts: list[tuple[str, str]], width: int) -> str:
    """Markup of ``parts`` joined by `` · ``, the last that does not fit cut (plain text cut)."""
    out_plain = 0
    shown: list[str] = []
    for plain, markup in parts:
        sep = 3 if shown else 0
        if out_plain + sep + len(plain) <= width:
            shown.append(markup)
            out_plain += sep + len(plain)
            continue
        room = width - out_plain - sep
        if room >= 4:
            shown.append(f"[dim]{escape(cut(plain, room))}[/dim]")
        break
    return " [dim]·[/dim] ".join(shown)


def being_lines(view: CombatantView, acting: bool, width: int = LINE_WIDTH, roomy: bool = False) -> list[str]:
    """One being with a hit point bar as lines of markup: two, or three when there is room.

    The first line: a marker when the prompt is his, the name, his marks (status, or initiative)
    and, two lines a being, this round's action. The second: the hit point bar with hp/max and
    the temporary damage; roomy, his figures beside. The third (roomy) or the rest of the
    second: the notes (holds, injuries, where he dies), as they fit.

    Args:
        view: the being as his ruleset shows him.
        acting: the prompt is his.
        width: the cells a line may take.
        roomy: three lines a being, for a scene of few.
    """
    tight = not roomy
    marker = ("▶ ", "[b $text-accent]▶[/] ") if acting else ("  ", "  ")
    body = width - len(marker[0])
    action = view.action
    tail_plain, tail_markup = _join((mark.brief(tight), mark_markup(mark, tight)) for mark in view.tags)
    tail_cells = len(tail_plain) + 1 if tail_plain else 0
    name = cut(view.name, max(6, body - tail_cells))
    action_shown = ""
    if not roomy and action:
        # the declaration after the name, as it fits; a long name gives way to it
        room = body - len(name) - 1 - tail_cells
        if room < 10 and len(name) > 16:
            name = cut(view.name, 16)
            room = body - len(name) - 1 - tail_cells
        action_shown = cut(action, room) if room >= 4 else ""
    first = marker[1] + name_markup(view, name, acting)
    used = len(name)
    if action_shown:
        first += " " + f"[i]{escape(action_shown)}[/i]"
        used += 1 + len(action_shown)
    if tail_plain:
        first += " " * max(1, body - used - len(tail_plain)) + tail_markup
    lines = [first]
    bar = view.track
    if not isinstance(bar, HitPointBar):
        return lines
    bar_plain, bar_markup = hp_bar(bar, BAR_ROOMY if roomy else BAR_TIGHT)
    colour = TONE_STYLES[bar.tone] if bar.tone is not Tone.GOOD else ""
    figure = f"[b {colour}]{bar.value}[/]" if colour else f"[b]{bar.value}[/b]"
    second_plain = f"{bar_plain} {bar.value}/{bar.maximum}"
    second = f"{bar_markup} {figure}[dim]/{bar.maximum}[/dim]"
    if bar.temporary_mark is not None:
        second_plain += " " + bar.temporary_mark.brief(tight)
        second += " " + mark_markup(bar.temporary_mark, tight)
    notes = [(mark.brief(tight), mark_markup(mark, tight)) for mark in view.notes]
    if roomy:
        if view.figures:
            gap = body - len(second_plain) - len(view.figures)
            if gap >= 1:
                second += " " * gap + f"[dim]{escape(view.figures)}[/dim]"
        lines.append("  " + second)
        third = list(notes)  # holds and injuries first: they last; the action is this round's
        if action:
            third.append((action, f"[i]{escape(action)}[/i]"))
        lines.append("  " + (_fit(third, body) if third else ("[dim]-[/dim]" if not view.out else "")))
        return lines
    room = body - len(second_plain) - 1
    if notes and room >= 4:
        second += " " + _fit(notes, room)
    lines.append("  " + second)
    return lines
