"""Discrete data for learning belief networks: named columns of states, ``None`` where missing.

A :class:`Dataset` is a table whose columns are variables and whose cells are
state names, or ``None`` for a missing value (written ``'?'`` in a knowledge
base).  It comes from attribute-value examples
(:meth:`Dataset.from_attribute_values`, the class label becoming one more
column named after the target), from rows, or from samples of a network.
:meth:`Dataset.codes` turns it into the integer array the counting code uses.

Examples
--------
>>> data = Dataset.from_rows(["rain", "wet"], [("true", "true"), ("false", None)])
>>> data.states, data.has_missing
({'rain': ('true', 'false'), 'wet': ('true',)}, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.data.attribute_value import MISSING, AttributeValueData
from symlearn.errors import InvalidParameterError
from symlearn.logic.printer import format_term

__all__ = ["Dataset", "class_state"]


@dataclass(frozen=True)
class Dataset:
    """Rows of states over named variables (``None`` = missing).

    Attributes
    ----------
    variables
        Column names.
    rows
        One tuple per example, a state name or None per column.
    states
        Variable -> its states (declared domain, else the values seen, in
        order of first appearance).
    """

    variables: tuple[str, ...]
    rows: tuple[tuple[str | None, ...], ...]
    states: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.variables)) != len(self.variables):
            raise InvalidParameterError("a dataset names a column twice")
        for i, row in enumerate(self.rows):
            if len(row) != len(self.variables):
                raise InvalidParameterError(
                    f"row {i + 1} has {len(row)} values for {len(self.variables)} variables"
                )
        seen: dict[str, dict[str, None]] = {v: {} for v in self.variables}
        for row in self.rows:
            for variable, value in zip(self.variables, row):
                if value is not None:
                    seen[variable][value] = None
        states = {v: tuple(self.states.get(v, ())) or tuple(seen[v]) for v in self.variables}
        for variable in self.variables:
            unknown = set(seen[variable]) - set(states[variable])
            if unknown:
                raise InvalidParameterError(
                    f"{variable} has the value {sorted(unknown)[0]!r} outside its states"
                )
        object.__setattr__(self, "states", states)

    @classmethod
    def from_rows(
        cls,
        variables: Sequence[str],
        rows: Iterable[Sequence[str | None]],
        states: Mapping[str, Sequence[str]] | None = None,
    ) -> Dataset:
        """A dataset from rows of state names (None or ``'?'`` for missing)."""
        cleaned = tuple(
            tuple(None if value in (None, MISSING) else value for value in row) for row in rows
        )
        return cls(tuple(variables), cleaned, {k: tuple(v) for k, v in (states or {}).items()})

    @classmethod
    def from_samples(
        cls, samples: Sequence[Mapping[str, str]], network: BayesianNetwork
    ) -> Dataset:
        """A dataset from complete assignments (e.g. :func:`~symlearn.bayes.forward_sample`)."""
        variables = network.variables
        rows = [tuple(sample[v] for v in variables) for sample in samples]
        return cls.from_rows(variables, rows, {v: network.states(v) for v in variables})

    @classmethod
    def from_attribute_values(cls, data: AttributeValueData, with_class: bool = True) -> Dataset:
        """The attributes (and the class, as a column named after the target) of ``data``.

        Labels of ``pos``/``neg`` examples are the states ``true``/``false``.

        Raises
        ------
        InvalidParameterError
            For a continuous attribute (belief networks here are discrete).
        """
        continuous = [a.name for a in data.attributes if a.continuous]
        if continuous:
            raise InvalidParameterError(
                f"attribute {continuous[0]} is numeric; discretise it for a discrete network"
            )
        variables = [a.name for a in data.attributes]
        states = {a.name: [format_term(v) for v in a.values or ()] for a in data.attributes}
        rows = [[None if v == MISSING else format_term(v) for v in row] for row in data.instances]
        if with_class:
            if data.target in variables:
                raise InvalidParameterError(
                    f"an attribute is called {data.target}, like the target"
                )
            variables.append(data.target)
            labels = [class_state(label) for label in data.labels]
            states[data.target] = [class_state(c) for c in data.classes]
            rows = [[*row, label] for row, label in zip(rows, labels)]
        return cls.from_rows(variables, rows, states)

    @property
    def has_missing(self) -> bool:
        """True when some value is missing."""
        return any(value is None for row in self.rows for value in row)

    def __len__(self) -> int:
        return len(self.rows)

    def codes(self, network: BayesianNetwork) -> np.ndarray:
        """The data as state indices, one column per network variable (-1 = missing).

        Raises
        ------
        InvalidParameterError
            If the data lacks a variable of the network or has a state the
            network does not.
        """
        columns = []
        for name in network.variables:
            if name not in self.variables:
                raise InvalidParameterError(f"the data has no column for the variable {name}")
            index = {state: i for i, state in enumerate(network.states(name))}
            j = self.variables.index(name)
            column = []
            for number, row in enumerate(self.rows):
                value = row[j]
                if value is None:
                    column.append(-1)
                elif value in index:
                    column.append(index[value])
                else:
                    raise InvalidParameterError(
                        f"row {number + 1}: {value!r} is not a state of {name} "
                        f"({', '.join(network.states(name))})"
                    )
            columns.append(column)
        return np.array(columns, dtype=np.intp).T.reshape(len(self.rows), len(columns))


def class_state(label: object) -> str:
    """The state name of a class label: ``true``/``false`` for pos/neg labels."""
    if isinstance(label, bool):
        return "true" if label else "false"
    return format_term(label)  # type: ignore[arg-type]
