"""A card's sheet made from its card model (issue 23): every game's card editor, with no sheet
written by hand.

:func:`spec_from_model` reads a game's pydantic card model and lays out a
:class:`companion.sheet.SheetSpec` the sheet screen draws like any other:

- a text field (``str``) is a line of text, as long as the model allows;
- a whole number (``int`` with ``Field(ge=, le=)``) a number box with the model's range;
- a ``Literal`` (or a field the game lists the values of, :meth:`~companion.ruleset.Ruleset.card_choices`:
  a Fudge ladder word, a key of the tables in play) a choice of those values;
- a ``bool`` a check box;
- a list of words (``list[Literal[...]]``, ``list[str]``) one box, the words between commas;
- a list of models (Cage Match's moves, Fudge's weapons) repeated rows of the model's fields, up to
  the list's ``max_length`` (a nested model in a row, a move's ``effect``, flattened into it);
- a mapping of names to values (Fudge's skills) repeated rows of a name and a value;
- a mapping of a ``Literal``'s words to numbers (Fudge's wounds) a number box per word.

A field that may be left out (``X | None``, or one with a default) may be left blank; a default
shows in its box. The sheet's keys: a field's name; in a list's or a mapping's rows
``LIST__FIELD`` (``moves__dice``), ``MAPPING__name`` and ``MAPPING__value``; a nested model's
fields ``FIELD__SUB``; a mapping of words ``MAPPING__WORD``.

The boxes pass what is typed to the card model (``model_checks``): the card is checked as
``companion fighters check`` checks a file, with its messages (:func:`companion.cards.cards_in`).
What the sheet shows beside the fields is the game's (:meth:`~companion.ruleset.Ruleset.card_figures`:
NHB's charts, Cage Match's hit points), once the card is whole. Nothing here imports Textual.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from companion.cards import NAME_MAX, cards_in
from companion.sheet import (
    CardProblems,
    Derived,
    DerivedFigure,
    Heading,
    Line,
    Repeated,
    Row,
    Section,
    SheetField,
    SheetSpec,
    Values,
)

__all__ = ["ModelSheet", "spec_from_model"]

MOST_ROWS = 12
"""The most rows of a list the model sets no most for (a sheet's moves)."""
SEP = "__"
"""Between a list's (or a nested model's) name and its field's in a sheet key: ``moves__dice``."""


@dataclass(frozen=True, slots=True)
class Leaf:
    """One box: the sheet field, the model field's name, and how its value is kept (``words``: a list)."""

    field: SheetField
    name: str
    words: bool = False


@dataclass(frozen=True, slots=True)
class Nested:
    """A nested model's fields, flattened (a move's ``effect``): given when its first field is."""

    name: str
    parts: tuple[Part, ...]
    optional: bool


@dataclass(frozen=True, slots=True)
class ListGroup:
    """A list of models as repeated rows."""

    name: str
    group: Repeated
    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class MapGroup:
    """A mapping of names to values as repeated rows of a name and a value."""

    name: str
    group: Repeated
    key: Leaf
    value: Leaf


@dataclass(frozen=True, slots=True)
class WordMap:
    """A mapping of a Literal's words to numbers: a number box per word, blank ones left out."""

    name: str
    leaves: tuple[tuple[str, Leaf], ...]


Part = Leaf | Nested | ListGroup | MapGroup | WordMap


def _unwrap(annotation: Any) -> tuple[Any, list[Any], bool]:
    """The type under ``X | None`` and ``Annotated[X, ...]``: (type, its metadata, optional)."""
    optional = False
    metadata: list[Any] = []
    while True:
        origin = typing.get_origin(annotation)
        if origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(typing.get_args(annotation))
            if len(args) != 1:
                return annotation, metadata, optional
            annotation = args[0]
        elif origin is Annotated:
            inner = typing.get_args(annotation)
            annotation = inner[0]
            metadata += list(inner[1:])
        else:
            return annotation, metadata, optional


def _limits(metadata: list[Any]) -> dict[str, Any]:
    """``ge``, ``le`` and ``max_length`` from a field's constraints (``Field``, ``StringConstraints``)."""
    out: dict[str, Any] = {}
    for meta in metadata:
        for attr in ("ge", "le", "max_length"):
            value = getattr(meta, attr, None)
            if value is not None:
                out.setdefault(attr, value)
    return out


def _model(t: Any) -> type[BaseModel] | None:
    return t if isinstance(t, type) and issubclass(t, BaseModel) else None


class ModelSheet:
    """The sheet of a card model: its parts, and the card from the values and back.

    Args:
        model: the game's card model.
        label: a field's key in the game's words (the ruleset's ``label``).
        choices: the values of fields the model types only as text or numbers, by sheet key
            (a ladder word, a key of the tables in play).
    """

    def __init__(
        self,
        model: type[BaseModel],
        label: Callable[[str], str] = lambda key: key.replace("_", " "),
        choices: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.model = model
        self.label = label
        self.choices = dict(choices or {})
        self.paths: dict[str, str] = {}
        """A problem's field (``moves.dice``, its row numbers left out) to the sheet key of its box."""
        self.parts = self._parts(model, "", "")

    # --- laying out ------------------------------------------------------------------------

    def _parts(
        self, model: type[BaseModel], prefix: str, path: str, first_placeholder: bool = False
    ) -> tuple[Part, ...]:
        out: list[Part] = []
        for i, (name, info) in enumerate(model.model_fields.items()):
            key = f"{prefix}{name}"
            where = f"{path}{name}"
            part = self._part(key, where, name, info, first_placeholder and i == 0)
            if part is not None:
                out.append(part)
        return tuple(out)

    def _part(self, key: str, where: str, name: str, info: FieldInfo, placeholder: bool) -> Part | None:
        t, metadata, optional = _unwrap(info.annotation)
        metadata = list(info.metadata) + metadata
        optional = optional or not info.is_required()
        default = None if info.default is PydanticUndefined else info.default
        origin = typing.get_origin(t)
        words = self.label(name)
        if origin is list:
            (inner,) = typing.get_args(t)
            inner_t, _, _ = _unwrap(inner)
            nested = _model(inner_t)
            if nested is not None:
                parts = self._parts(nested, f"{key}{SEP}", f"{where}.", first_placeholder=True)
                limits = _limits(metadata)
                group = Repeated(
                    key,
                    tuple(_leaves(parts)),
                    start=1,
                    most=int(limits.get("max_length") or MOST_ROWS),
                    words=_one(words),
                    per_line=2,
                )
                self.paths[where] = key
                return ListGroup(name, group, parts)
            allowed = typing.get_args(inner_t) if typing.get_origin(inner_t) is Literal else ()
            field_ = SheetField(
                key,
                words.capitalize(),
                "words",
                words,
                optional=optional,
                choices=tuple(str(a) for a in allowed) or self.choices.get(key, ()),
                placeholder="words, between commas" if not allowed else "e.g. " + ", ".join(map(str, allowed[:2])),
            )
            self.paths[where] = key
            return Leaf(field_, name, words=True)
        if origin is dict:
            key_t, value_t = typing.get_args(t)
            key_base, _, _ = _unwrap(key_t)
            if typing.get_origin(key_base) is Literal:
                leaves = []
                for word in typing.get_args(key_base):
                    sub = f"{key}{SEP}{word}"
                    leaf = self._scalar(sub, f"{word}", value_t, [], optional=True, default=None)
                    self.paths[f"{where}.{word}"] = sub
                    leaves.append((str(word), leaf))
                self.paths[where] = leaves[0][1].field.key
                return WordMap(name, tuple(leaves))
            key_leaf = self._scalar(
                f"{key}{SEP}name", "name", key_t, [], optional=False, default=None, placeholder=True
            )
            value_leaf = self._scalar(f"{key}{SEP}value", "value", value_t, [], optional=False, default=None)
            noun = _one(words)
            key_leaf = Leaf(replace(key_leaf.field, label=noun.capitalize(), words=noun), "name")
            group = Repeated(key, (key_leaf.field, value_leaf.field), start=1, most=MOST_ROWS, words=noun)
            self.paths[where] = key_leaf.field.key
            return MapGroup(name, group, key_leaf, value_leaf)
        nested = _model(t)
        if nested is not None:
            parts = self._parts(nested, f"{key}{SEP}", f"{where}.", first_placeholder=optional)
            return Nested(name, parts, optional)
        self.paths[where] = key
        return self._scalar(
            key, name, info.annotation, metadata, optional=optional, default=default, placeholder=placeholder
        )

    def _scalar(
        self,
        key: str,
        name: str,
        annotation: Any,
        metadata: list[Any],
        *,
        optional: bool,
        default: Any,
        placeholder: bool = False,
    ) -> Leaf:
        """A box for a text, a number, a choice or a check."""
        t, more, maybe = _unwrap(annotation)
        optional = optional or maybe
        limits = _limits(metadata + more)
        words = self.label(name)
        label = words[:1].upper() + words[1:]
        start = "" if default is None else str(default)
        blank = "(none)" if optional or placeholder else ""
        if key in self.choices or typing.get_origin(t) is Literal:
            choices = self.choices.get(key) or tuple(str(a) for a in typing.get_args(t))
            if start and start not in choices:
                start = ""
            if not blank and not start:
                blank = "choose"  # a value the card must have: chosen, not assumed
            return Leaf(
                SheetField(
                    key, label, "choice", words, choices=choices, start=start, placeholder=blank, optional=optional
                ),
                name,
            )
        if t is bool:
            return Leaf(SheetField(key, label, "check", words, start="yes" if default else ""), name)
        if t is int:
            low, high = limits.get("ge"), limits.get("le")
            return Leaf(
                SheetField(
                    key,
                    label,
                    "number",
                    words,
                    low=int(low) if low is not None else -999,
                    high=int(high) if high is not None else 999,
                    optional=optional,
                    start=start,
                    placeholder=f"{low}-{high}" if low is not None and high is not None and not start else "",
                ),
                name,
            )
        most = limits.get("max_length") or (NAME_MAX if name == "name" else 0)
        return Leaf(
            SheetField(
                key,
                label,
                "text",
                words,
                optional=optional,
                start=start,
                placeholder="optional" if optional and not start else "",
                max_length=int(most),
            ),
            name,
        )

    def lines(self) -> tuple[Line, ...]:
        """The sheet's lines: the fields one a line, a list's rows under its heading."""
        out: list[Line] = []
        for part in self.parts:
            if isinstance(part, Leaf):
                out.append(Row((part.field,)))
            elif isinstance(part, Nested):
                out += [Row((f,)) for f in _leaves(part.parts)]
            elif isinstance(part, ListGroup | MapGroup):
                out.append(Heading(self.label(part.name).capitalize()))
                out.append(part.group)
            else:
                out.append(Heading(self.label(part.name).capitalize()))
                boxes = [leaf.field for _, leaf in part.leaves]
                out += [Row(tuple(boxes[i : i + 2])) for i in range(0, len(boxes), 2)]  # two a line, as a row's
        return tuple(out)

    # --- values to the card and back ------------------------------------------------------

    def entry(self, values: Values) -> dict[str, Any]:
        """The card as its file holds it, from the sheet's values (a box left blank left out)."""
        return _entry(self.parts, values)

    def values_of(self, card: BaseModel) -> dict[str, Any]:
        """The sheet's values for ``card`` (a card being edited): as the file holds it."""
        return _values(self.parts, card.model_dump(mode="json", exclude_none=True))

    def to_card(self, values: Values) -> Any:
        """The card the values make, or every problem as ``companion fighters check`` says it."""
        entry = self.entry(values)
        cards, problems = cards_in({"game": "?", "fighters": [entry]}, "the sheet", "?", self.model)
        if problems:
            raise CardProblems([_said(p) for p in problems])
        return cards[0]


def _one(words: str) -> str:
    """A list's name for one of it: ``moves`` -> ``move``, ``bonuses`` -> ``bonus``."""
    if words.endswith("uses"):
        return words[:-2]
    return words.removesuffix("s")


def _said(problem: Any) -> str:
    """A problem without the file (the sheet's own, not yet a file's)."""
    return str(problem).removeprefix("the sheet: ")


def _leaves(parts: tuple[Part, ...]) -> list[SheetField]:
    out: list[SheetField] = []
    for part in parts:
        if isinstance(part, Leaf):
            out.append(part.field)
        elif isinstance(part, Nested):
            out += _leaves(part.parts)
    return out


def _given(value: Any) -> bool:
    return value is not None and value != "" and value != ()


def _entry(parts: tuple[Part, ...], values: Values) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for part in parts:
        if isinstance(part, Leaf):
            value = values.get(part.field.key)
            if part.field.kind == "check":
                if value:
                    data[part.name] = True
            elif part.words:
                if value:
                    data[part.name] = list(value)
            elif _given(value):
                data[part.name] = value
        elif isinstance(part, Nested):
            inner = _entry(part.parts, values)
            first = _leaves(part.parts)[0].key
            if not part.optional or _given(values.get(first)):
                data[part.name] = inner
        elif isinstance(part, ListGroup):
            rows = [_entry(part.parts, row) for row in values.get(part.group.key, ()) if row is not None]
            if rows:
                data[part.name] = rows
        elif isinstance(part, MapGroup):
            mapping = {
                row[part.key.field.key]: row.get(part.value.field.key)
                for row in values.get(part.group.key, ())
                if row is not None
            }
            if mapping:
                data[part.name] = mapping
        else:
            given = {word: values[leaf.field.key] for word, leaf in part.leaves if _given(values.get(leaf.field.key))}
            if given:
                data[part.name] = given
    return data


def _values(parts: tuple[Part, ...], data: Mapping[str, Any]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for part in parts:
        if isinstance(part, Leaf):
            value = data.get(part.name)
            if part.field.kind == "check":
                values[part.field.key] = bool(value)
            elif part.words:
                values[part.field.key] = tuple(value or ())
            elif value is not None:
                values[part.field.key] = value
        elif isinstance(part, Nested):
            values.update(_values(part.parts, data.get(part.name) or {}))
        elif isinstance(part, ListGroup):
            values[part.group.key] = tuple(_values(part.parts, row) for row in data.get(part.name) or ())
        elif isinstance(part, MapGroup):
            values[part.group.key] = tuple(
                {part.key.field.key: k, part.value.field.key: v} for k, v in (data.get(part.name) or {}).items()
            )
        else:
            given = data.get(part.name) or {}
            values.update({leaf.field.key: given[word] for word, leaf in part.leaves if word in given})
    return values


def spec_from_model(
    model: type[BaseModel],
    game: str,
    *,
    label: Callable[[str], str] = lambda key: key.replace("_", " "),
    choices: Mapping[str, tuple[str, ...]] | None = None,
    figures: Callable[[Any], tuple[DerivedFigure, ...]] = lambda card: (),
    kind_word: str = "card",
) -> SheetSpec:
    """The sheet of ``model`` (see the module's words): its fields, the card and back, and the game's
    figures of the card once it is whole.

    Args:
        model: the game's card model.
        game: the game's key (a new card's file is ``<data dir>/fighters/GAME.yaml``).
        label: a field's key in the game's words.
        choices: the values of fields the model types as text or numbers, by sheet key.
        figures: the game's figures of a whole card (:meth:`companion.ruleset.Ruleset.card_figures`).
        kind_word: what a card is called (``a new card``).
    """
    sheet = ModelSheet(model, label, choices)

    def derive(values: Values) -> Derived:
        try:
            card = sheet.to_card(values)
        except CardProblems as exc:
            n = len(exc.problems)
            return Derived(summary=(f"The figures follow once the card is whole ({n} to put right).",))
        shown = figures(card)
        return Derived(shown, tuple(f"{f.label} {{{f.key}}}" for f in shown if f.value))

    return SheetSpec(
        (Section(sheet.lines()),),
        derive=derive,
        to_card=sheet.to_card,
        file_name=lambda card: f"{game}.yaml",
        card_text=lambda card: "",
        kind_word=kind_word,
        entry=sheet.entry,
        values_of=sheet.values_of,
        paths=sheet.paths,
        model_checks=True,
    )
