%Expected outcome:
% 0.6::a; 0.2::b; 0.2::c.

t(_)::a; t(_)::b; t(_)::c.