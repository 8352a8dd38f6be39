"""Run the peer ILP systems on the files :mod:`symlearn.export` writes.

The round trip of ``symlearn export``: the exported task is given to the
peer system it was written for, and the theory the peer learns is read back
as clauses, so tests and benchmarks can compare it with symlearn's.  The
peers are not shipped with symlearn; each is found through an environment
variable (:data:`ENVIRONMENT`), set up as :data:`SETUP` says, outside the
repository:

* **Aleph** (Srinivasan): ``SYMLEARN_ALEPH`` names ``aleph_orig.pl`` (the
  classic, module-free Aleph of github.com/friguzzi/aleph, ``prolog/``) or a
  folder holding it; it is consulted by SWI-Prolog, ``read_all(STEM)``,
  ``induce`` and ``write_rules/1``.
* **FOIL6** (Quinlan): ``SYMLEARN_FOIL6`` names the ``foil6`` program (built
  with ``make`` from its C source) or its folder; it reads ``STEM.d`` on
  standard input.
* **Popper v3** (Cropper and Morel 2021): ``SYMLEARN_POPPER`` names a
  checkout of Popper at tag ``v3.1.0`` (``popper.py`` at its top); it needs
  ``clingo``, ``pyswip`` and ``python-sat`` from PyPI and runs as
  ``python3 popper.py FOLDER``.

Functions and classes
---------------------
PeerRun, PeerUnavailableError, locate, run_aleph, run_foil6, run_popper, same_theory

References
----------
Srinivasan, A.  The Aleph manual.  Quinlan, J. R. (1990).  Learning logical
definitions from relations.  Machine Learning 5.  Cropper, A. and Morel, R.
(2021).  Learning programs by learning from failures.  Machine Learning 110.

Examples
--------
>>> same_theory(["p(A) :- q(A, B), r(B)."], ["p(X) :- r(Y), q(X, Y)."])
True
>>> same_theory(["p(A) :- q(A, B)."], ["p(A) :- q(B, A)."])
False
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from symlearn.errors import SymlearnError

__all__ = [
    "ENVIRONMENT",
    "SETUP",
    "PeerRun",
    "PeerUnavailableError",
    "locate",
    "run_aleph",
    "run_foil6",
    "run_popper",
    "same_theory",
]

#: The environment variable that locates each peer.
ENVIRONMENT = {"aleph": "SYMLEARN_ALEPH", "foil6": "SYMLEARN_FOIL6", "popper": "SYMLEARN_POPPER"}

#: How to set each peer up (outside the repository).
SETUP = {
    "aleph": "git clone https://github.com/friguzzi/aleph; "
    "export SYMLEARN_ALEPH=$PWD/aleph/prolog/aleph_orig.pl",
    "foil6": "git clone https://github.com/Brombeerl3/foil; (cd foil && make); "
    "export SYMLEARN_FOIL6=$PWD/foil/foil6",
    "popper": "git clone https://github.com/logic-and-learning-lab/Popper; "
    "git -C Popper checkout v3.1.0; pip install clingo pyswip python-sat; "
    "export SYMLEARN_POPPER=$PWD/Popper",
}

_FILES = {"aleph": ("aleph_orig.pl", "prolog/aleph_orig.pl"), "foil6": ("foil6",)}


class PeerUnavailableError(SymlearnError, RuntimeError):
    """A peer system is not set up (its environment variable is unset or wrong)."""


@dataclass(frozen=True)
class PeerRun:
    """What a peer learnt.

    Attributes
    ----------
    system
        ``aleph``, ``foil6`` or ``popper``.
    clauses
        The learnt clauses, printed as symlearn prints clauses.
    seconds
        The learning time the peer reports (Aleph's ``induce``), else the
        wall-clock time of the run.
    wall_seconds
        The wall-clock time of the whole run (loading included).
    output
        The peer's standard output.
    """

    system: str
    clauses: tuple[str, ...]
    seconds: float
    wall_seconds: float
    output: str


def locate(system: str) -> Path:
    """The peer's program or folder, from its environment variable.

    Raises
    ------
    PeerUnavailableError
        With the reason, when the variable is unset or names nothing usable.
    """
    variable = ENVIRONMENT[system]
    value = os.environ.get(variable)
    if not value:
        raise PeerUnavailableError(f"{variable} is not set ({SETUP[system]})")
    path = Path(value)
    if system == "popper":
        if not (path / "popper.py").is_file():
            raise PeerUnavailableError(f"{variable}={value} has no popper.py")
        try:
            import clingo  # noqa: F401
            import pysat  # noqa: F401
            import pyswip  # noqa: F401
        except ImportError as error:
            raise PeerUnavailableError(f"Popper needs {error.name} ({SETUP[system]})") from error
        return path
    if path.is_dir():
        for name in _FILES[system]:
            if (path / name).is_file():
                return path / name
        raise PeerUnavailableError(f"{variable}={value} holds no {_FILES[system][0]}")
    if not path.is_file():
        raise PeerUnavailableError(f"{variable}={value} does not exist")
    return path


def _run(command: list[str], *, cwd: Path, stdin: str | None, timeout: float) -> tuple[str, float]:
    start = time.perf_counter()
    try:
        done = subprocess.run(
            command,
            cwd=cwd,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise PeerUnavailableError(f"{command[0]} ran over {timeout:g} s") from error
    return done.stdout, time.perf_counter() - start


def _clauses(text: str) -> tuple[str, ...]:
    """Clause texts parsed and printed as symlearn prints them (as written if they do not parse).

    A peer may print a theory in its own notation (Aleph's ``portray``
    examples): then its lines are given as they are.
    """
    from symlearn.kb import loads

    try:
        kb = loads(text)
    except SymlearnError:
        return tuple(line for line in text.splitlines() if line.strip())
    return tuple(str(c) for p in kb.predicates.values() for c in p.clauses)


_ALEPH_DRIVER = """\
:- style_check(-singleton).
:- style_check(-discontiguous).
:- set_prolog_flag(verbose, silent).
main :-
    consult('{aleph}'),
    read_all('{stem}'),
    statistics(cputime, T0),
    induce,
    statistics(cputime, T1),
    T is T1 - T0,
    format(user_output, '~n@@TIME ~w~n', [T]),
    write_rules('{rules}').
"""


def run_aleph(directory: str | Path, stem: str, *, timeout: float = 300) -> PeerRun:
    """Aleph's ``induce`` on ``STEM.b``/``.f``/``.n`` in ``directory``.

    Raises
    ------
    PeerUnavailableError
        When Aleph or SWI-Prolog is not set up, or the run takes too long.
    """
    aleph = locate("aleph")
    folder = Path(directory).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        rules = Path(tmp) / "rules.pl"
        driver = Path(tmp) / "driver.pl"
        driver.write_text(_ALEPH_DRIVER.format(aleph=aleph, stem=stem, rules=rules))
        output, wall = _run(
            ["swipl", "-q", "-g", "main", "-t", "halt", str(driver)],
            cwd=folder,
            stdin=None,
            timeout=timeout,
        )
        text = rules.read_text() if rules.exists() else ""
    found = re.search(r"@@TIME (\S+)", output)
    seconds = float(found.group(1)) if found else wall
    return PeerRun("aleph", _clauses(text), seconds, wall, output)


def run_foil6(path: str | Path, *, timeout: float = 300) -> PeerRun:
    """FOIL6 on one ``.d`` file; its definition lines are read back as clauses.

    Raises
    ------
    PeerUnavailableError
        When FOIL6 is not set up, or the run takes too long.
    """
    foil6 = locate("foil6")
    source = Path(path)
    output, wall = _run([str(foil6)], cwd=source.parent, stdin=source.read_text(), timeout=timeout)
    clauses = [_foil6_clause(line) for line in _foil6_definition(output)]
    found = re.search(r"Time ([0-9.]+) secs", output)
    return PeerRun(
        "foil6",
        _clauses("\n".join(clauses)),
        float(found.group(1)) if found else wall,
        wall,
        output,
    )


_FOIL6_CLAUSE = re.compile(r"^[a-z]\S*\(.*\)( :- .*)?$")


def _foil6_definition(output: str) -> list[str]:
    """The clause lines FOIL6 prints last, just before its ``Time`` line."""
    lines = output.splitlines()
    end = max((i for i, line in enumerate(lines) if line.startswith("Time ")), default=len(lines))
    found: list[str] = []
    for line in reversed(lines[:end]):
        if not line.strip():
            if found:
                break
            continue
        if not _FOIL6_CLAUSE.match(line):
            break
        found.append(line)
    return found[::-1]


def _foil6_clause(line: str) -> str:
    """A FOIL6 clause in Prolog syntax (FOIL6's negation and inequality become ours)."""
    text = line.strip().replace("~", "\\+ ").replace("<>", "\\=")
    return text if text.endswith(".") else text + "."


def run_popper(directory: str | Path, *, timeout: float = 300) -> PeerRun:
    """Popper v3 on a folder with ``bk.pl``, ``exs.pl`` and ``bias.pl``.

    Raises
    ------
    PeerUnavailableError
        When Popper or its Python packages are not set up, or the run takes too long.
    """
    popper = locate("popper")
    output, wall = _run(
        [sys.executable, str(popper / "popper.py"), str(Path(directory).resolve())],
        cwd=popper,
        stdin=None,
        timeout=timeout,
    )
    body = output.split("*" * 10 + " SOLUTION " + "*" * 10)
    text = ""
    if len(body) > 1:
        lines = body[1].split("*" * 10)[0].splitlines()
        text = "\n".join(line for line in lines if ":-" in line or line.rstrip().endswith("."))
        text = "\n".join(line for line in text.splitlines() if not line.startswith("Precision"))
    return PeerRun("popper", _clauses(text), wall, wall, output)


def same_theory(ours: Sequence[str], theirs: Sequence[str]) -> bool:
    """Whether two theories have the same clauses up to variable names and body order.

    Each clause of one must be θ-subsumption-equivalent to a clause of the
    other (Plotkin 1970), and the other way round.
    """
    from symlearn.kb import loads
    from symlearn.logic.subsumption import equivalent

    def parse(texts: Sequence[str]) -> list:
        kept = [t.strip() for t in texts if t.strip().rstrip(".") != "false"]  # the empty theory
        kb = loads("\n".join(t if t.endswith(".") else t + "." for t in kept))
        return [c for p in kb.predicates.values() for c in p.clauses]

    a, b = parse(ours), parse(theirs)
    return all(any(equivalent(x, y) for y in b) for x in a) and all(
        any(equivalent(y, x) for x in a) for y in b
    )
