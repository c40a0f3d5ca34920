"""Exceptions raised by the rules engine; every message is meant for a player to read."""

from __future__ import annotations


class RulesError(Exception):
    """A rules file, record or request the engine cannot accept.

    ``problems`` lists the individual problems (``key.path: message``) when there are several.
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems) if problems else [message]


class IllegalAction(RulesError):
    """An action that is not legal in the current state; the state is unchanged."""
