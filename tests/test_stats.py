"""Statistics and history: a finished match a human played is counted per game in the user data
folder (durably, like saves); the figures per variant (played, won, best, average, streaks, bot
levels) are right for games where higher and where lower is better; a damaged file (or one
holding damaged entries) is moved aside whole with a notice; the statistics screen and its
chart draw under the dummy driver."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

import rules
from cardtable import charts, stats, userfiles
from cardtable.app import App
from cardtable.scenes.stats_scene import StatsScene, day_name, matches_words, summary_rows, variant_names
from cardtable.session import Session


def played(
    variant: str = "standard", scores=(10, 5, 3), winners=(0,), humans=(0,), levels=("normal", "hard"), totals=()
) -> stats.Played:
    return stats.Played(
        "2026-12-01T20:00:00",
        variant,
        len(scores),
        tuple(humans),
        tuple(levels),
        tuple(scores),
        tuple(winners),
        tuple(tuple(t) for t in totals),
    )


def finish(session: Session) -> None:
    while not session.is_over:
        seat = session.to_act
        bot = session.bots.get(seat) or session.advisor(seat)
        session.apply(session.bot_action(bot.choose(session.bot_view(seat))))


def test_a_finished_match_with_a_human_is_counted_once(user_home: Path) -> None:
    seats = [
        {"name": "Ann", "kind": "human"},
        {"name": "B", "kind": "bot", "level": "normal"},
        {"name": "C", "kind": "bot", "level": "easy"},
    ]
    session = Session.new("troeven", 3, None, seats, 5, {})
    finish(session)
    (entry,) = stats.history("troeven")
    state = session.state
    assert entry.scores == tuple(state.scores) and entry.winners == tuple(state.winners)
    assert entry.humans == (0,) and entry.levels == ("normal", "easy") and entry.variant == state.variant
    assert entry.totals and entry.totals[-1] == tuple(state.scores)  # running totals end at the final scores
    assert len(entry.totals) == len(state.deal_results)
    start = state.to_record()["start"]["scores"]  # Troeven counts down from a tally of its own
    first = state.deal_results[0].scores
    assert entry.totals[0] == tuple(a + b for a, b in zip(start, first, strict=True))
    again = Session.from_record(state.to_record())  # a finished match opened again is not counted again
    again._autosave()
    assert len(stats.history("troeven")) == 1
    data = json.loads((user_home / "stats" / "troeven.json").read_text(encoding="utf-8"))
    assert data["format"] == stats.FORMAT and len(data["matches"]) == 1


def test_bots_only_matches_are_not_counted(user_home: Path) -> None:
    seats = [{"name": n, "kind": "bot", "level": "normal"} for n in "ABC"]
    finish(Session.new("tribello", 3, None, seats, 2, {}))
    assert stats.history("tribello") == [] and not (user_home / "stats").exists()


def test_figures_where_higher_is_better() -> None:
    matches = [
        played(scores=(10, 5, 3), winners=(0,)),
        played(scores=(2, 9, 3), winners=(1,)),
        played(scores=(12, 1, 0), winners=(0,), levels=("easy", "easy")),
        played(scores=(7, 6, 1), winners=(0,)),
        played("thirty", scores=(4, 5, 6), winners=(2,)),
    ]
    standard, thirty = stats.summary("tribello", matches)
    assert (standard.variant, standard.played, standard.won, standard.best) == ("standard", 4, 3, 12)
    assert standard.average == pytest.approx((10 + 2 + 12 + 7) / 4)
    assert (standard.streak, standard.longest) == (2, 2)
    assert standard.levels == {"easy": 1, "hard": 3, "normal": 3} and not standard.lower_is_better
    assert (thirty.played, thirty.won, thirty.streak, thirty.best) == (1, 0, 0, 4)


def test_figures_where_lower_is_better() -> None:
    """3-Player Troeven counts down: the winner holds the lowest tally, so the best is the lowest."""
    matches = [
        played(scores=(0, 4, 7), winners=(0,)),
        played(scores=(3, 0, 5), winners=(1,)),
        played(scores=(0, 2, 9), winners=(0,)),
    ]
    (summary,) = stats.summary("troeven", matches)
    assert summary.lower_is_better and summary.best == 0 and summary.won == 2
    assert (summary.streak, summary.longest) == (1, 1)
    rows = summary_rows("troeven", [summary])
    assert rows[0][0] == "Variant" and rows[1][3] == "0 (lowest)" and rows[1][2] == "2 (67%)"
    # three matches against a hard and a normal bot each: counted in matches, never read as bots
    assert rows[0][-1] == "Matches against" and rows[1][-1] == "hard: 3, normal: 3"


def test_a_cooperative_loss_and_win_are_told_apart() -> None:
    """Try: every seat has the team score; a loss has no winners."""
    lost, won = played("standard", (0, 0, 0), ()), played("standard", (31, 31, 31), (0, 1, 2))
    (summary,) = stats.summary("try", [lost, won])
    assert (summary.won, summary.best, summary.streak) == (1, 31, 1) and not summary.lower_is_better


def test_a_damaged_statistics_file_is_moved_aside_and_counting_goes_on(user_home: Path) -> None:
    folder = user_home / "stats"
    folder.mkdir()
    (folder / "trio.json").write_text("{not json", encoding="utf-8")
    assert stats.history("trio") == []
    notice = userfiles.notices[-1]
    assert "stats/trio.json: not readable" in notice and "statistics start again" in notice
    assert [p.name for p in folder.iterdir() if p.name.startswith("trio.damaged-")]
    stats.record("trio", played(scores=(2, 1, 0), winners=(0,)))
    assert len(stats.history("trio")) == 1


def test_entries_that_cannot_be_read_are_kept_aside_and_the_rest_counted(user_home: Path) -> None:
    """Damaged entries are never dropped for good: the file holding them is moved aside whole
    (one notice saying how many), the readable entries stay counted, and the next match recorded
    adds to those."""
    good = played().to_json()
    bad = dict(good, scores=[1, 2])  # three players, two scores
    folder = user_home / "stats"
    folder.mkdir()
    raw = json.dumps({"format": stats.FORMAT, "matches": [bad, good, 7]})
    (folder / "try.json").write_text(raw)
    assert stats.history("try") == [played()]
    [kept] = [p for p in folder.iterdir() if p.name.startswith("try.damaged-")]
    assert kept.read_text() == raw  # every entry, the unreadable ones too
    assert userfiles.notices[-1].startswith("stats/try.json: 2 entries could not be read; kept as try.damaged-")
    assert userfiles.notices[-1].endswith("; the other 1 are counted")
    stats.record("try", played(scores=(1, 9, 3), winners=(1,)))
    assert stats.history("try") == [played(), played(scores=(1, 9, 3), winners=(1,))]
    assert kept.read_text() == raw and len(list(folder.iterdir())) == 2
    assert sum(line.startswith("stats/try.json") for line in userfiles.notices) == 1  # said once


def test_entries_that_cannot_be_moved_aside_are_not_written_over(user_home: Path, monkeypatch) -> None:
    folder = user_home / "stats"
    folder.mkdir()
    raw = json.dumps({"format": stats.FORMAT, "matches": [played().to_json(), "damaged"]})
    (folder / "try.json").write_text(raw)
    monkeypatch.setattr(userfiles, "move_aside", lambda path: (_ for _ in ()).throw(PermissionError(13, "denied")))
    with pytest.raises(OSError, match="could not be read or moved aside"):
        stats.record("try", played(scores=(1, 9, 3), winners=(1,)))
    assert (folder / "try.json").read_text() == raw


def test_a_sealed_user_folder_counts_nothing(user_home: Path) -> None:
    userfiles.seal()
    try:
        stats.record("try", played())
        assert stats.history("try") == []
    finally:
        userfiles.unseal()
    assert not (user_home / "stats").exists()


def test_chart_scales_on_round_ticks_and_maps_values_to_pixels() -> None:
    assert charts.nice_step(100) == 20 and charts.nice_step(7) == 2 and charts.nice_step(0) == 1
    assert charts.scale([[3, 41, 17], [-6, 2]]) == (-10, 50, 10)
    assert charts.scale([[0, 0]]) == (0, 1, 1)
    rect = pygame.Rect(100, 50, 200, 100)
    assert charts.points([0, 10, 5], rect, 3, 0, 10) == [(100, 150), (200, 50), (300, 100)]


def test_the_statistics_screen_draws_each_game_and_keys_change_the_game(user_home: Path) -> None:
    stats.record("troeven", played("standard", (0, 4, 7), (0,), totals=[(20, 18, 17), (9, 12, 10), (0, 4, 7)]))
    stats.record("troeven", played("standard", (3, 0, 5), (1,)))
    app = App(size=(1024, 700), fast=True)
    scene = StatsScene(app, "troeven")
    app.push(scene)
    app.frame(0.016)
    assert scene.game_id == "troeven" and len(scene.rows) == 2 and scene.rows[1][1] == "2"
    before = pygame.display.get_surface().copy()
    ids = [e.id for e in scene.entries]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.frame(0.016)
    assert scene.game_id == ids[(ids.index("troeven") + 1) % len(ids)] and scene.history == []
    assert pygame.display.get_surface().get_at(scene.chart_rect.center) != before.get_at(scene.chart_rect.center)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.frame(0.016)
    assert app.stack.top is not scene


def test_every_game_draws_on_the_statistics_screen_at_the_smallest_window(user_home: Path) -> None:
    app = App(size=(800, 560), fast=True)
    for game_id in rules.list_games():
        stats.record(game_id, played(scores=(5, 3, 1), winners=(0,)))
    scene = StatsScene(app)
    app.push(scene)
    for entry in scene.entries:
        scene.show(entry.id)
        app.frame(0.016)
        assert scene.chart_rect.height > 0 and scene.table_rect.bottom < scene.close_button.rect.top


def test_chart_points_may_share_one_axis_with_gaps() -> None:
    rect = pygame.Rect(0, 0, 100, 10)
    assert charts.points([5, 10], rect, 5, 0, 10, at=[1, 4]) == [(25, 5), (100, 0)]


def test_the_menus_statistics_button_opens_the_screen_by_a_click(user_home: Path) -> None:
    from cardtable.scenes.menu import MenuScene

    app = App(size=(800, 560), fast=True)
    menu = MenuScene(app)
    app.push(menu)
    app.frame(0.016)
    button = menu.stats_button
    assert button.rect.bottom <= menu.quit_button.rect.top and button.rect.width > 0
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"button": 1} if kind != pygame.MOUSEMOTION else {"rel": (0, 0), "buttons": (0, 0, 0)}
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, **extra))
    app.frame(0.016)
    assert isinstance(app.stack.top, StatsScene)


def test_the_result_screen_charts_the_running_totals_of_a_match_of_several_deals(user_home: Path) -> None:
    from cardtable.scenes.result import ResultScene

    seats = [
        {"name": "Ann", "kind": "human"},
        {"name": "B", "kind": "bot", "level": "normal"},
        {"name": "C", "kind": "bot", "level": "normal"},
    ]
    session = Session.new("tribello", 3, None, seats, 4, {})
    finish(session)
    app = App(size=(1280, 800), fast=True)
    scene = ResultScene(app, session)
    app.push(scene)
    app.frame(0.016)
    assert [b.title for b in scene.blocks][-1] == "Running totals"
    totals = stats.running_totals(session.state)
    assert len(totals) == 12 and totals[0] == tuple(session.state.deal_results[0].scores)  # Tribello starts at 0
    assert totals[-1] == tuple(session.state.scores)


def test_between_deals_the_sheet_has_the_running_totals_beside_it_where_there_is_room(user_home: Path) -> None:
    from cardtable.table.score_sheet import ScoreSheetScene
    from rules.presenter import presenter_for

    state = rules.load_game("tribello").new_match(seed=4)
    rng = __import__("random").Random(2)
    while len(state.deal_results) < 3:
        state.apply(rng.choice(state.legal_actions()))
    names = ["Ann", "Basil", "Cleo"]
    sheet = presenter_for(state.game, state.deck).score_sheet(
        list(state.deal_results), list(state.scores), names, state.view(None)
    )
    totals = stats.running_totals(state)
    for size, beside in (((1920, 1080), True), ((800, 560), False)):
        app = App(size=size, fast=True)
        scene = ScoreSheetScene(app, sheet, state.deck.style, "Next deal", totals=totals, names=names)
        app.push(scene)
        app.frame(0.016)
        if beside:
            assert scene.chart is not None and scene.chart.left > scene.panel.right
            assert scene.chart.right <= size[0] and scene.button.rect.top > scene.chart.bottom
        else:
            assert scene.chart is None  # too narrow: the sheet alone, as before


def test_the_chart_and_table_speak_a_players_words() -> None:
    """A day reads "2 Dec" (the small font's slash vanished: "2/12" looked like 212), one match is
    "your last match", and a variant without a name in its rules file is capitalised."""
    assert day_name("2026-12-02T04:30:00") == "2 Dec" and day_name("2027-01-31T23:59:59") == "31 Jan"
    assert day_name("garbled") == "garbled"
    assert matches_words(1) == "your last match" and matches_words(7) == "your last 7 matches, oldest first"
    assert variant_names("try") == {"standard": "Standard"}
    assert variant_names("trio")["team-simple"] == "Teams, simple"  # a name the rules file gives is kept
