"""One reader (issue 21 item 1): typed text is read against the prompt once, by
``companion.reader``, for every game, so the dice tray's preview can never contradict Enter.

The contract, over every prompt the golden scripts of every game meet: for the answer the script
types and for a few wrong ones (a face the die lacks, an unknown key, ``stall``, ``bell``, ``end``,
nothing at all), the preview (:meth:`Session.check`, and the tray's words beside the box) and Enter
(:meth:`Session.submit`) agree on taken or refused, and on the refusal's words. Then the reader
itself, as the table types at it: FO's declared words, one refusal shape for every game.
"""

from __future__ import annotations

import contextlib
import functools
import shlex
from pathlib import Path

import pytest

from companion import cli
from companion.dice import FUDGE, PERCENT, Dice, Kind, Refused, d
from companion.games import GAMES
from companion.reader import Said, read
from companion.ruleset import Answer, Choice, ChoicePrompt, OverPrompt, RollPrompt, SecretPrompt
from companion.screens.widgets import preview
from companion.session import Session, fold

GOLDEN = Path(__file__).resolve().parent / "golden"

WRONG = ("zzz", "stall", "bell", "end", "")
"""Answers typed at every prompt besides the script's own: an unknown key (not a face either), the
timed game's words, the scene games' word, nothing."""


def goldens() -> list[tuple[str, Path]]:
    """Every golden script of every game, but those of a user's tables file (read from a data folder)."""
    out = []
    for game in GAMES:
        for path in sorted(GOLDEN.glob(f"{game}_*.txt")):
            if not (GOLDEN / f"{path.stem}.yaml").exists():
                out.append((game, path))
    return out


def session_of(game: str, path: Path) -> Session:
    text = path.read_text(encoding="utf-8")
    args = next((line.split("args:", 1)[1] for line in text.splitlines() if line.startswith("# args:")), "")
    cards = GOLDEN / f"{game}_cards.yaml"
    argv = ["script", game, "--fighters", str(cards if cards.exists() else GOLDEN / "cards.yaml"), *shlex.split(args)]
    return cli.session_for(cli.ruleset_for(game), cli.build_parser().parse_args(argv))


def lacking_face(prompt: RollPrompt) -> str:
    """A face each die of ``prompt`` lacks, typed for every die."""
    faces = []
    for die in prompt.dice.dice:
        faces.append("2" if die.kind == Kind.FUDGE else "11" if die.kind == Kind.DIGIT else str(die.high + 1))
    return " ".join(faces)


def wrong_answers(prompt: object) -> tuple[str, ...]:
    out = WRONG
    if isinstance(prompt, RollPrompt):
        out += (lacking_face(prompt),)
    if isinstance(prompt, SecretPrompt):
        out += ("red=zzz blue=zzz", "red=roll blue=roll", "red=roll")
    return out


def what(do, text: str) -> tuple[bool, str]:
    """(taken, the refusal's words or the lines logged) of ``do(text)``."""
    try:
        outcome = do(text)
    except Refused as exc:
        return False, exc.reason
    log = outcome.log
    return True, " / ".join(log)


@pytest.mark.parametrize("game, path", goldens(), ids=lambda v: v.stem if isinstance(v, Path) else v)
def test_the_preview_and_enter_agree_at_every_prompt_of_the_goldens(game: str, path: Path) -> None:
    session = session_of(game, path)
    met = 0
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or session.over:
            continue
        clock, typed = cli.split_stamp(line)
        prompt = session.prompt
        check = functools.partial(session.check, clock=clock)
        submit = functools.partial(session.submit, clock=clock)
        for text in (typed, *wrong_answers(prompt)):
            before = len(session.steps)
            previewed = what(check, text)
            tray = preview(prompt, text, session.ruleset, check)
            entered = what(submit, text)
            taken = len(session.steps) - before
            where = f"{path.name}: {prompt.headline()}: {text!r}"
            assert previewed[0] == entered[0], f"{where}: the preview says {previewed}, Enter {entered}"
            if not entered[0]:
                assert previewed[1] == entered[1], where  # the same words
            elif text.lower() != "roll":
                lines = " / ".join(line for step in session.steps[before:] for line in step.log)
                assert previewed[1] == lines, where  # what the preview said is what Enter did
            if text.strip():  # the tray's own line beside the box: taken or refused, as Enter
                fits, said = tray
                assert fits == entered[0], f"{where}: the tray says {said!r}, Enter {entered}"
                if not fits:
                    assert said == entered[1], where
            if text != typed:
                for _ in range(taken):
                    session.undo()
            met += 1
    assert met > len(WRONG)
    if session.over:  # and once the fight is over: nothing is taken, in the same words
        for text in ("roll", "7", "end", ""):
            assert what(session.check, text) == what(session.submit, text) == (False, "the fight is over")


@pytest.mark.parametrize("game, path", goldens(), ids=lambda v: v.stem if isinstance(v, Path) else v)
def test_the_ruleset_takes_the_value_the_session_read_not_the_text(game: str, path: Path) -> None:
    """Issue 21 item 1, "the session reads text against the prompt once; rulesets take typed values":
    every answer of every golden is given to the ruleset once as the session hands it on Enter (its
    reading made by the one reader, its text made unreadable) and once as a saved fight gives it (the
    text alone, read by the ruleset). Both folds log the same lines and end in equal states, so
    where the session read an answer the ruleset never reads its text again."""
    session = session_of(game, path)
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line and not session.over:
            clock, typed = cli.split_stamp(line)
            with contextlib.suppress(Refused):  # a golden's refused lines are its own test's
                session.submit(typed, clock=clock)
    ruleset, given = session.ruleset, session.answers
    assert given and all(a.reading is not None for a in given)
    saved = fold(ruleset, session.start, [a.typed() for a in given])
    state, read_once = session.start, []
    for answer in given:
        unreadable = Answer("\x00 not to be read", answer.virtual, answer.clock, answer.reading)
        outcome = ruleset.apply(state, unreadable)
        state = outcome.state
        read_once.append(outcome.log)
    assert read_once == [step.log for step in saved]
    assert state == saved[-1].state


# --- the reader as the table types at it ------------------------------------------------------------


# --- the reader as the table types at it ------------------------------------------------------------


def fo_session(*answers: str) -> Session:
    session = session_of("fo", GOLDEN / "fo_decision.txt")
    for answer in answers:
        session.submit(answer)
    return session


def test_fo_declares_stall_and_bell_so_the_tray_takes_them_as_enter_does() -> None:
    """FO-7, FO-8: ``bell`` at any prompt, ``stall`` while the attacker holds the dice: the prompt says so
    (its ``also``), the reader reads them, the tray shows them taken, and Enter takes them."""
    session = fo_session()
    rolloff = session.prompt
    assert isinstance(rolloff, RollPrompt) and [w.key for w in rolloff.also] == ["bell"]
    assert read(rolloff, "bell") == Said("bell")
    with pytest.raises(Refused, match="nobody holds them during the roll-off"):
        read(rolloff, "stall")  # a word of the game, not of this prompt: refused with why
    session = fo_session("2 2", "5 5")  # red rolls lower: red attacks first
    choose = session.prompt
    assert isinstance(choose, ChoicePrompt) and [w.key for w in choose.also] == ["stall", "bell"]
    assert read(choose, "STALL ") == Said("stall")
    check = session.check
    assert preview(choose, "stall", session.ruleset, check)[0] is True
    assert preview(choose, "bell", session.ruleset, check)[0] is True
    step = session.submit("stall")
    assert step.log[0].endswith("stalls: the dice turn over to " + session.setup.names[1])
    assert session.submit("bell").log[0].startswith("Bell: end of round 1")


def test_one_refusal_shape_for_every_game() -> None:
    """D-5: a face the die lacks names the die and its faces; a key not offered names the keys; the
    prompt's own words follow, the same for every game."""
    words = (Choice("end", "end", "the GM ends the scene"), Choice("gm", "gm +N REASON", "a GM's modifier"))
    roll = RollPrompt("Aldric", 0, Dice.of(FUDGE, FUDGE, FUDGE, FUDGE), "a combat roll", also=words)
    with pytest.raises(Refused) as refused:
        read(roll, "+ + 2 -")
    assert refused.value.reason == "'2' is not a face: a Fudge die shows +, - or 0 (or type end, gm +N REASON)"
    assert read(roll, "gm +1 uphill") == Said("gm", "+1 uphill")
    assert read(roll, "+-0+") == (1, -1, 0, 1)
    plain = RollPrompt("Red", 0, Dice.of(d(10, explodes=True)), "control")
    with pytest.raises(Refused, match=r"^11 is not a face: a d10 shows 1-10 \(0 for 10\)$"):
        read(plain, "11")
    with pytest.raises(Refused, match=r"^101 is not a face: percentile dice show 01-100 \(00 for 100\)$"):
        read(RollPrompt("Wulf", 0, Dice.of(PERCENT), "an attack"), "101")
    choice = ChoicePrompt("Red", 0, "a standing attack", (Choice("punch", "punch"), Choice("kick", "kick")), None)
    with pytest.raises(Refused, match=r"^a standing attack: choose one of punch, kick$"):
        read(choice, "zzz")
    assert read(choice, "p") == Choice("punch", "punch")
    with pytest.raises(Refused, match=r"^the fight is over$"):
        read(OverPrompt(None), "7")  # type: ignore[arg-type]


def test_a_word_alone_is_typed_in_full_and_a_word_with_more_begins_the_answer() -> None:
    """``end`` is the whole answer (``e`` or ``end now`` are not it); ``gm`` begins one (``gm+1 uphill``)."""
    words = (Choice("end", "end", ""), Choice("gm", "gm +N REASON", ""))
    choice = ChoicePrompt("GM", 0, "action", (Choice("attack", "attack"), Choice("defend", "defend")), None, words)
    assert read(choice, "END") == Said("end")
    assert read(choice, "gm+1 uphill") == Said("gm", "+1 uphill")
    for text in ("e", "end now", "gmork"):
        with pytest.raises(Refused, match=r"^action: choose one of attack, defend \(or type end, gm \+N REASON\)$"):
            read(choice, text)


def test_a_word_read_at_the_prompt_is_taken_only_as_a_word_the_ruleset_asks_about() -> None:
    """``said_of``: the session's reading of a word counts only where it is one of the words the
    ruleset asks about, as the text read against those words would (a folded fight and a live one
    agree: FO reads any word but ``bell`` as ``stall``)."""
    from companion.reader import said_of

    words = (Choice("stall", "stall", ""), Choice("bell", "bell", ""))
    assert said_of(Answer("bell", reading=Said("bell")), words) == Said("bell")
    assert said_of(Answer("end", reading=Said("end")), words) is None
    assert said_of(Answer("end"), words) is None  # as the text is read
    assert said_of(Answer("4 4", reading=(4, 4)), words) is None


def test_the_preview_of_an_exploding_face_says_it_explodes_not_a_total() -> None:
    """Ruling D-4: a d10! showing 10 (typed 10 or 0) explodes: the tray said "= 30" as if that were the total
    (a new-user trial); it says the total so far and that the die is rolled again. Any other face is a total."""
    prompt = RollPrompt("Royce Gracie", 0, Dice((d(10, explodes=True),)), "control", 20)
    for typed in ("10", "0"):
        assert preview(prompt, typed) == (True, "= 30 so far: 10 explodes, roll again and add")
    assert preview(prompt, "7") == (True, "= 27")
    assert preview(RollPrompt("Royce Gracie", 0, Dice((d(10),)), "the finish", 5), "10") == (True, "= 15")


def test_the_preview_of_the_exact_seconds_is_the_seconds_enter_logs_not_the_sum_of_the_faces() -> None:
    """Ruling NHB-7, seconds = 10 x (d6 - 1) + d10: the tray showed "= 10" for ``3 7`` (the faces added, a
    new-user trial) where Enter logs 27 seconds; it shows the seconds, as Enter logs them."""
    path = GOLDEN / "nhb_armbar.txt"
    session = session_of("nhb", path)
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "exact seconds" in session.prompt.headline():
            break
        session.submit(line)
    else:
        raise AssertionError("the armbar golden reaches no exact seconds' roll")
    prompt = session.prompt
    assert preview(prompt, "3 7", session.ruleset, session.check) == (True, "= 27 seconds")
    assert preview(prompt, "1 1", session.ruleset, session.check) == (True, "= 1 second")
    assert preview(prompt, "6 0", session.ruleset) == (True, "= 50 seconds")
    assert session.submit("3 7").log[0].endswith("rolls 3 and 7: 27 seconds")
