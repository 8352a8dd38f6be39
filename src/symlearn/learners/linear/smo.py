r"""Sequential minimal optimisation: the dual problem of the support vector machine.

The soft-margin SVM with kernel ``K`` finds the multipliers ``alpha`` of

    minimise  1/2 sum_ij alpha_i alpha_j y_i y_j K(x_i, x_j) - sum_i alpha_i
    subject to  0 <= alpha_i <= C,  sum_i y_i alpha_i = 0

for labels ``y_i`` in {1, -1}; the classifier is ``f(x) = sum_i alpha_i y_i
K(x_i, x) + b`` and the **support vectors** are the instances with
``alpha_i > 0``.  With separable data and a large ``C`` it is the maximum
margin hyperplane of Witten & Frank (2005, section 6.3), of margin
``1 / ||w||``.

SMO (Platt 1998) changes two multipliers at a time, analytically; the pair
is chosen as LIBSVM chooses it (Fan, Chen and Lin 2005, "WSS 3"): ``i`` the
most violating index of the optimality conditions, ``j`` the one that most
decreases the objective by a second-order estimate.  It stops when the
largest violation ``m(alpha) - M(alpha)`` is below ``tolerance`` (LIBSVM's
``eps``, 0.001).  ``b`` is the average over the free support vectors
(``0 < alpha < C``) of ``y_i - sum_j alpha_j y_j K(x_j, x_i)``, as LIBSVM's
``-rho``.  Kernel rows are computed when needed and cached, and, as in
LIBSVM, indices at a bound that the selection cannot choose are set aside
("shrinking") every 1000 steps and looked at again near the optimum, their
gradient rebuilt from the support vectors, before it stops.

Examples
--------
>>> import numpy as np
>>> x = np.array([[0.0, 0.0], [1.0, 1.0], [3.0, 3.0], [4.0, 3.0]])
>>> y = np.array([-1.0, -1.0, 1.0, 1.0])
>>> alpha, b, _ = smo(Kernel("linear"), x, y, c=100.0, tolerance=1e-9)
>>> np.flatnonzero(alpha > 0).tolist(), round(float(b), 6)
([1, 2], -2.0)
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from symlearn.errors import InvalidParameterError

__all__ = ["KERNELS", "Kernel", "smo"]

#: The kernels.
KERNELS = ("linear", "polynomial")

#: Kernel rows kept (in floats: about 200 MB).
CACHE_FLOATS = 25_000_000


@dataclass(frozen=True)
class Kernel:
    """``K(x, z) = x . z`` (linear) or ``(x . z + coef0)^degree`` (polynomial).

    The polynomial kernel with ``coef0 = 0`` is the notes' "dot product
    raised to the power k" (Witten & Frank 2005, section 6.3): a linear
    model over all products of ``k`` attributes.
    """

    name: str = "linear"
    degree: int = 3
    coef0: float = 0.0

    def __post_init__(self) -> None:
        if self.name not in KERNELS:
            raise InvalidParameterError(f"kernel must be one of {', '.join(KERNELS)}")
        if self.degree < 1:
            raise InvalidParameterError(f"the degree must be at least 1, not {self.degree}")

    def __call__(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """``K`` between the rows of ``a`` and of ``b`` (``len(a) x len(b)``)."""
        products = a @ b.T
        if self.name == "linear":
            return products
        result: np.ndarray = (products + self.coef0) ** self.degree
        return result


class _Rows:
    """Rows of ``Q_ij = y_i y_j K(x_i, x_j)``, computed on demand and cached."""

    def __init__(self, kernel: Kernel, x: np.ndarray, y: np.ndarray) -> None:
        self.kernel, self.x, self.y = kernel, x, y
        n = len(x)
        self.full = kernel(x, x) * np.outer(y, y) if n * n <= CACHE_FLOATS // 4 else None
        self.cache: OrderedDict[int, np.ndarray] = OrderedDict()
        self.limit = max(2, CACHE_FLOATS // max(n, 1))
        diagonal = np.einsum("ij,ij->i", x, x)
        self.diagonal = (
            diagonal if kernel.name == "linear" else (diagonal + kernel.coef0) ** kernel.degree
        )

    def __getitem__(self, i: int) -> np.ndarray:
        if self.full is not None:
            return self.full[i]
        row = self.cache.get(i)
        if row is None:
            row = self.kernel(self.x[i : i + 1], self.x)[0] * (self.y[i] * self.y)
            self.cache[i] = row
            if len(self.cache) > self.limit:
                self.cache.popitem(last=False)
        else:
            self.cache.move_to_end(i)
        return row


def smo(
    kernel: Kernel,
    x: np.ndarray,
    y: np.ndarray,
    c: float = 1.0,
    tolerance: float = 1e-3,
    max_iterations: int = 10_000_000,
) -> tuple[np.ndarray, float, int]:
    """Solve the SVM's dual by SMO: ``(alpha, b, iterations)``.

    ``iterations`` equal to ``max_iterations`` means it stopped before the
    violation fell below ``tolerance``.

    Raises
    ------
    InvalidParameterError
        For ``c <= 0``, labels other than 1 and -1, or only one of them.
    """
    if not c > 0:
        raise InvalidParameterError(f"C must be greater than 0, not {c:g}")
    if not np.isin(y, (1.0, -1.0)).all() or len(np.unique(y)) < 2:
        raise InvalidParameterError("an SVM needs examples of two classes, labelled 1 and -1")
    n = len(x)
    alpha = np.zeros(n)
    gradient = -np.ones(n)  # of 1/2 a'Qa - e'a
    active = np.arange(n)
    unshrunk = False
    iterations = 0
    while True:
        run = _solve_active(
            kernel,
            x[active],
            y[active],
            alpha[active],
            gradient[active],
            c,
            tolerance,
            max_iterations - iterations,
        )
        alpha[active], gradient[active] = run.alpha, run.gradient
        iterations += run.iterations
        whole = len(active) == n
        if iterations >= max_iterations or (run.optimal and whole):
            _reconstruct(kernel, x, y, alpha, gradient, active)
            break
        if run.optimal or (run.shrink is None and not unshrunk and not whole):
            # optimal on the active set, or near the optimum: look at every index again
            _reconstruct(kernel, x, y, alpha, gradient, active)
            active, unshrunk = np.arange(n), True
        elif run.shrink is not None:
            active = active[~run.shrink]
    return alpha, _bias(alpha, gradient, y, c), iterations


#: SMO steps between two looks for indices to set aside (LIBSVM's min(l, 1000)).
SHRINK_EVERY = 1000


@dataclass
class _Run:
    """What :func:`_solve_active` did: the new multipliers and gradient, and why it stopped."""

    alpha: np.ndarray
    gradient: np.ndarray
    iterations: int
    optimal: bool
    shrink: np.ndarray | None  # the indices to set aside (None: near the optimum)


def _solve_active(
    kernel: Kernel,
    x: np.ndarray,
    y: np.ndarray,
    alpha: np.ndarray,
    gradient: np.ndarray,
    c: float,
    tolerance: float,
    budget: int,
) -> _Run:
    """SMO steps on the active indices until optimal there, or time to shrink (LIBSVM's way).

    An index at a bound that cannot be chosen by the working-set selection
    now (LIBSVM's ``be_shrunk``) is set aside; the run stops after
    :data:`SHRINK_EVERY` steps with those indices, or with None once the
    violation is within ten times the tolerance (then every index is
    looked at again).
    """
    q = _Rows(kernel, x, y)
    tau = 1e-12
    positive = y > 0
    every = min(len(x), SHRINK_EVERY)
    for step in range(budget):
        below_c, above_0 = alpha < c, alpha > 0
        up = (below_c & positive) | (above_0 & ~positive)
        low = (below_c & ~positive) | (above_0 & positive)
        score = -y * gradient
        if not up.any() or not low.any():
            return _Run(alpha, gradient, step, True, None)
        i = int(np.argmax(np.where(up, score, -np.inf)))
        m = score[i]
        lowest = np.min(np.where(low, score, np.inf))
        if m - lowest < tolerance:
            return _Run(alpha, gradient, step, True, None)
        if step and step % every == 0:
            if m - lowest <= 10 * tolerance:
                return _Run(alpha, gradient, step, False, None)
            only_up, only_low = up & ~low, low & ~up
            shrink = (only_up & (score < lowest)) | (only_low & (score > m))
            if shrink.any():
                return _Run(alpha, gradient, step, False, shrink)
        q_i = q[i]
        candidates = low & (score < m)
        b_t = m - score
        a_t = q.diagonal[i] + q.diagonal - 2.0 * y[i] * y * q_i
        a_t = np.where(a_t > 0, a_t, tau)
        j = int(np.argmin(np.where(candidates, -(b_t * b_t) / a_t, np.inf)))
        q_j = q[j]
        old_i, old_j = alpha[i], alpha[j]
        _update_pair(alpha, gradient, y, i, j, q_i, q_j, q.diagonal, c, tau)
        gradient += q_i * (alpha[i] - old_i) + q_j * (alpha[j] - old_j)
    return _Run(alpha, gradient, budget, False, np.zeros(len(x), dtype=bool))


def _reconstruct(
    kernel: Kernel,
    x: np.ndarray,
    y: np.ndarray,
    alpha: np.ndarray,
    gradient: np.ndarray,
    active: np.ndarray,
) -> None:
    """The gradient of the indices set aside, from the support vectors: ``-1 + (Q alpha)_t``."""
    aside = np.setdiff1d(np.arange(len(x)), active)
    if not len(aside):
        return
    support = np.flatnonzero(alpha > 0)
    weights = alpha[support] * y[support]
    block = max(1, CACHE_FLOATS // 8 // max(len(support), 1))
    for start in range(0, len(aside), block):
        rows = aside[start : start + block]
        gradient[rows] = -1.0 + y[rows] * (kernel(x[rows], x[support]) @ weights)


def _update_pair(
    alpha: np.ndarray,
    gradient: np.ndarray,
    y: np.ndarray,
    i: int,
    j: int,
    q_i: np.ndarray,
    q_j: np.ndarray,
    diagonal: np.ndarray,
    c: float,
    tau: float,
) -> None:
    """LIBSVM's analytic step on ``alpha_i``, ``alpha_j`` with clipping to the box."""
    quad = diagonal[i] + diagonal[j] - 2.0 * y[i] * y[j] * q_i[j]
    quad = quad if quad > 0 else tau
    if y[i] != y[j]:
        delta = (-gradient[i] - gradient[j]) / quad
        difference = alpha[i] - alpha[j]
        alpha[i] += delta
        alpha[j] += delta
        if difference > 0 and alpha[j] < 0:
            alpha[j], alpha[i] = 0.0, difference
        elif difference <= 0 and alpha[i] < 0:
            alpha[i], alpha[j] = 0.0, -difference
        if difference > 0 and alpha[i] > c:
            alpha[i], alpha[j] = c, c - difference
        elif difference <= 0 and alpha[j] > c:
            alpha[j], alpha[i] = c, c + difference
    else:
        delta = (gradient[i] - gradient[j]) / quad
        total = alpha[i] + alpha[j]
        alpha[i] -= delta
        alpha[j] += delta
        if total > c and alpha[i] > c:
            alpha[i], alpha[j] = c, total - c
        elif total <= c and alpha[j] < 0:
            alpha[j], alpha[i] = 0.0, total
        if total > c and alpha[j] > c:
            alpha[j], alpha[i] = c, total - c
        elif total <= c and alpha[i] < 0:
            alpha[i], alpha[j] = 0.0, total


def _bias(alpha: np.ndarray, gradient: np.ndarray, y: np.ndarray, c: float) -> float:
    """``b = -rho``, with ``rho`` as LIBSVM computes it.

    ``rho`` is the mean of ``y_i G_i`` over the free vectors, else the middle
    of the interval the bounded ones allow.
    """
    y_gradient = y * gradient
    upper, lower = alpha >= c, alpha <= 0
    free = ~upper & ~lower
    if free.any():
        return -float(np.mean(y_gradient[free]))
    above = (upper & (y < 0)) | (lower & (y > 0))
    below = (upper & (y > 0)) | (lower & (y < 0))
    ub = float(np.min(y_gradient[above])) if above.any() else np.inf
    lb = float(np.max(y_gradient[below])) if below.any() else -np.inf
    return -(ub + lb) / 2.0
