"""The line said at the table: a refusal, a hint, a prompt to finish a move or news of one, shown
in place of the status line for a while (:class:`Said`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Said:
    """What the table says now and for how long; the scene holds one and writes it through ``_say``."""

    text: str = ""
    kind: str = "info"  # "info", "warn" (a refusal) or "hint"
    left: float = 0.0  # seconds it stays
    heard: bool = False  # said by input that ended a rest: its time starts at the next update
    hearing: bool = False  # input is being handled (before this turn's update)
    moves: int | None = None  # the moves made when it was said: a warning is stale once another is made
    news: str | None = None  # the last news of a move: it gives way to your prompt when you are asked to act

    def tick(self, dt: float) -> bool:
        """``dt`` seconds later; True when a hint has just run out (its card is no longer framed)."""
        if self.heard:  # said by this turn's input: the rest the input ended is not its time
            self.heard = False
            return False
        if self.left > 0:
            self.left -= dt
            if self.left <= 0:
                self.text = ""
                return self.kind == "hint"
        return False
