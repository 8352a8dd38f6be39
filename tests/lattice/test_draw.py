"""Large lattices drawn readably: wrapped rows, a summary above a limit, what is left out."""

from __future__ import annotations

import itertools
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.cli import main
from symlearn.errors import VersionSpaceCollapsedError
from symlearn.lattice import MAX_BOXES, hypothesis_space_lattice, lattice_drawing, lattice_to_json
from symlearn.learners.concepts.candidate_elimination import candidate_elimination
from symlearn.render.layout import Metrics, layout
from symlearn.render.png import to_png
from tests.hypotheses.strategies import space_and_examples
from tests.hypotheses.test_conjunction import ENJOYSPORT
from tests.learners.concepts.test_candidate_elimination import MITCHELL

KB = Path(__file__).resolve().parents[2] / "kb"


def enjoysport_h():
    vs = candidate_elimination(ENJOYSPORT, MITCHELL).version_space
    return hypothesis_space_lattice(ENJOYSPORT, vs, max_nodes=1000), vs


def group_of(drawing, graph):
    """Which box stands for each hypothesis: its own, or its level's."""
    ids = {n["label"]: n["id"] for n in lattice_to_json(graph)["nodes"]}
    boxed = {n.id for n in drawing.spec.nodes}
    return {
        h: ids[graph.nodes[h]["label"]]
        if ids[graph.nodes[h]["label"]] in boxed
        else f"level{graph.nodes[h]['level']}"
        for h in graph
    }


def test_the_whole_of_enjoysport_h_is_a_summary_that_keeps_the_version_space():
    graph, vs = enjoysport_h()
    drawing = lattice_drawing(graph)
    labels = {n.label for n in drawing.spec.nodes}
    assert {str(h) for h in vs.hypotheses()} <= labels  # S, G and the members, boxed
    assert {"<?, ?, ?, ?, ?, ?>", "<∅, ∅, ∅, ∅, ∅, ∅>"} <= labels
    assert (drawing.hypotheses, drawing.boxed, drawing.summarised) == (973, 8, 965)
    counted = sum(int(n.label.split()[0]) for n in drawing.spec.nodes if n.id.startswith("level"))
    assert counted == drawing.summarised
    assert "965 are counted in 6 dashed boxes" in drawing.notes()[0]
    # a picture cairo and the pure-Python renderer draw at an ordinary size
    placed = layout(drawing.spec, Metrics())
    assert placed.width < 2500 and placed.height < 1500
    assert to_png(drawing.spec)[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_hasse_edge_is_drawn_or_stands_in_a_summary_line():
    graph, _ = enjoysport_h()
    drawing = lattice_drawing(graph)
    group = group_of(drawing, graph)
    lines = {(e.source, e.target) for e in drawing.spec.edges}
    for general, specific in graph.edges:
        if group[general] != group[specific]:
            assert (group[specific], group[general]) in lines
    assert len(lines) == len(
        {(group[b], group[a]) for a, b in graph.edges if group[a] != group[b]}
    )


def test_a_wide_level_wraps_and_the_rows_keep_the_order_of_generality():
    graph, _ = enjoysport_h()
    drawing = lattice_drawing(graph, max_boxes=1000, row_width=12)
    assert drawing.summarised == 0 and not drawing.notes()
    rows: dict[int, list[str]] = {}
    level = {n["id"]: n["level"] for n in lattice_to_json(graph)["nodes"]}
    for node in drawing.spec.nodes:
        rows.setdefault(node.rank, []).append(node.id)
    assert max(len(r) for r in rows.values()) == 12
    ranks = sorted(rows)
    for low, high in itertools.pairwise(ranks):
        assert max(level[i] for i in rows[low]) <= min(level[i] for i in rows[high])


@settings(max_examples=30, deadline=None)
@given(space_and_examples(), st.integers(1, 40), st.integers(1, 8))
def test_drawing_accounts_for_every_hypothesis(case, max_boxes, row_width):
    space, examples = case
    try:
        vs = candidate_elimination(space, examples).version_space
    except VersionSpaceCollapsedError:  # draw H unmarked
        vs = None
    graph = hypothesis_space_lattice(space, vs, max_nodes=10_000)
    drawing = lattice_drawing(graph, max_boxes=max_boxes, row_width=row_width)
    boxes = [n for n in drawing.spec.nodes if not n.id.startswith("level")]
    assert drawing.boxed == len(boxes)
    if graph.number_of_nodes() <= max_boxes:
        assert drawing.boxed == graph.number_of_nodes() and drawing.level_boxes == 0
    else:
        assert drawing.boxed <= max_boxes
    counted = sum(int(n.label.split()[0]) for n in drawing.spec.nodes if n.id.startswith("level"))
    assert drawing.boxed + counted == graph.number_of_nodes()
    per_rank: dict[int, int] = {}
    for node in drawing.spec.nodes:
        per_rank[node.rank] = per_rank.get(node.rank, 0) + 1
    assert max(per_rank.values()) <= row_width


def test_the_command_says_what_the_picture_left_out(tmp_path, capsys):
    out = tmp_path / "h.png"
    args = ["lattice", str(KB / "enjoysport.pl"), "--target", "enjoysport/6"]
    status = main([*args, "--space", "hypothesis", "--max-nodes", "1000", "-o", str(out)])
    assert status == 0 and out.read_bytes()[:4] == b"\x89PNG"
    text = capsys.readouterr().out
    assert "the picture is a summary: 8 of 973 hypotheses" in text
    assert main([*args, "--space", "version", "-o", str(tmp_path / "vs.svg"), "--json"]) == 0
    assert capsys.readouterr().out.count('"summarised": 0') == 1
    assert MAX_BOXES >= 100
