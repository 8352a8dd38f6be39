% Pearl's burglary/earthquake alarm network (Pearl 1988; Russell & Norvig 2010,
% Figure 14.2), written in ProbLog syntax.  Each CPT row is one probabilistic
% rule whose body is that row's parent states; the rows of a variable exclude
% each other, so ProbLog's noisy-or of independent causes gives back the CPT.
%
%   symlearn infer kb/alarm.pl                       # P(burglary | john, mary) = 0.2841718
%   symlearn infer kb/alarm.pl --method gibbs --samples 20000 --seed 1
%   symlearn infer kb/alarm.pl -o alarm.svg

0.001::burglary.
0.002::earthquake.

0.95::alarm :- burglary, earthquake.
0.94::alarm :- burglary, \+earthquake.
0.29::alarm :- \+burglary, earthquake.
0.001::alarm :- \+burglary, \+earthquake.

0.90::johncalls :- alarm.
0.05::johncalls :- \+alarm.

0.70::marycalls :- alarm.
0.01::marycalls :- \+alarm.

evidence(johncalls, true).
evidence(marycalls, true).

query(burglary).
query(earthquake).
query(alarm).
