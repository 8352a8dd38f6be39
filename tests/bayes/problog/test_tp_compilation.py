"""T_P-compilation of cyclic components against proof expansion and possible worlds.

Random programs with several atoms per stratum, so that positive cycles
are common (``a0 :- a1, f0.  a1 :- a0.  a1 :- f1.``), are compiled both ways
(``cycles="fixpoint"``, the least fixpoint over SDDs; ``cycles="proofs"``,
ProbLog's cycle breaking; ``auto`` giving the expansion up midway; the
fixpoint minimizing its vtree from a few nodes on) and the answers compared
with each other and with brute-force enumeration of the possible worlds
(Sato 1995).
"""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from symlearn.bayes.graphs import strongly_connected_components
from symlearn.bayes.problog import sdd_compilation
from symlearn.bayes.problog.grounding import ground_program
from symlearn.bayes.problog.sdd_compilation import compile_program_sdd
from symlearn.errors import InvalidParameterError
from symlearn.kb import loads

from .test_problog_properties import PROBABILITIES, Program, Rule, brute_force


@st.composite
def cyclic_programs(draw) -> Program:
    facts = tuple(draw(st.lists(st.sampled_from(PROBABILITIES), min_size=1, max_size=4)))
    atoms = [f"a{i}" for i in range(draw(st.integers(2, 6)))]
    levels = {atom: i // 4 for i, atom in enumerate(atoms)}
    base = [f"f{i}" for i in range(len(facts))]
    rules = []
    for atom in atoms:
        positive = base + [a for a in atoms if levels[a] <= levels[atom]]
        negative = base + [a for a in atoms if levels[a] < levels[atom]]
        for _ in range(draw(st.integers(1, 3))):
            body = []
            for _ in range(draw(st.integers(1, 3))):
                if negative and draw(st.integers(0, 4)) == 0:
                    body.append((draw(st.sampled_from(negative)), False))
                else:
                    body.append((draw(st.sampled_from(positive)), True))
            probability = draw(st.one_of(st.none(), st.sampled_from(PROBABILITIES)))
            rules.append(Rule(atom, probability, tuple(body)))
    evidence = ()
    if draw(st.booleans()):
        evidence = ((draw(st.sampled_from(atoms + base)), draw(st.booleans())),)
    return Program(facts, (), tuple(rules), levels, evidence)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cyclic_programs())
def test_fixpoint_equals_proof_expansion_and_possible_worlds(program):
    joint, evidence_mass, _ = brute_force(program)
    ground = ground_program(loads(program.text()))
    fixpoint = compile_program_sdd(ground, cycles="fixpoint")
    proofs = compile_program_sdd(ground, cycles="proofs")
    minimized = compile_program_sdd(ground, minimize_from=4)
    with patch.object(sdd_compilation, "PROOF_BUDGET", 3):  # expansion given up midway
        switched = compile_program_sdd(ground)
    if evidence_mass <= 1e-12:
        for compiled in (fixpoint, proofs, minimized, switched):
            with pytest.raises(InvalidParameterError):
                compiled.probabilities(ground.queries)
        return
    atoms = [a for a in ground.queries if str(a) in joint]
    by_fixpoint, evidence = fixpoint.probabilities(atoms)
    by_proofs, _ = proofs.probabilities(atoms)
    by_minimized, _ = minimized.probabilities(atoms)
    by_switched, _ = switched.probabilities(atoms)
    assert evidence == pytest.approx(evidence_mass, abs=1e-9)
    for atom in atoms:
        expected = joint[str(atom)] / evidence_mass
        assert by_fixpoint[atom] == pytest.approx(expected, abs=1e-9), program.text()
        assert by_proofs[atom] == pytest.approx(expected, abs=1e-9), program.text()
        assert by_minimized[atom] == pytest.approx(expected, abs=1e-9), program.text()
        assert by_switched[atom] == pytest.approx(expected, abs=1e-9), program.text()


def test_minimizing_the_vtree_keeps_every_kept_formula():
    """Minimizing from 20 nodes on (many vtree searches) answers as without minimizing."""
    people = range(6)
    text = "".join(f"person({i}).\nfriend({i}, {(i + 1) % 6}).\n" for i in people)
    text += "".join(f"friend({i}, {(i + 3) % 6}).\n" for i in people)
    text += (
        "0.3::stress(X) :- person(X).\n0.2::influences(X, Y) :- person(X), person(Y).\n"
        "smokes(X) :- stress(X).\nsmokes(X) :- friend(X, Y), influences(Y, X), smokes(Y).\n"
        "evidence(smokes(2), false).\nquery(smokes(X)) :- person(X).\n"
    )
    ground = ground_program(loads(text))
    minimized = compile_program_sdd(ground, minimize_from=20)
    plain = compile_program_sdd(ground, minimize_from=10**9)
    proofs = compile_program_sdd(ground, cycles="proofs", minimize_from=10**9)
    first, _ = minimized.probabilities(ground.queries)
    second, _ = plain.probabilities(ground.queries)
    third, _ = proofs.probabilities(ground.queries)
    for atom in ground.queries:
        assert first[atom] == pytest.approx(second[atom], abs=1e-12)
        assert first[atom] == pytest.approx(third[atom], abs=1e-12)


def test_an_unknown_cycle_method_is_refused():
    ground = ground_program(loads("0.5::a.\nquery(a).\n"))
    with pytest.raises(InvalidParameterError, match="cycles"):
        compile_program_sdd(ground, cycles="completion")


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda n: st.lists(st.lists(st.integers(0, n - 1)), min_size=n, max_size=n)
    )
)
def test_components_are_networkx_strongly_connected_components_in_dependency_order(uses):
    import networkx as nx

    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(uses)))
    graph.add_edges_from((node, target) for node, targets in enumerate(uses) for target in targets)
    found = strongly_connected_components([list(dict.fromkeys(t)) for t in uses])
    assert sorted(map(sorted, found)) == sorted(
        sorted(c) for c in nx.strongly_connected_components(graph)
    )
    position = {node: i for i, component in enumerate(found) for node in component}
    for node, target in graph.edges:
        assert position[target] <= position[node]
