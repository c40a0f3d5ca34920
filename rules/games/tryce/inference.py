"""What one Tryce seat may learn of the others during a hand, from what every seat sees.

A :class:`Reading` keeps, per other seat, the cards it is known to collect and the cards it has
shown it does not want:

- *collects*: the cards it took from the discard pile or bought (the view's ``known`` cards of
  its hidden zones while it holds them; also remembered from the events after they are melded);
- *spurns*: the cards it discarded, the top discard it sold rather than took, and a card for sale
  it did not buy (the ``sold`` event names the buyers; every other seat asked passed).

It reads only events shown to its own seat (``observe``) and the seat's views (``sync``): nothing
a player at the table could not know. A hand's reading starts afresh with each deal.

:func:`feeds` turns a reading into a number: how likely a card discarded now helps a given
opponent — a group of a rank it collects, a run in a suit it collects near the card, a lay-off on
a meld once it may lay off — lowered for what it has spurned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.actions import Event
from rules.melds import Meld, MeldDeck
from rules.view import View

from .facts import TryceFacts
from .finder import Contract, Finder


class Reading:
    """One seat's memory of the other seats' pick-ups and refusals in the current hand."""

    def __init__(self, seat: int, parse: Any) -> None:
        self.seat = seat
        self.parse = parse  # card text -> int card (any copy of a duplicated card will do)
        self.hand_key: tuple[int, int] | None = None
        self.collects: dict[int, set[int]] = {}
        self.spurns: dict[int, list[int]] = {}
        self._for_sale: int | None = None
        self._asked: list[int] = []

    def reset(self) -> None:
        self.collects, self.spurns = {}, {}
        self._for_sale, self._asked = None, []

    def _card(self, text: Any) -> int | None:
        if not isinstance(text, str):
            return None
        try:
            return self.parse(text)
        except Exception:  # noqa: BLE001 - a card text this deck does not know: nothing learnt
            return None

    def _collect(self, seat: int, card: int | None) -> None:
        if card is not None and seat != self.seat:
            self.collects.setdefault(seat, set()).add(card)

    def _spurn(self, seat: int, card: int | None) -> None:
        if card is not None and seat != self.seat:
            self.spurns.setdefault(seat, []).append(card)

    def observe(self, events: Iterable[Event]) -> None:
        """Learn from the events shown to this seat."""
        for event in events:
            data = event.data
            kind = event.kind
            if kind == "deal":
                self.reset()
                self.hand_key = None
            elif kind == "move":
                source, target = str(data.get("source", "")), str(data.get("target", ""))
                if target == "discard" and source.startswith("hand/"):
                    self._spurn(int(source.split("/")[1]), self._card(data.get("card")))
                elif source == "discard" and target.startswith("hand/"):
                    self._collect(int(target.split("/")[1]), self._card(data.get("card")))
            elif kind == "sell":
                card = self._card(data.get("card"))
                self._spurn(int(data.get("seat", self.seat)), card)
                self._for_sale = card
            elif kind == "choose" and data.get("kind") == "buy":
                self._asked = [int(s) for s in data.get("seats", ())]
            elif kind == "sold":
                buyers = {int(s) for s in data.get("buyers") or ()}
                for s in self._asked:
                    if s not in buyers:
                        self._spurn(s, self._for_sale)
                winner = data.get("winner")
                if winner is not None:
                    self._collect(int(winner), self._for_sale)
                self._for_sale, self._asked = None, []

    def sync(self, view: View) -> None:
        """Start afresh on a new hand; take in the cards the view shows as known to be held."""
        key = (view.deal, TryceFacts.of(view).hand_no)
        if key != self.hand_key:
            if self.hand_key is not None:
                self.reset()
            self.hand_key = key
        for zone, texts in view.known.items():
            if not zone.startswith("hand/"):
                continue
            seat = int(zone.split("/")[1])
            for text in texts:
                self._collect(seat, self._card(text))


def opponent_need(facts: TryceFacts, seat: int) -> Contract:
    """The contract parts ``seat`` has still to lay, from the public facts."""
    contract = facts.contract
    laid = facts.laid[seat] if seat < len(facts.laid) else {}
    wanted = (contract.groups, contract.runs, contract.words)
    return Contract(
        *(max(0, n - int(laid.get(kind, 0))) for n, kind in zip(wanted, ("group", "run", "word"), strict=True))
    )


def feeds(
    deck: MeldDeck,
    finder: Finder,
    reading: Reading,
    card: int,
    seat: int,
    need: Contract,
    may_lay_off: bool,
    melds: Mapping[str, Meld],
    held: Sequence[int] = (),
) -> float:
    """How likely ``card``, discarded now, helps ``seat`` (0 to about 1.5): a group of a rank it
    collects (while it needs a group), a run in a suit it collects near the card (while it needs a
    run), a lay-off on a table meld (once it may lay off); halved for a rank it has spurned.
    ``held``: cards the seat is known to hold now (the view's ``known``)."""
    if deck.wild[card]:
        return 1.0  # a joker helps everyone
    collects = set(reading.collects.get(seat, ())) | set(held)
    spurned = Counter(deck.value[c] for c in reading.spurns.get(seat, ()))
    value, suit = deck.value[card], deck.suit[card]
    danger = 0.0
    if need.groups:
        same = sum(1 for c in collects if not deck.wild[c] and deck.value[c] == value)
        danger += 0.9 if same >= 2 else 0.4 if same == 1 else 0.0
    if need.runs:
        near = sum(
            1 for c in collects if not deck.wild[c] and deck.suit[c] == suit and 0 < abs(deck.value[c] - value) <= 2
        )
        danger += min(0.8, 0.3 * near)
    if may_lay_off and melds and finder.lay_offs([card], melds, pairs=False):
        danger += 0.6
    if spurned[value]:
        danger *= 0.5
    return danger
