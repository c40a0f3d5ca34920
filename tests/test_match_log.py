"""The match log: a side panel listing each move in words as the seat in front of the screen saw
it, driven with real pygame events under the dummy driver (L and the Log button, the wheel, Esc)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from pointer import click, post, settle  # noqa: E402
from try_table import BIDS, HANDS, try_table  # noqa: E402

import rules  # noqa: E402
from cardtable import widgets as ui  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.match_log import lines_for  # noqa: E402
from rules.presenter import presenter_for  # noqa: E402


def key(app: App, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    app.frame(1 / 60)


def name(table: TableScene, text: str) -> str:
    return table.presenter.card_name(text)


def test_the_log_lists_each_move_in_words_as_you_saw_it_and_nothing_hidden(app: App) -> None:
    table = try_table(app, BIDS)
    key(app, pygame.K_l)
    assert table.log.open
    lines = table.log.lines()
    assert lines == [
        f"You bid {name(table, '6S')} (face down)",
        "Bob bid a card (face down)",
        "Cleo bid a card (face down)",
        f"{name(table, '7D')} was turned up onto the discard pile",
    ]
    stock = table.board.top("stock")
    click(app, (round(stock.x), round(stock.y)))  # Ann draws from the stock
    settle(app)
    drawn = [t for t in table.view.zones["hand/0"] if t not in HANDS[0]]
    assert len(drawn) == 1 and table.log.lines()[4:] == [f"You drew {name(table, drawn[0])}"]
    # Ann discards the card she drew by a double click; then the bots play their turns
    card = next(c for c in table.board.zones["hand/0"] if c.text == drawn[0])
    click(app, (round(card.x), round(card.y - card.lift)))
    click(app, (round(card.x), round(card.y - card.lift)))
    settle(app)
    lines = table.log.lines()
    assert lines[5] == f"You discarded {name(table, drawn[0])}"
    assert lines[6] == "Bob drew a card" or lines[6].startswith("Bob took ")
    assert any(line.startswith("Bob discarded ") for line in lines[6:])
    assert any(line.startswith("Cleo discarded ") for line in lines[6:])
    deal = table.session.state.to_record()["deals"][0]
    hidden = {t for zone, cards in deal["layout"].items() if zone in ("hand/1", "hand/2", "stock") for t in cards}
    shown = {text.split()[1] for _seat, text in deal["actions"] if text.startswith("discard ")}
    secret_names = {name(table, t) for t in hidden - shown - {drawn[0], "7D"}}  # the bots' cards, bids, the stock
    assert name(table, "12F") in secret_names
    assert not [line for line in lines if any(" " + n in " " + line for n in secret_names)]
    # the panel is drawn beside the table, never over your hand
    app.frame(1 / 60)
    hand = table.layout.zones["hand/0"].rect(len(table.board.zones["hand/0"]))
    assert table.log.rect.height > 100 and not table.log.rect.colliderect(hand)


def test_the_log_button_and_l_toggle_the_panel_and_a_click_on_it_plays_nothing(app: App) -> None:
    table = try_table(app, BIDS)
    click(app, table.log.button.rect.center)
    assert table.log.open
    app.frame(1 / 60)
    inside = (table.log.rect.centerx, table.log.rect.top + table.log.rect.height * 3 // 4)
    assert tuple(app.window_surface.get_at(inside))[:3] == ui.CREAM  # the panel is on the screen
    moves = table._moves_made()
    click(app, table.log.rect.center)  # over the stock or a hand maybe: the panel takes it
    assert table._moves_made() == moves and table.said.text == ""
    key(app, pygame.K_l)
    assert not table.log.open
    app.frame(1 / 60)
    assert tuple(app.window_surface.get_at(inside))[:3] != ui.CREAM  # and gone from it


def test_escape_closes_the_log_first_then_opens_the_pause_menu(app: App) -> None:
    table = try_table(app, BIDS)
    key(app, pygame.K_l)
    key(app, pygame.K_ESCAPE)
    assert not table.log.open and not table.menu.open
    key(app, pygame.K_ESCAPE)
    assert table.menu.open
    key(app, pygame.K_ESCAPE)
    assert not table.menu.open and not table.log.open


def played_tribello(moves: int, seed: int = 4) -> tuple[dict[str, Any], list[str]]:
    """A Tribello match of Ann (human) and two bots played at random for ``moves`` actions, up to
    one of Ann's turns, and the log's lines as Ann saw each action's events at the time."""
    game = rules.load_game("tribello")
    seats = [
        {"name": "Ann", "kind": "human"},
        {"name": "Bob", "kind": "bot", "level": "normal"},
        {"name": "Cleo", "kind": "bot", "level": "normal"},
    ]
    state = game.new_match(players=3, seed=seed, seats=seats)
    presenter = presenter_for(game, state.deck)
    names = ["Ann", "Bob", "Cleo"]
    rng = random.Random(seed)
    seen: list[str] = []
    done = 0
    while done < moves or state.current_player != 0:
        events = state.apply(rng.choice(state.legal_actions()))
        done += 1
        seen += lines_for(rules.events_for(events, 0), lambda e: presenter.log_line(e.kind, e.data, 0, names))
    return state.to_record(), seen


def test_a_resumed_match_rebuilds_the_log_as_the_seat_saw_it_and_the_wheel_scrolls_it(app: App) -> None:
    record, seen = played_tribello(100)  # more lines than the panel beside the table shows
    table = TableScene(app, Session.from_record(record))
    app.push(table)
    settle(app)
    key(app, pygame.K_l)
    assert table.log.lines() == seen and len(seen) > 30
    assert any(" won the trick with " in line for line in seen)
    assert any(line.startswith("Deal 2 ") for line in seen) or len(record["deals"]) == 1
    app.frame(1 / 60)
    post(pygame.MOUSEMOTION, pos=table.log.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0, touch=False, which=0)
    app.frame(1 / 60)
    assert table.log.scroll == 6  # two notches back through the older moves
    post(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0.0, precise_y=-5.0, touch=False, which=0)
    app.frame(1 / 60)
    assert table.log.scroll == 0  # back at the newest


def test_in_hot_seat_the_log_is_the_view_of_the_player_at_the_screen(app: App) -> None:
    table = try_table(app, BIDS, kinds=("human", "human", "bot"))
    click(app, app.stack.top.continue_button.rect.center)  # Ann has the table
    settle(app)
    key(app, pygame.K_l)
    assert table.log.lines()[:2] == [f"You bid {name(table, '6S')} (face down)", "Bob bid a card (face down)"]
    stock = table.board.top("stock")
    click(app, (round(stock.x), round(stock.y)))
    settle(app)
    card = table.board.zones["hand/0"][0]
    click(app, (round(card.x), round(card.y - card.lift)))
    click(app, (round(card.x), round(card.y - card.lift)))
    for _ in range(300):  # Ann's discard, then the hand-off to Bob
        app.frame(1 / 60)
        if type(app.stack.top).__name__ == "HandoffScene":
            break
    click(app, app.stack.top.continue_button.rect.center)
    settle(app)
    assert table.seat == 1
    lines = table.log.lines()
    assert lines[:2] == ["Ann bid a card (face down)", f"You bid {name(table, '12F')} (face down)"]
    assert "Ann drew a card" in lines and name(table, "6S") not in " ".join(lines)


def _overlapping(table: TableScene) -> list[str]:
    """What of the table lies under the log panel: seat plates, zones (as many cards as they hold),
    the status line."""
    panel, layout = table.log.place(), table.layout
    under = [f"plate {seat}" for seat, box in layout.seats.items() if box.plate.colliderect(panel)]
    under += [
        zone
        for zone, cards in table.board.zones.items()
        if zone in layout.zones and layout.zones[zone].rect(len(cards)).colliderect(panel)
    ]
    return under + (["status"] if layout.status.colliderect(panel) else [])


@pytest.mark.parametrize("size", [(1100, 688), (1280, 800)])
@pytest.mark.parametrize(("game_id", "players"), [("try", 3), ("tribello", 3), ("trio", 6), ("tryce", 6)])
def test_the_open_log_makes_room_and_no_seat_hand_or_pile_lies_under_it(
    user_home: Path, game_id: str, players: int, size: tuple[int, int]
) -> None:
    app = App(size, fast=False)  # the cards glide to their new places
    seats = [{"name": f"P{i}", "kind": "human" if i == 0 else "bot", "level": "easy"} for i in range(players)]
    table = TableScene(app, Session.new(game_id, players, None, seats, 3, {}))
    app.push(table)
    settle(app)
    before = {zone: box.anchor for zone, box in table.layout.zones.items()}
    assert table.layout.size == size and _overlapping(table)  # over the whole table, the panel covers some
    bar_buttons = [tuple(button.rect) for button in table.buttons[:4]]
    key(app, pygame.K_l)
    assert table.log.open and table.layout.size[0] < size[0] and table.layout.bar.width == size[0]
    assert [tuple(button.rect) for button in table.buttons[:4]] == bar_buttons  # Log stays under the pointer
    assert table.log.place().left >= table.layout.size[0]
    assert _overlapping(table) == []
    assert table.changed_rects() is None  # the whole window is drawn again
    assert table.animator.busy  # the cards glide there
    for _ in range(40):
        app.frame(1 / 60)
    assert all(table.layout.seats[s].plate.right <= table.log.rect.left for s in table.layout.seats)
    key(app, pygame.K_ESCAPE)
    assert not table.log.open and table.layout.size == size
    assert {zone: box.anchor for zone, box in table.layout.zones.items()} == before
    app.stack.clear()


def test_a_window_too_narrow_for_a_table_beside_the_log_keeps_the_panel_over_it(user_home: Path) -> None:
    app = App((800, 560), fast=True)
    table = try_table(app, BIDS)
    key(app, pygame.K_l)
    assert table.log.open and table.layout.size == (800, 560)  # 800 less the panel: too narrow
    panel = table.log.place()
    assert panel.right <= 800 and panel.bottom <= table.layout.status.top
    app.stack.clear()
