"""The meld table: the extension for a layout with zones of kind ``melds`` (a meld game's melds,
laid out by ``meld_layout.py``). With the hint ``select = "<zone>"`` the player builds melds
from a selection: clicks select cards of the hand (a selected card lifts in place, nothing else
moves), a button of an action of kind ``meld`` (or a drop of the selection on one's own meld
area) sends the building steps into ``<zone>/<seat>`` (the action of kind ``meld``, an ``add``
per card in the hand's left-to-right order, then ``commit``); a card (or the selection) dropped
on a meld lays it off (``extend`` that meld, ``add`` at the start or the end by the half it
lands on, ``commit``); a card dropped on a wild card of a meld it may replace makes the
``swap``. When an ``add`` may name a value (what a wild card stands for) a small picker asks which
(``Presenter.value_question``).
Every meld and lay-off is first tried on a copy of the match (:meth:`MeldTable.rehearse`): one
that cannot be made moves no card and leaves nothing built, staged or recorded, and the engine's
reason is said (why the built cards make no meld: ``why_not(None, <build zone>, None)``). A step
the engine still refuses (a wild card named as a value that makes no meld) cancels the building
(``cancel``) and the hand's cards go back to the places they had. Small buttons sort the hand
the ways the presenter's ``hand_sorts`` names (rank, suit, letter).

Driven by action kinds and values and the layout's hints only; the words come from the labels
the engine gives its actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rules import Action, Event

from ... import widgets as ui
from .. import choice_row, hud, status
from ..dragdrop import drop_zone
from ..meld_layout import MeldBox, meld_seat, meld_specs
from .base import Widget
from .meld_build import MeldBuilder, Plan

if TYPE_CHECKING:
    from ..cards import CardSprite
    from ..context import TableContext
    from ..dragdrop import Press
    from ..layout import TableLayout


class MeldWidget(Widget):
    """Meld rows, building from a selection, lay-offs by drop, a value picker, sorting."""

    kind = "melds"

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        select = ctx.hints.get("select")
        self.build = str(select) if select else None  # the zone a selection is built in (per seat)
        self.specs = meld_specs(ctx.specs)
        self.builder = MeldBuilder(ctx, self.build, self._place_controls)  # the mode: build in steps
        sorts = ctx.presenter.hand_sorts()  # the game's: "Letter" where its cards bear letters
        self.sorts = [ui.Button(label, lambda key=key: self.sort(key)) for key, label in sorts]
        for button in self.sorts:
            button.shortcut = False  # no decision: reached by Tab, their letters left to the choices

    @property
    def chosen(self) -> list[CardSprite]:
        """The cards of your hand selected to build with."""
        return self.builder.chosen

    @property
    def picker(self) -> list[ui.Button]:
        """The open picker's buttons (a value to name, a meld to choose), if any."""
        return self.builder.picker

    # ------------------------------------------------------------- zones
    def hand(self) -> str | None:
        return self.ctx.my_hand

    def build_zone(self) -> str | None:
        seat = self.ctx.seat
        return None if self.build is None or seat is None else f"{self.build}/{seat}"

    def is_meld(self, zone: str | None) -> bool:
        """A meld on the table (not a seat's building or staged melds: those are owner-only)."""
        if zone is None or meld_seat(self.specs, zone) is None:
            return False
        spec = self.ctx.specs.get(zone.split("/")[0], {})
        return spec.get("visibility") == "public"

    def hand_order(self, cards: list[CardSprite]) -> list[CardSprite]:
        hand = self.ctx.board.zones.get(self.hand() or "", [])
        return sorted(cards, key=lambda c: hand.index(c) if c in hand else len(hand))

    # ------------------------------------------------------------ board
    def slot_shown(self, zone: str) -> bool:
        """A meld zone shows no empty place (a seat's area is its place); lit only with cards."""
        box = self.ctx.layout.zones.get(zone)
        return not isinstance(box, MeldBox) or bool(self.ctx.board.zones.get(zone))

    def lifted(self, card: CardSprite) -> bool:
        return card in self.builder.chosen

    def clear_selection(self) -> None:
        if self.builder.chosen and self.builder.plan is None:
            self.builder.chosen = []

    def refresh(self) -> None:
        if self.builder.go_home:
            self.builder.back_home()
        hand = self.ctx.board.zones.get(self.hand() or "", [])
        self.builder.chosen = [c for c in self.builder.chosen if c in hand]
        if not self.ctx.my_turn() and self.builder.plan is None:
            self.builder.chosen = []
        self._place_controls()

    # ------------------------------------------------------------- input
    def may_pick(self, card: CardSprite) -> bool | None:
        if self.builder.plan is not None:
            return False
        return None

    def click_card(self, card: CardSprite) -> bool:
        ctx = self.ctx
        if self.build is None or not ctx.my_turn() or self.builder.plan is not None:
            return self.builder.plan is not None
        if card.zone == self.hand():
            if card in self.builder.chosen:
                self.builder.chosen.remove(card)
            else:
                self.builder.chosen.append(card)
            ctx.pointer.selected = None
            self._say_chosen()
            return True
        if not self.builder.chosen:
            return False
        if self.is_meld(card.zone):
            box = ctx.layout.zones.get(card.zone)
            left = box is not None and card.x < box.rect(len(ctx.board.zones.get(card.zone, []))).centerx
            self.builder.lay_off(self.hand_order(self.builder.chosen), card.zone, left, card)
            return True
        if len(self.builder.chosen) == 1:  # one chosen card, clicked where it goes (the discard pile)
            mine = self.builder.chosen[0]
            action = self._action_to(mine, card.zone)
            if action is not None:
                self.builder.chosen = []
                ctx.apply(action, moving=mine)
                return True
        return False

    def key_targets(self, card: CardSprite) -> list[str] | None:
        """Enter on a card of your hand picks it up (with the selection, when it is one of it):
        the discard pile, a meld to lay off on or swap a wild card of."""
        ctx = self.ctx
        if self.build is None or card.zone != self.hand() or not ctx.my_turn() or self.builder.plan is not None:
            return None
        moves = [
            a.target
            for a in ctx.legal
            if a.source == card.zone
            and self.builder.same(a, card.text)
            and a.target is not None
            and a.target != self.build_zone()
        ]
        lays = [a.target for a in ctx.legal if a.kind == "extend" and a.target is not None]
        return list(dict.fromkeys(moves + lays))

    def key_drop(self, card: CardSprite, zone: str) -> bool:
        """Put on a meld: the cards laid off at its end (or its start where only that fits), or the
        one card swapped for the wild card it may replace when no lay-off is offered there."""
        ctx = self.ctx
        if self.build is None or card.zone != self.hand() or not self.is_meld(zone):
            return False
        cards = self.hand_order(self.builder.chosen) if card in self.builder.chosen else [card]
        extend = next((a for a in ctx.legal if a.kind == "extend" and a.target == zone), None)
        swap = (
            next(
                (a for a in ctx.legal if a.kind == "swap" and a.target == zone and self.builder.same(a, card.text)),
                None,
            )
            if len(cards) == 1
            else None
        )
        meld = ctx.board.zones.get(zone, [])
        under = next((c for i, c in enumerate(meld) if swap is not None and self.builder.names_index(swap, i)), None)
        if extend is not None and under is not None:  # both may be meant: ask, in the engine's words
            self.builder.chosen = cards
            self.builder.ask(
                [
                    (extend.label or extend.text, lambda: self.builder.lay_off(cards, zone, False, None)),
                    (swap.label or swap.text, lambda: self.builder.lay_off(cards, zone, False, under)),
                ],
                f"{extend.label or extend.text} or {(swap.label or swap.text).lower()}?",
            )
            return True
        self.builder.lay_off(cards, zone, False, under)
        return True

    def _action_to(self, card: CardSprite, zone: str) -> Action | None:
        hand = self.hand()
        return next(
            (a for a in self.ctx.legal if a.source == hand and a.target == zone and self.builder.same(a, card.text)),
            None,
        )

    def drop(self, press: Press, pos: tuple[int, int]) -> bool:
        ctx = self.ctx
        card = press.card
        if self.build is None or card is None or card.zone != self.hand() or not ctx.my_turn():
            return False
        areas = ctx.areas()
        target = drop_zone(card.rect(), pos, areas, press.targets)
        over = self._meld_at(pos) or (target if self.is_meld(target) else None)
        cards = self.hand_order(self.builder.chosen) if card in self.builder.chosen else [card]
        if over is not None:
            card.dragging = False
            ctx.board.place(card.zone, ctx.animator)
            box = ctx.layout.zones[over]
            left = pos[0] < box.rect(len(ctx.board.zones.get(over, []))).centerx
            self.builder.lay_off(cards, over, left, ctx.board.hit(pos))
            return True
        if target in press.targets and target != self.hand():
            return False  # a move the engine offers (a discard): the table's own drop
        area = ctx.layout.meld_areas.get(ctx.seat) if ctx.seat is not None else None
        if area is not None and area.collidepoint(pos) and target != self.hand():
            card.dragging = False
            ctx.board.place(card.zone, ctx.animator)
            starters = self.builder.starters()
            if self.builder.building():  # a meld being built: the cards join it
                texts = [c.text or "" for c in cards]
                self.builder.chosen = []
                reason = self.builder.rehearse(None, texts, start=False, commit=False)
                if reason is not None:
                    self.builder.refused(reason)
                    return True
                self.builder.plan = Plan(texts, commit=False)
                self.builder.go_on()
            elif len(starters) == 1:
                self.builder.start(starters[0], cards)
            elif starters:
                self.builder.chosen = cards
                self.builder.ask(
                    [
                        (a.label or a.text, lambda a=a: self.builder.start(a, self.hand_order(self.builder.chosen)))
                        for a in starters
                    ],
                    "Which meld do these cards make?",
                )
            else:
                ctx.refuse_move(card.text, card.zone, self.build_zone())
            return True
        return False

    def _meld_at(self, pos: tuple[int, int]) -> str | None:
        for name, box in self.ctx.layout.zones.items():
            if isinstance(box, MeldBox) and self.is_meld(name):
                count = len([c for c in self.ctx.board.zones.get(name, []) if not c.dragging])
                if count and box.rect(count).collidepoint(pos):
                    return name
        return None

    # ----------------------------------------------------------- buttons
    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        if self.build is None:
            return None
        out = []
        for action in choices:
            if action.kind == "extend":  # a lay-off is a drop on the meld, not a button
                continue
            if action.kind == "meld":
                label = action.label or action.text
                out.append(
                    ui.Button(label, lambda a=action: self.builder.start(a, self.hand_order(self.builder.chosen)))
                )
            else:
                out += choice_row.buttons_for([action], self._press)
        return out

    # ------------------------------------------------------------ playback
    def animate(self, event: Event) -> bool:
        if event.kind == "deal_over":
            self._deal_over(event.data)
        return False  # the table plays the event as ever (the hands shown, the words said)

    def _deal_over(self, data: Any) -> None:
        """Between hands: the table shows the hand's result (plates and status from the facts at
        its end), then the score sheet over it (what each player laid and kept) until "Continue";
        not after the last hand (the result scene shows it), in a demo or bots only."""
        ctx = self.ctx
        if self.show_deal_end(data):
            ctx.hush()  # a word said during the hand ("Nobody buys it") is over
            said = ctx.presenter.log_line("deal_over", data, ctx.seat, ctx.names)
            ctx.status = said or status.deal_over_line(data.get("deal"))
        self.scores_between_deals("Continue")

    def _press(self, action: Action) -> None:
        self.builder.chosen = []
        self.builder.plan = None
        self.builder.home = None
        self.builder.close_picker()
        self.ctx.apply(action)

    def buttons(self) -> list[ui.Button]:
        return [*self.builder.picker, *(self.sorts if self._sortable() else [])]

    def _sortable(self) -> bool:
        return self.build is not None and bool(self.ctx.board.zones.get(self.hand() or ""))

    def adjust_layout(self, layout: TableLayout) -> None:
        self._place_controls(layout)  # a new window size: the sort buttons and the picker follow

    def _place_controls(self, layout: TableLayout | None = None) -> None:
        layout = layout or self.ctx.layout
        u = layout.u
        h = max(22, round(28 * u))
        gap = round(6 * u)
        hand = layout.zones.get(self.hand() or "")
        if self.builder.picker:
            widths = [
                max(h, round(ui.text(b.label, h * 0.55, ui.INK, bold=True).get_width() + h * 0.8))
                for b in self.builder.picker
            ]
            total = sum(widths) + gap * (len(widths) - 1)
            x = round(layout.size[0] / 2 - total / 2)
            y = min(layout.choices.top, layout.status.top) - gap - round(h * 1.3) - round(6 * u)
            for button, width in zip(self.builder.picker, widths, strict=True):
                button.rect = pygame.Rect(x, y, width, round(h * 1.3))
                x += width + gap
        seat = layout.seats.get(self.ctx.seat) if self.ctx.seat is not None else None
        if hand is not None and seat is not None:  # a small row above your name plate
            width = min(round(64 * u), (seat.plate.width - 2 * gap) // 3)
            x, y = seat.plate.left, seat.plate.top - h - gap
            for button in self.sorts:
                button.rect = pygame.Rect(x, y, width, h)
                x += width + gap

    # ------------------------------------------------------------ sorting
    def sort(self, key: str) -> None:
        """Arrange the hand by rank, suit or letter (the player's own order: nothing is played)."""
        ctx = self.ctx
        zone = self.hand()
        cards = ctx.board.zones.get(zone or "")
        if not cards:
            return
        deck = ctx.deck
        ranks = [str(r) for r in deck.ranks]
        suits = [s.id for s in deck.suits]

        def rank(c: CardSprite) -> tuple:
            face = ctx.painter.face_of(c.text or "")
            r = ranks.index(str(face.rank)) if str(face.rank) in ranks else len(ranks)
            s = suits.index(face.suit) if face.suit in suits else len(suits)
            letter = face.letter or "~"
            return {"rank": (r, s, letter), "suit": (s, r, letter), "letter": (letter, r, s)}[key]

        cards.sort(key=rank)
        ctx.board.place(zone, ctx.animator)

    # -------------------------------------------------------------- paint
    def draw_over(self, surface: pygame.Surface) -> None:
        """Building and staged melds (the owner's own, not yet on the table) get a dashed edge."""
        layout = self.ctx.layout
        for name, box in layout.zones.items():
            if not isinstance(box, MeldBox) or self.is_meld(name):
                continue
            cards = self.ctx.board.zones.get(name, [])
            if cards:
                rect = box.rect(len(cards)).inflate(round(6 * layout.u), round(6 * layout.u))
                pygame.draw.rect(surface, hud.SOFT, rect, 1, border_radius=round(6 * layout.u))

    def _say_chosen(self) -> None:
        n = len(self.builder.chosen)
        if not n:
            self.ctx.say("", "info")
            return
        what = " / ".join(a.label or a.text for a in self.builder.starters())
        then = f"press {what}, or drop them on a meld" if what else "drop them on a meld"
        self.ctx.say(f"{n} card{'s' if n != 1 else ''} selected: {then}.", "info")
