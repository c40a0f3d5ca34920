"""Worlds that fit the bids (rules/bots/bid_worlds.py), on the Oh Hell example: the cards' odds of
taking a trick under random play, a hand's worth, and worlds kept by how well the hidden hands
fit their bids."""

from __future__ import annotations

import random
import statistics

from conftest import plugin_fixture

import rules
from rules.bots import make_bot
from rules.bots.bid_worlds import BidReader, trick_odds, world_by_bids
from rules.bots.generic_hard import GenericTrickHardBot

ohhell = plugin_fixture("ohhell", "cardtable-ohhell", "cardtable_ohhell")


def play_begins(seed: int, bids: list[int]) -> tuple[object, GenericTrickHardBot, object, dict[str, int]]:
    """A 13-card deal at its first lead with ``bids`` made (seats 0, 1, 2): the view of the seat
    to lead, a hard bot for it, its knowledge and card text -> card."""
    settings = {"max_cards": 13, "sequence": "fixed", "hook": False}
    state = rules.load_game("ohhell").new_match(3, seed=seed, settings=settings)
    while state.view(state.current_player).public.get("phase") != "play":
        state.apply(f"bid {bids[state.current_player]}")
    view = state.view(state.current_player)
    bot = make_bot("ohhell", "hard", view.seat, seed)
    assert isinstance(bot, GenericTrickHardBot)
    _tdeck, index, _procedure = bot.tables(view)
    return view, bot, bot.knowledge(view), index


def test_random_play_gives_the_top_trump_every_trick_and_a_low_side_card_few() -> None:
    view, bot, know, index = play_begins(2, [4, 4, 4])
    md, trump = know.md, know.trump
    odds = trick_odds(md, 3, 13, trump, md.may(trump, know.rule))
    top_trump = max((p for p in range(52) if md.suit[p] == trump), key=lambda p: md.strength[p])
    low_side = min((p for p in range(52) if md.suit[p] != trump), key=lambda p: md.strength[p])
    assert odds[top_trump] == 1.0
    assert odds[low_side] < 0.1
    # Each of 13 tricks is taken by one of the 39 cards dealt (of 52): the odds add up to 13 * 52 / 39.
    assert abs(sum(odds) - 13 * 52 / 39) < 0.6


def test_worlds_kept_by_the_bids_give_a_high_bidder_a_stronger_hand() -> None:
    """Over many worlds, a hidden hand that bid 8 holds more worth in the worlds kept by the bids
    than in plain ones, and one that bid 0 less; the seat's own hand is never dealt again."""
    view, bot, know, index = play_begins(5, [8, 0, 4])
    reader = bot.bid_reader(view, know, index)
    assert isinstance(reader, BidReader) and reader.reads
    mine = know.order.index(view.seat)
    hidden = {know.actor[i]: i for i, _bid in reader.readers}
    rng = random.Random(3)
    plain = [know.mask_world(rng).hands[:] for _ in range(600)]
    kept = [world_by_bids(know, rng, reader).hands[:] for _ in range(600)]
    checked = 0
    for seat, bid in ((0, 8), (1, 0)):
        if seat not in hidden:  # the seat to lead: its own hand
            continue
        checked += 1
        i = hidden[seat]
        before = statistics.fmean(reader.worth(h[i]) for h in plain)
        after = statistics.fmean(reader.worth(h[i]) for h in kept)
        assert (after > before + 0.15) if bid == 8 else (after < before - 0.15), (seat, before, after)
    assert checked >= 1
    assert all(h[mine] == plain[0][mine] for h in kept)


def test_without_bids_the_worlds_are_the_plain_ones() -> None:
    view, bot, know, index = play_begins(7, [3, 3, 3])
    again = bot.knowledge(view)  # the same knowledge afresh: its pool in its first order
    assert world_by_bids(know, random.Random(1), None).hands == again.mask_world(random.Random(1)).hands


def test_the_hint_says_the_worlds_fit_the_bids() -> None:
    """Where the search's card is played (not ``normal``'s, which keeps its own reason), the hint
    says its deals fit the bids as well as what the seat has seen."""
    searched = []
    for seed in range(8):
        view, bot, know, index = play_begins(seed, [2, 5, 3])
        bot.budget_ms, bot.max_iterations = 60_000.0, 4
        reason = bot.advise(view).reason
        assert "deals that fit what you have seen:" not in reason
        if "deals that fit what you have seen and the bids:" in reason:
            searched.append(seed)
    assert searched


def test_a_hands_worth_is_stretched_to_the_tricks_whole_hands_take() -> None:
    """A card's odds are its own, over every other hand; whole hands take more tricks together
    when strong and fewer when weak, so the line from the odds summed to the tricks is steeper
    than 1 at 13 cards, and the stretched worth is nearer the tricks random play takes with a
    hand (600 play-outs each, 12 first-bid hands) than the odds summed."""
    from rules.bots.bid_worlds import worth_fit
    from rules.bots.maskplay import random_playout

    raw_miss = fit_miss = 0.0
    for seed in range(12):
        view, bot, know, index = play_begins(seed, [4, 4, 4])
        md, trump = know.md, know.trump
        may = md.may(trump, know.rule)
        intercept, slope = worth_fit(md, 3, 13, trump, may)
        assert slope > 1.3
        odds = trick_odds(md, 3, 13, trump, may)
        mine = know.order.index(view.seat)
        raw = sum(odds[p] for p in range(52) if know._base[mine] >> p & 1)
        rng = random.Random(seed)
        taken = 0
        for _ in range(600):
            world = know.mask_world(rng).copy()
            random_playout(world, rng)
            taken += world.won[view.seat]
        took = taken / 600  # none played yet: the tricks of the whole deal
        raw_miss += abs(raw - took)
        fit_miss += abs(intercept + slope * raw - took)
    assert fit_miss < raw_miss * 0.8, (fit_miss, raw_miss)


def test_a_hands_worth_by_suit_tables_is_the_odds_summed() -> None:
    view, bot, know, index = play_begins(4, [3, 5, 4])
    reader = BidReader(know, [3, 5, 4], [0, 0, 0], calibrate=False)
    assert reader.sums is not None
    rng = random.Random(1)
    for _ in range(200):
        mask = rng.getrandbits(52)
        looped = sum(reader.odds[p] for p in range(52) if mask >> p & 1)
        assert abs(reader.worth(mask) - looped) < 1e-9
