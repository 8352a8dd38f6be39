% two dice as annotated disjunctions with a variable
1/6::roll(D,1); 1/6::roll(D,2); 1/6::roll(D,3); 1/6::roll(D,4); 1/6::roll(D,5); 1/6::roll(D,6) :- die(D).
die(d1). die(d2).
odd(D) :- roll(D,X), X mod 2 =:= 1.
sum(S) :- roll(d1,A), roll(d2,B), S is A + B.
query(sum(S)) :- between(2, 12, S).
query(odd(d1)).
query(sum(7)).
query(sum(12)).
