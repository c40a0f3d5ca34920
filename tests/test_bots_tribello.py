"""Tribello's bots in positions a sensible player knows what to do in (``normal`` and ``hard``).

Seat 0 deals every position, so it leads the first trick; play goes 0, 1, 2. A position is a
hand-written deal (the cards each seat must hold; the rest of each hand is filled from the
deck, avoiding the suits a seat must be void in) replayed from its record, every seat keeping
its hand, then the plays written out. Deal 1 is round 1 (trump: the suit of the dealer's last
card), deal 7 round 3 (no trump) and deal 10 nullo (take at most your quota). ``hard`` searches
a fixed number of iterations with a fixed seed, so each position gives one answer.

The last tests check the engine ``hard`` searches on: its :class:`rules.tricks.PlayKernel`
plays a deal's tricks exactly as the match does, and the worlds it deals agree with the view.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from invariants import play_deal_with_kernel

import rules
from rules.bots import make_bot
from rules.bots.ismcts import TrickHardBot

SUITS = "SHDC"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]
NO_TRUMP, NULLO, CUT = 7, 10, 1


def deal(hands: list[list[str]], void: dict[int, str] | None = None, last: str | None = None) -> dict[str, list[str]]:
    """Three 13-card hands holding ``hands[seat]``, filled from the deck in order without the
    suits ``void[seat]`` names; ``last``: the dealer's last card (the cut in round 1)."""
    void = void or {}
    hands = list(hands) + [[] for _ in range(3 - len(hands))]
    taken = {card for hand in hands for card in hand} | ({last} if last else set())
    free = [card for card in DECK if card not in taken]
    full = []
    for seat, hand in enumerate(hands):
        hand = list(hand)
        room = 13 - len(hand) - (1 if seat == 0 and last else 0)
        for card in [c for c in free if c[-1] not in void.get(seat, "")][:room]:
            hand.append(card)
            free.remove(card)
        if seat == 0 and last:
            hand.append(last)
        assert len(hand) == 13, f"seat {seat}: cannot fill the hand"
        full.append(hand)
    return {"hand/0": full[0], "hand/1": full[1], "hand/2": full[2], "pickup": free}


def position(layout: dict[str, list[str]], plays: list[str] = (), deal_no: int = NO_TRUMP) -> rules.State:
    record = {
        "format": rules.RECORD_FORMAT,
        "game": "tribello",
        "seed": 5,
        "start": {"deal": deal_no, "scores": [0, 0, 0]},
        "deals": [{"dealer": 0, "layout": layout, "actions": []}],
    }
    state = rules.replay(record)
    for _ in range(3):
        state.apply("keep")
    for card in plays:
        state.apply(f"play {card}")
    return state


def bot(level: str, seat: int) -> Any:
    chosen = make_bot("tribello", level, seat, seed=11)
    if isinstance(chosen, TrickHardBot):
        chosen.budget_ms = 60_000.0  # the iterations decide, not the clock: one answer per position
        chosen.max_iterations = 700
    return chosen


def choice(level: str, state: rules.State) -> str:
    return choice_of(bot(level, state.current_player), state)


def choice_of(player: Any, state: rules.State) -> str:
    return player.choose(state.view(state.current_player))


BOTH = pytest.mark.parametrize("level", ["normal", "hard"])


# ------------------------------------------------------------------ for tricks
@BOTH
def test_last_to_play_takes_the_trick_it_can_win(level: str) -> None:
    state = position(deal([["9S"], ["10S"], ["JS", "KS", "AS"]]), ["9S", "10S"])
    assert choice(level, state) in ("play JS", "play KS", "play AS")


def test_normal_wins_as_cheaply_as_it_can_when_last():
    state = position(deal([["9S"], ["10S"], ["JS", "KS", "AS"]]), ["9S", "10S"])
    assert choice("normal", state) == "play JS"


@BOTH
def test_a_trick_that_cannot_be_won_gets_the_lowest_card_not_a_good_one(level: str) -> None:
    state = position(deal([["AH"], ["3H"], ["2H", "KH", "QH"]], void={2: "H"}), ["AH", "3H"])
    assert choice(level, state) == "play 2H"


@BOTH
def test_void_in_the_led_suit_it_trumps_the_trick_when_last(level: str) -> None:
    # Round 1: the dealer's last card, the 4 of spades, was cut: spades are trump.
    state = position(
        deal([["AD"], ["2D"], ["3S", "9S", "2C", "3C"]], void={2: "D"}, last="4S"), ["AD", "2D"], deal_no=CUT
    )
    assert choice(level, state) in ("play 3S", "play 9S")


def test_no_trump_wasted_on_a_trick_already_trumped_higher() -> None:
    # Spades trump (the 4 was cut); seat 1 ruffed the ace of diamonds with the ace of trumps.
    state = position(
        deal([["AD"], ["AS"], ["3S", "9S", "2C", "3C"]], void={1: "D", 2: "D"}, last="4S"), ["AD", "AS"], deal_no=CUT
    )
    assert choice("normal", state) in ("play 2C", "play 3C", "play 2H", "play 3H")
    # hard's search weighs which club to throw (seat 2 holds eleven) by sampling, so its club
    # varies with the seed; the trumps never go.
    seat = state.current_player
    for seed in range(11, 16):
        hard = bot("hard", seat)
        hard.rng = random.Random(seed)
        assert choice_of(hard, state) not in ("play 3S", "play 9S")


def test_normal_trumps_with_its_lowest_trump():
    state = position(
        deal([["AD"], ["2D"], ["3S", "9S", "2C", "3C"]], void={2: "D"}, last="4S"), ["AD", "2D"], deal_no=CUT
    )
    assert choice("normal", state) == "play 3S"


def test_normal_second_hand_plays_low_without_a_sure_winner():
    # The ace of spades is unseen: the king may be beaten after, so keep it.
    state = position(deal([["9S"], ["KS", "3S"], ["2S"]], void={1: "S"}), ["9S"])
    assert choice("normal", state) == "play 3S"


# ------------------------------------------------------------------ nullo
@BOTH
def test_nullo_ducks_under_the_winning_card(level: str) -> None:
    state = position(deal([["10H"], ["9H", "QH"]], void={1: "H"}), ["10H"], deal_no=NULLO)
    assert choice(level, state) == "play 9H"


@BOTH
def test_nullo_last_to_play_and_forced_to_win_sheds_its_highest(level: str) -> None:
    state = position(deal([["2H"], ["3H"], ["9H", "KH"]], void={2: "H"}), ["2H", "3H"], deal_no=NULLO)
    assert choice(level, state) == "play KH"


@BOTH
def test_nullo_void_in_the_led_suit_throws_a_high_card(level: str) -> None:
    state = position(deal([["5D"], ["6D"], ["AS", "KC", "2S", "3C"]], void={2: "DH"}), ["5D", "6D"], deal_no=NULLO)
    thrown = choice(level, state).split()[1]
    assert thrown[:-1] in ("J", "Q", "K", "A")


def test_normal_in_nullo_leads_a_low_card():
    hand = ["2H", "5H", "9H", "QH", "3D", "7D", "JD", "4C", "8C", "KC", "AS", "KS", "6S"]
    state = position(deal([hand]), deal_no=NULLO)
    led = choice("normal", state).split()[1]
    assert RANKS.index(led[:-1]) <= RANKS.index("6")


# ------------------------------------------------------------- before the play
def test_the_dealer_names_its_longest_strongest_suit():
    record = {
        "format": rules.RECORD_FORMAT,
        "game": "tribello",
        "seed": 5,
        "start": {"deal": 4, "scores": [0, 0, 0]},
        "deals": [
            {"dealer": 0, "layout": deal([["AH", "KH", "QH", "JH", "9H", "2H", "AS"]], void={0: "H"}), "actions": []}
        ],
    }
    state = rules.replay(record)
    assert choice("normal", state) == "trump hearts"
    assert choice("hard", state) == "trump hearts"  # hard names trump as normal does


def test_nullo_exchange_sets_the_aces_aside_first():
    record = {
        "format": rules.RECORD_FORMAT,
        "game": "tribello",
        "seed": 5,
        "start": {"deal": NULLO, "scores": [0, 0, 0]},
        "deals": [{"dealer": 0, "layout": deal([["AS", "AH", "2D", "3D"]]), "actions": []}],
    }
    state = rules.replay(record)
    assert choice("normal", state) in ("toggle AS", "toggle AH")


# ------------------------------------------------------------------ easy
def test_easy_is_not_random_it_follows_normal_mostly():
    state = position(deal([["9S"], ["10S"], ["JS", "KS", "AS"]]), ["9S", "10S"])
    picks = [make_bot("tribello", "easy", 2, seed=s).choose(state.view(2)) for s in range(40)]
    assert picks.count("play JS") >= 28  # the noise is occasional
    assert len(set(picks)) > 1  # but it is there


# ------------------------------------------------------------ the search engine
def test_the_play_kernel_plays_a_deal_as_the_match_does():
    rng = random.Random(4)
    game = rules.load_game("tribello")
    for seed in range(8):
        state = game.new_match(seed=seed)
        while state.phase != "play":
            state.apply(state.legal_actions()[-1])
        kernel = play_deal_with_kernel(state, rng)
        assert kernel.won == list(state.deal_results[-1].details["tricks"])


def test_worlds_keep_the_view_and_the_shown_voids():
    state = position(deal([["AH"], ["2D"]], void={1: "H"}), ["AH", "2D"])
    seat = state.current_player
    hard = bot("hard", seat)
    know = hard.knowledge(state.view(seat))
    mine = set(state.zones[f"hand/{seat}"])
    hearts = {c for c in range(52) if state.deck.suits[state.deck.suit_of[c]].id == "hearts"}
    for k in range(30):
        world = know.world(random.Random(k))
        assert set(world.hands[seat]) == mine
        assert not hearts & set(world.hands[1])  # seat 1 showed a void in hearts
        assert sorted(len(h) for h in world.hands) == sorted(len(state.zones[f"hand/{s}"]) for s in range(3))
        assert world.trick == state.trick.cards


def test_a_search_clone_keeps_no_undo_and_no_record():
    state = position(deal([["9S"]]))
    twin = state.clone(search=True)
    twin.apply(twin.legal_actions()[0])
    assert not twin.can_undo(0) and twin.log[-1]["actions"] == []
    assert state.log[-1]["actions"][-1] == [0, "keep"] or state.log[-1]["actions"]
    with pytest.raises(rules.IllegalAction):
        twin.apply(rules.Action("play", "play 9S", state.deck.parse("9S"), "hand/0", "trick", undoable=False))
