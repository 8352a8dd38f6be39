% ancestor/2 from parent/2 with recursion allowed by the modes; the other
% pairs of the seven people are negatives under the closed-world assumption.
:- include('family.pl').
:- set(closed_world, true).
:- modeh(1, ancestor(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(*, ancestor(+person, -person)).
:- modeb(*, ancestor(-person, +person)).
pos(ancestor(ann, bob)).
pos(ancestor(bob, cat)).
pos(ancestor(cat, dan)).
pos(ancestor(ann, eve)).
pos(ancestor(eve, fay)).
pos(ancestor(fay, gus)).
pos(ancestor(ann, cat)).
pos(ancestor(bob, dan)).
pos(ancestor(ann, fay)).
pos(ancestor(eve, gus)).
pos(ancestor(ann, dan)).
pos(ancestor(ann, gus)).
