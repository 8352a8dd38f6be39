% XOR, which no single perceptron represents (Mitchell 1997, section 4.4.1),
% learnt by BACKPROPAGATION with two hidden sigmoid units (Mitchell 1997,
% section 4.5, Table 4.2), eta = 0.5 and momentum 0.9 (eq. 4.18):
%
%   symlearn learn backpropagation kb/xor_network.pl --hidden 2 -o xor_error.svg
%   symlearn learn backpropagation kb/xor_network.pl --hidden 2 --json
%
% The error curve shows the plateau before the hidden units split the
% inputs.  set(initial_weights, [...]) would fix the start (the two hidden
% units' rows [bias, w1, w2], then the output unit's [bias, h1, h2]).

:- attributes(xor, [x1, x2]).
:- set(learning_rate, 0.5).
:- set(momentum, 0.9).
:- set(epochs, 3000).
:- set(seed, 1).
:- set(normalise, false).

neg(xor(0, 0)).
pos(xor(0, 1)).
pos(xor(1, 0)).
neg(xor(1, 1)).
