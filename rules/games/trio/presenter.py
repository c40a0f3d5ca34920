"""Trio's words at the table (RULES.md section 5): the status line (what was revealed, one more!),
the goal in the top bar, each seat's progress chips and team on its plate, what a reveal, a
trio, a mismatch and a swap say, and the trios taken at the end (the winning ones lit)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rules.actions import Action
from rules.presenter import (
    Cards,
    DealTerms,
    EndWords,
    Exchange,
    Held,
    History,
    HistoryRow,
    MatchEnd,
    Mention,
    Plate,
    Presenter,
    Say,
    SetLine,
    View,
    both,
)
from rules.view import DealResult

from .procedure import SWAP, TrioAction, TrioDetails, TrioFacts

TEAM_NAMES = "ABC"
END_WORDS = {"low": "lowest", "high": "highest"}
NUMBER_WORDS = dict(
    enumerate(("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"))
)


def _teams(view: View) -> list[list[int]]:
    return [list(t) for t in TrioFacts.of(view).teams or ()]


def team_of(teams: list[list[int]], seat: int) -> int | None:
    return next((i for i, t in enumerate(teams) if seat in t), None)


class TrioPresenter(Presenter):
    def progress_words(self, deal: int, moves: Sequence[tuple[int, str]]) -> str | None:
        """A Trio match is one deal: "turn 9" (a turn: one player's run of reveals)."""
        turns, last = 0, None
        for seat, text in moves:
            if text.startswith("reveal") and seat != last:
                turns += 1
            last = seat if text.startswith("reveal") else last
        return f"turn {turns}" if turns else None

    def sides(self, game: Any, variant: str, settings: Mapping[str, Any], names: Sequence[str]) -> str:
        """In team mode partners sit opposite (seats s and s + n/2): the teams by name."""
        n = len(names)
        if not settings.get("teams") or n % 2:
            return ""
        teams = [both(names[s], names[s + n // 2]) for s in range(n // 2)]
        if len(teams) == 2:
            return f"Partners sit opposite: {teams[0]} against {teams[1]}."
        return f"Partners sit opposite, {len(teams)} teams: " + "; ".join(teams) + "."

    def variant_words(self, game: Any, variant: str, settings: Mapping[str, Any]) -> str:
        """The variant's description with the goal as chosen: "Four trios win, or the trio of 7s."
        (the rules file's words hold the defaults)."""
        sevens = bool(settings.get("sevens_win", True))
        spicy, teams = bool(settings.get("spicy")), bool(settings.get("teams"))
        if spicy:
            goal = "two connected win" if teams else "Two connected trios win (sum 7 or difference 7)"
        else:
            count = int(settings.get("trios_to_win", 3))
            word = NUMBER_WORDS.get(count, str(count))
            goal = (
                f"{word} win{'s' if count == 1 else ''}"
                if teams
                else f"{word.capitalize()} trio{'' if count == 1 else 's'} win{'s' if count == 1 else ''}"
            )
        end = (", or the 7s." if teams else ", or the trio of 7s.") if sevens else "."
        if teams:
            dealt = "" if spicy else " all cards dealt;"
            return f"4 or 6 players in teams of two sitting opposite;{dealt} pooled trios: {goal}{end}"
        return f"{goal}{end}"

    def _names(self, seats: Sequence[int], viewer: int | None, names: Sequence[str]) -> str:
        words = ["you" if s == viewer else self.name(s, None, names) for s in seats]
        if viewer in seats:  # "you and Cleo"
            words.sort(key=lambda w: w != "you")
        text = " and ".join(words)
        return text[:1].upper() + text[1:]

    def winners_line(self, winners: Sequence[int], viewer: int | None, names: Sequence[str]) -> str:
        """ "You win", "Ann wins", "Bob and Dan win"."""
        if not winners:
            return "The game is over"
        one = len(winners) == 1 and winners[0] != viewer
        return f"{self._names(winners, viewer, names)} win{'s' if one else ''}"

    def bar_detail(self, view: View, viewer: int | None, names: Sequence[str]) -> str:
        settings = view.settings or {}
        sevens = " or the 7s" if settings.get("sevens_win", True) else ""
        if settings.get("spicy"):
            goal = f"2 connected trios{sevens} win"
        else:
            count = int(settings.get("trios_to_win", 3))
            goal = f"{count} trio{'s' if count != 1 else ''}{sevens} win"
        return f"teams pool their trios: {goal}" if settings.get("teams") else goal

    def _partner(self, view: View, viewer: int | None, names: Sequence[str]) -> str:
        for team in _teams(view):
            if viewer in team:
                others = [s for s in team if s != viewer]
                return self.name(others[0], None, names) if others else "your partner"
        return "your partner"

    def status(
        self, view: View, viewer: int | None, names: Sequence[str], generic: str, legal: Sequence[Action] = ()
    ) -> str:
        public = TrioFacts.of(view)
        if view.over:
            reason = public.reason
            line = self.winners_line(list(public.winners), viewer, names)
            return f"{line}: {reason}" if reason else line
        current = view.current_player
        mine = self.mine(view, viewer) and bool(legal)
        if public.phase == SWAP:
            if mine:
                partner = self._partner(view, viewer, names)
                return (
                    f"Offer {partner} one of your cards: drag it onto their hand, or click it and press Swap "
                    "\u2014 or Pass"
                )
            choice = public.choice
            waiting = [s for s in choice.order if s not in choice.answered] if choice is not None else []
            verb = "are" if len(waiting) > 1 or viewer in waiting else "is"
            return f"{self._names(waiting, viewer, names)} {verb} choosing a card to swap\u2026" if waiting else generic
        numbers = [str(t) for t in (view.zones or {}).get("revealed", ()) if t is not None]
        if not numbers:
            if mine:
                return "Your turn: reveal a middle card or the lowest/highest card of any hand"
            return generic
        who = "You" if current == viewer and mine else self.name(current, None, names)
        shown = ", ".join(numbers)
        if len(numbers) >= 2:
            return f"{who} revealed {shown} \u2014 one more!"
        return f"{who} revealed {shown} \u2014 now another {numbers[0]}" if mine else f"{who} revealed {shown}"

    def final_status(
        self, result: DealResult, winners: Sequence[int], viewer: int | None, names: Sequence[str]
    ) -> str | None:
        return None  # the status line above says it

    def plate(self, view: View, seat: int, viewer: int | None, names: Sequence[str], generic: Plate) -> Plate:
        teams = _teams(view)
        team = team_of(teams, seat)
        sub = generic.sub if team is None else f"{generic.sub}  \u00b7  team {TEAM_NAMES[team % len(TEAM_NAMES)]}"
        tags = tuple(t for t in generic.tags if t != "dealer")  # the dealer only decides who starts; chips go there
        return Plate(sub, tags, tuple(self.progress(view, seat)), team)

    @staticmethod
    def trio_numbers(view: View, seats: Sequence[int]) -> list[int]:
        zones = view.zones or {}
        numbers: list[int] = []
        for seat in seats:
            cards = [t for t in zones.get(f"trios/{seat}", ()) if t is not None]
            numbers += [int(t) for t in cards[::3] if str(t).isdigit()]
        return numbers

    def progress(self, view: View, seat: int) -> list[int | None]:
        """A seat's chips: its (team's) trios toward the goal; simple mode adds the places still to
        fill, spicy mode shows the numbers held (two connected ones win)."""
        settings = view.settings or {}
        teams = _teams(view)
        team = team_of(teams, seat)
        spicy = bool(settings.get("spicy"))
        need = 2 if spicy else int(settings.get("trios_to_win", 3))
        numbers = self.trio_numbers(view, teams[team] if team is not None else [seat])
        places: list[int | None] = list(numbers) if spicy else list(numbers[:need])
        return places + [None] * max(0, need - len(places))

    def move_words(self, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
        if str(data.get("target", "")).startswith("trios/"):
            said = self.say("move", data, viewer, names)
            return said.text if said is not None else None
        return super().move_words(data, viewer, names)

    def say(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> Say | None:
        if kind == "return":
            shown = [str(t) for t in data.get("revealed") or []]
            if len(shown) >= 2:  # what was turned up, to remember: "Mismatch: 4, then 9 ..."
                return Say(f"Mismatch: {', '.join(shown[:-1])}, then {shown[-1]} — the cards go back.", "info")
            return Say("Mismatch: the cards go back.", "info")
        if kind == "move" and str(data.get("target", "")).startswith("trios/"):
            seat = int(str(data["target"]).split("/")[1])
            return Say(f"{self.does(seat, viewer, names, 'take')} the trio of {data.get('card')}s!", "banner", 0.9)
        if kind == "choose":
            return Say("Swap: partners may offer each other one card.", "info")
        if kind == "swap":
            team = [s for s in data.get("team") or [] if isinstance(s, int)]
            who = " and ".join("you" if s == viewer else self.name(s, None, names) for s in team)
            who = who[:1].upper() + who[1:]
            return Say(f"{who} swapped a card" if data.get("swapped") else f"{who} kept their cards", "news")
        if kind == "match_over":
            return Say(self.winners_line(data.get("winners") or [], viewer, names), "banner", 1.6)
        return super().say(kind, data, viewer, names)

    # ------------------------------------------------- the table's widgets
    def held(self, view: View) -> tuple[Held, ...]:
        """The cards revealed this turn lie where they came from: a middle place, a hand's end."""
        return tuple(Held(zone, end) for zone, end in TrioFacts.of(view).revealed)

    def held_from(self, data: Mapping[str, Any]) -> Held:
        return Held(str(data.get("source")), data.get("end"))

    def end_words(self) -> EndWords:
        return EndWords(
            END_WORDS["low"], END_WORDS["high"], "Only the lowest or the highest card of a hand may be revealed."
        )

    def hint_text(self, action: Action, viewer: int | None, names: Sequence[str]) -> str | None:
        source = str(action.source or "")
        if action.kind == TrioAction.REVEAL and source.startswith("middle/"):
            return f"reveal middle card {int(source.split('/')[1]) + 1}"
        end = self.action_end(action)
        if action.kind == TrioAction.REVEAL and end is not None:
            seat = int(source.split("/")[1])
            whose = "your" if seat == viewer else f"{self.name(seat, None, names)}'s"
            return f"reveal {whose} {END_WORDS[end]} card"
        if action.kind == TrioAction.SWAP and action.card is not None:
            return f"offer your {self.deck.text(action.card)} to your partner"
        return None

    def exchange(self, view: View, viewer: int | None, names: Sequence[str]) -> Exchange:
        public = TrioFacts.of(view)
        answer = (public.choice.mine if public.choice is not None else None) or ""
        offered = answer.split()[1] if public.phase == SWAP and answer.startswith("swap ") else None
        return Exchange(
            "Swap",
            "Pass",
            "Press {give} to offer the {card} to {partner}, or drop it on their hand.",
            "Click one of your cards first, then press {give} (or drop it on your partner's hand).",
            "offered",
            offered,
        )

    def history(self, view: View, viewer: int | None, names: Sequence[str]) -> History | None:
        """The last turns' reveals, newest first: who, each card with where it came from ("mid 3",
        "Bob low", "your high"), and "trio!" when the turn took one."""
        rows = []
        for turn in reversed(TrioFacts.of(view).history):
            seat = turn.seat
            items = tuple(Mention(card, self._where(zone, end, viewer, names)) for card, zone, end in turn.reveals)
            result = turn.result or ""
            took = f"{result}!" if result and result != "mismatch" else ""
            rows.append(HistoryRow(self.name(seat, viewer, names), items, took))
        return History("Last reveals (newest first)", tuple(rows))

    def _where(self, zone: str, end: str | None, viewer: int | None, names: Sequence[str]) -> str:
        if zone.startswith("middle/"):
            return f"mid {int(zone.split('/')[1]) + 1}"
        seat = int(zone.split("/")[1])
        return f"{'your' if seat == viewer else self.name(seat, None, names)} {end}"

    # ------------------------------------------------------------ result
    @staticmethod
    def _winning_numbers(reason: str) -> set[str] | None:
        """Which of the winners' trios won (the 7s, a connected pair); None: all of them."""
        if "7s" in reason:
            return {"7"}
        pair = re.search(r"\((\d+) and (\d+)\)", reason)
        return set(pair.groups()) if pair else None

    def last_deal(self, base: DealTerms, end: MatchEnd) -> DealTerms:
        results, winners, names, view = end.results, end.winners, end.names, end.view
        last = TrioDetails.of(results[-1])
        sets = {str(k): [str(c) for c in v] for k, v in last.trios.items()}
        teams = _teams(view)
        groups = [sorted(int(s) for s in t) for t in teams] if teams else [[s] for s in range(len(names))]
        lit = self._winning_numbers(last.reason)
        lines = []
        for group in groups:
            who = " & ".join(names[s] for s in group if 0 <= s < len(names))
            won = bool(set(group) & set(winners))
            cards = [c for s in group for c in sets.get(str(s), [])]
            dim = tuple(won and lit is not None and c not in lit for c in cards)
            verb = ("wins" if len(group) == 1 and who.strip().lower() != "you" else "win") if won else ""
            count = f"{len(cards)} trio{'s' if len(cards) != 1 else ''}"
            lines.append(SetLine(who, Cards(tuple(cards), dim), won, verb, count))
        return DealTerms(
            base.headline,
            base.tone,
            base.reason,
            sets_title="Trios taken",
            set_copies=3,
            sets=tuple(lines),
            sheet=base.sheet if len(results) > 1 else None,
        )
