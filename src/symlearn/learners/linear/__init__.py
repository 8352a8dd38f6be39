"""Linear models and networks: least squares, perceptron, delta rule, backpropagation, SVMs.

Entry points (each module is a learner of ``symlearn learn``)
--------------------------------------------------------------
linear_regression
    :func:`~symlearn.learners.linear.linear_regression.least_squares` (least squares;
    multiresponse linear regression for classes).
perceptron
    :func:`~symlearn.learners.linear.perceptron.perceptron` (the perceptron training rule).
delta_rule
    :func:`~symlearn.learners.linear.delta_rule.delta_rule` (stochastic or batch gradient
    descent on the squared error).
backpropagation
    :func:`~symlearn.learners.linear.backpropagation.backpropagation` (sigmoid units,
    momentum, stochastic gradient descent).
svm
    :func:`~symlearn.learners.linear.svm.support_vector_machine` (SMO, linear or polynomial
    kernel, pairwise for more classes).

Machinery
---------
models
    :class:`~symlearn.learners.linear.models.LinearModel`: weights, equations, LaTeX, clauses.
epochs, gradient
    The perceptron and delta rules' epochs, when to stop, training units epoch by epoch.
smo
    :func:`~symlearn.learners.linear.smo.smo`: the SVM's dual by sequential minimal optimisation.
runs
    Targets, settings and the result shared by the family.

References
----------
Mitchell (1997) ch. 4; Witten & Frank (2005) sections 4.6 and 6.3.
"""
