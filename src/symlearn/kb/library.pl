% The library predicates of symlearn's query engine, written in Prolog as in
% SWI-Prolog's library(lists) and library(apply), so that their solutions come
% in the same order.  A knowledge base may define any of these itself; its own
% definition is then used instead.

member(X, [X|_]).
member(X, [_|T]) :- member(X, T).

append([], L, L).
append([H|T], L, [H|R]) :- append(T, L, R).

append(ListOfLists, List) :- '$append_lists'(ListOfLists, List).
'$append'([], L, L).
'$append'([H|T], L, [H|R]) :- '$append'(T, L, R).
'$append_lists'([], []).
'$append_lists'([L|Ls], As) :- append(L, Ws, As), '$append_lists'(Ls, Ws).

reverse(Xs, Ys) :- '$reverse'(Xs, [], Ys).
'$reverse'([], Ys, Ys).
'$reverse'([X|Xs], Rs, Ys) :- '$reverse'(Xs, [X|Rs], Ys).

nth0(I, L, E) :- '$nth'(L, 0, I, E).
nth1(I, L, E) :- '$nth'(L, 1, I, E).
'$nth'(L, B, I, E) :- integer(I), !, Skip is I - B, Skip >= 0, '$nth_fixed'(Skip, L, E).
'$nth'([H|T], B, I, E) :- var(I), '$nth_var'(T, H, B, I, E).
'$nth'(_, _, I, _) :- nonvar(I), \+ integer(I), throw(error(type_error(integer, I), _)).
'$nth_fixed'(0, [E|_], E) :- !.
'$nth_fixed'(N, [_|T], E) :- N1 is N - 1, '$nth_fixed'(N1, T, E).
'$nth_var'(_, H, B, B, H).
'$nth_var'([H|T], _, B, I, E) :- B1 is B + 1, '$nth_var'(T, H, B1, I, E).

last([X], X) :- !.
last([_|T], X) :- last(T, X).

select(X, [X|T], T).
select(X, [H|T], [H|R]) :- select(X, T, R).

selectchk(X, L, R) :- select(X, L, R), !.

subtract([], _, []).
subtract([E|T], D, R) :- memberchk(E, D), !, subtract(T, D, R).
subtract([H|T], D, [H|R]) :- subtract(T, D, R).

intersection([], _, []).
intersection([X|T], L, I) :- memberchk(X, L), !, I = [X|R], intersection(T, L, R).
intersection([_|T], L, R) :- intersection(T, L, R).

union([], L, L).
union([H|T], L, R) :- memberchk(H, L), !, union(T, L, R).
union([H|T], L, [H|R]) :- union(T, L, R).

delete([], _, []).
delete([E|T], D, R) :- E \= D, !, R = [E|R1], delete(T, D, R1).
delete([_|T], D, R) :- delete(T, D, R).

exclude(_, [], []).
exclude(P, [H|T], R) :- ( call(P, H) -> R = R1 ; R = [H|R1] ), exclude(P, T, R1).

include(_, [], []).
include(P, [H|T], R) :- ( call(P, H) -> R = [H|R1] ; R = R1 ), include(P, T, R1).

partition(_, [], [], []).
partition(P, [H|T], I, E) :-
    (   call(P, H) -> I = [H|I1], E = E1 ; I = I1, E = [H|E1] ),
    partition(P, T, I1, E1).

maplist(_, []).
maplist(G, [X|Xs]) :- call(G, X), maplist(G, Xs).
maplist(_, [], []).
maplist(G, [X|Xs], [Y|Ys]) :- call(G, X, Y), maplist(G, Xs, Ys).
maplist(_, [], [], []).
maplist(G, [X|Xs], [Y|Ys], [Z|Zs]) :- call(G, X, Y, Z), maplist(G, Xs, Ys, Zs).
maplist(_, [], [], [], []).
maplist(G, [X|Xs], [Y|Ys], [Z|Zs], [W|Ws]) :- call(G, X, Y, Z, W), maplist(G, Xs, Ys, Zs, Ws).

foldl(G, L, V0, V) :- '$foldl'(L, G, V0, V).
'$foldl'([], _, V, V).
'$foldl'([X|Xs], G, V0, V) :- call(G, X, V0, V1), '$foldl'(Xs, G, V1, V).
foldl(G, L1, L2, V0, V) :- '$foldl'(L1, L2, G, V0, V).
'$foldl'([], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], G, V0, V) :- call(G, X, Y, V0, V1), '$foldl'(Xs, Ys, G, V1, V).
foldl(G, L1, L2, L3, V0, V) :- '$foldl'(L1, L2, L3, G, V0, V).
'$foldl'([], [], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], [Z|Zs], G, V0, V) :-
    call(G, X, Y, Z, V0, V1), '$foldl'(Xs, Ys, Zs, G, V1, V).

sum_list(Xs, Sum) :- '$sum_list'(Xs, 0, Sum).
'$sum_list'([], Sum, Sum).
'$sum_list'([X|Xs], Sum0, Sum) :- Sum1 is Sum0 + X, '$sum_list'(Xs, Sum1, Sum).
sumlist(Xs, Sum) :- sum_list(Xs, Sum).

max_list([H|T], Max) :- '$max_list'(T, H, Max).
'$max_list'([], Max, Max).
'$max_list'([H|T], Max0, Max) :- Max1 is max(H, Max0), '$max_list'(T, Max1, Max).
min_list([H|T], Min) :- '$min_list'(T, H, Min).
'$min_list'([], Min, Min).
'$min_list'([H|T], Min0, Min) :- Min1 is min(H, Min0), '$min_list'(T, Min1, Min).

max_member(Max, [H|T]) :- '$max_member'(T, H, Max).
'$max_member'([], Max, Max).
'$max_member'([H|T], Max0, Max) :- ( H @> Max0 -> '$max_member'(T, H, Max) ; '$max_member'(T, Max0, Max) ).
min_member(Min, [H|T]) :- '$min_member'(T, H, Min).
'$min_member'([], Min, Min).
'$min_member'([H|T], Min0, Min) :- ( H @< Min0 -> '$min_member'(T, H, Min) ; '$min_member'(T, Min0, Min) ).

list_to_set(List, Set) :- '$list_to_set'(List, [], Set).
'$list_to_set'([], _, []).
'$list_to_set'([H|T], Seen, R) :-
    (   '$memberchk_eq'(H, Seen) -> R = R1 ; R = [H|R1] ),
    '$list_to_set'(T, [H|Seen], R1).
'$memberchk_eq'(X, [Y|Ys]) :- ( X == Y -> true ; '$memberchk_eq'(X, Ys) ).

permutation([], []).
permutation(L, [H|T]) :- select(H, L, R), permutation(R, T).

flatten(List, Flat) :- '$flatten'(List, [], Flat0), !, Flat = Flat0.
'$flatten'(Var, Tl, [Var|Tl]) :- var(Var), !.
'$flatten'([], Tl, Tl) :- !.
'$flatten'([Hd|Tl], Tail, List) :- !, '$flatten'(Hd, FlatHeadTail, List), '$flatten'(Tl, Tail, FlatHeadTail).
'$flatten'(NonList, Tl, [NonList|Tl]).

% library(sort)'s predsort/3: merge sort with a three-way comparison predicate
% (=, <, >); an element comparing = to another is dropped.
predsort(P, L, Sorted) :-
    length(L, N),
    '$predsort'(P, N, L, _, Sorted1),
    !,
    Sorted = Sorted1.
'$predsort'(P, 2, [X1,X2|L], L, R) :- !, call(P, Delta, X1, X2), '$sort2'(Delta, X1, X2, R).
'$predsort'(_, 1, [X|L], L, [X]) :- !.
'$predsort'(_, 0, L, L, []) :- !.
'$predsort'(P, N, L1, L3, R) :-
    N1 is N // 2, plus(N1, N2, N),
    '$predsort'(P, N1, L1, L2, R1),
    '$predsort'(P, N2, L2, L3, R2),
    '$predmerge'(P, R1, R2, R).
'$sort2'(<, X1, X2, [X1,X2]).
'$sort2'(=, X1, _, [X1]).
'$sort2'(>, X1, X2, [X2,X1]).
'$predmerge'(_, [], R, R) :- !.
'$predmerge'(_, R, [], R) :- !.
'$predmerge'(P, [H1|T1], [H2|T2], Result) :-
    call(P, Delta, H1, H2), !,
    '$predmerge_'(Delta, P, H1, H2, T1, T2, Result).
'$predmerge_'(<, P, H1, H2, T1, T2, [H1|R]) :- '$predmerge'(P, T1, [H2|T2], R).
'$predmerge_'(=, P, H1, _, T1, T2, [H1|R]) :- '$predmerge'(P, T1, T2, R).
'$predmerge_'(>, P, H1, H2, T1, T2, [H2|R]) :- '$predmerge'(P, [H1|T1], T2, R).

% library(ordsets): ordered sets are sorted lists without duplicates.
list_to_ord_set(List, Set) :- sort(List, Set).
ord_union(A, B, C) :- append(A, B, L), sort(L, C).
ord_union(ListOfSets, Set) :- append(ListOfSets, L), sort(L, Set).
ord_subtract(A, B, C) :- '$ord_subtract'(A, B, C).
'$ord_subtract'([], _, []).
'$ord_subtract'([H|T], B, C) :- ( memberchk(H, B) -> C = C1 ; C = [H|C1] ), '$ord_subtract'(T, B, C1).
ord_intersection(A, B, C) :- '$ord_intersection'(A, B, C).
'$ord_intersection'([], _, []).
'$ord_intersection'([H|T], B, C) :- ( memberchk(H, B) -> C = [H|C1] ; C = C1 ), '$ord_intersection'(T, B, C1).
ord_memberchk(X, Set) :- memberchk(X, Set).
ord_insert(Set, X, Set1) :- ord_union(Set, [X], Set1).
ord_add_element(Set, X, Set1) :- ord_union(Set, [X], Set1).
ord_del_element(Set, X, Set1) :- ord_subtract(Set, [X], Set1).
ord_subset(A, B) :- ord_subtract(A, B, []).
ord_empty([]).

pairs_keys_values([], [], []).
pairs_keys_values([K-V|T], [K|Ks], [V|Vs]) :- pairs_keys_values(T, Ks, Vs).
pairs_keys([], []).
pairs_keys([K-_|T], [K|Ks]) :- pairs_keys(T, Ks).
pairs_values([], []).
pairs_values([_-V|T], [V|Vs]) :- pairs_values(T, Vs).

% library(clpfd)'s labelling, on the solver's steps (engine/clpfd_builtins.py): SWI-Prolog's
% "step" branching, X = V or else X #\= V, the variable chosen again each time.
label(Vars) :- labeling([], Vars).
labeling(Options, Vars) :-
    '$fd_options'(Options, Vars, Selection, Order),
    '$fd_label'(Vars, Selection, Order).
'$fd_label'(Vars, Selection, Order) :-
    (   '$fd_select'(Vars, Selection, Var)
    ->  '$fd_choose'(Var, Order, Value),
        (   Var = Value
        ;   '$fd_exclude'(Var, Value)
        ),
        '$fd_label'(Vars, Selection, Order)
    ;   true
    ).
indomain(Var) :- label([Var]).
transpose([], []).
transpose([F|Fs], Ts) :- '$transpose'(F, [F|Fs], Ts).
'$transpose'([], _, []).
'$transpose'([_|Rs], Ms, [Ts|Tss]) :- '$lists_firsts_rests'(Ms, Ts, Ms1), '$transpose'(Rs, Ms1, Tss).
'$lists_firsts_rests'([], [], []).
'$lists_firsts_rests'([[F|Os]|Rest], [F|Fs], [Os|Oss]) :- '$lists_firsts_rests'(Rest, Fs, Oss).

% with_output_to/2: what Goal writes goes to Sink (atom(A), string(S), codes(C), chars(C)).
with_output_to(Sink, Goal) :-
    '$push_output'(Depth),
    (   catch(Goal, Error, ('$pop_output'(Depth, _), throw(Error)))
    ->  '$pop_output'(Depth, Text),
        '$output_sink'(Sink, Text)
    ;   '$pop_output'(Depth, _),
        fail
    ).

% Aleph's aleph_random/1 (a float in [0, 1)), which the background of Aleph's
% examples calls (numbers/miline); defined as Aleph defines it under SWI-Prolog.
aleph_random(X) :- I = 1000000, X is float(random(I-1))/float(I).

% ProbLog's collectors and try_call/1 (ProbLog 2 has them built in): all/3 is
% findall/3 without repeated answers (in the order found), failing when there is
% none; all_or_none/3 gives [] then.  try_call/1 fails on an unknown predicate.
all(T, G, L) :- findall(T, G, L0), L0 \== [], '$answers'(L0, L).
all_or_none(T, G, L) :- findall(T, G, L0), '$answers'(L0, L).
'$answers'(L0, L) :- '$numbered'(L0, 1, P), sort(2, @<, P, U), keysort(U, S), pairs_values(S, L).
'$numbered'([], _, []).
'$numbered'([X|T], I, [I-X|R]) :- I1 is I + 1, '$numbered'(T, I1, R).
try_call(G) :- catch(G, error(existence_error(procedure, _), _), fail).
