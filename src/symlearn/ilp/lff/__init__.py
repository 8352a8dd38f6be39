"""Learning from failures (``symlearn learn lff``): generate, test, constrain, combine.

A learner of the ILP family that finds the smallest program (recursive, of
several clauses) proving every positive example and no negative one, or with
``noisy`` the program of least description length, as Popper does (Cropper
and Morel 2021; Cropper and Hocquette 2023; Hocquette et al. 2024), written
for symlearn: the hypotheses come from clingo's solver, the tests from the
task's set-at-a-time coverage.

Entry points (the learner protocol, from :mod:`~symlearn.ilp.lff.learner`)
---------------------------------------------------------------------------
learn, SETTINGS, SUMMARY, EXAMPLE, LffSettings, LffRun

Modules
-------
learner
    Settings, result and :func:`learn`.
bias
    The language bias (Popper's ``bias.pl`` or the task's modes).
encoding
    The answer-set program whose models are the programs of a bias.
generate
    Programs from the solver, smallest first; constraints as nogoods.
tester
    What a program proves, through the task's coverage.
failures, constrain, explain
    What a failure prunes, as constraints on rules.
combine
    The best union of the programs found so far.
search
    The loop.
checks, explanation
    Errors for a bias that allows nothing; why a search found nothing.
rules
    Programs as sets of rules over numbered variables.

References
----------
Cropper, A. and Morel, R. (2021).  Learning programs by learning from
failures.  Machine Learning 110, 801-856.  Cropper, A. and Hocquette, C.
(2023).  Learning logic programs by combining programs.  ECAI 2023.
Hocquette, C., Niskanen, A., Järvisalo, M. and Cropper, A. (2024).  Learning
MDL logic programs from noisy data.  AAAI 2024.
"""

from symlearn.ilp.lff.learner import (
    EXAMPLE,
    SETTINGS,
    SUMMARY,
    LffRun,
    LffSettings,
    learn,
)

__all__ = ["EXAMPLE", "SETTINGS", "SUMMARY", "LffRun", "LffSettings", "learn"]
