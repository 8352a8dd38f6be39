head([H|_], H).
tail([_|T], T).
empty([]).
