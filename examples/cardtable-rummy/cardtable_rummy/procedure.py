"""Rummy's procedure, written from the engine's pieces: :mod:`rules.drawdiscard` draws and
discards (the stock rebuilt from the discard pile), :mod:`rules.building` builds melds and
lay-offs in steps, :mod:`rules.melds` checks them. What is Rummy's own is small: the deal, the
turn's phases, going out, and penalty points to a target.

A deal: the cards go one at a time clockwise from the dealer's left (``[deal].cards`` each, by the
number of players), the next is turned up onto the ``discard`` pile, the rest is the ``stock``.
A turn: ``draw stock`` or ``draw discard``, then the building steps (``meld set``, ``add 7H``,
``commit``; ``extend meld/1/0`` to lay off; :mod:`rules.building` lists them all), then
``discard <card>``. A seat with no card left goes out and the hand is scored: each other seat
scores its cards' values as penalty points. A stock that runs out after ``[deal].rebuilds``
rebuilds (one) ends the hand with nobody out (every seat scores its hand). A match ends when a total
reaches the ``target`` setting; the lowest total wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules import Action, Event, RulesError, State
from rules.building import Build, MeldBuilding, MeldFacts, meld_facts, meld_from
from rules.drawdiscard import MUTABLE as DRAW_MUTABLE
from rules.drawdiscard import REBUILD, DrawDiscard, DrawFacts
from rules.facts import DealDetails, Facts, fact
from rules.kinds import Word
from rules.melds import GROUP, RUN, Meld, MeldDeck, MeldRules
from rules.schema import IntRange, ListOf, MapOf, Table
from rules.shuffle import shuffle
from rules.view import Frozen, freeze

if TYPE_CHECKING:
    from rules import Game

CONFIG_SCHEMA = {
    "deal": Table(required={"cards": MapOf(IntRange(1, 25), "number of players"), "rebuilds": IntRange(0, 10)}),
    "scoring": Table(
        required={
            "rank_order": ListOf(object, 13, 13),
            "values": MapOf(IntRange(0, 100), "rank"),
        }
    ),
}


class RummyPhase(Word):
    """A turn's phases: draw, then meld, lay off and discard; ``over`` once the match is won."""

    DRAW = "draw"
    MELD = "meld"
    OVER = "over"


DRAW, MELD, OVER = RummyPhase.DRAW, RummyPhase.MELD, RummyPhase.OVER
# Rummy's melds: sets of 3 or 4 of a rank (one deck: never more), runs of 3+ of a suit. The
# rank order puts the Ace first, so its top rank (the King) may only end a run: no K-A-2.
MELD_RULES = MeldRules(group_min=3, run_min=3, ace="high")


class RummyMelding(MeldBuilding):
    """The engine's meld building with Rummy's own rules: the discard that may end the hand is
    final, and going out ends the hand (everything else is the engine's default)."""

    def closing_actions(self, state: RummyState, seat: int) -> list[Action]:
        """The discards; the last card's (out) and one that may end the hand (no stock left) are final."""
        final = len(state.zones[f"hand/{seat}"]) == 1 or not state.zones["stock"]
        return self.discard_actions(state, seat, undoable=not final)

    def gone_out(self, state: RummyState, seat: int, events: list[Event] | None) -> None:
        state.finish_hand(seat, events)


MELDING = RummyMelding(MELD_RULES, kinds=(GROUP, RUN), names={GROUP: "set"})

_MELD_DECKS: dict[int, tuple[Any, MeldDeck]] = {}


@dataclass(frozen=True, kw_only=True)
class RummyFacts(Facts):
    """What every view publishes (``view.public``): the phase and whose turn it is, the building
    steps taken this turn, the hand size and the target, who went out (or that the stock ran
    out), the melds on the table and what they stand for, the builder's own build, the draw
    pile's facts. The engine restores the plain fields; the melds and the build come back from
    the zones in :meth:`RummyState._facts_restored`."""

    phase: RummyPhase
    turn: int
    steps: int
    cards: int = fact(attr="hand_size", derived=True)
    target: int = fact(derived=True)
    went_out: int | None
    stalled: bool
    melds: Mapping[str, MeldFacts] = fact(derived=True)
    building: Mapping[str, Any] | None = fact(derived=True)
    pile: DrawFacts = fact(flat=True)


@dataclass(frozen=True, kw_only=True)
class RummyDetails(DealDetails):
    """A hand of Rummy as booked: who went out (``None``: the stock ran out), the cards each seat
    was left with, the running totals and the match's target."""

    went_out: int | None
    stalled: bool
    left: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    target: int


class RummyState(State):
    """A match of Rummy: hands until a total reaches the target, the lowest total wins."""

    MUTABLE = ("melds", *DRAW_MUTABLE)
    FACTS = RummyFacts
    DETAILS = RummyDetails

    @classmethod
    def check_setup(cls, game: Game, variant: str, players: int, settings: dict[str, Any]) -> None:
        cards = game.config.deal["cards"].get(str(players))
        size = game.deck(variant).size
        if cards is None:
            raise RulesError(f"{game.config.path}: deal.cards: no hand size for {players} players")
        if players * cards + 2 > size:
            raise RulesError(
                f"{game.config.path}: deal.cards: {players} hands of {cards} cards, the up-card and a "
                f"stock card need {players * cards + 2} cards; the deck has {size}"
            )

    # ------------------------------------------------------------------ setup
    def _setup_deal(self, layout: dict[str, list[int]] | None, events: list[Event] | None) -> None:
        n = self.players
        config = self.game.config
        self.hand_size = size = config.deal["cards"][str(n)]
        self.meld_deck = self._meld_deck()
        values = config.scoring["values"]
        self.card_value = tuple(values[str(face.rank)] for face in self.deck.faces)
        self.pile = DrawDiscard(when_empty=REBUILD, keep_top=True, max_rebuilds=config.deal["rebuilds"])
        if layout is None:
            cards = list(range(self.deck.size))
            shuffle(cards, self.rng)
            dealt = n * size
            layout = {f"hand/{self.next_seat(self.dealer, 1 + k)}": cards[k:dealt:n] for k in range(n)}
            layout["discard"] = cards[dealt : dealt + 1]
            layout["stock"] = cards[dealt + 1 :]
        self.zones = {"stock": [], "discard": []}
        for seat in range(n):
            self.zones[f"hand/{seat}"] = []
            self.zones[f"build/{seat}"] = []
        for zone, cards in layout.items():
            if zone.startswith("build/") and zone in self.zones and not cards:
                continue  # a record's layout lists every zone of the deal, the empty ones too
            if zone not in self.zones or zone.startswith("build/"):
                raise RulesError(f"layout.{zone}: not a zone of a Rummy deal with {n} players")
            self.zones[zone] = list(cards)
        for seat in range(n):
            got = len(self.zones[f"hand/{seat}"])
            if got != size:
                raise RulesError(f"layout.hand/{seat}: {n} players are dealt {size} cards each, got {got}")
        if len(self.zones["stock"]) + len(self.zones["discard"]) < 2:
            raise RulesError("layout.stock: expected at least the up-card and one card to draw")
        self.melds: dict[str, Meld] = {}
        self.build: Build | None = None
        self.steps = 0
        self.turn = self.next_seat(self.dealer)
        self.went_out: int | None = None
        self.stalled = False
        self.pile.start(self)
        if events is not None:
            events.append(
                Event("deal", {"deal": self.deal_no, "dealer": self.dealer, "cards": size, "first": self.turn})
            )
        if not self.zones["discard"]:
            self.pile.turn_up(self, events)
        self.phase = DRAW

    def _meld_deck(self) -> MeldDeck:
        """The meld tables of this match's deck, built once per deck."""
        kept = _MELD_DECKS.get(id(self.deck))
        if kept is None or kept[0] is not self.deck:
            order = self.game.config.scoring["rank_order"]
            kept = _MELD_DECKS[id(self.deck)] = (self.deck, MeldDeck.from_deck(self.deck, order))
        return kept[1]

    # ------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> list[int]:
        return self.leaders(lowest=True)  # penalty points: the lowest total wins

    def _legal(self) -> list[Action]:
        seat = self.turn
        if self.phase == DRAW:
            return self.pile.draw_actions(self, seat, f"hand/{seat}")
        return MELDING.turn_actions(self, seat)

    def _why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        if self.phase == OVER:
            return "The match is over."
        seat = self.turn
        if self.phase == DRAW:
            if source in ("stock", "discard"):
                return "Draw into your hand: drag the card onto it."
            return "First draw: the top card of the stock or of the discard pile."
        if source in ("stock", "discard"):
            return "You have drawn already: meld, lay off, then discard one card."
        if self.build is not None and target in ("discard", *self.melds):
            return "Finish the meld you are building first: commit it or cancel it."
        if target is not None and target in self.melds and card is not None:
            return f"The {self.deck.faces[card].name} does not fit that meld."
        if target == f"build/{seat}" and self.build is None:
            return "Select cards, then press Meld a set or Meld a run."
        if source == f"build/{seat}" and card is None and self.build is not None:
            kind = "set" if self.build.kind == GROUP else "run"
            return f"Those cards make no {kind}: a set is 3 or 4 of a rank, a run 3 or more of a suit in sequence."
        return "That move is not allowed now."

    def _why_not_text(self, text: str) -> str | None:
        """Why a written action is refused: the reason its move gets at the table (a text refused
        now names no legal action, so only its first word, what kind of move it is, is read)."""
        if self.phase == OVER:
            return "The match is over."
        seat = self.turn
        word = text.split(" ", 1)[0]
        if word == "draw":
            return self._why_not(None, "stock", f"hand/{seat}")
        if word == "discard":
            return self._why_not(None, f"hand/{seat}", "discard")
        if self.phase == DRAW:
            return "First draw: the top card of the stock or of the discard pile."
        if word in ("meld", "extend") and self.build is not None:
            return "Finish the meld you are building first: commit it or cancel it."
        if word in ("add", "remove", "commit", "cancel") and self.build is None:
            return "Select cards, then press Meld a set or Meld a run."
        if word == "commit":
            return self._why_not(None, f"build/{seat}", None)
        return "That move is not allowed now."

    # --------------------------------------------------------------- moves
    def _do(self, action: Action, events: list[Event] | None) -> None:
        seat = self.turn
        if action.kind == "draw":
            self.pile.draw(self, seat, str(action.source), f"hand/{seat}", events)
            self.phase = MELD
        elif action.kind == "discard":
            hand = f"hand/{seat}"
            self.pile.discard_card(self, seat, action.card, hand, events)
            if not self.zones[hand]:
                self.finish_hand(seat, events)
            else:
                self._next_turn(events)
        else:
            MELDING.do(self, seat, action, events)

    def _next_turn(self, events: list[Event] | None) -> None:
        self.turn = self.next_seat(self.turn)
        self.steps = 0
        self.phase = DRAW
        if events is not None:
            events.append(Event("turn", {"seat": self.turn}))
        if not self.pile.can_draw_stock(self):
            self.finish_hand(None, events)  # the stock ran out once too often

    def finish_hand(self, out: int | None, events: list[Event] | None) -> None:
        """The hand ends: ``out`` went out (``None``: the stock ran out); the others score their cards."""
        n = self.players
        left = [self.zones[f"hand/{s}"] + self.zones[f"build/{s}"] for s in range(n)]
        scores = [sum(self.card_value[c] for c in cards) for cards in left]
        self.went_out, self.stalled = out, out is None
        if events is not None:
            events.append(Event("went_out" if out is not None else "stalled", {"seat": out, "deal": self.deal_no}))
            for s in range(n):
                events.append(Event("reveal", {"zone": f"hand/{s}", "cards": [self.deck.text(c) for c in left[s]]}))
        self.totals = [t + d for t, d in zip(self.totals, scores, strict=True)]
        target = self.settings["target"]
        details = RummyDetails(
            went_out=out,
            stalled=out is None,
            left=tuple(tuple(self.deck.text(c) for c in cards) for cards in left),
            totals=tuple(self.totals),
            target=target,
        )
        self._end_deal(scores, details, events)
        if max(self.totals) >= target:
            self.phase = OVER
            if events is not None:
                events.append(Event("match_over", {"winners": self.winners, "scores": self.scores}))
            return
        self.dealer = self.next_seat(self.dealer)
        self._begin_deal(events)

    # ---------------------------------------------------------------- views
    def _facts(self, seat: int | None) -> RummyFacts:
        order = self.game.config.scoring["rank_order"]
        mine = seat is not None and seat == self.turn and self.phase == MELD and self.build is not None
        return RummyFacts(
            phase=self.phase,
            turn=self.turn,
            steps=self.steps,
            cards=self.hand_size,
            target=self.settings["target"],
            went_out=self.went_out,
            stalled=self.stalled,
            melds=Frozen({zone: meld_facts(meld, order) for zone, meld in self.melds.items()}),
            building=freeze(MELDING.public(self)) if mine else None,
            pile=self.pile.facts(self),
        )

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        """The melds and the build from the zones and the facts (for ``rules.sample``)."""
        assert isinstance(facts, RummyFacts)
        self.melds = {zone: meld_from(info, self.zones[zone]) for zone, info in facts.melds.items()}
        self.build = MELDING.restore(self, self.turn, facts.building)


PROCEDURE = RummyState
