% Golf (the "weather" data with numbers): Quinlan's fourteen days with the
% temperature and humidity measured instead of named (Quinlan, C4.5: Programs
% for Machine Learning, 1993, chapter 1; Weka's weather.numeric.arff has a
% variant with two humidities changed).
% A multi-class (label/2) target with two continuous attributes, for C4.5:
%
%   symlearn learn c45 kb/golf.pl --target golf/4
%   symlearn learn c45 kb/golf.pl --target golf/4 --json
%
% C4.5 splits the sunny days at humidity 77.5 (the midpoint of 70 and 85):
%   label(golf(sunny, _, A, _), play) :- A=<77.5.
% Attribute costs (cost/2) are used by the cost-sensitive selection measures:
%
%   symlearn learn id3 kb/golf.pl --target golf/4 --measure tan-schlimmer
%
% A textbook example, reproduced here for teaching.

:- attributes(golf, [outlook, temperature, humidity, windy]).
:- domain(outlook, [sunny, overcast, rain]).
:- domain(temperature, number).
:- domain(humidity, number).
:- domain(windy, [false, true]).

% What it costs to find out each attribute (say, in minutes of the caddie's time).
:- cost(outlook, 1).
:- cost(temperature, 2).
:- cost(humidity, 8).
:- cost(windy, 1).

label(golf(sunny, 85, 85, false), dont_play).
label(golf(sunny, 80, 90, true), dont_play).
label(golf(overcast, 83, 78, false), play).
label(golf(rain, 70, 96, false), play).
label(golf(rain, 68, 80, false), play).
label(golf(rain, 65, 70, true), dont_play).
label(golf(overcast, 64, 65, true), play).
label(golf(sunny, 72, 95, false), dont_play).
label(golf(sunny, 69, 70, false), play).
label(golf(rain, 75, 80, false), play).
label(golf(sunny, 75, 70, true), play).
label(golf(overcast, 72, 90, true), play).
label(golf(overcast, 81, 75, false), play).
label(golf(rain, 71, 80, true), dont_play).

instance(golf(sunny, 70, 72, true)).
instance(golf(rain, 66, '?', true)).
