"""A learning task as every exporter needs it: target, examples, background, language bias.

:meth:`LearningTask.from_kb` collects, for one target predicate of a
knowledge base:

* the positive and negative examples (with the closed-world assumption,
  the negatives it generates, capped, as FOIL would use them);
* the background knowledge: every clause except the examples and the
  target's own clauses (they are what is to be learnt);
* the mode declarations and determinations; when the file has no modes,
  modes are derived (every argument of type ``t``: the head all ``+``, and
  for each background predicate one body mode per argument that is ``+``
  with the others ``-``), and the determinations default to every background
  predicate;
* the argument types of every predicate (from the modes; ``t`` otherwise).

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads("parent(a, b). grandparent(X, Y) :- parent(X, Z), parent(Z, Y). "
...            "pos(grandparent(a, c)). neg(grandparent(b, a)).")
>>> task = LearningTask.from_kb(kb, ("grandparent", 2))
>>> [str(c) for c in task.background], task.modes_derived
(['parent(a, b).'], True)
>>> [str(m) for m in task.modes]
['modeh(1, grandparent(+t, +t))', 'modeb(*, parent(+t, -t))', 'modeb(*, parent(-t, +t))']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from symlearn.errors import KBError
from symlearn.ilp.background import dependent_predicates, is_example_predicate
from symlearn.ilp.language import LiteralMode
from symlearn.kb.knowledge_base import KnowledgeBase, Mode
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = ["DEFAULT_TYPE", "LearningTask"]


#: The type of every argument when the file declares no modes.
DEFAULT_TYPE = "t"


@dataclass(frozen=True)
class LearningTask:
    """One target's learning problem (see the module docstring)."""

    target: Indicator
    positives: tuple[Term, ...]
    negatives: tuple[Term, ...]
    background: tuple[Clause, ...]
    modes: tuple[Mode, ...]
    determinations: tuple[Indicator, ...]
    types: dict[Indicator, tuple[str, ...]]
    settings: dict[str, Term] = field(default_factory=dict)
    modes_derived: bool = False
    closed_world: bool = False
    generated_negatives: int = 0
    notes: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """``name/arity`` of the target."""
        return f"{format_term(self.target[0])}/{self.target[1]}"

    @classmethod
    def from_kb(
        cls,
        kb: KnowledgeBase,
        target: Indicator,
        *,
        closed_world: bool | None = None,
        max_negatives: int = 10_000,
        seed: int = 0,
    ) -> LearningTask:
        """Collect the task for ``target`` (see the module docstring).

        Raises
        ------
        KBError
            When the target has no examples.
        """
        name, arity = target
        positives = kb.positives(name, arity)
        negatives = list(dict.fromkeys(kb.negatives(name, arity)))
        if not positives and not negatives:
            raise KBError(f"no pos/neg examples of {format_term(name)}/{arity} to export")
        excluded = dependent_predicates(kb, target) | {target}
        background = tuple(
            clause
            for indicator, predicate in kb.predicates.items()
            if indicator not in excluded and not is_example_predicate(indicator)
            for clause in predicate.clauses
        )
        notes: list[str] = []
        if closed_world is None:
            closed_world = kb.setting("closed_world") == "true"
        generated = 0
        if closed_world:
            from symlearn.ilp.closed_world import closed_world_negatives
            from symlearn.ilp.coverage import Coverage

            world = closed_world_negatives(
                kb, target, Coverage(kb, target), cap=max_negatives, seed=seed
            )
            listed = set(negatives) | set(positives)
            extra = [n for n in world.negatives if n not in listed]
            negatives += extra
            generated = len(extra)
            notes.append(world.describe())
        modes = tuple(kb.modes)
        derived = not kb.body_modes()
        background_predicates = sorted(
            {c.functor for c in background if c.functor[1] > 0}, key=lambda i: (i[0], i[1])
        )
        if derived:
            modes = _derived_modes(target, background_predicates)
            notes.append("the file has no mode declarations: modes derived with one type t")
        determinations = tuple(kb.determinations_for(name, arity)) or tuple(
            m.indicator
            for m in dict.fromkeys(LiteralMode.from_mode(m) for m in modes if m.kind == "body")
        )
        determinations = tuple(dict.fromkeys(determinations))
        return cls(
            target=target,
            positives=tuple(positives),
            negatives=tuple(negatives),
            background=background,
            modes=modes,
            determinations=determinations,
            types=_types(modes, [target, *background_predicates]),
            settings=dict(kb.settings),
            modes_derived=derived,
            closed_world=closed_world,
            generated_negatives=generated,
            notes=tuple(notes),
        )

    def facts(self, indicator: Indicator) -> list[tuple[Term, ...]] | None:
        """The argument tuples of a background predicate given by ground facts, else None."""
        rows = []
        for clause in self.background:
            if clause.functor == indicator:
                if clause.body or not clause.is_ground:
                    return None
                head = clause.head
                rows.append(head.args if type(head) is Struct else ())
        return rows

    def background_predicates(self) -> list[Indicator]:
        """The predicates the background defines, in order of first clause."""
        return list(dict.fromkeys(c.functor for c in self.background))


def _derived_modes(target: Indicator, predicates: list[Indicator]) -> tuple[Mode, ...]:
    def template(name: str, markers: list[str]) -> Term:
        args = tuple(Struct(marker, (DEFAULT_TYPE,)) for marker in markers)
        return Struct(name, args) if args else name

    modes = [Mode("head", 1, template(target[0], ["+"] * target[1]))]
    for name, arity in predicates:
        for position in range(arity):
            markers = ["-"] * arity
            markers[position] = "+"
            modes.append(Mode("body", None, template(name, markers)))
    return tuple(modes)


def _types(
    modes: tuple[Mode, ...], predicates: list[Indicator]
) -> dict[Indicator, tuple[str, ...]]:
    """The argument types of each predicate: from its first mode, else ``t``."""
    found: dict[Indicator, tuple[str, ...]] = {}
    for mode in modes:
        template = LiteralMode.from_mode(mode)
        if template.indicator not in found:
            found[template.indicator] = tuple(a.type or DEFAULT_TYPE for a in template.arguments)
    for indicator in predicates:
        found.setdefault(indicator, (DEFAULT_TYPE,) * indicator[1])
    return found
