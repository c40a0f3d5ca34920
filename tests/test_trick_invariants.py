"""Random-play invariants of the trick games: what must hold in every state of every match.

Seeded random matches of Tribello and both versions of 3-Player Troeven are played with
every check on every state: cards conserved, a legal move while live, views and events leak
nothing, undo is exact and refused where it must be, clones are independent, ``sample``
agrees with the view it came from, and the record (through JSON) replays to the same state.

To keep the default run short (200 matches in all, about 20 s) a match starts late
(``start``): Tribello at a deal of any round, played for at most two deals (so round changes
and the match's end both come up); Troeven with tallies of 1 or 2, so it ends within a few
deals. The slow run plays 2,000 matches, Tribello's to their end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from invariants import (
    all_views,
    audience,
    card_names,
    check_cards_conserved,
    check_clone_is_independent,
    check_replay,
    check_view,
    seen_by,
)

import rules
from rules.bots import make_bot
from rules.tricks import DUMMY

CASES = [
    ("tribello", None, {}),
    ("tribello", None, {"follow_rule": "follow_or_trump"}),
    ("troeven", "dummy", {}),
    ("troeven", "thirty", {}),
]
DEFAULT_MATCHES = 200  # in all, shared by the cases
SLOW_MATCHES = 2000  # in all, played to the end of the match
TRIBELLO_DEALS_PLAYED = 2














def check_events(before: rules.State, after: rules.State, events: list[rules.Event]) -> None:
    """Events shown to a seat name only cards it saw before, sees after, or that went face up to everyone."""
    shown_to_all = {
        e.data["card"]
        for e in events
        if e.audience is None and e.kind in ("move", "flip") and after.zone_visible(e.data["target"], None)
    }
    for seat in audience(after):
        shown = rules.events_for(events, seat)
        named = card_names([dict(e.data) for e in shown], after.deck)
        allowed = seen_by(before, seat) | seen_by(after, seat) | shown_to_all
        assert named <= allowed, f"events leak {named - allowed} to seat {seat}"


def check_play_state(state: rules.State) -> None:
    """The trick on the table is the trick zone, and the dummy shows a face-up card over each face-down one."""
    public = state.view(None)["public"]
    assert [card for _place, card in public["trick"]] == [state.deck.text(c) for c in state.zones["trick"]]
    for i in range(public["dummy_columns"]):
        assert not state.zones[f"dummy_down/{i}"] or state.zones[f"dummy_up/{i}"]
    if public["to_play"] == DUMMY:
        assert state.current_player == public["dummy_player"]
        assert all(a.source.startswith("dummy_up/") for a in state.legal_actions())




def check_sample(state: rules.State, seat: int, rng: random.Random) -> None:
    """A sampled state agrees with the seat's view and plays on."""
    view = state.view(seat)
    guess = rules.sample(view, rng)
    check_cards_conserved(guess)
    text = guess.deck.text
    for zone, shown in view["zones"].items():
        cards = [text(c) for c in guess.zones[zone]]
        assert len(cards) == len(shown)
        assert all(s is None or s == c for s, c in zip(shown, cards, strict=True))
    for zone, known in view["known"].items():
        assert set(known) <= {text(c) for c in guess.zones[zone]}
    assert guess.view(seat) == view
    for _ in range(60):
        if guess.is_over:
            break
        actions = guess.legal_actions()
        assert actions
        guess.apply(actions[int(rng.random() * len(actions))], events=False)




class UndoModel:
    """What undo should allow: the actor's own undoable actions since its last irreversible one."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.chain: list[tuple[rules.Action, list[dict[str, Any]], dict[str, Any]]] = []

    def after(self, seat: int, action: rules.Action, views: list[dict[str, Any]], record: dict[str, Any]) -> None:
        if seat != self.seat or not action.undoable:
            self.chain = []
        self.seat = seat
        if action.undoable:
            self.chain.append((action, views, record))

    def check(self, state: rules.State, whole_chain: bool) -> None:
        """Undo is offered exactly as the model says; undoing (the last step, or the whole chain) is exact."""
        for seat in range(state.players):
            expected = seat == self.seat and bool(self.chain) and not state.is_over
            assert state.can_undo(seat) == expected, f"can_undo({seat}) should be {expected}"
        if state.is_over or not self.chain:
            return
        steps = self.chain if whole_chain else self.chain[-1:]
        for _action, views, record in reversed(steps):
            state.undo()
            assert all_views(state) == views
            assert state.to_record() == record
        for action, _views, _record in steps:
            state.apply(action, events=False)


def late_start(game_id: str, seed: int, deals: int) -> dict[str, Any] | None:
    """Where a test match begins: Tribello at any deal, Troeven with tallies of 1 or 2.

    When whole matches are played (``deals`` 12), every other Troeven match starts afresh.
    """
    rng = random.Random(seed)
    if game_id == "troeven" and deals >= 12 and seed % 2 == 0:
        return None
    if game_id == "tribello":
        return {"deal": 1 + seed % 12, "scores": [int(rng.random() * 9) - 4 for _ in range(3)]}
    return {"deal": 1 + seed % 5, "scores": [1 + int(rng.random() * 2) for _ in range(3)]}


def play_checked(
    game_id: str,
    variant: str | None,
    settings: dict[str, Any],
    seed: int,
    deep: bool = True,
    deals: int = TRIBELLO_DEALS_PLAYED,
) -> rules.State:
    """Play one seeded random match (or its first ``deals`` deals), checking every state."""
    rng = random.Random(seed)
    state = rules.load_game(game_id).new_match(
        variant=variant, settings=settings, seed=seed, start=late_start(game_id, seed, deals)
    )
    undo = UndoModel()
    step = 0
    while True:
        check_cards_conserved(state)
        for seat in audience(state):
            check_view(state, seat)
        actions = state.legal_actions()
        if state.is_over or len(state.deal_results) >= deals:
            break
        assert actions, "a live state has a legal action"
        assert state.current_player is not None
        check_play_state(state)
        seat = state.current_player
        if deep and step % 9 == 4:
            check_clone_is_independent(state, random.Random(rng.random()))
        if deep and step % 11 == 2:
            check_sample(state, seat, random.Random(rng.random()))
            check_sample(state, (seat + 1) % state.players, random.Random(rng.random()))
        if deep and step == 17:
            check_replay(state)  # an unfinished record replays too
        action = actions[int(rng.random() * len(actions))]
        before = state.clone()
        views, record = (all_views(state), state.to_record()) if action.undoable else ([], {})
        events = state.apply(action)
        check_events(before, state, events)
        if action.undoable and not state.is_over:  # never undo across a reveal of hidden cards to the actor
            assert seen_by(state, seat) <= seen_by(before, seat), f"{action.text} reveals cards but is undoable"
        undo.after(seat, action, views, record)
        undo.check(state, whole_chain=deep)
        step += 1
    if state.is_over:
        assert state.legal_actions() == [] and state.current_player is None
        assert state.winners
    check_replay(state)
    return state


@pytest.mark.parametrize(("game_id", "variant", "settings"), CASES)
def test_random_matches_keep_every_invariant(game_id, variant, settings):
    finished = 0
    for seed in range(DEFAULT_MATCHES // len(CASES)):
        state = play_checked(game_id, variant, settings, seed, deep=seed % 5 == 0)
        finished += state.is_over
    assert finished > 0, "some matches reach their end"


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "variant", "settings"), CASES)
def test_many_random_matches_keep_every_invariant(game_id, variant, settings):
    for seed in range(1000, 1000 + SLOW_MATCHES // len(CASES)):
        play_checked(game_id, variant, settings, seed, deep=seed % 5 == 0, deals=12)


@pytest.mark.parametrize(("game_id", "variant", "settings"), CASES)
def test_normal_bots_play_legal_actions_from_their_views_and_beat_random_ones(game_id, variant, settings):
    """Each seat's bot sees only ``view(seat)``; the normal bot in seat 0 outscores the random ones."""
    game = rules.load_game(game_id)
    better = 0
    matches = 12
    for seed in range(matches):
        state = game.new_match(variant=variant, settings=settings, seed=seed, dealer=seed % 3)
        bots = [make_bot(game_id, "normal" if seat == 0 else "random", seat, seed) for seat in range(3)]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            choice = bots[seat].choose(view)
            assert choice in view["legal"]
            state.apply(choice, events=False)
        # Tribello: higher is better; Troeven: the tally, lower is better.
        mine, others = state.scores[0], state.scores[1:]
        better += mine > max(others) if game_id == "tribello" else mine < min(others)
    assert better > matches // 2
