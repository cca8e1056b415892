"""Renderer-independent content built from the game data: the rules tables as rows of text.

Shared by the quick-reference sheets (`kolaps-print tables`) and the rulebook.
"""
