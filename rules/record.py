"""Reading and replaying records (``cardtable-record/1``): the layout comes from the record, never the seed.

Every problem is a :class:`RulesError` whose first ``problems`` entry is ``key.path: what was
expected`` (its message is ``record: key.path: ...``); ``read_record`` adds the file name and
refuses files over the size limits below (docs/records.md lists them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .config import ID_MAX, INT, WORD, read_text
from .errors import RulesError
from .game import BOT_LEVELS
from .schema import AnyOf, Choice, IntRange, ListOf, MapOf, Table, Text, show, validate
from .state import RECORD_FORMAT, State

if TYPE_CHECKING:
    from .actions import Event
    from .game import Game

RECORD_MAX_BYTES = 4 * 1024 * 1024  # a record or save file
MAX_ACTIONS = 200_000  # actions in a record, all deals together
MAX_DEALS = 1_000
MAX_SEATS = 8
SEAT_NAME_MAX = 40
ACTION_MAX = 200  # characters in an action's text
CHANCE_MAX = 1_000  # characters in a chance outcome's (seat null): a reshuffled stock names every card
JSON_MAX_DIGITS = 40  # digits in one number
NESTING_LIMIT = 200  # levels of arrays and objects a record may nest (it needs a handful)
UNDO_TAIL = 20  # player actions at the end of a record that replay keeps undo snapshots for

SEAT_NAME = AnyOf((Text(SEAT_NAME_MAX), type(None)), f"a name of at most {SEAT_NAME_MAX} characters")
SEAT = Table(optional={"name": SEAT_NAME, "kind": Choice(("human", "bot")), "level": Choice(BOT_LEVELS)})
SCORES = ListOf(INT, 0, MAX_SEATS)
START = Table(optional={"deal": IntRange(1, MAX_DEALS * 100), "scores": SCORES})
LAYOUT = MapOf(ListOf(Text(16, min_len=1), 0, 10_000), "zone name")
DEAL = Table(
    required={"layout": LAYOUT},
    optional={
        "dealer": AnyOf((IntRange(0, MAX_SEATS - 1), type(None)), "a seat number or null"),
        "actions": object,
        "scores": SCORES,
    },
)  # actions: _check_actions
TOP = {  # key -> spec; other keys are ignored (left for tools)
    "variant": AnyOf((WORD, type(None)), "a variant name or null"),
    "players": AnyOf((IntRange(1, MAX_SEATS), type(None)), f"a number of players from 1 to {MAX_SEATS}"),
    "settings": MapOf(object, "setting name"),  # values: checked against the game's settings
    "seats": ListOf(SEAT, 1, MAX_SEATS),
    "seed": IntRange(-(2**63), 2**63 - 1),
    "start": START,
    "totals": SCORES,
    "winners": ListOf(IntRange(0, MAX_SEATS - 1), 0, MAX_SEATS),
}
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


class HugeNumber(float):
    """A JSON number with more digits than any record field holds (kept out of ``int()``)."""

    def __new__(cls, digits: int) -> HugeNumber:
        value = super().__new__(cls, float("inf"))
        value.digits = digits
        return value

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def _parse_int(text: str) -> int | float:
    return int(text) if len(text) <= JSON_MAX_DIGITS else HugeNumber(len(text))


def _refuse(where: str, message: str) -> RulesError:
    problem = f"{where}: {message}"
    return RulesError(f"record: {problem}", problems=[problem])


def _refused(problem: str) -> RulesError:
    """A :class:`RulesError` for a ``key.path: message`` problem."""
    return RulesError(f"record: {problem}", problems=[problem])


def _nesting_line(text: str, limit: int = NESTING_LIMIT) -> int:
    """The line where ``text``'s arrays and objects first nest deeper than ``limit``."""
    depth = 0
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]', text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return text.count("\n", 0, match.start()) + 1
        elif token in "]}":
            depth -= 1
    return 1


def _nested_deeper_than(value: Any, limit: int = NESTING_LIMIT) -> bool:
    """Whether ``value``'s arrays and objects nest deeper than ``limit``, level by level (no recursion:
    about half the decoder's time on a long record)."""
    level = [value] if type(value) is list or type(value) is dict else []
    for _ in range(limit):
        inner = []
        for outer in level:
            for item in outer.values() if type(outer) is dict else outer:
                if type(item) is list or type(item) is dict:
                    inner.append(item)
        if not inner:
            return False
        level = inner
    return True


def parse_record(text: str) -> Any:
    """JSON text to a value; raises :class:`RulesError` (``line N: ...``) when it is not JSON or nests
    deeper than :data:`NESTING_LIMIT`."""
    try:
        value = json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        problem = f"line {exc.lineno}: not valid JSON ({exc.msg}, column {exc.colno})"
    except RecursionError:  # the JSON decoder's own depth guard: arrays or objects nested too deep
        problem = f"line {_nesting_line(text)}: arrays or objects nested too deep"
    else:
        # The decoder's guard is Python's: 3.13 decodes 5,000 levels that 3.10-3.12 refuse. The limit
        # is checked here, the same on every version (a record nests a handful of levels).
        if not _nested_deeper_than(value):
            return value
        problem = f"line {_nesting_line(text)}: arrays or objects nested too deep"
    raise RulesError(f"record: {problem}", problems=[problem])


def read_record(path: Path) -> Any:
    """A record file's JSON value, refused (``RulesError``, message ``FILE: ...``) when it cannot be read,
    is over ``RECORD_MAX_BYTES``, is not UTF-8 or not JSON. :func:`replay` checks what it holds."""
    text = read_text(path, RECORD_MAX_BYTES, "record")
    try:
        return parse_record(text)
    except RulesError as exc:
        raise RulesError(f"{path}: {exc.problems[0]}", problems=exc.problems) from None


def _check_actions(index: int, actions: Any, budget: int) -> int:
    """Check the shape of one deal's actions; returns how many are left of the ``MAX_ACTIONS`` budget."""
    where = f"deals[{index}].actions"
    if not isinstance(actions, list):
        raise _refuse(where, f'expected a list of [seat, "action"] entries, got {show(actions)}')
    budget -= len(actions)
    if budget < 0:
        raise _refuse(where, f"too many actions (a record holds at most {MAX_ACTIONS:,})")
    for number, entry in enumerate(actions):
        if type(entry) is not list or len(entry) != 2:
            raise _refuse(f"{where}[{number}]", f'expected [seat, "action"], got {show(entry)}')
        seat, text = entry
        if seat is not None and (type(seat) is not int or not 0 <= seat < MAX_SEATS):
            raise _refuse(
                f"{where}[{number}][0]", f"expected a seat number from 0 to {MAX_SEATS - 1} or null, got {show(seat)}"
            )
        longest = ACTION_MAX if seat is not None else CHANCE_MAX
        if type(text) is not str or not text or len(text) > longest or _CONTROL.search(text):
            raise _refuse(
                f"{where}[{number}][1]", f"expected an action's text of 1 to {longest} characters, got {show(text)}"
            )
    return budget


def check_shape(record: Any) -> None:
    """Refuse a record whose JSON shape is wrong anywhere (before any game is loaded)."""
    if not isinstance(record, dict):
        raise _refuse("(top level)", f"expected a JSON object, got {show(record)}")
    if record.get("format") != RECORD_FORMAT:
        raise _refuse("format", f"expected {RECORD_FORMAT!r}, got {show(record.get('format'))}")
    problems: list[str] = []
    validate(record.get("game"), Text(ID_MAX, min_len=1), "game", problems)
    for key, spec in TOP.items():
        if key in record:
            validate(record[key], spec, key, problems)
    if problems:
        raise _refused(problems[0])
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise _refuse("deals", f"expected a non-empty list, got {show(deals)}")
    if len(deals) > MAX_DEALS:
        raise _refuse("deals", f"expected at most {MAX_DEALS:,} deals, got {len(deals):,}")
    budget = MAX_ACTIONS
    for index, deal in enumerate(deals):
        if not isinstance(deal, dict) or "layout" not in deal:
            raise _refuse(f"deals[{index}]", f"expected a table with a layout, got {show(deal)}")
        validate(deal, DEAL, f"deals[{index}]", problems)
        if problems:
            raise _refused(problems[0])
        budget = _check_actions(index, deal.get("actions", []), budget)


def _setup(record: dict[str, Any]) -> dict[str, Any]:
    """The arguments of ``new_match`` for a record of the right shape, each checked with its key path."""
    from .registry import load_game

    try:
        game = load_game(record["game"])
    except RulesError as exc:
        raise _refuse("game", exc.summary()) from None
    variant = record.get("variant") or game.variants[0]
    if variant not in game.variants:
        raise _refuse(
            "variant",
            f"expected one of {', '.join(map(repr, game.variants))} (variants of {game.id}), got {show(variant)}",
        )
    problems = game.config.check_settings(record.get("settings", {}))
    if problems:
        raise _refused(problems[0])
    seats, start = record.get("seats"), record.get("start") or {}
    players = record.get("players")
    if players is None:
        players = len(seats) if seats else len(start.get("scores", [])) or game.default_players
    counts = game.player_counts(variant, record.get("settings", {}))
    if players not in counts:
        lo, hi = game.player_range(variant)
        others = "" if counts == list(range(lo, hi + 1)) else f" ({', '.join(map(str, counts))})"
        raise _refuse("players", f"{game.id} ({variant}) is for {lo} to {hi} players{others}, not {players}")
    for key, values in (
        ("seats", seats),
        ("start.scores", start.get("scores")),
        *((f"deals[{i}].scores", d.get("scores")) for i, d in enumerate(record["deals"])),
    ):
        if values is not None and len(values) != players:
            raise _refuse(key, f"expected {players} {'seats' if key == 'seats' else 'scores'}, got {len(values)}")
    for key, seat in (
        ("winners", record.get("winners") or []),
        *((f"deals[{i}].dealer", [d.get("dealer")]) for i, d in enumerate(record["deals"])),
    ):
        for value in seat:
            if value is not None and value >= players:
                raise _refuse(key, f"expected a seat from 0 to {players - 1}, got {value}")
    return {"game": game, "players": players, "variant": variant}


def replay(record: dict[str, Any]) -> State:
    """Rebuild a match from a record; checks recorded scores; raises :class:`RulesError`.

    A replay keeps undo snapshots for the last ``UNDO_TAIL`` player actions only (a resumed
    player may take back their last moves, as far as the undo rules allow), so it costs what the
    match cost: time and memory linear in the number of actions, not one clone per action.
    """
    check_shape(record)
    setup = _setup(record)
    game, players = setup["game"], setup["players"]
    deals = record["deals"]
    first = deals[0]
    chance = [a[1] for a in _leading_chance(first.get("actions", []))]
    try:
        state = game.new_match(
            players=players,
            variant=setup["variant"],
            seed=record.get("seed", 0),
            settings=record.get("settings", {}),
            seats=record.get("seats"),
            dealer=first.get("dealer"),
            start=record.get("start"),
            layouts=[d["layout"] for d in deals],
            chance=chance,
        )
    except RulesError as exc:  # name where in the record the problem is
        problem = exc.summary()
        if problem.startswith("layout"):
            problem = f"deals[0].{problem}"
        elif problem.startswith("recorded chance outcome"):  # one of the first deal's leading [null, ...]
            problem = f"deals[0].actions[{_refused_place(chance, problem)}]: {problem}"
        raise _refused(problem) from None
    _all_drawn(state, [(0, n) for n in range(len(chance))])
    # undo snapshots only for the last UNDO_TAIL player actions: what a resumed player may take back
    undo_from = sum(1 for d in deals for seat, _ in d.get("actions", []) if seat is not None) - UNDO_TAIL
    acted = 0
    state.keep_undo = undo_from <= 0
    for index, deal in enumerate(deals):
        if index > 0 and deal.get("dealer") is not None and deal["dealer"] != state.dealer:
            raise _refuse(f"deals[{index}].dealer", f"expected {state.dealer}, got {deal['dealer']}")
        actions = deal.get("actions", [])
        skip = len(_leading_chance(actions))
        for number, (seat, text) in enumerate(actions):
            if number < skip or seat is None:
                continue  # a chance outcome, consumed by the action before it
            where = f"deals[{index}].actions[{number}]"
            if state.is_over:
                raise _refuse(where, f"seat {seat} acts, but the match is already over")
            if state.current_player != seat:
                raise _refuse(where, f"seat {seat} acts, but it is seat {state.current_player}'s turn")
            trailing = _trailing_chance(deals, index, number)
            state._chance.extend(a[1] for a in trailing)
            acted += 1
            if acted > undo_from:
                state.keep_undo = True
            try:
                state.apply(text, events=False)
            except RulesError as exc:
                problem = exc.summary()
                if problem.startswith("layout"):  # the next deal's layout, read as this action ends a deal
                    raise _refused(f"deals[{len(state.log) - 1}].{problem}") from None
                if trailing and problem.startswith("recorded chance outcome"):  # name the entry, not the move
                    index_at, number_at = _chance_places(deals, index, number, len(trailing))[
                        len(trailing) - len(state._chance) - 1
                    ]
                    where = f"deals[{index_at}].actions[{number_at}]"
                raise _refuse(where, problem) from None
            if trailing:
                _all_drawn(state, _chance_places(deals, index, number, len(trailing)))
        recorded = deal.get("scores")
        book = state.log[index] if index < len(state.log) else {}
        if recorded is not None and book.get("scores") != recorded:
            replayed = book.get("scores")
            raise _refuse(
                f"deals[{index}].scores",
                f"recorded {recorded}, "
                + (
                    f"the replay scores {replayed}"
                    if replayed is not None
                    else "but the replay does not finish the deal"
                ),
            )
    state.keep_undo = True  # play on from here with undo as usual
    return state


def _all_drawn(state: State, places: list[tuple[int, int]]) -> None:
    """Refuse a recorded chance outcome the match never drew (it followed a move, or began a
    deal, that draws nothing by chance, or more were recorded than drawn): a made-up entry is
    told, never dropped unseen. ``places`` are the (deal, action) places of the entries just given."""
    left = len(state._chance)
    if left:
        index, number = places[len(places) - left]
        text = state._chance[0]
        raise _refuse(
            f"deals[{index}].actions[{number}]",
            f"recorded chance outcome {show(text)} is not drawn there (nothing is left to chance at that point)",
        )


def _refused_place(chance: list[str], problem: str) -> int:
    """The place among the first deal's leading chance entries of the one ``problem`` quotes."""
    for number, text in enumerate(chance):
        if problem.startswith(f"recorded chance outcome {text!r}"):
            return number
    return 0


def _chance_places(deals: list[dict[str, Any]], index: int, number: int, count: int) -> list[tuple[int, int]]:
    """Where the ``count`` entries :func:`_trailing_chance` gave for action ``number`` are."""
    here = deals[index].get("actions", [])
    places = []
    after = number + 1
    while after < len(here) and here[after][0] is None and len(places) < count:
        places.append((index, after))
        after += 1
    places += [(index + 1, n) for n in range(count - len(places))]
    return places


def _leading_chance(actions: list[Any]) -> list[Any]:
    lead = []
    for entry in actions:
        if entry[0] is None:
            lead.append(entry)
        else:
            break
    return lead


def _trailing_chance(deals: list[dict[str, Any]], index: int, number: int) -> list[Any]:
    """Chance outcomes recorded right after action ``number`` (and at the next deal's start)."""
    actions = deals[index].get("actions", [])
    out = []
    after = number + 1
    while after < len(actions):  # no slice of the rest: replay stays linear in the actions
        if actions[after][0] is not None:
            return out
        out.append(actions[after])
        after += 1
    if index + 1 < len(deals):
        out += _leading_chance(deals[index + 1].get("actions", []))
    return out


def stepped_events(game: Game, record: Mapping[str, Any]) -> Iterator[list[Event]]:
    """The events of each player's action in ``record``, stepped again on a replica of its match
    that nobody sees (give each seat only ``events_for`` its seat). Raises ``RulesError``,
    ``KeyError``, ``TypeError``, ``ValueError`` or ``IndexError`` when the record cannot be stepped."""
    deals = record["deals"]
    seats = [dict(s) for s in record["seats"]]
    replica = game.new_match(
        players=int(record.get("players") or len(seats)),
        variant=record.get("variant"),
        seed=record.get("seed", 0),
        settings=dict(record.get("settings") or {}),
        seats=seats or None,
        dealer=deals[0]["dealer"],
        start=record.get("start"),
        layouts=[d["layout"] for d in deals],
        chance=[text for d in deals for seat, text in d["actions"] if seat is None],
    )
    for deal in deals:
        for seat, text in deal["actions"]:
            if seat is not None:
                yield replica.apply(text)
