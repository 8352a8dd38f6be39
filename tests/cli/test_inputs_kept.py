"""Inputs reached indirectly are never replaced; FIFOs and devices are refused unread.

Regressions of issue 28 (items 1, 2 and 9): ``-o`` replaced a file read through
a task folder, an Aleph basename, an include, ``--test`` or ``--examples``;
a FIFO blocked for ever and a device was read until memory ran out; a
``.b`` linked from outside its task was quoted; a BIF file not in UTF-8, a
gzip bomb and a byte-order mark in ``bias.pl`` ended in tracebacks or refusals.
Each command runs in this process through :func:`symlearn.cli.main`.
"""

from __future__ import annotations

import gzip
import os
import shutil
from pathlib import Path

import pytest

from symlearn.cli import main

ROOT = Path(__file__).resolve().parents[2]
TASKS = ROOT / "tests" / "ilp" / "tasks"
KB = ROOT / "kb"


def _run(capsys, *argv: object) -> tuple[int, str]:
    status = main([str(a) for a in argv])
    return status, capsys.readouterr().err


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def popper(tmp_path) -> Path:
    return Path(shutil.copytree(TASKS / "popper_ancestor", tmp_path / "t"))


@pytest.fixture
def aleph(tmp_path) -> Path:
    return Path(shutil.copytree(TASKS / "daughter", tmp_path / "d"))


def test_an_output_onto_a_file_of_a_task_folder_is_refused(capsys, popper):
    before = _snapshot(popper)
    status, err = _run(capsys, "learn", "foil", popper, "-o", popper / "bk.pl")
    assert status == 2 and "bk.pl is also an input file" in err
    status, err = _run(
        capsys, "export", "--format", "popper", popper, "--target", "ancestor/2", "-o", popper
    )
    assert status == 2 and "is also an input file" in err
    assert _snapshot(popper) == before


def test_an_aleph_export_into_its_own_task_folder_is_refused(capsys, aleph):
    before = _snapshot(aleph)
    status, err = _run(
        capsys, "export", "--format", "aleph", aleph / "daughter", "--target", "daughter/2",
        "-o", aleph,
    )  # fmt: skip
    assert status == 2 and "daughter.b is also an input file" in err
    assert _snapshot(aleph) == before


def test_an_included_file_and_the_test_file_are_inputs(capsys, tmp_path):
    family = tmp_path / "fam.pl"
    family.write_bytes((KB / "family.pl").read_bytes())
    main_file = tmp_path / "main.pl"
    main_file.write_text(":- include('fam.pl').\n")
    test_file = tmp_path / "T.pl"
    test_file.write_bytes(family.read_bytes())
    target = ("--target", "grandparent/2")
    status, err = _run(capsys, "learn", "foil", main_file, *target, "-o", family)
    assert status == 2 and "fam.pl is also an input file" in err
    status, err = _run(
        capsys, "learn", "foil", family, *target, "--test", test_file, "-o", test_file
    )
    assert status == 2 and "T.pl is also an input file" in err
    assert family.read_bytes() == test_file.read_bytes() == (KB / "family.pl").read_bytes()


def test_the_lfi_examples_are_an_input(capsys, tmp_path):
    examples = tmp_path / "ex.pl"
    examples.write_bytes((KB / "lfi_alarm_examples.pl").read_bytes())
    model = KB / "lfi_alarm.pl"
    status, err = _run(
        capsys, "learn", "problog-lfi", model, "--examples", examples, "-o", examples
    )
    assert status == 2 and "ex.pl is also an input file" in err
    assert examples.read_bytes() == (KB / "lfi_alarm_examples.pl").read_bytes()


def _special(path: Path, kind: str) -> Path:
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    return path


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_fifos_and_devices_are_refused_wherever_they_are_read(capsys, tmp_path, aleph, kind):
    expected = f"not a regular file (a {'FIFO' if kind == 'fifo' else 'device'})"
    (aleph / "daughter.n").unlink()
    _special(aleph / "daughter.n", kind)
    special = _special(tmp_path / "special.pl", kind)
    runs = [
        ("check", special),
        ("learn", "foil", aleph / "daughter"),
        ("learn", "foil", KB / "family.pl", "--target", "grandparent/2", "--test", special),
        ("learn", "problog-lfi", KB / "lfi_alarm.pl", "--examples", special),
        ("infer", _special(tmp_path / "special.bif", kind)),
    ]
    for argv in runs:
        status, err = _run(capsys, *argv)
        assert status == 2 and expected in err and err.count("\n") <= 3, (argv, err)


def test_an_aleph_file_linked_from_outside_its_task_is_refused_unquoted(capsys, tmp_path, aleph):
    secret = tmp_path / "secret.b"
    secret.write_text("the first line of a private file\n")
    (aleph / "daughter.b").unlink()
    (aleph / "daughter.b").symlink_to(secret)
    status, err = _run(capsys, "learn", "progol", aleph / "daughter")
    assert status == 2 and "is outside the directory of the Aleph task" in err
    assert "private" not in err


def test_a_byte_order_mark_in_bias_pl_is_read(capsys, popper):
    bias = popper / "bias.pl"
    bias.write_bytes(b"\xef\xbb\xbf" + bias.read_bytes())
    status, err = _run(capsys, "learn", "foil", popper)
    assert status == 0, err


def test_a_bif_not_in_utf8_is_located_and_a_gzip_bomb_is_a_resource_error(
    capsys, tmp_path, monkeypatch
):
    latin = tmp_path / "latin.bif"
    latin.write_bytes(b"variable A { type discrete [ 2 ] { T, F }; }\n// caf\xe9\n")
    status, err = _run(capsys, "infer", latin)
    assert status == 2 and err.startswith(f"{latin}:2:7: error: invalid UTF-8 (byte 0xe9)")
    from symlearn.bayes.networks import bif

    monkeypatch.setattr(bif, "MAX_BIF_BYTES", 2**20)  # the bomb's size scaled down
    bomb = tmp_path / "bomb.bif.gz"
    bomb.write_bytes(gzip.compress(bytes(2**21), compresslevel=1))
    status, err = _run(capsys, "infer", bomb)
    assert status == 2 and "unpacks to more than 1 MiB: resource_error(memory)" in err
