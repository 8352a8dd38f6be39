:- use_module(library(lists)).
% counting through list recursion
0.5::toss(C) :- member(C, [c1, c2, c3, c4]).
count([], 0).
count([C|T], N) :- toss(C), count(T, M), N is M + 1.
count([C|T], N) :- \+toss(C), count(T, N).
at_least_two :- count([c1, c2, c3, c4], N), N >= 2.
query(count([c1, c2, c3, c4], _)). query(at_least_two).
