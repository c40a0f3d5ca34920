"""3-Player Troeven's bots: ``normal`` is the trick games' own (rules/bots/trick_bot.py), ``easy`` that
one with a person's slips; ``hard`` searches the card play (rules/bots/ismcts.py) scored by
Troeven's card points."""

from __future__ import annotations

from rules.bots.ismcts import Goal, TrickHardBot
from rules.bots.trick_bot import Reading, TrickEasyBot, TrickNormalBot
from rules.tricks import PlayKernel
from rules.view import View

from .procedure import TroevenFacts

MARGIN = 0.2  # weight of the point margin beside the deal's outcome (it breaks ties between plans)


class PointsGoal(Goal):
    """A deal of Troeven. With the dummy: the caller's side (caller and dummy) against the dealer's
    (dealer and partner), the side with more card points wins the deal. Without: the player with
    the most points alone takes a point off their tally; a caller short of the top adds one."""

    def __init__(self, players: int, caller: int, dealer: int, partner: int, dummy: bool, total: int) -> None:
        super().__init__(players)
        self.caller, self.dealer, self.partner, self.dummy = caller, dealer, partner, dummy
        self.total = max(1, total)
        if dummy:
            self.side = [0 if seat == caller else 1 for seat in range(players)]

    def utilities(self, kernel: PlayKernel) -> list[float]:
        points = kernel.points
        total = self.total
        if self.dummy:
            mine = points[self.caller]
            theirs = points[self.dealer] + points[self.partner]
            outcome = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
            caller = (1 - MARGIN) * outcome + MARGIN * (0.5 + (mine - theirs) / (2 * total))
            return [caller if seat == self.caller else 1.0 - caller for seat in range(len(points))]
        top = max(points)
        tops = [seat for seat, p in enumerate(points) if p == top]
        out = []
        for seat, p in enumerate(points):
            change = (-1 if tops == [seat] else 0) + (1 if seat == self.caller and p < top else 0)
            others = max(q for s, q in enumerate(points) if s != seat)
            margin = 0.5 + (p - others) / (2 * total)
            out.append((1 - MARGIN) * (1 - change) / 2 + MARGIN * margin)
        return out


class TroevenHardBot(TrickHardBot):
    """3-Player Troeven's ``hard``: ISMCTS over the card play; trump as ``normal`` names it."""

    def goal(self, view: View) -> Goal:
        facts = TroevenFacts.of(view)
        total = sum(self._tables(view)[0].points)
        return PointsGoal(view.players, facts.caller, view.dealer, facts.partner, bool(facts.dummy_columns), total)


class TroevenEasyBot(TrickEasyBot):
    """``easy`` for 3-Player Troeven: the trick games' ``easy`` (it forgets older tricks) whose slip is
    ``normal``'s second choice, the card it would play if its first were not in hand, rather
    than any card: a person's misjudgement, not a throw. It keeps the
    last three tricks in mind, as a player counting points does."""

    memory = 3
    forget = 0.4
    noise = 0.1

    def play(self, view: View, reading: Reading, plays: list[str]) -> str:
        meant = TrickNormalBot.play(self, view, reading, plays)
        if len(plays) > 1 and self.rng.random() < self.noise:
            return TrickNormalBot.play(self, view, reading, [c for c in plays if c != meant])
        return meant
