% Decision-theoretic ProbLog: take an umbrella, a raincoat, both or neither?
% (ProbLog's documentation of `problog dt`; Van den Broeck et al. 2010.)
%
%   symlearn problog dt kb/problog/umbrella_dt.pl     # umbrella: 1, raincoat: 0, SCORE: 43.0
%   symlearn problog dt kb/problog/umbrella_dt.pl --json

0.3::rain.
0.5::wind.
?::umbrella.
?::raincoat.

broken_umbrella :- umbrella, rain, wind.
dry :- rain, raincoat.
dry :- rain, umbrella, \+ broken_umbrella.
dry :- \+ rain.

utility(broken_umbrella, -40).
utility(raincoat, -20).
utility(umbrella, -2).
utility(dry, 60).
