"""Starting prints nothing of pygame-ce's: no "pygame-ce 2.x (SDL ...)" banner on stdout from the
app (its command and ``python -m cardtable``), the bots' process or ``cardtable-sim``.

Each entry point runs in a fresh process with ``PYGAME_HIDE_SUPPORT_PROMPT`` removed from its
environment (CI sets it), so only the package itself can keep pygame quiet.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = Path(sys.executable).parent  # the venv's console scripts sit beside its python


def script(name: str) -> str:
    found = SCRIPTS / (f"{name}.exe" if os.name == "nt" else name)
    if not found.exists():
        pytest.skip(f"the {name} command is not installed beside {sys.executable}")
    return str(found)


def run(argv: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYGAME_HIDE_SUPPORT_PROMPT", "CARDTABLE_BOTS_APART")
    }  # bots in their own process
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=str(home))
    return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


def test_the_app_command_prints_no_pygame_banner(tmp_path: Path) -> None:
    out = run([script("cardtable"), "--frames", "3"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""


def test_python_m_cardtable_and_the_bots_process_print_no_pygame_banner(tmp_path: Path) -> None:
    out = run([sys.executable, "-m", "cardtable", "--demo", "try", "--seed", "3", "--fast"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert "pygame" not in out.stdout.lower() and "SDL" not in out.stdout, out.stdout


def test_the_simulator_prints_no_pygame_banner(tmp_path: Path) -> None:
    out = run([script("cardtable-sim"), "try", "--games", "1", "--seed", "3"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("try (standard), 3 players, 1 games, seed 3"), out.stdout
