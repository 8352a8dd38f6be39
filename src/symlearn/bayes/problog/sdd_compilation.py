r"""Exact inference on a ground ProbLog program by knowledge compilation to an SDD.

The ground program of :mod:`~symlearn.bayes.problog.grounding` (independent Boolean
choices, ground rules over atoms and choices) means, in each *world* (an
assignment of the choices), its least model, with negation read stratum by
stratum: ProbLog's distribution semantics (Sato 1995; De Raedt, Kimmig &
Toivonen 2007).  Cycles through positive literals are read by their proofs
(an atom on a positive cycle is true only if it has a proof that does not go
round the cycle), not by the Clark completion of the cycle, which would also
allow the self-supporting model.

:func:`compile_program_sdd` turns each atom into a propositional formula over
the choices, as a sentential decision diagram (Darwiche 2011) built with
PySDD, the library ProbLog itself compiles with:

* the atoms are split into strongly connected components of their
  dependencies and taken in topological order (lower strata first); a
  negative literal inside a component is negation that is not stratified,
  which ProbLog refuses, and so do we (with the clause's file, line and
  column);
* an acyclic atom is the disjunction of its rules, each the conjunction of
  its literals' formulas;
* a cyclic component is compiled in one of two ways, both exact.  Its
  proofs can be expanded as ProbLog breaks cycles (Fierens et al. 2015,
  §5.2): for each atom needed outside the component, the disjunction of its
  rules, where an atom met again on its own path is false (a proof may not
  go round a cycle).  Or its atoms get the least fixpoint of their rules
  over SDDs (T_P-compilation, Vlasselaer et al. 2015, 2016): each starts
  false and grows to the disjunction of its rules' bodies, re-evaluated
  (semi-naively) when an atom they mention changes, until nothing changes.
  Either way an atom on a positive cycle is true in a world exactly when
  that world's least model holds it (it has a proof that does not go round
  the cycle: ProbLog's reading, not the Clark completion).  The expansion
  builds only the atoms needed outside the component and, on the vtree
  below, is the faster one on smokers and graph reachability, but its
  number of contexts can grow exponentially with the cycles; the fixpoint
  computes every atom of the component and is the fallback.
  ``cycles="auto"`` (the default) expands proofs while the whole
  compilation stays within :data:`PROOF_BUDGET` applies and
  :data:`PROOF_NODES` live nodes, and otherwise
  compiles the program again, its cyclic components by the fixpoint;
  ``"proofs"`` and ``"fixpoint"`` force one way;
* the vtree is right-linear (an OBDD-like order) over the choices in the
  order a depth-first walk of the proofs from the queries meets them (as
  ProbLog numbers its variables) when proofs of cycles are expanded, which
  keeps that expansion small; otherwise it is balanced over the choices in
  the order the grounding made them.  While a cyclic component is compiled
  by its fixpoint the vtree is minimized (Choi & Darwiche 2013) once the
  SDDs pass :data:`MINIMIZE_FROM` nodes and again after each doubling
  (minimizing costs more than it saves on acyclic programs such as ALARM).

Then ``P(q | e) = WMC(q ∧ e) / WMC(e)`` with the weight of a choice ``c``
being ``P(c)`` and of ``¬c`` being ``1 - P(c)`` (Chavira & Darwiche 2008).

Functions and classes
---------------------
compile_program_sdd, CompiledProgram, program_strata

References
----------
Fierens et al. 2015 (inference and learning in ProbLog by weighted model
counting); Vlasselaer, Van den Broeck, Kimmig, Meert & De Raedt 2015
(anytime inference with T_P-compilation, IJCAI) and 2016 (T_P-compilation,
IJAR); Darwiche 2011 (SDD); Choi, Kisa & Darwiche 2013 (compiling
probabilistic graphical models with SDDs); Apt, Blair & Walker 1988
(stratified negation).
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from symlearn.bayes.graphs import strongly_connected_components
from symlearn.bayes.problog.ground_program import GroundProgram, GroundRule
from symlearn.errors import InvalidParameterError, ResourceLimitError
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "MAX_SDD_NODES",
    "CompiledProgram",
    "compile_program_sdd",
    "disjunction_groups",
    "head_probabilities",
    "program_strata",
]

#: Largest SDD (live nodes of the manager) a compilation may build before stopping.
MAX_SDD_NODES = 8_000_000

#: How cyclic components are compiled (see the module docstring).
CYCLE_METHODS = ("auto", "fixpoint", "proofs")

#: The applies the proof expansion of a cyclic program may take before T_P-compilation takes over.
PROOF_BUDGET = 300_000

#: The live nodes the proof expansion may keep before T_P-compilation takes over.
PROOF_NODES = 8_000_000


class _OverBudget(Exception):
    """The proof expansion of a cyclic program went over :data:`PROOF_BUDGET` applies."""


#: The live size from which the compilation minimizes its vtree, and again after each doubling.
MINIMIZE_FROM = 10_000


def _dependencies(program: GroundProgram) -> tuple[list[Term], list[list[int]]]:
    """The atoms (in program order) and, by number, the atoms each one's rules use."""
    atoms = list(program.rules)
    number = {atom: i for i, atom in enumerate(atoms)}
    uses = [
        list(
            dict.fromkeys(
                number[target]
                for rule in program.rules[atom]
                for target, _ in rule.body
                if not isinstance(target, int)
            )
        )
        for atom in atoms
    ]
    return atoms, uses


def program_strata(program: GroundProgram) -> list[list[Term]]:
    """The atoms' strongly connected components, dependencies first (atoms in program order).

    Raises
    ------
    KBError
        When negation runs through a cycle (it is not stratified), at the
        clause that negates.
    """
    atoms, uses = _dependencies(program)
    order: list[list[Term]] = []
    for component in strongly_connected_components(uses):
        members = [atoms[i] for i in component]
        _check_stratified(program, members, atoms, uses)
        order.append(members)
    return order


def _check_stratified(
    program: GroundProgram, members: list[Term], atoms: list[Term], uses: list[list[int]]
) -> None:
    inside = set(members)
    for atom in members:
        for rule in program.rules[atom]:
            for target, positive in rule.body:
                if not positive and not isinstance(target, int) and target in inside:
                    cycle = _cycle_text(atoms, uses, target, atom)
                    raise rule.error(
                        f"{format_term(atom)} depends negatively on {format_term(target)} "
                        f"through the cycle {cycle}: negation that is not stratified is "
                        "outside ProbLog's semantics"
                    )


def _cycle_text(atoms: list[Term], uses: list[list[int]], start: Term, end: Term) -> str:
    """``end -> start -> ... -> end``: a shortest way back from ``start`` to ``end``."""
    first, last = atoms.index(start), atoms.index(end)
    came_from = {first: first}
    queue = deque([first])
    while queue and last not in came_from:
        node = queue.popleft()
        for target in uses[node]:
            if target not in came_from:
                came_from[target] = node
                queue.append(target)
    path = [last]
    while path[-1] != first:
        path.append(came_from[path[-1]])
    return " -> ".join(format_term(atoms[i]) for i in [last, *reversed(path)])


@dataclass(eq=False)
class CompiledProgram:
    """A ground program compiled to SDDs (see the module docstring).

    Attributes
    ----------
    program
        The ground program.
    manager
        The PySDD manager (variable ``i + 1`` is choice ``i``).
    formulas
        Atom -> its SDD.
    evidence
        The SDD of the evidence (the conjunction of its literals).
    """

    program: GroundProgram
    manager: Any
    formulas: dict[Term, Any]
    evidence: Any

    def weights(self, probabilities: Sequence[float] | None = None) -> list[tuple[float, float]]:
        """(weight of ``c``, weight of ``¬c``) for each choice ``c``.

        A manager has at least one variable: with no choice, the one it has
        weighs (1, 0) and changes no count.
        """
        values = probabilities or [c.probability for c in self.program.choices]
        weights = [(p, 1.0 - p) for p in values]
        return weights or [(1.0, 0.0)]

    def wmc(self, node: Any, probabilities: Sequence[float] | None = None) -> float:
        """The weighted model count of ``node`` (over every choice)."""
        if node.is_false():
            return 0.0
        counter = node.wmc(log_mode=False)
        for i, (positive, negative) in enumerate(self.weights(probabilities), start=1):
            counter.set_literal_weight(self.manager.literal(i), positive)
            counter.set_literal_weight(self.manager.literal(-i), negative)
        return float(counter.propagate())

    def evidence_probability(self) -> float:
        """P(evidence)."""
        return self.wmc(self.evidence)

    def probabilities(self, atoms: Iterable[Term]) -> tuple[dict[Term, float], float]:
        """P(atom | evidence) for each atom, and P(evidence).

        Raises
        ------
        InvalidParameterError
            When the evidence has probability 0.
        """
        evidence = self.evidence_probability()
        if evidence <= 0.0:
            raise InvalidParameterError(
                "the evidence is impossible: its probability is 0 under the program"
            )
        result = {}
        for atom in atoms:
            joint = self.wmc(self.manager.conjoin(self.formulas[atom], self.evidence))
            result[atom] = min(1.0, max(0.0, joint / evidence))
        return result, evidence

    def choice_posteriors(
        self, probabilities: Sequence[float] | None = None
    ) -> tuple[list[float], float]:
        """P(choice | evidence) for every choice (one pass over the evidence SDD), and P(e)."""
        weights = self.weights(probabilities)
        if self.evidence.is_false():
            return [0.0] * len(weights), 0.0
        counter = self.evidence.wmc(log_mode=False)
        for i, (positive, negative) in enumerate(weights, start=1):
            counter.set_literal_weight(self.manager.literal(i), positive)
            counter.set_literal_weight(self.manager.literal(-i), negative)
        total = float(counter.propagate())
        if total <= 0.0:
            return [0.0] * len(weights), 0.0
        posteriors = [
            float(counter.literal_pr(self.manager.literal(i))) for i in range(1, len(weights) + 1)
        ]
        return posteriors, total


def disjunction_groups(program: GroundProgram) -> list[list[int]]:
    """The choices of each ground annotated disjunction with several heads, in head order."""
    groups: dict[tuple[int, tuple[Term, ...]], list[int]] = {}
    for index, choice in enumerate(program.choices):
        groups.setdefault((choice.clause, choice.instance), []).append(index)
    return [members for members in groups.values() if len(members) > 1]


def head_probabilities(program: GroundProgram, members: Sequence[int]) -> list[float]:
    """The heads' own probabilities of a disjunction, from its sequential choices."""
    result: list[float] = []
    for index in members:
        result.append(program.choices[index].probability * (1.0 - sum(result)))
    return result


def _is_cyclic(program: GroundProgram, members: list[Term]) -> bool:
    """True for a component with a cycle (several atoms, or one that uses itself)."""
    return len(members) > 1 or members[0] in _body_targets(program, members[0])


def _depth_first_choices(program: GroundProgram) -> list[int]:
    """The choices in the order a depth-first walk of the proofs from the queries meets them.

    ProbLog numbers its variables so (its grounding is depth-first); choices
    the walk does not reach come last, in their own order.
    """
    seen: set[Term] = set()
    met: dict[int, None] = {}
    for root in [*program.queries, *(atom for atom, _ in program.evidence)]:
        if root in seen:
            continue
        seen.add(root)
        stack = [iter(_body_targets(program, root))]
        while stack:
            for target in stack[-1]:
                if isinstance(target, int):
                    met.setdefault(target, None)
                elif target not in seen:
                    seen.add(target)
                    stack.append(iter(_body_targets(program, target)))
                    break
            else:
                stack.pop()
    return [*met, *(i for i in range(len(program.choices)) if i not in met)]


def _body_targets(program: GroundProgram, atom: Term) -> list[Term | int]:
    return [target for rule in program.rules.get(atom, ()) for target, _ in rule.body]


class _Builder:
    """Builds the atoms' SDDs in one manager.

    Every node kept across an apply is referenced (``ref``) and released
    (``deref``) when dropped, so the manager may collect garbage and
    minimize its vtree during applies (Choi & Darwiche 2013, dynamic
    minimization), which cyclic components need to stay small.
    """

    def __init__(
        self,
        program: GroundProgram,
        max_nodes: int,
        extra_variables: int = 0,
        cycles: str = "fixpoint",
        minimize_from: int = MINIMIZE_FROM,
        depth_first: bool = False,
    ) -> None:
        from pysdd.sdd import SddManager, Vtree

        self.program = program
        self.cycles = cycles
        count = max(1, len(program.choices) + extra_variables)
        order = _depth_first_choices(program) if depth_first else range(len(program.choices))
        variables = [i + 1 for i in order] + list(range(len(program.choices) + 1, count + 1))
        shape = "right" if depth_first else "balanced"
        vtree = Vtree(var_count=count, var_order=variables, vtree_type=shape)
        self.manager = SddManager.from_vtree(vtree)
        self.manager.auto_gc_and_minimize_off()
        self.formulas: dict[Term, Any] = {}
        self.negations: dict[Term, Any] = {}
        self.max_nodes = max_nodes
        self.applies = 0
        self.minimized = 0
        self.minimize_from = minimize_from
        self.callers: dict[Term, set[Term | None]] | None = None

    def check_size(self) -> None:
        self.applies += 1
        if self.cycles == "auto" and self.applies > PROOF_BUDGET:
            raise _OverBudget
        if self.applies % 256 != 0:
            return
        dead = self.manager.dead_count()
        if dead > 100_000 and dead > self.manager.live_count():
            self.manager.garbage_collect()  # safe: every node kept is referenced
        live = self.manager.live_count()
        if self.cycles == "auto" and live > min(PROOF_NODES, self.max_nodes):
            raise _OverBudget
        if live > self.max_nodes:
            raise ResourceLimitError(
                f"resource error: the compiled SDD grew past {self.max_nodes} nodes; "
                "use --method sample for a program this large"
            )

    def collect(self, minimize: bool = False) -> None:
        """Free the nodes no kept formula uses (at points where every kept node is referenced).

        With ``minimize`` (in cyclic components), also minimize the vtree once
        the SDDs pass ``minimize_from`` nodes, and again after each doubling.
        """
        dead = self.manager.dead_count()
        if dead > 100_000 and dead > self.manager.live_count():
            self.manager.garbage_collect()
        if minimize and self.manager.live_size() > max(2 * self.minimized, self.minimize_from):
            self.manager.minimize_limited()
            self.minimized = self.manager.live_size()

    def conjoin(self, kept: Any, node: Any) -> Any:
        """``kept ∧ node``, referenced; ``kept`` (referenced) is released."""
        # kept is true before the first literal of a body
        return self._combine(kept, node, kept.is_true(), self.manager.conjoin)

    def disjoin(self, kept: Any, node: Any) -> Any:
        """``kept ∨ node``, referenced; ``kept`` (referenced) is released."""
        # kept is false before the first rule of an atom
        return self._combine(kept, node, kept.is_false(), self.manager.disjoin)

    def _combine(self, kept: Any, node: Any, kept_is_unit: bool, apply: Any) -> Any:
        if kept_is_unit:
            node.ref()
            return node
        result = apply(kept, node)
        result.ref()
        kept.deref()
        self.check_size()
        return result

    def constant(self, value: bool) -> Any:
        node = self.manager.true() if value else self.manager.false()
        node.ref()
        return node

    def literal(self, target: Term | int, positive: bool, current: dict[Term, Any]) -> Any:
        """The node of a literal (kept referenced by the builder)."""
        if isinstance(target, int):
            return self.manager.literal(target + 1 if positive else -(target + 1))
        node = current.get(target)
        if node is None:
            node = self.formulas.get(target)
        if node is None:
            return self.manager.false() if positive else self.manager.true()
        if positive:
            return node
        negation = self.negations.get(target)
        if negation is None:  # only atoms of lower strata are negated: their node is final
            negation = self.negations[target] = self.manager.negate(node)
            negation.ref()
        return negation

    def rule_body(self, rule: GroundRule, current: dict[Term, Any]) -> Any:
        """The conjunction of a rule's literals (referenced: the caller owns it)."""
        body = self.constant(True)
        for target, positive in rule.body:
            body = self.conjoin(body, self.literal(target, positive, current))
            if body.is_false():
                break
        return body

    def atom_formula(self, atom: Term, current: dict[Term, Any]) -> Any:
        """The disjunction of the atom's rules (referenced: the caller owns it)."""
        result = self.constant(False)
        for rule in self.program.rules.get(atom, ()):
            body = self.rule_body(rule, current)
            result = self.disjoin(result, body)
            body.deref()
            if result.is_true():
                break
        return result

    def needed(self, members: list[Term], inside: set[Term]) -> list[Term]:
        """The members asked about or used outside their component (the others need no SDD)."""
        if self.callers is None:
            self.callers = {}
            for head, rules in self.program.rules.items():
                for rule in rules:
                    for target, _ in rule.body:
                        if not isinstance(target, int):
                            self.callers.setdefault(target, set()).add(head)
            roots = [*self.program.queries, *(atom for atom, _ in self.program.evidence)]
            for atom in roots:
                self.callers.setdefault(atom, set()).add(None)
        return [atom for atom in members if self.callers.get(atom, set()) - inside]

    def component(self, members: list[Term]) -> None:
        inside = set(members)
        if not _is_cyclic(self.program, members):
            self.formulas[members[0]] = self.atom_formula(members[0], {})
            self.collect()
            return
        if self.cycles == "fixpoint":
            _TpFixpoint(self, members, inside).run()
        else:
            self.expand_proofs(members, inside)
        self.collect()

    def expand_proofs(self, members: list[Term], inside: set[Term]) -> None:
        """Expand the proofs of the component's needed atoms.

        Raises
        ------
        _OverBudget
            With ``cycles="auto"``, past :data:`PROOF_BUDGET` applies in all.
        """
        expansion = _CycleExpansion(self, members)
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * len(members) + 1000))  # one frame per proof step
        try:
            for atom in self.needed(members, inside):
                node = expansion.formula(atom)
                node.ref()
                self.formulas[atom] = node
        finally:
            sys.setrecursionlimit(limit)
        expansion.release()
        self.collect()


class _TpFixpoint:
    """Formulas of a cyclic component as the least fixpoint of its rules over SDDs.

    T_P-compilation (Vlasselaer et al. 2015, 2016): every atom of the
    component starts false; an atom's formula then grows to the disjunction
    of its old formula and the bodies of its rules that mention an atom whose
    formula changed since (semi-naive evaluation), until no formula changes.
    The rules are monotone inside the component (negation only reaches lower
    strata), so this is the least fixpoint, pointwise in every world: the
    atom's formula is true exactly in the worlds whose least model holds it.
    SDDs of one manager are canonical, so a change is a change of node id.
    """

    def __init__(self, builder: _Builder, members: list[Term], inside: set[Term]) -> None:
        self.builder = builder
        self.members = members
        self.inside = inside
        self.current: dict[Term, Any] = {}
        # atom -> the rules of the component (by identity) whose bodies mention it, and their heads
        self.users: dict[Term, list[tuple[Term, GroundRule]]] = {}
        for atom in members:
            for rule in builder.program.rules.get(atom, ()):
                for target in dict.fromkeys(t for t, _ in rule.body if not isinstance(t, int)):
                    if target in inside:
                        self.users.setdefault(target, []).append((atom, rule))

    def run(self) -> None:
        builder = self.builder
        pending: dict[Term, dict[int, GroundRule]] = {}
        for atom in self.members:
            self.current[atom] = builder.constant(False)
            base = {
                id(rule): rule
                for rule in builder.program.rules.get(atom, ())
                if all(isinstance(t, int) or t not in self.inside for t, _ in rule.body)
            }
            if base:
                pending[atom] = base
        while pending:
            atom = next(iter(pending))
            rules = pending.pop(atom)
            old = self.current[atom]
            new = old
            new.ref()
            for rule in rules.values():
                body = builder.rule_body(rule, self.current)
                new = builder.disjoin(new, body)
                body.deref()
                if new.is_true():
                    break
            if new.id == old.id:
                new.deref()
                continue
            old.deref()
            self.current[atom] = new
            for head, rule in self.users.get(atom, ()):
                pending.setdefault(head, {})[id(rule)] = rule
            builder.collect(minimize=True)
        builder.formulas.update(self.current)


class _CycleExpansion:
    """Formulas of a cyclic component by its proofs, breaking each cycle where it closes.

    ProbLog's cycle breaking (Fierens et al. 2015, §5.2; ``problog.cycles``):
    an atom's formula in the context of the atoms above it in the proof is
    the disjunction of its rules, where an atom met again on its own path is
    false (a proof may not go round a cycle).  A formula made under one context is
    reused under another when the cycles it cut are all still ancestors and
    it used none of the new ancestors.  The formulas made stay referenced
    (they may be reused until the component is done).  The component's atoms
    are numbered, and each rule's literals outside it resolved to their
    nodes once, so that the expansion compares integers, not terms.
    """

    def __init__(self, builder: _Builder, members: list[Term]) -> None:
        self.builder = builder
        self.number = {atom: i for i, atom in enumerate(members)}
        # per member, per rule: (member number, or -1 with the literal's node)
        self.rules: list[list[list[tuple[int, Any]]]] = []
        for atom in members:
            bodies = []
            for rule in builder.program.rules.get(atom, ()):
                body = []
                for target, positive in rule.body:
                    inner = None if isinstance(target, int) else self.number.get(target)
                    if inner is None:
                        body.append((-1, builder.literal(target, positive, {})))
                    else:
                        body.append((inner, None))
                bodies.append(body)
            self.rules.append(bodies)
        self.made: dict[int, list[tuple[Any, frozenset[int], frozenset[int]]]] = {}

    def release(self) -> None:
        """Drop the formulas made (those kept as atoms' formulas stay referenced)."""
        for versions in self.made.values():
            for node, _, _ in versions:
                node.deref()
        self.made.clear()

    def formula(self, atom: Term) -> Any:
        """The atom's formula with no ancestor (referenced by the expansion)."""
        return self.expand(self.number[atom], frozenset(), set(), set())

    def expand(
        self,
        atom: int,
        ancestors: frozenset[int],
        broken: set[int],
        content: set[int],
    ) -> Any:
        builder = self.builder
        if atom in ancestors:
            broken.add(atom)
            return builder.manager.false()
        context = ancestors | {atom}
        for node, cut, used in self.made.get(atom, ()):
            if cut <= context and not context & used:
                broken |= cut
                content |= used
                return node
        child_broken: set[int] = set()
        child_content: set[int] = set()
        result = builder.constant(False)
        for rule in self.rules[atom]:
            body = builder.constant(True)
            for inner, literal in rule:
                if inner >= 0:
                    literal = self.expand(inner, context, child_broken, child_content)
                body = builder.conjoin(body, literal)
                if body.is_false():
                    break
            result = builder.disjoin(result, body)
            body.deref()
            if result.is_true():
                break
        content.add(atom)
        self.made.setdefault(atom, []).append(
            (result, frozenset(child_broken), frozenset(child_content - child_broken))
        )
        content |= child_content
        broken |= child_broken
        return result


def compile_program_sdd(
    program: GroundProgram,
    max_nodes: int = MAX_SDD_NODES,
    *,
    one_hot: bool = False,
    cycles: str = "auto",
    minimize_from: int = MINIMIZE_FROM,
) -> CompiledProgram:
    r"""Compile every atom of a ground program (and its evidence) to an SDD.

    ``cycles`` is ``auto``, ``fixpoint`` (T_P-compilation) or ``proofs``
    (ProbLog's cycle breaking), see the module docstring; the vtree is
    minimized from ``minimize_from`` live nodes on in cyclic components.

    With ``one_hot`` (for MPE), each annotated disjunction's choices read as
    one variable per head plus one for "no head" (variables after the
    choices, in the order of :func:`disjunction_groups`), exactly one of them
    true; the constraint is conjoined to the evidence.  The head literal
    ``\+c1, ..., \+c(i-1), ci`` then means "head ``i``", as it does in the
    sequential reading.

    Raises
    ------
    KBError
        For negation that is not stratified.
    ResourceLimitError
        When the SDD grows past ``max_nodes`` (it suggests ``--method sample``).
    """
    if cycles not in CYCLE_METHODS:
        raise InvalidParameterError(
            f"cycles must be one of {', '.join(CYCLE_METHODS)}, not {cycles!r}"
        )
    groups = disjunction_groups(program) if one_hot else []
    strata = program_strata(program)
    cyclic = any(_is_cyclic(program, members) for members in strata)
    settings = (program, max_nodes, len(groups))
    if cycles == "auto" and cyclic:
        try:
            builder = _compile_strata(_Builder(*settings, "auto", minimize_from, True), strata)
        except _OverBudget:  # start again, by the fixpoint on a fresh manager
            builder = _compile_strata(_Builder(*settings, "fixpoint", minimize_from), strata)
    else:
        way = "fixpoint" if cycles == "auto" else cycles  # (no cycle: no matter)
        builder = _Builder(*settings, way, minimize_from, cyclic and cycles == "proofs")
        _compile_strata(builder, strata)
    manager = builder.manager
    manager.auto_gc_and_minimize_off()  # every node from here on is used unreferenced
    evidence = manager.true()
    for number, group in enumerate(groups):
        variables = [i + 1 for i in group] + [len(program.choices) + number + 1]
        evidence = manager.conjoin(evidence, _exactly_one(manager, variables))
    for atom, value in program.evidence:
        node = builder.formulas.get(atom, manager.false())
        evidence = manager.conjoin(evidence, node if value else manager.negate(node))
    return CompiledProgram(program, manager, builder.formulas, evidence)


def _compile_strata(builder: _Builder, strata: list[list[Term]]) -> _Builder:
    for members in strata:
        builder.component(members)
    return builder


def _exactly_one(manager: Any, variables: Sequence[int]) -> Any:
    """The SDD of "exactly one of ``variables`` is true"."""
    result = manager.false()
    for chosen in variables:
        term = manager.true()
        for variable in variables:
            literal = manager.literal(variable if variable == chosen else -variable)
            term = manager.conjoin(term, literal)
        result = manager.disjoin(result, term)
    return result
