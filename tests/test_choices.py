"""Simultaneous secret choices (rules.choices): asked one at a time, answers hidden until all are in."""

from __future__ import annotations

import pytest

import rules
from rules.choices import HIDDEN, SecretChoice, asking_order


def test_seats_are_asked_clockwise_from_the_left_of_the_cause():
    assert asking_order(4, 1, [0, 1, 2, 3]) == (2, 3, 0, 1)
    assert asking_order(6, 4, [0, 3, 4, 1]) == (0, 1, 3, 4)


def test_only_the_seats_put_the_question_are_asked():
    choice = SecretChoice.ask("swap", 4, 0, [1, 3])
    assert choice.order == (1, 3) and choice.asking == 1


def test_the_next_seat_is_asked_only_after_the_one_before_answered():
    choice = SecretChoice.ask("swap", 4, 3, [0, 1, 2, 3])
    assert choice.asking == 0
    choice = choice.answer(0, "pass")
    assert choice.asking == 1 and not choice.done
    with pytest.raises(ValueError):
        choice.answer(2, "pass")


def test_answering_returns_a_new_choice_and_leaves_the_old_one_unchanged():
    before = SecretChoice.ask("bid", 3, 2, [0, 1, 2])
    after = before.answer(0, "bid 7")
    assert before.answered() == () and after.answered() == (0,)


def test_the_choice_resolves_once_every_seat_has_answered():
    choice = SecretChoice.ask("swap", 4, 3, [0, 2])
    choice = choice.answer(0, "swap 5")
    assert choice.last_to_answer and not choice.done
    choice = choice.answer(2, "pass")
    assert choice.done and choice.asking is None
    assert choice.results() == {0: "swap 5", 2: "pass"}


def test_an_answer_is_shown_only_to_the_seat_that_gave_it():
    choice = SecretChoice.ask("swap", 4, 3, [0, 1, 2, 3])
    event = choice.event(0, "swap 5")
    assert rules.events_for([event], 0)[0]["answer"] == "swap 5"
    for seat in (1, 2, 3, None):
        (shown,) = rules.events_for([event], seat)
        assert shown["seat"] == 0 and shown["answer"] is None


def test_views_show_who_has_chosen_but_only_ones_own_answer():
    choice = SecretChoice.ask("swap", 4, 3, [0, 1, 2, 3]).answer(0, "swap 5").answer(1, "pass")
    assert choice.public(0) == {
        "kind": "swap",
        "order": [0, 1, 2, 3],
        "answered": [0, 1],
        "asking": 2,
        "mine": "swap 5",
    }
    assert choice.public(2)["mine"] is None and choice.public(None)["mine"] is None


def test_a_choice_rebuilt_from_a_view_hides_the_answers_that_seat_could_not_see():
    choice = SecretChoice.ask("swap", 4, 3, [0, 1, 2, 3]).answer(0, "swap 5").answer(1, "pass")
    rebuilt = SecretChoice.from_public(choice.public(1), 1)
    assert rebuilt.answers == (HIDDEN, "pass", None, None) and rebuilt.asking == 2


def test_trio_team_swaps_use_the_shared_choice():
    state = rules.load_game("trio").new_match(players=4, variant="team-simple", seed=3, dealer=1)
    public = state.view(None).public["choice"]
    assert public["kind"] == "swap" and public["order"] == (2, 3, 0, 1)
    assert state.current_player == 2
