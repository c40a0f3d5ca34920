"""Tryce stage 1: the dictionary (``rules/games/tryce/words.py``, list derived from SCOWL by
``make_wordlist.py``). Real words are accepted, names, abbreviations and slurs refused; 3-letter
words only when asked (a pat hand's short word); the list is read on first use, not at import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.games.tryce import make_wordlist
from rules.games.tryce.words import is_word, words_count

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "word",
    [
        "cats",
        "walked",
        "walking",
        "quizzes",
        "table",
        "strength",
        "oxen",
        "jumped",
        "colour",
        "color",
        "cafe",
        "fiance",
        "zebras",
        "children",
    ],
)
def test_real_words_with_their_plurals_and_verb_forms_are_accepted(word):
    assert is_word(word)
    assert is_word(word.upper())  # cards show capitals


@pytest.mark.parametrize(
    "name",
    ["london", "paris", "monday", "tuesday", "january", "mary", "robert", "texas", "england", "europe", "berlin"],
)
def test_names_are_refused(name):
    assert not is_word(name)
    assert not is_word(name, short=True)


@pytest.mark.parametrize("abbreviation", ["etc", "asap", "mph", "ibid", "nasa", "rsvp", "approx", "dept", "govt"])
def test_abbreviations_are_refused(abbreviation):
    assert not is_word(abbreviation, short=True)


def test_blocklisted_words_are_refused():
    blocked = make_wordlist.blocklist()
    assert 10 <= len(blocked) <= 60  # short
    assert [w for w in sorted(blocked) if is_word(w, short=True)] == []


def test_three_letter_words_count_only_when_asked():
    assert not is_word("cat") and is_word("cat", short=True)
    assert is_word("cats", short=True)
    assert not is_word("ca", short=True) and not is_word("xqz", short=True)
    longs, shorts = words_count()
    assert 70_000 < longs < 90_000 and 500 < shorts < 800


@pytest.mark.parametrize("word", ["televisions", "responsibility", "characteristics", "internationally"])
def test_words_of_up_to_15_letters_are_accepted(word):
    """RULES.md: the list holds SCOWL's words of 4 to 15 letters, so lay-offs may build long words."""
    assert 10 < len(word) <= 15 and is_word(word)


@pytest.mark.skipif(not make_wordlist.SCOWL.is_dir(), reason="Debian's scowl package is not installed")
@pytest.mark.parametrize("word", ["misunderstanding", "uncharacteristic", "internationalism"])
def test_scowl_words_longer_than_15_letters_are_left_out(word):
    assert len(word) == 16 and word in make_wordlist.entries() and not is_word(word, short=True)


@pytest.mark.parametrize("text", ["", "c", "café", "na\u00efve", "don't", "cat s", "cats1", "ab-cd"])
def test_anything_but_plain_letters_is_refused(text):
    assert not is_word(text, short=True)


def test_the_list_is_read_on_first_use_not_at_import():
    code = (
        "import rules, rules.games.tryce, rules.games.tryce.tables\n"
        "from rules.games.tryce import words\n"
        "before = words.is_loaded()\n"
        "rules.games.tryce.tables.deck()\n"
        "middle = words.is_loaded()\n"
        "words.is_word('cats')\n"
        "print(before, middle, words.is_loaded())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False", "True"]


def test_the_licence_notice_ships_beside_the_list():
    notice = (ROOT / "rules" / "games" / "tryce" / "WORDS-LICENSE.txt").read_text(encoding="utf-8")
    assert "SCOWL" in notice and "Copyright 2000-2011 by Kevin Atkinson" in notice and "Geoff Kuenning" in notice


@pytest.mark.skipif(not make_wordlist.SCOWL.is_dir(), reason="Debian's scowl package is not installed")
def test_the_shipped_list_is_make_wordlist_output():
    assert make_wordlist.OUT.read_bytes() == make_wordlist.encode(make_wordlist.words())
