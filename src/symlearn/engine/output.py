"""Built-ins that write and read terms: ``write/1`` ... ``format/3``, ``read_term/2``.

Terms are written as SWI-Prolog writes them (:func:`symlearn.logic.printer.write_term`)
with the engine's operator table (``op/3``): ``write/1`` unquoted,
``writeq/1`` and ``print/1`` quoted, ``write_canonical/1`` quoted in
functional notation, all without a space after an argument's comma
(``f(a,b)``), an unbound variable as ``_`` followed by a number.  Output goes
to the engine's ``output`` stream (nowhere when it has none); a stream
argument (``write(user_error, X)``) names ``user_output`` or ``user_error``.
``with_output_to/2`` and ``format/3`` with an ``atom(A)``, ``string(S)``,
``codes(C)`` or ``chars(C)`` sink collect the output instead.

``read_term/2,3`` and ``read/1,2`` read the next clause from the engine's
``input`` stream (``end_of_file`` when there is none or it is exhausted).
"""

from __future__ import annotations

import io
import re
import sys
from typing import TYPE_CHECKING, TextIO

from symlearn.engine.arithmetic import (
    PrologThrow,
    evaluate,
    instantiation_error,
    resource_error,
    type_error,
)
from symlearn.engine.builtins import (
    DETERMINISTIC,
    MAX_TEXT_LENGTH,
    Deterministic,
    det,
    domain_error,
    proper_list,
    unify_terms,
)
from symlearn.engine.runtime import Ref, RTerm, deref, fresh_ref, resolve
from symlearn.logic.printer import format_atom, portray_clause, variable_names, write_term
from symlearn.logic.terms import EMPTY_LIST, PString, Struct, Term, Var, make_list

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["term_text", "write_text"]


def _named(term: RTerm, labels: dict[Ref, str] | None = None) -> Term:
    """``term`` made immutable, an unbound variable named ``_<number>`` as SWI-Prolog writes it.

    ``labels`` names some variables otherwise (``write_term/2``'s ``variable_names``).
    """
    names: dict[Ref, Var] = {}
    stack = [term]
    seen: set[int] = set()
    while stack:
        t = deref(stack.pop())
        if type(t) is Ref:
            if t not in names:
                label = labels.get(t) if labels else None
                names[t] = Var(f"_{t.serial}" if label is None else label)
        elif type(t) is Struct and id(t) not in seen:
            seen.add(id(t))
            stack.extend(t.args)
    return resolve(term, names)


def term_text(
    engine: Engine,
    term: RTerm,
    *,
    quoted: bool = False,
    ignore_ops: bool = False,
    numbervars: bool = True,
    spacing: bool = False,
    max_priority: int = 1200,
) -> str:
    """The text ``write_term/2`` writes for the run-time term ``term``."""
    value = _named(term)
    names = variable_names(value) if ignore_ops and quoted and not numbervars else None
    return write_term(
        value,
        quoted=quoted,
        ignore_ops=ignore_ops,
        numbervars=numbervars,
        spacing=spacing,
        ops=engine.kb.operators,
        names=names or {},
        max_priority=max_priority,
    )


def write_text(engine: Engine, text: str, stream: RTerm = None) -> None:
    """Write ``text`` to the engine's output, or to the stream ``stream`` names."""
    target = engine.output
    if stream is not None:
        stream = deref(stream)
        if type(stream) is Ref:
            raise instantiation_error()
        if stream == "user_error":
            target = sys.stderr if engine.output is not None else None
        elif stream == "user_output" and engine.output_stack:  # not with_output_to's buffer
            target = engine.output_stack[0]
        elif stream not in ("user_output", "current_output"):
            raise PrologThrow(
                Struct(
                    "error", (Struct("existence_error", ("stream", resolve(stream))), fresh_ref())
                )
            )
    if target is not None:
        if len(text) > MAX_TEXT_LENGTH:
            raise resource_error("memory")
        target.write(text)


def _writer(quoted: bool, canonical: bool = False, newline: str = "") -> Deterministic:
    def write(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        term = args[-1]
        text = term_text(
            engine, term, quoted=quoted, ignore_ops=canonical, numbervars=not canonical
        )
        write_text(engine, text + newline, args[0] if len(args) == 2 else None)
        return True

    return write


for _arity in (1, 2):
    DETERMINISTIC[("write", _arity)] = _writer(quoted=False)
    DETERMINISTIC[("print", _arity)] = _writer(quoted=True)
    DETERMINISTIC[("writeq", _arity)] = _writer(quoted=True)
    DETERMINISTIC[("write_canonical", _arity)] = _writer(quoted=True, canonical=True)
    DETERMINISTIC[("writeln", _arity)] = _writer(quoted=False, newline="\n")


@det("nl", 0)
def _nl(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    write_text(engine, "\n")
    return True


@det("nl", 1)
def _nl_stream(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    write_text(engine, "\n", args[0])
    return True


@det("current_output", 1)
def _current_output(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify_terms(engine, args[0], "user_output")


@det("current_input", 1)
def _current_input(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify_terms(engine, args[0], "user_input")


@det("put_char", 1)
@det("put_char", 2)
def _put_char(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    char = deref(args[-1])
    if type(char) is Ref:
        raise instantiation_error()
    if not (type(char) is str and len(char) == 1):
        raise type_error("character", resolve(char))
    write_text(engine, char, args[0] if len(args) == 2 else None)
    return True


@det("tab", 1)
@det("tab", 2)
def _tab(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    count = evaluate(args[-1], deref)
    if type(count) is not int:
        raise type_error("integer", count)
    if count > MAX_TEXT_LENGTH:
        raise resource_error("memory")
    write_text(engine, " " * count, args[0] if len(args) == 2 else None)
    return True


@det("portray_clause", 1)
def _portray_clause(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    write_text(engine, portray_clause(resolve(args[0])) + "\n")
    return True


@det("listing", 1)
def _listing(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """SWI-Prolog's ``listing(Name)``, ``listing(Name/Arity)`` or ``listing(Name//Arity)``."""
    spec = deref(args[0])
    name, arity = spec, None
    if type(spec) is Struct and spec.name in ("/", "//") and len(spec.args) == 2:
        name, arity = deref(spec.args[0]), deref(spec.args[1])
        if spec.name == "//" and type(arity) is int:
            arity += 2  # a grammar rule's two list arguments
    if type(name) is not str:
        raise type_error("predicate_indicator", resolve(spec))
    for (found, n), predicate in engine.kb.predicates.items():
        if found != name or (type(arity) is int and n != arity):
            continue
        indicator = f"{format_atom(found)}/{n}"
        lines = []
        if (found, n) in engine.kb.tabled:
            lines.append(f":- table {indicator} as variant.\n\n")
        elif predicate.dynamic:
            lines.append(f":- dynamic {indicator}.\n\n")
        for clause, position in zip(predicate.clauses, predicate.positions, strict=True):
            term = clause.to_term()
            names = _source_names(term) if position is not None else None
            lines.append(portray_clause(term, names) + "\n")
        write_text(engine, "".join(lines) + "\n")
    return True


_SOURCE_NAME = re.compile(r"(?:[A-Z]|_[A-Za-z])[A-Za-z0-9_]*|_")


def _source_names(clause: Term) -> dict[Var, str] | None:
    """The names a clause's variables have in its source file, as SWI-Prolog 9 lists them.

    None when a variable has no such name (a clause made at run time), which
    ``portray_clause`` then names A, B, ...
    """
    names: dict[Var, str] = {}
    stack = [clause]
    while stack:
        term = stack.pop()
        if type(term) is Var:
            if _SOURCE_NAME.fullmatch(term.name) is None:
                return None
            names[term] = term.name
        elif type(term) is Struct:
            stack.extend(term.args)
    return names


# ---------------------------------------------------------------- write_term
_BOOLEAN_OPTIONS = ("quoted", "ignore_ops", "numbervars", "portray", "fullstop", "nl")


def _write_options(options: RTerm) -> dict[str, object]:
    items = proper_list(options)
    if items is None:
        tail = deref(options)
        while type(tail) is Struct and tail.name == "[|]":
            tail = deref(tail.args[1])
        if type(tail) is Ref:
            raise instantiation_error()
        raise type_error("list", resolve(options))
    found: dict[str, object] = {}
    for item in items:
        option = deref(item)
        if type(option) is Ref:
            raise instantiation_error()
        if type(option) is Struct and len(option.args) == 1:
            value = deref(option.args[0])
            if type(value) is Ref:
                raise instantiation_error()
            if option.name in _BOOLEAN_OPTIONS and value in ("true", "false"):
                found[option.name] = value == "true"
                continue
            if option.name == "spacing" and value in ("next_argument", "standard"):
                found["spacing"] = value == "next_argument"
                continue
            if option.name in ("max_depth", "priority") and type(value) is int:
                found[option.name] = value
                continue
            if option.name in ("variable_names", "attributes", "cycles", "portray_goal"):
                found[option.name] = option.args[0]
                continue
        raise domain_error("write_option", resolve(option))
    return found


def _write_term(engine: Engine, term: RTerm, options: RTerm, stream: RTerm = None) -> bool:
    found = _write_options(options)
    labels: dict[Ref, str] = {}
    for binding in proper_list(found.get("variable_names", EMPTY_LIST)) or []:
        binding = deref(binding)
        if type(binding) is Struct and binding.name == "=" and len(binding.args) == 2:
            var, name = deref(binding.args[1]), deref(binding.args[0])
            if type(var) is Ref and type(name) is str:
                labels[var] = name
    value = _named(term, labels)
    if found.get("max_depth"):
        from symlearn.engine.toplevel import depth_limited

        value = depth_limited(value, int(found["max_depth"]))
    text = write_term(
        value,
        quoted=bool(found.get("quoted", False)),
        ignore_ops=bool(found.get("ignore_ops", False)),
        numbervars=bool(found.get("numbervars", False)),
        spacing=bool(found.get("spacing", False)),
        ops=engine.kb.operators,
        names={},
        max_priority=int(found.get("priority", 1200)),
    )
    if found.get("fullstop"):
        text += "."
    if found.get("nl"):
        text += "\n"
    write_text(engine, text, stream)
    return True


DETERMINISTIC[("write_term", 2)] = lambda engine, args: _write_term(engine, args[0], args[1])
DETERMINISTIC[("write_term", 3)] = lambda engine, args: _write_term(
    engine, args[1], args[2], args[0]
)


# ---------------------------------------------------------------- format
def _format_to(engine: Engine, control: RTerm, arguments: RTerm) -> str:
    from symlearn.engine.formatting import format_text
    from symlearn.engine.text import text_of

    text = text_of(control)
    values = proper_list(arguments)
    if values is None:
        values = [arguments]
    return format_text(text, values, engine)


@det("format", 1)
def _format1(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    write_text(engine, _format_to(engine, args[0], EMPTY_LIST))
    return True


@det("format", 2)
def _format(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    write_text(engine, _format_to(engine, args[0], args[1]))
    return True


@det("format", 3)
def _format3(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    sink = deref(args[0])
    text = _format_to(engine, args[1], args[2])
    if type(sink) is Struct and len(sink.args) in (1, 2):
        return _fill_sink(engine, sink, text)
    write_text(engine, text, sink)
    return True


def _fill_sink(engine: Engine, sink: Struct, text: str) -> bool:
    """Unify a sink (``atom(A)`` ..., or ``codes(C, Tail)``, ``chars(C, Tail)``) with ``text``."""
    if len(sink.args) == 2 and sink.name in ("codes", "chars"):
        items: list[RTerm] = [ord(c) for c in text] if sink.name == "codes" else list(text)
        return unify_terms(engine, sink.args[0], make_list(items, sink.args[1]))
    if len(sink.args) != 1:
        raise domain_error("output_sink", resolve(sink))
    return unify_terms(engine, sink.args[0], sink_value(sink.name, text))


def sink_value(kind: str, text: str) -> RTerm:
    """What an ``atom(A)``, ``string(S)``, ``codes(C)`` or ``chars(C)`` sink receives."""
    if kind == "atom":
        return text
    if kind == "string":
        return PString(text)
    if kind == "codes":
        return make_list([ord(c) for c in text])
    if kind == "chars":
        return make_list(list(text))
    raise domain_error("output_sink", Struct(kind, (fresh_ref(),)))


# ---------------------------------------------------------------- with_output_to
@det("$push_output", 1)
def _push_output(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """Internal: send output to a new buffer; the old stream is kept on a stack."""
    engine.output_stack.append(engine.output)
    engine.output = io.StringIO()
    return unify_terms(engine, args[0], len(engine.output_stack))


@det("$pop_output", 2)
def _pop_output(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """Internal: back to the output before ``$push_output`` number N; what was written."""
    depth = deref(args[0])
    text = ""
    while len(engine.output_stack) >= depth and engine.output_stack:
        buffer = engine.output
        engine.output = engine.output_stack.pop()
        if isinstance(buffer, io.StringIO):
            text = buffer.getvalue()
    return unify_terms(engine, args[1], text)


@det("$output_sink", 2)
def _output_sink(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    sink = deref(args[0])
    if type(sink) is Ref:
        raise instantiation_error()
    if type(sink) is not Struct:
        raise domain_error("output_sink", resolve(sink))
    text = deref(args[1])
    assert type(text) is str
    return _fill_sink(engine, sink, text)


# ---------------------------------------------------------------- reading
def _next_clause_text(stream: TextIO) -> str | None:
    """The text of the next clause on ``stream`` (None at its end: only layout is left)."""
    from symlearn.kb.parser import _LAYOUT, _clause_end

    buffered: str = getattr(stream, "_symlearn_unread", "")
    while True:
        skipped = _LAYOUT.match(buffered)
        text = buffered[skipped.end() :] if skipped else buffered
        if text and not text.startswith("/*"):  # a block comment may go on on the next line
            end = _clause_end(text, 0)
            if end < len(text) or text.rstrip().endswith("."):
                stream._symlearn_unread = text[end:]
                return text[:end]
        chunk = stream.readline()
        if not chunk:
            stream._symlearn_unread = ""
            return text if text.strip() else None
        buffered += chunk


def _read_term(engine: Engine, term: RTerm, options: RTerm) -> bool:
    from symlearn.engine.text import read_text

    items = proper_list(options)
    if items is None:
        raise (
            instantiation_error()
            if type(deref(options)) is Ref
            else type_error("list", resolve(options))
        )
    stream = engine.input
    text = _next_clause_text(stream) if stream is not None else None
    if text is None:
        return unify_terms(engine, term, "end_of_file")
    value, names = read_text(engine, text)
    for item in items:
        option = deref(item)
        if type(option) is Struct and len(option.args) == 1:
            if option.name == "variable_names":
                bindings = [Struct("=", (n, r)) for n, r in names.items()]
                if not unify_terms(engine, option.args[0], make_list(bindings)):
                    return False
            elif option.name == "variables" and not unify_terms(
                engine, option.args[0], make_list(list(names.values()))
            ):
                return False
    return unify_terms(engine, term, value)


DETERMINISTIC[("read_term", 2)] = lambda engine, args: _read_term(engine, args[0], args[1])
DETERMINISTIC[("read_term", 3)] = lambda engine, args: _read_term(engine, args[1], args[2])
DETERMINISTIC[("read", 1)] = lambda engine, args: _read_term(engine, args[0], EMPTY_LIST)
DETERMINISTIC[("read", 2)] = lambda engine, args: _read_term(engine, args[1], EMPTY_LIST)
