"""The language bias of a relational task, whatever format the files were in.

One :class:`LanguageBias` says which clauses a learner may write for the
target.  It is made once, when the task is prepared
(:meth:`symlearn.ilp.task.RelationalTask.from_task`), from

* **Aleph/Progol declarations**: ``modeh``/``modeb`` (:class:`~symlearn.logic.modes.Mode`)
  and ``determination/2`` (Muggleton 1995; the Aleph manual);
* **a Popper ``bias.pl``** (Cropper and Morel 2021): ``head_pred``,
  ``body_pred``, ``type``, ``direction``, ``max_vars``, ``max_body``,
  ``max_clauses``, ``enable_recursion``, ``non_datalog``,
  ``allow_singletons``.  The reader also states them as modes (so FOIL and
  Progol read them as they read Aleph's), and they are kept here as Popper
  means them: :attr:`LanguageBias.directions` holds only the declared
  directions, None for an argument without one (a Popper body literal may be
  called with it bound or free);
* **nothing** (a file without modes): then :attr:`LanguageBias.derived` is
  True, the modes are those :func:`~symlearn.ilp.language.derived_modes`
  states (one type ``t``) and each learner may derive its own (FOIL reads
  types off the data, Progol derives typed modes:
  :meth:`~symlearn.ilp.task.RelationalTask.with_derived_modes`).

Classes
-------
LanguageBias

References
----------
Muggleton, S. (1995).  Inverse entailment and Progol.  New Generation
Computing 13.  Srinivasan, A.  The Aleph manual.  Cropper, A. and Morel, R.
(2021).  Learning programs by learning from failures.  Machine Learning 110.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.ilp.task import RelationalTask
>>> task = RelationalTask.from_kb(loads('''
... parent(a, b). pos(gp(a, b)).
... :- modeh(1, gp(+person, -person)). :- modeb(*, parent(+person, -person)).
... :- set(clauselength, 3).'''), ("gp", 2))
>>> bias = task.bias
>>> [str(m) for m in bias.head_modes], bias.body_predicates, bias.max_body, bias.recursion
(['modeh(1, gp(+person, -person))'], (('parent', 2),), 2, False)
>>> bias.directions[("gp", 2)], bias.types[("parent", 2)]
(('+', '-'), ('person', 'person'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from symlearn.logic.indicators import Indicator
from symlearn.logic.modes import Mode
from symlearn.logic.source import SourcePosition

__all__ = ["LanguageBias"]


@dataclass(frozen=True)
class LanguageBias:
    """Which clauses may be written for the target (see the module docstring).

    Attributes
    ----------
    target
        ``(name, arity)`` of the target.
    modes
        Every mode declaration in the files (head and body, for any
        predicate), in order; the derived ones when :attr:`derived`.
    determinations
        The body predicates ``determination/2`` allows for the target as
        declared (empty: every body mode's predicate may be used).
    derived
        True when the files declare no body modes (the modes are derived).
    source
        ``"modes"`` (Aleph/Progol declarations, or our files'),
        ``"popper"`` (a ``bias.pl``) or ``"derived"``.
    head_predicates, body_predicates
        The predicates that may head a clause and appear in a body
        (Popper's ``head_pred``/``body_pred``; from the modes otherwise;
        the target is a body predicate when recursion is allowed).
    types
        The argument types of every predicate of :attr:`modes`.
    directions
        Per predicate, ``"+"`` (input), ``"-"`` (output), ``"#"``
        (constant) or None (any: a Popper predicate without ``direction``)
        for each argument.
    max_vars, max_body, max_clauses
        Most variables in a clause, body literals in a clause and clauses
        in a program (None: the file does not say; Popper's defaults for
        ``max_vars``/``max_body`` are written in by the reader; an Aleph
        ``clauselength`` L gives ``max_body`` L − 1).
    recursion, non_datalog, allow_singletons
        Popper's flags (``recursion`` also from Aleph's ``set(recursion,
        true)``, a determination of the target by itself or a body mode
        of the target).
    predicates
        The predicates with clauses (or declared dynamic) and arguments
        other than the target and the example predicates, in the order of
        the files: what a literal may call when there are no body modes.
    excluded
        The predicates whose clauses call the target (a literal of theirs
        would make the learnt clause call itself through the background).
    lazy_evaluate, positive_only
        Aleph's ``lazy_evaluate/1`` and ``positive_only/1``: predicates whose
        ``#`` arguments are computed during the search from the values their
        inputs take on the positive and negative examples (on the positive
        ones only).
    abducible
        Aleph's ``abducible/1`` predicates, with where each was declared.
    """

    target: Indicator
    modes: tuple[Mode, ...]
    determinations: tuple[Indicator, ...] = ()
    derived: bool = False
    source: str = "modes"
    head_predicates: tuple[Indicator, ...] = ()
    body_predicates: tuple[Indicator, ...] = ()
    types: Mapping[Indicator, tuple[str, ...]] = field(default_factory=dict)
    directions: Mapping[Indicator, tuple[str | None, ...]] = field(default_factory=dict)
    max_vars: int | None = None
    max_body: int | None = None
    max_clauses: int | None = None
    recursion: bool = False
    non_datalog: bool = False
    allow_singletons: bool = False
    predicates: tuple[Indicator, ...] = ()
    excluded: frozenset[Indicator] = frozenset()
    lazy_evaluate: frozenset[Indicator] = frozenset()
    positive_only: frozenset[Indicator] = frozenset()
    abducible: tuple[tuple[Indicator, SourcePosition | None], ...] = ()

    @property
    def head_modes(self) -> tuple[Mode, ...]:
        """The ``modeh`` declarations of the target."""
        return tuple(m for m in self.modes if m.kind == "head" and m.indicator == self.target)

    @property
    def body_modes(self) -> tuple[Mode, ...]:
        """Every ``modeb`` declaration."""
        return tuple(m for m in self.modes if m.kind == "body")

    @property
    def allowed_body_modes(self) -> tuple[Mode, ...]:
        """The body modes a clause for the target may use (its determinations, else all)."""
        allowed = set(self.determinations)
        return tuple(m for m in self.body_modes if not allowed or m.indicator in allowed)

    def with_modes(self, added: tuple[Mode, ...]) -> LanguageBias:
        """The bias with ``added`` modes after the declared ones."""
        return replace(self, modes=(*self.modes, *added))
