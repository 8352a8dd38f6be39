"""What ``symlearn learn bagging|boosting|randomisation|stacking`` can be told.

:class:`EnsembleSettings` is what every ensemble shares: the held-out
fraction (``--test-fraction``), cross-validation (``--cv K``), the seed of
every random choice (``--seed``: the split, the bootstrap samples, the
attribute subsets, the folds), the instances to classify (``--classify``)
and the confidence of the intervals.  Each learner adds its own:

* ``--base ALGORITHM[:KEY=VALUE,...]``: the learner that makes the members,
  with settings of its own (``--base cart:max_depth=1``, a decision stump);
  stacking repeats it, one per level-0 learner;
* ``--rounds N``: how many members (AdaBoost.M1: at most).

A knowledge base sets them as ``:- set(base, 'cart:max_depth=1').``,
``:- set(rounds, 20).``; the command line wins.

Examples
--------
>>> BaggingSettings().base_learner.algorithm, BaggingSettings(rounds=3).rounds
('cart', 3)
>>> BaggingSettings(base="foil")
Traceback (most recent call last):
...
symlearn.errors.InvalidParameterError: --base foil: foil makes no model of ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from symlearn.errors import InvalidParameterError
from symlearn.learning.evaluated import EvaluatedSettings
from symlearn.learning.models import BaseLearner
from symlearn.learning.settings import option

__all__ = [
    "BaggingSettings",
    "BoostingSettings",
    "EnsembleSettings",
    "RandomisationSettings",
    "StackingSettings",
    "base_option",
    "rounds_option",
]

BASE_METAVAR = "ALGORITHM[:KEY=VALUE,...]"


def base_option(default: str) -> str:
    """The ``--base`` field with a learner's default."""
    result: str = option(
        default,
        key="base",
        metavar=BASE_METAVAR,
        help="The learner that makes the members, with its settings "
        "(e.g. cart:max_depth=1, a decision stump).",
    )
    return result


def rounds_option(default: int, help: str) -> int:
    """The ``--rounds`` field with a learner's default."""
    result: int = option(default, key="rounds", minimum=1, metavar="N", help=help)
    return result


@dataclass(frozen=True)
class EnsembleSettings(EvaluatedSettings):
    """Evaluation and classification (the vector learners' too): what every ensemble is told.

    ``--seed`` seeds every random choice: the split, the bootstrap samples,
    the attribute subsets, the folds.
    """


@dataclass(frozen=True)
class _OneBase(EnsembleSettings):
    """Settings of an ensemble of one base learner (bagging, boosting, randomisation)."""

    base: str = base_option("cart")

    def validate(self) -> None:
        """The base learner must be one that makes models (read at once, for its message)."""
        BaseLearner.parse(self.base)

    @property
    def base_learner(self) -> BaseLearner:
        """The base learner ``--base`` names."""
        return BaseLearner.parse(self.base)


@dataclass(frozen=True)
class BaggingSettings(_OneBase):
    """What ``symlearn learn bagging`` can be told (Breiman 1996).

    The defaults are scikit-learn's ``BaggingClassifier``'s: ten unpruned
    CART trees.
    """

    ALGORITHM: ClassVar[str] = "bagging"

    rounds: int = rounds_option(10, "How many bootstrap samples, one member each.")


@dataclass(frozen=True)
class BoostingSettings(_OneBase):
    """What ``symlearn learn boosting`` can be told (AdaBoost.M1, Freund and Schapire 1996).

    The defaults are decision stumps (one-level CART trees), the weak learner
    the notes and Witten and Frank name (and Weka's and scikit-learn's
    default), and at most 100 rounds.  The rounds are a bound, not a setting
    to tune: AdaBoost.M1 stops by itself when a model's error reaches 0.5
    (house-votes: after 4 to 10 stumps), and the notes observe that rounds
    past the point where the training error stops falling still improve
    held-out accuracy (the margins grow).  Fewer cut that short on data
    that one tree classifies perfectly: on mushroom's held-out 30% (five
    seeds) 10 stumps scored 0.993-0.997, 50 stumps 0.9988-1.0 (below the
    single tree's 1.0 on two seeds), 100 stumps 1.0 on all five, as they did
    on house-votes (equal to or above the single tree on all five).
    Weka's 10 rounds and scikit-learn's 50 are what ``--rounds`` is for.
    """

    ALGORITHM: ClassVar[str] = "boosting"

    base: str = base_option("cart:max_depth=1")
    rounds: int = rounds_option(100, "At most this many rounds (members).")
    resample: bool = option(
        False,
        key="resample",
        flag=True,
        help="Boost by resampling (a sample drawn by the weights) even when the base "
        "learner takes weights.",
    )


@dataclass(frozen=True)
class RandomisationSettings(_OneBase):
    """What ``symlearn learn randomisation`` can be told (random attribute subsets; Ho 1998).

    Each member sees 80% of the attributes by default (``--features 0.8``),
    ten members.  Half of them (Weka's default, and what Ho found best on
    data with many attributes) leaves most members without some attribute
    the class needs when the attributes are few and all matter: on a table
    of six numeric attributes, five of which carry the class, ten members on
    three attributes each voted 0.73 on held-out rows against the single
    tree's 0.84 (scikit-learn's random subspaces alike: 0.78 against 0.83);
    on five of the six, 0.84-0.85 over five seeds of the subsets.
    """

    ALGORITHM: ClassVar[str] = "randomisation"

    rounds: int = rounds_option(10, "How many members, each on its own random attributes.")
    features: float = option(
        0.8,
        key="features",
        minimum=0,
        open_bounds=False,
        metavar="F",
        help="Attributes per member: a fraction of them (0 < F <= 1) or a number (F > 1).",
    )
    bootstrap: bool = option(
        False,
        key="bootstrap",
        flag=True,
        help="Also learn each member from a bootstrap sample (bagging and random subsets).",
    )

    def validate(self) -> None:
        """``--features`` must be positive; the base learner must make models."""
        super().validate()
        if not self.features > 0:
            raise InvalidParameterError(
                f"--features must be a fraction in (0, 1] or a number of attributes, "
                f"not {self.features}"
            )

    def subset_size(self, attributes: int) -> int:
        """How many of ``attributes`` each member sees (at least one).

        Raises
        ------
        InvalidParameterError
            When ``--features`` asks for more attributes than there are.
        """
        if self.features <= 1:
            return max(1, round(self.features * attributes))
        if self.features != int(self.features) or self.features > attributes:
            raise InvalidParameterError(
                f"--features {self.features:g}: a number of attributes must be a whole "
                f"number up to {attributes}"
            )
        return int(self.features)


@dataclass(frozen=True)
class StackingSettings(EnsembleSettings):
    """What ``symlearn learn stacking`` can be told (Wolpert 1992)."""

    ALGORITHM: ClassVar[str] = "stacking"

    base: tuple[str, ...] = option(
        ("cart", "naive-bayes:laplace=true", "one-r"),
        key="base",
        multiple=True,
        metavar=BASE_METAVAR,
        help="A level-0 learner (repeatable; default: cart, naive Bayes, OneR).",
    )
    meta: str = option(
        "id3",
        key="meta",
        metavar=BASE_METAVAR,
        help="The level-1 learner, over the level-0 learners' classes.",
    )
    folds: int = option(
        10,
        key="folds",
        minimum=2,
        metavar="K",
        help="The level-1 examples are the level-0 classes in K-fold cross-validation.",
    )

    def __post_init__(self) -> None:
        if isinstance(self.base, str):  # one learner given from Python
            object.__setattr__(self, "base", (self.base,))
        super().__post_init__()

    def validate(self) -> None:
        """Every level-0 learner and the level-1 learner must make models."""
        if not self.base:
            raise InvalidParameterError("stacking needs at least one --base learner")
        for text in self.base:
            BaseLearner.parse(text)
        BaseLearner.parse(self.meta, "--meta")

    @property
    def base_learners(self) -> tuple[BaseLearner, ...]:
        """The level-0 learners."""
        return tuple(BaseLearner.parse(text) for text in self.base)

    @property
    def meta_learner(self) -> BaseLearner:
        """The level-1 learner."""
        return BaseLearner.parse(self.meta, "--meta")
