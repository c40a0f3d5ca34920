"""The table's keys in one table: what the controls answer to and what the rules help (F1) lists,
so the two cannot drift apart; and the accelerators of the buttons a decision shows.

Every button of a decision gets a key of its own, derived from its label and never from the
game: the initial of a word no other button shares ("Meld a group" G, "Meld a run" R), else of
any word, else any letter of the label, else a digit; a one-character label (a picker's letter)
is its own key. The letters the table keeps for itself (undo, hint, the log) go to a button only
when its label is that one letter. A number's button (a bid) is pressed by typing its number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from rules.presenter import Presenter

from .. import widgets as ui
from .match_log import LOG_KEY

NO_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


@dataclass(frozen=True)
class Binding:
    """Keys that do one thing at the table: ``keys`` for the controls, ``names`` and what they
    do (the presenter's word ``does``) for F1."""

    keys: tuple[int, ...]
    names: str
    does: str  # a key of ``Presenter.table_words``


@dataclass
class KeyFocus:
    """Where the keyboard is at the table: the card picked up aims at a place, a button has the
    focus, digits are being typed; the card it frames is the pointer's ``focus``."""

    aims: tuple[str, ...] = field(default=())  # where the card picked up by the keyboard may go, left to right
    aim: str | None = None  # the one of them Enter puts it on
    button: ui.Button | None = None  # the button Tab / Left / Right gave the focus to
    typed: str = ""  # digits typed so far towards a number's button (a bid of 12)


UNDO = Binding((pygame.K_u,), "U or Ctrl+Z", "key_undo")
HINT = Binding((pygame.K_h,), "H", "key_hint")
LOG = Binding((LOG_KEY,), pygame.key.name(LOG_KEY).upper(), "key_log")
RULES = Binding((pygame.K_F1,), "F1", "key_rules")
STEP = Binding((pygame.K_LEFT, pygame.K_RIGHT), "Left / Right", "key_step")
ZONE = Binding((pygame.K_TAB,), "Tab / Shift+Tab", "key_zone")
PLAY = Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Enter", "key_play")
TOGGLE = Binding((pygame.K_SPACE,), "Space", "key_toggle")
BUTTON = Binding((), "", "key_button")  # no key of its own: its word names them
ESCAPE = Binding((pygame.K_ESCAPE,), "Esc", "key_escape")

TABLE_KEYS: tuple[Binding, ...] = (STEP, PLAY, TOGGLE, ZONE, BUTTON, UNDO, HINT, LOG, RULES, ESCAPE)

RESERVED = frozenset(pygame.key.name(k) for b in (UNDO, HINT, LOG) for k in b.keys)  # letters the table keeps
SMALL_WORDS = frozenset({"a", "an", "the", "my", "of", "to", "as", "on", "in"})


def key_lines(words: Mapping[str, str] = Presenter.table_words) -> list[str]:
    """The keys as F1 lists them: one line each, "keys: what they do" (``words``: a game's
    presenter's ``table_words``)."""
    return [f"{b.names}: {words[b.does]}." if b.names else f"{words[b.does]}." for b in TABLE_KEYS]


def wants_key(button: ui.Button) -> bool:
    """Whether ``button`` takes an accelerator: a decision's button (sorting, the score sheet say no)."""
    return button.shortcut and getattr(button, "number", None) is None


def assign(buttons: Sequence[ui.Button]) -> None:
    """Give each button of ``buttons`` (in order) a key: ``accel`` (a letter or digit, "" for
    none) and ``accel_at`` (its place in the label, -1 when it is not in it)."""
    labels = [b.label for b in buttons]
    taken: set[str] = set()
    for n, button in enumerate(buttons):
        button.accel, button.accel_at = "", -1
        if not wants_key(button):
            continue
        key, at = _pick(button.label, labels[:n] + labels[n + 1 :], taken)
        if key:
            taken.add(key)
            button.accel, button.accel_at = key, at


def _pick(label: str, others: list[str], taken: set[str]) -> tuple[str, int]:
    if len(label.strip()) == 1 and label.strip().isalnum() and label.strip().lower() not in taken:
        return label.strip().lower(), label.index(label.strip())
    shared = {w.lower() for other in others for w in other.split()}
    words, at = [], 0
    for word in label.split(" "):
        if word:
            words.append((word, at))
        at += len(word) + 1
    own = [(w, i) for w, i in words if w.lower() not in shared and w.lower() not in SMALL_WORDS]
    rest = [(w, i) for w, i in words if (w, i) not in own]
    for word, i in own + rest:
        c = word[0].lower()
        if c.isalpha() and c not in taken and c not in RESERVED:
            return c, i
    for i, ch in enumerate(label):
        c = ch.lower()
        if c.isalpha() and c not in taken and c not in RESERVED:
            return c, i
    for digit in "123456789":
        if digit not in taken:
            return digit, -1
    return "", -1


def pressed(buttons: Sequence[ui.Button], event: pygame.event.Event) -> ui.Button | None:
    """The active button whose accelerator ``event`` types (no Ctrl, Alt or Meta), if any."""
    if event.mod & NO_MODS:
        return None
    name = pygame.key.name(event.key)
    if name.startswith("[") and name.endswith("]"):  # the keypad's digits
        name = name[1:-1]
    for button in buttons:
        if getattr(button, "accel", "") == name and button.active and button.rect.width:
            return button
    return None


def digit(event: pygame.event.Event) -> str | None:
    """The digit ``event`` types (the top row or the keypad), None for any other key."""
    if event.mod & NO_MODS:
        return None
    name = pygame.key.name(event.key).strip("[]")
    return name if len(name) == 1 and name.isdigit() else None
