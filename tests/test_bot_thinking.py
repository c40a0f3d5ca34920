"""Settings: "Bots' thinking time" (``bot_think_time``): the game's own by default, or 0.1, 0.25,
0.5 or 1 s a decision for every bot that takes a time limit (``budget_ms``: the ``hard`` bots).
It is kept in the settings file (a bad value: the default and a notice), chosen in the Settings
scene by real events, and given to a match's bots when its table opens: in the app's own process
and in the bots' process. The hint keeps its own 0.4 s (``HINT_BUDGET_MS``)."""

from __future__ import annotations

import json
import os
from concurrent.futures import Future
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from pointer import click  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.scenes.settings_scene import SettingsScene  # noqa: E402
from cardtable.session import HINT_BUDGET_MS, HINT_LEVEL, Session  # noqa: E402
from cardtable.settings import Settings, bot_budget_ms, load_settings, save_settings, settings_path  # noqa: E402
from cardtable.table.scene import TableScene  # noqa: E402

# the games whose hard bot thinks against a clock, and that clock (ms a decision)
OWN_BUDGETS = {"tribello": 500.0, "troeven": 500.0, "trio": 1000.0, "try": 500.0, "tryce": 300.0}


def hard_and_normal(players: int) -> list[dict[str, str]]:
    """Every seat a bot: seat 0 ``normal`` (no clock), the others ``hard``."""
    return [{"name": f"Bot {i}", "kind": "bot", "level": "normal" if i == 0 else "hard"} for i in range(players)]


def new_session(game_id: str, seed: int = 3) -> Session:
    game = rules.load_game(game_id)
    state = game.new_match(players=game.default_players, seed=seed, seats=hard_and_normal(game.default_players))
    return Session(state)


def clocks(session: Session) -> dict[int, float | None]:
    return {seat: getattr(bot, "budget_ms", None) for seat, bot in session.bots.items()}


# ------------------------------------------------------------ the file
def test_the_thinking_time_is_kept_in_the_settings_file(user_home: Path) -> None:
    assert Settings().bot_think_time == 0.0 and bot_budget_ms(Settings()) is None  # the game's own
    for seconds in (0.1, 0.25, 0.5, 1.0, 0.0):
        save_settings(Settings(bot_think_time=seconds, sound=False))
        assert load_settings() == (Settings(bot_think_time=seconds, sound=False), None)
    assert bot_budget_ms(Settings(bot_think_time=0.1)) == 100.0
    assert bot_budget_ms(Settings(bot_think_time=1.0)) == 1000.0


@pytest.mark.parametrize("bad", [7, 0.3, -1, True, "fast", None, [0.5]])
def test_a_bad_thinking_time_gives_the_default_and_a_notice(user_home: Path, bad: Any) -> None:
    settings_path().write_text(json.dumps({"bot_think_time": bad, "sound": False}))
    settings, notice = load_settings()
    assert settings == Settings(sound=False)  # the good value kept, the bad one the default
    assert notice is not None and "settings.json" in notice
    assert "bot_think_time: expected one of 0, 0.1, 0.25, 0.5, 1, got " in notice
    assert load_settings() == (settings, None)  # written back without the bad value


# ----------------------------------------------------------- the scene
def test_choosing_the_thinking_time_in_settings_by_clicks(user_home: Path) -> None:
    app = App((1280, 800), fast=True)
    pygame.event.clear()
    try:
        scene = SettingsScene(app)
        app.push(scene)
        app.frame(1 / 60)
        [(label, _description, stepper)] = [row for row in scene.rows if row[0] == "Bots' thinking time"]
        assert stepper.fmt(stepper.value) == "Game's own"
        for shown in ("0.1 s", "0.25 s", "0.5 s", "1 s", "1 s"):  # the last click: already the longest
            click(app, stepper._plus().center)
            assert stepper.fmt(stepper.value) == shown
        assert app.settings.bot_think_time == 1.0
        assert json.loads(settings_path().read_text())["bot_think_time"] == 1.0  # saved at once
        for _ in range(3):
            click(app, stepper._minus().center)
        assert app.settings.bot_think_time == 0.1 and load_settings()[0].bot_think_time == 0.1
        click(app, stepper._minus().center)
        assert app.settings.bot_think_time == 0.0 and stepper.fmt(stepper.value) == "Game's own"
    finally:
        app.stack.clear()


# --------------------------------------------- the match's bots, in this process
@pytest.mark.parametrize("game_id", sorted(OWN_BUDGETS))
def test_a_table_opened_with_a_tenth_of_a_second_gives_its_hard_bots_100_ms(user_home: Path, game_id: str) -> None:
    """The tests keep bots in their own process (conftest): the in-process path. Undo makes
    fresh bots, which keep the time too."""
    app = App((1024, 700), fast=True)
    app.settings.bot_think_time = 0.1
    session = new_session(game_id)
    try:
        TableScene(app, session)
        assert session.host is None
        assert clocks(session) == {0: None, **{seat: 100.0 for seat in list(session.bots)[1:]}}
        session._brief_bots()  # as after an undo or a resume
        assert clocks(session) == {0: None, **{seat: 100.0 for seat in list(session.bots)[1:]}}
    finally:
        session.close()


@pytest.mark.parametrize("game_id", sorted(OWN_BUDGETS))
def test_the_game_s_own_time_leaves_each_hard_bot_as_it_is(user_home: Path, game_id: str) -> None:
    app = App((1024, 700), fast=True)
    assert app.settings.bot_think_time == 0.0
    session = new_session(game_id)
    TableScene(app, session)
    own = OWN_BUDGETS[game_id]
    assert session.think_ms is None
    assert clocks(session) == {0: None, **{seat: own for seat in list(session.bots)[1:]}}
    session.think_for(250.0)  # a change reaches the running match's bots ...
    assert set(clocks(session).values()) == {None, 250.0}
    session.think_for(None)  # ... and the game's own comes back
    assert clocks(session) == {0: None, **{seat: own for seat in list(session.bots)[1:]}}


# ------------------------------------------------- ... and in the bots' process
def test_the_bots_process_gets_the_thinking_time_too(monkeypatch: pytest.MonkeyPatch, user_home: Path) -> None:
    monkeypatch.setenv("CARDTABLE_BOTS_APART", "1")
    app = App((1024, 700), fast=True)
    app.settings.bot_think_time = 0.1
    session = new_session("trio")
    try:
        TableScene(app, session)
        host = session.host
        assert host is not None and host.alive
        assert host.thinking().result(timeout=60) == {0: None, 1: 100.0, 2: 100.0, 3: 100.0}
        app.settings.bot_think_time = 0.0  # back to the game's own, from the next decision on
        session.think_for(bot_budget_ms(app.settings))
        assert host.thinking().result(timeout=60) == {0: None, 1: 1000.0, 2: 1000.0, 3: 1000.0}
        session.think_for(500.0)
        seat = session.to_act
        assert host.choose(seat, session.bot_view(seat)).result(timeout=60) in session.view(seat).legal
        assert host.thinking().result(timeout=60) == {0: None, 1: 500.0, 2: 500.0, 3: 500.0}
    finally:
        session.close()


class HintHost:
    """A stand-in for the bots' process that answers a hint at once and notes how it was asked."""

    alive = True

    def __init__(self) -> None:
        self.asked: list[tuple[str, float | None]] = []

    def advise(self, *asked: Any) -> Future[Any]:
        """Asked as :meth:`cardtable.bot_host.BotHost.advise` is."""
        _game_id, _record, _seat, level, _seed, budget_ms, _view = asked
        self.asked.append((level, budget_ms))
        done: Future[Any] = Future()
        done.set_result("noted")
        return done


@pytest.mark.parametrize("think_ms", [100.0, 1000.0, None])
def test_the_hint_keeps_its_own_thinking_time(think_ms: float | None) -> None:
    session = new_session("tribello")
    session.think_for(think_ms)
    host = HintHost()
    session.host = host  # type: ignore[assignment]
    assert session.hinter(1, seed=5)(session.view(1)) == "noted"
    assert host.asked == [(HINT_LEVEL, HINT_BUDGET_MS)]


def test_a_change_made_over_an_open_table_reaches_its_bots_when_it_is_back(user_home: Path) -> None:
    app = App((1280, 800), fast=True)
    pygame.event.clear()
    session = new_session("tryce")
    try:
        table = TableScene(app, session)
        app.push(table)
        scene = SettingsScene(app)
        app.push(scene)
        app.frame(1 / 60)
        stepper = scene.rows[-1][2]
        for _ in range(3):
            click(app, stepper._plus().center)  # 0.1, 0.25, 0.5 s
        assert set(clocks(session).values()) == {None, 300.0} and session.think_ms is None  # not yet
        click(app, scene.back_button.rect.center)
        assert app.stack.top is table and session.think_ms == 500.0
        assert clocks(session) == {0: None, 1: 500.0, 2: 500.0, 3: 500.0}
    finally:
        app.stack.clear()
        session.close()
