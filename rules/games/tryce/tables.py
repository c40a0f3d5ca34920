"""Tryce's own TOML tables (``[deal]``: the information board; ``[scoring]``: card values), the
schema they are validated against, and the lettered deck read from ``tryce.toml``.

The procedure (stage 2) exposes :data:`CONFIG_SCHEMA` as its module's ``CONFIG_SCHEMA``, so that
``rules.registry`` validates the whole file; until then :func:`load_config` validates it the
same way (``rules.config.read_toml`` then ``build_config``).
"""

from __future__ import annotations

from functools import cache
from importlib.resources import as_file, files
from pathlib import Path

from rules.cards import Deck
from rules.config import RANK, GameConfig, build_config, read_toml
from rules.melds import MeldDeck
from rules.schema import IntRange, ListOf, MapOf, Table

HAND = Table(
    required={
        "hand": IntRange(1, 7),
        "bank": IntRange(1, 3),
        "cards": IntRange(1, 20),
        "groups": IntRange(0, 4),
        "runs": IntRange(0, 4),
        "words": IntRange(0, 4),
        "points": IntRange(0, 1000),
        "pat": bool,
    }
)
CONFIG_SCHEMA = Table(
    required={
        "deal": Table(required={"board": ListOf(HAND, 1, 7)}),
        "scoring": Table(
            required={
                "rank_order": ListOf(RANK, 13, 13),
                "values": MapOf(IntRange(0, 100), "rank"),
                "perfect_cut_bonus": IntRange(0, 1000),
            }
        ),
    }
)
JOKER = "joker"  # the extra cards' id: MeldDeck.from_deck's default wild id


def rules_path() -> Path:
    """``tryce.toml`` on disk (a wheel, an editable install or the frozen build all keep it there)."""
    with as_file(files(__package__).joinpath("tryce.toml")) as path:
        return Path(path)


@cache
def load_config() -> GameConfig:
    """``tryce.toml``, validated as ``rules.registry`` validates a game's rules file."""
    path = rules_path()
    return build_config(path, read_toml(path), CONFIG_SCHEMA)


def deck(variant: str = "standard") -> Deck:
    """The 108 cards: 104 lettered (QH1, QH2, ...) and 4 jokers (``JK``, extra id ``joker``)."""
    return load_config().deck(variant)


def meld_deck(variant: str = "standard") -> MeldDeck:
    """Per-card tables for ``rules.melds`` (rank values, suits, letters, jokers wild)."""
    return MeldDeck.from_deck(deck(variant), load_config().scoring["rank_order"], wild=(JOKER,))
