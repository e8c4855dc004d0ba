"""Amended answers in words (issue 23): which answers of a fight an amendment gave and still stand,
an answer as the lists of answers number it, and what an amendment did.

The fight screen (its list of answers, its notice, the play-by-play's mark), plain mode (``amend N
TEXT``, ``answers``) and the export (the Markdown's marks and its Amendments section) all say these
the same way, numbered as ``companion script``'s ``amend N TEXT`` counts answers. No Textual here.
"""

from __future__ import annotations

from companion.ruleset import Answer, OverPrompt, SecretPrompt
from companion.session import Amendment, Session
from companion.words import count

ARROW = " → "
"""Between an old value and a new one, where the screen says it."""


def standing(session: Session) -> dict[int, Amendment]:
    """The answers an amendment gave that still stand, by their place in :attr:`Session.answers`
    (from 0), each with the latest amendment that gave it (its :attr:`Amendment.old` is what the
    answer was before).

    An amendment's first answer is followed through the amendments after it: one of a later place
    keeps it; one of an earlier place keeps it where it kept the answers after it (moved on where
    an exploding die typed in one go became several answers) and drops it with the answers it
    dropped. Then it must still be there: an answer undone and typed otherwise is not marked.
    """
    if not session.amendments:
        return {}  # the play-by-play asks at every answer: nothing to follow
    marks: dict[int, tuple[Amendment, Answer]] = {}
    for amendment in session.amendments:  # oldest first, as they were made
        start, chained = amendment.index, amendment.chained
        shift = len(amendment.given) - 1 - chained
        moved = {i: mark for i, mark in marks.items() if i < start}
        moved |= {
            i + shift: mark for i, mark in marks.items() if start + chained < i <= start + chained + amendment.kept
        }
        moved[start] = (amendment, amendment.given[0])
        marks = moved
    answers = session.answers
    return {i: a for i, (a, answer) in marks.items() if i < len(answers) and answers[i] == answer}


def answer_line(session: Session, index: int, arrow: str = ARROW) -> str:
    """``#3 Red Rover: roll d10! for control → 5 (by the app)``: an answer as the lists of answers
    show it, with ``(amended: was 4)`` where an amendment gave it; ``arrow`` between the prompt and
    the answer (plain mode says ``: answered``)."""
    step = session.steps[index]
    prompt = session.ruleset.prompt(session.steps[index - 1].state if index else session.start)
    asked = prompt.headline() if not isinstance(prompt, OverPrompt) else ""
    by_app = " (by the app)" if step.answer.virtual else ""
    amended = standing(session).get(index)
    was = f" (amended: was {amended.old.text})" if amended is not None else ""
    words = session.ruleset.answer_words(prompt, step.answer) if isinstance(prompt, SecretPrompt) else ""
    said = f" ({words})" if words and words != step.answer.text else ""  # picks by their moves' names
    return f"#{index + 1} {asked}{arrow}{step.answer.text}{said}{by_app}{was}"


def summary(amendment: Amendment, session: Session, *, undo: str = "ctrl+z", arrow: str = ARROW) -> str:
    """What an amendment did, in a few sentences: the change, what was kept, what no longer fit and
    what is asked again, and how to take it back (``undo``: the key or the word that does)."""
    lines = [f"Answer #{amendment.number} ({amendment.who}) amended: {amendment.old.text}{arrow}{amendment.new}."]
    if amendment.kept:
        lines.append(f"Kept {count(amendment.kept, 'later answer')}.")
    dropped = amendment.dropped
    if dropped:
        shown = ", ".join(answer.text for answer in dropped[:6]) + (", ..." if len(dropped) > 6 else "")
        lines.append(f"Dropped {count(len(dropped), 'answer')} that no longer fit ({shown}).")
        prompt = session.prompt
        if not isinstance(prompt, OverPrompt):
            lines.append(f"Asked again: {prompt.headline()}.")
    lines.append(f"{undo} takes the amendment back.")
    return " ".join(lines)
