"""Cards and decks: cards are small ints inside the engine, notation at the edges.

A :class:`Deck` is built from a game's ``[deck]`` table: the cross product of suits and
ranks (times ``copies``) followed by the extra cards.  Card ``i`` is ``deck.faces[i]``.

Copies of a card share its notation (``QH`` twice; :meth:`Deck.parse` hands out the first copy
not yet taken) unless the deck marks them (``copy_marks``): then each copy's notation ends with
its number (``QH1``, ``QH2``), so records tell apart copies that differ, e.g. by the letter a
``letters`` table (card notation -> one capital letter) puts on each card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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

    def __init__(
        self,
        style: str,
        suits: list[Suit],
        ranks: list[Any],
        copies: int,
        extras: list[dict[str, Any]],
        rank_text: dict[Any, str] | None = None,
        remove: Iterable[str] = (),
        copy_marks: bool = False,
        letters: Mapping[str, str] | None = None,
    ) -> None:
        self.style = style
        self.suits = suits
        self.ranks = ranks
        faces: list[CardFace] = []
        rank_text = rank_text or {}
        marked = copy_marks and copies > 1
        self._copy_hint: dict[str, str] = {}  # with copy marks: "QH" -> "QH1 or QH2" (for a message)
        for copy in range(copies):
            for suit in suits:
                for rank in ranks:
                    text = f"{rank_text.get(rank, str(rank))}{suit.letter}"
                    if marked:
                        self._copy_hint[text.upper()] = " or ".join(f"{text}{n + 1}" for n in range(copies))
                        text = f"{text}{copy + 1}"
                    faces.append(CardFace(len(faces), style, suit.id, rank, text, f"{rank} of {suit.name}"))
        if letters:
            faces = _with_letters(faces, letters)
        for extra in extras:
            for _copy in range(int(extra.get("copies", 1))):
                faces.append(
                    CardFace(
                        len(faces), style, None, extra.get("rank"), extra["text"], extra["name"], extra=extra["id"]
                    )
                )
        removed = set(remove)
        faces = [f for f in faces if f.text not in removed]
        self.faces: tuple[CardFace, ...] = tuple(
            CardFace(i, f.style, f.suit, f.rank, f.text, f.name, f.extra, f.letter) for i, f in enumerate(faces)
        )
        self.size = len(self.faces)
        self._by_text: dict[str, list[int]] = {}
        for face in self.faces:
            self._by_text.setdefault(face.text.upper(), []).append(face.card)
        self.suit_of: tuple[int, ...] = tuple(
            -1 if f.suit is None else [s.id for s in suits].index(f.suit) for f in self.faces
        )
        self.rank_of: tuple[Any, ...] = tuple(f.rank for f in self.faces)
        self.text_of: tuple[str, ...] = tuple(f.text for f in self.faces)  # each card's text, by card

    def text(self, card: int) -> str:
        return self.faces[card].text

    def texts(self, cards: Iterable[int | None]) -> list[str | None]:
        return [None if c is None else self.faces[c].text for c in cards]

    def parse(self, text: str, avoid: Iterable[int] = ()) -> int:
        """The card named ``text``; with duplicate copies, the first not in ``avoid``."""
        key = str(text).strip().upper()
        ids = self._by_text.get(key)
        if not ids:
            hint = self._copy_hint.get(key)
            raise RulesError(f"unknown card {text!r}" + (f" (its copies are {hint})" if hint else ""))
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


def _with_letters(faces: list[CardFace], letters: Mapping[str, str]) -> list[CardFace]:
    """``faces`` with the letter of ``letters`` (notation -> letter) on each card it names.

    A notation shared by unmarked copies letters them all; one naming no suited card is an error
    (the table is the game's data: a typo must not silently leave a card without its letter)."""
    by_text: dict[str, list[int]] = {}
    for i, face in enumerate(faces):
        if face.suit is not None:
            by_text.setdefault(face.text.upper(), []).append(i)
    unknown = [text for text in letters if text.strip().upper() not in by_text]
    if unknown:
        raise RulesError(
            f"letters: unknown card{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(map(repr, unknown[:5]))}{' ...' if len(unknown) > 5 else ''} "
            f"(the letters table names cards of the deck by their notation)"
        )
    out = list(faces)
    for text, letter in letters.items():
        for i in by_text[text.strip().upper()]:
            f = out[i]
            out[i] = CardFace(f.card, f.style, f.suit, f.rank, f.text, f.name, f.extra, letter)
    return out
