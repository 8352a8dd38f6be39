% left recursion over a cyclic graph
0.5::e(a,b). 0.5::e(b,c). 0.5::e(c,a). 0.4::e(b,a). 0.3::e(c,d).
p(X,Y) :- p(X,Z), e(Z,Y).
p(X,Y) :- e(X,Y).
query(p(a,_)).
