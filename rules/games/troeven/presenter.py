"""3-Player Troeven's words at the table (RULES.md section 4): the badge with trump, the caller and
the two sides, tallies and card points on the plates, the caller's tag, naming trump, the dummy's
label, and the score sheet of card points and tally changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.actions import Action
from rules.presenter import Badge, Cell, Plate, Row, ScoreSheet, TrickPresenter, View, agree, both, person
from rules.tricks import DUMMY, PLAY
from rules.view import DealResult

from .procedure import CALL, TroevenDetails, TroevenFacts


class TroevenPresenter(TrickPresenter):
    def sides(self, game: Any, variant: str, settings: Mapping[str, Any], names: Sequence[str]) -> str:
        """With a dummy the sides change every deal (the caller, left of the dealer, and the dummy
        against the dealer and the player right of the dealer): one sentence per dealer. In the
        thirty-card version every player plays for themself."""
        deal = {**game.config.deal, **game.config.variants[variant].get("deal", {})}
        n = len(names)
        if not deal.get("dummy") or n != 3:
            return (
                "Every player for themself: " + ", ".join(person(x) for x in names[:-1]) + f" and {person(names[-1])}."
                if n > 1
                else ""
            )
        words = [
            "Sides change with each deal: the player left of the dealer calls trump and plays"
            " with the dummy against the other two."
        ]
        for dealer in range(n):
            caller, partner = names[(dealer + 1) % n], names[(dealer + 2) % n]
            deals = "you deal" if names[dealer] == "You" else f"{names[dealer]} deals"
            words.append(f"When {deals}, {person(caller)} and the dummy play against {both(names[dealer], partner)}.")
        return " ".join(words)

    def badge(self, view: View, viewer: int | None, names: Sequence[str]) -> Badge:
        pub = TroevenFacts.of(view)
        trump = pub.trump
        caller = pub.caller
        headline = f"Trump: {self.suit_name(trump)}" if trump else "Trump: not named yet"
        lines = [
            f"Deal {pub.deal} \u00b7 {self.call_words(caller, trump, viewer, names)}" if caller is not None else ""
        ]
        if pub.dummy_columns:
            points = pub.points
            partner = pub.partner
            dealer = view.dealer
            line = ""
            if isinstance(caller, int) and isinstance(partner, int) and isinstance(dealer, int):
                ours = points[caller]
                theirs = points[dealer] + points[partner]
                score = f"{ours} : {theirs}" if ours + theirs else "vs"
                line = (
                    f"{self.name(caller, viewer, names)} + dummy  {score}  "
                    f"{self.name(dealer, viewer, names)} + {self.name(partner, viewer, names)}"
                )
            lines.append(line)
        return Badge(headline, tuple(lines), trump)

    def call_words(self, caller: object, trump: str | None, viewer: int | None, names: Sequence[str]) -> str:
        """Who calls trump, until it is named ("you call trump"), then what was called ("Ann called Hearts")."""
        who = self.name(caller, viewer, names, "you")
        if not trump:
            return f"{who} call{'' if who == 'you' else 's'} trump"
        return f"{who} called {self.suit_name(trump)}"

    def plate(self, view: View, seat: int, viewer: int | None, names: Sequence[str], generic: Plate) -> Plate:
        scores = view.scores or ()
        pub = TroevenFacts.of(view)
        points = pub.points
        tags = (*generic.tags, "caller") if pub.caller == seat else generic.tags
        if seat >= len(scores) or seat >= len(points):
            return Plate(generic.sub, tags)
        return Plate(f"tally {scores[seat]} \u00b7 {points[seat]} points", tags)

    def status(
        self, view: View, viewer: int | None, names: Sequence[str], generic: str, legal: Sequence[Action] = ()
    ) -> str:
        if view.over or view.current_player is None:
            return generic
        pub = TroevenFacts.of(view)
        mine = self.mine(view, viewer) and bool(legal)
        who = self.name(view.current_player, viewer, names)
        if pub.phase == PLAY and pub.to_play == DUMMY:
            return (
                "Play for the dummy: drag one of its face-up cards to the trick"
                if mine
                else f"{agree(who, 'play')} for the dummy\u2026"
            )
        if pub.phase == CALL:
            first = pub.caller_first
            return (
                f"You call trump: name it from your first {first} cards"
                if mine
                else f"{agree(who, 'be')} naming trump\u2026"
            )
        return super().status(view, viewer, names, generic, legal)

    def label(self, zone: str, generic: str, view: View, viewer: int | None, names: Sequence[str]) -> str:
        if not zone.startswith("dummy"):
            return generic
        caller = TroevenFacts.of(view).dummy_player
        if caller is None:
            return "Dummy"
        if caller == viewer:
            return "Dummy \u00b7 your partner"
        return f"Dummy \u00b7 {self.name(caller, None, names)}'s partner"

    def score_sheet(
        self, results: Sequence[DealResult], totals: Sequence[int], names: Sequence[str], view: View
    ) -> ScoreSheet:
        rows = []
        for r in results:
            terms = TroevenDetails.of(r)
            caller = terms.caller
            note = f"{names[caller]} called" if 0 <= caller < len(names) else ""
            # a tally runs down to 0 to win: a step down is good news (green), a step up bad (red)
            cells = tuple(Cell(f"{p} pts", c, c < 0) for p, c in zip(terms.points, terms.changes, strict=True))
            rows.append(Row(f"Deal {r.deal}", cells, terms.trump, note))
        low = min(totals) if rows else None
        summary = ""
        if results:
            last = TroevenDetails.of(results[-1])
            if last.sides:
                caller_side, dealer_side = last.sides["caller"], last.sides["dealer"]
                who = [names[p] if isinstance(p, int) else "dummy" for p in caller_side.places]
                them = [names[p] for p in dealer_side.places if isinstance(p, int)]
                summary = f"{' + '.join(who)} {caller_side.points} : {dealer_side.points} {' + '.join(them)}"
            else:
                top = [names[s] for s in last.top or ()]
                summary = f"Most points: {' and '.join(top)} ({max(last.points)})"
        played = results[-1].deal if results else 0
        return ScoreSheet(
            f"After deal {played}",
            tuple(names),
            tuple(rows),
            summary,
            "card points   tally change (down is good)",
            "Tally (0 wins)",
            tuple(totals),
            tuple(s for s, t in enumerate(totals) if t == low),
        )
