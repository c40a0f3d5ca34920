"""Trio's own random-play invariants, on top of everything :func:`invariants.random_sim_test`
checks for every game (``test_game_invariants.py``): hands stay sorted, the known ends of a
hand are where its low and high records say, the revealed row holds at most two cards of one
number; the view's public knowledge is what was publicly revealed (each known card was shown
there since its last swap, the history is exactly the public reveals, the revealed row gives
origins only, a secret answer is its seat's own); a swapped card is shown to both partners;
and matches end in every way a match can be won.

Random Trio matches take thousands of reveals, so views and events (and the deep checks) are
looked at on a capped number of steps per match.
"""

from __future__ import annotations

from typing import Any

import pytest
from invariants import GameChecks, audience, random_sim_test

import rules

TRIO = rules.load_game("trio")
CONFIGS = [(variant, players) for variant in TRIO.variants for players in TRIO.player_counts(variant)]
DEEP_STEPS = 12  # steps per match on which views, events, samples and clones are checked
DEFAULT_MATCHES = 24
SLOW_MATCHES = 400
SLOW_PARTS = 4  # the slow run in parts of a few minutes: none near pytest's faulthandler_timeout


def texts(state: rules.State, cards: list[int]) -> list[str]:
    return [state.deck.text(c) for c in cards]


class TrioChecks(GameChecks):
    def __init__(self) -> None:
        self.public_reveals: dict[int, list[tuple[Any, ...]]] = {}  # turn -> the reveals everyone saw
        self.seen_in: dict[str, set[str]] = {}  # numbers publicly revealed from each place (since its last swap)
        self.turn = 0

    def state(self, state: rules.State) -> None:
        """Hands sorted; the known ends where the low and high records say; at most two revealed
        cards, of one number; a match over has winners."""
        for seat in range(state.players):
            hand = state.zones[f"hand/{seat}"]
            assert hand == sorted(hand), f"hand/{seat} is not sorted"
        for zone, known in state.known.items():
            assert known and all(c in state.zones[zone] for c in known), f"known cards of {zone} are not there"
        for zone, low in state.low.items():
            hand, high = state.zones[zone], state.high[zone]
            assert len(low) + len(high) <= len(hand), f"more cards known in {zone} than it holds"
            assert state.known[zone] == hand[: len(low)] + hand[len(hand) - len(high) :]
        revealed = state.zones["revealed"]
        assert len({state.number[c] for c in revealed}) <= 1 and len(revealed) <= 2
        if state.is_over:
            assert state.winners

    def acting(self, state: rules.State, action: rules.Action) -> None:
        self.turn = state.turn_no

    def acted(self, state: rules.State, action: rules.Action, events: list[rules.Event]) -> None:
        for event in rules.events_for(events, None):
            if event.kind == "reveal":
                self.public_reveals.setdefault(self.turn, []).append((event["card"], event["source"], event["end"]))
                self.seen_in.setdefault(event["source"], set()).add(event["card"])
            if event.kind == "swap" and event["swapped"]:
                for partner in event["team"]:
                    self.seen_in.pop(f"hand/{partner}", None)

    def view(self, state: rules.State, seat: int | None, view: dict[str, Any]) -> None:
        """Public knowledge is only what was publicly revealed; a secret answer is the seat's own."""
        for zone, known in view.known.items():
            for text in known:
                assert text in self.seen_in.get(zone, ()), f"{text} in {zone} was never revealed there"
        public = view.public
        for entry in public["history"]:
            assert list(entry["reveals"]) == self.public_reveals[entry["turn"]], "the history names only public reveals"
        assert all(len(r) == 2 and not r[0].isdigit() for r in public["revealed"]), "origins only, no cards"
        assert set(public["ends"]) <= set(view.known) | {f"hand/{seat}"}
        choice = public["choice"]
        if choice is not None:
            real = state.choice.answer_of(seat) if seat is not None else None
            assert choice["mine"] == real
            if real and real != "pass":
                assert real.split()[1] in texts(state, state.zones[f"hand/{seat}"])

    def events(self, before: rules.State, after: rules.State, events: list[rules.Event]) -> None:
        """A swapped card is shown to both partners (and, as for every game, to nobody else)."""
        for seat in audience(after):
            for event in rules.events_for(events, seat):
                if event.kind == "move" and event["source"].startswith("hand/"):
                    team = {int(event["source"][5:]), int(event["target"][5:])}
                    assert (event["card"] is not None) == (seat in team), f"a swapped card leaks to seat {seat}"


def play_checked(seed: int) -> rules.State:
    """Play one seeded random match to the end, checking the invariants on the way."""
    variant, players = CONFIGS[seed % len(CONFIGS)]
    return random_sim_test("trio", variant, players, seed, view_steps=DEEP_STEPS, checks=TrioChecks())


def test_public_knowledge_is_what_was_revealed_and_every_way_to_win_comes_up():
    reasons = set()
    for seed in range(DEFAULT_MATCHES):
        state = play_checked(seed)
        reasons.add(state.deal_results[0].details["reason"].split(" (")[0])
    assert reasons >= {"the trio of 7s", "3 trios", "two connected trios"}


@pytest.mark.slow
@pytest.mark.parametrize("part", range(SLOW_PARTS))
def test_many_random_matches_keep_every_invariant(part):
    per_part = SLOW_MATCHES // SLOW_PARTS
    for seed in range(100 + part * per_part, 100 + (part + 1) * per_part):
        play_checked(seed)
