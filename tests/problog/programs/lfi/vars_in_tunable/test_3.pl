%Expected outcome:
% 0.0::a(3).
% 1.0::a(1).
% 1.0::a(2).

t(_,X)::a(X).