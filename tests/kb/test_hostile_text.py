"""Text SWI-Prolog reads (or refuses) the same way: Unicode, big numbers, huge atoms."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from symlearn.errors import KBSyntaxError
from symlearn.kb import loads, parse_term
from symlearn.logic.printer import format_term

ROOT = Path(__file__).resolve().parents[2]


def test_unicode_atoms_read_as_swi_reads_them():
    kb = loads("p(café). q('café'). naïve(x). r(Xé) :- p(Xé).")
    assert [str(c.head) for c in kb.predicate("p", 1).clauses] == ["p(café)"]
    assert kb.predicate("q", 1).clauses[0].head.args == kb.predicate("p", 1).clauses[0].head.args
    assert kb.predicate("naïve", 1).clauses
    assert format_term(parse_term("f(café, 'Été')")) == "f(café, 'Été')"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p(1.0e400).", "float_overflow"),
        ("p(-2.5e999).", "float_overflow"),
        ("p('\\xD800\\').", "illegal character code 0xd800"),
        ('p("\\x110000\\").', "illegal character code 0x110000"),
    ],
)
def test_numbers_and_codes_swi_refuses_are_syntax_errors(text, message):
    with pytest.raises(KBSyntaxError, match=message) as caught:
        loads(text, "t.pl")
    assert caught.value.line == 1


def test_a_5000_digit_integer_reads_in_full():
    digits = "9" * 5000
    for text in (f"p({digits}).", f"p(X) :- X = {digits}."):
        kb = loads(text)
        clause = kb.predicate("p", 1).clauses[0]
        assert digits in format_term(clause.head if not clause.body else clause.body[0])


def test_the_shown_source_line_is_cut_around_the_column():
    with pytest.raises(KBSyntaxError) as caught:
        loads("p('" + "a" * 100_000 + ").", "t.pl")
    shown = str(caught.value).splitlines()
    assert len(shown) == 3 and all(len(line) < 200 for line in shown)


def test_a_5_mb_quoted_atom_parses_in_little_memory(tmp_path):
    path = tmp_path / "big.pl"
    path.write_text("p('" + "a" * 5_000_000 + "').\np(\"" + "b" * 1_000_000 + '").\n')
    probe = (
        "from symlearn.kb import load\n"
        f"kb = load({str(path)!r})\n"
        "assert len(kb.predicate('p', 1).clauses) == 2\n"
        # VmHWM: this process's peak (ru_maxrss would include the forking parent's)
        "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
        "print(int(peak.split()[1]) // 1024)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe],
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert int(run.stdout) < 300  # megabytes; it took 2.1 GB with backtracking regexes
