% EnjoySport: Mitchell's concept-learning example (Machine Learning, 1997,
% Table 2.1, section 2.2).  Days described by six attributes; the target
% concept is "days on which Aldo enjoys his favourite water sport".
%
%   symlearn learn find-s kb/enjoysport.pl --target enjoysport/6
%   symlearn learn candidate-elimination kb/enjoysport.pl --target enjoysport/6 --json
%   symlearn lattice kb/enjoysport.pl --target enjoysport/6 --space version -o vs.png

:- attributes(enjoysport, [sky, airtemp, humidity, wind, water, forecast]).
:- domain(sky, [sunny, cloudy, rainy]).
:- domain(airtemp, [warm, cold]).
:- domain(humidity, [normal, high]).
:- domain(wind, [strong, weak]).
:- domain(water, [warm, cool]).
:- domain(forecast, [same, change]).

pos(enjoysport(sunny, warm, normal, strong, warm, same)).
pos(enjoysport(sunny, warm, high, strong, warm, same)).
neg(enjoysport(rainy, cold, high, strong, warm, change)).
pos(enjoysport(sunny, warm, high, strong, cool, change)).

% new days to classify (Mitchell, table 2.6)
instance(enjoysport(sunny, warm, normal, strong, cool, change)).
instance(enjoysport(rainy, cold, normal, weak, warm, same)).
instance(enjoysport(sunny, warm, normal, weak, warm, same)).
instance(enjoysport(sunny, cold, normal, strong, warm, same)).
