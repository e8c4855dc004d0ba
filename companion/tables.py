"""A game's tables as data: the shipped YAML file, a GM's file put over it section by section,
and every problem of the whole said with the file, the section and the field (issue 20).

A game declares its tables once, as a :class:`TablesFile`: the shipped file, the pydantic model
of the whole, and the checks across sections the model cannot make. This module does the rest
for every game:

- it reads each file through :mod:`companion.yamlfile` (the safe loader, the size limit, the
  guards against alias bombs, numbers not in decimal and keys given twice);
- it puts a GM's file (``<data dir>/tables/GAME.yaml``, :func:`user_file`) over the shipped
  one: each section given there replaces the shipped one whole, and a key that is not a
  section is refused, naming it;
- it checks the merged whole and explains every problem at once (:func:`explain`), each as
  ``FILE: section.field: message``, where the message says what is allowed there.

When a GM's file is in play every problem of the whole names it, ``FILE (over the shipped
tables)``: a problem in a shipped section comes from the GM's other sections (a pad taken
away, a weapon renamed), and the GM's file is the one to change.

The rulesets' ``tables_for`` and ``check_tables`` read a game's tables through here
(:meth:`companion.ruleset.Ruleset.tables_file`).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import core_schema

from companion.words import excerpt
from companion.yamlfile import read_yaml

Model = TypeVar("Model", bound=BaseModel)

_PYDANTIC_ERRORS = frozenset(typing.get_args(core_schema.ErrorType))
"""The error types pydantic itself raises; any other is a game's own (a ladder word), whose
message says everything."""


class TablesError(ValueError):
    """Tables that cannot be played, with every problem found (each naming the file and the section)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def user_file(data_dir: Path | None, game: str) -> Path | None:
    """Where a GM's tables file for ``game`` is: ``<data dir>/tables/GAME.yaml`` (None: no data folder)."""
    return data_dir / "tables" / f"{game}.yaml" if data_dir is not None else None


@dataclass(frozen=True)
class TablesFile(Generic[Model]):
    """A game's tables: the shipped file, and how the whole is checked and stored.

    Args:
        shipped: the YAML file that comes with the game.
        model: the pydantic model of the whole file; its fields (by alias) are the sections.
        what: the tables as the game names them in messages (Cage Match's ``card``).
        consistency: the checks across sections the model cannot make, as ``where: message``
            lines (the file is put before each).
        dump: how the checked tables are kept as plain data (``model_dump``'s arguments): what
            a fight stores with its setup, and what :meth:`parse` reads back.
        patterns: what a text constrained by a pattern is, in words, by the pattern (said in
            place of pydantic's "should match pattern").
        name: what problems call the shipped file; its file name when empty. A game's package
            ships ``tables.yaml`` and calls it ``GAME.yaml``, the name of a GM's file over it.
    """

    shipped: Path
    model: type[Model]
    what: str = "tables"
    consistency: Callable[[Model], list[str]] | None = None
    dump: Mapping[str, Any] = field(default_factory=lambda: {"mode": "json"})
    patterns: Mapping[str, str] = field(default_factory=dict)
    name: str = ""

    @property
    def label(self) -> str:
        """The shipped file as problems name it."""
        return self.name or self.shipped.name

    @property
    def sections(self) -> tuple[str, ...]:
        """The sections of a tables file, as written in it."""
        return tuple(info.alias or name for name, info in self.model.model_fields.items())

    def check(self, data: Any, file: str | None = None) -> tuple[Model | None, list[str]]:
        """Whole tables checked: (the tables, []) or (None, every problem found).

        Args:
            data: the parsed YAML (a mapping of the sections).
            file: the file named in problems (the shipped file's :attr:`label` by default).
        """
        file = file or self.label
        if not isinstance(data, dict):
            return None, [f"{file}: should be a mapping of the sections {', '.join(self.sections)}"]
        try:
            tables = self.model.model_validate(data)
        except ValidationError as exc:
            return None, [
                f"{file}: {where}: {message}" for where, message in explain(exc, self.model, self.label, self.patterns)
            ]
        problems = [f"{file}: {line}" for line in self.consistency(tables)] if self.consistency else []
        return (None, problems) if problems else (tables, [])

    def merged(self, user: Path | None = None) -> Model:
        """The shipped tables with the sections of ``user`` (if it is a file) put over them, checked.

        Raises:
            TablesError: every problem found, each naming the file and the section.
        """
        data, problem = read_yaml(self.shipped)
        if problem:
            raise TablesError([problem])
        if not isinstance(data, dict):
            raise TablesError([f"{self.shipped}: should be a mapping of the sections {', '.join(self.sections)}"])
        file = self.label
        problems: list[str] = []
        if user is not None and Path(user).is_file():
            user = Path(user)
            mine, problem = read_yaml(user)
            if problem:
                raise TablesError([problem])
            sections = ", ".join(self.sections)
            if not isinstance(mine, dict):
                raise TablesError([f"{user}: should be a mapping of some of the sections {sections}"])
            for key in mine:
                if key not in self.sections:
                    problems.append(f"{user}: {excerpt(key, quote=False)}: unknown section; sections: {sections}")
            data.update((k, v) for k, v in mine.items() if k in self.sections)  # a GM's section replaces one whole
            file = f"{user} (over the shipped {self.what})"
        tables, found = self.check(data, file)
        problems += found
        if problems:
            raise TablesError(problems)
        assert tables is not None
        return tables

    def load(self, user: Path | None = None) -> dict[str, Any]:
        """The shipped tables with the sections of ``user`` (if it is a file) put over them,
        checked, as plain JSON-able data (stored with a fight's setup; :meth:`parse` reads them back).

        Raises:
            TablesError: every problem found, each naming the file and the section.
        """
        return self.plain(self.merged(user))

    def plain(self, tables: Model) -> dict[str, Any]:
        """Checked tables as plain JSON-able data, as :meth:`load` gives them."""
        return tables.model_dump(**self.dump)

    def parse(self, data: Any, file: str | None = None) -> Model:
        """Checked tables from plain data (what :meth:`load` returned, e.g. stored with a fight).

        Raises:
            TablesError: every problem found.
        """
        tables, problems = self.check(data, file or f"the fight's stored {self.what}")
        if tables is None:
            raise TablesError(problems)
        return tables

    def read(self, path: Path | None = None) -> Model:
        """A whole tables file on its own (the shipped one by default), checked, naming ``path``.

        Raises:
            TablesError: every problem found.
        """
        path = path or self.shipped
        data, problem = read_yaml(path)
        if problem:
            raise TablesError([problem])
        tables, problems = self.check(data, str(path))
        if tables is None:
            raise TablesError(problems)
        return tables

    def check_file(self, path: Path) -> tuple[list[str], list[str]]:
        """A GM's tables file put over the shipped one (``companion tables check``): every
        problem, and the sections it replaces."""
        try:
            self.merged(path)
        except TablesError as exc:
            return exc.problems, []
        data, _ = read_yaml(path)
        return [], [k for k in self.sections if isinstance(data, dict) and k in data]


# --- the explainer ------------------------------------------------------------------------------


def explain(
    error: ValidationError,
    model: type[BaseModel],
    shipped: Path | str | None = None,
    patterns: Mapping[str, str] | None = None,
) -> list[tuple[str, str]]:
    """Each error of a tables file's validation as ``(where, message)``: ``where`` is the section
    and the field (``weapons.knife.bd``), the message says what is wrong and what is allowed.

    Args:
        error: pydantic's errors for ``model``.
        model: the model of the whole file.
        shipped: the shipped file (or its name), named where the fields allowed cannot be listed.
        patterns: what a text matching a pattern is, in words, by the pattern.
    """
    out: list[tuple[str, str]] = []
    for err in error.errors():
        loc = tuple(part for part in err["loc"] if part != "[key]")
        where = ".".join(str(part) for part in loc)
        kind = err["type"]
        got = err.get("input")
        if kind == "value_error":  # a model's own check: lines "field: message", the field inside ``where``
            for line in str(err["ctx"]["error"]).splitlines():
                inside, sep, message = line.partition(": ")
                if not sep:
                    inside, message = "", line
                out.append((".".join(p for p in (where, inside) if p), message))
        elif kind not in _PYDANTIC_ERRORS:  # a game's own error (a ladder word): its message says it all
            out.append((where, err["msg"]))
        elif kind == "extra_forbidden":
            what = "section" if len(loc) == 1 else "field"
            out.append((where, f"unknown {what}; {allowed_here(model, loc[:-1], shipped)}"))
        elif kind == "missing":  # a whole section says itself; a row's field, with the row's fields
            out.append((where, f"missing; {allowed_here(model, loc[:-1], shipped)}" if len(loc) > 1 else "missing"))
        else:
            pattern = str((err.get("ctx") or {}).get("pattern"))
            if kind == "string_pattern_mismatch" and patterns and pattern in patterns:
                out.append((where, f"{excerpt(got)} is not allowed: {patterns[pattern]}"))
            else:
                out.append((where, f"{_shown(got)} is not allowed: {err['msg']}{_fix(got, kind)}"))
    return out


def _shown(got: Any) -> str:
    """A refused value as a problem quotes it, with what YAML made of a word written unquoted."""
    if isinstance(got, bool):
        return f"{got} (YAML reads no/yes/on/off as false/true: quote it)"
    return excerpt(got)


def _fix(got: Any, kind: str) -> str:
    """How to write a text that YAML read as something else (a mapping, a number)."""
    if kind == "string_type" and isinstance(got, dict) and len(got) == 1:
        ((key, value),) = got.items()
        return f' (quote a text that holds a colon: "{excerpt(f"{key}: {value}", 60, quote=False)}")'
    if kind == "string_type" and isinstance(got, (int, float)) and not isinstance(got, bool):
        return " (quote it if it is text)"
    return ""


def allowed_here(model: type[BaseModel], path: tuple[Any, ...], shipped: Path | str | None = None) -> str:
    """What may be written at ``path`` inside ``model``, in words: the sections at the top, else
    the fields of the table row there (``fields: name, kind, bd``)."""
    inner = model_at(model, path)
    if inner is None:
        return f"see {Path(shipped).name}" if shipped is not None else "see the shipped file"
    names = ", ".join(info.alias or name for name, info in inner.model_fields.items())
    return f"sections: {names}" if not path else f"fields: {names}"


def model_at(model: type[BaseModel], path: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model whose fields are at ``path`` inside ``model``: through each field (by name or
    alias), each list's or tuple's items, each mapping's values and each optional value; None
    where ``path`` leads to no model."""
    annotation: Any = model
    for part in path:
        annotation = _step(annotation, part)
        if annotation is None:
            return None
    return next((o for o in _options(annotation) if isinstance(o, type) and issubclass(o, BaseModel)), None)


def _step(annotation: Any, part: Any) -> Any:
    """The annotation one step inside ``annotation`` at ``part`` (a field, an index, a key); None: none."""
    for option in _options(annotation):
        if isinstance(option, type) and issubclass(option, BaseModel):
            for name, info in option.model_fields.items():
                if part in (name, info.alias):
                    return info.annotation
            continue
        origin = typing.get_origin(option)
        args = typing.get_args(option)
        if origin in (list, tuple, set, frozenset) and args and isinstance(part, int):
            return args[0]
        if origin is dict and len(args) == 2:
            return args[1]
    return None


def _options(annotation: Any) -> list[Any]:
    """The types an annotation may be: itself, or each of a union's (None left out)."""
    annotation = _unwrap(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [_unwrap(a) for a in typing.get_args(annotation) if a is not type(None)]
    return [annotation]


def _unwrap(annotation: Any) -> Any:
    """An annotation without ``Annotated``'s metadata."""
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    return annotation
