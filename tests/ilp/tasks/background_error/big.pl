% big/1 compares with a number: for an atom, SWI raises a type error.
big(X) :- X > 3.
item(1). item(5). item(7). item(a). item(2).
pos(p(5)). pos(p(7)).
neg(p(1)). neg(p(a)). neg(p(2)).
