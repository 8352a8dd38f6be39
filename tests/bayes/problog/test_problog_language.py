"""ProbLog's language as its users write it, through ``symlearn infer FILE --json``.

Each program is one thing ProbLog 2 reads (issue 25's list); its expected
answer is what ``problog FILE`` printed for it (ProbLog 2.3.0).  Also the
groundings that never end and the deep recursions of issue 28 (items 3, 4).
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from symlearn.cli import main

#: name -> (program, ProbLog's answers).
PROGRAMS: dict[str, tuple[str, dict[str, float]]] = {
    "query rules": (
        "0.4::a(1).\n0.3::a(2).\np(X) :- a(X).\nq(1).\nquery(p(X)) :- q(X).\n",
        {"p(1)": 0.4},
    ),
    "query rules over probabilistic atoms": (
        "0.1::appears(i1). 0.2::appears(i2).\nbid(I, [a]) :- appears(I).\n"
        "query(bid(I, L)) :- appears(I).\n",
        {"bid(i1, [a])": 0.1, "bid(i2, [a])": 0.2},
    ),
    "== on a variable": (
        "0.1::p1.\np(A) :- p1, A = unknown.\nfill(A) :- A == unknown.\n"
        "fill(A) :- p(A), fill(A).\nq :- fill(A).\nquery(q).\n",
        {"q": 0.1},
    ),
    "library(scope)": (
        ":- use_module(library(scope)).\nscope(1):a.\nc.\n"
        "query(scope(1):c).\nquery(scope(1):a).\n",
        {"scope(1):c": 1.0, "scope(1):a": 1.0},
    ),
    "H <- B": ("0.3::a.\n0.5::b.\nc <- a, b.\nquery(c).\n", {"c": 0.15}),
    "aggregate heads": (
        ":- use_module(library(aggregate)).\ns(a, 1).\ns(b, 2).\ns(c, 4).\n"
        "g(a, x).\ng(b, x).\ng(c, y).\navg_of(G, avg<S>) :- s(P, S), g(P, G).\n"
        "query(avg_of(G, A)).\n",
        {"avg_of(x, 1.5)": 1.0, "avg_of(y, 4.0)": 1.0},
    ),
    "library(collect)": (
        ":- use_module(library(collect)).\ns(a, 1).\ns(b, 2).\n"
        "all_s(L) :- s(_, S) => list(S, L).\nquery(all_s(L)).\n",
        {"all_s([1, 2])": 1.0},
    ),
    "select_weighted/5": (
        ":- use_module(library(lists)).\n"
        "ball(X) :- select_weighted(1, [0.2, 0.3, 0.5], [r, g, b], X, _).\nquery(ball(X)).\n",
        {"ball(r)": 0.2, "ball(g)": 0.3, "ball(b)": 0.5},
    ),
    "library(cut)": (
        ":- use_module(library(cut)).\n0.3::a.\nr(1, yes) :- a.\nr(2, no).\n"
        "first(X) :- cut(r(X)).\nquery(first(yes)).\nquery(first(no)).\n",
        {"first(yes)": 0.3, "first(no)": 1.0},
    ),
    "subquery/2": (
        "0.5::a.\n0.4::b.\nc :- a ; b.\np(P) :- subquery(c, P).\nquery(p(_)).\n",
        {"p(0.7)": 1.0},
    ),
    "findall/3 over probabilistic atoms": (
        "0.3::p(1).\n0.4::p(2).\nf(L) :- findall(X, p(X), L).\nquery(f(_)).\n",
        {"f([1, 2])": 0.12, "f([1])": 0.18, "f([2])": 0.28, "f([])": 0.42},
    ),
    "all/3 over probabilistic atoms": (
        "0.3::p(a).\n0.5::p(a).\n0.4::p(b).\ng(L) :- all(X, p(X), L).\nquery(g(_)).\n",
        {"g([a, b])": 0.26, "g([a])": 0.39, "g([b])": 0.14},
    ),
    "findall/3 over a recursive logic predicate": (
        "m(A, [A|_]).\nm(A, [_|L]) :- m(A, L).\nhas(b, x).\n"
        "q(Z) :- findall(V, (m(V, [a, b, c]), \\+ has(V, x)), Z).\nquery(q(_)).\n",
        {"q([a, c])": 1.0},
    ),
    "a probabilistic clause whose body is findall/3": (
        "0.4::all_p(L) :- findall(X, between(1, 2, X), L).\nquery(all_p(_)).\n",
        {"all_p([1, 2])": 0.4},
    ),
    "derived atoms left non-ground": (
        "0.4::a(1).\n0.3::b(2).\np(X, Y) :- a(X).\np(X, Y) :- b(Y).\nq(Y) :- p(1, Y).\n"
        "query(q(2)).\n",
        {"q(2)": pytest.approx(0.58)},  # type: ignore[dict-item]
    ),
    "non-ground query answers": (
        "fact(content(last, [_])).\nr(X) :- fact(X).\nquery(r(_)).\n",
        {"r(content(last, [X1]))": 1.0},
    ),
    "\\+ of a conjunction": ("0.3::a.\n0.6::b.\nc :- \\+ (a, b).\nquery(c).\n", {"c": 0.82}),
    "\\+ of a goal with variables": (
        "0.3::p(1).\n0.6::p(2).\nnone :- \\+ p(_).\nquery(none).\n",
        {"none": 0.28},
    ),
    "negative heads": (
        "0.7::b.\n0.2::c.\n0.5::a :- b.\n0.5::\\+a :- c.\n0.5::d :- b.\n\\+d :- c.\n"
        "query(a).\nquery(d).\n",
        {"a": 0.315, "d": 0.28},
    ),
    "query(\\+a)": ("0.3::p.\nquery(\\+p).\n", {"\\+p": 0.7}),
    "evidence(\\+a)": (
        "0.3::p.\n0.6::q.\nr :- p.\nr :- q.\nevidence(\\+q).\nquery(r).\n",
        {"r": 0.3},
    ),
    "not as a prefix operator": ("0.3::p.\nq :- not p.\nquery(q).\n", {"q": 0.7}),
    ":- unknown(fail)": (
        ":- unknown(fail).\np :- undefined_thing.\nquery(p).\nquery(nothing).\n",
        {"p": 0.0, "nothing": 0.0},
    ),
    "clause/2,3": (
        "a :- b.\n0.4::c.\nh(B, P) :- clause(a, B, P).\nk(P) :- clause(c, true, P).\n"
        "j(B) :- clause(a, B).\nquery(h(_, _)).\nquery(k(_)).\nquery(j(_)).\n",
        {"h(b, 1.0)": 1.0, "k(0.4)": 1.0, "j(b)": 1.0},
    ),
    "call/N on a probabilistic predicate": (
        "0.3::p(1).\n0.4::p(2).\nq :- call(p, _).\nr :- G = p(2), call(G).\n"
        "query(q).\nquery(r).\n",
        {"q": 0.58, "r": 0.4},
    ),
    "a non-ground query without answers": (
        "0.3::p(1).\nq(L) :- findall(X, p(X), L), L = [2].\nquery(q(X)).\n",
        {"q(X1)": 0.0},
    ),
}


def _infer(capsys, path, *args) -> tuple[int, dict]:
    status = main(["infer", str(path), "--json", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, json.loads(out)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_answered_as_problog_answers(capsys, tmp_path, name):
    text, expected = PROGRAMS[name]
    path = tmp_path / "program.pl"
    path.write_text(text)
    status, payload = _infer(capsys, path)
    assert status == 0, payload
    got = payload["probabilities"]
    assert set(got) == set(expected), got
    for atom, probability in expected.items():
        assert got[atom] == pytest.approx(probability, abs=1e-9), atom


def test_no_query_prints_nothing(capsys, tmp_path):
    path = tmp_path / "program.pl"
    path.write_text("0.3::a.\n0.4::b(1).\nc :- a.\n")
    assert main(["infer", str(path)]) == 0
    assert capsys.readouterr().out == ""


def test_consult_reads_within_the_include_limits(capsys, tmp_path):
    (tmp_path / "facts.pl").write_text("0.3::a.\n")
    path = tmp_path / "program.pl"
    path.write_text(":- consult(facts).\nquery(a).\n")
    assert _infer(capsys, path)[1]["probabilities"] == {"a": 0.3}
    outside = tmp_path / "in"
    outside.mkdir()
    (outside / "program.pl").write_text(":- consult('../facts.pl').\nquery(a).\n")
    status, payload = _infer(capsys, outside / "program.pl")
    assert status == 2 and "outside the directory" in payload["error"]["message"]


def test_csv_and_sqlite_rows_are_facts(capsys, tmp_path):
    (tmp_path / "edges.csv").write_text('"from","to","p"\n"a" ,"b",0.5\n"b","c",0.4\n')
    database = sqlite3.connect(tmp_path / "people.sqlite")
    database.execute("CREATE TABLE person (name TEXT)")
    database.executemany("INSERT INTO person VALUES (?)", [("a",), ("c",)])
    database.commit()
    database.close()
    path = tmp_path / "program.pl"
    path.write_text(
        ":- use_module(library(db)).\n:- csv_load('edges.csv', edge).\n"
        ":- sqlite_load('people.sqlite').\nP::e(X, Y) :- edge(X, Y, P).\n"
        "path(X, Y) :- e(X, Y).\npath(X, Y) :- e(X, Z), path(Z, Y).\n"
        "query(path(X, Y)) :- person(X), person(Y), X \\== Y.\n"
    )
    status, payload = _infer(capsys, path)
    assert status == 0, payload
    assert payload["probabilities"] == {"path(a, c)": pytest.approx(0.2), "path(c, a)": 0.0}


def test_python_externals_are_refused_with_the_reason(capsys, tmp_path):
    path = tmp_path / "program.pl"
    path.write_text(":- use_module('lib.py').\nquery(a).\n")
    status, payload = _infer(capsys, path)
    assert status == 2 and "a symlearn knowledge base computes" in payload["error"]["message"]
    assert payload["error"]["line"] == 1


def test_a_probabilistic_answer_with_variables_is_refused(capsys, tmp_path):
    path = tmp_path / "program.pl"
    path.write_text("0.4::a(1).\np(X, Y) :- a(X).\nquery(p(_, 2)).\nquery(p(_, _)).\n")
    status, payload = _infer(capsys, path)
    assert status == 2 and "NonGroundQuery" in payload["error"]["message"]


# -- issue 28: groundings that never end, deep recursion -------------------------------------


def test_an_unbounded_between_is_a_located_error(capsys, tmp_path):
    path = tmp_path / "program.pl"
    path.write_text("0.5::q(X) :- between(1, inf, X).\nquery(q(_)).\n")
    status, payload = _infer(capsys, path)
    error = payload["error"]
    assert status == 2 and "does not terminate" in error["message"] and error["line"] == 1


@pytest.mark.slow
def test_a_recursion_counting_up_stops_with_a_resource_error(capsys, tmp_path):
    path = tmp_path / "program.pl"
    path.write_text("nat(0).\nnat(N) :- nat(M), N is M+1.\n0.1::r(N) :- nat(N).\nquery(r(_)).\n")
    status, payload = _infer(capsys, path)
    assert status == 2 and "does not terminate" in payload["error"]["message"]


@pytest.mark.slow
def test_a_path_of_3000_steps(capsys, tmp_path):
    path = tmp_path / "program.pl"
    path.write_text(
        "0.9::e(I, J) :- between(1, 2999, I), J is I + 1.\n"
        "path(X, Y) :- e(X, Y).\npath(X, Y) :- e(X, Z), path(Z, Y).\nquery(path(1, 3000)).\n"
    )
    status, payload = _infer(capsys, path)
    assert status == 0, payload
    assert payload["probabilities"]["path(1, 3000)"] == pytest.approx(0.9**2999, rel=1e-9)


def test_an_annotated_disjunction_of_10000_heads(capsys, tmp_path):
    path = tmp_path / "program.pl"
    path.write_text("; ".join(f"0.0001::h({i})" for i in range(10000)) + ".\nquery(h(5)).\n")
    status, payload = _infer(capsys, path)
    assert status == 0, payload
    assert payload["probabilities"]["h(5)"] == pytest.approx(0.0001)
