"""Bradu's SIMple NHB: the game's package (its ruleset is ``ruleset.py``)."""
