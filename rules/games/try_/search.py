"""Try's ``hard`` bot: better judgement everywhere, determinized look-ahead where it pays.

Between searches ``hard`` plays :class:`TryJudgement`: ``normal``'s conventions with better
timing. It searches only the decisions a game turns on, where play-outs are short or few: whether
to Try now (the pile's top would make four of a suit) and the last turns after a Try. Whether to
risk a stock draw while holding three of a suit (``risk``) can be searched too, but is not by
default: over 587 deals it cost several times as much and won no more.

At such a decision the bot deals *worlds* consistent with its own view only: the
discard pile, its own hand and bid, the cards it saw a partner take from the pile are where
they are; every other card (the partners' hidden cards and bids, the stock, the removed pile)
is dealt at random among the places that may hold it, with each partner's hidden cards leaning
towards the suits its public acts backed (the ``normal`` bot's reading of that partner). After
a Try the Tryer's hidden hand still holds a Try (:meth:`TryState.fill_hidden`).

In each world every candidate move is played out to the end of the game: each partner by a
``normal`` bot (the conventions the team shares; a partner at the table is usually ``normal`` or
a person), this seat by its own judgement; each simulated seat decides from *its* view of that
world — its sampled cards and the public acts — never from the world's truth. A world is worth
the team's win (1 or 0) plus a small term for its score. The same worlds serve every candidate
(paired comparison), and the bot leaves its judgement's move only when another one does clearly
better over them. A decision never takes longer than ``budget_ms`` (a share is kept back for the
answer); ``worlds`` caps the worlds per decision, which makes a seeded bot deterministic when the
cap, not the clock, ends the search.
"""

from __future__ import annotations

import math
import time
from typing import Any

from rules.actions import Action
from rules.bots import Advice
from rules.kinds import ActionKind
from rules.sample import sample
from rules.view import Frozen, View

from .bots import Cards, Reading, TableLog, TryNormalBot
from .judgement import TryJudgement
from .procedure import BID, DRAW, TryAction, TryFacts

MARGIN = 0.15  # share of the time budget kept back for the answer
CANDIDATES = 3  # moves compared at most: normal's and the next best by its own reckoning
MIN_WORLDS = 4  # worlds needed before the search may overrule normal
ANCHOR = 0.03  # a move must beat normal's by this much (win rate plus shaping) to replace it
SHAPING = 0.3  # the most a losing Try is worth (just short of the threshold) beside a win's 1
NEAR = 20  # a losing Try earns a share of SHAPING only within this many points of the threshold
FLOOR = 0.05  # the least weight a suit keeps in a partner's sampled hand


def copy_log(log: TableLog) -> TableLog:
    """An independent copy of a :class:`TableLog` (what a simulated seat remembers)."""
    new = TableLog.__new__(TableLog)
    new.acts = {s: list(a) for s, a in log.acts.items()}
    new.declared = dict(log.declared)
    new.taken = {s: list(t) for s, t in log.taken.items()}
    new.from_discard_last = dict(log.from_discard_last)
    new.just_took = dict(log.just_took)
    new.discards = dict(log.discards)
    new.top, new.top_seat, new.top_show, new.tryer = log.top, log.top_seat, log.top_show, log.tryer
    return new


def seat_view(state: Any, seat: int, legal: list[Action]) -> View:
    """``state.view(seat)`` for the seat to move, from a legal list already made (a play-out
    lists the legal actions once per step)."""
    faces = state.deck.faces
    zones = {}
    for name, cards in state.zones.items():
        if state.zone_visible(name, seat):
            zones[name] = tuple([faces[c].text for c in cards])
        else:
            zones[name] = (None,) * len(cards)
    known = {
        z: tuple([faces[c].text for c in cards])
        for z, cards in state.known.items()
        if cards and not state.zone_visible(z, seat)
    }
    actions = tuple([state._move(a) for a in legal])
    return View(
        state.game.id,
        state.variant,
        state.players,
        Frozen(state.settings),
        seat,
        state.dealer,
        state.deal_no,
        state.current_player,
        tuple([m.text for m in actions]),
        Frozen(zones),
        Frozen(known),
        state._public_view(seat),
        tuple(state.scores),
        state.is_over,
        (),
        actions,
    )


def team_value(state: Any) -> float:
    """What a finished game is worth to the team: the win, plus a little for coming near it.

    Only a score within ``NEAR`` points of the threshold earns the small extra (a ramp up to
    ``SHAPING``): a Try far short of it is worth no more than running out of stock, so the search
    never prefers an early, hopeless Try for its points."""
    threshold = int(state.settings["threshold"])
    if state.outcome == "win":
        return 1.0
    if state.outcome == "stock":
        return 0.0
    return SHAPING * max(0.0, state.team_score - (threshold - NEAR)) / NEAR


class TryHardBot(TryJudgement):
    """``normal``'s conventions better weighed, with the decisions a game turns on played out in
    sampled worlds."""

    level = "hard"
    budget_ms = 500.0  # thinking time per decision (a setting: ``cardtable-sim --budget-ms``)
    worlds = 64  # at most this many worlds per decision
    search_at = frozenset({"try", "last"})  # the kinds of decision searched (see :meth:`pays`)

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self.last_search: dict[str, Any] = {}  # what the last search found (for tests and hints)

    # -------------------------------------------------------------- decide
    def choose(self, view: View) -> str:
        start = time.perf_counter()
        anchor = super().choose(view)  # normal's move; also reads the deck and the events
        self.last_search = {}
        legal = list(view.legal)
        if len(legal) < 2 or self.pays(view) not in self.search_at:
            return anchor
        candidates = self._candidates(view, legal, anchor)
        if len(candidates) < 2:
            return anchor
        return self._search(view, candidates, anchor, start)

    def pays(self, view: View) -> str | None:
        """Which kind of decision this is, if one worth searching: ``try`` (drawing the pile's top
        would make four of a suit), ``risk`` (holding three of a suit, a stock draw may force a Try),
        ``last`` (a last turn after a Try); None otherwise."""
        public = TryFacts.of(view)
        phase = public.phase
        if phase not in ("draw", "discard"):
            return None
        if public.tryer is not None:
            return "last"
        legal = set(view.legal)
        if phase != DRAW or not {"draw stock", "draw discard"} <= legal:
            return None
        if self.cards is None:
            self.cards = Cards(view)
        c = self.cards
        hand = list(view.zones[f"hand/{view.seat}"])
        top = view.zones["discard"][0]
        if c.try_suit(hand + [top]) is not None:
            return "try"
        counts = c.counts(hand)
        if any(counts[s] + counts[c.wild] >= c.try_size - 1 for s in range(c.suits)):
            return "risk"
        return None

    def _candidates(self, view: View, legal: list[str], anchor: str) -> list[str]:
        """The moves worth comparing: both draws; normal's bid, the lowest and the highest card;
        normal's best few discards."""
        phase = TryFacts.of(view).phase
        if len(legal) <= CANDIDATES or phase == DRAW:
            return legal
        if phase == BID:
            c = self.cards
            cards = {m.text: m.card for m in view.actions}
            low = min(legal, key=lambda t: (c.rank[cards[t]], t))
            high = max(legal, key=lambda t: (c.rank[cards[t]], t))
            return list(dict.fromkeys([anchor, low, high]))
        read = Reading(self, view)
        if read.facts.tryer is not None:
            odds = self._tried_odds(read)
            ranked = sorted(legal, key=lambda t: self._final_value(odds, self._card_of[t]))
        else:
            values = self._discard_values(read, legal)
            ranked = sorted(legal, key=lambda t: -values.get(t, -math.inf))
        keep = [anchor] + [t for t in ranked if t != anchor]
        return keep[:CANDIDATES]

    def _search(self, view: View, candidates: list[str], anchor: str, start: float) -> str:
        budget = self.budget_ms / 1000.0
        stop = start + budget * (1.0 - MARGIN)
        weights = self._partner_weights(view)
        totals = dict.fromkeys(candidates, 0.0)
        diffs: dict[str, list[float]] = {t: [] for t in candidates}
        n = 0
        while n < self.worlds and time.perf_counter() < stop:
            world = self._world(view, weights)
            values = {}
            for t in candidates:
                value = self._play_out(world, view, t, stop)
                if value is None:  # out of time: this world is left unfinished and unused
                    break
                values[t] = value
            else:
                for t in candidates:
                    totals[t] += values[t]
                    diffs[t].append(values[t] - values[anchor])
                n += 1
                continue
            break
        best = anchor
        best_gain = 0.0
        if n >= MIN_WORLDS:
            for t in candidates:
                d = diffs[t]
                gain = sum(d) / n
                spread = math.sqrt(sum((x - gain) ** 2 for x in d) / (n - 1)) / math.sqrt(n)
                if gain > ANCHOR and gain > spread and gain > best_gain:
                    best, best_gain = t, gain
        self.last_search = {
            "worlds": n,
            "anchor": anchor,
            "choice": best,
            "means": {t: totals[t] / n for t in candidates} if n else {},
        }
        return best

    # -------------------------------------------------------------- worlds
    def _partner_weights(self, view: View) -> dict[int, list[float]]:
        """Per partner, a weight per suit (and the Wild) for each hidden card: its expected hidden
        cards of that suit (normal's reading of its public acts) per unseen card of the suit."""
        read = Reading(self, view)
        out: dict[int, list[float]] = {}
        for q in read.partners:
            out[q] = [(read.hidden[q][s] + FLOOR) / max(1, read.unseen_count[s]) for s in range(self.cards.suits + 1)]
        return out

    def _world(self, view: View, weights: dict[int, list[float]]) -> Any:
        """A full state consistent with ``view``; partners' hidden cards drawn by ``weights``."""
        state = sample(view, self.rng, search=True)
        if TryFacts.of(view).tryer is not None:
            return state  # the Tryer's hand must hold its Try: the uniform deal keeps that
        zones = state.zones
        suit_of = state.deck.suit_of
        wild = self.cards.wild
        pool: list[int] = []
        slots: list[tuple[int, str, int]] = []  # (partner, zone, places)
        for q in weights:
            hand = f"hand/{q}"
            known = set(state.known.get(hand, ()))
            mine = [c for c in zones[hand] if c not in known]
            zones[hand] = [c for c in zones[hand] if c in known]
            pool.extend(mine)
            slots.append((q, hand, len(mine)))
            bid = f"bid/{q}"
            pool.extend(zones[bid])
            slots.append((q, bid, len(zones[bid])))
            zones[bid] = []
        stock, removed = len(zones["stock"]), len(zones["removed"])
        pool.extend(zones["stock"])
        pool.extend(zones["removed"])
        rng = self.rng
        for q, zone, places in slots:
            w = weights[q]
            for _ in range(places):
                card_w = [w[wild if suit_of[c] < 0 else suit_of[c]] for c in pool]
                x = rng.random() * sum(card_w)
                i = 0
                while i < len(pool) - 1 and x >= card_w[i]:
                    x -= card_w[i]
                    i += 1
                zones[zone].append(pool.pop(i))
        rng.shuffle(pool)
        zones["stock"] = pool[:stock]
        zones["removed"] = pool[stock : stock + removed]
        return state

    # ------------------------------------------------------------ play-out
    def _player(self, seat: int, state: Any, log: TableLog) -> TryNormalBot:
        """The player of ``seat`` in a world, remembering the public acts in ``log``: this seat plays
        by its own judgement, each partner as ``normal``."""
        kind = TryJudgement if seat == self.seat else TryNormalBot
        bot = kind.__new__(kind)
        bot.game_id, bot.seat, bot.rng = self.game_id, seat, self.rng
        bot.log, bot.cards, bot._unread = log, self.cards, []
        bot.settings, bot._card_of = self.settings, {}
        if seat == self.seat:
            bot.target, bot.bid_suit, bot.bid_high = self.target, self.bid_suit, self.bid_high
        else:
            bot.target = None
            bids = state.zones[f"bid/{seat}"]
            face = state.deck.faces[bids[0]] if bids else None
            bot.bid_suit = None if face is None else self.cards.suit[face.text]
            bot.bid_high = face is not None and self.cards.rank[face.text] >= 9
        return bot

    def _play_out(self, world: Any, view: View, first: str, stop: float) -> float | None:
        """The team's value when this seat plays ``first`` in ``world`` and everyone then plays
        normal; None when the clock passes ``stop`` first.

        The simulated seats share one :class:`TableLog` (it holds only public acts, the same at
        every seat); each still decides from its own view of the world. Actions come from the
        legal list the view was built from, so they are done without a second legality check."""
        state = world.clone(search=True)
        log = copy_log(self.log)
        players = [self._player(s, state, log) for s in range(view.players)]
        legal = state.legal_actions()
        text = first
        while True:
            action = next(a for a in legal if a.text == text)
            self._apply(state, action, log)
            if state.is_over:
                return team_value(state)
            if time.perf_counter() > stop:
                return None
            seat = state.current_player
            legal = state.legal_actions()
            text = players[seat].choose(seat_view(state, seat, legal))

    def _apply(self, state: Any, action: Action, log: TableLog) -> None:
        """Do ``action`` (taken from the legal list) without events and note what the table saw."""
        deck = state.deck
        bidding = action.kind == TryAction.BID
        state._do(action, None)
        if action.kind in (ActionKind.DRAW, TryAction.DISCARD):
            log._move(
                {
                    "source": action.source,
                    "target": action.target,
                    "card": deck.faces[action.card].text if action.card is not None else None,
                },
                self.cards,
            )
        elif bidding and state.phase != BID and state.zones["discard"]:  # the last bid turned the up-card
            log._move(
                {"source": "stock", "target": "discard", "card": deck.faces[state.zones["discard"][0]].text}, self.cards
            )
        if state.tryer is not None:
            log.tryer = state.tryer

    # --------------------------------------------------------------- hints
    def move_words(self, text: str) -> str:
        """Another move in words, for a comparison: "drawing from the stock", "discarding the 7 of Fire"."""
        kind, _, rest = text.partition(" ")
        if kind == ActionKind.DRAW:
            return "drawing from the stock" if rest == "stock" else "taking the discard"
        verb = {"discard": "discarding", "bid": "bidding"}.get(kind, kind)
        return f"{verb} {self.name(rest)}" if rest in self.cards.suit else verb

    def advise(self, view: View) -> Advice:
        choice = self.choose(view)
        reason = self.reason(view, choice)
        found = self.last_search
        if found and found.get("choice") != found.get("anchor") and found.get("means"):
            means = found["means"]
            reason = (
                f"{reason}; played out over {found['worlds']} possible deals it scores better than "
                f"{self.move_words(found['anchor'])} ({means[choice]:.2f} against {means[found['anchor']]:.2f})"
            )
        return Advice(choice, reason)
