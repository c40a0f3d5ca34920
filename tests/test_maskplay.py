"""The card play on bitmasks that ``hard``'s search plays (rules/bots/maskplay.py).

The mask kernel must play a deal exactly as the match does (Tribello, Troeven with and without
the dummy); the rollouts' written-out play must step exactly as :meth:`MaskKernel.play` does and
only ever play legal cards; the worlds dealt on masks must agree with the seat's view; and the
rollout policy must make ``normal``'s plain choices when it does not play at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import rules
from rules.bots import make_bot, maskplay
from rules.bots.ismcts import Goal, search
from rules.bots.maskplay import MaskKernel, mask_deck, nth_bit, playout, random_playout
from rules.tricks import TrickState, trick_deck

FIELDS = ("hands", "cols", "lead", "won", "points", "left", "trick", "led", "best", "best_key")


def tribello_first_lead(seed: int) -> TrickState:
    state = rules.load_game("tribello").new_match(seed=seed)
    while state.phase != "play":
        state.apply(state.legal_actions()[-1])  # every seat keeps its hand
    return state


def troeven_first_lead(variant: str, seed: int) -> TrickState:
    state = rules.load_game("troeven").new_match(variant=variant, seed=seed)
    state.apply(state.legal_actions()[0])
    return state


STARTS = [
    pytest.param("tribello", tribello_first_lead, id="tribello"),
    pytest.param("troeven", lambda seed: troeven_first_lead("dummy", seed), id="troeven-dummy"),
    pytest.param("troeven", lambda seed: troeven_first_lead("thirty", seed), id="troeven-thirty"),
]


def masks_of(state: TrickState) -> MaskKernel:
    scoring = state.game.config.scoring
    tdeck = trick_deck(state.deck, scoring["rank_order"], scoring.get("points"))
    return MaskKernel.of(state.kernel(), mask_deck(tdeck))


@pytest.mark.parametrize("game_id, start", STARTS)
def test_the_mask_kernel_plays_a_deal_as_the_match_does(game_id: str, start: Callable[[int], TrickState]) -> None:
    rng = random.Random(11)
    for seed in range(6):
        state = start(seed)
        kernel = masks_of(state)
        while state.phase == "play" and state.deal_no == 1:
            legal = state.legal_actions()
            assert sorted(kernel.legal()) == sorted(a.card for a in legal)
            assert kernel.seat() == state.current_player
            action = legal[int(rng.random() * len(legal))]
            kernel.play_card(action.card)
            state.apply(action, events=False)
        details = state.deal_results[0].details
        assert kernel.over and kernel.won == list(details.get("tricks", kernel.won))
        if "points" in details:
            assert kernel.points == list(details["points"])


@pytest.mark.parametrize("game_id, start", STARTS)
def test_rollouts_play_legal_cards_step_by_step_as_the_kernel(game_id: str, start: Callable[[int], TrickState]) -> None:
    rng = random.Random(5)
    for seed in range(3):
        state = start(seed)
        seat = state.current_player
        bot = make_bot(game_id, "hard", seat, seed=1)
        view = state.view(seat)
        know, goal = bot.knowledge(view), bot.goal(view)
        for _ in range(25):
            world = know.mask_world(rng)
            while not world.over:
                twin = world.copy()
                place, legal, before = twin.place(), twin.legal_mask(), world.hands[twin.place()]
                playout(world, goal, rng, until=0, plays=1)
                gone = before & ~world.hands[place]
                assert gone & legal and not gone & (gone - 1), "one legal card left the hand"
                twin.play(gone.bit_length() - 1)
                assert all(getattr(twin, f) == getattr(world, f) for f in FIELDS)
            assert sum(world.won) == state.tricks_left


@pytest.mark.parametrize("game_id, start", STARTS)
def test_a_random_playout_is_the_kernel_playing_the_same_random_draws(
    game_id: str, start: Callable[[int], TrickState]
) -> None:
    """``random_playout`` (the play written out) ends where :meth:`MaskKernel.play` ends when each
    place plays the legal card its draw picks (the k-th lowest of k = draw × count); a lone legal
    card takes no draw. The dummy's deals go through ``playout`` at random: legal cards only."""
    rng = random.Random(8)
    for seed in range(3):
        state = start(seed)
        bot = make_bot(game_id, "hard", state.current_player, seed=1)
        know = bot.knowledge(state.view(state.current_player))
        for trial in range(40):
            world = know.mask_world(rng).copy()
            stepped = world.copy()
            random_playout(world, random.Random(trial))
            assert world.over and sum(world.won) == state.tricks_left
            if stepped.dummy >= 0:
                continue
            draws = random.Random(trial)
            while not stepped.over:
                legal = stepped.legal_mask()
                count = legal.bit_count()
                stepped.play(nth_bit(legal, int(draws.random() * count)) if count > 1 else legal.bit_length() - 1)
            assert all(getattr(stepped, f) == getattr(world, f) for f in FIELDS)


def test_mask_worlds_agree_with_the_view_and_the_shown_voids() -> None:
    state = tribello_first_lead(3)
    hearts = {c for c in range(52) if state.deck.suits[state.deck.suit_of[c]].id == "hearts"}
    # Play until someone shows a void in hearts... or hearts are led and followed a few times.
    rng = random.Random(2)
    void_seen = None
    while state.phase == "play" and void_seen is None:
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
        for entry in state.history:
            led = state.tdeck.suit_of[entry[2][0]]
            for place, card in zip(entry[1][1:], entry[2][1:], strict=True):
                if state.deck.suits[led].id == "hearts" and card not in hearts:
                    void_seen = place
    assert void_seen is not None and state.phase == "play"
    seat = state.current_player
    know = make_bot("tribello", "hard", seat, seed=1).knowledge(state.view(seat))
    md = know.md
    for k in range(40):
        world = know.mask_world(random.Random(k))
        hands = [md.cards(h) for h in world.hands]
        assert set(hands[seat]) == set(state.zones[f"hand/{seat}"])
        assert [len(h) for h in hands] == [len(state.zones[f"hand/{s}"]) for s in range(3)]
        if void_seen != seat:
            assert not hearts & set(hands[void_seen])
        dealt = {c for s in range(3) if s != seat for c in hands[s]}
        played = set(state.zones["trick"]) | {c for s in range(3) for c in state.zones[f"won/{s}"]}
        assert not dealt & played and not dealt & set(state.zones[f"hand/{seat}"])
        assert [md.card[p] for p in world.trick] == state.trick.cards


class Tricks(Goal):
    """Every seat wants tricks (or, with ``avoid``, none)."""

    def __init__(self, avoid: bool = False) -> None:
        super().__init__(3)
        self.avoid = avoid

    def utilities(self, kernel) -> list[float]:  # noqa: ANN001
        return [w / 13 for w in kernel.won]

    def wants(self, kernel, seat: int) -> bool:  # noqa: ANN001
        return not self.avoid


def kernel_at(hands: list[list[str]], trick: list[str], trump: str | None = None) -> MaskKernel:
    """Three hands (place 0 leads the trick on the table), tribello's deck."""
    game = rules.load_game("tribello")
    deck = game.deck("standard")
    md = mask_deck(trick_deck(deck, game.config.scoring["rank_order"]))
    suit = None if trump is None else [s.id for s in deck.suits].index(trump)
    return MaskKernel(
        [md.mask([deck.parse(t) for t in h]) for h in hands],
        [],
        -1,
        [0, 1, 2],
        [md.pos[deck.parse(t)] for t in trick],
        0,
        [0, 0, 0],
        [0, 0, 0],
        13,
        suit,
        "must_follow",
        md,
    )


def chosen(kernel: MaskKernel, goal: Goal) -> str:
    place = kernel.place()
    before = kernel.hands[place]
    playout(kernel, goal, random.Random(0), until=0, plays=1)
    gone = before & ~kernel.hands[place]
    return rules.load_game("tribello").deck("standard").text(kernel.md.card[gone.bit_length() - 1])


@pytest.fixture
def no_noise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(maskplay, "EPSILON", 0.0)


def test_the_last_hand_wins_as_cheaply_as_it_can(no_noise: None) -> None:
    kernel = kernel_at([[], [], ["2H", "9H", "QH", "AH", "3C"]], ["8H", "JH"])
    assert chosen(kernel, Tricks()) == "QH"


def test_a_seat_avoiding_tricks_ducks_with_its_highest_loser(no_noise: None) -> None:
    kernel = kernel_at([[], [], ["2H", "9H", "QH", "AH", "3C"]], ["8H", "JH"])
    assert chosen(kernel, Tricks(avoid=True)) == "9H"


def test_the_leader_cashes_a_sure_winner_else_leads_low_from_its_longest_suit(no_noise: None) -> None:
    sure = kernel_at([["AS", "4H", "5H", "6H"], ["2S", "7H", "8C", "9C"], ["3S", "9H", "10C", "JC"]], [])
    assert chosen(sure, Tricks()) == "AS"
    none = kernel_at([["KS", "4H", "5H", "6H"], ["AS", "7H", "8C", "9C"], ["3S", "9H", "10C", "JC"]], [])
    assert chosen(none, Tricks()) == "4H"


def test_a_void_hand_trumps_cheaply_when_it_wants_the_trick(no_noise: None) -> None:
    kernel = kernel_at([[], [], ["2S", "9S", "3C", "KC"]], ["8H", "JH"], trump="spades")
    assert chosen(kernel, Tricks()) == "2S"


def test_the_search_answers_in_engine_cards_among_the_legal_ones() -> None:
    state = tribello_first_lead(4)
    seat = state.current_player
    bot = make_bot("tribello", "hard", seat, seed=1)
    view = state.view(seat)
    stats, iterations = search(bot.knowledge(view).mask_world, bot.goal(view), random.Random(1), 10.0, 300)
    assert iterations == 300
    assert set(stats) == {a.card for a in state.legal_actions()}
    assert sum(visits for visits, _mean in stats.values()) == 300
    assert all(0.0 <= mean <= 1.0 for _visits, mean in stats.values())


@pytest.mark.parametrize("game_id, start", STARTS[:1] + STARTS[2:])
def test_the_last_two_tricks_solved_in_place_agree_with_every_line(
    game_id: str, start: Callable[[int], TrickState]
) -> None:
    rng = random.Random(9)
    for seed in range(4):
        state = start(seed)
        seat = state.current_player
        bot = make_bot(game_id, "hard", seat, seed=1)
        view = state.view(seat)
        know, goal = bot.knowledge(view), bot.goal(view)
        values = maskplay.Values(goal)
        for _ in range(30):
            world = know.mask_world(rng)
            playout(world, goal, rng)
            assert world.left == 2 and not world.trick
            twin = world.copy()
            assert maskplay.two_tricks(world, values) == maskplay.every_line(twin, values)


def test_the_search_stops_while_its_longest_wait_would_still_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a clock that moves 1 ms a reading, a 50 ms search stops while its longest wait (1 ms, or
    what earlier searches met, kept back up to a tenth of the budget) would still fit: never after
    the budget, and hands back the longest wait it met."""
    from rules.bots import ismcts

    state = tribello_first_lead(4)
    seat = state.current_player
    bot = make_bot("tribello", "hard", seat, seed=1)
    view = state.view(seat)
    know, goal = bot.knowledge(view), bot.goal(view)
    ticks = iter(range(10**6))
    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: next(ticks) / 1000.0)
    runs = []
    for met in (0.0, 0.002, 0.02):
        gaps = [met]
        _stats, iterations = search(know.mask_world, goal, random.Random(1), 0.050, 1000, gaps)
        runs.append(iterations)
        assert gaps[0] == pytest.approx(max(met, 0.001))
    # readings at 1, 2... ms: the search stops at 50 ms less the wait (a reading either way, as the
    # floats round); a wait over 5 ms keeps back only 5 ms
    assert all(abs(run - expected) <= 1 for run, expected in zip(runs, (49, 48, 45), strict=True))
    assert runs[0] > runs[2]


def test_hard_without_time_to_search_plays_normals_card() -> None:
    state = tribello_first_lead(4)
    seat = state.current_player
    hard = make_bot("tribello", "hard", seat, seed=1)
    hard.budget_ms = 0.0
    normal = make_bot("tribello", "normal", seat, seed=1)
    assert hard.choose(state.view(seat)) == normal.choose(state.view(seat)) and hard.last_iterations == 0
