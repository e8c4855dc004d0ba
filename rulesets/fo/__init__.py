"""Fighters Only featherweight: the game's package (its ruleset is ``ruleset.py``)."""
