"""Try bots: they play only legal moves from a seat's view, and they play Try like the seed text says.

Scenarios start from hand-written deals (``rules.replay`` of a record with a chosen layout);
the moves before the bot's decision are scripted and every bot watches their events.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import try_record

import rules
from rules.bots import Bot, make_bot
from rules.shuffle import sub_seed


class ViewOnly(Bot):
    """Wraps a bot and checks what it is given: a read-only View, never the State."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.game_id, inner.seat)
        self.inner = inner

    def observe(self, events: list[rules.Event]) -> None:
        assert all(isinstance(e, rules.Event) for e in events)
        self.inner.observe(events)

    def choose(self, view: dict[str, Any]) -> str:
        assert isinstance(view, rules.View) and not isinstance(view, rules.State)
        with pytest.raises(AttributeError):
            view.legal = ()  # a bot cannot change what it was shown
        return self.inner.choose(view)


def play(players: int, seed: int, level: str = "normal") -> tuple[rules.State, list[str]]:
    """A whole match of bots at ``level``; every choice is checked against the legal actions."""
    state = rules.load_game("try").new_match(players=players, seed=seed)
    bots = [ViewOnly(make_bot("try", level, seat, sub_seed(seed, 1000 + seat))) for seat in range(players)]
    draws: list[str] = []
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        text = bots[seat].choose(view)
        assert text in view.legal, f"seed {seed}: {text!r} is not legal"
        if text.startswith("draw"):
            draws.append(f"{seat} {text}")
        events = state.apply(text)
        for bot in bots:
            bot.observe(rules.events_for(events, bot.seat))
    return state, draws


def scenario(
    hands: list[list[str]], actions: list[list[Any]], stock: list[str] = (), **kwargs: Any
) -> tuple[rules.State, list[Bot]]:
    """A dealt Try deal (seat 0 plays first), the scripted ``actions`` applied, watched by normal bots."""
    state = rules.replay(try_record(hands, [], stock, **kwargs))
    bots = [make_bot("try", "normal", seat, seat) for seat in range(len(hands))]
    for seat, text in actions:
        assert state.current_player == seat
        events = state.apply(text)
        for bot in bots:
            bot.observe(rules.events_for(events, bot.seat))
    return state, bots


def decide(state: rules.State, bots: list[Bot]) -> str:
    seat = state.current_player
    return bots[seat].choose(state.view(seat))


def choose_and_apply(state: rules.State, bots: list[Bot]) -> str:
    text = decide(state, bots)
    events = state.apply(text)
    for bot in bots:
        bot.observe(rules.events_for(events, bot.seat))
    return text


def hand(state: rules.State, seat: int) -> list[str]:
    return list(state.view(seat).zones[f"hand/{seat}"])


# ------------------------------------------------------------------ legality
@pytest.mark.parametrize("players", [2, 3])
def test_normal_bot_always_chooses_a_legal_action_from_a_read_only_view(players):
    outcomes = set()
    for seed in range(50):
        state, _draws = play(players, seed)
        assert state.is_over
        outcomes.add(state.outcome)
    assert "scored" not in outcomes and outcomes <= {"win", "loss", "stock"}


def test_easy_bot_is_registered_and_plays_legal_moves():
    assert type(make_bot("try", "easy", 0, 1)).__name__ == "TryEasyBot"
    for seed in range(10):
        state, _draws = play(3, seed, "easy")
        assert state.is_over


def test_bot_never_draws_from_the_discard_pile_on_two_turns_in_a_row():
    for seed in range(30):
        _state, draws = play(3, seed)
        last: dict[str, str] = {}
        for entry in draws:
            seat, text = entry.split(" ", 1)
            assert not (text == "draw discard" and last.get(seat) == "draw discard"), f"seed {seed}"
            last[seat] = text


def test_same_seeds_give_the_same_match():
    first, _ = play(3, 7)
    again, _ = play(3, 7)
    assert first.to_record() == again.to_record()


# ----------------------------------------------------------------------- bids
def bid_of(hand_cards: list[str]) -> str:
    state, bots = scenario(
        [hand_cards, ["1F", "2F", "3F", "4F", "5F", "6F"], ["7F", "8F", "9F", "10F", "11F", "12F"]], []
    )
    return decide(state, bots)


def test_bot_bids_the_top_card_of_a_strong_suit():
    assert bid_of(["11K", "2S", "12K", "3D", "9K", "1B"]) == "bid 12K"


def test_bot_without_a_clear_suit_bids_its_lowest_card():
    assert bid_of(["8K", "5S", "3D", "1B", "6B", "4K"]) == "bid 1B"


def test_bot_bids_the_wild():
    assert bid_of(["12K", "11K", "9K", "W", "3D", "1B"]) == "bid W"


# ---------------------------------------------------------------- signalling
SHOWER = ["12F", "10F", "8F", "2K", "3D", "1S"]
OPENING = [[0, "bid 1S"], [1, "bid 2D"], [2, "bid 1B"], [0, "draw stock"], [0, "discard 12F"]]


def test_bot_takes_a_partners_shown_twelve_when_it_holds_backup_in_that_suit():
    backer = ["9F", "7F", "4S", "5K", "2D", "3B"]
    state, bots = scenario([SHOWER, backer, ["6S", "5S", "4K", "1B", "2B", "6D"]], OPENING, ["1K", "2S"])
    assert state.view(1).zones["discard"][0] == "12F"
    assert decide(state, bots) == "draw discard"


def test_bot_rejects_a_shown_card_it_cannot_back():
    stranger = ["12K", "11K", "4S", "5D", "2D", "3B"]
    state, bots = scenario([SHOWER, stranger, ["6S", "5S", "4K", "1B", "2B", "6D"]], OPENING, ["1K", "2S"])
    assert decide(state, bots) == "draw stock"


def test_bot_shows_its_top_card_first_when_it_holds_backup():
    state, bots = scenario(
        [SHOWER, ["1F", "2F", "3F", "7K", "5D", "6B"], ["6S", "5S", "4K", "1B", "2B", "6D"]],
        [[0, "bid 1S"], [1, "bid 1F"], [2, "bid 1B"]],
        ["1K", "2S"],
    )
    choose_and_apply(state, bots)  # seat 0 draws
    assert decide(state, bots) == "discard 12F"


# ----------------------------------------------------------- accidental Trys
def test_bot_holding_the_wild_and_a_pair_discards_so_no_draw_can_try_that_pair():
    hands = [
        ["12S", "11S", "2F", "1F", "3K", "5D"],
        ["1K", "2K", "4K", "6D", "7D", "8B"],
        ["3S", "4S", "5B", "6B", "9D", "10D"],
    ]
    state, bots = scenario(hands, [[0, "bid 5D"], [1, "bid 1K"], [2, "bid 3S"], [0, "draw stock"]], ["1D", "W"])
    assert sorted(hand(state, 0)) == sorted(["12S", "11S", "2F", "1F", "3K", "W"])
    discard = decide(state, bots)
    kept = hand(state, 0)
    kept.remove(discard.split(" ", 1)[1])
    wild = kept.count("W")
    for suit in "FKDB":  # any suit but its own Stars
        assert sum(1 for card in kept if card.endswith(suit)) + wild < 3, kept


# ------------------------------------------------------------ Trying on purpose
TRYER = ["12S", "11S", "10S", "2K", "1D", "3B"]
PARTNER = ["8F", "7K", "9S", "4D", "5B", "6F"]
TO_NINE = [[0, "bid 3B"], [1, "bid 4D"], [0, "draw stock"], [0, "discard 4F"], [1, "draw stock"]]


def test_bot_takes_the_fourth_card_of_its_suit_from_the_pile_once_the_team_is_ready():
    state, bots = scenario(
        [TRYER, PARTNER], TO_NINE + [[1, "discard 9S"]], ["2F", "4F", "3K"], dealer=1, settings={"threshold": 30}
    )
    assert decide(state, bots) == "draw discard"
    choose_and_apply(state, bots)
    assert state.view(None).public["tryer"] == 0


def test_bot_does_not_try_before_the_team_can_reach_the_threshold():
    state, bots = scenario(
        [TRYER, PARTNER], TO_NINE + [[1, "discard 9S"]], ["2F", "4F", "3K"], dealer=1, settings={"threshold": 200}
    )
    assert decide(state, bots) == "draw stock"


def test_bot_holding_three_of_its_suit_draws_a_harmless_pile_card_instead_of_the_stock():
    state, bots = scenario(
        [TRYER, PARTNER], TO_NINE + [[1, "discard 3K"]], ["2F", "4F", "3K"], dealer=1, settings={"threshold": 200}
    )
    assert state.view(0).zones["discard"][0] == "3K"
    assert decide(state, bots) == "draw discard"


# ------------------------------------------------------------------ last turns
def test_bot_dumps_a_high_off_suit_card_on_its_last_turn():
    hands = [["11S", "10S", "9S", "12B", "1K", "2K"], ["8S", "7S", "6S", "1D", "3D", "4D"]]
    actions = [[0, "bid 2K"], [1, "bid 1D"], [0, "draw stock"], [0, "discard 4F"], [1, "draw stock"]]
    state, bots = scenario(hands, actions, ["3F", "4F", "5S", "2D"], dealer=1)
    assert state.view(0).public["tryer"] == 1
    choose_and_apply(state, bots)  # the last draw
    assert decide(state, bots) == "discard 12B"


# ------------------------------------------------------------------- strength
@pytest.mark.slow
def test_normal_team_wins_far_more_often_than_random_players():
    from rules.sim import run_matches

    normal = run_matches("try", 3, None, 300, 1, ["normal"])
    random_play = run_matches("try", 3, None, 300, 1, ["random"])
    assert random_play.team_wins <= 1
    assert normal.team_wins >= 9  # 3% or more; about 7% measured
    assert normal.summary()["mean_score"] > random_play.summary()["mean_score"] + 20


def test_trio_hard_deals_fewer_worlds_when_its_budget_is_spent() -> None:
    """Trio's ``hard`` keeps to its time limit by imagining fewer deals (never fewer than
    FEWEST_WORLDS); without a limit it imagines all of its ``samples``."""
    from rules.games.trio.bots import FEWEST_WORLDS, TrioHardBot

    match = rules.load_game("trio").new_match(players=3, seed=5)
    bot = make_bot("trio", "hard", match.current_player, seed=1)
    assert isinstance(bot, TrioHardBot) and bot.budget_ms is not None
    view = bot.remembered(match.view(match.current_player))
    bot.budget_ms = 0.0
    assert len(bot.imagine(view)) == FEWEST_WORLDS
    bot.budget_ms = None
    assert len(bot.imagine(view)) == bot.samples > FEWEST_WORLDS
    bot.budget_ms = 0.0
    assert match.parse_action(bot.choose(match.view(match.current_player))) is not None
