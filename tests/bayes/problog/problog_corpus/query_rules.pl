% queries written as rules (instances given by the logic part)
node(a). node(b). node(c).
0.3::marked(X) :- node(X).
two_marked :- marked(X), marked(Y), X @< Y.
query(marked(X)) :- node(X), X \= b.
query(two_marked).
