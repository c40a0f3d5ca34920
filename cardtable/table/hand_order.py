"""Your hand sorted for the eye: by suit (colours alternating where they can), the trump suit at
one end, then by rank, as the player's setting asks ("trump right", "trump left" or "as dealt";
low or high cards first). The game's presenter says how its cards sort (``hand_order``: suits,
ranks, trump); a presenter that says nothing leaves the hand as dealt, and a hand the layout
shows in the view's order (a sorted hand that is rules) is never touched.

The order is display only: it is never sent to the rules and shows nothing the seat does not
hold. A hand is sorted when it is first shown, when cards arrive in it (a deal, the exchange),
when the trump changes (named) and when the setting changes; in between, the player's own
arrangement (cards dragged within the hand) is kept, in hot-seat play per seat: a seat that
takes the screen again finds its hand as it left it (:meth:`HandArranger.keep`, ``recall``),
and never sees another seat's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import permutations
from typing import Any, Protocol

from rules.presenter import HandOrder

from .cards import CardSprite


class TableScene(Protocol):
    """What the arranger reads of the table scene (a protocol: this module imports no scene)."""

    app: Any
    board: Any
    deck: Any
    ext: Any
    painter: Any
    presenter: Any
    seat: int | None
    view: Any

    @property
    def my_hand(self) -> str | None: ...


ORDERS = ("trump_right", "trump_left", "dealt")
LABELS = {"trump_right": "Suits, trump right", "trump_left": "Suits, trump left", "dealt": "As dealt"}
MAX_PERMUTED = 6  # suits arranged for alternating colours up to this many (6! orders)

Colour = Callable[[str], Any]


def suit_sequence(order: HandOrder, how: str, colour: Colour | None = None) -> list[str]:
    """The suits left to right: the others (colours alternating when ``colour`` tells them apart,
    else in the game's order), the trump at the right (``trump_right``) or the left."""
    trump = order.trump if order.trump in order.suits else None
    others = [s for s in order.suits if s != trump]
    if colour is not None and 1 < len(others) <= MAX_PERMUTED:

        def clashes(seq: Sequence[str]) -> int:
            row = [trump, *seq] if how == "trump_left" and trump else [*seq, *([trump] if trump else [])]
            return sum(colour(a) == colour(b) for a, b in zip(row, row[1:], strict=False))

        others = list(min(permutations(others), key=clashes))  # the first best: the game's order wins ties
    if trump is None:
        return others
    return [trump, *others] if how == "trump_left" else [*others, trump]


def sort_key(
    order: HandOrder,
    how: str,
    high_first: bool,
    colour: Colour | None = None,
    face: Callable[[str], tuple[str | None, str]] | None = None,
) -> Callable[[CardSprite], tuple]:
    """The key a hand's cards sort by; ``face(text)`` gives a card's (suit id, rank as text).
    Cards it cannot place (unknown, an extra card) go to the right end in their order."""
    suits = {s: i for i, s in enumerate(suit_sequence(order, how, colour))}
    ranks = {r: i for i, r in enumerate(order.ranks)}
    sign = -1 if high_first else 1

    def key(card: CardSprite) -> tuple:
        if card.text is None or face is None:
            return (1, 0, 0)
        suit, rank = face(card.text)
        if suit not in suits or rank not in ranks:
            return (1, 0, 0)
        return (0, suits[suit], sign * ranks[rank])

    return key


class HandArranger:
    """Keeps the viewer's hand sorted as the setting asks (see the module's words)."""

    def __init__(self) -> None:
        self.key: tuple | None = None  # what the hand was last sorted for
        self.held: Counter[str | None] = Counter()  # the cards it held then
        self.seat: int | None = None  # whose hand is on the screen, in zone ``zone``
        self.zone: str | None = None
        self.kept: dict[int, tuple[list[str | None], tuple | None, Counter[str | None]]] = {}  # by seat

    def keep(self, board: Any) -> None:
        """Remember the arrangement of the hand on the screen before another seat takes it."""
        if self.seat is not None and self.zone is not None:
            cards = board.zones.get(self.zone, [])
            self.kept[self.seat] = ([c.text for c in cards], self.key, self.held)

    def recall(self, table: TableScene) -> bool:
        """The viewer's hand as this seat left it (cards gained since then sort in as usual),
        or sorted afresh the first time it is shown; True when its order changed."""
        self.seat, self.zone = table.seat, table.my_hand
        saved = self.kept.get(table.seat) if table.seat is not None else None
        if saved is None or self.zone is None or table.ext.ordered(self.zone):
            return self.arrange(table, fresh=True)
        texts, self.key, self.held = saved
        cards = table.board.zones.get(self.zone, [])
        places: dict[str | None, list[int]] = {}
        for i, text in enumerate(texts):
            places.setdefault(text, []).append(i)

        def place(item: tuple[int, CardSprite]) -> int:
            where = places.get(item[1].text)
            return where.pop(0) if where else len(texts) + item[0]  # new to the hand: after the rest

        before = list(cards)
        cards[:] = [card for _, card in sorted(enumerate(cards), key=place)]
        return self.arrange(table) or cards != before

    def arrange(self, table: TableScene, fresh: bool = False) -> bool:
        """Sort ``table``'s hand of the viewer when it is due; True when its order changed
        (the caller then places the cards: they travel, never jump)."""
        zone = table.my_hand
        if zone is None or table.ext.ordered(zone):
            return False
        cards = table.board.zones.get(zone, [])
        settings = getattr(table.app, "settings", None)
        how = str(getattr(settings, "hand_order", ORDERS[0]))
        high = bool(getattr(settings, "high_cards_first", False))
        try:
            order = table.presenter.hand_order(table.view)
        except Exception:  # noqa: BLE001 - a third party's presenter: the hand stays as it is
            order = None
        held, before = Counter(c.text for c in cards), self.held
        arrived = any(count > before[text] for text, count in held.items())
        key = (zone, how, high, order)
        due = fresh or arrived or key != self.key
        whole = fresh or key != self.key or not any(before.values())  # else only the newcomers find their place
        self.key, self.held = key, held
        if not due or order is None or how not in ORDERS or how == "dealt":
            return False
        painter = table.painter
        style = table.deck.style

        def face(text: str) -> tuple[str | None, str]:
            f = painter.face_of(text)
            return f.suit, str(f.rank)

        colour = _colour_of(style)
        by = sort_key(order, how, high, colour, face)
        ranked = sorted(cards, key=by) if whole else sorted_in(cards, before, by)
        if ranked == cards:
            return False
        cards[:] = ranked
        return True


def sorted_in(
    cards: list[CardSprite], before: Counter[str | None], key: Callable[[CardSprite], tuple]
) -> list[CardSprite]:
    """``cards`` with those not counted in ``before`` (a draw, a pickup: the newest of a text)
    each set among its suit (after the last of them ranking at or below it, else before the
    first), or with no card of its suit after the last card that sorts before it; the others
    keep the order the player gave them (a sorted hand stays sorted, an arranged one its
    arrangement)."""
    left = Counter(before)
    kept, new = [], []
    for card in cards:
        if left[card.text] > 0:
            left[card.text] -= 1
            kept.append(card)
        else:
            new.append(card)
    for card in sorted(new, key=key):
        mine = key(card)
        suit = [i for i, other in enumerate(kept) if key(other)[:2] == mine[:2]]
        places = suit or range(len(kept))
        at = max((i + 1 for i in places if key(kept[i]) <= mine), default=suit[0] if suit else 0)
        kept.insert(at, card)
    return kept


def in_order(cards: Sequence[CardSprite], texts: Sequence[str | None]) -> list[CardSprite]:
    """``cards`` in the order ``texts`` had them (a hand as it was before a move taken back or a
    meld cancelled); cards not among ``texts`` follow, in their order."""
    places: dict[str | None, list[int]] = {}
    for i, text in enumerate(texts):
        places.setdefault(text, []).append(i)

    def place(item: tuple[int, CardSprite]) -> int:
        where = places.get(item[1].text)
        return where.pop(0) if where else len(texts) + item[0]

    return [card for _, card in sorted(enumerate(cards), key=place)]


def _colour_of(style: str) -> Colour | None:
    try:
        from sprites import suit_color
    except ImportError:  # pragma: no cover - the sprites package ships with the app
        return None
    return lambda suit: suit_color(style, suit)
