"""Records (``cardtable-record/1``): a malformed record is a clear RulesError, never a traceback;
an unfinished record is valid; ``start`` lets a record begin later in a match."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import load_record, try_record

import rules

WORKED = "try_worked_example.json"


def broken(change: Any, name: str = WORKED) -> dict[str, Any]:
    """A recorded match with ``change(record)`` applied to it."""
    record = load_record(name)
    change(record)
    return record


def refusal(record: Any) -> str:
    with pytest.raises(rules.RulesError) as refused:
        rules.replay(record)
    return str(refused.value)


def layout(record: dict[str, Any]) -> dict[str, list[str]]:
    return record["deals"][0]["layout"]


def actions(record: dict[str, Any]) -> list[list[Any]]:
    return record["deals"][0]["actions"]


def test_a_recorded_match_replays_to_its_end():
    state = rules.replay(load_record(WORKED))
    assert state.is_over and state.scores == [71, 71, 71]


def test_a_record_of_a_finished_match_round_trips_through_json(try_game):
    state = try_game.new_match(players=3, seed=8, seats=[{"name": n, "kind": "human"} for n in "ABC"])
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    record = json.loads(json.dumps(state.to_record()))
    assert record["format"] == "cardtable-record/1"
    assert record["totals"] == state.scores and record["winners"] == state.winners
    again = rules.replay(record)
    assert again.to_record() == record


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        pytest.param([1, 2], "expected a JSON object", id="not an object"),
        pytest.param(
            broken(lambda r: r.update(format="cardtable-record/2")),
            "format: expected 'cardtable-record/1', got 'cardtable-record/2'",
            id="wrong format",
        ),
        pytest.param(broken(lambda r: r.pop("format")), "format: expected", id="no format"),
        pytest.param(broken(lambda r: r.update(game="chess")), "unknown game 'chess'", id="unknown game"),
        pytest.param(broken(lambda r: r.pop("deals")), "deals: expected a non-empty list", id="missing deals"),
        pytest.param(broken(lambda r: r.update(deals=[])), "deals: expected a non-empty list", id="no deals"),
        pytest.param(
            broken(lambda r: r["deals"][0].pop("layout")),
            "deals[0]: expected a table with a layout",
            id="missing layout",
        ),
        pytest.param(
            broken(lambda r: layout(r)["stock"].pop()),
            "deals[0].layout: 1 cards of the deck are missing (12B)",
            id="layout missing a card",
        ),
        pytest.param(
            broken(lambda r: layout(r)["stock"].__setitem__(-1, "3S")),
            "deals[0].layout.stock: card '3S' appears more often than the deck holds it",
            id="duplicated card",
        ),
        pytest.param(
            broken(lambda r: layout(r)["stock"].__setitem__(-1, "13B")),
            "deals[0].layout.stock: unknown card '13B'",
            id="unknown card text",
        ),
        pytest.param(
            broken(lambda r: layout(r).update(pile=layout(r).pop("discard"))),
            "deals[0].layout.pile: unknown zone",
            id="unknown zone",
        ),
        pytest.param(
            broken(lambda r: layout(r).update({"hand/3": [], "bid/3": []})),
            "deals[0].layout.hand/3: no such zone with 3 players",
            id="seat beyond the players",
        ),
        pytest.param(
            broken(lambda r: layout(r)["stock"].append(layout(r)["hand/0"].pop())),
            "deals[0].layout.hand/0: expected 6 cards, got 5",
            id="short hand",
        ),
        pytest.param(
            broken(lambda r: layout(r)["stock"].append(layout(r)["removed"].pop())),
            "deals[0].layout.removed: expected 11 cards (settings.removed), got 10",
            id="removed count",
        ),
        pytest.param(
            broken(lambda r: r.update(settings={"removed": 42})),
            "settings.removed: 42 is out of range",
            id="removed setting out of range",
        ),
        pytest.param(
            broken(lambda r: r.update(settings={"speed": 3})), "settings.speed: unknown setting", id="unknown setting"
        ),
        pytest.param(broken(lambda r: r.update(players=4)), "for 2 to 3 players, not 4", id="too many players"),
        pytest.param(broken(lambda r: r.update(seed="x")), "seed: expected an integer", id="bad seed"),
        pytest.param(
            broken(lambda r: actions(r).__setitem__(0, [1, "bid 7F"])),
            "deals[0].actions[0]: seat 1 acts, but it is seat 0's turn",
            id="action by the wrong seat",
        ),
        pytest.param(
            broken(lambda r: actions(r).__setitem__(4, [1, "discard 12K"])),
            "deals[0].actions[4]: The 12 of Skulls is not in your hand.",
            id="illegal action text",
        ),
        pytest.param(
            broken(lambda r: actions(r).__setitem__(4, [1, "shuffle"])),
            "deals[0].actions[4]: 'shuffle' is not a legal action now",
            id="unknown action",
        ),
        pytest.param(
            broken(lambda r: actions(r).__setitem__(4, "draw stock")),
            'deals[0].actions[4]: expected [seat, "action"]',
            id="action not a pair",
        ),
        pytest.param(
            broken(lambda r: actions(r).append([0, "draw stock"])),
            "deals[0].actions[8]: seat 0 acts, but the match is already over",
            id="action after the end",
        ),
        pytest.param(
            broken(lambda r: r["deals"][0].update(scores=[70, 70, 70])),
            "deals[0].scores: recorded [70, 70, 70], the replay scores [71, 71, 71]",
            id="scores differ",
        ),
        pytest.param(
            broken(lambda r: actions(r).pop()),
            "deals[0].scores: recorded [71, 71, 71], but the replay does not finish the deal",
            id="scores of an unfinished deal",
        ),
        pytest.param(
            broken(lambda r: r.update(start={"deal": 1, "scores": [0]})),
            "start.scores: expected 3 scores",
            id="bad start scores",
        ),
    ],
)
def test_a_malformed_record_is_a_rules_error_saying_where(record, expected):
    message = refusal(record)
    assert message.startswith("record: ")
    assert expected in message


def test_an_unfinished_record_is_valid():
    record = load_record(WORKED)
    del actions(record)[5:]
    del record["deals"][0]["scores"]
    state = rules.replay(record)
    assert not state.is_over
    assert state.current_player == 1
    assert state.legal_actions()
    assert state.to_record()["deals"] == record["deals"]


def test_a_record_with_only_a_layout_replays_to_the_first_choice():
    record = try_record([["12F", "11F", "9F", "2K", "1S", "10F"], ["7F", "8F", "6F", "3K", "1K", "2D"]], [])
    state = rules.replay(record)
    assert state.current_player == 0
    assert [a.text for a in state.legal_actions()][:2] == ["bid 12F", "bid 11F"]


def test_a_record_with_a_start_replays():
    record = load_record(WORKED) | {"start": {"deal": 4, "scores": [10, 10, 10]}}
    state = rules.replay(record)
    assert state.view(0).deal == 4
    assert state.is_over and state.scores == [71, 71, 71]  # Try's score is the deal's team total
    assert state.to_record()["start"] == {"deal": 4, "scores": [10, 10, 10]}


def test_a_record_before_scoring_keeps_its_start_scores():
    record = load_record(WORKED) | {"start": {"deal": 2, "scores": [5, 5, 5]}}
    del actions(record)[3:]
    del record["deals"][0]["scores"]
    state = rules.replay(record)
    assert state.to_record()["start"] == {"deal": 2, "scores": [5, 5, 5]}


def test_replay_takes_the_layout_from_the_record_not_from_the_seed():
    record = load_record(WORKED)
    for seed in (1, 2, 42):
        state = rules.replay(record | {"seed": seed})
        assert state.scores == [71, 71, 71]


def test_the_try_example_in_docs_records_md_is_the_tested_record():
    text = (Path(__file__).parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    (example,) = re.findall(r"```json\n(.*?)```", text, re.DOTALL)
    assert json.loads(example) == load_record(WORKED)


def test_every_example_record_in_docs_records_md_replays_and_scores_as_written():
    text = (Path(__file__).parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    examples = [json.loads(block) for block in re.findall(r"```jsonc?\n(\{.*?)```", text, re.DOTALL)]
    games = {example["game"] for example in examples}
    assert {"try", "trio", "tribello", "troeven"} <= games
    for example in examples:
        state = rules.replay(example)  # raises if recorded scores differ from the replay
        if "totals" in example:
            assert state.scores == example["totals"]
