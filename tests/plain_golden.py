"""Playing ``companion script``'s golden scripts through plain mode (issue 23, item 5).

Each golden script (``tests/golden/<game>_*.txt``) is fed to ``companion play --plain`` as a
table would type it: a Cage Match turn's line ``red=jab blue=protect`` is typed as two picks,
one corner at a time (``jab``, then ``protect``), ``roll`` there as each corner's ``roll``; a
line the script refused is typed as it is (plain mode reads a line naming both corners as the
script does). The golden JSON Lines say what each answer must print: its log lines (the app's
rolls marked), or ``Refused:`` and the reason.

Not a test module: tests/test_plain.py imports it (``tests`` is on ``sys.path``, see
tests/scripting.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from scripting import GOLDEN, copies, header

from companion.plain import COMMANDS

CARDS = {
    "nhb": GOLDEN / "cards.yaml",
    "fo": GOLDEN / "fo_cards.yaml",
    "cage_match": GOLDEN / "cage_match_cards.yaml",
    "fudge": GOLDEN / "fudge_cards.yaml",
    "paf": GOLDEN / "paf_cards.yaml",
}
"""Each game's golden cards, as its script tests play them."""

SCRIPTS = [(game, path) for game in CARDS for path in sorted(GOLDEN.glob(f"{game}_*.txt"))]


@dataclass
class Expected:
    """One answer of a golden script as plain mode must take it."""

    typed: list[str]
    """The lines typed for it (two for a Cage Match turn picked corner by corner)."""
    echo: str
    """What the last of them shows after the marker (a secret pick: ``(hidden)``)."""
    printed: list[str]
    """The lines it must print at once: its log, or the refusal."""
    log: tuple[str, ...] = ()
    """Its log lines (as printed: the app's rolls marked)."""


def expected(path: Path) -> tuple[list[Expected], dict]:
    """The answers of the golden script ``path`` paired with its recorded JSON Lines; and its final."""
    events = [json.loads(line) for line in path.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()]
    answers = [raw for raw in path.read_text(encoding="utf-8").splitlines() if raw.split("#", 1)[0].strip()]
    out: list[Expected] = []
    prompt: dict = {}
    final: dict = {}
    lines = iter(answers)
    for event in events:
        if "prompt" in event:
            prompt = event["prompt"]
            continue
        if "final" in event:
            final = event["final"]
            continue
        raw = next(lines)
        text = raw.split("#", 1)[0].strip()
        secret = prompt.get("kind") == "secret"
        if "refused" in event and text.lower() in COMMANDS:
            continue  # a command in plain mode ("help"), where the game had no such answer: not the game's to refuse
        if "refused" in event:
            out.append(Expected([raw], "(hidden)" if secret else raw, [f"Refused: {event['reason']}"]))
            continue
        log = list(event["log"])
        if event.get("virtual") and log:
            log[0] += " (app roll)"
        if secret and text.lower() != "end":
            picks = corner_picks(text)
            said = ["Blue: the app picks, unseen."] if picks[1] == "roll" else []
            out.append(
                Expected(
                    picks,
                    picks[1] if picks[1] in COMMANDS else "(hidden)",
                    [*said, "Both corners have locked in: the reveal.", *log],
                    tuple(log),
                )
            )
        else:
            out.append(Expected([raw], raw, log, tuple(log)))
    return out, final


def corner_picks(text: str) -> list[str]:
    """``blue=protect red=jab`` as the two picks typed in turn, red first: ``jab``, ``protect``;
    ``roll``: each corner's ``roll``."""
    if text.lower() == "roll":
        return ["roll", "roll"]
    picks = dict(part.split("=", 1) for part in text.lower().split())
    return [picks.get("red", picks.get("r", "")), picks.get("blue", picks.get("b", ""))]


def arguments(game: str, path: Path, data_dir: Path) -> list[str]:
    """``play --plain GAME --fighters CARDS`` and the script's own ``# args:``; its ``# copy:`` files
    put in ``data_dir``."""
    args, _ = header(path)
    for source, dest in copies(path):
        target = data_dir / dest
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((GOLDEN / source).read_bytes())
    return ["play", "--plain", game, "--fighters", str(CARDS[game]), *args]
