"""Text takes the theme's text colours (issue 22): on a light theme ``$accent`` or ``$warning`` as a
text colour read at 1.49:1 against the background; ``$text-accent``, ``$text-warning`` ... are made
to be read on the theme's own background, light or dark. Borders and backgrounds may keep the plain
colours."""

from __future__ import annotations

import re
from pathlib import Path

SCREENS = Path(__file__).resolve().parents[1] / "screens"
PLAIN = r"\$(?:error|warning|accent|primary|secondary|success)\b"
CSS_TEXT = re.compile(rf"^\s*(?:color|border-title-color|border-subtitle-color|link-color):\s*{PLAIN}", re.MULTILINE)
MARKUP_TEXT = re.compile(rf"\[(?:b |i |bold |italic )?{PLAIN}\]|\"{PLAIN}\"|'{PLAIN}'")


def test_no_text_in_the_screens_is_coloured_with_a_plain_theme_colour() -> None:
    found = []
    for path in sorted(SCREENS.glob("*.tcss")) + sorted(SCREENS.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        pattern = CSS_TEXT if path.suffix == ".tcss" else MARKUP_TEXT
        found += [f"{path.name}: {m.group(0).strip()}" for m in pattern.finditer(text)]
        if path.suffix == ".py":  # the CSS inside a screen's DEFAULT_CSS
            found += [f"{path.name}: {m.group(0).strip()}" for m in CSS_TEXT.finditer(text)]
    assert found == []


def test_the_check_finds_a_plain_colour() -> None:
    assert CSS_TEXT.search("Label {\n    color: $accent;\n}") and not CSS_TEXT.search("    color: $text-accent;")
    assert MARKUP_TEXT.search("[b $warning]low[/]") and not MARKUP_TEXT.search("[b $text-warning]low[/]")
