"""The last line of defence: an error nothing else caught is written to the log in the user data
folder and shown in a window, because a double-clicked app has no console to print to.

Errors inside a scene never get here (the app turns them into a toast and a log entry and plays
on); this is for what escapes the main loop or stops the app from starting. The match in
progress is already on disk (every move is saved as it is made), so the message says so.
"""

from __future__ import annotations

import platform
import sys
import traceback

from . import userfiles

TITLE = "Cardtable: an unexpected error"


def details(exc: BaseException, version: str) -> str:
    """What the log keeps: the version, the system and the whole traceback."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    system = f"{platform.system()} {platform.release()} ({platform.machine()}), Python {platform.python_version()}"
    frozen = " (frozen build)" if getattr(sys, "frozen", False) else ""
    return f"cardtable {version}{frozen} on {system}\n{''.join(lines)}"


def message(exc: BaseException, logged: bool) -> str:
    """The words in the window: what happened in one line, that nothing was lost, where the log is."""
    summary = userfiles.one_line(f"{type(exc).__name__}: {exc}", 160)
    where = (
        f"The details are in {userfiles.home() / 'cardtable.log'} — please attach that file if you report it."
        if logged
        else "The details could not be written to a log file."
    )
    return (
        f"Cardtable has to close after an error it did not expect:\n\n{summary}\n\n"
        f"Your match is saved up to your last move: choose Resume in the menu next time.\n\n{where}"
    )


def show(text: str) -> bool:
    """A native message box (``pygame.display.message_box``); ``False`` when there is no way to
    show one (no display, the dummy video driver, an old pygame)."""
    try:
        import pygame

        box = getattr(pygame.display, "message_box", None)
        if box is None:
            return False
        box(TITLE, text, message_type="error")
        return True
    except Exception:  # noqa: BLE001 - showing the error must never raise another
        return False


def fatal(exc: BaseException, version: str) -> int:
    """Log ``exc``, print it to stderr, show it in a window; the exit code (1)."""
    from .app import write_log

    text = details(exc, version)
    print(text, file=sys.stderr, end="")
    logged = not userfiles.sealed()
    if logged:
        write_log(text)
        logged = (userfiles.home() / "cardtable.log").is_file()
    show(message(exc, logged))
    return 1
