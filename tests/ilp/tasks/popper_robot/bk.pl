% A robot on a 5 x 5 grid moves from a start position to the bottom row.
% Positions are w(X, Y) with Y = 1 the bottom row.
at_bottom(w(X, 1)) :- between(1, 5, X).
move_down(w(X, Y), w(X, Y1)) :- between(1, 5, X), between(2, 5, Y), Y1 is Y - 1.
move_up(w(X, Y), w(X, Y1)) :- between(1, 5, X), between(1, 4, Y), Y1 is Y + 1.
move_left(w(X, Y), w(X1, Y)) :- between(2, 5, X), between(1, 5, Y), X1 is X - 1.
move_right(w(X, Y), w(X1, Y)) :- between(1, 4, X), between(1, 5, Y), X1 is X + 1.
