% annotated disjunctions with evidence
1/6::roll(D,1); 1/6::roll(D,2); 1/6::roll(D,3); 1/6::roll(D,4); 1/6::roll(D,5); 1/6::roll(D,6) :- die(D).
die(d1). die(d2).
odd(D) :- roll(D,X), X mod 2 =:= 1.
sum(S) :- roll(d1,A), roll(d2,B), S is A + B.
evidence(odd(d1), true).
evidence(odd(d2), false).
query(sum(7)).
query(sum(5)).
query(roll(d1,3)).
