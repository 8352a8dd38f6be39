% family_external/family.pl: kb/family.pl with its facts in CSV files.
%
% parent/2 and person/2 are external relations: their rows are read where
% they are (DuckDB by default once a relation is external; --backend memory
% reads them into Python, --backend spark into Spark DataFrames).
%
% Query it:   symlearn query kb/family_external/family.pl "grandparent(X, lisa)"
% Learn:      symlearn learn foil kb/family_external/family.pl --target grandparent/2

:- external(parent/2, csv('parent.csv')).
:- external(person/2, csv('person.csv')).
:- table ancestor/2.

male(X) :- person(X, male).
female(X) :- person(X, female).
grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
ancestor(X, Y) :- parent(X, Y).
ancestor(X, Y) :- parent(X, Z), ancestor(Z, Y).

pos(grandparent(abe, bart)).     pos(grandparent(mona, lisa)).
pos(grandparent(clancy, ling)).  pos(grandparent(jackie, maggie)).
pos(grandparent(homer, rory)).   pos(grandparent(marge, zia)).
pos(grandparent(selma, nell)).   pos(grandparent(jackie, bart)).
neg(grandparent(homer, bart)).   neg(grandparent(abe, homer)).
neg(grandparent(bart, abe)).     neg(grandparent(abe, rory)).
neg(grandparent(lisa, zia)).     neg(grandparent(clancy, nell)).
neg(grandparent(marge, lisa)).   neg(grandparent(herb, bart)).

:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(1, female(+person)).
:- modeb(1, male(+person)).
:- determination(grandparent/2, parent/2).
