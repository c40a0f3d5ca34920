"""A new match of one game: variant, number of players, each seat (name, human or bot and
the bot's level), the game's own settings from its rules file, and an optional seed.

A setting that every variant fixes (a game's modes) is chosen with the variant
alone, never shown twice. Below the seats: who plays with whom (the presenter's ``sides``, from
the names chosen), the variant's description and a tip. The screen opens with this game's last
choices (:mod:`cardtable.last_choices`, kept when a match starts); a damaged file gives the
defaults and a one-line notice.

Start opens the table; a setup the rules refuse shows the reason in red and keeps every
choice. When this game has a match waiting, Start first asks whether to abandon it (a modal
question: Abandon / Keep it). Esc or Back returns to the menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

import rules
from rules.bots import levels_for
from rules.presenter import presenter_for

from .. import last_choices, saves
from .. import widgets as ui
from ..bot_seats import bot_names
from ..learn import has_lesson, lesson_minutes, start_lesson
from . import ConfirmScene, ShellScene, short_message

if TYPE_CHECKING:
    from ..scene import Host

KINDS = (("human", "Human"), ("bot", "Bot"))
SEED_HELP = "The same seed deals the same cards. Leave it empty for a new deal."
LEVEL_LABELS = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}


class SeatRow:
    """The controls of one seat: name, human or bot, and the bot's level."""

    def __init__(self, seat: int, levels: list[str]) -> None:
        human = seat == 0
        default = "You" if human else bot_names(1, seat - 1)[0]
        self.seat = seat
        self.name = ui.TextField(default, placeholder=f"Player {seat + 1}", max_length=16)
        self.kind = ui.Choice(KINDS, "human" if human else "bot", on_change=self._kind_changed)
        default_level = "normal" if "normal" in levels else levels[-1]
        self.level = ui.Choice([(lv, LEVEL_LABELS[lv]) for lv in levels], default_level)
        self.level.visible = not human

    def _kind_changed(self, kind: str) -> None:
        self.level.visible = kind == "bot"

    def restore(self, entry: dict[str, Any]) -> None:
        """Take a remembered seat's name, kind and level (a level this game lacks is skipped)."""
        name = str(entry.get("name", ""))[:16]
        if name.strip():
            self.name.value = name
        if entry.get("kind") in dict(KINDS):
            self.kind.value = entry["kind"]
            self.level.visible = self.kind.value == "bot"
        if entry.get("level") in [value for value, _label in self.level.options]:
            self.level.value = entry["level"]

    def remembered(self) -> dict[str, Any]:
        """This seat's choices as the last-choices file keeps them."""
        return {"name": self.name.value.strip()[:16], "kind": self.kind.value, "level": self.level.value}

    def widgets(self) -> list[ui.Widget]:
        return [self.name, self.kind, self.level]

    def seat_entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"name": self.name.value.strip() or f"Player {self.seat + 1}", "kind": self.kind.value}
        if self.kind.value == "bot":
            entry["level"] = self.level.value
        return entry


class SettingRow:
    """One setting of the game's rules file with the control its type asks for."""

    def __init__(self, name: str, spec: dict[str, Any], value: Any) -> None:
        self.name = name
        self.spec = spec
        self.label = spec.get("label") or name.replace("_", " ").capitalize()
        self.description = spec.get("description", "")
        if not spec.get("official", True):
            self.label += " (house rule)"
        kind = spec["type"]
        if kind == "bool":
            self.widget: ui.Widget = ui.Toggle(bool(value))
        elif kind == "choice":
            words = spec.get("choice_labels", {})
            labels = [(c, words.get(c) or str(c).replace("_", " ").capitalize()) for c in spec.get("choices", [])]
            self.widget = ui.Choice(labels, value)  # the rules file's words, else "a_choice" -> "A choice"
        else:
            lo, hi = spec.get("min", -(10**9)), spec.get("max", 10**9)
            self.widget = ui.Stepper(int(value), lo, hi, 1)
        self.shown = True  # offered with the variant and settings chosen
        self.line = pygame.Rect(0, 0, 0, 0)
        self.label_rect = pygame.Rect(0, 0, 0, 0)
        self.desc_lines: list[str] = []

    @property
    def value(self) -> Any:
        return self.widget.value  # type: ignore[attr-defined]

    @value.setter
    def value(self, value: Any) -> None:
        self.widget.value = value  # type: ignore[attr-defined]


class NewGameScene(ShellScene):
    """Set up a match of ``game_id`` and start it at the table."""

    def __init__(self, app: Host, game_id: str) -> None:
        super().__init__(app)
        self.game = rules.load_game(game_id)
        self.message = ""
        self.hint = ""
        variants = self.game.variants
        labels = [(v, self.game.config.variants[v].get("name") or v.replace("-", " ").capitalize()) for v in variants]
        self.variant = ui.Choice(labels, variants[0], on_change=self._variant_changed)
        self.variant.visible = len(variants) > 1
        lo, hi = self.game.player_range(variants[0])
        self.players = ui.Stepper(
            min(hi, max(lo, self.game.default_players)),
            lo,
            hi,
            1,
            values=self.game.player_counts(variants[0]),
            on_change=lambda _n: self._seats_changed(),
        )
        levels = levels_for(self.game.id)  # only the levels a game really has a bot for
        self.seats = [SeatRow(i, levels) for i in range(self.game.max_players)]
        defaults = self.game.config.default_settings(variants[0])
        fixed = self.variant_settings()
        self.settings = [
            SettingRow(name, spec, defaults[name])
            for name, spec in self.game.settings_spec().items()
            if name not in fixed
        ]
        for row in self.settings:  # a setting may change the player counts (teams of 2: 4 or 6)
            if hasattr(row.widget, "on_change") and row.widget.on_change is None:
                row.widget.on_change = lambda _value: self._counts_changed()
        self._counts_changed(layout=False)
        self.seed = ui.TextField("", placeholder="random", max_length=12, allowed=str.isdigit)
        self.back_button = ui.Button("Back", self.back)
        self.start_button = ui.Button("Start", self.start, primary=True)
        self.learn_button = ui.Button(f"Learn ({lesson_minutes(game_id)} min)", self.learn)
        self.learn_button.visible = has_lesson(game_id)
        self.note_lines: list[tuple[str, tuple[int, int]]] = []
        self.note_size = 17.0
        self._restore_choices()
        self._seats_changed()

    def variant_settings(self) -> set[str]:
        """The settings every variant fixes: chosen with the variant alone (a game's modes),
        never offered a second time as a setting."""
        variants = [self.game.config.variants[v] for v in self.game.variants]
        fixed = [set(v.get("settings", {})) for v in variants]
        return set.intersection(*fixed) if len(variants) > 1 and fixed else set()

    # ------------------------------------------------------ last choices
    def _restore_choices(self) -> None:
        """Open with this game's last choices: each one the game still allows, the rest left at
        their defaults. A damaged file: the defaults, and its one-line notice as a toast."""
        entry, notice = last_choices.load(self.game.id)
        if notice:
            self.app.toast(notice)
        if not entry:
            return
        if entry.get("variant") in self.game.variants and entry["variant"] != self.variant.value:
            self.variant.value = entry["variant"]
            self._variant_changed(entry["variant"])
        for row, seat in zip(self.seats, entry.get("seats", []), strict=False):
            row.restore(seat)
        spec = self.game.settings_spec()
        for row in self.settings:
            value = entry.get("settings", {}).get(row.name)
            if (
                value is not None
                and not self.game.config.check_settings({row.name: value})
                and (spec[row.name]["type"] != "choice" or value in spec[row.name].get("choices", []))
            ):
                row.value = value
        self._counts_changed(layout=False)
        players = entry.get("players")
        if players in (self.players.values or range(self.players.lo, self.players.hi + 1)):
            self.players.value = players

    def remembered_choices(self) -> dict[str, Any]:
        """What the last-choices file keeps of this screen (the seed is never kept: a new deal)."""
        return {
            "variant": self.variant_name,
            "players": self.players.value,
            "settings": {row.name: row.value for row in self.settings},
            "seats": [row.remembered() for row in self.seats],
        }

    def preset(self, variant: str | None, players: int | None, level: str) -> None:
        """The choices "Play a real match" after a lesson makes: its variant and players, the
        player in seat 1 and every other seat a bot of ``level`` (the gentlest the game has
        above random, when it has no such level)."""
        levels = levels_for(self.game.id)
        if level not in levels:
            level = next((lv for lv in levels if lv != "random"), levels[-1])
        if variant in self.game.variants and variant != self.variant.value:
            self.variant.value = variant
            self._variant_changed(variant)
        if players is not None and players in (self.players.values or range(self.players.lo, self.players.hi + 1)):
            self.players.value = players
        for row in self.seats:
            row.restore({"kind": "human" if row.seat == 0 else "bot", "level": level})
        self._seats_changed()

    # ------------------------------------------------------------ changes
    def _variant_changed(self, variant: str) -> None:
        lo, hi = self.game.player_range(variant)
        self.players.lo, self.players.hi = lo, hi
        self.players.value = min(hi, max(lo, self.players.value))
        defaults = self.game.config.default_settings(variant)
        for row in self.settings:
            row.value = defaults[row.name]
        self.message = ""
        self._counts_changed()

    def _counts_changed(self, layout: bool = True) -> None:
        """The stepper offers only the player counts the variant and settings allow (teams
        of 2: 4 or 6, never 5); the count moves to the nearest allowed one."""
        counts = self.game.player_counts(self.variant_name, self.chosen_settings())
        if counts:
            self.players.values = counts
            self.players.lo, self.players.hi = counts[0], counts[-1]
            if self.players.value not in counts:
                self.players.value = min(counts, key=lambda n: (abs(n - self.players.value), -n))
        if layout:
            self._seats_changed()

    def _seats_changed(self) -> None:
        for row in self.seats:
            for widget in row.widgets():
                widget.visible = row.seat < self.players.value
            row.level.visible = row.seat < self.players.value and row.kind.value == "bot"
        self.message = ""
        for row in self.settings:  # only the settings that change something in this variant
            row.widget.visible = row.shown = self.game.config.offers(row.name, self._all_settings())
        self.group.set(self._widgets())
        self.layout()

    @property
    def shown_settings(self) -> list[SettingRow]:
        """The setting rows on the screen: those the game offers with the variant and the
        other settings chosen (a setting that would change nothing is not shown)."""
        return [row for row in self.settings if row.shown]

    def _all_settings(self) -> dict[str, Any]:
        return {
            **self.game.config.default_settings(self.variant_name),
            **{row.name: row.value for row in self.settings},
        }

    def _widgets(self) -> list[ui.Widget]:
        seat_widgets = [w for row in self.seats[: self.players.value] for w in row.widgets()]
        return [
            self.players,
            self.variant,
            *seat_widgets,
            *(r.widget for r in self.shown_settings),
            self.seed,
            self.back_button,
            self.learn_button,
            self.start_button,
        ]

    @property
    def variant_name(self) -> str:
        return self.variant.value

    def chosen_settings(self) -> dict[str, Any]:
        """The settings that differ from the variant's defaults (the record stays short)."""
        defaults = self.game.config.default_settings(self.variant_name)
        return {row.name: row.value for row in self.shown_settings if row.value != defaults.get(row.name)}

    def chosen_seats(self) -> list[dict[str, Any]]:
        seats = [row.seat_entry() for row in self.seats[: self.players.value]]
        if sum(seat["kind"] == "human" for seat in seats) > 1:  # hot seat: "You" would name one player of several
            for i, seat in enumerate(seats):
                if seat["name"] == "You":
                    seat["name"] = f"Player {i + 1}"
        return seats

    def chosen_seed(self) -> int | None:
        return int(self.seed.value) if self.seed.value.isdigit() else None

    # ------------------------------------------------------------- actions
    def learn(self) -> None:
        """The game's lesson instead of a match (this screen stays under it)."""
        start_lesson(self.app, self.game.id)

    def start(self) -> None:
        """Open the table with these choices, after asking first when this game has a match
        waiting (it would be replaced)."""
        waiting = saves.load_saved(self.game.id)
        if waiting is None:
            self.start_now()
            return
        question = f"Abandon your {self.game.name} match, {saves.progress(waiting, self.game)}?"
        self.app.push(
            ConfirmScene(
                self.app, question, "Abandon", "Keep it", self.start_now, detail="Starting a new match replaces it."
            )
        )

    def start_now(self) -> None:
        """Open the table with these choices; a refusal from the rules becomes the red line."""
        try:
            from ..session import Session

            session = Session.new(
                self.game.id,
                self.players.value,
                self.variant_name,
                self.chosen_seats(),
                self.chosen_seed(),
                self.chosen_settings(),
            )
        except rules.RulesError as exc:
            self.message = short_message(exc)
            return
        problem = last_choices.save(self.game.id, self.remembered_choices())
        if problem:
            self.app.toast(problem)
        try:
            self.app.open("table", replace=True, session=session)
        except ImportError as exc:
            self.message = f"The table cannot be opened: {exc}"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hint = ""
            for row in self.shown_settings:
                shown_whole = " ".join(row.desc_lines) == " ".join(row.description.split())
                if not shown_whole and row.line.collidepoint(event.pos):
                    self.hint = row.description
        super().handle_event(event)

    # ------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.size
        px = self.px
        margin = px(40)
        gap = px(28)
        top = px(140)
        buttons_h = px(58)
        bottom = h - px(30) - buttons_h - px(18)
        left_w = (w - 2 * margin - gap) * 0.45
        self.left_panel = pygame.Rect(margin, top, round(left_w), bottom - top)
        self.right_panel = pygame.Rect(
            round(margin + left_w + gap), top, round(w - 2 * margin - gap - left_w), bottom - top
        )
        self._layout_players(px(22))
        self._layout_rules(px(22))
        button_w = px(190)
        self.start_button.rect = pygame.Rect(w - margin - button_w, h - px(30) - buttons_h, button_w, buttons_h)
        self.learn_button.rect = self.start_button.rect.move(-button_w - px(16), 0)
        beside = self.learn_button if self.learn_button.visible else self.start_button
        self.back_button.rect = beside.rect.move(-button_w - px(16), 0)
        self.message_rect = pygame.Rect(
            margin, self.start_button.rect.top, self.back_button.rect.left - margin - px(20), buttons_h
        )

    def _layout_players(self, pad: int) -> None:
        """The player count beside the heading, the variant, then one row per seat."""
        px = self.px
        panel = self.left_panel
        head = pygame.Rect(panel.left + pad, panel.top + pad, panel.width - 2 * pad, px(44))
        self.heading_rect = head
        self.players.rect = pygame.Rect(0, 0, min(px(170), head.width // 2), px(42))
        self.players.rect.midright = head.midright
        inner = pygame.Rect(head.left, head.bottom + px(16), head.width, panel.bottom - pad - head.bottom - px(16))
        rows = (1 if self.variant.visible else 0) + self.players.value
        rh = ui.fit_count(inner.height, rows, px(48), px(12), px(26))
        step = rh + min(px(12), max(px(3), (inner.height - rows * rh) / max(1, rows - 1)))
        y = float(inner.top)
        self.variant_label = pygame.Rect(0, 0, 0, 0)
        if self.variant.visible:
            label_w = round(inner.width * 0.3)
            self.variant_label = pygame.Rect(inner.left, round(y), label_w, round(rh))
            self.variant.rect = pygame.Rect(inner.left + label_w, round(y), inner.width - label_w, round(rh))
            y += step
        self.seat_rects = []
        for row in self.seats[: self.players.value]:
            badge = round(rh)
            line = pygame.Rect(inner.left, round(y), inner.width, round(rh))
            self.seat_rects.append(line)
            room = inner.width - badge - 3 * px(8)
            area = pygame.Rect(inner.left + badge + px(8), round(y), room, round(rh))
            row.name.rect, row.kind.rect, row.level.rect = ui.row(area, [room * 0.42, room * 0.27, room * 0.31], px(8))
            y += step

    def _layout_rules(self, pad: int) -> None:
        """One row per setting (label, a wrapped description, the control), then the seed."""
        px, u = self.px, self.u
        panel = self.right_panel
        inner = pygame.Rect(
            panel.left + pad, panel.top + pad + px(60), panel.width - 2 * pad, panel.height - 2 * pad - px(60)
        )
        control_w = min(px(200), inner.width * 0.38)
        control_h = px(38)
        label_w = inner.width - control_w - px(16)
        self.label_size, self.desc_size = 21 * u, max(ui.MIN_TEXT, 16 * u)
        label_h, desc_h = ui.line_height(self.label_size), ui.line_height(self.desc_size)
        for row in self.settings:  # a setting not shown has no place
            row.line = row.label_rect = pygame.Rect(0, 0, 0, 0)
        entries = [(row.description, row) for row in self.shown_settings] + [(SEED_HELP, None)]
        gap = px(12)
        for max_lines in (6, 4, 3, 2, 1, 0):
            texts = [self._desc_lines(d, label_w, max_lines) for d, _ in entries]
            heights = [max(control_h, label_h + desc_h * len(t)) for t in texts]
            if sum(heights) + gap * (len(heights) - 1) <= inner.height or max_lines == 0:
                break
        spare = inner.height - sum(heights) - gap * (len(heights) - 1)
        gap = min(px(26), gap + max(0, spare) / max(1, len(heights)))
        lines = ui.column(inner, heights, gap)
        for (_, row), line, desc in zip(entries, lines, texts, strict=True):
            widget = row.widget if row is not None else self.seed
            width = control_w if not isinstance(widget, ui.Toggle) else min(control_w, control_h * 4)
            widget.rect = pygame.Rect(line.right - round(control_w), 0, round(width), control_h)
            widget.rect.centery = line.centery
            label_rect = pygame.Rect(line.left, line.top, round(label_w), line.height)
            if row is not None:
                row.line, row.label_rect, row.desc_lines = line, label_rect, desc
            else:
                self.seed_line, self.seed_label, self.seed_desc = line, label_rect, desc

    def _desc_lines(self, description: str, width: float, max_lines: int) -> list[str]:
        if max_lines == 0 or not description:
            return []
        lines = ui.wrap(description, self.desc_size, width)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] += " ..."
        return lines

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        px, u = self.px, self.u
        w = self.size[0]
        title = ui.blit_text(
            surface, self.game.name, 56 * u, ui.GOLD_LIGHT, (w / 2, px(22)), "midtop", bold=True, max_width=w * 0.9
        )
        ui.blit_text(
            surface, self.game.blurb, 22 * u, ui.CREAM, (w / 2, title.bottom + px(10)), "midtop", max_width=w * 0.9
        )
        for panel, heading in ((self.left_panel, "Players"), (self.right_panel, "Rules")):
            ui.draw_panel(surface, panel, radius=px(16))
            ui.blit_text(
                surface, heading, 30 * u, ui.INK, (panel.left + px(22), self.heading_rect.centery), "midleft", bold=True
            )
        if self.variant.visible:
            ui.blit_text(surface, "Variant", 21 * u, ui.INK, self.variant_label.midleft, "midleft", bold=True)
        for row, line in zip(self.seats, self.seat_rects, strict=False):
            human = row.kind.value == "human"
            center = (line.left + line.height // 2, line.centery)
            pygame.draw.circle(surface, ui.GOLD if human else ui.FELT, center, line.height // 2 - 1)
            ui.blit_text(
                surface,
                str(row.seat + 1),
                line.height * 0.5,
                ui.INK if human else ui.CREAM,
                center,
                "center",
                bold=True,
            )
        self._draw_players_note(surface)
        for row in self.shown_settings:
            self._draw_setting_label(surface, row.label, row.desc_lines, row.label_rect)
        self._draw_setting_label(surface, "Seed", self.seed_desc, self.seed_label)
        self.group.draw(surface)
        self._draw_footer(surface)

    def sides_text(self) -> str:
        """Who plays with whom with the seats as chosen (the game's presenter says it)."""
        names = [seat["name"] for seat in self.chosen_seats()]
        settings = {**self.game.config.default_settings(self.variant_name), **self.chosen_settings()}
        try:
            presenter = presenter_for(self.game, self.game.deck(self.variant_name))
            return str(presenter.sides(self.game, self.variant_name, settings, names) or "")
        except (rules.RulesError, KeyError, ValueError, TypeError, IndexError):
            return ""

    def variant_text(self) -> str:
        """The variant's description for the settings as chosen (the game's presenter says it)."""
        settings = {**self.game.config.default_settings(self.variant_name), **self.chosen_settings()}
        description = str(self.game.config.variants[self.variant_name].get("description", ""))
        try:
            presenter = presenter_for(self.game, self.game.deck(self.variant_name))
            return str(presenter.variant_words(self.game, self.variant_name, settings) or description)
        except (rules.RulesError, KeyError, ValueError, TypeError, IndexError):
            return description

    def players_notes(self) -> list[str]:
        """Below the seats, most important first: who plays with whom, the variant's
        description, how hot-seat play works."""
        notes = [self.sides_text()]
        if self.variant.visible:
            notes.append(self.variant_text())
        humans = sum(1 for row in self.seats[: self.players.value] if row.kind.value == "human")
        if humans >= 2:
            typed = [row.seat_entry()["name"] for row in self.seats[: self.players.value]]
            renamed = [
                seat["name"] for seat, name in zip(self.chosen_seats(), typed, strict=True) if seat["name"] != name
            ]
            playing_as = f" \u201cYou\u201d plays as {renamed[0]}." if renamed else ""
            notes.append(
                f"{humans} people share this computer: a hand-off screen hides each one's cards "
                f"until they are ready.{playing_as}"
            )
        else:
            notes.append("Click a name to change it. Make two or more seats Human to play hot-seat on this computer.")
        return [note for note in notes if note]

    def layout_notes(self) -> list[tuple[str, tuple[int, int]]]:
        """The lines of :meth:`players_notes` that fit below the seats, each with its top-left
        corner; a note that does not fit whole is left out (and the ones after it)."""
        self.note_lines = []
        if not self.seat_rects:
            return self.note_lines
        panel = self.left_panel
        width = panel.width - self.px(44)
        bottom = panel.bottom - self.px(14)
        top = self.seat_rects[-1].bottom + self.px(18)
        notes = self.players_notes()
        best: tuple[int, float, list[tuple[str, tuple[int, int]]]] = (-1, 0.0, [])
        for size in sorted({max(ui.MIN_TEXT, s * self.u) for s in (17, 15, 13)}, reverse=True):
            step = ui.line_height(size)  # smaller type before a note is left out
            y, lines, shown = top, [], 0
            for note in notes:
                wrapped = ui.wrap(note, size, width)
                if y + step * len(wrapped) > bottom:
                    break
                lines += [(line, (panel.left + self.px(22), round(y + step * i))) for i, line in enumerate(wrapped)]
                y += step * len(wrapped) + self.px(8)
                shown += 1
            if shown > best[0]:
                best = (shown, size, lines)
            if shown == len(notes):
                break
        _shown, self.note_size, self.note_lines = best
        return self.note_lines

    def _draw_players_note(self, surface: pygame.Surface) -> None:
        for line, pos in self.layout_notes():
            ui.blit_text(surface, line, self.note_size, ui.INK_SOFT, pos, "topleft")

    def _draw_setting_label(
        self, surface: pygame.Surface, label: str, desc_lines: list[str], rect: pygame.Rect
    ) -> None:
        label_h = ui.line_height(self.label_size)
        block = label_h + ui.line_height(self.desc_size) * len(desc_lines)
        y = rect.centery - block / 2
        ui.blit_text(
            surface, label, self.label_size, ui.INK, (rect.left, y), "topleft", bold=True, max_width=rect.width
        )
        y += label_h
        for line in desc_lines:
            ui.blit_text(surface, line, self.desc_size, ui.INK_SOFT, (rect.left, y), "topleft", max_width=rect.width)
            y += ui.line_height(self.desc_size)

    def _draw_footer(self, surface: pygame.Surface) -> None:
        rect = self.message_rect
        message, color = (self.message, ui.RED) if self.message else (self.hint, ui.INK_SOFT)
        if not message:
            return
        size = max(ui.MIN_TEXT, 19 * self.u)
        lines = ui.wrap(message, size, rect.width - self.px(32))[:2]
        ui.draw_panel(
            surface, rect, ui.CREAM, ui.RED if self.message else ui.CREAM_DARK, radius=self.px(10), shadow=False
        )
        step = ui.line_height(size)
        y = rect.centery - step * len(lines) / 2
        for line in lines:
            ui.blit_text(
                surface,
                line,
                size,
                color,
                (rect.left + self.px(16), y),
                "topleft",
                bold=bool(self.message),
                max_width=rect.width - self.px(32),
            )
            y += step
