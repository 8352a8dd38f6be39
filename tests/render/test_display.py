"""Jupyter: trees, rule sets, theories, version spaces, lattices, networks show themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

import symlearn
from symlearn.bayes import compile_program
from symlearn.errors import InvalidParameterError
from symlearn.kb import load
from symlearn.lattice import task_lattice
from symlearn.learning import LearningTask
from symlearn.render.display import Picture, picture

KB = Path(__file__).resolve().parents[2] / "kb"


def _objects() -> dict[str, object]:
    """One object of each kind a notebook shows, with a text it must contain."""
    tree_run = symlearn.learn("id3", str(KB / "playtennis.pl"), target="playtennis/4")
    covering = symlearn.learn(
        "sequential-covering", str(KB / "playtennis.pl"), target="playtennis/4"
    )
    foil = symlearn.learn("foil", str(KB / "family.pl"), target="grandparent/2")
    concepts = symlearn.learn("candidate-elimination", str(KB / "enjoysport.pl"))
    naive = symlearn.learn("naive-bayes", str(KB / "playtennis.pl"), target="playtennis/4")
    return {
        "tree": tree_run.tree,
        "tree run": tree_run,
        "rule set": covering.rule_set,
        "covering run": covering,
        "theory": foil.learnt,
        "foil run": foil,
        "version space": concepts.version_space,
        "concept run": concepts,
        "naive Bayes run": naive,
        "network": naive.network,
        "lattice": task_lattice(LearningTask.from_files(str(KB / "enjoysport.pl"))),
        "ProbLog network": compile_program(load([str(KB / "sprinkler.pl")])).network,
    }


EXPECTED = {
    "tree": ("text/html", "outlook = sunny  [humidity 0.9710, temperature 0.5710, wind 0.0200]"),
    "tree run": ("text/html", "playtennis(overcast, _, _, _)."),
    "rule set": ("text/html", "IF outlook = overcast THEN pos"),
    "covering run": ("text/html", "rule 1, as learn-one-rule built it"),
    "theory": ("text/html", "grandparent(A, B) :-"),
    "foil run": ("text/html", "grandparent(A, B) :-"),
    "version space": ("text/html", "version space of enjoysport/6: 6 hypotheses"),
    "concept run": ("text/html", "G (2):"),
    "naive Bayes run": ("text/html", "<svg"),
    "network": ("image/svg+xml", "<svg"),
    "lattice": ("image/svg+xml", "<svg"),
    "ProbLog network": ("image/svg+xml", "sprinkler"),
}


@pytest.fixture(scope="module")
def objects() -> dict[str, object]:
    return _objects()


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_each_object_renders_itself(objects, kind):
    """Directly: the ``_repr_*_`` method IPython calls gives the markup."""
    mime, text = EXPECTED[kind]
    method = {"text/html": "_repr_html_", "image/svg+xml": "_repr_svg_"}[mime]
    markup = getattr(objects[kind], method)()
    assert text.replace("<", "&lt;") in markup or text in markup


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_ipython_displays_each_object(objects, kind):
    """Through IPython's display formatter, as a notebook cell shows it."""
    formatters = pytest.importorskip("IPython.core.formatters", reason="IPython is not installed")
    data, _ = formatters.DisplayFormatter().format(objects[kind])
    mime, text = EXPECTED[kind]
    assert mime in data
    assert text in data[mime] or text.replace("<", "&lt;") in data[mime]


def test_a_tree_run_shows_its_picture_above_its_report(objects):
    html = objects["tree run"]._repr_html_()
    assert html.index("<svg") < html.index("<pre>")
    assert "% rules:" in html
    assert objects["tree run"]._repr_svg_().startswith("<svg")


def test_pictures_of_what_a_notebook_holds(objects):
    shown = picture(objects["tree"])
    assert isinstance(shown, Picture) and "outlook" in shown._repr_svg_()
    assert picture(objects["tree run"])._repr_svg_().startswith("<svg")
    with pytest.raises(InvalidParameterError, match="no picture"):
        picture(objects["theory"])


def test_a_tree_too_big_to_draw_falls_back_to_text():
    from symlearn.data import Attribute, AttributeValueData
    from symlearn.learners.trees.id3 import id3

    n = 9
    rows = [tuple((i >> j) & 1 for j in range(n)) for i in range(2**n)]
    data = AttributeValueData(
        "parity",
        tuple(Attribute(f"b{j}", (0, 1)) for j in range(n)),
        tuple(rows),
        tuple(sum(r) % 2 == 0 for r in rows),
    )
    # parity: no single attribute says anything of the class, so ID3's default
    # chi-square pre-pruning stops at the root; unpruned, the tree is complete
    run = symlearn.learn("id3", LearningTask.from_table(data), significance=1)
    assert id3(data).size > 400
    assert run._repr_svg_() is None
    html = run._repr_html_()
    assert "<svg" not in html and "more lines" in html
