"""Tribello's rules (RULES.md section 3), one test per rule, from hand-written deals.

Seat 0 deals every scenario unless it says otherwise, so seat 1 is "left of the dealer"
(quota 4, or at most 4 in nullo) and seat 2 "right of the dealer" (3, or at most 6).
Two deals recur: ``SWEEP`` (the dealer holds every spade, the others hearts and diamonds: the
dealer takes all 13 tricks) and ``EXACT`` (a scripted deal that ends 6 / 4 / 3 tricks).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules

SUITS = "SHDC"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]


def suit(letter: str, ranks: list[str] = RANKS) -> list[str]:
    return [f"{rank}{letter}" for rank in ranks]


def layout(hands: list[list[str]], pickup: list[str] | None = None) -> dict[str, list[str]]:
    """A full layout: three 13-card hands as dealt (the dealer's last card is the cut) and the pickup."""
    named = [card for hand in hands for card in hand]
    assert all(len(hand) == 13 for hand in hands) and len(set(named)) == 39
    rest = [card for card in DECK if card not in named]
    return {
        **{f"hand/{seat}": list(hand) for seat, hand in enumerate(hands)},
        "pickup": list(pickup) if pickup is not None else rest,
    }


def record(
    deal_layout: dict[str, list[str]],
    actions: list[list[Any]] = (),
    *,
    deal: int = 1,
    dealer: int = 0,
    scores: list[int] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "format": rules.RECORD_FORMAT,
        "game": "tribello",
        "settings": dict(settings or {}),
        "seed": 7,
        "start": {"deal": deal, "scores": list(scores or [0, 0, 0])},
        "deals": [{"dealer": dealer, "layout": deal_layout, "actions": [list(a) for a in actions]}],
    }


def scenario(deal_layout: dict[str, list[str]], actions: list[str] = (), **kwargs: Any) -> rules.State:
    """The state after replaying ``deal_layout`` and then applying ``actions`` (each by whoever is to act)."""
    state = rules.replay(record(deal_layout, **kwargs))
    for text in actions:
        state.apply(text)
    return state


def play_out(state: rules.State, tricks: list[list[str]]) -> None:
    """Play the tricks card by card, in playing order, each by whoever is to play."""
    for trick in tricks:
        for card in trick:
            state.apply(f"play {card}")


def legal(state: rules.State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def public(state: rules.State) -> dict[str, Any]:
    return state.view(None).public


KEEP_ALL = ["keep", "keep", "keep"]

# The dealer holds all thirteen spades, left all hearts, right all diamonds; the pickup is clubs.
SWEEP = layout([suit("S"), suit("H"), suit("D")])
SWEEP_TRICKS = [[f"{r}S", f"{r}H", f"{r}D"] for r in reversed(RANKS)]

# Ends 6 / 4 / 3 without trump: six spades for the dealer, four hearts for left, three diamonds for right.
EXACT = layout(
    [
        ["AS", "KS", "QS", "JS", "10S", "9S", "2H", "3H", "4H", "5H", "6H", "7H", "8H"],
        ["9H", "10H", "JH", "QH", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "2C", "3C"],
        ["9D", "10D", "JD", "QD", "KD", "AD", "4C", "5C", "6C", "7C", "8C", "9C", "10C"],
    ]
)
EXACT_TRICKS = [
    ["AS", "2C", "4C"],
    ["KS", "3C", "5C"],
    ["QS", "2D", "6C"],
    ["JS", "3D", "7C"],
    ["10S", "4D", "8C"],
    ["9S", "5D", "9C"],  # the dealer: 6
    ["2H", "9H", "10C"],
    ["10H", "9D", "3H"],
    ["JH", "10D", "4H"],
    ["QH", "JD", "5H"],  # left: 4
    ["6D", "QD", "6H"],
    ["KD", "7H", "7D"],
    ["AD", "8H", "8D"],  # right: 3
]


# --------------------------------------------------------------------- the deal
def test_a_deal_gives_thirteen_cards_to_each_player_and_thirteen_to_the_pickup():
    state = rules.load_game("tribello").new_match(seed=11)
    view = state.view(None)
    assert [len(view.zones[f"hand/{s}"]) for s in range(3)] == [13, 13, 13]
    assert len(view.zones["pickup"]) == 13


def test_the_cut_card_is_dealt_last_to_the_dealer_and_known_to_all():
    for seed in range(6):
        state = rules.load_game("tribello").new_match(seed=seed)
        dealer = state.dealer
        deal = state.to_record()["deals"][0]
        cut = deal["layout"][f"hand/{dealer}"][-1]
        assert deal["actions"][0] == [None, f"cut {cut}"]
        assert public(state)["trump"] == {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[cut[-1]]
        for seat in (dealer + 1) % 3, (dealer + 2) % 3, None:
            assert state.view(seat).known == {f"hand/{dealer}": (cut,)}
            assert public(state)["cut"] == cut


def test_the_cut_stops_being_known_once_the_dealer_sets_a_card_aside():
    state = scenario(SWEEP)
    cut = SWEEP["hand/0"][-1]  # the ace of spades, dealt last to the dealer
    assert state.view(1).known == {"hand/0": (cut,)}
    state.apply("toggle 2S")  # any card set aside: nobody can tell whether it is the cut card
    assert state.view(1).known == {}
    state.apply("toggle 2S")
    assert state.view(1).known == {"hand/0": (cut,)}
    state.apply("exchange 3S")
    assert state.view(1).known == {} and public(state)["cut"] is None


@pytest.mark.parametrize("aside", [["AS"], ["AS", "2S"], ["2S", "AS", "7S"]])
def test_nobody_else_can_tell_whether_the_dealer_set_the_cut_card_aside(aside: list[str]):
    """Whether the cut card (AS) or another is set aside, every other seat (and a spectator)
    is shown the same view and the same events, step by step: no cut card left in it."""
    other = ["3S" if c == "AS" else c for c in aside]  # the same, but the cut card kept
    one, two = scenario(SWEEP), scenario(SWEEP)
    steps = [(f"toggle {a}", f"toggle {b}") for a, b in zip(aside, other, strict=True)]
    steps.append(("exchange " + " ".join(aside), "exchange " + " ".join(other)))
    for first, second in steps:
        events_one, events_two = one.apply(first), two.apply(second)
        for seat in (1, 2, None):
            assert one.view(seat) == two.view(seat)
            assert rules.events_for(events_one, seat) == rules.events_for(events_two, seat)
            assert one.view(seat).known == {} and one.view(seat).public["cut"] is None
    assert "AS" in [one.deck.text(c) for c in one.zones["discards"]] and "AS" in two.view(0).zones["hand/0"]


def test_a_dealer_who_keeps_the_hand_still_shows_the_cut_card_to_all():
    state = scenario(SWEEP, ["keep"])
    for seat in (1, 2, None):
        assert state.view(seat).known == {"hand/0": ("AS",)}
        assert state.view(seat).public["cut"] == "AS"
    state.apply("exchange 2H")  # left exchanges: the dealer's hand is untouched, the cut card still known
    assert state.view(2).known == {"hand/0": ("AS",)}


def test_a_recorded_cut_must_name_a_card_of_the_dealers_hand():
    state = rules.replay(record(SWEEP, [[None, "cut 7S"]]))
    assert public(state)["trump"] == "spades" and state.known == {"hand/0": [state.deck.parse("7S")]}
    with pytest.raises(rules.RulesError, match="cut 2H"):
        rules.replay(record(SWEEP, [[None, "cut 2H"]]))


def test_round_two_the_dealer_names_trump_before_any_exchange():
    state = scenario(SWEEP, deal=4)
    assert state.current_player == 0
    assert legal(state) == ["trump spades", "trump hearts", "trump diamonds", "trump clubs"]
    assert [a.label for a in state.legal_actions()] == ["Spades", "Hearts", "Diamonds", "Clubs"]
    with pytest.raises(rules.IllegalAction):
        state.apply("toggle 2S")
    state.apply("trump clubs")
    assert public(state)["trump"] == "clubs" and public(state)["phase"] == "exchange"
    assert state.current_player == 0 and "toggle 2S" in legal(state)


@pytest.mark.parametrize("deal", [7, 10])
def test_rounds_three_and_four_have_no_trump(deal):
    state = scenario(SWEEP, deal=deal)
    assert public(state)["trump"] is None and public(state)["phase"] == "exchange"


# ------------------------------------------------------------------ the exchange
def test_the_exchange_goes_dealer_left_right_each_up_to_what_remains():
    pickup = suit("C")
    state = scenario(layout([suit("S"), suit("H"), suit("D")], pickup), deal=7)
    assert state.current_player == 0
    events = state.apply("exchange 2S 3S 4S 5S 6S")
    assert state.view(0).zones["hand/0"][-5:] == tuple(pickup[:5])  # taken from the top of the pickup
    assert rules.events_for(events, 1)[-1].data == {"seat": 0, "count": 5}
    assert state.current_player == 1
    for card in suit("H", RANKS[:8]):
        state.apply(f"toggle {card}")
    assert "toggle 10H" not in legal(state)  # eight left in the pickup: no ninth card
    with pytest.raises(rules.IllegalAction, match="at most 8"):
        state.apply("exchange " + " ".join(suit("H", RANKS[:9])))
    state.apply("exchange " + " ".join(suit("H", RANKS[:8])))
    assert state.view(1).zones["hand/1"][-8:] == tuple(pickup[5:])
    # The pickup is empty: the right-hand player is skipped and the dealer leads.
    assert public(state)["phase"] == "play" and state.current_player == 0
    assert public(state)["taken"] == (5, 8, 0)
    assert state.view(2).zones["discards"] == (None,) * 13
    assert state.view(0).zones["discards"] == (None,) * 13


def test_a_player_may_keep_the_hand():
    state = scenario(SWEEP, deal=7)
    assert [a.label for a in state.legal_actions() if a.kind == "exchange"] == ["Keep my hand"]
    state.apply("toggle 2S")
    state.apply("toggle 3S")
    assert [a.label for a in state.legal_actions() if a.kind == "exchange"] == ["Exchange 2 cards"]
    state.apply("keep")  # a confirm typed directly puts the cards back first
    assert state.current_player == 1 and public(state)["taken"] == (0, 0, 0)
    assert sorted(state.view(0).zones["hand/0"]) == sorted(SWEEP["hand/0"])


def test_a_confirm_may_name_the_cards_in_any_order():
    state = scenario(SWEEP, ["toggle 2S", "toggle 3S"], deal=7)
    state.apply("exchange 3s 2s")
    assert public(state)["taken"] == (2, 0, 0)
    assert state.to_record()["deals"][0]["actions"][-1] == [0, "exchange 2S 3S"]


def test_toggling_may_be_undone_but_the_exchange_may_not():
    state = scenario(SWEEP, deal=7)
    state.apply("toggle 2S")
    assert state.can_undo(0)
    state.undo()
    assert state.view(0).zones["exchange/0"] == ()
    state.apply("exchange 2S")
    assert not state.can_undo(0)


# ---------------------------------------------------------------------- the play
def test_the_dealer_leads_the_first_trick():
    state = scenario(SWEEP, KEEP_ALL, deal=7, dealer=0)
    assert state.current_player == 0 and public(state)["leader"] == 0


def test_a_revoke_is_refused():
    state = scenario(EXACT, KEEP_ALL, deal=7)
    play_out(state, EXACT_TRICKS[:6])
    state.apply("play 2H")  # the dealer leads a heart; left holds hearts
    before = state.to_record()
    with pytest.raises(rules.IllegalAction, match="^You must follow Hearts: you hold four Hearts.$"):
        state.apply("play 6D")
    assert state.to_record() == before
    assert legal(state) == ["play 9H", "play 10H", "play JH", "play QH"]


def test_void_in_the_led_suit_you_may_play_any_card():
    state = scenario(EXACT, KEEP_ALL, deal=7)
    state.apply("play AS")
    assert len(legal(state)) == 13


def test_house_rule_follow_or_trump_lets_you_trump_while_holding_the_led_suit():
    house = scenario(EXACT, ["trump clubs", *KEEP_ALL], deal=4, settings={"follow_rule": "follow_or_trump"})
    house.apply("play 2H")  # left holds hearts and two clubs
    assert legal(house) == ["play 9H", "play 10H", "play JH", "play QH", "play 2C", "play 3C"]
    standard = scenario(EXACT, ["trump clubs", *KEEP_ALL], deal=4)
    standard.apply("play 2H")
    assert legal(standard) == ["play 9H", "play 10H", "play JH", "play QH"]


def test_the_highest_trump_wins_the_trick():
    state = scenario(EXACT, ["trump diamonds", *KEEP_ALL], deal=4)
    events = []
    for card in ["AS", "2D", "4C"]:  # left, void in spades, trumps with its lowest diamond
        events = state.apply(f"play {card}")
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.data["winner"] == 1 and state.current_player == 1


# ---------------------------------------------------------------------- scoring
@pytest.mark.parametrize(("deal", "trump_actions"), [(1, []), (4, ["trump spades"]), (7, [])])
def test_rounds_one_to_three_score_one_a_trick_over_and_minus_one_a_trick_under(deal, trump_actions):
    state = scenario(SWEEP, [*trump_actions, *KEEP_ALL], deal=deal)
    play_out(state, SWEEP_TRICKS)
    result = state.deal_results[-1]
    assert result.details["quotas"] == (6, 4, 3) and result.details["tricks"] == (13, 0, 0)
    assert result.scores == (7, -4, -3)
    assert state.scores == [7, -4, -3]


def test_taking_exactly_the_quota_scores_nothing():
    state = scenario(EXACT, KEEP_ALL, deal=7, scores=[2, -1, 5])
    play_out(state, EXACT_TRICKS)
    assert state.deal_results[-1].details["tricks"] == (6, 4, 3)
    assert state.deal_results[-1].scores == (0, 0, 0)
    assert state.scores == [2, -1, 5]


def test_nullo_scores_minus_one_a_trick_over_and_one_a_trick_under():
    sweep = scenario(SWEEP, KEEP_ALL, deal=10)
    play_out(sweep, SWEEP_TRICKS)
    assert sweep.deal_results[-1].details["quotas"] == (3, 4, 6) and sweep.deal_results[-1].details["aim"] == "at_most"
    assert sweep.deal_results[-1].scores == (-10, 4, 6)
    exact = scenario(EXACT, KEEP_ALL, deal=10)
    play_out(exact, EXACT_TRICKS)
    assert exact.deal_results[-1].scores == (-3, 0, 3)


def test_quotas_follow_the_dealer():
    state = scenario(SWEEP, KEEP_ALL, deal=8, dealer=1)
    assert public(state)["quotas"] == (3, 6, 4)  # seat 1 deals: seat 2 is left, seat 0 right
    assert state.current_player == 1


def test_the_deal_passes_left():
    state = scenario(SWEEP, KEEP_ALL, deal=7, dealer=2)
    play_out(state, [[d, s, h] for s, h, d in SWEEP_TRICKS])  # seat 2 deals and leads its diamonds
    assert state.deal_no == 8 and state.dealer == 0
    assert state.to_record()["deals"][1]["dealer"] == 0


def test_after_twelve_deals_the_highest_total_wins_and_a_tie_shares():
    state = scenario(EXACT, KEEP_ALL, deal=12, scores=[3, 3, 1])
    play_out(state, EXACT_TRICKS)  # nullo: -3, 0, +3
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.scores == [0, 3, 4] and state.winners == [2]
    tie = scenario(EXACT, KEEP_ALL, deal=12, scores=[5, 5, 2])
    play_out(tie, EXACT_TRICKS)
    assert tie.scores == [2, 5, 5] and tie.winners == [1, 2]


# ---------------------------------------------------------------------- records
def test_a_played_deal_replays_through_json_with_its_scores():
    state = scenario(EXACT, KEEP_ALL, deal=7)
    play_out(state, EXACT_TRICKS)
    saved = json.loads(json.dumps(state.to_record()))
    assert saved["deals"][0]["scores"] == [0, 0, 0]
    again = rules.replay(saved)
    assert again.scores == state.scores and again.deal_results == state.deal_results
    saved["deals"][0]["scores"] = [1, 0, 0]
    with pytest.raises(rules.RulesError, match="scores"):
        rules.replay(saved)


def test_a_start_beyond_the_twelfth_deal_is_refused():
    with pytest.raises(rules.RulesError, match="deals 1 to 12"):
        rules.replay(record(SWEEP, deal=13))


def test_a_layout_with_a_short_hand_is_refused():
    broken = layout([suit("S"), suit("H"), suit("D")])
    broken["pickup"].append(broken["hand/2"].pop())
    with pytest.raises(rules.RulesError, match="hand/2: expected 13 cards"):
        rules.replay(record(broken))
