"""Plain mode: a fight played as lines of text, for a screen reader (issue 23, item 5).

``companion play --plain GAME`` asks each prompt as one line in the game's words, reads the
answer typed after a short marker (``> ``), and prints the new log lines as they come: no
full-screen drawing, no colour, no box drawing, so a screen reader reads it line by line. It
plays the same sessions in the same store as the app (:func:`companion.session.start` and
:func:`~companion.session.resume`, the store's claim on an open fight): a fight begun here
resumes in the app and the other way round.

Answers are read as ``companion script`` reads them (the faces, a choice's key or an
unambiguous start of it, ``roll``, ``@M:SS`` stamps, ``bell``, ``stall``, ``#`` comments);
a few words are the table's commands (:data:`COMMANDS`). A game of secret choices is asked one
corner at a time, the other corner's pick never shown (on a terminal the pick is not even
echoed). A timed game keeps no stopwatch here: the table times its rounds on its own watch and
stamps an answer with the reading (docs/decisions.md, "Plain mode and the round clock").

This module never imports Textual: it is core, like ``companion script``.
"""

from __future__ import annotations

import argparse
import getpass
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from companion import roller
from companion.amending import answer_line, app_did, summary, was_shown
from companion.clock import mmss
from companion.dice import Refused
from companion.ruleset import (
    GAMES,
    SIDES,
    ChoicePrompt,
    OverPrompt,
    Prompt,
    RollPrompt,
    Ruleset,
    SecretPrompt,
    Setup,
    TimedRuleset,
    card_name,
    show_value,
)
from companion.session import ROLL_WORD, CorruptSave, Session
from companion.store import Store, StoreError
from companion.views import Box, Field, HitPointBar, Mark, Pair, PanelLine, WoundTrack
from companion.words import count, folded, shown

MARKER = "> "
"""Printed where the answer is typed: short, so a screen reader says little."""

COMMANDS = {
    "help": "what can be typed here",
    "status": "each fighter's trackers, in words (also: trackers)",
    "trackers": "",
    "odds": "the odds of this roll or choice, where the game shows odds",
    "undo": "take back the last answer",
    "redo": "give the last answer taken back again",
    "roll": "the app rolls the dice asked for (at a choice: the advised one)",
    "log": "the whole log so far",
    "answers": "the answers so far, numbered as amend counts them",
    "amend": "give TEXT in place of answer N and play the fight on from it (undo right after takes it back)",
    "dice": "roll dice apart from the fight (2d6+3, d%, d10!, 4dF, 4d6kh3): the faces, the total and its odds, "
    "kept with the fight",
    "quit": "stop here: the fight is saved, and says how to resume it",
}
"""The table's words besides the answers; a word the prompt itself offers as a choice is taken
as the answer (``:`` before a command always makes it the command: ``:log``)."""
TAKING = {"amend": "amend N TEXT", "dice": "dice EXPR"}
"""The commands followed by more on their line, as help writes them; the others are the line alone."""

OVER_COMMANDS = "amend, answers, log, status, dice, quit"
"""What else a finished fight takes (undo aside): the over line and its refusal list every one."""

BAD_STAMP = "write the time as @M:SS before the answer, e.g. @1:05 3 4"
"""The refusal of a malformed stamp (``companion script``'s words)."""


class Quit(Exception):
    """The table stops: ``quit``, the end of the input, or Ctrl+C."""


# --- the arguments ------------------------------------------------------------------------


def add_arguments(play: argparse.ArgumentParser) -> None:
    """``companion play``'s arguments: ``--plain`` and the fight it names (as ``companion script``)."""
    play.add_argument(
        "--plain",
        action="store_true",
        help="play as lines of text in this terminal, for a screen reader: no full-screen drawing, no colour",
    )
    play.add_argument("game", metavar="GAME", nargs="?", help="with --plain: the game to play")
    play.add_argument(
        "names", metavar="FIGHTER", nargs="*", help="with --plain: the red and the blue corner's card names"
    )
    play.add_argument("--red", metavar="NAME", action="append", default=[], help="the red corner (a scene: repeat)")
    play.add_argument("--blue", metavar="NAME", action="append", default=[], help="the blue corner (a scene: repeat)")
    play.add_argument("--fighter", metavar="NAME", action="append", default=[], help="a fighter, in corner order")
    play.add_argument("--fighters", metavar="FILE", action="append", default=[], type=Path, help="extra card file")
    play.add_argument("--option", metavar="KEY=VALUE", action="append", default=[], help="a rules option")
    play.add_argument("--seed", type=int, help="seed for the app's own rolls ('roll' answers)")
    play.add_argument("--resume", metavar="ID", type=int, help="with --plain: go on with the saved fight ID")


NAMED = ("game", "names", "red", "blue", "fighter", "fighters", "option", "seed", "resume")
"""The arguments that are only for ``--plain``."""


# --- reading the table's lines ------------------------------------------------------------


@dataclass
class Table:
    """The terminal: where lines are printed and answers read.

    Args:
        stdin: where answers are read, a line each.
        stdout: where everything is printed.
        tty: whether a person types at a terminal (the terminal then echoes what is typed, and a
            secret pick is read without echo); else each answer read is printed after the marker,
            so the output reads as the session went.
    """

    stdin: IO[str]
    stdout: IO[str]
    tty: bool = False
    hidden: Callable[[str], str] = getpass.getpass
    """Reads a line without echo (a secret pick on a terminal)."""

    def say(self, *lines: str) -> None:
        for line in lines:
            self.stdout.write(shown(line) + "\n")  # a card's name is printed safe (issue 19)
        self.stdout.flush()

    def ask(self, secret: bool = False) -> str:
        """The next line typed, without its end; :class:`Quit` at the end of the input."""
        if self.tty and secret:
            try:
                return self.hidden(MARKER)
            except EOFError:
                raise Quit from None
        self.stdout.write(MARKER)
        self.stdout.flush()
        raw = self.stdin.readline()
        if not raw:  # Ctrl+D, or the end of a file: as quit, and said so
            self.stdout.write("quit\n")
            raise Quit
        line = raw.rstrip("\r\n")
        if not self.tty:
            word = line.split("#", 1)[0].strip().lower().removeprefix(":")
            head = word.split(" ", 1)[0]
            command = word in COMMANDS or head in TAKING
            self.stdout.write(("(hidden)" if secret and word and not command else line) + "\n")
        return line


# --- prompts in words ---------------------------------------------------------------------


def prompt_line(ruleset: Ruleset, state: Any, prompt: Prompt) -> str:
    """The prompt as one line in the game's words: who rolls what and why, the modifiers and the
    target; a choice's options with their keys and the advised one; the round clock where the
    game runs against one. A secret choice is asked a corner at a time (:func:`pick_line`)."""
    if isinstance(prompt, RollPrompt):
        parts = [prompt.headline()]
        named = len(prompt.modifier_parts) > 1 or any(k not in prompt.reason for k, _ in prompt.modifier_parts)
        if named and prompt.running is None:  # "+15 control" again after "for control, +15": not said
            parts.append("modifier " + ", ".join(f"{v:+d} {k}" for k, v in prompt.modifier_parts))
        if prompt.against:
            said = prompt.target is None or prompt.against.startswith(f"{prompt.target} ")
            parts.append(f"against {prompt.against}" + ("" if said else f" ({prompt.target})"))
        if prompt.note:
            parts.append(prompt.note)
        parts += _also(prompt)
    elif isinstance(prompt, ChoicePrompt):
        options = []
        for option in prompt.options:
            name = f"{option.shown} ({option.key})" if option.shown and option.shown != option.key else option.key
            name += " (advised)" if option.key == prompt.advised else ""
            options.append(f"{name}: {option.why}" if option.why else name)
        parts = [prompt.headline(), "choices: " + "; ".join(options)]
        parts += _also(prompt)
    elif isinstance(prompt, SecretPrompt):
        parts = [prompt.headline(), f"{SIDES[0]} picks first, then {SIDES[1]}"]
    else:
        return f"The fight is over: {prompt.headline()}."
    parts += clock_parts(ruleset, state)
    return sentences(parts)


def sentences(parts: list[str]) -> str:
    """``parts`` as sentences of one line: each begun with a capital (the first as it is: a name),
    each ended with a full stop."""
    return ". ".join(part[0].upper() + part[1:] if i else part for i, part in enumerate(parts) if part) + "."


def _also(prompt: RollPrompt | ChoicePrompt) -> list[str]:
    if not prompt.also:
        return []
    return ["or type " + ", ".join(f"{c.label} ({c.why})" if c.why else c.label for c in prompt.also)]


def clock_parts(ruleset: Ruleset, state: Any) -> list[str]:
    """A timed game's round clock, as plain mode keeps it: the table's own stopwatch, read into
    each answer as an ``@M:SS`` stamp, ``bell`` at the round's end, ``stall`` on the holder."""
    if not isinstance(ruleset, TimedRuleset) or not ruleset.round_seconds:
        return []
    reading = mmss(ruleset.clock_reading(state))
    parts = [
        f"round {ruleset.round_of(state)} of {ruleset.rounds(state)}, clock {reading} of "
        f"{mmss(ruleset.round_seconds)}: stamp the answer @M:SS from your watch (unstamped: {reading})",
        "bell when the round is over",
    ]
    limit = ruleset.stall_limit(state)
    holder = ruleset.holder(state)
    if limit and holder is not None and ruleset.stall_open(state):
        parts.append(f"stall if the attacker holds the dice over {limit} seconds")
    return parts


def pick_line(prompt: SecretPrompt, side: int) -> str:
    """One corner's secret pick as one line: who picks while the other looks away, his focus, and
    the moves on his pad (those he cannot do now with why), then how focus is spent."""
    pad, other = prompt.sides[side], prompt.sides[1 - side]
    moves = []
    for option in (o for o in prompt.sides[side].options if o.here):
        if not option.allowed:
            moves.append(f"{option.key} ({option.why})")
            continue
        bits = [option.name, *option.figures()]
        moves.append(f"{option.key} ({', '.join(bits)})")
    role = f", {pad.role}" if pad.role else ""
    parts = [
        f"{SIDES[side].capitalize()}, {pad.who}{role}, picks in secret; {other.who}, look away",
        f"focus held {pad.focus}",
        *pad.notes,
        "moves: " + "; ".join(moves),
        f"add +dN for focus on the dice (up to {pad.max_dice}), +xN for focus on damage (up to {pad.max_damage}); "
        f"roll: the app picks; end: the table ends the fight",
    ]
    return sentences(parts)


# --- trackers in words --------------------------------------------------------------------


def tracker_lines(session: Session) -> list[str]:
    """Each fighter's trackers as words, a line each (``Royce Gracie, red: fight points 12, ...``);
    a scene's combatants as its side panels show them; the game's status line first."""
    ruleset, state = session.ruleset, session.state
    lines = [line for line in (ruleset.status(state),) if line]
    if isinstance(ruleset, TimedRuleset) and ruleset.round_seconds:
        lines.append(f"Round {ruleset.round_of(state)}, clock {mmss(ruleset.clock_reading(state))}")
    if ruleset.scenes:
        for view in ruleset.combatants(state):
            bits = [mark.text for mark in view.tags]
            if view.out:
                bits.insert(0, "out of the fight")
            if isinstance(view.track, HitPointBar):
                bits.append(f"hit points {view.track.value} of {view.track.maximum}")
                if view.track.temporary_mark is not None:
                    bits.append(view.track.temporary_mark.text)
            elif isinstance(view.track, WoundTrack):
                for row in view.track.rows:
                    felt = sum(box is Box.FELT for box in row.boxes)
                    shrugged = sum(box is Box.SHRUGGED for box in row.boxes)
                    bits.append(
                        f"{row.label} {felt} of {len(row.boxes)} marked"
                        + (f", {shrugged} shrugged off" if shrugged else "")
                    )
                if view.track.penalty is not None:
                    bits.append(view.track.penalty.text)
            if view.figures:
                bits.append(view.figures)
            if view.action:
                bits.append(f"declared {view.action}")
            bits += [mark.text for mark in view.notes]
            lines.append(f"{view.name}, {SIDES[view.side]}: " + (", ".join(bits) or "no marks"))
        return lines
    trackers = ruleset.trackers(state)
    gauges = ruleset.gauges(state)
    cards = ruleset.corners(state) or session.setup.fighters
    for side, card in enumerate(cards):
        name = card_name(card)
        numbers = trackers.get(name, {})
        shown_gauges = gauges.get(name, ())
        bits = [f"{g.label} {g.value} of {g.maximum}" for g in shown_gauges]
        skipped = {g.key for g in shown_gauges}
        rest = {key: value for key, value in numbers.items() if key not in skipped}
        bits += [_panel_words(line) for line in ruleset.panel_lines(card, rest)]
        lines.append(f"{name}, {SIDES[side % 2]}: " + (", ".join(b for b in bits if b) or "nothing to say"))
    return lines


def _panel_words(line: PanelLine) -> str:
    if isinstance(line, Field):
        return f"{line.label} {line.value}"
    if isinstance(line, Pair):
        return f"{line.left}, {line.right}"
    assert isinstance(line, Mark)
    return line.text.lstrip("● ").strip()


# --- the fight ----------------------------------------------------------------------------


@dataclass
class PlainFight:
    """One fight played in plain mode.

    Args:
        session: the fight (a stored one: each answer is saved as it is taken).
        table: the terminal.
        command: how the fight is resumed, for the goodbye (``companion play --plain GAME --resume 3``).
    """

    session: Session
    table: Table
    command: str
    refused: bool = False
    """Whether any answer was refused (exit status 1, as ``companion script``)."""
    said_over: bool = field(default=False, init=False)

    def play(self) -> int:
        """Ask and answer until the table quits or the input ends: 0, or 1 if any answer was
        refused; 130 after Ctrl+C. The fight is saved either way (every answer already is)."""
        status = 0
        try:
            self._loop()
        except Quit:
            pass
        except KeyboardInterrupt:
            status = 130
            self.table.stdout.write("\n")
        self.goodbye()
        return status or (1 if self.refused else 0)

    def goodbye(self) -> None:
        session = self.session
        if session.over:
            self.table.say(f"Saved: fight {session.id} is over. It is listed with its result in the app.")
        elif session.unanswered and session.store is not None and not session.store.free_rolls(session.id):
            self.table.say(f"Nothing answered: fight {session.id} is not kept.")  # Session.close drops it
        else:
            n = len(session.steps)
            self.table.say(
                f"Saved: fight {session.id}, {count(n, 'answer')}. Resume it with: {self.command}, "
                "or from the app's home."
            )

    def _loop(self) -> None:
        table, session = self.table, self.session
        title = " vs ".join(session.setup.names)
        table.say(f"{session.ruleset.title}: {title}. Fight {session.id}. Type help for the commands.")
        if session.steps:
            table.say(f"{count(len(session.steps), 'answer')} so far; the last lines of the log:")
            table.say(*[line for line, _ in session.log()[-3:]])
        while True:
            prompt = session.prompt
            if isinstance(prompt, OverPrompt):
                if not self.said_over:
                    self._say_result(prompt)
                line = table.ask()
                self._at_over(line)
                continue
            self.said_over = False
            if isinstance(prompt, SecretPrompt):
                self._secret(prompt)
                continue
            table.say(prompt_line(session.ruleset, session.state, prompt))
            while True:
                line = table.ask()
                if _comment_only(line):
                    continue  # a script's comment: nothing typed
                if self._command(line, prompt):
                    if session.prompt is not prompt:
                        break
                    continue
                if self._answer(line):
                    break
                table.say(prompt_line(session.ruleset, session.state, prompt))  # refused or blank: asked again

    def _say_result(self, prompt: OverPrompt) -> None:
        r = prompt.result
        lines = [f"Result: {prompt.headline()}."]
        if r.fight_time and r.fight_time != r.time:
            lines.append(f"Fight time {r.fight_time}.")
        lines += self.session.ruleset.summary(self.session.state)
        lines.append(f"The fight is over: undo takes back the last answer; {OVER_COMMANDS}.")
        self.table.say(*lines)
        self.said_over = True

    def _at_over(self, line: str) -> None:
        if not self._command(line, self.session.prompt) and line.strip():
            self.refused = True
            self.table.say(f"Refused: the fight is over. Type undo, {OVER_COMMANDS.replace(', quit', ' or quit')}.")

    # --- commands ---------------------------------------------------------------------

    def _command(self, line: str, prompt: Prompt) -> bool:
        """Do ``line`` if it is one of the table's commands; whether it was."""
        text = line.split("#", 1)[0].strip()
        forced = text.startswith(":")
        head, _, rest = text.removeprefix(":").partition(" ")
        word = head.lower() if head.lower() in TAKING else text.removeprefix(":").lower()
        if word not in COMMANDS:
            if forced:
                self.table.say(f"Refused: {word!r} is not a command; commands: {', '.join(COMMANDS)}.")
                return True
            return False
        if not forced and offers(prompt, word):
            return False  # the prompt's own choice of that name
        table, session = self.table, self.session
        if word == "help":
            table.say(*help_lines(session, prompt))
        elif word in ("status", "trackers"):
            table.say(*tracker_lines(session))
        elif word == "odds":
            table.say(*self._odds())
        elif word == "log":
            lines = [f"{line} (app roll)" if virtual else line for line, virtual in session.log()]
            table.say(*(lines or ["Nothing logged yet."]))
        elif word == "answers":
            table.say(*self._answers())
        elif word == "amend":
            self._amend(text.removeprefix(":"))
        elif word == "dice":
            self._dice(rest.strip())
        elif word == "undo":
            self._undo()
        elif word == "redo":
            self._redo()
        elif word == "roll":
            if isinstance(prompt, OverPrompt):
                table.say("Refused: the fight is over: nothing to roll.")
            else:
                self._answer(ROLL_WORD)
        elif word == "quit":
            raise Quit
        return True

    def _odds(self) -> list[str]:
        ruleset, session = self.session.ruleset, self.session
        if not ruleset.has_odds:
            return [f"{ruleset.title} shows no odds."]
        if session.over:
            return ["The fight is over: no odds."]
        odds = ruleset.odds(session.state, wait=True)
        if odds is None:
            return ["No odds at this prompt."]
        return [line.strip() for line in odds.text().splitlines()]

    def _answers(self) -> list[str]:
        """Each answer so far, numbered as ``amend N TEXT`` counts them, and the prompt it answered."""
        session = self.session
        lines = [answer_line(session, i, ", answered ") for i in range(len(session.steps))]
        return lines or ["No answer yet."]

    def _amend(self, line: str) -> None:
        """``amend N TEXT`` (issue 23), read and refused as ``companion script`` reads it: the new
        answer's log lines, then what was kept, what no longer fit and what is asked again."""
        from companion.cli import amend_line

        said = amend_line(self.session, line)
        if "refused" in said:
            self._refuse(said["reason"])
            return
        session = self.session
        amendment = session.amendments[-1]
        given = session.steps[amendment.index : amendment.index + len(amendment.given)]
        self.table.say(*[line for step in given for line in step.log])
        self.table.say(summary(amendment, session, undo="undo", arrow=" to "))

    def _dice(self, text: str) -> None:
        """``dice EXPR`` (issue 23): the free roller's roll, as ``companion roll`` prints it, kept with
        the fight in the store (the app's dice roller lists it when the fight is resumed there)."""
        try:
            expression = roller.parse(text)
        except roller.BadExpression as exc:
            self._refuse(f"{exc} (dice EXPR, like dice 2d6+3)")
            return
        roll = expression.roll(self.session.rng)
        lines = roller.report(expression, [roll])
        store, session_id = self.session.store, self.session.id
        if store is not None and session_id is not None:
            try:
                kept = store.add_free_roll(session_id, expression.text, roll.faces, roll.total)
                lines.append(f"Free roll {kept.seq}, kept with the fight; not an answer.")
            except StoreError as exc:
                lines.append(f"Not kept with the fight: {exc}.")
        self.table.say(*lines)

    def _undo(self) -> None:
        amended = self.session.amended  # undo right after an amendment takes it back (issue 23)
        try:
            answer = self.session.undo()
        except Refused as exc:
            self.table.say(f"Refused: {exc.reason}")
            return
        if amended is not None:
            self.table.say(
                f"Amendment undone: answer #{amended.number} is {was_shown(self.session, amended)} again, the fight as it was."
            )
        elif answer is None:
            self.table.say("Nothing to undo.")
        else:
            self.table.say(f"Undone: {answer.text}. Redo gives it again.")

    def _redo(self) -> None:
        try:
            step = self.session.redo()
        except Refused as exc:
            self.table.say(f"Refused: {exc.reason}")
            return
        if step is None:
            self.table.say("Nothing to redo.")
        else:
            self.table.say(f"Redone: {step.answer.text}.", *step.log)

    # --- answers ----------------------------------------------------------------------

    def _answer(self, line: str) -> bool:
        """Give ``line`` as the answer (read as ``companion script`` reads it); whether it was
        taken. A refusal is said with its reason; a blank line is not an answer."""
        from companion.cli import split_stamp

        text = line.split("#", 1)[0].strip()
        if not text:
            return False
        clock, answer = split_stamp(text)
        if text.startswith("@") and clock is None:
            return self._refuse(BAD_STAMP)
        from companion.cli import stalls_before

        try:
            for stall in stalls_before(self.session, clock, answer):  # as companion script reads it (FO-8)
                self.table.say(f"At {mmss(stall.answer.clock or 0)}, the stall limit:", *stall.log)
            before = len(self.session.steps)
            self.session.submit(answer, clock=clock)
        except Refused as exc:
            return self._refuse(exc.reason)
        taken = self.session.steps[before:]
        self.table.say(
            *[
                f"{line} ({self._app_did(before + k)})" if step.answer.virtual and i == 0 else line
                for k, step in enumerate(taken)
                for i, line in enumerate(step.log)
            ]
        )
        return True

    def _app_did(self, index: int) -> str:
        """``app roll`` for dice the app rolled; at a choice what it chose (``the app chose rest:
        none``), never "(app roll)" after the result a choice finished (:func:`app_did`)."""
        did = app_did(self.session, index)
        return "app roll" if did == "by the app" else did

    def _refuse(self, reason: str) -> bool:
        self.refused = True
        self.table.say(f"Refused: {reason}")
        return False

    def _secret(self, prompt: SecretPrompt) -> None:
        """A secret choice, one corner at a time: red types his pick unseen (on a terminal, not
        echoed), then blue; both are given together as one answer, and only then revealed. A
        line naming both corners (``red=jab blue=protect``, as ``companion script`` reads it)
        answers both at once."""
        table, session = self.table, self.session
        table.say(prompt_line(session.ruleset, session.state, prompt))
        picks: list[str] = []
        while len(picks) < 2:
            side = len(picks)
            table.say(pick_line(prompt, side))
            line = table.ask(secret=True)
            while _comment_only(line):
                line = table.ask(secret=True)
            word = line.split("#", 1)[0].strip().lower()
            if word == ROLL_WORD:  # the app picks for this corner alone (ruling D-6, CM-12)
                picks.append(ROLL_WORD)
                table.say(f"{SIDES[side].capitalize()}: the app picks, unseen.")
                continue
            if word == "undo" and picks:  # red's pick, not yet given: taken back, red picks again
                picks.pop()
                table.say(f"{SIDES[0].capitalize()}'s pick is taken back.")
                continue
            if self._command(line, prompt):
                if session.prompt is not prompt:
                    return  # undone or redone: a new prompt
                continue
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            if "=" in text or " " in text or text.lower() == SecretPrompt.END:
                # both corners at once, or the table's end: read as companion script reads it
                self._answer(text)
                if session.prompt is not prompt:
                    return
                picks = []
                continue
            pick = text.lower()
            try:  # this corner's pick alone: the other's left to the app, which is not asked here
                prompt.parse(f"{SIDES[side]}={pick} {SIDES[1 - side]}={ROLL_WORD}")
            except Refused as exc:
                self._refuse(exc.reason)
                continue
            picks.append(pick)
            if side == 0:
                table.say(f"{SIDES[0].capitalize()} has locked in.")
        table.say("Both corners have locked in: the reveal.")
        if not self._answer(f"{SIDES[0]}={picks[0]} {SIDES[1]}={picks[1]}"):
            table.say("Both corners pick again.")


def _comment_only(line: str) -> bool:
    """A line of a script that holds only a comment (``# round 2``): nothing typed."""
    return line.lstrip().startswith("#")


def offers(prompt: Prompt, word: str) -> bool:
    """Whether ``prompt`` itself takes ``word`` as an answer (an option or an ``also`` word of that
    name): the answer then wins over the command of the same name."""
    if isinstance(prompt, (ChoicePrompt, RollPrompt)) and any(c.key == word for c in prompt.also):
        return True
    return isinstance(prompt, ChoicePrompt) and any(o.key == word for o in prompt.options)


def help_lines(session: Session, prompt: Prompt) -> list[str]:
    """What can be typed now: the answer, then each command."""
    if isinstance(prompt, RollPrompt):
        how = "the faces as they landed"
        dice = prompt.dice.dice
        ways = ["+ - or 0 for each die"] if prompt.dice.fudge else []
        ways += ["a d10's 0 is 10"] if any(die.sides == 10 for die in dice) else []
        ways += ["each die in turn: 3 4"] if len(dice) > 1 and not prompt.dice.fudge else []
        how += f" ({'; '.join(ways)})" if ways else ""
    elif isinstance(prompt, ChoicePrompt):
        how = "a choice's key, or the start of it"
    elif isinstance(prompt, SecretPrompt):
        how = "this corner's move (jab, jab+d1+x1), or both corners at once: red=jab blue=protect"
    else:
        how = ""
    lines = [f"Answer with {how}." if how else "Nothing to answer: the fight is over."]
    if isinstance(session.ruleset, TimedRuleset) and session.ruleset.round_seconds:
        lines.append(
            "The round clock is your own watch: put @M:SS (the time elapsed in the round) before an answer, "
            "e.g. @1:05 3 4; bell when the round is over; stall when the attacker holds the dice too long."
        )
    lines += [f"{TAKING.get(word, word)}: {what}" for word, what in COMMANDS.items() if what]
    lines.append("A command the prompt offers as a choice is the choice; put : before it for the command (:log).")
    lines.append("Ctrl+D or quit: stop, with the fight saved.")
    return lines


# --- choosing the fight -------------------------------------------------------------------


def run(args: argparse.Namespace, stdin: IO[str], stdout: IO[str], stderr: IO[str]) -> int:
    """``companion play --plain``: set up or resume the fight, then play it."""
    from companion import cli
    from companion.session import resume, start
    from companion.store import data_dir

    if not args.game:
        raise cli.UsageError(f"--plain plays one game: companion play --plain GAME (one of: {', '.join(GAMES)})")
    ruleset = cli.ruleset_for(args.game)
    directory = data_dir(args.data_dir)
    table = Table(stdin, stdout, tty=_is_tty(stdin) and _is_tty(stdout))
    try:
        store = Store.open(directory)
    except StoreError as exc:
        raise cli.UsageError(str(exc)) from None
    rng = random.Random(args.seed)
    try:
        try:
            session_id = args.resume
            if session_id is None and not (args.names or args.red or args.blue or args.fighter):
                session_id = choose_unfinished(store, ruleset, table)
            if session_id is not None:
                try:
                    session = resume(store, session_id, rng)
                except (CorruptSave, StoreError) as exc:
                    raise cli.UsageError(f"fight {session_id} cannot be resumed: {exc}") from None
                if session.ruleset.key not in (ruleset.key, GAMES[ruleset.key].tournament):
                    session.close()
                    raise cli.UsageError(
                        f"fight {session_id} is a {session.ruleset.title} fight, not {ruleset.title}: "
                        f"companion play --plain {session.ruleset.key} --resume {session_id}"
                    )
            else:
                setup = setup_for(ruleset, args, directory, table, stderr)
                try:
                    session = start(store, ruleset, setup, rng)
                except StoreError as exc:
                    raise cli.UsageError(f"the fight cannot be saved, so it cannot start: {exc}") from None
                except ValueError as exc:
                    raise cli.UsageError(str(exc)) from None
        except Quit:
            table.say("Nothing started.")
            return 0
        except KeyboardInterrupt:
            stdout.write("\n")
            table.say("Nothing started.")
            return 130
        where = f" --data-dir {directory}" if args.data_dir else ""
        command = f"companion{where} play --plain {args.game} --resume {session.id}"
        try:
            return PlainFight(session, table, command).play()
        finally:
            session.close()
    finally:
        store.close()


def _is_tty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def choose_unfinished(store: Store, ruleset: Ruleset, table: Table) -> int | None:
    """The unfinished fights of the game, by number: the one the table picks, or None (Enter)
    for a new fight. None at once when there are none."""
    games = {ruleset.key, GAMES[ruleset.key].tournament}
    fights = [s for s in store.sessions("open", limit=200) if s.game in games]
    if not fights:
        return None
    table.say(f"Unfinished {ruleset.title} fights:")
    table.say(*[f"{i}. {s.title}, fight {s.id}, {count(s.answers, 'answer')}" for i, s in enumerate(fights, 1)])
    table.say("Type a number to go on with that fight, or just Enter for a new fight.")
    while True:
        text = table.ask().split("#", 1)[0].strip()
        if not text:
            return None
        if text.isdigit() and 1 <= int(text) <= len(fights):
            return fights[int(text) - 1].id
        numbers = "1" if len(fights) == 1 else f"one of the numbers 1 to {len(fights)}"
        table.say(f"Refused: {text!r} is not {numbers}; Enter for a new fight.")


def setup_for(ruleset: Ruleset, args: argparse.Namespace, directory: Path, table: Table, stderr: IO[str]) -> Setup:
    """The fight the command line names (as ``companion script`` names it, or the fighters as
    plain names, red then blue), or, with none named, the corners chosen from the roster by
    number or name."""
    from companion import cli

    night = GAMES[ruleset.key].night
    if night and not (args.names or args.fighter):  # a night's entrants are named, in order
        raise cli.UsageError(
            f"name {ruleset.title}'s entrants in order, 4, 8 or 16: "
            f"companion play --plain {ruleset.key} A B C D (drawn in that order: A v B, C v D)"
        )
    options = cli.parse_options(ruleset, args.option)  # a bad option is said before any question
    tables = cli.tables_of(ruleset, directory)
    roster = cli.roster_for(ruleset, directory, args.fighters)
    for problem in roster.problems:
        stderr.write(f"companion: warning: {problem}\n")
    sides: tuple[int, ...] = ()
    if args.names and (args.red or args.blue or args.fighter):
        raise cli.UsageError("name the fighters either as FIGHTER FIGHTER or with --red/--blue, not both")
    if args.red or args.blue:
        if args.fighter:
            raise cli.UsageError("use --red/--blue or --fighter, not both")
        if not (args.red and args.blue):
            raise cli.UsageError("name both corners: --red NAME --blue NAME")
        names = args.red + args.blue
        if len(names) > 2:
            sides = (0,) * len(args.red) + (1,) * len(args.blue)
        elif len(args.red) != 1:
            raise cli.UsageError("name one fighter for each corner: --red NAME --blue NAME")
        cards = [cli.find_card(roster, name) for name in names]
    elif args.names or args.fighter:
        names = list(args.names or args.fighter)
        if len(names) != 2 and not night:
            raise cli.UsageError("name two fighters, red then blue (a scene of many: --red and --blue, each repeated)")
        cards = [cli.find_card(roster, name) for name in names]
    else:
        cards, sides = choose_corners(ruleset, roster, table)
        if ruleset.options and not args.option:  # the options asked as the setup screen asks them
            options = choose_options(ruleset, table)
    if ruleset.copies:
        from companion.replay import number_copies

        cards = list(number_copies(tuple(cards)))
    return Setup(ruleset.key, tuple(cards), options, tables, sides)


def choose_corners(ruleset: Ruleset, roster: Any, table: Table) -> tuple[list[Any], tuple[int, ...]]:
    """The roster by number, then each corner asked (a scene: each side, several names)."""
    if len(roster.cards) < 2:
        from companion.cli import UsageError

        raise UsageError(f"the {ruleset.key} roster has fewer than two cards")
    table.say(f"{ruleset.title} fighters:")
    table.say(*[f"{i}. {name}" for i, name in enumerate(roster.names(), 1)])
    chosen: list[list[Any]] = []
    for side in (0, 1):
        if ruleset.scenes:
            table.say(
                f"The {SIDES[side]} side: numbers or names, separated by commas "
                "(a card named twice is a group, its copies numbered)."
            )
        else:
            table.say(f"The {SIDES[side]} corner: a number or a name.")
        while True:
            text = table.ask().split("#", 1)[0].strip()
            items = [t.strip() for t in text.split(",")] if ruleset.scenes else [text]
            found: list[Any] = [_card(roster, item) for item in items if item]
            missing = [item for item, card in zip([i for i in items if i], found) if card is None]
            if not found:
                table.say(f"Refused: type a number from 1 to {len(roster.cards)}, or a fighter's name.")
            elif missing:
                table.say(f"Refused: no fighter {missing[0]!r}{_close(roster, missing[0])}")
            else:
                chosen.append(found)
                table.say(f"{SIDES[side].capitalize()}: {', '.join(card.name for card in found)}.")
                break
    cards = chosen[0] + chosen[1]
    sides = (0,) * len(chosen[0]) + (1,) * len(chosen[1]) if len(cards) > 2 else ()
    return cards, sides


OPTIONS_HOW = "Enter starts the fight with these; to change one, type its number and the value"
"""How the options question is answered (its example follows: the last option's other choice)."""


def option_lines(ruleset: Ruleset, chosen: dict[str, Any]) -> list[str]:
    """The game's options by number, each with its value now and its choices: ``2. Fight points
    die: d20 (d20 or d10!)``."""
    return [
        f"{i}. {spec.label}: {show_value(chosen[spec.key])} ({one_of(spec.choices)})"
        for i, spec in enumerate(ruleset.options, 1)
    ]


def one_of(choices: tuple[Any, ...]) -> str:
    """``1, 2, 3, 4 or 5``: an option's choices as typed."""
    words = [show_value(c) for c in choices]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def choose_options(ruleset: Ruleset, table: Table) -> dict[str, Any]:
    """The game's rules options, asked as the app's setup screen asks them once the corners are
    picked (play-testing backlog): each listed with its default; Enter takes them as they stand,
    ``N VALUE`` (or ``KEY=VALUE``, as ``--option`` takes it) changes one; ``help`` says what each
    does; ``quit`` starts nothing. A bad line is refused with what is allowed, and changes nothing."""
    specs = ruleset.options
    chosen = {spec.key: spec.default for spec in specs}
    last = specs[-1]
    example = next((c for c in last.choices if c != last.default), last.default)
    table.say(f"{ruleset.title} rules options. {OPTIONS_HOW}, e.g. {len(specs)} {show_value(example)}.")
    table.say(*option_lines(ruleset, chosen))
    while True:
        text = table.ask().split("#", 1)[0].strip()
        word = text.lower().removeprefix(":")
        if not text:
            changed = [f"{s.label} {show_value(chosen[s.key])}" for s in specs if chosen[s.key] != s.default]
            table.say("Options: " + ("; ".join(changed) if changed else "the defaults") + ".")
            return chosen
        if word == "quit":
            raise Quit
        if word == "help":
            table.say(*[f"{i}. {s.label}: {s.help or 'no more said'}" for i, s in enumerate(specs, 1)])
            table.say(f"{OPTIONS_HOW}; options lists them again.")
            continue
        if word == "options":
            table.say(*option_lines(ruleset, chosen))
            continue
        which, _, value = text.replace("=", " ", 1).partition(" ")
        spec = None
        if which.isdigit() and 1 <= int(which) <= len(specs):
            spec = specs[int(which) - 1]
        else:
            spec = next((s for s in specs if s.key == which.strip().lower()), None)
        if spec is None:
            table.say(
                f"Refused: {which!r} is no option: a number from 1 to {len(specs)}, then the value; Enter starts."
            )
            continue
        if not value.strip():
            table.say(f"Refused: give {spec.label} a value after its number: {one_of(spec.choices)}.")
            continue
        try:
            chosen[spec.key] = spec.parse(value.strip())
        except ValueError as exc:
            table.say(f"Refused: {exc}.")
            continue
        table.say(f"{spec.label}: {show_value(chosen[spec.key])}.")


def _card(roster: Any, text: str) -> Any | None:
    if text.isdigit():
        n = int(text)
        return roster.cards[n - 1] if 1 <= n <= len(roster.cards) else None
    return roster.find(text)


def _close(roster: Any, text: str) -> str:
    """``; did you mean José Aldo?`` (names compared without case or accents)."""
    import difflib

    names = {folded(name): name for name in roster.names()}
    close = difflib.get_close_matches(folded(text), list(names), n=3)
    if text.isdigit():
        return f"; the numbers go from 1 to {len(roster.cards)}."
    return f"; did you mean {', '.join(names[c] for c in close)}?" if close else "."
