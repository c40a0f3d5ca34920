"""Games are plugins: a game a third party registers through the entry-point group
``cardtable.games`` is listed, loaded, played, offered in the menu and extended by house rules
like a built-in one; a plugin that cannot be loaded is told in one line and hides no other game.

The third parties here are real distributions on ``sys.path``: a ``*.dist-info`` folder with an
``entry_points.txt`` beside a tiny package — "Mini Try", Try's rules file under a new id on Try's
own procedure and bots — and plugins broken in the usual ways.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import rules  # noqa: E402
import rules.registry  # noqa: E402
import rules.sim  # noqa: E402
from rules.bots import levels_for, make_bot  # noqa: E402
from rules.plugins import GameSpec  # noqa: E402

MINI_SPEC = """
from rules.plugins import GameSpec

SPEC = GameSpec(
    rules_file="cardtable_minitry:mini.toml",
    procedure="rules.games.try_.procedure:TryState",
    bots={"normal": "rules.games.try_.bots:TryNormalBot"},
)
"""

# distribution -> (its package's files, its entry points)
PLUGINS = {
    "cardtable_minitry": ({"__init__.py": MINI_SPEC}, "mini-try = cardtable_minitry:SPEC"),
    "cardtable_broken": ({"__init__.py": "import cardtable_no_such_module\n"}, "broken = cardtable_broken:SPEC"),
    "cardtable_notaspec": ({"__init__.py": "SPEC = 'not a spec'\n"}, "notaspec = cardtable_notaspec:SPEC"),
    "cardtable_misnamed": (
        {"__init__.py": MINI_SPEC.replace("cardtable_minitry", "cardtable_misnamed")},
        "misnamed = cardtable_misnamed:SPEC",
    ),
    # a sound rules file, but a procedure module that raises when it is imported (the game is chosen)
    "cardtable_badproc": (
        {
            "__init__.py": MINI_SPEC.replace("cardtable_minitry", "cardtable_badproc").replace(
                "rules.games.try_.procedure:TryState", "cardtable_badproc.procedure:State"
            ),
            "procedure.py": "raise NameError('the procedure module is broken')\n",
        },
        "badproc = cardtable_badproc:SPEC",
    ),
}


def install(site: Path, name: str, files: dict[str, str], entry_points: str) -> None:
    """What ``pip install`` leaves in site-packages: the package and its ``*.dist-info``."""
    package = site / name
    package.mkdir()
    for filename, text in files.items():
        (package / filename).write_text(text, encoding="utf-8")
    info = site / f"{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[cardtable.games]\n{entry_points}\n")


@pytest.fixture
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A site-packages folder on ``sys.path`` with the plugins installed, taken off afterwards."""
    site = tmp_path_factory.mktemp("site")
    try_toml = rules.load_game("try").config.path.read_text(encoding="utf-8")
    mini_toml = (
        try_toml.replace('id = "try"', 'id = "mini-try"', 1)
        .replace('name = "Try"', 'name = "Mini Try"', 1)
        .replace("order = 1", "# no order: after the numbered games", 1)
    )
    assert 'id = "mini-try"' in mini_toml and "order =" not in mini_toml
    for name, (files, entry_points) in PLUGINS.items():
        install(site, name, files, entry_points)
    (site / "cardtable_minitry" / "mini.toml").write_text(mini_toml, encoding="utf-8")
    (site / "cardtable_misnamed" / "mini.toml").write_text(mini_toml, encoding="utf-8")  # its id is not "misnamed"
    (site / "cardtable_badproc" / "mini.toml").write_text(
        mini_toml.replace('id = "mini-try"', 'id = "badproc"', 1).replace('name = "Mini Try"', 'name = "Bad Proc"', 1),
        encoding="utf-8",
    )
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    try:
        yield site
    finally:
        sys.path.remove(str(site))
        for module in [m for m in sys.modules if m.split(".")[0] in PLUGINS]:
            del sys.modules[module]
        importlib.invalidate_caches()


def test_a_game_registered_by_a_third_party_is_listed_loaded_and_played(site, user_home):
    assert {"try", "tribello", "troeven", "trio", "mini-try"} <= set(rules.list_games())
    game = rules.load_game("mini-try")
    assert (game.id, game.name, game.order) == ("mini-try", "Mini Try", None)
    assert isinstance(game.spec, GameSpec) and game.procedure is rules.load_game("try").procedure
    assert levels_for("mini-try") == ["random", "normal"]
    bots = [make_bot("mini-try", "normal", seat, seat) for seat in range(3)]
    assert type(bots[0]).__name__ == "TryNormalBot"
    state = game.new_match(players=3, seed=4)
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state.view(state.current_player)))
    again = rules.replay(state.to_record())
    assert again.to_record()["game"] == "mini-try" and again.scores == state.scores


def test_a_house_rule_file_may_extend_a_third_partys_game(site, user_home):
    (user_home / "rules").mkdir()
    (user_home / "rules" / "mini-easy.toml").write_text(
        'schema = 1\nextends = "mini-try"\nid = "mini-easy"\nname = "Mini Try (easy)"\n[settings]\nthreshold = 50\n',
        encoding="utf-8",
    )
    assert "mini-easy" in rules.list_games()
    game = rules.load_game("mini-easy")
    assert game.config.extends == "mini-try" and game.spec == rules.load_game("mini-try").spec
    assert levels_for("mini-easy") == ["random", "normal"]


def test_a_plugin_that_cannot_be_loaded_is_told_in_one_line_and_hides_no_game(site, user_home):
    problems = rules.registry.plugin_problems()
    assert len(problems) == 2 and all("\n" not in line for line in problems)
    broken, notaspec = sorted(problems)
    assert broken.startswith("game plugin 'broken' (cardtable_broken:SPEC): ModuleNotFoundError")
    assert "cardtable_no_such_module" in broken
    assert notaspec == "game plugin 'notaspec' (cardtable_notaspec:SPEC): expected a GameSpec, got str"
    assert {"try", "tribello", "troeven", "trio", "mini-try"} <= set(rules.list_games())
    assert "broken" not in rules.list_games()


def test_a_plugin_whose_rules_file_names_another_id_is_refused_with_the_reason(site, user_home):
    with pytest.raises(
        rules.RulesError,
        match=r"mini\.toml: id: expected 'misnamed' \(the id the game's entry "
        r"point registers\), got 'mini-try'",
    ):
        rules.load_game("misnamed")


def test_cardtable_sim_tells_each_broken_plugin_in_one_line_and_plays_on(site, user_home, capsys):
    assert rules.sim.main(["mini-try", "--games", "2", "--bots", "normal"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("mini-try (standard), 3 players, 2 games")
    assert [line.split(" (")[0] for line in err.splitlines()] == [
        "cardtable-sim: game plugin 'broken'",
        "cardtable-sim: game plugin 'notaspec'",
    ]


def test_the_menu_offers_the_third_partys_game_after_the_numbered_ones_and_tells_the_broken(site, user_home):
    import pygame

    from cardtable.app import App
    from cardtable.scenes.menu import MenuScene

    app = App(size=(1280, 800), fast=True)
    pygame.event.clear()
    try:
        app.push(MenuScene(app))
        app.frame(0.016)
        menu = app.stack.top
        ids = [entry.id for entry in menu.entries]
        assert ids[:5] == ["try", "tryce", "tribello", "troeven", "trio"]
        assert "mini-try" in ids[5:]
        button = menu.game_buttons[ids.index("mini-try")]
        assert button.enabled and button.label == "Mini Try"
        assert sum("game plugin 'broken'" in line for line in menu.notices) == 1
        assert sum("game plugin 'notaspec'" in line for line in menu.notices) == 1
        assert sum("'misnamed' cannot be loaded" in line for line in menu.notices) == 1
        # listed from its rules file alone; its procedure is imported when it is chosen, and fails
        assert "badproc" in ids and not any("badproc" in line for line in menu.notices)
        menu.open_game("badproc")
        assert app.stack.top is menu
        assert app.toast_text.startswith("The game 'badproc' cannot be loaded: ")
        assert "the procedure module is broken" in app.toast_text
    finally:
        app.stack.clear()


def test_plugins_taken_off_sys_path_are_gone_from_the_games(site, user_home):
    assert "mini-try" in rules.list_games()
    sys.path.remove(str(site))
    try:
        assert "mini-try" not in rules.list_games()
        assert not any("broken" in line for line in rules.registry.plugin_problems())
        with pytest.raises(rules.RulesError, match="unknown game 'mini-try'"):
            rules.load_game("mini-try")
    finally:
        sys.path.insert(0, str(site))


def test_entry_points_are_found_as_importlib_metadata_finds_them(site):
    """Discovery reads ``entry_points.txt`` itself (importing ``importlib.metadata`` costs the
    menu's first frame ~12 ms); for every group on this ``sys.path`` — the third parties above, the
    built-in games, pytest's and pip's own — it finds what the standard library finds."""
    from importlib import metadata

    from rules.plugins import entry_points

    groups = {"cardtable.games", "console_scripts", "pytest11", "gui_scripts", "hypothesis"}
    for group in groups:
        theirs = {(e.name, e.value) for e in metadata.entry_points(group=group)}
        assert set(entry_points(group)) == theirs, group
    assert ("mini-try", "cardtable_minitry:SPEC") in entry_points("cardtable.games")


def test_an_entry_points_file_is_read_as_ini_with_comments_extras_and_other_groups(tmp_path):
    from rules.plugins import entry_points

    info = tmp_path / "Cardtable_Extra.Games-2.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text(
        "; a comment\n[console_scripts]\nextra = extra.cli:main\n\n[cardtable.games]\n# another\n"
        "  whist =  extra_games.whist:SPEC [gui]\nskat=extra_games.skat:SPEC\n",
        encoding="utf-8",
    )
    shadow = tmp_path / "later"
    # the same distribution again, later on the path
    (shadow / "cardtable_extra_games-1.0.dist-info").mkdir(parents=True)
    (shadow / "cardtable_extra_games-1.0.dist-info" / "entry_points.txt").write_text(
        "[cardtable.games]\nold = extra_games.old:SPEC\n", encoding="utf-8"
    )
    path = [str(tmp_path), str(shadow), str(tmp_path / "missing"), str(tmp_path / "a.zip")]
    assert entry_points("cardtable.games", path) == [
        ("whist", "extra_games.whist:SPEC"),
        ("skat", "extra_games.skat:SPEC"),
    ]
