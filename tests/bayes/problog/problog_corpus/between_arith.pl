% between/3, is/2 and comparisons in bodies
0.5::bit(I) :- between(1, 4, I).
value(V) :- bit(1), bit(2), V is 3.
value(V) :- bit(1), \+bit(2), V is 1.
value(V) :- \+bit(1), bit(2), V is 2.
big :- value(V), V >= 2.
count_up(N) :- between(1, 4, N), bit(N), N mod 2 =:= 0.
query(value(_)). query(big). query(count_up(_)).
