% reachability on a 3x3 grid with edges both ways
cell(X, Y) :- between(1, 3, X), between(1, 3, Y).
adjacent(X, Y, X2, Y) :- cell(X, Y), X2 is X + 1, X2 =< 3.
adjacent(X, Y, X2, Y) :- cell(X, Y), X2 is X - 1, X2 >= 1.
adjacent(X, Y, X, Y2) :- cell(X, Y), Y2 is Y + 1, Y2 =< 3.
adjacent(X, Y, X, Y2) :- cell(X, Y), Y2 is Y - 1, Y2 >= 1.
0.5::open(X, Y, X2, Y2) :- adjacent(X, Y, X2, Y2).
reach(X, Y) :- X = 1, Y = 1.
reach(X2, Y2) :- reach(X, Y), open(X, Y, X2, Y2).
query(reach(3, 3)). query(reach(2, 2)).
