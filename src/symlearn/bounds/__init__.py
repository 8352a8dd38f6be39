"""Learning-theory bounds derived with sympy, hypothesis-space sizes and VC dimension.

Every bound is the conclusion of a :class:`~symlearn.bounds.derivation.Derivation`
whose steps sympy checks one by one (:mod:`symlearn.bounds.rules`); nothing is a
formula typed in.  :func:`derive` returns a named bound, which evaluates at
numbers and solves for any of its variables.

Modules
-------
variables
    The quantities bounds speak about (``m``, ``epsilon``, ``delta``, ``H`` ...).
rules, derivation, prover
    Checked derivation steps, derivations and the sign/identity prover.
sample
    Sample-size bounds: PAC, Occam, agnostic, elimination, VC, lower bound.
mistakes
    Mistake bounds: Find-S, halving, weighted majority, perceptron, Winnow.
catalogue, solving
    Bounds by name; evaluating and solving them.
compute
    What ``symlearn bound`` computes: :func:`bound` by name with its
    parameters, :func:`bound_list`.
sizes, spaces
    Hypothesis-space sizes as formulas, and brute-force enumerations.
kb_space
    The conjunctions over the instance space a learning task declares.
vc
    Exact VC dimension by a pruned shattering search; known results.

References
----------
Mitchell, T. (1997) *Machine Learning*, ch. 7; Kearns, M. and Vazirani, U.
(1994) *An Introduction to Computational Learning Theory*; the papers named in
:mod:`symlearn.bounds.sample` and :mod:`symlearn.bounds.mistakes`.
"""

from __future__ import annotations

from symlearn.bounds.catalogue import BOUNDS, Bound, BoundResult, bound_table, derive
from symlearn.bounds.compute import PARAMETERS, BoundList, bound, bound_list
from symlearn.bounds.derivation import Derivation, Step
from symlearn.bounds.rules import DerivationError
from symlearn.bounds.sizes import SIZE_CLASSES, SizeResult, hypothesis_space_size
from symlearn.bounds.vc import (
    KNOWN_VC_DIMENSIONS,
    VCResult,
    class_vc_dimension,
    is_shattered,
    known_vc_dimension,
    vc_dimension,
)

__all__ = [
    "BOUNDS",
    "KNOWN_VC_DIMENSIONS",
    "PARAMETERS",
    "SIZE_CLASSES",
    "Bound",
    "BoundList",
    "BoundResult",
    "Derivation",
    "DerivationError",
    "SizeResult",
    "Step",
    "VCResult",
    "bound",
    "bound_list",
    "bound_table",
    "class_vc_dimension",
    "derive",
    "hypothesis_space_size",
    "is_shattered",
    "known_vc_dimension",
    "vc_dimension",
]
