% P::H :- B with P bound by the body, and arithmetic in probabilities
coin(c1, 0.3). coin(c2, 0.6). coin(c3, 0.9).
P::heads(C) :- coin(C, P).
Q::tails(C) :- coin(C, P), Q is 1 - P.
P/2::half(C) :- coin(C, P).
two_heads :- heads(A), heads(B), A @< B.
query(two_heads). query(tails(c1)). query(half(c3)).
