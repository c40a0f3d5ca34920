"""The generic ``normal`` for plugin trick games (rules/bots/generic_normal.py), on the Oh Hell
example: the rule bot's card while more than five cards are in hand, the engine's bid by random
play-outs, its search over the last cards, each at a fixed effort; and ``hard`` anchored on the
rules, not on the searching ``normal``. No strength is asserted here (docs/bots.md measures)."""

from __future__ import annotations

import pytest
from conftest import plugin_fixture

import rules
from rules.bots import Bot, make_bot
from rules.bots.generic_hard import GenericTrickHardBot, rules_bot
from rules.bots.generic_normal import GenericTrickNormalBot

ohhell = plugin_fixture("ohhell", "cardtable-ohhell", "cardtable_ohhell")

SETTINGS = {"max_cards": 9, "sequence": "fixed", "score_rule": "tricks-ten", "hook": True}


def test_normal_plays_the_rules_then_searches_the_last_cards_and_bids_by_play_outs() -> None:
    from cardtable_ohhell.bots import OhHellRulesBot

    searched = ruled = bids = 0
    for seed in range(3):
        state = rules.load_game("ohhell").new_match(3, seed=seed, settings=SETTINGS)
        normal = [make_bot("ohhell", "normal", s, seed) for s in range(3)]
        plain = [OhHellRulesBot("ohhell", s, seed) for s in range(3)]
        while state.deal_no == 1:
            seat = state.current_player
            view = state.view(seat)
            advice = normal[seat].advise(view)
            assert advice.action in view.legal
            if len(view.legal) > 1:
                if view.public.get("phase") != "play":
                    bids += 1
                    assert advice.reason.startswith("in 100 deals that fit your hand")
                    assert normal[seat].last_iterations == 100
                elif len(view.zones[f"hand/{seat}"]) > 5:
                    ruled += 1
                    assert advice == plain[seat].advise(view)  # the rules' card and words
                else:
                    searched += 1
                    assert normal[seat].last_iterations == 30
            state.apply(advice.action)
    assert bids >= 6 and ruled >= 6 and searched >= 6


def test_hard_is_anchored_on_the_rules_a_searching_normal_names() -> None:
    from cardtable_ohhell.bots import OhHellNormalBot, OhHellRulesBot

    assert issubclass(OhHellNormalBot, GenericTrickNormalBot) and OhHellNormalBot.rules is OhHellRulesBot
    assert rules_bot("ohhell") is OhHellRulesBot
    hard = make_bot("ohhell", "hard", 0, 1)
    assert isinstance(hard, GenericTrickHardBot) and type(hard.normal) is OhHellRulesBot


def test_a_searching_normal_without_rules_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    class Nameless(GenericTrickNormalBot):
        rules: type[Bot] | None = None

    monkeypatch.setattr("rules.bots.generic_hard.bot_class", lambda game_id, level: Nameless)
    with pytest.raises(ImportError, match="must name its game's rule bot"):
        rules_bot("ohhell")


def test_a_subclass_plays_and_is_anchored_on_its_own_rule_bot() -> None:
    from cardtable_ohhell.bots import OhHellEasyBot

    class Slipping(GenericTrickNormalBot):
        rules = OhHellEasyBot

    bot = Slipping("ohhell", 0, 1)
    assert type(bot.normal) is OhHellEasyBot


def test_easy_slips_on_the_rules_bids_by_their_count_and_searches_its_last_cards() -> None:
    from cardtable_ohhell.bots import OhHellCasualBot

    easy = make_bot("ohhell", "easy", 1, 4)
    assert isinstance(easy, GenericTrickNormalBot) and type(easy.normal) is OhHellCasualBot
    assert not easy.search_bids and easy.endgame_cards == 5
    state = rules.load_game("ohhell").new_match(3, seed=4, settings=SETTINGS)
    while state.current_player != 1:
        state.apply(state.view(state.current_player).legal[0])
    view = state.view(1)
    twin = OhHellCasualBot("ohhell", 1, 4)  # the same seed: the same slips
    assert easy.choose(view) == twin.choose(view)  # the bid: the casual player's, slips and all
