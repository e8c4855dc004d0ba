"""The Fighters Only featherweight game, rule by rule, with fixed dice and a fixed clock.

Every test drives the ruleset through :class:`companion.session.Session` as
the table would: two faces typed as text, each answer stamped with the time
elapsed in the round (``@M:SS``, as ``companion script fo`` reads it), and the
state, the prompt, the log and the result come out. Each test names the
ruling it checks (shared/rules/RULINGS.md: FO-1 to FO-9, D-5) or the line of
shared/rules/source/fo_featherweight.txt.

The two standard cards have a different number for every attack and every
defence, so a wrong stat shows up as a wrong target:

    Red   punch 8  kick 6  takedown 5   block 7  check 6  td_defence 5   gnp 7  submission 6   guard 7  sub_defence 6
    Blue  punch 6  kick 7  takedown 8   block 5  check 4  td_defence 6   gnp 5  submission 8   guard 6  sub_defence 5

Red attacking: punch 8 v block 5, kick 6 v check 4, takedown 5 v td_defence 6,
gnp 7 v guard 6, submission 6 v sub_defence 5.
"""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.dice import Refused
from companion.ruleset import Answer, Setup, get_ruleset
from companion.rulesets.fo.cards import FoCard
from companion.rulesets.fo.rules import chance_lands, live_attack_seconds, rounds_won, scores, stall_open
from companion.rulesets.fo.ruleset import RULESET
from companion.session import Session

REPO = Path(__file__).resolve().parent.parent
STATS = ("punch", "kick", "takedown", "block", "check", "td_defence", "gnp", "submission", "guard", "sub_defence")


def card(name: str, **stats: int) -> FoCard:
    values = dict.fromkeys(STATS, 7)
    values.update(stats)
    return FoCard(name=name, **values)


RED = card(
    "Red", punch=8, kick=6, takedown=5, block=7, check=6, td_defence=5, gnp=7, submission=6, guard=7, sub_defence=6
)
BLUE = card(
    "Blue", punch=6, kick=7, takedown=8, block=5, check=4, td_defence=6, gnp=5, submission=8, guard=6, sub_defence=5
)

RED_FIRST = ("@0:00 1 2", "@0:00 3 4")
"""Roll-off: Red 3, Blue 7; Red attacks first from 0:00 (FO-2)."""
BLUE_FIRST = ("@0:00 3 4", "@0:00 1 2")
"""Roll-off: Red 7, Blue 3; Blue attacks first from 0:00 (FO-2)."""


def bout(red: FoCard = RED, blue: FoCard = BLUE, **options) -> Session:
    return Session(RULESET, Setup("fo", (red, blue), options))


def stamped(line: str) -> tuple[float | None, str]:
    """``"@1:07 3 4"`` -> (67, "3 4"); no stamp -> (None, line)."""
    if not line.startswith("@"):
        return None, line
    stamp, _, text = line[1:].partition(" ")
    minutes, seconds = stamp.split(":")
    return int(minutes) * 60 + int(seconds), text


def play(session: Session, *answers: str) -> list[str]:
    """Submit ``answers`` in order (each may begin with ``@M:SS``); the log lines they produced."""
    lines: list[str] = []
    for line in answers:
        clock, text = stamped(line)
        lines.extend(session.submit(text, clock=clock).log)
    return lines


def prompt(session: Session) -> dict:
    return session.prompt.to_json()


def result(session: Session) -> dict:
    assert session.over, prompt(session)
    return session.prompt.result.to_json()


def refused(session: Session, line: str) -> str:
    """Submit ``line``, which must be refused with the state unchanged (D-5); the reason."""
    before, steps = session.state, len(session.steps)
    clock, text = stamped(line)
    with pytest.raises(Refused) as info:
        session.submit(text, clock=clock)
    assert session.state is before and len(session.steps) == steps
    return info.value.reason


def red_ground(session: Session) -> None:
    """From Red attacking standing at 0:00: a landed takedown at 0:10, Red on top (FO-4, FO-6).

    Takedown 5: 1 + 3 = 4 thrown; Blue td_defence 6: 3 + 4 = 7 lands.
    """
    play(session, "@0:05 takedown", "@0:08 1 3", "@0:10 3 4")
    assert session.state.ground and session.state.attacker == 0


def round_with(session: Session, red_seconds: int) -> list[str]:
    """One round from the roll-off: Red attacks from 0:00 until his punch is defended
    at ``red_seconds`` (4 + 5 = 9 over punch 8, FO-3), then Blue holds to the bell."""
    at = f"@{red_seconds // 60}:{red_seconds % 60:02d}"
    return play(session, *RED_FIRST, "@0:00 punch", f"{at} 4 5", "bell")


# --- FO-1: stat cards --------------------------------------------------------------


@pytest.mark.parametrize("stat", STATS)
@pytest.mark.parametrize("value", [0, 11])
def test_fo1_stat_out_of_range_is_rejected(stat, value):
    """FO-1: every stat is 1-10."""
    with pytest.raises(ValidationError):
        card("Bad", **{stat: value})


def test_fo1_stat_bounds_and_fo9_optional_fields():
    """FO-1, FO-9: 1 and 10 are stats; name, nickname and notes are the other fields."""
    low = card("Low", **dict.fromkeys(STATS, 1))
    top = FoCard(name="Top", nickname="The Top", notes="a note", **dict.fromkeys(STATS, 10))
    assert (low.punch, top.sub_defence, top.nickname, top.notes) == (1, 10, "The Top", "a note")


def test_fo9_unknown_card_field_is_rejected():
    """FO-9: card fields are the FO-1 stats plus name, nickname, notes; nothing else."""
    with pytest.raises(ValidationError):
        card("Odd", reach=7)


def test_fo1_every_roll_is_two_d6():
    """FO-1: all rolls are 2d6, typed as two faces: roll-off, attack and defence alike."""
    s = bout()
    dice = [prompt(s)["dice"]]
    play(s, "@0:00 1 2")
    dice.append(prompt(s)["dice"])
    play(s, "@0:00 3 4", "@0:01 punch")
    dice.append(prompt(s)["dice"])
    play(s, "@0:02 1 3")
    dice.append(prompt(s)["dice"])
    assert dice == ["2d6"] * 4


# --- FO-2: the roll-off ------------------------------------------------------------


def test_fo2_fo9_roll_off_red_then_blue():
    """FO-2, FO-9: the round opens with Red's roll-off, then Blue's against Red's total."""
    s = bout()
    p = prompt(s)
    assert (p["kind"], p["who"], p["side"], p["dice"]) == ("roll", "Red", "red", "2d6")
    assert "roll-off" in p["reason"] and "lower" in p["reason"]
    assert "target" not in p
    assert s.state.step == "rolloff" and s.state.attacker is None
    assert play(s, "@0:00 2 3") == ["Red rolls 2 + 3 = 5 in the roll-off"]
    p = prompt(s)
    assert (p["who"], p["side"], p["target"]) == ("Blue", "blue", 5)


def test_fo2_lower_total_attacks_red():
    """FO-2: the lower total attacks first (Red 3 v Blue 7)."""
    s = bout()
    assert play(s, *RED_FIRST)[-1] == "Red attacks first (3 to 7)"
    assert (s.state.attacker, s.state.step, s.state.ground) == (0, "choose", False)
    assert prompt(s)["who"] == "Red"


def test_fo2_lower_total_attacks_blue():
    """FO-2: the lower total attacks first, whoever rolled it (Red 7 v Blue 3)."""
    s = bout()
    assert play(s, *BLUE_FIRST)[-1] == "Blue attacks first (3 to 7)"
    assert s.state.attacker == 1
    p = prompt(s)
    assert (p["kind"], p["who"], p["side"]) == ("choice", "Blue", "blue")


def test_fo2_tie_rerolls_red_then_blue():
    """FO-2, FO-9: a tie re-rolls, Red first then Blue; nobody attacks until it is settled."""
    s = bout()
    log = play(s, "@0:01 3 4", "@0:02 5 2")
    assert log == [
        "Red rolls 3 + 4 = 7 in the roll-off",
        "Blue rolls 5 + 2 = 7 in the roll-off",
        "Roll-off tied at 7: both re-roll",
    ]
    assert (s.state.step, s.state.attacker, s.state.rolloff) == ("rolloff", None, (None, None))
    p = prompt(s)
    assert (p["who"], "target" in p) == ("Red", False)
    play(s, "@0:04 6 5")
    assert prompt(s)["who"] == "Blue"
    assert play(s, "@0:05 4 5")[-1] == "Blue attacks first (9 to 11)"
    assert s.state.attacker == 1


def test_fo2_doubles_tie_rerolls_too():
    """FO-2: doubles mean nothing in the roll-off, so 3-3 against 2-4 is just a tie at 6."""
    s = bout()
    assert play(s, "@0:00 3 3", "@0:00 2 4")[-1] == "Roll-off tied at 6: both re-roll"
    assert s.state.step == "rolloff" and s.state.result is None


@pytest.mark.parametrize(
    "red, blue, first",
    [("1 1", "6 6", 0), ("6 6", "1 1", 1), ("5 5", "2 3", 1), ("1 2", "4 4", 0)],
    ids=["red-snake-eyes", "blue-snake-eyes", "red-double", "blue-double"],
)
def test_fo2_doubles_and_snake_eyes_mean_nothing_in_the_roll_off(red, blue, first):
    """FO-2: snake eyes in the roll-off is no KO and a double no knockdown: only the totals count."""
    s = bout()
    play(s, f"@0:00 {red}", f"@0:00 {blue}")
    assert s.state.result is None and not s.over
    assert (s.state.attacker, s.state.step, s.state.ground) == (first, "choose", False)


def test_fo2_fo7_every_round_starts_standing_with_a_fresh_roll_off():
    """FO-2, FO-7: the bell ends a round on the ground; round 2 opens with Red's roll-off, standing."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, "bell")
    st = s.state
    assert (st.round, st.step, st.ground, st.attacker, st.streak, st.ground_attacks) == (
        2,
        "rolloff",
        False,
        None,
        0,
        0,
    )
    assert (st.clock, st.attack_seconds, st.rolloff) == (0.0, (0.0, 0.0), (None, None))
    p = prompt(s)
    assert (p["who"], p["dice"]) == ("Red", "2d6") and "round 2 roll-off" in p["reason"]
    # and it decides afresh: Blue rolls lower this time
    assert play(s, *BLUE_FIRST)[-1] == "Blue attacks first (3 to 7)"
    assert prompt(s)["options"] == ["punch", "kick", "takedown"]


# --- FO-9: prompt order --------------------------------------------------------------


def test_fo9_prompt_order_choice_then_attack_roll_then_defence_roll():
    """FO-9: the attacker's choice (punch, kick, takedown), the attacker's roll, then the defender's."""
    s = bout()
    play(s, *RED_FIRST)
    p = prompt(s)
    assert (p["kind"], p["who"], p["options"]) == ("choice", "Red", ["punch", "kick", "takedown"])
    assert play(s, "@0:03 punch") == ["Red goes for the punch"]
    p = prompt(s)
    assert (p["kind"], p["who"], p["dice"], p["target"]) == ("roll", "Red", "2d6", 8)
    assert play(s, "@0:04 2 5") == ["Red rolls 2 + 5 = 7 for the punch (8 or under): thrown"]
    p = prompt(s)
    assert (p["kind"], p["who"], p["side"], p["target"]) == ("roll", "Blue", "blue", 5)
    assert "block" in p["reason"]


@pytest.mark.parametrize(
    "move, attack, defence, target",
    [("punch", 8, "block", 5), ("kick", 6, "check", 4), ("takedown", 5, "TD defence", 6)],
)
def test_fo3_fo4_each_attack_is_rolled_against_its_own_rating_and_defence(move, attack, defence, target):
    """FO-3: the attack's rating; FO-4: block answers a punch, check a kick, td_defence a takedown."""
    s = bout()
    play(s, *RED_FIRST, f"@0:01 {move}")
    assert prompt(s)["target"] == attack
    play(s, "@0:02 1 2")
    p = prompt(s)
    assert (p["who"], p["target"]) == ("Blue", target)
    assert p["reason"].startswith(defence)


def test_fo9_choice_takes_an_unambiguous_start_and_refuses_other_words():
    """FO-9, D-5: "p" is the punch; "jab" is no option and is refused with the options named."""
    s = bout()
    play(s, *RED_FIRST)
    assert "punch, kick, takedown" in refused(s, "@0:01 jab")
    assert play(s, "@0:01 t") == ["Red goes for the takedown"]


def test_fo9_advised_standing_attack_is_the_likeliest_to_land():
    """FO-9 (the advice): punch 8 v block 5 lands more often than kick 6 v check 4 or takedown 5 v td 6."""
    s = bout()
    play(s, *RED_FIRST)
    assert prompt(s)["advised"] == "punch"


# --- FO-3: the standing attack -------------------------------------------------------


def test_fo3_attacker_snake_eyes_is_a_ko():
    """FO-3 (text, Snake Eyes): 1-1 on the attack wins by KO on the spot."""
    s = bout()
    play(s, *RED_FIRST, "@0:20 kick")
    log = play(s, "@0:31 1 1")
    assert log[-1] == "Red def. Blue by KO (snake-eyes haymaker), round 1, 0:31"
    assert result(s) == {
        "winner": "Red",
        "loser": "Blue",
        "method": "ko",
        "detail": "snake-eyes haymaker",
        "period": 1,
        "time": "0:31",
        "fight_time": "0:31",
    }
    assert s.state.attack_seconds == (31.0, 0.0)


@pytest.mark.parametrize("faces", ["2 2", "4 4", "6 6"])
def test_fo3_other_double_is_a_knockdown_whatever_the_total(faces):
    """FO-3, FO-5: any other double is a knockdown, even 6-6 over the rating: to the
    ground, the knocking-down fighter on top and attacking."""
    s = bout()
    play(s, *RED_FIRST, "@0:05 punch")
    log = play(s, f"@0:06 {faces}")
    assert log[1:] == [f"Double {faces[0]}s: Red scores a knockdown", "On the ground: Red on top"]
    st = s.state
    assert (st.ground, st.attacker, st.step, st.result, st.ground_attacks) == (True, 0, "choose", None, 0)
    p = prompt(s)
    assert (p["who"], p["options"]) == ("Red", ["gnp", "submission"])


def test_fo3_total_at_the_rating_is_thrown():
    """FO-3: the attacker must roll the rating or below: 3 + 5 = 8 against punch 8 is thrown."""
    s = bout()
    play(s, *RED_FIRST, "@0:05 punch")
    assert play(s, "@0:06 3 5") == ["Red rolls 3 + 5 = 8 for the punch (8 or under): thrown"]
    assert s.state.step == "defend" and s.state.attacker == 0


def test_fo3_total_over_the_rating_is_defended_and_roles_reverse():
    """FO-3: 4 + 5 = 9 over punch 8 is defended automatically; Blue attacks, no defence roll."""
    s = bout()
    play(s, *RED_FIRST, "@0:05 punch")
    assert play(s, "@0:06 4 5") == ["Red rolls 4 + 5 = 9 for the punch (8 or under)", "The punch is defended"]
    st = s.state
    assert (st.attacker, st.step, st.ground, st.move) == (1, "choose", False, None)
    p = prompt(s)
    assert (p["kind"], p["who"], p["options"]) == ("choice", "Blue", ["punch", "kick", "takedown"])


# --- FO-4: the defence ---------------------------------------------------------------


def thrown_red_punch(s: Session) -> None:
    """Red attacks from 0:00 and throws a punch at 0:10 (1 + 3 = 4 under 8)."""
    play(s, *RED_FIRST, "@0:05 punch", "@0:10 1 3")
    assert s.state.step == "defend"


def test_fo4_defender_snake_eyes_is_a_ko():
    """FO-4 (text, Snake Eyes): 1-1 on the defence wins by KO for the defender."""
    s = bout()
    thrown_red_punch(s)
    log = play(s, "@0:12 1 1")
    assert log[-1] == "Blue def. Red by KO (snake-eyes haymaker), round 1, 0:12"
    r = result(s)
    assert (r["winner"], r["loser"], r["method"], r["time"]) == ("Blue", "Red", "ko", "0:12")


@pytest.mark.parametrize("faces", ["2 2", "6 6"])
def test_fo4_other_double_is_a_counter(faces):
    """FO-4: another double is a counter, even 2-2 under the block: the defender takes the dice and attacks."""
    s = bout()
    thrown_red_punch(s)
    log = play(s, f"@0:12 {faces}")
    assert log[-1] == f"Double {faces[0]}s: Blue counters and takes the dice"
    st = s.state
    assert (st.attacker, st.step, st.ground, st.result) == (1, "choose", False, None)
    assert prompt(s)["who"] == "Blue"


def test_fo4_defence_at_the_rating_is_good_and_roles_reverse():
    """FO-4: 2 + 3 = 5 against block 5 is defended; Blue attacks."""
    s = bout()
    thrown_red_punch(s)
    assert play(s, "@0:12 2 3")[-1] == "Blue defends and takes the dice"
    assert (s.state.attacker, s.state.step) == (1, "choose")


def test_fo4_text_example_mcgregor_punch_lands_on_aldo():
    """Text, rule 9: McGregor (punch 9) rolls 4, thrown; Aldo (block 8) rolls 9, the punch lands."""
    mcgregor = card("Conor McGregor", punch=9)
    aldo = card("José Aldo", block=8)
    s = bout(mcgregor, aldo)
    play(s, *RED_FIRST, "@0:03 punch")
    assert play(s, "@0:04 1 3")[-1].endswith(": thrown")
    assert prompt(s)["target"] == 8
    log = play(s, "@0:05 4 5")
    assert log[-1] == "The punch lands (1 in a row); Conor McGregor attacks again"


def test_fo4_landed_takedown_goes_to_the_ground():
    """FO-4, FO-6: a takedown that lands takes it to the ground, the attacker on top choosing gnp or submission."""
    s = bout()
    play(s, *RED_FIRST, "@0:05 takedown", "@0:08 1 3")
    log = play(s, "@0:10 3 4")  # 7 over td_defence 6
    assert log[-1] == "Red takes Blue down: on the ground, Red on top"
    st = s.state
    assert (st.ground, st.attacker, st.step, st.ground_attacks) == (True, 0, "choose", 0)
    p = prompt(s)
    assert (p["who"], p["options"]) == ("Red", ["gnp", "submission"])


def test_fo4_landed_strikes_attack_again_and_the_third_is_a_knockdown():
    """FO-4, FO-5: a landed punch or kick attacks again; the third landed in a row is a knockdown, Red on top."""
    s = bout()
    play(s, *RED_FIRST)
    assert play(s, "@0:05 punch", "@0:06 1 3", "@0:07 3 4")[-1] == "The punch lands (1 in a row); Red attacks again"
    assert (s.state.attacker, s.state.step, s.state.streak, s.state.ground) == (0, "choose", 1, False)
    assert play(s, "@0:10 kick", "@0:11 1 4", "@0:12 2 3")[-1] == "The kick lands (2 in a row); Red attacks again"
    assert s.state.streak == 2 and not s.state.ground
    log = play(s, "@0:15 punch", "@0:16 2 4", "@0:17 6 5")
    assert log[-2:] == ["The punch lands: three in a row, a knockdown", "On the ground: Red on top"]
    st = s.state
    assert (st.ground, st.attacker, st.streak, st.step) == (True, 0, 0, "choose")
    assert prompt(s)["options"] == ["gnp", "submission"]


def test_fo4_landed_strike_count_resets_when_the_dice_change_hands():
    """FO-4: two landed, then the dice go to Blue and back: Red needs three more for a knockdown."""
    s = bout()
    play(s, *RED_FIRST)
    play(s, "@0:05 punch", "@0:06 1 3", "@0:07 3 4", "@0:08 punch", "@0:09 1 3", "@0:10 3 4")
    assert s.state.streak == 2
    play(s, "@0:11 punch", "@0:12 4 5")  # over punch 8: defended, Blue attacks
    assert (s.state.attacker, s.state.streak) == (1, 0)
    play(s, "@0:15 punch", "@0:16 3 4")  # Blue's punch 6: 7 over, defended, Red attacks
    assert (s.state.attacker, s.state.streak) == (0, 0)
    play(s, "@0:20 punch", "@0:21 1 3", "@0:22 3 4", "@0:23 punch", "@0:24 1 3", "@0:25 3 4")
    assert (s.state.streak, s.state.ground) == (2, False)  # would have been the fourth and fifth in a row
    play(s, "@0:26 punch", "@0:27 1 3", "@0:28 3 4")
    assert s.state.ground and s.state.attacker == 0


def test_fo4_counter_resets_the_landed_strike_count():
    """FO-4: a counter changes hands too; Red's two landed strikes no longer count after it."""
    s = bout()
    play(s, *RED_FIRST, "@0:05 punch", "@0:06 1 3", "@0:07 3 4", "@0:08 punch", "@0:09 1 3")
    play(s, "@0:10 4 4")  # Blue counters
    assert (s.state.attacker, s.state.streak) == (1, 0)
    play(s, "@0:15 kick", "@0:16 5 6")  # Blue's kick 7: 11 over, defended, Red attacks
    play(s, "@0:20 punch", "@0:21 1 3", "@0:22 3 4")
    assert (s.state.streak, s.state.ground) == (1, False)


# --- FO-5: knockdowns ------------------------------------------------------------------


def test_fo5_blue_knockdown_puts_blue_on_top():
    """FO-5: the knocking-down fighter is on top and attacking, Blue too."""
    s = bout()
    play(s, *BLUE_FIRST, "@0:05 kick")
    assert play(s, "@0:06 3 3")[-1] == "On the ground: Blue on top"
    assert (s.state.ground, s.state.attacker) == (True, 1)
    p = prompt(s)
    assert (p["who"], p["options"], p.get("target", None)) == ("Blue", ["gnp", "submission"], None)
    play(s, "@0:08 submission")
    assert prompt(s)["target"] == 8  # Blue's submission
    play(s, "@0:09 1 2")
    p = prompt(s)
    assert (p["who"], p["target"]) == ("Red", 6)  # Red's sub_defence


# --- FO-6: the ground ------------------------------------------------------------------


@pytest.mark.parametrize("move, attack, defence", [("gnp", 7, 6), ("submission", 6, 5)])
def test_fo6_ground_attack_rolls_against_its_rating_and_guard_or_sub_defence(move, attack, defence):
    """FO-6: gnp against guard, submission against sub_defence."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, f"@0:12 {move}")
    p = prompt(s)
    assert (p["who"], p["target"]) == ("Red", attack)
    play(s, "@0:13 1 2")
    p = prompt(s)
    assert (p["who"], p["target"]) == ("Blue", defence)


def test_fo6_top_snake_eyes_is_a_ko():
    """FO-6: snake eyes from the top wins by KO."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, "@0:12 submission", "@0:14 1 1")
    r = result(s)
    assert (r["winner"], r["method"], r["time"]) == ("Red", "ko", "0:14")


@pytest.mark.parametrize("faces", ["2 2", "5 5"])
def test_fo6_top_double_is_a_winning_submission(faces):
    """FO-6 (text, Doubles): the attacker's double on the ground is a winning submission, even from gnp and over the rating."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, "@0:12 gnp", f"@0:14 {faces}")
    r = result(s)
    assert (r["winner"], r["loser"], r["method"], r["time"]) == ("Red", "Blue", "submission", "0:14")
    assert r["detail"] == f"double {faces[0]}s"


def test_fo6_top_over_the_rating_stands_them_up_and_the_other_fighter_attacks():
    """FO-6: gnp 7 rolled 8 (3 + 5): the referee stands them up; Blue attacks standing."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    log = play(s, "@0:12 gnp", "@0:14 3 5")
    assert log[-1] == "Nothing doing on the ground: the referee stands them up"
    st = s.state
    assert (st.ground, st.attacker, st.step, st.ground_attacks) == (False, 1, "choose", 0)
    assert prompt(s)["options"] == ["punch", "kick", "takedown"]


def test_fo6_top_at_the_rating_asks_the_bottom_to_defend():
    """FO-6: gnp 7 rolled 7 (3 + 4) gets through: Blue rolls against guard 6."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, "@0:12 gnp", "@0:14 3 4")
    assert s.state.step == "defend"
    assert (prompt(s)["who"], prompt(s)["target"]) == ("Blue", 6)


def test_fo6_bottom_snake_eyes_is_a_ko():
    """FO-6: snake eyes from the bottom wins by KO for the bottom fighter."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, "@0:12 gnp", "@0:14 3 4", "@0:15 1 1")
    r = result(s)
    assert (r["winner"], r["loser"], r["method"]) == ("Blue", "Red", "ko")


@pytest.mark.parametrize("faces", ["3 3", "6 6"])
def test_fo6_bottom_double_scrambles_up_and_the_bottom_fighter_attacks(faces):
    """FO-6 (text, Doubles): the bottom fighter's double is a scramble: both stand, the bottom fighter attacks."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    log = play(s, "@0:12 submission", "@0:14 1 2", f"@0:15 {faces}")
    assert log[-1] == f"Double {faces[0]}s: Blue scrambles to the feet"
    st = s.state
    assert (st.ground, st.attacker, st.step, st.result) == (False, 1, "choose", None)
    assert prompt(s)["options"] == ["punch", "kick", "takedown"]


@pytest.mark.parametrize(
    "move, method, detail", [("gnp", "tko", "GnP TKO"), ("submission", "submission", "submission")]
)
def test_fo6_bottom_over_the_defence_ends_the_fight(move, method, detail):
    """FO-6: the bottom fighter rolls over guard / sub_defence: TKO from gnp, submission from a submission."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, f"@0:12 {move}", "@0:14 1 2", "@1:03 4 5")  # 9 over guard 6 and sub_defence 5
    assert result(s) == {
        "winner": "Red",
        "loser": "Blue",
        "method": method,
        "detail": detail,
        "period": 1,
        "time": "1:03",
        "fight_time": "1:03",
    }


def test_fo6_bottom_defends_and_the_top_attacks_again():
    """FO-6: the bottom fighter's good defence (guard 6 with 2 + 4) sends the top fighter to attack again."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    log = play(s, "@0:12 gnp", "@0:14 1 2", "@0:15 2 4")
    assert log[-1] == "Blue fends it off; Red attacks again from the top"
    st = s.state
    assert (st.ground, st.attacker, st.step, st.ground_attacks) == (True, 0, "choose", 1)
    assert prompt(s)["options"] == ["gnp", "submission"]


def test_fo6_after_three_defended_ground_attacks_the_referee_stands_them_up():
    """FO-6: two defended ground attacks stay down; the third stands them up and the bottom fighter attacks."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, "@0:12 gnp", "@0:13 1 2", "@0:14 2 4", "@0:15 submission", "@0:16 1 2", "@0:17 1 4")
    assert (s.state.ground, s.state.attacker, s.state.ground_attacks) == (True, 0, 2)
    log = play(s, "@0:18 gnp", "@0:19 1 2", "@0:20 2 3")
    assert log[-1] == "Blue survives a third ground attack: the referee stands them up"
    st = s.state
    assert (st.ground, st.attacker, st.step, st.ground_attacks) == (False, 1, "choose", 0)
    assert prompt(s)["options"] == ["punch", "kick", "takedown"]


def test_fo6_ground_attack_count_starts_again_on_the_next_takedown():
    """FO-6: the three are counted from when the fight went down, not over the whole round."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    play(s, "@0:12 gnp", "@0:13 1 2", "@0:14 2 4", "@0:15 gnp", "@0:16 1 2", "@0:17 2 4")
    play(s, "@0:18 gnp", "@0:19 1 2", "@0:19 4 4")  # a scramble: Blue up and attacking
    assert (s.state.ground, s.state.attacker) == (False, 1)
    play(s, "@0:20 punch", "@0:21 4 3")  # Blue's punch 6: 7 over, defended, Red attacks
    play(s, "@0:25 takedown", "@0:26 1 3", "@0:27 3 4")
    assert (s.state.ground, s.state.ground_attacks) == (True, 0)
    play(s, "@0:28 gnp", "@0:29 1 2", "@0:30 2 4")
    assert (s.state.ground, s.state.ground_attacks) == (True, 1)


# --- FO-7: rounds, attacking time, decisions ----------------------------------------------


def test_fo7_first_attacker_accrues_from_the_deciding_roll_off_answer():
    """FO-7: Red wins the roll-off at 0:09 (Red's own roll at 0:04 does not start it), keeps
    the dice to 0:21 when Blue defends; Blue holds to the bell: 12 s to 4:39."""
    s = bout()
    play(s, "@0:04 1 2", "@0:09 3 4")
    assert (s.state.attacker, s.state.since) == (0, 9.0)
    play(s, "@0:15 punch", "@0:18 1 3")
    assert s.state.attack_seconds == (0.0, 0.0)  # Red still holds the dice through Blue's roll
    play(s, "@0:21 2 3")
    assert (s.state.attack_seconds, s.state.since, s.state.attacker) == ((12.0, 0.0), 21.0, 1)
    log = play(s, "bell")
    assert log == ["Bell: end of round 1, Blue 10-9 on attacking time (0:12 to 4:39)"]
    assert s.state.rounds == ((12.0, 279.0),)


def test_fo7_roll_off_tie_starts_the_time_at_the_re_roll():
    """FO-7, FO-2: after a tie the deciding answer is Blue's re-roll (0:08), not the first roll-off."""
    s = bout()
    play(s, "@0:02 3 4", "@0:03 5 2", "@0:06 1 2", "@0:08 6 6")
    assert (s.state.attacker, s.state.since) == (0, 8.0)
    play(s, "@1:00 stall")
    assert s.state.attack_seconds == (52.0, 0.0)


def test_fo7_time_keeps_running_through_takedowns_knockdowns_and_landed_strikes():
    """FO-7: the holder keeps accruing while the dice stay in his hands (landed strikes, knockdown,
    ground attacks); it stops only when they pass (here, the stand-up at 2:00)."""
    s = bout()
    play(s, *RED_FIRST, "@0:05 punch", "@0:06 1 3", "@0:07 3 4", "@0:30 kick", "@0:31 3 3")  # knockdown
    play(s, "@1:00 gnp", "@1:01 1 2", "@1:02 2 4", "@2:00 gnp", "@2:00 5 4")  # 9 over gnp 7: stand-up
    assert s.state.attack_seconds == (120.0, 0.0)
    assert (s.state.attacker, s.state.since) == (1, 120.0)


def test_fo7_time_passes_on_a_counter_and_on_a_defended_attack():
    """FO-7: a counter at 1:00 passes the dice to Blue; Blue's defended attack at 1:45 passes them back."""
    s = bout()
    play(s, *RED_FIRST, "@0:50 punch", "@0:55 1 3", "@1:00 2 2")
    assert s.state.attack_seconds == (60.0, 0.0)
    play(s, "@1:40 kick", "@1:45 6 5")
    assert s.state.attack_seconds == (60.0, 45.0)
    play(s, "bell")
    assert s.state.rounds == ((255.0, 45.0),)


def test_fo7_finish_stops_the_holders_time():
    """FO-7: a finish at 0:40 accrues the attacker's time up to it."""
    s = bout()
    play(s, *RED_FIRST, "@0:30 punch", "@0:40 1 1")
    assert s.state.attack_seconds == (40.0, 0.0)
    assert RULESET.trackers(s.state)["Red"]["attack_seconds"] == 40.0


@pytest.mark.parametrize(
    "red_seconds, line, won, card",
    [
        (200, "Red 10-9 on attacking time (3:20 to 1:40)", (1, 0), (10, 9)),
        (100, "Blue 10-9 on attacking time (1:40 to 3:20)", (0, 1), (9, 10)),
        (150, "10-10 on attacking time (2:30 to 2:30)", (0, 0), (10, 10)),
    ],
    ids=["red", "blue", "even"],
)
def test_fo7_round_goes_10_9_on_attacking_time_10_10_when_equal(red_seconds, line, won, card):
    """FO-7: more attacking time wins the round 10-9; equal time is 10-10."""
    s = bout()
    log = round_with(s, red_seconds)
    assert log[-1] == f"Bell: end of round 1, {line}"
    assert s.state.rounds == ((float(red_seconds), 300.0 - red_seconds),)
    assert (rounds_won(s.state.rounds), scores(s.state.rounds)) == (won, card)
    t = RULESET.trackers(s.state)
    assert (t["Red"]["rounds_won"], t["Blue"]["rounds_won"]) == won
    assert (t["Red"]["score"], t["Blue"]["score"]) == card


def test_fo7_bell_voids_the_roll_in_progress():
    """FO-7: at 5:00 the thrown punch waiting for Blue's defence is void; round 2 starts with a roll-off."""
    s = bout()
    play(s, *RED_FIRST, "@4:58 punch", "@4:59 1 3")
    assert s.state.step == "defend"
    log = play(s, "bell")
    assert log == ["Bell: end of round 1, Red 10-9 on attacking time (5:00 to 0:00); the punch in progress is void"]
    assert (s.state.round, s.state.step, s.state.move) == (2, "rolloff", None)


def test_fo7_bell_before_anyone_attacks_is_10_10():
    """FO-7: nobody held the dice (the roll-off never settled): no attacking time, 10-10."""
    s = bout()
    play(s, "@0:01 2 2", "@0:02 1 3")
    assert play(s, "bell") == ["Bell: end of round 1, 10-10 on attacking time (0:00 to 0:00)"]
    assert s.state.rounds == ((0.0, 0.0),)


def test_fo7_three_round_decision_with_score_card_totals():
    """FO-7: after round 3 more rounds won is a decision; the detail is the score card total, 29-28."""
    s = bout()
    round_with(s, 200)  # Red
    round_with(s, 100)  # Blue
    log = round_with(s, 180)  # Red
    assert log[-1] == "Red def. Blue by decision (29-28), round 3, 5:00"
    assert result(s) == {
        "winner": "Red",
        "loser": "Blue",
        "method": "decision",
        "detail": "29-28",
        "period": 3,
        "time": "5:00",
        "fight_time": "15:00",
    }
    t = RULESET.trackers(s.state)
    assert (t["Red"]["rounds_won"], t["Blue"]["rounds_won"]) == (2, 1)
    assert (t["Red"]["score"], t["Blue"]["score"]) == (29, 28)


def test_fo7_blue_decision_names_the_winner_first():
    """FO-7: Blue wins two rounds: Blue def. Red, 29-28 from the winner's side."""
    s = bout()
    round_with(s, 100)
    round_with(s, 200)
    round_with(s, 120)
    r = result(s)
    assert (r["winner"], r["loser"], r["method"], r["detail"]) == ("Blue", "Red", "decision", "29-28")


def test_fo7_equal_rounds_won_is_a_draw():
    """FO-7: one round each and one 10-10: a draw, 29-29."""
    s = bout()
    round_with(s, 200)
    round_with(s, 150)
    round_with(s, 100)
    assert result(s) == {
        "winner": None,
        "loser": None,
        "method": "draw",
        "detail": "29-29",
        "period": 3,
        "time": "5:00",
        "fight_time": "15:00",
    }
    assert s.prompt.headline() == "Draw (29-29), round 3, 5:00"


def test_fo7_a_10_10_round_can_decide_nothing_but_the_others_do():
    """FO-7: Red wins one round, two are 10-10: Red wins the decision 30-29 on rounds won 1-0."""
    s = bout()
    round_with(s, 150)
    round_with(s, 200)
    round_with(s, 150)
    r = result(s)
    assert (r["winner"], r["method"], r["detail"]) == ("Red", "decision", "30-29")


def test_fo7_option_five_rounds():
    """FO-7: option rounds=5: no decision after round 3; after round 5, 3-2 is 48-47 at 25:00."""
    s = bout(rounds=5)
    for seconds in (200, 100, 200):
        round_with(s, seconds)
    assert not s.over and s.state.round == 4
    assert "round 4 roll-off" in prompt(s)["reason"]
    round_with(s, 100)
    assert s.state.round == 5
    round_with(s, 200)
    assert result(s) == {
        "winner": "Red",
        "loser": "Blue",
        "method": "decision",
        "detail": "48-47",
        "period": 5,
        "time": "5:00",
        "fight_time": "25:00",
    }


@pytest.mark.parametrize("rounds", [1, 4, "five"])
def test_fo7_rounds_option_is_three_or_five(rounds):
    """FO-7: 3 rounds, option 5; anything else is a setup error."""
    with pytest.raises(ValueError):
        bout(rounds=rounds)


def test_fo7_finish_in_round_2_has_period_time_and_fight_time():
    """FO-7, DESIGN: a KO in round 2 at 1:07 is period 2, time 1:07, fight_time 6:07."""
    s = bout()
    round_with(s, 200)
    play(s, "@0:10 1 2", "@0:10 3 4", "@0:30 punch")
    log = play(s, "@1:07 1 1")
    assert log[-1] == "Red def. Blue by KO (snake-eyes haymaker), round 2, 1:07"
    assert result(s) == {
        "winner": "Red",
        "loser": "Blue",
        "method": "ko",
        "detail": "snake-eyes haymaker",
        "period": 2,
        "time": "1:07",
        "fight_time": "6:07",
    }
    assert s.state.attack_seconds == (57.0, 0.0)
    assert RULESET.trackers(s.state)["Red"]["rounds_won"] == 1  # the finished round 1 only


def test_fo7_finish_in_round_3_at_4_59():
    """FO-7: fight_time adds the whole rounds before: round 3, 4:59 is 14:59."""
    s = bout()
    round_with(s, 200)
    round_with(s, 200)
    play(s, *BLUE_FIRST, "@4:50 takedown", "@4:55 1 2", "@4:59 5 6")  # Blue's takedown 8 lands on td 5
    play(s, "@4:59 submission", "@4:59 5 5")
    r = result(s)
    assert (r["winner"], r["method"], r["period"], r["time"], r["fight_time"]) == (
        "Blue",
        "submission",
        3,
        "4:59",
        "14:59",
    )


def test_fo7_five_round_finish_fight_time():
    """FO-7: with rounds=5, a finish in round 5 at 0:01 is 20:01."""
    s = bout(rounds=5)
    for seconds in (200, 100, 200, 100):
        round_with(s, seconds)
    play(s, "@0:00 1 2", "@0:00 3 4", "@0:01 punch", "@0:01 1 1")
    assert result(s)["fight_time"] == "20:01"


def test_fo7_nothing_more_after_the_decision():
    """FO-7: the fight is over after the last bell: another bell or roll is refused."""
    s = bout()
    for seconds in (200, 100, 200):
        round_with(s, seconds)
    assert "over" in refused(s, "bell")
    assert "over" in refused(s, "@0:01 1 2")


# --- live attacking time (the screens' round timer) ---------------------------------------


def test_fo7_live_attack_seconds_adds_the_holders_running_time():
    """FO-7: between answers the holder's time runs: Red has held from 0:10, so at 0:40 it is 30 s."""
    s = bout()
    assert live_attack_seconds(s.state, 100.0) == (0.0, 0.0)  # nobody holds the dice before the roll-off
    play(s, "@0:05 1 2")
    assert live_attack_seconds(s.state, 100.0) == (0.0, 0.0)
    play(s, "@0:10 3 4")
    assert live_attack_seconds(s.state, 40.0) == (30.0, 0.0)
    assert RULESET.live_attack_seconds(s.state, 40.0) == (30.0, 0.0)
    assert live_attack_seconds(s.state, 400.0) == (290.0, 0.0)  # the bell at 5:00 caps it
    assert live_attack_seconds(s.state, 5.0) == (0.0, 0.0)  # never negative
    play(s, "@0:50 punch", "@1:00 5 6")  # defended at 1:00: Blue holds
    assert live_attack_seconds(s.state, 90.0) == (50.0, 30.0)


def test_fo7_live_attack_seconds_stops_at_a_finish():
    """FO-7: once the fight is over the time is what it was at the finish."""
    s = bout()
    play(s, *RED_FIRST, "@0:20 punch", "@0:25 1 1")
    assert live_attack_seconds(s.state, 200.0) == (25.0, 0.0)


def test_fo7_holder_and_clock_reading():
    """FO-7: who accrues (nobody during the roll-off or after the finish) and the last reading."""
    s = bout()
    assert RULESET.holder(s.state) is None
    play(s, *BLUE_FIRST, "@0:33 kick")
    assert (RULESET.holder(s.state), RULESET.clock_reading(s.state)) == (1, 33.0)
    play(s, "@0:34 1 2")
    assert RULESET.holder(s.state) == 1  # the attacker still holds them through the defence roll
    play(s, "@0:35 1 1")
    assert RULESET.holder(s.state) is None


# --- FO-8: stalling ---------------------------------------------------------------------


def test_fo8_stall_at_the_choice_turns_the_dice_over():
    """FO-8: Red holds the dice from 0:00 and stalls at 0:25: Blue attacks from 0:25."""
    s = bout()
    play(s, *RED_FIRST)
    assert stall_open(s.state) and RULESET.stall_open(s.state)
    assert play(s, "@0:25 stall") == ["Red stalls: the dice turn over to Blue"]
    st = s.state
    assert (st.attacker, st.step, st.since, st.attack_seconds) == (1, "choose", 25.0, (25.0, 0.0))
    assert prompt(s)["who"] == "Blue"


def test_fo8_stall_during_the_attackers_roll():
    """FO-8: after choosing, the attacker still holds the dice: a stall before the roll is accepted."""
    s = bout()
    play(s, *RED_FIRST, "@0:05 kick")
    assert s.state.step == "attack" and stall_open(s.state)
    play(s, "@0:30 STALL")
    assert (s.state.attacker, s.state.move, s.state.step) == (1, None, "choose")


def test_fo8_stall_on_the_ground_stands_them_up():
    """FO-8: on the ground a stall also stands them up; the bottom fighter attacks standing."""
    s = bout()
    play(s, *RED_FIRST)
    red_ground(s)
    assert play(s, "@0:40 stall") == ["Red stalls: the dice turn over to Blue and the referee stands them up"]
    st = s.state
    assert (st.ground, st.attacker, st.ground_attacks, st.attack_seconds) == (False, 1, 0, (40.0, 0.0))
    assert prompt(s)["options"] == ["punch", "kick", "takedown"]
    assert RULESET.trackers(s.state)["Red"]["position"] is None


def test_fo8_stall_resets_the_landed_strike_count():
    """FO-8, FO-4: a stall changes hands, so the landed strikes in a row start again."""
    s = bout()
    play(s, *RED_FIRST, "@0:05 punch", "@0:06 1 3", "@0:07 3 4")
    assert s.state.streak == 1
    play(s, "@0:30 stall")
    assert s.state.streak == 0


def test_fo8_stall_is_refused_during_the_roll_off():
    """FO-8: nobody holds the dice as attacker during the roll-off, before or after Red's roll."""
    s = bout()
    assert not stall_open(s.state)
    assert "attacker" in refused(s, "@0:10 stall")
    play(s, "@0:11 2 3")
    assert "attacker" in refused(s, "@0:12 stall")


def test_fo8_stall_during_the_defenders_roll_voids_the_attack():
    """FO-8 ("accepted whenever the attacker holds the dice") and our decision that the attacker holds
    them through the defender's roll: a stall then is accepted, turns the dice over and voids the punch
    thrown; Red's time runs to the stall (issue 22: the decision, the refusal and the ruling agree)."""
    s = bout()
    thrown_red_punch(s)
    assert s.state.step == "defend" and RULESET.holder(s.state) == 0 and stall_open(s.state)
    assert play(s, "@0:20 stall") == ["Red stalls: the dice turn over to Blue; the punch in progress is void"]
    st = s.state
    assert (st.attacker, st.step, st.move, st.since) == (1, "choose", None, 20.0)
    assert st.attack_seconds[0] == 20.0 and prompt(s)["who"] == "Blue"


def test_fo8_stall_is_logged_and_can_be_undone():
    """FO-8: the stall is an answer, so undo puts the dice back in Red's hands."""
    s = bout()
    play(s, *RED_FIRST)
    before = s.state
    play(s, "@0:25 stall")
    assert s.undo() == Answer("stall", False, 25.0)
    assert s.state is before and s.state.attacker == 0
    s.redo()
    assert s.state.attacker == 1


def test_fo8_stall_can_be_called_with_the_stall_limit_off():
    """FO-8: stall_limit=0 only turns off the screen's turnover; the players can still call a stall."""
    s = bout(stall_limit=0)
    play(s, *RED_FIRST)
    play(s, "@0:05 stall")
    assert s.state.attacker == 1


def test_fo8_stall_limit_option():
    """FO-8: the stall limit is an option, default 20 s, 0 turns it off; other values are refused."""
    assert bout().state.options.stall_limit == 20
    assert bout(stall_limit=0).state.options.stall_limit == 0
    with pytest.raises(ValueError):
        bout(stall_limit=7)


# --- the clock stamps and refusals (FO-7, D-5) -------------------------------------------


def test_fo7_d5_a_stamp_earlier_than_the_last_is_refused():
    """FO-7, D-5: the clock runs forward; an earlier stamp is refused, nothing changes."""
    s = bout()
    play(s, *RED_FIRST, "@1:30 punch")
    reason = refused(s, "@1:29 1 3")
    assert reason == "the clock runs forward: this answer is stamped 1:29, the last was 1:30"
    play(s, "@1:30 1 3")  # the same reading is fine
    assert s.state.step == "defend"


@pytest.mark.parametrize("line", ["@5:00 1 2", "@7:45 1 2", "@5:00 stall"])
def test_fo7_d5_a_stamp_at_or_past_5_00_is_refused(line):
    """FO-7, D-5: a round is 5:00; only the bell may come at its end."""
    s = bout()
    play(s, *RED_FIRST)
    assert "bell" in refused(s, line)
    play(s, "@4:59 stall")
    assert s.state.attacker == 1


@pytest.mark.parametrize(
    "line, reason",
    [
        ("@0:20 7 1", "7 is not a face: a d6 shows 1-6 (or type stall, bell)"),
        ("@0:20 0 3", "0 is not a face: a d6 shows 1-6 (or type stall, bell)"),
        ("@0:20 4", "expected 2 faces for 2d6 (a d6 shows 1-6), got 1 (or type stall, bell)"),
        ("@0:20 9", "expected 2 faces for 2d6 (a d6 shows 1-6), got 1 (or type stall, bell)"),
        ("@0:20 1 2 3", "expected 2 faces for 2d6 (a d6 shows 1-6), got 3 (or type stall, bell)"),
        ("@0:20 punch", "expected 2 faces for 2d6 (a d6 shows 1-6), got 1 (or type stall, bell)"),
        ("@0:20 six six", "'six' is not a face: a d6 shows 1-6 (or type stall, bell)"),
    ],
)
def test_d5_faces_a_d6_lacks_and_one_face_are_refused(line, reason):
    """D-5, FO-1: two faces of 1-6; the total typed as one number is refused; the state does not change."""
    s = bout()
    play(s, *RED_FIRST, "@0:10 punch")
    assert refused(s, line) == reason
    # a refused answer does not move the clock either
    assert s.state.clock == 10.0


def test_d5_refused_roll_off_face_leaves_red_to_roll():
    """D-5, FO-2: a bad roll-off answer leaves the roll-off where it was."""
    s = bout()
    assert refused(s, "@0:01 6") == "expected 2 faces for 2d6 (a d6 shows 1-6), got 1 (or type bell)"
    assert prompt(s)["who"] == "Red"


def test_fo7_an_answer_without_a_stamp_takes_the_last_reading():
    """FO-7: answers without a stamp are read at the last reading (here 1:10), so no time passes."""
    s = bout()
    play(s, "@1:00 1 2", "@1:10 3 4", "punch")
    assert s.state.clock == 70.0
    play(s, "4 5")  # defended: the dice pass at 1:10
    assert (s.state.attacker, s.state.since, s.state.attack_seconds) == (1, 70.0, (0.0, 0.0))


def test_fo7_bell_needs_no_stamp_and_ends_at_5_00():
    """FO-7: "bell" is the 5:00 reading whatever was last stamped; the next round's stamps start at 0:00."""
    s = bout()
    play(s, *RED_FIRST, "@2:00 stall", "bell")
    assert s.state.rounds == ((120.0, 180.0),)
    play(s, "@0:03 1 2")  # earlier than round 1's 2:00: a new round's clock
    assert s.state.clock == 3.0


def test_fo7_undo_of_the_bell_returns_to_the_round_and_its_clock():
    """FO-7: the bell is an answer: undo puts round 1 back with its reading and banked time."""
    s = bout()
    play(s, *RED_FIRST, "@1:00 stall")
    before = s.state
    play(s, "bell")
    assert s.state.round == 2
    s.undo()
    assert s.state is before
    assert (s.state.round, s.state.clock, s.state.attack_seconds) == (1, 60.0, (60.0, 0.0))


def test_fo7_a_replayed_fight_scores_the_same():
    """FO-7: attacking time comes from the stamps alone, so folding the stored answers again gives
    the same rounds and the same result."""
    s = bout()
    round_with(s, 200)
    play(s, *BLUE_FIRST, "@0:40 stall", "@1:10 kick", "@1:11 4 5", "bell")
    round_with(s, 10)
    again = bout()
    again.replay(s.answers)
    assert again.state.rounds == s.state.rounds == ((200.0, 100.0), (31.0, 269.0), (10.0, 290.0))
    assert result(again) == result(s)
    assert result(s)["detail"] == "29-28" and result(s)["winner"] == "Blue"


# --- trackers and the reference -----------------------------------------------------------


def test_trackers_keys_and_values():
    """DESIGN, FO-7: FO trackers by name: attack_seconds, rounds_won, score, who holds the dice, position, streak."""
    s = bout()
    t = RULESET.trackers(s.state)
    assert set(t) == {"Red", "Blue"}
    assert set(t["Red"]) == {"attack_seconds", "rounds_won", "score", "holds_dice", "position", "streak"}
    assert t["Red"] == {
        "attack_seconds": 0.0,
        "rounds_won": 0,
        "score": None,
        "holds_dice": False,
        "position": None,
        "streak": None,
    }
    play(s, *RED_FIRST, "@0:05 punch", "@0:06 1 3", "@0:07 3 4")
    t = RULESET.trackers(s.state)
    assert (t["Red"]["holds_dice"], t["Blue"]["holds_dice"], t["Red"]["streak"]) == (True, False, 1)
    play(s, "@0:08 takedown", "@0:09 1 3", "@0:20 3 4")
    t = RULESET.trackers(s.state)
    assert (t["Red"]["position"], t["Blue"]["position"], t["Red"]["streak"]) == ("top", "bottom", None)
    play(s, "@0:40 stall")
    t = RULESET.trackers(s.state)
    assert (t["Red"]["attack_seconds"], t["Blue"]["holds_dice"], t["Red"]["position"]) == (40.0, True, None)


def test_reference_highlights_the_stat_in_use():
    """FO-1: the reference is both cards' stats, with the row of the attack or defence being rolled."""
    s = bout()
    ref = RULESET.reference(s.state)
    assert ref.columns == ("stat", "Red", "Blue")
    assert [r[0] for r in ref.rows][:3] == ["punch", "kick", "takedown"]
    assert ref.highlight is None
    play(s, *RED_FIRST, "@0:05 kick")
    ref = RULESET.reference(s.state)
    assert ref.rows[ref.highlight] == ("kick", "6", "7")
    play(s, "@0:06 1 2")
    ref = RULESET.reference(s.state)
    assert ref.rows[ref.highlight] == ("check", "6", "4")


# --- the odds -----------------------------------------------------------------------------


def brute_lands(attack: int, defence: int) -> float:
    rolls = list(product(range(1, 7), repeat=2))
    thrown = sum(1 for a, b in rolls if a != b and a + b <= attack)
    fails = sum(1 for a, b in rolls if a != b and a + b > defence)
    return thrown * fails / 36 / 36


@pytest.mark.parametrize("attack, defence", [(9, 8), (8, 5), (2, 10), (10, 1), (7, 7)])
def test_fo3_fo4_chance_lands_counts_two_d6_without_doubles(attack, defence):
    """FO-3, FO-4: a plain landing is a thrown non-double then a failed non-double defence."""
    assert chance_lands(attack, defence) == pytest.approx(brute_lands(attack, defence))


def test_fo4_chance_lands_text_example():
    """Text, rule 9: McGregor's punch 9 against Aldo's block 8: 26/36 thrown, 8/36 fail to block."""
    assert chance_lands(9, 8) == pytest.approx(26 / 36 * 8 / 36)
    assert chance_lands(2, 12) == 0.0  # a 2 is only ever snake eyes


# --- the registry and setup ---------------------------------------------------------------


def test_fo_is_registered_and_needs_two_different_fighters():
    """FO-1: fo is playable; one fighter, or the same card twice, is a setup error."""
    assert get_ruleset("fo") is RULESET
    with pytest.raises(ValueError):
        Session(RULESET, Setup("fo", (RED,), {}))
    with pytest.raises(ValueError, match="cannot fight himself"):
        bout(RED, RED)


# --- the shipped roster (written separately) ------------------------------------------------


def test_shipped_fo_roster_loads_if_present():
    """FO-1, FO-9: fighters/fo.yaml loads with no problems, >= 12 cards, and the text's two numbers:
    McGregor's punch 9 and Aldo's block 8 (rule 9's example)."""
    from companion.cards import load_file

    path = REPO / "fighters" / "fo.yaml"
    if not path.is_file():
        pytest.skip("fighters/fo.yaml is not written yet")
    cards, problems = load_file(path, "fo", FoCard)
    assert problems == []
    assert len(cards) >= 12
    by_name = {c.name: c for c in cards}
    assert by_name["Conor McGregor"].punch == 9
    aldo = by_name.get("José Aldo") or by_name.get("Jose Aldo")
    assert aldo is not None, sorted(by_name)
    assert aldo.block == 8


@pytest.mark.parametrize(
    "limit, held, due",
    [(20, 19.9, False), (20, 20.0, False), (20, 20.1, True), (0, 999.0, False), (10, 10.0, False), (10, 10.5, True)],
)
def test_fo8_stall_due_past_the_limit_and_never_when_off(limit, held, due):
    """FO-8: the dice turn over when the attacker holds them "longer than the stall limit" without
    rolling (a hold of exactly the limit is not); 0 is off."""
    s = bout(stall_limit=limit)
    assert RULESET.stall_due(s.state, held) is False  # the roll-off: nobody holds the dice yet
    play(s, *RED_FIRST)
    assert RULESET.stall_due(s.state, held) is due


def test_fo8_the_stall_count_never_turns_the_dice_over_while_the_defender_rolls():
    """FO-8 ("holds the dice ... without rolling"): while the defender rolls, the wait is not the
    attacker's doing: the count does not turn the dice over, though a stall may still be called."""
    s = bout(stall_limit=20)
    thrown_red_punch(s)
    assert stall_open(s.state) and RULESET.stall_due(s.state, 999.0) is False


def test_fo7_round_verdict_in_words():
    fighters = (RED, BLUE)
    assert RULESET.round_verdict((161.0, 139.0), fighters) == "Red 10-9 on attacking time (2:41 to 2:19)"
    assert RULESET.round_verdict((100.0, 100.0), fighters) == "10-10 on attacking time (1:40 to 1:40)"
