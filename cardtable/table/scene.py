"""The table: one match played with the mouse or the keyboard, for any game, from the seat of
the human whose turn it is.

This module holds the flow: set-up, the frame update, re-syncing from the view, a move applied
and the end of the match. Input and event playback are its mixins (``controls``, ``playback``);
its parts are components it holds: the layout ``planner``, the painter (``paint``), the bots'
turns (``bot_turns``), the ``hot_seat``'s hand-offs, Undo and the hint (``undo_hint``), the line
``said`` and the keyboard's focus (``keys.KeyFocus``).

The table never decides rules (it asks the legal actions and ``why_not``), draws only from
``state.view(seat)`` and animates the engine's events as that seat may see them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import pygame

import rules
from rules import Action, Event
from rules.presenter import Presenter, ScoreSheet, presenter_for

from .. import bot_host
from .. import widgets as ui
from ..anim import Animator
from ..bots_worker import BotWorker
from ..scene import Scene
from ..session import Session
from ..stats import running_totals
from ..userfiles import one_line
from . import choice_row, hud, score_sheet, status
from .bot_turns import BotTurns
from .cards import CardPainter, CardSprite
from .coach_table import CoachTable
from .context import Pointer, TableContext
from .controls import TableInput
from .hand_order import HandArranger
from .hot_seat import HotSeat
from .keys import KeyFocus
from .match_log import MatchLog
from .menu import TableMenu
from .paint import TablePainter
from .planner import LayoutPlanner
from .playback import Banner, Playback
from .said import Said
from .undo_hint import UndoAndHint
from .widgets.compose import widgets_for
from .zones import Board

if TYPE_CHECKING:
    from rules.lessons import Coach

    from ..scene import Host

END_PAUSE = 1.8  # seconds to look at the revealed cards before the result
HASTE = 1.0  # s: a move made this soon after a refusal or a re-layout may not be the one meant...
UNDO_GRACE = 2.5  # s (normal speed): ...so the next player waits this long, for Undo to be reachable


class TableScene(Playback, TableInput, Scene):
    """The match at the table: ``TableScene(app, session)``."""

    def __init__(self, app: Host, session: Session, coach: Coach | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.state = session.state  # asked for legal actions and reasons only; drawn from views
        self.deck = self.state.deck
        self.specs = self.game.zone_specs
        self.names = session.names
        settings = getattr(app, "settings", None)
        self.animator = Animator(self._speed(), bool(getattr(app, "fast", False)))
        self.painter = CardPainter(self.deck, bool(getattr(settings, "colorblind", False)))
        self.paint = TablePainter(self)  # the felt, the cards as this seat sees them, the marks, the bar
        self.worker = BotWorker()
        self.bots = BotTurns(self)  # the bots' turns
        self.bots.think_as_set()
        if bot_host.wanted():
            session.think_apart()  # bots think in a process of their own: no frame waits on them
        session.save_later = True  # and saves are written on a thread of their own
        self.banner = Banner()
        self.menu = TableMenu(self._rules, self._to_menu, lambda: self.app.quit(0))
        self.queue: deque[Event] = deque()
        self.pointer = Pointer()  # the card pressed or dragged, the one chosen, the keyboard's focus
        self.context = TableContext(self, self.pointer)  # all the widgets see of the table
        self.moving: CardSprite | None = None
        self.hint: tuple[CardSprite | None, str | None, str | None] | None = None
        self.said = Said()  # the line said in place of the status line for a while
        self.keyboard = KeyFocus()  # the keyboard's aim, button in focus and digits typed
        self.status_text = ""
        self.clock = 0.0
        self.idle = 0.0
        self.unsettled = -HASTE  # the clock at the last refusal or re-layout
        self.generation = 0
        self.ending = False
        self.dirty = False
        self.redeal = False
        self.last_click: tuple[CardSprite | None, float] = (None, -1.0)
        self.shown_faces: list[tuple[str, str]] = []  # (zone, card) drawn face up in the last frame
        self.legal: list[Action] = []
        self.presenter = load_presenter(self.game, self.deck, self._toast)  # the game's words and marks
        self.undo = UndoAndHint(self)  # Undo and the hint
        self.undo_button = ui.Button(self.presenter.word("undo"), self.undo.undo)
        self.hint_button = ui.Button(self.presenter.word("hint"), self.undo.hint)
        self.menu_button = ui.Button("Menu", self.menu.show)
        self.log = MatchLog(self)  # the match in words, as the seat in front of the screen saw it
        self.choice_buttons: list[ui.Button] = []
        self.choice_row_was: tuple[Any, int] = (None, 0)  # the labels and place of the last row, and its lift
        self.pill_seen: str | None = None  # the line the row was last kept clear of
        self.seat: int | None = None if session.hot_seat and session.seen_by is None else session.viewer()
        self.size = tuple(getattr(app, "size", (1280, 800)))
        self.hints = {**self.presenter.layout_hints, **dict(self.game.config.layout.get("hints") or {})}
        self.hot_seat = HotSeat(self)  # hand-offs between humans
        self.planner = LayoutPlanner(self, self.specs, dealt_to_a_hand(self.game.config))  # the layout
        self.ext = widgets_for(self.context, self.game)  # what the layout's zone kinds ask for
        self.arranger = HandArranger()  # your hand sorted as the settings ask
        self.coach = CoachTable(self, coach) if coach is not None else None  # a lesson's coach
        self._rebuild(deal_in=True)

    # ================================================================ set-up
    def _speed(self) -> float:
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, "animation_speed", 1.0) or 1.0)

    @property
    def bottom_seat(self) -> int:
        if self.seat is not None:
            return self.seat
        if self.hot_seat.facing is not None:
            return self.hot_seat.facing  # the public view keeps the table turned as it was
        return self.session.humans[0] if self.session.humans else 0

    @property
    def my_hand(self) -> str | None:
        return None if self.seat is None else f"hand/{self.seat}"

    def _my_turn(self) -> bool:
        return (
            self.seat is not None
            and not self.session.is_over
            and self.state.current_player == self.seat
            and not self.session.is_bot(self.seat)
        )

    def _rebuild(self, deal_in: bool = False) -> None:
        """Everything from scratch for the current seat (a new perspective: no travelling)."""
        if getattr(self, "board", None) is not None:
            self.arranger.keep(self.board)  # hot seat: the seat leaving the screen keeps its arrangement
        self.view = self.session.view(self.seat)
        self.legal = self.state.legal_actions() if self._my_turn() else []
        self.facts = self.presenter.board(self.view, self.seat, self.names)
        self.layout = self.planner.plan(self.facts, getattr(self, "layout", None))
        self.board = Board(self.layout, self.specs, self.ext)
        own = self.hints.get("own_face_up") or ""
        self.board.own_up = frozenset(own.split() if isinstance(own, str) else own)
        self.board.sync(self.view, fresh_hand_order=True)
        self.arranger.recall(self)
        self.board.place_all()
        self.pointer.selected = self.pointer.hovered = None
        self.pointer.focus = None
        self._focus_button(None)
        self._put_down()
        self.hint = None
        self.said.text = ""  # a message was for the seat that sat here before (a Tryer's suit...)
        self.banner.alpha = 0.0
        if deal_in:
            self._deal_in()
        self._refresh()

    def _refresh(self) -> None:
        """Status line, buttons and choices from the current view and legal actions."""
        bots = set(self.session.bots)
        self.status_text = status.status_line(
            self.view, self.legal, self.specs, self.seat, self.names, bots, self.presenter
        )
        if self.session.is_over and self.state.deal_results:  # public once the match is over
            final = self.presenter.final_status(
                self.state.deal_results[-1], list(self.state.winners), self.seat, self.names
            )
            self.status_text = final or self.status_text
        self.facts = self.presenter.board(self.view, self.seat, self.names)
        self.undo_button.enabled = self.seat is not None and self.session.can_undo(self.seat)
        if self.coach is not None:
            self.undo_button.enabled = self.undo_button.enabled and self.coach.may_undo()
        self.hint_button.enabled = self._my_turn()
        choices = [a for a in self.legal if a.source is None]
        own = self.ext.choice_buttons(choices)
        if own is not None or [b.label for b in self.choice_buttons] != [a.label or a.text for a in choices]:
            self.choice_buttons = own if own is not None else choice_row.buttons_for(choices, self._apply)
            if self.planner.choice_rows() != self.layout.extra_rows:
                self.layout = self.planner.plan(self.facts, self.layout)
                self.board.layout = self.layout
                self.board.place_all(self.animator)
        self.ext.refresh()
        self._layout_controls()

    def _layout_controls(self) -> None:
        u = self.layout.bar_u
        bar = self.layout.bar
        bw, bh, gap = round(96 * u), max(24, bar.height - round(12 * u)), round(10 * u)
        x = bar.right - round(12 * u)
        for button in (self.menu_button, self.undo_button, self.hint_button, self.log.button):
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.midright = (x, bar.centery)
            x -= bw + gap
        lift = hud.pill_growth(self.status_text, self.layout.status)
        self.pill_seen = None  # the line shown is measured again against the row placed now
        row = ([b.label for b in self.choice_buttons], tuple(self.layout.choices))
        if row == self.choice_row_was[0]:  # the same buttons in the same place: they stay put
            lift = max(lift, self.choice_row_was[1])
        self.choice_row_was = (row, lift)
        choice_row.place(self.choice_buttons, self.layout, lift)
        self.menu.layout(self.size, self.layout.u)

    def choices_clear_of(self, text: str) -> None:
        """Lift the choice row above the line shown when that takes two lines: a hint or a refusal
        said over the status may be longer than the status the row was placed for."""
        if text == self.pill_seen:
            return
        self.pill_seen = text
        lift = hud.pill_growth(text, self.layout.status)
        if lift > self.choice_row_was[1]:
            self.choice_row_was = (self.choice_row_was[0], lift)
            choice_row.place(self.choice_buttons, self.layout, lift)

    @property
    def buttons(self) -> list[ui.Button]:
        return [
            self.hint_button,
            self.undo_button,
            self.menu_button,
            self.log.button,
            *self.choice_buttons,
            *self.ext.buttons(),
        ]

    # ============================================================ scene hooks
    def draw(self, surface: pygame.Surface) -> None:
        self.paint.draw(surface)

    def changed_rects(self) -> list[pygame.Rect] | None:
        return self.paint.changed_rects()

    def forget_layers(self) -> None:
        """The painted layers are stale (settings changed, the log opened): painted afresh."""
        self.paint.forget_layers()

    def enter(self) -> None:
        self.dirty = True
        self.forget_layers()  # back from settings: the felt or the cards may look otherwise
        self.bots.think_as_set()

    def leave(self) -> None:
        self.pointer.press = None
        if self not in getattr(getattr(self.app, "stack", None), "scenes", [self]):
            self.worker.close()
            self.session.close()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(1, int(size[0])), max(1, int(size[1])))
        self._relayout()

    def make_room(self) -> None:
        """The match log opened or closed: the table is laid out again beside it (or across the
        whole window), the cards gliding to their new places as on a resize."""
        self._relayout()
        self.forget_layers()

    def _relayout(self) -> None:
        self.unsettled = self.clock
        self.facts = self.presenter.board(self.view, self.seat, self.names)
        self.layout = self.planner.plan(self.facts, self.layout)
        self.board.layout = self.layout
        self.board.place_all(self.animator, self.animator.seconds(0.18))
        self._layout_controls()

    # ================================================================ update
    def update(self, dt: float) -> None:
        self.said.hearing = False
        self.clock += dt
        self.animator.speed = self._speed()
        self.painter.colorblind = bool(getattr(getattr(self.app, "settings", None), "colorblind", False))
        self.animator.update(dt)
        if self.said.tick(dt):
            self.hint = None
        self._tick_lifts(dt)
        if self.menu.open:
            return
        self._run_queue()
        if self.animator.busy or self.queue or (self.pointer.press is not None and self.pointer.press.dragging):
            self.idle = 0.0
            return
        if self.dirty:
            self._resync()
        self.idle += dt
        if self.session.save_problem:
            self._toast(self.session.save_problem)
            self.session.save_problem = None
        if self.session.bots_problem:
            self._toast(self.session.bots_problem)
            self.session.bots_problem = None
        if self.coach is not None and self.coach.settle():
            return
        if self.session.is_over:
            self._finish()
            return
        target = self.session.viewer()
        if target != self.seat:
            if target is None:
                self.hot_seat.show_to_all()
                self.board.place_all(self.animator)
                return
            if self.session.needs_handoff(target):
                if not self.hot_seat.nothing_to_do(target):
                    self.hot_seat.hand_off(target)
                return
            self.seat = target
            self._rebuild()
        current = self.state.current_player
        if current is not None and self.session.is_bot(current):
            self.bots.play(current)
        elif self._my_turn():
            self.undo.poll_hint()
            self._autoplay()

    def _tick_lifts(self, dt: float) -> None:
        hand = self.board.zones.get(self.my_hand or "", [])
        focused = self.pointer.focus
        mine = self._my_turn()
        pull = 1.0 if self.animator.fast else min(1.0, dt * 16)
        for card in hand:
            if card.dragging:
                continue
            want = 0.0
            if card is self.pointer.selected or self.ext.lifted(card):
                want = 0.2 * card.height
            elif mine and (card is self.pointer.hovered or card is focused):
                want = 0.09 * card.height
            card.lift += (want - card.lift) * pull

    def _resync(self) -> None:
        """Re-read the seat's view (the truth) and move every card where it belongs."""
        self.dirty = False
        self.view = self.session.view(self.seat)
        self.legal = self.state.legal_actions() if self._my_turn() else []
        if self.said.kind == "warn" and self.said.text and self.said.moves != self._moves_made():
            self.said.text = ""  # a refusal spoke of a moment that has passed: let the turn prompt show
        if self.legal and self.said.kind == "info" and self.said.text and self.said.text == self.said.news:
            self.said.text = ""  # news of a move before yours ("Ada exchanged 5 cards."): your prompt now (logged)
        before = self.planner.hand_max
        self.facts = self.presenter.board(self.view, self.seat, self.names)
        layout = self.planner.plan(self.facts, self.layout)
        if self.planner.hand_max != before or set(layout.zones) != set(self.layout.zones):
            self.unsettled = self.clock
            self.layout = layout
            self.board.layout = layout
        self.board.sync(self.view)
        self.arranger.arrange(self)
        if self.redeal:
            self.redeal = False
            self.board.place_all()
            self._deal_in()
        else:
            self.board.place_all(self.animator)
        hand = self.board.zones.get(self.my_hand or "", [])
        if self.pointer.focus is not None and (self.pointer.focus not in self._focusable() or not self._my_turn()):
            self.pointer.focus = (
                None  # a turn over: no frame left on a card it turned up (your next turn starts afresh)
            )
        if self.pointer.selected is not None and self.pointer.selected not in hand:
            self.pointer.selected = None
        if self.pointer.selected is None:
            self._put_down()
        self._refresh()

    # ================================================================= turns
    def _apply(self, action: Action, moving: CardSprite | None = None) -> bool:
        """Play ``action`` for the seat to act and animate what that shows to this seat. In hot
        seat, an action that ends this seat's turn turns the table to the public view first: its
        events then play as everyone may see them."""
        eyes = self.seat if self.session.hot_seat else None
        actor = self.state.current_player
        before = self.session.view(None) if eyes is not None else None  # what all saw before it
        own = self.seat is not None and self.state.current_player == self.seat
        if own and self.coach is not None and not self.coach.allows(action):
            self.board.place_all(self.animator)
            return False
        if own:  # for Undo to put the cards back where they were
            self.undo.remember(self._moves_made(), [c.text for c in self.board.zones.get(self.my_hand or "", [])])
        try:
            events = self.session.apply(action)
        except rules.RulesError as exc:
            self._say(str(exc), "warn")
            self.board.place_all(self.animator)
            return False
        self.log.seen(events)
        if self.coach is not None:
            self.coach.played(actor, action)
        if own and action.undoable and self.clock - self.unsettled < HASTE:
            self.bots.grace_until = self.clock + self.animator.seconds(UNDO_GRACE)
        self.bots.last_actor = actor
        self.generation += 1
        self.worker.drop()
        self.bots.answer = None
        self.pointer.selected = None
        self._put_down()
        self._focus_button(None)  # the next prompt's buttons are not pressed by a second Enter
        self.hint = None
        if self.said.kind == "hint" or (own and self.said.kind == "info"):
            self.said.text = ""  # a hint, or a prompt to finish this move ("Now click the trick."): done
        self.moving = moving
        if before is not None and self.session.viewer() != eyes:
            self.hot_seat.show_to_all(before)
        self.queue.extend(rules.events_for(events, self.seat))
        self.dirty = True
        self.idle = 0.0
        self.legal = []
        if own and self.seat is not None:  # your move plays back: the prompt that asked for it is over
            self.status_text = status.status_line(
                self.session.view(self.seat), [], self.specs, self.seat, self.names, set(), self.presenter
            )
        self._run_queue()
        self.moving = None
        return True

    def _finish(self) -> None:
        if self.ending or self.coach is not None:  # a lesson ends with its coach's words, not a result
            return
        self.ending = True
        self.animator.wait(self.animator.seconds(END_PAUSE), on_done=self._show_result)

    def _show_result(self) -> None:
        self.worker.close()
        self.session.close()
        self.app.open("result", replace=True, session=self.session)

    def open_scores(self, sheet: ScoreSheet, button: str, between: bool) -> None:
        """The presenter's score ``sheet`` over the table until ``button`` (``between`` deals: Esc
        opens the menu); widgets ask for it through their context."""
        self.menu.close()
        self.app.push(
            score_sheet.ScoreSheetScene(
                self.app,
                sheet,
                self.deck.style,
                button,
                totals=running_totals(self.state),
                names=self.names,
                menu=self.menu,
                menu_place=lambda: self.menu_button.rect,
                between=between,
                fresh=button == self.presenter.word("next_deal"),
                chart_label=self.presenter.word("totals_after_each_deal"),
            )
        )


def dealt_to_a_hand(config: Any) -> int:
    """Cards dealt to a hand, from the rules file when it says (room to keep from the start)."""
    deal = getattr(config, "deal", None)
    hand = deal.get("hand") if isinstance(deal, dict) else None
    return hand if isinstance(hand, int) else 0


def load_presenter(game: Any, deck: Any, toast: Callable[[str], None]) -> Presenter:
    """The presenter ``game``'s spec names; when it cannot be loaded (a plugin's import fails, it
    names no Presenter, its constructor raises), the neutral one the layout picks and one line
    ``toast`` to the player: a broken presenter never breaks the table."""
    try:
        return presenter_for(game, deck)
    except Exception as exc:  # a third party's code may raise anything
        reason = str(exc) if isinstance(exc, rules.RulesError) else f"{type(exc).__name__}: {exc}"
        toast(Presenter.table_words["presenter_not_loaded"].format(game=game.name, reason=one_line(reason, 120)))
        return presenter_for(SimpleNamespace(config=game.config), deck)  # none named
