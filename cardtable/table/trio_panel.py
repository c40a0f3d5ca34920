"""Trio's words and panels at the table: the status line, the goal in the top bar, each seat's
progress and team colour on its name plate, the "lowest"/"highest" tags and the optional
history of the last turns' reveals (Settings: "show reveal history").

Everything here reads the seat's view only (``table.view``), like the rest of the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from sprites.faces import TRIO_COLORS

from .. import widgets as ui
from . import hud

if TYPE_CHECKING:
    from .cards import CardSprite
    from .scene import TableScene

TEAM_COLORS = ((232, 128, 84), (92, 172, 236), (176, 132, 226))
TEAM_NAMES = "ABC"


# ================================================================= words
def _names(table: TableScene, seats: list[int]) -> str:
    words = ["you" if s == table.seat else table._name(s) for s in seats]
    if table.seat in seats:  # "you and Cleo"
        words.sort(key=lambda w: w != "you")
    text = " and ".join(words)
    return text[:1].upper() + text[1:]


def winners_line(table: TableScene, winners: list[int]) -> str:
    """ "You win", "Ann wins", "Bob and Dan win"."""
    if not winners:
        return "The game is over"
    one = len(winners) == 1 and winners[0] != table.seat
    return f"{_names(table, winners)} win{'s' if one else ''}"


def goal_line(view: dict[str, Any]) -> str:
    """What wins in this mode, for the top bar."""
    settings = view.get("settings") or {}
    sevens = " or the 7s" if settings.get("sevens_win", True) else ""
    if settings.get("spicy"):
        goal = f"2 connected trios{sevens} win"
    else:
        count = int(settings.get("trios_to_win", 3))
        goal = f"{count} trio{'s' if count != 1 else ''}{sevens} win"
    return f"teams pool their trios: {goal}" if settings.get("teams") else goal


def revealed_numbers(view: dict[str, Any]) -> list[str]:
    return [str(t) for t in (view.get("zones") or {}).get("revealed", ()) if t is not None]


def status_line(table: TableScene, generic: str) -> str:
    """The status line: whose turn, what was revealed so far, what the player may do."""
    view = table.view
    public = view.get("public") or {}
    if view.get("over"):
        reason = public.get("reason")
        line = winners_line(table, list(public.get("winners") or []))
        return f"{line}: {reason}" if reason else line
    current = view.get("current_player")
    mine = table._my_turn()
    if public.get("phase") == "swap":
        if mine:
            partner = _partner(table)
            return (
                f"Offer {partner} one of your cards: drag it onto their hand, or click it and press Swap \u2014 or Pass"
            )
        choice = public.get("choice") or {}
        waiting = [s for s in choice.get("order", []) if s not in choice.get("answered", [])]
        verb = "are" if len(waiting) > 1 or table.seat in waiting else "is"
        return f"{_names(table, waiting)} {verb} choosing a card to swap\u2026" if waiting else generic
    numbers = revealed_numbers(view)
    if not numbers:
        if mine:
            return "Your turn: reveal a middle card or the lowest/highest card of any hand"
        return generic
    who = "You" if current == table.seat and mine else table._name(current)
    shown = ", ".join(numbers)
    if len(numbers) >= 2:
        return f"{who} revealed {shown} \u2014 one more!"
    return f"{who} revealed {shown} \u2014 now another {numbers[0]}" if mine else f"{who} revealed {shown}"


def _partner(table: TableScene) -> str:
    teams = (table.view.get("public") or {}).get("teams") or []
    for team in teams:
        if table.seat in team:
            others = [s for s in team if s != table.seat]
            return table._name(others[0]) if others else "your partner"
    return "your partner"


def offered_card(table: TableScene) -> CardSprite | None:
    """The card this seat offered in the swap being chosen (its own secret), if any."""
    public = table.view.get("public") or {}
    choice = public.get("choice") or {}
    answer = str(choice.get("mine") or "")
    if public.get("phase") != "swap" or not answer.startswith("swap ") or table.my_hand is None:
        return None
    text = answer.split()[1]
    return next((c for c in table.board.zones.get(table.my_hand, []) if c.text == text), None)


# ================================================================= paint
def tag(surface: pygame.Surface, text: str, rect: pygame.Rect, u: float, above: bool) -> None:
    """A small gold label over (or under) a card: "lowest", "highest", "offered"."""
    image = ui.text(text, max(13.0, 15 * u), ui.INK, bold=True)
    box = image.get_rect().inflate(round(14 * u), round(6 * u))
    if above:
        box.midbottom = (rect.centerx, rect.top - round(4 * u))
    else:
        box.midtop = (rect.centerx, rect.bottom + round(4 * u))
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, ui.GOLD_LIGHT, box, border_radius=box.height // 2)
    pygame.draw.rect(surface, ui.INK_SOFT, box, width=1, border_radius=box.height // 2)
    surface.blit(image, image.get_rect(center=box.center))


def chip(surface: pygame.Surface, number: int | None, center: tuple[float, float], radius: float) -> None:
    """A trio's number in its colour (``None``: an empty place still to fill)."""
    if number is None:
        pygame.draw.circle(surface, (150, 176, 160), center, radius, max(1, round(radius * 0.18)))
        return
    color = TRIO_COLORS[(number - 1) % len(TRIO_COLORS)]
    pygame.draw.circle(surface, color, center, radius)
    pygame.draw.circle(surface, ui.CREAM, center, radius, max(1, round(radius * 0.14)))
    label = ui.fit(ui.text(str(number), radius * 1.15, ui.WHITE, bold=True), radius * 1.6)
    surface.blit(label, label.get_rect(center=(round(center[0]), round(center[1]))))


def trio_numbers(view: dict[str, Any], seats: list[int]) -> list[int]:
    zones = view.get("zones") or {}
    numbers: list[int] = []
    for seat in seats:
        cards = [t for t in zones.get(f"trios/{seat}", ()) if t is not None]
        numbers += [int(t) for t in cards[::3] if str(t).isdigit()]
    return numbers


def progress(view: dict[str, Any], seat: int) -> list[int | None]:
    """A seat's chips: its (team's) trios toward the goal; simple mode adds the places still to
    fill, spicy mode shows the numbers held (two connected ones win)."""
    public = view.get("public") or {}
    settings = view.get("settings") or {}
    teams = [list(t) for t in public.get("teams") or []]
    team = team_of(teams, seat)
    spicy = bool(settings.get("spicy"))
    need = 2 if spicy else int(settings.get("trios_to_win", 3))
    numbers = trio_numbers(view, teams[team] if team is not None else [seat])
    places: list[int | None] = list(numbers) if spicy else list(numbers[:need])
    return places + [None] * max(0, need - len(places))


def chips_width(plate: pygame.Rect, count: int) -> int:
    """Room the chips take at the right of a plate's name line."""
    return round(plate.height * 0.2 + plate.height * 0.2 * 2.3 * count)


def draw_plates(surface: pygame.Surface, table: TableScene) -> None:
    """Each plate: its team's colour (team mode) and its progress chips on the name's line."""
    view = table.view
    teams = [list(t) for t in (view.get("public") or {}).get("teams") or []]
    for seat, box in table.layout.seats.items():
        plate = box.plate
        h = plate.height
        team = team_of(teams, seat)
        if team is not None:
            color = TEAM_COLORS[team % len(TEAM_COLORS)]
            band = pygame.Rect(0, 0, max(5, round(h * 0.14)), round(h * 0.62))
            band.midleft = (plate.left + round(h * 0.12), plate.centery)
            pygame.draw.rect(surface, color, band, border_radius=band.width // 2)
            pygame.draw.rect(surface, color, plate, width=2, border_radius=h // 3)
        radius = h * 0.2
        x, y = plate.right - h * 0.2 - radius, plate.top + h * 0.34
        for number in reversed(progress(view, seat)):
            chip(surface, number, (x, y), radius)
            x -= radius * 2.3


def team_of(teams: list[list[int]], seat: int) -> int | None:
    return next((i for i, t in enumerate(teams) if seat in t), None)


def plate_sub(table: TableScene, seat: int, sub: str) -> str:
    """ "bot · normal · team A" in team mode."""
    teams = [list(t) for t in (table.view.get("public") or {}).get("teams") or []]
    team = team_of(teams, seat)
    return sub if team is None else f"{sub}  \u00b7  team {TEAM_NAMES[team % len(TEAM_NAMES)]}"


def _free_rect(table: TableScene, width: int, least: int) -> pygame.Rect | None:
    """The tallest free strip ``width`` wide on the felt (for the history panel), edges first."""
    layout = table.layout
    m = layout.margin
    W = layout.size[0]
    top, bottom = layout.bar.bottom + m, layout.size[1] - m
    blocks = [s.box for s in layout.seats.values() if not s.bottom] + [s.plate for s in layout.seats.values()]
    for name, box in layout.zones.items():
        if name != "revealed":
            blocks.append(box.extent(max(1, len(table.board.zones.get(name, [])))))
    blocks.append(layout.status)
    blocks += [b.rect for b in table.choice_buttons]
    for name, box in layout.zones.items():
        if name.startswith("hand/"):  # with room for the cards a turn lifts out of its ends
            rect = box.rect(max(1, len(table.board.zones.get(name, []))))
            reach = round(box.card_w * 1.6)
            blocks.append(rect.inflate(2 * reach, 0).union(rect.move(0, -box.card_h if box.mine else box.card_h)))
    best: pygame.Rect | None = None
    step = max(8, width // 6)
    xs = sorted(range(m, W - m - width + 1, step), key=lambda x: min(x - m, W - m - width - x))
    for left in xs:
        strip = pygame.Rect(left, top, width, bottom - top)
        edges = sorted((r.top - m // 2, r.bottom + m // 2) for r in blocks if r.colliderect(strip))
        y = top
        for start, end in [*edges, (bottom, bottom)]:
            if start - y >= least and (best is None or start - y > best.height + step):
                best = pygame.Rect(left, y, width, start - y)
            y = max(y, end)
    return best


def _where(table: TableScene, zone: str, end: str | None) -> str:
    """ "mid 3", "Bob low", "your high"."""
    if zone.startswith("middle/"):
        return f"mid {int(zone.split('/')[1]) + 1}"
    seat = int(zone.split("/")[1])
    who = "your" if seat == table.seat else table._name(seat)
    return f"{who} {end}"


def draw_history(surface: pygame.Surface, table: TableScene) -> None:
    """The last turns' reveals, newest first, a line each: who, then every card revealed (a
    chip) with where it came from, and "trio!" when the turn took one. The panel is as wide as
    its longest line and goes where the felt is free."""
    history = list((table.view.get("public") or {}).get("history") or [])
    u = table.layout.u
    size = max(13.0, 15 * u)
    line = round(ui.line_height(size) * 1.3)
    pad, gap = round(10 * u), round(8 * u)
    radius = line * 0.4
    title = ui.text("Last reveals (newest first)", size, ui.GOLD_LIGHT, bold=True)
    rows = []
    for turn in reversed(history):
        who = "You" if turn.get("seat") == table.seat else table._name(turn.get("seat"))
        items = [
            (int(card), ui.text(_where(table, zone, end), size * 0.9, hud.SOFT))
            for card, zone, end in turn.get("reveals") or []
        ]
        trio = ui.text("trio!", size, ui.GOLD_LIGHT, bold=True) if turn.get("result") == "trio" else None
        rows.append((ui.text(who, size, ui.CREAM, bold=True), items, trio))
    name_w = max([round(40 * u)] + [min(r[0].get_width(), round(70 * u)) for r in rows]) + gap
    widths = [
        name_w + sum(2 * radius + 3 + img.get_width() + gap for _, img in items) + (trio.get_width() if trio else 0)
        for _, items, trio in rows
    ]
    width = round(min(max([title.get_width(), *widths]) + 2 * pad, table.layout.size[0] * 0.45))
    area = _free_rect(table, width, line * 2 + 2 * pad)
    if area is None:
        return
    rows = rows[: max(1, (area.height - 2 * pad) // line - 1)]
    panel = pygame.Rect(area.left, area.top, width, 2 * pad + line * (1 + max(1, len(rows))))
    hud.veil(surface, panel, (12, 26, 20, 215), round(10 * u))
    pygame.draw.rect(surface, (90, 120, 100), panel, width=1, border_radius=round(10 * u))
    clip = surface.get_clip()
    surface.set_clip(panel.inflate(-2, -2))
    x0, y = panel.left + pad, panel.top + pad + line / 2
    surface.blit(title, title.get_rect(midleft=(x0, round(y))))
    if not rows:
        ui.blit_text(surface, "none yet", size, hud.SOFT, (x0, y + line), "midleft")
    for name, items, trio in rows:
        y += line
        surface.blit(ui.fit(name, name_w - gap), name.get_rect(midleft=(x0, round(y))))
        x = x0 + name_w
        for number, where in items:
            chip(surface, number, (x + radius, y), radius)
            surface.blit(where, where.get_rect(midleft=(round(x + 2 * radius + 3), round(y))))
            x += 2 * radius + 3 + where.get_width() + gap
        if trio is not None:
            surface.blit(trio, trio.get_rect(midleft=(round(x), round(y))))
    surface.set_clip(clip)


def draw_place_numbers(surface: pygame.Surface, table: TableScene, turned: set[str]) -> None:
    """A small badge on each place of the middle, so "mid 3" in the history can be found
    (not on the ``turned`` places: a card face up there shows its own number)."""
    u = table.layout.u
    for name, box in table.layout.zones.items():
        if name.startswith("middle/") and name not in turned:
            x, y = box.anchor
            r = max(8.0, 10 * u)
            centre = (round(x - box.card_w / 2 + r * 0.3), round(y - box.card_h / 2 + r * 0.3))
            pygame.draw.circle(surface, (14, 34, 24), centre, r)
            pygame.draw.circle(surface, hud.SOFT, centre, r, 1)
            label = ui.fit(ui.text(str(int(name.split("/")[1]) + 1), r * 1.3, ui.CREAM, bold=True), r * 1.6)
            surface.blit(label, label.get_rect(center=centre))
