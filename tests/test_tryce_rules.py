"""Tryce's rules (RULES.md section 2 with its settled details; docs/tryce.md), checked from
hand-written deals whose scores were worked out by hand, independently of the procedure's code.

Three players unless said otherwise. A deal names the hands (as dealt), the up-card and the top
of the stock; the cards not named fill the rest of the stock in deck order (spades, hearts,
diamonds, clubs, 2..A, copy 1 then copy 2, the jokers last). Card values: Joker and Ace 10;
K, Q, J, 10: 5; 9-6: 3; 5-2: 1. Fillers are 2s to 5s (1 point each) so hands sum easily.

Letters used (tryce.toml): N 3D1 5D1 9D1 8C1 KC1; O 4H1 7S2 QD2; T QS1 AS1 JH1 8D1 KC2;
E 5S1 6D1 KD1 5C1 7C1; S 6S1 7H1 10D2; R 4S1 7S1; A 2S1 8S1; I JS1; M 3S1.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.games.tryce.words import is_word

RECORDS = Path(__file__).parent / "records"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [f"{r}{s}{c}" for c in "12" for s in "SHDC" for r in RANKS] + ["JK"] * 4
CARDS_DEALT = {1: 10, 2: 10, 3: 11, 4: 11, 5: 11, 6: 12, 7: 12}  # RULES.md's information board
VALUES = {"JK": 10, "A": 10, "K": 5, "Q": 5, "J": 5, "10": 5, "9": 3, "8": 3, "7": 3, "6": 3}  # 5-2: 1


def value(card: str) -> int:
    return VALUES.get("JK" if card == "JK" else card[:-2], 1)


def tryce_layout(hands: list[list[str]], up: str, stock: list[str] = ()) -> dict[str, list[str]]:
    """All 108 cards: ``hands`` as dealt, ``up`` the up-card, ``stock`` its top (index 0 first)."""
    rest = list(DECK)
    for card in [c for hand in hands for c in hand] + [up] + list(stock):
        rest.remove(card)  # a ValueError here: a card named twice
    layout = {f"hand/{seat}": list(hand) for seat, hand in enumerate(hands)}
    layout["discard"] = [up]
    layout["stock"] = list(stock) + rest
    return layout


def tryce_deal(
    hands: list[list[str]],
    actions: list[list[Any]],
    up: str,
    stock: list[str] = (),
    *,
    hand: int = 1,
    dealer: int | None = None,
    scores: list[int] | None = None,
) -> dict[str, Any]:
    assert all(len(h) == CARDS_DEALT[hand] for h in hands), "a hand of the wrong size for this deal"
    deal: dict[str, Any] = {
        "dealer": len(hands) - 1 if dealer is None else dealer,
        "layout": tryce_layout(hands, up, stock),
        "actions": [list(a) for a in actions],
    }
    if scores is not None:
        deal["scores"] = scores
    return deal


def tryce_record(
    deals: list[dict[str, Any]],
    *,
    hand: int = 1,
    start_scores: list[int] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    players = len([z for z in deals[0]["layout"] if z.startswith("hand/")])
    return {
        "format": rules.RECORD_FORMAT,
        "game": "tryce",
        "players": players,
        "settings": dict(settings or {}),
        "seed": 0,
        "start": {"deal": hand, "scores": list(start_scores or [0] * players)},
        "deals": deals,
    }


def play(
    hands: list[list[str]],
    actions: list[list[Any]],
    up: str,
    stock: list[str] = (),
    *,
    hand: int = 1,
    dealer: int | None = None,
    settings: dict[str, Any] | None = None,
) -> rules.State:
    """The state after replaying one hand-written deal of hand ``hand`` (by default seat 0 plays first)."""
    deal = tryce_deal(hands, actions, up, stock, hand=hand, dealer=dealer)
    return rules.replay(tryce_record([deal], hand=hand, settings=settings))


def load(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


def upto(record: dict[str, Any], deal: int, actions: int) -> rules.State:
    """``record`` replayed through its deal ``deal`` (0 first), only the first ``actions`` of that deal."""
    cut = json.loads(json.dumps(record))
    cut["deals"] = cut["deals"][: deal + 1]
    cut["deals"][deal]["actions"] = cut["deals"][deal]["actions"][:actions]
    cut["deals"][deal].pop("scores", None)
    return rules.replay(cut)


def at(record: dict[str, Any], deal: int, seat: int, text: str, nth: int = 1) -> rules.State:
    """``record`` replayed up to (not including) the ``nth`` action ``[seat, text]`` of deal ``deal``."""
    seen = 0
    for i, (who, what) in enumerate(record["deals"][deal]["actions"]):
        if who == seat and what == text:
            seen += 1
            if seen == nth:
                return upto(record, deal, i)
    raise AssertionError(f"no [{seat}, {text!r}] in deal {deal}")


def legal(state: rules.State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def zone(state: rules.State, name: str, seat: int | None = None) -> list[str]:
    """Zone ``name`` as ``seat`` sees it (``None``: anyone; hidden cards read ``None``)."""
    return list(state.view(seat).zones.get(name, ()))


def stock(state: rules.State) -> list[str]:
    """The stock as it truly lies (face down in every view), top first."""
    return [state.deck.text(c) for c in state.zones["stock"]]


def hand(state: rules.State, seat: int) -> list[str]:
    return zone(state, f"hand/{seat}", seat)


def public(state: rules.State) -> Any:
    return state.view(None).public


def refused(state: rules.State, text: str) -> str:
    """``text`` is not offered, and applying it raises IllegalAction with the one-line reason
    ``why_not`` gives; the state is unchanged. Returns the reason."""
    assert text not in legal(state)
    before = state.to_record()
    reason = state.why_not(text)
    assert reason and "\n" not in reason
    with pytest.raises(rules.IllegalAction) as refusal:
        state.apply(text)
    assert str(refusal.value) == reason
    assert state.to_record() == before
    print(f"{text!r}: {reason}")
    return reason


def can_lay(state: rules.State, kind: str, cards: list[str]) -> bool:
    """Whether the current seat may build ``cards`` as a new ``kind`` meld and commit it (the
    procedure may refuse a card as it is added, or the commit)."""
    state.apply(f"meld {kind}")
    for card in cards:
        if f"add {card}" not in legal(state):
            refused(state, f"add {card}")
            return False
        state.apply(f"add {card}")
    return "commit" in legal(state)


def can_follow(state: rules.State, card: str) -> bool:
    """Whether ``card`` may be added to the meld being built and then committed (state unchanged)."""
    if f"add {card}" not in legal(state):
        refused(state, f"add {card}")
        return False
    state.apply(f"add {card}")
    ok = "commit" in legal(state)
    state.apply(f"remove {card}")
    return ok


def build(state: rules.State, kind: str, cards: list[str]) -> rules.State:
    """The current seat starts a ``kind`` meld and adds ``cards`` (``"JK E"`` a joker as a vowel)."""
    state.apply(f"meld {kind}")
    for card in cards:
        state.apply(f"add {card}")
    return state


# ----------------------------------------------------------------- the records
HANDS_1_AND_2 = "tryce-hands-1-and-2.json"
PAT_4 = "tryce-pat-hand-4.json"
HAND_7 = "tryce-hand-7-buy.json"
BUYERS_TIE = "tryce-buyers-tie.json"


@pytest.mark.parametrize(
    ("name", "deal_scores", "totals"),
    [
        # Hand 1 (seat 0 goes down by discard): seat 0 10 + group 7S1 7S2 7H1 7D1 (3+3+3+3) + word NOTE
        # 3D1 4H1 QS1 5S1 (1+1+5+1) = 30; seat 1 its group of 9s with two laid off by seat 0, 9S1 9D1
        # 9C1 9H1 (3 each) + JK (10) = 22, minus 7 fillers = 15; seat 2 twelve fillers, -12.
        # Hand 2 (seat 1 melds out): 10 + run 9S1..AS1 (3+5+5+5+5+10 = 33) + word STONE 7H1 JH1 4H1
        # 3D1 5C1 (3+5+1+1+1 = 11) = 54; seats 0 and 2 ten fillers each, -10. Totals 20, 69, -22.
        (HANDS_1_AND_2, [[30, 15, -12], [-10, 54, -10]], [20, 69, -22]),
        # Hand 4 (pat): seat 0 20 + TEN (5+3+1) + NOTE 8C1 JK AS1 KD1 (3+10+10+5) + STONE 6S1 8D1 4H1
        # 9D1 7C1 (3+3+1+3+3) = 20 + 9 + 28 + 13 = 70; the others eleven fillers each, -11.
        (PAT_4, [[70, -11, -11]], [70, -11, -11]),
        # Hand 7 (pat, a buy): seat 0 30 + TEN 9 + NOTE 8C1 4H1 AS1 KD1 (3+1+10+5 = 19) + RAIN 4S1 2S1
        # JS1 KC1 (1+1+5+5 = 12) + STAR 10D2 KC2 8S1 7S1 (5+5+3+3 = 16) = 86; the others -12 each.
        (HAND_7, [[86, -12, -12]], [86, -12, -12]),
        # Four players, hand 1: seat 0 sells 9S1, seats 1-3 buy; kings tie (seats 1, 2), the redraw
        # 4C2 v 6C2 gives it to seat 2, whose extra card is 3D2 (the shuffle's top); seat 0 draws 2D2,
        # lays 8S1 8S2 8H1 8H2 (4 x 3) and STRAIN 6S1 QS1 4S1 2S1 JS1 3D1 (3+5+1+1+5+1), discards 2D2:
        # 10 + 12 + 16 = 38. Seat 1 ten fillers -10; seat 2 ten fillers, 9S1 and 3D2: -(10+3+1) = -14;
        # seat 3 five fillers and five 7s: -(5+15) = -20.
        (BUYERS_TIE, [[38, -10, -14, -20]], [38, -10, -14, -20]),
    ],
)
def test_the_hand_written_records_replay_to_the_scores_worked_out_by_hand(name, deal_scores, totals):
    record = load(name)
    assert [d["scores"] for d in record["deals"]] == deal_scores
    state = rules.replay(record)
    assert [r.scores for r in state.deal_results] == [tuple(s) for s in deal_scores]
    assert state.scores == totals
    again = rules.replay(json.loads(json.dumps(state.to_record())))
    assert again.scores == totals


def test_the_last_hand_ends_the_match_and_the_highest_total_wins():
    state = rules.replay(load(HAND_7))
    assert state.is_over and state.winners == [0]
    assert public(state)["went_down"] == 0 and public(state)["hand_no"] == 7
    tied = load(HAND_7)
    tied["start"]["scores"] = [0, 98, 0]  # 86 + 0 and -12 + 98: equal highest totals share the win
    state = rules.replay(tied)
    assert state.scores == [86, 86, -12] and state.winners == [0, 1]


# ----------------------------------------------------------------- hand 1, step by step
def test_the_seat_left_of_the_dealer_starts_by_taking_or_selling_the_up_card():
    state = upto(load(HANDS_1_AND_2), 0, 0)
    assert state.current_player == 0
    assert public(state)["phase"] == "draw" and public(state)["hand_no"] == 1
    assert zone(state, "discard") == ["7H1"]
    assert sorted(legal(state)) == ["sell", "take"]  # `draw` only when the discard pile is empty
    refused(state, "draw")
    state.apply("take")
    assert "7H1" in hand(state, 0) and zone(state, "discard") == []


def test_never_more_melds_than_the_contract_and_no_lay_off_on_the_turn_of_the_first_meld():
    record = load(HANDS_1_AND_2)
    state = at(record, 0, 0, "meld word")  # seat 0 has just laid its group (hand 1: 1 group, 1 word)
    assert zone(state, "meld/0/0") == ["7S1", "7S2", "7H1"]  # both decks' 7 of spades in one group
    assert "meld group" not in legal(state) and "meld word" in legal(state)
    assert "meld run" not in legal(state)  # hand 1's contract has no run
    refused(state, "meld group")
    assert not [t for t in legal(state) if t.startswith("extend")]
    refused(state, "extend meld/0/0")
    state = at(record, 0, 0, "discard 2C1")  # group and word laid: the contract is complete
    assert zone(state, "meld/0/1") == ["3D1", "4H1", "QS1", "5S1"]
    assert not [t for t in legal(state) if t.startswith(("meld ", "extend", "swap"))]
    assert public(state)["went_down"] is None  # four cards still in hand


def test_a_sale_with_one_buyer_buyer_takes_it_and_one_extra_card_then_the_seller_draws():
    record = load(HANDS_1_AND_2)
    state = at(record, 0, 1, "sell")
    assert zone(state, "discard") == ["2C1"]
    state.apply("sell")
    assert public(state)["phase"] == "sale"
    assert state.current_player == 2  # asked clockwise from the seller's left
    assert sorted(legal(state)) == ["buy", "pass"]
    state.apply("buy")
    assert state.current_player == 0
    assert "2C1" not in hand(state, 2)  # nothing moves until every seat has answered
    state.apply("pass")
    assert state.current_player == 1  # turn order unchanged: the seller goes on
    assert public(state)["phase"] == "meld"
    assert Counter(hand(state, 2)) - Counter(record["deals"][0]["layout"]["hand/2"]) == Counter(["2C1", "3H1"])
    assert "5H2" in hand(state, 1) and len(hand(state, 1)) == 11  # the seller still draws (the next stock card)
    assert zone(state, "discard") == []
    state = at(record, 0, 1, "discard 5H2")
    state.apply("discard 5H2")
    assert state.current_player == 2 and public(state)["phase"] == "draw"  # then the seat after the seller


def test_a_refused_move_says_why():
    state = at(load(HANDS_1_AND_2), 0, 0, "discard 2C1")  # seat 0 took the up-card and laid both melds
    moves = [
        (rules.Action("take", "take", state.deck.parse("2C1"), "discard", "hand/0"), "drawn"),
        (rules.Action("extend", "extend meld/0/0", None, None, "meld/0/0"), "first meld"),
    ]
    before = state.to_record()
    for action, why in moves:
        with pytest.raises(rules.IllegalAction, match=why):
            state.apply(action)
    assert state.to_record() == before


def test_a_seat_without_a_meld_may_not_lay_off():
    state = at(load(HANDS_1_AND_2), 0, 2, "discard 7D1")  # seat 2 has taken, holds no meld
    assert not [t for t in legal(state) if t.startswith(("extend", "swap"))]
    refused(state, "extend meld/0/0")


def test_lay_off_on_a_later_turn_on_own_and_others_melds_and_the_joker_swap():
    record = load(HANDS_1_AND_2)
    state = at(record, 0, 0, "extend meld/0/0")
    extend = {t for t in legal(state) if t.startswith("extend")}
    assert {"extend meld/0/0", "extend meld/1/0"} <= extend  # own melds and others'
    assert extend <= {"extend meld/0/0", "extend meld/0/1", "extend meld/1/0"}  # seat 2 has no meld
    state = at(record, 0, 0, "swap 9C1 meld/1/0 2 end")
    assert zone(state, "meld/0/0") == ["7S1", "7S2", "7H1", "7D1"]
    assert zone(state, "meld/1/0") == ["9S1", "9D1", "JK", "9H1"]
    state.apply("swap 9C1 meld/1/0 2 end")  # the natural 9 replaces the joker, laid again at the end
    assert zone(state, "meld/1/0") == ["9S1", "9D1", "9C1", "9H1", "JK"]
    assert hand(state, 0) == ["3C1"]
    assert public(state)["went_down"] is None
    assert not state.deal_results
    state.apply("discard 3C1")  # the contract is complete and the hand empty: down by discard
    assert state.deal_results[0].scores == (30, 15, -12)  # see the record test for the sums


def test_going_down_by_melding_out_needs_no_discard():
    record = load(HANDS_1_AND_2)
    state = at(record, 1, 1, "commit", nth=2)  # seat 1 has built STONE with its last five cards
    assert zone(state, "build/1", 1) == ["7H1", "JH1", "4H1", "3D1", "5C1"]
    assert len(state.deal_results) == 1
    state.apply("commit")
    assert len(state.deal_results) == 2 and state.deal_results[1].scores == (-10, 54, -10)
    assert state.scores == [20, 69, -22]  # running totals: 30-10, 15+54, -12-10
    assert state.dealer == 1 and state.current_player == 2  # hand 3: the deal passes clockwise


GROUP9, RUN5_8 = ("group", ["9S1", "9D1", "9H1"]), ("run", ["5H1", "6H1", "7H1", "8H1"])
NOTE_W, RAIN_W = ("word", ["3D1", "4H1", "QS1", "5S1"]), ("word", ["7S1", "2S1", "JS1", "KC1"])


@pytest.mark.parametrize(
    ("hand_no", "melds", "scores"),
    [
        # 20 + 9s (3+3+3) + run (1+3+3+3) + RAIN (3+1+5+5) = 20 + 9 + 10 + 14 = 53; others -11
        (3, [GROUP9, RUN5_8, RAIN_W], [53, -11, -11]),
        # 20 + 9s 9 + NOTE (1+1+5+1) 8 + RAIN 14 = 51; others -11
        (5, [GROUP9, NOTE_W, RAIN_W], [51, -11, -11]),
        # 30 + run 10 + NOTE 8 + RAIN 14 = 62; others -12
        (6, [RUN5_8, NOTE_W, RAIN_W], [62, -12, -12]),
    ],
)
def test_hands_3_5_and_6_go_down_once_every_meld_of_the_contract_is_laid(hand_no, melds, scores):
    # Seat 0 takes the up-card KC1 (RAIN's N), lays the contract meld by meld and discards its
    # one filler, 2C2. The others hold fillers only.
    cards = [c for _kind, meld in melds for c in meld]
    mine = [c for c in cards if c != "KC1"] + ["2C2"]
    rest = [c for c in FILLERS if c not in mine]
    size = CARDS_DEALT[hand_no]
    actions = [[0, "take"]]
    for kind, meld in melds:
        actions += [[0, f"meld {kind}"], *([0, f"add {c}"] for c in meld), [0, "commit"]]
    state = play([mine, rest[:size], rest[size : 2 * size]], actions, "KC1", hand=hand_no)
    assert hand(state, 0) == ["2C2"] and not state.deal_results
    state.apply("discard 2C2")
    assert state.deal_results[0].scores == tuple(scores)


# ----------------------------------------------------------------- melds one by one
FILLERS = [
    "2S1",
    "3S1",
    "4S1",
    "5S1",
    "2H1",
    "3H1",
    "4H1",
    "5H1",
    "2D1",
    "3D1",
    "4D1",
    "5D1",
    "2C1",
    "3C1",
    "4C1",
    "5C1",
    "2S2",
    "3S2",
    "4S2",
    "5S2",
    "2H2",
    "3H2",
    "4H2",
    "5H2",
    "2D2",
    "3D2",
    "4D2",
    "5D2",
    "2C2",
    "3C2",
    "4C2",
    "5C2",
]


def first_turn(cards: list[str], *, hand_no: int = 1, up: str = "KC2") -> rules.State:
    """Seat 0 holds ``cards`` (and fillers to the hand's size) and has taken the up-card."""
    size = CARDS_DEALT[hand_no]
    pool = [c for c in FILLERS + DECK[:-4] if c not in cards and c != up]
    pool = list(dict.fromkeys(pool))  # fillers first, then the rest of the deck
    mine = list(cards) + pool[: size - len(cards)]
    pool = pool[size - len(cards) :]
    hands = [mine, pool[:size], pool[size : 2 * size]]
    return play(hands, [[0, "take"]], up, hand=hand_no)


@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        (["9S1", "9S2", "9H1"], True),  # the two decks' duplicates
        (["9S1", "9D1", "JK"], True),
        (["9S1", "JK", "JK"], True),  # several jokers
        (["9S1", "9S2", "9H1", "9H2", "9D1", "9D2", "9C1", "9C2"], True),  # all eight
        (["9S1", "9D1"], False),  # two cards
        (["9S1", "9D1", "8H1"], False),  # two ranks
    ],
)
def test_groups(cards, ok):
    assert can_lay(first_turn(cards), "group", cards) == ok


@pytest.mark.parametrize(("kind", "hand_no", "jokers"), [("group", 1, 3), ("run", 2, 4)])
def test_jokers_alone_make_no_group_or_run_and_the_refusal_says_so(kind, hand_no, jokers):
    # RULES.md, settled: every group and run holds at least one natural card (jokers alone name
    # no rank or suit). The reason the table says is the procedure's.
    state = build(first_turn(["JK"] * jokers + ["9S1"], hand_no=hand_no), kind, ["JK"] * jokers)
    assert "commit" not in legal(state)
    assert state.why_not(None, "build/0", None) == f"Jokers alone do not make a {kind}: add at least one natural card."
    state.apply("add 9S1")
    assert "commit" in legal(state)


def test_a_spare_joker_in_a_run_goes_above_its_highest_card_while_there_is_room():
    # RULES.md leaves it open; rules.melds [decision]: above the highest card, else below.
    for cards, laid, stands in (
        (["5H1", "6H1", "7H1", "JK"], ["5H1", "6H1", "7H1", "JK"], ("5", "6", "7", "8")),
        (["JH1", "QH1", "KH1", "JK"], ["JH1", "QH1", "KH1", "JK"], ("J", "Q", "K", "A")),
        (["QH1", "KH1", "AH1", "JK"], ["JK", "QH1", "KH1", "AH1"], ("J", "Q", "K", "A")),
    ):
        state = build(first_turn(cards, hand_no=2), "run", cards)
        state.apply("commit")
        assert zone(state, "meld/0/0") == laid
        assert public(state)["melds"]["meld/0/0"]["stands"] == stands


def test_the_player_chooses_the_end_a_spare_joker_takes_in_a_new_run():
    # RULES.md, settled: 5H 6H 7H + joker may stand for 4H or 8H; the player chooses. The plain
    # commit keeps its meaning (above the highest card); "commit 4H-7H" names the other run.
    state = build(first_turn(["5H1", "6H1", "7H1", "JK"], hand_no=2), "run", ["5H1", "6H1", "7H1", "JK"])
    commits = {a.text: a.label for a in state.legal_actions() if a.kind == "commit"}
    assert commits == {"commit": "Joker as the 8 of Hearts", "commit 4H-7H": "Joker as the 4 of Hearts"}
    state.apply("commit 4H-7H")
    assert zone(state, "meld/0/0") == ["JK", "5H1", "6H1", "7H1"]
    assert list(public(state)["melds"]["meld/0/0"]["stands"]) == ["4", "5", "6", "7"]
    again = rules.replay(state.to_record())
    assert list(public(again)["melds"]["meld/0/0"]["stands"]) == ["4", "5", "6", "7"]


@pytest.mark.parametrize(
    ("cards", "commits"),
    [
        (
            ["5H1", "6H1", "7H1", "JK", "JK"],
            {
                "commit": "Jokers as the 8 and 9 of Hearts",
                "commit 4H-8H": "Jokers as the 4 and 8 of Hearts",
                "commit 3H-7H": "Jokers as the 3 and 4 of Hearts",
            },
        ),
        (
            ["2H1", "3H1", "4H1", "JK"],
            {"commit": "Joker as the 5 of Hearts", "commit AH-4H": "Joker as the A of Hearts"},
        ),
        (["QH1", "KH1", "AH1", "JK"], {"commit": "Commit"}),  # nothing above the Ace: no choice
        (["5H1", "JK", "7H1", "8H1"], {"commit": "Commit"}),  # the joker fills the gap: no choice
    ],
)
def test_every_end_the_spare_jokers_may_take_is_offered(cards, commits):
    state = build(first_turn(cards, hand_no=2), "run", cards)
    assert {a.text: a.label for a in state.legal_actions() if a.kind == "commit"} == commits


@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        (["JH1", "QH1", "KH1", "AH1"], True),  # Ace high
        (["AH1", "2H2", "3H2", "4H2"], True),  # Ace low
        (["10H1", "JH1", "QH1", "KH1", "AH1"], True),
        (["KH1", "AH1", "2H2", "3H2"], False),  # K-A-2: no wrap-around
        (["QH1", "KH1", "AH1", "2H2"], False),
        (["6H1", "JK", "8H1", "9H1"], True),  # a joker fills a gap
        (["6H1", "JK", "JK", "9H1"], True),
        (["6H1", "7H1", "8H1"], False),  # three cards
        (["6H1", "7H1", "8H1", "9D1"], False),  # two suits
        (["6H1", "7H1", "9H1", "10H1"], False),  # a gap
    ],
)
def test_runs(cards, ok):
    assert can_lay(first_turn(cards, hand_no=2), "run", cards) == ok


def test_a_run_may_not_hold_an_ace_at_both_ends():
    # Hand 6 (12 cards; 1 run, 2 words). Seat 0 deals, seat 1 sells the up-card KH1 and seat 0
    # buys it with AH2 as its extra card; seat 0 then takes seat 2's discard: 15 cards.
    hearts = ["AH1", "2H1", "3H1", "4H1", "5H1", "6H1", "7H1", "8H1", "9H1", "10H1", "JH1", "QH1"]
    others = [FILLERS[12:24], FILLERS[24:32] + ["6S1", "7S1", "8S1", "9S1"]]
    actions = [[1, "sell"], [2, "pass"], [0, "buy"], [1, "discard 6C1"], [2, "take"], [2, "discard 9S1"], [0, "take"]]
    state = play([hearts, *others], actions, "KH1", ["AH2", "6C1"], hand=6, dealer=0)
    assert state.current_player == 0 and len(hand(state, 0)) == 15
    build(state, "run", hearts + ["KH1"])  # A-2-...-K
    assert "commit" in legal(state)
    assert not can_follow(state, "AH2") and "commit" in legal(state)  # A-2-...-K-A: refused
    state.apply("remove AH1")
    state.apply("add AH2")  # 2-...-K-A
    assert "commit" in legal(state)


NOTE = ["3D1", "4H1", "QS1", "5S1"]


@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        (NOTE, True),
        (["3D1", "JK O", "QS1", "5S1"], True),  # a joker as a vowel
        (["QS1", "3D1", "4H1", "5S1"], False),  # TNOE: the letters in the order laid
        (["4S1", "4H1", "3S1", "5S1"], False),  # ROME: a proper name
        (["QS1", "5S1", "3D1"], False),  # TEN: 3 letters only in pat hands
    ],
)
def test_words(cards, ok):
    assert not is_word("rome") and is_word("note") and not is_word("ten") and is_word("ten", short=True)
    naturals = [c.split()[0] for c in cards]
    assert can_lay(first_turn(naturals), "word", cards) == ok


def test_a_joker_in_a_word_names_a_vowel_only():
    state = build(first_turn(["JK", "3D1", "QS1", "5S1"]), "word", ["3D1"])
    assert sorted(t for t in legal(state) if t.startswith("add JK")) == [f"add JK {v}" for v in "AEIOU"]
    refused(state, "add JK T")
    refused(state, "add JK")
    state.apply("add JK O")
    for card in ("QS1", "5S1"):
        state.apply(f"add {card}")
    state.apply("commit")  # N, a joker as O, T, E: NOTE
    assert zone(state, "meld/0/0") == ["3D1", "JK", "QS1", "5S1"]


def test_a_meld_or_lay_off_may_not_empty_the_hand_unless_it_completes_the_contract():
    # Hand 1. Seat 0 takes the up-card (a joker), lays a group of six 7s and three jokers, keeps
    # 7C2 and discards its filler; next turn it takes 7C1 from seat 2: laying both 7s off would
    # leave no card with the word still missing.
    sevens = ["7S1", "7S2", "7H1", "7H2", "7D1", "7D2", "JK", "JK", "JK"]
    hands = [sevens[:8] + ["7C2", "2S1"], FILLERS[12:22], FILLERS[22:31] + ["7C1"]]
    actions = (
        [[0, "take"]]
        + [[0, t] for t in ["meld group", *(f"add {c}" for c in sevens), "commit"]]
        + [[0, "discard 2S1"], [1, "take"], [1, "discard 2C1"], [2, "take"], [2, "discard 7C1"], [0, "take"]]
    )
    state = play(hands, actions, "JK")
    assert sorted(hand(state, 0)) == ["7C1", "7C2"]
    state.apply("extend meld/0/0")
    state.apply("add 7C2")
    assert "commit" in legal(state)  # one card left: fine
    state.apply("add 7C1")
    refused(state, "commit")  # no card left and no word: refused
    state.apply("remove 7C1")
    state.apply("commit")
    assert hand(state, 0) == ["7C1"] and len(zone(state, "meld/0/0")) == 10
    # docs/tryce.md [decision]: a discard may empty the hand of a seat whose contract is not
    # complete; it is not down and draws on its next turn.
    state.apply("discard 7C1")
    assert hand(state, 0) == [] and public(state)["went_down"] is None and state.current_player == 1


# ----------------------------------------------------------------- pat hands
def test_pat_hand_4_stages_the_whole_contract_and_goes_down_at_once_without_a_discard():
    record = load(PAT_4)
    state = at(record, 0, 0, "meld word", nth=2)  # TEN is staged (3 letters: allowed once)
    assert public(state)["hand_no"] == 4
    assert zone(state, "staged/0/0", 0) == ["JH1", "6D1", "5D1"]
    assert set(zone(state, "staged/0/0", 1)) <= {None}  # seen by its owner only
    assert not zone(state, "meld/0/0")  # nothing on the table before the whole contract goes down
    assert not [t for t in legal(state) if t.startswith(("discard", "extend", "swap"))]
    build(state, "word", ["8C1", "JK O", "AS1"])  # NOT: a second 3-letter word
    assert "commit" not in legal(state)
    state.apply("add KD1")  # NOTE
    assert "commit" in legal(state)
    state = at(record, 0, 0, "commit", nth=3)  # STONE built from the last five cards
    assert zone(state, "build/0", 0) == ["6S1", "8D1", "4H1", "9D1", "7C1"]
    state.apply("commit")
    assert state.deal_results[0].scores == (70, -11, -11)


def test_hand_7_needs_15_cards_so_a_seat_that_has_not_bought_cannot_go_down():
    # Seat 0 plays first in hand 7 with 12 cards + the up-card: 13. It stages TEN, NOTE and RAIN
    # (11 cards); the last two can make no fourth word.
    mine = ["JH1", "6D1", "5D1", "8C1", "4H1", "AS1", "KD1", "4S1", "2S1", "JS1", "10D2", "5C1"]
    others = [FILLERS[16:28], FILLERS[28:32] + ["2H1", "3H1", "5H1", "6C1", "6C2", "6H2", "6S2", "7H2"]]
    state = play([mine, *others], [[0, "take"]], "KC1", hand=7)
    assert len(hand(state, 0)) == 13
    for word in (["JH1", "6D1", "5D1"], ["8C1", "4H1", "AS1", "KD1"], ["4S1", "2S1", "JS1", "KC1"]):
        build(state, "word", word).apply("commit")
    assert sorted(hand(state, 0)) == ["10D2", "5C1"]
    assert not [t for t in legal(state) if t.startswith("discard")]  # nothing staged when discarding
    if "meld word" in legal(state):  # offered or not, the last two cards make no fourth word
        assert not can_lay(state, "word", ["10D2", "5C1"])
        state.apply("cancel")
    assert "commit" not in legal(state)
    state.apply("cancel")  # with nothing being built: every staged meld back to the hand
    assert len(hand(state, 0)) == 13
    assert "discard 5C1" in legal(state)


# ----------------------------------------------------------------- the stock
def sell_and_discard_the_draw(state: rules.State) -> None:
    """The current seat sells the top discard, nobody buys, it discards the card it drew."""
    seat = state.current_player
    before = Counter(hand(state, seat))
    state.apply("sell")
    while public(state)["phase"] == "sale":
        state.apply("pass")
    if state.deal_results:  # the draw stalled the hand
        return
    (drawn,) = list((Counter(hand(state, seat)) - before).elements())
    state.apply(f"discard {drawn}")


def test_the_stock_is_rebuilt_from_the_discard_pile_but_its_top_card_when_a_draw_finds_it_empty():
    hands = [FILLERS[0:10], FILLERS[10:20], FILLERS[20:30]]
    state = play(hands, [], "JK")
    assert len(stock(state)) == 108 - 30 - 1
    for _turn in range(77):  # every turn sells the top discard and draws: 77 draws empty the stock
        sell_and_discard_the_draw(state)
    assert stock(state) == [] and public(state)["rebuilds"] == 0
    pile = zone(state, "discard")
    assert len(pile) == 78
    seat = state.current_player
    state.apply("sell")
    while public(state)["phase"] == "sale":
        state.apply("pass")
    assert public(state)["rebuilds"] == 1
    assert zone(state, "discard") == pile[:1]  # the top discard stays
    assert len(stock(state)) == 77 - 1  # the rest, shuffled, and the seller drew one
    assert len(hand(state, seat)) == 11
    assert Counter(stock(state) + [c for c in hand(state, seat) if c not in hands[seat]]) == Counter(pile[1:])


@pytest.mark.parametrize("rebuilds", [1, 3])
def test_a_stalled_hand_scores_no_contract_points_and_the_rest_as_usual(rebuilds):
    # Hand 1 with stall_rebuilds 1 and 3. Seat 0 completes its contract (group 7S1 7S2 7H1: 9;
    # NOTE 3D1 4H1 QS1 5S1: 8) but keeps three fillers; every turn then sells and discards the
    # card drawn, so the hands stay as they are until the stock, rebuilt 1 or 3 times, runs out
    # again. Seat 0: 9 + 8 - 3 = 14 (no contract points); seat 1: ten fillers, -10; seat 2: JK
    # AS2 (10 + 10), KS2 QS2 JS2 10S2 (4 x 5), 9S2 6S2 (2 x 3), 5C2 2C2 (2 x 1): -48.
    hands = [
        ["7S1", "7S2", "7H1", "3D1", "4H1", "QS1", "5S1", "2C1", "3C1", "4C1"],
        FILLERS[16:26],
        ["JK", "AS2", "KS2", "QS2", "JS2", "10S2", "9S2", "6S2", "5C2", "2C2"],
    ]
    melds = [
        [0, t]
        for t in (
            "meld group",
            "add 7S1",
            "add 7S2",
            "add 7H1",
            "commit",
            "meld word",
            "add 3D1",
            "add 4H1",
            "add QS1",
            "add 5S1",
            "commit",
            "discard 6C1",
        )
    ]
    state = play(
        hands, [[0, "sell"], [1, "pass"], [2, "pass"], *melds], "JK", ["6C1"], settings={"stall_rebuilds": rebuilds}
    )
    assert public(state)["laid"][0] == {"group": 1, "run": 0, "word": 1}
    for _turn in range(500):
        if state.deal_results:
            break
        before = public(state)["rebuilds"]
        sell_and_discard_the_draw(state)
    assert before == rebuilds  # the hand stalled when the stock ran out after the last rebuild
    assert len(state.deal_results) == 1
    outcomes = [a[1].split()[0] for a in state.to_record()["deals"][0]["actions"] if a[0] is None]
    assert outcomes.count("rebuild") == rebuilds  # each new stock's order, recorded
    assert state.deal_results[0].scores == (14, -10, -48)
    assert state.scores == [14, -10, -48]


@pytest.mark.parametrize(("landed", "scores"), [(31, [30, 40, -12]), (30, [30, 15, -12])])
def test_perfect_cut_scores_25_when_exactly_the_deal_and_the_up_card_lie_above_it(landed, scores):
    # Hand 1 of the record with the setting on: seat 1 (right of the dealer, seat 2) names 31 =
    # 3 x 10 + 1; the cut lands at 31 (+25 for seat 1) or 30 (nothing).
    record = load(HANDS_1_AND_2)
    record["settings"] = {"perfect_cut": True}
    deal = record["deals"][0]
    record["deals"] = [deal]
    deal["actions"] = [[1, "cut 31"], [None, f"cut at {landed}"], *deal["actions"]]
    deal["scores"] = scores
    assert rules.replay(record).scores == scores


# ----------------------------------------------------------------- several buyers
def new_cards(state: rules.State, seat: int, dealt: list[str]) -> Counter:
    return Counter(hand(state, seat)) - Counter(dealt)


def test_several_buyers_draw_from_the_stock_the_highest_wins_and_the_seller_still_draws():
    # Seat 0 sells the up-card 9S1; seats 1 and 2 buy; their draw: KH2 for seat 1, a joker for
    # seat 2 (Joker > A > K): seat 2 buys. Both drawn cards go back into the stock, shuffled.
    hands = [FILLERS[0:10], FILLERS[10:20], FILLERS[20:30]]
    actions = [[0, "sell"], [1, "buy"], [2, "buy"], [None, "buyers 1:KH2 2:JK"]]
    state = play(hands, actions, "9S1")
    dealt = tryce_layout(hands, "9S1")["stock"]
    assert state.current_player == 0 and public(state)["phase"] == "meld"
    assert hand(state, 1) == hands[1]
    bought, drawn = new_cards(state, 2, hands[2]), new_cards(state, 0, hands[0])
    assert bought["9S1"] == 1 and sum(bought.values()) == 2 and sum(drawn.values()) == 1
    assert len(stock(state)) == 77 - 2
    back = Counter(dealt) - (bought - Counter(["9S1"])) - drawn
    assert Counter(stock(state)) == back  # KH2 and the joker went back (unless drawn again)
    assert [None, "buyers 1:KH2 2:JK"] in state.to_record()["deals"][0]["actions"]


def test_a_tie_among_buyers_redraws_among_the_tied_only_with_fresh_cards():
    # Four players, seat 3 deals: seat 0 sells the up-card 9S1, seats 1, 2 and 3 buy. Seats 1 and
    # 2 tie with kings (seat 3's 5C2 is out); the redraw is theirs only: 4C2 against 6C2, seat 2.
    hands = [
        FILLERS[0:10],
        FILLERS[10:20],
        FILLERS[20:30],
        ["6S1", "7S1", "8S1", "10S1", "JS1", "QS1", "6H1", "7H1", "8H1", "9H1"],
    ]
    answers = [[0, "sell"], [1, "buy"], [2, "buy"], [3, "buy"], [None, "buyers 1:KH2 2:KD1 3:5C2"]]
    state = play(hands, [*answers, [None, "buyers 1:4C2 2:6C2"]], "9S1", dealer=3)
    assert state.current_player == 0 and public(state)["phase"] == "meld"
    assert new_cards(state, 2, hands[2])["9S1"] == 1
    assert hand(state, 1) == hands[1] and hand(state, 3) == hands[3]
    for redraw in ("buyers 1:4C2 2:6C2 3:7C2", "buyers 1:KH2 2:6C2", "buyers 1:4C2"):
        with pytest.raises(rules.RulesError, match="not possible"):
            play(hands, [*answers, [None, redraw]], "9S1", dealer=3)


# ----------------------------------------------------------------- lay-offs on words
def second_turn(mine: list[str], melds: list[tuple[str, list[str]]], discard: str, take: str) -> rules.State:
    """Hand 1, seat 0 first: it takes the up-card 3H1, lays ``melds``, discards ``discard``; seats 1
    and 2 take and discard a filler each (seat 2 discards ``take``); seat 0 takes ``take``."""
    rest = [c for c in FILLERS if c not in mine and c not in (take, "3H1")]
    hands = [mine, rest[:10], rest[10:19] + [take]]
    actions = [[0, "take"]]
    for kind, cards in melds:
        actions += [[0, f"meld {kind}"], *([0, f"add {c}"] for c in cards), [0, "commit"]]
    actions += [
        [0, f"discard {discard}"],
        [1, "take"],
        [1, f"discard {rest[0]}"],
        [2, "take"],
        [2, f"discard {take}"],
        [0, "take"],
    ]
    return play(hands, actions, "3H1")


def test_a_joker_in_a_word_is_replaced_by_its_letter_and_laid_again_as_a_vowel():
    # Seat 0 lays 9S1 9D1 9H1 and STAR with a joker as its A (6S1 QS1 JK 4S1), holding 8S1 (an A):
    # the swap is refused on that turn, allowed on the next: STAR + the joker as E at the end, STARE.
    mine = ["9S1", "9D1", "9H1", "6S1", "QS1", "JK", "4S1", "8S1", "5S1", "2H1"]
    state = upto(tryce_record([tryce_deal([mine, FILLERS[12:22], FILLERS[22:32]], [], "3H1")]), 0, 0)
    state.apply("take")
    build(state, "group", ["9S1", "9D1", "9H1"]).apply("commit")
    build(state, "word", ["6S1", "QS1", "JK A", "4S1"]).apply("commit")
    assert public(state)["melds"]["meld/0/1"]["stands"] == tuple("STAR")
    refused(state, "swap 8S1 meld/0/1 2 end E")  # not on the turn of the first meld
    state = second_turn(mine, [("group", ["9S1", "9D1", "9H1"]), ("word", ["6S1", "QS1", "JK A", "4S1"])], "2H1", "4C1")
    refused(state, "swap 8S1 meld/0/1 2 end A")  # STARA is no word
    refused(state, "swap 5S1 meld/0/1 2 end E")  # 5S1 is an E: the joker stands for an A
    refused(state, "swap 8S1 meld/0/1 2 end T")  # a joker is a vowel only
    state.apply("swap 8S1 meld/0/1 2 end E")
    assert zone(state, "meld/0/1") == ["6S1", "QS1", "8S1", "4S1", "JK"]
    assert public(state)["melds"]["meld/0/1"]["stands"] == tuple("STARE")
    assert "8S1" not in hand(state, 0) and "JK" not in hand(state, 0)


def test_several_cards_laid_off_at_once_are_judged_on_the_result():
    # RAIN (7S1 2S1 JS1 3D1) and 9s laid; next turn 7C1 (E) alone makes RAINE, no word; with 2C1 (D)
    # after it, RAINED.
    mine = ["9S1", "9D1", "9H1", "7S1", "2S1", "JS1", "3D1", "7C1", "2C1", "5H1"]
    state = second_turn(mine, [("group", ["9S1", "9D1", "9H1"]), ("word", ["7S1", "2S1", "JS1", "3D1"])], "5H1", "4C1")
    state.apply("extend meld/0/1")
    if "add 7C1" in legal(state):
        state.apply("add 7C1")
        assert "commit" not in legal(state)  # RAINE
    else:  # the procedure may refuse the E outright; then the D cannot follow it either
        refused(state, "add 7C1")
        return
    state.apply("add 2C1")
    state.apply("commit")
    assert public(state)["melds"]["meld/0/1"]["stands"] == tuple("RAINED")
    assert sorted(hand(state, 0)) == ["3H1", "4C1"]


def test_laying_off_the_last_cards_after_the_contract_goes_down_at_once():
    # Seat 0 lays 3S1 3S2 3C1 and RAIN, discards 5H1, keeps 3H1 (the up-card), 7C1 and 2C1, takes
    # 3D2. It lays off both 3s on its group, then 7C1 and 2C1 on RAIN: no card left, down.
    # Seat 0: 10 + 3s (5 x 1) + RAINED 7S1 2S1 JS1 3D1 7C1 2C1 (3+1+5+1+3+1) = 29; the others ten
    # fillers each, -10.
    mine = ["3S1", "3S2", "3C1", "7S1", "2S1", "JS1", "3D1", "7C1", "2C1", "5H1"]
    state = second_turn(mine, [("group", ["3S1", "3S2", "3C1"]), ("word", ["7S1", "2S1", "JS1", "3D1"])], "5H1", "3D2")
    state.apply("extend meld/0/0")
    for text in ("add 3H1", "add 3D2", "commit", "extend meld/0/1", "add 7C1", "add 2C1"):
        state.apply(text)
    assert not state.deal_results
    state.apply("commit")
    assert state.deal_results[0].scores == (29, -10, -10)


@pytest.mark.parametrize("hand_no", range(1, 8))
def test_each_hand_deals_its_cards_and_offers_only_the_kinds_of_its_contract(hand_no):
    state = first_turn([], hand_no=hand_no)
    contract = {
        1: "group word",
        2: "run word",
        3: "group run word",
        4: "word",
        5: "group word",
        6: "run word",
        7: "word",
    }[hand_no].split()
    assert public(state)["hand_no"] == hand_no
    assert len(hand(state, 0)) == CARDS_DEALT[hand_no] + 1
    assert sorted(t.split()[1] for t in legal(state) if t.startswith("meld ")) == contract
    assert not [t for t in legal(state) if t.startswith(("extend", "swap"))]


def test_the_rest_of_the_contract_may_be_melded_on_a_later_turn():
    # Seat 0 lays only its group (9S1 9D1 9H1) on its first turn, RAIN on the next.
    mine = ["9S1", "9D1", "9H1", "7S1", "2S1", "JS1", "3D1", "7C1", "2C1", "5H1"]
    state = second_turn(mine, [("group", ["9S1", "9D1", "9H1"])], "5H1", "4C1")
    assert public(state)["laid"][0] == {"group": 1, "run": 0, "word": 0}
    assert public(state)["first_meld_turn"][0]  # the first meld came before this turn
    build(state, "word", ["7S1", "2S1", "JS1", "3D1"]).apply("commit")
    assert zone(state, "meld/0/1") == ["7S1", "2S1", "JS1", "3D1"]
    assert sorted(hand(state, 0)) == ["2C1", "3H1", "4C1", "7C1"]


# ----------------------------------------------------------------- what others know
def test_cards_taken_or_bought_from_the_discard_are_known_until_played_and_a_buyers_extra_card_is_not():
    record = load(HANDS_1_AND_2)
    state = at(record, 0, 0, "meld group")
    assert state.view(1).known == {"hand/0": ("7H1",)}
    state = at(record, 0, 0, "meld word")  # 7H1 is in the group now
    assert "hand/0" not in state.view(1).known
    state = at(record, 0, 1, "meld group")  # seat 2 bought 2C1 (and drew 3H1, unseen)
    assert state.view(0).known == {"hand/2": ("2C1",)}
    assert state.view(1).known == {"hand/2": ("2C1",)}


def test_sale_answers_stay_secret_until_everyone_has_answered():
    state = at(load(HANDS_1_AND_2), 0, 0, "pass")  # seat 2 has said buy; seat 0 is asked
    assert public(state)["sale"]["answered"] == (2,)  # that seat 2 answered is public, not how
    for seat in (0, 1, None):
        sale = state.view(seat).public["sale"]
        assert sale["for_sale"] == "2C1" and sale["seller"] == 1
        assert "buy" not in [v for k, v in sale.items() if k != "kind"]
    assert state.view(2).public["sale"]["mine"] == "buy"


def test_a_meld_being_built_shows_the_others_its_size_but_no_card():
    # docs/tryce.md: build/<s> is seen by s only; the others see how many cards lie there, face
    # down, and a card known to be held (7H1, taken from the discard) stays known; a cancelled
    # meld reveals no card.
    state = at(load(HANDS_1_AND_2), 0, 0, "meld group")  # seat 0 holds 11 cards, 7H1 known
    state.apply("meld group")
    moves = state.apply("add 7S1") + state.apply("add 7H1")
    assert zone(state, "build/0", 0) == ["7S1", "7H1"]
    for seat in (1, 2, None):
        view = state.view(seat)
        assert view.zones["build/0"] == (None, None) and len(view.zones["hand/0"]) == 9
        assert sorted(c for z, cards in view.known.items() if z.endswith("/0") for c in cards) == ["7H1"]
        assert [e.data.get("card") for e in rules.events_for(moves, seat)] == [None, None]
    state.apply("cancel")
    for seat in (1, 2, None):
        assert dict(state.view(seat).known) == {"hand/0": ("7H1",)}
        assert state.view(seat).zones["hand/0"] == (None,) * 11


def test_staged_melds_and_a_jokers_vowel_stay_hidden_from_the_others_in_a_pat_hand():
    record = load(PAT_4)
    state = at(record, 0, 0, "add KD1")  # TEN staged; N, a joker as O, T being built
    hidden = ["JH1", "6D1", "5D1", "8C1", "AS1", "KD1", "6S1", "8D1", "4H1", "9D1"]  # 7C1 was taken: known
    assert state.view(0).public["staged"] and state.view(0).public["building"]["named"] == (None, "O", None)
    for seat in (1, 2, None):
        view = state.view(seat)
        text = json.dumps(view.to_json())
        assert [c for c in hidden if f'"{c}"' in text] == []
        assert view.public["staged"] is None and view.public["building"] is None
        assert dict(view.known) == {"hand/0": ("7C1",)}


# ----------------------------------------------------------------- the first dealer
@pytest.mark.parametrize(
    ("draws", "dealer"),
    [
        (["draw 0:KH2 1:JK 2:AS1"], 1),  # Joker > A > K
        (["draw 0:AS1 1:KH2 2:2C1"], 0),
        (["draw 0:KH2 1:KD1 2:5S1", "draw 0:2S1 1:3S1"], 1),  # a tie: the tied redraw, the others do not
    ],
)
def test_the_first_dealer_is_the_highest_card_of_a_draw(draws, dealer):
    hands = [FILLERS[0:10], FILLERS[10:20], FILLERS[20:30]]
    deal = tryce_deal(hands, [[None, d] for d in draws], "9S1", dealer=dealer)
    state = rules.replay(tryce_record([deal]))
    assert state.dealer == dealer and state.current_player == (dealer + 1) % 3
    wrong = tryce_deal(hands, [[None, d] for d in draws], "9S1", dealer=(dealer + 1) % 3)
    with pytest.raises(rules.RulesError):
        rules.replay(tryce_record([wrong]))


# ----------------------------------------------------------------- sales on an empty stock
def drained(left: int) -> rules.State:
    """Hand 1 with fillers dealt (the up-card a joker), every turn a sale nobody buys, until the
    stock holds ``left`` cards."""
    state = play([FILLERS[0:10], FILLERS[10:20], FILLERS[20:30]], [], "JK")
    while len(stock(state)) > left:
        sell_and_discard_the_draw(state)
    return state


def test_a_buyers_extra_card_from_an_empty_stock_rebuilds_it_from_the_pile_under_the_sold_card():
    state = drained(0)
    seller, buyer, other = state.current_player, (state.current_player + 1) % 3, (state.current_player + 2) % 3
    pile = zone(state, "discard")
    assert len(pile) == 78
    before = {s: Counter(hand(state, s)) for s in range(3)}
    state.apply("sell")
    state.apply("buy")
    state.apply("pass")
    # the buyer took pile[0]; its extra card needed a stock: the pile but its new top, pile[1]
    assert public(state)["rebuilds"] == 1
    assert zone(state, "discard") == [pile[1]]
    assert len(stock(state)) == 76 - 2  # the buyer's extra card and the seller's draw
    bought = Counter(hand(state, buyer)) - before[buyer]
    assert bought[pile[0]] == 1 and sum(bought.values()) == 2
    assert sum((Counter(hand(state, seller)) - before[seller]).values()) == 1
    assert Counter(hand(state, other)) == before[other]
    assert state.current_player == seller and public(state)["phase"] == "meld"


def test_a_buyers_draw_that_needs_more_cards_than_the_stock_holds_rebuilds_it_first():
    state = drained(1)  # 76 turns: the up-card and 76 discards in the pile
    seller = state.current_player
    pile = zone(state, "discard")
    assert len(pile) == 77
    before = {s: Counter(hand(state, s)) for s in range(3)}
    state.apply("sell")
    state.apply("buy")
    state.apply("buy")  # two buyers need two cards: the stock (one card) is rebuilt first
    assert public(state)["rebuilds"] == 1
    winners = [s for s in range(3) if s != seller and (Counter(hand(state, s)) - before[s])[pile[0]]]
    assert len(winners) == 1
    (winner,) = winners
    assert sum((Counter(hand(state, winner)) - before[winner]).values()) == 2
    assert sum((Counter(hand(state, seller)) - before[seller]).values()) == 1
    assert [s for s in range(3) if s not in (seller, winner) and Counter(hand(state, s)) != before[s]] == []
    # the stock: its last card and the 76 under the card for sale, less the winner's extra card
    # and the seller's draw; the sold card has left the pile
    assert len(stock(state)) == 1 + 76 - 2 and zone(state, "discard") == []
    assert state.current_player == seller


# ----------------------------------------------------------------- lay-offs at the start
def test_cards_laid_off_at_the_start_of_a_word_keep_the_order_they_were_added_in():
    # docs/tryce.md [decision]: `add S start`, `add P start` on LATE reads SPLATE. Here RAIN
    # (7S1 2S1 JS1 3D1) takes 6S1 (S) then QS1 (T) at its start: STRAIN.
    mine = ["9S1", "9D1", "9H1", "7S1", "2S1", "JS1", "3D1", "6S1", "QS1", "5H1"]
    state = second_turn(mine, [("group", ["9S1", "9D1", "9H1"]), ("word", ["7S1", "2S1", "JS1", "3D1"])], "5H1", "4C1")
    state.apply("extend meld/0/1")
    state.apply("add 6S1 start")
    state.apply("add QS1 start")
    state.apply("commit")
    assert zone(state, "meld/0/1") == ["6S1", "QS1", "7S1", "2S1", "JS1", "3D1"]
    assert public(state)["melds"]["meld/0/1"]["stands"] == tuple("STRAIN")


def test_a_run_extends_at_either_end_and_its_joker_is_swapped_to_an_end():
    # Hand 2 (1 run, 1 word). Seat 0 lays 5H1 JK 7H1 8H1 (the joker a 6); next turn it lays off
    # 4H2 at the start and swaps 6H1 for the joker, which goes to the end as a 9.
    mine = ["5H1", "JK", "7H1", "8H1", "4H2", "6H1", "9S1", "9D1", "9C1", "2C2"]
    rest = [c for c in FILLERS if c not in mine and c not in ("3H1", "5C2")]
    hands = [mine, rest[:10], rest[10:19] + ["5C2"]]
    actions = [
        [0, "take"],
        [0, "meld run"],
        [0, "add 5H1"],
        [0, "add JK"],
        [0, "add 7H1"],
        [0, "add 8H1"],
        [0, "commit"],
        [0, "discard 2C2"],
        [1, "take"],
        [1, f"discard {rest[0]}"],
        [2, "take"],
        [2, "discard 5C2"],
        [0, "take"],
    ]
    state = rules.replay(tryce_record([tryce_deal(hands, actions, "3H1", hand=2)], hand=2))
    assert zone(state, "meld/0/0") == ["5H1", "JK", "7H1", "8H1"]
    assert public(state)["melds"]["meld/0/0"]["stands"] == ("5", "6", "7", "8")  # the joker is the 6
    state.apply("extend meld/0/0")
    state.apply("add 4H2 start")
    state.apply("commit")
    state.apply("swap 6H1 meld/0/0 2 end")
    assert zone(state, "meld/0/0") == ["4H2", "5H1", "6H1", "7H1", "8H1", "JK"]
    assert public(state)["melds"]["meld/0/0"]["stands"] == ("4", "5", "6", "7", "8", "9")
    refused(state, "swap 9S1 meld/0/0 5 end")  # a 9 of another suit is not what the joker stands for


def test_a_swap_that_empties_the_hand_after_the_contract_goes_down():
    # Hand 1. Seat 0 sells the up-card 3H1 (nobody buys), draws 2C2, lays 9S1 9D1 JK and STRAIN
    # (6S1 QS1 7S1 2S1 JS1 3D1), discards 2C2 and keeps 9H1. Next turn it takes 9C1, lays it off
    # on the 9s and swaps 9H1 for the joker (to the end): no card left, down.
    # Seat 0: 10 + 9s 9S1 9D1 9C1 9H1 JK (3+3+3+3+10) + STRAIN (3+5+3+1+5+1) = 10 + 22 + 18 = 50;
    # seats 1 and 2 ten fillers each, -10.
    mine = ["9S1", "9D1", "JK", "6S1", "QS1", "7S1", "2S1", "JS1", "3D1", "9H1"]
    rest = [c for c in FILLERS if c not in mine and c not in ("3H1", "2C2")]
    hands = [mine, rest[:10], rest[10:19] + ["9C1"]]
    actions = [
        [0, "sell"],
        [1, "pass"],
        [2, "pass"],
        *(
            [0, t]
            for t in (
                "meld group",
                "add 9S1",
                "add 9D1",
                "add JK",
                "commit",
                "meld word",
                "add 6S1",
                "add QS1",
                "add 7S1",
                "add 2S1",
                "add JS1",
                "add 3D1",
                "commit",
                "discard 2C2",
            )
        ),
        [1, "take"],
        [1, f"discard {rest[0]}"],
        [2, "take"],
        [2, "discard 9C1"],
        [0, "take"],
        [0, "extend meld/0/0"],
        [0, "add 9C1"],
        [0, "commit"],
    ]
    state = play(hands, actions, "3H1", ["2C2"])
    assert hand(state, 0) == ["9H1"] and not state.deal_results
    state.apply("swap 9H1 meld/0/0 2 end")
    assert state.deal_results[0].scores == (50, -10, -10)


@pytest.mark.parametrize("last_answers", [("buy", "pass"), ("buy", "buy")])
def test_a_stock_that_cannot_be_rebuilt_stalls_the_hand_at_once(last_answers):
    # Every turn the seller's left neighbour buys the top discard: the pile stays one card deep
    # and the stock loses two cards a turn. After 38 sales one stock card is left; the 39th
    # buyer takes the only discard and the last stock card, and the seller's draw finds no stock
    # and no card under the top discard to rebuild from: the hand stalls, never rebuilt. No one
    # went down: each seat scores minus its hand. With two buyers at the end, their draw needs
    # two cards and the stock cannot be rebuilt: the earliest buyer in turn order wins.
    state = play([FILLERS[0:10], FILLERS[10:20], FILLERS[20:30]], [], "JK")
    for _turn in range(38):
        seat = state.current_player
        for answer in ("sell", "buy", "pass"):
            state.apply(answer)
        state.apply(f"discard {hand(state, seat)[0]}")
    assert len(stock(state)) == 1 and len(zone(state, "discard")) == 1 and not state.deal_results
    seller = state.current_player
    buyer = (seller + 1) % 3
    expected = [-sum(value(c) for c in hand(state, s)) for s in range(3)]
    expected[buyer] -= value(zone(state, "discard")[0]) + value(stock(state)[0])
    for answer in ("sell", *last_answers):
        state.apply(answer)
    assert state.deal_results[0].scores == tuple(expected)
    assert public(state)["hand_no"] == 2  # the next hand has begun
    assert [a for a in state.to_record()["deals"][0]["actions"] if a[0] is None and a[1].startswith("rebuild")] == []
