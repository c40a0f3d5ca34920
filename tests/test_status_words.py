"""The table's words agree with "You": over random matches of every game, no status line, log
line or message addressed to anyone says "You sells", "You is", "You buys" (the first seat is
named "You", the new-game default, so a spectator's words are checked too). And no status is
stale: news of another seat's move gives way to the viewer's prompt when the viewer is asked to
act, and the viewer's own move no longer shows the prompt that asked for it while it plays back
(real pygame events under the dummy driver)."""

from __future__ import annotations

import os
import random
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest  # noqa: E402
from conftest import try_record  # noqa: E402
from pointer import click, settle  # noqa: E402
from test_hints import TRIBELLO  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene, status  # noqa: E402
from rules.presenter import agree, presenter_for  # noqa: E402

NAMES = ("You", "Ada", "Basil", "Cleo", "Dmitri", "Eve")
# "You" and a verb in the third person: the verbs the games use, and any word ending in -s that
# is not one of the few words that may follow "you" ("you always ...", "as you ...").
NOT_VERBS = {"always", "as", "plus", "thus", "yours", "its", "this", "is?"}
YOU_VERB = re.compile(r"\b[Yy]ou (is|was|has|does|goes|\w+s)\b")


def wrong(line: str | None) -> list[str]:
    if not line:
        return []
    return [m.group(0) for m in YOU_VERB.finditer(line) if m.group(1) not in NOT_VERBS]


def test_agree() -> None:
    assert agree("You", "sell") == "You sell" and agree("Ada", "sell") == "Ada sells"
    assert agree("You", "be") == "You are" and agree("Ada", "be") == "Ada is"
    assert agree("Ada", "pass") == "Ada passes" and agree("Ada", "carry") == "Ada carries"
    assert agree("Ada", "go") == "Ada goes" and agree("Ada", "play") == "Ada plays"


@pytest.mark.parametrize("game_id", rules.list_games())
def test_no_line_says_you_with_a_verb_in_the_third_person(game_id: str) -> None:
    game = rules.load_game(game_id)
    low, _high = game.config.player_range(game.variants[0])
    found: list[str] = []
    lines = 0
    for seed in range(3):
        players = max(3, low) + seed % 2 if max(3, low) + seed % 2 <= _high else max(3, low)
        state = game.new_match(players=players, seed=seed)
        presenter = presenter_for(game, state.deck)
        names = list(NAMES[:players])
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            for viewer in (0, 1, None):
                view = state.view(viewer)
                legal = list(view_actions(state, viewer))
                line = status.status_line(view, legal, game.zone_specs, viewer, names, {1, 2}, presenter)
                found += wrong(line)
                lines += 1
            events = state.apply(rng.choice(state.legal_actions()))
            for viewer in (0, 1, None):
                for event in rules.events_for(events, viewer):
                    found += wrong(presenter.log_line(event.kind, event.data, viewer, names))
                    said = presenter.say(event.kind, event.data, viewer, names)
                    found += wrong(said.text if said is not None else None)
                    lines += 2
    assert lines > 100
    assert not found, sorted(set(found))


def view_actions(state: rules.GameState, viewer: int | None) -> list[rules.Action]:
    return state.legal_actions() if viewer is not None and state.current_player == viewer else []


# ------------------------------------------------------------------ stale status
def test_news_of_an_exchange_gives_way_to_your_prompt(app: App) -> None:
    """Tribello: Basil (the dealer) and Cleo exchange before you; "Cleo exchanged 5 cards." is
    said as it plays back, and when your turn comes your prompt shows, not that news."""
    record = {
        "format": rules.RECORD_FORMAT,
        "game": "tribello",
        "variant": "standard",
        "players": 3,
        "settings": {},
        "seats": [
            {"name": "You", "kind": "human"},
            {"name": "Basil", "kind": "bot", "level": "normal"},
            {"name": "Cleo", "kind": "bot", "level": "normal"},
        ],
        "seed": 1,
        "deals": [{"dealer": 1, "layout": TRIBELLO, "actions": []}],
    }
    session = Session.from_record(record)
    assert session.state.current_player == 1  # the dealer exchanges first, then Cleo, then you
    table = TableScene(app, session)
    app.push(table)
    said: list[str] = []
    for _ in range(600):
        app.frame(1 / 60)
        if table.said.text and table.said.text not in said:
            said.append(table.said.text)
        if table._my_turn() and not table._busy() and not table.dirty:
            break
    assert table._my_turn() and table.legal
    assert any("exchanged" in line or "kept the hand" in line for line in said), said  # the news was shown
    assert table.said.text == "" and table.status_text.startswith("Exchange: click"), (
        table.said.text,
        table.status_text,
    )


def test_your_own_move_does_not_keep_the_prompt_that_asked_for_it(app: App) -> None:
    """Try: you draw the fourth Star and say Try; while that plays back (the banner "You say
    Try!"), the status no longer says "Your turn: draw"."""
    hands = [
        ["1S", "2S", "3S", "5B", "9K", "12F"],
        ["7F", "8K", "9D", "10B", "11F", "12K"],
        ["1K", "2D", "3B", "4S", "5F", "8D"],
    ]
    record = try_record(hands, [[0, "bid 12F"], [1, "bid 12K"], [2, "bid 8D"]], ["7D", "8S", "9S", "10F"])
    record["seats"] = [{"name": "You", "kind": "human"}] + [
        {"name": n, "kind": "bot", "level": "normal"} for n in ("Ada", "Bob")
    ]
    app.fast = False
    table = TableScene(app, Session.from_record(record))
    app.push(table)
    settle(app)
    assert table.status_text.startswith("Your turn: draw")
    click(app, table.board.top("stock").rect().center)
    banners = []
    for _ in range(120):
        app.frame(1 / 60)
        if table.banner.alpha > 0:
            banners.append((table.banner.text, table.status_text))
    assert banners and all(text == "You say Try!" for text, _ in banners)
    assert not any(line.startswith("Your turn") for _, line in banners), banners[0]
