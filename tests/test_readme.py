"""The README's samples are what the commands print (issue 22: a sample had drifted, 24.7% where
the command said 24.6%). Each ``sh`` block of one ``companion`` command followed at once by a
``text`` block is run here, as a shell would run it, and its output compared line for line."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

pytest.register_assert_rewrite("scripting")

import scripting

README = Path(__file__).resolve().parents[1] / "README.md"
SAMPLE = re.compile(r"```sh\n(companion [^\n]*)\n```\n\n```text\n(.*?)```", re.DOTALL)


def samples() -> list[tuple[str, str]]:
    return [(command, output) for command, output in SAMPLE.findall(README.read_text(encoding="utf-8"))]


def test_the_readme_has_samples_to_check() -> None:
    commands = [command for command, _ in samples()]
    assert len(commands) >= 5, commands
    assert any(c.startswith("companion simulate nhb") for c in commands)


@pytest.mark.slow
@pytest.mark.parametrize("command, output", samples(), ids=lambda value: value.split("\n")[0][:60])
def test_a_readme_sample_is_what_its_command_prints(command: str, output: str, tmp_path: Path) -> None:
    args = shlex.split(command)[1:]
    proc = scripting.run(tmp_path, *args)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == output.rstrip("\n").splitlines()
