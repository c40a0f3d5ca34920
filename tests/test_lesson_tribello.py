"""Tribello's lesson (issue 22, ``rules/games/tribello/lesson.toml``), engine-level: it loads,
its arranged deal is one Tribello can deal, an obedient player reaches its end, and the story
the issue asks for happens: in round 2 the player (the dealer) names trump, exchanges with the
pickup and wins a trick with the new trump over the ace of the suit led. At every step waiting
for a move, another move gets the coach's answer instead.

:func:`follow` walks a :class:`Coach` beside the moves :func:`play_through` made, as the table
does (Next on a step that is read, ``settle`` when the table is at rest); the Troeven lesson's
test uses it too.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from invariants import check_cards_conserved, check_replay, check_view
from lesson_replay import lesson_fixtures
from test_trick_invariants import TrickChecks

import rules
from rules.lessons import Coach, Lesson


@pytest.fixture(scope="module")
def game() -> rules.Game:
    return rules.load_game("tribello")


lesson, played = lesson_fixtures()


def follow(
    lesson: Lesson, game: rules.Game, moves: list[tuple[int, int, str]]
) -> Iterator[tuple[Coach, rules.State, int, str]]:
    """The coach and the match just before each of ``moves`` (one scene), with the seat to act
    and the move it makes; the coach is brought to the move's step as the table brings it."""
    coach = Coach(lesson)
    state = lesson.new_match(game)
    coach.begin(state)
    for index, seat, text in moves:
        for _ in range(len(lesson.steps)):
            if coach.index == index:
                break
            if coach.step.until == "next":
                coach.next(state)
            else:
                coach.settle(state)
        assert coach.index == index, f"the coach is at step {coach.index + 1}, the move {text!r} at {index + 1}"
        assert state.current_player == seat
        yield coach, state, seat, text
        state.apply(state.parse_action(text))
        coach.played(state, seat, text)


def seen_at_steps(lesson: Lesson, game: rules.Game, moves: list[tuple[int, int, str]]) -> dict[int, list[rules.State]]:
    """The match as it stands while each step is shown: when the step begins and before each
    move made in it."""
    seen: dict[int, list[rules.State]] = {}
    coach, state = None, None
    for coach, state, _seat, _text in follow(lesson, game, moves):
        seen.setdefault(coach.index, []).append(state.clone())
        for earlier in range(coach.index):  # steps read without a move see the match as the next move does
            seen.setdefault(earlier, [state.clone()])
    return seen


def check_targets(lesson: Lesson, game: rules.Game, moves: list[tuple[int, int, str]]) -> None:
    """What each step points at is on the table while it is shown: a zone of the match, a card
    the player sees face up (hand, dummy, trick), a button the player's legal moves label, a
    seat's plate."""
    seen = seen_at_steps(lesson, game, moves)
    for i, step in enumerate(lesson.steps):
        kind, name = step.target or ("status", "")
        states = seen[i]
        where = f"step {i + 1} points at {step.point}"
        if kind == "zone":
            assert all(name in state.zones for state in states), where
        elif kind == "card":
            shown = [{c for zone, cards in state.view(0).zones.items() for c in cards if c} for state in states]
            assert any(name in cards for cards in shown), where
        elif kind == "button":
            labels = {a.label for state in states if state.current_player == 0 for a in state.legal_actions()}
            assert name in labels, where
        elif kind == "plate":
            assert 0 <= int(name) < states[0].players, where


def check_answers_other_moves(lesson: Lesson, game: rules.Game, moves: list[tuple[int, int, str]]) -> int:
    """At every ``move`` step, a legal move the step does not expect is not let through: the
    coach says the step's ``otherwise``. Where the step's move is the only legal one (the dummy
    following suit), a card that may not be played gets the rules' reason, then the advice.
    Returns how many steps were tried."""
    tried = 0
    for coach, state, seat, _text in follow(lesson, game, moves):
        step = coach.step
        if seat != 0 or step.until != "move":
            continue
        where = f"step {coach.index + 1}"
        legal = state.legal_actions()
        texts = {a.text for a in legal}
        other = [a for a in legal if not step.wants(a.text)]
        tries = [(a.text, None) for a in (other[0], other[-1])] if other else []
        if not other:
            kinds = {a.source.split("/")[0] for a in legal if a.source}  # the cards it plays from (the dummy's)
            held = [c for zone, cards in state.zones.items() if zone.split("/")[0] in kinds for c in cards]
            illegal = [f"play {state.deck.text(c)}" for c in held if f"play {state.deck.text(c)}" not in texts]
            assert illegal, f"{where} leaves the player no move to get wrong"
            tries = [(illegal[0], state.why_not(illegal[0]))]
            assert tries[0][1], f"{where}: the rules give no reason against {illegal[0]!r}"
        for text, why in tries:
            said = coach.verdict(text, why)
            assert said is not None and step.otherwise and step.otherwise in said, where
            assert why is None or said.startswith(why), where
        tried += 1
    return tried


def check_trick_deal(state: rules.State) -> None:
    """A trick game's arranged deal as sound as one it deals: its own checks, no card lost or
    doubled, every seat's view, the replay."""
    TrickChecks().state(state)
    check_cards_conserved(state)
    for seat in (None, 0, 1, 2):
        check_view(state, seat)
    check_replay(state)


def test_the_arranged_deal_is_one_tribello_deals(lesson: Lesson, game: rules.Game) -> None:
    state = lesson.new_match(game)
    check_trick_deal(state)
    hands = {zone: [state.deck.text(c) for c in state.zones[zone]] for zone in lesson.scenes[0].deal}
    assert hands == {zone: list(cards) for zone, cards in lesson.scenes[0].deal.items()}
    assert (state.deal_no, state.round, state.dealer, state.phase) == (4, 2, 0, "trump")


def test_an_obedient_player_reaches_the_end_of_the_deal(
    lesson: Lesson, played: tuple[rules.State, list[tuple[int, int, str]]]
) -> None:
    state, moves = played
    assert [r.deal for r in state.deal_results] == [4]
    assert sum(state.deal_results[0].details["tricks"]) == 13
    assert moves[-1][0] == len(lesson.steps) - 1, "the last step plays the deal out"
    assert 15 <= len(lesson.steps) <= 30
    assert lesson.then_level == "easy"


def test_the_player_names_trump_exchanges_and_trumps_the_ace(
    lesson: Lesson, game: rules.Game, played: tuple[rules.State, list[tuple[int, int, str]]]
) -> None:
    state, moves = played
    mine = [text for _i, seat, text in moves if seat == 0]
    assert mine[:5] == ["trump hearts", "toggle 2C", "toggle 5C", "toggle 9C", "exchange 2C 5C 9C"]
    assert state.deal_results[0].details["trump"] == "hearts"
    for coach, before, seat, text in follow(lesson, game, moves):
        if coach.step.title == "A trick under the new trump":
            assert seat == 0 and text.endswith("H")
            assert [before.deck.text(c) for c in before.zones["trick"]][0] == "AC"
            assert not any(before.deck.text(c).endswith("C") for c in before.zones["hand/0"])
            after = before.clone()
            after.apply(after.parse_action(text))
            won = {after.deck.text(c) for c in after.zones["won/0"]}
            assert {"AC", text.split()[1]} <= won, "the small trump took the ace of clubs"
            break
    else:
        pytest.fail("the player never trumped the ace of clubs")


def test_every_target_is_on_the_table(
    lesson: Lesson, game: rules.Game, played: tuple[rules.State, list[tuple[int, int, str]]]
) -> None:
    check_targets(lesson, game, played[1])
    assert {step.target[0] for step in lesson.steps if step.target} >= {"zone", "card", "button", "plate"}


def test_every_move_step_answers_another_move(
    lesson: Lesson, game: rules.Game, played: tuple[rules.State, list[tuple[int, int, str]]]
) -> None:
    tried = check_answers_other_moves(lesson, game, played[1])
    assert tried == sum(1 for s in lesson.steps if s.until == "move")


def test_an_illegal_move_gets_the_rules_reason_then_the_lesson_advice(
    lesson: Lesson, game: rules.Game, played: tuple[rules.State, list[tuple[int, int, str]]]
) -> None:
    for coach, state, _seat, _text in follow(lesson, game, played[1]):
        if coach.step.expect == ("toggle 2C",):
            why = state.why_not("play KS")
            assert why == "Exchange first: set aside the cards to swap with the pickup, then confirm."
            said = coach.verdict("play KS", why)
            assert said is not None and said.startswith(why) and said.endswith(coach.step.otherwise)
            return
    pytest.fail("no step asks for the 2 of clubs")
