"""The finite space H of conjunctions over declared attributes and domains.

A :class:`ConjunctionSpace` names the target and its attributes and fixes a
finite domain per attribute; it is the H of Mitchell (1997, sections
2.2-2.3).  It knows the sizes textbooks quote, enumerates the instance space X
and the semantically distinct hypotheses (for List-Then-Eliminate, lattices,
MAP learning and VC dimension by shattering), and checks instances against the
domains.  :func:`conjunction_examples` gives the space of attribute-value
data with its ``(instance, label)`` examples, checked for what learners over
it need (pos/neg labels, complete instances, finite domains).

Sizes, with n attributes of |V_i| values each:

- instances: prod |V_i|;
- syntactically distinct hypotheses: prod (|V_i| + 2) (a value, ``?`` or ``∅``);
- semantically distinct hypotheses: 1 + prod (|V_i| + 1) (all conjunctions
  with an ``∅`` are one hypothesis).

Examples
--------
>>> space = ConjunctionSpace(
...     "enjoysport",
...     ("sky", "airtemp", "humidity", "wind", "water", "forecast"),
...     (("sunny", "cloudy", "rainy"), ("warm", "cold"), ("normal", "high"),
...      ("strong", "weak"), ("warm", "cool"), ("same", "change")),
... )
>>> space.instance_count, space.syntactic_size, space.size
(96, 5120, 973)
>>> sum(1 for _ in space.hypotheses())
973
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from symlearn.data.attribute_value import MISSING, value_error
from symlearn.errors import HypothesisSpaceError, KBError
from symlearn.hypotheses.conjunction import ANY, EMPTY, Conjunction, format_value, value_to_json
from symlearn.logic.terms import Term

if TYPE_CHECKING:
    from symlearn.data.attribute_value import AttributeValueData

__all__ = ["ConjunctionSpace", "LabelledInstance", "check_labelled", "conjunction_examples"]

#: An example for a concept learner: the instance and True (pos) / False (neg).
LabelledInstance = tuple[tuple[Term, ...], bool]


@dataclass(frozen=True, slots=True)
class ConjunctionSpace:
    """Conjunctions over ``attributes`` with the given finite ``domains``.

    Parameters
    ----------
    target
        The predicate the hypotheses define (their clauses' head).
    attributes
        Attribute names, in argument order.
    domains
        The values of each attribute (no duplicates, not ``?`` or ``∅``).
    """

    target: str
    attributes: tuple[str, ...]
    domains: tuple[tuple[Term, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "attributes", tuple(self.attributes))
        object.__setattr__(self, "domains", tuple(tuple(d) for d in self.domains))
        if len(self.attributes) != len(self.domains):
            raise HypothesisSpaceError(
                f"{len(self.attributes)} attributes but {len(self.domains)} domains"
            )
        for name, domain in zip(self.attributes, self.domains):
            if not domain:
                raise HypothesisSpaceError(f"attribute {name} has no values")
            if len(set(domain)) != len(domain):
                raise HypothesisSpaceError(f"attribute {name} lists a value twice")
            if ANY in domain or EMPTY in domain:
                raise HypothesisSpaceError(
                    f"attribute {name}: '?' and '∅' are constraints, not values"
                )

    @classmethod
    def from_data(cls, data: AttributeValueData) -> ConjunctionSpace:
        """The space over the attributes and domains of attribute-value data.

        Raises
        ------
        HypothesisSpaceError
            If an attribute is numeric: conjunctions need finite domains.
        """
        domains = []
        for attribute in data.attributes:
            if attribute.values is None:
                raise HypothesisSpaceError(
                    f"attribute {attribute.name} of {data.target} is numeric; conjunctions "
                    "of attribute values need finite domains (declare "
                    f":- domain({attribute.name}, [...]) with its values)"
                )
            domains.append(attribute.values)
        return cls(data.target, tuple(a.name for a in data.attributes), tuple(domains))

    # -- sizes ----------------------------------------------------------------

    @property
    def arity(self) -> int:
        """The number of attributes."""
        return len(self.attributes)

    @property
    def instance_count(self) -> int:
        """|X| = prod |V_i|."""
        return math.prod(len(d) for d in self.domains)

    @property
    def syntactic_size(self) -> int:
        """The syntactic size prod (|V_i| + 2): each attribute a value, ``?`` or ``∅``."""
        return math.prod(len(d) + 2 for d in self.domains)

    @property
    def size(self) -> int:
        """|H| = 1 + prod (|V_i| + 1): the semantically distinct hypotheses."""
        return 1 + math.prod(len(d) + 1 for d in self.domains)

    # -- elements ---------------------------------------------------------------

    def most_general(self) -> Conjunction:
        """``<?, ..., ?>``."""
        return Conjunction.most_general(self.arity)

    def most_specific(self) -> Conjunction:
        """``<∅, ..., ∅>``."""
        return Conjunction.empty(self.arity)

    def instances(self) -> Iterator[tuple[Term, ...]]:
        """Every instance of X, in the order of the domains."""
        return itertools.product(*self.domains)

    def hypotheses(self) -> Iterator[Conjunction]:
        """The semantically distinct hypotheses: ∅ first, then every mix of values and ``?``."""
        yield self.most_specific()
        for constraints in itertools.product(*((*d, ANY) for d in self.domains)):
            yield Conjunction(constraints)

    def check_instance(self, instance: Sequence[Term]) -> tuple[Term, ...]:
        """Return ``instance`` as a tuple after checking its length and domains.

        Raises
        ------
        HypothesisSpaceError
            If it has the wrong number of values or a value outside a domain.
        """
        values = tuple(instance)
        if len(values) != self.arity:
            raise HypothesisSpaceError(
                f"an instance of {self.target} has {self.arity} values, not {len(values)}"
            )
        for name, domain, value in zip(self.attributes, self.domains, values):
            if value not in domain:
                allowed = ", ".join(format_value(v) for v in domain)
                raise HypothesisSpaceError(
                    f"{format_value(value)} is not a value of {name} ({allowed})"
                )
        return values

    def contains(self, hypothesis: Conjunction) -> bool:
        """True when ``hypothesis`` is a conjunction over this space's domains."""
        if hypothesis.arity != self.arity:
            return False
        if hypothesis.is_empty:
            return True
        return all(c == ANY or c in d for c, d in zip(hypothesis.constraints, self.domains))

    def minimal_specialisations(
        self, hypothesis: Conjunction, instance: Sequence[Term]
    ) -> tuple[Conjunction, ...]:
        """``hypothesis.minimal_specialisations(instance, self.domains)``."""
        return hypothesis.minimal_specialisations(instance, self.domains)

    def clause_texts(self, hypothesis: Conjunction) -> list[str]:
        """The hypothesis as clauses of this space's target (``["false"]`` when empty)."""
        return hypothesis.clause_texts(self.target)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: target, attributes and domains."""
        return {
            "target": self.target,
            "attributes": list(self.attributes),
            "domains": {
                a: [value_to_json(v) for v in d] for a, d in zip(self.attributes, self.domains)
            },
        }


def check_labelled(data: AttributeValueData, learner: str) -> None:
    """Check that ``data`` has pos/neg labels and no missing value.

    Raises
    ------
    KBError
        For label/2 examples, or a missing value (located at the example).
    """
    if not data.is_boolean:
        raise KBError(
            f"{learner} learns a boolean concept from pos/neg examples, but the examples of "
            f"{data.target}/{data.arity} are label/2 examples"
        )
    for index, instance in enumerate(data.instances):
        for attribute, value in zip(data.attributes, instance):
            if value == MISSING:
                position = data.positions[index] if index < len(data.positions) else None
                raise value_error(
                    f"{data.example_text(index)} has a missing value for {attribute.name}; "
                    f"{learner} needs complete instances",
                    position,
                )


def conjunction_examples(
    data: AttributeValueData, learner: str = "this learner"
) -> tuple[ConjunctionSpace, list[LabelledInstance]]:
    """The hypothesis space over ``data``'s attributes and its labelled examples.

    Raises
    ------
    KBError
        For label/2 examples or a missing value (located at the example).
    HypothesisSpaceError
        For a numeric attribute.
    """
    check_labelled(data, learner)
    space = ConjunctionSpace.from_data(data)
    examples = [(tuple(x), bool(y)) for x, y in zip(data.instances, data.labels)]
    return space, examples
