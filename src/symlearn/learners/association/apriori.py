r"""``symlearn learn apriori``: association rules over attribute-value data.

Every attribute=value of an instance is an item, the class too (an ordinary
attribute here, named after the target; see
:mod:`~symlearn.learners.association.items`).  Apriori finds the item sets
whose support (the number of instances with all their items) reaches the
minimum support (:mod:`~symlearn.learners.association.frequent_itemsets`),
and every split of a frequent item set into an antecedent (zero or more
items) and a consequent (one or more) whose confidence, support(whole) /
support(antecedent), reaches the minimum confidence is a rule
(:mod:`~symlearn.learners.association.association_rules`).  Witten & Frank,
*Data Mining*, section 4.5; Agrawal & Srikant (1994).

A rule is written as clauses, one per consequent item, over one predicate
per attribute whose argument is the value::

    % support 4, confidence 1 (4/4), lift 1.56
    playtennis(pos) :-
        outlook(overcast).

so that a file of rules, with the facts of one instance
(``outlook(overcast). humidity(high).``), answers what the rules conclude
for it (``symlearn query rules.pl 'playtennis(X)'``).  ``-o FILE.pl`` writes
the rules with ``:- table`` for every attribute predicate a rule concludes
(rules run both ways, ``a :- b`` and ``b :- a``; tabling makes every query
terminate) and ``:- dynamic`` for the others, which SWI-Prolog and
``symlearn query`` consult as they are.

Settings: ``--min-support`` is a count of instances (``2``) or a fraction of
them (``0.1``, the default, Weka's lower bound; 2 of the 14 instances of the
weather data, the coverage Witten & Frank use); ``--min-confidence``
(default 0.9, Weka's); ``--max-length`` (the largest item set); and
``--classify ATOM`` (the rules that fire for an instance and what they
conclude).

Examples
--------
>>> from symlearn.learning.task import LearningTask
>>> from symlearn.kb import loads
>>> task = LearningTask.from_kb(loads('''
... :- attributes(basket, [grain, drink]).
... instance(basket(bread, milk)). instance(basket(bread, milk)).
... instance(basket(rolls, water)). instance(basket(rolls, milk)).
... '''))
>>> run = learn(task, AprioriSettings(min_support=2, min_confidence=1.0))
>>> print(*run.report(), sep="\n")
% apriori on basket/2: support at least 2 of 4 instances, confidence at least 1
% 4 frequent item sets (3 of size 1, 1 of size 2)
% 1 rules
% support 2, confidence 1 (2/2), lift 1.33
drink(milk) :-
    grain(bread).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, instance_from_atom
from symlearn.errors import InvalidParameterError
from symlearn.files import write_file
from symlearn.kb.parser import parse_term
from symlearn.learners.association.association_rules import RuleTable, association_rules
from symlearn.learners.association.frequent_itemsets import (
    Level,
    frequent_itemsets,
    minimum_count,
)
from symlearn.learners.association.items import ItemTable, item_table
from symlearn.learning.registry import Progress
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import format_indicator
from symlearn.logic.printer import format_term

__all__ = ["SETTINGS", "AprioriRun", "AprioriSettings", "learn"]

SUMMARY = "Apriori: frequent item sets and association rules (support, confidence)."
EXAMPLE = "symlearn learn apriori kb/playtennis.pl --min-support 2 --min-confidence 1"
TABLES = True
UNSUPERVISED = True

#: The most rules the text report prints.
SHOWN_RULES = 100


@dataclass(frozen=True)
class AprioriSettings(Settings):
    """What ``symlearn learn apriori`` can be told (see the module docstring)."""

    ALGORITHM: ClassVar[str] = "apriori"

    min_support: int | float = option(
        0.1,
        key="min_support",
        metavar="N|F",
        help="Minimum support: a count of instances (2) or a fraction of them (0.1).",
    )
    min_confidence: float = option(
        0.9,
        key="min_confidence",
        minimum=0,
        maximum=1,
        help="Minimum confidence of a rule: support(all) / support(antecedent).",
    )
    max_length: int | None = option(
        None, key="max_length", minimum=1, help="The most items in an item set (default: any)."
    )
    classify: tuple[str, ...] = option(
        (),
        multiple=True,
        metavar="ATOM",
        help="An instance: which rules fire for it and what they conclude (repeatable).",
    )

    def validate(self) -> None:
        """A count is a whole number of at least 1; a fraction lies in (0, 1]."""
        if not 0 <= self.min_confidence <= 1:  # nan too
            raise InvalidParameterError(f"--min-confidence {self.min_confidence} is not in [0, 1]")
        value = self.min_support
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InvalidParameterError(f"min_support must be a number, not {value!r}")
        if isinstance(value, int) and value < 1:
            raise InvalidParameterError(
                f"--min-support {value}: a count of instances is at least 1 "
                "(a fraction is written with a point: 0.1)"
            )
        if isinstance(value, float) and not 0 < value <= 1:
            raise InvalidParameterError(
                f"--min-support {value}: a fraction of the instances lies in (0, 1]; "
                "a count is a whole number (2)"
            )

    def minimum(self, n: int) -> int:
        """The minimum support as a count of the ``n`` instances."""
        if isinstance(self.min_support, int):
            return self.min_support
        return minimum_count(self.min_support, n)


SETTINGS = AprioriSettings


@dataclass(frozen=True)
class Classification:
    """What the rules say about one instance: the rules that fire and what they conclude."""

    instance: str
    items: tuple[str, ...]
    fired: tuple[int, ...]
    conclusions: dict[str, float]

    def to_dict(self, run: AprioriRun) -> dict[str, Any]:
        """JSON: the instance, its items, the rules that fire, each new item's best confidence."""
        return {
            "instance": self.instance,
            "items": list(self.items),
            "rules": [run.rule_dict(i) for i in self.fired],
            "conclusions": self.conclusions,
        }


@dataclass(eq=False)
class AprioriRun(LearnResult):
    """The outcome of :func:`learn`: the frequent item sets and the rules."""

    algorithm: str
    task: LearningTask
    settings: AprioriSettings
    data: AttributeValueData
    items: ItemTable
    minimum: int
    levels: list[Level]
    rules: RuleTable

    @cached_property
    def _supports(self) -> dict[tuple[int, ...], int]:
        return {
            tuple(row): count
            for level in self.levels
            for row, count in zip(level.items.tolist(), level.counts.tolist())
        }

    def lift(self, i: int) -> float:
        """Rule ``i``'s confidence over the share of instances with its consequent."""
        rule = self.rules[i]
        return rule.confidence * self.items.n / self._supports[rule.consequent]

    def rule_clauses(self, i: int) -> list[str]:
        """Rule ``i`` as clauses: one per consequent item, the antecedent the body."""
        rule = self.rules[i]
        body = tuple(self.items.literal(item) for item in rule.antecedent)
        return [str(Clause(self.items.literal(item), body)) for item in rule.consequent]

    def rule_dict(self, i: int) -> dict[str, Any]:
        """JSON of rule ``i``: ``clause``, ``if``, ``then``, ``support``, ``confidence``, ..."""
        rule = self.rules[i]
        return {
            "clause": "\n".join(self.rule_clauses(i)),
            "if": self.items.names(rule.antecedent),
            "then": self.items.names(rule.consequent),
            "support": rule.support,
            "antecedent_support": rule.antecedent_support,
            "confidence": rule.confidence,
            "lift": self.lift(i),
        }

    def rule_comment(self, i: int) -> str:
        """``% support 4, confidence 1 (4/4), lift 1.56`` for rule ``i``."""
        rule = self.rules[i]
        return (
            f"% support {rule.support}, confidence {rule.confidence:.4g} "
            f"({rule.support}/{rule.antecedent_support}), lift {self.lift(i):.3g}"
        )

    def clauses(self) -> list[str]:
        """Every rule's clauses, each clause once, in rule order."""
        seen: dict[str, None] = {}
        for i in range(len(self.rules)):
            for clause in self.rule_clauses(i):
                seen.setdefault(clause, None)
        return list(seen)

    @property
    def n_itemsets(self) -> int:
        """How many frequent item sets there are."""
        return sum(len(level) for level in self.levels)

    @cached_property
    def classifications(self) -> list[Classification]:
        """What the rules say about each ``--classify`` instance."""
        return [self._classify(text) for text in self.settings.classify]

    def _classify(self, text: str) -> Classification:
        atom = parse_term(text, "<--classify>")
        values = instance_from_atom(self.data, atom)
        has = self.items.items_of(values)
        width = self.rules.antecedents.shape[1]
        fired: list[int] = []
        conclusions: dict[str, float] = {}
        if len(self.rules) and width:
            known = np.zeros(len(self.items) + 1, dtype=bool)
            known[list(has)] = True
            known[-1] = True  # the padding (-1) of shorter antecedents
            holds = known[self.rules.antecedents].all(axis=1)
            fired = np.flatnonzero(holds).tolist()
        for i in fired:
            rule = self.rules[i]
            for item in rule.consequent:
                if item not in has:
                    name = self.items.text(item)
                    conclusions[name] = max(conclusions.get(name, 0.0), rule.confidence)
        return Classification(
            format_term(atom), tuple(self.items.names(sorted(has))), tuple(fired), conclusions
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON: ``itemsets``, ``rules`` and, with ``--classify``, ``classification``."""
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "instances": self.items.n,
            "min_support": self.minimum,
            "min_confidence": self.settings.min_confidence,
            "itemsets": [
                {"items": self.items.names(row), "support": count}
                for level in self.levels
                for row, count in zip(level.items.tolist(), level.counts.tolist())
            ],
            "rules": [self.rule_dict(i) for i in range(len(self.rules))],
        }
        if self.settings.classify:
            payload["classification"] = [c.to_dict(self) for c in self.classifications]
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def summary(self) -> list[str]:
        """Comment lines: the thresholds, the item sets per size and the number of rules."""
        sizes = ", ".join(f"{len(level)} of size {level.size}" for level in self.levels)
        support = f"support at least {self.minimum} of {self.items.n} instances"
        return [
            f"% apriori on {self.task.name}: {support}, confidence at least "
            f"{self.settings.min_confidence:g}",
            f"% {self.n_itemsets} frequent item sets" + (f" ({sizes})" if sizes else ""),
            f"% {len(self.rules)} rules"
            if len(self.rules)
            else "% no rule reaches the confidence",
        ]

    def _rule_lines(self, most: int | None = None) -> list[str]:
        lines: list[str] = []
        shown = len(self.rules) if most is None else min(most, len(self.rules))
        for i in range(shown):
            lines.append(self.rule_comment(i))
            lines.extend(self.rule_clauses(i))
        if shown < len(self.rules):
            lines.append(
                f"% ... and {len(self.rules) - shown} more rules "
                "(--json or -o FILE.pl has them all)"
            )
        return lines

    def report(self) -> list[str]:
        """The summary, then the best rules: statistics as a comment, then the clauses.

        At most :data:`SHOWN_RULES` rules are printed (a large data set has
        millions); the JSON and the file of ``-o`` have them all.
        """
        lines = self.summary() + self._rule_lines(SHOWN_RULES)
        for c in self.classifications:
            lines.append(f"% {c.instance}: {len(c.fired)} rules fire")
            for name, confidence in c.conclusions.items():
                lines.append(f"%   {name} (confidence {confidence:.4g})")
        return lines

    def program(self, header: Sequence[str] = ()) -> str:
        """The rules as a Prolog file: ``:- dynamic`` per attribute predicate, then the rules."""
        names = " ".join(Path(s).name for s in self.task.sources)
        first = f"association rules of {self.task.name} by symlearn learn apriori" + (
            f" from {names}." if names else "."
        )
        heads = {name for r in self.rules for name in self._names(r.consequent)}
        every = dict.fromkeys(self._names(range(len(self.items))))
        lines = [f"% {first}", *(f"% {h}" for h in header), *self.summary()]
        # the rules are cyclic (a => b and b => a): tabling makes every query terminate
        lines += [f":- table {p}." for p in every if p in heads]
        lines += [f":- dynamic {p}." for p in every if p not in heads]
        return "\n".join([*lines, *self._rule_lines()]) + "\n"

    def _names(self, items: Sequence[int] | range) -> list[str]:
        """The predicate of each item, as ``name/1`` (quoted where Prolog needs it)."""
        attributes, of = self.items.attributes, self.items.attribute_of
        return [format_indicator((attributes[of[i]], 1)) for i in items]

    def write(self, path: str | Path, *, force: bool = False) -> None:
        """Write :meth:`program` to ``path`` (never over an input file)."""
        write_file(path, self.program(), inputs=self.task.inputs, force=force)


def learn(
    task: LearningTask,
    settings: AprioriSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> AprioriRun:
    """Mine the task's instances for frequent item sets and association rules.

    Parameters
    ----------
    task
        Any attribute-value task; every instance counts, labelled or not
        (:attr:`~symlearn.learning.task.LearningTask.instance_data`).
    settings
        The thresholds (see the module docstring).
    progress, log
        Callbacks: progress per item-set size; the counts per level on ``-v``.

    Raises
    ------
    InvalidParameterError
        For a minimum support or confidence out of range.

    References
    ----------
    Agrawal & Srikant (1994), "Fast algorithms for mining association rules";
    Witten & Frank, *Data Mining*, section 4.5.
    """
    settings = settings if settings is not None else AprioriSettings.from_task(task)
    data = task.instance_data
    minimum = settings.minimum(data.n_examples)
    items = item_table(data, minimum)
    levels = frequent_itemsets(
        items.bitmaps,
        minimum,
        groups=items.attribute_of,
        max_length=settings.max_length,
        progress=progress,
    )
    if log is not None:
        for level in levels:
            log(1, f"% {len(level)} frequent item sets of size {level.size}")
    rules = association_rules(levels, items.n, settings.min_confidence)
    return AprioriRun("apriori", task, settings, data, items, minimum, levels, rules)
