"""Derive Tryce's dictionary, ``words.txt.gz``, from SCOWL (Debian's ``scowl`` package).

Run by hand when the list should change (never at run time; the result is kept in the
repository, with SCOWL's notice in ``WORDS-LICENSE.txt``)::

    apt-get install scowl                                # lists in /usr/share/dict/scowl/
    python -m rules.games.tryce.make_wordlist            # rewrite words.txt.gz, print counts
    python -m rules.games.tryce.make_wordlist --check    # exit 1 if words.txt.gz would change

What goes in: every entry of SCOWL's ``english-words``, ``american-words`` and
``british-words`` lists of size <= 60 (the common words a standard dictionary holds, in American
and British spelling: "color" and "colour"), with accents dropped (cafe, cliche, fiance: SCOWL
spells these only with accents, and cards bear none), kept when it is 3 to 15 lowercase letters
a-z. That leaves out names and other capitalised words (SCOWL keeps them in its ``*-upper`` and
``*-proper-names`` lists: London, Monday), abbreviations (``*-abbreviations``: etc, asap) and
possessives and contractions (an apostrophe). The slurs of ``blocklist.txt`` are removed.

3-letter words are kept for pat hands (4 and 7), where one of a player's words may have 3
letters; ``words.is_word`` accepts them only when asked (``short=True``). 15 letters is the
longest kept, as RULES.md settles ("the SCOWL (size <= 60) words of 4 to 15 letters"), so
lay-offs may build long words (TELEVISION + S); 11 to 15 letters add some 16,600 entries and a
few ms to the first look-up (``bench/tryce_words.py``).

Output: one word a line, ASCII: the 3-letter words, an empty line, then the longer words (each
part sorted), gzip-compressed with a fixed header (mtime 0), so the same lists always give the
same bytes.
"""

from __future__ import annotations

import re
import struct
import sys
import unicodedata
import zlib
from collections import Counter
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
LISTS = ("english-words", "american-words", "british-words")
MAX_SIZE = 60
MIN_LEN, MAX_LEN = 3, 15
HERE = Path(__file__).parent
OUT = HERE / "words.txt.gz"
BLOCKLIST = HERE / "blocklist.txt"
_WORD = re.compile(rf"[a-z]{{{MIN_LEN},{MAX_LEN}}}")


def plain(entry: str) -> str:
    """``entry`` without accents (café -> cafe); other characters are left for the filter to refuse."""
    return "".join(c for c in unicodedata.normalize("NFKD", entry) if not unicodedata.combining(c))


def blocklist(path: Path = BLOCKLIST) -> set[str]:
    lines = (line.split("#", 1)[0].strip().lower() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line}


def entries(scowl: Path = SCOWL) -> set[str]:
    """Every entry of the kept lists of size <= MAX_SIZE."""
    found: set[str] = set()
    for name in LISTS:
        files = [p for p in scowl.glob(f"{name}.*") if p.suffix[1:].isdigit() and int(p.suffix[1:]) <= MAX_SIZE]
        if not files:
            raise SystemExit(f"no {name}.* lists in {scowl} (apt-get install scowl)")
        for path in files:
            found.update(path.read_text(encoding="utf-8", errors="strict").split())
    return found


def words(scowl: Path = SCOWL) -> list[str]:
    """The sorted dictionary."""
    kept = {plain(entry) for entry in entries(scowl)}
    return sorted({w for w in kept if _WORD.fullmatch(w)} - blocklist())


def encode(word_list: list[str]) -> bytes:
    """The file: the 3-letter words, an empty line, the longer words (each part sorted), so the
    two sets are read apart with no filtering."""
    short = [w for w in word_list if len(w) == MIN_LEN]
    longer = [w for w in word_list if len(w) > MIN_LEN]
    text = "\n".join(short) + "\n\n" + "\n".join(longer) + "\n"
    return gzip_member(text.encode("ascii"))


def gzip_member(data: bytes) -> bytes:
    """``data`` gzip-compressed with every header field written here (no name, mtime 0, "max
    compression", OS 3): ``gzip.compress`` sets the OS byte by Python version (255 on 3.10 and 3.13,
    zlib's on 3.11 and 3.12), so the same list would give other bytes on another Python."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    body = deflate.compress(data) + deflate.flush()
    header = b"\x1f\x8b\x08\x00" + struct.pack("<I", 0) + b"\x02\x03"  # magic, deflate, no flags, mtime, XFL, OS
    return header + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    word_list = words()
    data = encode(word_list)
    lengths = Counter(len(w) for w in word_list)
    print(
        f"{len(word_list):,} words; by length "
        + ", ".join(f"{n}: {lengths[n]:,}" for n in range(MIN_LEN, MAX_LEN + 1))
        + f"; {len(data) / 1024:.0f} KiB gzipped"
    )
    if "--check" in args:
        same = OUT.exists() and OUT.read_bytes() == data
        print(f"{OUT}: {'unchanged' if same else 'would change'}")
        return 0 if same else 1
    OUT.write_bytes(data)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
