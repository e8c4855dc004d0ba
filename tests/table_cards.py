"""The test cards the screen, snapshot and crash tests play with: fixed, so a
change to the shipped rosters never moves a test."""

NHB_CARDS = """\
game: nhb
fighters:
  - {name: Alpha One, control: 12, standup: 10, ground: 14, finishing: 6, toughness: 6}
  - {name: Bravo Two, control: 10, standup: 12, ground: 9, finishing: 5, toughness: 7}
"""
"""Alpha One (ground 14 >= standup 10 + 3: the submission chart, NHB-6) and Bravo Two."""

FO_CARDS = """\
game: fo
fighters:
  - {name: Red Fox, punch: 9, kick: 7, takedown: 5, block: 6, check: 5, td_defence: 6, gnp: 6, submission: 4, guard: 5, sub_defence: 5}
  - {name: Blue Jay, punch: 7, kick: 8, takedown: 4, block: 8, check: 7, td_defence: 8, gnp: 6, submission: 4, guard: 7, sub_defence: 7}
"""
"""Red Fox and Blue Jay, two featherweights."""
