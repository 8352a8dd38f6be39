"""``symlearn learn ALGORITHM FILE... --target NAME/ARITY``: run a learner.

Each algorithm is its own subcommand, defined in the module named below, so
that its options (``--classify``, ``--cv``, ``--beam`` ...) live next to it.
"""

from __future__ import annotations

import click

from symlearn.cli import LazyGroup

__all__ = ["LEARNERS", "learn"]

#: Algorithm name (DESIGN.md section 3) -> ``"module:command"``.
LEARNERS: dict[str, str] = {
    "id3": "symlearn.cli.learn_trees:id3_command",
    "c45": "symlearn.cli.learn_trees:c45_command",
    "cart": "symlearn.cli.learn_trees:cart_command",
    "one-r": "symlearn.cli.learn_trees:one_r_command",
    "find-s": "symlearn.cli.learn_concepts:find_s_command",
    "list-then-eliminate": "symlearn.cli.learn_concepts:list_then_eliminate_command",
    "candidate-elimination": "symlearn.cli.learn_concepts:candidate_elimination_command",
    "elimination": "symlearn.cli.learn_concepts:elimination_command",
    "foil": "symlearn.cli.learn_rules:foil_command",
    "sequential-covering": "symlearn.cli.learn_rules:sequential_covering_command",
    "inverse-resolution": "symlearn.cli.learn_ilp:inverse_resolution",
    "progol": "symlearn.cli.learn_ilp:progol_command",
    "naive-bayes": "symlearn.cli.learn_bayes:naive_bayes_command",
    "bayes-net": "symlearn.cli.learn_bayes:bayes_net_command",
}


@click.group(cls=LazyGroup, lazy_subcommands=LEARNERS)
def learn() -> None:
    """Run a learner on a knowledge base and print the hypothesis as clauses."""
