"""The rank-order check every trick game's ``check_setup`` makes, in one place
(``TrickState.check_rank_order``): a rules file whose ``[scoring].rank_order`` misses a rank of
the deck is refused with the file's path and the key, for Tribello, Troeven and the Oh Hell plugin."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import rules
from rules.registry import check_rules_file, game_specs
from rules.tricks import TrickState


@pytest.mark.parametrize("game_id", ["tribello", "troeven", "ohhell"])
def test_a_rank_order_missing_a_rank_is_refused_with_the_file(game_id: str, tmp_path: Path):
    if game_id not in game_specs():
        pytest.fail(f"{game_id} is not discovered (the Oh Hell example is installed in CI and the venv)")
    text = Path(game_specs()[game_id].rules_path()).read_text(encoding="utf-8")
    line = re.search(r"^rank_order = \[(.*)\]$", text, re.M)
    assert line is not None
    shorter = "rank_order = [" + line.group(1).rsplit(",", 1)[0] + "]"
    path = tmp_path / f"{game_id}.toml"
    path.write_text(text[: line.start()] + shorter + text[line.end() :], encoding="utf-8")
    with pytest.raises(rules.RulesError, match=r"scoring\.rank_order: expected each rank of the deck once") as err:
        check_rules_file(path)
    assert str(path) in str(err.value)


def test_the_helper_names_the_file_and_passes_a_good_order():
    game = rules.load_game("tribello")
    deck = game.deck(game.variants[0])
    TrickState.check_rank_order(game.config, deck)  # the shipped order is good
    bad = SimpleNamespace(path="house.toml", scoring={"rank_order": ["A", "K"]})
    with pytest.raises(rules.RulesError, match=r"^house\.toml: scoring\.rank_order"):
        TrickState.check_rank_order(bad, deck)
