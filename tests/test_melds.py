"""Melds (rules/melds.py) as RULES.md section 2 settles them: groups, runs, words, jokers, lay-offs.

The cards are a small hand-made table: ``card("QH")`` is a natural card (rank, suit, and the
letter after a colon, ``"QH:E"``), ``card("JK")`` a joker. Each call makes a new card, so the
two decks' duplicates are just two calls. The word check is a tiny set of lower-case words.
"""

from __future__ import annotations

import pytest

import rules
from rules.melds import (
    ACE_LOW,
    END,
    GROUP,
    REPLACE,
    RUN,
    START,
    WORD,
    Building,
    LayOff,
    Meld,
    MeldDeck,
    MeldRules,
    check,
    check_group,
    check_run,
    check_word,
    lay_off,
    lay_offs,
    meld_owner,
    meld_zone,
    melds_of,
    next_meld_zone,
    open_meld_zone,
    run_choices,
)

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
WORDS = {"bead", "beads", "rained", "read", "rose", "arose", "dare", "cat", "rain", "train", "bear"}


class Table:
    """Cards made on demand into a :class:`MeldDeck`."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, int, str, bool]] = []

    def card(self, text: str) -> int:
        name, _, letter = text.partition(":")
        if name == "JK":
            self.rows.append((-1, -1, "", True))
        else:
            self.rows.append((RANKS.index(name[:-1]), SUITS.index(name[-1]), letter.upper(), False))
        return len(self.rows) - 1

    def cards(self, texts: str) -> list[int]:
        return [self.card(t) for t in texts.split()]

    @property
    def deck(self) -> MeldDeck:
        value, suit, letter, wild = zip(*self.rows, strict=True)
        return MeldDeck(value, suit, letter, wild, top=len(RANKS) - 1)


RULES = MeldRules(is_word=WORDS.__contains__)


def meld(kind: str, texts: str, named: tuple = (), rules: MeldRules = RULES) -> tuple[Table, Meld | None]:
    table = Table()
    cards = table.cards(texts)
    return table, check(kind, table.deck, cards, rules, named)


def ranks(table: Table, m: Meld) -> list[str]:
    """The run as rank names, Ace low or high as it stands."""
    return ["A" if v == ACE_LOW else RANKS[v] for v in m.stands]


# ---------------------------------------------------------------------- groups
def test_a_group_is_three_or_more_of_one_rank_suits_irrelevant():
    assert meld(GROUP, "QH QS QD")[1] is not None
    assert meld(GROUP, "QH QS")[1] is None
    assert meld(GROUP, "QH QS KD")[1] is None


def test_a_group_may_hold_both_decks_duplicates():
    _, group = meld(GROUP, "QH QH QS")
    assert group is not None and len(group.cards) == 3


def test_a_joker_in_a_group_stands_for_its_rank_but_a_group_of_jokers_names_none():
    _, group = meld(GROUP, "7H JK 7S")
    assert group is not None and set(group.stands) == {RANKS.index("7")}
    assert meld(GROUP, "JK JK JK")[1] is None


# ------------------------------------------------------------------------ runs
def test_a_run_is_four_or_more_of_one_suit_in_sequence_in_any_order():
    table, run = meld(RUN, "8H 6H 5H 7H")
    assert run is not None and ranks(table, run) == ["5", "6", "7", "8"]
    assert meld(RUN, "5H 6H 7H")[1] is None  # three cards
    assert meld(RUN, "5H 6H 7H 8S")[1] is None  # two suits
    assert meld(RUN, "5H 6H 7H 9H")[1] is None  # a gap
    assert meld(RUN, "5H 6H 6H 7H")[1] is None  # the duplicate 6 has no place


def test_the_ace_is_high_or_low_at_an_end_only():
    table, high = meld(RUN, "AH KH QH JH")
    assert high is not None and ranks(table, high) == ["J", "Q", "K", "A"]
    table, low = meld(RUN, "AH 2H 3H 4H")
    assert low is not None and ranks(table, low) == ["A", "2", "3", "4"]
    assert meld(RUN, "KH AH 2H 3H")[1] is None  # no wrap-around


def test_the_ace_setting_allows_it_high_only_or_low_only():
    assert meld(RUN, "AH 2H 3H 4H", rules=MeldRules(ace="high"))[1] is None
    assert meld(RUN, "AH KH QH JH", rules=MeldRules(ace="low"))[1] is None
    assert meld(RUN, "AH 2H 3H 4H", rules=MeldRules(ace="low"))[1] is not None


def test_jokers_fill_gaps_and_spare_ones_go_above_while_there_is_room():
    table, run = meld(RUN, "5H 7H 8H JK")
    assert ranks(table, run) == ["5", "6", "7", "8"] and table.deck.wild[run.cards[1]]
    table, run = meld(RUN, "5H 6H 7H JK")
    assert ranks(table, run) == ["5", "6", "7", "8"]
    table, run = meld(RUN, "QH KH AH JK")  # nothing above the Ace: the joker goes below
    assert ranks(table, run) == ["J", "Q", "K", "A"]
    table, run = meld(RUN, "AH 2H 3H JK")
    assert ranks(table, run) == ["A", "2", "3", "4"]
    assert meld(RUN, "JK JK JK JK")[1] is None  # a run names its suit by a natural card


def test_no_run_uses_the_ace_at_both_ends():
    full = " ".join(f"{r}H" for r in RANKS)  # 2..A: thirteen cards, the Ace high
    assert meld(RUN, full)[1] is not None
    assert meld(RUN, full + " JK")[1] is None  # a joker would have to be a second Ace


# ----------------------------------------------------------------------- words
def test_a_word_reads_its_letters_in_order_through_the_word_check():
    assert meld(WORD, "2S:B 3H:E 4D:A 5C:D")[1].word == "BEAD"
    assert meld(WORD, "2S:B 4D:A 3H:E 5C:D")[1] is None  # BAED: the order matters


def test_the_word_check_gets_lower_case_letters_and_may_refuse_a_name():
    seen = []
    check_word(_deck_of("2S:A 3S:N 4S:N 5S:A"), [0, 1, 2, 3], MeldRules(is_word=lambda w: seen.append(w) or False))
    assert seen == ["anna"]  # a name is simply not in the word list


def _deck_of(texts: str) -> MeldDeck:
    table = Table()
    table.cards(texts)
    return table.deck


def test_a_word_needs_four_letters_unless_the_game_allows_three():
    table = Table()
    cards = table.cards("2S:C 3H:A 4D:T")
    assert check_word(table.deck, cards, RULES) is None
    assert check_word(table.deck, cards, RULES, min_size=3).word == "CAT"  # a pat hand's one short word


def test_a_joker_in_a_word_names_a_vowel_and_only_a_vowel():
    _, word = meld(WORD, "2S:B JK 4D:A 5C:D", (None, "E", None, None))
    assert word is not None and word.word == "BEAD" and word.stands[1] == "E"
    assert meld(WORD, "2S:B JK 4D:A 5C:D", (None, "R", None, None))[1] is None  # not a vowel
    assert meld(WORD, "2S:B JK 4D:A 5C:D")[1] is None  # no vowel named


def test_kinds_are_named_hooks():
    table = Table()
    cards = table.cards("7H 7S 7D")
    assert check(GROUP, table.deck, cards, RULES) == check_group(table.deck, cards, RULES)
    assert check(RUN, table.deck, cards, RULES) is None and check_run(table.deck, cards, RULES) is None


# -------------------------------------------------------------------- lay-offs
def test_a_group_takes_any_card_of_its_rank():
    table, group = meld(GROUP, "7H 7S 7D")
    seven, eight = table.card("7H"), table.card("8H")
    assert lay_offs(table.deck, group, seven, RULES) == [LayOff(END)]
    assert lay_offs(table.deck, group, eight, RULES) == []


def test_a_run_is_extended_at_its_ends_only():
    table, run = meld(RUN, "5H 6H 7H 8H")
    deck_cards = {t: table.card(t) for t in ("4H", "9H", "10H", "4S")}
    deck = table.deck
    assert lay_offs(deck, run, deck_cards["4H"], RULES) == [LayOff(START)]
    assert lay_offs(deck, run, deck_cards["9H"], RULES) == [LayOff(END)]
    assert lay_offs(deck, run, deck_cards["10H"], RULES) == []
    assert lay_offs(deck, run, deck_cards["4S"], RULES) == []
    longer = lay_off(deck, run, [deck_cards["9H"], deck_cards["10H"]], LayOff(END), RULES)  # two at once
    assert ranks(table, longer) == ["5", "6", "7", "8", "9", "10"]


def test_an_ace_extends_a_run_low_or_high_but_never_wraps():
    table, low = meld(RUN, "2H 3H 4H 5H")
    ace = table.card("AH")
    assert lay_offs(table.deck, low, ace, RULES) == [LayOff(START)]
    table, high = meld(RUN, "JH QH KH AH")
    two = table.card("2H")
    assert lay_offs(table.deck, high, two, RULES) == []


def test_a_joker_extends_either_end_of_a_run_keeping_every_card_in_place():
    table, run = meld(RUN, "5H 6H 7H 8H")
    joker = table.card("JK")
    assert lay_offs(table.deck, run, joker, RULES) == [LayOff(START), LayOff(END)]
    table, run = meld(RUN, "5H 6H 7H JK")  # the joker is the 8
    nine = table.card("9H")
    assert lay_offs(table.deck, run, nine, RULES) == [LayOff(END)]  # never moving the joker up


def test_a_natural_card_replaces_the_joker_standing_for_it_which_is_laid_again_at_an_end():
    table, run = meld(RUN, "5H 7H 8H JK")  # the joker is the 6
    six = table.card("6H")
    options = lay_offs(table.deck, run, six, RULES)
    assert options == [LayOff(REPLACE, 1, START), LayOff(REPLACE, 1, END)]
    after = lay_off(table.deck, run, [six], LayOff(REPLACE, 1, END), RULES)
    assert ranks(table, after) == ["5", "6", "7", "8", "9"] and table.deck.wild[after.cards[-1]]
    before = lay_off(table.deck, run, [six], LayOff(REPLACE, 1, START), RULES)
    assert ranks(table, before) == ["4", "5", "6", "7", "8"] and table.deck.wild[before.cards[0]]
    seven = table.card("7S")
    assert lay_offs(table.deck, run, seven, RULES) == []  # not the card the joker stands for


def test_a_replaced_joker_at_the_ace_may_only_go_low():
    table, run = meld(RUN, "JH QH KH JK")  # the joker is the Ace
    ace = table.card("AH")
    assert lay_offs(table.deck, run, ace, RULES) == [LayOff(REPLACE, 3, START)]


def test_a_groups_joker_may_be_replaced_by_any_card_of_that_rank():
    table, group = meld(GROUP, "9H 9S JK")
    nine = table.card("9H")  # the other deck's 9H: duplicates are fine in a group
    assert LayOff(REPLACE, 2, END) in lay_offs(table.deck, group, nine, RULES)


def test_a_word_is_extended_at_either_end_when_the_result_reads_as_a_word():
    table, word = meld(WORD, "2S:B 3H:E 4D:A 5C:D")
    s, x = table.card("6S:S"), table.card("7S:X")
    assert lay_offs(table.deck, word, s, RULES) == [LayOff(END)]  # BEADS
    assert lay_offs(table.deck, word, x, RULES) == []
    table, rain = meld(WORD, "2S:R 3H:A 4D:I 5C:N")
    t = table.card("6S:T")
    assert lay_offs(table.deck, rain, t, RULES) == [LayOff(START)]  # TRAIN
    assert lay_off(table.deck, rain, [t], LayOff(START), RULES).word == "TRAIN"


def test_several_cards_laid_off_on_a_word_are_judged_on_the_result():
    table, rain = meld(WORD, "2S:R 3H:A 4D:I 5C:N")
    e, d = table.card("6S:E"), table.card("7S:D")
    assert lay_off(table.deck, rain, [e], LayOff(END), RULES) is None  # RAINE is no word
    assert lay_off(table.deck, rain, [e, d], LayOff(END), RULES).word == "RAINED"
    table, bear = meld(WORD, "2S:B 3H:E 4D:A 5C:R")
    d = table.card("6S:D")
    assert lay_off(table.deck, bear, [d], LayOff(END), RULES) is None  # BEARD: not in the list


def test_a_joker_laid_on_a_word_names_its_vowel():
    table, rose = meld(WORD, "2S:R 3H:O 4D:S 5C:E")
    joker = table.card("JK")
    assert lay_offs(table.deck, rose, joker, RULES) == [LayOff(START, vowel="A")]


def test_a_words_joker_is_replaced_by_its_letter_and_laid_again_as_a_vowel():
    table, word = meld(WORD, "2S:R JK 4D:S 5C:E", (None, "O", None, None))
    o = table.card("6S:O")
    options = lay_offs(table.deck, word, o, RULES)
    assert options == [LayOff(REPLACE, 1, START, "A")]
    after = lay_off(table.deck, word, [o], options[0], RULES)
    assert after.word == "AROSE" and table.deck.wild[after.cards[0]]
    e = table.card("7S:E")
    assert lay_offs(table.deck, word, e, RULES) == []  # the joker stands for O


# ----------------------------------------------------------- built in steps
def test_a_meld_is_built_in_steps_and_commits_only_when_valid():
    table = Table()
    b, e, a, d, joker = table.cards("2S:B 3H:E 4D:A 5C:D JK")
    building = Building(WORD).add(b).add(joker, "E").add(a)
    assert building.meld(table.deck, RULES) is None
    building = building.add(d)
    assert building.meld(table.deck, RULES).word == "BEAD"
    building = building.remove(joker)
    assert building.cards == (b, a, d) and building.named == (None, None, None)
    assert building.add(e).meld(table.deck, RULES) is None  # BADE: E came last


# ----------------------------------------------------------------- meld zones
def test_a_meld_owned_by_a_seat_is_a_zone_created_in_play():
    assert meld_zone(2, 0) == "meld/2/0" and meld_owner("meld/2/0") == 2
    assert meld_owner("hand/2") is None and meld_owner("meld/x/0") is None
    zones = ["stock", "meld/1/0", "meld/2/1", "meld/2/0", "hand/2"]
    assert melds_of(zones, 2) == ["meld/2/0", "meld/2/1"]
    assert next_meld_zone(zones, 2) == "meld/2/2" and next_meld_zone(zones, 0) == "meld/0/0"
    table = {"hand/1": [3, 4, 5]}
    assert open_meld_zone(table, 1) == "meld/1/0" and open_meld_zone(table, 1) == "meld/1/1"
    assert table["meld/1/1"] == []


def test_the_tables_come_from_a_games_deck():
    game = rules.load_game("tribello")
    deck = game.deck(game.variants[0])
    md = MeldDeck.from_deck(deck, RANKS)
    ace = deck.parse("AS")
    assert md.value[ace] == md.top == 12 and md.suit[ace] == deck.suit_of[ace] and not md.wild[ace]
    cards = [deck.parse(t) for t in ("AS", "2S", "3S", "4S")]
    assert check_run(md, cards, MeldRules()).stands == (ACE_LOW, 0, 1, 2)


@pytest.mark.parametrize("texts", ["QH QS QD QC", "QH QH QS"])
def test_groups_of_any_size_from_three(texts):
    assert meld(GROUP, texts)[1] is not None


def _run_exists(values: list[int], jokers: int, top: int) -> bool:
    """Brute force: some start places every natural (an Ace high or low) and the jokers in one run."""
    size = len(values) + jokers
    for first in range(ACE_LOW, top + 1):
        last = first + size - 1
        if last > top or (first == ACE_LOW and last == top):
            continue
        places = set(range(first, last + 1))
        taken = set()
        for v in values:
            spot = v if v in places and v not in taken else (ACE_LOW if v == top and ACE_LOW in places else None)
            if spot is None or spot in taken:
                break
            taken.add(spot)
        else:
            return True
    return False


def test_runs_agree_with_a_brute_force_search():
    import random

    rng = random.Random(8)
    for _ in range(3000):
        table = Table()
        naturals = rng.sample(RANKS, rng.randint(1, 8))
        jokers = rng.randint(0, 3)
        cards = table.cards(" ".join([f"{r}H" for r in naturals] + ["JK"] * jokers))
        rng.shuffle(cards)
        found = check_run(table.deck, cards, RULES)
        expected = len(cards) >= 4 and _run_exists([RANKS.index(r) for r in naturals], jokers, len(RANKS) - 1)
        assert (found is not None) == expected, (naturals, jokers)
        if found is not None:
            assert sorted(found.cards) == sorted(cards) and list(found.stands) == list(
                range(found.stands[0], found.stands[0] + len(cards))
            )


@pytest.mark.parametrize(
    ("texts", "spans"),
    [
        ("5H 6H 7H JK", [["5", "6", "7", "8"], ["4", "5", "6", "7"]]),  # check_run's choice first
        ("5H 6H 7H JK JK", [["5", "6", "7", "8", "9"], ["4", "5", "6", "7", "8"], ["3", "4", "5", "6", "7"]]),
        ("QH KH AH JK", [["J", "Q", "K", "A"]]),  # nothing above the Ace
        ("2H 3H 4H JK", [["2", "3", "4", "5"], ["A", "2", "3", "4"]]),  # the joker as the Ace low
        ("5H JK 7H 8H", [["5", "6", "7", "8"]]),  # the joker fills the gap: no choice
        ("5H 6H 8H 9H", []),
    ],
)
def test_run_choices_name_every_end_the_spare_jokers_may_take(texts, spans):
    table = Table()
    cards = table.cards(texts)
    runs = run_choices(table.deck, cards, RULES)
    assert [ranks(table, m) for m in runs] == spans
    for m in runs:
        assert sorted(m.cards) == sorted(cards)
    if runs:
        assert runs[0] == check_run(table.deck, cards, RULES)
