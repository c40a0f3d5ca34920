"""Try's hand is sorted by suit at the table (Stars, Fire, Skulls, Drips, Brocs, then rank; the
Wild last) as the setting asks, "as dealt" leaves it alone, and a drawn card takes its place
among its suit while the player's own arrangement (a drag) stays. Real pygame events under the
dummy driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from pointer import click, drag, settle  # noqa: E402
from test_table_hands import shown, spot  # noqa: E402
from try_table import try_table  # noqa: E402

from cardtable.app import App  # noqa: E402
from cardtable.table import TableScene  # noqa: E402

HANDS = [
    ["5B", "11S", "W", "9K", "1S", "12F"],
    ["7F", "8K", "9D", "10B", "11F", "12K"],
    ["1K", "2D", "3B", "4S", "5F", "8D"],
]
BIDS = [[0, "bid 12F"], [1, "bid 12K"], [2, "bid 8D"]]


def open_table(app: App, actions: list) -> TableScene:
    return try_table(app, actions, hands=HANDS)


def test_the_hand_is_sorted_by_suit_then_rank_the_wild_last(app: App) -> None:
    table = open_table(app, [])
    assert shown(table) == ["1S", "11S", "12F", "9K", "5B", "W"]


def test_as_dealt_leaves_the_hand_alone(app: App) -> None:
    app.settings.hand_order = "dealt"
    table = open_table(app, [])
    assert shown(table) == HANDS[0]


def test_a_drawn_card_joins_its_suit_and_a_dragged_card_stays_where_it_was_put(app: App) -> None:
    table = open_table(app, BIDS)
    assert table._my_turn() and shown(table) == ["1S", "11S", "9K", "5B", "W"]
    hand = table.board.zones["hand/0"]
    brocs = next(c for c in hand if c.text == "5B")
    drag(app, spot(brocs), spot(next(c for c in hand if c.text == "1S")))  # the 5 of Brocs to the left end
    settle(app)
    assert shown(table) == ["5B", "1S", "11S", "9K", "W"]
    click(app, table.board.top("stock").rect().center)  # draws the 8 of Brocs: beside the 5
    settle(app)
    assert shown(table) == ["5B", "8B", "1S", "11S", "9K", "W"]
