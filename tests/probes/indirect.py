"""Hostile probes of issue 28's surface: inputs reached indirectly, FIFOs and devices among them.

Category ``indirect``: ``-o`` onto a file read through a task folder, an
Aleph basename, an include, ``--test`` or ``--examples`` (each refused, the
file kept); a FIFO or a device where a task file, a test file or the LFI
examples are read (refused unread); an Aleph ``.b`` linked from outside its
task; a ProbLog grounding that never ends; an ISO built-in redefined; a
clpfd expression outside the integers.  Each must end with exit status 2.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.probes.hostile import Probe

__all__ = ["indirect_probes"]

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"
TASKS = ROOT / "tests" / "ilp" / "tasks"


def _task_copies(folder: Path) -> dict[str, Path]:
    """Fresh copies of a Popper and an Aleph task, and the odd files the probes name."""
    for name in ("popper", "aleph", "aleph_fifo", "aleph_device", "aleph_outside"):
        shutil.rmtree(folder / name, ignore_errors=True)
    paths = {
        "popper": Path(shutil.copytree(TASKS / "popper_ancestor", folder / "popper")),
        "aleph": Path(shutil.copytree(TASKS / "daughter", folder / "aleph")),
    }
    for name, negatives in (("aleph_fifo", None), ("aleph_device", "/dev/zero")):
        task = Path(shutil.copytree(TASKS / "daughter", folder / name))
        (task / "daughter.n").unlink()
        if negatives is None:
            os.mkfifo(task / "daughter.n")
        else:
            (task / "daughter.n").symlink_to(negatives)
        paths[name] = task
    outside = Path(shutil.copytree(TASKS / "daughter", folder / "aleph_outside"))
    (folder / "secret.b").write_text("a private first line\n")
    (outside / "daughter.b").unlink()
    (outside / "daughter.b").symlink_to(folder / "secret.b")
    paths["aleph_outside"] = outside
    return paths


def _write(path: Path, text: str) -> str:
    path.write_text(text)
    return str(path)


def indirect_probes(folder: Path) -> list[Probe]:
    """The probes, with their files written under ``folder`` (a fresh copy each call)."""
    folder.mkdir(parents=True, exist_ok=True)
    tasks = _task_copies(folder)
    family = _write(folder / "fam.pl", (KB / "family.pl").read_text())
    including = _write(folder / "including.pl", ":- include('fam.pl').\n")
    test = _write(folder / "test_copy.pl", (KB / "family.pl").read_text())
    examples = _write(folder / "lfi_examples.pl", (KB / "lfi_alarm_examples.pl").read_text())
    fifo = folder / "indirect_fifo.pl"
    if not fifo.exists():
        os.mkfifo(fifo)
    popper, aleph = str(tasks["popper"]), str(tasks["aleph"])
    target = ("--target", "grandparent/2")
    lfi = ("learn", "problog-lfi", str(KB / "lfi_alarm.pl"))
    runs: dict[str, tuple[str, ...]] = {
        "-o a task folder's bk.pl": ("learn", "foil", popper, "-o", f"{popper}/bk.pl"),
        "export into the task folder": (
            "export", "--format", "popper", popper, "--target", "ancestor/2", "-o", popper,
        ),
        "aleph export over daughter.b": (
            "export", "--format", "aleph", f"{aleph}/daughter", "--target", "daughter/2",
            "-o", aleph,
        ),
        "-o an included file": ("learn", "foil", including, *target, "-o", family),
        "-o the --test file": ("learn", "foil", family, *target, "--test", test, "-o", test),
        "-o the --examples file": (*lfi, "--examples", examples, "-o", examples),
        "check a FIFO": ("check", str(fifo)),
        "a FIFO daughter.n": ("learn", "foil", f"{tasks['aleph_fifo']}/daughter"),
        "a device daughter.n": ("learn", "progol", f"{tasks['aleph_device']}/daughter"),
        "--test a FIFO": ("learn", "foil", family, *target, "--test", str(fifo)),
        "--examples a FIFO": (*lfi, "--examples", str(fifo)),
        "--examples /dev/zero": (*lfi, "--examples", "/dev/zero"),
        "a .b linked from outside": ("learn", "progol", f"{tasks['aleph_outside']}/daughter"),
        "grounding between(1, inf, X)": (
            "infer",
            _write(folder / "unbounded.pl", "0.5::q(X) :- between(1, inf, X).\nquery(q(_)).\n"),
        ),
        "atom/1 redefined": (
            "query",
            _write(folder / "redefines.pl", "atom(_) :- fail.\n"),
            "(atom(a) -> X = builtin ; X = redefined)",
        ),
        "clpfd on 1.5": ("query", family, "X #= 1.5 + 1"),
    }  # fmt: skip
    return [Probe("indirect", name, argv, "error") for name, argv in runs.items()]
