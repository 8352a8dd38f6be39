"""Attribute-value data for the attribute-value learners.

:class:`AttributeValueData` (the attributes, the labelled and unlabelled
instances) comes from a knowledge base
(:func:`symlearn.learning.attribute_data.from_kb`), a CSV file, records or a
DataFrame (:mod:`symlearn.data.tabular`); :mod:`symlearn.data.encoded` turns
it into numpy columns for the learners that count with numpy.
"""

from symlearn.data.attribute_value import (
    MISSING,
    Attribute,
    AttributeValueData,
    Label,
    instance_from_atom,
)

__all__ = ["MISSING", "Attribute", "AttributeValueData", "Label", "instance_from_atom"]
