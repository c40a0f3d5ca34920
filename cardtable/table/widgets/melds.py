"""The meld table: the extension for a layout with zones of kind ``melds`` (a rummy's melds,
laid out by ``meld_layout.py``). With the hint ``select = "<zone>"`` the player builds melds
from a selection: clicks select cards of the hand (a selected card lifts in place, nothing else
moves), a button of an action of kind ``meld`` (or a drop of the selection on one's own meld
area) sends the building steps into ``<zone>/<seat>`` (the action of kind ``meld``, an ``add``
per card in the hand's left-to-right order, then ``commit``); a card (or the selection) dropped
on a meld lays it off (``extend`` that meld, ``add`` at the start or the end by the half it
lands on, ``commit``); a card dropped on a wild card of a meld it may replace makes the
``swap``. When an ``add`` may name a value (a wild card's letter) a small picker asks which.
Every meld and lay-off is first tried on a copy of the match (:meth:`MeldTable.rehearse`): one
that cannot be made moves no card and leaves nothing built, staged or recorded, and the engine's
reason is said (why the built cards make no meld: ``why_not(None, <build zone>, None)``). A step
the engine still refuses (a wild card named as a letter that spells nothing) cancels the building
(``cancel``) and the hand's cards go back to the places they had. Small buttons sort the hand
the ways the presenter's ``hand_sorts`` names (rank, suit, letter).

Driven by action kinds and values and the layout's hints only; the words come from the labels
the engine gives its actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

import rules
from rules import Action, Event

from ... import widgets as ui
from .. import choice_row, hud, status
from ..dragdrop import drop_zone
from ..hand_order import in_order
from ..meld_layout import MeldBox, meld_seat, meld_specs
from .base import Widget

if TYPE_CHECKING:
    from ..cards import CardSprite
    from ..context import TableContext
    from ..dragdrop import Press
    from ..layout import TableLayout

START = "start"


@dataclass
class Plan:
    """A meld being built by the table, step by step: the cards still to add (texts, in order),
    where they go (``start``: each to the front of an extended meld) and what the meld is."""

    cards: list[str]
    start: bool = False
    what: str = "meld"
    commit: bool = True  # commit once the cards are in (not when adding to a meld built by hand)
    values: dict[str, Any] = field(default_factory=dict)


def at_start(action: Action) -> bool:
    """Whether an ``add`` puts its card at the start of the meld (``end``, else its text's last word)."""
    if action.end is not None:
        return action.end == START
    return action.text.rsplit(" ", 1)[-1] == START


class MeldWidget(Widget):
    """Meld rows, building from a selection, lay-offs by drop, a value picker, sorting."""

    kind = "melds"

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        select = ctx.hints.get("select")
        self.build = str(select) if select else None  # the zone a selection is built in (per seat)
        self.specs = meld_specs(ctx.specs)
        self.chosen: list[CardSprite] = []
        self.plan: Plan | None = None
        self.home: list[str | None] | None = None  # the hand's order when the table began a build
        self.go_home = False  # the build was cancelled: the hand takes that order again once still
        self.picker: list[ui.Button] = []
        sorts = ctx.presenter.hand_sorts()  # the game's: "Letter" where its cards bear letters
        self.sorts = [ui.Button(label, lambda key=key: self.sort(key)) for key, label in sorts]
        for button in self.sorts:
            button.shortcut = False  # no decision: reached by Tab, their letters left to the choices

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
        return card in self.chosen

    def clear_selection(self) -> None:
        if self.chosen and self.plan is None:
            self.chosen = []

    def refresh(self) -> None:
        if self.go_home:
            self._back_home()
        hand = self.ctx.board.zones.get(self.hand() or "", [])
        self.chosen = [c for c in self.chosen if c in hand]
        if not self.ctx.my_turn() and self.plan is None:
            self.chosen = []
        self._place_controls()

    # ------------------------------------------------------------- input
    def may_pick(self, card: CardSprite) -> bool | None:
        if self.plan is not None:
            return False
        return None

    def click_card(self, card: CardSprite) -> bool:
        ctx = self.ctx
        if self.build is None or not ctx.my_turn() or self.plan is not None:
            return self.plan is not None
        if card.zone == self.hand():
            if card in self.chosen:
                self.chosen.remove(card)
            else:
                self.chosen.append(card)
            ctx.pointer.selected = None
            self._say_chosen()
            return True
        if not self.chosen:
            return False
        if self.is_meld(card.zone):
            box = ctx.layout.zones.get(card.zone)
            left = box is not None and card.x < box.rect(len(ctx.board.zones.get(card.zone, []))).centerx
            self.lay_off(self.hand_order(self.chosen), card.zone, left, card)
            return True
        if len(self.chosen) == 1:  # one chosen card, clicked where it goes (the discard pile)
            mine = self.chosen[0]
            action = self._action_to(mine, card.zone)
            if action is not None:
                self.chosen = []
                ctx.apply(action, moving=mine)
                return True
        return False

    def key_targets(self, card: CardSprite) -> list[str] | None:
        """Enter on a card of your hand picks it up (with the selection, when it is one of it):
        the discard pile, a meld to lay off on or swap a wild card of."""
        ctx = self.ctx
        if self.build is None or card.zone != self.hand() or not ctx.my_turn() or self.plan is not None:
            return None
        moves = [
            a.target
            for a in ctx.legal
            if a.source == card.zone
            and self._same(a, card.text)
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
        cards = self.hand_order(self.chosen) if card in self.chosen else [card]
        extend = next((a for a in ctx.legal if a.kind == "extend" and a.target == zone), None)
        swap = (
            next((a for a in ctx.legal if a.kind == "swap" and a.target == zone and self._same(a, card.text)), None)
            if len(cards) == 1
            else None
        )
        meld = ctx.board.zones.get(zone, [])
        under = next((c for i, c in enumerate(meld) if swap is not None and self._names_index(swap, i)), None)
        if extend is not None and under is not None:  # both may be meant: ask, in the engine's words
            self.chosen = cards
            self._ask(
                [
                    (extend.label or extend.text, lambda: self.lay_off(cards, zone, False, None)),
                    (swap.label or swap.text, lambda: self.lay_off(cards, zone, False, under)),
                ],
                f"{extend.label or extend.text} or {(swap.label or swap.text).lower()}?",
            )
            return True
        self.lay_off(cards, zone, False, under)
        return True

    def _action_to(self, card: CardSprite, zone: str) -> Action | None:
        hand = self.hand()
        return next(
            (a for a in self.ctx.legal if a.source == hand and a.target == zone and self._same(a, card.text)), None
        )

    def drop(self, press: Press, pos: tuple[int, int]) -> bool:
        ctx = self.ctx
        card = press.card
        if self.build is None or card is None or card.zone != self.hand() or not ctx.my_turn():
            return False
        areas = ctx.areas()
        target = drop_zone(card.rect(), pos, areas, press.targets)
        over = self._meld_at(pos) or (target if self.is_meld(target) else None)
        cards = self.hand_order(self.chosen) if card in self.chosen else [card]
        if over is not None:
            card.dragging = False
            ctx.board.place(card.zone, ctx.animator)
            box = ctx.layout.zones[over]
            left = pos[0] < box.rect(len(ctx.board.zones.get(over, []))).centerx
            self.lay_off(cards, over, left, ctx.board.hit(pos))
            return True
        if target in press.targets and target != self.hand():
            return False  # a move the engine offers (a discard): the table's own drop
        area = ctx.layout.meld_areas.get(ctx.seat) if ctx.seat is not None else None
        if area is not None and area.collidepoint(pos) and target != self.hand():
            card.dragging = False
            ctx.board.place(card.zone, ctx.animator)
            starters = self.starters()
            if self._building():  # a meld being built: the cards join it
                texts = [c.text or "" for c in cards]
                self.chosen = []
                reason = self.rehearse(None, texts, start=False, commit=False)
                if reason is not None:
                    self._refused(reason)
                    return True
                self.plan = Plan(texts, commit=False)
                self._go_on()
            elif len(starters) == 1:
                self.start(starters[0], cards)
            elif starters:
                self.chosen = cards
                self._ask(
                    [(a.label or a.text, lambda a=a: self.start(a, self.hand_order(self.chosen))) for a in starters],
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

    # ---------------------------------------------------------- building
    def starters(self) -> list[Action]:
        """The actions that start a new meld (kind ``meld``), in the engine's order."""
        return [a for a in self.ctx.legal if a.kind == "meld" and a.source is None]

    def start(self, action: Action, cards: list[CardSprite]) -> None:
        """Build a new meld of ``cards`` (in that order, else in the order they were clicked, when
        only that makes a meld: a word spelt click by click) with the starter ``action``."""
        self._close_picker()
        if not cards:
            self.ctx.say("Select the cards first: click them in your hand, then press the button.", "info")
            return
        texts = [c.text or "" for c in cards]
        clicked = [c.text or "" for c in self.chosen if c in cards]
        self.chosen = []
        what = str(action.value or "meld")
        reason = self.rehearse(action, texts, start=False, commit=True)
        if reason is not None and clicked != texts and sorted(clicked) == sorted(texts):
            if self.rehearse(action, clicked, start=False, commit=True) is None:
                texts, reason = clicked, None
            else:
                reason = f"Those cards make no {what} in your hand's order or in the order you clicked them."
        if reason is not None:
            self._refused(reason)
            return
        self._leave_home()
        self.plan = Plan(texts, what=what)
        if self._step(action):
            self._go_on()

    def lay_off(self, cards: list[CardSprite], zone: str, left: bool, under: CardSprite | None) -> None:
        """Lay ``cards`` off on the meld ``zone`` (at its start when dropped on its left half; at
        the other end when they fit only there), or swap a wild card of it for the one card
        dropped on that wild card."""
        ctx = self.ctx
        if len(cards) == 1 and under is not None and under.zone == zone:
            swaps = [a for a in ctx.legal if a.kind == "swap" and a.target == zone and self._same(a, cards[0].text)]
            index = ctx.board.zones[zone].index(under)
            swaps = [a for a in swaps if self._names_index(a, index)] or swaps
            if swaps:
                ends = [a for a in swaps if at_start(a) == left] or swaps
                self.chosen = []
                self._choose(ends, lambda a: ctx.apply(a), "Which letter does the wild card stand for?")
                return
        extend = next((a for a in ctx.legal if a.kind == "extend" and a.target == zone), None)
        if extend is None:
            ctx.refuse_move(cards[0].text, cards[0].zone, zone)
            return
        shown = [c.text or "" for c in cards]
        texts = list(reversed(shown)) if left else shown
        self.chosen = []
        reason = self.rehearse(extend, texts, start=left, commit=True)
        if (
            reason is not None
            and self.rehearse(extend, shown if left else shown[::-1], start=not left, commit=True) is None
        ):
            left = not left  # it fits only at the other end (the keys lay off at the end): laid there
            texts = list(reversed(shown)) if left else shown
            reason = None
        if reason is not None:
            self._refused(reason)
            return
        self._leave_home()
        self.plan = Plan(texts, start=left, what="meld")
        if self._step(extend):
            self._go_on()

    @staticmethod
    def _names_index(action: Action, index: int) -> bool:
        """Whether a swap names the card at ``index`` of its meld (the number after its zone)."""
        words = action.text.split()
        place = words.index(action.target) + 1 if action.target in words else -1
        return 0 < place < len(words) and words[place] == str(index)

    def _go_on(self) -> None:
        """Add the plan's next cards, then commit; a value to name opens the picker and waits."""
        plan = self.plan
        while plan is not None and plan.cards:
            text = plan.cards[0]
            hand, build = self.hand(), self.build_zone()
            placed = self._placed(self._legal(), text, plan.start)
            if not placed:
                self._fail(self._why(text, hand, build))
                return
            if len({a.value for a in placed}) > 1:
                self._choose(placed, self._picked, f"Which letter does your {self._card_name(text)} stand for?")
                return
            plan.cards.pop(0)
            if not self._step(placed[0]):
                return
        if plan is None:
            return
        if not plan.commit:
            self.plan = None
            return
        commits = [a for a in self._legal() if a.kind == "commit"]
        if not commits:
            self._fail(self._why(None, self.build_zone(), None))
            return
        # several commits: the meld may be laid more ways (a wild card at either end of a run)
        self._choose(commits, self._commit, "Which card does the wild card stand for?")

    def _commit(self, action: Action) -> None:
        self.plan = None
        self.home = None
        self.ctx.apply(action)

    def _placed(self, legal: list[Action], text: str, start: bool) -> list[Action]:
        """The ``add`` steps that put the card ``text`` into the build (at its start when ``start``)."""
        hand, build = self.hand(), self.build_zone()
        adds = [a for a in legal if a.kind == "add" and a.source == hand and a.target == build and self._same(a, text)]
        return [a for a in adds if at_start(a) == start] or adds

    def rehearse(self, first: Action | None, texts: list[str], start: bool, commit: bool) -> str | None:
        """Play on a copy of the match what the table is about to do: ``first`` (the action that
        begins the meld or lay-off; None: the cards join the meld being built), then the cards
        ``texts`` added in that order (each at the start when ``start``), then the commit (when
        ``commit``). None when it can be done for some value the picker may ask; else the reason
        it cannot, and the match is left untouched (nothing moves, nothing is recorded)."""
        copy = self.ctx.rehearsal()
        if first is not None:
            copy.apply(first)
        return self._rehearse_from(copy, texts, start, commit)

    def _rehearse_from(self, copy: rules.State, texts: list[str], start: bool, commit: bool) -> str | None:
        hand, build = self.hand(), self.build_zone()
        for i, text in enumerate(texts):
            placed = self._placed(copy.legal_actions(), text, start)
            if not placed:
                return copy.why_not(self._card(text), hand, build)
            if len({a.value for a in placed}) > 1:  # the picker will ask: one value that works will do
                reason = None
                for action in placed:
                    branch = copy.clone(search=True)
                    branch.apply(action)
                    reason = self._rehearse_from(branch, texts[i + 1 :], start, commit)
                    if reason is None:
                        return None
                return reason
            copy.apply(placed[0])
        if not commit or any(a.kind == "commit" for a in copy.legal_actions()):
            return None
        return copy.why_not(None, build, None)

    def _picked(self, action: Action) -> None:
        if self.plan is not None and self.plan.cards:
            self.plan.cards.pop(0)
        if self._step(action):
            self._go_on()

    def _step(self, action: Action) -> bool:
        if self.ctx.apply(action):
            return True
        self._fail(None)
        return False

    def _fail(self, reason: str | None) -> None:
        """A refused step: back to the hand (the engine's ``cancel``) with the reason."""
        ctx = self.ctx
        self._close_picker()
        message = ctx.last_said if reason is None else reason
        self._cancel_build()
        self._refused(message)

    def _refused(self, reason: str) -> None:
        self.ctx.refuse(reason)

    def _cancel_build(self) -> None:
        """The engine's ``cancel`` of the meld being built, if one is: its cards go back to the hand
        and, once still, to the places they had."""
        cancel = next((a for a in self._legal() if a.kind == "cancel"), None) if self._building() else None
        self.plan = None
        if cancel is not None and self.ctx.apply(cancel):
            self.go_home = self.home is not None
        else:
            self.home = None

    def _building(self) -> bool:
        """Whether a meld is being built now (a ``cancel`` then undoes only it, not staged melds):
        one the table is building, or cards may be added, taken back or committed, or some are in."""
        if self.plan is not None or any(a.kind in ("add", "remove", "commit") for a in self._legal()):
            return True
        return bool(self.ctx.view.zones.get(self.build_zone() or "", ()))

    def _leave_home(self) -> None:
        """A build begins: remember the hand's order, for its cards to come back to their places."""
        self.home = [c.text for c in self.ctx.board.zones.get(self.hand() or "", [])]
        self.go_home = False

    def _back_home(self) -> None:
        """After a cancelled build: the hand in the order it had before (cards gained since at the
        end), each card travelling to its old place, so the next drag takes the card it finds there."""
        home, self.home, self.go_home = self.home or [], None, False
        ctx = self.ctx
        zone = self.hand()
        cards = ctx.board.zones.get(zone or "")
        if not cards:
            return
        ordered = in_order(cards, home)
        if ordered != cards:
            cards[:] = ordered
            ctx.board.place(zone or "", ctx.animator)
            ctx.moved_under_pointer()

    def _legal(self) -> list[Action]:
        ctx = self.ctx
        return ctx.legal_now()

    def _why(self, text: str | None, source: str | None, target: str | None) -> str:
        return self.ctx.why_not(self._card(text), source, target)

    def _card(self, text: str | None) -> int | None:
        try:
            return None if text is None else self.ctx.deck.parse(text)
        except rules.RulesError:
            return None

    def _same(self, action: Action, text: str | None) -> bool:
        return action.card is not None and text is not None and self.ctx.deck.faces[action.card].text == text

    def _card_name(self, text: str) -> str:
        return self.ctx.presenter.card_name(text)

    # ------------------------------------------------------------ picker
    def _choose(self, actions: list[Action], then: Callable[[Action], None], question: str) -> None:
        if len(actions) == 1:
            then(actions[0])
            return
        self._ask([(self._value_label(a), lambda a=a: then(a)) for a in actions], question)

    @staticmethod
    def _value_label(action: Action) -> str:
        return str(action.value) if action.value is not None else (action.label or action.text)

    def _ask(self, options: list[tuple[str, Callable[[], None]]], question: str) -> None:
        def pick(do: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                self._close_picker()
                do()

            return run

        self.picker = [ui.Button(label, pick(do)) for label, do in options]
        self.picker.append(ui.Button("Back", self.cancel))
        self.ctx.say(question, "info")
        self._place_controls()

    def _close_picker(self) -> None:
        self.picker = []

    def close_popup(self) -> bool:
        """Esc closes an open picker as its Back button does (before the table's menu opens)."""
        if not self.picker:
            return False
        self.cancel()
        return True

    def cancel(self) -> None:
        """Leave the picker: the meld being built goes back to the hand."""
        self._close_picker()
        if self.plan is not None:
            self._cancel_build()
        self.chosen = []

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
                out.append(ui.Button(label, lambda a=action: self.start(a, self.hand_order(self.chosen))))
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
        self.chosen = []
        self.plan = None
        self.home = None
        self._close_picker()
        self.ctx.apply(action)

    def buttons(self) -> list[ui.Button]:
        return [*self.picker, *(self.sorts if self._sortable() else [])]

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
        if self.picker:
            widths = [
                max(h, round(ui.text(b.label, h * 0.55, ui.INK, bold=True).get_width() + h * 0.8)) for b in self.picker
            ]
            total = sum(widths) + gap * (len(widths) - 1)
            x = round(layout.size[0] / 2 - total / 2)
            y = min(layout.choices.top, layout.status.top) - gap - round(h * 1.3) - round(6 * u)
            for button, width in zip(self.picker, widths, strict=True):
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
        n = len(self.chosen)
        if not n:
            self.ctx.say("", "info")
            return
        what = " / ".join(a.label or a.text for a in self.starters())
        then = f"press {what}, or drop them on a meld" if what else "drop them on a meld"
        self.ctx.say(f"{n} card{'s' if n != 1 else ''} selected: {then}.", "info")
