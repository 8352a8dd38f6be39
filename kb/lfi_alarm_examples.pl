% Three interpretations (partial observations), ---- between them, as ProbLog's lfi reads them.
evidence(burglary,false).
evidence(alarm,false).
----
evidence(earthquake,false).
evidence(alarm,true).
evidence(burglary,true).
----
evidence(burglary,false).
