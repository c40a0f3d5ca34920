"""Try's words at the table (RULES.md section 1): a Try and the last turns, the discard rule, the
Tryer's tag, the cooperative outcome, and the result's formula with every hand and bid shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.presenter import Cards, DealTerms, HandLine, HandOrder, MatchEnd, Plate, Presenter, Say, Term, View
from rules.view import DealResult

from .procedure import DRAW, TryDetails, TryFacts


class TryPresenter(Presenter):
    layout_hints = {"own_face_up": "bid"}  # your own bid lies face up before you, others' face down

    def progress_words(self, deal: int, moves: Sequence[tuple[int, str]]) -> str | None:
        """A Try match is one deal: "bidding", then "turn 7" (each player's draw starts a turn)."""
        if not moves:
            return None
        turns = sum(1 for _, text in moves if text.startswith("draw"))
        return f"turn {turns}" if turns else "bidding"

    def move_words(self, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
        if str(data.get("target") or "").startswith("bid/"):
            card = self.card_name(str(data["card"])) if data.get("card") is not None else "a card"
            who = self.name(self.seat_of(str(data["target"])), viewer, names)
            return f"{who} bid {card} (face down)"
        return super().move_words(data, viewer, names)

    def hand_order(self, view: View) -> HandOrder:
        """By suit in the deck's order (Stars, Fire, Skulls, Drips, Brocs), then rank; the Wild at
        the end: a game of gathering one suit reads best that way (no trump)."""
        return HandOrder(tuple(s.id for s in self.deck.suits), tuple(str(r) for r in self.deck.ranks))

    def notes(self, view: View, viewer: int | None, names: Sequence[str]) -> tuple[str, ...]:
        public = TryFacts.of(view)
        out = []
        tryer = public.tryer
        if tryer is not None and not view.over:
            last = [names[s] for s in public.last_turns if 0 <= s < len(names)]
            current = view.current_player
            if current is not None and current != tryer and 0 <= current < len(names):
                last = [names[current]] + [n for n in last if n != names[current]]
            who = "you" if tryer == viewer else names[tryer]
            out.append(f"Try by {who}! Last turns: {', '.join(last)}" if last else f"Try by {who}!")
        drew = public.pile.from_discard_last
        mine = viewer is not None and view.current_player == viewer
        if mine and viewer < len(drew) and drew[viewer] and public.phase == DRAW:  # type: ignore[operator]
            out.append("you took from the discard pile last turn")
        return tuple(out)

    def final_status(
        self, result: DealResult, winners: Sequence[int], viewer: int | None, names: Sequence[str]
    ) -> str | None:
        reason = TryDetails.of(result).reason
        return f"{'You won' if winners else 'The game is lost'}: {reason}" if reason else None

    def plate(self, view: View, seat: int, viewer: int | None, names: Sequence[str], generic: Plate) -> Plate:
        if TryFacts.of(view).tryer == seat:
            return Plate(generic.sub, (*generic.tags, "Try!"))
        return generic

    def say(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> Say | None:
        if kind == "try":
            seat = data.get("seat")
            return Say(f"{self.does(seat, viewer, names, 'say')} Try!", "banner", 1.5, "fanfare")
        if kind == "tried_suit" and data.get("suit"):
            return Say(f"Your Try is in {data['suit']} (a secret until the scoring).", "hint")
        return super().say(kind, data, viewer, names)

    def headline(self, result: DealResult | None, winners: Sequence[int], names: Sequence[str]) -> tuple[str, str]:
        outcome = TryDetails.of(result).outcome if result else None
        if outcome == "win":
            return "WIN", "win"
        if outcome == "loss":
            return "LOSS", "loss"
        return super().headline(result, winners, names)

    def last_deal(self, base: DealTerms, end: MatchEnd) -> DealTerms:
        results, names = end.results, end.names
        last = TryDetails.of(results[-1])
        tried = self.suit_id(last.tried_suit)

        def cards(texts: Sequence[str]) -> Cards:
            dim = tuple(tried is not None and self.card_suit(str(t)) not in (tried, None) for t in texts)
            return Cards(tuple(str(t) for t in texts), dim)

        lines = []
        for key in sorted(last.hands, key=lambda k: int(k) if str(k).isdigit() else 0):
            seat = int(key) if str(key).isdigit() else -1
            name = names[seat] if 0 <= seat < len(names) else str(key)
            tag = "TRY" if last.tryer is not None and seat == last.tryer else ""
            lines.append(HandLine(name, cards(last.hands[key]), tag, "bid", cards(last.bids.get(key, ()))))
        terms = tuple(Term(t.label, t.cards, t.value) for t in last.terms)
        won = last.outcome == "win"
        note = f"{'at least' if won else 'below'} {last.threshold} needed"
        score = last.score
        return DealTerms(
            base.headline,
            base.tone,
            base.reason,
            mark_label="Tried suit: " if last.tried_suit else "",
            mark_glyph=tried,
            mark_value=last.tried_suit or "",
            hands_title="Hands and bids" if lines else "",
            hands=tuple(lines),
            terms_title="Score" if terms else "",
            terms=terms,
            total_label="Total",
            total_note=note,
            total=score,
            sheet=base.sheet if len(results) > 1 else None,
        )
