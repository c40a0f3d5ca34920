"""Tribello's bots: ``normal`` is the trick games' own (rules/bots/trick_bot.py), ``easy`` that
one with a person's slips; ``hard`` searches the card play (rules/bots/ismcts.py) scored by
Tribello's quotas."""

from __future__ import annotations

from rules.bots.ismcts import Goal, TrickHardBot, relative
from rules.bots.trick_bot import Reading, TrickEasyBot, TrickNormalBot
from rules.tricks import PlayKernel
from rules.view import View

from .procedure import TribelloFacts


class QuotaGoal(Goal):
    """A deal of Tribello: one point a trick over the quota (``at_least``) or under it (``at_most``),
    minus one a trick the other way; the highest total wins, so each seat's score counts against
    the others'."""

    def __init__(self, quotas: list[int], aim: str, tricks: int) -> None:
        super().__init__(len(quotas))
        self.quotas = quotas
        self.sign = 1 if aim == "at_least" else -1
        self.spread = 4.0  # a few tricks either way span the utilities (the UCB constant is tuned to it)

    def utilities(self, kernel: PlayKernel) -> list[float]:
        sign = self.sign
        return relative([sign * (won - quota) for won, quota in zip(kernel.won, self.quotas, strict=True)], self.spread)

    def wants(self, kernel: PlayKernel, seat: int) -> bool:
        return self.sign > 0


class TribelloHardBot(TrickHardBot):
    """Tribello's ``hard``: ISMCTS over the card play; trump and the exchange as ``normal``."""

    def goal(self, view: View) -> Goal:
        facts = TribelloFacts.of(view)
        tricks = facts.tricks_left + sum(facts.tricks_won)
        return QuotaGoal(list(facts.quotas), facts.aim, tricks)


class TribelloEasyBot(TrickEasyBot):
    """``easy`` for Tribello: the trick games' ``easy`` (it forgets older tricks) whose slip is
    ``normal``'s second choice, the card it would play if its first were not in hand, rather
    than any card: a person's misjudgement, not a throw."""

    noise = 0.12

    def play(self, view: View, reading: Reading, plays: list[str]) -> str:
        meant = TrickNormalBot.play(self, view, reading, plays)
        if len(plays) > 1 and self.rng.random() < self.noise:
            return TrickNormalBot.play(self, view, reading, [c for c in plays if c != meant])
        return meant
