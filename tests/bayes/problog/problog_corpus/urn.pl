:- use_module(library(lists)).
% balls drawn from an urn, with evidence on a derived atom
0.6::ball(1, red); 0.4::ball(1, blue).
0.6::ball(2, red); 0.4::ball(2, blue).
0.6::ball(3, red); 0.4::ball(3, blue).
reds(N) :- findall(I, member(I, [1, 2, 3]), Is), count_red(Is, N).
count_red([], 0).
count_red([I|T], N) :- ball(I, red), count_red(T, M), N is M + 1.
count_red([I|T], N) :- ball(I, blue), count_red(T, N).
majority_red :- reds(N), N >= 2.
evidence(ball(1, blue)).
query(majority_red). query(reds(_)).
