"""Cardtable, the application: the window, scenes, the table, animation and saves.

Start it with ``python -m cardtable`` (or the ``cardtable`` command); ``--demo GAME`` plays
a bots-only match through the real table and exits.
"""

__version__ = "0.1.0"
