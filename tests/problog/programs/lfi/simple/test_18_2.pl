%Expected outcome:
% 0.6::a(X,Y) :- between(1,2,X), between(1,2,Y).

t(_)::a(X, Y) :- between(1,2,X), between(1,2,Y).