% ancestor.pl: the family of family.pl with modes that allow recursion:
% Progol (like Aleph with the same modes) learns
%   ancestor(A, B) :- parent(A, B).
%   ancestor(A, B) :- parent(A, C), ancestor(C, B).     (or an equivalent order)
%
%   symlearn learn progol kb/ancestor.pl --target ancestor/2

:- include('family.pl').
:- modeb(*, ancestor(+person, -person)).
:- modeb(*, ancestor(-person, +person)).
