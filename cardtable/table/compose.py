"""The widgets a table gets: chosen by its layout's zone kinds and hints, never by the game's id."""

from __future__ import annotations

from typing import Any

from rules import RulesError
from rules.plugins import resolve

from ..userfiles import one_line
from .context import TableContext
from .extensions import TableExtension
from .grid import GridTable
from .melds import MeldTable
from .reveal import RevealTable
from .tricks import TrickTable


def extension_for(ctx: TableContext, game: Any) -> TableExtension:
    """The behaviour the table's layout asks for: a widget the game's spec names for one of its
    zone kinds, the hold, the trick widget, the grid, or the neutral one."""
    kinds = {spec.get("kind") for spec in ctx.specs.values()}
    widgets = getattr(getattr(game, "spec", None), "widgets", None) or {}
    for kind in sorted(kinds & set(widgets)):
        try:
            return resolve(widgets[kind])(ctx)
        except Exception as exc:  # a third party's widget may raise anything while loading
            reason = str(exc) if isinstance(exc, RulesError) else f"{type(exc).__name__}: {exc}"
            ctx.toast(
                f"{game.name}'s {kind} widget could not be loaded ({one_line(reason, 120)}); the table draws it plainly"
            )
            break
    if ctx.hints.get("revealed_near_source"):
        return RevealTable(ctx)
    if "trick" in kinds:
        return TrickTable(ctx)
    if "grid" in kinds:
        return GridTable(ctx)
    if "melds" in kinds:
        return MeldTable(ctx)
    return TableExtension(ctx)
