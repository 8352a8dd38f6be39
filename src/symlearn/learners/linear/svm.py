r"""Support vector machines: the maximum margin hyperplane, with the linear or polynomial kernel.

A linear model can only draw linear class boundaries; mapping the instances
into the space of all products of ``k`` attributes draws polynomial ones,
and the **polynomial kernel** ``K(x, z) = (x . z)^k`` computes the dot
product in that space from the original attributes (Witten & Frank 2005,
section 6.3; ``--coef0 1`` gives ``(x . z + 1)^k``, all products up to
``k``).  Among the hyperplanes separating two classes the SVM takes the one
of **maximum margin**; the training instances nearest to it, the **support
vectors**, define it, and a test instance needs only its kernel with them:

    f(x) = sum_{i in SV} alpha_i y_i K(x_i, x) + b,

the first class when ``f(x) > 0``.  The multipliers solve the dual problem
with the soft margin ``0 <= alpha_i <= C`` (``--C``; a large C is the hard
margin of separable data), found by SMO (:mod:`symlearn.learners.linear.smo`).
Attributes are min-max normalised by default (as Weka's SMO does) and a
nominal attribute is one 0/1 column per value.  More than two classes: one
SVM per pair of classes, each instance getting the class with most votes
(pairwise classification, Witten & Frank 2005, section 4.6; LIBSVM's
one-against-one), ties to the class listed first.

With the linear kernel the machine is the hyperplane ``w . x + b`` with
``w = sum_i alpha_i y_i x_i``: it prints as the equation and as a clause,
and ``margin`` is ``1 / ||w||`` (the distance from the hyperplane to the
support vectors when the margin is hard).  With two numeric attributes
``-o FILE.svg|png`` draws the decision regions with the support vectors
ringed.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> data = from_kb(loads('''
... neg(t(0, 0)). neg(t(1, 1)). pos(t(3, 3)). pos(t(4, 3)).
... '''), "t", 2)
>>> trained = support_vector_machine(data, c=100.0, normalise=False)
>>> trained.extra["support_vectors"], trained.extra["margin"]
(['t(1, 1)', 't(3, 3)'], 1.414213562373095)
>>> trained.model.equations()
['o = -2 + 0.5*a1 + 0.5*a2']

References
----------
Witten, I. H. and Frank, E. (2005) *Data Mining*, 2nd ed., section 6.3
(support vector machines, the polynomial kernel) and section 4.6 (pairwise
classification); Mitchell (1997) ch. 4 (linear units); Platt, J. (1998)
"Sequential minimal optimization"; Fan, R.-E., Chen, P.-H. and Lin, C.-J.
(2005) "Working set selection using second order information for training
support vector machines", *JMLR* 6; Chang and Lin, LIBSVM.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.encoded import encode
from symlearn.data.numeric import NumericEncoding, one_blas_thread
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import label_text
from symlearn.learners.linear.models import LinearModel, VectorClassifier
from symlearn.learners.linear.runs import (
    LinearRun,
    LinearSettings,
    Trained,
    fit_encoding,
    learn_with,
    targets,
)
from symlearn.learners.linear.smo import KERNELS, Kernel, smo
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.printer import format_term

__all__ = [
    "SETTINGS",
    "SVMSettings",
    "SupportVectorMachine",
    "fit",
    "learn",
    "support_vector_machine",
]

SUMMARY = "Support vector machine (SMO; linear or polynomial kernel): the support vectors."
EXAMPLE = "symlearn learn svm kb/svm_points.pl --kernel polynomial --degree 2 --coef0 1 --C 100"
TABLES = True
OUTPUT_SUFFIXES = (".pl", ".svg", ".png")
OUTPUT_HELP = "Write the clauses of a linear SVM (.pl) or draw the decision regions (.svg, .png)."


@dataclass(frozen=True, eq=False)
class Machine:
    """One two-class SVM: ``f(x) = sum_i coef_i K(sv_i, x) + b``, class ``first`` when positive."""

    first: int
    second: int
    support: np.ndarray  # positions of the support vectors among the training rows
    vectors: np.ndarray
    coefficients: np.ndarray  # alpha_i y_i
    bias: float
    iterations: int

    def decision(self, kernel: Kernel, rows: np.ndarray) -> np.ndarray:
        """``f`` of every row."""
        values: np.ndarray = kernel(rows, self.vectors) @ self.coefficients + self.bias
        return values


@dataclass(frozen=True, eq=False)
class SupportVectorMachine(VectorClassifier):
    """One SVM for two classes, or one per pair of classes (see the module docstring)."""

    encoding: NumericEncoding
    kernel: Kernel
    machines: tuple[Machine, ...]
    classes: tuple[Label, ...]

    def outputs(self, rows: np.ndarray) -> np.ndarray:
        """Each machine's ``f`` for each row."""
        return np.column_stack([m.decision(self.kernel, rows) for m in self.machines])

    def codes(self, rows: np.ndarray) -> np.ndarray:
        """The class code of each row: the sign for two classes, else the pairwise votes."""
        out = self.outputs(rows)
        votes = np.zeros((len(rows), len(self.classes)), dtype=np.int64)
        for k, m in enumerate(self.machines):
            winner = np.where(out[:, k] > 0, m.first, m.second)
            np.add.at(votes, (np.arange(len(rows)), winner), 1)
        return np.argmax(votes, axis=1)  # the first of the classes with most votes

    def hyperplane(self) -> LinearModel | None:
        """The linear kernel's two-class machine as ``w . x + b`` (None otherwise)."""
        if self.kernel.name != "linear" or len(self.machines) != 1:
            return None
        m = self.machines[0]
        w = m.coefficients @ m.vectors
        return LinearModel(
            self.encoding, np.concatenate([[m.bias], w])[None, :], self.classes, "sign"
        )

    def weights_json(self) -> dict[str, Any]:
        """The hyperplane's ``{"bias": b, column: w}`` (empty for other machines)."""
        plane = self.hyperplane()
        return plane.weight_dict() if plane is not None else {}

    def equations(self) -> list[str]:
        """The hyperplane's equation (none for other machines)."""
        plane = self.hyperplane()
        return plane.equations() if plane is not None else []

    def latex(self) -> list[str]:
        """The hyperplane in LaTeX (none for other machines)."""
        plane = self.hyperplane()
        return plane.latex() if plane is not None else []

    def clauses(self, target: str, boolean: bool = True) -> list[str]:
        """The hyperplane as clauses (none for a polynomial kernel or more classes)."""
        plane = self.hyperplane()
        return plane.clauses(target, boolean) if plane is not None else []


def support_vector_machine(
    data: AttributeValueData,
    kernel: str = "linear",
    degree: int = 3,
    c: float = 1.0,
    *,
    coef0: float = 0.0,
    normalise: bool = True,
    tolerance: float = 1e-3,
    max_iterations: int = 10_000_000,
) -> Trained:
    """Train the SVM(s) on ``data`` (see the module docstring).

    Raises
    ------
    InvalidParameterError
        For C <= 0, an unknown kernel, or a single class.
    """
    machine_kernel = Kernel(kernel, degree, coef0)
    goal = targets(data, regression=False)
    assert goal.classes is not None
    encoding, x1 = fit_encoding(data, normalise)
    rows = x1[:, 1:]
    y = encode(data).y.astype(np.int64)
    machines = []
    with one_blas_thread():
        for first, second in combinations(range(len(goal.classes)), 2):
            chosen = np.flatnonzero((y == first) | (y == second))
            labels = np.where(y[chosen] == first, 1.0, -1.0)
            alpha, bias, iterations = smo(
                machine_kernel, rows[chosen], labels, c, tolerance, max_iterations
            )
            support = np.flatnonzero(alpha > 0)
            machines.append(
                Machine(
                    first,
                    second,
                    chosen[support],
                    rows[chosen[support]],
                    alpha[support] * labels[support],
                    bias,
                    iterations,
                )
            )
    model = SupportVectorMachine(encoding, machine_kernel, tuple(machines), goal.classes)
    return _trained(model, data, c, max_iterations)


def _trained(
    model: SupportVectorMachine, data: AttributeValueData, c: float, max_iterations: int
) -> Trained:
    """The model with the JSON of its support vectors, bias and margin, and notes."""
    trained = Trained(model)

    def shown(i: int) -> str:
        return format_term(data.atom(data.row(i)))

    support = sorted({int(i) for m in model.machines for i in m.support})
    trained.extra["support_vectors"] = [shown(i) for i in support]
    trained.extra["kernel"] = model.kernel.name
    if model.kernel.name == "polynomial":
        trained.extra["degree"] = model.kernel.degree
        trained.extra["coef0"] = model.kernel.coef0
    trained.extra["C"] = c
    plane = model.hyperplane()
    if plane is not None:
        w = plane.weights[0, 1:]
        trained.extra["bias"] = float(plane.weights[0, 0])
        trained.extra["margin"] = float(1.0 / np.linalg.norm(w)) if np.any(w) else None
    trained.extra["machines"] = [
        {
            "classes": [label_text(model.classes[m.first]), label_text(model.classes[m.second])],
            "support_vectors": [shown(int(i)) for i in m.support],
            "alpha_y": [float(v) for v in m.coefficients],
            "bias": m.bias,
            "iterations": m.iterations,
        }
        for m in model.machines
    ]
    trained.notes.append(
        f"{model.kernel.name} kernel"
        + (
            f" (x.z + {model.kernel.coef0:g})^{model.kernel.degree}"
            if model.kernel.name != "linear"
            else ""
        )
        + f", C = {c:g}; {len(support)} support vectors of {data.n_examples} examples"
    )
    if any(m.iterations >= max_iterations for m in model.machines):
        trained.warnings.append(
            f"warning: SMO stopped after {max_iterations} iterations before meeting its tolerance"
        )
    trained.extra["support_rows"] = support
    return trained


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class SVMSettings(LinearSettings):
    """What ``symlearn learn svm`` can be told."""

    ALGORITHM: ClassVar[str] = "svm"

    normalise: bool = option(
        True, key="normalise", help="Min-max normalise numeric attributes (training ranges)."
    )
    kernel: str = option("linear", key="kernel", choices=KERNELS, help="The kernel.")
    degree: int = option(3, key="degree", minimum=1, help="The polynomial kernel's power k.")
    coef0: float = option(
        0.0, key="coef0", help="The polynomial kernel's constant: (x.z + coef0)^k."
    )
    c: float = option(
        1.0,
        key="c",
        cli="C",
        metavar="C",
        help="The soft margin's bound on each multiplier (> 0).",
    )
    tolerance: float = option(
        1e-3, key="tolerance", minimum=0, open_bounds=True, help="SMO's stopping tolerance."
    )
    max_iterations: int = option(
        10_000_000, key="max_iterations", minimum=1, help="The most SMO steps per machine."
    )

    def validate(self) -> None:
        """C must be positive."""
        super().validate()
        if not self.c > 0:
            raise InvalidParameterError(f"C must be greater than 0, not {self.c:g}")


SETTINGS = SVMSettings


def fit(data: AttributeValueData, settings: SVMSettings) -> Any:
    """The machine alone, for an ensemble's member (the protocol's ``fit``)."""
    return _train(data, settings).model


def _train(data: AttributeValueData, settings: SVMSettings) -> Any:
    """The SVM of ``settings`` trained on ``data`` (its run, the model and the support rows)."""
    return support_vector_machine(
        data,
        settings.kernel,
        settings.degree,
        settings.c,
        coef0=settings.coef0,
        normalise=settings.normalise,
        tolerance=settings.tolerance,
        max_iterations=settings.max_iterations,
    )


class SVMRun(LinearRun):
    """The SVM's result: the support vectors ringed in the picture."""

    def ringed(self) -> Sequence[int]:
        """The support vectors, when the picture shows the examples trained on."""
        return list(self.extra.get("support_rows", ())) if not self.settings.test_fraction else []

    def to_dict(self) -> dict[str, Any]:
        """As :meth:`LinearRun.to_dict`, without the internal positions of the vectors."""
        payload = super().to_dict()
        payload.pop("support_rows", None)
        payload.pop("trace", None)
        payload.pop("epochs", None)
        return payload


def learn(
    task: LearningTask,
    settings: SVMSettings | None = None,
    *,
    progress: Callable[[str, int, int | None], None] | None = None,
    log: Callable[[int, str], None] | None = None,
) -> LinearRun:
    """Train the SVM on the task's examples (the learner protocol)."""
    chosen = settings or SVMSettings.from_task(task)
    return learn_with(
        lambda train: _train(train, chosen),
        task,
        chosen,
        "svm",
        regression=False,
        run_class=SVMRun,
        progress=progress,
    )
