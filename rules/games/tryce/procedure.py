"""Tryce: rummy with groups, runs and words over seven hands (RULES.md section 2; the engine's
edge — zones, action texts, public facts — is docs/tryce.md).

A hand: the deal (and, with the perfect cut, the cut), then turns clockwise from the dealer's
left. A turn draws (``take`` the top discard, or ``sell`` it — the other seats answer ``buy`` or
``pass`` in secret, :mod:`rules.choices` — and draw from the stock, or ``draw`` when the discard
pile is empty), then melds and lays off in steps (:mod:`.building`), then discards. The hand ends
when a seat goes down or the stock stalls (:mod:`rules.drawdiscard` rebuilds it a set number of
times); it is scored (:mod:`.scoring`) and the deal passes left; seven hands make a match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.actions import Action, Event
from rules.building import meld_facts, meld_from
from rules.choices import SecretChoice
from rules.drawdiscard import MUTABLE as DRAW_MUTABLE
from rules.drawdiscard import REBUILD, DrawDiscard
from rules.errors import RulesError
from rules.facts import Facts
from rules.kinds import EventKind
from rules.melds import GROUP, RUN, WORD, Meld, MeldDeck, meld_owner
from rules.shuffle import shuffle
from rules.state import State
from rules.view import Frozen, freeze

from . import building, draws, refusals
from .facts import (
    Cut,
    HandContract,
    LastSale,
    MeldFacts,
    SaleFacts,
    TryceAction,
    TryceDetails,
    TryceFacts,
    TrycePhase,
)
from .scoring import card_values, hand_terms
from .tables import CONFIG_SCHEMA as CONFIG_SCHEMA
from .tables import JOKER

if TYPE_CHECKING:
    from rules.game import Game


CUT, DRAW, SALE, MELD, OVER = TrycePhase.CUT, TrycePhase.DRAW, TrycePhase.SALE, TrycePhase.MELD, TrycePhase.OVER
HANDS = 7
SETTINGS = ("foreign_words", "perfect_cut", "stall_rebuilds", "rebuild_keeps_top")
CUT_WINDOW = 5  # the perfect cut offers the target number and this many either side
CUT_SPREAD = 3  # the cut lands within this many cards of the number named [decision]
LAYOUT_ZONES = ("hand", "stock", "discard")

_MELD_DECKS: dict[int, tuple[Any, MeldDeck]] = {}


def meld_deck_of(state: State, rank_order: list[Any]) -> MeldDeck:
    """The meld tables of ``state``'s deck, built once per deck."""
    kept = _MELD_DECKS.get(id(state.deck))
    if kept is None or kept[0] is not state.deck:
        kept = _MELD_DECKS[id(state.deck)] = (state.deck, MeldDeck.from_deck(state.deck, rank_order, wild=(JOKER,)))
    return kept[1]


class TryceState(State):
    """A match of Tryce: seven hands, running totals, the highest total wins."""

    FACTS = TryceFacts
    DETAILS = TryceDetails
    MUTABLE = ("melds", "staged", "first_meld", *DRAW_MUTABLE)

    @classmethod
    def check_setup(cls, game: Game, variant: str, players: int, settings: dict[str, Any]) -> None:
        missing = [name for name in SETTINGS if name not in settings]
        if missing:
            raise RulesError(
                f"{game.config.path}: settings.{missing[0]}: missing (Tryce needs the settings {', '.join(SETTINGS)})"
            )
        size = game.deck(variant).size
        for row in game.config.deal["board"]:
            needed = players * row["cards"] + 2
            if needed > size:
                raise RulesError(
                    f"{game.config.path}: deal.board: hand {row['hand']} deals {row['cards']} cards "
                    f"to {players} players, the up-card and a stock card: {needed} cards, but the "
                    f"deck has {size}"
                )

    # ------------------------------------------------------------------ setup
    def _setup_deal(self, layout: dict[str, list[int]] | None, events: list[Event] | None) -> None:
        n = self.players
        config = self.game.config
        board = config.deal["board"]
        if not 1 <= self.deal_no <= len(board):
            raise RulesError(
                f"start.deal: Tryce has {len(board)} hands, numbered 1 to {len(board)}, not {self.deal_no}"
            )
        self.hands = len(board)
        self.row: dict[str, Any] = dict(board[self.deal_no - 1])
        self.hand_no = self.deal_no
        self.pat = bool(self.row["pat"])
        self.contract = {GROUP: self.row["groups"], RUN: self.row["runs"], WORD: self.row["words"]}
        self.meld_deck = meld_deck_of(self, config.scoring["rank_order"])
        self.card_value = card_values(self)
        rebuilds = self.settings["stall_rebuilds"]
        self.pile = DrawDiscard(
            when_empty=REBUILD,
            keep_top=bool(self.settings["rebuild_keeps_top"]),
            max_rebuilds=rebuilds,
            stock_text="draw",
            take_text="take",
        )
        self.sale_pile = DrawDiscard(when_empty=REBUILD, keep_top=True, max_rebuilds=rebuilds)
        if self.deal_no == self.start_deal == 1 and not getattr(self, "dealer_draw", None):
            rounds = draws.draw_for_dealer(self)
            self.dealer_draw = tuple(tuple((s, self._rank_name(c)) for s, c in drawn) for drawn in rounds)
        elif not hasattr(self, "dealer_draw"):
            self.dealer_draw = ()
        cards_each = self.row["cards"]
        first = self.next_seat(self.dealer)
        if layout is None:
            cards = list(range(self.deck.size))
            shuffle(cards, self.rng)
            hands: list[list[int]] = [[] for _ in range(n)]
            for i in range(cards_each * n):  # one at a time, from the dealer's left
                hands[(first + i) % n].append(cards[i])
            layout = {f"hand/{s}": hands[s] for s in range(n)}
            layout["discard"] = [cards[cards_each * n]]
            layout["stock"] = cards[cards_each * n + 1 :]
        self.zones = {"stock": [], "discard": []}
        for s in range(n):
            self.zones[f"hand/{s}"] = []
            self.zones[f"build/{s}"] = []
        for zone, cards in layout.items():
            if zone in self.zones and not cards:
                continue
            if zone not in self.zones or zone.split("/")[0] not in LAYOUT_ZONES:
                raise RulesError(
                    f"layout.{zone}: not a zone of Tryce's deal with {n} players (expected "
                    f"hand/0..hand/{n - 1}, stock and discard)"
                )
            self.zones[zone] = list(cards)
        for s in range(n):
            got = len(self.zones[f"hand/{s}"])
            if got != cards_each:
                raise RulesError(f"layout.hand/{s}: hand {self.hand_no} deals {cards_each} cards, got {got}")
        self.melds: dict[str, Meld] = {}
        self.staged: dict[str, Meld] = {}
        self.first_meld: list[int | None] = [None] * n
        self.build: building.Build | None = None
        self.sale: SecretChoice | None = None
        self.seller: int | None = None
        self.last_sale: dict[str, Any] | None = None
        self.buyers_draw: tuple[tuple[tuple[int, str], ...], ...] = ()
        self.went_down: int | None = None
        self.stalled = False
        self.turn = first
        self.turn_no = 0
        self.steps = 0
        self.cut: dict[str, Any] | None = None
        self._legal_now: list[Action] | None = None
        self.pile.start(self)
        if events is not None:
            events.append(
                Event(
                    "deal",
                    {
                        "dealer": self.dealer,
                        "hand": self.hand_no,
                        "cards": cards_each,
                        "first": first,
                        "contract": dict(self.contract),
                        "pat": self.pat,
                    },
                )
            )
        if not self.zones["discard"]:
            if len(self.zones["stock"]) < 2:
                raise RulesError("layout.stock: expected at least two cards (the up-card and one to draw)")
            self.pile.turn_up(self, events)
        self.phase = DRAW
        if self.settings["perfect_cut"]:
            self.phase = CUT

    def _rank_name(self, card: int) -> str:
        """A card's rank as the board shows it ("K", "10", "Joker"): draws are public by rank only."""
        face = self.deck.faces[card]
        return "Joker" if face.extra else str(face.rank)

    # ------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == SALE:
            return self.sale.asking
        if self.phase == CUT:
            return self.cutter
        return self.turn

    @property
    def cutter(self) -> int:
        """The seat right of the dealer, who names the perfect cut."""
        return self.next_seat(self.dealer, -1)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> list[int]:
        return self.leaders()

    def zone_visible(self, zone: str, seat: int | None) -> bool:
        if zone.startswith("staged/"):
            return seat is not None and zone.split("/")[1] == str(seat)
        return super().zone_visible(zone, seat)

    def laid(self, seat: int, kind: str | None = None) -> int:
        """How many melds of ``kind`` (any, if ``None``) ``seat`` has laid this hand."""
        return sum(
            1 for zone, meld in self.melds.items() if meld_owner(zone) == seat and (kind is None or meld.kind == kind)
        )

    def staged_count(self, seat: int, kind: str | None = None) -> int:
        return sum(
            1
            for zone, meld in self.staged.items()
            if zone.split("/")[1] == str(seat) and (kind is None or meld.kind == kind)
        )

    def room(self, seat: int, kind: str) -> int:
        """Melds of ``kind`` the contract still has room for (counting those laid and staged)."""
        return self.contract[kind] - self.laid(seat, kind) - self.staged_count(seat, kind)

    def contract_complete(self, seat: int) -> bool:
        return all(self.laid(seat, kind) >= count for kind, count in self.contract.items())

    def may_lay_off(self, seat: int) -> bool:
        """Laying off (and the joker swap): not in pat hands, and only after a first meld on an earlier turn."""
        first = self.first_meld[seat]
        return not self.pat and first is not None and first < self.turn_no

    def short_word_used(self, seat: int) -> bool:
        """Whether ``seat`` has staged its one 3-letter word of this pat hand."""
        return any(
            zone.split("/")[1] == str(seat) and meld.kind == WORD and len(meld.cards) == 3
            for zone, meld in self.staged.items()
        )

    def _legal(self) -> list[Action]:
        if self._legal_now is None:
            self._legal_now = self._compute_legal()
        return self._legal_now[:]

    def _compute_legal(self) -> list[Action]:
        if self.phase == CUT:
            target = self.cut_target()
            low, high = max(1, target - CUT_WINDOW), min(self.deck.size - 1, target + CUT_WINDOW)
            return [
                Action(TryceAction.CUT, f"cut {k}", undoable=False, label=f"Cut {k}", value=k)
                for k in range(low, high + 1)
            ]
        if self.phase == SALE:
            last = self.sale.last_to_answer
            return [
                Action(TryceAction.BUY, "buy", undoable=not last, label="Buy"),
                Action(TryceAction.PASS, "pass", undoable=not last, label="Pass"),
            ]
        seat = self.turn
        hand = f"hand/{seat}"
        if self.phase == DRAW:
            pile = self.zones["discard"]
            if not pile:
                return [Action(TryceAction.DRAW, "draw", None, "stock", hand, undoable=False, label="Draw")]
            return [
                Action(TryceAction.TAKE, "take", pile[0], "discard", hand, label="Take"),
                Action(TryceAction.SELL, "sell", undoable=False, label="Sell"),
            ]
        return building.meld_phase_actions(self, seat)

    def cut_target(self) -> int:
        """The perfect cut: every player's cards and the up-card above it."""
        return self.players * self.row["cards"] + 1

    def _why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        if self.phase == OVER:
            return "The game is over."
        if self.phase == CUT:
            return "First the player right of the dealer names the cut."
        if self.phase == SALE:
            return "The top discard is for sale: each player answers buy or pass."
        seat = self.turn
        hand = f"hand/{seat}"
        if self.phase == DRAW:
            if source == "discard":
                return "Take the top discard into your hand, or sell it."
            if source == "stock" and self.zones["discard"]:
                return "Draw from the stock only when the discard pile is empty: take the top discard or sell it."
            if source == hand:
                return refusals.draw_first(self)
            return "First take the top discard, or sell it and draw from the stock."
        if source in ("stock", "discard"):
            return refusals.drawn_already(self, seat)
        if target == "discard":
            if self.build is not None:
                return "Finish the meld you are building first: commit it or cancel it."
            if any(z.startswith(f"staged/{seat}/") for z in self.staged):
                return "Your staged melds must go down all at once: take them back to discard."
        if target is not None and target.startswith("meld/"):
            if self.build is not None and self.build.target != target:
                return "Finish the meld you are building first: commit it or cancel it."
            why = refusals.lay_off_refusal(self, seat)
            if why is not None:
                return why
            if card is not None and source == hand and self.build is not None:
                return refusals.add_refusal(self, self.build, card) or "That card does not fit that meld."
            if card is not None and source == hand:
                return refusals.drop_refusal(self, card, target)
            return "That card does not fit that meld."
        if source == f"build/{seat}" and card is None and target is None and self.build is not None:
            return refusals.commit_refusal(self, seat) or "Those cards make a meld: commit it."
        if source == hand and target == f"build/{seat}":
            if self.build is None:
                return refusals.no_meld_now(self, seat)
            if card is not None:
                return refusals.add_refusal(self, self.build, card) or "That card cannot join this meld."
            return "That card cannot join this meld."
        if source == hand and target in ("stock", None):
            return "You have drawn: meld, lay off, or discard one card onto the discard pile."
        return "That move is not allowed now."

    def _why_not_text(self, text: str) -> str | None:
        return refusals.text_refusal(self, text)

    # --------------------------------------------------------------- moves
    def _do(self, action: Action, events: list[Event] | None) -> None:
        self._legal_now = None
        kind = action.kind
        if kind == TryceAction.CUT:
            self._cut(int(action.value), events)
        elif kind in (TryceAction.BUY, TryceAction.PASS):
            self._answer(action, events)
        elif kind == TryceAction.TAKE:
            self.pile.draw(self, self.turn, "discard", f"hand/{self.turn}", events)
            self.phase = MELD
        elif kind == TryceAction.SELL:
            self._sell(events)
        elif kind == TryceAction.DRAW:
            self._seller_draws(events)
        elif kind == "discard":
            self._discard(action.card, events)
        else:
            building.do(self, action, events)

    def _cut(self, named: int, events: list[Event] | None) -> None:
        low, high = max(1, named - CUT_SPREAD), min(self.deck.size - 1, named + CUT_SPREAD)
        landed = int(self.chance([f"cut at {k}" for k in range(low, high + 1)]).split()[-1])
        target = self.cut_target()
        self.cut = {
            "seat": self.cutter,
            "named": named,
            "landed": landed,
            "target": target,
            "perfect": landed == target,
        }
        if events is not None:
            events.append(Event("cut", dict(self.cut)))
        self.phase = DRAW

    def _sell(self, events: list[Event] | None) -> None:
        seller = self.turn
        self.seller = seller
        self.sale = SecretChoice.ask("buy", self.players, seller, [s for s in range(self.players) if s != seller])
        self.phase = SALE
        self.last_sale = None
        if events is not None:
            events.append(Event("sell", {"seat": seller, "card": self.deck.text(self.zones["discard"][0])}))
            events.append(self.sale.asked_event())

    def _answer(self, action: Action, events: list[Event] | None) -> None:
        seat = self.sale.asking
        self.sale = self.sale.answer(seat, action.text)
        if events is not None:
            events.append(self.sale.event(seat, action.text))
        if self.sale.done:
            self._resolve_sale(events)

    def _resolve_sale(self, events: list[Event] | None) -> None:
        """Everyone has answered: one buyer takes the card and an extra stock card (several buyers
        draw for it first); then the seller draws and goes on with the turn."""
        answers = self.sale.results()
        buyers = [s for s in self.sale.order if answers.get(s) == "buy"]
        self.sale = None
        self.phase = MELD
        self.buyers_draw = ()
        winner = None
        if len(buyers) > 1:
            winner = self._buyers_draw(buyers, events)
        elif buyers:
            winner = buyers[0]
        self.last_sale = {"seller": self.seller, "buyers": buyers, "winner": winner}
        if events is not None:
            events.append(Event("sold", {"seller": self.seller, "buyers": buyers, "winner": winner}))
        if winner is not None:
            hand = f"hand/{winner}"
            self.pile.draw(self, winner, "discard", hand, events)
            if self.pile.draw_stock(self, hand, events, frozenset((winner,))) is None:
                self._finish_hand(None, True, events)
                return
        self._seller_draws(events)

    def _buyers_draw(self, buyers: list[int], events: list[Event] | None) -> int:
        """Each buyer draws a stock card, the highest wins, ties redraw among the tied with fresh
        cards; the drawn cards go back and the stock is shuffled. A stock too small is rebuilt
        first (the card for sale stays on the pile); if it cannot be, the earliest buyer wins."""
        seats = buyers
        drawn_all: list[int] = []
        rounds = []
        while True:
            pool = [c for c in self.zones["stock"] if c not in drawn_all]
            if len(pool) < len(seats):
                if not self.sale_pile.rebuild(self, events):
                    break
                pool = [c for c in self.zones["stock"] if c not in drawn_all]
                if len(pool) < len(seats):
                    break
            drawn = draws.buyers_round(self, seats, pool)
            rounds.append(drawn)
            drawn_all += [c for _, c in drawn]
            if events is not None:
                events.append(
                    Event(
                        "reveal",
                        {
                            "reason": "buyers",
                            "seats": [s for s, _ in drawn],
                            "cards": [self.deck.text(c) for _, c in drawn],
                        },
                    )
                )
            seats = draws.highest(self, drawn)
            if len(seats) == 1:
                break
        self.buyers_draw = tuple(tuple((s, self._rank_name(c)) for s, c in drawn) for drawn in rounds)
        if rounds:
            self.pile.shuffle_back(self, [], "stock", events)
        return seats[0]

    def _seller_draws(self, events: list[Event] | None) -> None:
        """The turn's seat draws from the stock (rebuilt first if need be); an exhausted stock stalls the hand."""
        seat = self.turn
        self.phase = MELD
        if self.pile.draw(self, seat, "stock", f"hand/{seat}", events) is None:
            self._finish_hand(None, True, events)

    def _discard(self, card: int, events: list[Event] | None) -> None:
        seat = self.turn
        hand = f"hand/{seat}"
        self.pile.discard_card(self, seat, card, hand, events)
        if not self.zones[hand] and not self.pat and self.contract_complete(seat):
            self._finish_hand(seat, False, events)
            return
        self.next_turn(events)

    def next_turn(self, events: list[Event] | None) -> None:
        self.turn = self.next_seat(self.turn)
        self.turn_no += 1
        self.steps = 0
        self.phase = DRAW
        self.last_sale = None
        self.buyers_draw = ()
        if events is not None:
            events.append(Event("turn", {"seat": self.turn}))

    # ------------------------------------------------------------- the end
    def _finish_hand(self, went_down: int | None, stalled: bool, events: list[Event] | None) -> None:
        self._legal_now = None
        scores, terms = hand_terms(self, went_down, stalled)
        self.went_down = went_down
        self.stalled = stalled
        if events is not None:
            events.append(
                Event("went_down" if went_down is not None else "stalled", {"seat": went_down, "hand": self.hand_no})
            )
            for s in range(self.players):
                events.append(Event("reveal", {"zone": f"hand/{s}", "cards": list(terms.left[s])}))
        self.totals = [t + d for t, d in zip(self.totals, scores, strict=True)]
        self._end_deal(scores, terms, events)
        if self.hand_no >= self.hands:
            self.phase = OVER
            if events is not None:
                events.append(Event(EventKind.MATCH_OVER, {"winners": self.winners, "scores": self.scores}))
            return
        self.dealer = self.next_seat(self.dealer)
        self._begin_deal(events)

    # ---------------------------------------------------------------- views
    def meld_facts(self, meld: Meld) -> MeldFacts:
        """What a meld's cards stand for, as the table shows it: ranks, or letters."""
        return meld_facts(meld, self.game.config.scoring["rank_order"])

    def _facts(self, seat: int | None) -> TryceFacts:
        n = self.players
        sale = None
        if self.sale is not None:
            sale = SaleFacts(
                **vars(self.sale.facts(seat)),
                seller=self.seller,
                for_sale=self.deck.text(self.zones["discard"][0]),
            )
        mine = seat is not None and seat == self.turn and self.phase == MELD
        last = self.last_sale
        return TryceFacts(
            phase=self.phase,
            hand_no=self.hand_no,
            hands=self.hands,
            board_row=freeze(self.row),
            contract=HandContract(groups=self.contract[GROUP], runs=self.contract[RUN], words=self.contract[WORD]),
            pat=self.pat,
            turn=self.turn,
            turn_no=self.turn_no,
            steps=self.steps,
            laid=tuple(Frozen({kind: self.laid(s, kind) for kind in (GROUP, RUN, WORD)}) for s in range(n)),
            first_meld_turn=tuple(
                self.first_meld[s] is not None and self.first_meld[s] < self.turn_no for s in range(n)
            ),
            first_meld=tuple(self.first_meld),
            went_down=self.went_down,
            stalled=self.stalled,
            melds=Frozen({zone: self.meld_facts(meld) for zone, meld in self.melds.items()}),
            sale=sale,
            last_sale=None
            if last is None
            else LastSale(seller=last["seller"], buyers=tuple(last["buyers"]), winner=last["winner"]),
            pile=self.pile.facts(self),
            dealer_draw=self.dealer_draw,
            buyers_draw=self.buyers_draw,
            cut=None if self.cut is None else Cut(**self.cut),
            building=freeze(building.public(self)) if mine and self.build is not None else None,
            staged=Frozen({zone: self.meld_facts(m) for zone, m in self.staged.items()}) if mine else None,
        )

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        """The hand's row of the board from the rules file; the melds on the table and the staged
        ones from their zones (another seat's staged melds guessed as words); the sale as ``seat``
        knows it; the build."""
        assert isinstance(facts, TryceFacts)
        board = self.game.config.deal["board"]
        self.row = dict(board[self.deal_no - 1])
        self.hand_no = self.deal_no
        self.pat = bool(self.row["pat"])
        self.contract = {GROUP: self.row["groups"], RUN: self.row["runs"], WORD: self.row["words"]}
        self.melds = {zone: self._meld_from(info, self.zones[zone]) for zone, info in facts.melds.items()}
        self.sale = facts.sale.choice(seat) if facts.sale is not None else None
        self.seller = facts.sale.seller if facts.sale is not None else None
        self.staged = {}
        known_staged = facts.staged or {}
        for zone, cards in self.zones.items():
            if zone.startswith("staged/"):
                info = known_staged.get(zone)
                self.staged[zone] = self._meld_from(info, cards) if info is not None else self._guess_word(cards)
        self.build = building.restore(self, facts.building)  # type: ignore[arg-type]
        self._legal_now = None

    def _meld_from(self, info: MeldFacts, cards: list[int]) -> Meld:
        return meld_from(info, cards)

    def _guess_word(self, cards: list[int]) -> Meld:
        """A staged meld this seat cannot see (a sampled state): read as a word, jokers as E."""
        letters = tuple(self.meld_deck.letter[c] or "E" for c in cards)
        return Meld(WORD, tuple(cards), letters)
