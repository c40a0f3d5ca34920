"""A lesson at the table: binds a :class:`rules.lessons.Coach` to one table (:class:`CoachedTable`).

The table asks it, at a few points of its flow: may the player make this move (``allows``: else
the coach's answer is said, and nothing moves), a move was made (``played``), may the bots act
and is a move scripted for them, is a step over now that the table is at rest (``settle``: a
new scene or Back replaces the table through :mod:`cardtable.learn`), may Undo take back the
last move (only within the step), and the rules' reason for a refused drop (``refusal``: the
step's advice follows it). It finds what a step points at through :class:`coach.Targets`:
zones, cards and buttons by name, a seat's plate, the status line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from rules import Action, View
from rules.bots import Advice
from rules.lessons import Coach

from .coach import CoachLayer, Targets

if TYPE_CHECKING:
    import rules

    from .. import widgets as ui
    from ..scene import Host
    from .layout import TableLayout
    from .match_log import MatchLog
    from .zones import Board


class CoachedTable(Protocol):
    """What the coach needs of the table it teaches at (the table scene is one)."""

    app: Host
    board: Board
    dirty: bool
    layout: TableLayout
    log: MatchLog
    size: tuple[int, int]
    state: rules.State

    @property
    def my_hand(self) -> str | None: ...

    @property
    def buttons(self) -> list[ui.Button]: ...

    def _say(self, text: str, kind: str = "info") -> None: ...

    def _toast(self, text: str) -> None: ...

    def _to_menu(self) -> None: ...


class CoachTable:
    """The coach of ``table``'s lesson: its bubble (:class:`CoachLayer`) and its verbs."""

    def __init__(self, table: CoachedTable, coach: Coach) -> None:
        self.table = table
        self.coach = coach
        self.layer = CoachLayer(coach, self._targets(), self.next, self.back, self.skip, self.play, self.menu)
        self.laid_out: tuple[object, ...] | None = None
        self.counted = False
        self.moves_at_step = self._moves()
        self.index_seen = coach.index

    # --------------------------------------------------------------- targets
    def _targets(self) -> Targets:
        table = self.table
        return Targets(
            self._zone, self._card, self._button, self._plate, lambda: table.layout.status, self._room, self._keep_clear
        )

    def _zone(self, name: str) -> pygame.Rect | None:
        cards = self.table.board.zones.get(name)
        if cards:
            return _union([c.rect() for c in cards])
        box = self.table.layout.zones.get(name)
        if box is None:
            return None
        rect = pygame.Rect(0, 0, box.card_w, box.card_h)
        rect.center = (round(box.anchor[0]), round(box.anchor[1]))
        return rect

    def _card(self, text: str) -> pygame.Rect | None:
        wanted = text.upper()
        mine = self.table.my_hand
        found = [c for c in self.table.board.sprites() if c.text is not None and c.text.upper() == wanted]
        found.sort(key=lambda c: c.zone != mine)  # the player's own copy first
        return found[0].rect() if found else None

    def _button(self, label: str) -> pygame.Rect | None:
        wanted = label.casefold()
        for button in self.table.buttons:
            if button.visible and button.rect.width and button.label.casefold() == wanted:
                return button.rect.copy()
        return None

    def _plate(self, seat: int) -> pygame.Rect | None:
        box = self.table.layout.seats.get(seat)
        return box.plate.copy() if box is not None else None

    def _room(self) -> pygame.Rect:
        w, h = self.table.log.room(self.table.size)
        top = self.table.layout.bar.bottom
        return pygame.Rect(0, top, w, h - top)

    def _keep_clear(self) -> list[pygame.Rect]:
        """Your hand, the status line and the choice buttons; every zone's cards and every seat's
        plate (the bubble covers as little of the table as it can)."""
        board = self.table.board
        clear = [self.table.layout.status, self.table.layout.choices]
        clear += [_union([c.rect() for c in cards]) for cards in board.zones.values() if cards]
        clear += [seat.plate for seat in self.table.layout.seats.values()]
        hand = board.zones.get(self.table.my_hand or "", [])
        if hand:
            clear.append(_union([c.rect() for c in hand]))  # twice: covering your own hand costs most
        return clear

    # ------------------------------------------------------------ the flow
    def _moves(self) -> int:
        return sum(len(deal["actions"]) for deal in self.table.state.log)

    def allows(self, action: Action) -> bool:
        """Whether the player may make ``action`` in this step; if not, the coach says why."""
        answer = self.coach.verdict(action)
        if answer is None:
            return True
        self.table._say(answer, "warn")
        self.table.app.sounds.play("refuse")
        return False

    def refusal(self, reason: str) -> str:
        """The rules' reason for a refused move, then the step's advice."""
        return self.coach.verdict("", reason) or reason

    def played(self, seat: int | None, action: Action) -> None:
        if seat is not None:
            self.coach.played(self.table.state, seat, action.text)
        self._stepped()

    def bots_may_act(self) -> bool:
        return self.coach.bots_may_act() and not self.coach.finished

    def scripted(self) -> str | None:
        return self.coach.scripted(self.table.state)

    def hinter(self, advise: Callable[[View], Advice]) -> Callable[[View], Advice]:
        """The hint in a lesson: the first move the step asks for, with its advice as the reason
        (the bots' hint, ``advise``, where the step lets the player play on as they like)."""
        step = self.coach.step
        if self.coach.finished or not step.expect:
            return advise
        wanted = next((a.text for a in self.table.state.legal_actions() if step.wants(a.text)), None)
        if wanted is None:
            return advise
        reason = step.otherwise or step.say
        return lambda _view: Advice(wanted, reason)

    def may_undo(self) -> bool:
        """Undo takes back moves of the step now only (Back goes further)."""
        return not self.coach.finished and self._moves() > self.moves_at_step

    def settle(self) -> bool:
        """The table is at rest: a step waiting for a turn or a deal's end may be over; a new
        scene opens in a table of its own. Returns True when this table is being replaced."""
        self.coach.settle(self.table.state)
        if self.coach.new_scene is not None:
            from ..learn import open_step

            return open_step(self.table.app, self.coach)
        self._stepped()
        return False

    def _stepped(self) -> None:
        """A step changed: Undo reaches back only to its start; a finished lesson is counted.
        The table is drawn again (and asked again) only when something changed."""
        changed = False
        if self.coach.index != self.index_seen:
            self.index_seen = self.coach.index
            self.moves_at_step = self._moves()
            changed = True
        if self.coach.finished and not self.counted:
            self.counted = True
            changed = True
            from ..learn import lesson_done

            problem = lesson_done(self.coach.lesson.game_id)
            if problem:
                self.table._toast(problem)
        if changed:
            self.table.dirty = True

    # ------------------------------------------------------------- buttons
    def next(self) -> None:
        self.coach.next(self.table.state)
        if self.coach.new_scene is not None:
            from ..learn import open_step

            open_step(self.table.app, self.coach)
            return
        self._stepped()

    def back(self) -> None:
        if not self.coach.can_go_back():
            return
        _scene, record = self.coach.back()
        from ..learn import open_step

        open_step(self.table.app, self.coach, record)

    def skip(self) -> None:
        self.table._to_menu()

    def menu(self) -> None:
        self.table._to_menu()

    def play(self) -> None:
        from ..learn import play_real_match

        play_real_match(self.table.app, self.coach)

    # -------------------------------------------------------------- screen
    def handle_event(self, event: pygame.event.Event) -> bool:
        self._lay_out()
        return self.layer.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self._lay_out()
        self.layer.draw(surface)

    def _lay_out(self) -> None:
        table = self.table
        target = self.layer.find_target()
        key = (
            self.coach.index,
            self.coach.finished,
            table.size,
            table.log.room(table.size),
            tuple(target) if target else None,
            tuple(table.layout.status),
        )
        if key != self.laid_out:
            self.laid_out = key
            self.layer.layout(table.layout.u, target)


def _union(rects: list[pygame.Rect]) -> pygame.Rect:
    out = rects[0].copy()
    for rect in rects[1:]:
        out.union_ip(rect)
    return out
