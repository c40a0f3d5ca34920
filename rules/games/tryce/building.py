"""Melding and laying off in steps (docs/tryce.md, "Melding and laying off").

After drawing, the seat whose turn it is may start a new meld (``meld group|run|word``) or a
lay-off on a meld on the table (``extend meld/<o>/<n>``), then add cards one at a time into its
``build/<s>`` zone (``add <card>``, ``add <card> start`` when extending, ``add JK <vowel>`` for a
joker in a word), take them back (``remove <card>``), and ``commit`` — legal only when the result
is valid — or ``cancel``. Where the spare jokers of a new run could stand at either end, the
player chooses (RULES.md, settled): ``commit`` lays them above the highest card while there is
room, as ever, and ``commit 4H-7H`` names the run's ends for another choice (5H 6H 7H + joker).
``swap`` replaces a melded joker by the natural card it stands for and lays that joker again at
an end. In pat hands a commit stages the meld (``staged/<s>/<n>``) and
the whole contract goes down at once; ``cancel`` with nothing built takes the staged melds back.

Cards added at the start of a meld keep the order they were added in, before the meld's first
card (``add S start``, ``add P start`` on ``LATE`` reads ``SPLATE``) [decision].

A turn holds at most :data:`STEP_CAP` building steps (``meld``, ``extend``, ``add``, ``remove``,
``swap``, ``cancel``, ``commit``) [decision]: then only committing, cancelling and discarding are
left, so a turn always ends (random play builds and cancels at random).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.actions import Action, Event
from rules.melds import (
    ACE_LOW,
    END,
    GROUP,
    REPLACE,
    RUN,
    START,
    WORD,
    Building,
    LayOff,
    Meld,
    MeldRules,
    check_group,
    check_word,
    lay_off,
    open_meld_zone,
    run_choices,
    run_from,
)

from . import words

if TYPE_CHECKING:
    from .procedure import TryceState

STEP_CAP = 100
VOWELS = "AEIOU"
KINDS = (GROUP, RUN, WORD)
MIN_SIZE = {GROUP: 3, RUN: 4, WORD: 4}


def long_word(word: str) -> bool:
    return words.is_word(word)


def short_word(word: str) -> bool:
    """A pat hand's one short word: 3 letters allowed."""
    return words.is_word(word, short=True)


# Tryce's meld rules (RULES.md section 2): groups of 3+, runs of 4+ with the Ace high or low at
# one end, words of 4+ letters (3 for a pat hand's one short word), jokers as vowels in words.
MELD_RULES = MeldRules(group_min=3, run_min=4, word_min=4, ace="both", vowels=VOWELS, is_word=long_word)
SHORT_RULES = MeldRules(group_min=3, run_min=4, word_min=3, ace="both", vowels=VOWELS, is_word=short_word)


@dataclass(frozen=True)
class Build:
    """The meld (or lay-off) being built: its kind, the meld zone it extends (``None``: a new
    meld), and the cards added so far with the vowel named for each joker in a word and the end
    each goes to (``start`` or ``end``; a new meld's cards all go to the end, in order)."""

    kind: str
    target: str | None = None
    cards: tuple[int, ...] = ()
    named: tuple[str | None, ...] = ()
    ends: tuple[str, ...] = ()

    def add(self, card: int, vowel: str | None, end: str) -> Build:
        return Build(self.kind, self.target, self.cards + (card,), self.named + (vowel,), self.ends + (end,))

    def remove(self, card: int) -> Build:
        i = self.cards.index(card)
        cut = slice(i, i + 1)
        return Build(self.kind, self.target, _drop(self.cards, cut), _drop(self.named, cut), _drop(self.ends, cut))


def _drop(items: tuple[Any, ...], cut: slice) -> tuple[Any, ...]:
    return items[: cut.start] + items[cut.stop :]


@dataclass(frozen=True)
class Outcome:
    """What a commit would make, and whether it takes the seat down."""

    meld: Meld
    goes_down: bool


# ------------------------------------------------------------------ legality
def meld_phase_actions(state: TryceState, seat: int) -> list[Action]:
    """The actions after the draw: building steps, lay-offs, swaps, then the discards."""
    if state.build is not None:
        return build_actions(state, seat)
    hand_zone = f"hand/{seat}"
    hand = state.zones[hand_zone]
    actions: list[Action] = []
    room_to_build = state.steps < STEP_CAP
    lay_offs = state.may_lay_off(seat)
    if room_to_build and hand:
        for kind in KINDS:
            if state.room(seat, kind) > 0 and len(hand) >= min_size(state, seat, kind):
                actions.append(Action("meld", f"meld {kind}", label=f"Meld a {kind}", value=kind))
        if lay_offs:
            actions += [Action("extend", f"extend {zone}", target=zone, label="Lay off") for zone in meld_zones(state)]
    if room_to_build and lay_offs:
        actions += swap_actions(state, seat)
    if any(zone.split("/")[1] == str(seat) for zone in state.staged):
        actions.append(Action("cancel", "cancel", label="Take back"))
        return actions
    text = state.deck.text
    goes_down = len(hand) == 1 and not state.pat and state.contract_complete(seat)
    seen: set[str] = set()
    for card in hand:
        name = text(card)
        if name not in seen:
            seen.add(name)
            actions.append(Action("discard", f"discard {name}", card, hand_zone, "discard", undoable=not goes_down))
    return actions


def min_size(state: TryceState, seat: int, kind: str) -> int:
    if kind == WORD and state.pat and not state.short_word_used(seat):
        return 3
    return MIN_SIZE[kind]


def meld_zones(state: TryceState) -> list[str]:
    """The melds on the table, by owner then number."""
    return sorted(state.melds, key=lambda z: tuple(int(p) for p in z.split("/")[1:]))


def build_actions(state: TryceState, seat: int) -> list[Action]:
    build = state.build
    assert build is not None
    hand_zone, build_zone = f"hand/{seat}", f"build/{seat}"
    text = state.deck.text
    wild = state.meld_deck.wild
    actions: list[Action] = []
    if state.steps < STEP_CAP:
        ends = (END, START) if build.target is not None and build.kind != GROUP else (END,)
        seen: set[str] = set()
        for card in state.zones[hand_zone]:
            name = text(card)
            if name in seen or not may_add(state, build, card):
                continue
            seen.add(name)
            for end in ends:
                where = "" if end == END else " start"
                if wild[card] and build.kind == WORD:
                    actions += [
                        Action(
                            "add",
                            f"add {name} {v}{where}",
                            card,
                            hand_zone,
                            build_zone,
                            value=v,
                            label=f"Add as {v}",
                            end=end,
                        )
                        for v in VOWELS
                    ]
                else:
                    actions.append(Action("add", f"add {name}{where}", card, hand_zone, build_zone, end=end))
        last: dict[str, int] = {}
        for card in build.cards:
            last[text(card)] = card  # a joker taken back: the last one added
        actions += [Action("remove", f"remove {name}", card, build_zone, hand_zone) for name, card in last.items()]
    outcome = commit_outcome(state, seat)
    if outcome is not None:
        runs = run_ends(state, outcome.meld) if build.target is None and build.kind == RUN else []
        if len(runs) < 2:
            actions.append(Action("commit", "commit", undoable=not outcome.goes_down, label="Commit"))
        for n, (text, label, _meld) in enumerate(runs):  # the spare joker's end, the player's choice
            actions.append(
                Action("commit", "commit" if n == 0 else f"commit {text}", undoable=not outcome.goes_down, label=label)
            )
    actions.append(Action("cancel", "cancel", label="Cancel"))
    return actions


def run_ends(state: TryceState, meld: Meld) -> list[tuple[str, str, Meld]]:
    """The runs a new run's cards make, one per end its spare jokers may take (RULES.md, settled:
    5H 6H 7H + joker is 4H-7H or 5H-8H, the player chooses), as (span, label, meld): the span names
    the run's ends ("4H-7H"), the label what its spare jokers stand for ("Joker as the 4 of
    Hearts"). The first is ``meld``, the plain ``commit`` (:func:`rules.melds.check_run`'s choice,
    the jokers above the highest card while there is room); [] or one run: no choice."""
    deck = state.meld_deck

    def naturals(run: Meld) -> dict[int, Any]:
        return {c: v for c, v in zip(run.cards, run.stands, strict=True) if not deck.wild[c]}

    runs = run_choices(deck, meld.cards, MELD_RULES)
    if not runs or runs[0].stands != meld.stands:
        return []
    runs = [run for run in runs if naturals(run) == naturals(meld)]  # not the Ace's choice: the jokers'
    if len(runs) < 2:
        return []
    suit = next(deck.suit[c] for c in meld.cards if not deck.wild[c])
    faces = {deck.value[c]: state.deck.faces[c] for c in range(len(deck.wild)) if deck.suit[c] == suit}

    def face(value: Any) -> Any:
        return faces[deck.top if value == ACE_LOW else int(value)]

    def rank(value: Any) -> str:  # "4H", "10H": the card's text without its copy's number
        return face(value).text.rstrip("0123456789")

    out = []
    for run in runs:
        held = [v for c, v in zip(run.cards, run.stands, strict=True) if not deck.wild[c]]
        spare = [
            face(v)
            for c, v in zip(run.cards, run.stands, strict=True)
            if deck.wild[c] and not min(held) <= v <= max(held)
        ]
        ranks = [str(f.name).split(" of ")[0] for f in spare]
        said = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " and " + ranks[-1]
        label = f"Joker{'s' if len(spare) > 1 else ''} as the {said} of {state.deck.suits[suit].name}"
        out.append((f"{rank(run.stands[0])}-{rank(run.stands[-1])}", label, run))
    return out


def may_add(state: TryceState, build: Build, card: int) -> bool:
    """Whether ``card`` may join the build (a group's rank, a run's suit and a free rank; any
    lettered card or joker in a word). The commit judges the whole meld."""
    deck = state.meld_deck
    if deck.wild[card]:
        return True
    if build.kind == WORD:
        return bool(deck.letter[card])
    naturals = [c for c in build.cards if not deck.wild[c]]
    melded = state.melds[build.target] if build.target is not None else None
    if melded is not None:
        naturals += [c for c in melded.cards if not deck.wild[c]]
    if not naturals:
        return True
    value = deck.value[card]
    if build.kind == GROUP:
        return value == deck.value[naturals[0]]
    if deck.suit[card] != deck.suit[naturals[0]]:
        return False
    taken = {deck.value[c] for c in naturals}
    if melded is not None:
        taken |= {deck.top if v == ACE_LOW else int(v) for v in melded.stands}
    return value not in taken


def commit_outcome(state: TryceState, seat: int) -> Outcome | None:
    """The meld a commit would make now, or ``None`` when committing is not legal: not a meld of
    its kind; a 3-letter word but where a pat hand allows it; a hand left empty but when that
    completes the contract; in a pat hand, a whole contract staged with cards left over."""
    build = state.build
    if build is None or not build.cards:
        return None
    deck = state.meld_deck
    left = len(state.zones[f"hand/{seat}"])
    if build.target is not None:
        meld = extended(state, build)
        if meld is None or (left == 0 and not state.contract_complete(seat)):
            return None
        return Outcome(meld, left == 0)
    piece = Building(build.kind, build.cards, build.named)
    meld = piece.meld(deck, MELD_RULES)
    if meld is None and build.kind == WORD and state.pat and len(build.cards) == 3 and not state.short_word_used(seat):
        meld = piece.meld(deck, SHORT_RULES, min_size=3)
    if meld is None:
        return None
    if state.pat:
        full = state.staged_count(seat) + 1 == sum(state.contract.values())
        if full and left == 0:
            return Outcome(meld, True)
        return Outcome(meld, False) if not full and left > 0 else None
    complete = all(state.laid(seat, kind) + (kind == build.kind) >= count for kind, count in state.contract.items())
    if left == 0 and not complete:
        return None
    return Outcome(meld, left == 0)


def extended(state: TryceState, build: Build) -> Meld | None:
    """The meld ``build.target`` with the built cards laid at its ends, judged on the result."""
    deck = state.meld_deck
    meld = state.melds[build.target]
    start = [(c, v) for c, v, e in zip(build.cards, build.named, build.ends, strict=True) if e == START]
    end = [(c, v) for c, v, e in zip(build.cards, build.named, build.ends, strict=True) if e == END]
    cards = tuple(c for c, _ in start) + meld.cards + tuple(c for c, _ in end)
    if meld.kind == GROUP:
        return check_group(deck, cards, MELD_RULES) if not start else None
    if meld.kind == RUN:
        first = int(meld.stands[0]) - len(start)
        stands = run_from(deck, cards, first, MELD_RULES)
        return None if stands is None else Meld(RUN, cards, stands)
    named = [v for _, v in start] + [str(s) for s in meld.stands] + [v for _, v in end]
    return check_word(deck, cards, MELD_RULES, named, min_size=0)


def swap_actions(state: TryceState, seat: int) -> list[Action]:
    """``swap <card> <meld> <index> <end> [<vowel>]``: a natural card of the hand replaces a joker it
    stands for; the joker goes again to that end of the same meld (as that vowel on a word)."""
    deck = state.meld_deck
    hand_zone = f"hand/{seat}"
    hand = state.zones[hand_zone]
    text = state.deck.text
    last_card = len(hand) == 1
    if last_card and not state.contract_complete(seat):
        return []
    actions = []
    for zone in meld_zones(state):
        meld = state.melds[zone]
        jokers = meld.jokers(deck)
        if not jokers:
            continue
        ends = (END,) if meld.kind == GROUP else (START, END)
        vowels: tuple[str | None, ...] = tuple(VOWELS) if meld.kind == WORD else (None,)
        seen: set[str] = set()
        for card in hand:
            name = text(card)
            if deck.wild[card] or name in seen:
                continue
            seen.add(name)
            for index in jokers:
                stand = meld.stands[index]
                if meld.kind == WORD:
                    if deck.letter[card] != stand:
                        continue
                elif deck.value[card] != stand and not (deck.value[card] == deck.top and stand == ACE_LOW):
                    continue
                for end in ends:
                    for vowel in vowels:
                        if lay_off(deck, meld, (card,), LayOff(REPLACE, index, end, vowel), MELD_RULES) is None:
                            continue
                        words = f"swap {name} {zone} {index} {end}" + (f" {vowel}" if vowel else "")
                        actions.append(
                            Action(
                                "swap",
                                words,
                                card,
                                hand_zone,
                                zone,
                                undoable=not last_card,
                                value=vowel,
                                label="Swap the joker",
                                end=end,
                            )
                        )
    return actions


# --------------------------------------------------------------------- moves
def do(state: TryceState, action: Action, events: list[Event] | None) -> None:
    seat = state.turn
    kind = action.kind
    state.steps += 1
    hand_zone, build_zone = f"hand/{seat}", f"build/{seat}"
    if kind == "meld":
        state.build = Build(str(action.value))
    elif kind == "extend":
        state.build = Build(state.melds[action.target].kind, action.target)
    elif kind == "add":
        end = START if action.text.endswith(" start") else END
        wild = state.meld_deck.wild[action.card]
        move(state, action.card, hand_zone, build_zone, events, frozenset((seat,)))
        state.build = state.build.add(action.card, action.value if wild else None, end)
    elif kind == "remove":
        move(state, action.card, build_zone, hand_zone, events, frozenset((seat,)))
        state.build = state.build.remove(action.card)
    elif kind == "cancel":
        cancel(state, seat, events)
    elif kind == "commit":
        commit(state, seat, events, action.text)
    elif kind == "swap":
        swap(state, seat, action, events)
    else:  # pragma: no cover - every legal action kind is handled above
        raise ValueError(f"unknown action kind {kind!r}")


def move(
    state: TryceState,
    card: int,
    source: str,
    target: str,
    events: list[Event] | None,
    audience: frozenset[int] | None,
    index: int | None = None,
) -> None:
    """Move ``card`` to the end of ``target`` (or to ``index``); a card known to be held (taken from
    the discard or bought) stays known while it moves among its holder's hidden zones."""
    state.zones[source].remove(card)
    cards = state.zones[target]
    at = len(cards) if index is None else index
    cards.insert(at, card)
    known = state.known.get(source)
    if known and card in known:
        known.remove(card)
        if not state.zone_visible(target, None):
            state.known.setdefault(target, []).append(card)
    if events is not None:
        events.append(state.card_event("move", card, source, target, audience, index=at))


def cancel(state: TryceState, seat: int, events: list[Event] | None) -> None:
    """Every built card back to the hand; with nothing being built, every staged meld back."""
    hand_zone = f"hand/{seat}"
    if state.build is not None:
        for card in list(state.zones[f"build/{seat}"]):
            move(state, card, f"build/{seat}", hand_zone, events, frozenset((seat,)))
        state.build = None
        return
    for zone in sorted(z for z in state.staged if z.split("/")[1] == str(seat)):
        for card in list(state.zones[zone]):
            move(state, card, zone, hand_zone, events, frozenset((seat,)))
        del state.zones[zone]
        del state.staged[zone]


def commit(state: TryceState, seat: int, events: list[Event] | None, text: str = "commit") -> None:
    outcome = commit_outcome(state, seat)
    build = state.build
    assert outcome is not None and build is not None
    if text != "commit":  # "commit 4H-7H": the run with its spare jokers at the ends named
        span = text.split()[1]
        run = next(meld for name, _label, meld in run_ends(state, outcome.meld) if name == span)
        outcome = Outcome(run, outcome.goes_down)
    state.build = None
    build_zone = f"build/{seat}"
    meld = outcome.meld
    if build.target is not None:
        zone = build.target
        _lay(state, build_zone, zone, meld, events, None)
    elif state.pat:
        zone = f"staged/{seat}/{state.staged_count(seat)}"
        state.zones[zone] = []
        _lay(state, build_zone, zone, meld, events, frozenset((seat,)))
        state.staged[zone] = meld
        if outcome.goes_down:
            for staged in sorted(z for z in state.staged if z.split("/")[1] == str(seat)):
                laid = open_meld_zone(state.zones, seat)
                _lay(state, staged, laid, state.staged.pop(staged), events, None)
                del state.zones[staged]
            state.first_meld[seat] = state.turn_no
    else:
        zone = open_meld_zone(state.zones, seat)
        _lay(state, build_zone, zone, meld, events, None)
        if state.first_meld[seat] is None:
            state.first_meld[seat] = state.turn_no
    if outcome.goes_down:
        state._finish_hand(seat, False, events)


def _lay(
    state: TryceState, source: str, zone: str, meld: Meld, events: list[Event] | None, audience: frozenset[int] | None
) -> None:
    """The cards of ``source`` into ``zone`` in the meld's order (a run low to high); a laid meld is
    public and known cards stop being merely known."""
    moved = list(state.zones[source])
    for card in moved:
        state.zones[source].remove(card)
        known = state.known.get(source)
        if known and card in known:
            known.remove(card)
            if audience is not None:
                state.known.setdefault(zone, []).append(card)
    state.zones[zone] = list(meld.cards)
    if zone.startswith("meld/"):
        state.melds[zone] = meld
    if events is not None:
        for index, card in enumerate(meld.cards):
            if card in moved:
                events.append(state.card_event("move", card, source, zone, audience, index=index))


def swap(state: TryceState, seat: int, action: Action, events: list[Event] | None) -> None:
    words = action.text.split()
    zone, index, end = words[2], int(words[3]), words[4]
    vowel = words[5] if len(words) > 5 else None
    meld = state.melds[zone]
    joker = meld.cards[index]
    new = lay_off(state.meld_deck, meld, (action.card,), LayOff(REPLACE, index, end, vowel), MELD_RULES)
    assert new is not None
    hand_zone = f"hand/{seat}"
    state.zones[hand_zone].remove(action.card)
    known = state.known.get(hand_zone)
    if known and action.card in known:
        known.remove(action.card)
    state.zones[zone] = list(new.cards)
    state.melds[zone] = new
    if events is not None:
        events.append(state.card_event("move", action.card, hand_zone, zone, None, index=new.cards.index(action.card)))
        events.append(state.card_event("move", joker, zone, zone, None, index=new.cards.index(joker)))
    if not state.zones[hand_zone]:
        state._finish_hand(seat, False, events)


# --------------------------------------------------------------------- views
def public(state: TryceState) -> dict[str, Any]:
    """The build, for its builder's view only: kind, target, vowels named, ends."""
    build = state.build
    assert build is not None
    return {"kind": build.kind, "target": build.target, "named": list(build.named), "ends": list(build.ends)}


def restore(state: TryceState, info: dict[str, Any] | None) -> Build | None:
    """The build from a view (for ``rules.sample``); another seat's build is guessed as a word."""
    cards = tuple(state.zones.get(f"build/{state.turn}", ()))
    if info is not None:
        return Build(info["kind"], info["target"], cards, tuple(info["named"]), tuple(info["ends"]))
    if not cards or state.phase != "meld":
        return None
    wild = state.meld_deck.wild
    return Build(WORD, None, cards, tuple("E" if wild[c] else None for c in cards), (END,) * len(cards))
