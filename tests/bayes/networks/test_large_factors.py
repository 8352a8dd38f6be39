"""Exact inference with many factors on one variable, and tables too large to allocate."""

from __future__ import annotations

import numpy as np
import pytest

from symlearn.bayes.networks.network import BayesianNetwork, Variable
from symlearn.bayes.networks.variable_elimination import posterior
from symlearn.cli import main
from symlearn.errors import ResourceLimitError


def _star(children: int, seed: int = 7) -> BayesianNetwork:
    rng = np.random.default_rng(seed)
    root = Variable("root", ("a", "b", "c"), (), rng.dirichlet(np.ones(3)))
    leaves = [
        Variable(f"c{i}", ("t", "f"), ("root",), rng.dirichlet(np.ones(2), size=3))
        for i in range(children)
    ]
    return BayesianNetwork([root, *leaves])


@pytest.mark.parametrize("children", [40, 70, 130])
def test_many_observed_children_of_one_node(children):
    """numpy.einsum takes at most 32 (numpy 1) or 64 operands: the factors are folded first."""
    network = _star(children)
    evidence = {f"c{i}": "t" if i % 3 else "f" for i in range(children)}
    result = posterior(network, "root", evidence)
    # brute force: P(root | e) is proportional to P(root) * prod_i P(e_i | root)
    root = network.variables.index("root")
    score = np.array(network._tables[root], dtype=float)
    for i in range(children):
        table = network._tables[network.variables.index(f"c{i}")]
        score = score * table[:, 0 if evidence[f"c{i}"] == "t" else 1]
    expected = score / score.sum()
    assert [result[s] for s in ("a", "b", "c")] == pytest.approx(list(expected), rel=1e-9)


def test_a_bif_node_with_40_parents_is_refused_before_allocation(tmp_path, capsys):
    n = 40
    lines = [f"variable P{i} {{ type discrete [ 2 ] {{ T, F }}; }}" for i in range(n)]
    lines.append("variable C { type discrete [ 2 ] { T, F }; }")
    lines += [f"probability ( P{i} ) {{ table 0.5, 0.5; }}" for i in range(n)]
    parents = ", ".join(f"P{i}" for i in range(n))
    lines.append(f"probability ( C | {parents} ) {{ default 0.5, 0.5; }}")
    path = tmp_path / "wide.bif"
    path.write_text("\n".join(lines) + "\n")
    assert main(["infer", str(path), "--query", "c"]) == 2
    err = capsys.readouterr().err
    assert "wide.bif:" in err and "2,199,023,255,552 entries" in err
    assert "Traceback" not in err


def test_resource_limit_error_is_a_memory_error():
    assert issubclass(ResourceLimitError, MemoryError)
