"""Hot seat at the table: between two humans' turns the table turns to what anyone watching may
see, and the next human takes the screen through a hand-off; a human with one legal move has it
played for them instead.

The scene holds one :class:`HotSeat`; ``facing`` keeps the table turned while nobody's eyes are
on it, and ``handing_off`` says the hand-off screen is up.
"""

from __future__ import annotations

from typing import Any, Protocol

import rules
from rules import Action


class SeatTable(Protocol):
    """What a hand-off reads and changes of the table."""

    app: Any
    session: Any
    state: Any
    arranger: Any
    board: Any
    layout: Any
    planner: Any
    bots: Any
    presenter: Any
    view: Any
    seat: int | None
    pointer: Any  # the card pressed, chosen, hovered or focused
    hint: Any
    said: Any  # the line said in place of the status line
    legal: list[Action]
    dirty: bool
    idle: float

    @property
    def bottom_seat(self) -> int: ...

    def _apply(self, action: Action, moving: Any = None) -> bool: ...

    def _toast(self, text: str) -> None: ...

    def _name(self, seat: int | None) -> str: ...

    def _refresh(self) -> None: ...

    def _rebuild(self, deal_in: bool = False) -> None: ...


class HotSeat:
    """The hand-offs of ``table``'s hot seat."""

    def __init__(self, table: SeatTable) -> None:
        self.table = table
        self.facing: int | None = None  # nobody's eyes: the seat whose place stays at the bottom
        self.handing_off = False

    def show_to_all(self, view: rules.View | None = None) -> None:
        """A human's turn over: every private card turns face down at once (its face is
        forgotten, not only turned) and the table, hint, status and log become what anyone
        watching may see (``view``: the public view to start from; the current one without),
        the seat's place staying at the bottom, until the next human takes the screen through a
        hand-off (:meth:`Session.show_to_all`)."""
        table = self.table
        table.arranger.keep(table.board)  # the seat finds its arrangement again after its hand-off
        self.facing = table.bottom_seat
        table.seat = None
        table.session.show_to_all()
        table.arranger.recall(table)  # nobody's hand on the screen now
        table.view = table.session.view(None) if view is None else view
        table.board.sync(table.view)
        for card in table.board.sprites():
            if card.text is None:
                card.flip = 0.0
        table.planner.unown(table.layout)
        table.pointer.selected = table.pointer.hovered = table.pointer.focus = None
        table.hint = None
        table.said.text = ""  # said to the seat that had the screen
        table.legal = []
        table.dirty = True
        table._refresh()

    def nothing_to_do(self, seat: int) -> bool:
        """A player with one legal move has nothing to choose: no hand-off, their move is played
        for them after the bots' pause (the log says it) and the table goes on to the next human
        who must act. False: a hand-off is needed."""
        table = self.table
        legal = table.state.legal_actions()
        if len(legal) != 1 or table.state.current_player != seat:
            return False
        if table.idle >= table.bots.pause(seat):
            table._apply(legal[0])
            table._toast(table.presenter.word("only_move", who=table._name(seat)))
        return True

    def hand_off(self, seat: int) -> None:
        """The screen to ``seat``'s player: the hand-off screen first, then their view."""
        if self.handing_off:
            return
        self.handing_off = True
        self.table.app.open("handoff", seat_name=self.table._name(seat), on_continue=lambda: self._handed_to(seat))

    def _handed_to(self, seat: int) -> None:
        self.handing_off = False
        table = self.table
        table.seat = seat
        table.session.mark_seen(seat)
        table._rebuild()
