"""Discrete Bayesian belief networks on a networkx DiGraph.

A Bayesian belief network is a directed acyclic graph whose nodes are
discrete random variables; each node carries a conditional probability table
(CPT) giving the distribution of its variable for every combination of values
of its parents, and the network describes the joint distribution

    P(y1, ..., yn) = prod_i P(yi | Parents(Yi))

(Pearl 1988; Mitchell 1997 ch. 6.11; Russell & Norvig 2010 ch. 14.2).

:class:`Variable` is one node: its name, its states, its parents and its CPT,
a numpy array of shape ``(|parent 1|, ..., |parent k|, |states|)`` whose last
axis sums to 1 (kept as Python lists until an array is asked for, when it was
given as lists: a small network is answered without importing numpy).  A
variable may also carry the **ProbLog atoms** that are true in its states: a
Boolean atom ``alarm`` is the variable ``alarm`` with states
``false``/``true`` and the atom true in state ``true``; a multi-valued variable
``weather`` built from an annotated disjunction has the atom ``weather(sunny)``
true in state ``sunny``.  Those atoms are how queries and evidence written as
atoms find their variable (:meth:`BayesianNetwork.event`).

:class:`BayesianNetwork` holds the variables, validated (parents exist, shapes
match, rows are distributions, the graph is acyclic), as a ``networkx.DiGraph``
whose nodes carry ``states``, ``parents`` and ``cpt`` attributes.  It is
immutable: learning returns a new network (:meth:`BayesianNetwork.with_tables`).

Functions
---------
boolean_variable, problog_atoms, key_of

Examples
--------
>>> rain = Variable("rain", ("false", "true"), (), [0.8, 0.2])
>>> wet = Variable("wet", ("false", "true"), ("rain",), [[0.9, 0.1], [0.2, 0.8]])
>>> net = BayesianNetwork([rain, wet])
>>> net.variables, net.parents("wet"), list(net.graph.edges)
(('rain', 'wet'), ('rain',), [('rain', 'wet')])
>>> round(net.joint_probability({"rain": "true", "wet": "true"}), 10)
0.16
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from symlearn.bayes.graphs import find_cycle, topological_order
from symlearn.errors import InvalidParameterError
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

if TYPE_CHECKING:
    import networkx as nx
    import numpy as np

__all__ = [
    "BOOLEAN_STATES",
    "BayesianNetwork",
    "Variable",
    "boolean_variable",
    "key_of",
    "problog_atoms",
]

#: The states of a Boolean variable, in table order (index 1 is ``true``).
BOOLEAN_STATES = ("false", "true")

#: How far a CPT row may be from summing to 1 (floating-point rounding of the input).
ROW_TOLERANCE = 1e-9


def key_of(atom: Term) -> tuple[Term, Term] | None:
    """Split ``k(a1, ..., an, v)`` into its key ``k(a1, ..., an)`` and value ``v``.

    The key names a multi-valued variable and the last argument is its value,
    as in ProbLog's encoding of multi-valued variables by annotated
    disjunctions (``0.3::weather(sunny); 0.7::weather(rainy).``).

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> key_of(parse_term("weather(sunny)"))
    ('weather', 'sunny')
    >>> key_of(parse_term("level(p1, high)"))
    (Struct<level(p1)>, 'high')
    >>> key_of("alarm") is None
    True
    """
    if not isinstance(atom, Struct) or not atom.args:
        return None
    key: Term = Struct(atom.name, atom.args[:-1]) if len(atom.args) > 1 else atom.name
    return key, atom.args[-1]


class Variable:
    """A node of a belief network: a discrete variable and its CPT.

    Parameters
    ----------
    name
        The variable's name (unique in its network).
    states
        Its values, in table order.
    parents
        The names of its parents, in table-axis order.
    table
        The CPT: an array of shape ``(|parent 1|, ..., |parent k|, |states|)``
        whose last axis sums to 1, or the same as nested Python sequences.
    atoms
        ``(atom, state index)`` pairs: the ground ProbLog atoms true exactly in
        that state.  Empty for a variable no atom names (a hidden variable).

    Notes
    -----
    A table given as nested sequences is kept as a flat tuple of floats (row
    by row, :attr:`flat`) and checked without numpy; :attr:`table`, the numpy
    array, is made from it on first use.  A small network compiled from a
    ProbLog program is answered from the flat tables alone, so that such a
    run does not import numpy (see
    :mod:`~symlearn.bayes.networks.small_factors`).

    Raises
    ------
    InvalidParameterError
        If the states repeat, the table has the wrong number of axes or
        columns, or a row is not a probability distribution.
    """

    __slots__ = ("_array", "_flat", "atoms", "name", "parents", "shape", "states")

    def __init__(
        self,
        name: str,
        states: Sequence[str],
        parents: Sequence[str],
        table: Any,
        atoms: Iterable[tuple[Term, int]] = (),
    ) -> None:
        self.name = name
        self.states: tuple[str, ...] = tuple(states)
        self.parents: tuple[str, ...] = tuple(parents)
        self.atoms: tuple[tuple[Term, int], ...] = tuple(atoms)
        self._array: np.ndarray | None = None
        self._flat: tuple[float, ...] | None = None
        if not self.states or len(set(self.states)) != len(self.states):
            raise InvalidParameterError(f"variable {name}: states must be distinct and given")
        if len(set(self.parents)) != len(self.parents) or name in self.parents:
            raise InvalidParameterError(f"variable {name}: parents must be distinct")
        if _is_python(table):
            self._flat, self.shape = _flatten(name, table)
        else:
            array = _as_array(table)
            self._array, self.shape = array, tuple(array.shape)
        if len(self.shape) != len(self.parents) + 1 or self.shape[-1] != len(self.states):
            raise InvalidParameterError(
                f"variable {name}: the table has shape {self.shape}, expected "
                f"{len(self.parents)} parent axes and {len(self.states)} columns"
            )
        if self._flat is not None:
            _check_rows(name, self._flat, self.shape)
        else:
            _check_array_rows(name, self.table)
        for _, state in self.atoms:
            if not 0 <= state < len(self.states):
                raise InvalidParameterError(f"variable {name}: atom state out of range")

    @property
    def table(self) -> np.ndarray:
        """The CPT as a read-only numpy array (made on first use from a table given as lists)."""
        if self._array is None:
            import numpy as np

            assert self._flat is not None
            array = np.array(self._flat, dtype=float).reshape(self.shape)
            array.setflags(write=False)
            self._array = array
        return self._array

    @property
    def flat(self) -> tuple[float, ...]:
        """The CPT's entries, row by row (the last axis varies fastest)."""
        if self._flat is None:
            self._flat = tuple(self.table.ravel().tolist())
        return self._flat

    @property
    def in_python(self) -> bool:
        """True when the table was given as Python sequences and no array was made of it yet."""
        return self._array is None

    def __repr__(self) -> str:
        return f"Variable({self.name!r}, states={self.states}, parents={self.parents})"

    @property
    def cardinality(self) -> int:
        """The number of states."""
        return len(self.states)

    @property
    def is_boolean(self) -> bool:
        """True for a Boolean atom: states ``false``/``true``, one atom true in ``true``."""
        return self.states == BOOLEAN_STATES and len(self.atoms) == 1 and self.atoms[0][1] == 1

    def state_index(self, state: str) -> int:
        """The index of ``state`` in :attr:`states`.

        Raises
        ------
        InvalidParameterError
            If the variable has no such state.
        """
        try:
            return self.states.index(state)
        except ValueError:
            raise InvalidParameterError(
                f"variable {self.name} has no state {state!r} (states: {', '.join(self.states)})"
            ) from None

    def with_table(self, table: np.ndarray) -> Variable:
        """The same variable with another CPT of the same shape."""
        return Variable(self.name, self.states, self.parents, table, self.atoms)


def _is_python(table: Any) -> bool:
    """True for a table of nested lists or tuples of numbers (not a numpy array)."""
    while isinstance(table, (list, tuple)):
        if not table:
            return False
        table = table[0]
    return type(table) is float or type(table) is int


_SEQUENCES = frozenset({list, tuple})
_NUMBERS = frozenset({float, int})


def _flatten(name: str, table: Any) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Nested sequences as a flat tuple of floats and their shape (ragged ones refused)."""
    shape: list[int] = []
    probe = table
    while isinstance(probe, (list, tuple)):
        shape.append(len(probe))
        probe = probe[0]
    level = [table]
    for size in shape:
        sequences = set(map(type, level)) <= _SEQUENCES or all(
            isinstance(t, (list, tuple)) for t in level
        )
        if not sequences or not set(map(len, level)) <= {size}:
            raise InvalidParameterError(f"variable {name}: the table is not rectangular")
        level = list(itertools.chain.from_iterable(level))
    if not set(map(type, level)) <= _NUMBERS:
        raise InvalidParameterError(f"variable {name}: a table entry is not a number")
    return tuple(map(float, level)), tuple(shape)


def _as_array(table: Any) -> np.ndarray:
    import numpy as np

    array = np.array(table, dtype=float)
    array.setflags(write=False)
    return array


def _check_rows(name: str, flat: tuple[float, ...], shape: tuple[int, ...]) -> None:
    """Every entry in [0, 1] and every row summing to 1 (the checks of an array, in Python)."""
    if flat and (min(flat) < 0.0 or max(flat) > 1.0 or any(map(math.isnan, flat))):
        raise InvalidParameterError(f"variable {name}: probabilities must lie in [0, 1]")
    width = shape[-1]
    if not width:
        return
    # every row's sum, by C-level iteration (tables of ADs with many heads have 10,000s of rows)
    errors = [abs(total - 1.0) for total in map(math.fsum, zip(*[iter(flat)] * width))]
    error = max(errors, default=0.0)
    if error > ROW_TOLERANCE:
        worst = errors.index(error)
        index, rest = [], worst
        for size in reversed(shape[:-1]):
            rest, i = divmod(rest, size)
            index.append(i)
        total = math.fsum(flat[worst * width : (worst + 1) * width])
        raise InvalidParameterError(
            f"variable {name}: the row for parent states {tuple(reversed(index))} "
            f"sums to {total!r}, not 1"
        )


def _check_array_rows(name: str, table: np.ndarray) -> None:
    import numpy as np

    if table.size and (np.isnan(table).any() or table.min() < 0.0 or table.max() > 1.0):
        raise InvalidParameterError(f"variable {name}: probabilities must lie in [0, 1]")
    sums = table.sum(axis=-1)
    if sums.size and np.abs(sums - 1.0).max() > ROW_TOLERANCE:
        worst = np.unravel_index(int(np.abs(sums - 1.0).argmax()), sums.shape)
        raise InvalidParameterError(
            f"variable {name}: the row for parent states {tuple(map(int, worst))} "
            f"sums to {float(sums[worst])!r}, not 1"
        )


def boolean_variable(
    name: str, parents: Sequence[str], p_true: Any, atom: Term | None = None
) -> Variable:
    """A Boolean variable from the probabilities that it is true.

    Parameters
    ----------
    name
        The variable's name; also its atom unless ``atom`` is given.
    parents
        Parent names.
    p_true
        P(true | parents), an array of shape ``(|parent 1|, ..., |parent k|)``
        (a number for a root).
    atom
        The ProbLog atom true in state ``true`` (default: ``name`` as an atom).

    Examples
    --------
    >>> v = boolean_variable("burglary", (), 0.001)
    >>> v.states, v.table.tolist(), v.is_boolean
    (('false', 'true'), [0.999, 0.001], True)
    """
    if _is_python(p_true) or type(p_true) in (float, int):
        table = _boolean_rows(p_true)
    else:
        import numpy as np

        p = np.asarray(p_true, dtype=float)
        table = np.stack([1.0 - p, p], axis=-1)
    return Variable(name, BOOLEAN_STATES, tuple(parents), table, ((atom or name, 1),))


def _boolean_rows(p_true: Any) -> Any:
    """``[1 - p, p]`` rows for nested sequences of P(true)."""
    if isinstance(p_true, (list, tuple)):
        return [_boolean_rows(p) for p in p_true]
    p = float(p_true)
    return [1.0 - p, p]


class BayesianNetwork:
    """A validated, immutable belief network (see the module docstring).

    Parameters
    ----------
    variables
        The nodes, in any order.
    name
        A name for the network (written into BIF files).

    Raises
    ------
    InvalidParameterError
        If two variables share a name or an atom, a parent is missing, a
        table's parent axes do not match the parents' states, or the graph has
        a cycle.
    """

    def __init__(self, variables: Iterable[Variable], name: str = "network") -> None:
        self.name = name
        given = list(variables)
        by_name: dict[str, Variable] = {}
        for variable in given:
            if variable.name in by_name:
                raise InvalidParameterError(f"two variables are called {variable.name}")
            by_name[variable.name] = variable
        children_of: dict[str, list[str]] = {v.name: [] for v in given}
        for variable in given:
            expected = []
            for parent in variable.parents:
                if parent not in by_name:
                    raise InvalidParameterError(
                        f"variable {variable.name}: parent {parent} is not a variable"
                    )
                expected.append(by_name[parent].cardinality)
                children_of[parent].append(variable.name)
            if variable.shape[:-1] != tuple(expected):
                raise InvalidParameterError(
                    f"variable {variable.name}: the table has shape {variable.shape} but "
                    f"its parents have {tuple(expected)} states"
                )
        names = [v.name for v in given]
        cycle = find_cycle(names, children_of)
        if cycle:
            path = " -> ".join([*cycle, cycle[0]])
            raise InvalidParameterError(f"the network has a cycle: {path}")
        order = topological_order(names, children_of)
        self._given = given
        self._children_of = children_of
        self._graph: nx.DiGraph | None = None
        self._variables = {n: by_name[n] for n in order}
        self._order = tuple(order)
        self._atoms = self._index_atoms()
        self._keys = _index_keys(self._variables.values())
        # Integer views for the inference and learning loops (kept private).
        self._index = {n: i for i, n in enumerate(order)}
        self._cards = [by_name[n].cardinality for n in order]
        self._parent_ids = [tuple(self._index[p] for p in by_name[n].parents) for n in order]
        self._tables_made: list[np.ndarray] | None = None
        children: list[list[int]] = [[] for _ in order]
        for i, parents in enumerate(self._parent_ids):
            for p in parents:
                children[p].append(i)
        self._child_ids = [tuple(c) for c in children]

    @property
    def _tables(self) -> list[np.ndarray]:
        """The CPTs as numpy arrays, in variable order (numpy is imported on first use)."""
        if self._tables_made is None:
            self._tables_made = [self._variables[n].table for n in self._order]
        return self._tables_made

    @property
    def in_python(self) -> bool:
        """True when every table is still Python data (no numpy array made of any)."""
        return all(v.in_python for v in self._variables.values())

    def _index_atoms(self) -> dict[Term, tuple[str, int]]:
        atoms: dict[Term, tuple[str, int]] = {}
        for variable in self._variables.values():
            for atom, state in variable.atoms:
                if atom in atoms and atoms[atom][0] != variable.name:
                    raise InvalidParameterError(
                        f"atom {format_term(atom)} names states of both "
                        f"{atoms[atom][0]} and {variable.name}"
                    )
                atoms[atom] = (variable.name, state)
        return atoms

    # -- the graph
    @property
    def graph(self) -> nx.DiGraph:
        """The DAG; node attributes ``states``, ``parents``, ``cpt``, ``variable``.

        Treat it as read-only: the network does not notice changes to it.
        """
        if self._graph is None:
            import networkx as nx

            graph = nx.DiGraph(name=self.name)
            for variable in self._given:
                graph.add_node(
                    variable.name,
                    states=variable.states,
                    parents=variable.parents,
                    cpt=variable.table,
                    variable=variable,
                )
            graph.add_edges_from(self.edges)
            self._graph = graph
        return self._graph

    @property
    def edges(self) -> list[tuple[str, str]]:
        """``(parent, child)`` pairs, as :attr:`graph` lists its edges."""
        return [(parent, child) for parent, found in self._children_of.items() for child in found]

    @property
    def variables(self) -> tuple[str, ...]:
        """The variable names in a topological order (parents first)."""
        return self._order

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __contains__(self, name: object) -> bool:
        return name in self._variables

    def __getitem__(self, name: str) -> Variable:
        try:
            return self._variables[name]
        except KeyError:
            raise InvalidParameterError(f"the network has no variable {name}") from None

    def _repr_svg_(self) -> str | None:
        """Jupyter: the DAG drawn by :func:`~symlearn.bayes.networks.drawing.network_spec`."""
        from symlearn.bayes.networks.drawing import network_spec
        from symlearn.render.display import drawing

        return drawing(lambda: network_spec(self))

    def __repr__(self) -> str:
        return f"<BayesianNetwork {self.name!r}: {len(self)} variables, {len(self.edges)} edges>"

    def states(self, name: str) -> tuple[str, ...]:
        """The states of variable ``name``."""
        return self[name].states

    def parents(self, name: str) -> tuple[str, ...]:
        """The parents of ``name`` in CPT order."""
        return self[name].parents

    def children(self, name: str) -> tuple[str, ...]:
        """The children of ``name``."""
        return tuple(self._order[c] for c in self._child_ids[self._index_of(name)])

    def markov_blanket(self, name: str) -> frozenset[str]:
        """Parents, children and the children's other parents of ``name``."""
        blanket = set(self.parents(name)) | set(self.children(name))
        for child in self.children(name):
            blanket |= set(self.parents(child))
        blanket.discard(name)
        return frozenset(blanket)

    def _index_of(self, name: str) -> int:
        try:
            return self._index[name]
        except KeyError:
            raise InvalidParameterError(f"the network has no variable {name}") from None

    def ancestral_ids(self, ids: Iterable[int]) -> list[int]:
        """The given variable indices and all their ancestors, in topological order."""
        seen = set(ids)
        stack = list(seen)
        while stack:
            for parent in self._parent_ids[stack.pop()]:
                if parent not in seen:
                    seen.add(parent)
                    stack.append(parent)
        return sorted(seen)

    # -- probabilities
    def joint_probability(self, assignment: Mapping[str, str]) -> float:
        """P(assignment) for a full assignment of every variable (the chain rule).

        Raises
        ------
        InvalidParameterError
            If a variable is missing or a state unknown.
        """
        missing = [n for n in self._order if n not in assignment]
        if missing:
            raise InvalidParameterError(f"no state given for {', '.join(missing)}")
        codes = [self[n].state_index(assignment[n]) for n in self._order]
        probability = 1.0
        for i, table in enumerate(self._tables):
            probability *= float(table[(*tuple(codes[p] for p in self._parent_ids[i]), codes[i])])
        return probability

    def number_of_parameters(self) -> int:
        """The number of free parameters: sum over variables of (|states| - 1) x |parent rows|."""
        return sum(
            (card - 1) * math.prod(self._cards[p] for p in parents)
            for card, parents in zip(self._cards, self._parent_ids)
        )

    def with_tables(self, tables: Mapping[str, np.ndarray]) -> BayesianNetwork:
        """A network with the same graph and some CPTs replaced."""
        return BayesianNetwork(
            (v.with_table(tables[n]) if n in tables else v for n, v in self._variables.items()),
            self.name,
        )

    # -- atoms
    @property
    def atoms(self) -> Mapping[Term, tuple[str, int]]:
        """Every ProbLog atom of the network -> (variable, state index)."""
        return self._atoms

    def event(self, atom: Term) -> tuple[str, frozenset[int]] | None:
        """The variable and the states in which ``atom`` is true, or None if no variable has it.

        Examples
        --------
        >>> net = BayesianNetwork([boolean_variable("rain", (), 0.2)])
        >>> net.event("rain")
        ('rain', frozenset({1}))
        """
        found = self._atoms.get(atom)
        if found is None:
            return None
        return found[0], frozenset({found[1]})

    def variable_of(self, term: Term) -> str | None:
        """The variable that ``term`` names as a whole, or None.

        A term names a variable when it is the variable's name as an atom, the
        atom of a Boolean variable, or the key of a multi-valued variable's
        atoms (``weather`` for ``weather(sunny)``, ``weather(rainy)``).
        """
        found = self._keys.get(term)
        if found is not None:
            return found
        text = term if isinstance(term, str) else format_term(term)
        return text if text in self._variables else None

    # -- rows and dictionaries
    def rows(self, name: str) -> Iterator[tuple[tuple[str, ...], tuple[float, ...]]]:
        """The CPT rows of ``name``: (parent states, probabilities of its states)."""
        variable = self[name]
        flat, width = variable.flat, variable.cardinality
        combinations = itertools.product(*(self.states(p) for p in variable.parents))
        for row, states in enumerate(combinations):
            yield states, flat[row * width : (row + 1) * width]

    def cpt_dict(self, name: str) -> dict[str, Any]:
        """The CPT of ``name`` as a JSON-ready dictionary."""
        variable = self[name]
        parents = variable.parents
        combinations = itertools.product(*(self.states(p) for p in parents))
        rows = zip(*[iter(variable.flat)] * variable.cardinality)
        return {
            "states": list(variable.states),
            "parents": list(parents),
            "rows": [
                {"parents": dict(zip(parents, states)), "probabilities": list(probabilities)}
                for states, probabilities in zip(combinations, rows)
            ],
        }

    def to_dict(self) -> dict[str, Any]:
        """The network as a JSON-ready dictionary: name, variables in order, edges and CPTs."""
        return {
            "name": self.name,
            "variables": list(self._order),
            "edges": [list(edge) for edge in self.edges],
            "cpts": {name: self.cpt_dict(name) for name in self._order},
        }


def _index_keys(variables: Iterable[Variable]) -> dict[Term, str]:
    keys: dict[Term, str] = {}
    for variable in variables:
        if len(variable.atoms) == 1:
            keys.setdefault(variable.atoms[0][0], variable.name)
            continue
        split = {key_of(atom) for atom, _ in variable.atoms}
        common = {pair[0] for pair in split if pair is not None}
        if variable.atoms and None not in split and len(common) == 1:
            keys.setdefault(common.pop(), variable.name)
    return keys


_PLAIN_ATOM = re.compile(r"^[a-z][A-Za-z0-9_]*$")


def _atom_text(name: str, taken: set[str]) -> str:
    """A Prolog atom for ``name``: lower-cased when that is a plain, unused atom."""
    lowered = name.lower()
    if _PLAIN_ATOM.match(lowered) and lowered not in taken:
        return lowered
    return name


def problog_atoms(
    names: Sequence[str], states: Mapping[str, Sequence[str]]
) -> dict[str, tuple[tuple[Term, int], ...]]:
    """ProbLog atoms for variables that have none (read from BIF, learned from data).

    A variable whose states are ``true`` and ``false`` (in any order and case)
    becomes a Boolean atom, its name lower-cased (``HISTORY`` -> ``history``,
    true in the ``true`` state); any other variable ``V`` with states ``s1, ...``
    gets the atoms ``v(s1), ...``.  Names and states are lower-cased when that
    gives a plain Prolog atom that no other variable uses, and kept (quoted
    when written) otherwise.

    Examples
    --------
    >>> atoms = problog_atoms(["HISTORY", "CVP"], {"HISTORY": ["TRUE", "FALSE"],
    ...                                            "CVP": ["LOW", "HIGH"]})
    >>> atoms["HISTORY"], [format_term(a) for a, _ in atoms["CVP"]]
    ((('history', 0),), ['cvp(low)', 'cvp(high)'])
    """
    lowered = [n.lower() for n in names]
    clashing = {n for n in lowered if lowered.count(n) > 1}
    result: dict[str, tuple[tuple[Term, int], ...]] = {}
    for name in names:
        functor = _atom_text(name, clashing)
        values = list(states[name])
        flags = [v.lower() for v in values]
        if sorted(flags) == ["false", "true"]:
            result[name] = ((functor, flags.index("true")),)
            continue
        value_clash = {v for v in flags if flags.count(v) > 1}
        result[name] = tuple(
            (Struct(functor, (_atom_text(value, value_clash),)), i)
            for i, value in enumerate(values)
        )
    return result
