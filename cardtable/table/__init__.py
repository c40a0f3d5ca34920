"""The card table: the scene where a match is played, its layout, cards, drag and drop.

``TableScene(app, session)`` is the entry point; the other modules are its parts.
"""

from .scene import TableScene

__all__ = ["TableScene"]
