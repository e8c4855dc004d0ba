"""YAML read with libyaml's C loader where PyYAML has it, with the same values and the
same refusals as the pure-Python safe loader (issue 15)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from companion import yamlfile

REPO = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*(REPO / "rulesets").glob("*.yaml"), *(REPO / "fighters").glob("*.yaml")])


@pytest.fixture(params=["c", "python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test once with the loader in use and once with the pure-Python one."""
    if request.param == "python":
        monkeypatch.setattr(yamlfile, "SafeLoader", yaml.SafeLoader)
    elif not yaml.__with_libyaml__:
        pytest.skip("this PyYAML was built without libyaml")
    return request.param


def test_the_c_loader_is_used_where_pyyaml_has_it() -> None:
    assert yamlfile.SafeLoader is (yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.relative_to(REPO).as_posix() for p in SHIPPED])
def test_every_shipped_file_reads_the_same_with_both_loaders(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert yamlfile.load_text(text) == yaml.load(text, Loader=yaml.SafeLoader)


def test_the_yaml_11_traps_read_as_before(loader: str) -> None:
    """The schemas refuse these values; both loaders must hand them over as YAML 1.1 reads them."""
    data = yamlfile.load_text("name: no\ntime: 1:30\nrating: 010\non: yes\n")
    assert data == {"name": False, "time": 90, "rating": 8, True: True}


def test_deep_nesting_is_said_not_raised(tmp_path: Path, loader: str) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("a: " + "[" * 2000 + "]" * 2000 + "\n")
    data, reason = yamlfile.read(path)
    assert data is None and reason == yamlfile.NESTED_TOO_DEEPLY
    assert yamlfile.read_yaml(path) == (None, f"{path}: {yamlfile.NESTED_TOO_DEEPLY}")


def test_invalid_yaml_names_line_and_column(tmp_path: Path, loader: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("a: 1\n  b: 2\n")
    data, reason = yamlfile.read(path)
    assert data is None and reason is not None
    assert reason.startswith("is not valid YAML at line 2, column 4: ")


def test_unreadable_and_non_utf8_files(tmp_path: Path, loader: str) -> None:
    assert yamlfile.read(tmp_path / "missing.yaml")[1] == "cannot be read: No such file or directory"
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("name: Jos\xe9\n".encode("latin-1"))
    assert yamlfile.read(latin) == (None, "is not UTF-8 text")


@pytest.mark.parametrize(
    "text, said",
    [
        ("when: 2024-02-30\n", "is not valid YAML: day is out of range for month"),
        ("n: " + "9" * 5000 + "\n", "is not valid YAML: Exceeds the limit (4300 digits)"),
    ],
    ids=["impossible-date", "endless-number"],
)
def test_a_value_python_cannot_hold_is_said_not_raised(tmp_path: Path, loader: str, text: str, said: str) -> None:
    """A date like 2024-02-30 or a number of 5,000 digits reads as YAML but not as a Python value: a
    reason, never a traceback (a card's notes written so once stopped ``companion fighters list``)."""
    path = tmp_path / "odd.yaml"
    path.write_text(text)
    data, reason = yamlfile.read(path)
    assert data is None and reason is not None and reason.startswith(said), reason
    assert yamlfile.read_yaml(path)[1].startswith(f"{path}: {said}")
