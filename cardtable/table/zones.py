"""The table's picture of the zones: which card sprite lies where, kept in step with the
engine by events (animated) and re-synced from the seat's view (authoritative).

Only ``state.view(seat)`` feeds this module, never the state's zones, so a card the seat may
not see has no face here at all.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any, Protocol

from ..anim import Animator
from .cards import CardSprite
from .layout import TableLayout
from .zone_box import Slot, ZoneBox

FACE_DOWN_KINDS = ("stack",)  # private stacks lie face down even when their owner knows them (a bid)


class Hooks(Protocol):
    """What the board asks the table's widgets (``extensions.TableExtension`` has them all)."""

    def face_up(self, card: CardSprite) -> bool | None: ...
    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None: ...
    def card_width(self, card: CardSprite) -> int | None: ...
    def ordered(self, zone: str) -> bool: ...
    def shows_known(self, zone: str) -> bool: ...
    def known_places(self, zone: str, count: int, known: tuple[str, ...]) -> list[int] | None: ...


class Board:
    """Per zone, its sprites in order (a pile's index 0 is its top; a hand in display order)."""

    def __init__(self, layout: TableLayout, specs: dict[str, dict[str, Any]], ext: Hooks | None = None) -> None:
        self.layout = layout
        self.ext = ext
        self.kinds = {name: spec.get("kind", "pile") for name, spec in specs.items()}
        self.public = {name for name, spec in specs.items() if spec.get("visibility") == "public"}
        self.zones: dict[str, list[CardSprite]] = {}
        self.over = False
        self.own_up: frozenset[str] = frozenset()  # stacks lying face up before their owner (a bid)
        self._pick = 0

    # ------------------------------------------------------------- queries
    def kind(self, zone: str) -> str:
        return self.kinds.get(zone.split("/")[0], "pile")

    def box(self, zone: str) -> ZoneBox | None:
        return self.layout.zones.get(zone)

    def face_up(self, card: CardSprite) -> bool:
        """Whether ``card`` lies face up: its text known, and its zone not a stack kept face
        down (a bid: known to its owner only) unless the deal is over or it was revealed."""
        if card.text is None:
            return False
        own = self.ext.face_up(card) if self.ext is not None else None
        if own is not None:
            return own
        base = card.zone.split("/")[0]
        if base in self.own_up:
            box = self.layout.zones.get(card.zone)
            if box is not None and box.mine:
                return True  # your own: face up before you (others' stay face down: no face known)
        face_down = self.kind(card.zone) in FACE_DOWN_KINDS and base not in self.public
        return not face_down or self.over or card.revealed

    def sprites(self) -> Iterable[CardSprite]:
        for cards in self.zones.values():
            yield from cards

    def draw_order(self) -> list[CardSprite]:
        """Bottom first: zones in layout order, each from its bottom card; travellers on top."""
        still: list[CardSprite] = []
        moving: list[CardSprite] = []
        order = list(self.layout.zones)
        names = sorted(self.zones, key=lambda z: order.index(z) if z in order else len(order))
        for zone in names:
            cards = self.zones[zone]
            seq = reversed(cards) if self.kind(zone) in ("pile", "stack") else cards
            for card in seq:
                (moving if card.flying or card.dragging else still).append(card)
        moving.sort(key=lambda c: c.dragging)
        return still + moving

    def slots(self, zone: str, cards: list[CardSprite] | None = None) -> list[Slot]:
        """Where each card of ``zone`` lies: the game's own places, else its box's slots."""
        cards = self.zones.get(zone, []) if cards is None else cards
        own = self.ext.slots(zone, cards) if self.ext is not None else None
        if own is not None:
            return own
        box = self.box(zone)
        return box.slots(len(cards)) if box is not None else []

    def card_width(self, card: CardSprite, box: ZoneBox) -> int:
        """The width ``card`` is drawn at in ``box`` (a game may size some cards of a zone apart)."""
        own = self.ext.card_width(card) if self.ext is not None else None
        return box.card_w if own is None else own

    def top(self, zone: str) -> CardSprite | None:
        cards = self.zones.get(zone)
        return cards[0] if cards else None

    def hit(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost card under ``pos``."""
        for card in reversed(self.draw_order()):
            if not card.dragging and card.rect().collidepoint(pos):
                return card
        return None

    # --------------------------------------------------------------- places
    def place(
        self, zone: str, animator: Animator | None = None, duration: float | None = None, skip: CardSprite | None = None
    ) -> None:
        """Send every card of ``zone`` to its slot (tweened when ``animator`` is given)."""
        box = self.box(zone)
        cards = self.zones.get(zone, [])
        if box is None:
            return
        self.count_rows(box)
        for card, (x, y, angle) in zip(cards, self.slots(zone, cards), strict=True):
            card.base_w = width = self.card_width(card, box)
            if card is skip or card.dragging:
                continue
            up = 1.0 if self.face_up(card) else 0.0
            if animator is None or (
                abs(card.x - x) < 0.5
                and abs(card.y - y) < 0.5
                and card.width == width
                and card.angle == angle
                and card.flip == up
            ):
                animator and animator.cancel(card)
                card.x, card.y, card.angle, card.width, card.flip = x, y, angle, float(width), up
                continue
            span = animator.travel(math.hypot(card.x - x, card.y - y), width) if duration is None else duration
            animator.tween(card, span, x=x, y=y, angle=angle, width=float(width), flip=up)

    def count_rows(self, box: ZoneBox) -> None:
        """A zone packed with its siblings (a seat's melds): tell the packing how many cards each holds."""
        rows = getattr(box, "rows", None)
        if rows is not None:
            rows.counts = {z: len([c for c in self.zones.get(z, []) if not c.dragging]) for z in rows.zones}

    def place_all(self, animator: Animator | None = None, duration: float | None = None) -> None:
        for zone in self.zones:
            self.place(zone, animator, duration)

    # ----------------------------------------------------------------- sync
    def sync(self, view: dict[str, Any], fresh_hand_order: bool = False) -> None:
        """Match the sprites to ``view`` (no animation here: call :meth:`place` after).

        Hands keep their display order (the player's arrangement) when the same cards are
        there; other zones take the view's order. A card that changed zones behind the
        table's back keeps its sprite, so it travels rather than pops up.
        """
        self.over = bool(view.over)
        zones: dict[str, tuple] = self._with_known(view)
        orphans: list[CardSprite] = []
        for zone in list(self.zones):
            if zone not in zones:
                orphans.extend(self.zones.pop(zone))
        plans: dict[str, list[CardSprite | str | None]] = {}
        for zone, texts in zones.items():
            current = self.zones.get(zone, [])
            if self.kind(zone) == "hand" and not (self.ext is not None and self.ext.ordered(zone)):
                plan, spare = self._keep_order(current, list(texts))
            else:
                plan, spare = self._in_order(current, list(texts))
            plans[zone] = plan
            orphans.extend(spare)
        for zone, plan in plans.items():
            cards = []
            for item in plan:
                if isinstance(item, CardSprite):
                    cards.append(item)
                    continue
                card = next((c for c in orphans if c.text == item), None)
                if card is not None:
                    orphans.remove(card)
                    card.flying = False
                else:
                    card = self._new(zone, item)
                card.text, card.zone = item, zone
                cards.append(card)
            if fresh_hand_order and self.kind(zone) == "hand" and all(c.text is not None for c in cards):
                order = {t: i for i, t in enumerate(zones[zone])}
                cards.sort(key=lambda c: order.get(c.text, 0))
            self.zones[zone] = cards

    def _with_known(self, view: dict[str, Any]) -> dict[str, tuple]:
        """The view's zones, with the public knowledge of unseen zones filled in where it lies
        (a card taken from a discard pile into that hand, a hand's known ends)."""
        zones = dict(view.zones)
        for zone, known in (view.known or {}).items():
            texts = list(zones.get(zone, ()))
            if not known or not texts or any(t is not None for t in texts):
                continue
            if self.ext is not None and not self.ext.shows_known(zone):
                continue
            places = self.ext.known_places(zone, len(texts), tuple(known)) if self.ext is not None else None
            if places is None:  # the last places: where a card new to the hand goes
                places = list(range(len(texts) - len(known), len(texts)))
            for place, text in zip(places, known, strict=False):
                if 0 <= place < len(texts):
                    texts[place] = text
            zones[zone] = tuple(texts)
        return zones

    def _new(self, zone: str, text: str | None) -> CardSprite:
        box = self.box(zone)
        card = CardSprite(text, zone)
        if box is not None:
            card.x, card.y = box.anchor
            card.width = float(box.card_w)
            card.base_w = box.card_w
        return card

    @staticmethod
    def _in_order(current: list[CardSprite], texts: list[str | None]) -> tuple[list, list[CardSprite]]:
        """The view's order; each place holds a kept sprite or the text still wanted."""
        pool = list(current)
        plan: list[CardSprite | str | None] = list(texts)
        for i, text in enumerate(texts):
            match = next((c for c in pool if c.text == text), None)
            if match is not None:
                pool.remove(match)
                plan[i] = match
        for i, text in enumerate(texts):
            if isinstance(plan[i], CardSprite):
                continue
            match = next((c for c in pool if c.text is None or text is None), None)
            if match is not None:
                pool.remove(match)
                match.text = text
                plan[i] = match
        return plan, pool

    @staticmethod
    def _keep_order(current: list[CardSprite], texts: list[str | None]) -> tuple[list, list[CardSprite]]:
        """The display order kept; cards new to the hand go to its right end."""
        wanted = Counter(texts)
        plan: list[CardSprite | str | None] = []
        spare = []
        for card in current:
            if wanted[card.text] > 0:
                wanted[card.text] -= 1
                plan.append(card)
            else:
                spare.append(card)
        for text in texts:
            if wanted[text] > 0:
                wanted[text] -= 1
                plan.append(text)
        return plan, spare

    # ---------------------------------------------------------------- moves
    def take(
        self, zone: str, text: str | None, prefer: CardSprite | None = None, index: int | None = None
    ) -> CardSprite:
        """Lift a card out of ``zone`` for a move: ``prefer`` (the dragged card) when it fits,
        else the card named ``text``, else a card the viewer cannot see (a pile's top)."""
        cards = self.zones.setdefault(zone, [])
        card = None
        if prefer is not None and prefer in cards and (text is None or prefer.text in (None, text)):
            card = prefer
        if card is None and text is not None:
            card = next((c for c in cards if c.text == text), None)
        if card is None:  # a card the viewer cannot see: not one shown as public knowledge, if it can be helped
            hidden = [c for c in cards if c.text is None] or ([] if text is not None else list(cards))
            if hidden:
                if self.kind(zone) == "hand" and index is None:
                    self._pick += 1
                    card = hidden[(self._pick * 7) % len(hidden)]
                else:
                    card = hidden[min(index or 0, len(hidden) - 1)]
        if card is None:
            card = self._new(zone, text)
        else:
            cards.remove(card)
        return card

    def put(self, card: CardSprite, zone: str, text: str | None) -> None:
        """Lay ``card`` in ``zone`` (a pile's top; a hand's right end) showing ``text``."""
        card.zone = zone
        card.text = text
        cards = self.zones.setdefault(zone, [])
        if self.kind(zone) in ("pile", "stack"):
            cards.insert(0, card)
        else:
            cards.append(card)

    def reorder(self, card: CardSprite, x: float) -> None:
        """Move ``card`` within its hand to where ``x`` falls between the others."""
        cards = self.zones.get(card.zone, [])
        if card not in cards:
            return
        cards.remove(card)
        box = self.box(card.zone)
        if box is None:
            cards.append(card)
            return
        slots = box.slots(len(cards) + 1)
        index = min(range(len(slots)), key=lambda i: abs(slots[i][0] - x))
        cards.insert(index, card)
