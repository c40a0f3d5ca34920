"""Tryce's word check: is a meld's spelling an English word?

The dictionary is ``words.txt.gz`` (derived from SCOWL by ``make_wordlist.py``: common words of
3 to 15 letters, no names, no abbreviations, no slurs; licence in ``WORDS-LICENSE.txt``). It is
read once, on the first call of :func:`is_word`, never at import (the menu and other games do not
pay for it): about 79,100 words, some 30 ms (``bench/tryce_words.py``).

Word lengths are the meld rules' business (``rules.melds.MeldRules.word_min``), with one rule
here: 3-letter words count only when asked (``short=True``: the one 3-letter word a pat hand
allows), so a plain ``is_word("cat")`` is ``False``.

Foreign words (the ``foreign_words`` setting, off by default): SCOWL has no list of words of
other languages, so none is shipped and the setting adds nothing yet; a list of them, derived
and licensed like this one, would be a second file read on the first call with the setting on.
"""

from __future__ import annotations

import gzip
from importlib.resources import files

WORDS_FILE = "words.txt.gz"
_words: frozenset[str] | None = None  # 4+ letters
_short: frozenset[str] | None = None  # 3 letters


def _load() -> None:
    global _words, _short
    text = gzip.decompress(files(__package__).joinpath(WORDS_FILE).read_bytes()).decode("ascii")
    short, _, longer = text.partition("\n\n")  # the 3-letter words come first, then an empty line
    _short = frozenset(short.split())
    _words = frozenset(longer.split())


def is_loaded() -> bool:
    """Whether the dictionary has been read (for tests: it is not read at import)."""
    return _words is not None


def is_word(text: str, short: bool = False) -> bool:
    """Whether ``text`` (any case; a–z letters only) is a word of the dictionary: 4 to 15 letters,
    or 3 letters when ``short`` (a pat hand's one short word)."""
    if _words is None:
        _load()
    word = text.lower()
    if not word.isascii():
        return False
    if word in _words:  # type: ignore[operator]
        return True
    return short and word in _short  # type: ignore[operator]


def words_count() -> tuple[int, int]:
    """(words of 4+ letters, words of 3 letters) in the dictionary."""
    if _words is None:
        _load()
    return len(_words), len(_short)  # type: ignore[arg-type]
