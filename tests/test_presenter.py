"""The presenter boundary (rules/presenter.py): every value a presenter returns is frozen and
round-trips through JSON; the built-in games' presenters are found through their specs and read
views only; the neutral presenter words any game."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys

import pytest

import rules
from rules.presenter import (
    Badge,
    Cards,
    Cell,
    DealTerms,
    EndWords,
    Exchange,
    HandLine,
    Held,
    History,
    HistoryRow,
    Mention,
    Plate,
    Presenter,
    Row,
    Say,
    ScoreSheet,
    SetLine,
    Term,
    TrickPresenter,
    Value,
    presenter_for,
)

SHEET = ScoreSheet(
    "After deal 2",
    ("Ann", "Basil"),
    (Row("Deal 1", (Cell("3/4", -1, False), Cell("5/4", 1)), "hearts", "Nullo"),),
    "Round 1",
    "tricks / quota",
    "Total",
    (3, -1),
    (0,),
)
VALUES = [
    Plate("bot \u00b7 normal", ("dealer", "Try!"), (3, None), 1),
    Badge("Trump: Hearts", ("Round 1 \u00b7 deal 1 of 12",), "hearts"),
    Say("Ann says Try!", "banner", 1.5),
    SHEET,
    DealTerms(
        "WIN",
        "win",
        "71 points",
        "Tried suit: ",
        "S",
        "Stars",
        "Hands and bids",
        (HandLine("Ann", Cards(("1S", "W"), (False, True)), "TRY", "bid", Cards(("2S",))),),
        "Score",
        (Term("Stars in hands", ("1S",), 1),),
        "Total",
        "at least 65 needed",
        71,
        "Trios taken",
        3,
        (SetLine("Ann & Cleo", Cards(("7",), (False,)), True, "win", "1 trio"),),
        SHEET,
    ),
    Held("hand/1", "low"),
    History("Last reveals", (HistoryRow("Bob", (Mention("6", "mid 1"), Mention("3", "your low")), "trio!"),)),
    EndWords("lowest", "highest", "Only the ends."),
    Exchange("Swap", "Pass", "Press {give}", "Pick one", "offered", "3"),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_every_presenter_value_is_frozen_and_round_trips_through_json(value: Value) -> None:
    text = json.dumps(value.to_json())
    assert type(value).from_json(json.loads(text)) == value
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.title = "changed"  # type: ignore[misc]


def test_a_damaged_value_is_refused_with_its_key() -> None:
    with pytest.raises(rules.RulesError, match="Plate.chips"):
        Plate.from_json({"sub": "x", "chips": ["three"]})
    with pytest.raises(rules.RulesError, match="unknown key 'colour'"):
        Badge.from_json({"title": "x", "colour": "red"})


@pytest.mark.parametrize("game_id", rules.list_games())
def test_each_game_presenter_comes_from_its_spec_and_words_a_whole_match_from_views(game_id: str) -> None:
    game = rules.load_game(game_id)
    state = game.new_match(seed=4)
    presenter = presenter_for(game, state.deck)
    assert isinstance(presenter, Presenter)
    if game.spec is not None and game.spec.presenter:
        assert type(presenter).__module__ == game.spec.presenter.partition(":")[0]
    names = [str(s.get("name") or f"P{i}") for i, s in enumerate(state.seats)]
    rng = random.Random(2)
    for _ in range(400):
        if state.is_over:
            break
        view = state.view(state.current_player)
        legal = state.legal_actions()
        seat = state.current_player
        assert isinstance(presenter.status(view, seat, names, "generic", legal), str)
        assert all(isinstance(n, str) for n in presenter.notes(view, seat, names))
        assert all(isinstance(presenter.plate(view, s, seat, names, Plate("human")), Plate) for s in range(len(names)))
        badge = presenter.badge(view, seat, names)
        assert badge is None or isinstance(badge, Badge)
        assert all(isinstance(h, Held) for h in presenter.held(view))
        history = presenter.history(view, seat, names)
        assert history is None or History.from_json(json.loads(json.dumps(history.to_json()))) == history
        assert isinstance(presenter.exchange(view, seat, names), Exchange)
        assert isinstance(presenter.end_words(), EndWords)
        for action in legal:
            assert presenter.action_end(action) in (None, "low", "high")
            text = presenter.hint_text(action, seat, names)
            assert text is None or isinstance(text, str)
        for event in state.apply(rng.choice(legal)):
            said = presenter.say(event.kind, event.data, seat, names)
            assert said is None or isinstance(said, Say)
    terms = presenter.result(list(state.deal_results), list(state.scores), list(state.winners), names, state.view(None))
    assert DealTerms.from_json(json.loads(json.dumps(terms.to_json()))) == terms


def test_the_neutral_presenter_words_a_game_of_several_deals() -> None:
    game = rules.load_game("tribello")
    presenter = Presenter(game.new_match(seed=1).deck)
    results = [rules.DealResult(1, 0, (1, -1), {}), rules.DealResult(2, 1, (2, 0), {})]
    terms = presenter.result(results, [3, -1], [0], ["Ann", "Basil"], game.new_match(seed=1).view(None))
    assert (terms.headline, terms.reason) == ("Ann wins", "Final scores after 2 deals")
    assert [[c.detail for c in r.cells] for r in terms.sheet.rows] == [["(1)", "(-1)"], ["(3)", "(-1)"]]
    assert terms.sheet.leaders == (0,)


def test_trio_says_where_its_held_cards_came_from_and_which_end_a_reveal_takes() -> None:
    game = rules.load_game("trio")
    state = game.new_match(players=3, variant="simple", seed=2, dealer=2)
    presenter = presenter_for(game, state.deck)
    low = next(a for a in state.legal_actions() if a.text == "reveal low 1")
    middle = next(a for a in state.legal_actions() if a.text == "reveal middle/0")
    assert (presenter.action_end(low), presenter.action_end(middle)) == ("low", None)
    assert presenter.hint_text(low, 0, ["Ann", "Bob", "Cleo"]) == "reveal Bob's lowest card"
    (event,) = [e for e in state.apply(low) if e.data.get("target") == "revealed"]
    assert presenter.held_from(event.data) == Held("hand/1", "low")
    assert presenter.held(state.view(0)) == (Held("hand/1", "low"),)


def test_the_neutral_presenter_reads_a_held_cards_end_from_its_index() -> None:
    presenter = Presenter(rules.load_game("tribello").new_match(seed=1).deck)
    assert presenter.held_from({"source": "hand/2", "index": 0}) == Held("hand/2", "low")
    assert presenter.held_from({"source": "hand/2", "index": 4}) == Held("hand/2", "high")
    assert presenter.held_from({"source": "grid/3"}) == Held("grid/3", None)
    assert presenter.held({}) == () and presenter.history({}, 0, ["Ann"]) is None


def test_a_trick_game_without_a_presenter_gets_the_trick_words() -> None:
    game = rules.load_game("troeven")
    bare = type("Bare", (), {"spec": None, "config": game.config})()
    assert type(presenter_for(bare, game.new_match(seed=1).deck)) is TrickPresenter


def test_presenters_import_no_pygame() -> None:
    code = (
        "import sys, rules, rules.presenter\n"
        "for g in rules.list_games():\n"
        "    game = rules.load_game(g); rules.presenter.presenter_for(game, game.new_match(seed=1).deck)\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
