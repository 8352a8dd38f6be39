"""What a knowledge-base file may read: its own tree, regular files, UTF-8 text."""

from __future__ import annotations

import os

import pytest

from symlearn import allow_include
from symlearn.cli import main
from symlearn.errors import KBError, KBSyntaxError
from symlearn.kb import load, loads

SECRET = "root:x:0:0:secret-content:/root:/bin/bash\n"


@pytest.fixture
def layout(tmp_path):
    """tmp/kb/main.pl includes things; tmp/outside/ holds files it must not read."""
    kb, outside = tmp_path / "kb", tmp_path / "outside"
    kb.mkdir()
    outside.mkdir()
    (outside / "passwd").write_text(SECRET)
    (outside / "facts.pl").write_text("p(outside).\n")
    (kb / "sub").mkdir()
    (kb / "sub" / "bk.pl").write_text("p(inside).\n")
    return kb, outside


def _main(kb, text):
    path = kb / "main.pl"
    path.write_text(text)
    return path


@pytest.mark.parametrize("written", ["'{outside}/passwd'", "'../outside/passwd'"])
def test_an_include_outside_the_tree_is_refused_and_not_quoted(layout, written):
    kb, outside = layout
    path = _main(kb, f":- include({written.format(outside=outside)}).\n")
    with pytest.raises(KBError) as caught:
        load(path)
    assert "outside the directory" in str(caught.value)
    assert "--allow-include" in str(caught.value)
    assert "secret-content" not in str(caught.value)


def test_includes_inside_the_tree_load(layout):
    kb, _ = layout
    loaded = load(_main(kb, ":- include('sub/bk.pl').\n"))
    assert [str(c.head) for c in loaded.predicate("p", 1).clauses] == ["p(inside)"]


def test_allowed_directories_by_parameter_context_and_command_line(layout, capsys):
    kb, outside = layout
    path = _main(kb, ":- include('../outside/facts.pl').\n")
    assert len(load(path, allow_include=[outside]).predicate("p", 1).clauses) == 1
    with allow_include([outside]):
        assert len(load(path).predicate("p", 1).clauses) == 1
    with pytest.raises(KBError):
        load(path)  # the context has ended
    assert main(["check", str(path)]) == 2
    assert main(["check", "--allow-include", str(outside), str(path)]) == 0
    assert main(["query", "--allow-include", str(outside), str(path), "p(X)"]) == 0
    assert "X = outside" in capsys.readouterr().out


def test_a_symbolic_link_out_of_the_tree_is_refused(layout):
    kb, outside = layout
    os.symlink(outside / "facts.pl", kb / "link.pl")
    with pytest.raises(KBError, match="outside the directory"):
        load(_main(kb, ":- include('link.pl').\n"))


def test_a_fifo_is_refused_without_blocking(layout):
    kb, _ = layout
    os.mkfifo(kb / "pipe.pl")
    with pytest.raises(KBError, match="not a regular file \\(a FIFO\\)"):
        load(_main(kb, ":- include('pipe.pl').\n"))


def test_devices_are_refused_even_when_allowed(layout):
    kb, _ = layout
    with pytest.raises(KBError, match="a device"):
        load(_main(kb, ":- include('/dev/zero').\n"), allow_include=["/dev"])
    with pytest.raises(KBError, match="not a regular file \\(a device\\)"):
        load("/dev/zero")


def test_an_included_file_that_is_not_prolog_is_not_quoted(layout):
    kb, _ = layout
    (kb / "notes.txt").write_text(SECRET)
    with pytest.raises(KBSyntaxError) as caught:
        load(_main(kb, ":- include('notes.txt').\n"))
    message = str(caught.value)
    assert "does not read as Prolog" in message
    assert "secret-content" not in message and "bash" not in message
    assert caught.value.source_line is None


def test_a_mistake_later_in_an_included_prolog_file_is_shown(layout):
    kb, _ = layout
    (kb / "bk.pl").write_text("p(a).\np(b\n")
    with pytest.raises(KBSyntaxError) as caught:
        load(_main(kb, ":- include('bk.pl').\n"))
    assert caught.value.line == 2
    assert "p(b" in str(caught.value)


def test_a_byte_order_mark_is_skipped_and_bad_utf8_is_located(tmp_path):
    bom = tmp_path / "bom.pl"
    bom.write_bytes(b"\xef\xbb\xbfp(caf\xc3\xa9).\n")
    assert [str(c.head) for c in load(bom).predicate("p", 1).clauses] == ["p(café)"]
    assert len(loads("\ufeffp(a).").predicate("p", 1).clauses) == 1
    bad = tmp_path / "bad.pl"
    bad.write_bytes(b"p(a).\nq(ab\xff).\n")
    with pytest.raises(KBSyntaxError) as caught:
        load(bad)
    assert (caught.value.line, caught.value.column) == (2, 5)
    assert str(caught.value).startswith(f"{bad}:2:5: error: invalid UTF-8")
