"""The end of a match: who won, and why.

For a deal scored by a formula (Try) every hand and bid is revealed and each term of the
formula is a row with its cards and value, then the total against the threshold. Matches
of several deals get a score sheet (a row per deal, a column per seat, running totals and
the final totals). Play again keeps the players and settings with a new deal; Menu or Esc
goes back to the menu. In a fast demo (``--demo GAME --fast``) the scene closes the app after a
moment; a plain demo waits here until the window is closed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

import rules

from .. import widgets as ui
from . import ShellScene, short_message

if TYPE_CHECKING:
    from ..app import App

DEMO_LINGER_FAST = 0.25
# Per-seat collections a deal result may list ({seat: [card, ...]}): key -> (title, copies of
# each listed card shown, what one is called). Trio lists each seat's trios by number.
SETS = {"trios": ("Trios taken", 3, "trio")}


@dataclass
class Block:
    """A piece of the result's scrolling body: its height and how to draw it at (x, y)."""

    height: int
    draw: Callable[[pygame.Surface, int, int], None]
    title: str = ""


class ResultScene(ShellScene):
    """The result of ``session``'s finished match."""

    def __init__(self, app: App, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.state = session.state
        self.result: dict[str, Any] = self.state.deal_results[-1] if self.state.deal_results else {}
        self.names = [str(s.get("name", f"Player {i + 1}")) for i, s in enumerate(self.state.seats)]
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
        outcome = self.result.get("outcome")
        if outcome == "win":
            return "WIN", ui.GOLD_LIGHT
        if outcome == "loss":
            return "LOSS", (236, 110, 100)
        winners = list(self.state.winners)
        if not winners:
            return "No winner", ui.CREAM
        names = [self.names[s] for s in winners if 0 <= s < len(self.names)]
        if len(names) == len(self.names) and len(names) > 1:
            return "Everyone wins", ui.GOLD_LIGHT
        one = len(names) == 1 and names[0].strip().lower() != "you"  # "You win", "Ann wins"
        return f"{' and '.join(names)} win{'s' if one else ''}", ui.GOLD_LIGHT

    def suit_id(self, suit_name: str | None) -> str | None:
        for suit in getattr(self.state.deck, "suits", []):
            if suit.name == suit_name or suit.id == suit_name:
                return suit.id
        return None

    def faces(self, texts: list[str]) -> list[Any]:
        """Card faces for card texts (duplicates resolved in order); unknown texts skipped."""
        deck = self.state.deck
        cards: list[int] = []
        for text in texts:
            try:
                cards.append(deck.parse(str(text), cards))
            except rules.RulesError:
                continue
        return [deck.faces[c] for c in cards]

    def scoring(self, face: Any) -> bool:
        """Whether a card counts for the Tried suit (shown bright; the others dimmed)."""
        tried = self.suit_id(self.result.get("tried_suit"))
        if tried is None:
            return True
        return face.suit == tried or face.suit is None

    def deal_rows(self) -> list[list[int]]:
        return [list(d["scores"]) for d in self.state.log if "scores" in d]

    # ------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.size
        px = self.px
        bw, bh = px(210), px(58)
        self.again_button.rect = pygame.Rect(0, 0, bw, bh)
        self.menu_button.rect = pygame.Rect(0, 0, bw, bh)
        self.again_button.rect.bottomright = (w // 2 - px(8), h - px(22))
        self.menu_button.rect.bottomleft = (w // 2 + px(8), h - px(22))
        self.header_bottom = px(150) if (self.result.get("reason") or self.result.get("tried_suit")
                                         or len(self.deal_rows()) > 1) else px(120)
        margin = px(36)
        self.body = pygame.Rect(margin, self.header_bottom, w - 2 * margin, self.again_button.rect.top - px(18)
                                - self.header_bottom)
        self.blocks = self._blocks()
        self.scroll = max(0.0, min(self.scroll, self.max_scroll))

    @property
    def content_h(self) -> int:
        return sum(b.height for b in self.blocks) + self.px(16) * max(0, len(self.blocks) - 1)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.body.height)

    def _blocks(self) -> list[Block]:
        blocks: list[Block] = []
        has_hands = bool(self.result.get("hands"))
        has_terms = bool(self.result.get("terms"))
        deals = self.deal_rows()
        if has_hands or has_terms:
            blocks.append(self._breakdown_block(has_hands, has_terms, several=len(deals) > 1))
        sets = [key for key in SETS if isinstance(self.result.get(key), dict)]
        for key in sets:
            blocks.append(self._sets_block(key))
        if len(deals) > 1 or not (has_hands or has_terms or sets):
            blocks.append(self._score_sheet_block(deals))
        return blocks

    # ------------------------------------------------------------ the sets
    def _groups(self) -> list[list[int]]:
        """Seats shown together: the teams of a team game (partners pool), else one each."""
        try:
            teams = (self.state.view(None).get("public") or {}).get("teams") or []
        except (AttributeError, TypeError, rules.RulesError):
            teams = []
        seats = range(len(self.names))
        if teams:
            return [sorted(int(s) for s in team) for team in teams]
        return [[s] for s in seats]

    def _winning_numbers(self) -> set[str] | None:
        """Which of the winners' sets won (the 7s, a connected pair); None: all of them."""
        reason = str(self.result.get("reason") or "")
        if "7s" in reason:
            return {"7"}
        pair = re.search(r"\((\d+) and (\d+)\)", reason)
        return set(pair.groups()) if pair else None

    def _sets_block(self, key: str) -> Block:
        """Each seat's (or team's) sets as small overlapped cards, the winners' row lit."""
        title, copies, noun = SETS[key]
        sets: dict[str, list[Any]] = {str(k): list(v) for k, v in self.result[key].items()}
        groups = self._groups()
        px, u = self.px, self.u
        most = max((sum(len(sets.get(str(s), [])) for s in g) for g in groups), default=0)
        name_w = px(230)
        room_w = self.body.width - name_w - px(160)
        per_set = 1 + (copies - 1) * 0.28
        card_w = max(18, min(px(52), int(room_w / max(1.0, most * (per_set + 0.3)))))
        row_h = round(card_w * 1.4) + px(16)
        height = px(52) + len(groups) * row_h + px(12)
        width = min(self.body.width, max(px(620), name_w + px(160) + most * (per_set + 0.3) * card_w + px(40)))
        winners = set(self.state.winners)
        lit = self._winning_numbers()

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            rect = pygame.Rect(x + (self.body.width - round(width)) // 2, y, round(width), height)
            ui.draw_panel(surface, rect, radius=px(14))
            ui.blit_text(surface, title, 26 * u, ui.INK, (rect.left + px(20), rect.top + px(14)), "topleft", bold=True)
            top = rect.top + px(52)
            for i, group in enumerate(groups):
                line = pygame.Rect(rect.left + px(12), top + i * row_h, rect.width - px(24), row_h)
                won = bool(set(group) & winners)
                if won:
                    pygame.draw.rect(surface, ui.mix(ui.CREAM, ui.GOLD_LIGHT, 0.55), line, border_radius=px(8))
                names = " & ".join(self.names[s] for s in group if 0 <= s < len(self.names))
                label = ui.blit_text(surface, names, 21 * u, ui.INK, (line.left + px(10), line.centery), "midleft",
                                     bold=True, max_width=name_w - px(20))
                if won:
                    verb = "wins" if len(group) == 1 and names.strip().lower() != "you" else "win"
                    ui.blit_text(surface, verb, 16 * u, ui.GREEN,
                                 (label.left, label.bottom + px(1)), "topleft", bold=True)
                cx = line.left + name_w
                count = 0
                for seat in group:
                    for card in sets.get(str(seat), []):
                        faces = self.faces([str(card)] * copies)
                        dim = won and lit is not None and str(card) not in lit
                        for k, face in enumerate(faces):
                            self._draw_card(surface, face, (round(cx + k * card_w * 0.28),
                                                            line.centery - round(card_w * 0.7)), card_w, dim=dim)
                        cx += card_w * (per_set + 0.3)
                        count += 1
                if not count:
                    ui.blit_text(surface, "none", 18 * u, ui.INK_SOFT, (cx, line.centery), "midleft")
                shown = f"{count} {noun}{'s' if count != 1 else ''}"
                ui.blit_text(surface, shown, 20 * u, ui.GREEN if won else ui.INK, (line.right - px(12), line.centery),
                             "midright", bold=True)

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
        hands = self.result.get("hands", {})
        bids = self.result.get("bids", {})
        seats = sorted(hands, key=lambda k: int(k) if str(k).isdigit() else 0)
        most = max((len(hands[s]) + len(bids.get(s, [])) for s in seats), default=1)
        room_h = body.height if not several else body.height * 0.6
        name_h = round(22 * self.u)
        n = max(1, len(seats))
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
        terms = self.result.get("terms", [])
        term_row = max(round(card_h * 0.8), px(34))
        terms_h = px(48) + (len(terms) + 1) * term_row + px(24) if has_terms else 0
        height = max(hands_h, terms_h) if side_by_side else hands_h + terms_h + (px(16) if hands_h and terms_h else 0)

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            if has_hands:
                rect = pygame.Rect(x + hands_x, y, round(hands_w), hands_h if not side_by_side else height)
                self._draw_hands(surface, rect, seats, hands, bids, card_w, hand_row, name_h)
            if has_terms:
                if side_by_side:
                    rect = pygame.Rect(round(x + hands_w + px(24)), y, round(terms_w), height)
                else:
                    rect = pygame.Rect(x, y + hands_h + (px(16) if hands_h else 0), round(terms_w), terms_h)
                self._draw_terms(surface, rect, terms, card_w, term_row)

        return Block(height, draw)

    def _draw_hands(self, surface: pygame.Surface, rect: pygame.Rect, seats: list[str], hands: dict, bids: dict,
                    card_w: int, row_h: int, name_h: int) -> None:
        px, u = self.px, self.u
        ui.draw_panel(surface, rect, radius=px(14))
        ui.blit_text(surface, "Hands and bids", 26 * u, ui.INK, (rect.left + px(20), rect.top + px(14)), "topleft",
                     bold=True)
        tryer = self.result.get("tryer")
        y = rect.top + px(50)
        for seat in seats:
            i = int(seat) if str(seat).isdigit() else -1
            name = self.names[i] if 0 <= i < len(self.names) else str(seat)
            label = ui.blit_text(surface, name, 20 * u, ui.INK, (rect.left + px(20), y), "topleft", bold=True)
            if tryer is not None and i == tryer:
                tag = ui.text("TRY", 15 * u, ui.INK, bold=True)
                pill = tag.get_rect().inflate(px(12), px(4))
                pill.midleft = (label.right + px(10), label.centery)
                pygame.draw.rect(surface, ui.GOLD, pill, border_radius=pill.height // 2)
                surface.blit(tag, tag.get_rect(center=pill.center))
            x = rect.left + px(20)
            cy = y + name_h
            for face in self.faces(hands.get(seat, [])):
                self._draw_card(surface, face, (x, cy), card_w, dim=not self.scoring(face))
                x += round(card_w * 1.06)
            bid_faces = self.faces(bids.get(seat, []))
            if bid_faces:
                x += round(card_w * 0.5)
                ui.blit_text(surface, "bid", 15 * u, ui.INK_SOFT, (x + card_w / 2, cy - px(2)), "midbottom", bold=True)
                for face in bid_faces:
                    self._draw_card(surface, face, (x, cy), card_w, dim=not self.scoring(face))
                    x += round(card_w * 1.06)
            y += row_h

    def _draw_terms(self, surface: pygame.Surface, rect: pygame.Rect, terms: list[dict], card_w: int,
                    row_h: int) -> None:
        px, u = self.px, self.u
        ui.draw_panel(surface, rect, radius=px(14))
        ui.blit_text(surface, "Score", 26 * u, ui.INK, (rect.left + px(20), rect.top + px(14)), "topleft", bold=True)
        small_w = max(14, min(round(card_w * 0.62), round((row_h - px(6)) / 1.4)))
        label_w = rect.width * 0.36
        value_w = px(70)
        cards_left = rect.left + px(20) + label_w
        cards_room = rect.right - px(20) - value_w - cards_left
        y = rect.top + px(50)
        for term in terms:
            line = pygame.Rect(rect.left + px(20), y, rect.width - px(40), row_h)
            ui.blit_text(surface, str(term.get("label", "")), 19 * u, ui.INK, (line.left, line.centery), "midleft",
                         max_width=label_w - px(10))
            faces = self.faces(list(term.get("cards", [])))
            if faces:
                spacing = min(small_w * 1.05, (cards_room - small_w) / max(1, len(faces) - 1))
                for k, face in enumerate(faces):
                    self._draw_card(surface, face, (round(cards_left + k * spacing),
                                                    line.centery - round(small_w * 0.7)), small_w)
            else:
                ui.blit_text(surface, "none", 17 * u, ui.INK_SOFT, (cards_left, line.centery), "midleft")
            value = int(term.get("value", 0))
            color = ui.GREEN if value > 0 else ui.RED if value < 0 else ui.INK_SOFT
            ui.blit_text(surface, f"{value:+d}" if value else "0", 24 * u, color, (line.right, line.centery),
                         "midright", bold=True)
            pygame.draw.line(surface, ui.CREAM_DARK, (line.left, line.bottom), (line.right, line.bottom), 1)
            y += row_h
        score = self.result.get("score")
        threshold = self.result.get("threshold")
        if score is not None:
            line = pygame.Rect(rect.left + px(20), y + px(6), rect.width - px(40), row_h)
            pygame.draw.line(surface, ui.INK, (line.left, line.top), (line.right, line.top), 2)
            ui.blit_text(surface, "Total", 24 * u, ui.INK, (line.left, line.centery), "midleft", bold=True)
            if threshold is not None:
                won = self.result.get("outcome") == "win"
                ui.blit_text(surface, f"{'at least' if won else 'below'} {threshold} needed", 19 * u, ui.INK_SOFT,
                             (cards_left, line.centery), "midleft")
            ui.blit_text(surface, str(score), 30 * u, ui.INK, (line.right, line.centery), "midright", bold=True)

    # ----------------------------------------------------- the score sheet
    def _trick_sheet_block(self) -> Block | None:
        """Trick games (Tribello, Troeven): every deal with its tricks or card points, then the totals or tallies."""
        from ..table import trick_sheet

        if not trick_sheet.applies(self.state):
            return None
        sheet = trick_sheet.build(self.state)
        sheet.title, sheet.summary = "Score sheet", ""
        sheet.style = getattr(self.state.deck, "style", "standard")
        height = trick_sheet.sheet_height(sheet, self.u)
        width = min(self.body.width, self.px(220) + len(self.names) * self.px(190))

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            rect = pygame.Rect(x + (self.body.width - width) // 2, y, width, height)
            trick_sheet.draw_sheet(surface, rect, sheet, self.u)

        return Block(height, draw, "Score sheet")

    def _score_sheet_block(self, deals: list[list[int]]) -> Block:
        tricks = self._trick_sheet_block()
        if tricks is not None:
            return tricks
        px = self.px
        n = len(self.names)
        row_h = px(34)
        rows = len(deals) + 2
        height = px(52) + rows * row_h + px(14)
        width = min(self.body.width, px(180) + n * px(150))
        start = list(getattr(self.state, "start_scores", [0] * n))
        running: list[list[int]] | None = []
        totals = start[:]
        for scores in deals:
            totals = [a + b for a, b in zip(totals, scores, strict=False)]
            running.append(totals[:])
        if not running or running[-1] != list(self.state.scores):
            running = None

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            u = self.u
            rect = pygame.Rect(x + (self.body.width - width) // 2, y, width, height)
            ui.draw_panel(surface, rect, radius=px(14))
            ui.blit_text(surface, "Score sheet", 26 * u, ui.INK, (rect.left + px(20), rect.top + px(14)), "topleft",
                         bold=True)
            first_w = px(140)
            col_w = (rect.width - px(40) - first_w) / max(1, n)
            top = rect.top + px(52)

            def cell(col: int, row_i: int, text: str, color: tuple[int, int, int] = ui.INK, bold: bool = False,
                     size: float = 20) -> None:
                cx = rect.left + px(20) + first_w + col_w * (col + 0.5)
                ui.blit_text(surface, text, size * u, color, (cx, top + row_h * (row_i + 0.5)), "center", bold=bold,
                             max_width=col_w - px(8))

            winners = set(self.state.winners)
            for col, name in enumerate(self.names):
                cell(col, 0, name, ui.INK, True)
            pygame.draw.line(surface, ui.INK, (rect.left + px(20), top + row_h), (rect.right - px(20), top + row_h), 2)
            for r, scores in enumerate(deals, start=1):
                if r % 2 == 0:
                    band = pygame.Rect(rect.left + px(12), round(top + row_h * r), rect.width - px(24), row_h)
                    pygame.draw.rect(surface, ui.mix(ui.CREAM, ui.CREAM_DARK, 0.45), band, border_radius=px(6))
                ui.blit_text(surface, f"Deal {r}", 19 * u, ui.INK_SOFT,
                             (rect.left + px(20), top + row_h * (r + 0.5)), "midleft")
                for col, value in enumerate(scores):
                    shown = ui.text(f"{value:+d}" if value else "0", 20 * u, ui.INK, True)
                    if running is not None:
                        total = ui.text(f"  ({running[r - 1][col]})", 16 * u, ui.INK_SOFT)
                        both = pygame.Surface((shown.get_width() + total.get_width(),
                                               max(shown.get_height(), total.get_height())), pygame.SRCALPHA)
                        both.blit(shown, (0, (both.get_height() - shown.get_height()) // 2))
                        both.blit(total, (shown.get_width(), (both.get_height() - total.get_height()) // 2))
                        shown = both
                    cx = rect.left + px(20) + first_w + col_w * (col + 0.5)
                    surface.blit(shown, shown.get_rect(center=(round(cx), round(top + row_h * (r + 0.5)))))
            last = len(deals) + 1
            y_line = top + row_h * last
            pygame.draw.line(surface, ui.INK, (rect.left + px(20), y_line), (rect.right - px(20), y_line), 2)
            ui.blit_text(surface, "Total", 21 * u, ui.INK, (rect.left + px(20), top + row_h * (last + 0.5)), "midleft",
                         bold=True)
            for col, value in enumerate(self.state.scores):
                cell(col, last, str(value), ui.GREEN if col in winners else ui.INK, True, 22)

        return Block(height, draw, "Score sheet")

    # --------------------------------------------------------------- cards
    def _draw_card(self, surface: pygame.Surface, face: Any, topleft: tuple[float, float], width: int,
                   dim: bool = False) -> None:
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
            from ..table import TableScene

            session = Session.new(game.id, state.players, state.variant, [dict(s) for s in state.seats], None,
                                  settings)
        except (ImportError, rules.RulesError) as exc:
            self.app.toast(short_message(exc))
            return
        self.app.replace(TableScene(self.app, session))

    def back(self) -> None:
        self.app.to_menu()

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
        tried = self.result.get("tried_suit")
        reason = self.result.get("reason")
        deals = len(self.deal_rows())
        if not reason and not tried and deals > 1:
            reason = f"Final scores after {deals} deals"
        y = banner.bottom + px(6)
        line_parts: list[pygame.Surface] = []
        if tried:
            line_parts.append(ui.text("Tried suit: ", 24 * u, ui.CREAM))
            glyph = self._glyph(tried, round(26 * u))
            if glyph is not None:
                line_parts.append(glyph)
            line_parts.append(ui.text(f" {tried}", 24 * u, ui.GOLD_LIGHT, bold=True))
        if reason:
            line_parts.append(ui.text(("   " if tried else "") + str(reason), 24 * u, ui.CREAM))
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

    def _glyph(self, suit_name: str, size: int) -> pygame.Surface | None:
        suit = self.suit_id(suit_name)
        if suit is None:
            return None
        try:
            from sprites.glyphs import suit_glyph

            return suit_glyph(self.state.deck.style, suit, size)
        except (ImportError, KeyError, ValueError):
            return None
