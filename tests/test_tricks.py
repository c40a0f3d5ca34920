"""Trick taking shared by the trick games (rules/tricks.py): following, the winner, points, seat order."""

from __future__ import annotations

import random

import pytest

import rules
from rules.tricks import (
    DUMMY,
    FOLLOW_OR_TRUMP,
    MUST_FOLLOW,
    Trick,
    TrickDeck,
    card_points,
    playable,
    rotate,
    standing,
    trick_deck,
    trick_winner,
)

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


@pytest.fixture(scope="module")
def deck():
    return rules.load_game("troeven").deck("dummy")


@pytest.fixture(scope="module")
def table(deck):
    game = rules.load_game("troeven")
    return trick_deck(deck, game.config.scoring["rank_order"], game.config.scoring["points"])


def cards(deck, *texts: str) -> list[int]:
    return deck.parse_many(texts)


def names(deck, ints: list[int]) -> list[str]:
    return [deck.text(c) for c in ints]


def test_must_follow_holding_the_led_suit_only_that_suit_may_be_played(deck, table):
    hand = cards(deck, "AH", "7H", "KS", "9D")
    assert names(deck, playable(hand, HEARTS, DIAMONDS, MUST_FOLLOW, table.suit_of)) == ["AH", "7H"]


def test_follow_or_trump_holding_the_led_suit_a_trump_may_be_played_too(deck, table):
    hand = cards(deck, "AH", "7H", "KS", "9D")
    assert names(deck, playable(hand, HEARTS, DIAMONDS, FOLLOW_OR_TRUMP, table.suit_of)) == ["AH", "7H", "9D"]


def test_follow_or_trump_when_trump_is_led_only_trumps_follow(deck, table):
    hand = cards(deck, "AH", "9D", "8D", "KS")
    assert names(deck, playable(hand, DIAMONDS, DIAMONDS, FOLLOW_OR_TRUMP, table.suit_of)) == ["9D", "8D"]


def test_follow_or_trump_without_trump_is_must_follow(deck, table):
    hand = cards(deck, "AH", "9D")
    assert names(deck, playable(hand, HEARTS, None, FOLLOW_OR_TRUMP, table.suit_of)) == ["AH"]


@pytest.mark.parametrize("rule", [MUST_FOLLOW, FOLLOW_OR_TRUMP])
def test_void_in_the_led_suit_or_leading_any_card_may_be_played(deck, table, rule):
    hand = cards(deck, "KS", "9D", "7C")
    assert playable(hand, HEARTS, DIAMONDS, rule, table.suit_of) == hand
    assert playable(hand, None, DIAMONDS, rule, table.suit_of) == hand


def test_the_highest_trump_wins(deck, table):
    trick = cards(deck, "AH", "7D", "KH", "9D")
    assert trick_winner(trick, DIAMONDS, table.suit_of, table.strength) == 3


def test_without_a_trump_the_highest_card_of_the_led_suit_wins(deck, table):
    trick = cards(deck, "10H", "AS", "JH", "7H")
    assert trick_winner(trick, DIAMONDS, table.suit_of, table.strength) == 2
    assert trick_winner(trick, None, table.suit_of, table.strength) == 2


def test_an_off_suit_card_never_wins_however_high(deck, table):
    trick = cards(deck, "7H", "AS", "AC")
    assert trick_winner(trick, None, table.suit_of, table.strength) == 0


def test_the_winner_is_the_card_standing_highest_the_first_of_equals():
    # trick_winner writes standing() out: it must agree with it on any trick, any trump, and
    # (two decks' worth of cards: equal suit and strength) keep the first of two equal cards.
    suit_of = [c // 8 % 4 for c in range(64)]
    strength = [c % 8 for c in range(64)]
    rng = random.Random(24)
    for _ in range(5000):
        trick = [rng.randrange(64) for _ in range(rng.choice((2, 3, 4)))]
        trump = rng.choice((None, 0, 1, 2, 3))
        led = suit_of[trick[0]]
        keys = [standing(suit_of[c], strength[c], led, trump) for c in trick]
        assert trick_winner(trick, trump, suit_of, strength) == keys.index(max(keys)), (trick, trump)


def test_rank_order_comes_from_the_rules_file_not_the_deck_order(deck, table):
    # The deck lists A K Q ... 7; the rank order puts 10 above 9 and the ace on top.
    assert table.strength[deck.parse("AS")] > table.strength[deck.parse("KS")] > table.strength[deck.parse("10S")]
    assert table.strength[deck.parse("10S")] > table.strength[deck.parse("9S")] > table.strength[deck.parse("7S")]


def test_card_points_come_from_the_points_table(deck, table):
    assert card_points(cards(deck, "AS", "KH", "QD", "JC", "10S", "7H"), table.points) == 10
    assert card_points(range(deck.size), table.points) == 40


def test_a_rank_order_missing_a_rank_is_refused(deck):
    with pytest.raises(rules.RulesError, match="rank_order"):
        TrickDeck(deck, [8, 9, 10, "J", "Q", "K", "A"])


def test_points_for_an_unknown_rank_are_refused(deck):
    with pytest.raises(rules.RulesError, match="points"):
        TrickDeck(deck, [7, 8, 9, 10, "J", "Q", "K", "A"], {"Z": 3})


def test_seat_order_starts_from_the_leader_and_goes_clockwise():
    assert rotate([0, 1, 2, DUMMY], 2) == [2, DUMMY, 0, 1]
    assert rotate([1, 2, 0], 0) == [0, 1, 2]


def test_a_trick_knows_who_plays_next_and_when_it_is_complete():
    trick = Trick(2, [2, DUMMY, 0, 1])
    assert trick.next_place == 2 and not trick.complete
    trick.cards += [5, 9]
    assert trick.next_place == 0 and trick.plays == [(2, 5), (DUMMY, 9)]
    twin = trick.copy()
    twin.cards.append(1)
    assert trick.cards == [5, 9]
    trick.cards += [1, 3]
    assert trick.complete and trick.next_place is None
