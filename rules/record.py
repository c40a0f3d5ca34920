"""Replaying records (``cardtable-record/1``): the layout comes from the record, never the seed."""

from __future__ import annotations

from typing import Any

from .errors import RulesError
from .state import RECORD_FORMAT, State


def _expect(cond: bool, message: str) -> None:
    if not cond:
        raise RulesError(f"record: {message}")


def replay(record: dict[str, Any]) -> State:
    """Rebuild a match from a record; checks recorded scores; raises :class:`RulesError`."""
    from .registry import load_game

    _expect(isinstance(record, dict), "expected a JSON object")
    _expect(record.get("format") == RECORD_FORMAT, f"format: expected {RECORD_FORMAT!r}, got {record.get('format')!r}")
    try:
        game = load_game(str(record.get("game")))
    except RulesError as exc:
        raise RulesError(f"record: game: {exc}") from None
    deals = record.get("deals")
    _expect(isinstance(deals, list) and len(deals) > 0, "deals: expected a non-empty list")
    for i, deal in enumerate(deals):
        _expect(isinstance(deal, dict) and isinstance(deal.get("layout"), dict),
                f"deals[{i}]: expected a table with a layout")
        _expect(isinstance(deal.get("actions", []), list), f"deals[{i}].actions: expected a list")
    seats = record.get("seats")
    start = record.get("start")
    players = record.get("players")
    if players is None:
        players = len(seats) if isinstance(seats, list) else len((start or {}).get("scores", [])) or None
    seed = record.get("seed", 0)
    _expect(isinstance(seed, int), "seed: expected an integer")
    settings = record.get("settings", {})
    _expect(isinstance(settings, dict), "settings: expected a table")
    first = deals[0]
    chance = [a[1] for a in _leading_chance(first.get("actions", []))]
    try:
        state = game.new_match(players=players, variant=record.get("variant"), seed=seed, settings=settings,
                               seats=seats, dealer=first.get("dealer"), start=start,
                               layouts=[d["layout"] for d in deals], chance=chance)
    except RulesError as exc:  # name where in the record the problem is
        where = "deals[0]." if str(exc).startswith("layout") else ""
        raise RulesError(f"record: {where}{exc}") from None
    for index, deal in enumerate(deals):
        if index > 0 and deal.get("dealer") is not None and deal["dealer"] != state.dealer:
            raise RulesError(f"record: deals[{index}].dealer: expected {state.dealer}, got {deal['dealer']}")
        actions = deal.get("actions", [])
        skip = len(_leading_chance(actions))
        for number, entry in enumerate(actions):
            where = f"deals[{index}].actions[{number}]"
            _expect(isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str),
                    f"{where}: expected [seat, \"action\"]")
            if number < skip:
                continue
            seat, text = entry
            if seat is None:
                continue  # a chance outcome, consumed by the action before it
            if state.is_over:
                raise RulesError(f"record: {where}: seat {seat} acts, but the match is already over")
            if state.current_player != seat:
                raise RulesError(f"record: {where}: seat {seat} acts, but it is seat "
                                 f"{state.current_player}'s turn")
            state._chance.extend(a[1] for a in _trailing_chance(deals, index, number))
            try:
                state.apply(text, events=False)
            except RulesError as exc:
                raise RulesError(f"record: {where}: {exc}") from None
        recorded = deal.get("scores")
        book = state.log[index] if index < len(state.log) else {}
        if recorded is not None and book.get("scores") != recorded:
            replayed = book.get("scores")
            raise RulesError(f"record: deals[{index}].scores: recorded {recorded}, " + (
                f"the replay scores {replayed}" if replayed is not None else "but the replay does not finish the deal"))
    return state


def _leading_chance(actions: list[Any]) -> list[Any]:
    lead = []
    for entry in actions:
        if isinstance(entry, list) and len(entry) == 2 and entry[0] is None:
            lead.append(entry)
        else:
            break
    return lead


def _trailing_chance(deals: list[dict[str, Any]], index: int, number: int) -> list[Any]:
    """Chance outcomes recorded right after action ``number`` (and at the next deal's start)."""
    actions = deals[index].get("actions", [])
    out = []
    for entry in actions[number + 1:]:
        if isinstance(entry, list) and len(entry) == 2 and entry[0] is None:
            out.append(entry)
        else:
            return out
    if index + 1 < len(deals):
        out += _leading_chance(deals[index + 1].get("actions", []))
    return out
