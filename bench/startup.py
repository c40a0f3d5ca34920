"""Start-up figures: import time, time to the first drawn menu frame, the whole process from exec
to its first frame (``--frames 1``, dummy drivers) from source and of the frozen builds, and
their sizes (each file counted once: SDL's symlinked libraries are not counted twice).
Prints medians; no asserts. ``PYTHONDONTWRITEBYTECODE`` is dropped for the children (source
start-up would recompile every module each time otherwise).

    python bench/startup.py [--runs 11] [--dist dist/cardtable] [--onefile dist-onefile/cardtable]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
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


HOME = tempfile.mkdtemp(prefix="cardtable-bench-")  # a user data folder of the bench's own


def environment() -> dict[str, str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "CARDTABLE_HOME": HOME,
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run(code: str) -> float:
    out = subprocess.run([sys.executable, "-c", code], env=environment(), capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def exec_to_first_frame(command: list[str]) -> float:
    """Wall time of a whole process that draws one frame and exits (``--frames 1``)."""
    t0 = time.perf_counter()
    subprocess.run([*command, "--frames", "1"], env=environment(), capture_output=True, check=True)
    return time.perf_counter() - t0


def folder_size(path: Path) -> int:
    """Bytes in ``path`` (a folder or one file), each file once: symlinks and hard links are not counted again."""
    if path.is_file():
        return path.stat().st_size
    seen: set[tuple[int, int]] = set()
    total = 0
    for f in path.rglob("*"):
        if f.is_symlink() or not f.is_file():
            continue
        st = f.stat()
        if (st.st_dev, st.st_ino) not in seen:
            seen.add((st.st_dev, st.st_ino))
            total += st.st_size
    return total


def median_ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.0f} ms (min {min(values) * 1000:.0f}, n={len(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--dist", type=Path, default=Path("dist/cardtable"), help="a one-dir build's folder")
    parser.add_argument("--onefile", type=Path, default=Path("dist-onefile/cardtable"), help="a one-file build")
    args = parser.parse_args()
    exe_name = "cardtable.exe" if os.name == "nt" else "cardtable"
    imports = [
        run("import time; t=time.perf_counter(); import rules, cardtable.app; print(time.perf_counter()-t)")
        for _ in range(args.runs)
    ]
    frames = [run(FIRST_FRAME) for _ in range(args.runs)]
    print(f"import rules + cardtable.app: {median_ms(imports)}")
    print(f"first menu frame, in-process part: {median_ms(frames)}")
    source = [exec_to_first_frame([sys.executable, "-m", "cardtable"]) for _ in range(args.runs)]
    print(f"source: exec to first frame: {median_ms(source)}")
    for label, exe in (
        ("one-dir", args.dist / exe_name),
        ("one-file", args.onefile.with_suffix(".exe") if os.name == "nt" else args.onefile),
    ):
        if not exe.exists():
            print(f"{label}: no build at {exe} (see build.spec)")
            continue
        where = exe.parent if label == "one-dir" else exe
        times = [exec_to_first_frame([str(exe)]) for _ in range(args.runs)]
        print(f"{label}: {folder_size(where) / 2**20:.1f} MiB ({where}); exec to first frame: {median_ms(times)}")


if __name__ == "__main__":
    main()
