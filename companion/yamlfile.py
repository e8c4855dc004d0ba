"""Reading a YAML file a player may have written: ``yaml.safe_load`` only, and
every way it can fail said in words, with the file (never a traceback)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml


_PARSED: dict[str, Any] = {}
"""Texts parsed so far (a few): PyYAML's pure-Python loader takes most of a second over the PAF
tables, and a screen that opens often (the character sheet) reads them again. Keyed by the text
itself, so a changed file is always parsed afresh."""


def read_yaml(path: Path) -> tuple[Any, str | None]:
    """A YAML file's data, or why it cannot be read (``None`` and the reason). Each caller gets
    its own copy (callers merge and check the data)."""
    try:
        text = path.read_text(encoding="utf-8")
        if text not in _PARSED:
            if len(_PARSED) >= 16:
                _PARSED.pop(next(iter(_PARSED)))
            _PARSED[text] = yaml.safe_load(text)
        return copy.deepcopy(_PARSED[text]), None
    except OSError as exc:
        return None, f"{path}: cannot be read: {exc.strerror or exc}"
    except UnicodeDecodeError:
        return None, f"{path}: is not UTF-8 text"
    except RecursionError:
        return None, f"{path}: its YAML is nested too deeply to read"
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        return None, f"{path}: is not valid YAML{where}: {getattr(exc, 'problem', None) or exc}"
