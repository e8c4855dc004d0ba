"""The binding rulings (``companion/rulings.md``), by id: what the rule texts leave ambiguous, cut
off or unprinted, as this project settles it (issue 22: a player can read the ruling a step cites).

Each ruling is an item of the file's lists, ``- NHB-2. Control roll: ...``, its text running on
in the indented lines below it. Ids are a game's letters and a number: ``D-4``, ``NHB-2``, ``FO-8``,
``CM-5``, ``FU-3``, ``PA-12``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["RULING_ID", "cited", "ruling", "rulings"]

RULINGS = Path(__file__).with_name("rulings.md")
RULING_ID = re.compile(r"\b([A-Z]{1,4}-\d{1,2})\b")
"""A ruling's id as the screens and the log cite it: ``NHB-2``, ``PA-12``."""
_ITEM = re.compile(r"^- ([A-Z]{1,4}-\d{1,2})\. (.*)$")


@cache
def rulings() -> dict[str, str]:
    """Every ruling's text by its id, each on one line (the file's line breaks joined)."""
    lines: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in RULINGS.read_text(encoding="utf-8").splitlines():
        item = _ITEM.match(line)
        if item:
            current = lines[item[1]] = [item[2].strip()]
        elif current is not None and line.startswith("  ") and line.strip():
            current.append(line.strip())  # the ruling's text runs on
        else:
            current = None
    return {key: " ".join(parts) for key, parts in lines.items()}


def ruling(ruling_id: str) -> str | None:
    """The text of ruling ``ruling_id`` (``NHB-2``); None if there is no such ruling."""
    return rulings().get(ruling_id.upper())


def cited(*texts: str) -> tuple[tuple[str, str], ...]:
    """Each ruling that ``texts`` cite, with its text, in the order first cited (an id that is no
    ruling, ``D-99``, is left out)."""
    known = rulings()
    seen: dict[str, str] = {}
    for text in texts:
        for found in RULING_ID.findall(text):
            if found in known and found not in seen:
                seen[found] = known[found]
    return tuple(seen.items())
