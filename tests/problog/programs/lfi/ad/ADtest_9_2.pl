%Expected outcome:
% 0.0::a; 1.0::b.
% 1.0::a; 0.0::c.

t(_)::a; t(_)::b.
t(_)::a; t(_)::c.