"""Oh Hell's words and marks at the table, through the presenter API (:mod:`rules.presenter`).

Everything here reads a seat's view (its ``public`` part: phase, bids, tricks won, the deal
sequence, the bid the dealer's hook forbids), the players' names and the public deal results —
never the state — and returns the API's frozen values; the table draws them with its generic
widgets (the trick widget comes with the layout's ``trick`` zone, not from here):

- the status line: whose bid, what the dealer may not bid, how many tricks the viewer still needs;
- the name plates: "bid 2 · won 1" large (the plate's value), then "14 pts";
- the turned-up card's label: "Trump" (or "No trump" when every card was dealt);
- a "winning" tag over the card that holds the trick so far;
- the corner badge: this deal's trump (or "No trump"), deal n of m and the cards each;
- what the table says when someone bids and when a deal starts;
- the score sheet: per deal and seat the tricks taken against the bid and the points, the totals;
- the result: the last deal's terms per seat (the tricks each took, bid against taken) and the sheet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from rules.actions import Action
from rules.errors import RulesError
from rules.presenter import (
    Badge,
    CardTag,
    Cell,
    DealTerms,
    MatchEnd,
    Plate,
    Row,
    Say,
    ScoreSheet,
    Term,
    TrickPresenter,
    View,
    agree,
)
from rules.tricks import PLAY
from rules.view import DealResult

from .procedure import BID, OhHellDetails, OhHellFacts


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


class OhHellPresenter(TrickPresenter):
    """Bids, tricks against bids, the dealer's hook and the trump of each deal."""

    # ------------------------------------------------------------ helpers
    @staticmethod
    def facts(view: View) -> OhHellFacts:
        return OhHellFacts.of(view)

    def _bidding(self, view: View) -> bool:
        return self.facts(view).phase == BID

    def _bid_total(self, view: View) -> int:
        return sum(b for b in self.facts(view).bids if b is not None)

    # ------------------------------------------------------------- table
    def status(
        self, view: View, viewer: int | None, names: Sequence[str], generic: str, legal: Sequence[Action] = ()
    ) -> str:
        if view.over or view.current_player is None or not self._bidding(view):
            return super().status(view, viewer, names, generic, legal)
        cards = self.facts(view).cards
        if self.mine(view, viewer) and legal:
            return f"Your bid: how many of the {_tricks(cards)} will you take?"
        current = view.current_player
        who = self.name(current, viewer, names)
        return f"{agree(who, 'be')} bidding\u2026" + (" (the dealer bids last)" if current == view.dealer else "")

    def notes(self, view: View, viewer: int | None, names: Sequence[str]) -> tuple[str, ...]:
        if view.over:
            return ()
        pub = self.facts(view)
        cards, bids = pub.cards, pub.bids
        total = self._bid_total(view)
        if self._bidding(view):
            notes = [f"bids so far {total} for {_tricks(cards)}"] if any(b is not None for b in bids) else []
            hooked = pub.hooked_bid
            if hooked is not None:
                who = "you" if view.current_player == viewer and viewer is not None else "the dealer"
                notes.append(f"{who} may not bid {hooked}")
            return tuple(notes)
        if pub.phase != PLAY:
            return ()
        gap = total - cards
        notes = [
            f"bids {total} for {_tricks(cards)}"
            + (f" (over by {gap})" if gap > 0 else f" (under by {-gap})" if gap < 0 else "")
        ]
        won = pub.tricks_won
        if viewer is not None and viewer < len(bids) and viewer < len(won) and bids[viewer] is not None:
            bid, got = bids[viewer], won[viewer] or 0
            if got < bid:
                notes.append(f"you need {bid - got} more")
            elif got == bid:
                notes.append("you have your bid: take no more" if bid < cards else "you have your bid")
            else:
                notes.append(f"you are {got - bid} over your bid")
        return tuple(notes)

    def final_status(
        self, result: DealResult, winners: Sequence[int], viewer: int | None, names: Sequence[str]
    ) -> str | None:
        totals = OhHellDetails.of(result).totals
        if not winners or not totals:
            return None
        who = " and ".join(self.name(s, viewer, names) for s in winners)
        one = len(winners) == 1 and who != "You"
        return f"Game over: {who} win{'s' if one else ''} with {totals[winners[0]]} points"

    def plate(self, view: View, seat: int, viewer: int | None, names: Sequence[str], generic: Plate) -> Plate:
        pub = self.facts(view)
        bids, won = pub.bids, pub.tricks_won
        scores = list(view.scores or ())
        if seat >= len(bids) or seat >= len(won):
            return generic
        bid = bids[seat]
        points = f"{scores[seat]} pts" if seat < len(scores) else ""
        if bid is None:
            line = "bidding\u2026" if self._bidding(view) and view.current_player == seat else "no bid yet"
            return Plate(f"{line} \u00b7 {points}" if points else line, generic.tags)
        return Plate(points, generic.tags, value=f"bid {bid} \u00b7 won {won[seat] or 0}")

    def label(self, zone: str, generic: str, view: View, viewer: int | None, names: Sequence[str]) -> str:
        """The turned-up card is "Trump" (its count of one says nothing), its empty place "No trump"."""
        if zone == "trump":
            return "Trump" if view.zones.get("trump") else "No trump"
        return super().label(zone, generic, view, viewer, names)

    def badge(self, view: View, viewer: int | None, names: Sequence[str]) -> Badge:
        pub = self.facts(view)
        trump = pub.trump
        title = f"Trump: {self.suit_name(trump)}" if trump else "No trump"
        deal, deals, cards = pub.deal, pub.deals, pub.cards
        return Badge(title, (f"Deal {deal} of {deals} \u00b7 {_cards(cards)} each",), trump)

    def card_tags(self, view: View) -> tuple[CardTag, ...]:
        """The card holding the trick so far (from the second card on): the highest trump, else
        the highest card of the suit led (Oh Hell's ranks run low to high in the deck's order)."""
        pub = self.facts(view)
        trick = [card for _place, card in pub.trick]
        if len(trick) < 2 or pub.phase != PLAY:
            return ()
        try:
            faces = [self.deck.faces[self.deck.parse(text)] for text in trick]
        except RulesError:
            return ()
        order = [str(rank) for rank in self.deck.ranks]
        trump, led = pub.trump, faces[0].suit
        best = max(
            range(len(faces)),
            key=lambda i: (faces[i].suit == trump, faces[i].suit == led, order.index(str(faces[i].rank))),
        )
        return (CardTag("trick", trick[best], "winning"),)

    def say(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> Say | None:
        if kind == "bid":
            return Say(f"{self.does(data.get('seat'), viewer, names, 'bid')} {data.get('bid')}", "info")
        if kind == "deal":
            trump = data.get("trump")
            tail = f"{self.suit_name(trump)} are trump" if trump else "no trump"
            return Say(
                f"Deal {data.get('deal')} of {data.get('deals')}: {_cards(int(data.get('cards') or 0))} each, {tail}",
                "banner",
                1.4,
            )
        return super().say(kind, data, viewer, names)

    # -------------------------------------------------------- the results
    def score_sheet(
        self, results: Sequence[DealResult], totals: Sequence[int], names: Sequence[str], view: View
    ) -> ScoreSheet | None:
        if not results:
            return None
        rows = []
        for r in results:
            terms = OhHellDetails.of(r)
            cells = tuple(
                Cell(f"{took}/{bid}", score, exact)
                for bid, took, score, exact in zip(terms.bids, terms.tricks, r.scores, terms.exact, strict=True)
            )
            note = _cards(terms.cards) + ("" if terms.trump else " \u00b7 no trump")
            rows.append(Row(f"Deal {r.deal}", cells, terms.trump, note))
        last = results[-1]
        deals, played = OhHellDetails.of(last).deals, last.deal
        best = max(totals)
        return ScoreSheet(
            f"After deal {played} of {deals}" if played < deals else f"All {deals} deals played",
            tuple(names),
            tuple(rows),
            self._summary(last, names),
            "tricks / bid   points",
            "Total",
            tuple(totals),
            tuple(s for s, t in enumerate(totals) if t == best),
        )

    def _summary(self, result: DealResult, names: Sequence[str]) -> str:
        """One line on the last deal: the bids against the tricks, who made their bid."""
        terms = OhHellDetails.of(result)
        bids, cards = sum(terms.bids), terms.cards
        made = [names[s] for s, exact in enumerate(terms.exact) if exact and s < len(names)]
        who = f"made it: {', '.join(made)}" if made else "nobody made their bid"
        return f"Deal {result.deal}: bids {bids} for {_tricks(cards)} \u00b7 {who}"

    def last_deal(self, terms: DealTerms, end: MatchEnd) -> DealTerms:
        results, totals, winners, names, view = end
        last = results[-1]
        details = OhHellDetails.of(last)
        taken = self._taken(view, len(names), details.cards)
        lines = []
        for seat, name in enumerate(names):
            bid, took = details.bids[seat], details.tricks[seat]
            verdict = "exact" if details.exact[seat] else f"missed by {abs(took - bid)}"
            lines.append(Term(f"{name}: bid {bid}, took {took} \u2014 {verdict}", taken[seat], last.scores[seat]))
        trump = details.trump
        mark = f"{self.suit_name(trump)} trump" if trump else "no trump"
        return dataclasses.replace(
            terms,
            reason=f"The highest total after {len(results)} deal{'s' if len(results) != 1 else ''}",
            mark_label="Last deal: ",
            mark_glyph=trump,
            mark_value=f"{mark}, {_cards(details.cards)} each",
            terms_title=f"Deal {last.deal}: the tricks each took",
            terms=tuple(lines),
            total_label="Highest total",
            total_note=" and ".join(names[s] for s in winners if 0 <= s < len(names)),
            total=max(totals) if totals else None,
        )

    @staticmethod
    def _taken(view: View, players: int, cards: int) -> list[tuple[str, ...]]:
        """The cards of the tricks each seat took in the last deal, from the public history (when
        the view still holds that deal's whole history; else none shown)."""
        history = OhHellFacts.of(view).history
        taken: list[list[str]] = [[] for _ in range(players)]
        if len(history) != cards:
            return [() for _ in range(players)]
        for trick in history:
            winner = trick.winner
            if isinstance(winner, int) and 0 <= winner < players:
                taken[winner].extend(card for _place, card in trick.plays)
        return [tuple(cards_) for cards_ in taken]
