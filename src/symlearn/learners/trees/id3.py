"""ID3: decision trees by information gain.

ID3(Examples, Target_Attribute, Attributes) grows the tree top-down, choosing
at each node the attribute with the highest information gain
``Gain(S, A) = Entropy(S) - sum_v |S_v|/|S| Entropy(S_v)`` and making one
branch per value of it (Quinlan 1986; Mitchell 1997, section 3.4 and Table 3.1).
Its inductive bias: shorter trees, with high-gain attributes near the root.

This implementation is the shared level-wise grower of
:mod:`symlearn.learners.trees.growing` with

* the ``gain`` measure (or, through ``measure``, any of
  :mod:`symlearn.learners.trees.selection`, e.g. the cost-sensitive
  ``tan-schlimmer`` and ``nunez`` with costs from ``cost/2``),
* one branch per value of a categorical attribute, each attribute at most
  once on a path,
* a continuous attribute tested as ``A =< t`` / ``A > t`` at its best threshold
  (Mitchell 3.7.2), missing values ``?`` as fractional examples, multi-class
  targets (``label/2``), and pre-pruning by depth, node size and gain.

**Defaults are Mitchell's** (Table 3.1): the tree grows until every node is
pure or no attribute is left (``--max-depth`` and ``--min-examples`` stop it
earlier when given).  Quinlan's (1986) chi-square stop is an option,
``--significance ALPHA``: it refuses a split the test finds not associated
with the class, which stops splits on noise but also those whose value shows
only one level further down (two attributes in an XOR: each alone says
nothing).  That is the *horizon effect* of pre-pruning, and the reason C4.5
post-prunes instead (Quinlan 1993, ch. 4; Mitchell 1997, section 3.7.1).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> kb = loads('''
... :- attributes(playtennis, [outlook, temperature, humidity, wind]).
... neg(playtennis(sunny, hot, high, weak)).      neg(playtennis(sunny, hot, high, strong)).
... pos(playtennis(overcast, hot, high, weak)).   pos(playtennis(rain, mild, high, weak)).
... pos(playtennis(rain, cool, normal, weak)).    neg(playtennis(rain, cool, normal, strong)).
... pos(playtennis(overcast, cool, normal, strong)). neg(playtennis(sunny, mild, high, weak)).
... pos(playtennis(sunny, cool, normal, weak)).   pos(playtennis(rain, mild, normal, weak)).
... pos(playtennis(sunny, mild, normal, strong)). pos(playtennis(overcast, mild, high, strong)).
... pos(playtennis(overcast, hot, normal, weak)). neg(playtennis(rain, mild, high, strong)).
... ''')
>>> tree = id3(from_kb(kb, "playtennis", 4))
>>> print(tree)
outlook = sunny
|   humidity = high: neg (3)
|   humidity = normal: pos (2)
outlook = overcast: pos (4)
outlook = rain
|   wind = weak: pos (3)
|   wind = strong: neg (2)
>>> for clause in tree.to_clauses():
...     print(clause)
playtennis(sunny, _, normal, _).
playtennis(overcast, _, _, _).
playtennis(rain, _, _, weak).

Through the learner protocol (what ``symlearn learn id3`` runs), the same
tree from the file, its rules answered by the query engine:

>>> from symlearn.learning import LearningTask
>>> run = learn(LearningTask.from_kb(kb, "playtennis/4"))
>>> for clause in run.clauses():
...     print(clause)
playtennis(sunny, _, normal, _).
playtennis(overcast, _, _, _).
playtennis(rain, _, _, weak).
>>> run.query("playtennis(sunny, hot, normal, weak)")
[{}]

References
----------
Mitchell (1997), section 3.4 (ID3, entropy and information gain), section 3.6
(its inductive bias) and Figure 3.1;
Quinlan (1986), "Induction of decision trees", Machine Learning 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.encoded import EncodedData
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.learners.trees.growing import Progress, TreeOptions, learn_tree
from symlearn.learners.trees.results import (
    OUTPUT_HELP,
    OUTPUT_SUFFIXES,
    tree_learner,
)
from symlearn.learners.trees.runs import fit_model, fit_models
from symlearn.learners.trees.selection import measure as make_measure
from symlearn.learners.trees.settings import (
    CostSensitiveSettings,
    measure_option,
    significance_option,
)

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "ID3Settings",
    "fit",
    "fit_many",
    "id3",
    "id3_options",
    "learn",
]

SUMMARY = "ID3: a decision tree by information gain, printed as rules."
EXAMPLE = "symlearn learn id3 kb/playtennis.pl --target playtennis/4"
TABLES = True


def id3_options(
    *,
    measure: str = "gain",
    costs: Mapping[str, float] | None = None,
    cost_weight: float = 1.0,
    max_depth: int | None = None,
    min_examples: float = 2.0,
    min_gain: float | None = None,
    significance: float | None = None,
) -> TreeOptions:
    """ID3's options (:class:`~symlearn.learners.trees.growing.TreeOptions`).

    Parameters
    ----------
    measure
        The selection measure: ``gain`` (ID3's), or ``gain-ratio``, ``gini``,
        ``misclassification``, ``tan-schlimmer``, ``nunez``.
    costs, cost_weight
        Attribute costs and Nunez's ``w`` for the cost-sensitive measures.
    max_depth, min_examples, min_gain
        Pre-pruning: the deepest test, the smallest node that is split, the
        smallest gain worth a split (``None``: any attribute that separates
        the examples is used, even at zero gain, as in ID3).
    significance
        Pre-pruning: do not split where the chi-square test applies and finds
        the chosen split not significant at this level (e.g. 0.01; Quinlan
        1986).  None (the default, Mitchell's ID3): no test.  The test looks
        one split ahead only, so it refuses a split whose value shows a level
        further down (an XOR of two attributes: the horizon effect).
    """
    return TreeOptions(
        make_measure(measure, costs=costs, weight=cost_weight),
        binary=False,
        max_depth=max_depth,
        min_examples=min_examples,
        min_gain=min_gain,
        significance=significance,
    )


def id3(
    data: AttributeValueData | EncodedData,
    *,
    progress: Progress | None = None,
    **options: Any,
) -> DecisionTree:
    """Learn a decision tree with ID3 (see the module docstring).

    Parameters
    ----------
    data
        The labelled examples (``pos``/``neg`` or ``label/2``; ``?`` marks a missing value).
    progress
        Called after each level of the tree.
    **options
        The measure and pre-pruning, as for :func:`id3_options`.

    Returns
    -------
    DecisionTree
    """
    return learn_tree(data, id3_options(**options), progress)


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class ID3Settings(CostSensitiveSettings):
    """What ``symlearn learn id3`` can be told (see :mod:`~symlearn.learners.trees.settings`)."""

    ALGORITHM: ClassVar[str] = "id3"

    measure: str = measure_option("gain")
    #: Mitchell's ID3 (Table 3.1) grows until a node is pure or no attribute
    #: is left: no chi-square stop unless asked for (``--significance 0.01``).
    significance: float | None = significance_option(None)

    def tree_options(self, costs: Mapping[str, float] | None = None) -> TreeOptions:
        """:func:`id3_options` of these settings."""
        return id3_options(**self.tree_keywords(costs))


SETTINGS = ID3Settings
learn = tree_learner(ID3Settings, "an ID3 tree")
fit = fit_model
fit_many = fit_models
