% The perceptron training rule on the boolean function AND (Mitchell 1997,
% section 4.4.1: a perceptron represents AND; section 4.4.2: the rule
% w_i <- w_i + eta (t - o) x_i).  The weights start where the file says,
% bias first, and the rule runs with eta = 0.5 until an epoch makes no
% mistake; each epoch's weights are in the trace:
%
%   symlearn learn perceptron kb/perceptron_and.pl --json
%   symlearn learn perceptron kb/perceptron_and.pl -o and.svg
%
% By hand: from w = (0, 0, 0), epoch 1 errs only on and(1, 1) (w.x = 0, so
% o = -1, t = 1): w += 0.5 * 2 * (1, 1, 1) = (1, 1, 1); epoch 2 then errs on
% and(0, 0), and(0, 1) and and(1, 0) ...; after epoch 6 the weights
% (-2, 2, 1) classify all four: the clause and(A, B) :- -2+2A+B > 0.

:- attributes(and, [x1, x2]).
:- set(initial_weights, [0, 0, 0]).
:- set(learning_rate, 0.5).

neg(and(0, 0)).
neg(and(0, 1)).
neg(and(1, 0)).
pos(and(1, 1)).
