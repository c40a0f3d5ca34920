"""The match session: bots see only their seat's view and events, the autosave follows every
action, the table is drawn for the right seat, undo follows the hot-seat rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import try_record
from try_table import BIDS, HANDS, STOCK

import rules
from cardtable import saves
from cardtable import session as session_module
from cardtable.session import Session
from rules.bots import Bot


class SpyBot(Bot):
    """Plays the first legal action and keeps everything it was shown."""

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self.seen: list[Any] = []
        self.observed: list[rules.Event] = []

    def observe(self, events: list[rules.Event]) -> None:
        self.observed.extend(events)

    def choose(self, view: dict[str, Any]) -> str:
        self.seen.append(view)
        return view.legal[0]


def seats(*kinds: str) -> list[dict[str, Any]]:
    names = ["Ann", "Bob", "Cleo"]
    return [
        {"name": names[i], "kind": kind, **({"level": "normal"} if kind == "bot" else {})}
        for i, kind in enumerate(kinds)
    ]


def record(kinds: tuple[str, ...], actions: list[list[Any]]) -> dict[str, Any]:
    rec = try_record(HANDS, actions, STOCK)
    rec["seats"] = seats(*kinds)
    return rec


@pytest.fixture
def spies(monkeypatch: pytest.MonkeyPatch) -> list[SpyBot]:
    made: list[SpyBot] = []

    def spy(game_id: str, level: str, seat: int, seed: int | None = None) -> SpyBot:
        bot = SpyBot(game_id, seat, seed)
        made.append(bot)
        return bot

    monkeypatch.setattr(session_module, "new_bot", spy)
    return made


def test_bots_are_made_for_bot_seats_only(user_home: Path) -> None:
    session = Session.new("try", 3, None, seats("human", "bot", "bot"), 5, {})
    assert sorted(session.bots) == [1, 2]
    assert session.humans == [0]
    assert session.is_bot(1) and not session.is_bot(0)


def test_every_bot_observes_each_action_as_its_seat_sees_it(user_home: Path, spies: list[SpyBot]) -> None:
    session = Session.from_record(record(("human", "bot", "bot"), []))
    session.apply("bid 6S")
    for bot in session.bots.values():
        moves = [e for e in bot.observed if e.kind == "move"]
        assert moves == [rules.Event("move", {"card": None, "source": "hand/0", "target": "bid/0", "index": 0})]


def test_a_bot_is_asked_with_a_view_never_the_state(user_home: Path, spies: list[SpyBot]) -> None:
    session = Session.from_record(record(("human", "bot", "bot"), BIDS[:1]))
    view = session.bot_view(1)
    assert isinstance(view, rules.View) and not isinstance(view, rules.State)
    assert view.zones["hand/0"] == (None,) * 5
    assert session.bot_action(session.bots[1].choose(view)).text == "bid 7F"


def test_a_bots_illegal_answer_falls_back_to_a_legal_action(user_home: Path) -> None:
    session = Session.from_record(record(("human", "bot", "bot"), BIDS[:1]))
    assert session.bot_action("discard 99Z") in session.state.legal_actions()


def test_every_action_is_autosaved_and_the_save_cleared_at_the_end(user_home: Path) -> None:
    session = Session.new("try", 2, None, seats("bot", "bot"), 9, {})
    save = user_home / "saves" / "try.json"
    session.apply(session.state.legal_actions()[0])
    assert json.loads(save.read_text())["deals"][0]["actions"] == session.state.to_record()["deals"][0]["actions"]
    while not session.is_over:
        seat = session.to_act
        session.apply(session.bot_action(session.bots[seat].choose(session.bot_view(seat))))
    assert not save.exists()


def test_the_table_is_drawn_for_the_human_to_act_else_for_nobody_in_hot_seat(user_home: Path) -> None:
    session = Session.from_record(record(("bot", "human", "human"), []))
    assert session.to_act == 0 and session.viewer() is None  # a bot acts: the public view
    session.apply("bid 6S")
    assert session.viewer() == 1
    session.mark_seen(1)
    assert not session.needs_handoff(1)
    session.apply("bid 12F")
    assert session.viewer() == 2 and session.needs_handoff(2)


def test_after_the_public_view_even_the_last_human_gets_the_table_through_a_hand_off(user_home: Path) -> None:
    session = Session.from_record(record(("human", "bot", "human"), []))
    session.mark_seen(0)
    session.apply("bid 6S")
    session.show_to_all()  # the table showed the bot's turn to whoever watched
    assert session.viewer() is None and session.needs_handoff(0) and session.needs_handoff(2)
    session.mark_seen(2)
    assert not session.needs_handoff(2)


def test_with_one_human_the_table_stays_theirs_while_bots_act(user_home: Path) -> None:
    session = Session.from_record(record(("bot", "human", "bot"), []))
    assert session.viewer() == 1


def test_with_no_humans_the_table_is_drawn_for_seat_0(user_home: Path) -> None:
    session = Session.from_record(record(("bot", "bot", "bot"), BIDS[:1]))
    assert session.viewer() == 0
    assert not session.needs_handoff(0)


def test_one_human_never_needs_a_handoff(user_home: Path) -> None:
    session = Session.from_record(record(("human", "bot", "bot"), []))
    assert not session.needs_handoff(0)


def test_undo_takes_back_a_humans_own_move_and_rebriefs_the_bots(user_home: Path, spies: list[SpyBot]) -> None:
    session = Session.from_record(record(("human", "bot", "bot"), [*BIDS, [0, "draw discard"]]))
    assert session.can_undo(0)
    assert session.undo(0)
    assert session.state.legal_actions()[0].text == "draw stock"
    watcher = session.bots[1]
    assert watcher in spies and [e.kind for e in watcher.observed].count("move") == 4  # 3 bids, the up-card


def test_undo_refused_once_another_human_has_seen_the_table(user_home: Path) -> None:
    session = Session.from_record(record(("human", "human", "bot"), [*BIDS, [0, "draw discard"]]))
    session.mark_seen(0)
    session.apply("discard 1S")
    assert session.can_undo(0)  # Bob has not looked yet
    session.mark_seen(1)
    assert not session.can_undo(0)
    assert not session.undo(0)


def test_a_bot_seat_cannot_undo(user_home: Path) -> None:
    session = Session.from_record(record(("bot", "human", "bot"), BIDS[:1]))
    assert not session.can_undo(0)


def test_a_resumed_match_briefs_its_bots_with_the_past(user_home: Path, spies: list[SpyBot]) -> None:
    session = Session.from_record(record(("human", "bot", "bot"), [*BIDS, [0, "draw discard"], [0, "discard 1S"]]))
    observed = session.bots[2].observed
    assert [e.data.get("card") for e in observed if e.kind == "move"][-2:] == ["7D", "1S"]


def test_a_broken_record_is_a_rules_error(user_home: Path) -> None:
    with pytest.raises(rules.RulesError):
        Session.from_record({"format": "cardtable-record/1", "game": "try", "deals": []})


def test_a_hint_comes_from_a_bot_that_has_watched_the_match_as_your_seat(user_home: Path, spies: list[SpyBot]) -> None:
    session = Session.from_record(record(("human", "bot", "bot"), [*BIDS, [0, "draw discard"], [0, "discard 1S"]]))
    adviser = session.advisor(0)
    moves = [e.data for e in adviser.observed if e.kind == "move"]
    assert moves[0]["card"] == "6S" and moves[1]["card"] is None  # its own bid, then Bob's unseen one
    assert [m["card"] for m in moves[-2:]] == ["7D", "1S"]


def test_a_table_session_saves_on_the_saves_thread_and_readers_see_the_latest(user_home: Path) -> None:
    """``save_later`` (what the table asks for): each move's save is written off the frame; a
    reader in this process (the menu's list, a resume) waits for it, so it sees the latest."""
    session = Session.new("try", 2, None, seats("bot", "bot"), 9, {})
    session.save_later = True
    for _ in range(5):
        seat = session.to_act
        session.apply(session.bot_action(session.bots[seat].choose(session.bot_view(seat))))
    assert saves.load_saved("try") == session.state.to_record()
    while not session.is_over:
        seat = session.to_act
        session.apply(session.bot_action(session.bots[seat].choose(session.bot_view(seat))))
    assert saves.load_saved("try") is None and saves.list_saved() == []


def test_a_save_the_disk_refuses_on_the_saves_thread_is_told_once(user_home: Path) -> None:
    (user_home / "saves").write_text("a file where the saves folder should be", encoding="utf-8")
    session = Session.new("try", 2, None, seats("bot", "bot"), 9, {})
    session.save_later = True
    session.apply(session.state.legal_actions()[0])
    saves.flush()
    assert session.save_problem is not None and session.save_problem.startswith("The game could not be saved: ")


def test_a_moves_save_is_on_disk_before_the_next_move_is_made(user_home: Path, monkeypatch) -> None:
    """At the table saves are written on their own thread, yet a move is made only once the
    previous move's save is on disk: a kill then loses at most the move in flight (the kill
    test, tests/test_kill.py, measures it per game). The writes are slowed here so that a
    move made without waiting would find the disk behind."""
    import time

    from cardtable import userfiles

    real_write = userfiles.write_json
    monkeypatch.setattr(userfiles, "write_json", lambda *a, **k: (time.sleep(0.002), real_write(*a, **k)))
    session = Session.new("tribello", 3, None, seats("bot", "bot", "bot"), 4, {})
    session.save_later = True
    real_apply = session.state.apply
    behind = []

    def apply(action, **kw):  # the moment a move is made: what does the disk hold?
        on_disk = json.loads(saves.save_path("tribello").read_text(encoding="utf-8"))
        behind.append(moves(session.state.to_record()) - moves(on_disk))
        return real_apply(action, **kw)

    monkeypatch.setattr(session.state, "apply", apply)
    for _ in range(60):
        seat = session.to_act
        session.apply(session.bot_action(session.bots[seat].choose(session.bot_view(seat))))
    assert len(behind) == 60 and set(behind) == {0}


def moves(record: dict[str, Any]) -> int:
    return sum(1 for deal in record["deals"] for seat, _text in deal["actions"] if seat is not None)
