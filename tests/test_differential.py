"""What the app keeps between answers never changes what a fight says (issue 21 item 2).

``tests/differential.py`` plays fights of every game in one long-lived process as the app and its
users play them (typed, wrong and app-rolled answers, undo and redo, previews, amends, resumes, two
fights interleaved), and folds the same answers in a fresh process: any difference in the log, the
prompts, the trackers or the panels fails it. Here at a small size; run it by hand with
``--fights 300`` after changing what a ruleset keeps (it caught a cache key broken on purpose in
19 of 20 Cage Match fights).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_fights_played_in_one_process_say_what_a_fresh_fold_says() -> None:
    check = [sys.executable, str(ROOT / "tests" / "differential.py"), "--repo", str(ROOT)]
    done = subprocess.run(
        [*check, "--fights", "12", "--seed", "3"], capture_output=True, text=True, timeout=900, check=False
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert "differential: no difference" in done.stdout
