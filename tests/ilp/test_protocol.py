"""FOIL, Progol and inverse resolution on the learner protocol: symlearn.learn, settings, files."""

from __future__ import annotations

from pathlib import Path

import pytest

import symlearn
from symlearn.errors import InvalidParameterError, KBError, OutputError
from symlearn.ilp.foil import FoilRun, FoilSettings
from symlearn.ilp.inverse_resolution import CigolRun, CigolSettings
from symlearn.ilp.progol import ProgolRun, ProgolSettings
from symlearn.ilp.task import RelationalTask
from symlearn.kb import load, parse_term
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause

ROOT = Path(__file__).resolve().parents[2]
FAMILY = str(ROOT / "kb" / "family.pl")
GRANDCHILD = str(ROOT / "kb" / "grandchild.pl")
CAN_REACH = str(ROOT / "kb" / "can_reach.pl")


def answers(result, goal: str, variable: str = "X") -> list[str]:
    return sorted(str(s[variable]) for s in result.query(goal))


def test_foil_result_answers_over_background_and_learnt_clauses() -> None:
    result = symlearn.learn("foil", FAMILY, target="grandparent/2")
    assert isinstance(result, FoilRun)
    assert result.clauses() == ["grandparent(A, B) :-\n    parent(A, C),\n    parent(C, B)."]
    # the file's own grandparent/2 clause is set aside; the learnt one answers
    assert answers(result, "grandparent(X, lisa)") == ["abe", "clancy", "jackie", "mona"]
    kb = load([FAMILY])
    assert result.theory.covers(kb.positives("grandparent", 2)) == [True] * 8
    progol_run = symlearn.learn("progol", FAMILY, target="grandparent/2")
    assert answers(progol_run, "grandparent(X, lisa)") == ["abe", "clancy", "jackie", "mona"]


@pytest.mark.parametrize(
    "algorithm, path, target, run_class",
    [
        ("foil", FAMILY, "grandmother/2", FoilRun),
        ("progol", FAMILY, "grandmother/2", ProgolRun),
        ("inverse-resolution", GRANDCHILD, "grandchild/2", CigolRun),
    ],
)
def test_every_relational_learner_has_the_design_keys(algorithm, path, target, run_class) -> None:
    result = symlearn.learn(algorithm, path, target=target)
    assert isinstance(result, run_class)
    payload = result.to_dict()
    assert payload["algorithm"] == algorithm and payload["target"] == target
    assert payload["hypothesis"] == result.clauses() and payload["clauses"]
    assert result.report()[0].startswith(target.split("/")[0])


def test_clauselength_in_the_file_reaches_foil_and_progol(tmp_path) -> None:
    source = Path(FAMILY).read_text()
    path = tmp_path / "family3.pl"
    path.write_text(source + "\n:- set(clauselength, 3).\n")
    foil_run = symlearn.learn("foil", str(path), target="grandparent/2")
    progol_run = symlearn.learn("progol", str(path), target="grandparent/2")
    assert foil_run.settings.clause_length == 3
    assert progol_run.settings.clause_length == 3
    assert foil_run.to_dict()["settings"]["clause_length"] == 3
    assert progol_run.to_dict()["settings"]["clause_length"] == 3
    # Python keywords override the file
    again = symlearn.learn("progol", str(path), target="grandparent/2", clauselength=2)
    assert again.settings.clause_length == 2
    assert all(c.is_example for c in again.result.clauses)


@pytest.mark.parametrize(
    "settings, directive, name",
    [
        (FoilSettings, ":- set(minacc, high).", "minacc"),
        (ProgolSettings, ":- set(nodes, lots).", "nodes"),
        (ProgolSettings, ":- set(evalfn, magic).", "evalfn"),
        (CigolSettings, ":- set(ir_depth, deep).", "ir_depth"),
    ],
)
def test_a_wrong_type_setting_is_a_located_kb_error(tmp_path, settings, directive, name) -> None:
    path = tmp_path / "bad.pl"
    path.write_text(f"parent(a, b).\n{directive}\n:- modeh(1, t(+x)).\npos(t(a)).\n")
    task = LearningTask.from_files(str(path), "t/1")
    with pytest.raises(KBError) as raised:
        settings.from_task(task)
    error = raised.value
    assert name in str(error)
    assert Path(error.path).name == "bad.pl" and error.line == 2


def test_settings_out_of_range_and_unknown_names_are_refused() -> None:
    with pytest.raises(InvalidParameterError):
        FoilSettings(min_accuracy=1.5)
    with pytest.raises(InvalidParameterError):
        ProgolSettings(measure="magic")
    with pytest.raises(InvalidParameterError, match="no setting"):
        symlearn.learn("foil", FAMILY, target="grandparent/2", depth=3)


def test_foil_test_files_add_held_out_metrics() -> None:
    noisy = str(ROOT / "kb" / "noisy_grandmother.pl")
    test = str(ROOT / "kb" / "noisy_grandmother_test.pl")
    result = symlearn.learn("foil", noisy, target="grandmother/2", test=[test])
    metrics = result.to_dict()["metrics"]
    assert metrics["test_examples"] == 160
    assert sum(metrics["test_confusion_matrix"].values()) == 160
    assert any(line.startswith("% test accuracy") for line in result.report())


def test_foil_log_receives_the_search() -> None:
    lines: list[tuple[int, str]] = []
    symlearn.learn(
        "foil",
        CAN_REACH,
        target="can_reach/2",
        log=lambda level, text: lines.append((level, text)),
    )
    assert any(level == 1 and "closed world" in text for level, text in lines)
    assert any(level == 2 for level, _ in lines)


def test_written_program_is_tabled_when_the_kb_tables_the_target(tmp_path) -> None:
    source = tmp_path / "path.pl"
    source.write_text(
        ":- table path/2.\n"
        "edge(a, b). edge(b, c). edge(c, d).\n"
        "pos(path(a, b)). pos(path(b, c)). pos(path(c, d)). pos(path(a, c)). "
        "pos(path(b, d)). pos(path(a, d)).\n"
        ":- set(closed_world, true).\n"
    )
    result = symlearn.learn("foil", str(source), target="path/2")
    out = tmp_path / "theory.pl"
    result.save(out)
    text = out.read_text()
    assert ":- table path/2." in text
    assert text.startswith("% path/2 learnt by symlearn learn foil from path.pl.")
    assert result.to_dict()["output"] == str(out)
    with pytest.raises(OutputError):
        result.save(source)


def test_verbose_messages() -> None:
    progol_run = symlearn.learn("progol", FAMILY, target="grandparent/2")
    assert progol_run.messages(0) == []
    text = "\n".join(progol_run.messages(1))
    assert "set aside" in text and "bottom clause of grandparent(abe, bart)" in text
    cigol_run = symlearn.learn("inverse-resolution", GRANDCHILD, target="grandchild/2")
    assert "candidate clauses evaluated; background: father/2" in cigol_run.messages(1)[-1]


def test_a_table_is_not_a_relational_task() -> None:
    from symlearn.data.attribute_value import Attribute, AttributeValueData

    data = AttributeValueData(
        target="t",
        attributes=(Attribute("a", ("x", "y")),),
        instances=(("x",), ("y",)),
        labels=(True, False),
    )
    with pytest.raises(InvalidParameterError, match="knowledge base"):
        symlearn.learn("foil", LearningTask.from_table(data))


def test_relational_task_is_built_from_the_learning_task() -> None:
    task = LearningTask.from_files(CAN_REACH, "can_reach/2")
    relational = RelationalTask.from_task(task)
    assert relational.closed_world and relational.world is not None
    assert relational.generated_negatives == 62
    assert relational.listed_negatives == tuple(task.negatives)
    assert relational.sources == task.sources
    closed_off = RelationalTask.from_task(task, closed_world=False)
    assert closed_off.negatives == tuple(task.negatives) and closed_off.world is None
    assert Clause.from_term(parse_term("linked_to(n0, n1)")) in relational.background
