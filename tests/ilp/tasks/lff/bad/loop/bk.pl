q(X) :- q(s(X)).
