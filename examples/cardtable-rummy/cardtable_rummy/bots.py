"""Rummy's normal bot, a simple greedy player that sees only its view (its hand, the top discard,
the melds on the table and what they stand for):

- Draw: take the top discard when it makes a meld with cards of the hand or lays off on a meld
  on the table; else draw from the stock.
- Meld: lay every set and run the hand holds, the most valuable first, then lay off every card
  that fits a meld on the table (going out when that empties the hand), each as the engine's
  building steps (``meld run``, ``add 5H``..., ``commit``; ``extend meld/1/0``, ``add 8S``, ``commit``).
- Discard: the highest card that is no part of a pair or of two cards of a suit close in rank
  (deadwood), else the highest card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import rules
from rules.bots import Advice, Bot
from rules.building import meld_from
from rules.melds import END, GROUP, RUN, Meld, MeldDeck, lay_offs
from rules.view import View

from .procedure import MELD_RULES, MELDING, RummyFacts


class RummyNormalBot(Bot):
    """Greedy Rummy: meld what it can, lay off what fits, discard its highest deadwood."""

    level = "normal"

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self.script: list[str] = []  # the rest of a meld or lay-off being built, as action texts
        self.why = ""
        self._tables: tuple[Any, MeldDeck, tuple[int, ...]] | None = None

    # ------------------------------------------------------------- reading
    def tables(self, view: View) -> tuple[Any, MeldDeck, tuple[int, ...]]:
        """The deck, its meld tables and each card's penalty value, read once from the rules."""
        if self._tables is None:
            game = rules.load_game(self.game_id)
            deck = game.deck(view.variant)
            meld_deck = MeldDeck.from_deck(deck, game.config.scoring["rank_order"])
            values = game.config.scoring["values"]
            self._tables = (deck, meld_deck, tuple(values[str(face.rank)] for face in deck.faces))
        return self._tables

    def hand(self, view: View) -> list[int]:
        deck = self.tables(view)[0]
        return [deck.parse(text) for text in view.zones.get(f"hand/{self.seat}", ()) if text is not None]

    def table_melds(self, view: View) -> dict[str, Meld]:
        deck = self.tables(view)[0]
        melds = RummyFacts.of(view).melds
        return {zone: meld_from(facts, [deck.parse(t) for t in view.zones[zone]]) for zone, facts in melds.items()}

    # ------------------------------------------------------------- choosing
    def choose(self, view: View) -> str:
        return self.advise(view).action

    def advise(self, view: View) -> Advice:
        legal = list(view.legal)
        facts = RummyFacts.of(view)
        if facts.phase == "draw":
            return self.draw(view, legal)
        while self.script:
            step = self.script.pop(0)
            if step in legal:
                return Advice(step, self.why)
            self.script = []  # the plan no longer fits (it never should): start afresh
        if facts.building is not None and "cancel" in legal:
            return Advice("cancel", "that meld cannot be finished")
        plan = self.plan(view)
        if plan and plan[0] in legal:
            self.script = plan[1:]
            return Advice(plan[0], self.why)
        return self.discard(view, legal)

    def draw(self, view: View, legal: list[str]) -> Advice:
        top = view.zones.get("discard", ())
        if "draw discard" in legal and top and top[0] is not None:
            deck, meld_deck, _values = self.tables(view)
            card = deck.parse(top[0])
            hand = self.hand(view)
            if any(card in cards for _kind, cards in melds_in(meld_deck, hand + [card])):
                return Advice("draw discard", f"the {deck.faces[card].name} makes a meld with your cards")
            if any(lay_offs(meld_deck, meld, card, MELD_RULES) for meld in self.table_melds(view).values()):
                return Advice("draw discard", f"the {deck.faces[card].name} lays off on a meld on the table")
        stock = next((text for text in legal if text == "draw stock"), legal[0])
        return Advice(stock, "the top discard fits nothing of yours")

    def plan(self, view: View) -> list[str]:
        """The building steps of the next meld in hand, else of the next lay-off; [] when none."""
        deck, meld_deck, values = self.tables(view)
        hand = self.hand(view)
        text = deck.text
        found = melds_in(meld_deck, hand)
        if found:
            kind, cards = max(found, key=lambda m: (sum(values[c] for c in m[1]), len(m[1])))
            word = MELDING.names.get(kind, kind)
            self.why = f"your {', '.join(deck.faces[c].name for c in cards)} make a {word}"
            return [f"meld {word}", *(f"add {text(c)}" for c in cards), "commit"]
        for zone, meld in sorted(self.table_melds(view).items()):
            for card in sorted(hand, key=lambda c: -values[c]):
                ways = lay_offs(meld_deck, meld, card, MELD_RULES)
                if ways:
                    where = "" if ways[0].where == END else " start"
                    self.why = f"the {deck.faces[card].name} fits a meld on the table"
                    return [f"extend {zone}", f"add {text(card)}{where}", "commit"]
        return []

    def discard(self, view: View, legal: list[str]) -> Advice:
        deck, meld_deck, values = self.tables(view)
        hand = self.hand(view)
        loose = [c for c in hand if not near(meld_deck, c, hand)]
        pool = loose or hand
        card = max(pool, key=lambda c: (values[c], meld_deck.value[c], -hand.index(c)))
        choice = f"discard {deck.text(card)}"
        if choice not in legal:  # never: every card of the hand may be discarded
            return Advice(legal[0])
        why = "your highest card that makes nothing" if loose else "your highest card"
        return Advice(choice, why)


def melds_in(deck: MeldDeck, hand: Sequence[int]) -> list[tuple[str, tuple[int, ...]]]:
    """The sets (every card of a rank, three or four) and the longest runs (three or more of a
    suit in sequence) in ``hand``; a card may be in a set and in a run."""
    found: list[tuple[str, tuple[int, ...]]] = []
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for card in hand:
        by_rank.setdefault(deck.value[card], []).append(card)
        by_suit.setdefault(deck.suit[card], []).append(card)
    found += [(GROUP, tuple(cards)) for cards in by_rank.values() if len(cards) >= MELD_RULES.group_min]
    for cards in by_suit.values():
        cards = sorted(cards, key=lambda c: deck.value[c])
        stretch: list[int] = []
        for card in cards:
            if stretch and deck.value[card] != deck.value[stretch[-1]] + 1:
                if len(stretch) >= MELD_RULES.run_min:
                    found.append((RUN, tuple(stretch)))
                stretch = []
            stretch.append(card)
        if len(stretch) >= MELD_RULES.run_min:
            found.append((RUN, tuple(stretch)))
    return found


def near(deck: MeldDeck, card: int, hand: Sequence[int]) -> bool:
    """Whether ``card`` is half of a meld in ``hand``: another of its rank, or of its suit within two ranks."""
    for other in hand:
        if other == card:
            continue
        if deck.value[other] == deck.value[card]:
            return True
        if deck.suit[other] == deck.suit[card] and abs(deck.value[other] - deck.value[card]) <= 2:
            return True
    return False


class RummyEasyBot(RummyNormalBot):
    """``easy``: ``normal`` with a casual player's slips, never at random.

    Now and then (``overlook``) it does not notice that the top discard would help and draws from
    the stock; now and then (``miss``) it does not see a meld or a lay-off it holds this turn (it
    may see it next turn); and now and then (``slip``) it throws the highest card of its hand
    even when that card was half of a meld.
    """

    level = "easy"
    overlook = 0.1
    miss = 0.08
    slip = 0.05

    def draw(self, view: View, legal: list[str]) -> Advice:
        advice = super().draw(view, legal)
        if advice.action == "draw discard" and "draw stock" in legal and self.rng.random() < self.overlook:
            return Advice("draw stock", "the top discard did not catch your eye")
        return advice

    def plan(self, view: View) -> list[str]:
        if self.rng.random() < self.miss:
            return []  # the meld (or lay-off) goes unseen this turn
        return super().plan(view)

    def discard(self, view: View, legal: list[str]) -> Advice:
        if self.rng.random() < self.slip:
            deck, meld_deck, values = self.tables(view)
            hand = self.hand(view)
            card = max(hand, key=lambda c: (values[c], meld_deck.value[c], -hand.index(c)))
            choice = f"discard {deck.text(card)}"
            if choice in legal:
                return Advice(choice, "your highest card")
        return super().discard(view, legal)
