parent(ann, bob).
parent(bob, cat).
:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-human, +person)).
pos(grandparent(ann, cat)).
neg(grandparent(bob, ann)).
