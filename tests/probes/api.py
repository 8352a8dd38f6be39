"""Hostile calls of the Python API: each returns, or raises a ``SymlearnError`` naming it.

:func:`api_probes` returns :class:`ApiProbe` objects: a name, a function of
no arguments making the call, and what must come of it (``"error"``: a
:class:`~symlearn.errors.SymlearnError`; ``"ok"``: a value; ``"any"``).  A
bare Python exception (``TypeError``, ``AttributeError``...) is a failure
whatever is expected.  The calls cover the entry points users reach first
(:func:`symlearn.learn` with files of every kind and every learner's settings
given wrongly, :func:`~symlearn.load`, :func:`~symlearn.loads`,
:class:`~symlearn.Engine`, :func:`~symlearn.infer`, :func:`~symlearn.bound`,
:func:`~symlearn.allow_include`, a result's ``query`` and ``save``...).
"""

from __future__ import annotations

import math
import os
import pathlib
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["ApiProbe", "api_probes"]

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"
FAMILY = str(KB / "family.pl")


@dataclass(frozen=True)
class ApiProbe:
    """One call of the Python API, and whether it must raise a ``SymlearnError``."""

    name: str
    call: Callable[[], object]
    expect: str = "error"
    category: str = "api"


def _file_kinds(folder: Path) -> list[ApiProbe]:
    """``symlearn.learn`` and ``load`` given paths of every kind, and things that are not paths."""
    import symlearn

    def learn(files: Any) -> Callable[[], object]:
        return lambda: symlearn.learn("foil", files, target="grandparent/2")

    good: dict[str, Any] = {
        "str": FAMILY,
        "pathlib.Path": pathlib.Path(FAMILY),
        "bytes": os.fsencode(FAMILY),
        "list of Path": [pathlib.Path(FAMILY)],
        "tuple of str": (FAMILY,),
        "PurePosixPath": pathlib.PurePosixPath(FAMILY),
    }
    bad: dict[str, Any] = {
        "None": None,
        "123": 123,
        "1.5": 1.5,
        "dict": {"a": FAMILY},
        "list with None": [FAMILY, None],
        "object": object(),
        "empty list": [],
        "bytes text": b"parent(a, b).",
        "missing": str(folder / "missing.pl"),
        "a folder without a task": str(folder),
        "/dev/zero": "/dev/zero",
    }
    found = [ApiProbe(f"learn files={name}", learn(value), "ok") for name, value in good.items()]
    found += [ApiProbe(f"learn files={name}", learn(value)) for name, value in bad.items()]
    for name, value in good.items():
        found.append(ApiProbe(f"load {name}", lambda v=value: symlearn.load(v), "ok"))
    for name, value in bad.items():
        if name != "empty list":  # no file: an empty knowledge base, as SWI consults nothing
            found.append(ApiProbe(f"load {name}", lambda v=value: symlearn.load(v)))
    return found


def _learn_arguments() -> list[ApiProbe]:
    import symlearn

    def learn(**given: Any) -> Callable[[], object]:
        arguments = {"target": "grandparent/2", **given}
        return lambda: symlearn.learn("foil", FAMILY, **arguments)

    calls = {
        "algorithm=42": lambda: symlearn.learn(42, FAMILY),
        "algorithm=None": lambda: symlearn.learn(None, FAMILY),
        "algorithm=nope": lambda: symlearn.learn("nope", FAMILY),
        "target=42": learn(target=42),
        "target=zz/1": learn(target="zz/1"),
        "target=grandparent": learn(target="grandparent"),
        "target=(grandparent, x)": learn(target=("grandparent", "x")),
        "settings=42": learn(settings=42),
        "settings=dict": learn(settings={"clause_length": 3}),
        "clause_length=abc": learn(clause_length="abc"),
        "clause_length=2.5": learn(clause_length=2.5),
        "clause_length=-3": learn(clause_length=-3),
        "clause_length=nan": learn(clause_length=math.nan),
        "clause_length=True": learn(clause_length=True),
        "clause_length=[3]": learn(clause_length=[3]),
        "min_accuracy=nan": learn(min_accuracy=math.nan),
        "min_accuracy=inf": learn(min_accuracy=math.inf),
        "min_accuracy=abc": learn(min_accuracy="abc"),
        "no_such_setting=1": learn(no_such_setting=1),
        "test=123": learn(test=123),
        "test=[None]": learn(test=[None]),
        "progress=42": learn(progress=42),
    }
    found = [ApiProbe(f"learn {name}", call) for name, call in calls.items()]
    found += [
        ApiProbe("learn clause_length=3.0", learn(clause_length=3.0), "ok"),
        ApiProbe("learn test=Path", learn(test=pathlib.Path(KB / "family.pl")), "ok"),
    ]
    return found


def _wrong_values(annotation: Any) -> list[Any]:
    """Values of another type than a setting's (by its annotation), each to be refused."""
    kinds = {a for a in typing.get_args(annotation) if a is not type(None)} or {annotation}
    if str in kinds and len(kinds) > 1:
        return [object()]
    if kinds == {int}:
        return ["abc", 2.5, math.nan]
    if kinds <= {int, float}:
        return ["abc", math.nan]
    if kinds == {bool}:
        return ["yes"]
    if kinds == {str}:
        return [123]
    if any(typing.get_origin(k) is tuple for k in kinds):
        return [123, [object()]]
    return [object()]


def _every_learner_setting() -> list[ApiProbe]:
    """Each learner's every setting given a value of the wrong type (refused before learning)."""
    import symlearn
    from symlearn.learning.registry import ALGORITHMS, learner
    from symlearn.learning.settings import _type_hints

    found = []
    task = symlearn.LearningTask.from_files(str(KB / "playtennis.pl"), "playtennis/4")
    for name in sorted(ALGORITHMS):
        settings = learner(name).SETTINGS
        hints = _type_hints(settings)
        for item, _ in settings.fields():
            for value in _wrong_values(hints[item.name]):

                def call(n: str = name, f: str = item.name, v: Any = value) -> object:
                    return symlearn.learn(n, task, **{f: v})

                found.append(ApiProbe(f"learn {name} {item.name}={value!r}", call))
    return found


def _knowledge_base_calls(folder: Path) -> list[ApiProbe]:
    import symlearn
    from symlearn.engine import Engine
    from symlearn.kb import parse_term

    kb = symlearn.loads("p(a). p(b).")
    fifo = folder / "api_fifo.pl"
    if not fifo.exists():
        os.mkfifo(fifo)
    calls: dict[str, tuple[Callable[[], object], str]] = {
        "loads None": (lambda: symlearn.loads(None), "error"),
        "loads 123": (lambda: symlearn.loads(123), "error"),
        "loads bytes": (lambda: symlearn.loads(b"p(a)."), "ok"),
        "loads bad UTF-8 bytes": (lambda: symlearn.loads(b"p('\xff')."), "error"),
        "loads kb=42": (lambda: symlearn.loads("p.", kb=42), "error"),
        "load FIFO": (lambda: symlearn.load(fifo), "error"),
        "load allow_include=42": (lambda: symlearn.load(FAMILY, allow_include=42), "error"),
        "load progress=42": (lambda: symlearn.load(FAMILY, progress=42), "any"),
        "allow_include 42": (lambda: symlearn.allow_include(42), "error"),
        "allow_include None": (lambda: symlearn.allow_include(None), "error"),
        "allow_include Path": (lambda: symlearn.allow_include(pathlib.Path(folder)), "ok"),
        "Engine None": (lambda: Engine(None), "error"),
        "Engine 'p.'": (lambda: Engine("p."), "error"),
        "Engine max_steps=abc": (lambda: Engine(kb, max_steps="abc"), "error"),
        "Engine timeout=nan": (lambda: Engine(kb, timeout=math.nan), "error"),
        "Engine timeout=abc": (lambda: Engine(kb, timeout="abc"), "error"),
        "solve_text None": (lambda: Engine(kb).solve_text(None), "error"),
        "solve_text 123": (lambda: Engine(kb).solve_text(123), "error"),
        "solve_text b'p(X)'": (lambda: Engine(kb).solve_text(b"p(X)"), "error"),
        "solve_text limit=abc": (lambda: list(Engine(kb).solve_text("p(X)", "abc")), "any"),
        "ask_text None": (lambda: Engine(kb).ask_text(None), "error"),
        "solve None": (lambda: list(Engine(kb).solve(None)), "error"),
        "symlearn.solve kb=None": (lambda: symlearn.solve(None, "p(X)"), "error"),
        "symlearn.solve goal=None": (lambda: symlearn.solve(kb, None), "error"),
        "parse_term None": (lambda: parse_term(None), "error"),
        "parse_term 123": (lambda: parse_term(123), "error"),
        "run_query None": (lambda: symlearn.run_query(None, "p(X)"), "error"),
    }
    return [ApiProbe(name, call, expect) for name, (call, expect) in calls.items()]


def _result_calls(folder: Path) -> list[ApiProbe]:
    import symlearn

    result = symlearn.learn("foil", FAMILY, target="grandparent/2")
    copy = folder / "api_family.pl"
    copy.write_bytes((KB / "family.pl").read_bytes())
    from_copy = symlearn.learn("foil", str(copy), target="grandparent/2")
    calls: dict[str, tuple[Callable[[], object], str]] = {
        "query 123": (lambda: result.query(123), "error"),
        "query None": (lambda: result.query(None), "error"),
        "query bad syntax": (lambda: result.query("grandparent(("), "error"),
        "query ok": (lambda: result.query("grandparent(X, Y)"), "ok"),
        "save None": (lambda: result.save(None), "error"),
        "save 123": (lambda: result.save(123), "error"),
        "save over its input": (lambda: from_copy.save(copy), "error"),
        "save into a folder": (lambda: result.save(folder), "error"),
        "save Path": (lambda: result.save(folder / "api_out.pl"), "ok"),
        "save bytes": (lambda: result.save(os.fsencode(folder / "api_out2.pl")), "ok"),
    }
    return [ApiProbe(f"result.{name}", call, expect) for name, (call, expect) in calls.items()]


def _other_entry_points(folder: Path) -> list[ApiProbe]:
    import symlearn

    alarm = str(KB / "alarm.pl")
    enjoysport = symlearn.LearningTask.from_files(str(KB / "enjoysport.pl"), "enjoysport/6")
    calls: dict[str, tuple[Callable[[], object], str]] = {
        "infer None": (lambda: symlearn.infer(None), "error"),
        "infer 123": (lambda: symlearn.infer(123), "error"),
        "infer Path": (lambda: symlearn.infer(pathlib.Path(alarm)), "ok"),
        "infer /dev/zero": (lambda: symlearn.infer("/dev/zero"), "error"),
        "infer queries=123": (lambda: symlearn.infer(alarm, queries=123), "error"),
        "infer queries=[None]": (lambda: symlearn.infer(alarm, queries=[None]), "error"),
        "infer evidence=123": (lambda: symlearn.infer(alarm, evidence=123), "error"),
        "infer evidence=[x=maybe]": (lambda: symlearn.infer(alarm, evidence=["x=maybe"]), "error"),
        "infer method=42": (lambda: symlearn.infer(alarm, method=42), "error"),
        "infer samples=abc": (
            lambda: symlearn.infer(alarm, method="sample", samples="abc"),
            "error",
        ),
        "infer output=/dev/zero.bif": (lambda: symlearn.infer(alarm, output=123), "error"),
        "bound None": (lambda: symlearn.bound(None), "error"),
        "bound 42": (lambda: symlearn.bound(42), "error"),
        "bound pac H=abc": (lambda: symlearn.bound("pac", H="abc"), "error"),
        "bound pac epsilon=nan": (
            lambda: symlearn.bound("pac", H=10, epsilon=math.nan, delta=0.1),
            "error",
        ),
        "bound pac H=None": (lambda: symlearn.bound("pac", H=None), "error"),
        "bound size files=123": (
            lambda: symlearn.bound("hypothesis-space-size", 123, hypothesis_class="conjunctions"),
            "error",
        ),
        "task_lattice None": (lambda: symlearn.task_lattice(None), "error"),
        "task_lattice space=42": (lambda: symlearn.task_lattice(enjoysport, space=42), "error"),
        "task_lattice max_nodes=abc": (
            lambda: symlearn.task_lattice(enjoysport, max_nodes="abc"),
            "error",
        ),
        "LearningTask.from_files None": (
            lambda: symlearn.LearningTask.from_files(None),
            "error",
        ),
        "LearningTask.from_files Path": (
            lambda: symlearn.LearningTask.from_files(pathlib.Path(FAMILY), "grandparent/2"),
            "ok",
        ),
        "LearningTask.from_csv None": (
            lambda: symlearn.LearningTask.from_csv(None, "class"),
            "error",
        ),
        "read_bif None": (lambda: symlearn.read_bif(None), "error"),
        "read_bif /dev/zero": (lambda: symlearn.read_bif("/dev/zero"), "error"),
        "read_bif missing": (lambda: symlearn.read_bif(folder / "none.bif"), "error"),
        "from_csv None": (lambda: symlearn.from_csv(None, "class"), "error"),
        "from_csv /dev/zero": (lambda: symlearn.from_csv("/dev/zero", "class"), "error"),
    }
    return [ApiProbe(name, call, expect) for name, (call, expect) in calls.items()]


def api_probes(folder: Path) -> list[ApiProbe]:
    """Every hostile call of the Python API, with the files they need written under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    return [
        *_file_kinds(folder),
        *_learn_arguments(),
        *_knowledge_base_calls(folder),
        *_result_calls(folder),
        *_other_entry_points(folder),
        *_every_learner_setting(),
    ]
