r"""Linear models as hypotheses: weights, the equation, LaTeX, Prolog clauses and predictions.

A linear unit computes ``o(x) = w_0 + w_1 a_1(x) + ... + w_n a_n(x)`` over
the columns ``a_j`` of an instance's numeric encoding
(:mod:`symlearn.data.numeric`: numbers, min-max normalised or not, and one
column per value of a nominal attribute).  A :class:`LinearModel` holds one
such unit per output and says how its outputs give the answer:

* ``"regression"``: the number ``o(x)`` (least squares, the delta rule on a
  numeric class);
* ``"sign"``: two classes, the first when ``o(x) > 0`` and the second
  otherwise (the perceptron's threshold ``o = 1 if w . x > 0 else -1``,
  Mitchell 1997, section 4.4);
* ``"argmax"``: one unit per class, the class of the largest output, the
  first on ties (multiresponse linear regression, Witten & Frank 2005, section
  4.6; one-vs-rest perceptrons).

The model prints as its equations (``o = 0.5 + 1.2 temperature - 0.3
outlook=sunny``), as sympy expressions and LaTeX, and as Prolog clauses over
the attributes' own values (normalisation folded into the coefficients, a
nominal attribute's one-hot weights as an if-then-else on its value), which
our engine and SWI-Prolog answer as :meth:`LinearModel.predict` does.

Examples
--------
>>> import numpy as np
>>> from symlearn.data.attribute_value import Attribute, AttributeValueData
>>> from symlearn.data.numeric import fit_numeric
>>> data = AttributeValueData("t", (Attribute("x", None),), ((1,), (3,)), (True, False))
>>> model = LinearModel(fit_numeric(data, normalise=False), np.array([[2.0, -1.0]]),
...                     (True, False), "sign")
>>> model.equations()
['o = 2 - 1*x']
>>> model.clauses("t")
['t(A) :-\n    2.0-1.0*A>0.0.']
>>> model.predict([(1,), (3,)]), model.latex()
([True, False], ['2.0 - 1.0 \\mathrm{x}'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from symlearn.data.attribute_value import Label
from symlearn.data.numeric import NumericEncoding
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import label_text
from symlearn.logic.printer import portray_clause
from symlearn.logic.terms import Struct, Term, Var

__all__ = [
    "KINDS",
    "LinearModel",
    "VectorClassifier",
    "affine_terms",
    "arithmetic",
    "clause_term",
    "decision_clauses",
]

#: How a model's outputs give its answer.
KINDS = ("regression", "sign", "argmax")


class VectorClassifier:
    """Classifying through the numeric encoding: a model with ``encoding``, ``classes``, ``codes``.

    ``codes(rows)`` gives the class code of each encoded row; the rest
    follows: the protocol's ``attributes``, ``predict_columns`` (a whole
    table from its columns), ``predict`` and ``classify``.
    """

    encoding: NumericEncoding
    classes: tuple[Label, ...] | None

    def codes(self, rows: np.ndarray) -> np.ndarray:
        """The class code of each row."""
        raise NotImplementedError

    @property
    def attributes(self) -> tuple[Any, ...]:
        """The attributes (so tables are classified from their columns)."""
        return self.encoding.attributes

    def predict_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """Class codes for encoded columns (a whole table at once)."""
        return self.codes(self.encoding.from_columns(columns))

    def predict(self, instances: Sequence[Sequence[Term]]) -> list[Any]:
        """The class of each instance."""
        assert self.classes is not None
        return [self.classes[c] for c in self.codes(self.encoding.rows(instances))]

    def classify(self, instance: Sequence[Term]) -> Any:
        """The class of one instance."""
        return self.predict([instance])[0]


@dataclass(frozen=True, eq=False)
class LinearModel(VectorClassifier):
    """Linear units over numerically encoded instances (see the module docstring).

    Attributes
    ----------
    encoding
        How an instance becomes the columns ``a_1 .. a_n``.
    weights
        One row ``[w_0, w_1, ..., w_n]`` (bias first) per output unit.
    classes
        The classes (None for regression).
    kind
        ``"regression"``, ``"sign"`` or ``"argmax"``.
    """

    encoding: NumericEncoding
    weights: np.ndarray
    classes: tuple[Label, ...] | None
    kind: str

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidParameterError(f"kind must be one of {', '.join(KINDS)}")
        if self.weights.ndim != 2 or self.weights.shape[1] != self.encoding.width + 1:
            raise InvalidParameterError(
                f"a linear model over {self.encoding.width} columns needs rows of "
                f"{self.encoding.width + 1} weights (bias first)"
            )

    # -- predictions
    def outputs(self, rows: np.ndarray) -> np.ndarray:
        """``o(x)`` of every unit for every row (rows x units)."""
        result: np.ndarray = rows @ self.weights[:, 1:].T + self.weights[:, 0]
        return result

    def codes(self, rows: np.ndarray) -> np.ndarray:
        """The class code of each row."""
        out = self.outputs(rows)
        if self.kind == "sign":
            return np.where(out[:, 0] > 0, 0, 1)
        if self.kind == "argmax":
            return np.argmax(out, axis=1)
        raise InvalidParameterError("a regression model predicts numbers, not classes")

    def predict(self, instances: Sequence[Sequence[Term]]) -> list[Any]:
        """The class (or, for regression, the number) of each instance."""
        if self.classes is None:
            return [float(v) for v in self.predict_values(instances)]
        return super().predict(instances)

    def predict_values(self, instances: Sequence[Sequence[Term]]) -> np.ndarray:
        """The output of the (single) unit for each instance: a regression's numbers."""
        return self.outputs(self.encoding.rows(instances))[:, 0]

    def values_of(self, data: Any) -> np.ndarray:
        """The output of the (single) unit for each example of ``data`` (from its columns)."""
        return self.outputs(self.encoding.matrix(data))[:, 0]

    # -- the weights
    def unit_names(self) -> list[str]:
        """One name per unit: ``o``, or ``o(class)`` for one unit per class."""
        if self.kind == "argmax" and self.classes is not None:
            return [f"o({label_text(c)})" for c in self.classes]
        return ["o"]

    def weight_dict(self, unit: int = 0) -> dict[str, float]:
        """``{"bias": w_0, column: w_j}`` of one unit."""
        row = self.weights[unit]
        return {
            "bias": float(row[0]),
            **{n: float(w) for n, w in zip(self.encoding.names, row[1:])},
        }

    def weights_json(self) -> dict[str, Any]:
        """The ``weights`` JSON: one unit's dict, or ``{class: dict}`` for one unit per class."""
        if self.kind == "argmax" and self.classes is not None:
            return {label_text(c): self.weight_dict(i) for i, c in enumerate(self.classes)}
        return self.weight_dict(0)

    def equations(self, digits: int = 6) -> list[str]:
        """Each unit as ``o = w0 + w1*a1 ...`` (``digits`` significant digits)."""
        lines = []
        for name, row in zip(self.unit_names(), self.weights):
            text = f"{row[0]:.{digits}g}"
            for column, w in zip(self.encoding.names, row[1:]):
                sign = "-" if w < 0 else "+"
                text += f" {sign} {abs(w):.{digits}g}*{column}"
            lines.append(f"{name} = {text}")
        return lines

    def expressions(self) -> list[Any]:
        """Each unit as a sympy expression over one symbol per column."""
        import sympy

        symbols = [sympy.Symbol(name) for name in self.encoding.names]
        return [
            sympy.Float(row[0], 15) + sum(sympy.Float(w, 15) * s for w, s in zip(row[1:], symbols))
            for row in self.weights
        ]

    def latex(self, digits: int = 6) -> list[str]:
        """Each unit's expression in LaTeX (through sympy), to ``digits`` digits."""
        import sympy

        symbols = {
            sympy.Symbol(name): sympy.Symbol(_latex_name(name)) for name in self.encoding.names
        }
        return [
            sympy.latex(sympy.N(e, digits).xreplace(symbols), full_prec=False)
            for e in self.expressions()
        ]

    # -- clauses
    def clauses(self, target: str, boolean: bool = True) -> list[str]:
        """The model as clauses over the attributes' values (see the module docstring).

        ``boolean``: the classes are pos/neg, so the first class is the
        target itself; otherwise each class is a ``label/2`` clause.
        """
        variables = [Var(f"X{j}") for j in range(len(self.encoding.attributes))]
        head_atom = Struct(target, tuple(variables)) if variables else target
        units = [affine_terms(self.encoding, row, variables) for row in self.weights]
        if self.kind == "regression":
            value = Var("Y")
            goals, expression = units[0]
            body = [*goals, Struct("is", (value, expression))]
            return [portray_clause(clause_term(Struct("label", (head_atom, value)), body))]
        if self.classes is None:
            raise InvalidParameterError("a classifier needs classes")
        if self.kind == "sign":
            goals, expression = units[0]
            return decision_clauses(head_atom, self.classes, goals, [expression], 0.0, boolean)
        outputs: list[Term] = [Var(f"O{i}") for i in range(len(units))]
        computed: list[Term] = []
        for (goals, expression), out in zip(units, outputs):
            computed += [*goals, Struct("is", (out, expression))]
        return decision_clauses(head_atom, self.classes, computed, outputs, 0.0, boolean)


def decision_clauses(
    head_atom: Term,
    classes: Sequence[Label],
    goals: Sequence[Term],
    outputs: Sequence[Term],
    threshold: float,
    boolean: bool,
) -> list[str]:
    """One clause per class: ``goals`` compute the ``outputs``, then the class's test.

    One output: the first class when it exceeds ``threshold``, the second
    otherwise.  Several: the class of the largest output, the first on ties
    (``O_i > O_j`` for earlier ``j``, ``O_i >= O_j`` for later ones).  With
    ``boolean`` (pos/neg classes) the positive class is the target atom
    itself and the negative one gets no clause; otherwise each class is a
    ``label/2`` clause.
    """
    clauses = []
    for i, c in enumerate(classes):
        if len(outputs) == 1:
            tests: list[Term] = [Struct(">" if i == 0 else "=<", (outputs[0], threshold))]
        else:
            tests = [
                Struct(">" if j < i else ">=", (outputs[i], outputs[j]))
                for j in range(len(outputs))
                if j != i
            ]
        if boolean and type(c) is bool:
            if not c:
                continue
            head: Term = head_atom
        else:
            head = Struct("label", (head_atom, c))
        clauses.append(portray_clause(clause_term(head, [*goals, *tests])))
    return clauses


def _latex_name(name: str) -> str:
    attribute, equals, value = (part.replace("_", r"\_") for part in name.partition("="))
    if not equals:
        return rf"\mathrm{{{attribute}}}"
    return rf"\mathrm{{{attribute}}}{{=}}\mathrm{{{value}}}"


def clause_term(head: Term, body: Sequence[Term]) -> Term:
    """``head :- g1, g2, ...`` (the head alone for an empty body)."""
    if not body:
        return head
    goal = body[-1]
    for g in reversed(body[:-1]):
        goal = Struct(",", (g, goal))
    return Struct(":-", (head, goal))


def arithmetic(terms: Sequence[tuple[float, Term | None]]) -> Term:
    """``c0 + c1*T1 - c2*T2 ...`` as a Prolog arithmetic term (None: a constant).

    Examples
    --------
    >>> from symlearn.logic.printer import format_term
    >>> format_term(arithmetic([(0.5, None), (-2.0, "x"), (1.0, "y")]))
    '0.5-2.0*x+1.0*y'
    """
    expression: Term | None = None
    for coefficient, term in terms:
        magnitude = abs(float(coefficient))
        piece: Term = magnitude if term is None else Struct("*", (magnitude, term))
        if expression is None:  # a leading negative number is written as one
            first = float(coefficient)
            expression = first if term is None else Struct("*", (first, term))
        else:
            expression = Struct("+" if coefficient >= 0 else "-", (expression, piece))
    return 0.0 if expression is None else expression


def affine_terms(
    encoding: NumericEncoding, row: np.ndarray, variables: Sequence[Var]
) -> tuple[list[Term], Term]:
    """One unit ``row`` (bias first) over the attributes' own values: ``(goals, expression)``.

    A numeric attribute's min-max normalisation is folded into its
    coefficient and the constant; a nominal attribute contributes through a
    goal ``(A == v1 -> T = w_v1 ; ... ; T = w_missing)``, ``w_missing`` being
    what a missing or unseen value adds (its one-hot columns' fill).
    """
    constant = float(row[0])
    pieces: list[tuple[float, Term | None]] = []
    goals: list[Term] = []
    for j, attribute in enumerate(encoding.attributes):
        columns = encoding.columns_of(j)
        weights = row[1:][columns]
        if attribute.values is None:
            c = int(columns[0])
            coefficient = float(weights[0]) / float(encoding.span[c])
            constant -= coefficient * float(encoding.low[c])
            pieces.append((coefficient, variables[j]))
            continue
        if encoding.nominal == "codes":
            raise InvalidParameterError("clauses of a model over nominal codes are not written")
        contribution = Var(f"T{j}")
        otherwise = float(np.dot(weights, encoding.fill[columns]))
        choice: Term = Struct("=", (contribution, otherwise))
        for value, w in reversed(list(zip(attribute.values or (), weights))):
            test = Struct("==", (variables[j], value))
            choice = Struct(
                ";", (Struct("->", (test, Struct("=", (contribution, float(w))))), choice)
            )
        goals.append(choice)
        pieces.append((1.0, contribution))
    return goals, arithmetic([(constant, None), *pieces])
