"""Running ``companion``'s command line for the script tests: the harness they share.

tests/test_script.py (NHB), test_fo_script.py, test_cage_match_script.py,
test_fudge_script.py and test_paf_script.py drive ``companion script GAME --fighters
CARDS`` with an empty ``COMPANION_DATA_DIR`` and compare its JSON Lines with the goldens
in ``tests/golden``; what differs between them is only the game and the card file,
passed to every helper here.

``run`` plays the command in this process through the CLI's own ``main`` (with its
standard streams, environment and working folder swapped for the call): what a shell
would see, without the second or so a new interpreter costs. ``run_process`` and
``spawn`` start a real ``python -m companion``; each game keeps one such test (the
prompt flushed before its answer is read, and the exit status a shell sees).

This is not a test module (pytest does not collect it). The test modules import
it by name, which works because ``tests`` has no ``__init__.py``: pytest's
default import mode puts ``tests`` on ``sys.path``, and so does Python when a
test module is run as a script (``python tests/test_script.py regen``). They
call ``pytest.register_assert_rewrite("scripting")`` first, so that the asserts
below report their values as the tests' own asserts do.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import shlex
import subprocess
import sys
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
TIMEOUT = 60


# --- running the command ---------------------------------------------------------


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "companion", *args]


def environment(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["COMPANION_DATA_DIR"] = str(data_dir)
    env.pop("PYTHONWARNINGS", None)
    return env


def run(data_dir: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``companion ARGS`` in this process, as a shell would run it in ``data_dir`` with
    ``COMPANION_DATA_DIR`` set there: its exit status, standard output and standard error.
    An exception that escapes ``main`` is written to standard error as the interpreter
    would write it (status 1), so "no traceback" asserts hold here as for a real process."""
    from companion import cli

    out, err = io.StringIO(), io.StringIO()
    saved_env = os.environ.get("COMPANION_DATA_DIR")
    saved_stdin = sys.stdin
    os.environ["COMPANION_DATA_DIR"] = str(data_dir)
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.chdir(data_dir), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(list(args))
            except SystemExit as exc:  # argparse's usage errors and --help
                status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            except Exception:  # noqa: BLE001 - written out as the interpreter would, and asserted absent
                traceback.print_exc()
                status = 1
    finally:
        sys.stdin = saved_stdin
        if saved_env is None:
            os.environ.pop("COMPANION_DATA_DIR", None)
        else:
            os.environ["COMPANION_DATA_DIR"] = saved_env
    return subprocess.CompletedProcess(command(*args), status, out.getvalue(), err.getvalue())


def run_process(data_dir: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``companion ARGS`` as a real process (``python -m companion``): for what only a process
    shows (its exit status to a shell, its import of the app)."""
    return subprocess.run(  # noqa: PLW1510 - the exit status is asserted
        command(*args),
        input=stdin,
        capture_output=True,
        text=True,
        env=environment(data_dir),
        cwd=data_dir,
        timeout=TIMEOUT,
    )


def script(
    game: str, cards: Path, data_dir: Path, *args: str, stdin: str = "", red: str | None = None, blue: str | None = None
) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    """``companion script GAME`` with the card file ``cards``; (process, parsed JSON lines).

    The corners are named only when ``red`` is given (no ``red``: the roster's first two cards meet).
    """
    corners = ["--red", red, "--blue", blue] if red else []
    proc = run(data_dir, "script", game, "--fighters", str(cards), *corners, *args, stdin=stdin)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    return proc, lines


@contextmanager
def spawn(data_dir: Path, *args: str) -> Iterator[subprocess.Popen[bytes]]:
    """``companion ARGS`` with its three pipes open, to be driven a line at a time; killed and closed at the end."""
    proc = subprocess.Popen(
        command(*args),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(data_dir),
        cwd=data_dir,
    )
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            if pipe and not pipe.closed:
                pipe.close()


class LineReader:
    """Read whole lines from a pipe with a deadline, without blocking past it."""

    def __init__(self, pipe) -> None:
        self.fd = pipe.fileno()
        self.buffer = b""

    def line(self, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no complete line within {timeout} s (got {self.buffer!r})")
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.fd, 4096)
            if not chunk:
                raise AssertionError(f"the pipe closed before a complete line (got {self.buffer!r})")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8")


def assert_usage_error(proc: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """A setup error: exit status 2, nothing on standard output, each fragment on standard error."""
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout == ""
    for fragment in fragments:
        assert fragment in proc.stderr


# --- golden scripts ----------------------------------------------------------------


def header(path: Path) -> tuple[list[str], int]:
    """The ``# args:`` and ``# exit:`` of a golden script."""
    args: list[str] = []
    status = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# args:"):
            args = shlex.split(line.removeprefix("# args:"))
        elif line.startswith("# exit:"):
            status = int(line.removeprefix("# exit:"))
    return args, status


def copies(path: Path) -> list[tuple[str, str]]:
    """The ``# copy: SOURCE DEST`` lines of a golden script: a file of ``tests/golden`` to put at
    ``DEST`` in the data dir before the script is played (e.g. a player's own tables file)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# copy:"):
            source, dest = shlex.split(line.removeprefix("# copy:"))
            out.append((source, dest))
    return out


def play_golden(game: str, cards: Path, path: Path, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """Play the golden script ``path`` (its answers on standard input, its ``# args:`` on the command line,
    its ``# copy:`` files put into ``data_dir`` first)."""
    args, _ = header(path)
    for source, dest in copies(path):
        target = data_dir / dest
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((GOLDEN / source).read_bytes())
    return run(data_dir, "script", game, "--fighters", str(cards), *args, stdin=path.read_text(encoding="utf-8"))


def golden_lines(
    game: str, cards: Path, name: str, data_dir: Path
) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    """Play ``tests/golden/<name>.txt``; (process, parsed JSON lines), after checking it did not crash."""
    proc = play_golden(game, cards, GOLDEN / f"{name}.txt", data_dir)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc, [json.loads(line) for line in proc.stdout.splitlines()]


def logs(lines: list[dict]) -> list[str]:
    """The log entries of the accepted answers, in order."""
    return [entry for line in lines if "accepted" in line for entry in line["log"]]


def assert_matches_golden(game: str, cards: Path, path: Path, data_dir: Path) -> None:
    """The golden script ``path`` gives exactly its recorded JSON Lines (``<name>.jsonl``) and exit status."""
    expected_path = path.with_suffix(".jsonl")
    assert expected_path.is_file(), f"{expected_path.name} is missing: see the module docstring to regenerate"
    _, status = header(path)
    proc = play_golden(game, cards, path, data_dir)
    assert "Traceback" not in proc.stderr, proc.stderr
    expected = expected_path.read_text(encoding="utf-8").splitlines()
    actual = proc.stdout.splitlines()
    for number, (want, got) in enumerate(zip(expected, actual), start=1):
        assert json.loads(got) == json.loads(want), f"{expected_path.name} line {number}"
    assert len(actual) == len(expected), f"{len(actual)} lines written, {len(expected)} expected"
    assert proc.returncode == status, proc.stderr


# --- regenerating the goldens -----------------------------------------------------------


def regen(game: str, cards: Path, pattern: str) -> None:
    """Rewrite the ``.jsonl`` of each golden script matching ``pattern``, each played in an empty data dir."""
    import tempfile

    for path in sorted(GOLDEN.glob(pattern)):
        with tempfile.TemporaryDirectory() as data_dir:
            proc = play_golden(game, cards, path, Path(data_dir))
        _, status = header(path)
        if proc.returncode != status:
            print(f"{path.name}: exit {proc.returncode}, header says {status}\n{proc.stderr}", file=sys.stderr)
        path.with_suffix(".jsonl").write_text(proc.stdout, encoding="utf-8")
        print(f"wrote {path.with_suffix('.jsonl').relative_to(HERE.parent)}")


def answers_of(path: Path) -> list[str]:
    """The answer lines of a script, comments and blank lines dropped (as ``companion script`` reads them)."""
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def prompts(lines: list[dict], kind: str | None = None) -> list[dict]:
    """The prompts of a script's JSON lines (of one ``kind`` if given)."""
    return [line["prompt"] for line in lines if "prompt" in line and (kind is None or line["prompt"]["kind"] == kind)]


def final(lines: list[dict]) -> dict:
    """The closing ``final`` line's object."""
    assert "final" in lines[-1], lines[-1]
    return lines[-1]["final"]
