"""The app at rest draws nothing (issue 14): under the dummy driver, with real pygame events.

A table waiting for the human draws no frame and the loop blocks on events; a mouse motion over
a card, a toast's end, an animation's step and a message's end each bring a frame at once (in the
next turn of the loop), and the frames stop again when nothing moves.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pygame
import pytest
from conftest import app_fixture
from try_table import seats

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SEATS = seats(names=("Ann", "Basil", "Cleo"))
WAIT_SECONDS = 60.0  # the most a test waits for the bots' process to answer


app = app_fixture(fast=False, no_log=True)  # real speed: animations take their time


def waiting_table(app: Any, game_id: str = "tribello") -> Any:
    """A table of ``game_id`` brought by its bots to Ann's turn, every card at rest."""
    import rules
    from cardtable.session import Session
    from cardtable.table import TableScene

    state = rules.load_game(game_id).new_match(players=3, seed=5, seats=SEATS)
    table = TableScene(app, Session(state))
    app.push(table)
    deadline = time.monotonic() + WAIT_SECONDS  # bots answer from their process: wall time
    while time.monotonic() < deadline:
        app.frame(1 / 30)
        if table._my_turn() and not app.needs_frame():
            return table
        if not app.needs_frame():
            time.sleep(0.002)  # a bot thinks: let its process have the CPU
    pytest.fail("the table never came to rest at Ann's turn")


def drawn(app: Any, turns: int = 1, dt: float = 1 / 60) -> int:
    """Frames drawn in ``turns`` turns of the loop (no waiting)."""
    before = app.frames_drawn
    for _ in range(turns):
        app.frame(dt)
    return app.frames_drawn - before


@pytest.mark.parametrize("game_id", ["tribello", "trio", "try"])
def test_a_table_waiting_for_the_human_draws_nothing(app, game_id):
    table = waiting_table(app, game_id)
    assert drawn(app, 120) == 0
    assert not table.needs_frame() and table.next_due() is None and app.next_due() is None


def test_the_loop_blocks_until_an_event_and_draws_once_for_it(app):
    """``run()`` at rest: one frame for the QUIT that ends it, none while it waited."""
    waiting_table(app)
    start = app.frames_drawn
    pygame.time.set_timer(pygame.QUIT, 300, 1)
    assert app.run() == 0
    assert app.frames_drawn - start <= 2  # the first turn of run() and the QUIT's


def test_a_wait_returns_the_event_that_ends_it():
    from cardtable.app import wait_event

    pygame.init()
    pygame.display.set_mode((200, 100))
    pygame.event.clear()
    pygame.time.set_timer(pygame.USEREVENT, 30, 1)
    event = wait_event(30.0)  # a lost event would wait the whole 30 s and give None
    assert event is not None and event.type == pygame.USEREVENT
    assert wait_event(0.0) is None


def test_a_mouse_motion_over_a_card_draws_at_once_then_the_lift_settles(app):
    table = waiting_table(app)
    card = table.board.zones[table.my_hand][0]
    pos = (round(card.x), round(card.y))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert not app.rest()  # an event is waiting: no rest
    assert drawn(app) == 1
    assert table.pointer.hovered is not None
    assert table.needs_frame()  # the card rises over the next frames
    frames = 0
    while table.needs_frame() and frames < 200:
        frames += drawn(app)
    assert 0 < frames < 200 and table.pointer.hovered.lift > 0
    assert drawn(app, 30) == 0


def test_an_animation_draws_every_step_and_stops_when_done(app):
    table = waiting_table(app)
    card = table.board.zones[table.my_hand][0]
    table.animator.tween(card, 0.2, x=card.x + 40)
    steps = 0
    while table.animator.busy and steps < 100:
        assert drawn(app) == 1  # every step of the tween is a frame
        steps += 1
    assert 5 < steps < 100
    assert drawn(app, 30) == 0


def test_a_toast_is_drawn_when_shown_and_when_it_ends(app, monkeypatch):
    import cardtable.app

    waiting_table(app)
    monkeypatch.setattr(cardtable.app, "TOAST_SECONDS", 0.1)
    app.toast("Saved")
    assert drawn(app) == 1 and app.toast_text == "Saved"
    assert drawn(app, 3) == 0
    due = app.next_due()
    assert due is not None and 0 < due <= 0.1
    assert app.rest()  # waits for the toast's end (nothing else is due)
    assert drawn(app) == 1 and app.toast_text is None
    assert drawn(app, 10) == 0 and app.next_due() is None


def test_a_refusal_is_drawn_at_once_and_its_end_when_due(app, monkeypatch):
    import cardtable.table.controls

    monkeypatch.setattr(cardtable.table.controls, "MESSAGE_SECONDS", 0.1)
    table = waiting_table(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0))
    assert drawn(app) == 1 and table.said.text.startswith("Nothing to undo")
    assert drawn(app, 3, dt=0.0) == 0
    due = app.next_due()
    assert due is not None and 0 < due <= 0.1
    assert app.rest()  # waits for the message's end
    assert drawn(app, 1, dt=0.2) == 1 and table.said.text == ""
    assert table.next_due() is None and drawn(app, 10) == 0


def test_the_menu_at_rest_draws_nothing_and_a_key_draws_a_frame(app):
    app.start()
    assert drawn(app) == 1  # the first frame
    assert drawn(app, 60) == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    assert drawn(app) == 1
    assert drawn(app, 10) == 0


def test_a_thinking_bot_is_looked_for_on_a_timer_not_every_frame(app):
    """After Ann's move, while a bot thinks with nothing moving, the table asks for no frame: its
    answer is looked for every POLL seconds (and "thinking…" ticks); the bots still play on."""
    from cardtable.table.rest import POLL

    table = waiting_table(app, "try")  # Ann draws and discards, then the bots play
    moves = table._moves_made()
    seen_thinking = False
    deadline = time.monotonic() + WAIT_SECONDS  # bounded by wall time, not frames: a loaded machine
    while time.monotonic() < deadline:
        if table._my_turn() and not app.needs_frame():
            if seen_thinking:
                break  # the bots played; Ann's turn again
            assert table._apply(table.legal[0])  # Ann moves until a bot is to move
        app.frame(1 / 60)
        current = table.state.current_player
        if not table._busy() and not table.dirty and current is not None and table.session.is_bot(current):
            assert not app.needs_frame()
            due = app.next_due()
            assert due is not None and 0 <= due <= POLL  # 0: a toast or timer already overdue on a slow machine
            seen_thinking = True
            time.sleep(0.002)
    assert seen_thinking and table._my_turn() and table._moves_made() > moves + 1


def test_a_message_said_after_a_long_rest_is_shown_its_full_time(app):
    """The loop gives the frame after a rest the time that really passed; the key that ended the
    rest came at its end, so its message must not be spent by it (it was: U after 5 s showed nothing)."""
    from cardtable.table.controls import MESSAGE_SECONDS

    table = waiting_table(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0))
    app.frame(MESSAGE_SECONDS + 1.5)  # the turn after a rest longer than a message lasts
    assert table.said.text.startswith("Nothing to undo") and table.said.left == MESSAGE_SECONDS
    app.frame(MESSAGE_SECONDS - 0.5)
    assert table.said.text  # still there near its end
    app.frame(0.6)
    assert table.said.text == ""  # and gone when due
