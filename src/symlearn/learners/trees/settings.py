"""What ``symlearn learn id3|c45|cart|one-r`` can be told: the tree family's settings.

The four learners share one base, :class:`TreeLearnerSettings`: how to
evaluate the model (a stratified hold-out ``--test-fraction``, ``--cv K``
cross-validation, ``--compare ALGORITHM`` on the same folds, ``--seed``,
``--confidence``), the instances to classify (``--classify ATOM``) and how to
draw the tree (``--renderer``).  :class:`TreeSettings` adds what ID3, C4.5
and CART share: the selection measure, pre-pruning and post-pruning;
:class:`CostSensitiveSettings` the attribute costs of ID3 and C4.5
(``--cost ATTRIBUTE=COST``, on top of the file's ``:- cost(A, C).``);
:class:`OneRSettings` OneR's ``--min-bucket``.  Each algorithm's module
declares its own class (``ID3Settings`` in :mod:`~symlearn.learners.trees.id3`,
...), with its default measure and pruning.

A knowledge base sets them as ``:- set(Name, Value).`` with the names
``measure``, ``max_depth``, ``min_examples``, ``min_leaf``, ``min_gain``,
``significance``, ``prune``, ``cf``, ``cost_weight`` and ``min_bucket``; the
command line (or Python keywords) win.

Examples
--------
>>> OneRSettings(min_bucket=3, cv=4, seed=1).min_bucket
3
>>> OneRSettings(compare="id3")
Traceback (most recent call last):
...
symlearn.errors.InvalidParameterError: --compare needs --cv K
>>> parse_costs(["temperature=2", "pulse = 0.5"])
{'temperature': 2.0, 'pulse': 0.5}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.errors import InvalidParameterError
from symlearn.learners.trees.growing import TreeOptions
from symlearn.learners.trees.selection import MEASURES
from symlearn.learning.settings import Settings, option

__all__ = [
    "ALGORITHMS",
    "COST_MEASURES",
    "CostSensitiveSettings",
    "OneRSettings",
    "TreeLearnerSettings",
    "TreeSettings",
    "measure_option",
    "min_leaf_option",
    "parse_costs",
    "prune_option",
    "significance_option",
]

#: The algorithms of the family (what ``--compare`` may name).
ALGORITHMS = ("id3", "c45", "cart", "one-r")

#: Every selection measure, and those that read attribute costs.
ALL_MEASURES = tuple(MEASURES)
COST_MEASURES = ("tan-schlimmer", "nunez")

#: Post-pruning methods.
PRUNING = ("none", "reduced-error", "rules")


def measure_option(default: str, choices: Iterable[str] = ALL_MEASURES) -> Any:
    """The ``--measure`` field, with an algorithm's default and choices."""
    return option(
        default,
        key="measure",
        choices=tuple(choices),
        help="Attribute selection measure.",
    )


def min_leaf_option(default: float) -> Any:
    """The ``--min-leaf`` field (C4.5's MINOBJS is 2; CART's default is 0)."""
    return option(
        default,
        key="min_leaf",
        minimum=0,
        help="Pre-pruning: a split needs two branches with this many examples.",
    )


def significance_option(default: float | None) -> Any:
    """The ``--significance`` field: chi-square pre-pruning at this level (1: none)."""
    return option(
        default,
        key="significance",
        minimum=0,
        maximum=1,
        help="Pre-pruning: stop a split the chi-square test finds not significant at this "
        "level, where the test applies (expected counts of 5 or more); 1 turns it off. "
        "It sees one split ahead only, so it also stops a split whose value shows a level "
        "further down (an XOR: the horizon effect).",
    )


def prune_option(default: str) -> Any:
    """The ``--prune`` field (C4.5 post-prunes its rules by default)."""
    return option(
        default,
        key="prune",
        choices=PRUNING,
        help="Post-pruning: reduced-error on a validation set, or C4.5's rule post-pruning.",
    )


def parse_costs(texts: Iterable[str]) -> dict[str, float]:
    """``{attribute: cost}`` from ``ATTRIBUTE=COST`` texts (``--cost``).

    Raises
    ------
    InvalidParameterError
        For a text that is not ``ATTRIBUTE=COST`` with a positive cost.
    """
    costs = {}
    for text in texts:
        name, sep, value = text.partition("=")
        try:
            cost = float(value)
        except ValueError:
            cost = -1.0
        if not sep or not name.strip() or not cost > 0:
            raise InvalidParameterError(
                f"--cost {text!r}: expected ATTRIBUTE=COST with a positive cost"
            )
        costs[name.strip()] = cost
    return costs


@dataclass(frozen=True)
class TreeLearnerSettings(Settings):
    """Evaluation, classification and drawing: what every learner of the family is told."""

    ALGORITHM: ClassVar[str] = ""

    test_fraction: float = option(
        0.0,
        minimum=0,
        maximum=0.9,
        help="Hold out this fraction (stratified, seeded) to measure test accuracy.",
    )
    cv: int | None = option(
        None,
        minimum=2,
        metavar="K",
        help="Also run K-fold cross-validation (stratified, seeded).",
    )
    compare: str | None = option(
        None,
        choices=ALGORITHMS,
        help="With --cv: paired t-test against this algorithm on the same folds.",
    )
    seed: int = option(0, help="Seed for every random split.")
    confidence: float = option(
        95.0,
        minimum=0,
        maximum=100,
        open_bounds=True,
        help="N for the N% confidence intervals.",
    )
    classify: tuple[str, ...] = option(
        (),
        multiple=True,
        metavar="ATOM",
        help="Classify this instance, e.g. 'playtennis(sunny, cool, high, strong)'.",
    )
    renderer: str = option(
        "auto",
        choices=("auto", "graphviz", "python"),
        help="For -o .svg/.png: graphviz's dot or the pure-Python layout.",
    )

    def __post_init__(self) -> None:
        if isinstance(self.classify, str):  # one atom given from Python
            object.__setattr__(self, "classify", (self.classify,))
        super().__post_init__()

    def validate(self) -> None:
        """``--compare`` needs ``--cv``."""
        if self.compare is not None and self.cv is None:
            raise InvalidParameterError("--compare needs --cv K")

    @property
    def selection_measure(self) -> str:
        """The name of the measure the root report shows."""
        return "accuracy"

    @property
    def takes_weights(self) -> bool:
        """Whether the learner counts a weighted example as its weight (OneR does)."""
        return True


@dataclass(frozen=True)
class TreeSettings(TreeLearnerSettings):
    """What ID3, C4.5 and CART share: the selection measure, pre- and post-pruning.

    Subclasses set the measure's default and choices and implement
    :meth:`tree_options`.
    """

    measure: str = measure_option("gain")
    max_depth: int | None = option(
        None, key="max_depth", minimum=0, help="Pre-pruning: deepest test."
    )
    min_examples: float = option(
        2.0,
        key="min_examples",
        minimum=0,
        help="Pre-pruning: a node with fewer examples is a leaf.",
    )
    min_gain: float | None = option(
        None,
        key="min_gain",
        help="Pre-pruning: split only when the gain (impurity reduction) is at least this.",
    )
    significance: float | None = significance_option(None)
    prune: str = prune_option("none")
    validation_fraction: float = option(
        1 / 3,
        minimum=0.05,
        maximum=0.9,
        help="With --prune reduced-error: the share of the training examples held out.",
    )
    cf: float = option(
        0.25,
        key="cf",
        minimum=0,
        maximum=1,
        open_bounds=True,
        help="With --prune rules: C4.5's confidence CF for the pessimistic error.",
    )

    @property
    def selection_measure(self) -> str:
        """The selection measure (``--measure``)."""
        return self.measure

    @property
    def takes_weights(self) -> bool:
        """Whether weighted examples count as their weight: not when post-pruning.

        The tree grower counts weights; reduced-error and rule post-pruning
        count examples.
        """
        return self.prune == "none"

    def tree_keywords(self, costs: Mapping[str, float] | None = None) -> dict[str, Any]:
        """The keywords of the algorithm's ``*_options`` function (``id3_options`` ...)."""
        return {
            "measure": self.measure,
            "max_depth": self.max_depth,
            "min_examples": self.min_examples,
            "min_gain": self.min_gain,
            "significance": self.chi_square_level,
        }

    @property
    def chi_square_level(self) -> float | None:
        """The level of chi-square pre-pruning, None for none (``--significance 1``)."""
        return None if self.significance is None or self.significance >= 1 else self.significance

    def tree_options(self, costs: Mapping[str, float] | None = None) -> TreeOptions:
        """How to grow the tree, with the attributes' ``costs``."""
        raise NotImplementedError

    def validate(self) -> None:
        """``--significance`` is in (0, 1]; ``--compare`` needs ``--cv``."""
        super().validate()
        if self.significance is not None and not self.significance > 0:
            raise InvalidParameterError(
                f"--significance must be in (0, 1] (1: no chi-square pre-pruning), "
                f"not {self.significance}"
            )


@dataclass(frozen=True)
class CostSensitiveSettings(TreeSettings):
    """Tree settings with attribute costs (``--cost``, ``--cost-weight``): ID3's and C4.5's.

    ``costs`` are ``ATTRIBUTE=COST`` texts, or from Python a mapping
    ``{attribute: cost}``.
    """

    #: A mapping given from Python becomes ``ATTRIBUTE=COST`` texts (``__post_init__``).
    costs: tuple[str, ...] | Mapping[str, float] = option(
        (),
        cli="cost",
        multiple=True,
        metavar="ATTRIBUTE=COST",
        help="An attribute's cost (overrides the file's cost/2).",
    )
    cost_weight: float = option(1.0, key="cost_weight", minimum=0, maximum=1, help="Nunez's w.")

    def __post_init__(self) -> None:
        if isinstance(self.costs, Mapping):
            given = tuple(f"{name}={cost}" for name, cost in self.costs.items())
            object.__setattr__(self, "costs", given)
        elif not (
            isinstance(self.costs, (tuple, list)) and all(isinstance(c, str) for c in self.costs)
        ):
            raise InvalidParameterError(
                f"costs must be ATTRIBUTE=COST texts or a mapping {{attribute: cost}}, "
                f"not {self.costs!r}"
            )
        super().__post_init__()

    def validate(self) -> None:
        """``--cost`` must read ``ATTRIBUTE=COST``; ``--compare`` needs ``--cv``."""
        super().validate()
        parse_costs(self.costs)

    @property
    def cost_table(self) -> dict[str, float]:
        """``{attribute: cost}`` given by ``--cost``."""
        return parse_costs(self.costs)

    def tree_keywords(self, costs: Mapping[str, float] | None = None) -> dict[str, Any]:
        """The keywords of ``id3_options``/``c45_options``, costs included."""
        return {
            **super().tree_keywords(costs),
            "costs": dict(costs or {}),
            "cost_weight": self.cost_weight,
        }


@dataclass(frozen=True)
class OneRSettings(TreeLearnerSettings):
    """What ``symlearn learn one-r`` can be told."""

    ALGORITHM: ClassVar[str] = "one-r"

    min_bucket: int = option(
        6,
        key="min_bucket",
        minimum=1,
        help="Continuous attributes: least majority-class examples per interval.",
    )
