"""Trio at the table, driven headless by real pygame events: the ends of hands and the middle
cards are what a click reveals, revealed cards lie face up where they came from and go back
face down after a mismatch (hand cards too: a memory game; past reveals only in the reveal
history), a trio goes to its taker, the team swap stays secret in hot-seat play, and bots play
a whole match to the result."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from conftest import app_fixture  # noqa: E402
from pointer import click, drag, post, settle  # noqa: E402
from test_trio_rules import trio_record as deal_record  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.cards import CardSprite  # noqa: E402
from cardtable.table.widgets import hold_panel  # noqa: E402

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay")
# Ann (seat 0) plays first. Bob's lowest is a 3 and his highest a 12; the middle starts 6, 12.
DEAL3 = ["1 1 2 4 5 5 6 7 12", "3 3 4 6 8 8 10 11 12", "2 2 5 7 8 9 10 11 11"]
MIDDLE3 = "6 12"
# Four players in teams (Ann & Cleo against Bob & Dan), everything dealt, no number shared by Ann and Cleo.
TEAM4 = ["1 1 2 2 3 3 4 4 5", "1 2 3 4 5 5 6 6 6", "7 7 8 8 9 9 10 10 11", "7 8 9 10 11 11 12 12 12"]


def trio_record(hands: list[str], kinds: tuple[str, ...], variant: str = "simple", middle: str = "") -> dict:
    """A hand-written Trio deal (the last seat deals); cards not named fill the middle in order."""
    record = deal_record(hands, variant=variant, middle=middle)
    record["seats"] = [
        {"name": NAMES[i], "kind": k, **({"level": "normal"} if k == "bot" else {})} for i, k in enumerate(kinds)
    ]
    return record


app = app_fixture(no_log=True)


def open_table(app: App, record: dict) -> TableScene:
    table = TableScene(app, Session.from_record(record))
    app.push(table)
    settle(app)
    if type(app.stack.top).__name__ == "HandoffScene":  # hot seat: the first player takes the screen
        click(app, app.stack.top.continue_button.rect.center)
        settle(app)
    assert app.stack.top is table
    return table


def centre(card: CardSprite) -> tuple[int, int]:
    return round(card.x), round(card.y - card.lift)


def left_edge(card: CardSprite) -> tuple[int, int]:
    """A point on the strip of a card that the next card of its row does not cover."""
    return round(card.x - card.width * 0.4), round(card.y - card.lift)


def actions(table: TableScene) -> list[list[Any]]:
    return table.state.to_record()["deals"][0]["actions"]


def faces(table: TableScene, app: App) -> list[tuple[str, str]]:
    """The cards painted face up once every card has landed (under a hand-off they wait)."""
    table.animator.finish_all()
    table.draw(app.window_surface)
    return list(table.shown_faces)


def cards(table: TableScene, zone: str) -> list[CardSprite]:
    return table.board.zones.get(zone, [])


# ------------------------------------------------------------- reveals
def test_clicking_the_lowest_card_of_another_hand_reveals_it(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    click(app, left_edge(cards(table, "hand/1")[0]))
    assert actions(table) == [[0, "reveal low 1"]]


def test_clicking_the_highest_card_of_another_hand_reveals_it(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    click(app, centre(cards(table, "hand/2")[-1]))
    assert actions(table) == [[0, "reveal high 2"]]


def test_a_card_inside_a_hand_cannot_be_revealed(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    click(app, left_edge(cards(table, "hand/1")[3]))
    assert actions(table) == [] and "lowest or the highest" in table.said.text


def test_hovering_an_end_names_it_lowest_or_highest(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    bob = cards(table, "hand/1")
    for card, end in ((bob[0], "low"), (bob[-1], "high")):
        post(pygame.MOUSEMOTION, pos=left_edge(card) if end == "low" else centre(card), rel=(0, 0), buttons=(0, 0, 0))
        app.frame(1 / 60)
        assert table.ext["hold"].hot == (card, end)


def test_dragging_the_highest_card_out_of_a_hand_reveals_it(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    drag(app, centre(cards(table, "hand/1")[-1]), table.layout.middle.center)
    assert actions(table) == [[0, "reveal high 1"]]


def test_clicking_a_middle_card_reveals_it_face_up_in_its_place(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    place = table.layout.zones["middle/0"]
    click(app, centre(cards(table, "middle/0")[0]))
    settle(app)
    assert actions(table) == [[0, "reveal middle/0"]]
    (card,) = cards(table, "revealed")
    assert card.text == "6" and ("revealed", "6") in faces(table, app)
    assert abs(card.x - place.anchor[0]) < 1 and abs(card.y - place.anchor[1]) < 0.1 * place.card_h
    assert "You revealed 6" in table.status_text


def test_a_card_revealed_from_a_hand_lies_face_up_out_of_that_end(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    click(app, centre(cards(table, "hand/1")[-1]))  # Bob's highest: 12
    settle(app)
    (card,) = cards(table, "revealed")
    rest = cards(table, "hand/1")
    assert card.text == "12" and ("revealed", "12") in faces(table, app)
    assert card.x > rest[-1].x and card.y > rest[-1].y  # right of the row, toward the middle (Bob sits above)


def mismatch(app: App, table: TableScene) -> None:
    """Ann reveals the middle's 6, then Bob's lowest (a 3): a mismatch, the turn passes to Bob."""
    click(app, centre(cards(table, "middle/0")[0]))  # 6
    settle(app)
    click(app, left_edge(cards(table, "hand/1")[0]))  # Bob's lowest, 3
    settle(app)
    assert actions(table)[:2] == [[0, "reveal middle/0"], [0, "reveal low 1"]]


def test_revealed_hand_cards_are_face_down_after_a_mismatch(app: App) -> None:
    """Trio is a memory game: Bob's 3 went back and is drawn face down like the rest of his
    hand, though the view still says it is known (the bots remember)."""
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    mismatch(app, table)
    assert type(app.stack.top).__name__ == "HandoffScene"  # Bob's turn next: the table still shows Ann's view
    assert table.state.view(0).known == {"middle/0": ("6",), "hand/1": ("3",)}
    assert cards(table, "revealed") == []
    bob = cards(table, "hand/1")
    assert len(bob) == 9 and [c.text for c in bob] == [None] * 9
    assert not any(table.board.face_up(c) or c.flip for c in bob)
    assert not any(z == "hand/1" for z, _ in faces(table, app))


def test_revealed_middle_cards_are_face_down_after_a_mismatch(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    mismatch(app, table)
    (six,) = cards(table, "middle/0")
    assert six.text is None and not table.board.face_up(six) and six.flip == 0.0
    assert not any(z.startswith("middle/") for z, _ in faces(table, app))


def test_past_reveals_stay_face_down_while_bots_play_on(app: App) -> None:
    """Back at Ann's turn after the bots' turns: nothing but her own hand and the trios shows,
    however much the view knows."""
    table = open_table(app, trio_record(DEAL3, ("human", "bot", "bot"), middle=MIDDLE3))
    mismatch(app, table)
    assert table._my_turn() and len(actions(table)) > 2 and table.view.known
    shown = faces(table, app)
    assert {z for z, _ in shown} <= {"hand/0", "trios/0", "trios/1", "trios/2"}


def test_after_a_mismatch_in_hot_seat_the_next_player_sees_no_past_reveal(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    mismatch(app, table)
    assert type(app.stack.top).__name__ == "HandoffScene"  # Bob's turn next: the table still shows Ann's view
    assert not any(z in ("hand/1", "hand/2") or z.startswith("middle/") for z, _ in faces(table, app))
    click(app, app.stack.top.continue_button.rect.center)
    settle(app)
    assert table.seat == 1
    shown = faces(table, app)
    assert sorted(t for z, t in shown if z == "hand/1") == sorted(DEAL3[1].split())  # Bob's own hand
    assert not any(z in ("hand/0", "hand/2") or z.startswith("middle/") for z, _ in shown)


def test_own_revealed_cards_go_back_face_up_into_your_hand(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "bot", "bot"), middle=MIDDLE3))
    click(app, centre(cards(table, "hand/0")[-1]))  # your own highest: 12
    settle(app)
    click(app, centre(cards(table, "middle/0")[0]))  # 6: a mismatch
    settle(app)
    mine = cards(table, "hand/0")
    assert [c.text for c in mine] == DEAL3[0].split() and all(table.board.face_up(c) for c in mine)


def test_past_reveals_show_in_the_history_only_when_the_setting_is_on(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "bot", "bot"), middle=MIDDLE3))
    mismatch(app, table)
    drawn: list[list[dict[str, Any]]] = []
    monkeypatch.setattr(hold_panel, "draw_history", lambda surface, t: drawn.append(t.view.public["history"]))
    assert not app.settings.show_reveal_history  # off by default
    faces(table, app)
    assert drawn == []
    monkeypatch.setattr(app.settings, "show_reveal_history", True)
    shown = faces(table, app)
    assert drawn and [r[:2] for r in drawn[-1][0]["reveals"]] == [("6", "middle/0"), ("3", "hand/1")]
    assert not any(z == "hand/1" or z.startswith("middle/") for z, _ in shown)  # the cards stay face down


def test_three_equal_cards_go_to_the_takers_trios(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    click(app, centre(cards(table, "hand/0")[-1]))  # your own highest: 12
    settle(app)
    click(app, centre(cards(table, "hand/1")[-1]))  # Bob's highest: 12
    settle(app)
    click(app, centre(cards(table, "middle/1")[0]))  # the middle's 12
    settle(app)
    assert [c.text for c in cards(table, "trios/0")] == ["12", "12", "12"]
    assert cards(table, "revealed") == [] and cards(table, "middle/1") == []
    box = table.layout.zones["trios/0"]
    assert all(abs(c.y - box.anchor[1]) < 1 for c in cards(table, "trios/0"))
    assert sum(z == "trios/0" for z, _ in faces(table, app)) == 3


# ---------------------------------------------------------------- teams
def test_the_team_swap_hands_off_between_partners_and_keeps_each_offer_secret(app: App) -> None:
    table = open_table(app, trio_record(TEAM4, ("human", "bot", "human", "bot"), variant="team-simple"))
    assert table.seat == 0 and [b.label for b in table.choice_buttons] == ["Swap", "Pass"]
    offer = cards(table, "hand/0")[4]  # a 3
    drag(app, centre(offer), centre(cards(table, "hand/2")[4]))
    settle(app)
    assert actions(table)[0] == [0, "swap 3"]
    handoff = app.stack.top
    assert type(handoff).__name__ == "HandoffScene" and handoff.seat_name == "Cleo"
    drawn = list(table.shown_faces)
    app.frame(1 / 60)
    assert table.shown_faces == drawn  # nothing of the table is drawn under the hand-off
    click(app, handoff.continue_button.rect.center)
    settle(app)
    assert app.stack.top is table and table.seat == 2
    shown = faces(table, app)
    assert not any(z == "hand/0" for z, _ in shown) and ("hand/0", "3") not in shown
    assert "3" not in [t for _, t in shown]  # Ann's offer is nowhere on Cleo's screen
    click(app, centre(cards(table, "hand/2")[0]))  # Cleo picks a 7, then presses Swap
    click(app, table.choice_buttons[0].rect.center)
    settle(app)
    assert [2, "swap 7"] in actions(table)
    assert "3" in table.session.view(2).zones["hand/2"]  # the swap is done: Ann's 3 is Cleo's now
    assert table.seat is None and all(c.text is None for c in cards(table, "hand/2"))  # her turn over: face down


def test_pass_keeps_your_cards(app: App) -> None:
    table = open_table(app, trio_record(TEAM4, ("human", "bot", "bot", "bot"), variant="team-simple"))
    click(app, table.choice_buttons[1].rect.center)
    assert actions(table)[0] == [0, "pass"]


# ----------------------------------------------------------------- bots
def test_a_bots_only_trio_match_ends_at_the_result(user_home: Path) -> None:
    app = App((900, 600), fast=True, demo="trio", players=3, seed=3)
    app.start()
    for _ in range(20000):
        app.frame(1 / 60)
        if type(app.stack.top).__name__ == "ResultScene":
            break
    assert type(app.stack.top).__name__ == "ResultScene"
    assert app.stack.top.state.is_over and app.stack.top.state.deal_results[-1].details["trios"]
    app.stack.clear()


def test_the_keys_step_through_the_middle_and_the_ends_of_hands(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    target = cards(table, "hand/1")[-1]
    for _ in range(30):
        if table.pointer.focus is target:
            break
        post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)
        app.frame(1 / 60)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    app.frame(1 / 60)
    assert actions(table) == [[0, "reveal high 1"]]


def hinted_hot_seat(app: App) -> TableScene:
    """A table of three humans (:data:`DEAL3`), H pressed and the hint waited for."""
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0)
    for _ in range(300):
        app.frame(1 / 60)
        if table.hint is not None:
            break
        table.worker.wait(0.02)
    return table


def test_a_hint_points_at_the_very_card_it_means(app: App) -> None:
    table = hinted_hot_seat(app)
    card, source, _target = table.hint
    place = cards(table, source)
    if "highest" in table.said.text:
        assert card is place[-1]
    else:
        assert card is place[0] and ("lowest" in table.said.text or "middle card" in table.said.text)


# -------------------------------------------------------------- new game
def test_the_player_count_offers_only_4_or_6_for_trio_teams(app: App) -> None:
    from cardtable.scenes.newgame import NewGameScene

    scene = NewGameScene(app, "trio")
    app.push(scene)
    app.frame(1 / 60)
    while scene.variant_name != "team-simple":
        click(app, scene.variant.rect.center)  # a click steps to the next variant
    seen = {scene.players.value}
    for _ in range(4):
        click(app, scene.players._plus().center)
        seen.add(scene.players.value)
    for _ in range(4):
        click(app, scene.players._minus().center)
        seen.add(scene.players.value)
    assert seen == {4, 6}
    while scene.variant_name != "simple":
        click(app, scene.variant.rect.center)
    for _ in range(4):
        click(app, scene.players._plus().center)
    assert scene.players.value == 6 and scene.players.values == [3, 4, 5, 6]


# ---------------------------------------------------------------- result
def test_the_result_of_a_trio_match_shows_the_trios_of_each_team(app: App) -> None:
    from cardtable.scenes.result import ResultScene

    state = rules.load_game("trio").new_match(players=4, variant="team-simple", seed=3)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    session = Session(state)
    scene = ResultScene(app, session)
    app.push(scene)
    app.frame(1 / 60)
    names = [s["name"] for s in state.seats]
    assert scene.headline()[0] == f"{' and '.join(names[s] for s in state.winners)} win"
    assert [b.title for b in scene.blocks] == ["Trios taken"]
    assert [line.names for line in scene.terms.sets] == [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]


def test_revealed_cards_keep_their_places_when_the_window_changes_size(app: App) -> None:
    table = open_table(app, trio_record(DEAL3, ("human", "human", "human"), middle=MIDDLE3))
    click(app, centre(cards(table, "hand/1")[-1]))
    settle(app)
    post(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600)
    for _ in range(60):
        app.frame(1 / 60)
    (card,) = cards(table, "revealed")
    rest = cards(table, "hand/1")
    assert table.layout.size == (900, 600)
    assert card.x > rest[-1].x and card.y > rest[-1].y and card.x < 900


# Four players: Bob (seat 1) sits at the left edge of the table; his two lowest cards are 4s.
DEAL4 = ["1 1 2 2 3 3 4", "4 4 5 5 6 6 7", "7 7 8 8 9 9 10", "1 10 10 11 11 12 12"]


def test_cards_revealed_from_a_hand_at_the_side_of_the_table_stay_on_the_screen(app: App) -> None:
    table = open_table(app, trio_record(DEAL4, ("human", "human", "human", "human")))
    for _ in range(2):
        low = cards(table, "hand/1")[0]  # its top left corner: a revealed card lies lower, toward the middle
        click(app, (round(low.x - low.width * 0.4), round(low.y - low.height * 0.4)))
        settle(app)
    shown = cards(table, "revealed")
    assert [c.text for c in shown] == ["4", "4"]
    for card in shown:
        assert card.width / 2 <= card.x <= table.layout.size[0] - card.width / 2


def test_a_match_won_by_the_player_called_you_says_you_win(app: App) -> None:
    from cardtable.scenes.result import ResultScene

    def played(seats: list[dict[str, Any]] | None) -> rules.State:
        state = rules.load_game("trio").new_match(players=3, variant="simple", seed=5, seats=seats)
        rng = random.Random(2)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        return state

    (winner,) = played(None).winners
    seats = [{"name": "You" if s == winner else NAMES[s], "kind": "human"} for s in range(3)]
    scene = ResultScene(app, Session(played(seats)))
    app.push(scene)
    app.frame(1 / 60)
    assert scene.headline()[0] == "You win"


def test_enter_after_a_hint_plays_the_hinted_card(app: App) -> None:
    table = hinted_hot_seat(app)
    card = table.hint[0]
    assert table.pointer.focus is card
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    settle(app)
    assert [c.text for c in cards(table, "revealed")] == [card.text]
