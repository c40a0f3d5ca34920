"""3-Player Troeven (RULES.md section 4): a trump caller, card points, tallies counted down to 0.

Variants (troeven.toml): ``dummy`` (32 cards, the trump caller and a dummy against the dealer
and the dealer's partner) and ``thirty`` (30 cards, every player for themself).

The deal: the trump caller (left of the dealer) receives ``caller_first`` cards, names trump,
then the deal completes. The record's layout is taken after the whole deal (hands list cards
in the order dealt, so the caller's first cards are the ones seen before naming); the match
then holds the rest back in a face-down ``stock`` until trump is named, so every view shows
only what has really been dealt. The cut by the player right of the dealer changes nothing
and is not recorded.

The dummy is a place, not a seat (see :mod:`rules.tricks`): its columns ``dummy_down/<i>``
(face down) and ``dummy_up/<i>`` (face up), played by the trump caller in the dummy's turn
(after the dealer's partner, before the dealer). Seating clockwise: dealer, trump caller,
dealer's partner, dummy. Tricks the dummy wins join the caller's pile.

Tallies are kept per player (a [decision] of RULES.md): ``scores`` are the tallies, lower is
better, and a deal's recorded scores are the changes it made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.actions import Action, Event
from rules.errors import RulesError
from rules.facts import DealDetails, Facts, fact
from rules.kinds import Word
from rules.schema import AnyOf, IntRange, ListOf, MapOf, Table, validate
from rules.shuffle import shuffle
from rules.trick_facts import TrickFacts
from rules.tricks import DUMMY, OVER, TRICK_ZONE, TrickState, trick_deck

if TYPE_CHECKING:
    from rules.game import Game

DEAL = Table(required={"caller_first": IntRange(1, 20), "hand": IntRange(1, 20), "dummy": IntRange(0, 10)})
CONFIG_SCHEMA = {
    "deal": DEAL,
    "scoring": Table(
        required={"rank_order": ListOf(AnyOf((int, str), "a rank"), 2), "points": MapOf(IntRange(0, 100))}
    ),
}


class TroevenPhase(Word):
    """Troeven's phase before the tricks (then ``play`` and ``over``, rules.tricks)."""

    CALL = "call"  # the trump caller names trump from its first cards


CALL = TroevenPhase.CALL


def deal_table(game: Game, variant: str) -> dict[str, int]:
    """The deal sizes of ``variant`` (its ``deal`` table over the game's)."""
    return {**game.config.deal, **game.config.variants[variant].get("deal", {})}


@dataclass(frozen=True, kw_only=True)
class TroevenFacts(TrickFacts):
    """Troeven's public facts: the trump caller and partner, the deal's sizes, card points won."""

    deal: int = fact(attr="deal_no")
    caller: int
    partner: int | None
    caller_first: int
    hand_size: int
    points: tuple[int, ...] = fact(derived=True)


@dataclass(frozen=True, kw_only=True)
class Side(Facts):
    """One side of a dummy deal: its places (seats, and the dummy) and their card points."""

    places: tuple[int | str, ...]
    points: int


@dataclass(frozen=True, kw_only=True)
class TroevenDetails(DealDetails):
    """A deal of 3-Player Troeven as booked: the caller and trump, each seat's card points, the
    sides and which won (dummy columns) or the seats with the most points (thirty), each tally's
    change and the tallies after it."""

    deal: int
    dealer: int
    caller: int
    trump: str | None
    points: tuple[int, ...]
    sides: Mapping[str, Side] | None = fact(omit_none=True)
    side_won: str | None = None  # the side with more points (None: a tie, or no sides)
    top: tuple[int, ...] | None = fact(omit_none=True)
    changes: tuple[int, ...]
    tallies: tuple[int, ...]


class TroevenState(TrickState):
    """A match of 3-Player Troeven: deals until a player's tally reaches 0."""

    FACTS = TroevenFacts
    DETAILS = TroevenDetails

    def _start_scores(self, scores: list[int] | None) -> list[int]:
        """The tallies the match starts from: the ``start_tally`` setting unless given."""
        tallies = [self.settings["start_tally"]] * self.players if scores is None else list(scores)
        if not all(isinstance(t, int) and t >= 1 for t in tallies):
            raise RulesError("start.scores: every tally must be at least 1 (a player at 0 has already won)")
        return tallies

    @classmethod
    def check_setup(cls, game: Game, variant: str, players: int, settings: dict[str, Any]) -> None:
        config = game.config
        deal = deal_table(game, variant)
        problems: list[str] = []
        validate(deal, DEAL, f"variants.{variant}.deal", problems)
        if problems:
            raise RulesError(f"{config.path}: {problems[0]}")
        deck = game.deck(variant)
        needed = players * deal["hand"] + 2 * deal["dummy"]
        if needed != deck.size:
            raise RulesError(
                f"{config.path}: variants.{variant}.deal: {players} hands of {deal['hand']} and "
                f"{deal['dummy']} dummy columns need {needed} cards; the deck has {deck.size}"
            )
        if deal["caller_first"] > deal["hand"]:
            raise RulesError(f"{config.path}: variants.{variant}.deal.caller_first: more than a hand")
        cls.check_rank_order(config, deck, config.scoring["points"])

    # ------------------------------------------------------------------ setup
    def _setup_deal(self, layout: dict[str, list[int]] | None, events: list[Event] | None) -> None:
        config = self.game.config
        deal = deal_table(self.game, self.variant)
        self.caller_first, self.hand_size, columns = deal["caller_first"], deal["hand"], deal["dummy"]
        dealer = self.dealer
        self.caller = self.next_seat(dealer, 1)
        self.partner = self.next_seat(dealer, 2)  # the dealer's partner, right of the dealer
        self.zones = self._deal_zones(layout if layout is not None else self._deal_cards(columns), columns)
        order: list[Any] = [dealer, self.caller, self.partner] + ([DUMMY] if columns else [])
        self._reset_play(
            order,
            self.settings["follow_rule"],
            trick_deck(self.deck, config.scoring["rank_order"], config.scoring["points"]),
            self.caller if columns else None,
            columns,
        )
        self.phase = CALL
        self.turn = self.caller
        if events is not None:
            events.append(Event("cut", {"seat": self.partner}))
            events.append(
                Event(
                    "deal",
                    {"deal": self.deal_no, "dealer": dealer, "caller": self.caller, "caller_first": self.caller_first},
                )
            )

    def _deal_cards(self, columns: int) -> dict[str, list[int]]:
        """Shuffle; the caller's first cards, then the rest of the caller's, the partner's, the dealer's, the dummy."""
        cards = list(range(self.deck.size))
        shuffle(cards, self.rng)
        layout: dict[str, list[int]] = {}
        size = self.hand_size
        for k, seat in enumerate((self.caller, self.partner, self.dealer)):
            layout[f"hand/{seat}"] = cards[k * size : (k + 1) * size]
        rest = cards[3 * size :]
        for i in range(columns):
            layout[f"dummy_down/{i}"] = [rest[i]]
            layout[f"dummy_up/{i}"] = [rest[columns + i]]
        return layout

    def _deal_zones(self, layout: dict[str, list[int]], columns: int) -> dict[str, list[int]]:
        dummy = [f"dummy_{side}/{i}" for i in range(columns) for side in ("down", "up")]
        zones = self._laid_out(layout, (TRICK_ZONE, "stock"), ("hand", "won"), f"in the {self.variant} version", dummy)
        for zone, cards in zones.items():
            expected = self.hand_size if zone.startswith("hand/") else 1 if zone.startswith("dummy") else 0
            if len(cards) != expected:
                raise RulesError(
                    f"layout.{zone}: expected {expected} card{'s' if expected != 1 else ''}, got {len(cards)}"
                )
        return zones

    def _begin_deal(self, events: list[Event] | None) -> None:
        super()._begin_deal(events)  # records the whole deal as the layout
        self._hold_back()

    def _dealing_order(self) -> list[tuple[str, int]]:
        """Zones and counts dealt after trump is named, in order."""
        rest = [
            (f"hand/{self.caller}", self.hand_size - self.caller_first),
            (f"hand/{self.partner}", self.hand_size),
            (f"hand/{self.dealer}", self.hand_size),
        ]
        rest += [(f"dummy_down/{i}", 1) for i in range(self.dummy_columns)]
        return rest + [(f"dummy_up/{i}", 1) for i in range(self.dummy_columns)]

    def _hold_back(self) -> None:
        """Only the caller's first cards are dealt before trump: the rest waits face down."""
        stock = self.zones["stock"]
        for zone, count in self._dealing_order():
            cards = self.zones[zone]
            stock += cards[len(cards) - count :]
            del cards[len(cards) - count :]

    def _deal_rest(self, events: list[Event] | None) -> None:
        stock = self.zones["stock"]
        for zone, count in self._dealing_order():
            dealt = stock[:count]
            del stock[:count]
            target = self.zones[zone]
            if events is not None:
                audience = self.seats_seeing(zone)
                for card in dealt:
                    events.append(self.card_event("move", card, "stock", zone, audience, index=len(target)))
                    target.append(card)
            else:
                target += dealt

    # ------------------------------------------------------------ contract
    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return [seat for seat, tally in enumerate(self.totals) if tally <= 0]

    def _phase_legal(self) -> list[Action]:
        return self.trump_actions() if self.phase == CALL else []

    def _phase_why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        return "Name trump first: any suit, whether you hold it or not."

    # --------------------------------------------------------------- moves
    def _phase_do(self, action: Action, events: list[Event] | None) -> None:
        """The trump caller names trump; the deal completes and the caller leads."""
        self._name_trump(action, events)
        self._deal_rest(events)
        self._start_play(self.caller, events)

    # ------------------------------------------------------------- scoring
    def _tricks_done(self, events: list[Event] | None) -> None:
        points = [self.points_of(seat) for seat in range(self.players)]
        caller, dealer, partner = self.caller, self.dealer, self.partner
        change = [0] * self.players
        sides: dict[str, Side] | None = None
        side_won: str | None = None
        top_seats: tuple[int, ...] | None = None
        if self.dummy_columns:
            caller_side, dealer_side = points[caller], points[dealer] + points[partner]
            if caller_side > dealer_side:
                change[caller] -= 1
            elif dealer_side > caller_side:
                change[dealer] -= 1
                change[partner] -= 1
                change[caller] += 1
            sides = {
                "caller": Side(places=(caller, DUMMY), points=caller_side),
                "dealer": Side(places=(dealer, partner), points=dealer_side),
            }
            side_won = "caller" if caller_side > dealer_side else "dealer" if dealer_side > caller_side else None
        else:
            top = max(points)
            tops = [seat for seat, p in enumerate(points) if p == top]
            if len(tops) == 1:
                change[tops[0]] -= 1
            if points[caller] < top:
                change[caller] += 1
            top_seats = tuple(tops)
        self.totals = [tally + c for tally, c in zip(self.totals, change, strict=True)]
        terms = TroevenDetails(
            deal=self.deal_no,
            dealer=dealer,
            caller=caller,
            trump=self.trump_id(),
            points=tuple(points),
            sides=sides,
            side_won=side_won,
            top=top_seats,
            changes=tuple(change),
            tallies=tuple(self.totals),
        )
        self._end_deal(change, terms, events)
        self._next_deal_or_end(min(self.totals) <= 0, events)

    # ---------------------------------------------------------------- views
    def _facts(self, seat: int | None) -> TroevenFacts:
        return TroevenFacts(
            **self._trick_facts(),
            deal=self.deal_no,
            caller=self.caller,
            partner=self.partner,
            caller_first=self.caller_first,
            hand_size=self.hand_size,
            points=tuple(self.points_of(s) for s in range(self.players)),
        )

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        super()._facts_restored(facts, seat)
        if self.phase == CALL:
            self.turn = self.caller
