"""Writing a belief network to a file, in the format its suffix names.

``symlearn infer -o`` and ``symlearn learn naive-bayes|bayes-net -o`` write a
network as

* ``.pl``: a ProbLog program (:func:`~symlearn.bayes.networks.problog_format.format_problog`)
  that ``symlearn infer`` reads back as the same network;
* ``.bif``: the Bayesian Interchange Format (:func:`~symlearn.bayes.networks.bif.format_bif`),
  for pgmpy, bnlearn and the other tools that read it;
* ``.svg``, ``.png``, ``.dot``: a picture (:func:`~symlearn.bayes.networks.drawing.network_spec`).

Every file goes through :func:`symlearn.files.write_file`: written atomically,
and never over one of the command's input files unless ``force`` is given.

Functions
---------
read_network, check_network_suffix, write_network

Examples
--------
>>> import os, tempfile
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> net = BayesianNetwork([boolean_variable("rain", (), 0.2)])
>>> path = os.path.join(tempfile.mkdtemp(), "rain.pl")
>>> write_network(path, net, header="a one-node network")
>>> print(open(path).read(), end="")
% a one-node network
0.2::rain.
>>> check_network_suffix("rain.txt")
Traceback (most recent call last):
...
symlearn.errors.InvalidParameterError: -o rain.txt: the suffix must be one of .pl, .bif, ...
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path

from symlearn.bayes.given import is_bif
from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.problog_format import write_problog
from symlearn.bayes.networks.program import compile_program
from symlearn.errors import InvalidParameterError
from symlearn.files import as_path
from symlearn.kb.loader import load
from symlearn.logic.terms import Term

__all__ = ["NETWORK_SUFFIXES", "check_network_suffix", "is_bif", "read_network", "write_network"]

#: The suffixes a network can be written as.
NETWORK_SUFFIXES = (".pl", ".bif", ".svg", ".png", ".dot")

PathLike = str | os.PathLike[str]


def read_network(path: PathLike) -> BayesianNetwork:
    """The network of a BIF file, or of the ProbLog clauses of a knowledge-base file.

    Raises
    ------
    KBError
        For a file that does not read, or clauses outside the network fragment.
    """
    if is_bif(path):
        from symlearn.bayes.networks.bif import read_bif  # numpy, on first use

        return read_bif(path)
    return compile_program(load([str(path)]), []).network


def check_network_suffix(path: PathLike) -> str:
    """The suffix of ``path`` (lower case), refused when a network cannot be written as it.

    Raises
    ------
    InvalidParameterError
        For a suffix not in :data:`NETWORK_SUFFIXES`.
    """
    suffix = Path(as_path(path, "output")).suffix.lower()
    if suffix not in NETWORK_SUFFIXES:
        raise InvalidParameterError(
            f"-o {path}: the suffix must be one of {', '.join(NETWORK_SUFFIXES)}"
        )
    return suffix


def write_network(
    path: PathLike,
    network: BayesianNetwork,
    *,
    header: str | None = None,
    queries: Iterable[Term] = (),
    evidence: Iterable[tuple[Term, bool]] = (),
    marginals: Mapping[str, Mapping[str, float]] | None = None,
    observed: Collection[str] | Mapping[str, Collection[str]] = (),
    asked: Collection[str] = (),
    title: str = "",
    inputs: Iterable[PathLike] = (),
    force: bool = False,
) -> None:
    """Write ``network`` to ``path`` as ProbLog, BIF or a picture, by its suffix.

    Parameters
    ----------
    path
        The file; see :data:`NETWORK_SUFFIXES`.
    network
        The network.
    header
        ``.pl``: comment lines written first.
    queries, evidence
        ``.pl``: ``query/1`` and ``evidence/2`` facts written after the clauses.
    marginals, observed, asked, title
        Pictures: probabilities to show in the nodes, the observed and the
        queried variables, and a caption (see
        :func:`~symlearn.bayes.networks.drawing.network_spec`).
    inputs, force
        The files read; ``path`` replaces one of them only with ``force``.

    Raises
    ------
    InvalidParameterError
        For a suffix not in :data:`NETWORK_SUFFIXES`.
    OutputError
        When ``path`` is an input (and not ``force``) or cannot be written.
    """
    suffix = check_network_suffix(path)
    if suffix == ".pl":
        write_problog(network, path, queries, evidence, header, inputs=inputs, force=force)
    elif suffix == ".bif":
        from symlearn.bayes.networks.bif import write_bif

        write_bif(network, path, inputs=inputs, force=force)
    else:
        # drawing loads only for a picture
        from symlearn.bayes.networks.drawing import network_spec
        from symlearn.render import write_graph

        spec = network_spec(network, marginals, observed, asked, title=title)
        write_graph(spec, path, inputs=inputs, force=force)
