% two clauses for one fact are independent causes
0.3::a. 0.3::a.
0.5::b(x). 0.5::b(X) :- X = x.
query(a). query(b(x)).
