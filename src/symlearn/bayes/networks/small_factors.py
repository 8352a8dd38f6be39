"""The factor operations of variable elimination on Python lists, for small networks.

:mod:`~symlearn.bayes.networks.variable_elimination` multiplies and sums
factors with ``numpy.einsum``.  Importing numpy takes 50 ms on an idle
machine, longer than answering a network of a few dozen table entries, which
is what most ProbLog programs that are belief networks compile to.  A network
whose tables were all built as Python lists
(:attr:`~symlearn.bayes.networks.network.BayesianNetwork.in_python`) is
therefore eliminated with the operations below, the same steps on
:class:`Cells` (a flat list of floats, row by row, and its shape) instead of
arrays; once the work done exceeds :data:`LARGEST` (where numpy, import
included, would be faster), :class:`TooLarge` is raised and the elimination
starts again with numpy.

:func:`python_ops` and :data:`~symlearn.bayes.networks.variable_elimination.NUMPY`
offer the same operations; ``tests/bayes/test_small_factors.py`` checks the
two against each other on random networks.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from symlearn.bayes.networks.network import BayesianNetwork

__all__ = ["LARGEST", "Cells", "TooLarge", "python_ops"]

#: The most work (entries visited, times the factors read at each) one elimination may do in
#: Python (about 40 ms at load 6, less than importing numpy then eliminating with it:
#: ProbLog's ``generated.pl``, 54 queries, 42,000 work, 0.05 s less CPU in Python).
LARGEST = 1 << 16


class TooLarge(Exception):
    """The elimination would do more than :data:`LARGEST` work in Python: use numpy instead."""


class Cells:
    """A factor's table: ``values`` row by row (the last axis varies fastest), and ``shape``."""

    __slots__ = ("shape", "values")

    def __init__(self, shape: tuple[int, ...], values: list[float]) -> None:
        self.shape = shape
        self.values = values


def _strides(shape: Sequence[int]) -> list[int]:
    strides = [1] * len(shape)
    for axis in range(len(shape) - 2, -1, -1):
        strides[axis] = strides[axis + 1] * shape[axis + 1]
    return strides


class _PythonOps:
    """The factor operations on :class:`Cells`, counting the work done (see :data:`LARGEST`)."""

    def __init__(self) -> None:
        self.work = 0

    @staticmethod
    def tables(network: BayesianNetwork) -> list[Cells]:
        variables = [network[name] for name in network.variables]
        return [Cells(v.shape, list(v.flat)) for v in variables]

    @staticmethod
    def restrict(
        table: Cells, index: list[int | slice], restricted: list[tuple[int, tuple[int, ...]]]
    ) -> Cells:
        """``table[index]``, then only the ``allowed`` states along each restricted kept axis."""
        strides = _strides(table.shape)
        kept: list[tuple[int, Sequence[int]]] = []  # (stride, source indices) per kept axis
        base = 0
        for axis, chosen in enumerate(index):
            if isinstance(chosen, int):
                base += chosen * strides[axis]
            else:
                kept.append((strides[axis], range(table.shape[axis])))
        for axis, allowed in restricted:
            kept[axis] = (kept[axis][0], allowed)
        values = table.values
        cells = [
            values[base + sum(i * stride for (stride, _), i in zip(kept, combination))]
            for combination in itertools.product(*(indices for _, indices in kept))
        ]
        return Cells(tuple(len(indices) for _, indices in kept), cells)

    def contract(
        self,
        factors: list[tuple[tuple[int, ...], Cells]],
        shapes: dict[int, int],
        result: tuple[int, ...],
    ) -> Cells:
        """The product of the factors, summed down to the variables ``result`` (in that order)."""
        every = list(dict.fromkeys([*result, *(u for scope, _ in factors for u in scope)]))
        self.work += math.prod(shapes[u] for u in every) * (len(factors) + 1)
        if self.work > LARGEST:
            raise TooLarge
        position = {u: i for i, u in enumerate(every)}
        reads = []
        for scope, cells in factors:
            strides = _strides(cells.shape)
            reads.append((cells.values, [(position[u], s) for u, s in zip(scope, strides)]))
        out_strides = _strides([shapes[u] for u in result])
        writes = [(position[u], s) for u, s in zip(result, out_strides)]
        out = [0.0] * math.prod(shapes[u] for u in result)
        for states in itertools.product(*(range(shapes[u]) for u in every)):
            product = 1.0
            for values, axes in reads:
                product *= values[sum(states[p] * s for p, s in axes)]
            out[sum(states[p] * s for p, s in writes)] += product
        return Cells(tuple(shapes[u] for u in result), out)

    @staticmethod
    def ones(shape: tuple[int, ...]) -> Cells:
        return Cells(shape, [1.0] * math.prod(shape))

    @staticmethod
    def expand(cells: Cells, axis: int, allowed: Sequence[int], size: int) -> Cells:
        """Put the ``allowed`` states of ``axis`` back among ``size`` states (the rest 0)."""
        shape = list(cells.shape)
        before, after = math.prod(shape[:axis]), math.prod(shape[axis + 1 :])
        out = [0.0] * (before * size * after)
        for b in range(before):
            for k, state in enumerate(allowed):
                for a in range(after):
                    source = (b * len(allowed) + k) * after + a
                    out[(b * size + state) * after + a] = cells.values[source]
        shape[axis] = size
        return Cells(tuple(shape), out)

    @staticmethod
    def total(cells: Cells) -> float:
        return float(sum(cells.values))

    @staticmethod
    def divided(cells: Cells, total: float) -> Cells:
        return Cells(cells.shape, [v / total for v in cells.values])

    @staticmethod
    def values(cells: Cells) -> list[float]:
        return list(cells.values)


def python_ops() -> Any:
    """The operations of variable elimination on Python lists, for one elimination."""
    return _PythonOps()
