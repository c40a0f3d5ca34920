"""Typed public facts (rules.facts) and the engine's words as enums (rules.kinds): every game's
view publishes its facts' JSON key for key, reads back typed, and a sample restores a state whose
view publishes the same facts; kinds and phases are enums that read exactly as their words."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import rules
from rules.facts import DealDetails, Facts, facts_of
from rules.kinds import ActionKind, EventKind
from rules.trick_facts import TrickFacts, trick_facts_of
from rules.view import thaw

GAMES = rules.list_games()


def _views_of_a_random_match(game_id: str, steps: int = 120, seed: int = 3):
    """(state, view) at each step of a seeded random match, for every seat and a spectator."""
    game = rules.load_game(game_id)
    state = game.new_match(players=game.default_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        for seat in [None, *range(state.players)]:
            yield state, state.view(seat)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_facts_and_writes_no_restore_of_its_own(game_id: str) -> None:
    procedure = rules.load_game(game_id).procedure
    assert issubclass(procedure.FACTS, Facts)
    assert all("_restore_public" not in vars(cls) for cls in procedure.__mro__ if cls is not rules.State)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_views_public_facts_read_back_typed_key_for_key(game_id: str) -> None:
    kind = rules.load_game(game_id).procedure.FACTS
    for _state, view in _views_of_a_random_match(game_id, steps=60):
        facts = kind.of(view)
        assert isinstance(facts, kind) and facts_of(view) == facts
        again = kind.from_json(json.loads(json.dumps(view.to_json()))["public"])
        assert again == facts
        assert json.dumps(again.to_json()) == json.dumps(thaw(view.public))  # same keys, same order


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sample_restores_the_facts_its_view_published(game_id: str) -> None:
    for state, view in _views_of_a_random_match(game_id, steps=80):
        if view.seat is None or view.seat != state.current_player:
            continue
        world = rules.sample(view, random.Random(1))
        assert world.view(view.seat).public == view.public
        assert world.current_player == state.current_player
        assert sorted(a.text for a in world.legal_actions()) == sorted(view.legal)


def test_trick_games_share_typed_trick_facts_and_other_games_have_none() -> None:
    for game_id in GAMES:
        view = rules.load_game(game_id).new_match(seed=1).view(None)
        trick = trick_facts_of(view)
        assert (trick is not None) == isinstance(facts_of(view), TrickFacts)
        if trick is not None:
            assert trick.tricks_won == tuple(view.public["tricks_won"]) and trick.phase == view.public["phase"]


def test_kinds_read_as_their_words_in_json_dicts_text_and_pickles() -> None:
    assert json.dumps({"kind": ActionKind.PLAY}) == '{"kind": "play"}'
    assert {"play": 1}[ActionKind.PLAY] == 1 and {EventKind.MOVE: 2}["move"] == 2
    assert f"{ActionKind.TRUMP} {EventKind.DEAL_OVER}" == "trump deal_over" and str(ActionKind.DRAW) == "draw"
    assert pickle.loads(pickle.dumps(ActionKind.TOGGLE)) is ActionKind.TOGGLE


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_actions_and_phases_are_enums_not_free_strings(game_id: str) -> None:
    state = rules.load_game(game_id).new_match(seed=2)
    rng = random.Random(2)
    while not state.is_over and state.deal_no == 1:
        for action in state.legal_actions():
            assert type(action.kind) is not str, action
        assert type(state.phase) is not str
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


VERSIONS = [(g, v) for g in GAMES for v in rules.load_game(g).variants]


def _results_of_a_random_match(game_id: str, variant: str, seed: int = 5, deals: int = 2) -> list[rules.DealResult]:
    """The deal results of a seeded random match, played until ``deals`` are booked or it ends."""
    game = rules.load_game(game_id)
    state = game.new_match(variant=variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_over or len(state.deal_results) >= deals:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))], events=False)
    return list(state.deal_results)


@pytest.mark.parametrize(("game_id", "variant"), VERSIONS)
def test_a_deals_details_are_typed_and_read_back_field_for_field(game_id: str, variant: str) -> None:
    kind = rules.load_game(game_id).procedure.DETAILS
    assert isinstance(kind, type) and issubclass(kind, DealDetails)
    results = _results_of_a_random_match(game_id, variant)
    assert results, "no deal was booked"
    for result in results:
        details = kind.of(result)
        assert isinstance(details, kind)
        # through JSON, as a result crosses to the bots' process: the same value, parsed by field
        again = kind.of(rules.DealResult.from_json(json.loads(json.dumps(result.to_json()))))
        assert again == details and again is not details
        # the result's own fields (deal, dealer, scores) are not repeated where equal, as before
        own = {"deal": result.deal, "dealer": result.dealer, "scores": list(result.scores)}
        written = {k: v for k, v in again.to_json().items() if k not in own or v != own[k]}
        assert json.dumps(written, sort_keys=True) == json.dumps(thaw(result.details), sort_keys=True)
