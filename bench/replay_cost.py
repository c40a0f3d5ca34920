"""What replaying a long record costs: seconds and peak memory (RSS) for a Tribello record whose
first exchange is 40,000 toggles of one card (toggling a card twice puts it back, so the record
is legal), replayed as resume and ``cardtable-sim replay`` do.

    python bench/replay_cost.py [--toggles N]

Prints figures; never asserts a time. The peak RSS is the whole process's (Python included).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402


def toggle_record(toggles: int, seed: int = 1) -> dict:
    """A Tribello record at its first exchange with ``toggles`` toggles of one card by the seat to act."""
    state = rules.load_game("tribello").new_match(seed=seed)
    seat = state.current_player
    card = next(a.text for a in state.legal_actions() if a.text.startswith("toggle "))
    record = state.to_record()
    record["deals"][0]["actions"] += [[seat, card]] * toggles
    return record


def peak_rss_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB elsewhere


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--toggles", type=int, default=40_000)
    args = parser.parse_args()
    record = json.loads(json.dumps(toggle_record(args.toggles)))
    size = len(json.dumps(record))
    before = peak_rss_mb()
    start = time.perf_counter()
    state = rules.replay(record)
    seconds = time.perf_counter() - start
    actions = len(state.to_record()["deals"][0]["actions"])
    print(
        f"replay of a Tribello record with {args.toggles:,} toggles ({size / 1e6:.2f} MB, {actions:,} actions): "
        f"{seconds:.2f} s, peak RSS {peak_rss_mb():.0f} MB (before the replay {before:.0f} MB)"
    )


if __name__ == "__main__":
    main()
