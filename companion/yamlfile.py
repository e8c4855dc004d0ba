"""Reading a YAML file a player may have written: PyYAML's safe loader only, and
every way it can fail said in words, with the file (never a traceback).

The C loader (libyaml) is used where PyYAML was built with it: it reads the shipped
tables 5-17 times faster than the pure-Python one and builds the same values (the same
YAML 1.1 resolver, so ``no`` is still False and ``1:30`` still 90, which the card and
table schemas refuse). The two scanners differ only on a few malformed texts (a lone
surrogate escape, a byte-order mark inside a document): one refuses what the other reads.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The fastest safe loader this PyYAML has."""

NESTED_TOO_DEEPLY = "its YAML is nested too deeply to read"

_PARSED: dict[str, Any] = {}
"""Texts parsed so far (a few): a screen that opens often (the character sheet) reads the
PAF tables again. Keyed by the text itself, so a changed file is always parsed afresh."""


def load_text(text: str) -> Any:
    """The data of a YAML text, read safely.

    Raises:
        yaml.YAMLError: the text is not valid YAML.
        RecursionError: the text nests deeper than Python can build (the pure-Python loader).
    """
    return yaml.load(text, Loader=SafeLoader)  # a safe loader, C or Python


def read(path: Path) -> tuple[Any, str | None]:
    """A YAML file's data, or why it cannot be read (``None`` and the reason, without the
    file's name)."""
    try:
        return load_text(path.read_text(encoding="utf-8")), None
    except Exception as exc:  # noqa: BLE001 - every failure is said in words by reason()
        return None, reason(exc)


def reason(exc: BaseException) -> str:
    """Why reading a YAML file failed, in words (re-raising what is not a reading failure)."""
    if isinstance(exc, OSError):
        return f"cannot be read: {exc.strerror or exc}"
    if isinstance(exc, UnicodeDecodeError):
        return "is not UTF-8 text"
    if isinstance(exc, RecursionError):
        return NESTED_TOO_DEEPLY
    if isinstance(exc, (ValueError, OverflowError)) and not isinstance(exc, UnicodeDecodeError):
        # a value the YAML reads but Python cannot hold: a date like 2024-02-30, an endless number
        return f"is not valid YAML: {exc}"
    if isinstance(exc, yaml.YAMLError):
        problem = getattr(exc, "problem", None) or str(exc)
        if "maximum nesting depth" in problem:  # libyaml's own limit on nesting
            return NESTED_TOO_DEEPLY
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        return f"is not valid YAML{where}: {problem}"
    raise exc


def read_yaml(path: Path) -> tuple[Any, str | None]:
    """A YAML file's data, or why it cannot be read (``None`` and the reason, naming the
    file). Each caller gets its own copy (callers merge and check the data)."""
    try:
        text = path.read_text(encoding="utf-8")
        if text not in _PARSED:
            if len(_PARSED) >= 16:
                _PARSED.pop(next(iter(_PARSED)))
            _PARSED[text] = load_text(text)
        return copy.deepcopy(_PARSED[text]), None
    except Exception as exc:  # noqa: BLE001 - every failure is said in words by reason()
        return None, f"{path}: {reason(exc)}"
