"""One learning task: what every learner is given.

A :class:`LearningTask` is built in one place, here, from files (our own
knowledge-base language), a knowledge base already loaded, or a table of
attribute-value examples (CSV, Parquet, records, a DataFrame).  It holds:

* ``target``: the predicate to learn, an :data:`~symlearn.logic.indicators.Indicator`
  (given as ``"grandparent/2"`` or ``("grandparent", 2)``; when it is not
  given, the one predicate the files have head modes or examples for);
* ``kb``: the knowledge base (None for a table): background knowledge,
  examples, the language bias (``modeh``/``modeb``/``determination``) and the
  file's settings (``:- set(Name, Value).``, read by each learner's
  :class:`~symlearn.learning.settings.Settings` once);
* ``attribute_data``: the target's examples as attribute-value data, for the
  attribute-value learners (built on first use);
* ``background``: the knowledge base with the target's own clauses set aside
  (they are what is to be learnt).

Examples
--------
>>> from symlearn.kb import loads
>>> task = LearningTask.from_kb(loads('''
... parent(ann, bob). parent(bob, carl).
... pos(grandparent(ann, carl)). neg(grandparent(bob, ann)).
... '''))
>>> task.target, task.name
(('grandparent', 2), 'grandparent/2')
>>> [str(a) for a in task.positives], [str(a) for a in task.negatives]
(['grandparent(ann, carl)'], ['grandparent(bob, ann)'])
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from symlearn.errors import InvalidParameterError, KBError
from symlearn.files import as_paths
from symlearn.kb.formats import load_task
from symlearn.kb.knowledge_base import Example, KnowledgeBase, Mode
from symlearn.kb.views import background_view
from symlearn.logic.indicators import Indicator, format_indicator, parse_indicator
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Term

if TYPE_CHECKING:  # the attribute-value data is read only by the learners of tables
    from symlearn.data.attribute_value import AttributeValueData

__all__ = ["LearningTask"]


@dataclass(frozen=True, eq=False)
class LearningTask:
    """A target to learn and everything known about it (see the module docstring).

    Parameters
    ----------
    target
        The predicate to learn.
    kb
        The knowledge base, or None when the examples come from a table.
    table
        Attribute-value examples given directly (CSV, records, DataFrame).
    sources
        The files the task was read from (for headers and messages).
    """

    target: Indicator
    kb: KnowledgeBase | None = None
    table: AttributeValueData | None = None
    sources: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (self.kb is None) == (self.table is None):
            raise InvalidParameterError("a learning task needs a knowledge base or a table")
        object.__setattr__(self, "target", parse_indicator(self.target))
        object.__setattr__(self, "sources", tuple(str(s) for s in self.sources))

    # -- building
    @classmethod
    def from_files(
        cls,
        files: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
        target: str | Indicator | None = None,
        *,
        progress: Callable[[str, int, int | None], None] | None = None,
    ) -> LearningTask:
        """Load ``files`` as one knowledge base and make the task for ``target``.

        ``files`` are our knowledge-base files, Popper task folders
        (``bk.pl``, ``exs.pl``, ``bias.pl``) and Aleph tasks (``NAME`` or
        ``NAME.b``, ``NAME.f``, ``NAME.n``), read into one knowledge base and
        one language bias (:func:`symlearn.kb.formats.load_task`).
        ``progress(stage, done, total)`` is called as the files are read.
        """
        paths = as_paths(files)
        if not paths:
            raise InvalidParameterError("no file given")
        return cls.from_kb(load_task(paths, progress=progress), target, sources=paths)

    @classmethod
    def from_kb_target(
        cls,
        files: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
        target_of: Callable[[KnowledgeBase], Indicator],
        *,
        progress: Callable[[str, int, int | None], None] | None = None,
    ) -> LearningTask:
        """Load ``files`` and make the task for the target ``target_of`` finds in them."""
        paths = as_paths(files)
        if not paths:
            raise InvalidParameterError("no file given")
        kb = load_task(paths, progress=progress)
        return cls.from_kb(kb, target_of(kb), sources=paths)

    @classmethod
    def from_kb(
        cls,
        kb: KnowledgeBase,
        target: str | Indicator | None = None,
        sources: Sequence[str] = (),
    ) -> LearningTask:
        """The task for ``target`` (by default the one the files are about) over ``kb``."""
        chosen = parse_indicator(target) if target is not None else default_target(kb)
        return cls(chosen, kb=kb, sources=tuple(sources) or tuple(kb.sources))

    @classmethod
    def from_table(cls, data: AttributeValueData, sources: Sequence[str] = ()) -> LearningTask:
        """The task of attribute-value examples given as a table."""
        return cls((data.target, data.arity), table=data, sources=tuple(sources))

    @classmethod
    def from_csv(
        cls,
        path: str,
        class_column: str | None,
        *,
        target: str | Indicator | None = None,
        positive: Any = None,
        categorical: Sequence[str] = (),
        progress: Callable[[str, int, int | None], None] | None = None,
    ) -> LearningTask:
        """The task of a CSV file's rows (see :func:`symlearn.data.tabular.from_csv`).

        ``progress(stage, done, total)`` is called as the file is read.  With
        ``class_column=None`` every column is an attribute and no row has a
        class (for the learners that need none: clustering, association rules).

        Raises
        ------
        InvalidParameterError
            When ``target`` names an arity other than the file's number of attributes.
        """
        from symlearn.data.tabular import from_csv

        read = functools.partial(from_csv, progress=progress)
        return cls._from_reader(read, path, class_column, target, positive, categorical, path)

    @classmethod
    def from_parquet(
        cls,
        path: str,
        class_column: str | None,
        *,
        target: str | Indicator | None = None,
        positive: Any = None,
        categorical: Sequence[str] = (),
    ) -> LearningTask:
        """The task of a Parquet file's rows (see :func:`symlearn.data.tabular.from_parquet`).

        Raises
        ------
        InvalidParameterError
            When ``target`` names an arity other than the file's number of attributes.
        """
        from symlearn.data.tabular import from_parquet

        return cls._from_reader(
            from_parquet, path, class_column, target, positive, categorical, path
        )

    @classmethod
    def from_dataframe(
        cls,
        frame: Any,
        class_column: str | None,
        *,
        target: str | Indicator = "t",
        positive: Any = None,
        categorical: Sequence[str] = (),
    ) -> LearningTask:
        """The task of a pandas or polars DataFrame or a ``pyarrow.Table``.

        See :func:`symlearn.data.tabular.from_dataframe`.

        Raises
        ------
        InvalidParameterError
            When ``target`` names an arity other than the frame's number of attributes.
        """
        from symlearn.data.tabular import from_dataframe

        return cls._from_reader(
            from_dataframe, frame, class_column, target, positive, categorical, None
        )

    @classmethod
    def _from_reader(
        cls,
        reader: Any,
        given: Any,
        class_column: str | None,
        target: str | Indicator | None,
        positive: Any,
        categorical: Sequence[str],
        path: str | None,
    ) -> LearningTask:
        """Read a table (from ``path``, or a frame) and check ``target``'s arity against it."""
        name = parse_indicator(target) if isinstance(target, str) and "/" in target else target
        options: dict[str, Any] = {"positive": positive, "categorical": categorical}
        if name is not None:
            options["target"] = name[0] if isinstance(name, tuple) else name
        data = reader(given, class_column, **options)
        if isinstance(name, tuple) and name[1] != data.arity:
            raise InvalidParameterError(
                f"--target {format_indicator(name)}: {path or 'the table'} has "
                f"{data.arity} attributes"
            )
        return cls.from_table(data, sources=(path,) if path is not None else ())

    # -- what it says
    @property
    def inputs(self) -> tuple[str, ...]:
        """Every file the task was read from: those given and those they led to.

        A task folder's ``bk.pl``/``exs.pl``/``bias.pl``, an Aleph basename's
        ``.b``/``.f``/``.n``, the files ``:- include``d: an output never
        replaces one of them (:func:`symlearn.files.write_file`).
        """
        read = tuple(self.kb.sources) if self.kb is not None else ()
        return tuple(dict.fromkeys((*self.sources, *read)))

    @property
    def name(self) -> str:
        """``name/arity`` of the target."""
        return format_indicator(self.target)

    @property
    def file_settings(self) -> Mapping[str, Term]:
        """The values of the files' ``:- set(Name, Value).`` directives."""
        return self.kb.settings if self.kb is not None else {}

    @property
    def setting_positions(self) -> Mapping[str, SourcePosition]:
        """Where each file setting was made."""
        return self.kb.setting_positions if self.kb is not None else {}

    def setting(self, name: str, default: Term | None = None) -> Term | None:
        """The value of ``:- set(name, Value)`` in the files, or ``default``."""
        return self.file_settings.get(name, default)

    def examples(self, kinds: Iterable[str] | None = None) -> list[Example]:
        """The target's examples in the files (``pos``, ``neg``, ``label``, ``instance``)."""
        if self.kb is None:
            return []
        return self.kb.examples_of(*self.target, kinds)

    @property
    def positives(self) -> list[Term]:
        """The atoms of the target's ``pos/1`` examples."""
        return [e.atom for e in self.examples(("pos",))]

    @property
    def negatives(self) -> list[Term]:
        """The atoms of the target's ``neg/1`` examples."""
        return [e.atom for e in self.examples(("neg",))]

    @property
    def modes(self) -> list[Mode]:
        """The ``modeh``/``modeb`` declarations."""
        return list(self.kb.modes) if self.kb is not None else []

    @property
    def determinations(self) -> list[Indicator]:
        """The body predicates ``determination/2`` allows for the target."""
        return self.kb.determinations_for(*self.target) if self.kb is not None else []

    @property
    def own_clauses(self) -> int:
        """How many clauses the files give for the target itself (set aside when learning)."""
        if self.kb is None or not self.kb.defines(*self.target):
            return 0
        return len(self.kb.predicate(*self.target).clauses)

    @cached_property
    def attribute_data(self) -> AttributeValueData:
        """The target's examples as attribute-value data (the table, or read from the files)."""
        if self.table is not None:
            return self.table
        from symlearn.learning.attribute_data import from_kb

        assert self.kb is not None
        return from_kb(self.kb, *self.target)

    @cached_property
    def instance_data(self) -> AttributeValueData:
        """The target's instances for a learner that needs no class (clustering, association).

        From files: the labelled examples when there are any (as
        :attr:`attribute_data`: ``instance/1`` examples are then instances to
        classify), else the ``instance/1`` examples, each labelled ``?``
        (unknown); from a table: the table (read without a class column,
        every row's label is ``?``).
        """
        if self.table is not None:
            return self.table
        from symlearn.learning.attribute_data import instances_from_kb

        assert self.kb is not None
        return instances_from_kb(self.kb, *self.target)

    @cached_property
    def background(self) -> KnowledgeBase:
        """The knowledge base with the target's own clauses set aside.

        Raises
        ------
        InvalidParameterError
            For a task read from a table (it has no background knowledge).
        """
        if self.kb is None:
            raise InvalidParameterError(f"{self.name} comes from a table: no background knowledge")
        return background_view(self.kb, self.target)

    def __repr__(self) -> str:
        source = ", ".join(self.sources) or ("a table" if self.table is not None else "a kb")
        return f"<LearningTask {self.name} from {source}>"


def default_target(kb: KnowledgeBase) -> Indicator:
    """The predicate a knowledge base is about: its one head mode, else its one example predicate.

    Of several head modes, those with examples count, else those that head a
    determination (Aleph's ``mode/2`` makes every mode a head mode; its
    ``determination(Target/N, Body/M)`` names the target).

    Raises
    ------
    KBError
        When there is none, or more than one to choose from.
    """
    heads = list(dict.fromkeys(m.indicator for m in kb.head_modes()))
    examples = set(kb.targets())
    if len(heads) > 1:
        # Aleph's mode/2 declares head and body modes at once: the head with examples is
        # meant, or the one its determinations are for
        determined = {head for head, _ in kb.determinations}
        heads = (
            [h for h in heads if h in examples] or [h for h in heads if h in determined] or heads
        )
    candidates = heads if heads else kb.targets()
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise KBError(
            "no target: the files have no examples and no modeh; give --target NAME/ARITY"
        )
    names = ", ".join(format_indicator(c) for c in candidates)
    what = "head modes" if heads else "examples"
    raise KBError(f"the files have {what} of {names}: choose one with --target NAME/ARITY")
