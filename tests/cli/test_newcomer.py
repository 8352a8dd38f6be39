"""A newcomer's first hour (issue 26): what the command line does without being told.

* ``--target`` defaults on the command line as it does in Python: to the one
  predicate the files are about (the file's one head mode, else its one
  example predicate); a file about several says which to choose.
* one spelling per concept across learners: ``--clause-length`` for FOIL and
  Progol (Aleph's ``clauselength`` is the name in files).
* files are consulted as SWI-Prolog consults them: a predicate a later file
  defines again is replaced, with a warning, unless declared ``multifile``
  (a learnt theory queried with its knowledge base answers once).
* a learnt theory that is no answer (no clause, no positive proved, fewer
  examples right than the empty theory) says so on stderr and exits 1.
* a result's ``repr`` is short: what it is and its headline; inference
  results show their probabilities as bars in a notebook.
* the toplevel's details: a forgotten GOAL is named, the help texts give
  examples that answer and whole summaries, every learner says where ``-o``
  wrote, ``infer`` with nothing to infer says so, ``bound --list`` fits 80
  columns (tests/cli/test_bound_cli.py), brute-force MAP classifies the asked
  instance once.
* a tree's report prints the rules once and every candidate's measure at each
  test only with ``-v`` (on stderr); ``--json`` keeps all; a decision list
  (C4.5's post-pruned rules, sequential covering's ``--ordered``) is printed
  as its ordered rules, its clauses left to ``-o`` and ``--json``.
* slow examples among fast ones: ``numlist/3`` is native (a packed list of
  integers); ``bound vc-dimension`` on a file is quick.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from symlearn.cli import main
from tests.conftest import requires_swipl
from tests.swipl import run_swipl

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"


@pytest.mark.parametrize(
    ("argv", "target"),
    [
        (["learn", "id3", "playtennis.pl"], "playtennis/4"),
        (["learn", "c45", "playtennis.pl"], "playtennis/4"),
        (["learn", "cart", "playtennis.pl"], "playtennis/4"),
        (["learn", "one-r", "playtennis.pl"], "playtennis/4"),
        (["learn", "sequential-covering", "playtennis.pl"], "playtennis/4"),
        (["learn", "brute-force-map", "enjoysport.pl"], "enjoysport/6"),
    ],
)
def test_the_target_defaults_on_the_command_line_as_in_python(argv, target, capsys):
    import symlearn

    *command, file = argv
    assert main([*command, str(KB / file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["target"] == target
    name, arity = symlearn.learn(command[1], str(KB / file)).task.target
    assert f"{name}/{arity}" == target


def test_the_lattice_target_defaults_too(tmp_path, capsys):
    out = tmp_path / "vs.json"
    assert main(["lattice", str(KB / "enjoysport.pl"), "-o", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["target"] == "enjoysport/6"


def test_a_file_about_several_predicates_asks_which(tmp_path, capsys):
    two = tmp_path / "two.pl"
    two.write_text("pos(p(a)). neg(p(b)). pos(q(a)). neg(q(b)).\n")
    assert main(["learn", "id3", str(two)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "--target" in err


def test_one_spelling_of_the_clause_length_across_the_ilp_learners(capsys):
    # Item 3: FOIL and Progol both take --clause-length (Aleph's clauselength is the file's
    # set/2 name, and a Python keyword spelt either way)
    import symlearn

    family = str(KB / "family.pl")
    for algorithm in ("foil", "progol"):
        argv = ["learn", algorithm, family, "--target", "grandparent/2", "--clause-length", "3"]
        assert main([*argv, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["settings"]["clause_length"] == 3
        run = symlearn.learn(algorithm, family, target="grandparent/2", clauselength=3)
        assert run.settings.clause_length == 3
    assert main(["learn", "progol", family, "--clauselength", "3"]) == 2
    assert "Did you mean '--clause-length'?" in capsys.readouterr().err


def test_progol_names_its_options_as_the_other_learners_and_keeps_alephs(tmp_path, capsys):
    # Item 3: Aleph's i, h, minpos, evalfn, posonly are the file's names and Python keywords;
    # the command line says them as other learners do (--measure) or in words, with Aleph's
    # option names for the concepts only Progol has accepted but left out of --help
    import symlearn

    names = {
        "variable_depth": ("--variable-depth", "--i", "i", "1"),
        "proof_depth": ("--proof-depth", "--h", "h", "12"),
        "min_positives": ("--min-positives", "--minpos", "minpos", "2"),
    }
    family = str(KB / "family.pl")
    argv = ["learn", "progol", family, "--target", "grandmother/2", "--json"]
    for field, (option, aleph, key, value) in names.items():
        for spelt in (option, aleph):
            assert main([*argv, spelt, value]) == 0
            settings = json.loads(capsys.readouterr().out)["settings"]
            assert str(settings[field]) == value and key not in settings
        run = symlearn.learn("progol", family, target="grandmother/2", **{key: int(value)})
        assert str(getattr(run.settings, field)) == value
    assert main([*argv, "--posonly"]) == 0
    assert json.loads(capsys.readouterr().out)["settings"]["positive_only"] is True
    # the score is --measure, as the other learners' (Aleph's evalfn in files and Python)
    assert main([*argv, "--measure", "mdl"]) == 0
    assert json.loads(capsys.readouterr().out)["settings"]["measure"] == "mdl"
    run = symlearn.learn("progol", family, target="grandmother/2", evalfn="mdl")
    assert run.settings.measure == "mdl"
    assert main([*argv, "--evalfn", "mdl"]) == 2  # as --clauselength: no second option name
    assert "no option --evalfn here: use --measure" in capsys.readouterr().err
    file = tmp_path / "aleph.pl"
    file.write_text(
        (KB / "family.pl").read_text() + "\n:- set(evalfn, mdl).\n:- set(minpos, 2).\n"
    )
    assert main(["learn", "progol", str(file), "--target", "grandmother/2", "--json"]) == 0
    settings = json.loads(capsys.readouterr().out)["settings"]
    assert settings["measure"] == "mdl" and settings["min_positives"] == 2
    assert main(["learn", "progol", "--help"]) == 0
    shown = capsys.readouterr().out
    assert "--positive-only" in shown and "--evalfn" not in shown and "--minpos" not in shown


ANCESTOR = """
parent(ann, bob). parent(bob, carl). parent(carl, dora). parent(ann, eve).
pos(ancestor(ann, bob)). pos(ancestor(bob, carl)). pos(ancestor(carl, dora)).
pos(ancestor(ann, eve)). pos(ancestor(ann, carl)). pos(ancestor(bob, dora)).
pos(ancestor(ann, dora)).
"""


@pytest.mark.parametrize(
    ("options", "warning"),
    [
        (["--clause-length", "1"], "none of the 7 positive examples is proved"),
        (
            ["--clause-length", "2", "--min-accuracy", "0"],
            "fewer training examples right (17/25) than no clause (18/25)",
        ),
    ],
)
def test_a_theory_that_is_no_answer_says_so_and_exits_1(tmp_path, options, warning, capsys):
    # Item 5: no clause, no positive proved, or worse than the empty theory is a "no"
    anc = tmp_path / "anc.pl"
    anc.write_text(ANCESTOR)
    assert main(["learn", "foil", str(anc), "--closed-world", *options]) == 1
    assert warning in capsys.readouterr().err
    assert main(["learn", "foil", str(anc), "--closed-world"]) == 0
    assert "warning" not in capsys.readouterr().err


def _solutions(argv: list[str], capsys) -> tuple[list[str], str]:
    assert main([*argv, "--json"]) == 0
    captured = capsys.readouterr()
    return sorted(
        json.dumps(s, sort_keys=True) for s in json.loads(captured.out)["solutions"]
    ), captured.err


def test_a_learnt_theory_queried_with_its_knowledge_base_answers_once(tmp_path, capsys):
    # Item 4: SWI-Prolog's consult: the later file's grandparent/2 (and the background it
    # copies) replace the earlier file's, with a warning, instead of answering 4 times
    family, learned = str(KB / "family.pl"), str(tmp_path / "learned.pl")
    assert main(["learn", "foil", family, "--target", "grandparent/2", "-o", learned]) == 0
    capsys.readouterr()
    alone, _ = _solutions(["query", learned, "grandparent(X, Y)"], capsys)
    both, err = _solutions(["query", family, learned, "grandparent(X, Y)"], capsys)
    assert both == alone and len(both) == 19
    assert "warning: redefined procedure grandparent/2" in err


# -- item 10: the toplevel's details -------------------------------------------------------


def test_a_forgotten_goal_is_named(capsys):
    assert main(["query", str(KB / "family.pl")]) == 2
    assert "Missing argument 'GOAL'" in capsys.readouterr().err


def test_the_help_texts_give_examples_that_answer(capsys):
    assert main(["--help"]) == 0
    assert 'symlearn query kb/family.pl "grandparent(X, lisa)"' in capsys.readouterr().out
    assert main(["query", str(KB / "family.pl"), "grandparent(X, lisa)"]) == 0
    assert "false." not in capsys.readouterr().out
    assert main(["query", "--help"]) == 0
    assert "grandparent(X, lisa)" in capsys.readouterr().out


def test_learn_help_shows_every_summary_whole(capsys):
    from symlearn.learning.registry import learner

    assert main(["learn", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for name in ("foil", "progol", "lff", "id3", "k-means"):
        assert " ".join(learner(name).SUMMARY.split()) in out


@pytest.mark.parametrize(
    ("argv", "suffix"),
    [
        (["learn", "find-s", "enjoysport.pl"], ".pl"),
        (["learn", "progol", "family.pl", "--target", "grandparent/2"], ".pl"),
        (["learn", "foil", "family.pl", "--target", "grandparent/2"], ".pl"),
        (["learn", "id3", "playtennis.pl"], ".pl"),
    ],
)
def test_every_learner_says_where_o_wrote(argv, suffix, tmp_path, capsys):
    command, algorithm, file, *rest = argv
    out = tmp_path / f"out{suffix}"
    assert main([command, algorithm, str(KB / file), *rest, "-o", str(out)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"% written to {out}")
    assert (
        main([command, algorithm, str(KB / file), *rest, "-o", str(out), "--force", "--json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["output"] == str(out)


def test_infer_with_nothing_to_infer_says_so(tmp_path, capsys):
    plain = tmp_path / "plain.pl"
    plain.write_text("p(a).\nq :- p(a).\n")
    assert main(["infer", str(plain)]) == 0
    assert "nothing to infer" in capsys.readouterr().err


def test_brute_force_map_classifies_the_asked_instance_once(capsys):
    asked = "enjoysport(sunny, warm, normal, strong, cool, change)"  # also an instance/1
    argv = ["learn", "brute-force-map", str(KB / "enjoysport.pl"), "--classify", asked]
    assert main(argv) == 0
    assert capsys.readouterr().out.count(f"classify {asked}:") == 1


def test_an_output_folder_that_does_not_exist_is_said_once(tmp_path, capsys):
    out = tmp_path / "nowhere" / "x.pl"
    assert main(["learn", "find-s", str(KB / "enjoysport.pl"), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("cannot write") == 1 and "does not exist" in err


# -- item 6: results that read well outside a terminal ---------------------------------------


@pytest.mark.parametrize(
    ("algorithm", "file", "target", "shown"),
    [
        ("id3", "playtennis.pl", None, "<id3 on playtennis/4: 3 clauses>"),
        ("foil", "family.pl", "grandparent/2", "<foil on grandparent/2: 1 clause>"),
        ("find-s", "enjoysport.pl", None, "<find-s on enjoysport/6: 1 clause>"),
    ],
)
def test_a_result_has_a_short_repr(algorithm, file, target, shown):
    import symlearn

    run = symlearn.learn(algorithm, str(KB / file), target=target)
    assert repr(run) == shown


def test_inference_results_show_their_probabilities_as_bars_in_a_notebook(tmp_path):
    import symlearn

    program = tmp_path / "p.pl"
    program.write_text("0.3::a(1). 0.6::a(2). p(X) :- a(X), X > 1. query(p(_)). query(a(_)).\n")
    for run in (symlearn.infer(str(KB / "alarm.pl")), symlearn.infer(str(program))):
        shown = run._repr_html_()
        bars = len(run.to_dict()["probabilities"])
        assert shown.count("<rect") == 2 * bars and "<pre>" in shown


def test_no_learner_spells_a_shared_concept_its_own_way():
    # Item 3: the clause length and the iteration cap, each one option across learners
    import click

    from symlearn.cli import cli

    learn = cli.get_command(click.Context(cli), "learn")
    spelt: dict[str, set[str]] = {}
    for name in learn.list_commands(click.Context(learn)):
        command = learn.get_command(click.Context(learn), name)
        for option in (p for p in command.params if isinstance(p, click.Option) and not p.hidden):
            spelt.setdefault(option.opts[-1], set()).add(name)
    assert "--clauselength" not in spelt and "--iterations" not in spelt
    assert {"foil", "progol"} <= spelt["--clause-length"]
    assert {"id3", "sequential-covering", "progol"} <= spelt["--measure"]
    assert not {"--i", "--h", "--minpos", "--evalfn", "--posonly"} & set(spelt)  # hidden aliases
    assert {"k-means", "em-clustering", "semi-supervised-em", "co-em"} <= spelt["--max-iterations"]


def test_a_tree_report_shows_the_rules_once_and_candidates_only_with_v(capsys):
    argv = ["learn", "c45", str(KB / "house_votes.pl"), "--target", "party/16"]
    assert main([*argv, "--cv", "3", "--compare", "id3"]) == 0  # the README has --cv 10
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) < 260, len(lines)  # was 615: candidates at every node, rules twice
    assert not any("[" in line and "0." in line for line in lines if "|" in line)
    assert sum(line.startswith("%   1. IF ") for line in lines) == 1
    assert not any(line.startswith("label(") for line in lines)  # the list's clauses: -o, --json
    assert "3-fold cross-validation" in out and "vs id3" in out and not err
    assert main([*argv, "-v", "--json"]) == 0  # -v: the candidates on stderr; the JSON whole
    out, err = capsys.readouterr()
    assert "%   physician_fee_freeze = y  [synfuels_corporation_cutback 0.1339," in err
    data = json.loads(out)
    assert data["tree"]["branches"] and len(data["rules"]) == 22 and "gains" in data["tree"]
    assert main(["learn", "cart", str(KB / "golf.pl"), "--prune", "reduced-error"]) == 0
    out = capsys.readouterr().out  # a tree pruned otherwise prints its rules as clauses, once
    assert "% reduced-error pruning" in out and out.count("% rules:") == 1
    assert "\nlabel(golf(_, _, _, _), play).\n" in out
    # sequential covering's decision list, the same way (house votes: 715 lines, now 107)
    assert main(["learn", "sequential-covering", str(KB / "lenses.pl"), "--ordered"]) == 0
    out = capsys.readouterr().out
    assert "% 1. IF tear_rate = reduced THEN none  [12/12]" in out and "label(" not in out
    assert "% as 7 clauses (each negating the earlier rules' conditions)" in out


@requires_swipl
def test_numlist_of_a_hundred_thousand_is_quick_and_answers_as_swipl(capsys):
    lists = str(KB / "lists.pl")
    assert main(["query", lists, "X = 1"]) == 0  # the command's imports, not timed
    started = time.process_time()
    assert main(["query", lists, "numlist(1, 100000, L), length(L, N)"]) == 0
    spent = time.process_time() - started
    assert "\nL = [1, 2, 3, 4, 5, 6, 7, 8, 9|...], N = 100000\n" in capsys.readouterr().out
    assert spent < 0.35, spent  # was 0.7 s (a Prolog loop, every cell named); now ~0.1 s
    goal = "numlist(1, 100000, L), sum_list(L, S), nth1(77777, L, X), last(L, Y)"
    assert main(["query", lists, goal]) == 0
    [[swi]] = run_swipl(":- true.", [(goal, ["S", "X", "Y"])])
    assert (
        capsys.readouterr().out.splitlines()[0].endswith(", S = 5000050000, X = 77777, Y = 100000")
    )
    assert swi == "[5000050000, 77777, 100000]"


def test_the_vc_dimension_of_a_file_is_quick_and_the_same(capsys):
    from symlearn.bounds import kb_space  # noqa: F401  (the imports, sympy's, not timed)
    from symlearn.cli import bound  # noqa: F401

    started = time.process_time()
    assert main(["bound", "vc-dimension", str(KB / "enjoysport.pl"), "--json"]) == 0
    spent = time.process_time() - started
    data = json.loads(capsys.readouterr().out)
    assert data["vc_dimension"] == 6 and len(data["shattered_set"]) == 6
    assert data["certificate"]["nodes_searched"] == 4642  # the same search as before
    assert spent < 0.35, spent  # was 0.8 s (the search over lists of masks); now ~0.1 s


def test_infer_hands_every_option_to_the_one_answer_function(tmp_path, capsys):
    # Item 5 (written once): symlearn infer passes its options to symlearn.infer as they come;
    # a learnt network's infer goes through the same load-then-run path
    import symlearn

    alarm = str(KB / "alarm.pl")
    given = {"method": "gibbs", "samples": 400, "seed": 3, "chains": 4, "burn_in": 10}
    argv = ["infer", alarm, "--query", "burglary", "--evidence", "johncalls=true", "--json"]
    options = ["--method", "gibbs", "--samples", "400", "--seed", "3", "--chains", "4"]
    assert main([*argv, *options, "--burn-in", "10", "-o", str(tmp_path / "alarm.bif")]) == 0
    ours = json.loads(capsys.readouterr().out)
    run = symlearn.infer(alarm, ["burglary"], ["johncalls=true"], **given)
    assert ours["probabilities"] == run.to_dict()["probabilities"]
    assert (tmp_path / "alarm.bif").read_text().startswith("network")
    bif = ["infer", str(tmp_path / "alarm.bif"), "--query", "burglary", "--json"]
    assert main([*bif, "--evidence", "johncalls=true", "--ordering", "min-degree"]) == 0
    from_bif = json.loads(capsys.readouterr().out)["probabilities"]["burglary"]
    assert main(argv) == 0  # exact: the program compiled to a network, variable elimination
    assert from_bif == pytest.approx(
        json.loads(capsys.readouterr().out)["probabilities"]["burglary"]
    )
    assert main([*bif, "--method", "sdd"]) == 2  # a network is answered by its own methods
    assert "is for ProbLog programs" in capsys.readouterr().out  # the --json error object
    learnt = symlearn.learn("naive-bayes", str(KB / "playtennis.pl"))
    exact = learnt.infer("playtennis", ["outlook(sunny)=true"])
    assert exact.probability("playtennis") == pytest.approx(
        learnt.infer("playtennis", ["outlook(sunny)=true"], method="enumeration").probability(
            "playtennis"
        )
    )
