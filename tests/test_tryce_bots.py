"""Tryce's meld finder (rules/games/tryce/finder.py) and bots (rules/games/tryce/bots.py).

Hands are written as card texts; the letters are the fixed table of tryce.toml (e.g. 8H1 is C,
2S1 A, 4S1 R, QS1 T: CART)."""

from __future__ import annotations

import random

import pytest

from rules.games.tryce import tables
from rules.games.tryce.finder import (
    GROUP,
    RUN,
    WORD,
    Contract,
    Finder,
    Option,
    WordIndex,
    fits,
    pack,
    take,
    tryce_rules,
)
from rules.melds import END, REPLACE, START, Meld, check

DECK = tables.deck()


@pytest.fixture(scope="module")
def finder() -> Finder:
    return Finder()


def cards(*texts: str) -> list[int]:
    return DECK.parse_many(texts)


def texts(option: Option) -> list[str]:
    return [DECK.text(c) for c in option.cards]


def spelt(finder: Finder, option: Option) -> str:
    return "".join(v or finder.deck.letter[c] for c, v in zip(option.cards, option.named, strict=True))


def valid(finder: Finder, option: Option, short: bool = False) -> bool:
    rules = finder.short_rules if short else finder.rules
    return check(option.kind, finder.deck, option.cards, rules, option.named) is not None


def test_the_letters_the_hands_here_are_written_with():
    assert "".join(tables.meld_deck().letter[c] for c in cards("8H1", "2S1", "4S1", "QS1")) == "CART"


# ------------------------------------------------------------------ word index
def test_packed_letter_counts_fit_and_take():
    have, _ = pack("CRTAE")
    assert fits(have, pack("CART")[0], 0) == 0
    assert fits(have, pack("CARTS")[0], 0) == -1  # no S
    crt, _ = pack("CRT")
    assert fits(crt, pack("ACRT")[0], 0) == -1
    assert fits(crt, pack("ACRT")[0], 1) == 1  # a joker as the A
    assert fits(crt, pack("AACRT")[0], 1) == -1  # two As, one joker
    assert fits(pack("CT")[0], pack("ACRT")[0], 2) == -1  # a joker is never a consonant
    assert take(crt, pack("ACRT")[0]) == 0
    assert take(have, pack("CART")[0]) == pack("E")[0]


def test_anagram_index_finds_words_longest_first_and_short_words_only_when_asked():
    index = WordIndex(["cart", "carts", "scart", "trace", "crate", "react"], ["cat", "tea"])
    keys = [index.keys[i] for i in index.spellable("ACRTS")]
    assert keys == ["ACRST", "ACRT"]
    assert set(index.spellings[index.keys.index("ACERT")]) == {"trace", "crate", "react"}
    assert [index.keys[i] for i in index.spellable("CRTE", jokers=1)] == ["ACERT", "ACRT"]
    assert [index.keys[i] for i in index.spellable("CAT")] == []
    assert [index.keys[i] for i in index.spellable("CAT", short=True)] == ["ACT"]


def test_the_dictionary_index_spells_real_words(finder):
    found = finder.words(cards("8H1", "2S1", "4S1", "QS1", "6S1"))  # C A R T S
    spellings = {spelt(finder, o) for o in found}
    assert "CARTS" in spellings or any(len(s) == 5 for s in spellings)
    assert all(valid(finder, o) for o in found)
    assert max(len(o) for o in found) == 5
    with_joker = finder.words(cards("8H1", "4S1", "QS1", "JK"))  # C R T + a joker
    assert any(spelt(finder, o) == "CART" and o.named[1] == "A" for o in with_joker)
    assert all(valid(finder, o) for o in with_joker)


# ------------------------------------------------------------- groups and runs
def test_groups_take_both_copies_and_jokers(finder):
    found = finder.groups(cards("5S1", "5S2", "5H1", "9C1"))
    assert [sorted(texts(o)) for o in found] == [["5H1", "5S1", "5S2"]]
    padded = finder.groups(cards("KD1", "KD2", "JK", "2C1"))
    assert [sorted(texts(o)) for o in padded] == [["JK", "KD1", "KD2"]]
    assert all(valid(finder, o) for o in found + padded)
    four = finder.groups(cards("7S1", "7H1", "7D1", "7C1"))
    assert len(four[0]) == 4 and len(four) == 1 + 4  # all four, and each three of them
    assert finder.groups(cards("5S1", "5S2", "9C1")) == []


def test_runs_ace_high_or_low_and_jokers_in_gaps(finder):
    assert [texts(o) for o in finder.runs(cards("9S1", "10S1", "JS1", "QS1"))] == [["9S1", "10S1", "JS1", "QS1"]]
    assert [texts(o) for o in finder.runs(cards("4S1", "AS1", "3S1", "2S1"))] == [["AS1", "2S1", "3S1", "4S1"]]
    assert [texts(o) for o in finder.runs(cards("AS2", "KS2", "JS2", "QS2"))] == [["JS2", "QS2", "KS2", "AS2"]]
    gap = finder.runs(cards("9S1", "JS1", "QS1", "JK"))
    assert ["9S1", "JK", "JS1", "QS1"] in [texts(o) for o in gap]
    assert finder.runs(cards("KS1", "AS1", "2S1", "3S1")) == []  # K-A-2-3 wraps
    assert finder.runs(cards("9S1", "10S1", "JH1", "QS1")) == []  # two suits
    assert all(valid(finder, o) for o in gap)


# ------------------------------------------------------------------- solver
def test_solver_completes_group_and_word(finder):
    hand = cards("5S1", "5H1", "5C2", "8H1", "2S1", "4S1", "QS1", "2H1", "3H1", "QC1")  # 5 5 5, C A R T, W B X
    plan = finder.solve(hand, Contract(groups=1, words=1))
    assert plan.parts == 2
    assert sorted(o.kind for o in plan.melds) == [GROUP, WORD]
    assert all(valid(finder, o) for o in plan.melds)
    laid = [c for o in plan.melds for c in o.cards]
    assert len(laid) == len(set(laid)) == plan.used and set(laid) <= set(hand)


def test_solver_completes_run_and_word_sharing_no_card(finder):
    # spades 9 10 J Q (M A I T) and a word of C A R T; the run's A (10S1) is not needed by the word
    hand = cards("9S1", "10S1", "JS1", "QS1", "8H1", "2D1", "4S1", "AS1", "2H1", "QC1")
    plan = finder.solve(hand, Contract(runs=1, words=1))
    assert plan.parts == 2
    assert {o.kind for o in plan.melds} == {RUN, WORD}
    laid = [c for o in plan.melds for c in o.cards]
    assert len(laid) == len(set(laid))
    assert all(valid(finder, o) for o in plan.melds)


def test_solver_prefers_more_parts_over_more_cards(finder):
    # eight spades in a row would use more cards as one run, but the contract wants a run and a word
    hand = cards("2S1", "3S1", "4S1", "5S1", "6S1", "7S1", "8S1", "9S1", "QS1", "8H1")
    plan = finder.solve(hand, Contract(runs=1, words=1))
    assert plan.parts == 2, [texts(o) for o in plan.melds]


def test_solver_pat_hand_covers_the_hand_with_one_short_word(finder):
    # C A R T, M E A T, H I S (a 3-letter word: only in a pat hand)
    hand = cards("8H1", "2S1", "4S1", "QS1", "3S1", "5S1", "8S1", "AS1", "QH1", "JS1", "6S1")
    plan = finder.solve(hand, Contract(words=3), short=1)
    assert (plan.parts, plan.used) == (3, 11)
    assert sum(1 for o in plan.melds if len(o) == 3) <= 1
    assert all(valid(finder, o, short=True) for o in plan.melds)
    no_short = finder.solve(hand, Contract(words=3), short=0)
    assert all(len(o) >= 4 for o in no_short.melds)


def test_solver_on_random_hands_gives_valid_disjoint_melds(finder):
    rng = random.Random(7)
    contracts = [(Contract(1, 0, 1), 0, 10), (Contract(0, 1, 1), 0, 10), (Contract(1, 1, 1), 0, 11),
                 (Contract(0, 0, 3), 1, 12), (Contract(1, 0, 2), 0, 11), (Contract(0, 1, 2), 0, 12),
                 (Contract(0, 0, 4), 1, 15)]
    for need, short, size in contracts:
        for _ in range(8):
            hand = rng.sample(range(DECK.size), size)
            plan = finder.solve(hand, need, short)
            laid = [c for o in plan.melds for c in o.cards]
            assert len(laid) == len(set(laid)) == plan.used and set(laid) <= set(hand)
            assert sum(1 for o in plan.melds if o.kind == GROUP) <= need.groups
            assert sum(1 for o in plan.melds if o.kind == RUN) <= need.runs
            assert sum(1 for o in plan.melds if o.kind == WORD) <= need.words
            assert sum(1 for o in plan.melds if o.kind == WORD and len(o) == 3) <= short
            assert all(valid(finder, o, short=bool(short)) for o in plan.melds)
            assert plan.parts == len(plan.melds)


# ------------------------------------------------------------------- lay-offs
def meld(finder: Finder, kind: str, texts_: list[str], named: tuple[str | None, ...] = ()) -> Meld:
    found = check(kind, finder.deck, cards(*texts_), tryce_rules(), named)
    assert found is not None
    return found


def test_lay_offs_extend_runs_groups_and_words(finder):
    table = {
        "meld/1/0": meld(finder, RUN, ["9S1", "10S1", "JS1", "QS1"]),
        "meld/2/0": meld(finder, GROUP, ["5S1", "5H1", "5C2"]),
        "meld/3/0": meld(finder, WORD, ["8H1", "2S1", "4S1", "AS1"]),  # C A R T
    }
    hand = cards("KS1", "8S2", "5D1", "6S1", "2C1", "QC1")  # K of spades, 8 of spades, a 5, S, D, X
    found = {(o.zone, tuple(DECK.text(c) for c in o.cards), o.how.where) for o in finder.lay_offs(hand, table)}
    assert ("meld/1/0", ("KS1",), END) in found
    assert ("meld/1/0", ("8S2",), START) in found
    assert ("meld/2/0", ("5D1",), END) in found
    assert ("meld/3/0", ("6S1",), END) in found  # CARTS
    assert not any(z == "meld/3/0" and c == ("QC1",) for z, c, _ in found)


def test_lay_offs_two_letters_on_a_word_and_joker_replacement(finder):
    cart = meld(finder, WORD, ["8H1", "2S1", "4S1", "AS1"])
    found = finder.lay_offs(cards("6D1", "2C1"), {"meld/0/0": cart})  # E, D: CARTED
    assert any(o.how.where == END and [DECK.text(c) for c in o.cards] == ["6D1", "2C1"] for o in found)
    jokered = meld(finder, WORD, ["4S1", "JK", "6S1", "5S1"], (None, "O", None, None))  # R O S E
    swaps = finder.replacements(cards("4H1", "2D1", "3H1"), {"meld/0/1": jokered})  # 4H1 is an O
    assert swaps and all(o.how.where == REPLACE and o.how.index == 1 for o in swaps)
    assert {DECK.text(o.cards[0]) for o in swaps} == {"4H1"}
    assert any(o.how.joker_end == START and o.how.vowel == "A" for o in swaps)  # the joker again: AROSE
