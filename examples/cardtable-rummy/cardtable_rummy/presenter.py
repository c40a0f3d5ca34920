"""Rummy's words at the table: what to do now, each player's penalty points and cards held, who
went out, and a score sheet of penalty points (lower is better) to the target."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from rules import Action, DealResult, View
from rules.presenter import Cell, DealTerms, MatchEnd, Plate, Presenter, Row, Say, ScoreSheet, Term

from .procedure import RummyDetails, RummyFacts


class RummyPresenter(Presenter):
    """The words and marks of a Rummy match (the neutral presenter's, and these)."""

    def status(
        self, view: View, viewer: int | None, names: Sequence[str], generic: str, legal: Sequence[Action] = ()
    ) -> str:
        if view.over or not self.mine(view, viewer) or not legal:
            return generic
        kinds = {a.kind for a in legal}
        if RummyFacts.of(view).phase == "draw":
            top = next((a for a in legal if a.source == "discard" and a.card is not None), None)
            if top is None:
                return "Your turn: draw from the stock"
            return f"Your turn: draw from the stock, or take the {self.deck.faces[top.card].name} from the discard pile"
        if "add" in kinds or "commit" in kinds:
            return "Building a meld: add cards, then commit (or cancel)"
        starts = [str(a.value) for a in legal if a.kind == "meld"]
        steps = [f"select cards, then Meld a {' or '.join(starts)}"] if starts else []
        if "extend" in kinds:
            steps.append("drop a card on a meld to lay it off")
        return f"Your turn: {'; '.join(steps + ['then discard one card'])}"

    def notes(self, view: View, viewer: int | None, names: Sequence[str]) -> tuple[str, ...]:
        target = RummyFacts.of(view).target if not view.over else None
        return (f"Penalty points to {target}: the lowest total wins",) if target and not view.over else ()

    def plate(self, view: View, seat: int, viewer: int | None, names: Sequence[str], generic: Plate) -> Plate:
        held = len(view.zones.get(f"hand/{seat}", ())) + len(view.zones.get(f"build/{seat}", ()))
        scores = view.scores or ()
        points = f"{scores[seat]} pts" if 0 <= seat < len(scores) else ""
        tags = (*generic.tags, "out") if RummyFacts.of(view).went_out == seat else generic.tags
        return dataclasses.replace(generic, sub=f"{held} cards · {points}", tags=tags)

    def say(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> Say | None:
        if kind == "went_out":
            return Say(f"{self.does(data.get('seat'), viewer, names, 'go')} out!", "banner", 1.4, "fanfare")
        if kind == "stalled":
            return Say("The stock ran out: everyone counts their cards", "banner", 1.4)
        return super().say(kind, data, viewer, names)

    def move_words(self, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
        source, target = str(data.get("source") or ""), str(data.get("target") or "")
        if target.startswith("build/") or source.startswith("build/") and target.startswith("hand/"):
            return None  # a meld being built: said once it is laid
        if source.startswith("build/") and target.startswith("meld/"):
            who = self.name(self.seat_of(source), viewer, names)
            owner = int(target.split("/")[1])
            whose = "your" if owner == viewer else f"{self.name(owner, viewer, names)}'s"
            return f"{who} laid {self.card_name(str(data.get('card')))} in {whose} melds"
        return super().move_words(data, viewer, names)

    # ------------------------------------------------------------- results
    def score_sheet(
        self, results: Sequence[DealResult], totals: Sequence[int], names: Sequence[str], view: View
    ) -> ScoreSheet | None:
        rows = []
        for result in results:
            details = RummyDetails.of(result)
            out = details.went_out
            cells = tuple(
                Cell("out" if seat == out else f"{len(cards)} left", score, score == 0)
                for seat, (cards, score) in enumerate(zip(details.left, result.scores, strict=True))
            )
            rows.append(Row(f"Hand {result.deal}", cells, note="stock ran out" if out is None else ""))
        if not rows:
            return None
        best = min(totals) if totals else None
        target = RummyDetails.of(results[-1]).target
        return ScoreSheet(
            f"After hand {len(rows)}",
            tuple(names),
            tuple(rows),
            summary=f"Penalty points: the match ends at {target}, the lowest total wins" if target else "",
            legend="cards left   penalty",
            totals=tuple(totals),
            leaders=tuple(s for s, t in enumerate(totals) if t == best),
        )

    def last_deal(self, terms: DealTerms, end: MatchEnd) -> DealTerms:
        results, names = end.results, end.names
        last = RummyDetails.of(results[-1])
        said = ["out" if s == last.went_out else f"{len(cards)} cards left" for s, cards in enumerate(last.left)]
        lines = tuple(Term(f"{names[s]}: {said[s]}", cards, results[-1].scores[s]) for s, cards in enumerate(last.left))
        reason = f"The lowest total once a player reached {last.target}"
        return dataclasses.replace(terms, reason=reason, terms_title="The last hand's penalty", terms=lines)
