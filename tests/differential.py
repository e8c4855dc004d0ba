"""Differential check of what the app keeps (issue 21 item 2): fights played in ONE long-lived
process, the way the app and its users play them (typed answers, wrong ones, the app's rolls, undo
and redo, previews, amends, resumes, two fights interleaved answer by answer, screens asking for
prompts, trackers, status, gauges, panels), against the same answers folded in a FRESH process.

    REPO/.venv/bin/python tests/differential.py --repo REPO [--fights N] [--seed S]
        [--games nhb,fo,cage_match,fudge,paf] [--batch B] [--live K] [--max-answers M]
        [--stored F] [--odds] [--exact-floats] [--reference OTHER_CHECKOUT]

--fights is a game's (300 a game: about 2.5 minutes on a quiet machine); --live the fights in play at
once, interleaved answer by answer (of any games); --stored the share of fights saved in a scratch
store and resumed from it (the others are resumed in memory, their setup read back from JSON);
--odds compares each roll's odds too (slow: use a few fights); --reference folds the fresh side
with another checkout's code (OTHER/.venv/bin/python), e.g. the commit before the caches, which
also catches a cache key that is wrong the same way in every fold. Reproduce a difference with the
same --seed, --fights and --games (fights are drawn and interleaved from the seed).

Each fight's answers (and a few abandoned branches) are recorded with what the long-lived process
said at every step: the step's log, the prompt after it (to_json), trackers, status, gauges,
combatants, summary, the answer in words. A worker subprocess (this file with --worker) imports the
code anew and, for each fight, forks a child that has done nothing but import, which folds the
answers from the start and says the same things; any difference is printed with the game, the seed,
the fight and the first differing step, and the exit status is 1. A refused "wrong" answer that
was accepted, a refusal that changed the session, a preview that says other than the submit of the
same text, and an exception other than Refused are failures too.

Self-contained: only the checkout's own package (``companion``) is imported, nothing from tests/.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import dataclasses
import enum
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import traceback
from typing import Any

GAMES = ("nhb", "fo", "cage_match", "fudge", "paf")
_ADDR = re.compile(r" at 0x[0-9a-fA-F]+")
FO_ROUND = 300
ODDS = False
"""Whether the odds of each roll are compared too (--odds: slower)."""
EXACT = False
"""Floats compared to the last bit (--exact-floats), else to 12 significant digits."""


# --- what is compared -----------------------------------------------------------------------------


def norm(x: Any, depth: int = 0) -> Any:
    """A JSON-able, identity-free picture of ``x`` (order kept where it is shown in order)."""
    if depth > 30:
        return "<deep>"
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, float):
        return repr(x) if EXACT else f"{x:.12g}"  # the odds: summed in another order, the last bits differ
    if isinstance(x, enum.Enum):
        return f"{type(x).__name__}.{x.name}"
    if isinstance(x, dict):
        return [[norm(k, depth + 1), norm(v, depth + 1)] for k, v in x.items()]
    if isinstance(x, (set, frozenset)):
        return sorted((norm(v, depth + 1) for v in x), key=repr)
    if isinstance(x, tuple) and hasattr(x, "_fields"):
        return {"@": type(x).__name__, **{f: norm(getattr(x, f), depth + 1) for f in x._fields}}
    if isinstance(x, (list, tuple)):
        return [norm(v, depth + 1) for v in x]
    to_json = getattr(x, "to_json", None)
    if callable(to_json):
        try:
            return {"@": type(x).__name__, "json": norm(to_json(), depth + 1)}
        except Exception as exc:  # noqa: BLE001
            return f"<to_json failed: {type(exc).__name__}: {exc}>"
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {
            "@": type(x).__name__,
            **{f.name: norm(getattr(x, f.name, None), depth + 1) for f in dataclasses.fields(x) if f.repr},
        }
    dump = getattr(x, "model_dump", None)
    if callable(dump):
        return {"@": type(x).__name__, **{str(k): norm(v, depth + 1) for k, v in dump().items()}}
    return _ADDR.sub("", repr(x))


def safe(fn: Any, *args: Any) -> Any:
    try:
        return norm(fn(*args))
    except Exception as exc:  # noqa: BLE001  # what it raises is part of what it says
        return f"<raised {type(exc).__name__}: {_ADDR.sub('', str(exc))}>"


def state_view(ruleset: Any, state: Any) -> dict[str, Any]:
    """What the fight screen shows of ``state`` (the prompt, the panels, the status line)."""
    prompt = ruleset.prompt(state)
    view = {
        "prompt": safe(lambda: prompt),
        "trackers": safe(ruleset.trackers, state),
        "status": safe(ruleset.status, state),
        "gauges": safe(ruleset.gauges, state),
        "combatants": safe(ruleset.combatants, state),
        "corners": safe(lambda: ruleset.corners(state) is not None),
        "in_bout": safe(ruleset.in_bout, state),
        "reference": safe(ruleset.reference, state),  # the rules table by the prompt, its row marked
    }
    if getattr(prompt, "kind", "") == "over":
        view["summary"] = safe(ruleset.summary, state)
    if ODDS and getattr(ruleset, "has_odds", False) and getattr(prompt, "kind", "") == "roll":
        view["odds"] = safe(lambda: ruleset.odds(state, wait=True))  # the odds by the tray (a roll's)
    return view


def step_views(ruleset: Any, start: Any, steps: list[Any]) -> list[str]:
    """For every step: its log, the answer in the game's words, and the state's view, as JSON."""
    out = []
    before = start
    for step in steps:
        view = state_view(ruleset, step.state)
        view["log"] = list(step.log)
        view["words"] = safe(ruleset.answer_words, ruleset.prompt(before), step.answer)
        out.append(json.dumps(view, sort_keys=True))
        before = step.state
    return out


def answer_row(answer: Any) -> list[Any]:
    return [answer.text, bool(answer.virtual), answer.clock]


# --- the fresh side (a worker: import, then a forked child per fight) -----------------------------


def fresh_fold(item: dict[str, Any]) -> dict[str, Any]:
    from companion.dice import Refused
    from companion.ruleset import Answer, get_ruleset
    from companion.session import setup_from_json

    setup = setup_from_json(item["setup"])
    ruleset = get_ruleset(setup.game)

    def fold(rows: list[list[Any]]) -> tuple[list[str], str | None]:
        start = ruleset.new(setup)
        state, steps = start, []
        for i, (text, virtual, clock) in enumerate(rows):
            try:
                outcome = ruleset.apply(state, Answer(text, virtual, clock))
            except Refused as exc:
                return step_views(ruleset, start, steps), f"answer {i} {text!r} refused: {exc.reason}"
            state = outcome.state

            class S:  # a step as session.Step has it
                pass

            s = S()
            s.answer, s.state, s.log = Answer(text, virtual, clock), outcome.state, outcome.log
            steps.append(s)
        return step_views(ruleset, start, steps), None

    main, error = fold(item["answers"])
    branches = []
    for rows in item.get("branches", []):
        views, berror = fold(rows)
        branches.append({"last": views[-1] if views else None, "error": berror, "start": None})
    start_view = json.dumps(state_view(ruleset, ruleset.new(setup)), sort_keys=True)
    return {"views": main, "error": error, "branches": branches, "start": start_view}


def worker(repo: str) -> None:
    import companion.session  # imported before the forks: each child starts from here

    where = os.path.realpath(companion.session.__file__)
    if not where.startswith(os.path.realpath(repo) + os.sep):
        raise SystemExit(f"the worker imports companion from {where}, not from {repo}")
    from companion.ruleset import get_ruleset

    for game in GAMES:  # every ruleset imported (not played) before a child is forked
        with contextlib.suppress(Exception):  # a game that cannot load is the fresh side's to say
            get_ruleset(game)
    items = json.load(sys.stdin)
    results = []
    for item in items:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            try:
                data = json.dumps(fresh_fold(item)).encode()
            except BaseException:  # noqa: BLE001
                data = json.dumps({"crash": traceback.format_exc()}).encode()
            with os.fdopen(w, "wb") as f:
                f.write(data)
            os._exit(0)
        os.close(w)
        with os.fdopen(r, "rb") as f:
            data = f.read()
        os.waitpid(pid, 0)
        results.append(json.loads(data))
    json.dump(results, sys.stdout)


# --- typing answers as a table does ---------------------------------------------------------------


class Typist:
    """Answers that fit a prompt, and answers made to be refused, in the forms players type."""

    def __init__(self, rng: random.Random) -> None:
        from companion.dice import Kind
        from companion.ruleset import ChoicePrompt, RollPrompt, SecretPrompt, TimedRuleset

        self.rng, self.Kind = rng, Kind
        self.Roll, self.Choice, self.Secret, self.Timed = RollPrompt, ChoicePrompt, SecretPrompt, TimedRuleset

    def face(self, die: Any) -> str:
        rng, Kind = self.rng, self.Kind
        value = rng.randint(die.low, die.high)
        if die.kind == Kind.PERCENT:
            if value == 100:
                return rng.choice(["00", "100"])
            return f"{value:02d}" if value < 10 and rng.random() < 0.5 else str(value)
        if die.kind == Kind.D10 and value == 10:
            return rng.choice(["0", "10"])
        if die.kind == Kind.FUDGE:
            return {1: "+", -1: "-", 0: rng.choice(["0", "0", "."])}[value]
        return str(value)

    def faces(self, dice: Any) -> str:
        rng = self.rng
        dies = dice.dice
        if len(dies) == 1 and dies[0].explodes and rng.random() < 0.15:
            top = "10" if dies[0].kind == self.Kind.D10 else str(dies[0].sides)
            return " ".join([top] * rng.randint(1, 2) + [self.face(dies[0])])  # typed in one go
        shown = [self.face(d) for d in dies]
        form = rng.randrange(3)
        if form == 1 and len(shown) > 1 and all(len(s) == 1 for s in shown) and all(d.high <= 9 for d in dies):
            return "".join(shown)
        return (", " if form == 2 else " ").join(shown)

    def choice(self, prompt: Any) -> str:
        rng = self.rng
        options = [o for o in prompt.options if o.key != "end"] or list(prompt.options)
        key = rng.choice(options).key
        if rng.random() < 0.3:
            starts = [key[:i] for i in range(1, len(key)) if getattr(prompt.find(key[:i]), "key", None) == key]
            if starts:
                key = rng.choice(starts)
        return key.upper() if rng.random() < 0.1 else key

    def pick(self, pad: Any) -> str:
        rng = self.rng
        if rng.random() < 0.07:
            return "roll"
        budget = lambda o: pad.focus - (o.focus_cost if o.allowed else 0)  # noqa: E731
        options = [o for o in pad.options if budget(o) >= 0] or list(pad.options)
        move = rng.choice(options)
        left = max(0, budget(move))
        dice = rng.randint(0, min(pad.max_dice, left)) if rng.random() < 0.4 else 0
        damage = rng.randint(0, min(pad.max_damage, left - dice)) if rng.random() < 0.4 else 0
        spends = ([f"+d{dice}"] if dice else []) + ([f"+x{damage}"] if damage else [])
        rng.shuffle(spends)
        return move.key + "".join(spends)

    def secret(self, prompt: Any) -> str:
        rng = self.rng
        if rng.random() < 0.05:
            return "roll"
        parts = [f"{('red', 'blue')[pad.side]}={self.pick(pad)}" for pad in prompt.sides]
        if rng.random() < 0.3:
            parts.reverse()
        return " ".join(parts)

    def clock(self, ruleset: Any, state: Any) -> float | None:
        if not isinstance(ruleset, self.Timed):
            return None
        rng = self.rng
        if rng.random() < 0.25:
            return None
        try:
            reading = int(ruleset.clock_reading(state))
        except Exception:  # noqa: BLE001
            return None
        later = reading + (rng.randint(1, 40) if rng.random() < 0.6 else 0)
        return float(later) if later < FO_ROUND else (float(reading) if reading < FO_ROUND else None)

    def fitting(self, ruleset: Any, state: Any, prompt: Any, *, ending: float = 0.0) -> tuple[str, float | None]:
        """An answer that fits (or a word the prompt takes besides: the bell, a GM's word, the end)."""
        rng = self.rng
        clock = self.clock(ruleset, state)
        also = [c.key for c in getattr(prompt, "also", ())]
        if also and rng.random() < 0.04 + ending:
            key = rng.choice(also)
            if key == "gm":
                return rng.choice(["gm +1 uphill", "gm -2 in the dark", "gm +5 tree in the way"]), clock
            if key != "end" or rng.random() < 0.2 + 4 * ending:
                return key, (None if key == "bell" else clock)
        if isinstance(ruleset, self.Timed) and rng.random() < 0.04:
            try:
                if ruleset.stall_open(state):
                    return "stall", clock
            except Exception:  # noqa: BLE001
                pass
        if isinstance(prompt, self.Roll):
            return self.faces(prompt.dice), clock
        if isinstance(prompt, self.Choice):
            return self.choice(prompt), clock
        if isinstance(prompt, self.Secret):
            if rng.random() < ending:
                return "end", None
            return self.secret(prompt), None
        return "roll", clock

    def wrong(self, prompt: Any) -> str | None:
        """Text no reading of ``prompt`` takes (None where none is sure to be refused)."""
        rng = self.rng
        if isinstance(prompt, self.Roll):
            n = len(prompt.dice.dice)
            return rng.choice(["zzz-nope", "999 " * n, "x " * n, "1.5", "-7 " * n, "1 " * (n + 3)]).strip() or "zzz"
        if isinstance(prompt, self.Choice):
            ways = [w for w in ("zzz-nope", "qqq", "nobody-at-all-x") if prompt.find(w) is None]
            return rng.choice(ways) if ways else None
        if isinstance(prompt, self.Secret):
            pad = rng.choice(prompt.sides)
            other = prompt.sides[1 - prompt.sides.index(pad)]
            bad = rng.choice(["no-such-move", f"{pad.options[0].key}+d{pad.max_dice + 1}", f"{pad.options[0].key}+q1"])
            corner, oc = ("red", "blue")[pad.side], ("red", "blue")[other.side]
            return rng.choice([f"{corner}={bad} {oc}={other.default}", f"{corner}={pad.default}", "green=x blue=y"])
        return None


# --- the long-lived side ----------------------------------------------------------------------------


class Failure(Exception):
    pass


class Fight:
    """One fight in play in the long-lived process, with what was seen of it."""

    def __init__(
        self, game: str, number: int, ruleset: Any, setup: Any, seed: int, budget: int, store: Any = None
    ) -> None:
        from companion.session import Session, start

        self.game, self.number, self.ruleset, self.setup, self.seed = game, number, ruleset, setup, seed
        self.rng = random.Random(seed)
        self.store = store
        """Where the fight is saved (a store in a scratch folder), or None: resumed in memory."""
        if store is not None:
            self.session = start(store, ruleset, setup, rng=random.Random(seed ^ 0x5EED))
        else:
            self.session = Session(ruleset, setup, rng=random.Random(seed ^ 0x5EED))
        self.typist = Typist(self.rng)
        self.budget = budget
        self.ops = 0
        self.seen: dict[tuple[Any, ...], str] = {}
        """What the screens were shown at each list of answers (a branch later undone included)."""
        self.counts: dict[str, int] = {}
        self.done = False

    def where(self) -> str:
        return f"{self.game} fight #{self.number} (seed {self.seed})"

    def key(self) -> tuple[Any, ...]:
        return tuple(tuple(answer_row(a)) for a in self.session.answers)

    def look(self) -> None:
        """Ask what the screens ask after a change, and keep it under the answers it was asked at."""
        s = self.session
        view = state_view(self.ruleset, s.state)
        if s.steps:
            view["log"] = list(s.steps[-1].log)
        k = self.key()
        self.seen.setdefault(k, json.dumps(view, sort_keys=True))
        s.log()  # the play-by-play
        if s.steps and self.rng.random() < 0.2:
            from companion import amending

            i = self.rng.randrange(len(s.steps))
            amending.answer_line(s, i)  # the list of answers (a past prompt asked again)
            if s.amendments:
                amending.standing(s)

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def step(self, other_fights: list[Fight]) -> None:

        s, rng, ruleset = self.session, self.rng, self.ruleset
        self.ops += 1
        prompt = s.prompt
        over = prompt.kind == "over"
        if over or self.ops >= self.budget:
            if over and rng.random() < 0.3 and s.steps:  # undo from the end and play on, now and then
                self.undo_some()
                return
            self.done = True
            return
        ending = 0.0 if len(s.steps) < self.budget * 0.6 else 0.15
        r = rng.random()
        if r < 0.50:
            text, clock = self.typist.fitting(ruleset, s.state, prompt, ending=ending)
            self.submit(text, clock)
        elif r < 0.62:
            self.count("roll")
            s.roll(clock=self.typist.clock(ruleset, s.state))
        elif r < 0.68:
            self.wrong()
        elif r < 0.76:
            self.preview()
        elif r < 0.83 and s.steps:
            self.undo_some()
        elif r < 0.88 and s.redo_stack:
            self.count("redo")
            for _ in range(rng.randint(1, len(s.redo_stack))):
                s.redo()
        elif r < 0.90 and s.steps:
            self.amend()
        elif r < 0.93:
            self.explore()
        elif r < 0.95 and s.steps:
            self.resume()
        else:
            text, clock = self.typist.fitting(ruleset, s.state, prompt, ending=ending)
            self.submit(text, clock)
        self.look()

    def submit(self, text: str, clock: float | None) -> None:
        from companion.dice import Refused

        s = self.session
        self.count("typed")
        if self.rng.random() < 0.3:  # the tray previews what is typed before Enter
            with contextlib.suppress(Refused):
                s.check(text, clock=clock)
        try:
            s.submit(text, clock=clock)
        except Refused:
            self.count("refused-fitting")  # FO's stall or bell at the wrong time, a stamp out of the round...

    def wrong(self) -> None:
        from companion.dice import Refused

        s = self.session
        text = self.typist.wrong(s.prompt)
        if text is None:
            return
        self.count("wrong")
        before = (s.state, len(s.steps), list(s.redo_stack), json.dumps(norm(s.prompt)))
        try:
            s.check(text)
            raise Failure(f"{self.where()}: preview of {text!r} accepted at {s.prompt.headline()}")
        except Refused:
            pass
        try:
            s.submit(text)
        except Refused:
            after = (s.state, len(s.steps), list(s.redo_stack), json.dumps(norm(s.prompt)))
            if after[0] is not before[0] or after[1:] != before[1:]:
                raise Failure(f"{self.where()}: refusing {text!r} changed the session") from None
            return
        raise Failure(f"{self.where()}: {text!r}, made to be refused, was accepted at step {len(s.steps) - 1}")

    def preview(self) -> None:
        """Preview answers not taken; now and then take the last one and hold it to its preview."""
        from companion.dice import Refused

        s, rng = self.session, self.rng
        self.count("preview")
        for _ in range(rng.randint(1, 3)):
            text, clock = self.typist.fitting(self.ruleset, s.state, s.prompt)
            try:
                outcome = s.check(text, clock=clock)
            except Refused:
                outcome = None
        if outcome is not None and "roll" not in text.lower() and rng.random() < 0.5:
            n = len(s.steps)
            try:
                s.submit(text, clock=clock)
            except Refused as exc:
                raise Failure(f"{self.where()}: {text!r} previewed as taken but refused: {exc.reason}") from None
            taken = [line for st in s.steps[n:] for line in st.log]
            if list(outcome.log) != taken:
                raise Failure(
                    f"{self.where()}: the preview of {text!r} at step {n} logged {list(outcome.log)!r}, "
                    f"the answer logged {taken!r}"
                )
            self.count("preview-taken")
        if s.steps and rng.random() < 0.2:  # the amend box previews a past answer's new text
            i = rng.randrange(len(s.steps))
            scratch = s.before(i)
            text, clock = self.typist.fitting(self.ruleset, scratch.state, scratch.prompt)
            with contextlib.suppress(Refused):
                scratch.check(text, clock=clock)

    def explore(self) -> None:
        """The table plays on a few answers, looks, then takes them all back (and maybe redoes some)."""
        from companion.dice import Refused

        s, rng = self.session, self.rng
        self.count("explore")
        n = len(s.steps)
        for _ in range(rng.randint(2, 10)):
            if s.over:
                break
            try:
                if rng.random() < 0.5:
                    s.roll(clock=self.typist.clock(self.ruleset, s.state))
                else:
                    text, clock = self.typist.fitting(self.ruleset, s.state, s.prompt)
                    s.submit(text, clock=clock)
            except Refused:
                pass
            self.look()
        while len(s.steps) > n:
            s.undo()
        if s.redo_stack and rng.random() < 0.3:
            s.redo()

    def undo_some(self) -> None:
        s = self.session
        self.count("undo")
        for _ in range(self.rng.choice([1, 1, 2, 3, 5])):
            if s.undo() is None:
                break
            self.look()
        if s.redo_stack and self.rng.random() < 0.4:  # and redone, some of it
            self.count("redo")
            for _ in range(self.rng.randint(1, len(s.redo_stack))):
                s.redo()
                self.look()

    def amend(self) -> None:
        from companion.dice import Refused

        s, rng = self.session, self.rng
        i = rng.randrange(len(s.steps))
        scratch = s.before(i)
        text, _clock = self.typist.fitting(self.ruleset, scratch.state, scratch.prompt)
        if scratch.prompt.kind == "secret" and text == "end":
            return
        try:
            s.amend(i, text)
        except Refused:
            self.count("amend-refused")
            return
        self.count("amend")
        if rng.random() < 0.3:
            self.look()
            s.undo()  # the amendment taken back
            self.count("unamend")

    def resume(self) -> None:
        """The fight closed and resumed: its setup read back from JSON (new cards), answers folded."""
        from companion.session import Session, setup_from_json, setup_to_json

        s = self.session
        self.count("resume")
        if self.store is not None:  # closed, then opened again from the store (the home screen's resume)
            from companion.session import resume

            s.close()
            self.session = resume(self.store, s.id, rng=s.rng)
            self.setup = self.session.setup
            return
        setup = setup_from_json(json.loads(json.dumps(setup_to_json(s.setup))))
        again = Session(self.ruleset, setup, rng=s.rng)
        again.replay([a.typed() for a in s.answers], list(s.redo_stack))
        self.setup, self.session = setup, again

    def record(self) -> dict[str, Any]:
        from companion.session import setup_to_json

        s = self.session
        answers = [answer_row(a) for a in s.answers]
        main = tuple(tuple(a) for a in answers)
        prefixes = {main[:n] for n in range(len(main) + 1)}
        branches = [k for k in self.seen if k not in prefixes]
        self.rng.shuffle(branches)
        branches = branches[:4]
        self.branch_views = [self.seen[k] for k in branches]
        self.path_seen = {len(k): v for k, v in self.seen.items() if k in prefixes}
        self.views = step_views(self.ruleset, s.start, s.steps)
        self.start_view = json.dumps(state_view(self.ruleset, s.start), sort_keys=True)
        return {
            "setup": json.loads(json.dumps(setup_to_json(self.setup), default=str)),
            "answers": answers,
            "branches": [[list(a) for a in b] for b in branches],
        }


def first_difference(a: str, b: str) -> str:
    """The first field two views differ in, both values cut short."""
    try:
        da, db = json.loads(a), json.loads(b)
    except (TypeError, ValueError):
        return f"{str(a)[:300]}\n      fresh: {str(b)[:300]}"
    if not isinstance(da, dict) or not isinstance(db, dict):
        return f"{a[:300]}\n      fresh: {b[:300]}"
    for key in sorted(set(da) | set(db)):
        if da.get(key) != db.get(key):
            va, vb = json.dumps(da.get(key)), json.dumps(db.get(key))
            cut = next((i for i, (x, y) in enumerate(zip(va, vb)) if x != y), min(len(va), len(vb)))
            lo = max(0, cut - 120)
            return f"field {key!r}:\n      live:  ...{va[lo : cut + 200]}\n      fresh: ...{vb[lo : cut + 200]}"
    return "(equal)"


# --- fights drawn from the rosters the games ship ---------------------------------------------------


class Maker:
    def __init__(self, game: str) -> None:
        from companion.cards import load_roster
        from companion.ruleset import get_ruleset

        self.game = game
        self.ruleset = ruleset = get_ruleset(game)
        roster = load_roster(game, ruleset.card_model)
        self.cards = list(roster.cards)
        if len(self.cards) < 2:
            raise SystemExit(f"{game}: the shipped roster has {len(self.cards)} cards")
        try:
            self.tables = ruleset.tables_for(None)
        except Exception:  # noqa: BLE001
            self.tables = None

    def setup(self, rng: random.Random) -> Any:
        from companion.replay import number_copies
        from companion.ruleset import Setup

        ruleset = self.ruleset
        for _ in range(50):
            if getattr(ruleset, "scenes", False):
                n = rng.choice([2, 2, 3, 3, 4, 5, 6])
                cards = tuple(rng.choice(self.cards) for _ in range(n))
                reds = rng.randint(1, n - 1)
                sides: tuple[int, ...] = () if n == 2 else (0,) * reds + (1,) * (n - reds)
            else:
                cards, sides = tuple(rng.sample(self.cards, 2)), ()
            if rng.random() < 0.2:  # cards of other figures under one name across fights (a card edited)
                i = rng.randrange(len(cards))
                cards = cards[:i] + (cards[i].model_copy(update={"name": "Same Name"}),) + cards[i + 1 :]
            if getattr(ruleset, "copies", False):
                cards = number_copies(cards)
            options = {spec.key: rng.choice(spec.choices) for spec in ruleset.options if rng.random() < 0.6}
            tables = self.tables if rng.random() < 0.7 or self.tables is None else copy.deepcopy(self.tables)
            for _attempt in range(2):
                setup = Setup(self.game, cards, dict(options), tables, sides)
                try:
                    ruleset.new(setup)
                    return setup
                except (ValueError, KeyError):
                    if "catchweight" in {s.key for s in ruleset.options}:
                        options["catchweight"] = True
        raise SystemExit(f"{self.game}: no setup could be made")


# --- the run --------------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    import companion

    repo = os.path.realpath(args.repo)
    where = os.path.realpath(companion.__file__)
    if not where.startswith(repo + os.sep):
        print(f"companion is imported from {where}, not from {repo}: run REPO/.venv/bin/python", file=sys.stderr)
        return 2
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    # the fresh side: this checkout by default; --reference OTHER folds with another checkout's code
    # (e.g. the commit before the caches), which also catches a key that is wrong the same way each fold
    fresh_repo = os.path.realpath(args.reference) if args.reference else repo
    fresh_python = os.path.join(fresh_repo, ".venv", "bin", "python") if args.reference else sys.executable
    master = random.Random(args.seed)
    makers = {g: Maker(g) for g in games}
    left = dict.fromkeys(games, args.fights)
    numbers = dict.fromkeys(games, 0)
    live: list[Fight] = []
    finished: list[Fight] = []
    failures: list[str] = []
    pending: list[tuple[subprocess.Popen[bytes], list[Fight], Any]] = []
    batch: list[Fight] = []
    t0 = time.time()
    scratch = tempfile.TemporaryDirectory(prefix="differential-")
    from pathlib import Path

    from companion.store import Store

    store = Store.open(Path(scratch.name))

    def launch(fights: list[Fight]) -> None:
        items = [f.item for f in fights]
        tmp = tempfile.TemporaryFile()  # noqa: SIM115  # closed by collect(), once the worker has read it
        tmp.write(json.dumps(items).encode())
        tmp.seek(0)
        proc = subprocess.Popen(
            [fresh_python, os.path.abspath(__file__), "--worker", "--repo", fresh_repo]
            + (["--odds"] if ODDS else [])
            + (["--exact-floats"] if EXACT else []),
            stdin=tmp,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        pending.append((proc, fights, tmp))

    def collect(proc: Any, fights: list[Fight], tmp: Any) -> None:
        out, err = proc.communicate()
        tmp.close()
        if proc.returncode != 0:
            failures.append(f"the fresh worker failed ({proc.returncode}): {err.decode()[-2000:]}")
            return
        for fight, fresh in zip(fights, json.loads(out)):
            compare(fight, fresh)

    def compare(fight: Fight, fresh: dict[str, Any]) -> None:
        if "crash" in fresh:
            failures.append(f"{fight.where()}: the fresh fold crashed:\n{fresh['crash']}")
            return
        if fresh["start"] != fight.start_view:
            failures.append(f"{fight.where()}: before any answer: {first_difference(fight.start_view, fresh['start'])}")
            return
        live_v, fresh_v = fight.views, fresh["views"]
        for i, (a, b) in enumerate(zip(live_v, fresh_v)):
            if a != b:
                text = fight.item["answers"][i]
                failures.append(
                    f"{fight.where()}: first difference at step {i} (answer {text[0]!r}"
                    f"{' by the app' if text[1] else ''}"
                    f"{'' if text[2] is None else f' @ {text[2]}'}), {len(live_v)} steps: {first_difference(a, b)}"
                )
                return
        if fresh["error"] is not None or len(live_v) != len(fresh_v):
            failures.append(f"{fight.where()}: the fresh fold stopped at step {len(fresh_v)}: {fresh['error']}")
            return
        # what the screens were shown during play, at each list of answers on the fight's final path
        for n, shown in sorted(fight.path_seen.items()):
            if n == 0:
                ref = json.loads(fresh["start"])
            else:
                ref = json.loads(fresh_v[n - 1])
                ref.pop("words", None)
            s = json.loads(shown)
            if n == 0:
                s.pop("log", None)
            if s != ref:
                failures.append(
                    f"{fight.where()}: what the screen was shown after {n} answers (during play) differs: "
                    f"{first_difference(json.dumps(s, sort_keys=True), json.dumps(ref, sort_keys=True))}"
                )
                return
        for rows, shown, got in zip(fight.item["branches"], fight.branch_views, fresh["branches"]):
            if got["error"] is not None or got["last"] is None:
                failures.append(
                    f"{fight.where()}: a branch played then undone ({len(rows)} answers) does not fold "
                    f"fresh: {got['error']}"
                )
                return
            ref = json.loads(got["last"])
            ref.pop("words", None)
            s = json.loads(shown)
            if s != ref:
                failures.append(
                    f"{fight.where()}: a branch later undone, after {len(rows)} answers: "
                    f"{first_difference(json.dumps(s, sort_keys=True), json.dumps(ref, sort_keys=True))}"
                )
                return

    def new_fight() -> Fight | None:
        open_games = [g for g in games if left[g] > 0]
        if not open_games:
            return None
        game = master.choice(open_games)
        left[game] -= 1
        numbers[game] += 1
        seed = master.randrange(2**31)
        setup = makers[game].setup(random.Random(seed))
        same = [f for f in finished[-20:] if f.game == game]
        if same and master.random() < 0.15:  # a rematch: the fight screen's new fight of the same setup
            setup = master.choice(same).setup
        budget = master.randint(20, args.max_answers)
        saved = store if master.random() < args.stored else None
        return Fight(game, numbers[game], makers[game].ruleset, setup, seed, budget, saved)

    while True:
        while len(live) < args.live:
            f = new_fight()
            if f is None:
                break
            live.append(f)
            f.look()
        if not live:
            break
        fight = master.choice(live)  # fights interleaved answer by answer
        try:
            fight.step(live)
        except Failure as exc:
            failures.append(str(exc))
            fight.done = True
        except Exception:  # noqa: BLE001
            failures.append(f"{fight.where()} raised at op {fight.ops}:\n{traceback.format_exc()}")
            fight.done = True
            fight.broken = True
        if fight.done:
            live.remove(fight)
            if getattr(fight, "broken", False):
                continue
            fight.item = fight.record()
            fight.session.close()
            finished.append(fight)
            batch.append(fight)
            if len(batch) >= args.batch:
                launch(batch)
                batch = []
                while len(pending) > 1:  # at most one worker behind the player
                    collect(*pending.pop(0))
    if batch:
        launch(batch)
    for p in pending:
        collect(*p)

    store.close()
    scratch.cleanup()
    counts: dict[str, int] = {}
    for f in finished:
        for k, v in f.counts.items():
            counts[k] = counts.get(k, 0) + v
    per_game = {g: sum(1 for f in finished if f.game == g) for g in games}
    steps = sum(len(f.item["answers"]) for f in finished)
    overs = sum(1 for f in finished if f.session.over)
    print(
        f"differential: {len(finished)} fights {per_game}, {steps} answers kept, {overs} played to the end, "
        f"seed {args.seed}, {time.time() - t0:.0f}s, folded fresh by {fresh_repo}"
    )
    print("  done: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for line in failures:
        print("DIFFERENCE " + line)
    if failures:
        print(f"differential: {len(failures)} failure(s) (seed {args.seed})")
        return 1
    print("differential: no difference")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", required=True)
    parser.add_argument("--fights", type=int, default=300, help="fights a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--batch", type=int, default=60, help="fights folded fresh by one worker")
    parser.add_argument("--live", type=int, default=2, help="fights in play at once, interleaved")
    parser.add_argument("--max-answers", type=int, default=90, help="most operations in a fight")
    parser.add_argument(
        "--reference",
        help="fold the fresh side with another checkout (its .venv/bin/python), e.g. the commit before the caches",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--stored", type=float, default=0.1, help="share of fights saved in a store, resumed from it")
    parser.add_argument("--odds", action="store_true", help="compare the odds of each roll too (slower)")
    parser.add_argument("--exact-floats", action="store_true", help="floats to the last bit (else 12 digits)")
    args = parser.parse_args()
    global ODDS, EXACT
    ODDS, EXACT = args.odds, args.exact_floats
    if args.worker:
        worker(args.repo)
        return
    sys.exit(run(args))


if __name__ == "__main__":
    main()
