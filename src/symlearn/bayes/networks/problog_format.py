r"""Writing a Bayesian network as a ProbLog program.

Every CPT row becomes one ground clause whose body is the row's parent
states written as literals:

* a variable with one atom (a Boolean atom ``alarm``) gets ``p::alarm :- Body.``
  for each row with ``p > 0`` (``alarm :- Body.`` when ``p = 1``);
* a variable with several atoms (``cvp(low)``, ``cvp(normal)``, ...) gets the
  annotated disjunction ``p1::cvp(low); p2::cvp(normal); ... :- Body.`` for
  each row, zeros included, so that the disjunctions of one variable read
  back as one multi-valued variable;
* a parent in a state with an atom is that atom in the body; a parent in its
  atom-less state (``false`` of a Boolean, ``none`` of a disjunction) is the
  negation of all its atoms.

The bodies of a variable's rows are pairwise exclusive and cover every
combination of parent states, so the noisy-or of ProbLog's semantics gives
back exactly the CPT: reading the program with
:func:`~symlearn.bayes.networks.program.compile_program` gives the same network.
Probabilities are written with Python's shortest exact representation.

Examples
--------
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> net = BayesianNetwork([boolean_variable("rain", (), 0.2),
...                        boolean_variable("wet", ("rain",), [0.1, 1.0])])
>>> print(format_problog(net, queries=["rain"], evidence=[("wet", True)]))
0.2::rain.
0.1::wet :- \+rain.
wet :- rain.
evidence(wet, true).
query(rain).
<BLANKLINE>
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from symlearn.bayes.networks.network import BayesianNetwork, problog_atoms
from symlearn.files import write_file
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = ["format_problog", "network_atoms", "write_problog"]


def network_atoms(network: BayesianNetwork) -> dict[str, list[Term | None]]:
    """For each variable, the atom of each state (None for its one atom-less state).

    Variables without atoms (hidden choice variables, networks built by hand)
    get atoms named after them, as :func:`~symlearn.bayes.networks.network.problog_atoms`
    names them; a variable with more than one atom-less state gets an atom
    for every state.
    """
    result: dict[str, list[Term | None]] = {}
    needs_atoms = []
    for name in network.variables:
        variable = network[name]
        atoms: list[Term | None] = [None] * variable.cardinality
        for atom, state in variable.atoms:
            atoms[state] = atom
        if atoms.count(None) > 1:
            needs_atoms.append(name)
        result[name] = atoms
    if needs_atoms:
        generated = problog_atoms(needs_atoms, {n: network.states(n) for n in needs_atoms})
        existing = set(network.atoms)
        for name in needs_atoms:
            atoms = [None] * network[name].cardinality
            for atom, state in generated[name]:
                while atom in existing:  # keep clear of the network's own atoms
                    atom = _primed(atom)
                atoms[state] = atom
            result[name] = atoms
    return result


def _primed(atom: Term) -> Term:
    """``atom`` with ``_`` appended to its name."""
    if isinstance(atom, Struct):
        return Struct(atom.name + "_", atom.args)
    return str(atom) + "_"


def _literals(atoms: Sequence[Term | None], state: int) -> list[str]:
    atom = atoms[state]
    if atom is not None:
        return [format_term(atom, max_priority=999)]
    return ["\\+" + format_term(a, max_priority=0) for a in atoms if a is not None]


def _clause(heads: list[str], body: list[str]) -> str:
    text = "; ".join(heads)
    return f"{text} :- {', '.join(body)}." if body else f"{text}."


def _variable_clauses(
    network: BayesianNetwork, name: str, atoms: dict[str, list[Term | None]]
) -> Iterable[str]:
    variable = network[name]
    heads_text = {
        i: format_term(atom, max_priority=999)
        for i, atom in enumerate(atoms[name])
        if atom is not None
    }
    with_atoms = list(heads_text)
    for parent_states, probabilities in network.rows(name):
        body: list[str] = []
        for parent, state in zip(variable.parents, parent_states):
            body += _literals(atoms[parent], network.states(parent).index(state))
        if len(with_atoms) == 1:
            p = probabilities[with_atoms[0]]
            head = heads_text[with_atoms[0]]
            if p == 1.0:
                yield _clause([head], body)
            elif p > 0.0:
                yield _clause([f"{format_term(p)}::{head}"], body)
            continue
        heads = [f"{format_term(probabilities[i])}::{heads_text[i]}" for i in with_atoms]
        yield _clause(heads, body)


def format_problog(
    network: BayesianNetwork,
    queries: Iterable[Term] = (),
    evidence: Iterable[tuple[Term, bool]] = (),
    header: str | None = None,
) -> str:
    """The network as a ProbLog program (see the module docstring).

    Parameters
    ----------
    network
        The network to write.
    queries
        Atoms to write as ``query/1`` facts.
    evidence
        ``(atom, value)`` pairs to write as ``evidence/2`` facts.
    header
        Text written first as ``%`` comment lines.
    """
    atoms = network_atoms(network)
    lines = [f"% {line}".rstrip() for line in header.splitlines()] if header else []
    for name in network.variables:
        lines.extend(_variable_clauses(network, name, atoms))
    for atom, value in evidence:
        lines.append(f"evidence({format_term(atom, max_priority=999)}, {str(value).lower()}).")
    for atom in queries:
        lines.append(f"query({format_term(atom, max_priority=999)}).")
    return "\n".join(lines) + "\n"


def write_problog(
    network: BayesianNetwork,
    path: str | os.PathLike[str],
    queries: Iterable[Term] = (),
    evidence: Iterable[tuple[Term, bool]] = (),
    header: str | None = None,
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
) -> None:
    """Write :func:`format_problog` of the network to ``path``.

    Raises
    ------
    OutputError
        When ``path`` is one of ``inputs`` (unless ``force``) or cannot be written.
    """
    write_file(
        path, format_problog(network, queries, evidence, header), inputs=inputs, force=force
    )
