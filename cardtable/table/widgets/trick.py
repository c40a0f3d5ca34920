"""The trick widget: what the table does for a layout with a ``trick`` zone, for any trick game.

The trick lies in the middle, each card in front of the place that played it (a place that is
no seat's, ``rules.tricks.DUMMY``: toward its zones); a full trick is shown a moment, its
winning card ringed, then gathered to the winner's won pile (kept face down; the last trick can
be looked at with the "Last trick" button or by hovering a won pile, ``pile.py``). The game's
presenter words the corner badge (trump, round, deal), the plates and the status line. A card
the presenter shows (``Presenter.showcase``) is shown big in the middle, then goes to its
holder. Piles named by the layout hint ``beside_trick`` lie beside the trick (by default every
other pile of the centre), the one named ``under_trick`` where the trick goes. Between deals
the presenter's score sheet waits for "Next deal". Your hand's dimmed cards and an exchange
picked card by card are the hand widget's (``hand.py``), the suit buttons the choice row's.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from rules import Action, Event
from rules.presenter import Badge, TrickPresenter

from ... import widgets as ui
from .. import hud, status, trick_hud, trick_layout
from ..cards import CardSprite
from ..layout import TableLayout
from ..trick_layout import TrickBox
from ..zone_box import Slot
from .base import Widget
from .pile import PileWidget

if TYPE_CHECKING:
    from ..context import TableContext

HOLD = 1.0  # seconds a full trick stays before it is gathered (normal speed), unless the settings say
SHOWN_LOOK = 1.4  # seconds a card the presenter shows (it gives trump) stays before it goes to its holder
AREA = (0, 0, 0, 34)
AREA_EDGE = (255, 255, 255, 36)
TURN_GLOW = (255, 215, 0)


class TrickWidget(Widget):
    """The trick in the middle: its cards by their places, the full trick gathered, the badge,
    the zones of a seatless place, a card shown big, the last trick."""

    kind = "trick"

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        specs = ctx.specs
        self.trick = next(name for name, spec in specs.items() if spec.get("kind") == "trick")
        hints = ctx.hints
        self.deck_zone: str | None = hints.get("under_trick") or None  # a pile lying where the trick goes
        beside = hints.get("beside_trick")
        if beside is None:  # every other pile of the centre
            beside = " ".join(
                n
                for n, sp in specs.items()
                if n not in (self.trick, self.deck_zone)
                and not sp.get("per_seat")
                and sp.get("place", "center") == "center"
                and sp.get("kind") in ("pile", "stack")
            )
        self.side_piles = [str(n) for n in str(beside).split()]
        known = ("center", "seat", "corner")
        self.seatless = tuple(  # zones at a place that is no seat's: their prefixes
            f"{n}/" for n, sp in specs.items() if not sp.get("per_seat") and sp.get("place", "center") not in known
        )
        self.played_for = self.seatless  # your turn to play from them: they glow
        self.piles = PileWidget(ctx)  # the won piles: hovered, they show the last trick
        self.badge_lines = -1  # lines under the badge's headline (-1: no badge)
        self.places: dict[str, object] = {}  # a card on the trick -> the place that played it
        self.winning: CardSprite | None = None  # the trick's winning card, while the full trick is shown
        self.caption = ""
        self.showcase: trick_hud.Showcase | None = None
        self.shown: str | None = None  # the key of the card the presenter showed last
        self.show_last = False
        self.seatless_label: tuple[float, float] | None = None
        self.last_button = ui.Button(ctx.presenter.word("last_trick"), self._toggle_last)

    # ============================================================ queries
    @property
    def view(self) -> dict[str, Any]:
        return self.ctx.view

    @property
    def public(self) -> dict[str, Any]:
        return self.view.public or {}

    @property
    def phase(self) -> str:
        return str(self.public.get("phase", ""))

    def name(self, place: object, you: str | None = None) -> str:
        """How the table names a place: "You" (the presenter's word, or ``you``), a player's name,
        the presenter's word for a place that is no seat's."""
        presenter = self.ctx.presenter
        you = presenter.word("you") if you is None else you
        if isinstance(presenter, TrickPresenter):
            return presenter.place_name(place, self.ctx.seat, self.ctx.names, you)
        return presenter.name(place, self.ctx.seat, self.ctx.names, you)

    def text_of(self, action: Action) -> str | None:
        return None if action.card is None else self.ctx.deck.faces[action.card].text

    def trick_box(self) -> TrickBox | None:
        box = self.ctx.board.layout.zones.get(self.trick)
        return box if isinstance(box, TrickBox) else None

    def _mine(self) -> bool:
        return bool(self.ctx.my_turn())

    # ============================================================= layout
    def badge(self) -> Badge | None:
        ctx = self.ctx
        return ctx.presenter.badge(ctx.view, ctx.seat, ctx.names)

    def adjust_layout(self, layout: TableLayout) -> None:
        badge = self.badge()
        self.badge_lines = -1 if badge is None else len(badge.lines)
        if badge is not None:
            trick_layout.clear_corner(layout, trick_layout.badge_rect(layout, 1 + self.badge_lines))
        self.seatless_label = None
        if self.seatless and any(name.startswith(self.seatless) for name in layout.zones):
            titles = {str(self.ctx.specs[p[:-1]].get("label", p[:-1])).split(" (")[0] for p in self.seatless}
            for label in list(layout.labels):
                if label[0] in titles:
                    layout.labels.remove(label)  # drawn by draw_over, in the presenter's words
                    self.seatless_label = label[1]
        seatless = self.seatless if any(name.startswith(self.seatless) for name in layout.zones) else ()
        piles = [p for p in self.side_piles if p in layout.zones]
        trick_layout.place_middle(layout, seatless, piles, self.deck_zone, self.trick)
        u, bar = layout.bar_u, layout.bar
        bw, bh, gap = round(118 * u), max(24, bar.height - round(12 * u)), round(10 * u)
        x = bar.right - round(12 * u) - 4 * (round(96 * u) + gap)  # left of the table's Menu, Undo, Hint, Log
        self.last_button.rect = pygame.Rect(0, 0, bw, bh)
        self.last_button.rect.midright = (x - bw - gap, bar.centery)  # and of the Scores button

    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None:
        if zone != self.trick:
            return None
        box = self.trick_box()
        if box is None:
            return None
        return [box.spot(self.places.get(card.text or ""), i) for i, card in enumerate(cards)]

    def slot_shown(self, zone: str) -> bool:
        """The trick and the centre's piles show no empty place (but the piles beside the trick
        before the play)."""
        base = zone.split("/")[0]
        spec = self.ctx.specs.get(base, {})
        if zone == self.trick or base in self.side_piles or base == self.deck_zone:
            return base in self.side_piles and spec.get("place", "center") == "center" and self.phase != "play"
        return True

    # ============================================================ playback
    def animate(self, event: Event) -> bool:
        kind, data = event.kind, event.data
        if kind == "move" and data.get("target") == self.trick:
            self.places[str(data.get("card"))] = data.get("place")
            return False
        handler = {"trick_won": self._gather, "flip": self._flip, "deal_over": self._deal_over}.get(kind)
        if handler is None:
            if kind == "trump" and isinstance(data.get("suit"), str):
                self._trump_named(str(data["suit"]), data)
            if kind == "deal":
                self.places.clear()
                self.show_last = False
            return False
        handler(data)
        return True

    def _gather(self, data: Any) -> None:
        """The full trick stays a moment (its winning card ringed), then flies to the winner's pile."""
        ctx = self.ctx
        trick = ctx.board.zones.get(self.trick, [])
        texts = [str(t) for t in data.get("cards", [])]
        cards = [next((c for c in trick if c.text == t), None) for t in texts]
        places = list(data.get("places", []))
        winner = data.get("winner")
        self.winning = cards[places.index(winner)] if winner in places else None
        who, words = self.name(winner), self.ctx.presenter
        self.caption = words.word("you_take_the_trick" if who == words.word("you") else "takes_the_trick", who=who)
        ending = next((e for e in ctx.events if e.kind == "deal_over"), None)
        if ending is not None:  # the deal's last trick: its count shows while it is looked at
            self._show_deal_end(ending.data)
        elif self.caption:  # not "X's turn" while the full trick is looked at: who takes it
            ctx.status = self.caption + "."
        if ctx.animator.fast:  # demo and tests: no look at the full trick, not even a frame
            self._sweep(texts, str(data.get("target")))
            return
        target = str(data.get("target"))
        ctx.animator.wait(ctx.animator.seconds(self.hold()), on_done=lambda: self._sweep(texts, target))

    def hold(self) -> float:
        """Seconds a full trick stays readable at normal speed (the player's setting; a click gathers it sooner)."""
        pause = self.ctx.setting("trick_pause", HOLD)
        return max(0.0, float(pause)) if isinstance(pause, int | float) else HOLD

    def _sweep(self, texts: list[str], target: str) -> None:
        ctx = self.ctx
        board, animator = ctx.board, ctx.animator
        self.winning = None
        self.caption = ""
        self.places.clear()
        box = board.layout.zones.get(target)
        moving = []
        for text in texts:
            card = board.take(self.trick, text)
            board.put(card, target, text)
            card.flying = True
            moving.append(card)
        if box is None:
            return
        pile = board.zones[target]
        slots = board.slots(target, pile)
        if animator.fast:
            for card in moving:
                card.x, card.y, card.angle = slots[pile.index(card)]
                card.width, card.base_w, card.flip, card.flying = float(box.card_w), box.card_w, 0.0, False
            return
        for k, card in enumerate(moving):
            x, y, angle = slots[pile.index(card)]

            def landed(card: CardSprite = card, width: int = box.card_w) -> None:
                card.flying = False
                card.base_w = width

            animator.tween(
                card,
                animator.travel(((card.x - x) ** 2 + (card.y - y) ** 2) ** 0.5, box.card_w) + animator.seconds(0.1),
                delay=animator.seconds(0.04 * k),
                x=x,
                y=y,
                angle=angle,
                width=float(box.card_w),
                flip=0.0,
                on_done=landed,
            )

    def _flip(self, data: Any) -> None:
        """The card beneath one played from a seatless place turns face up."""
        self.ctx.animate(data.get("card"), data.get("source"), data.get("target"), None)

    def _show_card(self, text: str, holder: str, caption: str, key: str) -> None:
        """A card big in the middle (the presenter's: it gives trump), then off to its holder's hand;
        after the cards being dealt have landed."""
        ctx = self.ctx
        animator = ctx.animator
        self.shown = key
        if animator.fast:
            return
        dealing = sum(1 for c in ctx.board.sprites() if c.flying)
        start = animator.seconds(0.035 * dealing + 0.45) if dealing else 0.0
        box = self.trick_box()
        layout = ctx.board.layout
        where = box.area.center if box is not None else layout.middle.center
        width = (box.card_w if box is not None else layout.pile_w) * 1.15
        self.showcase = trick_hud.Showcase(text, caption, where[0], where[1], width)
        self.showcase.alpha = 0.0
        animator.tween(self.showcase, animator.seconds(0.35), delay=start, flip=1.0, alpha=1.0)
        hand = layout.zones.get(holder)
        if hand is not None:
            animator.tween(
                self.showcase,
                animator.seconds(0.5),
                delay=start + animator.seconds(SHOWN_LOOK),
                x=hand.anchor[0],
                y=hand.anchor[1],
                width=float(hand.card_w),
                alpha=0.0,
            )
        animator.wait(start + animator.seconds(SHOWN_LOOK + 0.55), on_done=lambda: setattr(self, "showcase", None))

    def _deal_over(self, data: Any) -> None:
        """Between deals: the score sheet over the table until "Next deal" (not after the last deal,
        whose result scene shows the sheet; not in demo mode or with bots only)."""
        self._show_deal_end(data)
        self.scores_between_deals(self.ctx.presenter.word("next_deal"))

    def _trump_named(self, suit: str, data: Any) -> None:
        """Trump is named: the badge says it, the suit buttons go, the status says who named it
        (and that the rest is dealt, while it is) and your hand sorts itself anew as the banner
        shows (the rest of the view follows once the move has played back)."""
        ctx = self.ctx
        view = ctx.view
        ctx.show_for_now(
            dataclasses.replace(
                view, public={**(view.public or {}), "trump": suit}, current_player=None, legal=(), actions=()
            )
        )
        who = self.name(data.get("seat"))
        line = ctx.presenter.word("called", who=who, suit=data.get("name") or suit)
        if any(e.kind == "move" for e in ctx.events):
            line = ctx.presenter.word("rest_dealt", line=line)
        ctx.status = line
        ctx.rearrange_hand()

    def _show_deal_end(self, data: Any) -> None:
        """The table in step as the deal ends (the tricks and points of its last trick), before its score sheet."""
        if self.show_deal_end(data):
            ctx = self.ctx
            ctx.status = ctx.status or status.deal_over_line(data.get("deal"))

    # ============================================================= buttons
    def buttons(self) -> list[ui.Button]:
        history = self.public.get("history") or []
        self.last_button.enabled = bool(history)
        self.last_button.primary = self.show_last
        return [self.last_button]

    def _toggle_last(self) -> None:
        self.show_last = not self.show_last

    # ============================================================== paint
    def refresh(self) -> None:
        for place, text in self.public.get("trick") or []:
            self.places.setdefault(str(text), place)
        shown = self.ctx.presenter.showcase(self.view)
        if shown is not None and self.shown != shown.key:
            self._show_card(shown.card, shown.zone, shown.caption, shown.key)

    def draw_under(self, surface: pygame.Surface) -> None:
        box = self.trick_box()
        if box is None or self.phase != "play":
            return
        area = box.area.inflate(round(box.card_w * 0.3), round(box.card_w * 0.2))
        surface.blit(_oval(area.size), area)
        lit = self._trick_lit()
        if lit is not None:  # a card on its way: the trick lights up (the table does not mark it)
            color, strong = lit
            pygame.draw.ellipse(surface, color, area, width=max(2, round(box.card_w * (0.05 if strong else 0.03))))

    def under_key(self) -> tuple:
        """What :meth:`draw_under` paints depends on (the table caches it while this holds)."""
        box = self.trick_box()
        if box is None or self.phase != "play":
            return ()
        return tuple(box.area), box.card_w, self._trick_lit()

    def _trick_lit(self) -> tuple[tuple[int, int, int], bool] | None:
        """How the trick is lit: as the target of a dragged or picked card, or of a hint."""
        ctx = self.ctx
        press = ctx.pointer.press
        if press is not None and press.dragging:
            return (TURN_GLOW, press.over == self.trick) if self.trick in press.targets else None
        selected = ctx.pointer.selected
        if selected is not None and any(
            a.target == self.trick and a.source == selected.zone and self.text_of(a) == selected.text for a in ctx.legal
        ):
            return TURN_GLOW, False
        if ctx.hint_target == self.trick:
            return hud.HINT, False
        return None

    def draw_over(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout = ctx.board.layout
        u = layout.u
        badge = self.badge()
        if badge is not None and self.badge_lines >= 0:
            rect = trick_layout.badge_rect(layout, 1 + self.badge_lines)
            lines = list(badge.lines[: self.badge_lines])
            trick_hud.draw_badge(
                surface, rect, badge.glyph, ctx.deck.style, badge.title, lines, u, ctx.painter.colorblind
            )
        shift = 0
        sources = {a.source for a in ctx.legal if a.kind == "play" and a.source and a.source.startswith(self.seatless)}
        if self.seatless and sources:  # your turn to play from a seatless place: its cards glow
            bases = {source.split("/")[0] for source in sources}
            boxes = [b for n, b in layout.zones.items() if n.split("/")[0] in bases]
            if boxes:
                area = boxes[0].rect(1).unionall([b.rect(1) for b in boxes[1:]])
                hud.ring_around(surface, area, boxes[0].card_w, TURN_GLOW, bool(int(self.ctx.clock * 2) % 2))
                shift = max(4, round(boxes[0].card_w * 0.08)) + 2  # the label clears the glow
        if self.seatless_label is not None and any(
            cards for name, cards in ctx.board.zones.items() if name.startswith(self.seatless)
        ):
            x, y = self.seatless_label
            prefix = self.seatless[0][:-1]
            generic = str(ctx.specs[prefix].get("label", prefix)).split(" (")[0]
            text = ctx.presenter.label(prefix, generic, ctx.view, ctx.seat, ctx.names)
            hud.zone_label(surface, text, (x, y + shift), u, layout.size[0] * 0.4)

    def draw_top(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout = ctx.board.layout
        u = layout.u
        if self.winning is not None:
            hud.ring_around(surface, self.winning.rect(), self.winning.base_w, ui.GOLD_LIGHT, True)
        box = self.trick_box()
        if self.caption and box is not None:
            pill = pygame.Rect(0, 0, round(320 * u), round(30 * u))
            pill.midtop = (box.area.centerx, box.area.bottom + round(4 * u))
            hud.draw_pill(surface, pill, self.caption, u)
        if self.showcase is not None:
            self.showcase.draw(surface, ctx.painter, u)
        if (self.show_last or self.piles.over) and not ctx.is_over:
            self._draw_last(surface)

    def last_trick(self) -> tuple[str, list[tuple[str, str]], int] | None:
        """The trick gathered last: a title, (who, card) in playing order, the winner's index."""
        history = self.public.get("history") or []
        if not history:
            return None
        last = history[-1]
        plays = [(self.name(place), str(text)) for place, text in last.get("plays", [])]
        places = [place for place, _ in last.get("plays", [])]
        winner = places.index(last.get("winner")) if last.get("winner") in places else -1
        words = self.ctx.presenter
        title = words.word("last_trick_title", who=self.name(last.get("winner"), words.word("you_lower")))
        return title, plays, winner

    def _draw_last(self, surface: pygame.Surface) -> None:
        last = self.last_trick()
        if last is None:
            return
        ctx = self.ctx
        layout = ctx.board.layout
        bounds = pygame.Rect(0, layout.bar.bottom, layout.size[0], layout.size[1] - layout.bar.bottom).inflate(
            -layout.margin * 2, -layout.margin
        )
        pile = layout.zones.get(self.piles.over or "")
        if pile is not None and not self.show_last:
            top = (round(pile.anchor[0]), round(pile.anchor[1] + pile.card_h / 2 + layout.margin))
        else:
            top = (self.last_button.rect.centerx, self.last_button.rect.bottom + layout.margin)
        width = round(layout.pile_w * 0.62)
        trick_hud.draw_last_trick(surface, top, *last, ctx.painter, width, layout.u, bounds)


_OVALS: dict[tuple[int, int], pygame.Surface] = {}


def _oval(size: tuple[int, int]) -> pygame.Surface:
    """A soft darker oval of felt where the trick is played (cached per size)."""
    layer = _OVALS.get(size)
    if layer is None:
        if len(_OVALS) > 8:
            _OVALS.clear()
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.ellipse(layer, AREA, layer.get_rect())
        pygame.draw.ellipse(layer, AREA_EDGE, layer.get_rect(), width=2)
        _OVALS[size] = layer
    return layer
