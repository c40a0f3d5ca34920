"""Try's ``hard`` and ``easy`` bots, and the bots' hints.

``hard`` plays only legal moves, decides from its seat's View alone (a world with other hidden
cards but the same view gets the same answer), is deterministic per seed when its cap on worlds
ends the search, and stops searching when its budget is spent. ``easy`` is ``normal`` with slips,
not a random player. Hints name a move and a reason that shows nothing the seat cannot see.
No assert here depends on the clock.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import rules
from rules.bots import Advice, Bot, make_bot
from rules.games.try_.judgement import TryJudgement
from rules.games.try_.search import TryHardBot
from rules.sample import sample
from rules.shuffle import sub_seed
from rules.sim import run_matches


def hard(seat: int, seed: int, worlds: int = 4, budget_ms: float = 60_000.0) -> TryHardBot:
    """A hard bot whose search is ended by its cap on worlds (``budget_ms`` is far away)."""
    bot = make_bot("try", "hard", seat, seed)
    assert isinstance(bot, TryHardBot)
    bot.worlds, bot.budget_ms = worlds, budget_ms
    return bot


def step(state: rules.State, bots: list[Bot], text: str) -> None:
    events = state.apply(text)
    for bot in bots:
        bot.observe(rules.events_for(events, bot.seat))


def play(players: int, seed: int, make: Any) -> tuple[rules.State, list[Bot], list[str | None]]:
    """A whole match with ``make(seat)`` at each seat; every choice is checked against the legal
    actions of a read-only View. Returns the state, the bots and, for each hard search that ran,
    the kind of decision it was (:meth:`TryHardBot.pays`)."""
    state = rules.load_game("try").new_match(players=players, seed=seed)
    bots = [make(seat) for seat in range(players)]
    searched: list[str | None] = []
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        assert isinstance(view, rules.View) and not isinstance(view, rules.State)
        bot = bots[seat]
        text = bot.choose(view)
        assert text in view.legal, f"seed {seed}: {text!r} is not legal"
        if getattr(bot, "last_search", None):
            searched.append(bot.pays(view))
        step(state, bots, text)
    return state, bots, searched


def midgame(
    seed: int = 11, turns: int = 14, searched: bool = False
) -> tuple[rules.State, list[Bot], list[list[rules.Event]]]:
    """A 3-player match of normal bots stopped after ``turns`` moves (``searched``: and then at
    the first decision ``hard`` searches); the events each seat saw."""
    state = rules.load_game("try").new_match(players=3, seed=seed)
    bots = [make_bot("try", "normal", seat, seat) for seat in range(3)]
    seen: list[list[rules.Event]] = [[] for _ in range(3)]
    judge = hard(0, 0)
    turn = 0
    while not state.is_over:
        seat = state.current_player
        turn += 1
        if turn > turns and (not searched or judge.pays(state.view(seat)) in judge.search_at):
            break
        events = state.apply(bots[seat].choose(state.view(seat)))
        for s in range(3):
            shown = rules.events_for(events, s)
            seen[s].extend(shown)
            bots[s].observe(shown)
    return state, bots, seen


def test_hard_decides_from_its_view_alone_and_the_same_seed_decides_the_same():
    state, _bots, seen = midgame(searched=True)
    assert not state.is_over
    seat = state.current_player
    view = state.view(seat)
    # Another world this seat cannot tell apart: the partners' hidden cards, bids, stock dealt afresh.
    other = sample(view, __import__("random").Random(5))
    assert other.view(seat) == view
    hidden = [
        z
        for z in state.zones
        if z in ("stock", "removed") or (z.startswith(("hand/", "bid/")) and not z.endswith(f"/{seat}"))
    ]
    assert any(state.zones[z] != other.zones[z] for z in hidden), "the other world must differ in hidden cards"
    answers = []
    for world in (state, other):
        bot = hard(seat, 42, worlds=6)
        bot.observe(seen[seat])
        answers.append((bot.choose(world.view(seat)), bot.last_search))
    assert answers[0] == answers[1]
    assert answers[0][1]["worlds"] == 6  # the cap ended the search, not the clock


def test_hard_spends_no_search_when_its_budget_is_spent_and_falls_back_to_its_judgement():
    state, bots, seen = midgame(searched=True)
    seat = state.current_player
    bot = hard(seat, 42, worlds=50, budget_ms=0.0)
    bot.observe(seen[seat])
    judgement = TryJudgement("try", seat, 42)
    judgement.observe(seen[seat])
    view = state.view(seat)
    assert bot.choose(view) == judgement.choose(view)
    assert bot.last_search.get("worlds", 0) == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_hints_name_a_legal_move_and_a_reason_that_shows_no_hidden_card(level):
    state = rules.load_game("try").new_match(players=3, seed=5)
    bots: list[Bot] = [make_bot("try", "normal", seat, seat) for seat in range(3)]
    adviser = hard(0, 9, worlds=4) if level == "hard" else make_bot("try", "normal", 0, 9)
    reasons = []
    while not state.is_over and len(reasons) < (6 if level == "hard" else 40):
        seat = state.current_player
        if seat == 0:
            view = state.view(0)
            advice = adviser.advise(view)
            assert isinstance(advice, Advice) and advice.action in view.legal
            assert advice.reason and "\n" not in advice.reason
            unseen = set(state.zones["stock"]) | set(state.zones["removed"])
            for s in (1, 2):
                known = set(state.known.get(f"hand/{s}", ()))
                unseen |= set(state.zones[f"bid/{s}"]) | (set(state.zones[f"hand/{s}"]) - known)
            for card in unseen:
                name = adviser.name(state.deck.faces[card].text)
                assert not re.search(re.escape(name) + r"\b", advice.reason), (advice.reason, name)
            reasons.append(advice.reason)
        text = bots[seat].choose(state.view(seat))
        step(state, [*bots, adviser], text)
    assert len(set(reasons)) >= 3  # the reasons follow the position, not one stock phrase


def test_easy_is_normal_with_slips_not_a_random_player():
    agree = total = 0
    for seed in range(2):
        state = rules.load_game("try").new_match(players=3, seed=seed)
        easy = [make_bot("try", "easy", s, sub_seed(seed, s)) for s in range(3)]
        shadow = [make_bot("try", "normal", s, s) for s in range(3)]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            text = easy[seat].choose(view)
            if len(view.legal) > 1:
                total += 1
                agree += text == shadow[seat].choose(view)
            step(state, [*easy, *shadow], text)
    assert 0.6 * total <= agree < total  # mostly normal's move, sometimes not
    games = 100
    scores = {
        level: run_matches("try", 3, None, games, 1, [level]).summary()["mean_score"]
        for level in ("random", "easy", "normal")
    }
    assert scores["random"] + 15 < scores["easy"] < scores["normal"] - 5, scores


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_hard_teams_play_legal_whole_games_and_search_only_where_it_pays(players):
    kinds: list[str | None] = []
    for seed in range(4):
        state, _bots, searched = play(players, seed, lambda seat, s=seed: hard(seat, sub_seed(s, seat)))
        assert state.is_over and state.outcome in ("win", "loss", "stock")
        kinds += searched
    assert kinds, "no decision was searched in four whole games"
    assert set(kinds) <= TryHardBot.search_at, kinds  # a Try now, or a last turn: nothing else
