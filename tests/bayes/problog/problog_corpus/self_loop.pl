% an atom that supports itself is not true without another proof
0.3::base.
p :- p.
p :- base.
q :- q.
query(p). query(q).
