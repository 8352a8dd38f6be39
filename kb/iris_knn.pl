% Iris flowers (Fisher 1936): petal length and petal width in cm of 150 irises, and the
% species.  Source: UCI Machine Learning Repository, "Iris" (Fisher, R. A., 1936; Dua and
% Graff, UCI Machine Learning Repository), licensed CC BY 4.0
% (https://creativecommons.org/licenses/by/4.0/); the two petal attributes of every record,
% in the repository's order (as scikit-learn's load_iris ships them).
%
% k-nearest neighbour (Mitchell 1997, section 8.2) on two numeric attributes, so the
% decision regions can be drawn:
%
%   symlearn learn knn kb/iris_knn.pl --k 3 --classify 'iris(4.9, 1.6)'
%   symlearn learn knn kb/iris_knn.pl --k 5 --weighted -o iris_knn.svg
%   symlearn learn knn kb/iris_knn.pl --cv 10 --json

:- attributes(iris, [petal_length, petal_width]).
:- domain(petal_length, number).
:- domain(petal_width, number).

label(iris(1.4, 0.2), setosa).
label(iris(1.4, 0.2), setosa).
label(iris(1.3, 0.2), setosa).
label(iris(1.5, 0.2), setosa).
label(iris(1.4, 0.2), setosa).
label(iris(1.7, 0.4), setosa).
label(iris(1.4, 0.3), setosa).
label(iris(1.5, 0.2), setosa).
label(iris(1.4, 0.2), setosa).
label(iris(1.5, 0.1), setosa).
label(iris(1.5, 0.2), setosa).
label(iris(1.6, 0.2), setosa).
label(iris(1.4, 0.1), setosa).
label(iris(1.1, 0.1), setosa).
label(iris(1.2, 0.2), setosa).
label(iris(1.5, 0.4), setosa).
label(iris(1.3, 0.4), setosa).
label(iris(1.4, 0.3), setosa).
label(iris(1.7, 0.3), setosa).
label(iris(1.5, 0.3), setosa).
label(iris(1.7, 0.2), setosa).
label(iris(1.5, 0.4), setosa).
label(iris(1, 0.2), setosa).
label(iris(1.7, 0.5), setosa).
label(iris(1.9, 0.2), setosa).
label(iris(1.6, 0.2), setosa).
label(iris(1.6, 0.4), setosa).
label(iris(1.5, 0.2), setosa).
label(iris(1.4, 0.2), setosa).
label(iris(1.6, 0.2), setosa).
label(iris(1.6, 0.2), setosa).
label(iris(1.5, 0.4), setosa).
label(iris(1.5, 0.1), setosa).
label(iris(1.4, 0.2), setosa).
label(iris(1.5, 0.2), setosa).
label(iris(1.2, 0.2), setosa).
label(iris(1.3, 0.2), setosa).
label(iris(1.4, 0.1), setosa).
label(iris(1.3, 0.2), setosa).
label(iris(1.5, 0.2), setosa).
label(iris(1.3, 0.3), setosa).
label(iris(1.3, 0.3), setosa).
label(iris(1.3, 0.2), setosa).
label(iris(1.6, 0.6), setosa).
label(iris(1.9, 0.4), setosa).
label(iris(1.4, 0.3), setosa).
label(iris(1.6, 0.2), setosa).
label(iris(1.4, 0.2), setosa).
label(iris(1.5, 0.2), setosa).
label(iris(1.4, 0.2), setosa).
label(iris(4.7, 1.4), versicolor).
label(iris(4.5, 1.5), versicolor).
label(iris(4.9, 1.5), versicolor).
label(iris(4, 1.3), versicolor).
label(iris(4.6, 1.5), versicolor).
label(iris(4.5, 1.3), versicolor).
label(iris(4.7, 1.6), versicolor).
label(iris(3.3, 1), versicolor).
label(iris(4.6, 1.3), versicolor).
label(iris(3.9, 1.4), versicolor).
label(iris(3.5, 1), versicolor).
label(iris(4.2, 1.5), versicolor).
label(iris(4, 1), versicolor).
label(iris(4.7, 1.4), versicolor).
label(iris(3.6, 1.3), versicolor).
label(iris(4.4, 1.4), versicolor).
label(iris(4.5, 1.5), versicolor).
label(iris(4.1, 1), versicolor).
label(iris(4.5, 1.5), versicolor).
label(iris(3.9, 1.1), versicolor).
label(iris(4.8, 1.8), versicolor).
label(iris(4, 1.3), versicolor).
label(iris(4.9, 1.5), versicolor).
label(iris(4.7, 1.2), versicolor).
label(iris(4.3, 1.3), versicolor).
label(iris(4.4, 1.4), versicolor).
label(iris(4.8, 1.4), versicolor).
label(iris(5, 1.7), versicolor).
label(iris(4.5, 1.5), versicolor).
label(iris(3.5, 1), versicolor).
label(iris(3.8, 1.1), versicolor).
label(iris(3.7, 1), versicolor).
label(iris(3.9, 1.2), versicolor).
label(iris(5.1, 1.6), versicolor).
label(iris(4.5, 1.5), versicolor).
label(iris(4.5, 1.6), versicolor).
label(iris(4.7, 1.5), versicolor).
label(iris(4.4, 1.3), versicolor).
label(iris(4.1, 1.3), versicolor).
label(iris(4, 1.3), versicolor).
label(iris(4.4, 1.2), versicolor).
label(iris(4.6, 1.4), versicolor).
label(iris(4, 1.2), versicolor).
label(iris(3.3, 1), versicolor).
label(iris(4.2, 1.3), versicolor).
label(iris(4.2, 1.2), versicolor).
label(iris(4.2, 1.3), versicolor).
label(iris(4.3, 1.3), versicolor).
label(iris(3, 1.1), versicolor).
label(iris(4.1, 1.3), versicolor).
label(iris(6, 2.5), virginica).
label(iris(5.1, 1.9), virginica).
label(iris(5.9, 2.1), virginica).
label(iris(5.6, 1.8), virginica).
label(iris(5.8, 2.2), virginica).
label(iris(6.6, 2.1), virginica).
label(iris(4.5, 1.7), virginica).
label(iris(6.3, 1.8), virginica).
label(iris(5.8, 1.8), virginica).
label(iris(6.1, 2.5), virginica).
label(iris(5.1, 2), virginica).
label(iris(5.3, 1.9), virginica).
label(iris(5.5, 2.1), virginica).
label(iris(5, 2), virginica).
label(iris(5.1, 2.4), virginica).
label(iris(5.3, 2.3), virginica).
label(iris(5.5, 1.8), virginica).
label(iris(6.7, 2.2), virginica).
label(iris(6.9, 2.3), virginica).
label(iris(5, 1.5), virginica).
label(iris(5.7, 2.3), virginica).
label(iris(4.9, 2), virginica).
label(iris(6.7, 2), virginica).
label(iris(4.9, 1.8), virginica).
label(iris(5.7, 2.1), virginica).
label(iris(6, 1.8), virginica).
label(iris(4.8, 1.8), virginica).
label(iris(4.9, 1.8), virginica).
label(iris(5.6, 2.1), virginica).
label(iris(5.8, 1.6), virginica).
label(iris(6.1, 1.9), virginica).
label(iris(6.4, 2), virginica).
label(iris(5.6, 2.2), virginica).
label(iris(5.1, 1.5), virginica).
label(iris(5.6, 1.4), virginica).
label(iris(6.1, 2.3), virginica).
label(iris(5.6, 2.4), virginica).
label(iris(5.5, 1.8), virginica).
label(iris(4.8, 1.8), virginica).
label(iris(5.4, 2.1), virginica).
label(iris(5.6, 2.4), virginica).
label(iris(5.1, 2.3), virginica).
label(iris(5.1, 1.9), virginica).
label(iris(5.9, 2.3), virginica).
label(iris(5.7, 2.5), virginica).
label(iris(5.2, 2.3), virginica).
label(iris(5, 1.9), virginica).
label(iris(5.2, 2), virginica).
label(iris(5.4, 2.3), virginica).
label(iris(5.1, 1.8), virginica).

% instances to classify
instance(iris(2.5, 0.7)).
instance(iris(5.0, 1.7)).
