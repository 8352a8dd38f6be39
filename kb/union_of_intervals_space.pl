% Six points on a line and the class of unions of two intervals over them
% (Kearns and Vazirani, 1994, section 3.1; Mitchell, 1997, section 7.4):
%
%   symlearn bound vc-dimension kb/union_of_intervals_space.pl                 # 4 = 2k
%   symlearn bound vc-dimension kb/union_of_intervals_space.pl --class intervals   # 2
%   symlearn bound vc-dimension kb/union_of_intervals_space.pl --class thresholds  # 1
%   symlearn bound hypothesis-space-size kb/union_of_intervals_space.pl        # 57 labellings
%
% The class and k come from the directives below unless --class and --k are given.

:- attributes(reading, [temperature]).
:- domain(temperature, [12.5, 15, 18, 21.5, 24, 30]).
:- set(hypothesis_class, union-of-intervals).
:- set(k, 2).
