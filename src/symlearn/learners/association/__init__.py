"""Association rules: frequent item sets by Apriori and the rules they give.

Entry points: :func:`~symlearn.learners.association.apriori.learn` (the
learner ``apriori``), :func:`~.frequent_itemsets.frequent_itemsets` (Apriori's
level-wise search), :func:`~.association_rules.association_rules` (the rules
of the frequent item sets) and :func:`~.items.item_table` (a data set's
items).  Witten & Frank, *Data Mining*, section 4.5; Agrawal & Srikant (1994).
"""

from symlearn.learners.association.apriori import AprioriRun, AprioriSettings, learn
from symlearn.learners.association.association_rules import (
    AssociationRule,
    RuleTable,
    association_rules,
)
from symlearn.learners.association.frequent_itemsets import (
    Level,
    frequent_itemsets,
    item_bitmaps,
    minimum_count,
)
from symlearn.learners.association.items import ItemTable, item_table

__all__ = [
    "AprioriRun",
    "AprioriSettings",
    "AssociationRule",
    "ItemTable",
    "Level",
    "RuleTable",
    "association_rules",
    "frequent_itemsets",
    "item_bitmaps",
    "item_table",
    "learn",
    "minimum_count",
]
