r"""Aleph's input files: ``NAME.b`` (background and bias), ``NAME.f`` and ``NAME.n`` (examples).

Aleph (Srinivasan) reads a task with ``read_all(NAME)`` from three files:

* ``NAME.b``: the mode declarations (``:- modeh(...)``, ``:- modeb(...)``),
  the determinations, the settings Aleph knows (``clauselength``, ``i``,
  ``nodes``, ``noise``, ``minacc``, ...), then the background clauses;
* ``NAME.f``: the positive examples, one fact each;
* ``NAME.n``: the negative examples (with the closed-world assumption, the
  generated ones too, since Aleph needs them listed).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.ilp.task import RelationalTask
>>> from symlearn.learning.task import LearningTask
>>> kb = loads("parent(a, b). parent(b, c). pos(gp(a, c)). neg(gp(a, b)). "
...            ":- modeh(1, gp(+p, +p)). :- modeb(*, parent(+p, -p)).")
>>> task = RelationalTask.from_task(LearningTask.from_kb(kb, "gp/2"))
>>> files = aleph_files(task, "gp")
>>> print(files["gp.b"])  # doctest: +ELLIPSIS
% Aleph background for gp/2, ...
:- modeh(1, gp(+p, +p)).
:- modeb(*, parent(+p, -p)).
:- determination(gp/2, parent/2).
<BLANKLINE>
parent(a, b).
parent(b, c).
<BLANKLINE>
>>> files["gp.f"], files["gp.n"]
('gp(a, c).\n', 'gp(a, b).\n')
"""

from __future__ import annotations

from symlearn.ilp.task import RelationalTask
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct

__all__ = ["ALEPH_SETTINGS", "aleph_files"]

#: Settings Aleph understands, copied from the file's ``set/2`` directives.
ALEPH_SETTINGS = frozenset(
    {
        "clauselength",
        "i",
        "nodes",
        "noise",
        "minacc",
        "minpos",
        "depth",
        "evalfn",
        "search",
        "openlist",
        "verbosity",
        "caching",
        "posonly",
        "samplesize",
        "proof_strategy",
        "searchtime",
        "explore",
        "max_features",
        "mingain",
        "minscore",
        "prune_defs",
        "record",
        "resample",
        "rulefile",
        "test_pos",
        "test_neg",
        "train_pos",
        "train_neg",
        "tree_type",
    }
)


def _indicator(indicator: tuple[str, int]) -> str:
    """``name/arity`` as SWI-Prolog reads it back (``(=)/2`` for an operator)."""
    return format_term(Struct("/", (indicator[0], indicator[1])))


def aleph_files(task: RelationalTask, stem: str) -> dict[str, str]:
    """The three files' names and texts."""
    header = f"% Aleph background for {task.name}, written by symlearn export."
    lines = [header]
    lines += [f"% {note}" for note in task.notes]
    lines += [f":- {mode}." for mode in task.modes]
    target = _indicator(task.target)
    lines += [f":- determination({target}, {_indicator(d)})." for d in task.determinations]
    for name, value in task.file_settings.items():
        if name in ALEPH_SETTINGS:
            lines.append(f":- set({format_term(name)}, {format_term(value, max_priority=999)}).")
    lines.append("")
    lines += [str(clause) for clause in task.background]
    return {
        f"{stem}.b": "\n".join(lines) + "\n",
        f"{stem}.f": "".join(f"{format_term(a, max_priority=999)}.\n" for a in task.positives),
        f"{stem}.n": "".join(f"{format_term(a, max_priority=999)}.\n" for a in task.negatives),
    }
