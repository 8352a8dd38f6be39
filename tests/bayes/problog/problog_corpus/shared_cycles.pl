% two cycles sharing an atom
0.5::f(1). 0.5::f(2). 0.5::f(3). 0.5::f(4).
a :- f(1).
a :- b, f(2).
b :- a, f(3).
b :- c.
c :- b, f(4).
d :- c, \+a.
query(a). query(b). query(c). query(d).
