"""Hand-written damaged inputs for ``cardtable-sim check``/``replay`` and the game menu: each named
case of the fuzzers, one line each (``FILE: key.path: what was expected``), never a traceback;
house-rule ids that cannot escape; records over the size limits; replay without undo snapshots."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from conftest import load_record

import rules
from rules import registry
from rules.config import RULES_MAX_BYTES
from rules.record import MAX_ACTIONS, RECORD_MAX_BYTES, UNDO_TAIL
from rules.sim import main, record_path, run_matches

HOUSE = 'schema = 1\nextends = "try"\nid = "try-mine"\nname = "Mine"\n'
WORKED = "try_worked_example.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], command: str, path: Path) -> str:
    """The one line ``cardtable-sim command path`` prints, without the file name; exit 1."""
    code, out, err = run(capsys, command, str(path))
    lines = err.splitlines()
    assert code == 1 and out == "" and len(lines) == 1, (code, out, lines[:3])
    assert lines[0].startswith(f"{path}: ")
    assert "Error" not in lines[0] and "Traceback" not in lines[0]
    return lines[0][len(f"{path}: ") :]


def house_file(folder: Path, text: str, name: str = "mine.toml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------ house-rule ids
@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('id = ""', "id: expected at least 1 character"),
        ('id = "trio"', "id: 'trio' is already a game's id"),
        ('id = "try"', "id: 'try' is already a game's id"),
        ('id = "../../x"', "id: expected lowercase letters, digits and '-', got '../../x'"),
        ('id = "/tmp/evil"', "id: expected lowercase letters, digits and '-', got '/tmp/evil'"),
        ('id = "C:\\\\evil"', "id: expected lowercase letters, digits and '-'"),
        ('id = "Mine"', "id: expected lowercase letters, digits and '-', got 'Mine'"),
        ('id = "my_game"', "id: expected lowercase letters, digits and '-'"),
        (f'id = "{"x" * 41}"', "id: expected at most 40 characters, got 41"),
        ("id = 7", "id: expected a string, got 7"),
        ('id = "-x"', "id: expected a letter or digit first, got '-x'"),
        ('id = "con"', "id: 'con' is a name Windows keeps for a device"),
        ('id = "nul"', "id: 'nul' is a name Windows keeps for a device"),
        ('id = "aux"', "id: 'aux' is a name Windows keeps for a device"),
        ('id = "com1"', "id: 'com1' is a name Windows keeps for a device"),
        ('id = "lpt9"', "id: 'lpt9' is a name Windows keeps for a device"),
        (f'name = "{"N" * 61}"', "name: expected at most 60 characters, got 61"),
        ('name = "Two\\nlines"', "name: expected text without control characters"),
        (f'blurb = "{"b" * 301}"', "blurb: expected at most 300 characters, got 301"),
        (f'blurb = "{"b" * 100_000}"', "blurb: expected at most 300 characters, got 100,000"),
    ],
)
def test_check_and_the_menu_refuse_a_bad_house_rule_id_name_or_blurb_alike(capsys, user_home, line, expected):
    key = line.split(" =")[0]
    text = "".join(f"{line}\n" if row.startswith(f"{key} =") else f"{row}\n" for row in HOUSE.splitlines())
    if key not in HOUSE:
        text += line + "\n"
    path = house_file(user_home / "rules", text)
    message = refused(capsys, "check", path)
    assert message.startswith(expected), message
    assert len(message) < 200
    games, problems = rules.user_games()
    assert games == {}
    assert problems == [rules.HouseRuleProblem(path, message)]
    assert str(problems[0]) == f"{path}: {message}"


def test_a_forty_character_id_of_letters_digits_and_dashes_is_fine(capsys, user_home):
    game_id = "my-try-2-" + "x" * 31
    path = house_file(user_home / "rules", HOUSE.replace("try-mine", game_id))
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and out.strip() == f"{path}: ok"
    assert game_id in rules.list_games()


@pytest.mark.parametrize(
    "game_id",
    ["-x", "x-", "0", "con", "prn", "com9", "lpt1", "con-x", "nul2", "a--b", "x" * 40, "x" * 41, "Con", "aux.json"],
)
def test_check_the_menu_saves_and_statistics_share_one_id_rule(capsys, user_home, game_id):
    """An id check accepts is one the saves and the statistics can name a file with (a game
    that plays is saved and counted); one it refuses, they refuse too."""
    from cardtable import saves, stats

    path = house_file(user_home / "rules", HOUSE.replace("try-mine", game_id))
    checked = run(capsys, "check", str(path))[0] == 0
    offered = game_id in rules.user_games()[0]
    named = []
    for name_file in (saves.save_path, stats.stats_path):
        try:
            name_file(game_id)
            named.append(True)
        except ValueError:
            named.append(False)
    assert [checked, offered, *named] == [checked] * 4, (checked, offered, named)


def test_a_house_rule_problem_is_a_small_frozen_value_naming_the_file(user_home):
    path = house_file(user_home / "rules", HOUSE.replace('"try-mine"', '"trio"'))
    (problem,) = rules.user_games()[1]
    assert isinstance(problem, rules.HouseRuleProblem)
    assert problem.path == path
    assert problem.message.startswith("id: 'trio' is already a game's id")
    with pytest.raises(AttributeError):
        problem.path = Path("elsewhere")  # type: ignore[misc]


def test_two_files_with_one_id_keep_the_first_and_name_it(user_home):
    house_file(user_home / "rules", HOUSE, "a.toml")
    second = house_file(user_home / "rules", HOUSE, "b.toml")
    games, problems = rules.user_games()
    assert list(games) == ["try-mine"]
    assert [(p.path, p.message) for p in problems] == [(second, "id: 'try-mine' is already used by a.toml")]


def test_a_whole_game_file_in_the_user_folder_is_not_a_house_rule_file(capsys, user_home):
    path = house_file(user_home / "rules", rules.load_game("try").config.path.read_text(encoding="utf-8"))
    message = refused(capsys, "check", path)  # one verdict: check refuses it as the menu does
    assert message.startswith("extends: missing (this is a whole game's rules file for 'try'")
    (problem,) = rules.user_games()[1]
    assert problem.message == message


def test_check_and_the_menu_give_one_verdict_on_a_whole_game_copy_anywhere(capsys, user_home, tmp_path):
    """A copy of a game's rules file elsewhere (no ``extends``) can be played nowhere: check
    says so first and still lists its other problems (``--all``); the game's own file is ok."""
    own = rules.load_game("try").config.path
    assert run(capsys, "check", str(own))[:2] == (0, f"{own}: ok\n")
    text = own.read_text(encoding="utf-8").replace("try_size = 4", "try_size = 40", 1)
    path = house_file(tmp_path, text, "try.toml")
    message = refused(capsys, "check", path)
    assert message.startswith("extends: missing (this is a whole game's rules file for 'try'")
    assert message.endswith("(and 1 more problem)")
    code, _out, err = run(capsys, "check", "--all", str(path))
    assert code == 1 and [line.split(": ", 1)[1].split(":")[0] for line in err.splitlines()] == [
        "extends",
        "deal.try_size",
    ]
    house_file(user_home / "rules", text, "try.toml")
    (problem,) = rules.user_games()[1]
    assert problem.message == message


# ------------------------------------------------------------ damaged rules files
def test_a_rules_file_over_1_mb_is_refused_by_check_and_unread_by_the_menu(capsys, user_home, monkeypatch):
    path = house_file(user_home / "rules", HOUSE + "# " + "x" * (1_200_000) + "\n")
    assert path.stat().st_size > RULES_MAX_BYTES
    assert refused(capsys, "check", path) == "file too large (a rules file holds at most 1,024 KB)"
    monkeypatch.setattr(registry, "check_rules_file", lambda *a, **k: pytest.fail("read a file over 1 MB"))
    (problem,) = rules.user_games()[1]
    assert problem.message == "file too large (a rules file holds at most 1,024 KB)"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (HOUSE.encode()[:30], "line 3: Expected '=' after a key in a key/value pair at the end of the file"),
        (HOUSE.encode() + b'blurb = "caf\xe9"\n', "line 5: not UTF-8 text (byte 0xe9)"),
        (HOUSE.encode() + b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n", "line 5: arrays or tables nested more"),
        (HOUSE.encode() + b"x = " + b"{a=" * 5_000 + b"1" + b"}" * 5_000 + b"\n", "line 5: arrays or tables nested"),
        (HOUSE.encode() + b"a." * 100_000 + b"a = 1\n", "line 5: more than 64 dots outside strings"),
        (HOUSE.encode() + b"[settings]\nthreshold = " + b"9" * 5000 + b"\n", "line 6: a number of more than 30 digits"),
        (HOUSE.encode() + b"[settings]\nthreshold = inf\n", "settings.threshold: expected an integer, got inf"),
        (HOUSE.encode() + b"[settings]\nthreshold = 1e400\n", "settings.threshold: expected an integer, got inf"),
        (HOUSE.encode() + b"[settings]\nthreshold = -5\n", "settings.threshold: -5 is out of range"),
        (HOUSE.encode() + b"[settings]\nthreshold = 99999999999\n", "settings.threshold: 99999999999 is out of range"),
        (HOUSE.encode() + b'variant = "' + b"v" * 100_000 + b'"\n', "variant: expected at most 40 characters"),
        (HOUSE.encode() + b'[settings]\n"' + b"k" * 100_000 + b'" = 1\n', "settings.'kkkkk"),
    ],
    ids=[
        "truncated",
        "not-utf8",
        "deep-arrays",
        "deep-inline-tables",
        "dotted-key",
        "digits",
        "inf",
        "1e400",
        "negative",
        "huge",
        "long-variant",
        "long-key",
    ],
)
def test_a_damaged_rules_file_is_one_line_naming_the_line_or_key(capsys, user_home, raw, expected):
    folder = user_home / "rules"
    folder.mkdir()
    path = folder / "mine.toml"
    path.write_bytes(raw)
    message = refused(capsys, "check", path)
    assert message.startswith(expected), message
    assert len(message) < 300
    assert [str(p) for p in rules.user_games()[1]] == [f"{path}: {message}"]


def test_the_menu_reads_a_house_rule_file_once_per_change(user_home, monkeypatch):
    path = house_file(user_home / "rules", HOUSE)
    reads = []
    real = registry.check_rules_file
    monkeypatch.setattr(registry, "check_rules_file", lambda p, **k: reads.append(p) or real(p, **k))
    for _ in range(3):
        assert "try-mine" in rules.user_games()[0]
        assert "try-mine" in rules.list_games()
        assert rules.load_game("try-mine").name == "Mine"
    assert reads == [path]
    path.write_text(HOUSE.replace('"Mine"', '"Mine, again"'), encoding="utf-8")  # another size
    assert rules.load_game("try-mine").name == "Mine, again"
    assert reads == [path, path]


def test_garbage_in_the_house_rule_folder_never_breaks_the_built_in_games(capsys, user_home):
    folder = user_home / "rules"
    folder.mkdir()
    (folder / "binary.toml").write_bytes(bytes(range(256)) * 10)
    (folder / "deep.toml").write_bytes(b"x = " + b"[" * 50_000)
    (folder / "dots.toml").write_bytes(b"a." * 200_000 + b"a = 1")
    (folder / "big.toml").write_bytes(b"#" * (RULES_MAX_BYTES + 1))
    (folder / "escape.toml").write_text(HOUSE.replace("try-mine", "../../x"), encoding="utf-8")
    (folder / "dir.toml").mkdir()
    (folder / "tribello.toml").write_text("id = 'tribello'\n", encoding="utf-8")
    code, out, err = run(capsys, "try", "--games", "1", "--json")
    assert code == 0 and json.loads(out)["games"] == 1 and err == ""
    assert {"try", "tribello", "troeven", "trio"} <= set(rules.list_games())
    games, problems = rules.user_games()
    assert games == {} and len(problems) == 7
    assert all("\n" not in str(p) and len(str(p)) < 300 for p in problems)


# ----------------------------------------------------------------- records
def broken(change, name: str = WORKED) -> dict:
    record = load_record(name)
    change(record)
    return record


def write(tmp_path: Path, record) -> Path:
    path = tmp_path / "match.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return path


def first_deal(record: dict) -> dict:
    return record["deals"][0]


def action_2(value):
    """A change that puts ``value`` as the third action of the first deal."""
    return lambda r: first_deal(r)["actions"].__setitem__(2, value)


def card_0(value):
    """A change that puts ``value`` as the first card of seat 0's hand in the layout."""
    return lambda r: first_deal(r)["layout"]["hand/0"].__setitem__(0, value)


SEAT_NUMBER = "deals[0].actions[2][0]: expected a seat number"
NUMBER = '{"format": "cardtable-record/1", "game": "try", "seed": '


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r.update(seats="Ann, Bob"), "seats: expected a list, got 'Ann, Bob'"),
        (
            lambda r: r.update(seats=[{"name": "x" * 100_000, "kind": "human"}] * 3),
            "seats[0].name: expected at most 40 characters, got 100,000",
        ),
        (
            lambda r: r.update(seats=[{"name": "A", "kind": "alien"}] * 3),
            "seats[0].kind: expected one of 'human', 'bot'",
        ),
        (card_0(12), "deals[0].layout.hand/0[0]: expected a string, got 12"),
        (card_0("Q" * 100_000), "deals[0].layout.hand/0[0]: expected at most 16 characters, got 100,000"),
        (lambda r: first_deal(r)["layout"].__setitem__("hand/0", "12F 3S"), "deals[0].layout.hand/0: expected a list"),
        (action_2([0]), 'deals[0].actions[2]: expected [seat, "action"], got a list of 1'),
        (action_2([0, 5]), "deals[0].actions[2][1]: expected an action's text"),
        (action_2(["0", "draw stock"]), SEAT_NUMBER),
        (action_2([True, "draw stock"]), SEAT_NUMBER),
        (action_2([9, "draw stock"]), SEAT_NUMBER),
        (lambda r: first_deal(r).update(actions={"0": "bid"}), 'deals[0].actions: expected a list of [seat, "action"]'),
        (lambda r: r.update(seed=10**30), "seed: 1000000000000000000000000000000 is out of range"),
        (lambda r: r.update(seed=-(2**64)), "seed: -18446744073709551616 is out of range"),
        (lambda r: r.update(players=10**9), "players: 1000000000 is out of range (expected 1..8)"),
        (lambda r: r.update(players=-3), "players: -3 is out of range (expected 1..8)"),
        (lambda r: r.update(start={"deal": -1}), "start.deal: -1 is out of range"),
        (lambda r: r.update(start={"deal": 1, "scores": [0, 0]}), "start.scores: expected 3 scores, got 2"),
        (lambda r: r.update(game="tribello"), "deals[0].layout.removed: unknown zone"),
        (lambda r: r.update(game="x" * 100_000), "game: expected at most 40 characters, got 100,000"),
        (lambda r: r.update(variant=["standard"]), "variant: expected a variant name or null, got a list of 1 entries"),
        (lambda r: r.update(settings={"threshold": 10**12}), "settings.threshold: 1000000000000 is out of range"),
        (lambda r: first_deal(r).update(dealer=5), "deals[0].dealer: expected a seat from 0 to 2, got 5"),
        (lambda r: r.update(deals=[first_deal(r)] * 1001), "deals: expected at most 1,000 deals"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_a_record_of_the_wrong_shape_is_one_line_naming_the_key(capsys, tmp_path, change, expected):
    path = write(tmp_path, broken(change))
    message = refused(capsys, "replay", path)
    assert message.startswith(expected), message
    assert len(message) < 300
    with pytest.raises(rules.RulesError) as error:
        rules.replay(broken(change))
    assert str(error.value) == f"record: {message}"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (NUMBER + "Infinity}", "seed: expected an integer, got inf"),
        (NUMBER + "NaN}", "seed: expected an integer, got nan"),
        (NUMBER + "1e400}", "seed: expected an integer, got inf"),
        (NUMBER + "7" * 5000 + "}", "seed: expected an integer, got a number of 5,000 digits"),
        ("[" * 100_000 + "]" * 100_000, "line 1: arrays or objects nested too deep"),
        (
            '{"format": "cardtable-record/1",\n "deals": ' + "[" * 5000 + "]" * 5000 + "}",
            "line 2: arrays or objects nested",
        ),
        ('{"format": "cardtable-record/1", "deals": [', "line 1: not valid JSON (Expecting value, column 44)"),
        ("", "line 1: not valid JSON"),
    ],
    ids=["Infinity", "NaN", "1e400", "5000-digits", "deep", "deep-inside", "truncated", "empty"],
)
def test_a_record_that_is_not_json_a_record_holds_is_one_line(capsys, tmp_path, text, expected):
    message = refused(capsys, "replay", write(tmp_path, text))
    assert message.startswith(expected), message


def test_a_record_that_is_not_utf8_names_the_line(capsys, tmp_path):
    path = tmp_path / "match.json"
    path.write_bytes(b'{\n"format": "cardtable-record/1",\n"game": "caf\xe9"}')
    assert refused(capsys, "replay", path) == "line 3: not UTF-8 text (byte 0xe9)"


def test_a_record_over_4_mb_is_refused_unread(capsys, tmp_path):
    text = json.dumps(load_record(WORKED)) + " " * RECORD_MAX_BYTES
    assert refused(capsys, "replay", write(tmp_path, text)) == "file too large (a record holds at most 4,096 KB)"


def test_a_record_of_more_than_200000_actions_is_refused(capsys, tmp_path):
    record = load_record(WORKED)
    first_deal(record)["actions"] = [[0, "draw stock"]] * (MAX_ACTIONS + 1)
    message = refused(capsys, "replay", write(tmp_path, record))
    assert message == "deals[0].actions: too many actions (a record holds at most 200,000)"


# ------------------------------------------------------------ replay costs what the match cost
def toggle_record(toggles: int) -> tuple[dict, rules.State]:
    state = rules.load_game("tribello").new_match(seed=1)
    seat = state.current_player
    card = next(a.text for a in state.legal_actions() if a.text.startswith("toggle "))
    record = state.to_record()
    first_deal(record)["actions"] += [[seat, card]] * toggles
    return json.loads(json.dumps(record)), state


def test_a_record_of_10000_toggles_replays_with_few_undo_snapshots_in_little_memory():
    record, fresh = toggle_record(10_000)  # an even number: the card is back in the hand
    tracemalloc.start()
    try:
        state = rules.replay(record)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 * 1024 * 1024  # 10,000 clones of the state took over 400 MB
    # a toggled card comes back to the front of the hand: after one round trip, every other is the same
    assert state.zones == rules.replay(toggle_record(2)[0]).zones
    assert {z: sorted(cards) for z, cards in state.zones.items()} == {z: sorted(c) for z, c in fresh.zones.items()}
    assert state.current_player == fresh.current_player
    assert state.to_record() == record
    assert len(state._undo) == UNDO_TAIL  # a replay keeps snapshots of the last few actions only...
    for _ in range(UNDO_TAIL):
        state.undo()
    assert not state.can_undo(state.current_player)
    assert state.zones == rules.replay(toggle_record(10_000 - UNDO_TAIL)[0]).zones
    toggle = next(a for a in state.legal_actions() if a.text.startswith("toggle "))
    state.apply(toggle)  # ...and play on from it keeps undo as usual
    assert state.can_undo(state.current_player)
    state.undo()


def test_an_odd_number_of_toggles_leaves_the_card_aside():
    record, fresh = toggle_record(3)
    state = rules.replay(record)
    seat = state.current_player
    assert len(state.zones[f"exchange/{seat}"]) == 1
    assert len(state.zones[f"hand/{seat}"]) == len(fresh.zones[f"hand/{seat}"]) - 1


# ------------------------------------------------------------ --records stays in its folder
@pytest.mark.parametrize("game_id", ["../../x", "/tmp/evil", "..", "a/b", "C:\\evil", "", "x" * 300])
def test_a_record_file_name_is_built_from_safe_parts_inside_the_folder(tmp_path, game_id):
    path = record_path(tmp_path, game_id, 7)
    assert path.parent == tmp_path
    assert path.name.endswith("-7.json") and len(path.name) <= 60
    assert set(path.stem) <= set("abcdefghijklmnopqrstuvwxyz0123456789-_")


def test_sim_records_of_a_house_rule_game_stay_in_the_folder(user_home, tmp_path):
    house_file(user_home / "rules", HOUSE)
    out = tmp_path / "out"
    run_matches("try-mine", games=2, seed=3, records=out)
    assert sorted(p.name for p in out.iterdir()) == ["try-mine-3.json", "try-mine-4.json"]
    assert [p for p in tmp_path.rglob("*.json") if p.parent != out] == []


# ------------------------------------------------------------ made-up chance entries
def _played_record(game_id: str, seed: int = 3) -> dict:
    import random

    game = rules.load_game(game_id)
    state = game.new_match(players=game.default_players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record()


@pytest.mark.parametrize("game_id", ["try", "tryce", "tribello", "troeven", "trio"])
def test_a_made_up_chance_entry_is_refused_with_one_line_where_it_is(capsys, tmp_path, game_id):
    """``[null, "zzz"]`` at the start, after a move, after a real chance outcome and at the end:
    never dropped unseen, always one line naming its place; ``replay`` and ``cardtable-sim``
    agree. Without it the record replays."""
    record = _played_record(game_id)
    rules.replay(record)
    actions = record["deals"][0]["actions"]
    real = [n for n, (seat, _text) in enumerate(actions) if seat is None and n > 0]
    for at in sorted({0, 3, len(actions), *(n + 1 for n in real[:1])}):
        broken = json.loads(json.dumps(record))
        broken["deals"][0]["actions"].insert(at, [None, "zzz"])
        with pytest.raises(rules.RulesError) as err:
            rules.replay(broken)
        [problem] = err.value.problems
        assert problem.startswith(f"deals[0].actions[{at}]: recorded chance outcome 'zzz'"), problem
        path = tmp_path / f"{game_id}-{at}.json"
        path.write_text(json.dumps(broken), encoding="utf-8")
        assert refused(capsys, "replay", path) == problem


def test_a_save_with_a_made_up_chance_entry_is_refused_on_resume(user_home):
    from cardtable import saves, userfiles
    from cardtable.session import Session

    state = rules.load_game("tribello").new_match(players=3, seed=5)
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    record = state.to_record()
    record["deals"][0]["actions"].insert(4, [None, "zzz"])
    saves.write_record(record)
    waiting = saves.load_saved("tribello")
    with pytest.raises(rules.RulesError) as err:
        Session.from_record(waiting)
    notice = saves.refuse("tribello", err.value.summary())
    assert "deals[0].actions[4]: recorded chance outcome 'zzz'" in notice and "kept as" in notice
    assert notice in userfiles.notices and saves.load_saved("tribello") is None
