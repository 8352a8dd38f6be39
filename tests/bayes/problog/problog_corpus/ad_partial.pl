% annotated disjunctions whose probabilities sum to less than 1
0.2::color(red); 0.3::color(green); 0.1::color(blue).
0.5::size(small); 0.4::size(large).
bright :- color(red).
bright :- color(blue), size(small).
query(color(_)). query(bright).
evidence(size(large), false).
