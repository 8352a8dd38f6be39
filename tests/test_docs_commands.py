"""Every symlearn command of README.md and docs/*.md runs as written (issue 26).

The commands of the shell blocks are run in order, page by page, in a
temporary folder that holds the repository's ``kb/``, ``data/``, ``tests/``
and ``benchmarks/`` (linked) and an empty ``out/``, after the Prolog blocks
that name a file in their first line (``% my_family.pl``) are saved there, as
a reader following the page would.  Each must end with status 0, or the
status its comment shows (``# exit 1`` for a "no", ``# exit 2`` for an error
the page demonstrates), and print no traceback.  Installs, clones, exports,
benchmarks and SWI-Prolog (tests in ``tests/test_readme.py``) are not run here.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from symlearn.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINKED = ("kb", "data", "tests", "benchmarks")
FENCE = re.compile(r"```(sh|prolog)\n(.*?)```", re.S)


def page_steps(page: Path) -> list[tuple[str, str, str]]:
    """The page's steps in order: ("file", name, text) and ("run", command, comment)."""
    steps: list[tuple[str, str, str]] = []
    for language, body in FENCE.findall(page.read_text()):
        if language == "prolog":
            named = re.match(r"%\s*([\w./-]+\.pl)\s*\n", body)
            if named:
                steps.append(("file", named.group(1), body))
            continue
        for line in body.replace("\\\n", " ").splitlines():
            command, _, comment = line.strip().partition(" # ")
            command = re.sub(r"\s+", " ", command.strip())
            if command.startswith("symlearn "):
                for part in command.split(" && "):
                    steps.append(("run", part, comment))
    return steps


def _cases() -> list[pytest.param]:
    return [
        pytest.param(page, id=str(page.relative_to(ROOT)))
        for page in PAGES
        if any(kind == "run" for kind, _, _ in page_steps(page))
    ]


@pytest.mark.slow
@pytest.mark.parametrize("page", _cases())
def test_every_command_of_the_page_runs_as_written(page, tmp_path, monkeypatch, capsys):
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name)
    (tmp_path / "out").mkdir()
    monkeypatch.chdir(tmp_path)
    failures = []
    for kind, what, detail in page_steps(page):
        if kind == "file":
            (tmp_path / what).write_text(detail)
            continue
        status = main(shlex.split(what)[1:])
        err = capsys.readouterr().err
        shown = re.search(r"\bexit (\d)\b", detail)  # a "no" or an error the page shows
        expected = int(shown.group(1)) if shown else 0
        if status != expected or "Traceback" in err:
            last = (err.strip().splitlines() or [""])[-1]
            failures.append(f"{what} -> {status}: {last[:200]}")
    assert not failures, "\n".join(failures)
