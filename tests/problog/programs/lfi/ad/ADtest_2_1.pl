%Expected outcome:
% 0.666667::c.
% 0.75::a; 0.25::b :- c.

t(_)::c.
t(_)::a; t(_)::b :- c.