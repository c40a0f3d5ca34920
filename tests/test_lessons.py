"""The lesson format (``rules.lessons``): the arranged deal, one-line problems for a broken file,
and the coach's answers, its scenes and Back, headless. Every shipped lesson loads, deals a
legal arranged deal and is followed to its end."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import rules
from rules.lessons import Coach, arrange, lesson_for, load_lesson, play_through
from rules.registry import game_specs

SHIPPED = sorted(gid for gid, spec in game_specs().items() if spec.lesson)

DEALT = {"hand/0": ["1", "2", "3"], "hand/1": ["4", "5", "6"], "middle": ["7", "7", "8"]}


def test_fixed_cards_leave_the_zones_the_seed_put_them_in_and_every_zone_keeps_its_size():
    arranged = arrange(DEALT, {"hand/0": ["7", "4", "3"]})
    assert arranged["hand/0"] == ["7", "4", "3"]
    assert {z: len(c) for z, c in arranged.items()} == {z: len(c) for z, c in DEALT.items()}
    every = Counter(c for cards in DEALT.values() for c in cards)
    assert Counter(c for cards in arranged.values() for c in cards) == every
    assert arranged["hand/1"] == ["1", "5", "6"]  # the given-up 1 and 2 fill the gaps the 4 and 7 left
    assert arranged["middle"] == ["2", "7", "8"]


@pytest.mark.parametrize(
    ("fixed", "problem"),
    [
        ({"hand/9": ["1", "2", "3"]}, "deal.hand/9: no such zone"),
        ({"hand/0": ["1", "2"]}, "deal.hand/0: 2 cards, but the deal puts 3 there"),
        ({"hand/0": ["7", "7", "7"]}, "deal: more of 7 than the deck has"),
    ],
)
def test_an_impossible_arrangement_says_what_is_wrong(fixed, problem):
    with pytest.raises(rules.RulesError) as caught:
        arrange(DEALT, fixed)
    assert problem in str(caught.value)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lesson.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = 'title = "Learn"\nplayers = 3\n[[step]]\nsay = "Hello."\n'


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (GOOD.replace('say = "Hello."', 'say = "Hello."\nuntil = "soon"'), "step[0].until: expected one of"),
        (GOOD.replace('say = "Hello."', 'say = "Go."\nuntil = "move"'), "step[0].expect: a step that waits for a move"),
        (
            GOOD.replace('say = "Hello."', 'say = "Look."\npoint = "sky:blue"'),
            "step[0].point: expected one of zone:NAME",
        ),
        (GOOD.replace("players = 3", 'players = 3\nvariant = "nope"'), "variant: unknown 'nope'"),
        (
            GOOD + '[[scene]]\nseed = 2\n[[scene.step]]\nsay = "Again."\nexpect = 3\n',
            "scene[0].step[0].expect: expected a list",
        ),
        ('game = "try"\n' + GOOD, "game: this lesson is for 'try', not 'trio'"),
        (GOOD.replace('title = "Learn"', ""), "title: missing"),
        ('title = "x"\n[[step]\n', "line 2"),
    ],
)
def test_a_broken_lesson_is_told_in_one_line_naming_its_key(tmp_path, text, problem):
    with pytest.raises(rules.RulesError) as caught:
        load_lesson(write(tmp_path, text), rules.load_game("trio"))
    lines = [line for line in str(caught.value).splitlines() if problem in line]
    assert lines, str(caught.value)


def coach_for(tmp_path: Path, steps: str, scenes: str = "") -> tuple[Coach, rules.State]:
    path = write(tmp_path, 'title = "Learn"\nplayers = 3\nseed = 1\ndealer = 2\n' + steps + scenes)
    lesson = load_lesson(path, rules.load_game("trio"))
    coach = Coach(lesson)
    state = lesson.new_match(rules.load_game("trio"))
    coach.begin(state)
    return coach, state


def test_the_coach_answers_a_move_it_did_not_ask_for_and_lets_the_asked_one_through(tmp_path):
    coach, state = coach_for(
        tmp_path,
        '[[step]]\nsay = "Read."\n[[step]]\nsay = "Low."\nexpect = ["reveal low 0"]\n'
        'otherwise = "Your own lowest card first."\n[[step]]\nsay = "End."\n',
    )
    assert coach.verdict("reveal low 0") == "Read the coach first, then press Next."
    assert not coach.bots_may_act()
    coach.next(state)
    assert coach.verdict("reveal high 1") == "Your own lowest card first."
    assert coach.verdict("reveal low 0") is None
    assert coach.verdict("", "It is not your turn.") == "It is not your turn. Your own lowest card first."
    state.apply("reveal low 0")
    coach.played(state, 0, "reveal low 0")
    assert coach.index == 2 and coach.can_go_back()
    scene, record = coach.back()
    assert (coach.index, scene) == (1, 0) and rules.replay(record).to_record() == record
    assert not record["deals"][0]["actions"], "the step began before the move"


def test_a_step_of_the_next_scene_asks_the_table_for_its_match_and_bots_wait_for_it(tmp_path):
    coach, state = coach_for(
        tmp_path, '[[step]]\nsay = "One."\n', '[[scene]]\nseed = 9\n[[scene.step]]\nsay = "Two."\nuntil = "your-turn"\n'
    )
    coach.next(state)
    assert coach.new_scene == 1 and not coach.bots_may_act() and not coach.can_go_back()
    second = coach.lesson.new_match(rules.load_game("trio"), 1)
    coach.begin(second)
    assert coach.new_scene is None and coach.step.say == "Two." and second.seed == 9


def test_scripted_bot_moves_are_played_in_order_when_legal(tmp_path):
    coach, state = coach_for(tmp_path, '[[step]]\nsay = "Watch."\nuntil = "deal-over"\nbots = ["reveal middle/3"]\n')
    assert state.current_player == 0 and coach.scripted(state) is None, "never the player's move"
    while state.current_player == 0:  # the player plays on until a bot is to act
        state.apply(state.legal_actions()[0])
    assert coach.scripted(state) == "reveal middle/3"
    state.apply("reveal middle/3")
    coach.played(state, state.current_player or 1, "reveal middle/3")
    assert coach.scripted(state) is None


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_shipped_lesson_deals_a_legal_arranged_deal_and_is_followed_to_its_end(game_id):
    game = rules.load_game(game_id)
    lesson = lesson_for(game)
    assert lesson is not None and 1 <= lesson.minutes <= 20
    for number, scene in enumerate(lesson.scenes):
        state = lesson.new_match(game, number)
        cards = sorted(c for zone in state.zones.values() for c in zone)
        assert cards == list(range(state.deck.size)), "every card of the deck once"
        assert state.seats[0]["kind"] == "human" and all(s["kind"] == "bot" for s in state.seats[1:])
        dealt = state.log[-1]["layout"]  # as dealt (a procedure may move cards on at once: a dummy's)
        for zone, fixed in scene.deal.items():
            assert dealt[zone] == list(fixed)
    state, moves = play_through(lesson, game)
    assert any(seat == 0 for _step, seat, _text in moves), "the player moves"
    assert len({step for step, _seat, _text in moves}) > 3


def test_a_build_taken_back_whole_is_allowed_and_the_coach_goes_back_to_where_it_began():
    """Tryce's RAINBOW: the word begun and two letters added, then the build taken back (what the
    table does when a step of it is refused): the coach allows it and asks for the word again."""
    game = rules.load_game("tryce")
    lesson = lesson_for(game)
    coach = Coach(lesson)
    state = lesson.new_match(game)
    coach.begin(state)
    begun = next(i for i, step in enumerate(lesson.steps) if step.expect == ("meld word",))
    while coach.index < begun:
        step = coach.step
        if step.until == "next":
            coach.next(state)
            continue
        text = next(a.text for a in state.legal_actions() if step.wants(a.text))
        state.apply(text)
        coach.played(state, 0, text)
    for _ in range(3):  # "meld word", then the first two letters
        text = next(a.text for a in state.legal_actions() if coach.step.wants(a.text))
        state.apply(text)
        coach.played(state, 0, text)
    assert coach.index == begun + 3
    assert coach.verdict("cancel") is None
    state.apply("cancel")
    coach.played(state, 0, "cancel")
    assert coach.index == begun and coach.verdict("meld word") is None
    assert coach.snapshots[begun][1] == state.to_record()


def test_cardtable_sim_lesson_checks_and_follows_a_lesson_or_says_in_one_line_why_not(tmp_path, capsys):
    from rules.sim import main

    assert main(["lesson", "trio"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{lesson_for(rules.load_game('trio')).title}: ok (") and "followed to its end" in out
    broken = write(tmp_path, GOOD.replace('say = "Hello."', 'say = "Hi."\nuntil = "never"'))
    assert main(["lesson", "trio", str(broken)]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "step[0].until: expected one of" in err
    assert main(["lesson", "no-such-game"]) == 2
    assert "unknown game" in capsys.readouterr().err
