"""The generic ``hard`` for plugin trick games (rules/bots/generic_hard.py), on the Oh Hell example:
legal moves only over whole matches, the dealer's hook respected, reasons given, and worlds that
never put a card in a hand shown void in its suit. No strength is asserted here (bench/ measures)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import plugin_fixture

import rules
from rules.bots import make_bot
from rules.bots.generic_hard import DealGoal, GenericTrickHardBot, classes, flat_search

ohhell = plugin_fixture("ohhell", "cardtable-ohhell", "cardtable_ohhell")

SETTINGS = {"max_cards": 5}  # deals of 1..5..1 cards: whole matches stay quick


MODES = [
    pytest.param((False, 1.0), id="flat"),  # the default: every card random, as OpenSpiel's ISMCTS plays out
    pytest.param((False, 0.5), id="flat-half"),  # half the play-outs' cards by normal's rules
    pytest.param((True, 0.5), id="tree"),
]


def hard(
    seat: int, seed: int, mode: tuple[bool, float] = (False, 1.0), search_bids: bool = False
) -> GenericTrickHardBot:
    bot = make_bot("ohhell", "hard", seat, seed)
    assert isinstance(bot, GenericTrickHardBot)
    bot.budget_ms = 60_000.0  # the iterations decide, not the clock
    bot.tree, bot.rollout_epsilon = mode
    bot.max_iterations = 40 if bot.tree else 6
    bot.search_bids = search_bids
    return bot


def test_oh_hell_names_the_generic_hard() -> None:
    assert isinstance(make_bot("ohhell", "hard", 0, 1), GenericTrickHardBot)


@pytest.mark.parametrize("mode", MODES)
def test_hard_makes_only_legal_moves_and_respects_the_hook_over_whole_matches(mode: tuple[bool, float]) -> None:
    hooked_seen = 0
    for seed in (3, 4):
        state = rules.load_game("ohhell").new_match(3, seed=seed, settings=SETTINGS)
        bots: list[Any] = [
            hard(0, seed, mode, search_bids=True),
            make_bot("ohhell", "normal", 1, seed),
            hard(2, seed + 1, mode),
        ]
        while not state.view(None).over:
            seat = state.current_player
            view = state.view(seat)
            text = bots[seat].choose(view)
            assert text in view.legal
            hooked = view.public.get("hooked_bid")
            if hooked is not None and isinstance(bots[seat], GenericTrickHardBot):
                hooked_seen += 1
                assert text != f"bid {hooked}"
            state.apply(text)
    assert hooked_seen > 0  # the hook came up for a hard dealer


@pytest.mark.parametrize("mode", MODES)
def test_hard_gives_a_reason_for_bids_and_plays(mode: tuple[bool, float]) -> None:
    state = rules.load_game("ohhell").new_match(3, seed=9, settings={"max_cards": 5, "sequence": "fixed"})
    reasons: dict[str, list[str]] = {"bid": [], "searched bid": [], "play": []}
    normal = [make_bot("ohhell", "normal", s, 9) for s in range(3)]
    while state.deal_no == 1:
        seat = state.current_player
        view = state.view(seat)
        if len(view.legal) > 1:
            advice = hard(seat, 9, mode).advise(view)
            assert advice.action in view.legal
            reasons[advice.action.split()[0]].append(advice.reason)
            if view.public.get("phase") != "play":
                searched = hard(seat, 9, mode, search_bids=True).advise(view)
                assert searched.action in view.legal
                reasons["searched bid"].append(searched.reason)
        state.apply(normal[seat].choose(view))
    assert reasons["bid"] and all(reasons["bid"])
    assert reasons["play"] and all(reasons["play"])
    assert reasons["searched bid"] and all("deals" in why for why in reasons["searched bid"])


def test_before_the_play_the_worlds_hold_a_trick_for_every_card_in_hand() -> None:
    """Oh Hell counts no tricks left while bids are made: a bid weighed by roll-outs must still
    play the whole deal out (it once played none, and every bid scored alike)."""
    state = rules.load_game("ohhell").new_match(3, seed=2, settings={"max_cards": 7, "sequence": "fixed"})
    view = state.view(state.current_player)
    assert view.public.get("phase") != "play"
    know = hard(view.seat, 2).knowledge(view)
    world = know.mask_world(random.Random(1))
    assert world.left == 7
    assert [h.bit_count() for h in world.hands] == [7, 7, 7]


def test_a_seat_wants_tricks_until_its_bid_is_made_and_again_once_it_is_missed() -> None:
    bids = [0, 2, 5]  # "tricks-ten": a point a trick, 10 more for an exact bid

    def score(won: Any, points: Any) -> list[float]:
        return [w + (10 if w == b else 0) for w, b in zip(won, bids, strict=True)]

    goal = DealGoal(score, 3, 13)
    assert goal.wants_now([0, 0, 0], [0, 0, 0], 13) == [False, True, True]  # a nil bid ducks from the start
    assert goal.wants_now([0, 2, 4], [0, 0, 0], 7) == [False, False, True]  # made: duck; one short: take
    assert goal.wants_now([1, 3, 5], [0, 0, 0], 4) == [True, True, False]  # missed by taking: tricks count


def first_lead(seed: int) -> tuple[Any, GenericTrickHardBot, Any, dict[str, int], list[int]]:
    """The first lead of a 13-card deal after normal bids: the view, a hard bot for the seat to lead,
    its knowledge, card text -> card, and the seat's cards."""
    state = rules.load_game("ohhell").new_match(3, seed=seed, settings={"max_cards": 13, "sequence": "fixed"})
    normal = [make_bot("ohhell", "normal", s, seed) for s in range(3)]
    while state.view(state.current_player).public.get("phase") != "play":
        state.apply(normal[state.current_player].choose(state.view(state.current_player)))
    view = state.view(state.current_player)
    bot = hard(view.seat, seed)
    _tdeck, index, _procedure = bot.tables(view)
    return view, bot, bot.knowledge(view), index, [index[t] for t in view.zones[f"hand/{view.seat}"]]


def test_cards_with_nothing_live_between_them_are_one_kind() -> None:
    view, bot, know, index, mine = first_lead(4)
    stand = classes(know, mine, None)
    md = know.md
    live = {md.pos[c] for c in know.unseen}
    for a in mine:
        for b in mine:
            low, high = sorted((md.pos[a], md.pos[b]))
            alike = md.suit[low] == md.suit[high] and not any(p in live for p in range(low + 1, high))
            assert (stand[a] == stand[b]) == alike
    assert len(set(stand.values())) < len(mine)  # 13 cards: some touch


def test_a_world_never_puts_a_card_in_a_hand_shown_void_in_its_suit() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        state = rules.load_game("ohhell").new_match(3, seed=seed, settings={"max_cards": 8, "sequence": "fixed"})
        bots = [make_bot("ohhell", "normal", s, seed) for s in range(3)]
        while state.deal_no == 1:
            seat = state.current_player
            view = state.view(seat)
            if view.public.get("phase") == "play" and rng.random() < 0.5:
                know = hard(seat, seed).knowledge(view)
                for _ in range(20):
                    world = know.mask_world(rng)
                    for place, void in enumerate(know._void_masks):
                        if void and know.hands[place] is None:
                            checked += 1
                            assert not world.hands[place] & void
            state.apply(bots[seat].choose(view))
    assert checked > 0  # some hand had shown a void


def bid_with(hand: list[str], up: str) -> tuple[str, str]:
    """The random-play bid and its reason of seat 0, first to bid, holding ``hand`` (13 cards)."""
    deck = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")]
    rest = [c for c in deck if c not in hand and c != up]
    layout = {"hand/0": hand, "hand/1": rest[:13], "hand/2": rest[13:26], "trump": [up], "stock": rest[26:]}
    settings = {"max_cards": 13, "sequence": "fixed", "score_rule": "tricks-ten", "hook": True}
    state = rules.load_game("ohhell").new_match(3, seed=1, settings=settings, dealer=2, layouts=[layout])
    view = state.view(0)
    bot = hard(0, 1, search_bids=True)
    bot.max_iterations = 60
    advice = bot.advise(view)
    return advice.action, advice.reason


def test_a_bid_weighed_by_random_play_outs_counts_what_the_hand_takes() -> None:
    """Every trump in hand (but the up-card) and the ace of hearts take every trick however the
    cards fall; the lowest side cards with no trump take next to none: the numbers weighed by
    random play-outs say so, and the reason says how many tricks the hand took most often."""
    trumps = [f"{r}S" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")] + ["AH"]
    action, reason = bid_with(trumps, "2S")
    assert action == "bid 13"
    assert reason.startswith("in 60 deals that fit your hand, played out, you took 13 tricks most often")
    low = [f"{r}{s}" for s in "HDC" for r in ("2", "3", "4", "5")] + ["6H"]
    action, _reason = bid_with(low, "AS")
    assert action in ("bid 0", "bid 1")


def test_the_flat_search_narrows_to_the_better_half_as_its_time_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A third of the way in, and again at two thirds, the worse half of the kinds still played is
    dropped: those kept to the end have the most worlds, and the card chosen is one of them."""
    view, bot, know, index, mine = first_lead(4)
    now = [0.0]

    def tick() -> float:  # a clock that moves a millisecond each reading: the search's time by rounds
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr("rules.bots.generic_hard.time.perf_counter", tick)
    goal = DealGoal(lambda won, points: [float(w) for w in won], 3, 13)
    stats, rounds = flat_search(know, goal, random.Random(2), 0.06, 10_000, mine, None, epsilon=1.0)
    kinds = len(set(classes(know, mine, None).values()))
    assert kinds >= 5 and len(stats) == kinds
    most = max(worlds for worlds, _mean in stats.values())
    kept = [c for c, (worlds, _mean) in stats.items() if worlds == most]
    assert most == rounds and len(kept) <= (((kinds + 1) // 2) + 1) // 2
    dropped = [mean for worlds, mean in stats.values() if worlds < most]
    assert dropped and max(dropped) <= max(mean for _w, mean in stats.values())
    plays = {t: f"play {t}" for t in view.zones[f"hand/{view.seat}"]}
    chosen = bot.pick_mean(stats, plays, index, "bid 0").split(" ", 1)[1]
    assert index[chosen] in kept


def test_every_kind_is_played_out_with_the_same_draws_in_a_world() -> None:
    """The draws a world's play-outs read come from one list, in order, for each card in turn:
    the search is the same from the same seed, and a second reader gets the draws from the start."""
    from rules.bots.generic_hard import Draws

    floats = [0.5, 0.25, 0.75]
    first, second = Draws(floats), Draws(floats)
    assert [first.random() for _ in range(3)] == floats == [second.random() for _ in range(3)]
    view, bot, know, index, mine = first_lead(6)
    goal = DealGoal(lambda won, points: [float(w) for w in won], 3, 13)
    runs = [  # fresh knowledge each time: a world is dealt by shuffling its pool in place
        flat_search(bot.knowledge(view), goal, random.Random(8), 60.0, 12, mine, None, epsilon=1.0) for _ in range(2)
    ]
    assert runs[0] == runs[1] and runs[0][1] == 12
