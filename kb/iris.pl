% Iris flowers (Fisher 1936): sepal length, sepal width, petal length and petal width in
% cm of 150 irises, and the species.  Source: UCI Machine Learning Repository, "Iris"
% (Fisher, R. A., 1936; Dua and Graff, UCI Machine Learning Repository), licensed CC BY 4.0
% (https://creativecommons.org/licenses/by/4.0/); every record in the repository's order,
% as scikit-learn's load_iris ships them.
%
% The classic data set for clustering (Witten & Frank, Data Mining, sections 4.8 and 6.6):
% the species are only used to evaluate the clusters (classes to clusters).
%
%   symlearn learn k-means kb/iris.pl --k 3
%   symlearn learn em-clustering kb/iris.pl --k 3 --json
%   symlearn learn agglomerative kb/iris.pl --linkage average --k 3 -o iris.svg
%   symlearn learn divisive kb/iris.pl --k 3 --until-k
%   symlearn learn k-means kb/iris.pl --k 3 --classify 'iris(6.0, 3.0, 4.8, 1.8)'

:- attributes(iris, [sepal_length, sepal_width, petal_length, petal_width]).
:- domain(sepal_length, number).
:- domain(sepal_width, number).
:- domain(petal_length, number).
:- domain(petal_width, number).

label(iris(5.1, 3.5, 1.4, 0.2), setosa).
label(iris(4.9, 3.0, 1.4, 0.2), setosa).
label(iris(4.7, 3.2, 1.3, 0.2), setosa).
label(iris(4.6, 3.1, 1.5, 0.2), setosa).
label(iris(5.0, 3.6, 1.4, 0.2), setosa).
label(iris(5.4, 3.9, 1.7, 0.4), setosa).
label(iris(4.6, 3.4, 1.4, 0.3), setosa).
label(iris(5.0, 3.4, 1.5, 0.2), setosa).
label(iris(4.4, 2.9, 1.4, 0.2), setosa).
label(iris(4.9, 3.1, 1.5, 0.1), setosa).
label(iris(5.4, 3.7, 1.5, 0.2), setosa).
label(iris(4.8, 3.4, 1.6, 0.2), setosa).
label(iris(4.8, 3.0, 1.4, 0.1), setosa).
label(iris(4.3, 3.0, 1.1, 0.1), setosa).
label(iris(5.8, 4.0, 1.2, 0.2), setosa).
label(iris(5.7, 4.4, 1.5, 0.4), setosa).
label(iris(5.4, 3.9, 1.3, 0.4), setosa).
label(iris(5.1, 3.5, 1.4, 0.3), setosa).
label(iris(5.7, 3.8, 1.7, 0.3), setosa).
label(iris(5.1, 3.8, 1.5, 0.3), setosa).
label(iris(5.4, 3.4, 1.7, 0.2), setosa).
label(iris(5.1, 3.7, 1.5, 0.4), setosa).
label(iris(4.6, 3.6, 1.0, 0.2), setosa).
label(iris(5.1, 3.3, 1.7, 0.5), setosa).
label(iris(4.8, 3.4, 1.9, 0.2), setosa).
label(iris(5.0, 3.0, 1.6, 0.2), setosa).
label(iris(5.0, 3.4, 1.6, 0.4), setosa).
label(iris(5.2, 3.5, 1.5, 0.2), setosa).
label(iris(5.2, 3.4, 1.4, 0.2), setosa).
label(iris(4.7, 3.2, 1.6, 0.2), setosa).
label(iris(4.8, 3.1, 1.6, 0.2), setosa).
label(iris(5.4, 3.4, 1.5, 0.4), setosa).
label(iris(5.2, 4.1, 1.5, 0.1), setosa).
label(iris(5.5, 4.2, 1.4, 0.2), setosa).
label(iris(4.9, 3.1, 1.5, 0.2), setosa).
label(iris(5.0, 3.2, 1.2, 0.2), setosa).
label(iris(5.5, 3.5, 1.3, 0.2), setosa).
label(iris(4.9, 3.6, 1.4, 0.1), setosa).
label(iris(4.4, 3.0, 1.3, 0.2), setosa).
label(iris(5.1, 3.4, 1.5, 0.2), setosa).
label(iris(5.0, 3.5, 1.3, 0.3), setosa).
label(iris(4.5, 2.3, 1.3, 0.3), setosa).
label(iris(4.4, 3.2, 1.3, 0.2), setosa).
label(iris(5.0, 3.5, 1.6, 0.6), setosa).
label(iris(5.1, 3.8, 1.9, 0.4), setosa).
label(iris(4.8, 3.0, 1.4, 0.3), setosa).
label(iris(5.1, 3.8, 1.6, 0.2), setosa).
label(iris(4.6, 3.2, 1.4, 0.2), setosa).
label(iris(5.3, 3.7, 1.5, 0.2), setosa).
label(iris(5.0, 3.3, 1.4, 0.2), setosa).
label(iris(7.0, 3.2, 4.7, 1.4), versicolor).
label(iris(6.4, 3.2, 4.5, 1.5), versicolor).
label(iris(6.9, 3.1, 4.9, 1.5), versicolor).
label(iris(5.5, 2.3, 4.0, 1.3), versicolor).
label(iris(6.5, 2.8, 4.6, 1.5), versicolor).
label(iris(5.7, 2.8, 4.5, 1.3), versicolor).
label(iris(6.3, 3.3, 4.7, 1.6), versicolor).
label(iris(4.9, 2.4, 3.3, 1.0), versicolor).
label(iris(6.6, 2.9, 4.6, 1.3), versicolor).
label(iris(5.2, 2.7, 3.9, 1.4), versicolor).
label(iris(5.0, 2.0, 3.5, 1.0), versicolor).
label(iris(5.9, 3.0, 4.2, 1.5), versicolor).
label(iris(6.0, 2.2, 4.0, 1.0), versicolor).
label(iris(6.1, 2.9, 4.7, 1.4), versicolor).
label(iris(5.6, 2.9, 3.6, 1.3), versicolor).
label(iris(6.7, 3.1, 4.4, 1.4), versicolor).
label(iris(5.6, 3.0, 4.5, 1.5), versicolor).
label(iris(5.8, 2.7, 4.1, 1.0), versicolor).
label(iris(6.2, 2.2, 4.5, 1.5), versicolor).
label(iris(5.6, 2.5, 3.9, 1.1), versicolor).
label(iris(5.9, 3.2, 4.8, 1.8), versicolor).
label(iris(6.1, 2.8, 4.0, 1.3), versicolor).
label(iris(6.3, 2.5, 4.9, 1.5), versicolor).
label(iris(6.1, 2.8, 4.7, 1.2), versicolor).
label(iris(6.4, 2.9, 4.3, 1.3), versicolor).
label(iris(6.6, 3.0, 4.4, 1.4), versicolor).
label(iris(6.8, 2.8, 4.8, 1.4), versicolor).
label(iris(6.7, 3.0, 5.0, 1.7), versicolor).
label(iris(6.0, 2.9, 4.5, 1.5), versicolor).
label(iris(5.7, 2.6, 3.5, 1.0), versicolor).
label(iris(5.5, 2.4, 3.8, 1.1), versicolor).
label(iris(5.5, 2.4, 3.7, 1.0), versicolor).
label(iris(5.8, 2.7, 3.9, 1.2), versicolor).
label(iris(6.0, 2.7, 5.1, 1.6), versicolor).
label(iris(5.4, 3.0, 4.5, 1.5), versicolor).
label(iris(6.0, 3.4, 4.5, 1.6), versicolor).
label(iris(6.7, 3.1, 4.7, 1.5), versicolor).
label(iris(6.3, 2.3, 4.4, 1.3), versicolor).
label(iris(5.6, 3.0, 4.1, 1.3), versicolor).
label(iris(5.5, 2.5, 4.0, 1.3), versicolor).
label(iris(5.5, 2.6, 4.4, 1.2), versicolor).
label(iris(6.1, 3.0, 4.6, 1.4), versicolor).
label(iris(5.8, 2.6, 4.0, 1.2), versicolor).
label(iris(5.0, 2.3, 3.3, 1.0), versicolor).
label(iris(5.6, 2.7, 4.2, 1.3), versicolor).
label(iris(5.7, 3.0, 4.2, 1.2), versicolor).
label(iris(5.7, 2.9, 4.2, 1.3), versicolor).
label(iris(6.2, 2.9, 4.3, 1.3), versicolor).
label(iris(5.1, 2.5, 3.0, 1.1), versicolor).
label(iris(5.7, 2.8, 4.1, 1.3), versicolor).
label(iris(6.3, 3.3, 6.0, 2.5), virginica).
label(iris(5.8, 2.7, 5.1, 1.9), virginica).
label(iris(7.1, 3.0, 5.9, 2.1), virginica).
label(iris(6.3, 2.9, 5.6, 1.8), virginica).
label(iris(6.5, 3.0, 5.8, 2.2), virginica).
label(iris(7.6, 3.0, 6.6, 2.1), virginica).
label(iris(4.9, 2.5, 4.5, 1.7), virginica).
label(iris(7.3, 2.9, 6.3, 1.8), virginica).
label(iris(6.7, 2.5, 5.8, 1.8), virginica).
label(iris(7.2, 3.6, 6.1, 2.5), virginica).
label(iris(6.5, 3.2, 5.1, 2.0), virginica).
label(iris(6.4, 2.7, 5.3, 1.9), virginica).
label(iris(6.8, 3.0, 5.5, 2.1), virginica).
label(iris(5.7, 2.5, 5.0, 2.0), virginica).
label(iris(5.8, 2.8, 5.1, 2.4), virginica).
label(iris(6.4, 3.2, 5.3, 2.3), virginica).
label(iris(6.5, 3.0, 5.5, 1.8), virginica).
label(iris(7.7, 3.8, 6.7, 2.2), virginica).
label(iris(7.7, 2.6, 6.9, 2.3), virginica).
label(iris(6.0, 2.2, 5.0, 1.5), virginica).
label(iris(6.9, 3.2, 5.7, 2.3), virginica).
label(iris(5.6, 2.8, 4.9, 2.0), virginica).
label(iris(7.7, 2.8, 6.7, 2.0), virginica).
label(iris(6.3, 2.7, 4.9, 1.8), virginica).
label(iris(6.7, 3.3, 5.7, 2.1), virginica).
label(iris(7.2, 3.2, 6.0, 1.8), virginica).
label(iris(6.2, 2.8, 4.8, 1.8), virginica).
label(iris(6.1, 3.0, 4.9, 1.8), virginica).
label(iris(6.4, 2.8, 5.6, 2.1), virginica).
label(iris(7.2, 3.0, 5.8, 1.6), virginica).
label(iris(7.4, 2.8, 6.1, 1.9), virginica).
label(iris(7.9, 3.8, 6.4, 2.0), virginica).
label(iris(6.4, 2.8, 5.6, 2.2), virginica).
label(iris(6.3, 2.8, 5.1, 1.5), virginica).
label(iris(6.1, 2.6, 5.6, 1.4), virginica).
label(iris(7.7, 3.0, 6.1, 2.3), virginica).
label(iris(6.3, 3.4, 5.6, 2.4), virginica).
label(iris(6.4, 3.1, 5.5, 1.8), virginica).
label(iris(6.0, 3.0, 4.8, 1.8), virginica).
label(iris(6.9, 3.1, 5.4, 2.1), virginica).
label(iris(6.7, 3.1, 5.6, 2.4), virginica).
label(iris(6.9, 3.1, 5.1, 2.3), virginica).
label(iris(5.8, 2.7, 5.1, 1.9), virginica).
label(iris(6.8, 3.2, 5.9, 2.3), virginica).
label(iris(6.7, 3.3, 5.7, 2.5), virginica).
label(iris(6.7, 3.0, 5.2, 2.3), virginica).
label(iris(6.3, 2.5, 5.0, 1.9), virginica).
label(iris(6.5, 3.0, 5.2, 2.0), virginica).
label(iris(6.2, 3.4, 5.4, 2.3), virginica).
label(iris(5.9, 3.0, 5.1, 1.8), virginica).

% a flower to put in a cluster
instance(iris(6.0, 3.0, 4.8, 1.8)).
