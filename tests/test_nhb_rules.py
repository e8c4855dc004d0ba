"""Bradu's SIMple NHB, rule by rule, with fixed dice.

Every test drives the ruleset through :class:`companion.session.Session`
exactly as the table would: the faces are typed in as text, and the state,
the prompt, the log and the result come out. Each test names the ruling it
checks (shared/rules/RULINGS.md: NHB-1 to NHB-10, D-1, D-4, D-5, D-6).

The two standard cards keep the arithmetic obvious:

    Red   control 10, standup 10, ground 10, finishing 5, toughness 5
    Blue  control  5, standup  5, ground  5, finishing 1, toughness 1

With control faces ``5`` / ``1`` Red takes control 15 to 6; with fight faces
``8`` / ``5`` Red wins the segment 20 (8 + 10 + 2) to 10 (5 + 5), a fight
points difference of 10, which finishes at 0:59 with no seconds prompt.
"""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from companion.dice import Refused
from companion.ruleset import Setup
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET
from companion.session import Session


def card(name: str, *, control=10, standup=10, ground=10, finishing=5, toughness=5, **extra) -> NhbCard:
    return NhbCard(
        name=name,
        control=control,
        standup=standup,
        ground=ground,
        finishing=finishing,
        toughness=toughness,
        **extra,
    )


RED = card("Red")
BLUE = card("Blue", control=5, standup=5, ground=5, finishing=1, toughness=1)

RED_CONTROLS = ("5", "1")
"""Red 5 + 10 = 15 (17 when winning so far) beats Blue 1 + 5 = 6 (8)."""
RED_WINS_BY_10 = ("8", "5")
"""Fight points: Red 8 + 10 + 2 = 20, Blue 5 + 5 = 10 (difference 10: 0:59)."""


def bout(red: NhbCard = RED, blue: NhbCard = BLUE, **options) -> Session:
    return Session(RULESET, Setup("nhb", (red, blue), options))


def play(session: Session, *answers: str) -> list[str]:
    """Submit ``answers`` in order; the log lines they produced."""
    lines: list[str] = []
    for answer in answers:
        lines.extend(session.submit(answer).log)
    return lines


def prompt(session: Session) -> dict:
    return session.prompt.to_json()


def finish_faces(session: Session, margin: int) -> tuple[str, str]:
    """The winner's and the loser's d10 faces that make ``margin`` at the finish step.

    margin = (a + finishing + FP // 10) - (b + toughness); the winner's
    modifier is read from the finish prompt (its own tests check it).
    """
    state = session.state
    assert state.step == "finish" and state.roller == state.winner
    winner_mod = session.prompt.modifier
    loser_mod = state.fighters[1 - state.winner].toughness
    for b in range(1, 11):
        a = margin + b + loser_mod - winner_mod
        if 1 <= a <= 10:
            return str(a), str(b)
    raise AssertionError(f"margin {margin} cannot be rolled here")


def finish_with_margin(session: Session, margin: int) -> list[str]:
    return play(session, *finish_faces(session, margin))


def no_finish_segment(session: Session, winner: str) -> list[str]:
    """Play one segment (Red in control, standing) that ``winner`` wins without a finish."""
    if winner == "red":
        # Red 8 + 10 + 2 = 20 v Blue 5 + 5 = 10; finish Red 1 + 5 + 2 = 8 v Blue 10 + 1 = 11: margin -3
        return play(session, *RED_CONTROLS, "standup", "8", "5", "1", "10")
    # Red 1 + 10 + 2 = 13 v Blue 20 + 5 = 25; finish Blue 1 + 1 + 2 = 4 v Red 10 + 5 = 15: margin -11
    return play(session, *RED_CONTROLS, "standup", "1", "20", "1", "10")


def over_result(session: Session) -> dict:
    assert session.over, session.prompt.to_json()
    return session.prompt.result.to_json()


# --- NHB-1: ratings -----------------------------------------------------------


@pytest.mark.parametrize(
    "field, value",
    [
        ("control", 0),
        ("control", 21),
        ("standup", 21),
        ("ground", 0),
        ("finishing", 11),
        ("toughness", 0),
        ("toughness", 11),
    ],
)
def test_nhb1_rating_out_of_range_is_rejected(field, value):
    """NHB-1: control, standup, ground 1-20; finishing and toughness 1-10."""
    with pytest.raises(ValidationError):
        card("Bad", **{field: value})


def test_nhb1_rating_bounds_accepted():
    """NHB-1: the top and bottom of each range are valid ratings."""
    top = card("Top", control=20, standup=20, ground=20, finishing=10, toughness=10)
    low = card("Low", control=1, standup=1, ground=1, finishing=1, toughness=1)
    assert (top.control, top.finishing, low.ground, low.toughness) == (20, 10, 1, 1)


# --- NHB-2: control -------------------------------------------------------------


def test_nhb2_first_prompt_is_red_control_roll():
    """NHB-2, NHB-10: the bout opens with Red's exploding d10 + control."""
    s = bout()
    p = prompt(s)
    assert p["kind"] == "roll"
    assert (p["who"], p["side"], p["dice"], p["reason"]) == ("Red", "red", "d10!", "control")
    assert p["modifier"] == 10
    assert p["modifier_parts"] == [["control", 10]]
    assert "target" not in p
    assert s.state.segment == 1 and s.state.step == "control"


def test_nhb2_control_totals_and_higher_total_takes_control():
    """NHB-2: each rolls d10 + control; the higher total takes control."""
    s = bout()
    assert play(s, "5") == ["Red rolls 5 (d10!) + 10 (control) = 15 for control"]
    assert s.state.totals == (15, None)
    p = prompt(s)
    assert (p["who"], p["side"], p["modifier"], p["target"]) == ("Blue", "blue", 5, 15)
    assert play(s, "1") == ["Blue rolls 1 (d10!) + 5 (control) = 6 for control", "Red takes control (15 to 6)"]
    assert s.state.controller == 0
    assert s.state.step == "where"
    assert s.state.totals == (None, None)
    p = prompt(s)
    assert (p["kind"], p["who"]) == ("choice", "Red")


def test_nhb2_lower_rating_can_take_control_on_the_dice():
    """NHB-2: the total decides, not the rating (Blue 9 + 5 = 14 beats Red 1 + 10 = 11)."""
    s = bout()
    assert play(s, "1", "9")[-1] == "Blue takes control (14 to 11)"
    assert s.state.controller == 1
    assert prompt(s)["who"] == "Blue"


def test_d1_d4_control_explodes_and_chains():
    """D-1, D-4, NHB-2: a 10 (or 0) asks for another d10, added; it can explode again."""
    s = bout()
    assert play(s, "10") == ["Red rolls 10 for control: it explodes, roll again"]
    p = prompt(s)
    assert (p["who"], p["dice"], p["modifier"], p["running"]) == ("Red", "d10!", 10, 20)
    assert p["reason"] == "control (explosion: roll again and add)"
    assert s.state.exploded == (10,)
    # "0" is the d10's 10 face (D-1): it explodes again
    assert play(s, "0") == ["Red rolls 10 for control: it explodes, roll again"]
    assert prompt(s)["running"] == 30
    assert play(s, "3") == ["Red rolls 10 + 10 + 3 (d10!) + 10 (control) = 33 for control"]
    assert s.state.exploded == ()
    assert s.state.totals == (33, None)
    p = prompt(s)
    assert (p["who"], p["target"]) == ("Blue", 33)
    assert "running" not in p


def test_d4_blue_explosion_after_red():
    """D-4, NHB-10: Blue's explosion is asked after Blue's own roll and added."""
    s = bout()
    play(s, "5")
    assert play(s, "10") == ["Blue rolls 10 for control: it explodes, roll again"]
    p = prompt(s)
    assert (p["who"], p["running"], p["target"]) == ("Blue", 15, 15)
    assert play(s, "2") == ["Blue rolls 10 + 2 (d10!) + 5 (control) = 17 for control", "Blue takes control (17 to 15)"]
    assert s.state.controller == 1


def test_nhb2_tie_goes_to_higher_control_rating_red():
    """NHB-2: tied totals (1 + 10 = 6 + 5 = 11): Red's higher control rating takes it."""
    s = bout()
    log = play(s, "1", "6")
    assert log[-1] == "Red takes control (tied at 11; the higher control rating (10) takes it)"
    assert s.state.controller == 0
    assert s.state.step == "where"


def test_nhb2_tie_goes_to_higher_control_rating_blue():
    """NHB-2: the tie goes to the higher rating even when that is Blue."""
    s = bout(card("Red", control=8), card("Blue", control=12))
    log = play(s, "5", "1")  # 13 and 13
    assert log[-1] == "Blue takes control (tied at 13; the higher control rating (12) takes it)"
    assert s.state.controller == 1
    assert prompt(s)["who"] == "Blue"


def test_nhb2_equal_ratings_reroll_red_then_blue():
    """NHB-2, NHB-10: a tie with equal control ratings re-rolls, Red first then Blue."""
    s = bout(card("Red"), card("Blue"))
    log = play(s, "5", "5")
    assert log == [
        "Red rolls 5 (d10!) + 10 (control) = 15 for control",
        "Blue rolls 5 (d10!) + 10 (control) = 15 for control",
        "Control tied at 15 with equal control ratings: both re-roll",
    ]
    assert s.state.controller is None
    assert s.state.step == "control"
    assert s.state.totals == (None, None)
    p = prompt(s)
    assert (p["who"], p["reason"]) == ("Red", "control")
    assert "target" not in p
    play(s, "3")
    assert prompt(s)["who"] == "Blue"
    assert play(s, "7")[-1] == "Blue takes control (17 to 13)"
    assert s.state.controller == 1


# --- NHB-8: winning so far (+2 to control from segment 2 on) -------------------


def test_nhb8_no_winning_so_far_bonus_in_segment_1():
    """NHB-2, NHB-8: in segment 1 neither control roll carries the +2."""
    s = bout()
    assert prompt(s)["modifier_parts"] == [["control", 10]]
    play(s, "5")
    assert prompt(s)["modifier_parts"] == [["control", 5]]


def test_nhb8_segment_winner_gets_plus2_to_control():
    """NHB-8: Red won segment 1 (1-0), so Red's segment-2 control roll gets +2; Blue's does not."""
    s = bout()
    no_finish_segment(s, "red")
    assert s.state.segment == 2
    p = prompt(s)
    assert p["modifier"] == 12
    assert p["modifier_parts"] == [["control", 10], ["winning so far", 2]]
    assert play(s, "5") == ["Red rolls 5 (d10!) + 10 (control) + 2 (winning so far) = 17 for control"]
    p = prompt(s)
    assert (p["modifier"], p["modifier_parts"]) == (5, [["control", 5]])


def test_nhb8_blue_winning_so_far():
    """NHB-8: when Blue won segment 1, Blue gets the +2 and Red does not."""
    s = bout()
    no_finish_segment(s, "blue")
    assert s.state.segments_won == (0, 1)
    assert prompt(s)["modifier_parts"] == [["control", 10]]
    play(s, "5")
    p = prompt(s)
    assert p["modifier_parts"] == [["control", 5], ["winning so far", 2]]
    assert play(s, "1")[0] == "Blue rolls 1 (d10!) + 5 (control) + 2 (winning so far) = 8 for control"


def test_nhb8_more_segments_won_beats_latest_winner():
    """NHB-8: Red 2-1 up though Blue won the latest segment: Red is winning so far."""
    s = bout(segments=5)
    no_finish_segment(s, "red")
    no_finish_segment(s, "red")
    no_finish_segment(s, "blue")
    assert (s.state.segment, s.state.segments_won, s.state.last_winner) == (4, (2, 1), 1)
    assert prompt(s)["modifier_parts"] == [["control", 10], ["winning so far", 2]]
    play(s, "5")
    assert prompt(s)["modifier_parts"] == [["control", 5]]


@pytest.mark.parametrize(
    "order, favoured",
    [(("red", "blue"), "blue"), (("blue", "red"), "red")],
)
def test_nhb8_equal_segments_latest_winner(order, favoured):
    """NHB-8: at 1-1 the winner of the latest segment is winning so far."""
    s = bout()
    for winner in order:
        no_finish_segment(s, winner)
    assert (s.state.segment, s.state.segments_won) == (3, (1, 1))
    red_parts = prompt(s)["modifier_parts"]
    play(s, "5")
    blue_parts = prompt(s)["modifier_parts"]
    bonus = ["winning so far", 2]
    assert (bonus in red_parts, bonus in blue_parts) == (favoured == "red", favoured == "blue")


# --- NHB-3: where the segment is fought ---------------------------------------


@pytest.mark.parametrize(
    "red, blue, advised",
    [
        # standup +10 v ground +2
        (card("Red", standup=15, ground=10), card("Blue", control=5, standup=5, ground=8), "standup"),
        # standup +2 v ground +10
        (card("Red", standup=10, ground=15), card("Blue", control=5, standup=8, ground=5), "ground"),
        # the differences decide, not the own ratings: standup 18 v 17 (+1), ground 10 v 5 (+5)
        (card("Red", standup=18, ground=10), card("Blue", control=5, standup=17, ground=5), "ground"),
        # differences tied (+5, +5): the controller's higher own rating, standup 12 > ground 10
        (card("Red", standup=12, ground=10), card("Blue", control=5, standup=7, ground=5), "standup"),
        # differences tied (+5, +5): ground 12 > standup 10
        (card("Red", standup=10, ground=12), card("Blue", control=5, standup=5, ground=7), "ground"),
        # tied again: no advice
        (card("Red", standup=10, ground=10), card("Blue", control=5, standup=5, ground=5), None),
    ],
    ids=["standup-diff", "ground-diff", "diff-not-own", "tie-own-standup", "tie-own-ground", "no-advice"],
)
def test_nhb3_advised_place(red, blue, advised):
    """NHB-3: the larger difference, then the controller's higher own rating, else no advice."""
    s = bout(red, blue)
    play(s, *RED_CONTROLS)
    p = prompt(s)
    assert p["kind"] == "choice"
    assert (p["who"], p["side"], p["reason"]) == ("Red", "red", "where the segment is fought")
    assert p["options"] == ["standup", "ground"]  # NHB-10: always asked, both offered
    assert p["advised"] == advised


def test_nhb3_advice_is_from_the_controllers_side():
    """NHB-3: when Blue controls, Blue's differences count (standup 10 v 15 = -5, ground 10 v 5 = +5)."""
    red = card("Red", control=5, standup=15, ground=5)
    blue = card("Blue", control=10, standup=10, ground=10)
    s = bout(red, blue)
    play(s, "1", "5")  # Red 6, Blue 15
    p = prompt(s)
    assert (p["who"], p["side"], p["advised"]) == ("Blue", "blue", "ground")


def test_nhb3_following_advice_is_logged_plainly():
    """NHB-3: the advised choice is accepted without an override note."""
    s = bout(card("Red", standup=10, ground=15), BLUE)
    play(s, *RED_CONTROLS)
    assert prompt(s)["advised"] == "ground"
    assert play(s, "ground") == ["Red takes it to the ground"]
    assert s.state.place == "ground"
    assert s.state.step == "fight"


def test_nhb3_override_is_accepted_and_logged():
    """NHB-3: the controller may override the advice; the log says so."""
    s = bout(card("Red", standup=12, ground=15), BLUE)
    play(s, *RED_CONTROLS)
    assert prompt(s)["advised"] == "ground"
    assert play(s, "standup") == ["Red keeps it standing (overriding the advised ground)"]
    assert s.state.place == "standup"
    p = prompt(s)
    assert (p["reason"], p["modifier"]) == ("fight points (standup)", 14)
    assert p["modifier_parts"] == [["standup", 12], ["control", 2]]


def test_nhb3_override_to_ground_is_logged():
    """NHB-3: overriding a standup advice to take it down."""
    s = bout(card("Red", standup=15, ground=10), BLUE)
    play(s, *RED_CONTROLS)
    assert play(s, "g") == ["Red takes it to the ground (overriding the advised standup)"]
    assert s.state.place == "ground"


def test_nhb3_no_advice_no_override_note():
    """NHB-3: with nothing advised, either choice is plain."""
    s = bout()
    play(s, *RED_CONTROLS)
    assert prompt(s)["advised"] is None
    assert play(s, "s") == ["Red keeps it standing"]


# --- NHB-4: fight points ------------------------------------------------------


def test_nhb4_fight_points_with_plus2_for_controller():
    """NHB-4, NHB-10: d20 + the place's rating, +2 for the controller; Red then Blue."""
    s = bout()
    play(s, *RED_CONTROLS, "ground")
    p = prompt(s)
    assert (p["who"], p["dice"], p["reason"]) == ("Red", "d20", "fight points (ground)")
    assert p["modifier"] == 12
    assert p["modifier_parts"] == [["ground", 10], ["control", 2]]
    assert play(s, "8") == ["Red rolls 8 (d20) + 10 (ground) + 2 (control) = 20 for fight points"]
    p = prompt(s)
    assert (p["who"], p["modifier"], p["modifier_parts"], p["target"]) == ("Blue", 5, [["ground", 5]], 20)
    assert play(s, "5") == [
        "Blue rolls 5 (d20) + 5 (ground) = 10 for fight points",
        "Red wins the segment on fight points, 20 to 10",
    ]
    st = s.state
    assert (st.fight_points, st.winner, st.step, st.roller) == ((20, 10), 0, "finish", 0)


def test_nhb4_plus2_goes_to_blue_when_blue_controls():
    """NHB-4: the +2 follows control, not the corner."""
    s = bout(card("Red", control=5), card("Blue", control=10))
    play(s, "1", "5", "standup")
    assert prompt(s)["modifier_parts"] == [["standup", 10]]
    play(s, "4")
    assert prompt(s)["modifier_parts"] == [["standup", 10], ["control", 2]]
    assert play(s, "4")[-1] == "Blue wins the segment on fight points, 16 to 14"
    assert s.state.winner == 1


def test_nhb4_d20_does_not_explode():
    """NHB-4: the default fight die is a plain d20; a 20 is just 20."""
    s = bout()
    play(s, *RED_CONTROLS, "ground")
    assert play(s, "20") == ["Red rolls 20 (d20) + 10 (ground) + 2 (control) = 32 for fight points"]
    assert prompt(s)["who"] == "Blue"


def test_nhb4_the_loser_of_control_can_win_the_segment():
    """NHB-4: the higher fight points total wins the segment, whoever controls."""
    s = bout()
    play(s, *RED_CONTROLS, "standup")
    assert play(s, "1", "20")[-1] == "Blue wins the segment on fight points, 25 to 13"
    assert s.state.winner == 1
    p = prompt(s)  # NHB-10: the finish roll is the winner's first
    assert (p["who"], p["reason"]) == ("Blue", "the finish")


def test_nhb4_tie_rerolls_both_red_first():
    """NHB-4, NHB-10: tied fight points (3 + 12 = 10 + 5 = 15) re-roll both d20, Red first."""
    s = bout()
    play(s, *RED_CONTROLS, "ground")
    log = play(s, "3", "10")
    assert log[-1] == "Fight points tied at 15: both re-roll"
    st = s.state
    assert (st.step, st.fight_points, st.winner, st.totals) == ("fight", None, None, (None, None))
    assert (st.controller, st.place) == (0, "ground")
    p = prompt(s)
    assert (p["who"], p["reason"], p["modifier"]) == ("Red", "fight points (ground)", 12)
    assert "target" not in p
    assert play(s, *RED_WINS_BY_10)[-1] == "Red wins the segment on fight points, 20 to 10"


def test_nhb4_option_fight_die_d10_explodes():
    """NHB-4, D-4: with fight_die=d10! the fight die is an exploding d10."""
    s = bout(fight_die="d10!")
    play(s, *RED_CONTROLS, "ground")
    p = prompt(s)
    assert (p["dice"], p["modifier"]) == ("d10!", 12)
    assert play(s, "10") == ["Red rolls 10 for fight points: it explodes, roll again"]
    p = prompt(s)
    assert (p["who"], p["running"], p["reason"]) == ("Red", 22, "fight points (ground) (explosion: roll again and add)")
    assert play(s, "0") == ["Red rolls 10 for fight points: it explodes, roll again"]
    assert play(s, "4") == ["Red rolls 10 + 10 + 4 (d10!) + 10 (ground) + 2 (control) = 36 for fight points"]
    p = prompt(s)
    assert (p["who"], p["dice"], p["target"]) == ("Blue", "d10!", 36)
    # a d20 face is not a d10 face under this option (D-5)
    with pytest.raises(Refused, match="a d10 shows 1-10"):
        s.submit("15")
    assert play(s, "9")[-1] == "Red wins the segment on fight points, 36 to 14"


# --- NHB-5: the finish roll ---------------------------------------------------


def test_nhb5_finish_roll_winner_then_loser():
    """NHB-5, NHB-10: winner d10 + finishing + FP // 10, then loser d10 + toughness."""
    s = bout()
    play(s, *RED_CONTROLS, "standup", *RED_WINS_BY_10)
    p = prompt(s)
    assert (p["who"], p["dice"], p["reason"]) == ("Red", "d10", "the finish")
    assert p["modifier"] == 7
    assert p["modifier_parts"] == [["finishing", 5], ["fight points / 10", 2]]
    assert play(s, "6") == ["Red rolls 6 (d10) + 5 (finishing) + 2 (fight points / 10) = 13 for the finish"]
    p = prompt(s)
    assert (p["who"], p["dice"], p["reason"]) == ("Blue", "d10", "toughness (to survive the finish)")
    assert (p["modifier"], p["modifier_parts"], p["target"]) == (1, [["toughness", 1]], 13)
    assert play(s, "3") == [
        "Blue rolls 3 (d10) + 1 (toughness) = 4 for toughness",
        "Margin 9 on the standup finish chart: KO",
        "Red def. Blue by KO, segment 1, 0:59",
    ]


@pytest.mark.parametrize("face, fight_points, bonus", [(7, 19, 1), (8, 20, 2), (17, 29, 2), (18, 30, 3), (20, 32, 3)])
def test_nhb5_floor_of_fight_points_over_ten(face, fight_points, bonus):
    """NHB-5: +1 to the finish roll per whole 10 fight points (floor)."""
    s = bout()
    play(s, *RED_CONTROLS, "ground", str(face), "1")
    assert s.state.fight_points == (fight_points, 6)
    p = prompt(s)
    assert p["modifier_parts"] == [["finishing", 5], ["fight points / 10", bonus]]
    assert p["modifier"] == 5 + bonus


def test_nhb5_blue_winner_uses_blue_finishing_and_red_toughness():
    """NHB-5: the winner's finishing and fight points, the loser's toughness, whatever the corner."""
    s = bout()
    play(s, *RED_CONTROLS, "standup", "1", "20")  # Blue 25, Red 13
    p = prompt(s)
    assert (p["who"], p["modifier_parts"]) == ("Blue", [["finishing", 1], ["fight points / 10", 2]])
    assert play(s, "9") == ["Blue rolls 9 (d10) + 1 (finishing) + 2 (fight points / 10) = 12 for the finish"]
    p = prompt(s)
    assert (p["who"], p["modifier_parts"], p["target"]) == ("Red", [["toughness", 5]], 12)


def test_nhb5_finish_d10_does_not_explode_and_0_is_10():
    """NHB-5, D-1: the finish d10 does not explode; a 0 is 10."""
    s = bout()
    play(s, *RED_CONTROLS, "standup", *RED_WINS_BY_10)
    assert play(s, "0") == ["Red rolls 10 (d10) + 5 (finishing) + 2 (fight points / 10) = 17 for the finish"]
    p = prompt(s)
    assert (p["who"], p["dice"]) == ("Blue", "d10")
    assert s.state.exploded == ()
    assert play(s, "10")[0] == "Blue rolls 10 (d10) + 1 (toughness) = 11 for toughness"


def test_nhb5_margin_zero_is_no_finish_and_next_segment():
    """NHB-5, NHB-8: margin 0 (1 + 7 v 7 + 1): no finish, the segment goes 10 minutes, next segment."""
    s = bout()
    play(s, *RED_CONTROLS, "standup", *RED_WINS_BY_10)
    log = play(s, "1", "7")
    assert log == [
        "Red rolls 1 (d10) + 5 (finishing) + 2 (fight points / 10) = 8 for the finish",
        "Blue rolls 7 (d10) + 1 (toughness) = 8 for toughness",
        "Blue survives the segment (margin 0)",
        "End of segment 1: Red takes it; segments won: Red 1, Blue 0",
    ]
    st = s.state
    assert (st.segment, st.segments_won, st.last_winner, st.step) == (2, (1, 0), 0, "control")
    assert (st.controller, st.place, st.fight_points, st.winner, st.result) == (None, None, None, None, None)
    p = prompt(s)
    assert (p["who"], p["reason"], p["modifier"]) == ("Red", "control", 12)


def test_nhb5_negative_margin_is_no_finish():
    """NHB-5: a negative margin survives too."""
    s = bout()
    play(s, *RED_CONTROLS, "ground", *RED_WINS_BY_10)
    assert play(s, "1", "10")[2:] == [
        "Blue survives the segment (margin -3)",
        "End of segment 1: Red takes it; segments won: Red 1, Blue 0",
    ]
    assert s.state.segment == 2


def test_nhb5_margin_one_finishes():
    """NHB-5, NHB-6: margin 1 (1 + 7 v 6 + 1) is a finish: standup TKO."""
    s = bout()
    play(s, *RED_CONTROLS, "standup", *RED_WINS_BY_10)
    assert play(s, "1", "6")[2] == "Margin 1 on the standup finish chart: TKO"
    assert over_result(s)["method"] == "tko"


# --- NHB-6: the finish charts -------------------------------------------------


CHART_ROWS = [
    # (place, ground_chart, margin, method, detail, dominant)
    ("standup", None, 1, "tko", "TKO", False),
    ("standup", None, 4, "tko", "TKO", False),
    ("standup", None, 5, "ko", "KO", False),
    ("standup", None, 9, "ko", "KO", False),
    ("standup", None, 10, "ko", "highlight-reel KO", False),
    ("standup", None, 15, "ko", "highlight-reel KO", False),
    ("ground", "striker", 1, "tko", "GNP TKO", False),
    ("ground", "striker", 6, "tko", "GNP TKO", False),
    ("ground", "striker", 7, "submission", "submission", False),
    ("ground", "striker", 9, "submission", "submission", False),
    ("ground", "striker", 10, "ko", "GNP KO", False),
    ("ground", "striker", 15, "ko", "GNP KO", False),
    ("ground", "hybrid", 1, "submission", "submission", False),
    ("ground", "hybrid", 5, "submission", "submission", False),
    ("ground", "hybrid", 6, "tko", "GNP TKO", False),
    ("ground", "hybrid", 10, "tko", "GNP TKO", False),
    ("ground", "hybrid", 11, "ko", "GNP KO", False),
    ("ground", "hybrid", 12, "submission", "submission", True),
    ("ground", "hybrid", 15, "submission", "submission", True),
    ("ground", "submission", 1, "submission", "submission", False),
    ("ground", "submission", 7, "submission", "submission", False),
    ("ground", "submission", 8, "tko", "GNP TKO", False),
    ("ground", "submission", 9, "tko", "GNP TKO", False),
    ("ground", "submission", 10, "ko", "GNP KO", False),
    ("ground", "submission", 11, "submission", "submission", True),
    ("ground", "submission", 14, "submission", "submission", True),
]


@pytest.mark.parametrize(
    "place, chart, margin, method, detail, dominant",
    CHART_ROWS,
    ids=[f"{r[1] or r[0]}-{r[2]}" for r in CHART_ROWS],
)
def test_nhb6_finish_chart_rows(place, chart, margin, method, detail, dominant):
    """NHB-6: every row boundary of the standup chart and the three ground charts."""
    red = card("Red", ground_chart=chart) if chart else RED
    s = bout(red, BLUE)
    play(s, *RED_CONTROLS, place, *RED_WINS_BY_10)
    log = finish_with_margin(s, margin)
    title = "standup finish chart" if place == "standup" else f"{chart} ground chart"
    what = "a dominant submission" if dominant else detail
    assert log[2] == f"Margin {margin} on the {title}: {what}"
    assert s.state.finish.method == method
    assert s.state.finish.dominant is dominant
    if method == "submission":
        p = prompt(s)  # NHB-6: a submission rolls d20 on the winner's sub_chart
        assert (p["kind"], p["who"], p["dice"], p["reason"]) == ("roll", "Red", "d20", "the submission (generic chart)")
        assert not s.over
        log = play(s, "5")
        assert log[0] == "Red rolls 5 on the generic submission chart: armbar"
        detail = "armbar"
    result = over_result(s)
    assert (result["winner"], result["loser"], result["method"], result["detail"]) == ("Red", "Blue", method, detail)
    assert (result["period"], result["time"], result["fight_time"]) == (1, "0:59", "0:59")
    assert log[-1].endswith("(dominant)") is dominant


def test_nhb6_dominant_submission_is_logged():
    """NHB-6: the text's "submission*" is a submission, logged as dominant."""
    s = bout(card("Red", ground_chart="hybrid"), BLUE)
    play(s, *RED_CONTROLS, "ground", *RED_WINS_BY_10)
    assert finish_with_margin(s, 12)[2] == "Margin 12 on the hybrid ground chart: a dominant submission"
    assert play(s, "10") == [
        "Red rolls 10 on the generic submission chart: triangle choke",
        "Red def. Blue by submission (triangle choke), segment 1, 0:59 (dominant)",
    ]
    assert over_result(s)["method"] == "submission"


def test_nhb6_standup_chart_ignores_ground_chart():
    """NHB-6: a segment fought standing reads the standup chart whatever the winner's ground chart."""
    s = bout(card("Red", ground_chart="submission"), BLUE)
    play(s, *RED_CONTROLS, "standup", *RED_WINS_BY_10)
    assert finish_with_margin(s, 7)[2] == "Margin 7 on the standup finish chart: KO"


def test_nhb6_ground_chart_and_sub_chart_are_the_winners():
    """NHB-6: Blue wins on the ground: Blue's striker chart and wrestling sub chart, not Red's."""
    red = card("Red", ground_chart="submission", sub_chart="jiu-jitsu")
    blue = card(
        "Blue", control=5, standup=5, ground=5, finishing=1, toughness=1, ground_chart="striker", sub_chart="wrestling"
    )
    s = bout(red, blue)
    play(s, *RED_CONTROLS, "ground", "1", "20")  # Red 13, Blue 25 (d = 12)
    # Blue 9 + 1 + 2 = 12, Red 2 + 5 = 7: margin 5 (striker: GNP TKO; Red's submission chart: submission)
    log = play(s, "9", "2")
    assert log[2] == "Margin 5 on the striker ground chart: GNP TKO"
    assert over_result(s)["winner"] == "Blue"

    s = bout(red, blue)
    play(s, *RED_CONTROLS, "ground", "1", "20")
    assert play(s, "10", "1")[2] == "Margin 7 on the striker ground chart: submission"
    p = prompt(s)
    assert (p["who"], p["reason"]) == ("Blue", "the submission (wrestling chart)")
    assert play(s, "7")[0] == "Blue rolls 7 on the wrestling submission chart: guillotine"
    result = over_result(s)
    assert (result["winner"], result["detail"], result["time"]) == ("Blue", "guillotine", "0:50")


@pytest.mark.parametrize(
    "standup, ground, chart",
    [
        (13, 10, "striker"),
        (20, 1, "striker"),
        (12, 10, "hybrid"),
        (10, 10, "hybrid"),
        (10, 12, "hybrid"),
        (10, 13, "submission"),
        (1, 20, "submission"),
    ],
)
def test_nhb6_default_ground_chart_from_ratings(standup, ground, chart):
    """NHB-6: no ground_chart on the card: standup >= ground + 3 striker, ground >= standup + 3 submission, else hybrid."""
    fighter = card("Red", standup=standup, ground=ground)
    assert fighter.ground_chart is None
    assert fighter.chart == chart
    s = bout(fighter, BLUE)
    play(s, *RED_CONTROLS, "ground", *RED_WINS_BY_10)
    assert f"on the {chart} ground chart" in finish_with_margin(s, 8)[2]


def test_nhb6_card_ground_chart_overrides_ratings():
    """NHB-6: a wrestler with ground >> standup may still carry the striker chart."""
    assert card("Wrestler", standup=8, ground=16, ground_chart="striker").chart == "striker"


def test_nhb6_default_sub_chart_is_generic():
    """NHB-6: no sub_chart on the card: the generic submission chart."""
    fighter = card("Red", ground_chart="submission")
    assert fighter.subs == "generic"
    s = bout(fighter, BLUE)
    play(s, *RED_CONTROLS, "ground", *RED_WINS_BY_10)
    finish_with_margin(s, 3)
    assert prompt(s)["reason"] == "the submission (generic chart)"
    assert play(s, "19")[0] == "Red rolls 19 on the generic submission chart: toehold"


# The submission charts as printed in source/nhb.txt (not read from nhb.yaml).
GENERIC_RARE = (
    "forearm choke, lapel choke, smother choke, leg scissor choke, flying armbar, "
    "flying triangle, twister, banana split, scarf hold, neck crank"
)
WRESTLING_RARE = "heel hook, leglock, kneebar, strangle choke"
JIU_JITSU_RARE = "lapel choke, scarf hold, flying triangle, flying armbar"
SUB_CHARTS = {
    "generic": [
        (1, 4, "rear naked choke"),
        (5, 7, "armbar"),
        (8, 9, "guillotine choke"),
        (10, 10, "triangle choke"),
        (11, 11, "arm triangle"),
        (12, 14, "heel hook"),
        (15, 16, "leglock (ankle lock or achilles lock)"),
        (17, 17, "kneebar"),
        (18, 18, "kimura/keylock"),
        (19, 19, "toehold"),
        (20, 20, "rare submission"),
    ],
    "wrestling": [
        (1, 1, "triangle choke"),
        (2, 5, "rear naked choke"),
        (6, 6, "armbar"),
        (7, 7, "guillotine"),
        (8, 9, "arm triangle choke"),
        (10, 10, "headlock/jawlock"),
        (11, 12, "forearm choke"),
        (13, 16, "keylock/americana"),
        (17, 17, "north-south choke"),
        (18, 19, "neck crank"),
        (20, 20, "rare submission"),
    ],
    "jiu-jitsu": [
        (1, 7, "rear naked choke"),
        (8, 12, "armbar"),
        (13, 13, "guillotine"),
        (14, 14, "triangle choke"),
        (15, 15, "arm triangle"),
        (16, 16, "heel hook"),
        (17, 17, "kimura"),
        (18, 18, "leglock/kneebar/toehold"),
        (19, 19, "wristlock"),
        (20, 20, "rare submission"),
    ],
}
RARE = {"generic": GENERIC_RARE, "wrestling": WRESTLING_RARE, "jiu-jitsu": JIU_JITSU_RARE}
SUB_FACES = [
    (chart, face, detail)
    for chart, rows in SUB_CHARTS.items()
    for low, high, detail in rows
    for face in range(low, high + 1)
]


def to_submission(sub_chart: str, fight: tuple[str, str] = RED_WINS_BY_10) -> Session:
    """A bout at Red's submission d20 roll (submission ground chart, margin 1)."""
    s = bout(card("Red", ground_chart="submission", sub_chart=sub_chart), BLUE)
    play(s, *RED_CONTROLS, "ground", *fight)
    finish_with_margin(s, 1)
    assert s.state.step == "sub"
    return s


@pytest.mark.parametrize("chart, face, detail", SUB_FACES, ids=[f"{c}-{f}" for c, f, _ in SUB_FACES])
def test_nhb6_submission_chart_rows(chart, face, detail):
    """NHB-6: every face of each submission chart, as the text prints them."""
    s = to_submission(chart)
    p = prompt(s)
    assert (p["who"], p["dice"], p["reason"]) == ("Red", "d20", f"the submission ({chart} chart)")
    log = play(s, str(face))
    line = f"Red rolls {face} on the {chart} submission chart: {detail}"
    if face == 20:
        line += f" (one of: {RARE[chart]})"
    assert log[0] == line
    result = over_result(s)
    assert (result["method"], result["detail"]) == ("submission", detail)


@pytest.mark.parametrize("chart", ["generic", "wrestling", "jiu-jitsu"])
def test_nhb6_rare_submission_no_further_roll(chart):
    """NHB-6: a 20 is logged as a rare submission with the chart's list; no further submission roll
    (with d = 5 the next prompt is the seconds, not another d20)."""
    s = to_submission(chart, fight=("3", "5"))  # Red 15, Blue 10: d = 5
    log = play(s, "20")
    assert log == [f"Red rolls 20 on the {chart} submission chart: rare submission (one of: {RARE[chart]})"]
    p = prompt(s)
    assert (p["dice"], p["reason"]) == ("d6 d10", "the exact seconds: d6 then d10 (0-9)")
    assert s.state.finish.detail == "rare submission"
    play(s, "2 2")
    assert over_result(s)["time"] == "5:12"


# --- NHB-7: the time of the finish --------------------------------------------


def finish_standing(session: Session, red_face: int, blue_face: int) -> None:
    """Red controls, stands, wins fight points ``red_face + 12`` to ``blue_face + 5``, and finishes (margin 5, KO)."""
    play(session, *RED_CONTROLS, "standup", str(red_face), str(blue_face))
    finish_with_margin(session, 5)


def test_nhb7_the_rulings_example_d6_4_d10_6_is_4_36():
    """NHB-7: d = 6 (16 to 10), d6 4 and d10 6: 4:36 (the table wins over the text's 5:36)."""
    s = bout()
    finish_standing(s, 4, 5)
    assert s.state.fight_points == (16, 10)
    p = prompt(s)
    assert p["kind"] == "roll"
    assert (p["who"], p["side"], p["dice"]) == ("Red", "red", "d6 d10")
    assert p["reason"] == "the exact seconds: d6 then d10 (0-9)"
    assert p["against"] == "seconds = 10 x (d6 - 1) + d10"
    assert play(s, "4 6") == ["Red rolls 4 and 6: 36 seconds", "Red def. Blue by KO, segment 1, 4:36"]
    result = over_result(s)
    assert result == {
        "winner": "Red",
        "loser": "Blue",
        "method": "ko",
        "detail": "KO",
        "period": 1,
        "time": "4:36",
        "fight_time": "4:36",
    }


@pytest.mark.parametrize("d", range(1, 10))
def test_nhb7_difference_1_to_9_finishes_at_minute_10_minus_d(d):
    """NHB-7: d 1-9 finishes at minute 10 - d, and the seconds are asked."""
    s = bout()
    finish_standing(s, d + 3, 10)  # Red d + 15, Blue 15
    assert s.state.fight_points == (d + 15, 15)
    assert prompt(s)["dice"] == "d6 d10"
    play(s, "1 0")
    assert over_result(s)["time"] == f"{10 - d}:00"


@pytest.mark.parametrize(
    "typed, seconds",
    [("1 0", 0), ("1 1", 1), ("1 9", 9), ("2 0", 10), ("4 6", 36), ("6 9", 59), ("1 10", 0), ("6 10", 50), ("3,5", 25)],
)
def test_nhb7_d1_seconds_from_d6_and_digit(typed, seconds):
    """NHB-7, D-1: seconds = 10 x (d6 - 1) + the d10 as a digit: 0 is 0 and 10 is read as 0 ("1 second",
    not "1 seconds": issue 22)."""
    s = bout()
    finish_standing(s, 4, 5)  # d = 6: minute 4
    log = play(s, typed)
    assert log[0].endswith(f": {seconds} second" + ("" if seconds == 1 else "s"))
    assert over_result(s)["time"] == f"4:{seconds:02d}"


@pytest.mark.parametrize(
    "d, time",
    [(10, "0:59"), (11, "0:55"), (15, "0:35"), (20, "0:10"), (21, "0:05"), (22, "0:05"), (26, "0:05")],
)
def test_nhb7_difference_10_or_more_clamped_seconds_no_prompt(d, time):
    """NHB-7: d >= 10 finishes at 0:ss, ss = clamp(60 - 5 x (d - 10), 5, 59); no seconds prompt."""
    s = bout()
    finish_standing(s, d - 6, 1)  # Red d + 6, Blue 6
    assert s.state.fight_points[0] - s.state.fight_points[1] == d
    assert s.over  # straight from the finish roll to the result
    assert not any("seconds" in line for line, _ in s.log())
    result = over_result(s)
    assert (result["time"], result["fight_time"]) == (time, time)


def test_nhb7_exact_time_off_reports_the_minute_only():
    """NHB-7: with exact_time off the d6/d10 is not asked; d = 6 finishes at 4:00."""
    s = bout(exact_time=False)
    finish_standing(s, 4, 5)
    assert s.over
    result = over_result(s)
    assert (result["time"], result["fight_time"]) == ("4:00", "4:00")
    assert s.log()[-1] == ("Red def. Blue by KO, segment 1, 4:00", False)


def test_nhb7_exact_time_off_submission_goes_straight_to_the_result():
    """NHB-7, NHB-10: with exact_time off a submission's d20 is the last roll."""
    s = bout(card("Red", ground_chart="submission"), BLUE, exact_time=False)
    play(s, *RED_CONTROLS, "ground", "3", "5")  # d = 5
    finish_with_margin(s, 1)
    play(s, "6")
    result = over_result(s)
    assert (result["detail"], result["time"]) == ("armbar", "5:00")


@pytest.mark.parametrize("segment, fight_time", [(2, "14:36"), (3, "24:36")])
def test_nhb7_fight_time_across_segments(segment, fight_time):
    """NHB-7: fight time = 10 x (segment - 1) minutes + the segment time."""
    s = bout()
    for _ in range(segment - 1):
        no_finish_segment(s, "red")
    assert s.state.segment == segment
    finish_standing(s, 4, 5)
    log = play(s, "4 6")
    assert log[-1] == f"Red def. Blue by KO, segment {segment}, 4:36"
    result = over_result(s)
    assert (result["period"], result["time"], result["fight_time"]) == (segment, "4:36", fight_time)


def test_nhb7_quick_finish_in_segment_2():
    """NHB-7: a d >= 10 finish in segment 2 at 0:59 is 10:59 into the fight."""
    s = bout()
    no_finish_segment(s, "blue")
    finish_standing(s, 4, 1)  # d = 10
    result = over_result(s)
    assert (result["period"], result["time"], result["fight_time"]) == (2, "0:59", "10:59")


# --- NHB-8: segments and the decision -----------------------------------------


def test_nhb8_decision_after_the_last_segment_2_1():
    """NHB-8: three segments without a finish, Red 2-1: decision to Red."""
    s = bout()
    no_finish_segment(s, "red")
    no_finish_segment(s, "blue")
    log = no_finish_segment(s, "red")
    assert log[-2:] == [
        "End of segment 3: Red takes it; segments won: Red 2, Blue 1",
        "Red def. Blue by decision (segments 2-1), segment 3, 10:00",
    ]
    assert s.state.segments_won == (2, 1)
    assert over_result(s) == {
        "winner": "Red",
        "loser": "Blue",
        "method": "decision",
        "detail": "segments 2-1",
        "period": 3,
        "time": "10:00",
        "fight_time": "30:00",
    }


def test_nhb8_no_early_stop_at_2_0_and_decision_to_blue():
    """NHB-8: all segments are fought; Blue 2-0 up still fights segment 3, then wins 2-1."""
    s = bout()
    no_finish_segment(s, "blue")
    no_finish_segment(s, "blue")
    assert (s.over, s.state.segment, s.state.segments_won) == (False, 3, (0, 2))
    no_finish_segment(s, "red")
    result = over_result(s)
    assert (result["winner"], result["loser"], result["method"], result["detail"]) == (
        "Blue",
        "Red",
        "decision",
        "segments 2-1",
    )


def test_nhb8_draw_with_two_segments_at_1_1():
    """NHB-8: an even number of segments can end level: a draw."""
    s = bout(segments=2)
    no_finish_segment(s, "red")
    log = no_finish_segment(s, "blue")
    assert log[-2:] == [
        "End of segment 2: Blue takes it; segments won: Red 1, Blue 1",
        "Draw (segments 1-1), segment 2, 10:00",
    ]
    assert over_result(s) == {
        "winner": None,
        "loser": None,
        "method": "draw",
        "detail": "segments 1-1",
        "period": 2,
        "time": "10:00",
        "fight_time": "20:00",
    }


def test_nhb8_one_segment_option():
    """NHB-8: segments=1: the first segment without a finish is the whole fight."""
    s = bout(segments=1)
    log = no_finish_segment(s, "blue")
    assert log[-1] == "Blue def. Red by decision (segments 1-0), segment 1, 10:00"
    result = over_result(s)
    assert (result["winner"], result["period"], result["fight_time"]) == ("Blue", 1, "10:00")


def test_nhb8_trackers_count_segments_won():
    """NHB-8: the trackers hold each fighter's ratings and segments won."""
    s = bout()
    no_finish_segment(s, "blue")
    trackers = RULESET.trackers(s.state)
    assert trackers["Red"]["segments_won"] == 0
    assert trackers["Blue"]["segments_won"] == 1
    assert trackers["Blue"]["toughness"] == 1
    assert trackers["Red"]["control"] == 10


# --- NHB-9: tournament injury thresholds (data) -------------------------------


def test_nhb9_injury_thresholds_are_data():
    """NHB-9: the winner loses 1 per rating for 10-19 fight points taken, 2 for 20 or more."""
    rows = [(r.low, r.high, r.loss) for r in RULESET.tables.tournament_injuries]
    assert rows == [(10, 19, 1), (20, None, 2)]


# --- NHB-10: the whole prompt order -------------------------------------------


def test_nhb10_prompt_order_through_a_submission():
    """NHB-10: control Red (+ explosions), Blue (+ explosions); the choice; fight Red, Blue;
    finish winner then loser; the submission d20; then the seconds."""
    blue = card("Blue", control=5, standup=5, ground=5, finishing=1, toughness=1, ground_chart="submission")
    s = bout(RED, blue)
    answers = ["10", "2", "10", "10", "1", "ground", "5", "10", "10", "1", "8", "2 3"]
    seen = []
    for answer in answers:
        p = prompt(s)
        seen.append((p["who"], p["kind"], p.get("dice"), p["reason"]))
        s.submit(answer)
    assert seen == [
        ("Red", "roll", "d10!", "control"),
        ("Red", "roll", "d10!", "control (explosion: roll again and add)"),
        ("Blue", "roll", "d10!", "control"),
        ("Blue", "roll", "d10!", "control (explosion: roll again and add)"),
        ("Blue", "roll", "d10!", "control (explosion: roll again and add)"),
        ("Blue", "choice", None, "where the segment is fought"),
        ("Red", "roll", "d20", "fight points (ground)"),
        ("Blue", "roll", "d20", "fight points (ground)"),
        ("Blue", "roll", "d10", "the finish"),
        ("Red", "roll", "d10", "toughness (to survive the finish)"),
        ("Blue", "roll", "d20", "the submission (generic chart)"),
        ("Blue", "roll", "d6 d10", "the exact seconds: d6 then d10 (0-9)"),
    ]
    # control Red 10 + 2 + 10 = 22, Blue 10 + 10 + 1 + 5 = 26; fight Red 15, Blue 10 + 5 + 2 = 17 (d = 2);
    # finish Blue 10 + 1 + 1 = 12 v Red 1 + 5 = 6: margin 6 on the submission chart; d20 8: guillotine choke
    lines = [line for line, _ in s.log()]
    assert lines[-5:] == [
        "Red rolls 1 (d10) + 5 (toughness) = 6 for toughness",
        "Margin 6 on the submission ground chart: submission",
        "Blue rolls 8 on the generic submission chart: guillotine choke",
        "Blue rolls 2 and 3: 13 seconds",
        "Blue def. Red by submission (guillotine choke), segment 1, 8:13",
    ]


# --- D-5: refusals leave the state as it was ---------------------------------


def at_step(step: str) -> Session:
    s = bout(card("Red", ground_chart="submission"), BLUE)
    path = {
        "control": [],
        "where": list(RED_CONTROLS),
        "fight": [*RED_CONTROLS, "ground"],
        "finish": [*RED_CONTROLS, "ground", "3", "5"],  # d = 5
        "sub": [*RED_CONTROLS, "ground", "3", "5", "5", "5"],  # Red 5 + 5 + 1 = 11 v 6: margin 5
        "seconds": [*RED_CONTROLS, "ground", "3", "5", "5", "5", "6"],
    }[step]
    play(s, *path)
    assert s.state.step == step
    return s


@pytest.mark.parametrize(
    "step, typed, expected",
    [
        ("control", "11", "11 is not a face: a d10 shows 1-10 (0 for 10)"),
        ("control", "x", "'x' is not a face: a d10 shows 1-10 (0 for 10)"),
        ("control", "3 4", "expected one face (a d10 shows 1-10 (0 for 10)), got 2"),
        ("control", "", "type the face rolled: a d10 shows 1-10 (0 for 10)"),
        ("control", "-1", "a d10 shows 1-10"),
        ("control", "2.5", "a d10 shows 1-10"),
        ("control", "ground", "a d10 shows 1-10"),
        ("where", "x", "where the segment is fought: choose one of standup, ground"),
        ("where", "7", "where the segment is fought: choose one of standup, ground"),
        ("fight", "0", "0 is not a face: a d20 shows 1-20"),
        ("fight", "21", "21 is not a face: a d20 shows 1-20"),
        ("fight", "8 5", "expected one face (a d20 shows 1-20), got 2"),
        ("finish", "11", "11 is not a face: a d10 shows 1-10 (0 for 10)"),
        ("sub", "21", "a d20 shows 1-20"),
        ("sub", "0", "a d20 shows 1-20"),
        ("seconds", "4", "d6 d10 (a d6 shows 1-6, a d10 read as a digit shows 0-9), got 1"),
        ("seconds", "4 6 1", "expected 2 faces"),
        ("seconds", "7 4", "7 is not a face: a d6 shows 1-6"),
        ("seconds", "0 4", "a d6 shows 1-6"),
        ("seconds", "4 11", "11 is not a face: a d10 read as a digit shows 0-9"),
    ],
)
def test_d5_refusal_names_the_die_and_changes_nothing(step, typed, expected):
    """D-5: an answer that does not fit is refused with what was expected; the state does not change."""
    s = at_step(step)
    before_state, before_prompt, before_steps = s.state, prompt(s), len(s.steps)
    with pytest.raises(Refused) as refusal:
        s.submit(typed)
    assert expected in refusal.value.reason
    assert s.state is before_state
    assert prompt(s) == before_prompt
    assert len(s.steps) == before_steps


def test_d5_refusal_mid_explosion_keeps_the_running_total():
    """D-5, D-4: a refused answer during an explosion keeps the faces already rolled."""
    s = bout()
    play(s, "10")
    with pytest.raises(Refused):
        s.submit("12")
    assert s.state.exploded == (10,)
    assert play(s, "1") == ["Red rolls 10 + 1 (d10!) + 10 (control) = 21 for control"]


@pytest.mark.parametrize("typed", ["5", "roll", "ground", "4 6"])
def test_answers_after_the_bout_is_over_are_refused(typed):
    """D-5: nothing more is accepted once the bout is over."""
    s = bout()
    play(s, *RED_CONTROLS, "standup", *RED_WINS_BY_10, "10", "1")  # margin 15: highlight-reel KO
    assert s.over
    before_state, before_steps = s.state, len(s.steps)
    with pytest.raises(Refused):
        s.submit(typed)
    assert s.state is before_state
    assert len(s.steps) == before_steps
    assert over_result(s)["detail"] == "highlight-reel KO"


# --- D-6: the app's own roll -------------------------------------------------


def test_d6_virtual_roll_is_recorded_like_a_typed_one():
    """D-6: "roll" has the app roll the prompted die; the answer is a face, marked virtual."""
    s = Session(RULESET, Setup("nhb", (RED, BLUE), {}), rng=random.Random(7))
    step = s.submit("roll")
    assert step.answer.virtual is True
    face = int(step.answer.text)
    assert 1 <= face <= 10
    assert s.log()[0][1] is True
    assert s.log()[0][0].startswith(f"Red rolls {face}")

    # the same answer typed gives the same state
    typed = bout()
    typed.submit(step.answer.text)
    assert typed.state == s.state


@pytest.mark.parametrize(
    "given, segments, exact_time",
    [({"segments": "1"}, 1, True), ({"exact_time": "off"}, 3, False), ({"segments": 2, "exact_time": False}, 2, False)],
)
def test_nhb7_nhb8_options_given_as_text_are_read_as_their_own_type(given, segments, exact_time):
    """A stored or typed "1" or "off" is the option's value, not a string that is always true."""
    state = bout(**given).state
    assert (state.options.segments, state.options.exact_time) == (segments, exact_time)


@pytest.mark.parametrize("given", [{"segments": "7"}, {"fight_die": "d12"}, {"rounds": 3}])
def test_options_outside_their_choices_are_refused_at_setup(given):
    with pytest.raises(ValueError, match="option"):
        bout(**given)


def test_nhb8_the_over_headline_says_segment():
    session = bout(segments=1)
    no_finish_segment(session, "red")
    assert session.prompt.headline() == "Red def. Blue by decision (segments 1-0), segment 1, 10:00"
