"""Melds, checked once for every rummy game: groups, runs and words, jokers standing in, lay-offs.

Pure functions on the engine's int cards and per-card tables built once per deck
(:class:`MeldDeck`: each card's rank value, suit, letter and whether it is wild).  A checked
meld is a :class:`Meld`: its kind, its cards in order (a run low to high, a word as it reads)
and what each card *stands for* (a run: its rank value at that place; a group: the group's
rank; a word: its letter).  A natural card stands for itself; a joker stands for what its
place needs — in a group or run any card, in a word a vowel its player names.

The kinds are named hooks in :data:`KINDS` (``group``, ``run``, ``word``), each
``check(deck, cards, rules, named)`` returning a :class:`Meld` or ``None``.  A word's spelling
is judged by ``rules.is_word`` (the game's word check, e.g. a dictionary).  Laying off keeps
every melded card where it is: a card (or several) extends one end, or a natural card replaces
the joker standing for it and that joker is laid again at an end (:func:`lay_off`,
:func:`lay_offs`).  A meld built in steps is :class:`Building` (kind, cards so far, the vowels
named for jokers); a meld on the table lives in a zone ``meld/<seat>/<n>`` created in play.

Rank values run from 0 (the lowest rank) to ``deck.top`` (the Ace); an Ace played low in a run
counts -1.  A run may use the Ace at one end only: A-2-3-4 and J-Q-K-A, never K-A-2 or A-…-A.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import Deck

GROUP, RUN, WORD = "group", "run", "word"
START, END, REPLACE = "start", "end", "replace"
ACE_LOW = -1  # the rank value of an Ace played below the lowest rank
MELD_ZONE = "meld"

Stand = int | str  # what a card counts as: a rank value (group, run) or a letter (word)


class MeldDeck:
    """Per-card tables for meld checking: ``value`` (rank position, low to high; -1 for a wild
    card), ``suit`` (-1 for a wild card), ``letter`` (upper case, "" if none) and ``wild``.
    ``top`` is the highest rank value (the Ace, which may also sit below the lowest rank)."""

    __slots__ = ("letter", "suit", "top", "value", "wild")

    def __init__(
        self, value: Sequence[int], suit: Sequence[int], letter: Sequence[str], wild: Sequence[bool], top: int
    ) -> None:
        self.value = tuple(value)
        self.suit = tuple(suit)
        self.letter = tuple(letter)
        self.wild = tuple(wild)
        self.top = top

    @classmethod
    def from_deck(cls, deck: Deck, rank_order: Sequence[Any], wild: Iterable[str] = ("joker",)) -> MeldDeck:
        """The tables of ``deck``: ``rank_order`` lists its ranks low to high (Ace last); extra cards
        whose id is in ``wild`` are jokers."""
        order = [str(rank) for rank in rank_order]
        wild_ids = set(wild)
        is_wild = [face.extra in wild_ids for face in deck.faces]
        return cls(
            value=[-1 if w else order.index(str(face.rank)) for face, w in zip(deck.faces, is_wild, strict=True)],
            suit=[-1 if w else s for s, w in zip(deck.suit_of, is_wild, strict=True)],
            letter=[(face.letter or "").upper() for face in deck.faces],
            wild=is_wild,
            top=len(order) - 1,
        )


def _no_words(_word: str) -> bool:
    return False


@dataclass(frozen=True)
class MeldRules:
    """A game's meld rules: minimum sizes, where the Ace may sit in a run (``high``, ``low`` or
    ``both``: either end, one at a time), the vowels a joker may name in a word, and the word
    check (``is_word(lower-case letters)``)."""

    group_min: int = 3
    run_min: int = 4
    word_min: int = 4
    ace: str = "both"
    vowels: str = "AEIOU"
    is_word: Callable[[str], bool] = _no_words

    def min_size(self, kind: str) -> int:
        return {GROUP: self.group_min, RUN: self.run_min, WORD: self.word_min}[kind]


@dataclass(frozen=True)
class Meld:
    """A valid meld: ``cards`` in order and what each stands for (``stands``)."""

    kind: str
    cards: tuple[int, ...]
    stands: tuple[Stand, ...]

    @property
    def word(self) -> str:
        """A word meld's letters, jokers read as their vowels."""
        return "".join(str(s) for s in self.stands)

    def jokers(self, deck: MeldDeck) -> list[int]:
        """Places of the wild cards in this meld."""
        return [i for i, card in enumerate(self.cards) if deck.wild[card]]


# ---------------------------------------------------------------- the checks
def check_group(
    deck: MeldDeck,
    cards: Sequence[int],
    rules: MeldRules,
    named: Sequence[str | None] = (),
    min_size: int | None = None,
) -> Meld | None:
    """Cards of one rank (suits irrelevant, duplicates allowed), jokers standing for that rank."""
    if len(cards) < (rules.group_min if min_size is None else min_size):
        return None
    ranks = {deck.value[c] for c in cards if not deck.wild[c]}
    if len(ranks) != 1:  # mixed ranks, or only jokers (a group names its rank by a natural card)
        return None
    rank = ranks.pop()
    return Meld(GROUP, tuple(cards), (rank,) * len(cards))


def _run_bounds(deck: MeldDeck, rules: MeldRules) -> tuple[int, int]:
    low = ACE_LOW if rules.ace in ("low", "both") else 0
    high = deck.top if rules.ace in ("high", "both") else deck.top - 1
    return low, high


def run_from(deck: MeldDeck, cards: Sequence[int], first: int, rules: MeldRules) -> tuple[int, ...] | None:
    """The rank values of ``cards`` laid in this order as a run starting at ``first``, or ``None``
    when it is not one (a natural card off its place, two suits, an Ace at both ends, past an end)."""
    low, high = _run_bounds(deck, rules)
    last = first + len(cards) - 1
    if first < low or last > high or (first == ACE_LOW and last == deck.top):
        return None
    suit = None
    top = deck.top
    for i, card in enumerate(cards):
        if deck.wild[card]:
            continue
        if suit is None:
            suit = deck.suit[card]
        elif deck.suit[card] != suit:
            return None
        value = deck.value[card]
        if value != first + i and not (value == top and first + i == ACE_LOW):
            return None
    if suit is None:
        return None  # only jokers: a run names its suit by a natural card
    return tuple(range(first, last + 1))


def check_run(
    deck: MeldDeck,
    cards: Sequence[int],
    rules: MeldRules,
    named: Sequence[str | None] = (),
    min_size: int | None = None,
) -> Meld | None:
    """Cards of one suit in sequence, given in any order: the naturals are sorted, jokers fill the
    gaps, and spare jokers go above the highest card while there is room, then below the lowest
    [decision]. An Ace goes high if that makes a run, else low."""
    if len(cards) < (rules.run_min if min_size is None else min_size):
        return None
    naturals = [c for c in cards if not deck.wild[c]]
    jokers = [c for c in cards if deck.wild[c]]
    if not naturals:
        return None
    top = deck.top
    low, high = _run_bounds(deck, rules)
    has_ace = any(deck.value[c] == top for c in naturals)
    for ace in (top, ACE_LOW) if has_ace else (top,):
        at = {(ace if deck.value[c] == top else deck.value[c]): c for c in naturals}
        if len(at) != len(naturals) or not low <= min(at) or not max(at) <= high:
            continue  # two cards of one rank, or an Ace where the rules forbid it
        lo, hi = min(at), max(at)
        spare = len(jokers) - (hi - lo + 1 - len(naturals))
        if spare < 0:
            continue
        ceiling = top - 1 if lo == ACE_LOW else high
        new_hi = max(hi, min(hi + spare, ceiling))
        new_lo = lo - (spare - (new_hi - hi))
        if new_lo < (0 if new_hi == top else low):
            continue
        wild = iter(jokers)
        ordered = [at[v] if v in at else next(wild) for v in range(new_lo, new_hi + 1)]
        stands = run_from(deck, ordered, new_lo, rules)
        if stands is not None:
            return Meld(RUN, tuple(ordered), stands)
    return None


def run_choices(deck: MeldDeck, cards: Sequence[int], rules: MeldRules, min_size: int | None = None) -> list[Meld]:
    """Every run ``cards`` make, one per way their spare jokers (those no gap needs) can stand at
    the ends: 5H 6H 7H + joker makes 5H-8H and 4H-7H. :func:`check_run`'s choice comes first (its
    [decision]: above the highest card while there is room), the others from the highest start
    down; [] when the cards make no run."""
    first = check_run(deck, cards, rules, min_size=min_size)
    if first is None:
        return []
    found = [first]
    naturals = [c for c in cards if not deck.wild[c]]
    jokers = [c for c in cards if deck.wild[c]]
    top = deck.top
    has_ace = any(deck.value[c] == top for c in naturals)
    for ace in (top, ACE_LOW) if has_ace else (top,):
        at = {(ace if deck.value[c] == top else deck.value[c]): c for c in naturals}
        if len(at) != len(naturals):
            continue
        lo, hi = min(at), max(at)
        spare = len(jokers) - (hi - lo + 1 - len(naturals))
        if spare < 0:
            continue  # too few jokers for the gaps with the Ace there
        for below in range(spare + 1):  # spare jokers below the lowest card, the rest above it
            wild = iter(jokers)
            start = lo - below
            ordered = [at[v] if v in at else next(wild) for v in range(start, hi + spare - below + 1)]
            stands = run_from(deck, ordered, start, rules)
            if stands is not None and all(m.stands != stands for m in found):
                found.append(Meld(RUN, tuple(ordered), stands))
    return found


def spell(deck: MeldDeck, cards: Sequence[int], named: Sequence[str | None], rules: MeldRules) -> str | None:
    """The letters ``cards`` read, each joker as the vowel named for it (``named`` runs parallel to
    ``cards``); ``None`` if a joker names no vowel or a card bears no letter."""
    letters = []
    for i, card in enumerate(cards):
        if deck.wild[card]:
            vowel = named[i] if i < len(named) else None
            if not vowel or vowel.upper() not in rules.vowels:
                return None
            letters.append(vowel.upper())
        elif deck.letter[card]:
            letters.append(deck.letter[card])
        else:
            return None
    return "".join(letters)


def check_word(
    deck: MeldDeck,
    cards: Sequence[int],
    rules: MeldRules,
    named: Sequence[str | None] = (),
    min_size: int | None = None,
) -> Meld | None:
    """Letters in order spelling a word (``rules.is_word``); a joker is the vowel named for it."""
    if len(cards) < (rules.word_min if min_size is None else min_size):
        return None
    word = spell(deck, cards, named, rules)
    if word is None or not rules.is_word(word.lower()):
        return None
    return Meld(WORD, tuple(cards), tuple(word))


Check = Callable[..., Meld | None]
KINDS: dict[str, Check] = {GROUP: check_group, RUN: check_run, WORD: check_word}


def check(
    kind: str,
    deck: MeldDeck,
    cards: Sequence[int],
    rules: MeldRules,
    named: Sequence[str | None] = (),
    min_size: int | None = None,
) -> Meld | None:
    """The meld ``cards`` make as a ``kind`` (a name in :data:`KINDS`), or ``None``."""
    return KINDS[kind](deck, cards, rules, named, min_size)


# ------------------------------------------------------------------ lay-offs
@dataclass(frozen=True)
class LayOff:
    """Where a card goes on a meld: at its ``start`` or ``end``; or ``replace`` the joker at
    ``index``, that joker then laid again at ``joker_end``. ``vowel``: the vowel a joker laid on
    a word names (the card itself, or the freed joker of a replacement)."""

    where: str
    index: int = -1
    joker_end: str = END
    vowel: str | None = None


def _extended(
    deck: MeldDeck, meld: Meld, cards: Sequence[int], where: str, rules: MeldRules, named: Sequence[str | None]
) -> Meld | None:
    """``meld`` with ``cards`` added at ``where`` (start or end), every melded card in its place."""
    if meld.kind == GROUP:
        return check_group(deck, meld.cards + tuple(cards), rules)
    if meld.kind == RUN:
        if where == START:
            ordered, first = tuple(cards) + meld.cards, int(meld.stands[0]) - len(cards)
        else:
            ordered, first = meld.cards + tuple(cards), int(meld.stands[0])
        stands = run_from(deck, ordered, first, rules)
        return None if stands is None else Meld(RUN, ordered, stands)
    old = [str(s) for s in meld.stands]
    if where == START:
        ordered, letters = tuple(cards) + meld.cards, list(named) + old
    else:
        ordered, letters = meld.cards + tuple(cards), old + list(named)
    return check_word(deck, ordered, rules, letters, min_size=0)


def _stands_for(deck: MeldDeck, meld: Meld, index: int, card: int) -> bool:
    """Whether natural ``card`` is what the joker at ``index`` stands for."""
    stand = meld.stands[index]
    if meld.kind == GROUP:
        return deck.value[card] == stand
    if meld.kind == RUN:
        suit = next(deck.suit[c] for c in meld.cards if not deck.wild[c])
        value = deck.value[card]
        return deck.suit[card] == suit and (value == stand or (value == deck.top and stand == ACE_LOW))
    return deck.letter[card] == stand


def lay_off(
    deck: MeldDeck,
    meld: Meld,
    cards: Sequence[int],
    how: LayOff,
    rules: MeldRules,
    named: Sequence[str | None] | None = None,
) -> Meld | None:
    """The meld after laying off ``cards`` as ``how`` says, or ``None`` if that is not allowed.

    Extending: the cards (several at once are judged on the result) go at one end; a joker among
    them on a word names ``how.vowel`` (or its own vowel in ``named``, parallel to ``cards``).
    Replacing (one natural card): it must be what the joker at ``how.index`` stands for; the
    joker is laid again at ``how.joker_end`` of the same meld.
    """
    if how.where in (START, END):
        if named is None:
            named = [how.vowel if deck.wild[c] else None for c in cards]
        return _extended(deck, meld, cards, how.where, rules, named)
    if len(cards) != 1 or not 0 <= how.index < len(meld.cards):
        return None
    (card,) = cards
    joker = meld.cards[how.index]
    if deck.wild[card] or not deck.wild[joker] or not _stands_for(deck, meld, how.index, card):
        return None
    swapped = list(meld.cards)
    swapped[how.index] = card
    if meld.kind == WORD:
        stands: tuple[Stand, ...] = tuple(str(s) for s in meld.stands)  # the natural reads as the vowel it replaced
    else:
        stands = meld.stands
    kept = Meld(meld.kind, tuple(swapped), stands)
    return _extended(deck, kept, (joker,), how.joker_end, rules, [how.vowel])


def lay_offs(deck: MeldDeck, meld: Meld, card: int, rules: MeldRules) -> list[LayOff]:
    """Every way ``card`` alone may be laid off on ``meld``: the ends it may extend (a joker on a
    word once per vowel), then the jokers it may replace with each end the joker may go to."""
    vowels: Sequence[str | None] = tuple(rules.vowels) if deck.wild[card] and meld.kind == WORD else (None,)
    ends = (END,) if meld.kind == GROUP else (START, END)
    found = [
        LayOff(end, vowel=v)
        for end in ends
        for v in vowels
        if lay_off(deck, meld, (card,), LayOff(end, vowel=v), rules) is not None
    ]
    if deck.wild[card]:
        return found
    again: Sequence[str | None] = tuple(rules.vowels) if meld.kind == WORD else (None,)
    for index in meld.jokers(deck):
        for end in ends:
            for v in again:
                how = LayOff(REPLACE, index, end, v)
                if lay_off(deck, meld, (card,), how, rules) is not None:
                    found.append(how)
    return found


# ------------------------------------------------------- a meld built in steps
@dataclass(frozen=True)
class Building:
    """A meld being built: its kind, the cards added so far in order, and the vowel named for
    each joker (``None`` for natural cards). Immutable: each step returns a new value."""

    kind: str
    cards: tuple[int, ...] = ()
    named: tuple[str | None, ...] = ()

    def add(self, card: int, vowel: str | None = None) -> Building:
        return Building(self.kind, self.cards + (card,), self.named + (vowel,))

    def remove(self, card: int) -> Building:
        i = self.cards.index(card)
        return Building(self.kind, self.cards[:i] + self.cards[i + 1 :], self.named[:i] + self.named[i + 1 :])

    def meld(self, deck: MeldDeck, rules: MeldRules, min_size: int | None = None) -> Meld | None:
        """The meld these cards make, or ``None``: committing is legal only when this is a meld."""
        return check(self.kind, deck, self.cards, rules, self.named, min_size)


# ------------------------------------------------------------- meld zones
def meld_zone(seat: int, number: int) -> str:
    """The zone of ``seat``'s meld number ``number`` (0 first), e.g. ``meld/2/0``."""
    return f"{MELD_ZONE}/{seat}/{number}"


def meld_owner(zone: str) -> int | None:
    """The seat owning meld zone ``zone`` (``None`` if it is not a meld zone)."""
    parts = zone.split("/")
    if len(parts) != 3 or parts[0] != MELD_ZONE or not parts[1].isdigit() or not parts[2].isdigit():
        return None
    return int(parts[1])


def melds_of(zones: Iterable[str], seat: int) -> list[str]:
    """``seat``'s meld zones among ``zones``, in the order they were laid."""
    mine = [z for z in zones if meld_owner(z) == seat]
    return sorted(mine, key=lambda z: int(z.rsplit("/", 1)[1]))


def next_meld_zone(zones: Iterable[str], seat: int) -> str:
    """The zone ``seat``'s next meld is laid in."""
    return meld_zone(seat, len(melds_of(zones, seat)))


def open_meld_zone(zones: dict[str, list[int]], seat: int) -> str:
    """Create ``seat``'s next meld zone (empty) in a state's ``zones`` and return its name."""
    zone = next_meld_zone(zones, seat)
    zones[zone] = []
    return zone
