0.4::a. 0.3::b. 0.2::c.
x :- a, b.
x :- c.
y :- x, \+a.
evidence(x, false).
query(a). query(b). query(c). query(y).
