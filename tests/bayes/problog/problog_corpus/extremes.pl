% probabilities 0 and 1
1.0::sure. 0.0::never. 0.5::maybe.
x :- sure, maybe.
y :- never.
y :- maybe.
z :- never, sure.
query(x). query(y). query(z). query(sure).
