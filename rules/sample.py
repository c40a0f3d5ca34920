"""Determinization: a full state consistent with one seat's view, for bots' search."""

from __future__ import annotations

import random

from .errors import RulesError
from .shuffle import shuffle
from .state import State
from .view import View

_TEMPLATES: dict[tuple, State] = {}  # one dealt match per table setup: each sample is a clone of it


def _template(view: View) -> State:
    """A match of the view's game and setup, built once and kept: a sample clones it (the
    hidden cards are filled into the clone in place), instead of dealing a whole new match."""
    from .registry import load_game

    key = (
        view.game,
        view.variant,
        view.players,
        repr(sorted(dict(view.settings).items())),
        view.dealer,
        tuple(view.names),
    )
    state = _TEMPLATES.get(key)
    if state is None:
        if len(_TEMPLATES) >= 64:
            _TEMPLATES.clear()
        game = load_game(view.game)
        state = _TEMPLATES[key] = game.new_match(
            players=view.players,
            variant=view.variant,
            seed=0,
            settings=dict(view.settings),
            dealer=view.dealer,
            seats=[{"name": n, "kind": "bot"} for n in view.names],
        )
    return state


def sample(view: View, rng: random.Random, search: bool = False) -> State:
    """A state whose hidden cards are dealt at random among the slots the view hides.

    Cards the view names stay where they are; cards known publicly to be in a hidden
    zone (``view.known``) are put there first; the rest are shuffled into the gaps.
    ``search``: the state is a search clone (no undo, no record log: see ``State.clone``).
    """
    state = _template(view).clone(search)
    deck = state.deck
    named: list[int] = []
    zones: dict[str, list[int | None]] = {}
    for zone, texts in view.zones.items():
        cards: list[int | None] = []
        for text in texts:
            if text is None:
                cards.append(None)
            else:
                card = deck.parse(text, named)
                named.append(card)
                cards.append(card)
        zones[zone] = cards
    known: dict[str, list[int]] = {}
    for zone, texts in view.known.items():
        for text in texts:
            card = deck.parse(text, named)
            named.append(card)
            known.setdefault(zone, []).append(card)
            slot = zones[zone].index(None) if None in zones[zone] else -1
            if slot < 0:
                raise RulesError(f"sample: known card {text} has no hidden place in {zone}")
            zones[zone][slot] = card
    unknown = sorted(set(range(deck.size)) - set(named))
    shuffle(unknown, rng)
    state.fill_hidden(zones, unknown, view, rng)
    state.zones = {z: [c for c in cards if c is not None] for z, cards in zones.items()}
    state.known = known  # the very cards placed above (with duplicate copies, not just equal texts)
    state.deal_no = view.deal
    state.totals = list(view.scores)
    state._restore_public(view.public, view.seat)
    state.log = [{"dealer": view.dealer, "layout": {}, "actions": []}]
    state._log_actions = state.log[-1]["actions"]  # where apply records this deal's actions
    state.__dict__.pop("_legal_memo", None)
    return state
