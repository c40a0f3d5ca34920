"""What the Oh Hell plugin showed at the generic table, fixed for every game and tested at the
smallest window (800x560) with real pygame events under the dummy driver:

- choices that carry an int ``value`` (bids 0..13) are a row of small square number buttons that
  fit beside the player's plate, and a click on one bids it;
- a status line too long for its pill takes two lines (the choice row moves above it);
- a plate's ``value`` ("bid 2 · won 0") is drawn large and bold in front of the smaller line;
- every zone label goes through the presenter (``Presenter.label``): Oh Hell's up-card says
  "Trump", not "Trump · 1", and its empty place "No trump".
"""

from __future__ import annotations

import os
from itertools import combinations
from typing import Any

import pygame
import pytest
from conftest import app_fixture

import rules
from rules import Action

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SEATS = [{"name": "Ann", "kind": "human"}] + [
    {"name": name, "kind": "bot", "level": "normal"} for name in ("Basil", "Cleo", "Dora")
]


app = app_fixture((800, 560), no_log=True)


def ohhell_table(app: Any, deal: int, dealer: int, play: bool = False) -> Any:
    """Ann's table in deal ``deal`` of a four-player Oh Hell match, her turn to bid (or to play)."""
    from pointer import settle

    from cardtable.session import Session
    from cardtable.table import TableScene
    from rules.bots import make_bot

    if "ohhell" not in rules.list_games():
        pytest.fail("the Oh Hell example is not installed (pip install -e examples/cardtable-ohhell)")
    state = rules.load_game("ohhell").new_match(players=4, seed=11, seats=SEATS, dealer=dealer, start={"deal": deal})
    if play:
        bots = [make_bot("ohhell", "normal", seat, 1) for seat in range(4)]
        while state.view(None).public["phase"] == "bid":
            seat = state.current_player
            state.apply(bots[seat].choose(state.view(seat)))
    table = TableScene(app, Session.from_record(state.to_record()))
    app.push(table)
    settle(app)
    assert table._my_turn()
    return table


def pill_box(table: Any) -> pygame.Rect:
    from cardtable.table import hud

    scratch = pygame.Surface(table.size)
    return hud.draw_pill(scratch, table.layout.status, table.status_text, table.layout.u)


# ------------------------------------------------------------------ number buttons
def test_fourteen_bids_are_small_square_buttons_that_fit_and_a_click_bids(app):
    from pointer import click, settle

    from cardtable.table.choice_row import NumberButton

    table = ohhell_table(app, deal=13, dealer=3)  # Ann bids first: 0 to 13 all legal
    buttons = table.choice_buttons
    assert [b.label for b in buttons] == [str(k) for k in range(14)]
    assert all(isinstance(b, NumberButton) for b in buttons)
    rects = [b.rect for b in buttons]
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(r) and r.width <= r.height for r in rects)
    assert not any(a.colliderect(b) for a, b in combinations(rects, 2))
    assert not any(r.colliderect(table.layout.seats[0].plate) for r in rects)
    assert not any(r.colliderect(pill_box(table)) for r in rects)
    assert rects[-1].right - rects[0].left < window.width * 0.8  # a compact row, not fourteen wide buttons

    click(app, buttons[5].rect.center)
    settle(app)
    assert table.state.to_record()["deals"][-1]["actions"][0] == [0, "bid 5"]


def test_only_numbered_choices_become_number_buttons():
    from cardtable.table.choice_row import NumberButton, buttons_for

    chosen: list[str] = []
    actions = [
        Action("bid", "bid 2", label="2", value=2),
        Action("pass", "pass", label="Pass"),
        Action("call", "call yes", label="Yes", value=True),
        Action("say", "say a", value="a"),
    ]
    buttons = buttons_for(actions, lambda a: chosen.append(a.text))
    assert [type(b) is NumberButton for b in buttons] == [True, False, False, False]
    assert [b.label for b in buttons] == ["2", "Pass", "Yes", "say a"]
    buttons[0].activate()
    buttons[1].activate()
    assert chosen == ["bid 2", "pass"]


def test_worded_choices_keep_their_wide_buttons(app):
    """Troeven's trump call (suit buttons, no numbers) is laid out as before: equal wide buttons."""
    from pointer import settle

    from cardtable.session import Session
    from cardtable.table import TableScene

    game = rules.load_game("troeven")
    for seed in range(40):
        state = game.new_match(players=3, seed=seed, seats=SEATS[:3])
        if state.current_player == 0 and any(a.source is None for a in state.legal_actions()):
            break
    else:
        pytest.fail("no seed gives Ann the first choice")
    table = TableScene(app, Session(state))
    app.push(table)
    settle(app)
    rects = [b.rect for b in table.choice_buttons]
    assert len(rects) >= 2 and len({r.width for r in rects}) == 1 and rects[0].width > rects[0].height * 2


# ------------------------------------------------------------------ the status line
def test_a_long_status_takes_two_lines_and_the_bids_move_above_it(app):
    from cardtable import widgets as ui
    from cardtable.table import hud

    table = ohhell_table(app, deal=13, dealer=0)  # Ann deals and bids last: notes on the bids so far
    rect = table.layout.status
    lines = hud.pill_lines(table.status_text, rect)
    assert len(lines) == 2, table.status_text
    assert " ".join(lines).replace("  ", " ") in table.status_text.replace("  \u00b7  ", " ")
    size = rect.height * hud.PILL_TEXT * 0.92
    assert all(ui.text(line, size, ui.WHITE).get_width() <= rect.width - rect.height for line in lines)
    box = pill_box(table)
    assert box.bottom == rect.bottom and box.height > rect.height * 1.5
    assert pygame.Rect((0, 0), app.size).contains(box)
    assert all(b.rect.bottom <= box.top for b in table.choice_buttons)
    app.draw()


def test_a_long_hint_said_over_a_short_status_moves_the_bids_above_it(app):
    """A hint (or a refusal) is shown in the status's pill: when it takes two lines the number
    buttons move above it, as for a long status (a bid's hint once hid under them)."""
    from cardtable.table import hud

    table = ohhell_table(app, deal=2, dealer=1)  # Ann bids first: a short prompt
    rect = table.layout.status
    assert len(hud.pill_lines(table.status_text, rect)) == 1
    below = [b.rect.bottom for b in table.choice_buttons]
    hint = (
        "Hint: 0 \u2014 played out 9736 deals that fit your hand: you took 0 tricks most often, "
        "and 0 scores about 9.0 points on average, the next best bid 1 about 1.0"
    )
    table._say(hint, "hint")
    app.draw()
    scratch = pygame.Surface(table.size)
    box = hud.draw_pill(scratch, rect, hint, table.layout.u, hint=True)
    assert box.height > rect.height * 1.5
    assert all(b.rect.bottom <= box.top for b in table.choice_buttons)
    assert max(below) > box.top  # where they were, the hint's pill would have covered them


def test_a_short_status_stays_one_line_in_the_same_pill():
    from cardtable.table import hud

    pygame.init()
    rect = pygame.Rect(100, 400, 532, 26)
    assert hud.pill_lines("Your turn.", rect) == ["Your turn."]
    assert hud.pill_growth("Your turn.", rect) == 0
    box = hud.draw_pill(pygame.Surface((800, 560)), rect, "Your turn.", 0.7)
    assert box.center == rect.center and box.height == rect.height


# ------------------------------------------------------------------ plates and labels
def test_the_plate_value_is_drawn_large_and_bold(app, monkeypatch):
    from cardtable import widgets as ui

    table = ohhell_table(app, deal=6, dealer=3, play=True)
    drawn: list[tuple[str, float, bool]] = []
    real = ui.blit_text

    def spy(surface, s, size, color, pos, anchor="topleft", bold=False, max_width=None):
        drawn.append((s, size, bold))
        return real(surface, s, size, color, pos, anchor, bold, max_width)

    monkeypatch.setattr(ui, "blit_text", spy)
    app.draw()
    plate_h = min(box.plate.height for box in table.layout.seats.values())
    bids = table.view.public["bids"]
    for seat in range(4):
        value = next(d for d in drawn if d[0] == f"bid {bids[seat]} \u00b7 won 0")
        points = [d for d in drawn if d[0] == "0 pts"]
        assert value[2] and value[1] >= 0.4 * plate_h
        assert points and all(p[1] < value[1] for p in points)


def test_zone_labels_come_from_the_presenter(app, monkeypatch):
    import sprites
    from cardtable.table import hud

    labels: list[str] = []
    monkeypatch.setattr(hud, "zone_label", lambda surface, text, *args, **kw: labels.append(text))
    ohhell_table(app, deal=6, dealer=3, play=True)
    app.draw()
    assert "Trump" in labels and not any(text.startswith("Trump ") for text in labels)
    assert "27 deck" in labels  # the generic label, the presenter kept it
    app.stack.clear()

    slots: list[str] = []
    real = sprites.pile_slot
    monkeypatch.setattr(sprites, "pile_slot", lambda w, label, lit: slots.append(label) or real(w, label, lit))
    ohhell_table(app, deal=13, dealer=3)  # every card dealt: no up-card
    app.draw()
    assert "No trump" in slots


def test_a_block_label_names_its_zone_for_the_presenter():
    from cardtable.table.status import block_zone

    specs = {"middle": {"label": "Middle (face down)"}, "dummy": {}}
    assert block_zone("Middle", specs) == "middle"
    assert block_zone("dummy", specs) == "dummy"
    assert block_zone("Elsewhere", specs) == "Elsewhere"
