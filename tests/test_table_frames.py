"""The glowing frames of the table, read from the drawn pixels under the dummy driver: the
keyboard's focus and the hint lie over the fanned hand they lift from (the next card hides no
part of them), and Trio leaves no stray frame: none between the middle cards for a hint, none on
a card a finished turn turned up."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402
from pointer import key, settle  # noqa: E402
from test_hints import open_table as open_tribello  # noqa: E402
from test_hints import press_hint_and_wait  # noqa: E402
from test_table_trio import DEAL3, MIDDLE3, trio_record  # noqa: E402
from test_table_trio import open_table as open_trio  # noqa: E402

from cardtable.app import App  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.cards import CardSprite  # noqa: E402
from cardtable.table.marks import HINT_COLOR, TARGET_COLOR  # noqa: E402
from rules.bots import Advice  # noqa: E402


def drawn(app: App, frames: int = 30) -> pygame.Surface:
    for _ in range(frames):
        app.frame(1 / 60)
    app.draw()
    return app.window_surface


def right_edge(card: CardSprite) -> tuple[float, float]:
    """The middle of the card's right edge, turned with the card (pygame turns anticlockwise)."""
    a = math.radians(card.angle)
    half = card.width / 2
    return card.x + half * math.cos(a), card.y - card.lift - half * math.sin(a)


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return math.dist(tuple(a)[:3], tuple(b)[:3])


def assert_framed_over_next(
    app: App, table: TableScene, card: CardSprite, colour: tuple[int, int, int], unframe
) -> None:
    """The pixels around the middle of ``card``'s right edge, which the next card covers, come
    near the frame's ``colour`` (its line is drawn there) and far from what they show without it."""
    hand = table.board.zones["hand/0"]
    following = hand[hand.index(card) + 1]
    x, y = right_edge(card)
    assert following.rect().collidepoint((x, y)), "the frame's edge should lie over the next card"
    around = [(round(x) + dx, round(y) + dy) for dx in range(-3, 4) for dy in range(-3, 4)]
    surface = drawn(app, 2)
    framed = [surface.get_at(p) for p in around]
    unframe()
    surface = drawn(app, 2)
    bare = [surface.get_at(p) for p in around]
    best = min(range(len(around)), key=lambda i: distance(framed[i], colour))
    assert distance(framed[best], colour) < 0.5 * distance(bare[best], colour), "the next card hides the frame"


def test_the_keyboard_focus_is_framed_over_the_next_card(app: App) -> None:
    table = open_tribello(app)
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    card = table.pointer.focus
    hand = table.board.zones["hand/0"]
    assert card is not None and 0 < hand.index(card) < len(hand) - 1

    def unframe() -> None:
        table.pointer.focus = None

    assert_framed_over_next(app, table, card, TARGET_COLOR, unframe)


def test_the_hint_is_framed_over_the_next_card(app: App, monkeypatch) -> None:
    table = open_tribello(app)
    middle = table.board.zones["hand/0"][6]

    def hinter(seat: int, seed: int | None = None):
        return lambda view: Advice(f"play {middle.text}", "a test's reason")

    monkeypatch.setattr(table.session, "hinter", hinter)
    press_hint_and_wait(app, table)
    assert table.hint[0] is middle

    def unframe() -> None:
        table.hint = table.pointer.focus = None

    assert_framed_over_next(app, table, middle, HINT_COLOR, unframe)


def frames_in(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """How many pixels of ``area`` are exactly ``colour``."""
    sub = surface.subsurface(area.clip(surface.get_rect()))
    return sum(
        1
        for x in range(sub.get_width())
        for y in range(0, sub.get_height(), 2)
        if tuple(sub.get_at((x, y)))[:3] == tuple(colour)
    )


def middle_area(table: TableScene) -> pygame.Rect:
    rects = [c.rect() for name, cards in table.board.zones.items() if name.startswith("middle/") for c in cards]
    return rects[0].unionall(rects[1:]).inflate(20, 20)


def test_trio_a_hint_frames_the_card_and_nothing_between_the_middle_cards(app: App, monkeypatch) -> None:
    """A reveal's target is the hold, which has no place of its own: only the card is framed."""
    table = open_trio(app, trio_record(DEAL3, ("human", "bot", "bot"), middle=MIDDLE3))

    def hinter(seat: int, seed: int | None = None):
        return lambda view: Advice("reveal high 2", "a test's reason")

    monkeypatch.setattr(table.session, "hinter", hinter)
    press_hint_and_wait(app, table)
    card = table.hint[0]
    assert card is table.board.zones["hand/2"][-1]
    rings = table.paint.plans.highlights()
    assert [ring[0] for ring in rings] == [tuple(card.rect())]
    assert frames_in(drawn(app), middle_area(table), HINT_COLOR) == 0


def test_trio_a_finished_turn_leaves_no_frame_on_what_it_turned_up(app: App) -> None:
    """Ann turns up two middle cards by keys (a mismatch); the bots play; when her turn comes
    back no frame is left on the middle card she had picked."""
    table = open_trio(app, trio_record(DEAL3, ("human", "bot", "bot"), middle=MIDDLE3))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    picked = table.pointer.focus
    assert picked is not None and picked.zone.startswith("middle/")
    key(app, pygame.K_RETURN)
    settle(app, 3000)
    assert table._my_turn() and table.state.current_player == 0
    assert table.pointer.focus is None
    surface = drawn(app)
    assert frames_in(surface, middle_area(table), TARGET_COLOR) == 0
    assert frames_in(surface, middle_area(table), HINT_COLOR) == 0
