"""The table: one match played with the mouse or the keyboard, for any game, from the seat of
the human whose turn it is.

This module holds the flow: set-up, the frame update, re-syncing from the view, turns (the
human's, the bots' on a worker thread), hot-seat hand-offs and the end of the match. Input,
event playback and painting are in ``controls``, ``playback`` and ``paint``.

The table never decides rules (it asks the legal actions and ``why_not``), draws only from
``state.view(seat)`` and animates the engine's events as that seat may see them.
"""

from __future__ import annotations

from collections import deque
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
from ..settings import bot_budget_ms
from ..stats import running_totals
from ..userfiles import one_line
from . import choice_row, hud, score_sheet, status
from .cards import CardPainter, CardSprite
from .coach_table import CoachTable
from .context import Pointer, TableContext
from .controls import TableInput
from .dragdrop import Press
from .hand_order import HandArranger
from .layout import TableLayout, unit
from .match_log import MatchLog
from .menu import TableMenu
from .paint import TablePaint
from .playback import Banner, Playback
from .widgets.board import board_sizes
from .widgets.compose import widgets_for
from .zones import Board

if TYPE_CHECKING:
    from rules.lessons import Coach

    from ..scene import Host

BOT_PAUSE = 0.45  # seconds a bot "looks" at the table before its move shows (normal speed)
TURN_PAUSE = 1.2  # ... before the first move of its turn: time to see whose turn it is now
END_PAUSE = 1.8  # seconds to look at the revealed cards before the result
SQUEEZE = 0.3  # the least of a card's width a squeezed hand shows (its corner's letter and rank)
FAST_BOT_WAIT = 0.5  # fast mode only: how long a frame may wait for a bot's answer
HASTE = 1.0  # s: a move made this soon after a refusal or a re-layout may not be the one meant...
UNDO_GRACE = 2.5  # s (normal speed): ...so the next player waits this long, for Undo to be reachable


class TableScene(Playback, TableInput, TablePaint, Scene):
    """The match at the table: ``TableScene(app, session)``."""

    def __init__(self, app: Host, session: Session, coach: Coach | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.state = session.state  # asked for legal actions and reasons only; drawn from views
        self.deck = self.state.deck
        self.specs = self.game.zone_specs
        self.kinds = {name: spec.get("kind", "pile") for name, spec in self.specs.items()}
        self.names = session.names
        settings = getattr(app, "settings", None)
        self.animator = Animator(self._speed(), bool(getattr(app, "fast", False)))
        self.painter = CardPainter(self.deck, bool(getattr(settings, "colorblind", False)))
        self.worker = BotWorker()
        self._bots_think_as_set()
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
        self.message = ""
        self.message_kind = "info"
        self.message_left = 0.0
        self.hearing = False  # input is being handled (before this turn's update)
        self.message_heard = False  # the message was said by input that ended a rest: its time starts now
        self.status_text = ""
        self.clock = 0.0
        self.idle = 0.0
        self.unsettled = -HASTE  # the clock at the last refusal or re-layout
        self.grace_until = 0.0  # no bot moves before this clock (Undo of a hasty move stays reachable)
        self.orders: dict[int, list[str | None]] = {}  # your hand's order before each of your moves, by moves made
        self.generation = 0
        self.bot_answer: Any = None
        self.last_actor: int | None = None  # the seat whose action the table played last
        self.ending = False
        self.handing_off = False
        self.dirty = False
        self.redeal = False
        self.last_click: tuple[CardSprite | None, float] = (None, -1.0)
        self.hand_max = 0
        self.board_kept: tuple[tuple[int, tuple[int, int], int], pygame.Rect, int] | None = None  # _board_pin
        self.shown_faces: list[tuple[str, str]] = []  # (zone, card) drawn face up in the last frame
        self.legal: list[Action] = []
        self.presenter = self._presenter()  # the game's words and marks
        self.undo_button = ui.Button(self.presenter.word("undo"), self._undo)
        self.hint_button = ui.Button(self.presenter.word("hint"), self._hint)
        self.menu_button = ui.Button("Menu", self.menu.show)
        self.log = MatchLog(self)  # the match in words, as the seat in front of the screen saw it
        self.choice_buttons: list[ui.Button] = []
        self.choice_row_was: tuple[Any, int] = (None, 0)  # the labels and place of the last row, and its lift
        self.seat: int | None = None if session.hot_seat and session.seen_by is None else session.viewer()
        self.facing: int | None = None  # hot seat, nobody's eyes: the seat whose place stays at the bottom
        self.size = tuple(getattr(app, "size", (1280, 800)))
        self.hints = {**self.presenter.layout_hints, **dict(self.game.config.layout.get("hints") or {})}
        self.ext = widgets_for(self.context, self.game)  # what the layout's zone kinds ask for
        self.arranger = HandArranger()  # your hand sorted as the settings ask
        self.coach = CoachTable(self, coach) if coach is not None else None  # a lesson's coach
        self._rebuild(deal_in=True)

    # ============================================== what the player has in hand (the pointer)
    @property
    def press(self) -> Press | None:
        return self.pointer.press

    @press.setter
    def press(self, press: Press | None) -> None:
        self.pointer.press = press

    @property
    def selected(self) -> CardSprite | None:
        return self.pointer.selected

    @selected.setter
    def selected(self, card: CardSprite | None) -> None:
        self.pointer.selected = card

    @property
    def hovered(self) -> CardSprite | None:
        return self.pointer.hovered

    @hovered.setter
    def hovered(self, card: CardSprite | None) -> None:
        self.pointer.hovered = card

    @property
    def focus(self) -> CardSprite | None:
        return self.pointer.focus

    @focus.setter
    def focus(self, card: CardSprite | None) -> None:
        self.pointer.focus = card

    # ================================================================ set-up
    def _presenter(self) -> Presenter:
        """The presenter the game's spec names; when it cannot be loaded (a plugin's import
        fails, it names no Presenter, its constructor raises), the neutral one the layout picks
        and one line for the player: a broken presenter never breaks the table."""
        try:
            return presenter_for(self.game, self.deck)
        except Exception as exc:  # a third party's code may raise anything
            reason = str(exc) if isinstance(exc, rules.RulesError) else f"{type(exc).__name__}: {exc}"
            self._toast(
                Presenter.table_words["presenter_not_loaded"].format(game=self.game.name, reason=one_line(reason, 120))
            )
            return presenter_for(SimpleNamespace(config=self.game.config), self.deck)  # none named

    def _speed(self) -> float:
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, "animation_speed", 1.0) or 1.0)

    @property
    def bottom_seat(self) -> int:
        if self.seat is not None:
            return self.seat
        if self.facing is not None:
            return self.facing  # the public view keeps the table turned as it was
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

    def _dealt(self) -> int:
        """Cards dealt to a hand, from the rules file when it says (room to keep from the start)."""
        deal = getattr(self.game.config, "deal", None)
        hand = deal.get("hand") if isinstance(deal, dict) else None
        return hand if isinstance(hand, int) else 0

    def _make_layout(self) -> TableLayout:
        zones = self.view.zones
        biggest = max(
            [len(cards) for name, cards in zones.items() if self.kinds.get(name.split("/")[0]) == "hand"] or [0]
        )
        held = self.hand_max
        self.hand_max = max(self.hand_max, biggest + 1, self._dealt() + 1, 5)
        self.facts = self.presenter.board(self.view, self.seat, self.names)
        pin = self._board_pin()
        layout = self._layout_for(self.hand_max, pin)
        before = getattr(self, "layout", None)
        buttons_move = before is not None and before.size == layout.size and before.choices != layout.choices
        if (buttons_move or pin is not None and layout.board != pin[0]) and held < self.hand_max:
            # the hand grew: it squeezes in rather than move the board or the choice buttons
            kept = self._layout_for(held, pin)
            if (pin is None or kept.board == pin[0]) and self._readable(kept, biggest):
                self.hand_max, layout = held, kept
        if layout.board is not None:
            self.board_kept = (self._board_key(), layout.board.copy(), layout.board_size)
        return layout

    def _layout_for(self, hand_max: int, pin: tuple[pygame.Rect, int] | None) -> TableLayout:
        boards = any(spec.get("kind") == "board" for spec in self.specs.values())
        layout = TableLayout(
            self.log.room(self.size),  # left of the match log while it is open
            self.state.players,
            self.bottom_seat,
            self.ext.layout_specs(self.specs),
            list(self.view.zones),
            hand_max,
            self._choice_rows(),
            board_sizes(self.facts, unit(self.size)) if boards else (),
            self.size[0],  # the top bar keeps the window's width and scale
            unit(self.size),
            pin,
        )
        self.ext.adjust_layout(layout)
        self._unown(layout)
        return layout

    def _unown(self, layout: TableLayout) -> None:
        """Nobody's eyes (hot seat, between turns): the bottom seat's zones are not "yours"."""
        if self.seat is not None:
            return
        for name, box in layout.zones.items():
            spec = self.specs.get(name.split("/")[0])
            if box.mine and box.label and spec is not None:
                box.label = str(spec.get("label", spec.get("name", box.label)))

    @staticmethod
    def _readable(layout: TableLayout, count: int) -> bool:
        """Whether ``count`` cards squeezed into the viewer's hand still show each corner's index."""
        hands = [z for z in layout.zones.values() if z.fan]
        return all(count <= 1 or (z.span - z.card_w) / (count - 1) >= SQUEEZE * z.card_w for z in hands)

    def _board_key(self) -> tuple[int, tuple[int, int], int]:
        """What the board's place holds for: the deal in play, the room left of the log, the seats."""
        return len(self.state.deal_results), tuple(self.log.room(self.size)), self.state.players

    def _board_pin(self) -> tuple[pygame.Rect, int] | None:
        """The board's place earlier in this deal: it keeps it for the deal (a ``board`` zone)."""
        kept = self.board_kept
        if kept is None or kept[0] != self._board_key():
            return None
        return kept[1].copy(), kept[2]

    def _choice_rows(self) -> int:
        """Rows of choice buttons the layout keeps above the status line: one when some action is
        not a drag; always one with meld areas (they keep their place between turns)."""
        if any(kind == "melds" for kind in self.kinds.values()):
            return 1
        return 1 if any(a.source is None for a in self.legal) else 0

    def _rebuild(self, deal_in: bool = False) -> None:
        """Everything from scratch for the current seat (a new perspective: no travelling)."""
        if getattr(self, "board", None) is not None:
            self.arranger.keep(self.board)  # hot seat: the seat leaving the screen keeps its arrangement
        self.view = self.session.view(self.seat)
        self.legal = self.state.legal_actions() if self._my_turn() else []
        self.layout = self._make_layout()
        self.board = Board(self.layout, self.specs, self.ext)
        own = self.hints.get("own_face_up") or ""
        self.board.own_up = frozenset(own.split() if isinstance(own, str) else own)
        self.board.sync(self.view, fresh_hand_order=True)
        self.arranger.recall(self)
        self.board.place_all()
        self.selected = self.hovered = None
        self.focus = None
        self._focus_button(None)
        self._put_down()
        self.hint = None
        self.message = ""  # a message was for the seat that sat here before (a Tryer's suit...)
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
            if self._choice_rows() != self.layout.extra_rows:
                self.layout = self._make_layout()
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
        row = ([b.label for b in self.choice_buttons], tuple(self.layout.choices))
        if row == self.choice_row_was[0]:  # the same buttons in the same place: they stay put
            lift = max(lift, self.choice_row_was[1])
        self.choice_row_was = (row, lift)
        choice_row.place(self.choice_buttons, self.layout, lift)
        self.menu.layout(self.size, self.layout.u)

    def _key(self, event: pygame.event.Event) -> None:
        """Escape first lets go of a selection to build with (then, as ever, opens the menu)."""
        hand = self.board.zones.get(self.my_hand or "", [])
        if event.key == pygame.K_ESCAPE and self.press is None and any(self.ext.lifted(c) for c in hand):
            self.ext.clear_selection()
            return
        super()._key(event)

    def _select(self, card: CardSprite | None) -> None:
        """One card chosen to send somewhere (None: none); no card also drops a selection to build with."""
        super()._select(card)
        if card is None:
            self.ext.clear_selection()

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
    def enter(self) -> None:
        self.dirty = True
        self.forget_layers()  # back from settings: the felt or the cards may look otherwise
        self._bots_think_as_set()

    def _bots_think_as_set(self) -> None:
        """The bots' thinking time from the settings (Settings: "Bots' thinking time"), from each
        bot's next decision on."""
        self.session.think_for(bot_budget_ms(getattr(self.app, "settings", None)))

    def leave(self) -> None:
        self.press = None
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
        self.layout = self._make_layout()
        self.board.layout = self.layout
        self.board.place_all(self.animator, self.animator.seconds(0.18))
        self._layout_controls()

    # ================================================================ update
    def update(self, dt: float) -> None:
        self.hearing = False
        self.clock += dt
        self.animator.speed = self._speed()
        self.painter.colorblind = bool(getattr(getattr(self.app, "settings", None), "colorblind", False))
        self.animator.update(dt)
        self._tick_message(dt)
        self._tick_lifts(dt)
        if self.menu.open:
            return
        self._run_queue()
        if self.animator.busy or self.queue or (self.press is not None and self.press.dragging):
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
                self._show_to_all()
                self.board.place_all(self.animator)
                return
            if self.session.needs_handoff(target):
                if not self._nothing_to_do(target):
                    self._hand_off(target)
                return
            self.seat = target
            self._rebuild()
        current = self.state.current_player
        if current is not None and self.session.is_bot(current):
            self._bot_turn(current)
        elif self._my_turn():
            self._poll_hint()
            self._autoplay()

    def _tick_message(self, dt: float) -> None:
        if self.message_heard:  # said by this turn's input: the rest the input ended is not its time
            self.message_heard = False
            return
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = ""
                if self.message_kind == "hint":
                    self.hint = None

    def _tick_lifts(self, dt: float) -> None:
        hand = self.board.zones.get(self.my_hand or "", [])
        focused = self.focus
        mine = self._my_turn()
        pull = 1.0 if self.animator.fast else min(1.0, dt * 16)
        for card in hand:
            if card.dragging:
                continue
            want = 0.0
            if card is self.selected or self.ext.lifted(card):
                want = 0.2 * card.height
            elif mine and (card is self.hovered or card is focused):
                want = 0.09 * card.height
            card.lift += (want - card.lift) * pull

    def _resync(self) -> None:
        """Re-read the seat's view (the truth) and move every card where it belongs."""
        self.dirty = False
        self.view = self.session.view(self.seat)
        self.legal = self.state.legal_actions() if self._my_turn() else []
        if self.message_kind == "warn" and self.message and getattr(self, "message_moves", None) != self._moves_made():
            self.message = ""  # a refusal spoke of a moment that has passed: let the turn prompt show
        if self.legal and self.message_kind == "info" and self.message and self.message == getattr(self, "news", None):
            self.message = ""  # news of a move before yours ("Ada exchanged 5 cards."): your prompt now (logged)
        before = self.hand_max
        layout = self._make_layout()
        if self.hand_max != before or set(layout.zones) != set(self.layout.zones):
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
        if self.focus is not None and (self.focus not in self._focusable() or not self._my_turn()):
            self.focus = None  # a turn over: no frame left on a card it turned up (your next turn starts afresh)
        if self.selected is not None and self.selected not in hand:
            self.selected = None
        if self.selected is None:
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
            self.orders[self._moves_made()] = [c.text for c in self.board.zones.get(self.my_hand or "", [])]
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
            self.grace_until = self.clock + self.animator.seconds(UNDO_GRACE)
        self.last_actor = actor
        self.generation += 1
        self.worker.drop()
        self.bot_answer = None
        self.selected = None
        self._put_down()
        self._focus_button(None)  # the next prompt's buttons are not pressed by a second Enter
        self.hint = None
        if self.message_kind == "hint" or (own and self.message_kind == "info"):
            self.message = ""  # a hint, or a prompt to finish this move ("Now click the trick."): done
        self.moving = moving
        if before is not None and self.session.viewer() != eyes:
            self._show_to_all(before)
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

    def _bot_turn(self, seat: int) -> None:
        if self.coach is not None and self.bot_answer is None:
            if not self.coach.bots_may_act():
                return  # the story waits while the coach talks
            self.bot_answer = self.coach.scripted()
        if self.bot_answer is None:
            request = self.worker.request
            if request is None or request.tag != ("bot", self.generation):
                self.worker.ask(seat, self.session.chooser(seat), self.session.bot_view(seat), ("bot", self.generation))
                if not self.animator.fast:
                    return
                self.worker.wait(FAST_BOT_WAIT)  # demo and tests: let the worker have the CPU
            got = self.worker.answer()
            if got is None:
                return
            self.bot_answer = got[1]
        if self.idle < self.bot_pause(seat) or self.clock < self.grace_until:
            return
        answer, self.bot_answer = self.bot_answer, None
        if isinstance(answer, BaseException):
            if getattr(self.app, "demo", None):
                raise answer
            self._toast(self.presenter.word("bot_mistake", who=self._name(seat)))
            action = self.state.legal_actions()[0]
        else:
            action = self.session.bot_action(str(answer))
        said = self.status_text
        if self._apply(action) and self.status_text == said:  # it has answered: no "thinking…" while
            # its move plays back (unless the playback has put its own words there already)
            self.status_text = status.status_line(
                self.view, [], self.specs, self.seat, self.names, set(), self.presenter
            )

    def bot_pause(self, seat: int) -> float:
        """How long (s, at the player's speed; none in fast mode) the table rests before a move
        played for ``seat`` shows: longer for the first move of a turn, so turns do not chain."""
        return self.animator.seconds(BOT_PAUSE if seat == self.last_actor else TURN_PAUSE)

    def _nothing_to_do(self, seat: int) -> bool:
        """A hot-seat player with one legal move has nothing to choose: no hand-off, their move
        is played for them after the bots' pause (the log says it) and the table goes on to the
        next human who must act. False: a hand-off is needed."""
        legal = self.state.legal_actions()
        if len(legal) != 1 or self.state.current_player != seat:
            return False
        if self.idle >= self.bot_pause(seat):
            self._apply(legal[0])
            self._toast(self.presenter.word("only_move", who=self._name(seat)))
        return True

    def _show_to_all(self, view: rules.View | None = None) -> None:
        """Hot seat, a human's turn over: every private card turns face down at once (its face
        is forgotten, not only turned) and the table, hint, status and log become what anyone
        watching may see (``view``: the public view to start from; the current one without),
        the seat's place staying at the bottom, until the next human takes the screen through a
        hand-off (:meth:`Session.show_to_all`)."""
        self.arranger.keep(self.board)  # the seat finds its arrangement again after its hand-off
        self.facing = self.bottom_seat
        self.seat = None
        self.session.show_to_all()
        self.arranger.recall(self)  # nobody's hand on the screen now
        self.view = self.session.view(None) if view is None else view
        self.board.sync(self.view)
        for card in self.board.sprites():
            if card.text is None:
                card.flip = 0.0
        self._unown(self.layout)
        self.selected = self.hovered = self.focus = None
        self.hint = None
        self.message = ""  # said to the seat that had the screen
        self.legal = []
        self.dirty = True
        self._refresh()

    def _hand_off(self, seat: int) -> None:
        if self.handing_off:
            return
        self.handing_off = True
        self.app.open("handoff", seat_name=self._name(seat), on_continue=lambda: self._handed_to(seat))

    def _handed_to(self, seat: int) -> None:
        self.handing_off = False
        self.seat = seat
        self.session.mark_seen(seat)
        self._rebuild()

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
