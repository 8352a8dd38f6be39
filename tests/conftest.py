"""Shared test configuration: hypothesis profiles and helpers for peer tools."""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import HealthCheck, settings

# "ci" is derandomized so that a run is reproducible (CI must not fail by luck);
# "thorough" explores new random examples each run.
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

SWIPL = shutil.which("swipl")

requires_swipl = pytest.mark.skipif(SWIPL is None, reason="SWI-Prolog (swipl) is not installed")
