"""What every trick game publishes, typed: the trump, the trick on the table, tricks won, the
history. A trick game's own facts extend :class:`TrickFacts`; the table and the trick bots read
these fields without knowing which game it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RulesError
from .facts import Facts, fact

Place = int | str  # a seat, or the dummy ("dummy")


@dataclass(frozen=True, kw_only=True)
class PlayedTrick(Facts):
    """A trick played: who led it, who won it, and each place's card in playing order."""

    leader: Place
    winner: Place
    plays: tuple[tuple[Place, str], ...]


def _trump(state: Any, suit_id: str | None) -> int | None:
    return None if suit_id is None else state.suit_index(suit_id)


def _history(state: Any, history: tuple[PlayedTrick, ...]) -> list[tuple[Any, ...]]:
    parse = state.deck.parse
    return [(h.leader, tuple(p for p, _t in h.plays), tuple(parse(t) for _p, t in h.plays), h.winner) for h in history]


@dataclass(frozen=True, kw_only=True)
class TrickFacts(Facts):
    """The play of a trick game as everyone knows it. ``trick``, ``leader`` and ``to_play`` are
    derived (the procedure rebuilds the trick on the table from them after a restore)."""

    trump: str | None = fact(load=_trump)
    follow_rule: str
    order: tuple[Place, ...]
    leader: Place | None = fact(derived=True)
    trick: tuple[tuple[Place, str], ...] = fact(derived=True)
    to_play: Place | None = fact(derived=True)
    tricks_won: tuple[int, ...] = fact(attr="won")
    tricks_left: int
    history: tuple[PlayedTrick, ...] = fact(load=_history)
    dummy_player: int | None
    dummy_columns: int
    phase: str


def trick_facts_of(view: Any) -> TrickFacts | None:
    """The trick facts of any trick game's view (``None``: the view's game publishes none)."""
    try:
        return TrickFacts.of(view)
    except RulesError:
        return None
