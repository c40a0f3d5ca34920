"""Cards and decks: cards are small ints inside the engine, notation at the edges.

A :class:`Deck` is built from a game's ``[deck]`` table: the cross product of suits and
ranks (times ``copies``) followed by the extra cards.  Card ``i`` is ``deck.faces[i]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .errors import RulesError


@dataclass(frozen=True)
class CardFace:
    """What a card looks like, for drawing and for people: no rules in here.

    ``style`` names the deck's look ("try", "standard", "trio", "tryce"); ``suit`` is the
    suit id (``None`` for an extra card such as Try's Wild); ``rank`` the face value used
    for display; ``text`` the notation (``"12F"``, ``"W"``); ``name`` a readable name.
    """

    card: int
    style: str
    suit: str | None
    rank: int | str | None
    text: str
    name: str
    extra: str | None = None
    letter: str | None = None


@dataclass(frozen=True)
class Suit:
    id: str
    name: str
    letter: str


class Deck:
    """All cards of a game, indexed by int; parses and formats the game's notation."""

    def __init__(self, style: str, suits: list[Suit], ranks: list[Any], copies: int,
                 extras: list[dict[str, Any]], rank_text: dict[Any, str] | None = None,
                 remove: Iterable[str] = ()) -> None:
        self.style = style
        self.suits = suits
        self.ranks = ranks
        faces: list[CardFace] = []
        rank_text = rank_text or {}
        for _copy in range(copies):
            for suit in suits:
                for rank in ranks:
                    text = f"{rank_text.get(rank, str(rank))}{suit.letter}"
                    faces.append(CardFace(len(faces), style, suit.id, rank, text,
                                          f"{rank} of {suit.name}"))
        for extra in extras:
            for _copy in range(int(extra.get("copies", 1))):
                faces.append(CardFace(len(faces), style, None, extra.get("rank"), extra["text"],
                                      extra["name"], extra=extra["id"]))
        removed = set(remove)
        faces = [f for f in faces if f.text not in removed]
        self.faces: tuple[CardFace, ...] = tuple(
            CardFace(i, f.style, f.suit, f.rank, f.text, f.name, f.extra, f.letter)
            for i, f in enumerate(faces))
        self.size = len(self.faces)
        self._by_text: dict[str, list[int]] = {}
        for face in self.faces:
            self._by_text.setdefault(face.text.upper(), []).append(face.card)
        self.suit_of: tuple[int, ...] = tuple(
            -1 if f.suit is None else [s.id for s in suits].index(f.suit) for f in self.faces)
        self.rank_of: tuple[Any, ...] = tuple(f.rank for f in self.faces)

    def text(self, card: int) -> str:
        return self.faces[card].text

    def texts(self, cards: Iterable[int | None]) -> list[str | None]:
        return [None if c is None else self.faces[c].text for c in cards]

    def parse(self, text: str, avoid: Iterable[int] = ()) -> int:
        """The card named ``text``; with duplicate copies, the first not in ``avoid``."""
        ids = self._by_text.get(str(text).strip().upper())
        if not ids:
            raise RulesError(f"unknown card {text!r}")
        taken = set(avoid)
        for card in ids:
            if card not in taken:
                return card
        raise RulesError(f"card {text!r} appears more often than the deck holds it")

    def parse_many(self, texts: Iterable[str]) -> list[int]:
        cards: list[int] = []
        for text in texts:
            cards.append(self.parse(text, cards))
        return cards
