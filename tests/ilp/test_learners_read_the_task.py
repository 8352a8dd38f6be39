"""The relational learners read the prepared task, never the parser's objects.

Data flows one way (docs/design.md, "Layout"): text -> knowledge base ->
task -> learner.  FOIL, Progol, inverse resolution (and ``lff`` when present)
start from :class:`~symlearn.ilp.task.RelationalTask` and evaluate clauses
only through ``task.coverage(...)``.  Checked two ways, in the spirit of
``tests/test_layering.py``:

* statically, on every statement of the learner modules: no import of
  ``symlearn.kb``, no ``Coverage(...)`` built by hand, no ``.knowledge`` or
  ``.kb`` of anything;
* at run time: each learner runs on tasks whose knowledge base records every
  attribute a learner module reads from it (there must be none).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

import symlearn
from symlearn.kb import KnowledgeBase
from symlearn.kb.formats import load_task
from symlearn.learning.task import LearningTask

ILP = Path(symlearn.__file__).parent / "ilp"
LEARNER_FILES = [
    ILP / name
    for name in (
        "foil.py",
        "foil_search.py",
        "progol.py",
        "bottom.py",
        "inverse_resolution.py",
        "inverse_operators.py",
        "language.py",
        "bias.py",
    )
] + sorted((ILP / "lff").glob("*.py"))
LEARNER_MODULES = {
    "symlearn.ilp." + ".".join(p.relative_to(ILP).with_suffix("").parts) for p in LEARNER_FILES
}
TASKS = Path(__file__).parent / "tasks"


def _violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(n == "symlearn.kb" or n.startswith("symlearn.kb.") for n in names):
                found.append(f"{path.name}:{line} imports {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("symlearn.kb"):
                    found.append(f"{path.name}:{line} imports {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr in ("knowledge", "kb"):
            found.append(f"{path.name}:{line} reads .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in ("kb", "KnowledgeBase"):
            found.append(f"{path.name}:{line} names {node.id}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Coverage"
        ):
            found.append(f"{path.name}:{line} builds Coverage (use task.coverage(...))")
    return found


@pytest.mark.parametrize("path", LEARNER_FILES, ids=lambda p: p.name)
def test_learner_modules_do_not_reach_into_the_knowledge_base(path: Path) -> None:
    bad = _violations(path)
    assert not bad, "\n".join(bad)


class _Watched(KnowledgeBase):
    """A knowledge base that records what learner modules read from it."""

    reads: ClassVar[list[str]] = []

    def __getattribute__(self, name: str) -> Any:
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller in LEARNER_MODULES:
            _Watched.reads.append(f"{caller} reads kb.{name}")
        return object.__getattribute__(self, name)


@pytest.mark.parametrize(
    ("algorithm", "source", "target", "settings"),
    [
        ("foil", "kb/family.pl", "grandparent/2", {}),
        ("foil", "kb/family.pl", "ancestor/2", {"closed_world": True}),
        ("foil", str(TASKS / "popper_robot"), None, {}),
        ("progol", "kb/family.pl", "ancestor/2", {}),
        ("progol", str(TASKS / "popper_family"), None, {}),
        ("progol", "kb/family.pl", "grandparent/2", {"posonly": True}),
        ("inverse-resolution", "kb/grandchild.pl", "grandchild/2", {}),
        ("lff", str(TASKS / "popper_ancestor"), None, {}),
    ],
)
def test_learners_read_nothing_from_the_knowledge_base(
    algorithm: str, source: str, target: str | None, settings: dict[str, Any]
) -> None:
    kb = load_task([source])
    kb.__class__ = _Watched
    _Watched.reads = []
    task = LearningTask.from_kb(kb, target, sources=[source])
    run = symlearn.learn(algorithm, task, **settings)
    assert run.clauses()
    assert not _Watched.reads, sorted(set(_Watched.reads))
