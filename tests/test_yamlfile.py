"""YAML read with libyaml's C loader where PyYAML has it, with the same values and the
same refusals as the pure-Python safe loader (issue 15)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from companion import yamlfile

REPO = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*(REPO / "rulesets").rglob("*.yaml"), *(REPO / "fighters").glob("*.yaml")])


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


def test_the_yaml_11_booleans_read_as_before(loader: str) -> None:
    """The schemas refuse these values (with a hint); both loaders must hand them over as YAML 1.1 reads them.
    Numbers that are not decimal (``1:30``, ``010``) are refused by the reader itself (issue 19, below)."""
    data = yamlfile.load_text("name: no\non: yes\nrating: 10\nshare: 0.5\nneg: -3\nbig: .inf\n")
    assert data == {"name": False, True: True, "rating": 10, "share": 0.5, "neg": -3, "big": float("inf")}


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


# --- hostile files (issue 19): the guards, the same with both loaders --------------------------------


def bomb(levels: int = 9) -> str:
    """The "billion laughs" in a card (a few hundred bytes): each level a list of nine aliases of the one
    before, the last one the card's ``control``; checked whole, the card's problem quotes it."""
    levels_ = ['&a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    previous = "a"
    for name in "bcdefghijklmn"[: levels - 1]:
        levels_.append(f"&{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
        previous = name
    return (
        "game: nhb\nfighters:\n  - name: Bomb\n    standup: 10\n    ground: 10\n    finishing: 5\n"
        "    toughness: 5\n    laughs: [" + ", ".join(levels_[:-1]) + "]\n    control: " + levels_[-1] + "\n"
    )


def test_an_alias_bomb_is_refused_before_it_is_built(tmp_path: Path, loader: str) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(bomb())
    assert path.stat().st_size < 600
    data, reason = yamlfile.read(path)
    assert data is None
    assert reason == (
        "its aliases (*name) repeat 490,329,036 values, more than the 10,000 allowed: "
        "write the values out, or use fewer aliases"
    )
    assert yamlfile.read_yaml(path) == (None, f"{path}: {reason}")


def test_an_alias_inside_its_own_value_is_refused(loader: str) -> None:
    for text in ("a: &a [1, *a]\n", "a: &a {x: *a}\n"):
        with pytest.raises(yamlfile.Refusal, match="an alias"):
            yamlfile.load_text(text)


def test_aliases_within_the_budget_read_as_before(loader: str) -> None:
    text = "base: &b {x: 1, y: [2, 3]}\none: *b\ntwo: {<<: *b, x: 4}\nmany: [" + ", ".join(["*b"] * 100) + "]\n"
    assert yamlfile.load_text(text) == yaml.load(text, Loader=yaml.SafeLoader)


@pytest.mark.parametrize(
    "value, said",
    [
        ("010", "YAML 1.1 reads it as 8, octal"),
        ("0x0A", "YAML 1.1 reads it as 10, hexadecimal"),
        ("0b101", "YAML 1.1 reads it as 5, binary"),
        ("1_0", "YAML 1.1 reads it as 10, with its _ left out"),
        ("1:30", "YAML 1.1 reads it as 90, minutes:seconds"),
        ("-0o7", None),  # not a number in YAML 1.1 at all: text
        ("1_000.5", "YAML 1.1 reads it as 1000.5, with its _ left out"),
    ],
)
def test_a_number_not_in_decimal_is_refused_saying_what_yaml_11_makes_of_it(
    loader: str, value: str, said: str | None
) -> None:
    text = f"game: nhb\nfighters:\n  - name: A\n    control: {value}\n"
    if said is None:
        assert yamlfile.load_text(text)["fighters"][0]["control"] == value
        return
    with pytest.raises(yamlfile.Refusal) as info:
        yamlfile.load_text(text)
    assert yamlfile.reason(info.value) == (
        f"at line 4, column 14: '{value}' is not a decimal number ({said}): numbers in card and tables "
        "files are written in decimal; quote it if it is text"
    )
    quoted = yamlfile.load_text(text.replace(value, f"'{value}'"))
    assert quoted["fighters"][0]["control"] == value  # quoted, it is text
    with pytest.raises(yamlfile.Refusal, match="is not a decimal number"):
        yamlfile.load_text(f"{value}: a key\n")


def test_decimal_numbers_read_as_before(loader: str) -> None:
    text = "a: [0, 7, -3, +12, 10, 1.5, -0.25, .5, 2., 1.0e+3, .inf, -.inf, .nan]\n"
    data = yamlfile.load_text(text)["a"]
    assert data[:-1] == yaml.load(text, Loader=yaml.SafeLoader)["a"][:-1] and data[-1] != data[-1]


def test_a_key_given_twice_is_refused_naming_both_lines(loader: str) -> None:
    text = "game: nhb\nfighters:\n  - name: A\n    control: 10\n    standup: 9\n    control: 11\n"
    with pytest.raises(yamlfile.Refusal) as info:
        yamlfile.load_text(text)
    assert yamlfile.reason(info.value) == (
        "at line 6, column 5: the key 'control' is given twice in one mapping (at line 4 and at line 6): keep one"
    )
    with pytest.raises(yamlfile.Refusal, match=r"the key 'game' is given twice in one mapping \(at line 1 and"):
        yamlfile.load_text("game: nhb\nfighters: []\ngame: fo\n")
    assert yamlfile.load_text("a: {x: 1}\nb: {x: 2}\n") == {"a": {"x": 1}, "b": {"x": 2}}  # one key a mapping


def test_a_file_over_the_size_is_refused_without_being_read(tmp_path: Path, loader: str) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as handle:
        handle.truncate(50_000_000)  # 50 MB (sparse: nothing is written)
    data, reason = yamlfile.read(path)
    assert data is None and reason == (
        "is 50,000,000 bytes, over the 256,000 bytes (256 kB) a card or tables file may be: split it into several files"
    )
    assert yamlfile.read_yaml(path) == (None, f"{path}: {reason}")
    path.write_text("a: " + "x" * (yamlfile.MAX_BYTES - 4) + "\n")  # at the size: read
    assert yamlfile.read(path)[1] is None
