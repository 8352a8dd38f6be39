:- use_module(library(lists)).
% negation over several strata
0.5::p(1). 0.4::p(2). 0.3::p(3).
q(X) :- member(X, [1, 2, 3]), \+p(X).
r(X) :- member(X, [1, 2, 3]), \+q(X), X > 1.
s :- \+r(2), \+r(3).
t :- s, q(1).
query(q(_)). query(r(_)). query(s). query(t).
