"""Partial redraws and the table's painted layers (issues 10 and 14), under the dummy driver
with real pygame events.

A hover over a card of your hand, a toast's coming and going and a thinking bot's plate update
only their small areas of the window (``pygame.display.update`` with a rectangle, no flip), and
the window then shows exactly what a full redraw shows, pixel for pixel; a scene change redraws
the whole window. The table's cached layers paint the same picture as painting every card.
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
SMALL = 0.1  # of the window's area: what a partial update may take at most


class Updates:
    """The calls of ``pygame.display.update`` (their areas) and ``flip`` (None) since ``clear``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[pygame.Rect | None] = []
        update, flip = pygame.display.update, pygame.display.flip

        def spy_update(*args: Any) -> None:
            self.calls.append(pygame.Rect(args[0]) if args else None)
            update(*args)

        def spy_flip() -> None:
            self.calls.append(None)
            flip()

        monkeypatch.setattr(pygame.display, "update", spy_update)
        monkeypatch.setattr(pygame.display, "flip", spy_flip)

    def clear(self) -> None:
        self.calls.clear()


app = app_fixture(fast=False, no_log=True)


@pytest.fixture
def updates(monkeypatch: pytest.MonkeyPatch) -> Updates:
    return Updates(monkeypatch)


def waiting_table(app: Any, game_id: str = "try") -> Any:
    """A table brought by its bots to Ann's turn, every card at rest."""
    import rules
    from cardtable.session import Session
    from cardtable.table import TableScene

    state = rules.load_game(game_id).new_match(players=3, seed=5, seats=SEATS)
    table = TableScene(app, Session(state))
    app.push(table)
    return settled(app, table)


def settled(app: Any, table: Any) -> Any:
    """``table`` once its bots have brought it to Ann's turn with every card at rest (resting
    between frames as the app does, so a bot thinking on its thread gets the CPU)."""
    end = time.monotonic() + 180
    while time.monotonic() < end:
        app.frame(1 / 30)
        if table._my_turn() and not app.needs_frame():
            return table
        if not app.needs_frame():
            app.rest()
    pytest.fail("the table never came to rest at Ann's turn")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def full_redraw(app: Any) -> bytes:
    """The window as a full redraw paints it now, every layer painted afresh."""
    top = app.stack.top
    if hasattr(top, "forget_layers"):
        top.forget_layers()
    app.draw()
    return pixels(app.window_surface)


def small(app: Any, rect: pygame.Rect | None) -> bool:
    width, height = app.window_surface.get_size()
    return rect is not None and rect.width * rect.height <= SMALL * width * height


def test_a_hover_updates_only_the_cards_it_lifts(app: Any, updates: Updates) -> None:
    table = waiting_table(app)
    card = table.board.zones[table.my_hand][2]
    updates.clear()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(round(card.x), round(card.y)), rel=(0, 0), buttons=(0, 0, 0))
    )
    for _ in range(60):
        app.frame(1 / 60)
    assert table.pointer.hovered is card and card.lift > 0
    assert updates.calls, "the hover drew no frame"
    assert all(small(app, rect) for rect in updates.calls), updates.calls
    assert all(rect.colliderect(card.rect()) for rect in updates.calls)
    shown = pixels(app.window_surface)
    assert shown == full_redraw(app)


def test_leaving_a_card_lowers_it_in_a_small_area_too(app: Any, updates: Updates) -> None:
    table = waiting_table(app)
    card = table.board.zones[table.my_hand][0]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(round(card.x), round(card.y)), rel=(0, 0), buttons=(0, 0, 0))
    )
    for _ in range(60):
        app.frame(1 / 60)
    updates.clear()
    empty = table.layout.middle.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=empty, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(60):
        app.frame(1 / 60)
    assert table.pointer.hovered is None and card.lift < 0.5
    assert updates.calls and all(small(app, rect) for rect in updates.calls), updates.calls
    assert pixels(app.window_surface) == full_redraw(app)


def test_a_toast_updates_only_its_box_when_it_comes_and_goes(app: Any, updates: Updates) -> None:
    waiting_table(app)
    updates.clear()
    app.toast("Saved")
    app.frame(1 / 60)
    assert len(updates.calls) == 1 and small(app, updates.calls[0])
    assert pixels(app.window_surface) == full_redraw(app)
    updates.clear()
    app._toast = (app._toast[0], 0.0)  # its time is up
    app.frame(1 / 60)
    assert len(updates.calls) == 1 and small(app, updates.calls[0])
    assert app.toast_text is None
    assert pixels(app.window_surface) == full_redraw(app)


def test_a_thinking_bot_updates_only_its_plate(app: Any, updates: Updates) -> None:
    table = waiting_table(app)
    partial = 0
    for _ in range(3000):
        current = table.state.current_player
        if table._my_turn() and not app.needs_frame():
            if partial:
                break
            table._apply(table.legal[0])  # Ann moves until a bot is to move
        elif not table._busy() and not table.dirty and current is not None and table.session.is_bot(current):
            app.frame(1 / 60)
            updates.clear()
            app.rest()  # waits for the next dot of "thinking..." (the plate glows on)
            app.frame(0.1)
            if table.state.current_player == current and updates.calls and updates.calls != [None]:
                plate = table.layout.seats[current].plate
                assert all(small(app, rect) and rect.colliderect(plate) for rect in updates.calls), updates.calls
                assert pixels(app.window_surface) == full_redraw(app)
                partial += 1
            continue
        app.frame(1 / 60)
    assert partial, "no thinking bot's plate was updated on its own"


def test_a_scene_change_redraws_the_whole_window(app: Any, updates: Updates) -> None:
    from cardtable.scenes.menu import MenuScene

    waiting_table(app)
    updates.clear()
    app.push(MenuScene(app))
    app.frame(1 / 60)
    assert updates.calls == [None]


@pytest.mark.parametrize("game_id", ["trio", "tribello", "tryce"])
def test_the_painted_layers_show_what_painting_every_card_shows(
    app: Any, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.table import still_layer

    app.fast = True  # the bots play on at once, cards jump to their places
    table = waiting_table(app, game_id)
    app.fast = table.animator.fast = False
    hand = table.board.zones[table.my_hand]
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(round(hand[-1].x), round(hand[-1].y)), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    for _ in range(60):
        app.frame(1 / 60)  # the card rises and settles
    for _ in range(3):
        app.draw()  # the layers painted (the base, then the marks over it), then reused
    assert table.paint._rest_layer is not None and table.paint._marked_layer is not None
    layered = pixels(app.window_surface)
    monkeypatch.setattr(still_layer, "under_key", lambda ext: None)  # nothing cacheable: every card painted
    app.draw()
    assert pixels(app.window_surface) == layered


def dummy_to_play() -> dict:
    """3-Player Troeven with a dummy: Ann called and is to play the dummy's card (its glow blinks)."""
    import rules
    from rules.bots import make_bot

    state = rules.load_game("troeven").new_match(players=3, seed=1, seats=SEATS, variant="dummy")
    bots = [make_bot("troeven", "normal", seat, seat) for seat in range(3)]
    for _ in range(200):
        seat = state.current_player
        if seat == 0 and any(a.kind == "play" and (a.source or "").startswith("dummy") for a in state.legal_actions()):
            return state.to_record()
        state.apply(bots[seat].choose(state.view(seat)))
    pytest.fail("Ann never came to play for the dummy")


def test_a_hover_while_the_dummys_glow_blinks_redraws_the_glow_too(app: Any, updates: Updates) -> None:
    from cardtable.session import Session
    from cardtable.table import TableScene, rest

    table = TableScene(app, Session.from_record(dummy_to_play()))
    app.push(table)
    settled(app, table)
    assert rest.blink_due(table) is not None, "the dummy's glow should blink"
    card = table.board.zones[table.my_hand][0]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(round(card.x), round(card.y)), rel=(0, 0), buttons=(0, 0, 0))
    )
    app.frame(0.5)  # the card rises and the glow turns in the same frame
    assert pixels(app.window_surface) == full_redraw(app)
