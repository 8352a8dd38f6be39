"""The combine step: the smallest union of programs found so far that solves the task.

Generating whole multi-clause programs grows the search space quickly.
Cropper and Hocquette (2023) instead let the generator find small programs
that each prove some positive examples and no negative, and *combine* them:
among the programs collected, choose a set whose union proves every positive
example, with the fewest literals in all.  For non-recursive programs the
union proves exactly what its members prove, so the choice is a weighted set
cover; with noise (Hocquette et al. 2024) the choice minimises the minimum
description length instead: literals plus positives missed plus negatives
proved.

The choice is an optimisation problem given to the answer-set solver
(``#minimize``; under noise with clingo's core-guided strategy, as Popper
solves it with the MaxSAT solver RC2).  Positive examples proved by exactly the same programs are
one class (covering one covers all), which keeps the problem small.  A union
containing a recursive program may prove more than its members; it is tested
and, when it proves a negative, that set of rules is forbidden and the choice
made again.

Classes
-------
Combiner, Choice

References
----------
Cropper, A. and Hocquette, C. (2023).  Learning logic programs by combining
programs.  ECAI 2023.  Hocquette, C., Niskanen, A., Järvisalo, M. and
Cropper, A. (2024).  Learning MDL logic programs from noisy data.  AAAI 2024.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from symlearn.ilp.lff.rules import Program, Rule, program_size
from symlearn.ilp.lff.tester import Outcome

__all__ = ["NOISY_OPTIONS", "Choice", "Combiner"]


@dataclass(frozen=True)
class Choice:
    """A combined program and what it proves."""

    program: Program
    positives: int
    negatives: int

    @property
    def size(self) -> int:
        """Its literals."""
        return program_size(self.program)


class Combiner:
    """Collects programs and chooses the best union of them (see the module docstring).

    Parameters
    ----------
    positives, negatives
        How many positive and negative examples there are.
    noisy
        Minimise literals + positives missed + negatives proved (else: prove
        every positive, no negative, with the fewest literals).
    test
        Tests a union that contains a recursive program.
    """

    def __init__(
        self,
        positives: int,
        negatives: int,
        *,
        noisy: bool,
        test: Callable[[Program], Outcome],
    ) -> None:
        self.n_positives = positives
        self.n_negatives = negatives
        self.noisy = noisy
        self.test = test
        self.programs: list[tuple[Program, int, int]] = []
        self._rule_ids: dict[Rule, int] = {}
        self._forbidden: list[frozenset[int]] = []
        self._new = False

    def add(self, program: Program, positives: int, negatives: int) -> None:
        """Collect a program proving ``positives`` and ``negatives`` (bit sets)."""
        for rule in program:
            self._rule_ids.setdefault(rule, len(self._rule_ids))
        self.programs.append((program, positives, negatives))
        self._new = True

    @property
    def changed(self) -> bool:
        """True when a program was collected since the last choice."""
        return self._new

    def covered(self) -> int:
        """Every positive some collected program proves."""
        union = 0
        for _, positives, _ in self.programs:
            union |= positives
        return union

    def choose(self, bound: int | None, deadline: float | None = None) -> Choice | None:
        """The best union of collected programs that costs less than ``bound``, or None.

        The cost is the size without noise, the description length with it.
        """
        self._new = False
        if not self.programs:
            return None
        while True:
            found = self._solve(bound, deadline)
            if found is None:
                return None
            union = frozenset(rule for p in found for rule in p)
            if len(found) > 1 and any(rule.recursive for rule in union):
                outcome = self.test(union)
                if outcome.negatives and not self.noisy:
                    self._forbidden.append(frozenset(self._rule_ids[r] for r in union))
                    continue
                return Choice(union, outcome.positives, outcome.negatives or 0)
            positives = negatives = 0
            for program, pos, neg in self.programs:
                if program in found:
                    positives |= pos
                    negatives |= neg
            return Choice(union, positives, negatives)

    def _facts(self, bound: int | None) -> list[str]:
        facts = []
        for rule, number in self._rule_ids.items():
            facts.append(f"rule({number},{rule.size}).")
        positive_classes: dict[tuple[int, ...], int] = {}
        negative_classes: dict[tuple[int, ...], int] = {}
        for number, (program, _, _) in enumerate(self.programs):
            facts.append(f"prog({number}).")
            facts += [f"member({number},{self._rule_ids[r]})." for r in program]
        for example in range(self.n_positives):
            owners = tuple(i for i, p in enumerate(self.programs) if p[1] >> example & 1)
            positive_classes[owners] = positive_classes.get(owners, 0) + 1
        if self.noisy:
            for example in range(self.n_negatives):
                owners = tuple(i for i, p in enumerate(self.programs) if p[2] >> example & 1)
                if owners:
                    negative_classes[owners] = negative_classes.get(owners, 0) + 1
        for number, (owners, weight) in enumerate(positive_classes.items()):
            facts.append(f"pos_class({number},{weight}).")
            facts += [f"covers({p},p,{number})." for p in owners]
        for number, (owners, weight) in enumerate(negative_classes.items()):
            facts.append(f"neg_class({number},{weight}).")
            facts += [f"covers({p},n,{number})." for p in owners]
        for forbidden in self._forbidden:
            facts.append(":- " + ", ".join(f"use({r})" for r in sorted(forbidden)) + ".")
        if bound is not None and not self.noisy:  # under noise: compared after (see NOISY_OPTIONS)
            facts.append(f":- #sum{{ {_COST_EXACT} }} >= {bound}.")
        return facts

    def _solve(self, bound: int | None, deadline: float | None) -> list[Program] | None:
        import clingo

        control = clingo.Control(["-Wnone", *(NOISY_OPTIONS if self.noisy else [])])
        program = _NOISY if self.noisy else _EXACT
        control.add("base", [], program + "\n".join(self._facts(bound)))
        control.ground([("base", [])])
        best: list[list[int]] = []

        def on_model(model: clingo.Model) -> None:
            if self.noisy and bound is not None and model.cost[0] >= bound:
                return
            best[:] = [[s.arguments[0].number for s in model.symbols(shown=True)]]

        with control.solve(on_model=on_model, async_=True) as handle:
            remaining = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            if not handle.wait(remaining):
                handle.cancel()
            handle.get()
        if not best:
            return None
        chosen = set(best[0])
        return [p for i, (p, _, _) in enumerate(self.programs) if i in chosen]


#: clingo's options for the choice under noise: core-guided optimisation (unsatisfiable
#: cores, as Popper's default MaxSAT solver RC2), which proves the least description
#: length of hundreds of programs in a fraction of a second where branch and bound ran
#: for minutes (``noisy-alzheimer_amine``, 193 programs: 0.07 s instead of > 20 s).  The
#: best cost so far is not a constraint of the problem here (a hard bound on the weighted
#: sum stalls the cores: ``noisy-alzheimer_toxic``, 160 programs, > 20 s to prove that
#: none is better); an optimum no better than it is dropped after.
NOISY_OPTIONS = ["--opt-strategy=usc"]

_COST_EXACT = "S,R : use(R), rule(R,S)"

_COMMON = """
{ use(R) } :- rule(R,_).
chosen(P) :- prog(P), use(R) : member(P,R).
covered(p,K) :- chosen(P), covers(P,p,K).
covered(n,K) :- chosen(P), covers(P,n,K).
#show chosen/1.
"""

_EXACT = (
    _COMMON
    + """
:- pos_class(K,_), not covered(p,K).
#minimize { S,R : use(R), rule(R,S) }.
"""
)

_NOISY = (
    _COMMON
    + """
#minimize { S,r,R : use(R), rule(R,S); W,p,K : pos_class(K,W), not covered(p,K);
            W,n,K : neg_class(K,W), covered(n,K) }.
"""
)
