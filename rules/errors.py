"""Exceptions raised by the rules engine; every message is meant for a player to read."""

from __future__ import annotations


class RulesError(Exception):
    """A rules file, record or request the engine cannot accept.

    ``problems`` lists the individual problems (``key.path: message``) when there are several.
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems) if problems else [message]

    def summary(self) -> str:
        """The first problem on one line, and how many more there are."""
        first = " ".join(self.problems[0].split()) if self.problems else "invalid"
        more = len(self.problems) - 1
        return first + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")


class IllegalAction(RulesError):
    """An action that is not legal in the current state; the state is unchanged."""
