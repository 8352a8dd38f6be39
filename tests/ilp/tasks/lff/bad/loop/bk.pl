q(X) :- q(X).
