"""The frozen build: PyInstaller one-dir from build.spec, then a headless ``--demo`` of each game (found,
as when installed, through the bundled ``cardtable.games`` entry points)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("PyInstaller")
    work = tmp_path_factory.mktemp("frozen")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
            str(ROOT / "build.spec"),
        ],
        cwd=ROOT,
        check=True,
        timeout=1200,
    )
    exe = work / "dist" / "cardtable" / ("cardtable.exe" if os.name == "nt" else "cardtable")
    assert exe.exists(), f"no executable at {exe}"
    return exe


def _run(exe: Path, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "CARDTABLE_HOME": str(home),
        "CARDTABLE_BOTS_APART": "1",
    }  # the bots think in their own process, as for a player
    proc = subprocess.Popen(
        [str(exe), *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    try:
        out, _ = proc.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # kill the whole process group, children too
        out, _ = proc.communicate()
        pytest.fail(f"frozen app timed out:\n{out[-2000:]}")
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, "")


@pytest.mark.parametrize("game", ["try", "tribello", "troeven", "trio", "tryce"])
def test_frozen_demo_plays_a_whole_match_headless(frozen_app: Path, tmp_path: Path, game: str) -> None:
    result = _run(frozen_app, "--demo", game, "--seed", "3", "--fast", home=tmp_path)
    assert result.returncode == 0, result.stdout[-3000:]


def test_frozen_build_bundles_the_rules_files_and_the_games_entry_points(frozen_app: Path) -> None:
    internal = frozen_app.parent / "_internal"
    base = internal if internal.exists() else frozen_app.parent
    for package, game in (
        ("try_", "try"),
        ("tribello", "tribello"),
        ("troeven", "troeven"),
        ("trio", "trio"),
        ("tryce", "tryce"),
    ):
        assert (base / "rules" / "games" / package / f"{game}.toml").exists()
    # pip leaves the metadata as cardtable-X.dist-info, or (an editable install run from the
    # source tree) as cardtable.egg-info: copy_metadata bundles whichever Python finds first.
    (entry_points,) = [
        *base.glob("cardtable-*.dist-info/entry_points.txt"),
        *base.glob("cardtable.egg-info/entry_points.txt"),
    ]
    assert "[cardtable.games]" in entry_points.read_text(encoding="utf-8")
