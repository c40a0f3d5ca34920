"""Trio: reveal three equal numbers from the middle and the ends of sorted hands (RULES.md §5).

A turn is a run of reveals (a face-down middle card, or the lowest or highest card of any
hand) that ends on the first mismatch — every revealed card goes back to its place — or on
three equal cards, the trio, which the player takes.  Team mode adds secret swaps between
partners (a :class:`rules.choices.SecretChoice`) at the start and after every trio.

Public knowledge earned in play is kept per zone: a middle card seen and turned back, and
for each hand the cards seen at its low end (a prefix of the sorted hand) and its high end
(a suffix), each with the turn it was last seen.  A team swap forgets both partners' hands.
"""

from __future__ import annotations

import heapq
from bisect import insort
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.actions import Action, Event
from rules.choices import ChoiceFacts, SecretChoice
from rules.errors import RulesError
from rules.facts import DealDetails, Facts, fact
from rules.kinds import ActionKind, EventKind, Word
from rules.schema import IntRange, MapOf, Table
from rules.shuffle import shuffle
from rules.state import State
from rules.view import Frozen

if TYPE_CHECKING:
    import random

    from rules.game import Game

CONFIG_SCHEMA = Table(
    required={
        "deal": Table(
            required={"hand": MapOf(IntRange(0, 36), "player count"), "middle": MapOf(IntRange(0, 36), "player count")}
        ),
    }
)


class TrioPhase(Word):
    """Trio's phases: partners swap a card (team games), then turns of reveals, until someone wins."""

    SWAP = "swap"
    REVEAL = "reveal"
    OVER = "over"


class TrioAction(Word):
    """Trio's action kinds."""

    REVEAL = "reveal"  # a middle card, or the lowest or highest card of a hand
    SWAP = "swap", ActionKind.GIVE  # offer a card to one's partner (the table's offer mode)
    PASS = "pass"  # keep one's cards


SWAP, REVEAL, OVER = TrioPhase.SWAP, TrioPhase.REVEAL, TrioPhase.OVER
LOW, HIGH = "low", "high"
REVEALED = "revealed"
HISTORY_TURNS = 8  # turns kept in the view's public history (the table shows a short one)


def connected(a: int, b: int) -> bool:
    """Spicy mode: two trios are connected when their numbers add up to 7 or differ by 7."""
    return a + b == 7 or abs(a - b) == 7


def deal_table(game: Game, variant: str) -> tuple[dict[str, Any], str]:
    """The deal table in force for ``variant`` (its own ``deal`` over the game's), and its key path."""
    own = game.config.variants[variant].get("deal") or {}
    return {**game.config.deal, **own}, (f"variants.{variant}.deal" if own else "deal")


@dataclass(frozen=True, kw_only=True)
class RevealTurn(Facts):
    """One turn of reveals in the public history: each card revealed (text, zone, end) and how
    the turn ended."""

    seat: int
    turn: int
    reveals: tuple[tuple[str, str, str | None], ...]
    result: str


@dataclass(frozen=True, kw_only=True)
class TrioFacts(Facts):
    """Trio's public facts: the turn, what lies revealed and where it came from, what each seat
    has learned of the hands' ends, the recent turns, a swap being chosen, the winners."""

    phase: str
    turn: int | None
    first: int = fact(derived=True)
    turn_no: int
    spicy: bool = fact(derived=True)
    teams: tuple[tuple[int, ...], ...] | None = fact(derived=True)
    revealed: tuple[tuple[str, str | None], ...] = fact(attr="revealed_from")
    ends: Mapping[str, tuple[int, int]] = fact(derived=True)
    learned: Mapping[str, tuple[int, ...]] = fact(derived=True)
    history: tuple[RevealTurn, ...] = fact(
        load=lambda _state, turns: [(t.seat, t.turn, t.reveals, t.result) for t in turns]
    )
    choice: ChoiceFacts | None = fact(derived=True)
    winners: tuple[int, ...] = fact(attr="winner_seats", load=lambda _state, seats: tuple(seats))
    reason: str | None


@dataclass(frozen=True, kw_only=True)
class TrioDetails(DealDetails):
    """Trio's one deal as booked: the winning seats and why, the turns played, and the numbers of
    the trios each seat took (by seat, as text)."""

    winners: tuple[int, ...]
    reason: str
    turns: int
    trios: Mapping[str, tuple[int, ...]]


class TrioState(State):
    """A match of Trio: one deal, played until a player (or team) wins."""

    FACTS = TrioFacts
    DETAILS = TrioDetails

    MUTABLE = ("low", "high", "learned", "revealed_from", "history")

    @classmethod
    def allows_players(cls, variant: str, players: int, settings: dict[str, Any]) -> bool:
        """Team mode needs partners sitting opposite: 4 or 6 players (see ``Game.player_counts``)."""
        return not settings["teams"] or players in (4, 6)

    @classmethod
    def check_setup(cls, game: Game, variant: str, players: int, settings: dict[str, Any]) -> None:
        path = game.config.path
        if not cls.allows_players(variant, players, settings):
            raise RulesError(f"Trio's team mode is for 4 or 6 players (partners sit opposite), not {players}.")
        deal, where = deal_table(game, variant)
        counts = []
        for key in ("hand", "middle"):
            table = deal.get(key)
            value = table.get(str(players)) if isinstance(table, dict) else None
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise RulesError(
                    f"{path}: {where}.{key}.{players}: missing or not a card count "
                    f"(expected the number of cards for {players} players)"
                )
            counts.append(value)
        deck = game.deck(variant)
        numbers = [face.rank for face in deck.faces]
        if not all(isinstance(n, int) for n in numbers) or numbers != sorted(numbers):
            raise RulesError(f"{path}: deck: Trio's cards must be numbers listed from low to high")
        total = players * counts[0] + counts[1]
        if total != deck.size:
            raise RulesError(
                f"{path}: {where}: {players} hands of {counts[0]} and {counts[1]} in the middle "
                f"make {total} cards, but every one of the deck's {deck.size} cards is dealt"
            )

    # ------------------------------------------------------------------ setup
    def _setup_deal(self, layout: dict[str, list[int]] | None, events: list[Event] | None) -> None:
        n = self.players
        self.number: tuple[int, ...] = tuple(int(face.rank) for face in self.deck.faces)
        deal, _ = deal_table(self.game, self.variant)
        hand_size = deal["hand"][str(n)]
        self.middle_places = deal["middle"][str(n)]
        self.team_mode = bool(self.settings["teams"])
        self.teams: tuple[tuple[int, int], ...] = (
            tuple((s, s + n // 2) for s in range(n // 2)) if self.team_mode else ()
        )
        self.first = self.next_seat(self.dealer)
        if layout is None:
            cards = list(range(self.deck.size))
            shuffle(cards, self.rng)
            hands: list[list[int]] = [[] for _ in range(n)]
            for i in range(hand_size * n):  # one at a time, from the dealer's left
                hands[(self.first + i) % n].append(cards[i])
            rest = cards[hand_size * n :]
            layout = {f"hand/{s}": hands[s] for s in range(n)}
            layout.update({f"middle/{i}": [rest[i]] for i in range(self.middle_places)})
        self.zones = {f"middle/{i}": [] for i in range(self.middle_places)}
        self.zones[REVEALED] = []
        for s in range(n):
            self.zones[f"hand/{s}"] = []
            self.zones[f"trios/{s}"] = []
        for zone, cards in layout.items():
            if zone not in self.zones:
                places = f", middle/0..middle/{self.middle_places - 1}" if self.middle_places else ", no middle"
                raise RulesError(
                    f"layout.{zone}: no such zone with {n} players in this variant "
                    f"(hand/0..hand/{n - 1}, trios/0..trios/{n - 1}{places})"
                )
            self.zones[zone] = list(cards)
        self._check_layout()
        for s in range(n):
            self.zones[f"hand/{s}"].sort()  # card ids run in number order: sorted by number
        # Known hand ends, by position: the turns in which the lowest (and highest) cards were seen.
        self.low: dict[str, tuple[int, ...]] = {}
        self.high: dict[str, tuple[int, ...]] = {}
        self.learned: dict[str, tuple[int, ...]] = {}
        self.revealed_from: list[tuple[str, str | None]] = []
        self.history: list[tuple[int, int, tuple[tuple[str, str, str | None], ...], str]] = []
        self.turn_no = 0
        self.turn = self.first
        self.choice: SecretChoice | None = None
        self.phase = REVEAL
        self.winner_seats: tuple[int, ...] = ()
        self.reason: str | None = None
        self._actions: dict[tuple[Any, ...], Action] = {}
        self._legal_now: list[Action] | None = None
        if events is not None:
            events.append(
                Event(
                    "deal",
                    {
                        "dealer": self.dealer,
                        "first": self.first,
                        "hands": [len(self.zones[f"hand/{s}"]) for s in range(n)],
                        "middle": self.middle_places,
                        "teams": [list(t) for t in self.teams],
                    },
                )
            )
        if self.team_mode:
            self._ask_swaps(self.dealer, (), events)

    def _check_layout(self) -> None:
        text = self.deck.text
        if self.zones[REVEALED]:
            raise RulesError("layout.revealed: expected no cards (a deal starts with nothing revealed)")
        for i in range(self.middle_places):
            if len(self.zones[f"middle/{i}"]) > 1:
                raise RulesError(f"layout.middle/{i}: expected at most one card (one card per place)")
        for s in range(self.players):
            trios = self.zones[f"trios/{s}"]
            groups = [trios[i : i + 3] for i in range(0, len(trios), 3)]
            if any(len(g) != 3 or len({self.number[c] for c in g}) != 1 for g in groups):
                raise RulesError(
                    f"layout.trios/{s}: expected groups of three equal cards, got {[text(c) for c in trios]}"
                )

    # ------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == SWAP:
            return self.choice.asking
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        counts = [len(self.zones[f"trios/{s}"]) // 3 for s in range(self.players)]
        if self.team_mode:
            return [counts[s] + counts[self.partner(s)] for s in range(self.players)]
        return counts

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def partner(self, seat: int) -> int:
        return (seat + self.players // 2) % self.players

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats whose trios count together with ``seat``'s (itself alone outside team mode)."""
        return tuple(sorted((seat, self.partner(seat)))) if self.team_mode else (seat,)

    def trio_numbers(self, seats: Iterable[int]) -> list[int]:
        """The numbers of the trios held by ``seats``."""
        numbers: list[int] = []
        for seat in seats:
            numbers += [self.number[c] for c in self.zones[f"trios/{seat}"][::3]]
        return numbers

    def _action(self, key: tuple[Any, ...], make: Any) -> Action:
        action = self._actions.get(key)
        if action is None:
            action = self._actions[key] = make()
        return action

    def _legal(self) -> list[Action]:
        if self._legal_now is None:  # reset by every move: a random match asks thousands of times
            self._legal_now = self._swap_actions() if self.phase == SWAP else self._reveal_actions()
        return self._legal_now[:]

    def _reveal_actions(self) -> list[Action]:
        seat = self.turn
        actions = []
        zones = self.zones
        for i in range(self.middle_places):
            zone = f"middle/{i}"
            if zones[zone]:
                actions.append(
                    self._action(
                        ("m", i),
                        lambda z=zone: Action(
                            TrioAction.REVEAL, f"reveal {z}", None, z, REVEALED, undoable=False, label="Reveal"
                        ),
                    )
                )
        for s in range(self.players):
            hand = zones[f"hand/{s}"]
            if not hand:
                continue
            for end, card in ((LOW, hand[0]), (HIGH, hand[-1])):
                shown = card if s == seat else None
                actions.append(
                    self._action(
                        (end, s, shown),
                        lambda e=end, s=s, c=shown: Action(
                            TrioAction.REVEAL,
                            f"reveal {e} {s}",
                            c,
                            f"hand/{s}",
                            REVEALED,
                            undoable=False,
                            label=f"Reveal the {'lowest' if e == LOW else 'highest'}",
                            end=e,
                        ),
                    )
                )
        return actions

    def _swap_actions(self) -> list[Action]:
        seat = self.choice.asking
        undoable = not self.choice.last_to_answer
        partner = f"hand/{self.partner(seat)}"
        actions = [Action(TrioAction.PASS, "pass", undoable=undoable, label="Keep my cards")]
        offered = set()
        for card in self.zones[f"hand/{seat}"]:
            if self.number[card] not in offered:
                offered.add(self.number[card])
                actions.append(
                    Action(
                        TrioAction.SWAP,
                        f"swap {self.deck.text(card)}",
                        card,
                        f"hand/{seat}",
                        partner,
                        undoable=undoable,
                        label=f"Offer {self.deck.text(card)}",
                    )
                )
        return actions

    def _why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        if self.phase == OVER:
            return "The game is over."
        if self.phase == SWAP:
            seat = self.choice.asking
            if source == f"hand/{seat}":
                return "Offer one card to your partner: drop it on your partner's hand (or keep your cards)."
            return "First the swap: offer one of your cards to your partner, or keep your cards."
        if source == REVEALED:
            return "That card is revealed already: reveal another."
        if source and source.startswith("middle/") and source in self.zones:
            if not self.zones[source]:
                return "That place in the middle is empty."
        if source and source.startswith("hand/") and source in self.zones:
            hand = self.zones[source]
            whose = "your hand" if source == f"hand/{self.turn}" else "a hand"
            if not hand:
                return f"{whose[0].upper()}{whose[1:]} has no cards left."
            if card is not None and card not in (hand[0], hand[-1]):
                if whose == "your hand":  # your own cards: the ends named (nobody else's)
                    low, high = self.number[hand[0]], self.number[hand[-1]]
                    return (
                        f"Only the lowest or the highest card of a hand may be revealed: of yours, "
                        f"the {low} or the {high}."
                    )
                return "Only the lowest or the highest card of a hand may be revealed."
        return "Reveal a face-down card in the middle, or the lowest or the highest card of a hand."

    def _why_not_text(self, text: str) -> str | None:
        """A reveal of an empty place, or a swap out of its time, says so."""
        words = text.split()
        verb = words[0].lower() if words else ""
        if self.phase == SWAP:
            if verb == "swap" and len(words) == 2:
                seat = self.choice.asking
                try:
                    card = self.deck.parse(words[1])
                except RulesError:
                    return f"{words[1]!r} is not a card of this deck."
                if card not in self.zones[f"hand/{seat}"]:
                    return f"The {self.deck.faces[card].name} is not in your hand."
            return self._why_not(None, None, None)
        if verb == "swap" or verb == "pass":
            if not self.team_mode:
                return "Swaps are for partners in team play: reveal a card."
            return "No swap now: partners swap before the first turn and after another team's trio."
        if verb != "reveal":
            return None
        if len(words) == 2 and words[1].startswith("middle/"):
            if words[1] not in self.zones:
                return "There is no such place in the middle."
            return self._why_not(None, words[1], REVEALED)
        if len(words) == 3 and words[1] in (LOW, HIGH) and words[2].isdigit():
            zone = f"hand/{words[2]}"
            if zone not in self.zones:
                return "There is no such hand."
            return self._why_not(None, zone, REVEALED)
        return "Reveal a face-down card in the middle, or the lowest or the highest card of a hand."

    # --------------------------------------------------------------- moves
    def _do(self, action: Action, events: list[Event] | None) -> None:
        self._legal_now = None
        if action.kind == TrioAction.REVEAL:
            self._reveal(action, events)
        else:
            self._answer_swap(action, events)

    def _reveal(self, action: Action, events: list[Event] | None) -> None:
        source = action.source
        zone = self.zones[source]
        if source.startswith("middle/"):
            end, index = None, 0
            card = zone.pop()
            self.known.pop(source, None)
            self.learned.pop(source, None)
        else:
            end = action.end
            index = 0 if end == LOW else len(zone) - 1
            card = zone.pop(index)
            self._left_end(source, end)
        revealed = self.zones[REVEALED]
        revealed.append(card)
        self.revealed_from.append((source, end))
        if events is not None:
            events.append(
                Event(
                    "reveal",
                    {
                        "seat": self.turn,
                        "card": self.deck.text(card),
                        "number": self.number[card],
                        "source": source,
                        "end": end,
                        "index": index,
                        "target": REVEALED,
                        "position": len(revealed) - 1,
                    },
                )
            )
        if self.number[card] != self.number[revealed[0]]:
            self._mismatch(events)
        elif len(revealed) == 3:
            self._take_trio(events)

    def _mismatch(self, events: list[Event] | None) -> None:
        """The turn ends: every revealed card goes back to its place (middle cards face down)."""
        self._remember_turn("mismatch")
        now = self.turn_no
        shown = [self.deck.text(card) for card in self.zones[REVEALED]]  # public: every player saw them
        seen_low: dict[str, int] = {}
        seen_high: dict[str, int] = {}
        for card, (zone, end) in zip(self.zones[REVEALED], self.revealed_from, strict=True):
            if end is None:
                self.zones[zone] = [card]
                self.known[zone] = [card]
                self.learned[zone] = (now,)
                index = 0
            else:
                hand = self.zones[zone]
                insort(hand, card)
                index = hand.index(card)
                seen = seen_low if end == LOW else seen_high
                seen[zone] = seen.get(zone, 0) + 1
            if events is not None:
                events.append(
                    Event(
                        "return",
                        {
                            "card": self.deck.text(card),
                            "source": REVEALED,
                            "target": zone,
                            "index": index,
                            "face": "down" if end is None else "hand",
                            "revealed": shown,
                        },
                    )
                )
        for zone in {**seen_low, **seen_high}:
            low = (now,) * seen_low.get(zone, 0) + self.low.get(zone, ())
            high = self.high.get(zone, ()) + (now,) * seen_high.get(zone, 0)
            self._set_ends(zone, low, high)
        self.zones[REVEALED] = []
        self.revealed_from = []
        self._next_turn("mismatch", events)

    def _take_trio(self, events: list[Event] | None) -> None:
        seat = self.turn
        self._remember_turn("trio")
        target = f"trios/{seat}"
        trio = self.zones[REVEALED]
        number = self.number[trio[0]]
        for card in list(trio):
            self.move(card, REVEALED, target, events, index=len(self.zones[target]), to_top=False)
        self.revealed_from = []
        if events is not None:
            events.append(Event("trio", {"seat": seat, "number": number, "target": target, "scores": self.scores}))
        team = self.team_of(seat)
        reason = self._winning(number, self.trio_numbers(team))
        if reason is not None:
            self._finish(team, reason, events)
            return
        self._next_turn("trio", events)
        if self.team_mode:
            self._ask_swaps(seat, team, events)

    def _winning(self, number: int, held: list[int]) -> str | None:
        """Why taking the trio of ``number`` (already in ``held``) wins, or ``None``."""
        if number == 7 and self.settings["sevens_win"]:
            return "the trio of 7s"
        if self.settings["spicy"]:
            others = list(held)
            others.remove(number)
            for other in others:
                if connected(number, other):
                    return f"two connected trios ({min(number, other)} and {max(number, other)})"
            return None
        if len(held) >= self.settings["trios_to_win"]:
            return f"{len(held)} trios"
        return None

    def _next_turn(self, result: str, events: list[Event] | None) -> None:
        seat = self.turn
        self.turn_no += 1
        self.turn = self.next_seat(seat)
        if events is not None:
            events.append(Event("turn_over", {"seat": seat, "result": result, "next": self.turn}))

    def _remember_turn(self, result: str) -> None:
        text = self.deck.text
        reveals = tuple(
            (text(c), zone, end) for c, (zone, end) in zip(self.zones[REVEALED], self.revealed_from, strict=True)
        )
        self.history.append((self.turn, self.turn_no, reveals, result))
        if len(self.history) > HISTORY_TURNS:
            del self.history[0]

    def _finish(self, team: tuple[int, ...], reason: str, events: list[Event] | None) -> None:
        self.phase = OVER
        self.winner_seats = team
        self.reason = reason
        details = TrioDetails(
            winners=tuple(team),
            reason=reason,
            turns=self.turn_no + 1,
            trios={str(s): tuple(self.trio_numbers((s,))) for s in range(self.players)},
        )
        self._end_deal(self.scores, details, events)
        self.totals = self.scores
        if events is not None:
            events.append(Event(EventKind.MATCH_OVER, {"winners": list(team), "scores": self.scores, "reason": reason}))

    # ---------------------------------------------------------- team swaps
    def _ask_swaps(self, cause: int, exclude: tuple[int, ...], events: list[Event] | None) -> None:
        """Ask every team (but ``exclude``'s) whose partners both hold cards whether to swap."""
        seats = [
            s
            for team in self.teams
            if not set(team) & set(exclude) and all(self.zones[f"hand/{m}"] for m in team)
            for s in team
        ]
        if not seats:
            return
        self.choice = SecretChoice.ask("swap", self.players, cause, seats)
        self.phase = SWAP
        if events is not None:
            events.append(self.choice.asked_event())

    def _answer_swap(self, action: Action, events: list[Event] | None) -> None:
        seat = self.choice.asking
        self.choice = self.choice.answer(seat, action.text)
        if events is not None:
            events.append(self.choice.event(seat, action.text))
        if self.choice.done:
            self._resolve_swaps(events)

    def _resolve_swaps(self, events: list[Event] | None) -> None:
        """All have chosen: each team where both partners offered a card exchanges them."""
        answers = self.choice.results()
        for team in self.teams:
            if not all(s in answers for s in team):
                continue
            offers = [self._offered(s, answers[s]) for s in team]
            swapped = all(card is not None for card in offers)
            if swapped:
                for giver, card in zip(team, offers, strict=True):
                    self.zones[f"hand/{giver}"].remove(card)
                for giver, card in zip(team, offers, strict=True):
                    hand = self.zones[f"hand/{self.partner(giver)}"]
                    insort(hand, card)
                    if events is not None:
                        events.append(
                            Event(
                                "move",
                                {
                                    "card": self.deck.text(card),
                                    "source": f"hand/{giver}",
                                    "target": f"hand/{self.partner(giver)}",
                                    "index": hand.index(card),
                                },
                                frozenset(team),
                                ("card", "index"),
                            )
                        )
                for s in team:  # nobody else knows which cards moved
                    self._set_ends(f"hand/{s}", (), ())
            if events is not None:
                events.append(Event("swap", {"team": list(team), "swapped": swapped}))
        self.choice = None
        self.phase = REVEAL

    def _offered(self, seat: int, answer: str) -> int | None:
        words = answer.split()
        if len(words) != 2 or words[0] != "swap":
            return None  # a pass (or, in a sampled state, an answer this seat could not see)
        for card in self.zones[f"hand/{seat}"]:
            if self.deck.text(card) == words[1]:
                return card
        return None

    # ------------------------------------------------------------ knowledge
    def _set_ends(self, zone: str, low: tuple[int, ...], high: tuple[int, ...]) -> None:
        """Record how many of a hand's lowest and highest cards are known (with the turns they
        were seen); ``known`` lists those cards, read from their places in the sorted hand."""
        if low or high:
            hand = self.zones[zone]
            self.low[zone] = low
            self.high[zone] = high
            self.known[zone] = hand[: len(low)] + hand[len(hand) - len(high) :]
            self.learned[zone] = low + high
        else:
            for table in (self.low, self.high, self.known, self.learned):
                table.pop(zone, None)

    def _left_end(self, zone: str, end: str) -> None:
        """The card at ``end`` of hand ``zone`` was just revealed: it is no longer known to be there."""
        low = self.low.get(zone)
        if low is None:
            return
        high = self.high[zone]
        size = len(self.zones[zone]) + 1  # before the card left
        if end == LOW:
            if low:
                low = low[1:]
            elif len(high) == size:  # the known high end reaches down to the lowest card
                high = high[1:]
        elif high:
            high = high[:-1]
        elif len(low) == size:
            low = low[:-1]
        self._set_ends(zone, low, high)

    # ---------------------------------------------------------------- views
    def _facts(self, seat: int | None) -> TrioFacts:
        return TrioFacts(
            phase=self.phase,
            turn=self.turn,
            first=self.first,
            turn_no=self.turn_no,
            spicy=bool(self.settings["spicy"]),
            teams=tuple(tuple(t) for t in self.teams) or None,
            revealed=tuple(self.revealed_from),
            ends=Frozen(
                {
                    zone: (len(self.low.get(zone, ())), len(self.high.get(zone, ())))
                    for zone in self.learned
                    if zone.startswith("hand/")
                }
            ),
            learned=Frozen({zone: tuple(turns) for zone, turns in self.learned.items()}),
            history=tuple(
                RevealTurn(seat=s, turn=t, reveals=reveals, result=result) for s, t, reveals, result in self.history
            ),
            choice=self.choice.facts(seat) if self.choice is not None else None,
            winners=tuple(self.winner_seats),
            reason=self.reason,
        )

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        """The choice as ``seat`` knows it; what each seat learned of the hands' ends, and the
        middle cards known, from ``learned`` and ``ends``."""
        assert isinstance(facts, TrioFacts)
        self._legal_now = None
        self.choice = facts.choice.choice(seat) if facts.choice is not None else None
        self.low, self.high, self.known, self.learned = {}, {}, {}, {}
        for zone, turns in facts.learned.items():
            if zone.startswith("hand/"):
                n_low, n_high = facts.ends[zone]
                self._set_ends(zone, tuple(turns[:n_low]), tuple(turns[n_low : n_low + n_high]))
            else:
                self.known[zone] = list(self.zones[zone])
                self.learned[zone] = tuple(turns)

    def fill_hidden(
        self, zones: dict[str, list[int | None]], unknown: list[int], view: dict[str, Any], rng: random.Random
    ) -> None:
        """Deal the hidden cards so that every hand stays sorted around what is known of its ends.

        A known low prefix bounds the rest of that hand from below (by its highest number), a
        known high suffix from above, and so does a card revealed this turn from either end;
        the most constrained places are filled first.
        """
        public = TrioFacts.of(view)
        ends = public.ends
        number = self.number
        top = max(number)
        bounds: dict[str, list[int]] = {}  # cards revealed this turn from a hand's end bound the rest of it
        for card, (zone, end) in zip(zones.get(REVEALED, ()), public.revealed, strict=True):
            if end is not None:
                lo, hi = bounds.setdefault(zone, [0, top])
                bounds[zone] = [max(lo, number[card]), hi] if end == LOW else [lo, min(hi, number[card])]
        slots: list[tuple[int, int, str, int]] = []
        free: list[tuple[str, int]] = []
        for zone, cards in zones.items():
            if None not in cards:
                continue
            lo, hi = bounds.get(zone, (0, top))
            if zone in ends:
                n_low, n_high = ends[zone]
                if n_low:
                    lo = max(lo, number[cards[n_low - 1]])
                if n_high:
                    hi = min(hi, number[cards[n_low]])
            for i, card in enumerate(cards):
                if card is None and (lo, hi) != (0, top):
                    slots.append((lo, hi, zone, i))
                elif card is None:
                    free.append((zone, i))
        placed = _fill_bounded(slots, unknown, number, rng)
        for (_lo, _hi, zone, i), card in zip(slots, placed, strict=True):
            zones[zone][i] = card
        for zone, i in free:
            zones[zone][i] = unknown.pop()
        for zone, cards in zones.items():
            if zone.startswith("hand/"):
                cards.sort()


def _fill_bounded(
    slots: list[tuple[int, int, str, int]], pool: list[int], number: tuple[int, ...], rng: random.Random
) -> list[int]:
    """Cards from ``pool`` (removed from it) for ``slots``, each within its slot's number bounds.

    Random choices, narrowest slots first, a few tries; then a greedy earliest-deadline
    matching, which always finds an assignment when one exists.
    """
    if not slots:
        return []
    order = sorted(range(len(slots)), key=lambda i: slots[i][1] - slots[i][0])
    for _attempt in range(6):
        avail = pool[:]
        chosen: dict[int, int] = {}
        for i in order:
            lo, hi = slots[i][0], slots[i][1]
            fits = [k for k, c in enumerate(avail) if lo <= number[c] <= hi]
            if not fits:
                break
            chosen[i] = avail.pop(fits[int(rng.random() * len(fits))])
        else:
            pool[:] = avail
            return [chosen[i] for i in range(len(slots))]
    cards = sorted(pool, key=number.__getitem__)
    by_low = sorted(range(len(slots)), key=lambda i: slots[i][0])
    waiting: list[tuple[int, int]] = []
    chosen = {}
    used = set()
    j = 0
    for card in cards:
        while j < len(by_low) and slots[by_low[j]][0] <= number[card]:
            heapq.heappush(waiting, (slots[by_low[j]][1], by_low[j]))
            j += 1
        if waiting and len(chosen) < len(slots):
            hi, i = heapq.heappop(waiting)
            if hi < number[card]:
                raise RulesError("sample: the view's known hand ends cannot be met by the unseen cards")
            chosen[i] = card
            used.add(card)
    if len(chosen) < len(slots):
        raise RulesError("sample: the view's known hand ends cannot be met by the unseen cards")
    pool[:] = [c for c in pool if c not in used]
    return [chosen[i] for i in range(len(slots))]
