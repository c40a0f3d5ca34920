"""The match state every game's procedure builds on: zones, seats, deals, records, undo.

A game module subclasses :class:`State` and fills in the hooks (``_setup_deal``,
``_legal``, ``_do``, ``current_player``, ``is_over``, ``_public``...).  Everything
shared by games — applying and checking actions, the record log, chance outcomes that
replay, views with hidden cards blanked, cheap clones and undo — lives here once.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .actions import Action, Event
from .cards import Deck
from .errors import IllegalAction, RulesError
from .facts import DealDetails, Facts, publish, remember, restore
from .kinds import EventKind
from .shuffle import pick, seeded, shuffle, sub_seed
from .view import DealResult, Frozen, Move, View, freeze

if TYPE_CHECKING:
    from .game import Game

RECORD_FORMAT = "cardtable-record/1"
# A match's generator until its first deal makes one: never drawn from (seeding one costs as much
# as a deal's shuffle, so a match does not make one to throw away).
_BEFORE_THE_DEAL = random.Random(0)


class UndoStep(Protocol):
    """An undoable action's way back, kept instead of a snapshot: ``take_back(state)`` restores the
    zones the action changed (``undo`` then drops its entry from the record log)."""

    def take_back(self, state: State) -> None: ...


class State:
    """One match of one game. Subclasses implement a game's procedure."""

    # The game's public facts (a frozen dataclass): what its views publish and a sample restores.
    FACTS: ClassVar[type[Facts] | None] = None
    # The game's terms of a finished deal (a frozen dataclass): what its deal results' details hold.
    DETAILS: ClassVar[type[DealDetails] | None] = None
    # Names of extra attributes holding lists/dicts/sets that clone() must copy.
    MUTABLE: tuple[str, ...] = ()
    # Whether the procedure draws from ``rng`` during a deal, after its setup (a reshuffle, a
    # draw among buyers). When False, clones share the deal's generator (each deal makes a new
    # one) instead of copying it, which is most of a clone's cost.
    RANDOM_IN_PLAY = True
    # Whether ``apply`` keeps an undo snapshot (a clone) before each undoable action. A replay
    # sets it False on its state but for the last few actions: a record of 40,000 repeatable
    # actions must not cost 40,000 clones (each copies the deal's action list).
    keep_undo = True
    # A search clone (``clone(search=True)``, what bots' search plays on): ``apply`` keeps no undo
    # snapshot and writes no record log; the clone's log starts empty, so it is no record.
    search = False

    def __init__(
        self,
        game: Game,
        players: int,
        variant: str,
        settings: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int,
        dealer: int,
        start: dict[str, Any] | None = None,
        layouts: Iterable[dict[str, Any]] = (),
        chance: Iterable[str] = (),
    ) -> None:
        self.game = game
        self.search = False  # the instance's own: Python 3.11 reads a class default slowly (the hot path reads it)
        self.players = players
        self.variant = variant
        self.settings = settings
        self.seats = seats
        self.seed = seed
        self.deck: Deck = game.deck(variant)
        self.zones: dict[str, list[int]] = {}
        self.known: dict[str, list[int]] = {}
        self.dealer = dealer
        start = start or {}
        self.start_deal = int(start.get("deal", 1))
        self.start_scores = self._start_scores(start.get("scores"))
        self.deal_no = self.start_deal - 1
        self.totals: list[int] = list(self.start_scores)
        self.log: list[dict[str, Any]] = []
        # The current deal's action list in ``log`` (its last entry's ``actions``), which ``apply``
        # appends to without looking the entry up: set wherever a log entry is begun or the log
        # replaced (``_begin_deal``, ``clone``, :func:`rules.sample`).
        self._log_actions: list[list[Any]] = []
        self.deal_results: list[DealResult] = []
        self._layouts: deque[dict[str, Any]] = deque(layouts)
        self._chance: deque[str] = deque(chance)
        self._undo: list[tuple[int, State | UndoStep]] = []
        self.rng = _BEFORE_THE_DEAL  # each deal makes its own (_begin_deal)
        self.zone_specs = game.zone_specs
        self._begin_deal(None)

    # ----------------------------------------------------------------- hooks
    def _start_scores(self, scores: list[int] | None) -> list[int]:
        """The scores the match starts from: ``start.scores``, else zeros (a game counting down
        from a tally starts from it, and may refuse scores it cannot start from)."""
        return [0] * self.players if scores is None else list(scores)

    @property
    def current_player(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def is_over(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def _setup_deal(self, layout: dict[str, list[int]] | None, events: list[Event] | None) -> None:
        raise NotImplementedError  # pragma: no cover

    def _legal(self) -> list[Action]:
        raise NotImplementedError  # pragma: no cover

    def _do(self, action: Action, events: list[Event] | None) -> None:
        raise NotImplementedError  # pragma: no cover

    def _facts(self, seat: int | None) -> Facts:
        """The procedure's facts ``seat`` may know (phase, bids, history...), as its ``FACTS``."""
        raise NotImplementedError  # pragma: no cover

    def _facts_restored(self, facts: Facts, seat: int | None) -> None:
        """After :func:`rules.sample` set the procedure's fields from ``facts`` (field by field):
        recompute what they do not carry (whose turn it is, a cached trick...)."""

    def _public(self, seat: int | None) -> dict[str, Any]:
        """Procedure facts a seat may know, JSON-ready: its ``FACTS`` (a game without any may
        write this mapping itself, and :meth:`_restore_public` with it)."""
        return {} if self.FACTS is None else self._facts(seat).to_json()

    def _public_view(self, seat: int | None) -> Mapping[str, Any]:
        """The frozen ``public`` mapping of a view (remembered with the facts it was made of)."""
        if self.FACTS is None:
            return freeze(self._public(seat))
        return publish(self._facts(seat))

    def _restore_public(self, public: Mapping[str, Any], seat: int | None) -> None:
        """Set procedure fields from a view's ``public`` part (for :func:`rules.sample`): from the
        game's ``FACTS``, field by field, then :meth:`_facts_restored`."""
        if self.FACTS is not None:
            facts = self.FACTS.of(public)
            restore(self, facts)
            self._facts_restored(facts, seat)

    def _why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        """Why a move of ``card`` (``None``: one its mover cannot see) from ``source`` to ``target``
        is refused, in the game's words (a drop the table cannot turn into a legal action)."""
        return "That move is not allowed now."

    def _why_not_text(self, text: str) -> str | None:
        """Why the action written ``text`` (one of the game's action texts, or a near miss) is
        refused now, in the game's words; ``None`` when the game has nothing more to say than that
        it is not legal. Asked only for a text that is not legal: never on a legal move's path."""
        return None

    def fill_hidden(
        self, zones: dict[str, list[int | None]], unknown: list[int], view: dict[str, Any], rng: random.Random
    ) -> None:
        """Deal the shuffled ``unknown`` cards into the ``None`` places of ``zones`` (for :func:`rules.sample`).

        A game whose hidden cards obey constraints (Trio's sorted hands) overrides this.
        """
        for cards in zones.values():
            for i, card in enumerate(cards):
                if card is None:
                    cards[i] = unknown.pop()

    def zone_visible(self, zone: str, seat: int | None) -> bool:
        """Whether ``seat`` may see the cards of ``zone`` face up."""
        spec = self.zone_specs.get(zone.split("/")[0])
        if spec is None:
            return False
        if spec["visibility"] == "public":
            return True
        if spec["visibility"] == "owner" and seat is not None and "/" in zone:
            return zone.split("/", 1)[1] == str(seat)
        return False

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        return []

    def leaders(self, lowest: bool = False) -> list[int]:
        """Once the match is over, the seats with the best running total: the highest, or the
        lowest where points count against (a penalty game); before, nobody. A game whose winners
        are decided by its totals returns this as its ``winners``."""
        if not self.is_over:
            return []
        best = min(self.totals) if lowest else max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    # ------------------------------------------------------------ the contract
    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return self._legal()

    def parse_action(self, text: str) -> Action:
        wanted = " ".join(str(text).split()).lower()
        for action in self.legal_actions():
            if action.text.lower() == wanted:
                return action
        raise IllegalAction(self._text_refused(str(text)))

    def _text_refused(self, text: str) -> str:
        """The one-line reason an action text is refused (the game's own, else a plain one)."""
        if self.is_over:
            return "The match is over."
        return self._why_not_text(" ".join(text.split())) or f"{text!r} is not a legal action now"

    def _action_refused(self, action: Action) -> str:
        """The one-line reason ``action`` is refused: a card's move as a drop would be, else by its text."""
        if action.source or action.target:
            return self._why_not(action.card, action.source, action.target)
        return self._why_not_text(action.text) or f"{action.text!r} is not legal now"

    def apply(self, action: Action | str, events: bool = True) -> list[Event]:
        if isinstance(action, str):
            action = self.parse_action(action)
        seat = self.current_player
        if seat is None:
            raise IllegalAction("The match is over.")
        if not self._allows(action):
            raise IllegalAction(self._action_refused(action))
        return self._apply_legal(seat, action, events)

    def _apply_legal(self, seat: int, action: Action, events: bool) -> list[Event]:
        """:meth:`apply` once ``action`` is known to be legal for ``seat`` (the player to act): its
        way back kept, recorded, done."""
        out: list[Event] | None = [] if events else None
        if self.search:
            self._do(action, out)
            return out if out is not None else []
        if self._undo and self._undo[-1][0] != seat:
            self._undo.clear()
        if action.undoable and self.keep_undo:
            step = self._undo_step(action)
            self._undo.append((seat, self.clone() if step is None else step))
        else:
            self._undo.clear()
        self._log_actions.append([seat, action.text])
        self._do(action, out)
        return out if out is not None else []

    def _undo_step(self, action: Action) -> UndoStep | None:
        """How to take ``action`` back, cheaper than a snapshot of the whole match, or ``None``
        (a snapshot is kept). Asked just before the action is done; a procedure whose action only
        moves a card (a :class:`rules.selection.Selection` toggle) answers with that move's way back."""
        return None

    def _taken_back(self) -> None:
        """After an :class:`UndoStep` was taken back: recompute what the procedure derives from the
        zones (cached legal actions, facts it keeps in ``known``...)."""

    def _allows(self, action: Action) -> bool:
        """Whether ``action`` is legal now. A procedure may answer without listing every legal
        action (a trick game checks a card play directly); the default looks in the list."""
        return action in self.legal_actions()

    def why_not(
        self, what: Action | str | int | None, source: str | None = None, target: str | None = None
    ) -> str | None:
        """Why a move is refused, in the game's words, on one line: the one reason the table says
        for a refused drop or button, ``IllegalAction`` carries and ``cardtable-sim`` prints.

        ``what`` is an action or its text (``None`` when it is legal now), or a card (``None``: a
        card its mover cannot see) moved from ``source`` to ``target``, as a drop the table could
        not turn into a legal action (always a reason). A reason speaks of the mover's own cards
        and of public facts only: it never names a card hidden from the seat to act."""
        if isinstance(what, Action):
            if not self.is_over and self._allows(what):
                return None
            return "The match is over." if self.is_over else self._action_refused(what)
        if isinstance(what, str):
            wanted = " ".join(what.split()).lower()
            if any(a.text.lower() == wanted for a in self.legal_actions()):
                return None
            return self._text_refused(what)
        return self._why_not(what, source, target)

    def actions_for(self, card: int | None, source: str | None) -> list[Action]:
        """Legal actions moving ``card`` (or an unseen card) out of ``source``."""
        return [a for a in self.legal_actions() if a.source == source and (a.card == card or a.card is None)]

    def can_undo(self, seat: int) -> bool:
        return bool(self._undo) and self._undo[-1][0] == seat and not self.is_over

    def undo(self) -> None:
        if not self._undo:
            raise IllegalAction("Nothing to undo.")
        seat, snapshot = self._undo.pop()
        if not isinstance(snapshot, State):  # a step that takes itself back
            snapshot.take_back(self)
            self.log[-1]["actions"].pop()
            self._taken_back()
            return
        rest = self._undo
        self.__dict__.update(snapshot.__dict__)
        self._undo = rest

    def clone(self, search: bool = False) -> State:
        """An independent copy. ``search``: a copy for bots' search, which keeps no undo and no
        record log (``apply`` on it skips both; its log holds an empty current deal only)."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        d["zones"] = {k: v[:] for k, v in self.zones.items()}
        d["known"] = {k: v[:] for k, v in self.known.items()}
        d["totals"] = self.totals[:]
        d["deal_results"] = self.deal_results[:]
        if search:
            d["search"] = True
            d["keep_undo"] = False
            d["log"] = [{"dealer": self.dealer, "layout": {}, "actions": []}]
        elif self.log:
            last = self.log[-1]
            d["log"] = self.log[:-1] + [{**last, "actions": last["actions"][:]}]
        d["_log_actions"] = d["log"][-1]["actions"] if d["log"] else []
        d["_layouts"] = deque(self._layouts)
        d["_chance"] = deque(self._chance)
        d["_undo"] = []
        if self.RANDOM_IN_PLAY:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            d["rng"] = rng
        for name in self.MUTABLE:
            value = d[name]
            if isinstance(value, list):
                d[name] = [v[:] if isinstance(v, (list, set)) else v for v in value]
            else:
                d[name] = value.copy()
        new.__dict__ = d
        return new

    def view(self, seat: int | None) -> View:
        current = self.current_player
        zones = {}
        for name, cards in self.zones.items():
            if self.zone_visible(name, seat):
                zones[name] = tuple(self.deck.faces[c].text for c in cards)
            else:
                zones[name] = (None,) * len(cards)
        known = {
            z: tuple(self.deck.faces[c].text for c in cards)
            for z, cards in self.known.items()
            if cards and not self.zone_visible(z, seat)
        }
        actions = tuple(self._move(a) for a in self.legal_actions()) if seat is not None and seat == current else ()
        return View(
            self.game.id,
            self.variant,
            self.players,
            Frozen(self.settings),
            seat,
            self.dealer,
            self.deal_no,
            current,
            tuple(m.text for m in actions),
            Frozen(zones),
            Frozen(known),
            self._public_view(seat),
            tuple(self.scores),
            self.is_over,
            tuple(s.get("name", f"Player {i + 1}") for i, s in enumerate(self.seats)),
            actions,
        )

    def _move(self, action: Action) -> Move:
        """``action`` as a view shows it. Views are built on every bot decision and procedures
        keep their action values, so the move is kept per action object (held, so its id stays its own)."""
        moves = self.__dict__.get("_moves")
        if moves is None:
            moves = self._moves = {}
        kept = moves.get(id(action))
        if kept is not None and kept[0] is action:
            return kept[1]
        card = None if action.card is None else self.deck.faces[action.card].text
        move = Move(action.kind, action.text, card, action.source, action.target, action.end, action.value)
        if len(moves) < 4096:
            moves[id(action)] = (action, move)
        return move

    # ---------------------------------------------------------------- deals
    def _begin_deal(self, events: list[Event] | None) -> None:
        """Start the next deal: from a recorded layout when replaying, else from the seed."""
        self.deal_no += 1
        self.rng = seeded(sub_seed(self.seed, self.deal_no))
        layout = self._layouts.popleft() if self._layouts else None
        self.known = {}
        entry: dict[str, Any] = {"dealer": self.dealer, "layout": {}, "actions": []}
        self.log.append(entry)
        self._log_actions = entry["actions"]
        self._setup_deal(self._parse_layout(layout) if layout is not None else None, events)
        entry["layout"] = self._layout_texts()

    def _layout_texts(self) -> dict[str, list[str]]:
        """The deal's zones as the record keeps them, each card as its text. Plain loops: before
        Python 3.12 each comprehension is a function made and called, which costs more than
        naming a zone's few cards (every deal of a bench or a search writes its layout)."""
        text_of = self.deck.text_of
        layout: dict[str, list[str]] = {}
        for zone, cards in self.zones.items():
            texts: list[str] = []
            for card in cards:
                texts.append(text_of[card])
            layout[zone] = texts
        return layout

    def _parse_layout(self, layout: dict[str, Any]) -> dict[str, list[int]]:
        if not isinstance(layout, dict):
            raise RulesError("layout: expected a table of zones")
        seen: list[int] = []
        zones: dict[str, list[int]] = {}
        for zone, texts in layout.items():
            if zone.split("/")[0] not in self.zone_specs:
                raise RulesError(f"layout.{zone}: unknown zone (expected one of {', '.join(self.zone_specs)})")
            if not isinstance(texts, list):
                raise RulesError(f"layout.{zone}: expected a list of cards")
            cards = []
            for text in texts:
                try:
                    card = self.deck.parse(str(text), seen)
                except RulesError as exc:
                    raise RulesError(f"layout.{zone}: {exc}") from None
                seen.append(card)
                cards.append(card)
            zones[zone] = cards
        if len(seen) != self.deck.size:
            missing = sorted(set(range(self.deck.size)) - set(seen))
            names = ", ".join(self.deck.text(c) for c in missing[:8])
            raise RulesError(f"layout: {self.deck.size - len(seen)} cards of the deck are missing ({names})")
        return zones

    def chance(self, options: list[str]) -> str:
        """A random outcome after the layout, recorded with seat ``None`` so replays repeat it."""
        if self._chance:
            text = self._chance.popleft()
            if text not in options:
                raise RulesError(f"recorded chance outcome {text!r} is not possible here")
        else:
            text = options[pick(len(options), self.rng)]
        self.log[-1]["actions"].append([None, text])
        return text

    def chance_order(self, kind: str, cards: list[int]) -> list[int]:
        """``cards`` in a random order (a reshuffle after the layout), recorded with seat ``None`` as
        ``"<kind> <cards, first first>"`` so replays take the order from the record."""
        if self._chance:
            text = self._chance.popleft()
            words = text.split()
            pool: dict[str, list[int]] = {}
            for card in cards:
                pool.setdefault(self.deck.faces[card].text.upper(), []).append(card)
            order = []
            for word in words[1:]:
                same = pool.get(word.upper())
                if not same:
                    break
                order.append(same.pop(0))
            if not words or words[0] != kind or len(order) != len(cards) or len(words) != len(cards) + 1:
                raise RulesError(
                    f"recorded chance outcome {text!r} is not possible here "
                    f"(expected {kind!r} and an order of the {len(cards)} cards)"
                )
        else:
            order = list(cards)
            shuffle(order, self.rng)
            text = " ".join([kind, *(self.deck.faces[c].text for c in order)])
        self.log[-1]["actions"].append([None, text])
        return order

    def _end_deal(
        self, deal_scores: list[int], terms: DealDetails | Mapping[str, Any], events: list[Event] | None
    ) -> None:
        """Book a finished deal: its scores and the game's terms of it, typed (a :class:`DealDetails`)
        or as JSON data (``deal``, ``dealer`` and ``scores`` among them are the result's own
        fields, so they are not repeated in its ``details``)."""
        self.log[-1]["scores"] = list(deal_scores)
        scores = tuple(deal_scores)
        if isinstance(terms, DealDetails):
            # frozen straight from the typed terms, the result's own fields compared as frozen (tuples)
            details = terms.frozen({"deal": self.deal_no, "dealer": self.dealer, "scores": scores})
            remember(details, terms)  # read back typed without parsing: DealDetails.of(result)
        else:  # a third party's terms as JSON data
            own: dict[str, Any] = {"deal": self.deal_no, "dealer": self.dealer, "scores": list(deal_scores)}
            kept: dict[str, Any] = {}
            for k, v in terms.items():  # a loop: a comprehension would make ``own`` a cell, made every deal
                if k not in own or v != own[k]:
                    kept[k] = v
            details = freeze(kept)
        result = DealResult(self.deal_no, self.dealer, scores, details)
        self.deal_results.append(result)
        if events is not None:  # with the public facts as the deal ends (the table shows them before the next)
            events.append(
                Event(
                    EventKind.DEAL_OVER,
                    {
                        "deal": self.deal_no,
                        "scores": list(deal_scores),
                        "result": result,
                        "public": self._public_view(None),
                        "totals": list(self.scores),
                    },
                )
            )

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.players

    # --------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "variant": self.variant,
            "players": self.players,
            "settings": dict(self.settings),
            "seats": [dict(s) for s in self.seats],
            "seed": self.seed,
            "start": {"deal": self.start_deal, "scores": list(self.start_scores)},
            "deals": [
                {
                    "dealer": d["dealer"],
                    "layout": {k: list(v) for k, v in d["layout"].items()},
                    "actions": [list(a) for a in d["actions"]],
                    **({"scores": list(d["scores"])} if "scores" in d else {}),
                }
                for d in self.log
            ],
        }
        if self.is_over:
            record["totals"] = self.scores
            record["winners"] = self.winners
        return record

    # ------------------------------------------------------------- helpers
    def move(
        self,
        card: int,
        source: str,
        target: str,
        events: list[Event] | None,
        audience: frozenset[int] | None = None,
        index: int = 0,
        to_top: bool = True,
    ) -> None:
        """Move ``card`` between zones; the event names it only for seats that may see it."""
        self.zones[source].remove(card)
        if to_top:
            self.zones[target].insert(0, card)
        else:
            self.zones[target].append(card)
        if events is not None:
            events.append(self.card_event(EventKind.MOVE, card, source, target, audience, index=index))

    def card_event(
        self,
        kind: str,
        card: int,
        source: str | None,
        target: str | None,
        audience: frozenset[int] | None,
        **extra: Any,
    ) -> Event:
        data = {"card": self.deck.faces[card].text, "source": source, "target": target, **extra}
        return Event(kind, data, audience, ("card",) if audience is not None else ())

    def seats_seeing(self, *zones: str) -> frozenset[int] | None:
        """Seats that see a card moving between ``zones`` (``None`` = everyone)."""
        if any(self.zone_visible(z, None) for z in zones):
            return None
        return frozenset(s for s in range(self.players) if any(self.zone_visible(z, s) for z in zones))
