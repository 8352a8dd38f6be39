"""C4.5: gain ratio, continuous thresholds, fractional missing values, rule post-pruning.

C4.5 (Quinlan 1993) extends ID3 (:mod:`symlearn.learners.trees.id3`):

* **gain ratio** ``Gain / SplitInformation`` (Quinlan 1986, 1993; Mitchell
  1997, section 3.7.3), among the attributes with at least average gain;
* **continuous attributes** split in two at the best threshold among the
  midpoints between adjacent sorted values where the class changes;
* **missing values** ``?`` as fractional examples: the gain is computed on the
  known values and scaled by their fraction, an example with an unknown value
  goes down every branch with a weight proportional to the branch's size, and
  a new instance with an unknown value is classified the same way (the
  class distributions of all the leaves it reaches, weighted);
* a split needs two branches with at least ``min_leaf`` (2) examples (C4.5's MINOBJS);
* **rule post-pruning** (C4.5rules; :mod:`symlearn.learners.trees.rule_post_pruning`):
  the tree's rules are pruned with C4.5's pessimistic error estimate and sorted
  by estimated accuracy, giving an ordered rule list with a default class.

:func:`c45` returns the tree; :func:`c45_rules` the post-pruned rule list.

C4.5 also prunes the tree itself by subtree replacement with the same
pessimistic estimate; that step is not implemented (use reduced-error pruning
on a validation set, :mod:`symlearn.learners.trees.reduced_error_pruning`, or rule
post-pruning).  Thresholds are midpoints, as Mitchell (1997, section 3.7.2)
defines them; C4.5 moves each threshold down to the largest value seen below
it.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> kb = loads('''
... :- attributes(golf, [outlook, temperature, humidity, windy]).
... label(golf(sunny, 85, 85, false), no).    label(golf(sunny, 80, 90, true), no).
... label(golf(overcast, 83, 86, false), yes). label(golf(rainy, 70, 96, false), yes).
... label(golf(rainy, 68, 80, false), yes).   label(golf(rainy, 65, 70, true), no).
... label(golf(overcast, 64, 65, true), yes). label(golf(sunny, 72, 95, false), no).
... label(golf(sunny, 69, 70, false), yes).   label(golf(rainy, 75, 80, false), yes).
... label(golf(sunny, 75, 70, true), yes).    label(golf(overcast, 72, 90, true), yes).
... label(golf(overcast, 81, 75, false), yes). label(golf(rainy, 71, 91, true), no).
... ''')
>>> tree = c45(from_kb(kb, "golf", 4))
>>> print(tree)
outlook = sunny
|   humidity =< 77.5: yes (2)
|   humidity > 77.5: no (3)
outlook = overcast: yes (4)
outlook = rainy
|   windy = false: yes (3)
|   windy = true: no (2)
>>> print(tree.to_clauses()[0])
label(golf(sunny, _, A, _), yes) :-
    A=<77.5.
>>> tree.classify(("?", 70, 90, "false"))            # fractional: 5/14 sunny-no, 9/14 yes
'yes'

References
----------
Quinlan (1993), *C4.5: Programs for Machine Learning*, ch. 2-5; Mitchell
(1997), section 3.7 (3.7.1.2 rule post-pruning, 3.7.2 continuous values, 3.7.3
gain ratio, 3.7.4 missing values).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.encoded import EncodedData
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.hypotheses.rule_set import RuleSet
from symlearn.learners.trees.growing import Progress, TreeOptions, as_encoded, grow_tree
from symlearn.learners.trees.results import (
    OUTPUT_HELP,
    OUTPUT_SUFFIXES,
    tree_learner,
)
from symlearn.learners.trees.rule_post_pruning import post_prune_rules
from symlearn.learners.trees.runs import fit_model, fit_models
from symlearn.learners.trees.selection import measure as make_measure
from symlearn.learners.trees.settings import (
    CostSensitiveSettings,
    measure_option,
    min_leaf_option,
    prune_option,
)

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "C45Settings",
    "c45",
    "c45_options",
    "c45_rules",
    "fit",
    "fit_many",
    "learn",
]

SUMMARY = "C4.5: gain ratio, continuous thresholds, missing values, rule post-pruning."
EXAMPLE = "symlearn learn c45 kb/golf.pl --target golf/4"
TABLES = True


def c45_options(
    *,
    measure: str = "gain-ratio",
    costs: Mapping[str, float] | None = None,
    cost_weight: float = 1.0,
    max_depth: int | None = None,
    min_examples: float = 2.0,
    min_leaf: float = 2.0,
    min_gain: float | None = None,
    significance: float | None = None,
) -> TreeOptions:
    """C4.5's options (:class:`~symlearn.learners.trees.growing.TreeOptions`).

    Parameters
    ----------
    measure
        ``gain-ratio`` (C4.5's, with the average-gain rule) or another measure
        of :mod:`symlearn.learners.trees.selection`.
    costs, cost_weight
        For the cost-sensitive measures.
    max_depth, min_examples, min_leaf, min_gain, significance
        Pre-pruning (see :class:`~symlearn.learners.trees.growing.TreeOptions`);
        ``min_leaf`` is C4.5's MINOBJS, 2.
    """
    return TreeOptions(
        make_measure(measure, costs=costs, weight=cost_weight),
        binary=False,
        max_depth=max_depth,
        min_examples=min_examples,
        min_leaf=min_leaf,
        min_gain=min_gain,
        significance=significance,
    )


def c45(
    data: AttributeValueData | EncodedData,
    *,
    progress: Progress | None = None,
    **options: Any,
) -> DecisionTree:
    """Grow a C4.5 decision tree (see the module docstring).

    Parameters
    ----------
    data
        The labelled examples (``pos``/``neg`` or ``label/2``; ``?`` marks a missing value).
    progress
        Called after each level of the tree.
    **options
        The measure and pre-pruning, as for :func:`c45_options`.

    Returns
    -------
    DecisionTree
    """
    return grow_tree(as_encoded(data), c45_options(**options), progress)


def c45_rules(
    data: AttributeValueData | EncodedData,
    tree: DecisionTree | None = None,
    *,
    confidence: float = 0.25,
    progress: Progress | None = None,
    **options: float | str | Mapping[str, float] | None,
) -> RuleSet:
    """C4.5rules: the tree's rules post-pruned with the pessimistic estimate, sorted.

    Parameters
    ----------
    data
        The training examples.
    tree
        A tree grown from ``data`` (grown with :func:`c45` and ``options`` if omitted).
    confidence
        C4.5's CF, 0.25 by default (smaller prunes more).
    """
    encoded = as_encoded(data)
    if tree is None:
        tree = c45(encoded, progress=progress, **options)
    return post_prune_rules(tree.to_rule_set(), encoded, confidence)


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class C45Settings(CostSensitiveSettings):
    """What ``symlearn learn c45`` can be told: rule post-pruning by default, MINOBJS 2."""

    ALGORITHM: ClassVar[str] = "c45"

    measure: str = measure_option("gain-ratio")
    prune: str = prune_option("rules")
    min_leaf: float = min_leaf_option(2.0)

    def tree_options(self, costs: Mapping[str, float] | None = None) -> TreeOptions:
        """:func:`c45_options` of these settings."""
        return c45_options(**self.tree_keywords(costs), min_leaf=self.min_leaf)


SETTINGS = C45Settings
learn = tree_learner(C45Settings, "a C4.5 tree and its post-pruned rules")
fit = fit_model
fit_many = fit_models
