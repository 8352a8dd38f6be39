% an annotated disjunction with variables bound by its body
bag(b1). bag(b2).
0.4::draw(B, red); 0.6::draw(B, blue) :- bag(B).
same :- draw(b1, C), draw(b2, C).
query(same). query(draw(_, red)).
