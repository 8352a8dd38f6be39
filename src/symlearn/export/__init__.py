"""Write a knowledge base in the input formats of the ILP systems people compare with.

Modules
-------
task
    :class:`~symlearn.export.task.LearningTask`: the target, its examples, the
    background knowledge and the language bias, as every writer needs them.
aleph
    Aleph's ``NAME.b`` (modes, determinations, settings, background),
    ``NAME.f`` (positive examples) and ``NAME.n`` (negative examples).
popper
    Popper's ``bk.pl``, ``exs.pl`` and ``bias.pl``.
foil6
    Quinlan's FOIL6 ``NAME.d`` (types, background relations, target tuples).

Nothing is imported here; import from the modules.
"""
