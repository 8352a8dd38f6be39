"""lark is imported without ``regex`` and ``hashlib``, which load on first use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_CHECK = r"""
import sys
import symlearn.kb
from symlearn.kb import parse_term
print(parse_term("f(X, [1|T]) :- X is 2 * 3"))
print("regex" in sys.modules, "hashlib" in sys.modules, "_hashlib" in sys.modules)
import hashlib
print(type(hashlib).__name__, hashlib.sha256(b"abc").hexdigest()[:8])
from lark import Lark
from lark.load_grammar import sha256_digest
print(sha256_digest("abc")[:8])
try:
    import regex  # noqa: F401
except ImportError:
    print("no regex")
else:
    parser = Lark(r"start: /\p{Lu}+/", regex=True, parser="lalr")
    print(parser.parse("AB").children[0], type(sys.modules["regex"]).__name__)
"""


def test_lark_loads_regex_and_hashlib_only_when_they_are_used():
    run = subprocess.run(
        [sys.executable, "-c", _CHECK],
        capture_output=True,
        text=True,
        check=True,
        env={
            "PYTHONPATH": str(ROOT / "src"),
            "PATH": "/usr/bin:/bin",
            "PYTHONDONTWRITEBYTECODE": "1",
        },
    )
    lines = run.stdout.splitlines()
    assert lines[0] == "f(X, [1|T]):-X is 2*3"
    assert lines[1] == "False False False"
    assert lines[2] == "module ba7816bf"
    assert lines[3] == "ba7816bf"
    assert lines[4] in ("no regex", "AB module")
