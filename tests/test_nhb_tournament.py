"""Tournament nights (ruling NHB-9) with fixed dice: the bracket, injuries, undo
across bouts, and the script protocol. (A night folds, undoes, resumes and plays
through ``companion script`` as every game does: tests/test_contract.py.)

Every bout below is typed in the order of ruling NHB-10: control red then blue,
the controller's place, fight points red then blue, the finish roll winner then
loser, then the submission d20 and the seconds where they are asked.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.dice import Refused
from companion.ruleset import Answer, Setup, get_ruleset
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET, TOURNAMENT
from companion.session import Session
from companion.tournament import Bracket, round_names


def card(name: str, control=12, standup=10, ground=10, finishing=5, toughness=5) -> NhbCard:
    return NhbCard(name=name, control=control, standup=standup, ground=ground, finishing=finishing, toughness=toughness)


ALPHA, BRAVO, CHARLIE, DELTA = card("Alpha"), card("Bravo", control=10), card("Charlie"), card("Delta", control=10)
FOUR = (ALPHA, BRAVO, CHARLIE, DELTA)

# Alpha (red) v Bravo: Alpha takes control 5 + 12 = 17 to 3 + 10 = 13, keeps it
# standing, wins fight points 15 + 10 + 2 = 27 to 5 + 10 = 15, finishes 9 + 5 + 2 = 16
# against 1 + 5 = 6: margin 10 on the standup chart, a highlight-reel KO; a
# difference of 12 finishes at 0:50 (NHB-7). Bravo's 15 fight points cost Alpha 1 (NHB-9).
BOUT_ALPHA_KO = ["5", "3", "standup", "15", "5", "9", "1"]
# Charlie (red) v Delta: Charlie takes control 6 + 12 to 2 + 10, goes to the ground,
# wins fight points 19 + 10 + 2 = 31 to 15 + 10 = 25, finishes 10 + 5 + 3 = 18 against
# 1 + 5 = 6: margin 12 on the hybrid ground chart, a submission; d20 5 on the generic
# chart (armbar); a difference of 6 asks for the seconds: 4 and 6 make 4:36 (NHB-7).
# Delta's 25 fight points cost Charlie 2 (NHB-9).
BOUT_CHARLIE_SUB = ["6", "2", "ground", "19", "15", "10", "1", "5", "4 6"]


def play(session: Session, answers: list[str]) -> None:
    for text in answers:
        session.submit(text)


def tournament(cards=FOUR, **options) -> Session:
    return Session(TOURNAMENT, Setup("nhb_tournament", cards, options), rng=random.Random(1))


# --- the bracket ---------------------------------------------------------------


@pytest.mark.parametrize(
    "size, names",
    [
        (4, ("semi-final", "final")),
        (8, ("quarter-final", "semi-final", "final")),
        (16, ("first round", "quarter-final", "semi-final", "final")),
    ],
)
def test_round_names_by_size(size, names):
    """NHB-9: brackets of 4, 8 or 16."""
    assert round_names(size) == names


@pytest.mark.parametrize("n", [2, 3, 5, 6, 12])
def test_a_bracket_needs_4_8_or_16(n):
    with pytest.raises(ValueError, match="4, 8 or 16"):
        Bracket(tuple(card(f"F{i}") for i in range(n)))


def test_an_entrant_cannot_be_entered_twice():
    with pytest.raises(ValueError, match="Alpha cannot be entered twice"):
        Bracket((ALPHA, BRAVO, ALPHA, DELTA))


def test_bracket_order_pairs_neighbours_and_winners_meet_in_order():
    """NHB-9 "in the order entered": 1 v 2, 3 v 4, ...; later rounds pair neighbouring winners."""
    cards = tuple(card(f"F{i}") for i in range(8))
    bracket = Bracket(cards)
    assert [bracket.pairing(k) for k in range(4)] == [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert [bracket.bout_name(k) for k in (0, 3, 4, 6)] == [
        "quarter-final 1 of 4",
        "quarter-final 4 of 4",
        "semi-final 1 of 2",
        "final",
    ]
    result = lambda won, lost: get_result(cards[won].name, cards[lost].name)  # noqa: E731
    for red, blue, winner in [(0, 1, 1), (2, 3, 2), (4, 5, 5), (6, 7, 6)]:
        bracket = bracket.record(red, blue, result(winner, red + blue - winner), 0)
    assert bracket.pairing(4) == (1, 2) and bracket.pairing(5) == (5, 6)
    bracket = bracket.record(1, 2, result(2, 1), 1).record(5, 6, result(5, 6), 2)
    assert bracket.pairing(6) == (2, 5)
    assert bracket.losses[2] == 1 and bracket.losses[5] == 2
    bracket = bracket.record(2, 5, result(5, 2), 0)
    assert bracket.champion == 5 and bracket.next_bout is None
    assert bracket.alive() == {5}


def get_result(winner: str, loser: str):
    from companion.ruleset import Result

    return Result(winner, loser, "ko", "KO", 1, "1:00", "1:00")


# --- injuries (NHB-9) ------------------------------------------------------------


@pytest.mark.parametrize("points, loss", [(9, 0), (10, 1), (19, 1), (20, 2), (35, 2)])
def test_the_winner_loses_by_the_losers_fight_points(points, loss):
    """NHB-9: 10-19 fight points against the winner cost 1 from every rating, 20 or more 2."""
    red, blue = card("Red"), card("Blue")
    state = RULESET.new(Setup("nhb", (red, blue)))
    # Red wins the segment 40 to `points` and finishes at once (a margin of 10+ on the standup chart)
    from companion.ruleset import evolve

    state = evolve(state, step="finish", place="standup", controller=0, winner=0, roller=0, fight_points=(40, points))
    for face in ("10", "1"):
        state = RULESET.apply(state, Answer(face)).state
    if state.step == "seconds":  # a difference under 10 asks for the exact seconds (NHB-7)
        state = RULESET.apply(state, Answer("1 1")).state
    assert state.result.winner == "Red"
    assert RULESET.injury(state)[0] == loss


def test_an_injured_card_loses_every_rating_but_none_below_1():
    """NHB-9: "no rating drops below 1"."""
    weak = card("Weak", control=2, standup=1, ground=3, finishing=2, toughness=1)
    hurt = RULESET.injured(weak, 2)
    assert (hurt.control, hurt.standup, hurt.ground, hurt.finishing, hurt.toughness) == (1, 1, 1, 1, 1)
    assert hurt.name == "Weak"


def test_a_decision_costs_by_the_losers_points_in_the_last_segment():
    """NHB-9 with one segment and no finish: the decision's deciding segment is the last one fought."""
    session = tournament(segments=1)
    # Alpha wins fight points 15 + 10 + 2 = 27 to 12 + 10 = 22; finish 1 + 5 + 2 = 8 v 10 + 5 = 15: no finish
    play(session, ["begin", "5", "3", "standup", "15", "12", "1", "10"])
    bracket = session.state.bracket
    assert bracket.done[0].result.method == "decision"
    assert bracket.done[0].loss == 2  # Bravo's 22 fight points
    assert session.log()[-1][0].startswith("Alpha goes on at -2 on every rating (Bravo scored 22 fight points")


# --- a whole night with fixed dice -------------------------------------------------


def test_a_night_of_four_carries_injuries_into_the_final():
    session = tournament()
    assert session.prompt.kind == "choice" and session.prompt.advised == "begin"
    assert "semi-final 1 of 2: Alpha v Bravo" in session.prompt.reason
    play(session, ["begin"] + BOUT_ALPHA_KO)
    state = session.state
    first = state.bracket.done[0]
    assert (first.result.winner, first.result.method, first.result.detail, first.result.time) == (
        "Alpha",
        "ko",
        "highlight-reel KO",
        "0:50",
    )
    assert first.loss == 1 and state.bracket.losses == (1, 0, 0, 0)
    assert state.bout is None
    assert "semi-final 2 of 2: Charlie v Delta" in session.prompt.reason
    assert (
        session.steps[-1].log[-1]
        == "Alpha goes on at -1 on every rating (Bravo scored 15 fight points in the deciding segment)"
    )

    play(session, ["begin"] + BOUT_CHARLIE_SUB)
    second = session.state.bracket.done[1]
    assert (second.result.winner, second.result.method, second.result.detail, second.result.time) == (
        "Charlie",
        "submission",
        "armbar",
        "4:36",
    )
    assert session.state.bracket.losses == (1, 0, 2, 0)

    # the final: Alpha at -1 and Charlie at -2 on every rating
    play(session, ["begin"])
    assert session.steps[-1].log == (
        "Final: Alpha (red) v Charlie (blue)",
        "Alpha fights at -1 on every rating (ruling NHB-9)",
        "Charlie fights at -2 on every rating (ruling NHB-9)",
    )
    alpha, charlie = TOURNAMENT.corners(session.state)
    assert (alpha.control, alpha.standup, alpha.finishing) == (11, 9, 4)
    assert (charlie.control, charlie.ground, charlie.toughness) == (10, 8, 3)
    assert session.prompt.modifier == 11  # Alpha's control roll: 12 - 1
    # Alpha 5 + 11 = 16 v Charlie 5 + 10 = 15; standing 20 + 9 + 2 = 31 v 1 + 8 = 9;
    # finish 10 + 4 + 3 = 17 v 1 + 3 = 4: margin 13, highlight-reel KO at 0:05 (difference 22: 60 - 5 x 12 is under the 5-second floor, NHB-7)
    play(session, ["5", "5", "standup", "20", "1", "10", "1"])
    assert session.over
    result = session.prompt.result
    assert (result.winner, result.loser, result.method, result.time) == ("Alpha", "Charlie", "ko", "0:05")
    assert result.detail == "won the tournament; final: highlight-reel KO"
    assert session.steps[-1].log[-1] == "Alpha wins the tournament!"
    trackers = TOURNAMENT.trackers(session.state)
    assert trackers["Alpha"] == {"rating_loss": 1, "wins": 2, "out": False}
    assert trackers["Charlie"]["out"] and trackers["Charlie"]["wins"] == 1
    with pytest.raises(Refused, match="over"):
        session.submit("5")


def test_begin_is_the_only_answer_between_bouts():
    session = tournament()
    with pytest.raises(Refused, match="begin"):
        session.submit("5")
    assert session.steps == []
    session.submit("b")  # an unambiguous start of it
    assert session.state.bout is not None


def test_undo_reaches_back_into_the_previous_bout():
    """Issue 5: "Undo reaches back into the previous bout"."""
    session = tournament()
    play(session, ["begin"] + BOUT_ALPHA_KO + ["begin", "6"])
    session.undo()  # Charlie's control roll
    session.undo()  # begin
    assert session.state.bout is None and len(session.state.bracket.done) == 1
    session.undo()  # Bravo's toughness roll: back in the first bout, before its end
    state = session.state
    assert state.bracket.done == () and state.bracket.losses == (0, 0, 0, 0)
    assert state.bout.step == "finish" and state.bout.fighters[0].name == "Alpha"
    session.redo()
    assert session.state.bracket.done[0].result.winner == "Alpha"


def test_an_even_number_of_segments_is_refused():
    """A drawn bout cannot go on in a bracket (docs/decisions.md)."""
    with pytest.raises(ValueError, match="odd number of segments"):
        TOURNAMENT.new(Setup("nhb_tournament", FOUR, {"segments": 2}))


def test_the_tournament_is_a_registered_game_on_the_nhb_roster():
    assert get_ruleset("nhb_tournament") is TOURNAMENT
    assert TOURNAMENT.roster == "nhb" and TOURNAMENT.card_model is NhbCard


def test_bracket_reference_lists_the_bouts_and_marks_the_next():
    session = tournament()
    play(session, ["begin"] + BOUT_ALPHA_KO)
    ref = TOURNAMENT.reference(session.state)
    assert ref.title == "The bracket"
    assert (
        ref.rows[0][0] == "semi-final 1 of 2"
        and ref.rows[0][2] == "Alpha: KO (highlight-reel KO) 0:50 (seg. 1), on at -1"
    )
    assert ref.rows[1] == ("semi-final 2 of 2", "Charlie v Delta", "next") and ref.highlight == 1


# --- the script protocol -------------------------------------------------------------


def test_a_tournament_plays_through_companion_script(tmp_path: Path, monkeypatch, capsys):
    from companion import cli

    cards = tmp_path / "four.yaml"
    cards.write_text(
        "game: nhb\nfighters:\n"
        + "".join(
            f"  - {{name: {c.name}, control: {c.control}, standup: 10, ground: 10, finishing: 5, toughness: 5}}\n"
            for c in FOUR
        ),
        encoding="utf-8",
    )
    answers = (
        ["begin"] + BOUT_ALPHA_KO + ["begin"] + BOUT_CHARLIE_SUB + ["begin", "5", "5", "standup", "20", "1", "10", "1"]
    )
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("\n".join(answers) + "\n"))
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    args = ["script", "nhb_tournament", "--fighters", str(cards)]
    for c in FOUR:
        args += ["--fighter", c.name]
    assert cli.main(args) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    final = lines[-1]["final"]
    assert final["over"] and final["result"]["winner"] == "Alpha" and final["result"]["loser"] == "Charlie"
    assert final["trackers"]["Charlie"]["rating_loss"] == 2


def test_after_the_final_the_finalists_are_shown_as_the_night_leaves_them():
    """The champion's last loss (NHB-9) counts for the night's record, and his panel's ratings are the ones at
    that whole loss, beside it: they had been the ratings he fought the final at, beside the whole loss, which
    two new-user trials read as a contradiction (rating loss -2 beside control at -1)."""
    session = tournament()
    play(session, ["begin"] + BOUT_ALPHA_KO + ["begin"] + BOUT_CHARLIE_SUB + ["begin"])
    # Alpha 5 + 11 v Charlie 5 + 10; standing 20 + 9 + 2 = 31 v 8 + 8 = 16 (a loss of 1 for Alpha);
    # finish 10 + 4 + 3 = 17 v 1 + 3 = 4: margin 13, a KO; difference 15 finishes at 0:35 (NHB-7)
    play(session, ["5", "5", "standup", "20", "8", "10", "1"])
    assert session.over and session.state.bracket.losses[0] == 2
    alpha, charlie = TOURNAMENT.corners(session.state)
    assert (alpha.name, alpha.control, charlie.control) == ("Alpha", 10, 10)  # Alpha's card says 12: -2
    # the trackers (script, export, plain mode) keep the night's record, the final's loss included:
    # a win is a win (NHB-9)
    assert TOURNAMENT.trackers(session.state)["Alpha"]["rating_loss"] == 2


def test_the_app_beginning_a_bout_is_marked_as_its_roll_not_as_a_choice():
    """ctrl+r at the referee's "begin" (a choice of one) is marked "by the app", as a roll is: it was marked
    "the app chose to begin the semi-final 2 of 2: ... v ...: begin", saying it twice (a new-user trial);
    a choice of several still says what the app chose."""
    from companion.amending import app_did

    session = tournament()
    play(session, ["begin"] + BOUT_ALPHA_KO)
    assert session.prompt.options[0].key == "begin" and len(session.prompt.options) == 1
    session.roll()
    assert app_did(session, len(session.steps) - 1) == "by the app"
    play(session, ["5", "3"])  # control: the controller chooses where
    assert len(session.prompt.options) == 2
    session.roll()
    assert app_did(session, len(session.steps) - 1).startswith("the app chose where the segment is fought: ")
