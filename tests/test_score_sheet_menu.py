"""The score sheet between deals keeps the table's Menu: a Menu button where the table's lies
opens the pause menu, Esc opens it too (it never deals the next hand), Enter or the sheet's
button deals on; a sheet asked for (the Scores button) still closes with Esc. Real pygame events
under the dummy driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402
from pointer import click, drag, key, settle  # noqa: E402
from test_table_tricks import card_in, centre, open_table, played_to_the_last_trick, trick_centre  # noqa: E402

from cardtable.app import App  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.score_sheet import ScoreSheetScene  # noqa: E402


def sheet_between_deals(app: App) -> tuple[TableScene, ScoreSheetScene]:
    table = open_table(app, played_to_the_last_trick("tribello"))
    action = table.legal[0]
    drag(app, centre(card_in(table, action.source, table.deck.text(action.card))), trick_centre(table))
    settle(app)
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.button.label == "Next deal"
    app.draw()
    return table, sheet


def test_esc_over_the_sheet_between_deals_opens_the_menu_not_the_next_deal(app: App) -> None:
    table, sheet = sheet_between_deals(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is sheet and table.menu.open and table.view.deal == 1
    key(app, pygame.K_ESCAPE)  # the menu's own Esc: back to the sheet
    assert app.stack.top is sheet and not table.menu.open
    key(app, pygame.K_RETURN)  # Enter deals on
    assert app.stack.top is table
    settle(app)
    assert table.view.deal == 2


def test_the_menu_button_lies_where_the_tables_does_and_opens_the_menu(app: App) -> None:
    table, sheet = sheet_between_deals(app)
    assert sheet.menu_button is not None and sheet.menu_button.enabled
    assert sheet.menu_button.rect == table.menu_button.rect
    click(app, table.menu_button.rect.center)
    assert app.stack.top is sheet and table.menu.open
    app.draw()
    click(app, table.menu.resume.rect.center)
    assert not table.menu.open and app.stack.top is sheet
    click(app, sheet.button.rect.center)  # the sheet's button deals on
    assert app.stack.top is table


def test_a_sheet_asked_for_closes_with_esc(app: App) -> None:
    table = open_table(app, played_to_the_last_trick("tribello"))
    table.ext.show_scores()
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.button.label == "Close"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table and not table.menu.open
