% Support vector machines (Witten & Frank 2005, section 6.3) on points of the
% plane: the class is "inner" inside the circle x^2 + y^2 = 2 and "outer"
% outside it, so no straight line separates them, but the polynomial kernel
% (x.z + 1)^2 (all products of up to two attributes) does:
%
%   symlearn learn svm kb/svm_points.pl --kernel linear -o svm_linear.svg
%   symlearn learn svm kb/svm_points.pl --kernel polynomial --degree 2 --coef0 1 --C 100 -o svm.svg
%
% The pictures ring the support vectors.

:- attributes(point, [x, y]).
:- set(normalise, false).

label(point(0.0, 0.0), inner).
label(point(0.5, 0.5), inner).
label(point(-0.5, 0.8), inner).
label(point(0.9, -0.6), inner).
label(point(-1.0, -0.3), inner).
label(point(0.2, -1.1), inner).
label(point(-0.7, -0.7), inner).
label(point(1.0, 0.4), inner).
label(point(2.0, 0.2), outer).
label(point(-2.1, 0.5), outer).
label(point(0.3, 2.2), outer).
label(point(-0.4, -2.0), outer).
label(point(1.6, 1.5), outer).
label(point(-1.5, 1.6), outer).
label(point(1.7, -1.4), outer).
label(point(-1.6, -1.5), outer).
label(point(2.5, -0.5), outer).
label(point(0.0, -2.6), outer).

instance(point(0.3, 0.3)).
instance(point(2.0, 2.0)).
