"""The judgement ``hard`` plays by between its searches: ``normal``'s conventions, better timed.

Every signal keeps its meaning (a show is still a first discard of 9 or more, a take still backs
its suit, a pass is still a safe draw), so a ``normal`` partner or a person reads a ``hard`` seat
as it reads a ``normal`` one. Only the seat's own weighing changes.

Why: in ``normal`` teams almost every Try is forced by a stock draw onto three cards of the
team's suit, and the Tries that fall short come with about ten stock cards left (the winning
ones with two or three): the team holds three too early and Tries before it has collected the
suit (``bench/try_bots.py --why`` prints that breakdown). So while the stock is still above
``early_stock`` of its first size, this seat weighs the risk of such an early Try in full
(``early_weight``): it keeps two of the suit (and its bid) and passes the third card on, rather
than sitting on three. Later it holds three as ``normal`` does, and Tries on purpose as before.

Its bid too is ``normal``'s (the Wild, else the top card of a clear suit, else a low card), with
one change the table cannot see (bids are secret): when a low card is bid, it comes from the
seat's strongest suit (two cards or more, by points) if that card is at most ``low_bid_slack``
above its lowest card. Off the Tried suit such a bid costs about as little, but it scores when the
team Tries the suit the seat was likeliest to collect.

With two players, a safe draw's card goes straight back on the pile (a pass, as the convention
reads it) and the seat keeps the suit it had. ``normal`` reads the table afresh after such a
draw: a card of 7 or more taken from the pile counts as a take backing its suit, the seat's own
take can turn the suit the table falls back on once the stock is low (``fallback_stock``), and it
may keep the card and throw one of its own suit. Tables of this judgement alone (no search), two
players: 233 wins with the pass against 183 without over 4,000 training deals (seeds 100,000 and
up; 63 deals only with it, 13 only without), 234 against 182 over 4,000 fresh ones (seeds 200,000
and up; 68/16). With three players it won 414 against 417 (99/102) and 367 against 384 (65/82),
so there it stays off.

The figures were chosen by playing whole tables of this bot on deals kept apart from the
benchmark's (seeds 50,000 and up; ``bench/try_bots.py`` plays seeds 0 and up).
"""

from __future__ import annotations

from rules.view import View

from .bots import Reading, TryNormalBot
from .procedure import DISCARD, TryAction, TryFacts


class TryJudgement(TryNormalBot):
    """``normal``'s play, holding only two of the team's suit while the stock is still high."""

    level = "hard"
    early_stock = 0.7  # while the stock is above this share of its first size ...
    early_weight = 1.5  # ... an early Try of the team's suit weighs this much (normal: not at all)
    stickiness = 2.0  # follow a better suit sooner before the table agrees (normal: 6)
    low_bid_slack = 1  # a low bid may be from my strongest suit when at most this much above my lowest card

    pass_back = True  # with two players, a safe draw's card goes straight back (a pass), the target kept
    _pass: tuple[str, int | None] | None = None  # the card a safe draw took, and the target before it

    def choose(self, view: View) -> str:
        held, self._pass = self._pass, None
        facts = TryFacts.of(view)
        if held is not None and facts.phase == DISCARD and facts.tryer is None:
            card, target = held
            text = next((m.text for m in view.actions if m.kind == TryAction.DISCARD and m.card == card), None)
            if text is not None and text in view.legal:
                self.target = target
                return text
        return super().choose(view)

    def _draw(self, read: Reading, legal: list[str]) -> str:
        choice = super()._draw(read, legal)
        top = read.top
        if (
            self.pass_back
            and read.n == 2
            and choice == "draw discard"
            and top is not None
            and not self._is_target(read, top)
            and not self._dangerous(read, read.hand)
            and self.cards.try_suit(read.hand + [top]) is None
        ):
            self._pass = (top, read.target)
        return choice

    def _bid(self, view: View, legal: list[str]) -> str:
        """``normal``'s bid, except a low bid comes from my strongest suit (two cards or more, by
        points) when that costs at most ``low_bid_slack`` points more if the suit is not Tried."""
        choice = super()._bid(view, legal)
        c = self.cards
        options = {m.card: m.text for m in view.actions if m.kind == TryAction.BID}
        card = next((x for x, t in options.items() if t == choice), None)
        if card is None or self.bid_high or c.suit[card] == c.wild or self.low_bid_slack <= 0:
            return choice
        hand = [x for x in view.zones[f"hand/{view.seat}"] if x in options]
        per_suit: dict[int, list[str]] = {}
        for x in hand:
            per_suit.setdefault(c.suit[x], []).append(x)
        strong = [s for s in per_suit if len(per_suit[s]) >= 2]
        if not strong:
            return choice
        best = max(strong, key=lambda s: (sum(c.rank[x] for x in per_suit[s]), -s))
        low = min(per_suit[best], key=lambda x: (c.rank[x], x))
        if c.rank[low] <= c.rank[card] + self.low_bid_slack:
            self.bid_suit = best
            return options[low]
        return choice
