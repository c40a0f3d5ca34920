"""Trick taking, written once for every trick game: following, trumps, the winner, card points.

The pure functions work on the engine's int cards and per-card tables built once per deck
(:class:`TrickDeck`: suit, strength in the game's rank order, card points).
:class:`TrickState` is the play phase shared by Tribello and 3-Player Troeven (and ready for
the next trick game): whose turn it is, which cards may be played, gathering a trick to its
winner, a dummy that plays from face-up columns, and the public history a view shows.

A *place* is a seat number or :data:`DUMMY`. The dummy sits at the table but is not a seat:
its cards lie in columns ``dummy_up/<i>`` (face up) over ``dummy_down/<i>`` (face down), and
the seat in ``dummy_player`` plays them. When a face-up card is played the card beneath is
turned up ("flip").

The trick rules are stated once, in the functions below (:func:`playable`: the cards that may
be played to the trick so far; :func:`standing` and :func:`trick_winner`: how a card stands and
which card wins; :func:`shows_void`: what a play tells of a hand), and in :class:`PlayKernel`,
the reference form of a deal's card play (whose turn, the winner leads next, the dummy's columns).
:class:`TrickState` plays by them; the search's bitmask kernel (:mod:`rules.bots.maskplay`)
keeps its own fast forms of them, checked against them position by position over every trick
game (``tests/test_trick_kernels.py``).

The hot path is plain ints and lists. Legal actions are cached per state until the next
action (``_do`` clears the cache): code that edits ``zones`` directly must call
``_forget_legal()``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any

from .actions import Action, Event
from .cards import Deck
from .errors import IllegalAction, RulesError
from .facts import Facts
from .kinds import ActionKind, EventKind, Word
from .state import State
from .trick_facts import PlayedTrick, TrickFacts

MUST_FOLLOW = "must_follow"
FOLLOW_OR_TRUMP = "follow_or_trump"
FOLLOW_RULES = (MUST_FOLLOW, FOLLOW_OR_TRUMP)

DUMMY = "dummy"


class TrickPhase(Word):
    """The phases :class:`TrickState` drives (a game adds its own before the tricks)."""

    PLAY = "play"
    OVER = "over"


PLAY, OVER = TrickPhase.PLAY, TrickPhase.OVER
_PLAY_KIND = ActionKind.PLAY  # the hot path's comparison, looked up once
TRICK_ZONE = "trick"

Place = int | str  # a seat, or DUMMY
_NUMBERS = {4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


class TrickDeck:
    """Per-card tables for trick taking, built once per deck and rank order.

    ``strength[card]`` is the card's position in ``rank_order`` (low to high);
    ``points[card]`` its card points (0 for ranks the table does not name).
    """

    __slots__ = ("of_suit", "points", "strength", "suit_of", "suits")

    def __init__(self, deck: Deck, rank_order: Sequence[Any], points: dict[str, int] | None = None) -> None:
        order = [str(rank) for rank in rank_order]
        missing = sorted({str(rank) for rank in deck.ranks} - set(order))
        if missing or len(set(order)) != len(order):
            raise RulesError(
                f"scoring.rank_order: expected each rank of the deck once ({', '.join(map(str, deck.ranks))})"
            )
        points = points or {}
        unknown = sorted(set(points) - set(order))
        if unknown:
            raise RulesError(f"scoring.points: {', '.join(unknown)} is not a rank of the deck")
        self.suit_of: list[int] = list(deck.suit_of)
        self.strength: list[int] = [order.index(str(rank)) for rank in deck.rank_of]
        self.points: list[int] = [int(points.get(str(rank), 0)) for rank in deck.rank_of]
        self.suits = len(deck.suits)
        # ``of_suit[suit][card]``: whether the card is of that suit (-1: a card of none), so that
        # listing who follows tests one flag per card instead of looking up and comparing its suit.
        self.of_suit: dict[int, tuple[bool, ...]] = {
            suit: tuple(s == suit for s in self.suit_of) for suit in {-1, *range(self.suits)}
        }


_TRICK_DECKS: dict[tuple[int, tuple[str, ...], tuple[tuple[str, int], ...]], TrickDeck] = {}


# The same lookup by the identity of its arguments (a game's rules tables, loaded once and never
# changed), asked once a deal: (deck, rank_order, points) kept with the table, so ids stay theirs.
_TRICK_DECKS_BY_ID: dict[tuple[int, int, int], tuple[Deck, Sequence[Any], Any, TrickDeck]] = {}


def trick_deck(deck: Deck, rank_order: Sequence[Any], points: dict[str, int] | None = None) -> TrickDeck:
    """The :class:`TrickDeck` of ``deck`` (cached: decks are built once per game and variant)."""
    seen = _TRICK_DECKS_BY_ID.get((id(deck), id(rank_order), id(points)))
    if seen is not None and seen[0] is deck and seen[1] is rank_order and seen[2] is points:
        return seen[3]
    key = (id(deck), tuple(str(r) for r in rank_order), tuple(sorted((points or {}).items())))
    table = _TRICK_DECKS.get(key)
    if table is None:
        table = _TRICK_DECKS[key] = TrickDeck(deck, rank_order, points)
    _TRICK_DECKS_BY_ID[id(deck), id(rank_order), id(points)] = (deck, rank_order, points, table)
    return table


# ------------------------------------------------------------ the trick rules, stated once
def playable(cards: list[int], led: int | None, trump: int | None, rule: str, suit_of: Sequence[int]) -> list[int]:
    """The cards of ``cards`` that may be played to a trick whose led suit is ``led``.

    ``must_follow``: holding the led suit, follow it. ``follow_or_trump``: holding the led
    suit, follow it or play a trump. Void in the led suit (or leading): any card.
    """
    if led is None:
        return cards[:]
    follow = [c for c in cards if suit_of[c] == led]
    if not follow:
        return cards[:]
    if rule == FOLLOW_OR_TRUMP and trump is not None and trump != led:
        return [c for c in cards if suit_of[c] == led or suit_of[c] == trump]
    return follow


def standing(suit: int, strength: int, led: int | None, trump: int | None) -> int:
    """How a card of ``suit`` and ``strength`` (its place in the rank order) stands in a trick led
    in ``led``: a trump (200 + strength) above any card of the led suit (100 + strength); a card
    of another suit cannot win (-1). The card that leads is of the led suit."""
    if suit == trump:
        return 200 + strength
    if suit == led:
        return 100 + strength
    return -1


def trick_winner(cards: Sequence[int], trump: int | None, suit_of: Sequence[int], strength: Sequence[int]) -> int:
    """Index (in play order) of the card that wins: the highest trump, else the highest of the led
    suit (the card standing highest, :func:`standing`; the first of equals)."""
    # standing(), written out (once a trick in every deal the engine plays): the best card so far
    # is of the led suit or a trump; a card beats it if it is of its suit and stronger, or a trump
    # over a card of the led suit. Any other card stands lower.
    best = 0
    top = cards[0]
    top_suit = suit_of[top]
    i = 0
    for card in cards:
        suit = suit_of[card]
        if suit == top_suit:
            if strength[card] > strength[top]:
                best, top = i, card
        elif suit == trump:
            best, top, top_suit = i, card, suit
        i += 1
    return best


def shows_void(suit: int, led: int, trump: int | None, rule: str) -> bool:
    """Whether a card of ``suit`` played to a trick led in ``led`` shows that its hand holds none of
    the led suit: it did not follow, and ``follow_or_trump`` did not let it trump instead."""
    return suit != led and (rule != FOLLOW_OR_TRUMP or suit != trump)


def voids_shown(plays: Sequence[tuple[Any, Any]], suit_of: Any, trump: int | None, rule: str) -> list[tuple[Any, int]]:
    """The (place, suit) voids a trick's ``plays`` (place, card) show, by :func:`shows_void`;
    ``suit_of[card]`` is a card's suit (cards may be ints or texts). The dummy shows none: it plays
    from its face-up cards only, which says nothing of its face-down ones."""
    if not plays:
        return []
    led = suit_of[plays[0][1]]
    return [(place, led) for place, card in plays[1:] if place != DUMMY and shows_void(suit_of[card], led, trump, rule)]


def card_points(cards: Iterable[int], points: Sequence[int]) -> int:
    """The card points of ``cards`` by the game's points table."""
    return sum(points[c] for c in cards)


def rotate(order: Sequence[Place], first: Place) -> list[Place]:
    """The places of ``order`` (clockwise) starting from ``first``."""
    i = order.index(first)
    return list(order[i:]) + list(order[:i])


class Trick:
    """The trick on the table: its leader, the places in playing order, the cards played so far."""

    __slots__ = ("cards", "leader", "order")

    def __init__(self, leader: Place, order: Sequence[Place], cards: list[int] | None = None) -> None:
        self.leader = leader
        self.order = order
        self.cards: list[int] = cards if cards is not None else []

    @property
    def next_place(self) -> Place | None:
        """Who plays next (None once every place has played)."""
        n = len(self.cards)
        return self.order[n] if n < len(self.order) else None

    @property
    def plays(self) -> list[tuple[Place, int]]:
        """(place, card) in playing order."""
        return list(zip(self.order, self.cards, strict=False))

    @property
    def complete(self) -> bool:
        return len(self.cards) == len(self.order)

    def copy(self) -> Trick:
        return Trick(self.leader, self.order, self.cards[:])


_PLAY_ACTIONS: dict[tuple[int, str], list[Action]] = {}
# TrickState._seating per (procedure, deck, places, dummy): the deck kept first, so its id stays its own.
_SEATINGS: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def play_actions(deck: Deck, zone: str) -> list[Action]:
    """The "play <card>" action of every card from ``zone``, indexed by card (built once)."""
    key = (id(deck), zone)
    actions = _PLAY_ACTIONS.get(key)
    if actions is None:
        zone = sys.intern(zone)  # the zone's one name: see _seating
        actions = _PLAY_ACTIONS[key] = [
            Action(ActionKind.PLAY, f"play {face.text}", face.card, zone, TRICK_ZONE, undoable=False)
            for face in deck.faces
        ]
    return actions


class LegalActions(list):
    """A list of legal actions that finds its own members by identity first.

    ``State.apply`` checks ``action in legal_actions()``; the actions handed out are the
    cached objects themselves, so identity settles it without comparing dataclass fields.
    """

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        for action in self:
            if action is item:
                return True
        return list.__contains__(self, item)


def _holds(actions: list[Action], action: Action) -> bool:
    """Whether ``action`` itself (this very object) is in ``actions``."""
    for a in actions:
        if a is action:
            return True
    return False


class TrickState(State):
    """A trick game's match. The game's procedure deals, bids and scores; this plays the tricks.

    Each deal, a game calls :meth:`_reset_play` (places clockwise, following rule, card
    tables, the dummy if any), sets ``trump`` (a suit index or None) once it is known (or lets
    a player name it: :meth:`trump_actions`, :meth:`_name_trump`), and calls :meth:`_start_play`
    with the first leader. The play itself is done here: its legal cards, its refusals and its
    moves. A game writes only its own phases before the tricks (naming trump, bids, an
    exchange): ``_phase_legal``, ``_phase_why_not`` and ``_phase_do``, and ``_tricks_done`` to
    score the deal. The winners are the highest totals unless a game says otherwise.
    """

    MUTABLE: tuple[str, ...] = ("won", "history")
    RANDOM_IN_PLAY = False  # a trick deal draws only while dealing (the shuffle, Tribello's cut)

    order: list[Place]
    trump: int | None
    follow_rule: str
    tdeck: TrickDeck
    dummy_player: int | None = None
    dummy_columns: int = 0
    phase: str
    turn: int | None
    trick: Trick
    _legal_memo: list[Action] | None = None
    # Whether the match is over (the phase is ``over``): a plain attribute, not State's property,
    # as every driver reads it before every action. It is set where the phase turns ``over``
    # (:meth:`_next_deal_or_end`, the only way a trick game's match ends) and after a restore.
    is_over: bool = False  # type: ignore[assignment]

    @classmethod
    def check_setup(cls, game: Any, variant: str, players: int, settings: dict[str, Any]) -> None:
        """Refuse a setup the procedure cannot deal (override per game)."""

    @staticmethod
    def check_rank_order(config: Any, deck: Deck, points: dict[str, int] | None = None) -> None:
        """Refuse a rules file whose ``[scoring].rank_order`` (and card ``points``) do not fit
        ``deck``, naming the file: a game's ``check_setup`` calls it."""
        try:
            trick_deck(deck, config.scoring["rank_order"], points)
        except RulesError as exc:
            raise RulesError(f"{config.path}: {exc}") from None

    # ------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def winners(self) -> list[int]:
        return self.leaders()  # the highest totals: a trick game scored higher-is-better

    def zone_visible(self, zone: str, seat: int | None) -> bool:
        # Visibility in trick games depends only on the zone's spec: look each (zone, seat) up once.
        cache = self.__dict__.get("_visible")
        if cache is None:
            cache = self._visible = {}  # shared by clones: it never changes
        seen = cache.get((zone, seat))
        if seen is None:
            seen = cache[zone, seat] = State.zone_visible(self, zone, seat)
        return seen

    def clone(self, search: bool = False) -> TrickState:
        new = super().clone(search)
        new.trick = self.trick.copy()
        return new

    def apply(self, action: Action | str, events: bool = True) -> list[Event]:
        """:meth:`State.apply`, a card play written out (the hot path of random deals and search).

        An action listed just now (found by identity in the kept legal list) is legal: in the play
        it is a card play as the engine makes them, which keeps no way back; in a phase of the
        game's own (a bid) it is applied as :meth:`State.apply` would once it is judged. Any other
        action is judged as :meth:`State.apply` judges it. A card play is done by :meth:`_play`
        (what :meth:`_do` does with one), written out here for a card from a hand with events off
        and nothing known of the hands."""
        memo = self._legal_memo
        if memo is not None:
            for legal in memo:
                if legal is action:
                    break
            else:
                memo = None
        phase = self.phase  # PLAY itself in the play (``is`` first: a str enum's ``!=`` is a generic compare)
        if memo is None or (phase is not PLAY and phase != PLAY):
            if memo is not None:  # listed in the game's own phase
                return self._apply_legal(self.turn, action, events)  # type: ignore[arg-type]
            if action.__class__ is not Action or action.kind != _PLAY_KIND or self.phase != PLAY or action.undoable:  # type: ignore[union-attr]
                return State.apply(self, action, events)
            if not self._allows(action):  # type: ignore[arg-type]
                raise IllegalAction(self._why_not(action.card, action.source, action.target))  # type: ignore[union-attr]
        if not self.search:
            if self._undo:
                self._undo.clear()
            self._log_actions.append([self.turn, action.text])  # type: ignore[union-attr]
        self._legal_memo = None
        if events or self.known or self.dummy_player is not None:
            out: list[Event] | None = [] if events else None
            self._play(action, out)  # type: ignore[arg-type]
            return out or []
        card = action.card  # _play, written out: a card from the hand to the trick
        zones = self.zones
        zones[action.source].remove(card)  # type: ignore[index,union-attr]
        trick = self.trick
        played = trick.cards
        played.append(card)  # type: ignore[arg-type]
        zones[TRICK_ZONE].append(card)  # type: ignore[arg-type]
        if len(played) < len(trick.order):
            self.turn = self._actors[trick.order[len(played)]]
        else:
            self._gather(None)
        return []

    def _allows(self, action: Action) -> bool:
        """A card play is checked directly (the card is where the player to act plays from, and
        may be played to this trick), without listing the legal actions; other actions by the list."""
        if action.kind != _PLAY_KIND or self.phase != PLAY:
            return State._allows(self, action)
        trick = self.trick
        cards = trick.cards
        zone, card = action.source, action.card
        if card is None or len(cards) >= len(trick.order):
            return False
        place = trick.order[len(cards)]
        if place == DUMMY:
            if not str(zone).startswith("dummy_up/"):
                return False
        elif self._hands.get(place) != zone:
            return False
        canon = self._actions.get(zone)  # type: ignore[arg-type]
        if canon is None or (action is not canon[card] and action != canon[card]):
            return False
        if card not in self.zones[zone]:  # type: ignore[index]
            return False
        if not cards:
            return True
        suit_of = self.tdeck.suit_of
        return card in playable(self.place_cards(place), suit_of[cards[0]], self.trump, self.follow_rule, suit_of)

    def kernel(self) -> PlayKernel:
        """The tricks still to play as a :class:`PlayKernel` (the true cards: for tests and benches;
        a bot builds its kernels from its own view)."""
        order = self.order
        dummy = order.index(DUMMY) if DUMMY in order else -1
        hands: list[list[int]] = [[] if p == DUMMY else self.zones[f"hand/{p}"][:] for p in order]
        cols = [self.zones[f"dummy_down/{i}"] + self.zones[f"dummy_up/{i}"] for i in range(self.dummy_columns)]
        lead = order.index(self.trick.leader) if self.trick.leader is not None else 0
        return PlayKernel(
            hands,
            cols,
            dummy,
            [self.actor(p) for p in order],
            self.trick.cards[:],
            lead,
            self.won[:],
            [self.points_of(s) for s in range(self.players)],
            self.tricks_left,
            self.trump,
            self.follow_rule,
            self.tdeck,
        )

    def legal_actions(self) -> list[Action]:
        # The kept list first (it is only kept while the match is on: ``_do`` forgets it). A card
        # from a hand (the hot path of random deals and search) is listed here, by playable()
        # written out (checked against it by tests); the dummy's by _dummy_legal.
        memo = self._legal_memo
        if memo is not None:
            return memo
        phase = self.phase  # PLAY itself in the play (``is`` first: a str enum's ``!=`` is a generic compare)
        if phase is not PLAY and phase != PLAY:  # the game's own phase (bids...): its list, as _legal keeps it
            if self.is_over:
                return []
            memo = self._legal_memo = LegalActions(self._phase_legal())
            return memo
        trick = self.trick
        played = trick.cards
        zone = self._hands[trick.order[len(played)]]
        if zone is None:  # the dummy's turn
            memo = self._legal_memo = self._dummy_legal()
            return memo
        actions = self._actions[zone]
        hand = self.zones[zone]
        # Plain loops, not comprehensions: before Python 3.12 a comprehension is a function of its
        # own, made and called each time, which costs more than listing a hand of a few cards.
        memo = []
        if played:
            tdeck = self.tdeck
            suit_of = tdeck.suit_of
            led = suit_of[played[0]]
            follows = tdeck.of_suit[led]
            for c in hand:
                if follows[c]:
                    memo.append(actions[c])
            if memo:
                trump = self.trump
                if self.follow_rule == FOLLOW_OR_TRUMP and trump is not None and trump != led:
                    memo = []  # following or trumping (a loop too: a comprehension would make the
                    for c in hand:  # names it reads cells, dearer on every listing)
                        if suit_of[c] == led or suit_of[c] == trump:
                            memo.append(actions[c])
                self._legal_memo = memo
                return memo
        for c in hand:  # leading, or void in the suit led: any card
            memo.append(actions[c])
        self._legal_memo = memo
        return memo

    def _legal(self) -> list[Action]:
        if self.phase == PLAY:
            return self.legal_actions()
        memo = self._legal_memo
        if memo is None:
            memo = self._legal_memo = LegalActions(self._phase_legal())
        return memo

    def _forget_legal(self) -> None:
        self._legal_memo = None

    def _phase_legal(self) -> Sequence[Action]:
        """Legal actions of a phase a game adds before the tricks (naming trump, bids...), in a
        list or a tuple (kept in a list of their own)."""
        return []

    def _why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        """The match over, the play's reason (the suit to follow), else the game's own phase's."""
        if self.phase == OVER:
            return "The match is over."
        if self.phase == PLAY:
            if target not in (None, TRICK_ZONE) and source != target:
                return "Cards are played to the trick, in the middle of the table."
            return self._play_why_not(card, source)
        return self._phase_why_not(card, source, target)

    def _phase_why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        """Why a move is refused in a phase a game adds before the tricks (naming trump, bids)."""
        return "That move is not allowed now."

    def _do(self, action: Action, events: list[Event] | None) -> None:
        """A card play, else the game's own phase's action (:meth:`_phase_do`)."""
        self._legal_memo = None
        if action.kind == _PLAY_KIND:
            self._play(action, events)
            return
        self._phase_do(action, events)

    def _phase_do(self, action: Action, events: list[Event] | None) -> None:
        """Do an action of a phase a game adds before the tricks."""
        raise NotImplementedError  # pragma: no cover

    def _name_trump(self, action: Action, events: list[Event] | None) -> None:
        """A player names trump ("trump hearts", one of :meth:`trump_actions`); everyone is told."""
        self.trump = self.named_suit(action)
        if events is not None:
            events.append(
                Event(
                    EventKind.TRUMP,
                    {"seat": self.turn, "suit": self.trump_id(), "name": self.deck.suits[self.trump].name},
                )
            )

    def _why_not_text(self, text: str) -> str | None:
        """A card play written out ("play 9H") is judged as its drop would be; a card the player
        to act does not hold there is said to be not in their hand (wherever it is)."""
        words = text.split()
        if words and words[0].lower() == "trump" and self.trump is not None:
            return f"Trump is named already: {self.deck.suits[self.trump].name}."
        if len(words) != 2 or words[0].lower() != "play":
            return None
        if self.phase != PLAY:  # the game's own reason for this phase (naming trump, the bids...)
            return self._why_not(None, f"hand/{self.turn}", TRICK_ZONE)
        zone, card = self._find_playable_source(words[1])
        if card is not None:
            return self._why_not(card, zone, TRICK_ZONE)
        try:
            card = self.deck.parse(words[1])
        except RulesError:
            return f"{words[1]!r} is not a card of this deck."
        where = "the dummy's face-up cards" if self.trick.next_place == DUMMY else "your hand"
        return f"The {self.deck.faces[card].name} is not in {where}."

    # --------------------------------------------------------------- places
    def actor(self, place: Place) -> int:
        """The seat that plays for ``place`` (the dummy's cards are played by ``dummy_player``)."""
        return self.dummy_player if place == DUMMY else place  # type: ignore[return-value]

    def place_zones(self, place: Place) -> list[str]:
        """The zones ``place`` plays from."""
        if place == DUMMY:
            return [f"dummy_up/{i}" for i in range(self.dummy_columns)]
        return [f"hand/{place}"]

    def won_zone(self, place: Place) -> str:
        """Where a trick won by ``place`` goes (the dummy's tricks join its player's pile)."""
        return f"won/{self.actor(place)}"

    def place_cards(self, place: Place) -> list[int]:
        """The cards ``place`` may play from (the dummy: its face-up cards only)."""
        if place == DUMMY:
            zones = self.zones
            return [c for i in range(self.dummy_columns) for c in zones[f"dummy_up/{i}"]]
        return self.zones[f"hand/{place}"]

    # ----------------------------------------------------------------- play
    def _laid_out(
        self,
        layout: dict[str, list[int]],
        shared: Sequence[str],
        per_seat: Sequence[str],
        where: str,
        after: Sequence[str] = (),
    ) -> dict[str, list[int]]:
        """A deal's zones, from ``layout``: the ``shared`` ones, ``<kind>/<seat>`` for each kind of
        ``per_seat`` seat by seat, then ``after`` (in that order), each empty unless the layout
        fills it. A zone the deal has not is refused; ``where`` names the deal ("with 3 players")."""
        zones: dict[str, list[int]] = {zone: [] for zone in shared}
        for seat in range(self.players):
            for kind in per_seat:
                zones[f"{kind}/{seat}"] = []
        for zone in after:
            zones[zone] = []
        for zone, cards in layout.items():
            if zone not in zones:
                raise RulesError(f"layout.{zone}: no such zone {where}")
            zones[zone] = list(cards)
        return zones

    def _reset_play(
        self,
        order: list[Place],
        follow_rule: str,
        tdeck: TrickDeck,
        dummy_player: int | None = None,
        dummy_columns: int = 0,
    ) -> None:
        """A new deal: no trump yet, no trick on the table, no trick won."""
        self.order = order
        self.follow_rule = follow_rule
        self.tdeck = tdeck
        self.dummy_player = dummy_player
        self.dummy_columns = dummy_columns
        self.trump = None
        self.trick = Trick(None, ())
        self.won = [0] * self.players
        self.history: list[tuple[Place, tuple[Place, ...], tuple[int, ...], Place]] = []
        self.tricks_left = 0
        self._legal_memo = None
        self.is_over = False

    def _start_play(self, leader: Place, events: list[Event] | None) -> None:
        """Begin the tricks: ``leader`` leads the first one."""
        key = (type(self), id(self.deck), tuple(self.order), self.dummy_player, self.dummy_columns)
        seating = _SEATINGS.get(key)
        if seating is None or seating[0] is not self.deck:
            seating = _SEATINGS[key] = (self.deck, *self._seating())
        _deck, self._rotations, self._actions, self._hands, self._actors, self._won_zones = seating
        zones = self.zones
        cards = 0
        for zone in self._actions:  # every zone played from (place_cards); a loop, cheaper than a comprehension
            cards += len(zones[zone])
        for i in range(self.dummy_columns):  # a loop: a generator here would make ``zones`` a cell
            cards += len(zones.get(f"dummy_down/{i}", ()))
        self.tricks_left = cards // len(self.order)
        self.phase = PLAY
        self._new_trick(leader)
        if events is not None:
            events.append(
                Event(EventKind.PLAY_BEGINS, {"leader": leader, "trump": self.trump_id(), "tricks": self.tricks_left})
            )

    def _seating(
        self,
    ) -> tuple[
        dict[Place, tuple[Place, ...]],
        dict[str, list[Action]],
        dict[Place, str | None],
        dict[Place, int],
        dict[Place, str],
    ]:
        """What the play looks up and that only the places decide (the same every deal of a match):
        each leader's playing order, the play actions of every zone played from, each seat's hand,
        the seat playing for each place and where its tricks go. Shared, never changed."""
        # Zone names interned: the play looks them up in ``zones`` on every card, and a key found
        # by identity skips comparing the strings (when the game names its zones interned too).
        intern = sys.intern
        rotations = {place: tuple(rotate(self.order, place)) for place in self.order}
        actions = {
            intern(zone): play_actions(self.deck, zone) for place in self.order for zone in self.place_zones(place)
        }
        hands = {place: None if place == DUMMY else intern(f"hand/{place}") for place in self.order}
        actors = {place: self.actor(place) for place in self.order}
        won_zones = {place: intern(self.won_zone(place)) for place in self.order}
        return rotations, actions, hands, actors, won_zones

    def _new_trick(self, leader: Place) -> None:
        self.trick = Trick(leader, self._rotations[leader])
        self.turn = self._actors[leader]

    def led_suit(self) -> int | None:
        cards = self.trick.cards
        return self.tdeck.suit_of[cards[0]] if cards else None

    def _dummy_legal(self) -> list[Action]:
        """The dummy's face-up cards that may be played (:func:`playable`), column by column."""
        played = self.trick.cards
        suit_of = self.tdeck.suit_of
        led = suit_of[played[0]] if played else None
        out = []
        options = playable(self.place_cards(DUMMY), led, self.trump, self.follow_rule, suit_of)
        for i in range(self.dummy_columns):
            zone = f"dummy_up/{i}"
            actions = self._actions[zone]
            out += [actions[c] for c in self.zones[zone] if c in options]
        return out

    def _play(self, action: Action, events: list[Event] | None) -> None:
        card, zone = action.card, action.source
        zones = self.zones
        trick = self.trick
        played = trick.cards
        order = trick.order
        place = order[len(played)]
        zones[zone].remove(card)  # type: ignore[index]
        played.append(card)  # type: ignore[arg-type]
        zones[TRICK_ZONE].append(card)  # type: ignore[arg-type]
        if self.known:
            known = self.known.get(zone)  # type: ignore[arg-type]
            if known and card in known:
                known.remove(card)  # type: ignore[arg-type]
        if events is not None:
            events.append(
                self.card_event(
                    "move", card, zone, TRICK_ZONE, None, index=len(played) - 1, place=place, seat=self.turn
                )
            )
        if place == DUMMY:
            self._turn_up_beneath(zone, events)  # type: ignore[arg-type]
        if len(played) < len(order):
            self.turn = self._actors[order[len(played)]]
        else:
            self._gather(events)

    def _turn_up_beneath(self, zone: str, events: list[Event] | None) -> None:
        beneath = "dummy_down/" + zone.split("/", 1)[1]
        cards = self.zones[beneath]
        if cards and not self.zones[zone]:
            card = cards.pop()
            self.zones[zone].append(card)
            if events is not None:
                events.append(self.card_event(EventKind.FLIP, card, beneath, zone, None))

    def _gather(self, events: list[Event] | None) -> None:
        trick = self.trick
        cards = trick.cards
        tdeck = self.tdeck
        best = trick_winner(cards, self.trump, tdeck.suit_of, tdeck.strength)  # the trick rule, stated once
        winner = trick.order[best]
        seat = self._actors[winner]
        target = self._won_zones[winner]
        zones = self.zones
        zones[target][0:0] = cards  # the newest trick on top
        zones[TRICK_ZONE] = []
        self.won[seat] += 1
        self.history.append((trick.leader, trick.order, tuple(cards), winner))
        self.tricks_left -= 1
        if events is not None:
            text = self.deck.text
            events.append(
                Event(
                    EventKind.TRICK_WON,
                    {
                        "winner": winner,
                        "seat": seat,
                        "cards": list(map(text, cards)),  # no comprehension: ``text`` would be a cell
                        "places": list(trick.order),
                        "source": TRICK_ZONE,
                        "target": target,
                    },
                )
            )
        if self.tricks_left > 0:  # :meth:`_new_trick`, written out: the trick is the state's own (clones copy it)
            trick.leader = winner
            trick.order = self._rotations[winner]
            trick.cards = []
            self.turn = seat
        else:
            self.trick = Trick(None, ())
            self.turn = None
            self._tricks_done(events)

    def _tricks_done(self, events: list[Event] | None) -> None:
        """Every trick is played: score the deal (and deal the next one or end the match)."""
        raise NotImplementedError  # pragma: no cover

    def _next_deal_or_end(self, match_over: bool, events: list[Event] | None) -> None:
        """After a deal is booked: end the match, or pass the deal to the left and deal again."""
        if match_over:
            self.phase = OVER
            self.is_over = True
            self.turn = None
            if events is not None:
                events.append(Event(EventKind.MATCH_OVER, {"winners": self.winners, "scores": self.scores}))
        else:
            self.dealer = self.next_seat(self.dealer)
            self._begin_deal(events)

    # ---------------------------------------------------------------- helpers
    def trump_id(self) -> str | None:
        return None if self.trump is None else self.deck.suits[self.trump].id

    def suit_index(self, suit_id: str) -> int:
        for i, suit in enumerate(self.deck.suits):
            if suit.id == suit_id:
                return i
        raise RulesError(f"unknown suit {suit_id!r}")

    def trump_actions(self) -> list[Action]:
        """One button per suit: "trump hearts" (label "Hearts"). Naming trump is public: no undo."""
        return [
            Action(ActionKind.TRUMP, f"trump {suit.id}", label=suit.name, undoable=False, value=suit.id)
            for suit in self.deck.suits
        ]

    def named_suit(self, action: Action) -> int:
        """The suit a legal trump action names: its place among :meth:`trump_actions` (one per suit,
        in the deck's order), never read out of its text."""
        return self.trump_actions().index(action)

    def points_of(self, seat: int) -> int:
        """Card points in ``seat``'s won pile."""
        return card_points(self.zones[f"won/{seat}"], self.tdeck.points)

    def _find_playable_source(self, text: str) -> tuple[str | None, int | None]:
        """The zone of the card named ``text`` if the player to act holds it there."""
        try:
            card = self.deck.parse(text)
        except RulesError:
            return None, None
        place = self.trick.next_place
        if place is None:
            return None, None
        for zone in self.place_zones(place):
            if card in self.zones.get(zone, ()):
                return zone, card
        return None, None

    def _play_why_not(self, card: int | None, source: str | None) -> str:
        place = self.trick.next_place
        zones = self.place_zones(place) if place is not None else []
        if source not in zones:
            if place == DUMMY:
                return "It is the dummy's turn: play one of its face-up cards."
            if source and source.startswith("dummy"):
                return (
                    "It is not the dummy's turn."
                    if source.startswith("dummy_up")
                    else "The dummy's face-down cards cannot be played."
                )
            return "Play a card from your hand."
        led = self.led_suit()
        if card is None or led is None:
            return "That card cannot be played now."
        name = self.deck.suits[led].name
        suit_of = self.tdeck.suit_of
        held = [c for c in self.place_cards(place) if suit_of[c] == led]  # the mover's own (or the dummy's face-up)
        who, holds = ("The dummy", "it shows") if place == DUMMY else ("You", "you hold")
        shown = self._held_words(held, led)
        if self.follow_rule == FOLLOW_OR_TRUMP and self.trump is not None and self.trump != led:
            trump = self.deck.suits[self.trump].name
            return f"{who} must follow {name} or play a trump ({trump}): {holds} {shown}."
        return f"{who} must follow {name}: {holds} {shown}."

    def _held_words(self, cards: list[int], suit: int) -> str:
        """ "the 9 of Hearts", "the 9 and K of Hearts", "four Hearts" (more than three): the
        mover's own cards, or the dummy's face-up ones (everyone sees those)."""
        name = self.deck.suits[suit].name
        if not cards:
            return f"no {name}"
        if len(cards) > 3:
            return f"{_NUMBERS.get(len(cards), len(cards))} {name}"
        strength = self.tdeck.strength
        ranks = [str(self.deck.faces[c].rank) for c in sorted(cards, key=lambda c: strength[c])]
        first = ", ".join(ranks[:-1])
        return "the " + (f"{first} and {ranks[-1]}" if first else ranks[0]) + f" of {name}"

    # ---------------------------------------------------------------- views
    def _trick_facts(self) -> dict[str, Any]:
        """What everyone knows of the play — trump, the trick on the table, tricks won, the history —
        as the :class:`TrickFacts` fields a trick game's own facts begin with."""
        text = self.deck.text
        trick = self.trick if self.trick.leader is not None else None
        return {
            "trump": self.trump_id(),
            "follow_rule": self.follow_rule,
            "order": tuple(self.order),
            "leader": trick.leader if trick else None,
            "trick": tuple((p, text(c)) for p, c in trick.plays) if trick else (),
            "to_play": trick.next_place if trick and self.phase == PLAY else None,
            "tricks_won": tuple(self.won),
            "tricks_left": self.tricks_left,
            "history": self._history_facts(),
            "dummy_player": self.dummy_player,
            "dummy_columns": self.dummy_columns,
            "phase": self.phase,
        }

    def _history_facts(self) -> tuple[PlayedTrick, ...]:
        """The tricks played so far, kept from the last view while no trick was added (a view is
        built on every bot decision; the history is most of it)."""
        history = self.history
        last = history[-1] if history else None
        cached = getattr(self, "_history_view", None)
        if cached is not None and cached[0] is last and len(cached[1]) == len(history):
            return cached[1]
        text = self.deck.text
        played = tuple(
            PlayedTrick(leader=lead, winner=w, plays=tuple((p, text(c)) for p, c in zip(places, cards, strict=True)))
            for lead, places, cards, w in history
        )
        self._history_view = (last, played)
        return played

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        """After a restore: the trick on the table rebuilt from the facts (``leader``, ``trick``)."""
        assert isinstance(facts, TrickFacts)
        parse = self.deck.parse
        self.trick = Trick(None, ())
        if self.phase == PLAY:
            self._start_play(facts.leader, None)  # type: ignore[arg-type]
            self.trick.cards = [parse(t) for _p, t in facts.trick]
            self.turn = self.actor(self.trick.order[len(self.trick.cards)])
        self.tricks_left = facts.tricks_left
        self.is_over = self.phase == OVER
        self._forget_legal()


class TrickKernel:
    """The tricks left in a deal, as a search plays them: what every kernel keeps alike.

    Places are indices into the deal's ``order``; ``actor[i]`` is the seat playing for place ``i``
    and ``dummy`` the dummy's place (-1: none). ``hands[i]`` holds place ``i``'s cards and ``cols``
    the dummy's columns, each bottom to top, its top card face up and playable (in the kernel's
    own form of a card); ``trick`` the cards on the table, led by place ``lead``; ``left`` the
    tricks still to play; ``won`` and ``points`` (card points) per seat. ``table`` is the
    kernel's per-card tables, built once per deck.
    """

    __slots__ = ("actor", "cols", "dummy", "hands", "lead", "left", "n", "points", "trick", "won")

    def __init__(
        self,
        hands: list[Any],
        cols: list[list[int]],
        dummy: int,
        actor: list[int],
        trick: list[int],
        lead: int,
        won: list[int],
        points: list[int],
        left: int,
        trump: int | None,
        rule: str,
        table: Any,
    ) -> None:
        self.hands = hands
        self.cols = cols
        self.dummy = dummy
        self.actor = actor
        self.n = len(actor)
        self.lead = lead
        self.won = won
        self.points = points
        self.left = left
        self._rules(table, trump, rule, trick)

    def _rules(self, table: Any, trump: int | None, rule: str, trick: list[int]) -> None:
        """Keep the per-card tables, trump and following rule, and the trick on the table."""
        raise NotImplementedError  # pragma: no cover - per kernel

    @property
    def over(self) -> bool:
        return self.left <= 0

    def place(self) -> int:
        """The place to play next."""
        return (self.lead + len(self.trick)) % self.n

    def seat(self) -> int:
        """The seat to act next."""
        return self.actor[(self.lead + len(self.trick)) % self.n]


class PlayKernel(TrickKernel):
    """The tricks left in a deal on plain lists of engine cards, played by the stated rules
    (:func:`playable`, :func:`standing`, :func:`trick_winner`): the reference form of a deal's
    card play beside :class:`TrickState` (``TrickState.kernel()``); ``table`` is the
    :class:`TrickDeck`."""

    __slots__ = ("card_points", "last_winner", "rule", "strength", "suit_of", "trump")

    def _rules(self, table: TrickDeck, trump: int | None, rule: str, trick: list[int]) -> None:
        self.trick = trick
        self.trump = trump
        self.rule = rule
        self.suit_of = table.suit_of
        self.strength = table.strength
        self.card_points = table.points
        self.last_winner = -1

    def copy(self) -> PlayKernel:
        new = object.__new__(PlayKernel)
        new.hands = [h[:] for h in self.hands]
        new.cols = [c[:] for c in self.cols]
        new.dummy, new.actor, new.n = self.dummy, self.actor, self.n
        new.trick = self.trick[:]
        new.lead = self.lead
        new.won = self.won[:]
        new.points = self.points[:]
        new.left, new.trump, new.rule = self.left, self.trump, self.rule
        new.suit_of, new.strength, new.card_points = self.suit_of, self.strength, self.card_points
        new.last_winner = self.last_winner
        return new

    def cards_of(self, place: int) -> list[int]:
        """The cards ``place`` may play from (the dummy: the top card of each column)."""
        if place == self.dummy:
            return [c[-1] for c in self.cols if c]
        return self.hands[place]

    def led(self) -> int | None:
        """The suit led to the trick on the table (None: nothing led yet)."""
        return self.suit_of[self.trick[0]] if self.trick else None

    def legal(self) -> list[int]:
        """The cards the place to play may play (:func:`playable`)."""
        place = (self.lead + len(self.trick)) % self.n
        cards = [c[-1] for c in self.cols if c] if place == self.dummy else self.hands[place]
        trick, suit_of = self.trick, self.suit_of
        return playable(cards, suit_of[trick[0]] if trick else None, self.trump, self.rule, suit_of)

    def play(self, card: int) -> None:
        """Play ``card`` (one of :meth:`legal`) for the place to play; gather a full trick: its
        winner's seat takes it and its card points, and the winner leads the next."""
        n = self.n
        place = (self.lead + len(self.trick)) % n
        if place == self.dummy:
            for col in self.cols:
                if col and col[-1] == card:
                    col.pop()  # the card beneath is face up now
                    break
        else:
            self.hands[place].remove(card)
        trick = self.trick
        trick.append(card)
        if len(trick) == n:
            winner = (self.lead + trick_winner(trick, self.trump, self.suit_of, self.strength)) % n
            seat = self.actor[winner]
            self.won[seat] += 1
            self.points[seat] += card_points(trick, self.card_points)
            self.trick = []
            self.lead = winner
            self.last_winner = winner
            self.left -= 1

    def winning(self) -> tuple[int, int]:
        """The trick so far: (index in play order of the winning card, its standing); (-1, -1) when empty."""
        trick = self.trick
        if not trick:
            return -1, -1
        best = trick_winner(trick, self.trump, self.suit_of, self.strength)
        return best, self.key(trick[best])

    def key(self, card: int) -> int:
        """How ``card`` would stand in the trick on the table (or lead it): :func:`standing`."""
        led = self.led()
        suit = self.suit_of[card]
        return standing(suit, self.strength[card], suit if led is None else led, self.trump)
