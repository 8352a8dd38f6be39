"""Clustering: k-means, agglomerative and divisive hierarchies, EM over a finite mixture.

Learners (each on the learner protocol, needing no class: ``UNSUPERVISED``):

- :mod:`~symlearn.learners.clustering.k_means`: k-means (``k-means``);

Machinery: :mod:`~symlearn.learners.clustering.space` (the instances as
points with Witten & Frank's distance; each cluster's most specific
conjunction) and :mod:`~symlearn.learners.clustering.results` (what every
clusterer reports).  Witten & Frank, *Data Mining*, sections 4.8 and 6.6.
"""
