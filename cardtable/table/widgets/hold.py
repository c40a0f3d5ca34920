"""The hold: the table for a layout whose cards turned up this turn lie near where they came
from (``[layout].hints.revealed_near_source`` names the hold zone), beside two generic ones:

- a **grid** (``grid.py``: zones of kind ``grid``, ``name/I``): one card per fixed place, a place
  left empty stays marked as a gap, and the places are numbered when the history panel is on;
- **hands whose ends are taken** (kind ``hand``, hint ``hands_sorted``): a sorted row whose first
  and last card are set apart, the presenter's tags over them ("lowest" / "highest").

A card goes into the hold by an event whose ``target`` is the hold zone, and lies face up out of
its source (a grid place, a hand's end; the presenter says which, :meth:`Presenter.held`). When
cards leave the hold (events whose ``source`` is the hold: the turn that revealed them is over),
the table first holds them face up for a look (Settings: "Revealed cards stay", at the animation
speed), then sends them all at once: back where they came from face down (hint ``memory``:
only your own hand shows faces; past turns show in the presenter's history), or to a taker's
spread (``sets_of``: its cards in overlapping groups). The actions are read by their fields:
``source`` and ``target`` (the hold; another hand for a give: the offer mode,
``offer_mode.py``), ``card``, and the end of a hand the presenter reads
(:meth:`Presenter.action_end`).

Mouse: on your turn click (or drag out) a face-down grid card, or the first or last card of any
hand (hovering an end names it). When a card may be given to another hand, drag it there, or
click it and press the give button; or press the keep button (the offer mode's, on while the
legal actions give a card: the hold stands back).

The words are the game presenter's; the panels (history, place numbers) are in ``hold_panel``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rules import Action, Event

from .. import hud
from ..cards import CardSprite
from ..layout import TableLayout
from ..zone_box import Slot, ZoneBox
from . import hold_panel
from .base import Widget
from .grid import GridWidget, draw_place_numbers
from .hold_places import HIGH, LOW, HoldPlaces
from .offer_mode import OfferMode

if TYPE_CHECKING:
    from ..context import TableContext
    from ..dragdrop import Press

LOOK = 3.0  # seconds the held cards stay face up once the turn is over (normal speed), unless the
# settings say otherwise ("Revealed cards stay"): time to read and remember them
CHOOSE = "choose"  # the engine's event that opens a secret choice (rules.choices): news start over


class HoldWidget(Widget):
    """The hold, beside the grid it takes cards from (see the module's words)."""

    kind = "hold"

    def __init__(self, ctx: TableContext, grid: GridWidget, offer: OfferMode) -> None:
        super().__init__(ctx)
        self.grid = grid
        self.places = HoldPlaces(self)  # where its hands' and its revealed cards lie
        self.offer = offer  # the table's offer mode: a card of your hand given to another hand
        grid.away = self.taken  # a place whose card is held is no gap
        self.origin: dict[CardSprite, tuple[str, str | None]] = {}  # a revealed card: where it came from
        self.hot: tuple[CardSprite, str | None] | None = None  # the card under the pointer and its end
        self.held = False  # the turn's last reveal has been looked at
        self.news: list[str] = []  # what each side chose in the last secret choice, for the message line
        self.reveal_w = 0  # the width a card revealed from a hand is shown at (the grid's)
        self.hold = hold_panel.hold_zone(ctx)
        self.set_size = int(ctx.hints.get("sets_of") or 1)
        self.memory = bool(ctx.hints.get("memory", False))  # what leaves the hold goes back face down

    # ============================================================ queries
    @property
    def giving(self) -> bool:
        """Whether this seat's legal actions give a card of its hand to another hand."""
        return bool(self.offer.gives())

    def _mine_to_act(self) -> bool:
        return bool(self.ctx.my_turn())

    def revealed(self) -> list[CardSprite]:
        return self.ctx.board.zones.get(self.hold, [])

    def origin_of(self, card: CardSprite) -> tuple[str, str | None] | None:
        where = self.origin.get(card)
        if where is None:  # not yet read from the view (the first layout of a rebuild)
            cards = self.revealed()
            froms = self._held()
            if card in cards and cards.index(card) < len(froms):
                held = froms[cards.index(card)]
                where = (held.zone, held.end)
        return where

    def _held(self) -> tuple[Any, ...]:
        return self.ctx.presenter.held(self.ctx.view)

    def end_of(self, card: CardSprite) -> str | None:
        """``low`` / ``high`` when ``card`` lies at an end of a hand (a single card: low)."""
        if not self.grid.is_hand(card.zone):
            return None
        cards = self.ctx.board.zones.get(card.zone, [])
        if cards and card is cards[0]:
            return LOW
        if cards and card is cards[-1]:
            return HIGH
        return None

    def action_for(self, card: CardSprite) -> Action | None:
        """The legal action that turns ``card`` up into the hold (a grid card, or the end of a
        hand it lies at)."""
        into = [a for a in self.ctx.legal if a.source == card.zone and a.target == self.hold]
        if self.grid.is_grid(card.zone):
            return into[0] if into else None
        end = self.end_of(card)
        if end is None:
            return None
        return next((a for a in into if self.ctx.presenter.action_end(a) == end), None)

    # ============================================================= layout
    def layout_specs(self, specs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Held cards lie where they came from: with a grid, the grid gets the whole centre
        (without one, the hold's empty place keeps the centre's shape)."""
        zones = self.ctx.view.zones or {}
        if any(self.grid.is_grid(z) for z in zones):
            return {name: spec for name, spec in specs.items() if name != self.hold}
        return specs

    def adjust_layout(self, layout: TableLayout) -> None:
        places = [box for name, box in layout.zones.items() if self.grid.is_grid(name)]
        width = places[0].card_w if places else round(layout.pile_w * 0.8)
        centre = layout.zones.get(self.hold)
        anchor = centre.anchor if centre is not None else layout.middle.center
        # A place of its own is never drawn ("hand" boxes show no empty slot or label).
        layout.zones[self.hold] = ZoneBox(self.hold, "hand", width, anchor)
        self.reveal_w = width

    def slot_shown(self, zone: str) -> bool:
        """The hold has no place of its own (its cards lie by their sources): never framed as a
        hint's target (a stray frame between the middle cards)."""
        return zone != self.hold

    def ordered(self, zone: str) -> bool:
        # sorted hands: the view's order is the table's
        return self.grid.is_hand(zone) and bool(self.ctx.hints.get("hands_sorted", True))

    def shows_known(self, zone: str) -> bool:
        """With the hint ``memory``: what was held and went back lies face down, in the grid and in
        hands alike (the view still says what is known; the presenter's history shows it)."""
        return not self.memory

    # -------------------------------------------------------------- slots
    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None:
        if self.grid.is_hand(zone):
            outside = self.places.outside(zone)
            row = self.places.row(zone, len(cards) + len(outside[LOW]) + len(outside[HIGH]))
            return row[len(outside[LOW]) : len(outside[LOW]) + len(cards)] if row else None
        if zone == self.hold:
            return [self.places.revealed_slot(card) for card in cards]
        if self.set_size > 1 and self.grid.zone_kind(zone) == "spread":
            return self.places.set_slots(zone, len(cards))
        return None

    def card_width(self, card: CardSprite) -> int | None:
        if card.zone != self.hold:
            return None
        where = self.origin_of(card)
        box = self.ctx.layout.zones.get(where[0]) if where else None
        if box is None:
            return None
        return box.card_w if where[1] is None else max(box.card_w, self.reveal_w)

    # ============================================================ playback
    def animate(self, event: Event) -> bool:
        kind, data = event.kind, event.data
        if data.get("target") == self.hold and data.get("source") not in (None, self.hold):
            self.held = False  # a card turns up into the hold, out of its source
            self._play_reveal(data)
            return True
        if data.get("source") == self.hold and data.get("target") not in (None, self.hold):
            if not self.held:  # first a look at what the hold shows
                self.held = True
                self.ctx.events.appendleft(event)
                self.ctx.say_event(event)
                self.ctx.animator.wait(self.ctx.animator.seconds(self.stays()))
                return True
            self._play_together(event)  # the turn's cards go back (or to a taker) at once
            return True
        if kind == CHOOSE:
            self.news = []
            self.ctx.say_event(event)
            return True
        said = self.ctx.presenter.say(kind, data, self.ctx.seat, self.ctx.names)
        if said is not None and said.how == "news":  # what each side chose, said together
            self.news.append(said.text)
            self.ctx.say(" \u00b7 ".join(self.news) + ".", "info")
            return True
        return False

    def stays(self) -> float:
        """Seconds (at normal speed) the turn's revealed cards stay face up once it is over."""
        stays = self.ctx.setting("reveal_stays", LOOK)
        return float(stays) if isinstance(stays, int | float) and not isinstance(stays, bool) else LOOK

    def _play_together(self, event: Event) -> None:
        """``event`` and the events of the same kind right after it, animated side by side."""
        queue = self.ctx.events
        batch = [event]
        while queue and queue[0].kind == event.kind and queue[0].data.get("source") == self.hold:
            batch.append(queue.popleft())
        for each in batch:
            data = each.data
            if self._came_from(data.get("target")):
                self._play_return(data)  # back where it came from
            else:  # to a taker: the generic move
                self.ctx.animate(data.get("card"), data.get("source"), data.get("target"), data.get("index"))

    def _came_from(self, zone: Any) -> bool:
        """Whether a held card came from ``zone`` (a card leaving the hold for it goes back)."""
        return any((self.origin_of(c) or ("",))[0] == zone for c in self.revealed())

    def _play_reveal(self, data: dict[str, Any]) -> None:
        board, animator = self.ctx.board, self.ctx.animator
        held = self.ctx.presenter.held_from(data)
        source, end = held.zone, held.end
        cards = board.zones.get(source, [])
        if not cards:
            return
        card = cards[-1] if end == HIGH else cards[0]
        cards.remove(card)
        card.zone, card.text = self.hold, data.get("card")
        card.dragging, card.lift = False, 0.0
        board.zones.setdefault(self.hold, []).append(card)
        self.origin[card] = (source, end)
        board.place(source, animator)
        board.place(self.hold, animator)

    def _play_return(self, data: dict[str, Any]) -> None:
        board, animator = self.ctx.board, self.ctx.animator
        text, target = data.get("card"), str(data.get("target"))
        revealed = self.revealed()
        card = next((c for c in revealed if c.text == text and (self.origin_of(c) or ("",))[0] == target), None)
        card = card or next((c for c in revealed if c.text == text), None) or (revealed[0] if revealed else None)
        if card is None:
            return
        revealed.remove(card)
        self.origin.pop(card, None)
        card.zone = target
        if self.memory and target != self.ctx.my_hand:
            text = None  # back face down (hint ``memory``): the view still says what is known
        card.text = text
        cards = board.zones.setdefault(target, [])
        index = data.get("index")
        cards.insert(index if isinstance(index, int) and 0 <= index <= len(cards) else len(cards), card)
        board.place(target, animator)
        board.place(self.hold, animator)

    # =============================================================== input
    def may_pick(self, card: CardSprite) -> bool | None:
        if self.giving:
            return None
        if self.grid.is_grid(card.zone):
            return True
        return self.end_of(card) is not None

    def click_card(self, card: CardSprite) -> bool:
        if not self._mine_to_act():
            return False
        if self.giving:
            return False  # the offer mode's click
        if card.zone == self.hold:
            return False  # the engine says why not
        action = self.action_for(card)
        if action is None:
            if self.grid.is_hand(card.zone):
                self.ctx.say(self.ctx.presenter.end_words().inner, "warn")
                return True
            return False
        self.hot = None
        self.ctx.apply(action, moving=card)
        return True

    def drop(self, press: Press, pos: tuple[int, int]) -> bool:
        if self.giving:
            return False
        card, ctx = press.card, self.ctx
        card.dragging = False
        box = ctx.layout.zones.get(card.zone)
        home = box.rect(len(ctx.board.zones.get(card.zone, []))) if box is not None else None
        action = self.action_for(card) if self._mine_to_act() else None
        if action is None or (home is not None and home.inflate(box.card_w // 4, box.card_w // 4).collidepoint(pos)):
            ctx.board.place(card.zone, ctx.animator)  # dropped back home: nothing happens
            return True
        self.hot = None
        ctx.apply(action, moving=card)
        return True

    def hover(self, pos: tuple[int, int]) -> None:
        before, self.hot = self.hot, None
        if self._mine_to_act() and not self.giving and not self.ctx.busy():
            card = self.ctx.board.hit(pos)
            if card is not None and (self.grid.is_grid(card.zone) or self.end_of(card) is not None):
                self.hot = (card, self.end_of(card))
        if before is not None and (self.hot is None or self.hot[0] is not before[0]):
            self._lift(before[0], 0.0)
        if self.hot is not None:
            self._lift(self.hot[0], 0.1)

    def _lift(self, card: CardSprite, share: float) -> None:
        """Raise a hovered end of another's hand a little (your own hand lifts by itself)."""
        if card.zone != self.ctx.my_hand:
            card.lift = share * card.height

    def hint(self, action: Action) -> tuple[CardSprite | None, str] | None:
        """Point at the very card: the grid's place, the end of the hand, the card to give."""
        ctx = self.ctx
        words = ctx.presenter.hint_text(action, ctx.seat, ctx.names)
        source = ctx.board.zones.get(action.source or "", [])
        if words is None or not source:
            return None
        if action.target == self.hold and self.grid.is_grid(action.source or ""):
            return source[0], words
        end = ctx.presenter.action_end(action)
        if action.target == self.hold and end is not None:
            return (source[-1] if end == HIGH else source[0]), words
        if action in self.offer.gives() and action.card is not None:
            text = ctx.deck.text(action.card)
            return next((c for c in source if c.text == text), None), words
        return None

    def focusable(self, cards: list[CardSprite]) -> list[CardSprite] | None:
        """Keys step through what may be turned up: the grid, then both ends of every hand
        (while giving: your hand, as at any table)."""
        if self.giving:
            return cards
        board = self.ctx.board
        out = [c for name in self.grid.grid_places(board.zones) for c in board.zones[name][:1]]
        hands = [z for z in board.zones if self.grid.is_hand(z)]
        for name in sorted(hands, key=lambda z: int(z.split("/")[1]) if z.count("/") else 0):
            hand = board.zones[name]
            out += hand[:1] + hand[-1:] if len(hand) > 1 else hand
        return out

    # =============================================================== paint
    def refresh(self) -> None:
        cards = self.revealed()
        self.origin = {card: (held.zone, held.end) for card, held in zip(cards, self._held(), strict=False)}
        if self.hot is not None:
            self._lift(self.hot[0], 0.0)
        self.hot = None

    def taken(self) -> set[str]:
        """The places a held card came from (not gaps: their card comes back or goes on)."""
        return {w[0] for c in self.revealed() if (w := self.origin_of(c))}

    def draw_over(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        u = ctx.layout.u
        if self._history_on():
            draw_place_numbers(surface, ctx, self.taken())
            hold_panel.draw_history(surface, ctx)
        for card in self.revealed():
            if not card.flying and not ctx.animator.moving(card):
                hud.ring_around(surface, card.rect(), card.base_w, hud.HINT, False)
        hot = self.hot
        if hot is None and ctx.pointer.focus is not None and ctx.pointer.focus.zone != self.hold:
            hot = (ctx.pointer.focus, self.end_of(ctx.pointer.focus))  # the keyboard's pick
        if hot is not None and not ctx.busy() and not self.giving and self._mine_to_act():
            card, end = hot
            hud.ring_around(surface, card.rect(), card.base_w, (255, 215, 0), True)
            if end is not None:
                words = ctx.presenter.end_words()
                tag = words.low if end == LOW else words.high
                hold_panel.tag(surface, tag, card.rect(), u, above=card.zone == ctx.my_hand)

    def _history_on(self) -> bool:
        return bool(self.ctx.setting("show_reveal_history", False))
