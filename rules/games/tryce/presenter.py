"""Tryce's words at the table (RULES.md section 2, docs/tryce.md): the hand and its contract, the
sale's prompt, what to do in a turn, each seat's melds against the contract, the information
board with this hand's row lit, banners for a sale, going down and a stalled hand, the score
sheet (a row per hand) and a hand's result terms.

Reads views and the public deal results only (``view.public``: ``hand_no``, ``board_row``,
``contract``, ``laid``, ``went_down``, ``sale``...), never the state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from rules.actions import Action
from rules.presenter import (
    Board,
    CardTag,
    Cell,
    DealTerms,
    MatchEnd,
    Plate,
    Presenter,
    Row,
    Say,
    ScoreSheet,
    Term,
)
from rules.view import DealResult, View

from .facts import TryceDetails, TryceFacts
from .procedure import OVER, SALE, TryceAction

KINDS = (("groups", "group"), ("runs", "run"), ("words", "word"))
HANDS = 7


@cache
def _board_rows() -> tuple[Mapping[str, Any], ...]:
    """The information board as the rules file gives it (the view publishes this hand's row)."""
    from .tables import load_config

    return tuple(load_config().deal["board"])


def contract_words(contract: Mapping[str, Any]) -> str:
    """ "1 group, 1 run, 1 word" from a contract's counts (``groups``, ``runs``, ``words``)."""
    parts = []
    for key, word in KINDS:
        n = int(contract.get(key) or 0)
        if n:
            parts.append(f"{n} {word}{'s' if n != 1 else ''}")
    return ", ".join(parts) or "nothing"


def needed(contract: Mapping[str, Any]) -> int:
    return sum(int(contract.get(key) or 0) for key, _ in KINDS)


class TrycePresenter(Presenter):
    """The words and marks of a Tryce match."""

    def hand_sorts(self) -> tuple[tuple[str, str], ...]:
        """Every card bears a letter: a word is found by sorting the hand by letter."""
        return (("rank", "Rank"), ("suit", "Suit"), ("letter", "Letter"))

    def value_question(self, card: str | None) -> str:
        """A joker stands for a letter (a vowel in a word)."""
        return f"Which letter does your {card} stand for?" if card else "Which letter does the wild card stand for?"

    # ------------------------------------------------------------ helpers
    def card_words(self, text: str) -> str:
        """ "the Q of Hearts (letter H)"; a Joker is just that."""
        try:
            face = self.deck.faces[self.deck.parse(text)]
        except Exception:  # noqa: BLE001 - an unknown text is shown as it is
            return text
        if face.letter:
            return f"the {face.name} (letter {face.letter})"
        return f"a {face.name}"

    def _row(self, view: View) -> Mapping[str, Any]:
        return TryceFacts.of(view).board_row

    def _hands(self, view: View) -> int:
        return TryceFacts.of(view).hands

    def hand_line(self, view: View) -> str:
        facts = TryceFacts.of(view)
        row = facts.board_row
        if not facts.hand_no:
            return ""
        pat = " · pat hand: all at once" if facts.pat else ""
        points = row.get("points")
        worth = f" — {points} points" if points is not None else ""
        return f"Hand {facts.hand_no} of {facts.hands}: {contract_words(facts.contract.to_json())}{worth}{pat}"

    # -------------------------------------------------------------- table
    def status(
        self, view: View, viewer: int | None, names: Sequence[str], generic: str, legal: Sequence[Action] = ()
    ) -> str:
        facts = TryceFacts.of(view)
        phase = facts.phase
        if view.over or phase == OVER:
            return generic
        kinds = {a.kind for a in legal}
        sale = facts.sale
        if TryceAction.BUY in kinds:
            card = sale.for_sale if sale is not None else None
            seller = self.does(sale.seller if sale is not None else None, viewer, names, "sell")
            what = self.card_words(str(card)) if card else "the card"
            return f"{seller} {what}: buy it? You also draw one."
        if phase == SALE:
            card = sale.for_sale if sale is not None else None
            seller = sale.seller if sale is not None else None
            what = self.card_words(str(card)) if card else "the top discard"
            return f"{self.does(seller, viewer, names, 'sell')} {what}: waiting for the buyers"
        if not self.mine(view, viewer) or not legal:
            return generic
        if TryceAction.CUT in kinds:
            return "Name the cut: how many cards to lift"
        if TryceAction.TAKE in kinds or TryceAction.SELL in kinds:
            top = next((a for a in legal if a.kind == TryceAction.TAKE), None)
            what = self.card_words(self.deck.text(top.card)) if top is not None and top.card is not None else "it"
            return f"Your turn: click the discard pile to take {what}, or sell it and draw from the stock"
        if TryceAction.DRAW in kinds:
            return "Your turn: draw from the stock"
        if "add" in kinds or "commit" in kinds:
            kind = (facts.building or {}).get("kind")
            return f"Building a {kind or 'meld'}: add cards, then commit (or cancel)"
        then = "discard one card" if "discard" in kinds else "finish your melds"
        melds = [k for k in ("group", "run", "word") if any(a.text == f"meld {k}" for a in legal)]
        kinds_named = " or ".join([", ".join(melds[:-1]), melds[-1]] if len(melds) > 1 else melds)
        steps = [f"select cards, then Meld a {kinds_named}"] if melds else []  # the contract's kinds only
        if "extend" in kinds:
            steps.append("drop a card on a meld to lay it off")
        return f"Your turn: {'; '.join(steps)}; then {then}" if steps else f"Your turn: {then}"

    def notes(self, view: View, viewer: int | None, names: Sequence[str]) -> tuple[str, ...]:
        line = self.hand_line(view)
        return (line,) if line and not view.over else ()

    def bar_detail(self, view: View, viewer: int | None, names: Sequence[str]) -> str:
        facts = TryceFacts.of(view)
        return f"hand {facts.hand_no} of {facts.hands}" if facts.hand_no else ""

    def plate(self, view: View, seat: int, viewer: int | None, names: Sequence[str], generic: Plate) -> Plate:
        facts = TryceFacts.of(view)
        laid = facts.laid
        contract = facts.contract.to_json()
        tags = list(generic.tags)
        if facts.went_down == seat:
            tags.append("down")
        if 0 <= seat < len(laid):
            count = sum(laid[seat].values())
            need = needed(contract)
            sub = f"{count}/{need} melds"
            if count and count >= need:
                sub = "contract laid"
        else:
            sub = generic.sub
        scores = view.scores or ()
        if 0 <= seat < len(scores):
            sub += f" · {scores[seat]} pts"
        return dataclasses.replace(generic, sub=sub, tags=tuple(tags))

    def board(self, view: View, viewer: int | None, names: Sequence[str]) -> Board | None:
        facts = TryceFacts.of(view)
        rows = [dict(r) for r in _board_rows()]
        current = facts.board_row
        hand_no = facts.hand_no
        if isinstance(hand_no, int) and 1 <= hand_no <= len(rows) and current:
            rows[hand_no - 1] = dict(current)  # the view's row wins (a house rule's board)
        table = tuple(
            (
                str(r.get("hand", i + 1)),
                str(r.get("cards", "")),
                contract_words(r),
                str(r.get("points", "")),
                "yes" if r.get("pat") else "",
            )
            for i, r in enumerate(rows)
        )
        highlight = hand_no - 1 if isinstance(hand_no, int) and 1 <= hand_no <= len(rows) else None
        return Board("Information board", ("Hand", "Cards", "Contract", "Points", "Pat"), table, highlight)

    def card_tags(self, view: View) -> tuple[CardTag, ...]:
        """What each Joker in a meld stands for (a rank, or a word's vowel), on the Joker itself."""
        tags = []
        for zone, meld in TryceFacts.of(view).melds.items():
            cards = view.zones.get(zone) or ()
            stands = meld.stands
            for text, stand in zip(cards, stands, strict=False):
                if text is not None and self._wild(str(text)):
                    tags.append(CardTag(zone, str(text), str(stand)))
        return tuple(tags)

    def _wild(self, text: str) -> bool:
        try:
            return self.deck.faces[self.deck.parse(text)].extra is not None
        except Exception:  # noqa: BLE001 - an unknown text is no wild card
            return False

    def move_words(self, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
        source, target = str(data.get("source") or "").split("/")[0], str(data.get("target") or "").split("/")[0]
        if {source, target} & {"build", "staged"}:
            return None  # cards being arranged before a meld goes down: private, and said when it does
        if target == "meld":
            card = self.card_words(str(data["card"])) if data.get("card") is not None else "a card"
            seat = data.get("seat") if isinstance(data.get("seat"), int) else self.seat_of(str(data.get("source")))
            return f"{self.name(seat, viewer, names)} laid {card} on a meld"
        return super().move_words(data, viewer, names)

    def log_line(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
        line = super().log_line(kind, data, viewer, names)
        if kind == "deal_over" and line and line.startswith("Deal "):  # Tryce plays hands
            return "Hand " + line[len("Deal ") :]
        return line

    def say(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> Say | None:
        if kind == "deal" and data.get("hand"):
            return Say(f"Hand {data['hand']}", "banner", 1.0)
        if kind == "sell":
            return Say(
                f"{self.does(data.get('seat'), viewer, names, 'sell')} {self.card_words(str(data.get('card')))}", "info"
            )
        if kind == "sold":
            winner = data.get("winner")
            if winner is None:
                return Say("Nobody buys it", "info")
            return Say(f"{self.does(winner, viewer, names, 'buy')} it", "banner", 1.0)
        if kind == "went_down":
            return Say(f"{self.does(data.get('seat'), viewer, names, 'go')} down!", "banner", 1.6, "fanfare")
        if kind == "stalled":
            return Say("The hand stalls: no contract points", "banner", 1.6)
        return super().say(kind, data, viewer, names)

    # ------------------------------------------------------------ results
    def score_sheet(
        self, results: Sequence[DealResult], totals: Sequence[int], names: Sequence[str], view: View
    ) -> ScoreSheet | None:
        rows = []
        for result in results:
            d = TryceDetails.of(result)
            cells = []
            for s, score in enumerate(result.scores):
                detail = f"+{d.melds[s]} −{d.penalty[s]}"
                if d.went_down == s:
                    detail = "down " + detail
                cells.append(Cell(detail, int(score), int(score) >= 0))
            note = contract_words(d.contract.to_json())
            if d.stalled:
                note += " · stalled"
            rows.append(Row(f"Hand {d.hand}", tuple(cells), note=note))
        if not rows:
            return None
        best = max(totals) if totals else None
        return ScoreSheet(
            f"After hand {len(rows)}",
            tuple(names),
            tuple(rows),
            legend="melds −cards left · the hand's score",
            totals=tuple(totals),
            leaders=tuple(s for s, t in enumerate(totals) if t == best),
        )

    def headline(self, result: DealResult | None, winners: Sequence[int], names: Sequence[str]) -> tuple[str, str]:
        if result is not None and not winners:
            d = TryceDetails.of(result)
            if d.stalled:
                return f"Hand {d.hand} stalled", "neutral"
            down = d.went_down
            if down is not None and 0 <= down < len(names):
                return f"{names[down]} went down", "win"
        return super().headline(result, winners, names)

    def last_deal(self, base: DealTerms, end: MatchEnd) -> DealTerms:
        results, winners, names = end.results, end.winners, end.names
        last = results[-1]
        d = TryceDetails.of(last)
        terms = []
        for s, score in enumerate(last.scores):
            name = names[s] if s < len(names) else str(s)
            parts = [f"contract +{d.contract_scores[s]}"] if d.contract_scores[s] else []
            parts.append(f"melds +{d.melds[s]}")
            terms.append(Term(f"{name}: {', '.join(parts)}, cards left", d.left[s], int(score)))
        hand = d.hand
        reason = f"Hand {hand}: {contract_words(d.contract.to_json())}, {d.contract_points} points"
        if d.stalled:
            reason += " · stalled: nobody went down, no contract points"
        if winners:
            reason = f"Final scores after {len(results)} hands"
        return DealTerms(
            base.headline, base.tone, reason, terms_title=f"Hand {hand}", terms=tuple(terms), sheet=base.sheet
        )
