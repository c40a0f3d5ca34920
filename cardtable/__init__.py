"""Cardtable, the application: the window, scenes, the table, animation and saves.

Start it with ``python -m cardtable`` (or the ``cardtable`` command); ``--demo GAME`` plays
a bots-only match through the real table and exits.
"""

import os

# pygame-ce prints a banner ("pygame-ce 2.x (SDL ...)") on its first import unless this is set: set
# before any module of the package imports pygame (every one imports this file first), so neither the
# app, the bots' process nor a tool prints it. A value the user set is kept.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
