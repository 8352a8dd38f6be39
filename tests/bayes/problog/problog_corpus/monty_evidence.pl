:- use_module(library(lists)).
1/3::prize(1); 1/3::prize(2); 1/3::prize(3).
select_door(1).
0.5::open_door(A) ; 0.5::open_door(B) :- member(A,[1,2,3]), member(B,[1,2,3]), A < B,
    \+ prize(A), \+ prize(B), \+ select_door(A), \+ select_door(B).
open_door(A) :- member(A,[1,2,3]), \+ prize(A), \+ select_door(A),
    member(B,[1,2,3]), prize(B), \+ select_door(B).
evidence(open_door(2)).
query(prize(_)).
