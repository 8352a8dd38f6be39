"""What ``symlearn learn semi-supervised-em|co-training|co-em`` can be told.

:class:`UnlabelledSettings` is what the three share: the held-out fraction of
the *labelled* examples (``--test-fraction``) or their cross-validation
(``--cv``), the seed, the instances to classify, and the naive Bayes
estimates (``--m``; ``--laplace``, on by default as in Nigam et al. 2000, so
that no class gets probability 0 from a value its labelled examples never
had).  Each learner adds its own: EM's ``--max-iterations`` and ``--tolerance``
and the weight ``--unlabelled-weight`` of an unlabelled example (Nigam et
al.'s lambda); co-training's and co-EM's two ``--view A,B`` attribute sets.

Examples
--------
>>> EMSettings().base_learner.settings.laplace
True
>>> CoTrainingSettings(views=("a,b", "c")).view_names
(('a', 'b'), ('c',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from symlearn.errors import InvalidParameterError
from symlearn.learning.evaluated import EvaluatedSettings
from symlearn.learning.models import BaseLearner
from symlearn.learning.registry import learner
from symlearn.learning.settings import option

__all__ = [
    "CoEMSettings",
    "CoTrainingSettings",
    "EMSettings",
    "UnlabelledSettings",
]


def max_iterations_option(help: str) -> int:
    """The ``--max-iterations`` field of EM and co-EM (100 by default)."""
    result: int = option(100, key="max_iterations", minimum=1, metavar="N", help=help)
    return result


def tolerance_option(help: str) -> float:
    """The ``--tolerance`` field of EM and co-EM (``1e-6``; ``help`` says of what)."""
    result: float = option(1e-6, key="tolerance", minimum=0, help=help)
    return result


@dataclass(frozen=True)
class UnlabelledSettings(EvaluatedSettings):
    """Evaluation of the labelled examples (``--test-fraction``, ``--cv``), naive Bayes' estimates.

    Every unlabelled example is learnt from, whatever part of the labelled
    ones is held out.
    """

    m: float = option(
        0.0,
        key="m",
        minimum=0,
        metavar="M",
        help="Naive Bayes: the m-estimate's equivalent sample size (with --no-laplace).",
    )
    laplace: bool = option(
        True,
        key="laplace",
        help="Naive Bayes: Laplace estimates (m = number of values), as Nigam et al. 2000.",
    )

    @property
    def base_learner(self) -> BaseLearner:
        """The naive Bayes learner, from the registry, with these estimates."""
        settings = learner("naive-bayes").SETTINGS(m=f"{self.m:g}", laplace=self.laplace)
        text = "naive-bayes:laplace=true" if self.laplace else f"naive-bayes:m={self.m:g}"
        return BaseLearner("naive-bayes", settings, text)


@dataclass(frozen=True)
class EMSettings(UnlabelledSettings):
    """What ``symlearn learn semi-supervised-em`` can be told (Nigam et al. 2000)."""

    ALGORITHM: ClassVar[str] = "semi-supervised-em"

    max_iterations: int = max_iterations_option("At most this many EM iterations.")
    tolerance: float = tolerance_option(
        "Converged when the log-likelihood rises by less than this (relative)."
    )
    unlabelled_weight: float = option(
        1.0,
        key="unlabelled_weight",
        minimum=0,
        maximum=1,
        metavar="LAMBDA",
        help="Weight of an unlabelled example against a labelled one (Nigam et al.'s EM-lambda).",
    )


def _views(texts: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(name.strip() for name in text.split(",") if name.strip()) for text in texts)


@dataclass(frozen=True)
class _TwoViews(UnlabelledSettings):
    """Two views of the attributes (``--view A,B --view C,D``)."""

    views: tuple[str, ...] = option(
        (),
        key="views",
        cli="view",
        multiple=True,
        metavar="A,B,...",
        help="The attributes of one view (twice: the two views must partition the attributes).",
    )

    def __post_init__(self) -> None:
        if isinstance(self.views, str):
            object.__setattr__(self, "views", (self.views,))
        super().__post_init__()

    def validate(self) -> None:
        """Two views, each naming at least one attribute."""
        if len(self.views) != 2 or not all(_views(self.views)):
            given = " ".join(f"--view {v}" for v in self.views) or "none"
            raise InvalidParameterError(
                f"{self.ALGORITHM} needs two views of the attributes, --view A,B --view C,D "
                f"(given: {given})"
            )

    @property
    def view_names(self) -> tuple[tuple[str, ...], ...]:
        """The attribute names of each view."""
        return _views(self.views)


@dataclass(frozen=True)
class CoTrainingSettings(_TwoViews):
    """What ``symlearn learn co-training`` can be told (Blum and Mitchell 1998)."""

    ALGORITHM: ClassVar[str] = "co-training"

    per_class: int = option(
        1,
        key="per_class",
        minimum=1,
        metavar="N",
        help="Each round, each view's model labels its N most confident examples of each class.",
    )
    pool: int | None = option(
        None,
        key="pool",
        minimum=1,
        metavar="U",
        help="Choose from a random pool of U unlabelled examples, refilled each round "
        "(Blum and Mitchell: 75); default: all of them, as the notes do.",
    )
    rounds: int | None = option(
        None,
        key="rounds",
        minimum=1,
        metavar="N",
        help="At most N rounds (default: until no unlabelled example is left).",
    )


@dataclass(frozen=True)
class CoEMSettings(_TwoViews):
    """What ``symlearn learn co-em`` can be told (Nigam and Ghani 2000)."""

    ALGORITHM: ClassVar[str] = "co-em"

    max_iterations: int = max_iterations_option("At most this many iterations.")
    tolerance: float = tolerance_option(
        "Converged when no class probability of an unlabelled example moves by more."
    )
