% influence round a ring of five
node(0). node(1). node(2). node(3). node(4).
next(X, Y) :- node(X), Y is (X + 1) mod 5.
0.1::seed(X) :- node(X).
0.6::spreads(X, Y) :- next(X, Y).
infected(X) :- seed(X).
infected(Y) :- next(X, Y), spreads(X, Y), infected(X).
evidence(infected(2), true).
query(infected(_)). query(seed(2)).
