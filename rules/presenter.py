"""The words and marks a game adds to the table, as small frozen values the table draws with
generic widgets: status notes, name plates, the corner badge, what an event says, the score
sheet and the terms of a deal's result.

A game's presenter subclasses :class:`Presenter` (or :class:`TrickPresenter`) and overrides a
few methods; its :class:`~rules.plugins.GameSpec` names it (``presenter="pkg.presenter:Class"``).
Every method reads a seat's view (``state.view(seat)``: what that seat may know), the players'
names and the public deal results, never the state, so a presenter cannot leak a secret.
Nothing here imports pygame; every value has a JSON round trip (``to_json`` / ``from_json``).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from .actions import Action
from .cards import Deck
from .errors import RulesError
from .trick_facts import trick_facts_of
from .tricks import DUMMY, FOLLOW_OR_TRUMP, PLAY
from .view import DealResult, View


# ------------------------------------------------------------------ values
class Value:
    """A frozen dataclass with a JSON round trip (tuples become lists and back)."""

    def to_json(self) -> dict[str, Any]:
        return {f.name: _dump(getattr(self, f.name)) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Any:
        if not isinstance(data, Mapping):
            raise RulesError(f"{cls.__name__}: expected an object, got {type(data).__name__}")
        hints = typing.get_type_hints(cls)
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - names
        if unknown:
            raise RulesError(f"{cls.__name__}: unknown key {sorted(unknown)[0]!r}")
        return cls(**{k: _load(hints[k], v, f"{cls.__name__}.{k}") for k, v in data.items()})


def _dump(value: Any) -> Any:
    if isinstance(value, Value):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [_dump(v) for v in value]
    return value


def _load(hint: Any, value: Any, where: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _load(arg, value, where)
            except (RulesError, TypeError, ValueError):
                continue
        raise RulesError(f"{where}: unexpected {value!r}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise RulesError(f"{where}: expected a list, got {value!r}")
        return tuple(_load(args[0], v, where) for v in value)
    if isinstance(hint, type) and issubclass(hint, Value):
        return hint.from_json(value)
    if hint is Any:
        return value
    if isinstance(hint, type) and not isinstance(value, hint) or isinstance(value, bool) and hint is int:
        raise RulesError(f"{where}: expected {hint.__name__}, got {value!r}")
    return value


@dataclass(frozen=True)
class Plate(Value):
    """A seat's name plate: the line under the name ("bot · normal", "tricks 2 / at least 4"),
    the tags at its right ("dealer", "Try!"), and small numbered chips on the name's line
    (a trio's number each; None for a place still to fill) with a team index for its colour.
    ``value`` is what the seat is judged by now ("bid 3 · won 1"), drawn large in front of ``sub``."""

    sub: str
    tags: tuple[str, ...] = ()
    chips: tuple[int | None, ...] = ()
    team: int | None = None
    value: str = ""


@dataclass(frozen=True)
class Badge(Value):
    """The corner badge: a suit's glyph (its id, or None), a headline, smaller lines below."""

    title: str
    lines: tuple[str, ...] = ()
    glyph: str | None = None


@dataclass(frozen=True)
class Say(Value):
    """What the table says about an event: a ``banner`` across the table, or a message in the
    status line (``info`` or ``hint``); ``hold`` is how long a banner stays (seconds); ``sound``
    names one of the table's sounds to play with it (``fanfare``...)."""

    text: str
    how: str = "banner"
    hold: float = 1.2
    sound: str = ""


@dataclass(frozen=True)
class Showcase(Value):
    """A card shown big in the middle for a moment, then sent to ``zone`` (Tribello's cut card
    going to the dealer); shown once per ``key``."""

    card: str
    zone: str
    caption: str
    key: str = ""


@dataclass(frozen=True)
class CardTag(Value):
    """A small tag over a card where it lies ("cut" over the cut card in the dealer's hand)."""

    zone: str
    card: str
    text: str


@dataclass(frozen=True)
class Cell(Value):
    """One seat's entry in a deal's row: a small detail ("3/4", "12 pts") and the change."""

    detail: str
    change: int
    good: bool = True


@dataclass(frozen=True)
class Row(Value):
    """One deal on the score sheet: its label, a suit's glyph (trump), a short note, a cell per seat."""

    label: str
    cells: tuple[Cell, ...]
    glyph: str | None = None
    note: str = ""


@dataclass(frozen=True)
class ScoreSheet(Value):
    """A row per deal, a column per seat (``columns``: the names), the totals below."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...] = ()
    summary: str = ""
    legend: str = ""
    total_label: str = "Total"
    totals: tuple[int, ...] = ()
    leaders: tuple[int, ...] = ()


@dataclass(frozen=True)
class Cards(Value):
    """Cards shown in a line (their texts), each bright or dimmed (not counting)."""

    texts: tuple[str, ...] = ()
    dimmed: tuple[bool, ...] = ()

    def is_dim(self, index: int) -> bool:
        return index < len(self.dimmed) and self.dimmed[index]


@dataclass(frozen=True)
class HandLine(Value):
    """A seat's cards revealed at the end: its name, a tag ("TRY"), the hand, then a set-apart
    group with a small label ("bid")."""

    name: str
    cards: Cards
    tag: str = ""
    aside_label: str = ""
    aside: Cards = field(default_factory=Cards)


@dataclass(frozen=True)
class Term(Value):
    """One term of a deal's scoring: what it counts, its cards and its value."""

    label: str
    cards: tuple[str, ...] = ()
    value: int = 0


@dataclass(frozen=True)
class SetLine(Value):
    """A seat's (or a team's) sets: each set's card (shown ``copies`` times in the block), lit or dim."""

    names: str
    sets: Cards
    won: bool = False
    verb: str = ""
    count: str = ""


@dataclass(frozen=True)
class DealTerms(Value):
    """The result scene's content: the headline and its tone (``win``, ``loss``, ``neutral``), a
    marked line under it (``mark``: "Tried suit: " + glyph + value), the reason; the revealed hands,
    the scoring terms with their total, each seat's sets, and the score sheet."""

    headline: str
    tone: str = "win"
    reason: str = ""
    mark_label: str = ""
    mark_glyph: str | None = None
    mark_value: str = ""
    hands_title: str = ""
    hands: tuple[HandLine, ...] = ()
    terms_title: str = ""
    terms: tuple[Term, ...] = ()
    total_label: str = ""
    total_note: str = ""
    total: int | None = None
    sets_title: str = ""
    set_copies: int = 1
    sets: tuple[SetLine, ...] = ()
    sheet: ScoreSheet | None = None


class MatchEnd(NamedTuple):
    """What the result scene is about: the deals' results so far (at least one), the running
    totals, the winning seats, the seats' names and the final view."""

    results: Sequence[DealResult]
    totals: Sequence[int]
    winners: Sequence[int]
    names: Sequence[str]
    view: View

    @property
    def last(self) -> DealResult:
        return self.results[-1]


@dataclass(frozen=True)
class Held(Value):
    """Where a card in the hold came from (the cards turned up this turn lie near their source,
    ``[layout].hints.revealed_near_source``): its ``zone`` and, from a hand, its ``end`` (``low``:
    the hand's first card, ``high``: its last; None: a place of one card, such as a grid's)."""

    zone: str
    end: str | None = None


@dataclass(frozen=True)
class Mention(Value):
    """A card named in a history row (its text; a number shows as a coloured chip) and where it
    was ("mid 3", "Bob low")."""

    card: str
    where: str = ""


@dataclass(frozen=True)
class HistoryRow(Value):
    """One past turn: who played it, the cards it showed, and a highlight at its end ("trio!")."""

    who: str
    items: tuple[Mention, ...] = ()
    result: str = ""


@dataclass(frozen=True)
class History(Value):
    """A small panel of past turns, newest first (a memory aid the player may switch on)."""

    title: str
    rows: tuple[HistoryRow, ...] = ()
    empty: str = "none yet"


@dataclass(frozen=True)
class EndWords(Value):
    """The words of a hand whose two ends are what may be taken: the tags over its ``low`` (first)
    and ``high`` (last) card, and what a click on a card between them says."""

    low: str = "first"
    high: str = "last"
    inner: str = "Only the first or the last card of a hand may be taken."


@dataclass(frozen=True)
class Exchange(Value):
    """A card given to another hand (a partner's) by drag, or by a click and the ``give`` button;
    ``keep`` names the button of the action that gives nothing. ``picked`` is said once a card is
    chosen (``{card}``, ``{partner}`` and ``{give}`` filled in), ``unpicked`` when ``give`` is
    pressed with none; ``offered`` is the card this seat already gave (its own secret), tagged
    ``tag``."""

    give: str = "Give"
    keep: str = "Keep"
    picked: str = "Press {give} to give the {card} to {partner}, or drop it on their hand."
    unpicked: str = "Click one of your cards first, then press {give} (or drop it on the other hand)."
    tag: str = "given"
    offered: str | None = None


@dataclass(frozen=True)
class HandOrder(Value):
    """How the viewer's hand may be sorted for display (a courtesy of the table, never a rule):
    the suits in the game's order (their ids), the ranks low to high as the game ranks them (the
    cards' ``rank`` as text), and the trump suit to set at one end (None: no trump now)."""

    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    trump: str | None = None


@dataclass(frozen=True)
class Board(Value):
    """A small table of facts shown in a corner (a layout zone of kind ``board`` reserves it): a
    title, the column heads, the rows (a text per column), the row to highlight (this hand's) and
    a few lines below (each player's progress)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    highlight: int | None = None
    lines: tuple[str, ...] = ()


# --------------------------------------------------------------- presenter
def person(name: str) -> str:
    """A seat's name inside a sentence: "You" (the person at the screen) becomes "you"."""
    return "you" if name == "You" else name


def both(first: str, second: str) -> str:
    """ "Ann and Cleo", "you and Cleo": two seats' names inside a sentence, "you" first."""
    a, b = person(first), person(second)
    return f"{b} and {a}" if b == "you" else f"{a} and {b}"


class Presenter:
    """The neutral presenter: the generic table's words, for any game. Override a few methods.

    ``layout_hints`` are defaults under the TOML's ``[layout].hints`` (the TOML wins): how the
    table places the game's zones (``beside_trick``: piles set beside a trick; ``under_trick``:
    a pile lying where the trick goes; ``hands_sorted``: hands shown in the view's order...).
    """

    layout_hints: ClassVar[Mapping[str, Any]] = {}

    #: The table's own words (its buttons, lines and questions), by key, for :meth:`word`. A game
    #: gives its own for a few: ``table_words = {**Presenter.table_words, "next_deal": "Next hand"}``.
    table_words: ClassVar[Mapping[str, str]] = {
        # buttons
        "scores": "Scores",
        "close": "Close",
        "continue": "Continue",
        "next_deal": "Next deal",
        "last_trick": "Last trick",
        "back": "Back",
        # a trick
        "you": "You",
        "you_lower": "you",
        "takes_the_trick": "{who} takes the trick",
        "you_take_the_trick": "{who} take the trick",
        "last_trick_title": "Last trick \u00b7 {who} won it",
        "called": "{who} called {suit}",
        "rest_dealt": "{line} \u00b7 the rest of the cards are dealt\u2026",
        # building melds
        "a_meld": "meld",
        "select_first": "Select the cards first: click them in your hand, then press the button.",
        "no_meld_in_either_order": "Those cards make no {what} in your hand's order or in the order you clicked them.",
        "which_meld": "Which meld do these cards make?",
        "which_end": "Which card does the wild card stand for?",
        "this_or_that": "{this} or {that}?",
        "one_selected": "{n} card selected: {then}.",
        "some_selected": "{n} cards selected: {then}.",
        "then_press": "press {what}, or drop them on a meld",
        "then_drop": "drop them on a meld",
        # the table itself
        "widget_not_loaded": "{game}'s {kind} widget could not be loaded ({reason}); the table draws it plainly",
        "presenter_not_loaded": "{game}'s presenter could not be loaded ({reason}); the table uses plain words",
        # the top bar's buttons and details
        "undo": "Undo",
        "hint": "Hint",
        "log": "Log",
        "match_log": "Match log",
        "log_keys": "L or Esc closes \u00b7 wheel scrolls",
        "no_moves_yet": "No moves yet.",
        "log_unreadable": "(the earlier moves could not be read back)",
        "totals_after_each_deal": "totals after each deal",
        "players": "{n} players",
        "watching": "watching",
        "you_are": "you are {name}",
        "demo": "demo",
        "bot_level": "bot \u00b7 {level}",
        "human": "human",
        "dealer": "dealer",
        # the status line (:mod:`cardtable.table.status`)
        "your_turn": "Your turn.",
        "your_turn_to": "Your turn: {what}",
        "game_over": "The game is over.",
        "thinking": "thinking\u2026",
        "their_turn": "{who}'s turn",
        "deal_over": "Deal {deal} is over.",
        "the_deal_over": "The deal is over.",
        "press_choice": "press {what}",
        "pick_by_clicking": "pick cards by clicking them",
        "choose_your": "choose your {kind}: drag a card onto {where}",
        "put_a_card_onto": "{kind} a card onto {where}",
        "put_a_card": "{kind} a card",
        "take_from": "{kind} from {where}",
        "either_or": "{some} or {last}",
        # naming a zone in a sentence
        "your_zone": "your {label}",
        "your_spot": "your {label} spot",
        "their_zone": "{who}'s {label}",
        "the_zone": "the {label}",
        "zone_pile": "{label} pile",
        "seat_n": "seat {n}",
        # a hint
        "hint_is": "Hint: {what}",
        "hint_card": "the {card}",
        "hint_from": "from {where}",
        "hint_onto": "onto {where}",
        "looking_for_a_move": "Looking for a good move\u2026",
        "hints_your_turn": "Hints are for your own turn.",
        # lines said at the table (refusals, toasts, the keyboard's prompts)
        "wait_for": "Wait: it is {who}'s turn.",
        "now_click": "Now click {where}.",
        "now_click_where": "Now click where it goes.",
        "not_offered": "{typed} is not offered now.",
        "typed_exact": "{typed}: Enter for {typed}, or go on typing ({more}).",
        "typed_more": "{typed}\u2026: go on typing ({more}).",
        "aim_n_of": "{where}, {n} of {of}",
        "aim_elsewhere": "; Left / Right: elsewhere",
        "aim_enter": "Enter puts it on {where}{others}; Esc puts it down.",
        "tab_to_buttons": "Press a button's underlined letter, or Tab to the buttons; Left and Right pick a card.",
        "pick_a_card_first": "Pick a card with Left and Right first.",
        "move_taken_back": "Move taken back.",
        "undo_nobody": "Undo is for the player in front of the screen: nobody has the table yet.",
        "undo_game_over": "The game is over: its moves stay as they were.",
        "undo_nothing": "Nothing to undo yet.",
        "undo_answered": "{who} has already answered: undo is for your move before anyone else moves.",
        "undo_seen": "{who} has seen the table since: undo is for your move before anyone else moves.",
        "undo_closed": "Your last move cannot be taken back: it showed something new or closed a step of the game.",
        "no_rules": "The rules are not available.",
        "bot_mistake": "{who} (bot) made a mistake and plays the first legal move.",
        "only_move": "{who} had only one move; it was played for them.",
        # what the keys do, as F1 lists them (:mod:`cardtable.table.keys`)
        "key_undo": "take your last move back",
        "key_hint": "a hint",
        "key_log": "the match log",
        "key_rules": "the rules and these keys",
        "key_step": "pick a card of your hand or a pile you may take from; with a card picked up, the place "
        "it goes (lit as in a drag); among the buttons, the next one (a question without a card "
        "to play starts there)",
        "key_zone": "go between your hand, the piles and the buttons (with a card picked up: the next place it may go)",
        "key_play": "play the picked card, or pick it up when it may go to more than one place (then Left / "
        "Right choose the place and Enter puts it there); press the button in focus",
        "key_toggle": "select or let go of the picked card, where cards are chosen before a button "
        "(a meld, an exchange); elsewhere as Enter",
        "key_button": "A button's underlined letter: press that button; a number's button (a bid) by typing its number",
        "key_escape": "put down a picked card, let go of a selection, close a picker or the log; else the table menu",
    }

    def word(self, key: str, **fields: Any) -> str:
        """The table's word ``key`` (:attr:`table_words`) in this game's words, ``fields`` filled in."""
        return self.table_words[key].format(**fields)

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.rank_order: tuple[str, ...] = ()  # the rules file's [scoring].rank_order (set by presenter_for)
        #: The zones kept per seat ("hand": "hand/2" is seat 2's); :func:`presenter_for` sets the game's.
        self.seat_zones: frozenset[str] = frozenset({"hand"})

    def seat_of(self, zone: str) -> int | None:
        """The seat a per-seat zone belongs to ("hand/2": 2); None for a shared zone ("middle/3")."""
        base, _, rest = zone.partition("/")
        return int(rest) if base in self.seat_zones and rest.isdigit() else None

    # ----------------------------------------------------------- helpers
    def suit_name(self, suit: str | None) -> str:
        return next((s.name for s in self.deck.suits if s.id == suit), str(suit))

    def suit_id(self, name: str | None) -> str | None:
        return next((s.id for s in self.deck.suits if name in (s.name, s.id)), None)

    def card_name(self, text: str) -> str:
        try:
            return self.deck.faces[self.deck.parse(text)].name
        except RulesError:
            return text

    def card_suit(self, text: str) -> str | None:
        try:
            return self.deck.faces[self.deck.parse(text)].suit
        except RulesError:
            return None

    @staticmethod
    def name(place: Any, viewer: int | None, names: Sequence[str], you: str = "You") -> str:
        """How the table names a seat: "You" for the viewer, else the player's name."""
        if place == viewer and viewer is not None:
            return you
        return names[place] if isinstance(place, int) and 0 <= place < len(names) else "Someone"

    def does(self, place: Any, viewer: int | None, names: Sequence[str], verb: str) -> str:
        """A seat and a verb in the present that agree: "You sell", "Ada sells", "You are"
        (``verb`` in its plain form: "sell", "be"; a player named "You" agrees as you do)."""
        return agree(self.name(place, viewer, names), verb)

    @staticmethod
    def mine(view: View, viewer: int | None) -> bool:
        """Whether the viewer is the seat to act in ``view``."""
        return viewer is not None and not view.over and view.current_player == viewer

    @staticmethod
    def public(view: View) -> Mapping[str, Any]:
        return view.public or {}

    # ------------------------------------------------------------ table
    def status(
        self, view: View, viewer: int | None, names: Sequence[str], generic: str, legal: Sequence[Action] = ()
    ) -> str:
        """The status line, given the generic one (whose turn, what the viewer may do) and the
        viewer's legal actions when it is to act."""
        return generic

    def notes(self, view: View, viewer: int | None, names: Sequence[str]) -> tuple[str, ...]:
        """Public facts worth repeating after the status line."""
        return ()

    def final_status(
        self, result: DealResult, winners: Sequence[int], viewer: int | None, names: Sequence[str]
    ) -> str | None:
        """The status line once the match is over (the last deal's result is public); None: generic."""
        reason = result.details.get("reason")
        return f"Game over: {reason}" if reason else None

    def bar_detail(self, view: View, viewer: int | None, names: Sequence[str]) -> str:
        """Words added to the top bar's detail ("3 trios win")."""
        return ""

    def plate(self, view: View, seat: int, viewer: int | None, names: Sequence[str], generic: Plate) -> Plate:
        """A seat's name plate, given the generic one (its kind of player, "dealer")."""
        return generic

    def badge(self, view: View, viewer: int | None, names: Sequence[str]) -> Badge | None:
        """The corner badge; the neutral one shows the trump when the view publishes one."""
        trick = trick_facts_of(view)
        if trick is None:
            return None
        trump = trick.trump
        return Badge(f"Trump: {self.suit_name(trump)}" if trump else "No trump", (), trump)

    def board(self, view: View, viewer: int | None, names: Sequence[str]) -> Board | None:
        """The small table a ``board`` zone of the layout shows (None: nothing to show)."""
        return None

    def showcase(self, view: View) -> Showcase | None:
        """A card to show big in the middle now (once per its ``key``); None: none."""
        return None

    def card_tags(self, view: View) -> tuple[CardTag, ...]:
        """Small tags over cards where they lie."""
        return ()

    def label(self, zone: str, generic: str, view: View, viewer: int | None, names: Sequence[str]) -> str:
        """The label the table shows for ``zone`` (a zone's name, "stock", "trump", "bid/0", or a
        block's base name, "middle", "dummy"), given the generic one, with the count the table
        shows there ("27 stock", "Trump  ·  1"); "" shows none."""
        return generic

    def say(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> Say | None:
        """What the table says about an event this seat saw; None: nothing."""
        if kind == "skip":
            reason = data.get("reason")
            who = self.name(data.get("seat"), None, names)
            return Say(f"{agree(who, 'be')} skipped" + (f": {reason}" if reason else ""), "banner", 1.2)
        if kind == "trump" and (data.get("name") or data.get("suit")):
            who = self.name(data.get("seat"), viewer, names)
            return Say(f"{who} named {data.get('name') or self.suit_name(data.get('suit'))} trump", "banner", 1.1)
        return None

    def hand_order(self, view: View) -> HandOrder | None:
        """How the viewer's hand may be sorted (by suit, trump at one end, then rank); None: the
        hand is shown as dealt and arranged by the player (the neutral presenter's choice)."""
        return None

    def hand_sorts(self) -> tuple[tuple[str, str], ...]:
        """The buttons that arrange the viewer's hand at a meld table, as (key, label): by ``rank``,
        by ``suit``, or by the ``letter`` each card bears (a game whose cards bear letters adds it)."""
        return (("rank", "Rank"), ("suit", "Suit"))

    def value_question(self, card: str | None) -> str:
        """The picker's question when a card put into a meld may stand for several values (a wild
        card): ``card`` is its name ("Joker") as it is added, None for one already in the meld."""
        return f"What does your {card} stand for?" if card else "What does the wild card stand for?"

    # ------------------------------------------- a hold, hands' ends, a give
    def held(self, view: View) -> tuple[Held, ...]:
        """Where each card of the hold (``view``'s zone that ``revealed_near_source`` names) came
        from, in the hold's order; () when the view does not say (they then lie in the hold)."""
        return ()

    def held_from(self, data: Mapping[str, Any]) -> Held:
        """Where the card an event moves into the hold came from: its ``source`` and, by its
        ``index`` there, which end (the neutral rule: index 0 is the low end, any other the high)."""
        index = data.get("index")
        return Held(str(data.get("source")), None if not isinstance(index, int) else ("low" if index == 0 else "high"))

    def action_end(self, action: Action) -> str | None:
        """Which end of its source hand ``action`` takes (``low`` / ``high``), when the action
        cannot name the card (another's hidden hand); the procedure sets it on the action. (An
        action's ``end`` may also name a meld's ``start`` or ``end``: that is no hand's end.)"""
        return action.end if action.end in ("low", "high") else None

    def end_words(self) -> EndWords:
        """The words of hands whose ends are taken (hint ``hands_sorted`` with a hold)."""
        return EndWords()

    def hint_text(self, action: Action, viewer: int | None, names: Sequence[str]) -> str | None:
        """How a hint words ``action`` (``reveal Bob's lowest card``); None: the table's own words."""
        return None

    def exchange(self, view: View, viewer: int | None, names: Sequence[str]) -> Exchange:
        """The words of giving a card to another hand, and the card already given."""
        return Exchange()

    def history(self, view: View, viewer: int | None, names: Sequence[str]) -> History | None:
        """The panel of past turns (None: the game keeps none)."""
        return None

    def sides(self, game: Any, variant: str, settings: Mapping[str, Any], names: Sequence[str]) -> str:
        """Who plays with whom, in words, for the new-game screen, from the seats' ``names`` in
        seat order ("You" is the person at the screen); "" when there is nothing to say (every
        player for themself). ``settings`` are the whole settings of the match."""
        return ""

    def variant_words(self, game: Any, variant: str, settings: Mapping[str, Any]) -> str:
        """The variant's description on the new-game screen, for the ``settings`` as chosen (the
        whole settings of the match); the default is the rules file's description of ``variant``."""
        return str(game.config.variants.get(variant, {}).get("description", ""))

    def progress_words(self, deal: int, moves: Sequence[tuple[int, str]]) -> str | None:
        """How far a waiting match has got, in the game's words, for the menu's Resume list:
        ``deal`` is the number of the deal in play (1: the first), ``moves`` the players' moves
        in it so far, each (seat, action notation). ``None``: the table's own words ("deal 2 of
        12" when the match has a fixed length, "deal 3", "deal 1, 12 moves in")."""
        return None

    # ------------------------------------------------------ the match log
    def log_line(self, kind: str, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
        """One line of the match log for an event as ``viewer`` saw it ("Ada discarded 7 of Fire",
        "You won the trick with Q of Spades"); None: not logged. The data is already blanked where
        the viewer may not know it (``rules.events_for``), so a card it may not see is "a card"."""
        if kind == "move":
            return self.move_words(data, viewer, names)
        if kind == "trick_won":
            cards, places = list(data.get("cards") or []), list(data.get("places") or [])
            who = self.name(data.get("seat"), viewer, names)
            winner = data.get("winner")
            if winner in places and places.index(winner) < len(cards):
                return f"{who} won the trick with {self.card_name(str(cards[places.index(winner)]))}"
            return f"{who} won the trick"
        if kind == "deal" and isinstance(data.get("deal"), int):
            dealer = data.get("dealer")
            deals = f"Deal {data['deal']}"
            return f"{deals} (dealer: {self.name(dealer, viewer, names, 'you')})" if isinstance(dealer, int) else deals
        if kind == "deal_over":
            scores = data.get("scores") or []
            parts = [f"{self.name(s, viewer, names)} {v:+d}" for s, v in enumerate(scores) if isinstance(v, int)]
            return f"Deal {data.get('deal')} is over: " + ", ".join(parts) if parts else "The deal is over"
        if kind == "match_over":
            winners = [self.name(s, viewer, names) for s in data.get("winners") or []]
            return f"The match is over: {' and '.join(winners)} won" if winners else "The match is over"
        if kind in ("reveal", "flip") and data.get("card") is not None and data.get("seat") is not None:
            return f"{self.name(data.get('seat'), viewer, names)} turned up {self.card_name(str(data['card']))}"
        if kind == "reveal" and data.get("zone") and data.get("cards"):
            shown = ", ".join(self.card_name(str(c)) for c in data["cards"])
            return (
                f"{self.zone_words(str(data['zone']), viewer, names)[0].upper()}"
                f"{self.zone_words(str(data['zone']), viewer, names)[1:]}: {shown}"
            )
        if kind == "cut" and data.get("card") is not None and data.get("seat") is not None:
            return f"{self.name(data.get('seat'), viewer, names)} cut {self.card_name(str(data['card']))}"
        said = self.say(kind, data, viewer, names)
        return said.text if said is not None and said.text else None

    def move_words(self, data: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
        """A card's move in words, by where it went: played to the trick, discarded, drawn, taken
        from the discard pile; a card the viewer may not see is "a card"."""
        source, target = str(data.get("source") or ""), str(data.get("target") or "")
        if not source or not target:
            return None
        card = self.card_name(str(data["card"])) if data.get("card") is not None else "a card"
        seat = data.get("seat")
        if not isinstance(seat, int):
            owner = self.seat_of(source) if self.seat_of(source) is not None else self.seat_of(target)
            seat = owner
        src, tgt = source.split("/")[0], target.split("/")[0]
        if src == "trick" or tgt == "won":
            return None  # a trick gathered: the trick_won line says it
        if seat is None:
            if src == "stock" and tgt.startswith("discard"):
                return f"{card[0].upper()}{card[1:]} was turned up onto the discard pile"
            return f"{card[0].upper()}{card[1:]} went to {self.zone_words(target, viewer, names)}"
        who = self.name(seat, viewer, names)
        if tgt == "trick":
            return f"{who} played {card}"
        if tgt.startswith("discard"):
            return f"{who} discarded {card}"
        if src == "stock" and tgt == "hand":
            return f"{who} drew {card}"
        if src.startswith("discard") and tgt == "hand":
            return f"{who} took {card} from the discard pile"
        return (
            f"{who} moved {card} from {self.zone_words(source, viewer, names)} to "
            f"{self.zone_words(target, viewer, names)}"
        )

    def zone_words(self, zone: str, viewer: int | None, names: Sequence[str]) -> str:
        """A zone in words: "your hand", "Basil's bid", "the stock", "the middle"."""
        base, seat = zone.split("/")[0], self.seat_of(zone)
        if seat is None:
            return f"the {base.replace('_', ' ')}"
        if seat == viewer:
            return f"your {base.replace('_', ' ')}"
        return f"{self.name(seat, viewer, names)}'s {base.replace('_', ' ')}"

    # -------------------------------------------------------- the results
    def score_sheet(
        self, results: Sequence[DealResult], totals: Sequence[int], names: Sequence[str], view: View
    ) -> ScoreSheet | None:
        """The score sheet of the deals played so far (None: the game keeps none); the neutral
        one lists each deal's ``scores`` with the running totals."""
        rows = []
        running = [0] * len(names)
        for result in results:
            scores = list(result.scores)
            if len(scores) != len(names):
                return None
            running = [a + b for a, b in zip(running, scores, strict=True)]
            cells = tuple(Cell(f"({r})", s, s >= 0) for s, r in zip(scores, running, strict=True))
            rows.append(Row(f"Deal {result.deal}", cells))
        if not rows:
            return None
        best = max(totals) if totals else None
        return ScoreSheet(
            f"After deal {len(rows)}",
            tuple(names),
            tuple(rows),
            legend="(running total)   score",
            totals=tuple(totals),
            leaders=tuple(s for s, t in enumerate(totals) if t == best),
        )

    def headline(self, result: DealResult | None, winners: Sequence[int], names: Sequence[str]) -> tuple[str, str]:
        """The result's headline and tone: "Ann wins", "Everyone wins", "No winner"."""
        if not winners:
            return "No winner", "neutral"
        who = [names[s] for s in winners if 0 <= s < len(names)]
        if len(who) == len(names) and len(who) > 1:
            return "Everyone wins", "win"
        one = len(who) == 1 and who[0].strip().lower() != "you"  # "You win", "Ann wins"
        return f"{' and '.join(who)} win{'s' if one else ''}", "win"

    def result(
        self,
        results: Sequence[DealResult],
        totals: Sequence[int],
        winners: Sequence[int],
        names: Sequence[str],
        view: View,
    ) -> DealTerms:
        """What the result scene shows; the neutral one: who won, why, and the score sheet."""
        last = results[-1] if results else None
        headline, tone = self.headline(last, winners, names)
        reason = str(last.details.get("reason") or "") if last else ""
        sheet = self.score_sheet(results, totals, names, view)
        if not reason and len(results) > 1:
            reason = f"Final scores after {len(results)} deals"
        if sheet is None:  # at least the totals
            best = max(totals) if totals else None
            sheet = ScoreSheet(
                "Score sheet",
                tuple(names),
                totals=tuple(totals),
                leaders=tuple(s for s, t in enumerate(totals) if t == best),
            )
        terms = DealTerms(headline, tone, reason, sheet=dataclasses.replace(sheet, title="Score sheet", summary=""))
        return self.last_deal(terms, MatchEnd(results, totals, winners, names, view)) if results else terms

    def last_deal(self, base: DealTerms, end: MatchEnd) -> DealTerms:
        """The result scene's content with the game's own terms of the last deal (its hands, its
        scoring, the sets taken) added to the neutral ``base``: called once a deal was played. The
        neutral one adds nothing."""
        return base


IRREGULAR = {"be": ("are", "is"), "have": ("have", "has"), "do": ("do", "does"), "go": ("go", "goes")}


def agree(subject: str, verb: str) -> str:
    """``subject`` and the present of ``verb`` (its plain form) agreeing: "You sell" but "Ada
    sells", "You are" but "Ada is", "Basil passes", "Cleo carries"."""
    you = subject.strip().lower() == "you"
    if verb in IRREGULAR:
        return f"{subject} {IRREGULAR[verb][0 if you else 1]}"
    if you:
        return f"{subject} {verb}"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return f"{subject} {verb}es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return f"{subject} {verb[:-1]}ies"
    return f"{subject} {verb}s"


class TrickPresenter(Presenter):
    """The words of a trick game played with the engine's trick taking (``rules.tricks``): the
    prompt to play to the trick and which suit to follow."""

    #: The place at the trick that is no seat (``rules.tricks.DUMMY``), as a sentence starts with it.
    seatless_place = "The dummy"

    def place_name(self, place: Any, viewer: int | None, names: Sequence[str], you: str = "You") -> str:
        """How the table names a place at the trick: a seat as :meth:`name` does, the place that is
        no seat's by :attr:`seatless_place` (lower-cased inside a sentence, where ``you`` is)."""
        if place == DUMMY:
            word = self.seatless_place
            return word if you == "You" else word[:1].lower() + word[1:]
        return self.name(place, viewer, names, you)

    def status(
        self, view: View, viewer: int | None, names: Sequence[str], generic: str, legal: Sequence[Action] = ()
    ) -> str:
        if view.over or view.current_player is None:
            return generic
        trick = trick_facts_of(view)
        if (trick is None or trick.phase == PLAY) and self.mine(view, viewer) and legal:
            return "Your turn: play a card to the trick" + self.follow_note(view)
        return generic

    def hand_order(self, view: View) -> HandOrder | None:
        """By suit in the deck's order, the trump named (if any) at one end, ranks as tricks rank them."""
        ranks = getattr(self, "rank_order", ()) or tuple(str(r) for r in self.deck.ranks)
        trick = trick_facts_of(view)
        return HandOrder(tuple(s.id for s in self.deck.suits), ranks, trick.trump if trick is not None else None)

    def follow_note(self, view: View) -> str:
        facts = trick_facts_of(view)
        trick = facts.trick if facts is not None else ()
        if not trick:
            return ""
        suit = self.card_suit(str(trick[0][1]))
        if suit is None:
            return ""
        led = self.suit_name(suit)
        if facts is not None and facts.follow_rule == FOLLOW_OR_TRUMP and facts.trump:
            return f" \u00b7 {led} led: follow it or play a trump"
        return f" \u00b7 {led} led: follow suit if you can"


def presenter_for(game: Any, deck: Deck) -> Presenter:
    """The presenter ``game``'s spec names, or the neutral one (a trick game's words when its
    layout has a trick); raises :class:`RulesError` when the spec names something else."""
    reference = getattr(getattr(game, "spec", None), "presenter", None)
    config = getattr(game, "config", None)
    if not reference:
        zones = getattr(config, "layout", {}).get("zones") or []
        tricks = any(zone.get("kind") == "trick" for zone in zones)
        presenter = TrickPresenter(deck) if tricks else Presenter(deck)
    else:
        from .plugins import resolve

        cls = resolve(reference)
        if not (isinstance(cls, type) and issubclass(cls, Presenter)):
            raise RulesError(f"presenter: {reference!r} is not a rules.presenter.Presenter class")
        presenter = cls(deck)
    scoring = getattr(config, "scoring", None)
    order = scoring.get("rank_order") if isinstance(scoring, Mapping) else None
    if isinstance(order, list | tuple):
        presenter.rank_order = tuple(str(rank) for rank in order)
    specs = getattr(game, "zone_specs", None)
    if isinstance(specs, Mapping):
        presenter.seat_zones = frozenset(name for name, spec in specs.items() if spec.get("per_seat"))
    return presenter
