"""Bots think in a process of their own (``cardtable.bot_host``): the same bots, seeded and
briefed alike, give the same answers as the app's own; the table plays a whole match through
the process; a process that dies leaves the match playing on the app's own bots."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rules
from cardtable.app import App
from cardtable.bot_host import BotHost, HostUnavailable
from cardtable.session import Session
from cardtable.table.scene import TableScene


def bots_only(game_id: str, players: int, level: str = "normal") -> list[dict[str, str]]:
    return [{"name": f"Bot {i}", "kind": "bot", "level": level} for i in range(players)]


@pytest.fixture
def host():
    made = BotHost()
    yield made
    made.close()


def test_the_process_bots_answer_as_the_apps_own_bots(host: BotHost) -> None:
    """Trio, 4 normal bots, 12 actions in before the host is briefed from the record, then every
    decision asked of both: the same text each time (same seeds, same events seen)."""
    state = rules.load_game("trio").new_match(players=4, seed=11, seats=bots_only("trio", 4))
    session = Session(state)
    rng = random.Random(5)
    for _ in range(12):
        session.apply(rng.choice(state.legal_actions()))
    session.host = host
    session._brief_host()
    asked = 0
    while not state.is_over and asked < 60:
        seat = state.current_player
        remote = host.choose(seat, session.bot_view(seat)).result(timeout=30)
        local = session.bots[seat].choose(session.bot_view(seat))
        assert remote == local
        session.apply(remote)
        asked += 1
    assert asked == 60 or state.is_over


def test_a_view_crosses_whole_and_unknown_seats_are_refused(host: BotHost) -> None:
    state = rules.load_game("try").new_match(players=3, seed=2, seats=bots_only("try", 3))
    session = Session(state)
    session.host = host
    session._brief_host()
    with pytest.raises(HostUnavailable, match="no bot for seat 7"):
        host.choose(7, session.bot_view(0)).result(timeout=30)
    seat = state.current_player
    assert host.choose(seat, session.bot_view(seat)).result(timeout=30) in state.view(seat).legal


def test_a_table_plays_a_whole_match_with_its_bots_apart(monkeypatch: pytest.MonkeyPatch, user_home: Path) -> None:
    monkeypatch.setenv("CARDTABLE_BOTS_APART", "1")
    app = App(size=(1024, 700), fast=True)
    state = rules.load_game("try").new_match(players=3, seed=4, seats=bots_only("try", 3))
    table = TableScene(app, Session(state))
    host = table.session.host
    assert host is not None and host.alive
    app.push(table)
    for _ in range(20000):
        if app.stack.top is not table:  # the result scene
            break
        app.frame(0.05)
    assert state.is_over
    moves = sum(1 for deal in state.to_record()["deals"] for seat, _text in deal["actions"] if seat is not None)
    assert host.answered == moves  # every bot move came from the process
    assert table.session.host is None and not host.alive  # closed with the table
    assert not host._process.is_alive()


def test_when_the_process_dies_the_apps_own_bots_play_on() -> None:
    state = rules.load_game("tribello").new_match(seed=8, seats=bots_only("tribello", 3))
    session = Session(state)
    session.think_apart()
    host = session.host
    assert host is not None
    seat = state.current_player
    assert session.chooser(seat)(session.bot_view(seat)) in state.view(seat).legal
    host._process.terminate()
    host._process.join(5)
    for _ in range(30):  # the next answers come from the app's own bots
        seat = state.current_player
        session.apply(session.chooser(seat)(session.bot_view(seat)))
    assert session.host is None
    session.close()


def test_a_script_without_a_main_guard_is_not_run_again_by_the_bots_process(tmp_path: Path) -> None:
    """spawn would run the starting script again in the child; the host hides it, so a script
    with no ``if __name__ == "__main__"`` (or code piped to ``python -``) gets its answer once."""
    import subprocess
    import sys

    script = tmp_path / "no_guard.py"
    script.write_text(
        "import os\nos.environ['CARDTABLE_BOTS_APART'] = '1'\n"
        "from cardtable.session import Session\n"
        "seats = [{'name': f'B{i}', 'kind': 'bot', 'level': 'normal'} for i in range(3)]\n"
        "s = Session.new('tribello', 3, None, seats, 3, {})\ns.think_apart()\nseat = s.to_act\n"
        "print('ANSWER', s.chooser(seat)(s.bot_view(seat)), s.host.answered)\ns.close()\n",
        encoding="utf-8",
    )
    env = {**__import__("os").environ, "CARDTABLE_HOME": str(tmp_path / "home")}
    for args, stdin in (([str(script)], None), (["-"], script.read_text(encoding="utf-8"))):
        out = subprocess.run(
            [sys.executable, *args], input=stdin, capture_output=True, text=True, timeout=120, env=env, check=True
        ).stdout
        lines = [line for line in out.splitlines() if line.startswith("ANSWER")]
        assert len(lines) == 1 and lines[0].endswith(" 1"), out


# ------------------------------------------------------------ a process that stops answering
needs_sigstop = pytest.mark.skipif(not hasattr(__import__("signal"), "SIGSTOP"), reason="no SIGSTOP here")


@needs_sigstop
def test_a_frozen_bots_process_is_killed_replaced_and_the_move_made_here() -> None:
    """The bots' process stopped (SIGSTOP: alive, never answering). With a short deadline the
    question is answered by a cheap bot here, the frozen process is killed, one notice is set,
    and the next question starts a new process that answers."""
    import os
    import signal

    from cardtable.session import HOST_REPLACED

    state = rules.load_game("tribello").new_match(seed=8, seats=bots_only("tribello", 3, "hard"))
    session = Session(state)
    session.think_apart()
    frozen = session.host
    assert frozen is not None
    session.bot_deadline_s = 0.5  # the real one is the thinking time and 8 s more
    os.kill(frozen._process.pid, signal.SIGSTOP)
    try:
        seat = state.current_player
        session.apply(session.chooser(seat)(session.bot_view(seat)))
    finally:
        if frozen._process.is_alive():
            os.kill(frozen._process.pid, signal.SIGCONT)
    assert not frozen._process.is_alive() and not frozen.alive  # killed, not left stopped
    assert session.bots_problem == HOST_REPLACED and session.host is None
    session.bot_deadline_s = None  # the new process's first answer has the real deadline
    seat = state.current_player
    answer = session.chooser(seat)(session.bot_view(seat))
    fresh = session.host
    assert fresh is not None and fresh is not frozen and fresh.alive and fresh.answered == 1
    assert answer in state.view(seat).legal
    session.close()


class FrozenHost:
    """A bots' process that takes every question and never answers (any platform)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.alive = True
        self.killed = False
        self.answered = 0

    def choose(self, seat: int, view: object):
        from concurrent.futures import Future

        return Future()

    def observe(self, events_by_seat: object) -> None:
        pass

    def start_match(self, *args: object) -> None:
        pass

    def think_for(self, budget_ms: object) -> None:
        pass

    def kill(self) -> None:
        self.alive, self.killed = False, True
        self.session.bot_deadline_s = None  # the new process's answers have the real deadline

    def close(self) -> None:
        self.alive = False


def test_a_table_whose_bots_stop_answering_plays_on_with_one_notice(
    monkeypatch: pytest.MonkeyPatch, user_home: Path
) -> None:
    """At the table: the process answers nothing; past the deadline the bot's move is made
    here, the player reads one line, the process is killed and a new one answers from then on."""
    from cardtable.session import HOST_REPLACED

    monkeypatch.setenv("CARDTABLE_BOTS_APART", "0")
    app = App(size=(1024, 700), fast=True)
    state = rules.load_game("trio").new_match(players=3, seed=4, seats=bots_only("trio", 3))
    session = Session(state)
    table = TableScene(app, session)
    frozen = session.host = FrozenHost(session)
    session.bot_deadline_s = 0.2
    app.push(table)
    toasts = []
    real_toast = app.toast
    monkeypatch.setattr(app, "toast", lambda text: toasts.append(text) or real_toast(text))
    for _ in range(20000):
        if len(state.log[-1]["actions"]) >= 6 or app.stack.top is not table:
            break
        app.frame(0.05)
    assert len(state.log[-1]["actions"]) >= 6  # the match moved on
    assert frozen.killed and toasts.count(HOST_REPLACED) == 1
    fresh = session.host
    assert fresh is not None and fresh is not frozen and fresh.answered >= 1
    session.close()
