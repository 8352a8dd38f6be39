% Continuous distributions, sampled as ProbLog's sample task samples them
% (ProbLog's test/sample/heights.pl, from Dries 2015, extended): a height is
% drawn from a normal distribution, value/2 reads it.
%
%   symlearn problog sample kb/problog/heights.pl -N 3 --seed 1
%   symlearn problog sample kb/problog/heights.pl -N 10000 --estimate

normal(180, 8)::height(harry).
normal(170, 5)::height(sally).
fixed(H2)::twice_height(P) :- value(height(P), H), H2 is H * 2.
tall(P) :- value(height(P), H), H > 185.
0.5::likes(P) :- tall(P).

query(twice_height(_)).
query(tall(_)).
query(likes(_)).
