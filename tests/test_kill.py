"""SIGKILL at any moment loses nothing: bots play and autosave (the app's own Session and saves)
in a subprocess with its own CARDTABLE_HOME; it is killed with -9 at random moments, half of
them while a save is being written. After each kill the next start cleans the temporary
files, every save loads without a notice, and resuming it is exactly the replay of its record.

At the table (saves written on their own thread), a kill loses at most the move in flight:
every game, at the top animation speed, Tryce also in fast mode (bots back to back), killed at
random moments; the save then holds every move but at most the last one made.
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


TABLE_DRIVER = r"""
import os, sys
import rules
from cardtable import saves
from cardtable.app import App
from cardtable.session import Session
from cardtable.table.scene import TableScene

game_id, seed, fast = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "fast"
saves.prepare()
app = App(size=(1024, 700), fast=fast)
app.settings.animation_speed = 4.0  # the top speed a player can set
record = saves.load_saved(game_id)
while True:
    if record is not None:
        session = Session.from_record(record)
    else:
        game = rules.load_game(game_id)
        seats = [{"name": f"Bot {i}", "kind": "bot", "level": "random"} for i in range(game.default_players)]
        session = Session.new(game_id, game.default_players, None, seats, seed, {})
    record, seed = None, seed + 1
    match = session.state.seed
    made = sum(1 for deal in session.state.to_record()["deals"] for seat, _ in deal["actions"] if seat is not None)
    real = session.apply

    def apply(action, real=real, match=match):
        global made
        events = real(action)
        made += 1
        print("made", match, made, int(session.is_over), flush=True)  # the move is shown from here on
        return events

    session.apply = apply
    table = TableScene(app, session)
    app.push(table)
    print("ready", match, made, flush=True)
    while app.stack.top is table:
        app.frame(1 / 60)
    print("over", match, flush=True)
    app.stack.clear()
"""
TABLE_RUNS = [(game, "top speed") for game in ("try", "tryce", "tribello", "troeven", "trio")] + [("tryce", "fast")]
TABLE_KILLS = 6


def _moves(record: dict) -> int:
    return sum(1 for deal in record["deals"] for seat, _text in deal["actions"] if seat is not None)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "pace"), TABLE_RUNS, ids=[f"{g}-{p.replace(' ', '-')}" for g, p in TABLE_RUNS])
def test_a_kill_at_the_table_loses_at_most_the_move_in_flight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, pace: str
) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    env = {
        **os.environ,
        "CARDTABLE_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "CARDTABLE_BOTS_APART": "0",
    }  # bots on the app's thread: the saves' thread competes the most
    rng = random.Random(f"{game}-{pace}")
    lost_per_kill = []
    for i in range(3 * TABLE_KILLS):  # a kill that lands between two matches counts for nothing
        if len(lost_per_kill) == TABLE_KILLS:
            break
        mode = "fast" if pace == "fast" else "normal"
        proc = subprocess.Popen(
            [sys.executable, "-c", TABLE_DRIVER, game, str(100 * i + 1), mode],
            env=env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        first = proc.stdout.readline()
        assert first.startswith("ready"), proc.stderr.read()
        time.sleep(rng.uniform(0.5, 4.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        lines = [first.split(), *(line.split() for line in proc.stdout.read().splitlines())]
        err = proc.stderr.read()
        assert "Traceback" not in err, err
        userfiles.notices.clear()
        saves.prepare()
        waiting = {saved.game_id: saved.record for saved in saves.list_saved()}
        assert userfiles.notices == [], userfiles.notices
        last = lines[-1]
        if last[0] == "over" or last[3:] == ["1"]:  # a finished match leaves no save (its last
            continue  # move made, the table still shows it: the match is over before "over")
        match, made = int(last[1]), int(last[2])
        record = waiting[game]
        assert record["seed"] == match
        lost = made - _moves(record)
        assert lost <= 1, f"kill {i}: {made} moves made, {_moves(record)} saved"
        lost_per_kill.append(lost)
        assert rules.replay(record).to_record() == record
    print(f"\nkill at the table, {game} at {pace}: moves lost per kill {lost_per_kill}")
    assert len(lost_per_kill) == TABLE_KILLS


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
        proc = subprocess.Popen(
            [sys.executable, "-c", DRIVER, ",".join(GAMES), str(i)],
            env=env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
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
