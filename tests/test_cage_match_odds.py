"""Cage Match!'s odds (issue 8, docs/odds_design.md 4.3) against a plain brute force: every
face of the dice (2d6: all 36; both rolls of a roll-off: 1,296) typed into the engine's own
``apply``, what happened read from the fighters' numbers and the play-by-play.

The odds read 2d6 by its sum and call the turn's own reading of the roll (``race``,
``defence``, ``must_win``, ``break_free``, ``block``, ``hit_of``, ``harm``); the brute force
knows none of them. The pad's cells are checked the same way on pairs whose turns are small,
and, on larger ones, against a walk that applies every sum without merging the ones the
pad's walk merges. The test sheets are the rules tests' (every move dice 0, both
middleweights: 3-8 hits the muscles, 9+ the head or body).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from test_cage_match_rules import BASE, BLUE, FRANK, GREG, RED_COMBOS, Fight, hp, mv, sheet
from textual.widgets import Static

from companion.ruleset import Answer, ChoicePrompt, OverPrompt, RollPrompt, SecretPrompt
from companion.rulesets.cage_match import odds as cmo
from companion.rulesets.cage_match.ruleset import RULESET

ROLLOFF = "the other corner's roll-off"
"""What a roll-off's prompts are compared with (red's is followed by blue's)."""
FACES = [f"{a} {b}" for a in range(1, 7) for b in range(1, 7)]
NAMES = {"Red": 0, "Blue": 1}
HIT = re.compile(r": (\d+) to (Red|Blue)'s (muscles|head|body)")


def numbers(state) -> list[tuple[int, int, int]]:
    """Each corner's (muscle, head, body) as the turn stands."""
    return [(h.muscle, h.head, h.body) for h in RULESET.live(state).hp]


def word_of(family: str, log: list[str], lead: int) -> str | None:
    """How the play-by-play tells the roll-off's outcome, as the odds key it (``off:...``)."""
    text = "\n".join(log)
    if family == "race":
        m = re.search(r"^(Red|Blue) is faster$", text, re.MULTILINE)
        return f"off:faster:{NAMES[m.group(1)]}" if m else "off:tie" if "A tie: neither lands" in text else None
    if family in ("must_win", "hold"):
        stopped = re.search(r"stops the take-down|stays up|Lost or tied|escapes the", text)
        return "off:stopped" if stopped else f"off:wins:{lead}"
    if family == "defence":
        if re.search(r"(covers up|parries): no damage", text):
            return "off:covered"
        if "'s double 6s: no damage" in text:
            return "off:negated"
        return f"off:half:{lead}" if "halved)" in text else "off:miss" if ": a miss" in text else None
    if family == "break":
        if "breaks free with double 6s" in text:
            return "off:clean break"
        if "breaks free, taking half" in text:
            return f"off:breaks free:{lead}"
        return "off:negated" if "'s double 6s: no damage" in text else f"off:lands:{lead}"
    if family == "block":
        if ": a miss, the combo ends" in text:
            return "off:miss"
        if "block it all" in text:
            return "off:negated"
        return f"off:blocked:{lead}" if "blocks: half damage" in text else f"off:lands:{lead}"
    return None


def brute(state, family: str, lead: int, lands: str | None = None) -> dict[str, Fraction]:
    """Every face of the roll asked for, and of blue's roll after red's in a roll-off, typed
    through apply: the damage each corner took (from the numbers), each hit's reading (from the
    log line that deals it: muscles, head or body; double 6s from the faces typed), the misses,
    the knockouts and the roll-off's outcome; with ``lands``, a position move's landing (the
    fight in that position after, not before, and not by both double 6s)."""
    p = RULESET.prompt(state)
    assert isinstance(p, RollPrompt), p
    before = numbers(state)
    where = RULESET.live(state).position
    paths = []
    for text in FACES:
        first = RULESET.apply(state, Answer(text))
        if p.against == ROLLOFF and p.side == 0:
            q = RULESET.prompt(first.state)
            assert isinstance(q, RollPrompt) and q.side == 1 and q.against == ROLLOFF, q
            for text2 in FACES:
                second = RULESET.apply(first.state, Answer(text2))
                paths.append((Fraction(1, 1296), list(first.log + second.log), second.state, {0: text, 1: text2}))
        else:
            paths.append((Fraction(1, 36), list(first.log), first.state, {p.side: text}))
    out: Counter[str] = Counter()
    for w, log, after_state, typed in paths:
        after = numbers(after_state)
        for side in (0, 1):
            lost = [b - a for b, a in zip(before[side], after[side])]
            for region, n in zip(("muscle", "head", "body"), lost):
                out[f"{region}:{side}"] += w * n
            out[f"damage:{side}"] += w * sum(lost)
            if min(before[side][1:]) > 0 and min(after[side][1:]) <= 0:
                out[f"ko:{side}"] += w
        for line in log:
            m = HIT.search(line)
            if m:
                striker = 1 - NAMES[m.group(2)]
                out[f"{'muscles' if m.group(3) == 'muscles' else 'nerves'}:{striker}"] += w
                if typed.get(striker) == "6 6":
                    out[f"d6:{striker}"] += w
            if re.search(r": a miss", line):
                out["miss"] += w
        word = word_of(family, log, lead)
        if word is not None:
            out[word] += w
        if lands is not None and where != lands == RULESET.live(after_state).position and word != "off:negated":
            out[f"lands:{lead}"] += w
    return {k: v for k, v in out.items() if v}


def figures(odds) -> dict[str, float]:
    """Every figure the odds show (compact and detail) by key; the misses of either corner added."""
    out: dict[str, float] = {}
    for line in odds.lines + tuple(x for _, ls in odds.sections for x in ls):
        if line.key.startswith(("pad:", "cell:")):
            continue
        assert out.get(line.key, line.p) == line.p, line  # a figure shown twice is shown alike
        out[line.key] = line.p
    out["miss"] = sum(v for k, v in out.items() if k.startswith("miss:"))
    return {k: v for k, v in out.items() if v and not k.startswith("miss:")}


def at(fight: Fight, *answers: str):
    fight(*answers)
    return fight.state


SCENES = {
    # name: (the state at the roll, the reading, the lead)
    "TRADE BLOWS, red's hook": (lambda: at(Fight(), "red=hook blue=kick"), "single", 0),
    "TRADE BLOWS, blue's kick after red's hit": (lambda: at(Fight(), "red=hook blue=kick", "5 5"), "single", 1),
    "SWIFT ATTACK, a jab on a shoot, focus on damage and dice": (
        lambda: at(Fight(red_hp=hp(focus=6)), "red=jab+d1+x2 blue=shoot"),
        "single",
        0,
    ),
    "SHOOTS IN, a throw on a parry, muscles nearly gone (spill)": (
        lambda: at(Fight(blue_hp=hp(muscle=3, body=9)), "red=throw blue=parry"),
        "single",
        0,
    ),
    "SHOOTS IN, no spill, no muscles left": (
        lambda: at(Fight(blue_hp=hp(muscle=0, body=9), muscle_spill=False), "red=throw blue=parry"),
        "single",
        0,
    ),
    "BRUTAL HIT on a focusing fighter, hurt: -1": (
        lambda: at(Fight(red_hp=hp(muscle=20), blue_hp=hp(head=9)), "red=hook blue=focus"),
        "single",
        0,
    ),
    "a follow-up after the parry": (lambda: at(Fight(), "red=parry blue=hook", "6 5", "1 2", "hook"), "single", 0),
    "WHO FASTER, jab v hook, red's roll, both low": (
        lambda: at(Fight(red_hp=hp(muscle=2, head=4), blue_hp=hp(muscle=5, head=8)), "red=jab blue=hook"),
        "race",
        0,
    ),
    "WHO FASTER, blue's roll after red's 4 4": (lambda: at(Fight(), "red=jab blue=hook", "4 4"), "race", 0),
    "PROTECTS, red's hook": (lambda: at(Fight(), "red=hook blue=protect"), "defence", 0),
    "PROTECTS, blue's cover after red's 5 4": (lambda: at(Fight(), "red=hook blue=protect", "5 4"), "defence", 0),
    "SLICK MOVE, red parries blue's haymaker (-4)": (lambda: at(Fight(), "red=parry blue=haymaker"), "defence", 1),
    "BRUTAL HIT v Break, CLINCHING: red's take-down": (
        lambda: at(Fight(position="clinching"), "red=takedown blue=break"),
        "break",
        0,
    ),
    "BRUTAL HIT v Break: a collar tie (no damage) at -2": (
        lambda: at(Fight(position="clinching", red_hp=hp(muscle=20, body=20)), "red=collar-tie blue=break"),
        "break",
        0,
        "collar_tie",
    ),
    "TRIES THE TAKE-DOWN v Protect, GROUND: pass the guard (no damage)": (
        lambda: at(Fight(position="ground", dominant=0), "red=pass-guard blue=protect"),
        "must_win",
        0,
        "past_guard",
    ),
    "TRIES THE TAKE-DOWN v Protect, CLINCHING, blue on 1 body": (
        lambda: at(Fight(position="clinching", blue_hp=hp(muscle=0, body=1)), "red=takedown blue=protect"),
        "must_win",
        0,
    ),
    "the take-down after a shoot": (lambda: at(Fight(), "red=shoot blue=parry", "5 5", "takedown"), "must_win", 0),
    "the armbar's hold, GROUND": (
        lambda: at(Fight(position="ground", dominant=0), "red=armbar blue=focus", "4 5"),
        "hold",
        0,
    ),
    "a combo's stage 2 against the block": (
        lambda: at(Fight(RED_COMBOS, BLUE, red_hp=hp(focus=3)), "red=jab blue=shoot", "5 5", "one-two-kick"),
        "block",
        0,
    ),
    "a combo's stage 2, blue's block after red's 3 3": (
        lambda: at(Fight(RED_COMBOS, BLUE, red_hp=hp(focus=3)), "red=jab blue=shoot", "5 5", "one-two-kick", "3 3"),
        "block",
        0,
    ),
}


@pytest.mark.parametrize("name", list(SCENES))
def test_the_roll_odds_are_the_engines_own_reading_of_every_face(name: str) -> None:
    make, family, lead, *lands = SCENES[name]
    state = make()
    odds = RULESET.odds(state)
    assert odds is not None and odds.lines and len(odds.lines) <= 4, odds
    got = figures(odds)
    brute_force = brute(state, family, lead, *lands)
    assert set(got) == set(brute_force), (sorted(got), sorted(brute_force))
    for key, p in brute_force.items():
        assert got[key] == pytest.approx(float(p), abs=1e-12), key
    if family not in ("single", "race"):  # every way the roll-off can go is said, and they add up to 1
        words = [x.p for x in dict(odds.sections)["the roll-off"]]
        assert sum(words) == pytest.approx(1.0, abs=1e-12)


def test_the_scenes_meet_every_reading() -> None:
    """The scenes above reach each way the turn reads a roll, so the check covers them all."""
    met = set()
    for make, *_ in SCENES.values():
        rolling = RULESET.live(make()).rolling
        met.add(rolling.reading.__name__ if rolling.reading else "one attack roll")
        met.add("strikes" if rolling.strikes else "a hold")
    assert met == {"one attack roll", "race", "defence", "must_win", "break_free", "block", "strikes", "a hold"}


def test_no_odds_before_the_reveal_at_a_choice_or_once_it_is_over() -> None:
    f = Fight()
    assert isinstance(f.prompt, SecretPrompt) and RULESET.odds(f.state) is None
    f("red=parry blue=hook", "6 5", "1 2")
    assert isinstance(f.prompt, ChoicePrompt) and RULESET.odds(f.state) is None  # the follow-up
    f = Fight(blue_hp=hp(head=1))
    f("red=hook blue=focus", "6 6")
    assert isinstance(f.prompt, OverPrompt) and RULESET.odds(f.state) is None


# --- the pad -----------------------------------------------------------------------------


def turn_walk(state, faces: list[tuple[str, Fraction]], start, acc: Counter, p: Fraction = Fraction(1)) -> None:
    """The turn from ``state`` on by apply: each roll answered with each of ``faces``, each choice
    with its advice (a choice with none stops the walk); at the end, what each side dealt the other."""
    prompt = RULESET.prompt(state)
    if isinstance(prompt, ChoicePrompt) and prompt.advised is not None:
        return turn_walk(RULESET.apply(state, Answer(prompt.advised)).state, faces, start, acc, p)
    if isinstance(prompt, RollPrompt):
        for text, q in faces:
            turn_walk(RULESET.apply(state, Answer(text)).state, faces, start, acc, p * q)
        return
    before, after = [(b.muscle, b.head, b.body) for b in start.bodies], numbers(state)
    for side in (0, 1):
        lost = [b - a for b, a in zip(before[1 - side], after[1 - side])]
        acc[f"damage:{side}"] += p * sum(lost)
        acc[f"head:{side}"] += p * (lost[1] > 0)
        acc[f"body:{side}"] += p * (lost[2] > 0)
        acc[f"ko:{side}"] += p * (min(before[1 - side][1:]) > 0 and min(after[1 - side][1:]) <= 0)
        over = RULESET.prompt(state)
        acc[f"tap:{side}"] += p * (
            isinstance(over, OverPrompt)
            and over.result.method == "submission"
            and over.result.winner == ("Red", "Blue")[side]
        )


EVERY_FACE = [(text, Fraction(1, 36)) for text in FACES]
EVERY_SUM = [(f"{rep[0]} {rep[1]}", Fraction(q).limit_denominator(36)) for rep, q in cmo.SUMS]


def cell_figures(cell) -> dict[str, float]:
    return {
        f"{what}:{side}": getattr(cell, what)[side]
        for what in ("damage", "head", "body", "ko", "tap")
        for side in (0, 1)
    }


def check_cell(fight: Fight, red: str, blue: str, faces) -> None:
    start = fight.state
    cell = cmo.cell_of(start, red, blue)
    acc: Counter = Counter()
    turn_walk(RULESET.apply(start, Answer(f"red={red} blue={blue}")).state, faces, start, acc)
    got = cell_figures(cell)
    for key in got:
        assert got[key] == pytest.approx(float(acc[key]), abs=1e-12), (key, got, dict(acc))
    assert any(got.values()) or red in ("focus", "taunt")


PAIRS = {
    "TRADE BLOWS": (lambda: Fight(GREG, FRANK), "jab", "jab"),
    "PROTECTS": (Fight, "hook", "protect"),
    "WHO FASTER, low on muscle": (lambda: Fight(red_hp=hp(muscle=4), blue_hp=hp(head=6)), "jab", "hook"),
    "TRIES THE TAKE-DOWN v Focus (no rolls)": (lambda: Fight(position="clinching"), "takedown", "focus"),
    "TAUNTS (no rolls)": (Fight, "focus", "taunt"),
}


@pytest.mark.parametrize("name", list(PAIRS))
def test_a_pad_cell_is_the_turn_played_over_every_face(name: str) -> None:
    """The whole turn by apply over all 36 faces of every roll (small turns only: 1,332 applies)."""
    make, red, blue = PAIRS[name]
    check_cell(make(), red, blue, EVERY_FACE)


BIG_PAIRS = {
    "SLICK MOVE and its follow-up": (Fight, "parry", "hook"),
    "SHOOTS IN and the take-down offer": (Fight, "shoot", "parry"),
    "the armbar on a focusing fighter, GROUND: the hold": (
        lambda: Fight(position="ground", dominant=0),
        "armbar",
        "focus",
    ),
    "WHO FASTER, shoot v throw": (Fight, "shoot", "throw"),
    "a combo offer stops the walk": (lambda: Fight(RED_COMBOS, BLUE, red_hp=hp(focus=3)), "jab", "shoot"),
    "a choke (no damage) on a focusing fighter: double 6s tap at once": (
        lambda: Fight(sheet("Red", moves=BASE + (mv("choke", "submission"),)), BLUE, position="ground", dominant=0),
        "choke",
        "focus",
    ),
}


@pytest.mark.parametrize("name", list(BIG_PAIRS))
def test_the_pad_walk_merges_only_rolls_that_play_out_alike(name: str) -> None:
    """On turns too big for every face: apply over every sum (each sum read alike is the roll
    tests' claim), with nothing merged, equals the pad's walk, which replays once per way."""
    make, red, blue = BIG_PAIRS[name]
    fight = make()
    check_cell(fight, red, blue, EVERY_SUM)
    assert cmo.cell_of(fight.state, red, blue).replays < 60


def test_the_pad_averages_each_move_over_the_replies_and_shows_only_after_the_reveal() -> None:
    f = Fight(GREG, FRANK)
    cmo.PADS.clear()
    assert RULESET.odds(f.state) is None  # the secret choice: the pad may be worked out, never shown
    f("red=cross blue=protect")
    pad = cmo.PADS.get(f.state)
    replies = [k for k, _ in pad.moves[1]]
    cells = [cmo.cell_of(cmo.turn_start(f.state), "cross", b) for b in replies]
    damage, head, body, ko, tap = pad.average(0, "cross")
    assert damage == pytest.approx(sum(c.damage[0] for c in cells) / len(cells))
    assert head == pytest.approx(sum(c.head[0] for c in cells) / len(cells)) and head > 0
    assert body == pytest.approx(sum(c.body[0] for c in cells) / len(cells))
    assert ko == pytest.approx(sum(c.ko[0] for c in cells) / len(cells)) == 0  # 60 body, 40 head: not in a turn
    assert tap == pytest.approx(sum(c.tap[0] for c in cells) / len(cells)) == 0  # STANDING: no submissions
    odds = RULESET.odds(f.state)
    rows = dict(odds.sections)["Greg O'Connor's moves, on average over Frank Duke's replies"]
    cross = next(x for x in rows if x.key == "pad:0:cross")
    assert cross.p == pytest.approx(damage) and "(picked)" in cross.label
    column = dict(odds.sections)["Frank Duke's protect against each reply"]
    assert [x.key for x in column] == [f"cell:1:{k}" for k, _ in pad.moves[0]]


def test_until_the_pad_is_ready_the_odds_say_so() -> None:
    f = Fight(GREG, FRANK)
    f("red=jab blue=jab")
    cmo.PADS.clear()
    waiting = cmo.odds(RULESET, f.state)
    assert not any(t.startswith("Greg O'Connor's moves") for t, _ in waiting.sections)
    assert getattr(waiting, "pending", ()) == ("the pad",) or "still being worked out" in waiting.basis
    ready = RULESET.odds(f.state, wait=True)
    assert ready.lines == waiting.lines and not getattr(ready, "pending", ())
    assert any(t.startswith("Greg O'Connor's moves") for t, _ in ready.sections)


# --- on screen ---------------------------------------------------------------------------


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    from table_cards import CM_CARDS

    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "cm.yaml").write_text(CM_CARDS)
    return tmp_path


async def test_the_odds_show_only_after_the_reveal_update_and_hide(data_dir: Path) -> None:
    """Issue 8: nothing at the secret choice or on the pads (CM-5); after the reveal, the roll's
    odds by the tray, the next roll's after an answer; ctrl+o hides them."""
    from table_cards import assert_odds_hide_and_show, screen_text, text_of, type_answer
    from test_cm_screens import open_pad, pick, start_cm

    from companion.screens.app import make_app
    from companion.screens.fight import FightScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        box = screen.query_one("#odds", Static)
        assert isinstance(screen.session.prompt, SecretPrompt) and not box.display
        await pilot.press("enter")
        await pick(pilot, "cross")
        seen = [screen_text(app)]  # blue's cover
        await pilot.press("b")
        await pilot.pause()
        seen.append(screen_text(app))  # blue's pad
        keys = [o.key for o in open_pad(app).pad.options]
        await pilot.press(*["down"] * keys.index("low-kick"), "enter")
        await pilot.pause()
        seen.append(screen_text(app))  # both locked
        for text in seen:
            assert "damage to" not in text and "hits Blue Heron" not in text and "%" not in text
        await pilot.press("enter")  # the reveal: cross v low kick, TRADE BLOWS
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        state = screen.session.state
        odds = RULESET.odds(state)
        assert isinstance(screen.session.prompt, RollPrompt) and odds is not None and box.display
        shown = text_of(box)
        for line in odds.lines:
            assert line.label in shown and line.shown() in shown
        await type_answer(pilot, "4 5")  # red's cross: on to blue's low kick
        await pilot.pause()
        after = RULESET.odds(screen.session.state)
        assert after.title != odds.title and box.display
        assert all(line.label in text_of(box) and line.shown() in text_of(box) for line in after.lines)
        await assert_odds_hide_and_show(pilot, box)


async def test_the_roll_after_a_defender_s_double_6s_still_has_its_odds(data_dir: Path) -> None:
    """The roll asked for after a parry's double 6s (SLICK MOVE: the defender's double 6s take all the
    damage, CM-2) shows its odds by the tray: how the roll-off reads, a certainty; it once went blank,
    since no move can go through and the compact view listed only what a move that goes through does."""
    from table_cards import screen_text, text_of, type_answer
    from test_cm_screens import open_pad, pick, start_cm

    from companion.screens.app import make_app

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        box = screen.query_one("#odds", Static)
        await pilot.press("enter")
        await pick(pilot, "parry")
        await pilot.press("b")
        await pilot.pause()
        keys = [o.key for o in open_pad(app).pad.options]
        await pilot.press(*["down"] * keys.index("low-kick"), "enter")
        await pilot.pause()
        await pilot.press("enter")  # the reveal: parry v low kick, SLICK MOVE (Red Rooster acts)
        await pilot.pause()
        prompt = screen.session.prompt
        assert isinstance(prompt, RollPrompt) and prompt.who == "Red Rooster" and box.display
        await type_answer(pilot, "6 6")  # the parry's double 6s
        prompt = screen.session.prompt
        assert isinstance(prompt, RollPrompt) and prompt.who == "Blue Heron"  # the low kick's roll
        assert box.display
        assert "100%" in text_of(box) and "Red Rooster's double 6s: no damage" in text_of(box)
        assert "Red Rooster's double 6s: no damage" in screen_text(app)
