"""library(clpfd) against enumeration on random small problems.

Random linear constraints (``#=``, ``#\\=``, ``#<``, ``#>``, ``#=<``, ``#>=``),
``abs(X - Y) #\\= C`` and ``all_different/1`` over two or three variables
with small domains: labelling (leftmost, up) gives exactly the tuples that
satisfy them, in lexicographic order, as enumerating the domains and testing
each tuple does; ``ff`` gives the same set.  The same constraints posted
after the variables are bound (plain unification first) accept exactly those
tuples too: bindings wake the constraints.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.kb import loads
from symlearn.logic.terms import list_items

RELATIONS = {
    "#=": lambda a, b: a == b,
    "#\\=": lambda a, b: a != b,
    "#<": lambda a, b: a < b,
    "#>": lambda a, b: a > b,
    "#=<": lambda a, b: a <= b,
    "#>=": lambda a, b: a >= b,
}
NAMES = ["X", "Y", "Z"]


@st.composite
def problems(draw):
    n = draw(st.integers(2, 3))
    domains = []
    for _ in range(n):
        low = draw(st.integers(-3, 2))
        domains.append((low, low + draw(st.integers(0, 4))))
    constraints = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["linear", "linear", "abs", "different"]))
        if kind == "linear":
            coefficients = [draw(st.integers(-2, 2)) for _ in range(n)]
            relation = draw(st.sampled_from(sorted(RELATIONS)))
            constraints.append(("linear", coefficients, relation, draw(st.integers(-4, 4))))
        elif kind == "abs":
            i, j = draw(st.permutations(range(n)))[:2]
            constraints.append(("abs", i, j, draw(st.integers(0, 3))))
        else:
            constraints.append(("different",))
    return domains, constraints


def _text(domains, constraints) -> str:
    names = NAMES[: len(domains)]
    goals = [f"{v} in ({low})..({high})" for v, (low, high) in zip(names, domains)]
    for constraint in constraints:
        if constraint[0] == "linear":
            _, coefficients, relation, constant = constraint
            left = " + ".join(f"{c}*{v}" for c, v in zip(coefficients, names))
            goals.append(f"{left} {relation} {constant}")
        elif constraint[0] == "abs":
            _, i, j, c = constraint
            goals.append(f"abs({names[i]} - {names[j]}) #\\= {c}")
        else:
            goals.append(f"all_different([{', '.join(names)}])")
    return ", ".join(goals)


def _holds(values, constraints) -> bool:
    for constraint in constraints:
        if constraint[0] == "linear":
            _, coefficients, relation, constant = constraint
            total = sum(c * v for c, v in zip(coefficients, values))
            if not RELATIONS[relation](total, constant):
                return False
        elif constraint[0] == "abs":
            _, i, j, c = constraint
            if abs(values[i] - values[j]) == c:
                return False
        elif len(set(values)) != len(values):
            return False
    return True


def _solutions(goal: str) -> list[list[int]]:
    engine = Engine(loads(":- use_module(library(clpfd))."), max_steps=2_000_000)
    (solution,) = engine.solve_text(f"findall(Vs, ({goal}), L)")
    items, _ = list_items(solution["L"])
    return [list_items(item)[0] for item in items]


@settings(max_examples=150, deadline=None)
@given(problems())
def test_labelling_gives_the_tuples_that_satisfy_the_constraints(problem) -> None:
    domains, constraints = problem
    names = NAMES[: len(domains)]
    vs = f"[{', '.join(names)}]"
    expected = [
        list(values)
        for values in itertools.product(*(range(lo, hi + 1) for lo, hi in domains))
        if _holds(values, constraints)
    ]
    goal = _text(domains, constraints)
    assert _solutions(f"Vs = {vs}, {goal}, label(Vs)") == expected
    assert sorted(_solutions(f"Vs = {vs}, {goal}, labeling([ff], Vs)")) == expected
    # bound first, constrained after: the same tuples pass
    enumerate_first = ", ".join(
        f"between({low}, {high}, {v})" for v, (low, high) in zip(names, domains)
    )
    assert _solutions(f"Vs = {vs}, {enumerate_first}, {goal}") == expected


_OPERATIONS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "min": min,
    "max": max,
}


@st.composite
def known_expressions(draw, depth: int = 2):
    """A clpfd expression of integers only, as text, with its value."""
    if depth == 0 or draw(st.booleans()):
        value = draw(st.integers(-20, 20))
        return f"({value})", value
    name = draw(st.sampled_from(sorted(_OPERATIONS)))
    (left, a), (right, b) = draw(known_expressions(depth - 1)), draw(known_expressions(depth - 1))
    text = f"{name}({left}, {right})" if name.isalpha() else f"({left} {name} {right})"
    return text, _OPERATIONS[name](a, b)


@settings(max_examples=100, deadline=None)
@given(known_expressions(), known_expressions(), st.sampled_from(sorted(RELATIONS)))
def test_comparisons_of_known_values_and_assignments(left, right, relation) -> None:
    """Without variables a constraint is a test; ``X #= Expr`` binds X (either way round)."""
    (left_text, a), (right_text, b) = left, right
    assert bool(_solutions(f"Vs = [], {left_text} {relation} {right_text}")) == RELATIONS[
        relation
    ](a, b)
    assert _solutions(f"Vs = [X], X #= {left_text}") == [[a]]
    assert _solutions(f"Vs = [X], {right_text} #= X") == [[b]]
    # a variable with a domain is not simply bound: the value must lie in it
    assert _solutions(f"Vs = [X], X in 0..5, X #= {left_text}") == ([[a]] if 0 <= a <= 5 else [])
    assert _solutions(f"Vs = [X], X #= {left_text} mod 0") == []
