"""Following a lesson at the table as a new player would: real key presses only (Enter for the
coach's Next, the table's keys for moves, ``keyboard.do``), never ``state.apply``. Shared by the
lesson tests."""

from __future__ import annotations

import fnmatch
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
from keyboard import aim_at, button_for, do, focus_card, pick_value, press, press_button, select

from cardtable.app import App
from cardtable.table import TableScene
from rules import Action
from rules.lessons import Coach

STEPS = 4_000  # the most things a player does in one lesson (a long deal played on to its end)


@dataclass
class Followed:
    """What happened on the way: the steps seen, the player's moves, the coach's answers."""

    steps: list[int] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    answers: list[tuple[int, str, str]] = field(default_factory=list)  # step, move tried, what the coach said
    looked: int = 0  # frames checked by ``look``


def table_of(app: App) -> TableScene:
    top = app.stack.top
    assert isinstance(top, TableScene) and top.coach is not None, f"not a lesson's table: {type(top).__name__}"
    return top


def moves_made(table: TableScene) -> int:
    return sum(len(deal["actions"]) for deal in table.state.log)


def rest(app: App, frames: int = 600) -> None:
    """Frames until the table waits: for the player's move, or for the player to read the coach
    (the bots hold still meanwhile), or at the lesson's end."""
    for _ in range(frames):
        app.frame(1 / 60)
        top = app.stack.top
        if not isinstance(top, TableScene) or top.coach is None:
            return
        if top._busy() or top.dirty:
            continue
        coach = top.coach.coach
        if top._my_turn() or top.session.is_over or coach.finished or not coach.bots_may_act():
            return


def settle_table(app: App) -> None:
    """Frames until the table rests: the player's turn, or a step nobody moves in."""
    for _ in range(40):
        rest(app)
        top = app.stack.top
        if isinstance(top, TableScene) or not hasattr(top, "sheet"):
            return
        press(app, pygame.K_RETURN)  # a score sheet between deals


BUILDS = ("meld", "extend")  # moves the table makes as one gesture: cards chosen, then a button or a meld


def off_path(table: TableScene, coach: Coach) -> Action | None:
    """A legal move the step does not ask for (one made in one gesture, not a build), if any."""
    step = coach.step
    return next((a for a in table.state.legal_actions() if not step.wants(a.text) and a.kind not in BUILDS), None)


def inner_steps(lesson) -> set[int]:
    """The steps made within a build's gesture (its cards added one by one, then committed): the
    table passes them as it makes those moves, so they are never shown at rest."""
    inner, building = set(), False
    for i, step in enumerate(lesson.steps):
        word = step.expect[0].split()[0] if step.expect else ""
        if building and word in ("add", "commit"):
            inner.add(i)
            building = word != "commit"
        else:
            building = word in BUILDS
    return inner


def make(app: App, table: TableScene, coach: Coach, action: Action) -> None:
    """Make ``action`` with the keys. A build (a meld, a lay-off) is one gesture at the table: the
    cards the next steps add one by one ("add 7*", "add JK A") are chosen with Space, then the
    meld's button is pressed (a lay-off: Enter, and the meld), each wild card's value picked."""
    if action.kind not in BUILDS:
        do(app, table, action)
        return
    parts = []
    for step in coach.lesson.steps[coach.index + 1 :]:
        words = step.expect[0].split() if step.expect else []
        if not words or words[0] != "add":
            break
        parts.append(words[1:])
    hand = [c.text for c in table.board.zones[table.my_hand]]
    texts: list[str] = []
    for pattern, *_value in parts:
        texts.append(next(t for t in hand if fnmatch.fnmatchcase(t, pattern) and texts.count(t) < hand.count(t)))
    select(app, table, texts)
    if action.kind == "meld":
        press_button(app, table, button_for(table, action))
    else:
        focus_card(app, table, lambda c: c.zone == table.my_hand and c.text == texts[0])
        press(app, pygame.K_RETURN)
        aim_at(app, table, action.target)
    for _pattern, *value in parts:
        pick_value(app, table, value[0] if value else None)


def follow(app: App, *, stray: bool = False, look: Callable[[TableScene], None] | None = None) -> Followed:
    """Follow the lesson on the screen to its end. ``stray``: at every step that asks for a move,
    first make (with the keys) a legal move it does not ask for: the coach must answer with the
    step's advice and the match stay as it was. ``look`` is called with the table at every step."""
    seen = Followed()
    strayed: set[int] = set()
    for _ in range(STEPS):
        settle_table(app)
        table = table_of(app)
        coach = table.coach.coach
        if coach.finished:
            return seen
        if not seen.steps or seen.steps[-1] != coach.index:
            seen.steps.append(coach.index)
            if look is not None:
                app.frame(1 / 60)
                look(table)
                seen.looked += 1
        step = coach.step
        mine = table._my_turn()
        if stray and mine and coach.index not in strayed and step.until == "move":
            strayed.add(coach.index)
            wrong = off_path(table, coach)
            if wrong is not None:
                before, index = moves_made(table), coach.index
                table.said.text = ""
                do(app, table, wrong)
                said = table.said.text
                assert said, f"step {index + 1}: the coach says nothing to {wrong.text!r}"
                assert moves_made(table) == before and coach.index == index, f"{wrong.text!r} was made"
                if table.coach.layer.coach.verdict(wrong) is not None and step.otherwise:  # the coach's answer
                    assert step.otherwise in said, (said, step.otherwise)  # (else the table's own refusal)
                seen.answers.append((index, wrong.text, said))
                if (
                    table.pointer.selected is not None
                    or table.pointer.press is not None
                    or table.keyboard.button is not None
                ):
                    press(app, pygame.K_ESCAPE)  # whatever the keys left picked up
                assert not table.menu.open
                continue
        if step.until == "next":
            press(app, pygame.K_RETURN)
            continue
        if not mine:
            continue  # the bots play (settle_table lets them)
        allowed = [a for a in table.state.legal_actions() if step.wants(a.text)]
        assert allowed, f"step {coach.index + 1}: none of {step.expect} is legal at the table"
        before = moves_made(table)
        make(app, table, coach, allowed[0])
        assert moves_made(table) > before or table_of(app) is not table, f"{allowed[0].text!r} was not made"
        seen.moves.append(allowed[0].text)
    raise AssertionError("the lesson did not end")
