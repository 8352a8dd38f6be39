"""Set-at-a-time coverage against the query engine and against brute force."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.ilp.coverage import BindingLimitError, Coverage, foil_gain
from symlearn.ilp.relations import Relation, SymbolTable, composite_keys
from symlearn.kb import loads
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.clauses import Clause, conjunction
from symlearn.logic.terms import Struct, Var
from tests.ilp.relational import CONSTANTS, HEAD, World, clauses, literals, worlds


def engine_covered(world_kb, clause: Clause, examples) -> list[bool]:
    """Coverage by one SLD proof per example (the reference)."""
    engine = Engine(world_kb, unknown="fail")
    answers = []
    for example in examples:
        renamed = clause.renamed()
        goal = conjunction([Struct("=", (renamed.head, example)), *renamed.body])
        answers.append(engine.ask(goal))
    return answers


@settings(max_examples=80, deadline=None)
@given(worlds(), clauses())
def test_set_at_a_time_coverage_equals_the_engine(world: World, clause: Clause) -> None:
    kb = world.kb()
    examples = world.examples()
    cov = Coverage(kb, ("t", 2))
    assert cov.covered(clause, examples).tolist() == engine_covered(kb, clause, examples)


def _vars(goal) -> set:
    if isinstance(goal, Var):
        return {goal}
    if isinstance(goal, Struct):
        return set().union(*(_vars(a) for a in goal.args))
    return set()


def _true(world: World, goal, subst) -> bool:
    if goal.name == "\\+":
        return not _true(world, goal.args[0], subst)
    return tuple(subst.get(a, a) for a in goal.args) in world.facts[goal.name]


def brute_bindings(world: World, body, examples) -> set[tuple[int, tuple]]:
    """Every (example, values of the clause's variables) that makes each literal true."""
    variables = sorted(set(HEAD.args).union(*(_vars(g) for g in body)), key=lambda v: v.name)
    found = set()
    for number, example in enumerate(examples):
        for values in itertools.product(CONSTANTS, repeat=len(variables)):
            subst = dict(zip(variables, values))
            if all(subst[v] == x for v, x in zip(HEAD.args, example.args)) and all(
                _true(world, g, subst) for g in body
            ):
                found.add((number, tuple(zip([v.name for v in variables], values))))
    return found


fact_literals = literals(allow_rules=False).filter(
    lambda g: (g.args[0].name if g.name == "\\+" else g.name) in ("p", "q", "r")
)


def _safe(body) -> bool:
    """FOIL adds a negated literal only when its variables are all bound already."""
    bound = set(HEAD.args)
    for goal in body:
        if goal.name == "\\+" and not _vars(goal) <= bound:
            return False
        bound |= _vars(goal)
    return True


@settings(max_examples=60, deadline=None)
@given(worlds(), st.lists(fact_literals, max_size=2), fact_literals)
def test_foil_counts_equal_brute_force_bindings(world: World, body, literal) -> None:
    """p0, n0, p1, n1, t from binding tables equal a direct count over all substitutions."""
    assume(_safe([*body, literal]))
    examples = world.examples()
    positive = [True] * len(world.positives) + [False] * len(world.negatives)
    cov = Coverage(world.kb(), ("t", 2))
    table = cov.body_table(Clause(HEAD, body), examples)
    counts = cov.counts(table, literal)
    is_pos = np.array(positive)[table.example]
    p0, n0 = int(is_pos.sum()), int((~is_pos).sum())
    p1, n1 = int(counts[is_pos].sum()), int(counts[~is_pos].sum())
    t = int(np.count_nonzero(counts[is_pos] > 0))

    old = brute_bindings(world, body, examples)
    new = brute_bindings(world, [*body, literal], examples)
    old_names = {v.name for v in set(HEAD.args).union(*(_vars(g) for g in body))}
    kept = {(n, tuple(b for b in binding if b[0] in old_names)) for n, binding in new}
    assert (p0, n0) == (sum(positive[n] for n, _ in old), sum(not positive[n] for n, _ in old))
    assert (p1, n1) == (sum(positive[n] for n, _ in new), sum(not positive[n] for n, _ in new))
    assert t == sum(positive[n] for n, _ in kept)
    expected = 0.0 if t == 0 else t * (math.log2(p1 / (p1 + n1)) - math.log2(p0 / (p0 + n0)))
    assert foil_gain(p0, n0, p1, n1, t) == pytest.approx(expected)


def test_foil_gain_textbook_values() -> None:
    # Adding a literal that keeps 2 of 4 positives and drops all 4 negatives saves 1 bit each.
    assert foil_gain(4, 4, 2, 0, 2) == 2.0
    assert foil_gain(2, 6, 2, 2, 2) == pytest.approx(2 * (np.log2(0.5) - np.log2(0.25)))


def test_symbol_table_distinguishes_integers_and_floats() -> None:
    symbols = SymbolTable()
    assert symbols.encode([1, 1.0, "1", 1]).tolist() == [0, 1, 2, 0]


def test_relation_removes_duplicate_rows_and_keys_wider_than_62_bits() -> None:
    symbols = SymbolTable()
    rows = [("a", "b", "c"), ("a", "b", "c"), ("b", "b", "a")]
    relation = Relation.from_rows(("w", 3), rows, symbols)
    assert len(relation) == 2
    wide = Relation(("w", 3), relation.rows, bits=30)  # 3 * 30 > 62: hashed keys
    index = wide.index((0, 1, 2))
    probe = [symbols.encode(["a", "b"]), symbols.encode(["b", "b"]), symbols.encode(["c", "a"])]
    assert index.lookup(probe)[1].tolist() == [1, 1]
    assert composite_keys([np.array([5])], 2).tolist() == [-1]


def test_rule_defined_literal_goes_through_the_engine_once_per_distinct_key() -> None:
    kb = loads(
        "parent(a, b). parent(b, c). parent(b, d). "
        "grandparent(X, Z) :- parent(X, Y), parent(Y, Z). "
        "pos(t(a, c)). pos(t(a, d)). neg(t(b, a))."
    )
    cov = Coverage(kb, ("t", 2))
    term, _ = parse_term_with_variables("t(X, Y) :- grandparent(X, Z), Z = Y")
    clause = Clause.from_term(term)
    examples = kb.positives("t", 2) + kb.negatives("t", 2)
    assert cov.covered(clause, examples).tolist() == [True, True, False]
    # X = a (twice) and X = b: two engine calls, cached under the one literal
    assert sum(len(per_key) for per_key in cov._answers.values()) == 2


def test_unbound_equality_falls_back_to_the_engine() -> None:
    kb = loads("p(a). pos(t(a)). neg(t(b)).")
    cov = Coverage(kb, ("t", 1))
    term, _ = parse_term_with_variables("t(X) :- Y = Z, Y = X, p(Z)")
    clause = Clause.from_term(term)
    examples = kb.positives("t", 1) + kb.negatives("t", 1)
    assert cov.covered(clause, examples).tolist() == [True, False]


def test_binding_limit() -> None:
    kb = loads("p(a, b). p(a, c). p(a, d). pos(t(a)).")
    cov = Coverage(kb, ("t", 1), max_rows=2)
    term, _ = parse_term_with_variables("t(X) :- p(X, Y)")
    clause = Clause.from_term(term)
    with pytest.raises(BindingLimitError, match="more than the limit of 2"):
        cov.covered(clause, kb.positives("t", 1))


def test_recursive_literal_uses_the_extension_then_the_theory() -> None:
    kb = loads("e(a, b). e(b, c). e(c, d). pos(r(a, d)). neg(r(d, a)).")
    cov = Coverage(kb, ("r", 2))
    base = Clause.from_term(parse_term_with_variables("r(X, Y) :- e(X, Y)")[0])
    step = Clause.from_term(parse_term_with_variables("r(X, Y) :- e(X, Z), r(Z, Y)")[0])
    examples = kb.positives("r", 2) + kb.negatives("r", 2)
    cov.set_extension(("r", 2), [("b", "d")])
    assert cov.covered(step, examples).tolist() == [True, False]
    cov.set_extension(("r", 2), None)
    cov.set_theory([base, step])
    assert cov.theory_covered(examples).tolist() == [True, False]


@pytest.mark.parametrize(
    "body",
    [
        "B = [A|C]",
        "B = [A|_]",
        "B = [_, A|_]",
        "B = [X|C], C = [A|_]",
        "B = f(A, C)",
        "A = 1",
        "B = [A|C], mem(A, C)",
    ],
)
def test_unification_literals_as_the_engine_answers(body: str) -> None:
    """``=/2`` with compound terms is unified in coverage itself: the engine's answers."""
    kb = loads(
        "mem(X, [X|_]). mem(X, [_|T]) :- mem(X, T).\n"
        "pos(t(1, [1, 2])). pos(t(2, [1, 2])). pos(t(1, [1, 1])). neg(t(3, [])).\n"
        "neg(t(1, f(1, 2))). neg(t(1.0, [1])). neg(t(a, b)). neg(t(1, [2, 1, 1]))."
    )
    examples = kb.positives("t", 2) + kb.negatives("t", 2)
    term, _ = parse_term_with_variables(f"t(A, B) :- {body}")
    clause = Clause.from_term(term)
    cov = Coverage(kb, ("t", 2))
    assert cov.covered(clause, examples).tolist() == engine_covered(kb, clause, examples)


@given(st.lists(st.integers(-3, 5000), max_size=60))
def test_distinct_codes_as_numpy_unique(codes: list[int]) -> None:
    from symlearn.ilp.derived_types import _distinct

    array = np.array(codes, dtype=np.int64)
    found = _distinct(array)
    assert found.tolist() == np.unique(array).tolist()
    assert found.dtype == np.int64
