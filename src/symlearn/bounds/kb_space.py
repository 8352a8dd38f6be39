"""The hypothesis space a knowledge base declares: attribute-value conjunctions.

A file with ``:- attributes(Target, [A1, ..., An]).`` and ``:- domain(Ai,
[...]).`` declarations (or examples from which the domains are read, see
:mod:`symlearn.data.attribute_value`) defines an instance space, the product
of the domains, and Mitchell's hypothesis space of conjunctions of attribute
constraints over it (each attribute a value or ``?``, plus the empty
hypothesis).  This module reads that space so that ``symlearn bound
hypothesis-space-size FILE`` and ``symlearn bound vc-dimension FILE`` can
count it and search it.  The instance space is read from a
:class:`~symlearn.learning.task.LearningTask`'s attribute data, as the
attribute-value learners read their examples.

Functions
---------
attribute_space
    The target's attributes and finite domains, from a task or from files.
attribute_task
    The task of files (the target: given, or the one declared with ``attributes/2``).
AttributeSpace
    Its size (syntactic or semantic) and its VC dimension by the exact search.

References
----------
Mitchell (1997) section 2.2 (hypothesis representation), section 2.3
(syntactic and semantic counts) and section 7.4 (the VC dimension).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import sympy as sp

from symlearn.bounds.sizes import SizeResult, attribute_conjunction_count
from symlearn.bounds.spaces import WILDCARD
from symlearn.bounds.vc import VCResult, vc_dimension
from symlearn.errors import HypothesisSpaceError, InvalidParameterError
from symlearn.kb.loader import load
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term

__all__ = ["AttributeSpace", "attribute_space", "attribute_task"]

#: The largest instance space the VC search is run on.
MAX_INSTANCES = 256


@dataclass(frozen=True)
class AttributeSpace:
    """The attribute-value instance space of a target and its conjunctive hypotheses.

    Attributes
    ----------
    target
        The target predicate's name.
    attributes
        Attribute names, in argument order.
    domains
        The values of each attribute (as printed in the file).
    """

    target: str
    attributes: tuple[str, ...]
    domains: tuple[tuple[str, ...], ...]

    @property
    def domain_sizes(self) -> list[int]:
        """The number of values of each attribute."""
        return [len(values) for values in self.domains]

    def formula(self, convention: str = "semantic") -> sp.Expr:
        """Return the count written out per attribute, unevaluated (``1 + (3 + 1)*...``)."""
        extra = 2 if convention == "syntactic" else 1
        product = sp.Mul(
            *[sp.Add(size, extra, evaluate=False) for size in self.domain_sizes], evaluate=False
        )
        return product if convention == "syntactic" else sp.Add(1, product, evaluate=False)

    def size(self, convention: str = "semantic") -> SizeResult:
        """Return the number of conjunctive hypotheses (see ``attribute_conjunction_count``)."""
        count = attribute_conjunction_count(self.domain_sizes, convention=convention)
        parameters = {"target": self.target, "domains": self.domain_sizes}
        return SizeResult(
            "attribute-conjunctions", convention, self.formula(convention), int(count), parameters
        )

    def instances(self) -> list[tuple[str, ...]]:
        """Return the instance space: every combination of attribute values."""
        return list(itertools.product(*self.domains))

    def vc_dimension(self) -> VCResult:
        """Return the VC dimension of the conjunctions over this instance space, by search.

        Raises
        ------
        HypothesisSpaceError
            If the instance space is larger than :data:`MAX_INSTANCES`.
        """
        instances = self.instances()
        if len(instances) > MAX_INSTANCES:
            raise HypothesisSpaceError(
                f"the instance space of {self.target} has {len(instances)} instances; the "
                f"shattering search is limited to {MAX_INSTANCES}"
            )
        # Every hypothesis with an empty constraint labels everything negative: one of them.
        hypotheses: list[Any] = [frozenset()]
        for constraints in itertools.product(*[(*values, WILDCARD) for values in self.domains]):
            hypotheses.append(
                frozenset(
                    x for x in instances if all(c in (WILDCARD, v) for c, v in zip(constraints, x))
                )
            )
        result = vc_dimension(hypotheses, instances)
        atoms = tuple(f"{self.target}({', '.join(x)})" for x in result.shattered_set)
        return VCResult(
            result.dimension,
            atoms,
            result.dichotomies,
            result.instances,
            result.nodes_searched,
            result.stopped_by_count,
            None,
            "attribute-conjunctions",
            {"target": self.target, "domains": self.domain_sizes},
        )


def attribute_task(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    target: str | Indicator | None = None,
) -> LearningTask:
    """The learning task of files whose instance space is to be counted.

    Parameters
    ----------
    paths
        The files, read as one knowledge base.
    target
        ``name/arity`` or ``(name, arity)``; by default the one target the
        files declare ``attributes/2`` for.

    Raises
    ------
    InvalidParameterError
        When no target is given and the files declare attributes for none or several.
    KBError
        If the files do not load.
    """
    files = [str(paths)] if isinstance(paths, (str, os.PathLike)) else [str(p) for p in paths]
    if target is not None:
        return LearningTask.from_files(files, target)
    kb = load(files)  # the target is chosen by the files' attributes/2 declarations
    declared: dict[str, Sequence[str]] = dict(kb.attributes)
    if len(declared) != 1:
        found = ", ".join(sorted(declared)) or "none"
        raise InvalidParameterError(
            f"give --target NAME/ARITY: the files declare attributes for {found}"
        )
    name, names = next(iter(declared.items()))
    return LearningTask.from_kb(kb, (name, len(names)), sources=files)


def attribute_space(
    source: LearningTask | str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    target: str | Indicator | None = None,
) -> AttributeSpace:
    """The attribute-value instance space of a task's target, and its conjunctions.

    Parameters
    ----------
    source
        A :class:`~symlearn.learning.task.LearningTask` (its attribute data:
        from files or from a table), or the files (see :func:`attribute_task`).
    target
        With files: the target, when they declare several.

    Returns
    -------
    AttributeSpace

    Raises
    ------
    InvalidParameterError
        If no target (or several, without ``target``) is declared, or an
        attribute is continuous (it has no finite domain).
    KBError
        If the files do not load, or have no examples of the target.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> task = LearningTask.from_kb(loads("pos(t(a, x)). neg(t(b, x)). pos(t(c, y))."))
    >>> space = attribute_space(task)
    >>> space.domains, space.size().size
    ((('a', 'b', 'c'), ('x', 'y')), 13)
    """
    task = source if isinstance(source, LearningTask) else attribute_task(source, target)
    data = task.attribute_data
    domains = []
    for attribute in data.attributes:
        if attribute.values is None:
            raise InvalidParameterError(
                f"attribute {attribute.name} is continuous: it has no finite domain to count"
            )
        domains.append(tuple(format_term(v) for v in attribute.values))
    return AttributeSpace(data.target, tuple(a.name for a in data.attributes), tuple(domains))
