"""The table's looks a player chooses in Settings: the card back and the felt's colour.

A few freely made choices, each an id (kept in the settings file), a label and its colours;
:func:`choose` sets the current ones (the app does at start and on every change), and
:func:`~sprites.faces.card_back` and the table's felt draw with them from the next frame on.
Nothing here imports ``cardtable``.
"""

from __future__ import annotations

Color = tuple[int, int, int]

#: Card backs: id -> label (the colours are ``sprites.faces.BACKS``).
BACK_CHOICES: dict[str, str] = {
    "default": "Navy lattice",
    "red": "Red lattice",
    "green": "Green lattice",
    "plum": "Plum lattice",
    "charcoal": "Charcoal and silver",
}

#: Felts: id -> (label, centre colour, edge colour).
FELT_CHOICES: dict[str, tuple[str, Color, Color]] = {
    "green": ("Green", (36, 118, 76), (12, 58, 36)),
    "blue": ("Blue", (34, 86, 132), (12, 36, 66)),
    "burgundy": ("Burgundy", (124, 40, 52), (58, 14, 22)),
    "slate": ("Slate", (84, 94, 104), (34, 40, 46)),
    "brown": ("Walnut", (120, 84, 52), (52, 34, 20)),
}

_current = {"back": "default", "felt": "green"}


def choose(back: str | None = None, felt: str | None = None) -> None:
    """Make ``back`` and ``felt`` (ids; an unknown or None one keeps the current) the table's looks."""
    if back in BACK_CHOICES:
        _current["back"] = str(back)
    if felt in FELT_CHOICES:
        _current["felt"] = str(felt)


def back_style() -> str:
    """The card back chosen (an id of :data:`BACK_CHOICES`)."""
    return _current["back"]


def felt_id() -> str:
    return _current["felt"]


def felt_colours() -> tuple[Color, Color]:
    """The chosen felt's colours: its lit centre and its dark edge."""
    _label, light, dark = FELT_CHOICES[_current["felt"]]
    return light, dark
