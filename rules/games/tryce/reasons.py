"""The one-line reasons Tryce's bots give for a hint, in a player's words.

Cards are named in words, as the table's hint names them ("the 7 of Hearts", "the joker"),
never by their codes; melds by what they are: "the group of 7s", "the run 9-Queen of Spades",
"the word OVATE". A reason says why, never the move again (the hint names the move).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Deck
from rules.melds import GROUP, RUN, WORD, Meld

from .finder import Option

RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}


def rank_word(deck: Deck, card: int) -> str:
    """ "7", "Queen" (the rank of ``card``)."""
    text = deck.faces[card].text.rstrip("0123456789")
    rank = text[:-1] or text
    return RANK_WORDS.get(rank, rank)


def card_name(deck: Deck, card: int) -> str:
    """ "the 7 of Hearts", "the joker"."""
    face = deck.faces[card]
    if face.rank is None:
        return "the joker"
    return f"the {rank_word(deck, card)} of {face.name.split(' of ')[-1]}"


def rank_name(deck: Deck, card: int) -> str:
    """ "7s", "Kings" (the rank of ``card``, plural)."""
    return rank_word(deck, card) + "s"


def spelt(deck: Deck, cards: Sequence[int], named: Sequence[str | None] = ()) -> str:
    """The word ``cards`` spell (a joker as its vowel)."""
    named = list(named) + [None] * (len(cards) - len(named))
    return "".join((v or deck.faces[c].letter or "?").upper() for c, v in zip(cards, named, strict=True))


def meld_name(deck: Deck, kind: str, cards: Sequence[int], named: Sequence[str | None] = ()) -> str:
    """ "the group of 7s", "the run 9S-QS", "the word OVATE"."""
    naturals = [c for c in cards if deck.faces[c].rank is not None]
    if kind == WORD:
        return "the word " + spelt(deck, cards, named)
    if not naturals:
        return f"the {kind}"
    if kind == GROUP:
        return "the group of " + rank_name(deck, naturals[0])
    if kind == RUN:
        suit = deck.faces[naturals[0]].name.split(" of ")[-1]
        return f"the run {rank_word(deck, naturals[0])}-{rank_word(deck, naturals[-1])} of {suit}"
    return f"the {kind}"


def option_name(deck: Deck, option: Option) -> str:
    return meld_name(deck, option.kind, option.cards, option.named)


def table_meld_name(deck: Deck, meld: Meld) -> str:
    """A meld on the table, named as :func:`meld_name` does (a word spelt as it stands)."""
    if meld.kind == WORD:
        return "the word " + "".join(str(s) for s in meld.stands)
    return meld_name(deck, meld.kind, meld.cards)


def listing(names: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
