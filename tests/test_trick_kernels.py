"""Every form of the card play agrees with the trick rules as :mod:`rules.tricks` states them.

The rules are stated once: :func:`~rules.tricks.playable` (the cards that may go to the trick so
far), :func:`~rules.tricks.standing` and :func:`~rules.tricks.trick_winner` (how a card stands,
which card wins). The match (:class:`~rules.tricks.TrickState`: its legal actions, its judgement
of a single card play, the winner it books), the search's list kernel
(:class:`~rules.tricks.PlayKernel`), its bitmask kernel (:class:`~rules.bots.maskplay.MaskKernel`)
and the rollouts' and endgame solver's written-out forms of them are checked against that
statement position by position, over random play of every trick game the registry finds (a
game whose procedure is a ``TrickState``, built in or a plugin), every variant and player count,
with the settings drawn at random from the game's own choices (so both following rules come up).
At each card play the kernels are also stepped with the match's card, so the next leader, the
tricks and card points won and the dummy's columns must follow the match too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.bots import maskplay
from rules.bots.ismcts import Goal
from rules.bots.maskplay import MaskKernel, mask_deck, playout
from rules.registry import game_specs
from rules.tricks import PLAY, TRICK_ZONE, PlayKernel, TrickState, playable, standing, trick_winner

POSITIONS = 800  # card plays checked per game, variant and player count
KERNEL = ("hands", "cols", "lead", "won", "points", "left", "trick")


def trick_cases() -> list[Any]:
    """(game, variant, players) of every game whose play is a :class:`TrickState`."""
    cases = []
    for game_id in sorted(game_specs()):
        game = rules.load_game(game_id)
        if not issubclass(game.procedure, TrickState):
            continue
        for variant in game.variants:
            for players in game.player_counts(variant):
                cases.append(pytest.param(game_id, variant, players, id=f"{game_id}-{variant}-{players}"))
    return cases


def random_settings(game: rules.Game, rng: random.Random) -> dict[str, Any]:
    """Each choice and yes/no setting of the game drawn at random (numbers keep their defaults)."""
    settings: dict[str, Any] = {}
    for name, spec in game.settings_spec().items():
        if spec.get("type") == "choice":
            settings[name] = rng.choice(list(spec["choices"]))
        elif spec.get("type") == "bool":
            settings[name] = rng.random() < 0.5
    return settings


class Wanting(Goal):
    """Even seats want tricks, odd ones avoid them (both halves of the rollout policy come up);
    the dummy's player and the others are sides when there is a dummy (the partner rules too)."""

    def __init__(self, players: int, dummy_player: int | None) -> None:
        super().__init__(players)
        if dummy_player is not None:
            self.side = [0 if seat == dummy_player else 1 for seat in range(players)]

    def utilities(self, kernel: Any) -> list[float]:
        total = max(1, sum(kernel.won))
        return [won / total + points / 1000 for won, points in zip(kernel.won, kernel.points, strict=True)]

    def wants(self, kernel: Any, seat: int) -> bool:
        return seat % 2 == 0


def check_position(state: TrickState, rng: random.Random) -> tuple[PlayKernel, MaskKernel]:
    """The match, the list kernel and the mask kernel (and its written-out forms) at one card play,
    each against the stated rules. Returns the two kernels of the position."""
    tdeck, trump, rule = state.tdeck, state.trump, state.follow_rule
    suit_of, strength = tdeck.suit_of, tdeck.strength
    cards = list(state.trick.cards)
    place = state.trick.next_place
    held = list(state.place_cards(place))
    led = suit_of[cards[0]] if cards else None
    stated = sorted(playable(held, led, trump, rule, suit_of))
    assert stated, "a place to play always has a card it may play"

    # The match: its legal actions, and its judgement of each card the place could play.
    assert sorted(a.card for a in state.legal_actions()) == stated
    for zone in state.place_zones(place):
        for card in state.zones[zone]:
            action = rules.tricks.play_actions(state.deck, zone)[card]
            assert (state.why_not(action) is None) == (card in stated), state.deck.text(card)

    # The list kernel.
    k = state.kernel()
    assert sorted(k.legal()) == stated
    stand = {c: standing(suit_of[c], strength[c], suit_of[c] if led is None else led, trump) for c in held}
    assert {c: k.key(c) for c in held} == stand
    if cards:
        best = trick_winner(cards, trump, suit_of, strength)
        assert k.winning() == (best, standing(suit_of[cards[best]], strength[cards[best]], led, trump))

    # The mask kernel: the same cards, standings and winning card so far.
    md = mask_deck(tdeck)
    m = MaskKernel.of(k, md)
    assert sorted(m.legal()) == stated
    assert {c: m.key(md.pos[c]) for c in held} == stand
    assert (m.best, m.best_key) == k.winning()

    # The rollout's written-out play: one card, legal, stepped as MaskKernel.play steps it.
    goal = Wanting(state.players, state.dummy_player)
    rolled, twin = m.copy(), m.copy()
    before = rolled.hands[rolled.place()]
    playout(rolled, goal, rng, until=0, plays=1)
    gone = before & ~rolled.hands[twin.place()]
    assert gone and not gone & (gone - 1) and md.card[gone.bit_length() - 1] in stated
    twin.play(gone.bit_length() - 1)
    assert all(getattr(twin, f) == getattr(rolled, f) for f in (*KERNEL, "led", "best", "best_key"))

    # The endgame solver written out for the last two tricks, against trying every line.
    if m.left == 2 and not m.trick and m.dummy < 0:
        values = maskplay.Values(goal)
        assert maskplay.two_tricks(m.copy(), values) == maskplay.every_line(m.copy(), values)
    return k, m


def play_card(state: TrickState, action: rules.Action, k: PlayKernel, m: MaskKernel) -> None:
    """The match plays ``action``; both kernels play the same card and must book the same trick
    (won by the stated rule's winner) and, while the deal goes on, stand where the match stands."""
    cards = [*state.trick.cards, action.card]
    order, places, deal = list(state.trick.order), list(state.order), state.deal_no
    tdeck, trump = state.tdeck, state.trump
    events = state.apply(action)
    k.play(action.card)
    m.play(m.md.pos[action.card])
    assert (m.won, m.points, m.lead, m.left) == (k.won, k.points, k.lead, k.left)
    won = [e.data["winner"] for e in events if e.kind == "trick_won"]
    if won:
        assert won == [order[trick_winner(cards, trump, tdeck.suit_of, tdeck.strength)]]
        assert places[k.last_winner] == won[0] and k.lead == k.last_winner  # the winner leads next
    if state.phase == PLAY and state.deal_no == deal:
        now = state.kernel()
        assert all(getattr(k, f) == getattr(now, f) for f in KERNEL)
        assert MaskKernel.of(now, m.md).hands == m.hands


@pytest.mark.parametrize("game_id, variant, players", trick_cases())
def test_every_form_of_the_card_play_follows_the_stated_trick_rules(game_id: str, variant: str, players: int) -> None:
    game = rules.load_game(game_id)
    rng = random.Random(f"{game_id}/{variant}/{players}")
    checked = seed = 0
    while checked < POSITIONS:
        seed += 1
        state = game.new_match(players=players, variant=variant, seed=seed, settings=random_settings(game, rng))
        assert isinstance(state, TrickState)
        for _step in range(2000):
            if state.is_over or checked >= POSITIONS:
                break
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            if state.phase == PLAY and action.target == TRICK_ZONE:
                k, m = check_position(state, rng)
                checked += 1
                play_card(state, action, k, m)
            else:
                state.apply(action, events=False)
