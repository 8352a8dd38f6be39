% ProbLog 2's library(aggregate), written for symlearn: the clause
%   h(G1, ..., avg<X>) :- Body.
% is read as
%   h(G1, ..., R) :- aggregate(avg, X, [G1, ...], Body, ([G1, ...], R)).
% and R is the average of X over Body's solutions for each group of G1, ...
% (avg, sum, min, max; any other name F is called as F(Values, R)).

aggregate(Function, Variable, Group, Body, (Group, Result)) :-
    all([Group, Body, Variable], Body, Solutions),
    '$pl_columns'(Solutions, Groups, Values),
    enum_groups(Groups, Values, Group, GroupValues),
    '$pl_aggregate'(Function, GroupValues, Result).

'$pl_columns'([], [], []).
'$pl_columns'([[G, _, V]|T], [G|Gs], [V|Vs]) :- '$pl_columns'(T, Gs, Vs).

% avg divides as ProbLog does (a float, also when the sum divides evenly).
'$pl_aggregate'(avg, Values, Average) :-
    sum_list(Values, Sum),
    length(Values, N),
    Average is float(Sum) / N.
'$pl_aggregate'(sum, Values, Sum) :- sum_list(Values, Sum).
'$pl_aggregate'(min, Values, Min) :- min_list(Values, Min).
'$pl_aggregate'(max, Values, Max) :- max_list(Values, Max).
'$pl_aggregate'(Function, Values, Result) :-
    \+ memberchk(Function, [avg, sum, min, max]),
    call(Function, Values, Result).
