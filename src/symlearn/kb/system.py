"""The names of the built-in predicates.

The query engine implements these; a knowledge base may not define them
(SWI-Prolog's "No permission to modify static procedure").  Library
predicates (``member/2``, ``append/3`` ...) are written in Prolog in
``library.pl`` and *may* be redefined by a knowledge base, as in SWI-Prolog.
"""

from __future__ import annotations

__all__ = ["CONTROL", "PROTECTED", "SYSTEM_PREDICATES"]

#: Control constructs, handled by the engine itself.
CONTROL: frozenset[tuple[str, int]] = frozenset(
    {
        ("true", 0),
        ("fail", 0),
        ("false", 0),
        ("!", 0),
        (",", 2),
        (";", 2),
        ("->", 2),
        ("*->", 2),
        ("\\+", 1),
        ("not", 1),
        ("call", 1),
        ("call", 2),
        ("call", 3),
        ("call", 4),
        ("call", 5),
        ("call", 6),
        ("call", 7),
        ("call", 8),
        ("findall", 3),
        ("findall", 4),
        ("forall", 2),
        ("catch", 3),
        ("throw", 1),
        ("aggregate_all", 3),
        ("bagof", 3),
        ("setof", 3),
        ("once", 1),
        ("ignore", 1),
    }
)

#: Every built-in predicate (control constructs included).
SYSTEM_PREDICATES: frozenset[tuple[str, int]] = CONTROL | frozenset(
    {
        ("=", 2),
        ("\\=", 2),
        ("==", 2),
        ("\\==", 2),
        ("@<", 2),
        ("@>", 2),
        ("@=<", 2),
        ("@>=", 2),
        ("compare", 3),
        ("unify_with_occurs_check", 2),
        ("is", 2),
        ("=:=", 2),
        ("=\\=", 2),
        ("<", 2),
        (">", 2),
        ("=<", 2),
        (">=", 2),
        ("succ", 2),
        ("plus", 3),
        ("var", 1),
        ("nonvar", 1),
        ("atom", 1),
        ("number", 1),
        ("integer", 1),
        ("float", 1),
        ("atomic", 1),
        ("compound", 1),
        ("callable", 1),
        ("is_list", 1),
        ("ground", 1),
        ("string", 1),
        ("functor", 3),
        ("arg", 3),
        ("=..", 2),
        ("copy_term", 2),
        ("atom_length", 2),
        ("atom_concat", 3),
        ("atom_chars", 2),
        ("atom_codes", 2),
        ("char_code", 2),
        ("atom_number", 2),
        ("number_codes", 2),
        ("number_chars", 2),
        ("atom_string", 2),
        ("atomic_list_concat", 2),
        ("atomic_list_concat", 3),
        ("term_to_atom", 2),
        ("length", 2),
        ("between", 3),
        ("msort", 2),
        ("sort", 2),
        ("sort", 4),
        ("keysort", 2),
        ("predsort", 3),
        ("memberchk", 2),
        ("clause", 2),
        ("clause", 3),  # ProbLog's: clause(Head, Body, Probability)
        ("assert", 1),
        ("asserta", 1),
        ("assertz", 1),
        ("retract", 1),
        ("write", 1),
        ("print", 1),
        ("writeln", 1),
        ("write_canonical", 1),
        ("writeq", 1),
        ("nl", 0),
        ("format", 1),
        ("format", 2),
        ("tab", 1),
        ("tnot", 1),
    }
)

#: Built-ins a knowledge base may not redefine (SWI-Prolog's "No permission to
#: modify static procedure"): the control constructs, and unification,
#: comparison and arithmetic, which the engine and the learners evaluate
#: inline.  Any other built-in (``succ/2``, ``between/3``, ``length/2`` ...)
#: may be redefined: the loader warns and the file's definition is used, as
#: SWI-Prolog's user module overrides a system or library predicate.
PROTECTED: frozenset[tuple[str, int]] = CONTROL | frozenset(
    {
        ("=", 2),
        ("\\=", 2),
        ("==", 2),
        ("\\==", 2),
        ("is", 2),
        ("=:=", 2),
        ("=\\=", 2),
        ("<", 2),
        (">", 2),
        ("=<", 2),
        (">=", 2),
    }
)
