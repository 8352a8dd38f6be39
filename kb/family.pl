% family.pl: four generations of one family, for queries and for learning.
%
% Query it:   symlearn query kb/family.pl "grandparent(X, lisa)"
%             symlearn query kb/family.pl "ancestor(abe, X)"
% Learn from it (the learners set the target's own clauses aside):
%             symlearn learn foil kb/family.pl --target grandmother/2
%
% Generations: abe+mona, clancy+jackie -> homer, herb, marge, patty, selma
%              -> bart, lisa, maggie, ling -> rory, zia, nell.

:- table ancestor/2.

male(abe).    male(clancy).  male(homer).  male(herb).   male(bart).
male(rory).
female(mona). female(jackie). female(marge). female(patty). female(selma).
female(lisa). female(maggie). female(ling).  female(zia).   female(nell).

parent(abe, homer).     parent(mona, homer).
parent(abe, herb).      parent(mona, herb).
parent(clancy, marge).  parent(jackie, marge).
parent(clancy, patty).  parent(jackie, patty).
parent(clancy, selma).  parent(jackie, selma).
parent(homer, bart).    parent(marge, bart).
parent(homer, lisa).    parent(marge, lisa).
parent(homer, maggie).  parent(marge, maggie).
parent(selma, ling).
parent(bart, rory).
parent(lisa, zia).
parent(ling, nell).

father(X, Y) :- parent(X, Y), male(X).
mother(X, Y) :- parent(X, Y), female(X).
grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
ancestor(X, Y) :- parent(X, Y).
ancestor(X, Y) :- parent(X, Z), ancestor(Z, Y).
sibling(X, Y) :- parent(P, X), parent(P, Y), X \== Y.

% Examples of grandparent/2: grandparents, and near misses (parents,
% great-grandparents, the wrong way round).
pos(grandparent(abe, bart)).     pos(grandparent(mona, lisa)).
pos(grandparent(clancy, ling)).  pos(grandparent(jackie, maggie)).
pos(grandparent(homer, rory)).   pos(grandparent(marge, zia)).
pos(grandparent(selma, nell)).   pos(grandparent(jackie, bart)).
neg(grandparent(homer, bart)).   neg(grandparent(abe, homer)).
neg(grandparent(bart, abe)).     neg(grandparent(abe, rory)).
neg(grandparent(lisa, zia)).     neg(grandparent(clancy, nell)).
neg(grandparent(marge, lisa)).   neg(grandparent(herb, bart)).

% Examples of grandmother/2 (near misses: grandfathers and mothers).
pos(grandmother(mona, bart)).    pos(grandmother(mona, lisa)).
pos(grandmother(jackie, ling)).  pos(grandmother(marge, zia)).
pos(grandmother(marge, rory)).   pos(grandmother(selma, nell)).
pos(grandmother(jackie, maggie)).
neg(grandmother(abe, bart)).     neg(grandmother(homer, rory)).
neg(grandmother(marge, bart)).   neg(grandmother(clancy, ling)).
neg(grandmother(lisa, zia)).     neg(grandmother(mona, homer)).
neg(grandmother(jackie, nell)).

% Examples of ancestor/2.
pos(ancestor(abe, homer)).       pos(ancestor(abe, bart)).
pos(ancestor(mona, zia)).        pos(ancestor(jackie, nell)).
pos(ancestor(selma, ling)).      pos(ancestor(clancy, maggie)).
neg(ancestor(bart, abe)).        neg(ancestor(homer, marge)).
neg(ancestor(lisa, bart)).       neg(ancestor(herb, bart)).
neg(ancestor(ling, selma)).      neg(ancestor(zia, zia)).

% Language bias for the ILP learners (Aleph/Progol style).
:- modeh(1, grandparent(+person, +person)).
:- modeh(1, grandmother(+person, +person)).
:- modeh(1, ancestor(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(1, female(+person)).
:- modeb(1, male(+person)).
:- modeb(*, ancestor(+person, -person)).
:- determination(grandparent/2, parent/2).
:- determination(grandmother/2, parent/2).
:- determination(grandmother/2, female/1).
:- determination(ancestor/2, parent/2).
:- determination(ancestor/2, ancestor/2).
