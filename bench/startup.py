"""Start-up figures: import time, time to the first drawn menu frame, and (if built) the
frozen build's size and its time to exit a headless ``--help``. Prints medians; no asserts.

    python bench/startup.py [--runs 7] [--dist dist/cardtable]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

FIRST_FRAME = """
import time
t0 = time.perf_counter()
from cardtable.app import App
from cardtable.scenes.menu import MenuScene
app = App()
app.push(MenuScene(app))
app.frame(1 / 60)
print(time.perf_counter() - t0)
"""


def run(code: str) -> float:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dist", type=Path, default=Path("dist/cardtable"))
    args = parser.parse_args()
    imports = [run("import time; t=time.perf_counter(); import rules, cardtable.app; print(time.perf_counter()-t)")
               for _ in range(args.runs)]
    frames = [run(FIRST_FRAME) for _ in range(args.runs)]
    print(f"import rules + cardtable.app: median {statistics.median(imports) * 1000:.0f} ms")
    print(f"process start to first menu frame (in-process part): median {statistics.median(frames) * 1000:.0f} ms")
    if args.dist.exists():
        print(f"frozen one-dir size: {folder_size(args.dist) / 2**20:.1f} MiB ({args.dist})")
        exe = args.dist / ("cardtable.exe" if os.name == "nt" else "cardtable")
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            subprocess.run([str(exe), "--help"], capture_output=True, check=True)
            times.append(time.perf_counter() - t0)
        print(f"frozen '--help' round trip: median {statistics.median(times) * 1000:.0f} ms")
    else:
        print(f"no frozen build at {args.dist} (pyinstaller build.spec to make one)")


if __name__ == "__main__":
    main()
