"""Comforts at the table, driven with real pygame events under the dummy driver: a forced move
played for you (a setting), no hand-off to a hot-seat player with nothing to choose, the card
back and the felt chosen in Settings (applied at once, kept), and Undo saying why it cannot."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import random  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from pointer import click, post, settle  # noqa: E402
from try_table import BIDS, ROUND, try_table  # noqa: E402

import rules  # noqa: E402
import sprites  # noqa: E402
from cardtable import widgets as ui  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.scenes.settings_scene import SettingsScene  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.settings import load_settings, settings_path  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.controls import forced_move  # noqa: E402


@pytest.fixture
def app(user_home: Path) -> App:
    app = App((1280, 800), fast=True)
    yield app
    app.stack.clear()
    sprites.looks.choose("default", "green")


def key(app: App, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    app.frame(1 / 60)


def tribello_until(kinds: tuple[str, str, str], wanted: Callable[[rules.State], bool], seed: int = 7) -> dict:
    """The record of a Tribello match played at random up to a position ``wanted`` accepts."""
    seats = [
        {"name": n, "kind": k, **({"level": "normal"} if k == "bot" else {})}
        for n, k in zip(("Ann", "Bob", "Cleo"), kinds, strict=True)
    ]
    state = rules.load_game("tribello").new_match(players=3, seed=seed, seats=seats)
    rng = random.Random(seed)
    for _ in range(2000):
        if state.current_player == 0 and wanted(state):
            return state.to_record()
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def table_of(app: App, record: dict) -> TableScene:
    table = TableScene(app, Session.from_record(record))
    app.push(table)
    return table


# ------------------------------------------------------------------- auto-play
def one_card_left_to_play(state: rules.State) -> bool:
    return forced_move(state.legal_actions()) is not None and state.legal_actions()[0].kind == "play"


def test_a_forced_move_waits_for_you_unless_the_setting_plays_it(app: App) -> None:
    record = tribello_until(("human", "bot", "bot"), one_card_left_to_play)
    table = table_of(app, record)
    settle(app)
    moves = table._moves_made()
    for _ in range(120):  # two seconds: off by default, the table waits for your click
        app.frame(1 / 60)
    assert table._my_turn() and table._moves_made() == moves
    card = table.deck.faces[table.state.legal_actions()[0].card].text
    # the setting switched on by a click in Settings: the forced card is played after a moment
    settings = SettingsScene(app)
    app.push(settings)
    app.frame(1 / 60)
    toggle = next(w for label, _, w in settings.rows if label == "Play forced moves")
    click(app, toggle.rect.center)
    assert app.settings.autoplay_forced
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    for _ in range(120):
        app.frame(1 / 60)
        if table._moves_made() > moves:
            break
    made = [a for deal in table.session.state.to_record()["deals"] for a in deal["actions"]]
    assert made[moves] == [0, f"play {card}"]  # the bots may have answered since
    assert f"You played {table.presenter.card_name(card)}" in table.log.lines()[-4:]


def test_the_forced_move_timer_wakes_a_resting_table(user_home: Path) -> None:
    app = App((1280, 800))  # at normal speed: the forced move waits its moment
    app.settings.autoplay_forced = True
    record = tribello_until(("human", "bot", "bot"), one_card_left_to_play)
    table = table_of(app, record)
    for _ in range(600):
        app.frame(1 / 30)
        if not table._busy() and not table.dirty and table._my_turn():
            break
    moves = table._moves_made()
    due = app.next_due()
    assert due is not None and 0 < due <= 0.6  # the app may rest, but wakes for the forced move
    for _ in range(10):
        app.frame(due + 0.01)
        if table._moves_made() > moves:
            break
        due = app.next_due() or 1 / 30
    assert table._moves_made() > moves
    app.stack.clear()


# -------------------------------------------------------------------- hand-off
def bob_then_has_one_move(state: rules.State) -> bool:
    """Ann (to act) has a choice, and after her first legal move Bob has exactly one."""
    legal = state.legal_actions()
    if len(legal) < 2 or legal[0].kind != "play":
        return False
    after = state.clone()
    after.apply(legal[0])
    return after.current_player == 1 and len(after.legal_actions()) == 1


def test_no_hand_off_to_a_hot_seat_player_with_nothing_to_choose(app: App) -> None:
    record = tribello_until(("human", "human", "bot"), bob_then_has_one_move)
    table = table_of(app, record)
    for _ in range(300):
        app.frame(1 / 60)
        if type(app.stack.top).__name__ == "HandoffScene":
            break
    assert app.stack.top.seat_name == "Ann"
    click(app, app.stack.top.continue_button.rect.center)
    settle(app)
    action = table.legal[0]
    card = next(c for c in table.board.zones["hand/0"] if c.text == table.deck.faces[action.card].text)
    for _ in range(2):  # a double click plays it
        click(app, (round(card.x), round(card.y - card.lift)))
    bob_moved = False
    handoffs = []
    for _ in range(600):
        app.frame(1 / 60)
        if type(app.stack.top).__name__ == "HandoffScene":
            handoffs.append(app.stack.top.seat_name)
            break
        actions = table.session.state.to_record()["deals"][-1]["actions"]
        if any(seat == 1 for seat, _ in actions[-3:]):
            bob_moved = True
            break
    assert bob_moved and handoffs == []  # Bob's one move was played without passing the screen
    assert table.seat is None  # Ann's turn is over: the table shows what all may see
    assert any(line.startswith("Bob played ") for line in table.log.lines()[-3:])


# -------------------------------------------------------------------- settings
def test_card_back_and_table_colour_are_chosen_in_settings_applied_at_once_and_kept(app: App) -> None:
    settings = SettingsScene(app)
    app.push(settings)
    app.frame(1 / 60)
    rows = {label: widget for label, _, widget in settings.rows}
    felt_before = app.window_surface.get_at((5, app.size[1] // 2))
    click(app, rows["Card back"]._plus().center)
    click(app, rows["Table colour"]._plus().center)
    assert (app.settings.card_back, app.settings.table_colour) == ("red", "blue")
    assert sprites.looks.back_style() == "red" and sprites.looks.felt_id() == "blue"
    app.frame(1 / 60)
    felt_after = app.window_surface.get_at((5, app.size[1] // 2))
    assert felt_after != felt_before and felt_after.b > felt_after.g  # blue felt from this frame on
    assert sprites.card_back(60) is sprites.card_back(60, "red")
    saved = json.loads(settings_path().read_text())
    assert saved["card_back"] == "red" and saved["table_colour"] == "blue"
    kept, notice = load_settings()
    assert notice is None and (kept.card_back, kept.table_colour) == ("red", "blue")
    App((1024, 700), fast=True)  # a new run draws with them
    assert sprites.looks.back_style() == "red" and ui.felt_colours() == sprites.looks.FELT_CHOICES["blue"][1:]


def test_an_unknown_card_back_in_the_settings_file_is_set_aside_with_a_notice(user_home: Path) -> None:
    settings_path().write_text(json.dumps({"card_back": "tartan", "table_colour": "slate", "sound": False}))
    kept, notice = load_settings()
    assert notice is not None and "card_back" in notice and "tartan" in notice
    assert (kept.card_back, kept.table_colour, kept.sound) == ("default", "slate", False)


# ------------------------------------------------------------------------ undo
def test_undo_says_why_it_cannot(app: App) -> None:
    table = try_table(app, [])
    key(app, pygame.K_u)
    assert table.said.text == "Nothing to undo yet."
    app.stack.clear()
    table = try_table(app, ROUND)
    key(app, pygame.K_u)
    assert table.said.text == "Cleo has already answered: undo is for your move before anyone else moves."
    click(app, table.undo_button.rect.center)  # the button is disabled: no other message, no move undone
    assert table._moves_made() == len(ROUND)


def test_a_new_card_back_shows_on_the_table_at_once(app: App) -> None:
    table = try_table(app, BIDS)
    app.frame(1 / 60)
    stock = table.board.top("stock")
    spot = (round(stock.x - stock.width * 0.3), round(stock.y - stock.height * 0.3))
    before = tuple(app.window_surface.get_at(spot))
    settings = SettingsScene(app)
    app.push(settings)
    app.frame(1 / 60)
    click(app, next(w for label, _, w in settings.rows if label == "Card back")._plus().center)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    for _ in range(3):
        app.frame(1 / 60)
    after = tuple(app.window_surface.get_at(spot))
    assert after != before and after[0] > after[2]  # the red lattice, not the navy one
