r"""An ensemble as a Prolog program: its members' clauses and the vote that combines them.

:func:`ensemble_program` writes an :class:`~symlearn.learners.ensembles.committee.Ensemble`
as clauses that symlearn's engine and SWI-Prolog answer as the ensemble
classifies (on instances without missing values; exact ties of floating-point
sums aside), so a learnt ensemble can be queried and consulted like any other
hypothesis.  For a target ``t/n``:

* ``t_says(M, t(X1, ..., Xn), Class)``: member ``M``'s class.  A member that
  is a rule set or a tree contributes its rules, renamed (a tree is the rule
  set of its paths); for a pos/neg target its positive rules say ``pos`` and
  ``t_says(M, X, neg) :- \+ t_says(M, X, pos).`` says the rest.  A naive
  Bayes member says the class of highest ``P(c) prod_i P(x_i | c)``, computed
  from its estimates (``t_nb_prior/3`` and ``t_nb/5`` facts; a normal density
  from ``t_nb_normal/5`` for a numeric attribute; a missing value ``'?'``
  gives the factor 1).  A model that prints its own decision as clauses (a
  linear model, a network, a linear SVM) contributes those, its head
  ``m(X1, ..., Xk)`` or ``label(m(...), C)`` rewritten as its ``says``
  clause; a model without a clause form (an SVM with a polynomial kernel)
  raises :class:`NoClauseForm`, and the ensemble is reported without a
  program;
* a weighted vote (bagging, boosting, randomisation): ``t_member(M, Weight)``
  and ``t_class(Class)`` facts and ``t_vote/2``, which sums each class's
  weights with ``aggregate_all/3`` and keeps the first class of highest sum;
* stacking: ``t_level1/2`` collects the members' classes (``'?'`` for none)
  into the level-1 instance ``t_level1(C1, ..., Ck)``, which the meta model's
  clauses (``t_meta/2``) classify;
* the target itself: ``t(X1, ..., Xn) :- t_vote(t(X1, ..., Xn), pos).`` for a
  pos/neg target, ``label(t(X1, ..., Xn), C) :- t_vote(t(X1, ..., Xn), C).``
  otherwise.

:func:`member_clauses` gives one member's clauses as its learner prints them
(a rule set's or tree's clauses for ``t/n``).

Examples
--------
>>> from symlearn.data.attribute_value import Attribute
>>> from symlearn.hypotheses.rule_set import Condition, Rule, RuleSet
>>> from symlearn.learners.ensembles.committee import Ensemble, Member
>>> rules = RuleSet("t", ("sky",), (Rule((Condition("sky", 0, "=", "sunny"),), True),),
...                 (True, False), default=False)
>>> program = ensemble_program(Ensemble("t", (Attribute("sky", ("sunny", "rainy")),),
...                                     (True, False), (Member(rules, 0.5),)))
>>> print(program[0])
t(A) :-
    t_vote(t(A), pos).
>>> for clause in program[2:]:
...     print(clause)
t_class(pos).
t_class(neg).
t_member(1, 0.5).
t_says(1, t(sunny), pos).
t_says(1, A, neg) :-
    \+ t_says(1, A, pos).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from symlearn.data.attribute_value import Label
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import Condition, RuleSet, label_text
from symlearn.kb.parser import parse_term
from symlearn.learners.ensembles.committee import Ensemble, Member, level1_attributes
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var

__all__ = ["NoClauseForm", "ensemble_program", "member_clauses", "model_rule_set"]


def model_rule_set(model: Any) -> RuleSet | None:
    """The rule set a model classifies with (a tree's paths), or None for another model."""
    if isinstance(model, RuleSet):
        return model
    to_rule_set = getattr(model, "to_rule_set", None)
    return to_rule_set() if callable(to_rule_set) else None


def _is_naive_bayes(model: Any) -> bool:
    return all(hasattr(model, name) for name in ("priors", "conditionals", "classes"))


def _clause(text: str) -> Clause:
    return Clause.from_term(parse_term(text, "<ensemble>"))


def _number(value: Any) -> str:
    """A probability, weight or moment as a Prolog float, to full precision."""
    return format_term(float(value))


def _class_term(label: Label) -> Term:
    return label_text(label) if type(label) is bool else label


def _widened(rules: RuleSet, columns: Sequence[int], names: Sequence[str]) -> RuleSet:
    """A rule set over some of the attributes, rewritten over all of them."""
    rules_over_all = tuple(
        dataclasses.replace(
            rule,
            conditions=tuple(
                Condition(c.attribute, columns[c.index], c.op, c.value) for c in rule.conditions
            ),
        )
        for rule in rules.rules
    )
    return dataclasses.replace(rules, attributes=tuple(names), rules=rules_over_all)


def _rules_of(ensemble: Ensemble, member: Member) -> RuleSet | None:
    """The member's rule set over all the ensemble's attributes (None if it is none)."""
    rules = model_rule_set(member.model)
    if rules is None or member.columns is None:
        return rules
    return _widened(rules, member.columns, [a.name for a in ensemble.attributes])


class NoClauseForm(InvalidParameterError):
    """A member's model that cannot be written as clauses (the ensemble still classifies)."""


def _decision_clauses(model: Any, boolean: bool) -> list[str]:
    """The model's own clauses for a predicate ``m`` (see :meth:`_Program.add_decision`).

    Raises
    ------
    NoClauseForm
        When the model has none (a kernel machine other than the linear one ...).
    """
    write = getattr(model, "clauses", None)
    written = write("m", boolean) if callable(write) else []
    if not written:
        raise NoClauseForm(
            f"a {type(model).__name__} member has no clause form (only rule sets, trees, "
            "naive Bayes and models that print their decision as clauses, such as linear "
            "models, networks and linear support vector machines, do): the ensemble "
            "classifies and explains its votes, but is not written as a program"
        )
    return list(written)


class _Program:
    """The clauses members contribute, gathered per predicate (each stays contiguous).

    ``key`` is what the member's clauses start with (``(M,)``, the member's
    number; ``()`` for the meta model, which is alone).
    """

    def __init__(self, target: str, arity: int, keyed: bool = True) -> None:
        self.name = target
        self.arity = arity
        self.keyed = keyed
        self.says: list[str] = []
        self.scores: list[str] = []
        self.priors: list[str] = []
        self.factors: list[str] = []
        self.normals: list[str] = []

    def atom(self, prefix: str) -> str:
        """``t(A1, ..., An)`` as text."""
        if not self.arity:
            return format_term(self.name)
        arguments = ", ".join(f"{prefix}{i + 1}" for i in range(self.arity))
        return f"{format_term(self.name)}({arguments})"

    def predicate(self, suffix: str) -> str:
        """The name of a helper predicate: ``t_suffix``."""
        return format_term(f"{self.name}_{suffix}")

    def add_rules(self, says: str, key: tuple[Term, ...], rules: RuleSet) -> None:
        """A rule set's clauses as ``says(Key..., Atom, Class)`` clauses."""
        for clause in rules.to_clauses():
            head = clause.head
            atom: Term
            label: Term
            if rules.is_boolean:
                atom, label = head, "pos"
            else:
                assert isinstance(head, Struct) and head.name == "label"
                atom, label = head.args
            self.says.append(str(Clause(Struct(says, (*key, atom, label)), clause.body)))
        if rules.is_boolean:
            self.add_negative(says, key)

    def add_negative(self, says: str, key: tuple[Term, ...]) -> None:
        r"""``says(Key..., X, neg) :- \+ says(Key..., X, pos).``: the other class of pos/neg."""
        x = Var("X")
        positive = Struct(says, (*key, x, "pos"))
        negative = Struct(says, (*key, x, "neg"))
        self.says.append(str(Clause(negative, (Struct("\\+", (positive,)),))))

    def add_naive_bayes(
        self, says: str, key: tuple[Term, ...], model: Any, columns: Sequence[int]
    ) -> None:
        """A naive Bayes model's decision: the class of highest ``P(c) prod P(x_i | c)``."""
        score, prior = self.predicate("nb_score"), self.predicate("nb_prior")
        factor, normal = self.predicate("nb"), self.predicate("nb_normal")
        k = "".join(f"{format_term(t)}, " for t in key)
        x = self.atom("A")
        self.says.append(
            str(
                _clause(
                    f"{says}({k}{x}, C) :- "
                    f"aggregate_all(max(S, C0), {score}({k}{x}, C0, S), max(_, C))"
                )
            )
        )
        goals = [f"{prior}({k}C, P0)"]
        goals += [f"{factor}({k}{i + 1}, A{i + 1}, C, P{i + 1})" for i in columns]
        product = " * ".join(["P0", *(f"P{i + 1}" for i in columns)])
        self.scores.append(
            str(_clause(f"{score}({k}{x}, C, S) :- {', '.join(goals)}, S is {product}"))
        )
        for label, p in zip(model.classes, model.priors):
            c = format_term(_class_term(label))
            self.priors.append(f"{prior}({k}{c}, {_number(p)}).")
        for i, table in zip(columns, model.conditionals):
            for label in model.classes:
                c = format_term(_class_term(label))
                entry = table[label]
                if hasattr(entry, "mean"):  # a normal density
                    self.normals.append(
                        f"{normal}({k}{i + 1}, {c}, {_number(entry.mean)}, {_number(entry.std)})."
                    )
                    continue
                self.factors += [
                    str(_clause(f"{factor}({k}{i + 1}, {format_term(v)}, {c}, {_number(p)})"))
                    for v, p in entry.items()
                ]

    def add_decision(
        self,
        says: str,
        key: tuple[Term, ...],
        decision: list[str],
        columns: Sequence[int],
        boolean: bool,
    ) -> None:
        """A model's own clauses (a linear model's, a network's) as ``says`` clauses.

        ``decision`` defines the target over the member's attributes at
        ``columns``: ``m(X1, ..., Xk) :- Body`` for the positive class of a
        pos/neg target (the rest say ``neg``), ``label(m(X1, ..., Xk), C) :- Body``
        otherwise; each becomes ``says(Key..., t(...), C) :- Body`` with the
        member's variables at their attributes' places.
        """
        for text in decision:
            clause = _clause(text.rstrip().rstrip("."))
            head = clause.head
            if not boolean:
                assert isinstance(head, Struct) and head.name == "label"
                head, label = head.args
            else:
                label = "pos"
            own = head.args if isinstance(head, Struct) else ()
            places: list[Term] = [Var(f"_Unseen{i}") for i in range(self.arity)]
            for column, argument in zip(columns, own):
                places[column] = argument
            atom = Struct(self.name, tuple(places)) if self.arity else self.name
            self.says.append(str(Clause(Struct(says, (*key, atom, label)), clause.body)))
        if boolean:
            self.add_negative(says, key)

    def add_model(
        self,
        says: str,
        key: tuple[Term, ...],
        rules: RuleSet | None,
        model: Any,
        columns: Sequence[int],
        boolean: bool,
    ) -> None:
        """One model's clauses: its rule set's, naive Bayes' decision, or the model's own.

        Raises
        ------
        NoClauseForm
            For a model that cannot be written as clauses.
        """
        if rules is not None:
            self.add_rules(says, key, rules)
        elif _is_naive_bayes(model):
            self.add_naive_bayes(says, key, model, columns)
        else:
            self.add_decision(says, key, _decision_clauses(model, boolean), columns, boolean)

    def helpers(self) -> list[str]:
        """The naive Bayes members' predicates, after every ``says`` clause."""
        if not self.scores:
            return []
        factor, normal = self.predicate("nb"), self.predicate("nb_normal")
        m = "M, " if self.keyed else ""
        factors = list(self.factors)
        if self.normals:
            factors.append(
                str(
                    _clause(
                        f"{factor}({m}I, V, C, P) :- number(V), {normal}({m}I, C, Mu, Sd), "
                        "Z is (V - Mu) / Sd, P is exp(-0.5 * Z * Z) / (Sd * sqrt(2 * pi))"
                    )
                )
            )
        factors.append(str(_clause(f"{factor}({'_, ' if self.keyed else ''}_, '?', _, 1.0)")))
        return [*self.scores, *self.priors, *factors, *self.normals]


def _member_note(number: int, member: Member, voting: bool, names: Sequence[str]) -> str:
    parts = [f"% member {number}: {member.learner or 'model'}"]
    if voting:
        parts.append(f"weight {member.weight:.6g}")
    if member.error is not None:
        parts.append(f"error e = {member.error:.6g}")
    if member.columns is not None:
        parts.append("attributes " + ", ".join(names[c] for c in member.columns))
    return "; ".join(parts)


def ensemble_program(ensemble: Ensemble, comments: bool = False) -> list[str]:
    """The ensemble as clause texts (see the module docstring); ``comments`` adds member notes.

    Raises
    ------
    NoClauseForm
        When a member's model has no clause form.
    """
    arity = len(ensemble.attributes)
    program = _Program(ensemble.target, arity)
    vote, says = program.predicate("vote"), program.predicate("says")
    x = program.atom("X")
    head = x if ensemble.is_boolean else f"label({x}, C)"
    clauses = [str(_clause(f"{head} :- {vote}({x}, {'pos' if ensemble.is_boolean else 'C'})"))]
    voting = ensemble.meta is None
    if voting:
        member, known = program.predicate("member"), program.predicate("class")
        clauses.append(
            str(
                _clause(
                    f"{vote}(X, C) :- aggregate_all(max(V, C0), ({known}(C0), "
                    f"aggregate_all(sum(W), ({member}(M, W), once({says}(M, X, C0))), V)), "
                    "max(_, C))"
                )
            )
        )
        clauses += [f"{known}({format_term(_class_term(c))})." for c in ensemble.classes]
        clauses += [
            f"{member}({i}, {_number(m.weight)})." for i, m in enumerate(ensemble.members, 1)
        ]
    else:
        level1, said, meta = (program.predicate(s) for s in ("level1", "said", "meta"))
        count = len(ensemble.members)
        classes = ", ".join(f"C{i}" for i in range(1, count + 1))
        goals = ", ".join(f"{said}({i}, X, C{i})" for i in range(1, count + 1))
        clauses += [
            str(_clause(f"{vote}(X, C) :- {level1}(X, L), {meta}(L, C)")),
            str(_clause(f"{level1}(X, {level1}({classes})) :- {goals}")),
            str(_clause(f"{said}(M, X, C) :- ( once({says}(M, X, C0)) -> C = C0 ; C = '?' )")),
        ]
    names = [a.name for a in ensemble.attributes]
    for number, m in enumerate(ensemble.members, 1):
        if comments:
            program.says.append(_member_note(number, m, voting, names))
        columns = m.columns if m.columns is not None else tuple(range(arity))
        program.add_model(
            says, (number,), _rules_of(ensemble, m), m.model, columns, ensemble.is_boolean
        )
    lines = [*clauses, *program.says, *program.helpers()]
    if ensemble.meta is not None:
        level1_name = f"{ensemble.target}_level1"
        meta_program = _Program(level1_name, len(ensemble.members), keyed=False)
        if comments:
            meta_program.says.append(f"% the meta model over {level1_name}(m1, ..., mk)")
        meta_program.add_model(
            program.predicate("meta"),
            (),
            model_rule_set(ensemble.meta),
            ensemble.meta,
            tuple(range(len(ensemble.members))),
            ensemble.is_boolean,
        )
        lines += [*meta_program.says, *meta_program.helpers()]
    return lines


def member_clauses(ensemble: Ensemble, index: int | None) -> list[str]:
    """Member ``index``'s clauses (None: the meta model's), as its learner prints them.

    A rule set or tree gives its own clauses (for ``t/n``, or ``label/2``);
    naive Bayes its part of :func:`ensemble_program`; another model none.
    """
    if index is None:
        model, columns = ensemble.meta, tuple(range(len(ensemble.members)))
        rules = model_rule_set(model)
        target, arity = f"{ensemble.target}_level1", len(ensemble.members)
        attributes = level1_attributes(arity, ensemble.classes)
    else:
        member = ensemble.members[index]
        model, rules = member.model, _rules_of(ensemble, member)
        columns = (
            member.columns
            if member.columns is not None
            else tuple(range(len(ensemble.attributes)))
        )
        target, attributes = ensemble.target, ensemble.attributes
    if rules is not None:
        return rules.clause_strings() or ["false"]
    program = _Program(target, len(attributes), keyed=False)
    try:
        program.add_model(program.predicate("says"), (), None, model, columns, ensemble.is_boolean)
    except NoClauseForm:
        return []
    return [*program.says, *program.helpers()]
