"""An ensemble as one model: its members, their votes, and how an instance is classified.

An :class:`Ensemble` holds the models its base learners made
(:class:`Member`: the model, its vote weight, the attributes it sees) and
classifies as the ensemble method says (Witten, Frank and Hall 2011,
Data Mining, 3rd ed., ch. 8):

* by **weighted vote** (bagging and randomisation: every vote 1;
  AdaBoost.M1: ``-log(e / (1 - e))``): the class with the highest summed
  weight, ties going to the class listed first;
* by a **level-1 model** (stacking): the members' classes are the attributes
  of a level-1 instance, which the meta model classifies.

It is a model like any other (``classes``, ``attributes``, ``classify``,
``predict_columns``), so it is measured and cross-validated as any model is.
:meth:`Ensemble.explain` says how one instance was
classified: each member's class and vote, the votes per class.

Examples
--------
>>> from symlearn.data.attribute_value import Attribute
>>> from symlearn.hypotheses.rule_set import Condition, Rule, RuleSet
>>> sky = (Attribute("sky", ("sunny", "rainy")),)
>>> def stump(label):
...     rule = Rule((Condition("sky", 0, "=", "sunny"),), label)
...     return RuleSet("t", ("sky",), (rule,), (True, False), default=not label)
>>> ensemble = Ensemble("t", sky, (True, False),
...                     (Member(stump(True), 2.0), Member(stump(False), 0.5)))
>>> ensemble.classify(("sunny",)), ensemble.classify(("rainy",))
(True, False)
>>> ensemble.explain(("rainy",))["votes"]
{'pos': 0.5, 'neg': 2.0}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.data.attribute_value import Attribute, Label
from symlearn.data.columnar import ColumnarData, select_attributes
from symlearn.data.encoded import EncodedData, code_dtype, encode_columns
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.hypotheses.rule_set import label_text
from symlearn.hypotheses.tree_arrays import predict_trees
from symlearn.learning.models import class_codes
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = ["Ensemble", "Member", "level1_attributes", "view"]

#: How many tables' member codes an ensemble remembers (the training and the test examples).
REMEMBERED = 2


@dataclass(frozen=True)
class Member:
    """One member of an ensemble.

    Attributes
    ----------
    model
        What its base learner made (a tree, a rule set, naive Bayes ...).
    weight
        Its vote (1 for bagging; ``-log(e / (1 - e))`` for AdaBoost.M1).
    learner
        The base learner, as ``--base`` names it.
    columns
        The attributes it was learnt from and classifies on (their positions),
        or None for all of them (randomisation learns from a subset).
    error
        AdaBoost.M1: its error ``e`` on the weighted training examples.
    """

    model: Any
    weight: float = 1.0
    learner: str = ""
    columns: tuple[int, ...] | None = None
    error: float | None = None


def view(data: ColumnarData, columns: tuple[int, ...] | None) -> ColumnarData:
    """The table restricted to the attributes at ``columns`` (all of it for None)."""
    return data if columns is None else select_attributes(data, columns)


def level1_attributes(count: int, classes: Sequence[Label]) -> tuple[Attribute, ...]:
    """Stacking's level-1 attributes ``m1 ... mk``: each member's class (``pos``/``neg`` ...)."""
    values = tuple(_class_value(c) for c in classes)
    return tuple(Attribute(f"m{i + 1}", values) for i in range(count))


def _class_value(label: Label) -> Term:
    return label_text(label) if type(label) is bool else label


@dataclass(frozen=True, eq=False)
class Ensemble:
    """Members and how they are combined (see the module docstring).

    Attributes
    ----------
    target
        The target predicate's name.
    attributes
        The attributes, in argument order.
    classes
        The classes, in the order ties are broken.
    members
        The members.
    meta
        Stacking's level-1 model over :func:`level1_attributes` (None: a weighted vote).
    """

    target: str
    attributes: tuple[Attribute, ...]
    classes: tuple[Label, ...]
    members: tuple[Member, ...]
    meta: Any = None
    #: The members' codes of the last tables asked about (see :meth:`member_codes`).
    _asked: list[tuple[tuple[np.ndarray, ...], np.ndarray]] = field(
        default_factory=list, repr=False, compare=False
    )

    @property
    def is_boolean(self) -> bool:
        """True for a pos/neg target."""
        return all(type(c) is bool for c in self.classes)

    def table(self, columns: Sequence[np.ndarray]) -> ColumnarData:
        """Encoded columns of this ensemble's attributes as a table (classes unknown)."""
        n = int(columns[0].shape[0]) if columns else 0
        encoded = EncodedData(
            self.target, self.attributes, tuple(columns), np.zeros(n, np.int32), self.classes
        )
        return ColumnarData(encoded)

    def member_codes(self, data: ColumnarData) -> np.ndarray:
        """Each member's class of each row, ``(members, rows)`` positions in :attr:`classes`.

        ``-1`` where a member gives no class.
        """
        columns = tuple(data.encoded.columns)
        for asked, codes in self._asked:
            if len(asked) == len(columns) and all(a is c for a, c in zip(asked, columns)):
                return codes  # the same table again (measured, then its error curve drawn)
        rows = data.n_examples
        codes = np.full((len(self.members), rows), -1, dtype=np.int64)
        trees = [m.model for m in self.members]
        if len(trees) > 1 and all(isinstance(t, DecisionTree) for t in trees):
            # all members' trees at once, each on its own attributes
            own = predict_trees(trees, columns, [m.columns for m in self.members])
            position = {(type(c), c): i for i, c in enumerate(self.classes)}
            for i, tree in enumerate(trees):
                lookup = [position.get((type(c), c), -1) for c in tree.classes]
                codes[i] = np.asarray(lookup, dtype=np.int64)[own[i]]
        else:
            for i, member in enumerate(self.members):
                codes[i] = class_codes(member.model, view(data, member.columns), self.classes)
        if columns:
            self._asked[:] = [*self._asked[-(REMEMBERED - 1) :], (columns, codes)]
        return codes

    def votes(self, codes: np.ndarray) -> np.ndarray:
        """The summed vote of each class per row, ``(rows, classes)``, from member codes."""
        totals = np.zeros((codes.shape[1], len(self.classes)))
        for member, row_codes in zip(self.members, codes):
            said = row_codes >= 0
            totals[np.flatnonzero(said), row_codes[said]] += member.weight
        return totals

    def level1(self, codes: np.ndarray, y: np.ndarray | None = None) -> ColumnarData:
        """Stacking's level-1 instances: one attribute per member, its class (``?``: none).

        ``y`` are their classes (positions in :attr:`classes`), when known.
        """
        attributes = level1_attributes(len(self.members), self.classes)
        dtype = code_dtype(len(self.classes))
        columns = tuple(np.asarray(c, dtype=dtype) for c in codes)
        classes = np.zeros(codes.shape[1], np.int32) if y is None else np.asarray(y, np.int32)
        encoded = EncodedData(f"{self.target}_level1", attributes, columns, classes, self.classes)
        return ColumnarData(encoded)

    def decide(self, codes: np.ndarray) -> np.ndarray:
        """The ensemble's class of each row (positions in :attr:`classes`) from member codes."""
        if self.meta is not None:
            return class_codes(self.meta, self.level1(codes), self.classes)
        return np.argmax(self.votes(codes), axis=1)  # the first of equal votes

    # -- the model protocol
    def predict_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """Class positions for encoded columns of :attr:`attributes`."""
        return self.decide(self.member_codes(self.table(columns)))

    def classify(self, instance: Sequence[Term]) -> Label | None:
        """The ensemble's class of one instance (None when stacking's meta model gives none)."""
        code = int(self.predict_columns(encode_columns(self.attributes, [instance]))[0])
        return self.classes[code] if code >= 0 else None

    def predict(self, instances: Sequence[Sequence[Term]]) -> list[Label | None]:
        """:meth:`classify` of each instance, all at once."""
        if not instances:
            return []
        codes = self.predict_columns(encode_columns(self.attributes, instances))
        return [self.classes[int(c)] if c >= 0 else None for c in codes]

    def explain(self, instance: Sequence[Term]) -> dict[str, Any]:
        """How ``instance`` is classified: ``instance``, ``label``, ``votes``, ``members``.

        ``votes`` sums the members' weights per class (for stacking: how many
        members say each class); ``members`` lists each member's class and
        weight; stacking adds ``level1``, the instance the meta model classified.
        """
        columns = encode_columns(self.attributes, [instance])
        codes = self.member_codes(self.table(columns))
        names = [label_text(c) for c in self.classes]
        weights = [1.0 if self.meta is not None else m.weight for m in self.members]
        totals = np.zeros(len(self.classes))
        for weight, code in zip(weights, codes[:, 0]):
            if code >= 0:
                totals[code] += weight
        decided = int(self.decide(codes)[0])
        atom = Struct(self.target, tuple(instance)) if instance else self.target
        result: dict[str, Any] = {
            "instance": format_term(atom),
            "label": names[decided] if decided >= 0 else None,
            "votes": {name: float(v) for name, v in zip(names, totals)},
            "members": [
                {
                    "member": i + 1,
                    "label": names[int(code)] if code >= 0 else None,
                    "weight": weight,
                }
                for i, (weight, code) in enumerate(zip(weights, codes[:, 0]))
            ],
        }
        if self.meta is not None:
            result["level1"] = {
                f"m{i + 1}": names[int(code)] if code >= 0 else "?"
                for i, code in enumerate(codes[:, 0])
            }
        return result
