"""Amended answers in words (issue 23): which answers of a fight an amendment gave and still stand,
an answer as the lists of answers number it, and what an amendment did.

The fight screen (its list of answers, its notice, the play-by-play's mark), plain mode (``amend N
TEXT``, ``answers``) and the export (the Markdown's marks and its Amendments section) all say these
the same way, numbered as ``companion script``'s ``amend N TEXT`` counts answers. No Textual here.
"""

from __future__ import annotations

from typing import Any

from companion.dice import Refused
from companion.reader import choose, separator
from companion.ruleset import Answer, Choice, ChoicePrompt, OverPrompt, Prompt, SecretPrompt
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
        moved = {i: mark for i, mark in marks.items() if i < start}
        for i, mark in marks.items():
            place = amendment.kept_at(i - start - chained - 1) if i > start + chained else None
            if place is not None:  # kept: after the new answers, among the kept (a bell kept past a gap)
                moved[start + len(amendment.given) + place] = mark
        moved[start] = (amendment, amendment.given[0])
        marks = moved
    answers = session.answers
    return {i: a for i, (a, answer) in marks.items() if i < len(answers) and answers[i] == answer}


def shown(prompt: Prompt, answer: Answer) -> str:
    """An answer as the prompt it answered shows what it takes: at a choice, the option as the
    choice list shows it (its :attr:`~companion.ruleset.Choice.shown` name, else its key: ``Great
    club``, ``Sir Aldric of Wendham``, ``ground`` for ``g``), never the key a combatant's or a
    weapon's name is filed under (the new-user trial); else the text as typed (faces, a word the
    prompt takes besides its options)."""
    if isinstance(prompt, ChoicePrompt):
        try:
            found = choose(prompt, answer.text)  # the one reader: a word typed in full is the word
        except Refused:
            return answer.text
        if isinstance(found, Choice):
            return found.shown or found.key
    return answer.text


def shown_before(session: Session, index: int, answers: tuple[Answer, ...]) -> list[str]:
    """``answers``, given one after another from answer ``index`` on (an amendment's answers as
    they were), each as its own prompt showed it (:func:`shown`): they are folded again from the
    fight before ``index``, which an amendment leaves as it was. An answer that no longer folds
    (it cannot, as they were all accepted) and those after it are told as typed."""
    ruleset = session.ruleset
    state = session.steps[index - 1].state if index else session.start
    words: list[str] = []
    for answer in answers:
        prompt = ruleset.prompt(state)
        words.append(shown(prompt, answer))
        try:
            state = ruleset.apply(state, answer.typed()).state
        except Refused:
            return words + [a.text for a in answers[len(words) :]]
    return words


def amendment_shown(session: Session, amendment: Amendment) -> dict[str, Any]:
    """An amendment's answers as their prompts showed them (:func:`shown`), for what a reader reads
    (the export's Markdown, the ``*_shown`` fields of ``companion script``'s ``amend`` line and of an
    export's JSON): ``was`` and ``now`` (``Sword, Long`` and ``Dagger``, not ``sword-long``), then
    ``kept`` and ``dropped``, the later answers, each as its prompt showed it when it was given.
    Faces and words read as typed stay as typed."""
    told = shown_before(session, amendment.index, amendment.before)
    state = session.steps[amendment.index - 1].state if amendment.index else session.start
    then = session.ruleset.prompt(state)  # the amended answer's prompt, as shown_before asked it
    # split as the answers are (those skipped for a clock event kept after them, FO's bell, are dropped, not
    # kept: the review); the old answer's own exploding dice went with it
    kept, dropped = amendment.split(told[1 + amendment.chained :])
    return {
        "was": told[0] if told else amendment.old.text,
        "now": shown(then, amendment.given[0]) if len(amendment.given) == 1 else amendment.new,
        "kept": kept,
        "dropped": dropped,
    }


def was_shown(session: Session, amendment: Amendment) -> str:
    """The answer an amendment replaced, as its prompt showed it (:func:`shown`): what the answer
    is again once the amendment is undone."""
    return shown(session.before(amendment.index).prompt, amendment.old)


def app_did(session: Session, index: int) -> str:
    """What the app did for answer ``index`` where it gave it (``ctrl+r``, ruling D-6), as the
    play-by-play marks the answer's first line: ``by the app`` for dice it rolled or picks it made,
    ``the app chose rest: none`` at a choice. The first line of a choice's log may be what the
    choice ended (PAF's aftermath rest finishing the scene: "... def. ... round 14"): "(by the app)"
    there read as if the app had won it (the new-user trial)."""
    step = session.steps[index]
    reading = step.answer.reading
    if reading is not None and not isinstance(reading, Choice):  # dice or picks, read where they were given
        return "by the app"
    # the prompt the app chose at, kept by the session; asked again only for an answer folded (undo, resume):
    # asking a past prompt lets go of the round a scene game keeps for the prompt in play (the review)
    prompt = session.chosen_at(index) or session.ruleset.prompt(
        session.steps[index - 1].state if index else session.start
    )
    if isinstance(prompt, ChoicePrompt) and len(prompt.options) > 1:  # one option (NHB's "begin"): no choice
        return f"the app chose {prompt.reason}: {shown(prompt, step.answer)}"
    return "by the app"


def answer_line(session: Session, index: int, arrow: str = ARROW) -> str:
    """``#3 Red Rover: roll d10! for control → 5 (by the app)``: an answer as the lists of answers
    show it, with ``(amended: was 4)`` where an amendment gave it; ``arrow`` between the prompt and
    the answer (plain mode says ``: answered``)."""
    step = session.steps[index]
    prompt = session.ruleset.prompt(session.steps[index - 1].state if index else session.start)
    asked = prompt.headline() if not isinstance(prompt, OverPrompt) else ""
    by_app = " (by the app)" if step.answer.virtual else ""
    amended = standing(session).get(index)
    was = f" (amended: was {shown(prompt, amended.old)})" if amended is not None else ""
    words = session.ruleset.answer_words(prompt, step.answer) if isinstance(prompt, SecretPrompt) else ""
    said = f" ({words})" if words and words != step.answer.text else ""  # picks by their moves' names
    return f"#{index + 1} {asked}{arrow}{shown(prompt, step.answer)}{said}{by_app}{was}"


def summary(amendment: Amendment, session: Session, *, undo: str = "ctrl+z", arrow: str = ARROW) -> str:
    """What an amendment did, in a few sentences: the change, what was kept, what no longer fit and
    what is asked again, and how to take it back (``undo``: the key or the word that does)."""
    then = session.before(amendment.index).prompt  # the amended answer's prompt, as it was asked
    old = shown(then, amendment.old)
    new = shown(then, amendment.given[0]) if len(amendment.given) == 1 else amendment.new  # dice typed in one go
    lines = [f"Answer #{amendment.number} ({amendment.who}) amended: {old}{arrow}{new}."]
    if amendment.kept:
        lines.append(f"Kept {count(amendment.kept, 'later answer')}.")
    dropped = amendment.dropped
    if dropped:
        # each as its prompt showed it, in the fight as it was; the dropped in the order they came
        later = 1 + amendment.chained
        places = sorted([*amendment.skipped, *range(amendment.reach, len(amendment.later))])
        told_all = shown_before(
            session, amendment.index, amendment.before[: later + places[min(5, len(places) - 1)] + 1]
        )
        told = [told_all[later + place] for place in places[:6]]
        apart = separator(told)  # PAF's "Sword, Long", as the reader's refusals list them
        words = apart.join(told) + (f"{apart}..." if len(dropped) > 6 else "")
        lines.append(f"Dropped {count(len(dropped), 'answer')} that no longer fit ({words}).")
        lines += clock_events_said(session, amendment)
        prompt = session.prompt
        if amendment.asks_again and not isinstance(prompt, OverPrompt):
            lines.append(f"Asked again: {prompt.headline()}.")
    lines.append(f"{undo} takes the amendment back.")
    return " ".join(lines)


def clock_events_said(session: Session, amendment: Amendment) -> list[str]:
    """What an amendment did to the clock's answers after it (FO's bell, FO-7): one kept past the
    answers dropped before it still rings where it rang; one dropped, why (the fight is over
    before it). Nothing where no clock event came after a dropped answer."""
    ruleset = session.ruleset
    later = amendment.later
    lines: list[str] = []
    if amendment.skipped:
        kept = [a for place, a in enumerate(later[: amendment.reach]) if place > amendment.skipped[0]]
        events = [a for a in kept if ruleset.clock_event(a)]
        if events:
            lines.append(
                f"{_events(events).capitalize()} after them still stands: the clock ran on, whatever the dice said."
            )
    lost = [a for a in later[amendment.reach :] if ruleset.clock_event(a)]
    if lost:
        prompt = session.prompt
        why = "the fight is over before it" if isinstance(prompt, OverPrompt) else "it no longer applies"
        was = "was" if len(lost) == 1 else "were"
        lines.append(f"{_events(lost).capitalize()} {was} dropped with them: {why}.")
    return lines


def _events(answers: list[Answer]) -> str:
    """``the bell``, ``2 bells``: clock events by their word."""
    word = answers[0].text.strip().lower()
    return f"the {word}" if len(answers) == 1 else count(len(answers), word)
