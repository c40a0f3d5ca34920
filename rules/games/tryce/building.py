"""Tryce's melding and laying off in steps (docs/tryce.md, "Melding and laying off"): the engine's
protocol (:mod:`rules.building`, where the steps and their texts are described) with Tryce's
rules as its hooks.

Tryce declares three kinds (groups, runs and words, jokers as vowels in words); a seat may start
only the kinds its hand's contract still has room for; it lays off (and swaps a joker) only after
a first meld on an earlier turn, never in a pat hand; its last card goes only when the contract
is complete. In pat hands a commit stages the meld (``staged/<s>/<n>``) and the whole contract
goes down at once; ``cancel`` with nothing built takes the staged melds back; one word of a pat
hand may have 3 letters.

Cards added at the start of a meld keep the order they were added in, before the meld's first
card (``add S start``, ``add P start`` on ``LATE`` reads ``SPLATE``) [decision]. A turn holds at
most :data:`STEP_CAP` building steps [decision].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.actions import Action, Event
from rules.building import CANCEL, Build, MeldBuilding, Outcome
from rules.melds import END, GROUP, RUN, WORD, Building, Meld, MeldRules, open_meld_zone

from . import words

if TYPE_CHECKING:
    from .procedure import TryceState

STEP_CAP = 100
VOWELS = "AEIOU"
KINDS = (GROUP, RUN, WORD)
MIN_SIZE = {GROUP: 3, RUN: 4, WORD: 4}

__all__ = ["KINDS", "MELDING", "MELD_RULES", "SHORT_RULES", "STEP_CAP", "VOWELS", "Build", "Building", "Outcome"]


def long_word(word: str) -> bool:
    return words.is_word(word)


def short_word(word: str) -> bool:
    """A pat hand's one short word: 3 letters allowed."""
    return words.is_word(word, short=True)


# Tryce's meld rules (RULES.md section 2): groups of 3+, runs of 4+ with the Ace high or low at
# one end, words of 4+ letters (3 for a pat hand's one short word), jokers as vowels in words.
MELD_RULES = MeldRules(group_min=3, run_min=4, word_min=4, ace="both", vowels=VOWELS, is_word=long_word)
SHORT_RULES = MeldRules(group_min=3, run_min=4, word_min=3, ace="both", vowels=VOWELS, is_word=short_word)


class TryceBuilding(MeldBuilding):
    """The protocol with Tryce's contracts, pat hands and short words."""

    def min_size(self, state: TryceState, seat: int, kind: str) -> int:
        if kind == WORD and state.pat and not state.short_word_used(seat):
            return 3
        return MIN_SIZE[kind]

    def may_start(self, state: TryceState, seat: int, kind: str) -> bool:
        return state.room(seat, kind) > 0 and len(state.zones[f"hand/{seat}"]) >= self.min_size(state, seat, kind)

    def may_lay_off(self, state: TryceState, seat: int) -> bool:
        return state.may_lay_off(seat)

    def may_go_out(self, state: TryceState, seat: int) -> bool:
        return state.contract_complete(seat)

    def new_meld(self, state: TryceState, seat: int, build: Build) -> Meld | None:
        piece = Building(build.kind, build.cards, build.named)
        meld = piece.meld(state.meld_deck, MELD_RULES)
        if (
            meld is None
            and build.kind == WORD
            and state.pat
            and len(build.cards) == 3
            and not state.short_word_used(seat)
        ):
            meld = piece.meld(state.meld_deck, SHORT_RULES, min_size=3)
        return meld

    def judge(self, state: TryceState, seat: int, build: Build, meld: Meld) -> Outcome | None:
        """A hand left empty only when that completes the contract; in a pat hand, the whole
        contract staged with no card left over, or a part of it with cards left."""
        if build.target is not None:
            return super().judge(state, seat, build, meld)
        left = len(state.zones[f"hand/{seat}"])
        if state.pat:
            full = state.staged_count(seat) + 1 == sum(state.contract.values())
            if full and left == 0:
                return Outcome(meld, True)
            return Outcome(meld, False) if not full and left > 0 else None
        complete = all(state.laid(seat, kind) + (kind == build.kind) >= count for kind, count in state.contract.items())
        if left == 0 and not complete:
            return None
        return Outcome(meld, left == 0)

    def lay_new(self, state: TryceState, seat: int, outcome: Outcome, events: list[Event] | None) -> None:
        """A pat hand stages the meld (the whole contract goes down with the last one); else it is laid."""
        build_zone = self.build_zone(seat)
        if state.pat:
            zone = f"staged/{seat}/{state.staged_count(seat)}"
            state.zones[zone] = []
            self.lay(state, build_zone, zone, outcome.meld, events, frozenset((seat,)))
            state.staged[zone] = outcome.meld
            if outcome.goes_down:
                for staged in sorted(z for z in state.staged if z.split("/")[1] == str(seat)):
                    laid = open_meld_zone(state.zones, seat)
                    self.lay(state, staged, laid, state.staged.pop(staged), events, None)
                    del state.zones[staged]
                state.first_meld[seat] = state.turn_no
            return
        super().lay_new(state, seat, outcome, events)
        if state.first_meld[seat] is None:
            state.first_meld[seat] = state.turn_no

    def closing_actions(self, state: TryceState, seat: int) -> list[Action]:
        """Staged melds: only taking them back; else the discards (the last card going down is not undone)."""
        if any(zone.split("/")[1] == str(seat) for zone in state.staged):
            return [Action(CANCEL, "cancel", label="Take back")]
        hand = state.zones[f"hand/{seat}"]
        goes_down = len(hand) == 1 and not state.pat and state.contract_complete(seat)
        return self.discard_actions(state, seat, undoable=not goes_down)

    def cancel(self, state: TryceState, seat: int, events: list[Event] | None) -> None:
        """Every built card back to the hand; with nothing being built, every staged meld back."""
        if state.build is not None:
            super().cancel(state, seat, events)
            return
        hand_zone = f"hand/{seat}"
        for zone in sorted(z for z in state.staged if z.split("/")[1] == str(seat)):
            for card in list(state.zones[zone]):
                self.move(state, card, zone, hand_zone, events, frozenset((seat,)))
            del state.zones[zone]
            del state.staged[zone]

    def gone_out(self, state: TryceState, seat: int, events: list[Event] | None) -> None:
        state._finish_hand(seat, False, events)

    def guess(self, state: TryceState, seat: int, cards: tuple[int, ...]) -> Build | None:
        """Another seat's build is guessed as a word (jokers as E)."""
        if state.phase != "meld":
            return None
        wild = state.meld_deck.wild
        return Build(WORD, None, cards, tuple("E" if wild[c] else None for c in cards), (END,) * len(cards))


MELDING = TryceBuilding(MELD_RULES, KINDS, STEP_CAP)


# The protocol's steps under the names Tryce's modules call them by.
def meld_phase_actions(state: TryceState, seat: int) -> list[Action]:
    """The actions after the draw: building steps, lay-offs, swaps, then the discards."""
    return MELDING.turn_actions(state, seat)


def min_size(state: TryceState, seat: int, kind: str) -> int:
    return MELDING.min_size(state, seat, kind)


def commit_outcome(state: TryceState, seat: int) -> Outcome | None:
    return MELDING.commit_outcome(state, seat)


def extended(state: TryceState, build: Build) -> Meld | None:
    return MELDING.extended(state, build)


def do(state: TryceState, action: Action, events: list[Event] | None) -> None:
    MELDING.do(state, state.turn, action, events)


def public(state: TryceState) -> dict[str, Any]:
    return MELDING.public(state)


def restore(state: TryceState, info: dict[str, Any] | None) -> Build | None:
    return MELDING.restore(state, state.turn, info)
