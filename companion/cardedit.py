"""Writing what a fight changed back to fighter cards (issue 17: a Fudge scene's experience and wounds).

A game says what changed on each combatant's card (``{name: {field: value}}``); this module plans
the edits to the card files in the data folder, each shown to the player as a diff before anything
is written:

- a card that lives in ``<data dir>/fighters/*.yaml`` is edited in place: only the lines of its
  changed fields, the rest of the file (comments, layout, the other cards) as it was;
- a card from the shipped roster is copied, changed, into ``<data dir>/fighters/<game>.yaml``
  (made if missing), where it replaces the shipped card of the same name (``companion.cards``);
- a combatant with no card of his name (a numbered copy of an NPC group, ``Orc Guard 2``) is
  left out, and the plan says so.

Every edited file is read back and its cards checked before the plan offers it: an edit the card
model would refuse is never written. No Textual import: the fight screen and tests share it.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from companion import yamlfile
from companion.cards import Problem, Roster, check_text
from companion.words import excerpt, folded


@dataclass(frozen=True, slots=True)
class FileEdit:
    """One card file's new text, and what it was (empty when the file is new)."""

    path: Path
    before: str
    after: str
    cards: tuple[str, ...]
    """The cards the edit changes or adds, by name."""

    def diff(self) -> list[str]:
        """The edit as a unified diff (lines without their newlines)."""
        name = str(self.path)
        return list(
            difflib.unified_diff(
                self.before.splitlines(),
                self.after.splitlines(),
                fromfile=name if self.before else "/dev/null",
                tofile=name,
                lineterm="",
            )
        )


@dataclass(slots=True)
class Plan:
    """The edits that write a fight's changes to the cards, and what is left out and why."""

    edits: list[FileEdit] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    """What the edits do not show: combatants left out and why, shipped cards copied."""
    kept: list[str] = field(default_factory=list)
    """Of :attr:`skipped`, the cards left out because they changed since the fight began (:func:`changed_since`)."""
    written: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The fields the edits put on each card, by its name (what a later write-back of the same fight
    compares with: :meth:`companion.store.Store.written_back`)."""

    def write(self) -> list[Path]:
        """Write every edit (the folders made as needed); the files written."""
        out = []
        for edit in self.edits:
            edit.path.parent.mkdir(parents=True, exist_ok=True)
            edit.path.write_text(edit.after, encoding="utf-8")
            out.append(edit.path)
        return out


class EditError(ValueError):
    """A card file this module cannot edit by its lines (it then says why, and nothing is written)."""


def plan(
    game: str,
    model: type[Any],
    roster: Roster,
    user_dir: Path,
    changes: dict[str, dict[str, Any]],
    began: dict[str, Any] | None = None,
) -> Plan:
    """The edits that put ``changes`` on the cards.

    Args:
        game: the game's key (a new file is ``<user_dir>/<game>.yaml``).
        model: the game's card model (each edited file is read back with it).
        roster: the game's cards as the app loaded them (``source`` says each one's file).
        user_dir: ``<data dir>/fighters``.
        changes: card name to the fields to set.
        began: the cards as the fight began, by name (its setup): a card whose fields to set have
            changed in its file since then is left out, and the plan says so (:func:`changed_since`).
    """
    out = Plan()
    by_file: dict[Path, dict[str, dict[str, Any]]] = {}
    copies: dict[str, dict[str, Any]] = {}
    mine = user_dir.resolve()
    for name, fields in changes.items():
        card = roster.find(name)
        if card is None or card.name != name:
            out.skipped.append(f"{name}: no card of this name (a numbered copy of an NPC group): not written")
            continue
        stale = changed_since(model, name, fields, card, (began or {}).get(name))
        if stale is not None:
            out.skipped.append(stale)
            out.kept.append(stale)
            continue
        out.written[name] = fields
        source = Path(roster.source.get(name, ""))
        if source.is_file() and source.resolve().parent == mine:
            by_file.setdefault(source, {})[name] = fields
        else:
            copies[name] = {**card.model_dump(mode="json", exclude_none=True, exclude_defaults=True), **fields}
            copies[name]["name"] = name
    for path, cards in by_file.items():
        out.edits.append(_checked(path, path.read_text(encoding="utf-8"), cards, {}, game, model))
    if copies:
        path = user_dir / f"{game}.yaml"
        out.skipped.append(
            f"{', '.join(copies)}: from the shipped roster: copied with the changes into {path}, where "
            "the copy replaces the shipped card"
        )
        before = path.read_text(encoding="utf-8") if path.is_file() else ""
        out.edits.append(_checked(path, before, {}, copies, game, model))
    return out


def changed_since(model: type[Any], name: str, fields: dict[str, Any], now: Any, then: Any | None) -> str | None:
    """Why the fight's ``fields`` must not be written on the card ``name``: the card now (``now``) differs
    from the card the fight began from (``then``) in a field the fight would set, to something else
    than the fight would set it to (another scene's write-back, or the sheet, while this fight was
    played). Writing would throw that change away (the third new-user trial: a rematch begun from the
    old card erased the first scene's wounds); the card is left out, whole (docs/decisions.md). None:
    it may be written (nothing moved, or the card says what the fight would write already).
    """
    if then is None:
        return None
    was, now_says = then.model_dump(mode="json"), now.model_dump(mode="json")
    moved = [
        key
        for key, value in fields.items()
        if now_says.get(key) != was.get(key) and _as_card(model, now_says, key, value) != now_says.get(key)
    ]
    if not moved:
        return None
    if len(moved) == 1:
        how = f"then {flow(was.get(moved[0]))}, now {flow(now_says.get(moved[0]))}"
    else:
        how = "; ".join(f"{key} then {flow(was.get(key))}, now {flow(now_says.get(key))}" for key in moved)
    what = moved[0] if len(moved) == 1 else ", ".join(moved[:-1]) + " and " + moved[-1]
    return (
        f"{name}: not written: the card's {what} changed since this fight began ({how}), and writing this "
        "fight's would lose that change (a rematch starts from the card as it is now)"
    )


def _as_card(model: type[Any], card: dict[str, Any], key: str, value: Any) -> Any:
    """``value`` as the card's field ``key`` would hold it once read (``{hurt: 1, scratch: 0}`` and
    ``{hurt: 1}`` may be the same wounds to the model); ``value`` itself where the model refuses it."""
    try:
        return model.model_validate({**card, key: value}).model_dump(mode="json").get(key)
    except ValidationError:
        return value


def _checked(
    path: Path, before: str, fields: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]], game: str, model: Any
) -> FileEdit:
    """The edit of one file: by its lines where it can be, else the whole file written afresh; read
    back and checked, so that every card says what it should."""
    try:
        after = edit_text(before, fields, new, game)
    except EditError:
        after = _rewritten(before, fields, new, game)
    _verify(path, after, fields, new, game, model)
    return FileEdit(path, before, after, tuple(fields) + tuple(new))


def _verify(
    path: Path, text: str, fields: dict[str, dict[str, Any]], new: dict[str, Any], game: str, model: Any
) -> None:
    """Read ``text`` back as the card file it will be: every card in it loads (as the roster will load
    it) and each changed card says what it should.

    Raises:
        EditError: what would be wrong, naming the file and the card.
    """
    try:
        data = yamlfile.load_text(text)  # the reader the roster uses, with its guards
    except yaml.YAMLError as exc:
        raise EditError(f"{path}: the edited file would not read: {exc}") from None
    entries = data.get("fighters") if isinstance(data, dict) and data.get("game") == game else None
    if not isinstance(entries, list):
        raise EditError(f"{path}: the edited file would not be a {game} card file")
    named: dict[str, Any] = {}
    for entry in entries:
        try:
            card = model.model_validate(entry, strict=True)
        except ValidationError as exc:
            who = entry.get("name") if isinstance(entry, dict) else entry
            raise EditError(
                f"{path}: after the edit the card {excerpt(who, quote=False)} would not load: {exc}"
            ) from None
        named[card.name] = card
    for name, want in {**fields, **new}.items():
        if name not in named:
            raise EditError(f"{path}: after the edit there would be no card {name}")
        if name in new and named[name] != model.model_validate(want, strict=True):
            raise EditError(f"{path}: after the edit the card {name} would not be the one written")
        got = named[name].model_dump(mode="json")
        for key, value in fields.get(name, {}).items():
            if got.get(key) != value:
                raise EditError(f"{path}: after the edit {name}'s {key} would be {got.get(key)!r}, not {value!r}")


def _rewritten(before: str, fields: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]], game: str) -> str:
    """The whole file dumped afresh (its comments lost): for a layout :func:`edit_text` cannot edit."""
    data = yamlfile.load_text(before) if before.strip() else None
    if not isinstance(data, dict):
        data = {"game": game, "fighters": []}
    cards = data.setdefault("fighters", [])
    for card in cards:
        if isinstance(card, dict) and card.get("name") in fields:
            card.update(fields[card["name"]])
    cards += list(new.values())
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)


def flow(value: Any) -> str:
    """A value as one line of YAML: ``fair``, ``[combat-reflexes, iron-will]``, ``{hurt: 1, scratch: 2}``."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False).strip()
    return text.removesuffix("\n...").removesuffix("...").strip()


def edit_text(text: str, fields: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]], game: str) -> str:
    """``text`` with each named card's fields set (only their lines changed) and the ``new`` cards added
    at the end of its list.

    Raises:
        EditError: a layout it does not edit by lines (the caller writes the file afresh).
    """
    if not text.strip():
        header = f"# Cards written back after scenes: wounds, experience, gifts.\ngame: {game}\nfighters:\n"
        return header + "".join(_block(card, 2) for card in new.values())
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise EditError(str(exc)) from None
    seq = _value_of(root, "fighters")
    if not isinstance(seq, yaml.SequenceNode) or seq.flow_style:
        raise EditError("no block list of fighters")
    spans: list[tuple[int, int, str]] = []  # (start, end, replacement) in the text
    for item in seq.value:
        if not isinstance(item, yaml.MappingNode):
            continue
        name = _value_of(item, "name")
        if not isinstance(name, yaml.ScalarNode) or name.value not in fields:
            continue
        spans += _set_fields(text, item, fields[name.value])
    done = {n.value for i in seq.value if isinstance(i, yaml.MappingNode) for n in [_value_of(i, "name")] if n}
    if set(fields) - done:
        raise EditError(f"no card {', '.join(sorted(set(fields) - done))} in the file")
    if new:
        if not seq.value:
            raise EditError("an empty list of fighters")
        at = _line_end(text, _deepest_end(seq.value[-1]))
        indent = seq.start_mark.column
        lead = "" if text[:at].endswith("\n") else "\n"
        spans.append((at, at, lead + "".join(_block(card, indent) for card in new.values())))
    for start, end, replacement in sorted(spans, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def _block(card: dict[str, Any], indent: int) -> str:
    """A card as a block list item at ``indent`` (its fields one a line, each value in flow style)."""
    pad = " " * indent
    lines = []
    for i, (key, value) in enumerate(card.items()):
        lead = f"{pad}- " if i == 0 else f"{pad}  "
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines.append(f"{lead}{key}:")
            lines += [f"{pad}    - {flow(v)}" for v in value]
        else:
            lines.append(f"{lead}{key}: {flow(value)}")
    return "\n".join(lines) + "\n"


def _set_fields(text: str, card: yaml.MappingNode, fields: dict[str, Any]) -> list[tuple[int, int, str]]:
    """The spans that set ``fields`` on one card's mapping."""
    out = []
    pairs = {k.value: (k, v) for k, v in card.value if isinstance(k, yaml.ScalarNode)}
    missing = []
    for key, value in fields.items():
        if key not in pairs:
            missing.append((key, value))
            continue
        k, v = pairs[key]
        if isinstance(v, yaml.ScalarNode) or getattr(v, "flow_style", False):
            out.append((v.start_mark.index, v.end_mark.index, flow(value)))
        else:  # a block list or mapping: the key's lines become one
            start = text.rfind("\n", 0, k.start_mark.index) + 1
            end = _line_end(text, _deepest_end(v))
            out.append((start, end, f"{' ' * k.start_mark.column}{key}: {flow(value)}\n"))
    if missing:
        if card.flow_style:
            close = card.end_mark.index - 1
            if text[close] != "}":
                raise EditError("a flow mapping without its brace")
            out.append((close, close, "".join(f", {k}: {flow(v)}" for k, v in missing)))
        else:
            first = card.value[0][0]
            at = _line_end(text, _deepest_end(card))
            pad = " " * first.start_mark.column
            lead = "" if text[:at].endswith("\n") else "\n"
            out.append((at, at, lead + "".join(f"{pad}{k}: {flow(v)}\n" for k, v in missing)))
    return out


def _value_of(node: Any, key: str) -> Any:
    if not isinstance(node, yaml.MappingNode):
        return None
    return next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)


def _deepest_end(node: Any) -> int:
    """Where the last thing written in ``node`` ends: a block collection's own end mark runs on to the
    next token, past comments and blank lines."""
    while isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and not node.flow_style and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(last, tuple) else last
    return int(node.end_mark.index)


def _line_end(text: str, index: int) -> int:
    """The index just after the end of the line ``index`` is on (the text's end if it has no newline)."""
    end = text.find("\n", index)
    return len(text) if end < 0 else end + 1


# --- a card made or edited on the sheet (issue 23) ------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardSave:
    """A card made or edited in the app, as it would be written: the file, its text before and after,
    and what the check of the new text finds that the old text did not (empty: it may be written)."""

    path: Path
    before: str
    after: str
    problems: tuple[Problem, ...] = ()

    def write(self) -> Path:
        """Write the file (its folder made as needed); refuses a save with problems."""
        if self.problems:
            raise EditError("; ".join(str(p) for p in self.problems))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(self.after, encoding="utf-8")
        return self.path


def card_save(
    game: str,
    model: type[Any],
    roster: Roster,
    user_dir: Path,
    entry: dict[str, Any],
    *,
    editing: str | None = None,
    card_check: Callable[[Any], list[str]] | None = None,
) -> CardSave:
    """Where and how a card from the sheet is saved, checked as ``companion fighters check`` checks a
    file (:func:`companion.cards.check_text`, the same messages).

    - a new card goes to ``<user_dir>/<game>.yaml`` (made if missing), after its cards;
    - an edited card that lives in ``<user_dir>`` is replaced where it is, in its own file;
    - an edited shipped card is copied, changed, into ``<user_dir>/<game>.yaml``, where it replaces
      the shipped card of its name (:func:`companion.cards.load_roster`); the shipped file is never
      written.

    The rest of the file (comments, layout, other cards) stays as it was. A problem the old text
    had already (another card of the file) does not stop the save; a name another card of the
    roster has does.

    Args:
        entry: the card as the file holds it (``{name: ..., control: 12, ...}``).
        editing: the name of the card edited (None: a new card).
        card_check: the game's check of a card against its tables in play, where it has one.
    """
    name = entry.get("name")
    source = Path(roster.source.get(editing, "")) if editing is not None else None
    mine = user_dir.resolve()
    if source is not None and source.is_file() and source.resolve().parent == mine:
        path = source
    else:
        path = user_dir / f"{game}.yaml"
    try:
        before = yamlfile.read_text(path) if path.is_file() else ""
    except (OSError, UnicodeDecodeError, yamlfile.TooBig) as exc:
        problem = Problem(str(path), yamlfile.reason(exc))
        return CardSave(path, "", "", (problem,))
    replaced = editing if editing is not None and _has_card(before, editing) else None
    try:
        after = replace_card(before, replaced, entry, game)
    except Exception as exc:  # noqa: BLE001 - a file that does not read: said in words, nothing written
        return CardSave(path, before, before, (Problem(str(path), yamlfile.reason(exc)),))
    _, old = check_text(before, str(path), game, model, card_check) if before.strip() else ([], [])
    cards, new = check_text(after, str(path), game, model, card_check)
    problems = [p for p in new if p not in old]
    if isinstance(name, str):
        other = next((c for c in roster.cards if c.name == name or folded(c.name) == folded(name)), None)
        if other is not None and other.name != editing:
            where = Path(roster.source.get(other.name, "")).name
            problems.insert(
                0,
                Problem(
                    str(path),
                    f"the roster has a card named {other.name} already ({where}): choose another name, "
                    "or edit that card",
                    name,
                    "name",
                ),
            )
        if not problems:
            written = next((c for c in cards if c.name == name), None)
            if written is None or written != model.model_validate(entry, strict=True):
                problems.append(Problem(str(path), "the card would not read back as written", name))
    return CardSave(path, before, after, tuple(problems))


def _has_card(text: str, name: str) -> bool:
    try:
        data = yamlfile.load_text(text) if text.strip() else None
    except Exception:  # noqa: BLE001 - a file that does not read has no card to replace
        return False
    entries = data.get("fighters") if isinstance(data, dict) else None
    return isinstance(entries, list) and any(isinstance(e, dict) and e.get("name") == name for e in entries)


def replace_card(text: str, name: str | None, entry: dict[str, Any], game: str) -> str:
    """``text`` with the card called ``name`` replaced by ``entry`` where it stands (its lines only),
    or ``entry`` added after the file's cards (``name`` None or not in it); a new file when ``text``
    is empty. Each value is written so that it reads back as itself (``'no'``, ``'1:30'``, ``'010'``
    quoted: YAML 1.1 would read them as false, 90 and 8)."""
    if not text.strip():
        return f"# Cards made and edited in the app.\ngame: {game}\nfighters:\n" + _block(entry, 2)
    if name is None:
        try:
            return edit_text(text, {}, {str(entry.get("name")): entry}, game)
        except EditError:
            return _rewritten(text, {}, {str(entry.get("name")): entry}, game)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        seq = _value_of(root, "fighters")
        if not isinstance(seq, yaml.SequenceNode) or seq.flow_style:
            raise EditError("no block list of fighters")
        for item in seq.value:
            found = _value_of(item, "name")
            if isinstance(item, yaml.MappingNode) and isinstance(found, yaml.ScalarNode) and found.value == name:
                start = text.rfind("\n", 0, item.start_mark.index) + 1
                end = _line_end(text, item.end_mark.index if item.flow_style else _deepest_end(item))
                after = text[item.end_mark.index : end].strip()
                if text[start : item.start_mark.index].strip() != "-" or (after and not after.startswith("#")):
                    raise EditError("a card that shares its lines with another")  # its lines are not its own
                return text[:start] + _block(entry, seq.start_mark.column) + text[end:]
        raise EditError(f"no card {name} in the file")
    except (EditError, yaml.YAMLError):
        data = yamlfile.load_text(text)
        cards = data.get("fighters", []) if isinstance(data, dict) else []
        cards = [entry if isinstance(c, dict) and c.get("name") == name else c for c in cards]
        return yaml.safe_dump({"game": game, "fighters": cards}, sort_keys=False, allow_unicode=True, width=120)
