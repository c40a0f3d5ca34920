"""Playing at the table with the keyboard alone, as a player would: the keys of ``table.keys``
posted as real pygame events, never ``state.apply``. Shared by the keyboard tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pointer import post, settle

from cardtable.app import App
from cardtable.table import TableScene
from cardtable.table.cards import CardSprite
from rules import Action

STEPS = 120  # the most key presses spent looking for one card, button or place


def press(app: App, key: int, mod: int = 0) -> None:
    name = pygame.key.name(key)
    post(pygame.KEYDOWN, key=key, mod=mod, unicode=name if len(name) == 1 else "", scancode=0)
    app.frame(1 / 60)


def letter(app: App, char: str) -> None:
    press(app, pygame.key.key_code(char))


def seat_moves(table: TableScene, seat: int) -> list[str]:
    """Every action ``seat`` has made in the match, in order."""
    return [text for deal in table.state.log for who, text in deal["actions"] if who == seat]


def button_for(table: TableScene, action: Action) -> Any:
    """The button that makes ``action``: the one showing its label; else the one button that is not
    the primary one (a question's "keep" beside its "give")."""
    buttons = [b for b in table._decision_buttons() if b.active and b.rect.width]
    label = action.label or action.text
    found = next((b for b in buttons if b.label == label), None)
    if found is None and isinstance(action.value, int) and not isinstance(action.value, bool):
        found = next((b for b in buttons if getattr(b, "number", None) == action.value), None)
    if found is None:
        plain = [b for b in buttons if not b.primary]
        found = plain[0] if len(plain) == 1 else None
    return found


def press_button(app: App, table: TableScene, button: Any, by_tab: bool = False) -> None:
    """Press ``button`` by its key: its letter, its number typed, or (``by_tab``) Tab to it and Enter."""
    number = getattr(button, "number", None)
    if by_tab or (not button.accel and number is None):
        for _ in range(STEPS):
            if table.keyboard.button is button:
                break
            press(app, pygame.K_TAB if table.keyboard.button is None else pygame.K_RIGHT)
        assert table.keyboard.button is button, (button.label, [b.label for b in table._tab_buttons()])
        press(app, pygame.K_RETURN)
        return
    if number is not None:
        for digit in str(number):
            letter(app, digit)
        if table.keyboard.button is button:  # a number others start with (1 beside 10..13): Enter says it
            press(app, pygame.K_RETURN)
        return
    letter(app, button.accel)


def focus_card(app: App, table: TableScene, wanted: Callable[[CardSprite], bool]) -> CardSprite:
    """Left / Right until the focused card is one ``wanted`` accepts."""
    if table.keyboard.button is not None:
        press(app, pygame.K_ESCAPE)
    for _ in range(STEPS):
        if table.pointer.focus is not None and wanted(table.pointer.focus):
            return table.pointer.focus
        press(app, pygame.K_RIGHT)
    raise AssertionError(f"no focusable card wanted: {[c.text for c in table._focusable()]}")


def aim_at(app: App, table: TableScene, zone: str) -> None:
    """With a card picked up: Right until ``zone`` is the place lit strongest, then Enter."""
    for _ in range(STEPS):
        if table.keyboard.aim == zone:
            break
        press(app, pygame.K_RIGHT)
    assert table.keyboard.aim == zone, (zone, table.keyboard.aims)
    press(app, pygame.K_RETURN)


def moves_card(table: TableScene, action: Action) -> Callable[[CardSprite], bool]:
    """Whether a focused card is the one ``action`` moves (for a hold's reveal: the end it takes)."""
    text = table.deck.faces[action.card].text if action.card is not None else None
    hold = table.ext["hold"] if "hold" in table.ext else None

    def wanted(card: CardSprite) -> bool:
        if hold is not None and hold.hold == action.target:
            return hold.action_for(card) == action
        return card.zone == action.source and (text is None or card.text == text)

    return wanted


def do(app: App, table: TableScene, action: Action) -> None:
    """Make ``action`` (a button's or one card's move) with keys only."""
    if action.source is None:
        button = button_for(table, action)
        assert button is not None, (action.text, [b.label for b in table._decision_buttons()])
        press_button(app, table, button)
        return
    card = focus_card(app, table, moves_card(table, action))
    press(app, pygame.K_RETURN)
    if table.keyboard.aims:
        aim_at(app, table, action.target)
    elif table.pointer.selected is card and card.zone == action.source:  # chosen to give: the giving button
        give = next(b for b in table._decision_buttons() if b.primary and b.active)
        press_button(app, table, give)


def settle_keys(app: App, table: TableScene) -> None:
    """Let the table play on to the next human decision; a score sheet between deals closes with Enter."""
    for _ in range(40):
        settle(app)
        top = app.stack.top
        if top is table or not hasattr(top, "sheet"):
            return
        press(app, pygame.K_RETURN)


def pick_value(app: App, table: TableScene, value: Any) -> None:
    """The picker open (a wild card's letter): its button pressed by its key."""
    if table.ext["melds"].picker and value is not None:
        button = next(b for b in table._decision_buttons() if b.label == str(value))
        press_button(app, table, button)


def select(app: App, table: TableScene, texts: list[str]) -> None:
    """Space on each card, in order (focused by Left / Right)."""
    for text in texts:
        focus_card(app, table, lambda c, t=text: c.zone == table.my_hand and c.text == t)
        press(app, pygame.K_SPACE)
    assert [c.text for c in table.ext["melds"].chosen] == texts
