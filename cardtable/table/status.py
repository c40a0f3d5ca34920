"""The words on the table: the status line (whose turn, what they may do), seat tags, a
hint's description. Built from the legal actions and the seat's view, for any game; the game's
presenter (:mod:`rules.presenter`) adds its own notes and words.
"""

from __future__ import annotations

from typing import Any

from rules import Action
from rules.cards import Deck
from rules.presenter import Presenter, agree

THINKING = Presenter.table_words["thinking"]


def _word(presenter: Presenter | None, key: str, **fields: Any) -> str:
    """The table's word ``key`` in the game's words (the presenter's ``table_words``; the
    defaults where no presenter is at hand)."""
    return presenter.word(key, **fields) if presenter is not None else Presenter.table_words[key].format(**fields)


def zone_words(
    zone: str | None,
    specs: dict[str, dict[str, Any]],
    seat: int | None,
    names: list[str] | None = None,
    presenter: Presenter | None = None,
) -> str:
    """How a sentence names a zone: "the stock", "the discard pile", "your bid spot", "Ann's hand"."""
    if zone is None:
        return ""
    base, _, owner = zone.partition("/")
    spec = specs.get(base, {})
    label = str(spec.get("label", base)).lower().split(" (")[0]
    if spec.get("kind") == "pile" and "pile" not in label:
        label = _word(presenter, "zone_pile", label=label)
    if owner.isdigit() and spec.get("per_seat"):
        if seat is not None and owner == str(seat):
            return _word(presenter, "your_spot" if spec.get("kind") == "stack" else "your_zone", label=label)
        mine = names and int(owner) < len(names)
        who = names[int(owner)] if mine else _word(presenter, "seat_n", n=int(owner) + 1)
        return _word(presenter, "their_zone", who=who, label=label)
    return _word(presenter, "the_zone", label=label)


def block_zone(label: str, specs: dict[str, dict[str, Any]]) -> str:
    """The zone a block's label names (the base name of its numbered zones: "middle" for
    "Middle"), so the presenter can word it; the label itself when no zone has it."""
    for name, spec in specs.items():
        if str(spec.get("label", name)).split(" (")[0] == label:
            return name
    return label


def _join(words: list[str], presenter: Presenter | None = None) -> str:
    words = list(dict.fromkeys(w for w in words if w))
    if len(words) <= 1:
        return "".join(words)
    return _word(presenter, "either_or", some=", ".join(words[:-1]), last=words[-1])


def prompt(
    legal: list[Action],
    specs: dict[str, dict[str, Any]],
    seat: int,
    names: list[str] | None = None,
    presenter: Presenter | None = None,
) -> str:
    """What the seat to act may do now, in one line, from its legal actions."""
    if not legal:
        return _word(presenter, "your_turn")
    hand = f"hand/{seat}"
    parts = []
    choose = False  # the line starts by asking for a choice: it is the whole sentence

    def words(zone: str | None) -> str:
        return zone_words(zone, specs, seat, names, presenter)

    def join(words: list[str]) -> str:
        return _join(words, presenter)

    for kind in dict.fromkeys(a.kind for a in legal):
        actions = [a for a in legal if a.kind == kind]
        sources = [a.source for a in actions]
        targets = [a.target for a in actions]
        if all(a.source is None for a in actions):
            parts.append(_word(presenter, "press_choice", what=join([a.label or a.text for a in actions])))
        elif kind == "toggle":  # choosing a set of cards step by step; a button confirms
            parts.append(_word(presenter, "pick_by_clicking"))
        elif kind == "bid" or (
            all(s == hand for s in sources)
            and len(set(targets)) == 1
            and targets[0]
            and targets[0].endswith(f"/{seat}")
        ):
            choose = choose or not parts
            parts.append(_word(presenter, "choose_your", kind=kind, where=words(targets[0])))
        elif all(s == hand for s in sources):
            where = join([words(t) for t in targets])
            parts.append(
                _word(presenter, "put_a_card_onto", kind=kind, where=where)
                if where
                else _word(presenter, "put_a_card", kind=kind)
            )
        else:
            parts.append(_word(presenter, "take_from", kind=kind, where=join([words(s) for s in sources])))
    line = "; ".join(parts)
    return _word(presenter, "your_turn_to", what=line) if not choose else line[0].upper() + line[1:]


def status_line(
    view: dict[str, Any],
    legal: list[Action],
    specs: dict[str, dict[str, Any]],
    seat: int | None,
    names: list[str],
    bots: set[int],
    presenter: Presenter,
) -> str:
    """The whole status line for the seat the table is drawn for."""
    if view.over:
        return presenter.status(view, seat, names, presenter.word("game_over"), legal)
    current = view.current_player
    if current is None:
        return presenter.status(view, seat, names, "", legal)
    if current == seat:
        main = prompt(legal, specs, seat, names, presenter)
    elif current in bots:
        main = f"{agree(names[current], 'be')} {presenter.word('thinking')}"
    else:
        main = presenter.word("their_turn", who=names[current])
    main = presenter.status(view, seat, names, main, legal)
    extra = " \u00b7 ".join(presenter.notes(view, seat, names))
    return f"{main}  \u00b7  {extra}" if extra else main


def deal_over_line(deal: Any, presenter: Presenter | None = None) -> str:
    """The status line between a deal's end and the next: "Deal 3 is over"."""
    return _word(presenter, "deal_over", deal=deal) if isinstance(deal, int) else _word(presenter, "the_deal_over")


def seat_tags(view: dict[str, Any], seat: int, presenter: Presenter | None = None) -> list[str]:
    """Short tags for a seat's name plate: dealer."""
    return [_word(presenter, "dealer")] if view.dealer == seat else []


def describe(
    action: Action, deck: Deck, specs: dict[str, dict[str, Any]], seat: int, presenter: Presenter | None = None
) -> str:
    """A hint in words: "draw from the stock", "discard the 7 of Fire"."""
    if action.source is None and action.target is None:
        return action.label or action.text
    words = [action.kind]
    if action.card is not None:
        words.append(_word(presenter, "hint_card", card=deck.faces[action.card].name))
    hand = f"hand/{seat}"
    if action.source and action.source != hand:
        words.append(_word(presenter, "hint_from", where=zone_words(action.source, specs, seat, None, presenter)))
    target = zone_words(action.target, specs, seat, None, presenter)
    if action.target and action.target != hand and action.kind not in target:
        words.append(_word(presenter, "hint_onto", where=target))
    return " ".join(words)
