"""3-Player Troeven's rules (RULES.md section 4), one test per rule, from hand-written deals.

Seat 0 deals every scenario, so seat 1 is the trump caller (it leads the first trick) and seat 2
the dealer's partner. With a dummy, play goes dealer, caller, partner, dummy; tricks are written
in playing order. Deals:

- ``SUITED`` (dummy): the dealer holds every heart, the caller every spade, the partner every
  diamond, the dummy every club. Whoever's suit is trump takes all 40 points.
- ``TWENTY`` (dummy, spades trump): a scripted deal that ends 20-20.
- ``FOLLOWING`` (dummy, diamonds trump): the dummy's only heart lies face down under its ace of clubs.
- ``THIRTY_A`` / ``THIRTY_B`` (thirty, hearts trump): two scripted deals whose last two tricks
  decide who tops the card points.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules


def dummy_layout(
    dealer: list[str], caller: list[str], partner: list[str], up: list[str], down: list[str]
) -> dict[str, list[str]]:
    """Seat 0 deals: hands as dealt (the caller's first four seen before naming trump), the dummy's columns."""
    zones = {"hand/0": dealer, "hand/1": caller, "hand/2": partner}
    for i in range(4):
        zones[f"dummy_up/{i}"] = [up[i]]
        zones[f"dummy_down/{i}"] = [down[i]]
    return zones


def record(
    variant: str,
    deal_layout: dict[str, list[str]],
    actions: list[list[Any]] = (),
    scores: list[int] | None = None,
    deal: int = 1,
) -> dict[str, Any]:
    start = {"deal": deal, **({"scores": scores} if scores else {})}
    return {
        "format": rules.RECORD_FORMAT,
        "game": "troeven",
        "variant": variant,
        "seed": 3,
        "start": start,
        "deals": [{"dealer": 0, "layout": deal_layout, "actions": [list(a) for a in actions]}],
    }


def scenario(
    variant: str, deal_layout: dict[str, list[str]], trump: str, tricks: list[list[str]] = (), **kwargs: Any
) -> rules.State:
    """Replay the layout, name ``trump`` and play the tricks (each card by whoever is to play)."""
    state = rules.replay(record(variant, deal_layout, **kwargs))
    state.apply(f"trump {trump}")
    for trick in tricks:
        for card in trick:
            state.apply(f"play {card}")
    return state


def legal(state: rules.State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def public(state: rules.State) -> dict[str, Any]:
    return state.view(None).public


def suit(letter: str) -> list[str]:
    return [f"{rank}{letter}" for rank in ["A", "K", "Q", "J", "10", "9", "8", "7"]]


SUITED = dummy_layout(suit("H"), suit("S"), suit("D"), up=["AC", "KC", "QC", "JC"], down=["10C", "9C", "8C", "7C"])
HEARTS_SWEEP = [["AS", "AD", "AC", "7H"]] + [
    [h, s, d, c]
    for h, s, d, c in zip(
        ["AH", "KH", "QH", "JH", "10H", "9H", "8H"], suit("S")[1:], suit("D")[1:], suit("C")[1:], strict=True
    )
]
SPADES_SWEEP = [[s, d, c, h] for s, d, c, h in zip(suit("S"), suit("D"), suit("C"), suit("H"), strict=True)]

TWENTY = dummy_layout(
    dealer=["JS", "AH", "KD", "QC", "8S", "8H", "8D", "8C"],
    caller=["AS", "KH", "QD", "JC", "10S", "10H", "10D", "10C"],
    partner=["KS", "QH", "JD", "AC", "9S", "9H", "9D", "9C"],
    up=["QS", "AD", "JH", "KC"],
    down=["7S", "7D", "7H", "7C"],
)
TWENTY_TRICKS = [
    ["AS", "KS", "QS", "JS"],  # caller's: 10
    ["QD", "JD", "AD", "KD"],  # the dummy's: 10
    ["7S", "8S", "10S", "9S"],
    ["10D", "9D", "7D", "8D"],
    ["KH", "QH", "JH", "AH"],  # the dealer's: 10
    ["QC", "JC", "AC", "KC"],  # the partner's: 10
    ["9H", "7H", "8H", "10H"],
    ["10C", "9C", "7C", "8C"],
]

FOLLOWING = dummy_layout(
    dealer=["KH", "QH", "JH", "10H", "9H", "8H", "7S", "7D"],
    caller=["7H", "AS", "KS", "QS", "JS", "10S", "9S", "8S"],
    partner=["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7C"],
    up=["AC", "KC", "QC", "JC"],
    down=["AH", "10C", "9C", "8C"],
)

THIRTY_A = {
    "hand/0": ["AC", "KC", "AH", "KH", "8D", "9D", "8S", "10S", "JC", "JH"],
    "hand/1": ["9C", "10C", "7H", "9H", "7D", "10D", "9S", "QS", "JS", "10H"],
    "hand/2": ["8C", "QC", "8H", "QH", "AD", "KD", "AS", "KS", "QD", "JD"],
}
THIRTY_A_EIGHT = [
    ["9C", "8C", "AC"],
    ["KC", "10C", "QC"],
    ["AH", "7H", "8H"],
    ["KH", "9H", "QH"],  # dealer 18
    ["8D", "7D", "AD"],
    ["KD", "9D", "10D"],
    ["AS", "8S", "9S"],
    ["KS", "10S", "QS"],
]  # partner 16
THIRTY_B = {"hand/0": THIRTY_A["hand/1"], "hand/1": THIRTY_A["hand/0"], "hand/2": THIRTY_A["hand/2"]}
THIRTY_B_EIGHT = [
    ["AC", "8C", "9C"],
    ["KC", "QC", "10C"],
    ["AH", "8H", "7H"],
    ["KH", "QH", "9H"],  # caller 18
    ["8D", "AD", "7D"],
    ["KD", "10D", "9D"],
    ["AS", "9S", "8S"],
    ["KS", "QS", "10S"],
]  # partner 16


# --------------------------------------------------------------------- the deal
def test_the_trump_caller_sees_four_cards_names_trump_then_the_deal_completes():
    state = rules.replay(record("dummy", SUITED))
    assert state.current_player == 1
    assert state.view(1).zones["hand/1"] == ("AS", "KS", "QS", "JS")
    assert state.view(0).zones["hand/0"] == () and state.view(2).zones["hand/2"] == ()
    assert state.view(None).zones["dummy_up/0"] == ()
    assert legal(state) == ["trump spades", "trump hearts", "trump diamonds", "trump clubs"]
    assert [a.label for a in state.legal_actions()] == ["Spades", "Hearts", "Diamonds", "Clubs"]
    state.apply("trump hearts")  # the caller need not hold trump
    assert state.view(1).zones["hand/1"] == tuple(suit("S"))
    assert state.view(0).zones["hand/0"] == tuple(suit("H"))
    assert state.view(2).zones["dummy_up/3"] == ("JC",) and state.view(2).zones["dummy_down/3"] == (None,)
    assert public(state)["trump"] == "hearts"


def test_thirty_cards_the_caller_sees_five_and_the_sevens_of_clubs_and_spades_are_out():
    state = rules.load_game("troeven").new_match(variant="thirty", seed=5, dealer=0)
    assert state.deck.size == 30 and {"7C", "7S"}.isdisjoint(f.text for f in state.deck.faces)
    assert len(state.view(1).zones["hand/1"]) == 5
    state.apply("trump clubs")
    assert [len(state.view(s).zones[f"hand/{s}"]) for s in range(3)] == [10, 10, 10]
    assert state.current_player == 1


def test_the_record_lists_the_callers_first_cards_first():
    state = rules.load_game("troeven").new_match(seed=8, dealer=2)
    first = state.view(0).zones["hand/0"]
    assert state.to_record()["deals"][0]["layout"]["hand/0"][:4] == list(first)


def test_the_caller_leads_and_the_dummy_plays_after_the_dealers_partner():
    state = scenario("dummy", SUITED, "hearts")
    assert public(state)["order"] == (0, 1, 2, "dummy")
    assert state.current_player == 1
    state.apply("play AS")
    state.apply("play AD")
    assert public(state)["to_play"] == "dummy" and state.current_player == 1  # the caller plays the dummy
    assert {a.source for a in state.legal_actions()} == {f"dummy_up/{i}" for i in range(4)}
    state.apply("play AC")
    assert state.current_player == 0


# ------------------------------------------------------------------ following
def test_holding_the_led_suit_a_trump_is_allowed():
    state = scenario("dummy", FOLLOWING, "diamonds", [["7H", "7C", "AC"]])
    assert state.current_player == 0
    assert legal(state) == ["play KH", "play QH", "play JH", "play 10H", "play 9H", "play 8H", "play 7D"]
    state.apply("play 7D")


def test_holding_the_led_suit_a_side_suit_discard_is_refused():
    state = scenario("dummy", FOLLOWING, "diamonds", [["7H", "7C", "AC"]])
    before = state.to_record()
    with pytest.raises(rules.IllegalAction) as refusal:
        state.apply("play 7S")
    assert str(refusal.value) == "You must follow Hearts or play a trump (Diamonds): you hold six Hearts."
    assert state.to_record() == before


def test_void_in_the_led_suit_any_card_may_be_played():
    state = scenario("dummy", FOLLOWING, "diamonds", [["7H"]])
    assert len(legal(state)) == 8


def test_the_dummy_follows_on_its_face_up_cards_only():
    state = scenario("dummy", FOLLOWING, "diamonds", [["7H", "7C"]])
    # Its only heart lies face down: any face-up card may be played.
    assert legal(state) == ["play AC", "play KC", "play QC", "play JC"]


def test_the_card_beneath_a_played_dummy_card_turns_up():
    state = scenario("dummy", FOLLOWING, "diamonds", [["7H", "7C"]])
    events = state.apply("play AC")
    flips = [e for e in events if e.kind == "flip"]
    assert [dict(e.data) for e in flips] == [{"card": "AH", "source": "dummy_down/0", "target": "dummy_up/0"}]
    assert rules.events_for(flips, 0)[0].data["card"] == "AH"  # everyone sees it
    assert state.view(0).zones["dummy_up/0"] == ("AH",) and state.view(0).zones["dummy_down/0"] == ()


def test_the_dummy_must_follow_with_a_face_up_card_of_the_led_suit():
    state = scenario("dummy", FOLLOWING, "diamonds", [["7H", "7C", "AC", "KH"], ["QH", "AS", "8D"]])
    assert legal(state) == ["play AH"]  # the turned-up heart (no trump face up)
    with pytest.raises(rules.IllegalAction) as refusal:
        state.apply("play KC")
    assert str(refusal.value) == "The dummy must follow Hearts or play a trump (Diamonds): it shows the A of Hearts."


def test_the_highest_trump_wins_else_the_highest_of_the_led_suit():
    state = scenario("dummy", FOLLOWING, "diamonds", [["7H", "7C", "AC", "KH"]])
    assert public(state)["history"][-1]["winner"] == 0  # KH: the 7C was no trump
    state.apply("play QH")
    state.apply("play AS")
    state.apply("play 8D")
    state.apply("play AH")
    assert public(state)["history"][-1]["winner"] == 2  # the 8 of trumps beats the ace of hearts


# ------------------------------------------------------------ scoring: the dummy
def test_the_dealers_side_wins_its_players_go_down_and_the_caller_goes_up():
    state = scenario("dummy", SUITED, "hearts", HEARTS_SWEEP)
    result = state.deal_results[-1]
    assert result.details["sides"]["dealer"]["points"] == 40 and result.details["sides"]["caller"]["points"] == 0
    assert result.details["changes"] == (-1, 1, -1)
    assert state.scores == [6, 8, 6]


def test_the_callers_side_wins_only_the_caller_goes_down():
    state = scenario("dummy", SUITED, "spades", SPADES_SWEEP)
    assert state.deal_results[-1].details["side_won"] == "caller"
    assert state.scores == [7, 6, 7]


def test_a_twenty_twenty_deal_changes_nothing():
    state = scenario("dummy", TWENTY, "spades", TWENTY_TRICKS)
    result = state.deal_results[-1]
    assert result.details["sides"]["caller"]["points"] == 20 and result.details["sides"]["dealer"]["points"] == 20
    assert result.details["changes"] == (0, 0, 0) and state.scores == [7, 7, 7]


def test_the_dummys_tricks_count_for_the_caller():
    state = scenario("dummy", TWENTY, "spades", TWENTY_TRICKS[:2])
    assert public(state)["history"][1]["winner"] == "dummy"
    assert state.view(None).zones["won/1"][:4] == ("QD", "JD", "AD", "KD")
    assert public(state)["points"] == (0, 20, 0)


def test_the_match_ends_when_a_player_reaches_zero_and_everyone_at_zero_wins():
    state = scenario("dummy", SUITED, "hearts", HEARTS_SWEEP, scores=[1, 3, 1], deal=9)
    assert state.is_over and state.current_player is None
    assert state.scores == [0, 4, 0] and state.winners == [0, 2]
    assert state.to_record()["start"] == {"deal": 9, "scores": [1, 3, 1]}


def test_the_deal_passes_clockwise_while_nobody_is_at_zero():
    state = scenario("dummy", SUITED, "hearts", HEARTS_SWEEP)
    assert not state.is_over and state.dealer == 1 and state.current_player == 2  # the new caller
    assert public(state)["phase"] == "call"


# ---------------------------------------------------------- scoring: thirty cards
def test_thirty_the_sole_top_scorer_goes_down_and_the_caller_below_it_goes_up():
    state = scenario("thirty", THIRTY_A, "hearts", THIRTY_A_EIGHT + [["QD", "JH", "JS"], ["JC", "10H", "JD"]])
    assert state.deal_results[-1].details["points"] == (22, 2, 16)
    assert state.deal_results[-1].details["changes"] == (-1, 1, 0)
    assert state.scores == [4, 6, 5]


def test_thirty_a_tie_at_the_top_sends_nobody_down_and_the_caller_below_still_goes_up():
    state = scenario("thirty", THIRTY_A, "hearts", THIRTY_A_EIGHT + [["QD", "JC", "JS"], ["JD", "JH", "10H"]])
    assert state.deal_results[-1].details["points"] == (20, 0, 20)
    assert state.deal_results[-1].details["changes"] == (0, 1, 0)


def test_thirty_the_caller_on_top_alone_goes_down():
    state = scenario("thirty", THIRTY_B, "hearts", THIRTY_B_EIGHT + [["QD", "JS", "JH"], ["JC", "JD", "10H"]])
    assert state.deal_results[-1].details["points"] == (2, 22, 16)
    assert state.deal_results[-1].details["changes"] == (0, -1, 0)


def test_thirty_the_caller_tied_at_the_top_neither_goes_down_nor_up():
    state = scenario("thirty", THIRTY_B, "hearts", THIRTY_B_EIGHT + [["QD", "JS", "JC"], ["JD", "10H", "JH"]])
    assert state.deal_results[-1].details["points"] == (0, 20, 20)
    assert state.deal_results[-1].details["changes"] == (0, 0, 0)


def test_thirty_the_first_player_to_zero_wins_at_the_end_of_that_deal():
    state = scenario(
        "thirty",
        THIRTY_A,
        "hearts",
        THIRTY_A_EIGHT + [["QD", "JH", "JS"], ["JC", "10H", "JD"]],
        scores=[1, 2, 3],
        deal=20,
    )
    assert state.is_over and state.scores == [0, 3, 3] and state.winners == [0]


# ---------------------------------------------------------------------- records
def test_a_played_deal_replays_through_json_with_its_scores():
    state = scenario("dummy", TWENTY, "spades", TWENTY_TRICKS)
    saved = json.loads(json.dumps(state.to_record()))
    assert saved["deals"][0]["actions"][0] == [1, "trump spades"]
    assert saved["deals"][0]["scores"] == [0, 0, 0]
    again = rules.replay(saved)
    assert again.scores == state.scores and again.deal_results == state.deal_results
    assert all(again.view(s) == state.view(s) for s in (0, 1, 2, None))


def test_a_start_with_a_tally_at_zero_is_refused():
    with pytest.raises(rules.RulesError, match="at least 1"):
        rules.replay(record("dummy", SUITED, scores=[0, 3, 3]))


def test_a_layout_without_the_dummy_is_refused():
    broken = {k: v for k, v in SUITED.items() if not k.startswith("dummy_down")}
    with pytest.raises(rules.RulesError, match="missing"):
        rules.replay(record("dummy", broken))
