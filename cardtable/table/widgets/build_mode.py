"""Building in steps, a mode of the table: on while the legal actions are the steps of the
engine's meld building (``rules/building.py``: ``meld``, ``extend``, ``add``, ``remove``,
``commit``, ``swap``) or a meld is midway. The cards selected in your hand (the melds widget,
``melds.py``) become the steps (:class:`~.meld_build.MeldBuilder`): a button of an action of kind
``meld`` (or a drop of the selection on one's own meld area) sends ``meld``, an ``add`` per card
in the hand's left-to-right order, then ``commit``; a card (or the selection) dropped on a meld
lays it off (``extend`` that meld, ``add`` at the start or the end by the half it lands on,
``commit``); a card dropped on a wild card of a meld it may replace makes the ``swap``. Values
(a wild card's), a meld's kind and an end are asked with the value mode's picker. The zone a meld
is built in is read from the ``add`` steps (the layout's hint ``select`` may still name it); a
layout with a seat's own ``melds`` zone (owner-only: where its melds are built) lets the hand be
selected from the turn's start, before any building step is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.kinds import ActionKind, is_kind

from ... import widgets as ui
from .. import choice_row
from ..dragdrop import drop_zone
from ..meld_layout import MeldBox, meld_seat, meld_specs
from .meld_build import MeldBuilder, Plan
from .mode import Mode

if TYPE_CHECKING:
    from rules import Action

    from ..cards import CardSprite
    from ..context import TableContext
    from ..dragdrop import Press
    from .value_mode import Picker

EXTEND, SWAP, MELD = ActionKind.EXTEND, ActionKind.SWAP, ActionKind.MELD


class BuildMode(Mode):
    """Melds and lay-offs built in steps from a selection (see the module's words)."""

    kind = "build"
    kinds = (ActionKind.MELD, ActionKind.EXTEND, ActionKind.ADD, ActionKind.REMOVE, ActionKind.COMMIT, SWAP)

    def __init__(self, ctx: TableContext, picker: Picker) -> None:
        super().__init__(ctx)
        select = ctx.hints.get("select")  # optional: the build zone is read from the actions
        self.specs = meld_specs(ctx.specs)
        self.builder = MeldBuilder(ctx, str(select) if select else None, picker)
        # a table where melds are built: a seat's own melds zone to build in (or the hint), or the mode was on
        self.seen = select is not None or any(
            spec.get("kind") == "melds" and spec.get("per_seat") and spec.get("visibility") == "owner"
            for spec in ctx.specs.values()
        )

    def serves(self, legal: Sequence[Action]) -> bool:
        on = super().serves(legal)
        self.seen = self.seen or on
        return on

    def holding(self) -> bool:
        return self.builder.plan is not None or self.builder.go_home

    # ------------------------------------------------------------- zones
    def hand(self) -> str | None:
        return self.ctx.my_hand

    def is_meld(self, zone: str | None) -> bool:
        """A meld on the table (not a seat's building or staged melds: those are owner-only)."""
        if zone is None or meld_seat(self.specs, zone) is None:
            return False
        spec = self.ctx.specs.get(zone.split("/")[0], {})
        return spec.get("visibility") == "public"

    def hand_order(self, cards: list[CardSprite]) -> list[CardSprite]:
        hand = self.ctx.board.zones.get(self.hand() or "", [])
        return sorted(cards, key=lambda c: hand.index(c) if c in hand else len(hand))

    def _of(self, kind: ActionKind, zone: str) -> list[Action]:
        return [a for a in self.ctx.legal if is_kind(a.kind, kind) and a.target == zone]

    # ------------------------------------------------------------- input
    def refresh(self) -> None:
        if self.builder.go_home:
            self.builder.back_home()

    def may_pick(self, card: CardSprite) -> bool | None:
        return False if self.builder.plan is not None else None

    def click_card(self, card: CardSprite) -> bool:
        """While the table builds, clicks wait; with cards selected, a click on a meld lays them off."""
        ctx, builder = self.ctx, self.builder
        if builder.plan is not None:
            return True
        if not ctx.my_turn() or card.zone == self.hand() or not builder.chosen or not self.is_meld(card.zone):
            return False
        box = ctx.layout.zones.get(card.zone)
        left = box is not None and card.x < box.rect(len(ctx.board.zones.get(card.zone, []))).centerx
        builder.lay_off(self.hand_order(builder.chosen), card.zone, left, card)
        return True

    def key_drop(self, card: CardSprite, zone: str) -> bool:
        """Put on a meld: the cards laid off at its end (or its start where only that fits), or the
        one card swapped for the wild card it may replace when no lay-off is offered there."""
        ctx, builder = self.ctx, self.builder
        if card.zone != self.hand() or not self.is_meld(zone):
            return False
        cards = self.hand_order(builder.chosen) if card in builder.chosen else [card]
        extend = next(iter(self._of(EXTEND, zone)), None)
        swaps = [a for a in self._of(SWAP, zone) if builder.same(a, card.text)] if len(cards) == 1 else []
        swap = swaps[0] if swaps else None
        meld = ctx.board.zones.get(zone, [])
        under = next((c for i, c in enumerate(meld) if swap is not None and builder.names_index(swap, i)), None)
        if extend is not None and swap is not None and under is not None:  # both may be meant: ask
            builder.chosen = cards
            lay = extend.label or extend.text
            builder.ask(
                [
                    (lay, lambda: builder.lay_off(cards, zone, False, None)),
                    (swap.label or swap.text, lambda: builder.lay_off(cards, zone, False, under)),
                ],
                ctx.presenter.word("this_or_that", this=lay, that=(swap.label or swap.text).lower()),
            )
            return True
        builder.lay_off(cards, zone, False, under)
        return True

    def drop(self, press: Press, pos: tuple[int, int]) -> bool:
        ctx, builder = self.ctx, self.builder
        card = press.card
        if card is None or card.zone != self.hand() or not ctx.my_turn():
            return False
        target = drop_zone(card.rect(), pos, ctx.areas(), press.targets)
        over = self._meld_at(pos) or (target if self.is_meld(target) else None)
        cards = self.hand_order(builder.chosen) if card in builder.chosen else [card]
        if over is not None:
            card.dragging = False
            ctx.board.place(card.zone, ctx.animator)
            box = ctx.layout.zones[over]
            left = pos[0] < box.rect(len(ctx.board.zones.get(over, []))).centerx
            builder.lay_off(cards, over, left, ctx.board.hit(pos))
            return True
        if target in press.targets and target != self.hand():
            return False  # a move the engine offers (a discard): the table's own drop
        area = ctx.layout.meld_areas.get(ctx.seat) if ctx.seat is not None else None
        if area is None or not area.collidepoint(pos) or target == self.hand():
            return False
        card.dragging = False
        ctx.board.place(card.zone, ctx.animator)
        self._onto_my_area(card, cards)
        return True

    def _onto_my_area(self, card: CardSprite, cards: list[CardSprite]) -> None:
        """Cards dropped on one's own meld area: they join the meld being built, or start one
        (of the one kind they may make, else the kind asked)."""
        builder = self.builder
        starters = builder.starters()
        if builder.building():
            texts = [c.text or "" for c in cards]
            builder.chosen = []
            reason = builder.rehearse(None, texts, start=False, commit=False)
            if reason is not None:
                builder.refused(reason)
                return
            builder.plan = Plan(texts, commit=False)
            builder.go_on()
        elif len(starters) == 1:
            builder.start(starters[0], cards)
        elif starters:
            builder.chosen = cards
            builder.ask(
                [(a.label or a.text, lambda a=a: builder.start(a, self.hand_order(builder.chosen))) for a in starters],
                self.ctx.presenter.word("which_meld"),
            )
        else:
            self.ctx.refuse_move(card.text, card.zone, builder.find_build_zone())

    def _meld_at(self, pos: tuple[int, int]) -> str | None:
        for name, box in self.ctx.layout.zones.items():
            if isinstance(box, MeldBox) and self.is_meld(name):
                count = len([c for c in self.ctx.board.zones.get(name, []) if not c.dragging])
                if count and box.rect(count).collidepoint(pos):
                    return name
        return None

    # ----------------------------------------------------------- buttons
    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        """A button per choice, a lay-off excepted (a drop on the meld); a meld's start builds the selection."""
        builder = self.builder
        out = []
        for action in choices:
            if is_kind(action.kind, EXTEND):
                continue
            if is_kind(action.kind, MELD):
                label = action.label or action.text
                out.append(ui.Button(label, lambda a=action: builder.start(a, self.hand_order(builder.chosen))))
            else:
                out += choice_row.buttons_for([action], self.press)
        return out

    def press(self, action: Action) -> None:
        """A choice pressed: the selection and anything the table was building are let go."""
        builder = self.builder
        builder.chosen = []
        builder.plan = None
        builder.home = None
        builder.close_picker()
        self.ctx.apply(action)
