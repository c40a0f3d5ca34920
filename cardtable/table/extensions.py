"""The widget base class under its first name, for a third party's widget that subclasses it
(``from cardtable.table.extensions import TableExtension``): see :mod:`.widgets.base`."""

from .widgets.base import TableExtension, Widget

__all__ = ["TableExtension", "Widget"]
