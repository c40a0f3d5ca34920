"""OpenSpiel's ISMCTS for ``oh_hell`` sampling only worlds its seat may believe in.

OpenSpiel 2.0.2's ``oh_hell`` state resamples a player's information state (its
``ResampleFromInfostate``, which the C++ ``ISMCTSBot`` calls once a simulation) by handing the
opponents the cards they really hold, shuffled between them: no card of the undealt stock ever
reaches an opponent's resampled hand (:func:`audit` counts it: 0 of about 20,000). An ISMCTS bot
built on it plays knowing which 26 of the 38 cards it cannot see are in play, and at the end of a
deal which 8 cards are left, which no player at a table knows.

:func:`honest_bot` is OpenSpiel's own Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``,
"adapted from the C++ implementation": the same UCT rule and constant, simulations and final
policy) given, through its ``set_resampler`` hook, a determinization from what the seat knows:
its own hand, every card played and by whom, the up-card and the voids the play has shown; the
cards left are dealt at random among the hidden hands and the stock. Its roll-outs are uniformly
random legal moves, as the C++ ``RandomRolloutEvaluator``'s.

Figures only (``bench/vs_openspiel.py``); never imported by the app or its tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

PRE_DEAL = 2  # OpenSpiel's chance actions before the deal: the number of tricks, the dealer
SUITS = 4  # OpenSpiel's card c is of suit c % 4
DECK = 52  # its cards; an action of 52 or more is a bid


class RandomRollouts:
    """The evaluator of OpenSpiel's Python ISMCTS: one roll-out of uniformly random legal moves
    (``random.Random``, not numpy, for speed: the same distribution)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state: Any) -> list[float]:
        work = state.clone()
        choice = self.rng.choice
        while not work.is_terminal():
            work.apply_action(choice(work.legal_actions()))
        return work.returns()

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def honest_resampler(game: Any, players: int, tricks: int, rng: random.Random) -> Callable[[Any, int], Any]:
    """``resample(state, player)``: a state with ``player``'s information state, the hidden
    hands dealt from the cards ``player`` has not seen (no hand gets a suit it has shown void in)."""

    def resample(state: Any, player: int) -> Any:
        history = state.history()
        dealt = PRE_DEAL + players * tricks  # the k-th card dealt goes to seat k mod players
        own = [history[PRE_DEAL + players * k + player] for k in range(tricks)]
        up = history[dealt]
        public = history[dealt + 1 :]  # the bids and the cards played
        played, voids = _plays(game, history[: dealt + 1], public, players)
        seen = set(own) | {up} | {card for cards in played for card in cards}
        unseen = [card for card in range(DECK) if card not in seen]
        room = {p: tricks - len(played[p]) for p in range(players) if p != player}
        got = _deal(unseen, room, voids, rng)
        hands = {player: own, **{p: played[p] + got[p] for p in room}}
        clone = game.new_initial_state()
        for action in history[:PRE_DEAL]:
            clone.apply_action(action)
        for k in range(tricks):
            for p in range(players):
                clone.apply_action(hands[p][k])
        clone.apply_action(up)
        for action in public:
            clone.apply_action(action)
        return clone

    return resample


def _plays(game: Any, deal: list[int], public: list[int], players: int) -> tuple[list[list[int]], list[set[int]]]:
    """Per seat the cards it played and the suits it has shown void in. Who played each card is
    read from a replay's turn order, which depends only on the public actions (the dealer, the
    bids, the cards played); nothing hidden in ``deal`` is read."""
    probe = game.new_initial_state()
    for action in deal:
        probe.apply_action(action)
    played: list[list[int]] = [[] for _ in range(players)]
    voids: list[set[int]] = [set() for _ in range(players)]
    trick: list[int] = []
    for action in public:
        seat = probe.current_player()
        if action < DECK:  # a card, not a bid
            played[seat].append(action)
            if trick and action % SUITS != trick[0] % SUITS:
                voids[seat].add(trick[0] % SUITS)
            trick = [] if len(trick) + 1 == players else [*trick, action]
        probe.apply_action(action)
    return played, voids


def _deal(unseen: list[int], room: dict[int, int], voids: list[set[int]], rng: random.Random) -> dict[int, list[int]]:
    """``room[p]`` cards of ``unseen`` for each hidden hand, none of a suit it is void in: plain
    shuffles until one fits, else each card in turn to a hand that may hold it, weighed by room."""
    pool = unseen[:]
    for _ in range(50):
        rng.shuffle(pool)
        got, at = {}, 0
        for p, n in room.items():
            got[p] = pool[at : at + n]
            at += n
        if all(card % SUITS not in voids[p] for p, cards in got.items() for card in cards):
            return got
    while True:  # rare: a void leaves few places for a suit
        rng.shuffle(pool)
        left = dict(room)
        stock = len(pool) - sum(left.values())
        got = {p: [] for p in room}
        for card in pool:
            places = [(p, n) for p, n in left.items() if n and card % SUITS not in voids[p]]
            pick = rng.random() * (sum(n for _p, n in places) + stock)
            for p, n in places:
                if pick < n:
                    got[p].append(card)
                    left[p] -= 1
                    break
                pick -= n
            else:
                stock -= 1
                if stock < 0:
                    break
        if not any(left.values()):
            return got


def seeing_resampler(rng: random.Random) -> Callable[[Any, int], Any]:
    """The game's own ``resample_from_infostate`` with a fresh sampler seed each time (the Python
    bot's default builds its sampler with the same seed every time): the worlds the C++ bot plays."""
    import pyspiel

    def resample(state: Any, player: int) -> Any:
        sampler = pyspiel.UniformProbabilitySampler(rng.randrange(1 << 30), 0.0, 1.0)
        return state.resample_from_infostate(player, sampler)

    return resample


def honest_bot(game: Any, players: int, tricks: int, sims: int, seed: int, seeing: bool = False) -> Any:
    """OpenSpiel's Python ``ISMCTSBot`` (UCT constant 2, ``sims`` simulations, the most visited
    move) on :func:`honest_resampler`'s worlds (``seeing``: on the game's own, to compare the port
    with the C++ bot); ``step(state)`` returns an int action."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts

    bot = ismcts.ISMCTSBot(
        game,
        RandomRollouts(seed),
        2.0,
        sims,
        random_state=np.random.RandomState(seed % 2**31),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    rng = random.Random(seed + 17)
    bot.set_resampler(seeing_resampler(rng) if seeing else honest_resampler(game, players, tricks, rng))
    return _IntSteps(bot)


class _IntSteps:
    """A bot whose ``step`` returns a plain int (the Python bot returns numpy's)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def step(self, state: Any) -> int:
        return int(self.bot.step(state))


def audit(game: Any, resample: Callable[[Any, int], Any] | None, states: int = 50, draws: int = 20) -> tuple[int, int]:
    """How many of the opponents' resampled cards they really hold, and how many lie in the
    undealt stock, over ``draws`` resamples of ``states`` random mid-deal states (``resample``:
    None for the game's own ``resample_from_infostate``)."""
    import pyspiel

    rng = random.Random(1)
    theirs = stock = 0
    for _ in range(states):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]))
        for _ in range(3 + rng.randrange(15)):
            state.apply_action(rng.choice(state.legal_actions()))
        me = state.current_player()
        held = _hands(state)
        truly = set().union(*(cards for p, cards in held.items() if p != me))
        for _ in range(draws):
            if resample is None:
                sampler = pyspiel.UniformProbabilitySampler(rng.randrange(10**6), 0.0, 1.0)
                world = state.resample_from_infostate(me, sampler)
            else:
                world = resample(state, me)
            got = set().union(*(cards for p, cards in _hands(world).items() if p != me))
            theirs += len(got & truly)
            stock += len(got - truly)
    return theirs, stock


def _hands(state: Any) -> dict[int, set[str]]:
    """Each seat's cards in hand, read from the state's printout ("Player: 1" then a line a suit)."""
    hands: dict[int, set[str]] = {}
    seat = None
    for line in str(state).splitlines():
        if line.startswith("Player: "):
            seat = int(line.split()[1])
            hands[seat] = set()
        elif seat is not None and len(line) > 6 and line[5] == ":" and line[4] in "CDSH":
            hands[seat].update(rank + line[4] for rank in line[7:].strip())
        elif line.startswith("Trump"):
            seat = None
    return hands
