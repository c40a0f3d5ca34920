"""The pace of a memory game at the table, on the table's own clock (each frame's ``dt`` given
here, never the wall clock): cards a turn revealed stay face up until that turn is over and then
for the *Revealed cards stay* time (at the animation speed), and a bot rests longer before the
first move of its turn than between the moves of one turn."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest  # noqa: E402
from conftest import app_fixture  # noqa: E402
from pointer import click, settle  # noqa: E402
from test_table_trio import DEAL3, MIDDLE3, trio_record  # noqa: E402

from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.settings import Settings  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.bot_turns import BOT_PAUSE, TURN_PAUSE  # noqa: E402

DT = 1 / 60
# Ann (seat 0) turns up the middle's 6, then its 12: no match, her turn is over.
SHOWN = {"6", "12"}


app = app_fixture(fast=False, no_log=True)  # every animation and rest takes its time


def ann_table(app: App) -> TableScene:
    table = TableScene(app, Session.from_record(trio_record(DEAL3, ("human", "bot", "bot"), middle=MIDDLE3)))
    app.push(table)
    settle(app, 1200)
    assert table._my_turn()
    return table


def centre_of(table: TableScene, zone: str) -> tuple[int, int]:
    card = table.board.zones[zone][0]
    return round(card.x), round(card.y - card.lift)


def moves(table: TableScene) -> list[list]:
    return table.state.to_record()["deals"][0]["actions"]


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.frame(DT)


def face_up(table: TableScene) -> set[str]:
    """The middle's numbers painted face up in the frame last drawn (turned up, or going back)."""
    return {t for z, t in table.shown_faces if z == "revealed" or z.startswith("middle/")}


def ann_ends_her_turn(app: App, table: TableScene) -> None:
    click(app, centre_of(table, "middle/0"))
    run(app, 1.0)  # the 6 turns up and stays: her turn goes on
    assert face_up(table) == {"6"}
    click(app, centre_of(table, "middle/1"))  # the 12: no match, the turn is over (this frame's dt counts)
    assert moves(table) == [[0, "reveal middle/0"], [0, "reveal middle/1"]]
    assert table.state.current_player == 1


@pytest.mark.parametrize(
    ("speed", "stays", "up_until", "down_by"),
    [
        (1.0, None, 2.9, 4.0),  # the default: 3 s
        (1.0, 5.0, 4.9, 6.0),
        (1.0, 2.0, 1.9, 3.0),
        (2.0, None, 1.4, 2.5),  # twice the animation speed: half the time
    ],
)
def test_revealed_cards_stay_face_up_after_the_turn_for_the_set_time(
    app: App, speed: float, stays: float | None, up_until: float, down_by: float
) -> None:
    assert Settings().reveal_stays >= 2.0
    app.settings.animation_speed = speed
    if stays is not None:
        app.settings.reveal_stays = stays
    table = ann_table(app)
    ann_ends_her_turn(app, table)
    run(app, 1.9 / speed - DT)
    assert face_up(table) == SHOWN  # 1.9 s (at this speed) after the turn is over: still readable
    run(app, up_until - 1.9 / speed)
    assert face_up(table) == SHOWN
    run(app, down_by - up_until)
    assert face_up(table) == set()
    assert [c.text for c in table.board.zones["middle/0"] + table.board.zones["middle/1"]] == [None, None]
    assert table.board.zones.get("revealed", []) == []
    assert len(moves(table)) == 2  # Bob has not moved yet: his turn starts after a rest


def test_a_bot_rests_longer_before_its_turn_than_between_its_moves(app: App) -> None:
    table = ann_table(app)
    ann_ends_her_turn(app, table)
    quiet = 0.0  # seconds the table has rested (nothing moving) before this frame
    last_actor, seen, rests = 0, 2, []
    for _ in range(round(60 / DT)):
        table.worker.wait(10.0)  # a bot's answer is in before the next frame: only the table's rest holds it
        app.frame(DT)
        done = moves(table)
        if len(done) > seen:
            actor = done[seen][0]
            rests.append((actor == last_actor, quiet + DT))
            last_actor, seen = actor, len(done)
        quiet = 0.0 if table._busy() else quiet + DT
        if len(rests) >= 4 and any(same for same, _ in rests) and sum(not same for same, _ in rests) >= 2:
            break
    firsts = [rest for same, rest in rests if not same]
    thens = [rest for same, rest in rests if same]
    assert len(firsts) >= 2 and thens, rests  # Bob's and Cleo's turns, and a second move of one turn
    assert all(rest >= max(TURN_PAUSE, 1.0) - 1e-6 for rest in firsts), rests  # turns never chain within 1 s
    assert all(rest >= BOT_PAUSE - 1e-6 for rest in thens), rests
