"""Every game's ``easy`` is ``normal`` with a person's slips, never random play.

From seeded matches of one ``easy`` against two ``normal``, each ``easy`` decision is also put to
a ``normal`` bot of the same seat that saw the same events: ``easy`` must choose a legal action
every time and differ from ``normal``'s action in some decisions but not in most (Trio's bots
sample, so a bounded share there). Then Trio's and Tryce's slips in set positions, over many
seeds: some seeds slip where a beginner would (a card seen last turn forgotten, a pair 7 apart
overlooked, a lay-off on another's meld missed, a buy on a whim), none where a beginner would not
(this turn's cards, a sum of 7, a lay-off when nearly out, a card that completes a part).
How strong that makes ``easy`` (0.6×–0.9× of a fair share against two ``normal``) is measured by
``bench/easy_share.py``, never asserted here.
"""

from __future__ import annotations

import pytest

import rules
from rules.actions import events_for
from rules.bots import Bot, make_bot
from rules.shuffle import sub_seed

# (game, variant, matches, settings, the most decisions easy may differ in): short matches where a
# whole one is long. Trio's bots choose by sampling deals with their own generator, so there two
# ``normal``s with different seeds already differ in many decisions.
CASES = [
    ("tribello", "standard", 2, None, 0.5),
    ("troeven", "dummy", 2, None, 0.5),
    ("troeven", "thirty", 2, None, 0.5),
    ("trio", "simple", 2, None, 0.9),
    ("try", "standard", 4, None, 0.5),
    ("tryce", "standard", 1, None, 0.5),
    ("rummy", "standard", 2, None, 0.5),  # the example plugin (CI installs it)
]


def differences(game_id: str, variant: str, matches: int, settings: dict | None) -> tuple[int, int]:
    """(decisions where easy chose other than normal would have, easy's decisions with a choice)."""
    game = rules.load_game(game_id)
    differ = decisions = 0
    for match in range(matches):
        seed = sub_seed(2024, match)
        easy_seat = match % 3
        state = game.new_match(players=3, variant=variant, seed=seed, settings=settings)
        bots = [
            make_bot(game_id, "easy" if s == easy_seat else "normal", s, sub_seed(seed, 1000 + s)) for s in range(3)
        ]
        shadow = make_bot(game_id, "normal", easy_seat, sub_seed(seed, 1000 + easy_seat))
        watching = [b for b in [*bots, shadow] if type(b).observe is not Bot.observe]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            chosen = bots[seat].choose(view)
            assert chosen in view.legal, (game_id, chosen)
            if seat == easy_seat and len(view.legal) > 1:
                decisions += 1
                differ += shadow.choose(view) != chosen
            events = state.apply(chosen, events=bool(watching))
            for bot in watching:
                bot.observe(events_for(events, bot.seat))
    return differ, decisions


@pytest.mark.parametrize(
    ("game_id", "variant", "matches", "settings", "most"), CASES, ids=[f"{g}-{v}" for g, v, *_ in CASES]
)
def test_easy_plays_legally_and_differs_from_normal_in_some_decisions(game_id, variant, matches, settings, most):
    if game_id not in rules.list_games():
        pytest.skip(f"{game_id} is not installed here")
    assert make_bot(game_id, "easy", 0, 1).level == "easy"
    differ, decisions = differences(game_id, variant, matches, settings)
    assert decisions >= 20
    assert 0 < differ < most * decisions, (differ, decisions)


# ----------------------------------------------------------------------------------------- Trio
# Last turn seat 2 turned up seat 1's highest card, a 12; seat 0 holds the other two 12s on top and
# has just shown both: the third is where the 12 was seen, if it is remembered.
TRIO_12S = (
    ["1 2 3 5 6 8 9 12 12", "2 3 4 5 6 8 9 11 12", "1 2 3 5 7 8 10 11 11"],
    [
        [0, "reveal middle/0"],
        [0, "reveal middle/1"],
        [1, "reveal middle/2"],
        [1, "reveal middle/3"],
        [2, "reveal high 1"],
        [2, "reveal middle/4"],
        [0, "reveal high 0"],
        [0, "reveal high 0"],
    ],
)
EASY_SEEDS = range(30)


def trio_12s() -> rules.State:
    from test_trio_rules import play

    hands, actions = TRIO_12S
    return play(hands, actions, middle="1 4 10 6 7 7 9 10 4")


def test_trio_easy_sometimes_forgets_a_card_seen_last_turn_and_then_misses_the_trio():
    view = trio_12s().view(0)
    remembered = missed = 0
    for seed in EASY_SEEDS:
        bot = make_bot("trio", "easy", 0, seed)
        advice = bot.advise(view)
        knows = "hand/1" in bot.remembered(view).known
        if knows:  # the 12 on seat 1's top is in mind: the trio is taken
            remembered += 1
            assert advice.action == "reveal high 1"
            assert advice.reason.startswith("the card seen there is a 12: it completes the trio"), advice.reason
        else:  # forgotten: it looks elsewhere, and says it is guessing
            missed += advice.action != "reveal high 1"
            assert not advice.reason.startswith("the card seen there"), advice.reason
    assert 0 < missed and remembered > len(EASY_SEEDS) // 2, (remembered, missed)
    normal = make_bot("trio", "normal", 0, 1).advise(view)
    assert normal.action == "reveal high 1"


def test_trio_easy_keeps_this_turns_cards_and_nothing_older_than_a_round():
    view = trio_12s().view(0)
    for seed in EASY_SEEDS:
        bot = make_bot("trio", "easy", 0, seed)
        # the two 12s shown this turn are never forgotten: every seed looks for the third 12
        assert "12" in bot.advise(view).reason
        for age in range(3, 9):  # a round of three turns ago or older: gone, as for normal
            assert not bot.remembers("hand/1", 10 - age, "12", 10, 3)
        assert bot.remembers("hand/1", 10, "12", 10, 3)  # a card of this very turn stays in mind


# Spicy: seat 0 holds the trio of 2s and a hand of 1s and 9s; 2 and 9 are connected (7 apart), so the
# 9s win. easy sees the sums to 7 always, and only some of the pairs 7 apart (a fixed few per bot).
SPICY_9S = (["1 1 1 9 9 9", "3 3 4 4 6 6 8 8 10", "5 5 10 10 11 11 12 12 12"], "3 4 6 7 7 7 8 5 11")
SPICY_5S = (["1 1 1 5 5 5", "3 3 4 4 6 6 8 8 9", "9 9 10 10 11 11 12 12 12"], "3 4 6 7 7 7 8 10 11")


def spicy(deal: tuple[list[str], str]) -> rules.State:
    from test_trio_rules import play

    hands, middle = deal
    return play(hands, variant="spicy", trios={0: "2 2 2"}, middle=middle)


def test_trio_easy_overlooks_some_spicy_connections_7_apart():
    view = spicy(SPICY_9S).view(0)
    sees = overlooks = 0
    for seed in EASY_SEEDS:
        bot = make_bot("trio", "easy", 0, seed)
        advice = bot.advise(view)
        if bot.connects(9, 2):
            sees += 1
            assert advice.action == "reveal high 0" and advice.reason.endswith("and a trio of them wins")
        else:  # to it the 9s connect to nothing: it looks elsewhere (a 5 would win), claiming no 9s win
            overlooks += 1
            assert bot.worth(9, view) < bot.worth(1, view) < bot.worth(5, view)
            assert advice.action != "reveal high 0" and "9" not in advice.reason
    assert sees and overlooks, (sees, overlooks)
    assert make_bot("trio", "normal", 0, 1).advise(view).reason.endswith("and a trio of them wins")


def test_trio_easy_always_sees_a_connection_that_sums_to_7():
    view = spicy(SPICY_5S).view(0)
    for seed in EASY_SEEDS:
        advice = make_bot("trio", "easy", 0, seed).advise(view)
        assert advice.action == "reveal high 0" and advice.reason.endswith("and a trio of them wins")


# ---------------------------------------------------------------------------------------- Tryce
# Hand 1 (a group and a word). Seat 0 melds its contract at once (the 7s and C A R T), seat 1 melds
# the group of 9s; on its next turn seat 0 holds the 9C (a J), free to lay off on seat 1's 9s.
TRYCE_STOCK = ["3C1", "2C2", "6C2", "JC1", "2H2"]  # F Q B G I: each seat's draw, in turn


def tryce_lay_off_turn(hand: list[str], melds: list[tuple[str, list[str]]], seed: int) -> list[str]:
    """Seat 0 (``easy``, ``seed``) with ``hand`` melds ``melds`` in its first turn; its second turn's
    actions, after seat 1 melds the 9s."""
    from test_scenarios_tryce import position

    moves = [(0, "sell"), (1, "pass"), (2, "pass")]
    for kind, cards in melds:
        moves += [(0, f"meld {kind}")] + [(0, f"add {c}") for c in cards] + [(0, "commit")]
    moves += [(0, "discard QC1"), (1, "sell"), (2, "pass"), (0, "pass")]
    moves += [(1, "meld group"), (1, "add 9S1"), (1, "add 9D1"), (1, "add 9H1"), (1, "commit"), (1, "discard 2C2")]
    moves += [(2, "sell"), (0, "pass"), (1, "pass"), (2, "discard 6C2")]
    state = position(1, {0: hand, 1: ["9S1", "9D1", "9H1"]}, up="5D2", stock=TRYCE_STOCK, moves=moves)
    bots = [make_bot("tryce", "easy", 0, seed), make_bot("tryce", "normal", 1, 1), make_bot("tryce", "normal", 2, 2)]
    done: list[str] = []
    while not state.deal_results:
        seat = state.current_player
        view = state.view(seat)
        if seat != 0 and view.public["phase"] != "sale":
            break
        text = bots[seat].choose(view)
        assert text in view.legal
        if seat == 0:
            done.append(text)
        state.apply(text)
    return done


CART = ["8H1", "2S1", "4S1", "QS1"]


def test_tryce_easy_sometimes_overlooks_a_lay_off_on_anothers_meld():
    # four cards after the draw (9C, the V, the F and the G): easy does not always look at the 9s
    hand = ["7H1", "7S1", "7D1", *CART, "9C2", "QC1", "KS2"]
    melds = [("group", ["7H1", "7S1", "7D1"]), ("word", CART)]
    laid = [any(a == "extend meld/1/0" for a in tryce_lay_off_turn(hand, melds, seed)) for seed in range(20)]
    assert 0 < laid.count(False) < laid.count(True), laid


def test_tryce_easy_always_lays_off_when_nearly_out():
    # three cards after the draw: a person that near going down looks over every meld on the table
    hand = ["7H1", "7S1", "7D1", "7C1", *CART, "9C2", "QC1"]
    melds = [("group", ["7H1", "7S1", "7D1", "7C1"]), ("word", CART)]
    for seed in range(20):
        done = tryce_lay_off_turn(hand, melds, seed)
        assert done[1:4] == ["extend meld/1/0", "add 9C2", "commit"], (seed, done)


def tryce_sale(up: str) -> rules.State:
    """Seat 0 sells ``up``; seat 1 holds a pair of 9s and C A R T, and may buy."""
    from test_scenarios_tryce import position

    return position(1, {0: ["QC1", "9C2", "5H1"], 1: ["9S1", "9H1", *CART]}, up=up, moves=[(0, "sell")])


def test_tryce_easy_always_buys_the_card_that_completes_its_group():
    view = tryce_sale("9D1").view(1)
    assert all(make_bot("tryce", "easy", 1, seed).choose(view) == "buy" for seed in range(20))


def test_tryce_easy_now_and_then_buys_a_card_it_does_not_need():
    view = tryce_sale("2C2").view(1)  # a 2 (a Q): it completes nothing
    advice = [make_bot("tryce", "easy", 1, seed).advise(view) for seed in range(40)]
    bought = [a.action == "buy" for a in advice]
    assert 0 < bought.count(True) < bought.count(False), bought
    for a in advice:  # the hint says it is a whim, not that the contract needs it
        fits = "the 2 of Clubs fits no planned meld"
        assert a.reason.startswith(fits) and a.reason.endswith("may come in handy" if a.action == "buy" else "hand")
    assert make_bot("tryce", "normal", 1, 1).choose(view) == "pass"
