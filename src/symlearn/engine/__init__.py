r"""The query engine: SLD resolution with tabling, builtins and set-at-a-time Datalog.

It answers Prolog goals over a :class:`~symlearn.kb.KnowledgeBase`:

* :mod:`~symlearn.engine.sld`: the :class:`Engine` (iterative SLD resolution
  with cut, tabling, depth and step limits);
* :mod:`~symlearn.engine.control`: control constructs (``;``, ``->``, ``\+``,
  ``call/N``, ``findall``, ``catch/throw`` ...); those of clause bodies are
  compiled into clause code (:mod:`~symlearn.engine.compiled_control`); a call
  passing a pattern of new variables runs a copy of its callee compiled for the
  pattern (:mod:`~symlearn.engine.specialise`);
* :mod:`~symlearn.engine.builtins`: the builtin predicates;
* :mod:`~symlearn.engine.arithmetic`: ``is/2`` and comparison, with SWI-Prolog's semantics;
* :mod:`~symlearn.engine.runtime`: run-time terms (bindable cells) and compiled clauses;
  the Python written for clauses and plans is compiled once per text
  (:mod:`~symlearn.engine.code_cache`);
* :mod:`~symlearn.engine.datalog`: Datalog predicates answered set-at-a-time;
* :mod:`~symlearn.engine.library`: the list library, written in Prolog.

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads("parent(ann, bob). parent(bob, carl). "
...            "grandparent(X, Z) :- parent(X, Y), parent(Y, Z).")
>>> [str(s["Who"]) for s in Engine(kb).solve_text("grandparent(Who, carl)")]
['ann']
"""

from typing import TYPE_CHECKING, Any

from symlearn.engine.sld import Engine, solve

if TYPE_CHECKING:
    from symlearn.engine.toplevel import QueryAnswers, run_query

__all__ = ["Engine", "QueryAnswers", "run_query", "solve"]


def __getattr__(name: str) -> Any:
    """The toplevel's names, imported on first use (grounding a program needs only the engine)."""
    if name in ("QueryAnswers", "run_query"):
        from symlearn.engine import toplevel

        return getattr(toplevel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
