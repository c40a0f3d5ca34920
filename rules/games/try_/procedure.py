"""Try: the cooperative five-suit game (RULES.md section 1).

Phases: every seat bids one card (a secret choice, :mod:`rules.choices`, asked from the first
player clockwise), the up-card is turned, then turns of draw + discard (:mod:`rules.drawdiscard`)
until a Try (four of a suit after a draw, the Wild counting as every suit) or until the last
stock card is drawn without one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.actions import Action, Event
from rules.choices import HIDDEN, SecretChoice
from rules.drawdiscard import MUTABLE as DRAW_MUTABLE
from rules.drawdiscard import DrawDiscard, DrawFacts, not_twice_in_a_row
from rules.errors import RulesError
from rules.facts import DealDetails, Facts, fact
from rules.kinds import ActionKind, EventKind, Word
from rules.schema import IntRange, Table
from rules.shuffle import pick, shuffle
from rules.state import State

if TYPE_CHECKING:
    from rules.game import Game

CONFIG_SCHEMA = Table(
    required={
        "deal": Table(
            required={
                "hand": IntRange(1, 20),
                "bid": IntRange(0, 1),
                "up_card": IntRange(0, 1),
                "try_size": IntRange(2, 12),
            }
        ),
        "scoring": Table(required={"wild_points": IntRange(0, 100)}),
    }
)
SETTINGS = ("threshold", "removed", "tryer_discards", "last_turn_discard_limit", "wild_may_be_bid")


class TryPhase(Word):
    """Try's phases: the bids, then turns of draw and discard, until the deal is over."""

    BID = "bid"
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


class TryAction(Word):
    """Try's own action kinds (the draws are rules.drawdiscard's ``draw``)."""

    BID = "bid"  # a card face down as this seat's bid
    DISCARD = "discard"


BID, DRAW, DISCARD, OVER = TryPhase.BID, TryPhase.DRAW, TryPhase.DISCARD, TryPhase.OVER


def may_take_discard(state: TryState, seat: int) -> bool:
    """Try's take rule: never on two turns of one's own in a row — unless, on a last turn with an
    empty stock, the house rule lifts that limit."""
    if not_twice_in_a_row(state, seat):
        return True
    last_turn_empty_stock = state.tryer is not None and not state.zones["stock"]
    return last_turn_empty_stock and not state.settings["last_turn_discard_limit"]


# Draw and discard: the stock is never rebuilt (drawing its last card without a Try loses).
PILE = DrawDiscard(may_take=may_take_discard)


def _bids(state: TryState, placed: tuple[bool, ...]) -> SecretChoice:
    """The bids as a seat knows them: who has bid, never which card."""
    order = tuple(state.next_seat(state.dealer, k) for k in range(1, state.players + 1))
    return SecretChoice("bid", order, tuple(HIDDEN if placed[s] else None for s in order))


@dataclass(frozen=True, kw_only=True)
class TryFacts(Facts):
    """Try's public facts: the phase and turn, who has bid, the draw pile, the Try and its end.
    ``tried_suit`` is named only to the Tryer (and to all once the deal is over)."""

    phase: str
    turn: int | None
    first: int = fact(derived=True)
    bids_placed: tuple[bool, ...] = fact(attr="bids", load=_bids)
    pile: DrawFacts = fact(flat=True)
    tryer: int | None
    last_turns: tuple[int, ...]
    outcome: str | None
    tried_suit: str | None = fact(derived=True)
    threshold: int = fact(derived=True)


@dataclass(frozen=True, kw_only=True)
class ScoreTerm(Facts):
    """One term of Try's scoring formula: what it counts, its cards and its points."""

    label: str
    cards: tuple[str, ...]
    value: int


@dataclass(frozen=True, kw_only=True)
class TryDetails(DealDetails):
    """A deal of Try as booked: every hand and bid shown, the Tryer, the threshold, the outcome
    (``win`` / ``loss``) and why, the tried suit's name, the scoring terms and the team's score."""

    hands: Mapping[str, tuple[str, ...]]
    bids: Mapping[str, tuple[str, ...]]
    tryer: int | None
    threshold: int
    outcome: str
    reason: str
    tried_suit: str | None
    terms: tuple[ScoreTerm, ...]
    score: int


class TryState(State):
    """A match of Try: one deal, scored for the whole team."""

    FACTS = TryFacts
    DETAILS = TryDetails

    MUTABLE = ("last_turns", *DRAW_MUTABLE)
    RANDOM_IN_PLAY = False  # Try shuffles only to deal: its stock is never rebuilt

    @classmethod
    def check_setup(cls, game: Game, variant: str, players: int, settings: dict[str, Any]) -> None:
        missing = [name for name in SETTINGS if name not in settings]
        if missing:
            raise RulesError(
                f"{game.config.path}: settings.{missing[0]}: missing (Try needs the settings {', '.join(SETTINGS)})"
            )
        deal = game.config.deal
        needed = settings["removed"] + players * deal["hand"] + deal["up_card"] + 1
        size = game.deck(variant).size
        if needed > size:
            raise RulesError(
                f"{game.config.path}: settings.removed: {settings['removed']} hidden cards leave "
                f"too few for {players} players (the deck has {size} cards, the deal needs {needed})"
            )

    # ------------------------------------------------------------------ setup
    def _setup_deal(self, layout: dict[str, list[int]] | None, events: list[Event] | None) -> None:
        n = self.players
        deal = self.game.config.deal
        self.hand_size = deal["hand"]
        self.try_size = deal["try_size"]
        self.wild_points = self.game.config.scoring["wild_points"]
        self.first = self.next_seat(self.dealer)
        if layout is None:
            cards = list(range(self.deck.size))
            shuffle(cards, self.rng)
            removed = cards[: self.settings["removed"]]
            rest = cards[self.settings["removed"] :]
            hands: list[list[int]] = [[] for _ in range(n)]
            for i in range(self.hand_size * n):  # one at a time, from the dealer's left
                hands[(self.first + i) % n].append(rest[i])
            layout = {"removed": removed, "stock": rest[self.hand_size * n :], "discard": []}
            for seat in range(n):
                layout[f"hand/{seat}"] = hands[seat]
        self.zones = {"removed": [], "stock": [], "discard": []}
        for seat in range(n):
            self.zones[f"hand/{seat}"] = []
            self.zones[f"bid/{seat}"] = []
        for zone, cards in layout.items():
            if zone not in self.zones:
                raise RulesError(f"layout.{zone}: no such zone with {n} players")
            self.zones[zone] = list(cards)
        for seat in range(n):
            size = len(self.zones[f"hand/{seat}"]) + len(self.zones[f"bid/{seat}"])
            if size != self.hand_size:
                raise RulesError(f"layout.hand/{seat}: expected {self.hand_size} cards, got {size}")
        if len(self.zones["removed"]) != self.settings["removed"]:
            raise RulesError(
                f"layout.removed: expected {self.settings['removed']} cards (settings.removed), "
                f"got {len(self.zones['removed'])}"
            )
        if len(self.zones["stock"]) <= deal["up_card"]:
            raise RulesError(
                f"layout.stock: expected more than {deal['up_card']} cards, got {len(self.zones['stock'])}"
            )
        self.phase = BID
        # The bids: one secret choice, asked from the first player clockwise (a bid already in the
        # layout counts as given). The card goes face down at once; only its owner sees it.
        self.bids = SecretChoice.ask("bid", n, self.dealer, [s for s in range(n) if not self.zones[f"bid/{s}"]])
        self.turn = self.first if self.bids.done else self.bids.asking
        PILE.start(self)
        self.tryer: int | None = None
        self.tried_suit: int | None = None
        self.last_turns: list[int] = []
        self.outcome: str | None = None
        self.team_score = 0
        if events is not None:
            events.append(
                Event(
                    "deal", {"dealer": self.dealer, "hand_size": self.hand_size, "removed": len(self.zones["removed"])}
                )
            )
        if self.bids.done:
            self._turn_up_card(events)

    # ------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        return [self.team_score] * self.players

    @property
    def winners(self) -> list[int]:
        return list(range(self.players)) if self.outcome == "win" else []

    def zone_visible(self, zone: str, seat: int | None) -> bool:
        if self.phase == OVER and zone.split("/")[0] in ("hand", "bid"):
            return True
        return super().zone_visible(zone, seat)

    @property
    def bids_placed(self) -> list[bool]:
        """Which seats have bid (public: never which card)."""
        return [bool(self.zones[f"bid/{s}"]) for s in range(self.players)]

    def may_draw_discard(self, seat: int) -> bool:
        return PILE.may_take_discard(self, seat)

    def _legal(self) -> list[Action]:
        seat = self.turn
        hand = f"hand/{seat}"
        faces = self.deck.faces
        if self.phase == BID:
            # The last bid turns the up-card: no undo across that reveal.
            last = self.bids.last_to_answer and bool(self.game.config.deal["up_card"])
            return [
                Action(TryAction.BID, f"bid {faces[c].text}", c, hand, f"bid/{seat}", undoable=not last)
                for c in self.zones[hand]
                if self.settings["wild_may_be_bid"] or faces[c].extra != "wild"
            ]
        if self.phase == DRAW:
            return PILE.draw_actions(self, seat, hand, self._take_undoable)
        return [Action(TryAction.DISCARD, f"discard {faces[c].text}", c, hand, "discard") for c in self.zones[hand]]

    def _take_undoable(self, top: int) -> bool:
        """Taking ``top`` may be undone unless it makes a Try (announced at once)."""
        return self.tryer is not None or self._try_suit(self.zones[f"hand/{self.turn}"] + [top]) is None

    def _why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        seat = self.turn
        hand = f"hand/{seat}"
        if self.phase == OVER:
            return "The game is over."
        if self.phase == BID:
            if source == hand and target == f"bid/{seat}":
                return "The Wild may not be bid (house rule): bid one of your suited cards."
            return "First choose your bid: put one card from your hand face down on your bid spot."
        if self.phase == DRAW:
            if source == "discard" and target == hand:
                if not self.zones["discard"]:
                    return "The discard pile is empty: draw from the stock."
                return "You took from the discard pile on your last turn: draw from the stock."
            if source == hand:
                if self.may_draw_discard(seat):
                    return "You must draw before you discard: take the top card of the stock or of the discard pile."
                return "You must draw before you discard: draw from the stock."
            return "Draw into your hand from the stock or the discard pile."
        if source in ("stock", "discard"):
            return "You have drawn already: now discard one card."
        if source == hand and target != "discard":
            return "Discard onto the discard pile."
        return "That move is not allowed now."

    def _why_not_text(self, text: str) -> str | None:
        """A bid or discard of a card not held says so; a draw the rules forbid says why."""
        words = text.split()
        seat = self.turn
        hand = f"hand/{seat}"
        if len(words) != 2 or self.phase == OVER:
            return None
        verb = words[0].lower()
        if verb == "draw" and words[1].lower() in ("stock", "discard"):
            if self.phase == DRAW and words[1].lower() == "stock":
                return "The stock is empty." if not self.zones["stock"] else None
            return self._why_not(None, words[1].lower(), hand)
        if verb not in ("bid", "discard"):
            return None
        try:
            card = self.deck.parse(words[1])
        except RulesError:
            return f"{words[1]!r} is not a card of this deck."
        if card not in self.zones[hand]:
            return f"The {self.deck.faces[card].name} is not in your hand."
        if verb == "bid" and self.phase != BID:
            return "Everyone has bid already: draw, then discard."
        return self._why_not(card, hand, f"bid/{seat}" if verb == "bid" else "discard")

    # --------------------------------------------------------------- moves
    def _do(self, action: Action, events: list[Event] | None) -> None:
        seat = self.turn
        hand = f"hand/{seat}"
        if action.kind == TryAction.BID:
            self.move(action.card, hand, f"bid/{seat}", events, frozenset((seat,)))
            self.bids = self.bids.answer(seat, action.text)
            if self.bids.done:
                self.turn = self.first
                self._turn_up_card(events)
            else:
                self.turn = self.bids.asking
        elif action.kind == ActionKind.DRAW:
            self._draw(seat, action.source, events)
        else:
            PILE.discard_card(self, seat, action.card, hand, events)
            self._next_turn(events)

    def _turn_up_card(self, events: list[Event] | None) -> None:
        if self.game.config.deal["up_card"]:
            PILE.turn_up(self, events)
        self.phase = DRAW

    def _draw(self, seat: int, source: str, events: list[Event] | None) -> None:
        hand = f"hand/{seat}"
        PILE.draw(self, seat, source, hand, events)
        if self.tryer is not None:  # a last turn: four of a suit changes nothing now
            self.phase = DISCARD
            return
        suit = self._try_suit(self.zones[hand])
        if suit is not None:
            self.tryer = seat
            self.tried_suit = suit
            if events is not None:
                events.append(Event("try", {"seat": seat}))
                events.append(
                    Event(
                        "tried_suit", {"seat": seat, "suit": self.deck.suits[suit].name}, frozenset((seat,)), ("suit",)
                    )
                )
            self.last_turns = [self.next_seat(seat, k) for k in range(1, self.players)]
            if self.settings["tryer_discards"]:
                self.phase = DISCARD
            else:
                self._next_last_turn(events)
        elif not self.zones["stock"] and source == "stock":
            self._finish("stock", events)
        else:
            self.phase = DISCARD

    def _next_turn(self, events: list[Event] | None) -> None:
        if self.tryer is None:
            self.turn = self.next_seat(self.turn)
            self.phase = DRAW
        else:
            self._next_last_turn(events)

    def _next_last_turn(self, events: list[Event] | None) -> None:
        while self.last_turns:
            seat = self.last_turns.pop(0)
            if PILE.can_draw_stock(self) or PILE.may_take_discard(self, seat):
                self.turn = seat
                self.phase = DRAW
                return
            if events is not None:
                events.append(Event("skip", {"seat": seat, "reason": "no card may be drawn"}))
        self._finish("scored", events)

    def _try_suit(self, hand: list[int]) -> int | None:
        suit_of = self.deck.suit_of
        counts = [0] * len(self.deck.suits)
        wild = 0
        for card in hand:
            s = suit_of[card]
            if s < 0:
                wild = 1
            else:
                counts[s] += 1
        best = None
        for s, count in enumerate(counts):
            if count + wild >= self.try_size and (best is None or count > counts[best]):
                best = s
        return best

    # ------------------------------------------------------------- scoring
    def _finish(self, how: str, events: list[Event] | None) -> None:
        n = self.players
        hands = {s: list(self.zones[f"hand/{s}"]) for s in range(n)}
        bids = {s: list(self.zones[f"bid/{s}"]) for s in range(n)}
        text = self.deck.text
        shown = {
            "hands": {str(s): tuple(text(c) for c in hands[s]) for s in range(n)},
            "bids": {str(s): tuple(text(c) for c in bids[s]) for s in range(n)},
            "tryer": self.tryer,
            "threshold": self.settings["threshold"],
        }
        if how == "stock":
            self.outcome = "stock"
            self.team_score = 0
            details = TryDetails(
                **shown,
                outcome="loss",
                reason="The last stock card was drawn without a Try.",
                tried_suit=None,
                terms=(),
                score=0,
            )
        else:
            terms = self.score_terms(
                self.tried_suit, [c for s in range(n) for c in hands[s]], [c for s in range(n) for c in bids[s]]
            )
            self.team_score = sum(t.value for t in terms)
            won = self.team_score >= self.settings["threshold"]
            self.outcome = "win" if won else "loss"
            details = TryDetails(
                **shown,
                outcome=self.outcome,
                tried_suit=self.deck.suits[self.tried_suit].name,
                terms=terms,
                score=self.team_score,
                reason=f"{self.team_score} points: {'at least' if won else 'below'} {self.settings['threshold']}.",
            )
        self.phase = OVER
        if events is not None:
            for s in range(n):
                events.append(Event("reveal", {"zone": f"hand/{s}", "cards": list(details.hands[str(s)])}))
                events.append(Event("reveal", {"zone": f"bid/{s}", "cards": list(details.bids[str(s)])}))
        self._end_deal(self.scores, details, events)
        self.totals = self.scores
        if events is not None:
            events.append(Event(EventKind.MATCH_OVER, {"winners": self.winners, "scores": self.scores}))

    def score_terms(self, suit: int, hand_cards: list[int], bid_cards: list[int]) -> tuple[ScoreTerm, ...]:
        """Each term of Try's scoring formula, named, with its cards and value."""
        faces = self.deck.faces
        suit_of = self.deck.suit_of
        name = self.deck.suits[suit].name

        def in_suit(cards: list[int]) -> list[int]:
            return [c for c in cards if suit_of[c] == suit]

        wilds = [c for c in hand_cards + bid_cards if suit_of[c] < 0]
        off_hand = [c for c in hand_cards if suit_of[c] >= 0 and suit_of[c] != suit]
        off_bids = [c for c in bid_cards if suit_of[c] >= 0 and suit_of[c] != suit]
        off_hand_sum = sum(faces[c].rank for c in off_hand)

        def term(label: str, cards: list[int], value: int) -> ScoreTerm:
            return ScoreTerm(label=label, cards=tuple(faces[c].text for c in cards), value=value)

        return (
            term(f"{name} in hands", in_suit(hand_cards), sum(faces[c].rank for c in in_suit(hand_cards))),
            term("the Wild", wilds, self.wild_points * len(wilds)),
            term(f"{name} bids", in_suit(bid_cards), sum(faces[c].rank for c in in_suit(bid_cards))),
            term(f"half of other hand cards ({off_hand_sum})", off_hand, -(off_hand_sum // 2)),
            term("other bids", off_bids, -sum(faces[c].rank for c in off_bids)),
        )

    # ---------------------------------------------------------------- views
    def _facts(self, seat: int | None) -> TryFacts:
        over = self.phase == OVER
        suit_known = self.tried_suit is not None and (over or seat == self.tryer)
        return TryFacts(
            phase=self.phase,
            turn=self.turn,
            first=self.first,
            bids_placed=tuple(self.bids_placed),
            pile=PILE.facts(self),
            tryer=self.tryer,
            last_turns=tuple(self.last_turns),
            outcome=self.outcome,
            tried_suit=self.deck.suits[self.tried_suit].name if suit_known else None,
            threshold=self.settings["threshold"],
        )

    def fill_hidden(
        self, zones: dict[str, list[int | None]], unknown: list[int], view: dict[str, Any], rng: random.Random
    ) -> None:
        """Hidden cards at random, except that a Tryer's hidden hand must still hold the Try it announced."""
        facts = TryFacts.of(view)
        tryer = facts.tryer
        if tryer is not None and facts.phase != OVER and not self.settings["tryer_discards"]:
            self._deal_a_try(zones[f"hand/{tryer}"], unknown, rng)
        super().fill_hidden(zones, unknown, view, rng)

    def _deal_a_try(self, hand: list[int | None], unknown: list[int], rng: random.Random) -> None:
        """Fill some hidden places of ``hand`` so that it holds a Try of a suit the unseen cards allow."""
        held = [c for c in hand if c is not None]
        slots = [i for i, c in enumerate(hand) if c is None]
        if not slots or self._try_suit(held) is not None:
            return
        suit_of = self.deck.suit_of
        wild_held = any(suit_of[c] < 0 for c in held)
        options = []
        for suit in range(len(self.deck.suits)):
            need = self.try_size - wild_held - sum(suit_of[c] == suit for c in held)
            fits = [c for c in unknown if suit_of[c] == suit or (suit_of[c] < 0 and not wild_held)]
            if need <= len(slots) and need <= len(fits):
                options.append((need, fits))
        if not options:
            return  # no Try is possible from the unseen cards: leave the hand to chance
        need, fits = options[pick(len(options), rng)]
        for slot, card in zip(slots[:need], fits[:need], strict=True):  # ``unknown`` is shuffled already
            hand[slot] = card
            unknown.remove(card)

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        """The tried suit: named in the Tryer's own view (and at the end), else read from the hand."""
        assert isinstance(facts, TryFacts)
        if self.tryer is not None:
            names = [suit.name for suit in self.deck.suits]
            if facts.tried_suit in names:
                self.tried_suit = names.index(facts.tried_suit)
            else:
                self.tried_suit = self._try_suit(self.zones[f"hand/{self.tryer}"])
            if self.tried_suit is None:
                self.tried_suit = 0
