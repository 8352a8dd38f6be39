"""What a tree-family learner returns: :class:`TreeRun`, and :func:`learn_tree_task` that makes it.

``symlearn learn id3|c45|cart|one-r`` learn from attribute-value examples
(the ``pos``/``neg`` or ``label/2`` examples of a knowledge base, or a CSV
table) and return a :class:`TreeRun`: the tree (OneR: its rules), the rule set
printed as clauses (DESIGN.md section 2: a tree is the rule set of its paths),
the selection measure of every attribute at the root, how it was pruned,
its metrics (training and test accuracy, confusion matrix, confidence
interval, cross-validation, the paired t-test) and the class of every
``instance/1`` example and ``--classify`` atom.

Its text report is Prolog with comments, so it can be consulted; its JSON
has the keys of DESIGN.md section 3 (``algorithm``, ``target``,
``hypothesis``, ``gains``, ``candidate_thresholds``, ``tree``, ``rules``,
``metrics``) and more; :meth:`TreeRun.save` writes the rules (``.pl``) or
draws the tree (``.dot``, ``.svg``, ``.png``).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learners.trees.settings import OneRSettings
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_kb(loads('''
... :- attributes(t, [sky, wind]).
... pos(t(sunny, weak)). pos(t(sunny, strong)). neg(t(rainy, weak)). neg(t(rainy, strong)).
... neg(t(cloudy, weak)).
... '''))
>>> run = learn_tree_task(task, OneRSettings())
>>> run.clauses()
['t(sunny, _).']
>>> run.to_dict()["tree"]["branches"]
{'sunny': {'label': 'pos'}, 'rainy': {'label': 'neg'}, 'cloudy': {'label': 'neg'}}
>>> bool(run.query("t(sunny, calm)")), bool(run.query("t(rainy, calm)"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from symlearn.data.attribute_value import AttributeValueData
from symlearn.evaluation.reports import metric_lines
from symlearn.evaluation.splits import holdout_split
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.hypotheses.rule_set import RuleSet, label_text
from symlearn.learners.trees.growing import Progress
from symlearn.learners.trees.runs import (
    Learned,
    attribute_costs,
    classifications,
    evaluation_metrics,
    fit,
    root_measures,
    stump_dict,
)
from symlearn.learners.trees.settings import TreeLearnerSettings
from symlearn.learning.result import LearnResult, check_suffix, learn_function
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator
from symlearn.render.spec import GraphSpec

__all__ = ["OUTPUT_HELP", "OUTPUT_SUFFIXES", "TreeRun", "learn_tree_task", "tree_learner"]

#: What ``-o`` writes: the rules, or a picture of the tree.
OUTPUT_SUFFIXES = (".pl", ".dot", ".svg", ".png")
OUTPUT_HELP = "Write the rules (.pl) or draw the tree (.dot, .svg, .png)."

TITLES = {"id3": "ID3 tree", "c45": "C4.5 tree", "cart": "CART tree", "one-r": "OneR rules"}
MEASURE_NAMES = {
    "gain": "information gain",
    "gain-ratio": "gain ratio",
    "gini": "Gini impurity reduction",
    "misclassification": "misclassification impurity reduction",
    "tan-schlimmer": "Tan and Schlimmer's Gain^2/Cost",
    "nunez": "Nunez's (2^Gain - 1)/(Cost + 1)^w",
    "accuracy": "training accuracy of the attribute's rules",
}

#: Lines of the tree shown in the text report (the JSON and pictures have all of it).
SHOWN_TREE_LINES = 200


@dataclass(eq=False)
class TreeRun(LearnResult):
    """A tree-family learner run on a task (see the module docstring).

    Attributes
    ----------
    task, settings
        What was learnt, and how.
    learned
        The tree (None for OneR), the final rule set, the pruning.
    train, test
        The examples learnt from and those held out (None: none).
    root
        The JSON of the root measures (``gains``, ``candidate_thresholds`` ...).
    metrics
        The JSON ``metrics``.
    classified
        The classes of the ``instance/1`` examples and ``--classify`` atoms.
    """

    task: LearningTask
    settings: TreeLearnerSettings
    learned: Learned
    train: AttributeValueData
    test: AttributeValueData | None
    root: dict[str, Any]
    metrics: dict[str, Any]
    classified: list[dict[str, Any]]
    algorithm: str = ""
    output_renderer: str | None = field(default=None, init=False)

    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = OUTPUT_SUFFIXES

    @property
    def tree(self) -> DecisionTree | None:
        """The tree learnt (None for OneR)."""
        return self.learned.tree

    @property
    def rules(self) -> RuleSet:
        """The final rule set: the tree's paths, the post-pruned rule list, or OneR's rules."""
        return self.learned.rules

    @property
    def hypothesis(self) -> DecisionTree | RuleSet:
        """What classifies: the tree, or the rule set when it was post-pruned or is OneR's."""
        return self.learned.model

    @property
    def defined(self) -> Indicator:
        """The target for pos/neg examples, ``label/2`` for a multi-class target."""
        return self.task.target if self.rules.is_boolean else ("label", 2)

    def clauses(self) -> list[str]:
        """The rule set as clauses (``["false"]`` when no instance is positive)."""
        return self.rules.clause_strings() or ["false"]

    def classify(self, instance: Sequence[Any]) -> Any:
        """The class of an instance (a tuple of attribute values)."""
        return self.hypothesis.classify(instance)

    # -- JSON and text
    def to_dict(self) -> dict[str, Any]:
        """The JSON: ``algorithm``, ``target``, ``hypothesis``, ``gains``, ``tree`` ..."""
        rules = self.rules.clause_strings()
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "measure": self.settings.selection_measure,
            "hypothesis": self.clauses(),
            "rules": rules,
            **self.root,
            "rule_set": self.rules.to_dict(),
        }
        tree = self.tree
        if tree is not None:
            payload["tree"] = tree.to_dict()
            payload["tree_size"] = {
                "nodes": tree.size,
                "leaves": tree.leaf_count,
                "depth": tree.depth,
            }
            if self.learned.pruning.get("method") == "rules":
                payload["tree_rules"] = tree.to_rule_set().clause_strings()
        else:
            payload["tree"] = stump_dict(self.rules)
        if self.learned.pruning:
            payload["pruning"] = self.learned.pruning
        payload["metrics"] = self.metrics
        payload["classifications"] = self.classified
        if self.output is not None:
            payload["output"] = self.output
            payload["output_renderer"] = self.output_renderer
        return payload

    def report(self) -> list[str]:
        """Prolog with comments: root measures, the tree, the rules, metrics, classifications.

        The rules are printed once: as clauses, or a post-pruned decision list
        as its ordered rules (its clauses, which negate the earlier rules'
        conditions, are written by :meth:`save` and listed in the JSON).  The
        measure of every candidate at each test is in :meth:`messages` with
        ``verbose``.
        """
        lines = [self._heading(), *self._root_lines(), *self._tree_lines()]
        lines += self._pruning_lines()
        if self.learned.pruning.get("method") != "rules":  # a decision list is printed above
            lines += self._rule_lines()
        lines += metric_lines(self.metrics)
        lines += [f"% {entry['instance']}: {entry['label']}" for entry in self.classified]
        if self.output is not None:
            lines.append(f"% written to {self.output}")
        return lines

    def _heading(self) -> str:
        data = self.task.attribute_data
        classes = ", ".join(label_text(c) for c in data.classes)
        return (
            f"% {self.algorithm} on {self.task.name}: "
            f"{self.metrics['train_examples']} training examples, {data.arity} attributes, "
            f"classes {classes}"
        )

    def _root_lines(self) -> list[str]:
        measure = self.settings.selection_measure
        lines = [f"% {MEASURE_NAMES.get(measure, measure)} at the root:"]
        gains, best = self.root["gains"], self.root.get("thresholds", {})
        width = max([len(a) for a in gains] + [1])
        order = sorted(gains, key=lambda a: -(gains[a] if gains[a] is not None else float("-inf")))
        for attribute in order:
            value = gains[attribute]
            shown = "   -   " if value is None else f"{value:.4f}"
            extra = f"  (best threshold {best[attribute]:g})" if attribute in best else ""
            lines.append(f"%   {attribute:<{width}}  {shown}{extra}")
        for attribute, thresholds in self.root.get("candidate_thresholds", {}).items():
            shown = ", ".join(f"{t:g}" for t in thresholds[:12])
            more = " ..." if len(thresholds) > 12 else ""
            lines.append(f"% candidate thresholds of {attribute}: {shown + more or 'none'}")
        return lines

    def _tree_lines(self, scores: bool = False) -> list[str]:
        tree = self.tree
        if tree is None:
            return []
        size = f"{tree.size} nodes, {tree.leaf_count} leaves, depth {tree.depth}"
        measure = self.settings.selection_measure
        measure = MEASURE_NAMES.get(measure, measure)
        if scores:
            heading = (
                f"% tree ({size}); [...]: the {measure} of each candidate attribute "
                "at the test below, 4 decimals:"
            )
        else:
            heading = f"% tree ({size}; -v shows the {measure} of every candidate at each test):"
        lines = [heading]
        text = tree.to_text(scores=scores, root=False)
        lines += [f"%   {line}" for line in text[:SHOWN_TREE_LINES]]
        if len(text) > SHOWN_TREE_LINES:
            hidden = len(text) - SHOWN_TREE_LINES
            lines.append(f"%   ... {hidden} more lines (see --json or -o tree.svg)")
        return lines

    def _pruning_lines(self) -> list[str]:
        pruning = self.learned.pruning
        if pruning.get("method") == "reduced-error":
            return [
                f"% reduced-error pruning on {pruning['validation_examples']} validation "
                f"examples: {pruning['nodes_before']} -> {pruning['nodes_after']} nodes"
            ]
        if pruning.get("method") == "rules":
            return [
                f"% rule post-pruning (CF {pruning['cf']}): {pruning['rules_before']} rules -> "
                f"{pruning['rules_after']} rules, ordered by estimated accuracy:",
                *(f"%   {line}" for line in self.rules.to_text()),
                f"% as {len(self.rules.clause_strings())} clauses (each negating the earlier "
                "rules' conditions): -o FILE.pl writes them, --json lists them",
            ]
        return []

    def _rule_lines(self) -> list[str]:
        clauses = self.rules.clause_strings()
        return ["% rules:", *(clauses or ["% (no clause: no instance is positive)"])]

    def messages(self, verbose: int = 0) -> list[str]:
        """With ``verbose``: the tree with each candidate's measure, and the settings used.

        Also says that the target's own clauses in the files were set aside.
        """
        if not verbose:
            return []
        lines = self._tree_lines(scores=True)
        if self.task.own_clauses:
            lines.append(
                f"% set aside the clauses of {self.task.name} in the files: "
                "a learner never uses the target's own clauses"
            )
        return [*lines, f"% settings: {self.settings}"]

    # -- files
    def graph(self) -> GraphSpec:
        """The tree (OneR: its rules as a one-level tree) as a picture to draw."""
        from symlearn.render.trees import rule_set_graph, tree_graph

        title = f"{TITLES.get(self.algorithm, self.algorithm)} for {self.task.name}"
        if self.tree is not None:
            return tree_graph(self.tree, title)
        return rule_set_graph(self.rules, title)

    def picture_svg(self) -> str | None:
        """The tree (OneR: its rules) as SVG; None when it is too big to draw."""
        from symlearn.render.display import drawing

        return drawing(self.graph)

    def _repr_svg_(self) -> str | None:
        return self.picture_svg()

    def save(self, path: str | Path, *, force: bool = False) -> None:
        """Write the rules (``.pl``) or draw the tree (``.dot``, ``.svg``, ``.png``).

        Raises
        ------
        InvalidParameterError
            For another suffix, or a tree too big to draw.
        OutputError
            When ``path`` is an input file (unless ``force``) or cannot be written.
        """
        check_suffix(path, self.OUTPUT_SUFFIXES)
        if Path(path).suffix.lower() == ".pl":
            self.write(path, force=force)
            renderer = "prolog"
        else:
            from symlearn.render import write_graph

            renderer = write_graph(
                self.graph(), path, self.settings.renderer, inputs=self.task.inputs, force=force
            )
        self.output, self.output_renderer = str(path), renderer


def learn_tree_task(
    task: LearningTask,
    settings: TreeLearnerSettings,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> TreeRun:
    """Run the learner ``settings`` are for on a task (what each module's ``learn`` does).

    The examples held out by ``test_fraction`` are set aside first; the model
    is learnt from the rest, measured, cross-validated with ``cv`` and used to
    classify the file's ``instance/1`` examples and the ``classify`` atoms.

    Raises
    ------
    KBError
        When the task's examples are not attribute-value examples, or a
        ``classify`` atom is not an instance of the target.
    InvalidParameterError
        For costs of unknown attributes, or too few examples to split.
    """
    data = task.attribute_data
    costs = attribute_costs(task, settings)
    train, test = holdout_split(data, settings.test_fraction, settings.seed)
    learned = fit(settings, train, costs, progress)
    classified = classifications(learned.model, data, settings.classify)
    metrics = evaluation_metrics(settings, learned, data, (train, test), costs, progress)
    root = root_measures(settings, train, costs)
    return TreeRun(
        task, settings, learned, train, test, root, metrics, classified, settings.ALGORITHM
    )


#: The learner protocol's ``learn`` function of a tree-family learner.
Learn = Callable[..., TreeRun]


def tree_learner(settings_class: type[TreeLearnerSettings], title: str) -> Learn:
    """The ``learn(task, settings=None, *, progress=None, log=None)`` of one learner.

    Parameters
    ----------
    settings_class
        The learner's settings (``ID3Settings`` ...); by default read from the task's files.
    title
        What it learns, for the docstring (``"an ID3 tree"``).
    """
    return learn_function(
        settings_class,
        lambda task, settings, progress, log: learn_tree_task(
            task, settings, progress=progress, log=log
        ),
        f"{title} from a task's attribute-value examples",
        [("KBError", "When the task's examples are not attribute-value examples.")],
    )
