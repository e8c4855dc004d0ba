"""Words for numbers (companion.words)."""

from companion.words import count


def test_counts_are_said_in_the_singular_for_one() -> None:
    assert [count(n, "answer") for n in (0, 1, 2)] == ["0 answers", "1 answer", "2 answers"]
    assert count(1, "bout") == "1 bout" and count(3, "match", "matches") == "3 matches"


def test_folded_text_has_no_case_and_no_accents():
    """Issue 22: a search compares names without case or accents."""
    from companion.words import folded

    assert folded("José Aldo") == folded("JOSE ALDO") == "jose aldo"
    assert folded("Tiago Brandão") == "tiago brandao" and folded("Straße") == "strasse"
    assert folded("Bjørn Łukasz Đorđe Æsir") == "bjorn lukasz dorde aesir"
