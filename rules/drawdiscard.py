"""Draw and discard, written once for every game with a stock and a discard pile (Try, Tryce).

A turn draws one card — the top of the stock (seen by the drawer only) or the top of the
discard pile (public: everyone knows it is now in that hand) — and later discards one, face
up.  :class:`DrawDiscard` is a small frozen value holding a game's rules for this: the zone
names, the action texts, a hook deciding whether a seat may take the discard (Try: not on
two turns of one's own in a row, :func:`not_twice_in_a_row`), and what an empty stock means:

- :data:`ENDS` (Try): the stock is never rebuilt; the game decides what its end means.
- :data:`REBUILD` (Tryce): when a card must be drawn from an empty stock, the discard pile —
  minus its top card, when ``keep_top`` — is shuffled into a new stock.  The new order is a
  chance outcome recorded as ``[null, "rebuild <cards, top first>"]`` (:meth:`State.chance_order`),
  so replay never consults the generator.  After ``max_rebuilds`` rebuilds (or with nothing
  under the top discard) the stock is *exhausted*: :meth:`DrawDiscard.draw_stock` returns
  ``None`` and the game ends its hand (Tryce's stalled hand).

What the piece tracks lives on the state, in fields it sets up in :meth:`DrawDiscard.start`
(list them in ``MUTABLE`` through :data:`MUTABLE`): ``from_discard_last[seat]`` (the seat's
last completed turn took the discard), ``drew_from_discard`` (this turn's draw did) and
``rebuilds`` (how often the stock was rebuilt this deal).  A game whose stock is rebuilt draws
from its generator in play, so it keeps ``State.RANDOM_IN_PLAY`` true.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, Event
from .facts import Facts, fact
from .kinds import ActionKind, EventKind

if TYPE_CHECKING:
    from .state import State

ENDS, REBUILD = "ends", "rebuild"
# The state fields the piece keeps that clone() must copy (add to the game's ``MUTABLE``).
MUTABLE = ("from_discard_last",)

TakeRule = Callable[["State", int], bool]


def not_twice_in_a_row(state: State, seat: int) -> bool:
    """Try's rule: a seat may not take from the discard pile on two turns of its own in a row."""
    return not state.from_discard_last[seat]


@dataclass(frozen=True, kw_only=True)
class DrawFacts(Facts):
    """The draw pile's public facts (a game's facts hold them as a ``flat`` field)."""

    from_discard_last: tuple[bool, ...]
    drew_from_discard: bool
    rebuilds: int | None = fact(omit_none=True, load=lambda _state, n: n or 0)


@dataclass(frozen=True)
class DrawDiscard:
    """A game's rules for drawing and discarding (see the module docstring)."""

    stock: str = "stock"
    discard: str = "discard"
    when_empty: str = ENDS
    keep_top: bool = True
    max_rebuilds: int | None = None
    may_take: TakeRule | None = None
    stock_text: str = "draw stock"
    take_text: str = "draw discard"

    # ----------------------------------------------------------- the deal
    def start(self, state: State) -> None:
        """Set up the piece's fields for a new deal (nobody has drawn yet)."""
        state.from_discard_last = [False] * state.players
        state.drew_from_discard = False
        state.rebuilds = 0

    def turn_up(self, state: State, events: list[Event] | None) -> int | None:
        """Turn the top stock card face up onto the discard pile (the up-card); ``None`` if none."""
        stock = state.zones[self.stock]
        if not stock:
            return None
        card = stock[0]
        state.move(card, self.stock, self.discard, events)
        return card

    # ----------------------------------------------------------- legality
    def may_take_discard(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may take the top discard now (a card is there and the game's hook agrees)."""
        if not state.zones[self.discard]:
            return False
        return self.may_take is None or self.may_take(state, seat)

    def can_draw_stock(self, state: State) -> bool:
        """Whether a card can come from the stock now (rebuilding it first if the rules allow)."""
        return bool(state.zones[self.stock]) or self.can_rebuild(state)

    def can_rebuild(self, state: State) -> bool:
        if self.when_empty != REBUILD:
            return False
        if self.max_rebuilds is not None and state.rebuilds >= self.max_rebuilds:
            return False
        return len(state.zones[self.discard]) > (1 if self.keep_top else 0)

    def draw_actions(
        self, state: State, seat: int, hand: str, take_undoable: Callable[[int], bool] | None = None
    ) -> list[Action]:
        """The draws open to ``seat`` into ``hand``: the stock (card unseen, never undone), then the
        discard, undoable unless ``take_undoable(top card)`` says otherwise (Try: not when it makes a Try)."""
        actions = []
        zones = state.zones
        if zones[self.stock] or self.can_rebuild(state):
            actions.append(Action(ActionKind.DRAW, self.stock_text, None, self.stock, hand, undoable=False))
        pile = zones[self.discard]
        if pile and (self.may_take is None or self.may_take(state, seat)):
            top = pile[0]
            undoable = take_undoable is None or take_undoable(top)
            actions.append(Action(ActionKind.DRAW, self.take_text, top, self.discard, hand, undoable=undoable))
        return actions

    # -------------------------------------------------------------- moves
    def draw(self, state: State, seat: int, source: str, hand: str, events: list[Event] | None) -> int | None:
        """``seat`` draws into ``hand`` from ``source`` (the stock or the discard pile): the card drawn,
        or ``None`` when the stock is exhausted."""
        if source == self.discard:
            card = state.zones[self.discard][0]
            state.move(card, self.discard, hand, events)
            state.known.setdefault(hand, []).append(card)
            state.drew_from_discard = True
            return card
        state.drew_from_discard = False
        return self.draw_stock(state, hand, events, frozenset((seat,)))

    def draw_stock(
        self, state: State, target: str, events: list[Event] | None, audience: frozenset[int] | None
    ) -> int | None:
        """The top stock card into ``target`` (seen by ``audience``), rebuilding an empty stock first
        when the rules allow; ``None`` when no card can come (the stock is exhausted)."""
        if not state.zones[self.stock] and not self.rebuild(state, events):
            return None
        card = state.zones[self.stock][0]
        state.move(card, self.stock, target, events, audience)
        return card

    def discard_card(self, state: State, seat: int, card: int, hand: str, events: list[Event] | None) -> None:
        """``seat`` discards ``card`` from ``hand`` face up; the turn's draw is remembered for the take rule."""
        state.move(card, hand, self.discard, events)
        known = state.known.get(hand)
        if known and card in known:
            known.remove(card)
        state.from_discard_last[seat] = state.drew_from_discard

    def rebuild(self, state: State, events: list[Event] | None) -> bool:
        """Shuffle the discard pile (but its top card, when ``keep_top``) and whatever is left of the
        stock into a new stock (a game that needs more cards than the stock holds rebuilds early);
        False when the rules or the pile do not allow it."""
        if not self.can_rebuild(state):
            return False
        pile = state.zones[self.discard]
        keep = pile[:1] if self.keep_top else []
        order = state.chance_order(REBUILD, state.zones[self.stock] + pile[len(keep) :])
        state.zones[self.discard] = keep
        state.zones[self.stock] = order
        state.rebuilds += 1
        if events is not None:
            events.append(
                Event(
                    EventKind.REBUILD,
                    {"source": self.discard, "target": self.stock, "count": len(order), "rebuilds": state.rebuilds},
                )
            )
        return True

    def shuffle_back(self, state: State, cards: list[int], zone: str, events: list[Event] | None) -> None:
        """Put ``cards`` (from ``zone``) back into the stock and shuffle it — e.g. the cards a draw among
        buyers used — the new order a recorded chance outcome (``[null, "shuffle <cards>"]``)."""
        held = state.zones[zone]
        for card in cards:
            held.remove(card)
        state.zones[self.stock] = state.chance_order("shuffle", state.zones[self.stock] + list(cards))
        if events is not None:
            events.append(Event(EventKind.SHUFFLE, {"source": zone, "target": self.stock, "count": len(cards)}))

    # --------------------------------------------------------------- views
    def facts(self, state: State) -> DrawFacts:
        """What everyone knows of the drawing: who took the discard last turn, this turn's draw,
        rebuilds (a game whose stock is never rebuilt publishes none)."""
        return DrawFacts(
            from_discard_last=tuple(state.from_discard_last),
            drew_from_discard=state.drew_from_discard,
            rebuilds=state.rebuilds if self.when_empty == REBUILD else None,
        )
