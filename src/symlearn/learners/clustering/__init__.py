"""Clustering: k-means, agglomerative and divisive hierarchies, EM over a finite mixture.

Learners (each on the learner protocol, needing no class: ``UNSUPERVISED``),
with their algorithm as a plain function:

- :mod:`~symlearn.learners.clustering.k_means`: k-means (``k-means``;
  ``k_means``, ``initial_centres``);
- :mod:`~symlearn.learners.clustering.agglomerative`: agglomerative
  clustering (``agglomerative``; the merges by
  :func:`~symlearn.learners.clustering.hierarchy.agglomerate`);
- :mod:`~symlearn.learners.clustering.divisive`: divisive clustering
  (``divisive``; ``divide``, ``coherence``);
- :mod:`~symlearn.learners.clustering.em_clustering`: EM over a mixture of
  normal and categorical distributions (``em-clustering``; ``expectation``,
  ``maximisation``, ``expectation_maximisation``).

Machinery: :mod:`~symlearn.learners.clustering.space` (the instances as
points with Witten & Frank's distance; each cluster's most specific
conjunction), :mod:`~symlearn.learners.clustering.hierarchy` (linkages, the
tree and its cuts) and :mod:`~symlearn.learners.clustering.results` (what
every clusterer reports).  Witten & Frank, *Data Mining*, sections 4.8 and 6.6.
"""
