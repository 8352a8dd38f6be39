coin(c1). coin(c2). coin(c3).
t(0.5)::heads(C) :- coin(C).
t(0.4)::biased.
0.9::lucky :- biased, heads(c1).
0.2::lucky :- \+biased.
