% A threshold no single example holds, found by Aleph's lazy evaluation:
% above/2's # argument is computed during the search from the values its
% input takes on the covered positive and negative examples.
:- modeh(1, p(+number)).
:- modeb(1, above(+number, #number)).
:- lazy_evaluate(above/2).
:- determination(p/1, above/2).

% called with [Positives, Negatives]: the least positive value above every negative one
above([P, N], Value) :- !, max_list(N, Top), include(greater(Top), P, Over), min_list(Over, Value).
% called with a number and a constant: the test itself
above(X, Value) :- number(X), number(Value), !, X >= Value.
% called while the bottom clause is built
above(X, X).

greater(Top, X) :- X > Top.

pos(p(7)). pos(p(8)). pos(p(10)). pos(p(12)).
neg(p(1)). neg(p(3)). neg(p(6)).
