"""Oh Hell's bots. The rules of thumb (:class:`OhHellRulesBot`) bid the tricks the hand should
take, then play to take exactly that many; ``normal`` (:class:`OhHellNormalBot`) plays them
until its last five cards, bids and plays those by the engine's search
(:mod:`rules.bots.generic_normal`); ``easy`` slips on the rules (:class:`OhHellCasualBot`) for its
first cards, bids by the rules' count and searches its last five cards; ``hard``
is the engine's (:mod:`rules.bots.generic_hard`), with the rules as its anchor.

The rules see only its view: its hand, the up-card, the trick on the table, the tricks won (public),
the bids and the history of play. At each decision it reads the table afresh (:class:`Reading`):
the cards it has not seen (in other hands or the stock), who has shown a void, and from those a
rough chance that a card, played now, takes the trick: no higher card of its suit in the hands of
the players still to play, and (a side suit) nobody after it void and holding a trump.

- Bid: those chances summed over the hand by kind (trumps, side cards, ruffs with spare trumps
  in short suits, long trumps) and weighed as such hands took tricks in play (:mod:`.bidding`),
  rounded; the dealer's hook is met by the nearer allowed number.
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
from rules.bots.generic_normal import GenericTrickNormalBot
from rules.kinds import ActionKind
from rules.tricks import standing, trick_deck, voids_shown
from rules.view import Move, View

from .bidding import HandCount, count_hand, nearest_bid
from .procedure import BID, OhHellAction, OhHellFacts


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


class OhHellRulesBot(Bot):
    """Bids by counting likely winners, then plays to make the bid exactly: ``normal``'s rules of
    thumb (its play before the last cards), ``easy``'s base and ``hard``'s anchor."""

    level = "normal"

    def choose(self, view: View) -> str:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        reading = self.read(view)
        public = OhHellFacts.of(view)
        if public.phase == BID:
            return self.bid(reading, view.actions, list(public.bids))
        by_card = {m.card: m.text for m in view.actions if m.kind == ActionKind.PLAY and m.card is not None}
        plays = list(by_card)
        if not plays:
            return legal[int(self.rng.random() * len(legal))]
        need = public.bids[self.seat] - public.tricks_won[self.seat]
        return by_card[self.play(reading, plays, need)]

    def read(self, view: View) -> Reading:
        """The table as this seat reads it now."""
        return Reading(view, facts_for(view.game, view.variant))

    def play(self, reading: Reading, plays: list[str], need: int) -> str:
        """The card to play: to win while tricks are still ``need``-ed, else to duck."""
        return self.play_to_win(reading, plays) if need > 0 else self.play_to_duck(reading, plays)

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
            allowed = {int(m.value): m.text for m in view.actions if m.kind == OhHellAction.BID and m.value is not None}
            count = count_hand(reading, self.seat, list(public.bids))
            best = nearest_bid(count.estimate, list(allowed))
            free = nearest_bid(count.estimate, list(range(len(reading.mine) + 1)))
            return Advice(allowed[best], bid_why(reading, count, best, None if free == best else free))
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
    def bid(self, reading: Reading, moves: Sequence[Move], bids: list[int | None]) -> str:
        """The legal bid nearest the hand's count (the number read from each move's ``value``):
        the dealer's hook leaves out one number, and the nearest other is bid."""
        allowed = {int(m.value): m.text for m in moves if m.kind == OhHellAction.BID and m.value is not None}
        return allowed[nearest_bid(self.estimate(reading, bids), list(allowed))]

    def estimate(self, reading: Reading, bids: list[int | None]) -> float:
        """The tricks this hand should take."""
        return count_hand(reading, self.seat, bids).estimate

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


# ------------------------------------------------------------------ the bid's reason
def card_list(facts: Facts, cards: list[str], trump: int | None) -> str:
    """``["AS", "KS", "AH"]`` -> "the Ace and King of Spades (trumps) and the Ace of Hearts"."""
    by_suit: dict[int, list[str]] = {}
    for card in sorted(cards, key=lambda c: (facts.suit[c] != trump, facts.suit[c], -facts.strength[c])):
        by_suit.setdefault(facts.suit[card], []).append(card)
    parts = []
    for suit, held in by_suit.items():
        ranks = [facts.name[c].split(" of ")[0] for c in held]
        named = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " and " + ranks[-1]
        parts.append(f"the {named} of {facts.suit_names[suit]}" + (" (trumps)" if suit == trump else ""))
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def bid_why(reading: Reading, count: HandCount, bid: int, hooked: int | None) -> str:
    """The bid's reason: the sure and likely tricks by name, the ruffs, the estimate, and (the
    dealer) the bid ``hooked`` that the hook forbids."""
    facts, trump = reading.facts, reading.trump
    parts = []
    if count.sure:
        n = len(count.sure)
        parts.append(f"you hold {n} sure trick{'s' if n != 1 else ''}: {card_list(facts, count.sure, trump)}")
    if count.likely:
        each = " each" if len(count.likely) > 1 else ""
        parts.append(f"{card_list(facts, count.likely, trump)} should take a trick{each}")
    if count.ruffs == 1:
        parts.append("a short suit lets a spare trump ruff once")
    elif count.ruffs:
        times = "twice" if count.ruffs == 2 else f"{count.ruffs} times"
        parts.append(f"short suits let spare trumps ruff {times}")
    if not parts:
        parts.append("no card of yours is likely to take a trick on its own")
    size = len(reading.mine)
    why = "; ".join(parts) + f": about {count.estimate:.1f} of the {size} trick{'s' if size != 1 else ''}"
    if hooked is not None:
        why += f"; the dealer may not bid {hooked}, and {bid} is the nearest allowed"
    return why


class OhHellNormalBot(GenericTrickNormalBot):
    """``normal``: the rules of thumb above for the first cards, the engine's bid by random
    play-outs and its search over the last five cards (:mod:`rules.bots.generic_normal`)."""

    rules = OhHellRulesBot


class OhHellCasualBot(OhHellRulesBot):
    """The rules with a casual player's slips, never at random: ``easy``'s play before its last cards.

    It remembers the last ``memory`` tricks in full; each card of an older trick is forgotten with
    a chance of ``forget`` (a trump or an ace half as often), and with it any void it showed. Its
    bid is now and then (``cautious``) the whole tricks it is sure of rather than the nearest
    number, and now and then (``slip``) it plays its second choice: the card ``normal`` would play
    if its first choice were not in hand.
    """

    level = "easy"
    memory = 2
    forget = 0.5
    cautious = 0.3
    slip = 0.16  # bench/easy_share.py: 0.90x of a fair share at 0.12, 0.58x at 0.2 (forget 0.6)

    def read(self, view: View) -> Reading:
        reading = super().read(view)
        history = list(OhHellFacts.of(view).history)
        old = history[: max(0, len(history) - self.memory)]
        if not old:
            return reading
        facts = reading.facts
        forgotten = set()
        for entry in old:
            for _place, card in entry.plays:
                chance = self.forget
                if facts.suit[card] == reading.trump or facts.strength[card] == max(facts.strength.values()):
                    chance /= 2
                if self.rng.random() < chance:
                    forgotten.add(card)
        reading.shown -= forgotten
        reading._count_unseen()
        reading.voids = {}
        for entry in history[len(old) :]:
            reading._note_voids(entry.plays)
        reading._note_voids(reading.trick)
        return reading

    def estimate(self, reading: Reading, bids: list[int | None]) -> float:
        estimate = super().estimate(reading, bids)
        if self.rng.random() < self.cautious:
            return float(math.floor(estimate))
        return estimate

    def play(self, reading: Reading, plays: list[str], need: int) -> str:
        meant = super().play(reading, plays, need)
        if len(plays) > 1 and self.rng.random() < self.slip:
            return super().play(reading, [c for c in plays if c != meant], need)
        return meant


class OhHellEasyBot(GenericTrickNormalBot):
    """``easy``: the casual player's slips (:class:`OhHellCasualBot`) for its first cards, the rules'
    count for its bid, and the engine's search over its last five cards, as ``normal`` searches
    them: a beatable opponent that still finishes a deal sensibly (docs/bots.md, ``easy``)."""

    level = "easy"
    rules = OhHellCasualBot
    search_bids = False  # the rules' count, not the play-outs
