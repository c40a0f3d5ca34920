"""Tryce's scoring of a hand (RULES.md section 2, "Scoring per hand").

The seat that went down scores the contract points (none in a stalled hand); every seat scores
the value of the cards in its melds (cards laid off count for the meld's owner) minus the value
of the cards it still holds (in hand, being built or staged). The perfect cut adds its bonus to
the cutter. :func:`hand_terms` gives the scores and the terms the result scene shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.melds import melds_of

from .facts import Cut, HandContract, TryceDetails

if TYPE_CHECKING:
    from .procedure import TryceState


def card_values(state: TryceState) -> tuple[int, ...]:
    """Each card's value by rank (``[scoring].values``; ``JK`` the Joker)."""
    values = state.game.config.scoring["values"]
    return tuple(values["JK" if face.extra else str(face.rank)] for face in state.deck.faces)


def held_zones(state: TryceState, seat: int) -> list[str]:
    """The zones whose cards still count against ``seat``: its hand, its build, its staged melds."""
    staged = [z for z in state.zones if z.startswith(f"staged/{seat}/")]
    return [f"hand/{seat}", f"build/{seat}", *staged]


def hand_terms(state: TryceState, went_down: int | None, stalled: bool) -> tuple[list[int], TryceDetails]:
    """The hand's scores per seat and its terms: contract points to whom, meld values and the
    hand penalty per seat, the cards left, went down / stalled, the perfect cut."""
    value = state.card_value
    text = state.deck.text
    n = state.players
    row = state.row
    melds = [sum(value[c] for z in melds_of(state.zones, s) for c in state.zones[z]) for s in range(n)]
    left = [[c for z in held_zones(state, s) for c in state.zones[z]] for s in range(n)]
    penalty = [sum(value[c] for c in cards) for cards in left]
    points = [0] * n
    if went_down is not None:
        points[went_down] = row["points"]
    bonus = [0] * n
    if state.cut is not None and state.cut.get("perfect"):
        bonus[state.cut["seat"]] = state.game.config.scoring["perfect_cut_bonus"]
    scores = [points[s] + melds[s] - penalty[s] + bonus[s] for s in range(n)]
    terms = TryceDetails(
        hand=state.hand_no,
        contract=HandContract(groups=row["groups"], runs=row["runs"], words=row["words"]),
        contract_points=row["points"],
        points_to=went_down,
        went_down=went_down,
        stalled=stalled,
        pat=row["pat"],
        contract_scores=tuple(points),
        melds=tuple(melds),
        penalty=tuple(penalty),
        left=tuple(tuple(text(c) for c in cards) for cards in left),
        cut=None if state.cut is None else Cut(**state.cut),
        cut_bonus=tuple(bonus),
    )
    return scores, terms
