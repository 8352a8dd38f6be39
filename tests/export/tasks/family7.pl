% A 7-person family (issue 12): 4 grandparent positives, the 45 other
% pairs negative under the closed world.
:- set(closed_world, true).
:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).

parent(ann, bob).   parent(ann, cat).
parent(bob, dan).   parent(bob, eve).
parent(cat, fay).   parent(cat, gus).

pos(grandparent(ann, dan)).  pos(grandparent(ann, eve)).
pos(grandparent(ann, fay)).  pos(grandparent(ann, gus)).
