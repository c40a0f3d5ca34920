"""Try's lesson (rules/games/try_/lesson.toml, issue 22): it loads, plays through to the scoring,
and the story it tells happens: Ben shows Skulls with his first discard, the player reads the
signal and takes the shown card, breaks up a dangerous three of Brocs, sees Ben pass, waits a
round with a safe draw of their own, and makes the Try in Skulls on their next draw; the team
wins, whichever of the two discards the lesson allows after the safe draw. The arranged deal is
a legal Try deal whose first hand, its Wild bid, holds no three of a suit (no first draw can end
the game before the player has decided anything), and at every step that waits for a move,
another move gets the step's advice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from invariants import check_cards_conserved, check_view
from lesson_replay import assert_other_moves_advised, lesson_fixtures, replay
from test_try_invariants import TryChecks

import rules
from rules.games.try_.bots import Cards, TableLog
from rules.lessons import PLAYER, Coach, Lesson

TRY = rules.load_game("try")
ADA, BEN = 1, 2

# The player's moves, in order: the lesson expects exactly these (after the safe draw, either
# discard; a pass puts the 4 of Stars straight back).
PLAYER_MOVES = [
    "bid W",
    "draw discard",  # Ben's shown 10 of Skulls
    "discard 10F",
    "draw stock",  # not from the discard pile twice in a row
    "discard 9B",  # breaks up three Brocs
    "draw stock",
    "discard 7D",
    "draw discard",  # a safe draw: the 4 of Stars cannot make a Try
    ("discard 4S", "discard 5B"),
    "draw stock",  # the 9 of Skulls: the Try
]


lesson, played = lesson_fixtures(TRY)


def follow(lesson: Lesson, last: bool) -> tuple[rules.State, list[tuple[int, int, str]]]:
    """Follow the lesson as :func:`play_through` does, but make the last move a step allows
    (``last``) or the first; every bot move must be the lesson's scripted one."""
    state = lesson.new_match(TRY)
    coach = Coach(lesson)
    coach.begin(state)
    moves = []
    for _ in range(500):
        if coach.finished:
            return state, moves
        if coach.settle(state):
            continue
        if coach.step.until == "next":
            coach.next(state)
            continue
        seat = state.current_player
        if seat == PLAYER:
            allowed = [a.text for a in state.legal_actions() if coach.step.wants(a.text)]
            text = allowed[-1 if last else 0]
        else:
            text = coach.scripted(state)
            assert text is not None, f"step {coach.index + 1}: seat {seat} plays no scripted move"
        moves.append((coach.index, seat, text))
        state.apply(state.parse_action(text))
        coach.played(state, seat, text)
    raise AssertionError("the lesson does not end")


def walk(lesson: Lesson, moves: list[tuple[int, int, str]]) -> Iterator[tuple[rules.State, Coach, int, str]]:
    """Each move of a play-through with the state and the coach just before it; the move is made
    when the walk goes on."""
    steps = replay(lesson, TRY, moves)
    for moment in steps:
        yield moment
        steps.send(None)


def suit_counts(state: rules.State, cards: list[str]) -> Counter:
    """Cards per suit letter, the Wild counted in every suit (as a Try counts it)."""
    suits = Counter(card[-1] for card in cards if card != "W")
    wild = cards.count("W")
    return Counter({suit.letter: suits[suit.letter] + wild for suit in state.deck.suits})


def test_the_lesson_is_one_three_player_deal_of_short_steps(lesson: Lesson):
    scene = lesson.scenes[0]
    assert (len(lesson.scenes), scene.players, lesson.then_variant, lesson.then_level) == (1, 3, "standard", "easy")
    assert 15 <= len(lesson.steps) <= 30
    assert all(len(step.say.split()) <= 60 for step in lesson.steps)
    moves = [step for step in lesson.steps if step.until == "move"]
    assert len(moves) >= len(lesson.steps) / 3, "taught by doing: a third of the steps at least are moves"
    assert lesson.steps[-2].until == "deal-over"


def test_the_arranged_deal_is_legal_and_no_first_draw_can_make_a_try(lesson: Lesson):
    state = lesson.new_match(TRY)
    check_cards_conserved(state)
    for seat in (None, *range(state.players)):
        TryChecks().view(state, seat, check_view(state, seat))
    text = state.deck.text
    assert [len(state.zones[zone]) for zone in ("removed", "stock", "hand/0", "hand/1", "hand/2")] == [11, 32, 6, 6, 6]
    assert state.current_player == BEN and state.view(PLAYER).public["first"] == BEN
    hand = [text(c) for c in state.zones["hand/0"]]
    # The Wild is the bid the lesson asks for; the five cards left hold at most two of any suit:
    # no single draw can make four, so the player's first Try needs decisions first.
    assert lesson.steps[2].expect == ("bid W",)
    hand.remove("W")
    assert max(suit_counts(state, hand).values()) == 2


@pytest.mark.parametrize("last", [False, True], ids=["first-choice", "last-choice"])
def test_the_lesson_plays_to_a_try_in_skulls_by_the_player_and_a_win(lesson: Lesson, played, last: bool):
    state, moves = follow(lesson, last)
    if not last:
        assert moves == played[1], "play_through makes the first move a step allows"
    mine = [text for _, seat, text in moves if seat == PLAYER]
    assert len(mine) == len(PLAYER_MOVES)
    for text, wanted in zip(mine, PLAYER_MOVES, strict=True):
        assert text in wanted if isinstance(wanted, tuple) else text == wanted
    assert mine[8] == ("discard 5B" if last else "discard 4S")
    result = state.deal_results[0].details
    assert (result["outcome"], result["tryer"], result["tried_suit"], result["score"]) == ("win", PLAYER, "Skulls", 74)
    assert state.winners == [0, 1, 2]
    # The Try came with the player's last draw: after it only Ada's and Ben's last turns.
    tried_at = max(i for i, (_, seat, _) in enumerate(moves) if seat == PLAYER)
    assert [seat for _, seat, _ in moves[tried_at + 1 :]] == [ADA, ADA, BEN, BEN]


def test_the_signals_are_the_ones_the_bots_read(lesson: Lesson, played):
    """What the lesson calls a show, a take and a pass is what Try's bots read from the public
    moves (rules/games/try_/bots.py): Ben shows the 10 of Skulls, the player takes it, Ben
    passes the 3 of Stars and the 8 of Drips, the player the 4 of Stars; both seats have
    declared Skulls."""
    _, moves = played
    state = lesson.new_match(TRY)
    cards = Cards(state.view(PLAYER))
    log = TableLog()
    for _, _, text in moves:
        events = state.apply(state.parse_action(text))
        log.observe(rules.events_for(events, None), cards)
    assert [act for act in log.acts[BEN] if act[0] in ("show", "take", "pass")] == [
        ("show", "10K"),
        ("pass", "3S"),
        ("pass", "8D"),
    ]
    assert [act for act in log.acts[PLAYER] if act[0] in ("show", "take", "pass")] == [("take", "10K"), ("pass", "4S")]
    assert log.acts[PLAYER].index(("take", "10K")) == 0, "the player's first act is to back the show"
    skulls = [s.name for s in state.deck.suits].index("Skulls")
    assert log.declared[BEN] == log.declared[PLAYER] == skulls == log.agreed()


def test_every_bot_move_is_scripted(lesson: Lesson, played):
    """The story does not depend on what the normal bot would choose."""
    _, moves = played
    scripted = [text for step in lesson.steps for text in step.bots]
    assert [text for _, seat, text in moves if seat != PLAYER] == scripted


def test_every_target_is_on_the_table(lesson: Lesson, played):
    """Zones the lesson points at exist; a card it points at is in the player's hand or on top of
    the discard pile when its step begins; a plate is a seat's."""
    _, moves = played
    seen: dict[int, set[str]] = {}
    for state, coach, _seat, _text in walk(lesson, moves):
        pile = state.zones["discard"][:1]
        seen.setdefault(coach.index, {state.deck.text(c) for c in state.zones["hand/0"] + pile})
    state = lesson.new_match(TRY)
    pointed = 0
    for i, step in enumerate(lesson.steps):
        kind, name = step.target or ("", "")
        if kind == "zone":
            assert name in state.zones, f"step {i + 1} points at {name}"
        elif kind == "card":
            first = min(index for index in seen if index >= i)
            assert name in seen[first], f"step {i + 1} points at the {name}, not in the hand nor on the pile"
        elif kind == "plate":
            assert 0 <= int(name) < state.players
        pointed += kind != ""
    assert pointed >= len(lesson.steps) // 2


def test_another_move_at_every_move_step_gets_the_steps_advice(lesson: Lesson, played):
    _, moves = played
    legal_others = illegal = 0
    for state, coach, seat, text in walk(lesson, moves):
        step = coach.step
        if seat != PLAYER or step.until != "move":
            continue
        legal_others += assert_other_moves_advised(state, coach, text)
        # A move the rules refuse now: their reason first, then the lesson's advice.
        phase = state.view(PLAYER).public["phase"]
        wrong = "draw stock"  # before every bid is made, or after drawing
        if phase == "draw":
            held = state.deck.text(state.zones["hand/0"][0])
            wrong = f"discard {held}" if state.may_draw_discard(PLAYER) else "draw discard"
        why = state.why_not(wrong)
        assert why, f"step {coach.index + 1}: {wrong} is legal"
        assert coach.verdict(wrong, why) == f"{why} {step.otherwise}"
        illegal += 1
    assert illegal == sum(step.until == "move" for step in lesson.steps) == 10
    assert legal_others > 10
