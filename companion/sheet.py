"""A character sheet as data (issue 20, deliverable 3): what a game's sheet asks for, in the
game's words, and what it makes of the answers.

A ruleset with a sheet (:attr:`companion.ruleset.Ruleset.has_sheet`) publishes a
:class:`SheetSpec` from :meth:`companion.ruleset.Ruleset.sheet`, given the tables in play; the
sheet screen (``screens/sheet.py``) draws any game's spec and knows no game's rules:

- the fields (:class:`SheetField`), laid out in :class:`Section` s of lines: a :class:`Row` of
  fields and asides, a :class:`Heading`, a :class:`Note`, a :class:`StatGrid` of stats rolled on
  dice, :class:`Repeated` rows (weapons) up to a most; a section may belong to one kind of card
  (a character's, a monster's), chosen by the spec's kind field;
- what the game makes of the values read (:data:`Values`): ``derive`` the figures with their
  terms (:class:`Derived`), ``check`` the problems across fields, ``to_card`` the card (or
  :class:`CardProblems`), ``file_name`` and ``card_text`` where and how it is saved.

Reading a box is the same for every game: a whole number in its range (:func:`read_whole`), a
stat as its dice's faces or their total (:func:`read_stat`, dice in the core notation of
:mod:`companion.dice`). Nothing here imports Textual or a ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any, Literal

from companion.dice import Dice, parse_roll
from companion.words import spelled

__all__ = [
    "CardProblems",
    "Derived",
    "DerivedFigure",
    "Heading",
    "Line",
    "Note",
    "Repeated",
    "Roll",
    "Row",
    "Section",
    "SheetField",
    "SheetSpec",
    "StatGrid",
    "Values",
    "card_file",
    "read_stat",
    "read_whole",
    "slug",
    "stat_dice",
]

Values = Mapping[str, Any]
"""The sheet as read: each field's value by its key, for the fields shown (the kind chosen) that
can be read; a field left blank or typed wrong is not in it. A :class:`Repeated` group's value is
a tuple with a mapping per row (its fields' values), None for a row left empty."""

FieldKind = Literal["text", "number", "choice", "check", "stat", "words"]


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice a field is rolled on (``ctrl+r`` on the sheet): ``dice`` as :func:`companion.dice.parse_roll`
    reads them (``1d4+6``), ``shown`` as the game prints them (``6+D4``)."""

    dice: str
    shown: str = ""


@dataclass(frozen=True, slots=True)
class SheetField:
    """One box of the sheet.

    ``kind``:

    - ``text``: a line of text (``max_length``); required unless ``optional``;
    - ``number``: a whole number from ``low`` to ``high``; a blank box reads as ``blank`` if given,
      is left out if ``optional``, else is a problem;
    - ``choice``: one of ``choices``; with a ``placeholder`` it may be left unchosen, else it starts
      at ``start`` (or the first choice);
    - ``check``: yes or no;
    - ``stat``: rolled on ``dice`` (``3d4+1d8``), typed as the faces or as their total (:func:`read_stat`);
    - ``words``: words between commas (a move's positions), read as a tuple; ``choices`` the words
      allowed where the model lists them (issue 23).
    """

    key: str
    """The value's key in :data:`Values`, and the box's id on the screen (a stat's ``stat-KEY``)."""
    label: str = ""
    """Beside the box, in the game's words (``Level``, ``STR``); empty: none (a check shows it as its own)."""
    kind: FieldKind = "text"
    words: str = ""
    """How a message names it (``combat level``); empty: the label."""
    low: int = 0
    high: int = 0
    blank: int | None = None
    optional: bool = False
    start: str = ""
    """What the box holds when the sheet opens (``12``); a choice's first value."""
    placeholder: str = ""
    choices: tuple[str, ...] = ()
    dice: str | Callable[[Values], Roll | str] = ""
    """What ``ctrl+r`` rolls it on where it is blank or unreadable: a stat's dice, a number's
    (``d20``), or, where they depend on the sheet, what gives them from the values read (a
    :class:`Roll`, or why there is none yet, in words); empty: not rolled."""
    width: int | None = None
    """A choice's width in cells where not the sheet's usual one."""
    max_length: int = 0
    """The most characters a text box takes (0: no limit)."""

    @property
    def said(self) -> str:
        """How a message names the field."""
        return self.words or self.label or self.key

    @property
    def named(self) -> str:
        """How a list of fields names it (what a figure still needs): a stat by its label (``CON``),
        any other field as a message does (``combat level``)."""
        return self.label if self.kind == "stat" and self.label else self.said

    def roll(self, values: Values) -> Roll | str | None:
        """The dice to roll the field on now, or why not (in words); None: the field is not rolled."""
        if not self.dice:
            return None
        if callable(self.dice):
            return self.dice(values)
        return Roll(self.dice)

    def read(self, text: str, said: str = "") -> tuple[Any, str]:
        """A number or a stat as typed: the value (None when it cannot be read) and what to say
        (a number's problem begins with ``said``, by default :attr:`said`)."""
        if self.kind == "stat":
            assert isinstance(self.dice, str), self.key
            return read_stat(text, self.dice)
        return read_whole(text, self.low, self.high, said or self.said, self.blank)


@dataclass(frozen=True, slots=True)
class Row:
    """Fields on one line; a text among them is an aside in muted words (``HP dice``)."""

    items: tuple[SheetField | str, ...]


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading above the lines that follow (``Weapons (magic +N; ammo for missiles)``)."""

    text: str


@dataclass(frozen=True, slots=True)
class Note:
    """An aside on a line of its own (``blank: STR, AGI, DEX read 12``)."""

    text: str


@dataclass(frozen=True, slots=True)
class StatGrid:
    """Stats (fields of kind ``stat``) in a grid of ``columns``, each with its sum beside it."""

    key: str
    """The grid's id on the screen."""
    fields: tuple[SheetField, ...]
    columns: int = 3


@dataclass(frozen=True, slots=True)
class Repeated:
    """Rows of the same fields (a card's weapons): ``start`` rows at first, one more whenever every
    row's first field (a choice, or a text) is given, up to ``most``. A row whose first field is not
    given is empty (None in :data:`Values`)."""

    key: str
    """The group's key in :data:`Values`; the rows' ids are ``KEY-row-N``, each field's ``FIELD-N``."""
    fields: tuple[SheetField, ...]
    start: int = 1
    most: int = 1
    words: str = ""
    """How a message names a row, before its number (``weapon`` 2); empty: the key."""
    per_line: int = 0
    """A row's fields laid out so many a line, under the row's number (0: one line, no number)."""

    def said(self, index: int, field: SheetField) -> str:
        """How a message names a field of row ``index`` (from 0): ``weapon 2 magic``."""
        head = f"{self.words or self.key} {index + 1}"
        return head if field is self.fields[0] else f"{head} {field.said}"


Line = Row | Heading | Note | StatGrid | Repeated


@dataclass(frozen=True, slots=True)
class Section:
    """Lines of the sheet: for every kind of card, or for one kind only (shown while it is chosen)."""

    lines: tuple[Line, ...]
    kind: str = ""


@dataclass(frozen=True, slots=True)
class DerivedFigure:
    """A number the sheet works out from the values (``AF 47``), with the terms that make it."""

    key: str
    label: str
    """As the game names it, with what it is for: ``AF (melee)``."""
    value: str
    """The number as shown (``57.5``), worked out with stand-ins where a field it reads is not given."""
    terms: str = ""
    """The terms that make it: ``40 (natural base 30 + d20 10) - 8 (combat level 2 x 4)``."""
    needs: tuple[str, ...] = ()
    """The fields (keys) it reads: until each has a value the sheet shows ``?`` and names them."""
    listed: bool = True
    """It has a line of its own with its terms (else it stands in the summary alone: ``dead at``)."""


@dataclass(frozen=True, slots=True)
class Derived:
    """What the sheet shows beside the fields: a summary, then each figure with its terms."""

    figures: tuple[DerivedFigure, ...] = ()
    summary: tuple[str, ...] = ()
    """Lines in which ``{KEY}`` stands for that figure's value: ``MHP {mhp}   dead at {dead_at}``."""
    problem: str = ""
    """Why there are no figures (the tables do not load); empty: there are."""


class CardProblems(ValueError):
    """Values that make no card: every problem, each naming the field."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def _no_problems(values: Values) -> list[str]:
    return []


@dataclass(frozen=True, slots=True)
class SheetSpec:
    """A game's character sheet: its fields and what it makes of them."""

    sections: tuple[Section, ...]
    derive: Callable[[Values], Derived]
    """The figures from the values read (stand-ins for what is missing); may raise ``ValueError``
    or ``LookupError`` with the reason there are none."""
    to_card: Callable[[Values], Any]
    """The card the values make (the game's card model), or :class:`CardProblems`."""
    file_name: Callable[[Any], str]
    """The card file's name in the data folder's ``fighters`` (:func:`card_file`)."""
    card_text: Callable[[Any], str]
    """The card file's text for the card."""
    check: Callable[[Values], list[str]] = _no_problems
    """Problems across fields (a weapon listed twice), each naming the field, beyond each box's own."""
    kind_key: str = ""
    """The choice field that chooses the kind of card (its choices are the kinds); empty: one kind."""
    kind_word: str = "character"
    """What the one kind is called, where there is no kind field."""
    entry: Callable[[Values], dict[str, Any]] | None = None
    """The card as its file holds it, from the values (issue 23): where given, a card is saved into
    ``<data dir>/fighters/GAME.yaml`` among the others (:func:`companion.cardedit.card_save`) rather
    than to a file of its own; None: the card's own file (``file_name``, ``card_text``)."""
    values_of: Callable[[Any], Values] | None = None
    """A card's values, to edit it on the sheet (None: the sheet makes new cards only)."""
    kept: Callable[[Any, Any], Any] | None = None
    """An edited card (the old one, the one the sheet makes) with what the old card had that the
    sheet does not show (PAF's ``misc``); None: the sheet shows every field."""
    paths: Mapping[str, str] = _field(default_factory=dict)
    """A problem's field (``moves.dice``: the file's path less its row numbers) to the key of the box
    it is about, to mark the box."""
    model_checks: bool = False
    """The boxes pass what is typed to the card model, which says what is wrong as
    ``companion fighters check`` does (a number out of its range is not the box's problem)."""

    def __post_init__(self) -> None:
        kinds = [s.kind for s in self.sections if s.kind]
        if len(kinds) != len(set(kinds)):
            raise ValueError(f"a kind's fields are one section: {kinds}")
        keys = [f.key for f in self.fields()]
        if len(keys) != len(set(keys)):
            raise ValueError(f"a field's key names it once on the sheet: {sorted(keys)}")
        unknown = set(kinds) - set(self.kinds)
        if unknown:
            raise ValueError(f"sections for kinds the sheet does not have: {sorted(unknown)}")

    def fields(self) -> Iterator[SheetField]:
        """Every field of the sheet, in order (a repeated row's fields once)."""
        for section in self.sections:
            for line in section.lines:
                if isinstance(line, Row):
                    yield from (item for item in line.items if isinstance(item, SheetField))
                elif isinstance(line, StatGrid | Repeated):
                    yield from line.fields

    def field(self, key: str) -> SheetField:
        return next(f for f in self.fields() if f.key == key)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of card the sheet makes."""
        return self.field(self.kind_key).choices if self.kind_key else (self.kind_word,)


# --- reading the boxes -------------------------------------------------------------------


def read_whole(text: str, low: int, high: int, what: str, blank: int | None = None) -> tuple[int | None, str]:
    """A whole number from ``low`` to ``high`` as typed (``blank`` when nothing is).

    Returns:
        The number (None when it cannot be read) and why not (empty when it can).
    """
    text = text.strip().lstrip("+")
    if not text:
        if blank is not None:
            return blank, ""
        return None, f"{what}: missing ({low} to {high})"
    # "to", not a dash: a range below 0 reads "-10 to 30", never "-10-30" (the new-user trial)
    if not re.fullmatch(r"-?\d+", text):
        return None, f"{what}: {text!r} is not a whole number ({low} to {high})"
    value = int(text)
    if not low <= value <= high:
        return None, f"{what}: {value} is out of range ({low} to {high})"
    return value, ""


def stat_dice(notation: str) -> Dice:
    """A stat's dice, added together, in the game's notation: ``3d4+1d8`` is three d4 and a d8."""
    return Dice.parse(notation.replace("+", " "))


def read_stat(text: str, notation: str) -> tuple[int | None, str]:
    """A stat rolled on ``notation`` as typed: the faces, in order (``2 3 1 6``, or ``2316`` run
    together where every die shows one digit), or the total from a paper sheet.

    Returns:
        The stat (None when it cannot be read) and what to say: the sum, or why not.
    """
    dice = stat_dice(notation).dice
    n = len(dice)
    faces = " ".join(die.notation for die in dice)
    low, high = sum(die.low for die in dice), sum(die.high for die in dice)
    text = text.strip()
    if not text:
        return None, f"type the {spelled(n)} faces ({faces}) or the total"
    parts = re.split(r"[\s,+]+", text)
    if len(parts) == 1 and len(parts[0]) == n > 1 and parts[0].isdigit() and all(die.high <= 9 for die in dice):
        if n > len(str(high)) or int(parts[0]) > high:
            parts = list(parts[0])  # the faces typed without spaces: too long for a total
    if not all(re.fullmatch(r"\d+", p) for p in parts):
        return None, f"{text!r}: faces are whole numbers"
    numbers = [int(p) for p in parts]
    if len(numbers) == 1:
        total = numbers[0]
        if low <= total <= high:
            return total, f"{total} (the total)"
        return None, f"{total} is not a stat: {notation} makes {low} to {high}"
    if len(numbers) != n:
        return None, f"{len(numbers)} faces: {notation} is {spelled(n)} dice ({faces})"
    for i, (face, die) in enumerate(zip(numbers, dice), 1):
        if not die.low <= face <= die.high:
            return None, f"die {i} is a {die.notation}: {face} is not a face ({die.low}-{die.high})"
    return sum(numbers), f"{' + '.join(map(str, numbers))} = {sum(numbers)}"


def roll_said(said: str, roll: Roll, faces: tuple[int, ...]) -> tuple[int, str]:
    """The total of ``faces`` rolled on ``roll``, and the roll in words: ``defense d20 7``,
    ``hit points 6+D4: 3 + 6 = 9``."""
    _, plus = parse_roll(roll.dice)
    total = sum(faces) + plus
    if len(faces) == 1 and not plus:
        return total, f"{said} {total}"
    terms = " + ".join(map(str, faces)) + (f" {'+' if plus > 0 else '-'} {abs(plus)}" if plus else "")
    return total, f"{said} {roll.shown or roll.dice}: {terms} = {total}"


# --- saving ------------------------------------------------------------------------------


def slug(name: str) -> str:
    """A card name as a file name's part: ``Brother Anselm`` -> ``brother_anselm``."""
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "character"


def card_file(game: str, name: str) -> str:
    """A card file's name for a card made on the sheet: ``GAME_SLUG.yaml``."""
    return f"{game}_{slug(name)}.yaml"
