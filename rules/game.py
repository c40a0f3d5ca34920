"""A loaded game: its validated rules file plus its procedure class; starts matches."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from .cards import Deck
from .config import GameConfig
from .errors import RulesError
from .shuffle import pick, seeded, sub_seed
from .state import State

if TYPE_CHECKING:
    from .plugins import GameSpec

BOT_LEVELS = ("random", "easy", "normal", "hard")


class Game:
    """A game ready to play: ``game.new_match(...)`` returns a :class:`State`.

    ``spec`` is the :class:`~rules.plugins.GameSpec` it was built from (a house-rule game has its
    base game's): its bots and presenter.
    """

    def __init__(self, config: GameConfig, procedure: type[State], spec: GameSpec | None = None) -> None:
        self.config = config
        self.procedure = procedure
        self.spec = spec
        self.id = config.id
        self.name = config.name
        self.blurb = config.blurb
        self.variants: list[str] = list(config.variants)
        self.zone_specs: dict[str, dict[str, Any]] = {z["name"]: z for z in config.layout["zones"]}
        self._decks: dict[str, Deck] = {}
        self._setups: dict[tuple[Any, ...], dict[str, Any]] = {}  # new_match's checked setups

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    @property
    def order(self) -> int | None:
        """The game's place in the menu (the TOML's ``order``); ``None`` sorts after, by name."""
        return self.config.order

    @property
    def min_players(self) -> int:
        return self.config.players[0]

    @property
    def max_players(self) -> int:
        return self.config.players[1]

    @property
    def default_players(self) -> int:
        return self.config.players[2]

    def player_range(self, variant: str | None = None) -> tuple[int, int]:
        return self.config.player_range(variant or self.variants[0])

    def player_counts(self, variant: str | None = None, settings: dict[str, Any] | None = None) -> list[int]:
        """Every player count a match of ``variant`` may have: its range, less the counts its
        procedure refuses (``allows_players``: Trio's teams play with 4 or 6, never 5)."""
        variant = variant or self.variants[0]
        lo, hi = self.player_range(variant)
        values = self.config.default_settings(variant)
        values.update(settings or {})
        allows = getattr(self.procedure, "allows_players", None)
        return [n for n in range(lo, hi + 1) if allows is None or allows(variant, n, values)]

    def deck(self, variant: str) -> Deck:
        """The variant's deck, built once per game (decks are immutable)."""
        deck = self._decks.get(variant)
        if deck is None:
            deck = self._decks[variant] = self.config.deck(variant)
        return deck

    def settings_spec(self) -> dict[str, dict[str, Any]]:
        return self.config.settings_spec

    def new_match(
        self,
        players: int | None = None,
        variant: str | None = None,
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
        seats: list[dict[str, Any]] | None = None,
        dealer: int | None = None,
        *,
        start: dict[str, Any] | None = None,
        layouts: list[dict[str, Any]] | None = None,
        chance: list[str] | None = None,
    ) -> State:
        variant = variant or self.variants[0]
        if variant not in self.config.variants:
            raise RulesError(f"{self.id}: unknown variant {variant!r} (expected one of {', '.join(self.variants)})")
        lo, hi = self.player_range(variant)
        players = self.default_players if players is None else players
        if not isinstance(players, int) or not lo <= players <= hi:
            raise RulesError(f"{self.id} ({variant}) is for {lo} to {hi} players, not {players}")
        # A setup checked once (settings valid, the procedure's check_setup passed) is not checked
        # again: benches and search start thousands of matches of one setup. (A value's type is in
        # the key: True and 1 are equal, and only one of them may be a setting's valid value.)
        try:
            setup: tuple[Any, ...] | None = (
                variant,
                players,
                frozenset((name, type(value), value) for name, value in (settings or {}).items()),
            )
            checked = self._setups.get(setup)
        except TypeError:  # a value that is not hashable: checked every time
            setup, checked = None, None
        if checked is None:
            problems = self.config.check_settings(settings or {})
            if problems:
                raise RulesError("; ".join(problems), problems=problems)
            values = self.config.default_settings(variant)
            values.update(settings or {})
        else:
            values = dict(checked)
        seats = _check_seats(seats, players)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"seed: expected an integer, got {seed!r}")
        if dealer is None:
            dealer = pick(players, seeded(sub_seed(seed, 0)))  # the first dealer, from the seed
        elif not isinstance(dealer, int) or not 0 <= dealer < players:
            raise RulesError(f"dealer: expected a seat from 0 to {players - 1}, got {dealer!r}")
        if start is not None:
            scores = start.get("scores", [0] * players)
            if not isinstance(scores, list) or len(scores) != players:
                raise RulesError(f"start.scores: expected {players} scores")
        if checked is None:
            self.procedure.check_setup(self, variant, players, values)
            if setup is not None:
                self._setups[setup] = dict(values)
        return self.procedure(self, players, variant, values, seats, seed, dealer, start, layouts or [], chance or [])


# The seat names of a match started without seats, by number of players (named once, not per
# match: a bench or a search starts thousands of matches without seats).
_SEAT_NAMES: dict[int, tuple[str, ...]] = {}


def _check_seats(seats: list[dict[str, Any]] | None, players: int) -> list[dict[str, Any]]:
    if seats is None:
        names = _SEAT_NAMES.get(players)
        if names is None:
            names = _SEAT_NAMES[players] = tuple(f"Player {i + 1}" for i in range(players))
        default = []  # a loop, not a comprehension: each match gets seats of its own
        for name in names:
            default.append({"name": name, "kind": "bot", "level": "normal"})
        return default
    if not isinstance(seats, list) or len(seats) != players:
        raise RulesError(f"seats: expected {players} seats")
    checked = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise RulesError(f"seats[{i}]: expected a table with name and kind")
        kind = seat.get("kind", "human")
        if kind not in ("human", "bot"):
            raise RulesError(f"seats[{i}].kind: expected 'human' or 'bot', got {kind!r}")
        entry = {"name": str(seat.get("name") or f"Player {i + 1}"), "kind": kind}
        if kind == "bot":
            level = seat.get("level", "normal")
            if level not in BOT_LEVELS:
                raise RulesError(f"seats[{i}].level: expected one of {', '.join(BOT_LEVELS)}, got {level!r}")
            entry["level"] = level
        checked.append(entry)
    return checked
