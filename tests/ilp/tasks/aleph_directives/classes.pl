% An integrity constraint (Aleph's false :- Body): no learnt clause may make
% p/1 hold for a forbidden thing, so p(A) :- q(A) (which gives p(d)) is not taken.
:- modeh(1, p(+thing)).
:- modeb(1, q(+thing)).
:- modeb(1, r(+thing)).
:- set(refine, user).          % an Aleph setting symlearn's Progol does not implement: warned

q(a). q(b). q(c). q(d).
r(a). r(b). r(c).
forbidden(d).

false :- p(X), forbidden(X).

pos(p(a)). pos(p(b)). pos(p(c)).
