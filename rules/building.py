"""Melds and lay-offs built in steps, written once for every rummy (Tryce, a plugin's Rummy).

After drawing, the seat to act may start a new meld of a kind its game declares (``meld group``,
``meld run``; ``meld word`` where words are a kind) or a lay-off on a meld on the table
(``extend meld/<o>/<n>``), then add cards one at a time into its ``build/<seat>`` zone
(``add <card>``; ``add <card> start`` when extending a run or a word at its start; ``add JK
<vowel>`` for a wild card in a word), take them back (``remove <card>``), and ``commit`` — legal
only when the result is a meld and the game allows it — or ``cancel``. Where the spare wild cards
of a new run could stand at either end, ``commit`` lays them above the highest card while there
is room and ``commit 4H-7H`` names the run's ends for another choice. ``swap`` replaces a melded
wild card by the natural card it stands for and lays that wild card again at an end. So
``legal_actions()`` stays small: no list of subsets.

:class:`MeldBuilding` is the protocol: a game makes one (its :class:`~rules.melds.MeldRules`,
the kinds it declares, a cap on steps per turn) and overrides the hooks that are its own rules:
:meth:`~MeldBuilding.may_start` (a contract's room), :meth:`~MeldBuilding.may_lay_off` (only
after a first meld), :meth:`~MeldBuilding.judge` (whether a commit may empty the hand),
:meth:`~MeldBuilding.new_meld`, :meth:`~MeldBuilding.lay_new` (where a new meld goes),
:meth:`~MeldBuilding.closing_actions` (the discards) and :meth:`~MeldBuilding.gone_out` (the
hand ends). The state keeps what is built (:class:`MeldingState`): the cards live in its zones
like any other cards (views, events, records and undo treat a step as an ordinary move).

A turn holds at most ``step_cap`` building steps (``meld``, ``extend``, ``add``, ``remove``,
``swap``, ``cancel``, ``commit``): then only committing, cancelling and the closing actions are
left, so a turn always ends (random play builds and cancels at random).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .actions import Action, Event
from .facts import Facts
from .kinds import ActionKind
from .melds import (
    ACE_LOW,
    END,
    GROUP,
    MELD_ZONE,
    REPLACE,
    RUN,
    START,
    WORD,
    Building,
    LayOff,
    Meld,
    MeldDeck,
    MeldRules,
    check_group,
    check_word,
    lay_off,
    open_meld_zone,
    run_choices,
    run_from,
)

if TYPE_CHECKING:
    from .cards import Deck

MELD, EXTEND, ADD, REMOVE, COMMIT, SWAP = (
    ActionKind.MELD,
    ActionKind.EXTEND,
    ActionKind.ADD,
    ActionKind.REMOVE,
    ActionKind.COMMIT,
    ActionKind.SWAP,
)
CANCEL, DISCARD = ActionKind.CANCEL, ActionKind.DISCARD
BUILD_KINDS = (MELD, EXTEND, ADD, REMOVE, CANCEL, COMMIT, SWAP)  # the steps :meth:`do` takes


@dataclass(frozen=True)
class Build:
    """The meld (or lay-off) being built: its kind, the meld zone it extends (``None``: a new
    meld), and the cards added so far with the vowel named for each wild card in a word and the
    end each goes to (``start`` or ``end``; a new meld's cards all go to the end, in order)."""

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
    """What a commit would make, and whether it takes the seat out (its hand emptied)."""

    meld: Meld
    goes_down: bool


class MeldingState(Protocol):
    """What the protocol reads and writes on a game's state (a :class:`rules.State` subclass):
    ``build`` (the :class:`Build` in progress, ``None`` when none), ``melds`` (zone -> the
    :class:`Meld` on the table), ``steps`` (building steps taken this turn; the game sets it to 0
    at each turn), ``meld_deck`` (the deck's :class:`MeldDeck`), and the engine's own zones,
    ``known``, ``card_event`` and ``zone_visible``. Give ``melds`` to the game's ``MUTABLE``."""

    zones: dict[str, list[int]]
    known: dict[str, list[int]]
    deck: Deck
    build: Build | None
    melds: dict[str, Meld]
    steps: int
    meld_deck: MeldDeck

    def card_event(
        self,
        kind: str,
        card: int,
        source: str | None,
        target: str | None,
        audience: frozenset[int] | None,
        **extra: Any,
    ) -> Event: ...

    def zone_visible(self, zone: str, seat: int | None) -> bool: ...


class MeldBuilding:
    """A game's meld building: the rules its melds are checked by (``rules``), the kinds a seat
    may start (``kinds``, in the order their buttons show; a word is one kind a game may declare),
    the cap on building steps per turn, its zone names (``hand/<s>``, ``build/<s>``, the
    ``discard`` pile) and the game's word for a kind where it is not the kind's own (``names``:
    Rummy's ``{"group": "set"}`` makes ``meld set``, "Meld a set"). Subclass it to give the
    game's own rules through the hooks."""

    def __init__(
        self,
        rules: MeldRules,
        kinds: tuple[str, ...] = (GROUP, RUN),
        step_cap: int = 100,
        hand: str = "hand",
        build: str = "build",
        discard: str = "discard",
        names: Mapping[str, str] | None = None,
    ) -> None:
        self.rules = rules
        self.kinds = kinds
        self.names = dict(names or {})
        self._kind_of = {self.names.get(kind, kind): kind for kind in kinds}
        self.step_cap = step_cap
        self.hand = hand
        self.build = build
        self.discard = discard

    # ------------------------------------------------------------- the hooks
    def min_size(self, state: MeldingState, seat: int, kind: str) -> int:
        """The fewest cards a new meld of ``kind`` takes (the rules' minimum)."""
        return self.rules.min_size(kind)

    def may_start(self, state: MeldingState, seat: int, kind: str) -> bool:
        """Whether ``seat`` may start a meld of ``kind`` now (default: it holds enough cards)."""
        return len(state.zones[f"{self.hand}/{seat}"]) >= self.min_size(state, seat, kind)

    def may_lay_off(self, state: MeldingState, seat: int) -> bool:
        """Whether ``seat`` may lay off on the table's melds (and swap their wild cards) now."""
        return True

    def may_go_out(self, state: MeldingState, seat: int) -> bool:
        """Whether ``seat`` may give up its last card by melding, laying off or swapping."""
        return True

    def new_meld(self, state: MeldingState, seat: int, build: Build) -> Meld | None:
        """The meld a new build's cards make by the game's rules, or ``None``."""
        return Building(build.kind, build.cards, build.named).meld(state.meld_deck, self.rules)

    def judge(self, state: MeldingState, seat: int, build: Build, meld: Meld) -> Outcome | None:
        """Whether committing ``meld`` is legal now and takes ``seat`` out (``None``: not legal).
        Default: a commit that empties the hand is legal when :meth:`may_go_out` says so."""
        left = len(state.zones[f"{self.hand}/{seat}"])
        if left == 0 and not self.may_go_out(state, seat):
            return None
        return Outcome(meld, left == 0)

    def lay_new(self, state: MeldingState, seat: int, outcome: Outcome, events: list[Event] | None) -> None:
        """Lay a committed new meld: on the table, in ``seat``'s next meld zone."""
        zone = open_meld_zone(state.zones, seat)
        self.lay(state, self.build_zone(seat), zone, outcome.meld, events, None)

    def closing_actions(self, state: MeldingState, seat: int) -> list[Action]:
        """The actions that end a turn, offered while nothing is being built: the discards."""
        return self.discard_actions(state, seat)

    def gone_out(self, state: MeldingState, seat: int, events: list[Event] | None) -> None:
        """``seat`` emptied its hand by a commit or a swap: the game ends the hand."""
        raise NotImplementedError("a game whose melds may empty a hand ends the hand here")

    def guess(self, state: MeldingState, seat: int, cards: tuple[int, ...]) -> Build | None:
        """Another seat's build, which a view does not describe (for ``rules.sample``): a new meld
        of the first kind (a game with words guesses better)."""
        return Build(self.kinds[0], None, cards, (None,) * len(cards), (END,) * len(cards))

    # ------------------------------------------------------------- legality
    def kind_of(self, word: str) -> str:
        """The meld kind a game's word names (``set``: ``group``); a kind's own name is itself."""
        return self._kind_of.get(word, word)

    def build_zone(self, seat: int) -> str:
        return f"{self.build}/{seat}"

    def turn_actions(self, state: MeldingState, seat: int) -> list[Action]:
        """The actions after the draw: building steps, lay-offs, swaps, then :meth:`closing_actions`."""
        if state.build is not None:
            return self.build_actions(state, seat)
        return self.start_actions(state, seat) + self.closing_actions(state, seat)

    def start_actions(self, state: MeldingState, seat: int) -> list[Action]:
        """With nothing being built: start a meld of each kind allowed, a lay-off on each meld, the swaps."""
        hand = state.zones[f"{self.hand}/{seat}"]
        actions: list[Action] = []
        room_to_build = state.steps < self.step_cap
        lay_offs = self.may_lay_off(state, seat)
        if room_to_build and hand:
            for kind in self.kinds:
                if self.may_start(state, seat, kind):
                    word = self.names.get(kind, kind)
                    actions.append(Action(MELD, f"meld {word}", label=f"Meld a {word}", value=word))
            if lay_offs:
                actions += [
                    Action(EXTEND, f"extend {zone}", target=zone, label="Lay off") for zone in meld_zones(state)
                ]
        if room_to_build and lay_offs:
            actions += self.swap_actions(state, seat)
        return actions

    def discard_actions(self, state: MeldingState, seat: int, undoable: bool = True) -> list[Action]:
        """``discard <card>`` for each card of the hand (one per text: copies alike are one choice)."""
        hand_zone = f"{self.hand}/{seat}"
        text = state.deck.text
        seen: set[str] = set()
        actions = []
        for card in state.zones[hand_zone]:
            name = text(card)
            if name not in seen:
                seen.add(name)
                actions.append(Action(DISCARD, f"discard {name}", card, hand_zone, self.discard, undoable=undoable))
        return actions

    def build_actions(self, state: MeldingState, seat: int) -> list[Action]:
        """While building: an ``add`` per card that may join (at either end of a meld extended), a
        ``remove`` per card built, the commit (one per end a run's spare wild cards may take), cancel."""
        build = state.build
        assert build is not None
        hand_zone, build_zone = f"{self.hand}/{seat}", self.build_zone(seat)
        text = state.deck.text
        wild = state.meld_deck.wild
        vowels = self.rules.vowels
        actions: list[Action] = []
        if state.steps < self.step_cap:
            ends = (END, START) if build.target is not None and build.kind != GROUP else (END,)
            seen: set[str] = set()
            for card in state.zones[hand_zone]:
                name = text(card)
                if name in seen or not self.may_add(state, build, card):
                    continue
                seen.add(name)
                for end in ends:
                    where = "" if end == END else " start"
                    if wild[card] and build.kind == WORD:
                        actions += [
                            Action(
                                ADD,
                                f"add {name} {v}{where}",
                                card,
                                hand_zone,
                                build_zone,
                                value=v,
                                label=f"Add as {v}",
                                end=end,
                            )
                            for v in vowels
                        ]
                    else:
                        actions.append(Action(ADD, f"add {name}{where}", card, hand_zone, build_zone, end=end))
            last: dict[str, int] = {}
            for card in build.cards:
                last[text(card)] = card  # a wild card taken back: the last one added
            actions += [Action(REMOVE, f"remove {name}", card, build_zone, hand_zone) for name, card in last.items()]
        outcome = self.commit_outcome(state, seat)
        if outcome is not None:
            runs = self.run_ends(state, outcome.meld) if build.target is None and build.kind == RUN else []
            if len(runs) < 2:
                actions.append(Action(COMMIT, "commit", undoable=not outcome.goes_down, label="Commit"))
            for n, (span, label, _meld) in enumerate(runs):  # the spare wild card's end, the player's choice
                actions.append(
                    Action(
                        COMMIT,
                        "commit" if n == 0 else f"commit {span}",
                        undoable=not outcome.goes_down,
                        label=label,
                        value=None if n == 0 else span,
                    )
                )
        actions.append(Action(CANCEL, "cancel", label="Cancel"))
        return actions

    def run_ends(self, state: MeldingState, meld: Meld) -> list[tuple[str, str, Meld]]:
        """The runs a new run's cards make, one per end its spare wild cards may take (5H 6H 7H +
        joker is 4H-7H or 5H-8H, the player chooses), as (span, label, meld): the span names the
        run's ends ("4H-7H"), the label what its spare wild cards stand for ("Joker as the 4 of
        Hearts"). The first is ``meld``, the plain ``commit`` (:func:`rules.melds.check_run`'s
        choice, above the highest card while there is room); [] or one run: no choice."""
        deck = state.meld_deck

        def naturals(run: Meld) -> dict[int, Any]:
            return {c: v for c, v in zip(run.cards, run.stands, strict=True) if not deck.wild[c]}

        runs = run_choices(deck, meld.cards, self.rules)
        if not runs or runs[0].stands != meld.stands:
            return []
        runs = [run for run in runs if naturals(run) == naturals(meld)]  # not the Ace's choice: the wild cards'
        if len(runs) < 2:
            return []
        suit = next(deck.suit[c] for c in meld.cards if not deck.wild[c])
        faces = {deck.value[c]: state.deck.faces[c] for c in range(len(deck.wild)) if deck.suit[c] == suit}
        wild_name = next(state.deck.faces[c].name for c in meld.cards if deck.wild[c])

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
            label = f"{wild_name}{'s' if len(spare) > 1 else ''} as the {said} of {state.deck.suits[suit].name}"
            out.append((f"{rank(run.stands[0])}-{rank(run.stands[-1])}", label, run))
        return out

    def may_add(self, state: MeldingState, build: Build, card: int) -> bool:
        """Whether ``card`` may join the build (a group's rank, a run's suit and a free rank; any
        lettered card or wild card in a word). The commit judges the whole meld."""
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

    def commit_outcome(self, state: MeldingState, seat: int) -> Outcome | None:
        """The meld a commit would make now, or ``None`` when committing is not legal: nothing
        built, not a meld (:meth:`new_meld`, :meth:`extended`), or the game's :meth:`judge` refuses."""
        build = state.build
        if build is None or not build.cards:
            return None
        meld = self.extended(state, build) if build.target is not None else self.new_meld(state, seat, build)
        if meld is None:
            return None
        return self.judge(state, seat, build, meld)

    def extended(self, state: MeldingState, build: Build) -> Meld | None:
        """The meld ``build.target`` with the built cards laid at its ends, judged on the result."""
        deck = state.meld_deck
        rules = self.rules
        meld = state.melds[build.target]
        start = [(c, v) for c, v, e in zip(build.cards, build.named, build.ends, strict=True) if e == START]
        end = [(c, v) for c, v, e in zip(build.cards, build.named, build.ends, strict=True) if e == END]
        cards = tuple(c for c, _ in start) + meld.cards + tuple(c for c, _ in end)
        if meld.kind == GROUP:
            return check_group(deck, cards, rules) if not start else None
        if meld.kind == RUN:
            first = int(meld.stands[0]) - len(start)
            stands = run_from(deck, cards, first, rules)
            return None if stands is None else Meld(RUN, cards, stands)
        named = [v for _, v in start] + [str(s) for s in meld.stands] + [v for _, v in end]
        return check_word(deck, cards, rules, named, min_size=0)

    def swap_actions(self, state: MeldingState, seat: int) -> list[Action]:
        """``swap <card> <meld> <index> <end> [<vowel>]``: a natural card of the hand replaces a wild
        card it stands for; the wild card goes again to that end of the same meld (as that vowel on a word)."""
        deck = state.meld_deck
        rules = self.rules
        hand_zone = f"{self.hand}/{seat}"
        hand = state.zones[hand_zone]
        text = state.deck.text
        last_card = len(hand) == 1
        if last_card and not self.may_go_out(state, seat):
            return []
        actions = []
        for zone in meld_zones(state):
            meld = state.melds[zone]
            jokers = meld.jokers(deck)
            if not jokers:
                continue
            ends = (END,) if meld.kind == GROUP else (START, END)
            vowels: tuple[str | None, ...] = tuple(rules.vowels) if meld.kind == WORD else (None,)
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
                            if lay_off(deck, meld, (card,), LayOff(REPLACE, index, end, vowel), rules) is None:
                                continue
                            words = f"swap {name} {zone} {index} {end}" + (f" {vowel}" if vowel else "")
                            actions.append(
                                Action(
                                    SWAP,
                                    words,
                                    card,
                                    hand_zone,
                                    zone,
                                    undoable=not last_card,
                                    value=vowel,
                                    label="Swap the joker",
                                    end=end,
                                    index=index,
                                )
                            )
        return actions

    # ----------------------------------------------------------------- moves
    def do(self, state: MeldingState, seat: int, action: Action, events: list[Event] | None) -> None:
        """Take the building step ``action`` (one of :data:`BUILD_KINDS`) for ``seat``."""
        kind = action.kind
        state.steps += 1
        hand_zone, build_zone = f"{self.hand}/{seat}", self.build_zone(seat)
        if kind == MELD:
            state.build = Build(self.kind_of(str(action.value)))
        elif kind == EXTEND:
            state.build = Build(state.melds[action.target].kind, action.target)
        elif kind == ADD:
            end = action.end or END
            wild = state.meld_deck.wild[action.card]
            self.move(state, action.card, hand_zone, build_zone, events, frozenset((seat,)))
            state.build = state.build.add(action.card, action.value if wild else None, end)
        elif kind == REMOVE:
            self.move(state, action.card, build_zone, hand_zone, events, frozenset((seat,)))
            state.build = state.build.remove(action.card)
        elif kind == CANCEL:
            self.cancel(state, seat, events)
        elif kind == COMMIT:
            self.commit(state, seat, events, action.value)
        elif kind == SWAP:
            self.swap(state, seat, action, events)
        else:  # pragma: no cover - every legal action kind is handled above
            raise ValueError(f"unknown action kind {kind!r}")

    @staticmethod
    def move(
        state: MeldingState,
        card: int,
        source: str,
        target: str,
        events: list[Event] | None,
        audience: frozenset[int] | None,
        index: int | None = None,
    ) -> None:
        """Move ``card`` to the end of ``target`` (or to ``index``); a card known to be held (taken
        from the discard) stays known while it moves among its holder's hidden zones."""
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

    def cancel(self, state: MeldingState, seat: int, events: list[Event] | None) -> None:
        """Every built card back to the hand, in the order they were added."""
        hand_zone, build_zone = f"{self.hand}/{seat}", self.build_zone(seat)
        for card in list(state.zones[build_zone]):
            self.move(state, card, build_zone, hand_zone, events, frozenset((seat,)))
        state.build = None

    def commit(self, state: MeldingState, seat: int, events: list[Event] | None, span: Any = None) -> None:
        """Lay the build: on the meld it extends, or as a new meld (:meth:`lay_new`); out when it empties the hand."""
        outcome = self.commit_outcome(state, seat)
        build = state.build
        assert outcome is not None and build is not None
        if span is not None:  # "commit 4H-7H": the run with its spare wild cards at the ends named
            run = next(meld for name, _label, meld in self.run_ends(state, outcome.meld) if name == span)
            outcome = Outcome(run, outcome.goes_down)
        state.build = None
        if build.target is not None:
            self.lay(state, self.build_zone(seat), build.target, outcome.meld, events, None)
        else:
            self.lay_new(state, seat, outcome, events)
        if outcome.goes_down:
            self.gone_out(state, seat, events)

    @staticmethod
    def lay(
        state: MeldingState,
        source: str,
        zone: str,
        meld: Meld,
        events: list[Event] | None,
        audience: frozenset[int] | None,
    ) -> None:
        """The cards of ``source`` into ``zone`` in the meld's order (a run low to high); a meld laid
        on the table is public, and cards known to be held stop being merely known (``audience``:
        who sees the move when ``zone`` is not on the table)."""
        moved = list(state.zones[source])
        for card in moved:
            state.zones[source].remove(card)
            known = state.known.get(source)
            if known and card in known:
                known.remove(card)
                if audience is not None:
                    state.known.setdefault(zone, []).append(card)
        state.zones[zone] = list(meld.cards)
        if zone.startswith(MELD_ZONE + "/"):
            state.melds[zone] = meld
        if events is not None:
            for index, card in enumerate(meld.cards):
                if card in moved:
                    events.append(state.card_event("move", card, source, zone, audience, index=index))

    def swap(self, state: MeldingState, seat: int, action: Action, events: list[Event] | None) -> None:
        """The natural card replaces the wild card in its meld; the wild card goes to the end named."""
        zone, index, end, vowel = action.target, action.index, action.end, action.value
        assert zone is not None and index is not None and end is not None
        meld = state.melds[zone]
        joker = meld.cards[index]
        new = lay_off(state.meld_deck, meld, (action.card,), LayOff(REPLACE, index, end, vowel), self.rules)
        assert new is not None
        hand_zone = f"{self.hand}/{seat}"
        state.zones[hand_zone].remove(action.card)
        known = state.known.get(hand_zone)
        if known and action.card in known:
            known.remove(action.card)
        state.zones[zone] = list(new.cards)
        state.melds[zone] = new
        if events is not None:
            events.append(
                state.card_event("move", action.card, hand_zone, zone, None, index=new.cards.index(action.card))
            )
            events.append(state.card_event("move", joker, zone, zone, None, index=new.cards.index(joker)))
        if not state.zones[hand_zone]:
            self.gone_out(state, seat, events)

    # ----------------------------------------------------------------- views
    @staticmethod
    def public(state: MeldingState) -> dict[str, Any]:
        """The build, for its builder's view only: kind, target, vowels named, ends."""
        build = state.build
        assert build is not None
        return {"kind": build.kind, "target": build.target, "named": list(build.named), "ends": list(build.ends)}

    def restore(self, state: MeldingState, seat: int, info: Any) -> Build | None:
        """The build of ``seat`` from a view's :meth:`public` part (for ``rules.sample``); another
        seat's build, which the view does not describe, is :meth:`guess`\\ ed."""
        cards = tuple(state.zones.get(self.build_zone(seat), ()))
        if info is not None:
            return Build(info["kind"], info["target"], cards, tuple(info["named"]), tuple(info["ends"]))
        if not cards:
            return None
        return self.guess(state, seat, cards)


@dataclass(frozen=True, kw_only=True)
class MeldFacts(Facts):
    """A meld on the table as a view tells it: its kind, what each card stands for (ranks as the
    rank order names them, or letters), and the rank value of its first card (``None``: a word)."""

    kind: str
    stands: tuple[str, ...]
    first: int | None


def meld_facts(meld: Meld, rank_order: Sequence[Any]) -> MeldFacts:
    """The :class:`MeldFacts` of ``meld`` (``rank_order``: the game's ranks, low to high)."""
    if meld.kind == WORD:
        return MeldFacts(kind=WORD, stands=tuple(str(s) for s in meld.stands), first=None)
    stands = tuple(str(rank_order[-1] if v == ACE_LOW else rank_order[int(v)]) for v in meld.stands)
    return MeldFacts(kind=meld.kind, stands=stands, first=int(meld.stands[0]))


def meld_from(facts: MeldFacts, cards: Sequence[int]) -> Meld:
    """The :class:`Meld` of ``cards`` that :func:`meld_facts` described (for ``rules.sample``)."""
    if facts.kind == WORD:
        return Meld(WORD, tuple(cards), tuple(facts.stands))
    first = int(facts.first or 0)
    if facts.kind == RUN:
        return Meld(RUN, tuple(cards), tuple(range(first, first + len(cards))))
    return Meld(GROUP, tuple(cards), (first,) * len(cards))


def meld_zones(state: MeldingState) -> list[str]:
    """The melds on the table, by owner then number."""
    return sorted(state.melds, key=lambda z: tuple(int(p) for p in z.split("/")[1:]))
