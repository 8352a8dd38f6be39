r"""Brute-force MAP learning of a conjunction, on the learner protocol (Mitchell 1997, 6.3).

``symlearn learn brute-force-map FILE --target NAME/ARITY`` takes the
hypothesis space H of conjunctions over the target's attributes
(:class:`~symlearn.hypotheses.space.ConjunctionSpace`, Mitchell 1997 section
2.2) and computes, for every h in H, the posterior by Bayes' theorem
(:func:`~symlearn.bayes.map.map_learner.brute_force_map`, Mitchell 1997 section
6.3.1):

    P(h | D) = P(D | h) P(h) / P(D),   P(D) = sum_h P(D | h) P(h)

with the noise-free likelihood ``P(D | h) = 1`` when h is consistent with
every example and 0 otherwise.  Under the **uniform prior** ``P(h) = 1/|H|``
every hypothesis of the version space gets ``P(h | D) = 1/|VS_H,D|``, every
other one 0, and ``P(D) = |VS_H,D| / |H|`` (Mitchell's equations 6.4-6.5):
every consistent hypothesis is a MAP hypothesis.  All values are exact
fractions.

**A prior from the file.**  ``prior(Hypothesis, P).`` facts give P(h) for
some hypotheses, written as clause heads (``_`` for ``?``) or ``false`` for
the empty hypothesis; the rest of the probability is shared equally by the
hypotheses not listed::

    prior(enjoysport(sunny, _, _, _, _, _), 0.1).
    prior(false, 1/100).

**Classifying** (``--classify ATOM`` and the files' ``instance/1``): the
Bayes optimal classification ``argmax_v sum_h P(v | h) P(h | D)`` with both
probabilities (Mitchell 1997, section 6.7), and the Gibbs algorithm's
(section 6.8): one hypothesis drawn from ``P(h | D)`` (seeded, ``--seed``)
and its label, with the probability that Gibbs gives that label and both
classifiers' expected errors when the target is itself drawn from
``P(h | D)`` (Gibbs's is at most twice the Bayes optimal one).

The hypothesis written out (``hypothesis``, ``-o``) is the most specific MAP
hypothesis when there is exactly one; under the uniform prior that is S's
member, which says pos exactly when every MAP hypothesis does.

Examples
--------
>>> import symlearn
>>> run = symlearn.learn("brute-force-map", "kb/enjoysport.pl", target="enjoysport/6",
...                      classify="enjoysport(sunny, cold, normal, strong, warm, same)")
>>> run.posterior.evidence, len(run.posterior.hypotheses), len(run.map_hypotheses)
(Fraction(6, 973), 973, 6)
>>> run.posterior.probability(run.map_hypotheses[0])
Fraction(1, 6)
>>> vote = run.classification
>>> vote.optimal.probabilities[True], vote.optimal.label, vote.errors
(Fraction(1, 3), False, (Fraction(1, 3), Fraction(4, 9)))
>>> run.clauses()
['enjoysport(sunny, warm, _, strong, _, _).']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from symlearn.bayes.map.bayes_optimal import (
    BayesOptimal,
    bayes_optimal,
    expected_errors,
    gibbs_classify,
)
from symlearn.bayes.map.map_learner import HypothesisPosterior, brute_force_map
from symlearn.data.attribute_value import AttributeValueData, instance_from_atom
from symlearn.errors import HypothesisSpaceError, KBError, VersionSpaceCollapsedError
from symlearn.hypotheses.conjunction import ANY, Conjunction
from symlearn.hypotheses.space import ConjunctionSpace, conjunction_examples
from symlearn.hypotheses.version_space import maximally_specific
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.parser import parse_term
from symlearn.learning.registry import Progress
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var

__all__ = [
    "DEFAULT_LIMIT",
    "SETTINGS",
    "InstanceVote",
    "MapRun",
    "MapSettings",
    "Prior",
    "file_prior",
    "learn",
    "vote",
]

SUMMARY = "Brute-force MAP: P(h|D) for every conjunction of H; Bayes optimal and Gibbs votes."
EXAMPLE = "symlearn learn brute-force-map kb/enjoysport.pl --target enjoysport/6"

#: The largest hypothesis space listed unless told otherwise.
DEFAULT_LIMIT = 200_000
#: Hypotheses of the version space listed in the text report (the JSON has all).
SHOWN = 40


# -- the prior ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Prior:
    """P(h): the probabilities the file lists, and an equal share of the rest for the others.

    Attributes
    ----------
    listed
        Hypothesis -> P(h) for the hypotheses ``prior/2`` names.
    other
        P(h) of each hypothesis not listed.
    """

    listed: dict[Conjunction, Fraction]
    other: Fraction

    def __call__(self, hypothesis: Conjunction) -> Fraction:
        """P(hypothesis)."""
        return self.listed.get(hypothesis, self.other)

    @classmethod
    def uniform(cls, size: int) -> Prior:
        """P(h) = 1/|H|."""
        return cls({}, Fraction(1, size))

    def describe(self, size: int) -> str:
        """One line saying what the prior is."""
        if not self.listed:
            return f"uniform, P(h) = {self.other} for each of the {size} hypotheses"
        rest = size - len(self.listed)
        return (
            f"from the file's prior/2 for {_count(len(self.listed))}, "
            f"P(h) = {self.other} for each of the other {rest}"
        )


def _probability(term: Term) -> Fraction | None:
    """A probability written as a number or ``A/B``; None when it is neither."""
    if isinstance(term, float):
        return Fraction(repr(term))  # 0.1 is 1/10, as written
    if type(term) is int:
        return Fraction(term)
    if isinstance(term, Struct) and term.name == "/" and len(term.args) == 2:
        a, b = term.args
        if type(a) is int and type(b) is int and b != 0:
            return Fraction(a, b)
    return None


def _hypothesis(atom: Term, space: ConjunctionSpace, where: str) -> Conjunction | None:
    """The conjunction a ``prior/2`` atom names (None: another target's)."""
    if atom == "false":
        return space.most_specific()
    name = atom.name if isinstance(atom, Struct) else atom
    args = atom.args if isinstance(atom, Struct) else ()
    if name != space.target:
        return None
    if len(args) != space.arity:
        raise KBError(f"{where}: {space.target} has {space.arity} attributes, not {len(args)}")
    constraints: list[Term] = []
    for attribute, domain, value in zip(space.attributes, space.domains, args):
        if isinstance(value, Var):
            constraints.append(ANY)
        elif value in domain:
            constraints.append(value)
        else:
            allowed = ", ".join(format_term(v) for v in domain)
            raise KBError(
                f"{where}: {format_term(value)} is not a value of {attribute} ({allowed})"
            )
    return Conjunction(tuple(constraints))


def _located(message: str, position: SourcePosition | None) -> KBError:
    if position is None:
        return KBError(message)
    return KBError(message, position.path, position.line, position.column)


def file_prior(kb: KnowledgeBase | None, space: ConjunctionSpace) -> Prior:
    """The prior the files' ``prior(Hypothesis, P).`` facts give (uniform when there are none).

    Raises
    ------
    KBError
        At a ``prior/2`` clause that is not a fact, names a hypothesis outside H
        or twice, or gives a probability outside [0, 1]; or when the listed
        probabilities add up to more than 1 (or to less than 1 with every
        hypothesis listed).
    """
    if kb is None or not kb.defines("prior", 2):
        return Prior.uniform(space.size)
    predicate = kb.predicate("prior", 2)
    listed: dict[Conjunction, Fraction] = {}
    for clause, position in zip(predicate.clauses, predicate.positions):
        text = format_term(clause.head)
        try:
            if clause.body:
                raise KBError(f"{text}: a prior is a fact, not a rule")
            atom, value = clause.head.args  # type: ignore[union-attr]
            hypothesis = _hypothesis(atom, space, text)
            if hypothesis is None:
                continue
            p = _probability(value)
            if p is None or not 0 <= p <= 1:
                raise KBError(f"{text}: the probability must be a number in [0, 1] (or A/B)")
            if hypothesis in listed:
                raise KBError(f"{text}: {hypothesis} already has a prior")
        except KBError as error:
            raise _located(error.message, position) from None
        listed[hypothesis] = p
    total = sum(listed.values(), Fraction(0))
    rest = space.size - len(listed)
    where = predicate.positions[0] if len(predicate.positions) else None
    if total > 1 or (rest == 0 and total != 1):
        raise _located(
            f"the prior/2 probabilities of {space.target} add up to {total}, not "
            f"{'at most ' if rest else ''}1",
            where,
        )
    return Prior(listed, (1 - total) / rest if rest else Fraction(0))


# -- classifying ----------------------------------------------------------------------------


@dataclass(frozen=True)
class InstanceVote:
    """The Bayes optimal and Gibbs classifications of one instance.

    Attributes
    ----------
    instance
        The attribute values.
    optimal
        The Bayes optimal vote: P(pos | D), P(neg | D) and the label.
    drawn
        The hypothesis the Gibbs algorithm drew from P(h | D).
    gibbs
        Its label for the instance (True for pos).
    errors
        Expected errors of Bayes optimal and Gibbs when the target is drawn
        from P(h | D).
    """

    instance: tuple[Term, ...]
    optimal: BayesOptimal
    drawn: Conjunction
    gibbs: bool
    errors: tuple[Fraction, Fraction]

    @property
    def gibbs_probability(self) -> Fraction:
        """The probability that Gibbs gives the label it gave: P(that label | D)."""
        return self.optimal.probabilities[self.gibbs]

    def to_dict(self, data: AttributeValueData, target: str) -> dict[str, Any]:
        """JSON: ``instance``, ``label`` (Bayes optimal), ``bayes_optimal``, ``gibbs``, ..."""
        optimal = self.optimal.to_dict()
        return {
            "instance": format_term(data.atom(self.instance)),
            "label": optimal["label"],
            "bayes_optimal": {
                **optimal,
                **_exact("positive", self.optimal.probabilities[True]),
                **_exact("negative", self.optimal.probabilities[False]),
            },
            "gibbs": {
                "hypothesis": self.drawn.clause_texts(target),
                "label": "pos" if self.gibbs else "neg",
                **_exact("probability", self.gibbs_probability),
            },
            "expected_errors": {
                **_exact("bayes_optimal", self.errors[0]),
                **_exact("gibbs", self.errors[1]),
            },
        }

    def lines(self, data: AttributeValueData, target: str, seed: int) -> list[str]:
        """The report's lines for this instance."""
        p = self.optimal.probabilities
        label = {True: "pos", False: "neg", None: "unknown (a tie)"}[self.optimal.label]
        drawn = self.drawn.clause_texts(target)[0]
        best, gibbs = self.errors
        return [
            f"classify {format_term(data.atom(self.instance))}:",
            f"  Bayes optimal: {label}; P(pos|D) = {_shown(p[True])}, "
            f"P(neg|D) = {_shown(p[False])}",
            f"  Gibbs (seed {seed}) drew {drawn} -> {'pos' if self.gibbs else 'neg'}, "
            f"a label Gibbs gives with probability {_shown(self.gibbs_probability)}",
            f"  expected error with the target drawn from P(h|D): Bayes optimal {best}, "
            f"Gibbs {gibbs} (at most twice {best})",
        ]


def _count(n: int) -> str:
    """``1 hypothesis``, ``6 hypotheses``."""
    return f"{n} hypothes{'is' if n == 1 else 'es'}"


def _exact(name: str, p: Fraction) -> dict[str, Any]:
    """``{name: float, name_exact: "a/b"}``."""
    return {name: float(p), f"{name}_exact": str(p)}


def _shown(p: Fraction) -> str:
    """``1/3 (0.3333)``; a whole number alone."""
    return str(p) if p.denominator == 1 else f"{p} ({float(p):.4g})"


def vote(
    posterior: HypothesisPosterior, instance: tuple[Term, ...], rng: random.Random
) -> InstanceVote:
    """The Bayes optimal and Gibbs classifications of ``instance`` (Gibbs draws from ``rng``)."""
    drawn, label = gibbs_classify(posterior, instance, rng)
    return InstanceVote(
        instance,
        bayes_optimal(posterior, instance),
        drawn,
        label,
        expected_errors(posterior, instance),
    )


# -- the learner protocol -----------------------------------------------------------------


@dataclass(frozen=True)
class MapSettings(Settings):
    """What ``symlearn learn brute-force-map`` can be told."""

    ALGORITHM: ClassVar[str] = "brute-force-map"

    classify: str | None = option(
        None,
        metavar="ATOM",
        help="Classify a new instance by the Bayes optimal classifier and by Gibbs, e.g. "
        "'enjoysport(sunny, warm, high, strong, cool, same)'.",
    )
    seed: int = option(0, key="seed", help="Seed of the Gibbs algorithm's draws.")
    limit: int = option(
        DEFAULT_LIMIT,
        key="limit",
        minimum=1,
        help="Refuse a hypothesis space with more hypotheses than this.",
    )


SETTINGS = MapSettings


@dataclass(eq=False)
class MapRun(LearnResult):
    """The brute-force MAP learner run on a task (see the module docstring).

    Attributes
    ----------
    task, settings
        What was learnt, and how.
    space
        H.
    prior
        P(h).
    posterior
        P(h | D) over H (None when no hypothesis of positive prior is
        consistent with the examples: then ``collapse`` says why and the run
        is a "no", exit status 1).
    votes
        The classifications of the ``--classify`` instance (first, when asked)
        and of the files' ``instance/1`` examples.
    """

    task: LearningTask
    settings: MapSettings
    space: ConjunctionSpace
    prior: Prior
    posterior: HypothesisPosterior | None
    votes: tuple[InstanceVote, ...] = ()
    collapse: VersionSpaceCollapsedError | None = None
    algorithm: str = "brute-force-map"

    def __post_init__(self) -> None:
        self.exit_status = 1 if self.posterior is None else 0

    # -- what it found
    @property
    def version_space(self) -> tuple[Conjunction, ...]:
        """The hypotheses consistent with the examples (P(D | h) = 1), in H's order."""
        return () if self.posterior is None else self.posterior.version_space

    @property
    def map_hypotheses(self) -> tuple[Conjunction, ...]:
        """The hypotheses of highest posterior."""
        return () if self.posterior is None else self.posterior.map_hypotheses

    @property
    def classification(self) -> InstanceVote | None:
        """The votes on the ``--classify`` instance (None when none was asked)."""
        return self.votes[0] if self.settings.classify and self.votes else None

    @property
    def classifications(self) -> list[InstanceVote]:
        """The votes on the files' ``instance/1`` examples."""
        return list(self.votes[1:] if self.settings.classify else self.votes)

    @cached_property
    def chosen(self) -> Conjunction | None:
        """The most specific MAP hypothesis, when there is exactly one."""
        specific = maximally_specific(self.map_hypotheses)
        return specific[0] if len(specific) == 1 else None

    def clauses(self) -> list[str]:
        """The most specific MAP hypothesis as clauses (none when there is not exactly one)."""
        return [] if self.chosen is None else self.chosen.clause_texts(self.space.target)

    # -- JSON and text
    def to_dict(self) -> dict[str, Any]:
        """``algorithm``, ``target``, ``hypothesis``, ``evidence``, ``posteriors``, ..."""
        target = self.space.target
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "hypothesis_space_size": self.space.size,
            "prior": {
                "kind": "file" if self.prior.listed else "uniform",
                "listed": [
                    {"hypothesis": h.clause_texts(target), **_exact("prior", p)}
                    for h, p in self.prior.listed.items()
                ],
                **_exact("other", self.prior.other),
            },
        }
        if self.posterior is None:
            payload["collapsed"] = {"message": str(self.collapse)}
            return payload
        posterior, best = self.posterior, set(self.map_hypotheses)
        payload.update(
            {
                **_exact("evidence", posterior.evidence),
                "version_space_size": len(self.version_space),
                "posteriors": [
                    {
                        "hypothesis": h.clause_texts(target),
                        **_exact("prior", self.prior(h)),
                        **_exact("posterior", posterior.probability(h)),
                        "map": h in best,
                    }
                    for h in self.version_space
                ],
                "map_hypotheses": [h.clause_texts(target) for h in self.map_hypotheses],
                **_exact("map_probability", max(posterior.probabilities)),
            }
        )
        data = self.task.attribute_data
        if self.classification is not None:
            payload["classification"] = self.classification.to_dict(data, target)
        if self.classifications:
            payload["classifications"] = [v.to_dict(data, target) for v in self.classifications]
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """H, the prior, P(D), P(h|D) over the version space, the MAP hypotheses, the votes."""
        if self.posterior is None:
            return []
        target, posterior = self.space.target, self.posterior
        members, best = self.version_space, set(self.map_hypotheses)
        lines = [
            f"brute-force MAP over the {self.space.size} conjunctions of H for {self.task.name}",
            f"prior: {self.prior.describe(self.space.size)}",
            f"P(D) = {_shown(posterior.evidence)}",
            f"P(h|D) for the {_count(len(members))} of the version space "
            f"(0 for the other {self.space.size - len(members)}); * marks a MAP hypothesis:",
        ]
        width = max(len(str(posterior.probability(h))) for h in members)
        for h in members[:SHOWN]:
            p = posterior.probability(h)
            mark = "*" if h in best else " "
            lines.append(f"  {mark} {p!s:>{width}} = {float(p):.4f}  {h.clause_texts(target)[0]}")
        if len(members) > SHOWN:
            lines.append(f"  ... {len(members) - SHOWN} more (see --json)")
        top = max(posterior.probabilities)
        many = f"{len(best)} MAP hypotheses, P(h|D) = {_shown(top)} each"
        lines.append(many if len(best) > 1 else f"1 MAP hypothesis, P(h|D) = {_shown(top)}")
        data = self.task.attribute_data
        shown: list[InstanceVote] = []
        for entry in self.votes:  # the asked instance once, also when the file lists it
            if not any(entry is seen for seen in shown):
                shown.append(entry)
                lines += entry.lines(data, target, self.settings.seed)
        lines = [f"% {line}" for line in lines]
        if self.chosen is not None:
            lines.append("% the most specific MAP hypothesis (what -o writes):")
            lines += self.clauses()
        return lines

    def messages(self, verbose: int = 0) -> list[str]:
        """When no hypothesis is consistent: why (a "no" answer)."""
        return [] if self.collapse is None else [str(self.collapse)]


def learn(
    task: LearningTask,
    settings: MapSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> MapRun:
    """Brute-force MAP learning over the conjunctions of a task's attributes (the protocol).

    A task whose examples no hypothesis of positive prior fits is a result
    too, with ``exit_status`` 1.

    Raises
    ------
    KBError
        When the examples are not ``pos``/``neg`` over finite domains, a
        ``prior/2`` fact is wrong, or the ``classify`` atom is not an instance
        of the target.
    HypothesisSpaceError
        When |H| exceeds ``settings.limit`` or an attribute is numeric.
    """
    settings = settings or MapSettings.from_task(task)
    data = task.attribute_data
    space, examples = conjunction_examples(data, "brute-force-map")
    asked = [_instance(data, space, settings.classify)] if settings.classify else []
    instances = [*asked, *(space.check_instance(x) for x in data.unlabelled)]
    if space.size > settings.limit:
        raise HypothesisSpaceError(
            f"the hypothesis space of {space.target}/{space.arity} has {space.size} hypotheses, "
            f"more than the limit of {settings.limit} that brute-force MAP lists; raise --limit"
        )
    prior = file_prior(task.kb, space)
    try:
        posterior = brute_force_map(_counted(space, progress), examples, prior)
    except VersionSpaceCollapsedError as error:
        return MapRun(task, settings, space, prior, None, collapse=error)
    if log is not None:
        log(1, f"{len(posterior.version_space)} of {space.size} hypotheses are consistent with D")
    rng = random.Random(settings.seed)
    drawn: dict[object, InstanceVote] = {}  # an instance asked and listed: one Gibbs draw
    for x in instances:
        if x not in drawn:
            drawn[x] = vote(posterior, x, rng)
    votes = tuple(drawn[x] for x in instances)
    return MapRun(task, settings, space, prior, posterior, votes)


def _counted(space: ConjunctionSpace, progress: Progress | None) -> Iterator[Conjunction]:
    """H's hypotheses, reporting every 10,000 to ``progress``."""
    for k, h in enumerate(space.hypotheses(), 1):
        if progress is not None and k % 10_000 == 0:
            progress("hypotheses", k, space.size)
        yield h


def _instance(data: AttributeValueData, space: ConjunctionSpace, text: str) -> tuple[Term, ...]:
    """The values of the ``--classify`` atom, checked against the domains."""
    return space.check_instance(instance_from_atom(data, parse_term(text, "<--classify>")))
