"""Tasks written as one file for SWI-Prolog's Aleph pack (``:- aleph.``, ``begin_in_pos``).

The pack's examples put the background between ``:- begin_bg.`` and
``:- end_bg.``, the examples between ``:- begin_in_pos.``/``:- end_in_pos.``
and ``:- begin_in_neg.``/``:- end_in_neg.``, set parameters with
``aleph_set/2`` and start with a ``:- if(current_predicate(use_rendering/1))``
block.  The expected clauses are the ones Aleph's ``induce/1`` gives on the
same files (checked side by side; clause order aside).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.cli import main
from symlearn.kb.loader import load

TASKS = Path(__file__).resolve().parent / "tasks" / "aleph_pack"

DAUGHTER = ["daughter(A, B) :-\n    parent(B, A),\n    female(A)."]
MEMBER = [
    "mem(A, B) :-\n    B=[A|_].",
    "mem(A, B) :-\n    B=[_|C],\n    mem(A, C).",
]


def test_the_blocks_become_background_examples_and_settings() -> None:
    kb = load(TASKS / "daughter.pl")
    kinds = [example.kind for example in kb.examples]
    assert kinds == ["pos", "pos", "neg", "neg"]
    assert [str(e.atom) for e in kb.examples] == [
        "daughter(mary, ann)",
        "daughter(eve, tom)",
        "daughter(tom, ann)",
        "daughter(eve, ann)",
    ]
    assert not kb.defines("daughter", 2)  # examples are not background clauses
    assert kb.defines("parent", 2) and kb.defines("female", 1)
    assert kb.settings["i"] == 2 and kb.settings["noise"] == 0
    assert str(kb.examples[0].position).endswith("daughter.pl:30:1")


def test_the_taken_branch_alone_is_read() -> None:
    kb = load(TASKS / "member.pl")
    assert not kb.defines("this_clause_is_never_read", 6)
    assert kb.settings["verbosity"] == 0  # the elif(true) branch
    assert sum(e.kind == "pos" for e in kb.examples) == 10
    assert sum(e.kind == "neg" for e in kb.examples) == 6


@pytest.mark.parametrize(
    ("learner", "task", "expected"),
    [
        ("progol", "daughter.pl", DAUGHTER),
        ("progol", "member.pl", MEMBER),
        (
            "foil",
            "daughter.pl",
            [DAUGHTER[0].replace("parent(B, A),\n    female(A)", "female(A),\n    parent(B, A)")],
        ),
    ],
)
def test_learners_give_alephs_clauses(
    capsys, learner: str, task: str, expected: list[str]
) -> None:
    status = main(["learn", learner, str(TASKS / task), "--json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    payload = json.loads(captured.out)
    assert sorted(payload["hypothesis"]) == sorted(expected)
    if learner == "foil":
        assert payload["metrics"]["covered_negatives"] == 0
    else:
        assert all(clause["negatives"] == 0 for clause in payload["clauses"])


def test_set_random_seeds_the_learners_that_sample() -> None:
    from symlearn.kb.loader import loads

    assert loads(":- set_random(seed(111)).\n").settings["seed"] == 111


def test_the_determinations_name_the_target_among_aleph_modes() -> None:
    from symlearn.errors import KBError
    from symlearn.kb.loader import loads
    from symlearn.learning.task import default_target

    modes = ":- mode(*, mem(+any, +list)).\n:- mode(1, ((+list) = ([-any|-list]))).\n"
    determined = loads(modes + ":- determination(mem/2, '='/2).\n")
    assert default_target(determined) == ("mem", 2)
    with pytest.raises(KBError, match="the files have head modes of mem/2, =/2"):
        default_target(loads(modes))
