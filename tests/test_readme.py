"""README.md and docs/ as a new user follows them: install, test, data, peers, SWI-Prolog.

* The quick start's install and test commands are the ones ``.ci/run`` runs,
  word for word, and the doctests collect beside an installed (non-editable)
  copy of the package.
* Every file a README command reads is in the repository.
* The benchmarks' Python peers are the ``bench`` extra, and a benchmark whose
  peer is missing says so in one line with exit status 2.
* Every SWI-Prolog command of the README runs clean after the symlearn
  command that writes its file.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from symlearn.cli import main
from tests.conftest import requires_swipl

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
#: The README and the reference pages it links (docs/*.md): what a reader follows.
PAGES = "\n".join([README, *(p.read_text() for p in sorted((ROOT / "docs").glob("*.md")))])


def code_blocks(language: str, text: str = PAGES) -> list[str]:
    """The bodies of the fenced blocks of one language, in order."""
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def commands(block: str) -> list[str]:
    """A shell block's commands: continuation lines joined, comments dropped."""
    found = []
    for line in block.replace("\\\n", " ").splitlines():
        line = re.sub(r"\s+#\s.*$", "", line.strip())
        if line and not line.startswith("#"):
            found.append(re.sub(r"\s+", " ", line))
    return found


SHELL = [c for block in code_blocks("sh") for c in commands(block)]


def quick_start() -> list[str]:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return commands(code_blocks("sh", section)[0])


# -- item 1: the README's install and test commands, as CI runs them ------------


def test_ci_runs_the_quick_start_install_and_test_commands_word_for_word():
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    wanted = [c for c in quick_start() if c.startswith(("python3 -m pip", "python3 -m pytest"))]
    # install; the default run (without the slow tests); every test, which CI runs
    assert wanted[1:] == ["python3 -m pytest", 'python3 -m pytest -m ""']
    for command in (wanted[0], wanted[2]):
        assert command in ci, f".ci/run does not run the README's {command!r}"
    assert not any("pip install -e" in line or "--editable" in line for line in ci)


COLLECT = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]


@pytest.mark.slow
def test_doctests_collect_beside_an_installed_copy_of_the_package(tmp_path):
    # A plain `pip install .` puts a second symlearn on the path; the doctests
    # collected from src/ must still import the files they come from.
    site = tmp_path / "site"
    shutil.copytree(ROOT / "src" / "symlearn", site / "symlearn", symlinks=False)
    result = subprocess.run(
        [*COLLECT, "tests/test_api.py", "src/symlearn/logic"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    assert "mismatch" not in result.stdout


# -- item 2: the files the README's commands read are shipped -------------------

DATA_FILE = re.compile(r"[\w./-]+\.(?:pl|csv|bif|py)$")


def files_read() -> set[str]:
    """The files the README's commands, snippets and benchmark mentions read.

    A command's file arguments, except what ``-o`` writes; a file an earlier
    command wrote (``nb.pl``) is not read from the repository; the file
    arguments of the Python snippets' calls (not of ``save``/``write``); the
    benchmark scripts the prose names.
    """
    written: set[str] = set()
    read: set[str] = set()
    for command in SHELL:
        for part in command.split(" && "):
            words = shlex.split(part)
            if words[0] not in ("symlearn", "python", "python3"):
                continue
            output = words[words.index("-o") + 1] if "-o" in words else None
            for word in words[1:]:
                if DATA_FILE.match(word) and word != output and word not in written:
                    read.add(word)
            if output:
                written.add(output)
    for snippet in code_blocks("python"):
        for node in ast.walk(ast.parse(snippet)):
            if not isinstance(node, ast.Call):
                continue
            writes = isinstance(node.func, ast.Attribute) and node.func.attr in ("save", "write")
            read |= {
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and DATA_FILE.match(arg.value)
                and not writes
            }
    read |= set(re.findall(r"`python3? (benchmarks/[a-z0-9_]+\.py)", PAGES))
    saved = set(re.findall(r"```prolog\n%\s*([\w./-]+\.pl)\s*\n", PAGES))  # the reader writes
    return read - written - saved


def test_every_file_a_readme_command_or_snippet_reads_is_in_the_repository():
    paths = files_read()
    assert {"data/mushroom.csv", "kb/enjoysport.pl", "benchmarks/tree_vs_sklearn.py"} <= paths
    missing = sorted(p for p in paths if not (ROOT / p).is_file())
    assert not missing, f"README commands read files the repository lacks: {missing}"


def test_the_shipped_data_says_where_it_comes_from():
    notes = (ROOT / "data" / "README.md").read_text()
    for name in ("mushroom.csv", "house-votes-84.csv"):
        assert (ROOT / "data" / name).is_file() and name in notes
    assert "CC BY 4.0" in notes and "UCI Machine Learning Repository" in notes


# -- item 3: the peers of the benchmarks ---------------------------------------

#: Import name -> pip name, where they differ.
PIP_NAMES = {"sklearn": "scikit-learn"}
#: Peers left out of the extra, with the reason (the benchmark prints how to install them).
NOT_IN_EXTRA = {"aima3": "its metadata pins networkx 1.11; installed with --no-deps"}


def peer_modules() -> dict[str, set[str]]:
    """The modules each benchmark asks for with peers.require/optional."""
    found: dict[str, set[str]] = {}
    for script in sorted((ROOT / "benchmarks").glob("*.py")):
        for node in ast.walk(ast.parse(script.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("require", "optional")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.setdefault(script.name, set()).add(node.args[0].value.split(".")[0])
    return found


def test_the_bench_extra_installs_every_python_peer_the_benchmarks_use():
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in Python 3.11 and later")
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["bench"]
    names = {re.split(r"[<>=!\[ ]", requirement)[0].lower() for requirement in extra}
    used = {module for modules in peer_modules().values() for module in modules}
    assert {"sklearn", "pgmpy", "wittgenstein"} <= used
    for module in used - set(NOT_IN_EXTRA):
        assert PIP_NAMES.get(module, module).lower() in names, f"{module} is not in [bench]"
    assert 'python3 -m pip install ".[bench]"' in README


def run_without(script: str, blocked: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run a benchmark as if ``blocked`` (a module, or the program swipl) were not installed."""
    block = (
        "import shutil; which = shutil.which; "
        "shutil.which = lambda name, *a, **k: None if name == 'swipl' else which(name, *a, **k)"
        if blocked == "swipl"
        else f"sys.modules[{blocked!r}] = None"
    )
    code = (
        f"import runpy, sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); {block}; "
        f"sys.argv = [{script!r}, *{list(args)!r}]; "
        f"runpy.run_path({str(ROOT / 'benchmarks' / script)!r}, run_name='__main__')"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize(
    ("script", "blocked", "args"),
    [
        ("tree_vs_sklearn.py", "sklearn", ("--rows", "1000")),
        ("bn_vs_pgmpy.py", "pgmpy", ()),
        ("query_vs_swipl.py", "swipl", ("--sizes", "60")),
    ],
)
def test_a_benchmark_whose_peer_is_missing_says_so_in_one_line(script, blocked, args):
    result = run_without(script, blocked, *args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"{script}: the peer") and "not installed" in lines[0]
    assert blocked in lines[0]


# -- item 4: the README's SWI-Prolog commands run clean --------------------------

SWIPL_COMMANDS = [c for c in SHELL if c.startswith("swipl ")]


def writer_of(path: str) -> list[str]:
    """The README's symlearn command that writes ``path`` with -o."""
    for command in SHELL:
        words = shlex.split(command)
        if words[0] == "symlearn" and "-o" in words and words[words.index("-o") + 1] == path:
            return words[1:]
    raise AssertionError(f"no README command writes {path}")


def test_the_readme_has_swi_prolog_commands():
    assert len(SWIPL_COMMANDS) >= 3


@requires_swipl
@pytest.mark.parametrize("command", SWIPL_COMMANDS)
def test_each_readme_swipl_command_runs_clean(command, tmp_path, monkeypatch, capsys):
    (tmp_path / "kb").symlink_to(ROOT / "kb")
    (tmp_path / "data").symlink_to(ROOT / "data")
    monkeypatch.chdir(tmp_path)
    for consulted in re.findall(r"consult\('([^']+)'\)", command):
        if not Path(consulted).exists():
            assert main(writer_of(consulted)) == 0
    capsys.readouterr()
    result = subprocess.run(
        shlex.split(command), capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr


@requires_swipl
@pytest.mark.parametrize(
    ("algorithm", "path", "target", "goal"),
    [
        ("foil", "kb/can_reach.pl", "can_reach/2", "can_reach(X, Y)"),
        ("foil", "kb/family.pl", "grandmother/2", "grandmother(X, Y)"),
        ("progol", "kb/trains.pl", "eastbound/1", "eastbound(X)"),
        ("inverse-resolution", "kb/grandchild.pl", "grandchild/2", "grandchild(X, Y)"),
        (
            "id3",
            "kb/playtennis.pl",
            "playtennis/4",
            "member(O, [sunny, overcast, rain]), member(W, [weak, strong]), "
            "playtennis(O, hot, high, W)",
        ),
    ],
)
def test_a_learnt_file_consults_alone_and_answers_as_symlearn(
    algorithm, path, target, goal, tmp_path
):
    # Item 4: -o carries the background its clauses call; SWI-Prolog needs nothing else.
    import symlearn

    result = symlearn.learn(algorithm, str(ROOT / path), target=target)
    out = tmp_path / "theory.pl"
    result.save(out)
    variables = sorted(set(re.findall(r"\b[A-Z]\w*", goal)))
    shown = ", ".join(variables)
    swipl = subprocess.run(
        [
            shutil.which("swipl") or "swipl",
            "-g",
            f"consult('{out}'), forall(({goal}), (writeq([{shown}]), nl)), halt",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert swipl.returncode == 0 and swipl.stderr == "", swipl.stderr
    ours = [
        "[" + ",".join(str(answer[v]) for v in variables) + "]" for answer in result.query(goal)
    ]
    assert ours and swipl.stdout.splitlines() == ours


def test_a_benchmark_whose_peer_system_is_not_set_up_says_so_once():
    # progol_vs_aleph printed "SYMLEARN_ALEPH is not set" on every row and exited 0
    env = {k: v for k, v in os.environ.items() if k != "SYMLEARN_ALEPH"}
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "progol_vs_aleph.py"), "--sizes"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "SYMLEARN_ALEPH is not set" in lines[0]
