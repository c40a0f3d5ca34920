"""The shared selection built in steps (rules/selection.py): toggle, confirm when valid, cancel.

Tried on a fresh Tribello deal, whose zones ``hand/0`` and ``exchange/0`` serve any selection.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import rules
from rules.actions import Action
from rules.errors import IllegalAction
from rules.selection import Selection, name_of, toggle_actions


def fresh() -> rules.State:
    return rules.load_game("tribello").new_match(players=3, seed=5, dealer=0)


def confirm(_state: rules.State, chosen: Sequence[int]) -> Action:
    return Action("meld", "commit" if chosen else "none", undoable=False)


def texts(actions: list[Action]) -> list[str]:
    return [a.text for a in actions]


def test_the_legal_list_is_a_toggle_per_card_plus_confirm_and_cancel():
    state = fresh()
    sel = Selection("hand/0", "exchange/0", confirm, cancel="cancel")
    hand = state.zones["hand/0"]
    actions = sel.actions(state)
    assert len(actions) == len(hand) + 1  # nothing chosen: no cancel yet
    first = actions[0]
    sel.toggle(state, first, None, 0)
    assert state.zones["exchange/0"] == [first.card]
    names = texts(sel.actions(state))
    assert names[-2:] == ["commit", "cancel"] and len(names) == len(hand) + 1 + 2


def test_confirm_is_offered_only_when_the_selection_is_valid():
    state = fresh()
    sel = Selection("hand/0", "exchange/0", confirm, valid=lambda _state, chosen: len(chosen) >= 3)
    for _ in range(2):
        sel.toggle(state, sel.actions(state)[0], None, 0)
        assert "commit" not in texts(sel.actions(state))
    sel.toggle(state, sel.actions(state)[0], None, 0)
    assert "commit" in texts(sel.actions(state))


def test_cards_are_chosen_in_order_and_go_back_in_order():
    state = fresh()
    sel = Selection("hand/0", "exchange/0", confirm, cancel="cancel")
    hand = list(state.zones["hand/0"])
    for card in (hand[3], hand[0], hand[5]):
        sel.toggle(state, toggle_actions(state.deck, "hand/0", "exchange/0")[card], None, 0)
    assert sel.take(state) == [hand[3], hand[0], hand[5]]
    events: list = []
    sel.cancel_all(state, events, 0)
    assert state.zones["exchange/0"] == [] and state.zones["hand/0"][-3:] == [hand[3], hand[0], hand[5]]
    assert [e.audience for e in events] == [frozenset({0})] * 3  # a toggle is seen by its seat only


def test_a_limit_and_a_refusal_hook_keep_cards_out():
    state = fresh()
    hand = list(state.zones["hand/0"])
    sel = Selection("hand/0", "exchange/0", confirm, limit=1, may_add=lambda card: card != hand[0])
    assert hand[0] not in [a.card for a in sel.actions(state)]
    sel.toggle(state, sel.actions(state)[0], None, 0)
    assert [a.kind for a in sel.actions(state)] == ["toggle", "meld"]  # full: only the way back and the confirm


def test_a_typed_confirm_becomes_the_toggles_that_reach_it():
    state = fresh()
    sel = Selection("hand/0", "exchange/0", confirm)
    text = state.deck.text
    a, b, c = state.zones["hand/0"][:3]
    sel.toggle(state, toggle_actions(state.deck, "hand/0", "exchange/0")[a], None, 0)
    wanted = sel.wanted(state, [text(b), text(c)])
    assert sel.steps_to(state, wanted) == [f"toggle {text(a)}", f"toggle {text(b)}", f"toggle {text(c)}"]
    with pytest.raises(IllegalAction, match="not in your hand"):
        sel.wanted(state, [text(state.zones["hand/1"][0])])
    with pytest.raises(IllegalAction, match="not a card"):
        sel.wanted(state, ["ZZ"])


def test_tribellos_exchange_is_this_selection():
    state = fresh()
    legal = texts(state.legal_actions())
    assert legal[-1] == "keep" and all(t.startswith("toggle ") for t in legal[:-1])
    card = state.deck.text(state.zones["hand/0"][0])
    state.apply(f"toggle {card}")
    assert texts(state.legal_actions())[-1] == f"exchange {card}"


def test_a_card_chosen_with_a_name_gets_one_toggle_per_name():
    state = fresh()
    hand = state.zones["hand/0"]
    joker = hand[0]  # stands in for a joker naming its vowel
    sel = Selection("hand/0", "exchange/0", confirm, names=lambda card: ("A", "E") if card == joker else ())
    named = [a for a in sel.actions(state) if a.card == joker]
    text = state.deck.text(joker)
    assert [a.text for a in named] == [f"toggle {text} A", f"toggle {text} E"]
    assert [name_of(a) for a in named] == ["A", "E"] and name_of(sel.actions(state)[2]) is None
    sel.toggle(state, named[1], None, 0)
    assert state.zones["exchange/0"] == [joker]
    assert [a.text for a in sel.actions(state) if a.card == joker] == [f"toggle {text}"]  # back without a name


def test_a_toggle_is_judged_without_the_list_as_the_list_would_judge_it():
    import random

    rng = random.Random(7)
    for seed in range(3):
        state = rules.load_game("tribello").new_match(seed=seed)
        while state.phase == "exchange":
            seat = state.current_player
            selection = state._selection()
            listed = state.legal_actions()
            every = toggle_actions(state.deck, f"hand/{seat}", f"exchange/{seat}") + toggle_actions(
                state.deck, f"exchange/{seat}", f"hand/{seat}"
            )
            for action in every:
                assert selection.allows(state, action) == (action in listed)
                twin = Action(action.kind, action.text, action.card, action.source, action.target)
                assert selection.allows(state, twin) == (action in listed)  # equal, not the same object
            state.apply(listed[int(rng.random() * len(listed))])


def test_a_quickly_made_action_is_the_same_value():
    quick = Action.made("exchange", "exchange 7H 2C", label="Exchange 2 cards", undoable=False)
    plain = Action("exchange", "exchange 7H 2C", label="Exchange 2 cards", undoable=False)
    assert quick == plain and hash(quick) == hash(plain) and repr(quick) == repr(plain)
    with pytest.raises(AttributeError):
        quick.text = "keep"  # type: ignore[misc]


def test_the_kept_legal_list_is_a_fresh_listing_after_every_toggle_and_undo():
    """Tribello keeps its exchange's legal steps up to date as cards are toggled (not listed
    afresh each time): after every step of many random matches, with and without events and with
    undos, the kept list equals a fresh listing, and the record replays to the same match."""
    import random

    rng = random.Random(11)
    game = rules.load_game("tribello")
    toggled = 0
    for seed in range(1, 7):
        state = game.new_match(seed=seed)
        while not state.is_over and state.deal_no < 3:
            kept = state.legal_actions()
            state._legal_memo = None
            fresh = state.legal_actions()
            assert kept == fresh and len(kept) == len(fresh)
            if state.phase == "exchange":
                assert all(a is b for a, b in zip(kept, fresh, strict=True) if a.kind == "toggle")
            action = kept[int(rng.random() * len(kept))]
            if rng.random() < 0.5:  # the listing may be skipped before a step: nothing is kept then
                state._legal_memo = None
            state.apply(action, events=rng.random() < 0.5)
            toggled += action.kind == "toggle"
            if action.kind == "toggle" and rng.random() < 0.15 and state.can_undo(state.current_player):
                state.undo()
        replayed = rules.replay(state.to_record())
        assert [replayed.view(s) for s in range(3)] == [state.view(s) for s in range(3)]
    assert toggled > 300


def test_toggled_makes_the_list_actions_would_make_with_and_without_a_limit():
    import random

    rng = random.Random(5)
    for limit in (None, 1, 2, 3):
        state = rules.load_game("tribello").new_match(seed=2)
        sel = Selection("hand/0", "exchange/0", confirm, limit=limit)
        listed = sel.actions(state)
        for _ in range(60):
            action = [a for a in listed if a.kind == "toggle"][int(rng.random() * (len(listed) - 1))]
            index = sel.toggle(state, action, None, 0)
            after = sel.toggled(state, action, listed, index)
            listed = sel.actions(state)
            assert after == listed
    with_cancel = Selection("hand/0", "exchange/0", confirm, cancel="Cancel")
    assert with_cancel.toggled(state, with_cancel.actions(state)[0], [], 0) is None  # left to a fresh listing


def test_step_judges_moves_and_keeps_the_list_as_allows_toggle_and_actions_would():
    """``Selection.step`` (what Tribello's exchange toggles go through without events) refuses what
    ``allows`` refuses without moving a card, and after every legal toggle its list is a fresh
    listing, with and without a limit, for every toggle of the deck tried along the way."""
    import random

    rng = random.Random(9)
    done = refused = 0
    for limit in (None, 1, 2, 4):
        state = rules.load_game("tribello").new_match(seed=3)
        sel = Selection("hand/0", "exchange/0", confirm, limit=limit)
        every = toggle_actions(state.deck, "hand/0", "exchange/0") + toggle_actions(state.deck, "exchange/0", "hand/0")
        listed = sel.actions(state)
        for _ in range(80):
            tried = every[int(rng.random() * len(every))]
            zones = {k: v[:] for k, v in state.zones.items()}
            if not sel.allows(state, tried):
                assert sel.step(state, tried, listed) == (-1, None) and state.zones == zones
                refused += 1
                continue
            index, after = sel.step(state, tried, listed)
            assert zones[tried.source][index] == tried.card and state.zones[tried.target][-1] == tried.card
            listed = sel.actions(state)
            assert after == listed and all(a is b for a, b in zip(after, listed, strict=True) if a.kind == "toggle")
            done += 1
    assert done > 20 and refused > 100  # both ways were tried, at every limit
