"""Painting the table: felt, empty places, cards (only as the seat's view shows them), the
highlights of valid targets and hints, labels, name plates, the status line, the top bar and
banners. Mixed into the table scene; ``shown_faces`` records each card painted face up.
"""

from __future__ import annotations

import pygame

import sprites
from rules.presenter import Plate

from .. import screen
from .. import widgets as ui
from . import hud, status
from .board import board_sizes, draw_board
from .cards import CardSprite
from .dragdrop import targets_for
from .layout import PILE_PEEK

PILE_DRAWN = PILE_PEEK + 1  # cards of a pile worth painting: the top and those peeking out
STACK_PAINTED = 8  # cards of a deep face-down stack painted (the edge shows its thickness)
HINT_COLOR = hud.HINT
TARGET_COLOR = (255, 215, 0)


def _edge_of_stack(index: int, count: int, painted: int = STACK_PAINTED) -> bool:
    """Whether card ``index`` of a ``count``-card stack is one of the few worth painting."""
    if count <= painted or index in (0, count - 1):
        return True
    step = (count - 1) / (painted - 1)
    return any(round(k * step) == index for k in range(painted))


class TablePaint:
    """Drawing for :class:`~cardtable.table.scene.TableScene`."""

    # ================================================================== draw
    def _my_stacks(self) -> list[str]:
        return [
            name
            for name, box in self.layout.zones.items()
            if box.mine and self.board.kind(name) == "stack" and name.split("/")[0] not in self.board.public
        ]

    def _peeking(self, card: CardSprite) -> bool:
        """Your own face-down card (a bid) under the pointer: shown to you while you hover."""
        return (
            card.text is not None
            and not self.board.face_up(card)
            and self.hovered is not None
            and card.zone == self.hovered.zone
            and card.zone in self._my_stacks()
        )

    def draw(self, surface: pygame.Surface) -> None:
        u = self.layout.u
        ui.draw_felt(surface)
        self.shown_faces = []
        self._draw_slots(surface)
        self.ext.draw_under(surface)
        order = self.board.draw_order()
        travelling = [c for c in order if c.flying or c.dragging]
        for card in order:
            if card.flying or card.dragging:
                continue
            self._paint(surface, card)
        self._draw_highlights(surface)
        self._draw_labels(surface)
        self._draw_plates(surface)
        self._draw_board(surface, False)
        self.ext.draw_over(surface)
        self._draw_card_tags(surface)
        text, kind = self.status_text, "info"
        if self.message:
            text, kind = self.message, self.message_kind
        hud.draw_pill(surface, self.layout.status, text, u, warn=kind == "warn", hint=kind == "hint")
        hud.draw_bar(surface, self.layout.bar, self.game.name, self._bar_detail(), u)
        for button in self.buttons:
            button.draw(surface)
        for card in travelling:
            self._paint(surface, card)
        self.ext.draw_top(surface)
        self._draw_board(surface, True)
        hud.draw_banner(surface, self.banner.text, self.layout.middle.center, u, self.banner.alpha)
        if self.menu.open:
            self.menu.draw(surface, u)

    def _paint(self, surface: pygame.Surface, card: CardSprite) -> None:
        face = self.board.face_up(card)
        peek = self._peeking(card)
        shadow = True
        if not (card.flying or card.dragging) and self.board.kind(card.zone) in ("pile", "stack"):
            cards = self.board.zones.get(card.zone, [])
            index = cards.index(card) if card in cards else 0
            if self.board.kind(card.zone) == "pile" and index > PILE_DRAWN:
                return  # hidden under the cards that peek out
            if self.board.kind(card.zone) == "stack" and not _edge_of_stack(index, len(cards)):
                return  # a deep stack looks the same with a few of its cards painted
            shadow = index == len(cards) - 1 or (self.board.kind(card.zone) == "pile" and index <= PILE_DRAWN)
        self.painter.draw(surface, card, face, shadow, peek, dim=self.ext.dimmed(card))
        if card.text is not None and (peek or face and card.flip >= 0.5):
            self.shown_faces.append((card.zone, card.text))
        if card is self.selected or card is self.focus:
            hud.ring_around(surface, card.rect(), card.base_w, TARGET_COLOR, card is self.selected)

    def _bar_detail(self) -> str:
        players = f"{self.state.players} players"
        seat = "watching" if self.seat is None else f"you are {self._name(self.seat)}"
        detail = f"{players}  \u00b7  {seat}" if self.session.humans else f"{players}  \u00b7  demo"
        extra = self.presenter.bar_detail(self.view, self.seat, self.names)
        return f"{detail}  \u00b7  {extra}" if extra else detail

    def _draw_slots(self, surface: pygame.Surface) -> None:
        """Empty zones show their place as a dashed outline with the zone's name."""
        targets = self.press.targets if self.press is not None and self.press.dragging else set()
        for name, box in self.layout.zones.items():
            if self.board.zones.get(name) or box.kind == "hand" or not self.ext.slot_shown(name):
                continue
            label = box.label or self.specs.get(name.split("/")[0], {}).get("label", "")
            if box.seat is not None and not box.mine:
                label = self.specs.get(name.split("/")[0], {}).get("label", "")
            if box.seat is None and "/" in name:  # one of a block (the middle, a dummy): its label says it
                if name not in targets:
                    continue
                label = ""
            label = self.presenter.label(name, label, self.view, self.seat, self.names) if label else ""
            slot = sprites.pile_slot(box.card_w, label, name in targets)
            surface.blit(slot, slot.get_rect(center=(round(box.anchor[0]), round(box.anchor[1]))))

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        if self.press is not None and self.press.dragging:
            for name in self.press.targets:
                box = self.layout.zones.get(name)
                if box is None or not self.ext.slot_shown(name):
                    continue
                cards = [c for c in self.board.zones.get(name, []) if not c.dragging]
                if not cards:
                    continue  # the empty slot is drawn lit
                rect = cards[0].rect() if box.kind in ("pile", "stack") else box.rect(len(cards))
                hud.ring_around(surface, rect, box.card_w, TARGET_COLOR, name == self.press.over)
        elif self.selected is not None:
            for name in targets_for(self.legal, self.deck, self.selected.zone, self.selected.text):
                box = self.layout.zones.get(name)
                if box is not None and self.ext.slot_shown(name):
                    cards = self.board.zones.get(name, [])
                    rect = cards[0].rect() if cards and box.kind in ("pile", "stack") else box.rect(len(cards))
                    hud.ring_around(surface, rect, box.card_w, TARGET_COLOR, False)
        if self.hint is not None:
            card, source, target = self.hint
            if card is not None and card.zone == source:
                hud.ring_around(surface, card.rect(), card.base_w, HINT_COLOR, True)
            box = self.layout.zones.get(target or "")
            if box is not None and self.ext.slot_shown(target):
                cards = self.board.zones.get(target, [])
                rect = cards[0].rect() if cards and box.kind in ("pile", "stack") else box.rect(len(cards))
                hud.ring_around(surface, rect, box.card_w, HINT_COLOR, False)

    def _draw_labels(self, surface: pygame.Surface) -> None:
        u = self.layout.u
        for name, box in self.layout.zones.items():
            cards = self.board.zones.get(name, [])
            if box.kind == "hand" or not cards or not box.label:
                continue
            count = len(cards)
            if box.corner:
                label = f"{count} {box.label.lower()}"
            elif box.kind == "stack" and box.seat is None:
                label = f"{box.label}  \u00b7  {count}"
            else:
                label = box.label
            if box.seat is not None and not box.mine:
                label = ""
            label = self.presenter.label(name, label, self.view, self.seat, self.names) if label else ""
            rect = box.extent(count)
            room = max(rect.width * 1.6, 80)
            if self.layout.reserved and box.seat is None and not box.corner:  # a crowded middle: no label over the next
                room = rect.width + self.layout.margin
            hud.zone_label(surface, label, (rect.centerx, rect.bottom + round(4 * u)), u, room)
        for label, midtop, width in self.layout.labels:  # a block of numbered zones (the middle, a dummy)
            shown = self.presenter.label(status.block_zone(label, self.specs), label, self.view, self.seat, self.names)
            hud.zone_label(surface, shown, midtop, u, width)

    def _draw_plates(self, surface: pygame.Surface) -> None:
        u = self.layout.u
        current = self.view.current_player  # the shown turn, like the status line (bots run ahead)
        for seat, box in self.layout.seats.items():
            name = self._name(seat)
            if seat == self.seat and name.strip().lower() != "you":
                name += " (you)"
            level = self.session.level(seat)
            generic = Plate(f"bot \u00b7 {level}" if level else "human", tuple(status.seat_tags(self.view, seat)))
            plate = self.presenter.plate(self.view, seat, self.seat, self.names, generic)
            thinking = current == seat and self.session.is_bot(seat) and not self.session.is_over and not self._busy()
            hud.draw_plate(
                surface,
                box.plate,
                name,
                plate.sub,
                current == seat and not self.session.is_over,
                thinking,
                list(plate.tags),
                u,
                self.clock,
                plate.chips,
                plate.team,
                plate.value,
            )

    def _draw_board(self, surface: pygame.Surface, top: bool) -> None:
        """The presenter's board in its corner; a compact one opens whole under the pointer (on top)."""
        rect, facts = self.layout.board, getattr(self, "facts", None)
        if rect is None or facts is None:
            return
        compact = self.layout.board_size > 0
        if not top:
            draw_board(surface, rect, facts, self.layout.u, not compact)
            return
        if not compact or not rect.collidepoint(screen.pointer()):
            return
        whole = pygame.Rect((0, 0), board_sizes(facts, self.layout.u)[0])
        whole.bottomright = rect.bottomright if rect.bottom > self.size[1] / 2 else rect.topright
        if rect.top <= self.size[1] / 2:
            whole.topright = rect.topright
        whole.clamp_ip(pygame.Rect((0, 0), self.size))
        draw_board(surface, whole, facts, self.layout.u, True)

    def _draw_card_tags(self, surface: pygame.Surface) -> None:
        """The presenter's small tags over resting cards ("cut" over the cut card)."""
        u = self.layout.u
        used: set[int] = set()  # several tags on cards of one text (two wild cards in a meld): in order
        for tag in self.presenter.card_tags(self.view):
            card = next((c for c in self.board.zones.get(tag.zone, [])
                         if c.text == tag.card and not c.flying and id(c) not in used), None)
            if card is None:
                continue
            used.add(id(card))
            if getattr(self.layout.zones.get(tag.zone), "rows", None) is not None:
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
