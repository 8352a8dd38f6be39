% The sprinkler network (Murphy 1998; Russell & Norvig 2010, Figure 14.12a),
% in ProbLog syntax.  Wet grass has two independent causes: each of
% sprinkler and rain wets the grass with probability 0.9 on its own, which is
% ProbLog's noisy-or and gives exactly the textbook CPT
% P(wetgrass | sprinkler, rain) = 0.99, 0.9, 0.9, 0.0.
%
%   symlearn infer kb/sprinkler.pl          # P(sprinkler | wet) = 0.4298, P(rain | wet) = 0.7079
%   symlearn infer kb/sprinkler.pl --query rain --evidence sprinkler=true --evidence wetgrass=true

0.5::cloudy.

0.1::sprinkler :- cloudy.
0.5::sprinkler :- \+cloudy.

0.8::rain :- cloudy.
0.2::rain :- \+cloudy.

0.9::wetgrass :- sprinkler.
0.9::wetgrass :- rain.

evidence(wetgrass, true).

query(sprinkler).
query(rain).
query(cloudy).
