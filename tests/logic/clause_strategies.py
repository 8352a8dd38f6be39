"""Small random clauses for the resolution, subsumption and lgg tests.

Small vocabularies (two or three predicates, two constants, three variables)
make brute-force references feasible and coincidences (shared variables,
repeated literals) frequent.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from hypothesis import strategies as st

from symlearn.logic.resolution import Literal, LiteralClause
from symlearn.logic.terms import Struct, Term, Var

X, Y, Z = Var("X"), Var("Y"), Var("Z")
VARIABLES = (X, Y, Z)
CONSTANTS = ("a", "b")
#: name -> arity
PREDICATES = {"p": 1, "q": 2, "r": 2}


def args(
    variables: Sequence[Var] = VARIABLES, constants: Sequence[str] = CONSTANTS
) -> st.SearchStrategy[Term]:
    return st.sampled_from([*variables, *constants])


@st.composite
def atoms(draw: st.DrawFn, variables: Sequence[Var] = VARIABLES, depth: int = 0) -> Term:
    name = draw(st.sampled_from(sorted(PREDICATES)))
    arguments = []
    for _ in range(PREDICATES[name]):
        if depth and draw(st.booleans()):
            arguments.append(Struct("f", (draw(args(variables)),)))
        else:
            arguments.append(draw(args(variables)))
    return Struct(name, tuple(arguments))


@st.composite
def literals(draw: st.DrawFn, variables: Sequence[Var] = VARIABLES, depth: int = 0) -> Literal:
    return Literal(draw(atoms(variables, depth)), draw(st.booleans()))


def clauses(
    min_size: int = 0, max_size: int = 4, variables: Sequence[Var] = VARIABLES, depth: int = 0
) -> st.SearchStrategy[LiteralClause]:
    return st.lists(literals(variables, depth), min_size=min_size, max_size=max_size).map(
        LiteralClause.of
    )


def fresh_variables(n: int, prefix: str) -> tuple[Var, ...]:
    return tuple(Var(f"{prefix}{i}") for i in range(n))


def all_atoms(terms: Sequence[Term]) -> Iterator[Term]:
    """Every atom of the vocabulary over ``terms``."""
    for name, arity in sorted(PREDICATES.items()):
        for arguments in itertools.product(terms, repeat=arity):
            yield Struct(name, tuple(arguments))


def substitutions(variables: Sequence[Var], terms: Sequence[Term]) -> Iterator[dict[Var, Term]]:
    """Every map from ``variables`` to ``terms`` (brute force)."""
    for values in itertools.product(terms, repeat=len(variables)):
        yield dict(zip(variables, values))
