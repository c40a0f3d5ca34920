"""What the table marks over and beside its cards, as plans: plain data read from the table's
state each frame (the empty places' outlines, the frames of targets and hints, the zones' labels,
the seats' name plates, the presenter's board). :class:`~cardtable.table.paint.TablePainter`
compares a frame's plans with the last frame's and paints them only when they change.
"""

from __future__ import annotations

from typing import Any

import pygame

from rules.presenter import Plate

from . import hud, status
from .dragdrop import targets_for

HINT_COLOR = hud.HINT
TARGET_COLOR = (255, 215, 0)
AIM_COLOR = (255, 255, 255)  # the place a card picked up by the keyboard goes on Enter


class MarkPlans:
    """The marks' plans for ``table`` (a :class:`~cardtable.table.scene.TableScene`, typed loosely:
    read only, but for the plates asked of the presenter once per view)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self._plates_seen: tuple[Any, dict] = (None, {})

    def slots(self) -> list[tuple[tuple[int, str, bool], tuple[int, int]]]:
        """Empty zones show their place as a dashed outline with the zone's name: each outline
        (``sprites.pile_slot``'s arguments) and its centre."""
        targets = (
            self.table.pointer.press.targets
            if self.table.pointer.press is not None and self.table.pointer.press.dragging
            else set()
        )
        out = []
        for name, box in self.table.layout.zones.items():
            if self.table.board.zones.get(name) or box.kind == "hand" or not self.table.ext.slot_shown(name):
                continue
            label = box.label or self.table.specs.get(name.split("/")[0], {}).get("label", "")
            if box.seat is not None and not box.mine:
                label = self.table.specs.get(name.split("/")[0], {}).get("label", "")
            if box.seat is None and "/" in name:  # one of a block (the middle, a dummy): its label says it
                if name not in targets:
                    continue
                label = ""
            label = (
                self.table.presenter.label(name, label, self.table.view, self.table.seat, self.table.names)
                if label
                else ""
            )
            out.append(((box.card_w, label, name in targets), (round(box.anchor[0]), round(box.anchor[1]))))
        return out

    def highlights(self) -> list[tuple[tuple[int, int, int, int], int, tuple[int, int, int], bool, float]]:
        """The glowing frames to draw: (rect, card width, colour, strong, angle) each."""
        out = []

        def ring(rect: pygame.Rect, card_w: int, color: tuple[int, int, int], strong: bool, angle: float = 0.0) -> None:
            out.append((tuple(rect), card_w, color, strong, angle))

        if self.table.pointer.press is not None and self.table.pointer.press.dragging:
            for name in self.table.pointer.press.targets:
                box = self.table.layout.zones.get(name)
                if box is None or not self.table.ext.slot_shown(name):
                    continue
                cards = [c for c in self.table.board.zones.get(name, []) if not c.dragging]
                if not cards:
                    continue  # the empty slot is drawn lit
                rect = cards[0].rect() if box.kind in ("pile", "stack") else box.rect(len(cards))
                ring(rect, box.card_w, TARGET_COLOR, name == self.table.pointer.press.over)
        elif self.table.pointer.selected is not None:  # clicked, or picked up by the keyboard (its aim lit strong)
            aims = self.table.keyboard.aims or targets_for(
                self.table.legal, self.table.deck, self.table.pointer.selected.zone, self.table.pointer.selected.text
            )
            for name in aims:
                box = self.table.layout.zones.get(name)
                if box is not None and self.table.ext.slot_shown(name):
                    cards = self.table.board.zones.get(name, [])
                    rect = cards[0].rect() if cards and box.kind in ("pile", "stack") else box.rect(len(cards))
                    aimed = name == self.table.keyboard.aim  # where Enter puts it: white, the others gold
                    ring(rect, box.card_w, AIM_COLOR if aimed else TARGET_COLOR, aimed)
        if self.table.hint is not None:
            card, source, target = self.table.hint
            if card is not None and card.zone == source:
                ring(card.rect(), card.base_w, HINT_COLOR, True, card.angle)
            box = self.table.layout.zones.get(target or "")
            if box is not None and self.table.ext.slot_shown(target):
                cards = self.table.board.zones.get(target, [])
                rect = cards[0].rect() if cards and box.kind in ("pile", "stack") else box.rect(len(cards))
                ring(rect, box.card_w, HINT_COLOR, False)
        return out

    def labels(self) -> list[tuple[str, tuple[int, int], float, float]]:
        """The zones' labels: (text, midtop, unit, room) each."""
        u = self.table.layout.u
        out = []
        for name, box in self.table.layout.zones.items():
            cards = self.table.board.zones.get(name, [])
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
            label = (
                self.table.presenter.label(name, label, self.table.view, self.table.seat, self.table.names)
                if label
                else ""
            )
            rect = box.extent(count)
            room = max(rect.width * 1.6, 80)
            if (
                self.table.layout.reserved and box.seat is None and not box.corner
            ):  # a crowded middle: no label over the next
                room = rect.width + self.table.layout.margin
            out.append((label, (rect.centerx, rect.bottom + round(4 * u)), u, room))
        for label, midtop, width in self.table.layout.labels:  # a block of numbered zones (the middle, a dummy)
            shown = self.table.presenter.label(
                status.block_zone(label, self.table.specs), label, self.table.view, self.table.seat, self.table.names
            )
            out.append((shown, tuple(midtop), u, width))
        return out

    def plates(self) -> list[tuple]:
        """Each seat's name plate: :func:`hud.draw_plate`'s arguments after the surface, the
        clock last (the key holds what the clock shows instead: a thinking plate's glow and dots)."""
        u = self.table.layout.u
        current = self.table.view.current_player  # the shown turn, like the status line (bots run ahead)
        out = []
        for seat, box in self.table.layout.seats.items():
            name = self.table._name(seat)
            if seat == self.table.seat and name.strip().lower() != "you":
                name += " (you)"
            plate = self.plate_of(seat)
            active = current == seat and not self.table.session.is_over
            thinking = (
                current == seat
                and self.table.session.is_bot(seat)
                and not self.table.session.is_over
                and not self.table._busy()
            )
            out.append(
                (
                    tuple(box.plate),
                    name,
                    plate.sub,
                    active,
                    thinking,
                    tuple(plate.tags),
                    u,
                    plate.chips,
                    plate.team,
                    plate.value,
                    hud.plate_clock(active, thinking, self.table.clock),
                )
            )
        return out

    def plate_of(self, seat: int) -> Plate:
        """The presenter's plate for ``seat`` (asked once per view: the view is a snapshot)."""
        view, plates = self._plates_seen
        if view is not self.table.view:
            plates = {}
            self._plates_seen = (self.table.view, plates)
        key = (seat, self.table.seat, self.table.session.level(seat))
        plate = plates.get(key)
        if plate is None:
            level = key[2]
            word = self.table.presenter.word
            tags = tuple(status.seat_tags(self.table.view, seat, self.table.presenter))
            generic = Plate(word("bot_level", level=level) if level else word("human"), tags)
            plate = plates[key] = self.table.presenter.plate(
                self.table.view, seat, self.table.seat, self.table.names, generic
            )
        return plate

    def board(self) -> tuple | None:
        """The presenter's board in its corner (compact or whole): (rect, facts, unit, whole)."""
        return self.table.ext.board_plan()
