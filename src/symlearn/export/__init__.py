"""Write a knowledge base in the input formats of the ILP systems people compare with.

Modules
-------
formats
    :func:`~symlearn.export.formats.export_task`: write a
    :class:`~symlearn.ilp.task.RelationalTask` (the target, its examples, the
    background knowledge and the language bias) in one of :data:`FORMATS`,
    safely (:func:`symlearn.files.write_file`).
aleph
    Aleph's ``NAME.b`` (modes, determinations, settings, background),
    ``NAME.f`` (positive examples) and ``NAME.n`` (negative examples).
popper
    Popper's ``bk.pl``, ``exs.pl`` and ``bias.pl``.
foil6
    Quinlan's FOIL6 ``NAME.d`` (types, background relations, target tuples).

Nothing is imported here; import from the modules.
"""
