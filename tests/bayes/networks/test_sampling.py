"""Likelihood weighting and Gibbs sampling land within a few standard errors of exact answers."""

from __future__ import annotations

import pytest

from symlearn.bayes.networks.network import BayesianNetwork, Variable, boolean_variable
from symlearn.bayes.networks.program import compile_program
from symlearn.bayes.networks.sampling import forward_sample, gibbs_sampling, likelihood_weighting
from symlearn.bayes.networks.variable_elimination import variable_elimination
from symlearn.errors import InvalidParameterError
from symlearn.kb import loads

#: How many standard errors an estimate may be from the exact value (fixed seeds: deterministic).
WITHIN = 4.0


def _networks(repo_root):
    sprinkler = compile_program(loads((repo_root / "kb" / "sprinkler.pl").read_text()))
    multi = BayesianNetwork(
        [
            Variable("w", ("sun", "rain", "snow"), (), [0.5, 0.3, 0.2]),
            boolean_variable("cold", ("w",), [0.2, 0.5, 0.95]),
            Variable(
                "mood",
                ("good", "bad"),
                ("w", "cold"),
                [[[0.9, 0.1], [0.7, 0.3]], [[0.5, 0.5], [0.3, 0.7]], [[0.6, 0.4], [0.2, 0.8]]],
            ),
        ]
    )
    return [
        (sprinkler.network, {"wetgrass": "true"}),
        (sprinkler.network, {"wetgrass": "true", "cloudy": "false"}),
        (multi, {"mood": "bad"}),
        (multi, {"w": {"rain", "snow"}}),
        (multi, {}),
    ]


def _check(result, exact):
    for name, distribution in exact.marginals.items():
        for state, p in distribution.items():
            se = result.standard_errors[name][state]
            assert abs(result.marginals[name][state] - p) <= WITHIN * se + 1e-12, (name, state)
            assert se < 0.05


@pytest.mark.parametrize("case", range(5))
def test_likelihood_weighting_within_standard_errors(repo_root, case):
    network, evidence = _networks(repo_root)[case]
    exact = variable_elimination(network, None, evidence)
    for seed in (0, 1, 2):
        _check(likelihood_weighting(network, None, evidence, samples=20000, seed=seed), exact)


@pytest.mark.parametrize("case", range(5))
def test_gibbs_within_standard_errors(repo_root, case):
    network, evidence = _networks(repo_root)[case]
    exact = variable_elimination(network, None, evidence)
    for seed in (0, 1):
        _check(gibbs_sampling(network, None, evidence, samples=8000, seed=seed), exact)


def test_pearl_alarm_rare_evidence(repo_root):
    program = compile_program(loads((repo_root / "kb" / "alarm.pl").read_text()))
    evidence = program.evidence_states()
    exact = variable_elimination(program.network, ["burglary"], evidence)
    lw = likelihood_weighting(program.network, ["burglary"], evidence, samples=50000, seed=3)
    _check(lw, exact)
    assert lw.details["effective_sample_size"] < 5000  # the evidence is rare


def test_same_seed_same_answer(repo_root):
    network, evidence = _networks(repo_root)[0]
    first = likelihood_weighting(network, None, evidence, samples=1000, seed=42)
    again = likelihood_weighting(network, None, evidence, samples=1000, seed=42)
    assert first.marginals == again.marginals
    g1 = gibbs_sampling(network, None, evidence, samples=320, seed=5)
    g2 = gibbs_sampling(network, None, evidence, samples=320, seed=5)
    assert g1.marginals == g2.marginals and g1.standard_errors == g2.standard_errors


def test_forward_sample_frequencies():
    net = BayesianNetwork([boolean_variable("a", (), 0.25)])
    draws = forward_sample(net, 40000, seed=0)
    share = sum(d["a"] == "true" for d in draws) / len(draws)
    assert abs(share - 0.25) < 4 * (0.25 * 0.75 / 40000) ** 0.5


def test_bad_parameters_and_impossible_evidence():
    net = BayesianNetwork(
        [boolean_variable("a", (), 0.0), boolean_variable("b", ("a",), [0.0, 1.0])]
    )
    with pytest.raises(InvalidParameterError, match="samples must be"):
        likelihood_weighting(net, samples=0)
    with pytest.raises(InvalidParameterError, match="chains must be"):
        gibbs_sampling(net, chains=1)
    with pytest.raises(InvalidParameterError, match="weight 0"):
        likelihood_weighting(net, ["a"], {"b": "true"}, samples=100)
    with pytest.raises(InvalidParameterError, match="no state consistent"):
        gibbs_sampling(net, ["a"], {"b": "true"}, samples=100)


def test_gibbs_warns_about_zero_probabilities(repo_root):
    network, evidence = _networks(repo_root)[0]  # wetgrass has P = 0 without causes
    result = gibbs_sampling(network, None, evidence, samples=160)
    assert any("0" in w for w in result.details["warnings"])
