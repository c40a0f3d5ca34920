"""Tryce's draws by rank: the draw for the first dealer and the buyers' draw of a sale.

Each round is one chance outcome naming a card per seat, ``draw 0:KH2 1:JK 2:5S1`` (the first
dealer: any card of the deck) or ``buyers 1:KH2 3:JK`` (buyers: cards of the stock); the highest
card wins (Joker > A > K > ... > 2), a tie among the highest redraws among those tied only, with
fresh cards (a further outcome). Replay reads the outcomes from the record; live play picks the
cards with the deal's generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.errors import RulesError
from rules.shuffle import pick

if TYPE_CHECKING:
    from .procedure import TryceState

DEALER, BUYERS = "draw", "buyers"
Round = tuple[tuple[int, int], ...]  # (seat, card) pairs in asking order


def rank_key(state: TryceState, card: int) -> int:
    """A card's place in a draw: 2 lowest, the Ace above the King, the Joker above all."""
    deck = state.meld_deck
    return deck.top + 1 if deck.wild[card] else deck.value[card]


def highest(state: TryceState, drawn: Round) -> list[int]:
    """The seats holding the highest card of a round, in asking order."""
    best = max(rank_key(state, c) for _, c in drawn)
    return [s for s, c in drawn if rank_key(state, c) == best]


def round_text(state: TryceState, kind: str, drawn: Round) -> str:
    return " ".join([kind, *(f"{s}:{state.deck.text(c)}" for s, c in drawn)])


def random_round(state: TryceState, seats: Sequence[int], pool: Sequence[int]) -> Round:
    """One card for each of ``seats`` from ``pool``, at random (the deal's generator)."""
    left = list(pool)
    return tuple((s, left.pop(pick(len(left), state.rng))) for s in seats)


def read_round(state: TryceState, kind: str, text: str, seats: Sequence[int], pool: Sequence[int]) -> Round:
    """A recorded round: one ``seat:card`` per seat of ``seats``, in order, each card from ``pool``."""
    words = text.split()
    where = f"recorded chance outcome {text!r} is not possible here"
    if not words or words[0] != kind or len(words) != len(seats) + 1:
        raise RulesError(
            f"{where} (expected {kind!r} and one seat:card for each of seats {', '.join(map(str, seats))})"
        )
    free = list(pool)
    drawn = []
    for seat, word in zip(seats, words[1:], strict=True):
        who, _, card_text = word.partition(":")
        if who != str(seat):
            raise RulesError(f"{where} (expected seat {seat} in place of {who!r})")
        try:
            card = state.deck.parse(card_text, [c for c in range(state.deck.size) if c not in free])
        except RulesError as exc:
            raise RulesError(f"{where} ({exc})") from None
        free.remove(card)
        drawn.append((seat, card))
    return tuple(drawn)


def next_recorded(state: TryceState, kind: str) -> str | None:
    """The next recorded chance outcome if it is a round of ``kind`` (taken from the record), else ``None``."""
    pending = state._chance
    if pending and pending[0].split(" ", 1)[0] == kind:
        return pending.popleft()
    return None


def book(state: TryceState, text: str) -> None:
    """Log a chance outcome (seat ``None``) so that the record replays it."""
    state.log[-1]["actions"].append([None, text])


def draw_for_dealer(state: TryceState) -> list[Round]:
    """The first dealer's draw: every seat one card of the deck, ties redraw among the tied.

    Live play makes the draw agree with ``state.dealer`` (drawn from the seed, or given): the
    draw is made again until that seat wins, which is a fair draw conditioned on its winner. A
    record's draw (its leading ``draw ...`` outcomes) must name the record's dealer."""
    everyone = list(range(state.players))
    recorded = next_recorded(state, DEALER)
    if recorded is None:
        while True:
            rounds = _fresh_draw(state, everyone)
            if highest(state, rounds[-1]) == [state.dealer]:
                break
        for drawn in rounds:
            book(state, round_text(state, DEALER, drawn))
        return rounds
    rounds = []
    seats, pool = everyone, list(range(state.deck.size))
    while True:
        if recorded is None:
            raise RulesError(
                f"the first dealer's draw ties among seats {', '.join(map(str, seats))}: "
                f"the record needs a further 'draw' outcome for them"
            )
        drawn = read_round(state, DEALER, recorded, seats, pool)
        book(state, recorded)
        rounds.append(drawn)
        pool = [c for c in pool if c not in {card for _, card in drawn}]
        seats = highest(state, drawn)
        if len(seats) == 1:
            break
        recorded = next_recorded(state, DEALER)
    if seats[0] != state.dealer:
        raise RulesError(
            f"recorded chance outcome: the first dealer's draw is won by seat {seats[0]}, "
            f"but the record's dealer is seat {state.dealer}"
        )
    return rounds


def _fresh_draw(state: TryceState, seats: list[int]) -> list[Round]:
    rounds = []
    pool = list(range(state.deck.size))
    while True:
        drawn = random_round(state, seats, pool)
        rounds.append(drawn)
        pool = [c for c in pool if c not in {card for _, card in drawn}]
        seats = highest(state, drawn)
        if len(seats) == 1:
            return rounds


def buyers_round(state: TryceState, seats: Sequence[int], pool: Sequence[int]) -> Round:
    """One round of the buyers' draw: from the record when replaying, else at random."""
    recorded = next_recorded(state, BUYERS)
    if recorded is None:
        if state._chance:
            raise RulesError(
                f"recorded chance outcome {state._chance[0]!r} is not possible here "
                f"(expected the buyers' draw, 'buyers <seat>:<card> ...')"
            )
        drawn = random_round(state, seats, pool)
        book(state, round_text(state, BUYERS, drawn))
        return drawn
    drawn = read_round(state, BUYERS, recorded, seats, pool)
    book(state, recorded)
    return drawn
