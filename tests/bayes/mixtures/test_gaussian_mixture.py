"""EM for a mixture of Gaussians with a common variance (Mitchell 1997, section 6.12.1)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.mixtures.gaussian_mixture import gaussian_mixture_em, mixture_log_likelihood
from symlearn.errors import InvalidParameterError

_values = st.lists(st.floats(-20, 20, allow_nan=False), min_size=3, max_size=40)


@settings(max_examples=60, deadline=None)
@given(_values, st.integers(1, 3), st.sampled_from([0.5, 1.0, 3.0]), st.integers(0, 1000))
def test_log_likelihood_never_decreases_and_the_end_is_a_fixed_point(xs, k, sigma, seed):
    if len(set(xs)) < k:
        return
    result = gaussian_mixture_em(xs, k, sigma, seed=seed, tolerance=1e-10)
    steps = np.diff(result.log_likelihoods)
    assert (steps >= -1e-9).all()
    assert result.log_likelihoods[-1] == pytest.approx(
        mixture_log_likelihood(xs, result.means, sigma), abs=1e-9
    )
    if result.converged:
        # M step of the E step at the end gives the same means (Mitchell's update)
        z = np.asarray(result.responsibilities)
        x = np.asarray(xs)
        totals = z.sum(axis=0)
        for m, mean in enumerate(result.means):
            if totals[m] > 1e-12:
                assert (z[:, m] @ x) / totals[m] == pytest.approx(mean, abs=1e-7)


def test_local_maximum_has_zero_gradient():
    rng = np.random.default_rng(0)
    xs = np.concatenate([rng.normal(-3, 1, 60), rng.normal(4, 1, 40)])
    result = gaussian_mixture_em(xs, 2, 1.0, seed=1, tolerance=1e-12)
    assert result.converged
    h = 1e-5
    for m in range(2):
        up, down = list(result.means), list(result.means)
        up[m] += h
        down[m] -= h
        gradient = (
            mixture_log_likelihood(xs, up, 1.0) - mixture_log_likelihood(xs, down, 1.0)
        ) / (2 * h)
        assert abs(gradient) < 1e-5


def test_recovers_well_separated_means():
    rng = np.random.default_rng(42)
    xs = np.concatenate([rng.normal(0, 1, 500), rng.normal(10, 1, 500), rng.normal(20, 1, 500)])
    result = gaussian_mixture_em(xs, 3, 1.0, seed=3)
    assert result.converged
    for found, true in zip(sorted(result.means), (0, 10, 20)):
        assert abs(found - true) < 0.2
    again = gaussian_mixture_em(xs, 3, 1.0, seed=3)
    assert again.means == result.means and again.initial_means == result.initial_means


def test_initial_means_and_errors():
    result = gaussian_mixture_em([0.0, 1.0, 10.0, 11.0], 2, 1.0, initial_means=[0.0, 10.0])
    assert result.initial_means == (0.0, 10.0)
    assert [round(m, 3) for m in result.means] == [0.5, 10.5]
    with pytest.raises(InvalidParameterError, match="sigma"):
        gaussian_mixture_em([1.0, 2.0], 1, 0.0)
    with pytest.raises(InvalidParameterError, match="distinct"):
        gaussian_mixture_em([1.0, 1.0], 2, 1.0)
    with pytest.raises(InvalidParameterError, match="finite"):
        gaussian_mixture_em([], 1, 1.0)
