% grandparent/2 with two mislabelled examples (marked below): the rule that
% explains all others misclassifies them, and has the least description
% length (3 literals + 2 errors); without noise no program proves every
% positive and no negative.
:- set(noisy, true).
:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(*, male(+person)).

parent(a1, b1). parent(b1, c1). parent(b1, c2). parent(a1, b2). parent(b2, c3).
parent(a2, b3). parent(b3, c4). parent(b3, c5). parent(a2, b4). parent(b4, c6).
parent(a3, b5). parent(b5, c7). parent(c7, d1). parent(c7, d2). parent(b5, c8).
male(a1). male(b1). male(c1). male(b3). male(c5). male(a3). male(c7). male(d2).

pos(grandparent(a1, c1)). pos(grandparent(a1, c2)). pos(grandparent(a1, c3)).
pos(grandparent(a2, c4)). pos(grandparent(a2, c5)). pos(grandparent(a2, c6)).
pos(grandparent(a3, c7)). pos(grandparent(a3, c8)). pos(grandparent(b5, d1)).
pos(grandparent(b5, d2)).
pos(grandparent(b1, c1)).      % mislabelled: b1 is c1's parent
neg(grandparent(a1, b1)). neg(grandparent(a1, b2)). neg(grandparent(b1, c2)).
neg(grandparent(a2, b3)). neg(grandparent(c4, a2)). neg(grandparent(b3, c5)).
neg(grandparent(a3, b5)). neg(grandparent(c7, d1)). neg(grandparent(a3, d1)).
neg(grandparent(c1, a1)). neg(grandparent(b4, c6)).
neg(grandparent(a2, c6)).      % mislabelled: a2 is c6's grandparent
