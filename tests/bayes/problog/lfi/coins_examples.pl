evidence(heads(c1), true). evidence(heads(c2), false).
evidence(lucky, true).
----
evidence(heads(c1), true). evidence(heads(c3), true).
----
evidence(heads(c2), false). evidence(lucky, false).
----
evidence(heads(c1), false). evidence(lucky, true).
