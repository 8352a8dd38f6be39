"""The command line under hostile conditions: interrupts, odd output paths, huge numbers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from symlearn.cli import main

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"


def test_ctrl_c_exits_130(tmp_path):
    program = tmp_path / "p.pl"
    program.write_text("p.\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "symlearn", "query", str(program), "repeat, fail"],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(1.5)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Traceback" not in err


def test_an_output_name_too_long_is_a_one_line_error(capsys, tmp_path):
    out = tmp_path / ("a" * 300 + ".pl")
    status = main(["learn", "find-s", str(KB / "enjoysport.pl"), "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "File name too long" in err


def test_an_output_that_is_a_device_or_fifo_is_never_replaced(capsys, tmp_path):
    fifo = tmp_path / "out.pl"
    os.mkfifo(fifo)
    status = main(["learn", "find-s", str(KB / "enjoysport.pl"), "-o", str(fifo)])
    assert status == 2
    assert "not a regular file" in capsys.readouterr().err
    assert fifo.is_fifo()


def test_big_integers_print_in_full(capsys, tmp_path):
    assert (
        main(
            [
                "bound",
                "pac",
                "--class",
                "conjunctions",
                "--n",
                "10000",
                "--epsilon",
                "0.1",
                "--delta",
                "0.05",
                "--json",
            ]
        )
        == 0
    )
    assert '"m"' in capsys.readouterr().out
    program = tmp_path / "big.pl"
    program.write_text(f"p({'7' * 5000}).\n")
    assert main(["query", str(program), "p(X), Y is X * 2 ** 20000", "--full"]) == 0
    out = capsys.readouterr().out
    assert "7" * 5000 in out and str(2**20000 * int("7" * 5000))[:50] in out


def test_a_lone_surrogate_prints_as_an_escape(capsys, tmp_path):
    program = tmp_path / "p.pl"
    program.write_text("p.\n")
    assert main(["query", str(program), "atom_codes(X, [0xD800])"]) == 0
    assert "X = '\\xD800\\'" in capsys.readouterr().out


def test_ctrl_c_while_the_command_line_is_imported_exits_130_quietly():
    """Issue 28 item 9: KeyboardInterrupt raised by the import itself (made to happen here)."""
    interrupt_the_import = (
        "import runpy, sys\n"
        "class Interrupt:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'symlearn.cli':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupt())\n"
        "sys.argv = ['symlearn', '--help']\n"
        "runpy.run_module('symlearn', run_name='__main__')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", interrupt_the_import],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 130
    assert done.stderr == "Interrupted.\n"
