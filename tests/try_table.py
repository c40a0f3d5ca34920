"""A Try deal the table tests share, and the table opened on it with real seats.

Seat 0 (Ann) plays first, the dealer is seat 2; nobody holds four of a suit. Bob and Cleo are
``normal`` bots unless a test seats humans there.
"""

from __future__ import annotations

from typing import Any

from conftest import try_record

from cardtable.session import Session

HANDS = [
    ["1S", "2F", "3K", "4D", "5B", "6S"],
    ["7F", "8K", "9D", "10B", "11S", "12F"],
    ["1K", "2D", "3B", "4S", "5F", "6K"],
]
STOCK = ["7D", "8B", "9S", "10F", "11K", "12D"]
BIDS = [[0, "bid 6S"], [1, "bid 12F"], [2, "bid 6K"]]
# Ann took the up-card from the discard pile on her last turn; the bots drew from the stock.
ROUND = [
    *BIDS,
    [0, "draw discard"],
    [0, "discard 1S"],
    [1, "draw stock"],
    [1, "discard 7F"],
    [2, "draw stock"],
    [2, "discard 1K"],
]
NAMES = ("Ann", "Bob", "Cleo")
KINDS = ("human", "bot", "bot")


def seats(kinds: tuple[str, ...] = KINDS, names: tuple[str, ...] = NAMES) -> list[dict[str, Any]]:
    """The record's seats: a bot plays at ``normal``."""
    return [
        {"name": n, "kind": k, **({"level": "normal"} if k == "bot" else {})} for n, k in zip(names, kinds, strict=True)
    ]


def try_session(actions: list[list[Any]], kinds: tuple[str, ...] = KINDS, hands: list[list[str]] = HANDS) -> Session:
    """The match of :data:`HANDS` (or ``hands``) after ``actions``."""
    record = try_record(hands, actions, STOCK)
    record["seats"] = seats(kinds)
    return Session.from_record(record)


def try_table(
    app: Any, actions: list[list[Any]], kinds: tuple[str, ...] = KINDS, hands: list[list[str]] = HANDS
) -> Any:
    """The table of :func:`try_session` on top of ``app``, run until it waits for a human."""
    from pointer import settle

    from cardtable.table import TableScene

    table = TableScene(app, try_session(actions, kinds, hands))
    app.push(table)
    settle(app)
    return table
