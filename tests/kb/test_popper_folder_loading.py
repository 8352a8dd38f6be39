"""A Popper task folder is loaded as Popper loads it: through SWI-Prolog's consult.

SWI-Prolog reports a clause of ``bk.pl``/``exs.pl`` that does not read and
goes on with the next; so does :func:`symlearn.kb.formats.load_task`, with a
``file:line:col: warning`` per skipped clause.  Our own files stay strict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from symlearn.errors import KBSyntaxError
from symlearn.kb.formats import load_task
from tests.conftest import requires_swipl
from tests.swipl import run_swipl


def _folder(tmp_path: Path, exs: str) -> Path:
    (tmp_path / "bk.pl").write_text("edge(a, b).\nedge(b, c).\n")
    (tmp_path / "exs.pl").write_text(exs)
    (tmp_path / "bias.pl").write_text("head_pred(path, 2).\nbody_pred(edge, 2).\n")
    return tmp_path


EXAMPLES = (
    "pos(path(a, b)).\n#T1 stray\npos(path(a, c)).\nneg(path(b, a)).\npos(path(b oops c)).\n"
)


def test_a_clause_that_does_not_read_is_skipped_with_a_warning(tmp_path: Path) -> None:
    kb = load_task([str(_folder(tmp_path, EXAMPLES))])
    assert [(e.kind, str(e.atom)) for e in kb.examples] == [
        ("pos", "path(a, b)"),
        ("neg", "path(b, a)"),
    ]
    warnings = [w for w in kb.warnings if "skipped" in w]
    assert [w.split(": warning")[0] for w in warnings] == [
        f"{tmp_path / 'exs.pl'}:2:5",
        f"{tmp_path / 'exs.pl'}:5:12",
    ]


@requires_swipl
def test_the_same_clauses_as_swi_prolog_reads(tmp_path: Path) -> None:
    kb = load_task([str(_folder(tmp_path, EXAMPLES))])
    ours = sorted(f"{e.kind}({e.atom})".replace(" ", "") for e in kb.examples)
    swi = run_swipl(EXAMPLES, [("(pos(X), Y = pos ; neg(X), Y = neg)", ["Y", "X"])])
    theirs = sorted(f"{y}({x})" for y, x in (a.strip("[]").split(", ", 1) for a in swi[0]))
    assert ours == [s.replace(" ", "") for s in theirs]


def test_our_own_files_stay_strict(tmp_path: Path) -> None:
    (tmp_path / "task.pl").write_text(EXAMPLES)
    with pytest.raises(KBSyntaxError):
        load_task([str(tmp_path / "task.pl")])


def test_an_answer_set_rule_of_bias_pl_is_left_to_the_solver(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "pos(path(a, b)).\n")
    rule = "bad_body(P, A, Vars) :-\n    body_pred(P, A),\n    var_pos(V, Vars, 0),\n    V != 0.\n"
    (folder / "bias.pl").write_text("head_pred(path, 2).\nbody_pred(edge, 2).\n" + rule)
    kb = load_task([str(folder)])
    assert [w.split(": warning")[0] for w in kb.warnings] == [f"{folder / 'bias.pl'}:3:1"]
