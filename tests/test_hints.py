"""The table's hint: the strongest bot's move with its one-line reason, driven by real pygame
events (the hint key, frames pumped) under the dummy driver. Asked of the bots' process when there
is one (the default), else of ``normal`` on the worker thread; an answer that comes after the
position changed is dropped; and a reason never names a card the seat cannot see."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
import re  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from pointer import post, settle  # noqa: E402
from test_table_tricks import TRIBELLO, record  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from rules.bots import Advice, make_bot  # noqa: E402

# Tribello (test_table_tricks.TRIBELLO): Ann deals and leads after everyone keeps their hand.
LEADING = [[0, "keep"], [1, "keep"], [2, "keep"]]


def tribello_record(actions: list[list[Any]] = LEADING) -> dict[str, Any]:
    return record("tribello", TRIBELLO, 0, actions)


@pytest.fixture
def app(user_home: Path) -> Iterator[App]:
    app = App((1280, 800), fast=True)
    yield app
    for scene in list(app.stack.scenes):
        session = getattr(scene, "session", None)
        if session is not None:
            session.close()  # the bots' process, when a test started one
    app.stack.clear()


def open_table(app: App, actions: list[list[Any]] = LEADING) -> TableScene:
    table = TableScene(app, Session.from_record(tribello_record(actions)))
    app.push(table)
    settle(app)
    assert table._my_turn()
    return table


def press_hint_and_wait(app: App, table: TableScene, seconds: float = 60.0) -> None:
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0)
    end = time.monotonic() + seconds
    while table.hint is None and time.monotonic() < end:
        app.frame(1 / 60)
        time.sleep(0.01)
    assert table.hint is not None, "no hint came"


def hinted_action(table: TableScene) -> str:
    card, source, _target = table.hint
    assert card is not None and source == "hand/0"
    return f"play {card.text}"


def test_the_hint_names_a_legal_card_and_why(app: App) -> None:
    """Without the bots' process (the tests' default), ``normal`` answers on the worker thread."""
    table = open_table(app)
    press_hint_and_wait(app, table)
    action = hinted_action(table)
    assert action in table.state.view(0).legal
    words, _, reason = table.said.text.partition(" \u2014 ")
    assert words.startswith("Hint: ") and reason, table.said.text
    advice = make_bot("tribello", "normal", 0, 1).advise(table.state.view(0))
    assert (action, reason) == (advice.action, advice.reason)  # normal's move and normal's words


def test_the_hint_is_asked_of_the_bots_process_and_the_frames_keep_running(app: App, monkeypatch) -> None:
    """With bots apart (the app's default), ``hard`` thinks in the bots' process: frames keep
    coming while it thinks (waiting on the answer releases the interpreter lock)."""
    monkeypatch.setenv("CARDTABLE_BOTS_APART", "1")
    table = open_table(app)
    host = table.session.host
    assert host is not None
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0)
    frames = 0
    end = time.monotonic() + 60
    while table.hint is None and time.monotonic() < end:
        app.frame(1 / 60)
        frames += 1
        time.sleep(0.005)
    assert table.hint is not None and host.answered >= 1
    assert frames > 1  # the table drew while hard thought (it waits on no answer)
    assert hinted_action(table) in table.state.view(0).legal
    assert " \u2014 " in table.said.text


def test_the_process_advises_with_the_hard_bot(user_home: Path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_BOTS_APART", "1")
    session = Session.from_record(tribello_record())
    try:
        advise = session.hinter(0, 5)
        assert session.host is not None
        advice = advise(session.view(0))
        assert isinstance(advice, Advice)
        assert advice.action in session.state.view(0).legal and advice.reason
        # a process that is gone: the hint is still given, by normal here
        session.host.close()
        later = session.hinter(0, 5)(session.view(0))
        assert later == make_bot("tribello", "normal", 0, 5).advise(session.state.view(0))
    finally:
        session.close()


def test_an_answer_that_comes_after_an_undo_is_dropped(app: App, monkeypatch) -> None:
    """Ann sets a card aside for the exchange, asks for a hint, and takes her move back before
    the (slow) answer comes: the answer, still a legal move, is not shown."""
    table = open_table(app, [[0, "toggle 3S"]])
    release = threading.Event()
    asked: list[str] = []

    def slow_hinter(seat: int, seed: int | None = None):
        def advise(view: rules.View) -> Advice:
            release.wait(10)
            asked.append(view.legal[1])  # "toggle 4S": legal before the undo and after it
            return Advice(view.legal[1], "a stale reason")

        return advise

    monkeypatch.setattr(table.session, "hinter", slow_hinter)
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0)
    app.frame(1 / 60)
    post(pygame.KEYDOWN, key=pygame.K_u, mod=0)
    app.frame(1 / 60)
    assert table.said.text == "Move taken back."
    release.set()
    for _ in range(30):
        app.frame(1 / 60)
        time.sleep(0.005)
    assert asked and asked[0] in table.state.view(0).legal  # the answer would still parse...
    assert table.hint is None and "stale" not in table.said.text  # ...but it is dropped


# ------------------------------------------------------- no hidden information
CARD_WORDS = re.compile(r"the (Ace|King|Queen|Jack|\d+) of (trumps|Spades|Hearts|Diamonds|Clubs)")


def visible_cards(view: rules.View) -> set[str]:
    """Every card face this seat can see: its hand, the table, the tricks, face-up cards."""
    return {c for zone in view.zones.values() for c in zone if c is not None}


@pytest.mark.parametrize(("game", "variant"), [("tribello", "standard"), ("troeven", "dummy"), ("troeven", "thirty")])
def test_a_reason_names_only_cards_the_seat_can_see(game: str, variant: str) -> None:
    """Over whole deals, every card a reason names ("saves the Ace of Spades") is one this seat
    can see; ranks alone ("the 10 is the cheapest card that takes the trick") name the card played or on the table."""
    state = rules.load_game(game).new_match(players=3, variant=variant, seed=7)
    deck = rules.load_game(game).deck(variant)
    rng = random.Random(3)
    named = 0
    for _ in range(150):
        if state.is_over or state.deal_results:
            break
        seat = state.current_player
        if seat is None:
            state.apply(rng.choice(state.legal_actions()))
            continue
        view = state.view(seat)
        advice = make_bot(game, "normal", seat, rng.randrange(1000)).advise(view)
        assert advice.action in view.legal and advice.reason, advice
        seen = visible_cards(view)
        trump = view.public.get("trump")
        for rank, suit in CARD_WORDS.findall(advice.reason):
            wanted = {"Ace": "A", "King": "K", "Queen": "Q", "Jack": "J"}.get(rank, rank)
            faces = [
                f
                for f in deck.faces
                if str(f.rank) == wanted and (f.suit == trump if suit == "trumps" else f.suit == suit.lower())
            ]
            assert any(f.text in seen for f in faces), (advice, seen)
            named += 1
        state.apply(advice.action)
    assert named > 5
