"""Reading the shipped YAML files: libyaml's C loader (what companion.yamlfile uses where
PyYAML has it) against PyYAML's pure-Python safe loader, file by file, as times and ratios.

    python benchmarks/bench_yaml.py [runs]
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from pathlib import Path

import yaml

from companion import yamlfile

REPO = Path(__file__).resolve().parent.parent
FILES = sorted([*(REPO / "rulesets").rglob("*.yaml"), *(REPO / "fighters").glob("*.yaml")])


def best_ms(text: str, loader: type, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        yaml.load(text, Loader=loader)
        times.append(time.perf_counter() - start)
    return 1000 * min(times)


def main(runs: int) -> None:
    print(
        f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
        f"PyYAML {yaml.__version__}, libyaml: {yaml.__with_libyaml__}, {os.cpu_count()} cores; best of {runs}"
    )
    if yamlfile.SafeLoader is yaml.SafeLoader:
        print("this PyYAML has no C loader: companion reads with the pure-Python one")
        return
    print(f"{'file':<28} {'KiB':>6} {'python ms':>10} {'C ms':>8} {'ratio':>6}")
    total_py = total_c = 0.0
    ratios = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        py, c = best_ms(text, yaml.SafeLoader, runs), best_ms(text, yamlfile.SafeLoader, runs)
        total_py, total_c = total_py + py, total_c + c
        ratios.append(py / c)
        name = path.relative_to(REPO).as_posix()
        print(f"{name:<28} {len(text.encode()) / 1024:>6.1f} {py:>10.2f} {c:>8.2f} {py / c:>5.1f}x")
    print(f"{'all':<28} {'':>6} {total_py:>10.2f} {total_c:>8.2f} {total_py / total_c:>5.1f}x")
    print(f"per file: {min(ratios):.1f}x to {max(ratios):.1f}x, median {statistics.median(ratios):.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
