0.6::edge(a,b). 0.6::edge(b,a). 0.5::edge(b,c). 0.5::edge(c,a).
reach(X,Y) :- edge(X,Y).
reach(X,Y) :- edge(X,Z), reach(Z,Y).
evidence(reach(a,a), true).
query(edge(_,_)). query(reach(c,b)).
