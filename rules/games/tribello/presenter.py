"""Tribello's words at the table (RULES.md section 3): the badge with trump, round and deal, the
tricks against each quota on the plates, the exchange and trump phases, the cut card, and the
score sheet of tricks against quotas."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.actions import Action
from rules.presenter import (
    Badge,
    CardTag,
    Cell,
    Plate,
    Row,
    Say,
    ScoreSheet,
    Showcase,
    TrickPresenter,
    View,
    agree,
)
from rules.view import DealResult

from .procedure import EXCHANGE, TRUMP, TribelloAction, TribelloDetails, TribelloFacts


class TribelloPresenter(TrickPresenter):
    def badge(self, view: View, viewer: int | None, names: Sequence[str]) -> Badge:
        pub = TribelloFacts.of(view)
        trump = pub.trump
        if pub.aim == "at_most":
            headline = "Nullo \u00b7 no trump"
        elif trump:
            headline = f"Trump: {self.suit_name(trump)}"
        elif pub.trump_from == "dealer":
            headline = "Trump: the dealer names it"
        else:
            headline = "No trump"
        line = f"Round {pub.round} \u00b7 deal {pub.deal} of {pub.deals}"
        return Badge(headline, (line,), trump)

    def plate(self, view: View, seat: int, viewer: int | None, names: Sequence[str], generic: Plate) -> Plate:
        pub = TribelloFacts.of(view)
        won, quotas = pub.tricks_won, pub.quotas
        if seat >= len(won) or seat >= len(quotas):
            return generic
        aim = "at most" if pub.aim == "at_most" else "at least"
        return Plate(f"tricks {won[seat]} / {aim} {quotas[seat]}", generic.tags)

    def status(
        self, view: View, viewer: int | None, names: Sequence[str], generic: str, legal: Sequence[Action] = ()
    ) -> str:
        if view.over or view.current_player is None:
            return generic
        phase = TribelloFacts.of(view).phase
        mine = self.mine(view, viewer) and bool(legal)
        who = self.name(view.current_player, viewer, names)
        if phase == EXCHANGE:
            if not mine:
                return f"{agree(who, 'be')} choosing cards to exchange\u2026"
            room = len((view.zones or {}).get("pickup") or ())
            confirm = next((a.label for a in legal if a.kind == TribelloAction.EXCHANGE), "Keep my hand")
            return f"Exchange: click up to {room} cards to swap with the pickup, then press \u201c{confirm}\u201d"
        if phase == TRUMP:
            return "You deal: name trump for this deal" if mine else f"{agree(who, 'be')} naming trump\u2026"
        return super().status(view, viewer, names, generic, legal)

    def showcase(self, view: View) -> Showcase | None:
        """The cut card, shown in the middle once the new deal is on the table, then to the dealer."""
        pub = TribelloFacts.of(view)
        zones = view.zones or {}
        players = len(view.scores or ())
        fresh = (
            pub.cut
            and pub.phase == EXCHANGE
            and not zones.get("discards")
            and len(pub.exchangers) == players
            and not any(zones.get(f"exchange/{s}") for s in range(players))
        )
        if not fresh:
            return None
        cut = str(pub.cut)
        suit = self.card_suit(cut)
        caption = f"Cut: {self.card_name(cut)} \u2014 {self.suit_name(suit)} are trump"
        return Showcase(cut, f"hand/{view.dealer}", caption, str(pub.deal))

    def card_tags(self, view: View) -> tuple[CardTag, ...]:
        cut = TribelloFacts.of(view).cut
        return (CardTag(f"hand/{view.dealer}", str(cut), "cut"),) if cut else ()

    def move_words(self, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
        source, target = str(data.get("source") or ""), str(data.get("target") or "")
        if source.startswith("exchange/") and not target.startswith("discard") or target.startswith("exchange/"):
            return None  # a card chosen or let go for the exchange: the exchange's own line says the outcome
        if source == "pickup":
            who = self.name(self.seat_of(target), viewer, names)
            card = self.card_name(str(data["card"])) if data.get("card") is not None else "a card"
            return f"{who} picked up {card}"
        return super().move_words(data, viewer, names)

    def say(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> Say | None:
        if kind == "exchange":
            seat, count = data.get("seat"), int(data.get("count", 0))
            if seat == viewer:
                return None
            did = f"exchanged {count} card{'s' if count != 1 else ''}" if count else "kept the hand"
            return Say(f"{self.name(seat, viewer, names)} {did}.", "info")
        return super().say(kind, data, viewer, names)

    def score_sheet(
        self, results: Sequence[DealResult], totals: Sequence[int], names: Sequence[str], view: View
    ) -> ScoreSheet:
        rows = []
        for r in results:
            terms = TribelloDetails.of(r)
            note = "Nullo" if terms.aim == "at_most" else ("No trump" if terms.trump is None else "")
            cells = tuple(
                Cell(f"{tricks}/{quota}", score, score > 0)
                for tricks, quota, score in zip(terms.tricks, terms.quotas, r.scores, strict=True)
            )
            rows.append(Row(f"Deal {r.deal}", cells, terms.trump, note))
        best = max(totals) if rows else None
        deals = TribelloFacts.of(view).deals
        played = results[-1].deal if results else 0
        last = TribelloDetails.of(results[-1]) if results else None
        summary = f"Round {last.round}: {last.round_name}" if last else ""
        return ScoreSheet(
            f"After deal {played} of {deals}" if played < deals else f"All {deals} deals played",
            tuple(names),
            tuple(rows),
            summary,
            "tricks / quota   points",
            "Total",
            tuple(totals),
            tuple(s for s, t in enumerate(totals) if t == best),
        )
