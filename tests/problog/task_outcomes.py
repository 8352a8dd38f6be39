"""The ``%Expected outcome:`` blocks of ProbLog's test programs, and comparisons with them.

ProbLog's own tests state each program's outcome in a comment block::

    %Expected outcome:
    % 0.75::a(1); 0.25::a(2).

(for LFI the learned model, a line per clause, ``<RAND>`` for a probability
the data leave open; ``% error: Name`` when ProbLog refuses the program;
for the constraint task ``query probability`` lines, solutions separated by
dashes).  :func:`model_differences` compares a learned model with such a
block the way ProbLog's ``test_lfi.py`` does: lines sorted by the part
after ``::``, probabilities to a tolerance, the rest as text (whitespace
ignored).
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["expected_lines", "expected_model", "expected_solutions", "model_differences"]

HERE = Path(__file__).parent


def expected_lines(path: Path) -> list[str]:
    """The lines of the ``%Expected outcome:`` block, without their ``% ``."""
    lines: list[str] = []
    reading = False
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("%Expected outcome:"):
            reading = True
        elif reading and line.startswith("%"):
            lines.append(line[1:].strip())
        elif reading:
            break
    return lines


def expected_model(path: Path) -> list[str] | str:
    """The learned model ProbLog expects, or the name of the error it expects (a ``str``)."""
    lines = expected_lines(path)
    for line in lines:
        if line.lower().startswith("error:"):
            return line.split(":", 1)[1].strip()
    return [line for line in lines if line]


def expected_solutions(path: Path) -> list[dict[str, float]]:
    """The constraint task's solutions: ``atom probability`` lines, dashes between solutions."""
    solutions: list[dict[str, float]] = [{}]
    for line in expected_lines(path):
        if line.startswith("-"):
            solutions.append({})
        elif line:
            atom, value = line.rsplit(None, 1)
            solutions[-1][atom.replace(" ", "")] = float(value)
    return solutions


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text).rstrip(".")


def _sort_key(line: str) -> str:
    return _squeezed(line.split("::", 1)[1] if "::" in line else line)


def _components(line: str) -> list[tuple[str, str]]:
    """``p1::h1; p2::h2 :- body`` as (probability, rest) pairs, the body with the last."""
    parts = []
    for part in line.split(";"):
        probability, _, rest = part.strip().partition("::")
        parts.append((probability.strip(), _squeezed(rest)))
    return parts


def model_differences(
    expected: list[str], learned: list[str], tolerance: float = 1e-4
) -> list[str]:
    """What differs between a learned model and ProbLog's expected one (empty: they agree)."""
    if len(expected) != len(learned):
        return [f"{len(learned)} clauses where ProbLog has {len(expected)}"]
    differences = []
    for want, got in zip(sorted(expected, key=_sort_key), sorted(learned, key=_sort_key)):
        if "::" not in want:
            if _squeezed(want) != _squeezed(got):
                differences.append(f"{got!r} where ProbLog has {want!r}")
            continue
        wanted, found = _components(want), _components(got)
        if len(wanted) != len(found):
            differences.append(f"{got!r} where ProbLog has {want!r}")
            continue
        for (p_want, rest_want), (p_got, rest_got) in zip(wanted, found):
            if rest_want != rest_got:
                differences.append(f"{got!r} where ProbLog has {want!r}")
            elif p_want != "<RAND>" and abs(float(p_want) - float(p_got)) > tolerance:
                differences.append(f"{p_got}::{rest_got} where ProbLog has {p_want}")
    return differences
