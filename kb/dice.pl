% Two dice as annotated disjunctions with a variable (ProbLog tutorial).
% Variables everywhere: in the disjunction, in rules, in query/1; builtins in bodies.
1/6::roll(D, 1); 1/6::roll(D, 2); 1/6::roll(D, 3);
1/6::roll(D, 4); 1/6::roll(D, 5); 1/6::roll(D, 6) :- die(D).
die(red). die(blue).
odd(D) :- roll(D, X), X mod 2 =:= 1.
sum(S) :- roll(red, A), roll(blue, B), S is A + B.
double :- roll(red, X), roll(blue, X).
evidence(odd(red), true).
query(sum(S)) :- between(6, 8, S).
query(double).
