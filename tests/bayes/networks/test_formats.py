"""The network model, BIF and ProbLog round trips, and the ALARM network against its BIF source."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given, settings

from symlearn.bayes.networks.bif import format_bif, parse_bif, read_bif, write_bif
from symlearn.bayes.networks.inference import atom_probabilities, program_from_network
from symlearn.bayes.networks.network import (
    BayesianNetwork,
    Variable,
    boolean_variable,
    problog_atoms,
)
from symlearn.bayes.networks.problog_format import format_problog
from symlearn.bayes.networks.program import compile_program
from symlearn.bayes.networks.variable_elimination import posterior, variable_elimination
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb import loads, parse_term

from ..strategies import networks


def _same_network(a: BayesianNetwork, b: BayesianNetwork) -> None:
    assert a.variables == b.variables
    for name in a.variables:
        assert a.states(name) == b.states(name)
        assert a.parents(name) == b.parents(name)
        assert np.array_equal(a[name].table, b[name].table), name


@settings(max_examples=25, deadline=None)
@given(networks())
def test_bif_round_trip(network):
    _same_network(parse_bif(format_bif(network)), network)


@settings(max_examples=25, deadline=None)
@given(networks())
def test_problog_round_trip(network):
    compiled = compile_program(loads(format_problog(network))).network
    assert set(compiled.variables) == set(network.variables)
    for name in network.variables:
        assert compiled.states(name) == network.states(name)
        assert compiled.parents(name) == network.parents(name)
        assert np.array_equal(compiled[name].table, network[name].table), name


def test_boolean_variables_round_trip_through_problog():
    network = BayesianNetwork(
        [
            boolean_variable("a", (), 0.3),
            Variable("w", ("x", "y", "z"), ("a",), [[0.2, 0.3, 0.5], [0.0, 1.0, 0.0]]),
            boolean_variable("c", ("a", "w"), [[0.0, 0.5, 1.0], [0.25, 0.0, 0.125]]),
        ]
    )
    text = format_problog(network)
    assert "c :- \\+a, w(z)." in text and "0.0::w(x); 1.0::w(y); 0.0::w(z) :- a." in text
    compiled = compile_program(loads(text)).network
    for name in network.variables:
        assert np.array_equal(compiled[name].table, network[name].table)


def test_network_validation():
    with pytest.raises(InvalidParameterError, match="sums to"):
        Variable("a", ("x", "y"), (), [0.5, 0.6])
    with pytest.raises(InvalidParameterError, match="shape"):
        Variable("a", ("x", "y"), ("b",), [0.5, 0.5])
    with pytest.raises(InvalidParameterError, match="distinct"):
        Variable("a", ("x", "x"), (), [0.5, 0.5])
    with pytest.raises(InvalidParameterError, match="parent b is not a variable"):
        BayesianNetwork([boolean_variable("a", ("b",), [0.1, 0.2])])
    with pytest.raises(InvalidParameterError, match="cycle"):
        BayesianNetwork(
            [boolean_variable("a", ("b",), [0.1, 0.2]), boolean_variable("b", ("a",), [0.1, 0.2])]
        )
    with pytest.raises(InvalidParameterError, match="two variables are called a"):
        BayesianNetwork([boolean_variable("a", (), 0.1), boolean_variable("a", (), 0.2)])


def test_network_queries():
    net = BayesianNetwork(
        [
            boolean_variable("a", (), 0.3),
            boolean_variable("b", ("a",), [0.2, 0.9]),
            boolean_variable("c", ("a", "b"), [[0.1, 0.2], [0.3, 0.4]]),
        ]
    )
    assert net.children("a") == ("b", "c") and net.markov_blanket("b") == {"a", "c"}
    assert net.number_of_parameters() == 1 + 2 + 4
    assert net.joint_probability({"a": "true", "b": "true", "c": "false"}) == pytest.approx(
        0.3 * 0.9 * 0.6
    )
    assert net.variable_of(parse_term("a")) == "a" and net.event("b") == ("b", frozenset({1}))
    cpts = net.to_dict()["cpts"]
    assert cpts["c"]["rows"][3] == {
        "parents": {"a": "true", "b": "true"},
        "probabilities": [0.6, 0.4],
    }


def test_problog_atoms_for_bif_names():
    atoms = problog_atoms(
        ["A", "a", "Lung-Cancer"],
        {"A": ["yes", "no"], "a": ["t", "f"], "Lung-Cancer": ["TRUE", "FALSE"]},
    )
    assert atoms["A"][0][0] == parse_term("'A'(yes)")  # A and a clash when lower-cased
    assert atoms["Lung-Cancer"] == (("Lung-Cancer", 0),)


# -- BIF errors ---------------------------------------------------------------------------------

_GOOD = """network n {
}
variable a {
  type discrete [ 2 ] { yes, no };
}
variable b {
  type discrete [ 2 ] { yes, no };
}
probability ( a ) {
  table 0.2, 0.8;
}
probability ( b | a ) {
  (yes) 0.9, 0.1;
  (no) 0.3, 0.7;
}
"""


@pytest.mark.parametrize(
    ("broken", "message", "line"),
    [
        (_GOOD.replace("(no) 0.3, 0.7;", "(maybe) 0.3, 0.7;"), "maybe is not a state of a", 14),
        (_GOOD.replace("(no) 0.3, 0.7;\n", ""), "leaves rows undefined", 12),
        (_GOOD.replace("table 0.2, 0.8;", "table 0.2, x;"), "expected a probability", 10),
        (_GOOD.replace("b | a", "b | c"), "c is not a declared variable", 12),
        (_GOOD.replace("0.9, 0.1", "0.9, 0.3"), "not a distribution", 12),
        (_GOOD + "variable", "expected a variable name, found the end", 16),
        (_GOOD.replace("network n", "netwerk n"), "expected network, variable or probability", 1),
    ],
)
def test_bif_errors_are_located(broken, message, line):
    with pytest.raises(KBError, match=message) as caught:
        parse_bif(broken, "net.bif")
    assert caught.value.line == line and caught.value.path == "net.bif"
    assert str(caught.value).startswith(f"net.bif:{line}:")


def test_bif_conditional_table_layout_and_default():
    text = _GOOD.replace("(yes) 0.9, 0.1;\n  (no) 0.3, 0.7;", "table 0.9, 0.3, 0.1, 0.7;")
    assert parse_bif(text)["b"].table.tolist() == [[0.9, 0.1], [0.3, 0.7]]
    text = _GOOD.replace("(no) 0.3, 0.7;", "default 0.5, 0.5;")
    assert parse_bif(text)["b"].table.tolist() == [[0.9, 0.1], [0.5, 0.5]]


def test_read_and_write_files(tmp_path):
    net = parse_bif(_GOOD)
    write_bif(net, tmp_path / "n.bif")
    _same_network(read_bif(tmp_path / "n.bif"), net)
    with pytest.raises(KBError, match="no such file"):
        read_bif(tmp_path / "missing.bif")


# -- the ALARM network --------------------------------------------------------------------------


def _alarm_bif() -> str:
    pgmpy = pytest.importorskip("pgmpy")
    return os.path.join(os.path.dirname(pgmpy.__file__), "utils", "example_models", "alarm.bif.gz")


def test_alarm_monitoring_file_is_the_bif_network(repo_root):
    bif = read_bif(_alarm_bif())
    assert (
        len(bif) == 37 and bif.graph.number_of_edges() == 46 and bif.number_of_parameters() == 509
    )
    program = compile_program(loads((repo_root / "kb" / "alarm_monitoring.pl").read_text()))
    assert len(program.network) == 37 and program.network.graph.number_of_edges() == 46
    from_bif = program_from_network(bif, program.queries, program.evidence)
    ours, theirs = (
        atom_probabilities(program).probabilities,
        atom_probabilities(from_bif).probabilities,
    )
    assert ours.keys() == theirs.keys()
    for atom in ours:
        assert ours[atom] == pytest.approx(theirs[atom], abs=1e-12)
    every_atom = program_from_network(bif)
    prior = atom_probabilities(every_atom).probabilities
    compiled_prior = atom_probabilities(
        compile_program(
            loads((repo_root / "kb" / "alarm_monitoring.pl").read_text()), list(prior), []
        )
    ).probabilities
    for atom, p in prior.items():
        assert compiled_prior[atom] == pytest.approx(p, abs=1e-12)


def test_pyagrum_reads_our_bif(tmp_path):
    # Another tool reads the BIF we write: the same CPTs (pyAgrum keeps single
    # precision) and the same posteriors.  pgmpy's agreement to 1e-9 is checked
    # by benchmarks/bn_vs_pgmpy.py (importing pgmpy costs the suite ~10 s).
    gum = pytest.importorskip("pyagrum")
    ours = read_bif(_alarm_bif())
    write_bif(ours, tmp_path / "alarm.bif")
    theirs = gum.loadBN(str(tmp_path / "alarm.bif"))
    for name in ours.variables:
        assert list(theirs.variable(name).labels()) == list(ours.states(name))
        for states, probabilities in ours.rows(name):
            given = dict(zip(ours.parents(name), states))
            row = theirs.cpt(name)[given] if given else theirs.cpt(name).tolist()
            assert np.allclose(row, probabilities, atol=1e-7, rtol=0)
    engine = gum.LazyPropagation(theirs)
    for query, evidence in [
        ("HISTORY", {"CVP": "LOW", "PCWP": "LOW"}),
        ("LVFAILURE", {"HRBP": "HIGH", "BP": "LOW", "CVP": "HIGH"}),
    ]:
        engine.eraseAllEvidence()
        engine.setEvidence(evidence)
        engine.makeInference()
        expected = dict(zip(ours.states(query), engine.posterior(query).tolist()))
        assert posterior(ours, query, evidence) == pytest.approx(expected, abs=1e-6)


def test_variable_elimination_on_the_whole_alarm_network_equals_marginals_sum():
    net = read_bif(_alarm_bif())
    result = variable_elimination(net, None, {"BP": "LOW"})
    for distribution in result.marginals.values():
        assert sum(distribution.values()) == pytest.approx(1.0, abs=1e-12)
