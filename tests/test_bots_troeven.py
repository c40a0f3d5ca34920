"""3-Player Troeven's bots in positions a sensible player knows what to do in (``normal`` and ``hard``).

Seat 0 deals every position, so seat 1 is the trump caller and leads the first trick, seat 2
the dealer's partner. With a dummy, the first trick goes caller, partner, dummy, dealer (the
caller plays the dummy's face-up cards, against the dealer and partner); in the thirty-card
version every player is alone and play goes 1, 2, 0. Card points: A 4, K 3, Q 2, J 1. A position
is a hand-written deal (the cards each place must hold, the rest filled from the deck without
the suits a place must be void in), trump named, then the plays written out. ``hard`` searches
a fixed number of iterations with a fixed seed, so each position gives one answer.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from invariants import play_deal_with_kernel

import rules
from rules.bots import make_bot
from rules.bots.ismcts import TrickHardBot

RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
DECK = [f"{rank}{suit}" for suit in "SHDC" for rank in RANKS]
THIRTY_DECK = [card for card in DECK if card not in ("7C", "7S")]
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def fill(wanted: dict[str, list[str]], sizes: dict[str, int], deck: list[str], void: dict[str, str]) -> dict:
    taken = {card for cards in wanted.values() for card in cards}
    free = [card for card in deck if card not in taken]
    out = {}
    for zone, size in sizes.items():
        cards = list(wanted.get(zone, []))
        for card in [c for c in free if c[-1] not in void.get(zone, "")][: size - len(cards)]:
            cards.append(card)
            free.remove(card)
        assert len(cards) == size, f"{zone}: cannot fill"
        out[zone] = cards
    assert not free
    return out


def dummy_deal(
    dealer: list[str] = (),
    caller: list[str] = (),
    partner: list[str] = (),
    up: list[str] = (),
    void: dict[str, str] | None = None,
) -> dict[str, list[str]]:
    """The dummy version: hands of 8, the dummy's face-up cards ``up`` (filled to 4), 4 face down."""
    wanted = {"hand/0": list(dealer), "hand/1": list(caller), "hand/2": list(partner), "up": list(up)}
    sizes = {"hand/0": 8, "hand/1": 8, "hand/2": 8, "up": 4, "down": 4}
    zones = fill(wanted, sizes, DECK, void or {})
    layout = {z: zones[z] for z in ("hand/0", "hand/1", "hand/2")}
    for i in range(4):
        layout[f"dummy_up/{i}"] = [zones["up"][i]]
        layout[f"dummy_down/{i}"] = [zones["down"][i]]
    return layout


def thirty_deal(
    dealer: list[str] = (), caller: list[str] = (), partner: list[str] = (), void: dict[str, str] | None = None
) -> dict[str, list[str]]:
    wanted = {"hand/0": list(dealer), "hand/1": list(caller), "hand/2": list(partner)}
    return fill(wanted, {"hand/0": 10, "hand/1": 10, "hand/2": 10}, THIRTY_DECK, void or {})


def position(variant: str, layout: dict[str, list[str]], trump: str | None, plays: list[str] = ()) -> rules.State:
    record = {
        "format": rules.RECORD_FORMAT,
        "game": "troeven",
        "variant": variant,
        "seed": 3,
        "start": {"deal": 1},
        "deals": [{"dealer": 0, "layout": layout, "actions": []}],
    }
    state = rules.replay(record)
    if trump:
        state.apply(f"trump {trump}")
    for card in plays:
        state.apply(f"play {card}")
    return state


def choice(level: str, state: rules.State) -> str:
    seat = state.current_player
    chosen: Any = make_bot("troeven", level, seat, seed=13)
    if isinstance(chosen, TrickHardBot):
        chosen.budget_ms = 60_000.0  # the iterations decide, not the clock: one answer per position
        chosen.max_iterations = 700
    return chosen.choose(state.view(seat))


def card(text: str) -> str:
    return text.split()[1]


BOTH = pytest.mark.parametrize("level", ["normal", "hard"])


# ------------------------------------------------------------ with a dummy
@BOTH
def test_do_not_trump_a_trick_your_partner_is_winning_smear_points_on_it(level: str) -> None:
    # Spades trump. The partner's ace of hearts holds the trick: the dealer, last, adds the king.
    layout = dummy_deal(
        dealer=["KH", "9H", "AS", "7S", "8C", "9C", "10D", "8D"],
        caller=["7H"],
        partner=["AH"],
        up=["8H"],
        void={"up": "S"},
    )
    state = position("dummy", layout, "spades", ["7H", "AH", "8H"])
    assert choice(level, state) == "play KH"


@BOTH
def test_last_to_play_takes_the_points_it_can_win(level: str) -> None:
    layout = dummy_deal(dealer=["AD", "9D", "AS"], caller=["KD"], partner=["7D"], up=["8D"], void={"up": "S"})
    state = position("dummy", layout, "spades", ["KD", "7D", "8D"])
    assert choice(level, state) in ("play AD", "play AS")


def test_normal_wins_with_the_side_ace_rather_than_a_trump():
    layout = dummy_deal(dealer=["AD", "9D", "AS"], caller=["KD"], partner=["7D"], up=["8D"], void={"up": "S"})
    state = position("dummy", layout, "spades", ["KD", "7D", "8D"])
    assert choice("normal", state) == "play AD"


@BOTH
def test_a_trick_it_cannot_win_gets_a_card_without_points(level: str) -> None:
    # The caller leads the ace of trumps; the dealer, void in spades, must not give away points.
    layout = dummy_deal(dealer=["KH", "QD", "8C", "9D"], caller=["AS"], partner=["7S"], up=["8S"], void={"hand/0": "S"})
    state = position("dummy", layout, "spades", ["AS", "7S", "8S"])
    assert POINTS.get(card(choice(level, state))[:-1], 0) == 0


def test_normal_caller_long_in_trumps_with_the_master_draws_trumps():
    layout = dummy_deal(caller=["AS", "KS", "QS", "7S", "8H", "9H", "8D", "9D"])
    state = position("dummy", layout, "spades")
    assert choice("normal", state) == "play AS"


@BOTH
def test_the_caller_names_the_suit_it_holds_most_of_in_its_first_cards(level: str) -> None:
    layout = dummy_deal(caller=["AH", "KH", "9H", "7D"])
    state = position("dummy", layout, None)
    assert choice(level, state) == "trump hearts"


# ------------------------------------------------------------------ thirty
@BOTH
def test_thirty_last_to_play_takes_a_trick_with_points(level: str) -> None:
    layout = thirty_deal(
        dealer=["AD", "8D", "AS", "9S", "7H", "8H", "9H", "8C", "9C", "10C"], caller=["QD"], partner=["KD"]
    )
    state = position("thirty", layout, "spades", ["QD", "KD"])
    assert choice(level, state) in ("play AD", "play AS", "play 9S")


@BOTH
def test_thirty_no_points_onto_an_opponents_winning_trump(level: str) -> None:
    layout = thirty_deal(
        dealer=["KH", "QH", "7H", "8H", "8C", "9C", "10C", "9D", "8D", "7D"], caller=["AS"], partner=["8S"]
    )
    state = position("thirty", layout, "spades", ["AS", "8S"])
    assert POINTS.get(card(choice(level, state))[:-1], 0) == 0


@BOTH
def test_thirty_second_hand_keeps_its_king_under_the_ace_of_trumps(level: str) -> None:
    layout = thirty_deal(caller=["AS"], partner=["KS", "8S"], void={"hand/2": "H"})
    state = position("thirty", layout, "spades", ["AS"])
    assert choice(level, state) == "play 8S"


# ------------------------------------------------------------------ easy
def test_easy_mostly_plays_as_normal_but_not_always():
    layout = dummy_deal(
        dealer=["KH", "9H", "AS", "KS", "QS"], caller=["7H"], partner=["AH"], up=["8H"], void={"up": "S"}
    )
    state = position("dummy", layout, "spades", ["7H", "AH", "8H"])
    picks = [make_bot("troeven", "easy", 0, seed=s).choose(state.view(0)) for s in range(40)]
    assert picks.count("play KH") >= 28
    assert len(set(picks)) > 1


# ------------------------------------------------------------ the search engine
@pytest.mark.parametrize("variant", ["dummy", "thirty"])
def test_the_play_kernel_plays_a_deal_as_the_match_does(variant: str) -> None:
    rng = random.Random(8)
    game = rules.load_game("troeven")
    for seed in range(10):
        state = game.new_match(variant=variant, seed=seed)
        state.apply(state.legal_actions()[0])
        kernel = play_deal_with_kernel(state, rng)
        assert kernel.points == list(state.deal_results[-1].details["points"])


def test_worlds_deal_the_dummys_face_down_cards_and_keep_its_face_up_ones():
    layout = dummy_deal(caller=["7H"], partner=["AH"], up=["8H"])
    state = position("dummy", layout, "spades", ["7H", "AH"])
    hard = make_bot("troeven", "hard", 1, seed=1)
    know = hard.knowledge(state.view(1))
    ups = [state.zones[f"dummy_up/{i}"][-1] for i in range(4)]
    for k in range(20):
        world = know.world(random.Random(k))
        assert [col[-1] for col in world.cols] == ups
        assert all(len(col) == 2 for col in world.cols)
        assert set(world.hands[world.actor.index(1)]) == set(state.zones["hand/1"])


# ------------------------------------------------------------ the benchmark
def test_the_strength_benchmark_reports_each_bot_and_gives_hard_its_budget(monkeypatch, capsys):
    import json

    from rules import sim
    from rules.bots import ismcts

    budgets: list[float] = []
    real_search = ismcts.search

    def search(*args: Any, **kwargs: Any) -> Any:
        budgets.append(args[3])
        return real_search(*args, **kwargs)

    monkeypatch.setattr(ismcts, "search", search)
    argv = [
        "troeven",
        "--variant",
        "thirty",
        "--bots",
        "hard,normal,normal",
        "--games",
        "2",
        "--rotate",
        "--budget-ms",
        "3",
        "--json",
    ]
    assert sim.main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"] == 2 and set(out["per_bot"]) == {"hard", "normal"}
    hard, normal = out["per_bot"]["hard"], out["per_bot"]["normal"]
    assert (hard["seats"], normal["seats"]) == (1, 2)
    assert hard["wins"] + normal["wins"] == sum(out["wins"])
    assert hard["decisions"] > 0 and hard["p50_ms"] <= hard["p95_ms"] <= hard["max_ms"]
    assert budgets and max(budgets) <= 0.003  # the search got hard's budget, less what reading the view took


def test_a_bad_budget_is_one_line_not_a_traceback(capsys):
    from rules import sim

    assert sim.main(["troeven", "--bots", "hard,normal,normal", "--budget-ms", "0"]) == 2
    assert "--budget-ms" in capsys.readouterr().err


def test_hard_keeps_back_at_least_8_ms_of_a_short_budget_for_a_busy_machines_waits(monkeypatch: Any) -> None:
    """With 50 ms a decision, the search gets at most 42 ms (8 ms kept back, not 5: a machine's waits
    for a core do not shrink with the budget); with 500 ms, the usual tenth (at most 450 ms). Reading
    the view counts too: on a clock that moves 1 ms a reading, it took 1 ms (never a wall-clock
    reading, which a loaded machine stretches)."""
    from types import SimpleNamespace

    from rules.bots import ismcts

    budgets: list[float] = []

    def search(*args: Any, **kwargs: Any) -> Any:
        budgets.append(args[3])
        return {}, 0

    ticks = iter(range(10**6))
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=lambda: next(ticks) / 1000.0))
    monkeypatch.setattr(ismcts, "search", search)
    for budget_ms, most in ((50, 0.042), (500, 0.450)):
        budgets.clear()
        game = rules.load_game("troeven")
        state = game.new_match(players=3, variant="thirty", seed=4)
        bot = make_bot("troeven", "hard", 0, 1)
        bot.budget_ms = float(budget_ms)
        while not state.is_over and not budgets:
            seat = state.current_player
            view = state.view(seat)
            choice = bot.choose(view) if seat == 0 else make_bot("troeven", "normal", seat, 2).choose(view)
            state.apply(choice)
        assert budgets == [pytest.approx(most - 0.001)], (budget_ms, budgets)
