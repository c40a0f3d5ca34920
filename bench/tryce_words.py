"""Tryce's dictionary: how long the first ``is_word`` call takes to read the word list, and how
many look-ups a second follow.

    python bench/tryce_words.py

Prints the load time (median and worst of 10 fresh loads; the budget is 50 ms) and look-ups per
second over a mix of words, non-words and names.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.games.tryce import words  # noqa: E402

RUNS = 10
PROBES = ["cats", "walked", "london", "paris", "quizzes", "xyzzy", "monday", "strength", "zzz", "table"]


def main() -> None:
    loads = []
    for _ in range(RUNS):
        words._words = words._short = None  # a fresh load, as on the first call of a session
        start = time.perf_counter()
        words.is_word("cats")
        loads.append(time.perf_counter() - start)
    longs, shorts = words.words_count()
    print(f"words: {longs:,} of 4-15 letters + {shorts:,} of 3 letters")
    print(
        f"load (first is_word call): median {statistics.median(loads) * 1000:.1f} ms, "
        f"worst {max(loads) * 1000:.1f} ms over {RUNS} runs (budget 50 ms)"
    )
    n = 200_000
    probes = (PROBES * (n // len(PROBES) + 1))[:n]
    start = time.perf_counter()
    for probe in probes:
        words.is_word(probe)
    elapsed = time.perf_counter() - start
    print(f"look-ups: {n / elapsed:,.0f}/s")


if __name__ == "__main__":
    main()
