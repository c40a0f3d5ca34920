"""The main menu's Rules, Statistics, Settings and Quit keep their place however many matches
wait to be resumed: a click aimed at Statistics, seen with no match saved, still opens
Statistics once ten matches wait (they used to push the buttons down, and the click opened
Rules)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from pointer import click  # noqa: E402

import rules  # noqa: E402
from cardtable import saves  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.scenes.menu import MenuScene  # noqa: E402
from cardtable.scenes.stats_scene import StatsScene  # noqa: E402

HOUSE_GAMES = 10


def house_rules(home: Path) -> None:
    """Ten house-rule games (Try with another name), so ten matches can wait at once."""
    folder = home / "rules"
    folder.mkdir()
    for i in range(HOUSE_GAMES):
        (folder / f"h{i}.toml").write_text(f'schema = 1\nextends = "try"\nid = "house-{i}"\nname = "House {i}"\n')


def fixed_rects(menu: MenuScene) -> list[tuple[int, int, int, int]]:
    return [tuple(b.rect) for b in (menu.rules_button, menu.stats_button, menu.settings_button, menu.quit_button)]


@pytest.mark.parametrize("house", [0, HOUSE_GAMES])
@pytest.mark.parametrize("size", [(1280, 800), (800, 560), (1920, 1080)])
def test_the_side_buttons_keep_their_place_as_saved_matches_pile_up(
    user_home: Path, size: tuple[int, int], house: int
) -> None:
    """With the installed games only (a match each waits) and with ten house-rule games (ten wait)."""
    if house:
        house_rules(user_home)
    app = App(size, fast=True)
    try:
        menu = MenuScene(app)
        app.push(menu)
        app.frame(1 / 60)
        assert menu.resume_buttons == []
        before = fixed_rects(menu)
        statistics = menu.stats_button.rect.center
        waiting = [entry.id for entry in menu.entries][-HOUSE_GAMES:]
        for i, game_id in enumerate(waiting):
            game = rules.load_game(game_id)
            saves.write_now(game_id, game.new_match(players=game.config.players[0], seed=i).to_record())
        menu.enter()  # back in the menu: the saves are read again
        app.frame(1 / 60)
        assert len(saves.list_saved()) == len(waiting) >= 5 and menu.resume_buttons
        assert fixed_rects(menu) == before
        click(app, statistics)
        assert isinstance(app.stack.top, StatsScene)
    finally:
        pygame.event.clear()
        app.stack.clear()
