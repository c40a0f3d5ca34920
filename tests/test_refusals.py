"""Every game says why it refuses a move, in its own words (issue 21, item 3): the suit that must
be followed and the cards that oblige it, the exchange's limit, the bid's range, the draw before
the discard, the ends of a Trio hand. One ``state.why_not`` gives the reason; ``IllegalAction``
carries the same words; ``cardtable-sim replay`` prints them on one line. (Tryce's meld reasons:
``test_refusals_tryce.py``.) Positions are the rules tests' hand-written deals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import play_try
from test_refusals_tryce import BEEP, laid, says
from test_tribello_rules import EXACT, EXACT_TRICKS, KEEP_ALL, play_out
from test_tribello_rules import scenario as tribello
from test_trio_rules import DEAL3, TEAM4
from test_trio_rules import play as trio
from test_troeven_rules import FOLLOWING
from test_troeven_rules import scenario as troeven
from test_try_rules import BIDS, HANDS, took_the_discard_last_turn

import rules
from rules.sim import main as sim


def test_a_legal_action_has_no_reason():
    state = play_try(HANDS, BIDS, ["10S", "W", "12S", "2B"])
    assert state.why_not("draw stock") is None
    assert state.why_not(state.legal_actions()[0]) is None


# ---------------------------------------------------------------------------- Try
def test_try_says_draw_before_discard_and_the_discard_pile_rule():
    state = took_the_discard_last_turn()
    says(state, "discard 12F", "You must draw before you discard: draw from the stock.")
    says(state, "draw discard", "You took from the discard pile on your last turn: draw from the stock.")
    says(state, "discard 7F", "The 7 of Fire is not in your hand.")
    says(state, "bid 12F", "Everyone has bid already: draw, then discard.")
    state.apply("draw stock")
    says(state, "draw stock", "You have drawn already: now discard one card.")


def test_try_says_what_a_bid_is():
    state = play_try(HANDS, [], ["10S", "W", "12S", "2B"])
    says(state, "discard 12F", "First choose your bid: put one card from your hand face down on your bid spot.")


# ------------------------------------------------------------------- trick games
def test_tribello_names_the_suit_to_follow_and_the_cards_that_oblige_it():
    state = tribello(EXACT, KEEP_ALL, deal=7)
    play_out(state, EXACT_TRICKS[:6])
    state.apply("play 2H")  # the dealer leads a heart; left holds four
    says(state, "play 6D", "You must follow Hearts: you hold four Hearts.")
    says(state, "play AS", "The A of Spades is not in your hand.")


def test_tribello_says_the_exchange_limit_and_that_the_exchange_comes_first():
    state = tribello(EXACT, [], deal=7)
    dealer = [state.deck.text(c) for c in state.zones[f"hand/{state.turn}"]]
    says(state, f"play {dealer[0]}", "Exchange first: set aside the cards to swap with the pickup, then confirm.")
    state.apply("exchange " + " ".join(dealer[:12]))  # the dealer takes 12 of the 13: one is left
    hand = [state.deck.text(c) for c in state.zones[f"hand/{state.turn}"]]
    says(
        state,
        f"exchange {hand[0]} {hand[1]}",
        "You may exchange at most 1 card: the pickup has 1 left to take in their place.",
    )
    gone = state.deck.faces[state.deck.parse(dealer[0])].name
    says(state, f"exchange {dealer[0]}", f"The {gone} is not in your hand.")


def test_troeven_names_the_trump_when_it_may_be_played_instead():
    state = troeven("dummy", FOLLOWING, "diamonds", [["7H", "7C", "AC"]])
    says(state, "play 7S", "You must follow Hearts or play a trump (Diamonds): you hold six Hearts.")
    heart = next(c for c in state.zones["hand/0"] if state.deck.faces[c].suit == "hearts")
    assert state.why_not(heart, "hand/0", "won/0") == "Cards are played to the trick, in the middle of the table."
    dummy = troeven("dummy", FOLLOWING, "diamonds", [["7H", "7C", "AC", "KH"], ["QH", "AS", "8D"]])
    says(dummy, "play KC", "The dummy must follow Hearts or play a trump (Diamonds): it shows the A of Hearts.")


def test_oh_hell_says_the_bids_range_the_hook_and_the_suit(ohhell_scenario):
    state = ohhell_scenario([["2S", "3H", "4D"], ["AS", "KH", "5C"], ["QS", "AH", "9D"]], "10C")
    says(state, "bid 4", "You hold 3 cards: bid from 0 to 3.")
    says(state, "play 5C", "First the bids: say how many tricks you will take.")
    for text in ("bid 1", "bid 1"):
        state.apply(text)
    says(state, "bid 1", "The dealer's hook: the bids may not add up to the 3 tricks, so the dealer may not bid 1.")
    state.apply("bid 0")
    state.apply("play AS")
    says(state, "play AH", "You must follow Spades: you hold the Q of Spades.")
    says(state, "bid 2", "The bids are over: play a card.")


@pytest.fixture
def ohhell_scenario():
    pytest.importorskip("cardtable_ohhell")
    from test_ohhell_plugin import scenario

    return scenario


# --------------------------------------------------------------------------- Trio
def test_trio_says_which_cards_may_be_revealed():
    state = trio(DEAL3)  # seat 0 first: 1 2 3 5 6 8 9 10 12
    assert state.turn == 0
    assert state.why_not(state.zones["hand/0"][4], "hand/0", "revealed") == (
        "Only the lowest or the highest card of a hand may be revealed: of yours, the 1 or the 12."
    )
    hidden = state.zones["hand/1"][4]  # another seat's card: its number is never said
    assert state.why_not(hidden, "hand/1", "revealed") == (
        "Only the lowest or the highest card of a hand may be revealed."
    )
    says(state, "swap 5", "Swaps are for partners in team play: reveal a card.")
    says(state, "reveal low 7", "There is no such hand.")
    state = trio(
        ["1 2 3 5 6 8 9 10 12 4 4", "4", "1 2 3 5 7 8 10 11 12 5 6 8 9 11 12"],
        [[0, "reveal low 1"], [0, "reveal middle/8"]],
    )  # a 4, then an 11: the 11 is back
    says(state, "reveal middle/9", "There is no such place in the middle.")


def test_trio_swaps_say_when_they_happen():
    state = trio(TEAM4, variant="team-simple")
    assert state.view(None).public["phase"] == "swap"
    says(state, "reveal low 1", "First the swap: offer one of your cards to your partner, or keep your cards.")
    says(state, "swap 12", "The 12 is not in your hand.")


# ------------------------------------------------------------------------ the sim
def test_the_sim_prints_an_illegal_actions_reason_in_one_line(capsys, tmp_path: Path):
    """A record whose last action lays an E on BEEP: replay names the action and says why, on one line."""
    state = laid(1, "word", BEEP, ["7H1", "7S1", "7D1", "KD1", "9C2", "KS2"])
    record = state.to_record()
    record["deals"][0]["actions"] += [[0, "extend meld/0/0"], [0, "add KD1"], [0, "commit"]]
    number = len(record["deals"][0]["actions"]) - 1
    path = tmp_path / "beepe.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert sim(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{path}: deals[0].actions[{number}]: BEEPE is not a word in the list.\n"


# ------------------------------------------------------------- every game, at random
@pytest.mark.parametrize("game_id", rules.list_games())
def test_every_refusal_is_one_line_read_from_the_actors_own_view(game_id):
    """Random play: each action legal a move ago and refused now gets a one-line reason in the
    game's words (not the bare "not a legal action"), the same on any state consistent with the
    actor's view (so it reads nothing hidden from the actor); no reason: the text is legal as written."""
    game = rules.load_game(game_id)
    low, high = game.player_range()
    state = game.new_match(players=min(high, low + 1), seed=7)
    rng = random.Random(7)
    before: list[str] = []
    asked = 0
    for step in range(150):
        if state.is_over:
            break
        legal = [a.text for a in state.legal_actions()]
        refused = [t for t in before if t not in legal]
        if refused:
            other = rules.sample(state.view(state.current_player), random.Random(step))
            for text in rng.sample(refused, min(3, len(refused))):
                reason = state.why_not(text)
                asked += 1
                assert reason == other.why_not(text), text
                if reason is None:  # a confirm written with its cards (Tribello's exchange)
                    state.clone().apply(text)
                    continue
                assert "\n" not in reason and "is not a legal action" not in reason, (text, reason)
        before = legal
        state.apply(rng.choice(state.legal_actions()))
    assert asked > 0
