"""The Cage Match! Fight Card as data, and the check that refuses a card that cannot be played.

Ruling CM-6: the action pads, the POSITION table and the Fight Card are not
printed in the text; ``rulesets/cage_match.yaml`` is the project's
reconstruction, and a player may replace any section of it with a printed card
(``<data dir>/tables/cage_match.yaml``). Design section 4.2 (CMD-25): every
structural problem refuses the card, all at once, each message naming the
file, the section and the cell; the text anchors (design 2.5) refuse unless
``text_anchors`` is off.

Each test breaks one thing in a copy of the shipped card and reads the message.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from companion.cards import load_file
from companion.ruleset import Setup
from companion.rulesets.cage_match import tables
from companion.rulesets.cage_match.cards import CmCard
from companion.rulesets.cage_match.ruleset import RULESET
from companion.rulesets.cage_match.tables import SECTIONS, SHIPPED, TablesError, check, load

FILE = "cage_match.yaml"
SHIPPED_DATA = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))


def shipped() -> dict:
    """A fresh deep copy of the shipped card's data, to break."""
    return copy.deepcopy(SHIPPED_DATA)


def problems(data) -> list[str]:
    """The check's problems for ``data``; the card must be refused."""
    t, found = check(data, FILE)
    assert t is None and found, "the card should have been refused"
    return found


def set_pair(data: dict, pad: str, a: str, b: str, ab: str, ba: str) -> None:
    """Set cell (a, b) and its mirror (b, a) of ``pad``."""
    data["fight_card"][pad][a][b] = ab
    data["fight_card"][pad][b][a] = ba


# --- the shipped card ------------------------------------------------------------------


def test_shipped_card_passes():
    """CM-6: the shipped reconstruction is complete, symmetric, consistent, has counters and keeps the
    text anchors."""
    t, found = check(SHIPPED_DATA, FILE)
    assert found == [] and t is not None
    assert t.text_anchors is True
    assert list(t.pads) == ["standing", "clinching", "ground", "past_guard"]
    assert [len(t.pads[p]) for p in t.pads] == [9, 9, 7, 6]  # design 1.2
    assert list(t.positions) == ["standing", "clinching", "collar_tie", "ground", "past_guard"]
    assert {p.default.get("even", p.default.get("dominant")) for p in t.positions.values()} == {"protect"}  # CMD-2
    assert (t.start.muscle, t.start.body, t.start.head, t.start.focus, t.focus.max) == (60, 60, 40, 0, 10)  # CM-1
    assert (t.penalties.below, t.penalties.one, t.penalties.both) == (30, -1, -2)  # CM-3
    assert t.weight_classes == {"featherweight": 8, "middleweight": 9}  # CM-2


def test_shipped_card_load_is_the_checked_data():
    """``load()`` with no user file is the shipped card, checked, as plain data (stored with a fight)."""
    data = load()
    assert set(data) == set(SECTIONS)
    assert data["fight_card"]["standing"]["jab"]["shoot"] == "SWIFT ATTACK: me"
    assert load(Path("/nonexistent/cage_match.yaml")) == data  # no user file: the shipped card


def test_shipped_card_text_anchors():
    """Design 2.5 (CM-6): the cells the text fixes are as the text says."""
    card = SHIPPED_DATA["fight_card"]
    assert card["standing"]["jab"]["shoot"] == card["standing"]["jab"]["throw"] == "SWIFT ATTACK: me"
    assert card["standing"]["parry"]["strike"] == card["standing"]["parry"]["jab"] == "SLICK MOVE: me"
    assert card["standing"]["sprawl"]["shoot"] == "SPRAWL N' BRAWL: me"
    assert card["standing"]["taunt"]["taunt"] == card["clinching"]["taunt"]["taunt"] == "CROWD BOOS"
    for pad, rows in card.items():
        for attack in ("jab", "strike", "shoot", "throw", "gnp", "submission"):
            if attack in rows:
                assert rows["focus"][attack] == "BRUTAL HIT: them", (pad, attack)


# --- one test per kind of problem ----------------------------------------------------------------


def test_missing_cell():
    """Design 4.2 "complete": every ordered pair of a pad's types needs a cell."""
    data = shipped()
    del data["fight_card"]["ground"]["pass_guard"]["sweep"]
    assert problems(data) == [
        "cage_match.yaml: fight_card.ground: no cell for (pass_guard, sweep): every ordered pair of the pad's "
        "7 types needs one (49 cells, 48 given)"
    ]


def test_missing_pad_section():
    """Design 4.2: a pad with no fight card section at all is every cell missing."""
    data = shipped()
    del data["fight_card"]["past_guard"]
    found = problems(data)
    missing = [p for p in found if ": no cell for (" in p]
    assert len(missing) == 36 and len(found) == 36  # counters are read only off a whole card
    assert found[0] == (
        "cage_match.yaml: fight_card.past_guard: no cell for (gnp, gnp): every ordered pair of the "
        "pad's 6 types needs one (36 cells, 0 given)"
    )


def test_asymmetric_pair():
    """Design 2 "Symmetry": (A, B) and (B, A) are one outcome seen from both sides."""
    data = shipped()
    data["fight_card"]["standing"]["jab"]["strike"] = "TRADE BLOWS"
    assert problems(data) == [
        "cage_match.yaml: fight_card.standing: (jab, strike) is 'TRADE BLOWS' but (strike, jab) is 'WHO FASTER'; "
        "the two cells must be one outcome seen from both sides"
    ]


def test_asymmetric_side():
    """Design 2: a one-sided cell's mirror names the other side (``me`` and ``them`` swapped)."""
    data = shipped()
    data["fight_card"]["standing"]["protect"]["jab"] = "PROTECTS: me"
    found = problems(data)
    assert (
        "cage_match.yaml: fight_card.standing: (jab, protect) is 'PROTECTS: me' but (protect, jab) is "
        "'PROTECTS: me'; the two cells must be one outcome seen from both sides"
    ) in found
    assert (
        "cage_match.yaml: fight_card.standing.protect.jab: 'PROTECTS: me' cannot be resolved with protect "
        "acting against jab"
    ) in found


def test_one_sided_outcome_without_its_side():
    """Design 4.2 "acting side": a one-sided outcome must say who acts."""
    data = shipped()
    data["fight_card"]["standing"]["jab"]["sprawl"] = "SWIFT ATTACK"
    found = problems(data)
    assert (
        "cage_match.yaml: fight_card.standing.jab.sprawl: SWIFT ATTACK needs the side that acts (': me' or ': them')"
    ) in found


def test_both_sided_outcome_with_a_side():
    """Design 4.2 "acting side": TRADE BLOWS, WHO FASTER, TAUNTS, CROWD BOOS name no side."""
    data = shipped()
    data["fight_card"]["standing"]["jab"]["jab"] = "TRADE BLOWS: me"
    found = problems(data)
    assert "cage_match.yaml: fight_card.standing.jab.jab: TRADE BLOWS is both-sided: drop ': me'/': them'" in found


def test_unknown_outcome():
    """Design 4.2: a cell must be one of the text's eleven outcomes."""
    data = shipped()
    data["fight_card"]["standing"]["jab"]["jab"] = "SLICK MOVES"
    found = problems(data)
    assert found[0].startswith(
        "cage_match.yaml: fight_card.standing.jab.jab: 'SLICK MOVES' is not an outcome "
        "(one of TRADE BLOWS, WHO FASTER, "
    )
    assert not any("no cell for (jab, jab)" in p for p in found)  # reported once, as what it is


def test_outcome_the_types_cannot_resolve():
    """Design 2.6 "consistent": only a parry makes a Slick Move, against a jab or strike."""
    data = shipped()
    set_pair(data, "standing", "sprawl", "jab", "SLICK MOVE: me", "SLICK MOVE: them")
    assert problems(data) == [
        "cage_match.yaml: fight_card.standing.jab.sprawl: 'SLICK MOVE: them' cannot be resolved with sprawl "
        "acting against jab",
        "cage_match.yaml: fight_card.standing.sprawl.jab: 'SLICK MOVE: me' cannot be resolved with sprawl "
        "acting against jab",
    ]


def test_type_not_an_action_type():
    """Design 4.2 "known types on pads": a pad lists action types, not moves."""
    data = shipped()
    data["pads"]["clinching"].append("knee")
    found = problems(data)
    assert len(found) == 1
    assert found[0].startswith("cage_match.yaml: pads.clinching.9: 'knee' is not allowed:")


def test_type_not_on_the_pad():
    """Design 4.2 "no stray cells" and "positions fit the pads"."""
    data = shipped()
    data["fight_card"]["standing"]["jab"]["takedown"] = "SWIFT ATTACK: me"
    data["positions"]["collar_tie"]["allowed"]["submissive"].append("shoot")
    assert problems(data) == [
        "cage_match.yaml: positions.collar_tie.allowed.submissive: 'shoot' is not on the clinching pad",
        "cage_match.yaml: fight_card.standing.jab.takedown: takedown is not on the standing pad",
    ]


def test_position_default_not_allowed():
    """Design 4.2 "default allowed" (CMD-2: the default is data, but it must be a move the side can do)."""
    data = shipped()
    data["positions"]["ground"]["default"]["dominant"] = "sweep"
    assert problems(data) == [
        "cage_match.yaml: positions.ground.default.dominant: 'sweep' is not allowed to the dominant side"
    ]


def test_position_sides_must_match():
    """Design 1.3: an even position has one side, a dominant one two."""
    data = shipped()
    data["positions"]["ground"]["allowed"] = {"even": ["gnp", "protect"]}
    found = problems(data)
    assert "cage_match.yaml: positions.ground.allowed: needs exactly dominant, submissive (has even)" in found


def test_position_missing_and_pad_unused():
    """CM-6: the text's five positions; design 4.2 "every pad used, every position's pad exists"."""
    data = shipped()
    del data["positions"]["past_guard"]
    data["positions"]["ground"]["pad"] = "mat"
    found = problems(data)
    assert (
        "cage_match.yaml: positions: the text's position 'past_guard' is missing (positions: standing, "
        "clinching, collar_tie, ground, past_guard)" in found
    )
    assert (
        "cage_match.yaml: positions.ground.pad: 'mat' is not a pad (pads: standing, clinching, ground, "
        "past_guard)" in found
    )
    assert "cage_match.yaml: pads.past_guard: no position uses this pad" in found


def test_missing_generic_move():
    """Design 4.2 "generic moves", CMD-26: every type on a pad needs a generic move."""
    data = shipped()
    data["generic_moves"] = [m for m in data["generic_moves"] if m["type"] != "escape"]
    assert problems(data) == [
        "cage_match.yaml: generic_moves: no move of type 'escape' (every type on a pad needs one)"
    ]


def test_generic_move_key_twice():
    """Design 4.2: generic keys are what players type, so they must be unique."""
    data = shipped()
    data["generic_moves"].append(dict(data["generic_moves"][0]))
    assert problems(data) == ["cage_match.yaml: generic_moves: key 'jab' is used twice"]


def test_generic_drain_only_for_taunts():
    """Design 4.2 ("generic_moves.taunt: 'drain' is only for taunts"), CMD-15."""
    data = shipped()
    protect = next(m for m in data["generic_moves"] if m["type"] == "protect")
    protect["drain"] = 2
    assert problems(data) == ["cage_match.yaml: generic_moves.protect: 'drain' is only for taunts"]


def test_weight_class_rating_range():
    """CM-2: a muscle rating is a 2d6 total (the text: 8 feather, 9 middle)."""
    data = shipped()
    data["weight_classes"]["heavyweight"] = 13
    assert problems(data) == [
        "cage_match.yaml: weight_classes.heavyweight: muscle rating 13 is not 2-12 (the text: 8 feather, 9 middle)"
    ]


def test_broken_text_anchor_refused_then_accepted_with_text_anchors_off():
    """CMD-25: the text anchors refuse a card that contradicts the text ("Jab beats Shoot or Throw") unless
    ``text_anchors: false`` says it is a printed card to play as printed."""
    data = shipped()
    set_pair(data, "standing", "jab", "shoot", "WHO FASTER", "WHO FASTER")
    assert problems(data) == [
        "cage_match.yaml: fight_card.standing.jab.shoot must be 'SWIFT ATTACK: me' (the text: jab beats shoot or "
        "throw); set text_anchors: false to play your printed card as printed"
    ]
    data["text_anchors"] = False
    t, found = check(data, FILE)
    assert found == [] and t is not None and t.fight_card["standing"]["jab"]["shoot"] == "WHO FASTER"


def test_broken_focus_anchor_on_every_pad():
    """CM-6 ("focus against an attack is a brutal hit"), checked on every pad with focus."""
    data = shipped()
    set_pair(data, "ground", "focus", "gnp", "TAUNTS", "TAUNTS")
    found = problems(data)
    assert (
        "cage_match.yaml: fight_card.ground.focus.gnp must be 'BRUTAL HIT: them' (the text: focus against an "
        "attack is a brutal hit); set text_anchors: false to play your printed card as printed"
    ) in found


def test_move_with_no_counter():
    """Text "Every move has a counter", ruling CM-7: a clinch strike that beats or trades with every reply
    is refused, once for each position of the CLINCHING pad and each side it leaves unanswered."""
    data = shipped()
    set_pair(data, "clinching", "strike", "throw", "TRADE BLOWS", "TRADE BLOWS")
    for other in ("takedown", "collar_tie"):
        set_pair(data, "clinching", "strike", other, "SWIFT ATTACK: me", "SWIFT ATTACK: them")
    tail = (
        "makes it deal no damage and gains damage, a position or focus (ruling CM-7: every move has a "
        "counter; PROTECTS only halves)"
    )
    assert problems(data) == [
        "cage_match.yaml: fight_card.clinching: 'strike' has no counter in CLINCHING: none of the other "
        f"side's moves (strike, sprawl, throw, takedown, collar_tie, break, protect, focus, taunt) {tail}",
        "cage_match.yaml: fight_card.clinching: 'strike' has no counter in COLLAR TIE (dominant): none of "
        f"the other side's moves (strike, sprawl, takedown, collar_tie, break, protect, focus, taunt) {tail}",
        "cage_match.yaml: fight_card.clinching: 'strike' has no counter in COLLAR TIE (submissive): none of "
        f"the other side's moves (strike, sprawl, throw, takedown, break, protect, focus, taunt) {tail}",
    ]


def test_cm7_protects_is_no_counter_and_the_side_is_named():
    """Ruling CM-7: "PROTECTS! only halves damage: it is no counter". The card before the ruling, where the
    fighter underneath the past guard could answer ground punches only by protecting (his escape was a
    SWIFT ATTACK for the top, his focus a BRUTAL HIT), is refused for that side of that position."""
    data = shipped()
    set_pair(data, "past_guard", "gnp", "escape", "SWIFT ATTACK: me", "SWIFT ATTACK: them")
    assert problems(data) == [
        "cage_match.yaml: fight_card.past_guard: 'gnp' has no counter in GROUND - PAST GUARD (dominant): "
        "none of the other side's moves (escape, protect, focus) makes it deal no damage and gains damage, a "
        "position or focus (ruling CM-7: every move has a counter; PROTECTS only halves)"
    ]


def test_cm7_counters_of_the_shipped_card_by_outcome():
    """Ruling CM-7, read by outcome (``counters``): the other side acting alone counters; a WHO FASTER race
    counters (the ruling's own way out from under the past guard); Focus and Protect counter a move that
    does nothing in TAUNTS; PROTECTS, TRADE BLOWS and the row acting alone do not."""
    t, _ = check(shipped(), FILE)
    cell = lambda pad, a, b: tables.parse_cell(t.fight_card[pad][a][b])  # noqa: E731
    assert tables.counters(t, cell("standing", "jab", "parry"), "parry")  # SLICK MOVE: them
    assert tables.counters(t, cell("past_guard", "gnp", "escape"), "escape")  # WHO FASTER
    assert tables.counters(t, cell("standing", "parry", "focus"), "focus")  # TAUNTS: +6
    assert tables.counters(t, cell("standing", "parry", "protect"), "protect")  # TAUNTS: still gains 1
    assert not tables.counters(t, cell("standing", "jab", "protect"), "protect")  # PROTECTS
    assert not tables.counters(t, cell("standing", "jab", "jab"), "jab")  # TRADE BLOWS
    assert not tables.counters(t, cell("ground", "gnp", "break"), "break")  # BRUTAL HIT: the breaker takes half
    assert not tables.counters(t, cell("standing", "parry", "sprawl"), "sprawl")  # TAUNTS, sprawl gains nothing
    assert tables.counter_problems(t, _cells(t)) == []


def _cells(t):
    return {
        (pad, a, b): tables.parse_cell(text)
        for pad, rows in t.fight_card.items()
        for a, row in rows.items()
        for b, text in row.items()
    }


def test_unquoted_cell_parsed_as_a_mapping():
    """Design 4.1 note: an unquoted ``SLICK MOVE: them`` written on its own line parses as a mapping; the
    message names the cell and says to quote it."""
    text = """\
jab:
  parry:
    SLICK MOVE: them
"""
    data = shipped()
    data["fight_card"]["standing"]["jab"]["parry"] = yaml.safe_load(text)["jab"]["parry"]
    assert data["fight_card"]["standing"]["jab"]["parry"] == {"SLICK MOVE": "them"}
    found = problems(data)
    assert len(found) == 1
    assert found[0].startswith(
        "cage_match.yaml: fight_card.standing.jab.parry: {'SLICK MOVE': 'them'} is not allowed: "
    )
    assert found[0].endswith('(quote a text that holds a colon: "SLICK MOVE: them")')


def test_unknown_and_missing_sections():
    """Design 4.2 (YAML and shape): an unknown section or field, and a missing one, are named."""
    data = shipped()
    data["rounds"] = 3
    del data["penalties"]
    found = problems(data)
    assert "cage_match.yaml: penalties: missing" in found
    assert any(p.startswith("cage_match.yaml: rounds: unknown section; sections: version, ") for p in found)
    assert problems([1, 2]) == ["cage_match.yaml: should be a mapping of the sections " + ", ".join(SECTIONS)]


def test_every_problem_at_once():
    """Design 4.2: "refuse, with every problem at once"."""
    data = shipped()
    del data["fight_card"]["ground"]["pass_guard"]["sweep"]
    data["positions"]["ground"]["default"]["dominant"] = "sweep"
    data["fight_card"]["standing"]["jab"]["strike"] = "TRADE BLOWS"
    assert len(problems(data)) == 3


# --- a player's own card (CM-6: replace a section without touching code) --------------------------


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cage_match.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_user_file_replaces_one_section(tmp_path):
    """CM-6: a user file's section replaces the shipped one whole; the rest stays shipped."""
    user = write(tmp_path, "start: {muscle: 40, body: 50, head: 20, focus: 4}\n")
    data = load(user)
    assert data["start"] == {"muscle": 40, "body": 50, "head": 20, "focus": 4}
    assert data["fight_card"] == load()["fight_card"]


def test_user_printed_card_with_text_anchors_off(tmp_path):
    """CMD-25: a printed card that differs from the text is played as printed with ``text_anchors: false``."""
    card = copy.deepcopy(SHIPPED_DATA["fight_card"])
    card["standing"]["jab"]["shoot"] = card["standing"]["shoot"]["jab"] = "WHO FASTER"
    body = yaml.safe_dump({"fight_card": card}, sort_keys=False)
    with pytest.raises(TablesError) as info:
        load(write(tmp_path, body))
    assert info.value.problems == [
        f"{tmp_path / 'cage_match.yaml'} (over the shipped card): fight_card.standing.jab.shoot must be "
        "'SWIFT ATTACK: me' (the text: jab beats shoot or throw); set text_anchors: false to play your printed "
        "card as printed"
    ]
    data = load(write(tmp_path, "text_anchors: false\n" + body))
    assert data["fight_card"]["standing"]["jab"]["shoot"] == "WHO FASTER" and data["text_anchors"] is False


def test_user_file_unknown_section_refused(tmp_path):
    """CM-6 / design 4.2: only the card's sections can be replaced; the file is named."""
    user = write(tmp_path, "start: {muscle: 40, body: 50, head: 20, focus: 4}\nrounds: 3\n")
    with pytest.raises(TablesError) as info:
        load(user)
    assert info.value.problems == [f"{user}: rounds: unknown section; sections: {', '.join(SECTIONS)}"]


def test_user_file_bad_yaml_refused(tmp_path):
    """Design 4.2: a file that is not YAML is refused, naming the file and the place."""
    user = write(tmp_path, "start: {muscle: 40\nfight_card: [\n")
    with pytest.raises(TablesError) as info:
        load(user)
    (problem,) = info.value.problems
    assert problem.startswith(f"{user}: is not valid YAML at line ")


def test_user_file_not_a_mapping_refused(tmp_path):
    user = write(tmp_path, "- start\n- pads\n")
    with pytest.raises(TablesError) as info:
        load(user)
    assert info.value.problems == [f"{user}: should be a mapping of some of the sections {', '.join(SECTIONS)}"]


def test_user_file_problems_name_the_file_and_cell(tmp_path):
    """Design 4.2: "Messages name file, section and cell"."""
    positions = copy.deepcopy(SHIPPED_DATA["positions"])
    positions["ground"]["default"]["dominant"] = "sweep"
    user = write(tmp_path, yaml.safe_dump({"positions": positions}, sort_keys=False))
    with pytest.raises(TablesError) as info:
        load(user)
    assert info.value.problems == [
        f"{user} (over the shipped card): positions.ground.default.dominant: 'sweep' is not allowed to the "
        "dominant side"
    ]


def test_tables_for_reads_the_data_dir(tmp_path):
    """``RULESET.tables_for(data_dir)`` reads ``<data_dir>/tables/cage_match.yaml`` over the shipped card,
    and a fight started with them uses them (CM-6)."""
    assert RULESET.tables_for(None) == load()
    assert RULESET.tables_for(tmp_path) == load()  # no tables/ folder: the shipped card
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "cage_match.yaml").write_text(
        "start: {muscle: 40, body: 50, head: 20, focus: 4}\n", encoding="utf-8"
    )
    data = RULESET.tables_for(tmp_path)
    assert data["start"] == {"muscle": 40, "body": 50, "head": 20, "focus": 4}
    cards, _ = load_file(Path(__file__).resolve().parent.parent / "fighters" / "cage_match.yaml", "cage_match", CmCard)
    state = RULESET.new(Setup("cage_match", (cards[0], cards[1]), {}, data))
    assert RULESET.trackers(state)[cards[0].name] == {
        "muscle": 40,
        "body_nerves": 50,
        "head_nerves": 20,
        "focus": 4,
        "position": "STANDING",
        "side": None,
        "penalty": None,
    }


def test_tables_for_refuses_a_broken_user_card(tmp_path):
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "cage_match.yaml").write_text("rounds: 3\n", encoding="utf-8")
    with pytest.raises(TablesError, match="unknown section"):
        RULESET.tables_for(tmp_path)


def test_parse_cell():
    """Design 4.1: a cell reads ``OUTCOME`` or ``OUTCOME: me|them`` (an exclamation mark is allowed)."""
    assert tables.parse_cell("SLICK MOVE: me") == tables.Cell("SLICK MOVE", 0)
    assert tables.parse_cell("SLICK MOVE:them") == tables.Cell("SLICK MOVE", 1)
    assert tables.parse_cell("TRADE BLOWS!") == tables.Cell("TRADE BLOWS", None)
    assert tables.parse_cell("SLICK MOVE: us") is None
    assert tables.parse_cell({"SLICK MOVE": "me"}) is None


def test_a_move_against_itself_is_both_sided():
    """A one-sided cell where a move meets itself would always favour red."""
    data = shipped()
    data["fight_card"]["standing"]["strike"]["strike"] = "SWIFT ATTACK: me"
    assert any(
        p.startswith(
            f"{FILE}: fight_card.standing.strike.strike: a move against itself cannot give one side the outcome"
        )
        for p in problems(data)
    )


def test_start_focus_within_the_cap_and_both_weight_classes():
    data = shipped()
    data["start"]["focus"] = 9
    data["focus"]["max"] = 8
    del data["weight_classes"]["middleweight"]
    found = problems(data)
    assert f"{FILE}: start.focus: 9 is more than focus.max (8)" in found
    assert (
        f"{FILE}: weight_classes: middleweight is missing (the sheets' classes: featherweight, middleweight)" in found
    )


# --- ruling CM-7 on the sheets (companion fighters check) ---------------------------------------


def test_cm7_a_sheet_must_be_able_to_answer_every_move_where_it_fights(tmp_path: Path) -> None:
    """Ruling CM-7, the sheets: a fighter whose only submission is for past the guard has nothing to
    answer ground punches with from his guard (the generic arm lock fills only a type the sheet lists
    none of). ``companion fighters check`` names the file, the fighter, the field and what is missing;
    the shipped sheets pass."""
    import scripting

    card = {
        "name": "Top Only",
        "weight_class": "middleweight",
        "style": "wrestling",
        "moves": [
            {"key": "neck-crank", "name": "Neck crank", "type": "submission", "focus_cost": 0, "dice": 0,
             "damage": 4, "target": "head", "positions": ["past_guard"]},
        ],
    }  # fmt: skip
    lines = RULESET.card_check(CmCard.model_validate(card), load())
    assert lines == [
        "fighter Top Only: moves: nothing on the sheet answers a gnp in GROUND (submissive) (ruling CM-7: "
        "every move has a counter; a listed move of a type replaces the generic one, so give it the positions "
        "where it is needed)"
    ]
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump({"game": "cage_match", "fighters": [card]}), encoding="utf-8")
    run = scripting.run(tmp_path, "fighters", "check", str(path))
    assert run.returncode == 1
    assert run.stdout.splitlines()[0].startswith(f"{path}: fighter Top Only: moves: nothing on the sheet answers")
    shipped_cards = scripting.run(
        tmp_path, "fighters", "check", str(Path(__file__).parent.parent / "fighters" / "cage_match.yaml")
    )
    assert (shipped_cards.returncode, shipped_cards.stdout.splitlines()[-1].endswith("0 problems")) == (0, True)


def test_the_focus_action_on_the_pad_says_what_the_tables_in_play_give(tmp_path):
    """CM-4 / CM-6: the Focus action gives 6 focus, 3 if hit, and a point of focus spent adds 1 to each
    roll or 4 to a hit's damage (text); a GM's card that changes them is what the pad says (the pad's
    words come from the ruleset, not written in the screen: issue 20)."""
    from companion.rulesets.cage_match.ruleset import RULESET as GAME
    from companion.screens.pad import option_line

    cards, _ = load_file(Path(__file__).resolve().parent.parent / "fighters" / "cage_match.yaml", "cage_match", CmCard)
    red, blue = cards[:2]

    def focus_words(data):
        pad = GAME.prompt(GAME.new(Setup("cage_match", (red, blue), {}, data))).sides[0]
        (focus,) = [option for option in pad.options if option.type == "focus"]
        return focus.gives, option_line(focus), (pad.dice_each, pad.damage_each)

    gives, line, spends = focus_words(load())
    assert gives == "+6 focus, 3 if hit" and "+6 focus, 3 if hit" in line and spends == (1, 4)
    user = write(
        tmp_path,
        "focus: {max: 10, dice_max: 2, dice_each: 2, damage_max: 2, damage_each: 5,\n"
        "        focus_action: 8, focus_action_damaged: 4, combo_stage: 1}\n",
    )
    gives, line, spends = focus_words(load(user))
    assert gives == "+8 focus, 4 if hit" and "+8 focus, 4 if hit" in line and "+6" not in line
    assert spends == (2, 5)  # the pad's "d: focus on dice (+2 a roll) · x: focus on damage (+5 damage, once)"
