"""``cardtable-sim``: plays matches headless, replays records, checks rules files; never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules
from rules.sim import main

TRY_TOML = rules.load_game("try").config.path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


# ------------------------------------------------------------------- playing
def test_text_report_shows_wins_scores_and_speed(capsys):
    code, out, _ = run(capsys, "try", "--players", "3", "--games", "4", "--seed", "1")
    assert code == 0
    for words in (
        "wins:",
        "team win rate",
        "team scores: mean",
        "median",
        "min",
        "max",
        "loss by stock",
        "matches/s",
        "deals/s",
        "decisions/s",
    ):
        assert words in out


def test_json_report_is_one_object_with_the_figures(capsys):
    code, out, _ = run(capsys, "try", "--players", "2", "--games", "3", "--bots", "normal", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["game"] == "try" and report["players"] == 2 and report["games"] == 3
    assert report["bots"] == ["normal", "normal"]
    assert set(report["scores"]) == {"mean", "median", "min", "max"}
    for key in (
        "wins",
        "team_win_rate",
        "mean_score",
        "loss_by_stock_rate",
        "matches_per_s",
        "deals_per_s",
        "decisions_per_s",
        "outcomes",
    ):
        assert key in report
    assert sum(report["outcomes"].values()) == 3


def test_match_seeds_follow_the_seed_so_runs_repeat(capsys):
    _, first, _ = run(capsys, "try", "--games", "5", "--seed", "9", "--json")
    _, again, _ = run(capsys, "try", "--games", "5", "--seed", "9", "--json")
    keep = ("wins", "scores", "outcomes")
    assert {k: json.loads(first)[k] for k in keep} == {k: json.loads(again)[k] for k in keep}


def test_a_comma_list_gives_one_bot_per_seat_and_rotate_moves_them(capsys):
    code, out, _ = run(
        capsys, "try", "--players", "3", "--games", "6", "--bots", "normal,random,easy", "--rotate", "--json"
    )
    assert code == 0
    report = json.loads(out)
    assert report["bots"] == ["normal", "random", "easy"] and report["rotate"] is True


@pytest.mark.parametrize("game", sorted(set(rules.list_games())))
def test_every_game_plays_headless(capsys, game):
    code, out, _ = run(capsys, game, "--games", "1", "--json")
    assert code == 0
    assert json.loads(out)["games"] == 1


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["nosuchgame"], "unknown game"),
        (["try", "--bots", "genius"], "unknown bot"),
        (["try", "--bots", "normal,random"], "2 bots for 3 players"),
        (["try", "--players", "9"], "players"),
        (["try", "--variant", "upside-down"], "variant"),
        (["try", "--games", "lots"], "--games"),
    ],
)
def test_bad_requests_print_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert words in one_line(err)


# -------------------------------------------------------------------- replay
def test_replay_of_a_written_record_prints_its_scores(capsys, tmp_path):
    code, _, _ = run(capsys, "try", "--games", "2", "--seed", "4", "--bots", "normal", "--records", str(tmp_path))
    assert code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    record = json.loads(files[0].read_text())
    code, out, _ = run(capsys, "replay", str(files[0]))
    assert code == 0
    assert f"scores: Normal 1 {record['totals'][0]}" in out
    assert "winners:" in out


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps({"format": "something-else"}),
        json.dumps([1, 2, 3]),
        json.dumps({"format": "cardtable-record/1", "game": "try", "deals": [{"layout": {"hand/0": ["99Q"]}}]}),
    ],
)
def test_a_corrupt_record_gives_one_line_and_exit_1(capsys, tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert out == ""
    assert one_line(err).startswith(f"{path}: ")


def test_a_record_with_an_illegal_move_is_refused(capsys, tmp_path):
    run(capsys, "try", "--games", "1", "--records", str(tmp_path))
    path = next(tmp_path.glob("*.json"))
    record = json.loads(path.read_text())
    record["deals"][0]["actions"][0][1] = "discard 13S"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert "actions[0]" in one_line(err)


def test_replay_of_a_missing_file_exits_1(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "nowhere.json"))
    assert code == 1
    assert one_line(err).startswith(str(tmp_path / "nowhere.json"))


# --------------------------------------------------------------------- check
def test_check_accepts_the_shipped_try_rules(capsys):
    code, out, _ = run(capsys, "check", str(TRY_TOML))
    assert code == 0
    assert out.strip() == f"{TRY_TOML}: ok"


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = TRY_TOML.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "try.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("hand = 6\n", "hand = [6\n", "line "),
        ("try_size = 4\n", 'try_size = 4\ncolour = "red"\n', "deal.colour"),
        ("wild_points = 7", 'wild_points = "seven"', "scoring.wild_points"),
        ("try_size = 4", "try_size = 40", "deal.try_size"),
        ("default = 11\nmin = 0\nmax = 40", "default = 45\nmin = 0\nmax = 50", "settings.removed"),
    ],
    ids=["toml-syntax", "unknown-key", "wrong-type", "out-of-range", "deck-too-small-for-the-deal"],
)
def test_check_reports_each_problem_as_file_key_message_and_exits_1(capsys, tmp_path, old, new, where):
    path = broken(tmp_path, old, new)  # a copy of try.toml: refused first as a copy (check_rules_file)
    code, out, err = run(capsys, "check", "--all", str(path))
    assert code == 1
    assert out == ""
    lines = err.strip().splitlines()
    assert lines and all(line.startswith(f"{path}: ") for line in lines)
    assert any(line.startswith(f"{path}: {where}") for line in lines), lines


def test_check_of_a_missing_file_exits_1(capsys, tmp_path):
    code, _, err = run(capsys, "check", str(tmp_path / "none.toml"))
    assert code == 1
    assert one_line(err).startswith(str(tmp_path / "none.toml"))
