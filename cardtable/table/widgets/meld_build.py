"""Building a meld in steps, the work of the build mode (``build_mode.py``: a selection becomes
the engine's steps): the action that starts a meld or a lay-off, an ``add`` per card in order,
then the ``commit``; each tried first on a copy of the match (:meth:`MeldBuilder.rehearse`), a
value asked with the value mode's picker (``value_mode.py``), a refused step cancelled
(``cancel``) with the hand's cards going back to the places they had. Driven by the action kinds
of the engine's building protocol (``rules/building.py``) and their values; the zone a meld is
built in is read from its ``add`` steps; the words are the actions' labels and the engine's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import rules
from rules import Action
from rules.kinds import ActionKind, is_kind

from ..hand_order import in_order
from .value_mode import several_values

if TYPE_CHECKING:
    from ..cards import CardSprite
    from ..context import TableContext
    from .value_mode import Picker

MELD, EXTEND, ADD, REMOVE = ActionKind.MELD, ActionKind.EXTEND, ActionKind.ADD, ActionKind.REMOVE
COMMIT, CANCEL, SWAP = ActionKind.COMMIT, ActionKind.CANCEL, ActionKind.SWAP

START = "start"


@dataclass
class Plan:
    """A meld being built by the table, step by step: the cards still to add (texts, in order),
    where they go (``start``: each to the front of an extended meld)."""

    cards: list[str]
    start: bool = False
    commit: bool = True  # commit once the cards are in (not when adding to a meld built by hand)
    values: dict[str, Any] = field(default_factory=dict)


def at_start(action: Action) -> bool:
    """Whether an ``add`` puts its card at the start of the meld (``end``, else its text's last word)."""
    if action.end is not None:
        return action.end == START
    return action.text.rsplit(" ", 1)[-1] == START


class MeldBuilder:
    """The cards chosen, the meld being built and the picker of a meld table (see the module's words)."""

    def __init__(self, ctx: TableContext, build: str | None, picker: Picker) -> None:
        self.ctx = ctx
        self.build = build  # the zone a selection is built in (per seat), when the layout names it
        self.seen: dict[int, str] = {}  # else the one the seat's ``add`` steps were seen to name
        self.picker = picker  # the value mode's: a value (or a meld, an end) to choose
        self.chosen: list[CardSprite] = []
        self.plan: Plan | None = None
        self.home: list[str | None] | None = None  # the hand's order when the table began a build
        self.go_home = False  # the build was cancelled: the hand takes that order again once still

    def hand(self) -> str | None:
        return self.ctx.my_hand

    def build_zone(self, legal: list[Action] | None = None) -> str | None:
        """The seat's zone a meld is built in: the layout's hint ``select`` where it names one,
        else where the ``add`` steps among ``legal`` (the seat's legal moves now) put cards or the
        ``remove`` steps take them from, as last seen; else where a rehearsed start would build."""
        seat = self.ctx.seat
        if seat is None:
            return None
        if self.build is not None:
            return f"{self.build}/{seat}"
        for action in self._legal() if legal is None else legal:
            adds, removes = is_kind(action.kind, ADD), is_kind(action.kind, REMOVE)
            zone = action.target if adds else action.source if removes else None
            if zone is not None:
                self.seen[seat] = zone
                break
        return self.seen.get(seat)

    def find_build_zone(self) -> str | None:
        """The build zone, if need be by starting a meld on a copy of the match (nothing is played)."""
        zone = self.build_zone()
        starters = self.starters()
        if zone is None and starters:
            copy = self.ctx.rehearsal()
            copy.apply(starters[0])
            zone = self.build_zone(copy.legal_actions())
        return zone

    def starters(self) -> list[Action]:
        """The actions that start a new meld (kind ``meld``), in the engine's order."""
        return [a for a in self.ctx.legal if is_kind(a.kind, MELD) and a.source is None]

    def start(self, action: Action, cards: list[CardSprite]) -> None:
        """Build a new meld of ``cards`` (in that order, else in the order they were clicked, when
        only that makes a meld: a word spelt click by click) with the starter ``action``."""
        self.close_picker()
        if not cards:
            self.ctx.say(self.ctx.presenter.word("select_first"), "info")
            return
        texts = [c.text or "" for c in cards]
        clicked = [c.text or "" for c in self.chosen if c in cards]
        self.chosen = []
        what = str(action.value) if action.value else self.ctx.presenter.word("a_meld")
        reason = self.rehearse(action, texts, start=False, commit=True)
        if reason is not None and clicked != texts and sorted(clicked) == sorted(texts):
            if self.rehearse(action, clicked, start=False, commit=True) is None:
                texts, reason = clicked, None
            else:
                reason = self.ctx.presenter.word("no_meld_in_either_order", what=what)
        if reason is not None:
            self.refused(reason)
            return
        self.leave_home()
        self.plan = Plan(texts)
        if self._step(action):
            self.go_on()

    def lay_off(self, cards: list[CardSprite], zone: str, left: bool, under: CardSprite | None) -> None:
        """Lay ``cards`` off on the meld ``zone`` (at its start when dropped on its left half; at
        the other end when they fit only there), or swap a wild card of it for the one card
        dropped on that wild card."""
        ctx = self.ctx
        if len(cards) == 1 and under is not None and under.zone == zone:
            swaps = [a for a in ctx.legal if is_kind(a.kind, SWAP) and a.target == zone and self.same(a, cards[0].text)]
            index = ctx.board.zones[zone].index(under)
            swaps = [a for a in swaps if self.names_index(a, index)] or swaps
            if swaps:
                ends = [a for a in swaps if at_start(a) == left] or swaps
                self.chosen = []
                self._choose(ends, lambda a: ctx.apply(a), ctx.presenter.value_question(None))
                return
        extend = next((a for a in ctx.legal if is_kind(a.kind, EXTEND) and a.target == zone), None)
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
            self.refused(reason)
            return
        self.leave_home()
        self.plan = Plan(texts, start=left)
        if self._step(extend):
            self.go_on()

    @staticmethod
    def names_index(action: Action, index: int) -> bool:
        """Whether a swap names the card at ``index`` of its meld (the number after its zone)."""
        words = action.text.split()
        place = words.index(action.target) + 1 if action.target in words else -1
        return 0 < place < len(words) and words[place] == str(index)

    def go_on(self) -> None:
        """Add the plan's next cards, then commit; a value to name opens the picker and waits."""
        plan = self.plan
        while plan is not None and plan.cards:
            text = plan.cards[0]
            hand, build = self.hand(), self.build_zone()
            placed = self._placed(self._legal(), text, plan.start)
            if not placed:
                self._fail(self._why(text, hand, build))
                return
            if several_values(placed):
                self._choose(placed, self._picked, self.ctx.presenter.value_question(self._card_name(text)))
                return
            plan.cards.pop(0)
            if not self._step(placed[0]):
                return
        if plan is None:
            return
        if not plan.commit:
            self.plan = None
            return
        commits = [a for a in self._legal() if is_kind(a.kind, COMMIT)]
        if not commits:
            self._fail(self._why(None, self.build_zone(), None))
            return
        # several commits: the meld may be laid more ways (a wild card at either end of a run)
        self._choose(commits, self._commit, self.ctx.presenter.word("which_end"), by_label=True)

    def _commit(self, action: Action) -> None:
        self.plan = None
        self.home = None
        self.ctx.apply(action)

    def _placed(self, legal: list[Action], text: str, start: bool) -> list[Action]:
        """The ``add`` steps that put the card ``text`` into the build (at its start when ``start``)."""
        hand, build = self.hand(), self.build_zone(legal)
        adds = [a for a in legal if is_kind(a.kind, ADD) and a.source == hand and a.target == build]
        adds = [a for a in adds if self.same(a, text)]
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
        hand, build = self.hand(), self.build_zone(copy.legal_actions())
        for i, text in enumerate(texts):
            placed = self._placed(copy.legal_actions(), text, start)
            if not placed:
                return copy.why_not(self._card(text), hand, build)
            if several_values(placed):  # the picker will ask: one value that works will do
                reason = None
                for action in placed:
                    branch = copy.clone(search=True)
                    branch.apply(action)
                    reason = self._rehearse_from(branch, texts[i + 1 :], start, commit)
                    if reason is None:
                        return None
                return reason
            copy.apply(placed[0])
        if not commit or any(is_kind(a.kind, COMMIT) for a in copy.legal_actions()):
            return None
        return copy.why_not(None, build, None)

    def _picked(self, action: Action) -> None:
        if self.plan is not None and self.plan.cards:
            self.plan.cards.pop(0)
        if self._step(action):
            self.go_on()

    def _step(self, action: Action) -> bool:
        if self.ctx.apply(action):
            return True
        self._fail(None)
        return False

    def _fail(self, reason: str | None) -> None:
        """A refused step: back to the hand (the engine's ``cancel``) with the reason."""
        ctx = self.ctx
        self.close_picker()
        message = ctx.last_said if reason is None else reason
        self._cancel_build()
        self.refused(message)

    def refused(self, reason: str) -> None:
        self.ctx.refuse(reason)

    def _cancel_build(self) -> None:
        """The engine's ``cancel`` of the meld being built, if one is: its cards go back to the hand
        and, once still, to the places they had."""
        cancel = next((a for a in self._legal() if is_kind(a.kind, CANCEL)), None) if self.building() else None
        self.plan = None
        if cancel is not None and self.ctx.apply(cancel):
            self.go_home = self.home is not None
        else:
            self.home = None

    def building(self) -> bool:
        """Whether a meld is being built now (a ``cancel`` then undoes only it, not staged melds):
        one the table is building, or cards may be added, taken back or committed, or some are in."""
        if self.plan is not None or any(is_kind(a.kind, k) for a in self._legal() for k in (ADD, REMOVE, COMMIT)):
            return True
        return bool(self.ctx.view.zones.get(self.build_zone() or "", ()))

    def leave_home(self) -> None:
        """A build begins: remember the hand's order, for its cards to come back to their places."""
        self.home = [c.text for c in self.ctx.board.zones.get(self.hand() or "", [])]
        self.go_home = False

    def back_home(self) -> None:
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

    def same(self, action: Action, text: str | None) -> bool:
        return action.card is not None and text is not None and self.ctx.deck.faces[action.card].text == text

    def _card_name(self, text: str) -> str:
        return self.ctx.presenter.card_name(text)

    # ------------------------------------------------------------ picker
    def _choose(
        self, actions: list[Action], then: Callable[[Action], None], question: str, by_label: bool = False
    ) -> None:
        """One of ``actions``, asked by their values (``by_label``: their labels, where the value is
        a code such as a run's span)."""
        if len(actions) == 1:
            then(actions[0])
            return
        name = (lambda a: a.label or a.text) if by_label else self._value_label
        self.ask([(name(a), lambda a=a: then(a)) for a in actions], question)

    @staticmethod
    def _value_label(action: Action) -> str:
        return str(action.value) if action.value is not None else (action.label or action.text)

    def ask(self, options: list[tuple[str, Callable[[], None]]], question: str) -> None:
        """Ask with the value mode's picker; going back returns the meld being built to the hand."""
        self.picker.ask(options, question, self.cancel)

    def close_picker(self) -> None:
        self.picker.close()

    def cancel(self) -> None:
        """Leave the picker: the meld being built goes back to the hand."""
        self.close_picker()
        if self.plan is not None:
            self._cancel_build()
        self.chosen = []
