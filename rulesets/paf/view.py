"""A PAF being as the scene's side panels show him (issue 20's view models): his status
(fighting, stunned N rounds, unconscious, below 0 needing help or helped, dying N turns,
dead: which of them put him out of the fight), the hit point bar with the temporary,
non-lethal damage apart (PA-7), where he dies (PA-5), the GM's condition, holds in force,
lasting injuries, initiative, AF and DF, and this round's action."""

from __future__ import annotations

from typing import Any

from companion.ruleset import side_index
from companion.views import CombatantView, HitPointBar, Mark, Tone

OUT = ("unconscious", "needs_help", "helped", "dying", "dead")
"""Statuses that take a being out of the fight."""


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


def status_mark(word: str, count: int | None) -> Mark | None:
    """The status as shown; nothing for a being simply fighting."""
    if word == "fighting":
        return None
    if word == "stunned":
        return Mark(f"STUNNED {count}" if count else "STUNNED", Tone.WARNING, strong=True)
    if word == "dying":
        return Mark(f"DYING {count}" if count else "DYING", Tone.DANGER, strong=True, alarm=True)
    if word == "helped":
        return Mark("HELPED", Tone.WARNING, strong=True)
    return Mark(word.replace("_", " ").upper(), Tone.DANGER, strong=True)  # needs_help: NEEDS HELP


def hp_tone(hp: int, max_hp: int) -> Tone:
    """A danger at 0 or below, a warning at a third or less of his hit points."""
    if hp <= 0:
        return Tone.DANGER
    if hp * 3 <= max_hp:
        return Tone.WARNING
    return Tone.GOOD


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def combatant_view(name: str, numbers: dict[str, Any]) -> CombatantView:
    """A being from his trackers (design "Trackers").

    The notes after the bar come in the order the table reads them: below 0, how near death he
    is first; then the GM's condition, the holds, the lasting injuries; at 0 or above, where he
    dies last."""
    word, count = status_of(numbers)
    out = word in OUT
    tags: list[Mark] = []
    status = status_mark(word, count)
    if status is not None:
        tags.append(status)
    initiative = numbers.get("initiative")
    if initiative not in (None, "") and not out:
        tags.append(Mark(f"init {initiative}", Tone.MUTED, short=f"i{initiative}"))
    hp = numbers["hp"]
    max_hp = numbers["max_hp"] or 1
    temporary = numbers.get("temporary") or 0
    bar = HitPointBar(
        hp,
        max_hp,
        temporary,
        hp_tone(hp, max_hp),
        # comes back (PA-7)
        Mark(f"+{temporary} temp", Tone.WARNING, short=f"+{temporary}t") if temporary else None,
    )
    notes: list[Mark] = []
    dead_at = numbers.get("dead_at")
    death: list[Mark] = []
    if dead_at is not None and word != "dead":  # PA-5: where he dies (-constitution, or -10 for a monster)
        death.append(Mark(f"dead at {dead_at}", Tone.DANGER if hp < 0 else Tone.MUTED))
    if hp < 0:
        notes += death
    condition = numbers.get("condition")
    if condition and not out:  # the GM's magic (slowed, hastened): it changes every roll against him
        notes.append(Mark(str(condition), Tone.WARNING))
    for long, short in zip(hold_words(numbers), hold_words(numbers, short=True)):
        notes.append(Mark(long, Tone.NOTE, short=short, strong=True))
    injuries = numbers.get("injuries") or ()
    if isinstance(injuries, str):
        injuries = [injuries]
    notes += [Mark(str(injury), Tone.DANGER) for injury in injuries]
    if hp >= 0:
        notes += death
    af, df = numbers.get("af"), numbers.get("df")
    return CombatantView(
        name,
        side_index(numbers.get("side")),
        out=out,
        tags=tuple(tags),
        action="" if out else str(numbers.get("action") or ""),
        track=bar,
        figures=f"AF {_number(af)} DF {_number(df)}" if af is not None and df is not None and not out else "",
        notes=tuple(notes),
    )
