% a small genetics program (ProbLog tutorial style)
person(ann). person(bob). person(carl).
parent(ann, carl). parent(bob, carl).
founder(X) :- person(X), \+parent(_, X).
0.5::gene(X, a); 0.5::gene(X, b) :- founder(X).
inherits(C, G) :- parent(P, C), gene(P, G).
0.6::gene(C, a) :- inherits(C, a).
0.6::gene(C, b) :- inherits(C, b).
has_both(X) :- gene(X, a), gene(X, b).
query(gene(carl, _)). query(has_both(carl)).
