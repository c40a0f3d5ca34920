"""Tribello and 3-Player Troeven at the table, driven headless by real pygame events: cards
played to the trick (or sent home with the engine's reason), the pickup exchange by clicks,
naming trump with the suit buttons, the dummy played by its caller, the corner badge, the
score sheet between deals, and bots-only matches to the result scene."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from conftest import app_fixture  # noqa: E402
from pointer import click, drag, settle  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene, status  # noqa: E402
from cardtable.table.cards import CardSprite  # noqa: E402
from cardtable.table.score_sheet import ScoreSheetScene  # noqa: E402
from cardtable.table.trick_hud import SuitButton  # noqa: E402
from rules.presenter import Plate  # noqa: E402

NAMES = ("Ann", "Basil", "Cleo")
ANN_ONLY = ("human", "bot", "bot")

# Tribello: Ann holds three spades and ten hearts; Basil's last card (the cut) is the ace of hearts.
TRIBELLO = {
    "hand/0": ["3S", "4S", "5S", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH"],
    "hand/1": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "2S", "QH", "KH", "AH"],
    "hand/2": ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
    "pickup": ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"],
}
# Troeven with a dummy: Cleo deals, Ann calls trump (her first four cards are spades) and plays
# with the dummy, whose face-up diamonds lie over face-down diamonds.
TROEVEN = {
    "hand/0": ["AS", "KS", "QS", "JS", "AC", "KC", "QC", "JC"],
    "hand/1": ["10S", "9S", "8S", "7S", "10C", "9C", "8C", "7C"],
    "hand/2": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H"],
    **{f"dummy_up/{i}": [c] for i, c in enumerate(["AD", "KD", "QD", "JD"])},
    **{f"dummy_down/{i}": [c] for i, c in enumerate(["10D", "9D", "8D", "7D"])},
}


def seats(kinds: tuple[str, ...] = ANN_ONLY) -> list[dict[str, Any]]:
    return [
        {"name": n, "kind": k, **({"level": "normal"} if k == "bot" else {})} for n, k in zip(NAMES, kinds, strict=True)
    ]


def record(
    game: str,
    layout: dict[str, list[str]],
    dealer: int,
    actions: list[list[Any]],
    start: dict[str, Any] | None = None,
    variant: str | None = None,
    kinds: tuple[str, ...] = ANN_ONLY,
) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "format": rules.RECORD_FORMAT,
        "game": game,
        "variant": variant or rules.load_game(game).variants[0],
        "players": 3,
        "settings": {},
        "seats": seats(kinds),
        "seed": 1,
        "deals": [{"dealer": dealer, "layout": layout, "actions": actions}],
    }
    if start is not None:
        rec["start"] = start
    return rec


app = app_fixture(no_log=True)  # a scene's error becomes a toast and a log entry


def open_table(app: App, session: Session) -> TableScene:
    table = TableScene(app, session)
    app.push(table)
    settle(app)
    return table


def centre(card: CardSprite) -> tuple[int, int]:
    """A point of ``card`` that no card of its fan covers (its left edge, half-way down)."""
    rect = card.rect()
    return rect.left + max(4, rect.width // 8), rect.centery


def plate(table: TableScene, seat: int) -> Plate:
    """Seat ``seat``'s name plate as the game's presenter words it (from an empty generic one)."""
    return table.presenter.plate(table.view, seat, table.seat, table.names, Plate(""))


def card_in(table: TableScene, zone: str, text: str) -> CardSprite:
    return next(c for c in table.board.zones[zone] if c.text == text)


def trick_centre(table: TableScene) -> tuple[int, int]:
    return table.layout.zones["trick"].rect(0).center


def deal_actions(table: TableScene) -> list[list[Any]]:
    return table.state.to_record()["deals"][-1]["actions"]


# --------------------------------------------------------------- Tribello
FOLLOWING = [[1, "keep"], [2, "keep"], [0, "keep"], [1, "play AS"], [2, "play 2D"]]


def test_a_card_dragged_to_the_trick_lands_in_front_of_you(app: App) -> None:
    leading = [[0, "keep"], [1, "keep"], [2, "keep"]]  # Ann deals, so she leads
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 0, leading)))
    card = card_in(table, "hand/0", "4S")
    drag(app, centre(card), trick_centre(table))
    assert deal_actions(table)[4] == [0, "play 4S"]
    spots = table.layout.zones["trick"].spots
    assert card.zone == "trick" and (card.x, card.y) == spots[0][:2]
    assert spots[0][1] > max(spots[1][1], spots[2][1])  # yours is the card nearest you


def test_the_prompt_to_click_the_trick_goes_once_the_card_is_played(app: App) -> None:
    leading = [[0, "keep"], [1, "keep"], [2, "keep"]]  # Ann deals, so she leads
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 0, leading)))
    click(app, centre(card_in(table, "hand/0", "4S")))
    assert table.said.text.startswith("Now click")
    click(app, trick_centre(table))
    assert deal_actions(table)[4] == [0, "play 4S"]
    assert not table.said.text.startswith("Now click"), "the move is made: its prompt is gone"


def test_a_revoke_is_drawn_dimmed_and_snaps_back_with_the_reason(app: App) -> None:
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 1, FOLLOWING)))
    heart = card_in(table, "hand/0", "7H")
    painted: dict[str, bool] = {}
    draw = table.painter.draw

    def spy(surface: pygame.Surface, card: CardSprite, *args: Any, dim: bool = False, **kwargs: Any) -> None:
        painted[card.text or ""] = dim
        draw(surface, card, *args, dim=dim, **kwargs)

    table.painter.draw = spy  # type: ignore[method-assign]
    table.forget_layers()  # every card painted afresh (not the layer painted before the spy)
    table.draw(app.window_surface)
    assert painted["7H"] and not painted["5S"]  # hearts drawn dimmed: you hold spades
    home = (heart.x, heart.y)
    before = deal_actions(table)
    drag(app, centre(heart), trick_centre(table))
    settle(app)
    assert deal_actions(table) == before
    assert table.said.text == "You must follow Spades: you hold the 3, 4 and 5 of Spades."
    assert heart.zone == "hand/0" and (heart.x, heart.y) == home


def test_holding_the_led_suit_only_its_cards_are_bright(app: App) -> None:
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 1, FOLLOWING[:3] + [[1, "play QH"]])))
    assert table._my_turn()
    assert not any(table.ext.dimmed(c) for c in table.board.zones["hand/0"] if c.text.endswith("H"))
    assert all(table.ext.dimmed(c) for c in table.board.zones["hand/0"] if c.text.endswith("S"))


def test_the_exchange_by_clicks_and_the_button_that_says_what_it_does(app: App) -> None:
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 0, [])))
    assert [b.label for b in table.choice_buttons] == ["Keep my hand"]
    click(app, centre(card_in(table, "hand/0", "3S")))
    settle(app)
    click(app, centre(card_in(table, "hand/0", "4S")))
    settle(app)
    assert sorted(c.text for c in table.board.zones["exchange/0"]) == ["3S", "4S"]
    assert [b.label for b in table.choice_buttons] == ["Exchange 2 cards"]
    click(app, centre(card_in(table, "exchange/0", "4S")))  # a click brings a card back
    settle(app)
    assert [c.text for c in table.board.zones["exchange/0"]] == ["3S"]
    click(app, centre(card_in(table, "hand/0", "4S")))
    settle(app)
    click(app, table.choice_buttons[0].rect.center)
    settle(app)
    assert [0, "exchange 3S 4S"] in deal_actions(table)
    hand = [c.text for c in table.board.zones["hand/0"]]
    assert len(hand) == 13 and {"2C", "3C"} <= set(hand) and not {"3S", "4S"} & set(hand)
    assert table.board.zones["exchange/0"] == []


def test_the_dealer_names_trump_with_a_suit_button(app: App) -> None:
    start = {"deal": 4, "scores": [0, 0, 0]}  # round 2: the dealer names trump
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 0, [], start)))
    assert table.ext["trick"].badge().title == "Trump: the dealer names it"
    buttons = {b.label: b for b in table.choice_buttons}
    assert list(buttons) == ["Spades", "Hearts", "Diamonds", "Clubs"]
    assert all(isinstance(b, SuitButton) for b in buttons.values())
    click(app, buttons["Hearts"].rect.center)
    settle(app)
    assert deal_actions(table)[0] == [0, "trump hearts"]
    assert (table.ext["trick"].badge().glyph, table.ext["trick"].badge().title) == ("hearts", "Trump: Hearts")


@pytest.mark.parametrize(
    ("deal", "headline", "line"),
    [
        (1, "Trump: Hearts", "Round 1 \u00b7 deal 1 of 12"),
        (4, "Trump: the dealer names it", "Round 2 \u00b7 deal 4 of 12"),
        (8, "No trump", "Round 3 \u00b7 deal 8 of 12"),
        (12, "Nullo \u00b7 no trump", "Round 4 \u00b7 deal 12 of 12"),
    ],
)
def test_the_badge_says_the_trump_of_each_round(app: App, deal: int, headline: str, line: str) -> None:
    start = {"deal": deal, "scores": [0, 0, 0]}
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 0, [], start)))
    assert (table.ext["trick"].badge().title, table.ext["trick"].badge().lines) == (headline, (line,))


def test_the_plates_count_tricks_against_each_quota(app: App) -> None:
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 1, FOLLOWING)))
    assert [plate(table, s).sub for s in range(3)] == [
        "tricks 0 / at least 3",
        "tricks 0 / at least 6",
        "tricks 0 / at least 4",
    ]
    drag(app, centre(card_in(table, "hand/0", "3S")), trick_centre(table))
    settle(app)
    assert plate(table, 1).sub == "tricks 1 / at least 6"  # Basil's ace took it


def test_others_see_the_cut_card_face_up_in_the_dealers_hand(app: App) -> None:
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 1, [[1, "keep"], [2, "keep"]])))
    table.draw(app.window_surface)
    assert ("hand/1", "AH") in table.shown_faces
    assert [(z, t) for z, t in table.shown_faces if z == "hand/1"] == [("hand/1", "AH")]


@pytest.mark.parametrize("aside", ["AH", "2S"])
def test_the_cut_card_turns_face_down_once_the_dealer_sets_a_card_aside(app: App, aside: str) -> None:
    """Basil deals (his moves made by the test). From the very frame his first card goes aside,
    the cut card or another, Ann's screen shows nothing of his cards: nobody can tell whether
    the cut card is among them; once he brings the card back, it is surely there again."""
    session = Session.from_record(record("tribello", TRIBELLO, 1, []))
    session.bots.clear()  # Basil and Cleo wait for the test, not for a bot
    table = TableScene(app, session)
    app.push(table)
    for _ in range(12):
        app.frame(1 / 60)
    assert table.seat == 0 and faces_of(table, app, "hand/1") == ["AH"]

    def move(text: str) -> list[list[str]]:
        """Basil's move, then what of his cards Ann's screen shows, a frame at a time."""
        assert table._apply(session.state.parse_action(text))
        shown = [faces_of(table, app, "hand/1", "exchange/1")]
        for _ in range(4):  # the move plays back at once in fast mode; the re-sync follows
            app.frame(1 / 60)
            shown.append(faces_of(table, app, "hand/1", "exchange/1"))
        return shown

    assert all(s == [] for s in move(f"toggle {aside}"))
    assert table.view.known == {}
    assert move(f"toggle {aside}")[-1] == ["AH"]  # brought back: the cut card is surely there again
    assert table.view.known == {"hand/1": ("AH",)}
    move(f"toggle {aside}")
    assert all(s == [] for s in move(f"exchange {aside}"))
    assert all(t != "AH" for _, t in table.shown_faces)


def faces_of(table: TableScene, app: App, *zones: str) -> list[str]:
    """The cards of ``zones`` painted face up in a frame drawn now."""
    table.draw(app.window_surface)
    return [t for z, t in table.shown_faces if z in zones]


def test_the_last_trick_shows_who_played_each_card(app: App) -> None:
    table = open_table(app, Session.from_record(record("tribello", TRIBELLO, 1, FOLLOWING)))
    assert not table.ext["trick"].last_button.enabled
    drag(app, centre(card_in(table, "hand/0", "3S")), trick_centre(table))
    settle(app)
    assert table.ext["trick"].last_button.enabled
    click(app, table.ext["trick"].last_button.rect.center)
    assert table.ext["trick"].show_last
    assert table.ext["trick"].last_trick() == (
        "Last trick \u00b7 Basil won it",
        [("Basil", "AS"), ("Cleo", "2D"), ("You", "3S")],
        0,
    )
    table.draw(app.window_surface)


def played_to_the_last_trick(game: str, variant: str | None = None) -> Session:
    """A match whose seat 0 is about to play in the first deal's last trick (everyone played the
    first legal card until then)."""
    state = rules.load_game(game).new_match(players=3, variant=variant, seed=5, seats=seats(), dealer=2)
    while not (state.phase == "play" and state.tricks_left == 1 and state.current_player == 0):
        legal = state.legal_actions()
        state.apply(legal[-1] if state.phase == "exchange" else legal[0])  # exchange: the confirm
    return Session.from_record(state.to_record())


@pytest.mark.parametrize(("game", "variant"), [("tribello", None), ("troeven", "dummy")])
def test_between_deals_the_score_sheet_waits_for_next_deal(app: App, game: str, variant: str | None) -> None:
    table = open_table(app, played_to_the_last_trick(game, variant))
    for _ in range(3):  # your card (and in Troeven perhaps the dummy's)
        if app.stack.top is not table or not table._my_turn():
            break
        action = table.legal[0]
        drag(app, centre(card_in(table, action.source, table.deck.text(action.card))), trick_centre(table))
        settle(app)
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    assert len(sheet.sheet.rows) == 1 and sheet.button.label == "Next deal"
    assert sheet.sheet.totals == tuple(table.state.scores)
    for _ in range(5):
        app.frame(1 / 60)
    assert app.stack.top is sheet  # the table waits
    app.draw()
    click(app, sheet.button.rect.center)
    assert app.stack.top is table
    settle(app)
    assert table.view.deal == 2


# ---------------------------------------------------------------- Troeven
def test_the_caller_plays_a_dummy_card_and_the_one_beneath_turns_up(app: App) -> None:
    actions = [[0, "trump diamonds"], [0, "play AS"], [1, "play 10S"]]
    table = open_table(app, Session.from_record(record("troeven", TROEVEN, 2, actions)))
    assert table._my_turn() and table.view.public["to_play"] == "dummy"
    assert table.status_text.startswith("Play for the dummy")
    assert all(table.ext.dimmed(c) for c in table.board.zones["hand/0"])  # your own cards wait
    ace = table.board.zones["dummy_up/0"][0]
    assert ace.text == "AD" and not table.ext.dimmed(ace)
    drag(app, centre(ace), trick_centre(table))
    assert [0, "play AD"] in deal_actions(table)
    settle(app)
    assert table.view.zones["dummy_up/0"] == ("10D",) and table.view.zones["dummy_down/0"] == ()
    turned = table.board.zones["dummy_up/0"]
    assert [c.text for c in turned] == ["10D"] and table.board.face_up(turned[0]) and turned[0].flip == 1.0


def test_troeven_shows_trump_points_tallies_and_the_sides(app: App) -> None:
    table = open_table(app, Session.from_record(record("troeven", TROEVEN, 2, [])))
    assert [b.label for b in table.choice_buttons] == ["Spades", "Hearts", "Diamonds", "Clubs"]
    assert table.ext["trick"].badge().title == "Trump: not named yet"
    assert table.ext["trick"].badge().lines[0] == "Deal 1 \u00b7 you call trump"
    assert table.status_text.startswith("You call trump: name it from your first 4 cards")
    click(app, table.choice_buttons[2].rect.center)
    settle(app)
    badge = table.ext["trick"].badge()
    assert (badge.glyph, badge.title) == ("diamonds", "Trump: Diamonds")
    assert badge.lines == ("Deal 1 \u00b7 you called Diamonds", "You + dummy  vs  Cleo + Basil")
    assert not table.status_text.startswith("You call trump")
    assert plate(table, 1).sub == "tally 7 \u00b7 0 points"
    assert plate(table, 0).tags == ("caller",)


# ------------------------------------------------------------------- bots
@pytest.mark.parametrize(
    ("game", "start"),
    [("tribello", {"deal": 11, "scores": [0, 0, 0]}), ("troeven", {"deal": 1, "scores": [2, 2, 2]})],
)
def test_a_bots_only_match_plays_to_the_result_scene(app: App, game: str, start: dict[str, Any]) -> None:
    """Through at least one change of deal: with nobody to press "Next deal", no score sheet waits."""
    bots = tuple("bot" for _ in NAMES)
    state = rules.load_game(game).new_match(players=3, seed=3, seats=seats(bots), start=start)
    app.push(TableScene(app, Session(state)))
    for _ in range(4000):
        app.frame(1 / 60)
        if type(app.stack.top).__name__ == "ResultScene":
            break
    assert type(app.stack.top).__name__ == "ResultScene"
    assert state.is_over and len(state.deal_results) >= 2
    app.draw()


# ------------------------------------------------- the last trick, the pause
def play_last_card(app: App, table: TableScene) -> None:
    """Your card of the deal's last trick, dragged to the trick (the bots then play theirs)."""
    action = table.legal[0]
    drag(app, centre(card_in(table, action.source, table.deck.text(action.card))), trick_centre(table))


def frames_until(app: App, done: Any, limit: int = 2000, patience: float = 60.0) -> int:
    """Frames of 1/60 s run until ``done()`` holds; how many it took. Past ``limit`` frames it goes
    on, a little slower, for up to ``patience`` seconds: on a loaded machine a bot's thread may
    need that long to answer (the frames themselves take no time)."""
    start, n = time.monotonic(), 0
    while not done():
        if n >= limit:
            if time.monotonic() - start > patience:
                raise AssertionError("not reached")
            time.sleep(0.002)
        app.frame(1 / 60)
        n += 1
    return n


@pytest.mark.parametrize(("pause", "speed"), [(1.0, 1.0), (2.0, 2.0)])
def test_the_last_trick_stays_as_set_in_step_with_the_plates_before_the_score_sheet(
    user_home: Path, pause: float, speed: float
) -> None:
    app = App((1280, 800), fast=False)
    app.settings.trick_pause, app.settings.animation_speed = pause, speed
    try:
        table = TableScene(app, played_to_the_last_trick("tribello"))
        app.push(table)
        frames_until(app, lambda: table._my_turn() and not table._busy() and not table.dirty)
        before = sum(table.view.public["tricks_won"])
        play_last_card(app, table)
        frames_until(app, lambda: table.ext["trick"].winning is not None)  # the full trick, its winner ringed
        assert len(table.board.zones["trick"]) == 3 and app.stack.top is table
        won = table.view.public["tricks_won"]
        assert sum(won) == before + 1 == 13  # the plates count the last trick already
        assert [plate(table, s).sub.split(" / ")[0] for s in range(3)] == [f"tricks {n}" for n in won]
        assert table.status_text == "Deal 1 is over." and status.THINKING not in table.status_text
        held = frames_until(app, lambda: table.ext["trick"].winning is None)  # then it is gathered
        assert abs(held / 60 - pause / speed) <= 2 / 60
        assert app.stack.top is table  # the sheet waits for the gathered cards to land
        frames_until(app, lambda: isinstance(app.stack.top, ScoreSheetScene))
        assert table.board.zones["trick"] == [] and sum(len(table.board.zones[f"won/{s}"]) for s in range(3)) == 39
    finally:
        app.stack.clear()


def test_a_click_gathers_the_finished_trick_at_once(user_home: Path) -> None:
    app = App((1280, 800), fast=False)
    app.settings.trick_pause = 5.0
    try:
        table = TableScene(app, played_to_the_last_trick("troeven", "dummy"))
        app.push(table)
        frames_until(app, lambda: table._my_turn() and not table._busy() and not table.dirty)
        trick = table.ext["trick"]
        while table._my_turn():  # your card (and perhaps the dummy's)
            play_last_card(app, table)
            frames_until(app, lambda: trick.winning is not None or (table._my_turn() and not table._busy()))
        assert table.ext["trick"].winning is not None and "Someone" not in table.ext["trick"].caption
        assert sum(table.view.public["points"]) == 40  # every card point of the deal counted on the plates
        assert [plate(table, s).sub for s in range(3)] == [
            f"tally {t} \u00b7 {p} points" for t, p in zip(table.view.scores, table.view.public["points"], strict=True)
        ]
        assert table.view.scores == tuple(table.state.scores)  # the tallies after the deal
        click(app, (table.size[0] // 2, table.layout.bar.bottom + 8))
        assert table.ext["trick"].winning is None and isinstance(app.stack.top, ScoreSheetScene)
    finally:
        app.stack.clear()


def test_no_thinking_once_a_bot_has_answered(user_home: Path) -> None:
    app = App((1280, 800), fast=False)
    try:
        table = TableScene(app, Session.from_record(record("tribello", TRIBELLO, 1, FOLLOWING[:3])))  # Basil leads
        app.push(table)
        app.frame(1 / 60)
        assert table.status_text == f"Basil is {status.THINKING}"
        frames_until(app, lambda: table.generation > 0)  # Basil's card is on its way
        assert table._busy() and table.status_text == "Basil's turn"
        frames_until(app, lambda: table._my_turn() and not table._busy() and not table.dirty)
        assert status.THINKING not in table.status_text
    finally:
        app.stack.clear()


def test_once_trump_is_named_the_buttons_go_and_the_status_says_so(user_home: Path) -> None:
    app = App((1280, 800), fast=False)  # the rest of the cards take their time to be dealt
    try:
        table = TableScene(app, Session.from_record(record("troeven", TROEVEN, 2, [], variant="dummy")))
        app.push(table)
        frames_until(app, lambda: table._my_turn() and not table._busy() and not table.dirty)
        assert [b.label for b in table.choice_buttons] == ["Spades", "Hearts", "Diamonds", "Clubs"]
        click(app, table.choice_buttons[1].rect.center)
        assert table._busy()  # the rest of the deal is still on its way
        assert table.choice_buttons == [] and not any(isinstance(b, SuitButton) for b in table.buttons)
        assert table.status_text.startswith("You called Hearts"), table.status_text
        assert "trump" not in table.status_text.lower()  # no "You call trump…" left over
        assert table.ext["trick"].badge().lines[0] == "Deal 1 \u00b7 you called Hearts"
    finally:
        app.stack.clear()


def test_a_finished_trick_on_show_says_who_takes_it(user_home: Path) -> None:
    app = App((1280, 800), fast=False)
    app.settings.trick_pause = 5.0
    try:
        table = TableScene(app, Session.from_record(record("tribello", TRIBELLO, 1, FOLLOWING[:3])))  # Basil leads
        app.push(table)
        frames_until(app, lambda: table._my_turn() and not table._busy() and not table.dirty)
        drag(app, centre(card_in(table, "hand/0", "3S")), trick_centre(table))  # the trick is full: Basil's ace
        frames_until(app, lambda: table.ext["trick"].winning is not None)
        assert table.status_text == "Basil takes the trick.", table.status_text
    finally:
        app.stack.clear()
