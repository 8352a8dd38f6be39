"""Sequential covering: measures as defined, beam search against brute force, CN2 lists."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.attribute_value import Attribute, AttributeValueData
from symlearn.data.encoded import encode
from symlearn.engine import Engine
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import RuleSet
from symlearn.kb import load, loads
from symlearn.learners.rules.learn_one_rule import find_rule
from symlearn.learners.rules.sequential_covering import (
    learn_one_rule,
    performance,
    sequential_covering,
)
from symlearn.learning.attribute_data import from_kb
from symlearn.logic.terms import Struct, Var

KB = Path(__file__).resolve().parents[3] / "kb"


# ------------------------------------------------------------------ measures


@pytest.mark.parametrize(
    "counts, target, expected",
    [((3, 1), 0, 3 / 4), ((0, 2), 0, 0.0), ((5, 5), 1, 0.5), ((2, 6), None, 6 / 8)],
)
def test_relative_frequency_is_nc_over_n(counts, target, expected) -> None:
    assert performance(np.array([counts]), "relative-frequency", target=target)[0] == expected


def test_m_estimate_is_nc_plus_mp_over_n_plus_m() -> None:
    priors = np.array([0.3, 0.7])
    got = performance(np.array([[4, 1]]), "m-estimate", target=0, priors=priors, m=3.0)[0]
    assert got == pytest.approx((4 + 3 * 0.3) / (5 + 3))


def test_entropy_is_negative_entropy_base_two() -> None:
    got = performance(np.array([[1, 1, 2]]), "entropy")[0]
    assert got == pytest.approx(0.25 * math.log2(0.25) * 2 + 0.5 * math.log2(0.5))
    assert performance(np.array([[0, 0]]), "entropy")[0] == -math.inf


def test_unknown_measure_is_an_error() -> None:
    with pytest.raises(InvalidParameterError, match="unknown measure"):
        performance(np.array([[1, 1]]), "gini")


# ------------------------------------------------------------------ random data

VALUES = ("a", "b", "c")


@st.composite
def tables(draw: st.DrawFn, classes: tuple = (True, False)) -> AttributeValueData:
    n_attributes = draw(st.integers(2, 3))
    rows = draw(
        st.lists(st.tuples(*[st.sampled_from(VALUES)] * n_attributes), min_size=2, max_size=14)
    )
    labels = tuple(draw(st.sampled_from(classes)) for _ in rows)
    attributes = tuple(Attribute(f"x{i}", VALUES) for i in range(n_attributes))
    return AttributeValueData("t", attributes, tuple(rows), labels)


def brute_force_best(data, target, measure):
    """(score, hits, -length) of the best conjunction of attribute tests, by enumeration."""
    enc = encode(data)
    priors = np.bincount(enc.y, minlength=len(enc.classes)) / enc.n_rows
    best = None
    for choice in itertools.product(*[(None, *range(3))] * enc.columns.__len__()):
        mask = np.ones(enc.n_rows, dtype=bool)
        for column, value in zip(enc.columns, choice):
            if value is not None:
                mask &= column == value
        counts = np.bincount(enc.y[mask], minlength=len(enc.classes))
        if not counts.sum():
            continue
        score = performance(counts[None, :], measure, target=target, priors=priors)[0]
        hits = counts.max() if target is None else counts[target]
        if target is not None and not hits * 2 > counts.sum():
            continue
        length = sum(v is not None for v in choice)
        key = (round(float(score), 12), int(hits), -length)
        best = key if best is None or key > best else best
    return best


@settings(max_examples=80, deadline=None)
@given(tables(), st.sampled_from(["relative-frequency", "m-estimate", "entropy"]))
def test_wide_beam_finds_the_brute_force_best_rule(data, measure) -> None:
    enc = encode(data)
    target = 0 if True in data.labels else None
    priors = np.bincount(enc.y, minlength=len(enc.classes)) / enc.n_rows
    found = learn_one_rule(
        enc,
        np.ones(enc.n_rows, dtype=bool),
        target=target,
        measure=measure,
        beam=1000,
        priors=priors,
    )
    expected = brute_force_best(data, target, measure)
    if found is None:
        assert expected is None
        return
    rule, score = found
    assert (round(score, 12), int(rule.correct), -len(rule.conditions)) == expected


@settings(max_examples=60, deadline=None)
@given(tables(classes=(True, False)) | tables(classes=("x", "y", "z")), st.integers(1, 4))
def test_no_rule_is_covered_by_another(data, beam) -> None:
    result = sequential_covering(data, beam=beam)
    rules = result.rule_set.rules
    for i, j in itertools.permutations(range(len(rules)), 2):
        general, specific = rules[i], rules[j]
        if result.rule_set.ordered and i > j:
            continue
        same_class = (
            type(general.label) is type(specific.label) and general.label == specific.label
        )
        if result.rule_set.ordered or same_class:
            assert not set(general.conditions) <= set(specific.conditions)
    if not result.rule_set.ordered:
        enc = encode(data)
        for i, rule in enumerate(rules):
            mine = {
                k
                for k, row in enumerate(data.instances)
                if rule.covers(row) and data.labels[k] == rule.label
            }
            others = {
                k
                for r in rules[:i] + rules[i + 1 :]
                for k, row in enumerate(data.instances)
                if r.covers(row)
            }
            assert mine - others, f"{rule} adds nothing"
        assert enc.n_rows == len(data.labels)


def consistent(data: AttributeValueData) -> bool:
    seen: dict = {}
    for row, label in zip(data.instances, data.labels):
        if seen.setdefault(row, label) != label:
            return False
    return True


@settings(max_examples=60, deadline=None)
@given(tables())
def test_rule_set_fits_consistent_data_with_default_negative(data) -> None:
    if not consistent(data) or True not in data.labels:
        return
    result = sequential_covering(data, beam=50)
    assert result.rule_set.default is False and not result.rule_set.ordered
    assert result.rule_set.predict(data.instances) == list(data.labels)


@settings(max_examples=60, deadline=None)
@given(tables(classes=("x", "y", "z")))
def test_cn2_list_fits_consistent_data_and_clauses_agree_with_the_engine(data) -> None:
    if not consistent(data):
        return
    result = sequential_covering(data, beam=50)
    rule_set = result.rule_set
    assert rule_set.ordered
    assert rule_set.predict(data.instances) == list(data.labels)
    kb = loads("\n".join(rule_set.clause_strings()))
    engine = Engine(kb, unknown="fail")
    for row in set(data.instances):
        label = Var("L")
        answers = [s[label] for s in engine.solve(Struct("label", (Struct("t", row), label)))]
        assert answers == [rule_set.classify(row)]


# ------------------------------------------------------------------ behaviour


def test_votes_rule_set_and_post_pruning() -> None:
    data = from_kb(load([KB / "votes.pl"]), "republican", 16)
    plain = sequential_covering(data)
    pruned = sequential_covering(data, prune_fraction=0.3, seed=1)
    size = lambda r: sum(len(rule.conditions) for rule in r.rule_set.rules)  # noqa: E731
    assert size(pruned) <= size(plain)
    assert plain.rule_set.default is False
    accuracy = np.mean(np.array(plain.rule_set.predict(data.instances)) == np.array(data.labels))
    assert accuracy > 0.95


def test_cn2_default_is_the_majority_of_what_no_rule_covers() -> None:
    kb = loads(
        ":- attributes(t, [a, b]).\n"
        + "".join(
            f"label(t({a}, {b}), {c}).\n"
            for a, b, c in [
                ("p", "q", "x"),
                ("p", "r", "x"),
                ("s", "q", "y"),
                ("s", "r", "z"),
                ("u", "q", "z"),
                ("u", "r", "z"),
            ]
        )
    )
    result = sequential_covering(from_kb(kb, "t", 2), measure="relative-frequency")
    rule_set = result.rule_set
    assert rule_set.ordered and rule_set.default == "z"
    assert [rule_set.classify(r) for r in [("p", "q"), ("s", "q"), ("s", "r")]] == ["x", "y", "z"]


def test_rule_set_for_one_class_of_multiclass_data() -> None:
    kb = loads(
        ":- attributes(t, [a]).\n"
        + "".join(
            f"label(t({a}), {c}).\n" for a, c in [("p", "x"), ("q", "y"), ("r", "y"), ("s", "z")]
        )
    )
    result = sequential_covering(from_kb(kb, "t", 1), target_class="y")
    assert not result.rule_set.ordered and result.rule_set.default in ("x", "z")
    assert {r.label for r in result.rule_set.rules} == {"y"}
    with pytest.raises(InvalidParameterError, match="not a class"):
        sequential_covering(from_kb(kb, "t", 1), target_class="w")


def test_bad_parameters_are_errors() -> None:
    data = from_kb(load([KB / "enjoysport.pl"]), "enjoysport", 6)
    with pytest.raises(InvalidParameterError):
        sequential_covering(data, prune_fraction=1.5)
    with pytest.raises(InvalidParameterError):
        sequential_covering(data, beam=0)
    with pytest.raises(InvalidParameterError):
        sequential_covering(data, measure="gini")


def test_json_clauses_report_coverage_and_gains() -> None:
    data = from_kb(load([KB / "enjoysport.pl"]), "enjoysport", 6)
    result = sequential_covering(data)
    clauses = result.clauses(data)
    assert clauses and all(
        {"clause", "positives", "negatives", "literals"} <= set(c) for c in clauses
    )
    assert isinstance(result.rule_set, RuleSet)


# ------------------------------------------------------------------ the search's path (issue 16)


def test_literals_follow_the_search_on_playtennis() -> None:
    """Relative frequency n_c/n (Mitchell 1997, 10.3) step by step, as PRISM's tables show it."""
    data = from_kb(load([KB / "playtennis.pl"]), "playtennis", 4)
    result = sequential_covering(data, measure="relative-frequency")
    clauses = result.clauses(data)
    table = [
        [(s["literal"], s["p_before"], s["t_before"], s["p"], s["t"]) for s in c["literals"]]
        for c in clauses
    ]
    assert table[0] == [("outlook = overcast", 9, 14, 4, 4)]
    # the 4 overcast days covered, 5 of the 10 left are positive; humidity = normal
    # matches 4 of 5 (D5, D9, D10, D11 of D6's 5), then wind = weak 3 of 3
    assert table[1] == [("humidity = normal", 5, 10, 4, 5), ("wind = weak", 4, 5, 3, 3)]
    second = clauses[1]["literals"]
    assert [(s["before"], s["after"]) for s in second] == [(0.5, 0.8), (0.8, 1.0)]
    assert second[0]["gain"] == pytest.approx(0.3) and not second[0]["pruned"]
    lines = result.search_lines()
    assert lines[:3] == [
        "rule 1, as learn-one-rule built it (relative-frequency, 4 decimals):",
        "  (no test)             p/t 9/14    0.6429",
        "  + outlook = overcast  p/t 4/4     1.0000",
    ]


def _specialisations(enc, rows, chosen, target, measure, priors):
    """(score, hits) of every one-test specialisation of ``chosen`` on ``rows``."""
    before = rows.copy()
    for b, v in chosen:
        before &= enc.columns[b] == v
    used = {a for a, _ in chosen}
    found = []
    for a, column in enumerate(enc.columns):
        for value in range(3) if a not in used else ():
            counts = np.bincount(enc.y[before & (column == value)], minlength=len(enc.classes))
            if not counts.sum() or counts.sum() >= before.sum():
                continue
            score = performance(counts[None, :], measure, target=target, priors=priors)[0]
            hits = counts.max() if target is None else counts[target]
            if np.isfinite(score):
                found.append((round(float(score), 12), int(hits)))
    return found


@settings(max_examples=80, deadline=None)
@given(
    tables(classes=(True, False)) | tables(classes=("x", "y", "z")),
    st.sampled_from(["relative-frequency", "m-estimate"]),
    st.data(),
)
def test_literals_are_listed_in_the_order_the_search_added_them(data, measure, draw) -> None:
    """With beam 1 the search is a chain: each literal but the last is the best open test
    (a perfect rule is kept but not specialised), and no literal beats the best test."""
    enc = encode(data, (True, False) if data.is_boolean else None)
    active = np.array(draw.draw(st.lists(st.booleans(), min_size=enc.n_rows, max_size=enc.n_rows)))
    active[0] = True
    priors = np.bincount(enc.y, minlength=len(enc.classes)) / enc.n_rows
    target = draw.draw(st.sampled_from([None, 0]))
    found = find_rule(enc, active, target=target, measure=measure, beam=1, priors=priors)
    if found is None:
        return
    rule, steps = found.rule, found.steps
    perfect = 1.0 if measure == "relative-frequency" else math.inf
    label_index = next(
        i for i, c in enumerate(enc.classes) if type(c) is type(rule.label) and c == rule.label
    )
    chosen: list[tuple[int, int]] = []
    for k, step in enumerate(steps):
        if k:  # each step starts where the one before ended
            previous = steps[k - 1]
            assert (step.before, step.p_before, step.t_before) == (
                previous.after,
                previous.p,
                previous.t,
            )
        options = _specialisations(enc, active, chosen, target, measure, priors)
        a = step.condition.index
        chosen.append((a, data.attributes[a].values.index(step.condition.value)))
        mask = active.copy()
        for b, v in chosen:
            mask &= enc.columns[b] == v
        counts = np.bincount(enc.y[mask], minlength=len(enc.classes))
        assert (step.p, step.t) == (counts[label_index], counts.sum())
        expected = performance(counts[None, :], measure, target=target, priors=priors)[0]
        assert step.after == pytest.approx(expected)
        hits = counts.max() if target is None else counts[target]
        key = (round(float(step.after), 12), int(hits))
        assert key <= max(options)
        if k < len(steps) - 1:
            assert key == max(o for o in options if o[0] < perfect)
    assert set(rule.conditions) == {s.condition for s in steps}


@settings(max_examples=40, deadline=None)
@given(tables(classes=(True, False)) | tables(classes=("x", "y", "z")))
def test_each_rule_lists_the_tests_it_was_built_from(data) -> None:
    result = sequential_covering(data)
    assert len(result.searches) == len(result.rule_set.rules)
    for rule, steps in zip(result.rule_set.rules, result.searches):
        assert set(rule.conditions) == {s.condition for s in steps}
        assert all(not entry["pruned"] for c in result.clauses(data) for entry in c["literals"])


def test_literals_post_pruning_removed_are_marked() -> None:
    data = from_kb(load([KB / "votes.pl"]), "republican", 16)
    result = sequential_covering(data, prune_fraction=0.3)
    clauses = result.clauses(data)
    marked = 0
    for rule, clause in zip(result.rule_set.rules, clauses):
        kept = [s["literal"] for s in clause["literals"] if not s["pruned"]]
        assert sorted(kept) == sorted(str(c) for c in rule.conditions)
        marked += len(clause["literals"]) - len(kept)
    assert marked > 0
    assert any("(pruned)" in line for line in result.search_lines())
