"""Issue 29: a declared space's size in both conventions, and the numeric VC classes.

Every class's syntactic count (hypotheses as written) and semantic count
(distinct functions) over a file's instance space, against a brute-force
enumeration of every hypothesis of the class (:mod:`symlearn.bounds.spaces`)
for n <= 3; the VC dimension of thresholds, intervals, unions of intervals and
rectangles over declared numeric domains against a brute-force search over
every subset of the points.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bounds import spaces
from symlearn.bounds.compute import bound
from symlearn.bounds.kb_space import SpaceSettings, attribute_space
from symlearn.errors import InvalidParameterError
from symlearn.kb import loads
from symlearn.learning import LearningTask


def boolean_space(n):
    text = f":- attributes(t, [{', '.join(f'x{i}' for i in range(n))}]).\n" + "".join(
        f":- domain(x{i}, [0, 1]).\n" for i in range(n)
    )
    return attribute_space(LearningTask.from_kb(loads(text), f"t/{n}"))


def brute_force(name, n, k, d):
    """Every hypothesis of the class as written, and how to evaluate it."""
    if name == "conjunctions":
        return spaces.boolean_conjunctions(n), "term"
    if name == "k-cnf":
        return spaces.k_cnf_formulas(n, k), "cnf"
    if name == "k-dnf":
        return spaces.k_dnf_formulas(n, k), "dnf"
    if name == "k-term-dnf":
        return spaces.k_term_dnf_formulas(n, k), "dnf"
    if name == "k-decision-lists":
        return list(spaces.decision_lists(n, k)), "list"
    if name == "decision-trees":
        return spaces.decision_trees(range(n), d), "tree"
    return [frozenset(s) for r in range(2**n + 1) for s in itertools.combinations(range(2**n), r)]


CASES = [("conjunctions", n, None, None) for n in (1, 2, 3)] + [
    ("k-cnf", 1, 1, None),
    ("k-cnf", 2, 1, None),
    ("k-cnf", 2, 2, None),
    ("k-cnf", 3, 1, None),
    ("k-dnf", 2, 2, None),
    ("k-dnf", 3, 1, None),
    ("k-term-dnf", 2, 2, None),
    ("k-term-dnf", 3, 2, None),
    ("k-decision-lists", 1, 1, None),
    ("k-decision-lists", 2, 1, None),
    ("decision-trees", 2, None, 1),
    ("decision-trees", 3, None, 2),
    ("boolean-functions", 2, None, None),
    ("boolean-functions", 3, None, None),
]


@pytest.mark.parametrize(("name", "n", "k", "d"), CASES)
def test_both_conventions_of_a_declared_space_match_enumeration(name, n, k, d):
    space = boolean_space(n)
    semantic = space.count(SpaceSettings(name, k=k, d=d, convention="semantic"))
    syntactic = space.count(SpaceSettings(name, k=k, d=d, convention="syntactic"))
    # The semantic count is the default over an instance space this small.
    assert space.count(SpaceSettings(name, k=k, d=d)).size == semantic.size
    instances = spaces.boolean_instances(n)
    if name == "boolean-functions":
        assert semantic.size == syntactic.size == 2 ** len(instances)
        return
    hypotheses, kind = brute_force(name, n, k, d)
    assert syntactic.size == len(hypotheses)
    if name == "conjunctions":  # the contradictions add the always-false function
        hypotheses = spaces.boolean_conjunctions(n, "literal-sets")
    assert semantic.size == spaces.distinct_functions(hypotheses, kind, instances)
    assert semantic.convention == "semantic" and "distinct" in semantic.report()[-1]
    assert syntactic.report()[-1].startswith("counted: ")


@pytest.mark.parametrize("name", ["k-cnf", "k-dnf"])
def test_the_empty_clause_counted_or_not(name):
    space = boolean_space(2)
    without = space.count(SpaceSettings(name, k=1, convention="syntactic"))
    with_empty = space.count(SpaceSettings(name, k=1, convention="syntactic-with-empty"))
    hypotheses, _ = brute_force(name, 2, 1, None)
    assert (without.size, with_empty.size) == (len(hypotheses), 2 * len(hypotheses))
    assert "not counted" in without.report()[-1] and "counted" in with_empty.report()[-1]


def test_the_semantic_default_gives_way_to_the_syntactic_count_past_the_limit():
    space = boolean_space(5)
    result = space.count(SpaceSettings("k-cnf", k=2))
    assert result.convention == "syntactic" and result.size == 2**50
    with pytest.raises(InvalidParameterError, match="at most 4"):
        space.count(SpaceSettings("k-cnf", k=2, convention="semantic"))


def test_the_semantic_count_without_a_file_needs_n():
    assert bound("hypothesis-space-size", hypothesis_class="k-cnf", n=3, k=2).size == 2**18
    semantic = bound(
        "hypothesis-space-size", hypothesis_class="k-cnf", n=3, k=2, convention="semantic"
    )
    assert semantic.size == 166
    with pytest.raises(InvalidParameterError, match="give --n"):
        bound("hypothesis-space-size", hypothesis_class="k-cnf", k=2, convention="semantic")


# -- VC dimension over declared numeric domains ---------------------------------


def numeric_space(domains):
    names = [f"x{i}" for i in range(len(domains))]
    text = f":- attributes(t, [{', '.join(names)}]).\n" + "".join(
        f":- domain({a}, [{', '.join(map(str, values))}]).\n" for a, values in zip(names, domains)
    )
    return attribute_space(LearningTask.from_kb(loads(text), f"t/{len(domains)}"))


def reference_dimension(name, domains, k):
    """Brute force: the hypotheses from their real parameters, the largest shattered subset."""
    points = list(itertools.product(*[sorted(values) for values in domains]))
    cuts = [[v - 0.5 for v in sorted(values)] + [max(values) + 0.5] for values in domains]
    if name == "thresholds":
        hypotheses = [lambda p, a=a: p[0] >= a for a in cuts[0]]
    elif name in ("intervals", "union-of-intervals"):
        bounds = list(itertools.combinations_with_replacement(cuts[0], 2))
        count = 1 if name == "intervals" else k
        hypotheses = [
            lambda p, chosen=chosen: any(a <= p[0] <= b for a, b in chosen)
            for chosen in itertools.product(bounds, repeat=count)
        ]
    else:
        per_axis = [list(itertools.combinations_with_replacement(c, 2)) for c in cuts]
        hypotheses = [
            lambda p, box=box: all(a <= x <= b for (a, b), x in zip(box, p))
            for box in itertools.product(*per_axis)
        ]
    labellings = {tuple(h(p) for p in points) for h in hypotheses}
    for size in range(len(points), -1, -1):
        for subset in itertools.combinations(range(len(points)), size):
            if len({tuple(row[i] for i in subset) for row in labellings}) == 2**size:
                return size, len(labellings)
    raise AssertionError("the empty set is always shattered")


values = st.lists(st.integers(-5, 9), min_size=1, max_size=6, unique=True)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["thresholds", "intervals", "union-of-intervals", "rectangles"]),
    values,
    st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True),
    st.integers(1, 3),
)
def test_numeric_vc_dimension_agrees_with_brute_force(name, line, other, k):
    domains = [line, other] if name == "rectangles" else [line]
    space = numeric_space(domains)
    result = space.shatter(SpaceSettings(name, k=k))
    dimension, labellings = reference_dimension(name, domains, k)
    assert (result.dimension, result.dichotomies) == (dimension, labellings)
    assert space.count(SpaceSettings(name, k=k)).size == labellings
    assert all(atom.startswith("t(") for atom in result.shattered_set)


@pytest.mark.parametrize(
    ("name", "domains", "k", "dimension"),
    [
        ("thresholds", [[1, 2, 3, 4]], None, 1),
        ("intervals", [[0.5, 1, 2.5, 4]], None, 2),
        ("union-of-intervals", [[1, 2, 3, 4, 5, 6]], 2, 4),
        ("rectangles", [[0, 1, 2], [0, 1, 2]], None, 4),
    ],
)
def test_the_textbook_dimensions_from_a_file(tmp_path, name, domains, k, dimension):
    names = [f"x{i}" for i in range(len(domains))]
    text = (
        f":- attributes(t, [{', '.join(names)}]).\n"
        + "".join(f":- domain({a}, {v}).\n" for a, v in zip(names, domains))
        + f":- set(hypothesis_class, {name}).\n"
        + (f":- set(k, {k}).\n" if k else "")
    )
    path = tmp_path / "space.pl"
    path.write_text(text)
    result = bound("vc-dimension", path)
    assert result.dimension == dimension == int(result.formula)
    report = result.report()
    assert report[0] == f"VC dimension = {dimension} (known result: {dimension})"
    assert report[1].startswith("shattered set: t(") and "search" in report[2]


def test_numeric_classes_need_numbers_and_one_attribute_on_a_line():
    with pytest.raises(InvalidParameterError, match="numeric"):
        numeric_space([["a", "b"]]).shatter(SpaceSettings("intervals"))
    with pytest.raises(InvalidParameterError, match="one numeric attribute"):
        numeric_space([[1, 2], [3, 4]]).shatter(SpaceSettings("thresholds"))
    with pytest.raises(InvalidParameterError, match="needs --k"):
        numeric_space([[1, 2]]).shatter(SpaceSettings("union-of-intervals"))
    with pytest.raises(InvalidParameterError, match="semantic count"):
        numeric_space([[1, 2]]).count(SpaceSettings("intervals", convention="syntactic"))
