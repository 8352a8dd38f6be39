"""Learners as model makers: a base learner named on the command line, and its model's classes.

Besides ``learn`` (the whole run: hold-out, metrics, report), an
attribute-value learner's module may define

* ``fit(data, settings) -> model``: the model alone, learnt from all of
  ``data`` (a :class:`~symlearn.hypotheses.decision_tree.DecisionTree`, a
  :class:`~symlearn.hypotheses.rule_set.RuleSet`, naive Bayes ...), with
  ``classes`` and ``classify(instance)`` and, to be asked for a whole table
  at once, ``predict_columns`` or ``predict_encoded``;
* ``fit_many(data, settings, samples) -> list``: the model of each
  :class:`~symlearn.data.columnar.Sample` of ``data`` (its rows, weights and
  attributes), the same models as ``fit`` on each sample alone, made
  together where that is faster (the trees grow all of them level by level);
* ``takes_weights`` on its settings: True when an example's weight
  (:attr:`~symlearn.data.attribute_value.AttributeValueData.weights`) counts
  as that many examples.

Ensembles and the learners from unlabelled data get their members through
it, by name, never importing another family: :class:`BaseLearner` is what
``--base ALGORITHM[:KEY=VALUE,...]`` names (``--base cart:max_depth=1``: a
decision stump), and :func:`class_codes` asks a model for the class of every
row of a table, as positions in the table's classes.

Examples
--------
>>> base = BaseLearner.parse("one-r:min_bucket=3")
>>> base.algorithm, base.settings.min_bucket, base.takes_weights
('one-r', 3, True)
>>> BaseLearner.parse("id3:depth=2")
Traceback (most recent call last):
...
symlearn.errors.InvalidParameterError: --base id3:depth=2: id3 has no setting depth (settings: ...)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.columnar import ColumnarData, Sample, with_weights
from symlearn.errors import InvalidParameterError, KBError
from symlearn.evaluation.cross_validation import predicted_codes
from symlearn.kb.parser import parse_term
from symlearn.learning.registry import ALGORITHMS, learner
from symlearn.learning.settings import Settings
from symlearn.logic.terms import Term

__all__ = ["BaseLearner", "class_codes", "model_learners"]


def model_learners() -> list[str]:
    """The names of the learners whose module has ``fit`` (what ``--base`` may name)."""
    return [name for name in sorted(ALGORITHMS) if callable(getattr(learner(name), "fit", None))]


def _split_assignments(text: str) -> list[str]:
    """``KEY=VALUE`` items separated by commas outside brackets and quotes."""
    items, depth, quoted, start = [], 0, False, 0
    for i, char in enumerate(text):
        if char == "'":
            quoted = not quoted
        elif not quoted and char in "([":
            depth += 1
        elif not quoted and char in ")]":
            depth -= 1
        elif not quoted and depth == 0 and char == ",":
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items if item.strip()]


def _value(text: str, given: str) -> Term:
    try:
        return parse_term(text, "<--base>")
    except KBError:
        raise InvalidParameterError(f"{given}: {text!r} is not a value") from None


@dataclass(frozen=True)
class BaseLearner:
    """A learner that makes members: its name, its module and its settings.

    Attributes
    ----------
    algorithm
        The learner's name (``cart``, ``naive-bayes`` ...).
    settings
        Its settings: the defaults, changed by ``KEY=VALUE`` items.
    text
        How it was written (``cart:max_depth=1``).
    """

    algorithm: str
    settings: Settings
    text: str

    @classmethod
    def parse(cls, text: str, option: str = "--base") -> BaseLearner:
        """Read ``ALGORITHM[:KEY=VALUE,...]``; a KEY is a setting's name or its file key.

        ``option`` names the option in messages.

        Raises
        ------
        InvalidParameterError
            For an unknown learner, one that makes no model to combine, or a bad setting.
        """
        name, _, rest = text.strip().partition(":")
        try:
            module = learner(name)
        except InvalidParameterError as error:
            raise InvalidParameterError(f"{option} {text}: {error}") from None
        if not callable(getattr(module, "fit", None)):
            raise InvalidParameterError(
                f"{option} {text}: {name} makes no model of attribute-value data to combine "
                f"(base learners: {', '.join(model_learners())})"
            )
        values: dict[str, Term] = {}
        for item in _split_assignments(rest):
            key, sep, value = item.partition("=")
            if not sep or not key.strip():
                raise InvalidParameterError(
                    f"{option} {text}: expected ALGORITHM:KEY=VALUE,..., got {item!r}"
                )
            values[key.strip()] = _value(value.strip(), f"{option} {text}")
        try:
            settings = module.SETTINGS.from_terms(values)
        except InvalidParameterError as error:
            raise InvalidParameterError(f"{option} {text}: {error}") from None
        return cls(name, settings, text.strip())

    @property
    def module(self) -> ModuleType:
        """The learner's module."""
        return learner(self.algorithm)

    @property
    def takes_weights(self) -> bool:
        """Whether the learner counts a weighted example as its weight."""
        return bool(getattr(self.settings, "takes_weights", False))

    def fit(self, data: AttributeValueData, weights: np.ndarray | None = None) -> Any:
        """The model learnt from ``data`` (its examples weighted by ``weights``).

        Raises
        ------
        InvalidParameterError
            When ``weights`` are given to a learner that does not take them.
        """
        if weights is not None:
            if not self.takes_weights:
                raise InvalidParameterError(f"{self.text} does not take weighted examples")
            data = with_weights(data, weights)
        return self.module.fit(data, self.settings)

    def fit_many(self, data: ColumnarData, samples: Sequence[Sample]) -> list[Any]:
        """The model of each sample of ``data``: :meth:`fit` of ``sample.of(data)``.

        A learner whose module has ``fit_many`` makes them all together.

        Raises
        ------
        InvalidParameterError
            When a sample has weights and the learner does not take them.
        """
        if any(s.weights is not None for s in samples) and not self.takes_weights:
            raise InvalidParameterError(f"{self.text} does not take weighted examples")
        together = getattr(self.module, "fit_many", None)
        if callable(together):
            return list(together(data, self.settings, samples))
        return [self.module.fit(sample.of(data), self.settings) for sample in samples]

    def __str__(self) -> str:
        return self.text


def class_codes(model: Any, data: ColumnarData, classes: Sequence[Label]) -> np.ndarray:
    """The class ``model`` gives each example of ``data``, as a position in ``classes``.

    ``-1`` where the model gives no class, or one that is not in ``classes``.
    The model is asked for all rows at once when it can be (a tree or naive
    Bayes over the table's attributes, a rule set over its columns).
    """
    codes, own = predicted_codes(model, data)
    position = {(type(c), c): i for i, c in enumerate(classes)}
    lookup = np.array([position.get((type(c), c), -1) for c in own] or [-1], dtype=np.int64)
    return lookup[codes] if len(codes) else np.zeros(0, dtype=np.int64)
