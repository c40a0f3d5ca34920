"""The application shell, headless: menu, new game, hand-off, result, rules help, settings,
saves and the app's frame loop, driven by real pygame events."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import rules  # noqa: E402
from cardtable import saves, userfiles  # noqa: E402
from cardtable.__main__ import main, parse_args  # noqa: E402
from cardtable.app import MIN_SIZE, App  # noqa: E402
from cardtable.scene import Scene  # noqa: E402
from cardtable.scenes import ConfirmScene  # noqa: E402
from cardtable.scenes.handoff import HandoffScene  # noqa: E402
from cardtable.scenes.menu import MenuScene  # noqa: E402
from cardtable.scenes.newgame import NewGameScene  # noqa: E402
from cardtable.scenes.result import ResultScene  # noqa: E402
from cardtable.scenes.rules_help import RulesHelpScene  # noqa: E402
from cardtable.scenes.settings_scene import SettingsScene  # noqa: E402
from cardtable.settings import Settings, load_settings, save_settings  # noqa: E402
from cardtable.table import TableScene  # noqa: E402


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(home):
    app = App(size=(1280, 800), fast=True)
    pygame.event.clear()
    yield app
    app.stack.clear()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """A real mouse click (press and release) through the app's event queue."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame(0.016)


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(0.016)


def type_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame(0.016)


def open_menu(app: App) -> MenuScene:
    app.push(MenuScene(app))
    app.frame(0.016)
    return app.stack.top


def try_record(seed: int = 3) -> dict:
    state = rules.load_game("try").new_match(players=3, seed=seed)
    return state.to_record()


class StubSession:
    """What the result scene reads of a session: its state."""

    def __init__(self, state) -> None:
        self.state = state
        self.game = state.game


# ------------------------------------------------------------------ menu
def test_menu_lists_every_installed_game_in_the_order_of_its_rules_file(app):
    menu = open_menu(app)
    ids = [entry.id for entry in menu.entries]
    assert sorted(ids) == rules.list_games()  # no house rules in this home
    builtins = ["try", "tribello", "troeven", "trio"]
    assert [gid for gid in ids if gid in builtins] == builtins
    ordered = [rules.load_game(gid).order for gid in ids]
    numbered = [order for order in ordered if order is not None]
    assert numbered == sorted(numbered) and ordered[: len(numbered)] == numbered  # unnumbered games come last
    for entry, button in zip(menu.entries, menu.game_buttons, strict=True):
        assert button.enabled and button.label == rules.load_game(entry.id).name and button.tag == ""


def test_menu_tagline_counts_the_games_it_lists(app, monkeypatch):
    """Not "Five" when a plugin adds a sixth: the line under the title counts what is listed."""
    from cardtable.scenes import menu as menu_module

    drawn: list[str] = []
    real = menu_module.ui.blit_text

    def blit_text(surface, s, *args, **kwargs):
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(menu_module.ui, "blit_text", blit_text)
    menu = open_menu(app)
    menu.draw(pygame.Surface(app.size))
    count = len(rules.list_games())
    assert menu_module.tagline(count) in drawn
    assert menu_module.tagline(5).startswith("Five uncommon card games,")
    assert menu_module.tagline(6).startswith("Six uncommon card games,")
    assert menu_module.tagline(1).startswith("One uncommon card game,")
    assert menu_module.tagline(40).startswith("40 uncommon card games,")


def test_clicking_try_opens_its_new_game_scene(app):
    menu = open_menu(app)
    try_button = menu.game_buttons[[e.id for e in menu.entries].index("try")]
    click(app, try_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    assert scene.game.id == "try"


def test_keyboard_down_and_enter_open_the_first_game(app):
    open_menu(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, NewGameScene)


def test_escape_quits_from_the_menu(app):
    open_menu(app)
    app.running = True
    key(app, pygame.K_ESCAPE)
    assert app.running is False and app.exit_code == 0


def test_broken_user_rules_file_is_a_notice_in_the_menu(app, home):
    (home / "rules").mkdir()
    (home / "rules" / "mine.toml").write_text('schema = 1\nextends = "try"\nid = "mine"\nname = 3\n')
    menu = open_menu(app)
    assert any("mine.toml" in line and "name" in line for line in menu.notices)
    app.frame(0.016)  # draws the notice area without error


def test_house_rules_game_appears_in_the_menu(app, home):
    (home / "rules").mkdir()
    (home / "rules" / "short.toml").write_text(
        'schema = 1\nextends = "try"\nid = "short-try"\nname = "Short Try"\n[settings]\nthreshold = 40\n'
    )
    menu = open_menu(app)
    names = [b.label for b in menu.game_buttons if b.enabled]
    assert "Short Try" in names


# -------------------------------------------------------------- new game
def open_new_game(app: App, game_id: str = "try") -> NewGameScene:
    open_menu(app)
    app.push(NewGameScene(app, game_id))
    app.frame(0.016)
    return app.stack.top


def test_new_game_defaults_to_you_against_named_bots(app):
    scene = open_new_game(app)
    seats = scene.chosen_seats()
    assert seats[0] == {"name": "You", "kind": "human"}
    assert all(s["kind"] == "bot" and s["level"] == "normal" for s in seats[1:])
    assert [s["name"] for s in seats[1:]] == ["Ada", "Basil"][: len(seats) - 1]


def test_player_count_and_a_seat_made_human(app):
    scene = open_new_game(app)
    lo, hi = scene.game.player_range()
    assert scene.players.value == 3
    click(app, scene.players._minus().center)
    assert scene.players.value == 2 == lo
    assert len(scene.chosen_seats()) == 2
    assert not scene.seats[2].name.visible
    click(app, scene.seats[1].kind.rect.center)
    assert scene.seats[1].kind.value == "human"
    assert not scene.seats[1].level.visible
    assert scene.chosen_seats()[1] == {"name": "Ada", "kind": "human"}
    click(app, scene.players._plus().center)
    click(app, scene.players._plus().center)  # already at the maximum: stays there
    assert scene.players.value == hi == 3


def test_a_hot_seat_game_names_the_first_player_player_1_not_you(app):
    scene = open_new_game(app)
    click(app, scene.seats[1].kind.rect.center)  # Ada plays too: "You" would be everyone
    assert [s["name"] for s in scene.chosen_seats()] == ["Player 1", "Ada", "Basil"]
    assert any("\u201cYou\u201d plays as Player 1." in note for note in scene.players_notes())  # told before the start
    click(app, scene.seats[1].kind.rect.center)  # Ada a bot again: one human, still "You"
    assert scene.chosen_seats()[0]["name"] == "You"
    assert not any("plays as" in note for note in scene.players_notes())


def test_typing_a_seat_name(app):
    scene = open_new_game(app)
    field = scene.seats[0].name
    click(app, field.rect.center)
    assert field.editing
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "Zoe")
    key(app, pygame.K_ESCAPE)  # ends editing, does not leave the scene
    assert not field.editing
    assert app.stack.top is scene
    assert scene.chosen_seats()[0]["name"] == "Zoe"


def test_seed_field_takes_only_digits(app):
    scene = open_new_game(app)
    click(app, scene.seed.rect.center)
    type_text(app, "4x2")
    assert scene.seed.value == "42"
    assert scene.chosen_seed() == 42


def test_settings_controls_follow_the_rules_file(app):
    scene = open_new_game(app)
    threshold = next(r for r in scene.settings if r.name == "threshold")
    assert threshold.value == 65
    click(app, threshold.widget._plus().center)
    assert scene.chosen_settings() == {"threshold": 66}
    toggle = next(r for r in scene.settings if r.spec["type"] == "bool")
    before = toggle.value
    click(app, toggle.widget.rect.center)
    assert toggle.value is (not before)


@pytest.mark.parametrize("game_id", ["tribello", "troeven"])
def test_a_choice_setting_reads_in_player_words_never_its_ids(app, game_id):
    """The Following rule offers "Always follow suit" / "Follow suit or trump" (the rules file's
    choice_labels); its description names no id such as must_follow."""
    scene = open_new_game(app, game_id)
    row = next(r for r in scene.settings if r.name == "follow_rule")
    assert sorted(label for _value, label in row.widget.options) == ["Always follow suit", "Follow suit or trump"]
    assert "_" not in row.description and "must_follow" not in row.description
    click(app, row.widget.rect.center)  # a click moves to the other choice
    assert scene.chosen_settings()["follow_rule"] in ("must_follow", "follow_or_trump")


def test_start_with_a_refused_setting_shows_the_reason_and_keeps_the_choices(app):
    scene = open_new_game(app)
    threshold = next(r for r in scene.settings if r.name == "threshold")
    threshold.widget.value = 9999  # beyond the rules file's maximum
    scene.seats[0].name.value = "Zoe"
    click(app, scene.start_button.rect.center)
    assert app.stack.top is scene
    assert "threshold" in scene.message
    assert scene.chosen_seats()[0]["name"] == "Zoe"
    app.frame(0.016)  # the red line draws


def test_escape_and_back_return_to_the_menu(app):
    scene = open_new_game(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
    scene = open_new_game(app)
    click(app, scene.back_button.rect.center)
    assert isinstance(app.stack.top, MenuScene)


# ----------------------------------------------------------------- saves
def test_write_record_replaces_the_games_save_durably(home):
    record = try_record()
    saves.write_record(record)
    record2 = try_record(seed=4)
    saves.write_record(record2)
    assert json.loads(saves.save_path("try").read_text()) == record2
    with pytest.raises(TypeError):
        saves.write_record({**record2, "n": object()})  # not JSON: nothing is written
    assert json.loads(saves.save_path("try").read_text()) == record2
    assert [p.name for p in saves.saves_dir().iterdir()] == ["try.json"]


def test_a_save_path_stays_in_the_saves_folder(home):
    for bad in ("../x", "/etc/passwd", "Try", "", "a/b", "x" * 41, ".hidden", None, 3):
        with pytest.raises(ValueError):
            saves.save_path(bad)
    assert saves.save_path("short-try").parent == saves.saves_dir()


def test_missing_save_reads_as_none(home):
    assert saves.load_saved("try") is None
    assert saves.list_saved() == []


def test_corrupt_save_reads_as_none_and_is_kept_aside(home):
    path = saves.save_path("try")
    path.parent.mkdir(parents=True)
    path.write_text('{"game": "try", "deals": [')
    assert saves.load_saved("try") is None
    assert not path.exists()
    [kept] = [p for p in saves.saves_dir().iterdir() if ".damaged-" in p.name]
    assert kept.name.startswith("try.damaged-") and kept.suffix == ".json"
    assert kept.read_text() == '{"game": "try", "deals": ['
    assert "saves/try.json" in userfiles.notices[-1] and kept.name in userfiles.notices[-1]


def test_clear_saved_forgets_the_game(home):
    saves.write_record(try_record())
    saves.clear_saved("try")
    saves.clear_saved("try")  # twice is fine
    assert saves.load_saved("try") is None


def test_the_old_single_save_is_moved_to_its_games_name(home):
    (home / "saves").mkdir()
    (home / "saves" / "current.json").write_text(json.dumps(try_record(seed=12)))
    saves.prepare()
    assert not (home / "saves" / "current.json").exists()
    assert saves.load_saved("try")["seed"] == 12


def test_progress_and_when(home):
    game = rules.load_game("tribello")
    state = game.new_match(players=3, seed=1)
    record = state.to_record()
    assert saves.progress(record, game) == "deal 1 of 12"
    record["start"] = {"deal": 4, "scores": [0, 0, 0]}
    record["deals"] = record["deals"] * 2
    assert saves.progress(record, game) == "deal 5 of 12"
    assert saves.progress(record, rules.load_game("troeven")) == "deal 5"
    fresh = try_record()
    assert saves.progress(fresh, rules.load_game("try")) == "just started"
    fresh["deals"][0]["actions"] = [[0, "bid 6S"], [None, "cut"], [1, "bid 4S"]]
    assert saves.progress(fresh, rules.load_game("try")) == "bidding"  # a match of one deal: in its words
    fresh["deals"][0]["actions"] += [[2, "bid 2S"], [0, "draw stock"], [0, "discard 4D"], [1, "draw discard"]]
    assert saves.progress(fresh, rules.load_game("try")) == "turn 2"
    troeven = rules.load_game("troeven").new_match(players=3, seed=1)
    for _ in range(12):
        troeven.apply(troeven.legal_actions()[0])
    made = sum(1 for a in troeven.to_record()["deals"][0]["actions"] if a[0] is not None)
    assert saves.progress(troeven.to_record(), rules.load_game("troeven")) == f"deal 1, {made} moves in"
    trio = {
        "game": "trio",
        "variant": "simple",
        "deals": [
            {
                "actions": [
                    [0, "reveal low 1"],
                    [0, "reveal middle/2"],
                    [1, "reveal high 0"],
                    [2, "reveal middle/0"],
                    [2, "reveal low 0"],
                    [0, "reveal middle/4"],
                ]
            }
        ],
    }
    assert saves.progress(trio, rules.load_game("trio")) == "turn 4"
    tryce = rules.load_game("tryce")  # its hands from its board of seven, in its word: as its table says
    played = tryce.new_match(players=3, seed=1)
    for _ in range(25):
        played.apply(played.legal_actions()[0])
    assert saves.progress(played.to_record(), tryce) == "hand 1 of 7"
    now = time.mktime((2026, 12, 3, 14, 30, 0, 0, 0, -1))
    assert saves.when(now - 60 * 25, now) == "today 14:05"
    assert saves.when(now - 86400, now) == "yesterday"
    assert saves.when(now - 86400 * 30, now) == "3 Nov"
    assert saves.when(now - 86400 * 400, now) == "29 Oct 2025"


def test_menu_offers_resume_for_a_saved_game(app):
    saves.write_record(try_record())
    menu = open_menu(app)
    assert menu.resume_button is not None
    assert menu.resume_button.label == "Try"
    assert "just started" in menu.resume_button.sublabel and "today" in menu.resume_button.sublabel


def test_menu_lists_every_match_waiting_most_recent_first(app, home):
    saves.write_record(try_record())
    tribello = rules.load_game("tribello").new_match(players=3, seed=2).to_record()
    saves.write_record(tribello)
    os.utime(saves.save_path("try"), (time.time() - 86400, time.time() - 86400))
    menu = open_menu(app)
    assert [b.label for b in menu.resume_buttons] == ["Tribello", "Try"]
    assert "deal 1 of 12" in menu.resume_buttons[0].sublabel
    assert "yesterday" in menu.resume_buttons[1].sublabel


def test_menu_reports_a_corrupt_save(app):
    path = saves.save_path("try")
    path.parent.mkdir(parents=True)
    path.write_text("not json")
    menu = open_menu(app)
    assert menu.resume_button is None
    assert any("saves/try.json" in n and "not valid JSON" in n for n in menu.notices)
    assert app.toast_text and "saves/try.json" in app.toast_text


def test_resuming_a_record_that_fails_to_load_toasts_and_keeps_it(app):
    record = try_record()
    record["deals"][0]["actions"] = [[0, "fly away"]]
    saves.write_record(record)
    menu = open_menu(app)
    click(app, menu.resume_button.rect.center)
    assert app.stack.top is menu
    assert app.toast_text and "saves/try.json: could not be resumed" in app.toast_text
    [kept] = [p for p in saves.saves_dir().iterdir() if ".damaged-" in p.name]
    assert json.loads(kept.read_text()) == record
    assert menu.resume_button is None


def test_each_save_is_parsed_once_from_the_menu_to_the_table(app, monkeypatch):
    """The menu lists a save as it opens (and again as it is entered), the resume replays it:
    one parse of each save in all (a 4 MB save cost ~2 s a parse: bench/startup_saves.py). A
    save written anew is read anew."""
    tribello = rules.load_game("tribello").new_match(players=3, seed=2)
    for _ in range(5):
        tribello.apply(tribello.legal_actions()[0])
    saves.write_record(try_record())
    saves.write_record(tribello.to_record())
    parsed: list[int] = []
    real = userfiles.parse_json
    monkeypatch.setattr(userfiles, "parse_json", lambda data: parsed.append(len(data)) or real(data))
    menu = open_menu(app)
    menu.refresh()
    assert [s.game_id for s in menu.waiting] == ["tribello", "try"] and len(parsed) == 2
    click(app, menu.resume_buttons[0].rect.center)
    table = app.stack.top
    saved = tribello.to_record()["deals"][0]["actions"]
    assert isinstance(table, TableScene) and table.state.to_record()["deals"][0]["actions"][: len(saved)] == saved
    assert len(parsed) == 2
    app.pop()  # the table wrote tribello's save anew as its bots played
    saves.write_record(try_record(seed=9))
    menu.refresh()
    assert len(parsed) == 4 and {s.game_id: s.record["seed"] for s in menu.waiting}["try"] == 9


def test_starting_over_a_waiting_match_asks_first(app):
    waiting = rules.load_game("tribello").new_match(players=3, seed=2).to_record()
    saves.write_record(waiting)
    menu = open_menu(app)
    click(app, menu.game_buttons[[e.id for e in menu.entries].index("tribello")].rect.center)
    scene = app.stack.top
    click(app, scene.start_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.question == "Abandon your Tribello match, deal 1 of 12?"
    app.frame(0.016)  # drawn over the new-game scene
    click(app, dialog.no_button.rect.center)  # Keep it
    assert app.stack.top is scene
    assert saves.load_saved("tribello") == waiting
    click(app, scene.start_button.rect.center)
    click(app, app.stack.top.yes_button.rect.center)  # Abandon
    assert isinstance(app.stack.top, TableScene)
    assert saves.load_saved("tribello")["seed"] != waiting["seed"] or saves.load_saved("tribello") != waiting


def test_a_new_match_of_another_game_does_not_ask(app):
    saves.write_record(rules.load_game("tribello").new_match(players=3, seed=2).to_record())
    scene = open_new_game(app)
    click(app, scene.start_button.rect.center)
    assert not isinstance(app.stack.top, ConfirmScene)
    assert saves.load_saved("tribello") is not None


# -------------------------------------------------------------- settings
def test_settings_round_trip(home):
    save_settings(Settings(animation_speed=2.0, colorblind=True))
    settings, notice = load_settings()
    assert notice is None
    assert settings == Settings(animation_speed=2.0, colorblind=True)


def test_corrupt_settings_give_defaults_and_a_notice(home):
    (home / "settings.json").write_text("{{{")
    settings, notice = load_settings()
    assert settings == Settings()
    assert notice.startswith("settings.json: not valid JSON") and "settings.damaged-" in notice
    assert not (home / "settings.json").exists()
    [kept] = home.glob("settings.damaged-*.json")
    assert kept.read_text() == "{{{"


def test_a_bad_setting_value_resets_only_that_one(home):
    (home / "settings.json").write_text(json.dumps({"sound": "loud", "colorblind": True, "animation_speed": 99}))
    settings, notice = load_settings()
    assert settings.sound is True and settings.colorblind is True
    assert settings.animation_speed == 4.0
    assert "sound" in notice and "animation_speed" in notice and "settings.json" in notice
    [kept] = home.glob("settings.damaged-*.json")
    assert json.loads(kept.read_text())["sound"] == "loud"
    assert load_settings() == (settings, None)  # the good values were written back


def test_app_with_corrupt_settings_starts_and_says_so(home):
    (home / "settings.json").write_text("[1, 2]")
    app = App(size=(800, 600))
    assert app.settings == Settings()
    assert "settings.json" in app.toast_text and "default settings" in app.toast_text
    assert list(home.glob("settings.damaged-*.json"))


def test_settings_scene_saves_at_once(app, home):
    app.push(SettingsScene(app))
    scene = app.stack.top
    toggle = scene.rows[1][2]
    click(app, toggle.rect.center)
    assert app.settings.colorblind is True
    assert json.loads((home / "settings.json").read_text())["colorblind"] is True
    stepper = scene.rows[0][2]
    click(app, stepper._plus().center)
    assert app.settings.animation_speed == 1.5
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


# ---------------------------------------------------------------- resize
@pytest.mark.parametrize(
    "make",
    [
        lambda app: MenuScene(app),
        lambda app: NewGameScene(app, "try"),
        lambda app: HandoffScene(app, "Ada", lambda: None),
        lambda app: RulesHelpScene(app, None),
        lambda app: SettingsScene(app),
    ],
)
def test_window_resize_relayouts_every_scene(app, make):
    app.push(make(app))
    app.frame(0.016)
    for asked, size in (
        ((900, 600),) * 2,
        ((1600, 1000),) * 2,
        (MIN_SIZE, MIN_SIZE),
        ((640, 480), MIN_SIZE),
        ((2000, 300), (2000, MIN_SIZE[1])),
    ):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=asked, w=asked[0], h=asked[1]))
        app.frame(0.016)
        scene = app.stack.top
        assert app.size == size == scene.size == app.window_surface.get_size()
        window = pygame.Rect((0, 0), size)
        for widget in scene.group.widgets:
            if widget.visible:
                assert window.contains(widget.rect), (type(widget).__name__, widget.rect, size)
    assert app.toast_text is None  # nothing went wrong while drawing


# --------------------------------------------------------------- hand-off
def test_handoff_continues_on_click_or_enter_and_not_on_escape(app):
    calls = []
    open_menu(app)
    app.push(HandoffScene(app, "Ada", lambda: calls.append("go")))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, HandoffScene) and calls == []
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, MenuScene) and calls == ["go"]
    scene = HandoffScene(app, "Basil", lambda: calls.append("again"))
    app.push(scene)
    app.frame(0.016)
    click(app, scene.continue_button.rect.center)
    assert calls == ["go", "again"]
    assert isinstance(app.stack.top, MenuScene)


def test_handoff_is_opaque(app):
    assert HandoffScene.overlay is False


# ----------------------------------------------------------------- result
def handmade_try_state(outcome: str = "win"):
    state = rules.load_game("try").new_match(
        players=3,
        seed=5,
        seats=[{"name": "You", "kind": "human"}, {"name": "Ada", "kind": "bot"}, {"name": "Basil", "kind": "bot"}],
    )
    state.deal_results = [
        rules.DealResult.from_json(
            {
                "deal": 1,
                "dealer": 0,
                "scores": [71, 71, 71],
                "details": {
                    "outcome": outcome,
                    "reason": "71 points: at least 65.",
                    "tried_suit": "Stars",
                    "tryer": 1,
                    "terms": [
                        {"label": "Stars in hands", "cards": ["12S", "11S", "9S", "8S", "6S", "5S", "4S"], "value": 55},
                        {"label": "the Wild", "cards": ["W"], "value": 7},
                        {"label": "Stars bids", "cards": ["10S", "7S"], "value": 17},
                        {"label": "half of other hand cards (13)", "cards": ["3F", "10K"], "value": -6},
                        {"label": "other bids", "cards": ["2D"], "value": -2},
                    ],
                    "score": 71,
                    "threshold": 65,
                    "hands": {"0": ["12S", "11S", "3F", "W", "9S"], "1": ["8S", "6S", "5S", "4S", "10K"], "2": []},
                    "bids": {"0": ["10S"], "1": ["7S"], "2": ["2D"]},
                },
            }
        )
    ]
    return state


def test_result_scene_draws_a_handmade_try_result(app):
    state = handmade_try_state()
    app.push(ResultScene(app, StubSession(state)))
    scene = app.stack.top
    assert scene.headline()[0] == "WIN"
    assert [face.text for face in scene.faces(["12S", "W"])] == ["12S", "W"]
    ada = scene.terms.hands[1]  # the Tryer: the cards of the Tried suit count, the others are dimmed
    assert ada.tag == "TRY" and ada.cards.texts[-1] == "10K"
    assert [ada.cards.is_dim(i) for i in range(5)] == [False, False, False, False, True]
    you = scene.terms.hands[0]
    assert you.cards.texts[3] == "W" and not you.cards.is_dim(3) and you.cards.is_dim(2)
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    for size in ((900, 600), (1280, 800)):
        scene.resize(size)
        scene.draw(pygame.Surface(size))
    assert len(scene.blocks) == 1  # one deal: the breakdown, no score sheet


def test_result_scene_shows_a_loss(app):
    app.push(ResultScene(app, StubSession(handmade_try_state("loss"))))
    assert app.stack.top.headline()[0] == "LOSS"
    app.frame(0.016)


def test_result_scene_adds_a_score_sheet_for_several_deals(app):
    state = handmade_try_state()
    last = state.deal_results[-1]
    state.deal_results = [
        dataclasses.replace(last, deal=i, scores=s) for i, s in enumerate(((1, -2, 0), (2, 0, -1), (0, 1, 1)), start=1)
    ]
    scene = ResultScene(app, StubSession(state))
    assert [b.title for b in scene.blocks][1:] == ["Score sheet", "Running totals"]  # after the breakdown
    scene.draw(pygame.Surface(app.size))
    scene.resize((900, 600))
    scene.draw(pygame.Surface((900, 600)))


def test_result_menu_button_returns_to_the_menu(app):
    open_menu(app)
    app.push(ResultScene(app, StubSession(handmade_try_state())))
    scene = app.stack.top
    click(app, scene.menu_button.rect.center)
    assert isinstance(app.stack.top, MenuScene)
    assert len(app.stack.scenes) == 1


def test_result_in_demo_mode_quits_after_a_moment(app):
    app.demo = "try"
    app.running = True
    scene = ResultScene(app, StubSession(handmade_try_state()))
    app.push(scene)
    scene.update(0.1)
    assert app.running
    scene.update(1.0)
    assert not app.running and app.exit_code == 0


# ------------------------------------------------------------- rules help
def test_rules_help_scrolls_and_closes(app):
    open_menu(app)
    app.push(RulesHelpScene(app, "try"))
    scene = app.stack.top
    assert "Five suits" in " ".join(line for _, line in scene.lines)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(480, 360), w=480, h=360))
    app.frame(0.016)
    assert app.size == MIN_SIZE  # the window keeps its minimum size
    scene.lines *= 4  # a page longer than the window
    scene.content_h *= 4
    assert scene.max_scroll > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    app.frame(0.016)
    assert scene.scroll > 0
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, MenuScene)


# ------------------------------------------------------------ app and main
class Broken(Scene):
    def draw(self, surface):
        raise RuntimeError("the paint is wet")


def test_an_error_in_a_scene_becomes_a_toast_and_a_log_entry(app, home):
    app.push(Broken(app))
    app.frame(0.016)
    app.frame(0.016)
    assert "Something went wrong: RuntimeError: the paint is wet" == app.toast_text
    log = (home / "cardtable.log").read_text()
    assert "the paint is wet" in log and log.count("Traceback") == 1


def test_an_error_in_demo_mode_propagates(app):
    app.demo = "try"
    app.push(Broken(app))
    with pytest.raises(RuntimeError):
        app.frame(0.016)


def test_quit_event_ends_the_loop(app):
    open_menu(app)
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(0.016)
    assert not app.running


def test_command_line_arguments():
    args = parse_args(["--demo", "try", "--players", "2", "--seed", "7", "--size", "900x600", "--fast"])
    assert (args.demo, args.players, args.seed, args.size, args.fast) == ("try", 2, 7, (900, 600), True)
    with pytest.raises(SystemExit):
        parse_args(["--size", "huge"])


def test_demo_of_an_unknown_game_exits_2(home, capsys):
    assert main(["--demo", "no-such-game"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_learn_of_an_unknown_game_exits_2_and_a_known_one_opens_its_lesson(home, capsys, monkeypatch):
    assert main(["--learn", "no-such-game"]) == 2
    assert "unknown game" in capsys.readouterr().err
    from cardtable import learn

    opened = []
    real = learn.start_lesson

    def start_lesson(app, game_id):
        opened.append(real(app, game_id))
        opened.append(type(app.stack.top).__name__)
        return opened[0]

    monkeypatch.setattr(learn, "start_lesson", start_lesson)
    assert main(["--learn", "trio", "--frames", "3", "--size", "900x600"]) == 0
    assert opened == [True, "TableScene"]


# ------------------------------------------------------ with the real table
def test_start_opens_the_table_and_autosaves(app):
    scene = open_new_game(app)
    click(app, scene.seed.rect.center)
    type_text(app, "11")
    click(app, scene.start_button.rect.center)
    assert isinstance(app.stack.top, TableScene)
    assert app.stack.top.session.state.seed == 11
    assert saves.load_saved("try")["seed"] == 11
    app.frame(0.016)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(rules.list_games()))
def test_demo_plays_a_whole_match_and_exits_0(home, game_id):
    assert main(["--demo", game_id, "--seed", "5", "--size", "900x600", "--fast"]) == 0


def test_play_again_keeps_players_and_settings_with_a_new_deal(app):
    state = rules.load_game("try").new_match(
        players=2,
        seed=8,
        settings={"threshold": 50},
        seats=[{"name": "Zoe", "kind": "human"}, {"name": "Ada", "kind": "bot", "level": "easy"}],
    )
    open_menu(app)
    app.push(ResultScene(app, StubSession(state)))
    click(app, app.stack.top.again_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    again = scene.session.state
    assert again.seats == state.seats and again.players == 2 and again.settings["threshold"] == 50
    assert len(app.stack.scenes) == 2  # the menu below the table


def test_resume_opens_the_saved_match_at_the_table(app):
    saves.write_record(try_record(seed=21))
    menu = open_menu(app)
    click(app, menu.resume_button.rect.center)
    assert isinstance(app.stack.top, TableScene)
    assert app.stack.top.session.state.seed == 21


# ---------------------------------------------------------- the minimum size
def _finished(game_id: str, seed: int = 5):
    state = rules.load_game(game_id).new_match(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _at_min_size(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200))
    app.frame(0.016)
    app.frame(0.016)
    assert app.size == MIN_SIZE
    assert app.toast_text is None or "went wrong" not in app.toast_text, app.toast_text


@pytest.mark.parametrize(
    "make",
    [
        lambda app: MenuScene(app),
        lambda app: HandoffScene(app, "A name of sixteen", lambda: None),
        lambda app: RulesHelpScene(app, None),
        lambda app: SettingsScene(app),
        lambda app: ConfirmScene(
            app,
            "Abandon your 3-Player Troeven match, deal 14?",
            "Abandon",
            "Keep it",
            None,
            detail="Starting a new match replaces it.",
        ),
        *[(lambda app, g=g: NewGameScene(app, g)) for g in sorted(rules.list_games())],
        *[(lambda app, g=g: RulesHelpScene(app, g)) for g in sorted(rules.list_games())],
        *[(lambda app, g=g: ResultScene(app, StubSession(_finished(g)))) for g in sorted(rules.list_games())],
    ],
)
def test_every_shell_scene_draws_at_the_minimum_size(app, make):
    for game_id in ("try", "tribello", "troeven"):  # a full Resume list and a notice under the menu
        saves.write_record(rules.load_game(game_id).new_match(seed=2).to_record())
    userfiles.notice("saves/trio.json: not valid JSON (line 1: Expecting value); kept as trio.damaged-x.json")
    open_menu(app)
    app.push(make(app))
    _at_min_size(app)
    scene = app.stack.top
    window = pygame.Rect((0, 0), MIN_SIZE)
    for widget in scene.group.widgets:
        if widget.visible:
            assert window.contains(widget.rect), (type(widget).__name__, widget.rect)


@pytest.mark.parametrize("game_id", sorted(rules.list_games()))
def test_every_games_table_draws_at_the_minimum_size(app, game_id):
    from cardtable.session import Session

    game = rules.load_game(game_id)
    players = game.max_players
    seats = [
        {"name": "Wwwwwwwwwwwwwwww", "kind": "human" if i == 0 else "bot", "level": "easy"} for i in range(players)
    ]
    session = Session.new(game_id, players, None, seats, 3, {})
    app.push(TableScene(app, session))
    _at_min_size(app)
    for _ in range(30):
        app.frame(0.05)
    assert app.toast_text is None or "went wrong" not in app.toast_text, app.toast_text


def test_the_menu_with_three_matches_waiting(app, home):
    """Also writes the screenshot /tmp/menu3.png (for the issue's report)."""
    now = time.time()
    for i, (game_id, deals) in enumerate((("tribello", 2), ("troeven", 4), ("try", 1))):
        record = rules.load_game(game_id).new_match(seed=7).to_record()
        record["deals"] = record["deals"] * deals
        if game_id == "try":
            rng = random.Random(0)
            state = rules.load_game("try").new_match(seed=0)  # with these moves it lasts 80
            for _ in range(17):
                state.apply(rng.choice(state.legal_actions()))
            record = state.to_record()
        saves.write_record(record)
        stamp = now - (0 if i == 0 else 86400 if i == 1 else 86400 * 9)
        os.utime(saves.save_path(game_id), (stamp, stamp))
    menu = open_menu(app)
    lines = [(b.label, b.sublabel) for b in menu.resume_buttons]
    assert [label for label, _ in lines] == ["Tribello", "3-Player Troeven", "Try"]
    assert lines[0][1].startswith("deal 2 of 12") and "today" in lines[0][1]
    assert lines[1][1] == "deal 4  \u00b7  yesterday"
    assert lines[2][1] == "turn 7  \u00b7  " + saves.when(now - 86400 * 9)  # 17 moves: in its words
    app.frame(0.016)
    pygame.image.save(app.window_surface, "/tmp/menu3.png")
