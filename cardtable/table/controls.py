"""What the player does at the table: drag and drop, clicks and double-clicks, the keyboard,
undo and hint, the menus. Every move is checked by the engine: a refused one goes home with
the engine's reason. Mixed into the table scene.

Mouse: drag a card where it should go, or click a pile to draw, click a card then where it
goes, double-click a card that has one place to go; right-click cancels. Keys (``keys.TABLE_KEYS``,
listed by F1): Left / Right pick a card (your hand, then the piles you may take from), Enter plays
it or picks it up to choose where it goes, Space selects it, Tab goes to the buttons, a button's
underlined letter presses it, U or Ctrl+Z undo, H hint, L the match log, F1 rules, Esc closes what
is open (a picked card, a picker, the log), else opens the table menu. A click while cards move
lands them at once.
"""

from __future__ import annotations

from typing import Any

import pygame

import rules

from .. import widgets as ui
from . import keys, rest, status
from .cards import CardSprite
from .dragdrop import Press, action_for, actions_from, drop_zone, targets_for

MESSAGE_SECONDS = 3.5
DOUBLE_CLICK = 0.45
AUTOPLAY_PAUSE = 0.6  # s (normal speed) a forced move waits before it is played for you


def forced_move(legal: list[rules.Action]) -> rules.Action | None:
    """The one move a player is left with when it plays a card (exactly one legal action, moving a
    card from a zone); None when there is a choice or the move plays no card."""
    if len(legal) == 1 and legal[0].card is not None and legal[0].source is not None:
        return legal[0]
    return None


class TableInput:
    """Input handling for :class:`~cardtable.table.scene.TableScene`."""

    coach: Any = None  # a lesson's coach (``coach_table.CoachTable``), set by the scene

    # ================================================================== rest
    def needs_frame(self) -> bool:
        """Something moves or is about to (:mod:`cardtable.table.rest`); False: the app may rest."""
        return rest.needs_frame(self)

    def next_due(self) -> float | None:
        return rest.next_due(self)

    # ================================================================= input
    def handle_event(self, event: pygame.event.Event) -> None:
        # a message said now is timed from the next update (the dt after a rest came before it)
        self.said.hearing = True
        if self.menu.open:
            self.menu.handle_event(event)
            return
        if self.coach is not None and self.coach.handle_event(event):
            return
        if self.log.handle_event(event):
            return
        for button in self.buttons:
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEMOTION:
            if (
                self.pointer.press is not None
                and self.pointer.press.dragging
                and not getattr(event, "buttons", (1,))[0]
            ):
                self._release(event.pos)  # the button went up outside the window
                return
            self._motion(event.pos)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._cancel()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._cancel()
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _busy(self) -> bool:
        return self.animator.busy or bool(self.queue)

    def _press(self, pos: tuple[int, int]) -> None:
        if self.pointer.press is not None:  # a press whose release never came
            self._cancel()
        if self._busy():
            self._skip_ahead()
            if self.ending or self.dirty:
                return
        card = self.board.hit(pos)
        if card is not None:
            grab = (pos[0] - card.x, pos[1] - (card.y - card.lift))
            self.pointer.press = Press(card, pos, grab)
        else:
            self.pointer.press = Press(None, pos, zone=self._zone_at(pos))

    def _motion(self, pos: tuple[int, int]) -> None:
        press = self.pointer.press
        if press is not None and press.card is not None and not press.dragging and press.moved_enough(pos):
            if self._may_pick(press.card):
                self._start_drag(press)
        if press is not None and press.dragging:
            card = press.card
            card.x, card.y = pos[0] - press.grab[0], pos[1] - press.grab[1]
            press.over = drop_zone(card.rect(), pos, self._areas(), press.targets)
            return
        self.ext.hover(pos)
        hit = self.board.hit(pos)
        self.pointer.hovered = hit if hit is not None and hit.zone in (self.my_hand, *self.paint._my_stacks()) else None

    def _start_drag(self, press: Press) -> None:
        card = press.card
        press.dragging = True
        self.animator.cancel(card)
        card.y -= card.lift
        card.lift = 0.0
        card.dragging = True
        press.targets = targets_for(self.legal, self.deck, card.zone, card.text)
        if self.pointer.selected is not card:
            self.pointer.selected = None

    def _release(self, pos: tuple[int, int]) -> None:
        press, self.pointer.press = self.pointer.press, None
        if press is None:
            return
        if press.dragging:
            if self.ext.drop(press, pos):
                press.card.dragging = False
                return
            self._drop(press, pos)
        elif press.card is not None:
            self._click_card(press.card)
        elif press.zone is not None:
            self._click_zone(press.zone, None)
        else:
            self._select(None)

    def _cancel(self) -> None:
        if self.pointer.press is not None and self.pointer.press.dragging:
            card = self.pointer.press.card
            card.dragging = False
            self.board.place(card.zone, self.animator)
        self.pointer.press = None
        self._select(None)

    def _may_pick(self, card: CardSprite) -> bool:
        """Cards a player may pick up: their own hand's, a pile's top, any a legal move takes;
        out of turn, a card of your own hand to rearrange it (where the game leaves that to you)."""
        own = self.ext.may_pick(card)
        if not self._my_turn():
            return own is None and self._may_arrange(card)
        if own is not None:
            return own
        if card.zone == self.my_hand:
            return True
        if any(a.source == card.zone for a in self.legal):
            return True
        return self.board.kind(card.zone) != "hand" and card is self.board.top(card.zone)

    def _may_arrange(self, card: CardSprite) -> bool:
        """Whether ``card`` may be dragged within your hand to rearrange it (display only)."""
        zone = self.my_hand
        box = self.layout.zones.get(zone or "")
        return (
            card.zone == zone
            and box is not None
            and box.fan
            and not self.ext.ordered(card.zone)
            and not self.session.is_over
        )

    def _areas(self) -> dict[str, pygame.Rect]:
        """Where each zone accepts a drop (its cards or empty slot, with a little margin)."""
        out = {}
        for name, box in self.layout.zones.items():
            count = len([c for c in self.board.zones.get(name, []) if not c.dragging])
            pad = round(box.card_w * 0.12)
            out[name] = box.rect(count).inflate(pad, pad)
        return out

    def _zone_at(self, pos: tuple[int, int]) -> str | None:
        for name, area in self._areas().items():
            if area.collidepoint(pos):
                return name
        return None

    def _drop(self, press: Press, pos: tuple[int, int]) -> None:
        card = press.card
        source = card.zone
        target = drop_zone(card.rect(), pos, self._areas(), press.targets)
        card.dragging = False
        if target in press.targets:
            action = action_for(self.legal, self.deck, source, target, card.text)
            if action is not None and self._apply(action, moving=card):
                return
        box = self.layout.zones.get(source)
        if target == source and box is not None and box.fan:
            self.board.reorder(card, card.x)
            self.board.place(source, self.animator)
            return
        self.board.place(source, self.animator)
        if target != source or not press.targets:
            self._refuse(card.text, source, target)

    def _click_card(self, card: CardSprite) -> None:
        if self.ext.click_card(card):
            return
        if not self._my_turn():
            self._refuse(card.text, card.zone, None)
            return
        zone = card.zone
        if (
            self.pointer.selected is not None
            and self.pointer.selected is not card
            and zone != self.pointer.selected.zone
        ):
            self._send_selected(zone)
            return
        if zone != self.my_hand:
            self._click_zone(zone, card)
            return
        actions = actions_from(self.legal, self.deck, zone, card.text)
        if not actions:
            self._refuse(card.text, zone, None)
            return
        double = self.last_click[0] is card and self.clock - self.last_click[1] < DOUBLE_CLICK
        self.last_click = (card, self.clock)
        if double and len({a.target for a in actions}) == 1:
            self._apply(actions[0], moving=card)
            return
        self._select(None if self.pointer.selected is card else card)
        if self.pointer.selected is not None:
            where = (
                status.zone_words(actions[0].target, self.specs, self.seat, None, self.presenter)
                if len(actions) == 1
                else ""
            )
            self._say(
                self.presenter.word("now_click", where=where) if where else self.presenter.word("now_click_where"),
                "info",
            )

    def _click_zone(self, zone: str | None, card: CardSprite | None) -> None:
        if zone is None:
            self._select(None)
            return
        if not self._my_turn():
            self._refuse(card.text if card else None, zone, None)
            return
        if self.pointer.selected is not None and zone != self.pointer.selected.zone:
            self._send_selected(zone)
            return
        top = card or self.board.top(zone)
        text = top.text if top is not None else None
        actions = actions_from(self.legal, self.deck, zone, text)
        if len({a.target for a in actions}) == 1:
            self._apply(actions[0], moving=top)
        elif actions and top is not None:
            self._select(top)
        else:
            self._refuse(text, zone, self.my_hand if zone != self.my_hand else None)

    def _send_selected(self, zone: str) -> None:
        card = self.pointer.selected
        if card is None:
            return
        action = action_for(self.legal, self.deck, card.zone, zone, card.text)
        if action is not None:
            self._apply(action, moving=card)
        else:
            self._refuse(card.text, card.zone, zone)

    def _select(self, card: CardSprite | None) -> None:
        """One card chosen to send somewhere (None: none); no card also drops a selection to build with."""
        self.pointer.selected = card
        self._put_down()
        if card is None and self.said.kind == "info":
            self.said.text = ""
        if card is None:
            self.ext.clear_selection()

    def _refuse(self, text: str | None, source: str | None, target: str | None) -> None:
        """Say why a move is not allowed (the engine's reason)."""
        if self.session.is_over:
            self._say(self.presenter.word("game_over"), "warn")
            return
        current = self.state.current_player
        if not self._my_turn():
            self._say(self.presenter.word("wait_for", who=self._name(current)), "warn")
            return
        card = None
        if text is not None:
            try:
                card = self.deck.parse(text)
            except rules.RulesError:
                card = None
        reason = self.state.why_not(card, source, target)
        if self.coach is not None:  # a lesson adds its advice to the rules' reason
            reason = self.coach.refusal(reason)
        self._say(reason, "warn")
        self.app.sounds.play("refuse")

    def _say(self, text: str, kind: str = "info") -> None:
        if kind == "warn":
            self.unsettled = self.clock  # a refusal: the next move may be made in haste
        self.said.text = str(text).splitlines()[0] if text else ""
        self.said.kind = kind
        self.said.left = MESSAGE_SECONDS * (1.4 if kind == "hint" else 1.0)
        self.said.heard = self.said.hearing
        self.said.moves = self._moves_made()

    def _moves_made(self) -> int:
        """How many actions the match has seen: a warning is stale once another one is made."""
        return sum(len(deal["actions"]) for deal in self.state.log)

    def _toast(self, text: str) -> None:
        toast = getattr(self.app, "toast", None)
        if toast is not None:
            toast(text)
        else:
            self._say(text, "warn")

    # ================================================================ keyboard
    # (the keys themselves are in ``keys.TABLE_KEYS``, which F1 lists)
    keyboard: keys.KeyFocus  # the picked-up card's aim, the button in focus, the digits typed

    def _key(self, event: pygame.event.Event) -> None:
        key, mod = event.key, event.mod
        hand = self.board.zones.get(self.my_hand or "", [])
        if key == pygame.K_ESCAPE and self.pointer.press is None and any(self.ext.lifted(c) for c in hand):
            self.ext.clear_selection()  # Escape first lets go of a selection to build with
            return
        number = keys.digit(event)
        if number is None:
            self.keyboard.typed = ""
        if key in keys.ESCAPE.keys:  # what is open closes first; the pause menu opens last
            if self.pointer.press is not None or self.pointer.selected is not None:
                self._cancel()
            elif self.keyboard.button is not None:
                self._focus_button(None)
            elif not (self.ext.close_popup() or self.log.close()):
                self.menu.show()
            return
        if key in keys.RULES.keys:
            self._rules()
            return
        button = keys.pressed(self._decision_buttons(), event)
        if button is not None:
            self._press_button(button)
            return
        if number is not None and self._type_number(number):
            return
        if key in keys.LOG.keys and not mod & keys.NO_MODS:
            self.log.toggle()
        elif key in keys.UNDO.keys or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            self.undo.undo()
        elif key in keys.HINT.keys:
            self.undo.hint()
        elif key in keys.ZONE.keys:
            self._next_group(-1 if mod & pygame.KMOD_SHIFT else 1)
        elif key in keys.STEP.keys:
            self._step(1 if key == pygame.K_RIGHT else -1)
        elif key in keys.PLAY.keys:
            self._play_focused()
        elif key in keys.TOGGLE.keys:
            self._play_focused(toggle=True)

    # ------------------------------------------------------------ buttons
    def _decision_buttons(self) -> list[ui.Button]:
        """The buttons of the table's decisions and the game's own (with their keys assigned)."""
        buttons = [*self.choice_buttons, *self.ext.buttons()]
        keys.assign(buttons)
        return buttons

    def _tab_buttons(self) -> list[ui.Button]:
        """The buttons Tab and Left / Right step through: those shown and enabled, left to right."""
        shown = [b for b in self._decision_buttons() if b.active and b.rect.width]
        return sorted(shown, key=lambda b: (b.rect.top // max(1, b.rect.height), b.rect.left))

    def _focus_button(self, button: ui.Button | None) -> None:
        if self.keyboard.button is not None:
            self.keyboard.button.focused = False
        self.keyboard.button = button
        if button is not None:
            button.focused = True
            self.pointer.focus = None
            self._put_down()

    def _press_button(self, button: ui.Button) -> None:
        self._focus_button(None)
        self.keyboard.typed = ""
        if self._busy():
            self._skip_ahead()
        button.activate()

    def _type_number(self, digit: str) -> bool:
        """A digit towards a number's button: pressed once no other number starts so (typing 1 then
        2 gives 12 where 10 to 13 are offered; 1 alone waits for Enter). False: no number's button."""
        numbers = [b for b in self._decision_buttons() if getattr(b, "number", None) is not None and b.active]
        if not numbers:
            return False
        typed = self.keyboard.typed + digit
        if not any(str(b.number).startswith(typed) for b in numbers):
            typed = digit
        starting = [b for b in numbers if str(b.number).startswith(typed)]
        exact = next((b for b in starting if str(b.number) == typed), None)
        if exact is not None and len(starting) == 1:
            self._press_button(exact)
            return True
        if not starting:
            self.keyboard.typed = ""
            self._say(self.presenter.word("not_offered", typed=typed), "warn")
            return True
        self.keyboard.typed = typed
        self._focus_button(exact)
        more = ", ".join(str(b.number) for b in starting if b is not exact)
        self._say(
            self.presenter.word("typed_exact" if exact is not None else "typed_more", typed=typed, more=more),
            "info",
        )
        return True

    # ------------------------------------------------------------ stepping
    def _groups(self) -> list[list[Any]]:
        """What Tab goes between: your hand's cards, the other cards a move takes, the buttons."""
        cards = self._focusable()
        hand = [c for c in cards if c.zone == self.my_hand]
        rest = [c for c in cards if c.zone != self.my_hand]
        return [group for group in (hand, rest, self._tab_buttons()) if group]

    def _cards_playable(self) -> bool:
        """Whether some legal move takes a card (else Left / Right go to the buttons: a prompt)."""
        return any(a.source is not None for a in self.legal) or not self._my_turn()

    def _next_group(self, step: int) -> None:
        if self.keyboard.aims:
            self._step(step)
            return
        groups = self._groups()
        if not groups:
            return
        here = next((i for i, g in enumerate(groups) if self.keyboard.button in g or self.pointer.focus in g), None)
        group = groups[0 if here is None and step > 0 else -1 if here is None else (here + step) % len(groups)]
        self._enter_group(group, step)

    def _enter_group(self, group: list[Any], step: int) -> None:
        first = group[0] if step > 0 else group[-1]
        if isinstance(first, ui.Button):
            self._focus_button(first)
        else:
            self._focus_button(None)
            self.pointer.focus = first

    def _step(self, step: int) -> None:
        """Left / Right: the next place for a picked-up card, the next button, or the next card."""
        if self.keyboard.aims:
            at = self.keyboard.aims.index(self.keyboard.aim) if self.keyboard.aim in self.keyboard.aims else -1
            self.keyboard.aim = self.keyboard.aims[(at + step) % len(self.keyboard.aims)]
            self._say_aim()
            return
        buttons = self._tab_buttons()
        if self.keyboard.button is not None or (buttons and not self._cards_playable() and self.pointer.focus is None):
            if not buttons:
                self._focus_button(None)
                return
            at = buttons.index(self.keyboard.button) if self.keyboard.button in buttons else (-1 if step > 0 else 0)
            self._focus_button(buttons[(at + step) % len(buttons)])
            return
        cards = self._focusable()
        if cards:
            if self.pointer.focus not in cards:
                self.pointer.focus = cards[0] if step > 0 else cards[-1]
            else:
                self.pointer.focus = cards[(cards.index(self.pointer.focus) + step) % len(cards)]

    # ------------------------------------------------------------ picking up
    def _pick_up(self, card: CardSprite, targets: list[str]) -> None:
        """The card lifted by the keyboard: Left / Right choose among ``targets`` (lit as in a
        drag, left to right on the screen), Enter puts it there, Esc puts it down."""
        boxes = self.layout.zones

        def where(zone: str) -> tuple[float, float]:
            box = boxes.get(zone)
            return (0.0, 0.0) if box is None else (round(box.anchor[1] / max(1, box.card_w)), box.anchor[0])

        self.pointer.selected = card
        self.keyboard.aims = tuple(sorted(dict.fromkeys(targets), key=where))
        hinted = self.hint[2] if self.hint is not None and self.hint[0] is card else None
        self.keyboard.aim = hinted if hinted in self.keyboard.aims else self.keyboard.aims[0]
        self._say_aim()

    def _say_aim(self) -> None:
        """Where Enter puts the picked-up card, in words ("Basil's melds, 2 of 3"), and the keys."""
        aim, aims = self.keyboard.aim, self.keyboard.aims
        if aim is None:
            return
        zone = aim if aim.count("/") < 2 else aim.rsplit("/", 1)[0]  # a seat's meld: its owner's
        words = status.zone_words(zone, self.specs, self.seat, self.names, self.presenter)
        same = [z for z in aims if z.rsplit("/", 1)[0] == aim.rsplit("/", 1)[0]] if zone != aim else []
        if len(same) > 1:
            words = self.presenter.word("aim_n_of", where=words, n=same.index(aim) + 1, of=len(same))
        others = self.presenter.word("aim_elsewhere") if len(aims) > 1 else ""
        self._say(self.presenter.word("aim_enter", where=words, others=others), "info")

    def _put_down(self) -> None:
        self.keyboard.aims, self.keyboard.aim = (), None

    def _drop_aimed(self) -> None:
        card, zone = self.pointer.selected, self.keyboard.aim
        self._put_down()
        if card is None or zone is None:
            return
        if self.ext.key_drop(card, zone):
            self.pointer.selected = None
            return
        self._send_selected(zone)

    def _focusable(self) -> list[CardSprite]:
        """What Left / Right step through: your hand, then the top of each pile a move takes from
        (every card a move takes from a row or a spread: cards put aside to exchange)."""
        cards = list(self.board.zones.get(self.my_hand or "", []))
        for zone in dict.fromkeys(a.source for a in self.legal if a.source and a.source != self.my_hand):
            if self.board.kind(zone) in ("pile", "stack"):
                top = self.board.top(zone)
                cards += [top] if top is not None else []
                continue
            cards += [c for c in self.board.zones.get(zone, []) if actions_from(self.legal, self.deck, zone, c.text)]
        own = self.ext.focusable(cards)
        return cards if own is None else own

    def _play_focused(self, toggle: bool = False) -> None:
        if self._busy():
            self._skip_ahead()
        if self.keyboard.aims and self.pointer.selected is not None:
            self._drop_aimed()
            return
        card = self.pointer.focus
        if card is None or card not in self._focusable():
            if self._tab_buttons():
                self._say(self.presenter.word("tab_to_buttons"), "info")
            else:
                self._say(self.presenter.word("pick_a_card_first"), "info")
            return
        targets = None if toggle else self.ext.key_targets(card)
        if targets:
            self._pick_up(card, targets)
            return
        if self.ext.click_card(card):
            return
        if card.zone != self.my_hand:
            self._click_zone(card.zone, card)
            return
        if not self._my_turn():
            self._refuse(card.text, card.zone, None)
            return
        actions = actions_from(self.legal, self.deck, card.zone, card.text)
        targets = list(dict.fromkeys(a.target for a in actions if a.target is not None))
        if len(targets) == 1:
            self._apply(actions[0], moving=card)
        elif not actions:
            self._refuse(card.text, card.zone, None)
        else:
            self._pick_up(card, targets)

    # ============================================================ autoplay
    def _autoplay_on(self) -> bool:
        return bool(getattr(getattr(self.app, "settings", None), "autoplay_forced", False))

    def autoplay_due(self) -> float | None:
        """Seconds until a forced move is played for you (the setting on); None: none is waiting."""
        if not self._autoplay_on() or not self._my_turn() or self.menu.open or forced_move(self.legal) is None:
            return None
        return max(0.0, self.animator.seconds(AUTOPLAY_PAUSE) - self.idle)

    def _autoplay(self) -> None:
        """The setting on and one card left to play: play it once the table has been still a moment."""
        due = self.autoplay_due()
        if due is None or due > 0 or self.pointer.press is not None or self._busy():
            return
        action = forced_move(self.legal)
        if action is None:
            return
        text = self.deck.faces[action.card].text if action.card is not None else None
        card = next((c for c in self.board.zones.get(action.source or "", []) if c.text == text), None)
        self._apply(action, moving=card)

    # ============================================================ navigation
    def _rules(self) -> None:
        try:
            self.app.open("rules", game_id=self.game.id)
        except ImportError:
            self._toast(self.presenter.word("no_rules"))

    def _to_menu(self) -> None:
        to_menu = getattr(self.app, "to_menu", None)
        if to_menu is not None:
            to_menu()
        else:
            self.app.pop()
