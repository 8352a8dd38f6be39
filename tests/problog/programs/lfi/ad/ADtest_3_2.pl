%Expected outcome:
% 0.2::a; 0.4::b; 0.4::c.

t(_)::a; t(_)::b; 0.4::c.