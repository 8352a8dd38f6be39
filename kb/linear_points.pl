% Least squares (Witten & Frank 2005, section 4.6) and the delta rule
% (Mitchell 1997, section 4.4.3) on a small numeric table: the fuel an
% engine burns (litres per 100 km) by its displacement (litres) and the
% car's mass (tonnes).  Made up for the example, roughly
% fuel = 2 + 1.5 displacement + 3 mass.
%
%   symlearn learn linear-regression kb/linear_points.pl
%   symlearn learn delta-rule kb/linear_points.pl --learning-rate 0.05 --epochs 200 -o fuel.svg
%
% The least-squares weights are those numpy.linalg.lstsq gives for the
% matrix [1, displacement, mass] and the fuel column.

:- attributes(car, [displacement, mass]).

label(car(1.0, 0.9), 6.3).
label(car(1.2, 1.0), 6.9).
label(car(1.4, 1.1), 7.4).
label(car(1.6, 1.2), 8.1).
label(car(2.0, 1.3), 8.8).
label(car(2.0, 1.5), 9.6).
label(car(2.5, 1.6), 10.6).
label(car(3.0, 1.8), 11.9).
label(car(1.6, 1.4), 8.6).
label(car(2.2, 1.2), 8.9).

instance(car(1.8, 1.25)).
