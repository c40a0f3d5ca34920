"""Trio's rules (RULES.md section 5), one test per rule, from hand-written deals.

A deal names every hand (sorted on load) and, where it matters, the middle; the cards not
named fill the remaining middle places in number order.  Unless said otherwise the last
seat deals, so seat 0 plays first (and is asked first in team mode).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import rules

CARDS = [str(n) for n in range(1, 13) for _ in range(3)]
MIDDLE = {3: 9, 4: 8, 5: 6, 6: 6}


def trio_layout(
    hands: list[str], middle: str = "", trios: dict[int, str] | None = None, places: int = 0
) -> dict[str, list[str]]:
    """A full 36-card layout: ``hands`` as strings of numbers, ``middle`` for its first places,
    ``trios`` taken already; the cards not named fill the other ``places`` of the middle."""
    named = [c for h in hands for c in h.split()] + middle.split()
    named += [c for t in (trios or {}).values() for c in t.split()]
    rest = list(CARDS)
    for card in named:
        rest.remove(card)  # a ValueError here: a number is named more than three times
    shown = middle.split()
    assert len(shown) + len(rest) == places, f"{len(rest)} cards left for {places - len(shown)} middle places"
    layout: dict[str, list[str]] = {f"hand/{s}": h.split() for s, h in enumerate(hands)}
    for i, card in enumerate(shown + rest):
        layout[f"middle/{i}"] = [card]
    for seat, cards in (trios or {}).items():
        layout[f"trios/{seat}"] = cards.split()
    return layout


def trio_record(
    hands: list[str],
    actions: list[list[Any]] = (),
    *,
    variant: str = "simple",
    middle: str = "",
    trios: dict[int, str] | None = None,
    dealer: int | None = None,
) -> dict[str, Any]:
    players = len(hands)
    places = 0 if variant.startswith("team") else MIDDLE[players]
    return {
        "format": rules.RECORD_FORMAT,
        "game": "trio",
        "variant": variant,
        "players": players,
        "seed": 0,
        "deals": [
            {
                "dealer": players - 1 if dealer is None else dealer,
                "layout": trio_layout(hands, middle, trios, places),
                "actions": [list(a) for a in actions],
            }
        ],
    }


def play(hands: list[str], actions: list[list[Any]] = (), **kwargs: Any) -> rules.State:
    """The state after replaying a hand-written Trio deal."""
    return rules.replay(trio_record(hands, actions, **kwargs))


def zone(state: rules.State, name: str) -> list[str]:
    return [state.deck.text(c) for c in state.zones[name]]


def legal(state: rules.State) -> list[str]:
    return [a.text for a in state.legal_actions()]


def run(state: rules.State, *texts: str) -> list[rules.Event]:
    events: list[rules.Event] = []
    for text in texts:
        events += state.apply(text)
    return events


# Three players: seat 1's lowest three cards are 4s; the middle is 1 2 3 6 7 7 9 10 11.
DEAL3 = ["1 2 3 5 6 8 9 10 12", "4 4 4 5 6 8 9 11 12", "1 2 3 5 7 8 10 11 12"]
# Four players in teams (0 & 2 against 1 & 3), everything dealt.
TEAM4 = ["1 1 2 2 3 3 4 4 5", "1 2 3 4 5 5 6 6 6", "7 7 8 8 9 9 10 10 11", "7 8 9 10 11 11 12 12 12"]
PASS_ALL = [[0, "pass"], [1, "pass"], [2, "pass"], [3, "pass"]]


# ------------------------------------------------------------------------- setup
@pytest.mark.parametrize(("players", "hand", "middle"), [(3, 9, 9), (4, 7, 8), (5, 6, 6), (6, 5, 6)])
def test_deal_gives_each_player_count_its_hands_and_middle(players, hand, middle):
    state = rules.load_game("trio").new_match(players=players, seed=players)
    assert [len(state.zones[f"hand/{s}"]) for s in range(players)] == [hand] * players
    places = [z for z in state.zones if z.startswith("middle/")]
    assert len(places) == middle and all(len(state.zones[z]) == 1 for z in places)


@pytest.mark.parametrize(("variant", "players", "hand"), [("team-simple", 4, 9), ("team-spicy", 6, 6)])
def test_team_mode_deals_every_card_and_leaves_no_middle(variant, players, hand):
    state = rules.load_game("trio").new_match(players=players, variant=variant, seed=1)
    assert [len(state.zones[f"hand/{s}"]) for s in range(players)] == [hand] * players
    assert not [z for z in state.zones if z.startswith("middle/")]


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("variant", ["team-simple", "team-spicy"])
def test_team_variants_refuse_three_and_five_players(variant, players):
    with pytest.raises(rules.RulesError):
        rules.load_game("trio").new_match(players=players, variant=variant, seed=0)


def test_team_setting_refuses_five_players_with_a_clear_message():
    with pytest.raises(rules.RulesError, match="4 or 6 players"):
        rules.load_game("trio").new_match(players=5, settings={"teams": True}, seed=0)


def test_first_player_sits_left_of_the_dealer():
    game = rules.load_game("trio")
    for dealer in range(4):
        assert game.new_match(players=4, dealer=dealer, seed=9).current_player == (dealer + 1) % 4


def test_hands_are_sorted_on_load_and_stay_sorted():
    state = play(["12 1 5 3 9 8 2 10 6", "11 4 4 9 4 5 6 8 12", "10 3 1 8 12 5 2 7 11"])
    assert zone(state, "hand/0") == ["1", "2", "3", "5", "6", "8", "9", "10", "12"]
    run(state, "reveal low 1", "reveal high 0")  # 4 then 12: back into their hands
    assert zone(state, "hand/0") == ["1", "2", "3", "5", "6", "8", "9", "10", "12"]
    assert zone(state, "hand/1") == ["4", "4", "4", "5", "6", "8", "9", "11", "12"]


def test_card_notation_is_the_bare_number():
    deck = rules.load_game("trio").deck("simple")
    assert deck.size == 36 and [deck.text(c) for c in range(36)] == CARDS


# ----------------------------------------------------------------------- reveals
def test_a_turn_offers_every_middle_card_and_both_ends_of_every_hand():
    state = play(DEAL3)
    assert legal(state) == [f"reveal middle/{i}" for i in range(9)] + [
        f"reveal {end} {s}" for s in range(3) for end in ("low", "high")
    ]


def test_repeated_request_at_one_end_reveals_the_next_card():
    state = play(DEAL3)
    events = run(state, "reveal low 1")
    assert [(e["card"], e["source"], e["end"]) for e in events if e.kind == "reveal"] == [("4", "hand/1", "low")]
    assert zone(state, "revealed") == ["4"] and zone(state, "hand/1")[0] == "4"
    run(state, "reveal low 1")
    assert zone(state, "revealed") == ["4", "4"] and zone(state, "hand/1")[:2] == ["4", "5"]


def test_three_equal_cards_make_a_trio_for_the_player_holding_none_of_them_and_the_turn_passes():
    state = play(DEAL3, [[0, "reveal low 1"], [0, "reveal low 1"], [0, "reveal low 1"]])
    assert zone(state, "trios/0") == ["4", "4", "4"]
    assert zone(state, "hand/1") == ["5", "6", "8", "9", "11", "12"]
    assert zone(state, "revealed") == []
    assert state.scores == [1, 0, 0] and state.current_player == 1 and not state.is_over


def test_a_mismatch_returns_every_card_to_its_place_and_ends_the_turn():
    state = play(DEAL3)
    events = run(state, "reveal middle/4", "reveal high 1")  # a 7, then a 12
    assert zone(state, "middle/4") == ["7"] and zone(state, "hand/1")[-1] == "12"
    assert zone(state, "revealed") == [] and len(zone(state, "hand/1")) == 9
    returns = [(e["card"], e["target"], e["face"]) for e in events if e.kind == "return"]
    assert returns == [("7", "middle/4", "down"), ("12", "hand/1", "hand")]
    assert state.current_player == 1
    first = next(e for e in events if e.kind == "return")
    assert first["revealed"] == ["7", "12"]  # public: what the table says while the cards lie up
    from rules.presenter import presenter_for

    said = presenter_for(state.game, state.deck).say("return", first.data, 2, ["Ann", "Bob", "Cleo"])
    assert said is not None and said.text == "Mismatch: 7, then 12 \u2014 the cards go back."


def test_returned_middle_cards_lie_face_down_in_their_own_places():
    state = play(DEAL3, [[0, "reveal middle/4"], [0, "reveal middle/0"]])  # 7 then 1
    view = state.view(2)
    assert view.zones["middle/4"] == (None,) and view.zones["middle/0"] == (None,)
    assert [zone(state, f"middle/{i}") for i in (0, 4)] == [["1"], ["7"]]
    assert "reveal middle/4" in legal(state)


def test_returned_cards_are_public_knowledge_of_their_places():
    state = play(DEAL3, [[0, "reveal middle/4"], [0, "reveal low 1"]])  # a 7, then a 4: back they go
    state.apply("reveal low 2")  # seat 1 starts a turn: a 1
    view = state.view(0)
    assert view.known["middle/4"] == ("7",)
    assert view.known["hand/1"] == ("4",) and view.public["ends"]["hand/1"] == (1, 0)
    assert view.public["history"][-1]["reveals"] == (("7", "middle/4", None), ("4", "hand/1", "low"))


def test_the_same_card_is_both_lowest_and_highest_of_a_one_card_hand():
    state = play(["1 2 3 5 6 8 9 10 12 4 4", "4", "1 2 3 5 7 8 10 11 12 5 6 8 9 11 12"])
    assert {"reveal low 1", "reveal high 1"} <= set(legal(state))
    run(state, "reveal high 1")
    assert not {"reveal low 1", "reveal high 1"} & set(legal(state))


def test_a_player_with_no_cards_still_takes_turns():
    state = play(["1 1 1 2 2 2 3 3 3 4 4 4 5 5", "", "5 6 6 6 8 8 8 9 9 9 10 10 10"])
    run(state, "reveal middle/0", "reveal low 2")  # a 7 and a 5: seat 1's turn, with no cards
    assert state.current_player == 1
    assert "reveal low 1" not in legal(state) and "reveal high 0" in legal(state)
    run(state, "reveal high 0", "reveal low 2", "reveal high 0")
    assert state.scores == [0, 1, 0] and zone(state, "trios/1") == ["5", "5", "5"]


def test_reveals_are_irreversible():
    state = play(DEAL3)
    assert all(not a.undoable for a in state.legal_actions())
    state.apply("reveal low 1")
    assert not state.can_undo(0)
    with pytest.raises(rules.IllegalAction):
        state.undo()


def test_an_own_hand_reveal_names_the_card_for_the_table_and_others_do_not():
    state = play(DEAL3)
    by_text = {a.text: a for a in state.legal_actions()}
    assert state.deck.text(by_text["reveal low 0"].card) == "1" and by_text["reveal low 1"].card is None
    assert by_text["reveal middle/3"].card is None and by_text["reveal middle/3"].target == "revealed"


# ------------------------------------------------------------------------ winning
def test_three_trios_win_in_simple_mode():
    state = play(
        ["3 3 3 4 4 4 5 5 5", "6 6 6 8 8 8 12 12 12", "9 9 9"],
        trios={0: "1 1 1 2 2 2"},
        actions=[[0, "reveal high 1"], [0, "reveal high 1"], [0, "reveal high 1"]],
    )
    assert state.is_over and state.winners == [0] and state.scores == [3, 0, 0]
    assert state.deal_results[0].details["reason"] == "3 trios"


def test_two_trios_do_not_win_in_simple_mode():
    state = play(
        ["3 3 3 4 4 4 5 5 5", "6 6 6 8 8 8 12 12 12", "2 2 2 9 9 9"],
        trios={0: "1 1 1"},
        actions=[[0, "reveal high 1"], [0, "reveal high 1"], [0, "reveal high 1"]],
    )
    assert not state.is_over and state.scores == [2, 0, 0]


@pytest.mark.parametrize("variant", ["simple", "spicy"])
def test_the_trio_of_sevens_wins_at_once(variant):
    state = play(
        ["1 1 2 2 3 3 4 4 5", "1 2 3 4 5 5 6 6 6", "7 7 8 9 10 11 11 12 12"],
        variant=variant,
        actions=[[0, "reveal middle/0"], [0, "reveal low 2"], [0, "reveal low 2"]],
    )
    assert zone(state, "trios/0") == ["7", "7", "7"]
    assert state.is_over and state.winners == [0] and state.deal_results[0].details["reason"] == "the trio of 7s"
    assert state.current_player is None and state.legal_actions() == []


def test_the_sevens_win_in_team_mode_for_both_partners():
    state = play(
        ["1 1 2 2 3 3 4 4 5", "1 2 3 4 5 5 6 6 6", "7 7 8 8 9 9 10 10 11", "7 8 9 10 11 11 12 12 12"],
        variant="team-simple",
        actions=PASS_ALL + [[0, "reveal low 2"], [0, "reveal low 2"], [0, "reveal low 3"]],
    )
    assert state.is_over and state.winners == [0, 2] and state.scores == [1, 0, 1, 0]


@pytest.mark.parametrize(("held", "taken"), [("2", "5"), ("3", "4"), ("1", "8"), ("5", "12")])
def test_spicy_connected_trios_win_by_sum_or_difference_of_seven(held, taken):
    others = [n for n in map(str, range(1, 13)) if n not in (held, taken, "7")]

    def threes(numbers: list[str]) -> str:
        return " ".join(n for n in numbers for _ in range(3))

    hands = [threes(others[0:3]), threes(others[3:6]), threes(others[6:8])]
    state = play(
        hands,
        variant="spicy",
        trios={0: threes([held])},
        middle=threes([taken, "7", others[8]]),
        actions=[[0, "reveal middle/0"], [0, "reveal middle/1"], [0, "reveal middle/2"]],
    )
    assert zone(state, "trios/0")[-3:] == [taken] * 3
    assert state.is_over and state.winners == [0]
    assert (
        state.deal_results[0].details["reason"] == f"two connected trios ({min(int(held), int(taken))} and "
        f"{max(int(held), int(taken))})"
    )


def test_unconnected_trios_do_not_win_in_spicy_mode_however_many():
    hands = ["3 3 3 4 4 4 5 5 5", "6 6 6 8 8 8 12 12 12", "9 9 9"]
    actions = [[0, "reveal high 1"], [0, "reveal high 1"], [0, "reveal high 1"]]
    spicy = play(hands, variant="spicy", trios={0: "1 1 1 2 2 2"}, actions=actions)
    assert spicy.scores == [3, 0, 0] and not spicy.is_over
    simple = play(hands, variant="simple", trios={0: "1 1 1 2 2 2"}, actions=actions)
    assert simple.is_over


# ------------------------------------------------------------------- team swaps
def test_team_swap_answers_are_secret_until_all_have_chosen():
    state = play(TEAM4, variant="team-simple")
    assert state.current_player == 0 and legal(state)[0] == "pass" and "swap 5" in legal(state)
    events = run(state, "swap 5")
    assert state.current_player == 1
    for seat in (1, 2, 3, None):
        (chose,) = [e for e in rules.events_for(events, seat) if e.kind == "chose"]
        assert chose["seat"] == 0 and chose["answer"] is None
        public = state.view(seat).public["choice"]
        assert public["answered"] == (0,) and public["mine"] is None
    assert state.view(0).public["choice"]["mine"] == "swap 5"
    assert zone(state, "hand/0")[-1] == "5"  # nothing moves before everyone has chosen


def test_team_swap_happens_only_if_both_partners_offer_a_card():
    state = play(TEAM4, variant="team-simple")
    events = run(state, "swap 5", "swap 1", "pass", "swap 7")
    assert zone(state, "hand/0") == TEAM4[0].split() and zone(state, "hand/2") == TEAM4[2].split()
    assert zone(state, "hand/1") == "2 3 4 5 5 6 6 6 7".split()
    assert zone(state, "hand/3") == "1 8 9 10 11 11 12 12 12".split()
    swaps = [(tuple(e["team"]), e["swapped"]) for e in events if e.kind == "swap"]
    assert swaps == [((0, 2), False), ((1, 3), True)]
    assert state.current_player == 0 and state.view(None).public["phase"] == "reveal"


def test_everyone_learns_whether_a_team_swapped_but_not_which_cards():
    state = play(TEAM4, variant="team-simple")
    events = run(state, "swap 5", "swap 1", "pass", "swap 7")
    for seat in (0, 2, None):
        shown = rules.events_for(events, seat)
        assert [e["card"] for e in shown if e.kind == "move"] == [None, None]
        assert all(e["answer"] is None for e in shown if e.kind == "chose" and e["seat"] != seat)
    mine = rules.events_for(events, 3)
    assert sorted(e["card"] for e in mine if e.kind == "move") == ["1", "7"]


def test_a_swap_forgets_what_was_known_of_both_partners_hands():
    state = play(TEAM4, variant="team-simple", actions=PASS_ALL + [[0, "reveal low 2"], [0, "reveal high 0"]])
    assert state.view(1).known == {"hand/0": ("5",), "hand/2": ("7",)}
    run(state, "reveal high 1", "reveal high 1", "reveal high 1")  # seat 1 takes the 6s
    assert state.view(None).public["choice"]["order"] == (2, 0)
    run(state, "swap 11", "swap 5")
    assert state.view(1).known == {} and state.view(None).public["ends"] == {}


def test_the_trio_taking_team_may_not_swap_again_the_others_may():
    state = play(TEAM4, variant="team-simple", actions=PASS_ALL)
    events = run(state, "reveal low 0", "reveal low 0", "reveal low 1")  # seat 0 takes the 1s
    (asked,) = [e for e in events if e.kind == "choose"]
    assert asked["seats"] == [1, 3] and state.current_player == 1
    assert [a.text for a in state.legal_actions()][:2] == ["pass", "swap 2"]
    run(state, "pass", "pass")
    assert state.current_player == 1 and state.view(None).public["phase"] == "reveal"


def test_partners_pool_their_trios_and_win_together():
    state = play(
        ["3 3 3 4 4 4 5 5", "5 6 6 6 7 7 7 8", "8 8 9 9 9 10 10", "10 11 11 11 12 12 12"],
        variant="team-simple",
        trios={0: "1 1 1", 2: "2 2 2"},
        actions=PASS_ALL,
    )
    assert state.scores == [2, 0, 2, 0]
    run(state, "reveal low 0", "reveal low 0", "reveal low 0")
    assert state.is_over and state.winners == [0, 2] and state.scores == [3, 0, 3, 0]


def test_pooled_trios_connect_across_partners_in_team_spicy():
    state = play(
        ["3 3 3 4 4 4 5 5", "5 6 6 6 7 7 7 8", "8 8 9 9 9 10 10", "10 11 11 11 12 12 12"],
        variant="team-spicy",
        trios={0: "1 1 1", 2: "2 2 2"},
        actions=PASS_ALL,
    )
    run(state, "reveal low 0", "reveal low 0", "reveal low 0")  # 3s: unconnected to 1 and 2
    assert not state.is_over and state.scores == [3, 0, 3, 0]
    run(state, "pass", "pass")
    run(state, "reveal low 0", "reveal low 0", "reveal low 0")  # seat 1 takes the 4s: 3 + 4 = 7, but not theirs
    assert not state.is_over
    run(state, "pass", "pass")
    run(state, "reveal high 1", "reveal low 2", "reveal low 2")  # seat 2: the 8s, connected to the 1s
    assert state.is_over and state.winners == [0, 2]


def test_a_team_with_an_empty_hand_cannot_swap():
    hands = ["1 1 1 2 2 2 3 3 3 4 4 4", "", "5 5 5 6 6 6 7 7 7 8 8 8", "9 9 9 10 10 10 11 11 11 12 12 12"]
    state = play(hands, variant="team-simple")
    assert state.view(None).public["choice"]["order"] == (0, 2)
    run(state, "pass", "pass", "reveal low 0", "reveal low 0", "reveal low 0")  # seat 0 takes the 1s
    assert state.view(None).public["choice"] is None  # 1 & 3 may not swap: seat 1 has no cards
    assert state.current_player == 1 and "reveal low 2" in legal(state)


def test_swap_offers_are_one_per_number_held():
    state = play(TEAM4, variant="team-simple")
    assert legal(state) == ["pass", "swap 1", "swap 2", "swap 3", "swap 4", "swap 5"]
    offer = state.legal_actions()[1]
    assert (offer.source, offer.target) == ("hand/0", "hand/2")


# ---------------------------------------------------------------- bad input
def test_illegal_reveals_are_refused_with_a_reason_and_change_nothing():
    state = play(
        ["1 2 3 5 6 8 9 10 12 4 4", "4", "1 2 3 5 7 8 10 11 12 5 6 8 9 11 12"],
        [[0, "reveal low 1"], [0, "reveal middle/8"]],
    )  # a 4, then an 11
    before = state.to_record()
    with pytest.raises(rules.IllegalAction):
        state.apply("reveal middle/9")
    with pytest.raises(rules.IllegalAction):
        state.apply("pass")
    middle_card = state.zones["hand/2"][4]
    assert "lowest or the highest" in state.why_not(middle_card, "hand/2", "revealed")
    assert state.to_record() == before


def test_a_broken_layout_is_a_clear_error():
    record = trio_record(DEAL3)
    layout = record["deals"][0]["layout"]
    layout["middle/0"] += layout.pop("middle/1")
    with pytest.raises(rules.RulesError, match="middle/0"):
        rules.replay(record)
    record = trio_record(DEAL3)
    record["deals"][0]["layout"]["middle/9"] = []
    with pytest.raises(rules.RulesError, match="middle/9"):
        rules.replay(record)


def test_trios_in_a_layout_must_be_three_equal_cards():
    record = trio_record(["3 3 3 4 4 4 5 5 5", "6 6 6 8 8 8 12 12 12", "9 9 9"], trios={0: "1 1 1 2 2 2"})
    layout = record["deals"][0]["layout"]
    layout["trios/0"][2], layout["hand/2"][0] = layout["hand/2"][0], layout["trios/0"][2]
    with pytest.raises(rules.RulesError, match="trios/0"):
        rules.replay(record)


# ---------------------------------------------------------------- records, sampling
def test_a_record_replays_through_json_to_the_same_match():
    state = rules.load_game("trio").new_match(players=4, variant="team-spicy", seed=5)
    rng = random.Random(5)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))], events=False)
    again = rules.replay(json.loads(json.dumps(state.to_record())))
    assert {z: zone(again, z) for z in again.zones} == {z: zone(state, z) for z in state.zones}
    assert (again.scores, again.winners, again.deal_results) == (state.scores, state.winners, state.deal_results)


def test_sampled_deals_keep_hands_sorted_around_their_known_lowest_card():
    # Seat 1's lowest card is a 9: everything else in that hand is 9 or more.
    hands = ["1 1 1 2 2 2 3 3 3", "9 9 10 10 11 11 11 12 12", "4 4 4 5 5 5 6 6 6"]
    state = play(hands, [[0, "reveal low 1"], [0, "reveal middle/0"]])  # a 9, then a 7
    view = state.view(2)
    assert view.known["hand/1"] == ("9",)
    rng = random.Random(1)
    for _ in range(30):
        guess = rules.sample(view, rng)
        numbers = [int(t) for t in zone(guess, "hand/1")]
        assert numbers == sorted(numbers) and numbers[0] == 9 and min(numbers) >= 9
        assert zone(guess, "middle/0") == ["7"]
        assert guess.view(2) == view


def test_sampled_deals_keep_a_known_highest_card_on_top():
    hands = ["4 4 4 5 5 5 6 6 6", "1 1 2 2 3 3 3 7 8", "9 9 9 10 10 10 11 11 11"]
    state = play(hands, [[0, "reveal high 1"], [0, "reveal high 2"]])  # an 8, then an 11
    view = state.view(2)
    rng = random.Random(2)
    for _ in range(30):
        numbers = [int(t) for t in zone(rules.sample(view, rng), "hand/1")]
        assert numbers == sorted(numbers) and numbers[-1] == 8


def test_the_trio_example_in_docs_records_md_replays_to_the_sevens_win():
    text = (Path(__file__).parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    section = text[text.index("## Example: Trio") :]
    section = section[: section.find("\n## ", 1)] if "\n## " in section[1:] else section
    (example,) = re.findall(r"```jsonc\n(.*?)```", section, re.DOTALL)
    state = rules.replay(json.loads(example))
    assert state.is_over and state.winners == [2] and state.scores == [1, 0, 1]
    assert state.deal_results[0].details["reason"] == "the trio of 7s"


def test_team_variants_list_four_and_six_as_their_player_counts():
    game = rules.load_game("trio")
    assert game.player_counts("simple") == [3, 4, 5, 6]
    assert game.player_counts("team-simple") == [4, 6] == game.player_counts("team-spicy")
    assert game.player_counts("simple", {"teams": True}) == [4, 6]
