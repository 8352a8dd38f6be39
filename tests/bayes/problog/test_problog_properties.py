"""Random small ProbLog programs against brute-force enumeration of possible worlds.

The enumerator here is written independently of the grounder and the SDD
compiler: it lists every assignment of the probabilistic facts, of the
choice of each annotated disjunction (one head or none) and of each
probabilistic rule, computes the world's model stratum by stratum (the least
fixpoint of the positive rules within a stratum, negation read on lower
strata), and adds up the weights of the worlds where the queries and the
evidence hold (Sato 1995; De Raedt, Kimmig & Toivonen 2007).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from symlearn.bayes.answer import infer
from symlearn.bayes.problog.problog_inference import infer_program
from symlearn.errors import InvalidParameterError
from symlearn.kb import loads

PROBABILITIES = [0.0, 0.1, 0.25, 0.5, 0.7, 0.9, 1.0]


@dataclass(frozen=True)
class Rule:
    head: str
    probability: float | None
    body: tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class Program:
    facts: tuple[float, ...]
    disjunction: tuple[float, ...]
    rules: tuple[Rule, ...]
    levels: dict
    evidence: tuple[tuple[str, bool], ...]

    def text(self) -> str:
        lines = [f"{p}::f{i}." for i, p in enumerate(self.facts)]
        if self.disjunction:
            lines.append("; ".join(f"{p}::d(v{i})" for i, p in enumerate(self.disjunction)) + ".")
        for rule in self.rules:
            body = ", ".join(a if positive else f"\\+{a}" for a, positive in rule.body)
            head = rule.head if rule.probability is None else f"{rule.probability}::{rule.head}"
            lines.append(f"{head} :- {body}." if body else f"{head}.")
        lines += [f"evidence({a}, {str(v).lower()})." for a, v in self.evidence]
        lines += [f"query({a})." for a in self.defined()]
        base = [f"f{i}" for i in range(len(self.facts))]
        base += [f"d(v{i})" for i in range(len(self.disjunction))]
        lines += [f"query({a})." for a in base]  # every choice relevant (MPE ranges over them)
        return "\n".join(lines) + "\n"

    def with_rule_facts(self) -> Program:
        """The same program with each probabilistic rule's choice an explicit fact.

        ``p::h :- B`` becomes ``p::fk. h :- B, fk.``: the same distribution, and
        every choice is queried, so every one is in the relevant ground program
        (MPE ranges over those; a rule whose body has no proof is not in it).
        """
        facts = list(self.facts)
        rules = []
        for rule in self.rules:
            if rule.probability is None:
                rules.append(rule)
                continue
            facts.append(rule.probability)
            rules.append(Rule(rule.head, None, (*rule.body, (f"f{len(facts) - 1}", True))))
        return Program(tuple(facts), self.disjunction, tuple(rules), self.levels, self.evidence)

    def defined(self) -> list[str]:
        """The atoms with a rule (a query on a predicate with no clause is an error)."""
        return [a for a in self.levels if any(r.head == a for r in self.rules)]


@st.composite
def programs(draw) -> Program:
    facts = tuple(draw(st.lists(st.sampled_from(PROBABILITIES), min_size=1, max_size=4)))
    disjunction: tuple[float, ...] = ()
    if draw(st.booleans()):
        weights = draw(st.lists(st.sampled_from([0.1, 0.2, 0.3, 0.5]), min_size=2, max_size=3))
        if sum(weights) <= 1:
            disjunction = tuple(weights)
    atoms = [f"a{i}" for i in range(draw(st.integers(1, 5)))]
    levels = {atom: i // 2 for i, atom in enumerate(atoms)}
    base = [f"f{i}" for i in range(len(facts))] + [f"d(v{i})" for i in range(len(disjunction))]
    counts = {atom: draw(st.integers(0, 3)) for atom in atoms}
    usable = [a for a in atoms if counts[a]]  # an atom without clauses is an unknown predicate
    rules = []
    for atom in atoms:
        positive = base + [a for a in usable if levels[a] <= levels[atom]]
        negative = base + [a for a in usable if levels[a] < levels[atom]]
        for _ in range(counts[atom]):
            body = []
            for _ in range(draw(st.integers(1, 3))):
                if draw(st.booleans()):
                    body.append((draw(st.sampled_from(positive)), True))
                else:
                    body.append((draw(st.sampled_from(negative)), False))
            probability = draw(st.one_of(st.none(), st.sampled_from(PROBABILITIES)))
            rules.append(Rule(atom, probability, tuple(body)))
    evidence = ()
    defined = [a for a in atoms if any(r.head == a for r in rules)]
    if draw(st.booleans()):
        evidence = ((draw(st.sampled_from(defined + base)), draw(st.booleans())),)
    return Program(facts, disjunction, tuple(rules), levels, evidence)


def _model(program: Program, world: dict[str, bool], fired: tuple[bool, ...]) -> dict[str, bool]:
    values = dict(world)
    for level in sorted(set(program.levels.values())):
        members = [a for a, lv in program.levels.items() if lv == level]
        for atom in members:
            values[atom] = False
        changed = True
        while changed:
            changed = False
            for rule, fires in zip(program.rules, fired):
                if program.levels[rule.head] != level or values[rule.head] or not fires:
                    continue
                if all(values[a] == positive for a, positive in rule.body):
                    values[rule.head] = True
                    changed = True
    return values


def brute_force(program: Program) -> tuple[dict[str, float], float, float]:
    """P(atom and evidence) for every atom, P(evidence) and the most probable world's weight.

    Worlds of weight 0 are left out (they are never the most probable one).
    """
    options = list(enumerate(program.disjunction))
    rest = 1.0 - sum(program.disjunction)
    if program.disjunction and rest > 1e-12:
        options.append((None, rest))
    if not program.disjunction:
        options = [(None, 1.0)]
    probabilistic = [r for r in program.rules if r.probability is not None]
    joint = dict.fromkeys(program.levels, 0.0)
    evidence_mass = 0.0
    best_world = 0.0
    for facts in itertools.product([True, False], repeat=len(program.facts)):
        weight_facts = 1.0
        for value, p in zip(facts, program.facts):
            weight_facts *= p if value else 1 - p
        for chosen, p_choice in options:
            for flips in itertools.product([True, False], repeat=len(probabilistic)):
                weight = weight_facts * p_choice
                for value, rule in zip(flips, probabilistic):
                    weight *= rule.probability if value else 1 - rule.probability  # type: ignore[operator]
                if weight == 0.0:
                    continue
                world = {f"f{i}": v for i, v in enumerate(facts)}
                world.update({f"d(v{i})": i == chosen for i in range(len(program.disjunction))})
                flip = iter(flips)
                fired = tuple(True if r.probability is None else next(flip) for r in program.rules)
                values = _model(program, world, fired)
                if all(values[a] == v for a, v in program.evidence):
                    evidence_mass += weight
                    best_world = max(best_world, weight)
                    for atom in joint:
                        if values[atom]:
                            joint[atom] += weight
    return joint, evidence_mass, best_world


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_random_programs_agree_with_possible_worlds(program):
    joint, evidence_mass, _ = brute_force(program)
    kb = loads(program.text())
    if evidence_mass <= 1e-12:
        with pytest.raises(InvalidParameterError):
            infer_program(kb)
        return
    for run in (infer_program(kb), infer(kb)):
        for atom in program.defined():
            mass = joint[atom]
            expected = mass / evidence_mass
            got = run.probability(atom)
            assert got == pytest.approx(expected, abs=1e-9), (run.method, atom, program.text())


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_mpe_is_the_most_probable_world_of_the_evidence(program):
    program = program.with_rule_facts()
    _, evidence_mass, best_world = brute_force(program)
    kb = loads(program.text())
    if evidence_mass <= 1e-12:
        return
    run = infer_program(kb, method="mpe")
    assert run.explanation is not None
    assert run.explanation.probability == pytest.approx(best_world, abs=1e-12, rel=1e-9)
