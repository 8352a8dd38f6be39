"""Compiling ProbLog programs: semantics against possible worlds and ProbLog, and refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from symlearn.bayes.networks.enumeration import enumeration
from symlearn.bayes.networks.inference import atom_probabilities
from symlearn.bayes.networks.program import compile_program
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb import loads, parse_term
from symlearn.logic.printer import format_term

from ..strategies import possible_worlds, programs


def _answers(text: str, method: str = "exact", fold: bool = False) -> dict[str, float]:
    program = compile_program(loads(text), fold=fold)
    result = atom_probabilities(program, method)
    return {format_term(a): p for a, p in result.probabilities.items()}


@settings(max_examples=60, deadline=None)
@given(programs())
def test_exact_inference_equals_possible_worlds(program):
    expected, p_evidence = possible_worlds(program)
    if p_evidence == 0.0:
        with pytest.raises(InvalidParameterError, match=r"probability 0|impossible|contradicts"):
            _answers(program.text())
        return
    for fold in (False, True):  # private facts summed, AD heads as states: the same answers
        answers = _answers(program.text(), fold=fold)
        assert answers.keys() == expected.keys()
        for atom, p in expected.items():
            assert answers[atom] == pytest.approx(p, abs=1e-12), atom


@settings(max_examples=40, deadline=None)
@given(programs())
def test_variable_elimination_equals_enumeration_on_compiled_programs(program):
    if possible_worlds(program)[1] == 0.0:
        return
    compiled = compile_program(loads(program.text()))
    exact = atom_probabilities(compiled).probabilities
    reference = atom_probabilities(compiled, "enumeration").probabilities
    for atom in exact:
        assert exact[atom] == pytest.approx(reference[atom], abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(programs())
def test_exact_inference_equals_problog(program):
    problog = pytest.importorskip("problog")
    from problog.program import PrologString

    if possible_worlds(program)[1] == 0.0:
        return
    theirs = problog.get_evaluatable().create_from(PrologString(program.text())).evaluate()
    ours = _answers(program.text())
    assert {str(atom) for atom in theirs} == set(ours)
    for atom, p in theirs.items():
        assert ours[str(atom)] == pytest.approx(p, abs=1e-9), str(atom)


def test_kb_examples_equal_problog(kb_path):
    problog = pytest.importorskip("problog")
    from problog.program import PrologString

    text = kb_path.read_text()
    theirs = problog.get_evaluatable().create_from(PrologString(text)).evaluate()
    ours = _answers(text)
    for atom, p in theirs.items():
        assert ours[str(atom)] == pytest.approx(p, abs=1e-9), str(atom)


@pytest.fixture(params=["alarm.pl", "sprinkler.pl"])
def kb_path(request, repo_root):
    return repo_root / "kb" / request.param


def test_alarm_monitoring_network_equals_problog_on_one_query(repo_root):
    # ProbLog needs about two minutes for the file's own three queries and
    # three observations; one query with two observations takes a second.
    problog = pytest.importorskip("problog")
    from problog.program import PrologString

    text = (repo_root / "kb" / "alarm_monitoring.pl").read_text()
    clauses = "\n".join(
        line for line in text.splitlines() if not line.startswith(("query", "evidence"))
    )
    question = (
        clauses + "\nevidence(cvp(low), true).\nevidence(pcwp(low), true).\nquery(history).\n"
    )
    theirs = problog.get_evaluatable().create_from(PrologString(question)).evaluate()
    assert _answers(question)["history"] == pytest.approx(
        theirs[parse_term_problog("history")], abs=1e-9
    )


def parse_term_problog(text):
    from problog.logic import Term

    return Term(text)


def test_pearl_alarm_textbook_answer(repo_root):
    answers = _answers((repo_root / "kb" / "alarm.pl").read_text())
    # Russell & Norvig 2010, p. 524: P(burglary | johncalls, marycalls) = <0.284, 0.716>
    assert round(answers["burglary"], 3) == 0.284


def test_sprinkler_noisy_or_is_the_textbook_cpt(repo_root):
    program = compile_program(loads((repo_root / "kb" / "sprinkler.pl").read_text()))
    network = program.network
    assert network.parents("wetgrass") == ("sprinkler", "rain")
    p_true = network["wetgrass"].table[..., 1]
    assert p_true.round(12).tolist() == [[0.0, 0.9], [0.9, 0.99]]
    answers = _answers((repo_root / "kb" / "sprinkler.pl").read_text())
    assert round(answers["sprinkler"], 4) == 0.4298
    assert round(answers["rain"], 4) == 0.7079


def test_annotated_disjunctions_with_exclusive_bodies_make_one_variable():
    program = compile_program(
        loads(
            """
            0.4::cloudy.
            0.1::w(sun); 0.3::w(rain); 0.6::w(snow) :- cloudy.
            0.7::w(sun); 0.2::w(rain) :- \\+cloudy.
            0.9::wet :- w(rain).
            query(w(_)). query(wet).
            """
        )
    )
    network = program.network
    assert set(network.variables) == {"cloudy", "w", "wet"}
    assert network.states("w") == ("sun", "rain", "snow", "none")
    assert network.parents("wet") == ("w",)
    assert [format_term(q) for q in program.queries] == ["w(sun)", "w(rain)", "w(snow)", "wet"]
    answers = atom_probabilities(program).probabilities
    assert answers[parse_term("w(rain)")] == pytest.approx(0.4 * 0.3 + 0.6 * 0.2, abs=1e-15)


def test_overlapping_annotated_disjunctions_get_choice_variables():
    text = "0.5::a. 0.3::w(x); 0.5::w(y). 0.6::w(x); 0.4::w(y) :- a. query(w(x)). query(w(y))."
    program = compile_program(loads(text))
    assert "w" not in program.network
    assert sum(1 for name in program.network.variables if name.startswith("choice")) == 2
    answers = atom_probabilities(program).probabilities
    # w(x) is false only if neither disjunction chose it
    p_x = 1 - (1 - 0.3) * (0.5 * (1 - 0.6) + 0.5)
    assert answers[parse_term("w(x)")] == pytest.approx(p_x, abs=1e-15)


def test_an_ads_heads_are_states_of_its_choice_when_answering():
    heads = "; ".join(f"1/5::a{i}" for i in range(1, 6))
    text = f"0.5::b. {heads} :- b. c :- a2. c :- \\+b. query(a1). query(a5). query(c).\n"
    folded = compile_program(loads(text), fold=True)
    assert not any(name.startswith("a") for name in folded.network.variables)
    (choice,) = [name for name in folded.network.variables if name.startswith("choice")]
    assert folded.network[choice].cardinality == 6  # five heads and none
    for program in (folded, compile_program(loads(text))):
        answers = {format_term(a): p for a, p in atom_probabilities(program).probabilities.items()}
        assert answers["a1"] == answers["a5"] == pytest.approx(0.1, abs=1e-15)
        assert answers["c"] == pytest.approx(0.5 * 0.2 + 0.5, abs=1e-15)
    given = compile_program(loads(text + "evidence(a3, false).\n"), fold=True)
    answers = atom_probabilities(given).probabilities
    assert answers[parse_term("a1")] == pytest.approx(0.1 / 0.9, abs=1e-15)


def test_certain_atoms_fold_away_and_answer_one_or_zero():
    program = compile_program(
        loads(
            "person(ann). 0.3::stress :- person(ann). 0.2::late :- person(bob). "
            "query(person(ann)). query(stress). query(late)."
        )
    )
    assert program.network.variables == ("stress",)
    answers = {format_term(a): p for a, p in atom_probabilities(program).probabilities.items()}
    assert answers == {"person(ann)": 1.0, "stress": 0.3, "late": 0.0}


def test_single_cause_probability_is_exact():
    program = compile_program(loads("0.001::b. 0.95::a :- b. query(b)."))
    assert program.network["b"].table.tolist() == [0.999, 0.001]
    assert program.network["a"].table[1].tolist()[1] == 0.95


def test_evidence_on_a_certain_atom():
    ok = compile_program(loads("f. 0.5::a :- f. evidence(f, true). query(a)."))
    assert atom_probabilities(ok).probabilities[parse_term("a")] == 0.5
    bad = compile_program(loads("f. 0.5::a :- f. evidence(f, false). query(a)."))
    with pytest.raises(InvalidParameterError, match="f is certainly true"):
        atom_probabilities(bad)


def test_impossible_evidence_is_an_error():
    program = compile_program(
        loads("0.5::a. b :- a. evidence(b, true). evidence(a, false). query(a).")
    )
    with pytest.raises(InvalidParameterError, match="probability 0"):
        atom_probabilities(program)


# -- refusals ---------------------------------------------------------------------------------


def _refusal(text: str) -> KBError:
    with pytest.raises(KBError) as caught:
        compile_program(loads(text))
    return caught.value


def test_non_ground_rule_with_shared_variable_is_refused_with_its_position():
    error = _refusal("person(ann).\n0.3::stress(X) :- person(X).\nquery(stress(ann)).\n")
    assert (error.line, error.column) == (2, 1)
    assert "0.3::stress(X) :- person(X)" in error.message
    assert "variable X is shared between stress(X) and person(X)" in error.message
    assert "ground" in error.message


def test_non_ground_deterministic_rule_that_is_used_is_refused():
    error = _refusal("0.5::p(a).\nq(X) :- p(X).\nquery(q(a)).\n")
    assert error.line == 2 and "not ground" in error.message


def test_cycle_is_refused_naming_a_clause():
    error = _refusal("0.5::a :- b.\n0.5::b :- a.\n0.1::b.\nquery(a).\n")
    assert "cycle" in error.message and error.line in (1, 2)
    assert "must be acyclic" in error.message


def test_undefined_body_predicate_is_refused():
    error = _refusal("0.5::a :- nowhere.\nquery(a).\n")
    assert "nowhere/0 in the body of 0.5::a :- nowhere is not defined" in error.message
    assert error.line == 1


def test_learnable_probability_is_refused():
    error = _refusal("t(_)::a.\nquery(a).\n")
    assert "learnable probability" in error.message


def test_body_that_is_not_a_conjunction_of_literals_is_refused():
    error = _refusal("0.5::a. 0.5::b.\n0.3::c :- (a ; b).\nquery(c).\n")
    assert "not a (negated) atom" in error.message and error.line == 2


def test_undefined_query_is_refused():
    with pytest.raises(InvalidParameterError, match="nothing/0 is not defined"):
        compile_program(loads("0.5::a. query(nothing)."))


def test_cpt_size_limit():
    parents = " , ".join(f"p{i}" for i in range(12))
    facts = " ".join(f"0.5::q{i}. p{i} :- q{i}." for i in range(12))  # p_i: not folded into c
    with pytest.raises(InvalidParameterError, match="would have 8192 entries"):
        compile_program(loads(f"{facts} 0.5::c :- {parents}. query(c)."), max_table_size=4096)


def test_a_fact_one_body_uses_is_folded_into_that_rule():
    text = "0.3::f. 0.6::g. 0.2::h. a :- f, g. a :- h, \\+g. query(a).\n"
    folded = compile_program(loads(text), fold=True)
    assert set(folded.network["a"].parents) == {"g"}  # f and h summed into a's table
    assert set(compile_program(loads(text)).network["a"].parents) == {"f", "g", "h"}
    kept = compile_program(loads(text + "query(f).\n"), fold=True)  # asked: f stays a parent of a
    assert set(kept.network["a"].parents) == {"f", "g"}
    for program in (folded, kept):
        marginals = atom_probabilities(program).result.marginals
        assert marginals["a"]["true"] == pytest.approx(0.3 * 0.6 + 0.4 * 0.2, abs=1e-12)
    observed = compile_program(loads(text + "evidence(h, true).\n"), fold=True)
    assert set(observed.network["a"].parents) == {"g", "h"}  # observed: h stays
    given = atom_probabilities(observed).result.marginals["a"]["true"]
    assert given == pytest.approx(0.3 * 0.6 + 0.4, abs=1e-12)


def test_enumeration_agrees_on_the_pearl_alarm(repo_root):
    program = compile_program(loads((repo_root / "kb" / "alarm.pl").read_text()))
    exact = atom_probabilities(program).result.marginals
    reference = enumeration(program.network, list(exact), program.evidence_states()).marginals
    for name, distribution in exact.items():
        for state, p in distribution.items():
            assert p == pytest.approx(reference[name][state], abs=1e-12)
