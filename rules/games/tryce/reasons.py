"""The one-line reasons Tryce's bots give for a hint, in a player's words.

Cards are named as the table prints them without the copy's number ("the 7H", "the joker");
melds by what they are: "the group of 7s", "the run 9S-QS", "the word OVATE".
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Deck
from rules.melds import GROUP, RUN, WORD, Meld

from .finder import Option


def card_name(deck: Deck, card: int) -> str:
    """"the 7H", "the joker"."""
    face = deck.faces[card]
    if face.rank is None:
        return "the joker"
    return "the " + face.text.rstrip("0123456789")


def rank_name(deck: Deck, card: int) -> str:
    """"7s", "Ks" (the rank of ``card``, plural)."""
    face = deck.faces[card]
    text = face.text.rstrip("0123456789")
    return (text[:-1] or text) + "s"


def spelt(deck: Deck, cards: Sequence[int], named: Sequence[str | None] = ()) -> str:
    """The word ``cards`` spell (a joker as its vowel)."""
    named = list(named) + [None] * (len(cards) - len(named))
    return "".join((v or deck.faces[c].letter or "?").upper() for c, v in zip(cards, named, strict=True))


def meld_name(deck: Deck, kind: str, cards: Sequence[int], named: Sequence[str | None] = ()) -> str:
    """"the group of 7s", "the run 9S-QS", "the word OVATE"."""
    naturals = [c for c in cards if deck.faces[c].rank is not None]
    if kind == WORD:
        return "the word " + spelt(deck, cards, named)
    if not naturals:
        return f"the {kind}"
    if kind == GROUP:
        return "the group of " + rank_name(deck, naturals[0])
    if kind == RUN:
        first, last = card_name(deck, naturals[0])[4:], card_name(deck, naturals[-1])[4:]
        return f"the run {first}-{last}"
    return f"the {kind}"


def option_name(deck: Deck, option: Option) -> str:
    return meld_name(deck, option.kind, option.cards, option.named)


def table_meld_name(deck: Deck, meld: Meld) -> str:
    """A meld on the table, named as :func:`meld_name` does (a word spelt as it stands)."""
    if meld.kind == WORD:
        return "the word " + "".join(str(s) for s in meld.stands)
    return meld_name(deck, meld.kind, meld.cards)


def listing(names: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]

