r"""What the grounder must know about a ProbLog program before it grounds it.

* :func:`probabilistic_indicators`: the predicates the grounder resolves
  itself (defined by probabilistic clauses, calling such predicates, calling
  goals known only at run time, recursive and not tabled, or using ProbLog's
  ``subquery``); every other goal is answered by the query engine.
* :func:`impure_indicators`: the predicates whose answers depend on how
  they are called, because a clause tests a head variable with a builtin
  that looks at whether it is bound (``var/1``, ``==/2``, ``atom/1`` ...),
  or calls such a predicate.  ProbLog tables every call, so a non-ground call
  of one of these has answers of its own (``fill(A)`` with ``A == unknown``:
  see :mod:`~symlearn.bayes.problog.grounder`); a negation of a goal that
  still has variables is caught as it runs
  (:meth:`~symlearn.bayes.problog.grounder.Grounder.note_impure`).

Functions
---------
probabilistic_indicators, impure_indicators, callers_of
"""

from __future__ import annotations

from collections.abc import Iterable

from symlearn.bayes.graphs import strongly_connected_components
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import called_predicates
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term, Var, functor_of, term_variables

__all__ = ["callers_of", "impure_indicators", "probabilistic_indicators"]

#: Builtins whose answer depends on whether an argument is bound when they are called.
_CALL_DEPENDENT = frozenset(
    {
        ("var", 1),
        ("nonvar", 1),
        ("==", 2),
        ("\\==", 2),
        ("@<", 2),
        ("@>", 2),
        ("@=<", 2),
        ("@>=", 2),
        ("compare", 3),
        ("ground", 1),
        ("atom", 1),
        ("atomic", 1),
        ("number", 1),
        ("integer", 1),
        ("float", 1),
        ("compound", 1),
        ("callable", 1),
        ("is_list", 1),
    }
)

#: ProbLog builtins the query engine does not have: the grounder runs them.
GROUNDER_BUILTINS = frozenset({("subquery", 2), ("subquery", 3), ("subquery", 5)})


def meta_call(goal: Term) -> bool:
    """True for a body goal that calls a goal known only at run time (``G``, ``call(G, ...)``)."""
    if isinstance(goal, Var):
        return True
    if isinstance(goal, Struct):
        if goal.name in ("call", "try_call", "call_nc") and goal.args:
            return isinstance(goal.args[0], Var)
        if goal.name in ("findall", "all", "all_or_none") and len(goal.args) == 3:
            return isinstance(goal.args[1], Var)
        if goal.name in (",", ";", "->", "*->", "\\+", "not") and len(goal.args) in (1, 2):
            return any(meta_call(a) for a in goal.args)
    return False


def callers_of(kb: KnowledgeBase) -> dict[Indicator, set[Indicator]]:
    """Predicate -> the knowledge-base predicates whose clauses call it."""
    callers: dict[Indicator, set[Indicator]] = {}
    for indicator, predicate in kb.predicates.items():
        for clause in predicate.clauses:
            for goal in clause.body:
                for called in called_predicates(goal):
                    callers.setdefault(called, set()).add(indicator)
    for probabilistic in kb.probabilistic:
        for _, head in probabilistic.heads:
            for goal in probabilistic.body:
                for called in called_predicates(goal):
                    callers.setdefault(called, set()).add(_head_indicator(head))
    return callers


def _closure(
    seeds: Iterable[Indicator], callers: dict[Indicator, set[Indicator]]
) -> set[Indicator]:
    found = set(seeds)
    stack = list(found)
    while stack:
        for caller in callers.get(stack.pop(), ()):
            if caller not in found:
                found.add(caller)
                stack.append(caller)
    return found


def probabilistic_indicators(kb: KnowledgeBase) -> set[Indicator]:
    """The predicates the grounder resolves itself (see the module docstring)."""
    found = {_head_indicator(h) for clause in kb.probabilistic for _, h in clause.heads}
    callers = callers_of(kb)
    for indicator, predicate in kb.predicates.items():
        for clause in predicate.clauses:
            for goal in clause.body:
                if meta_call(goal) or not called_predicates(goal).isdisjoint(GROUNDER_BUILTINS):
                    found.add(indicator)
    edges = [(caller, called) for called, cs in callers.items() for caller in cs]
    found |= _recursive_untabled(kb, edges)
    return _closure(found, callers)


def _head_indicator(head: Term) -> Indicator:
    r"""The predicate a probabilistic head defines (``\\+H``: H's)."""
    if isinstance(head, Struct) and head.name == "\\+" and len(head.args) == 1:
        return functor_of(head.args[0])
    return functor_of(head)


def _recursive_untabled(
    kb: KnowledgeBase, edges: list[tuple[Indicator, Indicator]]
) -> set[Indicator]:
    """User predicates on a recursive cycle that the knowledge base does not table.

    ProbLog tables every call; our engine tables what ``:- table`` declares.
    The grounder tables by variant, so it answers the recursive predicates
    (``q :- q.`` is false, as in ProbLog, instead of looping).
    """
    kept = [(a, b) for a, b in edges if a in kb.predicates and b in kb.predicates]
    nodes = list(dict.fromkeys(n for edge in kept for n in edge))
    number = {node: i for i, node in enumerate(nodes)}
    uses: list[list[int]] = [[] for _ in nodes]
    for a, b in kept:
        uses[number[a]].append(number[b])
    recursive: set[Indicator] = set()
    for component in strongly_connected_components(uses):
        if len(component) > 1 or component[0] in uses[component[0]]:
            recursive.update(nodes[i] for i in component)
    return {indicator for indicator in recursive if indicator not in kb.tabled}


def _tests_head_variable(head: Term, body: Iterable[Term]) -> bool:
    """True when a body goal tests (``var/1``, ``==/2`` ...) a variable of the head.

    Whether an earlier goal binds it is not known here (an answer may leave
    it unbound), so any such test counts.
    """
    variables = set(term_variables(head))
    for goal in body:
        if isinstance(goal, Struct) and goal.name in (",", ";", "->", "*->"):
            if _tests_head_variable(head, goal.args):
                return True
        elif (
            isinstance(goal, (str, Struct))
            and functor_of(goal) in _CALL_DEPENDENT
            and not variables.isdisjoint(term_variables(goal))
        ):
            return True
    return False


def impure_indicators(kb: KnowledgeBase, grounded: set[Indicator]) -> set[Indicator]:
    """The grounder's predicates whose answers depend on the call (see the module docstring)."""
    seeds: set[Indicator] = set()
    for indicator in grounded:
        predicate = kb.predicates.get(indicator)
        for clause in predicate.clauses if predicate is not None else ():
            if _tests_head_variable(clause.head, clause.body):
                seeds.add(indicator)
    for probabilistic in kb.probabilistic:
        for _, head in probabilistic.heads:
            if _tests_head_variable(head, probabilistic.body):
                seeds.add(_head_indicator(head))
    callers = callers_of(kb)
    return {i for i in _closure(seeds, callers) if i in grounded}
