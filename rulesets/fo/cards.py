"""Fighters Only featherweight: the stat card (rulings FO-1, FO-9; the roster is ``fighters/fo.yaml``)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

Stat = Field(ge=1, le=10)


class FoCard(BaseModel):
    """A featherweight's stat card (rulings FO-1, FO-9)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    stat_pairs: ClassVar[tuple[tuple[str, str], ...]] = (
        ("punch", "block"),
        ("kick", "check"),
        ("takedown", "td_defence"),
        ("gnp", "guard"),
        ("submission", "sub_defence"),
    )
    """Each attack beside the defence that answers it (FO-4, FO-6), for card displays."""

    name: str = Field(min_length=1)
    nickname: str | None = None
    punch: int = Stat
    kick: int = Stat
    takedown: int = Stat
    block: int = Stat
    check: int = Stat
    td_defence: int = Stat
    gnp: int = Stat
    submission: int = Stat
    guard: int = Stat
    sub_defence: int = Stat
    notes: str | None = None


STAT_SHORT = {"takedown": "TD", "td_defence": "TDD", "submission": "sub", "sub_defence": "subD", "gnp": "GnP"}
"""The ratings' short words, for a panel's pairs."""


def stat_word(key: str) -> str:
    """A stat as the prompts and the log write it: ``TD defence``, ``sub defence``, ``GnP``."""
    return {"td_defence": "TD defence", "sub_defence": "sub defence", "gnp": "GnP"}.get(key, key)
