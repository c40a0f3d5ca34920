"""Tribello and 3-Player Troeven at the table (RULES.md sections 3 and 4).

The trick lies in the middle, each card in front of the place that played it (the dummy's
toward the dummy); a full trick is shown a moment, its winning card ringed, then gathered to
the winner's won pile (kept face down: the last trick can be looked at with the "Last trick"
button or by hovering a won pile). A corner badge always says the trump, the round and the
deal. Cards of your hand you may not play are dimmed; dropped anyway, they go home with the
engine's reason.

Tribello: the cut card is shown in the middle, then goes to the dealer (and stays face up in
the dealer's hand for the others while everyone knows it is there: once the dealer sets any
card aside it turns face down, since it may be among them); the pickup exchange is done by
clicking cards (they move to your exchange spot, a click brings one back) and the button that
says what will happen ("Exchange 2 cards", "Keep my hand"); the name plates count tricks
against each quota. Troeven: the dummy's face-up cards lie over its face-down ones; in the
dummy's turn the trump caller plays one of them ("Play for the dummy"); plates show card
points and tallies, the badge the two sides. Between deals a score sheet waits for "Next deal".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rules import Action, Event

from .. import widgets as ui
from . import hud, trick_hud, trick_layout, trick_sheet
from .cards import CardSprite
from .extensions import TableExtension
from .layout import Slot, TableLayout
from .trick_layout import DUMMY, TrickBox

if TYPE_CHECKING:
    from .scene import TableScene

HOLD = 0.8  # seconds a full trick stays before it is gathered (normal speed)
CUT_LOOK = 1.4  # seconds the cut card is shown before it goes to the dealer
AREA = (0, 0, 0, 34)
AREA_EDGE = (255, 255, 255, 36)
TURN_GLOW = (255, 215, 0)


class TrickTable(TableExtension):
    """The hooks shared by the trick games; :class:`TribelloTable` and :class:`TroevenTable` add their words."""

    SIDE_PILES: tuple[str, ...] = ()  # piles set beside the trick
    DECK: str | None = None  # a pile lying where the trick goes (cards not dealt yet)
    BADGE_LINES = 1  # small lines under the badge's headline

    def __init__(self, table: TableScene) -> None:
        super().__init__(table)
        self.places: dict[str, object] = {}  # a card on the trick -> the place that played it
        self.winning: CardSprite | None = None  # the trick's winning card, while the full trick is shown
        self.caption = ""
        self.showcase: trick_hud.Showcase | None = None
        self.cut_shown: int | None = None  # the deal whose cut card has been shown
        self.show_last = False
        self.over_pile: str | None = None  # the won pile under the pointer
        self.dummy_label: tuple[float, float] | None = None
        self.last_button = ui.Button("Last trick", self._toggle_last)
        self.scores_button = ui.Button("Scores", self._open_scores)
        self._dim: tuple[list[Action] | None, frozenset[tuple[str, str]]] = (None, frozenset())

    # ============================================================ queries
    @property
    def view(self) -> dict[str, Any]:
        return self.table.view

    @property
    def public(self) -> dict[str, Any]:
        return self.view.get("public") or {}

    @property
    def phase(self) -> str:
        return str(self.public.get("phase", ""))

    def name(self, place: object, you: str = "You") -> str:
        """How the table names a place: "You", a player's name, "Dummy"."""
        if place == DUMMY:
            return "Dummy"
        if place == self.table.seat and self.table.seat is not None:
            return you
        return self.table._name(place)

    def suit_name(self, suit: str | None) -> str:
        for s in self.table.deck.suits:
            if s.id == suit:
                return s.name
        return str(suit)

    def text_of(self, action: Action) -> str | None:
        return None if action.card is None else self.table.deck.faces[action.card].text

    def trick_box(self) -> TrickBox | None:
        box = self.table.board.layout.zones.get("trick")
        return box if isinstance(box, TrickBox) else None

    def _mine(self) -> bool:
        return bool(self.table._my_turn())

    # ============================================================= layout
    def adjust_layout(self, layout: TableLayout) -> None:
        corner = trick_layout.badge_rect(layout, 1 + self.BADGE_LINES)
        trick_layout.clear_corner(layout, corner)
        dummy = any(name.startswith("dummy_") for name in layout.zones)
        self.dummy_label = None
        if dummy:
            for label in list(layout.labels):
                if label[0].startswith("Dummy"):
                    layout.labels.remove(label)  # drawn by draw_over, with whose partner it is
                    self.dummy_label = label[1]
        trick_layout.place_middle(layout, dummy, [p for p in self.SIDE_PILES if p in layout.zones], self.DECK)
        trick_layout.place_exchange(layout, f"exchange/{layout.bottom_seat}")
        u, bar = layout.u, layout.bar
        bw, bh, gap = round(118 * u), max(24, bar.height - round(12 * u)), round(10 * u)
        x = bar.right - round(12 * u) - 3 * (round(96 * u) + gap)
        for button in (self.scores_button, self.last_button):
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.midright = (x, bar.centery)
            x -= bw + gap

    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None:
        if zone != "trick":
            return None
        box = self.trick_box()
        if box is None:
            return None
        return [box.spot(self.places.get(card.text or ""), i) for i, card in enumerate(cards)]

    def face_up(self, card: CardSprite) -> bool | None:
        if card.zone.startswith("won/"):
            return card.flying  # tricks won lie face down; a gathered trick turns over on its way
        return None

    def slot_shown(self, zone: str) -> bool:
        base = zone.split("/")[0]
        if base in ("trick", "won", "discards", "stock"):
            return False
        if base == "exchange":
            return zone == f"exchange/{self.table.seat}" and self._mine() and self.phase == "exchange"
        if base == "pickup":
            return self.phase != "play"
        return True

    def dimmed(self, card: CardSprite) -> bool:
        legal = self.table.legal
        if not legal or card.text is None:
            return False
        if self._dim[0] is not legal:  # worked out once per list of legal actions
            self._dim = (legal, frozenset((a.source or "", self.text_of(a) or "") for a in legal if a.kind == "play"))
        playable = self._dim[1]
        if not playable:
            return False
        if card.zone != self.table.my_hand and not (card.zone.startswith("dummy_up/") and self._dummy_turn()):
            return False
        return (card.zone, card.text) not in playable

    def _dummy_turn(self) -> bool:
        return self.phase == "play" and self.public.get("to_play") == DUMMY

    # ============================================================ playback
    def animate(self, event: Event) -> bool:
        kind, data = event.kind, event.data
        if kind == "move" and data.get("target") == "trick":
            self.places[str(data.get("card"))] = data.get("place")
            return False
        handler = {
            "trick_won": self._gather,
            "flip": self._flip,
            "cut": self._cut,
            "trump": self._trump_named,
            "exchange": self._exchanged,
            "deal_over": self._deal_over,
        }.get(kind)
        if handler is None:
            if kind == "deal":
                self.places.clear()
                self.show_last = False
            return False
        handler(data)
        return True

    def _gather(self, data: Any) -> None:
        """The full trick stays a moment (its winning card ringed), then flies to the winner's pile."""
        table = self.table
        trick = table.board.zones.get("trick", [])
        texts = [str(t) for t in data.get("cards", [])]
        cards = [next((c for c in trick if c.text == t), None) for t in texts]
        places = list(data.get("places", []))
        winner = data.get("winner")
        self.winning = cards[places.index(winner)] if winner in places else None
        self.caption = f"{self.name(winner)} take{'' if self.name(winner) == 'You' else 's'} the trick"
        if table.animator.fast:  # demo and tests: no look at the full trick, not even a frame
            self._sweep(texts, str(data.get("target")))
            return
        table.animator.wait(table.animator.seconds(HOLD), on_done=lambda: self._sweep(texts, str(data.get("target"))))

    def _sweep(self, texts: list[str], target: str) -> None:
        table = self.table
        board, animator = table.board, table.animator
        self.winning = None
        self.caption = ""
        self.places.clear()
        box = board.layout.zones.get(target)
        moving = []
        for text in texts:
            card = board.take("trick", text)
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
        """The dummy's card beneath a played one turns face up."""
        self.table._animate_move(data.get("card"), data.get("source"), data.get("target"), None)

    def _cut(self, data: Any) -> None:
        """Nothing yet: Tribello's cut card is shown once the new deal is on the table (``refresh``)."""

    def _show_cut(self, text: str, holder: str, deal: int) -> None:
        """The cut card big in the middle (it gives trump), then off to the dealer's hand; after
        the cards being dealt have landed."""
        table = self.table
        animator = table.animator
        self.cut_shown = deal
        if animator.fast:
            return
        dealing = sum(1 for c in table.board.sprites() if c.flying)
        start = animator.seconds(0.035 * dealing + 0.45) if dealing else 0.0
        box = self.trick_box()
        layout = table.board.layout
        where = box.area.center if box is not None else layout.middle.center
        width = (box.card_w if box is not None else layout.pile_w) * 1.15
        face = table.painter.face_of(text)
        suit = self.suit_name(face.suit) if face is not None else ""
        self.showcase = trick_hud.Showcase(text, f"Cut: {face.name} \u2014 {suit} are trump", where[0], where[1], width)
        self.showcase.alpha = 0.0
        animator.tween(self.showcase, animator.seconds(0.35), delay=start, flip=1.0, alpha=1.0)
        hand = layout.zones.get(holder)
        if hand is not None:
            animator.tween(
                self.showcase,
                animator.seconds(0.5),
                delay=start + animator.seconds(CUT_LOOK),
                x=hand.anchor[0],
                y=hand.anchor[1],
                width=float(hand.card_w),
                alpha=0.0,
            )
        animator.wait(start + animator.seconds(CUT_LOOK + 0.55), on_done=lambda: setattr(self, "showcase", None))

    def _trump_named(self, data: Any) -> None:
        who = self.name(data.get("seat"))
        self.table._show_banner(f"{who} named {data.get('name') or self.suit_name(data.get('suit'))} trump", 1.1)

    def _exchanged(self, data: Any) -> None:
        seat, count = data.get("seat"), int(data.get("count", 0))
        if seat == self.table.seat:
            return
        did = f"exchanged {count} card{'s' if count != 1 else ''}" if count else "kept the hand"
        self.table._say(f"{self.name(seat)} {did}.", "info")

    def _deal_over(self, data: Any) -> None:
        """Between deals: the score sheet over the table until "Next deal" (not after the last deal,
        whose result scene shows the sheet; not in demo mode or with bots only)."""
        table = self.table
        app = table.app
        if getattr(app, "demo", None) is not None or not table.session.humans or table.session.is_over:
            return
        app.push(trick_sheet.ScoreSheetScene(app, table.state, "Next deal"))
        table.animator.wait(0.0)  # hold the queue: the next deal plays back once the sheet is closed

    # ============================================================== input
    def click_card(self, card: CardSprite) -> bool:
        """In the exchange a click moves a card between your hand and your exchange spot."""
        table = self.table
        if self.phase != "exchange" or not self._mine() or table.seat is None:
            return False
        spot, hand = f"exchange/{table.seat}", f"hand/{table.seat}"
        if card.zone not in (spot, hand):
            return False
        for action in table.legal:
            if action.kind == "toggle" and action.source == card.zone and self.text_of(action) == card.text:
                table._apply(action, moving=card)
                return True
        table._refuse(card.text, card.zone, spot if card.zone == hand else hand)
        return True

    def hover(self, pos: tuple[int, int]) -> None:
        self.over_pile = None
        for name, cards in self.table.board.zones.items():
            if name.startswith("won/") and cards and any(c.rect().collidepoint(pos) for c in cards[:1]):
                self.over_pile = name

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        if choices and all(a.kind == "trump" for a in choices):
            style = self.table.deck.style
            return [
                trick_hud.SuitButton(a.label or a.text, a.text.split()[-1], style, lambda a=a: self.table._apply(a))
                for a in choices
            ]
        if len(choices) == 1 and choices[0].kind == "exchange":
            action = choices[0]
            return [ui.Button(action.label or action.text, lambda: self.table._apply(action), primary=True)]
        return None

    def buttons(self) -> list[ui.Button]:
        history = self.public.get("history") or []
        self.last_button.enabled = bool(history)
        self.last_button.primary = self.show_last
        self.scores_button.enabled = bool(self.table.state.deal_results)
        return [self.last_button, self.scores_button]

    def _toggle_last(self) -> None:
        self.show_last = not self.show_last

    def _open_scores(self) -> None:
        self.table.app.push(trick_sheet.ScoreSheetScene(self.table.app, self.table.state, "Close"))

    # ============================================================== words
    def status_text(self, text: str) -> str:
        if self.view.get("over") or self.table.session.is_over:
            return text
        current = self.view.get("current_player")
        if current is None:
            return text
        mine = self._mine()
        who = self.name(current)
        phase = self.phase
        if phase == "play":
            if self._dummy_turn():
                return (
                    "Play for the dummy: drag one of its face-up cards to the trick"
                    if mine
                    else f"{who} plays for the dummy\u2026"
                )
            if mine:
                return "Your turn: play a card to the trick" + self._follow_note()
        return self.words(text, phase, mine, who)

    def words(self, text: str, phase: str, mine: bool, who: str) -> str:
        """The status line in a game's own phases (trump, exchange)."""
        return text

    def _follow_note(self) -> str:
        trick = self.public.get("trick") or []
        if not trick:
            return ""
        face = self.table.painter.face_of(str(trick[0][1]))
        if face is None or face.suit is None:
            return ""
        led = self.suit_name(face.suit)
        if self.public.get("follow_rule") == "follow_or_trump" and self.public.get("trump"):
            return f" \u00b7 {led} led: follow it or play a trump"
        return f" \u00b7 {led} led: follow suit if you can"

    # ============================================================== paint
    def refresh(self) -> None:
        for place, text in self.public.get("trick") or []:
            self.places.setdefault(str(text), place)

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

    def _trick_lit(self) -> tuple[tuple[int, int, int], bool] | None:
        """How the trick is lit: as the target of a dragged or picked card, or of a hint."""
        table = self.table
        press = table.press
        if press is not None and press.dragging:
            return (TURN_GLOW, press.over == "trick") if "trick" in press.targets else None
        selected = table.selected
        if selected is not None and any(
            a.target == "trick" and a.source == selected.zone and self.text_of(a) == selected.text for a in table.legal
        ):
            return TURN_GLOW, False
        if table.hint is not None and table.hint[2] == "trick":
            return hud.HINT, False
        return None

    def draw_over(self, surface: pygame.Surface) -> None:
        layout = self.table.board.layout
        u = layout.u
        suit, headline, lines = self.badge()
        rect = trick_layout.badge_rect(layout, 1 + self.BADGE_LINES)
        trick_hud.draw_badge(surface, rect, suit, self.table.deck.style, headline, lines[: self.BADGE_LINES], u)
        shift = 0
        if self._dummy_turn() and self._mine():
            boxes = [b for n, b in layout.zones.items() if n.startswith("dummy_up/")]
            if boxes:
                area = boxes[0].rect(1).unionall([b.rect(1) for b in boxes[1:]])
                hud.ring_around(surface, area, boxes[0].card_w, TURN_GLOW, bool(int(self.table.clock * 2) % 2))
                shift = max(4, round(boxes[0].card_w * 0.08)) + 2  # the label clears the glow
        if self.dummy_label is not None and any(self.table.board.zones.get(f"dummy_up/{i}") for i in range(8)):
            x, y = self.dummy_label
            hud.zone_label(surface, self.dummy_text(), (x, y + shift), u, layout.size[0] * 0.4)

    def draw_top(self, surface: pygame.Surface) -> None:
        table = self.table
        layout = table.board.layout
        u = layout.u
        if self.winning is not None:
            hud.ring_around(surface, self.winning.rect(), self.winning.base_w, ui.GOLD_LIGHT, True)
        box = self.trick_box()
        if self.caption and box is not None:
            pill = pygame.Rect(0, 0, round(320 * u), round(30 * u))
            pill.midtop = (box.area.centerx, box.area.bottom + round(4 * u))
            hud.draw_pill(surface, pill, self.caption, u)
        if self.showcase is not None:
            self.showcase.draw(surface, table.painter, u)
        if (self.show_last or self.over_pile) and not table.session.is_over:
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
        return f"Last trick \u00b7 {self.name(last.get('winner'), 'you')} won it", plays, winner

    def _draw_last(self, surface: pygame.Surface) -> None:
        last = self.last_trick()
        if last is None:
            return
        table = self.table
        layout = table.board.layout
        bounds = pygame.Rect(0, layout.bar.bottom, layout.size[0], layout.size[1] - layout.bar.bottom).inflate(
            -layout.margin * 2, -layout.margin
        )
        pile = layout.zones.get(self.over_pile or "")
        if pile is not None and not self.show_last:
            top = (round(pile.anchor[0]), round(pile.anchor[1] + pile.card_h / 2 + layout.margin))
        else:
            top = (self.last_button.rect.centerx, self.last_button.rect.bottom + layout.margin)
        width = round(layout.pile_w * 0.62)
        trick_hud.draw_last_trick(surface, top, *last, table.painter, width, layout.u, bounds)

    def badge(self) -> tuple[str | None, str, list[str]]:
        """The corner badge: the trump suit's id (for its glyph), the headline, the lines below."""
        trump = self.public.get("trump")
        return trump, (f"Trump: {self.suit_name(trump)}" if trump else "No trump"), []

    def dummy_text(self) -> str:
        caller = self.public.get("dummy_player")
        if caller is None:
            return "Dummy"
        if caller == self.table.seat:
            return "Dummy \u00b7 your partner"
        return f"Dummy \u00b7 {self.table._name(caller)}'s partner"


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


class TribelloTable(TrickTable):
    """Tribello: the cut, the pickup exchange, trump named by the dealer, quotas in the plates."""

    SIDE_PILES = ("pickup", "discards")

    def badge(self) -> tuple[str | None, str, list[str]]:
        pub = self.public
        trump = pub.get("trump")
        if pub.get("aim") == "at_most":
            headline = "Nullo \u00b7 no trump"
        elif trump:
            headline = f"Trump: {self.suit_name(trump)}"
        elif pub.get("trump_from") == "dealer":
            headline = "Trump: the dealer names it"
        else:
            headline = "No trump"
        line = f"Round {pub.get('round', 1)} \u00b7 deal {pub.get('deal', 1)} of {pub.get('deals', 12)}"
        return trump, headline, [line]

    def plate_sub(self, seat: int, sub: str) -> str:
        pub = self.public
        won, quotas = pub.get("tricks_won") or [], pub.get("quotas") or []
        if seat >= len(won) or seat >= len(quotas):
            return sub
        aim = "at most" if pub.get("aim") == "at_most" else "at least"
        return f"tricks {won[seat]} / {aim} {quotas[seat]}"

    def refresh(self) -> None:
        super().refresh()
        pub = self.public
        zones = self.view.get("zones") or {}
        fresh = (
            pub.get("cut")
            and self.phase == "exchange"
            and not zones.get("discards")
            and len(pub.get("exchangers") or []) == self.table.state.players
            and not any(zones.get(f"exchange/{s}") for s in range(self.table.state.players))
        )
        if fresh and self.cut_shown != pub.get("deal"):
            self._show_cut(str(pub["cut"]), f"hand/{self.view.get('dealer')}", int(pub.get("deal", 0)))

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        cut = self.public.get("cut")
        if not cut:
            return
        hand = self.table.board.zones.get(f"hand/{self.view.get('dealer')}", [])
        card = next((c for c in hand if c.text == cut and not c.flying), None)
        if card is not None:
            u = self.table.board.layout.u
            pill = pygame.Rect(0, 0, round(60 * u), round(22 * u))
            pill.midbottom = (card.rect().centerx, card.rect().top - round(2 * u))
            hud.draw_pill(surface, pill, "cut", u)

    def words(self, text: str, phase: str, mine: bool, who: str) -> str:
        zones = self.view.get("zones") or {}
        if phase == "exchange":
            if not mine:
                return f"{who} is choosing cards to exchange\u2026"
            room = len(zones.get("pickup") or ())
            confirm = next((a.label for a in self.table.legal if a.kind == "exchange"), "Keep my hand")
            return f"Exchange: click up to {room} cards to swap with the pickup, then press \u201c{confirm}\u201d"
        if phase == "trump":
            return "You deal: name trump for this deal" if mine else f"{who} is naming trump\u2026"
        return text


class TroevenTable(TrickTable):
    """3-Player Troeven: the trump caller, the dummy, card points and tallies."""

    DECK = "stock"

    def __init__(self, table: TableScene) -> None:
        super().__init__(table)
        if getattr(table.state, "dummy_columns", 0):
            self.BADGE_LINES = 2

    def badge(self) -> tuple[str | None, str, list[str]]:
        pub = self.public
        trump = pub.get("trump")
        caller = pub.get("caller")
        headline = f"Trump: {self.suit_name(trump)}" if trump else "Trump: not named yet"
        lines = [f"Deal {pub.get('deal', 1)} \u00b7 {self.name(caller, 'you')} called" if caller is not None else ""]
        if pub.get("dummy_columns"):
            points = pub.get("points") or [0, 0, 0]
            partner = pub.get("partner")
            dealer = self.view.get("dealer")
            if isinstance(caller, int) and isinstance(partner, int) and isinstance(dealer, int):
                ours = points[caller]
                theirs = points[dealer] + points[partner]
                score = f"{ours} : {theirs}" if ours + theirs else "vs"
                lines.append(f"{self.name(caller)} + dummy  {score}  {self.name(dealer)} + {self.name(partner)}")
        return trump, headline, lines

    def plate_sub(self, seat: int, sub: str) -> str:
        scores = self.view.get("scores") or ()
        points = self.public.get("points") or []
        if seat >= len(scores) or seat >= len(points):
            return sub
        return f"tally {scores[seat]} \u00b7 {points[seat]} points"

    def plate_tags(self, seat: int, tags: list[str]) -> list[str]:
        if self.public.get("caller") == seat:
            return [*tags, "caller"]
        return tags

    def words(self, text: str, phase: str, mine: bool, who: str) -> str:
        if phase == "call":
            first = self.public.get("caller_first", 4)
            return f"Name trump: you have seen your first {first} cards" if mine else f"{who} is naming trump\u2026"
        return text
