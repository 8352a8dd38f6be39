% member.pl: Aleph's recursion example (Srinivasan, The Aleph manual,
% examples/recursion), in symlearn's file language: learn list membership
% from 19 positive and 6 negative examples with the mode that splits a list.
%
%   symlearn learn progol kb/member.pl
%
% Progol (like Aleph) learns
%   mem(A, B) :- B = [A|_].
%   mem(A, B) :- B = [_|C], mem(A, C).

:- modeh(*, mem(+any, +list)).
:- modeb(*, mem(+any, +list)).
:- modeb(1, ((+list) = ([-any|-list]))).
:- determination(mem/2, mem/2).
:- determination(mem/2, '='/2).
:- set(i, 3).
:- set(noise, 0).

pos(mem(0, [0])).       pos(mem(1, [1])).       pos(mem(2, [2])).
pos(mem(3, [3])).       pos(mem(4, [4])).       pos(mem(0, [0, 0])).
pos(mem(0, [0, 1])).    pos(mem(0, [0, 2])).    pos(mem(1, [0, 1])).
pos(mem(0, [1, 0])).    pos(mem(0, [2, 0])).    pos(mem(1, [1, 1])).
pos(mem(1, [2, 1])).    pos(mem(1, [1, 2])).    pos(mem(2, [2, 2])).
pos(mem(2, [3, 2])).    pos(mem(2, [2, 3])).    pos(mem(3, [2, 3])).
pos(mem(3, [4, 2, 3])).

neg(mem(0, [1, 2])).    neg(mem(0, [1])).       neg(mem(1, [0])).
neg(mem(3, [])).        neg(mem(2, [])).        neg(mem(2, [3])).
