"""The loop of learning from failures: generate, test, constrain, combine.

:func:`search` runs Popper's loop (Cropper and Morel 2021, algorithm 1,
with the combine step of Cropper and Hocquette 2023 and the MDL cost of
Hocquette et al. 2024):

1. **generate** the next program of the current size from the solver
   (:class:`~symlearn.ilp.lff.generate.Generator`), sizes in increasing order;
2. **test** it on the training examples (:class:`~symlearn.ilp.lff.tester.Tester`);
3. **constrain**: turn its failure into constraints
   (:func:`~symlearn.ilp.lff.failures.noiseless_constraints`,
   :func:`~symlearn.ilp.lff.failures.noisy_constraints`) that prune the
   programs it shows cannot be better, and collect it for the combine step
   when it proves some positives and nothing wrong;
4. at the end of each size, **combine** the collected programs into the
   smallest union that proves every positive (or, with noise, the union of
   least description length), which bounds the sizes still worth searching.

Without noise the first complete and consistent program (or union) found
when every smaller size has been searched is optimal in size.  A deadline
stops the loop between two steps; the best program so far is returned.

Classes and functions
---------------------
search, SearchResult
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from symlearn.ilp.lff.bias import Bias
from symlearn.ilp.lff.combine import Choice, Combiner
from symlearn.ilp.lff.constrain import SPECIALISATION, Constraint
from symlearn.ilp.lff.failures import noiseless_constraints, noisy_constraints, subsumed_parts
from symlearn.ilp.lff.generate import Generator
from symlearn.ilp.lff.rules import Program, Rule, format_program, is_recursive, program_size
from symlearn.ilp.lff.tester import Outcome, OutOfTime, Tester, count

__all__ = ["SearchResult", "search"]

Log = Callable[[int, str], None]
Progress = Callable[[str, int, "int | None"], None]


@dataclass
class SearchResult:
    """What a search found and how it ended.

    Attributes
    ----------
    program
        The best program found (None: none proves anything right).
    positives, negatives
        Bit sets of the training examples it proves.
    optimal
        True when every smaller program was ruled out (without noise: the
        smallest complete and consistent program; with noise: the least
        description length over the space).
    stopped
        ``"solved"``, ``"exhausted"`` (no program solves the task) or
        ``"timeout"``.
    programs_tested, constraints
        How many programs were tested, how many nogoods were added.
    sizes
        The largest program size searched completely.
    reached
        Bit set of the positives some consistent program proves.
    partial
        When the space holds no solution: the union of consistent programs
        that proves the most positives (not returned as the program).
    """

    program: Program | None
    positives: int = 0
    negatives: int = 0
    optimal: bool = False
    stopped: str = "exhausted"
    programs_tested: int = 0
    constraints: int = 0
    sizes: int = 0
    reached: int = 0
    partial: Program | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class _Best:
    """The best program so far and its cost (size, or description length with noise)."""

    program: Program | None = None
    positives: int = 0
    negatives: int = 0
    cost: int | None = None


def search(
    tester: Tester,
    bias: Bias,
    *,
    noisy: bool = False,
    max_literals: int = 40,
    deadline: float | None = None,
    log: Log | None = None,
    progress: Progress | None = None,
) -> SearchResult:
    """Learn a program by generate, test, constrain and combine (see the module docstring)."""
    loop = _Loop(tester, bias, noisy, max_literals, deadline, log, progress)
    try:
        loop.run()
    except OutOfTime:
        loop.stopped = "timeout"
    return loop.result()


class _Loop:
    """One search: the generator, the tester, the combiner and the best program so far."""

    def __init__(
        self,
        tester: Tester,
        bias: Bias,
        noisy: bool,
        max_literals: int,
        deadline: float | None,
        log: Log | None,
        progress: Progress | None,
    ) -> None:
        self.tester = tester
        tester.deadline = deadline
        self.bias = bias
        self.noisy = noisy
        self.deadline = deadline
        self.say = log or (lambda _level, _message: None)
        self.progress = progress
        self.n_pos = len(tester.positives)
        self.n_neg = len(tester.negatives)
        self.all_positives = (1 << self.n_pos) - 1
        self.generator = Generator(bias)
        self.combiner = Combiner(self.n_pos, self.n_neg, noisy=noisy, test=tester.test)
        self.max_size = min(self.generator.max_size, max_literals)
        self.best = _Best()
        if noisy:  # the empty program: every positive missed
            self.best = _Best(frozenset(), 0, 0, self.n_pos)
        self.greedy: Program = frozenset()
        self.greedy_positives = 0
        self.collected: list[tuple[int, int]] = []  # (positives, size) of consistent programs
        self.explored: set[frozenset[Rule]] = set()  # parts of failing programs explained
        #: inconsistent one-rule programs proving positives: pruned once subsumed
        self.pending: list[tuple[Program, int]] = []
        self.stopped = "exhausted"
        self.optimal = False
        self.searched = 0

    # ------------------------------------------------------------------ the loop
    def run(self) -> None:
        for size in range(2, self.max_size + 1):
            if self._solved_below(size):
                self.optimal = True
                self.stopped = "solved"
                return
            self.say(1, f"programs of size {size}")
            if self._search_size(size):
                self.optimal = True
                self.stopped = "solved"
                return
            self._combine()
            self.searched = size
        self.optimal = self.best.program is not None
        self.stopped = "solved" if self.best.program is not None else "exhausted"
        if self.noisy:
            self.stopped = "solved"

    @property
    def bound(self) -> int | None:
        """The cost of the best solution so far (None: none yet)."""
        if self.noisy or self.best.program is None:
            return None
        return self.best.cost

    @property
    def best_cost(self) -> int | None:
        """The cost of the best program so far (under noise: at first the empty program's)."""
        return self.best.cost

    def _solved_below(self, size: int) -> bool:
        """True when the best program so far costs no more than any program of ``size``."""
        cost = self.best.cost
        if cost is None:
            return False
        return size >= cost

    def _search_size(self, size: int) -> bool:
        """Test every program of ``size``; True when one solves the task (optimally)."""
        for program in self.generator.programs(size, self.deadline):
            self._check_time()
            size = program_size(program)
            if self.noisy:  # the negatives matter only if it proves more positives than its size
                outcome = self.tester.test(program, least=size + 1)
            else:
                always = self.bias.recursion or self.bias.invention
                outcome = self.tester.test(program, always=always)
            self.tester.tested += 1
            tested = self.tester.tested
            if self.progress is not None and tested % 50 == 0:
                self.progress(f"lff: programs of size {size}", tested, None)
            if self.noisy:
                verdict = noisy_constraints(self, program, outcome)
            else:
                verdict = noiseless_constraints(self, program, outcome)
            self.say(
                2,
                f"program {tested} (tp {outcome.tp}, fp {outcome.fp}):\n"
                + format_program(program, self.tester.directions)
                + "".join(f"\n    {c}" for c in verdict.constraints),
            )
            if verdict.solution:
                self._record(program, outcome, program_size(program))
                return not self.noisy
            self.generator.constrain(verdict.constraints)
            if verdict.collect:
                self._collect(program, outcome)
            elif outcome.negatives and outcome.positives and not self.noisy:
                self.pending.append((program, outcome.positives))
            if verdict.prune_from is not None:
                self.generator.prune_sizes(verdict.prune_from)
        return False

    # ------------------------------------------------------------------ combine
    def _collect(self, program: Program, outcome: Outcome) -> None:
        negatives = outcome.negatives or 0
        self.combiner.add(program, outcome.positives, negatives)
        if not self.noisy and not is_recursive(program):
            self._prune_subsumed(outcome.positives)
        if not is_recursive(program):
            self.collected.append((outcome.positives, program_size(program)))
        if not self.noisy and outcome.positives & ~self.greedy_positives:
            self.greedy = self.greedy | program
            self.greedy_positives |= outcome.positives
            if self.best.cost is None and self.greedy_positives == self.all_positives:
                self._combine()

    def _prune_subsumed(self, positives: int) -> None:
        """Prune the specialisations of inconsistent programs this program subsumes."""
        kept = []
        constraints = []
        for program, covered in self.pending:
            if covered & ~positives:
                kept.append((program, covered))
                continue
            rules = tuple(sorted(program, key=lambda r: (r.recursive, sorted(r.body))))
            constraints.append(Constraint(SPECIALISATION, rules))
            constraints += subsumed_parts(self, program, [positives])
        self.pending = kept
        if constraints:
            self.generator.constrain(constraints)

    def _combine(self) -> None:
        """Choose the best union of the collected programs; a better one bounds the search."""
        combiner = self.combiner
        if not combiner.changed:
            return
        if not self.noisy and combiner.covered() != self.all_positives:
            return
        choice = combiner.choose(self.best.cost, self.deadline)
        self._check_time()
        if choice is None:
            return
        cost = self._cost(choice)
        if self.best.cost is None or cost < self.best.cost:
            self.best = _Best(choice.program, choice.positives, choice.negatives, cost)
            self.say(1, f"new best program (cost {cost}):\n{format_program(choice.program)}")
            self.generator.prune_sizes(cost)

    def _cost(self, choice: Choice) -> int:
        if not self.noisy:
            return choice.size
        missed = self.n_pos - count(choice.positives)
        return choice.size + missed + count(choice.negatives)

    def _record(self, program: Program, outcome: Outcome, size: int) -> None:
        negatives = outcome.negatives or 0
        cost = size
        if self.noisy:
            cost = size + self.n_pos - outcome.tp + count(negatives)
        if self.best.cost is None or cost < self.best.cost:
            self.best = _Best(program, outcome.positives, negatives, cost)

    def _check_time(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime

    # ------------------------------------------------------------------ the result
    def result(self) -> SearchResult:
        best = self.best
        program, positives, negatives = best.program, best.positives, best.negatives
        partial = None
        if program is None and self.greedy:
            if self.stopped == "timeout":  # the best so far: consistent, not complete
                program, positives, negatives = self.greedy, self.greedy_positives, 0
            else:
                partial = self.greedy
        if self.noisy and program is not None and not program:
            program = None
        return SearchResult(
            program=program,
            positives=positives,
            negatives=negatives,
            optimal=self.optimal and self.stopped == "solved",
            stopped=self.stopped,
            programs_tested=self.tester.tested,
            constraints=self.generator.nogoods,
            sizes=self.searched,
            reached=self.combiner.covered(),
            partial=partial,
        )
