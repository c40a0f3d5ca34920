"""Your hand at a trick table, driven headless by real pygame events: sorted by suit with the
trump at one end (after the exchange, when trump is named, as the setting asks), rearranged by
a drag even while others play, and picked for the exchange card after card without the hand
moving under the pointer."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from pointer import click, drag, settle  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.cards import CardSprite  # noqa: E402
from cardtable.table.hand_order import suit_sequence  # noqa: E402
from rules.presenter import HandOrder  # noqa: E402

NAMES = ("Ann", "Basil", "Cleo")
SUITS = "SHDC"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
# Ann deals and exchanges first; her last card (6S) is the cut: spades are trump.
ANN = ["KD", "3S", "AH", "2C", "QS", "7D", "9H", "4C", "JS", "10D", "5H", "AC", "6S"]
PICKUP = ["8H", "5C"]


def tribello_layout(ann: list[str], pickup_top: list[str]) -> dict[str, list[str]]:
    rest = [f"{r}{s}" for s in SUITS for r in RANKS if f"{r}{s}" not in ann + pickup_top]
    return {"hand/0": ann, "hand/1": rest[:13], "hand/2": rest[13:26], "pickup": pickup_top + rest[26:]}


def record(
    actions: list[list[Any]], start: dict[str, Any] | None = None, kinds: tuple[str, ...] = ("human", "bot", "bot")
) -> dict[str, Any]:
    seats = [
        {"name": n, "kind": k, **({"level": "normal"} if k == "bot" else {})} for n, k in zip(NAMES, kinds, strict=True)
    ]
    rec: dict[str, Any] = {
        "format": rules.RECORD_FORMAT,
        "game": "tribello",
        "variant": rules.load_game("tribello").variants[0],
        "players": 3,
        "settings": {},
        "seats": seats,
        "seed": 1,
        "deals": [{"dealer": 0, "layout": tribello_layout(ANN, PICKUP), "actions": actions}],
    }
    if start is not None:
        rec["start"] = start
    return rec


def open_table(app: App, session: Session) -> TableScene:
    table = TableScene(app, session)
    app.push(table)
    settle(app)
    return table


def shown(table: TableScene) -> list[str]:
    """Your hand left to right as drawn."""
    return [c.text or "" for c in sorted(table.board.zones["hand/0"], key=lambda c: c.x)]


def card_in(table: TableScene, zone: str, text: str) -> CardSprite:
    return next(c for c in table.board.zones[zone] if c.text == text)


def spot(card: CardSprite) -> tuple[int, int]:
    """A point of ``card`` no card of its fan covers (its left edge, half-way down)."""
    rect = card.rect()
    return rect.left + max(4, rect.width // 8), rect.centery


TRUMP_RIGHT = ["5H", "9H", "AH", "2C", "4C", "AC", "7D", "10D", "KD", "3S", "6S", "JS", "QS"]


def test_the_hand_is_sorted_by_suit_colours_alternating_and_trump_at_the_right(app: App) -> None:
    table = open_table(app, Session.from_record(record([])))
    assert table.ext["trick"].badge().title == "Trump: Spades"
    assert shown(table) == TRUMP_RIGHT
    assert table.view.zones["hand/0"] == tuple(ANN)  # the rules' order is untouched


@pytest.mark.parametrize(
    ("order", "high", "expected"),
    [
        ("trump_left", False, ["3S", "6S", "JS", "QS", "5H", "9H", "AH", "2C", "4C", "AC", "7D", "10D", "KD"]),
        ("trump_right", True, ["AH", "9H", "5H", "AC", "4C", "2C", "KD", "10D", "7D", "QS", "JS", "6S", "3S"]),
        ("dealt", False, ANN),
    ],
)
def test_the_setting_chooses_the_order(app: App, order: str, high: bool, expected: list[str]) -> None:
    app.settings.hand_order, app.settings.high_cards_first = order, high
    table = open_table(app, Session.from_record(record([])))
    assert shown(table) == expected


def test_after_the_exchange_the_new_cards_are_sorted_in(app: App) -> None:
    table = open_table(app, Session.from_record(record([])))
    for text in ("2C", "7D"):
        click(app, spot(card_in(table, "hand/0", text)))
        settle(app)
    click(app, table.choice_buttons[0].rect.center)
    settle(app)
    assert [0, "exchange 2C 7D"] in table.state.to_record()["deals"][-1]["actions"]
    assert shown(table) == ["5H", "8H", "9H", "AH", "4C", "5C", "AC", "10D", "KD", "3S", "6S", "JS", "QS"]


def test_naming_trump_resorts_the_hand_and_the_cards_travel(user_home: Path) -> None:
    app = App((1280, 800), fast=False)  # real animation: the cards move to their new places
    try:
        table = TableScene(app, Session.from_record(record([], start={"deal": 4, "scores": [0, 0, 0]})))
        app.push(table)
        for _ in range(240):
            app.frame(1 / 60)
            if table._my_turn() and not table._busy() and not table.dirty:
                break
        assert table.ext["trick"].badge().title == "Trump: the dealer names it"
        assert shown(table) == ["3S", "6S", "JS", "QS", "5H", "9H", "AH", "2C", "4C", "AC", "7D", "10D", "KD"]
        hearts = next(b for b in table.choice_buttons if b.label == "Hearts")
        click(app, hearts.rect.center)
        assert table.state.to_record()["deals"][-1]["actions"][0] == [0, "trump hearts"]
        resorted = ["3S", "6S", "JS", "QS", "7D", "10D", "KD", "2C", "4C", "AC", "5H", "9H", "AH"]
        for _ in range(3):  # as the banner says it
            app.frame(1 / 60)
            if [c.text for c in table.board.zones["hand/0"]] == resorted:
                break
        hand = table.board.zones["hand/0"]
        assert [c.text for c in hand] == resorted
        slots = table.board.slots("hand/0")
        assert any(abs(c.x - x) > 1 for c, (x, _, _) in zip(hand, slots, strict=True))  # on their way
        for _ in range(120):
            app.frame(1 / 60)
        assert all(abs(c.x - x) < 0.5 for c, (x, _, _) in zip(hand, slots, strict=True))
    finally:
        app.stack.clear()


def test_a_drag_rearranges_your_hand_even_while_others_play(app: App) -> None:
    session = Session.from_record(record([[0, "keep"]]))  # Basil is to exchange: not your turn
    session.bots.clear()  # Basil and Cleo wait for the test
    table = TableScene(app, session)
    app.push(table)
    for _ in range(10):
        app.frame(1 / 60)
    assert not table._my_turn() and shown(table) == TRUMP_RIGHT
    ace = card_in(table, "hand/0", "AC")
    drag(app, spot(ace), spot(card_in(table, "hand/0", "5H")))
    for _ in range(5):
        app.frame(1 / 60)
    assert shown(table)[0] == "AC" and shown(table)[1:] == [t for t in TRUMP_RIGHT if t != "AC"]
    assert [a for a in table.state.to_record()["deals"][-1]["actions"] if a[0] is not None] == [[0, "keep"]]
    assert table.said.text == ""
    assert table._apply(session.state.parse_action("keep"))  # Basil keeps: the arrangement stays
    for _ in range(5):
        app.frame(1 / 60)
    assert shown(table)[0] == "AC"


def test_clicks_on_consecutive_cards_pick_those_cards(app: App) -> None:
    """The points are read once, before the first click: the hand does not close up under the pointer."""
    table = open_table(app, Session.from_record(record([])))
    picks = ["9H", "AH", "2C"]  # side by side in the sorted hand
    points = [spot(card_in(table, "hand/0", t)) for t in picks]
    for point in points:
        click(app, point)
        settle(app)
    assert sorted(c.text for c in table.board.zones["exchange/0"]) == sorted(picks)


def test_trump_goes_to_the_chosen_end_whatever_the_suits() -> None:
    order = HandOrder(("spades", "hearts", "diamonds", "clubs"), tuple(RANKS), "hearts")
    colour = {"spades": 0, "clubs": 0, "hearts": 1, "diamonds": 1}.get
    assert suit_sequence(order, "trump_right", colour) == ["spades", "diamonds", "clubs", "hearts"]
    assert suit_sequence(order, "trump_left", colour) == ["hearts", "spades", "diamonds", "clubs"]
    assert suit_sequence(HandOrder(order.suits, order.ranks), "trump_right") == list(order.suits)


def test_troeven_the_callers_hand_sorts_with_the_trump_called_at_the_right(app: App) -> None:
    """Ann calls from her first four cards (spades); the rest of her hand comes after the call."""
    layout = {
        "hand/0": ["AS", "KS", "QS", "JS", "AC", "KC", "QC", "JC"],
        "hand/1": ["10S", "9S", "8S", "7S", "10C", "9C", "8C", "7C"],
        "hand/2": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H"],
        **{f"dummy_up/{i}": [c] for i, c in enumerate(["AD", "KD", "QD", "JD"])},
        **{f"dummy_down/{i}": [c] for i, c in enumerate(["10D", "9D", "8D", "7D"])},
    }
    rec = record([])
    rec.update(game="troeven", variant=rules.load_game("troeven").variants[0])
    rec["deals"] = [{"dealer": 2, "layout": layout, "actions": []}]
    table = open_table(app, Session.from_record(rec))
    assert shown(table) == ["JS", "QS", "KS", "AS"]  # A high: the trick order, not the deck's
    spades = next(b for b in table.choice_buttons if b.label == "Spades")
    click(app, spades.rect.center)
    settle(app)
    assert shown(table) == ["JC", "QC", "KC", "AC", "JS", "QS", "KS", "AS"]


def take_the_screen(app: App, table: TableScene) -> None:
    """Hot seat: the hand-off screen is up; the next player clicks it away."""
    settle(app)
    handoff = app.stack.top
    assert type(handoff).__name__ == "HandoffScene", handoff
    click(app, handoff.continue_button.rect.center)
    settle(app)
    assert app.stack.top is table


def test_in_hot_seat_each_player_finds_their_own_arrangement_after_a_hand_off(app: App) -> None:
    """Ann moves her Ace of Clubs to the left and plays; Basil takes the screen and sees his own
    hand sorted as the setting asks (nothing of Ann's), moves a card of his and plays; when the
    screen comes back to each of them, each finds the hand as they left it."""
    keep = [[0, "keep"], [1, "keep"], [2, "keep"]]  # nobody exchanges: Ann leads the first trick
    table = TableScene(app, Session.from_record(record(keep, kinds=("human", "human", "bot"))))
    app.push(table)
    take_the_screen(app, table)
    assert table.seat == 0 and shown(table) == TRUMP_RIGHT
    drag(app, spot(card_in(table, "hand/0", "AC")), spot(card_in(table, "hand/0", "5H")))
    landed(app, table)
    mine = shown(table)
    assert mine[0] == "AC" and mine[1:] == [t for t in TRUMP_RIGHT if t != "AC"]
    assert table._apply(table.state.parse_action("play 9H"))
    take_the_screen(app, table)
    assert table.seat == 1
    sort = shown_of(table, "hand/1")
    assert not set(sort) & set(ANN)
    drag(app, spot(card_in(table, "hand/1", sort[-1])), spot(card_in(table, "hand/1", sort[0])))
    landed(app, table)
    basil = shown_of(table, "hand/1")
    assert basil[0] == sort[-1] and basil[1:] == sort[:-1]
    assert table._apply(table.legal[0])
    turns = {0: 0, 1: 0}
    while min(turns.values()) < 2:  # the screen goes back and forth: each finds their own hand
        settle(app)
        if type(app.stack.top).__name__ == "HandoffScene":
            take_the_screen(app, table)
        seat = table.seat
        assert seat in (0, 1) and table._my_turn()
        own = mine if seat == 0 else basil
        now = shown_of(table, f"hand/{seat}")
        assert now == [t for t in own if t in now], (seat, now, own)
        turns[seat] += 1
        assert table._apply(table.legal[-1])


def landed(app: App, table: TableScene) -> None:
    for _ in range(5):
        app.frame(1 / 60)
    table.animator.finish_all()


def shown_of(table: TableScene, zone: str) -> list[str]:
    return [c.text or "" for c in sorted(table.board.zones[zone], key=lambda c: c.x)]
