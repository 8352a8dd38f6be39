:- use_module(library(lists)).
0.3::likes(P, F) :- member(P, [ann, bob]), member(F, [pizza, pasta, salad]).
eats_italian(P) :- member(F, [pizza, pasta]), likes(P, F).
query(eats_italian(_)).
query(likes(ann, salad)).
