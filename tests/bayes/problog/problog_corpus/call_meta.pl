0.4::p(a). 0.7::p(b).
holds(G) :- call(G).
both :- holds(p(a)), call(p, b).
either :- ( p(a) ; p(b) ).
query(both). query(either).
