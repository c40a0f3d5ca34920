"""Painting the table: felt, empty places, cards (only as the seat's view shows them), the
highlights of valid targets and hints, labels, name plates, the status line, the top bar and
banners. The table scene holds one :class:`TablePainter`; the table's ``shown_faces`` records
each card painted face up.
"""

from __future__ import annotations

from typing import Any

import pygame

import sprites

from .. import screen
from .. import widgets as ui
from . import hud, rest, still_layer
from .cards import CardSprite
from .marks import TARGET_COLOR, MarkPlans
from .widgets.board import draw_board
from .zone_box import PILE_PEEK

PILE_DRAWN = PILE_PEEK + 1  # cards of a pile worth painting: the top and those peeking out
STACK_PAINTED = 8  # cards of a deep face-down stack painted (the edge shows its thickness)


def _edge_of_stack(index: int, count: int, painted: int = STACK_PAINTED) -> bool:
    """Whether card ``index`` of a ``count``-card stack is one of the few worth painting."""
    if count <= painted or index in (0, count - 1):
        return True
    step = (count - 1) / (painted - 1)
    return any(round(k * step) == index for k in range(painted))


class TablePainter:
    """Drawing for ``table`` (a :class:`~cardtable.table.scene.TableScene`, typed loosely: the
    painter reads most of what the table shows, and writes only its own layers and the table's
    ``shown_faces``)."""

    _rest_layer: still_layer.Layer | None = None  # the felt and the resting cards, painted once
    _marked_layer: still_layer.Layer | None = None  # and the highlights, labels, plates, board
    _marks_seen: tuple | None = None  # the last frame's key of the marks
    _base_seen: tuple | None = None  # the last frame's key of the base

    def __init__(self, table: Any) -> None:
        self.table = table
        self.plans = MarkPlans(table)

    # ================================================================== draw
    def _my_stacks(self) -> list[str]:
        return [
            name
            for name, box in self.table.layout.zones.items()
            if box.mine and self.table.board.kind(name) == "stack" and name.split("/")[0] not in self.table.board.public
        ]

    def _peeking(self, card: CardSprite) -> bool:
        """Your own face-down card (a bid) under the pointer: shown to you while you hover."""
        return (
            card.text is not None
            and not self.table.board.face_up(card)
            and self.table.pointer.hovered is not None
            and card.zone == self.table.pointer.hovered.zone
            and card.zone in self._my_stacks()
        )

    def draw(self, surface: pygame.Surface) -> None:
        u = self.table.layout.u
        order = self.table.board.draw_order()
        travelling = [c for c in order if c.flying or c.dragging]
        self._draw_resting(surface, [c for c in order if not (c.flying or c.dragging)])
        self.table.ext.draw_over(surface)
        self._draw_card_tags(surface)
        text, kind = self.table.status_text, "info"
        if self.table.said.text:
            text, kind = self.table.said.text, self.table.said.kind
        hud.draw_pill(surface, self.table.layout.status, text, u, warn=kind == "warn", hint=kind == "hint")
        self.table.choices_clear_of(text)  # before the buttons are drawn
        hud.draw_bar(surface, self.table.layout.bar, self.table.game.name, self._bar_detail(), self.table.layout.bar_u)
        self.table._decision_buttons()  # their keys, underlined in their labels
        for button in self.table.buttons:
            button.draw(surface)
        for card in travelling:
            self._paint(surface, card)
        self.table.ext.draw_top(surface)
        self.table.log.draw(surface)
        self.table.ext.draw_board(surface)  # a compact board opens whole under the pointer
        hud.draw_banner(surface, self.table.banner.text, self.table.layout.middle.center, u, self.table.banner.alpha)
        if self.table.coach is not None and not self.table.menu.open:
            self.table.coach.draw(surface)
        if self.table.menu.open:
            self.table.menu.draw(surface, u)

    # ------------------------------------------------------- the resting layer
    def forget_layers(self) -> None:
        """Forget the painted layers: the next frame paints every card and mark afresh."""
        self._rest_layer = self._marked_layer = None
        self._marks_seen = self._base_seen = None

    def _draw_resting(self, surface: pygame.Surface, still: list[CardSprite]) -> None:
        """The felt, the empty places, the extension's marks under the cards and the cards at
        rest (the base layer), then the highlights, the zones' labels, the name plates and the
        board in its corner (the marks). The base is painted into a layer of the window's size
        once it holds still for two frames and blitted whole while none of it changes (while it
        changes, cards landing one by one, it is painted straight on the window); the marks join
        it in a second layer once they too hold still (a ring following a card in flight is drawn
        live). A drag or cards in flight then cost one blit plus the travellers."""
        slots = self.plans.slots()
        plans = [(card, self._plan(card)) for card in still]
        marks = (self.plans.highlights(), self.plans.labels(), self.plans.plates(), self.plans.board())
        key = still_layer.key(self.table, slots, plans)
        self._drawn = self._picture(slots, plans, marks)  # what this frame shows, for changed_rects
        if key is None:  # an extension's marks under the cards are not cacheable: paint everything
            self.table.shown_faces = []
            self._paint_base(surface, slots, plans)
            self._paint_marks(surface, marks)
            return
        marks_key = (key, still_layer.freeze(marks))
        marked = self._marked_layer
        if marked is not None and marked.key == marks_key and marked.fits(surface):
            surface.blit(marked.image, (0, 0))
            self.table.shown_faces = list(marked.faces)
            return
        base = self._rest_layer
        if base is None or base.key != key or not base.fits(surface):
            if self._base_seen != key:  # changing now (cards landing one by one, a lift settling):
                self._base_seen, self._marks_seen = key, None  # painted straight on, layered once it holds
                self.table.shown_faces = []
                self._paint_base(surface, slots, plans)
                self._paint_marks(surface, marks)
                return
            image = base.image if base is not None and base.fits(surface) else still_layer.blank_like(surface)
            self.table.shown_faces = []
            self._paint_base(image, slots, plans)
            base = self._rest_layer = still_layer.Layer(key, image, tuple(self.table.shown_faces), self.table.layout)
        self.table.shown_faces = list(base.faces)
        steady, self._marks_seen = self._marks_seen == marks_key, marks_key
        if not steady:
            surface.blit(base.image, (0, 0))
            self._paint_marks(surface, marks)
            return
        image = marked.image if marked is not None and marked.fits(surface) else still_layer.blank_like(surface)
        image.blit(base.image, (0, 0))
        self._paint_marks(image, marks)
        self._marked_layer = still_layer.Layer(marks_key, image, base.faces, self.table.layout)
        surface.blit(image, (0, 0))

    # ------------------------------------------------------- partial redraws
    def _picture(self, slots: list, plans: list, marks: tuple) -> still_layer.Picture | None:
        """What a frame drawn now shows, in the terms :meth:`changed_rects` compares; None while
        something travels or is animated (every frame then redraws the whole window)."""
        if (
            self.table.animator.busy
            or self.table.queue
            or any(c.flying or c.dragging for c in self.table.board.sprites())
        ):
            return None
        rings, labels, plates, board = marks
        compact = self.table.layout.board is not None and self.table.layout.board_size > 0
        around = (
            tuple(self.table.size),
            id(self.table.layout),
            id(self.table.view),
            bool(self.table.painter.colorblind),
            still_layer.under_key(self.table.ext),
            tuple(slots),
            tuple(labels),
            board,
            self.table.status_text,
            self.table.said.text,
            self.table.said.kind,
            self.table.banner.text,
            self.table.banner.alpha,
            self.table.menu.open,
            self._bar_detail(),
            self.table.pointer.press is not None,
            compact and self.table.layout.board.collidepoint(screen.pointer()),
            rest.blink_due(self.table) is not None and int(self.table.clock * 2) % 2,  # the dummy's glow blinks
            tuple(
                (b.label, b.enabled, b.visible, b.hover, b.focused, b._pressed, tuple(b.rect))
                for b in self.table.buttons
            ),
            still_layer.snapshot(self.table.ext),
            self.table.log.open,
            self.table.log.scroll,
            sprites.looks.back_style(),
            sprites.looks.felt_id(),
        )
        return still_layer.Picture(
            around,
            tuple(id(card) for card, _plan in plans),
            tuple(plan for _card, plan in plans),
            tuple(rings),
            tuple(plates),
        )

    def changed_rects(self) -> list[pygame.Rect] | None:
        """The areas that changed since the last drawn frame when only cards at rest (a hover's
        lift, a selection), glowing frames or name plates (the thinking cue) did; None when
        anything else did or something moves (the whole window is redrawn)."""
        before = getattr(self, "_drawn", None)
        if before is None:
            return None
        slots = self.plans.slots()
        order = [c for c in self.table.board.draw_order() if not (c.flying or c.dragging)]
        plans = [(card, self._plan(card)) for card in order]
        marks = (self.plans.highlights(), self.plans.labels(), self.plans.plates(), self.plans.board())
        now = self._picture(slots, plans, marks)
        return None if now is None else still_layer.changes(before, now)

    def _paint_base(self, surface: pygame.Surface, slots: list, plans: list) -> None:
        """The felt, the empty places, the extension's marks under the cards, the resting cards."""
        ui.draw_felt(surface)
        for args, center in slots:
            slot = sprites.pile_slot(*args)
            surface.blit(slot, slot.get_rect(center=center))
        self.table.ext.draw_under(surface)
        framed = []
        for card, plan in plans:
            if plan is not None:
                self._paint(surface, card, plan, framed=False)
                if plan[12]:
                    framed.append((card, plan[12]))
        for card, ring in framed:  # over the cards at rest: a fanned hand's next card hides no frame
            hud.ring_around(surface, card.rect(), card.base_w, TARGET_COLOR, ring == 2, card.angle)

    def _plan(self, card: CardSprite) -> tuple | None:
        """How ``card`` is painted now (None: not at all): what its picture depends on."""
        table = self.table
        board = table.board
        face = board.face_up(card)
        peek = self._peeking(card)
        shadow = True
        if not (card.flying or card.dragging):
            kind = board.kind(card.zone)  # asked once: every card is planned every frame
            if kind in ("pile", "stack"):
                cards = board.zones.get(card.zone, [])
                index = cards.index(card) if card in cards else 0
                if kind == "pile" and index > PILE_DRAWN:
                    return None  # hidden under the cards that peek out
                if kind == "stack" and not _edge_of_stack(index, len(cards)):
                    return None  # a deep stack looks the same with a few of its cards painted
                shadow = index == len(cards) - 1 or (kind == "pile" and index <= PILE_DRAWN)
        pointer = table.pointer
        ring = 2 if card is pointer.selected else 1 if card is pointer.focus else 0
        return (
            card.text,
            card.x,
            card.y,
            card.lift,
            card.angle,
            card.width,
            card.base_w,
            card.flip,
            face,
            peek,
            shadow,
            table.ext.dimmed(card),
            ring,
            card.zone,
        )

    def _paint(self, surface: pygame.Surface, card: CardSprite, plan: tuple | None = None, framed: bool = True) -> None:
        """Paint ``card`` (as ``plan`` says); ``framed``: its focus or selection frame too (a
        card at rest gets it later, over its neighbours)."""
        plan = self._plan(card) if plan is None else plan
        if plan is None:
            return
        face, peek, shadow, dim, ring = plan[8:13]
        self.table.painter.draw(surface, card, face, shadow, peek, dim=dim)
        if card.text is not None and (peek or face and card.flip >= 0.5):
            self.table.shown_faces.append((card.zone, card.text))
        if ring and framed:
            hud.ring_around(surface, card.rect(), card.base_w, TARGET_COLOR, ring == 2, card.angle)

    def _bar_detail(self) -> str:
        word = self.table.presenter.word
        players = word("players", n=self.table.state.players)
        name = "" if self.table.seat is None else self.table._name(self.table.seat)
        seat = word("watching") if self.table.seat is None else word("you_are", name=name)
        detail = f"{players}  \u00b7  {seat if self.table.session.humans else word('demo')}"
        if self.table.seat is not None and self.table.session.humans and name.strip().lower() == "you":
            detail = players  # not "you are You"
        extra = self.table.presenter.bar_detail(self.table.view, self.table.seat, self.table.names)
        return f"{detail}  \u00b7  {extra}" if extra else detail

    def _paint_marks(self, surface: pygame.Surface, marks: tuple) -> None:
        """The highlights, labels, plates and the board in its corner, from their plans."""
        rings, labels, plates, board = marks
        for rect, card_w, color, strong, angle in rings:
            hud.ring_around(surface, pygame.Rect(rect), card_w, color, strong, angle)
        for label, midtop, u, room in labels:
            hud.zone_label(surface, label, midtop, u, room)
        for rect, name, sub, active, thinking, tags, u, chips, team, value, _clock in plates:
            hud.draw_plate(
                surface,
                pygame.Rect(rect),
                name,
                sub,
                active,
                thinking,
                list(tags),
                u,
                self.table.clock,
                chips,
                team,
                value,
            )
        if board is not None:
            rect, facts, u, whole = board
            draw_board(surface, pygame.Rect(rect), facts, u, whole)

    def _draw_card_tags(self, surface: pygame.Surface) -> None:
        """The presenter's small tags over resting cards ("cut" over the cut card)."""
        u = self.table.layout.u
        used: set[int] = set()  # several tags on cards of one text (two wild cards in a meld): in order
        for tag in self.table.presenter.card_tags(self.table.view):
            card = next(
                (
                    c
                    for c in self.table.board.zones.get(tag.zone, [])
                    if c.text == tag.card and not c.flying and id(c) not in used
                ),
                None,
            )
            if card is None:
                continue
            used.add(id(card))
            if getattr(self.table.layout.zones.get(tag.zone), "rows", None) is not None:
                self._strip_badge(surface, card, tag.text)  # an overlapped meld: on the card's own strip
                continue
            pill = pygame.Rect(0, 0, round(60 * u), round(22 * u))
            pill.midbottom = (card.rect().centerx, card.rect().top - round(2 * u))
            hud.draw_pill(surface, pill, tag.text, u)

    def _strip_badge(self, surface: pygame.Surface, card: CardSprite, text: str) -> None:
        """A small dark badge low on a card's left strip (what a wild card stands for in a meld)."""
        rect = card.rect()
        side = max(12, round(rect.width * 0.36))
        badge = pygame.Rect(0, 0, side, side)
        badge.bottomleft = (rect.left + max(1, round(rect.width * 0.03)), rect.bottom - round(rect.height * 0.08))
        pygame.draw.rect(surface, (40, 30, 70), badge, border_radius=max(2, side // 4))
        pygame.draw.rect(surface, ui.GOLD, badge, 1, border_radius=max(2, side // 4))
        label = ui.fit(ui.text(text, side * 0.8, ui.CREAM, bold=True), side - 2)
        surface.blit(label, label.get_rect(center=badge.center))
