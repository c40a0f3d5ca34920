"""Tryce bot scenarios: a position, then the move a sensible player must (or must not) make.

Each position is a hand of Tryce set up from its deal (``position``): the cards of the hands
that matter, the up-card, the top of the stock, and the moves already played. Letters are the
fixed table of tryce.toml: 8H1 C, 2S1 A, 4S1 R, QS1 T (CART); 4H1 O, KS2 V, 5S1 E (OVATE);
7H1 S, 7S1 R, 7D1 L, 7C1 E (four 7s).
"""

from __future__ import annotations

import pytest
from test_tryce_rules import tryce_record

import rules
from rules.bots import Bot
from rules.bots import make_bot as make_any_bot
from rules.games.tryce import tables
from rules.games.tryce.hard import TryceHardBot

DECK = tables.deck()


@pytest.fixture(autouse=True)
def _no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """hard's budget far away: its caps on worlds and samples end each look-ahead, so a loaded
    machine never changes the move a position asks for."""
    monkeypatch.setattr(TryceHardBot, "budget_ms", 60_000.0)


SIZES = {1: 10, 2: 10, 3: 11, 4: 11, 5: 11, 6: 12, 7: 12}
JUNK = ["QC1", "9C2", "KS2", "AC1"]  # X J V K: no pair, hardly a word


def position(
    hand_no: int,
    hands: dict[int, list[str]],
    up: str,
    stock: list[str] = (),
    moves: list[tuple[int, str]] = (),
    players: int = 3,
) -> rules.State:
    """Hand ``hand_no`` dealt with ``hands`` (seat -> cards; the rest filled from the deck), ``up`` as
    the up-card and ``stock`` on top of the stock; seat 0 plays first; ``moves`` already played."""
    size = SIZES[hand_no]
    rest = [DECK.text(c) for c in range(DECK.size)]
    for card in [c for cards in hands.values() for c in cards] + [up] + list(stock):
        rest.remove(card)
    rest.reverse()  # fill the other hands from the end of the deck: no accidental pairs with the hands given
    layout: dict[str, list[str]] = {"discard": [up]}
    for seat in range(players):
        mine = list(hands.get(seat, ()))
        assert len(mine) <= size
        layout[f"hand/{seat}"], rest = mine + rest[: size - len(mine)], rest[size - len(mine) :]
    layout["stock"] = list(stock) + rest
    deal = {"dealer": players - 1, "layout": layout, "actions": [list(m) for m in moves]}
    return rules.replay(tryce_record([deal], hand=hand_no))


def make_bot(game: str, level: str, seat: int, seed: int) -> Bot:
    """A bot whose answer depends on the view and seed only: hard's look-ahead is not cut short by
    the clock (its 300 ms budget runs out on a busy machine and changes the move)."""
    bot = make_any_bot(game, level, seat, seed=seed)
    if getattr(bot, "budget_ms", None) is not None:
        bot.budget_ms = 60_000.0
    return bot


def play_turn(state: rules.State, level: str, seat: int = 0) -> list[str]:
    """``level`` bots play until ``seat``'s turn is over (the others only answer a sale)."""
    bots = [make_bot("tryce", level, s, seed=s) for s in range(state.players)]
    done: list[str] = []
    start = len(state.deal_results)
    while not state.is_over and len(state.deal_results) == start:
        turn = state.current_player
        if turn != seat and state.view(turn).public["phase"] != "sale":
            break
        text = bots[turn].choose(state.view(turn))
        if turn == seat:
            done.append(text)
        state.apply(text)
        assert len(done) < 200, done[-20:]
    return done


def discard_of(actions: list[str]) -> str | None:
    return next((a.split()[1] for a in actions if a.startswith("discard ")), None)


def sale_round(seller: int, discard: str, players: int = 3) -> list[tuple[int, str]]:
    """``seller`` sells the top discard, nobody buys, ``seller`` discards ``discard``."""
    moves = [(seller, "sell")] + [((seller + k) % players, "pass") for k in range(1, players)]
    return moves + [(seller, f"discard {discard}")]


CART = ["8H1", "2S1", "4S1", "QS1"]
SEVENS = ["7H1", "7S1"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_take_the_7s_trio_when_the_up_card_completes_it(level):
    state = position(1, {0: SEVENS + CART + JUNK}, up="7D1")
    done = play_turn(state, level)
    assert done[0] == "take"
    laid = state.view(0).public["laid"][0]
    assert (laid["group"], laid["word"]) == (1, 1), done


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_sell_an_up_card_that_helps_nothing(level):
    state = position(1, {0: SEVENS + CART + JUNK}, up="2C2")  # a Q on a 2: no group, no word wants it
    assert play_turn(state, level)[0] == "sell"


GOES_DOWN = ["7H1", "7S1", "7D1", "8H1", "2S1", "4S1", "QS1", "5S1", "2C1", "KS2"]  # 7 7 7, C A R T E D, a V


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_go_down_when_the_contract_is_complete(level):
    # the stock gives the fourth 7: all ten cards meld, the V is the last discard
    state = position(1, {0: GOES_DOWN}, up="2C2", stock=["7C1"])
    done = play_turn(state, level)
    assert done[0] == "sell"
    assert state.deal_results[-1].details["went_down"] == 0, done


def test_take_the_up_card_that_lets_you_go_down_at_once():
    # the up-card is the fourth 7: taken, the hand goes down this turn (a stock card would leave two cards)
    state = position(1, {0: GOES_DOWN}, up="7C1", stock=["2C2"])
    assert play_turn(state.clone(), "normal")[0] == "sell"  # normal sees only one more card used
    done = play_turn(state, "hard")
    assert done[0] == "take"
    assert state.deal_results[-1].details["went_down"] == 0, done


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_buy_the_card_for_sale_that_completes_a_group(level):
    # seat 0 sells the 9D; seat 1 holds a pair of 9s and a word: it buys
    state = position(1, {0: JUNK[:2] + ["5H1"], 1: ["9S1", "9H1"] + CART}, up="9D1", moves=[(0, "sell")])
    assert state.current_player == 1
    assert make_bot("tryce", level, 1, seed=1).choose(state.view(1)) == "buy"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_do_not_buy_a_card_that_completes_nothing(level):
    state = position(1, {0: JUNK[:2], 1: ["9S1", "9H1"] + CART}, up="2C2", moves=[(0, "sell")])
    assert make_bot("tryce", level, 1, seed=1).choose(state.view(1)) == "pass"


def test_buy_a_card_that_lengthens_the_planned_word_by_two():
    # seat 1 holds C A R T, a D and poor letters; the 5S (an E) for sale completes no new part (normal
    # passes), but with it the word takes two more cards (TRACKED): two cards fewer left to shed
    state = position(1, {1: CART + ["2C1", "10D1", "QC1", "AC1", "KS2", "6H2"]}, up="5S1", moves=[(0, "sell")])
    assert make_bot("tryce", "normal", 1, seed=1).choose(state.view(1)) == "pass"
    advice = make_bot("tryce", "hard", 1, seed=1).advise(state.view(1))
    assert advice.action == "buy" and advice.reason.startswith("the 5 of Spades fits the word"), advice


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_never_discard_a_joker(level):
    state = position(1, {0: ["JK", "3H1", "6C2", "2H1", "6D2", "9C2", "QC1", "KS2", "AC1", "3C1"]}, up="2C2")
    done = play_turn(state, level)
    assert discard_of(done) not in (None, "JK"), done


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_keep_a_planned_word_whole(level):
    # C A R T planned and the pair of 7s kept: the card thrown is one of the X J V K
    state = position(1, {0: SEVENS + CART + JUNK}, up="2C2")
    assert discard_of(play_turn(state, level)) in JUNK


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_in_a_pat_hand_lay_nothing_down_until_the_whole_hand_goes(level):
    # hand 4 (three words, all at once): C A R T and O V A T E are ready, the X and the Z fit nowhere
    state = position(4, {0: CART + ["4H1", "KS2", "2D1", "AS1", "5S1", "QC1", "10D1"]}, up="2C2", stock=["9C2"])
    done = play_turn(state, level)
    assert not any(a.startswith(("meld", "add", "commit")) for a in done), done
    assert discard_of(done) is not None
    assert not state.view(0).public["laid"][0]["word"]


def test_do_not_discard_the_rank_the_next_player_collects():
    # seat 0 throws the QH and the QD, and seat 1 takes both from the pile (everyone sees it); seat 0
    # now holds C A R T (no Q in it), the QC (an X), two pairs and two spare cards: the Q is its least
    # useful card
    mine = ["8H1", "2S1", "4S1", "8D1", "QC1", "QH1", "QD1", "2H1", "4D2", "6D2"]
    moves = sale_round(0, "QH1") + [(1, "take"), (1, "discard 2D2")] + sale_round(2, "6C1")
    moves += sale_round(0, "QD1") + [(1, "take"), (1, "discard 2S2")] + sale_round(2, "7D2")
    moves += [(0, "sell"), (1, "pass"), (2, "pass")]
    state = position(
        1,
        {0: mine, 1: ["2D2", "2S2"], 2: ["6C1", "7D2"]},
        up="3D2",
        stock=["2C2", "KH1", "4C1", "KC1", "9C2"],
        moves=moves,
    )
    view = state.view(0)
    assert view.public["phase"] == "meld"
    assert sorted(view.known["hand/1"]) == ["QD1", "QH1"]  # seen taken from the pile
    assert discard_of(play_turn(state.clone(), "normal")) == "QC1"  # what a player watching nobody throws
    assert discard_of(play_turn(state.clone(), "hard")) not in (None, "QC1")


def test_take_rather_than_sell_the_rank_an_opponent_collects():
    # seat 0 throws the 3H and the 3D, and seat 1 takes both from the pile (everyone sees it); seat 2
    # then throws the 3C: a card seat 0 has no use for (normal sells it), but offered for sale it is
    # the third 3 seat 1 buys for its group; hard takes it, keeps it, and says why
    mine = ["8H1", "2S1", "4S1", "8D1", "QC1", "3H1", "3D1", "2H1", "4D2", "6D2"]
    moves = sale_round(0, "3H1") + [(1, "take"), (1, "discard 2D2")] + sale_round(2, "6C1")
    moves += sale_round(0, "3D1") + [(1, "take"), (1, "discard 2S2")] + sale_round(2, "3C1")
    state = position(
        1,
        {0: mine, 1: ["2D2", "2S2"], 2: ["6C1", "3C1"]},
        up="3D2",
        stock=["KH1", "2C2", "9C2", "KC1", "10D1"],
        moves=moves,
    )
    view = state.view(0)
    assert view.zones["discard"][0] == "3C1" and sorted(view.known["hand/1"]) == ["3D1", "3H1"]
    assert play_turn(state.clone(), "normal")[0] == "sell"
    done = play_turn(state.clone(), "hard")
    assert done[0] == "take" and discard_of(done) not in (None, "3C1"), done
    advice = make_bot("tryce", "hard", 0, seed=0).advise(view)
    assert advice.action == "take" and "would go to the next player, who would buy it" in advice.reason, advice


def test_shed_the_dearest_card_when_an_opponent_is_about_to_go_down():
    # seat 1 melds 7 7 7 and C A R T E D at once and keeps one card; seat 0 holds a K (an E) and a 2 (a W)
    seat1 = ["7H1", "7S1", "7D1", "8H1", "2S1", "4S1", "QS1", "5S1", "2C1", "AC1"]
    moves = sale_round(0, "3C1") + [(1, "sell"), (2, "pass"), (0, "pass")]
    moves += [(1, "meld group"), (1, "add 7H1"), (1, "add 7S1"), (1, "add 7D1"), (1, "commit"), (1, "meld word")] + [
        (1, f"add {c}") for c in ["8H1", "2S1", "4S1", "QS1", "5S1", "2C1"]
    ]
    moves += [(1, "commit"), (1, "discard AC1")] + sale_round(2, "9S1") + [(0, "sell"), (1, "pass"), (2, "pass")]
    state = position(
        1,
        {0: ["KD1", "2H1", "9C2", "5H1", "6C2", "3H1", "4S2", "4D1", "8S2", "3C1"], 1: seat1, 2: ["9S1"]},
        up="2C2",
        stock=["3D1", "2D2", "10C2", "5D1"],
        moves=moves,
    )
    view = state.view(0)
    assert len(view.zones["hand/1"]) == 1 and view.public["laid"][1] == {"group": 1, "run": 0, "word": 1}
    assert discard_of(play_turn(state.clone(), "hard")) == "KD1"


def test_the_hint_names_the_meld_that_completes_the_contract():
    # 7 7 7 and O V A T E: the hints say which meld goes down and why
    state = position(
        1, {0: ["7H1", "7S1", "7D1", "4H1", "KS2", "2S1", "QS1", "5S1", "QC1", "10D1"]}, up="2C2", stock=["2H1"]
    )
    bot = make_bot("tryce", "hard", 0, seed=0)
    others = [make_bot("tryce", "normal", s, seed=s) for s in (1, 2)]
    reasons = []
    while state.current_player == 0 or state.view(state.current_player).public["phase"] == "sale":
        seat = state.current_player
        if seat != 0:
            state.apply(others[seat - 1].choose(state.view(seat)))
            continue
        advice = bot.advise(state.view(0))
        assert advice.action in state.view(0).legal
        reasons.append(advice.reason)
        state.apply(advice.action)
    assert "the word OVATE is ready: one part of your contract down" in reasons, reasons
    assert "the group of 7s is the last part your contract needs" in reasons, reasons
    assert reasons[-1].startswith("your contract is down and the"), reasons
    assert all(reasons), reasons


# hand 7 (four words, 15+ cards): twelve cards that all fit three planned words (K I L L E R and
# two more); the up-card AC (a C) fits a word too, but the hand is no nearer four words with it
COVERED_12 = ["8S2", "JS1", "4H2", "8D2", "6H2", "7D1", "5D1", "3S2", "AH2", "9H2", "5S2", "6S1"]


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_do_not_take_a_card_only_to_throw_it_back(level):
    state = position(7, {0: COVERED_12}, up="AC1")
    assert play_turn(state, level)[0] == "sell"


def test_in_hand_7_take_the_up_card_rather_than_sell_it_to_the_others():
    # twelve cards, three short of going down: a sale would let both opponents buy (a card and a
    # stock card each, two nearer their 15); hard takes the up-card instead, and discards one card
    state = position(7, {0: COVERED_12}, up="AC1")
    done = play_turn(state, "hard")
    assert done[0] == "take" and discard_of(done) is not None, done
    assert len(state.view(0).zones["hand/0"]) == 12 and len(state.view(1).zones["hand/1"]) == 12


def test_hand_7_is_no_card_passed_round_the_table():
    # three normal bots play hand 7 out: no one takes the up-card to discard it at once, and a seat
    # goes down long before the bots' cut-off (40 rounds) would stop the taking
    state = position(7, {0: COVERED_12}, up="AC1")
    bots = [make_bot("tryce", "normal", s, seed=s) for s in range(3)]
    taken: dict[int, str] = {}
    back = turns = 0
    while not state.deal_results:
        seat = state.current_player
        view = state.view(seat)
        text = bots[seat].choose(view)
        if text in ("take", "sell", "draw"):
            turns += 1
        if text == "take":
            taken[seat] = view.zones["discard"][0]
        elif text.startswith("discard ") and seat in taken:
            back += text.split()[1] == taken.pop(seat)
        state.apply(text)
        assert turns < 60, "hand 7 goes round and round"
    assert back == 0
    assert state.deal_results[-1].details["went_down"] is not None


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_in_hand_7_buy_whatever_is_for_sale_while_too_short_to_go_down(level):
    # seat 0 sells an X: to seat 1 (twelve cards, three short of four words) it is a poor letter,
    # but a buy brings two cards, all it lacks to go down on its next turn; normal passes on the X
    state = position(7, {1: COVERED_12}, up="QC1", moves=[(0, "sell")])
    choice = make_bot("tryce", level, 1, seed=1).choose(state.view(1))
    assert choice == ("buy" if level == "hard" else "pass")


# hand 4: S N V P C T D L G I I, one vowel short of V A C S, P I N T, G I L D; the up-card is a Y
VOWEL_SHORT = ["QC2", "8C1", "KS2", "10S2", "8H1", "AS1", "AS2", "10C2", "4C1", "JS1", "2H2"]


def test_in_a_pat_hand_draw_when_a_stock_card_is_likely_to_take_the_hand_down():
    # the Y would cover 11 of the 12 cards (normal takes it); most stock cards (any vowel) cover all
    # twelve at once: hard sells the Y, draws the A and goes down
    state = position(4, {0: VOWEL_SHORT}, up="9D2", stock=["2S1"])
    assert play_turn(state.clone(), "normal")[0] == "take"
    done = play_turn(state, "hard")
    assert done[0] == "sell"
    assert state.deal_results[-1].details["went_down"] == 0, done


def test_in_hand_7_throw_a_poor_letter_while_the_others_are_too_short():
    # twelve cards each: a sale of the discard lets an opponent buy the two cards it lacks to go
    # down, and one too short buys any useful letter; hard takes the S and throws the W (2H1), a
    # letter hardly any word wants, rather than the G it would throw were nobody short
    hand = ["4S2", "QC2", "2D2", "10S2", "7H1", "JC1", "AS1", "6S1", "5H2", "4D1", "JD1", "2H1"]
    done = play_turn(position(7, {0: hand}, up="4C2"), "hard")
    assert done[0] == "take" and discard_of(done) == "2H1", done


def test_in_hand_7_buy_a_letter_an_opponent_too_short_would_buy():
    # seat 1 (fourteen cards after a buy) is no longer too short; seat 2 (twelve) is, and would buy
    # the M seat 0 sells: hard buys it to win it from seat 2 in the buyers' draw; normal passes
    moves = [
        (0, "sell"),
        (1, "buy"),
        (2, "pass"),
        (0, "discard 2H1"),
        (1, "sell"),
        (2, "pass"),
        (0, "pass"),
        (1, "discard 6D2"),
        (2, "sell"),
        (0, "pass"),
        (1, "pass"),
        (2, "discard 3S1"),
        (0, "sell"),
    ]
    state = position(
        7,
        {0: ["2H1"], 1: COVERED_12[:11] + ["6D2"], 2: ["3S1"]},
        up="9C2",
        stock=["QC1", "2C2", "10D1", "KS2", "AC1", "10H2", "QH2"],
        moves=moves,
    )
    view = state.view(1)
    assert len(view.zones["hand/1"]) == 14 and len(view.zones["hand/2"]) == 12
    assert make_bot("tryce", "normal", 1, seed=1).choose(view) == "pass"
    assert make_bot("tryce", "hard", 1, seed=1).choose(view) == "buy"


def test_early_in_a_hand_of_three_parts_buy_whatever_is_for_sale():
    # hand 3 (a group, a run and a word from eleven cards), first round: the Q for sale completes
    # nothing (normal passes); hard buys it, two more cards to build the three parts with
    state = position(3, {0: JUNK[:2], 1: ["9S1", "9H1"] + CART}, up="2C2", moves=[(0, "sell")])
    assert make_bot("tryce", "normal", 1, seed=1).choose(state.view(1)) == "pass"
    advice = make_bot("tryce", "hard", 1, seed=1).advise(state.view(1))
    assert advice.action == "buy" and "three parts" in advice.reason, advice
