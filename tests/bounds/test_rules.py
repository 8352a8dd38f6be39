"""Each derivation rule accepts what follows by it and rejects what does not."""

from __future__ import annotations

import pytest
import sympy as sp

from symlearn.bounds.derivation import Derivation
from symlearn.bounds.prover import Prover, same
from symlearn.bounds.rules import (
    LOG_ONE_MINUS_X_BELOW,
    ONE_MINUS_X_BELOW_EXP,
    AddToBothSides,
    CombineLowerBounds,
    Connective,
    DerivationError,
    Fact,
    Lemma,
    MultiplyBothSides,
    Premise,
    ReplaceTerm,
    Rewrite,
    SolveFor,
    Substitute,
    Transitivity,
    square_both_sides,
    take_logarithms,
)

x, y, c = sp.symbols("x y c", positive=True)
eps, m, H = sp.symbols("epsilon m H", positive=True)
u, v = sp.symbols("u v", real=True)
DOMAINS = {eps: sp.Interval.open(0, 1), H: sp.Interval(1, sp.oo), m: sp.Interval.open(0, sp.oo)}
PROVER = Prover(DOMAINS)


def check(rule, before, after, prover=PROVER):
    return rule.check(before, after, prover)


def test_premise_only_first():
    assert check(Premise("given"), None, sp.Le(x, c)) is Connective.PREMISE
    with pytest.raises(DerivationError):
        check(Premise("given"), sp.Le(x, c), sp.Le(x, c))


def test_rewrite_needs_identical_sides():
    assert check(Rewrite(), sp.Le(sp.log(x * c), 1), sp.Le(sp.log(x) + sp.log(c), 1)) is (
        Connective.IFF
    )
    with pytest.raises(DerivationError):
        check(Rewrite(), sp.Le(x, c), sp.Le(x, 2 * c))
    with pytest.raises(DerivationError):  # strictness is part of the relation
        check(Rewrite(), sp.Le(x, c), sp.Lt(x, c))


def test_rewrite_accepts_either_orientation():
    assert check(Rewrite(), sp.Le(x, c), sp.Ge(c, x)) is Connective.IFF


def test_add_to_both_sides():
    assert check(AddToBothSides(-c), sp.Le(x + c, y), sp.Le(x, y - c)) is Connective.IFF
    with pytest.raises(DerivationError):
        check(AddToBothSides(-c), sp.Le(x + c, y), sp.Le(x, y))


def test_multiply_by_negative_flips():
    assert check(MultiplyBothSides(-1), sp.Le(-u, v), sp.Ge(u, -v)) is Connective.IFF
    with pytest.raises(DerivationError):
        check(MultiplyBothSides(-1), sp.Le(-u, v), sp.Le(u, -v))


def test_multiply_needs_a_proved_sign():
    with pytest.raises(DerivationError, match="positive or negative"):
        check(MultiplyBothSides(u), sp.Le(x, y), sp.Le(u * x, u * y))


def test_take_logarithms_needs_positive_sides():
    assert check(take_logarithms(), sp.Le(x, c), sp.Le(sp.log(x), sp.log(c))) is Connective.IFF
    with pytest.raises(DerivationError, match="lies in"):
        check(take_logarithms(), sp.Le(u, c), sp.Le(sp.log(u), sp.log(c)))


def test_take_logarithms_uses_the_ranges():
    # log((1 - eps)**m) = m log(1 - eps) only because eps < 1.
    before = sp.Le(H * (1 - eps) ** m, c)
    after = sp.Le(sp.log(H) + m * sp.log(1 - eps), sp.log(c))
    assert check(take_logarithms(), before, after) is Connective.IFF
    with pytest.raises(DerivationError):
        check(take_logarithms(), before, after, Prover())


def test_square_both_sides():
    assert check(square_both_sides(), sp.Le(x, c), sp.Le(x**2, c**2)) is Connective.IFF
    with pytest.raises(DerivationError):
        check(square_both_sides(), sp.Le(u, c), sp.Le(u**2, c**2))


def test_transitivity():
    fact = Fact(sp.Le(y, c), "given")
    assert check(Transitivity(fact), sp.Le(x, y), sp.Le(x, c)) is Connective.IMPLIES
    assert check(Transitivity(Fact(sp.Lt(y, c), "given")), sp.Le(x, y), sp.Lt(x, c)) is (
        Connective.IMPLIES
    )
    with pytest.raises(DerivationError):  # cannot conclude strict from two non-strict
        check(Transitivity(fact), sp.Le(x, y), sp.Lt(x, c))
    with pytest.raises(DerivationError):
        check(Transitivity(Fact(sp.Le(c, y), "wrong way")), sp.Le(x, y), sp.Le(x, c))


def test_replace_term_direction():
    fact = Fact(sp.Le(y, c), "y <= c")
    # Making the smaller side larger gives a sufficient condition ...
    assert check(ReplaceTerm(y, c, fact), sp.Le(2 * y, x), sp.Le(2 * c, x)) is (
        Connective.IMPLIED_BY
    )
    # ... making the larger side larger gives a consequence.
    assert check(ReplaceTerm(y, c, fact), sp.Le(x, 2 * y), sp.Le(x, 2 * c)) is Connective.IMPLIES
    # A decreasing context reverses both.
    assert check(ReplaceTerm(y, c, fact), sp.Le(-y, u), sp.Le(-c, u)) is Connective.IMPLIES


def test_replace_term_rejects_a_non_monotone_context():
    fact = Fact(sp.Le(u, c), "u <= c")
    with pytest.raises(DerivationError, match="monotone"):
        check(ReplaceTerm(u, c, fact), sp.Le(u**2, x), sp.Le(c**2, x))


def test_replace_term_rejects_an_unrelated_fact():
    with pytest.raises(DerivationError, match="does not relate"):
        check(ReplaceTerm(y, c, Fact(sp.Le(y, x), "y <= x")), sp.Le(2 * y, x), sp.Le(2 * c, x))


def test_replace_term_with_a_lemma_checks_its_domain():
    step = ReplaceTerm(1 - eps, sp.exp(-eps), ONE_MINUS_X_BELOW_EXP.at(eps))
    before, after = sp.Le(H * (1 - eps) ** m, c), sp.Le(H * sp.exp(-eps * m), c)
    assert check(step, before, after) is Connective.IMPLIED_BY
    bad = ReplaceTerm(1 - u, sp.exp(-u), ONE_MINUS_X_BELOW_EXP.at(u))  # u may be negative
    with pytest.raises(DerivationError, match="domain"):
        check(bad, sp.Le(H * (1 - u), c), sp.Le(H * sp.exp(-u), c))


def test_lemmas_are_proved():
    assert "g(0) = 0" in ONE_MINUS_X_BELOW_EXP.prove()
    assert "g''" in LOG_ONE_MINUS_X_BELOW.prove()


def test_a_false_lemma_is_not_proved():
    t = sp.Symbol("x", real=True)
    false = Lemma("1 + x < exp(-x)", t, sp.Lt(1 + t, sp.exp(-t)), sp.Interval.open(0, sp.oo))
    with pytest.raises(DerivationError):
        false.prove()


def test_substitute_a_definition():
    total, a, b = sp.symbols("T a b", positive=True)
    rule = Substitute(sp.Eq(total, a + b))
    assert check(rule, sp.Lt(a + b, c), sp.Lt(total, c)) is Connective.IFF
    with pytest.raises(DerivationError):
        check(rule, sp.Lt(a + 2 * b, c), sp.Lt(total, c))


def test_combine_lower_bounds():
    rule = CombineLowerBounds(Fact(sp.Ge(m, y), "also"))
    assert check(rule, sp.Ge(m, x), sp.Ge(m, sp.Max(x, y))) is Connective.IMPLIES
    with pytest.raises(DerivationError):
        check(rule, sp.Ge(m, x), sp.Ge(m, sp.Min(x, y)))


def test_solve_for_checks_root_and_direction():
    before = sp.Ge(m * eps, sp.log(H))
    assert check(SolveFor(eps), before, sp.Ge(eps, sp.log(H) / m)) is Connective.IFF
    with pytest.raises(DerivationError):  # wrong direction
        check(SolveFor(eps), before, sp.Le(eps, sp.log(H) / m))
    with pytest.raises(DerivationError):  # wrong root
        check(SolveFor(eps), before, sp.Ge(eps, 2 * sp.log(H) / m))


def test_derivation_rejects_mixed_directions():
    fact = Fact(sp.Le(y, c), "y <= c")
    with pytest.raises(DerivationError, match="mix"):
        Derivation.build(
            "mixed",
            {},
            [
                (sp.Le(x, 2 * y), Premise("given")),
                (sp.Le(x, 2 * c), ReplaceTerm(y, c, fact)),  # implies
                (
                    sp.Le(3 * x, 2 * c),
                    ReplaceTerm(x, 3 * x, Fact(sp.Le(x, 3 * x, evaluate=False), "x <= 3x")),
                ),
            ],
        )


def test_derivation_rejects_a_wrong_step():
    with pytest.raises(DerivationError):
        Derivation.build(
            "wrong",
            {},
            [(sp.Le(2 * x, c), Premise("given")), (sp.Le(x, c / 3), MultiplyBothSides(0.5))],
        )


def test_derivation_renders():
    d = Derivation.build(
        "toy",
        {},
        [(sp.Le(2 * x, c), Premise("given")), (sp.Le(x, c / 2), MultiplyBothSides(sp.S.Half))],
    )
    assert d._repr_latex_().startswith("$$\\begin{aligned}")
    assert [s["connective"] for s in d.to_dict()] == ["premise", "iff"]
    assert all({"relation", "rule", "latex"} <= set(s) for s in d.to_dict())
    assert "toy" in str(d)


def test_same_is_not_fooled():
    assert same(sp.log(x * c), sp.log(x) + sp.log(c))
    assert not same(sp.log(x + c), sp.log(x) + sp.log(c))


def test_a_power_of_a_positive_base_is_positive_whatever_its_exponent():
    """Decided from the structure, not by asking sympy about a long polynomial exponent."""
    n = sp.Symbol("n", positive=True)
    exponent = sp.expand(sp.expand_func(sum(sp.binomial(n, i) * 2**i for i in range(1, 41))))
    prover = Prover({n: sp.Interval(1, sp.oo)})
    assert prover.is_positive(2**exponent)
    assert prover.is_negative(-(2**exponent))
