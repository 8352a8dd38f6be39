% PlayTennis: Quinlan's (1986) fourteen Saturday mornings, as Mitchell
% tabulates them (Machine Learning, 1997, Table 3.2, days D1-D14; the running
% decision-tree example of Mitchell's ch. 3).
% Target: the days suitable for playing tennis.
%
% ID3 puts Outlook at the root (gains: Outlook 0.246, Humidity 0.151,
% Wind 0.048, Temperature 0.029) and learns Mitchell's Figure 3.1:
%
%   symlearn learn id3 kb/playtennis.pl --target playtennis/4
%   symlearn learn id3 kb/playtennis.pl --target playtennis/4 --json -o tree.svg
%
% The learned rules, written with -o rules.pl, can be consulted by SWI-Prolog.
% A textbook example, reproduced here for teaching.

:- attributes(playtennis, [outlook, temperature, humidity, wind]).
:- domain(outlook, [sunny, overcast, rain]).
:- domain(temperature, [hot, mild, cool]).
:- domain(humidity, [high, normal]).
:- domain(wind, [weak, strong]).

neg(playtennis(sunny, hot, high, weak)).           % D1
neg(playtennis(sunny, hot, high, strong)).         % D2
pos(playtennis(overcast, hot, high, weak)).        % D3
pos(playtennis(rain, mild, high, weak)).           % D4
pos(playtennis(rain, cool, normal, weak)).         % D5
neg(playtennis(rain, cool, normal, strong)).       % D6
pos(playtennis(overcast, cool, normal, strong)).   % D7
neg(playtennis(sunny, mild, high, weak)).          % D8
pos(playtennis(sunny, cool, normal, weak)).        % D9
pos(playtennis(rain, mild, normal, weak)).         % D10
pos(playtennis(sunny, mild, normal, strong)).      % D11
pos(playtennis(overcast, mild, high, strong)).     % D12
pos(playtennis(overcast, hot, normal, weak)).      % D13
neg(playtennis(rain, mild, high, strong)).         % D14

% A new day to classify (Mitchell, section 6.9.1).
instance(playtennis(sunny, cool, high, strong)).
