"""Tryce stage 1: the lettered deck of ``rules/games/tryce/tryce.toml`` (RULES.md section 2).

Two 52-card decks and 4 jokers; every suited card bears one letter, with RULES.md's counts, from
one fixed table in the TOML (``make_letters.py``); the two copies of a card are told apart
(``QH1``/``QH2``)."""

from __future__ import annotations

import fnmatch
import sys
from collections import Counter
from pathlib import Path

import pytest

import rules
from rules.cards import Deck, Suit
from rules.config import build_config, read_toml
from rules.games.tryce import make_letters, tables
from rules.melds import MeldDeck

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
TRYCE = ROOT / "rules" / "games" / "tryce"
# RULES.md section 2, "Letter counts over the 104 lettered cards"
RULES_COUNTS = dict(
    A=8,
    B=2,
    C=2,
    D=3,
    E=11,
    F=2,
    G=3,
    H=5,
    I=8,
    J=1,
    K=1,
    L=4,
    M=3,
    N=7,
    O=8,
    P=2,
    Q=1,
    R=6,
    S=7,
    T=9,
    U=4,
    V=1,
    W=2,
    X=1,
    Y=2,
    Z=1,
)
# RULES.md section 2, the information board: (bank, cards, groups, runs, words, points, pat)
BOARD = [
    (1, 10, 1, 0, 1, 10, False),
    (1, 10, 0, 1, 1, 10, False),
    (2, 11, 1, 1, 1, 20, False),
    (2, 11, 0, 0, 3, 20, True),
    (2, 11, 1, 0, 2, 20, False),
    (3, 12, 0, 1, 2, 30, False),
    (3, 12, 0, 0, 4, 30, True),
]


@pytest.fixture(scope="module")
def deck() -> Deck:
    return tables.deck()


def test_the_rules_file_is_valid_through_rules_config():
    path = TRYCE / "tryce.toml"
    config = build_config(path, read_toml(path), tables.CONFIG_SCHEMA)  # as rules.registry does for a game
    assert (config.id, config.name, config.players) == ("tryce", "Tryce", (3, 6, 4))
    assert [
        (h["bank"], h["cards"], h["groups"], h["runs"], h["words"], h["points"], h["pat"]) for h in config.deal["board"]
    ] == BOARD
    assert [h["hand"] for h in config.deal["board"]] == list(range(1, 8))
    assert config.default_settings("standard") == {
        "foreign_words": False,
        "perfect_cut": False,
        "stall_rebuilds": 3,
        "rebuild_keeps_top": True,
    }
    values = config.scoring["values"]
    assert (
        values["JK"],
        values["A"],
        values["K"],
        values["10"],
        values["9"],
        values["6"],
        values["5"],
        values["2"],
    ) == (10, 10, 5, 5, 3, 3, 1, 1)


def test_108_cards_two_decks_and_four_jokers(deck):
    assert deck.size == 108
    suited = [f for f in deck.faces if f.suit is not None]
    jokers = [f for f in deck.faces if f.suit is None]
    assert len(suited) == 104
    assert Counter((f.suit, f.rank) for f in suited) == {
        (s, r): 2
        for s in ("spades", "hearts", "diamonds", "clubs")
        for r in [2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K", "A"]
    }
    assert [(f.extra, f.text, f.letter, f.name) for f in jokers] == [("joker", "JK", None, "Joker")] * 4
    assert sum(MeldDeck.from_deck(deck, tables.load_config().scoring["rank_order"]).wild) == 4


def test_letter_counts_are_rules_md_table(deck):
    letters = Counter(f.letter for f in deck.faces if f.suit is not None)
    assert letters == RULES_COUNTS
    assert sum(RULES_COUNTS.values()) == 104
    assert all(f.letter and len(f.letter) == 1 for f in deck.faces if f.suit is not None)


def test_the_meld_tables_read_the_letters(deck):
    meld = tables.meld_deck()
    assert meld.letter == tuple(f.letter or "" for f in deck.faces)
    assert meld.top == 12 and meld.value[deck.parse("2S1")] == 0 and meld.value[deck.parse("AC2")] == 12


def test_every_card_formats_and_parses_back(deck):
    texts = deck.texts(range(deck.size))
    assert deck.parse_many(texts) == list(range(deck.size))
    for card in range(104):
        assert deck.parse(deck.text(card)) == card
        assert deck.parse(deck.text(card).lower()) == card
    assert [deck.parse("JK", avoid) for avoid in ([], [104], [104, 105], [104, 105, 106])] == [104, 105, 106, 107]


def test_the_two_copies_are_told_apart(deck):
    suited = [f for f in deck.faces if f.suit is not None]
    assert len({f.text for f in suited}) == 104
    q1, q2 = deck.faces[deck.parse("QH1")], deck.faces[deck.parse("QH2")]
    assert (q1.suit, q1.rank) == (q2.suit, q2.rank) == ("hearts", "Q") and q1.card != q2.card
    assert deck.text(deck.parse("10D2")) == "10D2"
    for face in suited[:52]:  # copy 1; its twin is 52 cards on
        twin = deck.faces[face.card + 52]
        assert twin.text == face.text[:-1] + "2" and face.text.endswith("1")
        assert twin.letter != face.letter
    with pytest.raises(rules.RulesError, match=r"unknown card 'QH' \(its copies are QH1 or QH2\)"):
        deck.parse("QH")


def test_the_letter_table_is_make_letters_output():
    text = (TRYCE / "tryce.toml").read_text(encoding="utf-8")
    assert make_letters.rewrite(text) == text
    seed, table = make_letters.table()
    assert Counter(table.values()) == RULES_COUNTS and len(table) == 104


def _tryce_data() -> dict:
    return read_toml(TRYCE / "tryce.toml")


def test_a_bad_letters_table_is_refused_with_its_key_path(tmp_path):
    data = _tryce_data()
    data["deck"]["letters"]["QH1"] = "e"
    with pytest.raises(rules.RulesError, match=r"deck\.letters\.QH1: expected one capital letter A-Z"):
        build_config(tmp_path / "x.toml", data, tables.CONFIG_SCHEMA)
    data = _tryce_data()
    data["deck"]["letters"]["QX1"] = "E"
    with pytest.raises(rules.RulesError, match=r"deck: letters: unknown card 'QX1'"):
        build_config(tmp_path / "x.toml", data, tables.CONFIG_SCHEMA)


def test_decks_without_copy_marks_keep_their_notation():
    suits = [Suit("hearts", "Hearts", "H")]
    plain = Deck("standard", suits, ["Q", "K"], 2, [])
    assert plain.texts(range(4)) == ["QH", "KH", "QH", "KH"]
    assert plain.parse_many(["QH", "QH"]) == [0, 2] and all(f.letter is None for f in plain.faces)
    marked = Deck("tryce", suits, ["Q", "K"], 2, [], copy_marks=True, letters={"QH1": "E", "QH2": "A"})
    assert marked.texts(range(4)) == ["QH1", "KH1", "QH2", "KH2"]
    assert [f.letter for f in marked.faces] == ["E", None, "A", None]
    once = Deck("tryce", suits, ["Q"], 1, [], copy_marks=True)
    assert once.texts(range(1)) == ["QH"]  # a single copy needs no mark


def test_existing_games_decks_have_no_letters_or_marks():
    for game_id in ("try", "tribello", "troeven", "trio"):
        game = rules.load_game(game_id)
        deck = game.config.deck(game.variants[0])
        assert all(f.letter is None for f in deck.faces)
        assert "copy_marks" not in game.config.deck_table and "letters" not in game.config.deck_table


def test_tryce_is_a_registered_game():
    import rules.games.tryce as package

    assert "tryce" in rules.list_games()
    assert package.SPEC.procedure == "rules.games.tryce.procedure:TryceState"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["cardtable.games"]["tryce"] == "rules.games.tryce:SPEC"


def test_a_wheel_and_the_frozen_build_carry_the_data_files():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["rules"]
    for name in ("tryce.toml", "words.txt.gz", "WORDS-LICENSE.txt"):
        relative = f"games/tryce/{name}"
        assert any(fnmatch.fnmatch(relative, p) for p in patterns), relative
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    for pattern in ('glob("*/*.toml")', 'glob("*/*.txt.gz")', 'glob("*/*-LICENSE.txt")'):
        assert pattern in spec
