"""Plain words in the new-game screen (issue 10 item 8): every setting labelled and described in
a player's words, nothing cut off or overlapping at 1024x700 for every game, variant and player
count; Trio's mode chosen once (the variant); who plays with whom named from the seats; each
game's last choices remembered, a damaged file giving the defaults and a one-line notice.
Driven by real pygame events under the dummy driver."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app_shell import click  # noqa: E402

import rules  # noqa: E402
from cardtable import last_choices, userfiles  # noqa: E402
from cardtable import widgets as ui  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.scenes.menu import MenuScene  # noqa: E402
from cardtable.scenes.newgame import SEED_HELP, NewGameScene  # noqa: E402
from rules.presenter import presenter_for  # noqa: E402

SMALL = (1024, 700)
ID_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+-[a-z]+-?[a-z]*\b(?=:)")


@pytest.fixture
def app(user_home: Path):
    app = App(size=SMALL, fast=True)
    pygame.event.clear()
    yield app
    app.stack.clear()


def open_new_game(app: App, game_id: str) -> NewGameScene:
    app.stack.clear()
    app.push(MenuScene(app))
    app.push(NewGameScene(app, game_id))
    app.frame(0.016)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    return scene


def choose_variant(app: App, scene: NewGameScene, variant: str) -> None:
    for _ in range(len(scene.game.variants)):
        if scene.variant_name == variant:
            return
        click(app, scene.variant.rect.center)  # a click steps to the next variant
    assert scene.variant_name == variant


def choose_players(app: App, scene: NewGameScene, count: int) -> None:
    for _ in range(8):
        if scene.players.value == count:
            return
        click(app, (scene.players._plus() if scene.players.value < count else scene.players._minus()).center)
    assert scene.players.value == count


def overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.width > 0 and b.width > 0 and a.colliderect(b)


# ------------------------------------------------------------------ words
@pytest.mark.parametrize("game_id", sorted(rules.list_games()))
def test_every_setting_has_a_players_label_and_description(game_id):
    game = rules.load_game(game_id)
    for name, spec in game.settings_spec().items():
        label, description = spec.get("label", ""), spec.get("description", "")
        assert label and description, f"{game_id}.{name}: a label and a description"
        for words in (label, description):
            assert not ID_LIKE.search(words), f"{game_id}.{name}: an id in {words!r}"
            assert not re.search(r"(?i)\bscowl\b|\bsource|ambigu|\bTODO\b", words), f"{game_id}.{name}: {words!r}"
        if spec["type"] == "choice":
            labels = spec.get("choice_labels", {})
            assert set(labels) == set(spec["choices"]), f"{game_id}.{name}: every choice in words"
            for choice in spec["choices"]:
                assert choice not in description, f"{game_id}.{name}: the id {choice!r} in its description"


def test_the_checks_catch_an_id_in_the_words():
    assert ID_LIKE.search("Always follow suit: must_follow applies")
    assert ID_LIKE.search("up-down: 1 card, then 2")
    assert not ID_LIKE.search("Follow suit or trump (a house rule): you may play a trump instead.")


# ------------------------------------------------------------ 1024 x 700
def check_fits(scene: NewGameScene, where: str) -> None:
    window = pygame.Rect((0, 0), SMALL)
    rows = [
        (row.label, row.description, row.line, row.label_rect, row.desc_lines, row.widget)
        for row in scene.shown_settings
    ]
    rows.append(("Seed", SEED_HELP, scene.seed_line, scene.seed_label, scene.seed_desc, scene.seed))
    for label, description, line, label_rect, desc_lines, widget in rows:
        what = f"{where}: {label!r}"
        assert scene.right_panel.contains(line) and window.contains(widget.rect), what
        assert ui.text(label, scene.label_size, ui.INK, bold=True).get_width() <= label_rect.width, f"{what} cut"
        assert " ".join(desc_lines) == " ".join(description.split()), f"{what}: description cut"
        assert all(ui.text(t, scene.desc_size, ui.INK).get_width() <= label_rect.width for t in desc_lines), what
        block = ui.line_height(scene.label_size) + ui.line_height(scene.desc_size) * len(desc_lines)
        assert block <= line.height and not overlap(label_rect, widget.rect), f"{what} overlaps its control"
    lines = [r[2] for r in rows]
    assert not any(overlap(a, b) for i, a in enumerate(lines) for b in lines[i + 1 :]), f"{where}: rows overlap"
    seats = scene.seat_rects
    assert all(scene.left_panel.contains(r) for r in seats), f"{where}: a seat outside the panel"
    assert not any(overlap(a, b) for i, a in enumerate(seats) for b in seats[i + 1 :]), f"{where}: seats overlap"
    notes = scene.layout_notes()
    step = ui.line_height(scene.note_size)
    for text, (x, y) in notes:
        rect = pygame.Rect(x, y, ui.text(text, scene.note_size, ui.INK).get_width(), step)
        assert scene.left_panel.contains(rect) and not any(rect.colliderect(s) for s in seats), f"{where}: {text!r}"
    shown = " ".join(text for text, _ in notes)
    wanted = [scene.sides_text()]
    if scene.variant.visible:
        wanted.append(scene.game.config.variants[scene.variant_name].get("description", ""))
    for note in wanted:
        assert " ".join(note.split()) in shown, f"{where}: {note!r} not shown whole"
    for button in (scene.back_button, scene.start_button):
        assert window.contains(button.rect) and not scene.left_panel.colliderect(button.rect)


@pytest.mark.parametrize("game_id", sorted(rules.list_games()))
def test_nothing_is_cut_off_at_1024x700(app, game_id):
    scene = open_new_game(app, game_id)
    assert app.size == SMALL
    for variant in scene.game.variants:
        choose_variant(app, scene, variant)
        for count in scene.players.values or range(scene.players.lo, scene.players.hi + 1):
            choose_players(app, scene, count)
            app.draw()
            check_fits(scene, f"{game_id} {variant} {count}p")


# ------------------------------------------------------------------- trio
def test_trios_mode_is_chosen_by_the_variant_alone(app):
    scene = open_new_game(app, "trio")
    assert {row.name for row in scene.settings} == {"trios_to_win", "sevens_win"}  # no second "Spicy", "Teams"
    choose_variant(app, scene, "team-spicy")
    choose_players(app, scene, 6)
    click(app, scene.start_button.rect.center)
    state = app.stack.top.session.state
    assert state.variant == "team-spicy" and state.settings["spicy"] is True and state.settings["teams"] is True
    assert state.players == 6


def shown_names(scene: NewGameScene) -> set[str]:
    """The settings on the screen: a label drawn and a control a click reaches."""
    names = set()
    for row in scene.settings:
        if row in scene.shown_settings:
            assert row.widget.visible and row.widget in scene.group.widgets and row.line.height > 0
            names.add(row.name)
        else:
            assert not row.widget.visible and row.widget not in scene.group.widgets and row.line.height == 0
    return names


def test_a_setting_shows_only_in_the_variants_where_it_changes_something(app):
    """ "Trios to win" counts only in the simple modes: the spicy ones never show it, and a
    value chosen before does not go into a spicy match's settings."""
    scene = open_new_game(app, "trio")
    choose_variant(app, scene, "simple")
    assert shown_names(scene) == {"trios_to_win", "sevens_win"}
    row = next(r for r in scene.settings if r.name == "trios_to_win")
    click(app, row.widget._plus().center)
    assert row.value == 4 and scene.chosen_settings() == {"trios_to_win": 4}
    for variant, names in (
        ("spicy", {"sevens_win"}),
        ("team-simple", {"trios_to_win", "sevens_win"}),
        ("team-spicy", {"sevens_win"}),
    ):
        choose_variant(app, scene, variant)
        app.draw()
        assert shown_names(scene) == names, variant
        check_fits(scene, f"trio {variant}")
    row.value = 5  # as if restored from the last choices: hidden, so not the match's
    assert "trios_to_win" not in scene.chosen_settings()
    click(app, scene.start_button.rect.center)
    state = app.stack.top.session.state
    assert state.variant == "team-spicy" and state.settings["trios_to_win"] == 3


def test_tryce_offers_no_foreign_words_it_could_not_check(app):
    """No list of foreign words ships: the switch would do nothing, so neither New game nor the
    Rules page offers it (a record or house-rule file that names it still loads)."""
    from cardtable.scenes.rules_help import rules_paragraphs

    scene = open_new_game(app, "tryce")
    assert "foreign_words" not in shown_names(scene)
    assert {"perfect_cut", "stall_rebuilds", "rebuild_keeps_top"} <= shown_names(scene)
    blocks = " ".join(text for _, text in rules_paragraphs(scene.game))
    assert "Foreign words" not in blocks and "Perfect cut bonus" in blocks
    game = rules.load_game("tryce")
    assert game.new_match(players=3, seed=1, settings={"foreign_words": True}).settings["foreign_words"] is True


# ------------------------------------------------------------ who with whom
def test_troeven_names_who_plays_with_whom(app):
    scene = open_new_game(app, "troeven")
    choose_variant(app, scene, "dummy")
    text = scene.sides_text()
    assert "When you deal, Ada and the dummy play against you and Basil." in text
    assert "When Ada deals, Basil and the dummy play against you and Ada." in text
    assert "When Basil deals, you and the dummy play against Basil and Ada." in text
    click(app, scene.seats[1].kind.rect.center)  # Ada becomes a second human: "You" is "Player 1" now
    assert "When Player 1 deals, Ada and the dummy play against Player 1 and Basil." in scene.sides_text()
    choose_variant(app, scene, "thirty")
    assert scene.sides_text() == "Every player for themself: Player 1, Ada and Basil."
    assert any("Every player for themself" in text for text, _pos in scene.layout_notes())


def test_trio_teams_name_the_partners_sitting_opposite(app):
    scene = open_new_game(app, "trio")
    assert scene.sides_text() == ""  # no teams
    choose_variant(app, scene, "team-simple")
    choose_players(app, scene, 4)
    assert scene.sides_text() == "Partners sit opposite: you and Basil against Ada and Cleo."
    choose_players(app, scene, 6)
    assert scene.sides_text() == "Partners sit opposite, 3 teams: you and Cleo; Ada and Dmitri; Basil and Edith."


def test_trio_variant_words_follow_the_chosen_goal(app):
    """The variant's description under the seats says the goal as chosen: "Trios to win" and
    "The 7s win" change it; the defaults give the rules file's own words."""
    scene = open_new_game(app, "trio")
    choose_variant(app, scene, "simple")
    variants = scene.game.config.variants
    assert scene.variant_text() == variants["simple"]["description"] == "Three trios win, or the trio of 7s."
    row = next(r for r in scene.settings if r.name == "trios_to_win")
    click(app, row.widget._plus().center)
    assert scene.variant_text() == "Four trios win, or the trio of 7s."
    app.draw()
    shown = " ".join(text for text, _pos in scene.layout_notes())
    assert "Four trios win" in shown and "Three trios" not in shown
    sevens = next(r for r in scene.settings if r.name == "sevens_win")
    click(app, sevens.widget.rect.center)
    assert scene.chosen_settings()["sevens_win"] is False
    assert scene.variant_text() == "Four trios win."
    click(app, row.widget._minus().center)
    click(app, row.widget._minus().center)
    click(app, row.widget._minus().center)
    assert scene.variant_text() == "One trio wins."
    choose_variant(app, scene, "team-simple")
    row = next(r for r in scene.settings if r.name == "trios_to_win")
    click(app, row.widget._minus().center)
    count = row.value
    assert count == 2 and scene.chosen_settings()["trios_to_win"] == count
    sevens = next(r for r in scene.settings if r.name == "sevens_win")
    goal = "pooled trios: two win, or the 7s." if sevens.value else "pooled trios: two win."
    assert scene.variant_text().endswith(goal)
    choose_variant(app, scene, "team-spicy")  # the count does not apply: spicy always needs two connected
    assert "pooled trios: two connected win" in scene.variant_text()
    trio = presenter_for(scene.game, scene.game.deck("simple"))
    for variant in variants:  # with the defaults, every variant's words are the rules file's
        settings = scene.game.config.default_settings(variant)
        assert trio.variant_words(scene.game, variant, settings) == variants[variant]["description"], variant


# ------------------------------------------------------------ last choices
def test_the_last_choices_come_back(app, user_home):
    scene = open_new_game(app, "troeven")
    choose_variant(app, scene, "thirty")
    click(app, scene.seats[2].kind.rect.center)  # Basil: a human
    click(app, scene.seats[1].level.rect.center)  # Ada's level steps on from Normal
    level = scene.seats[1].level.value
    assert level != "normal"
    follow = next(row for row in scene.settings if row.name == "follow_rule")
    click(app, follow.widget.rect.center)
    tally = next(row for row in scene.settings if row.name == "start_tally")
    click(app, tally.widget._plus().center)
    assert (follow.value, tally.value) == ("must_follow", 6)
    click(app, scene.start_button.rect.center)
    for _ in range(600):  # the bots' first moves show to all, then the first human's hand-off
        if type(app.stack.top).__name__ != "TableScene":
            break
        app.frame(1 / 60)
    assert type(app.stack.top).__name__ == "HandoffScene"  # two people at this screen: the first hand-off
    saved = json.loads((user_home / "last_choices.json").read_text(encoding="utf-8"))
    assert saved["games"]["troeven"]["variant"] == "thirty"

    again = open_new_game(app, "troeven")
    assert again.variant_name == "thirty" and again.players.value == 3
    assert [row.kind.value for row in again.seats] == ["human", "bot", "human"]
    assert again.seats[1].level.value == level and not again.seats[2].level.visible
    assert again.chosen_settings() == {"follow_rule": "must_follow", "start_tally": 6}
    other = open_new_game(app, "try")  # each game its own choices
    assert other.chosen_settings() == {} and other.players.value == 3


def test_players_and_names_come_back_and_a_value_the_game_lacks_is_dropped(app, user_home):
    entry = {
        "variant": "team-simple",
        "players": 6,
        "settings": {"trios_to_win": 99, "sevens_win": False},
        "seats": [
            {"name": "Zoe", "kind": "human", "level": "normal"},
            {"name": "Max", "kind": "bot", "level": "impossible"},
        ],
    }
    assert last_choices.save("trio", entry) is None
    scene = open_new_game(app, "trio")
    assert scene.variant_name == "team-simple" and scene.players.value == 6
    assert [s["name"] for s in scene.chosen_seats()[:3]] == ["Zoe", "Max", "Basil"]
    assert scene.chosen_seats()[1]["level"] == "normal"  # no such level: the default
    assert scene.chosen_settings() == {"sevens_win": False}  # 99 trios is out of range: the default


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '{"format": "cardtable-last-choices/1", "games": {"trio": 7}}',
        '{"format": "cardtable-last-choices/1", "games": {"trio": {"seats": "x"}}}',
        "[1, 2]",
    ],
)
def test_a_damaged_choices_file_gives_the_defaults_and_one_line(app, user_home, content):
    (user_home / "last_choices.json").write_text(content, encoding="utf-8")
    first = len(userfiles.notices)
    scene = open_new_game(app, "trio")
    assert scene.variant_name == "simple" and scene.players.value == 4 and scene.chosen_settings() == {}
    notices = userfiles.notices[first:]
    assert len(notices) == 1 and "last_choices.json" in notices[0] and "\n" not in notices[0]
    assert app.toast_text == notices[0]
    assert not (user_home / "last_choices.json").exists()  # moved aside, kept
    assert list(user_home.glob("last_choices.damaged-*.json"))
    click(app, scene.start_button.rect.center)  # and the next start writes a good file again
    assert last_choices.load("trio") == (last_choices.load_all()[0]["trio"], None)
