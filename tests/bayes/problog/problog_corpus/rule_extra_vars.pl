% one independent choice per ground instance of all the clause's variables
b(1,1). b(1,2). b(2,1).
0.5::a(X) :- b(X,Y).
0.3::c(X); 0.4::d(X) :- b(X,Y).
query(a(1)). query(a(2)). query(c(1)). query(d(1)).
