"""Oh Hell's normal bot: bids the tricks it expects, then plays to take exactly that many.

It sees only its view: its hand, the up-card, the trick on the table, the tricks won (public),
the bids and the history of play. At each decision it reads the table afresh (:class:`Reading`):
the cards it has not seen (in other hands or the stock), who has shown a void, and from those a
rough chance that a card, played now, takes the trick: no higher card of its suit in the hands of
the players still to play, and (a side suit) nobody after it void and holding a trump.

- Bid: the sum of those chances over the hand (aces, kings, trumps count most; a void or a short
  side suit with trumps to spare counts the ruffs), rounded; the dealer's hook is met by the
  nearer allowed number.
- Play, still needing tricks: win as cheaply as the trick allows (last to play: the cheapest
  winner; else the cheapest card likely to hold), lead the surest winner; with no hope in a trick
  throw the lowest card.
- Play, with enough tricks: duck under the winning card with the highest card that still loses,
  shed high cards when void, lead low cards others are likely to beat.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from typing import Any

import rules
from rules.bots import Advice, Bot
from rules.tricks import standing, trick_deck, voids_shown
from rules.view import Move, View

from .procedure import BID, OhHellFacts


class Facts:
    """Per-card facts of one game and variant, read once from the rules: suit and strength."""

    def __init__(self, game_id: str, variant: str) -> None:
        game = rules.load_game(game_id)
        deck = game.deck(variant)
        table = trick_deck(deck, game.config.scoring["rank_order"])
        self.all = [face.text for face in deck.faces]
        self.suit = {face.text: table.suit_of[face.card] for face in deck.faces}
        self.strength = {face.text: table.strength[face.card] for face in deck.faces}
        self.suit_ids = [suit.id for suit in deck.suits]
        words = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
        self.name = {
            face.text: f"{words.get(str(face.rank), str(face.rank))} of {face.name.split(' of ')[-1]}"
            for face in deck.faces
        }  # "Queen of Hearts"
        self.suit_names = [suit.name for suit in deck.suits]


_FACTS: dict[tuple[str, str], Facts] = {}


def facts_for(game_id: str, variant: str) -> Facts:
    facts = _FACTS.get((game_id, variant))
    if facts is None:
        facts = _FACTS[game_id, variant] = Facts(game_id, variant)
    return facts


class Reading:
    """What one seat can tell about the deal from its view."""

    def __init__(self, view: View, facts: Facts) -> None:
        public = OhHellFacts.of(view)
        zones = view.zones
        self.facts = facts
        self.seat = view.seat
        self.players = view.players
        self.trump = None if public.trump is None else facts.suit_ids.index(public.trump)
        self.follow_rule = public.follow_rule
        self.mine = [c for c in zones[f"hand/{self.seat}"] if c is not None]
        self.trick = [(place, card) for place, card in public.trick]
        self.hand_len = {seat: len(zones[f"hand/{seat}"]) for seat in range(self.players)}
        self.shown: set[str] = set()  # cards face up to everyone: the up-card, tricks
        for zone, shown in zones.items():
            if zone.startswith(("won/", "trick", "trump")):
                self.shown.update(c for c in shown if c is not None)
        self._count_unseen()
        self.voids: dict[int, set[int]] = {}
        for played in public.history:
            self._note_voids(played.plays)
        self._note_voids(self.trick)
        order, leader = list(public.order), public.leader
        if leader is None:  # bidding: the player left of the dealer will lead
            leader = (view.dealer + 1) % self.players
        start = order.index(leader)
        self.places = order[start:] + order[:start]

    def _count_unseen(self) -> None:
        seen = self.shown | set(self.mine)
        self.unseen = [c for c in self.facts.all if c not in seen]
        self.unseen_by_suit = [0] * len(self.facts.suit_ids)
        for card in self.unseen:
            self.unseen_by_suit[self.facts.suit[card]] += 1

    def holding(self, cards: list[str]) -> Reading:
        """The same table as seen by someone holding ``cards`` instead (for comparing hands)."""
        other = copy.copy(self)
        other.mine = list(cards)
        other._count_unseen()
        return other

    def _note_voids(self, plays: list[Any]) -> None:
        for place, suit in voids_shown(plays, self.facts.suit, self.trump, self.follow_rule):
            self.voids.setdefault(place, set()).add(suit)

    # ----------------------------------------------------------- card facts
    def key(self, card: str, led: int | None) -> int:
        """How strongly ``card`` stands in a trick led in ``led`` (:func:`rules.tricks.standing`)."""
        return standing(self.facts.suit[card], self.facts.strength[card], led, self.trump)

    def later(self) -> list[int]:
        """The seats still to play to the trick after this one."""
        return self.places[len(self.trick) + 1 :]

    def holds(self, seat: int) -> float:
        """The chance that a given unseen card is in ``seat``'s hand (the rest lie in the stock)."""
        return self.hand_len[seat] / len(self.unseen) if self.unseen else 0.0

    def chance(self, card: str, led: int | None, later: list[int], depth: int = 0) -> float:
        """A rough chance that ``card`` holds the trick against the seats in ``later``.

        ``depth``: rounds of the suit played before this card (a king under one's own ace plays
        the second round, when others are likelier to be void and to ruff it).
        """
        facts = self.facts
        suit, strength = facts.suit[card], facts.strength[card]
        led = suit if led is None else led
        if suit != led and suit != self.trump:
            return 0.0
        higher = sum(1 for c in self.unseen if facts.suit[c] == suit and facts.strength[c] > strength)
        p = 1.0
        for seat in later:
            if suit in self.voids.get(seat, ()):
                continue
            p *= (1.0 - self.holds(seat)) ** higher
        if suit != self.trump and self.trump is not None and self.unseen_by_suit[self.trump]:
            for seat in later:  # ruffed: void in the suit and holding a trump
                if self.trump in self.voids.get(seat, ()):
                    continue
                if suit in self.voids.get(seat, ()):
                    void = 1.0
                else:
                    mean = self.hand_len[seat] * self.unseen_by_suit[suit] / max(1, len(self.unseen))
                    void = sum(math.exp(-mean) * mean**k / math.factorial(k) for k in range(depth + 1))
                has_trump = 1.0 - (1.0 - self.holds(seat)) ** self.unseen_by_suit[self.trump]
                p *= 1.0 - void * has_trump
        return p


SAMPLES = 12  # random hands a bid is compared with


class OhHellNormalBot(Bot):
    """Bids by counting likely winners, then plays to make the bid exactly."""

    level = "normal"

    def choose(self, view: View) -> str:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        reading = Reading(view, facts_for(view.game, view.variant))
        public = OhHellFacts.of(view)
        if public.phase == BID:
            return self.bid(reading, view.actions)
        by_card = {m.card: m.text for m in view.actions if m.kind == "play" and m.card is not None}
        plays = list(by_card)
        if not plays:
            return legal[int(self.rng.random() * len(legal))]
        need = public.bids[self.seat] - public.tricks_won[self.seat]
        return by_card[self.play_to_win(reading, plays) if need > 0 else self.play_to_duck(reading, plays)]

    # ------------------------------------------------------------------ hints
    def advise(self, view: View) -> Advice:
        """The move and why, in words read from this seat's view only: the tricks the hand should
        take (a bid), the tricks still needed or the bid already made and what the card does in
        the trick (a play). The hint names the move; the reason gives the fact that decides it."""
        legal = list(view.legal)
        if len(legal) == 1:
            return Advice(legal[0], "the only move allowed now")
        reading = Reading(view, facts_for(view.game, view.variant))
        public = OhHellFacts.of(view)
        if public.phase == BID:
            allowed = {int(m.value): m.text for m in view.actions if m.kind == "bid" and m.value is not None}
            estimate = self.estimate(reading)
            best = min(allowed, key=lambda b: (abs(b - estimate), b))
            size = len(reading.mine)
            why = f"your cards should take about {estimate:.1f} of the {size} trick{'s' if size != 1 else ''}"
            nearest = round(estimate)
            if nearest not in allowed and view.dealer == self.seat:
                why += f": the dealer may not bid {nearest}, and {best} is the nearest allowed"
            return Advice(allowed[best], why)
        choice = self.choose(view)
        card = next((m.card for m in view.actions if m.text == choice), None)
        if card is None:
            return Advice(choice, "")
        need = public.bids[self.seat] - public.tricks_won[self.seat]
        return Advice(choice, self.play_why(reading, card, need))

    def play_why(self, reading: Reading, card: str, need: int) -> str:
        facts = reading.facts
        led, best = self._trick_best(reading)
        later = reading.later()
        rank = facts.name[card].split(" of ")[0]
        if need > 0:
            still = f"you still need {need} trick{'s' if need != 1 else ''}"
            if best is None:
                odds = reading.chance(card, None, later)
                if odds >= 0.5:
                    return f"{still}: nobody left to play is likely to beat your {rank} (about {odds:.0%})"
                return f"{still}, and no card of yours is likely to hold a trick now: your high cards wait"
            if reading.key(card, led) > reading.key(best, led):
                if not later:
                    return f"{still}: the cheapest card of yours that beats the {facts.name[best]}"
                return (
                    f"{still}: it beats the {facts.name[best]} and should hold "
                    f"(about {reading.chance(card, led, later):.0%})"
                )
            return f"{still}, but this trick is out of reach: your least useful card goes"
        made = "your bid is made" if need == 0 else "you are over your bid already"
        if best is None:
            out = sum(
                1
                for c in reading.unseen
                if facts.suit[c] == facts.suit[card] and facts.strength[c] > facts.strength[card]
            )
            return f"{made}: {out} higher {facts.suit_names[facts.suit[card]]} are still out to take this lead"
        if reading.key(card, led) < reading.key(best, led):
            return f"{made}: the highest card of yours that still loses to the {facts.name[best]}"
        if not later:
            return f"{made}, but this trick is yours anyway: your most dangerous card goes"
        return f"{made}, but every card of yours beats the {facts.name[best]}: the lowest, someone may go over it"

    # ------------------------------------------------------------------ bids
    def raw_estimate(self, reading: Reading) -> float:
        """Each card's chance to win alone (by its rank under one's own higher cards), plus ruffs
        with spare trumps in short side suits."""
        facts = reading.facts
        mine = reading.mine
        others = [seat for seat in reading.places if seat != self.seat]
        leading = reading.places[0] == self.seat
        total = 0.0
        for card in mine:
            suit = facts.suit[card]
            depth = sum(1 for c in mine if facts.suit[c] == suit and facts.strength[c] > facts.strength[card])
            p = reading.chance(card, None, others, depth)
            if suit != reading.trump and len(mine) <= 2 and not leading:
                p *= 0.5  # with a card or two, a side suit wins only if it is led
            total += p
        if reading.trump is not None:
            trumps = [c for c in mine if facts.suit[c] == reading.trump]
            strong = sum(1 for c in trumps if reading.chance(c, None, others) >= 0.5)
            spare = len(trumps) - strong
            short = sum(
                max(0, 2 - sum(1 for c in mine if facts.suit[c] == s))
                for s in range(len(facts.suit_ids))
                if s != reading.trump
            )
            total += 0.6 * min(spare, short)
        return total

    def estimate(self, reading: Reading) -> float:
        """Expected tricks: the raw count of this hand against that of random hands at the same
        table, scaled so that an average hand expects its share of the tricks (card by card, a
        long hand's middle cards look hopeless, yet every trick goes to someone)."""
        raw = self.raw_estimate(reading)
        size = len(reading.mine)
        pool = [c for c in reading.facts.all if c not in reading.shown]
        samples = []
        for _ in range(SAMPLES):
            hand = pool[:]
            for i in range(size):  # a partial Fisher-Yates: the first ``size`` cards
                j = i + int(self.rng.random() * (len(hand) - i))
                hand[i], hand[j] = hand[j], hand[i]
            samples.append(self.raw_estimate(reading.holding(hand[:size])))
        average = sum(samples) / len(samples)
        share = size / reading.players
        return raw * share / average if average > 0 else share

    def bid(self, reading: Reading, moves: Sequence[Move]) -> str:
        """The legal bid nearest the estimate (the number read from each move's ``value``)."""
        allowed = {int(m.value): m.text for m in moves if m.kind == "bid" and m.value is not None}
        estimate = self.estimate(reading)
        best = min(allowed, key=lambda b: (abs(b - estimate), b))
        return allowed[best]

    # ------------------------------------------------------------------ play
    def _trick_best(self, reading: Reading) -> tuple[int | None, str | None]:
        if not reading.trick:
            return None, None
        led = reading.facts.suit[reading.trick[0][1]]
        _place, best = max(reading.trick, key=lambda pc: reading.key(pc[1], led))
        return led, best

    def _low(self, reading: Reading, options: list[str]) -> str:
        """The card least worth keeping for winning: a side suit's lowest."""
        facts = reading.facts
        return min(options, key=lambda c: (facts.suit[c] == reading.trump, facts.strength[c]))

    def play_to_win(self, reading: Reading, plays: list[str]) -> str:
        facts = reading.facts
        later = reading.later()
        led, best = self._trick_best(reading)
        if best is None:
            odds = {c: reading.chance(c, None, later) for c in plays}
            sure = max(plays, key=lambda c: (odds[c], -facts.strength[c]))
            if odds[sure] >= 0.5:
                return sure
            side = [c for c in plays if facts.suit[c] != reading.trump] or plays
            return min(side, key=lambda c: facts.strength[c])  # keep the high cards for later
        winners = [c for c in plays if reading.key(c, led) > reading.key(best, led)]
        if not winners:
            return self._low(reading, plays)
        cheapest = sorted(winners, key=lambda c: reading.key(c, led))
        if not later:
            return cheapest[0]
        for card in cheapest:
            if reading.chance(card, led, later) >= 0.5:
                return card
        top = cheapest[-1]
        return top if reading.chance(top, led, later) >= 0.25 else self._low(reading, plays)

    def play_to_duck(self, reading: Reading, plays: list[str]) -> str:
        facts = reading.facts
        led, best = self._trick_best(reading)

        def danger(card: str) -> tuple[bool, int]:
            return facts.suit[card] == reading.trump, facts.strength[card]

        if best is None:
            # Lead the card most likely to be beaten: low, from a suit with many higher cards out.
            def beaten(card: str) -> float:
                suit = facts.suit[card]
                strength = facts.strength[card]
                out = sum(1 for c in reading.unseen if facts.suit[c] == suit and facts.strength[c] > strength)
                return out - 5 * (suit == reading.trump)

            return max(plays, key=lambda c: (beaten(c), -facts.strength[c]))
        losers = [c for c in plays if reading.key(c, led) < reading.key(best, led)]
        if losers:
            return max(losers, key=danger)  # shed the most dangerous card that still loses
        if not reading.later():
            return max(plays, key=danger)  # the trick is ours anyway: shed the top
        return min(plays, key=lambda c: reading.key(c, led))  # someone after may still go over
