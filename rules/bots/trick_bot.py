"""Normal bots for the trick games (Tribello, 3-Player Troeven), playing from their view only.

At every decision the bot reads the table afresh (:class:`Reading`): its cards, the cards no
longer in play (tricks won and the trick on the table are public), the cards it has not seen
(in other hands, the dummy's face-down cards, the pickup), which places have shown a void, and
which cards are masters (no unseen card of the suit ranks higher).

Classic heuristics:

- trump: the longest, strongest suit (Troeven: of the first cards only);
- Tribello's exchange: for tricks, swap low cards of short side suits and keep trumps and
  aces; in nullo swap the high cards; the cards are toggled one by one, then confirmed;
- play for tricks (Tribello rounds 1-3): lead masters (trumps first when long in them), else
  low from the longest suit; second hand low unless holding a safe winner; last hand wins as
  cheaply as possible; void, trump low or throw the lowest card of the shortest suit;
- play to lose tricks (nullo): duck under the winning card with the highest card that still
  loses, throw high cards when void, lead low;
- play for card points (Troeven): lead aces that cannot be trumped, never overtake a partner's
  winning trick, smear points onto it, win with the cheapest winner, duck with worthless cards.
"""

from __future__ import annotations

from typing import Any

from ..kinds import ActionKind
from ..trick_facts import TrickFacts
from ..tricks import DUMMY, FOLLOW_OR_TRUMP, standing, trick_deck, voids_shown
from ..view import View
from . import Advice, Bot
from . import trick_reasons as why


class Cards:
    """Per-card facts read once from the rules: suit, strength in the rank order, card points."""

    def __init__(self, game_id: str, variant: str) -> None:
        from ..registry import load_game

        game = load_game(game_id)
        deck = game.deck(variant)
        scoring = game.config.scoring
        table = trick_deck(deck, scoring["rank_order"], scoring.get("points"))
        self.all = [face.text for face in deck.faces]
        self.suit = {face.text: table.suit_of[face.card] for face in deck.faces}
        self.strength = {face.text: table.strength[face.card] for face in deck.faces}
        self.points = {face.text: table.points[face.card] for face in deck.faces}
        self.suit_ids = [s.id for s in deck.suits]
        self.suit_names = [s.name for s in deck.suits]
        self.rank = {face.text: str(face.rank) for face in deck.faces}
        self.ranks = len(deck.ranks)


class Reading:
    """What one seat can tell about the deal from its view."""

    def __init__(self, view: View, cards: Cards, set_aside: set[str]) -> None:
        facts = TrickFacts.of(view)
        zones = view.zones
        self.cards = cards
        self.seat = view.seat
        self.facts = facts
        self.trump = None if facts.trump is None else cards.suit_ids.index(facts.trump)
        self.follow_rule = facts.follow_rule
        self.trick: list[tuple[Any, str]] = list(facts.trick)
        self.place = facts.to_play
        mine = [c for c in zones.get(f"hand/{self.seat}", ()) if c is not None]
        mine += [c for c in zones.get(f"exchange/{self.seat}", ()) if c is not None]
        seen = set(mine) | set_aside
        for zone, shown in zones.items():
            if zone.startswith(("won/", "trick", "dummy_up/")):
                seen.update(c for c in shown if c is not None)
        self.mine = mine
        self.unseen = [c for c in cards.all if c not in seen]
        self.voids: dict[Any, set[int]] = {}
        for played in facts.history:
            self._note_voids(list(played.plays))
        self._note_voids(self.trick)

    def _note_voids(self, plays: list[tuple[Any, str]]) -> None:
        for place, suit in voids_shown(plays, self.cards.suit, self.trump, self.follow_rule):
            self.voids.setdefault(place, set()).add(suit)

    # ------------------------------------------------------------- card facts
    def key(self, card: str, led: int | None) -> int:
        """How strongly ``card`` stands in a trick led in ``led`` (:func:`rules.tricks.standing`)."""
        return standing(self.cards.suit[card], self.cards.strength[card], led, self.trump)

    def is_master(self, card: str) -> bool:
        suit, strength = self.cards.suit[card], self.cards.strength[card]
        return not any(self.cards.suit[c] == suit and self.cards.strength[c] > strength for c in self.unseen)

    def suit_count(self, holding: list[str], suit: int) -> int:
        return sum(1 for c in holding if self.cards.suit[c] == suit)

    def unseen_in(self, suit: int) -> int:
        return sum(1 for c in self.unseen if self.cards.suit[c] == suit)

    def may_trump(self, place: Any, led: int) -> bool:
        """Whether ``place`` might trump a trick led in ``led`` (void in it, or free to trump)."""
        if self.trump is None or led == self.trump or not self.unseen_in(self.trump):
            return False
        return led in self.voids.get(place, set()) or self.follow_rule == FOLLOW_OR_TRUMP

    def safe_winner(self, card: str, led: int, later: list[Any]) -> bool:
        """A card that should hold the trick against the places still to play."""
        if not self.is_master(card):
            return False
        if self.cards.suit[card] == self.trump:
            return True
        return not any(self.may_trump(place, led) for place in later)


class TrickNormalBot(Bot):
    """The normal bot of Tribello and 3-Player Troeven."""

    level = "normal"

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self._cards: Cards | None = None
        self._set_aside: dict[int, set[str]] = {}  # deal -> cards this seat discarded (Tribello)

    def choose(self, view: View) -> str:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if self._cards is None:
            self._cards = Cards(view.game, view.variant)
        public = view.public
        reading = self.read(view)
        if legal[0].startswith("trump "):
            return self.name_trump(reading, legal, public)
        if reading.facts.phase == "exchange":
            return self.exchange(view, reading, legal)
        plays = {m.card: m.text for m in view.actions if m.kind == ActionKind.PLAY and m.card is not None}
        if not plays:
            return legal[int(self.rng.random() * len(legal))]
        return plays[self.play(view, reading, list(plays))]

    def advise(self, view: View) -> Advice:
        """This level's move with a one-line reason read from the seat's view (``trick_reasons``)."""
        action = self.choose(view)
        return Advice(action, self.reason(view, action))

    def reason(self, view: View, action: str) -> str:
        """Why ``action`` is sensible, from what this seat can see (whoever chose it)."""
        legal = view.legal
        if len(legal) == 1:
            return "your only legal move"
        if self._cards is None:
            self._cards = Cards(view.game, view.variant)
        cards = self._cards
        reading = Reading(view, cards, self._set_aside.get(view.deal, set()))  # the whole table, no lapses
        public = view.public
        if action.startswith("trump "):
            return why.trump_reason(cards, reading.mine, action.split(" ", 1)[1])
        if reading.facts.phase == "exchange":
            aside = [c for c in view.zones[f"exchange/{self.seat}"] if c is not None]
            return why.exchange_reason(cards, action, aside, public["aim"] == "at_most", reading.trump)
        plays = {m.text: m.card for m in view.actions if m.kind == ActionKind.PLAY and m.card is not None}
        if action not in plays:
            return ""
        return why.play_reason(reading, public, plays[action], list(plays.values()), self._side(public))

    def read(self, view: View) -> Reading:
        """What the bot makes of the table (``easy`` forgets some of it)."""
        assert self._cards is not None
        return Reading(view, self._cards, self._set_aside.get(view.deal, set()))

    # ------------------------------------------------------------------ trump
    def name_trump(self, reading: Reading, legal: list[str], public: dict[str, Any]) -> str:
        cards = reading.cards

        def worth(suit: int) -> tuple[float, int]:
            held = [c for c in reading.mine if cards.suit[c] == suit]
            high = sum(max(0, cards.strength[c] - (cards.ranks - 5)) for c in held)  # the top four ranks
            return 2.0 * len(held) + high, suit

        best = max(range(len(cards.suit_ids)), key=worth)
        return f"trump {cards.suit_ids[best]}"

    # --------------------------------------------------------------- exchange
    def exchange(self, view: View, reading: Reading, legal: list[str]) -> str:
        public = view.public
        zones = view.zones
        aside = [c for c in zones[f"exchange/{self.seat}"] if c is not None]
        room = len(zones["pickup"])
        wanted = self.discards(reading, public["aim"] == "at_most", room)
        for card in aside:
            if card not in wanted and f"toggle {card}" in legal:
                return f"toggle {card}"
        for card in wanted:
            if card not in aside and f"toggle {card}" in legal:
                return f"toggle {card}"
        confirm = [text for text in legal if text.startswith(("exchange", "keep"))]
        self._set_aside = {view.deal: set(aside)}
        return confirm[0]

    def discards(self, reading: Reading, nullo: bool, room: int) -> list[str]:
        """The cards to swap for the pickup's: high ones in nullo, else low cards of short side suits."""
        cards = reading.cards
        holding = sorted(reading.mine, key=cards.all.index)  # the plan must not depend on what is set aside
        top = cards.ranks - 1
        if nullo:
            high = [c for c in holding if cards.strength[c] >= top - 3]
            high.sort(key=lambda c: (-cards.strength[c], reading.suit_count(holding, cards.suit[c]), cards.suit[c]))
            return high[:room]
        low = []
        for card in holding:
            suit, strength = cards.suit[card], cards.strength[card]
            length = reading.suit_count(holding, suit)
            if suit == reading.trump or (reading.trump is None and length >= 5):
                continue  # keep trumps, and long suits that will run in no-trump
            if strength <= top - 7 or (strength <= top - 5 and length <= 2):
                low.append(card)
        low.sort(key=lambda c: (reading.suit_count(holding, cards.suit[c]), cards.strength[c], cards.suit[c]))
        return low[:room]

    # ------------------------------------------------------------------- play
    def play(self, view: View, reading: Reading, plays: list[str]) -> str:
        public = view.public
        if "caller" in public:  # Troeven: card points decide
            return self.play_for_points(public, reading, plays)
        if public["aim"] == "at_most":
            return self.play_to_lose(public, reading, plays)
        return self.play_to_win(public, reading, plays)

    def _trick_facts(self, public: dict[str, Any], reading: Reading) -> tuple[int | None, str | None, Any, list]:
        """Led suit, the winning card so far, its place, and the places still to play after this one."""
        trick = reading.trick
        order = list(reading.facts.order)
        leader = reading.facts.leader
        start = order.index(leader)
        places = order[start:] + order[:start]
        later = places[len(trick) + 1 :]
        if not trick:
            return None, None, None, later
        led = reading.cards.suit[trick[0][1]]
        best_place, best = max(trick, key=lambda pc: reading.key(pc[1], led))
        return led, best, best_place, later

    def _cheapest(self, reading: Reading, options: list[str]) -> str:
        """The least valuable card: not a trump if possible, few points, low."""
        cards = reading.cards
        return min(options, key=lambda c: (cards.suit[c] == reading.trump, cards.points[c], cards.strength[c]))

    def _throw(self, reading: Reading, options: list[str]) -> str:
        """A card to get rid of: the lowest of the shortest side suit (keeps trumps and long suits)."""
        cards = reading.cards
        return min(
            options,
            key=lambda c: (
                cards.suit[c] == reading.trump,
                cards.points[c],
                reading.suit_count(options, cards.suit[c]),
                cards.strength[c],
            ),
        )

    def play_to_win(self, public: dict[str, Any], reading: Reading, plays: list[str]) -> str:
        cards = reading.cards
        led, best, _best_place, later = self._trick_facts(public, reading)
        if best is None:
            return self.lead_for_tricks(reading, plays)
        winners = [c for c in plays if reading.key(c, led) > reading.key(best, led)]
        if not winners:
            return self._throw(reading, plays)
        if not later:
            return min(winners, key=lambda c: (cards.suit[c] == reading.trump, cards.strength[c]))
        safe = [c for c in winners if reading.safe_winner(c, led, later)]
        if safe:
            return min(safe, key=lambda c: (cards.suit[c] == reading.trump, cards.strength[c]))
        return self._throw(reading, plays)  # second hand low

    def lead_for_tricks(self, reading: Reading, plays: list[str]) -> str:
        cards = reading.cards
        trump = reading.trump
        trumps = [c for c in plays if cards.suit[c] == trump]
        if trumps and len(trumps) >= 4:
            master = [c for c in trumps if reading.is_master(c)]
            if master:
                return max(master, key=lambda c: cards.strength[c])  # draw trumps
        masters = [c for c in plays if cards.suit[c] != trump and reading.is_master(c)]
        if masters:
            return max(masters, key=lambda c: (reading.suit_count(plays, cards.suit[c]), cards.strength[c]))
        side = [c for c in plays if cards.suit[c] != trump] or plays
        return min(side, key=lambda c: (-reading.suit_count(plays, cards.suit[c]), cards.strength[c]))

    def play_to_lose(self, public: dict[str, Any], reading: Reading, plays: list[str]) -> str:
        cards = reading.cards
        led, best, _best_place, later = self._trick_facts(public, reading)
        if best is None:
            # Lead the card most likely to be beaten: a low one, from a suit others still hold.
            return min(plays, key=lambda c: cards.strength[c] - reading.unseen_in(cards.suit[c]) / 4)
        following = [c for c in plays if cards.suit[c] == led]
        if not following:
            return max(plays, key=lambda c: cards.strength[c])  # void: throw the most dangerous card
        losers = [c for c in following if reading.key(c, led) < reading.key(best, led)]
        if losers:
            return max(losers, key=lambda c: cards.strength[c])  # duck as high as possible
        if not later:
            return max(following, key=lambda c: cards.strength[c])  # the trick is ours anyway: shed the top
        return min(following, key=lambda c: cards.strength[c])  # someone after may still go over

    def play_for_points(self, public: dict[str, Any], reading: Reading, plays: list[str]) -> str:
        cards = reading.cards
        led, best, best_place, later = self._trick_facts(public, reading)
        side = self._side(public)
        if best is None:
            return self.lead_for_points(reading, plays, public)
        opponents_later = [p for p in later if p not in side]
        if best_place in side and (not opponents_later or reading.safe_winner(best, led, opponents_later)):
            # The partner holds the trick: smear points onto it, never overtake it with a trump.
            no_trump = [c for c in plays if cards.suit[c] != reading.trump] or plays
            return max(no_trump, key=lambda c: (cards.points[c], -cards.strength[c]))
        winners = [c for c in plays if reading.key(c, led) > reading.key(best, led)]
        at_stake = sum(cards.points[c] for _p, c in reading.trick)
        if winners:
            cheapest = min(winners, key=lambda c: (cards.suit[c] == reading.trump, cards.strength[c]))
            if not opponents_later:
                return cheapest
            safe = [c for c in winners if reading.safe_winner(c, led, opponents_later)]
            if safe and (at_stake or cards.points[min(safe, key=lambda c: cards.strength[c])]):
                return min(safe, key=lambda c: (cards.suit[c] == reading.trump, cards.strength[c]))
        return self._cheapest(reading, plays)

    def lead_for_points(self, reading: Reading, plays: list[str], public: dict[str, Any]) -> str:
        cards = reading.cards
        trump = reading.trump
        opponents = [p for p in reading.facts.order if p not in self._side(public)]
        trumps = [c for c in plays if cards.suit[c] == trump]
        if len(trumps) >= 3 and any(reading.is_master(c) for c in trumps):
            return max(trumps, key=lambda c: cards.strength[c])  # draw the opponents' trumps
        cashing = [
            c
            for c in plays
            if cards.suit[c] != trump
            and reading.is_master(c)
            and not any(reading.may_trump(p, cards.suit[c]) for p in opponents)
        ]
        if cashing:
            return max(cashing, key=lambda c: (cards.points[c], cards.strength[c]))
        side = [c for c in plays if cards.suit[c] != trump] or plays
        return min(side, key=lambda c: (cards.points[c], -reading.suit_count(plays, cards.suit[c]), cards.strength[c]))

    def _side(self, public: dict[str, Any]) -> set[Any]:
        """The places on this seat's side (Troeven with a dummy: caller and dummy, or dealer and partner)."""
        facts = TrickFacts.of(public)
        if facts.dummy_columns:
            caller = public["caller"]  # Troeven's trump caller
            return {caller, DUMMY} if self.seat == caller else set(facts.order) - {caller, DUMMY}
        return {self.seat}


class TrickEasyBot(TrickNormalBot):
    """``easy``: ``normal``'s play with a casual player's lapses, not random.

    It remembers the last ``memory`` tricks well; of older tricks each card is forgotten with
    some chance (a trump or an ace less often), so it may take a card for a master that is not,
    or miss a void shown long ago. Now and then (``noise``) it plays some other legal card.
    """

    level = "easy"
    memory = 2  # tricks remembered in full
    forget = 0.6  # chance to forget each older card (halved for trumps and the top rank)
    noise = 0.12  # chance to play another legal card than the one it meant

    def read(self, view: View) -> Reading:
        reading = super().read(view)
        cards = reading.cards
        history = list(reading.facts.history)
        old = history[: max(0, len(history) - self.memory)]
        if not old:
            return reading
        forgotten = []
        for entry in old:
            for _place, card in entry.plays:
                chance = self.forget
                if cards.suit[card] == reading.trump or cards.strength[card] == cards.ranks - 1:
                    chance /= 2
                if self.rng.random() < chance:
                    forgotten.append(card)
        reading.unseen += [c for c in forgotten if c not in reading.unseen and c not in reading.mine]
        reading.voids = {}
        for entry in history[len(old) :]:
            reading._note_voids(list(entry.plays))
        reading._note_voids(reading.trick)
        return reading

    def play(self, view: View, reading: Reading, plays: list[str]) -> str:
        meant = super().play(view, reading, plays)
        if len(plays) > 1 and self.rng.random() < self.noise:
            others = [c for c in plays if c != meant]
            return others[int(self.rng.random() * len(others))]
        return meant
