t(0.2)::colour(red); t(0.3)::colour(green); 0.1::colour(blue).
t(0.5)::bright :- colour(red).
0.3::bright :- colour(blue).
