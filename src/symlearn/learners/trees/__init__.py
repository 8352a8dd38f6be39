"""Decision trees and one-attribute rules (Mitchell 1997, ch. 3; Quinlan 1986, 1993).

Learners (each on the learner protocol: ``SETTINGS``, ``learn(task, settings)``,
``SUMMARY``, ``EXAMPLE``), with their algorithm as a plain function:

- :mod:`~symlearn.learners.trees.id3`: ID3 by information gain (``id3``);
- :mod:`~symlearn.learners.trees.c45`: C4.5 with gain ratio, continuous
  thresholds, fractional missing values and rule post-pruning (``c45``,
  ``c45_rules``);
- :mod:`~symlearn.learners.trees.cart`: CART's binary trees by Gini impurity
  (Breiman et al. 1984; ``cart``);
- :mod:`~symlearn.learners.trees.one_r`: Holte's OneR (1993; ``one_r``).

Machinery: :mod:`~symlearn.learners.trees.growing` (top-down induction, one
level at a time with numpy; :mod:`~symlearn.learners.trees.assembly` makes
the nodes of the grown levels), :mod:`~symlearn.learners.trees.split_search`,
:mod:`~symlearn.learners.trees.selection` and
:mod:`~symlearn.learners.trees.impurity` (selection measures),
:mod:`~symlearn.learners.trees.significance` (chi-square pre-pruning),
:mod:`~symlearn.learners.trees.costs` (attribute costs),
:mod:`~symlearn.learners.trees.reduced_error_pruning`,
:mod:`~symlearn.learners.trees.rule_post_pruning`,
:mod:`~symlearn.learners.trees.masks` (which examples a rule covers),
:mod:`~symlearn.learners.trees.settings`, :mod:`~symlearn.learners.trees.runs`
and :mod:`~symlearn.learners.trees.results` (what ``symlearn learn id3`` ...
computes and reports).
"""
