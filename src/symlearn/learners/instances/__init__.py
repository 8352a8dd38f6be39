"""Instance-based learners: k-nearest neighbour.

Entry points
------------
knn
    :func:`~symlearn.learners.instances.knn.nearest_neighbours` (k-NN, distance-weighted
    k-NN, regression by the neighbours' mean) and its learner ``symlearn learn knn``.
distances
    :class:`~symlearn.learners.instances.distances.Metric` (euclidean/manhattan,
    overlap/MVDM, missing values, attribute weights) and
    :func:`~symlearn.learners.instances.distances.nearest` (k-d tree or numpy).
feature_weights
    :func:`~symlearn.learners.instances.feature_weights.gain_weights` (information gain,
    gain ratio) and :func:`~symlearn.learners.instances.feature_weights.parse_weights`.

References
----------
Mitchell (1997) ch. 8; Witten & Frank (2005) sections 4.7 and 6.4.
"""
