%Expected outcome:
% 0.833333::d.
% 0.6::a; 0.2::b; 0.2::c :- d.

t(_)::d.
t(_)::a; t(_)::b; t(_)::c :- d.