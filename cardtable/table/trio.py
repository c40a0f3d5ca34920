"""The memory table, for a layout whose revealed cards lie near where they came from
(``[layout].hints.revealed_near_source``, Trio's): the middle cards in fixed places, every hand a
sorted row whose two ends are what a player reveals, revealed cards face up where they came from
until the turn ends (then face down again, hand cards included: a memory game, past reveals
show only in the reveal history), sets in front of their takers, and the team swap.

Mouse: on your turn click (or drag out) a face-down middle card, or the lowest or highest
card of any hand (hovering an end names it). In team mode drag one of your cards onto your
partner's hand, or click it and press Swap; or press Pass.

The words are the game presenter's; the panels (reveal history, place numbers) are in ``trio_panel``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

import sprites
from rules import Action, Event

from .. import widgets as ui
from . import hud, trio_panel
from .cards import CardSprite
from .extensions import TableExtension
from .layout import Slot, TableLayout, ZoneBox

if TYPE_CHECKING:
    from .dragdrop import Press
    from .scene import TableScene

REVEALED = "revealed"
LOW, HIGH = "low", "high"
REVEAL, SWAP = "reveal", "swap"
END_WORDS = {LOW: "lowest", HIGH: "highest"}
CLOSED_STEP = 0.3  # others' hands: the step between the inner cards, in card widths
END_GAP = 0.5  # ... and the wider step that sets each end card apart
LIFT = 0.55  # a card revealed from another's hand lies this far (card heights) toward the centre
OWN_LIFT = 0.3  # ... from your own hand: lifted out of the fan
TRIO_STEP = 0.22  # the cards of one trio overlap; trios sit a little apart
TRIO_GAP = 0.18
LOOK = 0.8  # seconds to look at a mismatch or a trio before the cards move


class TrioTable(TableExtension):
    """The memory table's hooks for :class:`~cardtable.table.scene.TableScene`."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(table)
        self.origin: dict[CardSprite, tuple[str, str | None]] = {}  # a revealed card: where it came from
        self.hot: tuple[CardSprite, str | None] | None = None  # the card under the pointer and its end
        self.held = False  # the turn's last reveal has been looked at
        self.news: list[str] = []  # what the last swap did, for the message line
        self.reveal_w = 0  # the width a card revealed from a hand is shown at (the middle's)

    # ============================================================ queries
    @property
    def public(self) -> dict[str, Any]:
        return self.table.view.get("public") or {}

    @property
    def phase(self) -> str:
        return str(self.public.get("phase", REVEAL))

    def _mine_to_act(self) -> bool:
        return bool(self.table._my_turn())

    def _revealed(self) -> list[CardSprite]:
        return self.table.board.zones.get(REVEALED, [])

    def _origin_of(self, card: CardSprite) -> tuple[str, str | None] | None:
        where = self.origin.get(card)
        if where is None:  # not yet read from the view (the first layout of a rebuild)
            cards = self._revealed()
            froms = self.public.get("revealed") or []
            if card in cards and cards.index(card) < len(froms):
                zone, end = froms[cards.index(card)]
                where = (str(zone), end)
        return where

    def end_of(self, card: CardSprite) -> str | None:
        """``low`` / ``high`` when ``card`` lies at an end of a hand (a single card: low)."""
        if not card.zone.startswith("hand/"):
            return None
        cards = self.table.board.zones.get(card.zone, [])
        if cards and card is cards[0]:
            return LOW
        if cards and card is cards[-1]:
            return HIGH
        return None

    def action_for(self, card: CardSprite) -> Action | None:
        """The legal reveal of ``card`` (a middle card, or the end of a hand it lies at)."""
        if card.zone.startswith("middle/"):
            text = f"reveal {card.zone}"
        else:
            end = self.end_of(card)
            if end is None:
                return None
            text = f"reveal {end} {card.zone.split('/')[1]}"
        return next((a for a in self.table.legal if a.text == text), None)

    def partner_hand(self) -> str | None:
        teams = self.public.get("teams") or []
        seat = self.table.seat
        for team in teams:
            if seat in team:
                other = [s for s in team if s != seat]
                return f"hand/{other[0]}" if other else None
        return None

    # ============================================================= layout
    def layout_specs(self, specs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Revealed cards lie where they came from: the middle gets the whole centre (with a
        middle; in team mode the empty revealed place keeps the centre's shape)."""
        zones = self.table.view.get("zones") or {}
        if "middle/0" in zones:
            return {name: spec for name, spec in specs.items() if name != REVEALED}
        return specs

    def adjust_layout(self, layout: TableLayout) -> None:
        middle = [box for name, box in layout.zones.items() if name.startswith("middle/")]
        if middle:
            self._centre_middle(layout, middle)
        width = middle[0].card_w if middle else round(layout.pile_w * 0.8)
        centre = layout.zones.get(REVEALED)
        anchor = centre.anchor if centre is not None else layout.middle.center
        # A place of its own is never drawn ("hand" boxes show no empty slot or label).
        layout.zones[REVEALED] = ZoneBox(REVEALED, "hand", width, anchor)
        self.reveal_w = width

    @staticmethod
    def _centre_middle(layout: TableLayout, middle: list[ZoneBox]) -> None:
        """The middle's places halfway between the seats above them and the status line."""
        grid = middle[0].rect(1).unionall([box.rect(1) for box in middle[1:]])
        block = grid.inflate(0, 2 * layout.label_h)
        top = max(
            [layout.middle.top]
            + [
                s.box.bottom + layout.margin
                for s in layout.seats.values()
                if not s.bottom and s.box.left < block.right and s.box.right > block.left
            ]
        )
        bottom = layout.status.top - layout.margin
        shift = round((top + bottom) / 2 - grid.centery)
        if shift <= 0 or grid.bottom + layout.label_h + shift > bottom:
            return
        for box in middle:
            box.anchor = (box.anchor[0], box.anchor[1] + shift)
        layout.labels = [
            (text, (x, y + shift) if abs(y - grid.bottom) < 2 * layout.label_h else (x, y), width)
            for text, (x, y), width in layout.labels
        ]

    def ordered(self, zone: str) -> bool:
        # sorted hands: the view's order is the table's
        return zone.startswith("hand/") and bool(self.table.hints.get("hands_sorted", True))

    def shows_known(self, zone: str) -> bool:
        """Trio is a memory game: what was revealed and went back lies face down, in the middle
        and in hands alike (the view still says what is known; the reveal history shows it)."""
        return False

    # -------------------------------------------------------------- slots
    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None:
        if zone.startswith("hand/"):
            outside = self._outside(zone)
            row = self._row(zone, len(cards) + len(outside[LOW]) + len(outside[HIGH]))
            return row[len(outside[LOW]) : len(outside[LOW]) + len(cards)] if row else None
        if zone == REVEALED:
            return [self._revealed_slot(card) for card in cards]
        if zone.startswith("trios/"):
            return self._trio_slots(zone, len(cards))
        return None

    def card_width(self, card: CardSprite) -> int | None:
        if card.zone != REVEALED:
            return None
        where = self._origin_of(card)
        box = self.table.layout.zones.get(where[0]) if where else None
        if box is None:
            return None
        return box.card_w if where[1] is None else max(box.card_w, self.reveal_w)

    def _outside(self, zone: str) -> dict[str, list[CardSprite]]:
        """The cards revealed this turn from each end of hand ``zone``, in the order revealed."""
        out: dict[str, list[CardSprite]] = {LOW: [], HIGH: []}
        for card in self._revealed():
            where = self._origin_of(card)
            if where and where[0] == zone and where[1] in out:
                out[where[1]].append(card)
        return out

    def _row(self, zone: str, count: int) -> list[Slot]:
        """The places of a hand of ``count`` cards, revealed ones included, low to high."""
        box = self.table.layout.zones.get(zone)
        if box is None or count <= 0:
            return []
        if box.fan:
            return box.slots(count)
        w = box.card_w
        steps = [END_GAP if i in (1, count - 1) else CLOSED_STEP for i in range(1, count)]
        total = sum(steps) * w
        room = max(box.span, w * 2) * 1.15 - w
        scale = min(1.0, room / total) if total > 0 else 1.0
        xs = [0.0]
        for step in steps:
            xs.append(xs[-1] + step * w * scale)
        left = box.anchor[0] - xs[-1] / 2
        return [(left + x, box.anchor[1], 0.0) for x in xs]

    def _toward_centre(self, box: ZoneBox) -> float:
        """+1 when a card lifted out of ``box`` moves down (toward the middle), -1 up."""
        return -1.0 if box.mine or box.anchor[1] > self.table.layout.middle.centery + box.card_h else 1.0

    def _revealed_slot(self, card: CardSprite) -> Slot:
        where = self._origin_of(card)
        layout = self.table.layout
        box = layout.zones.get(where[0]) if where else None
        if box is None:
            return (*layout.middle.center, 0.0)
        if where[1] is None:  # a middle card turns up in its place
            return (box.anchor[0], box.anchor[1] - 0.06 * box.card_h, 0.0)
        outside = self._outside(where[0])
        cards = self.table.board.zones.get(where[0], [])
        low, high = outside[LOW], outside[HIGH]
        row = self._row(where[0], len(low) + len(cards) + len(high))
        if not row:
            return (*layout.middle.center, 0.0)
        x, y, angle = row[0] if where[1] == LOW else row[-1]
        order = (low if where[1] == LOW else high).index(card)  # the second card from an end lies beyond the first
        outward = 1 if where[1] == HIGH else -1
        width = self.card_width(card) or box.card_w
        lift = (OWN_LIFT if box.mine else LIFT) * box.card_h * self._toward_centre(box)
        ends = low if where[1] == LOW else high
        far = x + outward * (0.12 * box.card_w + (len(ends) - 1) * 0.6 * width)
        edge = width / 2 + layout.margin  # a hand at the side of the table: the farthest card stays on the screen
        shift = max(edge, min(layout.size[0] - edge, far)) - far
        return (x + shift + outward * (0.12 * box.card_w + order * 0.6 * width), y + lift, angle * 0.5)

    def _trio_slots(self, zone: str, count: int) -> list[Slot]:
        box = self.table.layout.zones.get(zone)
        if box is None or count <= 0:
            return []
        w = box.card_w
        groups = (count + 2) // 3
        group_w = w * (1 + 2 * TRIO_STEP)
        total = groups * group_w + (groups - 1) * TRIO_GAP * w
        room = max(box.span, w * 2.5)
        shift = group_w + TRIO_GAP * w
        if total > room and groups > 1:  # many trios: they overlap more
            shift = (room - group_w) / (groups - 1)
            total = room
        left = box.anchor[0] - total / 2 + w / 2
        return [(left + (i // 3) * shift + (i % 3) * TRIO_STEP * w, box.anchor[1], 0.0) for i in range(count)]

    # ============================================================ playback
    def animate(self, event: Event) -> bool:
        kind, data = event.kind, event.data
        if kind == "reveal":
            self.held = False
            self._play_reveal(data)
            return True
        if kind == "return" or (kind == "move" and data.get("source") == REVEALED):
            if not self.held:  # first a look at what was revealed
                self.held = True
                self.table.queue.appendleft(event)
                self.table._speak(event)
                self.table.animator.wait(self.table.animator.seconds(LOOK))
                return True
            self._play_together(event)  # the turn's cards go back (or to the trio's taker) at once
            return True
        if kind == "turn_over":
            self.held = False
            return True
        if kind == "choose":
            self.news = []
            self.table._speak(event)
            return True
        if kind == "swap":
            said = self.table.presenter.say(kind, data, self.table.seat, self.table.names)
            if said is not None:  # what each team did, said together
                self.news.append(said.text)
                self.table._say(" \u00b7 ".join(self.news) + ".", "info")
            return True
        if kind == "match_over":
            self.table._speak(event)
            return True
        return False

    def _play_together(self, event: Event) -> None:
        """``event`` and the events of the same kind right after it, animated side by side."""
        queue = self.table.queue
        batch = [event]
        while queue and queue[0].kind == event.kind and queue[0].data.get("source") == REVEALED:
            batch.append(queue.popleft())
        for each in batch:
            data = each.data
            if each.kind == "return":
                self._play_return(data)
            else:  # a trio's card to its taker: the generic move
                self.table._animate_move(data.get("card"), data.get("source"), data.get("target"), data.get("index"))

    def _play_reveal(self, data: dict[str, Any]) -> None:
        board, animator = self.table.board, self.table.animator
        source, end = str(data.get("source")), data.get("end")
        cards = board.zones.get(source, [])
        if not cards:
            return
        card = cards[-1] if end == HIGH else cards[0]
        cards.remove(card)
        card.zone, card.text = REVEALED, data.get("card")
        card.dragging, card.lift = False, 0.0
        board.zones.setdefault(REVEALED, []).append(card)
        self.origin[card] = (source, end)
        board.place(source, animator)
        board.place(REVEALED, animator)

    def _play_return(self, data: dict[str, Any]) -> None:
        board, animator = self.table.board, self.table.animator
        text, target = data.get("card"), str(data.get("target"))
        revealed = self._revealed()
        card = next((c for c in revealed if c.text == text and (self._origin_of(c) or ("",))[0] == target), None)
        card = card or next((c for c in revealed if c.text == text), None) or (revealed[0] if revealed else None)
        if card is None:
            return
        revealed.remove(card)
        self.origin.pop(card, None)
        card.zone = target
        card.text = text if target == self.table.my_hand else None  # back face down: good play is memory
        cards = board.zones.setdefault(target, [])
        index = data.get("index")
        cards.insert(index if isinstance(index, int) and 0 <= index <= len(cards) else len(cards), card)
        board.place(target, animator)
        board.place(REVEALED, animator)

    # =============================================================== input
    def may_pick(self, card: CardSprite) -> bool | None:
        if self.phase != REVEAL:
            return None
        if card.zone.startswith("middle/"):
            return True
        return self.end_of(card) is not None

    def click_card(self, card: CardSprite) -> bool:
        if not self._mine_to_act():
            return False
        if self.phase == SWAP:
            return self._pick_offer(card)
        if card.zone == REVEALED:
            return False  # the engine says why not
        action = self.action_for(card)
        if action is None:
            if card.zone.startswith("hand/"):
                self.table._say("Only the lowest or the highest card of a hand may be revealed.", "warn")
                return True
            return False
        self.hot = None
        self.table._apply(action, moving=card)
        return True

    def _pick_offer(self, card: CardSprite) -> bool:
        table = self.table
        if card.zone != table.my_hand:
            return False  # a selected card sent to the partner's hand, or a refusal: the generic click
        table._select(None if table.selected is card else card)
        if table.selected is not None:
            partner = table._name(int((self.partner_hand() or "hand/0").split("/")[1]))
            table._say(f"Press Swap to offer the {card.text} to {partner}, or drop it on their hand.", "info")
        return True

    def drop(self, press: Press, pos: tuple[int, int]) -> bool:
        if self.phase != REVEAL:
            return False
        card, table = press.card, self.table
        card.dragging = False
        box = table.layout.zones.get(card.zone)
        home = box.rect(len(table.board.zones.get(card.zone, []))) if box is not None else None
        action = self.action_for(card) if self._mine_to_act() else None
        if action is None or (home is not None and home.inflate(box.card_w // 4, box.card_w // 4).collidepoint(pos)):
            table.board.place(card.zone, table.animator)  # dropped back home: nothing happens
            return True
        self.hot = None
        table._apply(action, moving=card)
        return True

    def hover(self, pos: tuple[int, int]) -> None:
        before, self.hot = self.hot, None
        if self._mine_to_act() and self.phase == REVEAL and not self.table._busy():
            card = self.table.board.hit(pos)
            if card is not None and (card.zone.startswith("middle/") or self.end_of(card) is not None):
                self.hot = (card, self.end_of(card))
        if before is not None and (self.hot is None or self.hot[0] is not before[0]):
            self._lift(before[0], 0.0)
        if self.hot is not None:
            self._lift(self.hot[0], 0.1)

    def _lift(self, card: CardSprite, share: float) -> None:
        """Raise a hovered end of another's hand a little (your own hand lifts by itself)."""
        if card.zone != self.table.my_hand:
            card.lift = share * card.height

    def hint(self, action: Action) -> tuple[CardSprite | None, str] | None:
        """Point at the very card: the middle place, or the end of the hand."""
        words = action.text.split()
        board, table = self.table.board, self.table
        if action.kind == "reveal" and len(words) == 2:  # reveal middle/I
            place = board.zones.get(words[1], [])
            return (place[0] if place else None), f"reveal middle card {int(words[1].split('/')[1]) + 1}"
        if action.kind == "reveal" and len(words) == 3:  # reveal low|high N
            hand = board.zones.get(f"hand/{words[2]}", [])
            seat = int(words[2])
            whose = "your" if seat == table.seat else f"{table._name(seat)}'s"
            card = (hand[-1] if words[1] == HIGH else hand[0]) if hand else None
            return card, f"reveal {whose} {END_WORDS[words[1]]} card"
        if action.kind == "swap":
            hand = board.zones.get(table.my_hand or "", [])
            return next((c for c in hand if c.text == words[-1]), None), f"offer your {words[-1]} to your partner"
        return None

    def focusable(self, cards: list[CardSprite]) -> list[CardSprite] | None:
        """Keys step through what may be revealed: the middle, then both ends of every hand."""
        if self.phase != REVEAL:
            return None
        board = self.table.board
        places = sorted((z for z in board.zones if z.startswith("middle/")), key=lambda z: int(z.split("/")[1]))
        out = [c for name in places for c in board.zones[name][:1]]
        seats = sorted(int(z.split("/")[1]) for z in board.zones if z.startswith("hand/"))
        for seat in seats:
            hand = board.zones[f"hand/{seat}"]
            out += hand[:1] + hand[-1:] if len(hand) > 1 else hand
        return out

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        if self.phase != SWAP or not choices:
            return None
        keep = next((a for a in choices if a.kind == "pass"), choices[0])
        return [
            ui.Button("Swap", self._swap_selected, primary=True),
            ui.Button("Pass", lambda: self.table._apply(keep)),
        ]

    def _swap_selected(self) -> None:
        table = self.table
        card, partner = table.selected, self.partner_hand()
        if card is None or card.zone != table.my_hand or partner is None:
            table._say("Click one of your cards first, then press Swap (or drop it on your partner's hand).", "info")
            return
        action = next(
            (a for a in table.legal if a.kind == "swap" and a.target == partner and a.text == f"swap {card.text}"),
            None,
        )
        if action is None:
            table._refuse(card.text, card.zone, partner)
            return
        table._apply(action, moving=card)

    # =============================================================== paint
    def refresh(self) -> None:
        cards = self._revealed()
        froms = self.public.get("revealed") or []
        self.origin = {card: (str(z), e) for card, (z, e) in zip(cards, froms, strict=False)}
        if self.hot is not None:
            self._lift(self.hot[0], 0.0)
        self.hot = None

    # =============================================================== paint
    def draw_under(self, surface: pygame.Surface) -> None:
        """Empty middle places (a trio took their card) stay marked as gaps."""
        taken = {w[0] for c in self._revealed() if (w := self._origin_of(c))}
        for name, box in self.table.layout.zones.items():
            if name.startswith("middle/") and not self.table.board.zones.get(name) and name not in taken:
                gap = sprites.pile_slot(box.card_w, "", False).copy()
                gap.set_alpha(70)
                surface.blit(gap, gap.get_rect(center=(round(box.anchor[0]), round(box.anchor[1]))))

    def draw_over(self, surface: pygame.Surface) -> None:
        table = self.table
        u = table.layout.u
        if self._history_on():
            trio_panel.draw_place_numbers(surface, table, {w[0] for c in self._revealed() if (w := self._origin_of(c))})
            trio_panel.draw_history(surface, table)
        for card in self._revealed():
            if not card.flying and not table.animator.moving(card):
                hud.ring_around(surface, card.rect(), card.base_w, hud.HINT, False)
        hot = self.hot
        if hot is None and table.focus is not None and table.focus.zone != REVEALED:
            hot = (table.focus, self.end_of(table.focus))  # the keyboard's pick
        if hot is not None and not table._busy() and self.phase == REVEAL and self._mine_to_act():
            card, end = hot
            hud.ring_around(surface, card.rect(), card.base_w, (255, 215, 0), True)
            if end is not None:
                trio_panel.tag(surface, END_WORDS[end], card.rect(), u, above=card.zone == table.my_hand)
        offered = trio_panel.offered_card(table)
        if offered is not None:
            hud.ring_around(surface, offered.rect(), offered.base_w, (255, 215, 0), True)
            trio_panel.tag(surface, "offered", offered.rect(), u, above=True)
        if self.phase == SWAP and table.choice_buttons:
            table.choice_buttons[0].enabled = table.selected is not None

    def _history_on(self) -> bool:
        return bool(getattr(getattr(self.table.app, "settings", None), "show_reveal_history", False))
