% EnjoySport's instance space and nothing else: Mitchell's six attributes and
% their values (Machine Learning, 1997, section 2.2).  No examples are needed
% to count the hypotheses over it or to search it for a shattered set:
%
%   symlearn bound hypothesis-space-size kb/enjoysport_space.pl      # 973 (semantic)
%   symlearn bound vc-dimension kb/enjoysport_space.pl               # 6
%   symlearn bound hypothesis-space-size kb/enjoysport_space.pl --class boolean-functions
%
% The class is the conjunctions of attribute constraints unless --class or
% :- set(hypothesis_class, NAME). says otherwise.

:- attributes(enjoysport, [sky, airtemp, humidity, wind, water, forecast]).
:- domain(sky, [sunny, cloudy, rainy]).
:- domain(airtemp, [warm, cold]).
:- domain(humidity, [normal, high]).
:- domain(wind, [strong, weak]).
:- domain(water, [warm, cool]).
:- domain(forecast, [same, change]).
