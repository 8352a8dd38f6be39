"""Random belief networks and random ProbLog programs, with brute-force references.

* :func:`networks` draws a DAG (2-6 variables, 2-3 states each) with generic
  CPTs (Dirichlet draws from a seeded numpy generator, so that hypothesis never
  shrinks them to the special values that make a network unfaithful).
* :func:`programs` draws a ground, acyclic ProbLog program in the fragment the
  compiler accepts: probabilistic facts and rules, deterministic rules, and
  annotated disjunctions over multi-valued keys (with exclusive bodies, so they
  become one variable, or overlapping ones, so they need choice variables).
* :func:`possible_worlds` is the reference: ProbLog's distribution semantics by
  enumerating every total choice and evaluating the program in each world.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

from symlearn.bayes.networks.network import BayesianNetwork, Variable


@st.composite
def networks(draw, min_size=2, max_size=6, max_states=3, max_parents=3):
    n = draw(st.integers(min_size, max_size))
    cards = [draw(st.integers(2, max_states)) for _ in range(n)]
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    variables = []
    for i in range(n):
        earlier = list(range(i))
        chosen = (
            draw(st.lists(st.sampled_from(earlier), unique=True, max_size=max_parents))
            if earlier
            else []
        )
        parents = tuple(f"x{j}" for j in sorted(chosen))
        shape = [cards[j] for j in sorted(chosen)] + [cards[i]]
        table = rng.dirichlet(np.ones(cards[i]), size=int(np.prod(shape[:-1]))).reshape(shape)
        states = tuple(f"s{k}" for k in range(cards[i]))
        variables.append(Variable(f"x{i}", states, parents, table))
    return BayesianNetwork(variables)


@st.composite
def evidences(draw, network, max_size=3):
    names = draw(st.lists(st.sampled_from(network.variables), unique=True, max_size=max_size))
    evidence = {}
    for name in names:
        states = network.states(name)
        if draw(st.booleans()):
            evidence[name] = draw(st.sampled_from(states))
        else:
            evidence[name] = frozenset(
                draw(st.lists(st.sampled_from(states), min_size=1, unique=True))
            )
    return evidence


# -- ProbLog programs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    heads: tuple[
        tuple[float, str], ...
    ]  # (probability, atom text); probability 1.0 = deterministic
    body: tuple[tuple[str, bool], ...]  # (atom text, positive)
    deterministic: bool = False

    def text(self) -> str:
        if self.deterministic:
            head = self.heads[0][1]
        else:
            head = "; ".join(f"{p!r}::{a}" for p, a in self.heads)
        if not self.body:
            return head + "."
        body = ", ".join(a if positive else f"\\+{a}" for a, positive in self.body)
        return f"{head} :- {body}."


@dataclass(frozen=True)
class Program:
    rules: tuple[Rule, ...]
    atoms: tuple[str, ...]  # every atom, in a topological order
    evidence: tuple[tuple[str, bool], ...]

    def text(self, with_queries: bool = True) -> str:
        lines = [r.text() for r in self.rules]
        lines += [f"evidence({a}, {str(v).lower()})." for a, v in self.evidence]
        if with_queries:
            lines += [f"query({a})." for a in self.atoms]
        return "\n".join(lines) + "\n"


_PROBABILITIES = st.sampled_from([0.1, 0.25, 0.3, 0.5, 0.7, 0.9, 0.95, 1.0])


@st.composite
def _body(draw, earlier):
    if not earlier:
        return ()
    atoms = draw(st.lists(st.sampled_from(earlier), unique=True, max_size=2))
    return tuple((a, draw(st.booleans())) for a in atoms)


@st.composite
def programs(draw, max_boolean=4, max_rules=8):
    """A random program; its atoms in topological order; random evidence."""
    rules: list[Rule] = []
    order: list[str] = []
    n_boolean = draw(st.integers(1, max_boolean))
    keys = draw(st.integers(0, 2))
    units = [("b", i) for i in range(n_boolean)] + [("k", i) for i in range(keys)]
    units = draw(st.permutations(units))
    for kind, i in units:
        if len(rules) >= max_rules:
            break
        if kind == "b":
            atom = f"b{i}"
            for _ in range(draw(st.integers(0, 2))):
                p = draw(_PROBABILITIES)
                deterministic = p == 1.0 and draw(st.booleans())
                rules.append(Rule(((p, atom),), draw(_body(order)), deterministic))
            order.append(atom)
        else:
            values = [f"k{i}(v{j})" for j in range(draw(st.integers(2, 3)))]
            if order and draw(st.booleans()):  # exclusive bodies on one earlier atom
                split = draw(st.sampled_from(order))
                bodies = [((split, True),), ((split, False),)]
            else:  # free (possibly overlapping) bodies
                bodies = [draw(_body(order)) for _ in range(draw(st.integers(1, 2)))]
            for body in bodies:
                weights = [draw(st.integers(0, 4)) for _ in values]
                total = sum(weights) + draw(st.integers(0, 2))
                if total == 0:
                    continue
                heads = tuple((w / total, v) for w, v in zip(weights, values))
                rules.append(Rule(heads, body))
            order.extend(values)
    while True:  # drop rules that use atoms no rule defines (the compiler refuses those)
        defined = {a for r in rules for _, a in r.heads}
        kept = [r for r in rules if all(a in defined for a, _ in r.body)]
        if len(kept) == len(rules):
            break
        rules = kept
    atoms = tuple(a for a in order if a in defined)
    if not rules:
        rules = [Rule(((0.5, "b0"),), ())]
        atoms = ("b0",)
    evidence_atoms = draw(st.lists(st.sampled_from(atoms), unique=True, max_size=2))
    evidence = tuple((a, draw(st.booleans())) for a in evidence_atoms)
    return Program(tuple(rules), atoms, evidence)


def _options(rule: Rule):
    """The choices of one rule: (probability, index of the chosen head or None)."""
    if rule.deterministic:
        return [(1.0, 0)]
    chosen = [(p, i) for i, (p, _) in enumerate(rule.heads) if p > 0]
    rest = 1.0 - sum(p for p, _ in rule.heads)
    if rest > 1e-12:
        chosen.append((rest, None))
    return chosen


def possible_worlds(program: Program) -> tuple[dict[str, float], float]:
    """P(atom | evidence) for every atom and P(evidence), by enumerating total choices."""
    atoms = list(program.atoms)
    position = {a: i for i, a in enumerate(atoms)}
    by_head: dict[str, list[tuple[int, int]]] = {a: [] for a in atoms}
    for r, rule in enumerate(program.rules):
        for h, (_, atom) in enumerate(rule.heads):
            by_head[atom].append((r, h))
    weights = {a: 0.0 for a in atoms}
    total = 0.0
    for choice in itertools.product(*(_options(rule) for rule in program.rules)):
        probability = 1.0
        for p, _ in choice:
            probability *= p
        truth: dict[str, bool] = {}
        for atom in sorted(atoms, key=position.__getitem__):
            truth[atom] = any(
                choice[r][1] == h
                and all(truth[b] == positive for b, positive in program.rules[r].body)
                for r, h in by_head[atom]
            )
        if all(truth[a] == v for a, v in program.evidence):
            total += probability
            for atom in atoms:
                if truth[atom]:
                    weights[atom] += probability
    if total == 0.0:
        return {}, 0.0
    return {a: w / total for a, w in weights.items()}, total
