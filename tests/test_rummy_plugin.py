"""Rummy, the second example plugin (``examples/cardtable-rummy``), written only from the engine's
pieces (``rules.building``, ``rules.drawdiscard``, ``rules.melds``) and the public API: found by
the real entry-point discovery, its rules from a hand-written deal (a set, a run, a lay-off on
another's meld, going out by a discard and by a meld, the penalty scoring, the match's end),
random play with every invariant, its normal bot, a record replayed, and a deal at the real table.

Without ``pip install -e examples/cardtable-rummy`` (CI installs it) the module fixture puts the
plugin's source on ``sys.path`` with a ``cardtable_rummy-0.1.dist-info`` beside it, so discovery
finds it as it would an installed package; both are taken off again afterwards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import app_fixture, plugin_fixture
from invariants import play_out, random_sim_test

import rules
import rules.sim
from rules.bots import RandomBot, bot_class, levels_for, make_bot
from rules.plugins import GameSpec

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "examples" / "cardtable-rummy"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [rank + suit for suit in "SHDC" for rank in RANKS]


rummy = plugin_fixture("rummy", "cardtable-rummy", "cardtable_rummy")


@pytest.fixture(scope="module")
def game(rummy: GameSpec) -> rules.Game:
    return rules.load_game("rummy")


# ------------------------------------------------------------------ a hand-written deal
# Two players; Basil (seat 1) deals, so Ann (seat 0) plays first. The 7C is turned up.
ANN = ["7S", "7H", "7D", "4C", "5C", "6C", "KD", "9H", "10H", "2S"]
BASIL = ["3C", "2D", "5S", "9S", "JS", "KC", "QH", "8D", "4H", "AD"]
UP = "7C"
STOCK_TOP = ["10S", "JH"]  # Basil draws the 10S, then Ann the JH


def layout(ann: list[str] = ANN, top: list[str] = STOCK_TOP) -> dict[str, list[str]]:
    named = ann + BASIL + [UP] + top
    assert len(named) == len(set(named))
    return {
        "hand/0": list(ann),
        "hand/1": list(BASIL),
        "discard": [UP],
        "stock": top + [card for card in DECK if card not in named],
    }


def record(
    actions: list[list[Any]] = (),
    start: dict[str, Any] | None = None,
    ann: list[str] = ANN,
    top: list[str] = STOCK_TOP,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "format": rules.RECORD_FORMAT,
        "game": "rummy",
        "players": 2,
        "seed": 3,
        "start": start or {"deal": 1, "scores": [0, 0]},
        "deals": [{"dealer": 1, "layout": layout(ann, top), "actions": [list(a) for a in actions]}],
        **extra,
    }


def scenario(texts: list[str], **kwargs: Any) -> rules.State:
    """The state after the deal above and ``texts`` played in turn; its record replays exactly."""
    state = rules.replay(record(**kwargs))
    for text in texts:
        state.apply(text)
    again = rules.replay(json.loads(json.dumps(state.to_record())))
    assert again.to_record() == state.to_record() and again.scores == state.scores
    return state


ANN_MELDS = ["draw discard", "meld set", "add 7S", "add 7H", "add 7D", "add 7C", "commit"]
ANN_MELDS += ["meld run", "add 4C", "add 5C", "add 6C", "commit", "discard KD"]
BASIL_LAYS_OFF = ["draw stock", "extend meld/0/1", "add 3C start", "commit", "discard 10S"]


def legal(state: rules.State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def cards(state: rules.State, zone: str) -> list[str]:
    return [state.deck.text(c) for c in state.zones[zone]]


# ------------------------------------------------------------------------ the plugin
def test_the_plugin_is_found_and_its_rules_file_checks(rummy: GameSpec, game: rules.Game):
    assert rummy.rules_file == "cardtable_rummy:rummy.toml" and "rummy" in rules.list_games()
    assert (game.name, game.player_range(), game.variants) == ("Rummy", (2, 4), ["standard"])
    assert rules.sim.main(["check", str(rummy.rules_path())]) == 0
    assert levels_for("rummy") == ["random", "easy", "normal"]
    assert bot_class("rummy", "hard").__module__ == "cardtable_rummy.bots"


def test_the_plugin_uses_only_the_public_api_and_engine_pieces():
    """Its modules import ``rules`` (the engine) and itself, never ``cardtable`` nor a built-in game."""
    for path in (PLUGIN / "cardtable_rummy").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import cardtable" not in text and "from cardtable" not in text.replace("from cardtable_rummy", "")
        assert "rules.games" not in text and "pygame" not in text, path.name


# ------------------------------------------------------------------------ the rules
def test_the_deal_and_the_first_turn_draw_from_the_stock_or_the_discard(game):
    state = scenario([])
    assert state.current_player == 0 and legal(state) == ["draw stock", "draw discard"]
    assert cards(state, "discard") == [UP] and len(state.zones["stock"]) == 52 - 21
    assert state.why_not(state.deck.parse("KD"), "hand/0", "discard") == (
        "First draw: the top card of the stock or of the discard pile."
    )
    state.apply("draw discard")
    assert "7C" in cards(state, "hand/0") and state.view(1).known["hand/0"] == ("7C",)  # a public take
    assert legal(state)[:2] == ["meld set", "meld run"] and "discard 7C" in legal(state)


def test_a_set_and_a_run_are_built_in_steps_and_laid():
    state = scenario(ANN_MELDS[:6])
    assert cards(state, "build/0") == ["7S", "7H", "7D", "7C"]
    assert state.view(1).zones["build/0"] == (None,) * 4  # built in private
    assert "commit" in legal(state) and "add 4C" not in legal(state)  # a set takes one rank
    state = scenario(ANN_MELDS)
    melds = state.view(None).public["melds"]
    assert cards(state, "meld/0/0") == ["7S", "7H", "7D", "7C"] and melds["meld/0/0"]["kind"] == "group"
    assert cards(state, "meld/0/1") == ["4C", "5C", "6C"] and list(melds["meld/0/1"]["stands"]) == ["4", "5", "6"]
    assert cards(state, "hand/0") == ["9H", "10H", "2S"] and state.current_player == 1


def test_no_commit_for_cards_that_make_no_meld():
    state = scenario(["draw discard", "meld run", "add 9H", "add 10H"])
    assert "commit" not in legal(state) and "add 2S" not in legal(state)  # two cards; the 2S is no heart
    assert state.why_not(None, "build/0", None).startswith("Those cards make no run")
    state.apply("cancel")
    assert "9H" in cards(state, "hand/0") and not state.zones["build/0"] and state.build is None


def test_the_ace_is_low_only():
    from cardtable_rummy.procedure import MELD_RULES

    from rules.melds import MeldDeck, check_run

    game = rules.load_game("rummy")
    deck = game.deck("standard")
    meld_deck = MeldDeck.from_deck(deck, game.config.scoring["rank_order"])
    run = [deck.parse(t) for t in ("AS", "2S", "3S")]
    assert check_run(meld_deck, run, MELD_RULES) is not None
    assert check_run(meld_deck, [deck.parse(t) for t in ("QS", "KS", "AS")], MELD_RULES) is None
    assert check_run(meld_deck, [deck.parse(t) for t in ("KS", "AS", "2S")], MELD_RULES) is None


def test_a_lay_off_on_another_players_run_at_its_start():
    state = scenario(ANN_MELDS + BASIL_LAYS_OFF[:2])
    assert {"add 3C start", "add 3C"} <= set(legal(state))  # either end: the commit judges
    state.apply("add 3C")  # after the 6C: no run
    assert "commit" not in legal(state)
    state = scenario(ANN_MELDS + BASIL_LAYS_OFF)
    assert cards(state, "meld/0/1") == ["3C", "4C", "5C", "6C"]  # Ann's meld, Basil's card
    assert state.view(0).public["melds"]["meld/0/1"]["first"] == 2
    assert state.current_player == 0 and len(state.zones["hand/1"]) == 9


def test_going_out_by_the_last_discard_scores_the_others_cards():
    state = scenario(ANN_MELDS + BASIL_LAYS_OFF + ["draw stock", "meld run", "add 9H", "add 10H", "add JH", "commit"])
    discard = state.legal_actions()[-1]
    assert discard.text == "discard 2S" and not discard.undoable  # the last card: final
    state.apply("discard 2S")
    (result,) = state.deal_results
    assert result.details["went_out"] == 0 and result.scores == (0, 59)  # 2+5+9+10+10+10+8+4+1
    assert list(result.details["left"][1]) == ["2D", "5S", "9S", "JS", "KC", "QH", "8D", "4H", "AD"]
    assert state.scores == [0, 59] and not state.is_over and state.deal_no == 2 and state.dealer == 0


def test_going_out_by_a_meld_needs_no_discard():
    """Ann's hand and the up-card make a set and two runs: her last commit empties her hand."""
    hand = ["7S", "7H", "7D", "4C", "5C", "6C", "8H", "9H", "10H", "JH"]
    state = rules.replay(record(ann=hand, top=["10S", "QC"]))
    for text in ANN_MELDS[:-1] + ["meld run", "add 8H", "add 9H", "add 10H", "add JH"]:
        state.apply(text)
    assert not state.zones["hand/0"]
    commit = next(a for a in state.legal_actions() if a.kind == "commit")
    assert not commit.undoable  # going out ends the hand: no undo
    state.apply(commit)
    (result,) = state.deal_results
    assert result.details["went_out"] == 0 and result.scores == (0, 62)  # Basil's ten cards, none laid


def test_the_match_ends_at_the_target_and_the_lowest_total_wins():
    texts = ANN_MELDS + BASIL_LAYS_OFF + ["draw stock", "meld run", "add 9H", "add 10H", "add JH", "commit"]
    state = scenario([*texts, "discard 2S"], start={"deal": 4, "scores": [30, 45]})
    assert state.is_over and state.scores == [30, 104] and state.winners == [0]
    view = state.view(None)
    assert view.over and view.current_player is None


def test_a_recorded_wrong_score_is_refused():
    texts = ANN_MELDS + BASIL_LAYS_OFF + ["draw stock", "meld run", "add 9H", "add 10H", "add JH", "commit"]
    actions = [[0 if i < 13 or i >= 18 else 1, t] for i, t in enumerate([*texts, "discard 2S"])]
    good = record(actions)
    good["deals"][0]["scores"] = [0, 59]
    assert rules.replay(good).scores == [0, 59]
    bad = record(actions)
    bad["deals"][0]["scores"] = [0, 58]
    with pytest.raises(rules.RulesError):
        rules.replay(bad)


# ----------------------------------------------------------------------- random play
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_keeps_every_invariant(players):
    """Legal moves only, cards conserved, views and events leak nothing, undo, samples, replay:
    seeded random hands at every table size (whole matches are the generic harness's)."""
    for seed in range(4):
        state = random_sim_test(
            "rummy", None, players, 100 * players + seed, deals=1, deep=seed == 0, view_steps=40, undo_checks=seed < 2
        )
        assert len(state.deal_results) >= 1


# ------------------------------------------------------------------------------ bots
def play_bots(game: rules.Game, bots: list[Any], seed: int, **kwargs: Any) -> rules.State:
    return play_out(game.new_match(players=len(bots), seed=seed, **kwargs), bots)


def test_the_normal_bot_melds_lays_off_and_goes_out(game):
    state = play_bots(game, [make_bot("rummy", "normal", s, s) for s in range(3)], seed=5)
    assert state.is_over and min(state.scores) < 100 <= max(state.scores)
    assert any(r.details["went_out"] is not None for r in state.deal_results)
    texts = [a for deal in state.to_record()["deals"] for _, a in deal["actions"]]
    assert any(t.startswith("extend ") for t in texts) and "meld set" in texts and "meld run" in texts


def test_the_normal_bot_beats_two_random_ones(game):
    wins = 0
    matches = 12
    for seed in range(matches):
        seat = seed % 3
        bots = [make_bot("rummy", "normal", s, seed) if s == seat else RandomBot("rummy", s, seed) for s in range(3)]
        wins += play_bots(game, bots, seed).winners == [seat]
    assert wins >= matches - 1


def test_a_bots_match_record_replays_through_json(game):
    state = play_bots(game, [make_bot("rummy", "normal", s, s) for s in range(2)], seed=8, settings={"target": 50})
    record = json.loads(json.dumps(state.to_record()))
    again = rules.replay(record)
    assert again.is_over and again.scores == state.scores and again.winners == state.winners
    assert again.to_record() == record


def test_the_simulator_plays_rummy(capsys):
    assert rules.sim.main(["rummy", "--games", "6", "--bots", "normal,random,random", "--rotate", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6 and summary["wins_by_bot"].get("normal", 0) >= 5


# ------------------------------------------------------------------ at the table
app = app_fixture(no_log=True)


def test_a_hand_is_played_at_the_table_by_clicks_and_drags(app):
    """Ann takes the up-card by a click, melds a set and a run by selecting cards and pressing the
    presenter's buttons, drags a discard; Basil (the normal bot) plays; Ann melds a run and goes out
    with her last discard, and the hand's score sheet waits for "Continue". The meld table came with
    the layout's ``melds`` zones; its sort buttons are the presenter's (no "Letter")."""
    from pointer import click, drag, settle

    from cardtable.session import Session
    from cardtable.table import TableScene
    from cardtable.table.score_sheet import ScoreSheetScene

    seats = [{"name": "Ann", "kind": "human"}, {"name": "Basil", "kind": "bot", "level": "normal"}]
    table = TableScene(app, Session.from_record(record(seats=seats)))
    app.push(table)
    settle(app)
    assert "melds" in table.ext
    assert [b.label for b in table.ext["melds"].sorts] == ["Rank", "Suit"]
    assert table.status_text.startswith("Your turn: draw from the stock, or take the 7 of Clubs")

    def strip(text: str) -> tuple[int, int]:
        rect = next(c for c in table.board.zones["hand/0"] if c.text == text).rect()
        return rect.left + max(3, rect.width // 6), rect.centery

    def meld(texts: list[str], label: str) -> None:
        for text in texts:
            click(app, strip(text))
        button = next(b for b in table.buttons if b.label == label and b.visible)
        click(app, button.rect.center)
        settle(app)

    click(app, table.board.zones["discard"][0].rect().center)
    settle(app)
    assert any(c.text == "7C" for c in table.board.zones["hand/0"])
    assert "Meld a set" in table.status_text
    meld(["7S", "7H", "7D", "7C"], "Meld a set")
    assert [c.text for c in table.board.zones["meld/0/0"]] == ["7S", "7H", "7D", "7C"]
    meld(["6C", "4C", "5C"], "Meld a run")
    assert [c.text for c in table.board.zones["meld/0/1"]] == ["4C", "5C", "6C"]
    drag(app, strip("KD"), table.layout.zones["discard"].anchor)
    settle(app)
    actions = table.state.to_record()["deals"][0]["actions"]
    assert [0, "discard KD"] in actions and table._my_turn()  # Basil has played his turn
    assert any(seat == 1 and text == "draw stock" for seat, text in actions)

    click(app, table.board.zones["stock"][0].rect().center)
    settle(app)
    assert any(c.text == "JH" for c in table.board.zones["hand/0"])
    meld(["9H", "10H", "JH"], "Meld a run")
    drag(app, strip("2S"), table.layout.zones["discard"].anchor)
    settle(app)
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.button.label == "Continue"
    result = table.state.deal_results[0]
    assert result.details["went_out"] == 0 and result.scores[0] == 0 and result.scores[1] > 0
    (row,) = sheet.sheet.rows
    assert row.cells[0].detail == "out" and row.cells[1].change == result.scores[1]
    app.draw()
    click(app, sheet.button.rect.center)
    assert app.stack.top is table
    settle(app)
    assert table.view.deal == 2


def test_a_set_and_a_run_are_melded_by_keys(app):
    """The same melds by keys only: Enter takes the up-card, Space on each card of the set, the
    meld's button by its key; then the run."""
    from keyboard import button_for, do, press_button, seat_moves, select, settle_keys

    from cardtable.session import Session
    from cardtable.table import TableScene

    seats = [{"name": "Ann", "kind": "human"}, {"name": "Basil", "kind": "bot", "level": "normal"}]
    table = TableScene(app, Session.from_record(record(seats=seats)))
    app.push(table)
    settle_keys(app, table)
    do(app, table, table.state.parse_action("draw discard"))
    settle_keys(app, table)
    for cards_, start in ((["7S", "7H", "7D", "7C"], "meld set"), (["4C", "5C", "6C"], "meld run")):
        select(app, table, cards_)
        press_button(app, table, button_for(table, table.state.parse_action(start)))
        settle_keys(app, table)
    assert seat_moves(table, 0) == ANN_MELDS[:-1]
    assert cards(table.state, "meld/0/0") == ["7S", "7H", "7D", "7C"]
    assert cards(table.state, "meld/0/1") == ["4C", "5C", "6C"]


def test_easy_now_and_then_overlooks_a_discard_that_would_help_and_normal_never_does(game: rules.Game):
    """Where ``normal`` takes the top discard (it makes a meld or lays off), ``easy`` takes it with
    most seeds and draws from the stock with some: a slip of attention, never a random move."""
    state = game.new_match(players=3, seed=12)
    bots = [make_bot("rummy", "normal", s, s) for s in range(3)]
    taken = overlooked = 0
    while not state.is_over and taken + overlooked < 300:
        seat = state.current_player
        view = state.view(seat)
        chosen = bots[seat].choose(view)
        if chosen == "draw discard":
            for seed in range(taken + overlooked, taken + overlooked + 30):  # new seeds at each position
                answer = make_bot("rummy", "easy", seat, seed).choose(view)
                assert answer in ("draw discard", "draw stock")
                taken += answer == "draw discard"
                overlooked += answer == "draw stock"
        state.apply(chosen)
    assert taken > overlooked > 0, (taken, overlooked)
