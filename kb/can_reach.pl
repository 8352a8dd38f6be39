% can_reach.pl: Quinlan's network (Quinlan 1990, "Learning logical definitions
% from relations", Machine Learning 5, figure 2): nine nodes, ten directed links.
% can_reach/2 holds when a chain of links leads from the first node to the second;
% every such pair is a positive example and, under the closed-world assumption
% (set below), every other pair of nodes is a negative one.  A learner must find
% the recursive definition:
%   can_reach(A, B) :- linked_to(A, B).
%   can_reach(A, B) :- linked_to(A, C), can_reach(C, B).
%
% Learn it:  symlearn learn foil kb/can_reach.pl --target can_reach/2
% Written for symlearn from the figure in the paper (facts only); MIT licence.

:- set(closed_world, true).

linked_to(n0, n1).
linked_to(n0, n3).
linked_to(n1, n2).
linked_to(n3, n2).
linked_to(n3, n4).
linked_to(n4, n5).
linked_to(n4, n6).
linked_to(n6, n8).
linked_to(n7, n6).
linked_to(n7, n8).

pos(can_reach(n0, n1)).
pos(can_reach(n0, n2)).
pos(can_reach(n0, n3)).
pos(can_reach(n0, n4)).
pos(can_reach(n0, n5)).
pos(can_reach(n0, n6)).
pos(can_reach(n0, n8)).
pos(can_reach(n1, n2)).
pos(can_reach(n3, n2)).
pos(can_reach(n3, n4)).
pos(can_reach(n3, n5)).
pos(can_reach(n3, n6)).
pos(can_reach(n3, n8)).
pos(can_reach(n4, n5)).
pos(can_reach(n4, n6)).
pos(can_reach(n4, n8)).
pos(can_reach(n6, n8)).
pos(can_reach(n7, n6)).
pos(can_reach(n7, n8)).

:- modeh(1, can_reach(+node, +node)).
:- modeb(*, linked_to(+node, -node)).
:- modeb(*, linked_to(-node, +node)).
:- modeb(*, can_reach(+node, -node)).
:- modeb(*, can_reach(-node, +node)).
