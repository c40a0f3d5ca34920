"""``normal`` for any trick game built on :class:`rules.tricks.TrickState`: the game's own rules of
thumb for most of the deal, the engine's search where a little of it pays most.

A plugin opts in with a subclass naming its rule bot::

    class MyNormalBot(GenericTrickNormalBot):
        rules = MyRulesBot  # plays the first cards, and is the search's fallback and tie-keeper

It bids as ``hard`` bids (every legal number weighed by ``bid_playouts`` worlds that fit the hand,
played out at random: :meth:`GenericTrickHardBot.bid_by_random_play`, so a dealer's hook is
respected), plays the rule bot's card while more than ``endgame_cards`` are in hand, and then
each card by ``hard``'s flat search over ``endgame_worlds`` worlds (the last tricks decide most
bids, and their play-outs are short). A fixed effort, not a clock: ``budget_ms`` only caps it on
a slow machine. Measured in docs/bots.md ("Oh Hell's normal").
"""

from __future__ import annotations

from ..trick_facts import TrickFacts
from ..view import View
from . import Advice, Bot
from .generic_hard import GenericTrickHardBot


class GenericTrickNormalBot(GenericTrickHardBot):
    """The rule bot's play, ``hard``'s bid and ``hard``'s search over the last cards, each at a
    fixed, small effort (see the module's text)."""

    level = "normal"
    rules: type[Bot] | None = None  # the game's rule bot: set by the plugin's subclass
    endgame_cards = 5  # cards in hand from which on each card is searched
    endgame_worlds = 30  # worlds a searched card play
    bid_playouts = 100  # worlds played out for a bid
    budget_ms = 250.0  # a cap on a slow machine; the counts above decide the effort

    def decide(self, view: View, explain: bool = False) -> Advice:
        if TrickFacts.of(view).phase == "play":
            if len(view.zones.get(f"hand/{self.seat}", ())) > self.endgame_cards:
                return self.normal.advise(view) if explain else Advice(self.normal.choose(view))
            self.max_iterations = self.endgame_worlds
        else:
            self.max_iterations = self.bid_playouts
        return super().decide(view, explain)
