"""The engine's words as enums: the kinds of actions and events every game shares, and the base
every game's own phases and kinds derive from.

A member *is* its word (a ``str``): it compares, hashes, formats and serialises exactly as the
plain text did, so records, views and saves read the same, while code names ``ActionKind.PLAY``
instead of spelling ``"play"``. (``enum.StrEnum`` is Python 3.11+; this is the same for 3.10.)
"""

from __future__ import annotations

from enum import Enum


class Word(str, Enum):
    """A str enum whose members are their values: in JSON, f-strings, dict keys and ``==``."""

    __hash__ = str.__hash__  # Enum hashes the member's name: a dict keyed by the word must find it

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class ActionKind(Word):
    """Action kinds the engine's shared pieces make; a game's own kinds are its own :class:`Word`."""

    PLAY = "play"  # a card to the trick (rules.tricks)
    TRUMP = "trump"  # name trump (rules.tricks)
    TOGGLE = "toggle"  # a card into or out of a selection built in steps (rules.selection)
    CANCEL = "cancel"  # a selection taken back
    DRAW = "draw"  # from the stock or the discard pile (rules.drawdiscard)


class EventKind(Word):
    """Event kinds the engine's shared pieces emit; a game's own kinds are its own :class:`Word`."""

    MOVE = "move"  # a card moved between zones (State.move, card_event)
    FLIP = "flip"  # the dummy's card beneath turned up (rules.tricks)
    TRUMP = "trump"  # trump named (rules.tricks)
    PLAY_BEGINS = "play_begins"
    TRICK_WON = "trick_won"
    SHUFFLE = "shuffle"  # cards shuffled into the stock (rules.drawdiscard)
    REBUILD = "rebuild"  # the stock rebuilt from the discard pile
    CHOOSE = "choose"  # a secret choice is put (rules.choices)
    CHOSE = "chose"  # a seat answered it
    DEAL_OVER = "deal_over"  # a deal booked (State._end_deal)
    MATCH_OVER = "match_over"
