"""One random-play harness for every game: :func:`random_sim_test` plays a seeded random match
and checks, on the way, what must hold for any game (DESIGN.md, "One test harness over all
games"):

- the seat to act always has a legal move, nobody has one once the match is over, and the
  match ends within a bound;
- cards are conserved: every card of the config's deck is in exactly one zone;
- views leak nothing: each zone shows a seat its cards or ``None`` for each, as the zone's
  visibility says; public knowledge (``known``) names only cards really there in zones the
  seat cannot see; any other card the view names is one the seat sees or knows, or (in a
  ``history`` of past play) one shown to everyone; the legal actions only for the seat to act;
- events leak nothing: ``events_for(events, seat)`` names only cards that seat saw before or
  sees after, or that went face up to everyone; a moved card is named only to a seat that
  sees where it left or where it lands; a secret answer only to the seat that gave it;
- undo is offered exactly for the actor's own undoable actions since its last irreversible
  one, restores the views and the record exactly, and never follows a reveal to the actor;
- clones are independent, ``sample`` agrees with the view it came from and plays on, and the
  record (through JSON) replays to the same state, scores and views, unfinished or finished.

A game's own invariants (Try's secret suit, Trio's sorted hands and history, the trick on the
table) are a :class:`GameChecks` passed in by that game's small test.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import rules

MAX_STEPS = 50_000  # a random match (or its deals played) must end within this many actions
SAMPLE_STEPS = 120  # a sampled state is played on this far (a Try match to its end)
SHORT_CHAIN = 3  # undo chains this short are undone whole even without the deep checks


class GameChecks:
    """A game's own invariants, called by :func:`random_sim_test` (one instance per match)."""

    def state(self, state: rules.State) -> None:
        """Every state, live or over."""

    def view(self, state: rules.State, seat: int | None, view: dict[str, Any]) -> None:
        """A view the harness has just checked."""

    def events(self, before: rules.State, after: rules.State, events: list[rules.Event]) -> None:
        """The events of one action, when the harness checks them."""

    def acting(self, state: rules.State, action: rules.Action) -> None:
        """Just before every action of the match (bookkeeping for :meth:`view`)."""

    def acted(self, state: rules.State, action: rules.Action, events: list[rules.Event]) -> None:
        """Just after every action of the match (bookkeeping for :meth:`view`)."""

    def sample(self, state: rules.State, seat: int, guess: rules.State) -> None:
        """A state sampled from ``seat``'s view, before it is played on."""


# ------------------------------------------------------------------ card names
_TEXTS: dict[int, tuple[Any, frozenset[str], bool]] = {}


def _deck_texts(deck: Any) -> tuple[frozenset[str], bool]:
    """The deck's card texts (upper case), and whether they are plain numbers (built once per deck)."""
    got = _TEXTS.get(id(deck))
    if got is None or got[0] is not deck:
        texts = frozenset(face.text.upper() for face in deck.faces)
        got = _TEXTS[id(deck)] = (deck, texts, any(t.isdigit() for t in texts))
    return got[1], got[2]


def card_names(value: Any, deck: Any) -> set[str]:
    """Every card text named anywhere inside ``value`` (a view, an event, an action text).

    Words of every string are read, except with a deck whose cards are plain numbers (Trio):
    there only a whole string is a card ("Player 1" and "reveal low 1" name none)."""
    texts, whole = _deck_texts(deck)
    found: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, str):
            if whole:
                if item.upper() in texts:
                    found.add(item.upper())
            else:
                found.update(word for word in item.upper().split() if word in texts)
        elif isinstance(item, dict):
            for sub in item.values():
                walk(sub)
        elif isinstance(item, (list, tuple)):
            for sub in item:
                walk(sub)

    walk(value)
    return found


def seen_by(state: rules.State, seat: int | None) -> set[str]:
    """Card texts ``seat`` may know: in zones it sees, or publicly known to be in a hidden zone."""
    text = state.deck.text
    seen = {text(c) for zone, cards in state.zones.items() if state.zone_visible(zone, seat) for c in cards}
    for zone, cards in state.known.items():
        seen |= {text(c) for c in cards if c in state.zones[zone]}
    return seen


def audience(state: rules.State) -> list[int | None]:
    """Every seat, and a spectator (``None``)."""
    return [*range(state.players), None]


def all_views(state: rules.State) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in audience(state)]


def shown_to_everyone(after: rules.State, events: list[rules.Event]) -> set[str]:
    """Cards the events of one action showed to everyone: revealed, or moved (flipped) face up
    into a zone everyone sees."""
    shown: set[str] = set()
    for event in events:
        if event.audience is not None:
            continue
        data = event.data
        target = data.get("target")
        public = event.kind == "reveal" or (
            event.kind in ("move", "flip") and isinstance(target, str) and after.zone_visible(target, None)
        )
        if public:
            shown |= card_names(data.get("cards") or data.get("card"), after.deck)
    return shown


# ---------------------------------------------------------------------- checks
def texts_of(zones: dict[str, list[int]], state: rules.State) -> dict[str, list[str]]:
    return {zone: [state.deck.text(c) for c in cards] for zone, cards in zones.items()}


def check_cards_conserved(state: rules.State, size: int | None = None) -> None:
    """Every card of the deck (``size`` cards: the config's) in exactly one zone."""
    cards = sorted(c for zone in state.zones.values() for c in zone)
    assert cards == list(range(state.deck.size if size is None else size)), "cards are not conserved"


def check_view(state: rules.State, seat: int | None, public: set[str] | None = None) -> dict[str, Any]:
    """The view is JSON-ready, shows each zone as the seat may see it, names only cards the seat
    may know (``public``: cards shown to everyone so far, which a ``history`` of past play may
    name; without it, the history is held to the rest's rule), and lists legal actions exactly
    for the seat to act."""
    view = state.view(seat)
    assert rules.View.from_json(json.loads(json.dumps(view.to_json()))) == view
    text = state.deck.text
    for zone, shown in view.zones.items():
        real = [text(c) for c in state.zones[zone]]
        assert len(shown) == len(real)
        if state.zone_visible(zone, seat):
            assert list(shown) == real
        else:
            assert set(shown) <= {None}, f"{zone} leaks to seat {seat}"
    for zone, known in view.known.items():
        assert not state.zone_visible(zone, seat)
        assert not Counter(known) - Counter(text(c) for c in state.zones[zone]), f"known {zone} is not there"
    seen = seen_by(state, seat)
    rest = {k: v for k, v in view.to_json().items() if k not in ("zones", "known")}  # both checked card by card above
    history = None
    if public is not None and isinstance(view.public, dict) and "history" in view.public:
        rest["public"] = {k: v for k, v in view.public.items() if k != "history"}
        history = view.public["history"]
    named = card_names(rest, state.deck)
    assert named <= seen, f"the view leaks {named - seen} to seat {seat}"
    if history is not None:
        old = card_names(history, state.deck)
        assert old <= seen | public, f"the history names {old - seen - public}, never shown to all, to seat {seat}"
    if seat is not None and seat == state.current_player:
        assert list(view.legal) == [a.text for a in state.legal_actions()]
    else:
        assert view.legal == ()
    return view


def check_events(before: rules.State, after: rules.State, events: list[rules.Event]) -> None:
    """Events shown to a seat name only cards it saw before, sees after, or that went face up to
    everyone; a moved card only to a seat that sees where it left or where it lands; a secret
    answer only to the seat that gave it."""
    to_all = shown_to_everyone(after, events)
    for seat in audience(after):
        shown = rules.events_for(events, seat)
        named = card_names([dict(e.data) for e in shown], after.deck)
        allowed = seen_by(before, seat) | seen_by(after, seat) | to_all
        assert named <= allowed, f"events leak {named - allowed} to seat {seat}"
        for event in shown:
            data = event.data
            if event.kind in ("move", "flip") and data.get("card") is not None:
                source, target = str(data.get("source")), str(data.get("target"))
                sees = (source in before.zones and before.zone_visible(source, seat)) or (
                    target in after.zones and after.zone_visible(target, seat)
                )
                assert sees or event.audience is None, f"{event.kind} {source}->{target} names its card to {seat}"
            if event.kind == "chose" and "answer" in data:
                assert (data["answer"] is not None) == (seat == data.get("seat")), f"an answer leaks to {seat}"


def check_clone_is_independent(state: rules.State, rng: random.Random, steps: int = 60) -> None:
    """Playing on a clone leaves the original exactly as it was."""
    record, views = state.to_record(), all_views(state)
    twin = state.clone()
    assert twin.to_record() == record and all_views(twin) == views
    for _ in range(steps):
        if twin.is_over:
            break
        actions = twin.legal_actions()
        twin.apply(actions[int(rng.random() * len(actions))], events=False)
    assert state.to_record() == record
    assert all_views(state) == views


def check_replay(state: rules.State) -> None:
    """The record, through JSON, replays to the same state and the same views."""
    again = rules.replay(json.loads(json.dumps(state.to_record())))
    assert texts_of(again.zones, again) == texts_of(state.zones, state)  # as a record names them:
    assert texts_of(again.known, again) == texts_of(state.known, state)  # Trio's three 7s are alike
    assert again.scores == state.scores
    assert again.winners == state.winners
    assert again.is_over == state.is_over
    assert again.deal_results == state.deal_results
    assert all_views(again) == all_views(state)


def check_sample(state: rules.State, seat: int, rng: random.Random, own: GameChecks | None = None) -> None:
    """A state sampled from the seat's view agrees with it (every card it names where it says,
    the publicly known cards in their zones, the same view again) and plays on (the game's own
    state checks holding all the way)."""
    view = state.view(seat)
    guess = rules.sample(view, rng)
    check_cards_conserved(guess)
    text = guess.deck.text
    for zone, shown in view.zones.items():
        cards = [text(c) for c in guess.zones[zone]]
        assert len(cards) == len(shown)
        assert all(s is None or s == c for s, c in zip(shown, cards, strict=True))
    for zone, known in view.known.items():
        assert not Counter(known) - Counter(text(c) for c in guess.zones[zone])
    assert guess.view(seat) == view
    own = own or GameChecks()
    own.sample(state, seat, guess)
    for _ in range(SAMPLE_STEPS):
        own.state(guess)
        if guess.is_over:
            break
        actions = guess.legal_actions()
        assert actions
        guess.apply(actions[int(rng.random() * len(actions))], events=False)


class UndoModel:
    """What undo should allow: the actor's own undoable actions since its last irreversible one."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.chain: list[tuple[rules.Action, list[dict[str, Any]], dict[str, Any]]] = []

    def after(self, seat: int, action: rules.Action, views: list[dict[str, Any]], record: dict[str, Any]) -> None:
        if seat != self.seat or not action.undoable:
            self.chain = []
        self.seat = seat
        if action.undoable:
            self.chain.append((action, views, record))

    def check(self, state: rules.State, whole_chain: bool) -> None:
        """Undo is offered exactly as the model says; undoing (the last step, or the whole chain) is exact."""
        for seat in range(state.players):
            expected = seat == self.seat and bool(self.chain) and not state.is_over
            assert state.can_undo(seat) == expected, f"can_undo({seat}) should be {expected}"
        if state.is_over or not self.chain:
            return
        steps = self.chain if whole_chain else self.chain[-1:]
        for _action, views, record in reversed(steps):
            state.undo()
            assert all_views(state) == views
            assert state.to_record() == record
        if whole_chain:
            assert not any(state.can_undo(seat) for seat in range(state.players))
        for action, _views, _record in steps:
            state.apply(action, events=False)


# --------------------------------------------------------------------- harness
def play_out(state: rules.State, bots: list[Any], most: int | None = None) -> rules.State:
    """Play ``state`` to its end, each move its seat's bot's choice on that seat's view (checked
    legal); with ``most``, in fewer moves than that."""
    moves = 0
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        choice = bots[seat].choose(view)
        assert choice in view.legal
        state.apply(choice, events=False)
        moves += 1
        assert most is None or moves < most
    return state


def planned_steps(state: rules.State, text: str, bot: Any, seat: int = 0) -> list[rules.Action]:
    """The steps a meld or lay-off begun by ``text`` takes to its commit, as ``bot`` (``seat``'s)
    builds it, asked again on a copy of the match (which is left as it was)."""
    copy = state.clone()
    copy.apply(text)
    steps = []
    while True:
        step = copy.parse_action(bot.choose(copy.view(seat)))
        copy.apply(step.text)
        if step.kind in ("commit", "cancel"):
            break
        steps.append(step)
    assert step.kind == "commit", steps
    return steps


def random_sim_test(
    game_id: str,
    variant: str | None = None,
    players: int | None = None,
    seed: int = 0,
    *,
    settings: dict[str, Any] | None = None,
    start: dict[str, Any] | None = None,
    deals: int | None = None,
    deep: bool = True,
    view_steps: int | None = None,
    checks: GameChecks | None = None,
    max_steps: int = MAX_STEPS,
    undo_checks: bool = True,
) -> rules.State:
    """Play one seeded random match of ``game_id`` and check every invariant on the way.

    ``start`` begins the match later (a record's ``start``); ``deals`` stops it after that many
    deals. Cheap checks (legal moves, cards conserved, undo offered exactly, the game's own
    state checks) run on every step; views and events on every step too, or with
    ``view_steps`` on that many (the first half of them in a row, then spread out: for games
    of thousands of short turns). ``deep`` adds clones, samples, a mid-match replay and
    undoing whole chains of any length (else the last step, or a chain of up to
    ``SHORT_CHAIN``); ``undo_checks=False`` leaves undo out (each undoable step costs every
    view and the record: for long runs of many matches whose undo is checked elsewhere). The
    record replays at the end. Returns the final state.
    """
    game = rules.load_game(game_id)
    rng = random.Random(seed)
    state = game.new_match(players=players, variant=variant, seed=seed, settings=settings or {}, start=start)
    size = game.config.deck(state.variant).size
    own = checks or GameChecks()
    undo = UndoModel()
    public = seen_by(state, None)  # cards shown to everyone so far
    stride = 1 + int(rng.random() * 200)
    step = looked = 0
    while True:
        check_cards_conserved(state, size)
        own.state(state)
        done = state.is_over or (deals is not None and len(state.deal_results) >= deals)
        look = view_steps is None or done or (looked < view_steps and (step < view_steps // 2 or step % stride == 0))
        if look:
            looked += 1
            for viewer in audience(state):
                own.view(state, viewer, check_view(state, viewer, public))
        actions = state.legal_actions()
        if state.is_over:
            assert actions == [] and state.current_player is None
            break
        if done:
            break
        assert actions, "a live state has a legal action"
        seat = state.current_player
        assert seat is not None and 0 <= seat < state.players
        assert step < max_steps, f"{game_id} not over after {max_steps} actions"
        if deep and look:  # with views checked on few steps, on each of them; else now and then
            if view_steps is not None or step % 9 == 4:
                check_clone_is_independent(state, random.Random(rng.random()))
            if view_steps is not None or step % 5 == 1:
                for who in (seat, (seat + 1) % state.players):
                    check_sample(state, who, random.Random(rng.random()), own)
        if deep and step == 12:
            check_replay(state)  # an unfinished record replays too
        action = actions[int(rng.random() * len(actions))]
        before = state.clone() if look else None
        known_before = seen_by(state, seat) if action.undoable else set()
        views, record = (all_views(state), state.to_record()) if action.undoable and undo_checks else ([], {})
        own.acting(state, action)
        events = state.apply(action)
        public |= shown_to_everyone(state, events)
        own.acted(state, action, events)
        if before is not None:
            check_events(before, state, events)
            own.events(before, state, events)
            public |= seen_by(state, None)
        if action.undoable and not state.is_over:  # never undo across a reveal of hidden cards to the actor
            assert seen_by(state, seat) <= known_before, f"{action.text} reveals cards but is undoable"
        if undo_checks:
            undo.after(seat, action, views, record)
            undo.check(state, whole_chain=deep or len(undo.chain) <= SHORT_CHAIN)
        step += 1
    check_replay(state)
    return state


def play_deal_with_kernel(state: rules.State, rng: random.Random) -> Any:
    """Play the rest of ``state``'s first deal at random, the search kernel (``state.kernel()``)
    stepped alongside: the same legal cards and the same seat to play at every step. Returns the
    kernel, for the caller to compare its tallies with the deal's result."""
    kernel = state.kernel()
    while state.phase == "play" and state.deal_no == 1:
        legal = state.legal_actions()
        assert sorted(a.card for a in legal) == sorted(kernel.legal())
        assert kernel.seat() == state.current_player
        action = legal[int(rng.random() * len(legal))]
        kernel.play(action.card)
        state.apply(action, events=False)
    return kernel
