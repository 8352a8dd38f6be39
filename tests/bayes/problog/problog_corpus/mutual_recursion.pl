% mutual recursion through a cycle
0.3::a0. 0.4::b0.
0.5::link_ab. 0.6::link_ba.
a :- a0.
a :- link_ba, b.
b :- b0.
b :- link_ab, a.
c :- a, b.
query(a). query(b). query(c).
