"""An error that escapes the main loop (or stops the app starting) is logged in the user data
folder and shown in a window — a double-clicked app has no console — and the exit code is 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable import __main__ as entry
from cardtable import crash
from cardtable.app import App


class Boom(RuntimeError):
    pass


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the message box would show (the dummy video driver has no message boxes)."""
    texts: list[str] = []
    monkeypatch.setattr(crash, "show", lambda text: texts.append(text) or True)
    return texts


def test_an_error_escaping_the_loop_is_logged_and_shown(
    user_home: Path, shown: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def explode(self: App) -> int:
        raise Boom("the felt caught fire")

    monkeypatch.setattr(App, "run", explode)
    assert entry.main(["--size", "800x600"]) == 1
    log = (user_home / "cardtable.log").read_text(encoding="utf-8")
    assert "Boom: the felt caught fire" in log and "Traceback" in log and "explode" in log
    assert log.splitlines()[1].startswith(f"cardtable {entry.version()} on ")
    assert "Boom: the felt caught fire" in capsys.readouterr().err
    (text,) = shown
    assert "Boom: the felt caught fire" in text
    assert str(user_home / "cardtable.log") in text and "Resume" in text


def test_an_error_while_starting_is_logged_and_shown(
    user_home: Path, shown: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_init(self: App, *args: object, **kwargs: object) -> None:
        raise Boom("no table today")

    monkeypatch.setattr(App, "__init__", broken_init)
    assert entry.main([]) == 1
    assert "Boom: no table today" in (user_home / "cardtable.log").read_text(encoding="utf-8")
    assert len(shown) == 1 and "Boom: no table today" in shown[0]


def test_the_message_says_when_no_log_could_be_written() -> None:
    text = crash.message(Boom("x\ny"), logged=False)
    assert "Boom: x y" in text and "could not be written" in text


def test_showing_without_a_display_says_so_instead_of_raising() -> None:
    """Under the dummy driver (the tests' driver) SDL can show no message box."""
    assert crash.show("a test message") is False
