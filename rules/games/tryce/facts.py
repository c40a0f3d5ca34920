"""Tryce's public facts, typed: the hand on the board and its contract, the turn, the melds on
the table and what their cards stand for, a sale, the draws for dealer and buyers, the cut.

:class:`TryceFacts` is what every view publishes (``view.public``, docs/tryce.md); the procedure
builds it and :func:`rules.sample` restores the procedure from it (rules.facts)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.building import MeldFacts  # a meld's facts are the meld protocol's
from rules.choices import ChoiceFacts
from rules.drawdiscard import DrawFacts
from rules.facts import DealDetails, Facts, as_is, fact
from rules.kinds import Word


class TrycePhase(Word):
    """Tryce's phases in a hand: the cut, then turns of draw (or a sale) and melds, until it is over."""

    CUT = "cut"
    DRAW = "draw"
    SALE = "sale"
    MELD = "meld"
    OVER = "over"


class TryceAction(Word):
    """Tryce's action kinds before the melds (the meld steps are rules.building's)."""

    CUT = "cut"  # "cut 20": its number is the action's value
    BUY = "buy"
    PASS = "pass"
    DRAW = "draw"
    TAKE = "take"
    SELL = "sell"


@dataclass(frozen=True, kw_only=True)
class HandContract(Facts):
    """The melds this hand asks of each player before going down."""

    groups: int
    runs: int
    words: int


@dataclass(frozen=True, kw_only=True)
class SaleFacts(ChoiceFacts):
    """The sale of the discard's top card: the question, its seller, the card for sale."""

    seller: int
    for_sale: str


@dataclass(frozen=True, kw_only=True)
class LastSale(Facts):
    """The last sale of this turn: who sold, who wanted to buy, who got the card."""

    seller: int
    buyers: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True, kw_only=True)
class Cut(Facts):
    """The cut that began the hand: who cut, where they aimed, where it landed."""

    seat: int
    named: int
    landed: int
    target: int
    perfect: bool


def _as_dict(_state: Any, value: Facts | None) -> dict[str, Any] | None:
    return None if value is None else value.to_json()


@dataclass(frozen=True, kw_only=True)
class TryceFacts(Facts):
    """Everything a seat may know of a Tryce match besides the cards it sees. The hand's row of
    the board (``board_row``, ``contract``, ``pat``), the melds and a sale are rebuilt from the
    rules file and the zones after a restore; ``building`` and ``staged`` are the builder's own."""

    phase: TrycePhase
    hand_no: int = fact(derived=True)
    hands: int = fact(derived=True)
    board_row: Mapping[str, Any] = fact(derived=True)
    contract: HandContract = fact(derived=True)
    pat: bool = fact(derived=True)
    turn: int | None
    turn_no: int
    steps: int
    laid: tuple[Mapping[str, int], ...] = fact(derived=True)
    first_meld_turn: tuple[bool, ...] = fact(derived=True)
    first_meld: tuple[int | None, ...]
    went_down: int | None
    stalled: bool
    melds: Mapping[str, MeldFacts] = fact(derived=True)
    sale: SaleFacts | None = fact(derived=True)
    last_sale: LastSale | None = fact(load=_as_dict)
    pile: DrawFacts = fact(flat=True)
    dealer_draw: tuple[tuple[tuple[int, str], ...], ...] = fact(load=as_is)
    buyers_draw: tuple[tuple[tuple[int, str], ...], ...] = fact(load=as_is)
    cut: Cut | None = fact(load=_as_dict)
    building: Mapping[str, Any] | None = fact(derived=True)
    staged: Mapping[str, MeldFacts] | None = fact(derived=True)


@dataclass(frozen=True, kw_only=True)
class TryceDetails(DealDetails):
    """A hand of Tryce as booked: its contract and what it was worth, who went down (and took the
    contract's points) or that it stalled, each seat's contract points, meld values and the
    penalty of the cards left (with those cards), the cut and its bonus."""

    hand: int
    contract: HandContract
    contract_points: int
    points_to: int | None
    went_down: int | None
    stalled: bool
    pat: bool
    contract_scores: tuple[int, ...]
    melds: tuple[int, ...]
    penalty: tuple[int, ...]
    left: tuple[tuple[str, ...], ...]
    cut: Cut | None
    cut_bonus: tuple[int, ...]
