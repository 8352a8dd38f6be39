% AdaBoost.M1 with decision stumps, worked out by hand: eight instances of
% three binary attributes.  Three rounds:
%
%   round 1: the stump on c (c = 0 -> pos, c = 1 -> neg) misclassifies only
%            t(0, 0, 0): e = 1/8, vote -log(e / (1 - e)) = log 7 = 1.9459;
%            the seven correct instances' weights are multiplied by
%            e / (1 - e) = 1/7 and all renormalised to sum 8: 4/7 each, 4 for
%            t(0, 0, 0);
%   round 2: the stump on b (b = 1 -> pos, b = 0 -> neg) misclassifies the two
%            t(1, 0, 0), weight 4/7 each: e = (8/7) / 8 = 1/7, vote log 6;
%            the six correct ones times 1/6, renormalised to sum 8: the three
%            t(0, 1, 0), t(1, 0, 1) and t(0, 0, 1) 1/3 each, t(0, 0, 0) 7/3 and
%            the two t(1, 0, 0) 2 each;
%   round 3: the stump on a (a = 1 -> pos, a = 0 -> neg) misclassifies the
%            three t(0, 1, 0) and t(1, 0, 1), weight 1/3 each: e = (4/3) / 8 =
%            1/6, vote log 5.
%
%   symlearn learn boosting kb/ensembles/stumps.pl --rounds 3
%   symlearn learn boosting kb/ensembles/stumps.pl --rounds 3 --base one-r --json
%   symlearn learn boosting kb/ensembles/stumps.pl -o error_curve.svg

:- attributes(t, [a, b, c]).
:- domain(a, [0, 1]).
:- domain(b, [0, 1]).
:- domain(c, [0, 1]).

pos(t(0, 1, 0)).
pos(t(0, 1, 0)).
pos(t(0, 1, 0)).
neg(t(0, 0, 0)).
neg(t(1, 0, 1)).
pos(t(1, 0, 0)).
neg(t(0, 0, 1)).
pos(t(1, 0, 0)).

% the vote on t(0, 0, 0): c says pos (log 7); b and a say neg (log 6 + log 5)
instance(t(0, 0, 0)).
