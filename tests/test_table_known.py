"""Public knowledge drawn at the table, for every game: a card known to be in a hand the viewer
cannot see (Try: taken from the discard pile) lies face up in that hand, and nothing else of
that hand shows."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from try_table import BIDS, try_session  # noqa: E402

from cardtable.app import App  # noqa: E402
from cardtable.table import TableScene  # noqa: E402

# Ann discards the 1S; Bob takes it from the discard pile and keeps it; Cleo draws from the stock.
BOB_TAKES_THE_1S = [
    *BIDS,
    [0, "draw stock"],
    [0, "discard 1S"],
    [1, "draw discard"],
    [1, "discard 7F"],
    [2, "draw stock"],
    [2, "discard 1K"],
]


def table_for(app: App, actions: list[list]) -> TableScene:
    table = TableScene(app, try_session(actions))
    app.push(table)
    for _ in range(200):
        app.frame(1 / 60)
        if not table._busy() and not table.dirty and table._my_turn():
            break
    table.animator.finish_all()
    table.draw(app.window_surface)
    return table


def test_a_card_taken_from_the_discard_pile_shows_face_up_in_the_takers_hand(app: App) -> None:
    table = table_for(app, BOB_TAKES_THE_1S)
    assert table.seat == 0 and table.view.known == {"hand/1": ("1S",)}
    assert [t for z, t in table.shown_faces if z == "hand/1"] == ["1S"]
    bob = [c.text for c in table.board.zones["hand/1"]]
    assert bob.count("1S") == 1 and bob.count(None) == len(bob) - 1


def test_nothing_of_a_hand_shows_while_nothing_of_it_is_known(app: App) -> None:
    table = table_for(
        app,
        [
            *BIDS,
            [0, "draw stock"],
            [0, "discard 1S"],
            [1, "draw stock"],
            [1, "discard 7F"],
            [2, "draw stock"],
            [2, "discard 1K"],
        ],
    )
    assert not any(z in ("hand/1", "hand/2") for z, _ in table.shown_faces)
