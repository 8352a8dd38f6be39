"""The one language bias of a prepared task, whatever format the files were in (interface §3)."""

from __future__ import annotations

from pathlib import Path

from symlearn.ilp.bias import LanguageBias
from symlearn.kb import loads
from symlearn.kb.formats import load_task
from tests.ilp.relational import task_of

TASKS = Path(__file__).parent / "tasks"


def bias_of(path: Path | str, target: tuple[str, int]) -> LanguageBias:
    return task_of(load_task([str(path)]), target).bias


def test_a_popper_bias_keeps_popper_meaning() -> None:
    bias = bias_of(TASKS / "popper_ancestor", ("ancestor", 2))
    assert bias.source == "popper"
    assert bias.head_predicates == (("ancestor", 2),)
    assert bias.body_predicates == (("parent", 2), ("ancestor", 2))  # enable_recursion
    assert bias.recursion and not bias.non_datalog and not bias.allow_singletons
    assert (bias.max_vars, bias.max_body, bias.max_clauses) == (3, 2, 2)
    assert bias.directions[("parent", 2)] == ("+", "-")
    assert bias.types[("parent", 2)] == ("person", "person")


def test_a_popper_predicate_without_direction_may_be_called_any_way(tmp_path: Path) -> None:
    (tmp_path / "bk.pl").write_text("edge(a, b). edge(b, c).\n")
    (tmp_path / "exs.pl").write_text("pos(path(a, c)). neg(path(c, a)).\n")
    (tmp_path / "bias.pl").write_text(
        "head_pred(path,2). body_pred(edge,2). non_datalog. allow_singletons.\n"
    )
    bias = bias_of(tmp_path, ("path", 2))
    assert bias.directions == {("path", 2): (None, None), ("edge", 2): (None, None)}
    assert bias.non_datalog and bias.allow_singletons and not bias.recursion
    assert (bias.max_vars, bias.max_body, bias.max_clauses) == (6, 6, None)  # Popper's defaults
    # the modes made for FOIL and Progol still read -: any variable in a body literal
    assert [str(m) for m in bias.body_modes] == ["modeb(*, edge(-t, -t))"]


def test_aleph_modes_and_determinations() -> None:
    bias = task_of(
        loads(
            ":- modeh(1, gp(+person, -person)). :- modeb(*, parent(+person, -person)).\n"
            ":- modeb(1, age(+person, #int)). :- determination(gp/2, parent/2).\n"
            ":- set(clauselength, 4). :- lazy_evaluate(age/2).\n"
            "parent(a, b). age(a, 3). pos(gp(a, b)).\n"
        ),
        ("gp", 2),
    ).bias
    assert bias.source == "modes" and not bias.derived
    assert bias.determinations == (("parent", 2),)
    assert [str(m) for m in bias.allowed_body_modes] == ["modeb(*, parent(+person, -person))"]
    assert bias.body_predicates == (("parent", 2),)
    assert bias.directions[("age", 2)] == ("+", "#")
    assert bias.max_body == 3 and bias.lazy_evaluate == {("age", 2)}


def test_a_file_without_modes_has_derived_ones() -> None:
    bias = task_of(loads("e(a, b). pos(p(a, b)). neg(p(b, a))."), ("p", 2)).bias
    assert bias.derived and bias.source == "derived"
    assert [str(m) for m in bias.modes] == [
        "modeh(1, p(+t, +t))",
        "modeb(*, e(+t, -t))",
        "modeb(*, e(-t, +t))",
    ]
    assert bias.predicates == (("e", 2),)
