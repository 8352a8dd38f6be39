"""Sequential covering with learn-one-rule (beam search), and CN2-style ordered rule lists.

Sequential covering (Mitchell 1997, section 10.2, Table 10.1) learns one
rule at a time: it asks learn-one-rule for the best rule
(:mod:`~symlearn.learners.rules.learn_one_rule`: a general-to-specific beam
search of width k, scored by relative frequency, the m-estimate or entropy),
adds that rule to the set, removes the examples it covers, and repeats while
the rule's performance stays above a threshold.

**Two kinds of result** (:class:`~symlearn.hypotheses.rule_set.RuleSet`):

* a **rule set for a chosen class** with **default-negative**
  classification ("Variations"): learn-one-rule looks only for rules
  concluding that class (the measure is taken for that class), the covered
  examples of that class are removed after each rule, and an instance no rule
  matches gets the default (the negative class);
* a **CN2-style ordered rule list** (Clark and Niblett 1989) for multi-class
  targets: each rule concludes the majority class of what it matches, every
  example it matches is removed, and the default rule gives the majority
  class of what is left.  The first rule that matches decides.

**Post-pruning** (optional, "Variations"): a fraction of the training
examples is held out (stratified, seeded); after learning on the rest, each
rule's preconditions are removed greedily while the rule set's accuracy on the
held-out examples does not decrease (ties favour the shorter rule).

No rule of the result is covered by another: a rule whose preconditions
include all of another rule's (of the same class in a set; any earlier rule
in a list) is dropped, and in a rule set, so is a rule whose training examples
the other rules already cover.

``symlearn learn sequential-covering`` runs :func:`learn` (the learner
protocol): the rules of a task's attribute-value examples (a knowledge base's
``pos``/``neg`` or ``label/2`` examples, or a CSV table), with
``--test-fraction`` held out to measure them; its result is a
:class:`CoveringRun`.

Functions
---------
sequential_covering, learn; learn_one_rule and performance (re-exported from
:mod:`~symlearn.learners.rules.learn_one_rule`)

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> kb = loads('''
... :- attributes(play, [outlook, wind]).
... pos(play(overcast, weak)). pos(play(overcast, strong)). pos(play(rain, weak)).
... neg(play(rain, strong)). neg(play(sunny, weak)). neg(play(sunny, strong)).
... ''')
>>> result = sequential_covering(from_kb(kb, "play", 2))
>>> for clause in result.rule_set.clause_strings():
...     print(clause)
play(overcast, _).
play(rain, weak).

Through the learner protocol, the rules answer queries:

>>> from symlearn.learning import LearningTask
>>> run = learn(LearningTask.from_kb(kb, "play/2"))
>>> run.clauses()
['play(overcast, _).', 'play(rain, weak).']
>>> [bool(run.query(goal)) for goal in ("play(rain, weak)", "play(rain, strong)")]
[True, False]

References
----------
Mitchell, T. (1997). Machine Learning, ch. 10.2-10.3.  Clark, P. and Niblett,
T. (1989). The CN2 induction algorithm. Machine Learning 3, 261-283.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.encoded import EncodedData
from symlearn.errors import InvalidParameterError, require
from symlearn.evaluation.reports import holdout_metrics
from symlearn.evaluation.splits import holdout_split, train_test_split
from symlearn.hypotheses.rule_set import Rule, RuleSet, label_text
from symlearn.learners.rules.learn_one_rule import (
    MEASURES,
    FoundRule,
    RuleStep,
    attribute_tests,
    find_rule,
    learn_one_rule,
    performance,
)
from symlearn.learners.rules.rule_sets import (
    Trace,
    class_index,
    covers,
    default_class,
    post_prune,
    to_encoded,
    with_statistics,
    without_covered_rules,
)
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator

__all__ = [
    "MEASURES",
    "SETTINGS",
    "CoveringResult",
    "CoveringRun",
    "SequentialCoveringSettings",
    "fit",
    "learn",
    "learn_one_rule",
    "performance",
    "sequential_covering",
]

SUMMARY = "Learn rules by sequential covering (learn-one-rule beam search; CN2 lists)."
EXAMPLE = "symlearn learn sequential-covering kb/playtennis.pl --target playtennis/4"
TABLES = True
OUTPUT_HELP = "Write the rules to this .pl file."

#: A progress callback: ``progress(stage, done, total)``.
Progress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True)
class CoveringResult:
    """What :func:`sequential_covering` learnt.

    ``searches[i]`` is the search's path to ``rule_set.rules[i]``: the tests
    in the order learn-one-rule added them, with the measure before and after
    each (over the examples not yet covered when the rule was learnt).  A
    test post-pruning removed is still listed (``pruned`` in :meth:`clauses`).
    """

    rule_set: RuleSet
    scores: tuple[float, ...]
    measure: str
    beam: int
    ordered: bool
    pruned: int = 0
    removed: int = 0
    notes: tuple[str, ...] = ()
    searches: tuple[tuple[RuleStep, ...], ...] = ()

    def clauses(self, data: AttributeValueData | EncodedData) -> list[dict[str, Any]]:
        """Per rule: its clause, the training examples it covers, its literals as searched.

        ``literals`` lists the tests in the order the search added them, each
        with ``before``/``after`` (the measure), ``gain`` (their difference),
        ``p_before``/``t_before`` and ``p``/``t`` (examples of the rule's class
        among those matched) and ``pruned`` (post-pruning removed it).
        """
        encoded = to_encoded(data)
        rule_set = self.rule_set
        found = []
        for i, rule in enumerate(rule_set.rules):
            alone = RuleSet(rule_set.target, rule_set.attributes, (rule,), rule_set.classes)
            texts = alone.clause_strings()
            target = class_index(encoded, rule.label)
            covered = covers(rule, encoded)
            hits = int(np.count_nonzero(covered & (encoded.y == target)))
            steps = self.searches[i] if i < len(self.searches) else ()
            found.append(
                {
                    "clause": texts[0] if texts else str(rule),
                    "positives": hits,
                    "negatives": int(np.count_nonzero(covered)) - hits,
                    "literals": [
                        {**step.to_dict(), "pruned": _pruned(step, rule)} for step in steps
                    ],
                }
            )
        return found

    def search_lines(self) -> list[str]:
        """The search's path to each rule as a table: the literal, p/t and the measure."""
        lines = []
        for i, (rule, steps) in enumerate(zip(self.rule_set.rules, self.searches), 1):
            if not steps:
                continue
            lines.append(f"rule {i}, as learn-one-rule built it ({self.measure}, 4 decimals):")
            first = steps[0]
            rows = [("(no test)", f"{first.p_before}/{first.t_before}", first.before)]
            for step in steps:
                mark = " (pruned)" if _pruned(step, rule) else ""
                rows.append((f"+ {step.condition}{mark}", f"{step.p}/{step.t}", step.after))
            width = max(len(r[0]) for r in rows)
            lines += [f"  {text:<{width}}  p/t {pt:<7} {value:.4f}" for text, pt, value in rows]
        return lines

    def to_dict(self) -> dict[str, Any]:
        """JSON form (rules, clause strings, scores: null for a rule post-pruning changed)."""
        return {
            **self.rule_set.to_dict(),
            "measure": self.measure,
            "beam": self.beam,
            "scores": [s if math.isfinite(s) else None for s in self.scores],
            "pruned_conditions": self.pruned,
            "removed_rules": self.removed,
        }


def _pruned(step: RuleStep, rule: Rule) -> bool:
    """Whether post-pruning removed the step's test from the rule.

    A test merged into a tighter one on the same attribute (``a > 3`` then
    ``a > 5``) is not pruned: the tighter test implies it.
    """
    if step.condition in rule.conditions:
        return False
    same = [c for c in rule.conditions if c.index == step.condition.index]
    return not any(c.op == step.condition.op for c in same)


def sequential_covering(
    data: AttributeValueData | EncodedData,
    *,
    target_class: Label | None = None,
    ordered: bool | None = None,
    measure: str | None = None,
    beam: int = 5,
    m: float = 2.0,
    threshold: float | None = None,
    min_covered: int = 1,
    prune_fraction: float = 0.0,
    seed: int = 0,
    trace: Trace | None = None,
    progress: Progress | None = None,
) -> CoveringResult:
    """Learn a rule set (one class, default negative) or an ordered rule list (CN2).

    Parameters
    ----------
    data
        Labelled attribute-value examples (``pos``/``neg`` or ``label/2``).
    target_class
        The class to learn rules for (rule-set mode).  Default: ``True`` for
        pos/neg data; None (an ordered list) for multi-class data.
    ordered
        Force an ordered CN2 list (True) or a rule set (False).
    measure
        ``"relative-frequency"``, ``"m-estimate"`` or ``"entropy"``.  Default:
        relative frequency of the chosen class for a rule set (``n_c / n``,
        Mitchell 1997, section 10.3), entropy for a CN2 list.
    beam
        The beam width k of learn-one-rule.
    m
        The m-estimate's m.
    threshold
        Stop when the best rule's performance is not above it (default: no
        threshold; stop when no rule helps).
    min_covered
        The fewest examples a rule may match.
    prune_fraction
        Hold out this fraction for post-pruning preconditions (0: no pruning).
    seed
        Seed of the pruning split.
    trace, progress
        Callbacks for ``-v`` and long runs.

    Raises
    ------
    InvalidParameterError
        For an unknown measure, a bad beam width or pruning fraction, or a
        class the data does not have.
    """
    require(
        data,
        (AttributeValueData, EncodedData),
        "data",
        "AttributeValueData (symlearn.from_kb, from_csv or from_records)",
    )
    if not 0.0 <= prune_fraction < 1.0:
        raise InvalidParameterError("the pruning fraction must be in [0, 1)")
    encoded = to_encoded(data)
    say = trace or (lambda level, message: None)
    if ordered is None:
        ordered = target_class is None and not encoded.is_boolean
    if target_class is None and not ordered:
        target_class = True if encoded.is_boolean else None
        if target_class is None:
            raise InvalidParameterError("a rule set for multi-class data needs a class")
    target = None if ordered else class_index(encoded, target_class)
    if measure is None:
        measure = "entropy" if ordered else "relative-frequency"
    if measure not in MEASURES:
        raise InvalidParameterError(f"unknown measure {measure!r}; use one of {list(MEASURES)}")
    grow, prune = _split(encoded, prune_fraction, seed)
    found = _cover(encoded, grow, target, measure, beam, m, threshold, min_covered, say, progress)
    rules = [f.rule for f in found]
    if ordered and rules and not rules[-1].conditions:
        # A last rule with no precondition is the default rule of the list.
        default = rules.pop().label
        found.pop()
    else:
        default = default_class(encoded, grow, rules, target, ordered)
    rule_set = RuleSet(
        encoded.target,
        tuple(a.name for a in encoded.attributes),
        tuple(rules),
        (True, False) if encoded.is_boolean else encoded.classes,
        default,
        ordered,
    )
    pruned = 0
    if prune is not None and len(prune):
        rule_set, pruned = post_prune(rule_set, encoded, prune, say)
    searched = rule_set.rules  # rule i here is (the pruning of) found[i]
    rule_set, removed = without_covered_rules(rule_set, encoded, grow)
    rule_set = with_statistics(rule_set, encoded, grow)
    if removed:
        say(1, f"removed {removed} rule(s) that other rules cover")
    origin = _positions(rule_set.rules, searched)
    kept = [found[i].score if rules[i] == r else math.nan for r, i in zip(rule_set.rules, origin)]
    return CoveringResult(
        rule_set,
        tuple(kept),
        measure,
        beam,
        ordered,
        pruned,
        removed,
        searches=tuple(found[i].steps for i in origin),
    )


def _positions(kept: Sequence[Rule], searched: Sequence[Rule]) -> list[int]:
    """Where each rule of ``kept`` (a subsequence of ``searched``) stands in ``searched``."""
    positions, start = [], 0
    for rule in kept:
        start = next(i for i in range(start, len(searched)) if searched[i] == rule)
        positions.append(start)
        start += 1
    return positions


def _split(data: EncodedData, fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray | None]:
    everything = np.ones(data.n_rows, dtype=bool)
    if fraction <= 0:
        return everything, None
    train, held = train_test_split(data.y.tolist(), test_fraction=fraction, seed=seed)
    grow = np.zeros(data.n_rows, dtype=bool)
    grow[np.asarray(train, dtype=np.int64)] = True
    return grow, np.asarray(held, dtype=np.int64)


def _cover(
    data: EncodedData,
    grow: np.ndarray,
    target: int | None,
    measure: str,
    beam: int,
    m: float,
    threshold: float | None,
    min_covered: int,
    say: Trace,
    progress: Progress | None,
) -> list[FoundRule]:
    """The covering loop (Mitchell Table 10.1): each rule with the search's path to it."""
    active = grow.copy()
    tests = attribute_tests(data, np.flatnonzero(grow))
    onehot_counts = np.bincount(data.y[grow], minlength=len(data.classes)).astype(np.float64)
    priors = onehot_counts / max(onehot_counts.sum(), 1.0)
    found_rules: list[FoundRule] = []
    wanted = (
        int(np.count_nonzero(data.y[grow] == target)) if target is not None else int(grow.sum())
    )
    while True:
        remaining = active & (data.y == target) if target is not None else active
        left = int(np.count_nonzero(remaining))
        if progress is not None:
            progress("examples covered", wanted - left, wanted)
        if not left:
            break
        found = find_rule(
            data,
            active,
            target=target,
            measure=measure,
            beam=beam,
            m=m,
            min_covered=min_covered,
            priors=priors,
            _tests_cache=tests,
        )
        if found is None:
            break
        rule, score = found.rule, found.score
        if threshold is not None and score <= threshold:
            say(1, f"best rule {rule} scores {score:.4f} <= threshold {threshold}: stop")
            break
        matched = covers(rule, data) & active
        if target is not None:
            newly = matched & (data.y == target)
            if rule.correct is not None and rule.correct <= (rule.covered or 0) / 2:
                say(1, f"best rule {rule} is not mostly of its class: stop")
                break
        else:
            newly = matched
        if not newly.any():
            break
        say(
            1,
            f"rule {len(found_rules) + 1}: {rule}  ({measure} {score:.4f}, "
            f"{int(rule.correct or 0)}/{int(rule.covered or 0)} correct)",
        )
        for step in found.steps:
            say(
                1,
                f"  + {step.condition}: p/t {step.p_before}/{step.t_before} -> "
                f"{step.p}/{step.t}, {measure} {step.before:.4f} -> {step.after:.4f}",
            )
        found_rules.append(found)
        active &= ~newly
    return found_rules


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class SequentialCoveringSettings(Settings):
    """What ``symlearn learn sequential-covering`` can be told."""

    ALGORITHM: ClassVar[str] = "sequential-covering"

    target_class: str | None = option(
        None,
        cli="class",
        metavar="CLASS",
        help="Learn rules for this class only (default-negative rule set).",
    )
    ordered: bool | None = option(
        None,
        cli="ordered/unordered",
        help="A CN2-style ordered list (default for multi-class data) or a rule set.",
    )
    measure: str | None = option(
        None,
        choices=MEASURES,
        help="Rule performance measure (default: relative frequency of the class for a rule "
        "set, entropy for an ordered list).",
    )
    beam: int = option(5, minimum=1, help="Beam width k.")
    m: float = option(2.0, minimum=0, help="The m-estimate's m.")
    threshold: float | None = option(None, help="Stop when the best rule scores no more.")
    min_covered: int = option(1, minimum=1, help="Fewest examples a rule may match.")
    prune_fraction: float = option(
        0.0,
        cli="prune",
        minimum=0,
        maximum=0.9,
        help="Hold out this fraction to post-prune preconditions.",
    )
    test_fraction: float = option(
        0.0,
        minimum=0,
        maximum=0.9,
        help="Hold out this fraction (stratified) and report test accuracy.",
    )
    seed: int = option(0, help="Seed for the splits.")


SETTINGS = SequentialCoveringSettings


def class_label(data: AttributeValueData, value: Any) -> Label | None:
    """The class ``value`` names (``--class``: ``pos``/``neg`` or the class as written).

    Raises
    ------
    InvalidParameterError
        When ``value`` is not a class of the data.
    """
    if value is None:
        return None
    for label in data.classes:
        if type(label) is type(value) and label == value:
            return label
        if label_text(label) == value or (type(label) is not bool and str(label) == value):
            return label
    raise InvalidParameterError(
        f"{value} is not a class of {data.target} "
        f"(classes: {', '.join(label_text(c) for c in data.classes)})"
    )


@dataclass(eq=False)
class CoveringRun(LearnResult):
    """Sequential covering run on a task: the rules, their statistics and metrics.

    Attributes
    ----------
    task, settings
        What was learnt, and how.
    result
        The rule set or list, with each rule's score.
    train, test
        The examples learnt from and those held out (None: none).
    metrics
        The JSON ``metrics`` (training and, with a test set, test accuracy ...).
    """

    task: LearningTask
    settings: SequentialCoveringSettings
    result: CoveringResult
    train: AttributeValueData
    test: AttributeValueData | None
    metrics: dict[str, Any]
    algorithm: str = "sequential-covering"

    @property
    def rule_set(self) -> RuleSet:
        """The rules learnt."""
        return self.result.rule_set

    @property
    def defined(self) -> Indicator:
        """The target for pos/neg examples, ``label/2`` for a multi-class target."""
        return self.task.target if self.rule_set.is_boolean else ("label", 2)

    def clauses(self) -> list[str]:
        """The rules as clauses (``["false"]`` when there is none)."""
        return self.rule_set.clause_strings() or ["false"]

    def to_dict(self) -> dict[str, Any]:
        """``algorithm``, ``target``, ``hypothesis``, ``clauses``, ``rules``, ``metrics`` ..."""
        learnt = {k: v for k, v in self.result.to_dict().items() if k not in ("clauses", "rules")}
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "clauses": self.result.clauses(self.train),
            "rules": self.rule_set.to_text(),
            "metrics": self.metrics,
            **learnt,
        }
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The rules, each rule's search path, training and test accuracy.

        A rule set is printed as its clauses and its rules with their
        coverage; a decision list (``ordered``) as its rules only, once: its
        clauses, which negate the earlier rules' conditions, are written by
        ``-o`` and listed in the JSON.
        """
        rules = [f"% {line}" for line in self.rule_set.to_text()]
        if self.rule_set.ordered and self.rule_set.rules:
            count = len(self.rule_set.clause_strings())
            lines = [
                *rules,
                f"% as {count} clauses (each negating the earlier rules' conditions): "
                "-o FILE.pl writes them, --json lists them",
            ]
        else:
            lines = [*self.clauses(), *rules]
        lines += [f"% {line}" for line in self.result.search_lines()]
        lines.append(f"% training accuracy {self.metrics['train_accuracy']:.4f}")
        if self.metrics.get("test_accuracy") is not None:
            accuracy, count = self.metrics["test_accuracy"], self.metrics["test_examples"]
            lines.append(f"% test accuracy {accuracy:.4f} on {count} examples")
        return lines

    def program(self, header: Sequence[str] = ()) -> str:
        """The rules as a file, with the rule list as comments."""
        return super().program([*self.rule_set.to_text(), *header])


def fit(data: AttributeValueData, settings: SequentialCoveringSettings) -> RuleSet:
    """The rule set alone, learnt from all of ``data`` (the protocol's ``fit``).

    What ensembles build their members with; nothing is held out or measured.
    """
    return sequential_covering(
        data,
        target_class=class_label(data, settings.target_class),
        ordered=settings.ordered,
        measure=settings.measure,
        beam=settings.beam,
        m=settings.m,
        threshold=settings.threshold,
        min_covered=settings.min_covered,
        prune_fraction=settings.prune_fraction,
        seed=settings.seed,
    ).rule_set


def learn(
    task: LearningTask,
    settings: SequentialCoveringSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> CoveringRun:
    """Sequential covering on a task's attribute-value examples (the learner protocol).

    The examples held out by ``test_fraction`` are set aside first; ``log``
    receives the search's explanations (each rule, each pruning step).

    Raises
    ------
    KBError
        When the task's examples are not attribute-value examples.
    InvalidParameterError
        For a class the data does not have, or a rule set of a multi-class
        target without one.
    """
    settings = settings or SequentialCoveringSettings.from_task(task)
    train, test = holdout_split(task.attribute_data, settings.test_fraction, settings.seed)
    result = sequential_covering(
        train,
        target_class=class_label(train, settings.target_class),
        ordered=settings.ordered,
        measure=settings.measure,
        beam=settings.beam,
        m=settings.m,
        threshold=settings.threshold,
        min_covered=settings.min_covered,
        prune_fraction=settings.prune_fraction,
        seed=settings.seed,
        trace=log,
        progress=progress,
    )
    metrics = holdout_metrics(result.rule_set, train, test, label_name=label_text)
    return CoveringRun(task, settings, result, train, test, metrics)
