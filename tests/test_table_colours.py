"""Colours that carry meaning: the trump badge and the suit buttons draw a suit as the cards do
(four-colour suits: diamonds blue, clubs green), and a score sheet's changes are green when they
help the player and red when they hurt, in the game's own direction (a Troeven tally counts down)."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402
import pytest  # noqa: E402
from pointer import settle  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene, trick_layout  # noqa: E402
from rules.presenter import presenter_for  # noqa: E402
from sprites.glyphs import STANDARD_COLORS, STANDARD_COLORS_CB  # noqa: E402


def diamonds_trump() -> Session:
    """Troeven with a dummy: Ann (seat 0) calls diamonds and is to lead."""
    seats = [{"name": "Ann", "kind": "human"}] + [{"name": n, "kind": "bot", "level": "normal"} for n in ("Bo", "Cy")]
    state = rules.load_game("troeven").new_match(players=3, variant="dummy", seed=5, dealer=2, seats=seats)
    state.apply(state.parse_action("trump diamonds"))
    return Session.from_record(state.to_record())


def count(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    sub = surface.subsurface(area)
    return sum(
        1
        for x in range(sub.get_width())
        for y in range(sub.get_height())
        if tuple(sub.get_at((x, y)))[:3] == tuple(colour)
    )


@pytest.mark.parametrize("four_colours", [False, True])
def test_the_trump_badge_draws_diamonds_as_the_cards_do(app: App, four_colours: bool) -> None:
    app.settings.colorblind = four_colours
    table = TableScene(app, diamonds_trump())
    app.push(table)
    settle(app)
    assert table.view.public.get("trump") == "diamonds"
    app.draw()
    badge = trick_layout.badge_rect(table.layout, 1 + table.ext["trick"].badge_lines)
    blue, red = STANDARD_COLORS_CB["diamonds"], STANDARD_COLORS["diamonds"]
    shown, other = (blue, red) if four_colours else (red, blue)
    assert count(app.window_surface, badge, shown) > 20
    assert count(app.window_surface, badge, other) == 0


# ------------------------------------------------------------------ the score sheet
def finished_deals(game_id: str, deals: int, seed: int) -> tuple[rules.Game, object]:
    """A match played at random through ``deals`` deals (or to its end)."""
    game = rules.load_game(game_id)
    low, _high = game.config.player_range(game.variants[0])
    state = game.new_match(players=max(3, low), seed=seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.deal_results) < deals:
        state.apply(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("game_id", rules.list_games())
def test_a_change_is_green_when_it_helps_in_the_games_direction(game_id: str) -> None:
    """The leaders on the sheet hold the best totals; a change toward that end is good (green),
    away from it bad (red): in Troeven a tally going down (-1) is good news."""
    checked = 0
    for seed in range(6):
        game, state = finished_deals(game_id, 3, seed)
        presenter = presenter_for(game, state.deck)
        names = [f"P{i}" for i in range(state.players)]
        sheet = presenter.score_sheet(list(state.deal_results), list(state.scores), names, state.view(None))
        if sheet is None or not sheet.rows or len(set(sheet.totals)) < 2:
            continue  # no sheet, or every total equal: no direction to read
        lower = set(sheet.leaders) == {s for s, t in enumerate(sheet.totals) if t == min(sheet.totals)}
        for row in sheet.rows:
            for cell in row.cells:
                if cell.change:
                    assert cell.good == ((cell.change < 0) == lower), (game_id, row, cell)
                    checked += 1
    if game_id == "troeven":
        assert checked > 0
