"""The meld table: the widget for a layout with zones of kind ``melds`` (a meld game's melds,
laid out by ``meld_layout.py``). Where melds are built (the build mode has been on, or the hint
``select`` says so from the start) clicks select cards of your hand (a selected card lifts in
place, nothing else moves); the build mode (``build_mode.py``, on while the legal actions are the
engine's building steps) makes melds and lay-offs of them, and one selected card clicked where a
legal move takes it (the discard pile) goes there. A choice pressed lets go of the selection.
Small buttons sort the hand the ways the presenter's ``hand_sorts`` names (rank, suit, letter);
the melds being built and staged (the owner's own) get a dashed edge; between hands the result,
then the score sheet.

Driven by action kinds and values and the layout's zone kinds only; the words come from the
labels the engine gives its actions and the presenter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rules import Action, Event
from rules.kinds import ActionKind, is_kind

from ... import widgets as ui
from .. import choice_row, hud, status
from ..meld_layout import MeldBox
from .base import Widget

if TYPE_CHECKING:
    from ..cards import CardSprite
    from ..context import TableContext
    from ..layout import TableLayout
    from .build_mode import BuildMode


class MeldWidget(Widget):
    """Meld rows, a selection of your hand, sorting (see the module's words)."""

    kind = "melds"

    def __init__(self, ctx: TableContext, build: BuildMode) -> None:
        super().__init__(ctx)
        self.build = build  # the table's build mode: it makes melds of the selection
        self.builder = build.builder
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
        return self.builder.picker.buttons

    # ------------------------------------------------------------- zones
    def hand(self) -> str | None:
        return self.ctx.my_hand

    def is_meld(self, zone: str | None) -> bool:
        return self.build.is_meld(zone)

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
        hand = self.ctx.board.zones.get(self.hand() or "", [])
        self.builder.chosen = [c for c in self.builder.chosen if c in hand]
        if not self.ctx.my_turn() and self.builder.plan is None:
            self.builder.chosen = []
        self._place_controls()

    # ------------------------------------------------------------- input
    def click_card(self, card: CardSprite) -> bool:
        """A card of your hand selected (or let go); one selected card clicked where it goes."""
        ctx, builder = self.ctx, self.builder
        if not self.build.seen or not ctx.my_turn() or builder.plan is not None:
            return builder.plan is not None
        if card.zone == self.hand():
            if card in builder.chosen:
                builder.chosen.remove(card)
            else:
                builder.chosen.append(card)
            ctx.pointer.selected = None
            self._say_chosen()
            return True
        if len(builder.chosen) == 1:  # one chosen card, clicked where it goes (the discard pile)
            mine = builder.chosen[0]
            action = self._action_to(mine, card.zone)
            if action is not None:
                builder.chosen = []
                ctx.apply(action, moving=mine)
                return True
        return False

    def key_targets(self, card: CardSprite) -> list[str] | None:
        """Enter on a card of your hand picks it up (with the selection, when it is one of it):
        the discard pile, a meld to lay off on or swap a wild card of."""
        ctx, builder = self.ctx, self.builder
        if not self.build.seen or card.zone != self.hand() or not ctx.my_turn() or builder.plan is not None:
            return None
        build = builder.build_zone()
        moves = [
            a.target
            for a in ctx.legal
            if a.source == card.zone and builder.same(a, card.text) and a.target is not None and a.target != build
        ]
        lays = [a.target for a in ctx.legal if is_kind(a.kind, ActionKind.EXTEND) and a.target is not None]
        return list(dict.fromkeys(moves + lays))

    def _action_to(self, card: CardSprite, zone: str) -> Action | None:
        hand = self.hand()
        return next(
            (a for a in self.ctx.legal if a.source == hand and a.target == zone and self.builder.same(a, card.text)),
            None,
        )

    # ----------------------------------------------------------- buttons
    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        """Choices other than building (the build mode's): pressed, they let go of the selection."""
        return choice_row.buttons_for(choices, self.build.press) if self.build.seen else None

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
        self.scores_between_deals(ctx.presenter.word("continue"))

    def buttons(self) -> list[ui.Button]:
        return self.sorts if self._sortable() else []

    def _sortable(self) -> bool:
        return self.build.seen and bool(self.ctx.board.zones.get(self.hand() or ""))

    def adjust_layout(self, layout: TableLayout) -> None:
        self._place_controls(layout)  # a new window size: the sort buttons follow

    def _place_controls(self, layout: TableLayout | None = None) -> None:
        layout = layout or self.ctx.layout
        u = layout.u
        h = max(22, round(28 * u))
        gap = round(6 * u)
        hand = layout.zones.get(self.hand() or "")
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
        words = self.ctx.presenter
        what = " / ".join(a.label or a.text for a in self.builder.starters())
        then = words.word("then_press", what=what) if what else words.word("then_drop")
        self.ctx.say(words.word("one_selected" if n == 1 else "some_selected", n=n, then=then), "info")
