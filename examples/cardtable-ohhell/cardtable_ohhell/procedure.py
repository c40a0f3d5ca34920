"""Oh Hell's procedure: deals of 1..N..1 cards, a trump turned up, bids with the dealer's hook,
tricks by the engine's shared trick taking (:mod:`rules.tricks`), exact bids score.

A deal: the cards go one at a time clockwise from the dealer's left, then the next card is
turned up as trump (``trump`` zone, public); the rest stay face down in the ``stock``. When
every card is dealt there is no up-card and no trump. The record's layout is taken after the
deal: ``hand/<seat>`` in the order dealt, ``trump`` (the up-card, or empty), ``stock``.

Bids are actions like any other (``bid 3``, shown as buttons): one per seat, clockwise from the
dealer's left, the dealer last. With the dealer's hook (setting ``hook``) the dealer may not bid
the number that makes the bids add up to the tricks of the deal. Then the player left of the
dealer leads; following is ``must_follow``; the highest trump wins, else the highest of the suit
led (:func:`rules.tricks.trick_winner`).

Scores are running totals (higher is better); ``deal_results`` holds each deal's terms: cards,
trump, bids, tricks, which bids were exact, the deal's scores and the totals.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from rules import Action, Event, RulesError, View, load_game
from rules.facts import DealDetails, Facts, fact
from rules.kinds import Word
from rules.schema import AnyOf, IntRange, ListOf, Table
from rules.shuffle import shuffle
from rules.trick_facts import TrickFacts
from rules.tricks import MUST_FOLLOW, TRICK_ZONE, TrickState, trick_deck

if TYPE_CHECKING:
    from rules import Game

CONFIG_SCHEMA = {
    "scoring": Table(
        required={"rank_order": ListOf(AnyOf((int, str), "a rank"), 2), "exact_bonus": IntRange(0, 1000)},
    ),
}


class OhHellPhase(Word):
    """Oh Hell's phase before the tricks (then ``play`` and ``over``, rules.tricks)."""

    BID = "bid"


class OhHellAction(Word):
    """Oh Hell's own action kind (besides the tricks')."""

    BID = "bid"  # "bid 3": its number is the action's value


BID = OhHellPhase.BID
DECK_SIZE = 52  # Oh Hell's deck: player counts are checked against it before a deck is built
SEQUENCES = ("up-down", "down-up", "fixed")
SCORE_RULES = ("exact-ten", "tricks-ten", "penalty")

_BIDS: dict[int, Action] = {}


def bid_action(tricks: int) -> Action:
    """The "bid <n>" action (built once per number). A bid is public at once: no undo."""
    action = _BIDS.get(tricks)
    if action is None:
        action = _BIDS[tricks] = Action(
            OhHellAction.BID, f"bid {tricks}", label=str(tricks), undoable=False, value=tricks
        )
    return action


_SEAT_ZONES: dict[int, tuple[tuple[str, str], ...]] = {}


def _seat_zones(players: int) -> tuple[tuple[str, str], ...]:
    """("hand/<seat>", "won/<seat>") for each seat (named once per player count, interned as the
    trick play names them: a zone looked up on every card is then found by identity)."""
    names = _SEAT_ZONES.get(players)
    if names is None:
        names = _SEAT_ZONES[players] = tuple(
            (sys.intern(f"hand/{seat}"), sys.intern(f"won/{seat}")) for seat in range(players)
        )
    return names


_BID_LISTS: dict[tuple[int, int | None], tuple[Action, ...]] = {}


def bids_allowed(cards: int, hooked: int | None) -> tuple[Action, ...]:
    """The bids from 0 to ``cards`` but ``hooked`` (built once per pair: listed before every bid)."""
    bids = _BID_LISTS.get((cards, hooked))
    if bids is None:  # a loop: a generator would make ``hooked`` a cell, made on every call
        listed = []
        for k in range(cards + 1):
            if k != hooked:
                listed.append(bid_action(k))
        bids = _BID_LISTS[cards, hooked] = tuple(listed)
    return bids


def most_cards(players: int, settings: dict[str, Any], deck_size: int = DECK_SIZE) -> int:
    """The most cards in one deal: the ``max_cards`` setting, or (0) as many as the deck allows."""
    return settings["max_cards"] or deck_size // players


def deal_sequence(players: int, settings: dict[str, Any], deck_size: int = DECK_SIZE) -> list[int]:
    """Cards per player in each deal of the match, by the ``sequence`` setting."""
    top = most_cards(players, settings, deck_size)
    kind = settings["sequence"]
    if kind == "fixed":
        return [top] * players
    if kind == "down-up":
        return list(range(top, 0, -1)) + list(range(2, top + 1))
    return list(range(1, top + 1)) + list(range(top - 1, 0, -1))


@cache
def _exact_bonus(game_id: str) -> int:
    """The rules file's bonus for an exact bid (read once: the search scores thousands of endings)."""
    return int(load_game(game_id).config.scoring["exact_bonus"])


def deal_score(rule: str, bid: int, tricks: int, bonus: int) -> int:
    """One seat's score for a deal under ``rule`` (the ``score_rule`` setting)."""
    exact = bid == tricks
    if rule == "tricks-ten":
        return tricks + (bonus if exact else 0)
    if exact:
        return bonus + tricks
    return -abs(tricks - bid) if rule == "penalty" else 0


@dataclass(frozen=True, kw_only=True)
class OhHellFacts(TrickFacts):
    """Oh Hell's public facts: the deal sequence, this deal's hand size, the bids so far."""

    deal: int = fact(attr="deal_no")
    deals: int = fact(derived=True)
    sequence: tuple[int, ...]
    cards: int = fact(attr="hand_size")
    bids: tuple[int | None, ...]
    hooked_bid: int | None = fact(derived=True)


@dataclass(frozen=True, kw_only=True)
class OhHellDetails(DealDetails):
    """A deal of Oh Hell as booked: its number of the match's deals, its size, the up-card and
    trump, the score rule, each seat's bid, tricks and whether it was exact, the deal's scores and
    the running totals."""

    deal: int
    deals: int
    dealer: int
    cards: int
    up_card: str | None
    trump: str | None
    score_rule: str
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    exact: tuple[bool, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]


class OhHellState(TrickState):
    """A match of Oh Hell: one deal per entry of the deal sequence, the highest total wins."""

    FACTS = OhHellFacts
    DETAILS = OhHellDetails
    MUTABLE = ("won", "history", "bids")

    @classmethod
    def allows_players(cls, variant: str, players: int, settings: dict[str, Any]) -> bool:
        """A fixed ``max_cards`` must fit the deck for every player (see ``Game.player_counts``)."""
        return settings["max_cards"] * players <= DECK_SIZE

    @classmethod
    def check_setup(cls, game: Game, variant: str, players: int, settings: dict[str, Any]) -> None:
        config = game.config
        deck = game.deck(variant)
        if settings["max_cards"] * players > deck.size:
            raise RulesError(
                f"settings.max_cards: {players} hands of {settings['max_cards']} need "
                f"{settings['max_cards'] * players} cards; the deck has {deck.size} "
                f"(at most {deck.size // players} each, or 0 for as many as fit)"
            )
        if settings["sequence"] not in SEQUENCES or settings["score_rule"] not in SCORE_RULES:
            raise RulesError(
                f"{config.path}: settings: the Oh Hell procedure knows the sequences "
                f"{', '.join(SEQUENCES)} and the scorings {', '.join(SCORE_RULES)}"
            )
        cls.check_rank_order(config, deck)

    # ------------------------------------------------------------------ setup
    def _setup_deal(self, layout: dict[str, list[int]] | None, events: list[Event] | None) -> None:
        config = self.game.config
        n, dealer = self.players, self.dealer
        if getattr(self, "sequence", None) is None:
            self.sequence = deal_sequence(n, self.settings, self.deck.size)
        if not 1 <= self.deal_no <= len(self.sequence):
            raise RulesError(
                f"start.deal: this match of {self.game.name} has deals 1 to {len(self.sequence)}, not {self.deal_no}"
            )
        self.hand_size = size = self.sequence[self.deal_no - 1]
        # A layout from a record is checked; the procedure's own deal is right by construction.
        self.zones = self._deal_zones(layout, size) if layout is not None else self._dealt(size)
        tdeck = getattr(self, "tdeck", None) or trick_deck(self.deck, config.scoring["rank_order"])
        self._reset_play(list(range(n)), MUST_FOLLOW, tdeck)
        up = self.zones["trump"]
        self.trump = tdeck.suit_of[up[0]] if up else None
        self.bids: list[int | None] = [None] * n
        self.phase = BID
        self.turn = self.next_seat(dealer)
        if events is not None:
            events.append(
                Event(
                    "deal",
                    {
                        "deal": self.deal_no,
                        "deals": len(self.sequence),
                        "dealer": dealer,
                        "cards": size,
                        "up_card": self.deck.text(up[0]) if up else None,
                        "trump": self.trump_id(),
                    },
                )
            )

    def _dealt(self, size: int) -> dict[str, list[int]]:
        """Shuffle, deal ``size`` cards each one at a time from the dealer's left, turn up the next:
        the deal's zones in :meth:`_deal_zones`' order (the trick, the up-card, the stock, then each
        seat's hand and won pile). Not checked as a recorded layout is: right by construction."""
        cards = list(range(self.deck.size))
        shuffle(cards, self.rng)
        n = self.players
        dealt = n * size
        first = self.dealer + 1  # the k-th card goes to the seat k places left of the dealer (mod n)
        zones = {TRICK_ZONE: [], "trump": cards[dealt : dealt + 1], "stock": cards[dealt + 1 :]}
        for seat, (hand, won) in enumerate(_seat_zones(n)):
            zones[hand] = cards[(seat - first) % n : dealt : n]
            zones[won] = []
        return zones

    def _deal_zones(self, layout: dict[str, list[int]], size: int) -> dict[str, list[int]]:
        zones = self._laid_out(layout, (TRICK_ZONE, "trump", "stock"), ("hand", "won"), f"with {self.players} players")
        rest = self.deck.size - self.players * size
        expected = {"trump": min(rest, 1), "stock": max(rest - 1, 0)}
        for zone, cards in sorted(zones.items(), key=lambda item: not item[0].startswith("hand/")):  # hands first
            count = size if zone.startswith("hand/") else expected.get(zone, 0)
            if len(cards) != count:
                what = (
                    "the up-card (none when every card is dealt)"
                    if zone == "trump"
                    else f"{count} card{'s' if count != 1 else ''}"
                )
                raise RulesError(
                    f"layout.{zone}: expected {what} in deal {self.deal_no} "
                    f"({size} card{'s' if size != 1 else ''} each), got {len(cards)}"
                )
        return zones

    # ------------------------------------------------------------ contract
    def _phase_legal(self) -> tuple[Action, ...]:
        if self.phase == BID:
            return bids_allowed(self.hand_size, self.hooked_bid())  # shared: the engine lists it anew
        return ()

    def hooked_bid(self) -> int | None:
        """The bid the dealer's hook forbids now (None: not the dealer's bid, or no hook)."""
        if self.phase != BID or self.turn != self.dealer or not self.settings["hook"]:
            return None
        rest = self.hand_size
        for bid in self.bids:  # a loop: cheaper than a generator (asked before every bid)
            if bid is not None:
                rest -= bid
        return rest if rest >= 0 else None

    def _why_not_text(self, text: str) -> str | None:
        """A bid out of range or against the dealer's hook says which; a card play is the shared
        trick game's reason (the suit to follow)."""
        words = text.split()
        if words and words[0].lower() == "bid":
            if self.phase != BID:
                return "The bids are over: play a card."
            if len(words) == 2 and words[1].isdigit():
                return self._bid_why_not(int(words[1]))
            return f"Bid a number of tricks, from 0 to {self.hand_size}."
        return super()._why_not_text(text)

    def _bid_why_not(self, tricks: int) -> str | None:
        size = self.hand_size
        if tricks > size:
            return f"You hold {size} card{'s' if size != 1 else ''}: bid from 0 to {size}."
        if tricks == self.hooked_bid():
            return (
                f"The dealer's hook: the bids may not add up to the {size} trick{'s' if size != 1 else ''}, "
                f"so the dealer may not bid {tricks}."
            )
        return None

    def _phase_why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        return "First the bids: say how many tricks you will take."

    # --------------------------------------------------------------- moves
    def _phase_do(self, action: Action, events: list[Event] | None) -> None:
        """A bid; the dealer's, last, begins the play."""
        seat = self.turn
        bid = int(action.value)  # type: ignore[arg-type]
        self.bids[seat] = bid
        if events is not None:
            events.append(Event("bid", {"seat": seat, "bid": bid, "total": sum(b for b in self.bids if b is not None)}))
        if seat == self.dealer:
            self._start_play(self.next_seat(self.dealer), events)
        else:
            self.turn = self.next_seat(seat)

    # ------------------------------------------------------------- scoring
    def _tricks_done(self, events: list[Event] | None) -> None:
        # Once a deal, every deal of a bench or search: one plain loop over the seats (before Python
        # 3.12 each comprehension is a function made and called, dearer than three seats), the terms
        # made without the dataclass's checks.
        rule, bonus = self.settings["score_rule"], self.game.config.scoring["exact_bonus"]
        won, totals = self.won, self.totals
        bids: list[int] = []
        scores: list[int] = []
        exact: list[bool] = []
        new_totals: list[int] = []
        for seat, bid in enumerate(self.bids):
            bid = bid or 0  # every seat has bid by now (0 stands in for a missing one)
            score = deal_score(rule, bid, won[seat], bonus)
            bids.append(bid)
            scores.append(score)
            exact.append(bid == won[seat])
            new_totals.append(totals[seat] + score)
        self.totals = new_totals
        up = self.zones["trump"]
        details = OhHellDetails.made(
            deal=self.deal_no,
            deals=len(self.sequence),
            dealer=self.dealer,
            cards=self.hand_size,
            up_card=self.deck.text_of[up[0]] if up else None,
            trump=self.trump_id(),
            score_rule=rule,
            bids=tuple(bids),
            tricks=tuple(won),
            exact=tuple(exact),
            scores=tuple(scores),
            totals=tuple(new_totals),
        )
        self._end_deal(scores, details, events)
        self._next_deal_or_end(self.deal_no >= len(self.sequence), events)

    @classmethod
    def deal_scores(cls, view: View, bids: list[int | None], tricks: list[int], points: list[int]) -> list[int]:
        """Each seat's score if the deal ends with ``tricks`` won (the generic ``hard``'s goal)."""
        rule, bonus = view.settings["score_rule"], _exact_bonus(view.game)
        return [deal_score(rule, int(bid or 0), won, bonus) for bid, won in zip(bids, tricks, strict=True)]

    # ---------------------------------------------------------------- views
    def _facts(self, seat: int | None) -> OhHellFacts:
        return OhHellFacts(
            **self._trick_facts(),
            deal=self.deal_no,
            deals=len(self.sequence),
            sequence=tuple(self.sequence),
            cards=self.hand_size,
            bids=tuple(self.bids),
            hooked_bid=self.hooked_bid(),
        )

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        super()._facts_restored(facts, seat)
        if self.phase == BID:
            self.turn = next(
                s for s in (self.next_seat(self.dealer, 1 + k) for k in range(self.players)) if self.bids[s] is None
            )


PROCEDURE = OhHellState
