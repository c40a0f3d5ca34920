"""Tribello (RULES.md section 3): twelve deals of thirteen tricks for three players, with quotas.

The deal: cards go one at a time clockwise from the dealer's left, the pickup taking its
card just before the dealer's, so the last card of the deck goes to the dealer. Each round
(a ``[[deal.rounds]]`` table of tribello.toml) sets the trump, the quotas and the aim:

- Round 1, trump by the cut. The cut shows the bottom card of the lifted half; completing
  the cut puts it at the bottom of the deck, so it is dealt last, to the dealer (a
  [decision] of RULES.md). The layout is taken after the deal, so the cut is recorded as a
  chance outcome ``[null, "cut QH"]`` at the start of the deal's actions, naming a card of
  the dealer's hand (replay checks that it is there). A fresh deal's cut is the dealer's last
  card; a hand-written record without the entry gets the same. Everyone knows the dealer
  holds the cut card (``known["hand/<dealer>"]``) until the dealer sets a card aside for the
  exchange: nobody else can tell whether it is among the discards.
- Round 2: the dealer names trump ("trump hearts") after seeing the hand, before any exchange.
- Rounds 3 and 4: no trump; round 4 ("nullo") counts tricks at most the quota.

The exchange (dealer, then left, then right, while the pickup lasts) is built in steps so
the legal actions stay small: "toggle 7H" moves a card between ``hand/N`` and
``exchange/N``; "exchange 7H 2C" (or "keep") confirms: those cards go face down to
``discards`` and as many come from the top of the ``pickup``. A seat that finds the pickup
empty is skipped. A confirm typed directly ("exchange 7H 2C" with nothing toggled) is
applied as its toggles and then the confirm, so records may be written either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.actions import Action, Event
from rules.errors import IllegalAction, RulesError
from rules.facts import DealDetails, Facts, fact
from rules.kinds import Word
from rules.schema import AnyOf, Choice, IntRange, ListOf, Table
from rules.selection import TOGGLE, Selection, ToggleBack
from rules.shuffle import shuffle
from rules.trick_facts import TrickFacts
from rules.tricks import PLAY, TRICK_ZONE, TrickState, trick_deck

if TYPE_CHECKING:
    from rules.game import Game

ROUND = Table(
    required={
        "trump": Choice(("cut", "dealer", "none")),
        "quotas": ListOf(IntRange(0, 52), 3),
        "aim": Choice(("at_least", "at_most")),
    },
    optional={"name": str},
)
CONFIG_SCHEMA = {
    "deal": Table(
        required={
            "hand": IntRange(1, 20),
            "pickup": IntRange(0, 52),
            "deals_per_round": IntRange(1, 12),
            "rounds": ListOf(ROUND, 1),
        }
    ),
    "scoring": Table(required={"rank_order": ListOf(AnyOf((int, str), "a rank"), 2)}),
}


class TribelloPhase(Word):
    """Tribello's phases before the tricks (then ``play`` and ``over``, rules.tricks)."""

    TRUMP = "trump"  # the dealer names trump (round 2)
    EXCHANGE = "exchange"  # dealer, left, right exchange with the pickup


class TribelloAction(Word):
    """Tribello's own action kind (besides the tricks' and the selection's)."""

    EXCHANGE = "exchange"  # confirm the cards set aside ("exchange 7H 2C", or "keep")


TRUMP, EXCHANGE = TribelloPhase.TRUMP, TribelloPhase.EXCHANGE
PICKUP = -1  # the pickup's place in the dealing rotation


# The exchange selections, by seat and pickup size (a Selection holds no state: built once).
_EXCHANGES: dict[tuple[int, int], Selection] = {}
_KEEP = Action(TribelloAction.EXCHANGE, "keep", label="Keep my hand", undoable=False)
_LABELS = ["", "Exchange 1 card", *(f"Exchange {count} cards" for count in range(2, 53))]


def _cut(state: Any, text: str | None) -> int | None:
    return None if text is None else state.deck.parse(text)


@dataclass(frozen=True, kw_only=True)
class TribelloFacts(TrickFacts):
    """Tribello's public facts: the round's terms, the exchange so far, the cut card while the
    dealer is known to hold it."""

    deal: int = fact(attr="deal_no")
    deals: int = fact(attr="total_deals")
    round: int
    round_name: str
    trump_from: str
    aim: str
    quotas: tuple[int, ...]
    exchangers: tuple[int, ...]
    taken: tuple[int, ...]
    cut: str | None = fact(load=_cut)


@dataclass(frozen=True, kw_only=True)
class TribelloDetails(DealDetails):
    """A deal of Tribello as booked: its round, trump and aim, each seat's quota and tricks, the
    deal's scores and the running totals."""

    deal: int
    round: int
    round_name: str
    dealer: int
    trump: str | None
    trump_from: str
    aim: str
    quotas: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]


class TribelloState(TrickState):
    """A match of Tribello: twelve deals, running totals, the highest total wins."""

    FACTS = TribelloFacts
    DETAILS = TribelloDetails
    MUTABLE = ("won", "history", "exchangers", "taken")

    @classmethod
    def check_setup(cls, game: Game, variant: str, players: int, settings: dict[str, Any]) -> None:
        config = game.config
        deal = config.deal
        deck = game.deck(variant)
        needed = players * deal["hand"] + deal["pickup"]
        if needed != deck.size:
            raise RulesError(
                f"{config.path}: deal: {players} hands of {deal['hand']} and a pickup of "
                f"{deal['pickup']} need {needed} cards; the deck has {deck.size}"
            )
        for i, spec in enumerate(deal["rounds"]):
            if len(spec["quotas"]) != players:
                raise RulesError(
                    f"{config.path}: deal.rounds[{i}].quotas: expected {players} quotas (dealer, left, right)"
                )
        cls.check_rank_order(config, deck)

    # ------------------------------------------------------------------ setup
    def _setup_deal(self, layout: dict[str, list[int]] | None, events: list[Event] | None) -> None:
        config = self.game.config
        deal = config.deal
        rounds = deal["rounds"]
        per_round = deal["deals_per_round"]
        self.total_deals = len(rounds) * per_round
        if not 1 <= self.deal_no <= self.total_deals:
            raise RulesError(f"start.deal: {self.game.name} has deals 1 to {self.total_deals}, not {self.deal_no}")
        n, dealer = self.players, self.dealer
        self.round = (self.deal_no - 1) // per_round + 1
        spec = rounds[self.round - 1]
        replaying = layout is not None
        self.zones = self._deal_zones(layout if replaying else self._deal_cards(), deal["hand"])
        tdeck = self.__dict__.get("tdeck") or trick_deck(self.deck, config.scoring["rank_order"])
        self._reset_play(list(range(n)), self.settings["follow_rule"], tdeck)
        self.round_name = spec.get("name", f"Round {self.round}")
        self.trump_from = spec["trump"]
        self.aim = spec["aim"]
        self.quotas = [spec["quotas"][(seat - dealer) % n] for seat in range(n)]
        self.exchangers = [self.next_seat(dealer, k) for k in range(n)]
        self.taken = [0] * n
        self.cut: int | None = None
        if events is not None:
            events.append(
                Event(
                    "deal",
                    {
                        "deal": self.deal_no,
                        "round": self.round,
                        "round_name": self.round_name,
                        "dealer": dealer,
                        "quotas": list(self.quotas),
                        "aim": self.aim,
                    },
                )
            )
        if self.trump_from == "cut":
            self._cut(replaying, events)
        if self.trump_from == "dealer":
            self.phase = TRUMP
            self.turn = dealer
        else:
            self.phase = EXCHANGE
            self._next_exchanger(events)

    def _deal_cards(self) -> dict[str, list[int]]:
        """Shuffle and deal one at a time from the dealer's left; the pickup's card comes before the dealer's."""
        cards = list(range(self.deck.size))
        shuffle(cards, self.rng)
        rotation = [self.next_seat(self.dealer, k) for k in range(1, self.players)] + [PICKUP, self.dealer]
        step = len(rotation)
        return {("pickup" if place == PICKUP else f"hand/{place}"): cards[k::step] for k, place in enumerate(rotation)}

    def _deal_zones(self, layout: dict[str, list[int]], hand_size: int) -> dict[str, list[int]]:
        zones = self._laid_out(
            layout, ("pickup", "discards", TRICK_ZONE), ("hand", "exchange", "won"), f"with {self.players} players"
        )
        for zone, cards in zones.items():
            expected = hand_size if zone.startswith("hand/") else len(cards) if zone == "pickup" else 0
            if len(cards) != expected:
                raise RulesError(f"layout.{zone}: expected {expected} cards at the start of a deal, got {len(cards)}")
        return zones

    def _cut(self, replaying: bool, events: list[Event] | None) -> None:
        """Round 1: the cut card, dealt last to the dealer, gives trump (a chance outcome in the record)."""
        hand = self.zones[f"hand/{self.dealer}"]
        candidates = hand if replaying and self._chance else hand[-1:]
        text = self.chance([f"cut {self.deck.text(c)}" for c in candidates])
        self.cut = self.deck.parse(text.split()[1])
        self.trump = self.tdeck.suit_of[self.cut]
        self._update_cut_known()
        if events is not None:
            events.append(
                Event(
                    "cut",
                    {
                        "seat": self.next_seat(self.dealer),
                        "card": self.deck.text(self.cut),
                        "trump": self.trump_id(),
                        "target": f"hand/{self.dealer}",
                    },
                )
            )

    def _update_cut_known(self) -> None:
        """Everyone knows the dealer holds the cut card until the dealer sets a card aside."""
        if self.cut is None:
            return
        dealer = self.dealer
        zone = f"hand/{dealer}"
        if self.cut in self.zones[zone] and not self.zones[f"exchange/{dealer}"] and not self.taken[dealer]:
            self.known[zone] = [self.cut]
        else:
            self.known.pop(zone, None)

    # ------------------------------------------------------------ contract
    def _phase_legal(self) -> list[Action]:
        if self.phase == EXCHANGE:
            return self._exchange_legal()
        if self.phase == TRUMP:
            return self.trump_actions()
        return []

    def _selection(self) -> Selection:
        """This seat's exchange: cards toggled from ``hand/N`` to ``exchange/N``, at most the pickup's size."""
        key = (self.turn, len(self.zones["pickup"]))
        selection = _EXCHANGES.get(key)
        if selection is None:
            seat, limit = key
            confirm = TribelloState._confirm_action  # the hooks take the state first, as a method does
            selection = _EXCHANGES[key] = Selection(f"hand/{seat}", f"exchange/{seat}", confirm, limit=limit)  # type: ignore[arg-type]
        return selection

    def _exchange_legal(self) -> list[Action]:
        return self._selection().actions(self)

    def _confirm_action(self, chosen: Sequence[int]) -> Action:
        """ "keep", or "exchange 7H 2C" for the cards set aside (made afresh: a random exchange
        seldom sets the same cards aside in the same order twice, and the kept legal list hands out
        the same action until the next toggle)."""
        if not chosen:
            return _KEEP
        text_of = self.deck.text_of
        count = len(chosen)
        return Action.made(
            TribelloAction.EXCHANGE,
            "exchange " + " ".join([text_of[c] for c in chosen]),
            label=_LABELS[count] if count < len(_LABELS) else f"Exchange {count} cards",
            undoable=False,
        )

    def apply(self, action: Action | str, events: bool = True) -> list[Event]:
        if action.__class__ is Action:
            if action.kind == TOGGLE and self.phase == EXCHANGE:  # type: ignore[union-attr]
                return self._apply_toggle(action, events)  # type: ignore[arg-type]
            return super().apply(action, events)
        toggles = self._toggles_for(action) if isinstance(action, str) and self.phase == EXCHANGE else None
        if toggles is None:
            return super().apply(action, events)
        out: list[Event] = []
        for toggle in toggles:
            out += super().apply(toggle, events)
        return out + super().apply(self._confirm_action(self.zones[f"exchange/{self.turn}"]), events)

    def _apply_toggle(self, action: Action, events: bool) -> list[Event]:
        """``apply`` for an exchange toggle written out in one place (a random exchange toggles
        dozens of times a deal): judged and done by the selection, which keeps the legal steps up to
        date, its way back kept for undo, recorded, just as :meth:`State.apply` and :meth:`_do` would."""
        selection = self._selection()
        seat = self.turn
        if events:  # the move told as an event: judged first, then done as _do does it
            if not selection.allows(self, action):
                raise IllegalAction(self._why_not(action.card, action.source, action.target))
            index = self.zones[action.source].index(action.card)  # type: ignore[index,arg-type]
            self._keep_toggle(seat, action, index)
            out: list[Event] = []
            self._toggle(selection, action, out, index)
            return out
        before = self._legal_memo
        self._legal_memo = None
        index, after = selection.step(self, action, before)
        if index < 0:
            self._legal_memo = before
            raise IllegalAction(self._why_not(action.card, action.source, action.target))
        self._legal_memo = after
        if self.cut is not None and seat == self.dealer:  # only the dealer's toggles tell of the cut card
            self._update_cut_known()
        self._keep_toggle(seat, action, index)
        return []

    def _keep_toggle(self, seat: int, action: Action, index: int) -> None:
        """A toggle's way back for undo and its line in the record (as :meth:`State.apply`)."""
        if self.search:
            return
        undo = self._undo
        if undo and undo[-1][0] != seat:
            undo.clear()
        if action.undoable and self.keep_undo:
            undo.append((seat, ToggleBack((action.card, action.source, action.target, index))))  # type: ignore[arg-type]
        else:
            undo.clear()
        self.log[-1]["actions"].append([seat, action.text])

    def _toggle(self, selection: Selection, action: Action, events: list[Event] | None, index: int) -> None:
        """Move the toggled card (at ``index`` of the zone it leaves) and keep the legal steps up to
        date from the list before (a toggle per card, the confirm) instead of listing them afresh."""
        before = self._legal_memo
        self._legal_memo = None
        if events is None:  # the move alone (as Selection.toggle)
            zones = self.zones
            del zones[action.source][index]  # type: ignore[index]
            zones[action.target].append(action.card)  # type: ignore[index,arg-type]
        else:
            selection.toggle(self, action, events, self.turn, index)  # type: ignore[arg-type]
        if before is not None:
            self._legal_memo = selection.toggled(self, action, before, index)
        if self.cut is not None:
            self._update_cut_known()

    def _toggles_for(self, text: str) -> list[str] | None:
        """The toggles that turn the selection into the one a confirm text names (None: not a confirm)."""
        words = text.split()
        verb = words[0].lower() if words else ""
        if verb not in ("exchange", "keep") or (verb == "keep" and len(words) > 1):
            return None
        selection = self._selection()
        wanted = selection.wanted(self, words[1:])
        if len(set(wanted)) > len(self.zones["pickup"]):
            raise IllegalAction(self._exchange_limit())
        return selection.steps_to(self, wanted)

    def _exchange_limit(self) -> str:
        """No more cards set aside than the pickup has left to take in their place."""
        left = len(self.zones["pickup"])
        if not left:
            return "The pickup is empty: you may only keep your hand."
        return (
            f"You may exchange at most {left} card{'s' if left != 1 else ''}: "
            f"the pickup has {left} left to take in their place."
        )

    def why_not(
        self, what: Action | str | int | None, source: str | None = None, target: str | None = None
    ) -> str | None:
        if isinstance(what, str) and self.phase == EXCHANGE:  # an exchange written out is taken as its toggles
            try:
                if self._toggles_for(what) is not None:
                    return None
            except IllegalAction as refusal:
                return str(refusal)
        return super().why_not(what, source, target)

    def _why_not_text(self, text: str) -> str | None:
        words = text.split()
        if words and words[0].lower() in ("exchange", "keep", "toggle") and self.phase == PLAY:
            return "The exchange is over: play a card."
        if self.phase == EXCHANGE and len(words) == 2 and words[0].lower() == "toggle":
            try:
                card = self.deck.parse(words[1])
            except RulesError:
                return f"{words[1]!r} is not a card of this deck."
            seat = self.turn
            if card in self.zones[f"hand/{seat}"]:
                return self._why_not(card, f"hand/{seat}", f"exchange/{seat}")
            if card not in self.zones[f"exchange/{seat}"]:
                return f"The {self.deck.faces[card].name} is not in your hand."
        if self.phase == EXCHANGE:
            try:
                self._toggles_for(text)  # an exchange written out: too many cards, or one not held
            except IllegalAction as refusal:
                return str(refusal)
        return super()._why_not_text(text)

    def _phase_why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        if self.phase == TRUMP:
            return "Name trump first: choose one of the four suits."
        if self.phase == EXCHANGE:
            seat = self.turn
            if source == f"hand/{seat}" and target == f"exchange/{seat}":
                return self._exchange_limit()
            return "Exchange first: set aside the cards to swap with the pickup, then confirm."
        return "That move is not allowed now."

    def _allows(self, action: Action) -> bool:
        if action.kind == TOGGLE and self.phase == EXCHANGE:
            return self._selection().allows(self, action)
        return super()._allows(action)

    # --------------------------------------------------------------- moves
    def _undo_step(self, action: Action) -> ToggleBack | None:
        """A toggle is taken back by moving its card back (no snapshot of the match)."""
        return self._selection().way_back(self, action) if action.kind == TOGGLE else None

    def _taken_back(self) -> None:
        self._legal_memo = None
        self._update_cut_known()

    def _do(self, action: Action, events: list[Event] | None) -> None:
        if action.kind == TOGGLE:  # keeps the legal steps up to date itself
            self._toggle(self._selection(), action, events, self.zones[action.source].index(action.card))  # type: ignore[index,arg-type]
            return
        super()._do(action, events)

    def _phase_do(self, action: Action, events: list[Event] | None) -> None:
        """An exchange confirmed, or the dealer names trump and the exchange begins."""
        if action.kind == TribelloAction.EXCHANGE:
            self._exchange(self.turn, events)
            return
        self._name_trump(action, events)
        self.phase = EXCHANGE
        self._next_exchanger(events)

    def _exchange(self, seat: int, events: list[Event] | None) -> None:
        hand, aside = f"hand/{seat}", f"exchange/{seat}"
        only_seat = frozenset((seat,))
        chosen = list(self.zones[aside])
        for card in chosen:
            self.move(card, aside, "discards", events, only_seat)
        for _ in chosen:
            self.move(
                self.zones["pickup"][0], "pickup", hand, events, only_seat, index=len(self.zones[hand]), to_top=False
            )
        self.taken[seat] = len(chosen)
        self.exchangers.pop(0)
        self._update_cut_known()
        if events is not None:
            events.append(Event("exchange", {"seat": seat, "count": len(chosen)}))
        self._next_exchanger(events)

    def _next_exchanger(self, events: list[Event] | None) -> None:
        """The next seat to exchange; with the pickup gone (or everyone done), the dealer leads."""
        while self.exchangers:
            if self.zones["pickup"]:
                self.turn = self.exchangers[0]
                return
            seat = self.exchangers.pop(0)
            if events is not None:
                events.append(Event("skip", {"seat": seat, "reason": "the pickup is empty"}))
        self._start_play(self.dealer, events)

    # ------------------------------------------------------------- scoring
    def _tricks_done(self, events: list[Event] | None) -> None:
        at_least = self.aim == "at_least"
        scores = [
            (won - quota) if at_least else (quota - won) for won, quota in zip(self.won, self.quotas, strict=True)
        ]
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        terms = TribelloDetails(
            deal=self.deal_no,
            round=self.round,
            round_name=self.round_name,
            dealer=self.dealer,
            trump=self.trump_id(),
            trump_from=self.trump_from,
            aim=self.aim,
            quotas=tuple(self.quotas),
            tricks=tuple(self.won),
            scores=tuple(scores),
            totals=tuple(self.totals),
        )
        self._end_deal(scores, terms, events)
        self._next_deal_or_end(self.deal_no >= self.total_deals, events)

    # ---------------------------------------------------------------- views
    def _facts(self, seat: int | None) -> TribelloFacts:
        cut_known = self.cut is not None and self.cut in self.known.get(f"hand/{self.dealer}", ())
        return TribelloFacts(
            **self._trick_facts(),
            deal=self.deal_no,
            deals=self.total_deals,
            round=self.round,
            round_name=self.round_name,
            trump_from=self.trump_from,
            aim=self.aim,
            quotas=tuple(self.quotas),
            exchangers=tuple(self.exchangers),
            taken=tuple(self.taken),
            cut=self.deck.text(self.cut) if cut_known else None,
        )

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        if self.cut is not None:  # the cut card is known to be in the dealer's hand
            self.known[f"hand/{self.dealer}"] = [self.cut]
        super()._facts_restored(facts, seat)
        if self.phase in (TRUMP, EXCHANGE):
            self.turn = self.dealer if self.phase == TRUMP else self.exchangers[0]
