"""A bound by name, with its parameters: what ``symlearn bound`` computes.

:func:`bound` is the one entry point from a bound's name and the values of its
variables to a result:

* a derived bound (``pac``, ``agnostic``, ``vc``, ``lower``, mistake bounds
  ...): :func:`~symlearn.bounds.catalogue.derive` it (for ``pac``, ``occam``
  and ``agnostic`` optionally for a hypothesis class, whose size replaces
  ``|H|``), then evaluate it on its quantity or, with ``solve_for``, solve it
  for another variable (:class:`~symlearn.bounds.catalogue.BoundResult`, ``m``
  rounded up to an integer and ``m_exact`` the unrounded value);
* ``hypothesis-space-size``: the size of a named class
  (:func:`~symlearn.bounds.sizes.hypothesis_space_size`) or of the
  conjunctions over the instance space that files declare
  (:class:`~symlearn.bounds.sizes.SizeResult`);
* ``vc-dimension``: the VC dimension of a named class or of those
  conjunctions, by exact search (:class:`~symlearn.bounds.vc.VCResult`).

Every result has ``to_dict()`` (the JSON of ``symlearn bound --json``) and
``report(latex=False)`` (its text).  :func:`bound_list` is ``symlearn bound
--list``.  Values may be numbers or their text (``"0.05"``, ``"1/20"``).

Functions
---------
bound, bound_list

Examples
--------
>>> result = bound("pac", H=973, epsilon="0.1", delta="0.05")
>>> result.values["m"], round(result.values["m_exact"], 2)
(99, 98.76)
>>> bound("pac", hypothesis_class="conjunctions", n=10, epsilon=0.1, delta=0.05).values["H"]
59049
>>> solved = bound("pac", H=973, m=100, delta=0.05, solve_for="epsilon")
>>> solved.relation, round(solved.values["epsilon"], 6)
(epsilon >= (log(H) - log(delta))/m, 0.098761)
>>> bound("hypothesis-space-size", hypothesis_class="k-cnf", n=3, k=2).size
262144
>>> bound("vc-dimension", hypothesis_class="rectangles", n=3).dimension
4

References
----------
Mitchell (1997) ch. 7; Kearns and Vazirani (1994) ch. 1-3.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from symlearn.bounds.catalogue import BoundResult, bound_table, derive
from symlearn.bounds.sizes import SIZE_CLASSES, SizeResult, hypothesis_space_size
from symlearn.bounds.vc import KNOWN_VC_DIMENSIONS, VCResult, class_vc_dimension
from symlearn.errors import InvalidParameterError
from symlearn.files import as_paths
from symlearn.logic.indicators import Indicator

__all__ = ["PARAMETERS", "BoundList", "bound", "bound_list"]

#: The variables a bound's values are given for, with what each means (``--H``, ``--epsilon`` ...).
PARAMETERS: dict[str, str] = {
    "H": "size |H| of a finite hypothesis space",
    "epsilon": "accuracy, in (0, 1)",
    "delta": "confidence, in (0, 1)",
    "m": "number of training examples (when solving for something else)",
    "n": "number of boolean attributes (predictors for weighted-majority; grid side for "
    "vc-dimension)",
    "vc": "VC dimension",
    "mistakes": "number of mistakes (when solving a mistake bound for something else)",
    "k": "mistakes of the best predictor (weighted-majority); k of k-CNF/k-DNF for --class",
    "beta": "weight factor of weighted majority, in (0, 1)",
    "R": "radius of the instances (perceptron)",
    "gamma": "margin (perceptron)",
    "r": "relevant variables (winnow); dimension for --class linear-separators",
}

#: What :func:`bound` returns.
Result = BoundResult | SizeResult | VCResult

PathLike = str | os.PathLike[str]


def _whole(name: str, value: Any) -> int | None:
    """A whole-number parameter given as a number or its text (None stays None)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    try:
        return int(str(value))
    except ValueError:
        raise InvalidParameterError(f"--{name} must be a whole number, got {value!r}") from None


def _domains(value: str | Sequence[int] | None) -> list[int] | None:
    """Domain sizes given as ``"3,2,2"`` or a list of numbers."""
    if value is None:
        return None
    try:
        if isinstance(value, str):
            sizes = [int(part) for part in value.replace(" ", "").split(",") if part]
        else:
            sizes = [int(size) for size in value]
    except ValueError:
        raise InvalidParameterError(f"--domains must be sizes like 3,2,2, not {value!r}") from None
    if not sizes or min(sizes) < 1:
        raise InvalidParameterError("--domains needs at least one size, each at least 1")
    return sizes


def _files(files: PathLike | Iterable[PathLike]) -> tuple[str, ...]:
    return as_paths(files)


def _file_space(
    files: tuple[str, ...],
    target: str | Indicator | None,
    hypothesis_class: str | None,
    convention: str | None,
    given: dict[str, Any],
) -> tuple[Any, Any]:
    """The instance space the files declare, and the class: given, else the files' ``set/2``."""
    # The knowledge-base layer loads only when files are given.
    from symlearn.bounds.kb_space import SpaceSettings, attribute_space, attribute_task

    task = attribute_task(files, target)
    settings = SpaceSettings.from_task(
        task,
        hypothesis_class=hypothesis_class,
        k=_whole("k", given.get("k")),
        d=_whole("d", given.get("d")),
        convention=convention,
    )
    return attribute_space(task), settings


def _space_size(
    files: tuple[str, ...],
    target: str | Indicator | None,
    hypothesis_class: str | None,
    convention: str | None,
    given: dict[str, Any],
) -> SizeResult:
    if files:
        space, settings = _file_space(files, target, hypothesis_class, convention, given)
        return space.count(settings)
    if hypothesis_class is None:
        raise InvalidParameterError("hypothesis-space-size needs --class NAME or a FILE")
    return hypothesis_space_size(
        hypothesis_class,
        _whole("n", given.get("n")),
        k=_whole("k", given.get("k")),
        d=_whole("d", given.get("d")),
        values=_whole("values", given.get("values")),
        domains=_domains(given.get("domains")),
        convention=convention,
    )


def _vc_dimension(
    files: tuple[str, ...],
    target: str | Indicator | None,
    hypothesis_class: str | None,
    given: dict[str, Any],
) -> VCResult:
    if files:
        space, settings = _file_space(files, target, hypothesis_class, None, given)
        return space.shatter(settings)
    if hypothesis_class is None or given.get("n") is None:
        raise InvalidParameterError("vc-dimension needs --class NAME --n N, or a FILE")
    return class_vc_dimension(
        hypothesis_class, _whole("n", given["n"]) or 0, _whole("r", given.get("r")) or 2
    )


def _derived(
    name: str,
    hypothesis_class: str | None,
    solve_for: str | None,
    convention: str | None,
    given: dict[str, Any],
) -> BoundResult:
    with_class = hypothesis_class is not None
    derived = derive(
        name,
        hypothesis_class,
        k=_whole("k", given.get("k")) if with_class else None,
        d=_whole("d", given.get("d")),
        values=_whole("values", given.get("values")),
        domains=_domains(given.get("domains")),
        convention=convention,
    )
    values = {
        key: given[key]
        for key in PARAMETERS
        if given.get(key) is not None and not (with_class and key == "k")
    }
    return derived.solve_for(solve_for, values) if solve_for else derived.evaluate(values)


def bound(
    name: str,
    files: PathLike | Iterable[PathLike] = (),
    *,
    target: str | Indicator | None = None,
    hypothesis_class: str | None = None,
    solve_for: str | None = None,
    convention: str | None = None,
    d: int | str | None = None,
    values: int | str | None = None,
    domains: str | Sequence[int] | None = None,
    **parameters: Any,
) -> Result:
    """Derive the bound ``name`` and evaluate it (see the module docstring).

    Parameters
    ----------
    name
        A bound of :func:`bound_list`: ``pac``, ``agnostic``, ``vc``,
        ``lower``, ``elimination``, ``mistake-find-s``, ``halving``,
        ``weighted-majority``, ``perceptron``, ``winnow``, ``occam``,
        ``hypothesis-space-size`` or ``vc-dimension``.
    files, target
        For ``hypothesis-space-size`` and ``vc-dimension``: knowledge-base
        files declaring an attribute-value target (which one, when several).
    hypothesis_class
        A class of :data:`~symlearn.bounds.sizes.SIZE_CLASSES` (sizes, and
        ``|H|`` of ``pac``, ``occam``, ``agnostic``) or of
        :data:`~symlearn.bounds.vc.KNOWN_VC_DIMENSIONS` (``vc-dimension``).
    solve_for
        Solve the bound for this variable instead of its quantity.
    convention, d, values, domains
        The class's counting convention, tree depth, values per attribute and
        domain sizes (``"3,2,2"`` or ``[3, 2, 2]``).
    **parameters
        The variables' values, by the names of :data:`PARAMETERS`
        (``H=973, epsilon=0.1, delta=0.05``); None means not given.

    Returns
    -------
    BoundResult, SizeResult or VCResult
        Each with ``to_dict()`` and ``report(latex=False)``.

    Raises
    ------
    InvalidParameterError
        For an unknown bound, class or parameter, a missing or out-of-range
        value, or files given to a bound that takes none.
    KBError
        For files that do not load.
    """
    unknown = sorted(set(parameters) - set(PARAMETERS))
    if unknown:
        raise InvalidParameterError(
            f"no parameter {', '.join(unknown)} (parameters: {', '.join(PARAMETERS)})"
        )
    given = {**parameters, "d": d, "values": values, "domains": domains}
    paths = _files(files)
    if name == "hypothesis-space-size":
        return _space_size(paths, target, hypothesis_class, convention, given)
    if name == "vc-dimension":
        return _vc_dimension(paths, target, hypothesis_class, given)
    if paths:
        raise InvalidParameterError(f"bound {name} takes no FILE (got {' '.join(paths)})")
    return _derived(name, hypothesis_class, solve_for, convention, given)


@dataclass(frozen=True)
class BoundList:
    """Every bound with its parameters, and the classes sizes and VC dimensions know.

    Attributes
    ----------
    rows
        ``(name, parameters, gives, summary, source)`` per bound; a derived
        bound's source starts with the form it is stated in (``m >= x``).
    size_classes, vc_classes
        Class name -> summary, for ``hypothesis-space-size`` and ``vc-dimension``.
    """

    rows: tuple[tuple[str, str, str, str, str], ...]
    size_classes: dict[str, str]
    vc_classes: dict[str, str]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``symlearn bound --list``: ``bounds`` and ``classes``."""
        return {
            "bounds": [
                {"name": n, "parameters": p, "gives": g, "summary": s, "source": source}
                for n, p, g, s, source in self.rows
            ],
            "classes": {
                "hypothesis-space-size": self.size_classes,
                "vc-dimension": self.vc_classes,
            },
        }

    def report(self, latex: bool = False) -> list[str]:
        """A table of the bounds, their forms and sources, then how to use them."""
        name_width = max(len(row[0]) for row in self.rows)
        lines = []
        indent = " " * (name_width + 2)
        for name, parameters, gives, summary, _ in self.rows:  # each bound in 80 columns
            what, _, form = summary.partition(": ")
            lines += _hanging(name.ljust(name_width) + "  ", what)
            lines += _hanging(indent, form) if form else []
            lines += _hanging(indent, f"{parameters}; gives {gives}")
        sources = [
            line
            for row in self.rows
            for line in _hanging(f"  {row[0].ljust(name_width)}  ", row[4])
        ]
        return [
            *lines,
            "",
            "Each bound in the form its source states it, strict or not (a sample size is the",
            "least whole m the relation allows: ceil(x) for m >= x, floor(x) + 1 for m > x; a",
            "number of mistakes the largest: floor(x) for M <= x, ceil(x) - 1 for M < x):",
            *sources,
            "",
            "Every bound also takes --solve-for VAR (any of its variables, given the others,",
            "--m or --mistakes included), --latex and --json.  pac, occam and agnostic accept",
            "--class NAME --n N instead of --H.",
            "",
            *_hanging("hypothesis-space-size classes: ", ", ".join(self.size_classes)),
            *_hanging("vc-dimension classes: ", ", ".join(self.vc_classes)),
            "Both also read FILE...: the instance space an attribute-value target declares",
            "(attributes/2 and domain/2, or its examples); the class from --class or",
            ":- set(hypothesis_class, NAME). in the file (attribute-conjunctions by default).",
        ]


def _hanging(lead: str, text: str, width: int = 80) -> list[str]:
    """``text`` wrapped to ``width`` columns after ``lead``, continued under its start."""
    return textwrap.wrap(
        text, width, initial_indent=lead, subsequent_indent=" " * len(lead), break_on_hyphens=False
    )


def bound_list() -> BoundList:
    """Every bound and class (``symlearn bound --list``).

    Examples
    --------
    >>> listed = bound_list()
    >>> listed.rows[0][:3], "rectangles" in listed.vc_classes
    (('pac', '--H --epsilon --delta (or --class NAME --n N)', 'm'), True)
    """
    return BoundList(
        tuple(bound_table()),
        {name: c.summary for name, c in SIZE_CLASSES.items()},
        {name: c.summary for name, c in KNOWN_VC_DIMENSIONS.items()},
    )
