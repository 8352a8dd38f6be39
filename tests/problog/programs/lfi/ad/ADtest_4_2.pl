%Expected outcome:
% 0.8::d.
% 0.3::a; 0.3::b; 0.4::c :- d.

t(_)::d.
t(_)::a; t(_)::b; 0.4::c :- d.