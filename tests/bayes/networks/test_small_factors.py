"""Small networks answered on Python lists give what numpy gives, without importing numpy."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.networks import program as program_module
from symlearn.bayes.networks import small_factors
from symlearn.bayes.networks import variable_elimination as ve
from symlearn.bayes.networks.network import BayesianNetwork, Variable
from symlearn.bayes.networks.program import compile_program
from symlearn.errors import InvalidParameterError
from symlearn.kb import loads

from ..strategies import evidences, networks, programs


def _in_python(network: BayesianNetwork) -> BayesianNetwork:
    variables = [network[n] for n in network.variables]
    return BayesianNetwork(
        Variable(v.name, v.states, v.parents, v.table.tolist(), v.atoms) for v in variables
    )


def _in_lists(network, query, evidence):
    """Variable elimination on Python lists, however much work it takes."""
    largest = small_factors.LARGEST
    small_factors.LARGEST = 1 << 40
    try:
        return ve._variable_elimination(
            network, query, evidence, "min-fill", small_factors.python_ops()
        )
    finally:
        small_factors.LARGEST = largest


def _same(first, second) -> None:
    assert first.marginals.keys() == second.marginals.keys()
    for name, distribution in first.marginals.items():
        for state, p in distribution.items():
            assert p == pytest.approx(second.marginals[name][state], abs=1e-12)
    assert first.evidence_probability == pytest.approx(second.evidence_probability, abs=1e-12)
    assert first.details == second.details  # the same elimination orders


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_python_elimination_equals_numpy_elimination(data):
    network = _in_python(data.draw(networks()))
    evidence = data.draw(evidences(network))
    assert network.in_python
    try:
        expected = ve._variable_elimination(network, None, evidence, "min-fill", ve.NUMPY)
    except InvalidParameterError:  # evidence of probability 0
        with pytest.raises(InvalidParameterError):
            _in_lists(network, None, evidence)
        return
    _same(_in_lists(network, None, evidence), expected)


@settings(max_examples=30, deadline=None)
@given(programs())
def test_tables_built_in_python_equal_those_built_in_numpy(program):
    text = program.text()
    small = compile_program(loads(text)).network
    original = program_module.PYTHON_TABLE_SIZE
    program_module.PYTHON_TABLE_SIZE = 0
    try:
        large = compile_program(loads(text)).network
    finally:
        program_module.PYTHON_TABLE_SIZE = original
    assert small.variables == large.variables
    for name in small.variables:
        assert small[name].in_python and not large[name].in_python
        assert small[name].states == large[name].states
        assert small[name].shape == large[name].shape
        assert small[name].flat == pytest.approx(large[name].flat, abs=1e-15)
    _rows_close(small, large)


def _rows_close(first: BayesianNetwork, second: BayesianNetwork) -> None:
    for name in first.variables:
        for (states, row), (other_states, other_row) in zip(first.rows(name), second.rows(name)):
            assert states == other_states
            assert row == pytest.approx(other_row, abs=1e-15)


def test_a_step_too_large_for_python_is_done_by_numpy(monkeypatch):
    text = "0.3::a. 0.6::b. 0.9::c :- a, b. 0.2::c :- \\+ a. evidence(c, true). query(a).\n"
    network = compile_program(loads(text)).network
    expected = ve._variable_elimination(network, ["a"], {"c": "true"}, "min-fill", ve.NUMPY)
    monkeypatch.setattr(small_factors, "LARGEST", 2)
    with pytest.raises(small_factors.TooLarge):
        ops = small_factors.python_ops()
        ve._variable_elimination(network, ["a"], {"c": "true"}, "min-fill", ops)
    _same(ve.variable_elimination(network, ["a"], {"c": "true"}), expected)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ([[0.5, 0.4], [0.2, 0.8]], r"row for parent states \(0,\) sums to 0.9"),
        ([[0.5, 0.5], [1.2, -0.2]], r"must lie in \[0, 1\]"),
        ([[0.5, 0.5], [float("nan"), 1.0]], r"must lie in \[0, 1\]"),
        ([[0.5, 0.5], [1.0]], "not rectangular"),
        ([0.5, 0.5], r"shape \(2,\), expected 1 parent axes"),
    ],
)
def test_a_table_of_lists_is_checked_as_an_array_is(table, message):
    rain = Variable("rain", ("false", "true"), (), [0.8, 0.2])
    with pytest.raises(InvalidParameterError, match=message):
        BayesianNetwork([rain, Variable("wet", ("false", "true"), ("rain",), table)])
