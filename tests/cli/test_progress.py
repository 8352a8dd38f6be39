"""Progress bars: drawn on a terminal only, cleared before any other output."""

from __future__ import annotations

import io
import sys

import pytest

from symlearn.cli import main
from symlearn.cli.common import TerminalProgress, progress_bars, terminal_progress


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _terminal(monkeypatch: pytest.MonkeyPatch) -> FakeTerminal:
    """stderr as a terminal (set in the test itself: pytest's capture resets it after setup)."""
    screen = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setattr(TerminalProgress, "DELAY", 0.0)
    return screen


def test_no_bars_when_piped_or_for_json(monkeypatch):
    _terminal(monkeypatch)
    assert terminal_progress(enabled=False) is None
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal
    assert terminal_progress() is None


def test_a_bar_per_stage_cleared_on_close(monkeypatch):
    terminal = _terminal(monkeypatch)
    with progress_bars() as progress:
        assert progress is not None
        for done in range(1, 4):
            progress("folds", done, 3)
        progress.write("a message")
        progress("growing tree: depth", 2, None)
    drawn = terminal.getvalue()
    assert "folds" in drawn and "3/3" in drawn and "growing tree: depth" in drawn
    assert "a message\n" in drawn
    # the bar is wiped: the cursor ends at the start of an empty line
    assert drawn.rsplit("\r", 1)[-1] == ""
    assert drawn.rsplit("\r", 2)[-2].strip() == ""


def test_a_learner_draws_on_a_terminal_and_not_with_json(monkeypatch, capsys):
    terminal = _terminal(monkeypatch)
    assert main(["learn", "id3", "kb/playtennis.pl", "--target", "playtennis/4", "--cv", "3"]) == 0
    assert "cross-validation" in terminal.getvalue()
    terminal.seek(0)
    terminal.truncate()
    args = ["learn", "id3", "kb/playtennis.pl", "--target", "playtennis/4", "--cv", "3", "--json"]
    assert main(args) == 0
    assert terminal.getvalue() == ""
