parent(ann, bob).
parent(bob, cat).
:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parnet(+person, -person)).
pos(grandparent(ann, cat)).
neg(grandparent(bob, ann)).
