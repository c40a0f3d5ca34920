"""The words on the table: the status line (whose turn, what they may do), seat tags, a
hint's description. Built from the legal actions and the seat's view, for any game; the game's
presenter (:mod:`rules.presenter`) adds its own notes and words.
"""

from __future__ import annotations

from typing import Any

from rules import Action
from rules.cards import Deck
from rules.presenter import Presenter, agree

THINKING = "thinking\u2026"


def zone_words(
    zone: str | None, specs: dict[str, dict[str, Any]], seat: int | None, names: list[str] | None = None
) -> str:
    """How a sentence names a zone: "the stock", "the discard pile", "your bid spot", "Ann's hand"."""
    if zone is None:
        return ""
    base, _, owner = zone.partition("/")
    spec = specs.get(base, {})
    label = str(spec.get("label", base)).lower().split(" (")[0]
    if spec.get("kind") == "pile" and "pile" not in label:
        label += " pile"
    if owner.isdigit() and spec.get("per_seat"):
        if seat is not None and owner == str(seat):
            return f"your {label}" + (" spot" if spec.get("kind") == "stack" else "")
        who = names[int(owner)] if names and int(owner) < len(names) else f"seat {int(owner) + 1}"
        return f"{who}'s {label}"
    return f"the {label}"


def block_zone(label: str, specs: dict[str, dict[str, Any]]) -> str:
    """The zone a block's label names (the base name of its numbered zones: "middle" for
    "Middle"), so the presenter can word it; the label itself when no zone has it."""
    for name, spec in specs.items():
        if str(spec.get("label", name)).split(" (")[0] == label:
            return name
    return label


def _join(words: list[str]) -> str:
    words = list(dict.fromkeys(w for w in words if w))
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def prompt(legal: list[Action], specs: dict[str, dict[str, Any]], seat: int, names: list[str] | None = None) -> str:
    """What the seat to act may do now, in one line, from its legal actions."""
    if not legal:
        return "Your turn."
    hand = f"hand/{seat}"
    parts = []

    def words(zone: str | None) -> str:
        return zone_words(zone, specs, seat, names)

    for kind in dict.fromkeys(a.kind for a in legal):
        actions = [a for a in legal if a.kind == kind]
        sources = [a.source for a in actions]
        targets = [a.target for a in actions]
        if all(a.source is None for a in actions):
            parts.append("press " + _join([a.label or a.text for a in actions]))
        elif kind == "toggle":  # choosing a set of cards step by step; a button confirms
            parts.append("pick cards by clicking them")
        elif kind == "bid" or (
            all(s == hand for s in sources)
            and len(set(targets)) == 1
            and targets[0]
            and targets[0].endswith(f"/{seat}")
        ):
            parts.append(f"choose your {kind}: drag a card onto {words(targets[0])}")
        elif all(s == hand for s in sources):
            where = _join([words(t) for t in targets])
            parts.append(f"{kind} a card onto {where}" if where else f"{kind} a card")
        else:
            parts.append(f"{kind} from {_join([words(s) for s in sources])}")
    line = "; ".join(parts)
    return "Your turn: " + line if not line.startswith("choose your") else line[0].upper() + line[1:]


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
        return presenter.status(view, seat, names, "The game is over.", legal)
    current = view.current_player
    if current is None:
        return presenter.status(view, seat, names, "", legal)
    if current == seat:
        main = prompt(legal, specs, seat, names)
    elif current in bots:
        main = f"{agree(names[current], 'be')} {THINKING}"
    else:
        main = f"{names[current]}'s turn"
    main = presenter.status(view, seat, names, main, legal)
    extra = " \u00b7 ".join(presenter.notes(view, seat, names))
    return f"{main}  \u00b7  {extra}" if extra else main


def deal_over_line(deal: Any) -> str:
    """The status line between a deal's end and the next: "Deal 3 is over"."""
    return f"Deal {deal} is over." if isinstance(deal, int) else "The deal is over."


def seat_tags(view: dict[str, Any], seat: int) -> list[str]:
    """Short tags for a seat's name plate: dealer."""
    return ["dealer"] if view.dealer == seat else []


def describe(action: Action, deck: Deck, specs: dict[str, dict[str, Any]], seat: int) -> str:
    """A hint in words: "draw from the stock", "discard the 7 of Fire"."""
    if action.source is None and action.target is None:
        return action.label or action.text
    words = [action.kind]
    if action.card is not None:
        words.append(f"the {deck.faces[action.card].name}")
    hand = f"hand/{seat}"
    if action.source and action.source != hand:
        words.append(f"from {zone_words(action.source, specs, seat)}")
    if action.target and action.target != hand and action.kind not in zone_words(action.target, specs, seat):
        words.append(f"onto {zone_words(action.target, specs, seat)}")
    return " ".join(words)
