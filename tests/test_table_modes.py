"""The table's interaction modes (``cardtable/table/widgets/modes.py``), switched on by the seat's
legal actions, headless with real pygame events: which modes each game's table has on at its
first decision and at a few points of a deal (select for Tribello's exchange, value for its
trump, offer for Trio's team swap, build for a rummy's melds), two on at once (a meld being built
whose wild card names a value), each gone when its actions are; a rummy without the hint
``select`` reads its build zone from the actions; a game's own word counts as the engine's kind
it declares itself a case of, and only then."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from conftest import app_fixture  # noqa: E402
from pointer import click, drag, settle  # noqa: E402
from test_table_tricks import TRIBELLO, card_in, deal_actions  # noqa: E402
from test_table_tricks import centre as trick_centre  # noqa: E402
from test_table_tricks import record as trick_record  # noqa: E402
from test_table_trio import TEAM4, trio_record  # noqa: E402
from test_table_trio import actions as trio_actions  # noqa: E402
from test_table_trio import centre as trio_centre  # noqa: E402
from test_tryce_table import joker_for_the_4H1, meld_by_clicks, take_discard  # noqa: E402
from test_tryce_table import record as tryce_record  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.trick_hud import SuitButton  # noqa: E402
from cardtable.table.widgets.build_mode import BuildMode  # noqa: E402
from rules.games.trio.procedure import TrioAction  # noqa: E402
from rules.kinds import ActionKind, Word, is_kind  # noqa: E402

app = app_fixture(no_log=True)

# The modes on at seat 0's first decision of a new match (seed 1), by game and variant.
FIRST = {
    ("try", None): [],  # a bid laid face down: a drag
    ("tribello", None): ["select"],  # the pickup exchange
    ("troeven", "dummy"): ["value"],  # the caller names trump
    ("trio", "simple"): [],  # reveals: clicks on the grid and the hands' ends
    ("trio", "team-simple"): ["offer"],  # the partners' swap
    ("tryce", None): [],  # the draw or the buy
    ("ohhell", None): [],  # a bid: the number buttons
    ("rummy", None): [],  # the draw
}


def open_table(app: App, session: Session) -> TableScene:
    table = TableScene(app, session)
    app.push(table)
    settle(app)
    if type(app.stack.top).__name__ == "HandoffScene":
        click(app, app.stack.top.continue_button.rect.center)
        settle(app)
    assert app.stack.top is table
    return table


def modes(table: TableScene) -> list[str]:
    return table.ext.modes.names()


def button(table: TableScene, label: str) -> Any:
    return next(b for b in table.buttons if b.label == label and b.visible)


@pytest.mark.parametrize(("game_id", "variant"), list(FIRST))
def test_each_games_first_decision_switches_on_its_modes(app: App, game_id: str, variant: str | None) -> None:
    if game_id not in rules.list_games():
        pytest.skip(f"the {game_id} example is not installed")
    game = rules.load_game(game_id)
    variant = variant or game.variants[0]
    players = game.config.player_range(variant)[0]
    seats = [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Bot {s}", "kind": "bot", "level": "normal"} for s in range(1, players)
    ]
    state = game.new_match(players=players, variant=variant, seed=1, seats=seats)
    table = open_table(app, Session(state))
    for _ in range(20):  # the bots play up to Ann's first decision
        if table._my_turn():
            break
        settle(app)
    assert table._my_turn()
    want = FIRST[game_id, None if (game_id, None) in FIRST else variant]
    assert modes(table) == want, [a.text for a in table.legal][:6]
    if not want:
        assert not any(table.ext.modes.build.serves([a]) for a in table.legal)


def test_tribellos_exchange_is_select_then_confirm_and_ends_with_it(app: App) -> None:
    table = open_table(app, Session.from_record(trick_record("tribello", TRIBELLO, 0, [])))
    assert modes(table) == ["select"]
    click(app, trick_centre(card_in(table, "hand/0", "3S")))
    settle(app)
    assert [c.text for c in table.board.zones["exchange/0"]] == ["3S"] and modes(table) == ["select"]
    (confirm,) = table.choice_buttons  # the select mode's: the one choice left, primary
    assert confirm.label == "Exchange 1 card" and confirm.primary
    click(app, confirm.rect.center)
    settle(app)
    assert [0, "exchange 3S"] in deal_actions(table)
    assert table._my_turn() and any(a.kind == "play" for a in table.legal)  # the tricks begin
    assert modes(table) == []  # no toggle left: the mode is gone


def test_a_trick_table_whose_actions_both_exchange_and_name_trump_has_both_modes(app: App) -> None:
    """Tribello's exchange with a trump choice legal beside it (as a game that names trump while it
    exchanges would offer): select and value on together; a click still moves a card aside, and
    once the table reads the engine's actions again (no trump among them) the value mode is gone."""
    table = open_table(app, Session.from_record(trick_record("tribello", TRIBELLO, 0, [])))
    trumps = [
        rules.Action(ActionKind.TRUMP, f"trump {suit}", label=suit.title(), value=suit) for suit in ("hearts", "spades")
    ]
    table.legal = [*table.legal, *trumps]
    table._refresh()
    assert modes(table) == ["select", "value"]
    click(app, trick_centre(card_in(table, "hand/0", "3S")))
    settle(app)
    assert [c.text for c in table.board.zones["exchange/0"]] == ["3S"]
    assert modes(table) == ["select"]


def test_tribellos_trump_is_a_value_chosen_then_the_exchange_selects(app: App) -> None:
    start = {"deal": 4, "scores": [0, 0, 0]}  # round 2: the dealer names trump
    table = open_table(app, Session.from_record(trick_record("tribello", TRIBELLO, 0, [], start)))
    assert modes(table) == ["value"]
    assert all(isinstance(b, SuitButton) for b in table.choice_buttons)
    click(app, next(b for b in table.choice_buttons if b.label == "Hearts").rect.center)
    settle(app)
    assert deal_actions(table)[0] == [0, "trump hearts"]
    assert modes(table) == ["select"]  # the trump named, the exchange follows: value off, select on


def test_trios_team_swap_is_an_offer_until_the_swap_is_done(app: App) -> None:
    table = open_table(app, Session.from_record(trio_record(TEAM4, ("human", "bot", "bot", "bot"), "team-simple")))
    assert modes(table) == ["offer"]
    offer = table.ext.modes.offer
    assert {a.kind for a in offer.gives()} == {TrioAction.SWAP}
    click(app, trio_centre(table.board.zones["hand/0"][4]))  # a 3, chosen
    assert table.pointer.selected is not None and table.pointer.selected.text == "3"
    click(app, table.choice_buttons[0].rect.center)  # the give button
    settle(app)
    assert trio_actions(table)[0] == [0, "swap 3"]
    for _ in range(20):  # the partner (a bot) answers; the reveals begin
        if table.state.phase != "swap":
            break
        settle(app)
    assert modes(table) == []  # no give left, none waiting: the mode is gone


def test_a_wild_card_in_a_word_has_build_and_value_on_together(app: App) -> None:
    table = open_table(app, Session.from_record(tryce_record(3, joker_for_the_4H1())))
    assert modes(table) == []  # the draw: no building step yet
    take_discard(app, table)
    assert modes(table) == ["build"]
    meld_by_clicks(app, table, ("3D1", "JK", "QS1", "5S1"), "Meld a word")
    assert [b.label for b in table.ext["melds"].picker] == ["A", "E", "I", "O", "U", "Back"]
    assert modes(table) == ["build", "value"]  # a meld being built whose joker names a vowel
    assert table.ext.modes.value.picker.buttons == table.ext["melds"].picker
    click(app, button(table, "Back").rect.center)
    settle(app)
    assert not table.ext["melds"].picker and not table.board.zones.get("build/0")
    assert modes(table) == ["build"]  # the picker closed, the vowels' adds gone: value off


def test_the_build_mode_goes_with_the_turn(app: App) -> None:
    table = open_table(app, Session.from_record(tryce_record(3, joker_for_the_4H1())))
    take_discard(app, table)
    assert modes(table) == ["build"]
    discard = next(a for a in table.legal if a.kind == "discard")
    card = card_in(table, "hand/0", table.deck.text(discard.card))
    drag(app, trick_centre(card), table.layout.zones["discard"].anchor)
    settle(app)
    assert [0, discard.text] in table.state.to_record()["deals"][0]["actions"]
    assert "build" not in modes(table)  # others' turns, then a draw: no building step


def test_a_rummy_without_the_select_hint_reads_its_build_zone_from_the_actions(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "rummy" not in rules.list_games():
        pytest.skip("the Rummy example is not installed")
    from test_rummy_plugin import record as rummy_record

    game = rules.load_game("rummy")
    monkeypatch.setitem(game.config.layout, "hints", {})  # (the example names none; a house rule's file may)
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Basil", "kind": "bot", "level": "normal"}]
    table = open_table(app, Session.from_record(json.loads(json.dumps(rummy_record(seats=seats)))))
    assert "select" not in table.hints and modes(table) == []
    build = table.ext.modes.build
    assert isinstance(build, BuildMode) and build.builder.build is None
    click(app, table.board.zones["discard"][0].rect().center)  # take the 7C
    settle(app)
    assert modes(table) == ["build"] and build.builder.build_zone() is None  # no add yet: none known
    assert build.builder.find_build_zone() == "build/0"  # a meld started on a copy says where
    for text in ["7S", "7H", "7D", "7C"]:
        rect = card_in(table, "hand/0", text).rect()
        click(app, (rect.left + max(3, rect.width // 6), rect.centery))
    click(app, button(table, "Meld a set").rect.center)
    settle(app)
    assert [c.text for c in table.board.zones["meld/0/0"]] == ["7S", "7H", "7D", "7C"]
    assert build.builder.build_zone() == "build/0"
    assert [b.label for b in table.ext["melds"].buttons()] == ["Rank", "Suit"]  # sorting came with the mode


class Given(Word):
    """A made-up game's own word, a case of the engine's give."""

    HAND_OVER = "swap", ActionKind.GIVE


class Plain(Word):
    """Another's, only reading like a meld's swap."""

    SWAP = "swap"


def test_a_games_own_word_counts_as_the_engine_kind_it_is_a_case_of() -> None:
    assert is_kind(Given.HAND_OVER, ActionKind.GIVE) and not is_kind(Given.HAND_OVER, ActionKind.SWAP)
    assert not is_kind(Plain.SWAP, ActionKind.SWAP)  # reads the same, declares nothing
    assert is_kind("swap", ActionKind.SWAP) and is_kind(ActionKind.SWAP, ActionKind.SWAP)  # plain text: the word
    assert (
        json.dumps([Given.HAND_OVER, TrioAction.SWAP]) == '["swap", "swap"]'
        and TrioAction("swap").case is ActionKind.GIVE
    )
