"""Tryce says why it refuses a move, in the game's words (issue 21, item 3): the word that is not
in the list, the card that breaks a run, the rank a group lacks, what the contract still needs.
One ``why_not`` gives the reason the table shows, ``IllegalAction`` carries and ``cardtable-sim``
prints. Positions are hands of Tryce dealt as ``test_scenarios_tryce.position`` deals them
(seat 0 first); letters from tryce.toml: 3H1 B, 5S1 E, 6D1 E, 10C1 P, KD1 E."""

from __future__ import annotations

import pytest
from test_scenarios_tryce import position

import rules
from rules.bots import make_bot
from rules.games.tryce import refusals

BEEP = ["3H1", "5S1", "6D1", "10C1"]
ROUND = [(1, "take"), (1, "discard QC1"), (2, "take"), (2, "discard QC1"), (0, "take")]  # back to seat 0
FILLER = ["QH1", "9H1", "KS2", "2H1", "6H1", "JS1", "AD1", "2D1", "3D1"]


def says(state: rules.State, text: str, reason: str) -> None:
    """``text`` is refused with exactly ``reason``, by ``why_not`` and by ``apply`` alike; nothing changes."""
    before = state.to_record()
    assert state.why_not(text) == reason
    with pytest.raises(rules.IllegalAction) as refusal:
        state.apply(text)
    assert str(refusal.value) == reason
    assert state.to_record() == before


def laid(hand_no: int, meld: str, cards: list[str], hand: list[str]) -> rules.State:
    """Hand ``hand_no``: seat 0 takes the up-card, lays ``cards`` as a ``meld``, discards the QC1;
    the others take and discard; seat 0 has taken again (it may lay off now)."""
    moves = [
        (0, "take"),
        (0, f"meld {meld}"),
        *((0, f"add {c}") for c in cards),
        (0, "commit"),
        (0, "discard QC1"),
        *ROUND,
    ]
    return position(hand_no, {0: cards + hand, 1: [], 2: []}, up="QC1", moves=moves)


def building(hand_no: int, kind: str, cards: list[str], held: list[str] = ()) -> rules.State:
    """Hand ``hand_no``: seat 0 has taken the up-card and added ``cards`` to a new ``kind`` (and holds ``held``)."""
    hand = cards + list(held) + [c for c in FILLER if c not in cards]
    state = position(
        hand_no,
        {0: hand[: 10 if hand_no < 3 else 11], 1: [], 2: []},
        up="10D1",
        moves=[(0, "take"), (0, f"meld {kind}")],
    )
    for card in cards:
        state.apply(f"add {card}")
    return state


def test_an_e_laid_on_beep_says_beepe_is_not_a_word():
    state = laid(1, "word", BEEP, ["7H1", "7S1", "7D1", "KD1", "9C2", "KS2"])
    state.apply("extend meld/0/0")
    state.apply("add KD1")
    says(state, "commit", "BEEPE is not a word in the list.")
    assert state.why_not(None, "build/0", None) == "BEEPE is not a word in the list."  # as the table asks it
    state.apply("cancel")  # dropped on the table at the end of BEEP, as the table asks it
    assert state.why_not(state.deck.parse("KD1"), "hand/0", "meld/0/0") == "BEEPE is not a word in the list."


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        (["4C1", "5C1", "7C1", "8C1"], "The 7 of Clubs breaks the run: after the 5 of Clubs comes the 6 of Clubs."),
        (["8C1", "7C1", "5C1", "4C1"], "The 7 of Clubs breaks the run: after the 5 of Clubs comes the 6 of Clubs."),
        (["4C1", "7C1", "8C1", "9C1"], "The 4 of Clubs breaks the run: before the 7 of Clubs comes the 6 of Clubs."),
        (["4C1", "5C1", "6C1", "9C1"], "The 9 of Clubs breaks the run: after the 6 of Clubs comes the 7 of Clubs."),
        (["KC1", "AC1", "2C1", "3C1"], "The K of Clubs breaks the run: after the 3 of Clubs comes the 4 of Clubs."),
        (
            ["4C1", "5C1", "JK", "9C1"],
            "The 9 of Clubs breaks the run: after the 5 of Clubs come the 6, 7 and 8 of "
            "Clubs, and one joker cannot stand for all three.",
        ),
        (["4C1", "5C1", "6C1"], "A run needs at least 4 cards: these are 3."),
    ],
)
def test_a_run_says_which_card_breaks_it(cards, reason):
    says(building(2, "run", cards), "commit", reason)


def test_a_run_or_group_refuses_a_card_of_another_suit_or_rank_by_name():
    run = building(2, "run", ["4C1", "5C1", "6C1"], held=["7H2", "5C2"])
    says(run, "add 7H2", "A run is all of one suit: the 7 of Hearts is not one of the Clubs.")
    says(run, "add 5C2", "This run has the 5 of Clubs already: a run holds each rank once.")
    assert run.why_not(run.deck.parse("7H2"), "hand/0", "build/0") == (
        "A run is all of one suit: the 7 of Hearts is not one of the Clubs."
    )  # the same words for a drop
    group = building(1, "group", ["7H1", "7S1"], held=["9C2"])
    says(group, "add 9C2", "A group is all of one rank: the 9 of Clubs is not a 7.")
    says(group, "commit", "A group needs at least 3 cards: these are 2.")


def test_a_word_says_its_spelling_and_a_jokers_vowel():
    word = building(1, "word", ["3D1", "9C1", "2C1", "3C1"])
    says(word, "commit", "NCDF is not a word in the list.")
    short = building(1, "word", ["3D1", "4H1", "QS1"])
    says(short, "commit", "A word needs at least 4 letters: these are 3.")
    joker = building(1, "word", ["3D1"], held=["JK"])
    says(joker, "add JK T", "A joker in a word stands for a vowel (A, E, I, O, U): T is not one.")
    says(joker, "add JK", "A joker in a word stands for a vowel (A, E, I, O, U): name the one it is.")


def test_a_lay_off_says_which_end_the_card_needs():
    state = laid(2, "run", ["4C1", "5C1", "7C1", "6C1"], ["9C1", "8C1", "3C1", "AC1", "KS2", "QH1"])
    cases = [
        (["add 9C1"], "The 9 of Clubs does not fit after the 7 of Clubs: the next card is the 8 of Clubs."),
        (
            ["add 8C1 start"],
            "The 8 of Clubs does not fit before the 4 of Clubs: the card before it is the 3 of "
            "Clubs (it fits at the end).",
        ),
        (
            ["add 3C1"],
            "The 3 of Clubs does not fit after the 7 of Clubs: the next card is the 8 of Clubs (it fits at the start).",
        ),
    ]
    for steps, reason in cases:
        state.apply("extend meld/0/0")
        for step in steps:
            state.apply(step)
        says(state, "commit", reason)
        state.apply("cancel")
    assert state.why_not(state.deck.parse("KS2"), "hand/0", "meld/0/0") == (
        "A run is all of one suit: the K of Spades is not one of the Clubs."
    )


def test_the_contract_says_what_it_asks_and_what_is_still_missing():
    state = building(1, "word", [])
    state.apply("cancel")
    says(state, "meld run", "Your contract has no run: hand 1 asks for a group and a word.")
    says(
        state,
        "extend meld/9/9",
        "You may lay off only after your first meld: your contract still needs a group and a word.",
    )
    first = laid(1, "word", BEEP, ["7H1", "7S1", "7D1", "KD1", "9C2", "KS2"])
    says(first, "meld word", "Your contract has no room for another word: hand 1 asks for a group and a word.")


def test_the_draw_comes_first():
    state = position(1, {0: FILLER[:10], 1: [], 2: []}, up="10D1")
    says(
        state,
        "discard QH1",
        "You must draw before you discard: take the top discard, or sell it and draw from the stock.",
    )
    assert state.why_not(state.deck.parse("QH1"), "hand/0", "discard") == (
        "You must draw before you discard: take the top discard, or sell it and draw from the stock."
    )
    says(state, "draw", "Draw from the stock only when the discard pile is empty: take the top discard or sell it.")
    says(state, "buy", "Nothing is for sale now.")
    state.apply("take")
    assert state.why_not(state.deck.parse("QH1"), "hand/0", "stock") == (
        "You have drawn: meld, lay off, or discard one card onto the discard pile."
    )


def test_a_pat_hand_goes_down_with_every_card_at_once():
    """Hand 4 (three words, pat): NOTE and CART staged, TON would complete it with the E left over."""
    note, cart, ton = ["3D1", "4H1", "QS1", "5S1"], ["8H1", "2S1", "4S1", "AS1"], ["JH1", "6H1", "5D1"]
    moves = [(0, "take")]
    for word in (note, cart):
        moves += [(0, "meld word"), *((0, f"add {c}") for c in word), (0, "commit")]
    moves += [(0, "meld word"), *((0, f"add {c}") for c in ton)]
    state = position(4, {0: note + cart + ton, 1: [], 2: []}, up="6D1", moves=moves)
    says(
        state,
        "commit",
        "In a pat hand you go down with every card at once: this word completes the contract, "
        "but a card would stay in your hand.",
    )
    state.apply("cancel")
    says(state, "discard 6D1", "Your staged melds must go down all at once: take them back to discard.")


def test_a_card_not_in_your_hand_names_only_that_card():
    """A reason speaks of the mover's own cards: a card held by another seat is just "not in your hand"."""
    state = building(2, "run", ["4C1"])
    elsewhere = next(t for t in state.deck.texts(state.zones["hand/1"]) if t != "JK")
    nowhere = next(t for t in state.deck.texts(state.zones["stock"]) if t != "JK")
    for text in (elsewhere, nowhere):  # the same words wherever the card is
        name = state.deck.faces[state.deck.parse(text)].name
        assert state.why_not(f"add {text}") == f"The {name} is not in your hand."


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_hint_that_takes_a_meld_back_says_why_in_the_same_words(level):
    """A run laid out by hand that cannot go down: the hint's reason for "cancel" is the engine's."""
    state = building(2, "run", ["4C1", "5C1", "7C1", "8C1"])
    advice = make_bot("tryce", level, 0, seed=0).advise(state.view(0))
    assert advice.action == "cancel"
    assert advice.reason == state.why_not("commit")
    assert advice.reason == "The 7 of Clubs breaks the run: after the 5 of Clubs comes the 6 of Clubs."
    assert refusals.build_refused(state.view(1)) is None  # another seat's build is not its business
