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

    case: Word | None  # the engine's kind a game's own word is a case of (see :func:`is_kind`)

    def __new__(cls, value: str, case: Word | None = None) -> Word:
        # ``GIVE_CARD = "swap", ActionKind.GIVE``: the word is "swap" in JSON, a give to the table
        member = str.__new__(cls, value)
        member._value_ = value
        member.case = case
        return member

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
    DISCARD = "discard"  # a card of the hand to the discard pile (rules.building's closing actions)
    # a meld built in steps (rules.building): start one, or a lay-off on a meld; a card in or out;
    # lay it; a melded wild card replaced by the natural card it stands for
    MELD = "meld"
    EXTEND = "extend"
    ADD = "add"
    REMOVE = "remove"
    COMMIT = "commit"
    SWAP = "swap"
    GIVE = "give"  # a card of one's hand offered to another hand (a game's word may be a case of it)


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


def is_kind(kind: str, word: Word) -> bool:
    """Whether an action's ``kind`` is the engine's ``word``: the word itself (or its plain text,
    from a game that writes strings), or a game's own word declared a case of it (Trio's ``swap``
    is a :attr:`ActionKind.GIVE`). A game's own word that only reads the same is not: Trio's
    ``swap`` (a give) is no meld's :attr:`ActionKind.SWAP`."""
    if isinstance(kind, Word) and type(kind) is not type(word):
        return kind.case is word
    return kind == word
