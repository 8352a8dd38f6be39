r"""Compiling the ProbLog part of a knowledge base to a Bayesian network.

The fragment of ProbLog (De Raedt, Kimmig & Toivonen 2007; Fierens et al.
2015) that is a Bayesian network:

* ground **probabilistic facts** ``0.001::burglary.``;
* ground **probabilistic rules** ``0.9::alarm :- burglary, \+ earthquake.``
  whose bodies are conjunctions of possibly negated ground atoms;
* ground **annotated disjunctions** ``0.3::w(sunny); 0.7::w(rainy) :- Body.``;
* ground **deterministic rules and facts** of the same shape (probability 1);
* no cycles through the dependencies of atoms.

Semantics (the distribution semantics, exactly as ProbLog defines it): every
ground probabilistic clause makes an independent choice; a probabilistic rule
``p::h :- B`` is ``h :- B, c`` with a fresh independent fact ``p::c``; an
annotated disjunction chooses at most one of its heads, head ``i`` with
probability ``p_i``, independently of every other clause; an atom is true
exactly when one of its clauses fires.  The clauses of an atom are therefore
**independent causes**: the atom's CPT is the noisy-or

    P(h = true | parents) = 1 - prod over clauses whose body holds of (1 - p)

over the atoms of its bodies.  Compiling makes

* one **Boolean variable** per atom (states ``false``/``true``), whose CPT is
  that noisy-or;
* one **multi-valued variable** ``k`` per group of annotated disjunctions
  whose heads are ``k(v1), ..., k(vn)`` (the key ``k`` and the values ``vi``,
  see :func:`~symlearn.bayes.networks.network.key_of`) when those disjunctions are the
  only clauses of the key's atoms and no two of their bodies can hold at once
  (they contain complementary literals): its states are the values (plus
  ``none`` if the probabilities of a row sum to less than 1 or no body holds);
* for any other annotated disjunction, a hidden **choice variable** (one state
  per head and ``none``) that the head atoms read, so that its heads stay
  mutually exclusive.

Atoms that are certainly true or false (deterministic facts, atoms with no
clause) are folded away, and queries on them answer 1 or 0.  Programs outside
the fragment are refused with an error naming the clause and where it was
written: non-ground clauses (variables shared between literals), bodies that
are not conjunctions of literals, learnable probabilities ``t(_)``, undefined
predicates, cycles.

Functions
---------
compile_program

Examples
--------
>>> from symlearn.kb import loads
>>> program = compile_program(loads('''
... 0.1::burglary. 0.2::earthquake.
... 0.9::alarm :- burglary.
... 0.8::alarm :- earthquake.
... query(alarm).
... '''))
>>> program.network.variables, program.network.parents("alarm")
(('burglary', 'earthquake', 'alarm'), ('burglary', 'earthquake'))
>>> program.network["alarm"].table[1, 1].round(12).tolist()  # 1 - (1 - 0.9) * (1 - 0.8)
[0.02, 0.98]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from symlearn.bayes.graphs import strongly_connected_components, topological_order
from symlearn.bayes.networks.network import BOOLEAN_STATES, BayesianNetwork, Variable, key_of
from symlearn.bayes.networks.program_fragment import (
    Fragment,
    GroundClauses,
    GroundRule,
    read_fragment,
)
from symlearn.errors import InvalidParameterError, require
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MAX_TABLE_SIZE", "ProbLogNetwork", "compile_fragment", "compile_program"]

#: Largest CPT (number of entries) a compiled variable may have.
MAX_TABLE_SIZE = 1 << 22
#: The largest CPT built as Python lists rather than a numpy array (so that a small
#: program's network is answered without importing numpy; see network.Variable).
PYTHON_TABLE_SIZE = 1 << 10

#: How far below 1 the probabilities of a row may sum before a ``none`` state is needed.
_SUM_TOLERANCE = 1e-9

#: A test on a variable: its name and the state indices that pass.
Test = tuple[str, frozenset[int]]


def _group_key(rule: GroundRule) -> Term | None:
    """The common key of an annotated disjunction's heads, if they have one."""
    if not rule.disjunction:
        return None
    split = [key_of(atom) for _, atom in rule.heads]
    if any(s is None for s in split):
        return None
    keys = {s[0] for s in split}  # type: ignore[index]
    values = [s[1] for s in split]  # type: ignore[index]
    if len(keys) != 1 or len(set(values)) != len(values):
        return None
    return keys.pop()


def _candidate_groups(program: GroundClauses) -> dict[Term, list[GroundRule]]:
    """Keys whose atoms are defined by annotated disjunctions over that key only."""
    groups: dict[Term, list[GroundRule]] = {}
    grouped: set[int] = set()
    spoiled: set[Term] = set()
    keys: dict[int, Term | None] = {}  # each rule's key, once (an AD's rule serves every head)
    for atom, rules in program.rules.items():
        split = key_of(atom)
        for rule in rules:
            if id(rule) not in keys:
                keys[id(rule)] = _group_key(rule)
            key = keys[id(rule)]
            if key is None:
                if split is not None:
                    spoiled.add(split[0])
            elif key != (split[0] if split else None):  # pragma: no cover - heads share the key
                spoiled.add(key)
            elif id(rule) not in grouped:
                grouped.add(id(rule))
                groups.setdefault(key, []).append(rule)
    boolean_names = {format_term(a) for a in program.rules}
    for key in list(groups):
        if key in spoiled or format_term(key) in boolean_names:
            del groups[key]
    return groups


def _literal_unit(
    literal: Term, groups: Mapping[Term, list[GroundRule]]
) -> tuple[Term, Term | None]:
    """(unit, value): the group key and value of a literal on a group, else (atom, None)."""
    split = key_of(literal)
    if split is not None and split[0] in groups:
        return split[0], split[1]
    return literal, None


def _exclusive(a: GroundRule, b: GroundRule, groups: Mapping[Term, list[GroundRule]]) -> bool:
    """True when the bodies of ``a`` and ``b`` cannot both hold (complementary literals)."""
    tests_a: dict[Term, list[tuple[Term | None, bool]]] = {}
    for literal, positive in a.body:
        unit, value = _literal_unit(literal, groups)
        tests_a.setdefault(unit, []).append((value, positive))
    for literal, positive in b.body:
        unit, value = _literal_unit(literal, groups)
        for other_value, other_positive in tests_a.get(unit, ()):
            if value == other_value and positive != other_positive:
                return True
            if value is not None and positive and other_positive and value != other_value:
                return True
    return False


def _unit_dependencies(
    program: GroundClauses, groups: Mapping[Term, list[GroundRule]]
) -> dict[Term, list[Term]]:
    """Each unit (an atom, or a group's key) and the units that use it, in order of use."""
    users: dict[Term, list[Term]] = {}
    for atom, rules in program.rules.items():
        unit = _literal_unit(atom, groups)[0]
        users.setdefault(unit, [])
        for rule in rules:
            for literal, _ in rule.body:
                users.setdefault(_literal_unit(literal, groups)[0], []).append(unit)
    return users


def _valid_groups(program: GroundClauses) -> dict[Term, list[GroundRule]]:
    """Demote candidate groups until every group has exclusive bodies and no cycle."""
    groups = _candidate_groups(program)
    changed = True
    while changed:
        changed = False
        for key, rules in list(groups.items()):
            if any(
                not _exclusive(a, b, groups) for i, a in enumerate(rules) for b in rules[i + 1 :]
            ):
                del groups[key]
                changed = True
        users = _unit_dependencies(program, groups)
        units = list(users)
        number = {unit: i for i, unit in enumerate(units)}
        numbered = [[number[u] for u in users[unit]] for unit in units]
        for component in strongly_connected_components(numbered):
            looped = len(component) > 1 or component[0] in numbered[component[0]]
            for unit in (units[i] for i in component) if looped else ():
                if unit in groups:
                    del groups[unit]
                    changed = True
    return groups


# -- building the variables ------------------------------------------------------------------


def _unique_name(base: str, taken: set[str]) -> str:
    name = base
    while name in taken:
        name += "_"
    taken.add(name)
    return name


def _nested(
    rows: list[list[float]], parents: Sequence[str], variables: Mapping[str, Variable]
) -> Any:
    """Rows in order (the last parent varying fastest) as nested lists, one level per parent."""
    table: Any = rows
    for parent in reversed(parents):
        size = variables[parent].cardinality
        table = [table[i : i + size] for i in range(0, len(table), size)]
    return table[0]  # the rows of no parent, or one list of the first parent's


class _Builder:
    """Turns the relevant ground program into variables, folding constants."""

    def __init__(
        self,
        program: GroundClauses,
        groups: dict[Term, list[GroundRule]],
        limit: int,
        private: Mapping[Term, float] | None = None,
        heads_as_states: bool = False,
    ) -> None:
        self.program = program
        self.private = private or {}  # facts summed into the one rule that uses them
        # an AD's head with no other cause is the state of the AD's choice variable
        self.heads_as_states = heads_as_states
        self.head_events: dict[Term, Test] = {}
        self.folded: dict[str, float] = {}  # the variables of private facts -> P(true)
        self.groups = groups
        self.limit = limit
        self.variables: dict[str, Variable] = {}
        self.constants: dict[Term, bool] = {}
        self.group_variable: dict[Term, str] = {}
        self.atom_variable: dict[Term, str] = {}
        self.choice_variable: dict[int, str | None] = {}
        self.choices_of: dict[Term, list[GroundRule]] = {}
        self.state_indices: dict[str, dict[str, int]] = {}
        self.taken = {format_term(a) for a in program.rules} | {format_term(k) for k in groups}

    # literals and bodies
    def test(self, literal: Term, positive: bool) -> Test | bool:
        """The test a literal makes, or its constant truth value."""
        unit, value = _literal_unit(literal, self.groups)
        if value is not None:
            name = self.group_variable[unit]
            states = self.variables[name].states
            index = self._state_index(name).get(format_term(value))
            passing = frozenset(() if index is None else (index,))
            return self._closed((name, passing), positive, len(states))
        if literal in self.constants:
            return self.constants[literal] == positive
        event = self.head_events.get(literal)
        if event is not None:
            return self._closed(event, positive, self.variables[event[0]].cardinality)
        name = self.atom_variable[literal]
        return (name, frozenset({1 if positive else 0}))

    def _state_index(self, name: str) -> dict[str, int]:
        """State -> its index, for variable ``name`` (made once: an AD may have many heads)."""
        index = self.state_indices.get(name)
        if index is None:
            states = self.variables[name].states
            index = self.state_indices[name] = {s: i for i, s in enumerate(states)}
        return index

    @staticmethod
    def _closed(test: Test, positive: bool, cardinality: int) -> Test | bool:
        name, passing = test
        if not positive:
            passing = frozenset(range(cardinality)) - passing
        if not passing:
            return False
        if len(passing) == cardinality:
            return True
        return name, passing

    def body_tests(self, rule: GroundRule) -> list[Test] | None:
        """The tests of a rule's body (merged per variable), None if it can never hold."""
        merged: dict[str, frozenset[int]] = {}
        for literal, positive in rule.body:
            test = self.test(literal, positive)
            if test is False:
                return None
            if test is True:
                continue
            name, passing = test
            merged[name] = merged[name] & passing if name in merged else passing
            if not merged[name]:
                return None
        return list(merged.items())

    # tables
    def parents_of(self, tests: Iterable[Iterable[Test]]) -> tuple[str, ...]:
        parents: dict[str, None] = {}
        for group in tests:
            for name, _ in group:
                parents[name] = None
        return tuple(parents)

    def grid_mask(self, tests: Sequence[Test], parents: Sequence[str]) -> np.ndarray:
        """A Boolean array over the parents' states: where all ``tests`` pass."""
        import numpy as np

        cards = [self.variables[p].cardinality for p in parents]
        mask = np.ones(cards, dtype=bool)
        for name, passing in tests:
            axis = parents.index(name)
            indicator = np.zeros(cards[axis], dtype=bool)
            indicator[sorted(passing)] = True
            shape = [1] * len(cards)
            shape[axis] = cards[axis]
            mask = mask & indicator.reshape(shape)
        return mask

    def grid_list(self, tests: Sequence[Test], parents: Sequence[str]) -> list[bool]:
        """:meth:`grid_mask` as a flat list, row by row (the last parent varies fastest)."""
        checks = [(parents.index(name), passing) for name, passing in tests]
        cards = [range(self.variables[p].cardinality) for p in parents]
        if len(parents) == 1 and len(checks) == 1:  # one test of one parent: a row per state
            return [state in checks[0][1] for state in cards[0]]
        return [
            all(states[axis] in passing for axis, passing in checks)
            for states in itertools.product(*cards)
        ]

    def in_python(self, parents: Sequence[str], cardinality: int) -> bool:
        """Whether a table of that size is built as Python lists (small) or a numpy array."""
        size = cardinality * math.prod(self.variables[p].cardinality for p in parents)
        return size <= PYTHON_TABLE_SIZE

    def check_size(self, what: str, parents: Sequence[str], cardinality: int) -> None:
        size = cardinality * math.prod(self.variables[p].cardinality for p in parents)
        if size > self.limit:
            raise InvalidParameterError(
                f"the CPT of {what} would have {size} entries ({len(parents)} parents); "
                f"the limit is {self.limit}"
            )

    # units
    def add(self, variable: Variable) -> str:
        self.variables[variable.name] = variable
        return variable.name

    def boolean(self, atom: Term) -> None:
        causes: list[tuple[float, list[Test]]] = []
        for rule in self.program.rules[atom]:
            if rule.disjunction:
                continue
            tests = self.body_tests(rule)
            probability = rule.heads[0][0]
            if tests is not None and self.folded:
                probability, tests = self._fold(probability, tests)
            if tests is not None and probability > 0.0:
                causes.append((probability, tests))
        for rule in self.choices_of.get(atom, ()):
            name = self.choice_variable[id(rule)]
            if name is not None:
                state = self._state_index(name)[format_term(atom)]
                causes.append((1.0, [(name, frozenset({state}))]))
        if any(p == 1.0 and not tests for p, tests in causes):
            self.constants[atom] = True
            return
        if not causes:
            self.constants[atom] = False
            return
        if self.heads_as_states and len(causes) == 1 and self._head_of_choice(atom):
            return
        parents = self.parents_of(tests for _, tests in causes)
        self.check_size(format_term(atom), parents, 2)
        table = self._noisy_or(causes, parents)
        name = format_term(atom)
        self.atom_variable[atom] = self.add(
            Variable(name, BOOLEAN_STATES, parents, table, ((atom, 1),))
        )
        if atom in self.private:
            self.folded[name] = self.private[atom]

    def _head_of_choice(self, atom: Term) -> bool:
        """Make ``atom``, caused by one AD alone, a state of the AD's choice variable (True).

        The atom is true exactly in its state of the choice, so it needs no
        variable of its own: an AD with n heads then has one table of n + 1
        entries per row of its parents instead of n more tables of (n + 1) x 2.
        """
        rules = self.program.rules[atom]
        if len(rules) != 1 or not rules[0].disjunction:
            return False
        name = self.choice_variable.get(id(rules[0]))
        if name is None:
            return False
        state = self._state_index(name)[format_term(atom)]
        self.head_events[atom] = (name, frozenset({state}))
        choice = self.variables[name]
        choice.atoms = (*choice.atoms, (atom, state))
        return True

    def _fold(self, probability: float, tests: list[Test]) -> tuple[float, list[Test]]:
        """A cause's probability times that of each private fact it needs, those tests dropped.

        The private fact is a root used by this cause alone: summing it out of
        the noisy-or leaves the cause firing with the product of both
        probabilities (the fact's variable stays, with no child).
        """
        kept: list[Test] = []
        for name, passing in tests:
            if name in self.folded and passing == _TRUE:
                probability *= self.folded[name]
            else:
                kept.append((name, passing))
        return probability, kept

    def _noisy_or(self, causes: list[tuple[float, list[Test]]], parents: Sequence[str]) -> Any:
        """P(atom | parents) of independent causes: 1 - prod (1 - p) over the causes firing."""
        if self.in_python(parents, 2):
            cells = [0.0] * math.prod(self.variables[p].cardinality for p in parents)
            for probability, tests in causes:  # the array formula below, cell by cell
                for i, fires in enumerate(self.grid_list(tests, parents)):
                    if fires:
                        cells[i] = cells[i] + probability * (1.0 - cells[i])
            return _nested([[1.0 - p, p] for p in cells], parents, self.variables)
        import numpy as np

        p_true = np.zeros([self.variables[p].cardinality for p in parents])
        for probability, tests in causes:  # noisy-or, exact when one cause fires
            p_true = p_true + probability * self.grid_mask(tests, parents) * (1.0 - p_true)
        return np.stack([1.0 - p_true, p_true], axis=-1)

    def distribution_variable(
        self,
        name: str,
        values: list[str],
        rows: list[tuple[list[Test], list[float]]],
        atoms: list[Term],
    ) -> Variable:
        """A variable whose row is the first row of ``rows`` whose tests hold (else ``none``)."""
        parents = self.parents_of(tests for tests, _ in rows)
        self.check_size(name, parents, len(values) + 1)
        states = list(values)
        table: Any
        if self.in_python(parents, len(values) + 1):
            size = math.prod(self.variables[p].cardinality for p in parents)
            cells = [[0.0] * len(values) for _ in range(size)]
            for tests, probabilities in rows:  # a later row overwrites, as the array's masks do
                for i, holds in enumerate(self.grid_list(tests, parents)):
                    if holds:
                        cells[i] = list(probabilities)
            remainders = [1.0 - sum(row) for row in cells]
            if max(remainders) > _SUM_TOLERANCE:
                states.append(_unique_name("none", set(values)))
                cells = [[*row, min(max(r, 0.0), 1.0)] for row, r in zip(cells, remainders)]
            table = _nested(cells, parents, self.variables)
        else:
            import numpy as np

            cards = [self.variables[p].cardinality for p in parents]
            table = np.zeros([*cards, len(values)])
            for tests, probabilities in rows:
                table[self.grid_mask(tests, parents)] = probabilities
            remainder = 1.0 - table.sum(axis=-1)
            if remainder.size and remainder.max() > _SUM_TOLERANCE:
                states.append(_unique_name("none", set(values)))
                table = np.concatenate([table, np.clip(remainder, 0.0, 1.0)[..., None]], axis=-1)
        indexed = tuple((atom, i) for i, atom in enumerate(atoms))
        return Variable(name, tuple(states), parents, table, indexed)

    def group(self, key: Term) -> None:
        values: dict[str, Term] = {}
        rows: list[tuple[list[Test], list[float]]] = []
        for rule in self.groups[key]:
            for _, atom in rule.heads:
                values.setdefault(format_term(key_of(atom)[1]), atom)  # type: ignore[index]
        names = list(values)
        position = {name: i for i, name in enumerate(names)}
        for rule in self.groups[key]:
            tests = self.body_tests(rule)
            if tests is None:
                continue
            probabilities = [0.0] * len(names)
            for probability, atom in rule.heads:
                probabilities[position[format_term(key_of(atom)[1])]] = probability  # type: ignore[index]
            rows.append((tests, probabilities))
        variable = self.distribution_variable(format_term(key), names, rows, list(values.values()))
        self.group_variable[key] = self.add(variable)

    def choice(self, rule: GroundRule) -> None:
        tests = self.body_tests(rule)
        if tests is None:
            self.choice_variable[id(rule)] = None
            return
        heads: dict[str, float] = {}
        for probability, atom in rule.heads:
            heads[format_term(atom)] = heads.get(format_term(atom), 0.0) + probability
        base = "choice" if rule.position is None else f"choice_{rule.position.line}"
        name = _unique_name(base, self.taken)
        variable = self.distribution_variable(
            name, list(heads), [(tests, list(heads.values()))], []
        )
        self.choice_variable[id(rule)] = self.add(variable)

    def build(self) -> None:
        """Build every unit in dependency order."""
        users = _unit_dependencies(self.program, self.groups)
        choices: dict[int, GroundRule] = {}
        for atom, rules in self.program.rules.items():
            if _literal_unit(atom, self.groups)[1] is not None:
                continue
            for rule in rules:
                if rule.disjunction:
                    self.choices_of.setdefault(atom, []).append(rule)
                    choices[id(rule)] = rule
        for unit in topological_order(list(users), users):
            if unit in self.groups:
                self.group(unit)
                continue
            for rule in self.choices_of.get(unit, ()):
                if id(rule) not in self.choice_variable:
                    self.choice(rule)
            self.boolean(unit)
        del choices


_TRUE = frozenset({1})


def _private_facts(
    program: GroundClauses, groups: dict[Term, list[GroundRule]], kept: Collection[Term]
) -> dict[Term, float]:
    """Probabilistic facts (``p::f.``, 0 < p < 1) that one body uses once -> p.

    Neither asked nor observed (``kept``), such a fact is a root of the
    network with one child: :meth:`_Builder._fold` sums it out into that
    child's table, which then has one parent fewer (half the entries).
    """
    uses: dict[Term, int] = {}
    for rules in program.rules.values():
        for rule in rules:
            for literal, _ in rule.body:
                uses[literal] = uses.get(literal, 0) + 1
    private: dict[Term, float] = {}
    for atom, rules in program.rules.items():
        if uses.get(atom) != 1 or atom in kept or len(rules) != 1:
            continue
        (rule,) = rules
        if rule.disjunction or rule.body or len(rule.heads) != 1:
            continue
        probability = rule.heads[0][0]
        if 0.0 < probability < 1.0 and _literal_unit(atom, groups)[1] is None:
            private[atom] = probability
    return private


# -- the compiled program --------------------------------------------------------------------


@dataclass(frozen=True)
class ProbLogNetwork:
    """A ProbLog program compiled to a Bayesian network.

    Attributes
    ----------
    network
        The network: a variable per atom, per multi-valued key and per
        annotated disjunction that needed a choice variable.
    queries
        The ground query atoms (``query/1`` of the file, or those given), in order.
    evidence
        The evidence ``(atom, value)`` pairs, in order.
    constants
        Atoms of the program whose truth is certain (folded away).
    """

    network: BayesianNetwork
    queries: tuple[Term, ...]
    evidence: tuple[tuple[Term, bool], ...]
    constants: Mapping[Term, bool] = field(default_factory=dict)
    _events: Mapping[Term, tuple[str, frozenset[int]] | bool] = field(
        default_factory=dict, repr=False
    )

    def atoms(self) -> list[Term]:
        """Every ground atom of the compiled program (certain ones included), in compile order."""
        return list(self._events)

    def event(self, atom: Term) -> tuple[str, frozenset[int]] | bool:
        """The variable and states in which ``atom`` is true, or its constant truth value.

        Raises
        ------
        InvalidParameterError
            If the atom was not part of the compiled program.
        """
        try:
            return self._events[atom]
        except KeyError:
            raise InvalidParameterError(
                f"{format_term(atom)} is not an atom of the compiled program"
            ) from None

    def evidence_states(self) -> dict[str, frozenset[str]]:
        """The evidence as variable -> allowed states.

        Raises
        ------
        InvalidParameterError
            If the evidence contradicts itself or a certain atom.
        """
        allowed: dict[str, frozenset[int]] = {}
        for atom, value in self.evidence:
            event = self.event(atom)
            if isinstance(event, bool):
                if event != value:
                    raise InvalidParameterError(
                        f"the evidence {format_term(atom)}={str(value).lower()} is impossible: "
                        f"{format_term(atom)} is certainly {str(event).lower()}"
                    )
                continue
            name, states = event
            if not value:
                states = frozenset(range(self.network[name].cardinality)) - states
            allowed[name] = allowed[name] & states if name in allowed else states
            if not allowed[name]:
                raise InvalidParameterError(
                    f"the evidence contradicts itself on {format_term(atom)}"
                )
        return {
            name: frozenset(self.network.states(name)[i] for i in states)
            for name, states in allowed.items()
        }


def compile_program(
    kb: KnowledgeBase,
    queries: Sequence[Term] | None = None,
    evidence: Sequence[tuple[Term, bool]] | None = None,
    max_table_size: int = MAX_TABLE_SIZE,
    fold: bool = False,
) -> ProbLogNetwork:
    """Compile the ProbLog part of ``kb`` to a Bayesian network (see the module docstring).

    Parameters
    ----------
    kb
        The knowledge base; its probabilistic clauses, the deterministic
        clauses they use, ``query/1`` and ``evidence/2``.
    queries
        Query atoms (possibly non-ground: every ground atom with a clause that
        matches); ``kb.queries`` when None.
    evidence
        ``(atom, value)`` pairs; ``kb.evidence`` when None.
    max_table_size
        Refuse a variable whose CPT would have more entries than this.
    fold
        Sum each probabilistic fact that one rule body uses once, and that is
        neither asked nor observed, into that rule (smaller tables, the same
        answers to these queries and evidence; the network then keeps the
        fact as a variable with no child, so it answers no other question
        about it: off by default, and off when the network is written out);
        and make each head of an annotated disjunction that has no other
        cause a state of the disjunction's choice variable, not a Boolean
        variable of its own (the same answers, tables of n + 1 entries
        instead of n of 2(n + 1)).

    Returns
    -------
    ProbLogNetwork

    Raises
    ------
    KBError
        For a clause outside the fragment, with its position.
    InvalidParameterError
        For an undefined query or a CPT over the size limit.

    References
    ----------
    De Raedt, Kimmig & Toivonen 2007 (ProbLog); Vennekens, Verbaeten &
    Bruynooghe 2004 (annotated disjunctions); Fierens et al. 2015 (inference
    in ProbLog, noisy-or of independent causes); Pearl 1988 (belief
    networks).
    """
    require(kb, KnowledgeBase, "kb", "a KnowledgeBase (symlearn.load or loads)")
    return compile_fragment(read_fragment(kb, queries, evidence), max_table_size, fold)


def compile_fragment(
    fragment: Fragment, max_table_size: int = MAX_TABLE_SIZE, fold: bool = False
) -> ProbLogNetwork:
    """The network of a program's ground clauses (read by :func:`read_fragment`).

    ``fold``: see :func:`compile_program`.

    Raises
    ------
    InvalidParameterError
        For a CPT over the size limit.
    """
    program, query_atoms, given_evidence = fragment.clauses, fragment.queries, fragment.evidence
    kept = {*query_atoms, *(atom for atom, _ in given_evidence)}
    groups = _valid_groups(program)
    private = _private_facts(program, groups, kept) if fold else {}
    builder = _Builder(program, groups, max_table_size, private, heads_as_states=fold)
    builder.build()
    network = BayesianNetwork(builder.variables.values(), "problog")
    events: dict[Term, tuple[str, frozenset[int]] | bool] = {}
    for atom in program.rules:
        events[atom] = builder.test(atom, True)
    return ProbLogNetwork(
        network,
        query_atoms,
        given_evidence,
        dict(builder.constants),
        events,
    )
