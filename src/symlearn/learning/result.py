"""What every learner returns: the hypothesis, its clauses, JSON, a report and a trace.

:class:`LearnResult` is the common core of every learner's result class.  A
learner's result derives from it and provides

* :meth:`~LearnResult.clauses`: the hypothesis as clause texts, printed as
  SWI-Prolog's ``portray_clause/1`` prints them (``["false"]`` for the empty
  hypothesis);
* :meth:`~LearnResult.to_dict`: the JSON object of ``symlearn learn --json``
  (``algorithm``, ``target``, ``hypothesis`` and the family's keys);
* :meth:`~LearnResult.report`: the text ``symlearn learn`` prints;

and inherits

* :attr:`~LearnResult.theory`: a :class:`~symlearn.learning.learned_program.LearnedProgram`
  (the background knowledge plus the learned clauses) to query;
* :meth:`~LearnResult.program`: the text of a file SWI-Prolog consults on its
  own: the learned clauses and the background predicates they call (their
  clauses copied from the knowledge base, never its directives or examples);
* :meth:`~LearnResult.write`: that file written safely (never over an input);
* ``_repr_html_``: how Jupyter shows it (the picture of
  :meth:`~LearnResult.picture_svg`, when the family has one, above the report).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from symlearn.errors import InvalidParameterError
from symlearn.files import as_path, write_file
from symlearn.kb.parser import parse_term
from symlearn.kb.views import supporting_predicates
from symlearn.learning.learned_program import LearnedProgram
from symlearn.learning.settings import Settings
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator, format_indicator
from symlearn.logic.printer import portray_clause
from symlearn.logic.terms import Struct, Term, functor_of

__all__ = ["LearnResult", "check_suffix", "learn_function", "program_text"]

R = TypeVar("R", bound="LearnResult")
#: ``progress(stage, done, total)`` and ``log(level, message)``, as every learner takes them.
ProgressCallback = Callable[[str, int, "int | None"], None]
LogCallback = Callable[[int, str], None]


class LearnResult(abc.ABC):
    """Base class of every learner's result (see the module docstring).

    Subclasses set ``algorithm``, ``task`` and ``settings`` (as dataclass
    fields or attributes) and implement :meth:`clauses`, :meth:`to_dict` and
    :meth:`report`.
    """

    algorithm: str
    task: LearningTask
    settings: Settings

    #: The command line's exit status: 0, or 1 for a "no" answer (a collapsed version space).
    exit_status: int = 0

    #: The file suffixes :meth:`save` writes.
    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = (".pl",)

    #: The path :meth:`save` wrote, if any (reported in the JSON as ``output``).
    output: str | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give every result class the short :meth:`__repr__` (before ``@dataclass`` adds its own).

        A dataclass's generated ``repr`` prints every field: the task, the
        data, the whole search (8,000 characters for ID3 on PlayTennis).
        """
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = LearnResult.__repr__  # type: ignore[method-assign]

    def __repr__(self) -> str:
        """What it is and its headline: ``<id3 on playtennis/4: 5 clauses>``."""
        try:
            found = self.clauses()
        except Exception:  # a repr never fails
            return f"<{type(self).__name__}>"
        count = 0 if found == ["false"] else len(found)
        return f"<{self.algorithm} on {self.task.name}: {count} clause{'s' * (count != 1)}>"

    @abc.abstractmethod
    def clauses(self) -> list[str]:
        """The hypothesis as clause texts (``["false"]`` when it is empty)."""

    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``symlearn learn --json``."""

    @abc.abstractmethod
    def report(self) -> list[str]:
        """The lines ``symlearn learn`` prints."""

    def messages(self, verbose: int = 0) -> list[str]:
        """Lines for standard error: explanations, and the trace when ``verbose``."""
        return []

    # -- notebooks
    def picture_svg(self) -> str | None:
        """SVG markup of the hypothesis's picture, None when it has none (families override)."""
        return None

    def _repr_html_(self) -> str:
        """Jupyter: the picture (when there is one) above the report ``symlearn learn`` prints."""
        title = f"{self.algorithm} on {self.task.name}"
        lines = self.report() or self.messages()
        from symlearn.hypotheses.html import html_block  # only for --html

        return html_block(title, lines, self.picture_svg() or "")

    # -- the learned program
    @property
    def target(self) -> Indicator:
        """The predicate learned."""
        return self.task.target

    @property
    def defined(self) -> Indicator:
        """The predicate the clauses define (``label/2`` for a multi-class rule set)."""
        return self.task.target

    def program_clauses(self) -> list[Clause]:
        """The hypothesis as :class:`~symlearn.logic.clauses.Clause` objects."""
        return [Clause.from_term(parse_term(text)) for text in self.clauses() if text != "false"]

    @property
    def tabled(self) -> bool:
        """Whether the program must table its target (a left-recursive theory)."""
        return False

    @cached_property
    def theory(self) -> LearnedProgram:
        """Background knowledge plus learned clauses, to query."""
        return LearnedProgram(
            self.program_clauses(), self.task.kb, self.defined, tabled=self.tabled
        )

    def query(self, goal: str, limit: int | None = None) -> list[dict[str, Term]]:
        """Every solution of ``goal`` over the background knowledge and the learned clauses."""
        return self.theory.query(goal, limit)

    def program(self, header: Sequence[str] = ()) -> str:
        """The text of a file SWI-Prolog consults on its own (see the module docstring)."""
        names = " ".join(Path(s).name for s in self.task.sources)
        first = f"{self.task.name} learnt by symlearn learn {self.algorithm}" + (
            f" from {names}." if names else "."
        )
        return program_text(
            self.clauses(),
            self.defined,
            [first, *header],
            tabled=self.tabled,
            background=self.background_lines(),
        )

    def background_lines(self) -> list[str]:
        """The background predicates the learned clauses call, as lines of a Prolog file.

        Every predicate of the knowledge base that the clauses call, directly
        or through its rules, with its ``:- table`` or ``:- dynamic``
        declaration, after the libraries the files load (``:- use_module``:
        a background rule may use their operators, as ``A #< B``); the
        target's own clauses stay set aside.  Empty for a task read from a
        table, or clauses that call only builtins.
        """
        if self.task.kb is None:
            return []
        background = self.task.background
        lines: list[str] = []
        for predicate in supporting_predicates(
            background, self.program_clauses(), (self.defined, self.target)
        ):
            indicator = format_indicator(predicate.indicator)
            if predicate.indicator in background.tabled:
                lines.append(f":- table {indicator}.")
            if predicate.dynamic:
                lines.append(f":- dynamic {indicator}.")
            lines.extend(str(clause) for clause in predicate.clauses)
        if not lines:
            return lines
        libraries = [
            f"{portray_clause(term).rstrip()}"
            for term, _ in background.directives
            if type(term) is Struct
            and term.args
            and functor_of(term.args[0]) in (("use_module", 1), ("use_module", 2))
        ]
        return [*dict.fromkeys(libraries), *lines]

    def write(self, path: str | Path, *, force: bool = False) -> None:
        """Write :meth:`program` to ``path`` (refusing to replace an input file).

        Raises
        ------
        OutputError
            When ``path`` is one of the task's files (unless ``force``) or cannot be written.
        """
        write_file(path, self.program(), inputs=self.task.inputs, force=force)

    def save(self, path: str | Path, *, force: bool = False) -> None:
        """Write the result to ``path``, in the format its suffix names (``.pl``: :meth:`write`).

        Raises
        ------
        InvalidParameterError
            For a suffix this result cannot be written as.
        OutputError
            When ``path`` is an input file (unless ``force``) or cannot be written.
        """
        check_suffix(path, self.OUTPUT_SUFFIXES)
        path = as_path(path)
        self.write(path, force=force)
        self.output = path


def check_suffix(path: str | Path, suffixes: Sequence[str]) -> None:
    """Refuse an output path whose suffix is not one of ``suffixes`` (or that is not a path)."""
    path = as_path(path)
    if Path(path).suffix.lower() not in suffixes:
        shown = ", ".join(suffixes[:-1]) + (" or " if len(suffixes) > 1 else "") + suffixes[-1]
        raise InvalidParameterError(f"-o {path}: the suffix must be {shown}")


def program_text(
    clauses: Sequence[str],
    defined: Indicator,
    header: Sequence[str] = (),
    *,
    tabled: bool = False,
    background: Sequence[str] = (),
) -> str:
    """A file of clauses SWI-Prolog can consult.

    ``:- dynamic`` keeps an empty hypothesis callable (calling it fails
    instead of raising an existence error); ``:- table`` is written for a
    theory that needs it; ``background`` (lines of Prolog) follows the
    clauses under a comment, so that the file runs on its own.

    Examples
    --------
    >>> print(program_text(["p(X) :- q(X)."], ("p", 1), ["p learnt."], background=["q(a)."]))
    % p learnt.
    :- dynamic p/1.
    p(X) :- q(X).
    <BLANKLINE>
    % the background knowledge the clauses call
    q(a).
    <BLANKLINE>
    """
    indicator = format_indicator(defined)
    lines = [f"% {line}" if line else "%" for line in header]
    if tabled:
        lines.append(f":- table {indicator}.")
    lines.append(f":- dynamic {indicator}.")
    real = [c for c in clauses if c != "false"]
    if not real:
        lines.append("% the empty hypothesis: nothing is proved")
    lines.extend(real)
    if background:
        lines.extend(["", "% the background knowledge the clauses call", *background])
    return "\n".join(lines) + "\n"


def learn_function(
    settings_class: type[Settings],
    run: Callable[[LearningTask, Any, ProgressCallback | None, LogCallback | None], R],
    what: str,
    raises: Sequence[tuple[str, str]] = (),
) -> Callable[..., R]:
    """The protocol's ``learn(task, settings=None, *, progress=None, log=None)`` of a learner.

    ``run(task, settings, progress, log)`` learns; the settings are the ones
    given, else ``settings_class``'s read from the task's files
    (``:- set(Name, Value).``) and defaults.  ``learn`` belongs to
    ``settings_class``'s module, and its docstring says it learns ``what``
    and raises each ``(error, when)`` of ``raises``.
    """

    def learn(
        task: LearningTask,
        settings: Settings | None = None,
        *,
        progress: ProgressCallback | None = None,
        log: LogCallback | None = None,
    ) -> R:
        chosen = settings if settings is not None else settings_class.from_task(task)
        return run(task, chosen, progress, log)

    learn.__module__ = settings_class.__module__
    learn.__qualname__ = "learn"
    errors = "".join(f"\n{error}\n    {when}" for error, when in raises)
    learn.__doc__ = (
        f"Learn {what} (the protocol).\n\nSettings not given are read from the task's files "
        "(``:- set(Name, Value).``) or take their defaults."
        + (f"\n\nRaises\n------{errors}" if raises else "")
    )
    return learn
