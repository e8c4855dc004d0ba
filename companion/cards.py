"""Fighter cards: YAML rosters validated with each game's pydantic model.

A card file is ``{game: GAME, fighters: [card, ...]}``. The shipped rosters
live in ``fighters/<game>.yaml``; a player's own cards in
``<data dir>/fighters/*.yaml`` and files named with ``--fighters`` are merged
over them, a later card replacing an earlier one of the same name.

Every problem is reported at once with the file, the fighter, the field and
what is allowed; a bad card is skipped and the rest still load. What a problem
quotes from the file is a bounded excerpt, safe to print (issue 19); a card's name
is printable text of at most :data:`NAME_MAX` characters.

A file is read, parsed and checked once, and kept until it changes (its bytes are
compared): a roster opened again costs a read of each file, not a parse.
"""

from __future__ import annotations

import hashlib
import re
import types
import typing
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import annotated_types
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from companion import fighters, yamlfile
from companion.ruleset import card_name
from companion.words import excerpt, shown

SHIPPED_DIR = Path(fighters.__file__).resolve().parent
"""The rosters that come with the app (``companion.fighters``: the repository's ``fighters/``)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a card file."""

    file: str
    message: str
    fighter: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        """The problem in one line, safe to print: control characters escaped, each part bounded."""
        where = shown(self.file)
        if self.fighter is not None:
            where += f": fighter {shown(self.fighter, NAME_MAX)}"
        if self.field is not None:
            where += f": {shown(self.field, 100)}"
        return f"{where}: {shown(self.message, 500)}"


NAME_MAX = 60
"""The most characters in a fighter's name (Fudge's and PAF's cards had this limit already)."""
_EMOJI = ((0x1F000, 0x1FAFF), (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0xFE00, 0xFE0F), (0xE0000, 0xE007F))
"""Emoji, their variation selectors and tags: drawn wider than measured, they break a panel's border."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a fighter's name, or None: a name is letters, digits, marks,
    punctuation, single-width symbols and spaces, at most :data:`NAME_MAX` characters, not blank,
    with no space at either end."""
    if not name.strip():
        return "a name cannot be blank"
    if name != name.strip():
        return "a name has no space at either end"
    if len(name) > NAME_MAX:
        return f"a name is at most {NAME_MAX} characters (this one has {len(name):,})"
    for char in name:
        category = unicodedata.category(char)
        code = ord(char)
        wide = unicodedata.east_asian_width(char) in ("W", "F", "A")
        if (
            category[0] == "C"
            or (category[0] == "Z" and char != " ")
            or category == "Me"
            or any(low <= code <= high for low, high in _EMOJI)
            or (category[0] == "S" and wide)
        ):
            what = "a control character" if category[0] in "CZ" else "an emoji or a symbol drawn two cells wide"
            return (
                f"a name is printable text (letters, digits, spaces and punctuation): '{shown(char)}' "
                f"(U+{code:04X}) is {what}"
            )
    return None


def problems_against(cards: list[Any], source: dict[str, str], lines: Callable[[Any], list[str]]) -> list[Problem]:
    """A game's check of each card against its tables (keys a GM's tables file may add), as
    problems naming the file, the fighter, the field and what is allowed.

    Args:
        cards: the checked cards.
        source: card name to the file it came from.
        lines: the game's check of one card: ``fighter NAME: FIELD: message`` lines.
    """
    out = []
    for card in cards:
        prefix = f"fighter {card.name}: "
        for line in lines(card):
            field_, _, message = line[len(prefix) :].partition(": ")
            out.append(Problem(source.get(card.name, "?"), message, card.name, field_))
    return out


@dataclass(slots=True)
class Roster:
    """The cards of one game, in roster order, and what did not load."""

    game: str
    cards: list[Any] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    source: dict[str, str] = field(default_factory=dict)
    """Card name to the file it came from."""

    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    def find(self, name: str) -> Any | None:
        """The card called ``name`` (exact, else without case or accents: ``jose aldo``)."""
        from companion.words import folded

        for card in self.cards:
            if card.name == name:
                return card
        low = folded(name)
        for card in self.cards:
            if folded(card.name) == low:
                return card
        return None

    def add(self, cards: Iterable[Any], source: str) -> None:
        index = {c.name: i for i, c in enumerate(self.cards)}
        for card in cards:
            if card.name in index:
                self.cards[index[card.name]] = card
            else:
                index[card.name] = len(self.cards)
                self.cards.append(card)
            self.source[card.name] = source


def allowed(model: type[BaseModel], name: str | None) -> str:
    """What a field of ``model`` allows, in words: ``a whole number from 1 to 20``; with no
    field (``name`` None), the fields it has."""
    info = model.model_fields.get(name) if name is not None else None
    if info is None:
        return "fields allowed: " + ", ".join(model.model_fields)
    annotation = info.annotation
    optional = False
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(args) < len(typing.get_args(annotation))
        annotation = args[0] if len(args) == 1 else annotation
    if typing.get_origin(annotation) is Literal:
        text = "one of " + ", ".join(str(a) for a in typing.get_args(annotation))
    elif annotation is int:
        low, high = bounds(info)
        text = "a whole number"
        if low is not None and high is not None:
            text += f" from {low} to {high}"
    elif annotation is str:
        text = "text (quoted if YAML could read it as something else: 'no', '1:30')"
    else:
        text = str(annotation)
    return text + (" (optional)" if optional else "")


def bounds(info: FieldInfo) -> tuple[Any, Any]:
    """The lowest and the highest value a model's number field allows (None where it sets none):
    ``hp: int = Field(ge=1, le=999)`` gives (1, 999)."""
    low = high = None
    for meta in info.metadata:
        if isinstance(meta, annotated_types.Ge):
            low = meta.ge
        if isinstance(meta, annotated_types.Le):
            high = meta.le
    return low, high


def _inner(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[type[BaseModel], str | None]:
    """The model that holds the field at ``loc`` (cards may nest: a sheet's moves) and the field's name."""
    name = None
    for part in loc:
        if isinstance(part, int):
            continue
        if name is not None:
            info = model.model_fields.get(name)
            nested = _model_in(info.annotation) if info is not None else None
            if nested is None:
                break
            model = nested
        name = str(part)
    return model, name


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def card_problems(error: ValidationError, model: type[BaseModel], file: str, fighter: str) -> list[Problem]:
    """What is wrong with a card, as ``companion fighters check`` says it: each field, what was
    given and what is allowed (a card read from elsewhere than a card file: a saved or exported
    fight's setup)."""
    return _problems_from(error, model, file, fighter)


def _problems_from(error: ValidationError, model: type[BaseModel], file: str, fighter: str) -> list[Problem]:
    problems = []
    for err in error.errors():
        loc = err["loc"]
        where = ".".join(str(p) for p in loc) or None
        inner, name = _inner(model, loc)
        got = err.get("input")
        if err["type"] == "value_error" and not loc:
            # a card's own consistency check: one "field: message" a line
            for line in str(err["ctx"]["error"]).splitlines():
                field_, _, message = line.partition(": ")
                problems.append(Problem(file, message, fighter, field_))
            continue
        if err["type"] == "extra_forbidden":
            message = f"unknown field; {allowed(inner, '')}"
        elif err["type"] == "missing":
            message = f"missing; {allowed(inner, name)}"
        else:
            quoted = excerpt(got)  # never the whole of a large value
            if isinstance(got, bool):
                quoted += " (YAML reads yes/no/on/off as true/false)"
            message = f"{quoted} is not allowed: {allowed(inner, name)}"
        problems.append(Problem(file, message, fighter, where))
    return problems


_READ: dict[str, tuple[bytes, Any, str | None]] = {}
"""Each card file read: the digest of its bytes, its data (or why it cannot be read)."""
_LOADED: dict[tuple[str, str, type[BaseModel]], tuple[bytes, list[Any], list[Problem]]] = {}
"""Each card file checked for a game: the digest, its good cards and its problems."""


def _keep(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """Keep ``value`` under ``key`` as the latest used, forgetting the least recently used entry
    beyond 64 files (a hit is kept again, so the rosters in use stay while others come and go)."""
    cache.pop(key, None)
    if len(cache) >= 64:
        cache.pop(next(iter(cache)))
    cache[key] = value


def _digest(path: Path) -> bytes | None:
    """The digest of the file's bytes (None: it cannot be read, or is over the size: not kept)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(yamlfile.MAX_BYTES + 1)
    except OSError:
        return None
    if len(data) > yamlfile.MAX_BYTES:
        return None
    return hashlib.blake2b(data, digest_size=16).digest()


def read_file(path: Path) -> tuple[dict[str, Any] | None, Problem | None]:
    """The parsed mapping of a card file, or the problem that stops it being read. The data is
    shared by every caller while the file is unchanged: read it, never change it."""
    file = str(path)
    digest = _digest(path)
    kept = _READ.get(file)
    if digest is not None and kept is not None and kept[0] == digest:
        data, reason = kept[1], kept[2]
        _keep(_READ, file, kept)
    else:
        data, reason = yamlfile.read(path, marked=True)  # a number not in decimal refuses its card
        if digest is not None:
            _keep(_READ, file, (digest, data, reason))
    if reason is not None:
        return None, Problem(file, reason)
    if not isinstance(data, dict):
        return None, Problem(file, "should be a mapping with 'game: GAME' and 'fighters: [...]'")
    return data, None


def load_file(path: Path, game: str, model: type[BaseModel]) -> tuple[list[Any], list[Problem]]:
    """Read one card file. Bad cards are skipped and reported, good ones returned (checked once
    while the file is unchanged)."""
    key = (str(path), game, model)
    digest = _digest(path)
    kept = _LOADED.get(key)
    if digest is not None and kept is not None and kept[0] == digest:
        _keep(_LOADED, key, kept)
        return list(kept[1]), list(kept[2])
    cards, problems = _load_file(path, game, model)
    if digest is not None:
        _keep(_LOADED, key, (digest, cards, problems))
    return list(cards), list(problems)


def _load_file(path: Path, game: str, model: type[BaseModel]) -> tuple[list[Any], list[Problem]]:
    data, problem = read_file(path)
    if data is None:
        assert problem is not None  # read_file gives one or the other
        return [], [problem]
    return cards_in(data, str(path), game, model)


def check_text(
    text: str, file: str, game: str, model: type[BaseModel], card_check: Callable[[Any], list[str]] | None = None
) -> tuple[list[Any], list[Problem]]:
    """The cards of a card file's ``text`` (to be written to ``file``) and every problem, as
    ``companion fighters check`` says them (the same checks: :func:`cards_in`, then the game's
    check of each card against its tables, ``card_check``, where it has one). The card editor
    checks the file it would write with it (issue 23)."""
    try:
        data = yamlfile.load_text(text, marked=True)
    except Exception as exc:  # noqa: BLE001 - every failure is said in words by reason()
        return [], [Problem(file, yamlfile.reason(exc))]
    if not isinstance(data, dict):
        return [], [Problem(file, "should be a mapping with 'game: GAME' and 'fighters: [...]'")]
    cards, problems = cards_in(data, file, game, model)
    if card_check is not None and cards:
        problems += problems_against(cards, {card_name(c): file for c in cards}, card_check)
    return cards, problems


def cards_in(data: dict[str, Any], file: str, game: str, model: type[BaseModel]) -> tuple[list[Any], list[Problem]]:
    """The good cards of a card file's data (``{game: GAME, fighters: [...]}``) and the problems
    of the others, each naming the file, the fighter, the field and what is allowed."""
    problems: list[Problem] = []
    extra = set(data) - {"game", "fighters"}
    if extra:
        problems.append(Problem(file, f"unknown top-level keys {sorted(map(str, extra))}; allowed: game, fighters"))
    if data.get("game") != game:
        return [], problems + [Problem(file, f"game is {excerpt(data.get('game'))}, expected {game!r}", field="game")]
    raw = data.get("fighters")
    if not isinstance(raw, list):
        return [], problems + [Problem(file, "should list its cards under 'fighters:'", field="fighters")]
    cards: list[Any] = []
    seen: set[str] = set()
    for i, entry in enumerate(raw, start=1):
        label = _label(i, entry)
        raw_name = entry.get("name") if isinstance(entry, dict) else None
        bad_name = name_problem(raw_name) if isinstance(raw_name, str) else None
        if not isinstance(entry, dict):
            problems.append(Problem(file, "a card should be a mapping of field: value", label))
            continue
        if bad_name is not None:
            problems.append(Problem(file, f"{excerpt(raw_name, 40)} is not allowed: {bad_name}", label, "name"))
            continue
        marks = _not_decimal(entry)
        for where, mark in marks:
            problems.append(Problem(file, f"at line {mark.line}: {mark.problem}", label, where))
        try:
            card = model.model_validate(entry, strict=True)
        except ValidationError as exc:
            # a number not in decimal is said above, with what YAML 1.1 makes of it
            marked = {where for where, _ in marks}
            problems.extend(p for p in _problems_from(exc, model, file, label) if p.field not in marked)
            continue
        if marks:
            continue
        name = card_name(card)
        if name in seen:
            problems.append(Problem(file, "a second card with this name (the first is kept)", label, "name"))
            continue
        seen.add(name)
        cards.append(card)
    return cards, problems


def _label(i: int, entry: Any) -> str:
    """How a problem names the ``i``-th card of a file (from 1): its name, or ``#i`` where it has
    none that can be a name."""
    raw_name = entry.get("name") if isinstance(entry, dict) else None
    if isinstance(raw_name, str) and name_problem(raw_name) is None:
        return raw_name
    return f"#{i}"


def _not_decimal(value: Any, where: str = "") -> list[tuple[str | None, yamlfile.NotDecimal]]:
    """The numbers not in decimal in a card (read marked, :func:`companion.yamlfile.load_text`),
    each with the field it stands in (``weapons.0.reloads``; a key: the mapping it is a key of)."""
    if isinstance(value, yamlfile.NotDecimal):
        return [(where or None, value)]
    found: list[tuple[str | None, yamlfile.NotDecimal]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _not_decimal(key, where)
            found += _not_decimal(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for n, item in enumerate(value):
            found += _not_decimal(item, f"{where}.{n}" if where else str(n))
    return found


KeysCheck = Callable[[dict[str, Any]], list[str]]
"""A game's check of a card as written against the tables in play (:meth:`Ruleset.keys_check`)."""


def keys_check_for(ruleset: Any, data_dir: Path | None) -> KeysCheck | None:
    """``ruleset``'s check of what its cards name against the tables in play (the shipped tables
    with the player's own over them, in ``data_dir``); None for a game whose cards name nothing of
    its tables, or where the tables in play cannot be read (the fight's start says why)."""
    from companion.ruleset import get_ruleset

    game = get_ruleset(ruleset.roster)  # a tournament enters its game's cards
    if not game.has_tables:
        return None
    try:
        tables = game.tables_for(data_dir)
    except ValueError:  # companion.tables.TablesError: said where the tables are used
        return None
    return game.keys_check(tables) if tables is not None else None


def check_keys(
    path: Path, cards: list[Any], problems: list[Problem], keys_check: KeysCheck
) -> tuple[list[Any], list[Problem]]:
    """A card file's ``cards`` and ``problems`` (:func:`load_file`'s) with what each card names that
    the tables in play lack (``keys_check``) added to its problems, in the file's order of cards, and
    every card with such a problem taken out: every problem of every card at once."""
    data, _ = read_file(path)
    entries = data.get("fighters") if data is not None else None
    if not isinstance(entries, list):
        return cards, problems
    order: dict[str, int] = {}
    refused: set[str] = set()
    out = list(problems)
    for i, entry in enumerate(entries, start=1):
        label = _label(i, entry)
        if label in order:
            continue  # a second card of a name is refused as such; the first is the one kept
        order[label] = i
        if not isinstance(entry, dict):
            continue
        for line in keys_check(entry):
            field_, _, message = line.partition(": ")
            problem = Problem(str(path), message, label, field_)
            refused.add(label)
            if problem not in out:  # said already by the game's check of a whole card
                out.append(problem)
    out.sort(key=lambda p: order.get(p.fighter, 0) if p.fighter is not None else 0)
    return [c for c in cards if card_name(c) not in refused], out


def load_roster(
    game: str,
    model: type[BaseModel],
    *,
    user_dir: Path | None = None,
    extra_files: Iterable[Path] = (),
    shipped_dir: Path | None = None,
    keys_check: KeysCheck | None = None,
) -> Roster:
    """The shipped roster of ``game`` (the file its registry entry names, or ``shipped_dir``'s
    ``GAME.yaml``), then the user's cards, then ``extra_files``; with ``keys_check``
    (:func:`keys_check_for`), a card naming what the tables in play lack is refused too."""
    from companion.games import GAMES

    roster = Roster(game)
    shipped = shipped_dir / f"{game}.yaml" if shipped_dir is not None else GAMES[game].cards
    user_files: list[Path] = []
    if user_dir is not None and user_dir.is_dir():
        user_files = sorted(user_dir.glob("*.yaml")) + sorted(user_dir.glob("*.yml"))
    files = ([shipped] if shipped is not None else []) + user_files
    for path in files + list(extra_files):
        other = _game_of(path) if path in user_files else None
        if isinstance(other, str) and other != game:
            continue  # a user's folder holds cards of every game
        cards, problems = load_file(path, game, model)
        if keys_check is not None:
            cards, problems = check_keys(path, cards, problems, keys_check)
        roster.add(cards, str(path))
        roster.problems.extend(problems)
    return roster


_GAME_LINE = re.compile(r"""^game:[ \t]*["']?([a-z_]+)["']?[ \t]*(?:#.*)?$""", re.MULTILINE)
"""A card file's ``game: GAME`` line, as written at the top level."""


def _game_of(path: Path) -> Any:
    """The game a card file is for: its ``game:``; in a file that cannot be read as YAML, the
    ``game: GAME`` line it has, so its problems show on that game's screen only (None: unknown,
    shown on every game's)."""
    data, _ = read_file(path)
    if data is not None:
        return data.get("game")
    try:
        text = yamlfile.read_text(path)
    except (OSError, UnicodeDecodeError, yamlfile.TooBig):
        return None
    found = {match.group(1) for match in _GAME_LINE.finditer(text)}
    return found.pop() if len(found) == 1 else None
