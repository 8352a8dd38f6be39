% grandparent/2 from parent/2: 4 positives, the other 45 pairs of the
% seven people are negatives under the closed-world assumption.
:- include('family.pl').
:- set(closed_world, true).
:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
pos(grandparent(ann, cat)).
pos(grandparent(bob, dan)).
pos(grandparent(ann, fay)).
pos(grandparent(eve, gus)).
