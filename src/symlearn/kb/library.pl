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

% SWI-Prolog's library(error): must_be/2 throws the error SWI throws when X is
% not of Type (instantiation_error when X is unbound or a partial list);
% is_of_type/2 only tests.
must_be(Type, X) :-
    (   nonvar(Type), '$has_type'(Type, X)
    ->  true
    ;   '$known_type'(Type)
    ->  '$not_of_type'(Type, X)
    ;   nonvar(Type)
    ->  throw(error(existence_error(type, Type), _))
    ;   throw(error(instantiation_error, _))
    ).
is_of_type(Type, X) :-
    (   nonvar(Type)
    ->  '$has_type'(Type, X), !
    ;   throw(error(instantiation_error, _))
    ).
'$known_type'(Type) :- nonvar(Type), \+ \+ '$type_name'(Type).
'$type_name'(any).
'$type_name'(atom).
'$type_name'(atomic).
'$type_name'(between(_, _)).
'$type_name'(boolean).
'$type_name'(callable).
'$type_name'(char).
'$type_name'(chars).
'$type_name'(code).
'$type_name'(codes).
'$type_name'(compound).
'$type_name'(constant).
'$type_name'(float).
'$type_name'(ground).
'$type_name'(integer).
'$type_name'(list).
'$type_name'(list(_)).
'$type_name'(list_or_partial_list).
'$type_name'(negative_integer).
'$type_name'(nonneg).
'$type_name'(nonvar).
'$type_name'(number).
'$type_name'(oneof(_)).
'$type_name'(pair).
'$type_name'(positive_integer).
'$type_name'(proper_list).
'$type_name'(rational).
'$type_name'(string).
'$type_name'(symbol).
'$type_name'(text).
'$type_name'(var).
'$has_type'(any, _).
'$has_type'(atom, X) :- atom(X).
'$has_type'(atomic, X) :- atomic(X).
'$has_type'(between(L, U), X) :-
    (   integer(L), integer(U)
    ->  integer(X), X >= L, X =< U
    ;   number(X), X >= L, X =< U
    ).
'$has_type'(boolean, X) :- (X == true ; X == false), !.
'$has_type'(callable, X) :- callable(X).
'$has_type'(char, X) :- atom(X), atom_length(X, 1).
'$has_type'(chars, X) :- is_list(X), '$all_of_type'(X, char).
'$has_type'(code, X) :- integer(X), X >= 0, X =< 0x10ffff.
'$has_type'(codes, X) :- is_list(X), '$all_of_type'(X, code).
'$has_type'(compound, X) :- compound(X).
'$has_type'(constant, X) :- atomic(X).
'$has_type'(float, X) :- float(X).
'$has_type'(ground, X) :- ground(X).
'$has_type'(integer, X) :- integer(X).
'$has_type'(list, X) :- is_list(X).
'$has_type'(list(Type), X) :- is_list(X), '$all_of_type'(X, Type).
'$has_type'(list_or_partial_list, X) :- '$list_skeleton'(X).
'$has_type'(negative_integer, X) :- integer(X), X < 0.
'$has_type'(nonneg, X) :- integer(X), X >= 0.
'$has_type'(nonvar, X) :- nonvar(X).
'$has_type'(number, X) :- number(X).
'$has_type'(oneof(L), X) :- ground(X), memberchk(X, L).
'$has_type'(pair, X) :- nonvar(X), X = _-_.
'$has_type'(positive_integer, X) :- integer(X), X > 0.
'$has_type'(proper_list, X) :- is_list(X).
'$has_type'(rational, X) :- integer(X).
'$has_type'(string, X) :- string(X).
'$has_type'(symbol, X) :- atom(X).
'$has_type'(text, X) :- (atom(X) ; string(X) ; '$has_type'(chars, X) ; '$has_type'(codes, X)), !.
'$has_type'(var, X) :- var(X).
'$all_of_type'([], _).
'$all_of_type'([X|Xs], Type) :- '$has_type'(Type, X), '$all_of_type'(Xs, Type).
'$list_skeleton'(X) :- '$list_end'(X, End), ( var(End) -> true ; End == [] ).
'$not_of_type'(var, X) :- !, throw(error(uninstantiation_error(X), _)).
'$not_of_type'(list, X) :- !, '$not_a_list'(list, X).
'$not_of_type'(list(Of), X) :- !, '$not_a_list'(list(Of), X).
'$not_of_type'(chars, X) :- !, '$not_a_list'(list(char), X).
'$not_of_type'(codes, X) :- !, '$not_a_list'(list(code), X).
'$not_of_type'(list_or_partial_list, X) :- !, throw(error(type_error(list, X), _)).
'$not_of_type'(_, X) :- var(X), !, throw(error(instantiation_error, _)).
'$not_of_type'(Type, X) :- '$ground_type'(Type), \+ ground(X), !, throw(error(instantiation_error, _)).
'$not_of_type'(Type, X) :- throw(error(type_error(Type, X), _)).
'$ground_type'(ground).
'$ground_type'(oneof(_)).
'$ground_type'(text).
'$ground_type'(string).
'$ground_type'(rational).
'$not_a_list'(Type, X) :-
    '$list_end'(X, End),
    (   var(End)
    ->  throw(error(instantiation_error, _))
    ;   End == [], Type = list(Of)
    ->  '$first_not_of_type'(X, Of, E), '$not_of_type'(Of, E)
    ;   throw(error(type_error(Type, X), _))
    ).
'$first_not_of_type'([X|Xs], Type, E) :-
    (   '$has_type'(Type, X) -> '$first_not_of_type'(Xs, Type, E) ; E = X ).

% SWI-Prolog's library(assoc): AVL trees (Adelson-Velsky and Landis 1962;
% Knuth, TAOCP vol. 3, 6.2.3), in SWI's representation so that the same
% operations build the same term: t is empty, t(K,V,B,L,R) a node whose
% balance B is < (L is one deeper), - (equal) or > (R is one deeper).
empty_assoc(t).
get_assoc(Key, t(K,V,_,L,R), Val) :-
    compare(Order, Key, K),
    '$get_assoc'(Order, Key, V, L, R, Val).
'$get_assoc'(=, _, V, _, _, V).
'$get_assoc'(<, Key, _, L, _, Val) :- get_assoc(Key, L, Val).
'$get_assoc'(>, Key, _, _, R, Val) :- get_assoc(Key, R, Val).
put_assoc(Key, A0, Value, A) :- '$assoc_put'(A0, Key, Value, A, _).
list_to_assoc(Pairs, Assoc) :-
    keysort(Pairs, Sorted),
    (   '$strictly_ordered'(Sorted)
    ->  '$assoc_of_sorted'(Sorted, Assoc)
    ;   throw(error(domain_error(unique_key_pairs, Pairs), _))
    ).
ord_list_to_assoc(Pairs, Assoc) :-
    (   '$strictly_ordered'(Pairs)
    ->  '$assoc_of_sorted'(Pairs, Assoc)
    ;   throw(error(domain_error(key_ordered_pairs, Pairs), _))
    ).
assoc_to_list(A, Pairs) :- '$assoc_pairs'(A, Pairs, []).
assoc_to_keys(A, Keys) :- '$assoc_pairs'(A, Pairs, []), pairs_keys(Pairs, Keys).
assoc_to_values(A, Values) :- '$assoc_pairs'(A, Pairs, []), pairs_values(Pairs, Values).
gen_assoc(Key, A, Val) :- '$assoc_pairs'(A, Pairs, []), member(Key-Val, Pairs).
is_assoc(A) :- nonvar(A), '$assoc_checked'(A, _, _, _), !.
max_assoc(t(K,V,_,_,R), Key, Val) :- '$assoc_last'(R, K, V, Key, Val).
min_assoc(t(K,V,_,L,_), Key, Val) :- '$assoc_first'(L, K, V, Key, Val).
map_assoc(_, t).
map_assoc(G, t(_,V,_,L,R)) :- map_assoc(G, L), call(G, V), map_assoc(G, R).
map_assoc(_, t, t).
map_assoc(G, t(K,V,B,L0,R0), t(K,W,B,L,R)) :-
    map_assoc(G, L0, L), call(G, V, W), map_assoc(G, R0, R).
del_assoc(Key, A0, Val, A) :- '$assoc_delete'(A0, Key, Val, A, _).
del_min_assoc(A0, Key, Val, A) :- '$assoc_delete_first'(A0, K, V, A, _), Key = K, Val = V.
del_max_assoc(A0, Key, Val, A) :- '$assoc_delete_last'(A0, K, V, A, _), Key = K, Val = V.

'$strictly_ordered'([]).
'$strictly_ordered'([K-_|T]) :- '$strictly_ordered'(T, K).
'$strictly_ordered'([], _).
'$strictly_ordered'([K-_|T], K0) :- K0 @< K, '$strictly_ordered'(T, K).
% A perfectly balanced tree of N sorted pairs: the middle pair at the root,
% the left half one larger when N - 1 is odd.
'$assoc_of_sorted'(Pairs, A) :- length(Pairs, N), '$assoc_of_sorted'(N, Pairs, [], _, A).
'$assoc_of_sorted'(0, Pairs, Pairs, 0, t) :- !.
'$assoc_of_sorted'(N, Pairs, Rest, Depth, t(K,V,B,L,R)) :-
    Right is (N - 1) // 2,
    Left is N - 1 - Right,
    '$assoc_of_sorted'(Left, Pairs, [K-V|Upper], LeftDepth, L),
    '$assoc_of_sorted'(Right, Upper, Rest, RightDepth, R),
    Depth is LeftDepth + 1,
    '$assoc_balance'(LeftDepth, RightDepth, B).
'$assoc_balance'(D, D, -) :- !.
'$assoc_balance'(L, R, <) :- L > R, !.
'$assoc_balance'(_, _, >).
'$assoc_pairs'(t, Pairs, Pairs).
'$assoc_pairs'(t(K,V,_,L,R), Pairs, Rest) :-
    '$assoc_pairs'(L, Pairs, [K-V|Middle]), '$assoc_pairs'(R, Middle, Rest).
'$assoc_first'(t, K, V, K, V).
'$assoc_first'(t(K,V,_,L,_), _, _, Key, Val) :- '$assoc_first'(L, K, V, Key, Val).
'$assoc_last'(t, K, V, K, V).
'$assoc_last'(t(K,V,_,_,R), _, _, Key, Val) :- '$assoc_last'(R, K, V, Key, Val).
% '$assoc_checked'(A, Depth, Min, Max): A is an ordered AVL tree with its balances right.
'$assoc_checked'(t, 0, _, _).
'$assoc_checked'(t(K,_,B,L,R), Depth, Min, Max) :-
    '$assoc_checked'(L, LeftDepth, Min, K0), '$assoc_checked'(R, RightDepth, K1, Max),
    (var(K0) -> Min = K ; K0 @< K), (var(K1) -> Max = K ; K @< K1),
    '$assoc_balance'(LeftDepth, RightDepth, B),
    Depth is max(LeftDepth, RightDepth) + 1.

% Insertion: Grew is yes when the tree is one deeper than before.
'$assoc_put'(t, K, V, t(K,V,-,t,t), yes).
'$assoc_put'(t(K0,V0,B,L,R), K, V, A, Grew) :-
    compare(Order, K, K0),
    '$assoc_put'(Order, K0, V0, B, L, R, K, V, A, Grew).
'$assoc_put'(=, K0, _, B, L, R, _, V, t(K0,V,B,L,R), no).
'$assoc_put'(<, K0, V0, B, L0, R, K, V, A, Grew) :-
    '$assoc_put'(L0, K, V, L, LeftGrew),
    (   LeftGrew == yes
    ->  '$assoc_left_deeper'(B, K0, V0, L, R, A, Grew)
    ;   A = t(K0,V0,B,L,R), Grew = no
    ).
'$assoc_put'(>, K0, V0, B, L, R0, K, V, A, Grew) :-
    '$assoc_put'(R0, K, V, R, RightGrew),
    (   RightGrew == yes
    ->  '$assoc_right_deeper'(B, K0, V0, L, R, A, Grew)
    ;   A = t(K0,V0,B,L,R), Grew = no
    ).
% After an insertion into the left (right) subtree made it one deeper: the
% node with its balance B before, and yes when the whole tree is one deeper.
'$assoc_left_deeper'(>, K, V, L, R, t(K,V,-,L,R), no).
'$assoc_left_deeper'(-, K, V, L, R, t(K,V,<,L,R), yes).
'$assoc_left_deeper'(<, K, V, L, R, A, no) :- '$assoc_rotate_right'(L, K, V, R, A, _).
'$assoc_right_deeper'(<, K, V, L, R, t(K,V,-,L,R), no).
'$assoc_right_deeper'(-, K, V, L, R, t(K,V,>,L,R), yes).
'$assoc_right_deeper'(>, K, V, L, R, A, no) :- '$assoc_rotate_left'(R, K, V, L, A, _).
% Rotations of a node K whose left (right) subtree is two deeper than the
% other; Lower is yes when the result is one shallower than the node was.
'$assoc_rotate_right'(t(LK,LV,<,LL,LR), K, V, R, t(LK,LV,-,LL,t(K,V,-,LR,R)), yes).
'$assoc_rotate_right'(t(LK,LV,-,LL,LR), K, V, R, t(LK,LV,>,LL,t(K,V,<,LR,R)), no).
'$assoc_rotate_right'(t(LK,LV,>,LL,t(XK,XV,XB,XL,XR)), K, V, R,
                      t(XK,XV,-,t(LK,LV,B1,LL,XL),t(K,V,B2,XR,R)), yes) :-
    '$assoc_split_balance'(XB, B1, B2).
'$assoc_rotate_left'(t(RK,RV,>,RL,RR), K, V, L, t(RK,RV,-,t(K,V,-,L,RL),RR), yes).
'$assoc_rotate_left'(t(RK,RV,-,RL,RR), K, V, L, t(RK,RV,<,t(K,V,>,L,RL),RR), no).
'$assoc_rotate_left'(t(RK,RV,<,t(XK,XV,XB,XL,XR),RR), K, V, L,
                     t(XK,XV,-,t(K,V,B1,L,XL),t(RK,RV,B2,XR,RR)), yes) :-
    '$assoc_split_balance'(XB, B1, B2).
% The balances of the two nodes a double rotation makes of the middle node's subtrees.
'$assoc_split_balance'(<, -, >).
'$assoc_split_balance'(-, -, -).
'$assoc_split_balance'(>, <, -).

% Deletion: Shrank is yes when the tree is one shallower than before.
'$assoc_delete'(t(K0,V0,B,L,R), K, V, A, Shrank) :-
    compare(Order, K, K0),
    '$assoc_delete'(Order, K0, V0, B, L, R, K, V, A, Shrank).
'$assoc_delete'(=, _, V0, B, L, R, _, V, A, Shrank) :-
    V = V0,
    '$assoc_without_root'(B, L, R, A, Shrank).
'$assoc_delete'(<, K0, V0, B, L0, R, K, V, A, Shrank) :-
    '$assoc_delete'(L0, K, V, L, LeftShrank),
    '$assoc_left_shrank'(LeftShrank, B, K0, V0, L, R, A, Shrank).
'$assoc_delete'(>, K0, V0, B, L, R0, K, V, A, Shrank) :-
    '$assoc_delete'(R0, K, V, R, RightShrank),
    '$assoc_right_shrank'(RightShrank, B, K0, V0, L, R, A, Shrank).
% A node without its own pair: a single subtree moves up; otherwise the
% nearest pair of the deeper side (the right when it is deeper, else the left)
% takes the root's place.
'$assoc_without_root'(_, t, R, R, yes) :- !.
'$assoc_without_root'(_, L, t, L, yes) :- !.
'$assoc_without_root'(>, L, R0, A, Shrank) :- !,
    '$assoc_delete_first'(R0, K, V, R, RightShrank),
    '$assoc_right_shrank'(RightShrank, >, K, V, L, R, A, Shrank).
'$assoc_without_root'(B, L0, R, A, Shrank) :-
    '$assoc_delete_last'(L0, K, V, L, LeftShrank),
    '$assoc_left_shrank'(LeftShrank, B, K, V, L, R, A, Shrank).
'$assoc_delete_first'(t(K,V,_,t,R), K, V, R, yes) :- !.
'$assoc_delete_first'(t(K0,V0,B,L0,R), K, V, A, Shrank) :-
    '$assoc_delete_first'(L0, K, V, L, LeftShrank),
    '$assoc_left_shrank'(LeftShrank, B, K0, V0, L, R, A, Shrank).
'$assoc_delete_last'(t(K,V,_,L,t), K, V, L, yes) :- !.
'$assoc_delete_last'(t(K0,V0,B,L,R0), K, V, A, Shrank) :-
    '$assoc_delete_last'(R0, K, V, R, RightShrank),
    '$assoc_right_shrank'(RightShrank, B, K0, V0, L, R, A, Shrank).
'$assoc_left_shrank'(no, B, K, V, L, R, t(K,V,B,L,R), no).
'$assoc_left_shrank'(yes, <, K, V, L, R, t(K,V,-,L,R), yes).
'$assoc_left_shrank'(yes, -, K, V, L, R, t(K,V,>,L,R), no).
'$assoc_left_shrank'(yes, >, K, V, L, R, A, Shrank) :- '$assoc_rotate_left'(R, K, V, L, A, Shrank).
'$assoc_right_shrank'(no, B, K, V, L, R, t(K,V,B,L,R), no).
'$assoc_right_shrank'(yes, >, K, V, L, R, t(K,V,-,L,R), yes).
'$assoc_right_shrank'(yes, -, K, V, L, R, t(K,V,<,L,R), no).
'$assoc_right_shrank'(yes, <, K, V, L, R, A, Shrank) :- '$assoc_rotate_right'(L, K, V, R, A, Shrank).

% SWI-Prolog's print_message/2: Term in SWI's words (format(F, Args), an
% error(Formal, Context) term, ...) on the error stream, after the prefix of
% its Kind (nothing for silent, banner and debug(_)), unless the knowledge
% base's message_hook(Term, Kind, Lines) takes it.
print_message(Kind, Term) :-
    '$message_words'(Term, Words),
    (   current_predicate(message_hook/3),
        catch(message_hook(Term, Kind, ['~w'-[Words]]), _, fail)
    ->  true
    ;   '$message_prefix'(Kind, Prefix)
    ->  format(user_error, '~w~w~n', [Prefix, Words])
    ;   true
    ).
'$message_prefix'(error, 'ERROR: ').
'$message_prefix'(warning, 'Warning: ').
'$message_prefix'(informational, '% ').
'$message_prefix'(information, '% ').
'$message_prefix'(help, '').
'$message_prefix'(query, '').

% SWI-Prolog's time/1: after each answer of Goal, and when backtracking finds
% no more or it raises, the inferences, CPU and wall time it took so far, on
% the error stream.  (SWI-Prolog also cuts the final report of a Goal that
% left no choicepoint; here it comes when the caller backtracks into time/1.)
time(Goal) :-
    '$time_now'(Start),
    (   catch(Goal, Error, ('$time_report'(Start), throw(Error))),
        '$time_report'(Start)
    ;   '$time_report'(Start),
        fail
    ).
'$time_now'(t(Inferences, Cpu, Wall)) :-
    statistics(inferences, Inferences),
    statistics(cputime, Cpu),
    get_time(Wall).
'$time_report'(t(I0, C0, W0)) :-
    '$time_now'(t(I1, C1, W1)),
    Inferences is I1 - I0,
    Cpu is C1 - C0,
    Wall is W1 - W0,
    (   Wall > 0 -> Percent is round(100 * Cpu / Wall) ; Percent = 100 ),
    (   Cpu > 0 -> Lips is integer(Inferences / Cpu) ; Lips = 'Infinite' ),
    format(user_error, "% ~D inferences, ~3f CPU in ~3f seconds (~w% CPU, ~w Lips)~n",
           [Inferences, Cpu, Wall, Percent, Lips]).

% SWI-Prolog's library(error): throwing the ISO error terms.
type_error(Type, Value) :- throw(error(type_error(Type, Value), _)).
domain_error(Domain, Value) :- throw(error(domain_error(Domain, Value), _)).
existence_error(Type, Value) :- throw(error(existence_error(Type, Value), _)).
permission_error(Action, Type, Term) :- throw(error(permission_error(Action, Type, Term), _)).
instantiation_error(_) :- throw(error(instantiation_error, _)).
uninstantiation_error(Culprit) :- throw(error(uninstantiation_error(Culprit), _)).
representation_error(Reason) :- throw(error(representation_error(Reason), _)).
resource_error(Resource) :- throw(error(resource_error(Resource), _)).
syntax_error(Message) :- throw(error(syntax_error(Message), _)).

% SWI-Prolog's assertion/1: Goal must succeed (once); otherwise an error
% message and error(assertion_error(fail, user:Goal), _).
assertion(Goal) :-
    \+ \+ catch(Goal, _, fail),
    !.
assertion(Goal) :-
    print_message(error, format("Assertion failed: ~q", [user:Goal])),
    throw(error(assertion_error(fail, user:Goal), _)).

% More of SWI-Prolog's library(lists).
nth0(Index, List, Elem, Rest) :- '$nth_rest'(Index, 0, List, Elem, Rest).
nth1(Index, List, Elem, Rest) :- '$nth_rest'(Index, 1, List, Elem, Rest).
'$nth_rest'(Index, Base, List, Elem, Rest) :-
    var(Index), !,
    '$nth_gen'(List, Elem, Rest, Base, Index).
'$nth_rest'(Index, Base, List, Elem, Rest) :-
    (   Base =:= 0 -> must_be(nonneg, Index) ; must_be(positive_integer, Index) ),
    Skip is Index - Base,
    '$nth_del'(Skip, List, Elem, Rest).
'$nth_del'(0, [Elem|Rest], Elem, Rest) :- !.
'$nth_del'(N, [H|T], Elem, [H|Rest]) :- N1 is N - 1, '$nth_del'(N1, T, Elem, Rest).
'$nth_gen'([Elem|Rest], Elem, Rest, Base, Base).
'$nth_gen'([H|T], Elem, [H|Rest], N, Index) :- N1 is N + 1, '$nth_gen'(T, Elem, Rest, N1, Index).
nextto(X, Y, [X,Y|_]).
nextto(X, Y, [_|T]) :- nextto(X, Y, T).
select(X, Xs, Y, Ys) :- '$select4'(Xs, X, Y, Ys).
'$select4'([X|T], X, Y, [Y|T]).
'$select4'([H|T], X, Y, [H|T2]) :- '$select4'(T, X, Y, T2).
subset([], _) :- !.
subset([E|R], Set) :- memberchk(E, Set), subset(R, Set).
is_set(Set) :- is_list(Set), length(Set, N), sort(Set, Sorted), length(Sorted, N).
proper_length(List, Length) :- is_list(List), length(List, Length).
clumped([], []).
clumped([H|T0], [H-C|T]) :- '$clump'(T0, H, 1, C, T1), clumped(T1, T).
'$clump'([H|T0], E, C0, C, T) :- H == E, !, C1 is C0 + 1, '$clump'(T0, E, C1, C, T).
'$clump'(List, _, C, C, List).
partition(Pred, List, Less, Equal, Greater) :- '$partition5'(List, Pred, Less, Equal, Greater).
'$partition5'([], _, [], [], []).
'$partition5'([H|T], Pred, L, E, G) :-
    call(Pred, H, Diff),
    '$partition5'(Diff, H, Pred, T, L, E, G).
'$partition5'(<, H, Pred, T, [H|L], E, G) :- !, '$partition5'(T, Pred, L, E, G).
'$partition5'(=, H, Pred, T, L, [H|E], G) :- !, '$partition5'(T, Pred, L, E, G).
'$partition5'(>, H, Pred, T, L, E, [H|G]) :- !, '$partition5'(T, Pred, L, E, G).
'$partition5'(Diff, _, _, _, _, _, _) :- throw(error(domain_error(order, Diff), _)).
max_member(Pred, Max, [H|T]) :- '$max_member'(T, Pred, H, Max).
'$max_member'([], _, Max, Max).
'$max_member'([H|T], Pred, M0, Max) :-
    (   call(Pred, H, M0) -> M1 = M0 ; M1 = H ),
    '$max_member'(T, Pred, M1, Max).
min_member(Pred, Min, [H|T]) :- '$min_member'(T, Pred, H, Min).
'$min_member'([], _, Min, Min).
'$min_member'([H|T], Pred, M0, Min) :-
    (   call(Pred, M0, H) -> M1 = M0 ; M1 = H ),
    '$min_member'(T, Pred, M1, Min).

% SWI-Prolog's library(random) over is/2's random/1 and random_float.
random(X) :- X is random_float.
random_between(Low, High, X) :- High >= Low, X is Low + random(High - Low + 1).
random_member(X, List) :-
    length(List, N), N > 0,
    I is random(N),
    nth0(I, List, X).
random_permutation(List, Permutation) :-
    '$random_keys'(List, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Permutation).
'$random_keys'([], []).
'$random_keys'([H|T], [K-H|KT]) :- K is random_float, '$random_keys'(T, KT).

% SWI-Prolog's garbage_collect/0: the engine collects by itself.
garbage_collect.

% SWI-Prolog's library(dcg/basics): grammar rules over code lists.
blank --> [C], { nonvar(C), code_type(C, space) }.
blanks --> blank, !, blanks.
blanks --> [].
white --> [C], { nonvar(C), code_type(C, white) }.
whites --> white, !, whites.
whites --> [].
nonblank(C) --> [C], { code_type(C, graph) }.
nonblanks([C|Cs]) --> [C], { code_type(C, graph) }, !, nonblanks(Cs).
nonblanks([]) --> [].
blanks_to_nl --> [C], { C \== 0'\n, code_type(C, space) }, !, blanks_to_nl.
blanks_to_nl --> "\n", !.
blanks_to_nl --> eos.
string([]) --> [].
string([C|Cs]) --> [C], string(Cs).
string_without(End, Codes) --> { string_codes(End, Stops) }, '$codes_without'(Stops, Codes).
'$codes_without'(Stops, [C|Cs]) --> [C], { \+ memberchk(C, Stops) }, !, '$codes_without'(Stops, Cs).
'$codes_without'(_, []) --> [].
alpha_to_lower(L) -->
    [C],
    { nonvar(C), code_type(C, alpha), char_code(Char, C), downcase_atom(Char, Lower),
      char_code(Lower, L) }.
digits([D|Ds]) --> digit(D), !, digits(Ds).
digits([]) --> [].
digit(D) --> [D], { code_type(D, digit) }.
integer(I, Codes, Rest) :-
    integer(I), !,
    format(codes(Codes, Rest), '~d', [I]).
integer(I) --> '$integer_codes'(Codes), { '$number_codes'(I, Codes) }.
'$number_codes'(N, [0'+|Codes]) :- !, number_codes(N, Codes).
'$number_codes'(N, Codes) :- number_codes(N, Codes).
'$integer_codes'([S, D|Ds]) --> [S], { S == 0'- ; S == 0'+ }, !, digit(D), digits(Ds).
'$integer_codes'([D|Ds]) --> digit(D), digits(Ds).
float(F, Codes, Rest) :-
    float(F), !,
    format(codes(Codes, Rest), '~w', [F]).
float(F) --> number(F), { float(F) }.
number(N, Codes, Rest) :-
    number(N), !,
    format(codes(Codes, Rest), '~w', [N]).
number(N) -->
    '$integer_codes'(I),
    (   ".", digit(F0), digits(F) -> { Fraction = [0'., F0|F] } ; { Fraction = [] } ),
    (   [E], { E == 0'e ; E == 0'E }, '$integer_codes'(X) -> { Exponent = [0'e|X] }
    ;   { Exponent = [] }
    ),
    { append([I, Fraction, Exponent], Codes), '$number_codes'(N, Codes) }.
xinteger(I, Codes, Rest) :-
    integer(I), !,
    format(codes(Codes, Rest), '~16r', [I]).
xinteger(I) --> xdigit(D), '$xdigits'(D, I).
'$xdigits'(I0, I) --> xdigit(D), !, { I1 is I0 * 16 + D }, '$xdigits'(I1, I).
'$xdigits'(I, I) --> [].
xdigit(W) --> [C], { code_type(C, xdigit(W)) }.
xdigits([D|Ds]) --> xdigit(D), !, xdigits(Ds).
xdigits([]) --> [].
eos([], []).
eol --> "\n", !.
eol --> "\r\n", !.
eol --> eos.
remainder(List, List, []).

% SWI-Prolog's aggregate/3: aggregate_all/3 grouped as bagof/3 groups, by the
% free variables of Goal (^ marks those not to group by); fails without solutions.
aggregate(count, Goal, Count) :- !, bagof(x, Goal, List), length(List, Count).
aggregate(sum(E), Goal, Sum) :- !, bagof(E, Goal, List), sum_list(List, Sum).
aggregate(max(E), Goal, Max) :- !, bagof(E, Goal, List), max_list(List, Max).
aggregate(min(E), Goal, Min) :- !, bagof(E, Goal, List), min_list(List, Min).
aggregate(max(E, W), Goal, max(Max, Witness)) :- !,
    bagof(E-W, Goal, Pairs), '$best_pair'(Pairs, >, Max-Witness).
aggregate(min(E, W), Goal, min(Min, Witness)) :- !,
    bagof(E-W, Goal, Pairs), '$best_pair'(Pairs, <, Min-Witness).
aggregate(bag(E), Goal, List) :- !, bagof(E, Goal, List).
aggregate(set(E), Goal, Set) :- !, setof(E, Goal, Set).
aggregate(Template, _, _) :- throw(error(domain_error(aggregate_template, Template), _)).
'$best_pair'([P|Ps], Order, Best) :- '$best_pair'(Ps, Order, P, Best).
'$best_pair'([], _, Best, Best).
'$best_pair'([E-W|Ps], Order, E0-W0, Best) :-
    (   Value is E, Value0 is E0, compare(Order, Value, Value0)
    ->  '$best_pair'(Ps, Order, E-W, Best)
    ;   '$best_pair'(Ps, Order, E0-W0, Best)
    ).
