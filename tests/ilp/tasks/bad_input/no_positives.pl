parent(ann, bob).
parent(bob, cat).
:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parent(+person, -person)).
neg(grandparent(bob, ann)).
