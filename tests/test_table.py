"""The table scene, driven headless by real pygame events: drags land or go home with the
engine's reason, clicks and keys play, hot-seat hand-offs hide secrets, bots play to the end."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from conftest import app_fixture, try_record  # noqa: E402
from pointer import click, drag, post, settle  # noqa: E402
from try_table import BIDS, HANDS, ROUND, STOCK, try_table  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.cards import CardSprite  # noqa: E402
from cardtable.table.layout import TableLayout  # noqa: E402

PUBLIC = {"discard"}

app = app_fixture(no_log=True)  # a scene's error becomes a toast and a log entry


def centre(card: CardSprite) -> tuple[int, int]:
    return round(card.x), round(card.y - card.lift)


def zone_centre(table: TableScene, zone: str) -> tuple[int, int]:
    top = table.board.top(zone)
    if top is not None and table.board.kind(zone) in ("pile", "stack"):
        return centre(top)
    return table.layout.zones[zone].rect(len(table.board.zones.get(zone, []))).center


def hand(table: TableScene, seat: int = 0) -> list[CardSprite]:
    return table.board.zones[f"hand/{seat}"]


def actions(table: TableScene) -> list[list[Any]]:
    return table.state.to_record()["deals"][0]["actions"]


# ------------------------------------------------------------------ drags
def test_a_drag_from_the_stock_to_your_hand_draws(app: App) -> None:
    table = try_table(app, BIDS)
    drag(app, zone_centre(table, "stock"), zone_centre(table, "hand/0"))
    settle(app)
    assert actions(table)[-1] == [0, "draw stock"]
    assert len(table.view.zones["hand/0"]) == 6
    assert len(hand(table)) == 6 and hand(table)[-1].text == "8B"


def test_a_drag_of_a_hand_card_onto_the_discard_pile_discards_it(app: App) -> None:
    table = try_table(app, [*BIDS, [0, "draw stock"]])
    card = next(c for c in hand(table) if c.text == "2F")
    drag(app, centre(card), zone_centre(table, "discard"))
    assert actions(table)[4] == [0, "discard 2F"]  # (in fast mode Bob has already moved too)
    assert "2F" not in [c.text for c in hand(table)] and len(hand(table)) == 5


def test_a_drop_on_a_wrong_place_goes_home_with_the_reason(app: App) -> None:
    table = try_table(app, BIDS)
    card = hand(table)[1]
    home = (card.x, card.y)
    before = actions(table)
    drag(app, centre(card), zone_centre(table, "stock"))
    settle(app)
    assert actions(table) == before
    assert table.said.text == "You must draw before you discard: take the top card of the stock or of the discard pile."
    assert (card.x, card.y) == home and card.zone == "hand/0"


def test_a_refusal_is_cleared_once_the_match_moves_on(app: App) -> None:
    table = try_table(app, BIDS)
    drag(app, centre(hand(table)[1]), zone_centre(table, "stock"))  # refused: draw first
    assert table.said.text.startswith("You must draw before you discard")
    drag(app, zone_centre(table, "stock"), zone_centre(table, "hand/0"))
    settle(app)
    assert actions(table)[-1] == [0, "draw stock"]
    assert table.said.text == ""  # the stale refusal no longer hides what to do now


def test_taking_from_the_discard_pile_twice_in_a_row_is_refused_with_the_reason(app: App) -> None:
    table = try_table(app, ROUND)
    before = actions(table)
    drag(app, zone_centre(table, "discard"), zone_centre(table, "hand/0"))
    settle(app)
    assert actions(table) == before
    assert table.said.text == "You took from the discard pile on your last turn: draw from the stock."
    assert table.board.top("discard").text == "1K"
    assert "you took from the discard pile last turn" in table.status_text


def test_valid_targets_light_up_while_dragging(app: App) -> None:
    table = try_table(app, [*BIDS, [0, "draw stock"]])
    start = centre(hand(table)[0])
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0))
    app.frame(1 / 60)
    assert table.pointer.press is not None and table.pointer.press.targets == {"discard"}
    post(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 60), button=1)
    app.frame(1 / 60)


def test_dropping_a_card_back_on_your_hand_rearranges_it(app: App) -> None:
    table = try_table(app, BIDS)
    first = hand(table)[0]
    drag(app, centre(first), (centre(hand(table)[-1])[0] + 20, centre(hand(table)[-1])[1]))
    settle(app)
    assert hand(table)[-1] is first
    assert actions(table) == BIDS


def test_a_click_while_cards_move_lands_them_at_once(app: App) -> None:
    table = try_table(app, BIDS)
    table.animator.fast = False
    click(app, zone_centre(table, "stock"))
    drawn = hand(table)[-1]
    assert table.animator.busy and drawn.flying
    click(app, (5, 400))
    assert not table.animator.busy and not drawn.flying
    assert (drawn.x, drawn.y) == table.layout.zones["hand/0"].slots(6)[5][:2]


# ----------------------------------------------------------- clicks, keys
def test_clicking_the_stock_draws_and_click_then_discard_pile_discards(app: App) -> None:
    table = try_table(app, BIDS)
    click(app, zone_centre(table, "stock"))
    settle(app)
    assert actions(table)[-1] == [0, "draw stock"]
    card = next(c for c in hand(table) if c.text == "3K")
    click(app, centre(card))
    assert table.pointer.selected is card
    click(app, zone_centre(table, "discard"))
    assert [0, "discard 3K"] in actions(table)


def test_enter_plays_the_focused_card_to_its_only_place(app: App) -> None:
    table = try_table(app, [*BIDS, [0, "draw stock"]])
    for _ in range(2):
        post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    app.frame(1 / 60)
    assert actions(table)[4][0] == 0 and actions(table)[4][1].startswith("discard ")


def test_the_keyboard_alone_can_draw_from_a_pile(app: App) -> None:
    table = try_table(app, BIDS)
    post(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0)  # from your hand's end round to the piles
    app.frame(1 / 60)
    assert table.pointer.focus is table.board.top("discard")
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    app.frame(1 / 60)
    assert actions(table)[-1] == [0, "draw discard"]


def test_u_takes_back_your_own_move(app: App) -> None:
    table = try_table(app, [*BIDS, [0, "draw discard"]])
    post(pygame.KEYDOWN, key=pygame.K_u, mod=0)
    app.frame(1 / 60)
    settle(app)
    assert actions(table) == BIDS
    assert "7D" in table.view.zones["discard"]
    assert "7D" not in [c.text for c in hand(table)]


def test_hint_points_at_a_legal_move(app: App) -> None:
    table = try_table(app, BIDS)
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0)
    for _ in range(200):
        app.frame(1 / 60)
        table.worker.wait(0.05)
        if table.hint is not None:
            break
    assert table.hint is not None and table.hint[2] == "hand/0"
    assert table.said.text.startswith("Hint: draw")


def test_choices_that_are_not_drags_are_buttons_and_the_engine_judges_them(app: App) -> None:
    table = try_table(app, BIDS)
    table.legal = [*table.legal, rules.Action("pass", "pass", label="Pass")]  # as a game with a pass would offer
    table._refresh()
    button = next(b for b in table.choice_buttons if b.label == "Pass")
    click(app, button.rect.center)
    assert table.said.text == "'pass' is not legal now"  # Try has no pass: the engine says so
    assert actions(table) == BIDS


def test_escape_opens_the_table_menu_and_resume_closes_it(app: App) -> None:
    table = try_table(app, BIDS)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    app.frame(1 / 60)
    assert table.menu.open
    click(app, table.menu.resume.rect.center)
    assert not table.menu.open


def test_the_rules_opened_from_the_pause_menu_go_back_to_it(app: App) -> None:
    table = try_table(app, BIDS)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    app.frame(1 / 60)
    click(app, next(b for b in table.menu.buttons if b.label == "Rules").rect.center)
    rules_scene = app.stack.top
    assert type(rules_scene).__name__ == "RulesHelpScene"
    click(app, rules_scene.close_button.rect.center)  # Back
    assert app.stack.top is table and table.menu.open
    click(app, table.menu.resume.rect.center)
    assert not table.menu.open


def test_your_bid_lies_face_up_before_you_and_others_bids_never_show(app: App) -> None:
    table = try_table(app, BIDS)
    for seat in (1, 0):  # hovering another's bid or your own: yours shows, theirs never
        post(pygame.MOUSEMOTION, pos=centre(table.board.top(f"bid/{seat}")), rel=(0, 0), buttons=(0, 0, 0))
        app.frame(1 / 60)
        bids = [(z, t) for z, t in table.shown_faces if z.startswith("bid/")]
        assert bids == [("bid/0", "6S")]


# --------------------------------------------------------------- hot seat
def faces_outside(table: TableScene, seat: int) -> list[tuple[str, str]]:
    """Cards drawn face up that are neither public nor the given seat's own."""
    own = {f"hand/{seat}", f"bid/{seat}"}
    return [(z, t) for z, t in table.shown_faces if z not in PUBLIC | own]


def test_hot_seat_hands_off_between_humans_and_hides_the_next_hand_until_the_click(app: App) -> None:
    table = try_table(app, BIDS, kinds=("human", "human", "bot"))
    handoff = app.stack.top
    assert type(handoff).__name__ == "HandoffScene" and handoff.seat_name == "Ann"
    assert faces_outside(table, -1) == []  # before anyone's click: public cards only
    click(app, handoff.continue_button.rect.center)
    settle(app)
    assert app.stack.top is table and table.seat == 0
    app.frame(1 / 60)
    assert faces_outside(table, 0) == [] and any(z == "hand/0" for z, _ in table.shown_faces)
    drag(app, centre(hand(table)[0]), zone_centre(table, "stock"))  # refused: a message for Ann
    assert table.said.text
    drag(app, zone_centre(table, "stock"), zone_centre(table, "hand/0"))
    settle(app)
    drag(app, centre(hand(table)[0]), zone_centre(table, "discard"))
    settle(app)
    handoff = app.stack.top
    assert type(handoff).__name__ == "HandoffScene" and handoff.seat_name == "Bob"
    assert faces_outside(table, 0) == []  # the table's last picture was still Ann's
    drawn = list(table.shown_faces)
    app.frame(1 / 60)
    assert table.shown_faces == drawn  # nothing of the table is drawn under the hand-off
    click(app, handoff.continue_button.rect.center)
    app.frame(1 / 60)
    assert table.seat == 1 and table.said.text == ""  # nothing said to Ann stays for Bob
    assert faces_outside(table, 1) == [] and any(z == "hand/1" for z, _ in table.shown_faces)


def test_with_one_human_there_is_no_handoff(app: App) -> None:
    table = try_table(app, BIDS)
    assert app.stack.top is table and table.seat == 0


# ---------------------------------------------------------------- bots
def test_a_bots_only_match_plays_to_the_end_and_shows_the_result(app: App) -> None:
    seats = [{"name": n, "kind": "bot", "level": "normal"} for n in ("Ada", "Basil", "Cleo")]
    session = Session.new("try", 3, None, seats, 12, {})
    seen: list[type] = []
    for bot in session.bots.values():
        choose = bot.choose

        def spy(view: Any, choose: Any = choose) -> str:
            seen.append(type(view))
            return choose(view)

        bot.choose = spy  # type: ignore[method-assign]
    app.push(TableScene(app, session))
    for _ in range(3000):
        app.frame(1 / 60)
        if type(app.stack.top).__name__ == "ResultScene":
            break
    assert type(app.stack.top).__name__ == "ResultScene"
    assert session.is_over
    assert seen and all(issubclass(t, rules.View) for t in seen)


def test_the_end_flips_every_hand_and_bid_face_up(app: App) -> None:
    seats = [{"name": n, "kind": "bot", "level": "normal"} for n in ("Ada", "Basil", "Cleo")]
    table = TableScene(app, Session.new("try", 3, None, seats, 4, {}))
    app.push(table)
    for _ in range(3000):
        app.frame(1 / 60)
        if table.session.is_over and not table.queue and table.ending:
            break
    table.draw(app.window_surface)
    revealed = {z for z, _ in table.shown_faces}
    assert {"hand/0", "hand/1", "hand/2", "bid/0", "bid/1", "bid/2"} <= revealed
    assert "removed" not in revealed


# -------------------------------------------------------------- window
def test_resizing_the_window_lays_the_table_out_again(app: App) -> None:
    table = try_table(app, BIDS)
    wide = hand(table)[0].width
    post(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600)
    settle(app)
    for _ in range(30):
        app.frame(1 / 60)
    assert table.layout.size == (900, 600)
    assert hand(table)[0].width < wide
    area = pygame.Rect(0, 0, 900, 600)
    assert all(area.collidepoint(centre(c)) for c in table.board.sprites())


def spec(name: str, kind: str, place: str, per_seat: bool = False, visibility: str = "public") -> dict[str, Any]:
    return {
        "name": name,
        "kind": kind,
        "place": place,
        "per_seat": per_seat,
        "visibility": visibility,
        "label": name.title(),
    }


# A made-up game using every layout hint: stacks and rows at each seat, a numbered grid and a
# trick in the middle, a dummy (a place of its own) of face-down cards under face-up ones for up to
# four players, a corner.
RICH = {
    s["name"]: s
    for s in [
        spec("hand", "hand", "seat", True, "owner"),
        spec("won", "stack", "seat", True),
        spec("melds", "spread", "seat", True),
        spec("middle", "grid", "center", visibility="hidden"),
        spec("trick", "trick", "center"),
        spec("dummy_up", "stack", "dummy"),
        spec("dummy_down", "stack", "dummy", visibility="hidden"),
        spec("discards", "stack", "corner", visibility="hidden"),
    ]
}


def layout_areas(layout: TableLayout, players: int) -> dict[str, pygame.Rect]:
    """What must not overlap: each other seat (with its cards), your own things, each block in the middle."""
    areas = {f"seat {s}": b.box for s, b in layout.seats.items() if not b.bottom}
    areas.update({"your plate": layout.seats[0].plate, "status": layout.status})
    blocks: dict[str, pygame.Rect] = {}
    for name, box in layout.zones.items():
        if box.seat is not None and box.seat != 0:
            assert areas[f"seat {box.seat}"].contains(box.extent(5)), f"{name} sticks out of its seat"
            continue
        key = name.split("_")[0].split("/")[0] if box.seat is None else name
        extent = box.extent(5 if box.kind in ("hand", "spread", "row") else players if box.kind == "trick" else 1)
        blocks[key] = blocks[key].union(extent) if key in blocks else extent
    areas.update(blocks)
    return areas


@pytest.mark.parametrize("game", ["try", "rich"])
@pytest.mark.parametrize("size", [(800, 600), (900, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seats_piles_and_the_hand_never_overlap_and_stay_on_screen(
    game: str, size: tuple[int, int], players: int
) -> None:
    specs = rules.load_game("try").zone_specs if game == "try" else RICH
    names = []
    for name, zone in specs.items():
        if zone.get("per_seat"):
            names += [f"{name}/{s}" for s in range(players)]
        elif name == "middle":
            names += [f"{name}/{i}" for i in range(8)]
        elif name.startswith("dummy"):  # a dummy makes up a missing player: small tables only
            names += [f"{name}/{i}" for i in range(4)] if players <= 4 else []
        else:
            names.append(name)
    layout = TableLayout(size, players, 0, specs, names, 7)
    assert set(layout.zones) == set(names)
    areas = layout_areas(layout, players)
    screen = pygame.Rect((0, 0), size)
    for name, area in areas.items():
        assert name == "hand/0" or screen.contains(area), f"{name} is off screen"
    keys = list(areas)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            assert not areas[a].colliderect(areas[b]), f"{a} overlaps {b}"


def test_the_top_bar_names_your_seat_unless_your_name_is_you(app: App) -> None:
    table = try_table(app, BIDS)
    assert table.paint._bar_detail().startswith("3 players  \u00b7  you are Ann")
    app.stack.clear()
    record = try_record(HANDS, BIDS, STOCK)
    record["seats"] = [{"name": "You", "kind": "human"}] + [
        {"name": n, "kind": "bot", "level": "normal"} for n in ("Bob", "Cleo")
    ]
    table = TableScene(app, Session.from_record(record))
    app.push(table)
    settle(app)
    detail = table.paint._bar_detail()
    assert detail.startswith("3 players") and "you are" not in detail  # not "you are You"
