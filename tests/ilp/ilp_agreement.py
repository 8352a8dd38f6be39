"""Check that a learnt theory answers the same in symlearn's engine and in SWI-Prolog."""

from __future__ import annotations

from symlearn.engine import Engine
from symlearn.hypotheses.theory import Theory
from symlearn.kb import KnowledgeBase
from symlearn.kb.parser import parse_term_with_variables
from symlearn.kb.views import background_view
from symlearn.logic.printer import format_term
from tests.swipl import run_swipl


def background_program(kb: KnowledgeBase, theory: Theory) -> str:
    """The background clauses (the target's own set aside) and the theory, as one program."""
    lines = []
    for indicator, predicate in kb.predicates.items():
        if indicator == theory.target or indicator[0] in ("pos", "neg"):
            continue
        lines.extend(str(clause) for clause in predicate.clauses)
    return "\n".join(lines) + "\n" + theory.program()


def engine_answers(kb: KnowledgeBase, theory: Theory, goal: str) -> list[str]:
    term, variables = parse_term_with_variables(goal)
    names = list(variables)
    view = background_view(kb, theory.target, theory.clauses)
    if theory.tabled:  # as the program SWI-Prolog consults (:- table)
        view.tabled = {*view.tabled, theory.target}
    engine = Engine(view, unknown="fail")
    answers = []
    for solution in engine.solve(term):
        answers.append(
            "["
            + ", ".join(format_term(solution[variables[n]], max_priority=999) for n in names)
            + "]"
        )
    return sorted(answers)


def assert_same_answers(kb: KnowledgeBase, theory: Theory, goals: list[str]) -> None:
    program = background_program(kb, theory)
    queries = []
    for goal in goals:
        _, variables = parse_term_with_variables(goal)
        queries.append((goal, list(variables)))
    swipl = run_swipl(program, queries)
    for goal, theirs in zip(goals, swipl):
        assert engine_answers(kb, theory, goal) == sorted(theirs), goal
