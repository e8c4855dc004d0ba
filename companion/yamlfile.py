"""Reading a YAML file a player may have written: PyYAML's safe loader only, and
every way it can fail said in words, with the file (never a traceback).

The C loader (libyaml) is used where PyYAML was built with it: it reads the shipped
tables 5-17 times faster than the pure-Python one and builds the same values (the same
YAML 1.1 resolver, so ``no`` is still False, which the card and table schemas refuse).
The two scanners differ only on a few malformed texts (a lone surrogate escape, a
byte-order mark inside a document): one refuses what the other reads.

Cards and tables are read with guards against hostile files (issue 19), the same with
either loader (they subclass the loader's resolver and constructor, which are Python
in both):

- a file over :data:`MAX_BYTES` is refused before it is read;
- aliases (``*name``) may repeat at most :data:`ALIAS_BUDGET` values in all (an "alias
  bomb" of a few hundred bytes would otherwise expand to billions), and none may refer
  to the value it is inside;
- numbers are decimal: ``010``, ``0x0A``, ``0b101``, ``1_0`` and ``1:30``, which YAML 1.1
  reads as 8, 10, 5, 10 and 90, are refused with what YAML 1.1 would make of them;
- a key given twice in one mapping is refused, naming both lines.

A card file is read with such numbers marked rather than refused (:func:`load_text`'s ``marked``):
each stays where it stands as a :class:`NotDecimal`, so the card it is in is named and refused
with the field, and the file's other cards still load.

Every message quotes at most a bounded excerpt of the file (:func:`companion.words.excerpt`).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from companion.words import excerpt

SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The fastest safe loader this PyYAML has (the guards are added to it when a text is read)."""

NESTED_TOO_DEEPLY = "its YAML is nested too deeply to read"

MAX_BYTES = 256_000
"""The largest card or tables file read: 256 kB, some 2,500 cards (the largest shipped file is 40 kB).
Checking a file of that size takes about a third of a second (benchmarks/bench_hostile.py)."""
ALIAS_BUDGET = 10_000
"""The most values a file's aliases may repeat, all aliases together."""

_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_MERGE = "tag:yaml.org,2002:merge"
_NOT_DECIMAL = "tag:companion,2025:not-decimal"
_DECIMAL_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_DECIMAL_FLOAT = re.compile(
    r"[-+]?(?:(?:0|[1-9][0-9]*)\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)

_PARSED: dict[str, Any] = {}
"""Texts parsed so far (a few): a screen that opens often (the character sheet) reads the
PAF tables again. Keyed by the text itself, so a changed file is always parsed afresh."""


class Refusal(ConstructorError):
    """A text refused by the guards (an alias bomb, a number not in decimal, a key given twice)."""

    def __init__(self, problem: str, mark: Any = None) -> None:
        super().__init__(None, None, problem, mark)


class _Guards:
    """The guards, put before a safe loader's own classes (C or Python)."""

    def resolve(self, kind: type[Node], value: str, implicit: tuple[bool, bool]) -> str:
        tag: str = super().resolve(kind, value, implicit)  # type: ignore[misc]
        if kind is ScalarNode and implicit[0] and tag in (_INT, _FLOAT):
            if not (_DECIMAL_INT if tag == _INT else _DECIMAL_FLOAT).fullmatch(value):
                return f"{_NOT_DECIMAL}:{tag.rsplit(':', 1)[1]}"
        return tag

    def construct_document(self, node: Node) -> Any:
        _check_aliases(node)
        return super().construct_document(node)  # type: ignore[misc]

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> Any:
        if isinstance(node, MappingNode):
            first: dict[Any, Any] = {}
            for key_node, _ in node.value:
                if key_node.tag == _MERGE:
                    continue
                key = self.construct_object(key_node, deep=True)  # type: ignore[attr-defined]
                try:
                    seen = first.get(key)
                except TypeError:  # an unhashable key: the loader's own error says so below
                    continue
                if seen is not None:
                    raise Refusal(
                        f"the key {excerpt(key)} is given twice in one mapping (at line {seen.line + 1} "
                        f"and at line {key_node.start_mark.line + 1}): keep one",
                        key_node.start_mark,
                    )
                first[key] = key_node.start_mark
        return super().construct_mapping(node, deep=deep)  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class NotDecimal:
    """A number a card file writes other than in decimal (``010``), kept in its place so that the
    card holding it is refused naming the field, not the whole file."""

    text: str
    """As written."""
    problem: str
    """Why it is refused, and what YAML 1.1 would make of it."""
    line: int
    """Its line in the file, from 1."""

    def __repr__(self) -> str:
        return repr(self.text)


def _not_decimal(loader: yaml.SafeLoader, node: ScalarNode) -> Any:
    raise Refusal(_not_decimal_problem(loader, node), node.start_mark)


def _marked(loader: yaml.SafeLoader, node: ScalarNode) -> NotDecimal:
    return NotDecimal(node.value, _not_decimal_problem(loader, node), node.start_mark.line + 1)


def _not_decimal_problem(loader: yaml.SafeLoader, node: ScalarNode) -> str:
    """Why a number not in decimal is refused, in words."""
    kind = node.tag.rsplit(":", 1)[1]
    plain = ScalarNode(f"tag:yaml.org,2002:{kind}", node.value, node.start_mark, node.end_mark)
    try:
        reads = loader.construct_yaml_int(plain) if kind == "int" else loader.construct_yaml_float(plain)
        said = f"YAML 1.1 reads it as {reads}"
    except (ValueError, OverflowError):
        said = "YAML 1.1 reads it as a number, not in decimal"
    value = node.value
    how = _how_read(value, kind)
    return (
        f"{excerpt(value)} is not a decimal number ({said}{', ' + how if how else ''}): numbers in card and "
        "tables files are written in decimal; quote it if it is text"
    )


def _how_read(value: str, kind: str) -> str:
    """How YAML 1.1 reads a number that is not in decimal, in a word or two ("" where it is plain)."""
    low = value.lower()
    if ":" in value:
        return "minutes:seconds"
    if "0x" in low:
        return "hexadecimal"
    if "0b" in low:
        return "binary"
    if "_" in value:
        return "with its _ left out"
    return "octal" if kind == "int" else ""


def _check_aliases(root: Node) -> None:
    """Refuse a document whose aliases repeat more than :data:`ALIAS_BUDGET` values, or one whose alias
    refers to the value it is inside. Walks the node graph (aliases are repeated references to one
    node) once, counting each node's values with every alias expanded."""
    size: dict[int, int] = {}
    open_: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            children = _children(node)
            size[key] = 1 + sum(size[id(c)] for c in children)
            open_.discard(key)
            continue
        if key in size:
            continue
        if key in open_:
            raise Refusal("an alias (*name) refers to the value it is inside", node.start_mark)
        open_.add(key)
        stack.append((node, True))
        for child in _children(node):
            if id(child) in open_:
                raise Refusal("an alias (*name) refers to the value it is inside", child.start_mark)
            if id(child) not in size:
                stack.append((child, False))
    repeated = size[id(root)] - len(size)
    if repeated > ALIAS_BUDGET:
        raise Refusal(
            f"its aliases (*name) repeat {repeated:,} values, more than the {ALIAS_BUDGET:,} allowed: "
            "write the values out, or use fewer aliases"
        )


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


_GUARDED: dict[tuple[type[yaml.SafeLoader], bool], type[yaml.SafeLoader]] = {}


def guarded(loader: type[yaml.SafeLoader], marked: bool = False) -> type[yaml.SafeLoader]:
    """``loader`` (a safe loader class, C or Python) with the guards of this module (``marked``: a
    number not in decimal read as a :class:`NotDecimal`, not refused)."""
    cls = _GUARDED.get((loader, marked))
    if cls is None:
        name = f"{'Marking' if marked else 'Guarded'}{loader.__name__}"
        made: type[yaml.SafeLoader] = type(name, (_Guards, loader), {})
        for kind in ("int", "float"):
            made.add_constructor(f"{_NOT_DECIMAL}:{kind}", _marked if marked else _not_decimal)
        cls = _GUARDED[(loader, marked)] = made
    return cls


def load_text(text: str, marked: bool = False) -> Any:
    """The data of a YAML text, read safely, with the guards.

    Args:
        text: the YAML.
        marked: a number not in decimal is kept as a :class:`NotDecimal` where it stands (a card
            file: the card holding it is refused, not the file), not refused.

    Raises:
        yaml.YAMLError: the text is not valid YAML, or is refused by a guard (:class:`Refusal`).
        RecursionError: the text nests deeper than Python can build (the pure-Python loader).
    """
    return yaml.load(text, Loader=guarded(SafeLoader, marked))  # a safe loader, C or Python


def read_text(path: Path) -> str:
    """The text of a card or tables file, refused over :data:`MAX_BYTES`.

    Raises:
        OSError, UnicodeDecodeError: it cannot be read as UTF-8 text.
        TooBig: it is over the size.
    """
    with path.open("rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise TooBig(path)
    return data.decode("utf-8")


class TooBig(Exception):
    """A file over :data:`MAX_BYTES`."""

    def __init__(self, path: Path) -> None:
        try:
            size = f"{path.stat().st_size:,} bytes"
        except OSError:
            size = "more"
        super().__init__(
            f"is {size}, over the {MAX_BYTES:,} bytes ({MAX_BYTES // 1000} kB) a card or tables file may be: "
            "split it into several files"
        )


def read(path: Path, marked: bool = False) -> tuple[Any, str | None]:
    """A YAML file's data, or why it cannot be read (``None`` and the reason, without the
    file's name); ``marked`` as :func:`load_text`'s."""
    try:
        return load_text(read_text(path), marked), None
    except Exception as exc:  # noqa: BLE001 - every failure is said in words by reason()
        return None, reason(exc)


def reason(exc: BaseException) -> str:
    """Why reading a YAML file failed, in words (re-raising what is not a reading failure)."""
    if isinstance(exc, TooBig):
        return str(exc)
    if isinstance(exc, OSError):
        return f"cannot be read: {exc.strerror or exc}"
    if isinstance(exc, UnicodeDecodeError):
        return "is not UTF-8 text"
    if isinstance(exc, RecursionError):
        return NESTED_TOO_DEEPLY
    if isinstance(exc, (ValueError, OverflowError)) and not isinstance(exc, UnicodeDecodeError):
        # a value the YAML reads but Python cannot hold: a date like 2024-02-30, an endless number
        return f"is not valid YAML: {excerpt(str(exc), 200, quote=False)}"
    if isinstance(exc, Refusal):
        mark = exc.problem_mark
        where = f"at line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        return f"{where}{exc.problem}"
    if isinstance(exc, yaml.YAMLError):
        problem = getattr(exc, "problem", None) or str(exc)
        if "maximum nesting depth" in problem:  # libyaml's own limit on nesting
            return NESTED_TOO_DEEPLY
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        # where the part left open began ("while parsing a flow sequence" at the '[' never closed)
        context, opened = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        began = ""
        if context and opened is not None and (mark is None or opened.line != mark.line):
            began = (
                f" ({excerpt(context, 80, quote=False)}, begun at line {opened.line + 1}, column {opened.column + 1})"
            )
        return f"is not valid YAML{where}: {excerpt(problem, 200, quote=False)}{began}"
    raise exc


def read_yaml(path: Path) -> tuple[Any, str | None]:
    """A YAML file's data, or why it cannot be read (``None`` and the reason, naming the
    file). Each caller gets its own copy (callers merge and check the data)."""
    try:
        text = read_text(path)
        if text not in _PARSED:
            if len(_PARSED) >= 16:
                _PARSED.pop(next(iter(_PARSED)))
            _PARSED[text] = load_text(text)
        return copy.deepcopy(_PARSED[text]), None
    except Exception as exc:  # noqa: BLE001 - every failure is said in words by reason()
        return None, f"{path}: {reason(exc)}"
