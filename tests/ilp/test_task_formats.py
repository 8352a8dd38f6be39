"""``symlearn learn foil`` on tasks written in each peer's own format (issue 12's failures).

The task files under ``tests/ilp/tasks/`` are written as their systems
expect them: our own ``.pl`` files with modes, Popper task folders
(``bk.pl``, ``exs.pl``, ``bias.pl``), Aleph tasks (``NAME.b``, ``NAME.f``,
``NAME.n``).  Each test runs the command line and checks the textbook clause.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.cli import main
from symlearn.kb.formats import expand_task_paths, load_task
from symlearn.learning.task import LearningTask
from tests.conftest import requires_swipl
from tests.ilp.ilp_agreement import assert_same_answers
from tests.ilp.relational import task_of

TASKS = Path(__file__).resolve().parent / "tasks"

GRANDPARENT = ["grandparent(A, B) :-\n    parent(A, C),\n    parent(C, B)."]
ANCESTOR = [
    "ancestor(A, B) :-\n    parent(A, B).",
    "ancestor(A, B) :-\n    parent(A, C),\n    ancestor(C, B).",
]


def _learn(capsys, *args: str) -> tuple[int, dict, str]:
    status = main(["learn", "foil", *args, "--json"])
    captured = capsys.readouterr()
    return status, json.loads(captured.out) if captured.out else {}, captured.err


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ("family7/grandparent.pl", GRANDPARENT),  # modes, closed world: no \+ parent(C, A)
        ("family7/ancestor.pl", ANCESTOR),  # recursion allowed by the modes
        ("popper_family", GRANDPARENT),  # Popper folder without bias: no degenerate recursion
        ("popper_family_bias", GRANDPARENT),  # Popper bias with (person,) tuples
        ("popper_ancestor", ANCESTOR),  # Popper enable_recursion
        ("aleph_family/family", GRANDPARENT),  # Aleph basename: .b/.f/.n
    ],
)
def test_textbook_clauses_from_each_format(capsys, task: str, expected: list[str]) -> None:
    status, payload, err = _learn(capsys, str(TASKS / task))
    assert status == 0, err
    assert payload["hypothesis"] == expected
    assert payload["metrics"]["covered_negatives"] == 0


@pytest.mark.parametrize(
    "files",
    [
        ["daughter/daughter.pl"],
        ["daughter/daughter"],
        ["daughter/daughter.b", "daughter/daughter.f", "daughter/daughter.n"],
    ],
)
def test_lavrac_dzeroski_daughter(capsys, files: list[str]) -> None:
    # Lavrac and Dzeroski (1994), section 1.4: 2 positives, 2 negatives, no negation declared.
    status, payload, err = _learn(capsys, *(str(TASKS / f) for f in files))
    assert status == 0, err
    assert payload["target"] == "daughter/2"
    assert payload["hypothesis"] == ["daughter(A, B) :-\n    female(A),\n    parent(B, A)."]


def test_the_output_argument_of_the_head_is_bound(capsys) -> None:
    # direction(f, (in, out)): f(+pos, -pos); FOIL once gave f(A, _) :- at_bottom(A).
    status, payload, err = _learn(capsys, str(TASKS / "popper_robot"))
    assert status == 0, err
    for clause in payload["hypothesis"]:
        head, _, body = clause.partition(":-")
        assert head.startswith("f(A, B)") and "B" in body
    assert payload["metrics"]["covered_positives"] == 12
    assert payload["metrics"]["covered_negatives"] == 0
    assert any("f(C, B)" in c for c in payload["hypothesis"])  # recursive


def test_popper_constraints_are_warnings_with_positions(capsys) -> None:
    status, payload, err = _learn(capsys, str(TASKS / "popper_ancestor"))
    assert status == 0
    assert "popper_ancestor/bias.pl:17:1: warning: a Popper constraint" in err
    assert payload["warnings"] and "bias.pl:17:1" in payload["warnings"][0]


def test_popper_and_aleph_tasks_are_the_same_internal_task() -> None:
    popper = LearningTask.from_files(str(TASKS / "popper_family_bias"))
    aleph = LearningTask.from_files(str(TASKS / "aleph_family" / "family"))
    assert popper.target == aleph.target == ("grandparent", 2)
    assert popper.positives == aleph.positives and popper.negatives == aleph.negatives
    kb = popper.kb
    assert kb is not None
    assert [str(m) for m in kb.head_modes()] == ["modeh(1, grandparent(+person, +person))"]
    assert "modeb(*, male(+person))" in [str(m) for m in kb.body_modes()]
    assert kb.settings["recursion"] == "false"


def test_basename_and_folder_expansion(tmp_path: Path) -> None:
    assert [k for k, _ in expand_task_paths([str(TASKS / "daughter" / "daughter")])] == [
        "kb",
        "positives",
        "negatives",
    ]
    (tmp_path / "empty").mkdir()
    with pytest.raises(Exception, match="not a Popper task"):
        load_task([str(tmp_path / "empty")])


def test_a_literal_over_the_binding_limit_is_skipped_with_a_warning(capsys) -> None:
    # FOIL6 skips such a literal; once a "31,840,000 bindings" error ended the run.
    status, payload, err = _learn(capsys, str(TASKS / "popper_family"), "--max-bindings", "150")
    assert status == 0, err
    assert "Traceback" not in err
    assert "skipped: it would make 214 bindings (more than the limit of 150)" in err
    assert payload["skipped_literals"] >= 1
    assert payload["metrics"]["covered_negatives"] == 0


def test_an_error_in_one_proof_is_not_covered_and_warned(capsys) -> None:
    # big(a) raises type_error(evaluable, a/0) in SWI-Prolog: that example is not covered.
    status, payload, err = _learn(capsys, str(TASKS / "background_error" / "big.pl"))
    assert status == 0, err
    assert payload["hypothesis"] == ["p(A) :-\n    big(A)."]
    assert "type_error(evaluable, a/0)" in err and "Traceback" not in err


def test_max_clauses_of_a_popper_bias_is_honoured(capsys) -> None:
    status, payload, err = _learn(capsys, str(TASKS / "popper_ancestor"), "-v")
    assert status == 0, err
    assert len(payload["hypothesis"]) <= 2


@pytest.mark.parametrize(
    ("task", "message"),
    [
        ("undefined_mode.pl", "undefined_mode.pl:4:1: error: the mode names parnet/2"),
        ("type_clash.pl", "type_clash.pl:5:1: error: type clash: argument 1 of parent/2"),
        ("wrong_arity.pl", "wrong_arity.pl:6:1: error: the example neg(grandparent(bob)) has 1"),
        ("no_positives.pl", "error: no positive examples of grandparent/2 in "),
        ("bad_bias", "bad_bias/bias.pl:3:5: error: unbalanced '(': missing ')'"),
    ],
)
def test_bad_input_is_one_located_error_and_exit_status_2(capsys, task: str, message: str) -> None:
    status = main(["learn", "foil", str(TASKS / "bad_input" / task)])
    err = capsys.readouterr().err
    assert status == 2
    assert message in err and "Traceback" not in err


def test_an_unknown_popper_declaration_is_a_located_warning(capsys) -> None:
    status, payload, err = _learn(capsys, str(TASKS / "bad_input" / "odd_bias"))
    assert status == 0
    assert "odd_bias/bias.pl:3:1: warning: Popper bias declaration fancy_setting(3)" in err
    assert all("ancestor(C" not in c for c in payload["hypothesis"])  # no recursion declared


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        (
            "member.pl",
            [
                "member(A, B) :-\n    components(B, A, _).",
                "member(A, B) :-\n    components(B, _, C),\n    member(A, C).",
            ],
        ),
        (
            "last.pl",
            [
                "last(A, B) :-\n    components(A, _, C),\n    last(C, B).",
                "last(A, B) :-\n    components(A, B, C),\n    empty(C).",
            ],
        ),
        (
            "len.pl",
            [
                "len(A, B) :-\n    empty(A),\n    zero(B).",
                "len(A, B) :-\n    components(A, _, C),\n    len(C, D),\n    succ_of(D, B).",
            ],
        ),
    ],
)
def test_list_recursion(capsys, task: str, expected: list[str]) -> None:
    status, payload, err = _learn(capsys, str(TASKS / "lists" / task))
    assert status == 0, err
    assert payload["hypothesis"] == expected


@requires_swipl
@pytest.mark.parametrize(
    ("task", "goals"),
    [
        ("family7/ancestor.pl", ["ancestor(ann, X)", "ancestor(X, gus)", "ancestor(X, Y)"]),
        ("lists/member.pl", ["member(X, [3, 1, 2])", "member(2, [1, 1])"]),
        ("lists/last.pl", ["last([1, 2, 3], X)", "last([], X)"]),
        ("lists/len.pl", ["len([1, 2, 3, 1], N)", "len([], N)"]),
        ("popper_robot", ["f(w(2, 5), X)", "f(w(4, 1), X)"]),
    ],
)
def test_swi_prolog_answers_the_learned_theory_as_our_engine(task: str, goals: list[str]) -> None:
    from symlearn.ilp.foil import foil

    kb = load_task([str(TASKS / task)])
    target = LearningTask.from_kb(kb).target
    result = foil(task_of(kb, target))
    assert_same_answers(kb, result.theory, goals)


def test_without_a_bias_the_types_come_from_the_data() -> None:
    # trains and cars never share a constant: has_car(+train, -car), short(+car)
    from symlearn.ilp.foil import FoilSettings
    from symlearn.ilp.foil_search import FoilSearch
    from symlearn.kb import loads

    kb = loads(
        "has_car(t1, c1). has_car(t1, c2). has_car(t2, c3). short(c1). short(c3). "
        "long(c2). pos(east(t1)). pos(east(t2)). neg(east(t3)). has_car(t3, c4). long(c4)."
    )
    search = FoilSearch(task_of(kb, ("east", 1)), FoilSettings(), None, None)
    types = {m.indicator: tuple(a.type for a in m.arguments) for m in search.language.modes}
    train, car = types[("has_car", 2)]
    assert train != car and types[("short", 1)] == (car,) and types[("long", 1)] == (car,)
    assert search.language.head_types == (train,)
    x = search.head_variables
    literals = {str(c) for c in search.language.candidates(x, [])}
    assert "has_car(X1, _)" in literals and "short(X1)" not in literals
