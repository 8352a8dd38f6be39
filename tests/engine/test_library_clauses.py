"""The engine's library is built from its stored clauses, never by reading ``library.pl`` again."""

from __future__ import annotations

import json

import pytest

from symlearn.engine import library as library_module
from symlearn.engine.library import COMPILED_FILE, SOURCE_FILE, compiled_text, library
from symlearn.kb import loader


def _source() -> str:
    text = library_module._package_file(SOURCE_FILE)
    assert text is not None
    return text


def test_the_stored_clauses_are_current():
    """Fails after an edit of library.pl: run python -m symlearn.engine.library."""
    stored = library_module._package_file(COMPILED_FILE)
    assert stored == compiled_text(_source())


def test_the_stored_clauses_are_the_readers():
    stored = library_module._stored(_source())
    read = library_module._read(_source())
    assert stored is not None
    assert list(stored.predicates) == list(read.predicates)
    for key, predicate in read.predicates.items():
        built = stored.predicates[key]
        assert built.clauses == predicate.clauses, key  # the same up to variable renaming
        assert [str(c) for c in built.clauses] == [str(c) for c in predicate.clauses]
        assert list(built.positions) == list(predicate.positions)
        assert built.dynamic == predicate.dynamic


def test_a_process_builds_the_library_without_the_reader(monkeypatch):
    def no_reading(*args, **kwargs):
        raise AssertionError("library.pl was read")

    monkeypatch.setattr(loader, "loads", no_reading)
    library.cache_clear()
    try:
        assert ("append", 3) in library().predicates
    finally:
        library.cache_clear()


@pytest.mark.parametrize("damage", ["stale", "format", "broken", "missing"])
def test_a_stale_or_damaged_file_is_not_used(monkeypatch, damage):
    source = _source() + "member(extra, _).\n"  # library.pl edited after the file was written
    stored = compiled_text(_source())
    if damage == "format":
        source, stored = _source(), stored.replace('"format": 1', '"format": 0')
    elif damage == "broken":
        source, stored = _source(), stored[: len(stored) // 2]
    files = {SOURCE_FILE: source, COMPILED_FILE: None if damage == "missing" else stored}
    monkeypatch.setattr(library_module, "_package_file", files.get)
    assert library_module._stored(source) is None
    library.cache_clear()
    try:
        members = library().predicates["member", 2].clauses
        assert len(members) == (2 if damage in ("format", "broken") else 3)  # what the source says
    finally:
        library.cache_clear()


def test_every_kind_of_term_round_trips():
    text = 'p(X, _, "s", 1.5, -2, 0\'a, [a|T], f(X, T)) :- q(X), \\+ r(_).\n'
    document = json.loads(compiled_text(text))
    rebuilt = library_module._knowledge_base(document["predicates"])
    read = library_module._read(text)
    assert rebuilt.predicates["p", 8].clauses == read.predicates["p", 8].clauses
    assert str(rebuilt.predicates["p", 8].clauses[0]) == str(read.predicates["p", 8].clauses[0])


def test_a_library_predicates_clauses_are_built_when_first_used():
    from symlearn.kb.knowledge_base import modifications

    stored = library_module._stored(_source())
    assert stored is not None
    predicate = stored.predicates[("subset", 2)]
    assert predicate._stored is not None  # not built yet
    before = modifications()
    assert len(predicate.clauses) == 2 and len(predicate.positions) == 2
    assert predicate._stored is None
    assert modifications() == before  # building is not a change the engines must see
