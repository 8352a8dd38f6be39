%Expected outcome:
% 0.75::b; 0.25::c.
% 0.5::a :- b.

t(_)::b; t(_)::c.
0.5::a:-b.