"""The end of a match: who won, and why — for every game, as its presenter words it
(:class:`rules.presenter.DealTerms`).

When a deal is scored by a formula every hand is revealed and each term of the formula is a row
with its cards and value, then the total; each seat's (or team's) sets taken are shown as small
cards; matches of several deals get the score sheet (the one the table shows between deals).
Play again keeps the players and settings with a new deal; Menu or Esc goes back to the menu.
In a fast demo (``--demo GAME --fast``) the scene closes the app after a moment; a plain demo
waits here until the window is closed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

import rules
from rules.presenter import Cards, DealTerms, HandLine, ScoreSheet, Term, presenter_for

from .. import charts, stats
from .. import widgets as ui
from . import ShellScene, short_message

if TYPE_CHECKING:
    from ..scene import Host

DEMO_LINGER_FAST = 0.25
TONES = {"win": ui.GOLD_LIGHT, "loss": (236, 110, 100), "neutral": ui.CREAM}


@dataclass
class Block:
    """A piece of the result's scrolling body: its height and how to draw it at (x, y)."""

    height: int
    draw: Callable[[pygame.Surface, int, int], None]
    title: str = ""


class ResultScene(ShellScene):
    """The result of ``session``'s finished match."""

    def __init__(self, app: Host, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.state = session.state
        self.names = [str(s.get("name", f"Player {i + 1}")) for i, s in enumerate(self.state.seats)]
        state = self.state
        self.presenter = presenter_for(state.game, state.deck)
        self.terms: DealTerms = self.presenter.result(
            list(state.deal_results), list(state.scores), list(state.winners), self.names, state.view(None)
        )
        self.again_button = ui.Button("Play again", self.play_again, primary=True)
        self.menu_button = ui.Button("Menu", self.back)
        self.group.set([self.again_button, self.menu_button])
        self.group.focus(self.again_button)
        self.scroll = 0.0
        self.elapsed = 0.0
        self.message = ""
        self.blocks: list[Block] = []
        self.layout()

    # ------------------------------------------------------------ helpers
    @property
    def colorblind(self) -> bool:
        return bool(getattr(self.app.settings, "colorblind", False))

    def headline(self) -> tuple[str, tuple[int, int, int]]:
        return self.terms.headline, TONES.get(self.terms.tone, ui.GOLD_LIGHT)

    def faces(self, texts: Sequence[str]) -> list[Any]:
        """Card faces for card texts (duplicates resolved in order); unknown texts skipped."""
        deck = self.state.deck
        cards: list[int] = []
        for text in texts:
            try:
                cards.append(deck.parse(str(text), cards))
            except rules.RulesError:
                continue
        return [deck.faces[c] for c in cards]

    # ------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.size
        px = self.px
        bw, bh = px(210), px(58)
        self.again_button.rect = pygame.Rect(0, 0, bw, bh)
        self.menu_button.rect = pygame.Rect(0, 0, bw, bh)
        self.again_button.rect.bottomright = (w // 2 - px(8), h - px(22))
        self.menu_button.rect.bottomleft = (w // 2 + px(8), h - px(22))
        self.header_bottom = px(150) if (self.terms.reason or self.terms.mark_label) else px(120)
        margin = px(36)
        self.body = pygame.Rect(
            margin, self.header_bottom, w - 2 * margin, self.again_button.rect.top - px(18) - self.header_bottom
        )
        self.blocks = self._blocks()
        self.scroll = max(0.0, min(self.scroll, self.max_scroll))

    @property
    def content_h(self) -> int:
        return sum(b.height for b in self.blocks) + self.px(16) * max(0, len(self.blocks) - 1)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.body.height)

    def _blocks(self) -> list[Block]:
        terms = self.terms
        blocks: list[Block] = []
        if terms.hands or terms.terms:
            blocks.append(self._breakdown_block(bool(terms.hands), bool(terms.terms), several=terms.sheet is not None))
        if terms.sets:
            blocks.append(self._sets_block())
        if terms.sheet is not None:
            blocks.append(self._sheet_block(terms.sheet))
        totals = stats.running_totals(self.state)
        if len(totals) >= 2:
            blocks.append(self._chart_block(totals))
        return blocks

    # --------------------------------------------------- the running totals
    def _chart_block(self, totals: list[tuple[int, ...]]) -> Block:
        """A line per player: the totals after each deal, through the whole match."""
        series = [[row[seat] for row in totals] for seat in range(self.state.players)]
        height = self.px(300)

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            rect = pygame.Rect(x, y, self.body.width, height)
            charts.draw_lines(surface, rect, series, self.names, self.u, x_label="after each deal")

        return Block(height, draw, "Running totals")

    # ------------------------------------------------------------ the sets
    def _sets_block(self) -> Block:
        """Each seat's (or team's) sets as small overlapped cards, the winners' row lit."""
        terms = self.terms
        title, copies, lines = terms.sets_title, max(1, terms.set_copies), terms.sets
        px, u = self.px, self.u
        most = max((len(line.sets.texts) for line in lines), default=0)
        name_w = px(230)
        room_w = self.body.width - name_w - px(160)
        per_set = 1 + (copies - 1) * 0.28
        card_w = max(18, min(px(52), int(room_w / max(1.0, most * (per_set + 0.3)))))
        row_h = round(card_w * 1.4) + px(16)
        height = px(52) + len(lines) * row_h + px(12)
        width = min(self.body.width, max(px(620), name_w + px(160) + most * (per_set + 0.3) * card_w + px(40)))

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            rect = pygame.Rect(x + (self.body.width - round(width)) // 2, y, round(width), height)
            ui.draw_panel(surface, rect, radius=px(14))
            ui.blit_text(surface, title, 26 * u, ui.INK, (rect.left + px(20), rect.top + px(14)), "topleft", bold=True)
            top = rect.top + px(52)
            for i, group in enumerate(lines):
                line = pygame.Rect(rect.left + px(12), top + i * row_h, rect.width - px(24), row_h)
                if group.won:
                    pygame.draw.rect(surface, ui.mix(ui.CREAM, ui.GOLD_LIGHT, 0.55), line, border_radius=px(8))
                label = ui.blit_text(
                    surface,
                    group.names,
                    21 * u,
                    ui.INK,
                    (line.left + px(10), line.centery),
                    "midleft",
                    bold=True,
                    max_width=name_w - px(20),
                )
                if group.verb:
                    ui.blit_text(
                        surface, group.verb, 16 * u, ui.GREEN, (label.left, label.bottom + px(1)), "topleft", bold=True
                    )
                cx = line.left + name_w
                for k, card in enumerate(group.sets.texts):
                    for j, face in enumerate(self.faces([card] * copies)):
                        self._draw_card(
                            surface,
                            face,
                            (round(cx + j * card_w * 0.28), line.centery - round(card_w * 0.7)),
                            card_w,
                            dim=group.sets.is_dim(k),
                        )
                    cx += card_w * (per_set + 0.3)
                if not group.sets.texts:
                    ui.blit_text(surface, "none", 18 * u, ui.INK_SOFT, (cx, line.centery), "midleft")
                ui.blit_text(
                    surface,
                    group.count,
                    20 * u,
                    ui.GREEN if group.won else ui.INK,
                    (line.right - px(12), line.centery),
                    "midright",
                    bold=True,
                )

        return Block(height, draw, title)

    def _card_width(self, room_w: float, count: int, room_h: float) -> int:
        by_w = room_w / max(1, count) / 1.06
        by_h = room_h / 1.4
        return max(18, int(min(self.px(62), by_w, by_h)))

    # ------------------------------------------------------- the breakdown
    def _breakdown_block(self, has_hands: bool, has_terms: bool, several: bool) -> Block:
        body = self.body
        px = self.px
        side_by_side = has_hands and has_terms and body.width >= px(940)
        hands_w = body.width * 0.47 if side_by_side else body.width
        terms_w = body.width - hands_w - px(24) if side_by_side else body.width
        hands = self.terms.hands
        most = max((len(h.cards.texts) + len(h.aside.texts) for h in hands), default=1)
        room_h = body.height if not several else body.height * 0.6
        name_h = round(22 * self.u)
        n = max(1, len(hands))
        row_h_room = (room_h - px(50)) / n - name_h - px(12)
        card_w = self._card_width(hands_w - px(40) - px(24), most + 0.6, row_h_room)
        card_h = round(card_w * 1.4)
        hand_row = name_h + card_h + px(14)
        hands_h = px(48) + n * hand_row + px(10) if has_hands else 0
        hands_x = 0
        if has_hands and not has_terms:  # alone (a loss by stock): as wide as the cards, centred
            content_w = px(40) + (most + 0.6) * card_w * 1.06 + px(20)
            hands_w = max(min(body.width, content_w), min(body.width, px(520)))
            hands_x = round((body.width - hands_w) / 2)
        terms = self.terms.terms
        term_row = max(round(card_h * 0.8), px(34))
        terms_h = px(48) + (len(terms) + 1) * term_row + px(24) if has_terms else 0
        height = max(hands_h, terms_h) if side_by_side else hands_h + terms_h + (px(16) if hands_h and terms_h else 0)

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            if has_hands:
                rect = pygame.Rect(x + hands_x, y, round(hands_w), hands_h if not side_by_side else height)
                self._draw_hands(surface, rect, hands, card_w, hand_row, name_h)
            if has_terms:
                if side_by_side:
                    rect = pygame.Rect(round(x + hands_w + px(24)), y, round(terms_w), height)
                else:
                    rect = pygame.Rect(x, y + hands_h + (px(16) if hands_h else 0), round(terms_w), terms_h)
                self._draw_terms(surface, rect, terms, card_w, term_row)

        return Block(height, draw)

    def _draw_hands(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        hands: tuple[HandLine, ...],
        card_w: int,
        row_h: int,
        name_h: int,
    ) -> None:
        px, u = self.px, self.u
        self._draw_box(surface, rect, self.terms.hands_title)
        y = rect.top + px(50)
        for hand in hands:
            label = ui.blit_text(surface, hand.name, 20 * u, ui.INK, (rect.left + px(20), y), "topleft", bold=True)
            if hand.tag:
                tag = ui.text(hand.tag, 15 * u, ui.INK, bold=True)
                pill = tag.get_rect().inflate(px(12), px(4))
                pill.midleft = (label.right + px(10), label.centery)
                pygame.draw.rect(surface, ui.GOLD, pill, border_radius=pill.height // 2)
                surface.blit(tag, tag.get_rect(center=pill.center))
            x = rect.left + px(20)
            cy = y + name_h
            x = self._draw_cards(surface, hand.cards, x, cy, card_w)
            if hand.aside.texts:
                x += round(card_w * 0.5)
                ui.blit_text(
                    surface, hand.aside_label, 15 * u, ui.INK_SOFT, (x + card_w / 2, cy - px(2)), "midbottom", bold=True
                )
                self._draw_cards(surface, hand.aside, x, cy, card_w)
            y += row_h

    def _draw_box(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> None:
        """A panel of the sheet with its ``title`` at the top left."""
        px = self.px
        ui.draw_panel(surface, rect, radius=px(14))
        ui.blit_text(surface, title, 26 * self.u, ui.INK, (rect.left + px(20), rect.top + px(14)), "topleft", bold=True)

    def _draw_cards(self, surface: pygame.Surface, cards: Cards, x: int, y: int, card_w: int) -> int:
        """``cards`` side by side from (x, y), the dimmed ones veiled; returns the x after them."""
        for i, face in enumerate(self.faces(cards.texts)):
            self._draw_card(surface, face, (x, y), card_w, dim=cards.is_dim(i))
            x += round(card_w * 1.06)
        return x

    def _draw_terms(
        self, surface: pygame.Surface, rect: pygame.Rect, terms: tuple[Term, ...], card_w: int, row_h: int
    ) -> None:
        px, u = self.px, self.u
        self._draw_box(surface, rect, self.terms.terms_title)
        small_w = max(14, min(round(card_w * 0.62), round((row_h - px(6)) / 1.4)))
        label_w = rect.width * 0.36
        value_w = px(70)
        cards_left = rect.left + px(20) + label_w
        cards_room = rect.right - px(20) - value_w - cards_left
        y = rect.top + px(50)
        for term in terms:
            line = pygame.Rect(rect.left + px(20), y, rect.width - px(40), row_h)
            ui.blit_text(
                surface, term.label, 19 * u, ui.INK, (line.left, line.centery), "midleft", max_width=label_w - px(10)
            )
            faces = self.faces(term.cards)
            if faces:
                spacing = min(small_w * 1.05, (cards_room - small_w) / max(1, len(faces) - 1))
                for k, face in enumerate(faces):
                    self._draw_card(
                        surface, face, (round(cards_left + k * spacing), line.centery - round(small_w * 0.7)), small_w
                    )
            else:
                ui.blit_text(surface, "none", 17 * u, ui.INK_SOFT, (cards_left, line.centery), "midleft")
            value = term.value
            color = ui.GREEN if value > 0 else ui.RED if value < 0 else ui.INK_SOFT
            ui.blit_text(
                surface,
                f"{value:+d}" if value else "0",
                24 * u,
                color,
                (line.right, line.centery),
                "midright",
                bold=True,
            )
            pygame.draw.line(surface, ui.CREAM_DARK, (line.left, line.bottom), (line.right, line.bottom), 1)
            y += row_h
        score = self.terms.total
        if score is not None:
            line = pygame.Rect(rect.left + px(20), y + px(6), rect.width - px(40), row_h)
            pygame.draw.line(surface, ui.INK, (line.left, line.top), (line.right, line.top), 2)
            ui.blit_text(
                surface, self.terms.total_label, 24 * u, ui.INK, (line.left, line.centery), "midleft", bold=True
            )
            if self.terms.total_note:
                ui.blit_text(surface, self.terms.total_note, 19 * u, ui.INK_SOFT, (cards_left, line.centery), "midleft")
            ui.blit_text(surface, str(score), 30 * u, ui.INK, (line.right, line.centery), "midright", bold=True)

    # ----------------------------------------------------- the score sheet
    def _sheet_block(self, sheet: ScoreSheet) -> Block:
        """The score sheet: every deal, then the totals (the one the table shows between deals)."""
        from ..table import score_sheet

        height = score_sheet.sheet_height(sheet, self.u)
        width = min(self.body.width, self.px(220) + len(sheet.columns) * self.px(190))

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            rect = pygame.Rect(x + (self.body.width - width) // 2, y, width, height)
            score_sheet.draw_sheet(
                surface, rect, sheet, self.u, style=self.state.deck.style, colorblind=self.colorblind
            )

        return Block(height, draw, sheet.title)

    # --------------------------------------------------------------- cards
    def _draw_card(
        self, surface: pygame.Surface, face: Any, topleft: tuple[float, float], width: int, dim: bool = False
    ) -> None:
        x, y = round(topleft[0]), round(topleft[1])
        try:
            from sprites.faces import card_face

            image = card_face(face, width, self.colorblind)
        except ImportError:
            image = pygame.Surface((width, round(width * 1.4)), pygame.SRCALPHA)
            pygame.draw.rect(image, ui.WHITE, image.get_rect(), border_radius=max(2, width // 10))
            pygame.draw.rect(image, ui.INK_SOFT, image.get_rect(), width=1, border_radius=max(2, width // 10))
            label = ui.fit(ui.text(face.text, width * 0.4, ui.INK, True), width - 4)
            image.blit(label, label.get_rect(center=image.get_rect().center))
        surface.blit(image, (x, y))
        if dim:
            veil = pygame.Surface(image.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(veil, (40, 52, 44, 85), veil.get_rect(), border_radius=max(2, width // 12))
            surface.blit(veil, (x, y))

    # ------------------------------------------------------------- actions
    def play_again(self) -> None:
        """The same game, players and settings with a new deal."""
        state = self.state
        game = state.game
        defaults = game.config.default_settings(state.variant)
        settings = {k: v for k, v in state.settings.items() if defaults.get(k) != v}
        try:
            from ..session import Session

            session = Session.new(game.id, state.players, state.variant, [dict(s) for s in state.seats], None, settings)
        except (ImportError, rules.RulesError) as exc:
            self.app.toast(short_message(exc))
            return
        try:
            self.app.open("table", replace=True, session=session)
        except ImportError as exc:
            self.app.toast(short_message(exc))

    def back(self) -> None:
        self.app.to_menu()

    def next_due(self) -> float | None:
        """A fast demo closes the result after a moment."""
        if self.app.demo is not None and self.app.fast:
            return max(0.0, DEMO_LINGER_FAST - self.elapsed)
        return super().next_due()

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.app.demo is not None and self.app.fast and self.elapsed >= DEMO_LINGER_FAST:
            self.app.quit(0)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0.0, min(self.max_scroll, self.scroll - event.y * self.px(60)))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self.body.height * 0.8 * (1 if event.key == pygame.K_PAGEDOWN else -1)
            self.scroll = max(0.0, min(self.max_scroll, self.scroll + step))
            return
        super().handle_event(event)

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        px, u = self.px, self.u
        w = self.size[0]
        text, color = self.headline()
        banner = ui.blit_text(surface, text, 88 * u, color, (w / 2, px(14)), "midtop", bold=True, max_width=w * 0.9)
        terms = self.terms
        reason = terms.reason
        y = banner.bottom + px(6)
        line_parts: list[pygame.Surface] = []
        if terms.mark_label:
            line_parts.append(ui.text(terms.mark_label, 24 * u, ui.CREAM))
            glyph = self._glyph(terms.mark_glyph, round(26 * u))
            if glyph is not None:
                line_parts.append(glyph)
            line_parts.append(ui.text(f" {terms.mark_value}", 24 * u, ui.GOLD_LIGHT, bold=True))
        if reason:
            line_parts.append(ui.text(("   " if terms.mark_label else "") + str(reason), 24 * u, ui.CREAM))
        if line_parts:
            total = sum(p.get_width() for p in line_parts)
            x = (w - total) / 2
            line_h = max(p.get_height() for p in line_parts)
            for part in line_parts:
                surface.blit(part, (round(x), round(y + (line_h - part.get_height()) / 2)))
                x += part.get_width()
        clip = surface.get_clip()
        surface.set_clip(self.body.inflate(px(12), px(8)))
        y = round(self.body.top - self.scroll)
        for block in self.blocks:
            block.draw(surface, self.body.left, y)
            y += block.height + px(16)
        surface.set_clip(clip)
        if self.max_scroll > 0:
            hint = "Scroll for more" if self.scroll < self.max_scroll else "Scroll up"
            ui.blit_text(surface, hint, 17 * u, ui.CREAM, (self.body.right, self.again_button.rect.centery), "midright")
        self.group.draw(surface)

    def _glyph(self, suit: str | None, size: int) -> pygame.Surface | None:
        if suit is None:
            return None
        try:
            from sprites.glyphs import suit_glyph

            return suit_glyph(self.state.deck.style, suit, size, colorblind=self.colorblind)
        except (ImportError, KeyError, ValueError):
            return None
