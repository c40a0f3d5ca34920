"""Tryce's lesson (rules/games/tryce/lesson.toml), followed at the engine's level: it loads, its
arranged deals are deals the game can make, and it tells its story. Scene 1 is hand 1 (one
group, one word): the player takes the 7, melds three 7s and RAINBOW (the Joker as the A) and
goes down. Scene 2 (hand 1 again): the player sells, melds RAIN, buys Ada's T when Ben offers it
for sale and lays it off as TRAIN. The story holds whichever draw and discards the player
chooses where the lesson lets them choose, and whatever the normal bots do with other seeds; and
it is followed to its end at the real table, headless with real pygame events.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from invariants import check_cards_conserved, check_replay, check_view

import rules
from rules.lessons import PLAYER, Coach, Lesson, Pick, first_allowed, lesson_for, play_through

GAME = rules.load_game("tryce")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the table test's app (pygame is imported there only)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# (step index, seat, move): every move of a lesson followed to its end.
Moves = list[tuple[int, int, str]]


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    found = lesson_for(GAME)
    assert found is not None
    return found


def follow(lesson: Lesson, pick: Pick = first_allowed, bot_offset: int = 0) -> tuple[list[rules.State], Moves]:
    """The lesson followed to its end by :func:`rules.lessons.play_through`, the player's move among
    those a step allows chosen by ``pick`` and the ``normal`` bots seeded ``bot_offset`` away from
    the table's seeds. Returns each scene's final state and the moves."""
    finals: list[rules.State] = []
    _state, moves = play_through(lesson, GAME, pick=pick, bot_offset=bot_offset, finals=finals)
    return finals, moves


def player_moves(lesson: Lesson, moves: Moves, scene: int) -> list[str]:
    return [text for index, seat, text in moves if seat == PLAYER and lesson.steps[index].scene == scene]


def word(state: rules.State, zone: str) -> str:
    """The letters a meld on the table reads, as the public view tells them."""
    return "".join(state.view(None).public["melds"][zone]["stands"])


def check_story(lesson: Lesson, finals: list[rules.State], moves: Moves) -> None:
    """What the lesson sets out to teach happened: in hand 1, a group and RAINBOW melded and the
    player gone down; in scene 2, a buy and a lay-off that makes TRAIN."""
    first_hand, second = finals
    mine = player_moves(lesson, moves, 0)
    assert mine[:2] == ["take", "meld group"]
    assert "add JK A" in mine
    result = first_hand.deal_results[0].details
    assert result["hand"] == 1 and result["contract"] == {"groups": 1, "runs": 0, "words": 1}
    assert result["went_down"] == PLAYER and not result["left"][PLAYER]
    assert result["contract_scores"][PLAYER] == 10 and result["melds"][PLAYER] == 9 + 20  # three 7s, RAINBOW
    before = lesson.new_match(GAME, 0)  # the table just before the last discard
    for index, _seat, text in moves:
        if lesson.steps[index].scene == 0 and text != mine[-1]:
            before.apply(before.parse_action(text))
    assert word(before, "meld/0/0") == "777" and word(before, "meld/0/1") == "RAINBOW"
    assert mine[-1] == "discard 9C1"

    mine = player_moves(lesson, moves, 1)
    assert mine[0] == "sell" and "buy" in mine
    assert mine.index("buy") < mine.index("extend meld/0/0") < mine.index("add QS1 start")
    others = [(seat, text) for index, seat, text in moves if seat != PLAYER and lesson.steps[index].scene == 1]
    assert others.index((1, "discard QS1")) < others.index((2, "sell"))  # Ada's T, offered by Ben
    assert word(second, "meld/0/0") == "TRAIN"
    assert second.deck.text(second.zones["meld/0/0"][0]) == "QS1"  # the T you bought
    assert second.deal_results == []  # a short scene: the hand plays on after the lesson


def test_the_lesson_is_hand_1_whose_contract_is_a_group_and_a_word(lesson: Lesson) -> None:
    assert lesson.game_id == "tryce" and len(lesson.scenes) == 2
    assert lesson.then_variant == "standard" and lesson.then_level == "easy"
    for scene in lesson.scenes:
        public = scene.new_match(GAME).view(PLAYER).public
        assert public["hand_no"] == 1
        assert public["contract"] == {"groups": 1, "runs": 0, "words": 1}


@pytest.mark.parametrize("scene", [0, 1])
def test_the_arranged_deals_are_deals_of_the_game(lesson: Lesson, scene: int) -> None:
    state = lesson.new_match(GAME, scene)
    check_cards_conserved(state)
    arranged = lesson.scenes[scene]
    plain = GAME.new_match(
        players=arranged.players,
        seed=arranged.seed,
        dealer=arranged.dealer,
        start=arranged.start,
        seats=arranged.seats(arranged.players or 3),
    )
    sizes = {zone: len(cards) for zone, cards in state.log[-1]["layout"].items()}
    assert sizes == {zone: len(cards) for zone, cards in plain.log[-1]["layout"].items()}
    for fixed, cards in arranged.deal.items():
        assert state.log[-1]["layout"][fixed] == list(cards)
    for seat in [*range(state.players), None]:
        check_view(state, seat)
    check_replay(state)
    assert state.current_player == PLAYER  # Ben deals: you play first


def test_played_through_the_story_happens(lesson: Lesson) -> None:
    final, moves = play_through(lesson, GAME)
    finals, same = follow(lesson)
    assert same == moves and finals[-1].to_record() == final.to_record()
    check_story(lesson, finals, moves)


@pytest.mark.parametrize("offset", [0, 1, 2, 3])
def test_the_story_holds_whatever_the_player_chooses_and_the_bots_do(lesson: Lesson, offset: int) -> None:
    """Where a step allows several moves (any discard, take or sell) the player picks at random;
    the normal bots play with other seeds than the table's."""
    rng = random.Random(offset)

    def anything(_coach: Coach, _state: rules.State, allowed: list[str]) -> str:
        return rng.choice(allowed)

    finals, moves = follow(lesson, anything, bot_offset=offset * 1_000)
    check_story(lesson, finals, moves)


def test_another_move_gets_the_lessons_advice_at_every_step(lesson: Lesson) -> None:
    """At every step that waits for a move, a legal move it does not expect is not made: the coach
    says the step's ``otherwise`` (two steps allow every legal move: going down with the only card
    left, and a draw as you like). An illegal move (a run: hand 1's contract has none) gets the
    rules' own reason, then the same."""
    answered: dict[int, str | None] = {}

    def try_another_first(coach: Coach, state: rules.State, allowed: list[str]) -> str:
        step = coach.step
        if step.until == "move" and coach.index not in answered:
            assert step.otherwise
            other = next((a for a in state.legal_actions() if not step.wants(a.text)), None)
            if other is not None:
                said = coach.verdict(other)
                assert said is not None and step.otherwise in said
            why = state.why_not("meld run")
            assert why is not None
            refused = coach.verdict("meld run", why=why)
            assert refused is not None and refused.startswith(why) and step.otherwise in refused
            answered[coach.index] = other and other.text
        assert coach.verdict(allowed[0]) is None
        return allowed[0]

    finals, moves = follow(lesson, try_another_first)
    check_story(lesson, finals, moves)
    waiting = [i for i, step in enumerate(lesson.steps) if step.until == "move"]
    assert sorted(answered) == waiting
    free = [lesson.steps[i].expect for i, other in answered.items() if other is None]
    assert free == [("discard 9C1",), ("take", "sell")]


# ------------------------------------------------------------------ at the table
# The cards the player selects for each meld, by scene and the step's move: the table sends the
# meld, an add per card and the commit in one go (the add and commit steps pass under it).
SELECTED = {
    (0, "meld group"): ["7S1", "7S2", "7H1"],
    (0, "meld word"): ["4S1", "JK", "JS1", "3D1", "3H1", "4H1", "2H1"],
    (1, "meld word"): ["AD1", "2S1", "JS1", "3D1"],
}


def test_followed_at_the_table_with_the_pointer(app: Any) -> None:
    """The lesson in the app, headless with real pygame events, as a newcomer follows the coach:
    Next, a click on the discard pile, cards selected and a Meld button (the Joker's vowel chosen
    in the picker), drags to the discard pile and onto RAIN, Sell and Buy. Once, at the sale,
    the player presses Pass first: the coach answers with the step's advice and nothing moves."""
    import pygame
    from pointer import click, drag

    from cardtable import learn
    from cardtable.table import TableScene
    from cardtable.table.score_sheet import ScoreSheetScene

    def rest() -> None:
        """Frames until the table is still (the coach may hold the bots: no wait for a turn)."""
        for _ in range(600):
            app.frame(1 / 60)
            top = app.stack.top
            if not isinstance(top, TableScene) or not (top._busy() or top.dirty):
                return

    def table() -> TableScene:
        top = app.stack.top
        assert isinstance(top, TableScene)
        return top

    def mine(t: TableScene, text: str) -> pygame.Rect:
        return next(c for c in t.board.zones[t.my_hand] if c.text == text).rect()

    def button(t: TableScene, label: str) -> tuple[int, int]:
        return next(b for b in [*t.buttons, *t.ext["melds"].picker] if b.visible and b.label == label).rect.center

    assert learn.start_lesson(app, "tryce")
    passed_first = sheets = 0
    for _ in range(200):
        rest()
        if isinstance(app.stack.top, ScoreSheetScene):  # hand 1 over: the sheet, then the coach goes on
            sheets += 1
            click(app, app.stack.top.button.rect.center)
            continue
        t = table()
        coach = t.coach.coach
        if coach.finished:
            break
        step = coach.step
        assert t.coach.layer.targets.find(step.target) is not None or step.point is None, step.point
        if step.until == "next":
            click(app, t.coach.layer.next_button.rect.center)
            continue
        if step.until == "your-turn" or t.state.current_player != PLAYER:
            app.frame(1 / 60)
            continue
        want = step.expect[0]
        if want == "take":
            click(app, t.board.zones["discard"][-1].rect().center)
        elif want == "buy":
            before = (coach.index, t.state.to_record())
            click(app, button(t, "Pass"))
            assert t.said.text.endswith(step.otherwise) and (coach.index, t.state.to_record()) == before
            passed_first += 1
            click(app, button(t, "Buy"))
        elif want == "sell":
            click(app, button(t, "Sell"))
        elif want.startswith("meld "):
            for text in SELECTED[(step.scene, want)]:
                click(app, mine(t, text).center)
            click(app, button(t, "Meld a group" if want == "meld group" else "Meld a word"))
            if t.ext["melds"].picker:  # the Joker's vowel
                click(app, button(t, "A"))
        elif want == "extend meld/0/0":
            meld = t.layout.zones["meld/0/0"].rect(len(t.board.zones["meld/0/0"]))
            drag(app, mine(t, "QS1").center, (meld.left + meld.width // 5, meld.centery))
        else:
            assert want.startswith("discard "), want
            text = want.split()[1]
            card = t.board.zones[t.my_hand][0].text if text == "*" else text
            pile = t.layout.zones["discard"].anchor
            drag(app, mine(t, card).center, (round(pile[0]), round(pile[1])))
    else:
        raise AssertionError(f"the lesson stalled at step {table().coach.coach.index + 1}")
    t = table()
    assert sheets == 1 and passed_first == 1
    assert word(t.state, "meld/0/0") == "TRAIN" and t.state.current_player != PLAYER
