"""The grammar's LALR tables: JSON in the package, never read from a shared directory."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from lark import Lark

from symlearn.kb import grammar_tables
from symlearn.kb.grammar import _TRANSFORMER, _grammar_text
from symlearn.kb.parser import parse_text

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_tables_match_the_grammar():
    """Fails after an edit of grammars/kb.lark: run python -m symlearn.kb.grammar_tables."""
    stored = grammar_tables._stored_tables()
    assert stored is not None
    assert stored["grammar"] == _grammar_text()
    assert stored["lark_version"] == __import__("lark").__version__


def test_the_loaded_parser_reads_what_the_built_one_reads():
    text = 'a(X) :- b(X, "s", 0\'a, [1, 2|T], {x}), X is -1 + 2 * 3 ** 4, \\+ c.\n:- d.\n'
    loaded = grammar_tables.load_parser(_grammar_text(), _TRANSFORMER)
    built = grammar_tables.build_parser(_grammar_text(), _TRANSFORMER)
    for parser in (loaded, built):
        _TRANSFORMER.reset()
        assert isinstance(parser, Lark)
    _TRANSFORMER.reset()
    first = loaded.parse(text, start="start")
    _TRANSFORMER.reset()
    second = built.parse(text, start="start")
    _TRANSFORMER.reset()
    assert [str(t) for t in first] == [str(t) for t in second]
    assert len(parse_text(text)) == 2


def test_the_parse_table_rows_round_trip_to_lark_states():
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    built = grammar_tables.build_parser(_grammar_text(), _TRANSFORMER)
    data, _ = built.memo_serialize([TerminalDef, Rule])
    states = data["parser"]["parser"]["states"]
    rows = [grammar_tables._state_row(state, actions) for state, actions in states.items()]
    assert grammar_tables._parse_states(rows) == states


def test_encode_round_trips_tuples_and_integer_keys():
    value = {"a": (1, [2, (3,)]), 4: {"(": 5}, (6, 7): None}
    assert grammar_tables.decode(grammar_tables.encode(value)) == value


_PLANT = """
import os, pickle, sys
from lark import Lark
sys.path.insert(0, {src!r})
from symlearn.kb.grammar import _grammar_text, _TRANSFORMER
# Build once the way lark's cache=True does, so lark names its cache file here...
Lark(_grammar_text(), parser="lalr", lexer="contextual", start=["start", "clause"],
     maybe_placeholders=False, transformer=_TRANSFORMER, cache=True)
class Payload:
    def __reduce__(self):
        return (open, ({marker!r}, "w"))
# ...then replace every cache file with a payload that runs code when unpickled.
for name in os.listdir({tmp!r}):
    if name.startswith(".lark_cache"):
        with open(os.path.join({tmp!r}, name), "wb") as f:
            pickle.dump(Payload(), f)
            pickle.dump(Payload(), f)
        print(name)
"""


def test_a_file_planted_in_the_temporary_directory_is_never_read(tmp_path):
    marker = tmp_path / "payload-ran"
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONPATH": str(ROOT / "src")}
    planted = subprocess.run(
        [
            sys.executable,
            "-c",
            _PLANT.format(src=str(ROOT / "src"), marker=str(marker), tmp=str(tmp_path)),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert planted.stdout.strip(), "lark named no cache file: the test plants nothing"
    # symlearn reads knowledge bases and opens nothing under $TMPDIR (audit hook).
    probe = textwrap.dedent(
        f"""
        import sys
        opened = []
        sys.addaudithook(lambda event, args: opened.append(str(args[0]))
                         if event == "open" and args and isinstance(args[0], str) else None)
        from symlearn.cli import main
        status = main(["check", {str(ROOT / "kb" / "family.pl")!r}])
        inside = [p for p in opened if p.startswith({str(tmp_path)!r})]
        print(status, inside)
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "0 []"
    assert not marker.exists()
