"""Trio at the table: a card revealed from the end of a hand lies near that end, on the screen,
and covers no seat's name plate and no seat's trios (with their label), at every player count
and from a small window (1024x700) to a large one (1920x1080), resized by real window events."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from pointer import click, post, settle  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402

SIZES = ((1024, 700), (1366, 768), (1920, 1080))
HAND = {3: 9, 4: 7, 5: 6, 6: 5}
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay")


def deal(players: int) -> list[list[str]]:
    """Ann holds the three 1s and Bob the three 2s at their low ends (each takes them first, so
    two seats have trios on the table); the rest is shuffled, every hand sorted."""
    rest = [str(n) for n in range(3, 13) for _ in range(3)]
    random.Random(players).shuffle(rest)
    hands = [["1"] * 3, ["2"] * 3] + [[] for _ in range(players - 2)]
    for hand in hands:
        while len(hand) < HAND[players]:
            hand.append(rest.pop())
        hand.sort(key=int)
    return hands + [rest]


def record(players: int, hand: int, end: str) -> dict:
    """Ann and Bob take their trios; Cleo then reveals ``end`` of hand ``hand`` (twice when the
    next card there is equal: two cards lie out of that end)."""
    *hands, middle = deal(players)
    layout: dict[str, list[str]] = {f"hand/{s}": h for s, h in enumerate(hands)}
    layout.update({f"middle/{i}": [card] for i, card in enumerate(middle)})
    actions = [[0, "reveal low 0"]] * 3 + [[1, "reveal low 1"]] * 3
    row = hands[hand][3:] if hand in (0, 1) else hands[hand]
    actions.append([2, f"reveal {end} {hand}"])
    first, second = (row[0], row[1]) if end == "low" else (row[-1], row[-2])
    if first == second:
        actions.append([2, f"reveal {end} {hand}"])
    return {
        "format": rules.RECORD_FORMAT,
        "game": "trio",
        "variant": "simple",
        "players": players,
        "seed": 0,
        "seats": [{"name": NAMES[s], "kind": "human"} for s in range(players)],
        "deals": [{"dealer": players - 1, "layout": layout, "actions": actions}],
    }


def reveals() -> Iterator[tuple[int, int, str]]:
    for players in HAND:
        for hand in range(players):
            for end in ("low", "high"):
                yield players, hand, end


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> App:
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDTABLE_HOME", str(home))
        app = App(SIZES[0], fast=True)
        yield app
        app.stack.clear()
        post(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800)  # the window as the other tests' apps open it
        for _ in range(3):
            app.frame(1 / 60)
        pygame.event.clear()
    assert not (Path(home) / "cardtable.log").exists()


def open_table(app: App, data: dict) -> TableScene:
    app.stack.clear()
    table = TableScene(app, Session.from_record(data))
    app.push(table)
    settle(app)
    if type(app.stack.top).__name__ == "HandoffScene":  # hot seat: Cleo takes the screen
        click(app, app.stack.top.continue_button.rect.center)
        settle(app)
    assert app.stack.top is table
    return table


def resize(app: App, table: TableScene, size: tuple[int, int]) -> None:
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    app.frame(1 / 60)
    app.frame(1 / 60)  # the window's own size events that follow
    table.animator.finish_all()
    app.frame(1 / 60)
    assert table.layout.size == size


def must_stay_clear(table: TableScene) -> list[tuple[str, pygame.Rect]]:
    """Every name plate, and every seat's trios: the cards there or their empty place, and the
    label under it."""
    layout = table.layout
    out = [(f"plate of seat {s}", seat.plate) for s, seat in layout.seats.items()]
    for name, box in layout.zones.items():
        if name.startswith("trios/"):
            rect = box.rect(0).unionall([c.rect() for c in table.board.zones.get(name, [])])
            rect.height += layout.label_h
            out.append((name, rect))
    return out


@pytest.mark.parametrize(("players", "hand", "end"), list(reveals()))
def test_cards_revealed_from_a_hand_cover_no_plate_and_no_trios(app: App, players: int, hand: int, end: str) -> None:
    table = open_table(app, record(players, hand, end))
    assert [len(table.board.zones.get(f"trios/{s}", [])) for s in (0, 1)] == [3, 3]
    for size in SIZES:
        resize(app, table, size)
        shown = table.board.zones.get("revealed", [])
        assert 1 <= len(shown) <= 2
        screen = pygame.Rect(0, table.layout.bar.bottom, *size)
        for card in shown:
            rect = card.rect()
            assert screen.contains(rect), (size, card.text, rect)
            for what, keep in must_stay_clear(table):
                assert not rect.colliderect(keep), f"{size}: the revealed {card.text} covers {what}"
    resize(app, table, SIZES[0])
