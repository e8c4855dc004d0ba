"""A PAF scene's side panels (Paul's Adventures In Fantasy, design "Trackers"):
each being with a hit point bar (real damage and temporary, non-lethal damage
drawn apart), where it dies ("dead at -12", PA-5), its status (fighting,
stunned N rounds, unconscious, below 0 needing help or helped, dying N turns,
dead), lasting injuries, holds in force, initiative and this round's action;
the being whose prompt it is is marked. They render the ruleset's trackers;
they own nothing.

Four beings a side fit at 80x24 (two lines each when more than six are in the
scene, three when there is room)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.screens.widgets import escape
from companion.screens.wounds import SidePanel

LINE_WIDTH = 44
"""The text width of a being's line (the side panel is 48 wide)."""

ROOMY_SCENE = 6
"""Up to this many beings, each takes three lines; more take two."""

BAR_ROOMY = 16
BAR_TIGHT = 12
"""The hit point bar's cells, three lines a being or two."""

LEGEND = "█ hp ▒ temporary damage ░ lost"
"""What the bar's cells mean, under each side's panel."""

OUT = ("unconscious", "needs_help", "helped", "dying", "dead")
"""Statuses that take a being out of the fight."""


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, an ellipsis marking a cut."""
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def hold_words(numbers: dict[str, Any], short: bool = False) -> list[str]:
    """The holds in force, in words: ``held by Orc Raider (cat 2)``, ``holds Goblin (cat 1)``.

    The trackers give ``held_by`` and ``holding`` as ``{"name": .., "category": ..}`` or None,
    and the legs grabbed (overbear's Grab Leg) as ``legs_held_by`` and ``holding_legs``, names.
    """
    out = []
    for key, word in (("held_by", "held by"), ("holding", "holds")):
        hold = numbers.get(key)
        if hold:
            category = hold.get("category")
            cat = "" if category is None else (f" ({category})" if short else f" (cat {category})")
            out.append(f"{word} {hold['name']}{cat}")
    for name in numbers.get("legs_held_by") or ():
        out.append(f"leg held by {name}")
    for name in numbers.get("holding_legs") or ():
        out.append(f"holds {name}'s leg")
    return out


def status_of(numbers: dict[str, Any]) -> tuple[str, int | None]:
    """The being's status word and its count (stunned N rounds, dying N turns), if any."""
    word = str(numbers.get("status") or "fighting")
    if word == "needs_help" and numbers.get("helped"):
        return "helped", None  # PA-5: below 0, and a friend has helped: he can heal
    if word == "stunned":
        return word, numbers.get("stunned") or None
    if word == "dying":
        return word, numbers.get("dying") or None
    return word, None


def status_text(word: str, count: int | None) -> tuple[str, str]:
    """The status as shown (plain, markup); nothing for a being simply fighting."""
    if word == "fighting":
        return "", ""
    if word == "stunned":
        plain = f"STUNNED {count}" if count else "STUNNED"
        return plain, f"[b $warning]{plain}[/]"
    if word == "dying":
        plain = f"DYING {count}" if count else "DYING"
        return plain, f"[b reverse $error]{plain}[/]"
    if word == "helped":
        return "HELPED", "[b $warning]HELPED[/]"
    plain = word.replace("_", " ").upper()  # needs_help: NEEDS HELP
    return plain, f"[b $error]{escape(plain)}[/]"


def hp_bar(hp: int, max_hp: int, temporary: int, cells: int) -> tuple[str, str]:
    """The hit point bar (plain, markup) out of ``max_hp``: the hit points the being has
    now solid (``hp``, every damage taken off), the temporary (non-lethal) damage that
    will come back shaded after it, the rest lost. The solid part is in the theme's
    success colour, warning at a third or less, error at 0 or below."""
    max_hp = max(1, max_hp)
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
    colour = hp_colour(hp, max_hp) or "$success"
    plain = "█" * n_solid + "▒" * n_temp + "░" * n_lost
    markup = ""
    if n_solid:
        markup += f"[{colour}]{'█' * n_solid}[/]"
    if n_temp:
        markup += f"[$warning]{'▒' * n_temp}[/]"
    if n_lost:
        markup += f"[dim]{'░' * n_lost}[/dim]"
    return plain, markup


def hp_colour(hp: int, max_hp: int) -> str:
    """The theme variable for ``hp`` of ``max_hp``: error at 0 or below, warning at a
    third or less, else none."""
    if hp <= 0:
        return "$error"
    if hp * 3 <= max_hp:
        return "$warning"
    return ""


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
            shown.append(f"[dim]{escape(_cut(plain, room))}[/dim]")
        break
    return " [dim]·[/dim] ".join(shown)


def _show_number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def being_lines(
    card: Any, numbers: dict[str, Any], acting: bool, width: int = LINE_WIDTH, roomy: bool = False
) -> list[str]:
    """One being as lines of markup: two, or three when there is room.

    The first line: a marker when the prompt is his, the name, his status (or,
    fighting, his initiative and this round's action). The second: the hit point
    bar with hp/max and the temporary damage; roomy, AF and DF beside. The third
    (roomy) or the rest of the second: holds in force and lasting injuries.

    Args:
        card: the being's card (``name``).
        numbers: its trackers (design "Trackers").
        acting: the prompt is his.
        width: the cells a line may take.
        roomy: three lines a being, for a scene of few.
    """
    word, count = status_of(numbers)
    status_plain, status_markup = status_text(word, count)
    out = word in OUT
    marker = ("▶ ", "[b $accent]▶[/] ") if acting else ("  ", "  ")
    body = width - len(marker[0])
    initiative = numbers.get("initiative")
    action = "" if out else str(numbers.get("action") or "")
    tail: list[tuple[str, str]] = []
    if status_plain:
        tail.append((status_plain, status_markup))
    if initiative not in (None, "") and not out:
        text = f"init {initiative}" if roomy else f"i{initiative}"
        tail.append((text, f"[dim]{escape(text)}[/dim]"))
    tail_plain, tail_markup = _join(tail)
    name_room = body - (len(tail_plain) + 1 if tail_plain else 0)
    name = _cut(card.name, max(6, name_room))
    if not roomy and action:
        # the declaration after the name, as it fits; a long name gives way to it
        room = body - len(name) - 1 - (len(tail_plain) + 1 if tail_plain else 0)
        if room < 10 and len(name) > 16:
            name = _cut(card.name, 16)
            room = body - len(name) - 1 - (len(tail_plain) + 1 if tail_plain else 0)
        action_shown = _cut(action, room) if room >= 4 else ""
    else:
        action_shown = ""
    if out:
        shown = f"[dim]{escape(name)}[/dim]"
    elif acting:
        shown = f"[b $accent]{escape(name)}[/]"
    else:
        shown = f"[b]{escape(name)}[/b]"
    first = marker[1] + shown
    used = len(name)
    if action_shown:
        first += " " + f"[i]{escape(action_shown)}[/i]"
        used += 1 + len(action_shown)
    if tail_plain:
        first += " " * max(1, body - used - len(tail_plain)) + tail_markup
    lines = [first]

    hp = numbers["hp"]
    max_hp = numbers["max_hp"] or 1
    temporary = numbers.get("temporary") or 0
    bar_plain, bar = hp_bar(hp, max_hp, temporary, BAR_ROOMY if roomy else BAR_TIGHT)
    colour = hp_colour(hp, max_hp)
    figure = f"[b {colour}]{hp}[/]" if colour else f"[b]{hp}[/b]"
    numbers_plain = f"{hp}/{max_hp}"
    second_plain = f"{bar_plain} {numbers_plain}"
    second = f"{bar} {figure}[dim]/{max_hp}[/dim]"
    if temporary:
        text = f"+{temporary} temp" if roomy else f"+{temporary}t"  # comes back (PA-7)
        second_plain += " " + text
        second += f" [$warning]{text}[/]"
    extra: list[tuple[str, str]] = []
    dead_at = numbers.get("dead_at")
    death: list[tuple[str, str]] = []
    if dead_at is not None and word != "dead":  # PA-5: where he dies (-constitution, or -10 for a monster)
        text = f"dead at {dead_at}"
        death.append((text, f"[$error]{escape(text)}[/]" if hp < 0 else f"[dim]{escape(text)}[/dim]"))
    if hp < 0:
        extra += death  # below 0, how near death he is comes first
    condition = numbers.get("condition")
    if condition and not out:  # the GM's magic (slowed, hastened): it changes every roll against him
        extra.append((str(condition), f"[$warning]{escape(str(condition))}[/]"))
    for words in hold_words(numbers, short=not roomy):
        extra.append((words, f"[b $accent]{escape(words)}[/]"))
    injuries = numbers.get("injuries") or ()
    if isinstance(injuries, str):
        injuries = [injuries]
    for injury in injuries:
        extra.append((str(injury), f"[$error]{escape(str(injury))}[/]"))
    if roomy:
        af, df = numbers.get("af"), numbers.get("df")
        if af is not None and df is not None and not out:
            text = f"AF {_show_number(af)} DF {_show_number(df)}"
            gap = body - len(second_plain) - len(text)
            if gap >= 1:
                second += " " * gap + f"[dim]{escape(text)}[/dim]"
        lines.append("  " + second)
        third = list(extra)  # holds and injuries first: they last; the action is this round's
        if hp >= 0:
            third += death  # then where he dies (first when below 0: then it is near)
        if action:
            third.append((action, f"[i]{escape(action)}[/i]"))
        lines.append("  " + (_fit(third, body) if third else ("[dim]-[/dim]" if not out else "")))
        return lines
    room = body - len(second_plain) - 1
    if hp >= 0:
        extra += death  # two lines a being: after the holds and injuries, as there is room
    if extra and room >= 4:
        second += " " + _fit(extra, room)
    lines.append("  " + second)
    return lines


class HpSidePanel(SidePanel):
    """One side of a PAF scene: its beings with their hit points, status and holds."""

    legend = LEGEND
    lines_of = staticmethod(being_lines)
