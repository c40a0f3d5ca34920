"""Undo and the hint at the table: a move of yours taken back (your hand put back in the order
it had), the reason when it cannot be, and a hint asked of the worker and shown when it comes.

The scene holds one :class:`UndoAndHint`; it ``remember``s your hand's order before each of your
moves, for Undo to put the cards back where they were.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

import rules

from . import status
from .hand_order import in_order


class UndoTable(Protocol):
    """What Undo and the hint read and change of the table."""

    app: Any
    session: Any
    state: Any
    deck: Any
    specs: dict[str, dict[str, Any]]
    board: Any
    ext: Any
    log: Any
    worker: Any
    coach: Any
    presenter: Any
    animator: Any
    bots: Any
    seat: int | None
    generation: int
    pointer: Any  # the card pressed, chosen, hovered or focused
    hint: Any
    dirty: bool

    @property
    def my_hand(self) -> str | None: ...

    def _busy(self) -> bool: ...

    def _skip_ahead(self) -> None: ...

    def _resync(self) -> None: ...

    def _say(self, text: str, kind: str = "info") -> None: ...

    def _name(self, seat: int | None) -> str: ...

    def _my_turn(self) -> bool: ...

    def _moves_made(self) -> int: ...

    def _focusable(self) -> list[Any]: ...


class UndoAndHint:
    """Undo and the hint at ``table``."""

    def __init__(self, table: UndoTable) -> None:
        self.table = table
        self.orders: dict[int, list[str | None]] = {}  # your hand's order before each of your moves, by moves made

    def remember(self, moves: int, order: list[str | None]) -> None:
        """Your hand's ``order`` before your move after ``moves`` moves, for Undo to put it back."""
        self.orders[moves] = order

    def undo(self) -> None:
        """Take your last move back, or say why it cannot be."""
        table = self.table
        if table._busy():
            table._skip_ahead()
        if table.seat is None or not table.session.undo(table.seat):
            table._say(self._why_no_undo(), "warn")
            return
        table.log.forget()
        table.generation += 1
        table.worker.drop()
        table.bots.answer = None
        table.pointer.selected = None
        table.hint = None
        table.dirty = True
        table._resync()
        self._put_back(self.orders.get(table._moves_made()))
        table._say(table.presenter.word("move_taken_back"), "info")

    def _put_back(self, order: list[str | None] | None) -> None:
        """After Undo: your hand in the order it had before the move (the card taken back to the
        place it was dragged from, not to the hand's end)."""
        table = self.table
        zone = table.my_hand
        cards = table.board.zones.get(zone or "")
        if not order or not cards or zone is None or table.ext.ordered(zone):
            return
        ordered = in_order(cards, order)
        if ordered != cards:
            cards[:] = ordered
            table.board.place(zone, table.animator)

    def _why_no_undo(self) -> str:
        """Why Undo cannot take a move back now, in the player's words."""
        table = self.table
        if table.seat is None:
            return table.presenter.word("undo_nobody")
        if table.session.is_over:
            return table.presenter.word("undo_game_over")
        last = last_mover(table.state.log)
        if last is None:
            return table.presenter.word("undo_nothing")
        if last != table.seat:
            return table.presenter.word("undo_answered", who=table._name(last))
        seen = table.session.seen_by
        if table.session.hot_seat and seen not in (None, table.seat):
            return table.presenter.word("undo_seen", who=table._name(seen))
        return table.presenter.word("undo_closed")

    def hint(self) -> None:
        """Ask the worker for a hint for your turn (it shows when it comes: ``poll_hint``)."""
        table = self.table
        if not table._my_turn() or table.seat is None:
            table._say(table.presenter.word("hints_your_turn"), "warn")
            return
        advise = table.session.hinter(table.seat, random.randrange(1 << 30))
        if table.coach is not None:  # a lesson's step that asks for a move hints at that move
            advise = table.coach.hinter(advise)
        table.worker.ask(table.seat, advise, table.session.view(table.seat), ("hint", table.generation))
        table._say(table.presenter.word("looking_for_a_move"), "hint")

    def poll_hint(self) -> None:
        """The hint asked for, once the worker has it: the card framed and the move said."""
        table = self.table
        request = table.worker.request
        if request is None or request.tag != ("hint", table.generation):
            return
        got = table.worker.answer()
        if got is None or isinstance(got[1], BaseException):
            return
        advice = got[1]
        reason = str(getattr(advice, "reason", "") or "")
        try:
            action = table.state.parse_action(str(getattr(advice, "action", advice)))
        except rules.RulesError:
            return
        card = None
        if action.source is not None:
            cards = table.board.zones.get(action.source, [])
            text = table.deck.faces[action.card].text if action.card is not None else None
            card = next((c for c in cards if c.text == text), None) or (cards[0] if cards else None)
        words = status.describe(action, table.deck, table.specs, table.seat, table.presenter)
        own = table.ext.hint(action)
        if own is not None:
            card, words = own
        table.hint = (card, action.source, action.target)
        if card is not None and card in table._focusable():
            table.pointer.focus = card  # so Enter plays the hinted card
        table._say(table.presenter.word("hint_is", what=words + (f" \u2014 {reason}" if reason else "")), "hint")


def last_mover(log: list[dict[str, Any]]) -> int | None:
    """The seat that made the match's last move (chance outcomes aside); None before any."""
    for deal in reversed(log):
        for seat, _text in reversed(deal.get("actions", [])):
            if seat is not None:
                return int(seat)
    return None
