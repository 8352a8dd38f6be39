% ProbLog 2's list predicates that the query engine's library (SWI-Prolog's
% library(lists)) does not have, written for symlearn.  Loaded by
% :- use_module(library(lists)) in a ProbLog program (and by the libraries
% that need them).

% enum_groups(+Pairs, -Group, -Values): for each group of the (Group, Value)
% pairs, in the order the groups first appear, the group's values in order.
enum_groups(Pairs, Group, Values) :-
    '$pl_groups'(Pairs, Groups),
    member(Group-Values, Groups).
% enum_groups(+Groups, +Values, -Group, -GroupValues): the same, from two lists.
enum_groups(Groups, Values, Group, GroupValues) :-
    '$pl_pairs'(Groups, Values, Pairs),
    enum_groups(Pairs, Group, GroupValues).

'$pl_pairs'([], [], []).
'$pl_pairs'([G|Gs], [V|Vs], [(G, V)|Ps]) :- '$pl_pairs'(Gs, Vs, Ps).
'$pl_groups'([], []).
'$pl_groups'([(G, V)|T], [G-[V|Vs]|Rest]) :-
    '$pl_group'(T, G, Vs, Others),
    '$pl_groups'(Others, Rest).
'$pl_group'([], _, [], []).
'$pl_group'([(G1, V)|T], G, [V|Vs], Others) :- G1 == G, '$pl_group'(T, G, Vs, Others).
'$pl_group'([(G1, V)|T], G, Vs, [(G1, V)|Others]) :- G1 \== G, '$pl_group'(T, G, Vs, Others).

unzip([], [], []).
unzip([(X, Y)|T], [X|Xs], [Y|Ys]) :- unzip(T, Xs, Ys).
zip(Xs, Ys, Pairs) :- unzip(Pairs, Xs, Ys).

% make_list(+N, +X, -List): N copies of X.
make_list(0, _, []).
make_list(N, X, [X|T]) :- N > 0, N1 is N - 1, make_list(N1, X, T).

prefix(Prefix, List) :- append(Prefix, _, List).
nextto(X, Y, [X, Y|_]).
nextto(X, Y, [_|T]) :- nextto(X, Y, T).
subset([], _).
subset([X|T], Set) :- memberchk(X, Set), subset(T, Set).
proper_length(List, Length) :- is_list(List), length(List, Length).
same_length(A, B) :- length(A, N), length(B, N).

% select_weighted(+Id, +Weights, +Values, -Value, -Rest): Value is chosen from
% Values with probability its weight over the total (one choice per Id and
% list position); Rest is the other values.  select_uniform/4: equal weights.
select_uniform(Id, Values, Value, Rest) :-
    length(Values, N),
    N > 0,
    W is 1 / N,
    make_list(N, W, Weights),
    select_weighted(Id, Weights, Values, Value, Rest).
select_weighted(Id, Weights, Values, Value, Rest) :-
    sum_list(Weights, Total),
    Total > 0,
    '$pl_select'(Id, Total, Weights, Values, Value, Rest).
select_weighted(Id, Pairs, Value, Rest) :-
    unzip(Pairs, Weights, Values),
    select_weighted(Id, Weights, Values, Value, Rest).

% The last value left is taken when every earlier one was passed over.
'$pl_select'(_, _, [_], [X], X, []).
'$pl_select'(Id, Total, [W|Ws], [X|Xs], X, Xs) :-
    Xs \= [],
    P is W / Total,
    '$pl_take'(Id, P, Ws, X, Xs).
'$pl_select'(Id, Total, [W|Ws], [X|Xs], Y, [X|Rest]) :-
    Xs \= [],
    P is W / Total,
    \+ '$pl_take'(Id, P, Ws, X, Xs),
    Left is Total - W,
    '$pl_select'(Id, Left, Ws, Xs, Y, Rest).
P::'$pl_take'(_, P, _, _, _).
