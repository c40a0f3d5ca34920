"""Every game's hint gives a reason that names the deciding fact: from random positions of random
matches, the advice of the bot the table asks (``hard`` where the game has it, else the next
weaker level, as :func:`cardtable.session.new_bot` falls back) has a reason that is not empty,
names no card by its code ("6H", "10S1"), and does not merely say the move again (it never
starts with the move's own verb: "discards the 7 of Fire ..."; the hint names the move)."""

from __future__ import annotations

import random
import re

import pytest

import rules
from cardtable.session import new_bot, set_thinking
from rules.bots import brief

# a card code: a rank and a suit letter, perhaps a copy's number ("6H", "10S1", "QC2", "12F")
CARD_CODE = re.compile(r"\b(10|1[12]|[2-9AJQKT])[SHDCFKB]\d?\b")
# the move's own verb in the third person, by the action's kind
VERBS = {
    "play": "plays",
    "discard": "discards",
    "draw": "draws",
    "bid": "bids",
    "buy": "buys",
    "sell": "sells",
    "take": "takes",
    "pass": "passes",
    "meld": "melds",
    "reveal": "reveals",
    "cut": "cuts",
    "swap": "swaps",
    "trump": "names",
    "extend": "lays off",
    "exchange": "swaps",
    "toggle": "swaps",
}


def positions(game: rules.Game, seed: int, every: int = 5, most: int = 12):
    """(state, seat) at about every ``every``-th decision of a random match, at most ``most``."""
    low, high = game.config.player_range(game.variants[0])
    state = game.new_match(players=max(3, low), seed=seed)
    rng = random.Random(seed)
    found = 0
    while not state.is_over and found < most:
        seat = state.current_player
        legal = state.legal_actions()
        if seat is not None and len(legal) > 1 and rng.randrange(every) == 0:
            yield state, seat
            found += 1
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("game_id", rules.list_games())
def test_every_hint_reason_names_a_fact_in_words(game_id: str) -> None:
    game = rules.load_game(game_id)
    checked = 0
    for seed in range(2):
        for state, seat in positions(game, seed):
            bot = new_bot(game_id, "hard", seat, seed)
            set_thinking(bot, 30)  # a short search: the words are the same
            brief(game, state.to_record(), {seat: bot})
            view = state.view(seat)
            advice = bot.advise(view)
            assert advice.action in view.legal
            reason = advice.reason
            kind = next(a.kind for a in state.legal_actions() if a.text == advice.action)
            where = (game_id, advice.action, reason)
            assert reason and reason.strip() == reason, where
            assert not CARD_CODE.search(reason), where
            verb = VERBS.get(kind, kind + "s")
            assert not reason.lower().startswith(verb), where
            checked += 1
    assert checked >= 10
