"""Run hostile probes and judge them: clean, traceback, hang or wrong.

In process (:func:`run_in_process`, for the tests) or as separate processes
with a time limit (:func:`run_as_process`, for ``benchmarks/hostile_probes.py``,
which also counts hangs).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.probes.hostile import Probe

ROOT = Path(__file__).resolve().parents[2]

__all__ = ["Outcome", "judge", "run_as_process", "run_in_process"]


@dataclass(frozen=True)
class Outcome:
    """What a probe did: exit status (None: killed after the time limit) and its output."""

    status: int | None
    out: str
    err: str


def run_in_process(probe: Probe) -> Outcome:
    """Run the probe through :func:`symlearn.cli.main` in this process."""
    from symlearn.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(probe.argv))
        except BaseException as error:  # anything escaping main is a failure to report
            import traceback

            err.write("Traceback (most recent call last):\n" + traceback.format_exc())
            status = 1 if not isinstance(error, SystemExit) else int(error.code or 0)
    return Outcome(status, out.getvalue(), err.getvalue())


def run_as_process(probe: Probe, timeout: float = 30) -> Outcome:
    """Run the probe as ``python -m symlearn ...``; None status when it had to be killed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "symlearn", *probe.argv],
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except subprocess.TimeoutExpired as expired:
        return Outcome(None, str(expired.stdout or ""), str(expired.stderr or ""))
    return Outcome(done.returncode, done.stdout, done.stderr)


def _error_lines(text: str) -> list[str]:
    """The lines of an error report (a located warning before it is not part of it)."""
    return [line for line in text.splitlines() if line.strip() and ": warning: " not in line]


def judge(probe: Probe, outcome: Outcome) -> str:
    """``clean``, ``traceback``, ``hang`` or ``wrong`` (an unexpected status or a long error)."""
    if outcome.status is None:
        return "hang"
    if "Traceback" in outcome.err or "Traceback" in outcome.out:
        return "traceback"
    if outcome.status not in (0, 1, 2):
        return "wrong"
    if probe.expect == "ok" and outcome.status == 2:
        return "wrong"
    if probe.expect == "error" and outcome.status != 2:
        return "wrong"
    if outcome.status == 2:
        lines = _error_lines(outcome.err)
        # one message line; a file error adds the source line and a caret; click's
        # usage errors start with its usage line
        one_message = len(lines) == 1 or (len(lines) <= 3 and lines[-1].strip() == "^")
        if not one_message and not (lines and lines[0].startswith("Usage:")):
            return "wrong"
    return "clean"
