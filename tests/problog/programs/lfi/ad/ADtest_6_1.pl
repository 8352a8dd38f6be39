%Expected outcome:
% 0.5::a(X); 0.5::b(X) :- between(1,2,X).

t(_)::a(X); t(_)::b(X) :- between(1,2,X).

