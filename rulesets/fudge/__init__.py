"""Simultaneous Combat for Fudge: the game's package (its ruleset is ``ruleset.py``)."""
