%Expected outcome:
% 0.6::a; 0.4::b.
% 0.5::c; 0.5::d.

t(_)::a; t(_)::b.
t(_)::c; t(_)::d.