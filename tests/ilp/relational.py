"""Random small relational data and random clauses (shared by the ILP property tests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from symlearn.ilp.bottom import BottomClause, bottom_clause
from symlearn.ilp.task import RelationalTask
from symlearn.kb import KnowledgeBase, loads
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term, Var, functor_of

CONSTANTS = ["a", "b", "c", "d", "e"]
#: Background predicates given by facts: name -> arity.
FACT_PREDICATES = {"p": 2, "q": 2, "r": 1}
RULES = """
s(X, Y) :- p(X, Z), q(Z, Y).
u(X) :- r(X), \\+ p(X, X).
"""


@dataclass(frozen=True)
class World:
    """Facts of p/2, q/2, r/1, the rules s/2 and u/1, and examples of t/2."""

    facts: dict[str, frozenset[tuple[str, ...]]]
    positives: tuple[tuple[str, str], ...]
    negatives: tuple[tuple[str, str], ...]

    def text(self) -> str:
        lines = [
            f"{name}({', '.join(args)})."
            for name in sorted(self.facts)
            for args in sorted(self.facts[name])
        ]
        lines += [f"pos(t({a}, {b}))." for a, b in self.positives]
        lines += [f"neg(t({a}, {b}))." for a, b in self.negatives]
        # Declare every background predicate so an empty one is not unknown.
        lines += [f":- dynamic {name}/{arity}." for name, arity in FACT_PREDICATES.items()]
        return "\n".join(lines) + "\n" + RULES

    def kb(self) -> KnowledgeBase:
        return loads(self.text())

    def examples(self) -> list[Term]:
        return [Struct("t", e) for e in self.positives + self.negatives]

    def holds(self, atom: Struct) -> bool:
        return tuple(atom.args) in self.facts[atom.name]


@st.composite
def worlds(draw: st.DrawFn) -> World:
    facts = {}
    for name, arity in FACT_PREDICATES.items():
        tuples = st.tuples(*[st.sampled_from(CONSTANTS)] * arity)
        facts[name] = frozenset(draw(st.lists(tuples, max_size=10)))
    pairs = st.tuples(st.sampled_from(CONSTANTS), st.sampled_from(CONSTANTS))
    positives = tuple(draw(st.lists(pairs, min_size=1, max_size=5)))
    negatives = tuple(draw(st.lists(pairs, max_size=5)))
    return World(facts, positives, negatives)


VARIABLES = [Var(n) for n in "XYZWV"]
HEAD = Struct("t", (VARIABLES[0], VARIABLES[1]))


@st.composite
def literals(draw: st.DrawFn, allow_rules: bool = True) -> Term:
    names = ["p", "q", "r", "=", "\\=", "==", "\\=="] + (["s", "u"] if allow_rules else [])
    name = draw(st.sampled_from(names))
    arity = {"p": 2, "q": 2, "r": 1, "s": 2, "u": 1}.get(name, 2)
    args = tuple(
        draw(st.sampled_from(VARIABLES) | st.sampled_from(CONSTANTS[:2])) for _ in range(arity)
    )
    literal: Term = Struct(name, args)
    if name in FACT_PREDICATES and draw(st.booleans()) and draw(st.booleans()):
        literal = Struct("\\+", (literal,))
    return literal


@st.composite
def clauses(draw: st.DrawFn, allow_rules: bool = True, max_body: int = 3) -> Clause:
    body = draw(st.lists(literals(allow_rules), min_size=0, max_size=max_body))
    return Clause(HEAD, body)


def task_of(kb: KnowledgeBase, target: Indicator) -> RelationalTask:
    """The prepared relational task for ``target`` over ``kb`` (what the learners read)."""
    return RelationalTask.from_kb(kb, target)


def bottom_of(kb: KnowledgeBase, example: Term, **options: Any) -> BottomClause:
    """⊥e of ``example`` in the task for its predicate over ``kb``."""
    return bottom_clause(task_of(kb, functor_of(example)), example, **options)
