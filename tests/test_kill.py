"""SIGKILL at any moment loses nothing: bots play and autosave (the app's own Session and saves)
in a subprocess with its own CARDTABLE_HOME; it is killed with -9 at random moments, half of
them while a save is being written. After each kill the next start cleans the temporary
files, every save loads without a notice, and resuming it is exactly the replay of its record.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rules
from cardtable import saves, userfiles
from cardtable.session import Session

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["try", "tribello", "troeven", "trio"]
KILLS = 24

DRIVER = r"""
import random, sys
from cardtable import saves
from cardtable.session import Session

games = sys.argv[1].split(",")
rng = random.Random(int(sys.argv[2]))
saves.prepare()
print("ready", flush=True)
while True:
    game = rng.choice(games)
    record = saves.load_saved(game)
    if record is not None:
        session = Session.from_record(record)
    else:
        seats = [{"name": f"Bot {i}", "kind": "bot", "level": "random"} for i in range(6)]
        import rules
        players = rules.load_game(game).default_players
        session = Session.new(game, players, None, seats[:players], rng.randrange(1 << 30), {})
    for _ in range(rng.randint(5, 60)):
        if session.is_over:
            break
        seat = session.to_act
        session.apply(session.bot_action(session.bots[seat].choose(session.bot_view(seat))))
"""


def _temps(folder: Path) -> list[Path]:
    return [p for p in folder.glob(f"*{userfiles.TMP_SUFFIX}")] if folder.exists() else []


@pytest.mark.slow
def test_sigkill_at_any_moment_loses_no_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    env = {**os.environ, "CARDTABLE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    rng = random.Random(2026)
    folder = tmp_path / "saves"
    counts = {"kills": 0, "aimed mid-save": 0, "temp file left": 0, "saves checked": 0, "resumed": 0}
    for i in range(KILLS):
        proc = subprocess.Popen([sys.executable, "-c", DRIVER, ",".join(GAMES), str(i)], env=env, cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
        if i % 2:  # aim for the moment a save is being written
            counts["aimed mid-save"] += 1
            time.sleep(rng.uniform(0.1, 1.5))
            give_up = time.monotonic() + 5
            while not _temps(folder) and time.monotonic() < give_up:
                pass
        else:
            time.sleep(rng.uniform(0.05, 2.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        err = proc.stderr.read()
        assert "Traceback" not in err, err
        counts["kills"] += 1
        counts["temp file left"] += bool(_temps(folder))
        # The next start: temp files cleaned, every save sound, resume = replay of the record.
        userfiles.notices.clear()
        saves.prepare()
        assert not _temps(folder)
        waiting = saves.list_saved()
        assert userfiles.notices == [], userfiles.notices
        for saved in waiting:
            counts["saves checked"] += 1
            replayed = rules.replay(saved.record)
            assert replayed.to_record() == saved.record
            resumed = Session.from_record(saved.record)
            assert resumed.state.to_record() == saved.record
            assert not resumed.is_over
            counts["resumed"] += 1
    print(f"\nkill test: {counts}")
    assert counts["kills"] >= 20 and counts["saves checked"] >= counts["kills"]
