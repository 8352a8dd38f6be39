r"""Decision-theoretic ProbLog: the strategy of highest expected utility (``symlearn problog dt``).

A DTProbLog program (Van den Broeck, Thon, van Otterlo & De Raedt 2010) is a
ProbLog program with decisions (``?::Head``, see
:mod:`~symlearn.bayes.problog.decisions`) and utilities: ``utility(Atom, U)``
facts or rules (``utility(bet(X, C), -C) :- bet(X, C).``; ``U`` an
arithmetic expression, ``Atom`` may be ``\+A``, a reward for A false).  The
expected utility of a strategy is

    EU(strategy) = Σ  U · P(Atom | evidence, strategy)

over the ground utility facts.  :func:`solve_decisions` finds the best
strategy as ProbLog's ``dtproblog`` does:

* the program is grounded for the utility atoms (and its evidence) with the
  decisions as choices, and compiled to an SDD once;
* ``exhaustive`` (the default, exact) evaluates every strategy that takes
  exactly one head of each disjunction of decisions, in ProbLog's order
  (the decisions as the bits of a counter), and keeps the first of the
  best;
* ``local`` starts from the strategy that takes a decision fact when its
  own utility is positive (as ProbLog, whose decisions with a body are never
  rewarded directly), then flips one decision at a time while that
  improves, round the decisions until no flip does (ProbLog's local search).

Where ProbLog finds no decision it reports a score of 0 without evaluating
the utilities; here the answer is then the expected utility of the program
as it is (the empty strategy), with a warning.

Functions and classes
---------------------
solve_decisions, DecisionRun, utilities

References
----------
Van den Broeck, Thon, van Otterlo & De Raedt 2010 (DTProbLog: a
decision-theoretic probabilistic Prolog, AAAI).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from symlearn.bayes.problog.decisions import DecisionProgram, Decisions, decision_program
from symlearn.bayes.problog.grounding import ground_program
from symlearn.bayes.problog.printing import problog_text
from symlearn.bayes.problog.sdd_compilation import CompiledProgram, compile_program_sdd
from symlearn.bayes.problog.weighted_counts import WeightedCounts
from symlearn.errors import InvalidParameterError, SymlearnError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, is_ground

__all__ = ["SEARCHES", "DecisionRun", "solve_decisions", "utilities"]

#: The searches of ``symlearn problog dt``.
SEARCHES = ("exhaustive", "local")

Progress = Callable[[str, int, int | None], None]


def utilities(program: DecisionProgram) -> dict[Term, float]:
    r"""The ground utility facts: atom (``\+A`` for A false) -> utility, in the order found.

    Raises
    ------
    InvalidParameterError
        Without ``utility/2``, or for a utility that is not a number.
    """
    atom, value = Var("Atom"), Var("Utility")
    if not (program.kb.defines("utility", 2) or _defined_probabilistically(program.kb)):
        raise InvalidParameterError(
            "the program has no utility/2: nothing to decide for (write utility(Atom, Value) "
            "facts or rules)"
        )
    grounded = ground_program(program.kb, [Struct("utility", (atom, value))], [])
    found: dict[Term, float] = {}
    for node in grounded.queries:
        fact = grounded.name(node)
        if not is_ground(fact) or not isinstance(fact, Struct):
            raise InvalidParameterError(
                f"{format_term(fact)}: a utility names a ground atom (bind its variables in "
                "the body of the utility/2 rule)"
            )
        rewarded, amount = fact.args
        found[rewarded] = found.get(rewarded, 0.0) + _number(amount, fact)
    return found


def _defined_probabilistically(kb: KnowledgeBase) -> bool:
    return any(
        isinstance(h, Struct) and h.name == "utility" and len(h.args) == 2
        for clause in kb.probabilistic
        for _, h in clause.heads
    )


def _number(amount: Term, fact: Term) -> float:
    from symlearn.engine.arithmetic import PrologThrow, evaluate

    try:
        value: float | None = evaluate(amount, lambda t: t)
    except (PrologThrow, SymlearnError):  # not an arithmetic expression
        value = None
    if value is None or isinstance(value, bool):
        raise InvalidParameterError(
            f"{format_term(fact)}: the utility {format_term(amount)} is not a number"
        )
    return float(value)


class _Evaluator:
    """Expected utilities of strategies over the compiled program."""

    def __init__(
        self,
        compiled: CompiledProgram,
        decisions: Decisions,
        rewards: list[tuple[Any, bool, float]],
    ) -> None:
        self.decisions = decisions
        self.rewards = rewards  # (SDD of the atom and the evidence, positive, utility)
        nodes = [compiled.evidence, *(node for node, _, _ in rewards)]
        probabilities = [c.probability for c in compiled.program.choices]
        self.counts = WeightedCounts(compiled.manager, nodes, probabilities)
        self.evaluated = 0

    def expected_utility(self, strategy: Sequence[bool]) -> float | None:
        """EU of ``strategy``; None when the evidence is impossible under it."""
        for index, taken in zip(self.decisions.choices, strategy):
            self.counts.set(index, 1.0 if taken else 0.0)
        self.evaluated += 1
        evidence, *joint = self.counts.counts()
        if evidence <= 0.0:
            return None
        total = 0.0
        for (_, positive, utility), count in zip(self.rewards, joint):
            probability = min(1.0, max(0.0, count / evidence))
            total += utility * (probability if positive else 1.0 - probability)
        return total


def _evaluator(program: DecisionProgram, rewards: dict[Term, float]) -> _Evaluator:
    atoms = {}
    for atom in rewards:
        positive = not (isinstance(atom, Struct) and atom.name == "\\+" and len(atom.args) == 1)
        atoms[atom] = (atom if positive else atom.args[0], positive)  # type: ignore[union-attr]
    try:
        grounded = ground_program(program.kb, list(dict.fromkeys(a for a, _ in atoms.values())))
    except InvalidParameterError as error:  # an atom no clause defines
        raise InvalidParameterError(
            f"a utility's atom cannot be grounded: {str(error).removeprefix('query ')}"
        ) from None
    compiled = compile_program_sdd(grounded)
    manager = compiled.manager
    nodes = []
    for atom, (target, positive) in atoms.items():
        formula = compiled.formulas.get(target, manager.false())
        nodes.append((manager.conjoin(formula, compiled.evidence), positive, rewards[atom]))
    return _Evaluator(compiled, program.decisions(grounded), nodes)


@dataclass(eq=False)
class DecisionRun:
    """The best strategy and its expected utility.

    Attributes
    ----------
    decisions
        Decision atom -> taken (1) or not (0), in ProbLog's order.
    score
        The expected utility of the strategy.
    utilities
        The ground utility facts (atom text -> utility).
    search
        ``exhaustive`` or ``local``.
    evaluated
        How many strategies were evaluated.
    warnings
        Said on standard error (a program without decisions).
    """

    decisions: dict[str, int]
    score: float
    utilities: dict[str, float]
    search: str
    evaluated: int
    sources: tuple[str, ...] = ()
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``symlearn problog dt --json``."""
        return {
            "task": "dt",
            "decisions": self.decisions,
            "score": self.score,
            "utilities": self.utilities,
            "search": self.search,
            "strategies_evaluated": self.evaluated,
        }

    def report(self) -> list[str]:
        """As ``problog dt`` prints: ``decision:<tab>1`` lines sorted, then ``SCORE: ...``."""
        width = max((len(name) for name in self.decisions), default=0)
        lines = [f"{name:>{width}}:\t{value}" for name, value in sorted(self.decisions.items())]
        return [*lines, f"SCORE: {self.score!r}"]


def solve_decisions(
    kb: KnowledgeBase,
    *,
    search: str = "exhaustive",
    progress: Progress | None = None,
    sources: tuple[str, ...] = (),
) -> DecisionRun:
    """The strategy of highest expected utility (see the module docstring).

    Raises
    ------
    InvalidParameterError
        For an unknown search, a program without utilities, evidence that no
        strategy allows.
    KBError
        For a program that cannot be grounded (with its file, line and column).
    ResourceLimitError
        When the exhaustive search has too many decisions to enumerate.
    """
    if search not in SEARCHES:
        raise InvalidParameterError(
            f"--search must be one of {', '.join(SEARCHES)}, not {search!r}"
        )
    program = decision_program(kb)
    rewards = utilities(program)
    evaluator = _evaluator(program, rewards)
    decisions = evaluator.decisions
    warnings = []
    if not decisions.choices:
        warnings.append(
            "warning: no decisions (?::) in the relevant program: the score is the expected "
            "utility of the program as it is"
        )
    if search == "local" and decisions.groups:
        raise InvalidParameterError(
            "the local search flips one decision at a time, which a disjunction of decisions "
            "forbids; use --search exhaustive"
        )
    best = (
        _local(evaluator, rewards, kb)
        if search == "local" and decisions.choices
        else _exhaustive(evaluator, progress)
    )
    if best is None:
        raise InvalidParameterError("the evidence is impossible under every strategy")
    strategy, score = best
    shown = {problog_text(a): u for a, u in rewards.items()}
    return DecisionRun(
        _named(decisions, strategy),
        score,
        shown,
        search,
        evaluator.evaluated,
        sources,
        warnings,
    )


def _named(decisions: Decisions, strategy: Sequence[bool]) -> dict[str, int]:
    return {problog_text(n): int(v) for n, v in zip(decisions.names(), strategy)}


def _exhaustive(
    evaluator: _Evaluator, progress: Progress | None
) -> tuple[tuple[bool, ...], float] | None:
    best: tuple[tuple[bool, ...], float] | None = None
    total = 1 << len(evaluator.decisions)
    for number, strategy in enumerate(evaluator.decisions.strategies()):
        score = evaluator.expected_utility(strategy)
        if score is not None and (best is None or score > best[1]):
            best = (strategy, score)
        if progress is not None and number % 64 == 0:
            progress("strategies", number, total)
    return best


def _local(
    evaluator: _Evaluator, rewards: dict[Term, float], kb: KnowledgeBase
) -> tuple[tuple[bool, ...], float] | None:
    decisions = evaluator.decisions
    choices = [decisions.program.choices[i] for i in decisions.choices]
    # ProbLog's start: a decision fact is taken when its own atom has a positive utility
    # (a decision with a body is a choice node of its own there, never rewarded)
    strategy = [
        not kb.probabilistic[c.clause].body and rewards.get(c.name, 0.0) > 0.0 for c in choices
    ]
    best = evaluator.expected_utility(strategy)
    if best is None:
        return None
    last: int | None = None
    while True:
        for index in range(len(strategy)):
            if index == last:
                return tuple(strategy), best
            strategy[index] = not strategy[index]
            score = evaluator.expected_utility(strategy)
            if score is not None and score > best:
                best, last = score, index
            else:
                strategy[index] = not strategy[index]
        if last is None:
            return tuple(strategy), best
