"""Why cards make no meld, in a player's words: the card that breaks a run, the rank a group
lacks, the spelling that is not a word (:mod:`rules.melds` says only *whether*; this says *why*).

Each function answers with one sentence naming cards as the deck names them ("the 7 of Clubs"),
or ``None`` when it finds nothing to say beyond "not a meld" (jokers alone, which a game words
itself). The checks mirror :mod:`rules.melds` and are asked only once a meld is refused: never
on a legal move's path, never by a search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .melds import ACE_LOW, GROUP, RUN, WORD, MeldDeck, MeldRules, spell

if TYPE_CHECKING:
    from .cards import Deck

NUMBERS = ("no", "a", "two", "three", "four", "five", "six")


class Names:
    """How cards, ranks and suits are said: ``deck``'s names, ``rank_order`` low to high (Ace last)."""

    def __init__(self, deck: Deck, meld_deck: MeldDeck, rank_order: Sequence[Any]) -> None:
        self.deck = deck
        self.meld_deck = meld_deck
        self.ranks = [str(r) for r in rank_order]

    def card(self, card: int) -> str:
        """ "the 7 of Clubs", "a joker"."""
        if self.meld_deck.wild[card]:
            return "a joker"
        return "the " + self.deck.faces[card].name

    def rank(self, value: int) -> str:
        """A rank value as a word of the deck: "7", "A" (an Ace low too)."""
        return self.ranks[-1] if value == ACE_LOW else self.ranks[value]

    def suit(self, suit: int) -> str:
        return self.deck.suits[suit].name

    def at(self, value: int, suit: int) -> str:
        """ "the 8 of Clubs": the card a run needs at ``value``."""
        return f"the {self.rank(value)} of {self.suit(suit)}"


def cap(text: str) -> str:
    """``text`` with its first letter upper case (``str.capitalize`` would lower "Clubs")."""
    return text[:1].upper() + text[1:]


def number(n: int) -> str:
    """ "two", "three" (small numbers in words)."""
    return NUMBERS[n] if 1 < n < len(NUMBERS) else str(n)


def count(n: int, thing: str, plural: str | None = None) -> str:
    """ "a run", "two words"."""
    word = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{word} {thing if n == 1 else plural or thing + 's'}"


def listing(parts: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    parts = list(parts)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _too_few(kind: str, cards: Sequence[int], least: int) -> str:
    unit = "letters" if kind == WORD else "cards"
    return f"A {kind} needs at least {least} {unit}: these are {len(cards)}."


def group_refusal(names: Names, cards: Sequence[int], rules: MeldRules, min_size: int | None = None) -> str | None:
    """Why ``cards`` make no group: too few, or a card of another rank (named, against the rank
    most of the others share)."""
    least = rules.group_min if min_size is None else min_size
    if len(cards) < least:
        return _too_few(GROUP, cards, least)
    deck = names.meld_deck
    naturals = [c for c in cards if not deck.wild[c]]
    if not naturals:
        return None
    ranks = Counter(deck.value[c] for c in naturals)
    rank = max(ranks, key=lambda v: (ranks[v], -naturals.index(next(c for c in naturals if deck.value[c] == v))))
    odd = next((c for c in naturals if deck.value[c] != rank), None)
    if odd is None:
        return None
    return f"A group is all of one rank: {names.card(odd)} is not a {names.rank(rank)}."


def _one_suit(names: Names, naturals: Sequence[int]) -> tuple[int, str | None]:
    """The suit most of ``naturals`` share, and the reason a card of another suit gives."""
    deck = names.meld_deck
    suits = Counter(deck.suit[c] for c in naturals)
    suit = max(suits, key=lambda s: (suits[s], -next(i for i, c in enumerate(naturals) if deck.suit[c] == s)))
    odd = next((c for c in naturals if deck.suit[c] != suit), None)
    if odd is None:
        return suit, None
    return suit, f"A run is all of one suit: {names.card(odd)} is not one of the {names.suit(suit)}."


def run_refusal(names: Names, cards: Sequence[int], rules: MeldRules, min_size: int | None = None) -> str | None:
    """Why ``cards`` (in any order, as :func:`rules.melds.check_run` takes them) make no run: too
    few, two suits, a rank twice, or the card that breaks the sequence and what should come
    instead ("The 9 of Clubs breaks the run: after the 6 of Clubs comes the 7 of Clubs.")."""
    least = rules.run_min if min_size is None else min_size
    if len(cards) < least:
        return _too_few(RUN, cards, least)
    deck = names.meld_deck
    naturals = [c for c in cards if not deck.wild[c]]
    if not naturals:
        return None
    suit, odd = _one_suit(names, naturals)
    if odd is not None:
        return odd
    seen: dict[int, int] = {}
    for card in naturals:
        if deck.value[card] in seen:
            return f"A run holds each rank once: {names.card(card)} is there twice."
        seen[deck.value[card]] = card
    jokers = len(cards) - len(naturals)
    top = deck.top
    best: tuple[int, list[tuple[int, int]], int, int] | None = None  # (cards in reach, run, first, last)
    for ace in (top, ACE_LOW) if top in seen and rules.ace != "high" else (top,):
        run = sorted(((ace if v == top else v), c) for v, c in seen.items())
        for i in range(len(run)):  # the longest stretch the jokers can fill
            for j in range(i, len(run)):
                gaps = (run[j][0] - run[i][0] + 1) - (j - i + 1)
                if gaps <= jokers and (best is None or j - i + 1 > best[0]):
                    best = (j - i + 1, run, i, j)
    assert best is not None
    reach, run, i, j = best
    if reach == len(run):
        return None  # every card in sequence: what is wrong is the jokers' room (a game says it)
    spare = jokers - ((run[j][0] - run[i][0] + 1) - (j - i + 1))  # jokers the stretch leaves free
    if j + 1 < len(run) and (i == 0 or len(run) - 1 - j <= i):  # the first card above the stretch
        card, near, missing = run[j + 1][1], run[j][1], range(run[j][0] + 1, run[j + 1][0])
        where = "after"
    else:  # the last card below the stretch
        card, near, missing = run[i - 1][1], run[i][1], range(run[i - 1][0] + 1, run[i][0])
        where = "before"
    if not spare:
        needed = missing[0] if where == "after" else missing[-1]
        return f"{cap(names.card(card))} breaks the run: {where} {names.card(near)} comes {names.at(needed, suit)}."
    ranks = listing([names.rank(v) for v in missing])
    every = "both" if len(missing) == 2 else f"all {number(len(missing))}"
    jokers_left = "one joker" if spare == 1 else count(spare, "joker")
    return (
        f"{cap(names.card(card))} breaks the run: {where} {names.card(near)} come the {ranks} of "
        f"{names.suit(suit)}, and {jokers_left} cannot stand for {every}."
    )


def word_refusal(
    names: Names, cards: Sequence[int], named: Sequence[str | None], rules: MeldRules, min_size: int | None = None
) -> str | None:
    """Why ``cards`` (jokers as the vowels ``named`` for them) make no word: too few letters, a
    joker with no vowel named, or a spelling not in the game's word list."""
    least = rules.word_min if min_size is None else min_size
    if len(cards) < least:
        return _too_few(WORD, cards, least)
    word = spell(names.meld_deck, cards, named, rules)
    if word is None:
        return f"A joker in a word stands for a vowel ({', '.join(rules.vowels)}): name the one it is."
    return f"{word} is not a word in the list."


def meld_refusal(
    names: Names,
    kind: str,
    cards: Sequence[int],
    named: Sequence[str | None],
    rules: MeldRules,
    min_size: int | None = None,
) -> str | None:
    """Why ``cards`` make no meld of ``kind`` (see the functions above)."""
    if kind == GROUP:
        return group_refusal(names, cards, rules, min_size)
    if kind == RUN:
        return run_refusal(names, cards, rules, min_size)
    return word_refusal(names, cards, named, rules, min_size)


def run_end_refusal(
    names: Names, stands: Sequence[Any], suit: int, start: Sequence[int], end: Sequence[int], rules: MeldRules
) -> str | None:
    """Why a run standing for ``stands`` (rank values, low to high) takes no ``start`` cards laid in
    that order before its first card and ``end`` cards after its last: the first card off its
    place, and what that place needs."""
    deck = names.meld_deck
    top = deck.top
    low = ACE_LOW if rules.ace in ("low", "both") else 0
    high = top if rules.ace in ("high", "both") else top - 1
    first = int(stands[0]) - len(start)
    for k, card in enumerate(start):  # laid left to right before the run's first card
        place = first + k
        if place < low:
            return f"Nothing comes before {names.at(low, suit)}: {names.card(card)} cannot start this run."
        if deck.wild[card] or deck.value[card] == place or (place == ACE_LOW and deck.value[card] == top):
            continue
        nxt = int(stands[0]) if k == len(start) - 1 else first + k + 1
        return (
            f"{cap(names.card(card))} does not fit before {names.at(nxt, suit)}: "
            f"the card before it is {names.at(place, suit)}."
        )
    last = int(stands[-1])
    for k, card in enumerate(end):
        place = last + 1 + k
        if place > high:
            return f"Nothing comes after {names.at(high, suit)}: {names.card(card)} cannot end this run."
        if deck.wild[card] or deck.value[card] == place:
            continue
        return (
            f"{cap(names.card(card))} does not fit after {names.at(place - 1, suit)}: "
            f"the next card is {names.at(place, suit)}."
        )
    if first == ACE_LOW and last + len(end) >= top:
        return "An Ace may end a run at one end only, high or low: this run would need it at both."
    return None
