die(d1). die(d2).
0.5::loaded(D) :- die(D).
fair(D) :- die(D), \+loaded(D).
query(die(_)). query(fair(_)). query(die(d3)).
