"""A fight exported (issue 23, item 2): as Markdown to read and keep, as JSON to replay.

A fight is its setup and its answers (docs/design.md), so an export is those, folded once
more: the Markdown tells the play-by-play in the game's words (each answer under the prompt
it answered, marked typed or by the app, a round clock's stamp, secret picks revealed, the log
lines it gave), the result or what the fight waits for; the JSON holds the setup as the store
keeps it (:func:`companion.session.setup_to_json`) and the answers (text, virtual, clock), so
``companion script --from FIGHT.json`` plays the same fight again, line for line.

Everything here goes through the ruleset contract (prompts, answers, :meth:`Ruleset.answer_words`,
:meth:`Ruleset.summary`, :meth:`Ruleset.status`, a :class:`TimedRuleset`'s rounds): no game is
named. No Textual: the fight screen's export key and ``companion export`` both call this.
"""

from __future__ import annotations

import json
import os
import time
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from companion import __version__
from companion.amending import amendment_shown, shown, standing
from companion.clock import mmss
from companion.dice import Refused
from companion.ruleset import (
    SIDES,
    Answer,
    OverPrompt,
    Prompt,
    RollPrompt,
    Ruleset,
    Setup,
    TimedRuleset,
    get_ruleset,
    resolve_options,
    show_value,
)
from companion.session import Amendment, CorruptSave, Session, Step, setup_from_json, setup_to_json, title_of
from companion.store import FreeRoll
from companion.views import Box, CombatantView, HitPointBar, WoundTrack
from companion.words import count, excerpt

FORMAT = "companion-fight"
"""The JSON export's ``format``: what says a file is one."""
VERSION = 1
"""The JSON export's ``version``: a later companion that changes the shape moves it on."""
FORMATS = ("md", "json")
"""What ``companion export --format`` writes."""
EXPORTS = "exports"
"""The folder of the data directory the fight screen's export key writes to."""


class ExportError(ValueError):
    """A fight that cannot be exported, a file that cannot be written, or a file that cannot be
    replayed, said in words (nothing was written)."""


@dataclass(frozen=True, slots=True)
class Fight:
    """A fight to export: the session folded to where it is, and what the store knows of it."""

    session: Session
    id: int | None = None
    """Its id in the store (None: never saved, e.g. a script's)."""
    title: str = ""
    """Its title as saved (``A vs B``; a night's entrants); empty: made from the setup."""
    created: float | None = None
    """When it began (seconds since the epoch), where saved."""
    updated: float | None = None
    """When it last changed, where saved."""
    free_rolls: tuple[FreeRoll, ...] = ()
    """The free roller's rolls kept with it (issue 23): apart from its answers, never replayed."""

    @property
    def name(self) -> str:
        return self.title or title_of(self.session.setup)


# --- getting the fight ----------------------------------------------------------------


def of_session(session: Session, store: Any = None) -> Fight:
    """The fight in play (the fight screen's), headed by what ``store`` keeps of it."""
    header = store.describe(session.id) if store is not None and session.id is not None else None
    if header is None:
        return Fight(session, session.id)
    rolls = tuple(store.free_rolls(header.id))
    return Fight(session, header.id, header.title, header.created, header.updated, rolls)


def load(store: Any, session_id: int) -> Fight:
    """A saved fight, folded from its answers (finished or not), without holding it: another app
    may have it open and go on playing; this reads it as it is now.

    Raises:
        ExportError: no such fight, or its save cannot be folded (said with the reason).
    """
    header = store.describe(session_id)
    if header is None:
        raise ExportError(f"there is no saved fight {session_id} ('companion fights list' lists them)")
    try:
        try:
            game, data, live, _ = store.load(session_id)
        except (KeyError, ValueError) as exc:
            raise CorruptSave(f"its save cannot be read: {exc}") from exc
        setup = setup_from_json(data)
        try:
            session = Session(get_ruleset(game), setup)
        except (KeyError, ValueError) as exc:
            raise CorruptSave(f"its setup cannot be used: {exc}") from exc
        session.replay(live)
        session.recall(store.amendments(session_id))  # the record of its amendments, as a resume reads it
    except CorruptSave as exc:
        raise ExportError(f"saved fight {session_id} cannot be exported: {exc}") from None
    rolls = tuple(store.free_rolls(session_id))
    return Fight(session, header.id, header.title, header.created, header.updated, rolls)


# --- Markdown --------------------------------------------------------------------------

_MARKDOWN = str.maketrans({char: "\\" + char for char in "\\`*_[]<>"})


def md(text: str) -> str:
    """``text`` as Markdown shows it as it is (its ``*`` and ``_`` not taken for emphasis)."""
    return str(text).translate(_MARKDOWN)


def when(stamp: float) -> str:
    """A date as an export says it: ``2025-05-01 20:14`` (local time)."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def played(session: Session) -> list[tuple[Prompt, Any, Step]]:
    """Each step with the prompt it answered and the state it was given at."""
    out = []
    state = session.start
    for step in session.steps:
        out.append((session.ruleset.prompt(state), state, step))
        state = step.state
    return out


def corner_word(setup: Setup, index: int) -> str:
    """``Red``/``Blue`` for a corner or a scene's side; ``Entrant N`` for a night's entrants."""
    if setup.sides or len(setup.fighters) == 2:
        return SIDES[setup.side_of(index)].capitalize()
    return f"Entrant {index + 1}"


def options_said(ruleset: Ruleset, setup: Setup) -> list[str]:
    """Each rules option of the fight, in the setup screen's words."""
    try:
        chosen = resolve_options(ruleset.options, setup.options)
    except ValueError:  # an option this companion no longer knows: as stored
        return [f"{md(key)}: {md(show_value(value))}" for key, value in setup.options.items()]
    return [f"{md(spec.label)}: {md(spec.shown(chosen[spec.key]))}" for spec in ruleset.options]


def answer_mark(prompt: Prompt, answer: Answer) -> str:
    """Whether the table typed the answer or the app gave it (ruling D-6)."""
    if not answer.virtual:
        return "typed"
    return "app-rolled" if isinstance(prompt, RollPrompt) else "the app's pick"


def stamp_said(ruleset: Ruleset, state: Any, answer: Answer) -> str:
    """The round clock's reading on an answer (M:SS into the round), with the round; empty when
    the answer has none."""
    if answer.clock is None:
        return ""
    said = f"at {mmss(answer.clock)}"
    if isinstance(ruleset, TimedRuleset):
        said += f" of {ruleset.period_word} {ruleset.round_of(state)}"
    return said


def result_lines(session: Session) -> list[str]:
    """The result as the result panel says it; or what the fight waits for."""
    ruleset, state, prompt = session.ruleset, session.state, session.prompt
    if isinstance(prompt, OverPrompt):
        result = prompt.result
        more = [f"- {md(line)}" for line in ruleset.summary(state)]
        if result.fight_time and result.fight_time != result.time:
            more.insert(0, f"- fight time {md(result.fight_time)}")
        return [f"**{md(prompt.headline())}**", *([""] + more if more else [])]
    lines = [f"Unfinished: waiting for {md(prompt.headline())}."]
    status = ruleset.status(state)
    if status:
        lines += ["", md(status)]
    return lines


def to_markdown(fight: Fight) -> str:
    """The fight as Markdown: a title, the setup, the play-by-play, the result, the trackers."""
    session = fight.session
    ruleset, setup = session.ruleset, session.setup
    over = session.over
    out = [f"# {md(ruleset.title)}: {md(fight.name)}", ""]
    facts = [f"Fight {fight.id}" if fight.id is not None else "A fight"]
    if fight.created is not None:
        facts.append(f"begun {when(fight.created)}")
    if fight.updated is not None:
        facts.append(f"last changed {when(fight.updated)}")
    facts += ["over" if over else "unfinished", count(len(session.steps), "answer")]
    out += [" · ".join(facts), ""]
    out += [result_lines(session)[0], ""]

    out += ["## Setup", ""]
    for index, card in enumerate(setup.fighters):
        view = ruleset.card_view(card, setup.tables)
        out += [f"### {corner_word(setup, index)}: {md(view.name)}", ""]
        aside = [part for part in (view.nickname and f"“{view.nickname}”", view.style) if part]
        if aside:
            out += [md(", ".join(aside)), ""]
        if view.sheet:
            out += ["```text", *view.sheet, "```", ""]
        else:
            out += [f"- {md(label)}: {md(value)}" for label, value in view.rows]
            out.append("")
    out += ["### Options", ""]
    out += [f"- {line}" for line in options_said(ruleset, setup)] or ["- none"]
    if setup.tables is not None:
        out.append(f"- {md(ruleset.tables_what.capitalize())}: as it was when the fight began (kept with the fight)")
    out.append("")

    out += ["## Play-by-play", ""]
    if not session.steps:
        out += ["No answer yet.", ""]
    amended = standing(session)
    for number, (prompt, state, step) in enumerate(played(session), start=1):
        answer = step.answer
        # a choice as its prompt shows it ("Sword, Long"), as the play-by-play and the amend list say
        # it, not the key it was typed as ("sword-long": the JSON keeps the text as typed)
        said = shown(prompt, answer)
        head = f"{number}. {md(prompt.headline())}: `{code(said)}`"
        words = ruleset.answer_words(prompt, answer)
        if words and words not in (answer.text, said):
            head += f" ({md(words)})"
        head += f", {answer_mark(prompt, answer)}"
        stamp = stamp_said(ruleset, state, answer)
        if stamp:
            head += f" {stamp}"
        if number - 1 in amended:
            head += f", amended: was `{code(shown(prompt, amended[number - 1].old))}`"
        indent = " " * (len(str(number)) + 2)  # under the item's text, so the lines belong to it
        out.append(head)
        out += [f"{indent}- {md(line)}" for line in step.log]
    out.append("")

    out += ["## Result", "", *result_lines(session), ""]

    trackers = ruleset.trackers(session.state)
    if ruleset.scenes:  # a scene's combatants as its side panels show them, in the game's words
        out += ["## Combatants", ""]
        out += [f"- {combatant_said(view)}" for view in ruleset.combatants(session.state)]
        out.append("")
    elif trackers:
        out += ["## Trackers", ""]
        for name, numbers in trackers.items():
            figures = " · ".join(_tracker(ruleset, key, value) for key, value in numbers.items() if _shown(value))
            out.append(f"- **{md(name)}**: {md(figures)}" if figures else f"- **{md(name)}**")
        out.append("")
    out += amendments_said(session.amendments, session)
    out += free_rolls_said(fight.free_rolls)
    return "\n".join(out)


def code(text: str) -> str:
    """``text`` to put inside a code span (a backquote would end it)."""
    return text.replace("`", "'")


def answers_said(answers: list[str]) -> str:
    """Answers as their prompts showed them, as code spans, ``none`` for none: ```ground`, `15```."""
    return ", ".join(f"`{code(answer)}`" for answer in answers) or "none"


def amendments_said(amendments: list[Amendment], session: Session) -> list[str]:
    """The section of the fight's amendments (issue 23), oldest first: each answer's number, who
    answered it, when, the old and the new value, the later answers kept and those that no longer
    fit (dropped: the first of them was asked again). None: no section."""
    if not amendments:
        return []
    out = ["## Amendments", ""]
    for amendment in amendments:
        words = amendment_shown(session, amendment)  # each answer as its prompt showed it: "Sword, Long"
        out.append(
            f"- Answer {amendment.number} ({md(amendment.who)}), {when(amendment.at)}: "
            f"`{code(words['was'])}` → `{code(words['now'])}`; "
            f"kept {answers_said(words['kept'])}; dropped {answers_said(words['dropped'])}"
        )
    return [*out, ""]


def free_rolls_said(rolls: tuple[FreeRoll, ...]) -> list[str]:
    """The section of the free roller's rolls kept with the fight (issue 23): apart from its answers."""
    if not rolls:
        return []
    out = ["## Free rolls", "", "Rolled with the dice roller during the fight; none of them is an answer.", ""]
    out += [f"- {when(r.at)} `{code(r.expression)}`: `{code(r.faces)}` = **{r.total}**" for r in rolls]
    return [*out, ""]


def combatant_said(view: CombatantView) -> str:
    """A scene's combatant in a line: his side, his marks, his wounds or hit points, his notes."""
    parts = [mark.text for mark in view.tags]
    track = view.track
    if isinstance(track, WoundTrack):
        marked = [f"{row.label} {sum(box is not Box.FREE for box in row.boxes)}/{len(row.boxes)}" for row in track.rows]
        parts.append("wounds: " + ", ".join(marked))
        if track.penalty is not None:
            parts.append(track.penalty.text)
    elif isinstance(track, HitPointBar):
        parts.append(f"hit points {track.value}/{track.maximum}")
        if track.temporary_mark is not None:
            parts.append(track.temporary_mark.text)
    if view.figures:
        parts.append(view.figures)
    parts += [mark.text for mark in view.notes]
    head = f"**{md(view.name)}** ({SIDES[view.side]}{', out of the fight' if view.out else ''})"
    return f"{head}: {md(' · '.join(parts))}" if parts else head


def _shown(value: Any) -> bool:
    """Whether a tracker is said: as a fighter's panel says them, nothing for none or a flag not set."""
    return value is not None and value is not False


def _tracker(ruleset: Ruleset, key: str, value: Any) -> str:
    """A tracker in the game's words, as a panel says it: a flag by its name, seconds as M:SS."""
    if value is True:
        return ruleset.label(key)
    if key.endswith("_seconds") and isinstance(value, (int, float)):
        return f"{ruleset.label(key)} {mmss(value)}"
    return f"{ruleset.label(key)} {_figure(value)}"


def _figure(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_figure(v) for v in value) or "none"
    return str(value)


# --- JSON ------------------------------------------------------------------------------


def _iso(stamp: float | None) -> str | None:
    return None if stamp is None else datetime.fromtimestamp(stamp).astimezone().isoformat(timespec="seconds")


def to_json(fight: Fight) -> dict[str, Any]:
    """The fight as one JSON object: ``format``, ``version``, ``companion`` (its version), ``id``,
    ``title``, ``game``, ``created``, ``updated`` (ISO 8601 or null), ``setup`` (as stored:
    cards, options, tables, sides), ``answers`` (each ``text``, ``virtual``, ``clock``), ``log``
    (each answer's lines), ``over``, ``result`` (null while unfinished), ``waiting_for`` (the
    prompt, null once over), ``trackers``, ``amendments`` (each ``answer``, its number from 1,
    ``who``, ``at``, ``was``, ``now``, ``kept`` and ``dropped``, the later answers' texts) and
    ``free_rolls`` (each ``seq``, ``expression``, ``faces``, ``total``, ``at``). The answers are the
    fight as it stands, amendments made: a replay reads them alone (:func:`replayable`)."""
    session = fight.session
    prompt = session.prompt
    over = isinstance(prompt, OverPrompt)
    return {
        "format": FORMAT,
        "version": VERSION,
        "companion": __version__,
        "id": fight.id,
        "title": fight.name,
        "game": session.setup.game,
        "created": _iso(fight.created),
        "updated": _iso(fight.updated),
        "setup": setup_to_json(session.setup),
        "answers": [{"text": a.text, "virtual": a.virtual, "clock": a.clock} for a in session.answers],
        "log": [list(step.log) for step in session.steps],
        "over": over,
        "result": prompt.result.to_json() if isinstance(prompt, OverPrompt) else None,
        "waiting_for": None if over else prompt.to_json(),
        "trackers": session.ruleset.trackers(session.state),
        "amendments": [
            {
                "answer": a.number,
                "who": a.who,
                "at": _iso(a.at),
                "was": a.old.text,
                "now": a.new,
                "kept": [answer.text for answer in a.kept_answers],
                "dropped": [answer.text for answer in a.dropped],
                **_shown_fields(session, a),
            }
            for a in session.amendments
        ],
        "free_rolls": [
            {"seq": r.seq, "expression": r.expression, "faces": r.faces, "total": r.total, "at": _iso(r.at)}
            for r in fight.free_rolls
        ],
    }


def _shown_fields(session: Session, amendment: Amendment) -> dict[str, Any]:
    """``was_shown``, ``now_shown``, ``kept_shown``, ``dropped_shown``: an amendment's answers as
    their prompts showed them (``Sword, Long``), beside the texts as typed (``sword-long``) that a
    machine reader types again."""
    return {f"{key}_shown": value for key, value in amendment_shown(session, amendment).items()}


def render(fight: Fight, form: str) -> str:
    """The fight in ``form`` (``md`` or ``json``) as the text of a file."""
    if form == "json":
        return json.dumps(to_json(fight), indent=2, ensure_ascii=False) + "\n"
    if form == "md":
        return to_markdown(fight)
    raise ExportError(f"no export format {form!r} (one of {', '.join(FORMATS)})")


# --- replaying -------------------------------------------------------------------------


def replayable(data: Any) -> tuple[Setup, list[Answer]]:
    """The setup and the answers of a JSON export, checked (its ``amendments`` and ``free_rolls``
    are a record of the fight, not replayed: the answers are the fight as amended).

    Raises:
        ExportError: it is not an export, a later one, or a part of it is damaged (which, said).
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExportError(f'it is not a companion fight export (no "format": "{FORMAT}")')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ExportError(f"its version {excerpt(version)} is not a number from 1")
    if version > VERSION:
        raise ExportError(f"it was written by a later companion (version {version}; this one reads {VERSION})")
    if not isinstance(data.get("setup"), dict):
        raise ExportError('it has no "setup" object')
    try:
        setup = setup_from_json(data["setup"])
    except CorruptSave as exc:
        raise ExportError(str(exc).replace("the saved setup", "its setup")) from None
    raw = data.get("answers")
    if not isinstance(raw, list):
        raise ExportError('its "answers" is not a list')
    answers = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise ExportError(f'answer {number} is not an object with a "text": {excerpt(item)}')
        virtual, clock = item.get("virtual", False), item.get("clock")
        if not isinstance(virtual, bool):
            raise ExportError(f'answer {number}: "virtual" is true or false, not {excerpt(virtual)}')
        if clock is not None and (isinstance(clock, bool) or not isinstance(clock, (int, float)) or clock < 0):
            raise ExportError(f'answer {number}: "clock" is seconds into the round or null, not {excerpt(clock)}')
        answers.append(Answer(item["text"], virtual, None if clock is None else float(clock)))
    return setup, answers


def replay(data: Any, rng: Any = None) -> tuple[Session, list[Answer]]:
    """A new session for a JSON export's setup, and its answers, each checked to fold (nothing is
    given to the session yet: the caller plays them, e.g. writing each line as it goes).

    Raises:
        ExportError: as :func:`replayable`, or an answer that does not fit (its number, the reason).
    """
    setup, answers = replayable(data)
    try:
        session = Session(get_ruleset(setup.game), setup, rng=rng)
    except Exception as exc:  # noqa: BLE001 - a damaged setup the game refuses, in any way: said, not raised
        raise ExportError(f"its setup cannot be played: {exc}") from None
    state = session.start
    for number, answer in enumerate(answers, start=1):
        try:
            state = session.ruleset.apply(state, answer).state
        except Refused as exc:
            raise ExportError(f"answer {number} ({excerpt(answer.text)}) does not fit: {exc.reason}") from None
        except Exception as exc:  # noqa: BLE001 - a damaged answer: said, not raised
            raise ExportError(f"answer {number} ({excerpt(answer.text)}) cannot be played: {exc}") from None
    return session, answers


def read(path: Path) -> Any:
    """A JSON export's data from ``path``.

    Raises:
        ExportError: it cannot be read, or is not JSON (where, said).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ExportError(f"{path} is not a text file (UTF-8)") from None
    except OSError as exc:
        raise ExportError(f"{path} cannot be read: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise ExportError(f"{path} is not JSON: {exc}") from None


# --- writing ---------------------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    """``text`` written to ``path`` (the whole file, or nothing: written beside it, then moved).

    Raises:
        ExportError: the folder is missing, the path is a folder, or it cannot be written (why).
    """
    if path.is_dir():
        raise ExportError(f"{path} is a folder: name a file in it")
    if not path.parent.is_dir():
        missing = "is not a folder" if path.parent.exists() else "does not exist"
        raise ExportError(f"cannot write {path}: {path.parent} {missing}")
    part = path.with_name(f".{path.name}.part")
    try:
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    except OSError as exc:
        with suppress(OSError):  # the part written, if any: nothing is left behind
            part.unlink(missing_ok=True)
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def file_stem(fight: Fight) -> str:
    """``fight-12-nhb``: one name a saved fight, so a later export replaces the earlier one (the
    fight as it is now holds all it held then); ``fight-nhb-20250501-201400`` for one never saved."""
    game = fight.session.setup.game
    if fight.id is not None:
        return f"fight-{fight.id}-{game}"
    return f"fight-{game}-{time.strftime('%Y%m%d-%H%M%S')}"


def write_exports(fight: Fight, data_dir: Path, forms: tuple[str, ...] = FORMATS) -> list[Path]:
    """The fight written to ``<data dir>/exports/`` in each of ``forms``: the paths written.

    Raises:
        ExportError: the folder cannot be made or a file cannot be written.
    """
    folder = data_dir / EXPORTS
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"cannot make the folder {folder}: {exc.strerror or exc}") from None
    stem = file_stem(fight)
    return [write(folder / f"{stem}.{form}", render(fight, form)) for form in forms]
