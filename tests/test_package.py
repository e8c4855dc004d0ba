"""The package as a user installs it (issue 15): one top-level import name, ``companion``,
holding every YAML and ``.tcss`` file; ``python -m companion`` from any folder, even one
with ``screens/`` and ``rulesets/`` packages of its own; the metadata of a real package."""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

import companion

REPO = Path(__file__).resolve().parent.parent
DATA_FOLDERS = {"rulesets": "*.yaml", "fighters": "*.yaml", "screens": "*.tcss"}


def hostile_folder(tmp_path: Path) -> Path:
    """A folder whose own ``screens``, ``rulesets`` and ``fighters`` packages would shadow ours
    if the installed names were top-level ones."""
    folder = tmp_path / "elsewhere"
    for name in ("screens", "rulesets", "fighters", "companion_data"):
        (folder / name).mkdir(parents=True)
        (folder / name / "__init__.py").write_text("raise ImportError('the wrong package')\n")
    return folder


def run(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: PLW1510 - the exit status is asserted
        [sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the checkout (its tracked layout, nothing built before)."""
    source = tmp_path_factory.mktemp("source") / "checkout"
    shutil.copytree(
        REPO,
        source,
        ignore=shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache"),
    )
    out = tmp_path_factory.mktemp("wheel")
    # with the test extra's setuptools, not a download: the suite runs without the package index
    build = run(source, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), ".")
    assert build.returncode == 0, build.stderr
    (path,) = out.glob("*.whl")
    return path


WHEEL = pytest.mark.xdist_group("wheel")
"""The tests of the built wheel share one worker, so the wheel is built once (module fixture)."""


@WHEEL
@pytest.mark.slow  # builds a wheel and starts processes
def test_the_wheel_holds_one_top_level_name_and_every_data_file(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert top == {"companion"}
    for folder, pattern in DATA_FOLDERS.items():
        # each game's tables are in its own package (rulesets/nhb/...): compared by path inside the folder
        shipped = sorted(p.relative_to(REPO / folder).as_posix() for p in (REPO / folder).rglob(pattern))
        assert shipped, f"no {pattern} in {folder}/"
        inside = f"companion/{folder}/"
        packed = sorted(n.removeprefix(inside) for n in names if n.startswith(inside) and Path(n).match(pattern))
        assert packed == shipped, folder
    for folder in ("rulesets", "screens", "fighters"):  # every module, each game's package too
        modules = sorted(p.relative_to(REPO / folder).as_posix() for p in (REPO / folder).rglob("*.py"))
        inside = f"companion/{folder}/"
        packed = sorted(n.removeprefix(inside) for n in names if n.startswith(inside) and n.endswith(".py"))
        assert packed == modules, folder
    assert "companion/py.typed" in names


@WHEEL
@pytest.mark.slow
def test_the_wheel_says_what_it_is(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        info = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_string(archive.read(info).decode("utf-8"))
        entry_points = archive.read(info.replace("METADATA", "entry_points.txt")).decode("utf-8")
        licenses = [n for n in archive.namelist() if n.endswith(".dist-info/licenses/LICENSE")]
    assert meta["Name"] == "combat-dice-companion"  # "companion" is another project's on the index
    assert meta["Version"] == companion.__version__
    assert meta["License-Expression"] == "MIT" and licenses
    assert meta["Requires-Python"] == ">=3.11"
    classifiers = meta.get_all("Classifier")
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert "Topic :: Games/Entertainment" in classifiers
    assert {url.split(",")[0] for url in meta.get_all("Project-URL")} >= {"Homepage", "Source", "Changelog"}
    assert any(req.startswith("textual==") for req in meta.get_all("Requires-Dist"))
    assert "companion = companion.cli:main" in entry_points


@WHEEL
@pytest.mark.slow
def test_the_installed_wheel_runs_from_a_folder_with_packages_of_the_same_names(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    install = run(tmp_path, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel))
    assert install.returncode == 0, install.stderr
    folder = hostile_folder(tmp_path)
    env = {"PYTHONPATH": str(target), "COMPANION_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    version = run(folder, "-m", "companion", "--version", env=env)
    assert (version.returncode, version.stdout.strip()) == (0, f"companion {companion.__version__}"), version.stderr
    listed = run(folder, "-m", "companion", "fighters", "list", "nhb", env=env)
    assert listed.returncode == 0 and "Royce Gracie" in listed.stdout.splitlines(), listed.stderr
    # the app itself, headless: its stylesheets and tables come from inside the wheel
    probe = textwrap.dedent(
        """
        import asyncio, pathlib, companion.screens.app as app_module
        assert pathlib.Path(app_module.__file__).is_relative_to(pathlib.Path(%r)), app_module.__file__

        async def main():
            app = app_module.make_app(pathlib.Path(%r))
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                print(type(app.screen).__name__)

        asyncio.run(main())
        """
    ) % (str(target), str(tmp_path / "data"))
    started = run(folder, "-c", probe, env=env)
    assert (started.returncode, started.stdout.strip()) == (0, "HomeScreen"), started.stderr


@pytest.mark.slow  # a real process
def test_python_m_companion_works_from_any_folder(tmp_path: Path) -> None:
    """The checkout's own install (editable), from a folder with packages named like ours."""
    folder = hostile_folder(tmp_path)
    version = run(folder, "-m", "companion", "--version")
    assert (version.returncode, version.stdout.strip()) == (0, f"companion {companion.__version__}"), version.stderr
    options = run(folder, "-m", "companion", "options", "fo")
    assert (options.returncode, options.stderr) == (0, "") and options.stdout.strip(), options.stderr


def test_version_is_the_package_version(tmp_path: Path) -> None:
    import scripting

    proc = scripting.run(tmp_path, "--version")
    assert (proc.returncode, proc.stdout.strip()) == (0, f"companion {companion.__version__}")
