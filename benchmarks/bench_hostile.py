"""Hostile card and tables files through the real command line (issue 19): how long each takes
to be refused and the most memory its process used. Prints a table; asserts nothing.

The files: an alias bomb (a card file and a tables file, under 600 bytes), a 50 MB card file
(sparse), 50 MB of valid cards written out, numbers YAML 1.1 reads as octal, a key given twice,
names with terminal control characters and a name of 10,000 characters.

    .venv/bin/python benchmarks/bench_hostile.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_yamlfile import bomb

CARD = "  - {{name: Fighter {i}, control: 10, standup: 10, ground: 10, finishing: 5, toughness: 5}}\n"


def files(folder: Path) -> list[tuple[str, list[str]]]:
    """(what, the command's arguments after ``companion``) for each hostile file, made in ``folder``."""
    out: list[tuple[str, list[str]]] = []
    card_bomb = folder / "bomb.yaml"
    card_bomb.write_text(bomb())
    out.append(("alias bomb: fighters check", ["fighters", "check", str(card_bomb)]))
    out.append(("alias bomb: script --fighters", ["script", "nhb", "--fighters", str(card_bomb)]))
    tables_bomb = folder / "tables_bomb.yaml"
    tables_bomb.write_text(bomb().replace("game: nhb\nfighters:\n", "weapons:\n"))
    for game in ("cage_match", "fudge", "paf"):
        out.append((f"alias bomb: tables check --game {game}", ["tables", "check", "--game", game, str(tables_bomb)]))
    sparse = folder / "sparse.yaml"
    with sparse.open("wb") as handle:
        handle.write(b"game: nhb\nfighters:\n")
        handle.truncate(50_000_000)
    out.append(("50 MB file (sparse): fighters check", ["fighters", "check", str(sparse)]))
    big = folder / "big.yaml"
    with big.open("w") as handle:
        handle.write("game: nhb\nfighters:\n")
        i = 0
        while handle.tell() < 50_000_000:
            handle.write("".join(CARD.format(i=i + k) for k in range(1000)))
            i += 1000
    out.append(("50 MB of valid cards: fighters check", ["fighters", "check", str(big)]))
    most = folder / "most.yaml"
    with most.open("w") as handle:
        handle.write("game: nhb\nfighters:\n")
        i = 0
        while handle.tell() < 255_000 - len(CARD) - 10:
            handle.write(CARD.format(i=i))
            i += 1
    out.append((f"255 kB of valid cards ({i:,}, allowed)", ["fighters", "check", str(most)]))
    octal = folder / "octal.yaml"
    octal.write_text("game: nhb\nfighters:\n" + CARD.format(i=1).replace("control: 10", "control: 010"))
    out.append(("control: 010", ["fighters", "check", str(octal)]))
    twice = folder / "twice.yaml"
    twice.write_text("game: nhb\nfighters:\n  - {name: A, control: 10, control: 11}\n")
    out.append(("a key given twice", ["fighters", "check", str(twice)]))
    names = folder / "names.yaml"
    names.write_text(
        "game: nhb\nfighters:\n"
        + CARD.format(i=1).replace("Fighter 1", '"\\e[2J\\e]0;owned\\a"')
        + CARD.format(i=2).replace("Fighter 2", "X" * 10_000)
    )
    out.append(("ESC/BEL and 10,000-character names", ["fighters", "check", str(names)]))
    return out


def run(args: list[str], data: Path) -> tuple[float, float, int, str]:
    """(seconds, peak memory in MB, exit status, first line of output) of ``companion ARGS``."""
    began = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=dict(os.environ, COMPANION_DATA_DIR=str(data)),
    )
    assert proc.stdout is not None
    output = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - began
    proc.returncode = os.waitstatus_to_exitcode(status)
    first = output.decode("utf-8", "replace").splitlines()[0] if output else ""
    return seconds, usage.ru_maxrss / 1024, proc.returncode, first


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    data = folder / "data"
    data.mkdir()
    print(f"{'file':<42} {'seconds':>7} {'MB':>6} {'exit':>4}  first line")
    worst_time = worst_memory = 0.0
    for what, args in files(folder):
        seconds, memory, status, first = run(args, data)
        worst_time, worst_memory = max(worst_time, seconds), max(worst_memory, memory)
        shown = first.replace(str(folder), "...")
        print(f"{what:<42} {seconds:7.2f} {memory:6.0f} {status:>4}  {shown[:110]}")
    print(f"worst: {worst_time:.2f} s, {worst_memory:.0f} MB (a whole process: Python, pydantic and the rules)")


if __name__ == "__main__":
    main()
