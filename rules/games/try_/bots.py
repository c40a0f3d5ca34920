"""Try bots: a normal bot that signals, backs its partners and Tries on purpose; an easy one.

A bot sees only its seat's view and the events shown to that seat.  From the events it
keeps a :class:`TableLog` of public acts (who drew from where; who discarded, showed,
took, passed on or rejected what).  At every decision it reads the table afresh
(:class:`Reading`): the cards still unseen, what each partner probably holds, the suit
the team seems to agree on, and what the team would score if it Tried now.

The play follows the seed text's advice (RULES.md section 1, seeds/try.txt):

- bid the Wild, else the top card of a clear suit, else a low card;
- show a high card of one's suit early when holding backup; take a partner's shown
  card when able to back its suit; a card taken and put straight back is only a pass;
- hold at most three of the team's suit, and never three of another suit (or two plus
  the Wild) when a stock draw could make a fourth: an accidental Try loses;
- while holding three of the team's suit and not ready, draw a harmless card from the
  discard pile instead of the stock (a safe draw) when the rule allows it;
- Try on purpose (a fourth card from the pile, or a stock draw) once the team's estimated
  score reaches the threshold, or when the stock is nearly out;
- in the last turns keep the likely Tried suit and throw away high off-suit cards.
"""

from __future__ import annotations

import math
from typing import Any

from rules.actions import Event
from rules.bots import Advice, Bot
from rules.view import View

from .procedure import BID, DISCARD, DRAW, TryAction, TryFacts

SHOW_RANK = 9  # a seat's first discard this high (not a card it just took) is a "show" of its suit
TAKE_SIGNAL_RANK = 7  # taking a card this high from the discard pile backs its suit


class Cards:
    """Card notation read once from the rules: suit index and points of every card text."""

    def __init__(self, view: View) -> None:
        from rules.registry import load_game

        game = load_game(view.game)
        deck = game.deck(view.variant)
        self.suits = len(deck.suits)
        self.wild = self.suits  # the Wild's index in per-suit count arrays
        self.wild_points = int(game.config.scoring.get("wild_points", 7))
        self.try_size = int(game.config.deal.get("try_size", 4))
        self.hand_size = int(game.config.deal.get("hand", 6))
        self.suit_names = [suit.name for suit in deck.suits]
        self.suit: dict[str, int] = {}
        self.rank: dict[str, int] = {}
        for face in deck.faces:
            s = self.wild if deck.suit_of[face.card] < 0 else deck.suit_of[face.card]
            self.suit[face.text] = s
            self.rank[face.text] = self.wild_points if s == self.wild else int(face.rank)
        self.all = [face.text for face in deck.faces]

    def counts(self, hand: list[str]) -> list[int]:
        """Cards per suit in ``hand``; the last entry counts the Wild."""
        counts = [0] * (self.suits + 1)
        for x in hand:
            counts[self.suit[x]] += 1
        return counts

    def try_suit(self, hand: list[str]) -> int | None:
        """The suit ``hand`` would Try in (the Wild counting as every suit), or None."""
        counts = self.counts(hand)
        wild = counts[self.wild]
        best = None
        for s in range(self.suits):
            if counts[s] + wild >= self.try_size and (best is None or counts[s] > counts[best]):
                best = s
        return best


class TableLog:
    """Public acts seen by one seat, with the signals they carry.

    ``acts[seat]`` lists, in order, what changed that seat's hidden cards and what it
    signalled: ``draw`` (a stock card), ``drop`` (a discard from its hidden cards),
    ``show``, ``take``, ``pass`` (a card taken and put straight back) and ``reject``
    (a stock draw when a partner's shown card could have been taken).
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.acts: dict[int, list[tuple[str, str | None]]] = {}
        self.declared: dict[int, int] = {}  # seat -> suit it showed or backed last
        self.taken: dict[int, list[str]] = {}  # cards each seat took from the pile and still holds
        self.from_discard_last: dict[int, bool] = {}
        self.just_took: dict[int, str | None] = {}
        self.discards: dict[int, int] = {}  # seat -> discards so far (only a first discard can show)
        self.top: str | None = None
        self.top_seat: int | None = None
        self.top_show = False
        self.tryer: int | None = None

    def observe(self, events: list[Event], cards: Cards | None) -> None:
        for event in events:
            if event.kind == "deal":
                self.reset()
            elif event.kind == "try":
                self.tryer = event.data.get("seat")
            elif event.kind == "move" and cards is not None:
                self._move(event.data, cards)

    def _move(self, data: Any, cards: Cards) -> None:
        source, target, card = data.get("source"), data.get("target"), data.get("card")
        if source == "stock" and target == "discard":  # the up-card
            self.top, self.top_seat, self.top_show = card, None, False
        elif target and target.startswith("hand/"):
            self._draw(int(target.split("/")[1]), source, card, cards)
        elif source and source.startswith("hand/") and target == "discard":
            self._discard(int(source.split("/")[1]), card, cards)

    def _draw(self, seat: int, source: str | None, card: str | None, cards: Cards) -> None:
        acts = self.acts.setdefault(seat, [])
        if source == "stock":
            if (
                self.top_show
                and self.top is not None
                and self.top_seat not in (None, seat)
                and not self.from_discard_last.get(seat, False)
            ):
                acts.append(("reject", self.top))
                if self.declared.get(seat) == cards.suit[self.top]:
                    del self.declared[seat]
            acts.append(("draw", None))
            self.just_took[seat] = None
        elif source == "discard" and card is not None:
            self.taken.setdefault(seat, []).append(card)
            self.just_took[seat] = card
            if self.top_show or (cards.suit[card] != cards.wild and cards.rank[card] >= TAKE_SIGNAL_RANK):
                acts.append(("take", card))
                self.declared[seat] = cards.suit[card]
            self.top, self.top_seat, self.top_show = None, None, False

    def _discard(self, seat: int, card: str, cards: Cards) -> None:
        acts = self.acts.setdefault(seat, [])
        held = self.taken.get(seat, [])
        took = self.just_took.get(seat)
        show = False
        if card in held:
            held.remove(card)
            if card == took:  # put straight back: a pass, not a backing
                acts.append(("pass", card))
                for i in range(len(acts) - 1, -1, -1):
                    if acts[i] == ("take", card):
                        del acts[i]
                        break
                self._redeclare(seat, cards)
        else:
            s = cards.suit[card]
            first = self.discards.get(seat, 0) == 0
            if first and s != cards.wild and cards.rank[card] >= SHOW_RANK and seat not in self.declared:
                show = True
                self.declared[seat] = s
                acts.append(("show", card))
            acts.append(("drop", card))
        self.from_discard_last[seat] = took is not None
        self.discards[seat] = self.discards.get(seat, 0) + 1
        self.just_took[seat] = None
        self.top, self.top_seat, self.top_show = card, seat, show

    def agreed(self) -> int | None:
        """The suit two seats have declared (a show or a take), if any: the team's suit."""
        seats_per_suit: dict[int, int] = {}
        for suit in self.declared.values():
            seats_per_suit[suit] = seats_per_suit.get(suit, 0) + 1
        for suit, count in seats_per_suit.items():
            if count >= 2:
                return suit
        return None

    def _redeclare(self, seat: int, cards: Cards) -> None:
        """After a pass, the seat's declared suit is its last remaining show or take."""
        self.declared.pop(seat, None)
        for act, card in self.acts.get(seat, []):
            if act in ("show", "take") and card is not None:
                self.declared[seat] = cards.suit[card]


class Reading:
    """What one seat can tell about the table now: unseen cards, partners, the team's suit."""

    def __init__(self, bot: TryNormalBot, view: View) -> None:
        c = bot.cards
        self.c = c
        self.bot = bot
        self.me = me = view.seat
        self.n = n = view.players
        zones = view.zones
        self.facts = facts = TryFacts.of(view)
        self.threshold = facts.threshold
        self.hand: list[str] = list(zones[f"hand/{me}"])
        self.bid: list[str] = [x for x in zones.get(f"bid/{me}", ()) if x is not None]
        self.pile: list[str] = list(zones["discard"])
        self.top = self.pile[0] if self.pile else None
        self.stock = len(zones["stock"])
        self.known: dict[int, list[str]] = {}
        for zone, texts in view.known.items():
            if zone.startswith("hand/"):
                self.known[int(zone.split("/")[1])] = list(texts)
        self.partners = [s for s in range(n) if s != me]
        self.hand_sizes = {s: len(zones[f"hand/{s}"]) for s in range(n)}
        seen = set(self.hand) | set(self.bid) | set(self.pile)
        for texts in self.known.values():
            seen.update(texts)
        self.unseen = [x for x in c.all if x not in seen]
        k = c.suits + 1
        self.unseen_count = [0] * k
        self.unseen_value = [0] * k
        for x in self.unseen:
            self.unseen_count[c.suit[x]] += 1
            self.unseen_value[c.suit[x]] += c.rank[x]
        total = max(1, len(self.unseen))
        self.p_unseen = [cnt / total for cnt in self.unseen_count]
        self.mean_rank = [
            self.unseen_value[s] / self.unseen_count[s] if self.unseen_count[s] else 0.0 for s in range(k)
        ]
        self._read_partners(bot.log)
        self._stock_odds()
        self._choose_target()

    # ------------------------------------------------------------ partners
    def _read_partners(self, log: TableLog) -> None:
        """Each partner's expected hidden cards per suit and how strongly it backed each suit."""
        c = self.c
        k = c.suits + 1
        self.hidden: dict[int, list[float]] = {}
        self.backing: dict[int, list[float]] = {}
        for q in self.partners:
            slots = max(0, self.hand_sizes[q] - len(self.known.get(q, [])))
            exp = [(c.hand_size - 1) * p for p in self.p_unseen]
            back = [0.0] * k
            full = False
            declared: int | None = None
            for act, card in log.acts.get(q, []):
                s = c.suit[card] if card is not None else -1
                if act == "draw":
                    for i in range(k):
                        exp[i] += self.p_unseen[i]
                    full = False
                elif act == "drop":
                    exp[s] = max(0.0, exp[s] - 1.0)
                    if declared is not None and declared != s and c.rank[card] >= 5:
                        back[s] -= 0.5  # throws this suit away: not collecting it
                    if declared == s:
                        full = False
                elif act == "show":
                    exp[s] = max(exp[s], 2.0)
                    back[s] += 2.0
                    declared = s
                elif act == "take":
                    exp[s] = max(exp[s], 1.0)
                    back[s] += 1.5
                    declared = s
                elif act == "pass":
                    full = True  # a safe draw: it holds three of its suit and waits
                elif act == "reject":
                    exp[s] = min(exp[s] * 0.3, 0.5)
                    back[s] -= 2.0
            total = sum(exp)
            scale = slots / total if total > 0 else 0.0
            self.hidden[q] = [e * scale for e in exp]
            if full and declared is not None:
                in_known = sum(1 for x in self.known.get(q, []) if c.suit[x] in (declared, c.wild))
                self.hidden[q][declared] = max(self.hidden[q][declared], 3.0 - in_known)
            self.backing[q] = back

    def _stock_odds(self) -> None:
        """Chance that the next stock card is of each suit: unseen cards less partners' likely ones."""
        k = self.c.suits + 1
        rest = [float(self.unseen_count[s]) for s in range(k)]
        for q in self.partners:
            for s in range(k):
                rest[s] -= self.hidden[q][s]
        rest = [max(0.05, r) if self.unseen_count[s] else 0.0 for s, r in enumerate(rest)]
        total = sum(rest) or 1.0
        self.p_stock = [r / total for r in rest]

    # --------------------------------------------------------------- suits
    def _public_values(self) -> list[float]:
        """Per suit, what every seat can tell from public acts alone (the same at every seat)."""
        c = self.c
        bot = self.bot
        pub = [0.0] * c.suits
        for acts in bot.log.acts.values():
            for act, card in acts:
                if card is None or c.suit[card] == c.wild:
                    continue
                s = c.suit[card]
                if act == "show":
                    pub[s] += bot.show_weight
                elif act == "take":
                    pub[s] += bot.take_weight
                elif act == "reject":
                    pub[s] -= bot.reject_weight
        for held in bot.log.taken.values():
            for x in held:
                if c.suit[x] != c.wild:
                    pub[c.suit[x]] += c.rank[x]
        for x in self.pile[1:]:  # buried: out of play for good
            if c.suit[x] != c.wild:
                pub[c.suit[x]] -= bot.dead_weight * c.rank[x]
        return pub

    def _choose_target(self) -> None:
        """The team's suit: the public favourite once it is clear, else my own reckoning."""
        c = self.c
        bot = self.bot
        bid = self.bid[0] if self.bid else None
        pub = self._public_values()
        values = []
        for s in range(c.suits):
            v = float(sum(c.rank[x] for x in self.hand if c.suit[x] == s))
            if bid is not None and c.suit[bid] != c.wild:
                v += c.rank[bid] if c.suit[bid] == s else -c.rank[bid]
            for q in self.partners:
                v += sum(c.rank[x] for x in self.known.get(q, []) if c.suit[x] == s)
                v += self.hidden[q][s] * self.mean_rank[s]
                v += bot.backing_weight * self.backing[q][s]
            v += bot.future_weight * self.stock / max(1, len(self.unseen)) * self.unseen_value[s]
            values.append(v + bot.public_weight * pub[s])
        self.suit_values = values
        self.public_values = pub
        agreed = bot.log.agreed()
        if agreed is None and self.stock <= bot.fallback_stock * self.initial_stock():
            agreed = max(range(c.suits), key=lambda s: (pub[s], -s))  # no agreement yet: the public favourite
        self.agreed = agreed
        if agreed is not None:
            best = agreed  # the table has agreed: follow it
        else:
            best = max(range(c.suits), key=lambda s: values[s])
            if bot.target is not None and values[bot.target] >= values[best] - bot.stickiness:
                best = bot.target
        self.target = bot.target = best
        top = max(values)
        scaled = [math.exp((v - top) / bot.temperature) for v in values]
        total = sum(scaled)
        self.weights = [x / total for x in scaled]

    def initial_stock(self) -> int:
        """Stock size right after the deal and the up-card."""
        c = self.c
        removed = int(self.bot.settings.get("removed", 11))
        return len(c.all) - removed - self.n * c.hand_size - 1

    def estimate_score(self, suit: int, extra: tuple[str, ...] = (), without: tuple[str, ...] = ()) -> float:
        """The team score if the team Tried ``suit`` now, my hand changed by ``extra``/``without``."""
        c = self.c
        score = 0.0
        mine = [x for x in self.hand if x not in without] + list(extra)
        wild_seen = False
        for x in mine:
            s = c.suit[x]
            wild_seen = wild_seen or s == c.wild
            score += c.rank[x] if s in (suit, c.wild) else -c.rank[x] / 2
        for x in self.bid:
            s = c.suit[x]
            wild_seen = wild_seen or s == c.wild
            score += c.rank[x] if s in (suit, c.wild) else -c.rank[x]
        for q in self.partners:
            known = self.known.get(q, [])
            in_known = 0
            for x in known:
                s = c.suit[x]
                wild_seen = wild_seen or s == c.wild
                in_known += s in (suit, c.wild)
                score += c.rank[x] if s in (suit, c.wild) else -c.rank[x] / 2
            hid = self.hidden[q]
            in_suit = max(0.0, min(3.0 - in_known, hid[suit]))
            score += in_suit * self.mean_rank[suit]
            score -= max(0.0, sum(hid) - in_suit - hid[c.wild]) * 1.5  # low off-suit cards, halved
            # its bid: the top card of its suit when it backed this suit, else a low card
            score += self.bot.partner_bid_backed if suit == self.bot.log.declared.get(q) else -3.0
        if not wild_seen and self.unseen_count[c.wild]:
            in_team = sum(sum(self.hidden[q]) for q in self.partners)
            score += c.wild_points * min(1.0, in_team / max(1, len(self.unseen)))
        return score


class TryNormalBot(Bot):
    """Plays Try like a careful person: signals, backs partners, Tries on purpose."""

    level = "normal"
    backing_weight = 4.0  # suit value per unit of a partner's signals
    future_weight = 0.35  # share of the stock's unseen suit value a suit may still collect
    stickiness = 6.0  # keep the current target unless another suit is this much better
    temperature = 6.0  # how sharply keep values follow the best suit
    try_margin = 0.0  # Try on purpose once the estimate reaches threshold - margin
    last_turn_gain = 2.5  # expected points each partner adds on its last turn
    partner_bid_backed = 5.0
    disaster = 60.0  # cost of an accidental Try in a suit the team does not hold
    show_bonus = 12.0
    show_backup = 1  # cards of the suit (bid included) left behind a show
    accommodate = 20.0  # take a partner's show when its suit is within this much of my best
    accommodate_committed = 0.0  # the same after bidding the top card of my own suit
    min_rank_two = 4  # with two players, the lowest card of the team's suit worth a slot
    pre_agreement_risk = 1.0  # weight of the premature-Try risk before the table agrees on a suit
    bid_cards = 2  # bid the top card of a suit holding this many cards and this many points
    bid_strength = 30
    bid_strength_two = 14  # with two players a bid weighs more: commit sooner
    show_weight = 12.0  # public suit value of a show, a take and a rejection
    take_weight = 8.0
    reject_weight = 10.0
    dead_weight = 0.5  # public suit value lost per point buried in the discard pile
    public_weight = 1.0
    fallback_stock = 0.6  # with no agreement when the stock is down to this share, follow the public favourite
    premature_weight = 0.0  # weight of the risk of Trying the team's suit before it is ready
    safe_exposure = 1.0  # share of the risk kept when a safe draw may be possible next turn (1.0: in full)
    noise = 0.0  # chance of a random legal move (the easy bot)
    early_stock = 1.0  # while the stock holds more than this share of its first size ...
    early_weight = 0.0  # ... the premature-Try risk weighs this much more
    tried_target_weight = 3.0  # on a last turn, how much likelier the team's suit is the Tried one

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self.log = TableLog()
        self.cards: Cards | None = None
        self._unread: list[Event] = []
        self.settings: dict[str, Any] = {}
        self._card_of: dict[str, str | None] = {}
        self.target: int | None = None
        self.bid_suit: int | None = None
        self.bid_high = False

    def observe(self, events: list[Event]) -> None:
        if any(e.kind == "deal" for e in events):
            self.target = None
        if self.cards is None:  # the deck is read from the first view; keep the events until then
            self._unread.extend(events)
        else:
            self.log.observe(events, self.cards)

    def choose(self, view: View) -> str:
        legal = list(view.legal)
        if self.cards is None:
            self.cards = Cards(view)
            self.log.observe(self._unread, self.cards)
            self._unread = []
        self.settings = view.settings
        self._card_of = {m.text: m.card for m in view.actions}  # the card each bid or discard gives
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return legal[int(self.rng.random() * len(legal))]
        phase = TryFacts.of(view).phase
        if phase == BID:
            return self._bid(view, legal)
        read = Reading(self, view)
        last_turn = read.facts.tryer is not None
        if phase == DRAW:
            choice = self._draw_last(read, legal) if last_turn else self._draw(read, legal)
        else:
            choice = self._discard_last(read, legal) if last_turn else self._discard(read, legal)
        return choice if choice in legal else legal[0]

    # ------------------------------------------------------------------ bid
    def _bid(self, view: View, legal: list[str]) -> str:
        c = self.cards
        options = {m.card: m.text for m in view.actions if m.kind == TryAction.BID}
        hand = [x for x in view.zones[f"hand/{view.seat}"] if x in options]
        wild = [x for x in hand if c.suit[x] == c.wild]
        if wild:  # 7 points whatever the suit, and no accidental Try from it
            return options[wild[0]]
        per_suit: dict[int, list[str]] = {}
        for x in hand:
            per_suit.setdefault(c.suit[x], []).append(x)
        best = max(per_suit, key=lambda s: (sum(c.rank[x] for x in per_suit[s]), -s))
        cards = sorted(per_suit[best], key=lambda x: c.rank[x], reverse=True)
        strength = self.bid_strength_two if view.players == 2 else self.bid_strength
        if len(cards) >= self.bid_cards and c.rank[cards[0]] >= 9 and sum(c.rank[x] for x in cards) >= strength:
            self.target = self.bid_suit = best
            self.bid_high = True
            return options[cards[0]]
        low = min(hand, key=lambda x: (c.rank[x], x))
        self.bid_suit = c.suit[low]
        self.bid_high = False
        return options[low]

    # ---------------------------------------------------------- judgement
    def _is_target(self, read: Reading, x: str) -> bool:
        return self.cards.suit[x] in (read.target, self.cards.wild)

    def _count_target(self, read: Reading, hand: list[str]) -> int:
        return sum(1 for x in hand if self._is_target(read, x))

    def _ready(self, read: Reading, extra: tuple[str, ...] = (), without: tuple[str, ...] = ()) -> bool:
        """Whether a Try in the target suit now would (probably) win, or must be risked."""
        if read.stock <= read.n:
            return True  # a Try now beats losing by stock
        score = read.estimate_score(read.target, extra, without) + self.last_turn_gain * (read.n - 1)
        return score >= read.threshold - self.try_margin

    def _keep_value(self, read: Reading, x: str) -> float:
        """What card ``x`` is worth kept in hand, weighed by how likely its suit is the team's."""
        c = self.cards
        s = c.suit[x]
        if s == c.wild:
            return float(c.wild_points)
        w = 1.0 if s == read.target else read.weights[s]
        return c.rank[x] * (1.5 * w - 0.5)

    def _risk(self, read: Reading, hand: list[str], forced_stock: bool) -> float:
        """Expected cost of the next stock draw making a Try with this five-card hand."""
        c = self.cards
        counts = c.counts(hand)
        wild = counts[c.wild]
        exposure = 1.0 if forced_stock else self.safe_exposure  # a safe draw from the pile may be possible
        risk = 0.0
        for s in range(c.suits):
            if counts[s] + wild < c.try_size - 1:
                continue
            p = read.p_stock[s] + (0.0 if wild else read.p_stock[c.wild])
            if s == read.target:
                if not self._ready(read, (), ()):
                    gap = read.threshold - read.estimate_score(s, (), ()) - self.last_turn_gain * (read.n - 1)
                    weight = self.premature_weight if read.agreed is not None else self.pre_agreement_risk
                    if read.stock > self.early_stock * read.initial_stock():
                        weight += self.early_weight  # early on, a Try comes too soon
                    risk += weight * exposure * p * min(self.disaster, 10.0 + gap)
            else:
                risk += exposure * p * self.disaster
        return risk

    def _dangerous(self, read: Reading, hand: list[str]) -> bool:
        """Whether one more card of some suit other than the team's would make a Try."""
        c = self.cards
        counts = c.counts(hand)
        return any(counts[s] + counts[c.wild] >= c.try_size - 1 for s in range(c.suits) if s != read.target)

    def _without(self, hand: list[str], action: str) -> list[str]:
        """``hand`` less the card ``action`` (a discard) gives."""
        rest = list(hand)
        rest.remove(self._card_of[action])
        return rest

    # ----------------------------------------------------------------- draw
    def _draw(self, read: Reading, legal: list[str]) -> str:
        c = self.cards
        if "draw discard" not in legal:
            return legal[0]
        if "draw stock" not in legal:
            return "draw discard"
        top = read.top
        tried = c.try_suit(read.hand + [top])
        if tried is not None:
            return "draw discard" if tried == read.target and self._ready(read, (top,)) else "draw stock"
        count = self._count_target(read, read.hand)
        safe_draw = (count >= c.try_size - 1 and not self._ready(read)) or self._dangerous(read, read.hand)
        shown = self.log.top_show and self.log.top_seat != read.me
        if shown and read.agreed is None:
            s = c.suit[top]
            committed = self.bid_suit is not None and self.bid_high
            margin = self.accommodate_committed if committed else self.accommodate
            can_back = any(c.suit[x] == s for x in read.hand + read.bid)  # else taking it over-assures
            if can_back and read.suit_values[s] >= max(read.suit_values) - margin:
                read.target = self.target = s
                return "draw discard"  # back the partner's shown suit
        if safe_draw:
            return "draw discard"  # no Try now: before the team is ready, or in a suit nobody wants
        if shown and not any(c.suit[x] == c.suit[top] for x in read.hand + read.bid):
            return "draw stock"  # cannot back the shown suit: let it go
        if (
            self._is_target(read, top)
            and count < c.try_size - 1
            and (c.suit[top] == c.wild or c.rank[top] >= self._min_rank(read))
        ):
            now = sum(self._keep_value(read, x) for x in read.hand) - self._risk(read, read.hand, True)
            if self._best_after(read, read.hand + [top]) > now + 1.0:
                return "draw discard"
        return "draw stock"

    def _best_after(self, read: Reading, six: list[str]) -> float:
        """The value of a six-card hand after its best discard: keep values less risk."""
        best = -math.inf
        for i in range(len(six)):
            rest = six[:i] + six[i + 1 :]
            best = max(best, sum(self._keep_value(read, x) for x in rest) - self._risk(read, rest, True))
        return best

    def _min_rank(self, read: Reading) -> int:
        """The lowest card of the team's suit worth a slot (two players hold fewer cards)."""
        return int(self.min_rank_two) if read.n == 2 else 1

    # -------------------------------------------------------------- discard
    def _discard(self, read: Reading, legal: list[str]) -> str:
        values = self._discard_values(read, legal)
        best_text, best_value = legal[0], -math.inf
        for text, value in values.items():
            if value > best_value:
                best_text, best_value = text, value
        return best_text

    def _discard_values(self, read: Reading, legal: list[str]) -> dict[str, float]:
        """What each discard worth considering leaves (keep values less risk, signals), in order."""
        c = self.cards
        hand = read.hand
        me = read.me
        nxt = (me + 1) % read.n
        next_may_take = not read.facts.pile.from_discard_last[nxt]
        forced_stock = read.facts.pile.drew_from_discard
        first_discard = self.log.discards.get(me, 0) == 0 and me not in self.log.declared
        count = self._count_target(read, hand)
        low_cut = self._min_rank(read) - 1
        safe = [t for t in legal if not self._dangerous(read, self._without(hand, t))]
        values: dict[str, float] = {}
        for text in safe or legal:  # never keep three of a suit nobody wants, counting the Wild
            x = self._card_of[text]
            rest = self._without(hand, text)
            value = sum(self._keep_value(read, y) for y in rest) - self._risk(read, rest, forced_stock)
            s = c.suit[x]
            if s == read.target and next_may_take:
                value += 0.5 * self._keep_value(read, x)  # the next partner may take it
            if s == read.target and count >= c.try_size - 1 and c.rank[x] <= low_cut and not self._ready(read):
                value += 4.0  # make room for a better card of the suit
            if first_discard and s != c.wild and c.rank[x] >= SHOW_RANK and x not in self.log.taken.get(me, []):
                backup = [y for y in rest if c.suit[y] == s] + [y for y in read.bid if c.suit[y] == s]
                top_card = all(c.rank[y] < c.rank[x] for y in rest if c.suit[y] == s)  # the bid may be higher
                if s == read.target and top_card and len(backup) >= self.show_backup and next_may_take:
                    value += self.show_bonus  # show my top card of the suit, with backup behind it
                else:
                    value -= 20.0  # would read as a show of a suit I cannot back
            values[text] = value
        return values

    # ----------------------------------------------------------- last turns
    def _tried_odds(self, read: Reading) -> list[float]:
        """Chance per suit that it is the Tried suit (the Tryer holds four of it)."""
        c = self.cards
        named = read.facts.tried_suit
        if named in c.suit_names:  # the Tryer itself knows
            return [1.0 if s == c.suit_names.index(named) else 0.0 for s in range(c.suits)]
        tryer = read.facts.tryer
        weights = []
        for s in range(c.suits):
            known = sum(1 for x in read.known.get(tryer, []) if c.suit[x] == s)
            hid = read.hidden[tryer][s] if tryer in read.hidden else 0.0
            w = math.exp(1.2 * (known + hid))
            if s == read.target:
                w *= self.tried_target_weight
            weights.append(w)
        total = sum(weights)
        return [w / total for w in weights]

    def _final_value(self, odds: list[float], x: str) -> float:
        c = self.cards
        s = c.suit[x]
        if s == c.wild:
            return float(c.wild_points)
        r = c.rank[x]
        return odds[s] * r - (1 - odds[s]) * r / 2

    def _draw_last(self, read: Reading, legal: list[str]) -> str:
        if "draw discard" not in legal:
            return legal[0]
        if "draw stock" not in legal:
            return "draw discard"
        odds = self._tried_odds(read)
        worst = min(self._final_value(odds, x) for x in read.hand)
        take = self._final_value(odds, read.top) - worst
        gain = sum(max(0.0, self._final_value(odds, x) - worst) for x in read.unseen) / max(1, len(read.unseen))
        return "draw discard" if take > gain else "draw stock"

    def _discard_last(self, read: Reading, legal: list[str]) -> str:
        odds = self._tried_odds(read)
        return min(legal, key=lambda t: self._final_value(odds, self._card_of[t]))

    # ---------------------------------------------------------------- hints
    def advise(self, view: View) -> Advice:
        choice = self.choose(view)
        return Advice(choice, self.reason(view, choice))

    def name(self, x: str) -> str:
        """A card as a player reads it: "the 12 of Skulls", "the Wild"."""
        c = self.cards
        s = c.suit[x]
        return "the Wild" if s == c.wild else f"the {c.rank[x]} of {c.suit_names[s]}"

    def reason(self, view: View, choice: str) -> str:
        """One line on why ``choice`` suits this seat now, from its own view only (for a hint):
        the fact that decides it, never the move again (the hint names the move)."""
        if self.cards is None:
            self.cards = Cards(view)
        c = self.cards
        phase = TryFacts.of(view).phase
        move = next((m for m in view.actions if m.text == choice), None)
        card = move.card if move is not None else None
        if len(view.legal) == 1:
            return "the only move allowed now"
        if phase == BID and card is not None:
            if c.suit[card] == c.wild:
                return "the Wild scores 7 points whatever suit the team Tries"
            if c.rank[card] >= 9:
                return f"{c.suit_names[c.suit[card]]} is your strongest suit: its {c.rank[card]} adds the most if Tried"
            return f"a {c.rank[card]} costs the team little if {c.suit_names[c.suit[card]]} is not the suit Tried"
        read = Reading(self, view)
        suit = c.suit_names[read.target] if read.target is not None else None
        top = read.top
        if read.facts.tryer is not None:
            if phase == DRAW:
                if choice == "draw discard":
                    return f"{self.named(top)} is likely to count for more at the scoring than a stock card"
                if top is None:
                    return "the discard pile is empty"
                return f"{self.named(top)} is unlikely to count at the scoring: a stock card may"
            return f"{self.named(card)} is the card least likely to count at the scoring"
        if phase == DRAW:
            if choice == "draw discard":
                if c.try_suit(read.hand + [top]) is not None:
                    return f"{self.named(top)} makes four of a suit: a Try the team should carry to {read.threshold}"
                if self.log.top_show and self.log.top_seat != read.me:
                    return f"a partner showed {self.named(top)}: taking it backs {c.suit_names[c.suit[top]]}"
                if self._is_target(read, top) and self._count_target(read, read.hand) < c.try_size - 1:
                    return f"{self.named(top)} adds to your {suit}, the suit the team is gathering"
                return f"{self.named(top)} cannot make a Try before the team is ready: a safe card to hold"
            if top is not None and c.try_suit(read.hand + [top]) is not None:
                return f"{self.named(top)} would make a Try now, and the team would score too little"
            if top is None:
                return "the discard pile is empty"
            if suit is not None and c.suit[top] != read.target:
                return f"{self.named(top)} on the discard pile is no use to your {suit}"
            return f"{self.named(top)} on the discard pile helps no one more than a stock card would"
        if card is None:
            return ""
        own = c.suit_names[c.suit[card]] if c.suit[card] != c.wild else "the Wild"
        if c.suit[card] == read.target and self.log.discards.get(read.me, 0) == 0 and c.rank[card] >= SHOW_RANK:
            return f"a high {suit} on the pile tells your partners that {suit} is your suit"
        if c.suit[card] == read.target:
            return f"the next player may take it to gather {suit} with you"
        if c.suit[card] != c.wild and read.weights[c.suit[card]] < 0.2:
            return f"nobody is gathering {own}: it helps no one"
        return f"{own} is not your {suit}: your {suit} cards stay in hand" if suit else f"{own} fits no suit you gather"

    def named(self, x: str | None, capital: bool = False) -> str:
        """A card in a reason: "the 12 of Skulls", "the Wild" ("The 12..." with ``capital``)."""
        if x is None:
            return "The card" if capital else "the card"
        words = self.name(x)
        return words[0].upper() + words[1:] if capital else words


class TryEasyBot(TryNormalBot):
    """The normal bot as a casual player would play it, never at random: it remembers only each
    partner's latest few acts, does not count the cards buried in the discard pile, and now and
    then slips to its second-best move (the next best discard, the other pile to draw from)."""

    level = "easy"
    memory = 2  # acts per partner it remembers (shows, takes, draws, drops)
    dead_weight = 0.0  # buried discards are forgotten
    slip = 0.08  # chance of the second-best move (at 0.15 a table with one easy won 0.56x as often)

    def observe(self, events: list[Event]) -> None:
        super().observe(events)
        for seat, acts in self.log.acts.items():
            if seat != self.seat and len(acts) > self.memory:
                del acts[: len(acts) - self.memory]

    def choose(self, view: View) -> str:
        choice = super().choose(view)
        legal = list(view.legal)
        if len(legal) < 2 or self.rng.random() >= self.slip:
            return choice
        phase = TryFacts.of(view).phase
        last_turn = TryFacts.of(view).tryer is not None
        if phase == DISCARD and not last_turn:
            values = self._discard_values(Reading(self, view), legal)
            others = sorted((t for t in values if t != choice), key=lambda t: -values[t])
            return others[0] if others else choice
        if phase == DRAW and not last_turn and set(legal) == {"draw stock", "draw discard"}:
            if choice == "draw discard":
                return "draw stock"
            top = view.zones["discard"][0]
            if self.cards.try_suit(list(view.zones[f"hand/{view.seat}"]) + [top]) is None:
                return "draw discard"  # takes a card it did not need (never a Try by mistake)
        return choice
