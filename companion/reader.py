"""The one reader of typed answers (issue 21): text read against the prompt it answers, once.

Every place that turns what the table typed into an answer reads it here: the session's
:meth:`~companion.session.Session.submit` and :meth:`~companion.session.Session.check` (so the
dice tray's preview, which is ``check``, never contradicts Enter), the rulesets' ``apply`` (so a
saved fight, the simulator's typed entry, the odds walker and ``companion script`` read as the
screen does), and the tray's own words beside the box.

What a prompt takes, read into a typed value:

- a roll: the faces, as numbers in the order the dice were typed (rulings D-1 to D-5);
- a choice: the :class:`~companion.ruleset.Choice` named by its key, an unambiguous start of
  it, or the name it is shown by;
- a secret choice: both corners' :class:`~companion.ruleset.Pick` (``None`` for a corner given
  as ``roll``, which the session fills before anything is applied);
- a word the prompt declares in its ``also`` (FO's ``stall`` and ``bell``, a scene's ``end``,
  Fudge's ``gm +1 uphill``): :class:`Said`, the word and what follows it; the game reads the rest.

A refusal has one shape for every game: what was typed, what the die shows (or the keys a
choice takes), and the prompt's own words besides (ruling D-5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.dice import Dice, Refused, read_faces
from companion.ruleset import Answer, Choice, ChoicePrompt, OverPrompt, Pick, Prompt, RollPrompt, SecretPrompt

__all__ = ["Reading", "Said", "also_of", "choice_of", "choose", "faces", "faces_of", "read", "said", "said_of"]


@dataclass(frozen=True, slots=True)
class Said:
    """A word the prompt takes besides its faces or options (its ``also``), as typed: the word's
    key and what follows it (``gm +1 uphill``: ``gm`` and ``+1 uphill``)."""

    key: str
    rest: str = ""


Reading = tuple[int, ...] | Choice | tuple[Pick | None, Pick | None] | Said
"""What :func:`read` makes of typed text."""


def also_of(prompt: Prompt) -> tuple[Choice, ...]:
    """The words ``prompt`` takes besides its faces or options: its ``also``; a secret choice's
    ``end`` (ruling CM-12); none once the fight is over."""
    if isinstance(prompt, (RollPrompt, ChoicePrompt)):
        return prompt.also
    if isinstance(prompt, SecretPrompt):
        return (_SECRET_END,)
    return ()


_SECRET_END = Choice(SecretPrompt.END, SecretPrompt.END, "the table ends the fight before this turn")


def said(also: tuple[Choice, ...], text: str) -> Said | None:
    """The word of ``also`` (each begins with a letter) that ``text`` is or begins with, with what
    follows it: a word whose label is its key alone (``end``, ``stall``) is typed alone; one whose
    label says more (``gm +N REASON``) begins the text (``gm +1 uphill``, ``gm+1 uphill``). None:
    no such word."""
    if not also:
        return None
    typed = text.strip()
    if not typed[:1].isalpha():  # faces (a digit, a sign) or nothing: no word begins so (read per answer)
        return None
    first = typed[0].lower()
    low = ""
    for word in also:
        key = word.key
        if key[:1] != first:  # an option, or another word: one letter looked at
            continue
        low = low or typed.lower()
        if not low.startswith(key):
            continue
        if word.label == key:  # a word alone (``end``, ``stall``): typed in full, nothing after it
            if len(low) == len(key):
                return Said(key)
        elif len(low) == len(key) or not low[len(key)].isalnum():
            return Said(key, typed[len(key) :].strip())  # a word and what it says (``gm +1 uphill``)
    return None


def _or(also: tuple[Choice, ...]) -> str:
    """The prompt's own words, for a refusal: `` (or type stall, bell)``; empty without."""
    return f" (or type {', '.join(word.label for word in also)})" if also else ""


def _not_here(closed: tuple[Choice, ...], text: str) -> None:
    """Refuse a word of ``closed`` (the game's, not this prompt's) with why it is not taken here."""
    word = said(closed, text)
    if word is not None:
        raise Refused(next(c.why for c in closed if c.key == word.key))


def faces(
    dice: Dice, text: str, also: tuple[Choice, ...] = (), closed: tuple[Choice, ...] = ()
) -> tuple[int, ...] | Said:
    """``text`` read as the faces of ``dice``, or as one of the words ``also`` declares.

    Raises:
        Refused: neither; naming the dice and the faces they have, and the words besides; or a
            word of ``closed`` with why it is not taken here.
    """
    if also:
        word = said(also, text)
        if word is not None:
            return word
    try:
        return read_faces(dice, text)
    except Refused as exc:
        if closed:
            _not_here(closed, text)
        if not also:
            raise
        raise Refused(exc.reason + _or(also)) from None


def separator(names: list[str]) -> str:
    """What a list of ``names`` is written with: a comma, or a slash where a name has a comma in it
    (PAF's "Sword, Long"), so that the names are told apart."""
    return " / " if any("," in name for name in names) else ", "


def listed(names: list[str]) -> str:
    """``names`` in a line (:func:`separator`)."""
    return separator(names).join(names)


def choose(prompt: ChoicePrompt, text: str) -> Choice | Said:
    """``text`` read as one of ``prompt``'s options (its key, an unambiguous start of it, or the
    name it is shown by), or as a word its ``also`` declares (a word typed in full is the word,
    even where an option begins with it).

    Raises:
        Refused: none of them; naming the options and the words besides.
    """
    also = prompt.also
    found = prompt.find(text) or prompt.find_shown(text)
    if found is not None and (not also or found.key == text):  # a key typed in full: no word is it
        return found
    if also:
        typed = text.strip().lower()
        for each in also:
            if typed == each.key:  # a word typed in full, even where an option begins with it
                return Said(each.key)
    if found is not None:
        return found
    word = said(also, text)
    if word is not None:
        return word
    _not_here(prompt.closed, text)
    options = listed([option.shown or option.key for option in prompt.options])
    raise Refused(f"{prompt.reason}: choose one of {options}{_or(also)}")


def read(prompt: Prompt, text: str) -> Any:
    """``text`` read against ``prompt``: a :data:`Reading`.

    Raises:
        Refused: it does not fit the prompt (ruling D-5), saying what would.
    """
    if isinstance(prompt, RollPrompt):
        return faces(prompt.dice, text, prompt.also, prompt.closed)
    if isinstance(prompt, ChoicePrompt):
        return choose(prompt, text)
    if isinstance(prompt, SecretPrompt):
        if text.strip().lower() == SecretPrompt.END:
            return Said(SecretPrompt.END)
        return prompt.parse(text)
    assert isinstance(prompt, OverPrompt)
    raise Refused("the fight is over")


# --- what a ruleset takes: the session's reading, or the text read here -------------------------
#
# The session reads an answer once, at the prompt it answers, and hands the ruleset the typed value
# (``Answer.reading``). An answer nobody has read yet (a saved fight folded on resume, a roll the
# simulator typed) is read here, by the same functions, so a ruleset takes the same value either way.


def faces_of(answer: Answer, dice: Dice) -> tuple[int, ...]:
    """The faces ``answer`` gives for ``dice`` (the roll it answers)."""
    reading = answer.reading
    if type(reading) is tuple:
        return reading
    return read_faces(dice, answer.text)


def choice_of(answer: Answer, prompt: Callable[[], ChoicePrompt]) -> Choice | Said:
    """The option (or declared word) ``answer`` names at the choice it answers; ``prompt()`` is made
    only where the text must be read."""
    reading = answer.reading
    if isinstance(reading, (Choice, Said)):
        return reading
    return choose(prompt(), answer.text)


def said_of(answer: Answer, also: tuple[Choice, ...]) -> Said | None:
    """The word of ``also`` that ``answer`` says, if it says one (FO's ``bell``, ``stall``)."""
    reading = answer.reading
    if reading is not None:  # a word read at the prompt, if it is one of these
        return reading if isinstance(reading, Said) and any(word.key == reading.key for word in also) else None
    return said(also, answer.text)
