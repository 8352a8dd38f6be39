"""Data sets for the attribute-value learners: from a knowledge base, CSV or a DataFrame."""

from symlearn.data.attribute_value import (
    MISSING,
    Attribute,
    AttributeValueData,
    from_kb,
    instance_from_atom,
)

__all__ = ["MISSING", "Attribute", "AttributeValueData", "from_kb", "instance_from_atom"]
