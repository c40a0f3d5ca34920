"""Start-up with a large save waiting: the time from import to the first drawn menu frame with a
4 MB save of a long Tryce match in the user folder, against an empty folder, and how many times
the save's JSON was parsed on the way (the menu's list and its refresh as it enters share one
parse). Prints medians; no asserts. ``PYTHONDONTWRITEBYTECODE`` is dropped for the children.

    python bench/startup_saves.py [--runs 5] [--mb 4] [--source DIR]

``--source`` runs another checkout's ``cardtable`` (e.g. ``/work/main``: the figures before).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_FRAME = """
import time
t0 = time.perf_counter()
from cardtable import userfiles
parses = []
real = userfiles.parse_json
def counted(data):
    if len(data) > 1_000_000:
        parses.append(len(data))
    return real(data)
userfiles.parse_json = counted
from cardtable.app import App
from cardtable.scenes.menu import MenuScene
app = App()
app.push(MenuScene(app))
app.frame(1 / 60)
print(len(app.stack.top.waiting), len(parses), time.perf_counter() - t0)
"""


def big_save(folder: Path, megabytes: float) -> int:
    """A save of a Tryce match with its deals repeated to ``megabytes`` (the menu checks a save's
    shape, not its play, so the list shows it); returns its size in bytes."""
    import rules

    game = rules.load_game("tryce")
    state = game.new_match(players=4, seed=3)
    rng = random.Random(1)
    for _ in range(400):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    record = state.to_record()
    first = json.dumps(record["deals"][0], separators=(",", ":"))
    copies = max(1, round(megabytes * 1e6 / len(first)))
    record["deals"] += [json.loads(first) for _ in range(copies)]
    (folder / "saves").mkdir(parents=True, exist_ok=True)
    path = folder / "saves" / "tryce.json"
    path.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
    return path.stat().st_size


def run(home: Path, source: str | None) -> tuple[int, int, float]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "CARDTABLE_HOME": str(home),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if source:
        env["PYTHONPATH"] = os.pathsep.join([source, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    out = subprocess.run(  # run in that checkout: ``-c`` puts the current folder first on the path
        [sys.executable, "-c", FIRST_FRAME], env=env, cwd=source or ROOT, capture_output=True, text=True, check=True
    )
    waiting, parses, seconds = out.stdout.split()[-3:]
    return int(waiting), int(parses), float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--mb", type=float, default=4.0)
    parser.add_argument("--source", default=None)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="cardtable-bench-") as empty,
        tempfile.TemporaryDirectory(prefix="cardtable-bench-") as full,
    ):
        size = big_save(Path(full), args.mb)
        run(Path(empty), args.source)  # compile the modules once
        for label, home in (("no save", Path(empty)), (f"a {size / 1e6:.1f} MB save", Path(full))):
            figures = [run(home, args.source) for _ in range(args.runs)]
            waiting, parses = figures[-1][:2]
            seconds = statistics.median(f[2] for f in figures)
            print(
                f"{label:>16}: first menu frame {seconds * 1000:7.0f} ms (median of {args.runs}); "
                f"matches listed {waiting}, large saves parsed {parses}x"
            )


if __name__ == "__main__":
    main()
