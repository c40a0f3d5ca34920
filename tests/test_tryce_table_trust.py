"""Tryce at the real table: no move the player did not mean (issue 21, item 2). Headless, with
real pygame events: a refused meld or drop leaves every card of the hand where it was (the same
sprite at the same index and the same place) and nothing staged or recorded, so the next drag
picks up the card under the pointer; a refused run is never left laid out; a discard made just
after a refusal can still be taken back before the next player acts. And item 8: jokers alone
are refused saying why, and the player chooses the end a run's spare joker takes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from conftest import app_fixture  # noqa: E402
from pointer import click, drag, settle  # noqa: E402
from test_tryce_table import (  # noqa: E402
    button,
    card_at,
    first_deal,
    joker_for_the_4H1,
    meld_by_clicks,
    open_table,
    record,
    strip,
    take_discard,
)

from cardtable.app import App  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from rules.games.tryce import tables  # noqa: E402

DECK = tables.deck()


app = app_fixture(no_log=True)


def hand_places(table: TableScene) -> list[tuple[Any, str | None, int, int]]:
    """The hand as the player sees it: each sprite, its card and where it lies, left to right."""
    return [(c, c.text, round(c.x), round(c.y)) for c in table.board.zones["hand/0"]]


def actions_so_far(table: TableScene) -> list[list[Any]]:
    return [list(a) for a in table.state.log[-1]["actions"]]


def start_of_hand(hand_no: int, ann: list[str], up: str) -> dict[str, Any]:
    """Hand ``hand_no`` with Ann (seat 0, human) to play first holding ``ann``, ``up`` turned up."""
    rest = [DECK.text(c) for c in range(DECK.size)]
    for text in [*ann, up]:
        rest.remove(text)
    size = len(ann)
    layout: dict[str, list[str]] = {"discard": [up], "hand/0": list(ann)}
    for seat in (1, 2):
        layout[f"hand/{seat}"], rest = rest[:size], rest[size:]
    layout["stock"] = rest
    data = record(3, layout)
    data["start"] = {"deal": hand_no, "scores": [0, 0, 0]}
    return data


def test_a_card_refused_on_your_meld_area_stays_where_it_was(app: App) -> None:
    """The report: a card dropped on one's meld area as a group is refused and used to come back
    at the right end of the hand; the next drag at its place then took another card."""
    table = open_table(app, record(3, first_deal()["layout"]))
    take_discard(app, table)
    before, done = hand_places(table), actions_so_far(table)
    point = strip(card_at(table, "hand/0", "9C1"))
    drag(app, point, table.layout.meld_areas[0].center)
    settle(app)
    assert [b.label for b in table.ext["melds"].picker] == ["Meld a group", "Meld a word", "Back"]
    click(app, button(table, "Meld a group").center)
    settle(app)
    assert table.said.kind == "warn" and table.said.text == "A group needs at least 3 cards: these are 1."
    assert hand_places(table) == before  # the same sprites, in the same order, in the same places
    assert actions_so_far(table) == done and not table.board.zones.get("build/0")  # nothing staged
    drag(app, point, table.layout.zones["discard"].anchor)  # the card under the pointer is the 9C1
    settle(app)
    assert [0, "discard 9C1"] in actions_so_far(table)


def test_cards_the_meld_button_cannot_meld_keep_their_places(app: App) -> None:
    table = open_table(app, record(3, first_deal()["layout"]))
    take_discard(app, table)
    before, done = hand_places(table), actions_so_far(table)
    meld_by_clicks(app, table, ("3D1", "9C1", "2C1", "3C1"), "Meld a word")  # N C D F: no word in any order
    assert table.said.kind == "warn" and table.said.text == "NCDF is not a word in the list."
    assert hand_places(table) == before and not table.ext["melds"].chosen
    assert actions_so_far(table) == done


def test_a_refused_run_is_not_left_laid_out(app: App) -> None:
    """Hand 2 (a run and a word): four spades with gaps, and no other spade in the hand, make no
    run. The table used to leave them in the building row with only Cancel to press."""
    ann = ["2S1", "3S1", "5S1", "7S1", "2H1", "3H1", "5H1", "2D1", "4D1", "5D1"]
    table = open_table(app, start_of_hand(2, ann, "9C1"))
    assert table.state.view(0).public["hand_no"] == 2
    take_discard_up(app, table)
    before, done = hand_places(table), actions_so_far(table)
    meld_by_clicks(app, table, ("2S1", "3S1", "5S1", "7S1"), "Meld a run")
    assert table.said.text.startswith("The 5 of Spades breaks the run") and table.said.kind == "warn"
    assert not table.board.zones.get("build/0") and actions_so_far(table) == done
    assert hand_places(table) == before
    kinds = {a.kind for a in table.state.legal_actions()}
    assert "discard" in kinds and "commit" not in kinds and "add" not in kinds
    assert "Cancel" not in [b.label for b in table.choice_buttons]


def take_discard_up(app: App, table: TableScene) -> None:
    click(app, table.board.zones["discard"][0].rect().center)
    settle(app)
    assert table.state.view(0).public["phase"] == "meld"


def test_a_discard_made_just_after_a_refusal_can_be_taken_back(user_home: Path) -> None:
    """At the normal pace: a refusal, then at once a drag to the discard pile. The next player (a
    bot, its answer ready) waits long enough for Undo, which takes the discard back to its place."""
    app = App((1280, 800), fast=False)
    try:
        table = open_table(app, record(3, first_deal()["layout"]))
        take_discard(app, table)
        table._skip_ahead()
        settle(app)
        before = hand_places(table)
        drag(app, strip(card_at(table, "hand/0", "9C1")), table.layout.zones["stock"].anchor)  # refused
        assert table.said.kind == "warn"
        drag(app, strip(card_at(table, "hand/0", "2C1")), table.layout.zones["discard"].anchor)
        assert actions_so_far(table)[-1] == [0, "discard 2C1"] and table.state.current_player == 1
        for _ in range(132):  # 2.2 s of frames: past the bots' rest before a turn once their answer is in
            if table.worker.request is not None:
                table.worker.wait(5.0)
            app.frame(1 / 60)
        assert table.state.current_player == 1 and actions_so_far(table)[-1] == [0, "discard 2C1"]
        assert table.undo_button.enabled
        click(app, table.undo_button.rect.center)
        assert table.state.current_player == 0 and actions_so_far(table)[-1][1] != "discard 2C1"
        settle(app)
        assert hand_places(table) == before  # the 2C1 back where it was dragged from, not at the end
    finally:
        app.stack.clear()
    assert not (user_home / "cardtable.log").exists()


def test_without_a_refusal_the_bots_keep_their_pace(user_home: Path) -> None:
    """The grace is for a hasty move only: a discard made at leisure is answered at the usual pace."""
    app = App((1280, 800), fast=False)
    try:
        table = open_table(app, record(3, first_deal()["layout"]))
        take_discard(app, table)
        for _ in range(90):  # 1.5 s of thought
            app.frame(1 / 60)
        drag(app, strip(card_at(table, "hand/0", "2C1")), table.layout.zones["discard"].anchor)
        for _ in range(132):  # 2.2 s: the discard's flight and the bot's rest before its turn (1.2 s)
            if table.worker.request is not None:
                table.worker.wait(5.0)
            app.frame(1 / 60)
        assert actions_so_far(table)[-1] != [0, "discard 2C1"]  # Basil has answered
    finally:
        app.stack.clear()
    assert not (user_home / "cardtable.log").exists()


def test_cards_taken_back_from_the_picker_return_to_their_places(app: App) -> None:
    """A word with a joker: its letters go into the building row while the picker asks the joker's
    vowel; Back returns each of them to the place it had in the hand, not to the hand's end."""
    layout = joker_for_the_4H1()
    table = open_table(app, record(3, layout))
    take_discard(app, table)
    before, done = hand_places(table), actions_so_far(table)
    meld_by_clicks(app, table, ("3D1", "JK", "QS1", "5S1"), "Meld a word")
    assert table.ext["melds"].picker and table.board.zones.get("build/0")  # N is in, the joker's vowel is asked
    click(app, button(table, "Back").center)
    settle(app)
    assert not table.ext["melds"].picker and not table.board.zones.get("build/0")
    assert hand_places(table) == before
    assert [a for _s, a in actions_so_far(table)[len(done) :]][-1] == "cancel"  # the engine's cancel, recorded


def test_jokers_alone_are_refused_with_the_reason(app: App) -> None:
    """Three jokers selected and melded as a group: refused, saying why, and nothing moves."""
    layout = {k: list(v) for k, v in first_deal()["layout"].items()}
    hand, stock = layout["hand/0"], layout["stock"]
    for text in ("2C1", "3C1", "9H1"):
        stock[stock.index("JK")] = text
        hand[hand.index(text)] = "JK"
    table = open_table(app, record(3, layout))
    take_discard(app, table)
    before, done = hand_places(table), actions_so_far(table)
    for card in [c for c in table.board.zones["hand/0"] if c.text == "JK"]:
        click(app, strip(card.rect()))
    click(app, button(table, "Meld a group").center)
    settle(app)
    assert table.said.text == "Jokers alone do not make a group: add at least one natural card."
    assert table.said.kind == "warn" and hand_places(table) == before and actions_so_far(table) == done


def test_the_player_chooses_the_end_a_spare_joker_takes_in_a_run(app: App) -> None:
    """RULES.md, settled: 5H 6H 7H + joker may be 4H-7H or 5H-8H. The table asks, its picker naming
    what the joker stands for; Back takes the cards back to their places."""
    ann = ["5H1", "6H1", "7H1", "JK", "2S1", "3S1", "9D1", "2D1", "4D1", "5D1"]
    table = open_table(app, start_of_hand(2, ann, "9C1"))
    take_discard_up(app, table)
    before = hand_places(table)
    run = ("5H1", "6H1", "7H1", "JK")
    for text in run:
        click(app, strip(card_at(table, "hand/0", text)))
    click(app, button(table, "Meld a run").center)
    settle(app)
    picker = table.ext["melds"].picker
    assert [b.label for b in picker] == ["Joker as the 8 of Hearts", "Joker as the 4 of Hearts", "Back"]
    click(app, button(table, "Back").center)
    settle(app)
    assert hand_places(table) == before and not table.board.zones.get("build/0")
    for text in run:
        click(app, strip(card_at(table, "hand/0", text)))
    click(app, button(table, "Meld a run").center)
    settle(app)
    click(app, button(table, "Joker as the 4 of Hearts").center)
    settle(app)
    assert [c.text for c in table.board.zones["meld/0/0"]] == ["JK", "5H1", "6H1", "7H1"]
    assert list(table.state.view(0).public["melds"]["meld/0/0"]["stands"]) == ["4", "5", "6", "7"]
    assert actions_so_far(table)[-1] == [0, "commit 4H-7H"]
