evidence(colour(red), true).
evidence(bright, true).
----
evidence(colour(green), true).
----
evidence(bright, false).
----
evidence(colour(red), true).
evidence(bright, false).
----
evidence(bright, true).
