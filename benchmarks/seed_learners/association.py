"""Apriori against mlxtend (``apriori`` + ``association_rules``), end to end from each CSV file.

Both sides read the same CSV file and mine every column, the class included,
as items (attribute=value; a missing value ``?`` is no item): symlearn with
``LearningTask.from_csv(path, None)`` and ``symlearn.learn("apriori", ...)``
(frequent item sets and rules in memory); mlxtend with ``pandas.read_csv``,
``get_dummies`` (one boolean column per attribute=value), ``apriori(...,
use_colnames=True)`` and ``association_rules(metric="confidence")``.  The
thresholds are fractions of the instances: the minimum support 0.3 on
mushroom and house-votes, 0.05 on the numeric table, and the minimum
confidence 0.9.

The 100,000-row numeric table has six continuous attributes, whose
six-decimal numbers are almost all distinct: as items they would be
frequent only for the class.  Association rules need nominal attributes
(Witten & Frank, section 4.5), so both sides read a copy of the table in
which each attribute is cut at its tertiles into ``low``/``mid``/``high``
(written once beside the table).

The row's measure is the number of frequent item sets (``ours`` and
``theirs``); ``rules`` gives both numbers of rules (symlearn's without the
rules with an empty antecedent, which mlxtend does not make) and ``same``
whether the item sets, their supports and the rules are identical, but for
the rules whose confidence is exactly the threshold, which mlxtend's
rounding leaves out (``rules_at_threshold_only_ours``).
"""

from __future__ import annotations

import argparse
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from seed_learners.common import SHIPPED, data_sets, row, timed

#: Minimum support per data set (a fraction of the instances).
SUPPORT = {"mushroom": 0.3, "house-votes": 0.3, "numeric": 0.05}
CONFIDENCE = 0.9


def binned_csv(path: Path) -> Path:
    """The numeric table with each attribute cut at its tertiles (written once)."""
    import pandas as pd

    out = path.with_name(path.stem + "-tertiles.csv")
    if not out.exists():
        frame = pd.read_csv(path)
        for column in frame.columns:
            if column != "class":
                low, high = np.quantile(frame[column], [1 / 3, 2 / 3])
                frame[column] = np.where(
                    frame[column] <= low, "low", np.where(frame[column] <= high, "mid", "high")
                )
        partial = out.with_suffix(".partial")
        frame.to_csv(partial, index=False)
        partial.replace(out)
    return out


def _ours(path: Path, support: float, confidence: float) -> tuple[Any, float]:
    import symlearn
    from symlearn.learning.task import LearningTask

    def run() -> Any:
        task = LearningTask.from_csv(str(path), None)
        return symlearn.learn("apriori", task, min_support=support, min_confidence=confidence)

    return timed(run)


def _theirs(path: Path, support: float, confidence: float) -> tuple[Any, float]:
    import pandas as pd
    from mlxtend.frequent_patterns import apriori, association_rules

    def run() -> Any:
        frame = pd.read_csv(
            path, dtype=str, na_values=["?"], keep_default_na=False, skipinitialspace=True
        )
        items = pd.get_dummies(frame, prefix_sep="=")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = apriori(items, min_support=support, use_colnames=True)
            rules = association_rules(found, metric="confidence", min_threshold=confidence)
        return found, rules

    return timed(run)


def _same(run: Any, found: Any, rules: Any, confidence: float) -> tuple[bool, int, int]:
    """Whether both found the same item sets (with supports) and rules.

    A rule whose confidence is exactly the threshold (189/210 = 0.9) is
    symlearn's and not mlxtend's, which divides the two supports as shares of
    the instances (0.434.../0.482... = 0.8999...): such rules are counted
    apart, not as a difference.  Also returns our rule count and those rules' number.
    """
    ours = {
        frozenset(run.items.names(r)): c
        for level in run.levels
        for r, c in zip(level.items.tolist(), level.counts.tolist())
    }
    theirs = {frozenset(s): round(p * run.items.n) for s, p in zip(found.itemsets, found.support)}
    our_rules = {
        (frozenset(run.items.names(r.antecedent)), frozenset(run.items.names(r.consequent)))
        for r in run.rules
        if r.antecedent
    }
    at_threshold = {
        (frozenset(run.items.names(r.antecedent)), frozenset(run.items.names(r.consequent)))
        for r in run.rules
        if r.antecedent and r.support / r.antecedent_support == confidence
    }
    their_rules = {
        (frozenset(a), frozenset(c)) for a, c in zip(rules.antecedents, rules.consequents)
    }
    same = ours == theirs and our_rules - at_threshold == their_rules - at_threshold
    return same, len(our_rules), len(at_threshold - their_rules)


def rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    from peers import require

    require("mlxtend")
    import mlxtend.frequent_patterns  # noqa: F401  (imports are not what is compared)

    import symlearn.learners.association.apriori  # noqa: F401

    votes = SHIPPED["house-votes"][0]  # one untimed run of each side first
    _ours(votes, 0.5, CONFIDENCE)
    _theirs(votes, 0.5, CONFIDENCE)
    out = []
    for name, path, _ in data_sets(args):
        source = binned_csv(path) if name == "numeric" else path
        support = SUPPORT[name]
        run, seconds = _ours(source, support, CONFIDENCE)
        (found, rules), peer_seconds = _theirs(source, support, CONFIDENCE)
        same, our_rules, at_threshold = _same(run, found, rules, CONFIDENCE)
        out.append(
            row(
                "apriori",
                "mlxtend apriori+association_rules",
                name,
                f"item sets (support {support})",
                run.n_itemsets,
                len(found),
                seconds,
                peer_seconds,
                rules=f"{our_rules}/{len(rules)}",
                same=same,
                rules_at_threshold_only_ours=at_threshold,
            )
        )
    return out
