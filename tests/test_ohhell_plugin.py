"""Oh Hell, the example plugin (``examples/cardtable-ohhell``): found by the real entry-point
discovery, its rules from hand-written deals, its random-play invariants, its normal bot, and
``cardtable-sim ohhell``.

Without ``pip install -e examples/cardtable-ohhell`` (CI installs it) the module fixture puts the
plugin's source on ``sys.path`` with a ``cardtable_ohhell-0.1.dist-info`` beside it in a temporary
folder, so ``importlib.metadata.entry_points(group="cardtable.games")`` finds it as it would an
installed package; both are taken off again afterwards. Everything else goes through the
headless contract (``rules.load_game("ohhell")``, ``rules.replay``, ``rules.bots.make_bot``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
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
PLUGIN = ROOT / "examples" / "cardtable-ohhell"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [rank + suit for suit in "SHDC" for rank in RANKS]


ohhell = plugin_fixture("ohhell", "cardtable-ohhell", "cardtable_ohhell")


@pytest.fixture(scope="module")
def game(ohhell: GameSpec) -> rules.Game:
    return rules.load_game("ohhell")


def normal_bot(seat: int, seed: int) -> Any:
    return make_bot("ohhell", "normal", seat, seed)


def rules_bot(seat: int, seed: int) -> Any:
    """The rules of thumb alone: ``normal``'s first cards, ``easy``'s base, ``hard``'s anchor."""
    from cardtable_ohhell.bots import OhHellRulesBot

    return OhHellRulesBot("ohhell", seat, seed)


# ------------------------------------------------------------------ hand-written deals
def layout(hands: list[list[str]], up: str | None = None) -> dict[str, list[str]]:
    """A deal's layout: ``hands`` as dealt, ``up`` the turned-up trump, the rest in the stock."""
    named = [card for hand in hands for card in hand] + ([up] if up else [])
    assert len(named) == len(set(named)), "a card is named twice"
    out: dict[str, list[str]] = {f"hand/{seat}": list(hand) for seat, hand in enumerate(hands)}
    out["trump"] = [up] if up else []
    out["stock"] = [card for card in DECK if card not in named]
    return out


def record(
    hands: list[list[str]],
    up: str | None,
    actions: list[list[Any]] = (),
    *,
    dealer: int = 0,
    settings: dict[str, Any] | None = None,
    deal: int | None = None,
    scores: list[int] | None = None,
) -> dict[str, Any]:
    """A ``cardtable-record/1`` record of one Oh Hell deal (by default the deal of that many cards
    in the up-down sequence: ``deal`` = the hand size)."""
    players = len(hands)
    entry: dict[str, Any] = {"dealer": dealer, "layout": layout(hands, up), "actions": [list(a) for a in actions]}
    if scores is not None:
        entry["scores"] = scores
    return {
        "format": rules.RECORD_FORMAT,
        "game": "ohhell",
        "players": players,
        "settings": settings or {},
        "seed": 0,
        "start": {"deal": deal or len(hands[0]), "scores": [0] * players},
        "deals": [entry],
    }


def scenario(hands: list[list[str]], up: str | None, texts: list[str] = (), **kwargs: Any) -> rules.State:
    """The state after a hand-written deal and ``texts`` played in turn; its record replays exactly."""
    state = rules.replay(record(hands, up, **kwargs))
    for text in texts:
        state.apply(text)
    again = rules.replay(json.loads(json.dumps(state.to_record())))
    assert again.to_record() == state.to_record() and again.scores == state.scores
    return state


def legal(state: rules.State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def public(state: rules.State, seat: int | None = None) -> dict[str, Any]:
    return state.view(seat).public


# Three players, three cards: seat 0 deals, seat 1 bids and leads first.
HANDS3 = [["2S", "3H", "4D"], ["AS", "KH", "5C"], ["QS", "AH", "9D"]]


# ------------------------------------------------------------------------ the plugin
def test_the_plugin_is_found_by_discovery_and_listed(ohhell: GameSpec, game: rules.Game):
    assert ohhell.rules_file == "cardtable_ohhell:ohhell.toml"
    assert "ohhell" in rules.list_games()
    assert (game.id, game.name, game.player_range(), game.variants) == ("ohhell", "Oh Hell", (3, 7), ["standard"])
    assert set(game.settings_spec()) == {"max_cards", "sequence", "score_rule", "hook"}
    assert game.settings_spec()["hook"]["official"] is True
    zones = {zone["name"]: zone for zone in game.config.layout["zones"]}
    assert zones["trump"]["visibility"] == "public" and zones["trick"]["kind"] == "trick"
    assert zones["hand"]["per_seat"] and zones["won"]["per_seat"]
    assert "dealer's hook" in game.config.rules_text


def test_its_rules_file_passes_the_check_and_its_bots_come_from_its_spec(ohhell: GameSpec, capsys):
    assert rules.sim.main(["check", str(ohhell.rules_path())]) == 0
    assert levels_for("ohhell") == ["random", "easy", "normal", "hard"]
    assert bot_class("ohhell", "easy").__module__ == "cardtable_ohhell.bots"
    assert bot_class("ohhell", "normal").__module__ == "cardtable_ohhell.bots"
    assert bot_class("ohhell", "hard").__module__ == "rules.bots.generic_hard"  # the engine's search


def test_listing_the_game_imports_no_procedure_or_bot():
    """The entry point loads the package's ``__init__`` only: the menu stays light."""
    code = (
        "import sys, cardtable_ohhell; from rules.plugins import GameSpec; "
        "assert isinstance(cardtable_ohhell.SPEC, GameSpec); "
        "print(sorted(m for m in sys.modules if m.startswith('cardtable_ohhell')))"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PLUGIN), str(ROOT)])}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['cardtable_ohhell']"


# ---------------------------------------------------------------------- the deals
@pytest.mark.parametrize(
    ("players", "settings", "expected"),
    [
        (3, {}, list(range(1, 18)) + list(range(16, 0, -1))),
        (4, {}, list(range(1, 14)) + list(range(12, 0, -1))),
        (7, {}, [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]),
        (5, {"max_cards": 3}, [1, 2, 3, 2, 1]),
        (5, {"max_cards": 3, "sequence": "down-up"}, [3, 2, 1, 2, 3]),
        (4, {"sequence": "fixed"}, [13, 13, 13, 13]),
    ],
)
def test_the_deal_sequence(game, players, settings, expected):
    state = game.new_match(players=players, seed=1, settings=settings)
    assert public(state)["sequence"] == tuple(expected)
    for deal, cards in enumerate(expected, start=1):
        state = game.new_match(players=players, seed=deal, settings=settings, start={"deal": deal})
        assert public(state)["cards"] == cards
        assert all(len(state.zones[f"hand/{seat}"]) == cards for seat in range(players))


def test_more_cards_than_the_deck_holds_is_refused_with_the_reason(game):
    with pytest.raises(rules.RulesError, match=r"settings.max_cards: 6 hands of 10 need 60 cards"):
        game.new_match(players=6, seed=0, settings={"max_cards": 10})
    assert game.player_counts(settings={"max_cards": 10}) == [3, 4, 5]
    with pytest.raises(rules.RulesError, match="deals 1 to 13"):
        game.new_match(players=7, seed=0, start={"deal": 14})


def test_the_next_card_is_turned_up_for_trump_and_seen_by_all(game):
    state = game.new_match(players=4, seed=3, dealer=2)
    up = state.zones["trump"]
    assert len(up) == 1 and len(state.zones["stock"]) == 52 - 4 - 1
    suit = state.deck.faces[up[0]].suit
    for seat in (*range(4), None):
        view = state.view(seat)
        assert view.zones["trump"] == (state.deck.text(up[0]),)
        assert set(view.zones["stock"]) == {None}
        assert view.public["trump"] == suit
    assert state.current_player == 3  # left of the dealer bids first


def test_with_every_card_dealt_there_is_no_trump(game):
    state = game.new_match(players=4, seed=5, start={"deal": 13})
    assert state.zones["trump"] == [] and state.zones["stock"] == []
    assert public(state)["trump"] is None


def test_a_layout_of_the_wrong_size_is_refused():
    hands = [h[:2] for h in HANDS3]
    bad = record(hands, "10C", deal=3)
    with pytest.raises(rules.RulesError, match=r"layout.hand/0: expected 3 cards in deal 3"):
        rules.replay(bad)
    with pytest.raises(rules.RulesError, match=r"layout.trump: expected the up-card"):
        rules.replay(record(HANDS3, None))


# ------------------------------------------------------------------------- bidding
def test_bids_go_clockwise_from_the_dealers_left_and_are_public():
    state = scenario(HANDS3, "10C")
    assert state.current_player == 1
    assert legal(state) == ["bid 0", "bid 1", "bid 2", "bid 3"]
    state.apply("bid 2")
    assert state.current_player == 2
    for seat in (0, 1, 2, None):
        assert public(state, seat)["bids"] == (None, 2, None)
    assert not state.legal_actions()[0].undoable


def test_the_dealers_hook_the_total_may_not_equal_the_tricks():
    state = scenario(HANDS3, "10C", ["bid 2", "bid 0"])
    assert state.current_player == 0  # the dealer bids last
    assert public(state)["hooked_bid"] == 1
    assert legal(state) == ["bid 0", "bid 2", "bid 3"]
    with pytest.raises(rules.IllegalAction, match="dealer's hook.*may not bid 1"):
        state.apply("bid 1")
    with pytest.raises(rules.IllegalAction, match="bid from 0 to 3"):
        state.apply("bid 4")
    state.apply("bid 0")
    assert public(state)["phase"] == "play" and state.current_player == 1  # left of the dealer leads


def test_the_hook_only_binds_the_dealer_and_only_when_the_total_can_still_match():
    state = scenario(HANDS3, "10C", ["bid 3", "bid 3"])
    assert legal(state) == ["bid 0", "bid 1", "bid 2", "bid 3"]  # already over: nothing to forbid
    hookless = scenario(HANDS3, "10C", ["bid 2", "bid 0"], settings={"hook": False})
    assert "bid 1" in legal(hookless)


def test_a_recorded_bid_the_hook_forbids_is_refused_with_its_place():
    bad = record(HANDS3, "10C", [[1, "bid 2"], [2, "bid 0"], [0, "bid 1"]])
    with pytest.raises(rules.RulesError, match=r"deals\[0\].actions\[2\]: The dealer's hook"):
        rules.replay(bad)


# ---------------------------------------------------------------------------- play
def test_you_must_follow_suit_and_void_may_play_any_card():
    state = scenario(HANDS3, "10C", ["bid 1", "bid 1", "bid 0", "play 5C"])
    assert legal(state) == ["play QS", "play AH", "play 9D"]  # seat 2 holds no club
    state.apply("play AH")
    assert legal(state) == ["play 2S", "play 3H", "play 4D"]  # the dealer holds no club either
    state2 = scenario(HANDS3, "10C", ["bid 1", "bid 1", "bid 0", "play AS"])
    assert legal(state2) == ["play QS"]
    with pytest.raises(rules.IllegalAction, match="^You must follow Spades: you hold the Q of Spades.$"):
        state2.apply("play AH")


def test_a_trump_beats_the_suit_led_and_the_highest_trump_wins():
    # Diamonds are trump (the 10D turned up): seat 0's 4D beats the ace of spades led.
    hands = [["4D", "3H"], ["AS", "KH"], ["QD", "2S"]]
    state = scenario(hands, "10D", ["bid 1", "bid 0", "bid 0", "play AS", "play 2S", "play 4D"], deal=2)
    assert public(state)["tricks_won"] == (1, 0, 0) and state.current_player == 0
    hands = [["4D", "3H"], ["AS", "KH"], ["QD", "2H"]]
    state = scenario(hands, "10D", ["bid 1", "bid 0", "bid 0", "play AS", "play QD", "play 4D"], deal=2)
    assert public(state)["tricks_won"] == (0, 0, 1)


def test_without_trump_the_highest_card_of_the_suit_led_wins():
    hands = [[DECK[i] for i in range(seat, 52, 4)] for seat in range(4)]  # every card dealt: no trump
    state = scenario(hands, None, ["bid 3"] * 3 + ["bid 0"], deal=13)
    assert public(state)["trump"] is None and state.zones["trump"] == []
    # seat 1 leads the 3S, then the 4S, 5S and the dealer's 2S: the 5S wins, and seat 3 leads next.
    for text in ["play 3S", "play 4S", "play 5S", "play 2S"]:
        state.apply(text)
    assert public(state)["history"][0]["winner"] == 3
    for text in ["play 9S", "play 6S", "play 7S", "play 8S"]:
        state.apply(text)
    assert public(state)["history"][1]["winner"] == 3


# ------------------------------------------------------------------------- scoring
def _play_hands3(settings: dict[str, Any] | None = None) -> rules.State:
    """HANDS3, clubs trump (the 10C turned up), bids 1, 1 and the dealer 0: seat 1 leads the AS and
    takes the first trick, then its 5C (a trump) the second; seat 2's AH takes the last."""
    return scenario(
        HANDS3,
        "10C",
        [
            "bid 1",
            "bid 1",
            "bid 0",
            "play AS",
            "play QS",
            "play 2S",
            "play 5C",
            "play 9D",
            "play 4D",
            "play KH",
            "play AH",
            "play 3H",
        ],
        settings=settings,
    )


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("exact-ten", [10, 0, 11]),  # seat 1 bid 1 took 2: 0; seat 2 bid 1 took 1: 11; dealer 0 took 0: 10
        ("tricks-ten", [10, 2, 11]),
        ("penalty", [10, -1, 11]),
    ],
)
def test_an_exact_bid_scores_and_a_miss_does_not_under_each_scoring(rule, expected):
    state = _play_hands3({"score_rule": rule})
    result = state.deal_results[0]
    assert result.details["bids"] == (0, 1, 1) and result.details["tricks"] == (0, 2, 1)
    assert result.details["exact"] == (True, False, True)
    assert result.scores == tuple(expected) and result.details["score_rule"] == rule
    assert result.details["trump"] == "clubs" and result.details["up_card"] == "10C" and result.details["cards"] == 3


def test_recorded_scores_are_checked_on_replay():
    good = _play_hands3().to_record()
    assert good["deals"][0]["scores"] == [10, 0, 11]
    good["deals"][0]["scores"] = [10, 0, 12]
    with pytest.raises(rules.RulesError, match=r"deals\[0\].scores: recorded \[10, 0, 12\], the replay scores"):
        rules.replay(good)


def test_the_match_ends_after_the_sequence_and_the_highest_total_wins(game):
    hands = [["2S"], ["AS"], ["QS"]]
    actions = ["bid 1", "bid 0", "bid 1", "play AS", "play QS", "play 2S"]  # the hook forbids the dealer 0
    state = rules.replay(
        {**record(hands, "10C", deal=1, settings={"max_cards": 2}), "start": {"deal": 3, "scores": [5, 0, 15]}}
    )
    assert public(state)["sequence"] == (1, 2, 1) and not state.is_over
    for text in actions:
        state.apply(text)
    assert state.is_over and state.scores == [5, 11, 25] and state.winners == [2]
    assert state.current_player is None and state.legal_actions() == []
    tie = rules.replay(
        {**record(hands, "10C", deal=1, settings={"max_cards": 2}), "start": {"deal": 3, "scores": [25, 0, 15]}}
    )
    for text in actions:
        tie.apply(text)
    assert tie.scores == [25, 11, 25] and tie.winners == [0, 2]


# ----------------------------------------------------------------------- presenter
def presenter(game: rules.Game) -> Any:
    from rules.presenter import presenter_for

    return presenter_for(game, game.deck(game.variants[0]))


def test_the_presenter_is_the_specs_and_words_the_bids(ohhell: GameSpec, game):
    from rules.presenter import Plate

    words = presenter(game)
    assert type(words).__name__ == "OhHellPresenter" and ohhell.presenter.endswith(":OhHellPresenter")
    names = ["Ann", "Basil", "Cleo"]
    state = scenario(HANDS3, "10C", ["bid 2"])
    view = state.view(2)
    assert (
        words.status(view, 2, names, "generic", state.legal_actions())
        == "Your bid: how many of the 3 tricks will you take?"
    )
    assert words.status(view, 0, names, "generic") == "Cleo is bidding\u2026"
    assert words.notes(view, 0, names) == ("bids so far 2 for 3 tricks",)
    assert [words.plate(view, s, 0, names, Plate("", ("dealer",) if s == 0 else ())) for s in range(3)] == [
        Plate("no bid yet \u00b7 0 pts", ("dealer",)),
        Plate("0 pts", value="bid 2 \u00b7 won 0"),
        Plate("bidding\u2026 \u00b7 0 pts"),
    ]
    state.apply("bid 0")  # the dealer's turn: the hook forbids 1
    assert words.status(state.view(None), None, names, "generic") == "Ann is bidding\u2026 (the dealer bids last)"
    assert words.notes(state.view(None), None, names) == ("bids so far 2 for 3 tricks", "the dealer may not bid 1")
    assert words.notes(state.view(0), 0, names)[-1] == "you may not bid 1"
    badge = words.badge(state.view(None), None, names)
    assert (badge.title, badge.lines, badge.glyph) == ("Trump: Clubs", ("Deal 3 of 33 \u00b7 3 cards each",), "clubs")
    assert words.say("bid", {"seat": 1, "bid": 2}, 0, names).text == "Basil bids 2"
    assert words.say("bid", {"seat": 0, "bid": 2}, 0, names).text == "You bid 2"


def test_the_presenter_counts_the_tricks_each_still_needs():
    names = ["Ann", "Basil", "Cleo"]
    words = presenter(rules.load_game("ohhell"))
    state = scenario(HANDS3, "10C", ["bid 1", "bid 1", "bid 0", "play AS", "play QS", "play 2S"])
    assert words.notes(state.view(1), 1, names) == (
        "bids 2 for 3 tricks (under by 1)",
        "you have your bid: take no more",
    )
    assert words.notes(state.view(2), 2, names)[-1] == "you need 1 more"
    state.apply("play 5C")
    state.apply("play 9D")
    state.apply("play 4D")
    assert words.notes(state.view(1), 1, names)[-1] == "you are 1 over your bid"
    assert words.plate(state.view(0), 1, 0, names, rules.presenter.Plate("")) == rules.presenter.Plate(
        "0 pts", value="bid 1 \u00b7 won 2"
    )


def test_the_card_holding_the_trick_is_tagged_winning():
    from rules.presenter import CardTag

    words = presenter(rules.load_game("ohhell"))
    hands = [["4D", "3H"], ["AS", "KH"], ["QD", "2H"]]  # diamonds trump (the 10D turned up)
    state = scenario(hands, "10D", ["bid 1", "bid 0", "bid 0", "play AS"], deal=2)
    assert words.card_tags(state.view(0)) == ()  # one card: nothing to beat yet
    state.apply("play QD")
    assert words.card_tags(state.view(0)) == (CardTag("trick", "QD", "winning"),)  # a trump beats the suit led
    state = scenario(
        [["4D", "3H"], ["AS", "KH"], ["QS", "2H"]], "10D", ["bid 1", "bid 0", "bid 0", "play KH", "play 2H"], deal=2
    )
    assert words.card_tags(state.view(None)) == (CardTag("trick", "KH", "winning"),)


def test_the_score_sheet_and_the_result_are_frozen_values_with_a_json_round_trip():
    from rules.presenter import DealTerms, ScoreSheet

    names = ["Ann", "Basil", "Cleo"]
    words = presenter(rules.load_game("ohhell"))
    state = _play_hands3()
    sheet = words.score_sheet(state.deal_results, state.scores, names, state.view(None))
    (row,) = sheet.rows
    assert (row.label, row.glyph, row.note) == ("Deal 3", "clubs", "3 cards")
    assert [(c.detail, c.change, c.good) for c in row.cells] == [
        ("0/0", 10, True),
        ("2/1", 0, False),
        ("1/1", 11, True),
    ]
    assert sheet.summary == "Deal 3: bids 2 for 3 tricks \u00b7 made it: Ann, Cleo"
    assert (sheet.totals, sheet.leaders) == ((10, 0, 11), (2,))
    assert ScoreSheet.from_json(json.loads(json.dumps(sheet.to_json()))) == sheet
    terms = words.result(state.deal_results, state.scores, [2], names, state.view(None))
    assert [t.label for t in terms.terms] == [
        "Ann: bid 0, took 0 \u2014 exact",
        "Basil: bid 1, took 2 \u2014 missed by 1",
        "Cleo: bid 1, took 1 \u2014 exact",
    ]
    assert [t.value for t in terms.terms] == [10, 0, 11]
    assert terms.mark_glyph == "clubs" and terms.mark_value == "Clubs trump, 3 cards each"
    assert DealTerms.from_json(json.loads(json.dumps(terms.to_json()))) == terms
    assert words.score_sheet([], [0, 0, 0], names, state.view(None)) is None
    # At the match's end (the result scene) each seat's term shows the cards of the tricks it took.
    last = rules.replay(
        {
            **record([["2S"], ["AS"], ["QS"]], "10C", deal=1, settings={"max_cards": 2}),
            "start": {"deal": 3, "scores": [5, 0, 15]},
        }
    )
    for text in ["bid 1", "bid 0", "bid 1", "play AS", "play QS", "play 2S"]:
        last.apply(text)
    terms = words.result(last.deal_results, last.scores, last.winners, names, last.view(None))
    assert [t.cards for t in terms.terms] == [(), ("AS", "QS", "2S"), ()]
    assert terms.headline == "Cleo wins" and terms.reason == "The highest total after 1 deal"


def test_with_every_card_dealt_the_badge_says_no_trump(game):
    state = game.new_match(players=4, seed=5, start={"deal": 13})
    badge = presenter(game).badge(state.view(None), None, ["A", "B", "C", "D"])
    assert (badge.title, badge.glyph, badge.lines) == ("No trump", None, ("Deal 13 of 25 \u00b7 13 cards each",))


# ----------------------------------------------------------------- random play
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_play_keeps_every_invariant(players):
    """Legal move always, cards conserved, replay = same scores, views leak nothing: a few deals
    starting anywhere in the sequence (some to the match's end), each scoring and sequence."""
    rules_cycle = ["exact-ten", "tricks-ten", "penalty"]
    sequences = ["up-down", "down-up", "fixed"]
    for seed in range(3):
        settings = {"score_rule": rules_cycle[seed], "sequence": sequences[(seed + players) % 3], "hook": seed != 1}
        total = len(
            rules.load_game("ohhell")
            .new_match(players=players, seed=seed, settings=settings)
            .view(None)
            .public["sequence"]
        )
        start = {"deal": max(1, total - 1 - seed), "scores": [seed] * players}
        state = random_sim_test("ohhell", None, players, seed, settings=settings, start=start, deals=2, deep=seed == 0)
        assert state.is_over or len(state.deal_results) >= 2


# -------------------------------------------------------------------------- bots
def play_bots(game: rules.Game, bots: list[Any], seed: int, **kwargs: Any) -> rules.State:
    return play_out(game.new_match(players=len(bots), seed=seed, **kwargs), bots)


def normal_wins(game: rules.Game, matches: int, settings: dict[str, Any]) -> int:
    """Matches the normal bot wins outright against two random ones, its seat rotating."""
    wins = 0
    for seed in range(matches):
        seat = seed % 3
        bots = [normal_bot(s, seed) if s == seat else RandomBot("ohhell", s, seed) for s in range(3)]
        state = play_bots(game, bots, seed, settings=settings)
        wins += state.winners == [seat]
    return wins


def test_the_normal_bot_plays_legally_at_every_table_size(game):
    for players in range(3, 8):
        bots = [normal_bot(s, players) for s in range(players)]
        state = play_bots(game, bots, players, settings={"max_cards": 4})
        assert state.is_over and sum(sum(r.details["exact"]) for r in state.deal_results) > 0


def test_the_normal_bot_beats_two_random_ones(game):
    """Short matches (1..5..1 cards); 100 full matches are in the slow run."""
    matches = 45
    assert normal_wins(game, matches, {"max_cards": 5}) > matches // 2


@pytest.mark.slow
def test_the_normal_bot_beats_two_random_ones_over_100_full_matches(game):
    assert normal_wins(game, 100, {}) > 50


def test_the_simulator_plays_oh_hell(capsys):
    """``cardtable-sim ohhell`` with the plugin's normal bot (3 players by default, as OpenSpiel's)."""
    assert rules.sim.main(["ohhell", "--games", "6", "--bots", "normal,random,random", "--rotate"]) == 0
    assert "ohhell" in capsys.readouterr().out
    assert rules.sim.main(["ohhell", "--games", "6", "--bots", "normal,random,random", "--rotate", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 6 * 33 and summary["wins_by_bot"].get("normal", 0) > 3


# ------------------------------------------------------------------ the bid
# Five cards each, Spades trumps (the 2 turned up); seat 0 deals, seat 1 bids first and leads.
OTHERS = (["9C", "8C", "7C", "6C", "5C"], ["QH", "JH", "10D", "9D", "8D"])


def bid_advice(hands: list[list[str]], up: str, bids: list[str] = ()) -> tuple[Any, list[str]]:
    """The rules' advice at the next bid, checked to be the bid they make, and the legal bids."""
    state = scenario(hands, up, bids)
    seat = state.current_player
    advice = rules_bot(seat, 1).advise(state.view(seat))
    assert rules_bot(seat, 2).choose(state.view(seat)) == advice.action
    return advice, legal(state)


def test_master_trumps_are_sure_tricks_and_the_reason_names_them():
    advice, _ = bid_advice([OTHERS[0], ["AS", "KS", "3H", "4D", "2C"], OTHERS[1]], "2S")
    assert advice.action == "bid 2"
    assert advice.reason.startswith("you hold 2 sure tricks: the Ace and King of Spades (trumps): about 2.")


def test_low_side_cards_bid_nothing():
    advice, _ = bid_advice([OTHERS[0], ["2H", "3H", "4D", "5D", "2C"], OTHERS[1]], "2S")
    assert advice.action == "bid 0"
    assert advice.reason.startswith("no card of yours is likely to take a trick on its own")


def test_spare_trumps_with_short_side_suits_count_as_ruffs():
    """Two low trumps, no Clubs, one Heart: the Ace of Hearts and two ruffs."""
    advice, _ = bid_advice([OTHERS[0], ["3S", "4S", "AH", "2D", "3D"], OTHERS[1]], "2S")
    assert advice.action == "bid 2"
    assert "the Ace of Hearts should take a trick; short suits let spare trumps ruff twice" in advice.reason


@pytest.mark.parametrize(
    ("dealer", "bids", "size", "forbidden", "expected"),
    [
        (["AS", "3H", "4D", "5D", "2C"], ["bid 2", "bid 2"], 5, 1, 2),
        (["AS", "KS", "QS"], ["bid 0", "bid 0"], 3, 3, 2),  # three sure tricks, yet 3 would make it even
    ],
)
def test_the_dealer_never_bids_what_the_hook_forbids_and_says_so(dealer, bids, size, forbidden, expected):
    cards = [c for c in DECK if c not in dealer and c != "2S"]
    hands = [dealer, cards[:size], cards[size : 2 * size]]
    advice, allowed = bid_advice(hands, "2S", bids)
    assert f"bid {forbidden}" not in allowed and advice.action == f"bid {expected}"
    assert advice.reason.endswith(f"; the dealer may not bid {forbidden}, and {expected} is the nearest allowed")


def test_easy_plays_the_rules_with_slips():
    """``easy``'s casual player bids and plays legally; some of its choices differ from the rules'
    (a cautious bid, a forgotten card, its second choice), most do not."""
    from cardtable_ohhell.bots import OhHellCasualBot

    game = rules.load_game("ohhell")
    differ = decisions = 0
    for seed in range(3):
        state = game.new_match(players=3, seed=seed, settings={"max_cards": 6})
        easy, shadow = OhHellCasualBot("ohhell", 0, seed), rules_bot(0, seed)
        others = [rules_bot(s, seed) for s in range(3)]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            choice = (easy if seat == 0 else others[seat]).choose(view)
            assert choice in view.legal
            if seat == 0 and len(view.legal) > 1:
                decisions += 1
                differ += shadow.choose(view) != choice
            state.apply(choice, events=False)
    assert decisions > 50 and 0 < differ < decisions // 3, (differ, decisions)


# ------------------------------------------------------------------ at the table
# Oh Hell at the real table, driven by real pygame events under the dummy video driver: nothing
# under ``cardtable/`` knows the game; the layout's ``trick`` zone brings the trick table, the
# presenter (``cardtable_ohhell.presenter``) the words.
TABLE_SEATS = [
    {"name": "Ann", "kind": "human"},
    *({"name": n, "kind": "bot", "level": "normal"} for n in ("Basil", "Cleo", "Dora")),
]


app = app_fixture(no_log=True)  # a scene's error becomes a toast and a log entry


def test_oh_hell_is_in_the_menu(app):
    import pygame

    from cardtable.scenes.menu import MenuScene

    pygame.event.clear()
    app.push(MenuScene(app))
    app.frame(1 / 60)
    menu = app.stack.top
    ids = [entry.id for entry in menu.entries]
    assert "ohhell" in ids
    button = menu.game_buttons[ids.index("ohhell")]
    assert button.enabled and button.label == "Oh Hell"
    assert not any("ohhell" in line for line in menu.notices)


def test_a_deal_is_bid_and_played_at_the_table_by_clicks_and_drags(app, game):
    """Ann deals a three-card deal to three normal bots: she bids last with a button (the dealer's
    hook takes one away), plays every card by dragging it to the trick, and the score sheet of the
    deal waits for "Next deal"; the badge, plates and status line say what Oh Hell's presenter says."""
    from pointer import click, drag, settle

    from cardtable.session import Session
    from cardtable.table import TableScene
    from cardtable.table.score_sheet import ScoreSheetScene
    from cardtable.table.trick_layout import TrickBox
    from rules.presenter import Plate

    state = game.new_match(
        players=4,
        seed=2,
        seats=TABLE_SEATS,
        dealer=0,
        settings={"max_cards": 3},
        start={"deal": 3, "scores": [0, 0, 0, 0]},
    )
    assert public(state)["sequence"] == (1, 2, 3, 2, 1)
    trump = public(state)["trump"]
    table = TableScene(app, Session(state))
    app.push(table)
    settle(app)

    # The trick table came with the layout's trick zone; the badge tells this deal's trump.
    assert "trick" in table.ext and isinstance(table.layout.zones["trick"], TrickBox)
    badge = table.ext["trick"].badge()
    assert (badge.glyph, badge.title) == (trump, f"Trump: {trump.capitalize()}")
    assert badge.lines == ("Deal 3 of 5 \u00b7 3 cards each",)

    # The bots bid first; Ann, the dealer, bids last, and the hook forbids one number.
    assert table._my_turn() and public(state)["phase"] == "bid"
    bids = public(state)["bids"]
    hooked = public(state)["hooked_bid"]
    assert bids[0] is None and None not in bids[1:]
    assert [b.label for b in table.choice_buttons] == [str(k) for k in range(4) if k != hooked]
    assert hooked == 3 - sum(bids[1:]) and 0 <= hooked <= 3  # this seed's bots leave the hook a number to take
    assert table.status_text.startswith("Your bid: how many of the 3 tricks will you take?")
    assert f"you may not bid {hooked}" in table.status_text

    def plate(seat: int) -> Plate:
        return table.presenter.plate(table.view, seat, table.seat, table.names, Plate(""))

    assert [plate(s).value for s in range(1, 4)] == [f"bid {b} \u00b7 won 0" for b in bids[1:]]
    assert plate(0).sub == "bidding\u2026 \u00b7 0 pts"
    mine = 1 if hooked != 1 else 0
    button = next(b for b in table.choice_buttons if b.label == str(mine))
    click(app, button.rect.center)
    settle(app)
    assert table.state.to_record()["deals"][-1]["actions"][3] == [0, f"bid {mine}"]
    assert plate(0).value.startswith(f"bid {mine} \u00b7 won ")
    assert public(table.state)["phase"] == "play"

    # Every card of Ann's by a drag to the trick, a legal one each time; the bots play between.
    played = 0
    while app.stack.top is table and table._my_turn():
        action = next(a for a in table.legal if a.kind == "play")
        text = table.deck.text(action.card)
        card = next(c for c in table.board.zones["hand/0"] if c.text == text)
        rect = card.rect()
        start = (rect.left + max(4, rect.width // 8), rect.centery)
        assert "bids " in table.status_text
        drag(app, start, table.layout.zones["trick"].rect(0).center)
        settle(app)
        played += 1
        assert [0, f"play {text}"] in table.state.to_record()["deals"][0]["actions"]
    assert played == 3

    # The deal is scored: its sheet waits over the table for "Next deal".
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.button.label == "Next deal"
    result = table.state.deal_results[-1]
    (row,) = sheet.sheet.rows
    assert (row.label, row.glyph, row.note) == ("Deal 3", trump, "3 cards")
    terms = result.details
    assert [c.detail for c in row.cells] == [f"{t}/{b}" for t, b in zip(terms["tricks"], terms["bids"], strict=True)]
    assert tuple(c.change for c in row.cells) == result.scores
    assert tuple(c.good for c in row.cells) == result.details["exact"]
    assert sheet.sheet.totals == tuple(table.state.scores) and sheet.sheet.legend == "tricks / bid   points"
    assert sheet.sheet.summary.startswith(f"Deal 3: bids {sum(result.details['bids'])} for 3 tricks")
    app.draw()
    click(app, sheet.button.rect.center)
    assert app.stack.top is table
    settle(app)
    assert table.view.deal == 4 and table.ext["trick"].badge().lines == ("Deal 4 of 5 \u00b7 2 cards each",)


def test_a_bots_only_match_plays_to_the_result_scene(app, game):
    """The last deal of a short match, bots only: the result scene shows the presenter's terms."""
    from cardtable.session import Session
    from cardtable.table import TableScene

    seats = [{"name": n, "kind": "bot", "level": "normal"} for n in ("Ann", "Basil", "Cleo")]
    state = game.new_match(
        players=3, seed=4, seats=seats, settings={"max_cards": 2}, start={"deal": 2, "scores": [10, 0, 11]}
    )
    app.push(TableScene(app, Session(state)))
    for _ in range(3000):
        app.frame(1 / 60)
        if type(app.stack.top).__name__ == "ResultScene":
            break
    scene = app.stack.top
    assert type(scene).__name__ == "ResultScene" and state.is_over
    terms = scene.terms
    last = state.deal_results[-1]
    assert terms.reason == "The highest total after 2 deals"
    assert tuple(t.value for t in terms.terms) == last.scores
    assert terms.terms[0].label.startswith(f"Ann: bid {last.details['bids'][0]}, took {last.details['tricks'][0]}")
    assert sum(len(t.cards) for t in terms.terms) == 3 * last.details["cards"]  # every trick's cards, by its taker
    assert terms.sheet is not None and terms.sheet.totals == tuple(state.scores)
    app.draw()


@pytest.mark.slow
def test_the_demo_plays_a_whole_four_player_match_and_exits_0(tmp_path):
    """``cardtable --demo ohhell --fast --players 4`` in a subprocess: 25 deals at the table."""
    paths = [p for p in sys.path if p]
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "CARDTABLE_HOME": str(tmp_path),
        "PYTHONPATH": os.pathsep.join(paths),
    }
    out = subprocess.run(
        [sys.executable, "-m", "cardtable", "--demo", "ohhell", "--fast", "--players", "4"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
