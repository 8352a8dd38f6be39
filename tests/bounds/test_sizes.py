"""Every hypothesis-space size formula against a brute-force enumeration."""

from __future__ import annotations

import itertools

import pytest
import sympy as sp

from symlearn.bounds import sizes, spaces
from symlearn.bounds.sizes import N, hypothesis_space_size
from symlearn.errors import InvalidParameterError


def at(formula, n):
    return int(sp.sympify(formula).xreplace({N: n}).doit())


@pytest.mark.parametrize("n", range(1, 5))
def test_boolean_conjunctions(n):
    instances = spaces.boolean_instances(n)
    syntactic = spaces.boolean_conjunctions(n)
    literal_sets = spaces.boolean_conjunctions(n, "literal-sets")
    assert len(syntactic) == at(sizes.boolean_conjunction_count(), n)
    assert len(literal_sets) == at(sizes.boolean_conjunction_count(convention="literal-sets"), n)
    semantic = spaces.distinct_functions(literal_sets, "term", instances)
    assert semantic == at(sizes.boolean_conjunction_count(convention="semantic"), n)
    # The syntactic count has no contradiction and no two equal functions.
    assert spaces.distinct_functions(syntactic, "term", instances) == len(syntactic)


# EnjoySport's [3, 2, 2, 2, 2, 2] (973 functions) is enumerated in test_kb_space.
@pytest.mark.parametrize("domain_sizes", [[2], [3, 2], [2, 2, 2], [4, 3], [3, 2, 2]])
def test_attribute_conjunctions(domain_sizes):
    hypotheses = spaces.attribute_conjunctions(domain_sizes)
    instances = list(itertools.product(*[range(s) for s in domain_sizes]))
    assert len(hypotheses) == sizes.attribute_conjunction_count(
        domain_sizes, convention="syntactic"
    )
    semantic = spaces.distinct_functions(hypotheses, "attribute", instances)
    assert semantic == sizes.attribute_conjunction_count(domain_sizes)


def test_documented_degenerate_cases():
    # No variable: no contradiction, so "semantic" 3^0 + 1 over-counts by one.
    assert (
        spaces.distinct_functions(spaces.boolean_conjunctions(0, "literal-sets"), "term", [()])
        == 1
    )
    # A one-value attribute: the value and "?" are the same constraint.
    hypotheses = spaces.attribute_conjunctions([1])
    assert spaces.distinct_functions(hypotheses, "attribute", [(0,)]) == 2


def test_attribute_conjunctions_uniform_formula():
    formula = sizes.attribute_conjunction_count(convention="syntactic")
    assert formula.xreplace({N: 3, sizes.V: 2}) == sizes.attribute_conjunction_count(
        [2, 2, 2], convention="syntactic"
    )


def test_enjoysport_counts():
    assert sizes.attribute_conjunction_count([3, 2, 2, 2, 2, 2], convention="syntactic") == 5120
    assert sizes.attribute_conjunction_count([3, 2, 2, 2, 2, 2]) == 973


@pytest.mark.parametrize(("n", "k"), [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (4, 2)])
def test_terms_and_clauses(n, k):
    assert len(spaces.terms(n, k)) == sizes.term_count(n, k)
    assert len(spaces.clauses(n, k)) == at(sizes.term_count(k=k), n)


def test_term_count_symbolic_in_k():
    total = sizes.term_count()
    assert isinstance(total, sp.Sum)
    assert total.xreplace({sizes.K: 2}).doit().xreplace({N: 4}).doit() == len(spaces.terms(4, 2))


@pytest.mark.parametrize(("n", "k"), [(1, 1), (2, 1), (2, 2), (3, 1)])
def test_k_cnf_and_k_dnf(n, k):
    cnf = spaces.k_cnf_formulas(n, k)
    dnf = spaces.k_dnf_formulas(n, k)
    assert len(cnf) == at(sizes.k_cnf_count(k=k), n)
    assert len(dnf) == at(sizes.k_dnf_count(k=k), n)
    instances = spaces.boolean_instances(n)
    # Duality: k-CNF and k-DNF express equally many functions.
    assert spaces.distinct_functions(cnf, "cnf", instances) == spaces.distinct_functions(
        dnf, "dnf", instances
    )
    assert len(cnf) <= 2 ** ((2 * n) ** k)  # the usual (2n)^k-clause bound


@pytest.mark.parametrize(("n", "k"), [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2)])
def test_k_term_dnf(n, k):
    formulas = spaces.k_term_dnf_formulas(n, k)
    assert len(formulas) == sizes.k_term_dnf_count(n, k)
    assert len(formulas) <= sizes.k_term_dnf_count(n, k, "tuples") + 1


@pytest.mark.parametrize(("n", "k"), [(1, 1), (1, 2), (2, 1)])
def test_k_decision_lists(n, k):
    lists = list(spaces.decision_lists(n, k))
    assert len(lists) == sizes.k_decision_list_count(n, k)
    assert len(set(lists)) == len(lists)


@pytest.mark.parametrize(("n", "depth"), [(1, 0), (1, 1), (1, 3), (2, 1), (2, 2), (3, 2), (3, 3)])
def test_decision_trees(n, depth):
    trees = spaces.decision_trees(range(n), depth)
    assert len(trees) == at(sizes.decision_tree_count(depth=depth), n)
    assert len(set(trees)) == len(trees)
    functions = spaces.distinct_functions(trees, "tree", spaces.boolean_instances(n))
    if depth >= n:  # deep enough trees express every boolean function
        assert functions == sizes.boolean_function_count(n)


@pytest.mark.parametrize("n", range(1, 4))
def test_boolean_functions(n):
    instances = spaces.boolean_instances(n)
    assert len(set(itertools.product((False, True), repeat=len(instances)))) == (
        sizes.boolean_function_count(n)
    )


def test_hypothesis_space_size_entry_point():
    result = hypothesis_space_size("k-cnf", 3, k=2)
    assert (result.size, str(result.formula)) == (2**18, "2**(2*n**2)")
    assert hypothesis_space_size("decision-trees", 2, d=2).size == 74
    assert hypothesis_space_size("attribute-conjunctions", 6, values=2).size == 1 + 3**6
    data = hypothesis_space_size("conjunctions", 10, convention="semantic").to_dict()
    assert (data["size"], data["formula"]) == (3**10 + 1, "3**n + 1")
    assert hypothesis_space_size("boolean-functions").size is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("k-cnf", 3), "needs --k"),
        (("nope", 3), "unknown hypothesis class"),
        (("conjunctions", 0), "at least 1"),
    ],
)
def test_hypothesis_space_size_errors(args, message):
    with pytest.raises(InvalidParameterError, match=message):
        hypothesis_space_size(*args)


def test_unknown_convention():
    with pytest.raises(InvalidParameterError, match="convention"):
        hypothesis_space_size("conjunctions", 3, convention="nope")
