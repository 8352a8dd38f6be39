"""The hypothesis space a knowledge base declares, counted and searched.

A file with ``:- attributes(Target, [A1, ..., An]).`` and ``:- domain(Ai,
[...]).`` declarations defines an instance space, the product of the domains
(no example is needed; an attribute without a declared domain takes the
values its examples give it, see
:func:`symlearn.learning.attribute_data.attribute_schema`).  Over it, a
hypothesis class: by default Mitchell's conjunctions of attribute constraints
(each attribute a value or ``?``, plus the empty hypothesis); or the class
``--class NAME`` or ``:- set(hypothesis_class, NAME).`` names, with ``k``
(``--k``, ``:- set(k, 2).``) and the depth ``d`` where the class has them
(:class:`SpaceSettings`).  The classes over boolean variables (``k-cnf``,
``k-dnf``, ``k-term-dnf``, ``k-decision-lists``, ``decision-trees``) need
every attribute two-valued; ``conjunctions`` over attributes with more values
are the attribute-value conjunctions; ``boolean-functions`` is every subset of
the instance space, ``2^|X|`` (Mitchell's unbiased space).  Over numeric
domains (``:- domain(x, [1, 2.5, 4]).``), ``thresholds``, ``intervals``,
``union-of-intervals`` (``k`` intervals) on one attribute and ``rectangles``
over all of them (:mod:`symlearn.bounds.numeric_space`).

Sizes come in two conventions (Mitchell 1997, section 2.3): ``syntactic``
(hypotheses as written) and ``semantic`` (distinct functions on the instance
space, enumerated by :mod:`symlearn.bounds.semantic` where there is no closed
form); the semantic count is the default where it can be found, and each
result says what it counts.

``symlearn bound hypothesis-space-size FILE`` and ``symlearn bound
vc-dimension FILE`` are :meth:`AttributeSpace.count` and
:meth:`AttributeSpace.shatter`.

Functions
---------
attribute_space
    The target's attributes and finite domains, from a task or from files.
attribute_task
    The task of files (the target: given, or the one declared with ``attributes/2``).
AttributeSpace
    Its size under a class and its VC dimension by the exact search.
SpaceSettings
    The class and its parameters, from the caller or the files.

References
----------
Mitchell (1997) section 2.2 (hypothesis representation), section 2.3
(syntactic and semantic counts), section 2.7.2 (the unbiased space) and
section 7.4 (the VC dimension); Kearns and Vazirani (1994) ch. 1-3 (k-CNF,
k-DNF, k-term DNF).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import sympy as sp

from symlearn.bounds import spaces
from symlearn.bounds.numeric_space import (
    NUMERIC_CLASSES,
    known_numeric_dimension,
    numeric_masks,
    parse_number,
)
from symlearn.bounds.semantic import ENUMERATED_CLASSES, MAX_VARIABLES, function_masks
from symlearn.bounds.sizes import (
    NOTES,
    SIZE_CLASSES,
    SizeResult,
    attribute_conjunction_count,
    enumerated_size,
    hypothesis_space_size,
)
from symlearn.bounds.vc import VCResult, vc_dimension_of_masks
from symlearn.errors import HypothesisSpaceError, InvalidParameterError
from symlearn.kb.loader import load
from symlearn.learning.attribute_data import attribute_schema
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term

__all__ = ["AttributeSpace", "SpaceSettings", "attribute_space", "attribute_task"]

#: The largest instance space the VC search is run on.
MAX_INSTANCES = 256

#: The largest instance space of the searches over k-CNF, k-DNF and k-term DNF
#: (four boolean attributes: at most 2^16 distinct functions).
MAX_BOOLEAN_INSTANCES = 16

#: The classes a file's space can be counted under: the size classes, and the
#: classes over numeric attributes (thresholds, intervals, ...).
FILE_CLASSES = (*SIZE_CLASSES, *NUMERIC_CLASSES)

#: The classes a file's space can be searched for its VC dimension.
SEARCHED_CLASSES = (
    "attribute-conjunctions",
    "conjunctions",
    "k-cnf",
    "k-dnf",
    "k-term-dnf",
    "boolean-functions",
    *NUMERIC_CLASSES,
)


@dataclass(frozen=True)
class SpaceSettings(Settings):
    """Which hypothesis class a file's instance space is counted or searched under.

    Each setting comes from the caller (``--class``, ``--k``, ``--d``,
    ``--convention``) or else from the files (``:- set(hypothesis_class,
    k-cnf).``, ``:- set(k, 2).``, ``:- set(depth, 3).``, ``:- set(convention,
    syntactic).``).

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> task = LearningTask.from_kb(loads(
    ...     ":- attributes(t, [a, b]). :- set(hypothesis_class, k-cnf). :- set(k, 2)."),
    ...     "t/2")
    >>> SpaceSettings.from_task(task)
    SpaceSettings(hypothesis_class='k-cnf', k=2, d=None, convention=None)
    >>> SpaceSettings.from_task(task, hypothesis_class="k-dnf").hypothesis_class
    'k-dnf'
    """

    ALGORITHM = "the hypothesis space"

    hypothesis_class: str = option(
        "attribute-conjunctions",
        key="hypothesis_class",
        choices=FILE_CLASSES,
        help="The hypothesis class over the declared attributes.",
    )
    k: int | None = option(None, key="k", minimum=1, help="k of k-CNF, k-DNF, k-term DNF ...")
    d: int | None = option(None, key="depth", minimum=0, help="Depth of decision trees.")
    convention: str | None = option(None, key="convention", help="The counting convention.")


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
            "attribute-conjunctions",
            convention,
            self.formula(convention),
            int(count),
            parameters,
            NOTES[("attribute-conjunctions", convention)],
        )

    @property
    def instance_count(self) -> int:
        """``|X|``: the number of instances, the product of the domain sizes."""
        return math.prod(self.domain_sizes)

    @property
    def boolean(self) -> bool:
        """True when every attribute has exactly two values (boolean variables)."""
        return all(size == 2 for size in self.domain_sizes)

    def instances(self) -> list[tuple[str, ...]]:
        """Return the instance space: every combination of attribute values."""
        return list(itertools.product(*self.domains))

    def _described(self, result: SizeResult) -> SizeResult:
        parameters = {"target": self.target, "domains": self.domain_sizes, **result.parameters}
        return dataclasses.replace(result, parameters=parameters)

    def _boolean_only(self, hypothesis_class: str) -> int:
        """The number of boolean variables, for a class defined over them."""
        if not self.boolean:
            wide = [
                f"{a} ({len(d)})" for a, d in zip(self.attributes, self.domains) if len(d) != 2
            ]
            raise InvalidParameterError(
                f"class {hypothesis_class} is over boolean attributes, and these of "
                f"{self.target} do not have two values: {', '.join(wide)}"
            )
        return len(self.attributes)

    def count(self, settings: SpaceSettings | None = None) -> SizeResult:
        """Return the size of the hypothesis class ``settings`` names over this space.

        Parameters
        ----------
        settings
            The class and its parameters; attribute-value conjunctions by
            default.  The convention, when not given, is ``semantic`` where
            the class has one that can be found here (for the enumerated
            classes: at most four boolean attributes), else the class's first.

        Returns
        -------
        SizeResult

        Raises
        ------
        InvalidParameterError
            For a class over boolean variables when an attribute has more
            (or fewer) than two values, or a missing ``k``/``d``.

        Examples
        --------
        >>> space = AttributeSpace("t", ("a", "b"), (("x", "y"), ("p", "q")))
        >>> space.count().size, space.count(SpaceSettings("k-cnf", k=2)).size
        (10, 16)
        >>> space.count(SpaceSettings("k-cnf", k=2, convention="syntactic")).size
        256
        >>> space.count(SpaceSettings("boolean-functions")).size
        16
        """
        chosen = settings or SpaceSettings()
        name, convention = chosen.hypothesis_class, chosen.convention
        if name in NUMERIC_CLASSES:
            return self._numeric_size(name, chosen.k, convention)
        if name == "attribute-conjunctions" or (name == "conjunctions" and not self.boolean):
            return self.size(convention or "semantic")
        if name == "boolean-functions" and not self.boolean:
            return self._all_subsets_size()
        n = self._boolean_only(name)
        if convention is None and name in ENUMERATED_CLASSES:
            # The semantic count by default, where the instance space can be enumerated.
            convention = "semantic" if n <= MAX_VARIABLES else None
        elif convention is None:
            convention = "semantic" if "semantic" in SIZE_CLASSES[name].conventions else None
        if convention == "semantic" and name in ENUMERATED_CLASSES:
            return self._described(enumerated_size(name, n, k=chosen.k, d=chosen.d))
        result = hypothesis_space_size(name, n, k=chosen.k, d=chosen.d, convention=convention)
        return self._described(result)

    def _numbers(self, name: str) -> list[list[str]]:
        """Each attribute's values in increasing numeric order (the class needs numbers)."""
        ordered = []
        for attribute, values in zip(self.attributes, self.domains):
            try:
                ordered.append(sorted(values, key=parse_number))
            except InvalidParameterError as error:
                raise InvalidParameterError(
                    f"class {name} is over numeric attributes: {attribute}'s {error} "
                    f"(declare :- domain({attribute}, [1, 2, ...]).)"
                ) from None
        return ordered

    def _numeric_size(self, name: str, k: int | None, convention: str | None) -> SizeResult:
        """The distinct labellings a numeric class gives the declared points."""
        if convention not in (None, "semantic"):
            raise InvalidParameterError(
                f"class {name} has real-valued parameters: only its semantic count (the "
                f"distinct labellings of the declared points) is finite"
            )
        ordered = self._numbers(name)
        count = len(numeric_masks(name, [len(values) for values in ordered], k))
        parameters: dict[str, Any] = {"target": self.target, "domains": self.domain_sizes}
        if k is not None and name == "union-of-intervals":
            parameters["k"] = k
        note = "distinct labellings of the declared points, found by enumeration"
        return SizeResult(name, "semantic", sp.Integer(count), count, parameters, note)

    def _numeric_dimension(self, name: str, k: int | None) -> VCResult:
        """The VC dimension of a numeric class over the declared points, by the search."""
        ordered = self._numbers(name)
        masks = numeric_masks(name, [len(values) for values in ordered], k)
        instances = list(itertools.product(*ordered))
        if len(instances) > MAX_INSTANCES:
            raise HypothesisSpaceError(
                f"the instance space of {self.target} has {len(instances)} points; the "
                f"shattering search is limited to {MAX_INSTANCES}"
            )
        result = vc_dimension_of_masks(masks, instances)
        extra = {"k": k} if name == "union-of-intervals" else {}
        formula = known_numeric_dimension(name, len(ordered), k)
        return self._atoms(result, name, extra, formula)

    def _all_subsets_size(self) -> SizeResult:
        """Every subset of X: ``2^|X|`` (written out while it has fewer than 4,000 digits)."""
        formula = sp.Pow(
            2,
            sp.Mul(*[sp.Integer(size) for size in self.domain_sizes], evaluate=False),
            evaluate=False,
        )
        size = 2**self.instance_count if self.instance_count <= 13_000 else None
        return SizeResult(
            "boolean-functions",
            "semantic",
            formula,
            size,
            {
                "target": self.target,
                "domains": self.domain_sizes,
                "instances": self.instance_count,
            },
        )

    def shatter(self, settings: SpaceSettings | None = None) -> VCResult:
        """Return the VC dimension of the class ``settings`` names over this space.

        Attribute-value conjunctions (and ``conjunctions``) are searched by
        :meth:`vc_dimension`; ``k-cnf``, ``k-dnf`` and ``k-term-dnf`` over at
        most four boolean attributes by the same search over every function
        the class computes; ``boolean-functions`` shatter the whole instance
        space, so their dimension is ``|X|``; the numeric classes by the
        search over the dichotomies they induce on the declared points, with
        the known result beside it.

        Raises
        ------
        InvalidParameterError
            For a class the search does not cover, or a space too large.
        HypothesisSpaceError
            If the instance space is larger than the search's limit.

        Examples
        --------
        >>> space = AttributeSpace("t", ("a", "b"), (("x", "y"), ("p", "q")))
        >>> space.shatter().dimension, space.shatter(SpaceSettings("k-dnf", k=1)).dimension
        (2, 2)
        """
        chosen = settings or SpaceSettings()
        name = chosen.hypothesis_class
        if name in NUMERIC_CLASSES:
            return self._numeric_dimension(name, chosen.k)
        if name == "attribute-conjunctions" or name == "conjunctions":
            return self.vc_dimension()
        if name == "boolean-functions":
            return self._all_subsets_dimension()
        if name not in SEARCHED_CLASSES:
            raise InvalidParameterError(
                f"the VC dimension of a file's space is searched for "
                f"{', '.join(SEARCHED_CLASSES)}; not for {name}"
            )
        n = self._boolean_only(name)
        if chosen.k is None:
            raise InvalidParameterError(f"class {name} needs --k (or :- set(k, K).)")
        if 2**n > MAX_BOOLEAN_INSTANCES:
            raise HypothesisSpaceError(
                f"the search over {name} is limited to {MAX_BOOLEAN_INSTANCES} instances "
                f"(four boolean attributes); {self.target} has {2**n}"
            )
        masks = function_masks(name, n, k=chosen.k)
        instances = [
            tuple(d[bit] for d, bit in zip(self.domains, x)) for x in spaces.boolean_instances(n)
        ]
        return self._atoms(vc_dimension_of_masks(masks, instances), name, {"k": chosen.k})

    def _all_subsets_dimension(self) -> VCResult:
        instances = self.instances()
        if len(instances) > MAX_INSTANCES:
            raise HypothesisSpaceError(
                f"the instance space of {self.target} has {len(instances)} instances; the "
                f"shattered set is listed up to {MAX_INSTANCES}"
            )
        # Every subset of X is a hypothesis: X itself is shattered, and no larger set exists.
        whole = VCResult(
            len(instances), tuple(instances), 2 ** len(instances), len(instances), 0, True
        )
        return self._atoms(whole, "boolean-functions", {})

    def _atoms(
        self, result: VCResult, name: str, extra: dict[str, Any], formula: sp.Expr | None = None
    ) -> VCResult:
        """The result with its witness written as atoms of the target."""
        atoms = tuple(f"{self.target}({', '.join(x)})" for x in result.shattered_set)
        return VCResult(
            result.dimension,
            atoms,
            result.dichotomies,
            result.instances,
            result.nodes_searched,
            result.stopped_by_count,
            formula,
            name,
            {"target": self.target, "domains": self.domain_sizes, **extra},
        )

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
        # A conjunction's positives, as a bit mask over the instances: the AND of
        # its constraints' masks (a wildcard's is every instance).  Every hypothesis
        # with an empty constraint labels everything negative: one mask, 0.
        everything = (1 << len(instances)) - 1
        constraint_masks: list[list[int]] = []
        for position, values in enumerate(self.domains):
            by_value = dict.fromkeys(values, 0)
            for i, x in enumerate(instances):
                by_value[x[position]] |= 1 << i
            constraint_masks.append([*by_value.values(), everything])
        masks = {0}
        for chosen in itertools.product(*constraint_masks):
            mask = everything
            for constraint in chosen:
                mask &= constraint
            masks.add(mask)
        result = vc_dimension_of_masks(masks, instances)
        return self._atoms(result, "attribute-conjunctions", {})


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
        If the files do not load, or an attribute has neither a declared
        domain nor an example value.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> task = LearningTask.from_kb(loads("pos(t(a, x)). neg(t(b, x)). pos(t(c, y))."))
    >>> space = attribute_space(task)
    >>> space.domains, space.size().size
    ((('a', 'b', 'c'), ('x', 'y')), 13)
    >>> declared = loads(":- attributes(u, [sky, wind]). :- domain(sky, [sunny, rainy, cloudy]). "
    ...                  ":- domain(wind, [strong, weak]).")
    >>> attribute_space(LearningTask.from_kb(declared, "u/2")).size().size
    13
    """
    task = source if isinstance(source, LearningTask) else attribute_task(source, target)
    if task.kb is None:
        name, attributes = task.attribute_data.target, task.attribute_data.attributes
    else:  # the declarations are the space: no example is needed
        name, attributes = task.target[0], attribute_schema(task.kb, *task.target)
    domains = []
    for attribute in attributes:
        if attribute.values is None:
            raise InvalidParameterError(
                f"attribute {attribute.name} is continuous: it has no finite domain to count"
            )
        domains.append(tuple(format_term(v) for v in attribute.values))
    return AttributeSpace(name, tuple(a.name for a in attributes), tuple(domains))
