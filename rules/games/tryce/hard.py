"""Tryce's ``hard`` bot: the normal bot's plans, played with what the table shows of the others.

:class:`TryceHardBot` plans, takes, buys and melds as :class:`rules.games.tryce.bots.TryceNormalBot`
does, and adds what a careful player watches (:mod:`rules.games.tryce.inference`): the cards each
opponent took from the pile or bought, what it discarded or refused, its melds, its contract
still to lay and the size of its hand.

- **Discards** weigh, for each of the few least useful cards, how much the bot needs it against
  how likely it feeds an opponent. The next seat (it may take the card) counts fully, the others
  (they may buy it if it is sold) in part. The likelihood comes from a look-ahead over sampled
  worlds: the next seat's hidden cards are dealt from the cards this seat cannot see (its known
  cards kept), and the normal bot's test — does the card complete one more contract part, or lay
  off — is asked in each world; the known pick-ups and refusals (:func:`inference.feeds`) are
  added on top. When an opponent is near going down (its contract laid, few cards left), the
  card values weigh more: the highest deadwood goes first.
  Near going down, a discard also keeps the most *outs* (:mod:`rules.games.tryce.outs`: the
  imagined stock cards with which the hand goes down next turn); in a pat hand the outs decide,
  and of equal outs the dearer card goes (every card held counts against the hand when another
  seat goes down).
- **Taking** the top discard: always when it takes the hand down this turn; near going down, the
  chance a stock card does so now is weighed against the outs the up-card leaves for next turn;
  else judged against stock cards drawn only from the cards no one is known to hold, with more
  samples than normal's.
- **Hands 1-6, buying and selling:** in hands of three parts (3, 5, 6) it buys whatever is for
  sale in the first two rounds (two more cards to build the parts with; the hands are short). It
  buys a card with which its plan melds two or more cards more (a word made longer by it and a
  card held), not only one that completes a part as ``normal`` does; and it takes rather than
  sells a cheap up-card an opponent is known to collect (two of its rank picked up, its run's
  neighbours, a meld it may lay off on): offered for sale, that opponent would buy it. (Against
  ``normal`` opponents, who seldom take from the pile, the last is rare.)
- **Hand 7** (four words, 15 cards at least, so everyone must buy; almost any 15 cards spell four
  words, so the hand is a race to the first buy): while too short to go down, it takes the up-card
  rather than sell it (a sale lets both opponents buy the two cards they lack), and buys whatever
  is for sale. While an opponent is too short, it throws a card of a poor letter (W K V X Z J Q:
  nobody buys it for a word, so its sale feeds no one, and hard may buy it back itself), and buys a
  useful letter such an opponent would buy, to win it from that opponent in the buyers' draw.

The look-ahead deals at most ``worlds`` worlds and ``out_samples`` stock cards a decision and stops
early when the time budget (``budget_ms``, a margin kept back) runs out; the planner's solves stop
at the same deadline (:class:`rules.games.tryce.finder.Finder`'s anytime search). So the move is the
same for the same view and seed whenever the budget is not the limit. It sees only the seat's view
and the events shown to it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rules.actions import Event
from rules.view import View

from . import reasons
from .bots import LETTER_WORTH, LONG_HAND, Table, TryceNormalBot, _move
from .finder import Contract, Plan
from .inference import Reading, feeds, opponent_need
from .outs import goes_down, too_far
from .outs import outs as count_outs

MARGIN = 0.1  # share of the time budget kept back
CANDIDATES = 4  # least useful cards weighed for a discard
DANGER = 8.0  # keep-points a sure feed to the next seat costs
OTHERS = 0.35  # weight of a feed to a seat that could only buy the card
RISK_VALUE = 4.0  # extra weight of a card's value when an opponent is about to go down
SURVIVE = 0.6  # chance the hand is still on when this seat's next turn comes (others go down too)
TAKE_EDGE = 0.02  # how much more a take's outs must promise than a draw's
DENY_ROUNDS = 8  # rounds of a pat hand in which a seat too short to go down takes rather than sells
REACH = 4  # cards over the plan beyond which a hand is not weighed for going down next turn
DOWN = 100.0  # keep-points of a certain way down next turn (the outs' share of the stock)
DOWN_CANDIDATES = 4  # discards weighed by their outs
PAT_SHED = 0.6  # keep-points a point of card value costs in a pat hand (it counts against the hand)
LAYS_OFF = 6.0  # keep-points of a card that lays off on a table meld (before this seat may lay off)
OUTS = 0.3  # keep-points per point of the hand's expected worth after the next draw
DENY_FEED = 0.9  # how surely an up-card feeds an opponent (known pick-ups) before hard takes it, not sells it
DENY_VALUE = 3  # the dearest card hard holds on to only to keep it from the others
BUY_EARLY = 2  # hands 3, 5, 6 (three parts): buy whatever is for sale in the first rounds
BUY_USED = 2  # hands 1-6: buy a card with which the plan melds at least this many more cards
POOR_DISCARD = 1  # hand 7: throw a card of a poor letter while an opponent is too short to go down
POOR_COST = 12.0  # worth (normal's measure) the plan may lose by it
POOR_BONUS = 10.0  # keep-points of such a card among discards of equal outs
BUY_BLOCK = 1  # hand 7: buy what an opponent too short to go down would buy
BLOCK_CAP = 17  # ... while the hand would hold at most this many cards


class TryceHardBot(TryceNormalBot):
    """The normal bot's plans with a reading of the opponents and a look-ahead for its discards."""

    level = "hard"
    budget_ms = 300.0  # thinking time a decision may take at most
    worlds = 4  # worlds dealt for a discard's look-ahead
    take_samples = 12
    draws = 6  # stock cards imagined to weigh what each candidate discard leaves
    plan_cache = 4096
    out_samples = 12  # stock cards imagined to count a hand's outs (ways down next card)

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self.reading: Reading | None = None
        self._pending: list[Event] = []
        self._clock = 0.0
        self._view: View | None = None
        self._draws: tuple[tuple, list[int]] | None = None
        self.take_outs: tuple[float, float] | None = None  # the last take's outs: by the stock, by the up-card
        self.denying: int | None = None  # the opponent the last take kept the up-card from
        self.early = False  # the last buy was an early one in a hand of three parts
        self.blocking = False  # the last buy was to keep the card from an opponent too short to go down

    # ----------------------------------------------------------- watching
    def observe(self, events: list[Event]) -> None:
        if self.reading is None:
            self._pending.extend(events)
        else:
            self.reading.observe(events)

    def _setup(self, view: View) -> None:
        super()._setup(view)
        if self.reading is None:
            deck = self.deck
            self.reading = Reading(self.seat, deck.parse)
            self.reading.observe(self._pending)
            self._pending = []

    def choose(self, view: View) -> str:
        self._clock = time.perf_counter()
        self._view = view
        self._setup(view)
        self.reading.sync(view)
        self.finder.deadline = self._clock + self.budget_ms / 1000.0 * (1.0 - MARGIN)
        try:
            return super().choose(view)
        finally:
            self.finder.deadline = None

    def _left(self) -> float:
        """Seconds of the budget left for the look-ahead."""
        return self.budget_ms / 1000.0 * (1.0 - MARGIN) - (time.perf_counter() - self._clock)

    def time_up(self) -> bool:
        return self._left() <= 0

    # -------------------------------------------------------------- risk
    def risk(self, table: Table) -> float:
        """How near an opponent is to going down (0 far, 1 about to): contract laid, cards left."""
        facts = table.facts
        sizes = [0] * table.players
        for s in range(table.players):
            sizes[s] = len(self._view.zones.get(f"hand/{s}", ()))
        worst = 0.0
        for s in range(table.players):
            if s == table.me:
                continue
            need = opponent_need(facts, s)
            if table.pat:
                continue
            if need.parts == 0:
                worst = max(worst, 1.0 if sizes[s] <= 2 else 0.5 if sizes[s] <= 4 else 0.0)
        return worst

    # ------------------------------------------------------------ taking
    def wants_to_take(self, table: Table, card: int) -> bool:
        """Take the top discard when it lets the hand go down this turn; near going down, weigh the
        chance a stock card does so now against the hand's outs next turn with the up-card; else as
        ``normal`` judges it."""
        held = {self.deck.parse(t) for texts in self._view.known.values() for t in texts}
        table.seen = set(table.seen) | held  # known cards of the others are not in the stock
        need = table.contract if table.pat else table.need
        self.take_outs = None
        if need.parts and table.turn_no <= LONG_HAND * table.players:
            if self.denies(table):
                return True
            up = table.hand + [card]
            if goes_down(self, table, up):
                return True  # the whole contract (and at most a card to discard): down this turn
            if not too_far(self, table, table.hand, REACH):
                drawn = self.sample_draws(table)
                now = count_outs(self, table, {"stock": table.hand}, drawn, self.time_up)["stock"]
                keep = self.down_candidates(table, up, exclude=card)
                later = count_outs(self, table, {c: [x for x in up if x != c] for c in keep}, drawn, self.time_up)
                best = max(later.values(), default=0.0)
                self.take_outs = (now, best)
                if now > 0 or best > 0:
                    # drawing: down now, else maybe next turn; taking: only next turn, if the others let it
                    return SURVIVE * best > now + (1 - now) * SURVIVE * now + TAKE_EDGE
        self.denying = None
        if super().wants_to_take(table, card):
            return True
        seat = self.feeds_whom(table, card)
        if seat is not None:
            self.denying = seat
            return True
        return False

    def feeds_whom(self, table: Table, card: int) -> int | None:
        """Hands 1-6: the opponent the up-card ``card`` surely feeds, by what it picked up or bought
        (two of the rank for the group it lacks, its run's neighbours, a meld it may lay off on), if
        the card is cheap to hold and this hand is not about to go down; offered for sale, that
        opponent would buy it, two cards for the part it lacks."""
        d = self.finder.deck
        if table.pat or not table.need.parts or d.wild[card] or self.finder.values[card] > DENY_VALUE:
            return None
        if table.turn_no > LONG_HAND * table.players:
            return None
        best, whom = DENY_FEED, None
        for k in range(1, table.players):
            seat = (table.me + k) % table.players
            feed = self._feeds(table, card, seat)
            if feed >= best:
                best, whom = feed, seat
        return whom

    def _buy(self, view: View, table: Table) -> str | None:
        self.blocking = self.early = False
        move = super()._buy(view, table)
        if self.early and move == _move(view, "buy") and table.top is not None:
            self.why = "early in a hand of three parts: two more cards to build with (it and a stock card)"
        if self.blocking and move == _move(view, "buy") and table.top is not None:
            self.why = "else an opponent still short of cards would buy it: two cards, all it lacks to go down"
        return move

    def _draw(self, view: View, table: Table) -> str | None:
        self.denying = None
        move = super()._draw(view, table)
        if self.denying is not None and table.top is not None and move == _move(view, "take"):
            who = "the next player" if self.denying == (table.me + 1) % table.players else "an opponent"
            self.why = f"sold, {self.name(table.top)} would go to {who}, who would buy it"
        return move

    def denies(self, table: Table) -> bool:
        """Hand 7 (a pat hand too short to go down this turn): take the up-card rather than sell it,
        since a sale gives each opponent a card to buy, and the two cards a buy brings are what an
        opponent needs to go down before this seat."""
        if not table.pat or table.turn_no > DENY_ROUNDS * table.players:
            return False  # (a table of hard bots all taking would never buy: after a while, sell)
        return self.too_short(table)

    def others_short(self, table: Table, but: int | None = None) -> bool:
        """In a pat hand: whether an opponent's hand (its size is public) is still too short to go down
        with the card of its next turn: a sale would let it buy the two cards it lacks."""
        least = 4 * table.contract.words - 1
        return any(
            len(self._view.zones.get(f"hand/{s}", ())) + 1 < least
            for s in range(table.players)
            if s not in (table.me, but)
        )

    def blocks(self, table: Table, card: int) -> bool:
        """Hand 7: buy a card an opponent still too short to go down would buy (a joker or a useful
        letter), to win it from that opponent in the buyers' draw, while this hand is not too big."""
        if not BUY_BLOCK or not table.pat or table.contract.words < 4 or self.poor(card):
            return False
        if len(table.hand) + 2 > BLOCK_CAP:
            return False
        seller = table.facts.sale.seller if table.facts.sale is not None else None
        return self.others_short(table, but=seller)

    @staticmethod
    def too_short(table: Table) -> bool:
        """In a pat hand: whether the hand, with the turn's card, is still short of the cards its
        words take (4 a word, one of them may have 3)."""
        return len(table.hand) + 1 < 4 * table.contract.words - 1

    def wants_to_buy(self, table: Table, card: int) -> bool:
        """As ``normal``; in a pat hand too short to go down on this seat's next turn, any card: the
        buy's two cards are what this seat lacks, whatever their letters; in hand 7, a card an opponent
        too short to go down would buy (:meth:`blocks`); in hands 3, 5 and 6 (three parts), whatever is
        for sale in the first ``BUY_EARLY`` rounds; in hands 1-6 (at most one
        card over the deal), also a card with which the plan melds two or more cards more (a word
        made longer by it and a card held): fewer cards left to shed, a step nearer going down."""
        if table.pat and table.contract.parts and self.too_short(table):
            return True
        if self.blocks(table, card):
            self.blocking = True
            return True
        if super().wants_to_buy(table, card):
            return True
        need = table.need
        if table.pat or not need.parts or len(table.hand) > table.dealt + 1:
            return False
        if table.contract.parts >= 3 and table.turn_no < BUY_EARLY * table.players:
            self.early = True
            return True  # three parts to lay from 11-12 cards: two more cards to build with
        before, after = self.plan(table.hand, need, False), self.plan(table.hand + [card], need, False)
        return card in after.cards() and after.used - before.used >= BUY_USED

    def sample_draws(self, table: Table) -> list[int]:
        """The imagined stock cards of this turn (the same for the take and the discard)."""
        key = (self._view.deal, table.hand_no, table.turn_no)
        if self._draws is None or self._draws[0] != key:
            pool = self.unseen(self._view, table)
            self._draws = (key, self.rng.sample(pool, min(self.out_samples, len(pool))))
        return self._draws[1]

    def down_candidates(self, table: Table, held: Sequence[int], exclude: int | None = None) -> list[int]:
        """The cards of ``held`` worth weighing as the discard that keeps most outs: the spare cards
        the plan leaves, least useful first, then the planned cards of the poorest letters; and the
        dearest spare card (to shed it)."""
        d = self.finder.deck
        need = table.contract if table.pat else table.need
        plan = self.plan(held, need, table.pat)
        reserved = plan.cards()
        naturals = [c for c in held if not d.wild[c] and c != exclude]
        spare = [c for c in naturals if c not in reserved]
        rest = [c for c in held if c not in reserved]
        left = self._left_need(need, plan)
        spare.sort(key=lambda c: (self.card_keep(table, c, rest, left), -self.finder.values[c]))
        picked = spare[:DOWN_CANDIDATES]
        if spare and max(spare, key=lambda c: self.finder.values[c]) not in picked:
            picked.append(max(spare, key=lambda c: self.finder.values[c]))
        if len(picked) < DOWN_CANDIDATES:
            planned = sorted(
                (c for c in naturals if c in reserved),
                key=lambda c: (LETTER_WORTH.get(d.letter[c], 0), -self.finder.values[c]),
            )
            picked += planned[: DOWN_CANDIDATES - len(picked)]
        return picked

    # ---------------------------------------------------------- discarding
    def card_keep(self, table: Table, card: int, rest: Sequence[int], need: Contract) -> float:
        """normal's measure, and a card that lays off on a table meld is worth keeping even before
        this seat may lay off: after its contract every card left must go on some meld."""
        keep = super().card_keep(table, card, rest, need)
        if not (table.may_lay_off or table.need.parts == 0) and table.melds and not self.finder.deck.wild[card]:
            if self.finder.lay_offs([card], table.melds, pairs=False):
                keep += LAYS_OFF
        return keep

    def _discard(self, view: View, table: Table) -> str | None:
        discards = {m.card: m.text for m in view.actions if m.kind == "discard"}
        if not discards:
            return _cancel(view)
        d = self.finder.deck
        hand = [c for c in table.hand if self.deck.text(c) in discards]
        need = table.contract if table.pat else table.need
        if not hand:
            return super()._discard(view, table)
        if table.pat:
            return self._pat_discard(view, table, discards, hand)
        risk = self.risk(table)
        if need.parts == 0:  # contract down: shed the dearest card that lays off nowhere, feeding no one

            def shed(c: int) -> tuple[bool, bool, float]:
                return (
                    not d.wild[c],
                    self._no_lay_off(table, c),
                    self.finder.values[c] - 4.0 * self._feed_known(table, c),
                )

            best = max(hand, key=shed)
            self.why = (
                f"your contract is down and {self.name(best)} lays off nowhere: it would cost the most if "
                "held at the end, and it feeds no one"
            )
            return discards[self.deck.text(best)]
        plan = self.plan(table.hand, need, False)
        reserved = plan.cards()
        spare = [c for c in hand if c not in reserved and not d.wild[c]]
        if not spare:
            return super()._discard(view, table)
        rest = [c for c in table.hand if c not in reserved]
        left = self._left_need(need, plan)
        keep = {c: self.card_keep(table, c, rest, left) - RISK_VALUE * risk * self.finder.values[c] for c in spare}
        spare.sort(key=lambda c: (keep[c], -self.finder.values[c]))
        candidates = spare[:CANDIDATES]
        downs = self.down_outs(table, candidates)
        outs = self.outs(table, candidates, need)
        danger = self.dangers(view, table, candidates)
        self.last_danger = danger

        def cost(c: int) -> float:
            return keep[c] + DANGER * danger[c] - OUTS * outs[c] - DOWN * downs[c]

        best = min(candidates, key=lambda c: (cost(c), -self.finder.values[c]))
        self.why = self.hard_discard_why(table, best, candidates, keep, danger, risk, plan)
        return discards[self.deck.text(best)]

    def down_outs(self, table: Table, candidates: Sequence[int]) -> dict[int, float]:
        """For each candidate discard, the share of imagined stock cards with which the hand left
        goes down next turn (0 for all when the hand is plainly further than that)."""
        if too_far(self, table, table.hand, REACH, extra=0):
            return dict.fromkeys(candidates, 0.0)
        hands = {c: [x for x in table.hand if x != c] for c in candidates}
        return count_outs(self, table, hands, self.sample_draws(table), self.time_up)

    def _pat_discard(self, view: View, table: Table, discards: dict, hand: list[int]) -> str | None:
        """A pat hand: keep the most outs (cards that, drawn next, let the whole hand go down), and
        of equal outs throw the dearer card (every card held counts against the hand when another
        goes down); far from going down, as ``normal`` throws."""
        if len(table.hand) < 4 * table.contract.words - 1:
            return self._starve(view, table, discards, hand) or super()._discard(view, table)
        candidates = [c for c in self.down_candidates(table, table.hand) if self.deck.text(c) in discards]
        if not candidates:
            return self._starve(view, table, discards, hand) or super()._discard(view, table)
        hands = {c: [x for x in table.hand if x != c] for c in candidates}
        downs = count_outs(self, table, hands, self.sample_draws(table), self.time_up)
        if max(downs.values()) <= 0:
            return self._starve(view, table, discards, hand) or super()._discard(view, table)
        order = {c: i for i, c in enumerate(candidates)}
        starve = bool(POOR_DISCARD) and table.contract.words >= 4 and self.others_short(table)

        def kept(c: int) -> float:
            poor = starve and self.poor(c)
            return DOWN * downs[c] + PAT_SHED * self.finder.values[c] + POOR_BONUS * poor

        best = max(candidates, key=lambda c: (kept(c), -order[c]))
        self.why = (
            f"without {self.name(best)} the most stock cards let the whole hand go down ({downs[best]:.0%} of them)"
        )
        return discards[self.deck.text(best)]

    def poor(self, card: int) -> bool:
        """A card of a letter hardly any word wants (W, K, V, X, Z, J, Q): nobody buys it for a word."""
        d = self.finder.deck
        return not d.wild[card] and LETTER_WORTH.get(d.letter[card], 0) < 2

    def _starve(self, view: View, table: Table, discards: dict, hand: list[int]) -> str | None:
        """Hand 7 while an opponent is too short to go down: a sale of this discard would let it buy the
        two cards it lacks, so throw a card of a poor letter (nobody buys it) when the plan loses
        little by it (at most ``POOR_COST`` of its worth against the card ``normal`` would throw)."""
        if not POOR_DISCARD or table.contract.words < 4 or not self.others_short(table):
            return None
        poor = [c for c in hand if self.poor(c)]
        if not poor:
            return None
        need = table.contract
        plain, _ = self.discard_pick(table, table.hand, hand)
        if plain in poor:
            return None

        def left(c: int) -> float:
            return self.worth([x for x in table.hand if x != c], need, True)

        best = max(poor, key=lambda c: (left(c), self.finder.values[c]))
        if left(best) < left(plain) - POOR_COST:
            return None
        self.why = (
            f"nobody buys a {self.finder.deck.letter[best]} for a word, and an opponent still short of "
            "cards would buy any other"
        )
        return discards[self.deck.text(best)]

    def hard_discard_why(
        self,
        table: Table,
        best: int,
        candidates: Sequence[int],
        keep: dict[int, float],
        danger: dict[int, float],
        risk: float,
        plan: Plan,
    ) -> str:
        """Why ``best`` goes rather than the card the plan alone would throw."""
        plain = candidates[0]  # the least useful card, were nobody watching
        d = self.finder.deck
        if best != plain and danger[plain] > danger[best] + 0.3:
            rank = reasons.rank_name(self.deck, plain)
            seat = (table.me + 1) % table.players
            collects = any(d.value[c] == d.value[plain] for c in self.reading.collects.get(seat, ()))
            who = "the next player, who collects " + rank if collects else "an opponent"
            return f"{self.name(plain)}, the card you could spare too, would feed {who}"
        if risk >= 0.5 and self.finder.values[best] >= max(self.finder.values[c] for c in candidates):
            return (
                f"an opponent is about to go down: of your spare cards {self.name(best)} would cost the most "
                "if still held"
            )
        if danger[best] < 0.05 and d.value[best] >= 0:
            return f"nobody is collecting {reasons.rank_name(self.deck, best)}: {self.name(best)} feeds no one"
        return self.discard_why(table, best, plan)

    def _feed_known(self, table: Table, card: int) -> float:
        """The known-cards part of how much ``card`` feeds the opponents (next seat fully)."""
        total = 0.0
        for k in range(1, table.players):
            seat = (table.me + k) % table.players
            total += (1.0 if k == 1 else OTHERS) * self._feeds(table, card, seat)
        return total

    def _feeds(self, table: Table, card: int, seat: int) -> float:
        facts = table.facts
        first = facts.first_meld
        may = not table.pat and seat < len(first) and first[seat] is not None
        held = [self.deck.parse(t) for t in self._view.known.get(f"hand/{seat}", ())]
        return feeds(
            self.finder.deck, self.finder, self.reading, card, seat, opponent_need(facts, seat), may, table.melds, held
        )

    def unseen(self, view: View, table: Table) -> list[int]:
        """The cards this seat cannot see and no one is known to hold: the stock and the hidden cards."""
        known = {self.deck.parse(t) for texts in view.known.values() for t in texts}
        return [c for c in range(len(self.finder.deck.wild)) if c not in table.seen and c not in known]

    def outs(self, table: Table, candidates: Sequence[int], need: Contract) -> dict[int, float]:
        """For each candidate discard, the hand's expected worth after one more card from the stock
        (the same imagined cards for every candidate)."""
        outs = dict.fromkeys(candidates, 0.0)
        if not self.draws:
            return outs
        pool = self.unseen(self._view, table)
        if not pool:
            return outs
        drawn = self.rng.sample(pool, min(self.draws, len(pool)))
        done = 0
        for x in drawn:
            if self._left() <= 0:
                break
            for c in candidates:
                rest = [y for y in table.hand if y != c]
                outs[c] += self.worth(rest + [x], need, False)
            done += 1
        if done:
            for c in candidates:
                outs[c] /= done
        return outs

    def dangers(self, view: View, table: Table, candidates: Sequence[int]) -> dict[int, float]:
        """How likely each candidate discard feeds an opponent: the known pick-ups and refusals of
        every opponent, plus the share of sampled worlds where the next seat's plan gains a part."""
        danger = {c: self._feed_known(table, c) for c in candidates}
        nxt = (table.me + 1) % table.players
        need = opponent_need(table.facts, nxt)
        if need.parts == 0 or not self.worlds:
            return danger
        held = [self.deck.parse(t) for t in view.known.get(f"hand/{nxt}", ())]
        size = len(view.zones.get(f"hand/{nxt}", ()))
        hidden = size - len(held)
        known = {self.deck.parse(t) for texts in view.known.values() for t in texts}
        pool = [c for c in range(len(self.finder.deck.wild)) if c not in table.seen and c not in known]
        if hidden < 0 or hidden > len(pool):
            return danger
        gains = dict.fromkeys(candidates, 0)
        dealt = 0
        for _ in range(self.worlds):
            if self._left() <= 0:
                break
            hand = held + self.rng.sample(pool, hidden)
            base = self.finder.solve(hand, need).parts
            for c in candidates:
                if self.finder.solve(hand + [c], need).parts > base:
                    gains[c] += 1
            dealt += 1
        if dealt:
            for c in candidates:
                danger[c] += gains[c] / dealt
        return danger


def _cancel(view: View) -> str | None:
    for m in view.actions:
        if m.kind == "cancel":
            return m.text
    return None
