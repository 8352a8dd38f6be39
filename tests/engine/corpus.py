"""Programs and goals on which symlearn's engine must answer as SWI-Prolog does.

Each entry: (name, program, goals, tabled) where goals are texts and
``tabled`` says whether answers are compared as sets (tabled predicates) or
in order (everything else).
"""

from __future__ import annotations

FAMILY = """
male(abe). male(homer). male(bart). male(herb).
female(mona). female(marge). female(lisa). female(maggie). female(ling). female(selma).
parent(abe, homer). parent(mona, homer). parent(abe, herb). parent(homer, bart).
parent(marge, bart). parent(homer, lisa). parent(marge, lisa). parent(homer, maggie).
parent(marge, maggie). parent(selma, ling).
father(X, Y) :- parent(X, Y), male(X).
mother(X, Y) :- parent(X, Y), female(X).
grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
sibling(X, Y) :- parent(P, X), parent(P, Y), X \\== Y.
ancestor(X, Y) :- parent(X, Y).
ancestor(X, Y) :- parent(X, Z), ancestor(Z, Y).
only_child(X) :- parent(_, X), \\+ sibling(X, _).
"""

LISTS = """
my_length([], 0).
my_length([_|T], N) :- my_length(T, N0), N is N0 + 1.
rev([], []).
rev([H|T], R) :- rev(T, RT), append(RT, [H], R).
prefix(P, L) :- append(P, _, L).
sublist(S, L) :- append(_, T, L), append(S, _, T).
max_el([X], X).
max_el([X|Xs], M) :- max_el(Xs, M0), ( X > M0 -> M = X ; M = M0 ).
double(X, Y) :- Y is 2 * X.
small(X) :- X < 3.
"""

ARITHMETIC = """
calc(X) :- X is 7 / 2.
calc(X) :- X is 8 / 2.
calc(X) :- X is -7 // 2.
calc(X) :- X is -7 mod 2.
calc(X) :- X is -7 rem 2.
calc(X) :- X is -7 div 2.
calc(X) :- X is 2 ** 10.
calc(X) :- X is 2 ^ 100.
calc(X) :- X is 2.0 ** -1.
calc(X) :- X is max(3, 4.0).
calc(X) :- X is min(3, 3.0).
calc(X) :- X is abs(-3) + sign(-2.5).
calc(X) :- X is sqrt(16) + float_integer_part(3.7).
calc(X) :- X is truncate(3.7) + round(2.5) + ceiling(2.1) + floor(-2.1).
calc(X) :- X is 5 /\\ 3 + (5 \\/ 3) + (5 xor 3) + (1 << 4) + (256 >> 2) + \\ 5.
calc(X) :- X is 10 / 4.0.
calc(X) :- X is 1.0e10 * 3.
calc(X) :- X is 0.1 + 0.2.
calc(X) :- X is integer(2.5) + integer(-2.5).
calc(X) :- X is gcd(12, 18) + msb(1000).
calc(X) :- X is cot_free + 1.
cmp(R) :- ( 1 =:= 1.0 -> R = yes ; R = no ).
cmp(R) :- ( 1 == 1.0 -> R = yes ; R = no ).
cmp(R) :- ( 2 < 3, 3.0 >= 3, 2 =\\= 3 -> R = yes ; R = no ).
fact(0, 1) :- !.
fact(N, F) :- N1 is N - 1, fact(N1, F1), F is N * F1.
fib(0, 0). fib(1, 1).
fib(N, F) :- N > 1, A is N - 1, B is N - 2, fib(A, FA), fib(B, FB), F is FA + FB.
"""

CONTROL = """
p(1). p(2). p(3).
q(2). q(3). q(4).
r(X) :- p(X), !.
s(X) :- p(X), X > 1, !.
s(0).
t(X) :- ( p(X), X > 1 -> true ; X = none ).
u(X) :- ( p(X) ; q(X) ).
v(X) :- p(X), \\+ q(X).
w(X) :- once(q(X)).
color(red). color(green). color(blue).
pick(C) :- color(C), C \\== green.
first_two(L) :- findall(X, (p(X), X < 3), L).
safe_div(X, Y, Z) :- catch(Z is X / Y, error(E, _), Z = error(E)).
thrower :- throw(my_ball).
catcher(R) :- catch(thrower, B, R = caught(B)).
soft(X) :- ( p(X) *-> true ; X = none ).
ig :- ignore(fail).
"""

TABLED = """
:- table path/2.
edge(a, b). edge(b, c). edge(c, a). edge(c, d). edge(d, e).
path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).
:- table reach/2.
reach(X, Y) :- edge(X, Y).
reach(X, Y) :- reach(X, Z), reach(Z, Y).
:- table even/1, odd/1.
num(0). num(1). num(2). num(3). num(4). num(5).
even(0).
even(N) :- num(N), N > 0, M is N - 1, odd(M).
odd(N) :- num(N), N > 0, M is N - 1, even(M).
:- table sg/2.
par(a1, b1). par(a1, b2). par(b1, c1). par(b2, c2). par(b2, c3).
sg(X, X) :- par(_, X).
sg(X, Y) :- par(XP, X), sg(XP, YP), par(YP, Y).
:- table fibt/2.
fibt(0, 0).
fibt(1, 1).
fibt(N, F) :- between(2, 30, N), A is N - 1, B is N - 2, fibt(A, FA), fibt(B, FB), F is FA + FB.
"""

TERMS = """
data(f(a, g(B), [1, 2|T]), B, T).
"""

CORPUS: list[tuple[str, str, list[str], bool]] = [
    (
        "family",
        FAMILY,
        [
            "grandparent(X, Y)",
            "father(X, bart)",
            "mother(M, C)",
            "sibling(lisa, S)",
            "ancestor(abe, D)",
            "ancestor(A, maggie)",
            "only_child(X)",
            "parent(X, Y), \\+ male(X)",
            "findall(C, parent(homer, C), L)",
            "bagof(C, parent(P, C), L)",
            "setof(P-C, parent(P, C), L)",
            "setof(C, P^parent(P, C), L)",
            "aggregate_all(count, parent(_, _), N)",
            "aggregate_all(bag(X), male(X), L)",
            "aggregate_all(max(N), member(N, [3, 1, 4]), M)",
            "forall(parent(homer, C), parent(marge, C))",
            "male(X), female(X)",
        ],
        False,
    ),
    (
        "lists",
        LISTS,
        [
            "append(X, Y, [1, 2, 3])",
            "append([1], [2], L)",
            "member(X, [a, b, c])",
            "my_length([a, b, c], N)",
            "rev([1, 2, 3], R)",
            "prefix(P, [a, b])",
            "sublist([b, c], [a, b, c, d])",
            "max_el([3, 1, 4, 1, 5], M)",
            "length(L, 2)",
            "length([a, b|T], 3)",
            "nth0(1, [a, b, c], E)",
            "nth1(I, [a, b, c], E)",
            "last([1, 2, 3], X)",
            "reverse([1, 2, 3], R)",
            "msort([b, a, c, a], L)",
            "sort([b, a, c, a], L)",
            "sort(0, @>=, [1, 3, 2, 3], L)",
            "select(b, [a, b, c], R)",
            "permutation([1, 2, 3], P)",
            "sum_list([1, 2, 3], S)",
            "max_list([1, 5, 2], M)",
            "numlist(1, 5, L)",
            "numlist(5, 5, L)",
            "numlist(5, 1, L)",
            "numlist(-2, 2, L), msort(L, M)",
            "numlist(1, 3, [1, X|T])",
            "numlist(9223372036854775806, 9223372036854775809, L)",
            "catch(numlist(a, 1, _), error(E, _), true)",
            "catch(numlist(_, 1, _), error(E, _), true)",
            "catch(numlist(1, 2.0, _), error(E, _), true)",
            "numlist(1, 300, L), nth1(257, L, X), last(L, Y), length(L, N)",
            "maplist(double, [1, 2, 3], L)",
            "exclude(small, [1, 2, 3, 4], L)",
            "include(small, [1, 2, 3, 4], L)",
            "list_to_set([a, b, a, c, b], S)",
            "subtract([1, 2, 3, 4], [2, 4], R)",
            "intersection([1, 2, 3], [3, 1], I)",
            "union([1, 2], [2, 3], U)",
            "delete([a, b, a, c], a, R)",
            "memberchk(X, [q, r])",
            "keysort([b-1, a-2, b-0, a-1], L)",
            'msort([f(b), 1, a, "s", 2.0, g(a, b), Z], L)',
            "length(L, N), N >= 2, !",
            "flatten([1, [2, [3, 4]], 5], F)",
            "pairs_keys_values(P, [a, b], [1, 2])",
            "sumlist([1, 2], S)",
            "min_list([4, 2, 8], M)",
            "max_member(M, [3, 1, 4])",
            "atom_length(hello, N)",
            "atom_chars(abc, L)",
            "atom_codes(A, [104, 105])",
            "atom_concat(abc, def, A)",
            "atom_concat(X, Y, abc)",
            "atom_number('12.5', N)",
            "atom_number(A, 42)",
            "char_code(C, 0'a)",
            "atomic_list_concat([a, b, c], '-', A)",
            "atomic_list_concat(L, '-', 'x-y-z')",
            "atomic_list_concat([a, 1, 2.5], A)",
            "upcase_free(X) = upcase_free(y)",
        ],
        False,
    ),
    (
        "arithmetic",
        ARITHMETIC,
        [
            "catch(calc(X), error(E, _), X = err(E))",
            "cmp(R)",
            "fact(10, F)",
            "fib(15, F)",
            "X is 3 + 4 * 2 - 1",
            "X = 1 + 2, Y is X",
            "between(1, 4, X)",
            "between(1, inf, X), X * X > 50, !",
            "succ(X, 4)",
            "succ(3, X)",
            "plus(2, X, 5)",
            "X is 22 mod -7",
            "X is -22 rem 7",
            "X is 10 ** 20",
            "X is 10.0 ** 20",
            "X is 1 / 3",
            "X is 2 ** 0.5",
            "X is e ** 0",
            "X is pi",
            "X is 7 / 7.0",
        ],
        False,
    ),
    (
        "control",
        CONTROL,
        [
            "r(X)",
            "s(X)",
            "t(X)",
            "u(X)",
            "v(X)",
            "w(X)",
            "pick(C)",
            "first_two(L)",
            "safe_div(1, 0, Z)",
            "safe_div(1, 2, Z)",
            "catcher(R)",
            "soft(X)",
            "ig",
            "p(X), q(X)",
            "(p(X) ; X = 9)",
            "\\+ p(7)",
            "\\+ p(1)",
            "(p(X), X > 5 -> Y = a ; Y = b)",
            "call(p, X)",
            "G = p(X), call(G)",
            "findall(X-Y, (p(X), q(Y), X < Y), L)",
            "copy_term(f(X, Y, X), C)",
            "f(a, B) = f(A, b)",
            "f(X, a) \\= f(b, X)",
            "X = f(Y), Y = 2",
            "functor(f(a, b), N, A)",
            "functor(T, g, 3)",
            "arg(2, f(a, b, c), A)",
            "arg(N, f(a, b), A)",
            "f(a, b) =.. L",
            "T =.. [g, 1, 2]",
            "compare(O, a, b)",
            'X = "text"',
            "atom(a), \\+ atom(1), number(1.5), integer(3), var(_), nonvar(a)",
            'is_list([a]), \\+ is_list([a|_]), atomic("s"), compound(f(x)), callable(a)',
            "X @< Y",
            "a @< b, 1 @< a, f(a) @> a, 1.0 @< 1",
            "ground(f(a)), \\+ ground(f(_))",
            "once(member(X, [a, b]))",
            "forall(member(X, [1, 2]), X > 0)",
            "aggregate_all(sum(X), member(X, [1, 2, 3]), S)",
            "aggregate_all(max(X-Y), member(X-Y, [1-a, 3-b, 2-c]), M)",
            "aggregate_all(set(X), member(X, [c, a, b, a]), S)",
        ],
        False,
    ),
    (
        "tabled",
        TABLED,
        [
            "path(a, X)",
            "path(X, Y)",
            "path(X, a)",
            "reach(b, X)",
            "reach(X, X)",
            "even(X)",
            "odd(3)",
            "sg(c1, X)",
            "sg(X, Y)",
            "fibt(30, F)",
        ],
        True,
    ),
    (
        "terms",
        TERMS,
        [
            "data(D, B, T)",
            "data(f(X, g(1), L), B, T)",
            "X = [1, 2, 3], length(X, N), last(X, Last)",
            "X = f(- 1, -1, - a, 1 - -1, a = b, [a|b], 'hello world', \"s\", {x, y})",
            "X = 'a\\nb', atom_length(X, N)",
            "T = f(X, Y), copy_term(T, C), C = f(1, 2)",
        ],
        False,
    ),
    (
        "errors and limits",
        "deep(0) :- !.\ndeep(N) :- M is N - 1, deep(M), true.\n",
        [
            "catch(_ is 10.0 ** 400, error(F, _), true)",
            "catch(_ is 1 / 0.0, error(F, _), true)",
            "catch(_ is 0 / 0.0, error(F, _), true)",
            "catch(_ is 1.0e308 * 10, error(F, _), true)",
            "X is 7 << -1, Y is 7 >> -1",
            "catch(assert((is(_, _) :- true)), error(F, _), true)",
            "catch(msort(a, _), error(F, _), true)",
            "catch(msort([b|_], _), error(F, _), true)",
            "catch(term_to_atom(_, 'foo('), error(_E, _), true), _E =.. [F|_]",
            "catch(_ is 1 << 100000000000, error(F, _), true)",
            "catch(length(_, 100000000000), error(F, _), true)",
            "catch(functor(_, foo, 100000000000), error(F, _), true)",
            "catch(length(_, -1), error(F, _), true)",
            "X is 2 ** 200",
            "numlist(1, 1000000, L), length(L, N)",
            'X = "abc", string(X)',
        ],
        False,
    ),
]
