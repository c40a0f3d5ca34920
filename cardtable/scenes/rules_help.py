"""Rules help: a game's rules text from its rules file, then its settings with their
descriptions, its variants and the table's keys; scrollable. Opened from the menu (with a tab
per game) or with F1 at the table.

Keys: Up / Down / Page Up / Page Down / Home / End or the wheel scroll; Left / Right change
the game (from the menu); Esc or F1 closes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

import rules
from rules.presenter import Presenter, presenter_for

from .. import widgets as ui
from ..learn import has_lesson, start_lesson
from ..table.keys import key_lines
from . import ShellScene, catalogue, game_beside, short_message

if TYPE_CHECKING:
    from ..scene import Host


def rules_paragraphs(game: rules.Game) -> list[tuple[str, str]]:
    """``(style, text)`` paragraphs of a game's help: the rules text, then its settings."""
    out: list[tuple[str, str]] = []
    text = game.config.rules_text.strip()
    if not text:
        out.append(("body", "This game's rules file has no rules text."))
    for block in text.split("\n\n"):
        joined = " ".join(line.strip() for line in block.splitlines() if line.strip())
        if joined:
            out.append(("body", joined))
    if game.config.extends:
        out.append(("body", f"House rules on top of {rules.load_game(game.config.extends).name}."))
    spec = {name: entry for name, entry in game.settings_spec().items() if entry.get("offered", True)}
    if spec:
        out.append(("heading", "Settings"))
        defaults = game.config.default_settings(game.variants[0])
        for name, entry in spec.items():
            label = entry.get("label") or name.replace("_", " ").capitalize()
            value = defaults.get(name)
            shown = (
                ("on" if value else "off")
                if isinstance(value, bool)
                else str(entry.get("choice_labels", {}).get(value, value))
            )
            description = entry.get("description", "")
            if not entry.get("official", True) and not description.lower().startswith("house rule"):
                description = f"House rule: {description}"
            out.append(("setting", f"{label} ({shown}): {description}"))
    if len(game.variants) > 1:
        out.append(("heading", "Variants"))
        for name in game.variants:
            variant = game.config.variants[name]
            out.append(("setting", f"{variant.get('name') or name}: {variant.get('description', '')}"))
    out.append(("heading", "Keys"))  # from the table's own key table: what F1 says is what the keys do
    out += [("setting", line) for line in key_lines(_table_words(game))]
    return out


def _table_words(game: rules.Game) -> Mapping[str, str]:
    """The game's presenter's table words (what F1 says the keys do, in its words); the neutral
    ones when its presenter cannot be loaded (the table says so when it opens)."""
    try:
        return presenter_for(game, game.deck(game.variants[0])).table_words
    except Exception:  # a third party's presenter may raise anything while loading
        return Presenter.table_words


class RulesHelpScene(ShellScene):
    """The rules of ``game_id``; with ``choose`` (default when no game is given) a tab per game."""

    def __init__(self, app: Host, game_id: str | None = None, choose: bool | None = None) -> None:
        super().__init__(app)
        entries = catalogue()[0]
        self.entries = entries
        self.choose = (game_id is None) if choose is None else choose
        ids = [e.id for e in entries]
        if game_id is None:
            game_id = ids[0] if ids else None
        self.tabs = [ui.Button(e.name, (lambda gid=e.id: self.show(gid))) for e in entries] if self.choose else []
        self.close_button = ui.Button("Back", self.back)
        self.learn_button = ui.Button("Learn by playing", self.learn, primary=True)
        self.group.set([*self.tabs, self.learn_button, self.close_button])
        self.scroll = 0.0
        self.lines: list[tuple[str, str]] = []
        self.content_h = 0
        self.game_id: str | None = None
        self.game_name = ""
        self.paragraphs: list[tuple[str, str]] = []
        self.show(game_id)

    def show(self, game_id: str | None) -> None:
        """Switch to ``game_id``'s rules (scrolled to the top)."""
        self.game_id = game_id
        self.scroll = 0.0
        if game_id is None:
            self.game_name, self.paragraphs = "", [("body", "No game is playable yet.")]
        else:
            try:
                game = rules.load_game(game_id)
                self.game_name, self.paragraphs = game.name, rules_paragraphs(game)
            except rules.RulesError as exc:
                self.game_name, self.paragraphs = game_id, [("body", short_message(exc))]
        self.light_tab(self.tabs, [e.id for e in self.entries], game_id)
        self.learn_button.visible = game_id is not None and has_lesson(game_id)
        self.layout()

    def learn(self) -> None:
        """The shown game's lesson: a coached deal (over this screen: Back returns here)."""
        if self.game_id is not None:
            start_lesson(self.app, self.game_id)

    # ------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.size
        px = self.px
        margin = px(48)
        top = self.place_tabs(self.tabs, px(118), margin)
        self.close_button.rect = pygame.Rect(0, 0, px(180), px(54))
        self.close_button.rect.midbottom = (w // 2, h - px(24))
        self.learn_button.rect = pygame.Rect(0, 0, px(240), px(54))
        if self.learn_button.visible:
            self.close_button.rect.right = w // 2 - px(8)
            self.learn_button.rect.midleft = (w // 2 + px(8), self.close_button.rect.centery)
        width = min(w - 2 * margin, px(980))
        self.panel = pygame.Rect(round((w - width) / 2), top, round(width), self.close_button.rect.top - px(20) - top)
        self._wrap()

    def _wrap(self) -> None:
        pad = self.px(30)
        width = self.panel.width - 2 * pad - self.px(16)
        self.lines = []
        for style, para in self.paragraphs:
            size, _bold = self._font(style)
            if style == "heading" and self.lines:
                self.lines.append(("gap", ""))
            for line in ui.wrap(para, size, width, bold=style == "heading"):
                self.lines.append((style, line))
            self.lines.append(("gap", ""))
        self.content_h = sum(self._line_h(style) for style, _ in self.lines)
        self.scroll = max(0.0, min(self.scroll, self.max_scroll))

    def _font(self, style: str) -> tuple[float, bool]:
        return {"heading": (28 * self.u, True), "setting": (19 * self.u, False)}.get(style, (22 * self.u, False))

    def _line_h(self, style: str) -> int:
        if style == "gap":
            return self.px(10)
        return round(ui.line_height(self._font(style)[0]) * 1.18)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - (self.panel.height - 2 * self.px(24)))

    def scroll_by(self, amount: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll, self.scroll + amount))

    # ------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> None:
        line = self.px(34)
        page = self.panel.height * 0.85
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line * 2)
            return
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_DOWN: line,
                pygame.K_UP: -line,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -1e9,
                pygame.K_END: 1e9,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return
            if event.key == pygame.K_F1:
                self.back()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.tabs:
                self.show(game_beside([e.id for e in self.entries], self.game_id, event.key))
                return
        super().handle_event(event)

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        self.draw_title(surface, f"Rules of {self.game_name}" if self.game_name else "Rules", top=30)
        ui.draw_panel(surface, self.panel, radius=self.px(16))
        pad = self.px(30)
        inner = self.panel.inflate(-2 * pad, -2 * self.px(24))
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.top - self.scroll
        for style, line in self.lines:
            height = self._line_h(style)
            if style != "gap" and y + height >= inner.top and y <= inner.bottom:
                size, bold = self._font(style)
                color = ui.INK if style != "setting" else ui.INK_SOFT
                ui.blit_text(surface, line, size, color, (inner.left, y), "topleft", bold=bold)
            y += height
        surface.set_clip(clip)
        if self.max_scroll > 0:
            self._draw_scrollbar(surface, inner)
        self.group.draw(surface)

    def _draw_scrollbar(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        track = pygame.Rect(self.panel.right - self.px(18), inner.top, self.px(6), inner.height)
        pygame.draw.rect(surface, ui.CREAM_DARK, track, border_radius=3)
        visible = inner.height / max(1, self.content_h)
        thumb_h = max(self.px(30), track.height * visible)
        thumb_y = track.top + (track.height - thumb_h) * (self.scroll / self.max_scroll)
        pygame.draw.rect(surface, ui.GOLD, (track.left, round(thumb_y), track.width, round(thumb_h)), border_radius=3)
