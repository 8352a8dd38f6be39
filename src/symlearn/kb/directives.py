"""What each directive ``:- Name(Args).`` does to the knowledge base being loaded.

:data:`DIRECTIVES` maps ``(name, arity)`` to a handler, registered with
:func:`register_directive`; declarations that only one learner reads (a cost
table, say) are recorded in ``KnowledgeBase.declarations`` for it to read.  A
directive that no handler knows is an error that names the known ones.

The directives of DESIGN.md section 2:

=====================================  ===============================================
``:- table p/2, q/1.``                 tabled predicates (SWI-style)
``:- include('file.pl').``             read another file here (path relative to this one)
``:- modeh(Recall, Template).``        head mode (Aleph/Progol); Recall an integer or ``*``
``:- modeb(Recall, Template).``        body mode
``:- mode(Recall, Template).``         both (Aleph)
``:- determination(p/2, q/2).``        q/2 may appear in bodies of clauses for p/2
``:- set(Name, Value).``               a learner setting (``clauselength``, ``closed_world`` ...)
``:- set(Name).``                      Progol's flag form: ``set(Name, true)``
``:- attributes(Target, [A, ...]).``   attribute names of an attribute-value target
``:- domain(Attribute, [V, ...]).``    the values of an attribute (or ``number``: continuous)
``:- cost(Attribute, Cost).``          an attribute's cost (cost-sensitive tree learning)
``:- dynamic p/1.``                    p/1 exists even without clauses (calls fail)
``:- discontiguous p/1.``              accepted (clauses may be apart anyway)
``:- multifile p/1.``                  later files add to p/1 (else, as in SWI's
                                       consult, a later file's clauses replace it)
``:- use_module(...)``, ``ensure_loaded``, ``style_check``, ``set_prolog_flag``
                                       accepted and recorded; nothing to load
``:- begin_in_pos.`` / ``end_in_pos``  the facts between are positive examples
``:- begin_in_neg.`` / ``end_in_neg``  ... negative examples (SWI's Aleph pack)
``:- aleph_set(Name, Value).``         the same as ``set/2``; ``:- aleph.``,
                                       ``begin_bg``/``end_bg`` accepted
``:- if(G).`` ... ``:- endif.``        conditional compilation (the loader,
                                       :mod:`symlearn.kb.conditional`)
``:- external(p/2, parquet(Path)).``   p/2's facts are the rows of a Parquet file
                                       (or folder); also ``csv(Path)``,
                                       ``duckdb(Path, Table)``; a path relative to
                                       the declaring file's directory
=====================================  ===============================================
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from symlearn.kb.knowledge_base import ExternalRelation, KnowledgeBase, Mode
from symlearn.kb.sources import allowed_include_dirs
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var, is_callable, is_ground, list_items

__all__ = ["DIRECTIVES", "DirectiveContext", "register_directive"]


class DirectiveContext(Protocol):
    """What a directive handler may use while a knowledge base is loading."""

    kb: KnowledgeBase
    #: ``"pos"``/``"neg"`` while inside Aleph's ``begin_in_pos``/``begin_in_neg`` block.
    example_kind: str | None
    #: The directory of the file being read (relative paths start there).
    base: Path

    def error(self, message: str) -> Exception:
        """A located error for the directive being run (raise it)."""

    def add_fact(self, atom: Term) -> None:
        """Add a fact at the directive being run (data a directive reads)."""

    def include(self, path: str) -> None:
        """Read another file into the knowledge base at this point."""

    @property
    def position(self) -> SourcePosition:
        """Where the directive is."""


Handler = Callable[[DirectiveContext, tuple[Term, ...]], None]

#: (name, arity) -> handler.
DIRECTIVES: dict[tuple[str, int], Handler] = {}


def register_directive(name: str, arity: int) -> Callable[[Handler], Handler]:
    """Register the decorated handler to run for ``:- name(arg1, ..., argN).``."""

    def decorate(handler: Handler) -> Handler:
        DIRECTIVES[(name, arity)] = handler
        return handler

    return decorate


def _indicators(context: DirectiveContext, term: Term) -> list[tuple[str, int]]:
    """Read ``p/2``, ``(p/2, q/1)`` or ``[p/2, q/1]`` as predicate indicators."""
    items: list[Term]
    if type(term) is Struct and term.name == "," and len(term.args) == 2:
        items = [term.args[0], *_flatten_commas(term.args[1])]
    else:
        items, tail = list_items(term)
        if tail != "[]" or not items:
            items = [term]
    result = []
    for item in items:
        if (
            type(item) is Struct
            and item.name == "/"
            and len(item.args) == 2
            and type(item.args[0]) is str
            and type(item.args[1]) is int
            and item.args[1] >= 0
        ):
            result.append((item.args[0], item.args[1]))
        else:
            raise context.error(
                f"expected a predicate indicator such as p/2, got {format_term(item)}"
            )
    return result


#: Read ``p/2``, ``(p/2, q/1)`` or ``[p/2, q/1]`` (for directives registered elsewhere).
indicators = _indicators


def _flatten_commas(term: Term) -> list[Term]:
    if type(term) is Struct and term.name == "," and len(term.args) == 2:
        return [term.args[0], *_flatten_commas(term.args[1])]
    return [term]


@register_directive("table", 1)
def _table(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    spec = args[0]
    if type(spec) is Struct and spec.name == "as" and len(spec.args) == 2:
        spec = spec.args[0]  # :- table p/1 as subsumptive (how, not what: the same answers)
    for item in _flatten_commas(spec):
        if type(item) is Struct and item.name != "/":  # p(_, _, min): answer subsumption
            modes = tuple(_table_mode(context, arg) for arg in item.args)
            key = (item.name, len(item.args))
            context.kb.table_modes[key] = modes
            items = [key]
        else:
            items = _indicators(context, item)
        for name, arity in items:
            context.kb.tabled.add((name, arity))
            context.kb.predicate(name, arity).dynamic = True


_TABLE_MODES = ("min", "max", "sum", "first", "last")


def _table_mode(context: DirectiveContext, arg: Term) -> Term:
    """One argument of a moded table: ``index`` (a variable) or how answers combine."""
    if type(arg) is Var:
        return "index"
    if arg in _TABLE_MODES:
        return arg
    if type(arg) is Struct and arg.name in ("lattice", "po") and len(arg.args) == 1:
        (indicator,) = _indicators(context, arg.args[0])
        return Struct(arg.name, (Struct("/", indicator),))
    raise context.error(
        f"unknown tabling mode {format_term(arg)} (expected _, min, max, sum, first, "
        "last, lattice(Name/3) or po(Name/2))"
    )


@register_directive("dynamic", 1)
def _dynamic(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    for name, arity in _indicators(context, args[0]):
        context.kb.predicate(name, arity).dynamic = True


@register_directive("discontiguous", 1)
def _discontiguous(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    _indicators(context, args[0])


@register_directive("multifile", 1)
def _multifile(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """``:- multifile p/1.``: several files add to p/1 (else a later file redefines it)."""
    context.kb.declarations.setdefault(MULTIFILE, []).extend(_indicators(context, args[0]))


@register_directive("include", 1)
def _include(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    target = args[0]
    if type(target) is not str:
        raise context.error("include/1 expects a file name, e.g. :- include('bk.pl').")
    context.include(target)


def _mode(kind: str) -> Handler:
    def handler(context: DirectiveContext, args: tuple[Term, ...]) -> None:
        recall_term, template = args
        if recall_term == "*":
            recall: int | None = None
        elif type(recall_term) is int and recall_term >= 1:
            recall = recall_term
        else:
            raise context.error(
                f"mode{kind[0]} recall must be a positive integer or *, got "
                f"{format_term(recall_term)}"
            )
        if not is_callable(template):
            raise context.error(f"mode{kind[0]} template must be an atom or compound term")
        context.kb.modes.append(
            Mode("head" if kind == "head" else "body", recall, template, context.position)
        )

    return handler


DIRECTIVES[("modeh", 2)] = _mode("head")
DIRECTIVES[("modeb", 2)] = _mode("body")


@register_directive("mode", 2)
def _head_and_body_mode(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """Aleph's ``:- mode(Recall, Template).``: the template is a head and a body mode."""
    _mode("head")(context, args)
    _mode("body")(context, args)


@register_directive("determination", 2)
def _determination(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    (head,) = _indicators(context, args[0])
    (body,) = _indicators(context, args[1])
    context.kb.determinations.append((head, body))


@register_directive("set", 2)
def _set(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    name, value = args
    if type(name) is not str:
        raise context.error("set/2 expects a setting name, e.g. :- set(clauselength, 4).")
    if not is_ground(value):
        raise context.error(f"the value of setting {name} must be ground")
    context.kb.settings[name] = value
    context.kb.setting_positions[name] = context.position


@register_directive("set", 1)
def _set_flag(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """Progol's ``:- set(posonly).``: the same as ``:- set(posonly, true).``."""
    if type(args[0]) is not str:
        raise context.error("set/1 expects a setting name, e.g. :- set(posonly).")
    context.kb.settings[args[0]] = "true"
    context.kb.setting_positions[args[0]] = context.position


@register_directive("attributes", 2)
def _attributes(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    target, names = args
    items, tail = list_items(names)
    if type(target) is not str or tail != "[]" or not all(type(i) is str for i in items):
        raise context.error(
            "attributes/2 expects a target name and a list of attribute "
            "names, e.g. :- attributes(enjoysport, [sky, airtemp])."
        )
    if len(set(items)) != len(items):
        raise context.error(f"attributes of {target} repeat a name")
    context.kb.attributes[target] = [str(i) for i in items]


@register_directive("domain", 2)
def _domain(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    attribute, values = args
    if type(attribute) is not str:
        raise context.error("domain/2 expects an attribute name first")
    if values in ("number", "continuous", "numeric"):
        context.kb.domains[attribute] = "number"
        return
    items, tail = list_items(values)
    if tail != "[]" or not items or not all(is_ground(i) for i in items):
        raise context.error(
            "domain/2 expects a non-empty list of values or 'number', e.g. "
            ":- domain(sky, [sunny, cloudy, rainy])."
        )
    if len(set(items)) != len(items):
        raise context.error(f"the domain of {attribute} repeats a value")
    context.kb.domains[attribute] = list(items)


def _accept(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """Directives that only matter to a full Prolog system; recorded, nothing to do."""


for _name, _arity in [  # use_module/1,2 are symlearn.kb.problog's (ProbLog's libraries)
    ("ensure_loaded", 1),
    ("style_check", 1),
    ("set_prolog_flag", 2),
    ("module", 2),
]:
    DIRECTIVES[(_name, _arity)] = _accept


@register_directive("initialization", 1)
def _initialization(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """``:- initialization(G).``: a run calls G once the files are loaded, as SWI-Prolog."""
    context.kb.initialization.append((args[0], context.position))


@register_directive("initialization", 2)
def _initialization_when(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """``initialization(G, When)``: ``now`` with the directives' goals; ``main`` then halts."""
    goal, when = args
    if when == "now":
        context.kb.goals.append((goal, context.position))
    elif when == "main":
        context.kb.initialization.append((Struct(",", (goal, "halt")), context.position))
    else:
        context.kb.initialization.append((goal, context.position))


@register_directive("set_random", 1)
def _set_random(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """SWI's ``:- set_random(seed(N)).``: the seed of learners that sample (``set(seed, N)``)."""
    option = args[0]
    if type(option) is Struct and option.name == "seed" and len(option.args) == 1:
        if type(option.args[0]) is not int:
            raise context.error("set_random(seed(N)) expects an integer seed")
        context.kb.settings["seed"] = option.args[0]
        context.kb.setting_positions["seed"] = context.position


DIRECTIVES[("aleph_set", 2)] = _set  # SWI's Aleph pack: the same as set/2
DIRECTIVES[("aleph", 0)] = _accept  # SWI's Aleph pack: initialise Aleph (nothing to do here)
for _name in ("begin_bg", "end_bg"):  # the background is every clause outside example blocks
    DIRECTIVES[(_name, 0)] = _accept


def _example_block(kind: str, opening: bool) -> Handler:
    """``:- begin_in_pos.`` ... ``:- end_in_pos.`` (and ``_neg``): Aleph's in-file examples."""

    def handler(context: DirectiveContext, args: tuple[Term, ...]) -> None:
        if opening and context.example_kind is not None:
            raise context.error(
                f":- begin_in_{kind} inside a begin_in_{context.example_kind} block "
                f"(close it with :- end_in_{context.example_kind}. first)"
            )
        if not opening and context.example_kind != kind:
            raise context.error(f":- end_in_{kind} without a matching :- begin_in_{kind}")
        context.example_kind = kind if opening else None

    return handler


for _kind in ("pos", "neg"):
    DIRECTIVES[(f"begin_in_{_kind}", 0)] = _example_block(_kind, opening=True)
    DIRECTIVES[(f"end_in_{_kind}", 0)] = _example_block(_kind, opening=False)


#: The key of ``KnowledgeBase.declarations`` under which ``cost/2`` records
#: ``(attribute, cost, position)`` (attribute costs for cost-sensitive tree learning).
COST_DECLARATION = "cost"
#: The declarations' key of the predicates declared ``:- multifile``.
MULTIFILE = "multifile"


@register_directive("cost", 2)
def _cost(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    attribute, cost = args
    if type(attribute) is not str:
        raise context.error(
            f"cost/2 expects an attribute name first, e.g. :- cost(temperature, 3), "
            f"got {format_term(attribute)}"
        )
    if type(cost) not in (int, float) or not cost > 0:  # type: ignore[operator]
        raise context.error(
            f"the cost of {attribute} must be a positive number, got {format_term(cost)}"
        )
    declared: list[object] = context.kb.declarations.setdefault(COST_DECLARATION, [])
    for entry in declared:
        assert isinstance(entry, tuple)
        if entry[0] == attribute:
            raise context.error(f"the cost of {attribute} is already declared at {entry[2]}")
    declared.append((attribute, float(cost), context.position))  # type: ignore[arg-type]


_EXTERNAL_FORMS = "parquet('parent.parquet'), csv('parent.csv') or duckdb('kb.duckdb', parent)"


@register_directive("external", 2)
def _external(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """``:- external(p/2, parquet(Path)).``: p/2's facts are the rows of an outside table."""
    found = _indicators(context, args[0])
    if len(found) != 1:
        raise context.error("external/2 declares one predicate, e.g. external(parent/2, ...)")
    indicator = found[0]
    if not indicator[1]:
        raise context.error(
            f"external {indicator[0]}/0: an external relation has at least one argument "
            "(one per column)"
        )
    source = args[1]
    forms = (("parquet", 1), ("csv", 1), ("duckdb", 2))
    if not (
        isinstance(source, Struct)
        and (source.name, len(source.args)) in forms
        and all(type(a) is str for a in source.args)
    ):
        raise context.error(
            f"external/2 expects a source such as {_EXTERNAL_FORMS}, got {format_term(source)}"
        )
    kind = source.name
    written = str(source.args[0])
    if not written:
        raise context.error(f"external {indicator[0]}/{indicator[1]}: the file name is empty")
    # absolute: a Spark session started elsewhere resolves a relative path against its own cwd
    path = os.path.abspath(written if os.path.isabs(written) else context.base / written)
    trees = (Path(os.path.realpath(context.base)), *allowed_include_dirs())
    resolved = Path(os.path.realpath(path))
    if not any(resolved == tree or tree in resolved.parents for tree in trees):
        raise context.error(
            f"external {indicator[0]}/{indicator[1]}: {written} is outside the directory of "
            f"the declaring file ({trees[0]}); allow it with --allow-include DIR"
        )
    kb = context.kb
    earlier = kb.external.get(indicator)
    if earlier is not None:
        raise context.error(
            f"{indicator[0]}/{indicator[1]} is already declared external at {earlier.position}"
        )
    table = str(source.args[1]) if kind == "duckdb" else None
    kb.external[indicator] = ExternalRelation(
        indicator,
        kind,  # type: ignore[arg-type]
        path,
        written,
        table,
        context.position,
    )
    kb.predicate(*indicator).dynamic = True
