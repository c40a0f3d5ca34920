"""Rules-file validation: a broken TOML file is an error naming the file, the key path and
what was expected — never a traceback. Each test breaks a copy of Try's rules file (``rules/games/try_/try.toml``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules

TRY_TOML = rules.load_game("try").config.path.read_text(encoding="utf-8")


def broken_file(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of try.toml with ``old`` replaced by ``new`` (which must occur exactly once)."""
    assert TRY_TOML.count(old) == 1, old
    path = tmp_path / "broken-try.toml"
    path.write_text(TRY_TOML.replace(old, new), encoding="utf-8")
    return path


def refusal(path: Path) -> rules.RulesError:
    with pytest.raises(rules.RulesError) as refused:
        rules.load_rules_file(path)
    return refused.value


def test_the_shipped_try_file_is_valid(tmp_path):
    path = broken_file(tmp_path, "schema = 1", "schema = 1")
    game = rules.load_rules_file(path)
    assert game.id == "try"
    assert game.settings_spec()["threshold"]["default"] == 65


@pytest.mark.parametrize(
    ("old", "new", "key", "expected"),
    [
        pytest.param(
            "schema = 1", "schema = 1\ncolour = 3", "colour", "unknown key (expected one of", id="unknown top-level key"
        ),
        pytest.param(
            'label = "Points to win"',
            'label = "Points to win"\ncolour = "red"',
            "settings.threshold.colour",
            "unknown key (expected one of",
            id="unknown nested key",
        ),
        pytest.param(
            "try_size = 4",
            "try_size = 4\nsize = 3",
            "deal.size",
            "unknown key (expected one of bid, hand",
            id="unknown key in the procedure's table",
        ),
        pytest.param(
            "players = { min = 2, max = 3, default = 3 }",
            'players = { min = "two", max = 3, default = 3 }',
            "players.min",
            "expected an integer, got 'two'",
            id="wrong type",
        ),
        pytest.param(
            "default = 65",
            'default = "many"',
            "settings.threshold.default",
            "expected an integer, got 'many'",
            id="wrong type of a setting default",
        ),
        pytest.param(
            "default = 65",
            "default = 500",
            "settings.threshold.default",
            "500 is out of range (expected 0..400)",
            id="setting default out of range",
        ),
        pytest.param(
            "players = { min = 2, max = 3, default = 3 }",
            "players = { min = 3, max = 2, default = 3 }",
            "players",
            "min 3 is above max 2",
            id="player min above max",
        ),
        pytest.param(
            'visibility = "hidden", kind = "stack", place = "corner"',
            'visibility = "secret", kind = "stack", place = "corner"',
            "layout.zones[0].visibility",
            "expected one of 'public', 'owner', 'hidden', got 'secret'",
            id="unknown zone visibility",
        ),
        pytest.param(
            "[deal]\nhand = 6\nbid = 1\nup_card = 1\ntry_size = 4\n",
            "",
            "deal",
            "missing (expected a table)",
            id="missing procedure table",
        ),
        pytest.param("hand = 6", "hand = 0", "deal.hand", "0 is out of range (expected 1..20)", id="deal out of range"),
        pytest.param("schema = 1", "schema = 2", "schema", "2 is out of range (expected 1..1)", id="future schema"),
        pytest.param(
            'type = "bool"\ndefault = true\nlabel = "Wild may be bid"',
            'type = "switch"\ndefault = true\nlabel = "Wild may be bid"',
            "settings.wild_may_be_bid.type",
            "expected one of 'int', 'bool', 'choice'",
            id="unknown setting type",
        ),
        pytest.param(
            'type = "bool"\ndefault = true\nlabel = "Wild may be bid"',
            'type = "bool"\ndefault = 1\nlabel = "Wild may be bid"',
            "settings.wild_may_be_bid.default",
            "expected true or false, got 1",
            id="int default of a bool setting",
        ),
        pytest.param(
            'extras = [{ id = "wild", name = "the Wild", text = "W" }]',
            'extras = [{ id = "wild", name = "the Wild" }]',
            "deck.extras[0].text",
            "missing (expected a string)",
            id="missing key",
        ),
        pytest.param(
            "[layout]",
            '[variants.easy]\ndescription = "Easier."\nsettings = { threshold = 1000 }\n\n[layout]',
            "variants.easy.settings.threshold",
            "1000 is out of range",
            id="variant setting out of range",
        ),
    ],
)
def test_a_broken_rules_file_names_the_file_the_key_and_what_was_expected(tmp_path, old, new, key, expected):
    error = refusal(broken_file(tmp_path, old, new))
    message = str(error)
    assert "broken-try.toml" in message
    assert f"{key}: " in message
    assert expected in message
    assert any(problem.startswith(f"{key}: ") for problem in error.problems)


def test_a_toml_syntax_error_names_the_line(tmp_path):
    path = broken_file(tmp_path, "[deal]", "[deal")
    line = TRY_TOML.splitlines().index("[deal]") + 1
    message = str(refusal(path))
    assert "broken-try.toml" in message
    assert f"line {line}" in message


def test_every_problem_of_a_file_is_reported_at_once(tmp_path):
    path = broken_file(tmp_path, "default = 65\nmin = 0", 'default = 65\nmin = "zero"\ncolour = 1')
    error = refusal(path)
    assert len(error.problems) == 2
    assert {p.split(":")[0] for p in error.problems} == {"settings.threshold.min", "settings.threshold.colour"}
    assert str(error).count("broken-try.toml") == 2


def test_a_missing_file_is_a_rules_error(tmp_path):
    with pytest.raises(rules.RulesError, match="cannot read"):
        rules.load_rules_file(tmp_path / "nowhere.toml")


def test_a_file_for_an_unknown_game_is_refused(tmp_path):
    error = refusal(broken_file(tmp_path, 'id = "try"', 'id = "poker"'))
    assert "broken-try.toml" in str(error) and "id: unknown game 'poker' (a house-rule file names" in str(error)


def test_a_deck_too_small_for_the_deal_is_refused_at_new_match_naming_settings_removed(tmp_path):
    # 8 ranks: a 41-card deck; 40 hidden cards leave too few for three hands of 6.
    path = broken_file(tmp_path, "ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", "ranks = [1, 2, 3, 4, 5, 6, 7, 8]")
    game = rules.load_rules_file(path)
    with pytest.raises(rules.RulesError) as refused:
        game.new_match(players=3, settings={"removed": 40})
    assert "broken-try.toml" in str(refused.value)
    assert "settings.removed" in str(refused.value)
    assert game.new_match(players=3, settings={"removed": 11}).players == 3


def test_the_most_hidden_cards_the_setting_allows_still_leave_a_stock_with_three_players(try_game):
    state = try_game.new_match(players=3, seed=1, settings={"removed": 40})
    assert len(state.zones["stock"]) == 61 - 40 - 18


def test_a_missing_setting_the_procedure_needs_is_refused_when_the_file_loads(tmp_path):
    error = refusal(broken_file(tmp_path, "[settings.removed]", "[settings.hidden]"))
    assert "settings.removed: missing (the try procedure reads this setting)" in str(error)


HOUSE = 'schema = 1\nextends = "try"\nid = "try-mine"\nname = "Mine"\n'


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        (HOUSE + "settings = { threshold = 500 }\n", "settings.threshold", "out of range"),
        (HOUSE + "settings = { colour = 1 }\n", "settings.colour", "unknown setting"),
        (HOUSE + "colour = 1\n", "colour", "unknown key"),
        (HOUSE.replace('"try"', '"chess"'), "extends", "unknown game 'chess'"),
        (HOUSE + 'variant = "hard"\n', "variant", "unknown variant 'hard'"),
        (HOUSE.replace('name = "Mine"\n', ""), "name", "missing"),
    ],
    ids=[
        "setting out of range",
        "unknown setting",
        "unknown key",
        "unknown base game",
        "unknown variant",
        "missing name",
    ],
)
def test_a_broken_house_rule_file_names_the_file_and_the_key(tmp_path, text, key, expected):
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    message = str(refusal(path))
    assert "mine.toml" in message
    assert f"{key}: " in message
    assert expected in message


def test_choice_labels_may_only_name_the_settings_choices(tmp_path):
    from rules.config import build_config, read_toml

    base = rules.load_game("tribello")
    data = read_toml(base.spec.rules_path())
    schema = getattr(__import__(base.procedure.__module__, fromlist=["_"]), "CONFIG_SCHEMA", {})
    data["settings"]["follow_rule"]["choice_labels"]["must_folow"] = "Typo"
    with pytest.raises(rules.RulesError) as caught:
        build_config(tmp_path / "t.toml", data, schema)
    assert any(
        "settings.follow_rule.choice_labels.must_folow: not one of its choices" in p for p in caught.value.problems
    )


def test_applies_when_may_only_name_another_setting_and_one_of_its_values(tmp_path):
    from rules.config import build_config, read_toml

    base = rules.load_game("trio")
    data = read_toml(base.spec.rules_path())
    schema = getattr(__import__(base.procedure.__module__, fromlist=["_"]), "CONFIG_SCHEMA", {})
    offers = base.config.offers
    assert offers("trios_to_win", {"spicy": False}) and not offers("trios_to_win", {"spicy": True})
    data["settings"]["trios_to_win"]["applies_when"] = {"spicey": False, "teams": 3, "trios_to_win": 2}
    with pytest.raises(rules.RulesError) as caught:
        build_config(tmp_path / "t.toml", data, schema)
    problems = caught.value.problems
    assert any("settings.trios_to_win.applies_when.spicey: not another setting" in p for p in problems)
    assert any("settings.trios_to_win.applies_when.teams: expected true or false, got 3" in p for p in problems)
    assert any("settings.trios_to_win.applies_when.trios_to_win: not another setting" in p for p in problems)


def test_a_games_header_is_what_loading_the_whole_file_gives():
    """The menu reads each game's header alone (no procedure imported): the same id, name, blurb
    and order as the whole game loaded."""
    from rules.registry import game_header

    for game_id in rules.registry.game_specs():
        game = rules.load_game(game_id)
        assert game_header(game_id) == rules.registry.GameHeader(game.id, game.name, game.blurb, game.order)


def test_a_header_is_read_before_the_first_table_and_whole_when_a_string_holds_a_bracket(tmp_path):
    from rules.registry import _head_of

    assert _head_of('id = "x"\nname = "X"\n[deck]\nsize = 3\n') == {"id": "x", "name": "X"}
    tricky = 'id = "x"\nrules = """\n[decision] a line of the rules text\n"""\n[deck]\nsize = 3\n'
    assert _head_of(tricky) is None  # cut inside the string: the caller parses the whole file


def test_a_header_is_read_again_when_its_file_changes(tmp_path, monkeypatch):
    from rules import registry
    from rules.plugins import GameSpec

    path = tmp_path / "mine.toml"
    path.write_text('schema = 1\nid = "mine"\nname = "Mine"\nblurb = "One."\n[deck]\n', encoding="utf-8")
    spec = GameSpec(rules_file="unused:mine.toml", procedure="unused:State")
    monkeypatch.setattr(GameSpec, "rules_path", lambda self: path)
    monkeypatch.setattr(registry, "game_specs", lambda: {"mine": spec})
    assert registry.game_header("mine").name == "Mine"
    path.write_text(
        'schema = 1\nid = "mine"\nname = "Mine, renamed"\nblurb = "Two."\norder = 9\n[deck]\n', encoding="utf-8"
    )
    header = registry.game_header("mine")
    assert (header.name, header.blurb, header.order) == ("Mine, renamed", "Two.", 9)
    path.write_text('schema = 1\nid = "mine"\nname = ""\nblurb = "x"\n', encoding="utf-8")
    with pytest.raises(rules.RulesError) as caught:
        registry.game_header("mine")
    assert any(p.startswith("name:") for p in caught.value.problems)
