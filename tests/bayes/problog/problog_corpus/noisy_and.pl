0.9::works(X) :- component(X).
component(cpu). component(ram). component(disk).
0.95::boots :- works(cpu), works(ram), works(disk).
evidence(boots, false).
query(works(_)).
