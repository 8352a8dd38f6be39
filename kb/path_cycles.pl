% A probabilistic graph with cycles: path/2 is true in a world when a path of
% edges present in that world joins its ends (least model: a cycle alone proves nothing).
0.6::edge(a, b). 0.4::edge(b, a). 0.7::edge(b, c).
0.5::edge(c, a). 0.3::edge(c, d). 0.8::edge(d, b).
path(X, Y) :- edge(X, Y).
path(X, Y) :- edge(X, Z), path(Z, Y).
query(path(a, _)).
