% lists.pl: a small list-processing program.
%
%   symlearn query kb/lists.pl "my_reverse([a, b, c], R)"
%   symlearn query kb/lists.pl "sum([3, 1, 4, 1, 5], S)"
%   symlearn query kb/lists.pl "split([1, 2, 3], Left, Right)"

my_length([], 0).
my_length([_|T], N) :- my_length(T, N0), N is N0 + 1.

% Naive reverse and reverse with an accumulator.
naive_reverse([], []).
naive_reverse([H|T], R) :- naive_reverse(T, RT), append(RT, [H], R).

my_reverse(L, R) :- reverse_acc(L, [], R).
reverse_acc([], Acc, Acc).
reverse_acc([H|T], Acc, R) :- reverse_acc(T, [H|Acc], R).

sum([], 0).
sum([X|Xs], S) :- sum(Xs, S0), S is S0 + X.

max_element([X], X).
max_element([X|Xs], M) :- max_element(Xs, M0), ( X > M0 -> M = X ; M = M0 ).

% split(L, Left, Right): all ways to cut L in two.
split(L, Left, Right) :- append(Left, Right, L).

% Insertion sort.
insert_sorted(X, [], [X]).
insert_sorted(X, [Y|Ys], [X, Y|Ys]) :- X =< Y.
insert_sorted(X, [Y|Ys], [Y|Zs]) :- X > Y, insert_sorted(X, Ys, Zs).
insertion_sort([], []).
insertion_sort([X|Xs], S) :- insertion_sort(Xs, S0), insert_sorted(X, S0, S).

palindrome(L) :- my_reverse(L, L).

flatten_list([], []).
flatten_list([H|T], F) :- is_list(H), !, flatten_list(H, FH), flatten_list(T, FT), append(FH, FT, F).
flatten_list([H|T], [H|FT]) :- flatten_list(T, FT).
