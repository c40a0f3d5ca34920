"""3-Player Troeven's lesson (issue 22, ``rules/games/troeven/lesson.toml``, the version with a
dummy), engine-level: it loads, its arranged deal is one Troeven can deal, an obedient player
reaches its end, and the story the issue asks for happens: the player, the trump caller, names
trump from the first four cards, then plays the dummy's face-up cards in its turns (the card
beneath turns up, a trick the dummy wins counts for the caller, the dummy leads after it, it
trumps though it could follow). At every step waiting for a move, another move gets the
coach's answer instead.
"""

from __future__ import annotations

import pytest
from lesson_replay import lesson_fixtures
from test_lesson_tribello import check_answers_other_moves, check_targets, check_trick_deal, follow

import rules
from rules.lessons import Lesson
from rules.tricks import DUMMY

Moves = list[tuple[int, int, str]]


@pytest.fixture(scope="module")
def game() -> rules.Game:
    return rules.load_game("troeven")


lesson, played = lesson_fixtures()


def texts(state: rules.State, zone: str) -> list[str]:
    return [state.deck.text(c) for c in state.zones[zone]]


def test_the_arranged_deal_is_one_troeven_deals(lesson: Lesson, game: rules.Game) -> None:
    state = lesson.new_match(game)
    check_trick_deal(state)
    assert state.variant == "dummy" and lesson.then_variant == "dummy" and lesson.then_level == "easy"
    assert (state.dealer, state.caller, state.phase) == (2, 0, "call")
    assert texts(state, "hand/0") == list(lesson.scenes[0].deal["hand/0"][:4]), "the caller sees four cards first"
    layout = state.log[-1]["layout"]
    assert {zone: layout[zone] for zone in lesson.scenes[0].deal} == {
        zone: list(cards) for zone, cards in lesson.scenes[0].deal.items()
    }


def test_an_obedient_player_reaches_the_end_of_the_deal(lesson: Lesson, played: tuple[rules.State, Moves]) -> None:
    state, moves = played
    assert [r.deal for r in state.deal_results] == [1]
    assert sum(state.deal_results[0].details["points"]) == 40
    assert moves[-1][0] == len(lesson.steps) - 1, "the last step plays the deal out"
    assert 12 <= len(lesson.steps) <= 30


def test_the_player_calls_trump_and_plays_the_dummy(
    lesson: Lesson, game: rules.Game, played: tuple[rules.State, Moves]
) -> None:
    state, moves = played
    assert moves[0] == (1, 0, "trump hearts")
    assert state.deal_results[0].details["trump"] == "hearts"
    for_dummy = []
    for coach, before, seat, text in follow(lesson, game, moves):
        if coach.index > len(lesson.steps) - 2:
            break  # the taught tricks are over
        if seat == 0 and before.view(0).public["to_play"] == DUMMY:
            up = [zone for zone in before.zones if zone.startswith("dummy_up/") and texts(before, zone)]
            column = next(zone for zone in up if texts(before, zone) == [text.split()[1]])
            after = before.clone()
            after.apply(after.parse_action(text))
            beneath = texts(before, column.replace("up", "down"))
            assert texts(after, column) == beneath, "the card beneath a played one is turned up"
            for_dummy.append((text, after))
    assert [text for text, _ in for_dummy] == ["play 7H", "play AD", "play 7C", "play JH"]
    after_ace = for_dummy[1][1]
    while after_ace.zones["trick"]:  # Ben plays to the dummy's ace of diamonds
        after_ace.apply(after_ace.legal_actions()[0])
    assert "AD" in texts(after_ace, "won/0"), "the dummy's trick joins the caller's pile"
    assert after_ace.view(0).public["to_play"] == DUMMY, "the dummy won, so it leads"
    trumped = for_dummy[3][1]
    assert texts(trumped, "trick") == ["8S", "AS", "JH"] and "KS" in texts(trumped, "dummy_up/2"), (
        "the dummy trumped Ada's ace though it showed a spade"
    )


def test_every_target_is_on_the_table(lesson: Lesson, game: rules.Game, played: tuple[rules.State, Moves]) -> None:
    check_targets(lesson, game, played[1])
    assert any(step.point and step.point.startswith("zone:dummy_up/") for step in lesson.steps)


def test_every_move_step_answers_another_move(
    lesson: Lesson, game: rules.Game, played: tuple[rules.State, Moves]
) -> None:
    tried = check_answers_other_moves(lesson, game, played[1])
    assert tried == sum(1 for s in lesson.steps if s.until == "move")


def test_a_card_the_dummy_may_not_play_gets_the_rules_reason_then_the_lesson_advice(
    lesson: Lesson, game: rules.Game, played: tuple[rules.State, Moves]
) -> None:
    for coach, state, _seat, _text in follow(lesson, game, played[1]):
        if coach.step.expect == ("play 7H",):
            why = state.why_not("play KS")  # the dummy holds hearts face up: it must follow
            assert why
            said = coach.verdict("play KS", why)
            assert said is not None and said.startswith(why) and said.endswith(coach.step.otherwise)
            return
    pytest.fail("no step asks for the dummy's 7 of hearts")
